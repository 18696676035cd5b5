//! Calls: device functions of the module, LLVM and NVVM intrinsics, libdevice math.
//!
//! * A call to a function of the kernel IR becomes `call`.
//! * `llvm.*` intrinsics map to kernel-IR ops (see [`FnLower::intrinsic`]); debug,
//!   lifetime and assume intrinsics are dropped; `llvm.trap` ends the block with `trap`.
//! * libdevice (`__nv_expf`, `__nv_pow`, ...) and the C math names of declared functions
//!   (`expf`, `sqrt`, ...) become `unary`/`binary`/`fma` ops, whether libdevice was linked
//!   in or not. Their results are the mathematically rounded ones the interpreter gives,
//!   not libdevice's last-bit behaviour.
//! * `__syncwarp(mask)` (`llvm.nvvm.bar.warp.sync`) becomes `fence` + `vote all mask, true`:
//!   `vote.sync` is the kernel IR's warp rendezvous (it waits for every thread of the mask).
//! * Shuffles and votes in NVVM's form (`llvm.nvvm.shfl.sync.i32(mask, mode, ...)`,
//!   `llvm.nvvm.vote.sync(mask, mode, pred)`, as Numba emits) and the `.i32p`/`.f32p`
//!   shuffles give PTX's in-range predicate, computed from the lane id as PTX defines it.
//! * `ftz` variants of NVVM intrinsics are read as their non-`ftz` forms (denormals are
//!   not flushed); `approx` variants as the exact operation.
//! * Anything else is an `unsupported-intrinsic` error naming the callee and the caller.

use super::func::{FnLower, Res};
use super::llvm::{Opcode, TypeKind, ValueKind, V};
use crate::ir::*;

/// Direct callees of a function (defined or declared).
pub(crate) fn direct_callees<'m>(f: V<'m>) -> Vec<V<'m>> {
    let mut out = Vec::new();
    for b in f.blocks() {
        for i in b.instructions() {
            if i.opcode() != Some(Opcode::LLVMCall) {
                continue;
            }
            if let Some(c) = i.called_value() {
                if c.kind() == ValueKind::LLVMFunctionValueKind {
                    out.push(c);
                }
            }
        }
    }
    out
}

/// Whether calls to a function of this name are translated to ops even when the module
/// defines it (linked-in libdevice).
pub(crate) fn is_mapped_function(name: &str) -> bool {
    name.strip_prefix("__nv_")
        .is_some_and(|base| libdevice(base).is_some())
}

/// How a libdevice / C math function is translated.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Math {
    /// Float unary op, lane type preserved.
    Un(UnaryOp),
    /// Float binary op.
    Bin(BinaryOp),
    Fma,
    /// Integer unary op, type preserved.
    IUn(UnaryOp),
    /// `clz`/`popc` giving an `i32` count of an `i32`/`i64`.
    ICount(UnaryOp),
    /// Integer binary op.
    IBin(BinaryOp),
    /// A conversion, optionally rounding first (float -> int with `rn`/`rd`/`ru`).
    Conv(Option<UnaryOp>, CastOp),
    /// Reinterpret bits.
    Bits,
    /// `powi(x, n)`: `pow(x, (float)n)`.
    PowI,
    IsNan,
    IsInf,
    IsFinite,
    SignBit,
    /// `sincos(x, &s, &c)`.
    SinCos,
    /// `ffs(x)`: 1 + the index of the lowest set bit, 0 for 0 (an `i32`).
    Ffs,
    /// The low / high 32 bits of a double.
    DoubleLo,
    DoubleHi,
    /// A double from (low, high) 32-bit halves.
    DoubleFromHalves,
}

fn float_unary(base: &str) -> Option<UnaryOp> {
    Some(match base {
        "sqrt" => UnaryOp::Sqrt,
        "rsqrt" => UnaryOp::Rsqrt,
        "exp" => UnaryOp::Exp,
        "exp2" => UnaryOp::Exp2,
        "exp10" => UnaryOp::Exp10,
        "expm1" => UnaryOp::Expm1,
        "log" => UnaryOp::Log,
        "log2" => UnaryOp::Log2,
        "log10" => UnaryOp::Log10,
        "log1p" => UnaryOp::Log1p,
        "sin" => UnaryOp::Sin,
        "cos" => UnaryOp::Cos,
        "tan" => UnaryOp::Tan,
        "asin" => UnaryOp::Asin,
        "acos" => UnaryOp::Acos,
        "atan" => UnaryOp::Atan,
        "sinh" => UnaryOp::Sinh,
        "cosh" => UnaryOp::Cosh,
        "tanh" => UnaryOp::Tanh,
        "asinh" => UnaryOp::Asinh,
        "acosh" => UnaryOp::Acosh,
        "atanh" => UnaryOp::Atanh,
        "erf" => UnaryOp::Erf,
        "erfc" => UnaryOp::Erfc,
        "cbrt" => UnaryOp::Cbrt,
        "floor" => UnaryOp::Floor,
        "ceil" => UnaryOp::Ceil,
        "trunc" => UnaryOp::Trunc,
        "round" => UnaryOp::Round,
        "rint" | "nearbyint" => UnaryOp::Rint,
        "fabs" => UnaryOp::FAbs,
        _ => return None,
    })
}

fn float_binary(base: &str) -> Option<BinaryOp> {
    Some(match base {
        "pow" => BinaryOp::Pow,
        "atan2" => BinaryOp::Atan2,
        "fmin" => BinaryOp::FMin,
        "fmax" => BinaryOp::FMax,
        "fmod" => BinaryOp::FRem,
        "copysign" => BinaryOp::CopySign,
        _ => return None,
    })
}

/// C math names (double form `exp`, float form `expf`).
fn c_math(name: &str) -> Option<Math> {
    let pick = |n: &str| {
        float_unary(n)
            .map(Math::Un)
            .or_else(|| float_binary(n).map(Math::Bin))
            .or_else(|| (n == "fma").then_some(Math::Fma))
    };
    pick(name).or_else(|| name.strip_suffix('f').and_then(pick))
}

/// libdevice functions, by the name after `__nv_`.
fn libdevice(base: &str) -> Option<Math> {
    let base = base.strip_prefix("fast_").unwrap_or(base);
    if let Some(m) = c_math(base) {
        return Some(m);
    }
    use CastOp::*;
    Some(match base {
        "saturatef" => Math::Un(UnaryOp::Saturate),
        "frcp_rn" | "drcp_rn" => Math::Un(UnaryOp::Rcp),
        "fsqrt_rn" | "dsqrt_rn" => Math::Un(UnaryOp::Sqrt),
        "fdiv_rn" | "ddiv_rn" | "fdividef" => Math::Bin(BinaryOp::FDiv),
        "fadd_rn" | "dadd_rn" => Math::Bin(BinaryOp::FAdd),
        "fsub_rn" | "dsub_rn" => Math::Bin(BinaryOp::FSub),
        "fmul_rn" | "dmul_rn" => Math::Bin(BinaryOp::FMul),
        "fmaf_rn" | "fma_rn" => Math::Fma,
        "abs" | "llabs" => Math::IUn(UnaryOp::Abs),
        "brev" | "brevll" => Math::IUn(UnaryOp::Brev),
        "clz" | "clzll" => Math::ICount(UnaryOp::Clz),
        "popc" | "popcll" => Math::ICount(UnaryOp::Popc),
        "min" | "llmin" => Math::IBin(BinaryOp::SMin),
        "max" | "llmax" => Math::IBin(BinaryOp::SMax),
        "umin" | "ullmin" => Math::IBin(BinaryOp::UMin),
        "umax" | "ullmax" => Math::IBin(BinaryOp::UMax),
        "mulhi" | "mul64hi" => Math::IBin(BinaryOp::MulHiS),
        "umulhi" | "umul64hi" => Math::IBin(BinaryOp::MulHiU),
        "float_as_int" | "int_as_float" | "float_as_uint" | "uint_as_float"
        | "double_as_longlong" | "longlong_as_double" => Math::Bits,
        "double2float_rn" => Math::Conv(None, FpTrunc),
        "int2float_rn" | "int2double_rn" | "ll2float_rn" | "ll2double_rn" => {
            Math::Conv(None, SiToFp)
        }
        "uint2float_rn" | "uint2double_rn" | "ull2float_rn" | "ull2double_rn" => {
            Math::Conv(None, UiToFp)
        }
        "powif" | "powi" => Math::PowI,
        "isnanf" | "isnand" => Math::IsNan,
        "isinff" | "isinfd" => Math::IsInf,
        "finitef" | "isfinited" => Math::IsFinite,
        "signbitf" | "signbitd" => Math::SignBit,
        "sincosf" | "sincos" => Math::SinCos,
        "ffs" | "ffsll" => Math::Ffs,
        _ => return float_to_int(base),
    })
}

/// `float2int_rz`, `double2ull_rn`, ...
fn float_to_int(base: &str) -> Option<Math> {
    let (from, rest) = base.split_once('2')?;
    if from != "float" && from != "double" {
        return None;
    }
    let (to, mode) = rest.split_once('_')?;
    let cast = match to {
        "int" | "ll" => CastOp::FpToSi,
        "uint" | "ull" => CastOp::FpToUi,
        _ => return None,
    };
    let round = rounding(mode)?;
    Some(Math::Conv(round, cast))
}

/// Rounding applied before a float -> int conversion (which truncates).
fn rounding(mode: &str) -> Option<Option<UnaryOp>> {
    Some(match mode {
        "rz" => None,
        "rn" => Some(UnaryOp::Rint),
        "rd" | "rm" => Some(UnaryOp::Floor),
        "ru" | "rp" => Some(UnaryOp::Ceil),
        _ => return None,
    })
}

/// Strip the overload suffixes (`.i32`, `.f32`, `.p0`, `.v4f32`) of an intrinsic name and
/// the `llvm.` prefix: `llvm.memcpy.p0.p1.i64` -> `memcpy`.
fn intrinsic_base(name: &str) -> String {
    let rest = name.strip_prefix("llvm.").unwrap_or(name);
    let segs: Vec<&str> = rest.split('.').collect();
    let mut end = segs.len();
    while end > 1 && is_type_mangle(segs[end - 1]) {
        end -= 1;
    }
    segs[..end].join(".")
}

fn is_type_mangle(s: &str) -> bool {
    let digits_after = |p: &str| {
        s.strip_prefix(p)
            .is_some_and(|r| !r.is_empty() && r.chars().all(|c| c.is_ascii_digit()))
    };
    matches!(s, "f16" | "f32" | "f64" | "f128" | "bf16" | "isVoid")
        || digits_after("i")
        || digits_after("p")
        || (s.starts_with('v') && s[1..].starts_with(|c: char| c.is_ascii_digit()))
        || s.starts_with("nxv")
}

fn special_reg(name: &str) -> Option<SpecialReg> {
    Some(match name {
        "tid.x" => SpecialReg::TidX,
        "tid.y" => SpecialReg::TidY,
        "tid.z" => SpecialReg::TidZ,
        "ntid.x" => SpecialReg::NtidX,
        "ntid.y" => SpecialReg::NtidY,
        "ntid.z" => SpecialReg::NtidZ,
        "ctaid.x" => SpecialReg::CtaidX,
        "ctaid.y" => SpecialReg::CtaidY,
        "ctaid.z" => SpecialReg::CtaidZ,
        "nctaid.x" => SpecialReg::NctaidX,
        "nctaid.y" => SpecialReg::NctaidY,
        "nctaid.z" => SpecialReg::NctaidZ,
        "laneid" => SpecialReg::LaneId,
        "warpsize" => SpecialReg::WarpSize,
        _ => return None,
    })
}

/// The first dotted component(s) of an NVVM float intrinsic and whether its rounding
/// suffix is acceptable (`rn`, `approx`, none).
fn nvvm_float_op(base: &str) -> Option<Math> {
    let mut parts = base.split('.');
    let head = parts.next()?;
    let rest: Vec<&str> = parts.collect();
    let mode_ok = rest
        .iter()
        .all(|p| matches!(*p, "rn" | "approx" | "ftz" | "f" | "d" | "full" | "sat"));
    if !mode_ok {
        return None;
    }
    Some(match head {
        "ex2" => Math::Un(UnaryOp::Exp2),
        "lg2" => Math::Un(UnaryOp::Log2),
        "sin" => Math::Un(UnaryOp::Sin),
        "cos" => Math::Un(UnaryOp::Cos),
        "sqrt" => Math::Un(UnaryOp::Sqrt),
        "rsqrt" => Math::Un(UnaryOp::Rsqrt),
        "rcp" => Math::Un(UnaryOp::Rcp),
        "fabs" => Math::Un(UnaryOp::FAbs),
        "saturate" => Math::Un(UnaryOp::Saturate),
        "floor" => Math::Un(UnaryOp::Floor),
        "ceil" => Math::Un(UnaryOp::Ceil),
        "trunc" => Math::Un(UnaryOp::Trunc),
        // NVVM's round is `cvt.rni`: half to even.
        "round" => Math::Un(UnaryOp::Rint),
        "fmin" => Math::Bin(BinaryOp::FMin),
        "fmax" => Math::Bin(BinaryOp::FMax),
        "div" => Math::Bin(BinaryOp::FDiv),
        "add" => Math::Bin(BinaryOp::FAdd),
        "mul" => Math::Bin(BinaryOp::FMul),
        "fma" => Math::Fma,
        _ => return None,
    })
}

/// NVVM conversions: `f2i.rz`, `d2ull.rn`, `i2f.rn`, `d2f.rn`, `bitcast.f2i`, ...
fn nvvm_conversion(base: &str) -> Option<Math> {
    if let Some(b) = base.strip_prefix("bitcast.") {
        return matches!(b, "f2i" | "i2f" | "ll2d" | "d2ll").then_some(Math::Bits);
    }
    let mut parts = base.split('.');
    let head = parts.next()?;
    let mode = parts.next()?;
    if parts.any(|p| p != "ftz") {
        return None;
    }
    let (from, to) = head.split_once('2')?;
    let is_float = |s: &str| s == "f" || s == "d";
    let int_kind = |s: &str| match s {
        "i" | "ll" => Some(true),
        "ui" | "ull" => Some(false),
        _ => None,
    };
    if is_float(from) && is_float(to) {
        return (from == "d" && to == "f" && mode == "rn")
            .then_some(Math::Conv(None, CastOp::FpTrunc));
    }
    if is_float(from) {
        let signed = int_kind(to)?;
        let cast = if signed {
            CastOp::FpToSi
        } else {
            CastOp::FpToUi
        };
        return Some(Math::Conv(rounding(mode)?, cast));
    }
    if is_float(to) && mode == "rn" {
        let signed = int_kind(from)?;
        return Some(Math::Conv(
            None,
            if signed {
                CastOp::SiToFp
            } else {
                CastOp::UiToFp
            },
        ));
    }
    None
}

impl<'a, 'm> FnLower<'a, 'm> {
    fn unsupported_call(&self, name: &str) -> crate::diag::Diagnostic {
        self.err(
            "unsupported-intrinsic",
            format!(
                "call to unsupported external function or intrinsic '{name}' in '{}'",
                self.f.display_name
            ),
        )
    }

    /// Translate a call; gives its result leaves (`None` for `void`).
    pub(crate) fn call(&mut self, i: V<'m>) -> Res<Option<Vec<Value>>> {
        let callee = i
            .called_value()
            .ok_or_else(|| self.err("bad-llvm-ir", "call without a callee"))?;
        match callee.kind() {
            ValueKind::LLVMFunctionValueKind => {}
            ValueKind::LLVMInlineAsmValueKind => {
                return Err(self.err(
                    "unsupported-instruction",
                    "inline assembly is not supported",
                ))
            }
            _ => {
                return Err(self.err(
                    "unsupported-instruction",
                    "indirect calls are not supported",
                ))
            }
        }
        let name = callee.name();
        let args = i.call_args();
        if name.starts_with("llvm.") {
            return self.intrinsic(&name, i, &args);
        }
        if let Some(base) = name.strip_prefix("__nv_") {
            if let Some(m) = libdevice(base) {
                return self.math(m, &name, i, &args);
            }
        }
        if let Some(&id) = self.cx.funcs.get(&callee) {
            let mut vals = Vec::new();
            for &a in &args {
                vals.extend(self.get(a)?);
            }
            let sig = self
                .cx
                .sigs
                .get(id.index())
                .cloned()
                .ok_or_else(|| self.err("bad-llvm-ir", "call to an unknown function"))?;
            // An aggregate result comes back through a slot in the caller's frame.
            let slot = if sig.sret {
                let rt = i.ty();
                let bytes = self.cx.llvm.alloc_size(rt);
                let align = self.cx.llvm.abi_align(rt).max(1);
                let p = self.entry_alloca(bytes, align);
                vals.push(p);
                Some(p)
            } else {
                None
            };
            let got: Vec<Type> = vals.iter().map(|&v| self.ty(v)).collect();
            if got != sig.params {
                return Err(self.err(
                    "unsupported-instruction",
                    format!("call to @{name} with arguments that do not match its parameters"),
                ));
            }
            let op = Op::Call {
                callee: id,
                args: vals,
            };
            return Ok(match (sig.ret, slot) {
                (Some(t), _) => Some(vec![self.emit(op, t)]),
                (None, Some(p)) => {
                    self.emit_void(op);
                    let ls =
                        super::types::leaves(self.cx.llvm, i.ty()).map_err(|e| self.ty_err(e))?;
                    let mut out = Vec::new();
                    for leaf in ls {
                        let addr = self.ptr_offset(p, leaf.offset);
                        out.push(self.emit(Op::Load { ptr: addr }, leaf.ty));
                    }
                    Some(out)
                }
                (None, None) => {
                    self.emit_void(op);
                    None
                }
            });
        }
        if callee.is_declaration() {
            if let Some(m) = c_math(&name) {
                return self.math(m, &name, i, &args);
            }
        }
        Err(self.unsupported_call(&name))
    }

    /// Result leaf types of a call (empty for `void`).
    fn result_types(&self, i: V<'m>) -> Res<Vec<Type>> {
        if i.ty().kind() == TypeKind::LLVMVoidTypeKind {
            return Ok(Vec::new());
        }
        self.leaf_types(i.ty())
    }

    fn args_leaves(&mut self, args: &[V<'m>]) -> Res<Vec<Vec<Value>>> {
        args.iter().map(|&a| self.get(a)).collect()
    }

    fn arg1(&mut self, name: &str, args: &[V<'m>], k: usize) -> Res<Value> {
        let a = *args.get(k).ok_or_else(|| self.unsupported_call(name))?;
        self.get1(a)
    }

    /// libdevice / C math and NVVM float ops, lane by lane.
    fn math(&mut self, m: Math, name: &str, i: V<'m>, args: &[V<'m>]) -> Res<Option<Vec<Value>>> {
        let rtys = self.result_types(i)?;
        let a = self.args_leaves(args)?;
        let bad = |s: &Self| s.unsupported_call(name);
        let lane_ty = |s: &Self, k: usize, lane: usize| -> Option<Type> {
            a.get(k).and_then(|x| x.get(lane)).map(|&v| s.ty(v))
        };
        if m == Math::SinCos {
            let (x, ps, pc) = match (a.first(), a.get(1), a.get(2)) {
                (Some(x), Some(s), Some(c)) if x.len() == 1 && s.len() == 1 && c.len() == 1 => {
                    (x[0], s[0], c[0])
                }
                _ => return Err(bad(self)),
            };
            let t = self.ty(x);
            if !t.is_float() {
                return Err(bad(self));
            }
            let s = self.emit(Op::Unary(UnaryOp::Sin, x), t);
            let c = self.emit(Op::Unary(UnaryOp::Cos, x), t);
            self.emit_void(Op::Store { ptr: ps, value: s });
            self.emit_void(Op::Store { ptr: pc, value: c });
            return Ok(None);
        }
        let mut out = Vec::new();
        for (lane, &rt) in rtys.iter().enumerate() {
            let arg = |k: usize| a.get(k).and_then(|x| x.get(lane)).copied();
            let t0 = lane_ty(self, 0, lane);
            let v = match m {
                Math::Un(op) => {
                    let x = arg(0).ok_or_else(|| bad(self))?;
                    if !rt.is_float() || t0 != Some(rt) || a.len() != 1 {
                        return Err(bad(self));
                    }
                    self.emit(Op::Unary(op, x), rt)
                }
                Math::IUn(op) => {
                    let x = arg(0).ok_or_else(|| bad(self))?;
                    if !rt.is_int() || t0 != Some(rt) || a.len() != 1 {
                        return Err(bad(self));
                    }
                    self.emit(Op::Unary(op, x), rt)
                }
                Math::ICount(op) => {
                    let x = arg(0).ok_or_else(|| bad(self))?;
                    let t = t0.ok_or_else(|| bad(self))?;
                    if !t.is_int() || !rt.is_int() || a.len() != 1 {
                        return Err(bad(self));
                    }
                    let c = self.emit(Op::Unary(op, x), t);
                    self.resize_int(c, rt, false)
                }
                Math::Bin(op) | Math::IBin(op) => {
                    let (x, y) = (arg(0), arg(1));
                    let (Some(x), Some(y)) = (x, y) else {
                        return Err(bad(self));
                    };
                    let ok_kind = if matches!(m, Math::Bin(_)) {
                        rt.is_float()
                    } else {
                        rt.is_int()
                    };
                    if !ok_kind || self.ty(x) != rt || self.ty(y) != rt || a.len() != 2 {
                        return Err(bad(self));
                    }
                    self.emit(Op::Binary(op, x, y), rt)
                }
                Math::Fma => {
                    let (Some(x), Some(y), Some(z)) = (arg(0), arg(1), arg(2)) else {
                        return Err(bad(self));
                    };
                    if !rt.is_float()
                        || self.ty(x) != rt
                        || self.ty(y) != rt
                        || self.ty(z) != rt
                        || a.len() != 3
                    {
                        return Err(bad(self));
                    }
                    self.emit(Op::Fma(x, y, z), rt)
                }
                Math::Conv(round, cast) => {
                    let x = arg(0).ok_or_else(|| bad(self))?;
                    let t = t0.ok_or_else(|| bad(self))?;
                    let x = match round {
                        Some(r) if t.is_float() => self.emit(Op::Unary(r, x), t),
                        Some(_) => return Err(bad(self)),
                        None => x,
                    };
                    let ok = match cast {
                        CastOp::FpToSi | CastOp::FpToUi => t.is_float() && rt.is_int(),
                        CastOp::SiToFp | CastOp::UiToFp => t.is_int() && rt.is_float(),
                        CastOp::FpTrunc => t.is_float() && rt.is_float() && rt.bits() < t.bits(),
                        _ => false,
                    };
                    if !ok {
                        return Err(bad(self));
                    }
                    self.emit(Op::Cast(cast, x), rt)
                }
                Math::Bits => {
                    let x = arg(0).ok_or_else(|| bad(self))?;
                    let t = t0.ok_or_else(|| bad(self))?;
                    if t.bits() != rt.bits() || t.is_ptr() || rt.is_ptr() {
                        return Err(bad(self));
                    }
                    if t == rt {
                        x
                    } else {
                        self.emit(Op::Cast(CastOp::Bitcast, x), rt)
                    }
                }
                Math::PowI => {
                    let (Some(x), Some(n)) = (arg(0), arg(1)) else {
                        return Err(bad(self));
                    };
                    if !rt.is_float() || self.ty(x) != rt || !self.ty(n).is_int() {
                        return Err(bad(self));
                    }
                    let nf = self.emit(Op::Cast(CastOp::SiToFp, n), rt);
                    self.emit(Op::Binary(BinaryOp::Pow, x, nf), rt)
                }
                Math::IsNan | Math::IsInf | Math::IsFinite | Math::SignBit => {
                    let x = arg(0).ok_or_else(|| bad(self))?;
                    let t = t0.ok_or_else(|| bad(self))?;
                    if !t.is_float() || !rt.is_int() {
                        return Err(bad(self));
                    }
                    let flag = match m {
                        Math::IsNan => self.emit(Op::FCmp(FloatPredicate::Uno, x, x), Type::I1),
                        Math::SignBit => {
                            let ity = Type::int_of_bits(t.bits()).unwrap_or(Type::I32);
                            let bits = self.emit(Op::Cast(CastOp::Bitcast, x), ity);
                            let zero = self.konst(ity, 0);
                            self.emit(Op::ICmp(IntPredicate::Slt, bits, zero), Type::I1)
                        }
                        _ => {
                            let ax = self.emit(Op::Unary(UnaryOp::FAbs, x), t);
                            let inf = self.konst(t, float_inf_bits(t));
                            let pred = if m == Math::IsInf {
                                FloatPredicate::Oeq
                            } else {
                                FloatPredicate::Olt
                            };
                            self.emit(Op::FCmp(pred, ax, inf), Type::I1)
                        }
                    };
                    self.resize_int(flag, rt, false)
                }
                Math::Ffs => {
                    let x = arg(0).ok_or_else(|| bad(self))?;
                    let t = t0.ok_or_else(|| bad(self))?;
                    if !t.is_int() || !rt.is_int() {
                        return Err(bad(self));
                    }
                    let r = self.emit(Op::Unary(UnaryOp::Brev, x), t);
                    let tz = self.emit(Op::Unary(UnaryOp::Clz, r), t);
                    let one = self.konst(t, 1);
                    let pos = self.emit(Op::Binary(BinaryOp::Add, tz, one), t);
                    let zero = self.konst(t, 0);
                    let is_zero = self.emit(Op::ICmp(IntPredicate::Eq, x, zero), Type::I1);
                    let v = self.emit(
                        Op::Select {
                            cond: is_zero,
                            if_true: zero,
                            if_false: pos,
                        },
                        t,
                    );
                    self.resize_int(v, rt, false)
                }
                Math::DoubleLo | Math::DoubleHi => {
                    let x = arg(0).ok_or_else(|| bad(self))?;
                    if t0 != Some(Type::F64) || rt != Type::I32 {
                        return Err(bad(self));
                    }
                    let bits = self.emit(Op::Cast(CastOp::Bitcast, x), Type::I64);
                    let part = if m == Math::DoubleHi {
                        let k = self.konst(Type::I64, 32);
                        self.emit(Op::Binary(BinaryOp::LShr, bits, k), Type::I64)
                    } else {
                        bits
                    };
                    self.emit(Op::Cast(CastOp::Trunc, part), Type::I32)
                }
                Math::DoubleFromHalves => {
                    let (Some(lo), Some(hi)) = (arg(0), arg(1)) else {
                        return Err(bad(self));
                    };
                    if self.ty(lo) != Type::I32 || self.ty(hi) != Type::I32 || rt != Type::F64 {
                        return Err(bad(self));
                    }
                    let lo = self.emit(Op::Cast(CastOp::ZExt, lo), Type::I64);
                    let hi = self.emit(Op::Cast(CastOp::ZExt, hi), Type::I64);
                    let k = self.konst(Type::I64, 32);
                    let hi = self.emit(Op::Binary(BinaryOp::Shl, hi, k), Type::I64);
                    let bits = self.emit(Op::Binary(BinaryOp::Or, hi, lo), Type::I64);
                    self.emit(Op::Cast(CastOp::Bitcast, bits), Type::F64)
                }
                Math::SinCos => return Err(bad(self)),
            };
            out.push(v);
        }
        if rtys.is_empty() {
            return Err(bad(self));
        }
        Ok(Some(out))
    }

    /// Zero/sign-extend or truncate an integer to `to`.
    fn resize_int(&mut self, x: Value, to: Type, signed: bool) -> Value {
        let from = self.ty(x);
        match from.bits().cmp(&to.bits()) {
            std::cmp::Ordering::Equal => x,
            std::cmp::Ordering::Less => {
                let op = if signed { CastOp::SExt } else { CastOp::ZExt };
                self.emit(Op::Cast(op, x), to)
            }
            std::cmp::Ordering::Greater => self.emit(Op::Cast(CastOp::Trunc, x), to),
        }
    }

    /// `llvm.*` intrinsics.
    fn intrinsic(&mut self, name: &str, i: V<'m>, args: &[V<'m>]) -> Res<Option<Vec<Value>>> {
        let base = intrinsic_base(name);
        if let Some(nv) = base.strip_prefix("nvvm.") {
            return self.nvvm(name, nv, i, args);
        }
        let rtys = self.result_types(i)?;
        match base.as_str() {
            "lifetime.start"
            | "lifetime.end"
            | "assume"
            | "dbg.value"
            | "dbg.declare"
            | "dbg.label"
            | "dbg.assign"
            | "experimental.noalias.scope.decl"
            | "invariant.end"
            | "donothing"
            | "sideeffect"
            | "var.annotation"
            | "codeview.annotation"
            | "prefetch"
            | "pseudoprobe"
            | "debugtrap" => Ok(None),
            "expect"
            | "expect.with.probability"
            | "ptr.annotation"
            | "launder.invariant.group"
            | "strip.invariant.group"
            | "threadlocal.address"
            | "annotation" => {
                let a = *args.first().ok_or_else(|| self.unsupported_call(name))?;
                Ok(Some(self.get(a)?))
            }
            "memcpy" | "memcpy.inline" | "memmove" => {
                let dst = self.arg1(name, args, 0)?;
                let src = self.arg1(name, args, 1)?;
                let len = self.arg1(name, args, 2)?;
                let len = self.index_i64(len, false);
                self.emit_void(Op::Memcpy { dst, src, len });
                Ok(None)
            }
            "memset" | "memset.inline" => {
                let dst = self.arg1(name, args, 0)?;
                let byte = self.arg1(name, args, 1)?;
                let len = self.arg1(name, args, 2)?;
                let len = self.index_i64(len, false);
                self.emit_void(Op::Memset { dst, byte, len });
                Ok(None)
            }
            "trap" | "ubsantrap" => {
                self.end_block(Terminator::Trap);
                Ok(None)
            }
            "fma" | "fmuladd" => self.math(Math::Fma, name, i, args),
            "powi" => self.math(Math::PowI, name, i, args),
            "minnum" => self.math(Math::Bin(BinaryOp::FMin), name, i, args),
            "maxnum" => self.math(Math::Bin(BinaryOp::FMax), name, i, args),
            "minimum" => self.math(Math::Bin(BinaryOp::FMinimum), name, i, args),
            "maximum" => self.math(Math::Bin(BinaryOp::FMaximum), name, i, args),
            "copysign" => self.math(Math::Bin(BinaryOp::CopySign), name, i, args),
            "pow" => self.math(Math::Bin(BinaryOp::Pow), name, i, args),
            "atan2" => self.math(Math::Bin(BinaryOp::Atan2), name, i, args),
            "roundeven" => self.math(Math::Un(UnaryOp::Rint), name, i, args),
            "smax" => self.math(Math::IBin(BinaryOp::SMax), name, i, args),
            "smin" => self.math(Math::IBin(BinaryOp::SMin), name, i, args),
            "umax" => self.math(Math::IBin(BinaryOp::UMax), name, i, args),
            "umin" => self.math(Math::IBin(BinaryOp::UMin), name, i, args),
            "ctpop" => self.math(Math::IUn(UnaryOp::Popc), name, i, args),
            "bitreverse" => self.math(Math::IUn(UnaryOp::Brev), name, i, args),
            // The second operand (`is_int_min_poison` / `is_zero_poison`) only widens
            // what is defined; the op's total result is a valid refinement.
            "abs" => self.math(Math::IUn(UnaryOp::Abs), name, i, &args[..args.len().min(1)]),
            "ctlz" => self.math(Math::IUn(UnaryOp::Clz), name, i, &args[..args.len().min(1)]),
            "cttz" => {
                let a = self.get(*args.first().ok_or_else(|| self.unsupported_call(name))?)?;
                let mut out = Vec::new();
                for (x, t) in a.into_iter().zip(rtys) {
                    if !t.is_int() {
                        return Err(self.unsupported_call(name));
                    }
                    let r = self.emit(Op::Unary(UnaryOp::Brev, x), t);
                    out.push(self.emit(Op::Unary(UnaryOp::Clz, r), t));
                }
                Ok(Some(out))
            }
            "bswap" => {
                let a = self.get(*args.first().ok_or_else(|| self.unsupported_call(name))?)?;
                let mut out = Vec::new();
                for (x, t) in a.into_iter().zip(rtys) {
                    if !t.is_int() || t.bits() % 16 != 0 {
                        return Err(self.unsupported_call(name));
                    }
                    out.push(self.bswap(x, t));
                }
                Ok(Some(out))
            }
            "fshl" | "fshr" => {
                let a = self.args_leaves(args)?;
                let (Some(x), Some(y), Some(s)) = (a.first(), a.get(1), a.get(2)) else {
                    return Err(self.unsupported_call(name));
                };
                let (x, y, s) = (x.clone(), y.clone(), s.clone());
                let mut out = Vec::new();
                for (k, &t) in rtys.iter().enumerate() {
                    let (Some(&x), Some(&y), Some(&s)) = (x.get(k), y.get(k), s.get(k)) else {
                        return Err(self.unsupported_call(name));
                    };
                    if !t.is_int() {
                        return Err(self.unsupported_call(name));
                    }
                    out.push(self.funnel(base == "fshl", x, y, s, t));
                }
                Ok(Some(out))
            }
            "uadd.with.overflow" | "sadd.with.overflow" | "usub.with.overflow"
            | "ssub.with.overflow" | "umul.with.overflow" | "smul.with.overflow" => {
                let x = self.arg1(name, args, 0)?;
                let y = self.arg1(name, args, 1)?;
                let t = self.ty(x);
                if rtys.len() != 2 || rtys[0] != t || self.ty(y) != t || !t.is_int() {
                    return Err(self.unsupported_call(name));
                }
                let kind = base.split('.').next().unwrap_or("");
                Ok(Some(self.overflow(kind, x, y, t)))
            }
            _ => {
                if let Some(op) = float_unary(&base) {
                    return self.math(Math::Un(op), name, i, args);
                }
                Err(self.unsupported_call(name))
            }
        }
    }

    fn bswap(&mut self, x: Value, t: Type) -> Value {
        let n = t.bits() / 8;
        let mut acc = self.konst(t, 0);
        let ff = self.konst(t, 0xff);
        for k in 0..n {
            let sh = self.konst(t, u64::from(8 * k));
            let byte = self.emit(Op::Binary(BinaryOp::LShr, x, sh), t);
            let byte = self.emit(Op::Binary(BinaryOp::And, byte, ff), t);
            let to = self.konst(t, u64::from(8 * (n - 1 - k)));
            let moved = self.emit(Op::Binary(BinaryOp::Shl, byte, to), t);
            acc = self.emit(Op::Binary(BinaryOp::Or, acc, moved), t);
        }
        acc
    }

    /// Funnel shifts; relies on shifts by the full width giving 0 (kernel-IR semantics).
    fn funnel(&mut self, left: bool, x: Value, y: Value, s: Value, t: Type) -> Value {
        let w = u64::from(t.bits());
        let m = self.konst(t, w.saturating_sub(1));
        let sm = self.emit(Op::Binary(BinaryOp::And, s, m), t);
        let wc = self.konst(t, w);
        let inv = self.emit(Op::Binary(BinaryOp::Sub, wc, sm), t);
        let (hi, lo) = if left {
            (
                self.emit(Op::Binary(BinaryOp::Shl, x, sm), t),
                self.emit(Op::Binary(BinaryOp::LShr, y, inv), t),
            )
        } else {
            (
                self.emit(Op::Binary(BinaryOp::Shl, x, inv), t),
                self.emit(Op::Binary(BinaryOp::LShr, y, sm), t),
            )
        };
        self.emit(Op::Binary(BinaryOp::Or, hi, lo), t)
    }

    fn overflow(&mut self, kind: &str, x: Value, y: Value, t: Type) -> Vec<Value> {
        let zero = self.konst(t, 0);
        let (r, ov) = match kind {
            "uadd" => {
                let r = self.emit(Op::Binary(BinaryOp::Add, x, y), t);
                (r, self.emit(Op::ICmp(IntPredicate::Ult, r, x), Type::I1))
            }
            "usub" => {
                let r = self.emit(Op::Binary(BinaryOp::Sub, x, y), t);
                (r, self.emit(Op::ICmp(IntPredicate::Ult, x, y), Type::I1))
            }
            "sadd" => {
                let r = self.emit(Op::Binary(BinaryOp::Add, x, y), t);
                let a = self.emit(Op::Binary(BinaryOp::Xor, x, r), t);
                let b = self.emit(Op::Binary(BinaryOp::Xor, y, r), t);
                let both = self.emit(Op::Binary(BinaryOp::And, a, b), t);
                (
                    r,
                    self.emit(Op::ICmp(IntPredicate::Slt, both, zero), Type::I1),
                )
            }
            "ssub" => {
                let r = self.emit(Op::Binary(BinaryOp::Sub, x, y), t);
                let a = self.emit(Op::Binary(BinaryOp::Xor, x, y), t);
                let b = self.emit(Op::Binary(BinaryOp::Xor, x, r), t);
                let both = self.emit(Op::Binary(BinaryOp::And, a, b), t);
                (
                    r,
                    self.emit(Op::ICmp(IntPredicate::Slt, both, zero), Type::I1),
                )
            }
            "umul" => {
                let r = self.emit(Op::Binary(BinaryOp::Mul, x, y), t);
                let hi = self.emit(Op::Binary(BinaryOp::MulHiU, x, y), t);
                (r, self.emit(Op::ICmp(IntPredicate::Ne, hi, zero), Type::I1))
            }
            _ => {
                let r = self.emit(Op::Binary(BinaryOp::Mul, x, y), t);
                let hi = self.emit(Op::Binary(BinaryOp::MulHiS, x, y), t);
                let sh = self.konst(t, u64::from(t.bits() - 1));
                let sign = self.emit(Op::Binary(BinaryOp::AShr, r, sh), t);
                (r, self.emit(Op::ICmp(IntPredicate::Ne, hi, sign), Type::I1))
            }
        };
        vec![r, ov]
    }

    /// `llvm.nvvm.*` intrinsics; `nv` is the name after `nvvm.` without type suffixes.
    fn nvvm(&mut self, name: &str, nv: &str, i: V<'m>, args: &[V<'m>]) -> Res<Option<Vec<Value>>> {
        let rtys = self.result_types(i)?;
        if let Some(reg) = nv.strip_prefix("read.ptx.sreg.") {
            let r = special_reg(reg).ok_or_else(|| self.unsupported_call(name))?;
            if rtys != [Type::I32] {
                return Err(self.unsupported_call(name));
            }
            return Ok(Some(vec![self.emit(Op::Special(r), Type::I32)]));
        }
        match nv {
            // Named barriers are treated as barrier 0: all threads of the block take part.
            "barrier0" | "bar.sync" | "barrier.sync" | "barrier.n" => {
                self.emit_void(Op::Barrier {
                    kind: BarrierKind::Sync,
                    pred: None,
                });
                return Ok(None);
            }
            "barrier0.popc" | "barrier0.and" | "barrier0.or" => {
                let kind = match nv {
                    "barrier0.popc" => BarrierKind::Count,
                    "barrier0.and" => BarrierKind::And,
                    _ => BarrierKind::Or,
                };
                let x = self.arg1(name, args, 0)?;
                let pred = self.truthy(x);
                return Ok(Some(vec![self.emit(
                    Op::Barrier {
                        kind,
                        pred: Some(pred),
                    },
                    Type::I32,
                )]));
            }
            // `__syncwarp(mask)`: the kernel IR's warp rendezvous is `vote.sync`, which
            // waits for every thread of `mask` exactly like `bar.warp.sync`; the fence
            // keeps its memory ordering.
            "bar.warp.sync" => {
                let mask = self.arg1(name, args, 0)?;
                if self.ty(mask) != Type::I32 {
                    return Err(self.unsupported_call(name));
                }
                self.emit_void(Op::Fence);
                let yes = self.konst(Type::I1, 1);
                self.emit(
                    Op::Vote {
                        mode: VoteMode::All,
                        mask,
                        pred: yes,
                    },
                    Type::I1,
                );
                return Ok(None);
            }
            "membar.cta" | "membar.gl" | "membar.sys" => {
                self.emit_void(Op::Fence);
                return Ok(None);
            }
            _ => {}
        }
        if nv.starts_with("fence.") {
            self.emit_void(Op::Fence);
            return Ok(None);
        }
        if nv == "shfl.sync" {
            // NVVM's form (Numba): shfl.sync(mask, mode, value, b, c) -> {value, in_range}.
            let mode = match args.get(1).and_then(|m| m.const_int()) {
                Some(0) => ShuffleMode::Idx,
                Some(1) => ShuffleMode::Up,
                Some(2) => ShuffleMode::Down,
                Some(3) => ShuffleMode::Bfly,
                _ => return Err(self.unsupported_call(name)),
            };
            let mask = self.arg1(name, args, 0)?;
            let value = self.arg1(name, args, 2)?;
            let lane = self.arg1(name, args, 3)?;
            let clamp = self.arg1(name, args, 4)?;
            return self.shuffle_with_pred(name, mode, [mask, value, lane, clamp], &rtys);
        }
        if nv == "vote.sync" {
            // NVVM's form (Numba): vote.sync(mask, mode, pred) -> {ballot, result}.
            let mode = match args.get(1).and_then(|m| m.const_int()) {
                Some(0) => VoteMode::All,
                Some(1) => VoteMode::Any,
                Some(2) => VoteMode::Uni,
                Some(3) => VoteMode::Ballot,
                _ => return Err(self.unsupported_call(name)),
            };
            let mask = self.arg1(name, args, 0)?;
            let pred = self.arg1(name, args, 2)?;
            if rtys != [Type::I32, Type::I1] || self.ty(pred) != Type::I1 {
                return Err(self.unsupported_call(name));
            }
            let t = if mode == VoteMode::Ballot {
                Type::I32
            } else {
                Type::I1
            };
            let v = self.emit(Op::Vote { mode, mask, pred }, t);
            return Ok(Some(if mode == VoteMode::Ballot {
                vec![v, self.konst(Type::I1, 0)]
            } else {
                vec![self.konst(Type::I32, 0), v]
            }));
        }
        if let Some(rest) = nv.strip_prefix("shfl.") {
            let (sync, mode) = match rest.strip_prefix("sync.") {
                Some(m) => (true, m),
                None => (false, rest),
            };
            // `.i32p`/`.f32p` variants also give whether the source lane was in range.
            let (mode, with_pred) = match mode.strip_suffix("p") {
                Some(m) => (m.trim_end_matches(".i32").trim_end_matches(".f32"), true),
                None => (mode, false),
            };
            let mode = match mode {
                "idx" => ShuffleMode::Idx,
                "up" => ShuffleMode::Up,
                "down" => ShuffleMode::Down,
                "bfly" => ShuffleMode::Bfly,
                _ => return Err(self.unsupported_call(name)),
            };
            if with_pred {
                let k = usize::from(sync);
                let mask = if sync {
                    self.arg1(name, args, 0)?
                } else {
                    self.konst(Type::I32, 0xffff_ffff)
                };
                let value = self.arg1(name, args, k)?;
                let lane = self.arg1(name, args, k + 1)?;
                let clamp = self.arg1(name, args, k + 2)?;
                return self.shuffle_with_pred(name, mode, [mask, value, lane, clamp], &rtys);
            }
            let k = usize::from(sync);
            let mask = if sync {
                self.arg1(name, args, 0)?
            } else {
                self.konst(Type::I32, 0xffff_ffff)
            };
            let value = self.arg1(name, args, k)?;
            let lane = self.arg1(name, args, k + 1)?;
            let clamp = self.arg1(name, args, k + 2)?;
            let t = self.ty(value);
            if rtys != [t] {
                return Err(self.unsupported_call(name));
            }
            return Ok(Some(vec![self.emit(
                Op::Shuffle {
                    mode,
                    mask,
                    value,
                    lane,
                    clamp,
                },
                t,
            )]));
        }
        if let Some(rest) = nv.strip_prefix("vote.") {
            let (mode, sync) = match rest.split_once('.') {
                Some((m, "sync")) => (m, true),
                None => (rest, false),
                _ => return Err(self.unsupported_call(name)),
            };
            let mode = match mode {
                "all" => VoteMode::All,
                "any" => VoteMode::Any,
                "uni" => VoteMode::Uni,
                "ballot" => VoteMode::Ballot,
                _ => return Err(self.unsupported_call(name)),
            };
            let mask = if sync {
                self.arg1(name, args, 0)?
            } else {
                self.konst(Type::I32, 0xffff_ffff)
            };
            let pred = self.arg1(name, args, usize::from(sync))?;
            let t = if mode == VoteMode::Ballot {
                Type::I32
            } else {
                Type::I1
            };
            if rtys != [t] || self.ty(pred) != Type::I1 {
                return Err(self.unsupported_call(name));
            }
            return Ok(Some(vec![self.emit(Op::Vote { mode, mask, pred }, t)]));
        }
        if let Some(rest) = nv.strip_prefix("atomic.") {
            return self.nvvm_atomic(name, rest, args, &rtys);
        }
        if let Some(rest) = nv
            .strip_prefix("ldg.global.")
            .or_else(|| nv.strip_prefix("ldu.global."))
        {
            if !matches!(rest, "i" | "f" | "p") {
                return Err(self.unsupported_call(name));
            }
            // A vector result is split into one load per element, like a vector load.
            let ptr = self.arg1(name, args, 0)?;
            let ls = super::types::leaves(self.cx.llvm, i.ty()).map_err(|e| self.ty_err(e))?;
            if ls.is_empty() || !super::types::memory_splittable(i.ty()) {
                return Err(self.unsupported_call(name));
            }
            let mut out = Vec::new();
            for leaf in ls {
                let addr = self.ptr_offset(ptr, leaf.offset);
                out.push(self.emit(Op::Load { ptr: addr }, leaf.ty));
            }
            return Ok(Some(out));
        }
        if nv.starts_with("ptr.") && nv.contains(".to.") {
            let p = self.arg1(name, args, 0)?;
            let [t] = rtys.as_slice() else {
                return Err(self.unsupported_call(name));
            };
            if !t.is_ptr() {
                return Err(self.unsupported_call(name));
            }
            return Ok(Some(vec![if self.ty(p) == *t {
                p
            } else {
                self.emit(Op::Cast(CastOp::AddrSpaceCast, p), *t)
            }]));
        }
        let int_op = match nv {
            "mulhi.i" | "mulhi.ll" => Some(Math::IBin(BinaryOp::MulHiS)),
            "mulhi.ui" | "mulhi.ull" => Some(Math::IBin(BinaryOp::MulHiU)),
            "clz.i" | "clz.ll" => Some(Math::ICount(UnaryOp::Clz)),
            "popc.i" | "popc.ll" => Some(Math::ICount(UnaryOp::Popc)),
            "brev32" | "brev64" => Some(Math::IUn(UnaryOp::Brev)),
            "abs.i" | "abs.ll" => Some(Math::IUn(UnaryOp::Abs)),
            "d2i.lo" => Some(Math::DoubleLo),
            "d2i.hi" => Some(Math::DoubleHi),
            "lohi.i2d" => Some(Math::DoubleFromHalves),
            "min.i" | "min.ll" => Some(Math::IBin(BinaryOp::SMin)),
            "max.i" | "max.ll" => Some(Math::IBin(BinaryOp::SMax)),
            "min.ui" | "min.ull" => Some(Math::IBin(BinaryOp::UMin)),
            "max.ui" | "max.ull" => Some(Math::IBin(BinaryOp::UMax)),
            _ => None,
        };
        if let Some(m) = int_op
            .or_else(|| nvvm_float_op(nv))
            .or_else(|| nvvm_conversion(nv))
        {
            return self.math(m, name, i, args);
        }
        Err(self.unsupported_call(name))
    }

    /// A shuffle that also gives PTX's predicate: whether the source lane was in range
    /// (computed from the lane id, `b` and `c` exactly as PTX `shfl.sync` defines it).
    fn shuffle_with_pred(
        &mut self,
        name: &str,
        mode: ShuffleMode,
        [mask, value, lane, clamp]: [Value; 4],
        rtys: &[Type],
    ) -> Res<Option<Vec<Value>>> {
        let t = self.ty(value);
        if rtys != [t, Type::I1]
            || t.bits() != 32
            || self.ty(lane) != Type::I32
            || self.ty(clamp) != Type::I32
        {
            return Err(self.unsupported_call(name));
        }
        let v = self.emit(
            Op::Shuffle {
                mode,
                mask,
                value,
                lane,
                clamp,
            },
            t,
        );
        use BinaryOp::*;
        let i32_ = Type::I32;
        let me = self.emit(Op::Special(SpecialReg::LaneId), i32_);
        let k31 = self.konst(i32_, 31);
        let k8 = self.konst(i32_, 8);
        let b = self.emit(Op::Binary(And, lane, k31), i32_);
        let c = self.emit(Op::Binary(And, clamp, k31), i32_);
        let seg = self.emit(Op::Binary(LShr, clamp, k8), i32_);
        let seg = self.emit(Op::Binary(And, seg, k31), i32_);
        let not_seg = self.emit(Op::Unary(UnaryOp::Not, seg), i32_);
        let min_lane = self.emit(Op::Binary(And, me, seg), i32_);
        let c_hi = self.emit(Op::Binary(And, c, not_seg), i32_);
        let max_lane = self.emit(Op::Binary(Or, min_lane, c_hi), i32_);
        let (j, pred) = match mode {
            ShuffleMode::Up => (self.emit(Op::Binary(Sub, me, b), i32_), IntPredicate::Sge),
            ShuffleMode::Down => (self.emit(Op::Binary(Add, me, b), i32_), IntPredicate::Sle),
            ShuffleMode::Bfly => (self.emit(Op::Binary(Xor, me, b), i32_), IntPredicate::Sle),
            ShuffleMode::Idx => {
                let b_lo = self.emit(Op::Binary(And, b, not_seg), i32_);
                (
                    self.emit(Op::Binary(Or, min_lane, b_lo), i32_),
                    IntPredicate::Sle,
                )
            }
        };
        let p = self.emit(Op::ICmp(pred, j, max_lane), Type::I1);
        Ok(Some(vec![v, p]))
    }

    /// `x != 0` as an `i1` (identity for an `i1`).
    fn truthy(&mut self, x: Value) -> Value {
        let t = self.ty(x);
        if t == Type::I1 {
            return x;
        }
        let zero = self.konst(t, 0);
        self.emit(Op::ICmp(IntPredicate::Ne, x, zero), Type::I1)
    }

    fn nvvm_atomic(
        &mut self,
        name: &str,
        rest: &str,
        args: &[V<'m>],
        rtys: &[Type],
    ) -> Res<Option<Vec<Value>>> {
        let [t] = rtys else {
            return Err(self.unsupported_call(name));
        };
        let t = *t;
        let op = match rest {
            "load.inc.32" => Some(AtomicOp::Inc),
            "load.dec.32" => Some(AtomicOp::Dec),
            "load.add.f32" | "load.add.f64" => Some(AtomicOp::FAdd),
            _ => None,
        };
        let op = match op {
            Some(op) => op,
            None => {
                // atomic.<op>.gen.<i|f>.<cta|sys>
                let parts: Vec<&str> = rest.split('.').collect();
                let [opn, "gen", _kind, "cta" | "sys"] = parts.as_slice() else {
                    return Err(self.unsupported_call(name));
                };
                match *opn {
                    "add" if t.is_float() => AtomicOp::FAdd,
                    "add" => AtomicOp::Add,
                    "exch" => AtomicOp::Exch,
                    // The gen.i min/max intrinsics are the signed PTX atomics.
                    "max" => AtomicOp::SMax,
                    "min" => AtomicOp::SMin,
                    "inc" => AtomicOp::Inc,
                    "dec" => AtomicOp::Dec,
                    "and" => AtomicOp::And,
                    "or" => AtomicOp::Or,
                    "xor" => AtomicOp::Xor,
                    "cas" => {
                        let ptr = self.arg1(name, args, 0)?;
                        let expected = self.arg1(name, args, 1)?;
                        let new = self.arg1(name, args, 2)?;
                        if self.ty(expected) != t || self.ty(new) != t {
                            return Err(self.unsupported_call(name));
                        }
                        return Ok(Some(vec![
                            self.emit(Op::AtomicCas { ptr, expected, new }, t)
                        ]));
                    }
                    _ => return Err(self.unsupported_call(name)),
                }
            }
        };
        let ptr = self.arg1(name, args, 0)?;
        let value = self.arg1(name, args, 1)?;
        if self.ty(value) != t || !self.ty(ptr).is_ptr() {
            return Err(self.unsupported_call(name));
        }
        Ok(Some(vec![self.emit(Op::Atomic { op, ptr, value }, t)]))
    }
}

fn float_inf_bits(t: Type) -> u64 {
    match t {
        Type::F16 => 0x7c00,
        Type::BF16 => 0x7f80,
        Type::F32 => 0x7f80_0000,
        _ => 0x7ff0_0000_0000_0000,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn intrinsic_bases() {
        assert_eq!(intrinsic_base("llvm.memcpy.p0.p1.i64"), "memcpy");
        assert_eq!(intrinsic_base("llvm.smax.i32"), "smax");
        assert_eq!(intrinsic_base("llvm.fma.v4f32"), "fma");
        assert_eq!(
            intrinsic_base("llvm.nvvm.shfl.sync.down.f32"),
            "nvvm.shfl.sync.down"
        );
        assert_eq!(
            intrinsic_base("llvm.nvvm.atomic.load.inc.32.p0"),
            "nvvm.atomic.load.inc.32"
        );
        assert_eq!(
            intrinsic_base("llvm.nvvm.read.ptx.sreg.tid.x"),
            "nvvm.read.ptx.sreg.tid.x"
        );
        assert_eq!(intrinsic_base("llvm.nvvm.fmin.f"), "nvvm.fmin.f");
        assert_eq!(intrinsic_base("llvm.lifetime.start.p0"), "lifetime.start");
    }

    #[test]
    fn libdevice_names() {
        assert_eq!(libdevice("expf"), Some(Math::Un(UnaryOp::Exp)));
        assert_eq!(libdevice("exp"), Some(Math::Un(UnaryOp::Exp)));
        assert_eq!(libdevice("erff"), Some(Math::Un(UnaryOp::Erf)));
        assert_eq!(libdevice("fast_expf"), Some(Math::Un(UnaryOp::Exp)));
        assert_eq!(libdevice("powf"), Some(Math::Bin(BinaryOp::Pow)));
        assert_eq!(libdevice("fmaf"), Some(Math::Fma));
        assert_eq!(
            libdevice("float2int_rn"),
            Some(Math::Conv(Some(UnaryOp::Rint), CastOp::FpToSi))
        );
        assert_eq!(
            libdevice("double2ull_rz"),
            Some(Math::Conv(None, CastOp::FpToUi))
        );
        assert_eq!(libdevice("nosuchthing"), None);
        assert!(is_mapped_function("__nv_sqrtf"));
        assert!(!is_mapped_function("sqrtf"));
    }

    #[test]
    fn nvvm_names() {
        assert_eq!(
            nvvm_float_op("ex2.approx.ftz.f"),
            Some(Math::Un(UnaryOp::Exp2))
        );
        assert_eq!(nvvm_float_op("sqrt.rz.f"), None);
        assert_eq!(nvvm_float_op("fma.rn.d"), Some(Math::Fma));
        assert_eq!(
            nvvm_conversion("f2i.rz"),
            Some(Math::Conv(None, CastOp::FpToSi))
        );
        assert_eq!(
            nvvm_conversion("d2ull.rm"),
            Some(Math::Conv(Some(UnaryOp::Floor), CastOp::FpToUi))
        );
        assert_eq!(nvvm_conversion("i2f.rz"), None);
    }
}
