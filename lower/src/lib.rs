//! Lowering of the structured parallel IR: StableHLO text for XLA ([`stablehlo`]).
pub mod stablehlo;
