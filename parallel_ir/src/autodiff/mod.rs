//! Automatic differentiation of raised kernels, as transformations of the parallel IR
//! (so that every target that runs raised kernels runs the derivative kernels too).
//!
//! * [`forward`]: forward mode ([`jvp_kernel`]): dual numbers, tangent twins of buffers,
//!   shared and local allocations.
//! * [`reverse`]: reverse mode of one launch ([`vjp_kernel`]): recompute, then the
//!   reverse sweep with shadow buffers and mirrored barriers.
//!
//! Program-level composition (launch sequences, which buffers are inputs and outputs)
//! lives in the driver (`raise/src/grad.rs`).

pub mod forward;
pub mod reverse;

pub use forward::{jvp_kernel, tangent_params};
pub use reverse::vjp_kernel;
