//! Owner-computes accumulation: [`gather_accumulation`] rewrites a stencil adjoint's
//! scatter-form atomic adds (thread `i` adds `v_m(i)` into `x_bar[i + k_m]`) into gather
//! form (thread `j` adds `sum_m v_m(j - k_m)` into `x_bar[j]`, once).
//!
//! # Why
//! The adjoint of `y[i] = c0 x[i] + c1 x[i + 1] + c2 x[i + 2]` adds into `x_bar[i]`,
//! `x_bar[i + 1]`, `x_bar[i + 2]`: three neighbouring threads update each element. Even
//! with the atomics made plain inside a block ([`super::blocklocal`]) the CPU backend's
//! thread loop carries a dependence from one thread to the next through memory, which
//! LLVM does not vectorise. In gather form every element has exactly one writer, its
//! owner thread, so the loop is a plain elementwise map.
//!
//! # What it rewrites
//! Run on an adjoint [`super::specialize`]d to a one-dimensional launch (`grid = [G, 1,
//! 1]`, `block = [B, 1, 1]`, flat thread index `i = bx * B + tx` in `[0, T)`, `T = G B`),
//! before [`super::accumulate::plain_accumulation`]. A *group* is the set of atomic adds
//! (`FAdd` or `Add`) on one launch buffer `X`; it is rewritten when all of this is proven
//! (else it is kept as it is, with the reason in [`GatherReport::kept`]):
//! * every access of the kernel that may touch `X` is one of the group's atomics, all
//!   through one parameter, none of them inside a loop, none of their old values used;
//! * the byte offset of atomic `m` is, by the exact affine analysis of
//!   [`super::accumulate`] (no wrapping over the launch), `e * (i + k_m) + r` with `e` the
//!   element size and constant `k_m`, `r` (unit coefficient in the flat index: one
//!   element per thread and term, `x_bar[i + k_m]`);
//! * the added value `v_m` and the conditions of the `If`s around the atomic are
//!   *recomputable at another thread*: built from values uniform over the launch, affine
//!   forms of the flat index (rematerialised from the shifted index), pure ops, and loads
//!   of buffers that the rewritten kernel does not write (the conditions: no loads at
//!   all, since they are evaluated for indices outside the launch too);
//! * a buffer `Y` whose loads are needed but which the kernel writes (the adjoint zeroing
//!   `y_bar[i]` after reading it) is accepted when each write to it is a store of a
//!   constant, outside loops, at a recomputable offset under recomputable conditions, and
//!   every load of `Y` in the kernel comes before it in program order and touches no byte
//!   it writes in another thread (the affine disjointness proof): then every load of `Y`
//!   sees `Y`'s initial contents, and the stores move to an *epilogue* kernel (same launch,
//!   run right after; [`Gathered::epilogue`]) which performs exactly them.
//!
//! The rewritten kernel keeps everything else and, at the end of each thread `j`:
//! `c_m = 0 <= j - k_m < T && guard_m(j - k_m)`; if every `c_m` holds and `j` is not an
//! edge thread (below), `x_bar[j] += v_0(j - k_0) + v_1(j - k_1) + ...` (branch-free, the
//! CPU backend's index-set split makes the interior one straight loop); otherwise, when
//! some `c_m` holds, the same sum with the terms whose `c_m` fails replaced by zero; and an
//! edge thread (`j + k_m` outside `[0, T)` for some `m`) keeps its scatter atomic
//! `x_bar[j + k_m] += v_m(j)` for those terms.
//!
//! # Why it is legal
//! Every pair (thread `i`, term `m`) that executed `x_bar[i + k_m] += v_m(i)` is counted
//! exactly once: by thread `j = i + k_m` when `j` is in `[0, T)` (`c_m` at `j` is the
//! original thread's execution condition), else by thread `i`'s kept atomic. The value is
//! the same: every recomputed op is pure or a load that sees what the original thread saw.
//! `x_bar`'s elements in `[0, T)` each have one writer (plain load, add, store), those
//! outside are only touched by atomics; no other op touches `x_bar`, so the order of the
//! updates is unobservable except for the reassociation of each element's sum (a float
//! sum in a different order: the same policy as float privatization; integer adds are
//! exact). Refused whenever a condition is not proven.

use std::collections::{HashMap, HashSet};

use super::accumulate::{collect_sites, walk, AccumulateOptions, Analysis, Apart, Key, Site};
use crate::effects::path_to;
use crate::ir::{
    Addr, AtomicOp, BinaryOp, CastOp, IntPredicate, Kernel, Level, MemRoot, OpId, OpKind, Region,
    Type, Value, ValueDef,
};

/// The rewritten adjoint, and the kernel to launch right after it (same launch), if any.
#[derive(Clone, Debug)]
pub struct Gathered {
    pub main: Kernel,
    /// The stores moved out of `main` (zeroing of cotangents read by the gather), alone.
    pub epilogue: Option<Kernel>,
}

/// What happened to the atomic adds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GatherReport {
    /// Atomics rewritten into gather form.
    pub gathered: Vec<OpId>,
    /// Stores moved into the epilogue.
    pub moved: Vec<OpId>,
    /// Atomic adds kept, and why.
    pub kept: Vec<(OpId, String)>,
}

/// One scatter term: `x_bar[i + k] += value` under the `If` conditions `conds`.
#[derive(Clone, Debug)]
struct Term {
    op: OpId,
    k: i64,
    value: Value,
    conds: Vec<(Value, bool)>,
}

/// The atomics on one buffer.
#[derive(Clone, Debug)]
struct Group {
    key: Key,
    param: u32,
    elem: i64,
    resid: i64,
    ty: Type,
    aop: AtomicOp,
    terms: Vec<Term>,
}

/// Rewrite the provably gatherable atomic-add groups of `kernel` (see the module
/// documentation). `None` when nothing was rewritten (the report says why).
pub fn gather_accumulation(
    kernel: &Kernel,
    opts: &AccumulateOptions,
) -> (Option<Gathered>, GatherReport) {
    let mut report = GatherReport::default();
    let cands = super::accumulate::candidates(kernel);
    if cands.is_empty() {
        return (None, report);
    }
    let refuse_all = |report: &mut GatherReport, why: &str| {
        report.kept = cands.iter().map(|&o| (o, why.to_string())).collect();
    };
    if opts.grid[1..] != [1, 1] || opts.block[1..] != [1, 1] {
        refuse_all(&mut report, "the launch is not one-dimensional");
        return (None, report);
    }
    let Some(an) = Analysis::new(kernel, opts) else {
        refuse_all(
            &mut report,
            "the kernel is not one grid of blocks of threads",
        );
        return (None, report);
    };
    let sites = match collect_sites(kernel, opts, &an) {
        Ok(s) => s,
        Err(why) => {
            refuse_all(&mut report, why);
            return (None, report);
        }
    };
    if sites.iter().any(|s| matches!(s.key, Key::Unbound(_))) {
        refuse_all(&mut report, "a pointer parameter of unknown binding");
        return (None, report);
    }
    let Some(cx) = Cx::new(kernel, opts, &an) else {
        refuse_all(
            &mut report,
            "the kernel is not one grid of blocks of threads",
        );
        return (None, report);
    };
    let mut order = Vec::new();
    walk(kernel, &kernel.body, &mut order, 0);
    let pos: HashMap<OpId, usize> = order.iter().enumerate().map(|(i, &o)| (o, i)).collect();
    let uses = use_counts(kernel);

    // Groups by buffer.
    let mut groups: Vec<Group> = Vec::new();
    let mut bad: Vec<(Key, String)> = Vec::new();
    for &a in &cands {
        let Some(site) = sites.iter().find(|s| s.op == a) else {
            report
                .kept
                .push((a, "not an access of a known buffer".into()));
            continue;
        };
        match cx.term(a, &uses) {
            Ok((param, elem, resid, ty, aop, term)) => {
                match groups.iter_mut().find(|g| g.key == site.key) {
                    Some(g) => {
                        if (g.param, g.elem, g.resid, g.ty, g.aop) != (param, elem, resid, ty, aop)
                        {
                            bad.push((
                                site.key,
                                "the atomics differ in parameter, type or alignment".into(),
                            ));
                        }
                        g.terms.push(term);
                    }
                    None => groups.push(Group {
                        key: site.key,
                        param,
                        elem,
                        resid,
                        ty,
                        aop,
                        terms: vec![term],
                    }),
                }
            }
            Err(why) => {
                bad.push((
                    site.key,
                    format!("another atomic on the buffer is kept: {why}"),
                ));
                report.kept.push((a, why));
            }
        }
    }
    // Every access of a group's buffer must be one of its atomics.
    for g in &groups {
        if let Some(s) = sites
            .iter()
            .find(|s| s.key == g.key && !g.terms.iter().any(|t| t.op == s.op))
        {
            bad.push((
                g.key,
                format!("op{} also accesses the accumulated buffer", s.op.0),
            ));
        }
    }
    fn refuse(report: &mut GatherReport, groups: &mut Vec<Group>, key: Key, why: String) {
        if let Some(i) = groups.iter().position(|g| g.key == key) {
            for t in &groups[i].terms {
                report.kept.push((t.op, why.clone()));
            }
            groups.remove(i);
        }
    }
    // One element per thread already: `plain_accumulation` makes it plain, no gather
    // (and no epilogue) needed.
    for g in &groups {
        if g.terms.iter().all(|t| t.k == 0) {
            bad.push((
                g.key,
                "thread-private already (plain accumulation applies)".into(),
            ));
        }
    }
    for (key, why) in bad {
        refuse(&mut report, &mut groups, key, why);
    }
    // Generate; a group whose recomputation fails is dropped and the rest tried again.
    loop {
        if groups.is_empty() {
            for &a in &cands {
                if !report.kept.iter().any(|(o, _)| *o == a) {
                    report.kept.push((a, "not gathered".into()));
                }
            }
            return (None, report);
        }
        match cx.generate(&groups, &sites, &pos) {
            Ok((main, epilogue, moved)) => {
                for g in &groups {
                    report.gathered.extend(g.terms.iter().map(|t| t.op));
                }
                report.moved = moved;
                return (Some(Gathered { main, epilogue }), report);
            }
            Err((key, why)) => refuse(&mut report, &mut groups, key, why),
        }
    }
}

/// How often each value is used (operands of placed ops, at any depth).
fn use_counts(k: &Kernel) -> Vec<u32> {
    fn count(k: &Kernel, r: &Region, uses: &mut [u32]) {
        for &op in &r.ops {
            let kind = &k.op(op).kind;
            kind.for_each_operand(|v| uses[v.index()] += 1);
            for sub in kind.regions() {
                count(k, sub, uses);
            }
        }
    }
    let mut uses = vec![0u32; k.values.len()];
    count(k, &k.body, &mut uses);
    uses
}

/// The analysis context of one kernel.
struct Cx<'a> {
    k: &'a Kernel,
    an: &'a Analysis<'a>,
    block_op: OpId,
    /// Ops inside the grid `Parallel` (their values may vary across threads).
    inside: HashSet<OpId>,
    bsize: i64,
    total: i64,
    param_key: Vec<Option<Key>>,
}

/// Where code is emitted: ops appended to `out`, values already emitted in `memo`.
struct Emit<'e> {
    dst: &'e mut Kernel,
    out: Vec<OpId>,
    /// (thread index value, original value) -> emitted value.
    memo: HashMap<(Value, Value), Value>,
}

impl Emit<'_> {
    fn op(&mut self, kind: OpKind, ty: Type) -> Value {
        let o = self.dst.create_op(kind, &[ty], None);
        self.out.push(o);
        self.dst.ops[o.index()].results[0]
    }
    fn konst(&mut self, ty: Type, v: i64) -> Value {
        self.op(
            OpKind::Const {
                bits: (v as u64) & ty.mask(),
            },
            ty,
        )
    }
    fn bin(&mut self, op: BinaryOp, a: Value, b: Value, ty: Type) -> Value {
        self.op(OpKind::Binary(op, a, b), ty)
    }
    fn icmp(&mut self, p: IntPredicate, a: Value, c: i64) -> Value {
        let c = self.konst(Type::I32, c);
        self.op(OpKind::ICmp(p, a, c), Type::I1)
    }
    fn and(&mut self, a: Option<Value>, b: Value) -> Value {
        match a {
            None => b,
            Some(a) => self.bin(BinaryOp::And, a, b, Type::I1),
        }
    }
    fn or(&mut self, a: Option<Value>, b: Value) -> Value {
        match a {
            None => b,
            Some(a) => self.bin(BinaryOp::Or, a, b, Type::I1),
        }
    }
    fn not(&mut self, a: Value) -> Value {
        let t = self.konst(Type::I1, 1);
        self.bin(BinaryOp::Xor, a, t, Type::I1)
    }
    /// A sub-emitter for a nested region (the memo is copied: values of the outer region
    /// dominate the nested one, not the other way).
    fn nested<R>(&mut self, f: impl FnOnce(&mut Emit) -> R) -> (Vec<OpId>, R) {
        let memo = self.memo.clone();
        let mut e = Emit {
            dst: &mut *self.dst,
            out: Vec::new(),
            memo,
        };
        let r = f(&mut e);
        (e.out, r)
    }
    /// `if cond { then } else { els }` with `ty` results (`then`/`els` give the yielded
    /// values).
    fn if_(
        &mut self,
        cond: Value,
        tys: &[Type],
        then: impl FnOnce(&mut Emit) -> Result<Vec<Value>, String>,
        els: impl FnOnce(&mut Emit) -> Result<Vec<Value>, String>,
    ) -> Result<Vec<Value>, String> {
        let (mut t_ops, tv) = self.nested(then);
        let tv = tv?;
        let (mut e_ops, ev) = self.nested(els);
        let ev = ev?;
        t_ops.push(self.dst.create_op(OpKind::Yield(tv), &[], None));
        e_ops.push(self.dst.create_op(OpKind::Yield(ev), &[], None));
        let o = self.dst.create_op(
            OpKind::If {
                cond,
                then_region: Region {
                    args: vec![],
                    ops: t_ops,
                },
                else_region: Region {
                    args: vec![],
                    ops: e_ops,
                },
            },
            tys,
            None,
        );
        self.out.push(o);
        Ok(self.dst.ops[o.index()].results.clone())
    }
}

/// Keys of the buffers loaded by a recomputation (`None`: loads are refused).
type Loads<'l> = Option<&'l mut Vec<Key>>;

impl<'a> Cx<'a> {
    fn new(k: &'a Kernel, opts: &AccumulateOptions, an: &'a Analysis<'a>) -> Option<Cx<'a>> {
        let grid_op = k.body.ops.iter().copied().find(|&o| {
            matches!(
                k.op(o).kind,
                OpKind::Parallel {
                    level: Level::Grid,
                    ..
                }
            )
        })?;
        let OpKind::Parallel { body: gbody, .. } = &k.op(grid_op).kind else {
            return None;
        };
        let block_op = gbody.ops.iter().copied().find(|&o| {
            matches!(
                k.op(o).kind,
                OpKind::Parallel {
                    level: Level::Block,
                    ..
                }
            )
        })?;
        // Grid-level code runs again in the epilogue: only pure ops and allocations.
        let plain = gbody.ops.iter().all(|&o| {
            let kind = &k.op(o).kind;
            o == block_op
                || crate::raising::cleanup::pure(k, kind)
                || matches!(kind, OpKind::SharedAlloc(_) | OpKind::Yield(_))
        });
        if !plain {
            return None;
        }
        let mut ops = Vec::new();
        walk(k, gbody, &mut ops, 0);
        let bsize = i64::from(opts.block[0]);
        let total = bsize.checked_mul(i64::from(opts.grid[0]))?;
        if total > i64::from(i32::MAX) {
            return None;
        }
        let param_key = (0..k.params.len())
            .map(|p| match opts.param_buffers.get(p) {
                Some(Some((b, _))) => Some(Key::Buffer(*b)),
                _ => None,
            })
            .collect();
        Some(Cx {
            k,
            an,
            block_op,
            inside: ops.into_iter().collect(),
            bsize,
            total,
            param_key,
        })
    }

    /// The `If` conditions (value, branch) from the block body down to `op`.
    fn conds(&self, op: OpId) -> Result<Vec<(Value, bool)>, String> {
        let path = path_to(self.k, op).ok_or("the op is not placed")?;
        let start = path
            .iter()
            .position(|s| s.owner == Some(self.block_op))
            .ok_or("the op is not in the thread loop")?;
        let mut conds = Vec::new();
        for s in &path[start + 1..] {
            let Some(owner) = s.owner else { continue };
            match &self.k.op(owner).kind {
                OpKind::If { cond, .. } => conds.push((*cond, s.region == 0)),
                _ => return Err(format!("op{} is inside a loop", op.0)),
            }
        }
        Ok(conds)
    }

    /// Check one atomic: (param, element size, residue, type, op, term).
    fn term(&self, a: OpId, uses: &[u32]) -> Result<(u32, i64, i64, Type, AtomicOp, Term), String> {
        let data = self.k.op(a);
        let OpKind::Atomic {
            op: aop,
            addr:
                Addr::Root {
                    root: MemRoot::Param(p),
                    offset,
                },
            value,
        } = data.kind
        else {
            return Err("not an atomic add on a parameter's buffer".into());
        };
        if data.results.iter().any(|r| uses[r.index()] > 0) {
            return Err(format!("the old value of op{} is used", a.0));
        }
        let ty = self.k.value_type(value);
        let elem = ty.bytes() as i64;
        if elem == 0 {
            return Err("an element of no size".into());
        }
        let l = self
            .an
            .lin(offset, 0)
            .ok_or_else(|| format!("the offset of op{} is not affine in the thread index", a.0))?;
        if l.c[3] != elem || l.c[0] != elem * self.bsize {
            return Err(format!(
                "the offset of op{} is not one element per flat thread index",
                a.0
            ));
        }
        let resid = l.k.rem_euclid(elem);
        let k = (l.k - resid) / elem;
        let conds = self.conds(a)?;
        Ok((
            p,
            elem,
            resid,
            ty,
            aop,
            Term {
                op: a,
                k,
                value,
                conds,
            },
        ))
    }

    /// Emit `v` as computed by the thread of flat index `s` (an i32 value of `e.dst`).
    fn remat(&self, e: &mut Emit, v: Value, s: Value, mut loads: Loads) -> Result<Value, String> {
        self.remat_d(e, v, s, &mut loads, 0)
    }

    fn remat_d(
        &self,
        e: &mut Emit,
        v: Value,
        s: Value,
        loads: &mut Loads,
        depth: usize,
    ) -> Result<Value, String> {
        if let Some(&r) = e.memo.get(&(s, v)) {
            return Ok(r);
        }
        if depth > 200 {
            return Err("the recomputation is too deep".into());
        }
        let def = self.k.value_def(v);
        let r = match def {
            ValueDef::Param(_) => v,
            ValueDef::Result(op, _) if !self.inside.contains(&op) => v,
            _ => {
                let ty = self.k.value_type(v);
                let lin = if ty.is_int() { self.an.lin(v, 0) } else { None };
                if let Some(l) = lin {
                    self.materialise(e, l, ty, s)?
                } else {
                    match def {
                        ValueDef::Result(op, 0) => self.clone_op(e, op, s, loads, depth)?,
                        _ => {
                            return Err(format!(
                                "value %{} is not recomputable at another thread",
                                v.index()
                            ))
                        }
                    }
                }
            }
        };
        e.memo.insert((s, v), r);
        Ok(r)
    }

    /// `a * s + k` in `ty` for the affine form `l = a * i + k` of the flat index.
    fn materialise(
        &self,
        e: &mut Emit,
        l: super::accumulate::Lin,
        ty: Type,
        s: Value,
    ) -> Result<Value, String> {
        let a = l.c[3];
        if l.c[0] != a * self.bsize {
            return Err("a value depends on the block or thread index alone".into());
        }
        if a == 0 {
            return Ok(e.konst(ty, l.k));
        }
        let (lo, hi) = match ty {
            Type::I32 => (i128::from(i32::MIN), i128::from(i32::MAX)),
            Type::I64 => (i128::from(i64::MIN), i128::from(i64::MAX)),
            _ => return Err("a thread-dependent integer of an odd width".into()),
        };
        let end = i128::from(a) * i128::from(self.total - 1);
        for x in [end, end + i128::from(l.k), i128::from(l.k)] {
            if x < lo || x > hi {
                return Err("an affine value may wrap".into());
            }
        }
        let base = if ty == Type::I64 {
            e.op(OpKind::Cast(CastOp::SExt, s), Type::I64)
        } else {
            s
        };
        let mut r = base;
        if a != 1 {
            let c = e.konst(ty, a);
            r = e.bin(BinaryOp::Mul, r, c, ty);
        }
        if l.k != 0 {
            let c = e.konst(ty, l.k);
            r = e.bin(BinaryOp::Add, r, c, ty);
        }
        Ok(r)
    }

    fn clone_op(
        &self,
        e: &mut Emit,
        op: OpId,
        s: Value,
        loads: &mut Loads,
        depth: usize,
    ) -> Result<Value, String> {
        let data = self.k.op(op);
        let [ty] = data.results[..]
            .iter()
            .map(|&r| self.k.value_type(r))
            .collect::<Vec<_>>()[..]
        else {
            return Err(format!("op{} has several results", op.0));
        };
        let mut kind = data.kind.clone();
        match &mut kind {
            OpKind::Load {
                addr: Addr::Root { root, offset },
            } => {
                let key = match *root {
                    MemRoot::Param(p) => self.param_key.get(p as usize).copied().flatten(),
                    MemRoot::Global(g) => Some(Key::Global(g.0)),
                    _ => None,
                }
                .ok_or_else(|| format!("op{} loads from a buffer of unknown binding", op.0))?;
                match loads {
                    Some(l) => l.push(key),
                    None => return Err(format!("op{}: a condition loads from memory", op.0)),
                }
                *offset = self.remat_d(e, *offset, s, loads, depth + 1)?;
            }
            k if crate::raising::cleanup::pure(self.k, k)
                && !matches!(
                    k,
                    OpKind::LaneId | OpKind::RootAddr(_) | OpKind::PtrAdd { .. }
                ) =>
            {
                let mut err = None;
                let mut ops = Vec::new();
                k.for_each_operand(|v| ops.push(v));
                let mut new = Vec::with_capacity(ops.len());
                for v in ops {
                    match self.remat_d(e, v, s, loads, depth + 1) {
                        Ok(r) => new.push(r),
                        Err(w) => err = Some(w),
                    }
                }
                if let Some(w) = err {
                    return Err(w);
                }
                let mut it = new.into_iter();
                k.for_each_operand_mut(|v| {
                    if let Some(r) = it.next() {
                        *v = r;
                    }
                });
            }
            _ => {
                return Err(format!(
                    "op{} is not recomputable at another thread (not pure)",
                    op.0
                ))
            }
        }
        Ok(e.op(kind, ty))
    }

    /// The conjunction of `conds` at thread `s` (`None`: no condition).
    fn cond_at(
        &self,
        e: &mut Emit,
        conds: &[(Value, bool)],
        s: Value,
    ) -> Result<Option<Value>, String> {
        let mut c = None;
        for &(v, branch) in conds {
            let mut x = self.remat(e, v, s, None)?;
            if !branch {
                x = e.not(x);
            }
            c = Some(e.and(c, x));
        }
        Ok(c)
    }

    /// The main kernel, the epilogue, the moved stores; or the key of a group to refuse.
    #[allow(clippy::type_complexity)]
    fn generate(
        &self,
        groups: &[Group],
        sites: &[Site],
        pos: &HashMap<OpId, usize>,
    ) -> Result<(Kernel, Option<Kernel>, Vec<OpId>), (Key, String)> {
        let gathered: HashSet<OpId> = groups
            .iter()
            .flat_map(|g| g.terms.iter().map(|t| t.op))
            .collect();
        let mut main = self.k.clone();
        main.block_local_atomics.clear();
        let (bx, tx) = (self.an.vars[0], self.an.vars[3]);
        let mut e = Emit {
            dst: &mut main,
            out: Vec::new(),
            memo: HashMap::new(),
        };
        let b = e.konst(Type::I32, self.bsize);
        let base = e.bin(BinaryOp::Mul, bx, b, Type::I32);
        let j = e.bin(BinaryOp::Add, base, tx, Type::I32);
        let mut loaded: Vec<(Key, Key)> = Vec::new();
        for g in groups {
            let err = |w: String| (g.key, w);
            let mut loads = Vec::new();
            self.gather_group(&mut e, g, j, &mut loads).map_err(err)?;
            loaded.extend(loads.into_iter().map(|l| (g.key, l)));
        }
        let body = std::mem::take(&mut e.out);
        // Which loaded buffers are written by the rewritten kernel.
        let mut moved: Vec<OpId> = Vec::new();
        for &(gkey, key) in &loaded {
            if groups.iter().any(|g| g.key == key) {
                return Err((gkey, "a gathered value reads an accumulated buffer".into()));
            }
            let writes: Vec<&Site> = sites
                .iter()
                .filter(|s| s.key == key && !gathered.contains(&s.op) && writes(self.k, s.op))
                .collect();
            for w in writes {
                if moved.contains(&w.op) {
                    continue;
                }
                self.movable(w, sites, pos).map_err(|why| {
                    (
                        gkey,
                        format!("a gathered value reads a buffer the kernel writes: {why}"),
                    )
                })?;
                moved.push(w.op);
            }
        }
        moved.sort_by_key(|o| pos.get(o).copied().unwrap_or(usize::MAX));
        // Place the gather at the end of the thread body, without the old atomics and
        // the moved stores.
        let remove: HashSet<OpId> = gathered.iter().chain(&moved).copied().collect();
        let mut top = std::mem::take(&mut main.body);
        remove_ops(&mut main, &mut top, &remove);
        main.body = top;
        append_to_block(&mut main, self.block_op, body);
        dead_code(&mut main);
        // The epilogue: the moved stores alone.
        let epilogue = if moved.is_empty() {
            None
        } else {
            let mut ep = self.k.clone();
            ep.block_local_atomics.clear();
            let mut e = Emit {
                dst: &mut ep,
                out: Vec::new(),
                memo: HashMap::new(),
            };
            let b = e.konst(Type::I32, self.bsize);
            let base = e.bin(BinaryOp::Mul, bx, b, Type::I32);
            let j = e.bin(BinaryOp::Add, base, tx, Type::I32);
            for &st in &moved {
                let key = groups[0].key;
                self.epilogue_store(&mut e, st, j).map_err(|w| (key, w))?;
            }
            let body = std::mem::take(&mut e.out);
            if let OpKind::Parallel { body: bb, .. } = &mut ep.op_mut(self.block_op).kind {
                bb.ops.clear();
            }
            let y = ep.create_op(OpKind::Yield(vec![]), &[], None);
            append_to_block(&mut ep, self.block_op, body);
            if let OpKind::Parallel { body: bb, .. } = &mut ep.op_mut(self.block_op).kind {
                bb.ops.push(y);
            }
            dead_code(&mut ep);
            Some(ep)
        };
        let check = |k: &Kernel| {
            crate::verify::verify_kernel(k).map_err(|d| (groups[0].key, d.to_string()))
        };
        check(&main)?;
        if let Some(ep) = &epilogue {
            check(ep)?;
        }
        Ok((main, epilogue, moved))
    }

    /// Emit the gather of group `g` for thread `j` (see the module documentation).
    fn gather_group(
        &self,
        e: &mut Emit,
        g: &Group,
        j: Value,
        loads: &mut Vec<Key>,
    ) -> Result<(), String> {
        let t = self.total;
        // Per term: the shifted index and its condition.
        let mut shifted = Vec::new();
        let mut all = None;
        for term in &g.terms {
            let s = if term.k == 0 {
                j
            } else {
                let k = e.konst(Type::I32, term.k);
                e.bin(BinaryOp::Sub, j, k, Type::I32)
            };
            let lo = e.icmp(IntPredicate::Sge, s, 0);
            let hi = e.icmp(IntPredicate::Slt, s, t);
            let mut c = e.bin(BinaryOp::And, lo, hi, Type::I1);
            if let Some(pc) = self.cond_at(e, &term.conds, s)? {
                c = e.bin(BinaryOp::And, c, pc, Type::I1);
            }
            all = Some(e.and(all, c));
            shifted.push((s, c));
        }
        let all = all.ok_or("an empty group")?;
        let kmax = g.terms.iter().map(|t| t.k).max().unwrap_or(0);
        let kmin = g.terms.iter().map(|t| t.k).min().unwrap_or(0);
        let mut edge = None;
        if kmax > 0 {
            let x = e.icmp(IntPredicate::Sge, j, t - kmax);
            edge = Some(e.or(edge, x));
        }
        if kmin < 0 {
            let x = e.icmp(IntPredicate::Slt, j, -kmin);
            edge = Some(e.or(edge, x));
        }
        let fast = match edge {
            Some(ed) => {
                let n = e.not(ed);
                e.bin(BinaryOp::And, all, n, Type::I1)
            }
            None => all,
        };
        // The element's byte offset `e * j + r`.
        let j64 = e.op(OpKind::Cast(CastOp::SExt, j), Type::I64);
        let es = e.konst(Type::I64, g.elem);
        let mut off = e.bin(BinaryOp::Mul, j64, es, Type::I64);
        if g.resid != 0 {
            let r = e.konst(Type::I64, g.resid);
            off = e.bin(BinaryOp::Add, off, r, Type::I64);
        }
        let add = if g.aop == AtomicOp::FAdd {
            BinaryOp::FAdd
        } else {
            BinaryOp::Add
        };
        let root = MemRoot::Param(g.param);
        let accumulate = |e: &mut Emit, vals: Vec<Value>| {
            let mut sum = None;
            for v in vals {
                sum = Some(match sum {
                    None => v,
                    Some(a) => e.bin(add, a, v, g.ty),
                });
            }
            if let Some(sum) = sum {
                let addr = Addr::Root { root, offset: off };
                let old = e.op(OpKind::Load { addr }, g.ty);
                let new = e.bin(add, old, sum, g.ty);
                let st = e
                    .dst
                    .create_op(OpKind::Store { addr, value: new }, &[], None);
                e.out.push(st);
            }
        };
        let cell = std::cell::RefCell::new(std::mem::take(loads));
        let value_at = |e: &mut Emit, term: &Term, s: Value| -> Result<Value, String> {
            let mut l = cell.borrow_mut();
            self.remat(e, term.value, s, Some(&mut l))
        };
        e.if_(
            fast,
            &[],
            |e| {
                let mut vals = Vec::new();
                for (term, &(s, _)) in g.terms.iter().zip(&shifted) {
                    vals.push(value_at(e, term, s)?);
                }
                accumulate(e, vals);
                Ok(vec![])
            },
            |e| {
                let any = shifted.iter().fold(None, |acc, &(_, c)| Some(e.or(acc, c)));
                let any = any.ok_or("an empty group")?;
                e.if_(
                    any,
                    &[],
                    |e| {
                        let mut vals = Vec::new();
                        for (term, &(s, c)) in g.terms.iter().zip(&shifted) {
                            let r = e.if_(
                                c,
                                &[g.ty],
                                |e| Ok(vec![value_at(e, term, s)?]),
                                |e| Ok(vec![e.konst(g.ty, 0)]),
                            )?;
                            vals.push(r[0]);
                        }
                        accumulate(e, vals);
                        Ok(vec![])
                    },
                    |_| Ok(vec![]),
                )?;
                // Edge threads keep their atomics for targets outside `[0, T)`.
                for term in g.terms.iter().filter(|t| t.k != 0) {
                    let out_of_range = if term.k > 0 {
                        e.icmp(IntPredicate::Sge, j, t - term.k)
                    } else {
                        e.icmp(IntPredicate::Slt, j, -term.k)
                    };
                    let c = match self.cond_at(e, &term.conds, j)? {
                        Some(pc) => e.bin(BinaryOp::And, out_of_range, pc, Type::I1),
                        None => out_of_range,
                    };
                    e.if_(
                        c,
                        &[],
                        |e| {
                            let v = value_at(e, term, j)?;
                            let d = e.konst(Type::I64, term.k * g.elem);
                            let o = e.bin(BinaryOp::Add, off, d, Type::I64);
                            let at = e.dst.create_op(
                                OpKind::Atomic {
                                    op: g.aop,
                                    addr: Addr::Root { root, offset: o },
                                    value: v,
                                },
                                &[g.ty],
                                None,
                            );
                            e.out.push(at);
                            Ok(vec![])
                        },
                        |_| Ok(vec![]),
                    )?;
                }
                Ok(vec![])
            },
        )?;
        *loads = cell.into_inner();
        Ok(())
    }

    /// Whether store site `w` may move to the epilogue (see the module documentation).
    fn movable(&self, w: &Site, sites: &[Site], pos: &HashMap<OpId, usize>) -> Result<(), String> {
        let OpKind::Store {
            addr: Addr::Root { .. },
            value,
        } = self.k.op(w.op).kind
        else {
            return Err(format!("op{} is not a plain store", w.op.0));
        };
        let ValueDef::Result(vop, _) = self.k.value_def(value) else {
            return Err(format!("op{} does not store a constant", w.op.0));
        };
        if !matches!(self.k.op(vop).kind, OpKind::Const { .. }) {
            return Err(format!("op{} does not store a constant", w.op.0));
        }
        self.conds(w.op)?;
        let wp = pos.get(&w.op).copied().unwrap_or(0);
        for s in sites.iter().filter(|s| s.key == w.key && s.op != w.op) {
            match self.k.op(s.op).kind {
                OpKind::Load { .. } => {
                    if pos.get(&s.op).copied().unwrap_or(usize::MAX) >= wp {
                        return Err(format!("op{} loads after the store op{}", s.op.0, w.op.0));
                    }
                    self.conds(s.op)?;
                    self.an.disjoint(w, s, Apart::Threads)?;
                }
                OpKind::Store { .. } => {}
                _ => return Err(format!("op{} also accesses the buffer", s.op.0)),
            }
        }
        Ok(())
    }

    /// Emit the moved store `st` for thread `j` under its conditions.
    fn epilogue_store(&self, e: &mut Emit, st: OpId, j: Value) -> Result<(), String> {
        let OpKind::Store {
            addr: Addr::Root { root, offset },
            value,
        } = self.k.op(st).kind
        else {
            return Err("not a store".into());
        };
        let conds = self.conds(st)?;
        let c = self.cond_at(e, &conds, j)?;
        let off = self.remat(e, offset, j, None)?;
        let v = self.remat(e, value, j, None)?;
        let store = OpKind::Store {
            addr: Addr::Root { root, offset: off },
            value: v,
        };
        match c {
            None => {
                let o = e.dst.create_op(store, &[], None);
                e.out.push(o);
            }
            Some(c) => {
                e.if_(
                    c,
                    &[],
                    |e| {
                        let o = e.dst.create_op(store, &[], None);
                        e.out.push(o);
                        Ok(vec![])
                    },
                    |_| Ok(vec![]),
                )?;
            }
        }
        Ok(())
    }
}

/// Whether `op` writes memory.
fn writes(k: &Kernel, op: OpId) -> bool {
    matches!(
        k.op(op).kind,
        OpKind::Store { .. }
            | OpKind::Atomic { .. }
            | OpKind::AtomicCas { .. }
            | OpKind::Memcpy { .. }
            | OpKind::Memset { .. }
    )
}

pub(super) fn remove_ops(k: &mut Kernel, r: &mut Region, remove: &HashSet<OpId>) {
    r.ops.retain(|o| !remove.contains(o));
    for &o in &r.ops.clone() {
        let mut kind = std::mem::replace(&mut k.op_mut(o).kind, OpKind::Yield(vec![]));
        for sub in kind.regions_mut() {
            remove_ops(k, sub, remove);
        }
        k.op_mut(o).kind = kind;
    }
}

/// Insert `ops` before the terminator of the block `Parallel`'s body.
fn append_to_block(k: &mut Kernel, block_op: OpId, ops: Vec<OpId>) {
    let last_yields = match &k.op(block_op).kind {
        OpKind::Parallel { body, .. } => body
            .ops
            .last()
            .is_some_and(|&o| matches!(k.op(o).kind, OpKind::Yield(_))),
        _ => false,
    };
    if let OpKind::Parallel { body, .. } = &mut k.op_mut(block_op).kind {
        let at = body.ops.len() - usize::from(last_yields);
        body.ops.splice(at..at, ops);
    }
}

/// Dead-code elimination that also drops unused loads, the unused results of `If`s (their
/// yielded values), `If`s left with nothing but their terminators (removing a load or
/// an empty branch changes no memory and no used value) and loops of [`effect_free`]
/// ops whose results are unused (see there why that is legal); then ops no longer placed lose
/// their memory effects ([`neutralise_unplaced`]).
pub(super) fn dead_code(k: &mut Kernel) {
    fn sweep(k: &mut Kernel, ops: Vec<OpId>, uses: &mut [u32]) -> Vec<OpId> {
        let mut out = Vec::with_capacity(ops.len());
        for op in ops.into_iter().rev() {
            let mut kind = std::mem::replace(&mut k.op_mut(op).kind, OpKind::Yield(Vec::new()));
            let unused = k.op(op).results.iter().all(|r| uses[r.index()] == 0);
            // The unused results of an `If` go, with their yielded values (the kept
            // results are renumbered).
            if let OpKind::If {
                then_region,
                else_region,
                ..
            } = &mut kind
            {
                let results = k.op(op).results.clone();
                let keep: Vec<bool> = results.iter().map(|r| uses[r.index()] > 0).collect();
                let yields: Vec<OpId> = [&*then_region, &*else_region]
                    .iter()
                    .filter_map(|r| r.ops.last().copied())
                    .collect();
                let arity_ok = yields.len() == 2
                    && yields.iter().all(
                        |&y| matches!(&k.op(y).kind, OpKind::Yield(v) if v.len() == results.len()),
                    );
                if arity_ok && keep.contains(&false) {
                    for &y in &yields {
                        if let OpKind::Yield(vals) = &mut k.op_mut(y).kind {
                            let old = std::mem::take(vals);
                            for (v, &kp) in old.into_iter().zip(&keep) {
                                if kp {
                                    vals.push(v);
                                } else {
                                    uses[v.index()] -= 1;
                                }
                            }
                        }
                    }
                    let kept: Vec<Value> = results
                        .iter()
                        .zip(&keep)
                        .filter(|(_, &kp)| kp)
                        .map(|(&r, _)| r)
                        .collect();
                    for (i, &r) in kept.iter().enumerate() {
                        k.values[r.index()].def = ValueDef::Result(op, i as u32);
                    }
                    k.op_mut(op).results = kept;
                }
            }
            for region in kind.regions_mut().into_iter().rev() {
                let inner = std::mem::take(&mut region.ops);
                region.ops = sweep(k, inner, uses);
            }
            let dead = unused
                && (crate::raising::cleanup::pure(k, &kind)
                    || matches!(kind, OpKind::Load { .. })
                    || matches!(&kind, OpKind::If { then_region, else_region, .. }
                        if [then_region, else_region].iter().all(|r| r.ops.len() == 1
                            && matches!(k.op(r.ops[0]).kind, OpKind::Yield(_))))
                    || (matches!(kind, OpKind::For { .. } | OpKind::While { .. })
                        && kind.regions().iter().all(|r| effect_free(k, r))));
            if dead {
                kind.for_each_operand(|v| uses[v.index()] -= 1);
                for r in kind.regions() {
                    for &o in &r.ops {
                        k.op(o).kind.for_each_operand(|v| uses[v.index()] -= 1);
                    }
                }
                k.op_mut(op).kind = kind;
                continue;
            }
            k.op_mut(op).kind = kind;
            out.push(op);
        }
        out.reverse();
        out
    }
    loop {
        let mut uses = use_counts(k);
        let before = count_ops(k, &k.body);
        let body = std::mem::take(&mut k.body);
        let ops = sweep(k, body.ops, &mut uses);
        k.body = Region {
            args: body.args,
            ops,
        };
        if count_ops(k, &k.body) == before {
            break;
        }
    }
    neutralise_unplaced(k);
}

/// Whether running `r` changes nothing but its own values: every op (recursively) is
/// pure (no trapping division), a load, a terminator, or an `If`/`For`/`While` made of
/// such ops. [`dead_code`] removes a loop of such ops whose results are unused. That is
/// legal in an adjoint: every loop in it is either its launch's forward loop re-executed
/// on the same inputs (which terminated in the primal run) or a reverse loop whose trip
/// count comes from one, so removing it removes a terminating computation of unused
/// values (it also matches the forward-progress rule of the CUDA C++ sources).
fn effect_free(k: &Kernel, r: &Region) -> bool {
    r.ops.iter().all(|&o| {
        let kind = &k.op(o).kind;
        match kind {
            OpKind::Load { .. } | OpKind::Yield(_) | OpKind::Condition { .. } => true,
            OpKind::If { .. } | OpKind::For { .. } | OpKind::While { .. } => {
                kind.regions().iter().all(|s| effect_free(k, s))
            }
            _ => crate::raising::cleanup::pure(k, kind),
        }
    })
}

/// Ops of the arena that are no longer placed in the kernel's regions lose their memory
/// effects (a write becomes a `Const` or an empty `Yield`, unplaced as before), so that
/// conservative scans of the whole arena (the driver's written-buffer sets) do not count
/// them. Placed ops are unchanged, so the kernel computes the same.
pub(super) fn neutralise_unplaced(k: &mut Kernel) {
    let mut placed = vec![false; k.ops.len()];
    let mut ops = Vec::new();
    walk(k, &k.body, &mut ops, 0);
    for o in ops {
        placed[o.index()] = true;
    }
    for (i, data) in k.ops.iter_mut().enumerate() {
        if placed[i] || !data.kind.touches_memory() {
            continue;
        }
        data.kind = if data.results.is_empty() {
            OpKind::Yield(vec![])
        } else {
            OpKind::Const { bits: 0 }
        };
    }
}

fn count_ops(k: &Kernel, r: &Region) -> usize {
    r.ops
        .iter()
        .map(|&o| {
            1 + k
                .op(o)
                .kind
                .regions()
                .iter()
                .map(|s| count_ops(k, s))
                .sum::<usize>()
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builder::Builder;
    use frontend::interp::{LaunchConfig, Memory};
    use frontend::ir::{AddrSpace, Flavor, Module};

    const G: Type = Type::Ptr(AddrSpace::Global);
    const N: i32 = 30;

    /// A 1-D kernel over `x_bar`, `y_bar`, `w` (f32) on blocks of 8: `body` gets the
    /// builder and the flat index `i = bx * 8 + tx`, inside `if i + 2 < N`.
    fn kernel(body: impl FnOnce(&mut Builder, Value)) -> Kernel {
        let mut b = Builder::new("g");
        for name in ["x_bar", "y_bar", "w"] {
            b.param(G, name);
        }
        b.grid(|b, [bx, _, _]| {
            b.block(|b, [tx, _, _]| {
                let eight = b.i32(8);
                let base = b.bin(BinaryOp::Mul, bx, eight);
                let i = b.bin(BinaryOp::Add, base, tx);
                let two = b.i32(2);
                let i2 = b.bin(BinaryOp::Add, i, two);
                let n = b.i32(N);
                let c = b.icmp(IntPredicate::Slt, i2, n);
                b.if_(
                    c,
                    &[],
                    |b| {
                        body(b, i);
                        vec![]
                    },
                    |_| vec![],
                );
            });
        });
        b.finish()
    }

    /// The byte offset of f32 element `idx` (an i32).
    fn at(b: &mut Builder, idx: Value) -> Value {
        let w = b.cast(CastOp::SExt, idx, Type::I64);
        let four = b.i64(4);
        b.bin(BinaryOp::Mul, w, four)
    }

    fn add(b: &mut Builder, idx: Value, v: Value) -> OpId {
        let off = at(b, idx);
        b.op(
            OpKind::Atomic {
                op: AtomicOp::FAdd,
                addr: Addr::Root {
                    root: MemRoot::Param(0),
                    offset: off,
                },
                value: v,
            },
            &[Type::F32],
        )
    }

    fn shifted(b: &mut Builder, i: Value, k: i32) -> Value {
        let kv = b.i32(k);
        b.bin(BinaryOp::Add, i, kv)
    }

    fn opts(grid: [u32; 2]) -> AccumulateOptions {
        AccumulateOptions {
            grid: [grid[0], grid[1], 1],
            block: [8, 1, 1],
            param_buffers: vec![Some((0, 0)), Some((1, 0)), Some((2, 0))],
        }
    }

    /// Run kernels one after another over three buffers of 40 f32 (small integers, so
    /// that every sum is exact in any order).
    fn run(ks: &[&Kernel], o: &AccumulateOptions) -> Vec<Vec<f32>> {
        let module = Module::new("g.ll", Flavor::ClangCuda);
        let mut mem = Memory::new(&module);
        let bases: Vec<u64> = (0..3)
            .map(|b| {
                let bytes: Vec<u8> = (0..40)
                    .flat_map(|j| (((j * 7 + b * 3) % 11) as f32 - 5.0).to_le_bytes())
                    .collect();
                mem.add_buffer(&format!("b{b}"), bytes)
            })
            .collect();
        let cfg = LaunchConfig {
            grid: o.grid,
            block: o.block,
            dynamic_shared_bytes: 0,
        };
        for k in ks {
            crate::interp::launch(&module, k, &cfg, &bases, &mut mem).unwrap();
        }
        bases
            .iter()
            .map(|&b| {
                mem.buffer(b)
                    .unwrap()
                    .chunks_exact(4)
                    .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
                    .collect()
            })
            .collect()
    }

    /// The stencil adjoint: `v = y_bar[i]; y_bar[i] = 0; x_bar[i + k] += c_k v`.
    fn stencil_adjoint(b: &mut Builder, i: Value) {
        let off = at(b, i);
        let v = b.load(Type::F32, MemRoot::Param(1), off);
        let zero = b.f32(0.0);
        b.store(MemRoot::Param(1), off, zero);
        let m2 = b.f32(-2.0);
        let w = b.bin(BinaryOp::FMul, v, m2);
        let p1 = shifted(b, i, 1);
        let p2 = shifted(b, i, 2);
        add(b, i, v);
        add(b, p1, w);
        add(b, p2, v);
    }

    #[test]
    fn stencil_adjoint_is_gathered_and_computes_the_same() {
        let k = kernel(stencil_adjoint);
        let o = opts([4, 1]);
        let (g, report) = gather_accumulation(&k, &o);
        let g = g.unwrap_or_else(|| panic!("{report:?}"));
        assert_eq!(report.gathered.len(), 3, "{report:?}");
        assert_eq!(report.moved.len(), 1, "{report:?}");
        let ep = g.epilogue.as_ref().unwrap();
        crate::verify::verify_kernel(&g.main).unwrap();
        crate::verify::verify_kernel(ep).unwrap();
        // 32 threads, 28 of them active: x_bar[0..30] and y_bar[0..28] change.
        let want = run(&[&k], &o);
        assert_eq!(run(&[&g.main, ep], &o), want);
        assert!(want[1][..28].iter().all(|&v| v == 0.0) && want[1][28] != 0.0);
        // The main kernel keeps no atomic of the interior (the edge ones are guarded) and
        // no store to y_bar; the epilogue stores only y_bar.
        let text = crate::print::print_kernel(&g.main);
        assert!(!text.contains("store param1"), "{text}");
        let text = crate::print::print_kernel(ep);
        assert!(
            text.contains("store param1") && !text.contains("param0"),
            "{text}"
        );
    }

    #[test]
    fn edge_threads_keep_their_atomics() {
        // Guard `i + 2 < 30` on 3 blocks of 8 (24 threads): threads 22 and 23 add into
        // x_bar[24], x_bar[25] (outside the thread range) through the kept atomics.
        let k = kernel(stencil_adjoint);
        let o = opts([3, 1]);
        let (g, report) = gather_accumulation(&k, &o);
        let g = g.unwrap_or_else(|| panic!("{report:?}"));
        let ep = g.epilogue.as_ref().unwrap();
        let want = run(&[&k], &o);
        assert_eq!(run(&[&g.main, ep], &o), want);
        assert!(crate::print::print_kernel(&g.main).contains("atomic.fadd"));
    }

    fn kept(k: &Kernel, o: &AccumulateOptions, why: &str) {
        let (g, report) = gather_accumulation(k, o);
        assert!(g.is_none(), "{report:?}");
        assert!(!report.kept.is_empty());
        assert!(
            report.kept.iter().any(|(_, w)| w.contains(why)),
            "{report:?}"
        );
    }

    #[test]
    fn non_unit_stride_is_refused() {
        let k = kernel(|b, i| {
            let two = b.i32(2);
            let j = b.bin(BinaryOp::Mul, i, two);
            let one = b.f32(1.0);
            add(b, j, one);
        });
        kept(&k, &opts([4, 1]), "not one element per flat thread index");
    }

    #[test]
    fn non_affine_address_is_refused() {
        let k = kernel(|b, i| {
            let two = b.i32(2);
            let j = b.bin(BinaryOp::SDiv, i, two);
            let one = b.f32(1.0);
            add(b, j, one);
        });
        kept(&k, &opts([4, 1]), "not affine");
    }

    #[test]
    fn value_from_a_written_buffer_is_refused() {
        // v = w[i]; w[i] = 2 v (not a constant: cannot move); x_bar[i + k] += v.
        let k = kernel(|b, i| {
            let off = at(b, i);
            let v = b.load(Type::F32, MemRoot::Param(2), off);
            let d = b.bin(BinaryOp::FAdd, v, v);
            b.store(MemRoot::Param(2), off, d);
            let p1 = shifted(b, i, 1);
            add(b, i, v);
            add(b, p1, v);
        });
        kept(&k, &opts([4, 1]), "reads a buffer the kernel writes");
        // A zeroing store before the load: the load would see it.
        let k = kernel(|b, i| {
            let off = at(b, i);
            let zero = b.f32(0.0);
            b.store(MemRoot::Param(1), off, zero);
            let v = b.load(Type::F32, MemRoot::Param(1), off);
            let p1 = shifted(b, i, 1);
            add(b, p1, v);
        });
        kept(&k, &opts([4, 1]), "loads after the store");
        // The value reads the accumulated buffer itself.
        let k = kernel(|b, i| {
            let off = at(b, i);
            let v = b.load(Type::F32, MemRoot::Param(0), off);
            let p1 = shifted(b, i, 1);
            add(b, p1, v);
        });
        kept(&k, &opts([4, 1]), "also accesses the accumulated buffer");
    }

    #[test]
    fn thread_private_groups_are_left_to_plain_accumulation() {
        let k = kernel(|b, i| {
            let one = b.f32(1.0);
            add(b, i, one);
        });
        kept(&k, &opts([4, 1]), "thread-private");
    }

    #[test]
    fn two_dimensional_launch_and_used_old_values_are_refused() {
        let k = kernel(stencil_adjoint);
        kept(&k, &opts([2, 2]), "not one-dimensional");
        let k = kernel(|b, i| {
            let one = b.f32(1.0);
            let a = add(b, i, one);
            let old = b.kernel.ops[a.index()].results[0];
            let off = at(b, i);
            b.store(MemRoot::Param(2), off, old);
        });
        kept(&k, &opts([4, 1]), "old value");
    }
}
