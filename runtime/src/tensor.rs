//! Host-side tensors: an element type, a shape and row-major little-endian bytes.

use crate::RuntimeError;

/// Element types a [`HostTensor`] can hold (the StableHLO element types raise emits).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ElementType {
    /// Boolean (`i1`), one byte per element (0 or 1).
    Pred,
    S8,
    S16,
    S32,
    S64,
    U8,
    U16,
    U32,
    U64,
    /// IEEE half precision, stored as its 16 bits.
    F16,
    /// bfloat16, stored as its 16 bits.
    BF16,
    F32,
    F64,
}

impl ElementType {
    pub const ALL: [ElementType; 13] = [
        ElementType::Pred,
        ElementType::S8,
        ElementType::S16,
        ElementType::S32,
        ElementType::S64,
        ElementType::U8,
        ElementType::U16,
        ElementType::U32,
        ElementType::U64,
        ElementType::F16,
        ElementType::BF16,
        ElementType::F32,
        ElementType::F64,
    ];

    /// Bytes per element on the host.
    pub fn byte_size(self) -> usize {
        match self {
            ElementType::Pred | ElementType::S8 | ElementType::U8 => 1,
            ElementType::S16 | ElementType::U16 | ElementType::F16 | ElementType::BF16 => 2,
            ElementType::S32 | ElementType::U32 | ElementType::F32 => 4,
            ElementType::S64 | ElementType::U64 | ElementType::F64 => 8,
        }
    }

    /// Short name as XLA prints it (`pred`, `s32`, `u8`, `bf16`, `f32`, ...).
    pub fn name(self) -> &'static str {
        match self {
            ElementType::Pred => "pred",
            ElementType::S8 => "s8",
            ElementType::S16 => "s16",
            ElementType::S32 => "s32",
            ElementType::S64 => "s64",
            ElementType::U8 => "u8",
            ElementType::U16 => "u16",
            ElementType::U32 => "u32",
            ElementType::U64 => "u64",
            ElementType::F16 => "f16",
            ElementType::BF16 => "bf16",
            ElementType::F32 => "f32",
            ElementType::F64 => "f64",
        }
    }

    /// The MLIR spelling of the element type (`i1`, `i32`, `ui8`, `bf16`, `f32`, ...).
    pub fn mlir_name(self) -> &'static str {
        match self {
            ElementType::Pred => "i1",
            ElementType::S8 => "i8",
            ElementType::S16 => "i16",
            ElementType::S32 => "i32",
            ElementType::S64 => "i64",
            ElementType::U8 => "ui8",
            ElementType::U16 => "ui16",
            ElementType::U32 => "ui32",
            ElementType::U64 => "ui64",
            ElementType::F16 => "f16",
            ElementType::BF16 => "bf16",
            ElementType::F32 => "f32",
            ElementType::F64 => "f64",
        }
    }

    /// Parses [`ElementType::name`], [`ElementType::mlir_name`] or a numpy dtype name
    /// (`bool`, `int32`, `uint8`, `float16`, `bfloat16`, `float32`, `float64`).
    pub fn from_name(name: &str) -> Option<ElementType> {
        let n = name.trim();
        ElementType::ALL
            .into_iter()
            .find(|t| t.name() == n || t.mlir_name() == n || t.numpy_name() == n)
    }

    /// numpy's dtype name (`bfloat16` is ml_dtypes').
    pub fn numpy_name(self) -> &'static str {
        match self {
            ElementType::Pred => "bool",
            ElementType::S8 => "int8",
            ElementType::S16 => "int16",
            ElementType::S32 => "int32",
            ElementType::S64 => "int64",
            ElementType::U8 => "uint8",
            ElementType::U16 => "uint16",
            ElementType::U32 => "uint32",
            ElementType::U64 => "uint64",
            ElementType::F16 => "float16",
            ElementType::BF16 => "bfloat16",
            ElementType::F32 => "float32",
            ElementType::F64 => "float64",
        }
    }
}

impl std::fmt::Display for ElementType {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A Rust scalar type that maps to one [`ElementType`].
pub trait Element: Copy {
    const TYPE: ElementType;
    /// Appends the little-endian bytes.
    fn write_le(self, out: &mut Vec<u8>);
    /// Reads from the first bytes (missing bytes read as zero).
    fn read_le(bytes: &[u8]) -> Self;
}

macro_rules! element {
    ($t:ty, $e:ident) => {
        impl Element for $t {
            const TYPE: ElementType = ElementType::$e;
            fn write_le(self, out: &mut Vec<u8>) {
                out.extend_from_slice(&self.to_le_bytes());
            }
            fn read_le(bytes: &[u8]) -> Self {
                let mut a = [0u8; std::mem::size_of::<$t>()];
                let n = a.len().min(bytes.len());
                a[..n].copy_from_slice(&bytes[..n]);
                <$t>::from_le_bytes(a)
            }
        }
    };
}
element!(i8, S8);
element!(i16, S16);
element!(i32, S32);
element!(i64, S64);
element!(u8, U8);
element!(u16, U16);
element!(u32, U32);
element!(u64, U64);
element!(f32, F32);
element!(f64, F64);

impl Element for bool {
    const TYPE: ElementType = ElementType::Pred;
    fn write_le(self, out: &mut Vec<u8>) {
        out.push(u8::from(self));
    }
    fn read_le(bytes: &[u8]) -> Self {
        bytes.first().is_some_and(|&b| b != 0)
    }
}

/// A dense row-major tensor on the host. `data` holds `product(dims)` elements of
/// `element`, little-endian, `element.byte_size()` bytes each.
#[derive(Clone, Debug, PartialEq)]
pub struct HostTensor {
    pub element: ElementType,
    pub dims: Vec<i64>,
    pub data: Vec<u8>,
}

/// Number of elements of a shape; errors on negative or overflowing dimensions.
pub fn element_count(dims: &[i64]) -> Result<usize, RuntimeError> {
    let mut n: usize = 1;
    for &d in dims {
        let d = usize::try_from(d).map_err(|_| {
            RuntimeError::InvalidInput(format!("negative dimension {d} in {dims:?}"))
        })?;
        n = n
            .checked_mul(d)
            .ok_or_else(|| RuntimeError::InvalidInput(format!("shape {dims:?} is too large")))?;
    }
    Ok(n)
}

impl HostTensor {
    /// A tensor from raw little-endian bytes; checks that the byte count fits the shape.
    pub fn new(element: ElementType, dims: Vec<i64>, data: Vec<u8>) -> Result<Self, RuntimeError> {
        let t = HostTensor {
            element,
            dims,
            data,
        };
        t.check()?;
        Ok(t)
    }

    /// A tensor of Rust scalars (`f32`, `i64`, `bool`, ...).
    pub fn from_slice<T: Element>(dims: &[i64], values: &[T]) -> Result<Self, RuntimeError> {
        let n = element_count(dims)?;
        if n != values.len() {
            return Err(RuntimeError::InvalidInput(format!(
                "shape {dims:?} has {n} elements but {} values were given",
                values.len()
            )));
        }
        let mut data = Vec::with_capacity(n * T::TYPE.byte_size());
        for &v in values {
            v.write_le(&mut data);
        }
        Ok(HostTensor {
            element: T::TYPE,
            dims: dims.to_vec(),
            data,
        })
    }

    /// A rank-0 tensor.
    pub fn scalar<T: Element>(value: T) -> Self {
        let mut data = Vec::new();
        value.write_le(&mut data);
        HostTensor {
            element: T::TYPE,
            dims: Vec::new(),
            data,
        }
    }

    /// A 16-bit float tensor (`F16` or `BF16`) from raw bit patterns.
    pub fn from_bits16(
        element: ElementType,
        dims: &[i64],
        bits: &[u16],
    ) -> Result<Self, RuntimeError> {
        if element.byte_size() != 2 {
            return Err(RuntimeError::InvalidInput(format!(
                "from_bits16 needs a 16-bit element type, got {element}"
            )));
        }
        let mut t = HostTensor::from_slice(dims, bits)?;
        t.element = element;
        Ok(t)
    }

    /// Number of elements.
    pub fn len(&self) -> Result<usize, RuntimeError> {
        element_count(&self.dims)
    }

    /// True if the tensor has no elements.
    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    /// Checks that `data` has exactly `product(dims) * byte_size` bytes.
    pub fn check(&self) -> Result<(), RuntimeError> {
        let n = element_count(&self.dims)?;
        let bytes = n.checked_mul(self.element.byte_size()).ok_or_else(|| {
            RuntimeError::InvalidInput(format!("shape {:?} is too large", self.dims))
        })?;
        if bytes != self.data.len() {
            return Err(RuntimeError::InvalidInput(format!(
                "{}{:?} needs {bytes} bytes of data, got {}",
                self.element,
                self.dims,
                self.data.len()
            )));
        }
        Ok(())
    }

    /// The elements as Rust scalars; `T` must match the element type (for `F16`/`BF16`
    /// use `u16`, which gives the bit patterns).
    pub fn to_vec<T: Element>(&self) -> Result<Vec<T>, RuntimeError> {
        let same = T::TYPE == self.element
            || (T::TYPE == ElementType::U16
                && matches!(self.element, ElementType::F16 | ElementType::BF16));
        if !same {
            return Err(RuntimeError::InvalidInput(format!(
                "tensor holds {}, not {}",
                self.element,
                T::TYPE
            )));
        }
        self.check()?;
        Ok(self
            .data
            .chunks_exact(self.element.byte_size())
            .map(T::read_le)
            .collect())
    }

    /// A short description such as `f32[2,3]`.
    pub fn type_string(&self) -> String {
        let dims: Vec<String> = self.dims.iter().map(|d| d.to_string()).collect();
        format!("{}[{}]", self.element, dims.join(","))
    }
}
