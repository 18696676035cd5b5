//! Float loop-carried values of a `While` with a libm call kept in a stack slot (CPU
//! backend).
//!
//! A per-thread strided loop like softmax's `for (c = t; c < cols; c += blockDim.x) {
//! e = expf(x[c] - m); y[c] = e; sum += e; }` carries `sum` across the call. No `xmm`
//! register survives a call (the SysV ABI has no callee-saved vector registers), so the
//! accumulator is spilled in every trip. Emitted as a plain `scf.while` (a phi), LLVM's
//! register allocator spills the phi at the top of the loop and then, after the add,
//! spills the new value and reloads it into the phi's register, only to spill it again
//! at the top: the accumulator's dependence chain holds two store-to-load forwardings and
//! the add (about 14 cycles per trip), which is longer than the rest of the trip, call
//! included. gcc's code for the same loop (bench/openmp/softmax.c) has one store and one
//! reload. Measured on the loop alone (llc 19, 128 x 8 trips per 1024-float row): 7.4-8.2
//! ms per 2048 rows with the phi, 6.9-7.8 ms with the slot. On `bench_cpu` softmax (8192 x
//! 1024, 2 cores, load average 4-5 from other jobs, so noisy), four alternating pairs of
//! runs gave cpu / OpenMP medians 0.97, 0.99, 0.95, 0.90x with the slot and 1.01, 1.05,
//! 1.07, 0.96x without; `perf` samples in the compiled code fell 16%, in compiled code
//! plus `expf` 4.6%.
//!
//! # What is emitted
//! For a `While` (not unrolled, [`super::unroll`]) whose regions contain, at any depth, an
//! op the backend emits as a call (a libm function or a runtime callback) and no local or
//! shared allocation (those live on the stack the slots' scope restores), each
//! before-region argument of type `f32`/`f64` ([`plan`]) gets a stack slot, allocated in a
//! stack scope (`stacksave`/`stackrestore`) around the loop. The initial value is stored
//! into the slot before the loop, the argument is a volatile load of the slot emitted just
//! before the first top-level op of the before region that uses it (at any depth), or
//! before the `condition` when only that uses it, and the after region stores its yielded
//! value into the slot instead of yielding it. The other carried values stay `scf.while`
//! arguments. The loads and stores are `volatile` so that LLVM keeps them (it would
//! promote a plain slot back into the phi); an unused argument is still loaded once, at
//! the condition.
//!
//! # Why it is legal
//! The slot holds exactly the value the argument would have had in each trip: the init
//! before the first, and the after region's yield (which is the next trip's argument)
//! before every later one. It is written only at those two points and read only in the
//! before region, after the write that gives it the current trip's value, and each
//! execution of the loop has its own slot (allocated right before it, freed right after),
//! so nested or repeated executions (one per thread, per segment copy) never share one.
//! Loads and stores of a float move its bits unchanged (NaN payloads included), so the
//! values are bit-for-bit those of the phi form. Only where the loop is and which values
//! it carries change; no other memory is touched, and a volatile access to a private
//! stack slot has no effect any other code can observe.
//!
//! `RAISE_CPU_SLOTS=0` turns it off (same values; for before/after runs).

use parallel_ir::ir::{BinaryOp, Kernel, OpId, OpKind, Region, Type, UnaryOp, Value};

/// Whether the rewrite is on (`RAISE_CPU_SLOTS=0` turns it off).
fn enabled() -> bool {
    std::env::var_os("RAISE_CPU_SLOTS").is_none_or(|v| v != "0")
}

/// Whether the backend emits `op` as a function call (`Emitter::libm1`, `libm2`,
/// `callback1`).
fn is_call(kind: &OpKind) -> bool {
    match kind {
        OpKind::Unary(op, _) => matches!(
            op,
            UnaryOp::Exp
                | UnaryOp::Exp2
                | UnaryOp::Expm1
                | UnaryOp::Log
                | UnaryOp::Log2
                | UnaryOp::Log10
                | UnaryOp::Log1p
                | UnaryOp::Sin
                | UnaryOp::Cos
                | UnaryOp::Tan
                | UnaryOp::Asin
                | UnaryOp::Acos
                | UnaryOp::Atan
                | UnaryOp::Sinh
                | UnaryOp::Cosh
                | UnaryOp::Tanh
                | UnaryOp::Exp10
                | UnaryOp::Cbrt
                | UnaryOp::Erf
                | UnaryOp::Erfc
                | UnaryOp::Asinh
                | UnaryOp::Acosh
                | UnaryOp::Atanh
        ),
        OpKind::Binary(op, _, _) => {
            matches!(op, BinaryOp::FRem | BinaryOp::Pow | BinaryOp::Atan2)
        }
        _ => false,
    }
}

fn region_has_call(k: &Kernel, r: &Region) -> bool {
    r.ops.iter().any(|&o| {
        let kind = &k.op(o).kind;
        is_call(kind) || kind.regions().into_iter().any(|r| region_has_call(k, r))
    })
}

/// Whether `r` allocates memory at any depth (a local or shared allocation lives on the
/// stack, which the slots' scope restores after the loop).
fn region_allocates(k: &Kernel, r: &Region) -> bool {
    r.ops.iter().any(|&o| {
        let kind = &k.op(o).kind;
        matches!(kind, OpKind::LocalAlloc(_) | OpKind::SharedAlloc(_))
            || kind.regions().into_iter().any(|r| region_allocates(k, r))
    })
}

/// Whether `op` or an op nested in its regions has `v` as an operand.
pub(super) fn uses_deep(k: &Kernel, op: OpId, v: Value) -> bool {
    let kind = &k.op(op).kind;
    let mut found = false;
    kind.for_each_operand(|x| found |= x == v);
    found
        || kind
            .regions()
            .into_iter()
            .any(|r| r.ops.iter().any(|&o| uses_deep(k, o, v)))
}

/// The indices of the before-region arguments of a `While` that go through a slot: the
/// float ones, when a region of the loop contains a call, no region allocates and the
/// rewrite is on.
pub(super) fn plan(k: &Kernel, before: &Region, after: &Region) -> Vec<usize> {
    if !enabled()
        || !(region_has_call(k, before) || region_has_call(k, after))
        || region_allocates(k, before)
        || region_allocates(k, after)
    {
        return Vec::new();
    }
    before
        .args
        .iter()
        .enumerate()
        .filter(|&(_, &a)| matches!(k.value_type(a), Type::F32 | Type::F64))
        .map(|(i, _)| i)
        .collect()
}
