//! Full unrolling of the loops of a launch-specialised kernel whose trip counts are
//! known: [`unroll_bounded_loops`].
//!
//! Reverse mode needs, in each reverse iteration of a loop, the primal values of that
//! iteration. Once a loop is unrolled, its iterations are straight-line code: the
//! forward re-execution computes every iteration's values once (loads from memory that
//! later iterations overwrite included, since the forward re-execution performs the
//! writes in order, with the barriers), and they stay available to the reverse sweep
//! (in registers, or in the per-thread storage the backends give values that live
//! across barriers). This is the per-thread tape of the loop, in linear time and memory.
//!
//! Trip counts: after [`super::specialize`], loop control usually depends only on
//! constants and thread/block indices. A small integer evaluator runs the kernel's
//! control for every thread of the launch (loads and float data are unknown values);
//! a loop whose condition or bounds it can evaluate in every execution gets its maximum
//! trip count `N` and whether all executions run exactly `N` iterations. When no loop
//! bound, `While` condition or condition of an `If` around a loop depends on the block
//! index, every block runs the same loops the same number of times, and one block is
//! evaluated (large grids, such as 2^20-element reductions, would exceed the budget).
//! * uniform count: the body is copied `N` times (a `While`'s `before` region `N + 1`
//!   times);
//! * varying count (no barrier inside): `N` guarded copies (`if alive && iv < upper`
//!   for a `For`, `alive` false from the first failed test on; for a `While`, a `done`
//!   flag carried through `N + 1` guarded copies of `before` + `after`).
//!
//! Loops the evaluator cannot bound, and loops whose unrolled size would exceed
//! [`MAX_UNROLLED_OPS`], are left alone (reverse mode then replays them or names the
//! reason it cannot).
//!
//! Why it is legal: unrolling with the exact count (or with guards that stop exactly
//! where the loop stops) executes the same ops in the same order with the same values,
//! for every thread of launches with the specialised parameters and dimensions.

use std::collections::{HashMap, HashSet};

use frontend::interp::semantics;
use frontend::interp::LaunchConfig;
use frontend::Diagnostic;

use crate::ir::{BinaryOp, IntPredicate, Kernel, Level, OpId, OpKind, Region, Type, Value};

/// Largest unrolled size (in ops) of one loop.
pub const MAX_UNROLLED_OPS: usize = 12_000;
/// Most ops the trip-count evaluator runs over the whole launch.
const EVAL_BUDGET: u64 = 40_000_000;
/// Most iterations of one loop execution the evaluator follows.
const MAX_TRIPS: u64 = 1 << 14;

/// Trip counts of the kernel's loops over a launch: `(min, max)` per loop executed with
/// known control; loops with unknown control are in `unbounded`.
#[derive(Default, Debug)]
pub struct Trips {
    pub counts: HashMap<OpId, (u64, u64)>,
    pub unbounded: HashSet<OpId>,
}

struct Ev<'a> {
    k: &'a Kernel,
    vals: Vec<Option<u64>>,
    trips: Trips,
    budget: u64,
    block: [u32; 3],
    grid: [u32; 3],
}

struct OutOfBudget;

impl Ev<'_> {
    fn get(&self, v: Value) -> Option<u64> {
        self.vals[v.index()]
    }

    fn set(&mut self, v: Value, x: Option<u64>) {
        let ty = self.k.value_type(v);
        self.vals[v.index()] = x.map(|b| if ty.is_ptr() { b } else { b & ty.mask() });
    }

    fn unbounded(&mut self, op: OpId) {
        if matches!(
            self.k.op(op).kind,
            OpKind::For { .. } | OpKind::While { .. }
        ) {
            self.trips.unbounded.insert(op);
        }
        for r in self.k.op(op).kind.regions() {
            for &o in &r.ops {
                self.unbounded(o);
            }
        }
    }

    fn record(&mut self, op: OpId, n: u64) {
        let e = self.trips.counts.entry(op).or_insert((n, n));
        e.0 = e.0.min(n);
        e.1 = e.1.max(n);
    }

    /// Run a region's ops (the terminator included: its operands are read by the caller).
    fn region(&mut self, r: &Region, tid: [u32; 3]) -> Result<(), OutOfBudget> {
        for &op in &r.ops {
            self.op(op, tid)?;
        }
        Ok(())
    }

    fn term_vals(&self, r: &Region) -> Vec<Option<u64>> {
        match r.ops.last().map(|&o| &self.k.op(o).kind) {
            Some(OpKind::Yield(v)) => v.iter().map(|&x| self.get(x)).collect(),
            Some(OpKind::Condition { cond, args }) => std::iter::once(self.get(*cond))
                .chain(args.iter().map(|&x| self.get(x)))
                .collect(),
            _ => Vec::new(),
        }
    }

    fn op(&mut self, op: OpId, tid: [u32; 3]) -> Result<(), OutOfBudget> {
        if self.budget == 0 {
            return Err(OutOfBudget);
        }
        self.budget -= 1;
        let k = self.k;
        let data = k.op(op);
        let res = data.results.first().copied();
        let ty = res.map(|r| k.value_type(r));
        let out: Option<u64> = match &data.kind {
            OpKind::Const { bits } => Some(*bits),
            OpKind::Binary(b, x, y) if !b.is_float() => match (self.get(*x), self.get(*y), ty) {
                (Some(a), Some(c), Some(t)) if !t.is_ptr() => semantics::binary(*b, t, a, c).ok(),
                _ => None,
            },
            OpKind::Unary(u, x) if u.is_int() => match (self.get(*x), ty) {
                (Some(a), Some(t)) => semantics::unary(*u, t, a).ok(),
                _ => None,
            },
            OpKind::ICmp(p, x, y) => match (self.get(*x), self.get(*y)) {
                (Some(a), Some(c)) => Some(u64::from(semantics::icmp(*p, k.value_type(*x), a, c))),
                _ => None,
            },
            OpKind::Select {
                cond,
                if_true,
                if_false,
            } => match self.get(*cond) {
                Some(c) => self.get(if c & 1 == 1 { *if_true } else { *if_false }),
                None => None,
            },
            OpKind::Cast(c, x) => match (self.get(*x), ty) {
                (Some(a), Some(t)) if !t.is_float() && !k.value_type(*x).is_float() => {
                    let from = k.value_type(*x);
                    if t.is_ptr() || from.is_ptr() {
                        None
                    } else {
                        Some(semantics::cast(*c, from, t, a))
                    }
                }
                _ => None,
            },
            OpKind::LaneId => {
                let lin = tid[0] + self.block[0] * (tid[1] + self.block[1] * tid[2]);
                Some(u64::from(lin % 32))
            }
            OpKind::If {
                cond,
                then_region,
                else_region,
            } => {
                match self.get(*cond) {
                    Some(c) => {
                        let r = if c & 1 == 1 { then_region } else { else_region };
                        self.region(r, tid)?;
                        let vals = self.term_vals(r);
                        for (i, &res) in data.results.iter().enumerate() {
                            self.set(res, vals.get(i).copied().flatten());
                        }
                    }
                    None => {
                        self.unbounded(op);
                        for &res in &data.results {
                            self.set(res, None);
                        }
                    }
                }
                return Ok(());
            }
            OpKind::For {
                lower,
                upper,
                step,
                inits,
                body,
            } => {
                let it = k.value_type(*lower);
                let (lo, hi, st) = (self.get(*lower), self.get(*upper), self.get(*step));
                let mut carried: Vec<Option<u64>> = inits.iter().map(|&v| self.get(v)).collect();
                let (Some(lo), Some(hi), Some(st)) = (lo, hi, st) else {
                    self.unbounded(op);
                    for &res in &data.results {
                        self.set(res, None);
                    }
                    return Ok(());
                };
                let mut iv = lo;
                let mut n = 0;
                while semantics::sext(iv, it) < semantics::sext(hi, it) {
                    n += 1;
                    if n > MAX_TRIPS || st & it.mask() == 0 {
                        self.unbounded(op);
                        for &res in &data.results {
                            self.set(res, None);
                        }
                        return Ok(());
                    }
                    self.set(body.args[0], Some(iv));
                    for (a, c) in body.args[1..].iter().zip(&carried) {
                        self.set(*a, *c);
                    }
                    self.region(body, tid)?;
                    carried = self.term_vals(body);
                    let next = iv.wrapping_add(st) & it.mask();
                    if semantics::sext(next, it) <= semantics::sext(iv, it) {
                        // Wrapped around: leave such loops alone.
                        self.unbounded(op);
                        for &res in &data.results {
                            self.set(res, None);
                        }
                        return Ok(());
                    }
                    iv = next;
                }
                self.record(op, n);
                for (i, &res) in data.results.iter().enumerate() {
                    self.set(res, carried.get(i).copied().flatten());
                }
                return Ok(());
            }
            OpKind::While {
                inits,
                before,
                after,
            } => {
                let mut state: Vec<Option<u64>> = inits.iter().map(|&v| self.get(v)).collect();
                let mut n = 0;
                loop {
                    for (a, c) in before.args.iter().zip(&state) {
                        self.set(*a, *c);
                    }
                    self.region(before, tid)?;
                    let c = self.term_vals(before);
                    match c.first().copied().flatten() {
                        None => {
                            self.unbounded(op);
                            for &res in &data.results {
                                self.set(res, None);
                            }
                            return Ok(());
                        }
                        Some(x) if x & 1 == 0 => {
                            for (i, &res) in data.results.iter().enumerate() {
                                self.set(res, c.get(i + 1).copied().flatten());
                            }
                            break;
                        }
                        Some(_) => {
                            n += 1;
                            if n > MAX_TRIPS {
                                self.unbounded(op);
                                for &res in &data.results {
                                    self.set(res, None);
                                }
                                return Ok(());
                            }
                            for (a, v) in after.args.iter().zip(&c[1..]) {
                                self.set(*a, *v);
                            }
                            self.region(after, tid)?;
                            state = self.term_vals(after);
                        }
                    }
                }
                self.record(op, n);
                return Ok(());
            }
            OpKind::Parallel { level, body } => {
                match level {
                    Level::Grid => {
                        let g = self.grid;
                        for z in 0..g[2] {
                            for y in 0..g[1] {
                                for x in 0..g[0] {
                                    for (a, v) in body.args.iter().zip([x, y, z]) {
                                        self.set(*a, Some(u64::from(v)));
                                    }
                                    self.region(body, tid)?;
                                }
                            }
                        }
                    }
                    Level::Block => {
                        let b = self.block;
                        for z in 0..b[2] {
                            for y in 0..b[1] {
                                for x in 0..b[0] {
                                    for (a, v) in body.args.iter().zip([x, y, z]) {
                                        self.set(*a, Some(u64::from(v)));
                                    }
                                    self.region(body, [x, y, z])?;
                                }
                            }
                        }
                    }
                }
                return Ok(());
            }
            _ => None,
        };
        for (i, &r) in data.results.iter().enumerate() {
            self.set(r, if i == 0 { out } else { None });
        }
        Ok(())
    }
}

/// Trip counts of every loop of `kernel` over a launch with `config` (`None` when the
/// evaluation would be too long).
/// When no loop's control depends on the block index, every block runs its loops the
/// same number of times, so one block is evaluated (block 0): large grids then cost
/// the evaluator one block's threads instead of the whole launch.
pub fn trip_counts(kernel: &Kernel, config: &LaunchConfig) -> Option<Trips> {
    let grid = if loop_control_depends_on_block(kernel) {
        config.grid
    } else {
        [1, 1, 1]
    };
    let mut ev = Ev {
        k: kernel,
        vals: vec![None; kernel.values.len()],
        trips: Trips::default(),
        budget: EVAL_BUDGET,
        block: config.block,
        grid,
    };
    ev.region(&kernel.body, [0, 0, 0]).ok()?;
    Some(ev.trips)
}

/// Whether some loop of the kernel may run a different number of times in different
/// blocks: a loop bound or `While` condition, or the condition of an `If` around a loop,
/// depends (through data, carried loop values and `If` results) on the grid-level
/// parallel indices. Conservative: any dependence counts, even one that cannot change a
/// trip count. (Loads are unknown to the evaluator in every block alike, so they need no
/// tracking here.)
fn loop_control_depends_on_block(k: &Kernel) -> bool {
    let mut dep = vec![false; k.values.len()];
    let term = |r: &Region| -> Vec<Value> {
        match r.ops.last().map(|&o| &k.op(o).kind) {
            Some(OpKind::Yield(v)) => v.clone(),
            Some(OpKind::Condition { cond, args }) => {
                std::iter::once(*cond).chain(args.iter().copied()).collect()
            }
            _ => Vec::new(),
        }
    };
    // Ops reachable from the body (the arena may hold unlinked ops).
    let mut all = Vec::new();
    fn walk(k: &Kernel, r: &Region, out: &mut Vec<OpId>) {
        for &o in &r.ops {
            out.push(o);
            for sub in k.op(o).kind.regions() {
                walk(k, sub, out);
            }
        }
    }
    walk(k, &k.body, &mut all);
    loop {
        let mut changed = false;
        let mut mark = |dep: &mut Vec<bool>, v: Value| {
            if !dep[v.index()] {
                dep[v.index()] = true;
                changed = true;
            }
        };
        for &o in &all {
            let data = k.op(o);
            match &data.kind {
                OpKind::Parallel {
                    level: Level::Grid,
                    body,
                } => {
                    for &a in &body.args {
                        mark(&mut dep, a);
                    }
                }
                OpKind::Parallel { .. } => {}
                OpKind::For {
                    lower,
                    upper,
                    step,
                    inits,
                    body,
                } => {
                    let ctl = [lower, upper, step].iter().any(|v| dep[v.index()]);
                    let y = term(body);
                    if ctl {
                        for &a in &body.args {
                            mark(&mut dep, a);
                        }
                    }
                    for (i, &init) in inits.iter().enumerate() {
                        let d =
                            ctl || dep[init.index()] || y.get(i).is_some_and(|v| dep[v.index()]);
                        if d {
                            if let Some(&a) = body.args.get(i + 1) {
                                mark(&mut dep, a);
                            }
                            if let Some(&r) = data.results.get(i) {
                                mark(&mut dep, r);
                            }
                        }
                    }
                }
                OpKind::While {
                    inits,
                    before,
                    after,
                } => {
                    let c = term(before);
                    let y = term(after);
                    let ctl = c.first().is_some_and(|v| dep[v.index()]);
                    for (i, &init) in inits.iter().enumerate() {
                        if dep[init.index()] || y.get(i).is_some_and(|v| dep[v.index()]) {
                            if let Some(&a) = before.args.get(i) {
                                mark(&mut dep, a);
                            }
                        }
                    }
                    for (i, v) in c.iter().skip(1).enumerate() {
                        if ctl || dep[v.index()] {
                            if let Some(&a) = after.args.get(i) {
                                mark(&mut dep, a);
                            }
                            if let Some(&r) = data.results.get(i) {
                                mark(&mut dep, r);
                            }
                        }
                    }
                }
                OpKind::If {
                    cond,
                    then_region,
                    else_region,
                } => {
                    let (t, e) = (term(then_region), term(else_region));
                    for (i, &r) in data.results.iter().enumerate() {
                        let d = dep[cond.index()]
                            || t.get(i).is_some_and(|v| dep[v.index()])
                            || e.get(i).is_some_and(|v| dep[v.index()]);
                        if d {
                            mark(&mut dep, r);
                        }
                    }
                }
                kind => {
                    let mut any = false;
                    kind.for_each_operand(|v| any |= dep[v.index()]);
                    if any {
                        for &r in &data.results {
                            mark(&mut dep, r);
                        }
                    }
                }
            }
        }
        if !changed {
            break;
        }
    }
    let has_loop = |o: OpId| {
        let mut found = false;
        let mut inner = Vec::new();
        for r in k.op(o).kind.regions() {
            walk(k, r, &mut inner);
        }
        for i in inner {
            found |= matches!(k.op(i).kind, OpKind::For { .. } | OpKind::While { .. });
        }
        found
    };
    all.iter().any(|&o| match &k.op(o).kind {
        OpKind::For {
            lower, upper, step, ..
        } => [lower, upper, step].iter().any(|v| dep[v.index()]),
        OpKind::While { before, .. } => term(before).first().is_none_or(|v| dep[v.index()]),
        OpKind::If { cond, .. } => dep[cond.index()] && has_loop(o),
        _ => false,
    })
}

fn has_barrier(k: &Kernel, op: OpId) -> bool {
    k.op(op).kind.regions().iter().any(|r| {
        r.ops.iter().any(|&o| {
            matches!(
                k.op(o).kind,
                OpKind::Barrier { .. } | OpKind::Shuffle { .. } | OpKind::Vote { .. }
            ) || has_barrier(k, o)
        })
    })
}

/// Decide which loops to unroll (bottom-up sizes); gives the size of `op` after.
fn plan(
    k: &Kernel,
    op: OpId,
    trips: &Trips,
    want: &dyn Fn(OpId) -> bool,
    out: &mut HashMap<OpId, (u64, bool)>,
) -> usize {
    let inner: usize = k
        .op(op)
        .kind
        .regions()
        .iter()
        .map(|r| {
            r.ops
                .iter()
                .map(|&o| plan(k, o, trips, want, out))
                .sum::<usize>()
        })
        .sum();
    let is_loop = matches!(k.op(op).kind, OpKind::For { .. } | OpKind::While { .. });
    if !is_loop || trips.unbounded.contains(&op) || !want(op) {
        return 1 + inner;
    }
    let (min, max) = trips.counts.get(&op).copied().unwrap_or((0, 0));
    let uniform = min == max;
    if !uniform {
        if has_barrier(k, op) {
            return 1 + inner;
        }
        // Guarded copies of a While need placeholders of its result types.
        if matches!(k.op(op).kind, OpKind::While { .. })
            && k.op(op).results.iter().any(|&r| k.value_type(r).is_ptr())
        {
            return 1 + inner;
        }
    }
    let size = (max as usize + 1).saturating_mul(inner + 4);
    if size > MAX_UNROLLED_OPS {
        return 1 + inner;
    }
    out.insert(op, (max, uniform));
    size
}

struct Un<'a> {
    src: &'a Kernel,
    out: Kernel,
    map: Vec<Option<Value>>,
    plan: HashMap<OpId, (u64, bool)>,
}

type R<T> = Result<T, Diagnostic>;

/// Fills a region of an `If` being built; gives the values it yields.
type Fill<'f, 'k> = dyn FnMut(&mut Un<'k>, &mut Vec<OpId>) -> R<Vec<Value>> + 'f;

fn internal(msg: &str) -> Diagnostic {
    Diagnostic::new("internal", format!("unroll: {msg}"))
}

impl<'k> Un<'k> {
    fn v(&self, x: Value) -> R<Value> {
        self.map[x.index()].ok_or_else(|| internal("value used before its definition"))
    }

    fn emit(&mut self, ops: &mut Vec<OpId>, kind: OpKind, tys: &[Type]) -> OpId {
        let id = self.out.create_op(kind, tys, None);
        ops.push(id);
        id
    }

    fn val(&mut self, ops: &mut Vec<OpId>, kind: OpKind, ty: Type) -> Value {
        let id = self.emit(ops, kind, &[ty]);
        self.out.ops[id.index()].results[0]
    }

    fn map_all(&mut self, old: &[Value], new: &[Value]) {
        for (o, n) in old.iter().zip(new) {
            self.map[o.index()] = Some(*n);
        }
    }

    /// Copy a region's ops but its terminator; give the terminator's operands (for a
    /// `Condition`, the condition first).
    fn body(&mut self, r: &Region, ops: &mut Vec<OpId>) -> R<Vec<Value>> {
        let (term, rest) = r.ops.split_last().ok_or_else(|| internal("empty region"))?;
        for &o in rest {
            self.op(o, ops)?;
        }
        let mut out = Vec::new();
        match &self.src.op(*term).kind {
            OpKind::Yield(v) => {
                for &x in v {
                    out.push(self.v(x)?);
                }
            }
            OpKind::Condition { cond, args } => {
                out.push(self.v(*cond)?);
                for &x in args {
                    out.push(self.v(x)?);
                }
            }
            _ => return Err(internal("region without terminator")),
        }
        Ok(out)
    }

    fn op(&mut self, old: OpId, ops: &mut Vec<OpId>) -> R<()> {
        if let Some(&(n, uniform)) = self.plan.get(&old) {
            return self.unroll(old, n, uniform, ops);
        }
        let data = self.src.op(old).clone();
        let id = self.out.create_op(OpKind::Yield(Vec::new()), &[], data.loc);
        ops.push(id);
        for &r in &data.results {
            let n = self.out.add_result(id, self.src.value_type(r));
            self.map[r.index()] = Some(n);
        }
        let mut kind = data.kind.clone();
        let mut bad = false;
        kind.for_each_operand_mut(|v| match self.map[v.index()] {
            Some(n) => *v = n,
            None => bad = true,
        });
        if bad {
            return Err(internal("operand before its definition"));
        }
        let mut regions = Vec::new();
        for (i, r) in data.kind.regions().into_iter().enumerate() {
            let mut args = Vec::new();
            for &a in &r.args {
                let t = self.src.value_type(a);
                let n = self.out.new_region_arg(id, i as u8, args.len() as u32, t);
                self.map[a.index()] = Some(n);
                args.push(n);
            }
            let mut rops = Vec::new();
            for &o in &r.ops {
                self.op(o, &mut rops)?;
            }
            regions.push(Region { args, ops: rops });
        }
        for (slot, r) in kind.regions_mut().into_iter().zip(regions) {
            *slot = r;
        }
        self.out.op_mut(id).kind = kind;
        Ok(())
    }

    fn types(&self, vals: &[Value]) -> Vec<Type> {
        vals.iter().map(|&v| self.out.value_type(v)).collect()
    }

    /// `if cond { then } else { else }` with results of types `tys`; the closures fill
    /// the regions and give their yielded values.
    fn if_op(
        &mut self,
        ops: &mut Vec<OpId>,
        cond: Value,
        tys: &[Type],
        then_f: &mut Fill<'_, 'k>,
        else_f: &mut Fill<'_, 'k>,
    ) -> R<Vec<Value>> {
        let id = self.emit(ops, OpKind::Yield(Vec::new()), &[]);
        let mut t = Vec::new();
        let ty_ = then_f(self, &mut t)?;
        self.emit(&mut t, OpKind::Yield(ty_), &[]);
        let mut e = Vec::new();
        let ey = else_f(self, &mut e)?;
        self.emit(&mut e, OpKind::Yield(ey), &[]);
        let mut res = Vec::new();
        for &ty in tys {
            res.push(self.out.add_result(id, ty));
        }
        self.out.op_mut(id).kind = OpKind::If {
            cond,
            then_region: Region {
                args: Vec::new(),
                ops: t,
            },
            else_region: Region {
                args: Vec::new(),
                ops: e,
            },
        };
        Ok(res)
    }

    fn unroll(&mut self, old: OpId, n: u64, uniform: bool, ops: &mut Vec<OpId>) -> R<()> {
        let data = self.src.op(old).clone();
        match &data.kind {
            OpKind::For {
                lower,
                upper,
                step,
                inits,
                body,
            } => {
                let (mut iv, hi, st) = (self.v(*lower)?, self.v(*upper)?, self.v(*step)?);
                let ity = self.out.value_type(iv);
                let mut state = inits.iter().map(|&v| self.v(v)).collect::<R<Vec<_>>>()?;
                let tys = self.types(&state);
                // Guarded copies: `alive` stays false once `iv < upper` failed (so a
                // wrapped `iv` in a later copy cannot revive the loop).
                let mut alive = self.val(ops, OpKind::Const { bits: 1 }, Type::I1);
                for k in 0..n {
                    if uniform {
                        self.map[body.args[0].index()] = Some(iv);
                        self.map_all(&body.args[1..], &state);
                        state = self.body(body, ops)?;
                    } else {
                        let lt = self.val(ops, OpKind::ICmp(IntPredicate::Slt, iv, hi), Type::I1);
                        let c = self.val(ops, OpKind::Binary(BinaryOp::And, alive, lt), Type::I1);
                        alive = c;
                        let cur = state.clone();
                        let iv_now = iv;
                        state = self.if_op(
                            ops,
                            c,
                            &tys,
                            &mut |s, b| {
                                s.map[body.args[0].index()] = Some(iv_now);
                                s.map_all(&body.args[1..], &cur);
                                s.body(body, b)
                            },
                            &mut |_, _| Ok(cur.clone()),
                        )?;
                    }
                    if k + 1 < n {
                        iv = self.val(ops, OpKind::Binary(BinaryOp::Add, iv, st), ity);
                    }
                }
                self.map_all(&data.results, &state);
            }
            OpKind::While {
                inits,
                before,
                after,
            } => {
                let mut state = inits.iter().map(|&v| self.v(v)).collect::<R<Vec<_>>>()?;
                if uniform {
                    for _ in 0..n {
                        self.map_all(&before.args, &state);
                        let c = self.body(before, ops)?;
                        self.map_all(&after.args, &c[1..]);
                        state = self.body(after, ops)?;
                    }
                    self.map_all(&before.args, &state);
                    let c = self.body(before, ops)?;
                    self.map_all(&data.results, &c[1..]);
                } else {
                    let stys = self.types(&state);
                    let rtys: Vec<Type> = data
                        .results
                        .iter()
                        .map(|&r| self.src.value_type(r))
                        .collect();
                    let mut done = self.val(ops, OpKind::Const { bits: 0 }, Type::I1);
                    let mut res = Vec::new();
                    for &t in &rtys {
                        res.push(self.val(ops, OpKind::Const { bits: 0 }, t));
                    }
                    let mut all = stys.clone();
                    all.push(Type::I1);
                    all.extend(rtys.iter().copied());
                    for _ in 0..=n {
                        let (cs, cd, cr) = (state.clone(), done, res.clone());
                        let keep: Vec<Value> = cs
                            .iter()
                            .copied()
                            .chain([cd])
                            .chain(cr.iter().copied())
                            .collect();
                        let all2 = all.clone();
                        let out = self.if_op(
                            ops,
                            cd,
                            &all,
                            &mut |_, _| Ok(keep.clone()),
                            &mut |s, b| {
                                s.map_all(&before.args, &cs);
                                let c = s.body(before, b)?;
                                let cargs = c[1..].to_vec();
                                let (cs2, cr2) = (cs.clone(), cr.clone());
                                s.if_op(
                                    b,
                                    c[0],
                                    &all2,
                                    &mut |s, b2| {
                                        s.map_all(&after.args, &cargs);
                                        let mut y = s.body(after, b2)?;
                                        y.push(cd);
                                        y.extend(cr2.iter().copied());
                                        Ok(y)
                                    },
                                    &mut |s, b2| {
                                        let t = s.val(b2, OpKind::Const { bits: 1 }, Type::I1);
                                        let mut y = cs2.clone();
                                        y.push(t);
                                        y.extend(cargs.iter().copied());
                                        Ok(y)
                                    },
                                )
                            },
                        )?;
                        state = out[..stys.len()].to_vec();
                        done = out[stys.len()];
                        res = out[stys.len() + 1..].to_vec();
                    }
                    self.map_all(&data.results, &res);
                }
            }
            _ => return Err(internal("unroll of a non-loop")),
        }
        Ok(())
    }
}

/// `kernel` (launch-specialised) with its bounded loops selected by `want` unrolled
/// (see the module documentation); `None` when nothing was unrolled.
pub fn unroll_bounded_loops(
    kernel: &Kernel,
    config: &LaunchConfig,
    want: &dyn Fn(&Kernel, OpId) -> bool,
) -> R<Option<Kernel>> {
    let has_loop = kernel
        .ops
        .iter()
        .any(|o| matches!(o.kind, OpKind::For { .. } | OpKind::While { .. }));
    if !has_loop {
        return Ok(None);
    }
    let Some(trips) = trip_counts(kernel, config) else {
        return Ok(None);
    };
    let mut decisions = HashMap::new();
    for &o in &kernel.body.ops {
        plan(kernel, o, &trips, &|op| want(kernel, op), &mut decisions);
    }
    if decisions.is_empty() {
        return Ok(None);
    }
    let mut out = Kernel::new(kernel.name.clone(), kernel.display_name.clone());
    let mut map = vec![None; kernel.values.len()];
    for (i, &p) in kernel.params.iter().enumerate() {
        map[p.index()] = Some(out.add_param(kernel.value_type(p), kernel.param_names[i].clone()));
    }
    out.shared = kernel.shared.clone();
    out.locals = kernel.locals.clone();
    let mut un = Un {
        src: kernel,
        out,
        map,
        plan: decisions,
    };
    let mut ops = Vec::new();
    for &o in &kernel.body.ops {
        un.op(o, &mut ops)?;
    }
    un.out.body = Region {
        args: Vec::new(),
        ops,
    };
    let mut out = un.out;
    crate::raising::cleanup::run(&mut out, false)?;
    Ok(Some(out))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::autodiff::test_util::count;
    use crate::builder::Builder;
    use crate::ir::{CastOp, IntPredicate, MemRoot};
    use frontend::ir::AddrSpace;

    const G: Type = Type::Ptr(AddrSpace::Global);

    /// `reduce_shared`'s tree: `sh[t] = x[b * 256 + t]; barrier; for (s = start; s > 0;
    /// s >>= 1) { if (t < s) sh[t] += sh[t + s]; barrier } if (t == 0) x[b * 256] =
    /// sh[0]` with the halving loop as a `While` (f64). `start` is 128, or with
    /// `per_block`, `128 >> (b & 1)` (a trip count that depends on the block).
    fn tree(per_block: bool) -> Kernel {
        let mut b = Builder::new("tree");
        let _x = b.param(G, "x");
        b.grid(|b, [bx, _, _]| {
            let sh = b.shared("sh", 256 * 8, 8);
            b.block(|b, [t, _, _]| {
                let eight = b.i64(8);
                let t64 = b.cast(CastOp::ZExt, t, Type::I64);
                let off = b.bin(BinaryOp::Mul, t64, eight);
                let b64 = b.cast(CastOp::ZExt, bx, Type::I64);
                let c256 = b.i64(256);
                let base = b.bin(BinaryOp::Mul, b64, c256);
                let gi = b.bin(BinaryOp::Add, base, t64);
                let goff = b.bin(BinaryOp::Mul, gi, eight);
                let v = b.load(Type::F64, MemRoot::Param(0), goff);
                b.store(MemRoot::Shared(sh), off, v);
                b.barrier();
                let c128 = b.i32(128);
                let start = if per_block {
                    let one = b.i32(1);
                    let odd = b.bin(BinaryOp::And, bx, one);
                    b.bin(BinaryOp::LShr, c128, odd)
                } else {
                    c128
                };
                b.while_(
                    &[start],
                    &[Type::I32],
                    |b, a| {
                        let z = b.i32(0);
                        (b.icmp(IntPredicate::Sgt, a[0], z), vec![a[0]])
                    },
                    |b, a| {
                        let s = a[0];
                        let c = b.icmp(IntPredicate::Ult, t, s);
                        b.if_(
                            c,
                            &[],
                            |b| {
                                let ts = b.bin(BinaryOp::Add, t, s);
                                let ts64 = b.cast(CastOp::ZExt, ts, Type::I64);
                                let eight = b.i64(8);
                                let soff = b.bin(BinaryOp::Mul, ts64, eight);
                                let p = b.load(Type::F64, MemRoot::Shared(sh), soff);
                                let q = b.load(Type::F64, MemRoot::Shared(sh), off);
                                let r = b.bin(BinaryOp::FAdd, q, p);
                                b.store(MemRoot::Shared(sh), off, r);
                                vec![]
                            },
                            |_| vec![],
                        );
                        b.barrier();
                        let one = b.i32(1);
                        vec![b.bin(BinaryOp::LShr, s, one)]
                    },
                );
                let z = b.i32(0);
                let first = b.icmp(IntPredicate::Eq, t, z);
                b.if_(
                    first,
                    &[],
                    |b| {
                        let z64 = b.i64(0);
                        let r = b.load(Type::F64, MemRoot::Shared(sh), z64);
                        let boff = b.bin(BinaryOp::Mul, base, eight);
                        b.store(MemRoot::Param(0), boff, r);
                        vec![]
                    },
                    |_| vec![],
                );
            });
        });
        b.finish()
    }

    fn config(blocks: u32) -> LaunchConfig {
        LaunchConfig {
            grid: [blocks, 1, 1],
            block: [256, 1, 1],
            dynamic_shared_bytes: 0,
        }
    }

    fn loops(k: &Kernel) -> usize {
        count(k, &|o| {
            matches!(o, OpKind::For { .. } | OpKind::While { .. })
        })
    }

    /// At `reduce_shared`'s benchmark size (2^20 elements, 4096 blocks; here 2^16
    /// blocks), the trip count of the tree loop is found from one block (the whole launch
    /// exceeds the evaluator's budget), so reverse mode unrolls it: the adjoint has no
    /// loop (no replay).
    #[test]
    fn tree_loop_of_a_large_grid_is_unrolled_in_the_adjoint() {
        let k = tree(false);
        let cfg = config(1 << 16);
        assert!(!loop_control_depends_on_block(&k));
        let trips = trip_counts(&k, &cfg).expect("evaluated");
        let counts: Vec<(u64, u64)> = trips.counts.values().copied().collect();
        assert_eq!(counts, vec![(8, 8)]);
        assert!(trips.unbounded.is_empty());
        let adj = crate::autodiff::vjp_kernel_for_launch(&k, &cfg, &[None]).unwrap();
        assert_eq!(loops(&k), 1);
        assert_eq!(loops(&adj), 0, "the adjoint replays the tree loop");
        // Without unrolling the adjoint replays: a loop to count the iterations, one
        // to reverse them, and a replay loop inside.
        let plain = crate::autodiff::vjp_kernel(&k).unwrap();
        assert!(loops(&plain) >= 3);
    }

    /// A trip count that depends on the block index: every block is evaluated.
    #[test]
    fn per_block_trip_counts_evaluate_every_block() {
        let k = tree(true);
        assert!(loop_control_depends_on_block(&k));
        let trips = trip_counts(&k, &config(4)).expect("evaluated");
        let counts: Vec<(u64, u64)> = trips.counts.values().copied().collect();
        assert_eq!(counts, vec![(7, 8)]);
        // The loop has a barrier and a varying count: it is not unrolled.
        let u = unroll_bounded_loops(&k, &config(4), &|_, _| true).unwrap();
        assert!(u.is_none());
    }

    /// The adjoint of the unrolled tree is right: every element's cotangent is the
    /// cotangent of its block's sum (one block on the interpreter, f64).
    #[test]
    fn unrolled_tree_adjoint_values() {
        let k = tree(false);
        let adj = crate::autodiff::vjp_kernel_for_launch(&k, &config(1), &[None]).unwrap();
        let x: Vec<f64> = (0..256).map(|i| 0.25 + f64::from(i)).collect();
        let mut dx = vec![0.0; 256];
        dx[0] = 1.5;
        let out = crate::autodiff::test_util::run_f64(&adj, 256, &[x, dx], 0);
        // x[0] is overwritten with the sum: its cotangent before the launch is the
        // cotangent of the sum, 1.5, for every element.
        assert!(out[1].iter().all(|&d| d == 1.5), "{:?}", &out[1][..8]);
    }
}
