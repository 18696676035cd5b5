//! Executing StableHLO: load a PJRT plugin (XLA's CPU plugin from the `xla-cpu-pjrt`
//! wheel, the CUDA plugin from `jax-cuda12-pjrt`, libtpu) at run time, compile a module
//! given as MLIR text and run it on host tensors.
//!
//! ```no_run
//! use runtime::{find_plugin, HostTensor, Pjrt};
//! # fn main() -> Result<(), runtime::RuntimeError> {
//! let pjrt = Pjrt::load(&find_plugin(None)?)?;
//! let exe = pjrt.compile(r#"
//!   func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {
//!     %0 = stablehlo.add %a, %a : tensor<2xf32>
//!     return %0 : tensor<2xf32>
//!   }"#)?;
//! let out = exe.execute(&[HostTensor::from_slice(&[2], &[1.0f32, 2.0])?])?;
//! assert_eq!(out[0].to_vec::<f32>()?, vec![2.0, 4.0]);
//! # Ok(()) }
//! ```
//!
//! The PJRT C API is declared by hand in `pjrt/ffi.rs` (no header or plugin is needed to
//! build); version and struct sizes are checked when a plugin is loaded. [`npy`] reads
//! and writes `.npy` files for the independent executor `tests/jax_exec.py`.

pub mod jax;
pub mod npy;
pub mod pjrt;
mod signature;
mod tensor;

pub use pjrt::{find_plugin, DeviceInfo, Executable, Pjrt, PluginInfo};
pub use signature::ParamType;
pub use tensor::{element_count, Element, ElementType, HostTensor};

use std::path::PathBuf;

/// Everything that can go wrong while finding, loading or running a PJRT plugin.
#[derive(Debug, thiserror::Error)]
pub enum RuntimeError {
    /// No plugin was found; lists every place that was searched.
    #[error("no PJRT plugin found (install one with scripts/setup_python.sh, which puts xla-cpu-pjrt into .venv, or pass --pjrt-plugin / set RAISE_PJRT_PLUGIN); searched:\n  {}", .searched.join("\n  "))]
    PluginNotFound { searched: Vec<String> },

    /// A plugin path was given explicitly but is not a file.
    #[error("PJRT plugin {path} (from {source_name}) does not exist or is not a file")]
    PluginMissing { path: PathBuf, source_name: String },

    /// dlopen/dlsym failed or the library is not a PJRT plugin.
    #[error("cannot load PJRT plugin {path}: {message}")]
    Load { path: PathBuf, message: String },

    /// The plugin speaks a PJRT C API version this build cannot use.
    #[error("PJRT plugin {path} has C API version {major}.{minor}: {message}")]
    Version {
        path: PathBuf,
        major: i32,
        minor: i32,
        message: String,
    },

    /// A PJRT call returned an error; `message` is the plugin's own text.
    #[error("{function} failed ({code}): {message}")]
    Pjrt {
        function: String,
        code: String,
        message: String,
    },

    /// The caller's input does not fit (shape/data mismatch, argument count, ...).
    #[error("invalid input: {0}")]
    InvalidInput(String),

    /// The plugin produced something this runtime cannot represent.
    #[error("unsupported: {0}")]
    Unsupported(String),

    /// The Python cross-check (`tests/jax_exec.py`) failed; `message` is its stderr.
    #[error("jax_exec.py failed ({status}): {message}")]
    Python { status: String, message: String },

    /// File I/O (npy files, the Python cross-check).
    #[error("{path}: {message}")]
    Io { path: PathBuf, message: String },
}
