//! Index-set splitting of a block's thread-x loop (CPU backend).
//!
//! A thread loop body like the stencil's `if (col < nx && row < ny) { if (col == 0 || ...)
//! {copy} else {average} }`, with `col = blockIdx.x * blockDim.x + threadIdx.x`, branches
//! per thread; so does a guarded first load (`x[i]` under `i < n`) and every step of a
//! tree reduction (`if (tid < s)`). That branch keeps LLVM from vectorizing the thread-x
//! loop, and so does the 32-bit index arithmetic: `sext(row * nx + col)` is not an affine
//! 64-bit address to LLVM because the 32-bit add may wrap.
//!
//! Here the x range `[0, blockDim.x)` is cut at run time into *segments* on which every
//! such branch condition is constant and no 32-bit index expression wraps; each segment
//! evaluates the conditions once, at its first thread, and runs a branch-free copy of the
//! body (the branches resolved) in which each `sext`/`zext` of such an expression is the
//! 64-bit affine form `ext(e(lo)) + c * (x - lo)`.
//!
//! What is analysed (the [`SplitPlan`]): values are *invariant* when defined outside the
//! thread loop, the y and z thread indices, or pure non-dividing ops over invariants; an
//! i32 value is *affine* `e(x) = e(0) + c*x (mod 2^32)` when it is `x` or built from
//! affine values and invariants by add, sub and multiplication by a constant (ring
//! operations, so the congruence is exact whatever wraps in between). An *atom* is an i32
//! `icmp` of an affine value with `c = +-1` against an invariant. The specialised `If`s
//! are those (directly in the body, or nested in the regions of specialised ones) whose
//! condition is a pure function of atoms and invariants.
//!
//! Why a segment sees constant atoms (legality). Let `E(x) = ext(e(0)) + c*x` be the exact
//! integer (sign- or zero-extension matching the compare's or cast's signedness). The
//! split loop runs only when every such `E` stays in the representable 32-bit range at
//! `x = 0` and `x = blockDim.x - 1` (checked at run time in i64; `|c| <= 2^20` and
//! `blockDim.x <= 1024`, or a flat loop's `n < 2^31` (`super::flat`), keep every term
//! below 2^51), hence everywhere between, as `E`
//! is monotone; otherwise the plain loop runs. So the i32 value `e(x)` *is* `E(x)` on the
//! whole block: an extension is exactly `ext(e(lo)) + c*(x - lo)`, and for an atom with
//! `|c| = 1`, `e(x) = u` only at `x = t = c * (ext(u) - ext(e(0)))`, so `sign(e(x) - u)`
//! (in the compare's signedness) is constant on each side of `t` and at `t`: a segment
//! with no break point `t` or `t + 1` strictly inside sees every atom, hence every
//! specialised condition, constant. Segments are visited in order (`lo` = previous `hi`,
//! `hi` = the least break point above `lo`, at most `blockDim.x`), so every thread runs
//! exactly once, in increasing x as before: the threads of a block already ran one after
//! another in x order (legal because no barrier is left), and the order is unchanged.
//!
//! Bounds-checked blocks ([`Emitter::assumed_segments`]). When the atoms with a run-time
//! base or bound (`blockIdx.x * 256 + t < n`, say) all have `c = +1` and the others put a
//! constant break point inside the block (`t < 128`), the common case, a block whose
//! run-time atoms hold `e(x) < u` for every thread, is emitted as constant segments
//! under one run-time check per block (`ext(u) - ext(e(0)) >= blockDim.x`, which makes
//! those atoms the constant `truth[0]`); other blocks take the run-time split above,
//! without its one-segment copies (the constant break point makes them dead).
//!
//! Cold branches (code size only). Every leaf of the decision tree is a copy of the body,
//! and a stencil adjoint in gather form (`parallel_ir::autodiff::gather`) has a branch-free
//! fast path and a large general path for the launch's edges, whose own branches would
//! each double it again. So each candidate `If` is evaluated at compile time at sample
//! threads spread over the launch ([`Emitter::hot_branches`]); a branch none of them takes
//! is *cold*. `If`s nested in a cold branch are not specialised (they stay branches in
//! the body, as any `If` the plan leaves out), and a leaf reached through a cold branch
//! is not split further (later sibling `If`s stay branches in it too), gets no
//! whole-block copy with constant bounds (a block that is one cold segment runs the
//! segment loop, once), and in a compile-time split joins a neighbouring cold segment
//! that resolves the same branches. All of this only chooses which `If`s a copy
//! resolves: a resolved `If` is still one whose condition is constant on the segment
//! (the argument above), an unresolved one is emitted as it is, so every thread
//! computes exactly what it did, in the same order.

use std::collections::{HashMap, HashSet};

use frontend::Diagnostic;
use parallel_ir::ir::{
    BinaryOp, CastOp, IntPredicate, Kernel, OpId, OpKind, Region, Type, Value, ValueDef,
};

use super::emit::Emitter;

/// At most this many branches are specialised (each doubles the code of a leaf path).
const MAX_IFS: usize = 4;
/// Largest |c| of an affine expression whose extension is rewritten.
const MAX_COEF: i64 = 1 << 20;
/// Sample positions over the x loop for [`Emitter::hot_branches`].
const SAMPLES_X: u64 = 16;

/// An `icmp` of an affine value (coefficient +-1) against an invariant.
#[derive(Clone, Debug)]
struct Atom {
    /// The `icmp`'s result.
    cmp: Value,
    e: Value,
    c: i64,
    u: Value,
    signed: bool,
    /// Truth for `e < u`, `e == u`, `e > u` (in the compare's signedness).
    truth: [bool; 3],
}

/// The predicate's truth for `a < b`, `a == b`, `a > b`.
fn truth_table(p: IntPredicate) -> [bool; 3] {
    match p {
        IntPredicate::Eq => [false, true, false],
        IntPredicate::Ne => [true, false, true],
        IntPredicate::Slt | IntPredicate::Ult => [true, false, false],
        IntPredicate::Sle | IntPredicate::Ule => [true, true, false],
        IntPredicate::Sgt | IntPredicate::Ugt => [false, false, true],
        IntPredicate::Sge | IntPredicate::Uge => [false, true, true],
    }
}

/// A specialised `If`: its condition and the specialised `If` (and branch) it is nested in.
#[derive(Clone, Debug)]
struct SpecIf {
    op: OpId,
    cond: Value,
    parent: Option<(usize, bool)>,
}

/// An i32 -> i64 extension of an affine value.
#[derive(Clone, Debug)]
struct Ext {
    e: Value,
    c: i64,
    signed: bool,
}

/// What the segmented x loop specialises.
#[derive(Clone, Debug, Default)]
pub(super) struct SplitPlan {
    atoms: Vec<Atom>,
    ifs: Vec<SpecIf>,
    exts: HashMap<OpId, Ext>,
    /// The loop variable is a flat row index over the blocks of a grid row
    /// (`super::flat`), not `threadIdx.x`.
    pub(super) flat: Option<FlatX>,
    /// Per specialised `If` (as `ifs`), its hot branch when the other is *cold*
    /// ([`Emitter::hot_branches`]).
    hot: Vec<Option<bool>>,
}

/// A flat x loop (`super::flat`): `X` runs over `[0, gridDim.x * blockDim.x)` and stands
/// for the thread with `blockIdx.x = X >> shift`, `threadIdx.x = X & (blockDim.x - 1)`.
#[derive(Clone, Debug)]
pub(super) struct FlatX {
    /// The grid loop's x index (`blockIdx.x`).
    pub(super) bid: Value,
    /// log2(blockDim.x).
    pub(super) shift: u32,
    /// Values equal to `blockIdx.x * blockDim.x` (a multiplication or shift by the
    /// launch constant).
    pub(super) scaled: HashSet<Value>,
}

impl SplitPlan {
    /// The plan for a thread-loop body, if it has anything to specialise. `hot` gives
    /// the hot branch of each of a list of `If` conditions ([`Emitter::hot_branches`]).
    /// `RAISE_CPU_SPLIT=0` in the environment turns splitting off (for before/after
    /// measurements; the results are the same either way).
    pub(super) fn analyse(
        k: &Kernel,
        body: &Region,
        block_x: u32,
        hot: &mut HotOracle<'_>,
    ) -> Option<SplitPlan> {
        if block_x > 1024 {
            return None;
        }
        Self::analyse_x(k, body, block_x, None, hot)
    }

    /// [`SplitPlan::analyse`] for a loop over `[0, n)`: with `flat`, the x variable is
    /// the flat index of `super::flat` (then `body` also holds the grid's ops and the
    /// `blockIdx.x` argument; `n * |c|` stays below 2^51 as `n < 2^31`).
    pub(super) fn analyse_x(
        k: &Kernel,
        body: &Region,
        n: u32,
        flat: Option<FlatX>,
        hot: &mut HotOracle<'_>,
    ) -> Option<SplitPlan> {
        if std::env::var_os("RAISE_CPU_SPLIT").is_some_and(|v| v == "0") {
            return None;
        }
        let x = *body.args.first()?;
        if k.value_type(x) != Type::I32 || n == 0 || n > i32::MAX as u32 {
            return None;
        }
        let mut inside = HashSet::new();
        collect_defs(k, body, &mut inside);
        // The y and z thread indices are fixed over the x loop.
        for &a in body.args.iter().skip(1).take(2) {
            inside.remove(&a);
        }
        let an = Analyzer {
            k,
            x,
            inside,
            flat: flat.as_ref(),
        };
        let mut plan = SplitPlan {
            flat: flat.clone(),
            ..SplitPlan::default()
        };
        let mut cands = Vec::new();
        an.spec_ifs(body, None, &mut cands);
        let conds: Vec<Value> = cands.iter().map(|c| c.cond).collect();
        let hot = hot(&conds, flat.as_ref());
        plan.select(cands, &hot);
        an.exts(body, &mut plan);
        if plan.ifs.is_empty() && plan.exts.is_empty() {
            return None;
        }
        Some(plan)
    }

    /// Take the first [`MAX_IFS`] candidates in program order (outer before nested) that
    /// are not nested in a cold branch of a taken candidate: code only the launch's edges
    /// run is not specialised further, and does not use up the budget.
    fn select(&mut self, cands: Vec<Cand>, hot: &[Option<bool>]) {
        let mut index: Vec<Option<usize>> = vec![None; cands.len()];
        for (ci, c) in cands.into_iter().enumerate() {
            if self.ifs.len() >= MAX_IFS {
                break;
            }
            let parent = match c.parent {
                None => None,
                Some((p, b)) => {
                    let (Some(np), hp) = (index[p], hot.get(p).copied().flatten()) else {
                        continue;
                    };
                    if hp.is_some_and(|h| h != b) {
                        continue;
                    }
                    Some((np, b))
                }
            };
            index[ci] = Some(self.ifs.len());
            self.atoms.extend(c.atoms);
            self.hot.push(hot.get(ci).copied().flatten());
            self.ifs.push(SpecIf {
                op: c.op,
                cond: c.cond,
                parent,
            });
        }
    }
}

/// Gives the hot branch of each condition of a list (see [`Emitter::hot_branches`]), the
/// x loop being flat when the [`FlatX`] is given.
pub(super) type HotOracle<'a> = dyn FnMut(&[Value], Option<&FlatX>) -> Vec<Option<bool>> + 'a;

/// A candidate for specialisation: an `If` whose condition is a pure function of atoms
/// and invariants, nested (if at all) in a branch of the candidate `parent`.
#[derive(Clone, Debug)]
struct Cand {
    op: OpId,
    cond: Value,
    atoms: Vec<Atom>,
    parent: Option<(usize, bool)>,
}

/// At most this many candidates are collected (far more than [`MAX_IFS`]).
const MAX_CANDS: usize = 64;

impl SplitPlan {
    /// Whether a segment on which the specialised `If`s in `forced` take those branches
    /// runs a cold branch (see [`Emitter::hot_branches`]).
    fn is_cold(&self, forced: &HashMap<OpId, bool>) -> bool {
        self.ifs
            .iter()
            .zip(&self.hot)
            .any(|(s, h)| matches!((forced.get(&s.op), h), (Some(&b), Some(h)) if b != *h))
    }

    /// The specialised `If` the decision tree branches on next under `forced`; `None` at
    /// a leaf. That is the first `If` not yet forced whose enclosing specialised `If` (if
    /// any) is forced to the branch holding it; none once a forced `If` took a cold
    /// branch: a cold segment is not split further, its remaining `If`s run as branches.
    fn next_if(&self, forced: &HashMap<OpId, bool>) -> Option<usize> {
        if self.is_cold(forced) {
            return None;
        }
        self.ifs.iter().position(|s| {
            !forced.contains_key(&s.op)
                && match s.parent {
                    None => true,
                    Some((p, b)) => forced.get(&self.ifs[p].op) == Some(&b),
                }
        })
    }

    /// The part of `full` (a branch for every specialised `If`) that the decision tree
    /// resolves: the `If`s [`SplitPlan::next_if`] reaches, taking `full`'s branches.
    fn decided(&self, full: &HashMap<OpId, bool>) -> HashMap<OpId, bool> {
        let mut d = HashMap::new();
        while let Some(i) = self.next_if(&d) {
            let op = self.ifs[i].op;
            let Some(&b) = full.get(&op) else {
                break;
            };
            d.insert(op, b);
        }
        d
    }
}

pub(super) fn collect_defs(k: &Kernel, r: &Region, out: &mut HashSet<Value>) {
    out.extend(r.args.iter().copied());
    for &o in &r.ops {
        let d = k.op(o);
        out.extend(d.results.iter().copied());
        for sub in d.kind.regions() {
            collect_defs(k, sub, out);
        }
    }
}

/// Ops that can be evaluated anywhere: no effects, no traps, no thread state.
pub(super) fn pure_op(kind: &OpKind) -> bool {
    match kind {
        OpKind::Binary(op, ..) => !matches!(
            op,
            BinaryOp::UDiv | BinaryOp::SDiv | BinaryOp::URem | BinaryOp::SRem
        ),
        OpKind::Const { .. }
        | OpKind::ICmp(..)
        | OpKind::Select { .. }
        | OpKind::Cast(..)
        | OpKind::Dim(_) => true,
        _ => false,
    }
}

struct Analyzer<'k> {
    k: &'k Kernel,
    x: Value,
    /// Values defined in the thread loop (the y and z indices excluded).
    inside: HashSet<Value>,
    /// A flat loop: `x` (threadIdx.x) alone is not affine in the loop variable, but
    /// `blockIdx.x * blockDim.x + threadIdx.x` is the loop variable itself.
    flat: Option<&'k FlatX>,
}

impl Analyzer<'_> {
    fn def_op(&self, v: Value) -> Option<OpId> {
        match self.k.value_def(v) {
            ValueDef::Result(op, 0) => Some(op),
            _ => None,
        }
    }

    fn invariant(&self, v: Value) -> bool {
        self.invariant_d(v, 0)
    }

    fn invariant_d(&self, v: Value, depth: usize) -> bool {
        if !self.inside.contains(&v) {
            return true;
        }
        if depth > 64 {
            return false;
        }
        let Some(op) = self.def_op(v) else {
            return false;
        };
        let kind = &self.k.op(op).kind;
        pure_op(kind)
            && kind
                .operands()
                .iter()
                .all(|&o| self.invariant_d(o, depth + 1))
    }

    /// `Some(c)` when `v` is i32 and `v = v(0) + c*x (mod 2^32)`, `c != 0`.
    fn affine(&self, v: Value) -> Option<i64> {
        self.affine_d(v, 0)
    }

    fn affine_d(&self, v: Value, depth: usize) -> Option<i64> {
        if v == self.x {
            return self.flat.is_none().then_some(1);
        }
        if depth > 64 || self.k.value_type(v) != Type::I32 || self.invariant(v) {
            return None;
        }
        let op = self.def_op(v)?;
        if let (Some(f), OpKind::Binary(BinaryOp::Add, a, b)) = (self.flat, &self.k.op(op).kind) {
            // X = (X >> s) * 2^s + (X & (2^s - 1)) exactly: both terms and the sum are
            // below 2^31 (`flat` checks gridDim.x * blockDim.x < 2^31), nothing wraps.
            if (*a == self.x && f.scaled.contains(b)) || (*b == self.x && f.scaled.contains(a)) {
                return Some(1);
            }
        }
        let c = match self.k.op(op).kind {
            OpKind::Binary(BinaryOp::Add, a, b) => {
                if self.invariant(b) {
                    self.affine_d(a, depth + 1)?
                } else if self.invariant(a) {
                    self.affine_d(b, depth + 1)?
                } else {
                    return None;
                }
            }
            OpKind::Binary(BinaryOp::Sub, a, b) => {
                if self.invariant(b) {
                    self.affine_d(a, depth + 1)?
                } else if self.invariant(a) {
                    -self.affine_d(b, depth + 1)?
                } else {
                    return None;
                }
            }
            OpKind::Binary(BinaryOp::Mul, a, b) => {
                let (e, m) = match (self.const_i32(a), self.const_i32(b)) {
                    (_, Some(m)) => (a, m),
                    (Some(m), _) => (b, m),
                    _ => return None,
                };
                self.affine_d(e, depth + 1)?.checked_mul(m)?
            }
            _ => return None,
        };
        (c != 0 && c.abs() <= MAX_COEF).then_some(c)
    }

    fn const_i32(&self, v: Value) -> Option<i64> {
        let op = self.def_op(v)?;
        match self.k.op(op).kind {
            OpKind::Const { bits } if self.k.value_type(v) == Type::I32 => {
                Some(i64::from(bits as u32 as i32))
            }
            _ => None,
        }
    }

    /// Whether `v` (i1) is a pure function of atoms and invariants; collects the atoms.
    fn cond(&self, v: Value, atoms: &mut Vec<Atom>, depth: usize) -> bool {
        if self.invariant(v) {
            return true;
        }
        if depth > 64 {
            return false;
        }
        let Some(op) = self.def_op(v) else {
            return false;
        };
        let kind = &self.k.op(op).kind;
        if let OpKind::ICmp(pred, a, b) = *kind {
            let signed = !matches!(
                pred,
                IntPredicate::Ult | IntPredicate::Ule | IntPredicate::Ugt | IntPredicate::Uge
            );
            let t = truth_table(pred);
            let (e, u, truth) = if self.invariant(b) {
                (a, b, t)
            } else if self.invariant(a) {
                // `u pred e`: mirror the table.
                (b, a, [t[2], t[1], t[0]])
            } else {
                return false;
            };
            return match self.affine(e) {
                Some(c) if c.abs() == 1 => {
                    atoms.push(Atom {
                        cmp: v,
                        e,
                        c,
                        u,
                        signed,
                        truth,
                    });
                    true
                }
                _ => false,
            };
        }
        pure_op(kind)
            && kind
                .operands()
                .iter()
                .all(|&o| self.cond(o, atoms, depth + 1))
    }

    fn spec_ifs(&self, r: &Region, parent: Option<(usize, bool)>, out: &mut Vec<Cand>) {
        for &o in &r.ops {
            if out.len() >= MAX_CANDS {
                return;
            }
            let OpKind::If {
                cond,
                then_region,
                else_region,
            } = &self.k.op(o).kind
            else {
                continue;
            };
            if self.invariant(*cond) {
                continue;
            }
            let mut atoms = Vec::new();
            if !self.cond(*cond, &mut atoms, 0) {
                continue;
            }
            let i = out.len();
            out.push(Cand {
                op: o,
                cond: *cond,
                atoms,
                parent,
            });
            self.spec_ifs(then_region, Some((i, true)), out);
            self.spec_ifs(else_region, Some((i, false)), out);
        }
    }

    fn exts(&self, r: &Region, plan: &mut SplitPlan) {
        for &o in &r.ops {
            let d = self.k.op(o);
            if let OpKind::Cast(cop @ (CastOp::SExt | CastOp::ZExt), e) = d.kind {
                // `ext(x)` itself is already affine to LLVM (the loop counter's range is
                // known); only expressions with an invariant part need the rewrite.
                if e != self.x
                    && d.results.first().map(|&r| self.k.value_type(r)) == Some(Type::I64)
                {
                    if let Some(c) = self.affine(e) {
                        plan.exts.insert(
                            o,
                            Ext {
                                e,
                                c,
                                signed: cop == CastOp::SExt,
                            },
                        );
                    }
                }
            }
            for sub in d.kind.regions() {
                self.exts(sub, plan);
            }
        }
    }
}

/// The per-segment state the body emission reads.
#[derive(Clone, Debug, Default)]
pub(super) struct SegmentState {
    /// Specialised `If`s and the branch taken in this leaf.
    pub(super) forced: HashMap<OpId, bool>,
    /// Extension op -> (i64 value at `lo`, coefficient, `lo` as i64).
    pub(super) exts: HashMap<OpId, (String, i64, String)>,
    /// The x loop's induction variable as i64 (set per leaf loop).
    pub(super) x64: Option<String>,
    /// In a fused body of `super::forward`, the thread-x argument when it is the
    /// induction variable itself (not a flat loop): its `zext`/`sext` to i64 is `x64` (`x` is in `[0, blockDim.x)`, below
    /// 2^31, so both extensions equal the i64 counter), which LLVM sees as affine even
    /// when the segment's bounds are run-time values.
    pub(super) x_arg: Option<parallel_ir::ir::Value>,
    /// The segment's bounds when they are compile-time constants (a static split).
    pub(super) bounds: Option<(u32, u32)>,
}

impl Emitter<'_> {
    /// Bind the thread-x argument `x` for loop position `pos` (an i32 SSA name): the
    /// position itself, or in a flat loop `threadIdx.x = pos & (blockDim.x - 1)` and
    /// `blockIdx.x = pos >> log2(blockDim.x)` (`pos` is non-negative).
    pub(super) fn bind_x(&mut self, flat: Option<&FlatX>, x: Value, pos: &str) {
        match flat {
            None => self.bind(x, pos.to_string()),
            Some(f) => {
                let s = self.const_int(i64::from(f.shift), "i32");
                let b = self.def(&format!("arith.shrui {pos}, {s} : i32"));
                let m = self.const_int((1i64 << f.shift) - 1, "i32");
                let t = self.def(&format!("arith.andi {pos}, {m} : i32"));
                self.bind(f.bid, b);
                self.bind(x, t);
            }
        }
    }

    /// [`Emitter::bind_x`] for the compile-time evaluation (`known`) at position `pos`.
    fn know_x(&mut self, flat: Option<&FlatX>, x: Value, pos: u64) {
        match flat {
            None => {
                self.known.insert(x, pos);
            }
            Some(f) => {
                self.known.insert(f.bid, pos >> f.shift);
                self.known.insert(x, pos & ((1u64 << f.shift) - 1));
            }
        }
    }

    /// Emit the pure op tree of `v` at the current insertion point (its operands first);
    /// `done` holds the values already emitted here.
    fn emit_pure(
        &mut self,
        v: Value,
        inside: &HashSet<Value>,
        done: &mut HashSet<Value>,
    ) -> Result<(), Diagnostic> {
        if !inside.contains(&v) || done.contains(&v) {
            return Ok(());
        }
        let ValueDef::Result(op, 0) = self.k.value_def(v) else {
            return Err(Diagnostic::new(
                "cpu-lowering",
                "index-set splitting: a condition uses a non-op value",
            ));
        };
        for o in self.k.op(op).kind.operands() {
            self.emit_pure(o, inside, done)?;
        }
        self.op(op)?;
        done.insert(v);
        Ok(())
    }

    /// Per `If` condition in `conds`, the *hot* branch when only one branch is taken at
    /// the sample threads ([`SAMPLES_X`] positions spread evenly over the x loop's length
    /// `n`, at the central block and thread y and z; then each block index and thread y
    /// and z index in turn at a quarter and three quarters of its dimension, the others
    /// central) and the condition is a compile-time constant at every one of them; `None`
    /// otherwise (both branches count as hot). The samples stand for the bulk of the
    /// launch: a stencil's interior, the gather's fast path (`parallel_ir::autodiff::gather`
    /// picks its fast path by the central thread), both halves of a tree reduction's step;
    /// a branch none of them takes runs at the launch's edges only. Only the amount of
    /// code emitted depends on this, never what it computes. `RAISE_CPU_COLD=0` in the
    /// environment makes no branch cold (every leaf specialised; for before/after runs).
    /// `body` is the x loop's region (x, y, z thread indices first), `flat` its flat
    /// loop if it is one.
    pub(super) fn hot_branches(
        &mut self,
        conds: &[Value],
        body: &Region,
        n: u32,
        flat: Option<&FlatX>,
    ) -> Vec<Option<bool>> {
        if std::env::var_os("RAISE_CPU_COLD").is_some_and(|v| v == "0") {
            return vec![None; conds.len()];
        }
        let grid_args: Vec<Value> = self
            .k
            .body
            .ops
            .iter()
            .find_map(|&o| match &self.k.op(o).kind {
                OpKind::Parallel {
                    level: parallel_ir::ir::Level::Grid,
                    body,
                } => Some(body.args.clone()),
                _ => None,
            })
            .unwrap_or_default();
        // (value, dimension) of every coordinate but x.
        let mut coords: Vec<(Value, u32)> = grid_args.iter().copied().zip(self.cfg.grid).collect();
        for (d, &a) in body.args.iter().enumerate().take(3).skip(1) {
            coords.push((a, self.cfg.block[d]));
        }
        let x = body.args[0];
        let centre: Vec<u64> = coords.iter().map(|&(_, d)| u64::from(d / 2)).collect();
        let mut samples: Vec<(Vec<u64>, u64)> = (0..SAMPLES_X)
            .map(|i| (centre.clone(), (2 * i + 1) * u64::from(n) / (2 * SAMPLES_X)))
            .collect();
        for (c, &(_, d)) in coords.iter().enumerate() {
            for q in [1, 3] {
                let mut at = centre.clone();
                at[c] = u64::from(d) * q / 4;
                samples.push((at, u64::from(n / 2)));
            }
        }
        let mut vars: Vec<Value> = coords.iter().map(|&(v, _)| v).collect();
        vars.push(x);
        vars.extend(flat.map(|f| f.bid));
        let old: Vec<Option<u64>> = vars.iter().map(|v| self.known.get(v).copied()).collect();
        // Per `If`: taken branches seen (else, then), or `None` once not constant.
        let mut seen: Vec<Option<[bool; 2]>> = vec![Some([false; 2]); conds.len()];
        for (at, xpos) in samples {
            for (&(v, _), c) in coords.iter().zip(at) {
                self.known.insert(v, c);
            }
            self.know_x(flat, x, xpos);
            for (&c, seen) in conds.iter().zip(seen.iter_mut()) {
                *seen = match (*seen, self.const_of(c)) {
                    (Some(mut t), Some(c)) => {
                        t[usize::from(c & 1 != 0)] = true;
                        Some(t)
                    }
                    _ => None,
                };
            }
        }
        for (v, o) in vars.into_iter().zip(old) {
            match o {
                Some(c) => self.known.insert(v, c),
                None => self.known.remove(&v),
            };
        }
        seen.into_iter()
            .map(|t| match t? {
                [false, true] => Some(true),
                [true, false] => Some(false),
                _ => None,
            })
            .collect()
    }

    /// The x loop of a thread `Parallel` (the y and z indices already bound), segmented
    /// per `plan` (see the module doc). `bdx` is blockDim.x; `leaf` emits one copy of the
    /// loop body for `[lo, hi)` (index values) under the current [`SegmentState`].
    pub(super) fn segmented_x_loop(
        &mut self,
        plan: &SplitPlan,
        body: &Region,
        bdx: u32,
        leaf: &mut dyn FnMut(&mut Self, &str, &str) -> Result<(), Diagnostic>,
    ) -> Result<(), Diagnostic> {
        let x = body.args[0];
        let mut inside = HashSet::new();
        collect_defs(self.k, body, &mut inside);
        for &a in body.args.iter() {
            inside.remove(&a);
        }
        if let Some(split) = self.static_segments(plan, x, bdx, &HashSet::new()) {
            return self.static_x_loop(split, x, plan.flat.as_ref(), &inside, bdx, leaf);
        }
        if let Some((split, assumed)) = self.assumed_segments(plan, x, bdx) {
            // The common full-block case with constant segments, under a run-time check
            // of the assumption (see `assumed_segments`); the run-time split otherwise.
            let zero32 = self.const_int(0, "i32");
            self.bind_x(plan.flat.as_ref(), x, &zero32);
            let mut done = HashSet::new();
            let bdx64 = self.const_int(i64::from(bdx), "i64");
            let mut ok = self.def("arith.constant true");
            for a in &assumed {
                self.emit_pure(a.e, &inside, &mut done)?;
                self.emit_pure(a.u, &inside, &mut done)?;
                let (e0, u) = (self.name(a.e)?, self.name(a.u)?);
                let n = if a.signed {
                    "arith.extsi"
                } else {
                    "arith.extui"
                };
                let b64 = self.def(&format!("{n} {e0} : i32 to i64"));
                let u64v = self.def(&format!("{n} {u} : i32 to i64"));
                let gap = self.def(&format!("arith.subi {u64v}, {b64} : i64"));
                let fits = self.def(&format!("arith.cmpi sge, {gap}, {bdx64} : i64"));
                ok = self.def(&format!("arith.andi {ok}, {fits} : i1"));
            }
            self.line(&format!("scf.if {ok} {{"));
            self.indent += 1;
            self.line("// raise: constant segments under the block's bounds check");
            self.static_x_loop(split, x, plan.flat.as_ref(), &inside, bdx, leaf)?;
            self.indent -= 1;
            self.line("} else {");
            self.indent += 1;
            // `split` has a constant break point strictly inside the block, so no run-time
            // segment is the whole block: the one-segment copies are left out.
            self.runtime_x_loop(plan, body, bdx, &inside, true, leaf)?;
            self.indent -= 1;
            self.line("}");
            return Ok(());
        }
        self.runtime_x_loop(plan, body, bdx, &inside, false, leaf)
    }

    /// The run-time split of [`Emitter::segmented_x_loop`]: break points computed once
    /// per x loop, one segment when none is inside the block, else a loop over segments.
    /// `split_inside`: the caller knows a break point lies strictly inside the block
    /// (a constant one; also found here, [`Emitter::const_point_inside`]), so the one-segment path and the whole-block copies are dead and
    /// not emitted.
    fn runtime_x_loop(
        &mut self,
        plan: &SplitPlan,
        body: &Region,
        bdx: u32,
        inside: &HashSet<Value>,
        split_inside: bool,
        leaf: &mut dyn FnMut(&mut Self, &str, &str) -> Result<(), Diagnostic>,
    ) -> Result<(), Diagnostic> {
        let x = body.args[0];
        let split_inside = split_inside || self.const_point_inside(plan, x, bdx);
        let bdx64 = self.const_int(i64::from(bdx), "i64");
        // Computed once per x loop from x = 0: whether no affine expression wraps over
        // [0, blockDim.x), and the atoms' break points.
        let zero32 = self.const_int(0, "i32");
        self.bind_x(plan.flat.as_ref(), x, &zero32);
        let mut done = HashSet::new();
        let mut points = Vec::new();
        let one = self.const_int(1, "i64");
        let ext64 = |e: &mut Self, v: &str, signed: bool| -> String {
            let n = if signed { "arith.extsi" } else { "arith.extui" };
            e.def(&format!("{n} {v} : i32 to i64"))
        };
        let mut ok = self.def("arith.constant true");
        // E(x) = ext(e(0)) + c*x stays representable at x = 0 and x = blockDim.x - 1 (so
        // everywhere between: E is monotone).
        let mut no_wrap = |e: &mut Self, b64: &str, c: i64, signed: bool| {
            let (lo, hi) = if signed {
                (i64::from(i32::MIN), i64::from(i32::MAX))
            } else {
                (0, i64::from(u32::MAX))
            };
            let clo = e.const_int(lo, "i64");
            let chi = e.const_int(hi, "i64");
            let span = e.const_int(c * (i64::from(bdx) - 1), "i64");
            let end = e.def(&format!("arith.addi {b64}, {span} : i64"));
            for v in [b64.to_string(), end] {
                let a = e.def(&format!("arith.cmpi sge, {v}, {clo} : i64"));
                let b = e.def(&format!("arith.cmpi sle, {v}, {chi} : i64"));
                let ab = e.def(&format!("arith.andi {a}, {b} : i1"));
                ok = e.def(&format!("arith.andi {ok}, {ab} : i1"));
            }
        };
        let mut checked: HashSet<(Value, bool, i64)> = HashSet::new();
        let mut seen_atoms: HashSet<(Value, Value, bool, i64, [bool; 3])> = HashSet::new();
        for a in &plan.atoms {
            if !seen_atoms.insert((a.e, a.u, a.signed, a.c, a.truth)) {
                continue;
            }
            self.emit_pure(a.e, inside, &mut done)?;
            self.emit_pure(a.u, inside, &mut done)?;
            let (e0, u) = (self.name(a.e)?, self.name(a.u)?);
            let b64 = ext64(self, &e0, a.signed);
            let u64v = ext64(self, &u, a.signed);
            if checked.insert((a.e, a.signed, a.c)) {
                no_wrap(self, &b64, a.c, a.signed);
            }
            let t = if a.c > 0 {
                self.def(&format!("arith.subi {u64v}, {b64} : i64"))
            } else {
                self.def(&format!("arith.subi {b64}, {u64v} : i64"))
            };
            // As x grows, sign(e - u) steps from -c to 0 at x = t and to +c at t + 1; the
            // truth can only change where the table differs between neighbouring signs.
            let (before, after) = if a.c > 0 { (0, 2) } else { (2, 0) };
            if a.truth[1] != a.truth[after] {
                points.push(self.def(&format!("arith.addi {t}, {one} : i64")));
            }
            if a.truth[before] != a.truth[1] {
                points.push(t);
            }
        }
        let mut ext_list: Vec<(OpId, Ext)> =
            plan.exts.iter().map(|(&o, e)| (o, e.clone())).collect();
        ext_list.sort_by_key(|(o, _)| o.0);
        for (_, ex) in &ext_list {
            if !checked.insert((ex.e, ex.signed, ex.c)) {
                continue;
            }
            self.emit_pure(ex.e, inside, &mut done)?;
            let e0 = self.name(ex.e)?;
            let b64 = ext64(self, &e0, ex.signed);
            no_wrap(self, &b64, ex.c, ex.signed);
        }
        // With cold branches the plain body (no `If` resolved, no extension rewritten) is
        // emitted once, in the segment loop, and serves both the segments that reach a
        // cold leaf and the blocks where some expression wraps (one segment, the block):
        // a cold leaf is a large general path (`parallel_ir::autodiff::gather`'s edges)
        // that would otherwise be emitted twice. Without cold branches, as before: the
        // segment loop under `ok`, the plain loop when it fails.
        let merged = plan.hot.iter().any(Option::is_some);
        if !merged {
            // Some expression wraps inside the block: the plain loop.
            self.line(&format!("scf.if {ok} {{"));
            self.indent += 1;
        }
        // No break point inside the block (the common case): one segment, no loop.
        let zero64 = self.const_int(0, "i64");
        let mut single = self.def("arith.constant true");
        for p in &points {
            let le0 = self.def(&format!("arith.cmpi sle, {p}, {zero64} : i64"));
            let geb = self.def(&format!("arith.cmpi sge, {p}, {bdx64} : i64"));
            let out = self.def(&format!("arith.ori {le0}, {geb} : i1"));
            single = self.def(&format!("arith.andi {single}, {out} : i1"));
        }
        if !split_inside {
            // The whole block is one segment and its branches lead to a hot leaf: that
            // leaf with constant bounds. Otherwise the loop below (a cold leaf is emitted
            // there only).
            let lo0 = self.const_int(0, "i64");
            let (conds, mut state) = self.segment_prelude(plan, body, inside, &ext_list, &lo0)?;
            let hot = self.hot_path(plan, &conds, &mut state.clone());
            let mut go = self.def(&format!("arith.andi {single}, {hot} : i1"));
            if merged {
                go = self.def(&format!("arith.andi {ok}, {go} : i1"));
            }
            self.line(&format!("scf.if {go} {{"));
            self.indent += 1;
            self.whole_tree(plan, &conds, &mut state, bdx, None, leaf)?;
            self.indent -= 1;
            self.line("} else {");
            self.indent += 1;
        }
        // for lo = 0; lo < bdx; lo = hi: hi = least break point above lo (or bdx).
        let lo0 = self.const_int(0, "i64");
        let lo = self.fresh();
        self.line(&format!("scf.while ({lo} = {lo0}) : (i64) -> i64 {{"));
        self.indent += 1;
        let more = self.def(&format!("arith.cmpi slt, {lo}, {bdx64} : i64"));
        self.line(&format!("scf.condition({more}) {lo} : i64"));
        self.indent -= 1;
        let lo = self.fresh();
        self.line(&format!("}} do {{\n^bb0({lo}: i64):"));
        self.indent += 1;
        let mut hi = bdx64.clone();
        for p in &points {
            let above = self.def(&format!("arith.cmpi sgt, {p}, {lo} : i64"));
            let cand = self.def(&format!("arith.select {above}, {p}, {bdx64} : i64"));
            hi = self.def(&format!("arith.minsi {hi}, {cand} : i64"));
        }
        // A segment of this loop is never the whole block: a break point lies strictly
        // inside it (`single` is false, or the caller's constant one), so the first
        // segment ends there. No whole-block copies.
        if merged {
            // Where an expression wraps, one segment: the block, run plain.
            hi = self.def(&format!("arith.select {ok}, {hi}, {bdx64} : i64"));
            let (conds, mut state) = self.segment_prelude(plan, body, inside, &ext_list, &lo)?;
            let hot = self.hot_path(plan, &conds, &mut state.clone());
            let go = self.def(&format!("arith.andi {ok}, {hot} : i1"));
            let lo_i = self.def(&format!("arith.index_cast {lo} : i64 to index"));
            let hi_i = self.def(&format!("arith.index_cast {hi} : i64 to index"));
            self.line(&format!("scf.if {go} {{"));
            self.indent += 1;
            self.whole_tree(plan, &conds, &mut state, bdx, Some((&lo_i, &hi_i)), leaf)?;
            self.indent -= 1;
            self.line("} else {");
            self.indent += 1;
            self.segment = None;
            leaf(self, &lo_i, &hi_i)?;
            self.indent -= 1;
            self.line("}");
        } else {
            self.segment_body(plan, body, inside, &ext_list, &lo, &hi, leaf)?;
        }
        self.line(&format!("scf.yield {hi} : i64"));
        self.indent -= 1;
        self.line("}");
        if !split_inside {
            self.indent -= 1;
            self.line("}");
        }
        if merged {
            return Ok(());
        }
        self.indent -= 1;
        self.line("} else {");
        self.indent += 1;
        self.segment = None;
        let (c0, cb) = (
            self.def("arith.constant 0 : index"),
            self.def(&format!("arith.constant {bdx} : index")),
        );
        leaf(self, &c0, &cb)?;
        self.indent -= 1;
        self.line("}");
        Ok(())
    }

    /// One segment `[lo, hi)` (i64 values): the specialised conditions and extension
    /// bases at `x = lo`, then the decision tree over the branches.
    #[allow(clippy::too_many_arguments)]
    fn segment_body(
        &mut self,
        plan: &SplitPlan,
        body: &Region,
        inside: &HashSet<Value>,
        ext_list: &[(OpId, Ext)],
        lo: &str,
        hi: &str,
        leaf: &mut dyn FnMut(&mut Self, &str, &str) -> Result<(), Diagnostic>,
    ) -> Result<(), Diagnostic> {
        let (conds, mut state) = self.segment_prelude(plan, body, inside, ext_list, lo)?;
        let lo_i = self.def(&format!("arith.index_cast {lo} : i64 to index"));
        let hi_i = self.def(&format!("arith.index_cast {hi} : i64 to index"));
        self.decision_tree(plan, &conds, &mut state, &lo_i, &hi_i, leaf)
    }

    /// The specialised conditions (SSA names, as `plan.ifs`) and the extension bases of a
    /// segment starting at `lo` (i64).
    fn segment_prelude(
        &mut self,
        plan: &SplitPlan,
        body: &Region,
        inside: &HashSet<Value>,
        ext_list: &[(OpId, Ext)],
        lo: &str,
    ) -> Result<(Vec<String>, SegmentState), Diagnostic> {
        let x = body.args[0];
        let lo32 = self.def(&format!("arith.trunci {lo} : i64 to i32"));
        self.bind_x(plan.flat.as_ref(), x, &lo32);
        let mut done = HashSet::new();
        let mut conds = Vec::new();
        for s in &plan.ifs {
            self.emit_pure(s.cond, inside, &mut done)?;
            conds.push(self.name(s.cond)?);
        }
        let mut state = SegmentState::default();
        for (o, ex) in ext_list {
            self.emit_pure(ex.e, inside, &mut done)?;
            let e0 = self.name(ex.e)?;
            let n = if ex.signed {
                "arith.extsi"
            } else {
                "arith.extui"
            };
            let b = self.def(&format!("{n} {e0} : i32 to i64"));
            state.exts.insert(*o, (b, ex.c, lo.to_string()));
        }
        Ok((conds, state))
    }

    /// An i1 that holds when the segment whose conditions are `conds` reaches a leaf of
    /// the decision tree below `state` that is not cold.
    fn hot_path(&mut self, plan: &SplitPlan, conds: &[String], state: &mut SegmentState) -> String {
        let Some(i) = plan.next_if(&state.forced) else {
            return self.def("arith.constant true");
        };
        let op = plan.ifs[i].op;
        match plan.hot[i] {
            Some(h) => {
                // The other branch is cold: the condition must take this one.
                state.forced.insert(op, h);
                let below = self.hot_path(plan, conds, state);
                state.forced.remove(&op);
                let want = self.def(&format!("arith.constant {h}"));
                let here = self.def(&format!("arith.cmpi eq, {}, {want} : i1", conds[i]));
                self.def(&format!("arith.andi {here}, {below} : i1"))
            }
            None => {
                state.forced.insert(op, true);
                let t = self.hot_path(plan, conds, state);
                state.forced.insert(op, false);
                let f = self.hot_path(plan, conds, state);
                state.forced.remove(&op);
                self.def(&format!("arith.select {}, {t}, {f} : i1", conds[i]))
            }
        }
    }

    /// The decision tree of a segment (`bounds`, index values; `None`: the whole block
    /// `[0, n)`) that reaches a leaf that is not cold ([`Emitter::hot_path`] holds): where
    /// one branch of an `If` is cold, the other is taken without a test. The whole
    /// block's leaves get constant bounds, so LLVM sees the trip count (unrolling, SLP
    /// vectorization) as without a split.
    fn whole_tree(
        &mut self,
        plan: &SplitPlan,
        conds: &[String],
        state: &mut SegmentState,
        n: u32,
        bounds: Option<(&str, &str)>,
        leaf: &mut dyn FnMut(&mut Self, &str, &str) -> Result<(), Diagnostic>,
    ) -> Result<(), Diagnostic> {
        let Some(i) = plan.next_if(&state.forced) else {
            let (z, b) = match bounds {
                Some((l, h)) => (l.to_string(), h.to_string()),
                None => (
                    self.def("arith.constant 0 : index"),
                    self.def(&format!("arith.constant {n} : index")),
                ),
            };
            self.segment = Some(state.clone());
            leaf(self, &z, &b)?;
            self.segment = None;
            return Ok(());
        };
        let op = plan.ifs[i].op;
        if let Some(h) = plan.hot[i] {
            state.forced.insert(op, h);
            self.whole_tree(plan, conds, state, n, bounds, leaf)?;
            state.forced.remove(&op);
            return Ok(());
        }
        self.line(&format!("scf.if {} {{", conds[i]));
        self.indent += 1;
        state.forced.insert(op, true);
        self.whole_tree(plan, conds, state, n, bounds, leaf)?;
        self.indent -= 1;
        self.line("} else {");
        self.indent += 1;
        state.forced.insert(op, false);
        self.whole_tree(plan, conds, state, n, bounds, leaf)?;
        state.forced.remove(&op);
        self.indent -= 1;
        self.line("}");
        Ok(())
    }

    /// The decision tree of a segment `[lo, hi)` (index values): nested `scf.if`s on the
    /// specialised conditions, a copy of the body per leaf.
    fn decision_tree(
        &mut self,
        plan: &SplitPlan,
        conds: &[String],
        state: &mut SegmentState,
        lo: &str,
        hi: &str,
        leaf: &mut dyn FnMut(&mut Self, &str, &str) -> Result<(), Diagnostic>,
    ) -> Result<(), Diagnostic> {
        let Some(i) = plan.next_if(&state.forced) else {
            self.segment = Some(state.clone());
            leaf(self, lo, hi)?;
            self.segment = None;
            return Ok(());
        };
        let op = plan.ifs[i].op;
        self.line(&format!("scf.if {} {{", conds[i]));
        self.indent += 1;
        state.forced.insert(op, true);
        self.decision_tree(plan, conds, state, lo, hi, leaf)?;
        self.indent -= 1;
        self.line("} else {");
        self.indent += 1;
        state.forced.insert(op, false);
        self.decision_tree(plan, conds, state, lo, hi, leaf)?;
        state.forced.remove(&op);
        self.indent -= 1;
        self.line("}");
        Ok(())
    }
}

/// A split x loop whose break points and branches are compile-time constants
/// ([`Emitter::static_segments`]).
pub(super) struct StaticSplit {
    /// Some affine expression with a constant base wraps inside the block: the plain
    /// loop, as the run-time check would choose.
    wraps: bool,
    /// `(lo, hi, state)`: the segments in increasing x, their branches resolved and the
    /// extensions with constant bases filled in.
    segments: Vec<(u32, u32, SegmentState)>,
    /// Extensions whose base is not constant (it involves the block index, say): their
    /// base and no-wrap check are emitted at run time, as in the run-time split.
    dynamic_exts: Vec<(OpId, Ext)>,
}

impl Emitter<'_> {
    /// The split decided at compile time: when every atom's `e(0)` and bound and every
    /// specialised condition at each segment's first thread is a launch constant
    /// ([`Emitter::const_of`], with `x` bound to the thread index in question), the break
    /// points, the segments and the branches the run-time code would compute are computed
    /// here by the same rules and the same integer semantics, so the emitted segments are
    /// the ones the run-time split would run, with constant bounds (LLVM then knows each
    /// trip count and every distance between accesses). Extensions with constant bases are
    /// checked and based here too; the others stay run-time values under the run-time
    /// no-wrap check. `None` when an atom or condition is not constant (the run-time split
    /// is emitted).
    ///
    /// The atoms whose `icmp` results are in `assumed` are left out: their truth is
    /// fixed in `self.known` by the caller ([`Emitter::assumed_segments`]).
    fn static_segments(
        &mut self,
        plan: &SplitPlan,
        x: Value,
        bdx: u32,
        assumed: &HashSet<Value>,
    ) -> Option<StaticSplit> {
        let vars: Vec<Value> = std::iter::once(x)
            .chain(plan.flat.as_ref().map(|f| f.bid))
            .collect();
        let old: Vec<Option<u64>> = vars.iter().map(|v| self.known.get(v).copied()).collect();
        self.know_x(plan.flat.as_ref(), x, 0);
        let r = self.static_segments_x(plan, x, bdx, assumed);
        for (v, o) in vars.into_iter().zip(old) {
            match o {
                Some(c) => self.known.insert(v, c),
                None => self.known.remove(&v),
            };
        }
        r
    }

    /// The split decided at compile time for the common case of a bounds check: every
    /// atom whose `e(0)` or bound is not a launch constant has `c = +1` and is assumed to
    /// hold `e(x) < u` on the whole block, i.e. its truth is `truth[0]` for every thread;
    /// the other atoms and the conditions are then constants as in
    /// [`Emitter::static_segments`]. Gives the split and the assumed atoms when that split
    /// has more than one segment (with one, the run-time split's single-segment path has
    /// constant bounds already), `None` otherwise.
    ///
    /// Why the caller's run-time check makes the assumption true (legality). The caller
    /// runs this split only when `ext(u) - ext(e(0)) >= blockDim.x` for every assumed
    /// atom (i64, both terms extensions of i32 values, so no overflow; extension in the
    /// compare's signedness). Then the exact integer `E(x) = ext(e(0)) + x` satisfies
    /// `ext(lo) <= E(x) < ext(u) <= ext(hi)` for `x` in `[0, blockDim.x)` (`lo`, `hi` the
    /// bounds of the 32-bit range), so the i32 value `e(x) = e(0) + x (mod 2^32)` is `E(x)`
    /// and compares below `u`: the atom's value is `truth[0]` at every thread, which is
    /// what `self.known` holds for it while the segments are computed. The rest is the
    /// static split's own argument.
    fn assumed_segments(
        &mut self,
        plan: &SplitPlan,
        x: Value,
        bdx: u32,
    ) -> Option<(StaticSplit, Vec<Atom>)> {
        let vars: Vec<Value> = std::iter::once(x)
            .chain(plan.flat.as_ref().map(|f| f.bid))
            .collect();
        let old: Vec<Option<u64>> = vars.iter().map(|v| self.known.get(v).copied()).collect();
        self.know_x(plan.flat.as_ref(), x, 0);
        let mut assumed: Vec<Atom> = Vec::new();
        let mut fits = true;
        for a in &plan.atoms {
            if self.const_of(a.e).is_none() || self.const_of(a.u).is_none() {
                fits &= a.c == 1;
                if !assumed.iter().any(|b| b.cmp == a.cmp) {
                    assumed.push(a.clone());
                }
            }
        }
        for (v, o) in vars.into_iter().zip(old) {
            match o {
                Some(c) => self.known.insert(v, c),
                None => self.known.remove(&v),
            };
        }
        if !fits || assumed.is_empty() {
            return None;
        }
        let cmps: HashSet<Value> = assumed.iter().map(|a| a.cmp).collect();
        let saved: Vec<(Value, Option<u64>)> = assumed
            .iter()
            .map(|a| (a.cmp, self.known.insert(a.cmp, u64::from(a.truth[0]))))
            .collect();
        let split = self.static_segments(plan, x, bdx, &cmps);
        for (v, o) in saved.into_iter().rev() {
            match o {
                Some(c) => self.known.insert(v, c),
                None => self.known.remove(&v),
            };
        }
        let split = split?;
        (!split.wraps && split.segments.len() > 1).then_some((split, assumed))
    }

    /// Whether some atom's break point, as the run-time split computes it, is a launch
    /// constant strictly inside `(0, bdx)` (its `e(0)` and bound constants, with `x` bound
    /// to 0, as in [`Emitter::static_segments`]; the same i64 arithmetic on the same
    /// extensions). Then the run-time split's `single` is false at every block, and its
    /// one-segment path (the whole-block copies) is dead: not emitted. In a flat loop
    /// over a grid row, `col == 0` or `col > 0` (`col` the flat index) breaks at 1.
    fn const_point_inside(&mut self, plan: &SplitPlan, x: Value, bdx: u32) -> bool {
        let vars: Vec<Value> = std::iter::once(x)
            .chain(plan.flat.as_ref().map(|f| f.bid))
            .collect();
        let old: Vec<Option<u64>> = vars.iter().map(|v| self.known.get(v).copied()).collect();
        self.know_x(plan.flat.as_ref(), x, 0);
        let ext = |v: u64, signed: bool| -> i64 {
            if signed {
                i64::from(v as u32 as i32)
            } else {
                i64::from(v as u32)
            }
        };
        let b = i64::from(bdx);
        let mut inside = false;
        for a in &plan.atoms {
            let (Some(e0), Some(u)) = (self.const_of(a.e), self.const_of(a.u)) else {
                continue;
            };
            let (e0, u) = (ext(e0, a.signed), ext(u, a.signed));
            let t = if a.c > 0 { u - e0 } else { e0 - u };
            let (before, after) = if a.c > 0 { (0, 2) } else { (2, 0) };
            let mut points = Vec::new();
            if a.truth[1] != a.truth[after] {
                points.push(t + 1);
            }
            if a.truth[before] != a.truth[1] {
                points.push(t);
            }
            inside |= points.iter().any(|&p| p > 0 && p < b);
        }
        for (v, o) in vars.into_iter().zip(old) {
            match o {
                Some(c) => self.known.insert(v, c),
                None => self.known.remove(&v),
            };
        }
        inside
    }

    fn static_segments_x(
        &mut self,
        plan: &SplitPlan,
        x: Value,
        bdx: u32,
        assumed: &HashSet<Value>,
    ) -> Option<StaticSplit> {
        let b = i64::from(bdx);
        let ext = |v: u64, signed: bool| -> i64 {
            if signed {
                i64::from(v as u32 as i32)
            } else {
                i64::from(v as u32)
            }
        };
        let no_wrap = |e0: i64, c: i64, signed: bool| -> bool {
            let (lo, hi) = if signed {
                (i64::from(i32::MIN), i64::from(i32::MAX))
            } else {
                (0, i64::from(u32::MAX))
            };
            let end = e0 + c * (b - 1);
            (lo..=hi).contains(&e0) && (lo..=hi).contains(&end)
        };
        let mut wraps = false;
        let mut points = Vec::new();
        for a in plan.atoms.iter().filter(|a| !assumed.contains(&a.cmp)) {
            let e0 = ext(self.const_of(a.e)?, a.signed);
            let u = ext(self.const_of(a.u)?, a.signed);
            wraps |= !no_wrap(e0, a.c, a.signed);
            let t = if a.c > 0 { u - e0 } else { e0 - u };
            let (before, after) = if a.c > 0 { (0, 2) } else { (2, 0) };
            if a.truth[1] != a.truth[after] {
                points.push(t + 1);
            }
            if a.truth[before] != a.truth[1] {
                points.push(t);
            }
        }
        let mut ext_list: Vec<(OpId, Ext)> =
            plan.exts.iter().map(|(&o, e)| (o, e.clone())).collect();
        ext_list.sort_by_key(|(o, _)| o.0);
        let mut dynamic_exts = Vec::new();
        for (o, ex) in ext_list {
            match self.const_of(ex.e) {
                Some(e0) => wraps |= !no_wrap(ext(e0, ex.signed), ex.c, ex.signed),
                None => dynamic_exts.push((o, ex)),
            }
        }
        let mut segments = Vec::new();
        if !wraps {
            points.retain(|&p| p > 0 && p < b);
            points.push(b);
            points.sort_unstable();
            points.dedup();
            let mut lo = 0i64;
            for hi in points {
                self.know_x(plan.flat.as_ref(), x, lo as u64);
                let mut state = SegmentState::default();
                for s in &plan.ifs {
                    state.forced.insert(s.op, self.const_of(s.cond)? & 1 != 0);
                }
                for (&o, ex) in &plan.exts {
                    if let Some(v) = self.const_of(ex.e) {
                        // Emitted as constants with the segment.
                        let base = ext(v, ex.signed);
                        state
                            .exts
                            .insert(o, (base.to_string(), ex.c, lo.to_string()));
                    }
                }
                state.bounds = Some((lo as u32, hi as u32));
                if plan.is_cold(&state.forced) {
                    // As the run-time split: a cold segment resolves only the branches
                    // down to its cold one, and joins a preceding cold segment that
                    // resolves the same (those branches are constant on both).
                    state.forced = plan.decided(&state.forced);
                    if let Some((_, phi, prev)) = segments.last_mut() {
                        let prev: &mut SegmentState = prev;
                        if plan.is_cold(&prev.forced) && prev.forced == state.forced {
                            *phi = hi as u32;
                            prev.bounds = prev.bounds.map(|(l, _)| (l, hi as u32));
                            lo = hi;
                            continue;
                        }
                    }
                }
                segments.push((lo as u32, hi as u32, state));
                lo = hi;
            }
        }
        Some(StaticSplit {
            wraps,
            segments,
            dynamic_exts,
        })
    }

    /// Emit the x loop as [`Emitter::static_segments`] decided it.
    #[allow(clippy::too_many_arguments)]
    fn static_x_loop(
        &mut self,
        split: StaticSplit,
        x: Value,
        flat: Option<&FlatX>,
        inside: &HashSet<Value>,
        bdx: u32,
        leaf: &mut dyn FnMut(&mut Self, &str, &str) -> Result<(), Diagnostic>,
    ) -> Result<(), Diagnostic> {
        let plain =
            |e: &mut Self,
             leaf: &mut dyn FnMut(&mut Self, &str, &str) -> Result<(), Diagnostic>| {
                e.segment = None;
                let c0 = e.def("arith.constant 0 : index");
                let cb = e.def(&format!("arith.constant {bdx} : index"));
                leaf(e, &c0, &cb)
            };
        if split.wraps {
            return plain(self, leaf);
        }
        let ext64 = |e: &mut Self, v: &str, signed: bool| -> String {
            let n = if signed { "arith.extsi" } else { "arith.extui" };
            e.def(&format!("{n} {v} : i32 to i64"))
        };
        let dynamic = !split.dynamic_exts.is_empty();
        if dynamic {
            // The run-time no-wrap check of the extensions with non-constant bases, as in
            // `segmented_x_loop`.
            let zero32 = self.const_int(0, "i32");
            self.bind_x(flat, x, &zero32);
            let mut done = HashSet::new();
            let mut ok = self.def("arith.constant true");
            for (_, ex) in &split.dynamic_exts {
                self.emit_pure(ex.e, inside, &mut done)?;
                let e0 = self.name(ex.e)?;
                let b64 = ext64(self, &e0, ex.signed);
                let (lo, hi) = if ex.signed {
                    (i64::from(i32::MIN), i64::from(i32::MAX))
                } else {
                    (0, i64::from(u32::MAX))
                };
                let clo = self.const_int(lo, "i64");
                let chi = self.const_int(hi, "i64");
                let span = self.const_int(ex.c * (i64::from(bdx) - 1), "i64");
                let end = self.def(&format!("arith.addi {b64}, {span} : i64"));
                for v in [b64, end] {
                    let a = self.def(&format!("arith.cmpi sge, {v}, {clo} : i64"));
                    let b = self.def(&format!("arith.cmpi sle, {v}, {chi} : i64"));
                    let ab = self.def(&format!("arith.andi {a}, {b} : i1"));
                    ok = self.def(&format!("arith.andi {ok}, {ab} : i1"));
                }
            }
            self.line(&format!("scf.if {ok} {{"));
            self.indent += 1;
        }
        for (lo, hi, mut state) in split.segments {
            for (base, _, lo64) in state.exts.values_mut() {
                *base = self.def(&format!("arith.constant {base} : i64"));
                *lo64 = self.def(&format!("arith.constant {lo64} : i64"));
            }
            if dynamic {
                let lo32 = self.const_int(i64::from(lo), "i32");
                self.bind_x(flat, x, &lo32);
                let lo64 = self.const_int(i64::from(lo), "i64");
                let mut done = HashSet::new();
                for (o, ex) in &split.dynamic_exts {
                    self.emit_pure(ex.e, inside, &mut done)?;
                    let e0 = self.name(ex.e)?;
                    let b = ext64(self, &e0, ex.signed);
                    state.exts.insert(*o, (b, ex.c, lo64.clone()));
                }
            }
            let l = self.def(&format!("arith.constant {lo} : index"));
            let h = self.def(&format!("arith.constant {hi} : index"));
            self.segment = Some(state);
            leaf(self, &l, &h)?;
        }
        self.segment = None;
        if dynamic {
            self.indent -= 1;
            self.line("} else {");
            self.indent += 1;
            plain(self, leaf)?;
            self.indent -= 1;
            self.line("}");
        }
        Ok(())
    }
}
