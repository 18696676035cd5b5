//! Closed-form iteration counts: [`closed_form_counts`] replaces a side-effect-free
//! `While` whose used results only count its iterations by `(bound - x0) / s - 1`,
//! where the proof of that formula holds.
//!
//! # Why
//! Reverse mode reverses a `While` after counting its iterations with a replay of the
//! loop ([`super::reverse`]: the `before` and `after` regions sliced to what the exit
//! test needs, plus a counter). For a row loop such as gather_indirect's
//! `for (j = row_ptr[r]; j < end; ++j)`, which clang -O2 unrolls by two after peeling one
//! iteration (`j` steps by 2 until `j + 2 == end`), that replay is a second loop per
//! thread (3 to 7% of the CPU gradient); its count is `(end - j0) / 2 - 1`.
//!
//! # What it rewrites
//! A `While` `W` with no nested loop and no op that writes memory, synchronises, traps
//! or divides by anything but a nonzero constant, whose used results are all *counters*:
//! result `r` is the condition's argument `r`, which is `W`'s carried argument `b`
//! unchanged, and `after` yields `b` as its argument `r` plus one (so the result is
//! `init_b + n`, `n` the number of `after` runs). Its exit test must be `x + s == B`
//! for a carried argument `x` (an integer of `w` bits, `s` a nonzero constant `+-2^p`)
//! and a value `B` defined outside `W`: with that comparison's result fixed to true the
//! condition folds to false, fixed to false it folds to true and `after` yields
//! `x + s` as the next `x`. Then iteration `m` (from 0) tests `x0 + s (m + 1) == B`
//! modulo `2^w`. With `u = sgn(s) (B - x0) mod 2^w`, when `u` is a nonzero multiple
//! of `|s|` the first `m` that exits is `u / |s| - 1` (`|s| k` for `0 < k < u / |s|`
//! lies strictly between 0 and `u < 2^w`, so it is not `u` modulo `2^w`); so
//! `n = u / |s| - 1` and every used result is `init + n` (counters wrap as the
//! loop's would), computed as `init + trunc((zext(sgn(s) (B - x0)) >> p) - 1)`.
//!
//! # The proof
//! [`super::intfacts`] at `W`'s position (the facts of its enclosing `If`s and `For`s),
//! for every alternative of `x0` and `B`: with `F = sgn(s) (B - x0)` (a form congruent
//! to `B - x0` modulo `2^w`), `1 <= F <= 2^w - 1` (so `u = F`) and `F` a multiple of
//! `|s|` (no `F = |s| q + r` with `0 < r < |s|`). gather_indirect's peeled loop gives
//! that: the loop runs only when `start < end` and `end != j0`, and `j0` is `start` when
//! `end - start` is even, `start + 1` when it is odd. Not proven: the loop stays.
//!
//! Removing `W` removes nothing observable: it has no effect but its results (loads
//! have none; every division in it is by a nonzero constant).

use std::collections::HashSet;

use frontend::interp::semantics;

use super::intfacts::{Fact, IntFacts, Lin};
use crate::ir::{
    BinaryOp, CastOp, IntPredicate, Kernel, OpId, OpKind, Region, Type, Value, ValueDef,
};

/// Replace every `While` the module documentation describes; gives how many.
pub fn closed_form_counts(k: &mut Kernel, grid: [u32; 3], block: [u32; 3]) -> usize {
    let mut done = 0;
    // One at a time: each rewrite renumbers nothing, but the analysis sees the kernel
    // as it is.
    loop {
        let mut whiles = Vec::new();
        collect_whiles(k, &k.body, &mut whiles);
        let mut changed = false;
        for w in whiles {
            if let Some(plan) = plan(k, w, grid, block) {
                apply(k, w, &plan);
                done += 1;
                changed = true;
                break;
            }
        }
        if !changed {
            return done;
        }
    }
}

fn collect_whiles(k: &Kernel, r: &Region, out: &mut Vec<OpId>) {
    for &op in &r.ops {
        if matches!(k.op(op).kind, OpKind::While { .. }) {
            out.push(op);
        }
        for sub in k.op(op).kind.regions() {
            collect_whiles(k, sub, out);
        }
    }
}

/// What replaces one `While`.
struct Plan {
    /// `B` and `x0`, the stride's sign and `p` (`|s| = 2^p`), `x`'s type.
    bound: Value,
    x0: Value,
    negative: bool,
    p: u32,
    ty: Type,
    /// Per used counter result: the result and its initial value.
    counters: Vec<(Value, Value)>,
}

/// An abstract value in the exit analysis: a constant (bits), a carried argument plus a
/// constant (modulo the type), or anything.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Abs {
    Const(u64),
    Arg(usize, i128),
    Opaque,
}

/// Abstract evaluation of `W`'s regions with `forced` (an `i1` value) fixed.
struct Fold<'a> {
    k: &'a Kernel,
    env: std::collections::HashMap<Value, Abs>,
}

impl Fold<'_> {
    fn get(&self, v: Value) -> Abs {
        if let Some(&a) = self.env.get(&v) {
            return a;
        }
        if let ValueDef::Result(op, _) = self.k.value_def(v) {
            if let OpKind::Const { bits } = self.k.op(op).kind {
                return Abs::Const(semantics::mask(bits, self.k.value_type(v)));
            }
        }
        Abs::Opaque
    }

    /// Evaluate the ops of `r` (its terminator's operands are read by the caller).
    fn region(&mut self, r: &Region) {
        for &op in &r.ops {
            self.op(op);
        }
    }

    fn op(&mut self, op: OpId) {
        let data = self.k.op(op);
        if data.results.iter().any(|v| self.env.contains_key(v)) {
            return;
        }
        let res = |s: &mut Self, a: Abs| {
            if let Some(&v) = data.results.first() {
                s.env.insert(v, a);
            }
        };
        let ty = data.results.first().map(|&v| self.k.value_type(v));
        match &data.kind {
            OpKind::Const { bits } => {
                if let Some(ty) = ty {
                    res(self, Abs::Const(semantics::mask(*bits, ty)));
                }
            }
            OpKind::Binary(b, x, y) => {
                let (Some(ty), a, c) = (ty, self.get(*x), self.get(*y)) else {
                    return;
                };
                let m = i128::from(ty.mask());
                let v = match (b, a, c) {
                    (_, Abs::Const(p), Abs::Const(q)) => semantics::binary(*b, ty, p, q)
                        .map(Abs::Const)
                        .unwrap_or(Abs::Opaque),
                    (BinaryOp::Add, Abs::Arg(i, k), Abs::Const(q))
                    | (BinaryOp::Add, Abs::Const(q), Abs::Arg(i, k)) => {
                        Abs::Arg(i, (k + i128::from(q)) & m)
                    }
                    (BinaryOp::Sub, Abs::Arg(i, k), Abs::Const(q)) => {
                        Abs::Arg(i, (k - i128::from(q)) & m)
                    }
                    _ => Abs::Opaque,
                };
                res(self, v);
            }
            OpKind::ICmp(p, x, y) => {
                let ty = self.k.value_type(*x);
                let v = match (self.get(*x), self.get(*y)) {
                    (Abs::Const(a), Abs::Const(b)) => {
                        Abs::Const(u64::from(semantics::icmp(*p, ty, a, b)))
                    }
                    (a @ Abs::Arg(..), b) if a == b && matches!(p, IntPredicate::Eq) => {
                        Abs::Const(1)
                    }
                    _ => Abs::Opaque,
                };
                res(self, v);
            }
            OpKind::Unary(u, x) => {
                let v = match (ty, self.get(*x)) {
                    (Some(ty), Abs::Const(a)) => semantics::unary(*u, ty, a)
                        .map(Abs::Const)
                        .unwrap_or(Abs::Opaque),
                    _ => Abs::Opaque,
                };
                res(self, v);
            }
            OpKind::Cast(c, x) => {
                let from = self.k.value_type(*x);
                let v = match (ty, self.get(*x)) {
                    (Some(to), Abs::Const(a)) if from.is_int() && to.is_int() => {
                        Abs::Const(semantics::cast(*c, from, to, a))
                    }
                    _ => Abs::Opaque,
                };
                res(self, v);
            }
            OpKind::Select {
                cond,
                if_true,
                if_false,
            } => {
                let v = match self.get(*cond) {
                    Abs::Const(1) => self.get(*if_true),
                    Abs::Const(0) => self.get(*if_false),
                    _ => Abs::Opaque,
                };
                res(self, v);
            }
            OpKind::If {
                cond,
                then_region,
                else_region,
            } => {
                let taken = match self.get(*cond) {
                    Abs::Const(1) => then_region,
                    Abs::Const(0) => else_region,
                    _ => {
                        for &v in &data.results {
                            self.env.insert(v, Abs::Opaque);
                        }
                        return;
                    }
                };
                self.region(taken);
                let ys = yielded(self.k, taken);
                for (i, &v) in data.results.iter().enumerate() {
                    let a = ys.get(i).map_or(Abs::Opaque, |&y| self.get(y));
                    self.env.insert(v, a);
                }
            }
            _ => {
                for &v in &data.results {
                    self.env.insert(v, Abs::Opaque);
                }
            }
        }
    }
}

/// The operands of a region's terminator.
fn yielded(k: &Kernel, r: &Region) -> Vec<Value> {
    match r.ops.last().map(|&o| &k.op(o).kind) {
        Some(OpKind::Yield(v)) => v.clone(),
        Some(OpKind::Condition { args, .. }) => args.clone(),
        _ => Vec::new(),
    }
}

/// Whether every op of `r` (recursively) is allowed in a loop that may be removed.
fn removable(k: &Kernel, r: &Region) -> bool {
    r.ops.iter().all(|&op| {
        let kind = &k.op(op).kind;
        let ok = match kind {
            OpKind::Binary(
                BinaryOp::UDiv | BinaryOp::SDiv | BinaryOp::URem | BinaryOp::SRem,
                _,
                d,
            ) => match k.value_def(*d) {
                ValueDef::Result(o, _) => {
                    matches!(k.op(o).kind, OpKind::Const { bits } if semantics::mask(bits, k.value_type(*d)) != 0)
                }
                _ => false,
            },
            OpKind::Const { .. }
            | OpKind::Unary(..)
            | OpKind::Binary(..)
            | OpKind::Fma(..)
            | OpKind::ICmp(..)
            | OpKind::FCmp(..)
            | OpKind::Select { .. }
            | OpKind::Cast(..)
            | OpKind::Dim(_)
            | OpKind::LaneId
            | OpKind::RootAddr(_)
            | OpKind::PtrAdd { .. }
            | OpKind::Load { .. }
            | OpKind::If { .. }
            | OpKind::Yield(_)
            | OpKind::Condition { .. } => true,
            _ => false,
        };
        ok && kind.regions().iter().all(|s| removable(k, s))
    })
}

/// Every value used as an operand anywhere in the kernel.
fn used_values(k: &Kernel) -> HashSet<Value> {
    let mut used = HashSet::new();
    let mut stack = k.body.ops.clone();
    while let Some(op) = stack.pop() {
        let kind = &k.op(op).kind;
        kind.for_each_operand(|v| {
            used.insert(v);
        });
        for r in kind.regions() {
            stack.extend(&r.ops);
        }
    }
    used
}

/// Whether `v` is defined inside `w` (an op of its regions, or a region argument).
fn defined_inside(k: &Kernel, facts: &IntFacts, w: OpId, v: Value) -> bool {
    let mut op = match k.value_def(v) {
        ValueDef::Param(_) => return false,
        ValueDef::Result(o, _) => o,
        ValueDef::RegionArg { op, .. } => {
            if op == w {
                return true;
            }
            op
        }
    };
    loop {
        if op == w {
            return true;
        }
        match facts.parent(op) {
            Some((p, _)) => op = p,
            None => return false,
        }
    }
}

fn plan(k: &Kernel, w: OpId, grid: [u32; 3], block: [u32; 3]) -> Option<Plan> {
    let data = k.op(w);
    let OpKind::While {
        inits,
        before,
        after,
    } = &data.kind
    else {
        return None;
    };
    if !removable(k, before) || !removable(k, after) {
        return None;
    }
    let has_loop = |r: &Region| {
        let mut v = Vec::new();
        collect_whiles(k, r, &mut v);
        !v.is_empty() || contains_for(k, r)
    };
    if has_loop(before) || has_loop(after) {
        return None;
    }
    let cargs = yielded(k, before);
    let ayield = yielded(k, after);
    let OpKind::Condition { cond, .. } = k.op(*before.ops.last()?).kind else {
        return None;
    };
    let used = used_values(k);
    let used_results: Vec<usize> = (0..data.results.len())
        .filter(|&r| used.contains(&data.results[r]))
        .collect();
    if used_results.is_empty() {
        return None;
    }
    let mut facts = IntFacts::new(k, grid, block, HashSet::new());
    // The exit test: `x + s == B` at the top level of `before`.
    for &op in &before.ops {
        let OpKind::ICmp(pred @ (IntPredicate::Eq | IntPredicate::Ne), a, b) = k.op(op).kind else {
            continue;
        };
        let Some(lit) = k.op(op).results.first().copied() else {
            continue;
        };
        let ty = k.value_type(a);
        if !ty.is_int() || ty == Type::I1 {
            continue;
        }
        for (xv, bv) in [(a, b), (b, a)] {
            if defined_inside(k, &facts, w, bv) {
                continue;
            }
            // x + s, by abstract evaluation of `before` (nothing forced).
            let mut f0 = Fold {
                k,
                env: before
                    .args
                    .iter()
                    .enumerate()
                    .map(|(i, &v)| (v, Abs::Arg(i, 0)))
                    .collect(),
            };
            f0.region(before);
            let Abs::Arg(xi, s) = f0.get(xv) else {
                continue;
            };
            let bits = ty.bits();
            let m = 1i128 << bits;
            let s_signed = if s >= m / 2 { s - m } else { s };
            if s_signed == 0 {
                continue;
            }
            let p = s_signed.unsigned_abs().trailing_zeros();
            if s_signed.unsigned_abs() != 1u128 << p || p >= bits {
                continue;
            }
            // With `x + s == B` fixed to `exit`: the condition, the condition's args.
            let run = |exit: bool| -> (Abs, Vec<Abs>, Vec<Abs>) {
                let lit_val = exit == (pred == IntPredicate::Eq);
                let mut f = Fold {
                    k,
                    env: before
                        .args
                        .iter()
                        .enumerate()
                        .map(|(i, &v)| (v, Abs::Arg(i, 0)))
                        .chain([(lit, Abs::Const(u64::from(lit_val)))])
                        .collect(),
                };
                f.region(before);
                let c = f.get(cond);
                let ca: Vec<Abs> = cargs.iter().map(|&v| f.get(v)).collect();
                // `after` with its arguments bound to the condition's args.
                let mut g = Fold {
                    k,
                    env: after.args.iter().copied().zip(ca.iter().copied()).collect(),
                };
                g.region(after);
                let next: Vec<Abs> = ayield.iter().map(|&v| g.get(v)).collect();
                (c, ca, next)
            };
            let (c_exit, ca_exit, _) = run(true);
            let (c_cont, ca_cont, next) = run(false);
            if c_exit != Abs::Const(0) || c_cont != Abs::Const(1) {
                continue;
            }
            if next.get(xi) != Some(&Abs::Arg(xi, s)) {
                continue;
            }
            // Every used result is a counter.
            let mut counters = Vec::new();
            let all = used_results.iter().all(|&r| {
                let Some(&Abs::Arg(bi, 0)) = ca_cont.get(r) else {
                    return false;
                };
                if ca_exit.get(r) != Some(&Abs::Arg(bi, 0)) {
                    return false;
                }
                let cty = k.value_type(data.results[r]);
                if !cty.is_int() || cty == Type::I1 {
                    return false;
                }
                if next.get(bi) != Some(&Abs::Arg(bi, 1)) {
                    return false;
                }
                match inits.get(bi) {
                    Some(&init) => {
                        counters.push((data.results[r], init));
                        true
                    }
                    None => false,
                }
            });
            if !all {
                continue;
            }
            let x0 = *inits.get(xi)?;
            if proven(&mut facts, w, x0, bv, s_signed < 0, p, bits) {
                return Some(Plan {
                    bound: bv,
                    x0,
                    negative: s_signed < 0,
                    p,
                    ty,
                    counters,
                });
            }
        }
    }
    None
}

fn contains_for(k: &Kernel, r: &Region) -> bool {
    r.ops.iter().any(|&op| {
        matches!(k.op(op).kind, OpKind::For { .. })
            || k.op(op).kind.regions().iter().any(|s| contains_for(k, s))
    })
}

/// `1 <= F <= 2^bits - 1` and `2^p | F` for `F = sgn (B - x0)` where `w` runs.
fn proven(
    facts: &mut IntFacts,
    w: OpId,
    x0: Value,
    b: Value,
    negative: bool,
    p: u32,
    bits: u32,
) -> bool {
    let Some(paths) = facts.path(w) else {
        return false;
    };
    let xs = facts.eval(x0);
    let bs = facts.eval(b);
    let m = 1i128 << bits;
    let d = 1i128 << p;
    for path in &paths {
        for xa in xs.iter() {
            for ba in bs.iter() {
                let Some(f) = ba.form.sub(&xa.form) else {
                    return false;
                };
                let Some(f) = (if negative { f.scale(-1) } else { Some(f) }) else {
                    return false;
                };
                let conj: Vec<Fact> = [path.clone(), xa.facts.clone(), ba.facts.clone()].concat();
                if facts.contradictory(&conj) {
                    continue;
                }
                let (Some(lo), Some(hi)) = (f.plus(-1), f.scale(-1).and_then(|g| g.plus(m - 1)))
                else {
                    return false;
                };
                if !facts.implies(&conj, &lo) || !facts.implies(&conj, &hi) {
                    return false;
                }
                if d > 1 {
                    // No F = d q + r with 1 <= r <= d - 1.
                    let q = facts.fresh_atom(i128::MIN / 8, i128::MAX / 8);
                    let r = facts.fresh_atom(1, d - 1);
                    let Some(def) = f
                        .add_scaled(&Lin::atom(q), -d)
                        .and_then(|g| g.add_scaled(&Lin::atom(r), -1))
                    else {
                        return false;
                    };
                    let mut c = conj.clone();
                    c.push(Fact::Ge(def.clone()));
                    let Some(neg) = def.scale(-1) else {
                        return false;
                    };
                    c.push(Fact::Ge(neg));
                    if !facts.contradictory(&c) {
                        return false;
                    }
                }
            }
        }
    }
    true
}

fn apply(k: &mut Kernel, w: OpId, plan: &Plan) {
    let loc = k.op(w).loc;
    let mut ops = Vec::new();
    let val = |k: &mut Kernel, ops: &mut Vec<OpId>, kind: OpKind, ty: Type| -> Value {
        let o = k.create_op(kind, &[ty], loc);
        ops.push(o);
        k.op(o).results[0]
    };
    let (a, b) = if plan.negative {
        (plan.x0, plan.bound)
    } else {
        (plan.bound, plan.x0)
    };
    let d = val(k, &mut ops, OpKind::Binary(BinaryOp::Sub, a, b), plan.ty);
    let u = if plan.ty.bits() < 64 {
        val(k, &mut ops, OpKind::Cast(CastOp::ZExt, d), Type::I64)
    } else {
        d
    };
    let sh = val(
        k,
        &mut ops,
        OpKind::Const {
            bits: u64::from(plan.p),
        },
        Type::I64,
    );
    let q = val(
        k,
        &mut ops,
        OpKind::Binary(BinaryOp::LShr, u, sh),
        Type::I64,
    );
    let one = val(k, &mut ops, OpKind::Const { bits: 1 }, Type::I64);
    let n = val(
        k,
        &mut ops,
        OpKind::Binary(BinaryOp::Sub, q, one),
        Type::I64,
    );
    let mut replace = Vec::new();
    for &(res, init) in &plan.counters {
        let cty = k.value_type(res);
        let nc = if cty.bits() < 64 {
            val(k, &mut ops, OpKind::Cast(CastOp::Trunc, n), cty)
        } else {
            n
        };
        let r = val(k, &mut ops, OpKind::Binary(BinaryOp::Add, init, nc), cty);
        replace.push((res, r));
    }
    // Put the new ops where `w` was.
    let mut body = std::mem::take(&mut k.body);
    splice(k, &mut body, w, &ops);
    k.body = body;
    for (old, new) in replace {
        replace_uses(k, old, new);
    }
}

fn splice(k: &mut Kernel, r: &mut Region, w: OpId, new: &[OpId]) -> bool {
    if let Some(i) = r.ops.iter().position(|&o| o == w) {
        r.ops.splice(i..=i, new.iter().copied());
        return true;
    }
    for i in 0..r.ops.len() {
        let op = r.ops[i];
        let mut kind = std::mem::replace(&mut k.op_mut(op).kind, OpKind::Yield(Vec::new()));
        let mut found = false;
        for sub in kind.regions_mut() {
            if splice(k, sub, w, new) {
                found = true;
                break;
            }
        }
        k.op_mut(op).kind = kind;
        if found {
            return true;
        }
    }
    false
}

/// Replace every use of `old` by `new`.
fn replace_uses(k: &mut Kernel, old: Value, new: Value) {
    for op in &mut k.ops {
        op.kind.for_each_operand_mut(|v| {
            if *v == old {
                *v = new;
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builder::Builder;
    use crate::ir::MemRoot;
    use frontend::interp::{LaunchConfig, Memory};
    use frontend::ir::{AddrSpace, Flavor, Module};

    const G: Type = Type::Ptr(AddrSpace::Global);

    /// Per thread `t`: `s = rp[t], e = rp[t + 1]`; if `s < e`: `j0` = `s` (when `e - s`
    /// is even or `!peel`) or `s + 1`; if `e == s + 1`: -1; else count the iterations of
    /// `j = j0; while (j + 2 != e) j += 2` (with `remaining`: of `r = e - j0; while
    /// (r - 2 != 0) r -= 2`), as clang -O2's and nvcc's peeled row loops do; `s >= e`:
    /// -2. `out[t]` = the count.
    fn count_kernel(peel: bool, remaining: bool) -> Kernel {
        let mut b = Builder::new("count");
        b.param(G, "rp");
        b.param(G, "out");
        b.grid(|b, _| {
            b.block(|b, [t, _, _]| {
                let four = b.i64(4);
                let t64 = b.cast(CastOp::SExt, t, Type::I64);
                let off = b.bin(BinaryOp::Mul, t64, four);
                let off1 = b.bin(BinaryOp::Add, off, four);
                let s = b.load(Type::I32, MemRoot::Param(0), off);
                let e = b.load(Type::I32, MemRoot::Param(0), off1);
                let lt = b.icmp(IntPredicate::Slt, s, e);
                let res = b.if_(
                    lt,
                    &[Type::I32],
                    |b| {
                        let one = b.i32(1);
                        let zero = b.i32(0);
                        let d = b.bin(BinaryOp::Sub, e, s);
                        let par = b.bin(BinaryOp::And, d, one);
                        let even = b.icmp(IntPredicate::Eq, par, zero);
                        let s1 = b.bin(BinaryOp::Add, s, one);
                        let j0 = if peel {
                            b.if_(even, &[Type::I32], |_| vec![s], |_| vec![s1])[0]
                        } else {
                            s
                        };
                        let done = b.icmp(IntPredicate::Eq, e, s1);
                        let r = b.if_(
                            done,
                            &[Type::I32],
                            |b| vec![b.i32(-1)],
                            |b| {
                                let two = b.i32(2);
                                let x0 = if remaining {
                                    b.bin(BinaryOp::Sub, e, j0)
                                } else {
                                    j0
                                };
                                let res = b.while_(
                                    &[x0, zero],
                                    &[Type::I32, Type::I32, Type::I32],
                                    |b, a| {
                                        let (nx, hit) = if remaining {
                                            let nx = b.bin(BinaryOp::Sub, a[0], two);
                                            (nx, b.icmp(IntPredicate::Eq, nx, zero))
                                        } else {
                                            let nx = b.bin(BinaryOp::Add, a[0], two);
                                            (nx, b.icmp(IntPredicate::Eq, nx, e))
                                        };
                                        // The raised form: a kind, then `kind == 0`.
                                        let kind = b.if_(
                                            hit,
                                            &[Type::I32, Type::I32],
                                            |b| vec![b.i32(1), zero],
                                            |b| vec![b.i32(0), nx],
                                        );
                                        let cont = b.icmp(IntPredicate::Eq, kind[0], zero);
                                        (cont, vec![kind[0], kind[1], a[1]])
                                    },
                                    |b, a| {
                                        let one = b.i32(1);
                                        vec![a[1], b.bin(BinaryOp::Add, a[2], one)]
                                    },
                                );
                                vec![res[2]]
                            },
                        );
                        vec![r[0]]
                    },
                    |b| vec![b.i32(-2)],
                );
                b.store(MemRoot::Param(1), off, res[0]);
            });
        });
        b.finish()
    }

    fn run_i32(k: &Kernel, rp: &[i32]) -> Vec<i32> {
        let module = Module::new("counts-test.ll", Flavor::ClangCuda);
        let mut mem = Memory::new(&module);
        let threads = (rp.len() - 1) as u32;
        let bytes = |v: &[i32]| v.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>();
        let a = mem.add_buffer("rp", bytes(rp));
        let o = mem.add_buffer("out", bytes(&vec![0; threads as usize]));
        let config = LaunchConfig {
            grid: [1, 1, 1],
            block: [threads, 1, 1],
            dynamic_shared_bytes: 0,
        };
        crate::interp::launch(&module, k, &config, &[a, o], &mut mem).unwrap();
        mem.buffer(o)
            .unwrap()
            .chunks_exact(4)
            .map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect()
    }

    fn whiles(k: &Kernel) -> usize {
        let mut v = Vec::new();
        collect_whiles(k, &k.body, &mut v);
        v.len()
    }

    /// Row bounds: growing, equal, decreasing, negative, one apart, large gaps.
    const RP: [i32; 16] = [-7, -7, -3, 0, 1, 2, 9, 4, 4, 5, 30, 31, 1000, -20, -19, 12];

    #[test]
    fn peeled_row_loops_get_their_closed_form() {
        for remaining in [false, true] {
            let k = count_kernel(true, remaining);
            crate::verify::verify_kernel(&k).unwrap();
            let want = run_i32(&k, &RP);
            let mut c = k.clone();
            let block = [RP.len() as u32 - 1, 1, 1];
            assert_eq!(
                closed_form_counts(&mut c, [1, 1, 1], block),
                1,
                "remaining {remaining}"
            );
            crate::verify::verify_kernel(&c).unwrap();
            assert_eq!(whiles(&c), 0);
            assert_eq!(run_i32(&c, &RP), want, "remaining {remaining}");
            // Spot values: rows [-3, 0): 3 entries, j0 = -2, one iteration of the loop's
            // `after`... counts: (0 - (-2)) / 2 - 1 = 0.
            assert_eq!(want[2], 0);
            assert_eq!(want[9], 11, "[5, 30): j0 = 6, (30 - 6) / 2 - 1");
        }
    }

    /// Without the peel, `e - j0` may be odd (the loop would never end, or wrap): no
    /// proof, the loop stays.
    #[test]
    fn unpeeled_loops_stay() {
        for remaining in [false, true] {
            let mut k = count_kernel(false, remaining);
            let block = [RP.len() as u32 - 1, 1, 1];
            assert_eq!(closed_form_counts(&mut k, [1, 1, 1], block), 0);
            assert_eq!(whiles(&k), 1);
        }
    }

    /// Per thread `t`, with `x0 = a[t]`, `B = b[t]` (`i32`): when `guard` holds (`x0 < B`
    /// for `step > 0`, `B < x0` below, and `B - x0` even when `|step| = 2`, if `parity`),
    /// the count (of type `cty`, from `init`) of `x = x0; while (x + step != B) x += step`,
    /// else `init - 1`. `out[t]` = the count, sign-extended or truncated to `i32`.
    fn step_kernel(step: i32, cty: Type, init: i64, parity: bool) -> Kernel {
        let mut b = Builder::new("steps");
        b.param(G, "a");
        b.param(G, "b");
        b.param(G, "out");
        b.grid(|b, _| {
            b.block(|b, [t, _, _]| {
                let four = b.i64(4);
                let t64 = b.cast(CastOp::SExt, t, Type::I64);
                let off = b.bin(BinaryOp::Mul, t64, four);
                let x0 = b.load(Type::I32, MemRoot::Param(0), off);
                let bound = b.load(Type::I32, MemRoot::Param(1), off);
                let ordered = if step > 0 {
                    b.icmp(IntPredicate::Slt, x0, bound)
                } else {
                    b.icmp(IntPredicate::Slt, bound, x0)
                };
                let guard = if parity && step.abs() == 2 {
                    let one = b.i32(1);
                    let zero = b.i32(0);
                    let d = b.bin(BinaryOp::Sub, bound, x0);
                    let par = b.bin(BinaryOp::And, d, one);
                    let even = b.icmp(IntPredicate::Eq, par, zero);
                    b.bin(BinaryOp::And, ordered, even)
                } else {
                    ordered
                };
                let init = b.konst(cty, init as u64);
                let res = b.if_(
                    guard,
                    &[cty],
                    |b| {
                        let res = b.while_(
                            &[x0, init],
                            &[Type::I32, cty],
                            |b, a| {
                                let s = b.i32(step);
                                let nx = b.bin(BinaryOp::Add, a[0], s);
                                let cont = b.icmp(IntPredicate::Ne, nx, bound);
                                (cont, vec![a[0], a[1]])
                            },
                            |b, a| {
                                let s = b.i32(step);
                                let one = b.konst(cty, 1);
                                vec![
                                    b.bin(BinaryOp::Add, a[0], s),
                                    b.bin(BinaryOp::Add, a[1], one),
                                ]
                            },
                        );
                        vec![res[1]]
                    },
                    |b| {
                        let one = b.konst(cty, 1);
                        vec![b.bin(BinaryOp::Sub, init, one)]
                    },
                );
                let r = match cty {
                    Type::I32 => res[0],
                    Type::I64 => b.cast(CastOp::Trunc, res[0], Type::I32),
                    _ => b.cast(CastOp::SExt, res[0], Type::I32),
                };
                b.store(MemRoot::Param(2), off, r);
            });
        });
        b.finish()
    }

    fn run_steps(k: &Kernel, a: &[i32], bnd: &[i32]) -> Vec<i32> {
        let module = Module::new("counts-test.ll", Flavor::ClangCuda);
        let mut mem = Memory::new(&module);
        let bytes = |v: &[i32]| v.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>();
        let pa = mem.add_buffer("a", bytes(a));
        let pb = mem.add_buffer("b", bytes(bnd));
        let o = mem.add_buffer("out", bytes(&vec![0; a.len()]));
        let config = LaunchConfig {
            grid: [1, 1, 1],
            block: [a.len() as u32, 1, 1],
            dynamic_shared_bytes: 0,
        };
        crate::interp::launch(&module, k, &config, &[pa, pb, o], &mut mem).unwrap();
        mem.buffer(o)
            .unwrap()
            .chunks_exact(4)
            .map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect()
    }

    /// `(x0, B)` pairs: zero-trip (`x0 + step == B`), short and long runs, negative
    /// bounds, near `i32`'s ends, the guard failing (equal, reversed), a run of 300 (an
    /// `i8` counter wraps), odd distances (skipped by the parity guard).
    fn step_cases(step: i32) -> (Vec<i32>, Vec<i32>) {
        let mut pairs: Vec<(i32, i32)> = vec![
            (0, 1),
            (0, 2),
            (5, 6),
            (-7, -5),
            (-3, 0),
            (10, 10),
            (10, 4),
            (-20, 280),
            (0, 600),
            (i32::MAX - 4, i32::MAX),
            (i32::MIN, i32::MIN + 6),
            (-1, 3),
            (7, 8),
            (100, 401),
        ];
        if step < 0 {
            for p in &mut pairs {
                *p = (p.1, p.0);
            }
        }
        pairs.into_iter().unzip()
    }

    #[test]
    fn unit_and_double_steps_get_their_closed_form() {
        for step in [1, -1, 2, -2] {
            for (cty, init) in [
                (Type::I32, 0),
                (Type::I32, 5),
                (Type::I8, 0),
                (Type::I64, -3),
            ] {
                let what = format!("step {step}, counter {cty:?} from {init}");
                let k = step_kernel(step, cty, init, true);
                crate::verify::verify_kernel(&k).unwrap();
                let (a, bnd) = step_cases(step);
                let want = run_steps(&k, &a, &bnd);
                let mut c = k.clone();
                let block = [a.len() as u32, 1, 1];
                assert_eq!(closed_form_counts(&mut c, [1, 1, 1], block), 1, "{what}");
                crate::verify::verify_kernel(&c).unwrap();
                assert_eq!(whiles(&c), 0, "{what}");
                assert_eq!(run_steps(&c, &a, &bnd), want, "{what}");
                if cty == Type::I32 && init == 0 {
                    let n = |d: i32| d / step.abs() - 1;
                    // Zero trips; a long run; the guard failing.
                    assert_eq!(want[0], if step.abs() == 1 { 0 } else { -1 }, "{what}");
                    assert_eq!(want[1], if step.abs() == 1 { 1 } else { 0 }, "{what}");
                    assert_eq!(want[8], n(600), "{what}");
                    assert_eq!(want[5], -1, "{what}");
                }
                if cty == Type::I8 {
                    // 300 / |step| - 1 iterations, modulo 256.
                    assert_eq!(want[7], ((300 / step.abs() - 1) as i8) as i32, "{what}");
                }
            }
        }
    }

    /// An odd distance with a step of 2 never meets the bound (the loop wraps around the
    /// integers): without the parity guard nothing proves the count, the loop stays.
    #[test]
    fn double_steps_without_parity_stay() {
        for step in [2, -2] {
            let mut k = step_kernel(step, Type::I32, 0, false);
            assert_eq!(closed_form_counts(&mut k, [1, 1, 1], [4, 1, 1]), 0);
            assert_eq!(whiles(&k), 1);
        }
    }
}
