//! Affine `If` results under their own condition: [`forward_if_results`] replaces a use
//! of an `If`'s result that is placed inside a later `If` on the *same condition value*
//! by the value the taken branch yields, when that value is an affine form of the block
//! and thread indices (recomputed from the indices at the use).
//!
//! # Why
//! The reverse sweep lifts values it needs out of the forward `If`s (`r = if c { ...;
//! yield sext(row * nx + col) } else { yield 0 }`) and uses them under a mirrored `if c`:
//! the byte offset of `y_bar[row * nx + col]` is then an `If` result, opaque to the exact
//! affine analysis of [`super::accumulate`] although under `c` it is the affine index.
//! [`super::gather`] needs such offsets affine (to recompute them at another thread, and
//! to prove which bytes the threads touch), so it runs this first.
//!
//! # What it rewrites
//! For an `If` `R` with condition `c` and a use of its result `r = R#i` by an op `U`
//! inside the thread `Parallel`, where `U` lies in branch `b` of an enclosing `If` `Q`
//! whose condition is `c` too: when branch `b` of `R` yields `y` as result `i` and
//! [`Analysis::lin`] gives `y` an affine form `L` of the six index variables, ops
//! computing `L` (the indices `sext`ed to the type if it is wider, `mul` by the
//! constants, `add`) are inserted at the start of branch `b` of `Q` and `U` uses their
//! result instead of `r`. Nothing else changes (the `If` `R` stays; dead code goes later).
//!
//! # Why it is legal
//! `c` is one SSA value: in a thread, `R` and `Q` read the same evaluation of it (the use
//! in `U` is dominated by `R`, so it runs in the same instance of every region enclosing
//! both, and `c` dominates both). Inside branch `b` of `Q`, `c == b`, so `R` took branch `b`
//! and `r == y`. [`Analysis::lin`] is exact: `y == L(v)` for every thread of the launch,
//! and `L(v)` fits `y`'s type. The inserted ops are ring operations in that type (the
//! indices are non-negative and below 2^31, so their `sext` is exact), so they compute
//! `L(v) mod 2^w`, which is `L(v)` itself. Hence `U` reads the same value as before in
//! every execution.

use std::collections::HashMap;

use super::accumulate::{Analysis, Lin};
use crate::ir::{BinaryOp, CastOp, Kernel, Level, OpId, OpKind, Region, Type, Value, ValueDef};

/// One use to redirect: op `U`'s operand `from` becomes `L` (of type `ty`), computed at
/// the start of branch `b` of `Q`.
struct Redirect {
    user: OpId,
    from: Value,
    at: (OpId, bool),
    form: Lin,
    ty: Type,
}

/// The kernel with every provable use of an `If` result under its own condition
/// redirected (see the module documentation); `None` when there is none.
pub(super) fn forward_if_results(k: &Kernel, an: &Analysis) -> Option<Kernel> {
    let mut found = Vec::new();
    let mut stack = Vec::new();
    collect(k, an, &k.body, false, &mut stack, &mut found, 0);
    if found.is_empty() {
        return None;
    }
    let mut out = k.clone();
    // Per (Q, branch): the ops to insert, and the value already computed for a form.
    type Inserted = (Vec<OpId>, HashMap<(Lin, Type), Value>);
    let mut inserted: HashMap<(OpId, bool), Inserted> = HashMap::new();
    for r in &found {
        let (ops, memo) = inserted.entry(r.at).or_default();
        let v = match memo.get(&(r.form, r.ty)) {
            Some(&v) => v,
            None => {
                let v = materialise(&mut out, an, r.form, r.ty, ops);
                memo.insert((r.form, r.ty), v);
                v
            }
        };
        out.op_mut(r.user).kind.for_each_operand_mut(|o| {
            if *o == r.from {
                *o = v;
            }
        });
    }
    for ((q, branch), (ops, _)) in inserted {
        if let OpKind::If {
            then_region,
            else_region,
            ..
        } = &mut out.op_mut(q).kind
        {
            let region = if branch { then_region } else { else_region };
            region.ops.splice(0..0, ops);
        }
    }
    Some(out)
}

/// Walk `r` with the enclosing `If`s (`stack`: op, condition, branch) and collect the
/// uses to redirect; `in_threads`: `r` lies inside the thread `Parallel`.
fn collect(
    k: &Kernel,
    an: &Analysis,
    r: &Region,
    in_threads: bool,
    stack: &mut Vec<(OpId, Value, bool)>,
    found: &mut Vec<Redirect>,
    depth: usize,
) {
    if depth > 10_000 {
        return;
    }
    for &op in &r.ops {
        let kind = &k.op(op).kind;
        if in_threads {
            let mut operands = Vec::new();
            kind.for_each_operand(|v| operands.push(v));
            for v in operands {
                if found.iter().any(|f| f.user == op && f.from == v) {
                    continue;
                }
                if let Some((at, form)) = known_form(k, an, v, stack) {
                    found.push(Redirect {
                        user: op,
                        from: v,
                        at,
                        form,
                        ty: k.value_type(v),
                    });
                }
            }
        }
        match kind {
            OpKind::If {
                cond,
                then_region,
                else_region,
            } if in_threads => {
                for (region, branch) in [(then_region, true), (else_region, false)] {
                    stack.push((op, *cond, branch));
                    collect(k, an, region, true, stack, found, depth + 1);
                    stack.pop();
                }
            }
            OpKind::Parallel { level, body } => {
                let inner = in_threads || *level == Level::Block;
                collect(k, an, body, inner, stack, found, depth + 1);
            }
            _ => {
                for sub in kind.regions() {
                    collect(k, an, sub, in_threads, stack, found, depth + 1);
                }
            }
        }
    }
}

/// `v`'s affine form where the enclosing `If`s say which branch defined it, and the `If`
/// (and branch) at whose start to compute it.
fn known_form(
    k: &Kernel,
    an: &Analysis,
    v: Value,
    stack: &[(OpId, Value, bool)],
) -> Option<((OpId, bool), Lin)> {
    let ValueDef::Result(r, i) = k.value_def(v) else {
        return None;
    };
    let OpKind::If {
        cond,
        then_region,
        else_region,
    } = &k.op(r).kind
    else {
        return None;
    };
    if !k.value_type(v).is_int() || an.lin(v, 0).is_some() {
        return None;
    }
    let &(q, _, branch) = stack.iter().rev().find(|(_, c, _)| c == cond)?;
    let region = if branch { then_region } else { else_region };
    let y = match region.ops.last().map(|&o| &k.op(o).kind) {
        Some(OpKind::Yield(vals)) => *vals.get(i as usize)?,
        _ => return None,
    };
    let form = an.lin(y, 0)?;
    let ty = k.value_type(v);
    // The indices are i32; the form is computed in `ty`, at least as wide.
    let vars_ok = (0..6).all(|j| form.c[j] == 0 || k.value_type(an.vars[j]) == Type::I32);
    (matches!(ty, Type::I32 | Type::I64) && vars_ok).then_some(((q, branch), form))
}

/// Ops computing `l` in `ty` from the index variables (i32, `sext`ed when `ty` is
/// wider), appended to `ops`.
fn materialise(k: &mut Kernel, an: &Analysis, l: Lin, ty: Type, ops: &mut Vec<OpId>) -> Value {
    let mut push = |k: &mut Kernel, kind: OpKind| {
        let o = k.create_op(kind, &[ty], None);
        ops.push(o);
        k.ops[o.index()].results[0]
    };
    let konst = |c: i64| OpKind::Const {
        bits: (c as u64) & ty.mask(),
    };
    let mut acc = push(k, konst(l.k));
    for (i, &c) in l.c.iter().enumerate() {
        if c == 0 {
            continue;
        }
        let mut var = an.vars[i];
        if k.value_type(var) != ty {
            var = push(k, OpKind::Cast(CastOp::SExt, var));
        }
        let cv = push(k, konst(c));
        let term = push(k, OpKind::Binary(BinaryOp::Mul, var, cv));
        acc = push(k, OpKind::Binary(BinaryOp::Add, acc, term));
    }
    acc
}
