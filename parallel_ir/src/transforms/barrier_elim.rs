//! Barrier elimination: remove a block barrier when no memory access before it can
//! conflict with an access after it made by a *different* thread of the block.
//!
//! # Why it is legal
//! A `__syncthreads()` only orders memory accesses of different threads of one block
//! (a thread's own accesses are ordered by program order anyway). Its effects are the
//! accesses of its neighbourhood (see [`crate::effects::barrier_neighbourhood`]: back to
//! the previous barrier, forward to the next, around enclosing loops). If for every pair
//! (A before, B after) with at least one write, no two distinct threads t1 != t2 can have
//! A(t1) and B(t2) touch a common byte, then every interleaving the barrier allowed
//! gives the same memory and values, so the barrier can go. Barriers are decided one at
//! a time in program order and the neighbourhoods recomputed after each removal (removing
//! one merges its neighbours' neighbourhoods).
//!
//! # The conflict test
//! * Read/read never conflicts; different shared allocations, shared vs. global and local
//!   memory never alias; local (per-thread) memory never conflicts across threads; two
//!   different pointer parameters may alias (kept) unless `noalias_params` says the launch
//!   binds them to distinct buffers; an access through a pointer of unknown root may touch
//!   anything in its address space (kept), and nothing in another: CUDA's global, shared
//!   and local spaces are disjoint, so a `ptr.global` access never meets shared memory.
//! * Same root: both byte offsets are decomposed into affine forms
//!   `c . tid + sum k_s * s + d` where `tid` are the thread indices of the enclosing thread
//!   `Parallel` and the symbols `s` are values defined *outside* the thread region (kernel
//!   parameters, block indices, grid-level values, launch dimensions, and pure functions of
//!   those computed inside the thread region), which are the same for every thread and
//!   every dynamic instance in one block. Values computed inside the thread region that
//!   are not affine in those (loop variables, loaded values, products of thread indices)
//!   make the offsets incomparable (kept). Index arithmetic is assumed not to wrap
//!   (as the `nsw`/`inbounds` arithmetic it is raised from).
//! * The symbolic parts must cancel; then, with the block size known (`block_dims`), every
//!   pair of distinct threads is checked exhaustively for byte overlap (through a map from
//!   the bytes one side touches to the threads touching them: linear in the block size), honouring enclosing `if` guards that compare affine functions of the thread
//!   index (other guards are assumed true, which is conservative). Without a known block
//!   size nothing is removed.
//!
//! The launch's block size is a compile-time fact here: a kernel transformed with
//! `block_dims = Some(d)` must only be launched with block size `d`. (z3 is not used: the
//! exhaustive test is exact for the affine, guard-free or tid-guarded cases, and the cases
//! it cannot decide involve symbols only an SMT query over loop variables could relate.)

use std::collections::BTreeMap;

use crate::effects::{
    barrier_neighbourhood, path_to, roots_may_alias, spaces_disjoint, Access, AccessLoc, Extent,
};
use crate::ir::*;
use crate::print::{op_to_string_with, Namer};
use frontend::interp::semantics;

/// Options of the pass.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BarrierElimOptions {
    /// The block size of the launch (x, y, z), if the kernel is specialised to it.
    pub block_dims: Option<[u32; 3]>,
    /// Distinct pointer parameters point into distinct buffers (true when the launch binds
    /// each to its own spec buffer, or the source declares them `__restrict__`).
    pub noalias_params: bool,
}

/// What happened to one barrier.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BarrierReport {
    pub barrier: OpId,
    /// The barrier op, printed (before the pass).
    pub text: String,
    pub removed: bool,
    /// Why it was removed or kept.
    pub reason: String,
}

/// Per-kernel result of the pass (for `raise emit --stats`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BarrierElimStats {
    pub kernel: String,
    pub barriers: Vec<BarrierReport>,
}

impl BarrierElimStats {
    pub fn found(&self) -> usize {
        self.barriers.len()
    }
    pub fn removed(&self) -> usize {
        self.barriers.iter().filter(|b| b.removed).count()
    }
    pub fn kept(&self) -> usize {
        self.found() - self.removed()
    }
}

impl std::fmt::Display for BarrierElimStats {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(
            f,
            "kernel {}: {} barriers, {} removed, {} kept",
            self.kernel,
            self.found(),
            self.removed(),
            self.kept()
        )?;
        for b in &self.barriers {
            writeln!(
                f,
                "  {} '{}': {}",
                if b.removed { "removed" } else { "kept" },
                b.text,
                b.reason
            )?;
        }
        Ok(())
    }
}

/// Remove the barriers of `kernel` that order no conflicting accesses; report on each.
pub fn eliminate_barriers(kernel: &mut Kernel, opts: &BarrierElimOptions) -> BarrierElimStats {
    let namer = Namer::new(kernel);
    let mut stats = BarrierElimStats {
        kernel: kernel.display_name.clone(),
        barriers: Vec::new(),
    };
    for barrier in barriers_in_order(kernel) {
        let mut text = op_to_string_with(kernel, &namer, barrier);
        match kernel.op(barrier).loc {
            Some(loc) => text.push_str(&format!(" (line {}:{})", loc.line, loc.col)),
            None => text.push_str(&format!(" (op{})", barrier.0)),
        }
        let decision = decide(kernel, barrier, opts);
        let removed = decision.is_ok();
        if removed {
            remove_op(kernel, barrier);
        }
        stats.barriers.push(BarrierReport {
            barrier,
            text,
            removed,
            reason: match decision {
                Ok(why) | Err(why) => why,
            },
        });
    }
    stats
}

/// The barrier ops of the kernel in program order.
fn barriers_in_order(kernel: &Kernel) -> Vec<OpId> {
    fn walk(kernel: &Kernel, region: &Region, out: &mut Vec<OpId>, depth: usize) {
        for &op in &region.ops {
            let Some(data) = kernel.ops.get(op.index()) else {
                continue;
            };
            if matches!(data.kind, OpKind::Barrier { .. }) {
                out.push(op);
            }
            if depth < 10_000 {
                for r in data.kind.regions() {
                    walk(kernel, r, out, depth + 1);
                }
            }
        }
    }
    let mut out = Vec::new();
    walk(kernel, &kernel.body, &mut out, 0);
    out
}

fn remove_op(kernel: &mut Kernel, op: OpId) {
    let Some(path) = path_to(kernel, op) else {
        return;
    };
    let Some(last) = path.last().copied() else {
        return;
    };
    let region = match last.owner {
        None => Some(&mut kernel.body),
        Some(owner) => kernel.ops[owner.index()]
            .kind
            .regions_mut()
            .into_iter()
            .nth(last.region as usize),
    };
    if let Some(r) = region {
        if r.ops.get(last.pos) == Some(&op) {
            r.ops.remove(last.pos);
        }
    }
}

/// `Ok(reason)`: removable; `Err(reason)`: must stay.
fn decide(kernel: &Kernel, barrier: OpId, opts: &BarrierElimOptions) -> Result<String, String> {
    let OpKind::Barrier { kind, .. } = &kernel.op(barrier).kind else {
        return Err("not a barrier".into());
    };
    if *kind != BarrierKind::Sync || !kernel.op(barrier).results.is_empty() {
        return Err(format!("barrier.{kind} reduces a predicate over the block"));
    }
    let path = path_to(kernel, barrier).ok_or("barrier not placed in the kernel")?;
    let block_op = path
        .iter()
        .rev()
        .filter_map(|s| s.owner)
        .find(|&o| {
            matches!(
                kernel.op(o).kind,
                OpKind::Parallel {
                    level: Level::Block,
                    ..
                }
            )
        })
        .ok_or("barrier outside a thread parallel")?;
    let hood = barrier_neighbourhood(kernel, barrier).ok_or("barrier not placed")?;
    let namer = Namer::new(kernel);
    let ctx = Ctx::new(kernel, &namer, block_op, opts);
    let mut pairs = 0usize;
    for a in &hood.before.accesses {
        for b in &hood.after.accesses {
            if !a.write && !b.write {
                continue;
            }
            pairs += 1;
            if let Err(why) = ctx.cross_thread_conflict_free(a, b) {
                return Err(format!(
                    "'{}' before and '{}' after: {why}",
                    op_to_string_with(kernel, &namer, a.op),
                    op_to_string_with(kernel, &namer, b.op)
                ));
            }
        }
    }
    Ok(if pairs == 0 {
        "no write on either side conflicts (no read/write or write/write pair)".into()
    } else {
        format!("{pairs} read/write or write/write pairs, none touching the same bytes from different threads")
    })
}

/// `c . tid + sum syms + konst`.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
struct Affine {
    konst: i64,
    tid: [i64; 3],
    syms: BTreeMap<u32, i64>,
}

impl Affine {
    fn constant(c: i64) -> Affine {
        Affine {
            konst: c,
            ..Default::default()
        }
    }
    fn add(&self, o: &Affine, sign: i64) -> Option<Affine> {
        let mut r = self.clone();
        r.konst = r.konst.checked_add(o.konst.checked_mul(sign)?)?;
        for i in 0..3 {
            r.tid[i] = r.tid[i].checked_add(o.tid[i].checked_mul(sign)?)?;
        }
        for (&s, &k) in &o.syms {
            let e = r.syms.entry(s).or_insert(0);
            *e = e.checked_add(k.checked_mul(sign)?)?;
        }
        r.syms.retain(|_, k| *k != 0);
        Some(r)
    }
    fn scale(&self, f: i64) -> Option<Affine> {
        let mut r = self.clone();
        r.konst = r.konst.checked_mul(f)?;
        for t in &mut r.tid {
            *t = t.checked_mul(f)?;
        }
        for k in r.syms.values_mut() {
            *k = k.checked_mul(f)?;
        }
        r.syms.retain(|_, k| *k != 0);
        Some(r)
    }
    fn as_const(&self) -> Option<i64> {
        (self.tid == [0; 3] && self.syms.is_empty()).then_some(self.konst)
    }
    fn eval(&self, t: [i64; 3]) -> i64 {
        self.konst
            .wrapping_add(self.tid[0].wrapping_mul(t[0]))
            .wrapping_add(self.tid[1].wrapping_mul(t[1]))
            .wrapping_add(self.tid[2].wrapping_mul(t[2]))
    }
}

/// An `if` guard of an access: `pred(lhs, rhs) == expect` (compared as `ty`).
struct Guard {
    pred: IntPredicate,
    ty: Type,
    lhs: Affine,
    rhs: Affine,
    expect: bool,
}

struct Ctx<'k> {
    kernel: &'k Kernel,
    namer: &'k Namer,
    block_op: OpId,
    tid_args: Vec<Value>,
    /// Values defined inside the thread region.
    inside: Vec<bool>,
    dims: Option<[u32; 3]>,
    noalias_params: bool,
    /// Memo of [`Ctx::invariant`].
    memo: std::cell::RefCell<Vec<Option<bool>>>,
}

impl<'k> Ctx<'k> {
    fn new(
        kernel: &'k Kernel,
        namer: &'k Namer,
        block_op: OpId,
        opts: &BarrierElimOptions,
    ) -> Ctx<'k> {
        let dims = opts.block_dims;
        let mut inside = vec![false; kernel.values.len()];
        let mut tid_args = Vec::new();
        if let OpKind::Parallel { body, .. } = &kernel.op(block_op).kind {
            tid_args = body.args.clone();
            mark_inside(kernel, body, &mut inside, 0);
        }
        Ctx {
            kernel,
            namer,
            block_op,
            tid_args,
            inside,
            dims,
            noalias_params: opts.noalias_params,
            memo: std::cell::RefCell::new(vec![None; kernel.values.len()]),
        }
    }

    fn affine(&self, v: Value, depth: usize) -> Result<Affine, String> {
        let k = self.kernel;
        if depth > 64 {
            return Err("index expression too deep".into());
        }
        if let Some(i) = self.tid_args.iter().position(|&a| a == v) {
            let mut a = Affine::default();
            a.tid[i] = 1;
            return Ok(a);
        }
        let Some(vd) = k.values.get(v.index()) else {
            return Err("value out of range".into());
        };
        let symbol = || -> Result<Affine, String> {
            let mut a = Affine::default();
            a.syms.insert(v.0, 1);
            Ok(a)
        };
        let opaque = || {
            Err(format!(
                "the offset depends on {}, computed in the thread region and not affine in the thread index (a loop variable, a loaded value, ...)",
                self.namer.name(v)
            ))
        };
        let ValueDef::Result(op, 0) = vd.def else {
            return if self.invariant(v, 0) {
                symbol()
            } else {
                opaque()
            };
        };
        let fold = |x: Option<Affine>| x.ok_or_else(|| "index arithmetic overflows".to_string());
        match &k.op(op).kind {
            OpKind::Const { bits } if vd.ty.is_int() => {
                Ok(Affine::constant(semantics::sext(*bits, vd.ty)))
            }
            OpKind::Dim(Dim::BlockDim(i)) if self.dims.is_some() => {
                let d = self.dims.unwrap_or([1; 3]);
                Ok(Affine::constant(i64::from(
                    d.get(*i as usize).copied().unwrap_or(1),
                )))
            }
            OpKind::Binary(BinaryOp::Add, a, b) => fold(
                self.affine(*a, depth + 1)?
                    .add(&self.affine(*b, depth + 1)?, 1),
            ),
            OpKind::Binary(BinaryOp::Sub, a, b) => fold(
                self.affine(*a, depth + 1)?
                    .add(&self.affine(*b, depth + 1)?, -1),
            ),
            OpKind::Binary(BinaryOp::Mul, a, b) => {
                let (x, y) = (self.affine(*a, depth + 1), self.affine(*b, depth + 1));
                match (&x, &y) {
                    (Ok(x), Ok(y)) => match (x.as_const(), y.as_const()) {
                        (Some(c), _) => fold(y.scale(c)),
                        (_, Some(c)) => fold(x.scale(c)),
                        _ if self.invariant(v, 0) => symbol(),
                        _ => opaque(),
                    },
                    _ if self.invariant(v, 0) => symbol(),
                    _ => x.and(y),
                }
            }
            OpKind::Binary(BinaryOp::Shl, a, b) => {
                let x = self.affine(*a, depth + 1)?;
                match self.affine(*b, depth + 1)?.as_const() {
                    Some(s) if (0..62).contains(&s) => fold(x.scale(1i64 << s)),
                    _ if self.invariant(v, 0) => symbol(),
                    _ => opaque(),
                }
            }
            OpKind::Cast(CastOp::SExt | CastOp::ZExt | CastOp::Trunc, a)
                if k.value_type(*a).is_int() =>
            {
                self.affine(*a, depth + 1)
            }
            _ if self.invariant(v, 0) => symbol(),
            _ => opaque(),
        }
    }

    /// Whether `v` has one value for every thread of the block and every dynamic instance
    /// in the thread region: defined outside it, or computed inside it by pure ops from
    /// such values only (not from thread indices, loads, loop variables or region results).
    fn invariant(&self, v: Value, depth: usize) -> bool {
        if self.inside.get(v.index()) != Some(&true) {
            return true;
        }
        if let Some(known) = self.memo.borrow().get(v.index()).copied().flatten() {
            return known;
        }
        let k = self.kernel;
        let result = depth < 64
            && match k.value_def(v) {
                ValueDef::Result(op, 0) => {
                    let kind = &k.op(op).kind;
                    matches!(
                        kind,
                        OpKind::Const { .. }
                            | OpKind::Dim(_)
                            | OpKind::Unary(..)
                            | OpKind::Binary(..)
                            | OpKind::Fma(..)
                            | OpKind::ICmp(..)
                            | OpKind::FCmp(..)
                            | OpKind::Select { .. }
                            | OpKind::Cast(..)
                    ) && kind
                        .operands()
                        .iter()
                        .all(|&o| self.invariant(o, depth + 1))
                }
                _ => false,
            };
        if let Some(slot) = self.memo.borrow_mut().get_mut(v.index()) {
            *slot = Some(result);
        }
        result
    }

    /// The `if` guards of `op` inside the thread region that compare affine functions of
    /// the thread index; other guards are left out (conservative).
    fn guards(&self, op: OpId) -> Vec<Guard> {
        let k = self.kernel;
        let Some(path) = path_to(k, op) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        let mut in_block = false;
        for step in &path {
            let Some(owner) = step.owner else { continue };
            if owner == self.block_op {
                in_block = true;
                continue;
            }
            if !in_block {
                continue;
            }
            if let OpKind::If { cond, .. } = &k.op(owner).kind {
                let ValueDef::Result(cop, 0) = k.value_def(*cond) else {
                    continue;
                };
                if let OpKind::ICmp(pred, a, b) = &k.op(cop).kind {
                    if let (Ok(lhs), Ok(rhs)) = (self.affine(*a, 0), self.affine(*b, 0)) {
                        if lhs.syms.is_empty() && rhs.syms.is_empty() {
                            out.push(Guard {
                                pred: *pred,
                                ty: k.value_type(*a),
                                lhs,
                                rhs,
                                expect: step.region == 0,
                            });
                        }
                    }
                }
            }
        }
        out
    }

    fn len(&self, e: Extent) -> Result<i64, String> {
        match e {
            Extent::Bytes(n) => i64::try_from(n).map_err(|_| "huge access".to_string()),
            Extent::Value(v) => match self.affine(v, 0)?.as_const() {
                Some(n) => Ok(n),
                None => Err("an access of run-time length".into()),
            },
        }
    }

    /// `Ok(())` when no two distinct threads can have `a` and `b` touch a common byte.
    fn cross_thread_conflict_free(&self, a: &Access, b: &Access) -> Result<(), String> {
        if spaces_disjoint(self.kernel, &a.loc, &b.loc) {
            return Ok(());
        }
        let (
            AccessLoc::Root {
                root: ra,
                offset: oa,
                len: la,
            },
            AccessLoc::Root {
                root: rb,
                offset: ob,
                len: lb,
            },
        ) = (a.loc, b.loc)
        else {
            return Err("an access through a pointer whose allocation is not known".into());
        };
        if !roots_may_alias(ra, rb) {
            return Ok(());
        }
        if let (MemRoot::Local(_), MemRoot::Local(_)) = (ra, rb) {
            return Ok(()); // per-thread memory
        }
        if let (MemRoot::Param(_), MemRoot::Param(_)) = (ra, rb) {
            if ra != rb && self.noalias_params {
                return Ok(());
            }
        }
        if ra != rb {
            return Err("the two buffers may alias".into());
        }
        let Some(dims) = self.dims else {
            return Err("the block size is not known".into());
        };
        let fa = self.affine(oa, 0)?;
        let fb = self.affine(ob, 0)?;
        if fa.syms != fb.syms {
            return Err("the offsets differ by a symbolic amount".into());
        }
        let (sa, sb) = (self.len(la)?, self.len(lb)?);
        let ga = self.guards(a.op);
        let gb = self.guards(b.op);
        let threads: Vec<[i64; 3]> = (0..dims[2])
            .flat_map(|z| {
                (0..dims[1]).flat_map(move |y| {
                    (0..dims[0]).map(move |x| [i64::from(x), i64::from(y), i64::from(z)])
                })
            })
            .collect();
        let holds = |gs: &[Guard], t: [i64; 3]| {
            gs.iter().all(|g| {
                let l = semantics::mask(g.lhs.eval(t) as u64, g.ty);
                let r = semantics::mask(g.rhs.eval(t) as u64, g.ty);
                semantics::icmp(g.pred, g.ty, l, r) == g.expect
            })
        };
        let ta: Vec<(i64, [i64; 3])> = threads
            .iter()
            .filter(|&&t| holds(&ga, t))
            .map(|&t| (fa.eval(t) - fa.konst, t))
            .collect();
        let tb: Vec<(i64, [i64; 3])> = threads
            .iter()
            .filter(|&&t| holds(&gb, t))
            .map(|&t| (fb.eval(t) - fb.konst, t))
            .collect();
        let d = fa.konst - fb.konst;
        let conflict = |t1: [i64; 3], t2: [i64; 3]| {
            Err(format!(
                "threads {t1:?} and {t2:?} touch the same bytes of {}",
                crate::print::root_name(ra)
            ))
        };
        if (1..=64).contains(&sb) {
            // Small accesses: map every byte B touches to the thread(s) touching it, then
            // look up A's bytes (linear in the number of threads).
            #[derive(Clone, Copy)]
            enum Owner {
                One([i64; 3]),
                Many([i64; 3], [i64; 3]),
            }
            let mut owners: std::collections::HashMap<i64, Owner> =
                std::collections::HashMap::with_capacity(tb.len() * sb as usize);
            for &(xb, t2) in &tb {
                for byte in xb..xb + sb {
                    owners
                        .entry(byte)
                        .and_modify(|o| {
                            if let Owner::One(u) = *o {
                                if u != t2 {
                                    *o = Owner::Many(u, t2);
                                }
                            }
                        })
                        .or_insert(Owner::One(t2));
                }
            }
            for &(xa, t1) in &ta {
                let start = xa + d;
                for byte in start..start.saturating_add(sa.clamp(0, 1 << 20)) {
                    match owners.get(&byte) {
                        Some(Owner::One(t2)) if *t2 != t1 => return conflict(t1, *t2),
                        Some(Owner::Many(u, v)) => {
                            return conflict(t1, if *u != t1 { *u } else { *v })
                        }
                        _ => {}
                    }
                }
            }
            return Ok(());
        }
        for &(xa, t1) in &ta {
            for &(xb, t2) in &tb {
                if t1 == t2 {
                    continue;
                }
                // A touches [xa + d, xa + d + sa), B [xb, xb + sb), relative to B's base.
                let diff = xa + d - xb;
                if -sa < diff && diff < sb {
                    return conflict(t1, t2);
                }
            }
        }
        Ok(())
    }
}

fn mark_inside(kernel: &Kernel, region: &Region, inside: &mut [bool], depth: usize) {
    for &a in &region.args {
        if let Some(s) = inside.get_mut(a.index()) {
            *s = true;
        }
    }
    for &op in &region.ops {
        let Some(data) = kernel.ops.get(op.index()) else {
            continue;
        };
        for &r in &data.results {
            if let Some(s) = inside.get_mut(r.index()) {
                *s = true;
            }
        }
        if depth < 10_000 {
            for r in data.kind.regions() {
                mark_inside(kernel, r, inside, depth + 1);
            }
        }
    }
}
