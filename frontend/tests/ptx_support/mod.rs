//! Test support for the PTX frontend tests: a small kernel-IR evaluator (test-only; the
//! project's interpreter is `frontend::interp`). Memory is flat (a pointer is a byte
//! address, so `inttoptr`/`ptrtoint`/`addrspacecast` are the identity); threads run one
//! after another to completion, so it fits kernels whose threads do not wait for each
//! other. Warp operations see a warp of one thread; barriers do nothing.

#![allow(dead_code)]

pub mod spec;

use frontend::ir::*;

pub struct Eval<'m> {
    pub m: &'m Module,
    pub mem: Vec<u8>,
    pub globals: Vec<u64>,
    pub tid: [u32; 3],
    pub ntid: [u32; 3],
    pub ctaid: [u32; 3],
    pub nctaid: [u32; 3],
    pub steps: u64,
    pub limit: u64,
}

fn mask(t: Type) -> u64 {
    if t.is_ptr() {
        u64::MAX
    } else {
        t.mask()
    }
}

fn sext(v: u64, t: Type) -> i64 {
    let sh = 64 - t.bits();
    ((v << sh) as i64) >> sh
}

fn f16_to_f64(h: u16) -> f64 {
    let s = if h >> 15 == 1 { -1.0 } else { 1.0 };
    let e = i32::from((h >> 10) & 0x1f);
    let m = f64::from(h & 0x3ff);
    match e {
        0 => s * m * 2f64.powi(-24),
        31 => {
            if m == 0.0 {
                s * f64::INFINITY
            } else {
                f64::NAN
            }
        }
        _ => s * (1.0 + m / 1024.0) * 2f64.powi(e - 15),
    }
}

/// f64 -> f16 bits, round to nearest even (through f32 then exact rounding of the f32).
fn f64_to_f16(x: f64) -> u16 {
    let f = x as f32;
    let b = f.to_bits();
    let sign = ((b >> 16) & 0x8000) as u16;
    let exp = ((b >> 23) & 0xff) as i32;
    let man = b & 0x7f_ffff;
    if exp == 0xff {
        return sign | 0x7c00 | if man != 0 { 0x200 } else { 0 };
    }
    let e = exp - 127 + 15;
    if e >= 31 {
        return sign | 0x7c00;
    }
    let full = man | 0x80_0000;
    let shift = if e >= 1 { 13 } else { 13 + (1 - e) as u32 };
    if exp == 0 || shift > 24 {
        return sign;
    }
    let mut q = full >> shift;
    let rem = full & ((1 << shift) - 1);
    let half = 1 << (shift - 1);
    if rem > half || (rem == half && q & 1 == 1) {
        q += 1;
    }
    if e >= 1 {
        let (mut be, mut q) = (e as u32, q);
        if q >> 11 != 0 {
            q >>= 1;
            be += 1;
        }
        if be >= 31 {
            return sign | 0x7c00;
        }
        sign | ((be << 10) as u16) | (q & 0x3ff) as u16
    } else {
        sign | q as u16
    }
}

fn bf16_to_f64(h: u16) -> f64 {
    f64::from(f32::from_bits(u32::from(h) << 16))
}

fn f64_to_bf16(x: f64) -> u16 {
    let b = (x as f32).to_bits();
    if (x as f32).is_nan() {
        return ((b >> 16) | 0x40) as u16;
    }
    let lower = b & 0xffff;
    let mut upper = b >> 16;
    if lower > 0x8000 || (lower == 0x8000 && upper & 1 == 1) {
        upper += 1;
    }
    upper as u16
}

/// A float value of type `t` as f64.
fn to_f(v: u64, t: Type) -> f64 {
    match t {
        Type::F32 => f64::from(f32::from_bits(v as u32)),
        Type::F64 => f64::from_bits(v),
        Type::F16 => f16_to_f64(v as u16),
        Type::BF16 => bf16_to_f64(v as u16),
        _ => f64::NAN,
    }
}

fn from_f(x: f64, t: Type) -> u64 {
    match t {
        Type::F32 => u64::from((x as f32).to_bits()),
        Type::F64 => x.to_bits(),
        Type::F16 => u64::from(f64_to_f16(x)),
        Type::BF16 => u64::from(f64_to_bf16(x)),
        _ => 0,
    }
}

/// Apply a float function in the precision of `t` (f32 math for f32/f16/bf16).
fn fun(t: Type, x: f64, f32f: fn(f32) -> f32, f64f: fn(f64) -> f64) -> u64 {
    match t {
        Type::F64 => f64f(x).to_bits(),
        _ => from_f(f64::from(f32f(x as f32)), t),
    }
}

impl<'m> Eval<'m> {
    pub fn new(m: &'m Module) -> Self {
        let mut e = Eval {
            m,
            mem: vec![0; 4096],
            globals: Vec::new(),
            tid: [0; 3],
            ntid: [1; 3],
            ctaid: [0; 3],
            nctaid: [1; 3],
            steps: 0,
            limit: 50_000_000,
        };
        for g in &m.globals {
            let size = if g.dynamic_shared { 1 << 16 } else { g.bytes };
            let at = e.alloc(size.max(1), g.align);
            if let Some(init) = &g.init {
                e.mem[at as usize..at as usize + init.len()].copy_from_slice(init);
            }
            e.globals.push(at);
        }
        e
    }

    pub fn alloc(&mut self, bytes: u64, align: u64) -> u64 {
        let align = align.max(16) as usize;
        let at = self.mem.len().div_ceil(align) * align;
        self.mem.resize(at + bytes as usize, 0);
        at as u64
    }

    pub fn buffer(&mut self, bytes: &[u8]) -> u64 {
        let at = self.alloc(bytes.len() as u64, 16);
        self.mem[at as usize..at as usize + bytes.len()].copy_from_slice(bytes);
        at
    }

    pub fn read(&self, at: u64, n: usize) -> Vec<u8> {
        self.mem[at as usize..at as usize + n].to_vec()
    }

    fn check(&self, addr: u64, n: u64) -> Result<usize, String> {
        if addr < 4096 || addr.saturating_add(n) > self.mem.len() as u64 {
            return Err(format!("out-of-bounds access at {addr:#x}"));
        }
        Ok(addr as usize)
    }

    fn load(&self, addr: u64, t: Type) -> Result<u64, String> {
        let n = t.bytes();
        let a = self.check(addr, n)?;
        let mut b = [0u8; 8];
        b[..n as usize].copy_from_slice(&self.mem[a..a + n as usize]);
        Ok(u64::from_le_bytes(b) & mask(t))
    }

    fn store(&mut self, addr: u64, t: Type, v: u64) -> Result<(), String> {
        let n = t.bytes();
        let a = self.check(addr, n)?;
        self.mem[a..a + n as usize].copy_from_slice(&v.to_le_bytes()[..n as usize]);
        Ok(())
    }

    /// Run every thread of a launch, one after the other.
    pub fn launch(
        &mut self,
        k: FuncId,
        grid: [u32; 3],
        block: [u32; 3],
        args: &[u64],
    ) -> Result<(), String> {
        self.ntid = block;
        self.nctaid = grid;
        for bz in 0..grid[2] {
            for by in 0..grid[1] {
                for bx in 0..grid[0] {
                    for tz in 0..block[2] {
                        for ty in 0..block[1] {
                            for tx in 0..block[0] {
                                self.ctaid = [bx, by, bz];
                                self.tid = [tx, ty, tz];
                                self.call(k, args)?;
                            }
                        }
                    }
                }
            }
        }
        Ok(())
    }

    pub fn call(&mut self, fid: FuncId, args: &[u64]) -> Result<Option<u64>, String> {
        let f = &self.m.functions[fid.index()];
        let mut vals = vec![0u64; f.values.len()];
        for (p, a) in f.params.iter().zip(args) {
            vals[p.index()] = *a & mask(f.value_type(*p));
        }
        let mut b = f.entry;
        loop {
            let data = f.block(b);
            for &i in &data.insts {
                self.steps += 1;
                if self.steps > self.limit {
                    return Err("step limit".into());
                }
                let inst = f.inst(i);
                let r = self.exec(f, &inst.op, &vals, inst.result.map(|r| f.value_type(r)))?;
                if let (Some(res), Some(v)) = (inst.result, r) {
                    vals[res.index()] = v & mask(f.value_type(res));
                }
            }
            let jump = |c: &BlockCall, vals: &mut Vec<u64>| -> Block {
                let args: Vec<u64> = c.args.iter().map(|a| vals[a.index()]).collect();
                for (p, a) in f.block(c.block).params.iter().zip(args) {
                    vals[p.index()] = a;
                }
                c.block
            };
            b = match &data.term {
                Terminator::Br(c) => jump(c, &mut vals),
                Terminator::CondBr {
                    cond,
                    if_true,
                    if_false,
                } => {
                    if vals[cond.index()] & 1 == 1 {
                        jump(if_true, &mut vals)
                    } else {
                        jump(if_false, &mut vals)
                    }
                }
                Terminator::Switch {
                    value,
                    cases,
                    default,
                } => {
                    let v = vals[value.index()];
                    let c = cases
                        .iter()
                        .find(|(k, _)| *k == v)
                        .map(|(_, c)| c)
                        .unwrap_or(default);
                    jump(c, &mut vals)
                }
                Terminator::Ret(v) => return Ok(v.map(|v| vals[v.index()])),
                Terminator::Unreachable => return Err("unreachable".into()),
                Terminator::Trap => return Err("trap".into()),
            };
        }
    }

    fn exec(
        &mut self,
        f: &Function,
        op: &Op,
        vals: &[u64],
        rt: Option<Type>,
    ) -> Result<Option<u64>, String> {
        let v = |x: &Value| vals[x.index()];
        let ty = |x: &Value| f.value_type(*x);
        let t = rt.unwrap_or(Type::I1);
        Ok(Some(match op {
            Op::Const { bits } => *bits,
            Op::GlobalAddr(g) => self.globals[g.index()],
            Op::Unary(u, a) => {
                let x = v(a);
                let at = ty(a);
                let fx = to_f(x, at);
                let w = at.bits();
                match u {
                    UnaryOp::Not => !x,
                    UnaryOp::Neg => x.wrapping_neg(),
                    UnaryOp::Abs => sext(x, at).unsigned_abs(),
                    UnaryOp::Clz => u64::from((x & mask(at)).leading_zeros() - (64 - w)),
                    UnaryOp::Popc => u64::from((x & mask(at)).count_ones()),
                    UnaryOp::Brev => x.reverse_bits() >> (64 - w),
                    UnaryOp::FNeg => x ^ (1 << (w - 1)),
                    UnaryOp::FAbs => x & !(1 << (w - 1)),
                    UnaryOp::Sqrt => fun(at, fx, f32::sqrt, f64::sqrt),
                    UnaryOp::Rsqrt => fun(at, fx, |a| 1.0 / a.sqrt(), |a| 1.0 / a.sqrt()),
                    UnaryOp::Rcp => fun(at, fx, |a| 1.0 / a, |a| 1.0 / a),
                    UnaryOp::Exp2 => fun(at, fx, f32::exp2, f64::exp2),
                    UnaryOp::Log2 => fun(at, fx, f32::log2, f64::log2),
                    UnaryOp::Exp => fun(at, fx, f32::exp, f64::exp),
                    UnaryOp::Log => fun(at, fx, f32::ln, f64::ln),
                    UnaryOp::Sin => fun(at, fx, f32::sin, f64::sin),
                    UnaryOp::Cos => fun(at, fx, f32::cos, f64::cos),
                    UnaryOp::Tanh => fun(at, fx, f32::tanh, f64::tanh),
                    UnaryOp::Exp10 => fun(at, fx, |a| 10f32.powf(a), |a| 10f64.powf(a)),
                    UnaryOp::Expm1 => fun(at, fx, f32::exp_m1, f64::exp_m1),
                    UnaryOp::Log10 => fun(at, fx, f32::log10, f64::log10),
                    UnaryOp::Log1p => fun(at, fx, f32::ln_1p, f64::ln_1p),
                    UnaryOp::Tan => fun(at, fx, f32::tan, f64::tan),
                    UnaryOp::Asin => fun(at, fx, f32::asin, f64::asin),
                    UnaryOp::Acos => fun(at, fx, f32::acos, f64::acos),
                    UnaryOp::Atan => fun(at, fx, f32::atan, f64::atan),
                    UnaryOp::Sinh => fun(at, fx, f32::sinh, f64::sinh),
                    UnaryOp::Cosh => fun(at, fx, f32::cosh, f64::cosh),
                    UnaryOp::Cbrt => fun(at, fx, f32::cbrt, f64::cbrt),
                    UnaryOp::Floor => fun(at, fx, f32::floor, f64::floor),
                    UnaryOp::Ceil => fun(at, fx, f32::ceil, f64::ceil),
                    UnaryOp::Trunc => fun(at, fx, f32::trunc, f64::trunc),
                    UnaryOp::Round => fun(at, fx, f32::round, f64::round),
                    UnaryOp::Rint => fun(at, fx, f32::round_ties_even, f64::round_ties_even),
                    UnaryOp::Saturate => {
                        let c = if fx.is_nan() { 0.0 } else { fx.clamp(0.0, 1.0) };
                        from_f(c, at)
                    }
                    other => {
                        return Err(format!("unary {other} not supported by the test evaluator"))
                    }
                }
            }
            Op::Binary(b, x, y) => {
                let at = ty(x);
                let (a, c) = (v(x) & mask(at), v(y) & mask(at));
                let w = at.bits();
                let (fa, fc) = (to_f(a, at), to_f(c, at));
                let fl = |r: f64| -> u64 {
                    // Round in the precision of the type (f32 ops in f32).
                    match at {
                        Type::F64 => r.to_bits(),
                        _ => from_f(r, at),
                    }
                };
                match b {
                    BinaryOp::Add => a.wrapping_add(c),
                    BinaryOp::Sub => a.wrapping_sub(c),
                    BinaryOp::Mul => a.wrapping_mul(c),
                    BinaryOp::MulHiS => {
                        ((i128::from(sext(a, at)) * i128::from(sext(c, at))) >> w) as u64
                    }
                    BinaryOp::MulHiU => ((u128::from(a) * u128::from(c)) >> w) as u64,
                    BinaryOp::UDiv => a.checked_div(c).ok_or("division by zero")?,
                    BinaryOp::URem => a.checked_rem(c).ok_or("division by zero")?,
                    BinaryOp::SDiv => {
                        if c == 0 {
                            return Err("division by zero".into());
                        }
                        sext(a, at).wrapping_div(sext(c, at)) as u64
                    }
                    BinaryOp::SRem => {
                        if c == 0 {
                            return Err("division by zero".into());
                        }
                        sext(a, at).wrapping_rem(sext(c, at)) as u64
                    }
                    BinaryOp::And => a & c,
                    BinaryOp::Or => a | c,
                    BinaryOp::Xor => a ^ c,
                    BinaryOp::Shl => {
                        if c >= u64::from(w) {
                            0
                        } else {
                            a << c
                        }
                    }
                    BinaryOp::LShr => {
                        if c >= u64::from(w) {
                            0
                        } else {
                            a >> c
                        }
                    }
                    BinaryOp::AShr => (sext(a, at) >> c.min(u64::from(w) - 1)) as u64,
                    BinaryOp::SMin => sext(a, at).min(sext(c, at)) as u64,
                    BinaryOp::SMax => sext(a, at).max(sext(c, at)) as u64,
                    BinaryOp::UMin => a.min(c),
                    BinaryOp::UMax => a.max(c),
                    BinaryOp::FAdd => match at {
                        Type::F32 => u64::from(
                            (f32::from_bits(a as u32) + f32::from_bits(c as u32)).to_bits(),
                        ),
                        _ => fl(fa + fc),
                    },
                    BinaryOp::FSub => match at {
                        Type::F32 => u64::from(
                            (f32::from_bits(a as u32) - f32::from_bits(c as u32)).to_bits(),
                        ),
                        _ => fl(fa - fc),
                    },
                    BinaryOp::FMul => match at {
                        Type::F32 => u64::from(
                            (f32::from_bits(a as u32) * f32::from_bits(c as u32)).to_bits(),
                        ),
                        _ => fl(fa * fc),
                    },
                    BinaryOp::FDiv => match at {
                        Type::F32 => u64::from(
                            (f32::from_bits(a as u32) / f32::from_bits(c as u32)).to_bits(),
                        ),
                        _ => fl(fa / fc),
                    },
                    BinaryOp::FRem => fl(fa % fc),
                    BinaryOp::Pow => match at {
                        Type::F64 => fa.powf(fc).to_bits(),
                        _ => from_f(f64::from((fa as f32).powf(fc as f32)), at),
                    },
                    BinaryOp::Atan2 => match at {
                        Type::F64 => fa.atan2(fc).to_bits(),
                        _ => from_f(f64::from((fa as f32).atan2(fc as f32)), at),
                    },
                    BinaryOp::FMin => fl(fa.min(fc)),
                    BinaryOp::FMax => fl(fa.max(fc)),
                    BinaryOp::FMinimum => fl(if fa.is_nan() || fc.is_nan() {
                        f64::NAN
                    } else {
                        fa.min(fc)
                    }),
                    BinaryOp::FMaximum => fl(if fa.is_nan() || fc.is_nan() {
                        f64::NAN
                    } else {
                        fa.max(fc)
                    }),
                    BinaryOp::CopySign => {
                        let s = 1u64 << (w - 1);
                        (a & !s) | (c & s)
                    }
                }
            }
            Op::Fma(a, b, c) => {
                let at = ty(a);
                match at {
                    Type::F32 => {
                        let r = f32::from_bits(v(a) as u32)
                            .mul_add(f32::from_bits(v(b) as u32), f32::from_bits(v(c) as u32));
                        u64::from(r.to_bits())
                    }
                    Type::F64 => f64::from_bits(v(a))
                        .mul_add(f64::from_bits(v(b)), f64::from_bits(v(c)))
                        .to_bits(),
                    _ => from_f(to_f(v(a), at).mul_add(to_f(v(b), at), to_f(v(c), at)), at),
                }
            }
            Op::ICmp(p, a, b) => {
                let at = ty(a);
                let (x, y) = (v(a) & mask(at), v(b) & mask(at));
                let (sx, sy) = (sext(x, at), sext(y, at));
                u64::from(match p {
                    IntPredicate::Eq => x == y,
                    IntPredicate::Ne => x != y,
                    IntPredicate::Slt => sx < sy,
                    IntPredicate::Sle => sx <= sy,
                    IntPredicate::Sgt => sx > sy,
                    IntPredicate::Sge => sx >= sy,
                    IntPredicate::Ult => x < y,
                    IntPredicate::Ule => x <= y,
                    IntPredicate::Ugt => x > y,
                    IntPredicate::Uge => x >= y,
                })
            }
            Op::FCmp(p, a, b) => {
                let at = ty(a);
                let (x, y) = (to_f(v(a), at), to_f(v(b), at));
                let uno = x.is_nan() || y.is_nan();
                u64::from(match p {
                    FloatPredicate::False => false,
                    FloatPredicate::True => true,
                    FloatPredicate::Oeq => !uno && x == y,
                    FloatPredicate::One => !uno && x != y,
                    FloatPredicate::Olt => !uno && x < y,
                    FloatPredicate::Ole => !uno && x <= y,
                    FloatPredicate::Ogt => !uno && x > y,
                    FloatPredicate::Oge => !uno && x >= y,
                    FloatPredicate::Ord => !uno,
                    FloatPredicate::Uno => uno,
                    FloatPredicate::Ueq => uno || x == y,
                    FloatPredicate::Une => uno || x != y,
                    FloatPredicate::Ult => uno || x < y,
                    FloatPredicate::Ule => uno || x <= y,
                    FloatPredicate::Ugt => uno || x > y,
                    FloatPredicate::Uge => uno || x >= y,
                })
            }
            Op::Select {
                cond,
                if_true,
                if_false,
            } => {
                if v(cond) & 1 == 1 {
                    v(if_true)
                } else {
                    v(if_false)
                }
            }
            Op::Cast(c, a) => {
                let at = ty(a);
                let x = v(a) & mask(at);
                match c {
                    CastOp::Trunc
                    | CastOp::ZExt
                    | CastOp::Bitcast
                    | CastOp::PtrToInt
                    | CastOp::IntToPtr
                    | CastOp::AddrSpaceCast => x,
                    CastOp::SExt => sext(x, at) as u64,
                    CastOp::FpTrunc | CastOp::FpExt => from_f(to_f(x, at), t),
                    CastOp::FpToSi => {
                        let fx = to_f(x, at);
                        match t.bits() {
                            8 => fx as i8 as u64,
                            16 => fx as i16 as u64,
                            32 => fx as i32 as u64,
                            _ => fx as i64 as u64,
                        }
                    }
                    CastOp::FpToUi => {
                        let fx = to_f(x, at);
                        match t.bits() {
                            8 => u64::from(fx as u8),
                            16 => u64::from(fx as u16),
                            32 => u64::from(fx as u32),
                            _ => fx as u64,
                        }
                    }
                    CastOp::SiToFp => match t {
                        Type::F32 => u64::from((sext(x, at) as f32).to_bits()),
                        _ => from_f(sext(x, at) as f64, t),
                    },
                    CastOp::UiToFp => match t {
                        Type::F32 => u64::from((x as f32).to_bits()),
                        _ => from_f(x as f64, t),
                    },
                }
            }
            Op::PtrAdd { ptr, offset } => v(ptr).wrapping_add(v(offset)),
            Op::Load { ptr } => self.load(v(ptr), t)?,
            Op::Store { ptr, value } => {
                self.store(v(ptr), ty(value), v(value))?;
                return Ok(None);
            }
            Op::Atomic { op, ptr, value } => {
                let old = self.load(v(ptr), t)?;
                let x = v(value) & mask(t);
                let new = match op {
                    AtomicOp::Add => old.wrapping_add(x),
                    AtomicOp::Sub => old.wrapping_sub(x),
                    AtomicOp::FAdd => from_f(to_f(old, t) + to_f(x, t), t),
                    AtomicOp::And => old & x,
                    AtomicOp::Or => old | x,
                    AtomicOp::Xor => old ^ x,
                    AtomicOp::Exch => x,
                    AtomicOp::SMin => sext(old, t).min(sext(x, t)) as u64,
                    AtomicOp::SMax => sext(old, t).max(sext(x, t)) as u64,
                    AtomicOp::UMin => old.min(x),
                    AtomicOp::UMax => old.max(x),
                    AtomicOp::FMin => from_f(to_f(old, t).min(to_f(x, t)), t),
                    AtomicOp::FMax => from_f(to_f(old, t).max(to_f(x, t)), t),
                    AtomicOp::Inc => {
                        if old >= x {
                            0
                        } else {
                            old + 1
                        }
                    }
                    AtomicOp::Dec => {
                        if old == 0 || old > x {
                            x
                        } else {
                            old - 1
                        }
                    }
                };
                self.store(v(ptr), t, new & mask(t))?;
                old
            }
            Op::AtomicCas { ptr, expected, new } => {
                let old = self.load(v(ptr), t)?;
                if old == v(expected) & mask(t) {
                    self.store(v(ptr), t, v(new))?;
                }
                old
            }
            Op::Barrier { pred, .. } => match pred {
                Some(p) => v(p) & 1,
                None => return Ok(None),
            },
            Op::Fence => return Ok(None),
            Op::Special(r) => u64::from(match r {
                SpecialReg::TidX => self.tid[0],
                SpecialReg::TidY => self.tid[1],
                SpecialReg::TidZ => self.tid[2],
                SpecialReg::NtidX => self.ntid[0],
                SpecialReg::NtidY => self.ntid[1],
                SpecialReg::NtidZ => self.ntid[2],
                SpecialReg::CtaidX => self.ctaid[0],
                SpecialReg::CtaidY => self.ctaid[1],
                SpecialReg::CtaidZ => self.ctaid[2],
                SpecialReg::NctaidX => self.nctaid[0],
                SpecialReg::NctaidY => self.nctaid[1],
                SpecialReg::NctaidZ => self.nctaid[2],
                SpecialReg::LaneId => self.tid[0] % 32,
                SpecialReg::WarpSize => 32,
            }),
            Op::Shuffle { value, .. } => v(value),
            Op::Vote { mode, pred, .. } => match mode {
                VoteMode::Ballot => (v(pred) & 1) << (self.tid[0] % 32),
                VoteMode::Uni => 1,
                _ => v(pred) & 1,
            },
            Op::Call { callee, args } => {
                let a: Vec<u64> = args.iter().map(v).collect();
                let r = self.call(*callee, &a)?;
                match r {
                    Some(x) => x,
                    None => return Ok(None),
                }
            }
            Op::Alloca { bytes, align } => self.alloc((*bytes).max(1), *align),
            Op::Memcpy { dst, src, len } => {
                let (d, s, n) = (v(dst), v(src), v(len));
                let s0 = self.check(s, n)?;
                let d0 = self.check(d, n)?;
                let bytes = self.mem[s0..s0 + n as usize].to_vec();
                self.mem[d0..d0 + n as usize].copy_from_slice(&bytes);
                return Ok(None);
            }
            Op::Memset { dst, byte, len } => {
                let (d, n) = (v(dst), v(len));
                let d0 = self.check(d, n)?;
                for b in &mut self.mem[d0..d0 + n as usize] {
                    *b = v(byte) as u8;
                }
                return Ok(None);
            }
        }))
    }
}

/// A small deterministic PRNG (xorshift64*).
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            0
        } else {
            self.next() % n
        }
    }
}

/// Every `.ptx` file under `dir` (recursively), sorted.
pub fn ptx_files(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(rd) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "ptx") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}
