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
//! run while `iv < bound`. (This assumes `lower + step` does not overflow, as source-level
//! signed loops guarantee.) Its exit values must be values the continuing path carries,
//! which become the `For`'s results. A unit-step test `next != bound` (as clang writes
//! counted loops behind a guard `lower < bound`) is treated as `next < bound`; the two
//! differ only when the counter starts at or above the bound, where the original would
//! wrap around the integer range.

use std::collections::{HashMap, HashSet};

use crate::ir::{BinaryOp, IntPredicate, Kernel, OpId, OpKind, Region, Value, ValueDef};

use super::cleanup::pure;
use super::util::{const_of, def_op, defined_in};

/// Convert every eligible `While` of the kernel.
pub fn while_to_for(k: &mut Kernel) {
    let body = std::mem::take(&mut k.body);
    let mut pending = HashMap::new();
    let ops = rewrite_list(k, body.ops, &mut pending);
    k.body = Region {
        args: body.args,
        ops,
    };
}

/// Rewrites in program order; `pending` maps the old results of converted loops to their
/// replacements and is applied to each op's operands when the op is reached (all uses of a
/// value come after its definition), which keeps the pass linear.
fn rewrite_list(k: &mut Kernel, ops: Vec<OpId>, pending: &mut HashMap<Value, Value>) -> Vec<OpId> {
    let mut out = Vec::with_capacity(ops.len());
    for op in ops {
        if !pending.is_empty() {
            k.op_mut(op).kind.for_each_operand_mut(|v| {
                if let Some(&x) = pending.get(v) {
                    *v = x
                }
            });
        }
        let lists = super::util::take_regions(k, op);
        let lists = lists
            .into_iter()
            .map(|l| rewrite_list(k, l, pending))
            .collect();
        super::util::put_regions(k, op, lists);
        if matches!(k.op(op).kind, OpKind::While { .. }) {
            let converted = match try_for(k, op, pending) {
                Some(x) => Some(x),
                None => try_for_rotated(k, op, pending),
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
    let mut body_args = vec![iv];
    let mut new_inits = Vec::new();
    for (j, &a) in args.iter().enumerate() {
        if j != i {
            body_args.push(a);
            new_inits.push(inits[j]);
        }
    }
    for (pos, &a) in body_args.iter().enumerate() {
        k.values[a.index()].def = ValueDef::RegionArg {
            op: w,
            region: 0,
            index: pos as u32,
        };
    }
    let mut body_ops: Vec<OpId> = p_ops.to_vec();
    body_ops.extend_from_slice(tbody);
    let yields: Vec<Value> = (0..args.len())
        .filter(|&j| j != i)
        .map(|j| tv[1 + j])
        .collect();
    let y = k.create_op(OpKind::Yield(yields), &[], None);
    body_ops.push(y);
    k.op_mut(w).results.clear();
    let mut carried_map: HashMap<Value, Value> = HashMap::new();
    for (j, &a) in args.iter().enumerate() {
        if j != i {
            let t = k.value_type(a);
            let r = k.add_result(w, t);
            carried_map.insert(a, r);
        }
    }
    k.op_mut(w).kind = OpKind::For {
        lower: inits[i],
        upper: bound,
        step,
        inits: new_inits,
        body: Region {
            args: body_args,
            ops: body_ops,
        },
    };
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
    let lower = inits[i];
    let step_op = k.create_op(OpKind::Const { bits: step_bits }, &[ty], None);
    let step = k.result(step_op)?;
    let first_op = k.create_op(OpKind::Binary(BinaryOp::Add, lower, step), &[ty], None);
    let first = k.result(first_op)?;
    let upper_op = k.create_op(OpKind::Binary(BinaryOp::SMax, bound, first), &[ty], None);
    let upper = k.result(upper_op)?;
    let mut body_args = vec![iv];
    let mut new_inits = Vec::new();
    for (j, &a) in args.iter().enumerate() {
        if j != i {
            body_args.push(a);
            new_inits.push(inits[j]);
        }
    }
    for (pos, &a) in body_args.iter().enumerate() {
        k.values[a.index()].def = ValueDef::RegionArg {
            op: w,
            region: 0,
            index: pos as u32,
        };
    }
    let mut body_ops: Vec<OpId> = p_ops.to_vec();
    body_ops.extend_from_slice(tbody);
    let yields: Vec<Value> = (0..args.len())
        .filter(|&j| j != i)
        .map(|j| tv[1 + j])
        .collect();
    let y = k.create_op(OpKind::Yield(yields), &[], None);
    body_ops.push(y);
    k.op_mut(w).results.clear();
    let mut out_map: HashMap<Value, Value> = HashMap::new();
    for (j, &a) in args.iter().enumerate() {
        if j != i {
            let t = k.value_type(a);
            let r = k.add_result(w, t);
            out_map.insert(tv[1 + j], r);
        }
    }
    k.op_mut(w).kind = OpKind::For {
        lower,
        upper,
        step,
        inits: new_inits,
        body: Region {
            args: body_args,
            ops: body_ops,
        },
    };
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
