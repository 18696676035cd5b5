//! Root recovery: `Addr::Dynamic` accesses whose pointer provably points into one root
//! (kernel parameter, shared or local allocation, global) become `Addr::Root`.
//!
//! Emission traces pointers to their root as they are defined, but loses the root at block
//! parameters (loop-carried pointers, pointers merged after a branch) and through integer
//! address arithmetic (`inttoptr(ptrtoint(p) + x)`, strength-reduced induction variables
//! that nvcc and clang write as `i64` adds). This pass runs in the clean-up pipeline,
//! after the first folding and `while-to-for` (which reads the loop layout emission
//! produces, and which the companion values added here would not fit):
//!
//! 1. An optimistic data-flow analysis gives every pointer or `i64` value a root or none.
//!    `RootAddr R` (and a pointer parameter) has root R; `ptradd`, address-space casts,
//!    `ptrtoint`, `inttoptr`, and an integer `add`/`sub` of a rooted value and a value
//!    with no root keep it; an `If` result has root R when every branch yields a value
//!    with root R; a loop-carried value when its initial value and every yielded value
//!    do. A `While`'s condition arguments are traced *only along the paths that reach the
//!    after-region* (or only along those that leave the loop) when the condition is
//!    `icmp eq/ne kind, C` on a result of the same `If` tree, as emission writes its
//!    terminal tuples: a path whose `kind` is a constant that makes the condition go the
//!    other way does not flow there, so what it yields does not matter. An `i64` kernel
//!    parameter is never a root (`MemRoot::Param` names pointer parameters only), even
//!    when the launch binds a buffer to it.
//! 2. For the accesses whose pointer has a root, each value on the way gets an `i64`
//!    *offset* from the root's base: `0` at the root, `off + x` through adds, a companion
//!    loop-carried value (init = the init's offset, next = the yielded value's offset),
//!    a companion `If` result or `While` condition argument (a path that cannot reach the
//!    use yields `0`). The access becomes `Addr::Root { R, offset }`.
//!
//! Legal because each offset equals `value - base(R)` on every execution that uses it (by
//! induction over the program order, and over iterations for carried values), in 64-bit
//! wrapping arithmetic where `base + (off + x) == (base + off) + x` exactly; the new loop
//! and `If` values only add computation, nothing reads them but the rewritten accesses.
//! Where tracing fails or two roots meet nothing is rewritten (never a guess); if any step
//! of the rewrite cannot be done the kernel is left unchanged. Dead pointer arithmetic is
//! left to the clean-up's DCE.

use std::collections::{HashMap, HashSet};

use crate::ir::{
    Addr, BinaryOp, CastOp, IntPredicate, Kernel, MemRoot, OpId, OpKind, Region, Type, Value,
    ValueDef,
};

use super::util::{const_of, put_regions, take_regions};

/// Recover roots in `k` (unchanged when nothing applies or a step fails).
pub fn recover_roots(k: &mut Kernel) {
    let mut dynamic = Vec::new();
    collect_accesses(k, &k.body, &mut dynamic);
    if dynamic.is_empty() {
        return;
    }
    let mut work = k.clone();
    if run(&mut work).is_some() {
        *k = work;
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Lat {
    /// Not known yet (optimistic start).
    Top,
    Root(MemRoot),
    No,
}

fn meet(a: Lat, b: Lat) -> Lat {
    match (a, b) {
        (Lat::Top, x) | (x, Lat::Top) => x,
        (x, y) if x == y => x,
        _ => Lat::No,
    }
}

fn is_int(l: Lat) -> bool {
    matches!(l, Lat::No)
}

fn as_root(l: Lat) -> Option<MemRoot> {
    match l {
        Lat::Root(r) => Some(r),
        _ => None,
    }
}

/// A path of an `If` tree counts when its `kind` result (index `kind`) compares
/// `== c0` (`eq`) or `!= c0` (`!eq`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct Guard {
    kind: u32,
    c0: u64,
    eq: bool,
}

/// A value, or an `If` result seen only along the paths a guard admits.
type Key = (Value, Option<Guard>);

struct Pass {
    lat: Vec<Lat>,
}

fn terminator_vals(k: &Kernel, r: &Region) -> Vec<Value> {
    match r.ops.last().map(|&o| &k.op(o).kind) {
        Some(OpKind::Yield(v)) => v.clone(),
        Some(OpKind::Condition { args, .. }) => args.clone(),
        _ => Vec::new(),
    }
}

fn result_of(k: &Kernel, v: Value) -> Option<(OpId, u32)> {
    match k.value_def(v) {
        ValueDef::Result(op, i) => Some((op, i)),
        _ => None,
    }
}

/// The guard of condition argument `j` of a `While` whose `Condition` is `cond, args`,
/// for the paths where the condition is `polarity`: the `If` and result index of `args[j]`.
fn guard_for(
    k: &Kernel,
    cond: Value,
    args: &[Value],
    j: usize,
    polarity: bool,
) -> Option<(OpId, u32, Guard)> {
    let (cop, _) = result_of(k, cond)?;
    let OpKind::ICmp(pred, a, b) = k.op(cop).kind else {
        return None;
    };
    let eq = match pred {
        IntPredicate::Eq => true,
        IntPredicate::Ne => false,
        _ => return None,
    };
    let (x, c) = match (const_of(k, a), const_of(k, b)) {
        (None, Some(c)) => (a, c),
        (Some(c), None) => (b, c),
        _ => return None,
    };
    let kidx = args.iter().position(|&v| v == x)?;
    let (kop, ki) = result_of(k, args[kidx])?;
    let (vop, vi) = result_of(k, *args.get(j)?)?;
    if kop != vop || !matches!(k.op(kop).kind, OpKind::If { .. }) {
        return None;
    }
    let c0 = c & k.value_type(x).mask();
    Some((
        vop,
        vi,
        Guard {
            kind: ki,
            c0,
            eq: eq == polarity,
        },
    ))
}

/// The key a `While`'s condition argument `j` flows from, for the after-region
/// (`polarity` true) or the results (false).
fn source_key(k: &Kernel, cond: Value, args: &[Value], j: usize, polarity: bool) -> Option<Key> {
    let v = *args.get(j)?;
    Some(match guard_for(k, cond, args, j, polarity) {
        Some((_, _, g)) => (v, Some(g)),
        None => (v, None),
    })
}

/// What path `region` (0 then, 1 else) of `If` `op` contributes to result `j` under `g`:
/// `None` when the guard excludes it.
fn leaf(k: &Kernel, op: OpId, region: usize, j: u32, g: Option<Guard>) -> Option<Option<Key>> {
    let regions = k.op(op).kind.regions();
    let vals = terminator_vals(k, regions.get(region)?);
    let vv = *vals.get(j as usize)?;
    let Some(g) = g else {
        return Some(Some((vv, None)));
    };
    let kv = *vals.get(g.kind as usize)?;
    if let Some(c) = const_of(k, kv) {
        if ((c & k.value_type(kv).mask()) == g.c0) != g.eq {
            return Some(None);
        }
    }
    match (result_of(k, kv), result_of(k, vv)) {
        (Some((o1, ki)), Some((o2, _)))
            if o1 == o2 && matches!(k.op(o1).kind, OpKind::If { .. }) =>
        {
            Some(Some((vv, Some(Guard { kind: ki, ..g }))))
        }
        _ => Some(Some((vv, None))),
    }
}

impl Pass {
    fn l(&self, v: Value) -> Lat {
        self.lat[v.index()]
    }

    fn key_lat(&self, k: &Kernel, key: Key) -> Lat {
        match key {
            (v, None) => self.l(v),
            (v, Some(g)) => {
                let Some((op, j)) = result_of(k, v) else {
                    return Lat::No;
                };
                let mut acc = Lat::Top;
                for region in 0..2 {
                    match leaf(k, op, region, j, Some(g)) {
                        Some(Some(key)) => acc = meet(acc, self.key_lat(k, key)),
                        Some(None) => {}
                        None => return Lat::No,
                    }
                }
                acc
            }
        }
    }

    fn value_op_lat(&self, k: &Kernel, kind: &OpKind, ty: Type) -> Lat {
        if !(ty.is_ptr() || ty == Type::I64) {
            return Lat::No;
        }
        match *kind {
            OpKind::RootAddr(r) => Lat::Root(r),
            OpKind::PtrAdd { ptr, offset } => match (self.l(ptr), self.l(offset)) {
                (Lat::Top, _) | (_, Lat::Top) => Lat::Top,
                (p, x) if is_int(x) => as_root(p).map_or(Lat::No, Lat::Root),
                _ => Lat::No,
            },
            OpKind::Cast(op, a) => {
                let at = k.value_type(a);
                match op {
                    CastOp::AddrSpaceCast if at.is_ptr() && ty.is_ptr() => self.l(a),
                    CastOp::PtrToInt if at.is_ptr() && ty == Type::I64 => self.l(a),
                    CastOp::IntToPtr if at == Type::I64 && ty.is_ptr() => self.l(a),
                    _ => Lat::No,
                }
            }
            OpKind::Binary(BinaryOp::Add, a, b) if ty == Type::I64 => {
                match (self.l(a), self.l(b)) {
                    (Lat::Top, _) | (_, Lat::Top) => Lat::Top,
                    (Lat::Root(r), x) | (x, Lat::Root(r)) if is_int(x) => Lat::Root(r),
                    _ => Lat::No,
                }
            }
            OpKind::Binary(BinaryOp::Sub, a, b) if ty == Type::I64 => {
                match (self.l(a), self.l(b)) {
                    (Lat::Top, _) | (_, Lat::Top) => Lat::Top,
                    (Lat::Root(r), x) if is_int(x) => Lat::Root(r),
                    _ => Lat::No,
                }
            }
            _ => Lat::No,
        }
    }

    fn set(&mut self, v: Value, l: Lat, changed: &mut bool) {
        if self.lat[v.index()] != l {
            self.lat[v.index()] = l;
            *changed = true;
        }
    }

    /// One sweep of the analysis over `r`.
    fn walk(&mut self, k: &Kernel, r: &Region, changed: &mut bool) {
        for &op in &r.ops {
            let data = k.op(op);
            match &data.kind {
                OpKind::Parallel { body, .. } => {
                    for &a in &body.args {
                        self.set(a, Lat::No, changed);
                    }
                    self.walk(k, body, changed);
                }
                OpKind::For { inits, body, .. } => {
                    if let Some(&iv) = body.args.first() {
                        self.set(iv, Lat::No, changed);
                    }
                    let ys = terminator_vals(k, body);
                    for (i, &init) in inits.iter().enumerate() {
                        let y = ys.get(i).map_or(Lat::No, |&y| self.l(y));
                        if let Some(&a) = body.args.get(i + 1) {
                            self.set(a, meet(self.l(init), y), changed);
                        }
                    }
                    self.walk(k, body, changed);
                    let ys = terminator_vals(k, body);
                    for (i, &init) in inits.iter().enumerate() {
                        let y = ys.get(i).map_or(Lat::No, |&y| self.l(y));
                        if let Some(&res) = data.results.get(i) {
                            self.set(res, meet(self.l(init), y), changed);
                        }
                    }
                }
                OpKind::While {
                    inits,
                    before,
                    after,
                } => {
                    let ys = terminator_vals(k, after);
                    for (i, &init) in inits.iter().enumerate() {
                        let y = ys.get(i).map_or(Lat::No, |&y| self.l(y));
                        if let Some(&a) = before.args.get(i) {
                            self.set(a, meet(self.l(init), y), changed);
                        }
                    }
                    self.walk(k, before, changed);
                    let cond = before.ops.last().map(|&o| &k.op(o).kind);
                    let Some(OpKind::Condition { cond, args }) = cond else {
                        continue;
                    };
                    for (j, &a) in after.args.iter().enumerate() {
                        let l = source_key(k, *cond, args, j, true)
                            .map_or(Lat::No, |key| self.key_lat(k, key));
                        self.set(a, l, changed);
                    }
                    self.walk(k, after, changed);
                    for (j, &res) in data.results.iter().enumerate() {
                        let l = source_key(k, *cond, args, j, false)
                            .map_or(Lat::No, |key| self.key_lat(k, key));
                        self.set(res, l, changed);
                    }
                }
                OpKind::If {
                    then_region,
                    else_region,
                    ..
                } => {
                    self.walk(k, then_region, changed);
                    self.walk(k, else_region, changed);
                    for (j, &res) in data.results.iter().enumerate() {
                        let mut acc = Lat::Top;
                        for region in 0..2 {
                            acc = match leaf(k, op, region, j as u32, None) {
                                Some(Some(key)) => meet(acc, self.key_lat(k, key)),
                                _ => Lat::No,
                            };
                        }
                        self.set(res, acc, changed);
                    }
                }
                kind => {
                    for (i, &res) in data.results.iter().enumerate() {
                        let l = if i == 0 {
                            self.value_op_lat(k, kind, k.value_type(res))
                        } else {
                            Lat::No
                        };
                        self.set(res, l, changed);
                    }
                }
            }
        }
    }

    /// The keys whose offsets `key`'s offset is computed from, or `None` when it cannot be.
    fn deps(&self, k: &Kernel, key: Key) -> Option<Vec<Key>> {
        let (v, g) = key;
        if as_root(self.key_lat(k, key)).is_none() && self.key_lat(k, key) != Lat::Top {
            return None;
        }
        if let Some(g) = g {
            let (op, j) = result_of(k, v)?;
            let mut out = Vec::new();
            for region in 0..2 {
                if let Some(key) = leaf(k, op, region, j, Some(g))? {
                    out.push(key);
                }
            }
            return Some(out);
        }
        match k.value_def(v) {
            ValueDef::Param(_) => Some(Vec::new()),
            ValueDef::Result(op, i) => match &k.op(op).kind {
                OpKind::RootAddr(_) => Some(Vec::new()),
                OpKind::PtrAdd { ptr, .. } => Some(vec![(*ptr, None)]),
                OpKind::Cast(_, a) => Some(vec![(*a, None)]),
                OpKind::Binary(BinaryOp::Add, a, b) => {
                    Some(vec![(if self.a_rooted(*a, *b)? { *a } else { *b }, None)])
                }
                OpKind::Binary(BinaryOp::Sub, a, _) => Some(vec![(*a, None)]),
                OpKind::If { .. } => {
                    let mut out = Vec::new();
                    for region in 0..2 {
                        out.push(leaf(k, op, region, i, None)??);
                    }
                    Some(out)
                }
                OpKind::For { body, .. } => Some(vec![(*body.args.get(i as usize + 1)?, None)]),
                OpKind::While { before, .. } => {
                    let Some(OpKind::Condition { cond, args }) =
                        before.ops.last().map(|&o| &k.op(o).kind)
                    else {
                        return None;
                    };
                    Some(vec![source_key(k, *cond, args, i as usize, false)?])
                }
                _ => None,
            },
            ValueDef::RegionArg { op, region, index } => match &k.op(op).kind {
                OpKind::For { inits, body, .. } if index > 0 => {
                    let i = index as usize - 1;
                    let ys = terminator_vals(k, body);
                    Some(vec![(*inits.get(i)?, None), (*ys.get(i)?, None)])
                }
                OpKind::While {
                    inits,
                    before,
                    after,
                } => {
                    let i = index as usize;
                    if region == 0 {
                        let ys = terminator_vals(k, after);
                        Some(vec![(*inits.get(i)?, None), (*ys.get(i)?, None)])
                    } else {
                        let Some(OpKind::Condition { cond, args }) =
                            before.ops.last().map(|&o| &k.op(o).kind)
                        else {
                            return None;
                        };
                        Some(vec![source_key(k, *cond, args, i, true)?])
                    }
                }
                _ => None,
            },
        }
    }

    /// For `add a, b` with a root: whether `a` is the rooted operand.
    fn a_rooted(&self, a: Value, b: Value) -> Option<bool> {
        match (self.l(a), self.l(b)) {
            (Lat::Root(_), x) if is_int(x) => Some(true),
            (x, Lat::Root(_)) if is_int(x) => Some(false),
            _ => None,
        }
    }
}

fn accesses(kind: &OpKind) -> Vec<Value> {
    let mut out = Vec::new();
    let mut add = |a: &Addr| {
        if let Addr::Dynamic(p) = a {
            out.push(*p)
        }
    };
    match kind {
        OpKind::Load { addr }
        | OpKind::Store { addr, .. }
        | OpKind::Atomic { addr, .. }
        | OpKind::AtomicCas { addr, .. } => add(addr),
        OpKind::Memcpy { dst, src, .. } => {
            add(dst);
            add(src)
        }
        OpKind::Memset { dst, .. } => add(dst),
        _ => {}
    }
    out
}

fn collect_accesses(k: &Kernel, r: &Region, out: &mut Vec<Value>) {
    for &op in &r.ops {
        out.extend(accesses(&k.op(op).kind));
        for sub in k.op(op).kind.regions() {
            collect_accesses(k, sub, out);
        }
    }
}

struct Rewrite<'p> {
    pass: &'p Pass,
    needs: HashSet<Key>,
    /// Needed keys defined by each op (results and region arguments), in discovery order.
    by_op: HashMap<OpId, Vec<Key>>,
    off: HashMap<Key, Value>,
}

fn run(k: &mut Kernel) -> Option<()> {
    let mut pass = Pass {
        lat: vec![Lat::Top; k.values.len()],
    };
    for (i, &p) in k.params.iter().enumerate() {
        let ty = k.value_type(p);
        pass.lat[p.index()] = if ty.is_ptr() {
            Lat::Root(MemRoot::Param(i as u32))
        } else {
            Lat::No
        };
    }
    let body = k.body.clone();
    let mut converged = false;
    for _ in 0..64 {
        let mut changed = false;
        pass.walk(k, &body, &mut changed);
        if !changed {
            converged = true;
            break;
        }
    }
    if !converged {
        return None;
    }
    // The accesses to rewrite and everything their offsets need.
    let mut ptrs = Vec::new();
    collect_accesses(k, &body, &mut ptrs);
    ptrs.retain(|&p| matches!(pass.l(p), Lat::Root(_)));
    if ptrs.is_empty() {
        return None;
    }
    let mut rw = Rewrite {
        pass: &pass,
        needs: HashSet::new(),
        by_op: HashMap::new(),
        off: HashMap::new(),
    };
    let mut stack: Vec<Key> = ptrs.iter().map(|&p| (p, None)).collect();
    let mut params_needed = Vec::new();
    while let Some(key) = stack.pop() {
        if !rw.needs.insert(key) {
            continue;
        }
        match k.value_def(key.0) {
            ValueDef::Result(op, _) | ValueDef::RegionArg { op, .. } => {
                rw.by_op.entry(op).or_default().push(key)
            }
            ValueDef::Param(_) => params_needed.push(key),
        }
        stack.extend(pass.deps(k, key)?);
    }
    if !params_needed.is_empty() {
        let zero = k.create_op(OpKind::Const { bits: 0 }, &[Type::I64], None);
        let z = k.result(zero)?;
        k.body.ops.insert(0, zero);
        for key in params_needed {
            rw.off.insert(key, z);
        }
    }
    let top = std::mem::take(&mut k.body.ops);
    k.body.ops = rw.region(k, top)?;
    Some(())
}

impl Rewrite<'_> {
    fn konst0(&self, k: &mut Kernel, out: &mut Vec<OpId>) -> Option<Value> {
        let op = k.create_op(OpKind::Const { bits: 0 }, &[Type::I64], None);
        out.push(op);
        k.result(op)
    }

    fn get(&self, key: Key) -> Option<Value> {
        self.off.get(&key).copied()
    }

    fn needed(&self, op: OpId, pred: impl Fn(&Key) -> bool) -> Vec<Key> {
        let mut v: Vec<Key> = self
            .by_op
            .get(&op)
            .map(|keys| keys.iter().copied().filter(|k| pred(k)).collect())
            .unwrap_or_default();
        v.sort_by_key(|(val, g)| (val.0, g.map(|g| (g.kind, g.c0, g.eq))));
        v.dedup();
        v
    }

    fn region(&mut self, k: &mut Kernel, ops: Vec<OpId>) -> Option<Vec<OpId>> {
        let mut out = Vec::with_capacity(ops.len());
        for op in ops {
            match k.op(op).kind.clone() {
                OpKind::Parallel { .. } => {
                    let lists = take_regions(k, op);
                    let mut new = Vec::new();
                    for l in lists {
                        new.push(self.region(k, l)?);
                    }
                    put_regions(k, op, new);
                    out.push(op);
                }
                OpKind::If { .. } => {
                    self.rewrite_if(k, op)?;
                    out.push(op);
                }
                OpKind::For { .. } => {
                    self.rewrite_for(k, op)?;
                    out.push(op);
                }
                OpKind::While { .. } => {
                    self.rewrite_while(k, op)?;
                    out.push(op);
                }
                mut kind => {
                    let mut changed = false;
                    let mut fix = |a: &mut Addr| -> Option<()> {
                        if let Addr::Dynamic(p) = *a {
                            if let Lat::Root(root) = self.pass.l(p) {
                                *a = Addr::Root {
                                    root,
                                    offset: self.get((p, None))?,
                                };
                                changed = true;
                            }
                        }
                        Some(())
                    };
                    match &mut kind {
                        OpKind::Load { addr }
                        | OpKind::Store { addr, .. }
                        | OpKind::Atomic { addr, .. }
                        | OpKind::AtomicCas { addr, .. } => fix(addr)?,
                        OpKind::Memcpy { dst, src, .. } => {
                            fix(dst)?;
                            fix(src)?
                        }
                        OpKind::Memset { dst, .. } => fix(dst)?,
                        _ => {}
                    }
                    if changed {
                        k.op_mut(op).kind = kind.clone();
                    }
                    out.push(op);
                    if let Some(r) = k.result(op) {
                        if self.needs.contains(&(r, None)) {
                            let o = self.value_offset(k, &kind, &mut out)?;
                            self.off.insert((r, None), o);
                        }
                    }
                }
            }
        }
        Some(out)
    }

    fn value_offset(&self, k: &mut Kernel, kind: &OpKind, out: &mut Vec<OpId>) -> Option<Value> {
        let bin = |k: &mut Kernel, out: &mut Vec<OpId>, op, a, b| {
            let id = k.create_op(OpKind::Binary(op, a, b), &[Type::I64], None);
            out.push(id);
            k.result(id)
        };
        match *kind {
            OpKind::RootAddr(_) => self.konst0(k, out),
            OpKind::PtrAdd { ptr, offset } => {
                let base = self.get((ptr, None))?;
                bin(k, out, BinaryOp::Add, base, offset)
            }
            OpKind::Cast(_, a) => self.get((a, None)),
            OpKind::Binary(BinaryOp::Add, a, b) => {
                if self.pass.a_rooted(a, b)? {
                    let base = self.get((a, None))?;
                    bin(k, out, BinaryOp::Add, base, b)
                } else {
                    let base = self.get((b, None))?;
                    bin(k, out, BinaryOp::Add, a, base)
                }
            }
            OpKind::Binary(BinaryOp::Sub, a, b) => {
                let base = self.get((a, None))?;
                bin(k, out, BinaryOp::Sub, base, b)
            }
            _ => None,
        }
    }

    /// Rewrite region `ops`, then extend its terminator with `extra` (a key's offset, or
    /// `None` for a path that never reaches the use: `0`).
    fn region_with_extra(
        &mut self,
        k: &mut Kernel,
        ops: Vec<OpId>,
        extra: Vec<Option<Key>>,
    ) -> Option<Vec<OpId>> {
        let mut new = self.region(k, ops)?;
        let term = new.pop()?;
        let mut vals = Vec::new();
        for e in extra {
            vals.push(match e {
                Some(key) => self.get(key)?,
                None => self.konst0(k, &mut new)?,
            });
        }
        match &mut k.op_mut(term).kind {
            OpKind::Yield(v) => v.extend(vals),
            OpKind::Condition { args, .. } => args.extend(vals),
            _ => return None,
        }
        new.push(term);
        Some(new)
    }

    fn rewrite_if(&mut self, k: &mut Kernel, op: OpId) -> Option<()> {
        let results = k.op(op).results.clone();
        let needed = self.needed(op, |_| true);
        let mut pairs = Vec::new();
        for key in needed {
            let j = results.iter().position(|&r| r == key.0)? as u32;
            let v = k.add_result(op, Type::I64);
            self.off.insert(key, v);
            pairs.push((j, key.1));
        }
        // The paths' values, read before the regions are taken out.
        let mut extras = Vec::new();
        for region in 0..2 {
            let e: Vec<Option<Key>> = pairs
                .iter()
                .map(|&(j, g)| leaf(k, op, region, j, g))
                .collect::<Option<_>>()?;
            extras.push(e);
        }
        let lists = take_regions(k, op);
        let mut new = Vec::new();
        for (l, e) in lists.into_iter().zip(extras) {
            new.push(self.region_with_extra(k, l, e)?);
        }
        put_regions(k, op, new);
        Some(())
    }

    fn rewrite_for(&mut self, k: &mut Kernel, op: OpId) -> Option<()> {
        let OpKind::For { body, .. } = &k.op(op).kind else {
            return None;
        };
        let args = body.args.clone();
        let yields = terminator_vals(k, body);
        let results = k.op(op).results.clone();
        let carried: Vec<usize> = (1..args.len())
            .filter(|&i| self.needs.contains(&(args[i], None)))
            .map(|i| i - 1)
            .collect();
        for &i in &carried {
            let (init_off, idx) = match &k.op(op).kind {
                OpKind::For { inits, body, .. } => {
                    (self.get((*inits.get(i)?, None))?, body.args.len() as u32)
                }
                _ => return None,
            };
            let arg = k.new_region_arg(op, 0, idx, Type::I64);
            let res = k.add_result(op, Type::I64);
            if let OpKind::For { inits, body, .. } = &mut k.op_mut(op).kind {
                inits.push(init_off);
                body.args.push(arg);
            }
            self.off.insert((args[i + 1], None), arg);
            self.off.insert((*results.get(i)?, None), res);
        }
        let ykeys: Vec<Option<Key>> = carried
            .iter()
            .map(|&i| yields.get(i).map(|&y| Some((y, None))))
            .collect::<Option<_>>()?;
        let l = take_regions(k, op).into_iter().next()?;
        let new = self.region_with_extra(k, l, ykeys)?;
        put_regions(k, op, vec![new]);
        Some(())
    }

    fn rewrite_while(&mut self, k: &mut Kernel, op: OpId) -> Option<()> {
        let OpKind::While { before, after, .. } = &k.op(op).kind else {
            return None;
        };
        let bargs = before.args.clone();
        let aargs = after.args.clone();
        let (cond, cargs) = match before.ops.last().map(|&o| &k.op(o).kind) {
            Some(OpKind::Condition { cond, args }) => (*cond, args.clone()),
            _ => return None,
        };
        let ayields = terminator_vals(k, after);
        let results = k.op(op).results.clone();
        let needed = self.needed(op, |_| true);
        // Carried offsets.
        let mut carried = Vec::new();
        for (i, &a) in bargs.iter().enumerate() {
            if needed.contains(&(a, None)) {
                carried.push(i);
            }
        }
        for &i in &carried {
            let (init_off, idx) = match &k.op(op).kind {
                OpKind::While { inits, before, .. } => {
                    (self.get((*inits.get(i)?, None))?, before.args.len() as u32)
                }
                _ => return None,
            };
            let arg = k.new_region_arg(op, 0, idx, Type::I64);
            if let OpKind::While { inits, before, .. } = &mut k.op_mut(op).kind {
                inits.push(init_off);
                before.args.push(arg);
            }
            self.off.insert((bargs[i], None), arg);
        }
        // Condition sources: (source key, after args fed, results fed).
        let mut sources: Vec<(Key, Vec<usize>, Vec<usize>)> = Vec::new();
        let mut add_source = |key: Key, after: Option<usize>, res: Option<usize>| {
            let pos = match sources.iter().position(|s| s.0 == key) {
                Some(p) => p,
                None => {
                    sources.push((key, Vec::new(), Vec::new()));
                    sources.len() - 1
                }
            };
            sources[pos].1.extend(after);
            sources[pos].2.extend(res);
        };
        for (j, &a) in aargs.iter().enumerate() {
            if needed.contains(&(a, None)) {
                add_source(source_key(k, cond, &cargs, j, true)?, Some(j), None);
            }
        }
        for (j, &r) in results.iter().enumerate() {
            if needed.contains(&(r, None)) {
                add_source(source_key(k, cond, &cargs, j, false)?, None, Some(j));
            }
        }
        let mut lists = take_regions(k, op).into_iter();
        let before_ops = lists.next()?;
        let after_ops = lists.next()?;
        let keys: Vec<Option<Key>> = sources.iter().map(|s| Some(s.0)).collect();
        let new_before = self.region_with_extra(k, before_ops, keys)?;
        for (_, afters, ress) in &sources {
            let idx = match &k.op(op).kind {
                OpKind::While { after, .. } => after.args.len() as u32,
                _ => return None,
            };
            let arg = k.new_region_arg(op, 1, idx, Type::I64);
            let res = k.add_result(op, Type::I64);
            if let OpKind::While { after, .. } = &mut k.op_mut(op).kind {
                after.args.push(arg);
            }
            for &j in afters {
                self.off.insert((aargs[j], None), arg);
            }
            for &j in ress {
                self.off.insert((results[j], None), res);
            }
        }
        let ykeys: Vec<Option<Key>> = carried
            .iter()
            .map(|&i| ayields.get(i).map(|&y| Some((y, None))))
            .collect::<Option<_>>()?;
        let new_after = self.region_with_extra(k, after_ops, ykeys)?;
        put_regions(k, op, vec![new_before, new_after]);
        Some(())
    }
}

#[cfg(test)]
mod tests {
    use frontend::ir::Module;

    use crate::ir::Kernel;

    fn dynamic_accesses(k: &Kernel) -> usize {
        crate::print::print_kernel(k).matches(" [%").count()
    }

    fn raise_first(m: &Module) -> Kernel {
        let id = m.kernels().next().expect("a kernel");
        crate::raising::raise_kernel(m, id).expect("raises")
    }

    fn example_ptx(name: &str) -> Module {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../examples")
            .join(name)
            .join("kernel.ptx");
        let text = std::fs::read_to_string(&path).expect("read example");
        frontend::ptx::parse_ptx_str(&text, "kernel.ptx").expect("parse")
    }

    fn ll(body: &str) -> Module {
        let text = format!(
            "target triple = \"nvptx64-nvidia-cuda\"\n\
             declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n\
             {body}\n\
             !nvvm.annotations = !{{!0}}\n\
             !0 = !{{ptr @k, !\"kernel\", i32 1}}\n"
        );
        frontend::ll::parse_ll_str(&text, "t.ll").expect("parse")
    }

    /// Run `k` with one block of 4 threads on f32 buffers; gives the final buffers.
    fn run(m: &Module, k: &Kernel, bufs: &[Vec<f32>], n: u32) -> Vec<Vec<f32>> {
        use frontend::interp::{LaunchConfig, Memory};
        let mut mem = Memory::new(m);
        let mut args: Vec<u64> = bufs
            .iter()
            .enumerate()
            .map(|(i, b)| {
                let bytes: Vec<u8> = b.iter().flat_map(|x| x.to_le_bytes()).collect();
                mem.add_buffer(&format!("b{i}"), bytes)
            })
            .collect();
        let bases = args.clone();
        args.push(n as u64);
        let config = LaunchConfig {
            grid: [1, 1, 1],
            block: [4, 1, 1],
            dynamic_shared_bytes: 0,
        };
        crate::interp::launch(m, k, &config, &args, &mut mem).expect("runs");
        bases
            .iter()
            .map(|&b| {
                mem.buffer(b)
                    .expect("buffer")
                    .chunks_exact(4)
                    .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                    .collect()
            })
            .collect()
    }

    /// A loop walking `a` with an integer induction address (`ptrtoint` + 4 per
    /// iteration), and a store through a pointer merged from two branches (both `out`).
    const LOOP_AND_MERGE: &str = r#"
define void @k(ptr addrspace(1) %a, ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %base = ptrtoint ptr addrspace(1) %a to i64
  %t64 = zext i32 %tid to i64
  %t4 = shl i64 %t64, 2
  %start = add i64 %base, %t4
  br label %loop
loop:
  %p = phi i64 [ %start, %entry ], [ %pn, %loop ]
  %i = phi i32 [ 0, %entry ], [ %in, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %accn, %loop ]
  %ptr = inttoptr i64 %p to ptr addrspace(1)
  %v = load float, ptr addrspace(1) %ptr
  %accn = fadd float %acc, %v
  %pn = add i64 %p, 4
  %in = add i32 %i, 1
  %c = icmp slt i32 %in, %n
  br i1 %c, label %loop, label %exit
exit:
  %odd = and i32 %tid, 1
  %isodd = icmp eq i32 %odd, 1
  br i1 %isodd, label %t, label %e
t:
  %q1 = getelementptr float, ptr addrspace(1) %out, i32 %tid
  br label %j
e:
  %q2 = getelementptr float, ptr addrspace(1) %out, i64 %t64
  %s = fmul float %accn, 2.0
  br label %j
j:
  %q = phi ptr addrspace(1) [ %q1, %t ], [ %q2, %e ]
  %r = phi float [ %accn, %t ], [ %s, %e ]
  store float %r, ptr addrspace(1) %q
  ret void
}
"#;

    #[test]
    fn roots_loop_carried_and_merged_addresses() {
        let m = ll(LOOP_AND_MERGE);
        let k = raise_first(&m);
        assert_eq!(
            dynamic_accesses(&k),
            0,
            "{}",
            crate::print::print_kernel(&k)
        );
        let a: Vec<f32> = (0..8).map(|i| i as f32).collect();
        let out = run(&m, &k, &[a, vec![0.0; 4]], 3);
        // thread t sums a[t..t+3]; odd threads store it, even ones twice it.
        let want: Vec<f32> = (0..4)
            .map(|t| {
                let s = (3 * t + 3) as f32;
                if t % 2 == 1 {
                    s
                } else {
                    2.0 * s
                }
            })
            .collect();
        assert_eq!(out[1], want);
    }

    /// A pointer merged from two different buffers has no single root: the access stays
    /// dynamic (and still computes the right thing).
    #[test]
    fn roots_different_roots_stay_dynamic() {
        let m = ll(r#"
define void @k(ptr addrspace(1) %a, ptr addrspace(1) %b, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %odd = and i32 %tid, 1
  %isodd = icmp eq i32 %odd, 1
  br i1 %isodd, label %t, label %e
t:
  br label %j
e:
  br label %j
j:
  %q = phi ptr addrspace(1) [ %a, %t ], [ %b, %e ]
  %p = getelementptr float, ptr addrspace(1) %q, i32 %tid
  store float 1.0, ptr addrspace(1) %p
  ret void
}
"#);
        let k = raise_first(&m);
        assert_eq!(
            dynamic_accesses(&k),
            1,
            "{}",
            crate::print::print_kernel(&k)
        );
        let out = run(&m, &k, &[vec![0.0; 4], vec![0.0; 4]], 0);
        assert_eq!(out[0], vec![0.0, 1.0, 0.0, 1.0]);
        assert_eq!(out[1], vec![1.0, 0.0, 1.0, 0.0]);
    }

    /// A data-dependent loop (a `While`, not convertible to `For`) walking a pointer, and
    /// the final pointer (a `While` result) read after the loop.
    #[test]
    fn roots_while_result_pointer() {
        let m = ll(r#"
define void @k(ptr addrspace(1) %a, ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %s = getelementptr float, ptr addrspace(1) %a, i32 %tid
  br label %loop
loop:
  %p = phi ptr addrspace(1) [ %s, %entry ], [ %pn, %loop ]
  %v = load float, ptr addrspace(1) %p
  %pn = getelementptr float, ptr addrspace(1) %p, i32 1
  %c = fcmp one float %v, 0.0
  br i1 %c, label %loop, label %exit
exit:
  %w = load float, ptr addrspace(1) %p
  %pi = ptrtoint ptr addrspace(1) %p to i64
  %ai = ptrtoint ptr addrspace(1) %a to i64
  %d = sub i64 %pi, %ai
  %idx = lshr i64 %d, 2
  %f = uitofp i64 %idx to float
  %r = fadd float %f, %w
  %o = getelementptr float, ptr addrspace(1) %out, i32 %tid
  store float %r, ptr addrspace(1) %o
  ret void
}
"#);
        let k = raise_first(&m);
        assert_eq!(
            dynamic_accesses(&k),
            0,
            "{}",
            crate::print::print_kernel(&k)
        );
        assert!(crate::print::print_kernel(&k).contains(" = while "));
        let a = vec![1.0, 2.0, 0.0, 3.0, 4.0, 0.0, 1.0, 0.0];
        let out = run(&m, &k, &[a, vec![-1.0; 4]], 0);
        // the index of the first zero at or after a[tid]
        assert_eq!(out[1], vec![2.0, 2.0, 2.0, 5.0]);
    }

    #[test]
    fn roots_gather_indirect_ptx_loop_carried_addresses() {
        let k = raise_first(&example_ptx("gather_indirect"));
        assert_eq!(
            dynamic_accesses(&k),
            0,
            "{}",
            crate::print::print_kernel(&k)
        );
    }
}
