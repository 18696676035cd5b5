//! Specialisation of a raised kernel to one launch: [`specialize`].
//!
//! The derivative of a launch only has to be correct for that launch, so before
//! differentiating, the driver may fix what the launch fixes:
//! * scalar (non-pointer) parameters whose value is known become constants (the
//!   parameter stays in the signature, unused, so the calling convention is unchanged);
//! * launch dimensions (`blockDim`, `gridDim`, the dynamic shared size) become constants;
//! * the `extern __shared__` allocations, which all start at the same address of one
//!   launch-sized block of shared memory, become one static allocation of the launch's
//!   dynamic shared size (every root that named one of them names it), so that a shadow
//!   twin of it aliases exactly as the primal allocations alias each other;
//! * `bitcast(shuffle(bitcast(x : f32) : i32))` (PTX shuffles `.b32` registers) becomes
//!   a shuffle of the float `x` when the integer shuffle has no other use (a shuffle
//!   moves the 32 bits unchanged whatever their type), so that it gets an adjoint;
//! * the raising clean-ups (constant folding, CSE, LICM, while-to-for, DCE) run again,
//!   so loop bounds that depend on parameters and dimensions become constants.
//!
//! Legal for launches with exactly these scalar values and dimensions: every replaced
//! value equals the constant in such a launch, and the merged dynamic allocations share
//! their storage in the source kernel too.

use std::collections::HashMap;

use frontend::interp::LaunchConfig;
use frontend::Diagnostic;

use crate::ir::{Addr, CastOp, Dim, Kernel, MemRoot, OpKind, Region, SharedId, Value, ValueDef};

/// The kernel specialised to a launch with `config` and, for each parameter, its bits
/// when it is a scalar with a known value (`None` for pointers and unknowns).
pub fn specialize(
    kernel: &Kernel,
    config: &LaunchConfig,
    scalars: &[Option<u64>],
) -> Result<Kernel, Diagnostic> {
    let mut k = kernel.clone();
    for op in k.ops.iter_mut() {
        if let OpKind::Dim(d) = op.kind {
            let bits = match d {
                Dim::BlockDim(i) => u64::from(config.block[usize::from(i.min(2))]),
                Dim::GridDim(i) => u64::from(config.grid[usize::from(i.min(2))]),
                Dim::DynamicSharedBytes => config.dynamic_shared_bytes,
            };
            op.kind = OpKind::Const { bits };
        }
    }
    let mut repl = HashMap::new();
    let mut consts = Vec::new();
    for (i, &p) in kernel.params.iter().enumerate() {
        let ty = kernel.value_type(p);
        if ty.is_ptr() {
            continue;
        }
        if let Some(Some(bits)) = scalars.get(i) {
            let id = k.create_op(
                OpKind::Const {
                    bits: bits & ty.mask(),
                },
                &[ty],
                None,
            );
            consts.push(id);
            if let Some(c) = k.result(id) {
                repl.insert(p, c);
            }
        }
    }
    crate::raising::util::replace_uses(&mut k, &repl);
    consts.extend(std::mem::take(&mut k.body.ops));
    k.body.ops = consts;
    float_shuffles(&mut k);
    // Dynamic shared allocations: one static allocation of the launch's size.
    let dynamic: Vec<SharedId> = (0..k.shared.len() as u32)
        .map(SharedId)
        .filter(|s| k.shared[s.index()].dynamic)
        .collect();
    if let Some(&first) = dynamic.first() {
        for &s in &dynamic {
            let a = &mut k.shared[s.index()];
            a.dynamic = false;
            a.bytes = config.dynamic_shared_bytes;
        }
        let merge = |r: &mut MemRoot| {
            if let MemRoot::Shared(s) = r {
                if dynamic.contains(s) {
                    *s = first;
                }
            }
        };
        for op in k.ops.iter_mut() {
            match &mut op.kind {
                OpKind::Load { addr: a }
                | OpKind::Store { addr: a, .. }
                | OpKind::Atomic { addr: a, .. }
                | OpKind::AtomicCas { addr: a, .. }
                | OpKind::Memset { dst: a, .. } => {
                    if let Addr::Root { root, .. } = a {
                        merge(root)
                    }
                }
                OpKind::Memcpy { dst, src, .. } => {
                    for a in [dst, src] {
                        if let Addr::Root { root, .. } = a {
                            merge(root)
                        }
                    }
                }
                OpKind::RootAddr(root) => merge(root),
                _ => {}
            }
        }
        let others: Vec<SharedId> = dynamic[1..].to_vec();
        let mut body = std::mem::take(&mut k.body);
        drop_allocs(&mut k, &mut body, &others);
        k.body = body;
    }
    crate::raising::cleanup::run(&mut k, false)?;
    Ok(k)
}

/// Remove the `SharedAlloc` ops of `ids` from `region` and its nested regions.
fn drop_allocs(k: &mut Kernel, region: &mut Region, ids: &[SharedId]) {
    region
        .ops
        .retain(|&o| !matches!(k.op(o).kind, OpKind::SharedAlloc(s) if ids.contains(&s)));
    for &o in &region.ops.clone() {
        let mut kind = std::mem::replace(&mut k.op_mut(o).kind, OpKind::Yield(Vec::new()));
        for r in kind.regions_mut() {
            drop_allocs(k, r, ids);
        }
        k.op_mut(o).kind = kind;
    }
}

/// Float shuffles moved through integer registers become float shuffles.
fn float_shuffles(k: &mut Kernel) {
    let mut count: HashMap<Value, usize> = HashMap::new();
    for op in &k.ops {
        op.kind
            .for_each_operand(|v| *count.entry(v).or_default() += 1);
    }
    let def = |k: &Kernel, v: Value| match k.value_def(v) {
        ValueDef::Result(op, 0) => Some(op),
        _ => None,
    };
    let mut repl = HashMap::new();
    for i in 0..k.ops.len() {
        let OpKind::Cast(CastOp::Bitcast, s) = k.ops[i].kind else {
            continue;
        };
        let Some(&r) = k.ops[i].results.first() else {
            continue;
        };
        let fty = k.value_type(r);
        if !fty.is_float() || count.get(&s) != Some(&1) {
            continue;
        }
        let Some(sh) = def(k, s) else { continue };
        let OpKind::Shuffle { value, .. } = k.op(sh).kind else {
            continue;
        };
        let Some(inner) = def(k, value) else { continue };
        let OpKind::Cast(CastOp::Bitcast, x) = k.op(inner).kind else {
            continue;
        };
        if k.value_type(x) != fty {
            continue;
        }
        if let OpKind::Shuffle { value, .. } = &mut k.op_mut(sh).kind {
            *value = x;
        }
        k.values[s.index()].ty = fty;
        repl.insert(r, s);
    }
    crate::raising::util::replace_uses(k, &repl);
}
