//! Host-side arrays: an element type ([`DType`]), a shape and raw little-endian bytes in
//! C (row-major) order ([`HostBuffer`]).
//!
//! This is the form in which spec buffers travel between `.npy` files, the launch spec
//! and every execution target. Elements can be read and written as `f64` for checks and
//! tests; half-precision formats (`f16`, `bf16`) are encoded and decoded here without an
//! external crate, rounding to nearest, ties to even: `f16` straight from `f64` (as
//! NumPy does), `bf16` through `f32` (as `ml_dtypes`, Eigen and XLA do).

use std::fmt;

/// The element type of a buffer (the names used in launch specs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DType {
    /// IEEE 754 binary16.
    F16,
    /// bfloat16 (the upper half of an `f32`).
    BF16,
    /// IEEE 754 binary32.
    F32,
    /// IEEE 754 binary64.
    F64,
    /// Signed 8-bit integer.
    I8,
    /// Signed 16-bit integer.
    I16,
    /// Signed 32-bit integer.
    I32,
    /// Signed 64-bit integer.
    I64,
    /// Unsigned 8-bit integer.
    U8,
    /// Unsigned 16-bit integer.
    U16,
    /// Unsigned 32-bit integer.
    U32,
    /// Unsigned 64-bit integer.
    U64,
    /// One byte per element, 0 or 1 (NumPy's `bool_`).
    Bool,
}

impl DType {
    /// Every dtype, in a fixed order.
    pub const ALL: [DType; 13] = [
        DType::F16,
        DType::BF16,
        DType::F32,
        DType::F64,
        DType::I8,
        DType::I16,
        DType::I32,
        DType::I64,
        DType::U8,
        DType::U16,
        DType::U32,
        DType::U64,
        DType::Bool,
    ];

    /// The dtype with this spec name (`f16 bf16 f32 f64 i8 i16 i32 i64 u8 u16 u32 u64
    /// bool`), or `None`.
    pub fn parse(name: &str) -> Option<DType> {
        DType::ALL.into_iter().find(|d| d.name() == name)
    }

    /// The spec name of this dtype (`"f32"`, `"bf16"`, `"bool"`, ...).
    pub fn name(self) -> &'static str {
        match self {
            DType::F16 => "f16",
            DType::BF16 => "bf16",
            DType::F32 => "f32",
            DType::F64 => "f64",
            DType::I8 => "i8",
            DType::I16 => "i16",
            DType::I32 => "i32",
            DType::I64 => "i64",
            DType::U8 => "u8",
            DType::U16 => "u16",
            DType::U32 => "u32",
            DType::U64 => "u64",
            DType::Bool => "bool",
        }
    }

    /// Bytes per element.
    pub fn size_bytes(self) -> usize {
        match self {
            DType::I8 | DType::U8 | DType::Bool => 1,
            DType::F16 | DType::BF16 | DType::I16 | DType::U16 => 2,
            DType::F32 | DType::I32 | DType::U32 => 4,
            DType::F64 | DType::I64 | DType::U64 => 8,
        }
    }

    /// Whether this is a floating-point type (`f16`, `bf16`, `f32`, `f64`).
    pub fn is_float(self) -> bool {
        matches!(self, DType::F16 | DType::BF16 | DType::F32 | DType::F64)
    }

    /// Whether this is a signed integer type (`i8` to `i64`).
    pub fn is_signed_int(self) -> bool {
        matches!(self, DType::I8 | DType::I16 | DType::I32 | DType::I64)
    }

    /// Whether this is an unsigned integer type (`u8` to `u64`; not `bool`).
    pub fn is_unsigned_int(self) -> bool {
        matches!(self, DType::U8 | DType::U16 | DType::U32 | DType::U64)
    }
}

impl fmt::Display for DType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What can go wrong building or indexing a [`HostBuffer`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BufferError {
    /// The shape's element count or byte size does not fit in `usize`.
    #[error("shape {shape:?} of {dtype} is too large")]
    TooLarge {
        /// The element type.
        dtype: DType,
        /// The offending shape.
        shape: Vec<usize>,
    },
    /// A number of values that does not match the shape.
    #[error("{given} values given for shape {shape:?} ({needed} elements)")]
    LengthMismatch {
        /// Values given.
        given: usize,
        /// Elements the shape has.
        needed: usize,
        /// The shape.
        shape: Vec<usize>,
    },
    /// The byte length of `data` does not match `shape` and `dtype`.
    #[error("data has {actual} bytes, shape {shape:?} of {dtype} needs {needed}")]
    DataLength {
        /// Bytes present.
        actual: usize,
        /// Bytes the shape needs.
        needed: usize,
        /// The shape.
        shape: Vec<usize>,
        /// The element type.
        dtype: DType,
    },
    /// An element index past the end.
    #[error("element index {index} is out of range for {len} elements")]
    OutOfRange {
        /// The index asked for.
        index: usize,
        /// The number of elements.
        len: usize,
    },
}

/// The number of elements of `shape` (1 for the 0-d shape `[]`), or `None` on overflow.
pub fn element_count(shape: &[usize]) -> Option<usize> {
    shape.iter().try_fold(1usize, |acc, &d| acc.checked_mul(d))
}

/// The byte size of an array of `dtype` with `shape`, or `None` on overflow.
pub fn byte_len(dtype: DType, shape: &[usize]) -> Option<usize> {
    element_count(shape)?.checked_mul(dtype.size_bytes())
}

/// A host array: little-endian element bytes in C order.
///
/// The fields are public; [`HostBuffer::check`] tells whether they agree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HostBuffer {
    /// The element type.
    pub dtype: DType,
    /// The dimensions, outermost first (`[]` for a 0-d array of one element).
    pub shape: Vec<usize>,
    /// `element_count(shape) * dtype.size_bytes()` bytes, little-endian, C order.
    pub data: Vec<u8>,
}

impl HostBuffer {
    /// An array of zeros (all-zero bytes: `0`, `0.0` or `false`).
    pub fn zeros(dtype: DType, shape: &[usize]) -> Result<HostBuffer, BufferError> {
        let bytes = byte_len(dtype, shape).ok_or_else(|| BufferError::TooLarge {
            dtype,
            shape: shape.to_vec(),
        })?;
        Ok(HostBuffer {
            dtype,
            shape: shape.to_vec(),
            data: vec![0; bytes],
        })
    }

    /// An array from `f64` values in C order, each converted as by [`HostBuffer::set_f64`].
    pub fn from_f64(
        dtype: DType,
        shape: &[usize],
        values: &[f64],
    ) -> Result<HostBuffer, BufferError> {
        let needed = element_count(shape).ok_or_else(|| BufferError::TooLarge {
            dtype,
            shape: shape.to_vec(),
        })?;
        if needed != values.len() {
            return Err(BufferError::LengthMismatch {
                given: values.len(),
                needed,
                shape: shape.to_vec(),
            });
        }
        let size = dtype.size_bytes();
        let mut data = Vec::with_capacity(values.len().saturating_mul(size));
        for &v in values {
            let mut bytes = [0u8; 8];
            encode_f64(dtype, v, &mut bytes[..size]);
            data.extend_from_slice(&bytes[..size]);
        }
        Ok(HostBuffer {
            dtype,
            shape: shape.to_vec(),
            data,
        })
    }

    /// Checks that `data` has exactly the bytes that `shape` and `dtype` need.
    pub fn check(&self) -> Result<(), BufferError> {
        let needed = byte_len(self.dtype, &self.shape).ok_or_else(|| BufferError::TooLarge {
            dtype: self.dtype,
            shape: self.shape.clone(),
        })?;
        if needed != self.data.len() {
            return Err(BufferError::DataLength {
                actual: self.data.len(),
                needed,
                shape: self.shape.clone(),
                dtype: self.dtype,
            });
        }
        Ok(())
    }

    /// The number of whole elements in `data`.
    pub fn len(&self) -> usize {
        self.data.len() / self.dtype.size_bytes()
    }

    /// Whether there are no elements.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The size in bytes of `data`.
    pub fn byte_len(&self) -> usize {
        self.data.len()
    }

    /// Element `index` (C order) as `f64`, or `None` past the end.
    ///
    /// Floats convert exactly; integers exactly up to 2^53 in magnitude (then rounded);
    /// `bool` gives 0 or 1 (any non-zero byte is 1).
    pub fn get_f64(&self, index: usize) -> Option<f64> {
        let size = self.dtype.size_bytes();
        let start = index.checked_mul(size)?;
        let bytes = self.data.get(start..start.checked_add(size)?)?;
        Some(decode_f64(self.dtype, bytes))
    }

    /// Sets element `index` (C order) from `v`.
    ///
    /// Floats round to nearest, ties to even (overflowing to infinity; `bf16` through
    /// `f32`, see [`f64_to_bf16_bits`]); integers truncate
    /// toward zero and saturate at the type's bounds (NaN becomes 0); `bool` is
    /// `v != 0` (NaN is true).
    pub fn set_f64(&mut self, index: usize, v: f64) -> Result<(), BufferError> {
        let size = self.dtype.size_bytes();
        let len = self.len();
        let range = index
            .checked_mul(size)
            .and_then(|s| Some(s..s.checked_add(size)?))
            .ok_or(BufferError::OutOfRange { index, len })?;
        let slot = self
            .data
            .get_mut(range)
            .ok_or(BufferError::OutOfRange { index, len })?;
        encode_f64(self.dtype, v, slot);
        Ok(())
    }

    /// Every element as `f64`, in C order (see [`HostBuffer::get_f64`]).
    pub fn to_f64_vec(&self) -> Vec<f64> {
        self.data
            .chunks_exact(self.dtype.size_bytes())
            .map(|c| decode_f64(self.dtype, c))
            .collect()
    }
}

/// Decodes one little-endian element of `dtype` (`bytes` has exactly its size).
fn decode_f64(dtype: DType, bytes: &[u8]) -> f64 {
    let mut b = [0u8; 8];
    let n = bytes.len().min(8);
    b[..n].copy_from_slice(&bytes[..n]);
    let b2 = [b[0], b[1]];
    let b4 = [b[0], b[1], b[2], b[3]];
    match dtype {
        DType::F16 => f16_bits_to_f64(u16::from_le_bytes(b2)),
        DType::BF16 => bf16_bits_to_f64(u16::from_le_bytes(b2)),
        DType::F32 => f64::from(f32::from_le_bytes(b4)),
        DType::F64 => f64::from_le_bytes(b),
        DType::I8 => f64::from(b[0] as i8),
        DType::I16 => f64::from(i16::from_le_bytes(b2)),
        DType::I32 => f64::from(i32::from_le_bytes(b4)),
        DType::I64 => i64::from_le_bytes(b) as f64,
        DType::U8 => f64::from(b[0]),
        DType::U16 => f64::from(u16::from_le_bytes(b2)),
        DType::U32 => f64::from(u32::from_le_bytes(b4)),
        DType::U64 => u64::from_le_bytes(b) as f64,
        DType::Bool => f64::from(u8::from(b[0] != 0)),
    }
}

/// Encodes `v` as one little-endian element of `dtype` into `out` (exactly its size).
fn encode_f64(dtype: DType, v: f64, out: &mut [u8]) {
    let bytes: [u8; 8] = match dtype {
        DType::F16 => widen(&f64_to_f16_bits(v).to_le_bytes()),
        DType::BF16 => widen(&f64_to_bf16_bits(v).to_le_bytes()),
        DType::F32 => widen(&(v as f32).to_le_bytes()),
        DType::F64 => v.to_le_bytes(),
        DType::I8 => widen(&(v as i8).to_le_bytes()),
        DType::I16 => widen(&(v as i16).to_le_bytes()),
        DType::I32 => widen(&(v as i32).to_le_bytes()),
        DType::I64 => (v as i64).to_le_bytes(),
        DType::U8 => widen(&(v as u8).to_le_bytes()),
        DType::U16 => widen(&(v as u16).to_le_bytes()),
        DType::U32 => widen(&(v as u32).to_le_bytes()),
        DType::U64 => (v as u64).to_le_bytes(),
        DType::Bool => widen(&[u8::from(v != 0.0)]),
    };
    let n = out.len().min(8);
    out[..n].copy_from_slice(&bytes[..n]);
}

fn widen(bytes: &[u8]) -> [u8; 8] {
    let mut b = [0u8; 8];
    let n = bytes.len().min(8);
    b[..n].copy_from_slice(&bytes[..n]);
    b
}

/// Decodes IEEE binary16 bits (exactly).
pub fn f16_bits_to_f64(bits: u16) -> f64 {
    small_float_to_f64(bits, 5, 10)
}

/// Decodes bfloat16 bits (exactly).
pub fn bf16_bits_to_f64(bits: u16) -> f64 {
    f64::from(f32::from_bits(u32::from(bits) << 16))
}

/// Encodes `v` as IEEE binary16 bits, rounding to nearest, ties to even.
pub fn f64_to_f16_bits(v: f64) -> u16 {
    f64_to_small_float(v, 5, 10)
}

/// Encodes `v` as bfloat16 bits: rounded to `f32` first, then to bfloat16, each step to
/// nearest, ties to even.
///
/// This is how `ml_dtypes` (`np.asarray(v).astype(bfloat16)`), Eigen and XLA convert,
/// so results match NumPy-made reference files bit for bit. It differs from a single
/// correct rounding only for `f64` values within 2^-24 (relative) of a bfloat16 tie.
pub fn f64_to_bf16_bits(v: f64) -> u16 {
    f32_to_bf16_bits(v as f32)
}

/// Encodes `v` as bfloat16 bits, rounding to nearest, ties to even.
pub fn f32_to_bf16_bits(v: f32) -> u16 {
    f64_to_small_float(f64::from(v), 8, 7)
}

/// Decodes a sign/exponent/mantissa float of `exp_bits + mant_bits + 1 <= 16` bits.
fn small_float_to_f64(bits: u16, exp_bits: u32, mant_bits: u32) -> f64 {
    let bias = (1i32 << (exp_bits - 1)) - 1;
    let sign = if bits >> (exp_bits + mant_bits) & 1 == 1 {
        -1.0
    } else {
        1.0
    };
    let exp_field = i32::from(bits >> mant_bits) & ((1 << exp_bits) - 1);
    let mant = f64::from(bits & ((1u16 << mant_bits) - 1));
    let scale = f64::from(1u32 << mant_bits);
    let magnitude = if exp_field == (1 << exp_bits) - 1 {
        if mant == 0.0 {
            f64::INFINITY
        } else {
            f64::NAN
        }
    } else if exp_field == 0 {
        mant / scale * 2f64.powi(1 - bias)
    } else {
        (1.0 + mant / scale) * 2f64.powi(exp_field - bias)
    };
    sign * magnitude
}

/// Rounds `m >> shift` to nearest, ties to even (`1 <= shift <= 63`).
fn round_shift(m: u64, shift: u32) -> u64 {
    let q = m >> shift;
    let rem = m & ((1u64 << shift) - 1);
    let half = 1u64 << (shift - 1);
    if rem > half || (rem == half && q & 1 == 1) {
        q + 1
    } else {
        q
    }
}

/// Encodes `v` in a sign/exponent/mantissa format of `exp_bits + mant_bits + 1 <= 16`
/// bits, rounding to nearest, ties to even, directly from the `f64` bits.
fn f64_to_small_float(v: f64, exp_bits: u32, mant_bits: u32) -> u16 {
    let sign: u64 = u64::from(v.is_sign_negative()) << (exp_bits + mant_bits);
    let exp_all_ones: u64 = ((1u64 << exp_bits) - 1) << mant_bits;
    let out = |x: u64| -> u16 { u16::try_from(x).unwrap_or(u16::MAX) };
    if v.is_nan() {
        // A quiet NaN.
        return out(sign | exp_all_ones | (1u64 << (mant_bits - 1)));
    }
    if v.is_infinite() {
        return out(sign | exp_all_ones);
    }
    let bits = v.to_bits();
    let exp_field = ((bits >> 52) & 0x7ff) as i32;
    if exp_field == 0 {
        // Zero or an f64 subnormal: far below any small format's smallest subnormal.
        return out(sign);
    }
    let m_full = (bits & ((1u64 << 52) - 1)) | (1u64 << 52);
    let e = exp_field - 1023;
    let bias = (1i32 << (exp_bits - 1)) - 1;
    let emin = 1 - bias;
    let emax = bias;
    if e > emax {
        return out(sign | exp_all_ones);
    }
    let magnitude = if e >= emin {
        // Normal: q includes the implicit bit, so a carry out of the mantissa bumps the
        // exponent (up to infinity), as it should.
        let q = round_shift(m_full, 52 - mant_bits);
        ((e - emin) as u64 * (1u64 << mant_bits)) + q
    } else {
        // Subnormal (or rounds up to the smallest normal).
        let shift = 52 + emin - mant_bits as i32 - e;
        if shift >= 54 {
            0
        } else {
            round_shift(m_full, shift as u32)
        }
    };
    out(sign | magnitude)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dtype_names_round_trip() {
        for d in DType::ALL {
            assert_eq!(DType::parse(d.name()), Some(d));
        }
        assert_eq!(DType::parse("float32"), None);
        assert_eq!(DType::parse("F32"), None);
        assert!(DType::BF16.is_float() && !DType::BF16.is_signed_int());
        assert!(DType::I8.is_signed_int() && !DType::U8.is_signed_int());
        assert!(!DType::Bool.is_signed_int() && !DType::Bool.is_unsigned_int());
        assert_eq!(DType::BF16.size_bytes(), 2);
        assert_eq!(DType::Bool.size_bytes(), 1);
        assert_eq!(DType::U64.to_string(), "u64");
    }

    #[test]
    fn f16_known_values() {
        assert_eq!(f64_to_f16_bits(1.0), 0x3c00);
        assert_eq!(f64_to_f16_bits(-2.0), 0xc000);
        assert_eq!(f64_to_f16_bits(65504.0), 0x7bff);
        assert_eq!(f64_to_f16_bits(65519.99), 0x7bff);
        assert_eq!(f64_to_f16_bits(65520.0), 0x7c00); // tie to even: infinity
        assert_eq!(f64_to_f16_bits(1e10), 0x7c00);
        assert_eq!(f64_to_f16_bits(f64::NEG_INFINITY), 0xfc00);
        assert_eq!(f64_to_f16_bits(2f64.powi(-24)), 0x0001);
        assert_eq!(f64_to_f16_bits(2f64.powi(-25)), 0x0000); // tie to even: zero
        assert_eq!(f64_to_f16_bits(2f64.powi(-25) * 1.000001), 0x0001);
        assert_eq!(f64_to_f16_bits(-0.0), 0x8000);
        assert_eq!(f64_to_f16_bits(1e-300), 0);
        assert_eq!(f64_to_f16_bits(f64::MIN_POSITIVE / 4.0), 0);
        assert!(f16_bits_to_f64(f64_to_f16_bits(f64::NAN)).is_nan());
        assert_eq!(f16_bits_to_f64(0x3555), 0.333251953125);
        assert_eq!(f16_bits_to_f64(0x0001), 2f64.powi(-24));
        assert_eq!(f16_bits_to_f64(0x7c00), f64::INFINITY);
        // 1 + 2^-11 is the midpoint of 1 and 1 + 2^-10: ties to even (1).
        assert_eq!(f64_to_f16_bits(1.0 + 2f64.powi(-11)), 0x3c00);
        assert_eq!(f64_to_f16_bits(1.0 + 3.0 * 2f64.powi(-11)), 0x3c02);
        // Just above the midpoint by less than an f32 ulp: f64 -> f32 -> f16 would
        // round to the tie and then to even; the direct rounding goes up.
        assert_eq!(
            f64_to_f16_bits(1.0 + 2f64.powi(-11) + 2f64.powi(-40)),
            0x3c01
        );
    }

    #[test]
    fn f16_exhaustive_round_trip_and_midpoints() {
        for bits in 0..=u16::MAX {
            let v = f16_bits_to_f64(bits);
            if v.is_nan() {
                assert!(f16_bits_to_f64(f64_to_f16_bits(v)).is_nan());
                continue;
            }
            assert_eq!(f64_to_f16_bits(v), bits, "bits {bits:#06x}");
            // Midpoint to the next value up in magnitude: ties go to the even one.
            let next = bits.wrapping_add(1);
            if bits & 0x7fff < 0x7c00 && next & 0x7fff <= 0x7c00 {
                let w = f16_bits_to_f64(next);
                let mid = if w.is_infinite() {
                    v + (v - f16_bits_to_f64(bits - 1)) / 2.0
                } else {
                    (v + w) / 2.0
                };
                let want = if bits & 1 == 0 { bits } else { next };
                assert_eq!(f64_to_f16_bits(mid), want, "midpoint after {bits:#06x}");
            }
        }
    }

    #[test]
    fn bf16_round_trip_and_rounding() {
        for bits in 0..=u16::MAX {
            let v = bf16_bits_to_f64(bits);
            if v.is_nan() {
                assert!(bf16_bits_to_f64(f64_to_bf16_bits(v)).is_nan());
            } else {
                assert_eq!(f64_to_bf16_bits(v), bits, "bits {bits:#06x}");
            }
        }
        assert_eq!(f64_to_bf16_bits(1.0), 0x3f80);
        assert_eq!(f64_to_bf16_bits(1.0 + 2f64.powi(-8)), 0x3f80); // tie to even
        assert_eq!(f64_to_bf16_bits(1.0 + 3.0 * 2f64.powi(-8)), 0x3f82);
        assert_eq!(
            f64_to_bf16_bits(1.0 + 2f64.powi(-8) + 2f64.powi(-20)),
            0x3f81
        );
        // Below f32 resolution the f64 -> f32 step lands on the tie first (as ml_dtypes).
        assert_eq!(
            f64_to_bf16_bits(1.0 + 2f64.powi(-8) + 2f64.powi(-30)),
            0x3f80
        );
        assert_eq!(
            f32_to_bf16_bits(1.0 + 2f32.powi(-8) + 2f32.powi(-20)),
            0x3f81
        );
        assert_eq!(f32_to_bf16_bits(f32::NEG_INFINITY), 0xff80);
        assert_eq!(f64_to_bf16_bits(f64::from(f32::MAX)), 0x7f80); // rounds to infinity
        assert_eq!(f64_to_bf16_bits(3.0e38), 0x7f62);
        assert_eq!(f64_to_bf16_bits(2f64.powi(-133)), 0x0001);
        assert_eq!(f64_to_bf16_bits(2f64.powi(-134)), 0x0000);
    }

    #[test]
    fn host_buffer_basics() {
        let b = HostBuffer::zeros(DType::F32, &[2, 3]).unwrap();
        assert_eq!(b.len(), 6);
        assert_eq!(b.byte_len(), 24);
        assert!(b.check().is_ok());
        assert_eq!(b.to_f64_vec(), vec![0.0; 6]);
        let s = HostBuffer::zeros(DType::I64, &[]).unwrap();
        assert_eq!(s.len(), 1);
        assert!(HostBuffer::zeros(DType::F64, &[usize::MAX, 2]).is_err());
        assert!(HostBuffer::zeros(DType::F64, &[usize::MAX / 4]).is_err());

        let vals = [1.0, -2.5, 3.0, 0.1];
        for d in DType::ALL {
            let mut b = HostBuffer::from_f64(d, &[2, 2], &vals).unwrap();
            assert_eq!(b.data.len(), 4 * d.size_bytes());
            let got = b.to_f64_vec();
            assert_eq!(got.len(), 4);
            match d {
                DType::F64 => assert_eq!(got, vals),
                DType::F32 => assert_eq!(got[3], f64::from(0.1f32)),
                DType::F16 => assert_eq!(got[..3], vals[..3]),
                DType::BF16 => assert_eq!(got[..3], vals[..3]),
                DType::Bool => assert_eq!(got, [1.0, 1.0, 1.0, 1.0]),
                d if d.is_signed_int() => assert_eq!(got, [1.0, -2.0, 3.0, 0.0]),
                _ => assert_eq!(got, [1.0, 0.0, 3.0, 0.0]),
            }
            b.set_f64(3, 7.0).unwrap();
            assert_eq!(b.get_f64(3), Some(if d == DType::Bool { 1.0 } else { 7.0 }));
            assert_eq!(b.get_f64(4), None);
            assert!(b.set_f64(4, 1.0).is_err());
            assert!(b.set_f64(usize::MAX, 1.0).is_err());
            assert_eq!(b.get_f64(usize::MAX), None);
        }
        assert!(HostBuffer::from_f64(DType::F32, &[3], &[1.0]).is_err());
        let i8s = HostBuffer::from_f64(DType::I8, &[3], &[300.0, -300.0, f64::NAN]).unwrap();
        assert_eq!(i8s.to_f64_vec(), [127.0, -128.0, 0.0]);
        let u64s = HostBuffer::from_f64(DType::U64, &[1], &[1e19]).unwrap();
        assert_eq!(u64s.data, 10_000_000_000_000_000_000u64.to_le_bytes());
        let f16 = HostBuffer::from_f64(DType::F16, &[1], &[1.0]).unwrap();
        assert_eq!(f16.data, [0x00, 0x3c]);
        let bad = HostBuffer {
            dtype: DType::F32,
            shape: vec![3],
            data: vec![0; 11],
        };
        assert_eq!(
            bad.check().unwrap_err().to_string(),
            "data has 11 bytes, shape [3] of f32 needs 12"
        );
    }
}
