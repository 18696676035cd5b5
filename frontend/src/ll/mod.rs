//! The `.ll` frontend: LLVM IR (clang CUDA device code at any -O level, Numba's NVVM IR)
//! read through the `llvm-ir` crate and translated into the kernel IR.

use crate::diag::Diagnostic;
use crate::ir::Module;
use std::path::Path;

/// Read an `.ll` (or `.bc`) file into a kernel-IR module.
pub fn parse_ll_file(path: &Path) -> Result<Module, Diagnostic> {
    Err(Diagnostic::new(
        "not-implemented",
        format!(
            "{}: the .ll frontend is not implemented yet",
            path.display()
        ),
    ))
}

/// Read LLVM IR text into a kernel-IR module; `source` names it in diagnostics.
pub fn parse_ll_str(text: &str, source: &str) -> Result<Module, Diagnostic> {
    let _ = text;
    Err(Diagnostic::new(
        "not-implemented",
        format!("{source}: the .ll frontend is not implemented yet"),
    ))
}
