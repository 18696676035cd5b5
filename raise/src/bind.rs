//! Binding a launch's spec `args` to a kernel's parameters.
//!
//! The spec lists source-level arguments; the kernel's [`AbiArg`]s say how each becomes
//! parameters (one parameter for clang kernels; `5 + 2n` for a Numba n-D array). A number
//! is typed by the parameter it lands in; a string names a buffer, whose base pointer is
//! passed. Every mismatch is a `bad-spec` diagnostic naming the launch, the kernel and the
//! argument.

use frontend::ir::{AbiArg, Function, Type};
use frontend::Diagnostic;

use crate::buffers::DType;
use crate::spec::{Launch, LaunchSpec, SpecArg};

/// What one kernel parameter receives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParamValue {
    /// A scalar's bits (integers zero-extended from the parameter width, floats as IEEE bits).
    Bits(u64),
    /// The base pointer of the spec buffer with this index.
    BufferBase(usize),
    /// A pointer into a buffer at a byte offset (not produced by specs yet; for ABIs that
    /// pass interior pointers).
    BufferOffset(usize, u64),
}

impl ParamValue {
    /// The parameter's bits, given the base pointer of every buffer.
    pub fn resolve(self, buffer_base: &[u64]) -> u64 {
        match self {
            ParamValue::Bits(b) => b,
            ParamValue::BufferBase(i) => buffer_base.get(i).copied().unwrap_or(0),
            ParamValue::BufferOffset(i, off) => {
                buffer_base.get(i).copied().unwrap_or(0).wrapping_add(off)
            }
        }
    }
}

fn bad(launch_index: usize, kernel: &Function, msg: impl std::fmt::Display) -> Diagnostic {
    Diagnostic::new(
        "bad-spec",
        format!(
            "launch {} (kernel '{}'): {msg}",
            launch_index + 1,
            kernel.display_name
        ),
    )
}

/// Bind `launch.args` to the parameters of `kernel`; gives one value per parameter.
pub fn bind_args(
    spec: &LaunchSpec,
    launch_index: usize,
    launch: &Launch,
    kernel: &Function,
) -> Result<Vec<ParamValue>, Diagnostic> {
    let abi: Vec<AbiArg> = if kernel.abi.is_empty() && !kernel.params.is_empty() {
        (0..kernel.params.len() as u32).map(AbiArg::Param).collect()
    } else {
        kernel.abi.clone()
    };
    if abi.len() != launch.args.len() {
        return Err(bad(
            launch_index,
            kernel,
            format!(
                "the kernel takes {} argument{}, the spec gives {}",
                abi.len(),
                if abi.len() == 1 { "" } else { "s" },
                launch.args.len()
            ),
        ));
    }
    let types = kernel.param_types();
    let mut params: Vec<Option<ParamValue>> = vec![None; types.len()];
    for (arg_index, (abi_arg, arg)) in abi.iter().zip(&launch.args).enumerate() {
        let describe = |a: &SpecArg| match a {
            SpecArg::Int(i) => i.to_string(),
            SpecArg::Float(x) => format!("{x:?}"),
            SpecArg::Bool(b) => b.to_string(),
            SpecArg::Buffer(i) => format!(
                "buffer '{}'",
                spec.buffers.get(*i).map(|b| b.name.as_str()).unwrap_or("?")
            ),
        };
        let arg_name = |p: u32| -> String {
            match kernel.param_names.get(p as usize) {
                Some(Some(n)) => format!("argument {} ('{n}')", arg_index + 1),
                _ => format!("argument {}", arg_index + 1),
            }
        };
        match abi_arg {
            AbiArg::Param(p) => {
                let Some(&ty) = types.get(*p as usize) else {
                    return Err(bad(
                        launch_index,
                        kernel,
                        "ABI names a parameter that does not exist",
                    ));
                };
                let value = match arg {
                    SpecArg::Buffer(b) => {
                        if !(ty.is_ptr() || ty == Type::I64) {
                            return Err(bad(
                                launch_index,
                                kernel,
                                format!(
                                    "{} is a {ty} parameter; the spec gives {}",
                                    arg_name(*p),
                                    describe(arg)
                                ),
                            ));
                        }
                        ParamValue::BufferBase(*b)
                    }
                    scalar => {
                        if ty.is_ptr() {
                            return Err(bad(
                                launch_index,
                                kernel,
                                format!(
                                    "{} is a pointer; the spec gives {} (name a buffer)",
                                    arg_name(*p),
                                    describe(scalar)
                                ),
                            ));
                        }
                        ParamValue::Bits(scalar_bits(scalar, ty).map_err(|m| {
                            bad(launch_index, kernel, format!("{}: {m}", arg_name(*p)))
                        })?)
                    }
                };
                params[*p as usize] = Some(value);
            }
            AbiArg::NumbaArray { first, ndim } => {
                let SpecArg::Buffer(b) = arg else {
                    return Err(bad(
                        launch_index,
                        kernel,
                        format!(
                            "argument {} is an array; the spec gives {} (name a buffer)",
                            arg_index + 1,
                            describe(arg)
                        ),
                    ));
                };
                let Some(buffer) = spec.buffers.get(*b) else {
                    return Err(bad(launch_index, kernel, "unknown buffer"));
                };
                if buffer.shape.len() != *ndim as usize {
                    return Err(bad(
                        launch_index,
                        kernel,
                        format!(
                            "argument {} is a {ndim}-D array; buffer '{}' has shape {:?}",
                            arg_index + 1,
                            buffer.name,
                            buffer.shape
                        ),
                    ));
                }
                let itemsize = buffer.dtype.size_bytes() as u64;
                let nitems: u64 = buffer.shape.iter().map(|&d| d as u64).product();
                let mut strides = vec![0u64; buffer.shape.len()];
                let mut acc = itemsize;
                for (i, &d) in buffer.shape.iter().enumerate().rev() {
                    strides[i] = acc;
                    acc = acc.saturating_mul(d as u64);
                }
                let mut values = vec![
                    ParamValue::Bits(0),
                    ParamValue::Bits(0),
                    ParamValue::Bits(nitems),
                    ParamValue::Bits(itemsize),
                    ParamValue::BufferBase(*b),
                ];
                values.extend(buffer.shape.iter().map(|&d| ParamValue::Bits(d as u64)));
                values.extend(strides.iter().map(|&s| ParamValue::Bits(s)));
                for (k, v) in values.into_iter().enumerate() {
                    let index = *first as usize + k;
                    let Some(slot) = params.get_mut(index) else {
                        return Err(bad(
                            launch_index,
                            kernel,
                            "Numba array ABI runs past the parameter list",
                        ));
                    };
                    *slot = Some(v);
                }
            }
        }
    }
    params
        .into_iter()
        .enumerate()
        .map(|(i, p)| {
            p.ok_or_else(|| {
                bad(
                    launch_index,
                    kernel,
                    format!("parameter {i} is not bound by the ABI"),
                )
            })
        })
        .collect()
}

/// The bits of a scalar spec argument passed in a parameter of type `ty`.
fn scalar_bits(arg: &SpecArg, ty: Type) -> Result<u64, String> {
    match (arg, ty) {
        (SpecArg::Bool(b), t) if t.is_int() => Ok(u64::from(*b)),
        (SpecArg::Int(i), t) if t.is_int() => {
            let bits = t.bits();
            if bits < 64 {
                let min = -(1i128 << (bits - 1));
                let max = (1i128 << bits) - 1; // allow the unsigned range too
                let v = *i as i128;
                if v < min || v > max {
                    return Err(format!("{i} does not fit in {t}"));
                }
            }
            Ok((*i as u64) & t.mask())
        }
        (SpecArg::Int(i), t) if t.is_float() => Ok(float_bits(*i as f64, t)),
        (SpecArg::Float(x), t) if t.is_float() => Ok(float_bits(*x, t)),
        (SpecArg::Float(x), t) if t.is_int() => Err(format!(
            "the parameter is {t}; the spec gives the non-integer {x:?}"
        )),
        (a, t) => Err(format!("cannot pass {a:?} as {t}")),
    }
}

fn float_bits(x: f64, ty: Type) -> u64 {
    match ty {
        Type::F64 => x.to_bits(),
        Type::F32 => u64::from((x as f32).to_bits()),
        Type::F16 => u64::from(f32_to_f16_bits(x as f32)),
        Type::BF16 => u64::from(f32_to_bf16_bits(x as f32)),
        _ => 0,
    }
}

/// The element size of a buffer in bytes (helper for drivers).
pub fn element_bytes(dtype: DType) -> usize {
    dtype.size_bytes()
}

/// IEEE binary16 bits of `x`, rounded to nearest even.
pub fn f32_to_f16_bits(x: f32) -> u16 {
    let bits = x.to_bits();
    let sign = ((bits >> 16) & 0x8000) as u16;
    let exp = ((bits >> 23) & 0xff) as i32;
    let mant = bits & 0x7f_ffff;
    if exp == 0xff {
        return sign | 0x7c00 | if mant != 0 { 0x200 } else { 0 };
    }
    let e = exp - 127 + 15;
    if e >= 0x1f {
        return sign | 0x7c00;
    }
    if e <= 0 {
        if e < -10 {
            return sign;
        }
        let m = mant | 0x80_0000;
        let shift = (14 - e) as u32;
        let half = 1u32 << (shift - 1);
        let rest = m & ((1u32 << shift) - 1);
        let mut out = m >> shift;
        if rest > half || (rest == half && out & 1 == 1) {
            out += 1;
        }
        return sign | out as u16;
    }
    let mut out = ((e as u32) << 10) | (mant >> 13);
    let rest = mant & 0x1fff;
    if rest > 0x1000 || (rest == 0x1000 && out & 1 == 1) {
        out += 1;
    }
    sign | out as u16
}

/// bfloat16 bits of `x`, rounded to nearest even.
pub fn f32_to_bf16_bits(x: f32) -> u16 {
    let bits = x.to_bits();
    if x.is_nan() {
        return ((bits >> 16) as u16) | 0x40;
    }
    let round = 0x7fff + ((bits >> 16) & 1);
    (bits.wrapping_add(round) >> 16) as u16
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_conversions() {
        assert_eq!(f32_to_f16_bits(1.0), 0x3c00);
        assert_eq!(f32_to_f16_bits(-2.0), 0xc000);
        assert_eq!(f32_to_f16_bits(65504.0), 0x7bff);
        assert_eq!(f32_to_f16_bits(1e6), 0x7c00);
        assert_eq!(f32_to_f16_bits(5.960_464_5e-8), 0x0001);
        assert_eq!(f32_to_bf16_bits(1.0), 0x3f80);
        assert_eq!(f32_to_bf16_bits(3.0), 0x4040);
    }

    #[test]
    fn scalar_ranges() {
        assert_eq!(scalar_bits(&SpecArg::Int(-1), Type::I32), Ok(0xffff_ffff));
        assert!(scalar_bits(&SpecArg::Int(1 << 40), Type::I32).is_err());
        assert_eq!(
            scalar_bits(&SpecArg::Int(2), Type::F32),
            Ok(u64::from(2.0f32.to_bits()))
        );
        assert!(scalar_bits(&SpecArg::Float(2.5), Type::I32).is_err());
    }
}
