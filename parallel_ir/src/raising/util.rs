//! Small helpers shared by the raising clean-up passes: use replacement and scope queries.

use std::collections::HashMap;

use crate::ir::{Kernel, OpId, OpKind, Region, Value, ValueDef};

/// Replace every use of a key of `map` by its value, in every op of the kernel.
pub fn replace_uses(k: &mut Kernel, map: &HashMap<Value, Value>) {
    if map.is_empty() {
        return;
    }
    let resolve = |mut v: Value| {
        let mut n = 0;
        while let Some(&x) = map.get(&v) {
            v = x;
            n += 1;
            if n > 64 {
                break;
            }
        }
        v
    };
    for op in k.ops.iter_mut() {
        op.kind.for_each_operand_mut(|v| *v = resolve(*v));
    }
}

/// Every value defined inside `r` (region arguments, results of its ops and of nested ops).
pub fn defined_in(k: &Kernel, r: &Region, out: &mut std::collections::HashSet<Value>) {
    out.extend(r.args.iter().copied());
    for &op in &r.ops {
        out.extend(k.op(op).results.iter().copied());
        for sub in k.op(op).kind.regions() {
            defined_in(k, sub, out);
        }
    }
}

/// The constant bits of `v` if an op `Const` defines it.
pub fn const_of(k: &Kernel, v: Value) -> Option<u64> {
    match k.value_def(v) {
        ValueDef::Result(op, 0) => match k.op(op).kind {
            OpKind::Const { bits } => Some(bits),
            _ => None,
        },
        _ => None,
    }
}

/// The op defining `v`, if a result.
pub fn def_op(k: &Kernel, v: Value) -> Option<OpId> {
    match k.value_def(v) {
        ValueDef::Result(op, _) => Some(op),
        _ => None,
    }
}

/// Take a region's op list out of an op (for rebuilding), leaving it empty.
pub fn take_regions(k: &mut Kernel, op: OpId) -> Vec<Vec<OpId>> {
    k.op_mut(op)
        .kind
        .regions_mut()
        .into_iter()
        .map(|r| std::mem::take(&mut r.ops))
        .collect()
}

/// Put back region op lists taken by [`take_regions`].
pub fn put_regions(k: &mut Kernel, op: OpId, lists: Vec<Vec<OpId>>) {
    for (r, l) in k.op_mut(op).kind.regions_mut().into_iter().zip(lists) {
        r.ops = l;
    }
}
