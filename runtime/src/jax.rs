//! The independent executor: runs a StableHLO module through jaxlib's own XLA client in
//! a Python child process (`tests/jax_exec.py`, embedded here), exchanging `.npy` files.

use crate::pjrt::discover::venv_roots;
use crate::pjrt::PYTHON_ENV;
use crate::{npy, HostTensor, RuntimeError};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The text of `tests/jax_exec.py`.
pub const JAX_EXEC_PY: &str = include_str!("../tests/jax_exec.py");

/// The Python to run jax with: `$RAISE_PYTHON` if set, else `bin/python` of the first
/// virtual environment found (`$RAISE_VENV`, `$VIRTUAL_ENV`, a `.venv` above the
/// executable or the current directory). `None` if there is none.
pub fn default_python() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os(PYTHON_ENV).filter(|v| !v.is_empty()) {
        return Some(PathBuf::from(p));
    }
    venv_roots()
        .into_iter()
        .map(|v| v.join("bin/python"))
        .find(|p| p.is_file())
}

/// True if `python` can import jax (quietly; used to skip cross-checks).
pub fn has_jax(python: &Path) -> bool {
    Command::new(python)
        .args(["-c", "import jax, numpy"])
        .output()
        .map(|o| o.status.success())
        .unwrap_or(false)
}

/// A scratch folder removed on drop.
struct Scratch(PathBuf);

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn io(path: &Path, e: std::io::Error) -> RuntimeError {
    RuntimeError::Io {
        path: path.to_path_buf(),
        message: e.to_string(),
    }
}

/// Runs `mlir_text` (entry `@main`) on `inputs` with jax on the CPU and returns the
/// results.
pub fn run(
    python: &Path,
    mlir_text: &str,
    inputs: &[HostTensor],
) -> Result<Vec<HostTensor>, RuntimeError> {
    static COUNTER: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "raise-jax-{}-{}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&dir);
    let in_dir = dir.join("in");
    let out_dir = dir.join("out");
    std::fs::create_dir_all(&in_dir).map_err(|e| io(&in_dir, e))?;
    let scratch = Scratch(dir);
    let script = scratch.0.join("jax_exec.py");
    std::fs::write(&script, JAX_EXEC_PY).map_err(|e| io(&script, e))?;
    let module = scratch.0.join("module.mlir");
    std::fs::write(&module, mlir_text).map_err(|e| io(&module, e))?;
    for (i, t) in inputs.iter().enumerate() {
        npy::write(&in_dir.join(format!("arg{i}.npy")), t)?;
    }
    let out = Command::new(python)
        .arg(&script)
        .arg(&module)
        .arg(&in_dir)
        .arg(&out_dir)
        .output()
        .map_err(|e| io(python, e))?;
    if !out.status.success() {
        let stderr = String::from_utf8_lossy(&out.stderr);
        let tail: Vec<&str> = stderr.lines().rev().take(30).collect();
        let tail: Vec<&str> = tail.into_iter().rev().collect();
        return Err(RuntimeError::Python {
            status: out.status.to_string(),
            message: tail.join("\n"),
        });
    }
    let mut results = Vec::new();
    loop {
        let p = out_dir.join(format!("out{}.npy", results.len()));
        if !p.exists() {
            break;
        }
        results.push(npy::read(&p)?);
    }
    Ok(results)
}
