//! `frontend`: the kernel IR of `raise` and the ways into it.
//!
//! * [`ir`] — the kernel IR: an SSA control-flow graph with block parameters, typed values,
//!   address spaces, and GPU operations (thread/block ids, barriers, atomics, shuffles, math)
//!   as first-class ops. It has a printer ([`ir::print`]) and a verifier ([`ir::verify`]).
//! * [`diag`] — diagnostics with a name, a message and a location.
//!
//! The `.ll` frontend (`ll`), the `.ptx` frontend (`ptx`) and the exact-CUDA-semantics
//! interpreter (`interp`) all produce or consume this IR and nothing else.

pub mod diag;
pub mod ir;

pub use diag::{Diagnostic, Location};
pub mod interp;
pub mod ll;
pub mod numba;
pub mod ptx;

use std::path::Path;

/// Read a device-code file into a verified kernel-IR module: `.ll`/`.bc` through the LLVM
/// frontend, `.ptx` through the PTX frontend; other extensions are sniffed.
pub fn load_module(path: &Path) -> Result<ir::Module, Diagnostic> {
    let shown = path.display().to_string();
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    let module = match ext {
        "ll" | "bc" => ll::parse_ll_file(path)?,
        _ => {
            let bytes = std::fs::read(path)
                .map_err(|e| Diagnostic::new("io", format!("{shown}: cannot read: {e}")))?;
            let text = String::from_utf8(bytes).map_err(|_| {
                Diagnostic::new(
                    "bad-input",
                    format!("{shown}: not a text file (invalid UTF-8)"),
                )
            })?;
            if ext == "ptx" || text.contains(".version") && text.contains(".target") {
                ptx::parse_ptx_str(&text, &shown)?
            } else if text.contains("define ") || text.contains("target triple") {
                ll::parse_ll_str(&text, &shown)?
            } else {
                return Err(Diagnostic::new(
                    "unknown-input",
                    format!("{shown}: neither LLVM IR (.ll) nor PTX (.ptx)"),
                ));
            }
        }
    };
    ir::verify::verify_module(&module)?;
    Ok(module)
}
