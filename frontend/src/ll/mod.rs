//! The `.ll` frontend: LLVM IR (clang CUDA device code at any -O level, Numba's NVVM IR)
//! translated into the kernel IR.
//!
//! The module is parsed and verified by LLVM itself through its C API (`llvm-sys`, see
//! `llvm`); text and bitcode are both accepted. The translation reads LLVM's in-memory
//! IR directly rather than through the `llvm-ir` crate, because `llvm-ir` 0.11 (LLVM 19)
//! drops the source element type of constant GEP expressions (needed for the byte
//! offsets of `getelementptr (i8, ptr @s, i64 4)`-style operands that clang emits for
//! every constant shared-memory access) and the values of `half`/`bfloat` constants.
//!
//! What the translation does:
//! * Kernels are the functions listed in `!nvvm.annotations` with `"kernel", i32 1`, or
//!   that use the `ptx_kernel` calling convention. Other defined functions reachable from
//!   kernels through direct calls become device functions (all defined functions when the
//!   module has no kernel). Declarations are not functions of the kernel IR: calls to them
//!   are intrinsics or libdevice math (`calls`), or an `unsupported-intrinsic` error.
//! * Phis become block parameters; each CFG edge passes its arguments. Blocks are
//!   translated in reverse post-order; unreachable blocks are dropped.
//! * Vectors and aggregates are scalarized (see `types`): a vector load/store is split
//!   into one scalar access per element at its byte offset (the vector access's
//!   atomicity/width is not kept), a vector phi becomes one block parameter per element,
//!   `extractvalue`/`insertvalue`/`extractelement`/`insertelement`/`shufflevector` pick
//!   leaves, and `cmpxchg`'s `{old, success}` is `{atomic_cas, icmp eq old, expected}`.
//! * GEPs become one `ptradd` with the byte offset computed from the data layout.
//! * `fadd`/`fsub` with the `contract` flag whose operand is a `contract` `fmul` of the
//!   same block are fused into `fma`, as the NVPTX backend does (it enables aggressive
//!   FMA fusion, so the multiply may have other uses; of two candidate multiplies the
//!   one with fewer uses is fused). `llvm.fmuladd` is always an `fma`. For Numba's IR,
//!   which NVVM compiles with FMA contraction on by default, every pair is contracted.
//! * `alloca`s stay allocas (`ptr.local`, cast to the generic pointer LLVM uses), except
//!   that slots whose address never escapes are promoted to SSA values (`mem2reg`,
//!   which also splits aggregates kept in slots: clang -O0 and Numba IR come out in SSA).
//! * Functions returning a vector or aggregate take a trailing `ptr.local` "sret" slot
//!   that the caller allocates in its entry block.
//! * `llvm.memmove` becomes `memcpy`: overlapping moves are not supported.
//! * `undef`/`poison` operands become zero constants; a null pointer is a `const 0` of
//!   pointer type.
//! * Globals: `__shared__` arrays (`extern __shared__` ones are `dynamic_shared`, size 0;
//!   all of them start at the dynamic shared memory base in CUDA), `__constant__` and
//!   `__device__` data with little-endian initial bytes. A `byval` struct parameter stays
//!   a generic pointer parameter.
//! * Finally `tidy` folds integer constants and constant branches, merges straight-line
//!   blocks, removes dead code and unreachable blocks, and renumbers values in order.

// `Diagnostic` is the project-wide error type; boxing it only here would not help.
#![allow(clippy::result_large_err)]

mod calls;
mod func;
mod globals;
pub(crate) mod llvm;
mod mem2reg;
mod tidy;
pub(crate) mod types;

use crate::diag::{Diagnostic, Location};
use crate::ir::{self, AbiArg, FuncId, FuncKind, Function, GlobalId, Module};
use llvm::{LlvmModule, MdOperand, ValueKind, V};
use std::collections::{HashMap, HashSet};
use std::path::Path;

/// The LLVM calling convention number of `ptx_kernel`.
const PTX_KERNEL_CC: u32 = 71;

/// Read an `.ll` (or `.bc`) file into a kernel-IR module.
pub fn parse_ll_file(path: &Path) -> Result<Module, Diagnostic> {
    let shown = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|e| {
        Diagnostic::new("io", format!("{shown}: cannot read: {e}")).at(Location {
            file: Some(shown.clone()),
            ..Default::default()
        })
    })?;
    parse_ll_bytes(&bytes, &shown)
}

/// Read LLVM IR text into a kernel-IR module; `source` names it in diagnostics.
pub fn parse_ll_str(text: &str, source: &str) -> Result<Module, Diagnostic> {
    parse_ll_bytes(text.as_bytes(), source)
}

/// Read LLVM IR text or bitcode into a kernel-IR module; `source` names it in diagnostics.
pub fn parse_ll_bytes(bytes: &[u8], source: &str) -> Result<Module, Diagnostic> {
    let llvm = LlvmModule::parse(bytes, source).map_err(|msg| {
        Diagnostic::new("bad-llvm-ir", msg).at(Location {
            file: Some(source.to_string()),
            ..Default::default()
        })
    })?;
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        translate_module(&llvm, source)
    }));
    let module = match result {
        Ok(r) => r?,
        Err(payload) => {
            let what = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".to_string());
            return Err(Diagnostic::new(
                "internal-error",
                format!("{source}: the .ll frontend failed: {what}"),
            ));
        }
    };
    ir::verify::verify_module(&module)?;
    Ok(module)
}

/// Module-wide facts the function translation needs.
pub(crate) struct ModCx<'m> {
    pub llvm: &'m LlvmModule,
    pub source: String,
    /// Defined LLVM functions that are functions of the kernel IR.
    pub funcs: HashMap<V<'m>, FuncId>,
    /// Kernel-IR signature per function id.
    pub sigs: Vec<func::Sig>,
    /// Globals of the kernel IR (or why a global cannot be one, reported at a use).
    pub globals: HashMap<V<'m>, Result<GlobalId, Diagnostic>>,
    /// Contract every `fmul`/`fadd` pair, not just those flagged `contract`: NVVM (which
    /// compiles Numba's IR) contracts by default (`-fma=1`).
    pub contract_all: bool,
}

/// Whether a symbol names Numba-generated code.
fn is_numba_symbol(name: &str) -> bool {
    name.starts_with("_ZN6cudapy") || name.starts_with("_ZN08NumbaEnv")
}

fn detect_flavor(llvm: &LlvmModule, names: &[String]) -> ir::Flavor {
    if names.iter().any(|n| is_numba_symbol(n)) {
        return ir::Flavor::Numba;
    }
    if names
        .iter()
        .any(|n| n.starts_with("julia_") || n.starts_with("jlcall_"))
    {
        return ir::Flavor::Julia;
    }
    // Numba's NVVM IR uses the old NVVM data layout with explicit pointer sizes.
    if llvm.data_layout().starts_with("e-p:64:64:64-i1:8:8") {
        return ir::Flavor::Numba;
    }
    ir::Flavor::ClangCuda
}

/// Kernels named in `!nvvm.annotations` (`!{ptr @k, !"kernel", i32 1}`).
fn annotated_kernels<'m>(llvm: &'m LlvmModule) -> HashSet<V<'m>> {
    let mut out = HashSet::new();
    for row in llvm.named_metadata("nvvm.annotations") {
        // A node may list several (key, value) pairs after the function.
        let Some(MdOperand::Value(f)) = row.first() else {
            continue;
        };
        if f.kind() != ValueKind::LLVMFunctionValueKind {
            continue;
        }
        let mut k = 1;
        while k + 1 < row.len() {
            if let (MdOperand::Str(key), MdOperand::Value(v)) = (&row[k], &row[k + 1]) {
                if key == "kernel" && v.const_int() == Some(1) {
                    out.insert(*f);
                }
            }
            k += 2;
        }
    }
    out
}

fn translate_module(llvm: &LlvmModule, source: &str) -> Result<Module, Diagnostic> {
    let all = llvm.functions();
    let names: Vec<String> = all
        .iter()
        .chain(llvm.globals().iter())
        .map(|f| f.name())
        .collect();
    let flavor = detect_flavor(llvm, &names);
    let annotated = annotated_kernels(llvm);
    let defined: Vec<V<'_>> = all
        .iter()
        .copied()
        .filter(|f| !f.is_declaration())
        .collect();
    let is_kernel = |f: &V<'_>| annotated.contains(f) || f.call_conv() == PTX_KERNEL_CC;

    // Functions of the kernel IR: kernels and what they call (transitively), or every
    // defined function when there is no kernel.
    let kernels: Vec<V<'_>> = defined.iter().copied().filter(|f| is_kernel(f)).collect();
    let mut included: HashSet<V<'_>> = HashSet::new();
    if kernels.is_empty() {
        included.extend(defined.iter().copied());
    } else {
        let mut stack = kernels.clone();
        while let Some(f) = stack.pop() {
            if !included.insert(f) {
                continue;
            }
            for callee in calls::direct_callees(f) {
                if !callee.is_declaration() && !calls::is_mapped_function(&callee.name()) {
                    stack.push(callee);
                }
            }
        }
    }
    let order: Vec<V<'_>> = defined
        .iter()
        .copied()
        .filter(|f| included.contains(f))
        .collect();

    let mut cx = ModCx {
        llvm,
        source: source.to_string(),
        funcs: HashMap::new(),
        sigs: Vec::new(),
        globals: HashMap::new(),
        contract_all: flavor == ir::Flavor::Numba,
    };
    let mut module = Module::new(source, flavor);
    globals::translate_globals(&mut cx, &mut module);

    for (i, &f) in order.iter().enumerate() {
        cx.funcs.insert(f, FuncId::from_index(i));
        let sig = func::signature(&cx, f).map_err(|e| {
            Diagnostic::new("unsupported-type", e.0).at(Location {
                file: Some(source.to_string()),
                function: Some(display_name(&f.name())),
                ..Default::default()
            })
        })?;
        cx.sigs.push(sig);
    }
    for &f in &order {
        let name = f.name();
        let kind = if is_kernel(&f) {
            FuncKind::Kernel
        } else {
            FuncKind::Device
        };
        let mut func = func::lower_function(&cx, f, kind, &name, &display_name(&name))?;
        mem2reg::promote(&mut func);
        tidy::cleanup(&mut func);
        func.abi = abi_of(flavor, &func);
        module.functions.push(func);
    }
    Ok(module)
}

fn display_name(symbol: &str) -> String {
    ir::demangle_qualified(symbol).unwrap_or_else(|| symbol.to_string())
}

fn abi_of(flavor: ir::Flavor, f: &Function) -> Vec<AbiArg> {
    let plain = || (0..f.params.len() as u32).map(AbiArg::Param).collect();
    if f.kind != FuncKind::Kernel {
        return plain();
    }
    if flavor == ir::Flavor::Numba {
        if let Some(abi) = crate::numba::numba_abi(&f.name, &f.param_types()) {
            return abi;
        }
    }
    plain()
}
