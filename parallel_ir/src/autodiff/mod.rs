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
//!
//! Program-level composition (launch sequences, which buffers are inputs and outputs)
//! lives in the driver (`raise/src/grad.rs`).

pub mod accumulate;
pub mod forward;
pub mod reverse;
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
    match unroll::unroll_bounded_loops(&k, config, &want)? {
        Some(u) => vjp_kernel(&u),
        None => vjp_kernel(&k),
    }
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
