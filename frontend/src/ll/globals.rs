//! Global variables: `__shared__` arrays (static and `extern` dynamic), `__constant__`
//! and `__device__` data with their initial bytes (little endian, as NVPTX).

use super::llvm::{TypeKind, ValueKind, V};
use super::types::scalar_type;
use super::ModCx;
use crate::diag::{Diagnostic, Location};
use crate::ir::{AddrSpace, Global, GlobalId, Module, Type};

/// Translate every global variable of the module that is not LLVM's own (`llvm.*`).
/// Problems are recorded per global and reported where the global is used.
pub(crate) fn translate_globals(cx: &mut ModCx<'_>, module: &mut Module) {
    for g in cx.llvm.globals() {
        let name = g.name();
        // LLVM's own globals, Numba's environment pointer, and the declarations clang -O0 leaves for CUDA's builtin
        // variables (`threadIdx` etc. are read through intrinsics, never loaded).
        if name.starts_with("llvm.")
            || name.starts_with("_ZN08NumbaEnv")
            || (g.is_declaration()
                && matches!(
                    name.as_str(),
                    "threadIdx" | "blockIdx" | "blockDim" | "gridDim" | "warpSize"
                ))
        {
            continue;
        }
        let result = translate_global(cx, g, &name).map(|global| {
            let id = GlobalId::from_index(module.globals.len());
            module.globals.push(global);
            id
        });
        let result = result.map_err(|msg| {
            Diagnostic::new("unsupported-global", format!("global @{name}: {msg}")).at(Location {
                file: Some(cx.source.clone()),
                ..Default::default()
            })
        });
        cx.globals.insert(g, result);
    }
}

fn translate_global(cx: &ModCx<'_>, g: V<'_>, name: &str) -> Result<Global, String> {
    let n = g.ty().ptr_addr_space().unwrap_or(0);
    let space = match AddrSpace::from_nvptx(n) {
        // A global in the generic space (addrspace 0) is ordinary global memory.
        Some(AddrSpace::Generic) => AddrSpace::Global,
        Some(s @ (AddrSpace::Global | AddrSpace::Shared | AddrSpace::Const)) => s,
        _ => return Err(format!("variables in address space {n} are not supported")),
    };
    let vty = g
        .global_value_type()
        .ok_or_else(|| "has no value type".to_string())?;
    if !vty.is_sized() {
        return Err(format!("has unsized type {}", vty.print()));
    }
    let bytes = cx.llvm.alloc_size(vty);
    let align = match g.alignment() {
        0 => cx.llvm.abi_align(vty),
        a => u64::from(a),
    };
    let dynamic_shared = space == AddrSpace::Shared && g.is_declaration();
    let init = match (space, g.initializer()) {
        (AddrSpace::Shared, _) | (_, None) => None,
        (_, Some(c)) => {
            if bytes > (1 << 30) {
                return Err(format!("initializer of {bytes} bytes is too large"));
            }
            let mut buf = vec![0u8; bytes as usize];
            write_const(cx, c, &mut buf, 0)?;
            Some(buf)
        }
    };
    Ok(Global {
        name: name.to_string(),
        space,
        bytes: if dynamic_shared { 0 } else { bytes },
        align: align.max(1),
        init,
        dynamic_shared,
    })
}

/// Write the bytes of constant `c` into `buf` at `at`.
fn write_const(cx: &ModCx<'_>, c: V<'_>, buf: &mut [u8], at: u64) -> Result<(), String> {
    let t = c.ty();
    let size = cx.llvm.store_size(t);
    let end = at
        .checked_add(size)
        .filter(|&e| e <= buf.len() as u64)
        .ok_or_else(|| "initializer does not fit its type".to_string())?;
    match c.kind() {
        ValueKind::LLVMUndefValueValueKind
        | ValueKind::LLVMPoisonValueKind
        | ValueKind::LLVMConstantAggregateZeroValueKind
        | ValueKind::LLVMConstantPointerNullValueKind => Ok(()),
        ValueKind::LLVMConstantIntValueKind => {
            let v = c
                .const_int()
                .ok_or_else(|| format!("integer constant {} is too wide", c.print()))?;
            put(buf, at, end, v);
            Ok(())
        }
        ValueKind::LLVMConstantFPValueKind => {
            let ty = scalar_type(t).map_err(|e| e.0)?;
            let bits = super::func::float_bits(c, ty)
                .ok_or_else(|| format!("float constant {}", c.print()))?;
            put(buf, at, end, bits);
            Ok(())
        }
        ValueKind::LLVMConstantDataArrayValueKind
        | ValueKind::LLVMConstantDataVectorValueKind
        | ValueKind::LLVMConstantArrayValueKind
        | ValueKind::LLVMConstantStructValueKind
        | ValueKind::LLVMConstantVectorValueKind => {
            if let Some(raw) = c.const_bytes_i8() {
                let n = raw.len().min((end - at) as usize);
                buf[at as usize..at as usize + n].copy_from_slice(&raw[..n]);
                return Ok(());
            }
            if t.kind() == TypeKind::LLVMVectorTypeKind
                && t.element_type()
                    .and_then(|e| e.int_width())
                    .is_some_and(|w| w % 8 != 0)
            {
                return Err(format!("vector of sub-byte integers {}", t.print()));
            }
            let n = t.aggregate_len();
            for i in 0..n {
                let i32_ = u32::try_from(i).map_err(|_| "aggregate too large".to_string())?;
                let elem = c
                    .aggregate_element(i32_)
                    .ok_or_else(|| format!("cannot read element {i} of {}", c.print()))?;
                let off = match t.kind() {
                    TypeKind::LLVMStructTypeKind => cx.llvm.field_offset(t, i32_).unwrap_or(0),
                    _ => {
                        let et = t
                            .element_type()
                            .ok_or_else(|| format!("type {}", t.print()))?;
                        i * cx.llvm.alloc_size(et)
                    }
                };
                write_const(cx, elem, buf, at + off)?;
            }
            Ok(())
        }
        ValueKind::LLVMGlobalVariableValueKind
        | ValueKind::LLVMFunctionValueKind
        | ValueKind::LLVMConstantExprValueKind => Err(format!(
            "initializers holding addresses ({}) are not supported",
            c.print()
        )),
        _ => Err(format!("unsupported initializer {}", c.print())),
    }
}

/// Store the low `end - at` bytes of `v` little-endian.
fn put(buf: &mut [u8], at: u64, end: u64, v: u64) {
    let bytes = v.to_le_bytes();
    for (k, pos) in (at..end).enumerate() {
        if let (Some(b), Some(slot)) = (bytes.get(k), buf.get_mut(pos as usize)) {
            *slot = *b;
        }
    }
}

/// The kernel-IR pointer type of a global's address, as LLVM types it.
pub(crate) fn address_type(g: V<'_>) -> Result<Type, String> {
    scalar_type(g.ty()).map_err(|e| e.0)
}
