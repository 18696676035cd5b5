//! The `.ptx` frontend: our own PTX parser and a lifter into the kernel IR.
//!
//! * [`lexer`] and [`parser`] read PTX ISA 6.0-9.x text as clang/llc, nvcc (NVVM) and
//!   numba-cuda emit it into a syntax tree ([`ast`]), resolving function-scoped names.
//! * `lift` builds the module: globals (module- and body-level `.global`/`.const`/
//!   `.shared`, `.extern .shared` arrays as dynamic shared memory), one kernel-IR function
//!   per `.entry` and per `.func` reachable from one, the producer's flavor and the
//!   argument ABI (Numba's array arguments from the mangled name).
//! * `func` cuts a body into blocks and converts PTX's mutable registers to SSA with
//!   block parameters; `insts` gives each instruction its meaning; `tidy` removes dead
//!   code and numbers values in program order.
//!
//! Modelling choices:
//! * Registers hold integers or floats (`.b32` is `i32`, `.pred` is `i1`, `.f16x2` an
//!   `i32`); addresses are `i64` and become pointers (`inttoptr` into the instruction's
//!   state space, generic without one) at each memory access.
//! * Kernel parameters keep their PTX types (pointer parameters are `i64`, unless declared
//!   with the `.ptr` attribute: `.param .u64 .ptr .global p` is a `ptr.global`); a
//!   byte-array parameter (a struct passed by value) is a generic pointer to its bytes, as
//!   in the `.ll` frontend. `.func` parameters and a single scalar return value are passed by
//!   value; array parameters and other returns through `ptr.local` memory the caller
//!   allocates, mirroring the `.param` call sequence.
//! * Guarded instructions that can fault or synchronize are branched around; the others
//!   are computed unconditionally and merged with `select`.
//!
//! Errors: `file:line:col: error[bad-ptx]: expected ...` for malformed input and
//! `error[unsupported-ptx]: unsupported PTX instruction 'tex.2d.v4.f32.s32'` for valid
//! PTX this frontend does not model. Every lifted instruction carries the PTX line and
//! column it came from.

// `Diagnostic` is the project-wide error type; boxing it only here would not help.
#![allow(clippy::result_large_err)]

pub mod ast;
mod func;
mod fxhash;
mod insts;
pub mod lexer;
mod lift;
pub mod parser;
mod tidy;

use crate::diag::Diagnostic;
use crate::ir::Module;

/// Parse PTX text and lift it into a kernel-IR module; `source` names it in diagnostics.
pub fn parse_ptx_str(text: &str, source: &str) -> Result<Module, Diagnostic> {
    let ast = parser::parse(text, source)?;
    lift::lift_module(text, &ast, source)
}
