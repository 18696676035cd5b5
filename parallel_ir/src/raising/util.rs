//! Small helpers shared by the raising clean-up passes: use replacement and scope queries.

use std::collections::HashMap;

use crate::ir::{Kernel, OpId, OpKind, Region, Value, ValueDef};

/// Replace every use of a key of `map` by its value, in every op of the kernel; a value
/// mapped to a key is followed to the end of the chain (a fold of 100 nested `if`s on
/// constant conditions maps each result to the previous one, all removed), whatever its
/// length (a cycle, which no pass creates, ends at the value that closes it).
pub fn replace_uses(k: &mut Kernel, map: &HashMap<Value, Value>) {
    if map.is_empty() {
        return;
    }
    // Each key's final value, chains compressed once (linear in the map).
    let mut fin: HashMap<Value, Value> = HashMap::with_capacity(map.len());
    for &start in map.keys() {
        let mut path = Vec::new();
        let mut on_path = std::collections::HashSet::new();
        let mut v = start;
        let end = loop {
            if let Some(&f) = fin.get(&v) {
                break f;
            }
            match map.get(&v) {
                Some(&x) if on_path.insert(v) => {
                    path.push(v);
                    v = x;
                }
                _ => break v,
            }
        };
        for p in path {
            fin.insert(p, end);
        }
    }
    for op in k.ops.iter_mut() {
        op.kind.for_each_operand_mut(|v| {
            if let Some(&f) = fin.get(v) {
                *v = f;
            }
        });
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
