//! Clean-ups on a raised kernel (driver of the passes) and dead-code elimination of pure ops.
//!
//! An op is removed when it has no effect on memory or control (a value op, see
//! [`is_pure`]) and none of its results is used anywhere in the kernel; removing it cannot
//! change any load, store or result. Repeated to a fixed point.

use crate::ir::{Kernel, OpId, OpKind, Region};

/// Value ops without memory or control effects (division by zero is the one trap a value
/// op can raise in the interpreters; unused divisions are kept for that reason).
pub fn is_pure(kind: &OpKind) -> bool {
    match kind {
        OpKind::Binary(op, _, _) => !matches!(
            op,
            crate::ir::BinaryOp::UDiv
                | crate::ir::BinaryOp::SDiv
                | crate::ir::BinaryOp::URem
                | crate::ir::BinaryOp::SRem
        ),
        OpKind::Const { .. }
        | OpKind::Unary(..)
        | OpKind::Fma(..)
        | OpKind::ICmp(..)
        | OpKind::FCmp(..)
        | OpKind::Select { .. }
        | OpKind::Cast(..)
        | OpKind::Dim(_)
        | OpKind::LaneId
        | OpKind::RootAddr(_)
        | OpKind::PtrAdd { .. } => true,
        _ => false,
    }
}

/// [`is_pure`], and also integer divisions by a constant that is neither 0 nor -1 (they
/// cannot trap or overflow).
pub fn pure(k: &Kernel, kind: &OpKind) -> bool {
    if let OpKind::Binary(op, _, b) = kind {
        if matches!(
            op,
            crate::ir::BinaryOp::UDiv
                | crate::ir::BinaryOp::SDiv
                | crate::ir::BinaryOp::URem
                | crate::ir::BinaryOp::SRem
        ) {
            let ty = k.value_type(*b);
            return super::util::const_of(k, *b)
                .is_some_and(|c| c & ty.mask() != 0 && c & ty.mask() != ty.mask());
        }
    }
    is_pure(kind)
}

fn count_uses(k: &Kernel, r: &Region, uses: &mut [u32]) {
    for &op in &r.ops {
        let kind = &k.op(op).kind;
        kind.for_each_operand(|v| uses[v.index()] += 1);
        for sub in kind.regions() {
            count_uses(k, sub, uses);
        }
    }
}

/// Remove dead pure ops in reverse program order (uses are seen before definitions, so a
/// dead chain goes in one pass), keeping use counts up to date.
fn sweep(k: &mut Kernel, ops: Vec<OpId>, uses: &mut [u32]) -> Vec<OpId> {
    let mut out = Vec::with_capacity(ops.len());
    for op in ops.into_iter().rev() {
        let dead = pure(k, &k.op(op).kind) && k.op(op).results.iter().all(|r| uses[r.index()] == 0);
        if dead {
            k.op(op).kind.for_each_operand(|v| uses[v.index()] -= 1);
            continue;
        }
        let mut kind = std::mem::replace(&mut k.op_mut(op).kind, OpKind::Yield(Vec::new()));
        for region in kind.regions_mut().into_iter().rev() {
            let inner = std::mem::take(&mut region.ops);
            region.ops = sweep(k, inner, uses);
        }
        k.op_mut(op).kind = kind;
        out.push(op);
    }
    out.reverse();
    out
}

/// Dead-code elimination.
pub fn dce(k: &mut Kernel) {
    let mut uses = vec![0u32; k.values.len()];
    let body = std::mem::take(&mut k.body);
    count_uses(k, &body, &mut uses);
    let ops = sweep(k, body.ops, &mut uses);
    k.body = Region {
        args: body.args,
        ops,
    };
}

type Pass = fn(&mut Kernel);

/// All clean-ups, in order, with the verifier after each one when `verify_each` (a
/// failure names the pass), else once at the end.
pub fn run(k: &mut Kernel, verify_each: bool) -> Result<(), frontend::Diagnostic> {
    // `roots` runs after `while-to-for`, which reads the terminal-tuple layout of emitted
    // loops (the companion values `roots` appends would not fit it).
    let passes: [(&str, Pass); 10] = [
        ("fold", super::fold::fold),
        ("cse", super::cse::cse),
        ("licm", super::licm::licm),
        ("while-to-for", super::loops::while_to_for),
        ("roots", super::roots::recover_roots),
        ("fold", super::fold::fold),
        ("cse", super::cse::cse),
        ("licm", super::licm::licm),
        ("cse", super::cse::cse),
        ("dce", dce),
    ];
    for (name, pass) in passes {
        pass(k);
        if verify_each {
            crate::verify::verify_kernel(k).map_err(|d| d.with_note(format!("after {name}")))?;
        }
    }
    if !verify_each {
        crate::verify::verify_kernel(k).map_err(|d| d.with_note("after clean-up"))?;
    }
    Ok(())
}
