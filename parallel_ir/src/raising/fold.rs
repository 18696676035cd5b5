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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builder::Builder;
    use crate::ir::MemRoot;
    use frontend::ir::AddrSpace;

    /// A chain of 100 `if`s on constant conditions, each passing on the previous one's
    /// result (what unrolling a guarded loop of 100 trips leaves when the guard is false
    /// from the first trip on: the adjoint of a tiled mat-vec whose tile is wider than the
    /// vector): the fold removes every `if`, and every use, however deep in the chain,
    /// gets the value at its start. (`replace_uses` followed chains only 64 deep, leaving
    /// a use of a removed `if`'s result: `invalid-parallel-ir`.)
    #[test]
    fn long_chains_of_folded_ifs_resolve_to_their_start() {
        let mut b = Builder::new("chain");
        let _x = b.param(Type::Ptr(AddrSpace::Global), "x");
        b.grid(|b, _| {
            b.block(|b, _| {
                let init = b.f32(1.5);
                let mut v = init;
                for i in 0..100 {
                    let c = b.i32(i);
                    let lim = b.i32(-1);
                    let cond = b.icmp(IntPredicate::Slt, c, lim);
                    let prev = v;
                    v = b.if_(cond, &[Type::F32], |b| vec![b.f32(2.0)], |_| vec![prev])[0];
                }
                let z = b.i64(0);
                b.store(MemRoot::Param(0), z, v);
            });
        });
        let mut k = b.finish();
        fold(&mut k);
        crate::verify::verify_kernel(&k).expect("valid after folding");
        let stored = k
            .ops
            .iter()
            .find_map(|o| match o.kind {
                OpKind::Store { value, .. } => Some(value),
                _ => None,
            })
            .expect("the store");
        assert_eq!(const_of(&k, stored), Some(u64::from(1.5f32.to_bits())));
        fn ifs(k: &Kernel, r: &Region) -> usize {
            r.ops
                .iter()
                .map(|&o| {
                    let kind = &k.op(o).kind;
                    usize::from(matches!(kind, OpKind::If { .. }))
                        + kind.regions().iter().map(|s| ifs(k, s)).sum::<usize>()
                })
                .sum()
        }
        assert_eq!(ifs(&k, &k.body), 0);
    }
}
