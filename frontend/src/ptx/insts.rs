//! PTX instruction semantics: each instruction becomes kernel-IR operations in the block
//! being translated.
//!
//! Conventions:
//! * Registers are read and written through the SSA variables of [`super::func`]; values
//!   are converted between a register's declared type and the instruction's type with
//!   bitcasts (same width) or truncation/extension (`ld`/`st`/`cvt` with wider registers,
//!   signedness from the instruction type), as PTX's relaxed operand-size rules allow.
//! * Addresses are integers: `[%rd+off]` becomes `inttoptr` into the instruction's state
//!   space plus `ptradd`; an integer that is `ptrtoint` of a pointer of that space (plus
//!   additions) is folded back into pointer arithmetic on it.
//! * Vector loads/stores (`.v2/.v4`) become one scalar access per element.
//! * Float arithmetic rounds to nearest in the kernel IR. PTX's directed rounding
//!   (`.rz/.rm/.rp`) of `add`/`sub`/`mul` (f32, f64), `fma` (f32) and of narrowing or
//!   int-to-float `cvt` is made exact: the round-to-nearest result is computed with its
//!   exact error (TwoSum; TwoProd through `fma`; for `fma.f32` an exact f64 product plus
//!   TwoSum) and moved one ulp in the rounding direction when the error points that way.
//!   Directed `div`/`sqrt`/`rcp` and `fma.f64` are `unsupported-ptx`. (Overflow under
//!   directed rounding gives infinity rather than the largest finite value.)
//! * `.approx` and `.ftz` are not modelled: the interpreter's `sqrt`/`sin`/`ex2`/`rcp`...
//!   are correctly rounded where PTX's `.approx` forms are within a few ulp, and
//!   subnormals are kept.

use super::ast::*;
use super::func::{FnLifter, Storage};
use super::lift::{addr_space, ir_type, ParamPass, RetPass};
use crate::diag::Diagnostic;
use crate::ir::*;

type LResult<T> = Result<T, Diagnostic>;

/// Round an `f64` to a binary float with `ebits` exponent and `mbits` mantissa bits
/// (nearest, ties to even); gives its bits.
fn round_f64_to(x: f64, ebits: u32, mbits: u32) -> u64 {
    let bits = x.to_bits();
    let sign = (bits >> 63) << (ebits + mbits);
    let exp = ((bits >> 52) & 0x7ff) as i64;
    let man = bits & ((1u64 << 52) - 1);
    let bias = (1i64 << (ebits - 1)) - 1;
    let max_e = (1i64 << ebits) - 1;
    let inf = sign | ((max_e as u64) << mbits);
    if exp == 0x7ff {
        return if man != 0 {
            inf | (1 << (mbits - 1))
        } else {
            inf
        };
    }
    if exp == 0 && man == 0 {
        return sign;
    }
    let full = if exp == 0 { man } else { man | (1 << 52) };
    let e = if exp == 0 { -1022 } else { exp - 1023 };
    let te = e + bias;
    let shift = if te >= 1 {
        52 - i64::from(mbits)
    } else {
        52 - i64::from(mbits) + (1 - te)
    };
    if shift > 62 {
        return sign;
    }
    let shift = shift as u32;
    let mut q = full >> shift;
    let rem = full & ((1u64 << shift) - 1);
    let half = 1u64 << (shift - 1);
    if rem > half || (rem == half && q & 1 == 1) {
        q += 1;
    }
    let mask = (1u64 << mbits) - 1;
    let (be, m) = if te >= 1 {
        let mut be = te;
        if q >> (mbits + 1) != 0 {
            q >>= 1;
            be += 1;
        }
        if be >= max_e {
            return inf;
        }
        (be as u64, q & mask)
    } else if q >> mbits != 0 {
        (1, q & mask)
    } else {
        (0, q)
    };
    sign | (be << mbits) | m
}

pub(super) fn f64_to_f16(x: f64) -> u16 {
    round_f64_to(x, 5, 10) as u16
}

pub(super) fn f64_to_bf16(x: f64) -> u16 {
    round_f64_to(x, 8, 7) as u16
}

fn float_bits(x: f64, ty: Type) -> u64 {
    match ty {
        Type::F64 => x.to_bits(),
        Type::F32 => u64::from((x as f32).to_bits()),
        Type::F16 => u64::from(f64_to_f16(x)),
        Type::BF16 => u64::from(f64_to_bf16(x)),
        _ => x.to_bits(),
    }
}

fn int_ty(bits: u32) -> Type {
    Type::int_of_bits(bits).unwrap_or(Type::I64)
}

/// Modifiers that never change an instruction's result in the kernel IR's model:
/// memory ordering and scopes, cache operators and hints, `.ftz`, `.uni`, `.aligned`.
fn ignorable(m: &str) -> bool {
    matches!(
        m,
        "ftz"
            | "uni"
            | "aligned"
            | "volatile"
            | "relaxed"
            | "acquire"
            | "release"
            | "acq_rel"
            | "weak"
            | "sc"
            | "mmio"
            | "cta"
            | "gpu"
            | "sys"
            | "cluster"
            | "ca"
            | "cg"
            | "cs"
            | "lu"
            | "cv"
            | "wb"
            | "wt"
            | "noftz"
    ) || m.starts_with("L1::")
        || m.starts_with("L2::")
        || m.starts_with("level::")
}

const SPACES: &[&str] = &[
    "global",
    "shared",
    "shared::cta",
    "local",
    "const",
    "param",
    "param::entry",
    "param::func",
];

fn space_of(i: &Instr<'_>) -> Space {
    i.mods
        .iter()
        .find_map(|m| Space::parse(m))
        .unwrap_or(Space::Generic)
}

fn vec_of(i: &Instr<'_>) -> u32 {
    i.mods
        .iter()
        .find_map(|m| match *m {
            "v2" => Some(2),
            "v4" => Some(4),
            "v8" => Some(8),
            _ => None,
        })
        .unwrap_or(1)
}

fn has(i: &Instr<'_>, m: &str) -> bool {
    i.mods.contains(&m)
}

fn types<'i>(i: &'i Instr<'_>) -> impl Iterator<Item = PTy> + 'i {
    i.mods.iter().filter_map(|m| PTy::parse(m))
}

/// A directed rounding mode of float arithmetic (`.rz`, `.rm`, `.rp`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Dir {
    Rz,
    Rm,
    Rp,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Cmp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Lo,
    Ls,
    Hi,
    Hs,
    Equ,
    Neu,
    Ltu,
    Leu,
    Gtu,
    Geu,
    Num,
    Nan,
}

fn parse_cmp(m: &str) -> Option<Cmp> {
    Some(match m {
        "eq" => Cmp::Eq,
        "ne" => Cmp::Ne,
        "lt" => Cmp::Lt,
        "le" => Cmp::Le,
        "gt" => Cmp::Gt,
        "ge" => Cmp::Ge,
        "lo" => Cmp::Lo,
        "ls" => Cmp::Ls,
        "hi" => Cmp::Hi,
        "hs" => Cmp::Hs,
        "equ" => Cmp::Equ,
        "neu" => Cmp::Neu,
        "ltu" => Cmp::Ltu,
        "leu" => Cmp::Leu,
        "gtu" => Cmp::Gtu,
        "geu" => Cmp::Geu,
        "num" => Cmp::Num,
        "nan" => Cmp::Nan,
        _ => return None,
    })
}

const CMPS: &[&str] = &[
    "eq", "ne", "lt", "le", "gt", "ge", "lo", "ls", "hi", "hs", "equ", "neu", "ltu", "leu", "gtu",
    "geu", "num", "nan",
];

const ROUNDING: &[&str] = &["rn", "rz", "rm", "rp"];

impl<'a> FnLifter<'_, 'a> {
    // ---- building blocks -------------------------------------------------------------

    pub fn emit(&mut self, op: Op, ty: Type) -> Value {
        let inst = self.f.create_inst(op, Some(ty), self.loc);
        self.f.blocks[self.cur.index()].insts.push(inst);
        Value::from_index(self.f.values.len() - 1)
    }

    pub fn emit_void(&mut self, op: Op) {
        let inst = self.f.create_inst(op, None, self.loc);
        self.f.blocks[self.cur.index()].insts.push(inst);
    }

    pub fn konst(&mut self, ty: Type, bits: u64) -> Value {
        let bits = if ty.is_ptr() { bits } else { bits & ty.mask() };
        if let Some(&v) = self.consts.get(&(ty, bits)) {
            return v;
        }
        let v = self.emit(Op::Const { bits }, ty);
        self.consts.insert((ty, bits), v);
        v
    }

    fn ty(&self, v: Value) -> Type {
        self.f.value_type(v)
    }

    fn def_op(&self, v: Value) -> Option<&Op> {
        match self.f.value_def(v) {
            ValueDef::Inst(i) => Some(&self.f.inst(i).op),
            _ => None,
        }
    }

    pub fn not1(&mut self, v: Value) -> Value {
        let t = self.ty(v);
        self.emit(Op::Unary(UnaryOp::Not, v), t)
    }

    fn bin(&mut self, op: BinaryOp, a: Value, b: Value) -> Value {
        let t = self.ty(a);
        self.emit(Op::Binary(op, a, b), t)
    }

    fn bin_imm(&mut self, op: BinaryOp, a: Value, imm: u64) -> Value {
        let t = self.ty(a);
        let c = self.konst(t, imm);
        self.emit(Op::Binary(op, a, c), t)
    }

    fn un(&mut self, op: UnaryOp, a: Value) -> Value {
        let t = self.ty(a);
        self.emit(Op::Unary(op, a), t)
    }

    fn cast(&mut self, op: CastOp, v: Value, ty: Type) -> Value {
        // Fold integer casts of constants.
        if let (Some(&Op::Const { bits }), true) = (self.def_op(v), ty.is_int()) {
            let from = self.ty(v);
            if from.is_int() {
                let folded = match op {
                    CastOp::Trunc | CastOp::ZExt | CastOp::Bitcast => Some(bits & ty.mask()),
                    CastOp::SExt => {
                        let sh = 64 - from.bits();
                        Some((((bits << sh) as i64) >> sh) as u64 & ty.mask())
                    }
                    _ => None,
                };
                if let Some(b) = folded {
                    return self.konst(ty, b);
                }
            }
        }
        self.emit(Op::Cast(op, v), ty)
    }

    fn icmp(&mut self, p: IntPredicate, a: Value, b: Value) -> Value {
        self.emit(Op::ICmp(p, a, b), Type::I1)
    }

    fn select(&mut self, c: Value, a: Value, b: Value) -> Value {
        let t = self.ty(a);
        self.emit(
            Op::Select {
                cond: c,
                if_true: a,
                if_false: b,
            },
            t,
        )
    }

    fn ptradd(&mut self, p: Value, off: i64) -> Value {
        if off == 0 {
            return p;
        }
        let o = self.konst(Type::I64, off as u64);
        let t = self.ty(p);
        self.emit(Op::PtrAdd { ptr: p, offset: o }, t)
    }

    /// Convert `v` to `want`: bitcast between types of one width, otherwise truncate or
    /// extend the bits (sign-extending when `signed`).
    pub fn coerce(&mut self, v: Value, want: Type, signed: bool) -> Value {
        let have = self.ty(v);
        if have == want {
            return v;
        }
        if have.is_ptr() {
            let i = self.cast(CastOp::PtrToInt, v, Type::I64);
            return self.coerce(i, want, signed);
        }
        if want.is_ptr() {
            let i = self.coerce(v, Type::I64, false);
            return self.cast(CastOp::IntToPtr, i, want);
        }
        if have.bits() == want.bits() {
            if let Some(&Op::Cast(CastOp::Bitcast, x)) = self.def_op(v) {
                if self.ty(x) == want {
                    return x;
                }
            }
            return self.cast(CastOp::Bitcast, v, want);
        }
        let hi = int_ty(have.bits());
        let vi = if have.is_float() {
            self.coerce(v, hi, false)
        } else {
            v
        };
        let wi = int_ty(want.bits());
        let r = if want.bits() < have.bits() {
            self.cast(CastOp::Trunc, vi, wi)
        } else if signed && have != Type::I1 {
            self.cast(CastOp::SExt, vi, wi)
        } else {
            self.cast(CastOp::ZExt, vi, wi)
        };
        if want.is_float() {
            self.cast(CastOp::Bitcast, r, want)
        } else {
            r
        }
    }

    /// Resize an integer to `bits`, extending by `signed`.
    fn resize(&mut self, v: Value, bits: u32, signed: bool) -> Value {
        self.coerce(v, int_ty(bits), signed)
    }

    fn cast_ptr(&mut self, p: Value, want: Type) -> Value {
        if self.ty(p) == want {
            p
        } else {
            self.cast(CastOp::AddrSpaceCast, p, want)
        }
    }

    /// An integer address as a pointer of type `want`.
    fn int_to_ptr(&mut self, x: Value, want: Type) -> Value {
        let x = self.coerce(x, Type::I64, false);
        self.cast(CastOp::IntToPtr, x, want)
    }

    fn vty(&self, i: &Instr<'_>, t: PTy) -> LResult<Type> {
        ir_type(t).ok_or_else(|| self.unsupported(i))
    }

    fn check(&self, i: &Instr<'_>, allowed: &[&str]) -> LResult<()> {
        self.check_in(i, &[allowed])
    }

    /// Every modifier is a type, an ignorable hint, or in one of `allowed`.
    fn check_in(&self, i: &Instr<'_>, allowed: &[&[&str]]) -> LResult<()> {
        for m in &i.mods {
            if PTy::parse(m).is_none() && !allowed.iter().any(|a| a.contains(m)) && !ignorable(m) {
                return Err(self.unsupported(i));
            }
        }
        Ok(())
    }

    fn one_type(&self, i: &Instr<'_>) -> LResult<PTy> {
        let mut it = types(i);
        match (it.next(), it.next()) {
            (Some(t), None) => Ok(t),
            _ => Err(self.unsupported(i)),
        }
    }

    fn two_types(&self, i: &Instr<'_>) -> LResult<(PTy, PTy)> {
        let mut it = types(i);
        match (it.next(), it.next(), it.next()) {
            (Some(a), Some(b), None) => Ok((a, b)),
            _ => Err(self.unsupported(i)),
        }
    }

    fn nops(&self, i: &Instr<'_>, n: usize) -> LResult<()> {
        if i.operands.len() == n {
            Ok(())
        } else {
            Err(self.bad(
                i.loc,
                format!(
                    "expected {n} operands for '{}', found {}",
                    i.full,
                    i.operands.len()
                ),
            ))
        }
    }

    fn opnd<'i>(&self, i: &'i Instr<'a>, k: usize) -> LResult<&'i Operand<'a>> {
        i.operands.get(k).ok_or_else(|| {
            self.bad(
                i.loc,
                format!("expected at least {} operands for '{}'", k + 1, i.full),
            )
        })
    }

    fn is_register(&self, v: VarId) -> bool {
        matches!(
            self.ast.vars.get(v as usize).map(|x| &x.kind),
            Some(VarKind::Reg(_))
        ) || matches!(
            self.ast.vars.get(v as usize).map(|x| &x.kind),
            Some(VarKind::Param(_, d)) if d.space == Space::Reg
        )
    }

    fn var_name(&self, v: VarId) -> &'a str {
        self.ast.vars.get(v as usize).map(|x| x.name).unwrap_or("?")
    }

    /// A special register's value (`i32`).
    fn special(&mut self, i: &Instr<'_>, name: &str) -> LResult<Value> {
        let bare = name.trim_start_matches('%');
        if let Some(r) = SpecialReg::parse(bare) {
            return Ok(self.emit(Op::Special(r), Type::I32));
        }
        if let Some(kind) = bare.strip_prefix("lanemask_") {
            let lane = self.emit(Op::Special(SpecialReg::LaneId), Type::I32);
            let one = self.konst(Type::I32, 1);
            let bit = self.bin(BinaryOp::Shl, one, lane);
            let below = self.bin_imm(BinaryOp::Sub, bit, 1);
            let r = match kind {
                "eq" => bit,
                "lt" => below,
                "le" => self.bin(BinaryOp::Or, below, bit),
                "ge" => self.un(UnaryOp::Not, below),
                "gt" => {
                    let le = self.bin(BinaryOp::Or, below, bit);
                    self.un(UnaryOp::Not, le)
                }
                _ => return Err(self.unsupported_special(i, name)),
            };
            return Ok(r);
        }
        Err(self.unsupported_special(i, name))
    }

    fn unsupported_special(&self, i: &Instr<'_>, name: &str) -> Diagnostic {
        self.err_at(
            i.loc,
            "unsupported-ptx",
            format!("unsupported PTX special register '{name}'"),
        )
    }

    fn imm_int(&mut self, v: u64, want: Type) -> Value {
        if want.is_float() {
            let bits = float_bits(v as i64 as f64, want);
            self.konst(want, bits)
        } else {
            self.konst(want, v)
        }
    }

    fn imm_float(&mut self, x: f64, raw: u64, raw_ty: Type, want: Type) -> Value {
        if want.is_float() {
            let bits = if want == raw_ty {
                raw
            } else {
                float_bits(x, want)
            };
            self.konst(want, bits)
        } else {
            self.konst(want, raw)
        }
    }

    /// The address of a module-level symbol.
    fn symbol_ptr(&mut self, i: &Instr<'_>, name: &str) -> LResult<Value> {
        if let Some(&g) = self.cx.globals.get(name) {
            let space = self
                .cx
                .global_space
                .get(g.index())
                .copied()
                .unwrap_or(AddrSpace::Global);
            return Ok(self.emit(Op::GlobalAddr(g), Type::Ptr(space)));
        }
        if self.cx.funcs.contains_key(name) || self.cx.externs.contains(name) {
            return Err(self.err_at(
                i.loc,
                "unsupported-ptx",
                format!("unsupported PTX use of function '{name}' as a value"),
            ));
        }
        Err(self.err_at(
            i.loc,
            "unsupported-ptx",
            format!("unsupported PTX reference to undefined symbol '{name}'"),
        ))
    }

    /// The address of a function-scoped variable (not a register).
    fn var_ptr(&mut self, i: &Instr<'_>, v: VarId) -> LResult<Value> {
        match self.storage[v as usize] {
            Storage::Memory(p) => Ok(p),
            Storage::Global(g) => {
                let space = self
                    .cx
                    .global_space
                    .get(g.index())
                    .copied()
                    .unwrap_or(AddrSpace::Shared);
                Ok(self.emit(Op::GlobalAddr(g), Type::Ptr(space)))
            }
            _ => Err(self.err_at(
                i.loc,
                "unsupported-ptx",
                format!(
                    "unsupported PTX use of the address of '{}'",
                    self.var_name(v)
                ),
            )),
        }
    }

    /// Read an operand as a value of type `want`.
    fn src_op(
        &mut self,
        i: &Instr<'a>,
        o: &Operand<'a>,
        want: Type,
        signed: bool,
    ) -> LResult<Value> {
        let v = match o {
            Operand::Var(v) => {
                if self.is_register(*v) || matches!(self.storage[*v as usize], Storage::Ssa) {
                    let x = self.read_var(*v);
                    return Ok(self.coerce(x, want, signed));
                }
                let p = self.var_ptr(i, *v)?;
                self.cast(CastOp::PtrToInt, p, Type::I64)
            }
            Operand::NotVar(v) => {
                let x = self.read_var(*v);
                let b = self.coerce(x, Type::I1, false);
                self.not1(b)
            }
            Operand::Special(name) => self.special(i, name)?,
            Operand::Int(v) => return Ok(self.imm_int(*v, want)),
            Operand::F32(b) => {
                let x = f64::from(f32::from_bits(*b));
                return Ok(self.imm_float(x, u64::from(*b), Type::F32, want));
            }
            Operand::F64(b) => {
                let x = f64::from_bits(*b);
                return Ok(self.imm_float(x, *b, Type::F64, want));
            }
            Operand::Sym(name, off) => {
                let p = self.symbol_ptr(i, name)?;
                let p = self.ptradd(p, *off);
                self.cast(CastOp::PtrToInt, p, Type::I64)
            }
            _ => return Err(self.bad(i.loc, format!("expected a value operand in '{}'", i.full))),
        };
        Ok(self.coerce(v, want, signed))
    }

    fn src(&mut self, i: &Instr<'a>, k: usize, want: Type, signed: bool) -> LResult<Value> {
        let o = self.opnd(i, k)?;
        self.src_op(i, o, want, signed)
    }

    fn dst_op(&mut self, i: &Instr<'a>, o: &Operand<'a>, v: Value, signed: bool) -> LResult<()> {
        match o {
            Operand::Sink => Ok(()),
            Operand::Var(var) if matches!(self.storage[*var as usize], Storage::Ssa) => {
                self.write_var(*var, v, signed);
                Ok(())
            }
            _ => Err(self.bad(
                i.loc,
                format!("expected a register as destination of '{}'", i.full),
            )),
        }
    }

    fn dst(&mut self, i: &Instr<'a>, k: usize, v: Value, signed: bool) -> LResult<()> {
        let o = self.opnd(i, k)?;
        self.dst_op(i, o, v, signed)
    }

    /// The pointer an address operand denotes, in state space `space`.
    fn address(&mut self, i: &Instr<'a>, o: &Operand<'a>, space: Space) -> LResult<Value> {
        let want = Type::Ptr(addr_space(space));
        let Operand::Addr(base, off) = o else {
            return Err(self.bad(i.loc, format!("expected an address in '{}'", i.full)));
        };
        let p = match base {
            AddrBase::Var(v) => {
                if self.is_register(*v) {
                    let x = self.read_var(*v);
                    self.int_to_ptr(x, want)
                } else {
                    let p = self.var_ptr(i, *v)?;
                    self.cast_ptr(p, want)
                }
            }
            AddrBase::Sym(name) => {
                let p = self.symbol_ptr(i, name)?;
                self.cast_ptr(p, want)
            }
            AddrBase::Abs => {
                let z = self.konst(Type::I64, 0);
                self.cast(CastOp::IntToPtr, z, want)
            }
        };
        Ok(self.ptradd(p, *off))
    }

    /// Whether an address names a parameter or call slot directly (`[param0+4]`).
    fn param_base(&self, o: &Operand<'_>) -> Option<(VarId, i64)> {
        match o {
            Operand::Addr(AddrBase::Var(v), off) if !self.is_register(*v) => {
                match self.ast.vars.get(*v as usize).map(|x| &x.kind) {
                    Some(VarKind::Param(..) | VarKind::Ret(..) | VarKind::Slot(_)) => {
                        Some((*v, *off))
                    }
                    _ => None,
                }
            }
            _ => None,
        }
    }

    fn load(&mut self, p: Value, ty: Type) -> Value {
        self.emit(Op::Load { ptr: p }, ty)
    }

    /// Bits `[8*boff, 8*boff + bits(want))` of `x`, as `want`.
    fn extract(&mut self, i: &Instr<'_>, x: Value, boff: i64, want: Type) -> LResult<Value> {
        let xb = self.ty(x).bits();
        if boff == 0 && want.bits() == xb {
            return Ok(self.coerce(x, want, false));
        }
        if boff < 0 || boff * 8 + i64::from(want.bits()) > i64::from(xb) {
            return Err(self.bad(i.loc, "parameter access out of range"));
        }
        let xi = self.coerce(x, int_ty(xb), false);
        let sh = self.bin_imm(BinaryOp::LShr, xi, (boff * 8) as u64);
        let t = self.resize(sh, want.bits(), false);
        Ok(self.coerce(t, want, false))
    }

    fn param_read(&mut self, i: &Instr<'_>, v: VarId, boff: i64, want: Type) -> LResult<Value> {
        match self.storage[v as usize] {
            Storage::Memory(p) => {
                let q = self.ptradd(p, boff);
                Ok(self.load(q, want))
            }
            Storage::Value(p) => self.extract(i, p, boff, want),
            Storage::Ssa => {
                let x = self.read_var(v);
                self.extract(i, x, boff, want)
            }
            Storage::Global(_) => Err(self.bad(i.loc, "not a parameter")),
        }
    }

    fn param_write(&mut self, i: &Instr<'_>, v: VarId, boff: i64, val: Value) -> LResult<()> {
        match self.storage[v as usize] {
            Storage::Memory(p) => {
                let q = self.ptradd(p, boff);
                self.emit_void(Op::Store { ptr: q, value: val });
                Ok(())
            }
            Storage::Ssa => {
                let vt = self.var_ty[v as usize];
                let vb = self.ty(val).bits();
                if boff == 0 && vb == vt.bits() {
                    self.write_var(v, val, false);
                    return Ok(());
                }
                if boff < 0 || boff * 8 + i64::from(vb) > i64::from(vt.bits()) {
                    return Err(self.bad(i.loc, "parameter access out of range"));
                }
                let it = int_ty(vt.bits());
                let old = self.read_var(v);
                let old = self.coerce(old, it, false);
                let mask = (if vb >= 64 { u64::MAX } else { (1u64 << vb) - 1 }) << (boff * 8);
                let kept = self.bin_imm(BinaryOp::And, old, !mask);
                let nv = self.coerce(val, int_ty(vb), false);
                let nv = self.resize(nv, vt.bits(), false);
                let nv = self.bin_imm(BinaryOp::Shl, nv, (boff * 8) as u64);
                let r = self.bin(BinaryOp::Or, kept, nv);
                self.write_var(v, r, false);
                Ok(())
            }
            _ => Err(self.bad(
                i.loc,
                format!("cannot store to parameter '{}'", self.var_name(v)),
            )),
        }
    }

    // ---- dispatch ----------------------------------------------------------------------

    pub(super) fn inst(&mut self, i: &Instr<'a>) -> LResult<()> {
        match i.opcode {
            "mov" => self.mov(i),
            "ld" | "ldu" => self.ld(i),
            "st" => self.st(i),
            "cvta" => self.cvta(i),
            "cvt" => self.cvt(i),
            "add" | "sub" | "addc" | "subc" => self.addsub(i),
            "mul" | "mul24" => self.mul(i),
            "mad" | "madc" | "mad24" | "fma" => self.mad(i),
            "div" | "rem" => self.divrem(i),
            "abs" | "neg" | "not" | "cnot" | "popc" | "clz" | "brev" | "bfind" => self.int_unary(i),
            "sqrt" | "rsqrt" | "rcp" | "ex2" | "lg2" | "sin" | "cos" | "tanh" => {
                self.float_unary(i)
            }
            "and" | "or" | "xor" | "shl" | "shr" | "min" | "max" | "copysign" => self.binary(i),
            "selp" => self.selp(i),
            "setp" => self.setp(i),
            "set" => self.set(i),
            "slct" => self.slct(i),
            "testp" => self.testp(i),
            "bfe" => self.bfe(i),
            "bfi" => self.bfi(i),
            "prmt" => self.prmt(i),
            "shf" => self.shf(i),
            "lop3" => self.lop3(i),
            "bar" | "barrier" => self.barrier(i),
            "membar" | "fence" => {
                self.emit_void(Op::Fence);
                Ok(())
            }
            "atom" | "red" => self.atom(i),
            "shfl" => self.shfl(i),
            "vote" => self.vote(i),
            "call" => self.call(i),
            "sad" => self.sad(i),
            "dp4a" => self.dp4a(i),
            // Hints, and `griddepcontrol` (programmatic dependent launch), which orders
            // launches that the kernel IR runs one after another anyway.
            "prefetch" | "prefetchu" | "nanosleep" | "pmevent" | "discard" | "applypriority"
            | "griddepcontrol" => Ok(()),
            "createpolicy" => {
                let z = self.konst(Type::I64, 0);
                self.dst(i, 0, z, false)
            }
            _ => Err(self.unsupported(i)),
        }
    }

    // ---- data movement -----------------------------------------------------------------

    fn mov(&mut self, i: &Instr<'a>) -> LResult<()> {
        self.check(i, &[])?;
        self.nops(i, 2)?;
        let t = self.one_type(i)?;
        let ty = self.vty(i, t)?;
        let (d, a) = (&i.operands[0], &i.operands[1]);
        match (d, a) {
            (Operand::Vec(parts), _) => {
                let n = parts.len() as u32;
                if n < 2 || t.bits() % n != 0 {
                    return Err(self.bad(i.loc, "bad vector unpack"));
                }
                let w = t.bits() / n;
                let x = self.src_op(i, a, int_ty(t.bits()), false)?;
                for (k, p) in parts.iter().enumerate() {
                    if *p == Operand::Sink {
                        continue;
                    }
                    let s = if k == 0 {
                        x
                    } else {
                        self.bin_imm(BinaryOp::LShr, x, u64::from(w) * k as u64)
                    };
                    let part = self.resize(s, w, false);
                    self.dst_op(i, p, part, false)?;
                }
                Ok(())
            }
            (_, Operand::Vec(parts)) => {
                let n = parts.len() as u32;
                if n < 2 || t.bits() % n != 0 {
                    return Err(self.bad(i.loc, "bad vector pack"));
                }
                let w = t.bits() / n;
                let it = int_ty(t.bits());
                let mut acc: Option<Value> = None;
                for (k, p) in parts.iter().enumerate() {
                    let e = self.src_op(i, p, int_ty(w), false)?;
                    let z = self.resize(e, t.bits(), false);
                    let s = if k == 0 {
                        z
                    } else {
                        self.bin_imm(BinaryOp::Shl, z, u64::from(w) * k as u64)
                    };
                    acc = Some(match acc {
                        None => s,
                        Some(x) => self.bin(BinaryOp::Or, x, s),
                    });
                }
                let v = match acc {
                    Some(v) => v,
                    None => self.konst(it, 0),
                };
                self.dst(i, 0, v, false)
            }
            _ => {
                let v = self.src_op(i, a, ty, t.is_signed())?;
                self.dst(i, 0, v, t.is_signed())
            }
        }
    }

    fn mem_type(&self, i: &Instr<'_>, t: PTy) -> LResult<Type> {
        match t {
            PTy::Pred | PTy::B128 => Err(self.unsupported(i)),
            _ => self.vty(i, t),
        }
    }

    /// The operand list of a load destination / store source (`{a, b}` or one operand).
    fn elems<'i>(
        &self,
        i: &Instr<'_>,
        o: &'i Operand<'a>,
        n: u32,
    ) -> LResult<Vec<&'i Operand<'a>>> {
        let v: Vec<&Operand<'a>> = match o {
            Operand::Vec(items) => items.iter().collect(),
            o => vec![o],
        };
        if v.len() != n as usize {
            return Err(self.bad(
                i.loc,
                format!("'{}' needs {n} elements, found {}", i.full, v.len()),
            ));
        }
        Ok(v)
    }

    fn ld(&mut self, i: &Instr<'a>) -> LResult<()> {
        self.check_in(i, &[SPACES, &["nc", "v2", "v4", "v8"]])?;
        let nops = if has(i, "L2::cache_hint") { 3 } else { 2 };
        self.nops(i, nops)?;
        let t = self.one_type(i)?;
        let mt = self.mem_type(i, t)?;
        let space = space_of(i);
        let n = vec_of(i);
        let dsts = self.elems(i, &i.operands[0], n)?;
        let size = mt.bytes() as i64;
        if space == Space::Param {
            if let Some((v, off)) = self.param_base(&i.operands[1]) {
                for (k, d) in dsts.iter().enumerate() {
                    let x = self.param_read(i, v, off + size * k as i64, mt)?;
                    self.dst_op(i, d, x, t.is_signed())?;
                }
                return Ok(());
            }
        }
        let p = self.address(i, &i.operands[1], space)?;
        for (k, d) in dsts.iter().enumerate() {
            let q = self.ptradd(p, size * k as i64);
            let x = self.load(q, mt);
            self.dst_op(i, d, x, t.is_signed())?;
        }
        Ok(())
    }

    fn st(&mut self, i: &Instr<'a>) -> LResult<()> {
        self.check_in(i, &[SPACES, &["v2", "v4", "v8"]])?;
        let nops = if has(i, "L2::cache_hint") { 3 } else { 2 };
        self.nops(i, nops)?;
        let t = self.one_type(i)?;
        let mt = self.mem_type(i, t)?;
        let space = space_of(i);
        let n = vec_of(i);
        if !matches!(i.operands[0], Operand::Addr(..)) {
            return Err(self.bad(i.loc, format!("expected an address in '{}'", i.full)));
        }
        let srcs = self.elems(i, &i.operands[1], n)?;
        let size = mt.bytes() as i64;
        let mut vals = Vec::with_capacity(srcs.len());
        for s in &srcs {
            vals.push(self.src_op(i, s, mt, t.is_signed())?);
        }
        if space == Space::Param {
            if let Some((v, off)) = self.param_base(&i.operands[0]) {
                for (k, val) in vals.into_iter().enumerate() {
                    self.param_write(i, v, off + size * k as i64, val)?;
                }
                return Ok(());
            }
        }
        let p = self.address(i, &i.operands[0], space)?;
        for (k, val) in vals.into_iter().enumerate() {
            let q = self.ptradd(p, size * k as i64);
            self.emit_void(Op::Store { ptr: q, value: val });
        }
        Ok(())
    }

    fn cvta(&mut self, i: &Instr<'a>) -> LResult<()> {
        self.check_in(i, &[SPACES, &["to"]])?;
        self.nops(i, 2)?;
        let t = self.one_type(i)?;
        let space = space_of(i);
        if space == Space::Generic {
            return Err(self.unsupported(i));
        }
        let sp = Type::Ptr(addr_space(space));
        let generic = Type::Ptr(AddrSpace::Generic);
        let a = &i.operands[1];
        let q = if has(i, "to") {
            let x = self.src_op(i, a, Type::I64, false)?;
            let p = self.int_to_ptr(x, generic);
            self.cast_ptr(p, sp)
        } else {
            let p = match a {
                Operand::Var(v) if !self.is_register(*v) => self.var_ptr(i, *v)?,
                Operand::Sym(name, off) => {
                    let p = self.symbol_ptr(i, name)?;
                    self.ptradd(p, *off)
                }
                _ => {
                    let x = self.src_op(i, a, Type::I64, false)?;
                    self.int_to_ptr(x, sp)
                }
            };
            self.cast_ptr(p, generic)
        };
        let r = self.cast(CastOp::PtrToInt, q, Type::I64);
        let r = self.resize(r, t.bits(), false);
        self.dst(i, 0, r, false)
    }

    fn cvt(&mut self, i: &Instr<'a>) -> LResult<()> {
        self.check(
            i,
            &["rn", "rz", "rm", "rp", "rni", "rzi", "rmi", "rpi", "sat"],
        )?;
        let (dt, at) = self.two_types(i)?;
        let sat = has(i, "sat");
        let irnd = i
            .mods
            .iter()
            .find(|m| matches!(**m, "rni" | "rzi" | "rmi" | "rpi"))
            .copied();
        if dt.is_packed() {
            // cvt.rn.f16x2.f32 d, a, b: d = {a (high half), b (low half)}.
            self.nops(i, 3)?;
            if at != PTy::F32 {
                return Err(self.unsupported(i));
            }
            let et = if dt == PTy::F16x2 {
                Type::F16
            } else {
                Type::BF16
            };
            let a = self.src(i, 1, Type::F32, false)?;
            let b = self.src(i, 2, Type::F32, false)?;
            let mut ha = self.cast(CastOp::FpTrunc, a, et);
            let mut hb = self.cast(CastOp::FpTrunc, b, et);
            if sat {
                ha = self.un(UnaryOp::Saturate, ha);
                hb = self.un(UnaryOp::Saturate, hb);
            }
            let r = self.pack_lanes(hb, ha);
            return self.dst(i, 0, r, false);
        }
        self.nops(i, 2)?;
        if dt == PTy::Pred || at == PTy::Pred || at.is_packed() {
            return Err(self.unsupported(i));
        }
        let aty = self.vty(i, at)?;
        let dty = self.vty(i, dt)?;
        let x = self.src(i, 1, aty, at.is_signed())?;
        let round = |s: &mut Self, x: Value| -> Value {
            match irnd {
                Some("rni") => s.un(UnaryOp::Rint, x),
                Some("rmi") => s.un(UnaryOp::Floor, x),
                Some("rpi") => s.un(UnaryOp::Ceil, x),
                Some("rzi") => s.un(UnaryOp::Trunc, x),
                _ => x,
            }
        };
        let dir = Self::directed(i);
        let mut r = if at.is_float() && dt.is_float() {
            let y = round(self, x);
            if aty == dty {
                y
            } else if aty.bits() == dty.bits() {
                if dir.is_some() {
                    return Err(self.unsupported(i));
                }
                let w = self.cast(CastOp::FpExt, y, Type::F32);
                self.cast(CastOp::FpTrunc, w, dty)
            } else if dty.bits() > aty.bits() {
                self.cast(CastOp::FpExt, y, dty)
            } else {
                let t = self.cast(CastOp::FpTrunc, y, dty);
                match dir {
                    // The narrowed value widens exactly; the difference is the error.
                    Some(d) => {
                        let back = self.cast(CastOp::FpExt, t, aty);
                        let err = self.bin(BinaryOp::FSub, y, back);
                        self.round_dir(t, err, d)
                    }
                    None => t,
                }
            }
        } else if at.is_float() {
            let y = match irnd {
                Some("rzi") => x,
                _ => round(self, x),
            };
            let op = if dt.is_signed() {
                CastOp::FpToSi
            } else {
                CastOp::FpToUi
            };
            self.cast(op, y, dty)
        } else if dt.is_float() {
            let op = if at.is_signed() {
                CastOp::SiToFp
            } else {
                CastOp::UiToFp
            };
            match dir {
                None => self.cast(op, x, dty),
                Some(_) if dty == Type::F64 && at.bits() <= 32 => self.cast(op, x, dty),
                Some(d) if at.bits() <= 32 => {
                    // Exact in f64, then narrowed with the error.
                    let w = self.cast(op, x, Type::F64);
                    let t = self.cast(CastOp::FpTrunc, w, dty);
                    let back = self.cast(CastOp::FpExt, t, Type::F64);
                    let err = self.bin(BinaryOp::FSub, w, back);
                    self.round_dir(t, err, d)
                }
                Some(d) => {
                    // 64-bit integers: compare the rounded value, converted back, with x.
                    let t = self.cast(op, x, dty);
                    let back_op = if at.is_signed() {
                        CastOp::FpToSi
                    } else {
                        CastOp::FpToUi
                    };
                    let back = self.cast(back_op, t, aty);
                    let (gt, lt) = if at.is_signed() {
                        (IntPredicate::Sgt, IntPredicate::Slt)
                    } else {
                        (IntPredicate::Ugt, IntPredicate::Ult)
                    };
                    let above = self.icmp(gt, x, back);
                    let below = self.icmp(lt, x, back);
                    let one = self.imm_int(1, dty);
                    let m1 = self.imm_int(u64::MAX, dty);
                    let zero = self.konst(dty, 0);
                    let e = self.select(below, m1, zero);
                    let err = self.select(above, one, e);
                    self.round_dir(t, err, d)
                }
            }
        } else {
            let x = if sat { self.clamp_int(x, at, dt) } else { x };
            self.resize(x, dt.bits(), at.is_signed())
        };
        if sat && dt.is_float() {
            r = self.un(UnaryOp::Saturate, r);
        }
        self.dst(i, 0, r, dt.is_signed())
    }

    /// Clamp integer `x` of type `at` to the range of `dt` (in `at`'s width or wider).
    fn clamp_int(&mut self, x: Value, at: PTy, dt: PTy) -> Value {
        let w = at.bits().max(dt.bits());
        let xs = self.resize(x, w, at.is_signed());
        let db = dt.bits();
        let (dmin, dmax): (i128, i128) = if dt.is_signed() {
            (-(1i128 << (db - 1)), (1i128 << (db - 1)) - 1)
        } else {
            (0, (1i128 << db) - 1)
        };
        let wmask = if w >= 64 { u64::MAX } else { (1u64 << w) - 1 };
        let mut v = xs;
        if at.is_signed() {
            let lo_ok = dmin <= -(1i128 << (w - 1));
            if !lo_ok {
                v = self.bin_imm(BinaryOp::SMax, v, (dmin as i64 as u64) & wmask);
            }
            if dmax < (1i128 << (w - 1)) - 1 {
                v = self.bin_imm(BinaryOp::SMin, v, (dmax as u64) & wmask);
            }
        } else if dmax < (1i128 << w) - 1 {
            v = self.bin_imm(BinaryOp::UMin, v, (dmax as u64) & wmask);
        }
        v
    }

    // ---- arithmetic --------------------------------------------------------------------

    fn lanes(&mut self, x: Value, et: Type) -> (Value, Value) {
        let x = self.coerce(x, Type::I32, false);
        let lo = self.cast(CastOp::Trunc, x, Type::I16);
        let lo = self.cast(CastOp::Bitcast, lo, et);
        let h = self.bin_imm(BinaryOp::LShr, x, 16);
        let hi = self.cast(CastOp::Trunc, h, Type::I16);
        let hi = self.cast(CastOp::Bitcast, hi, et);
        (lo, hi)
    }

    fn pack_lanes(&mut self, lo: Value, hi: Value) -> Value {
        let l = self.coerce(lo, Type::I16, false);
        let h = self.coerce(hi, Type::I16, false);
        let l = self.cast(CastOp::ZExt, l, Type::I32);
        let h = self.cast(CastOp::ZExt, h, Type::I32);
        let h = self.bin_imm(BinaryOp::Shl, h, 16);
        self.bin(BinaryOp::Or, l, h)
    }

    /// A float operation on operands `1..=n`, lane-wise for `.f16x2`/`.bf16x2`;
    /// `.sat` clamps the result to [0, 1].
    fn float_op(
        &mut self,
        i: &Instr<'a>,
        t: PTy,
        n: usize,
        f: &dyn Fn(&mut Self, &[Value], Type) -> Value,
    ) -> LResult<Value> {
        let sat = has(i, "sat");
        let fin = |s: &mut Self, args: &[Value], ty: Type| -> Value {
            let r = f(s, args, ty);
            if sat {
                s.un(UnaryOp::Saturate, r)
            } else {
                r
            }
        };
        if t.is_packed() {
            let et = if t == PTy::F16x2 {
                Type::F16
            } else {
                Type::BF16
            };
            let mut lo = Vec::with_capacity(n);
            let mut hi = Vec::with_capacity(n);
            for k in 1..=n {
                let x = self.src(i, k, Type::I32, false)?;
                let (l, h) = self.lanes(x, et);
                lo.push(l);
                hi.push(h);
            }
            let rl = fin(self, &lo, et);
            let rh = fin(self, &hi, et);
            return Ok(self.pack_lanes(rl, rh));
        }
        let ty = self.vty(i, t)?;
        let mut args = Vec::with_capacity(n);
        for k in 1..=n {
            args.push(self.src(i, k, ty, false)?);
        }
        Ok(fin(self, &args, ty))
    }

    /// `.rz`/`.rm`/`.rp` of a float instruction (`None` for `.rn` or no rounding).
    fn directed(i: &Instr<'_>) -> Option<Dir> {
        i.mods.iter().find_map(|m| match *m {
            "rz" => Some(Dir::Rz),
            "rm" => Some(Dir::Rm),
            "rp" => Some(Dir::Rp),
            _ => None,
        })
    }

    fn fbin(&mut self, op: BinaryOp, a: Value, b: Value) -> Value {
        self.bin(op, a, b)
    }

    /// Knuth's TwoSum: `s = RN(a + b)` and the exact error `e` (`s + e == a + b`).
    fn two_sum(&mut self, a: Value, b: Value) -> (Value, Value) {
        let s = self.fbin(BinaryOp::FAdd, a, b);
        let bb = self.fbin(BinaryOp::FSub, s, a);
        let ab = self.fbin(BinaryOp::FSub, s, bb);
        let da = self.fbin(BinaryOp::FSub, a, ab);
        let db = self.fbin(BinaryOp::FSub, b, bb);
        let e = self.fbin(BinaryOp::FAdd, da, db);
        (s, e)
    }

    /// Move the round-to-nearest result `t` one unit in the last place in the rounding
    /// direction when the exact result is `t + err` (only the sign of `err` matters).
    fn round_dir(&mut self, t: Value, err: Value, dir: Dir) -> Value {
        let ty = self.ty(t);
        let et = self.ty(err);
        let it = int_ty(ty.bits());
        let zero = self.konst(ty, 0);
        let ezero = self.konst(et, 0);
        let fcmp = |s: &mut Self, p: FloatPredicate, a: Value, b: Value| -> Value {
            s.emit(Op::FCmp(p, a, b), Type::I1)
        };
        let below = fcmp(self, FloatPredicate::Olt, err, ezero);
        let above = fcmp(self, FloatPredicate::Ogt, err, ezero);
        let neg = fcmp(self, FloatPredicate::Olt, t, zero);
        let is0 = fcmp(self, FloatPredicate::Oeq, t, zero);
        let (down, up): (Option<Value>, Option<Value>) = match dir {
            Dir::Rm => (Some(below), None),
            Dir::Rp => (None, Some(above)),
            Dir::Rz => {
                let pos = fcmp(self, FloatPredicate::Ogt, t, zero);
                let d = self.bin(BinaryOp::And, pos, below);
                let u = self.bin(BinaryOp::And, neg, above);
                (Some(d), Some(u))
            }
        };
        let bits = self.cast(CastOp::Bitcast, t, it);
        let plus = self.bin_imm(BinaryOp::Add, bits, 1);
        let minus = self.bin_imm(BinaryOp::Sub, bits, 1);
        let tiny_neg = self.konst(it, (1u64 << (ty.bits() - 1)) | 1);
        let tiny_pos = self.konst(it, 1);
        let mut r = t;
        if let Some(d) = down {
            let mag = self.select(neg, plus, minus);
            let db = self.select(is0, tiny_neg, mag);
            let dv = self.cast(CastOp::Bitcast, db, ty);
            r = self.select(d, dv, r);
        }
        if let Some(u) = up {
            let mag = self.select(neg, minus, plus);
            let ub = self.select(is0, tiny_pos, mag);
            let uv = self.cast(CastOp::Bitcast, ub, ty);
            r = self.select(u, uv, r);
        }
        r
    }

    /// `a op b` (`FAdd`/`FSub`/`FMul`) or `fma(a, b, c)` (`None`), rounded in direction
    /// `dir`, for `f32`/`f64`. `None` when not supported (other types, `f64` fma).
    fn directed_op(
        &mut self,
        op: Option<BinaryOp>,
        args: &[Value],
        ty: Type,
        dir: Dir,
    ) -> Option<Value> {
        if ty != Type::F32 && ty != Type::F64 {
            return None;
        }
        match (op, args) {
            (Some(BinaryOp::FAdd), [a, b]) => {
                let (s, e) = self.two_sum(*a, *b);
                Some(self.round_dir(s, e, dir))
            }
            (Some(BinaryOp::FSub), [a, b]) => {
                let nb = self.un(UnaryOp::FNeg, *b);
                let (s, e) = self.two_sum(*a, nb);
                Some(self.round_dir(s, e, dir))
            }
            (Some(BinaryOp::FMul), [a, b]) => {
                let p = self.fbin(BinaryOp::FMul, *a, *b);
                let np = self.un(UnaryOp::FNeg, p);
                let e = self.emit(Op::Fma(*a, *b, np), ty);
                Some(self.round_dir(p, e, dir))
            }
            (None, [a, b, c]) if ty == Type::F32 => {
                // The product is exact in f64; TwoSum there gives the exact sum as s + e.
                let w = |s: &mut Self, x: Value| s.cast(CastOp::FpExt, x, Type::F64);
                let (a64, b64, c64) = (w(self, *a), w(self, *b), w(self, *c));
                let p = self.fbin(BinaryOp::FMul, a64, b64);
                let (s, e) = self.two_sum(p, c64);
                let t = self.emit(Op::Fma(*a, *b, *c), ty);
                let t64 = w(self, t);
                let u = self.fbin(BinaryOp::FSub, s, t64);
                let err = self.fbin(BinaryOp::FAdd, u, e);
                Some(self.round_dir(t, err, dir))
            }
            _ => None,
        }
    }

    /// `add`/`sub`/`mul` (`Some(op)`) or `fma` (`None`) on floats, honouring `.rz/.rm/.rp`.
    fn rounded_float_op(&mut self, i: &Instr<'a>, t: PTy, op: Option<BinaryOp>) -> LResult<Value> {
        let n = if op.is_some() { 2 } else { 3 };
        let Some(dir) = Self::directed(i) else {
            return self.float_op(i, t, n, &|s, a, ty| match op {
                Some(b) => s.emit(Op::Binary(b, a[0], a[1]), ty),
                None => s.emit(Op::Fma(a[0], a[1], a[2]), ty),
            });
        };
        if t.is_packed() {
            return Err(self.unsupported(i));
        }
        let ty = self.vty(i, t)?;
        let mut args = Vec::with_capacity(n);
        for k in 1..=n {
            args.push(self.src(i, k, ty, false)?);
        }
        let r = self
            .directed_op(op, &args, ty, dir)
            .ok_or_else(|| self.unsupported(i))?;
        Ok(if has(i, "sat") {
            self.un(UnaryOp::Saturate, r)
        } else {
            r
        })
    }

    fn is_float_like(t: PTy) -> bool {
        t.is_float() || t.is_packed()
    }

    /// `a + b (+ carry)` or `a - b (- borrow)` with the carry/borrow out.
    fn add_carry(&mut self, a: Value, b: Value, sub: bool, carry_in: bool) -> (Value, Value) {
        let t = self.ty(a);
        if !sub {
            let t1 = self.bin(BinaryOp::Add, a, b);
            let c1 = self.icmp(IntPredicate::Ult, t1, a);
            if !carry_in {
                return (t1, c1);
            }
            let cc = self.read_var(self.cc_var);
            let cin = self.coerce(cc, t, false);
            let r = self.bin(BinaryOp::Add, t1, cin);
            let c2 = self.icmp(IntPredicate::Ult, r, t1);
            let c = self.bin(BinaryOp::Or, c1, c2);
            (r, c)
        } else {
            let t1 = self.bin(BinaryOp::Sub, a, b);
            let b1 = self.icmp(IntPredicate::Ult, a, b);
            if !carry_in {
                return (t1, b1);
            }
            let cc = self.read_var(self.cc_var);
            let cin = self.coerce(cc, t, false);
            let r = self.bin(BinaryOp::Sub, t1, cin);
            let b2 = self.icmp(IntPredicate::Ult, t1, cin);
            let c = self.bin(BinaryOp::Or, b1, b2);
            (r, c)
        }
    }

    fn addsub(&mut self, i: &Instr<'a>) -> LResult<()> {
        self.check(i, &["rn", "rz", "rm", "rp", "sat", "cc"])?;
        self.nops(i, 3)?;
        let t = self.one_type(i)?;
        let sub = i.opcode.starts_with("sub");
        let carry_in = i.opcode.ends_with('c');
        if Self::is_float_like(t) {
            if carry_in || has(i, "cc") {
                return Err(self.unsupported(i));
            }
            let op = if sub { BinaryOp::FSub } else { BinaryOp::FAdd };
            let r = self.rounded_float_op(i, t, Some(op))?;
            return self.dst(i, 0, r, false);
        }
        if has(i, "rn") || has(i, "rz") || has(i, "rm") || has(i, "rp") {
            return Err(self.unsupported(i));
        }
        let ty = self.vty(i, t)?;
        let a = self.src(i, 1, ty, t.is_signed())?;
        let b = self.src(i, 2, ty, t.is_signed())?;
        if has(i, "sat") {
            if t != PTy::S32 || carry_in || has(i, "cc") {
                return Err(self.unsupported(i));
            }
            let a64 = self.cast(CastOp::SExt, a, Type::I64);
            let b64 = self.cast(CastOp::SExt, b, Type::I64);
            let op = if sub { BinaryOp::Sub } else { BinaryOp::Add };
            let r = self.bin(op, a64, b64);
            let r = self.bin_imm(BinaryOp::SMax, r, i32::MIN as i64 as u64);
            let r = self.bin_imm(BinaryOp::SMin, r, i32::MAX as u64);
            let r = self.cast(CastOp::Trunc, r, Type::I32);
            return self.dst(i, 0, r, true);
        }
        let (r, c) = self.add_carry(a, b, sub, carry_in);
        if has(i, "cc") {
            self.write_var(self.cc_var, c, false);
        }
        self.dst(i, 0, r, t.is_signed())
    }

    fn mul(&mut self, i: &Instr<'a>) -> LResult<()> {
        self.check(i, &["lo", "hi", "wide", "rn", "rz", "rm", "rp", "sat"])?;
        self.nops(i, 3)?;
        let t = self.one_type(i)?;
        if Self::is_float_like(t) {
            if i.opcode != "mul" {
                return Err(self.unsupported(i));
            }
            let r = self.rounded_float_op(i, t, Some(BinaryOp::FMul))?;
            return self.dst(i, 0, r, false);
        }
        if has(i, "sat") || ROUNDING.iter().any(|m| has(i, m)) {
            return Err(self.unsupported(i));
        }
        let ty = self.vty(i, t)?;
        let signed = t.is_signed();
        let a = self.src(i, 1, ty, signed)?;
        let b = self.src(i, 2, ty, signed)?;
        let r = self.int_product(i, t, a, b)?;
        self.dst(i, 0, r, signed)
    }

    /// The product part of `mul`/`mad` (`.lo`, `.hi`, `.wide`, and the 24-bit forms).
    fn int_product(&mut self, i: &Instr<'a>, t: PTy, a: Value, b: Value) -> LResult<Value> {
        let signed = t.is_signed();
        let bits = t.bits();
        if i.opcode.ends_with("24") {
            if bits != 32 {
                return Err(self.unsupported(i));
            }
            let ext24 = |s: &mut Self, x: Value| -> Value {
                let y = s.bin_imm(BinaryOp::Shl, x, 8);
                let op = if signed {
                    BinaryOp::AShr
                } else {
                    BinaryOp::LShr
                };
                s.bin_imm(op, y, 8)
            };
            let a24 = ext24(self, a);
            let b24 = ext24(self, b);
            if has(i, "hi") {
                let a64 = self.resize(a24, 64, signed);
                let b64 = self.resize(b24, 64, signed);
                let p = self.bin(BinaryOp::Mul, a64, b64);
                let p = self.bin_imm(BinaryOp::LShr, p, 16);
                return Ok(self.cast(CastOp::Trunc, p, Type::I32));
            }
            return Ok(self.bin(BinaryOp::Mul, a24, b24));
        }
        if has(i, "wide") {
            if bits > 32 {
                return Err(self.unsupported(i));
            }
            let a2 = self.resize(a, bits * 2, signed);
            let b2 = self.resize(b, bits * 2, signed);
            return Ok(self.bin(BinaryOp::Mul, a2, b2));
        }
        if has(i, "hi") {
            let op = if signed {
                BinaryOp::MulHiS
            } else {
                BinaryOp::MulHiU
            };
            return Ok(self.bin(op, a, b));
        }
        Ok(self.bin(BinaryOp::Mul, a, b))
    }

    fn mad(&mut self, i: &Instr<'a>) -> LResult<()> {
        self.check(
            i,
            &["lo", "hi", "wide", "rn", "rz", "rm", "rp", "sat", "cc"],
        )?;
        self.nops(i, 4)?;
        let t = self.one_type(i)?;
        if Self::is_float_like(t) {
            if i.opcode == "madc" || i.opcode == "mad24" || has(i, "cc") {
                return Err(self.unsupported(i));
            }
            let r = self.rounded_float_op(i, t, None)?;
            return self.dst(i, 0, r, false);
        }
        if i.opcode == "fma" || has(i, "sat") || ROUNDING.iter().any(|m| has(i, m)) {
            return Err(self.unsupported(i));
        }
        let ty = self.vty(i, t)?;
        let signed = t.is_signed();
        let a = self.src(i, 1, ty, signed)?;
        let b = self.src(i, 2, ty, signed)?;
        let p = self.int_product(i, t, a, b)?;
        let pt = self.ty(p);
        let c = self.src(i, 3, pt, signed)?;
        let (r, carry) = self.add_carry(p, c, false, i.opcode == "madc");
        if has(i, "cc") {
            self.write_var(self.cc_var, carry, false);
        }
        self.dst(i, 0, r, signed)
    }

    fn divrem(&mut self, i: &Instr<'a>) -> LResult<()> {
        self.check(i, &["rn", "rz", "rm", "rp", "approx", "full"])?;
        self.nops(i, 3)?;
        let t = self.one_type(i)?;
        if t.is_float() {
            if i.opcode == "rem" || Self::directed(i).is_some() {
                return Err(self.unsupported(i));
            }
            let r = self.float_op(i, t, 2, &|s, a, ty| {
                s.emit(Op::Binary(BinaryOp::FDiv, a[0], a[1]), ty)
            })?;
            return self.dst(i, 0, r, false);
        }
        if t.is_packed() || t == PTy::Pred || i.mods.len() != 1 {
            return Err(self.unsupported(i));
        }
        let ty = self.vty(i, t)?;
        let signed = t.is_signed();
        let a = self.src(i, 1, ty, signed)?;
        let b = self.src(i, 2, ty, signed)?;
        let op = match (i.opcode, signed) {
            ("div", true) => BinaryOp::SDiv,
            ("div", false) => BinaryOp::UDiv,
            (_, true) => BinaryOp::SRem,
            (_, false) => BinaryOp::URem,
        };
        let r = self.bin(op, a, b);
        self.dst(i, 0, r, signed)
    }

    fn int_unary(&mut self, i: &Instr<'a>) -> LResult<()> {
        self.check(i, &["shiftamt"])?;
        self.nops(i, 2)?;
        let t = self.one_type(i)?;
        let op = i.opcode;
        if Self::is_float_like(t) {
            let u = match op {
                "abs" => UnaryOp::FAbs,
                "neg" => UnaryOp::FNeg,
                _ => return Err(self.unsupported(i)),
            };
            let r = self.float_op(i, t, 1, &|s, a, ty| s.emit(Op::Unary(u, a[0]), ty))?;
            return self.dst(i, 0, r, false);
        }
        if has(i, "shiftamt") && op != "bfind" {
            return Err(self.unsupported(i));
        }
        let ty = self.vty(i, t)?;
        let signed = t.is_signed();
        let a = self.src(i, 1, ty, signed)?;
        let r = match op {
            "abs" => self.un(UnaryOp::Abs, a),
            "neg" => self.un(UnaryOp::Neg, a),
            "not" => self.un(UnaryOp::Not, a),
            "brev" => self.un(UnaryOp::Brev, a),
            "cnot" => {
                let z = self.konst(ty, 0);
                let c = self.icmp(IntPredicate::Eq, a, z);
                self.coerce(c, ty, false)
            }
            "popc" | "clz" => {
                let u = if op == "popc" {
                    UnaryOp::Popc
                } else {
                    UnaryOp::Clz
                };
                let r = self.un(u, a);
                self.resize(r, 32, false)
            }
            "bfind" => {
                // Position of the most significant non-sign bit; 0xffffffff if none.
                let x = if signed {
                    let z = self.konst(ty, 0);
                    let neg = self.icmp(IntPredicate::Slt, a, z);
                    let inv = self.un(UnaryOp::Not, a);
                    self.select(neg, inv, a)
                } else {
                    a
                };
                let clz = self.un(UnaryOp::Clz, x);
                let clz = self.resize(clz, 32, false);
                let r = if has(i, "shiftamt") {
                    clz
                } else {
                    let msb = self.konst(Type::I32, u64::from(t.bits() - 1));
                    self.bin(BinaryOp::Sub, msb, clz)
                };
                let z = self.konst(ty, 0);
                let none = self.icmp(IntPredicate::Eq, x, z);
                let all = self.konst(Type::I32, 0xffff_ffff);
                self.select(none, all, r)
            }
            _ => return Err(self.unsupported(i)),
        };
        self.dst(i, 0, r, signed)
    }

    fn float_unary(&mut self, i: &Instr<'a>) -> LResult<()> {
        self.check(i, &["approx", "full", "rn", "rz", "rm", "rp"])?;
        self.nops(i, 2)?;
        let t = self.one_type(i)?;
        if !Self::is_float_like(t) || Self::directed(i).is_some() {
            return Err(self.unsupported(i));
        }
        let u = match i.opcode {
            "sqrt" => UnaryOp::Sqrt,
            "rsqrt" => UnaryOp::Rsqrt,
            "rcp" => UnaryOp::Rcp,
            "ex2" => UnaryOp::Exp2,
            "lg2" => UnaryOp::Log2,
            "sin" => UnaryOp::Sin,
            "cos" => UnaryOp::Cos,
            _ => UnaryOp::Tanh,
        };
        let r = self.float_op(i, t, 1, &|s, a, ty| s.emit(Op::Unary(u, a[0]), ty))?;
        self.dst(i, 0, r, false)
    }

    fn binary(&mut self, i: &Instr<'a>) -> LResult<()> {
        self.check(i, &["NaN"])?;
        self.nops(i, 3)?;
        let t = self.one_type(i)?;
        let op = i.opcode;
        if Self::is_float_like(t) {
            let b = match op {
                "min" if has(i, "NaN") => BinaryOp::FMinimum,
                "max" if has(i, "NaN") => BinaryOp::FMaximum,
                "min" => BinaryOp::FMin,
                "max" => BinaryOp::FMax,
                "copysign" => BinaryOp::CopySign,
                _ => return Err(self.unsupported(i)),
            };
            // copysign.f32 d, a, b: the magnitude of b with the sign of a.
            let swap = op == "copysign";
            let r = self.float_op(i, t, 2, &|s, a, ty| {
                let (x, y) = if swap { (a[1], a[0]) } else { (a[0], a[1]) };
                s.emit(Op::Binary(b, x, y), ty)
            })?;
            return self.dst(i, 0, r, false);
        }
        if has(i, "NaN") {
            return Err(self.unsupported(i));
        }
        let ty = self.vty(i, t)?;
        let signed = t.is_signed();
        let a = self.src(i, 1, ty, signed)?;
        let r = match op {
            "shl" | "shr" => {
                let amt = self.src(i, 2, Type::I32, false)?;
                let amt = if ty.bits() < 32 {
                    let c = self.bin_imm(BinaryOp::UMin, amt, u64::from(ty.bits()));
                    self.resize(c, ty.bits(), false)
                } else {
                    self.resize(amt, ty.bits(), false)
                };
                let b = match (op, signed) {
                    ("shl", _) => BinaryOp::Shl,
                    (_, true) => BinaryOp::AShr,
                    _ => BinaryOp::LShr,
                };
                self.bin(b, a, amt)
            }
            _ => {
                let b = self.src(i, 2, ty, signed)?;
                let bop = match (op, signed) {
                    ("and", _) => BinaryOp::And,
                    ("or", _) => BinaryOp::Or,
                    ("xor", _) => BinaryOp::Xor,
                    ("min", true) => BinaryOp::SMin,
                    ("min", false) => BinaryOp::UMin,
                    ("max", true) => BinaryOp::SMax,
                    ("max", false) => BinaryOp::UMax,
                    _ => return Err(self.unsupported(i)),
                };
                if t == PTy::Pred && !matches!(op, "and" | "or" | "xor") {
                    return Err(self.unsupported(i));
                }
                self.bin(bop, a, b)
            }
        };
        self.dst(i, 0, r, signed)
    }

    // ---- comparisons and selection -----------------------------------------------------

    fn compare(&mut self, i: &Instr<'a>, cmp: Cmp, t: PTy, a: Value, b: Value) -> LResult<Value> {
        if t.is_float() {
            let p = match cmp {
                Cmp::Eq => FloatPredicate::Oeq,
                Cmp::Ne => FloatPredicate::One,
                Cmp::Lt => FloatPredicate::Olt,
                Cmp::Le => FloatPredicate::Ole,
                Cmp::Gt => FloatPredicate::Ogt,
                Cmp::Ge => FloatPredicate::Oge,
                Cmp::Equ => FloatPredicate::Ueq,
                Cmp::Neu => FloatPredicate::Une,
                Cmp::Ltu => FloatPredicate::Ult,
                Cmp::Leu => FloatPredicate::Ule,
                Cmp::Gtu => FloatPredicate::Ugt,
                Cmp::Geu => FloatPredicate::Uge,
                Cmp::Num => FloatPredicate::Ord,
                Cmp::Nan => FloatPredicate::Uno,
                _ => return Err(self.unsupported(i)),
            };
            return Ok(self.emit(Op::FCmp(p, a, b), Type::I1));
        }
        if t.is_packed() {
            return Err(self.unsupported(i));
        }
        let s = t.is_signed();
        let p = match cmp {
            Cmp::Eq => IntPredicate::Eq,
            Cmp::Ne => IntPredicate::Ne,
            Cmp::Lt if s => IntPredicate::Slt,
            Cmp::Le if s => IntPredicate::Sle,
            Cmp::Gt if s => IntPredicate::Sgt,
            Cmp::Ge if s => IntPredicate::Sge,
            Cmp::Lt | Cmp::Lo => IntPredicate::Ult,
            Cmp::Le | Cmp::Ls => IntPredicate::Ule,
            Cmp::Gt | Cmp::Hi => IntPredicate::Ugt,
            Cmp::Ge | Cmp::Hs => IntPredicate::Uge,
            _ => return Err(self.unsupported(i)),
        };
        Ok(self.icmp(p, a, b))
    }

    /// The comparison and the optional boolean combination of `setp`/`set`.
    fn cmp_mods(&self, i: &Instr<'_>) -> LResult<(Cmp, Option<BinaryOp>)> {
        let mut cmp = None;
        let mut bop = None;
        for m in &i.mods {
            if let Some(c) = parse_cmp(m) {
                if cmp.is_some() {
                    return Err(self.unsupported(i));
                }
                cmp = Some(c);
            } else {
                let b = match *m {
                    "and" => BinaryOp::And,
                    "or" => BinaryOp::Or,
                    "xor" => BinaryOp::Xor,
                    _ => continue,
                };
                if bop.is_some() {
                    return Err(self.unsupported(i));
                }
                bop = Some(b);
            }
        }
        match cmp {
            Some(c) => Ok((c, bop)),
            None => Err(self.unsupported(i)),
        }
    }

    fn setp(&mut self, i: &Instr<'a>) -> LResult<()> {
        self.check_in(i, &[CMPS, &["and", "or", "xor"]])?;
        let t = self.one_type(i)?;
        let (cmp, bop) = self.cmp_mods(i)?;
        self.nops(i, if bop.is_some() { 4 } else { 3 })?;
        let ty = self.vty(i, t)?;
        let a = self.src(i, 1, ty, t.is_signed())?;
        let b = self.src(i, 2, ty, t.is_signed())?;
        let r = self.compare(i, cmp, t, a, b)?;
        let c = match bop {
            Some(_) => Some(self.src(i, 3, Type::I1, false)?),
            None => None,
        };
        let combine = |s: &mut Self, x: Value| -> Value {
            match (bop, c) {
                (Some(op), Some(c)) => s.bin(op, x, c),
                _ => x,
            }
        };
        match &i.operands[0] {
            Operand::Pair(p, q) => {
                let pv = combine(self, r);
                let nr = self.not1(r);
                let qv = combine(self, nr);
                self.dst_op(i, &Operand::Var(*p), pv, false)?;
                self.dst_op(i, &Operand::Var(*q), qv, false)
            }
            d => {
                let pv = combine(self, r);
                self.dst_op(i, d, pv, false)
            }
        }
    }

    fn set(&mut self, i: &Instr<'a>) -> LResult<()> {
        self.check_in(i, &[CMPS, &["and", "or", "xor"]])?;
        let (dt, st) = self.two_types(i)?;
        let (cmp, bop) = self.cmp_mods(i)?;
        self.nops(i, if bop.is_some() { 4 } else { 3 })?;
        let sty = self.vty(i, st)?;
        let dty = self.vty(i, dt)?;
        let a = self.src(i, 1, sty, st.is_signed())?;
        let b = self.src(i, 2, sty, st.is_signed())?;
        let mut r = self.compare(i, cmp, st, a, b)?;
        if let Some(op) = bop {
            let c = self.src(i, 3, Type::I1, false)?;
            r = self.bin(op, r, c);
        }
        let (one, zero) = match dt {
            PTy::F32 => (u64::from(1f32.to_bits()), 0),
            PTy::U32 | PTy::S32 | PTy::B32 => (0xffff_ffff, 0),
            _ => return Err(self.unsupported(i)),
        };
        let o = self.konst(dty, one);
        let z = self.konst(dty, zero);
        let v = self.select(r, o, z);
        self.dst(i, 0, v, false)
    }

    fn selp(&mut self, i: &Instr<'a>) -> LResult<()> {
        self.check(i, &[])?;
        self.nops(i, 4)?;
        let t = self.one_type(i)?;
        let ty = self.vty(i, t)?;
        let a = self.src(i, 1, ty, t.is_signed())?;
        let b = self.src(i, 2, ty, t.is_signed())?;
        let c = self.src(i, 3, Type::I1, false)?;
        let r = self.select(c, a, b);
        self.dst(i, 0, r, t.is_signed())
    }

    fn slct(&mut self, i: &Instr<'a>) -> LResult<()> {
        self.check(i, &[])?;
        self.nops(i, 4)?;
        let (dt, ct) = self.two_types(i)?;
        let dty = self.vty(i, dt)?;
        let a = self.src(i, 1, dty, dt.is_signed())?;
        let b = self.src(i, 2, dty, dt.is_signed())?;
        let cond = match ct {
            PTy::S32 => {
                let c = self.src(i, 3, Type::I32, true)?;
                let z = self.konst(Type::I32, 0);
                self.icmp(IntPredicate::Sge, c, z)
            }
            PTy::F32 => {
                let c = self.src(i, 3, Type::F32, false)?;
                let z = self.konst(Type::F32, 0);
                self.emit(Op::FCmp(FloatPredicate::Oge, c, z), Type::I1)
            }
            _ => return Err(self.unsupported(i)),
        };
        let r = self.select(cond, a, b);
        self.dst(i, 0, r, dt.is_signed())
    }

    fn testp(&mut self, i: &Instr<'a>) -> LResult<()> {
        self.check(
            i,
            &[
                "finite",
                "infinite",
                "number",
                "notanumber",
                "normal",
                "subnormal",
            ],
        )?;
        self.nops(i, 2)?;
        let t = self.one_type(i)?;
        let ty = match t {
            PTy::F32 => Type::F32,
            PTy::F64 => Type::F64,
            _ => return Err(self.unsupported(i)),
        };
        let (inf, min_normal) = if ty == Type::F32 {
            (
                u64::from(f32::INFINITY.to_bits()),
                u64::from(f32::MIN_POSITIVE.to_bits()),
            )
        } else {
            (f64::INFINITY.to_bits(), f64::MIN_POSITIVE.to_bits())
        };
        let a = self.src(i, 1, ty, false)?;
        let abs = self.un(UnaryOp::FAbs, a);
        let infv = self.konst(ty, inf);
        let fcmp = |s: &mut Self, p: FloatPredicate, x: Value, y: Value| -> Value {
            s.emit(Op::FCmp(p, x, y), Type::I1)
        };
        let which = i
            .mods
            .iter()
            .find(|m| PTy::parse(m).is_none())
            .copied()
            .unwrap_or("");
        let r = match which {
            "finite" => fcmp(self, FloatPredicate::Olt, abs, infv),
            "infinite" => fcmp(self, FloatPredicate::Oeq, abs, infv),
            "number" => fcmp(self, FloatPredicate::Ord, a, a),
            "notanumber" => fcmp(self, FloatPredicate::Uno, a, a),
            "normal" => {
                let mn = self.konst(ty, min_normal);
                let x = fcmp(self, FloatPredicate::Oge, abs, mn);
                let y = fcmp(self, FloatPredicate::Olt, abs, infv);
                self.bin(BinaryOp::And, x, y)
            }
            "subnormal" => {
                let mn = self.konst(ty, min_normal);
                let z = self.konst(ty, 0);
                let x = fcmp(self, FloatPredicate::Olt, abs, mn);
                let y = fcmp(self, FloatPredicate::One, abs, z);
                self.bin(BinaryOp::And, x, y)
            }
            _ => return Err(self.unsupported(i)),
        };
        self.dst(i, 0, r, false)
    }

    // ---- bit manipulation --------------------------------------------------------------

    fn bfe(&mut self, i: &Instr<'a>) -> LResult<()> {
        self.check(i, &[])?;
        self.nops(i, 4)?;
        let t = self.one_type(i)?;
        if !matches!(t, PTy::U32 | PTy::S32 | PTy::U64 | PTy::S64) {
            return Err(self.unsupported(i));
        }
        let ty = self.vty(i, t)?;
        let w = ty.bits();
        let a = self.src(i, 1, ty, false)?;
        let pos = self.src(i, 2, Type::I32, false)?;
        let len = self.src(i, 3, Type::I32, false)?;
        let pos = self.bin_imm(BinaryOp::And, pos, 0xff);
        let len = self.bin_imm(BinaryOp::And, len, 0xff);
        let pos = self.resize(pos, w, false);
        let len = self.resize(len, w, false);
        let r = if t.is_signed() {
            // Sign-extend from bit len-1 of (a >> pos); an empty field gives 0.
            let sh = self.bin(BinaryOp::AShr, a, pos);
            let l = self.bin_imm(BinaryOp::UMin, len, u64::from(w));
            let wv = self.konst(ty, u64::from(w));
            let k = self.bin(BinaryOp::Sub, wv, l);
            let up = self.bin(BinaryOp::Shl, sh, k);
            self.bin(BinaryOp::AShr, up, k)
        } else {
            let sh = self.bin(BinaryOp::LShr, a, pos);
            let one = self.konst(ty, 1);
            let m = self.bin(BinaryOp::Shl, one, len);
            let m = self.bin_imm(BinaryOp::Sub, m, 1);
            self.bin(BinaryOp::And, sh, m)
        };
        self.dst(i, 0, r, t.is_signed())
    }

    fn bfi(&mut self, i: &Instr<'a>) -> LResult<()> {
        self.check(i, &[])?;
        self.nops(i, 5)?;
        let t = self.one_type(i)?;
        if !matches!(t, PTy::B32 | PTy::B64) {
            return Err(self.unsupported(i));
        }
        let ty = self.vty(i, t)?;
        let w = ty.bits();
        let a = self.src(i, 1, ty, false)?;
        let b = self.src(i, 2, ty, false)?;
        let pos = self.src(i, 3, Type::I32, false)?;
        let len = self.src(i, 4, Type::I32, false)?;
        let pos = self.bin_imm(BinaryOp::And, pos, 0xff);
        let len = self.bin_imm(BinaryOp::And, len, 0xff);
        let pos = self.resize(pos, w, false);
        let len = self.resize(len, w, false);
        let one = self.konst(ty, 1);
        let m = self.bin(BinaryOp::Shl, one, len);
        let m = self.bin_imm(BinaryOp::Sub, m, 1);
        let m = self.bin(BinaryOp::Shl, m, pos);
        let ins = self.bin(BinaryOp::Shl, a, pos);
        let ins = self.bin(BinaryOp::And, ins, m);
        let nm = self.un(UnaryOp::Not, m);
        let kept = self.bin(BinaryOp::And, b, nm);
        let r = self.bin(BinaryOp::Or, kept, ins);
        self.dst(i, 0, r, false)
    }

    fn prmt(&mut self, i: &Instr<'a>) -> LResult<()> {
        self.check(i, &[])?;
        self.nops(i, 4)?;
        if self.one_type(i)? != PTy::B32 {
            return Err(self.unsupported(i));
        }
        let a = self.src(i, 1, Type::I32, false)?;
        let b = self.src(i, 2, Type::I32, false)?;
        // The 8 source bytes: a is bytes 0-3, b is bytes 4-7.
        let a64 = self.cast(CastOp::ZExt, a, Type::I64);
        let b64 = self.cast(CastOp::ZExt, b, Type::I64);
        let b64 = self.bin_imm(BinaryOp::Shl, b64, 32);
        let src = self.bin(BinaryOp::Or, a64, b64);
        let sel_const = match &i.operands[3] {
            Operand::Int(c) => Some(*c),
            _ => None,
        };
        let mut acc: Option<Value> = None;
        if let Some(c) = sel_const {
            for k in 0..4u64 {
                let nib = (c >> (4 * k)) & 0xf;
                let idx = nib & 7;
                let sh = self.bin_imm(BinaryOp::LShr, src, idx * 8);
                let byte = self.bin_imm(BinaryOp::And, sh, 0xff);
                let byte = if nib & 8 != 0 {
                    // Replicate the byte's sign bit.
                    let s = self.bin_imm(BinaryOp::LShr, byte, 7);
                    let z = self.konst(Type::I64, 0);
                    let neg = self.bin(BinaryOp::Sub, z, s);
                    self.bin_imm(BinaryOp::And, neg, 0xff)
                } else {
                    byte
                };
                let placed = self.bin_imm(BinaryOp::Shl, byte, 8 * k);
                acc = Some(match acc {
                    None => placed,
                    Some(x) => self.bin(BinaryOp::Or, x, placed),
                });
            }
        } else {
            let c = self.src(i, 3, Type::I32, false)?;
            let c = self.cast(CastOp::ZExt, c, Type::I64);
            for k in 0..4u64 {
                let nib = self.bin_imm(BinaryOp::LShr, c, 4 * k);
                let nib = self.bin_imm(BinaryOp::And, nib, 0xf);
                let idx = self.bin_imm(BinaryOp::And, nib, 7);
                let shamt = self.bin_imm(BinaryOp::Shl, idx, 3);
                let sh = self.bin(BinaryOp::LShr, src, shamt);
                let byte = self.bin_imm(BinaryOp::And, sh, 0xff);
                let s = self.bin_imm(BinaryOp::LShr, byte, 7);
                let z = self.konst(Type::I64, 0);
                let neg = self.bin(BinaryOp::Sub, z, s);
                let rep = self.bin_imm(BinaryOp::And, neg, 0xff);
                let sbit = self.bin_imm(BinaryOp::And, nib, 8);
                let z2 = self.konst(Type::I64, 0);
                let use_sign = self.icmp(IntPredicate::Ne, sbit, z2);
                let byte = self.select(use_sign, rep, byte);
                let placed = self.bin_imm(BinaryOp::Shl, byte, 8 * k);
                acc = Some(match acc {
                    None => placed,
                    Some(x) => self.bin(BinaryOp::Or, x, placed),
                });
            }
        }
        let r = match acc {
            Some(v) => v,
            None => self.konst(Type::I64, 0),
        };
        let r = self.cast(CastOp::Trunc, r, Type::I32);
        self.dst(i, 0, r, false)
    }

    fn shf(&mut self, i: &Instr<'a>) -> LResult<()> {
        self.check(i, &["l", "r", "wrap", "clamp"])?;
        self.nops(i, 4)?;
        if self.one_type(i)? != PTy::B32 {
            return Err(self.unsupported(i));
        }
        let left = has(i, "l");
        if left == has(i, "r") || has(i, "wrap") == has(i, "clamp") {
            return Err(self.unsupported(i));
        }
        let a = self.src(i, 1, Type::I32, false)?;
        let b = self.src(i, 2, Type::I32, false)?;
        let c = self.src(i, 3, Type::I32, false)?;
        let n = if has(i, "wrap") {
            self.bin_imm(BinaryOp::And, c, 31)
        } else {
            self.bin_imm(BinaryOp::UMin, c, 32)
        };
        // x = b:a (b high); shf.l gives the high word of x << n, shf.r the low word of x >> n.
        let a64 = self.cast(CastOp::ZExt, a, Type::I64);
        let b64 = self.cast(CastOp::ZExt, b, Type::I64);
        let b64 = self.bin_imm(BinaryOp::Shl, b64, 32);
        let x = self.bin(BinaryOp::Or, a64, b64);
        let n64 = self.cast(CastOp::ZExt, n, Type::I64);
        let r = if left {
            let s = self.bin(BinaryOp::Shl, x, n64);
            self.bin_imm(BinaryOp::LShr, s, 32)
        } else {
            self.bin(BinaryOp::LShr, x, n64)
        };
        let r = self.cast(CastOp::Trunc, r, Type::I32);
        self.dst(i, 0, r, false)
    }

    /// `sad.type d, a, b, c`: `c + |a - b|`.
    fn sad(&mut self, i: &Instr<'a>) -> LResult<()> {
        self.check(i, &[])?;
        self.nops(i, 4)?;
        let t = self.one_type(i)?;
        if t.is_float() || t.is_packed() || t == PTy::Pred {
            return Err(self.unsupported(i));
        }
        let ty = self.vty(i, t)?;
        let s = t.is_signed();
        let a = self.src(i, 1, ty, s)?;
        let b = self.src(i, 2, ty, s)?;
        let c = self.src(i, 3, ty, s)?;
        let (max, min) = if s {
            (BinaryOp::SMax, BinaryOp::SMin)
        } else {
            (BinaryOp::UMax, BinaryOp::UMin)
        };
        let hi = self.bin(max, a, b);
        let lo = self.bin(min, a, b);
        let d = self.bin(BinaryOp::Sub, hi, lo);
        let r = self.bin(BinaryOp::Add, c, d);
        self.dst(i, 0, r, s)
    }

    /// `dp4a.atype.btype d, a, b, c`: `c` plus the four byte products of `a` and `b`.
    fn dp4a(&mut self, i: &Instr<'a>) -> LResult<()> {
        self.check(i, &[])?;
        self.nops(i, 4)?;
        let (at, bt) = self.two_types(i)?;
        if !matches!(at, PTy::U32 | PTy::S32) || !matches!(bt, PTy::U32 | PTy::S32) {
            return Err(self.unsupported(i));
        }
        let a = self.src(i, 1, Type::I32, false)?;
        let b = self.src(i, 2, Type::I32, false)?;
        let mut acc = self.src(i, 3, Type::I32, false)?;
        let byte = |s: &mut Self, x: Value, k: u64, signed: bool| -> Value {
            let up = s.bin_imm(BinaryOp::Shl, x, 24 - 8 * k);
            let op = if signed {
                BinaryOp::AShr
            } else {
                BinaryOp::LShr
            };
            s.bin_imm(op, up, 24)
        };
        for k in 0..4 {
            let x = byte(self, a, k, at.is_signed());
            let y = byte(self, b, k, bt.is_signed());
            let p = self.bin(BinaryOp::Mul, x, y);
            acc = self.bin(BinaryOp::Add, acc, p);
        }
        self.dst(i, 0, acc, false)
    }

    fn lop3(&mut self, i: &Instr<'a>) -> LResult<()> {
        self.check(i, &[])?;
        self.nops(i, 5)?;
        if self.one_type(i)? != PTy::B32 {
            return Err(self.unsupported(i));
        }
        let Operand::Int(lut) = i.operands[4] else {
            return Err(self.unsupported(i));
        };
        let a = self.src(i, 1, Type::I32, false)?;
        let b = self.src(i, 2, Type::I32, false)?;
        let c = self.src(i, 3, Type::I32, false)?;
        let na = self.un(UnaryOp::Not, a);
        let nb = self.un(UnaryOp::Not, b);
        let nc = self.un(UnaryOp::Not, c);
        // Sum of the minterms: bit (4a + 2b + c) of the table (a = 0xF0, b = 0xCC, c = 0xAA).
        let mut acc: Option<Value> = None;
        for m in 0..8u64 {
            if (lut >> m) & 1 == 0 {
                continue;
            }
            let x = if m & 4 != 0 { a } else { na };
            let y = if m & 2 != 0 { b } else { nb };
            let z = if m & 1 != 0 { c } else { nc };
            let t = self.bin(BinaryOp::And, x, y);
            let t = self.bin(BinaryOp::And, t, z);
            acc = Some(match acc {
                None => t,
                Some(v) => self.bin(BinaryOp::Or, v, t),
            });
        }
        let r = match acc {
            Some(v) => v,
            None => self.konst(Type::I32, 0),
        };
        self.dst(i, 0, r, false)
    }

    // ---- synchronization, atomics, warp operations -------------------------------------

    fn barrier(&mut self, i: &Instr<'a>) -> LResult<()> {
        self.check(i, &["sync", "red", "arrive", "warp", "popc", "and", "or"])?;
        if has(i, "warp") {
            if !has(i, "sync") || i.mods.len() != 2 {
                return Err(self.unsupported(i));
            }
            self.nops(i, 1)?;
            let mask = self.src(i, 0, Type::I32, false)?;
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
            return Ok(());
        }
        if has(i, "arrive") {
            return Err(self.unsupported(i));
        }
        if has(i, "red") {
            let kind = if has(i, "popc") {
                BarrierKind::Count
            } else if has(i, "and") {
                BarrierKind::And
            } else if has(i, "or") {
                BarrierKind::Or
            } else {
                return Err(self.unsupported(i));
            };
            // bar.red.op d, a{, b}, {!}c: a thread count `b` is not supported.
            if i.operands.len() != 3 {
                return Err(self.unsupported(i));
            }
            let c = self.src(i, 2, Type::I1, false)?;
            let r = self.emit(
                Op::Barrier {
                    kind,
                    pred: Some(c),
                },
                Type::I32,
            );
            let r = if kind == BarrierKind::Count {
                r
            } else {
                let z = self.konst(Type::I32, 0);
                self.icmp(IntPredicate::Ne, r, z)
            };
            return self.dst(i, 0, r, false);
        }
        if !has(i, "sync") || i.operands.len() > 1 {
            // `bar.sync a, b` with a thread count is a partial barrier.
            return Err(self.unsupported(i));
        }
        self.emit_void(Op::Barrier {
            kind: BarrierKind::Sync,
            pred: None,
        });
        Ok(())
    }

    fn atom(&mut self, i: &Instr<'a>) -> LResult<()> {
        self.check_in(
            i,
            &[
                SPACES,
                &[
                    "add", "inc", "dec", "min", "max", "exch", "cas", "and", "or", "xor",
                ],
            ],
        )?;
        let red = i.opcode == "red";
        let t = self.one_type(i)?;
        let space = space_of(i);
        let opname = i
            .mods
            .iter()
            .find(|m| {
                matches!(
                    **m,
                    "add" | "inc" | "dec" | "min" | "max" | "exch" | "cas" | "and" | "or" | "xor"
                )
            })
            .copied()
            .ok_or_else(|| self.unsupported(i))?;
        let cas = opname == "cas";
        if red && cas {
            return Err(self.unsupported(i));
        }
        let hint = usize::from(has(i, "L2::cache_hint"));
        let first = usize::from(!red);
        self.nops(i, first + 2 + usize::from(cas) + hint)?;
        if t == PTy::Pred || t.is_packed() || t == PTy::B128 {
            return Err(self.unsupported(i));
        }
        let vt = self.vty(i, t)?;
        let float = t.is_float();
        let signed = t.is_signed();
        let ptr = self.address(i, &i.operands[first], space)?;
        let b = self.src(i, first + 1, vt, signed)?;
        let r = if cas {
            let c = self.src(i, first + 2, vt, signed)?;
            self.emit(
                Op::AtomicCas {
                    ptr,
                    expected: b,
                    new: c,
                },
                vt,
            )
        } else {
            let op = match (opname, float, signed) {
                ("add", true, _) => AtomicOp::FAdd,
                ("add", false, _) => AtomicOp::Add,
                ("min", true, _) => AtomicOp::FMin,
                ("max", true, _) => AtomicOp::FMax,
                ("min", false, true) => AtomicOp::SMin,
                ("max", false, true) => AtomicOp::SMax,
                ("min", false, false) => AtomicOp::UMin,
                ("max", false, false) => AtomicOp::UMax,
                ("exch", _, _) => AtomicOp::Exch,
                ("inc", false, _) => AtomicOp::Inc,
                ("dec", false, _) => AtomicOp::Dec,
                ("and", false, _) => AtomicOp::And,
                ("or", false, _) => AtomicOp::Or,
                ("xor", false, _) => AtomicOp::Xor,
                _ => return Err(self.unsupported(i)),
            };
            self.emit(Op::Atomic { op, ptr, value: b }, vt)
        };
        if red {
            Ok(())
        } else {
            self.dst(i, 0, r, signed)
        }
    }

    fn shfl(&mut self, i: &Instr<'a>) -> LResult<()> {
        self.check(i, &["sync", "up", "down", "bfly", "idx"])?;
        let mode = i
            .mods
            .iter()
            .find_map(|m| ShuffleMode::parse(m))
            .ok_or_else(|| self.unsupported(i))?;
        let sync = has(i, "sync");
        self.nops(i, if sync { 5 } else { 4 })?;
        if self.one_type(i)? != PTy::B32 {
            return Err(self.unsupported(i));
        }
        let value = self.src(i, 1, Type::I32, false)?;
        let lane = self.src(i, 2, Type::I32, false)?;
        let clamp = self.src(i, 3, Type::I32, false)?;
        let mask = if sync {
            self.src(i, 4, Type::I32, false)?
        } else {
            self.konst(Type::I32, 0xffff_ffff)
        };
        let r = self.emit(
            Op::Shuffle {
                mode,
                mask,
                value,
                lane,
                clamp,
            },
            Type::I32,
        );
        match &i.operands[0] {
            Operand::Pair(d, p) => {
                self.dst_op(i, &Operand::Var(*d), r, false)?;
                let pv = self.shfl_in_range(mode, lane, clamp);
                self.dst_op(i, &Operand::Var(*p), pv, false)
            }
            d => self.dst_op(i, d, r, false),
        }
    }

    /// PTX's `shfl` predicate: whether the source lane is inside the clamp/segment.
    fn shfl_in_range(&mut self, mode: ShuffleMode, lane: Value, clamp: Value) -> Value {
        let me = self.emit(Op::Special(SpecialReg::LaneId), Type::I32);
        let bval = self.bin_imm(BinaryOp::And, lane, 0x1f);
        let cval = self.bin_imm(BinaryOp::And, clamp, 0x1f);
        let seg = self.bin_imm(BinaryOp::LShr, clamp, 8);
        let seg = self.bin_imm(BinaryOp::And, seg, 0x1f);
        let nseg = self.un(UnaryOp::Not, seg);
        let min_lane = self.bin(BinaryOp::And, me, seg);
        let hi_part = self.bin(BinaryOp::And, cval, nseg);
        let max_lane = self.bin(BinaryOp::Or, min_lane, hi_part);
        match mode {
            ShuffleMode::Up => {
                let j = self.bin(BinaryOp::Sub, me, bval);
                self.icmp(IntPredicate::Sge, j, max_lane)
            }
            ShuffleMode::Down => {
                let j = self.bin(BinaryOp::Add, me, bval);
                self.icmp(IntPredicate::Sle, j, max_lane)
            }
            ShuffleMode::Bfly => {
                let j = self.bin(BinaryOp::Xor, me, bval);
                self.icmp(IntPredicate::Sle, j, max_lane)
            }
            ShuffleMode::Idx => {
                let part = self.bin(BinaryOp::And, bval, nseg);
                let j = self.bin(BinaryOp::Or, min_lane, part);
                self.icmp(IntPredicate::Sle, j, max_lane)
            }
        }
    }

    fn vote(&mut self, i: &Instr<'a>) -> LResult<()> {
        self.check(i, &["sync", "all", "any", "uni", "ballot"])?;
        let mode = i
            .mods
            .iter()
            .find_map(|m| VoteMode::parse(m))
            .ok_or_else(|| self.unsupported(i))?;
        let sync = has(i, "sync");
        self.nops(i, if sync { 3 } else { 2 })?;
        let pred = self.src(i, 1, Type::I1, false)?;
        let mask = if sync {
            self.src(i, 2, Type::I32, false)?
        } else {
            self.konst(Type::I32, 0xffff_ffff)
        };
        let ty = if mode == VoteMode::Ballot {
            Type::I32
        } else {
            Type::I1
        };
        let r = self.emit(Op::Vote { mode, mask, pred }, ty);
        self.dst(i, 0, r, false)
    }

    // ---- calls ---------------------------------------------------------------------------

    fn call(&mut self, i: &Instr<'a>) -> LResult<()> {
        self.check(i, &[])?;
        let ops = &i.operands;
        let mut k = 0;
        let rets: &[Operand<'a>] = match ops.first() {
            Some(Operand::List(r)) => {
                k = 1;
                r
            }
            _ => &[],
        };
        let name = match ops.get(k) {
            Some(Operand::Sym(n, 0)) => *n,
            Some(Operand::Var(_)) => {
                return Err(self.err_at(i.loc, "unsupported-ptx", "unsupported PTX indirect call"))
            }
            _ => return Err(self.bad(i.loc, "expected a function name in 'call'")),
        };
        k += 1;
        let args: &[Operand<'a>] = match ops.get(k) {
            Some(Operand::List(a)) => {
                k += 1;
                a
            }
            _ => &[],
        };
        if k != ops.len() {
            return Err(self.err_at(i.loc, "unsupported-ptx", "unsupported PTX indirect call"));
        }
        let Some(sig) = self.cx.funcs.get(name) else {
            if self.cx.externs.contains(name) {
                if let Some(m) = name.strip_prefix("__nv_").and_then(libdevice) {
                    return self.libdevice_call(i, m, rets, args);
                }
            }
            return Err(if self.cx.externs.contains(name) {
                self.err_at(
                    i.loc,
                    "unsupported-ptx",
                    format!("unsupported PTX call to external function '{name}'"),
                )
            } else {
                self.bad(i.loc, format!("call to undefined function '{name}'"))
            });
        };
        let sig = sig.clone();
        if args.len() != sig.params.len() {
            return Err(self.bad(
                i.loc,
                format!(
                    "'{name}' takes {} arguments, {} given",
                    sig.params.len(),
                    args.len()
                ),
            ));
        }
        let mut vals = Vec::with_capacity(args.len());
        for (a, pass) in args.iter().zip(&sig.params) {
            let v = match pass {
                ParamPass::Value(t) => self.src_op(i, a, *t, false)?,
                ParamPass::Memory(_) => match a {
                    Operand::Var(v) if !self.is_register(*v) => self.var_ptr(i, *v)?,
                    _ => return Err(self.bad(i.loc, "expected a .param array argument")),
                },
            };
            vals.push(v);
        }
        let ret_ty = match sig.ret {
            RetPass::None => {
                if !rets.is_empty() {
                    return Err(self.bad(i.loc, format!("'{name}' returns nothing")));
                }
                None
            }
            RetPass::Value(t) => {
                if rets.len() != 1 {
                    return Err(self.bad(i.loc, format!("'{name}' returns one value")));
                }
                Some(t)
            }
            RetPass::Memory(n) => {
                if rets.len() != n {
                    return Err(self.bad(i.loc, format!("'{name}' returns {n} values")));
                }
                for r in rets {
                    match r {
                        Operand::Var(v) if !self.is_register(*v) => {
                            let p = self.var_ptr(i, *v)?;
                            vals.push(p);
                        }
                        _ => return Err(self.bad(i.loc, "expected a .param array for the result")),
                    }
                }
                None
            }
        };
        let op = Op::Call {
            callee: sig.id,
            args: vals,
        };
        match ret_ty {
            Some(t) => {
                let r = self.emit(op, t);
                match &rets[0] {
                    Operand::Var(v) => self.dst_op(i, &Operand::Var(*v), r, false),
                    _ => Err(self.bad(i.loc, "expected a return parameter")),
                }
            }
            None => {
                self.emit_void(op);
                Ok(())
            }
        }
    }
}

/// A libdevice function (`__nv_...`) that is declared but not defined in the module:
/// computed with the kernel IR's math ops (correctly rounded in the interpreter, where
/// libdevice is within a few ulp), as the `.ll` frontend does.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Libm {
    Un(UnaryOp, Type),
    Bin(BinaryOp, Type),
    Fma(Type),
    /// `powi(x, n)` with an `i32` exponent.
    PowI(Type),
}

fn libdevice(base: &str) -> Option<Libm> {
    let base = base.strip_prefix("fast_").unwrap_or(base);
    let (stem, ty) = match base.strip_suffix('f') {
        // `erf`, `erfcf`: only a trailing `f` after a full name means float.
        Some(s) if lib_name(s).is_some() || s == "powi" || s == "fma" => (s, Type::F32),
        _ => (base, Type::F64),
    };
    if stem == "fma" {
        return Some(Libm::Fma(ty));
    }
    if stem == "powi" {
        return Some(Libm::PowI(ty));
    }
    if base == "saturatef" {
        return Some(Libm::Un(UnaryOp::Saturate, Type::F32));
    }
    lib_name(stem).map(|m| match m {
        Ok(u) => Libm::Un(u, ty),
        Err(b) => Libm::Bin(b, ty),
    })
}

fn lib_name(stem: &str) -> Option<Result<UnaryOp, BinaryOp>> {
    use UnaryOp as U;
    Some(Ok(match stem {
        "exp" => U::Exp,
        "exp2" => U::Exp2,
        "exp10" => U::Exp10,
        "expm1" => U::Expm1,
        "log" => U::Log,
        "log2" => U::Log2,
        "log10" => U::Log10,
        "log1p" => U::Log1p,
        "sqrt" => U::Sqrt,
        "rsqrt" => U::Rsqrt,
        "sin" => U::Sin,
        "cos" => U::Cos,
        "tan" => U::Tan,
        "asin" => U::Asin,
        "acos" => U::Acos,
        "atan" => U::Atan,
        "sinh" => U::Sinh,
        "cosh" => U::Cosh,
        "tanh" => U::Tanh,
        "asinh" => U::Asinh,
        "acosh" => U::Acosh,
        "atanh" => U::Atanh,
        "erf" => U::Erf,
        "erfc" => U::Erfc,
        "cbrt" => U::Cbrt,
        "floor" => U::Floor,
        "ceil" => U::Ceil,
        "trunc" => U::Trunc,
        "round" => U::Round,
        "rint" | "nearbyint" => U::Rint,
        "fabs" => U::FAbs,
        "pow" => return Some(Err(BinaryOp::Pow)),
        "atan2" => return Some(Err(BinaryOp::Atan2)),
        "fmin" => return Some(Err(BinaryOp::FMin)),
        "fmax" => return Some(Err(BinaryOp::FMax)),
        "fmod" => return Some(Err(BinaryOp::FRem)),
        "copysign" => return Some(Err(BinaryOp::CopySign)),
        _ => return None,
    }))
}

impl<'a> FnLifter<'_, 'a> {
    fn libdevice_call(
        &mut self,
        i: &Instr<'a>,
        m: Libm,
        rets: &[Operand<'a>],
        args: &[Operand<'a>],
    ) -> LResult<()> {
        let want = match m {
            Libm::Un(..) => 1,
            Libm::Bin(..) | Libm::PowI(_) => 2,
            Libm::Fma(_) => 3,
        };
        if args.len() != want || rets.len() != 1 {
            return Err(self.bad(i.loc, format!("wrong number of arguments in '{}'", i.full)));
        }
        let ty = match m {
            Libm::Un(_, t) | Libm::Bin(_, t) | Libm::Fma(t) | Libm::PowI(t) => t,
        };
        let mut vals = Vec::with_capacity(want);
        for (k, a) in args.iter().enumerate() {
            let t = if matches!(m, Libm::PowI(_)) && k == 1 {
                Type::I32
            } else {
                ty
            };
            vals.push(self.src_op(i, a, t, true)?);
        }
        let r = match m {
            Libm::Un(u, _) => self.emit(Op::Unary(u, vals[0]), ty),
            Libm::Bin(b, _) => self.emit(Op::Binary(b, vals[0], vals[1]), ty),
            Libm::Fma(_) => self.emit(Op::Fma(vals[0], vals[1], vals[2]), ty),
            Libm::PowI(_) => {
                let e = self.cast(CastOp::SiToFp, vals[1], ty);
                self.emit(Op::Binary(BinaryOp::Pow, vals[0], e), ty)
            }
        };
        match &rets[0] {
            Operand::Var(v) => self.dst_op(i, &Operand::Var(*v), r, false),
            _ => Err(self.bad(i.loc, "expected a return parameter")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn libdevice_names() {
        assert_eq!(libdevice("expf"), Some(Libm::Un(UnaryOp::Exp, Type::F32)));
        assert_eq!(libdevice("exp"), Some(Libm::Un(UnaryOp::Exp, Type::F64)));
        assert_eq!(libdevice("erf"), Some(Libm::Un(UnaryOp::Erf, Type::F64)));
        assert_eq!(libdevice("erff"), Some(Libm::Un(UnaryOp::Erf, Type::F32)));
        assert_eq!(libdevice("erfcf"), Some(Libm::Un(UnaryOp::Erfc, Type::F32)));
        assert_eq!(libdevice("pow"), Some(Libm::Bin(BinaryOp::Pow, Type::F64)));
        assert_eq!(
            libdevice("fast_powf"),
            Some(Libm::Bin(BinaryOp::Pow, Type::F32))
        );
        assert_eq!(libdevice("fmaf"), Some(Libm::Fma(Type::F32)));
        assert_eq!(libdevice("powi"), Some(Libm::PowI(Type::F64)));
        assert_eq!(
            libdevice("saturatef"),
            Some(Libm::Un(UnaryOp::Saturate, Type::F32))
        );
        assert_eq!(libdevice("nope"), None);
    }

    #[test]
    fn half_rounding() {
        assert_eq!(f64_to_f16(1.0), 0x3c00);
        assert_eq!(f64_to_f16(-2.0), 0xc000);
        assert_eq!(f64_to_f16(65504.0), 0x7bff);
        assert_eq!(f64_to_f16(1e6), 0x7c00);
        assert_eq!(f64_to_f16(f64::NAN) & 0x7e00, 0x7e00);
        assert_eq!(f64_to_f16(5.960464477539063e-8), 0x0001);
        assert_eq!(f64_to_f16(0.1), 0x2e66);
        assert_eq!(f64_to_bf16(1.0), 0x3f80);
        assert_eq!(f64_to_bf16(3.140625), 0x4049);
        assert_eq!(round_f64_to(0.1, 8, 23) as u32, 0.1f32.to_bits());
    }
}
