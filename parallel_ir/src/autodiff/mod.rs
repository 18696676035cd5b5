//! Automatic differentiation of raised kernels, as transformations of the parallel IR
//! (so that every target that runs raised kernels runs the derivative kernels too).
//!
//! * [`forward`]: forward mode ([`jvp_kernel`]): dual numbers, tangent twins of buffers,
//!   shared and local allocations.
//! * [`reverse`]: reverse mode of one launch ([`vjp_kernel`]): recompute, then the
//!   reverse sweep with shadow buffers and mirrored barriers.
//! * [`specialize`]: a kernel fixed to one launch's scalar arguments and dimensions
//!   (dynamic shared memory becomes static), and [`unroll`]: full unrolling of its
//!   loops with known trip counts, which gives reverse mode a linear-time tape of every
//!   loop iteration ([`vjp_kernel_for_launch`], [`jvp_kernel_for_launch`]).
//!
//! * [`accumulate`]: on an adjoint specialised to its launch, atomic adds whose
//!   location no other thread touches become plain load-add-stores
//!   ([`accumulate::plain_accumulation`]; the driver says which parameters share a
//!   buffer).
//! * [`blocklocal`]: of the atomic adds left, those whose conflicts all lie within the
//!   executing block are marked ([`crate::ir::Kernel::block_local_atomics`]), the
//!   interior of a stencil's block split from its edges
//!   ([`blocklocal::block_local_accumulation`]).
//! * [`gather`]: before those, on a one- or two-dimensional launch, a stencil adjoint's
//!   scatter-form adds (`x_bar[E(S) + k_m] += v_m(S)` for thread `S` at element `E(S) =
//!   P Y + X`) become gather form (the owner `O` of an element adds `sum v_m(O - d)`
//!   over the shifts `d` that reach it, one writer per element, vectorisable on the CPU)
//!   where proven legal, with an epilogue kernel for the stores it moves
//!   ([`gather::gather_accumulation`]; reassociates float sums, used by the CPU
//!   derivative programs). It first gives uses of `If` results under their own
//!   condition the taken branch's affine value (`ifresults`).
//! * [`deadstores`]: an adjoint's stores to buffers it never reads and whose final
//!   contents the caller discards (the forward body's output, which the CPU reverse
//!   schedule restores) are removed, with the forward code that only fed them
//!   ([`deadstores::drop_unread_stores`]).
//! * [`deadmemory`]: an adjoint's writes to memory nothing it keeps reads (shared and
//!   per-thread allocations, and buffers the caller discards), found to a fixed point
//!   with the code that only fed them, then the barriers left with nothing to order (a
//!   linear kernel's re-executed forward body: scan_block's shared-memory scan, saxpy's
//!   `y = a x + y`) ([`deadmemory::drop_dead_memory`]).
//!
//! Program-level composition (launch sequences, which buffers are inputs and outputs)
//! lives in the driver (`raise/src/grad.rs`).

pub mod accumulate;
pub mod blocklocal;
pub mod counts;
pub mod deadmemory;
pub mod deadstores;
pub mod forward;
pub mod gather;
mod ifresults;
pub mod intfacts;
pub mod reverse;
pub mod rows;
pub mod specialize;
pub mod unroll;

pub use forward::{jvp_kernel, tangent_params};
pub use reverse::vjp_kernel;
pub use specialize::specialize;

use frontend::interp::LaunchConfig;
use frontend::Diagnostic;

use crate::ir::Kernel;

/// The adjoint kernel of one launch of `kernel` (same parameter convention as
/// [`vjp_kernel`]): [`specialize`]d to the launch (`scalars`: each parameter's bits
/// when it is a scalar, `None` otherwise), its active loops with known trip counts
/// unrolled ([`unroll::unroll_bounded_loops`]), then [`vjp_kernel`]. Valid only for
/// launches with this configuration and these scalar arguments.
pub fn vjp_kernel_for_launch(
    kernel: &Kernel,
    config: &LaunchConfig,
    scalars: &[Option<u64>],
) -> Result<Kernel, Diagnostic> {
    let k = specialize(kernel, config, scalars)?;
    let want = |k: &Kernel, op| !reverse::inactive_loop(k, op);
    let mut adj = match unroll::unroll_bounded_loops(&k, config, &want)? {
        Some(u) => vjp_kernel(&u)?,
        None => vjp_kernel(&k)?,
    };
    if counts::closed_form_counts(&mut adj, config.grid, config.block) > 0 {
        crate::verify::verify_kernel(&adj)?;
    }
    Ok(adj)
}

/// The tangent kernel of one launch of `kernel` (same parameter convention as
/// [`jvp_kernel`]), [`specialize`]d to the launch first (so that dynamic shared memory
/// can have a twin). Valid only for launches with this configuration and arguments.
pub fn jvp_kernel_for_launch(
    kernel: &Kernel,
    config: &LaunchConfig,
    scalars: &[Option<u64>],
) -> Result<Kernel, Diagnostic> {
    jvp_kernel(&specialize(kernel, config, scalars)?)
}

/// Helpers of the autodiff unit tests: running a kernel on f64 buffers, counting ops.
#[cfg(test)]
pub(crate) mod test_util {
    use frontend::interp::{LaunchConfig, Memory};
    use frontend::ir::{Flavor, Module};

    use crate::ir::{Kernel, OpKind, Region};

    /// Run `k` (one block of `threads` threads) with f64 buffers bound to its pointer
    /// parameters in order and `scalar` for the others; gives the final buffers.
    pub fn run_f64(k: &Kernel, threads: u32, bufs: &[Vec<f64>], scalar: u64) -> Vec<Vec<f64>> {
        let module = Module::new("autodiff-test.ll", Flavor::ClangCuda);
        let mut mem = Memory::new(&module);
        let bases: Vec<u64> = bufs
            .iter()
            .enumerate()
            .map(|(i, b)| {
                let bytes: Vec<u8> = b.iter().flat_map(|x| x.to_le_bytes()).collect();
                mem.add_buffer(&format!("b{i}"), bytes)
            })
            .collect();
        let mut next = bases.iter();
        let params: Vec<u64> = k
            .params
            .iter()
            .map(|&p| {
                if k.value_type(p).is_ptr() {
                    *next.next().unwrap()
                } else {
                    scalar
                }
            })
            .collect();
        let config = LaunchConfig {
            grid: [1, 1, 1],
            block: [threads, 1, 1],
            dynamic_shared_bytes: 0,
        };
        crate::interp::launch(&module, k, &config, &params, &mut mem).unwrap();
        bases
            .iter()
            .map(|&b| {
                mem.buffer(b)
                    .unwrap()
                    .chunks_exact(8)
                    .map(|c| f64::from_le_bytes(c.try_into().unwrap()))
                    .collect()
            })
            .collect()
    }

    /// The ops reachable from the kernel's body that satisfy `f`.
    pub fn count(k: &Kernel, f: &dyn Fn(&OpKind) -> bool) -> usize {
        fn walk(k: &Kernel, r: &Region, f: &dyn Fn(&OpKind) -> bool) -> usize {
            r.ops
                .iter()
                .map(|&o| {
                    let kind = &k.op(o).kind;
                    usize::from(f(kind))
                        + kind.regions().iter().map(|s| walk(k, s, f)).sum::<usize>()
                })
                .sum()
        }
        walk(k, &k.body, f)
    }
}
