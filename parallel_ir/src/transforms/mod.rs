//! Transforms of the parallel IR.

pub mod distribute;
