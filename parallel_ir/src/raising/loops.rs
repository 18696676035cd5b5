//! `While` -> `For`: a loop whose first iteration part tests `iv < bound` (signed) on a
//! carried value `iv` with a loop-invariant `bound`, whose continuing path yields
//! `iv + step` for a positive constant `step`, and whose exit path yields only values
//! available after the loop, is a counted loop.
//!
//! Legal because the test-first `While` runs the body exactly while `iv < bound`, with `iv`
//! stepping by `step` each iteration, which is the definition of `For`; the pure ops that
//! computed the test are dropped on the exiting iteration (they have no effects), and the
//! exit path's values (constants, invariants, the other carried values) are recomputed
//! after the loop from the `For`'s results.
//!
//! A *rotated* loop (do-while: the body, then `next = iv + step`, then continue while
//! `next < bound`) runs its body at least once; it is the `For` from `lower` to
//! `smax(bound, lower + step)`: with `bound <= lower + step` both run once, otherwise both
//! run while `iv < bound` (the `For` steps and compares with the same wrapping arithmetic).
//! This needs `lower + step` not to overflow when `lower >= bound` (the original then
//! wraps around and goes on from the bottom of the range, which no `For` can express), so
//! the conversion is made only where that is proven at raise time: the loop sits behind a
//! guard `lower < bound` (an enclosing `If` on that comparison, as clang emits around
//! rotated loops; through sign extension, or zero extension of a bound above a
//! non-negative constant), or `lower` has a known maximum (a constant, an extended
//! narrower value) at most `MAX - step`. Otherwise the loop stays a `While`. Its exit
//! values must be values the continuing path carries, which become the `For`'s results.
//! A unit-step test `next != bound` (as clang writes counted loops behind a guard
//! `lower < bound`) is treated as `next < bound`, which is exact only when the counter
//! starts below the bound (from at or above it the original goes round the whole integer
//! range): it is converted only behind such a guard.

use std::collections::{HashMap, HashSet};

use crate::ir::{
    BinaryOp, CastOp, IntPredicate, Kernel, OpId, OpKind, Region, UnaryOp, Value, ValueDef,
};

use super::cleanup::pure;
use super::util::{const_of, def_op, defined_in};

/// Convert every eligible `While` of the kernel.
pub fn while_to_for(k: &mut Kernel) {
    let body = std::mem::take(&mut k.body);
    let mut pending = HashMap::new();
    let ops = rewrite_list(k, body.ops, &mut pending, &mut Vec::new());
    k.body = Region {
        args: body.args,
        ops,
    };
}

/// Rewrites in program order; `pending` maps the old results of converted loops to their
/// replacements and is applied to each op's operands when the op is reached (all uses of a
/// value come after its definition), which keeps the pass linear. `guards`: the conditions
/// of the enclosing `If`s and whether each holds (true in a then-region) where `ops` run.
fn rewrite_list(
    k: &mut Kernel,
    ops: Vec<OpId>,
    pending: &mut HashMap<Value, Value>,
    guards: &mut Vec<(Value, bool)>,
) -> Vec<OpId> {
    let mut out = Vec::with_capacity(ops.len());
    for op in ops {
        if !pending.is_empty() {
            k.op_mut(op).kind.for_each_operand_mut(|v| {
                if let Some(&x) = pending.get(v) {
                    *v = x
                }
            });
        }
        let if_cond = match k.op(op).kind {
            OpKind::If { cond, .. } => Some(cond),
            _ => None,
        };
        let lists = super::util::take_regions(k, op);
        let lists = lists
            .into_iter()
            .enumerate()
            .map(|(r, l)| {
                if let Some(c) = if_cond {
                    guards.push((c, r == 0));
                }
                let l = rewrite_list(k, l, pending, guards);
                if if_cond.is_some() {
                    guards.pop();
                }
                l
            })
            .collect();
        super::util::put_regions(k, op, lists);
        if matches!(k.op(op).kind, OpKind::While { .. }) {
            let converted = match try_for(k, op, pending) {
                Some(x) => Some(x),
                None => try_for_rotated(k, op, pending, guards),
            };
            if let Some((pre, post)) = converted {
                out.extend(pre);
                out.push(op);
                out.extend(post);
                continue;
            }
        }
        out.push(op);
    }
    out
}

fn try_for(
    k: &mut Kernel,
    w: OpId,
    pending: &mut HashMap<Value, Value>,
) -> Option<(Vec<OpId>, Vec<OpId>)> {
    let OpKind::While {
        inits,
        before,
        after,
    } = k.op(w).kind.clone()
    else {
        return None;
    };
    let mut inside = HashSet::new();
    defined_in(k, &before, &mut inside);
    defined_in(k, &after, &mut inside);
    let outside = |v: Value| !inside.contains(&v);
    let args = before.args.clone();
    // before = P.., if, tail.., condition
    let (&cond_op, rest) = before.ops.split_last()?;
    let OpKind::Condition { args: cargs, .. } = &k.op(cond_op).kind else {
        return None;
    };
    let if_pos = rest
        .iter()
        .position(|&o| matches!(k.op(o).kind, OpKind::If { .. }))?;
    let if_op = rest[if_pos];
    if *cargs != k.op(if_op).results {
        return None;
    }
    let p_ops = &rest[..if_pos];
    if !p_ops.iter().all(|&o| pure(k, &k.op(o).kind)) {
        return None;
    }
    if !rest[if_pos + 1..].iter().all(|&o| pure(k, &k.op(o).kind)) {
        return None;
    }
    let OpKind::If {
        cond,
        then_region,
        else_region,
    } = k.op(if_op).kind.clone()
    else {
        return None;
    };
    // cond = iv < bound
    let cop = def_op(k, cond)?;
    if !p_ops.contains(&cop) {
        return None;
    }
    let (iv, bound) = match k.op(cop).kind {
        OpKind::ICmp(IntPredicate::Slt, a, b) => (a, b),
        OpKind::ICmp(IntPredicate::Sgt, a, b) => (b, a),
        _ => return None,
    };
    let i = args.iter().position(|&a| a == iv)?;
    if !outside(bound) || !k.value_type(iv).is_int() {
        return None;
    }
    let ty = k.value_type(iv);
    // then: ... yield [0, next..]
    let (&tyield, tbody) = then_region.ops.split_last()?;
    let OpKind::Yield(tv) = k.op(tyield).kind.clone() else {
        return None;
    };
    if tv.len() < 1 + args.len() || const_of(k, tv[0]) != Some(0) {
        return None;
    }
    let next = tv[1 + i];
    let add = def_op(k, next)?;
    let step_bits = match k.op(add).kind {
        OpKind::Binary(BinaryOp::Add, a, b) if a == iv => const_of(k, b)?,
        OpKind::Binary(BinaryOp::Add, a, b) if b == iv => const_of(k, a)?,
        _ => return None,
    };
    let signed = ((step_bits << (64 - ty.bits())) as i64) >> (64 - ty.bits());
    if signed <= 0 {
        return None;
    }
    // else: pure ops, yield of values available after the loop.
    let (&eyield, ebody) = else_region.ops.split_last()?;
    let OpKind::Yield(ev) = k.op(eyield).kind.clone() else {
        return None;
    };
    let mut else_defined = HashSet::new();
    for &o in ebody {
        if !pure(k, &k.op(o).kind) || !k.op(o).kind.regions().is_empty() {
            return None;
        }
        else_defined.extend(k.op(o).results.iter().copied());
    }
    let ok_after =
        |v: Value| else_defined.contains(&v) || outside(v) || (args.contains(&v) && v != iv);
    for &o in ebody {
        for v in k.op(o).kind.operands() {
            if !ok_after(v) {
                return None;
            }
        }
    }
    if !ev.iter().all(|&v| ok_after(v)) {
        return None;
    }
    let old_results = k.op(w).results.clone();
    if ev.len() != old_results.len() {
        return None;
    }
    // Build the For.
    let step_op = k.create_op(OpKind::Const { bits: step_bits }, &[ty], None);
    let step = k.result(step_op)?;
    let body = ForBody {
        args: &args,
        counter: i,
        inits: &inits,
        next: &tv[1..],
        ops: [p_ops, tbody].concat(),
    };
    let carried_map: HashMap<Value, Value> = rebuild_as_for(k, w, body, inits[i], bound, step)
        .into_iter()
        .map(|(j, r)| (args[j], r))
        .collect();
    // After the loop: the exit path's ops, reading the final carried values.
    let post: Vec<OpId> = ebody.to_vec();
    for &o in &post {
        k.op_mut(o).kind.for_each_operand_mut(|v| {
            if let Some(&r) = carried_map.get(v) {
                *v = r
            }
        });
    }
    for (&old, &new) in old_results.iter().zip(&ev) {
        let new = carried_map.get(&new).copied().unwrap_or(new);
        pending.insert(old, new);
    }
    Some((vec![step_op], post))
}

fn try_for_rotated(
    k: &mut Kernel,
    w: OpId,
    pending: &mut HashMap<Value, Value>,
    guards: &[(Value, bool)],
) -> Option<(Vec<OpId>, Vec<OpId>)> {
    let OpKind::While {
        inits,
        before,
        after,
    } = k.op(w).kind.clone()
    else {
        return None;
    };
    let mut inside = HashSet::new();
    defined_in(k, &before, &mut inside);
    defined_in(k, &after, &mut inside);
    let outside = |v: Value| !inside.contains(&v);
    let args = before.args.clone();
    let (&cond_op, rest) = before.ops.split_last()?;
    let OpKind::Condition { args: cargs, .. } = &k.op(cond_op).kind else {
        return None;
    };
    // The last `If` before the condition decides continue / exit.
    let if_pos = rest
        .iter()
        .rposition(|&o| matches!(k.op(o).kind, OpKind::If { .. }))?;
    let if_op = rest[if_pos];
    if *cargs != k.op(if_op).results {
        return None;
    }
    let p_ops = &rest[..if_pos];
    if !rest[if_pos + 1..].iter().all(|&o| pure(k, &k.op(o).kind)) {
        return None;
    }
    let OpKind::If {
        cond,
        then_region,
        else_region,
    } = k.op(if_op).kind.clone()
    else {
        return None;
    };
    let cop = def_op(k, cond)?;
    if !p_ops.contains(&cop) {
        return None;
    }
    // Which arm continues (its yield starts with kind 0).
    let starts_with_zero = |k: &Kernel, r: &Region| {
        r.ops
            .last()
            .and_then(|&y| match &k.op(y).kind {
                OpKind::Yield(v) => v.first().copied(),
                _ => None,
            })
            .and_then(|v| const_of(k, v))
            == Some(0)
    };
    let then_continues = starts_with_zero(k, &then_region);
    if !then_continues && !starts_with_zero(k, &else_region) {
        return None;
    }
    let (then_region, else_region) = if then_continues {
        (then_region, else_region)
    } else {
        (else_region, then_region)
    };
    // `unit`: the test is `next != bound` (continue) / `next == bound` (exit), which is
    // `next < bound` when the counter steps by one from below the bound.
    let (next, bound, unit) = match (k.op(cop).kind.clone(), then_continues) {
        (OpKind::ICmp(IntPredicate::Slt, a, b), true) => (a, b, false),
        (OpKind::ICmp(IntPredicate::Sgt, a, b), true) => (b, a, false),
        (OpKind::ICmp(IntPredicate::Ne, a, b), true) => (a, b, true),
        (OpKind::ICmp(IntPredicate::Eq, a, b), false) => (a, b, true),
        _ => return None,
    };
    let (next, bound) = if outside(bound) {
        (next, bound)
    } else if unit && outside(next) {
        (bound, next)
    } else {
        return None;
    };
    let add = def_op(k, next)?;
    if !p_ops.contains(&add) {
        return None;
    }
    let (iv, step_bits) = match k.op(add).kind {
        OpKind::Binary(BinaryOp::Add, a, b) if args.contains(&a) => (a, const_of(k, b)?),
        OpKind::Binary(BinaryOp::Add, a, b) if args.contains(&b) => (b, const_of(k, a)?),
        _ => return None,
    };
    let i = args.iter().position(|&a| a == iv)?;
    let ty = k.value_type(iv);
    if !ty.is_int() {
        return None;
    }
    let signed = ((step_bits << (64 - ty.bits())) as i64) >> (64 - ty.bits());
    if signed <= 0 || (unit && signed != 1) {
        return None;
    }
    // The counter must provably not wrap (see the module doc).
    let lower = inits[i];
    let guarded = proven_below(k, guards, lower, bound);
    let max = i64::MAX >> (64 - ty.bits());
    let first_fits = max_signed(k, guards, lower, 6).is_some_and(|m| m <= max - signed);
    if !guarded && (unit || !first_fits) {
        return None;
    }
    let (&tyield, tbody) = then_region.ops.split_last()?;
    let OpKind::Yield(tv) = k.op(tyield).kind.clone() else {
        return None;
    };
    if tv.len() < 1 + args.len() || const_of(k, tv[0]) != Some(0) || tv[1 + i] != next {
        return None;
    }
    if !tbody
        .iter()
        .all(|&o| pure(k, &k.op(o).kind) && k.op(o).kind.regions().is_empty())
    {
        return None;
    }
    let (&eyield, ebody) = else_region.ops.split_last()?;
    let OpKind::Yield(ev) = k.op(eyield).kind.clone() else {
        return None;
    };
    let mut else_defined = HashSet::new();
    for &o in ebody {
        if !pure(k, &k.op(o).kind) || !k.op(o).kind.regions().is_empty() {
            return None;
        }
        else_defined.extend(k.op(o).results.iter().copied());
    }
    // Values the continuing path carries out (other than the counter).
    let carried_out =
        |v: Value| -> Option<usize> { (0..args.len()).find(|&j| j != i && tv[1 + j] == v) };
    let ok_after = |v: Value| else_defined.contains(&v) || outside(v) || carried_out(v).is_some();
    for &o in ebody {
        if !k.op(o).kind.operands().iter().all(|&v| ok_after(v)) {
            return None;
        }
    }
    if !ev.iter().all(|&v| ok_after(v)) {
        return None;
    }
    let old_results = k.op(w).results.clone();
    if ev.len() != old_results.len() {
        return None;
    }
    // upper = smax(bound, lower + step)
    let step_op = k.create_op(OpKind::Const { bits: step_bits }, &[ty], None);
    let step = k.result(step_op)?;
    let first_op = k.create_op(OpKind::Binary(BinaryOp::Add, lower, step), &[ty], None);
    let first = k.result(first_op)?;
    let upper_op = k.create_op(OpKind::Binary(BinaryOp::SMax, bound, first), &[ty], None);
    let upper = k.result(upper_op)?;
    let body = ForBody {
        args: &args,
        counter: i,
        inits: &inits,
        next: &tv[1..],
        ops: [p_ops, tbody].concat(),
    };
    let out_map: HashMap<Value, Value> = rebuild_as_for(k, w, body, lower, upper, step)
        .into_iter()
        .map(|(j, r)| (tv[1 + j], r))
        .collect();
    let post: Vec<OpId> = ebody.to_vec();
    for &o in &post {
        k.op_mut(o).kind.for_each_operand_mut(|v| {
            if !else_defined.contains(v) {
                if let Some(&r) = out_map.get(v) {
                    *v = r
                }
            }
        });
    }
    for (&old, &new) in old_results.iter().zip(&ev) {
        let new = if else_defined.contains(&new) {
            new
        } else {
            out_map.get(&new).copied().unwrap_or(new)
        };
        pending.insert(old, new);
    }
    Some((vec![step_op, first_op, upper_op], post))
}

/// The loop a `While` becomes: its carried values `args` (the counter at index
/// `counter`), their initial values `inits` and values for the next iteration `next`
/// (same order), and the ops of one iteration (header and continuing arm).
struct ForBody<'a> {
    args: &'a [Value],
    counter: usize,
    inits: &'a [Value],
    next: &'a [Value],
    ops: Vec<OpId>,
}

/// Rewrite `While` `w` in place into `For { lower, upper, step }` whose induction variable
/// is the counter: the other carried values stay carried (their inits, and their next
/// values yielded at the end of `body.ops`). Gives, for each other carried value (its
/// index in `body.args`), its result of the `For`. The callers have proven that the
/// counter takes exactly the `For`'s values and that `body.ops` is one iteration.
fn rebuild_as_for(
    k: &mut Kernel,
    w: OpId,
    body: ForBody,
    lower: Value,
    upper: Value,
    step: Value,
) -> Vec<(usize, Value)> {
    let others = || (0..body.args.len()).filter(|&j| j != body.counter);
    let body_args: Vec<Value> = std::iter::once(body.args[body.counter])
        .chain(others().map(|j| body.args[j]))
        .collect();
    for (pos, &a) in body_args.iter().enumerate() {
        k.values[a.index()].def = ValueDef::RegionArg {
            op: w,
            region: 0,
            index: pos as u32,
        };
    }
    let mut ops = body.ops;
    let yields: Vec<Value> = others().map(|j| body.next[j]).collect();
    ops.push(k.create_op(OpKind::Yield(yields), &[], None));
    k.op_mut(w).results.clear();
    let results: Vec<(usize, Value)> = others()
        .map(|j| {
            let t = k.value_type(body.args[j]);
            (j, k.add_result(w, t))
        })
        .collect();
    k.op_mut(w).kind = OpKind::For {
        lower,
        upper,
        step,
        inits: others().map(|j| body.inits[j]).collect(),
        body: Region {
            args: body_args,
            ops,
        },
    };
    results
}

/// The order fact a guard `cond` with truth value `holds` states: `(x, y, strict)` for
/// `x < y` (strict) or `x <= y`, signed.
fn guard_fact(k: &Kernel, cond: Value, holds: bool) -> Option<(Value, Value, bool)> {
    let OpKind::ICmp(p, a, b) = k.op(def_op(k, cond)?).kind else {
        return None;
    };
    Some(match (p, holds) {
        (IntPredicate::Slt, true) | (IntPredicate::Sge, false) => (a, b, true),
        (IntPredicate::Sgt, true) | (IntPredicate::Sle, false) => (b, a, true),
        (IntPredicate::Sle, true) | (IntPredicate::Sgt, false) => (a, b, false),
        (IntPredicate::Sge, true) | (IntPredicate::Slt, false) => (b, a, false),
        _ => return None,
    })
}

/// Whether the enclosing guards prove `lower < bound` (signed, in the loop's type):
/// directly, or `lower` is a constant below a known minimum of `bound`.
fn proven_below(k: &Kernel, guards: &[(Value, bool)], lower: Value, bound: Value) -> bool {
    let direct = guards.iter().any(|&(c, holds)| {
        let Some((a, b, true)) = guard_fact(k, c, holds) else {
            return false;
        };
        // `a < b` carries over to `lower < bound` if lower is a (or a sign extension of
        // it, or the same constant) and bound is b (likewise, or a zero extension of b
        // when a is a non-negative constant: then b > a >= 0, so zeros keep its value).
        let a_nonneg = signed_const(k, a).is_some_and(|c| c >= 0);
        same_signed(k, lower, a, false) && same_signed(k, bound, b, a_nonneg)
    });
    direct
        || max_signed(k, guards, lower, 6)
            .is_some_and(|c| min_signed(k, guards, bound, 6).is_some_and(|m| m > c))
}

/// Whether a guard states `v != 0`.
fn guarded_nonzero(k: &Kernel, guards: &[(Value, bool)], v: Value) -> bool {
    guards.iter().any(|&(c, holds)| {
        let Some(op) = def_op(k, c) else {
            return false;
        };
        match k.op(op).kind {
            OpKind::ICmp(IntPredicate::Eq, a, b) if !holds => {
                (a == v && signed_const(k, b) == Some(0))
                    || (b == v && signed_const(k, a) == Some(0))
            }
            OpKind::ICmp(IntPredicate::Ne, a, b) if holds => {
                (a == v && signed_const(k, b) == Some(0))
                    || (b == v && signed_const(k, a) == Some(0))
            }
            _ => false,
        }
    })
}

/// A known minimum of the signed value of `v` (from constants, guards, shifts, extensions).
fn min_signed(k: &Kernel, guards: &[(Value, bool)], v: Value, depth: u32) -> Option<i64> {
    signed_bound(k, guards, v, depth, false)
}

/// A known maximum of the signed value of `v` (from constants, guards, extensions of
/// narrower integers, masks and negations).
fn max_signed(k: &Kernel, guards: &[(Value, bool)], v: Value, depth: u32) -> Option<i64> {
    signed_bound(k, guards, v, depth, true)
}

/// A known maximum (`max`) or minimum of the signed value of `v`: the tighter of what the
/// guards state and what its definition gives.
fn signed_bound(
    k: &Kernel,
    guards: &[(Value, bool)],
    v: Value,
    depth: u32,
    max: bool,
) -> Option<i64> {
    if let Some(c) = signed_const(k, v) {
        return Some(c);
    }
    if depth == 0 || !k.value_type(v).is_int() {
        return None;
    }
    // Guards `c < v` / `c <= v` (minimum) or `v < c` / `v <= c` (maximum).
    let from_guards = guards
        .iter()
        .filter_map(|&(c, holds)| {
            let (x, y, strict) = guard_fact(k, c, holds)?;
            let (bound, this) = if max { (y, x) } else { (x, y) };
            let c = signed_const(k, bound).filter(|_| this == v)?;
            let d = i64::from(strict);
            if max {
                c.checked_sub(d)
            } else {
                c.checked_add(d)
            }
        })
        .reduce(|a, b| if max { a.min(b) } else { a.max(b) });
    let from_def = if max {
        max_from_def(k, guards, v, depth - 1)
    } else {
        min_from_def(k, guards, v, depth - 1)
    };
    let bound = match (from_guards, from_def) {
        (Some(a), Some(b)) if max => Some(a.min(b)),
        (Some(a), Some(b)) => Some(a.max(b)),
        (a, b) => a.or(b),
    };
    if !max && bound == Some(0) && guarded_nonzero(k, guards, v) {
        return Some(1);
    }
    bound
}

/// A minimum of `v` from its definition (shift right, extension, mask).
fn min_from_def(k: &Kernel, guards: &[(Value, bool)], v: Value, depth: u32) -> Option<i64> {
    let bits = k.value_type(v).bits();
    match def_op(k, v).map(|o| &k.op(o).kind) {
        Some(&OpKind::Binary(BinaryOp::LShr, x, s)) => {
            let s = const_of(k, s).filter(|&s| s >= 1 && s < u64::from(bits))?;
            i64::try_from(min_unsigned(k, guards, x, depth) >> s).ok()
        }
        Some(&OpKind::Cast(CastOp::ZExt, x)) => {
            i64::try_from(min_unsigned(k, guards, x, depth)).ok()
        }
        Some(&OpKind::Cast(CastOp::SExt, x)) => min_signed(k, guards, x, depth),
        Some(&OpKind::Binary(BinaryOp::And, x, y)) => {
            let nonneg = |c: Value| signed_const(k, c).is_some_and(|c| c >= 0);
            (nonneg(x) || nonneg(y)).then_some(0)
        }
        _ => None,
    }
}

/// A maximum of `v` from its definition (extension, mask, negation).
fn max_from_def(k: &Kernel, guards: &[(Value, bool)], v: Value, depth: u32) -> Option<i64> {
    match def_op(k, v).map(|o| &k.op(o).kind) {
        Some(&OpKind::Cast(CastOp::SExt, x)) => Some(i64::MAX >> (64 - k.value_type(x).bits())),
        Some(&OpKind::Cast(CastOp::ZExt, x)) => {
            let bits = k.value_type(x).bits();
            (bits < 64).then(|| ((1u64 << bits) - 1) as i64)
        }
        Some(&OpKind::Binary(BinaryOp::And, x, y)) => {
            let cx = signed_const(k, x).filter(|&c| c >= 0);
            let cy = signed_const(k, y).filter(|&c| c >= 0);
            match (cx, cy) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            }
        }
        // -x <= -m for x >= m >= 0 (no wrap: -MAX is in range).
        Some(&OpKind::Unary(UnaryOp::Neg, x)) => min_signed(k, guards, x, depth)
            .filter(|&m| m >= 0)
            .map(|m| -m),
        _ => None,
    }
}

/// A known minimum of the unsigned value of `v` (0 if none is known).
fn min_unsigned(k: &Kernel, guards: &[(Value, bool)], v: Value, depth: u32) -> u64 {
    if let Some(c) = const_of(k, v) {
        return c;
    }
    let smin = min_signed(k, guards, v, depth).filter(|&m| m >= 0);
    if let Some(&OpKind::Binary(BinaryOp::Add, x, y)) = def_op(k, v).map(|o| &k.op(o).kind) {
        // x >= m >= 0 and 0 <= c <= MAX: x + c < 2^bits, no unsigned wrap.
        for (x, c) in [(x, y), (y, x)] {
            if let (Some(m), Some(c)) = (
                min_signed(k, guards, x, depth.saturating_sub(1)).filter(|&m| m >= 0),
                signed_const(k, c).filter(|&c| c >= 0),
            ) {
                return (m as u64 + c as u64).max(smin.unwrap_or(0) as u64);
            }
        }
    }
    smin.unwrap_or(0) as u64
}

/// Whether `wide` has the signed value of `narrow`: the same value, an equal constant, or
/// a sign extension of it (a zero extension too when `nonneg`: `narrow` is known >= 0).
fn same_signed(k: &Kernel, wide: Value, narrow: Value, nonneg: bool) -> bool {
    if wide == narrow {
        return true;
    }
    if let (Some(x), Some(y)) = (signed_const(k, wide), signed_const(k, narrow)) {
        return x == y;
    }
    match def_op(k, wide).map(|o| &k.op(o).kind) {
        Some(OpKind::Cast(CastOp::SExt, x)) => *x == narrow,
        Some(OpKind::Cast(CastOp::ZExt, x)) => nonneg && *x == narrow,
        _ => false,
    }
}

/// The value of an integer constant, sign-extended from its type.
fn signed_const(k: &Kernel, v: Value) -> Option<i64> {
    let ty = k.value_type(v);
    if !ty.is_int() {
        return None;
    }
    let bits = const_of(k, v)?;
    let shift = 64 - ty.bits();
    Some(((bits << shift) as i64) >> shift)
}
