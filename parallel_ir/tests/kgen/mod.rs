//! Random kernel generators shared by the differential tests (`parallel_ir/tests/
//! differential.rs`; `raise/tests/differential_cpu.rs` includes this folder by path):
//! a small deterministic PRNG, a structured builder over the kernel IR's CFG ([`Kb`]:
//! `if`s with block-parameter joins, counted and general loops in the shapes clang emits)
//! and the generators themselves: [`int`] (random integer code in random control flow,
//! one launch) and [`float`] (float launch programs shaped like real GPU code).
#![allow(dead_code)]

pub mod float;
pub mod int;

use frontend::ir::{
    AbiArg, AddrSpace, AtomicOp, BarrierKind, BinaryOp, Block, BlockCall, CastOp, FuncKind,
    Function, GlobalId, IntPredicate, Op, SpecialReg, Terminator, Type, UnaryOp, Value,
};

/// xorshift64: small, deterministic, good enough to pick shapes.
pub struct Rng(pub u64);
impl Rng {
    /// A generator for `seed` (any value, 0 included).
    pub fn seeded(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    pub fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }
    /// Uniform in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
    /// Uniform in `lo..=hi`.
    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + self.below((hi - lo + 1) as u64) as i64
    }
    /// True with probability `num / den`.
    pub fn chance(&mut self, num: u64, den: u64) -> bool {
        self.below(den) < num
    }
    /// One of `items`.
    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len() as u64) as usize]
    }
    /// An index drawn with the given weights.
    pub fn weighted(&mut self, weights: &[u64]) -> usize {
        let total: u64 = weights.iter().sum();
        let mut r = self.below(total);
        for (i, &w) in weights.iter().enumerate() {
            if r < w {
                return i;
            }
            r -= w;
        }
        weights.len() - 1
    }
    /// Uniform in [-1, 1).
    pub fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0
    }
}

/// An open `if` of [`Kb::begin_if`].
pub struct IfFrame {
    e: Block,
    j: Block,
    params: Vec<Value>,
}

/// A structured builder over a kernel-IR [`Function`]: straight-line ops go into the
/// current block; `if`s and loops create blocks and leave the builder in their join.
pub struct Kb {
    pub f: Function,
    pub cur: Block,
}

impl Kb {
    /// An empty kernel.
    pub fn kernel(name: &str) -> Kb {
        let f = Function::new(name, FuncKind::Kernel);
        let cur = f.entry;
        Kb { f, cur }
    }
    /// A parameter (one ABI argument).
    pub fn param(&mut self, ty: Type, name: &str) -> Value {
        let i = self.f.params.len() as u32;
        self.f.abi.push(AbiArg::Param(i));
        self.f.add_param(ty, Some(name.into()))
    }
    /// The finished kernel (the current block returns).
    pub fn finish(mut self) -> Function {
        self.f.set_terminator(self.cur, Terminator::Ret(None));
        self.f
    }
    pub fn op(&mut self, op: Op, ty: Type) -> Value {
        self.f.push_value(self.cur, op, ty)
    }
    pub fn effect(&mut self, op: Op) {
        self.f.push(self.cur, op, None);
    }
    pub fn c32(&mut self, v: i32) -> Value {
        self.op(
            Op::Const {
                bits: u64::from(v as u32),
            },
            Type::I32,
        )
    }
    pub fn c64(&mut self, v: i64) -> Value {
        self.op(Op::Const { bits: v as u64 }, Type::I64)
    }
    pub fn cbool(&mut self, v: bool) -> Value {
        self.op(Op::Const { bits: u64::from(v) }, Type::I1)
    }
    /// A float constant of type `ty` (`F32` or `F64`).
    pub fn cf(&mut self, ty: Type, v: f64) -> Value {
        let bits = match ty {
            Type::F64 => v.to_bits(),
            _ => u64::from((v as f32).to_bits()),
        };
        self.op(Op::Const { bits }, ty)
    }
    pub fn bin(&mut self, op: BinaryOp, a: Value, b: Value) -> Value {
        let ty = self.f.value_type(a);
        self.op(Op::Binary(op, a, b), ty)
    }
    pub fn un(&mut self, op: UnaryOp, a: Value) -> Value {
        let ty = self.f.value_type(a);
        self.op(Op::Unary(op, a), ty)
    }
    pub fn fma(&mut self, a: Value, b: Value, c: Value) -> Value {
        let ty = self.f.value_type(a);
        self.op(Op::Fma(a, b, c), ty)
    }
    pub fn icmp(&mut self, p: IntPredicate, a: Value, b: Value) -> Value {
        self.op(Op::ICmp(p, a, b), Type::I1)
    }
    pub fn fcmp(&mut self, p: frontend::ir::FloatPredicate, a: Value, b: Value) -> Value {
        self.op(Op::FCmp(p, a, b), Type::I1)
    }
    pub fn select(&mut self, cond: Value, if_true: Value, if_false: Value) -> Value {
        let ty = self.f.value_type(if_true);
        self.op(
            Op::Select {
                cond,
                if_true,
                if_false,
            },
            ty,
        )
    }
    pub fn cast(&mut self, op: CastOp, v: Value, ty: Type) -> Value {
        self.op(Op::Cast(op, v), ty)
    }
    pub fn special(&mut self, r: SpecialReg) -> Value {
        self.op(Op::Special(r), Type::I32)
    }
    /// `ctaid * ntid + tid` in dimension `d` (0 = x, 1 = y).
    pub fn global_id(&mut self, d: usize) -> Value {
        let (c, n, t) = [
            (SpecialReg::CtaidX, SpecialReg::NtidX, SpecialReg::TidX),
            (SpecialReg::CtaidY, SpecialReg::NtidY, SpecialReg::TidY),
        ][d];
        let c = self.special(c);
        let n = self.special(n);
        let m = self.bin(BinaryOp::Mul, c, n);
        let t = self.special(t);
        self.bin(BinaryOp::Add, m, t)
    }
    /// `base + ext(idx) * size` (`idx` an `i32` element index; sign- or zero-extended).
    pub fn elem(&mut self, base: Value, idx: Value, size: u32, signed: bool) -> Value {
        let ext = if signed { CastOp::SExt } else { CastOp::ZExt };
        let w = self.cast(ext, idx, Type::I64);
        let s = self.c64(i64::from(size));
        let off = self.bin(BinaryOp::Mul, w, s);
        self.ptr_add(base, off)
    }
    pub fn ptr_add(&mut self, ptr: Value, offset: Value) -> Value {
        let ty = self.f.value_type(ptr);
        self.op(Op::PtrAdd { ptr, offset }, ty)
    }
    /// `ptr + bytes` (a constant byte offset, as clang folds `&a[i + k]`).
    pub fn ptr_off(&mut self, ptr: Value, bytes: i64) -> Value {
        if bytes == 0 {
            return ptr;
        }
        let c = self.c64(bytes);
        self.ptr_add(ptr, c)
    }
    pub fn load(&mut self, ty: Type, ptr: Value) -> Value {
        self.op(Op::Load { ptr }, ty)
    }
    pub fn store(&mut self, ptr: Value, value: Value) {
        self.effect(Op::Store { ptr, value });
    }
    /// `atomicAdd(ptr, v)` with its result unused.
    pub fn atomic_add(&mut self, ptr: Value, value: Value) {
        let ty = self.f.value_type(value);
        let op = if ty.is_float() {
            AtomicOp::FAdd
        } else {
            AtomicOp::Add
        };
        self.f
            .push(self.cur, Op::Atomic { op, ptr, value }, Some(ty));
    }
    pub fn barrier(&mut self) {
        self.effect(Op::Barrier {
            kind: BarrierKind::Sync,
            pred: None,
        });
    }
    /// The generic address of a shared global (`addrspacecast` of its address, as clang
    /// emits it).
    pub fn shared_base(&mut self, g: GlobalId) -> Value {
        let s = self.op(Op::GlobalAddr(g), Type::Ptr(AddrSpace::Shared));
        self.cast(CastOp::AddrSpaceCast, s, Type::Ptr(AddrSpace::Generic))
    }
    /// `if (cond) { then }`.
    pub fn if_then(&mut self, cond: Value, then: impl FnOnce(&mut Kb)) {
        self.if_else(
            cond,
            &[],
            |b| {
                then(b);
                vec![]
            },
            |_| vec![],
        );
    }
    /// `if (cond) { then } else { els }`, both yielding values of types `tys`: the
    /// join block's parameters.
    pub fn if_else(
        &mut self,
        cond: Value,
        tys: &[Type],
        then: impl FnOnce(&mut Kb) -> Vec<Value>,
        els: impl FnOnce(&mut Kb) -> Vec<Value>,
    ) -> Vec<Value> {
        let frame = self.begin_if(cond, tys);
        let tv = then(self);
        self.begin_else(&frame, tv);
        let ev = els(self);
        self.end_if(frame, ev)
    }
    /// The imperative form of [`Kb::if_else`] (for callers whose branches share mutable
    /// state): `begin_if` leaves the builder in the then-branch, `begin_else` (given the
    /// then-branch's values) in the else-branch, `end_if` (given the else-branch's
    /// values) in the join, whose parameters it returns.
    pub fn begin_if(&mut self, cond: Value, tys: &[Type]) -> IfFrame {
        let t = self.f.create_block(None);
        let e = self.f.create_block(None);
        let j = self.f.create_block(None);
        let params: Vec<Value> = tys
            .iter()
            .map(|&ty| self.f.add_block_param(j, ty))
            .collect();
        self.f.set_terminator(
            self.cur,
            Terminator::CondBr {
                cond,
                if_true: BlockCall::plain(t),
                if_false: BlockCall::plain(e),
            },
        );
        self.cur = t;
        IfFrame { e, j, params }
    }
    pub fn begin_else(&mut self, frame: &IfFrame, then_values: Vec<Value>) {
        self.f.set_terminator(
            self.cur,
            Terminator::Br(BlockCall::new(frame.j, then_values)),
        );
        self.cur = frame.e;
    }
    pub fn end_if(&mut self, frame: IfFrame, else_values: Vec<Value>) -> Vec<Value> {
        self.f.set_terminator(
            self.cur,
            Terminator::Br(BlockCall::new(frame.j, else_values)),
        );
        self.cur = frame.j;
        frame.params
    }
    /// `if (cond) return;`
    pub fn return_if(&mut self, cond: Value) {
        let r = self.f.create_block(None);
        let go = self.f.create_block(None);
        self.f.set_terminator(
            self.cur,
            Terminator::CondBr {
                cond,
                if_true: BlockCall::plain(r),
                if_false: BlockCall::plain(go),
            },
        );
        self.f.set_terminator(r, Terminator::Ret(None));
        self.cur = go;
    }
    /// `if (cond) { then }` where the else edge goes straight to the join with `other`
    /// (a phi of `then`'s values and `other`, as clang -O2 writes a triangle).
    pub fn if_or(
        &mut self,
        cond: Value,
        other: Vec<Value>,
        then: impl FnOnce(&mut Kb) -> Vec<Value>,
    ) -> Vec<Value> {
        let t = self.f.create_block(None);
        let j = self.f.create_block(None);
        let tys: Vec<Type> = other.iter().map(|&v| self.f.value_type(v)).collect();
        let params: Vec<Value> = tys
            .iter()
            .map(|&ty| self.f.add_block_param(j, ty))
            .collect();
        self.f.set_terminator(
            self.cur,
            Terminator::CondBr {
                cond,
                if_true: BlockCall::plain(t),
                if_false: BlockCall::new(j, other),
            },
        );
        self.cur = t;
        let tv = then(self);
        self.f
            .set_terminator(self.cur, Terminator::Br(BlockCall::new(j, tv)));
        self.cur = j;
        params
    }
    /// `for (iv = lo; iv < hi; iv += step) carried = body(iv, carried)` (signed compare,
    /// `i32` counter), as a top-tested loop (clang -O0's shape) or, with `rotated`, a
    /// guarded do-while (-O2's). Gives the carried values after the loop.
    pub fn for_(
        &mut self,
        lo: Value,
        hi: Value,
        step: i32,
        inits: &[Value],
        rotated: bool,
        body: impl FnOnce(&mut Kb, Value, &[Value]) -> Vec<Value>,
    ) -> Vec<Value> {
        let tys: Vec<Type> = inits.iter().map(|&v| self.f.value_type(v)).collect();
        let exit = self.f.create_block(None);
        let res: Vec<Value> = tys
            .iter()
            .map(|&ty| self.f.add_block_param(exit, ty))
            .collect();
        if rotated {
            let b = self.f.create_block(None);
            let iv = self.f.add_block_param(b, Type::I32);
            let carried: Vec<Value> = tys
                .iter()
                .map(|&ty| self.f.add_block_param(b, ty))
                .collect();
            let c0 = self.icmp(IntPredicate::Slt, lo, hi);
            let mut args = vec![lo];
            args.extend_from_slice(inits);
            self.f.set_terminator(
                self.cur,
                Terminator::CondBr {
                    cond: c0,
                    if_true: BlockCall::new(b, args),
                    if_false: BlockCall::new(exit, inits.to_vec()),
                },
            );
            self.cur = b;
            let next = body(self, iv, &carried);
            let s = self.c32(step);
            let niv = self.bin(BinaryOp::Add, iv, s);
            let c = self.icmp(IntPredicate::Slt, niv, hi);
            let mut back = vec![niv];
            back.extend_from_slice(&next);
            self.f.set_terminator(
                self.cur,
                Terminator::CondBr {
                    cond: c,
                    if_true: BlockCall::new(b, back),
                    if_false: BlockCall::new(exit, next),
                },
            );
        } else {
            let h = self.f.create_block(None);
            let b = self.f.create_block(None);
            let iv = self.f.add_block_param(h, Type::I32);
            let carried: Vec<Value> = tys
                .iter()
                .map(|&ty| self.f.add_block_param(h, ty))
                .collect();
            let mut args = vec![lo];
            args.extend_from_slice(inits);
            self.f
                .set_terminator(self.cur, Terminator::Br(BlockCall::new(h, args)));
            self.cur = h;
            let c = self.icmp(IntPredicate::Slt, iv, hi);
            self.f.set_terminator(
                h,
                Terminator::CondBr {
                    cond: c,
                    if_true: BlockCall::plain(b),
                    if_false: BlockCall::new(exit, carried.clone()),
                },
            );
            self.cur = b;
            let next = body(self, iv, &carried);
            let s = self.c32(step);
            let niv = self.bin(BinaryOp::Add, iv, s);
            let mut back = vec![niv];
            back.extend_from_slice(&next);
            self.f
                .set_terminator(self.cur, Terminator::Br(BlockCall::new(h, back)));
        }
        self.cur = exit;
        res
    }
    /// `while (cond(v)) v = body(v)`, top-tested; gives `v` after the loop.
    pub fn while_(
        &mut self,
        inits: &[Value],
        cond: impl FnOnce(&mut Kb, &[Value]) -> Value,
        body: impl FnOnce(&mut Kb, &[Value]) -> Vec<Value>,
    ) -> Vec<Value> {
        let tys: Vec<Type> = inits.iter().map(|&v| self.f.value_type(v)).collect();
        let h = self.f.create_block(None);
        let b = self.f.create_block(None);
        let exit = self.f.create_block(None);
        let carried: Vec<Value> = tys
            .iter()
            .map(|&ty| self.f.add_block_param(h, ty))
            .collect();
        let res: Vec<Value> = tys
            .iter()
            .map(|&ty| self.f.add_block_param(exit, ty))
            .collect();
        self.f
            .set_terminator(self.cur, Terminator::Br(BlockCall::new(h, inits.to_vec())));
        self.cur = h;
        let c = cond(self, &carried);
        self.f.set_terminator(
            self.cur,
            Terminator::CondBr {
                cond: c,
                if_true: BlockCall::plain(b),
                if_false: BlockCall::new(exit, carried.clone()),
            },
        );
        self.cur = b;
        let next = body(self, &carried);
        self.f
            .set_terminator(self.cur, Terminator::Br(BlockCall::new(h, next)));
        self.cur = exit;
        res
    }
}
