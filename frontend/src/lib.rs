//! `frontend`: the kernel IR of `raise` and the ways into it.
//!
//! * [`ir`] — the kernel IR: an SSA control-flow graph with block parameters, typed values,
//!   address spaces, and GPU operations (thread/block ids, barriers, atomics, shuffles, math)
//!   as first-class ops. It has a printer ([`ir::printer`]) and a verifier ([`ir::verifier`]).
//! * [`diag`] — diagnostics with a name, a message and a location.
//!
//! The `.ll` frontend (`ll`), the `.ptx` frontend (`ptx`) and the exact-CUDA-semantics
//! interpreter (`interp`) all produce or consume this IR and nothing else.

pub mod diag;
pub mod ir;

pub use diag::{Diagnostic, Location};
