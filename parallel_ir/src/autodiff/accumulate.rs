//! Race-free accumulation: [`plain_accumulation`] rewrites an atomic add whose location
//! no other thread of the launch can touch into a plain load, add and store.
//!
//! Reverse mode accumulates the cotangent of every load of a buffer with an atomic add
//! (`atomic fadd x_bar[a], dv`), which is right whatever the sharing between threads
//! but costly where atomics are real: the CPU backend lowers each to `llvm.atomicrmw`
//! (a `lock cmpxchg` loop per element on x86, never vectorised). Most adjoint
//! accumulations are thread-private (`x_bar[i]` with one `i` per thread), and there a
//! plain read-add-write computes the same.
//!
//! # What it rewrites
//! An `Atomic { op: FAdd | Add }` on a kernel parameter's buffer or a module global
//! becomes `old = load a; store a, old + value` (the load keeps the atomic's result, so
//! a used old value stays right) when for every access site `B` of the kernel to a
//! location that may alias the atomic's buffer (itself included), no two *distinct*
//! threads of the launch (grid-wide: block index and thread index), each executing its
//! site, touch a common byte. Then every byte the atomic touches in thread `t` is touched
//! by `t` alone, its accesses are ordered by program order, and the atomicity of the add
//! is unobservable; so the rewrite is legal in the parallel IR's semantics, on every
//! target. Anything not proven keeps its atomic (never a wrong number).
//!
//! # The proof
//! Run on a kernel [`super::specialize`]d to its launch (launch dimensions and scalar
//! arguments are constants). The launch's `grid` and `block` give the range of the six
//! index variables `v = (bx, by, bz, tx, ty, tz)`.
//! * Aliasing: the caller says, for each pointer parameter, which buffer of the launch
//!   it is bound to and at which byte offset ([`AccumulateOptions::param_buffers`]); two
//!   parameters bound to one buffer are compared on that buffer (offsets added), a
//!   parameter of unknown binding may alias every parameter and global (all kept), a
//!   module global aliases no launch buffer. An access through a pointer of unknown root
//!   that may reach global memory keeps every atomic. Shared and per-thread memory never
//!   alias global memory.
//! * Offsets: each byte offset must be an affine form `c . v + k` of the index variables
//!   with integer constants only (no other symbol: after specialisation the scalars are
//!   constants), built from `add`, `sub`, `mul`/`shl` by a constant, `sext`, `zext` and
//!   `trunc`, and the results of `if`s whose two branches yield values of one form (the
//!   result is that form whichever branch ran). Unlike barrier elimination's per-block
//!   forms, wrapping is not assumed away:
//!   every intermediate value's range over the launch must fit the signed range of its
//!   type (and be non-negative under `zext`), so the IR's fixed-width value equals the
//!   affine form's integer value for every thread. Loop variables, loaded values,
//!   divisions, remainders and the like make the offset opaque (kept).
//! * Guards: enclosing `if`s whose condition (or a conjunct of it) bounds one index
//!   variable by a constant (`tx == 0`, `bx < 3`) shrink that variable's range for the
//!   site; other guards are assumed true (conservative).
//! * Distinct threads: for sites `A` (atomic, `sa` bytes at `c . v1 + ka`) and `B` (`sb`
//!   bytes at `c . v2 + kb`, the same `c`; different `c` keeps the atomic), a common
//!   byte needs `c . D` in `(kb - ka - sa, kb - ka + sb)` for some `D = v1 - v2 != 0`
//!   with each `D_i` in the range the two sites' (guarded) ranges allow. Whether such a
//!   `D` exists is decided exactly by a branch and bound over the variables by
//!   decreasing `|c_i|` (a variable's candidate values are those the remaining
//!   variables' span can still bring into the interval; index maps are mixed-radix
//!   numbers, so there are few), within a budget of nodes (exceeded: kept).
//!   So `x_bar[i]`, float4 components at `16 i + 4 j`, transposed 2-D tiles pass;
//!   stencil neighbours (`i - 1`, `i`, `i + 1`), `x[i / 2]`, indices loaded from memory
//!   and two parameters bound to one buffer at overlapping ranges do not.
//! * The same proof with "distinct blocks" in place of "distinct threads" (`D` nonzero in
//!   a block index; [`Apart::Blocks`]) serves [`super::blocklocal`].

use std::collections::HashSet;

use frontend::interp::semantics;

use crate::effects::{loc_space, op_accesses, path_to, AccessLoc, Extent, MemSpace};
use crate::ir::{
    Addr, AtomicOp, BinaryOp, CastOp, IntPredicate, Kernel, Level, MemRoot, OpId, OpKind, Region,
    Type, Value, ValueDef,
};

/// What the pass knows about the launch.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AccumulateOptions {
    /// The launch's grid and block dimensions.
    pub grid: [u32; 3],
    pub block: [u32; 3],
    /// For each kernel parameter: `Some((buffer, byte offset))` when it is a pointer
    /// bound to that buffer of the launch (buffers are distinct allocations, none of
    /// them a module global); `None` for scalars and pointers of unknown binding.
    pub param_buffers: Vec<Option<(usize, u64)>>,
}

/// What happened to the atomics.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AccumulateReport {
    /// Atomics rewritten into a plain load, add and store.
    pub rewritten: Vec<OpId>,
    /// Atomic adds kept, and why.
    pub kept: Vec<(OpId, String)>,
}

/// Rewrite the race-free atomic adds of `kernel` (see the module documentation).
pub fn plain_accumulation(kernel: &mut Kernel, opts: &AccumulateOptions) -> AccumulateReport {
    let mut report = AccumulateReport::default();
    let candidates = candidates(kernel);
    if candidates.is_empty() {
        return report;
    }
    let keep_all = |report: &mut AccumulateReport, why: &str| {
        report.kept = candidates.iter().map(|&o| (o, why.to_string())).collect();
    };
    let Some(an) = Analysis::new(kernel, opts) else {
        keep_all(
            &mut report,
            "the kernel is not one grid of blocks of threads",
        );
        return report;
    };
    let sites = match collect_sites(kernel, opts, &an) {
        Ok(s) => s,
        Err(why) => {
            keep_all(&mut report, why);
            return report;
        }
    };
    let mut accepted = Vec::new();
    for &a in &candidates {
        let Some(sa) = sites.iter().find(|s| s.op == a) else {
            report
                .kept
                .push((a, "not an access of a known buffer".into()));
            continue;
        };
        let verdict = sites
            .iter()
            .filter(|sb| sa.key.may_alias(sb.key))
            .try_for_each(|sb| {
                if sa.key != sb.key {
                    // Unknown relative placement (a parameter of unknown binding).
                    return Err(format!(
                        "{} and {} may alias (a pointer of unknown binding)",
                        site_name(kernel, sa.op),
                        site_name(kernel, sb.op)
                    ));
                }
                an.disjoint(sa, sb, Apart::Threads)
            });
        match verdict {
            Ok(()) => accepted.push(a),
            Err(why) => report.kept.push((a, why)),
        }
    }
    if !accepted.is_empty() {
        let set: HashSet<OpId> = accepted.iter().copied().collect();
        let mut body = std::mem::take(&mut kernel.body);
        rewrite_region(kernel, &mut body, &set, 0);
        kernel.body = body;
    }
    report.rewritten = accepted;
    report
}

/// The atomic adds of `kernel` on a parameter's buffer or a module global.
pub(super) fn candidates(kernel: &Kernel) -> Vec<OpId> {
    let mut ops = Vec::new();
    walk(kernel, &kernel.body, &mut ops, 0);
    ops.into_iter()
        .filter(|&o| {
            matches!(
                &kernel.op(o).kind,
                OpKind::Atomic {
                    op: AtomicOp::FAdd | AtomicOp::Add,
                    addr: Addr::Root {
                        root: MemRoot::Param(_) | MemRoot::Global(_),
                        ..
                    },
                    ..
                }
            )
        })
        .collect()
}

/// Every access site of `kernel` to global memory (shared and per-thread memory never
/// alias it), or why none can be trusted.
pub(super) fn collect_sites(
    kernel: &Kernel,
    opts: &AccumulateOptions,
    an: &Analysis,
) -> Result<Vec<Site>, &'static str> {
    let mut sites = Vec::new();
    let mut ops = Vec::new();
    walk(kernel, &kernel.body, &mut ops, 0);
    for &op in &ops {
        for acc in op_accesses(kernel, op) {
            let (key, offset, len) = match acc.loc {
                AccessLoc::Unknown { .. } => {
                    if matches!(
                        loc_space(kernel, &acc.loc),
                        Some(MemSpace::Shared | MemSpace::Local)
                    ) {
                        continue;
                    }
                    return Err("an access through a pointer of unknown root may reach any buffer");
                }
                AccessLoc::Root { root, offset, len } => match root {
                    MemRoot::Shared(_) | MemRoot::Local(_) => continue,
                    MemRoot::Global(g) => (Key::Global(g.0), (offset, 0), len),
                    MemRoot::Param(p) => match opts.param_buffers.get(p as usize) {
                        Some(Some((buf, off))) => (Key::Buffer(*buf), (offset, *off), len),
                        _ => (Key::Unbound(p), (offset, 0), len),
                    },
                },
            };
            let form = an.site_form(op, offset, len);
            sites.push(Site { op, key, form });
        }
    }
    Ok(sites)
}

/// Every op placed in `region` and its nested regions, in program order.
pub(super) fn walk(kernel: &Kernel, region: &Region, out: &mut Vec<OpId>, depth: usize) {
    for &op in &region.ops {
        out.push(op);
        if depth < 10_000 {
            if let Some(data) = kernel.ops.get(op.index()) {
                for r in data.kind.regions() {
                    walk(kernel, r, out, depth + 1);
                }
            }
        }
    }
}

/// `atomic add a, v` (result `old`) -> `old = load a; store a, old + v`, in place.
pub(super) fn rewrite_region(
    kernel: &mut Kernel,
    region: &mut Region,
    set: &HashSet<OpId>,
    depth: usize,
) {
    let mut out = Vec::with_capacity(region.ops.len());
    for &op in &region.ops {
        out.push(op);
        if set.contains(&op) {
            let data = kernel.op(op).clone();
            if let OpKind::Atomic {
                op: aop,
                addr,
                value,
            } = data.kind
            {
                let ty = kernel.value_type(value);
                let old = match data.results.first() {
                    Some(&r) => r,
                    None => kernel.add_result(op, ty),
                };
                kernel.op_mut(op).kind = OpKind::Load { addr };
                let bop = if aop == AtomicOp::FAdd {
                    BinaryOp::FAdd
                } else {
                    BinaryOp::Add
                };
                let add = kernel.create_op(OpKind::Binary(bop, old, value), &[ty], data.loc);
                out.push(add);
                if let Some(sum) = kernel.result(add) {
                    out.push(kernel.create_op(OpKind::Store { addr, value: sum }, &[], data.loc));
                }
            }
        } else if depth < 10_000 {
            let mut kind = std::mem::replace(&mut kernel.op_mut(op).kind, OpKind::Yield(vec![]));
            for r in kind.regions_mut() {
                rewrite_region(kernel, r, set, depth + 1);
            }
            kernel.op_mut(op).kind = kind;
        }
    }
    region.ops = out;
}

/// Which memory a site touches, for aliasing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Key {
    /// A buffer of the launch (through any parameter bound to it).
    Buffer(usize),
    Global(u32),
    /// A parameter of unknown binding: it may point anywhere into any buffer or global.
    Unbound(u32),
}

impl Key {
    pub(super) fn may_alias(self, o: Key) -> bool {
        matches!((self, o), (Key::Unbound(_), _) | (_, Key::Unbound(_))) || self == o
    }
}

/// `c . v + k` over the index variables `v = (bx, by, bz, tx, ty, tz)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct Lin {
    pub(super) c: [i64; 6],
    pub(super) k: i64,
}

impl Lin {
    fn constant(k: i64) -> Lin {
        Lin { c: [0; 6], k }
    }
    fn combine(a: Lin, b: Lin, sign: i64) -> Option<Lin> {
        let mut r = a;
        for i in 0..6 {
            r.c[i] = r.c[i].checked_add(b.c[i].checked_mul(sign)?)?;
        }
        r.k = r.k.checked_add(b.k.checked_mul(sign)?)?;
        Some(r)
    }
    fn scale(a: Lin, f: i64) -> Option<Lin> {
        let mut r = a;
        for c in &mut r.c {
            *c = c.checked_mul(f)?;
        }
        r.k = r.k.checked_mul(f)?;
        Some(r)
    }
    fn as_const(&self) -> Option<i64> {
        (self.c == [0; 6]).then_some(self.k)
    }
}

/// A site's offset form, byte length, and the index variables' ranges under its guards.
pub(super) type Form = (Lin, i64, [(i64, i64); 6]);

/// One access site: the op, what it may alias, and its affine bytes (or why not).
#[derive(Clone)]
pub(super) struct Site {
    pub(super) op: OpId,
    pub(super) key: Key,
    /// Offset form, byte length, and the variables' ranges under the site's guards.
    pub(super) form: Result<Form, String>,
}

/// Which pairs of threads [`Analysis::disjoint`] must keep apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Apart {
    /// Any two distinct threads of the launch.
    Threads,
    /// Two threads of distinct blocks (threads of one block may meet).
    Blocks,
}

pub(super) struct Analysis<'k> {
    kernel: &'k Kernel,
    grid_op: OpId,
    /// The index variables' region arguments.
    pub(super) vars: [Value; 6],
    /// The variables' full ranges.
    pub(super) range: [(i64, i64); 6],
    memo: std::cell::RefCell<Vec<Option<Option<Lin>>>>,
}

impl<'k> Analysis<'k> {
    pub(super) fn new(kernel: &'k Kernel, opts: &AccumulateOptions) -> Option<Analysis<'k>> {
        let parallel = |region: &Region, level: Level| {
            region
                .ops
                .iter()
                .copied()
                .find_map(|o| match &kernel.op(o).kind {
                    OpKind::Parallel { level: l, body } if *l == level => Some((o, body.clone())),
                    _ => None,
                })
        };
        let (grid_op, grid_body) = parallel(&kernel.body, Level::Grid)?;
        let (_, block_body) = parallel(&grid_body, Level::Block)?;
        let (g, b) = (&grid_body.args, &block_body.args);
        if g.len() != 3 || b.len() != 3 {
            return None;
        }
        let vars = [g[0], g[1], g[2], b[0], b[1], b[2]];
        let dims = [
            opts.grid[0],
            opts.grid[1],
            opts.grid[2],
            opts.block[0],
            opts.block[1],
            opts.block[2],
        ];
        if dims.contains(&0) {
            return None;
        }
        let range = dims.map(|d| (0, i64::from(d) - 1));
        Some(Analysis {
            kernel,
            grid_op,
            vars,
            range,
            memo: std::cell::RefCell::new(vec![None; kernel.values.len()]),
        })
    }

    /// The range of `l` over the full launch.
    fn bounds(&self, l: &Lin) -> (i128, i128) {
        let (mut lo, mut hi) = (i128::from(l.k), i128::from(l.k));
        for i in 0..6 {
            let c = i128::from(l.c[i]);
            let (a, b) = (
                c * i128::from(self.range[i].0),
                c * i128::from(self.range[i].1),
            );
            lo += a.min(b);
            hi += a.max(b);
        }
        (lo, hi)
    }

    /// `l` as a value of `ty`: its range fits the type's signed range (so the IR's
    /// fixed-width value is `l` for every thread).
    pub(super) fn fits(&self, l: Lin, ty: Type) -> Option<Lin> {
        if !ty.is_int() || ty == Type::I1 {
            return None;
        }
        let bits = ty.bits();
        let (lo, hi) = self.bounds(&l);
        let (min, max) = (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1);
        (lo >= min && hi <= max).then_some(l)
    }

    /// The affine form of the integer value `v`, if it is one (see the module doc).
    pub(super) fn lin(&self, v: Value, depth: usize) -> Option<Lin> {
        if let Some(i) = self.vars.iter().position(|&a| a == v) {
            let mut l = Lin::constant(0);
            l.c[i] = 1;
            return Some(l);
        }
        if depth > 64 {
            return None;
        }
        if let Some(known) = self.memo.borrow().get(v.index()).copied().flatten() {
            return known;
        }
        let r = self.lin_uncached(v, depth);
        if let Some(slot) = self.memo.borrow_mut().get_mut(v.index()) {
            *slot = Some(r);
        }
        r
    }

    fn lin_uncached(&self, v: Value, depth: usize) -> Option<Lin> {
        let k = self.kernel;
        let ty = k.values.get(v.index())?.ty;
        let sub = |x: Value| self.lin(x, depth + 1);
        // An `If` result whose two yielded values have one form has that form, whichever
        // branch ran.
        if let ValueDef::Result(op, i) = k.value_def(v) {
            if let OpKind::If {
                then_region,
                else_region,
                ..
            } = &k.op(op).kind
            {
                let yielded = |r: &Region| match r.ops.last().map(|&o| &k.op(o).kind) {
                    Some(OpKind::Yield(vals)) => vals.get(i as usize).copied(),
                    _ => None,
                };
                let (a, b) = (sub(yielded(then_region)?)?, sub(yielded(else_region)?)?);
                return (a == b).then_some(a).and_then(|l| self.fits(l, ty));
            }
        }
        let ValueDef::Result(op, 0) = k.value_def(v) else {
            return None;
        };
        let l = match &k.op(op).kind {
            OpKind::Const { bits } if ty.is_int() => Lin::constant(semantics::sext(*bits, ty)),
            OpKind::Binary(BinaryOp::Add, a, b) => Lin::combine(sub(*a)?, sub(*b)?, 1)?,
            OpKind::Binary(BinaryOp::Sub, a, b) => Lin::combine(sub(*a)?, sub(*b)?, -1)?,
            OpKind::Binary(BinaryOp::Mul, a, b) => {
                let (x, y) = (sub(*a)?, sub(*b)?);
                match (x.as_const(), y.as_const()) {
                    (Some(f), _) => Lin::scale(y, f)?,
                    (_, Some(f)) => Lin::scale(x, f)?,
                    _ => return None,
                }
            }
            OpKind::Binary(BinaryOp::Shl, a, b) => match sub(*b)?.as_const() {
                Some(s) if (0..62).contains(&s) => Lin::scale(sub(*a)?, 1i64 << s)?,
                _ => return None,
            },
            OpKind::Cast(CastOp::SExt | CastOp::Trunc, a) if k.value_type(*a).is_int() => sub(*a)?,
            OpKind::Cast(CastOp::ZExt, a) if k.value_type(*a).is_int() => {
                let x = sub(*a)?;
                if self.bounds(&x).0 < 0 {
                    return None;
                }
                x
            }
            _ => return None,
        };
        self.fits(l, ty)
    }

    /// The offset form, length and guarded ranges of an access at `offset` (an `i64`
    /// value, plus a constant byte offset of the buffer binding).
    fn site_form(
        &self,
        op: OpId,
        (offset, extra): (Value, u64),
        len: Extent,
    ) -> Result<Form, String> {
        let k = self.kernel;
        let opaque = || {
            format!(
                "the offset of {} is not affine in the block and thread indices",
                site_name(k, op)
            )
        };
        let mut l = self.lin(offset, 0).ok_or_else(opaque)?;
        l.k = i64::try_from(extra)
            .ok()
            .and_then(|e| l.k.checked_add(e))
            .ok_or_else(opaque)?;
        let n = match len {
            Extent::Bytes(n) => i64::try_from(n).ok(),
            Extent::Value(v) => crate::effects::const_value(k, v),
        }
        .filter(|&n| n > 0)
        .ok_or_else(|| "an access of run-time or huge length".to_string())?;
        Ok((l, n, self.guarded_ranges(op)))
    }

    /// The index variables' ranges where `op` executes, narrowed by enclosing `if`s.
    fn guarded_ranges(&self, op: OpId) -> [(i64, i64); 6] {
        let mut r = self.range;
        let k = self.kernel;
        let Some(path) = path_to(k, op) else {
            return r;
        };
        let mut inside = false;
        for step in &path {
            let Some(owner) = step.owner else { continue };
            if owner == self.grid_op {
                inside = true;
            }
            if let (true, OpKind::If { cond, .. }) = (inside, &k.op(owner).kind) {
                self.narrow(*cond, step.region == 0, &mut r, 0);
            }
        }
        r
    }

    /// Narrow `r` by `cond == expect` where it bounds one index variable by a constant.
    fn narrow(&self, cond: Value, expect: bool, r: &mut [(i64, i64); 6], depth: usize) {
        let k = self.kernel;
        let ValueDef::Result(op, 0) = k.value_def(cond) else {
            return;
        };
        if depth > 16 {
            return;
        }
        match &k.op(op).kind {
            OpKind::Binary(BinaryOp::And, a, b) if expect => {
                self.narrow(*a, true, r, depth + 1);
                self.narrow(*b, true, r, depth + 1);
            }
            OpKind::Binary(BinaryOp::Or, a, b) if !expect => {
                self.narrow(*a, false, r, depth + 1);
                self.narrow(*b, false, r, depth + 1);
            }
            OpKind::ICmp(pred, a, b) => {
                let (Some(x), Some(y)) = (self.lin(*a, 0), self.lin(*b, 0)) else {
                    return;
                };
                use IntPredicate::*;
                let unsigned = matches!(pred, Ult | Ule | Ugt | Uge);
                if unsigned && (self.bounds(&x).0 < 0 || self.bounds(&y).0 < 0) {
                    return;
                }
                // Both sides are their values (they fit the type); compare `x - y` with 0.
                let Some(d) = Lin::combine(x, y, -1) else {
                    return;
                };
                let pred = if expect { *pred } else { negate(*pred) };
                let nz: Vec<usize> = (0..6).filter(|&i| d.c[i] != 0).collect();
                let [i] = nz.as_slice() else { return };
                let (i, c) = (*i, d.c[*i]);
                if c != 1 && c != -1 {
                    return;
                }
                // c * v_i + k (pred) 0, i.e. v_i (pred') -k / c.
                let (pred, bound) = if c == 1 {
                    (pred, -d.k)
                } else {
                    (swap(pred), d.k)
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

    /// `Ok(())` when no two threads that `apart` says to keep apart (distinct threads,
    /// or threads of distinct blocks), one executing `a`, the other `b`, touch a common
    /// byte (see the module documentation).
    pub(super) fn disjoint(&self, a: &Site, b: &Site, apart: Apart) -> Result<(), String> {
        let (fa, sa, ra) = a.form.as_ref().map_err(Clone::clone)?;
        let (fb, sb, rb) = b.form.as_ref().map_err(Clone::clone)?;
        let k = self.kernel;
        let name = |s: &Site| site_name(k, s.op);
        // A site no thread executes touches nothing.
        if ra.iter().chain(rb.iter()).any(|(lo, hi)| lo > hi) {
            return Ok(());
        }
        if fa.c != fb.c {
            return Err(format!(
                "{} and {} index the buffer differently",
                name(a),
                name(b)
            ));
        }
        let lo = i128::from(fb.k) - i128::from(fa.k) - i128::from(*sa);
        let hi = i128::from(fb.k) - i128::from(fa.k) + i128::from(*sb);
        // D = v1 - v2 ranges over [ra.lo - rb.hi, ra.hi - rb.lo] in each variable; the
        // threads count as apart when a counted variable (all six, or the block indices
        // alone) differs.
        let counted = |i: usize| apart == Apart::Threads || i < 3;
        let mut dims: Vec<Dim> = (0..6)
            .map(|i| Dim {
                c: i128::from(fa.c[i]),
                lo: i128::from(ra[i].0) - i128::from(rb[i].1),
                hi: i128::from(ra[i].1) - i128::from(rb[i].0),
                counted: counted(i),
            })
            .filter(|d| d.lo != 0 || d.hi != 0)
            .collect();
        // A counted variable with no coefficient that can differ makes the threads apart
        // for free; the others must then only hit the interval.
        let free = dims
            .iter()
            .any(|d| d.counted && d.c == 0 && (d.lo < 0 || d.hi > 0));
        dims.retain(|d| d.c != 0);
        dims.sort_by_key(|d| std::cmp::Reverse(d.c.abs()));
        let mut budget = 100_000usize;
        let who = if apart == Apart::Threads {
            "threads"
        } else {
            "blocks"
        };
        match hits(&dims, lo, hi, free, &mut budget) {
            Some(false) => Ok(()),
            Some(true) => Err(format!(
                "distinct {who} touch the same bytes with {} and {}",
                name(a),
                name(b)
            )),
            None => Err(format!(
                "too many cases to tell whether distinct {who} meet at {} and {}",
                name(a),
                name(b)
            )),
        }
    }
}

/// One index variable of `D = v1 - v2`: coefficient and range.
#[derive(Clone, Copy, Debug)]
pub(super) struct Dim {
    pub(super) c: i128,
    pub(super) lo: i128,
    pub(super) hi: i128,
    /// Whether a nonzero value makes the two threads apart.
    pub(super) counted: bool,
}

/// Whether some `D` in the box (nonzero in a counted variable unless `nonzero` already
/// holds) has
/// `sum c_i D_i` strictly inside `(lo, hi)`: exact branch and bound over the variables
/// by decreasing `|c|` (each one's values are those the remaining ones can still bring
/// into the interval). `None` when `budget` nodes do not suffice.
pub(super) fn hits(
    dims: &[Dim],
    lo: i128,
    hi: i128,
    nonzero: bool,
    budget: &mut usize,
) -> Option<bool> {
    *budget = budget.checked_sub(1)?;
    let Some((d, rest)) = dims.split_first() else {
        return Some(nonzero && lo < 0 && 0 < hi);
    };
    let (mut rmin, mut rmax) = (0i128, 0i128);
    for r in rest {
        let (x, y) = (r.c * r.lo, r.c * r.hi);
        rmin += x.min(y);
        rmax += x.max(y);
    }
    // c * D_i in (lo - rmax, hi - rmin), i.e. [lo - rmax + 1, hi - rmin - 1].
    let (tlo, thi) = (lo - rmax + 1, hi - rmin - 1);
    if tlo > thi {
        return Some(false);
    }
    let (mut first, mut last) = if d.c > 0 {
        (div_ceil(tlo, d.c), div_floor(thi, d.c))
    } else {
        (div_ceil(thi, d.c), div_floor(tlo, d.c))
    };
    first = first.max(d.lo);
    last = last.min(d.hi);
    let mut x = first;
    while x <= last {
        let t = d.c * x;
        if hits(
            rest,
            lo - t,
            hi - t,
            nonzero || (d.counted && x != 0),
            budget,
        )? {
            return Some(true);
        }
        x += 1;
    }
    Some(false)
}

pub(super) fn div_floor(a: i128, b: i128) -> i128 {
    let q = a / b;
    if (a % b != 0) && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    }
}

pub(super) fn div_ceil(a: i128, b: i128) -> i128 {
    -div_floor(-a, b)
}

/// `op<n>` and the source position, for reasons (cheap: no printing of the kernel).
fn site_name(kernel: &Kernel, op: OpId) -> String {
    match kernel.ops.get(op.index()).and_then(|d| d.loc) {
        Some(loc) => format!("op{} (line {}:{})", op.0, loc.line, loc.col),
        None => format!("op{}", op.0),
    }
}

pub(super) fn negate(p: IntPredicate) -> IntPredicate {
    use IntPredicate::*;
    match p {
        Eq => Ne,
        Ne => Eq,
        Slt => Sge,
        Sle => Sgt,
        Sgt => Sle,
        Sge => Slt,
        Ult => Uge,
        Ule => Ugt,
        Ugt => Ule,
        Uge => Ult,
    }
}

/// `a p b` <=> `b swap(p) a`.
pub(super) fn swap(p: IntPredicate) -> IntPredicate {
    use IntPredicate::*;
    match p {
        Eq => Eq,
        Ne => Ne,
        Slt => Sgt,
        Sle => Sge,
        Sgt => Slt,
        Sge => Sle,
        Ult => Ugt,
        Ule => Uge,
        Ugt => Ult,
        Uge => Ule,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builder::Builder;
    use frontend::interp::{LaunchConfig, Memory};
    use frontend::ir::{AddrSpace, Flavor, Module};

    const G: Type = Type::Ptr(AddrSpace::Global);
    const GRID: u32 = 4;
    const BLOCK: u32 = 8;
    const N: usize = (GRID * BLOCK) as usize;

    /// A kernel over `params` f32 buffers; `body` gets the builder, the linear index
    /// `i = bx * BLOCK + tx` (i32) and `(bx, tx)`.
    fn kernel(params: usize, body: impl FnOnce(&mut Builder, Value, [Value; 2])) -> Kernel {
        let mut b = Builder::new("acc");
        for p in 0..params {
            b.param(G, &format!("p{p}"));
        }
        b.grid(|b, [bx, _, _]| {
            b.block(|b, [tx, _, _]| {
                let bd = b.i32(BLOCK as i32);
                let base = b.bin(BinaryOp::Mul, bx, bd);
                let i = b.bin(BinaryOp::Add, base, tx);
                body(b, i, [bx, tx]);
            });
        });
        b.finish()
    }

    /// `atomic fadd p[4 * idx], v` with `idx` an i32.
    fn add_at(b: &mut Builder, p: u32, idx: Value, v: f32) -> OpId {
        let i64v = b.cast(CastOp::SExt, idx, Type::I64);
        let four = b.i64(4);
        let off = b.bin(BinaryOp::Mul, i64v, four);
        let v = b.f32(v);
        b.op(
            OpKind::Atomic {
                op: AtomicOp::FAdd,
                addr: Addr::Root {
                    root: MemRoot::Param(p),
                    offset: off,
                },
                value: v,
            },
            &[Type::F32],
        )
    }

    fn opts(bufs: &[Option<(usize, u64)>]) -> AccumulateOptions {
        AccumulateOptions {
            grid: [GRID, 1, 1],
            block: [BLOCK, 1, 1],
            param_buffers: bufs.to_vec(),
        }
    }

    /// Run `k` on the parallel-IR interpreter with one f32 buffer of `2 N + 2` elements
    /// (value `j` at `j`) per entry of `binding` (buffer index, byte offset).
    fn run(k: &Kernel, buffers: usize, binding: &[(usize, u64)]) -> Vec<Vec<f32>> {
        let module = Module::new("acc.ll", Flavor::ClangCuda);
        let mut mem = Memory::new(&module);
        let bases: Vec<u64> = (0..buffers)
            .map(|i| {
                let bytes: Vec<u8> = (0..2 * N + 2)
                    .flat_map(|j| (j as f32).to_le_bytes())
                    .collect();
                mem.add_buffer(&format!("b{i}"), bytes)
            })
            .collect();
        let params: Vec<u64> = binding.iter().map(|&(j, off)| bases[j] + off).collect();
        let cfg = LaunchConfig {
            grid: [GRID, 1, 1],
            block: [BLOCK, 1, 1],
            dynamic_shared_bytes: 0,
        };
        crate::interp::launch(&module, k, &cfg, &params, &mut mem).unwrap();
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

    fn atomics(k: &Kernel) -> usize {
        let mut ops = Vec::new();
        walk(k, &k.body, &mut ops, 0);
        ops.iter()
            .filter(|&&o| matches!(k.op(o).kind, OpKind::Atomic { .. }))
            .count()
    }

    /// Rewrite with `bufs`, check the kernel still verifies and computes what it did.
    fn check(k: &Kernel, bufs: &[Option<(usize, u64)>], buffers: usize) -> AccumulateReport {
        let mut r = k.clone();
        let report = plain_accumulation(&mut r, &opts(bufs));
        crate::verify::verify_kernel(&r).unwrap();
        assert_eq!(atomics(&r), atomics(k) - report.rewritten.len());
        let binding: Vec<(usize, u64)> = bufs.iter().map(|b| b.unwrap_or((0, 0))).collect();
        assert_eq!(run(k, buffers, &binding), run(&r, buffers, &binding));
        report
    }

    #[test]
    fn one_element_per_thread_is_rewritten() {
        // x_bar[i] += 1; y_bar[i] += 2; y_bar[i] += 3 (the same thread twice).
        let k = kernel(2, |b, i, _| {
            add_at(b, 0, i, 1.0);
            add_at(b, 1, i, 2.0);
            add_at(b, 1, i, 3.0);
        });
        let r = check(&k, &[Some((0, 0)), Some((1, 0))], 2);
        assert_eq!(r.rewritten.len(), 3, "{r:?}");
        let mut out = k.clone();
        plain_accumulation(&mut out, &opts(&[Some((0, 0)), Some((1, 0))]));
        let got = run(&out, 2, &[(0, 0), (1, 0)]);
        assert_eq!(got[0][5], 6.0);
        assert_eq!(got[1][5], 10.0);
        assert_eq!(got[1][N], N as f32, "past the last thread: untouched");
    }

    #[test]
    fn stencil_neighbours_keep_their_atomics() {
        // if 1 <= i < N - 1: x_bar[i - 1] += 1; x_bar[i] += 1; x_bar[i + 1] += 1.
        let k = kernel(1, |b, i, _| {
            let one = b.i32(1);
            let last = b.i32(N as i32 - 1);
            let lo = b.icmp(IntPredicate::Sge, i, one);
            let hi = b.icmp(IntPredicate::Slt, i, last);
            let both = b.bin(BinaryOp::And, lo, hi);
            b.if_(
                both,
                &[],
                |b| {
                    let m = b.bin(BinaryOp::Sub, i, one);
                    let p = b.bin(BinaryOp::Add, i, one);
                    add_at(b, 0, m, 1.0);
                    add_at(b, 0, i, 1.0);
                    add_at(b, 0, p, 1.0);
                    vec![]
                },
                |_| vec![],
            );
        });
        let r = check(&k, &[Some((0, 0))], 1);
        assert!(r.rewritten.is_empty(), "{r:?}");
        assert_eq!(r.kept.len(), 3);
        assert!(r.kept[0].1.contains("distinct threads"), "{r:?}");
    }

    #[test]
    fn two_params_bound_to_one_buffer() {
        let k = kernel(2, |b, i, _| {
            add_at(b, 0, i, 1.0);
            add_at(b, 1, i, 2.0);
        });
        // The same buffer at the same base: thread i touches element i through both.
        let r = check(&k, &[Some((0, 0)), Some((0, 0))], 1);
        assert_eq!(r.rewritten.len(), 2, "{r:?}");
        // One element apart: thread i's p1[i] is thread i + 1's p0[i + 1].
        let r = check(&k, &[Some((0, 0)), Some((0, 4))], 1);
        assert!(r.rewritten.is_empty(), "{r:?}");
        // A pointer of unknown binding may alias anything.
        let mut u = k.clone();
        let r = plain_accumulation(&mut u, &opts(&[Some((0, 0)), None]));
        assert!(r.rewritten.is_empty(), "{r:?}");
        // Distinct buffers: both rewritten.
        let r = check(&k, &[Some((0, 0)), Some((1, 0))], 2);
        assert_eq!(r.rewritten.len(), 2, "{r:?}");
    }

    #[test]
    fn non_injective_indices_keep_their_atomics() {
        // x[i / 2]: two threads a element.
        let k = kernel(1, |b, i, _| {
            let two = b.i32(2);
            let h = b.bin(BinaryOp::SDiv, i, two);
            add_at(b, 0, h, 1.0);
        });
        let r = check(&k, &[Some((0, 0))], 1);
        assert!(r.rewritten.is_empty(), "{r:?}");
        assert!(r.kept[0].1.contains("not affine"), "{r:?}");
        // x[tx]: the same element in every block.
        let k = kernel(1, |b, _, [_, tx]| {
            add_at(b, 0, tx, 1.0);
        });
        let r = check(&k, &[Some((0, 0))], 1);
        assert!(r.rewritten.is_empty(), "{r:?}");
        // x[(i * 4) & 0xf ...] through an i8 truncation that wraps: x[trunc_i8(i * 16)].
        let k = kernel(1, |b, i, _| {
            let s = b.i32(16);
            let m = b.bin(BinaryOp::Mul, i, s);
            let t = b.cast(CastOp::Trunc, m, Type::I8);
            let z = b.cast(CastOp::ZExt, t, Type::I32);
            add_at(b, 0, z, 1.0);
        });
        let mut w = k.clone();
        let r = plain_accumulation(&mut w, &opts(&[Some((0, 0))]));
        assert!(r.rewritten.is_empty(), "{r:?}");
        // ... and a 2-D index where two threads meet: x[bx + tx].
        let k = kernel(1, |b, _, [bx, tx]| {
            let s = b.bin(BinaryOp::Add, bx, tx);
            add_at(b, 0, s, 1.0);
        });
        let r = check(&k, &[Some((0, 0))], 1);
        assert!(r.rewritten.is_empty(), "{r:?}");
    }

    #[test]
    fn interleaved_rows_are_told_apart() {
        // Each block covers 2 BLOCK elements, thread tx updates tx and tx + BLOCK of its
        // block's range (as transpose tiles do with their row offsets): race-free ...
        let rows = |stride: i32| {
            kernel(1, move |b, _, [bx, tx]| {
                let s = b.i32(stride);
                let base = b.bin(BinaryOp::Mul, bx, s);
                let i = b.bin(BinaryOp::Add, base, tx);
                let blk = b.i32(BLOCK as i32);
                let j = b.bin(BinaryOp::Add, i, blk);
                add_at(b, 0, i, 1.0);
                add_at(b, 0, j, 2.0);
            })
        };
        let r = check(&rows(2 * BLOCK as i32), &[Some((0, 0))], 1);
        assert_eq!(r.rewritten.len(), 2, "{r:?}");
        // ... but with blocks BLOCK apart, block b's second row is block b + 1's first.
        let r = check(&rows(BLOCK as i32), &[Some((0, 0))], 1);
        assert!(r.rewritten.is_empty(), "{r:?}");
    }

    #[test]
    fn guards_on_one_index_narrow_the_threads() {
        // if tx == 0: out[bx] += 1 (one thread a block); a load of out[bx] by every
        // thread keeps it (other threads read what thread 0 updates).
        let k = kernel(1, |b, _, [bx, tx]| {
            let zero = b.i32(0);
            let c = b.icmp(IntPredicate::Eq, tx, zero);
            b.if_(
                c,
                &[],
                |b| {
                    add_at(b, 0, bx, 1.0);
                    vec![]
                },
                |_| vec![],
            );
        });
        let r = check(&k, &[Some((0, 0))], 1);
        assert_eq!(r.rewritten.len(), 1, "{r:?}");
        let k2 = kernel(1, |b, _, [bx, tx]| {
            let zero = b.i32(0);
            let c = b.icmp(IntPredicate::Eq, tx, zero);
            let bx64 = b.cast(CastOp::SExt, bx, Type::I64);
            let four = b.i64(4);
            let off = b.bin(BinaryOp::Mul, bx64, four);
            b.load(Type::F32, MemRoot::Param(0), off);
            b.if_(
                c,
                &[],
                |b| {
                    add_at(b, 0, bx, 1.0);
                    vec![]
                },
                |_| vec![],
            );
        });
        let mut w = k2.clone();
        let r = plain_accumulation(&mut w, &opts(&[Some((0, 0))]));
        assert!(r.rewritten.is_empty(), "{r:?}");
    }
}
