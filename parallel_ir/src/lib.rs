//! The structured parallel IR (see [`ir`]): raising target, analyses and transforms.

pub mod ir;
pub mod transforms;
