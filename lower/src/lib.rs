//! Lowering of the structured parallel IR: to MLIR and native CPU code ([`cpu`]), and to
//! StableHLO text for XLA ([`stablehlo`]).

pub mod cpu;
pub mod stablehlo;
