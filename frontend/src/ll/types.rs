//! LLVM types -> kernel-IR types, and the scalarization of vectors and aggregates.
//!
//! A value of an LLVM vector, array or struct type is held as its *leaves*: the scalar
//! values in depth-first order, each with its byte offset in the in-memory layout given
//! by the module's data layout (struct field offsets, array strides, vector element
//! strides). A `<4 x float>` has leaves `f32@0, f32@4, f32@8, f32@12`.

use super::llvm::{LlvmModule, TypeKind, T};
use crate::ir::{AddrSpace, Type};

/// The most leaves a single value may have (a `[256 x float]` loaded as one value would be
/// 256 loads; bigger aggregates are rejected).
pub const MAX_LEAVES: usize = 4096;

/// One scalar of a scalarized value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Leaf {
    pub ty: Type,
    /// Byte offset in memory from the start of the value.
    pub offset: u64,
}

/// Why a type is not representable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TypeError(pub String);

/// The kernel-IR type of a scalar LLVM type.
pub fn scalar_type(t: T<'_>) -> Result<Type, TypeError> {
    match t.kind() {
        TypeKind::LLVMIntegerTypeKind => {
            let bits = t.int_width().unwrap_or(0);
            Type::int_of_bits(bits).ok_or_else(|| {
                TypeError(format!(
                    "integer type i{bits} (only i1, i8, i16, i32, i64 are supported)"
                ))
            })
        }
        TypeKind::LLVMHalfTypeKind => Ok(Type::F16),
        TypeKind::LLVMBFloatTypeKind => Ok(Type::BF16),
        TypeKind::LLVMFloatTypeKind => Ok(Type::F32),
        TypeKind::LLVMDoubleTypeKind => Ok(Type::F64),
        TypeKind::LLVMPointerTypeKind => {
            let n = t.ptr_addr_space().unwrap_or(0);
            AddrSpace::from_nvptx(n)
                .map(Type::Ptr)
                .ok_or_else(|| TypeError(format!("pointer into address space {n}")))
        }
        _ => Err(TypeError(format!("type {}", t.print()))),
    }
}

/// Whether the type is a scalar (not a vector or aggregate).
pub fn is_scalar(t: T<'_>) -> bool {
    !matches!(
        t.kind(),
        TypeKind::LLVMVectorTypeKind | TypeKind::LLVMArrayTypeKind | TypeKind::LLVMStructTypeKind
    )
}

/// The leaves of a type (one for a scalar).
pub fn leaves(m: &LlvmModule, t: T<'_>) -> Result<Vec<Leaf>, TypeError> {
    let mut out = Vec::new();
    collect(m, t, 0, &mut out)?;
    Ok(out)
}

/// Just the leaf types.
pub fn leaf_types(m: &LlvmModule, t: T<'_>) -> Result<Vec<Type>, TypeError> {
    Ok(leaves(m, t)?.into_iter().map(|l| l.ty).collect())
}

/// Number of leaves of a type.
pub fn leaf_count(m: &LlvmModule, t: T<'_>) -> Result<usize, TypeError> {
    Ok(leaves(m, t)?.len())
}

fn collect(m: &LlvmModule, t: T<'_>, base: u64, out: &mut Vec<Leaf>) -> Result<(), TypeError> {
    if out.len() > MAX_LEAVES {
        return Err(TypeError(format!(
            "aggregate value with more than {MAX_LEAVES} scalars"
        )));
    }
    match t.kind() {
        TypeKind::LLVMVectorTypeKind | TypeKind::LLVMArrayTypeKind => {
            let n = t.aggregate_len();
            let elem = t
                .element_type()
                .ok_or_else(|| TypeError(format!("type {}", t.print())))?;
            if n > MAX_LEAVES as u64 {
                return Err(TypeError(format!(
                    "aggregate value with more than {MAX_LEAVES} scalars ({})",
                    t.print()
                )));
            }
            let stride = m.alloc_size(elem);
            for i in 0..n {
                collect(m, elem, base + i * stride, out)?;
            }
            Ok(())
        }
        TypeKind::LLVMStructTypeKind => {
            let n = t.struct_len();
            if n == 0 && !t.is_sized() {
                return Err(TypeError(format!("opaque struct {}", t.print())));
            }
            for i in 0..n {
                let field = t
                    .struct_field(i)
                    .ok_or_else(|| TypeError(format!("type {}", t.print())))?;
                let off = m.field_offset(t, i).unwrap_or(0);
                collect(m, field, base + off, out)?;
            }
            Ok(())
        }
        TypeKind::LLVMScalableVectorTypeKind => {
            Err(TypeError(format!("scalable vector type {}", t.print())))
        }
        _ => {
            let ty = scalar_type(t)?;
            out.push(Leaf { ty, offset: base });
            Ok(())
        }
    }
}

/// Whether in-memory accesses of the type can be split into its leaves at their offsets
/// (false for vectors of `i1`, which LLVM packs into bits).
pub fn memory_splittable(t: T<'_>) -> bool {
    match t.kind() {
        TypeKind::LLVMVectorTypeKind => match t.element_type() {
            Some(e) => e.int_width().is_none_or(|w| w % 8 == 0) && memory_splittable(e),
            None => false,
        },
        TypeKind::LLVMArrayTypeKind => t.element_type().is_some_and(memory_splittable),
        TypeKind::LLVMStructTypeKind => {
            (0..t.struct_len()).all(|i| t.struct_field(i).is_some_and(memory_splittable))
        }
        _ => true,
    }
}

/// The leaf range `(start, len)` that the index path `indices` selects in a value of
/// aggregate type `t` (for extractvalue / insertvalue), and the selected type.
pub fn leaf_range<'m>(
    m: &LlvmModule,
    t: T<'m>,
    indices: &[u32],
) -> Result<(usize, usize, T<'m>), TypeError> {
    let mut start = 0usize;
    let mut cur = t;
    for &i in indices {
        match cur.kind() {
            TypeKind::LLVMStructTypeKind => {
                for k in 0..i {
                    let field = cur
                        .struct_field(k)
                        .ok_or_else(|| TypeError(format!("bad index into {}", cur.print())))?;
                    start += leaf_count(m, field)?;
                }
                cur = cur
                    .struct_field(i)
                    .ok_or_else(|| TypeError(format!("bad index into {}", cur.print())))?;
            }
            TypeKind::LLVMArrayTypeKind | TypeKind::LLVMVectorTypeKind => {
                let elem = cur
                    .element_type()
                    .ok_or_else(|| TypeError(format!("bad index into {}", cur.print())))?;
                if u64::from(i) >= cur.aggregate_len() {
                    return Err(TypeError(format!(
                        "index {i} out of range of {}",
                        cur.print()
                    )));
                }
                start += i as usize * leaf_count(m, elem)?;
                cur = elem;
            }
            _ => return Err(TypeError(format!("index into scalar type {}", cur.print()))),
        }
    }
    Ok((start, leaf_count(m, cur)?, cur))
}
