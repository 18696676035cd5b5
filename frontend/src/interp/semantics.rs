//! Scalar semantics of the kernel IR's pure operations, exactly as the op docs state them
//! (see [`crate::ir::ops`]). Values are `u64` bit patterns: integers zero-extended from
//! their width, floats as their IEEE bits, pointers as 64-bit addresses.
//!
//! Shared by every interpreter of the project so that "what an op means" is written once:
//! * integers wrap at their width; signed operations sign-extend first;
//! * f32 math is done in f32, f64 in f64, f16/bf16 in f32 and rounded once to the type
//!   (exact for + - * / sqrt, whose f32 results round correctly to half precision);
//! * `fma` rounds once; float -> int rounds toward zero, saturates, NaN gives 0;
//! * `fmin`/`fmax` ignore a NaN operand and order -0 below +0 (PTX `min`/`max`).

use crate::ir::{
    AtomicOp, BinaryOp, CastOp, FloatPredicate, IntPredicate, ShuffleMode, Type, UnaryOp, VoteMode,
};

/// Why a pure operation has no result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EvalError {
    DivisionByZero,
    /// The op does not apply to the type (the verifier rejects this; kept for safety).
    BadType,
}

/// The low `bits` of `v` as a signed number.
#[inline]
pub fn sext(v: u64, ty: Type) -> i64 {
    let shift = 64 - ty.bits();
    ((v << shift) as i64) >> shift
}

/// Keep the bits of `v` that belong to `ty` (pointers keep all 64).
#[inline]
pub fn mask(v: u64, ty: Type) -> u64 {
    if ty.is_ptr() {
        v
    } else {
        v & ty.mask()
    }
}

/// A float of type `ty` as f64 (exact).
#[inline]
pub fn float_value(bits: u64, ty: Type) -> f64 {
    match ty {
        Type::F32 => f64::from(f32::from_bits(bits as u32)),
        Type::F64 => f64::from_bits(bits),
        Type::F16 => f16_value(bits as u16),
        Type::BF16 => f64::from(f32::from_bits(u32::from(bits as u16) << 16)),
        _ => f64::NAN,
    }
}

/// Round `x` to the float type `ty` (to nearest even) and give its bits.
#[inline]
pub fn float_bits(x: f64, ty: Type) -> u64 {
    match ty {
        Type::F32 => u64::from((x as f32).to_bits()),
        Type::F64 => x.to_bits(),
        Type::F16 => round_to_small_float(x, 5, 10),
        Type::BF16 => round_to_small_float(x, 8, 7),
        _ => 0,
    }
}

fn f16_value(h: u16) -> f64 {
    let sign = if h & 0x8000 != 0 { -1.0 } else { 1.0 };
    let exp = i32::from((h >> 10) & 0x1f);
    let man = f64::from(h & 0x3ff);
    match exp {
        0 => sign * man * 2f64.powi(-24),
        31 if man == 0.0 => sign * f64::INFINITY,
        31 => f64::NAN,
        _ => sign * (1.0 + man / 1024.0) * 2f64.powi(exp - 15),
    }
}

/// Round an f64 to a binary float with `exp_bits` exponent and `man_bits` mantissa bits
/// (f16: 5/10, bf16: 8/7), to nearest even, in one step (no double rounding through f32).
pub fn round_to_small_float(x: f64, exp_bits: u32, man_bits: u32) -> u64 {
    let b = x.to_bits();
    let sign = (b >> 63) << (exp_bits + man_bits);
    let exp = ((b >> 52) & 0x7ff) as i32;
    let man = b & ((1u64 << 52) - 1);
    let max_biased = (1u64 << exp_bits) - 1;
    let bias = (1i32 << (exp_bits - 1)) - 1;
    let emin = 1 - bias;
    if exp == 0x7ff {
        if man == 0 {
            return sign | (max_biased << man_bits);
        }
        let payload = (man >> (52 - man_bits)) | (1 << (man_bits - 1));
        return sign | (max_biased << man_bits) | (payload & ((1 << man_bits) - 1));
    }
    if exp == 0 {
        // f64 subnormals are far below the smallest half-precision subnormal.
        return sign;
    }
    let mut e = exp - 1023;
    let full = man | (1u64 << 52);
    let ulp_exp = e.max(emin) - man_bits as i32;
    let shift = (ulp_exp - (e - 52)) as u32;
    let mut q = if shift >= 64 { 0 } else { full >> shift };
    let rem = if shift >= 64 {
        full
    } else {
        full & ((1u64 << shift) - 1)
    };
    let half = if shift >= 65 {
        u64::MAX
    } else {
        1u64 << (shift - 1)
    };
    if rem > half || (rem == half && q & 1 == 1) {
        q += 1;
    }
    if e < emin {
        // Subnormal (q == 1 << man_bits is the smallest normal, encoded the same way).
        return sign | q;
    }
    if q == 1u64 << (man_bits + 1) {
        q >>= 1;
        e += 1;
    }
    let biased = (e + bias) as u64;
    if biased >= max_biased {
        return sign | (max_biased << man_bits);
    }
    sign | (biased << man_bits) | (q & ((1u64 << man_bits) - 1))
}

/// Apply a math function in the precision of `ty` (f32 for f32/f16/bf16).
#[inline]
fn math1(ty: Type, bits: u64, f32f: impl Fn(f32) -> f32, f64f: impl Fn(f64) -> f64) -> u64 {
    match ty {
        Type::F64 => f64f(f64::from_bits(bits)).to_bits(),
        Type::F32 => u64::from(f32f(f32::from_bits(bits as u32)).to_bits()),
        _ => float_bits(f64::from(f32f(float_value(bits, ty) as f32)), ty),
    }
}

#[inline]
fn math2(
    ty: Type,
    a: u64,
    b: u64,
    f32f: impl Fn(f32, f32) -> f32,
    f64f: impl Fn(f64, f64) -> f64,
) -> u64 {
    match ty {
        Type::F64 => f64f(f64::from_bits(a), f64::from_bits(b)).to_bits(),
        Type::F32 => u64::from(f32f(f32::from_bits(a as u32), f32::from_bits(b as u32)).to_bits()),
        _ => float_bits(
            f64::from(f32f(float_value(a, ty) as f32, float_value(b, ty) as f32)),
            ty,
        ),
    }
}

fn fmin64(a: f64, b: f64) -> f64 {
    if a.is_nan() {
        b
    } else if b.is_nan() || a < b {
        a
    } else if b < a {
        b
    } else if a.is_sign_negative() {
        a
    } else {
        b
    }
}

fn fmax64(a: f64, b: f64) -> f64 {
    if a.is_nan() {
        b
    } else if b.is_nan() || a > b {
        a
    } else if b > a {
        b
    } else if a.is_sign_positive() {
        a
    } else {
        b
    }
}

fn fminimum64(a: f64, b: f64) -> f64 {
    if a.is_nan() || b.is_nan() {
        f64::NAN
    } else {
        fmin64(a, b)
    }
}

fn fmaximum64(a: f64, b: f64) -> f64 {
    if a.is_nan() || b.is_nan() {
        f64::NAN
    } else {
        fmax64(a, b)
    }
}

/// `op a` for a value of type `ty`.
pub fn unary(op: UnaryOp, ty: Type, a: u64) -> Result<u64, EvalError> {
    let w = ty.bits();
    let r = match op {
        UnaryOp::Not => !a,
        UnaryOp::Neg => a.wrapping_neg(),
        UnaryOp::Abs => sext(a, ty).wrapping_abs() as u64,
        UnaryOp::Clz => u64::from((a & ty.mask()).leading_zeros() - (64 - w)),
        UnaryOp::Popc => u64::from((a & ty.mask()).count_ones()),
        UnaryOp::Brev => (a & ty.mask()).reverse_bits() >> (64 - w),
        UnaryOp::FNeg => a ^ (1u64 << (w - 1)),
        UnaryOp::FAbs => a & !(1u64 << (w - 1)),
        UnaryOp::Sqrt => math1(ty, a, f32::sqrt, f64::sqrt),
        UnaryOp::Rsqrt => math1(ty, a, |x| 1.0 / x.sqrt(), |x| 1.0 / x.sqrt()),
        UnaryOp::Rcp => math1(ty, a, |x| 1.0 / x, |x| 1.0 / x),
        UnaryOp::Exp => math1(ty, a, f32::exp, f64::exp),
        UnaryOp::Exp2 => math1(ty, a, f32::exp2, f64::exp2),
        UnaryOp::Exp10 => math1(ty, a, libm::exp10f, libm::exp10),
        UnaryOp::Expm1 => math1(ty, a, f32::exp_m1, f64::exp_m1),
        UnaryOp::Log => math1(ty, a, f32::ln, f64::ln),
        UnaryOp::Log2 => math1(ty, a, f32::log2, f64::log2),
        UnaryOp::Log10 => math1(ty, a, f32::log10, f64::log10),
        UnaryOp::Log1p => math1(ty, a, f32::ln_1p, f64::ln_1p),
        UnaryOp::Sin => math1(ty, a, f32::sin, f64::sin),
        UnaryOp::Cos => math1(ty, a, f32::cos, f64::cos),
        UnaryOp::Tan => math1(ty, a, f32::tan, f64::tan),
        UnaryOp::Asin => math1(ty, a, f32::asin, f64::asin),
        UnaryOp::Acos => math1(ty, a, f32::acos, f64::acos),
        UnaryOp::Atan => math1(ty, a, f32::atan, f64::atan),
        UnaryOp::Sinh => math1(ty, a, f32::sinh, f64::sinh),
        UnaryOp::Cosh => math1(ty, a, f32::cosh, f64::cosh),
        UnaryOp::Tanh => math1(ty, a, f32::tanh, f64::tanh),
        UnaryOp::Asinh => math1(ty, a, f32::asinh, f64::asinh),
        UnaryOp::Acosh => math1(ty, a, f32::acosh, f64::acosh),
        UnaryOp::Atanh => math1(ty, a, f32::atanh, f64::atanh),
        UnaryOp::Erf => math1(ty, a, libm::erff, libm::erf),
        UnaryOp::Erfc => math1(ty, a, libm::erfcf, libm::erfc),
        UnaryOp::Cbrt => math1(ty, a, f32::cbrt, f64::cbrt),
        UnaryOp::Floor => math1(ty, a, f32::floor, f64::floor),
        UnaryOp::Ceil => math1(ty, a, f32::ceil, f64::ceil),
        UnaryOp::Trunc => math1(ty, a, f32::trunc, f64::trunc),
        UnaryOp::Round => math1(ty, a, f32::round, f64::round),
        UnaryOp::Rint => math1(ty, a, f32::round_ties_even, f64::round_ties_even),
        UnaryOp::Saturate => math1(
            ty,
            a,
            |x| if x.is_nan() { 0.0 } else { x.clamp(0.0, 1.0) },
            |x| if x.is_nan() { 0.0 } else { x.clamp(0.0, 1.0) },
        ),
    };
    Ok(mask(r, ty))
}

/// `a op b` for values of type `ty`.
pub fn binary(op: BinaryOp, ty: Type, a: u64, b: u64) -> Result<u64, EvalError> {
    let w = ty.bits();
    let m = ty.mask();
    let (ua, ub) = (a & m, b & m);
    let (sa, sb) = (sext(a, ty), sext(b, ty));
    let r = match op {
        BinaryOp::Add => a.wrapping_add(b),
        BinaryOp::Sub => a.wrapping_sub(b),
        BinaryOp::Mul => a.wrapping_mul(b),
        BinaryOp::MulHiS => ((i128::from(sa) * i128::from(sb)) >> w) as u64,
        BinaryOp::MulHiU => ((u128::from(ua) * u128::from(ub)) >> w) as u64,
        BinaryOp::UDiv => {
            if ub == 0 {
                return Err(EvalError::DivisionByZero);
            }
            ua / ub
        }
        BinaryOp::URem => {
            if ub == 0 {
                return Err(EvalError::DivisionByZero);
            }
            ua % ub
        }
        BinaryOp::SDiv => {
            if sb == 0 {
                return Err(EvalError::DivisionByZero);
            }
            sa.wrapping_div(sb) as u64
        }
        BinaryOp::SRem => {
            if sb == 0 {
                return Err(EvalError::DivisionByZero);
            }
            sa.wrapping_rem(sb) as u64
        }
        BinaryOp::And => a & b,
        BinaryOp::Or => a | b,
        BinaryOp::Xor => a ^ b,
        BinaryOp::Shl => {
            if ub >= u64::from(w) {
                0
            } else {
                ua << ub
            }
        }
        BinaryOp::LShr => {
            if ub >= u64::from(w) {
                0
            } else {
                ua >> ub
            }
        }
        BinaryOp::AShr => {
            if ub >= u64::from(w) {
                (sa >> 63) as u64
            } else {
                (sa >> ub) as u64
            }
        }
        BinaryOp::SMin => sa.min(sb) as u64,
        BinaryOp::SMax => sa.max(sb) as u64,
        BinaryOp::UMin => ua.min(ub),
        BinaryOp::UMax => ua.max(ub),
        BinaryOp::FAdd => math2(ty, a, b, |x, y| x + y, |x, y| x + y),
        BinaryOp::FSub => math2(ty, a, b, |x, y| x - y, |x, y| x - y),
        BinaryOp::FMul => math2(ty, a, b, |x, y| x * y, |x, y| x * y),
        BinaryOp::FDiv => math2(ty, a, b, |x, y| x / y, |x, y| x / y),
        BinaryOp::FRem => math2(ty, a, b, |x, y| x % y, |x, y| x % y),
        BinaryOp::FMin => math2(ty, a, b, |x, y| fmin64(x.into(), y.into()) as f32, fmin64),
        BinaryOp::FMax => math2(ty, a, b, |x, y| fmax64(x.into(), y.into()) as f32, fmax64),
        BinaryOp::FMinimum => math2(
            ty,
            a,
            b,
            |x, y| fminimum64(x.into(), y.into()) as f32,
            fminimum64,
        ),
        BinaryOp::FMaximum => math2(
            ty,
            a,
            b,
            |x, y| fmaximum64(x.into(), y.into()) as f32,
            fmaximum64,
        ),
        BinaryOp::Pow => math2(ty, a, b, f32::powf, f64::powf),
        BinaryOp::Atan2 => math2(ty, a, b, f32::atan2, f64::atan2),
        BinaryOp::CopySign => {
            let sign = 1u64 << (w - 1);
            (a & !sign) | (b & sign)
        }
    };
    Ok(mask(r, ty))
}

/// `a * b + c` rounded once.
pub fn fma(ty: Type, a: u64, b: u64, c: u64) -> u64 {
    match ty {
        Type::F64 => f64::from_bits(a)
            .mul_add(f64::from_bits(b), f64::from_bits(c))
            .to_bits(),
        Type::F32 => u64::from(
            f32::from_bits(a as u32)
                .mul_add(f32::from_bits(b as u32), f32::from_bits(c as u32))
                .to_bits(),
        ),
        // f16/bf16: the product is exact in f64 and the f64 fma rounds the sum once; a
        // second rounding to half precision can differ from a single rounding only when
        // the addend is more than 2^53 times smaller than the product and the product is
        // exactly a half-precision tie (products near 2^30 with addends near 2^-24).
        _ => float_bits(
            float_value(a, ty).mul_add(float_value(b, ty), float_value(c, ty)),
            ty,
        ),
    }
}

pub fn icmp(pred: IntPredicate, ty: Type, a: u64, b: u64) -> bool {
    let (ua, ub) = (mask(a, ty), mask(b, ty));
    let (sa, sb) = if ty.is_ptr() {
        (a as i64, b as i64)
    } else {
        (sext(a, ty), sext(b, ty))
    };
    match pred {
        IntPredicate::Eq => ua == ub,
        IntPredicate::Ne => ua != ub,
        IntPredicate::Slt => sa < sb,
        IntPredicate::Sle => sa <= sb,
        IntPredicate::Sgt => sa > sb,
        IntPredicate::Sge => sa >= sb,
        IntPredicate::Ult => ua < ub,
        IntPredicate::Ule => ua <= ub,
        IntPredicate::Ugt => ua > ub,
        IntPredicate::Uge => ua >= ub,
    }
}

pub fn fcmp(pred: FloatPredicate, ty: Type, a: u64, b: u64) -> bool {
    let (x, y) = (float_value(a, ty), float_value(b, ty));
    let unordered = x.is_nan() || y.is_nan();
    match pred {
        FloatPredicate::False => false,
        FloatPredicate::True => true,
        FloatPredicate::Ord => !unordered,
        FloatPredicate::Uno => unordered,
        FloatPredicate::Oeq => !unordered && x == y,
        FloatPredicate::One => !unordered && x != y,
        FloatPredicate::Olt => !unordered && x < y,
        FloatPredicate::Ole => !unordered && x <= y,
        FloatPredicate::Ogt => !unordered && x > y,
        FloatPredicate::Oge => !unordered && x >= y,
        FloatPredicate::Ueq => unordered || x == y,
        FloatPredicate::Une => unordered || x != y,
        FloatPredicate::Ult => unordered || x < y,
        FloatPredicate::Ule => unordered || x <= y,
        FloatPredicate::Ugt => unordered || x > y,
        FloatPredicate::Uge => unordered || x >= y,
    }
}

/// Float -> integer of `to`: round toward zero, saturate, NaN -> 0.
fn float_to_int(x: f64, to: Type, signed: bool) -> u64 {
    if x.is_nan() {
        return 0;
    }
    let w = to.bits();
    let r = if signed {
        let (lo, hi) = if w == 64 {
            (i64::MIN, i64::MAX)
        } else {
            (-(1i64 << (w - 1)), (1i64 << (w - 1)) - 1)
        };
        // `as` saturates at the i64 range; clamp further to the width.
        (x as i64).clamp(lo, hi) as u64
    } else {
        let hi = to.mask();
        (x as u64).min(hi)
    };
    mask(r, to)
}

/// Convert `a` of type `from` to type `to` (address-space casts are the caller's business:
/// here they keep the bits).
pub fn cast(op: CastOp, from: Type, to: Type, a: u64) -> u64 {
    match op {
        CastOp::Trunc | CastOp::ZExt | CastOp::Bitcast | CastOp::PtrToInt | CastOp::IntToPtr => {
            mask(mask(a, from), to)
        }
        CastOp::AddrSpaceCast => a,
        CastOp::SExt => mask(sext(a, from) as u64, to),
        CastOp::FpTrunc | CastOp::FpExt => {
            // f64 -> f32/f16 and f32 -> f16 round once from the exact source value.
            float_bits(float_value(a, from), to)
        }
        CastOp::FpToUi => float_to_int(float_value(a, from), to, false),
        CastOp::FpToSi => float_to_int(float_value(a, from), to, true),
        CastOp::UiToFp => {
            let v = mask(a, from);
            match to {
                Type::F32 => u64::from((v as f32).to_bits()),
                Type::F64 => (v as f64).to_bits(),
                // Exact in f64 below 2^53; half types overflow to inf long before that.
                _ => float_bits(v as f64, to),
            }
        }
        CastOp::SiToFp => {
            let v = sext(a, from);
            match to {
                Type::F32 => u64::from((v as f32).to_bits()),
                Type::F64 => (v as f64).to_bits(),
                _ => float_bits(v as f64, to),
            }
        }
    }
}

/// The lane that lane `me` of a PTX `shfl.sync` reads, given its lane/delta operand `b`
/// and its `c` operand (segment mask in bits 8-12, clamp in bits 0-4): the computed source
/// lane when it is inside the clamp, else `me` itself (PTX ISA, `shfl.sync`).
pub fn shuffle_source_lane(mode: ShuffleMode, me: u32, b: u64, c: u64) -> i32 {
    let b = (b & 0x1f) as i32;
    let c = c as u32;
    let segmask = ((c >> 8) & 0x1f) as i32;
    let cval = (c & 0x1f) as i32;
    let me = me as i32;
    let max_lane = (me & segmask) | (cval & !segmask);
    let min_lane = me & segmask;
    let (j, in_range) = match mode {
        ShuffleMode::Up => (me - b, me - b >= max_lane),
        ShuffleMode::Down => (me + b, me + b <= max_lane),
        ShuffleMode::Bfly => (me ^ b, (me ^ b) <= max_lane),
        ShuffleMode::Idx => {
            let j = min_lane | (b & !segmask);
            (j, j <= max_lane)
        }
    };
    if in_range {
        j
    } else {
        me
    }
}

/// The result of a warp vote for one lane: `members` are the participating lanes (mask
/// restricted to lanes at the vote, plus the lane itself), `ballot` those of them whose
/// predicate is true.
pub fn vote_result(mode: VoteMode, members: u32, ballot: u32) -> u64 {
    match mode {
        VoteMode::All => u64::from(ballot == members),
        VoteMode::Any => u64::from(ballot != 0),
        VoteMode::Uni => u64::from(ballot == 0 || ballot == members),
        VoteMode::Ballot => u64::from(ballot),
    }
}

/// The value an atomic read-modify-write stores, given the old memory contents `old` and
/// the operand `v` (both of type `ty`); not yet masked to `ty`.
pub fn atomic(op: AtomicOp, ty: Type, old: u64, v: u64) -> Result<u64, EvalError> {
    let m = ty.mask();
    Ok(match op {
        AtomicOp::Add => old.wrapping_add(v),
        AtomicOp::FAdd => binary(BinaryOp::FAdd, ty, old, v)?,
        AtomicOp::Sub => old.wrapping_sub(v),
        AtomicOp::And => old & v,
        AtomicOp::Or => old | v,
        AtomicOp::Xor => old ^ v,
        AtomicOp::Exch => v,
        AtomicOp::SMin => binary(BinaryOp::SMin, ty, old, v)?,
        AtomicOp::SMax => binary(BinaryOp::SMax, ty, old, v)?,
        AtomicOp::UMin => binary(BinaryOp::UMin, ty, old, v)?,
        AtomicOp::UMax => binary(BinaryOp::UMax, ty, old, v)?,
        AtomicOp::FMin => binary(BinaryOp::FMin, ty, old, v)?,
        AtomicOp::FMax => binary(BinaryOp::FMax, ty, old, v)?,
        AtomicOp::Inc => {
            if old & m >= v & m {
                0
            } else {
                old + 1
            }
        }
        AtomicOp::Dec => {
            if old & m == 0 || old & m > v & m {
                v
            } else {
                old - 1
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integer_wrapping_and_shifts() {
        assert_eq!(binary(BinaryOp::Add, Type::I32, 0xffff_ffff, 1), Ok(0));
        assert_eq!(binary(BinaryOp::Shl, Type::I32, 1, 32), Ok(0));
        assert_eq!(
            binary(BinaryOp::AShr, Type::I32, 0x8000_0000, 40),
            Ok(0xffff_ffff)
        );
        assert_eq!(
            binary(BinaryOp::SDiv, Type::I32, 0x8000_0000, 0xffff_ffff),
            Ok(0x8000_0000)
        );
        assert_eq!(
            binary(BinaryOp::UDiv, Type::I32, 1, 0),
            Err(EvalError::DivisionByZero)
        );
        assert_eq!(binary(BinaryOp::MulHiU, Type::I32, 0xffff_ffff, 2), Ok(1));
        assert_eq!(unary(UnaryOp::Clz, Type::I32, 1), Ok(31));
        assert_eq!(unary(UnaryOp::Brev, Type::I8, 1), Ok(0x80));
    }

    #[test]
    fn float_conversions_saturate_and_round() {
        let f = |x: f32| u64::from(x.to_bits());
        assert_eq!(
            cast(CastOp::FpToSi, Type::F32, Type::I32, f(3e10)),
            0x7fff_ffff
        );
        assert_eq!(
            cast(CastOp::FpToSi, Type::F32, Type::I32, f(-2.7)),
            (-2i32) as u32 as u64
        );
        assert_eq!(cast(CastOp::FpToUi, Type::F32, Type::I8, f(300.0)), 255);
        assert_eq!(cast(CastOp::FpToSi, Type::F32, Type::I32, f(f32::NAN)), 0);
        // 1 + 2^-11 + 2^-30 rounds up to 1 + 2^-10 in f16 (no double rounding via f32).
        let x = 1.0 + 2f64.powi(-11) + 2f64.powi(-30);
        let h = cast(CastOp::FpTrunc, Type::F64, Type::F16, x.to_bits());
        assert_eq!(h, 0x3c01);
    }

    #[test]
    fn half_rounding_matches_exhaustive_f32_reference() {
        // Every f16 value round-trips, and midpoints round to even.
        for h in 0u16..=0xffff {
            let x = f16_value(h);
            if x.is_nan() {
                continue;
            }
            assert_eq!(round_to_small_float(x, 5, 10), u64::from(h), "{h:#x}");
        }
        assert_eq!(round_to_small_float(65520.0, 5, 10), 0x7c00);
        assert_eq!(round_to_small_float(65519.99, 5, 10), 0x7bff);
        assert_eq!(round_to_small_float(2f64.powi(-25), 5, 10), 0);
        assert_eq!(round_to_small_float(2f64.powi(-25) * 1.5, 5, 10), 1);
        // bf16 agrees with truncating f32 bits plus round-to-nearest-even.
        for bits in [
            0x3f80_8000u32,
            0x3f81_8000,
            0x3f80_8001,
            0x7f7f_ffff,
            0x0000_8000,
        ] {
            let x = f64::from(f32::from_bits(bits));
            let lower = bits & 0xffff;
            let mut upper = bits >> 16;
            if lower > 0x8000 || (lower == 0x8000 && upper & 1 == 1) {
                upper += 1;
            }
            assert_eq!(round_to_small_float(x, 8, 7), u64::from(upper), "{bits:#x}");
        }
    }

    #[test]
    fn fmin_ignores_nan_and_orders_zeros() {
        let f = |x: f32| u64::from(x.to_bits());
        assert_eq!(
            binary(BinaryOp::FMin, Type::F32, f(f32::NAN), f(2.0)),
            Ok(f(2.0))
        );
        assert_eq!(
            binary(BinaryOp::FMin, Type::F32, f(0.0), f(-0.0)),
            Ok(f(-0.0))
        );
        assert_eq!(
            binary(BinaryOp::FMax, Type::F32, f(-0.0), f(0.0)),
            Ok(f(0.0))
        );
        let nan = binary(BinaryOp::FMinimum, Type::F32, f(f32::NAN), f(2.0)).unwrap_or(0);
        assert!(f32::from_bits(nan as u32).is_nan());
    }

    #[test]
    fn fma_rounds_once() {
        let f = |x: f32| u64::from(x.to_bits());
        let a = 1.0f32 + 2f32.powi(-12);
        let got = f32::from_bits(fma(Type::F32, f(a), f(a), f(-1.0)) as u32);
        assert_eq!(got, a.mul_add(a, -1.0));
        assert_ne!(got, a * a - 1.0);
    }
}
