//! Semantic checks of the `.ll` translation: a small single-thread evaluator of the
//! kernel IR (test-only; the project's interpreter is `frontend::interp`) runs translated
//! functions on concrete inputs and compares with values computed here in Rust. It
//! covers the lowerings that rewrite LLVM constructs into several kernel-IR ops (funnel
//! shifts, byte swaps, overflow intrinsics, vector bitcasts and shuffles, aggregate
//! returns, promoted slots, phis that swap values).

use frontend::ir::*;
use frontend::ll::parse_ll_str;
use std::collections::HashMap;

/// Flat memory: a pointer is a byte offset into `mem` (0 is null).
struct Eval<'a> {
    m: &'a Module,
    mem: Vec<u8>,
    globals: HashMap<u32, u64>,
    steps: u64,
    /// `%laneid` of the single thread.
    lane: u64,
}

impl<'a> Eval<'a> {
    fn new(m: &'a Module) -> Self {
        let mut e = Eval {
            m,
            mem: vec![0; 16],
            globals: HashMap::new(),
            steps: 0,
            lane: 0,
        };
        for (i, g) in m.globals.iter().enumerate() {
            let at = e.alloc(g.bytes.max(1), g.align);
            if let Some(init) = &g.init {
                e.mem[at as usize..at as usize + init.len()].copy_from_slice(init);
            }
            e.globals.insert(i as u32, at);
        }
        e
    }

    fn alloc(&mut self, bytes: u64, align: u64) -> u64 {
        let align = align.max(1) as usize;
        let at = self.mem.len().div_ceil(align) * align;
        self.mem.resize(at + bytes as usize, 0);
        at as u64
    }

    fn load(&self, addr: u64, t: Type) -> u64 {
        let n = t.bytes() as usize;
        let mut b = [0u8; 8];
        b[..n].copy_from_slice(&self.mem[addr as usize..addr as usize + n]);
        u64::from_le_bytes(b) & t.mask()
    }

    fn store(&mut self, addr: u64, t: Type, v: u64) {
        let n = t.bytes() as usize;
        self.mem[addr as usize..addr as usize + n].copy_from_slice(&v.to_le_bytes()[..n]);
    }

    fn call(&mut self, fid: FuncId, args: &[u64]) -> Option<u64> {
        let f = self.m.function(fid);
        let mut vals: Vec<u64> = vec![0; f.values.len()];
        for (p, &a) in f.params.iter().zip(args) {
            vals[p.index()] = a;
        }
        let mut b = f.entry;
        loop {
            let data = f.block(b);
            for &i in &data.insts {
                self.steps += 1;
                assert!(self.steps < 10_000_000, "runaway evaluation");
                let inst = f.inst(i);
                let ty = inst.result.map(|r| f.value_type(r));
                let r = self.op(f, &inst.op, ty, &vals);
                if let (Some(res), Some(v)) = (inst.result, r) {
                    vals[res.index()] =
                        v & ty.map_or(u64::MAX, |t| if t.is_ptr() { u64::MAX } else { t.mask() });
                }
            }
            let jump = |call: &BlockCall, vals: &mut Vec<u64>| {
                let args: Vec<u64> = call.args.iter().map(|a| vals[a.index()]).collect();
                for (p, a) in f.block(call.block).params.iter().zip(args) {
                    vals[p.index()] = a;
                }
                call.block
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
                    let c = cases.iter().find(|(k, _)| *k == v).map(|(_, c)| c);
                    jump(c.unwrap_or(default), &mut vals)
                }
                Terminator::Ret(v) => return v.map(|v| vals[v.index()]),
                Terminator::Unreachable | Terminator::Trap => panic!("trap/unreachable reached"),
            };
        }
    }

    fn op(&mut self, f: &Function, op: &Op, ty: Option<Type>, vals: &[u64]) -> Option<u64> {
        let v = |x: &Value| vals[x.index()];
        let t = |x: &Value| f.value_type(*x);
        let rt = ty.unwrap_or(Type::I64);
        let sx = |x: u64, t: Type| -> i64 {
            let s = 64 - t.bits();
            ((x << s) as i64) >> s
        };
        let fl = |x: u64, t: Type| -> f64 {
            match t {
                Type::F32 => f64::from(f32::from_bits(x as u32)),
                Type::F64 => f64::from_bits(x),
                _ => panic!("float type {t}"),
            }
        };
        let tof = |x: f64, t: Type| -> u64 {
            match t {
                Type::F32 => u64::from((x as f32).to_bits()),
                Type::F64 => x.to_bits(),
                _ => panic!("float type {t}"),
            }
        };
        Some(match op {
            Op::Const { bits } => *bits,
            Op::GlobalAddr(g) => self.globals[&g.0],
            Op::Unary(u, a) => {
                let x = v(a);
                let w = rt.bits();
                match u {
                    UnaryOp::Not => !x,
                    UnaryOp::Neg => x.wrapping_neg(),
                    UnaryOp::Abs => sx(x, rt).unsigned_abs(),
                    UnaryOp::Clz => u64::from((x & rt.mask()).leading_zeros() - (64 - w)),
                    UnaryOp::Popc => u64::from((x & rt.mask()).count_ones()),
                    UnaryOp::Brev => (x.reverse_bits() >> (64 - w)) & rt.mask(),
                    UnaryOp::FNeg => tof(-fl(x, rt), rt),
                    UnaryOp::FAbs => tof(fl(x, rt).abs(), rt),
                    UnaryOp::Sqrt => tof(fl(x, rt).sqrt(), rt),
                    UnaryOp::Rint => tof(fl(x, rt).round_ties_even(), rt),
                    UnaryOp::Floor => tof(fl(x, rt).floor(), rt),
                    other => panic!("unary {other}"),
                }
            }
            Op::Binary(b, x, y) => {
                let (a, c) = (v(x), v(y));
                let w = u64::from(rt.bits());
                let (sa, sc) = (sx(a, rt), sx(c, rt));
                match b {
                    BinaryOp::Add => a.wrapping_add(c),
                    BinaryOp::Sub => a.wrapping_sub(c),
                    BinaryOp::Mul => a.wrapping_mul(c),
                    BinaryOp::MulHiU => ((u128::from(a) * u128::from(c)) >> w) as u64,
                    BinaryOp::MulHiS => ((i128::from(sa) * i128::from(sc)) >> w) as u64,
                    BinaryOp::UDiv => a / c,
                    BinaryOp::SDiv => (sa / sc) as u64,
                    BinaryOp::URem => a % c,
                    BinaryOp::SRem => (sa % sc) as u64,
                    BinaryOp::And => a & c,
                    BinaryOp::Or => a | c,
                    BinaryOp::Xor => a ^ c,
                    BinaryOp::Shl => {
                        if c >= w {
                            0
                        } else {
                            a << c
                        }
                    }
                    BinaryOp::LShr => {
                        if c >= w {
                            0
                        } else {
                            (a & rt.mask()) >> c
                        }
                    }
                    BinaryOp::AShr => (sa >> c.min(63)) as u64,
                    BinaryOp::SMin => sa.min(sc) as u64,
                    BinaryOp::SMax => sa.max(sc) as u64,
                    BinaryOp::UMin => a.min(c),
                    BinaryOp::UMax => a.max(c),
                    BinaryOp::FAdd => tof(fl(a, rt) + fl(c, rt), rt),
                    BinaryOp::FSub => tof(fl(a, rt) - fl(c, rt), rt),
                    BinaryOp::FMul => tof(fl(a, rt) * fl(c, rt), rt),
                    BinaryOp::FDiv => tof(fl(a, rt) / fl(c, rt), rt),
                    other => panic!("binary {other}"),
                }
            }
            Op::Fma(a, b, c) => match rt {
                Type::F32 => u64::from(
                    f32::from_bits(v(a) as u32)
                        .mul_add(f32::from_bits(v(b) as u32), f32::from_bits(v(c) as u32))
                        .to_bits(),
                ),
                _ => f64::from_bits(v(a))
                    .mul_add(f64::from_bits(v(b)), f64::from_bits(v(c)))
                    .to_bits(),
            },
            Op::ICmp(p, x, y) => {
                let ot = t(x);
                let (a, c) = (v(x) & ot.mask(), v(y) & ot.mask());
                let (sa, sc) = (sx(a, ot), sx(c, ot));
                u64::from(match p {
                    IntPredicate::Eq => a == c,
                    IntPredicate::Ne => a != c,
                    IntPredicate::Slt => sa < sc,
                    IntPredicate::Sle => sa <= sc,
                    IntPredicate::Sgt => sa > sc,
                    IntPredicate::Sge => sa >= sc,
                    IntPredicate::Ult => a < c,
                    IntPredicate::Ule => a <= c,
                    IntPredicate::Ugt => a > c,
                    IntPredicate::Uge => a >= c,
                })
            }
            Op::FCmp(p, x, y) => {
                let (a, c) = (fl(v(x), t(x)), fl(v(y), t(y)));
                u64::from(match p {
                    FloatPredicate::Olt => a < c,
                    FloatPredicate::Ogt => a > c,
                    FloatPredicate::Oeq => a == c,
                    FloatPredicate::Uno => a.is_nan() || c.is_nan(),
                    other => panic!("fcmp {other}"),
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
            Op::Cast(c, x) => {
                let (a, st) = (v(x), t(x));
                match c {
                    CastOp::Trunc | CastOp::ZExt | CastOp::Bitcast => a & st.mask(),
                    CastOp::SExt => sx(a, st) as u64,
                    CastOp::PtrToInt | CastOp::IntToPtr | CastOp::AddrSpaceCast => a,
                    CastOp::SiToFp => tof(sx(a, st) as f64, rt),
                    CastOp::UiToFp => tof(a as f64, rt),
                    CastOp::FpToSi => fl(a, st) as i64 as u64,
                    CastOp::FpExt | CastOp::FpTrunc => tof(fl(a, st), rt),
                    other => panic!("cast {other}"),
                }
            }
            Op::PtrAdd { ptr, offset } => v(ptr).wrapping_add(v(offset)),
            Op::Load { ptr } => self.load(v(ptr), rt),
            Op::Store { ptr, value } => {
                self.store(v(ptr), t(value), v(value));
                return None;
            }
            Op::Alloca { bytes, align } => self.alloc(*bytes, *align),
            Op::Memcpy { dst, src, len } => {
                let (d, s, n) = (v(dst) as usize, v(src) as usize, v(len) as usize);
                self.mem.copy_within(s..s + n, d);
                return None;
            }
            Op::Memset { dst, byte, len } => {
                let (d, n) = (v(dst) as usize, v(len) as usize);
                self.mem[d..d + n].fill(v(byte) as u8);
                return None;
            }
            Op::Call { callee, args } => {
                let a: Vec<u64> = args.iter().map(v).collect();
                return self.call(*callee, &a);
            }
            Op::Special(SpecialReg::LaneId) => self.lane,
            Op::Special(_) => 0,
            // One thread: a shuffle reads the thread's own value.
            Op::Shuffle { value, .. } => v(value),
            Op::Barrier { .. } | Op::Fence => return None,
            other => panic!("op {other:?}"),
        })
    }
}

const LAYOUT: &str = "target datalayout = \"e-i64:64-i128:128-v16:16-v32:32-n16:32:64\"\n";

/// Translate `body` (which defines `@k(ptr %out, i64 %a, i64 %b)`), run it and give
/// the first `n` 64-bit words of `out`.
fn run(body: &str, a: u64, b: u64, n: usize) -> Vec<u64> {
    let text = format!("{LAYOUT}{body}");
    let m = parse_ll_str(&text, "eval.ll").unwrap_or_else(|e| panic!("{e}\n{text}"));
    let k = m.function_by_name("k").expect("kernel k");
    let mut e = Eval::new(&m);
    let out = e.alloc(8 * n as u64, 8);
    e.call(k, &[out, a, b]);
    (0..n)
        .map(|i| e.load(out + 8 * i as u64, Type::I64))
        .collect()
}

#[test]
fn funnel_shifts_and_byte_swaps() {
    let body = r#"
declare i32 @llvm.fshl.i32(i32, i32, i32)
declare i32 @llvm.fshr.i32(i32, i32, i32)
declare i64 @llvm.bswap.i64(i64)
declare i16 @llvm.bswap.i16(i16)
declare i32 @llvm.cttz.i32(i32, i1)
declare i32 @llvm.ctlz.i32(i32, i1)
declare i32 @llvm.bitreverse.i32(i32)
define void @k(ptr %out, i64 %a, i64 %b) {
  %x = trunc i64 %a to i32
  %y = trunc i64 %b to i32
  %s = lshr i64 %b, 32
  %s32 = trunc i64 %s to i32
  %l = call i32 @llvm.fshl.i32(i32 %x, i32 %y, i32 %s32)
  %r = call i32 @llvm.fshr.i32(i32 %x, i32 %y, i32 %s32)
  %bs = call i64 @llvm.bswap.i64(i64 %a)
  %h = trunc i64 %a to i16
  %bh = call i16 @llvm.bswap.i16(i16 %h)
  %tz = call i32 @llvm.cttz.i32(i32 %x, i1 false)
  %lz = call i32 @llvm.ctlz.i32(i32 %x, i1 false)
  %br = call i32 @llvm.bitreverse.i32(i32 %x)
  %p0 = getelementptr i64, ptr %out, i64 0
  %l64 = zext i32 %l to i64
  store i64 %l64, ptr %p0
  %p1 = getelementptr i64, ptr %out, i64 1
  %r64 = zext i32 %r to i64
  store i64 %r64, ptr %p1
  %p2 = getelementptr i64, ptr %out, i64 2
  store i64 %bs, ptr %p2
  %p3 = getelementptr i64, ptr %out, i64 3
  %bh64 = zext i16 %bh to i64
  store i64 %bh64, ptr %p3
  %p4 = getelementptr i64, ptr %out, i64 4
  %tz64 = zext i32 %tz to i64
  store i64 %tz64, ptr %p4
  %p5 = getelementptr i64, ptr %out, i64 5
  %lz64 = zext i32 %lz to i64
  store i64 %lz64, ptr %p5
  %p6 = getelementptr i64, ptr %out, i64 6
  %br64 = zext i32 %br to i64
  store i64 %br64, ptr %p6
  ret void
}
"#;
    for &(a, b) in &[
        (0x1234_5678_9abc_def0u64, 0x0000_0005_0f0f_0f0fu64),
        (0xdead_beef_0000_8000, 0x0000_0000_ffff_0001),
        (0x8000_0001, 0x0000_0020_1234_5678),
        (0, 0x0000_0001_0000_0000),
    ] {
        let (x, y, s) = (a as u32, b as u32, (b >> 32) as u32);
        let fshl = ((u64::from(x) << 32 | u64::from(y)) << (s % 32) >> 32) as u32;
        let fshr = ((u64::from(x) << 32 | u64::from(y)) >> (s % 32)) as u32;
        let got = run(body, a, b, 7);
        assert_eq!(
            got,
            vec![
                u64::from(fshl),
                u64::from(fshr),
                a.swap_bytes(),
                u64::from((a as u16).swap_bytes()),
                u64::from(x.trailing_zeros()),
                u64::from(x.leading_zeros()),
                u64::from(x.reverse_bits()),
            ],
            "a={a:#x} b={b:#x}"
        );
    }
}

#[test]
fn overflow_intrinsics() {
    let body = r#"
declare { i32, i1 } @llvm.sadd.with.overflow.i32(i32, i32)
declare { i32, i1 } @llvm.ssub.with.overflow.i32(i32, i32)
declare { i32, i1 } @llvm.uadd.with.overflow.i32(i32, i32)
declare { i32, i1 } @llvm.usub.with.overflow.i32(i32, i32)
declare { i32, i1 } @llvm.smul.with.overflow.i32(i32, i32)
declare { i32, i1 } @llvm.umul.with.overflow.i32(i32, i32)
define internal void @put(ptr %out, i64 %i, { i32, i1 } %r) {
  %v = extractvalue { i32, i1 } %r, 0
  %o = extractvalue { i32, i1 } %r, 1
  %v64 = zext i32 %v to i64
  %o64 = zext i1 %o to i64
  %sh = shl i64 %o64, 32
  %w = or i64 %v64, %sh
  %p = getelementptr i64, ptr %out, i64 %i
  store i64 %w, ptr %p
  ret void
}
define void @k(ptr %out, i64 %a, i64 %b) {
  %x = trunc i64 %a to i32
  %y = trunc i64 %b to i32
  %r0 = call { i32, i1 } @llvm.sadd.with.overflow.i32(i32 %x, i32 %y)
  call void @put(ptr %out, i64 0, { i32, i1 } %r0)
  %r1 = call { i32, i1 } @llvm.ssub.with.overflow.i32(i32 %x, i32 %y)
  call void @put(ptr %out, i64 1, { i32, i1 } %r1)
  %r2 = call { i32, i1 } @llvm.uadd.with.overflow.i32(i32 %x, i32 %y)
  call void @put(ptr %out, i64 2, { i32, i1 } %r2)
  %r3 = call { i32, i1 } @llvm.usub.with.overflow.i32(i32 %x, i32 %y)
  call void @put(ptr %out, i64 3, { i32, i1 } %r3)
  %r4 = call { i32, i1 } @llvm.smul.with.overflow.i32(i32 %x, i32 %y)
  call void @put(ptr %out, i64 4, { i32, i1 } %r4)
  %r5 = call { i32, i1 } @llvm.umul.with.overflow.i32(i32 %x, i32 %y)
  call void @put(ptr %out, i64 5, { i32, i1 } %r5)
  ret void
}
"#;
    let pack = |(v, o): (u32, bool)| u64::from(v) | (u64::from(o) << 32);
    for &(x, y) in &[
        (1i32, 2i32),
        (i32::MAX, 1),
        (i32::MIN, 1),
        (i32::MIN, -1),
        (-5, 7),
        (65536, 65536),
        (-65536, 65536),
        (0, 0),
    ] {
        let (ux, uy) = (x as u32, y as u32);
        let got = run(body, u64::from(ux), u64::from(uy), 6);
        let want: Vec<u64> = vec![
            pack({
                let (v, o) = x.overflowing_add(y);
                (v as u32, o)
            }),
            pack({
                let (v, o) = x.overflowing_sub(y);
                (v as u32, o)
            }),
            pack(ux.overflowing_add(uy)),
            pack(ux.overflowing_sub(uy)),
            pack({
                let (v, o) = x.overflowing_mul(y);
                (v as u32, o)
            }),
            pack(ux.overflowing_mul(uy)),
        ];
        assert_eq!(got, want, "x={x} y={y}");
    }
}

#[test]
fn vectors_bitcasts_and_shuffles() {
    let body = r#"
define void @k(ptr %out, i64 %a, i64 %b) {
  %v = bitcast i64 %a to <4 x i16>
  %w = bitcast i64 %b to <2 x i32>
  %e = extractelement <4 x i16> %v, i32 2
  %s = shufflevector <4 x i16> %v, <4 x i16> zeroinitializer, <4 x i32> <i32 3, i32 5, i32 0, i32 1>
  %sb = bitcast <4 x i16> %s to i64
  %i = trunc i64 %b to i32
  %j = and i32 %i, 3
  %d = extractelement <4 x i16> %v, i32 %j
  %ins = insertelement <4 x i16> %v, i16 -1, i32 %j
  %insb = bitcast <4 x i16> %ins to i64
  %w1 = extractelement <2 x i32> %w, i64 1
  %bytes = bitcast i32 %w1 to <4 x i8>
  %b3 = extractelement <4 x i8> %bytes, i64 3
  %p0 = getelementptr i64, ptr %out, i64 0
  %e64 = zext i16 %e to i64
  store i64 %e64, ptr %p0
  %p1 = getelementptr i64, ptr %out, i64 1
  store i64 %sb, ptr %p1
  %p2 = getelementptr i64, ptr %out, i64 2
  %d64 = zext i16 %d to i64
  store i64 %d64, ptr %p2
  %p3 = getelementptr i64, ptr %out, i64 3
  store i64 %insb, ptr %p3
  %p4 = getelementptr i64, ptr %out, i64 4
  %b364 = zext i8 %b3 to i64
  store i64 %b364, ptr %p4
  %p5 = getelementptr i64, ptr %out, i64 5
  store <4 x i16> %v, ptr %p5
  ret void
}
"#;
    let a = 0x1111_2222_3333_4444u64;
    for j in 0..4u64 {
        let b = 0xaabb_ccdd_0000_0000 | j;
        let lane = |k: u64| (a >> (16 * k)) & 0xffff;
        let shuffled = lane(3) | (lane(0) << 32) | (lane(1) << 48);
        let inserted = (a & !(0xffff << (16 * j))) | (0xffff << (16 * j));
        let got = run(body, a, b, 6);
        assert_eq!(
            got,
            vec![lane(2), shuffled, lane(j), inserted, 0xaa, a],
            "j={j}"
        );
    }
}

#[test]
fn loops_slots_phis_and_aggregate_returns() {
    let body = r#"
%pair = type { i64, i32 }
define internal %pair @divmod(i64 %a, i32 %b) {
  %b64 = zext i32 %b to i64
  %q = udiv i64 %a, %b64
  %r = urem i64 %a, %b64
  %r32 = trunc i64 %r to i32
  %p = insertvalue %pair undef, i64 %q, 0
  %p2 = insertvalue %pair %p, i32 %r32, 1
  ret %pair %p2
}
define void @k(ptr %out, i64 %a, i64 %b) {
entry:
  %sum = alloca i64, align 8
  %i = alloca i64, align 8
  store i64 0, ptr %sum
  store i64 0, ptr %i
  br label %head
head:
  %x = phi i64 [ 1, %entry ], [ %y, %body ]
  %y = phi i64 [ 2, %entry ], [ %x, %body ]
  %iv = load i64, ptr %i
  %c = icmp ult i64 %iv, %a
  br i1 %c, label %body, label %done
body:
  %s = load i64, ptr %sum
  %s2 = add i64 %s, %iv
  store i64 %s2, ptr %sum
  %iv2 = add i64 %iv, 1
  store i64 %iv2, ptr %i
  br label %head
done:
  %total = load i64, ptr %sum
  %b32 = trunc i64 %b to i32
  %dm = call %pair @divmod(i64 %total, i32 %b32)
  %q = extractvalue %pair %dm, 0
  %r = extractvalue %pair %dm, 1
  %r64 = zext i32 %r to i64
  store i64 %total, ptr %out
  %p1 = getelementptr i64, ptr %out, i64 1
  store i64 %q, ptr %p1
  %p2 = getelementptr i64, ptr %out, i64 2
  store i64 %r64, ptr %p2
  %p3 = getelementptr i64, ptr %out, i64 3
  %xy = mul i64 %x, 10
  %xy2 = add i64 %xy, %y
  store i64 %xy2, ptr %p3
  ret void
}
"#;
    for n in [0u64, 1, 2, 5, 10] {
        let total = n * n.saturating_sub(1) / 2;
        // The phis swap x and y on every iteration.
        let (x, y) = if n % 2 == 0 { (1, 2) } else { (2, 1) };
        let got = run(body, n, 7, 4);
        assert_eq!(got, vec![total, total / 7, total % 7, x * 10 + y], "n={n}");
    }
}

#[test]
fn clang_kernels_compute_like_o0() {
    // The same CUDA function at -O0 and -O2 gives the same result (here: the test
    // kernels' device function `walk` is not used; `bubble` sorts 8 ints per thread).
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ll_data");
    let mut results = Vec::new();
    for opt in ["O0", "O2"] {
        let m = frontend::ll::parse_ll_file(&dir.join(format!("structs.{opt}.ll"))).unwrap();
        let k = m.find_kernel("bubble").unwrap();
        let mut e = Eval::new(&m);
        let data = e.alloc(32, 8);
        let input = [5i32, -3, 9, 0, 9, 1, -8, 2];
        for (i, v) in input.iter().enumerate() {
            e.store(data + 4 * i as u64, Type::I32, *v as u32 as u64);
        }
        e.call(k, &[data]);
        let got: Vec<i32> = (0..8)
            .map(|i| e.load(data + 4 * i, Type::I32) as u32 as i32)
            .collect();
        results.push(got);
    }
    assert_eq!(results[0], vec![-8, -3, 0, 1, 2, 5, 9, 9]);
    assert_eq!(results[0], results[1]);
}

#[test]
fn shuffle_in_range_predicates() {
    let body = r#"
declare { i32, i1 } @llvm.nvvm.shfl.sync.up.i32p(i32, i32, i32, i32)
declare { i32, i1 } @llvm.nvvm.shfl.sync.down.i32p(i32, i32, i32, i32)
declare { i32, i1 } @llvm.nvvm.shfl.sync.bfly.i32p(i32, i32, i32, i32)
declare { i32, i1 } @llvm.nvvm.shfl.sync.i32(i32, i32, i32, i32, i32)
define void @k(ptr %out, i64 %a, i64 %b) {
  %d = trunc i64 %a to i32
  %w = trunc i64 %b to i32
  %up = call { i32, i1 } @llvm.nvvm.shfl.sync.up.i32p(i32 -1, i32 7, i32 %d, i32 %w)
  %dn = call { i32, i1 } @llvm.nvvm.shfl.sync.down.i32p(i32 -1, i32 7, i32 %d, i32 %w)
  %bf = call { i32, i1 } @llvm.nvvm.shfl.sync.bfly.i32p(i32 -1, i32 7, i32 %d, i32 %w)
  %ix = call { i32, i1 } @llvm.nvvm.shfl.sync.i32(i32 -1, i32 0, i32 7, i32 %d, i32 %w)
  %p0 = extractvalue { i32, i1 } %up, 1
  %p1 = extractvalue { i32, i1 } %dn, 1
  %p2 = extractvalue { i32, i1 } %bf, 1
  %p3 = extractvalue { i32, i1 } %ix, 1
  %q0 = zext i1 %p0 to i64
  %q1 = zext i1 %p1 to i64
  %q2 = zext i1 %p2 to i64
  %q3 = zext i1 %p3 to i64
  store i64 %q0, ptr %out
  %o1 = getelementptr i64, ptr %out, i64 1
  store i64 %q1, ptr %o1
  %o2 = getelementptr i64, ptr %out, i64 2
  store i64 %q2, ptr %o2
  %o3 = getelementptr i64, ptr %out, i64 3
  store i64 %q3, ptr %o3
  ret void
}
"#;
    let text = format!("{LAYOUT}{body}");
    let m = parse_ll_str(&text, "eval.ll").unwrap();
    let k = m.function_by_name("k").unwrap();
    // PTX: c = ((32 - width) << 8) | clamp; up uses clamp 0, the others 31 (width 32)
    // or width - 1 with the segment mask.
    for lane in 0..32u64 {
        for (delta, width) in [(1u64, 32u64), (4, 32), (3, 8), (16, 16)] {
            let seg = (32 - width) << 8;
            for c in [seg, seg | (width - 1)] {
                let mut e = Eval::new(&m);
                e.lane = lane;
                let out = e.alloc(32, 8);
                e.call(k, &[out, delta, c]);
                let got: Vec<u64> = (0..4).map(|i| e.load(out + 8 * i, Type::I64)).collect();
                let mask = (c >> 8) & 31;
                let cv = c & 31;
                let max_lane = (lane & mask) | (cv & !mask);
                let min_lane = lane & mask;
                let (l, b) = (lane as i64, delta as i64);
                let want = vec![
                    u64::from(l - b >= max_lane as i64),
                    u64::from(l + b <= max_lane as i64),
                    u64::from((l ^ b) <= max_lane as i64),
                    u64::from(((min_lane | (delta & !mask)) as i64) <= max_lane as i64),
                ];
                assert_eq!(got, want, "lane {lane} delta {delta} c {c:#x}");
            }
        }
    }
}
