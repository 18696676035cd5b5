//! Owner-computes accumulation: [`gather_accumulation`] rewrites a stencil adjoint's
//! scatter-form atomic adds (thread `S` adds `v_m(S)` into `x_bar[E(S) + k_m]`) into
//! gather form (the thread `O` that owns element `E(O)` adds `sum v_m(O - d)` over the
//! threads `O - d` that reach it, once).
//!
//! # Why
//! The adjoint of `y[i] = c0 x[i] + c1 x[i + 1] + c2 x[i + 2]` adds into `x_bar[i]`,
//! `x_bar[i + 1]`, `x_bar[i + 2]`: three neighbouring threads update each element (five,
//! for a 2-D 5-point stencil: `x_bar[c +- 1]`, `x_bar[c +- nx]`). Even with the atomics
//! made plain inside a block ([`super::blocklocal`]) the CPU backend's thread loop
//! carries a dependence from one thread to the next through memory, which LLVM does not
//! vectorise. In gather form every element has exactly one writer, its owner thread, so
//! the loop is a plain elementwise map.
//!
//! # The launch as a grid of threads
//! Run on an adjoint [`super::specialize`]d to a launch `grid = [GX, GY, 1]`, `block =
//! [BX, BY, 1]`, before [`super::accumulate::plain_accumulation`]. A thread has the
//! coordinates `X = bx * BX + tx` in `[0, TX)` and `Y = by * BY + ty` in `[0, TY)` (`TX =
//! GX BX`, `TY = GY BY`, both at most 2^30); a one-dimensional launch is the case `TY =
//! 1`, `Y = 0`. An integer value is *affine in (X, Y)* when the exact affine analysis of
//! [`super::accumulate`] (no wrapping over the launch) gives it a form `a X + b Y + k`:
//! its coefficients of `bx` and `tx` are `a BX` and `a` (of `by`, `ty`: `b BY`, `b`;
//! those of an index whose range is `{0}` do not matter).
//!
//! A *group* is the set of atomic adds (`FAdd` or `Add`) on one launch buffer `X_bar`.
//! Each atomic `m` of it must have the byte offset `e (P Y + X + k_m) + r`: element size
//! `e`, residue `0 <= r < e` and *row pitch* `P >= 1` common to the group (`P := TX` when
//! `TY = 1`), a constant `k_m`. Element `E(X, Y) = P Y + X`.
//! * *Owners* are the threads with `X < W = min(P, TX)`; owner `O` owns element `E(O)`.
//!   Distinct owners own distinct elements (`P (Y - Y') = X' - X` with `|X' - X| < P`
//!   forces both sides to 0).
//! * The *shifts* of atomic `m` are the `d = (dx, dy)` with `P dy + dx = k_m`, `-(TX - 1)
//!   <= dx <= W - 1` and `|dy| <= TY - 1`: exactly the differences `O - S` of an owner `O`
//!   and a thread `S` with `E(O) = E(S) + k_m` (there can be several: `x_bar[c + 1]` of
//!   the last column is the first element of the next row). More than 4: refused. In one
//!   dimension the only shift is `(k_m, 0)`, when `|k_m| < TX`.
//!
//! # What it rewrites
//! A group is rewritten when all of this is proven (else it is kept as it is, with the
//! reason in [`GatherReport::kept`]):
//! * every access of the kernel that may touch `X_bar` is one of the group's atomics, all
//!   through one parameter, none of them inside a loop, none of their old values used,
//!   and their offsets have the form above (not all with `k_m = 0`: that is thread-private
//!   already, and [`super::accumulate`] makes it plain);
//! * the added value `v_m` and the conditions `guard_m` of the `If`s around the atomic are
//!   *recomputable at another thread*: built from values uniform over the launch, values
//!   affine in `(X, Y)` (rematerialised from the other thread's coordinates), pure ops
//!   that cannot trap, and loads of buffers that the rewritten kernel does not write (the
//!   conditions: no loads at all, since they are evaluated for coordinates outside the
//!   launch too);
//! * a buffer `Y_bar` whose loads are needed but which the kernel writes (the adjoint
//!   zeroing `y_bar[c]` after reading it) is accepted when each write to it is a store of
//!   a constant, outside loops, at a recomputable offset under recomputable conditions,
//!   and every load of `Y_bar` in the kernel comes before it in program order and touches
//!   no byte it writes in another thread (the affine disjointness proof of
//!   [`super::accumulate`], or the same proof over `(X, Y)` with the coordinate bounds of
//!   the enclosing `If`s, such as `col < nx`): then every load of `Y_bar` sees its
//!   initial contents, and the stores move to an *epilogue* kernel (same launch, run
//!   right after; [`Gathered::epilogue`]) which performs exactly them.
//!
//! Uses of an `If`'s result under an `If` on the same condition are first given the
//! taken branch's affine value ([`super::ifresults`]: the reverse sweep lifts addresses
//! out of the forward `If`s). The rewritten kernel keeps everything else and, at the end
//! of each thread `J` (with `c_{m,d} = (J - d is a thread) && guard_m(J - d)`):
//! * *gather*: when `J` is an owner and some `c_{m,d}` holds, `x_bar[E(J)] += sum over
//!   (m, d) of (c_{m,d} ? v_m(J - d) : 0)` (a plain load, add and store);
//! * *edge*: for each `m` with `guard_m(J)` such that no `J + d` (`d` a shift of `m`) is
//!   an owner, `J` keeps its atomic `x_bar[E(J) + k_m] += v_m(J)`;
//! * *fast path*, taken instead when it applies: let `F` be the atomics the owner at the
//!   centre of the launch gathers (its `c_{m,d_m}`, evaluated at compile time where the
//!   guards are comparisons of affine values; else all atomics) and `d_m` each atomic's
//!   shift of least `|dx|`. When `J` is an owner, `c_{m,d_m}` holds for every `m` in `F`
//!   and for no other `m`, no other shift's `J - d` is a thread and every `m` has a shift
//!   with `J + d` an owner (no edge): `x_bar[E(J)] += sum over m in F of v_m(J - d_m)`,
//!   branch-free; the CPU backend's index-set split (`lower/src/cpu/split.rs`) makes the
//!   interior of each row one straight, vectorised loop.
//!
//! # Why it is legal
//! Every pair (thread `S`, atomic `m`) that executed `x_bar[E(S) + k_m] += v_m(S)`
//! (`guard_m(S)` held) is counted exactly once. If some owner `O` owns `E(S) + k_m`, then
//! `d = O - S` is a shift of `m` (by the shifts' definition), so `O`'s gather counts the
//! pair under `d` (`c_{m,d}` at `O` is its execution condition), no other shift of `O`
//! reaches `S`, no other owner owns that element, and `S` keeps no edge atomic for it
//! (`S + d = O` is an owner). Otherwise no owner counts it and `S`'s edge atomic does.
//! The fast path's sum is the general sum where its conditions hold (every other `c_{m,d}`
//! is false). The value is the same: every recomputed op is pure or a load that sees what
//! the original thread saw, and an affine value `a X + b Y + k` is recomputed at `S` as
//! `a X_S + b Y_S + k` by ring operations in its type (`X_S = X - dx` is exact in i32,
//! `|X - dx| < 2^31`), which give the exact value modulo 2^w, hence the exact value: it
//! fits the type at every thread of the launch, and `S` is one wherever a value is used
//! (conditions are also computed at coordinates outside the launch, by pure non-trapping
//! ops without loads, and then masked by `S is a thread`). A comparison of two affine
//! values whose difference is `+-X + c` or `+-Y + c` is recomputed as the comparison of
//! that coordinate with a constant (the same truth wherever the forms are exact; it is
//! what the CPU backend's index-set split recognises). The epilogue's stores are the
//! moved stores, each at its own thread. `x_bar`'s owned elements each have one writer
//! (plain load, add, store); an edge atomic's element has no owner, so atomics touch only
//! elements no plain access touches; no other op touches `x_bar`, so the order of the
//! updates is unobservable except for the reassociation of each element's sum (a float
//! sum in a different order: the same policy as float privatization; integer adds are
//! exact). Refused whenever a condition is not proven.

use std::collections::{HashMap, HashSet};

use super::accumulate::{
    collect_sites, div_ceil, div_floor, hits, negate, swap, walk, AccumulateOptions, Analysis,
    Apart, Dim, Key, Lin, Site,
};
use crate::effects::path_to;
use crate::ir::{
    Addr, AtomicOp, BinaryOp, CastOp, IntPredicate, Kernel, Level, MemRoot, OpId, OpKind, Region,
    Type, Value, ValueDef,
};

/// At most this many shifts an atomic (row wraps through which an element is reached).
const MAX_SHIFTS: usize = 4;

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

/// One scatter term: `x_bar[E + k] += value` at byte `offset` under the `If` conditions
/// `conds`; `shifts` (filled per group) the term's shifts, least `|dx|` first.
#[derive(Clone, Debug)]
struct Term {
    op: OpId,
    k: i64,
    value: Value,
    offset: Value,
    conds: Vec<(Value, bool)>,
    shifts: Vec<(i64, i64)>,
}

/// What the atomics of a group must share: parameter, element size, residue, row pitch,
/// type, operation.
type Shape = (u32, i64, i64, i64, Type, AtomicOp);

/// The atomics on one buffer.
#[derive(Clone, Debug)]
struct Group {
    key: Key,
    param: u32,
    elem: i64,
    resid: i64,
    pitch: i64,
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
    if opts.grid[2] != 1 || opts.block[2] != 1 {
        refuse_all(&mut report, "the launch is three-dimensional");
        return (None, report);
    }
    let Some(an0) = Analysis::new(kernel, opts) else {
        refuse_all(
            &mut report,
            "the kernel is not one grid of blocks of threads",
        );
        return (None, report);
    };
    // `If` results under their own condition get their affine values (same op ids).
    let forwarded = super::ifresults::forward_if_results(kernel, &an0);
    let kernel = forwarded.as_ref().unwrap_or(kernel);
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
    let cx = match Cx::new(kernel, opts, &an) {
        Ok(cx) => cx,
        Err(why) => {
            refuse_all(&mut report, why);
            return (None, report);
        }
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
            Ok((shape, term)) => match groups.iter_mut().find(|g| g.key == site.key) {
                Some(g) => {
                    if (g.param, g.elem, g.resid, g.pitch, g.ty, g.aop) != shape {
                        bad.push((
                            site.key,
                            "the atomics differ in parameter, type, alignment or row pitch".into(),
                        ));
                    }
                    g.terms.push(term);
                }
                None => {
                    let (param, elem, resid, pitch, ty, aop) = shape;
                    groups.push(Group {
                        key: site.key,
                        param,
                        elem,
                        resid,
                        pitch,
                        ty,
                        aop,
                        terms: vec![term],
                    })
                }
            },
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
    for g in &mut groups {
        // One element per thread already: `plain_accumulation` makes it plain, no gather
        // (and no epilogue) needed.
        if g.terms.iter().all(|t| t.k == 0) {
            bad.push((
                g.key,
                "thread-private already (plain accumulation applies)".into(),
            ));
            continue;
        }
        for t in &mut g.terms {
            match cx.shifts(t.k, g.pitch) {
                Some(s) => t.shifts = s,
                None => {
                    bad.push((
                        g.key,
                        format!(
                            "op{}'s element is reached through more than {MAX_SHIFTS} row wraps",
                            t.op.0
                        ),
                    ));
                    break;
                }
            }
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

/// `a X + b Y + k`: an integer value affine in the thread coordinates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Xy {
    a: i64,
    b: i64,
    k: i64,
}

/// Inclusive bounds of `X` and `Y`.
type Box2 = [(i64, i64); 2];

/// The analysis context of one kernel.
struct Cx<'a> {
    k: &'a Kernel,
    an: &'a Analysis<'a>,
    block_op: OpId,
    /// Ops inside the grid `Parallel` (their values may vary across threads).
    inside: HashSet<OpId>,
    /// `[BX, BY]`, `[GX, GY]`, `[TX, TY]`.
    block: [i64; 2],
    grid: [i64; 2],
    total: [i64; 2],
    param_key: Vec<Option<Key>>,
}

/// A thread's coordinates as i32 values: `(X - dx, Y - dy)` for the thread `J - d` of the
/// thread `J` running the code (`y`: `None` when `TY = 1`).
#[derive(Clone, Copy, Debug)]
struct At {
    d: (i64, i64),
    x: Value,
    y: Option<Value>,
}

/// A condition being built: a constant, or an i1 value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum B {
    Const(bool),
    V(Value),
}

/// Where code is emitted: ops appended to `out`, values already emitted in `memo`.
struct Emit<'e> {
    dst: &'e mut Kernel,
    out: Vec<OpId>,
    /// (shift of the thread, original value) -> emitted value.
    memo: HashMap<((i64, i64), Value), Value>,
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
    fn and(&mut self, a: B, b: B) -> B {
        match (a, b) {
            (B::Const(false), _) | (_, B::Const(false)) => B::Const(false),
            (B::Const(true), x) | (x, B::Const(true)) => x,
            (B::V(x), B::V(y)) => B::V(self.bin(BinaryOp::And, x, y, Type::I1)),
        }
    }
    fn or(&mut self, a: B, b: B) -> B {
        match (a, b) {
            (B::Const(true), _) | (_, B::Const(true)) => B::Const(true),
            (B::Const(false), x) | (x, B::Const(false)) => x,
            (B::V(x), B::V(y)) => B::V(self.bin(BinaryOp::Or, x, y, Type::I1)),
        }
    }
    fn not(&mut self, a: B) -> B {
        match a {
            B::Const(c) => B::Const(!c),
            B::V(x) => {
                let t = self.konst(Type::I1, 1);
                B::V(self.bin(BinaryOp::Xor, x, t, Type::I1))
            }
        }
    }
    /// `0 <= C + s < n` for the coordinate `c = C + s` (emitted), `C` in `[0, t)`: the
    /// bounds that hold for every `C` are not tested.
    fn inside(&mut self, c: Option<Value>, s: i64, n: i64, t: i64) -> B {
        let mut r = B::Const(true);
        if s < 0 {
            r = match c {
                Some(c) => B::V(self.icmp(IntPredicate::Sge, c, 0)),
                None => B::Const(false),
            };
        }
        if s + t > n {
            let hi = match c {
                Some(c) => B::V(self.icmp(IntPredicate::Slt, c, n)),
                None => B::Const(false),
            };
            r = self.and(r, hi);
        }
        r
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
    /// `then` where `cond` holds (nothing when it is false, no `If` when it is true).
    fn when(
        &mut self,
        cond: B,
        then: impl FnOnce(&mut Emit) -> Result<(), String>,
    ) -> Result<(), String> {
        match cond {
            B::Const(false) => Ok(()),
            B::Const(true) => then(self),
            B::V(c) => self
                .if_(
                    c,
                    &[],
                    |e| {
                        then(e)?;
                        Ok(vec![])
                    },
                    |_| Ok(vec![]),
                )
                .map(|_| ()),
        }
    }
}

/// Keys of the buffers loaded by a recomputation (`None`: loads are refused).
type Loads<'l> = Option<&'l mut Vec<Key>>;

impl<'a> Cx<'a> {
    fn new(
        k: &'a Kernel,
        opts: &AccumulateOptions,
        an: &'a Analysis<'a>,
    ) -> Result<Cx<'a>, &'static str> {
        let not_grid = "the kernel is not one grid of blocks of threads";
        let grid_op = k
            .body
            .ops
            .iter()
            .copied()
            .find(|&o| {
                matches!(
                    k.op(o).kind,
                    OpKind::Parallel {
                        level: Level::Grid,
                        ..
                    }
                )
            })
            .ok_or(not_grid)?;
        let OpKind::Parallel { body: gbody, .. } = &k.op(grid_op).kind else {
            return Err(not_grid);
        };
        let block_op = gbody
            .ops
            .iter()
            .copied()
            .find(|&o| {
                matches!(
                    k.op(o).kind,
                    OpKind::Parallel {
                        level: Level::Block,
                        ..
                    }
                )
            })
            .ok_or(not_grid)?;
        // Grid-level code runs again in the epilogue: only pure ops and allocations.
        let plain = gbody.ops.iter().all(|&o| {
            let kind = &k.op(o).kind;
            o == block_op
                || crate::raising::cleanup::pure(k, kind)
                || matches!(kind, OpKind::SharedAlloc(_) | OpKind::Yield(_))
        });
        if !plain {
            return Err("the grid runs code with effects outside its threads");
        }
        let mut ops = Vec::new();
        walk(k, gbody, &mut ops, 0);
        let block = [i64::from(opts.block[0]), i64::from(opts.block[1])];
        let grid = [i64::from(opts.grid[0]), i64::from(opts.grid[1])];
        let total = [block[0] * grid[0], block[1] * grid[1]];
        if total.iter().any(|&t| !(1..=1 << 30).contains(&t)) {
            return Err("the launch has more than 2^30 threads in a dimension");
        }
        let param_key = (0..k.params.len())
            .map(|p| match opts.param_buffers.get(p) {
                Some(Some((b, _))) => Some(Key::Buffer(*b)),
                _ => None,
            })
            .collect();
        Ok(Cx {
            k,
            an,
            block_op,
            inside: ops.into_iter().collect(),
            block,
            grid,
            total,
            param_key,
        })
    }

    /// `l` as `a X + b Y + k`, if it depends on the block and thread indices only through
    /// the coordinates (see the module documentation).
    fn xy(&self, l: &Lin) -> Option<Xy> {
        let mut ab = [0i64; 2];
        for (d, c) in ab.iter_mut().enumerate() {
            let (cb, ct) = (l.c[d], l.c[3 + d]);
            *c = if self.block[d] > 1 {
                if self.grid[d] > 1 && Some(cb) != ct.checked_mul(self.block[d]) {
                    return None;
                }
                ct
            } else if self.grid[d] > 1 {
                cb
            } else {
                0
            };
        }
        Some(Xy {
            a: ab[0],
            b: ab[1],
            k: l.k,
        })
    }

    /// The shifts of an atomic at element offset `k` in a group of row pitch `p`, least
    /// `|dx|` first; `None` when there are more than [`MAX_SHIFTS`].
    fn shifts(&self, k: i64, p: i64) -> Option<Vec<(i64, i64)>> {
        let [tx, ty] = self.total.map(i128::from);
        let (k, p) = (i128::from(k), i128::from(p));
        let w = p.min(tx);
        // dx = k - dy p in [-(tx - 1), w - 1], |dy| <= ty - 1.
        let lo = div_ceil(k - (w - 1), p).max(-(ty - 1));
        let hi = div_floor(k + tx - 1, p).min(ty - 1);
        if hi - lo + 1 > MAX_SHIFTS as i128 {
            return None;
        }
        let mut v: Vec<(i64, i64)> = (lo..=hi)
            .filter_map(|dy| Some((i64::try_from(k - dy * p).ok()?, i64::try_from(dy).ok()?)))
            .collect();
        v.sort_by_key(|&(dx, dy)| (dx.abs(), dy.abs()));
        Some(v)
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

    /// Check one atomic: what its group must share, and its term.
    fn term(&self, a: OpId, uses: &[u32]) -> Result<(Shape, Term), String> {
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
        let [tx, ty_] = self.total;
        let xy = self
            .xy(&l)
            .filter(|xy| tx == 1 || xy.a == elem)
            .ok_or_else(|| {
                format!(
                    "the offset of op{} is not one element per thread in x (flat thread index)",
                    a.0
                )
            })?;
        let pitch = if ty_ == 1 {
            tx
        } else if xy.b > 0 && xy.b % elem == 0 {
            xy.b / elem
        } else {
            return Err(format!(
                "the offset of op{} does not step by whole rows of elements in y",
                a.0
            ));
        };
        let resid = xy.k.rem_euclid(elem);
        let k = (xy.k - resid) / elem;
        let conds = self.conds(a)?;
        Ok((
            (p, elem, resid, pitch, ty, aop),
            Term {
                op: a,
                k,
                value,
                offset,
                conds,
                shifts: Vec::new(),
            },
        ))
    }

    /// Emit `v` as computed by the thread at `at`.
    fn remat(&self, e: &mut Emit, v: Value, at: At, mut loads: Loads) -> Result<Value, String> {
        self.remat_d(e, v, at, &mut loads, 0)
    }

    fn remat_d(
        &self,
        e: &mut Emit,
        v: Value,
        at: At,
        loads: &mut Loads,
        depth: usize,
    ) -> Result<Value, String> {
        if let Some(&r) = e.memo.get(&(at.d, v)) {
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
                    self.materialise(e, l, ty, at)?
                } else {
                    match def {
                        ValueDef::Result(op, 0) => self.clone_op(e, op, at, loads, depth)?,
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
        e.memo.insert((at.d, v), r);
        Ok(r)
    }

    /// `a X + b Y + k` in `ty` at the coordinates `at`, for the affine form `l` (ring
    /// operations: exact where the value fits, see the module documentation).
    fn materialise(&self, e: &mut Emit, l: Lin, ty: Type, at: At) -> Result<Value, String> {
        let xy = self
            .xy(&l)
            .ok_or("a value depends on the block or thread index alone")?;
        if xy.a == 0 && xy.b == 0 {
            return Ok(e.konst(ty, xy.k));
        }
        if !matches!(ty, Type::I32 | Type::I64) {
            return Err("a thread-dependent integer of an odd width".into());
        }
        let mut r = None;
        for (c, coord) in [(xy.a, Some(at.x)), (xy.b, at.y)] {
            if c == 0 {
                continue;
            }
            let coord = coord.ok_or("a value depends on a coordinate of range 1")?;
            let mut t = if ty == Type::I64 {
                e.op(OpKind::Cast(CastOp::SExt, coord), Type::I64)
            } else {
                coord
            };
            if c != 1 {
                let cv = e.konst(ty, c);
                t = e.bin(BinaryOp::Mul, t, cv, ty);
            }
            r = Some(match r {
                None => t,
                Some(a) => e.bin(BinaryOp::Add, a, t, ty),
            });
        }
        let mut r = r.ok_or("an empty affine form")?;
        if xy.k != 0 {
            let c = e.konst(ty, xy.k);
            r = e.bin(BinaryOp::Add, r, c, ty);
        }
        Ok(r)
    }

    fn clone_op(
        &self,
        e: &mut Emit,
        op: OpId,
        at: At,
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
        if let OpKind::ICmp(pred, a, b) = data.kind {
            if let Some(v) = self.coord_cmp(e, pred, a, b, at) {
                return Ok(v);
            }
        }
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
                *offset = self.remat_d(e, *offset, at, loads, depth + 1)?;
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
                    match self.remat_d(e, v, at, loads, depth + 1) {
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

    /// `icmp pred a, b` at `at` when `a` and `b` are affine in `(X, Y)` with a difference
    /// `+-X + c`, `+-Y + c` or `c`: the comparison of that coordinate (an i32) with a
    /// constant, or the constant truth. On every thread of the launch the forms are the
    /// values' exact integers, so `a pred b` is `a - b pred 0` (unsigned predicates only
    /// when both forms are non-negative everywhere, where they agree with the signed
    /// ones). The CPU backend's index-set split sees such comparisons as its atoms.
    fn coord_cmp(
        &self,
        e: &mut Emit,
        pred: IntPredicate,
        a: Value,
        b: Value,
        at: At,
    ) -> Option<Value> {
        use IntPredicate::*;
        let form = |v: Value| self.an.lin(v, 0).and_then(|l| self.xy(&l));
        let (x, y) = (form(a)?, form(b)?);
        let pred = match pred {
            Ult | Ule | Ugt | Uge => {
                let nonneg = |f: &Xy| f.a >= 0 && f.b >= 0 && f.k >= 0;
                if !(nonneg(&x) && nonneg(&y)) {
                    return None;
                }
                match pred {
                    Ult => Slt,
                    Ule => Sle,
                    Ugt => Sgt,
                    _ => Sge,
                }
            }
            p => p,
        };
        let (da, db, dk) = (
            x.a.checked_sub(y.a)?,
            x.b.checked_sub(y.b)?,
            x.k.checked_sub(y.k)?,
        );
        let (coord, c) = match (da, db) {
            (0, 0) => {
                let t = match pred {
                    Eq => dk == 0,
                    Ne => dk != 0,
                    Slt => dk < 0,
                    Sle => dk <= 0,
                    Sgt => dk > 0,
                    _ => dk >= 0,
                };
                return Some(e.konst(Type::I1, i64::from(t)));
            }
            (c, 0) if c == 1 || c == -1 => (at.x, c),
            (0, c) if c == 1 || c == -1 => (at.y?, c),
            _ => return None,
        };
        // c * coord + dk (pred) 0, i.e. coord (pred') bound.
        let (pred, bound) = if c == 1 {
            (pred, dk.checked_neg()?)
        } else {
            (swap(pred), dk)
        };
        i32::try_from(bound).ok()?;
        Some(e.icmp(pred, coord, bound))
    }

    /// The conjunction of `conds` at `at`.
    fn cond_at(&self, e: &mut Emit, conds: &[(Value, bool)], at: At) -> Result<B, String> {
        let mut c = B::Const(true);
        for &(v, branch) in conds {
            let mut x = B::V(self.remat(e, v, at, None)?);
            if !branch {
                x = e.not(x);
            }
            c = e.and(c, x);
        }
        Ok(c)
    }

    /// The coordinates of thread `J - d` for the running thread `J` at `(x, y)`.
    fn at(&self, e: &mut Emit, (x, y): (Value, Option<Value>), d: (i64, i64)) -> At {
        let shift = |e: &mut Emit, c: Value, s: i64| {
            if s == 0 {
                c
            } else {
                let k = e.konst(Type::I32, s);
                e.bin(BinaryOp::Sub, c, k, Type::I32)
            }
        };
        At {
            d,
            x: shift(e, x, d.0),
            y: y.map(|y| shift(e, y, d.1)),
        }
    }

    /// The running thread's coordinates `X = bx * BX + tx`, `Y = by * BY + ty` (`Y` only
    /// when `TY > 1`), at shift `(0, 0)`.
    fn coords(&self, e: &mut Emit) -> At {
        let v = self.an.vars;
        let coord = |e: &mut Emit, d: usize| {
            let b = e.konst(Type::I32, self.block[d]);
            let base = e.bin(BinaryOp::Mul, v[d], b, Type::I32);
            e.bin(BinaryOp::Add, base, v[3 + d], Type::I32)
        };
        let x = coord(e, 0);
        let y = (self.total[1] > 1).then(|| coord(e, 1));
        At { d: (0, 0), x, y }
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
        let mut e = Emit {
            dst: &mut main,
            out: Vec::new(),
            memo: HashMap::new(),
        };
        let j = self.coords(&mut e);
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
            let j = self.coords(&mut e);
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

    /// The value of the i1 `v` at the thread `(x, y)` of the launch, when it is built from
    /// constants, comparisons of values affine in `(X, Y)`, `and`, `or`, `xor` and
    /// `select` (it only chooses which case gets the fast path).
    fn truth_at(&self, v: Value, (x, y): (i64, i64), depth: usize) -> Option<bool> {
        let k = self.k;
        let ValueDef::Result(op, 0) = k.value_def(v) else {
            return None;
        };
        if depth > 64 || k.value_type(v) != Type::I1 {
            return None;
        }
        let sub = |v: Value| self.truth_at(v, (x, y), depth + 1);
        Some(match k.op(op).kind {
            OpKind::Const { bits } => bits & 1 == 1,
            OpKind::Binary(BinaryOp::And, a, b) => sub(a)? && sub(b)?,
            OpKind::Binary(BinaryOp::Or, a, b) => sub(a)? || sub(b)?,
            OpKind::Binary(BinaryOp::Xor, a, b) => sub(a)? != sub(b)?,
            OpKind::Select {
                cond,
                if_true,
                if_false,
            } => {
                if sub(cond)? {
                    sub(if_true)?
                } else {
                    sub(if_false)?
                }
            }
            OpKind::ICmp(pred, a, b) => {
                let ty = k.value_type(a);
                let val = |v: Value| -> Option<i128> {
                    let f = self.xy(&self.an.lin(v, 0)?)?;
                    Some(
                        i128::from(f.a) * i128::from(x)
                            + i128::from(f.b) * i128::from(y)
                            + i128::from(f.k),
                    )
                };
                let (p, q) = (val(a)?, val(b)?);
                use IntPredicate::*;
                let (p, q) = if matches!(pred, Ult | Ule | Ugt | Uge) {
                    // The values fit the type's signed range: as unsigned, add 2^w.
                    let m = 1i128 << ty.bits();
                    (p.rem_euclid(m), q.rem_euclid(m))
                } else {
                    (p, q)
                };
                match pred {
                    Eq => p == q,
                    Ne => p != q,
                    Slt | Ult => p < q,
                    Sle | Ule => p <= q,
                    Sgt | Ugt => p > q,
                    Sge | Uge => p >= q,
                }
            }
            _ => return None,
        })
    }

    /// Emit the gather of group `g` for the running thread `J` at `j` (see the module
    /// documentation).
    fn gather_group(
        &self,
        e: &mut Emit,
        g: &Group,
        j: At,
        loads: &mut Vec<Key>,
    ) -> Result<(), String> {
        let [tx, ty] = self.total;
        let w = g.pitch.min(tx);
        let coords = (j.x, j.y);
        // The threads `J - d` (sources) and `J + d` (targets) of every shift.
        let mut ats: HashMap<(i64, i64), At> = HashMap::new();
        ats.insert((0, 0), j);
        for t in &g.terms {
            for &(dx, dy) in &t.shifts {
                for d in [(dx, dy), (-dx, -dy)] {
                    if let std::collections::hash_map::Entry::Vacant(v) = ats.entry(d) {
                        v.insert(self.at(e, coords, d));
                    }
                }
            }
        }
        let at = |d: (i64, i64)| ats[&d];
        // `J - d` is a thread; `J + d` is an owner.
        let thread = |e: &mut Emit, d: (i64, i64)| {
            let a = at(d);
            let x = e.inside(Some(a.x), -d.0, tx, tx);
            let y = e.inside(a.y, -d.1, ty, ty);
            e.and(x, y)
        };
        let owner = |e: &mut Emit, d: (i64, i64)| {
            let a = at((-d.0, -d.1));
            let x = e.inside(Some(a.x), d.0, w, tx);
            let y = e.inside(a.y, d.1, ty, ty);
            e.and(x, y)
        };
        // c_{m,d}: `J - d` is a thread that executed atomic `m`.
        let pair = |e: &mut Emit, t: &Term, d: (i64, i64)| -> Result<B, String> {
            let th = thread(e, d);
            let guard = match th {
                B::Const(false) => B::Const(false),
                _ => self.cond_at(e, &t.conds, at(d))?,
            };
            Ok(e.and(th, guard))
        };
        // The fast path needs it at each term's first shift (the others: general form).
        let mut first: Vec<Option<B>> = Vec::new();
        for t in &g.terms {
            first.push(match t.shifts.first() {
                Some(&d) => Some(pair(e, t, d)?),
                None => None,
            });
        }
        let is_owner = owner(e, (0, 0));
        // The fast path's terms: those a thread at the centre of the owners gathers (all of
        // them where that cannot be evaluated).
        let fast_terms: Vec<bool> = {
            let centre = (w / 2, ty / 2);
            let active: Option<Vec<bool>> = g
                .terms
                .iter()
                .map(|t| {
                    let &(dx, dy) = t.shifts.first()?;
                    let (x, y) = (centre.0 - dx, centre.1 - dy);
                    if !(0..tx).contains(&x) || !(0..ty).contains(&y) {
                        return Some(false);
                    }
                    t.conds.iter().try_fold(true, |acc, &(c, branch)| {
                        Some(acc && self.truth_at(c, (x, y), 0)? == branch)
                    })
                })
                .collect();
            active.unwrap_or_else(|| vec![true; g.terms.len()])
        };
        let mut fast = is_owner;
        for ((t, first), &wanted) in g.terms.iter().zip(&first).zip(&fast_terms) {
            // No edge: some `J + d` is an owner.
            let mut reached = B::Const(false);
            for &d in &t.shifts {
                let o = owner(e, d);
                reached = e.or(reached, o);
            }
            fast = e.and(fast, reached);
            let Some(first) = *first else {
                continue;
            };
            let want = if wanted { first } else { e.not(first) };
            fast = e.and(fast, want);
            for &d in &t.shifts[1..] {
                let th = thread(e, d);
                let n = e.not(th);
                fast = e.and(fast, n);
            }
        }
        // The element's byte offset `e (P Y + X) + r`.
        let mut off = {
            let x64 = e.op(OpKind::Cast(CastOp::SExt, j.x), Type::I64);
            let es = e.konst(Type::I64, g.elem);
            e.bin(BinaryOp::Mul, x64, es, Type::I64)
        };
        if let Some(y) = j.y {
            let y64 = e.op(OpKind::Cast(CastOp::SExt, y), Type::I64);
            let row = e.konst(Type::I64, g.elem * g.pitch);
            let yo = e.bin(BinaryOp::Mul, y64, row, Type::I64);
            off = e.bin(BinaryOp::Add, off, yo, Type::I64);
        }
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
        let value_at = |e: &mut Emit, term: &Term, a: At| -> Result<Value, String> {
            let mut l = cell.borrow_mut();
            self.remat(e, term.value, a, Some(&mut l))
        };
        let fast_sum = |e: &mut Emit| -> Result<Vec<Value>, String> {
            let mut vals = Vec::new();
            for (t, _) in g.terms.iter().zip(&fast_terms).filter(|(_, &f)| f) {
                if let Some(&d) = t.shifts.first() {
                    vals.push(value_at(e, t, at(d))?);
                }
            }
            accumulate(e, vals);
            Ok(vec![])
        };
        let general = |e: &mut Emit| -> Result<Vec<Value>, String> {
            // The gather over every term and shift.
            let mut c: Vec<Vec<B>> = Vec::new();
            let mut any = B::Const(false);
            for (t, first) in g.terms.iter().zip(&first) {
                let mut row = Vec::new();
                for (i, &d) in t.shifts.iter().enumerate() {
                    let x = match (i, *first) {
                        (0, Some(x)) => x,
                        _ => pair(e, t, d)?,
                    };
                    any = e.or(any, x);
                    row.push(x);
                }
                c.push(row);
            }
            let any = e.and(is_owner, any);
            e.when(any, |e| {
                let mut vals = Vec::new();
                for (t, row) in g.terms.iter().zip(&c) {
                    for (&d, &x) in t.shifts.iter().zip(row) {
                        match x {
                            B::Const(false) => {}
                            B::Const(true) => vals.push(value_at(e, t, at(d))?),
                            B::V(x) => {
                                let r = e.if_(
                                    x,
                                    &[g.ty],
                                    |e| Ok(vec![value_at(e, t, at(d))?]),
                                    |e| Ok(vec![e.konst(g.ty, 0)]),
                                )?;
                                vals.push(r[0]);
                            }
                        }
                    }
                }
                accumulate(e, vals);
                Ok(())
            })?;
            // Edge threads keep their atomics for elements no owner owns.
            for t in &g.terms {
                let mut edge = B::Const(true);
                for &d in &t.shifts {
                    let o = owner(e, d);
                    let n = e.not(o);
                    edge = e.and(edge, n);
                }
                if edge == B::Const(false) {
                    continue;
                }
                let guard = self.cond_at(e, &t.conds, j)?;
                let edge = e.and(edge, guard);
                e.when(edge, |e| {
                    let v = value_at(e, t, j)?;
                    let o = self.remat(e, t.offset, j, None)?;
                    let a = e.dst.create_op(
                        OpKind::Atomic {
                            op: g.aop,
                            addr: Addr::Root { root, offset: o },
                            value: v,
                        },
                        &[g.ty],
                        None,
                    );
                    e.out.push(a);
                    Ok(())
                })?;
            }
            Ok(vec![])
        };
        match fast {
            B::Const(true) => {
                fast_sum(e)?;
            }
            B::Const(false) => {
                general(e)?;
            }
            B::V(f) => {
                e.if_(f, &[], fast_sum, general)?;
            }
        }
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
                    if let Err(why) = self.an.disjoint(w, s, Apart::Threads) {
                        self.disjoint_xy(w, s).map_err(|_| why)?;
                    }
                }
                OpKind::Store { .. } => {}
                _ => return Err(format!("op{} also accesses the buffer", s.op.0)),
            }
        }
        Ok(())
    }

    /// [`Analysis::disjoint`] for distinct threads, over the coordinates `(X, Y)` with
    /// their bounds under the sites' enclosing `If`s ([`Cx::bounds`]): exact, as the
    /// six-index proof, for offsets affine in `(X, Y)`.
    fn disjoint_xy(&self, a: &Site, b: &Site) -> Result<(), String> {
        let (fa, sa, _) = a.form.as_ref().map_err(Clone::clone)?;
        let (fb, sb, _) = b.form.as_ref().map_err(Clone::clone)?;
        let (Some(xa), Some(xb)) = (self.xy(fa), self.xy(fb)) else {
            return Err("an offset is not affine in the thread coordinates".into());
        };
        if (xa.a, xa.b) != (xb.a, xb.b) {
            return Err("the sites index the buffer differently".into());
        }
        let (ra, rb) = (self.bounds(a.op)?, self.bounds(b.op)?);
        if ra.iter().chain(&rb).any(|(lo, hi)| lo > hi) {
            return Ok(());
        }
        let mut dims: Vec<Dim> = [xa.a, xa.b]
            .iter()
            .enumerate()
            .map(|(i, &c)| Dim {
                c: i128::from(c),
                lo: i128::from(ra[i].0) - i128::from(rb[i].1),
                hi: i128::from(ra[i].1) - i128::from(rb[i].0),
                counted: true,
            })
            .filter(|d| d.lo != 0 || d.hi != 0)
            .collect();
        let free = dims.iter().any(|d| d.c == 0);
        dims.retain(|d| d.c != 0);
        dims.sort_by_key(|d| std::cmp::Reverse(d.c.abs()));
        let lo = i128::from(xb.k) - i128::from(xa.k) - i128::from(*sa);
        let hi = i128::from(xb.k) - i128::from(xa.k) + i128::from(*sb);
        match hits(&dims, lo, hi, free, &mut 100_000) {
            Some(false) => Ok(()),
            _ => Err("distinct threads may touch the same bytes".into()),
        }
    }

    /// The bounds of `(X, Y)` where `op` executes: the launch, narrowed by the enclosing
    /// `If`s' conditions that bound one coordinate by a constant.
    fn bounds(&self, op: OpId) -> Result<Box2, String> {
        let mut r = [(0, self.total[0] - 1), (0, self.total[1] - 1)];
        for (c, branch) in self.conds(op)? {
            self.narrow(c, branch, &mut r, 0);
        }
        Ok(r)
    }

    /// Narrow `r` by `cond == expect` (conjunctions, and `icmp`s of affine values whose
    /// difference is `+-X` or `+-Y` plus a constant).
    fn narrow(&self, cond: Value, expect: bool, r: &mut Box2, depth: usize) {
        let k = self.k;
        let ValueDef::Result(op, 0) = k.value_def(cond) else {
            return;
        };
        if depth > 16 {
            return;
        }
        let konst = |v: Value| match k.value_def(v) {
            ValueDef::Result(o, 0) => match k.op(o).kind {
                OpKind::Const { bits } => Some(bits & 1 == 1),
                _ => None,
            },
            _ => None,
        };
        match &k.op(op).kind {
            OpKind::Binary(BinaryOp::And, a, b) if expect => {
                self.narrow(*a, true, r, depth + 1);
                self.narrow(*b, true, r, depth + 1);
            }
            OpKind::Binary(BinaryOp::Or, a, b) if !expect => {
                self.narrow(*a, false, r, depth + 1);
                self.narrow(*b, false, r, depth + 1);
            }
            OpKind::Binary(BinaryOp::Xor, a, b) if konst(*b) == Some(true) => {
                self.narrow(*a, !expect, r, depth + 1);
            }
            // `c ? a : false` is `c && a`; `c ? true : b` is `c || b`.
            OpKind::Select {
                cond: c,
                if_true,
                if_false,
            } if (expect && konst(*if_false) == Some(false))
                || (!expect && konst(*if_true) == Some(true)) =>
            {
                let other = if expect { *if_true } else { *if_false };
                self.narrow(*c, expect, r, depth + 1);
                self.narrow(other, expect, r, depth + 1);
            }
            OpKind::ICmp(pred, a, b) => {
                let (Some(x), Some(y)) = (
                    self.an.lin(*a, 0).and_then(|l| self.xy(&l)),
                    self.an.lin(*b, 0).and_then(|l| self.xy(&l)),
                ) else {
                    return;
                };
                use IntPredicate::*;
                let nonneg = |f: &Xy| f.k >= 0 && f.a >= 0 && f.b >= 0;
                if matches!(pred, Ult | Ule | Ugt | Uge) && !(nonneg(&x) && nonneg(&y)) {
                    return;
                }
                let (Some(da), Some(db), Some(dk)) = (
                    x.a.checked_sub(y.a),
                    x.b.checked_sub(y.b),
                    x.k.checked_sub(y.k),
                ) else {
                    return;
                };
                let pred = if expect { *pred } else { negate(*pred) };
                // c * coord + dk (pred) 0, with one coordinate and c = +-1.
                let (i, c) = match (da, db) {
                    (c, 0) if c == 1 || c == -1 => (0, c),
                    (0, c) if c == 1 || c == -1 => (1, c),
                    _ => return,
                };
                let (pred, bound) = if c == 1 {
                    (pred, -dk)
                } else {
                    (swap(pred), dk)
                };
                let (lo, hi) = &mut r[i];
                match pred {
                    Eq => {
                        *lo = (*lo).max(bound);
                        *hi = (*hi).min(bound);
                    }
                    Slt | Ult => *hi = (*hi).min(bound.saturating_sub(1)),
                    Sle | Ule => *hi = (*hi).min(bound),
                    Sgt | Ugt => *lo = (*lo).max(bound.saturating_add(1)),
                    Sge | Uge => *lo = (*lo).max(bound),
                    Ne => {}
                }
            }
            _ => {}
        }
    }

    /// Emit the moved store `st` for the running thread at `j` under its conditions.
    fn epilogue_store(&self, e: &mut Emit, st: OpId, j: At) -> Result<(), String> {
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
        e.when(c, |e| {
            let o = e.dst.create_op(store, &[], None);
            e.out.push(o);
            Ok(())
        })
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
        run_len(ks, o, 40)
    }

    /// [`run`] over buffers of `len` f32.
    fn run_len(ks: &[&Kernel], o: &AccumulateOptions, len: usize) -> Vec<Vec<f32>> {
        let module = Module::new("g.ll", Flavor::ClangCuda);
        let mut mem = Memory::new(&module);
        let bases: Vec<u64> = (0..3)
            .map(|b| {
                let bytes: Vec<u8> = (0..len)
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
        kept(&k, &opts([4, 1]), "not one element per thread in x");
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
        kept(&k, &opts([2, 2]), "whole rows");
        let k = kernel(|b, i| {
            let one = b.f32(1.0);
            let a = add(b, i, one);
            let old = b.kernel.ops[a.index()].results[0];
            let off = at(b, i);
            b.store(MemRoot::Param(2), off, old);
        });
        kept(&k, &opts([4, 1]), "old value");
    }

    /// Blocks of the two-dimensional tests.
    const B2: [u32; 2] = [8, 4];

    /// A 2-D kernel over `x_bar`, `y_bar`, `w` (f32): `body` gets the builder and
    /// `(bx, by, tx, ty)`.
    fn raw2d(body: impl FnOnce(&mut Builder, [Value; 4])) -> Kernel {
        let mut b = Builder::new("g2");
        for name in ["x_bar", "y_bar", "w"] {
            b.param(G, name);
        }
        b.grid(|b, [bx, by, _]| {
            b.block(|b, [tx, ty, _]| body(b, [bx, by, tx, ty]));
        });
        b.finish()
    }

    /// A 2-D kernel over `x_bar`, `y_bar`, `w` (f32) on blocks of 8 x 4: `body` gets the
    /// builder, the coordinates `X = bx * 8 + tx`, `Y = by * 4 + ty` and the element
    /// `c = Y * nx + X`, inside `if X < nx && Y < ny`.
    fn kernel2d(nx: i32, ny: i32, body: impl FnOnce(&mut Builder, [Value; 2], Value)) -> Kernel {
        raw2d(|b, [bx, by, tx, ty]| {
            let bw = b.i32(B2[0] as i32);
            let xb = b.bin(BinaryOp::Mul, bx, bw);
            let x = b.bin(BinaryOp::Add, xb, tx);
            let bh = b.i32(B2[1] as i32);
            let yb = b.bin(BinaryOp::Mul, by, bh);
            let y = b.bin(BinaryOp::Add, yb, ty);
            let nxv = b.i32(nx);
            let nyv = b.i32(ny);
            let cx = b.icmp(IntPredicate::Slt, x, nxv);
            let cy = b.icmp(IntPredicate::Slt, y, nyv);
            let g = b.bin(BinaryOp::And, cx, cy);
            when(b, g, |b| {
                let row = b.bin(BinaryOp::Mul, y, nxv);
                let c = b.bin(BinaryOp::Add, row, x);
                body(b, [x, y], c);
            });
        })
    }

    fn opts2(grid: [u32; 2]) -> AccumulateOptions {
        AccumulateOptions {
            grid: [grid[0], grid[1], 1],
            block: [B2[0], B2[1], 1],
            param_buffers: vec![Some((0, 0)), Some((1, 0)), Some((2, 0))],
        }
    }

    /// `if cond(b) { then(b) }`.
    fn when(b: &mut Builder, cond: Value, then: impl FnOnce(&mut Builder)) {
        b.if_(
            cond,
            &[],
            |b| {
                then(b);
                vec![]
            },
            |_| vec![],
        );
    }

    /// A 2-D stencil adjoint without a boundary case: `v = y_bar[c]; y_bar[c] = 0;
    /// x_bar[c] += v; x_bar[c + 1] += -2 v` (the last column wraps into the next row),
    /// `x_bar[c + nx] += 3 v` (the last row reaches past the launch), `if X >= 1 { x_bar[c
    /// - 1] += v }`, `if Y >= 1 { x_bar[c - nx] += -2 v }`.
    fn stencil2d_adjoint(nx: i32) -> impl FnOnce(&mut Builder, [Value; 2], Value) {
        move |b, [x, y], c| {
            let off = at(b, c);
            let v = b.load(Type::F32, MemRoot::Param(1), off);
            let zero = b.f32(0.0);
            b.store(MemRoot::Param(1), off, zero);
            let m2 = b.f32(-2.0);
            let w = b.bin(BinaryOp::FMul, v, m2);
            let three = b.f32(3.0);
            let w3 = b.bin(BinaryOp::FMul, v, three);
            add(b, c, v);
            let east = shifted(b, c, 1);
            add(b, east, w);
            let south = shifted(b, c, nx);
            add(b, south, w3);
            let one = b.i32(1);
            let cx = b.icmp(IntPredicate::Sge, x, one);
            when(b, cx, |b| {
                let west = shifted(b, c, -1);
                add(b, west, v);
            });
            let cy = b.icmp(IntPredicate::Sge, y, one);
            when(b, cy, |b| {
                let north = shifted(b, c, -nx);
                add(b, north, w);
            });
        }
    }

    fn atomics(k: &Kernel) -> usize {
        super::super::test_util::count(k, &|o| matches!(o, OpKind::Atomic { .. }))
    }

    #[test]
    fn two_dimensional_stencil_adjoints_are_gathered_and_compute_the_same() {
        // (nx, ny, grid): rows as wide as the launch (16 on 2 x 8 threads); a ragged
        // launch wider than the rows and taller than the grid (13 x 10 on 16 x 12: the
        // last threads of a row are not owners, `c + 1` of column 12 is column 0 of the
        // next row, reached through a second shift); rows wider than the launch (20 on
        // 16: columns 16..19 have no owner, their adds stay atomic); one row.
        for (nx, ny, grid) in [
            (16, 12, [2, 3]),
            (13, 10, [2, 3]),
            (20, 12, [2, 3]),
            (16, 1, [2, 1]),
            (300, 9, [38, 3]),
        ] {
            let k = kernel2d(nx, ny, stencil2d_adjoint(nx));
            let o = opts2(grid);
            let (g, report) = gather_accumulation(&k, &o);
            let g = g.unwrap_or_else(|| panic!("{nx} x {ny}: {report:?}"));
            assert_eq!(report.gathered.len(), 5, "{report:?}");
            assert_eq!(report.moved.len(), 1, "{report:?}");
            let ep = g.epilogue.as_ref().unwrap();
            crate::verify::verify_kernel(&g.main).unwrap();
            crate::verify::verify_kernel(ep).unwrap();
            let len = (nx * (ny + 1) + 1) as usize;
            let want = run_len(&[&k], &o, len);
            assert_eq!(run_len(&[&g.main, ep], &o, len), want, "{nx} x {ny}");
            // y_bar is zeroed where the threads ran.
            let ran = |i: i32| i % nx < (grid[0] * B2[0]) as i32;
            assert!((0..nx * ny).all(|i| !ran(i) || want[1][i as usize] == 0.0));
            // The adds that reach past the last row of owners (and, for 20 columns, the
            // columns past the launch) stay atomic, in the slow path only.
            assert!(atomics(&g.main) > 0, "{nx} x {ny}");
            // Owners alone write the owned elements: with the kept atomics sent to `w`,
            // `x_bar` still gets every owned element's sum, and nothing elsewhere.
            let mut owners_only = g.main.clone();
            for data in &mut owners_only.ops {
                if let OpKind::Atomic {
                    addr: Addr::Root { root, .. },
                    ..
                } = &mut data.kind
                {
                    *root = MemRoot::Param(2);
                }
            }
            let init = run_len(&[], &o, len);
            let got = run_len(&[&owners_only, ep], &o, len);
            let (tx, ty) = ((grid[0] * B2[0]) as i32, (grid[1] * B2[1]) as i32);
            for (i, (&g, (&w, &i0))) in got[0].iter().zip(want[0].iter().zip(&init[0])).enumerate()
            {
                let (x, y) = (i as i32 % nx, i as i32 / nx);
                let owned = x < tx && y < ty;
                assert_eq!(g, if owned { w } else { i0 }, "{nx} x {ny}: x_bar[{i}]");
            }
        }
    }

    #[test]
    fn wrapping_columns_are_gathered_by_the_next_rows_owner() {
        // 16 columns on 16 threads, 12 rows on 12: `x_bar[c + 1]` of column 15 is element
        // 0 of the next row, owned by thread (0, Y + 1): its only atomics left are the
        // ones past the last row (`c + 1` of (15, 11), `c + nx` of row 11).
        let k = kernel2d(16, 12, |b, _, c| {
            let off = at(b, c);
            let v = b.load(Type::F32, MemRoot::Param(1), off);
            let east = shifted(b, c, 1);
            add(b, east, v);
            let south = shifted(b, c, 16);
            add(b, south, v);
        });
        let o = opts2([2, 3]);
        let (g, report) = gather_accumulation(&k, &o);
        let g = g.unwrap_or_else(|| panic!("{report:?}"));
        assert!(g.epilogue.is_none());
        let len = 16 * 13 + 1;
        assert_eq!(run_len(&[&g.main], &o, len), run_len(&[&k], &o, len));
        // One guarded edge atomic per term.
        assert_eq!(atomics(&g.main), 2);
    }

    #[test]
    fn two_dimensional_refusals_say_why() {
        let stencil = |nx| kernel2d(nx, 8, stencil2d_adjoint(nx));
        // A three-dimensional launch.
        let mut o = opts2([2, 2]);
        o.grid[2] = 2;
        kept(&stencil(16), &o, "three-dimensional");
        // 2 columns on 16 threads: an element is reached through many row wraps.
        kept(&stencil(2), &opts2([2, 2]), "row wraps");
        // Two row pitches on one buffer.
        let k = kernel2d(16, 8, |b, [x, y], c| {
            let one = b.f32(1.0);
            add(b, c, one);
            let p = b.i32(17);
            let row = b.bin(BinaryOp::Mul, y, p);
            let d = b.bin(BinaryOp::Add, row, x);
            let d1 = shifted(b, d, 1);
            add(b, d1, one);
        });
        kept(&k, &opts2([2, 2]), "row pitch");
        // An offset by the thread index in the block alone.
        let k = raw2d(|b, [_, _, tx, _]| {
            let one = b.f32(1.0);
            add(b, tx, one);
            let t1 = shifted(b, tx, 1);
            add(b, t1, one);
        });
        kept(&k, &opts2([2, 2]), "not one element per thread in x");
        // Rows of threads on the same elements (no row pitch).
        let k = kernel2d(16, 8, |b, [x, _], _| {
            let one = b.f32(1.0);
            let x1 = shifted(b, x, 1);
            add(b, x1, one);
            add(b, x, one);
        });
        kept(&k, &opts2([2, 2]), "whole rows");
        // A value that depends on the block index alone cannot be recomputed at another
        // thread from its coordinates.
        let k = raw2d(|b, [bx, by, tx, ty]| {
            let bw = b.i32(8);
            let xb = b.bin(BinaryOp::Mul, bx, bw);
            let x = b.bin(BinaryOp::Add, xb, tx);
            let bh = b.i32(4);
            let yb = b.bin(BinaryOp::Mul, by, bh);
            let y = b.bin(BinaryOp::Add, yb, ty);
            let nx = b.i32(16);
            let row = b.bin(BinaryOp::Mul, y, nx);
            let c = b.bin(BinaryOp::Add, row, x);
            let v = b.cast(CastOp::SiToFp, bx, Type::F32);
            add(b, c, v);
            let c1 = shifted(b, c, 1);
            add(b, c1, v);
        });
        kept(&k, &opts2([2, 2]), "block or thread index alone");
    }

    #[test]
    fn shifts_are_exactly_the_owner_source_differences() {
        // Brute force over small launches: `d` is a shift of `k` iff some thread `S` and
        // owner `O` have `O - S = d` and `E(O) = E(S) + k`.
        let k0 = kernel2d(5, 5, |_, _, _| {});
        for (grid, pitch) in [([1, 2], 8), ([1, 2], 5), ([2, 1], 11), ([1, 1], 3)] {
            let o = opts2(grid);
            let an = Analysis::new(&k0, &o).unwrap();
            let cx = Cx::new(&k0, &o, &an).unwrap();
            let [tx, ty] = cx.total;
            let w = pitch.min(tx);
            for k in -2 * pitch..2 * pitch {
                let mut want = HashSet::new();
                for (sx, sy) in (0..tx).flat_map(|x| (0..ty).map(move |y| (x, y))) {
                    let e = pitch * sy + sx + k;
                    let (ox, oy) = (e.rem_euclid(pitch), e.div_euclid(pitch));
                    if ox < w && (0..ty).contains(&oy) {
                        want.insert((ox - sx, oy - sy));
                    }
                }
                match cx.shifts(k, pitch) {
                    Some(got) => {
                        assert_eq!(got.iter().copied().collect::<HashSet<_>>(), want);
                        assert!(got.windows(2).all(|p| p[0].0.abs() <= p[1].0.abs()));
                    }
                    None => assert!(want.len() > MAX_SHIFTS, "{k}"),
                }
            }
        }
    }
}
