//! Value types and address spaces of the kernel IR.
//!
//! Integers are sign-agnostic (as in LLVM): operations that care say whether they are signed.
//! Pointers carry the address space they point into; `Generic` may point anywhere.

use std::fmt;

/// Address spaces, as in CUDA/PTX.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AddrSpace {
    Generic,
    Global,
    Shared,
    Local,
    Const,
    /// Kernel parameter space (PTX `.param`); only seen transiently in the frontends.
    Param,
}

impl AddrSpace {
    pub fn name(self) -> &'static str {
        match self {
            AddrSpace::Generic => "generic",
            AddrSpace::Global => "global",
            AddrSpace::Shared => "shared",
            AddrSpace::Local => "local",
            AddrSpace::Const => "const",
            AddrSpace::Param => "param",
        }
    }
    /// NVPTX numbering of LLVM address spaces.
    pub fn from_nvptx(n: u32) -> Option<AddrSpace> {
        Some(match n {
            0 => AddrSpace::Generic,
            1 => AddrSpace::Global,
            3 => AddrSpace::Shared,
            4 => AddrSpace::Const,
            5 => AddrSpace::Local,
            101 => AddrSpace::Param,
            _ => return None,
        })
    }
    pub fn parse(s: &str) -> Option<AddrSpace> {
        Some(match s {
            "generic" => AddrSpace::Generic,
            "global" => AddrSpace::Global,
            "shared" => AddrSpace::Shared,
            "local" => AddrSpace::Local,
            "const" => AddrSpace::Const,
            "param" => AddrSpace::Param,
            _ => return None,
        })
    }
}

/// The type of an SSA value. Aggregates and vectors do not exist at this level: the
/// frontends scalarize them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Type {
    I1,
    I8,
    I16,
    I32,
    I64,
    F16,
    BF16,
    F32,
    F64,
    Ptr(AddrSpace),
}

impl Type {
    /// Width in bits (pointers are 64-bit).
    pub fn bits(self) -> u32 {
        match self {
            Type::I1 => 1,
            Type::I8 => 8,
            Type::I16 | Type::F16 | Type::BF16 => 16,
            Type::I32 | Type::F32 => 32,
            Type::I64 | Type::F64 | Type::Ptr(_) => 64,
        }
    }
    /// Size in memory in bytes (`i1` is stored as one byte).
    pub fn bytes(self) -> u64 {
        match self {
            Type::I1 => 1,
            t => u64::from(t.bits() / 8),
        }
    }
    pub fn is_int(self) -> bool {
        matches!(
            self,
            Type::I1 | Type::I8 | Type::I16 | Type::I32 | Type::I64
        )
    }
    pub fn is_float(self) -> bool {
        matches!(self, Type::F16 | Type::BF16 | Type::F32 | Type::F64)
    }
    pub fn is_ptr(self) -> bool {
        matches!(self, Type::Ptr(_))
    }
    /// Integers and pointers: types whose bits are an integer.
    pub fn is_int_or_ptr(self) -> bool {
        self.is_int() || self.is_ptr()
    }
    pub fn int_of_bits(bits: u32) -> Option<Type> {
        Some(match bits {
            1 => Type::I1,
            8 => Type::I8,
            16 => Type::I16,
            32 => Type::I32,
            64 => Type::I64,
            _ => return None,
        })
    }
    /// Mask with the low `bits()` bits set.
    pub fn mask(self) -> u64 {
        match self.bits() {
            64 => u64::MAX,
            b => (1u64 << b) - 1,
        }
    }
    pub fn parse(s: &str) -> Option<Type> {
        Some(match s {
            "i1" => Type::I1,
            "i8" => Type::I8,
            "i16" => Type::I16,
            "i32" => Type::I32,
            "i64" => Type::I64,
            "f16" => Type::F16,
            "bf16" => Type::BF16,
            "f32" => Type::F32,
            "f64" => Type::F64,
            _ => {
                let space = s.strip_prefix("ptr.")?;
                Type::Ptr(AddrSpace::parse(space)?)
            }
        })
    }
}

impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Type::I1 => write!(f, "i1"),
            Type::I8 => write!(f, "i8"),
            Type::I16 => write!(f, "i16"),
            Type::I32 => write!(f, "i32"),
            Type::I64 => write!(f, "i64"),
            Type::F16 => write!(f, "f16"),
            Type::BF16 => write!(f, "bf16"),
            Type::F32 => write!(f, "f32"),
            Type::F64 => write!(f, "f64"),
            Type::Ptr(space) => write!(f, "ptr.{}", space.name()),
        }
    }
}
