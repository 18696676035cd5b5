//! The CPU backend: a barrier-free parallel-IR kernel, bound to one launch, compiled
//! through MLIR (scf.parallel -> OpenMP -> LLVM) and run in-process by MLIR's execution
//! engine, or written to an object file plus a C header.
//!
//! Blocks of the grid run in parallel (OpenMP); the threads of a block run one after
//! another in an inner loop, which is legal because the kernel has no barrier, shuffle or
//! vote left (see [`emit`]). Global atomics are real atomics (`llvm.atomicrmw`), as
//! blocks race with each other; atomic adds and bitwise ops on shared or per-thread
//! memory are plain read-modify-writes, since only one block's threads, one at a time,
//! reach that memory. So are global atomics the kernel marks block-local
//! (`Kernel::block_local_atomics`, proven by `parallel_ir::autodiff::blocklocal`: no
//! other block touches their bytes), as single-copy (monotonic) loads and stores.
//! A buffer that only unused-result atomic adds touch can be privatized when the caller
//! knows the launch's buffers ([`compile_facts`], [`privatize`]): chunks of blocks add
//! into private copies with plain adds, then the copies are summed into the buffer.

mod blockahead;
pub mod bounds;
pub mod emit;
mod flat;
mod forward;
mod jit;
mod prefetch;
pub mod privatize;
mod slots;
mod split;
pub mod stats;
pub mod stream;
mod unroll;

use frontend::interp::LaunchConfig;
use frontend::ir::Type;
use frontend::Diagnostic;
use parallel_ir::ir::{Addr, Kernel, MemRoot, OpKind};

pub use jit::CompiledKernel;
pub use privatize::PrivatizeFacts;
pub use stream::StreamLimits;

/// What one kernel parameter receives on the CPU.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CpuArg {
    /// A scalar's bits (integers zero-extended, floats as IEEE bits).
    Bits(u64),
    /// A host pointer (a buffer's first byte, or null).
    Ptr(*mut u8),
}

/// Compile `kernel` for the launch `config`. `num_globals` is the number of module
/// globals whose storage the caller passes to [`CompiledKernel::run`].
pub fn compile(
    kernel: &Kernel,
    config: &LaunchConfig,
    num_globals: usize,
) -> Result<CompiledKernel, Diagnostic> {
    let text = emit::emit_module(kernel, config, num_globals)?;
    jit::compile_text(&text, kernel, num_globals)
}

/// Compile `kernel` for the launch `config`, telling LLVM that the pointer parameters
/// point to pairwise distinct buffers when `distinct_buffers` holds (the caller's promise,
/// see [`emit::emit_module_with`]).
pub fn compile_with(
    kernel: &Kernel,
    config: &LaunchConfig,
    num_globals: usize,
    distinct_buffers: bool,
) -> Result<CompiledKernel, Diagnostic> {
    let text = emit::emit_module_with(kernel, config, num_globals, distinct_buffers)?;
    jit::compile_text(&text, kernel, num_globals)
}

/// [`compile_with`], with the caller's facts about the launch's buffers: global atomic
/// adds are privatized where [`privatize`] finds it legal and paying. Data-dependent
/// accesses through pointer parameters are bounds-checked at run time ([`bounds`]; run
/// with [`CompiledKernel::run_sized`] to pass the buffer sizes) unless
/// `RAISE_CPU_CHECK_INDIRECT=0`.
pub fn compile_facts(
    kernel: &Kernel,
    config: &LaunchConfig,
    num_globals: usize,
    distinct_buffers: bool,
    facts: &PrivatizeFacts,
) -> Result<CompiledKernel, Diagnostic> {
    let checked = bounds::enabled();
    let (text, sites) = emit::emit_module_checked(
        kernel,
        config,
        num_globals,
        distinct_buffers,
        facts,
        checked,
    )?;
    jit::compile_checked(&text, kernel, num_globals, checked.then_some(sites))
}

/// Compile and run one launch. `args` has one entry per kernel parameter; `globals` one
/// pointer per module global (storage at least as large as the global).
///
/// # Safety
/// Every pointer in `args` and `globals` must be valid for every access the kernel makes
/// (this entry point does not bounds-check; see [`compile_facts`]).
pub unsafe fn run(
    kernel: &Kernel,
    config: &LaunchConfig,
    args: &[CpuArg],
    globals: &[*mut u8],
) -> Result<(), Diagnostic> {
    let compiled = compile(kernel, config, globals.len())?;
    compiled.run(args, globals)
}

/// Write an object file for the launch at `path` (the function is
/// `_mlir_ciface_raise_<kernel>`; see [`c_header`]).
pub fn emit_object(
    kernel: &Kernel,
    config: &LaunchConfig,
    num_globals: usize,
    path: &std::path::Path,
) -> Result<(), Diagnostic> {
    let compiled = compile(kernel, config, num_globals)?;
    compiled.write_object(path)
}

/// A C header declaring the entry point that [`emit_object`] writes.
pub fn c_header(kernel: &Kernel, num_globals: usize) -> String {
    let name = emit::func_name(kernel);
    let mut args = Vec::new();
    for (i, &p) in kernel.params.iter().enumerate() {
        let ty: Type = kernel.value_type(p);
        let pname = kernel
            .param_names
            .get(i)
            .cloned()
            .flatten()
            .filter(|n| n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') && !n.is_empty())
            .unwrap_or_else(|| format!("p{i}"));
        args.push(format!("{} {pname}", emit::c_type(ty)));
    }
    for g in 0..num_globals {
        args.push(format!("void *global{g}"));
    }
    args.push("int32_t *error /* 0: ok, 1: division by zero, 2: trap */".to_string());
    let guard = format!("RAISE_{}_H", name.to_ascii_uppercase());
    format!(
        "/* Generated by raise: kernel '{}' bound to one launch; link with -fopenmp (libomp) -lm.\n   \
         Kernels using exp10/erf/erfc/asinh/acosh/atanh also need raise_cpu_unary_f32/f64. */\n\
         #ifndef {guard}\n#define {guard}\n#include <stdbool.h>\n#include <stdint.h>\n\
         #ifdef __cplusplus\nextern \"C\" {{\n#endif\n\
         void _mlir_ciface_{name}({});\n\
         #ifdef __cplusplus\n}}\n#endif\n#endif\n",
        kernel.display_name,
        args.join(", ")
    )
}

/// The addresses an op accesses memory through (none for an op that touches no memory).
pub(crate) fn mem_addrs(kind: &OpKind) -> Vec<&Addr> {
    match kind {
        OpKind::Load { addr }
        | OpKind::Store { addr, .. }
        | OpKind::Atomic { addr, .. }
        | OpKind::AtomicCas { addr, .. } => vec![addr],
        OpKind::Memcpy { dst, src, .. } => vec![dst, src],
        OpKind::Memset { dst, .. } => vec![dst],
        _ => Vec::new(),
    }
}

/// The pointer parameter an address is rooted at, if it is rooted at one.
pub(crate) fn param_of(a: &Addr) -> Option<u32> {
    match *a {
        Addr::Root {
            root: MemRoot::Param(i),
            ..
        } => Some(i),
        _ => None,
    }
}
