//! Common-subexpression elimination of pure ops, scoped by region nesting: an op equal
//! (same kind, operands and result types) to one already defined in an enclosing scope is
//! replaced by it. Legal because pure ops give the same result for the same operands and
//! the earlier definition is visible (it dominates) wherever the later one was.

use std::collections::HashMap;

use crate::ir::{Kernel, OpId, OpKind, Region, Value};

use super::cleanup::pure;

pub fn cse(k: &mut Kernel) {
    let mut table: HashMap<String, Value> = HashMap::new();
    let mut repl: HashMap<Value, Value> = HashMap::new();
    let body = std::mem::take(&mut k.body);
    let ops = cse_list(k, body.ops, &mut table, &mut repl);
    k.body = Region {
        args: body.args,
        ops,
    };
}

fn cse_list(
    k: &mut Kernel,
    ops: Vec<OpId>,
    table: &mut HashMap<String, Value>,
    repl: &mut HashMap<Value, Value>,
) -> Vec<OpId> {
    let mut added: Vec<String> = Vec::new();
    let mut out = Vec::with_capacity(ops.len());
    for op in ops {
        k.op_mut(op).kind.for_each_operand_mut(|v| {
            if let Some(&x) = repl.get(v) {
                *v = x
            }
        });
        let kind = &k.op(op).kind;
        if pure(k, kind) && k.op(op).results.len() == 1 && !matches!(kind, OpKind::LaneId) {
            let r = k.op(op).results[0];
            let key = format!("{:?}|{}", kind, k.value_type(r));
            if let Some(&prev) = table.get(&key) {
                repl.insert(r, prev);
                continue;
            }
            table.insert(key.clone(), r);
            added.push(key);
        }
        let lists = super::util::take_regions(k, op);
        let lists = lists
            .into_iter()
            .map(|l| cse_list(k, l, table, repl))
            .collect();
        super::util::put_regions(k, op, lists);
        out.push(op);
    }
    for key in added {
        table.remove(&key);
    }
    out
}
