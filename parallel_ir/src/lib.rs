//! The structured parallel IR (see [`ir`]): raising target, analyses and transforms.

/// Transformations of the parallel IR (barrier elimination, ...).
pub mod transforms;

pub mod builder;
pub mod effects;
pub mod interp;
pub mod ir;
pub mod print;
pub mod raising;
pub mod verify;

pub use raising::{raise_kernel, raise_module};
