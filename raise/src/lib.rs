//! `raise` as a library: the driver behind the `raise` command (load a module, bind a launch
//! spec, run it on a target, emit IR). The CLI in `main.rs` is a thin layer over this, so
//! that build scripts and other tools can call the pipeline directly.
//!
//! * [`spec`] — the launch spec (TOML) and `.npy` input/output folders;
//! * [`npy`], [`buffers`] — host buffers and NumPy files;
//! * [`bind`] — spec arguments to kernel parameters (clang and Numba ABIs);
//! * [`driver`] — load, bind, run on a target;
//! * [`cpu`] — `--target cpu` and `--emit cpu-object`.

pub mod bind;
pub mod buffers;
pub mod cpu;
pub mod driver;
pub mod npy;
pub mod spec;
pub mod xla;
