//! Raising: kernel IR (an SSA CFG per function) to the structured parallel IR.
//!
//! Stages, each in its own file: [`inline`] (device calls), [`cfg`] (reducibility, loops,
//! post-dominators), [`emit`] (structuring, launch structure and address roots in one
//! walk), [`cleanup`] (constant folding, CSE, DCE, hoisting, and [`roots`]: address
//! roots lost at loop-carried and merged values). Every stage preserves the kernel's meaning; constructs that cannot be raised exactly give a named diagnostic.

pub mod cfg;
pub mod cleanup;
pub mod cse;
pub mod emit;
pub mod fold;
pub mod inline;
pub mod licm;
pub mod loops;
pub mod roots;
pub mod util;

use frontend::ir::{FuncId, Module};
use frontend::Diagnostic;

use crate::ir::Kernel;

/// How raising runs.
#[derive(Clone, Debug)]
pub struct Options {
    /// Run the verifier after every clean-up pass (default), not only after the last.
    pub verify_each_pass: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            verify_each_pass: true,
        }
    }
}

/// Raise one kernel of `module`.
pub fn raise_kernel(module: &Module, kernel: FuncId) -> Result<Kernel, Diagnostic> {
    raise_kernel_with(module, kernel, &Options::default())
}

/// [`raise_kernel`] with options.
pub fn raise_kernel_with(
    module: &Module,
    kernel: FuncId,
    options: &Options,
) -> Result<Kernel, Diagnostic> {
    if kernel.index() >= module.functions.len() {
        return Err(Diagnostic::new(
            "internal",
            "raise_kernel: no such function",
        ));
    }
    let name = module.function(kernel).display_name.clone();
    let f = inline::inline_calls(module, kernel).map_err(|d| d.in_function(name.clone()))?;
    let emitter = emit::Emitter::new(module, &f)?;
    let mut k = emitter.run()?;
    crate::verify::verify_kernel(&k).map_err(|d| d.with_note("after structuring"))?;
    cleanup::run(&mut k, options.verify_each_pass)?;
    Ok(k)
}

/// Raise every kernel of `module` (each independently: one failing does not stop others).
pub fn raise_module(module: &Module) -> Vec<(FuncId, Result<Kernel, Diagnostic>)> {
    module
        .kernels()
        .map(|id| (id, raise_kernel(module, id)))
        .collect()
}
