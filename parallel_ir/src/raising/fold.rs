//! Constant folding: integer `icmp` and simple integer arithmetic on constants, `select`
//! on a constant condition, `if` on a constant condition (its taken region's ops are
//! spliced into the parent and its results become the taken `yield`'s values), and a
//! `bitcast` back to the type a `bitcast` came from (PTX moves floats through `.b32`
//! registers, e.g. the return value of a device function) becomes the original value.
//!
//! Legal because the folded ops are pure and the arithmetic is evaluated exactly as the
//! interpreters do (wrapping at the type's width, signed predicates on sign-extended bits);
//! an `if` on a constant runs exactly its taken region; a bitcast keeps every bit, so two
//! that return to the original type are the identity.

use std::collections::HashMap;

use crate::ir::{BinaryOp, CastOp, IntPredicate, Kernel, OpId, OpKind, Region, Type, Value};

use super::util::{const_of, replace_uses};

fn sext(bits: u64, ty: Type) -> i64 {
    let w = ty.bits();
    if w >= 64 {
        bits as i64
    } else {
        ((bits << (64 - w)) as i64) >> (64 - w)
    }
}

fn fold_icmp(p: IntPredicate, a: u64, b: u64, ty: Type) -> bool {
    let (ua, ub) = (a & ty.mask(), b & ty.mask());
    let (sa, sb) = (sext(ua, ty), sext(ub, ty));
    match p {
        IntPredicate::Eq => ua == ub,
        IntPredicate::Ne => ua != ub,
        IntPredicate::Slt => sa < sb,
        IntPredicate::Sle => sa <= sb,
        IntPredicate::Sgt => sa > sb,
        IntPredicate::Sge => sa >= sb,
        IntPredicate::Ult => ua < ub,
        IntPredicate::Ule => ua <= ub,
        IntPredicate::Ugt => ua > ub,
        IntPredicate::Uge => ua >= ub,
    }
}

fn fold_binary(op: BinaryOp, a: u64, b: u64, ty: Type) -> Option<u64> {
    let r = match op {
        BinaryOp::Add => a.wrapping_add(b),
        BinaryOp::Sub => a.wrapping_sub(b),
        BinaryOp::Mul => a.wrapping_mul(b),
        BinaryOp::And => a & b,
        BinaryOp::Or => a | b,
        BinaryOp::Xor => a ^ b,
        _ => return None,
    };
    Some(r & ty.mask())
}

/// Fold to a fixed point (bounded).
pub fn fold(k: &mut Kernel) {
    for _ in 0..4 {
        let mut repl = HashMap::new();
        let body = std::mem::take(&mut k.body);
        let ops = fold_list(k, body.ops, &mut repl);
        k.body = Region {
            args: body.args,
            ops,
        };
        if repl.is_empty() {
            break;
        }
        replace_uses(k, &repl);
    }
}

fn fold_list(k: &mut Kernel, ops: Vec<OpId>, repl: &mut HashMap<Value, Value>) -> Vec<OpId> {
    let mut out = Vec::with_capacity(ops.len());
    for op in ops {
        let lists = super::util::take_regions(k, op);
        let lists = lists.into_iter().map(|l| fold_list(k, l, repl)).collect();
        super::util::put_regions(k, op, lists);
        let res = k.op(op).results.first().copied();
        match k.op(op).kind.clone() {
            OpKind::ICmp(p, a, b) if k.value_type(a).is_int() => {
                if let (Some(x), Some(y)) = (const_of(k, a), const_of(k, b)) {
                    let v = fold_icmp(p, x, y, k.value_type(a));
                    k.op_mut(op).kind = OpKind::Const { bits: v as u64 };
                }
                out.push(op);
            }
            OpKind::Binary(bop, a, b) if k.value_type(a).is_int() => {
                if let (Some(x), Some(y)) = (const_of(k, a), const_of(k, b)) {
                    if let Some(v) = fold_binary(bop, x, y, k.value_type(a)) {
                        k.op_mut(op).kind = OpKind::Const { bits: v };
                    }
                }
                out.push(op);
            }
            OpKind::Cast(CastOp::Bitcast, y) => {
                if let (Some(inner), Some(r)) = (super::util::def_op(k, y), res) {
                    if let OpKind::Cast(CastOp::Bitcast, x) = k.op(inner).kind {
                        if k.value_type(x) == k.value_type(r) {
                            repl.insert(r, x);
                        }
                    }
                }
                out.push(op);
            }
            OpKind::Select {
                cond,
                if_true,
                if_false,
            } => {
                if let (Some(c), Some(r)) = (const_of(k, cond), res) {
                    repl.insert(r, if c & 1 == 1 { if_true } else { if_false });
                }
                out.push(op);
            }
            OpKind::If {
                cond,
                then_region,
                else_region,
            } => match const_of(k, cond) {
                Some(c) => {
                    let taken = if c & 1 == 1 { then_region } else { else_region };
                    let Some((&last, body)) = taken.ops.split_last() else {
                        out.push(op);
                        continue;
                    };
                    let OpKind::Yield(vals) = k.op(last).kind.clone() else {
                        out.push(op);
                        continue;
                    };
                    for (&r, &v) in k.op(op).results.clone().iter().zip(&vals) {
                        repl.insert(r, v);
                    }
                    out.extend_from_slice(body);
                }
                None => out.push(op),
            },
            _ => out.push(op),
        }
    }
    out
}
