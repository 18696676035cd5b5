//! Transformations of the parallel IR; each file's doc comment says what it rewrites and
//! why that is legal.

pub mod barrier_elim;
pub mod distribute;
pub mod remat;
