//! Loop-invariant code motion and uniform hoisting: a pure op at the top level of the body
//! of a `For`, of a `While`'s `before` region, or of a `Parallel`, whose operands are all
//! defined outside that op, moves just before it. Legal because pure ops have no effects
//! and do not trap (divisions are not pure here), so computing one once, earlier, gives
//! the same value everywhere it was used. Ops that depend on the executing thread or block
//! without operands (`LaneId`, `RootAddr` of shared/local memory) never move.

use std::collections::HashSet;

use crate::ir::{Kernel, OpId, OpKind, Region, Value};

use super::cleanup::pure;

pub fn licm(k: &mut Kernel) {
    let body = std::mem::take(&mut k.body);
    let ops = licm_list(k, body.ops);
    k.body = Region {
        args: body.args,
        ops,
    };
}

fn movable(k: &Kernel, kind: &OpKind) -> bool {
    pure(k, kind) && !matches!(kind, OpKind::LaneId | OpKind::RootAddr(_))
}

fn licm_list(k: &mut Kernel, ops: Vec<OpId>) -> Vec<OpId> {
    let mut out = Vec::with_capacity(ops.len());
    for op in ops {
        let mut lists = super::util::take_regions(k, op);
        lists = lists.into_iter().map(|l| licm_list(k, l)).collect();
        // Which region to hoist from.
        let from = match k.op(op).kind {
            OpKind::For { .. } | OpKind::Parallel { .. } | OpKind::While { .. } => Some(0),
            _ => None,
        };
        if let Some(ri) = from {
            let args: Vec<Value> = k.op(op).kind.regions()[ri].args.clone();
            let mut inside: HashSet<Value> = args.into_iter().collect();
            let mut keep = Vec::new();
            for &o in &lists[ri] {
                let kind = &k.op(o).kind;
                let dep = kind.operands().iter().any(|v| inside.contains(v));
                if movable(k, kind) && !dep {
                    out.push(o);
                } else {
                    let mut all = HashSet::new();
                    super::util::defined_in(
                        k,
                        &Region {
                            args: vec![],
                            ops: vec![o],
                        },
                        &mut all,
                    );
                    inside.extend(all);
                    keep.push(o);
                }
            }
            lists[ri] = keep;
        }
        super::util::put_regions(k, op, lists);
        out.push(op);
    }
    out
}
