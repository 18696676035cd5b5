//! Lowering of the structured parallel IR: to MLIR and native CPU code ([`cpu`]).

pub mod cpu;
