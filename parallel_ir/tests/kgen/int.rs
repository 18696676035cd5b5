//! Random integer kernels (the generator of `differential.rs`): straight-line integer
//! code, loads, diamonds with block parameters, counted and data-dependent loops, do-while
//! loops, early returns, shared memory with barriers in uniform control flow, switches;
//! one launch of [`BLOCKS`] x [`THREADS`] threads over `out` (`THREADS * BLOCKS * SLOTS`
//! `i32`s), `in` ([`IN_LEN`] `i32`s) and `n`.

use super::Rng;
use frontend::ir::{
    AbiArg, AddrSpace, BinaryOp, Block, BlockCall, CastOp, Flavor, FuncKind, Function, Global,
    GlobalId, IntPredicate, Module, Op, SpecialReg, Terminator, Type, Value,
};

pub const THREADS: u32 = 32;
pub const BLOCKS: u32 = 2;
pub const SLOTS: u32 = 8;
pub const IN_LEN: u32 = 64;

struct Gen {
    f: Function,
    rng: Rng,
    cur: Block,
    avail: Vec<Value>,
    out: Value,
    inp: Value,
    n: Value,
    gtid: Value,
    tid: Value,
    shared: Option<GlobalId>,
    stores: u32,
    barriers_ok: bool,
    budget: u32,
}

impl Gen {
    fn c32(&mut self, v: u32) -> Value {
        self.f
            .push_value(self.cur, Op::Const { bits: u64::from(v) }, Type::I32)
    }
    fn c64(&mut self, v: u64) -> Value {
        self.f
            .push_value(self.cur, Op::Const { bits: v }, Type::I64)
    }
    fn pick(&mut self) -> Value {
        let i = self.rng.below(self.avail.len() as u64) as usize;
        self.avail[i]
    }
    fn bin(&mut self, op: BinaryOp, a: Value, b: Value) -> Value {
        self.f.push_value(self.cur, Op::Binary(op, a, b), Type::I32)
    }
    /// `base + 4 * (idx mod len)` as a pointer of `base`'s type.
    fn elem(&mut self, base: Value, idx: Value, len: u32) -> Value {
        let l = self.c32(len);
        let m = self.bin(BinaryOp::URem, idx, l);
        let w = self
            .f
            .push_value(self.cur, Op::Cast(CastOp::ZExt, m), Type::I64);
        let four = self.c64(4);
        let off = self
            .f
            .push_value(self.cur, Op::Binary(BinaryOp::Mul, w, four), Type::I64);
        let ty = self.f.value_type(base);
        self.f.push_value(
            self.cur,
            Op::PtrAdd {
                ptr: base,
                offset: off,
            },
            ty,
        )
    }
    fn store_out(&mut self, v: Value) {
        let slot = self.stores % SLOTS;
        self.stores += 1;
        let s = self.c32(SLOTS);
        let base = self.bin(BinaryOp::Mul, self.gtid, s);
        let c = self.c32(slot);
        let idx = self.bin(BinaryOp::Add, base, c);
        let p = self.elem(self.out, idx, THREADS * BLOCKS * SLOTS);
        self.f.push(self.cur, Op::Store { ptr: p, value: v }, None);
    }
    fn arith(&mut self) {
        let a = self.pick();
        let b = self.pick();
        let ops = [
            BinaryOp::Add,
            BinaryOp::Sub,
            BinaryOp::Mul,
            BinaryOp::And,
            BinaryOp::Xor,
            BinaryOp::Or,
            BinaryOp::SMin,
            BinaryOp::SMax,
            BinaryOp::UMax,
        ];
        let op = ops[self.rng.below(ops.len() as u64) as usize];
        let v = self.bin(op, a, b);
        self.avail.push(v);
    }
    fn load(&mut self) {
        let a = self.pick();
        let p = self.elem(self.inp, a, IN_LEN);
        let v = self.f.push_value(self.cur, Op::Load { ptr: p }, Type::I32);
        self.avail.push(v);
    }
    fn shared_exchange(&mut self) {
        let g = match self.shared {
            Some(g) => g,
            None => return,
        };
        let v = self.pick();
        let base = self
            .f
            .push_value(self.cur, Op::GlobalAddr(g), Type::Ptr(AddrSpace::Shared));
        let p = self.elem(base, self.tid, THREADS);
        self.f.push(self.cur, Op::Store { ptr: p, value: v }, None);
        self.f.push(
            self.cur,
            Op::Barrier {
                kind: frontend::ir::BarrierKind::Sync,
                pred: None,
            },
            None,
        );
        let k = self.rng.below(THREADS as u64) as u32;
        let kc = self.c32(k);
        let other = self.bin(BinaryOp::Add, self.tid, kc);
        let q = self.elem(base, other, THREADS);
        let w = self.f.push_value(self.cur, Op::Load { ptr: q }, Type::I32);
        self.f.push(
            self.cur,
            Op::Barrier {
                kind: frontend::ir::BarrierKind::Sync,
                pred: None,
            },
            None,
        );
        self.avail.push(w);
    }
    fn cond(&mut self, uniform: bool) -> Value {
        let (a, b) = if uniform {
            let k = self.rng.below(8) as u32;
            (self.n, self.c32(k))
        } else {
            (self.pick(), self.pick())
        };
        let preds = [
            IntPredicate::Slt,
            IntPredicate::Ult,
            IntPredicate::Eq,
            IntPredicate::Sge,
        ];
        let p = preds[self.rng.below(4) as usize];
        self.f.push_value(self.cur, Op::ICmp(p, a, b), Type::I1)
    }
    fn diamond(&mut self, depth: u32) {
        let uniform = self.barriers_ok && self.rng.below(3) == 0;
        let c = self.cond(uniform);
        let t = self.f.create_block(None);
        let e = self.f.create_block(None);
        let j = self.f.create_block(None);
        let jp = self.f.add_block_param(j, Type::I32);
        let triangle = self.rng.below(3) == 0;
        let d = self.pick();
        self.f.set_terminator(
            self.cur,
            Terminator::CondBr {
                cond: c,
                if_true: BlockCall::plain(t),
                if_false: if triangle {
                    BlockCall::new(j, vec![d])
                } else {
                    BlockCall::plain(e)
                },
            },
        );
        let saved_ok = self.barriers_ok;
        self.barriers_ok = saved_ok && uniform;
        let mark = self.avail.len();
        self.cur = t;
        self.stmts(depth - 1);
        let tv = self.pick();
        self.f
            .set_terminator(self.cur, Terminator::Br(BlockCall::new(j, vec![tv])));
        self.avail.truncate(mark);
        if !triangle {
            self.cur = e;
            self.stmts(depth - 1);
            let ev = self.pick();
            self.f
                .set_terminator(self.cur, Terminator::Br(BlockCall::new(j, vec![ev])));
            self.avail.truncate(mark);
        } else {
            self.f.set_terminator(e, Terminator::Unreachable);
        }
        self.barriers_ok = saved_ok;
        self.cur = j;
        self.avail.push(jp);
    }
    fn switch(&mut self, depth: u32) {
        let a = self.pick();
        let three = self.c32(3);
        let v = self.bin(BinaryOp::And, a, three);
        let j = self.f.create_block(None);
        let jp = self.f.add_block_param(j, Type::I32);
        let arms: Vec<Block> = (0..3).map(|_| self.f.create_block(None)).collect();
        let default = self.f.create_block(None);
        // Cases 0..2 (case 2 sometimes shares case 0's block), default for 3.
        let share = self.rng.below(2) == 0;
        let cases: Vec<(u64, BlockCall)> = (0..3u64)
            .map(|c| {
                let target = if share && c == 2 {
                    arms[0]
                } else {
                    arms[c as usize]
                };
                (c, BlockCall::plain(target))
            })
            .collect();
        self.f.set_terminator(
            self.cur,
            Terminator::Switch {
                value: v,
                cases,
                default: BlockCall::plain(default),
            },
        );
        let saved_ok = self.barriers_ok;
        self.barriers_ok = false;
        let mark = self.avail.len();
        for (i, &b) in arms.iter().chain(std::iter::once(&default)).enumerate() {
            if share && i == 2 {
                self.f.set_terminator(b, Terminator::Unreachable);
                continue;
            }
            self.cur = b;
            self.stmts(depth - 1);
            let x = self.pick();
            self.f
                .set_terminator(self.cur, Terminator::Br(BlockCall::new(j, vec![x])));
            self.avail.truncate(mark);
        }
        self.barriers_ok = saved_ok;
        self.cur = j;
        self.avail.push(jp);
    }
    fn early_return(&mut self) {
        let c = self.cond(false);
        let r = self.f.create_block(None);
        let go = self.f.create_block(None);
        self.f.set_terminator(
            self.cur,
            Terminator::CondBr {
                cond: c,
                if_true: BlockCall::plain(r),
                if_false: BlockCall::plain(go),
            },
        );
        self.cur = r;
        let v = self.pick();
        self.store_out(v);
        self.f.set_terminator(self.cur, Terminator::Ret(None));
        self.cur = go;
        // Threads may have left: later barriers would still be legal (exited threads
        // count as arrived) but keep kernels simple.
        self.barriers_ok = false;
    }
    fn lp(&mut self, depth: u32) {
        // for (i = 0; i < bound; i += step) acc = f(acc, ...)
        let uniform_bound = self.rng.below(2) == 0;
        let bound = if uniform_bound {
            let k = self.rng.below(4) as u32 + 1;
            self.c32(k)
        } else {
            let a = self.pick();
            let three = self.c32(3);
            self.bin(BinaryOp::And, a, three)
        };
        let zero = self.c32(0);
        let init = self.pick();
        let do_while = self.rng.below(3) == 0;
        let h = self.f.create_block(None);
        let body = self.f.create_block(None);
        let exit = self.f.create_block(None);
        let i = self.f.add_block_param(h, Type::I32);
        let acc = self.f.add_block_param(h, Type::I32);
        let res = self.f.add_block_param(exit, Type::I32);
        self.f.set_terminator(
            self.cur,
            Terminator::Br(BlockCall::new(h, vec![zero, init])),
        );
        let saved_ok = self.barriers_ok;
        self.barriers_ok = saved_ok && uniform_bound;
        let mark = self.avail.len();
        self.cur = h;
        if do_while {
            self.f
                .set_terminator(h, Terminator::Br(BlockCall::plain(body)));
        } else {
            let c = self
                .f
                .push_value(h, Op::ICmp(IntPredicate::Slt, i, bound), Type::I1);
            self.f.set_terminator(
                h,
                Terminator::CondBr {
                    cond: c,
                    if_true: BlockCall::plain(body),
                    if_false: BlockCall::new(exit, vec![acc]),
                },
            );
        }
        self.cur = body;
        self.avail.push(i);
        self.avail.push(acc);
        self.stmts(depth - 1);
        let v = self.pick();
        let nacc = self.bin(BinaryOp::Add, acc, v);
        let one = self.c32(1);
        let ni = self.bin(BinaryOp::Add, i, one);
        if do_while {
            let c = self
                .f
                .push_value(self.cur, Op::ICmp(IntPredicate::Slt, ni, bound), Type::I1);
            self.f.set_terminator(
                self.cur,
                Terminator::CondBr {
                    cond: c,
                    if_true: BlockCall::new(h, vec![ni, nacc]),
                    if_false: BlockCall::new(exit, vec![nacc]),
                },
            );
        } else {
            self.f
                .set_terminator(self.cur, Terminator::Br(BlockCall::new(h, vec![ni, nacc])));
        }
        self.avail.truncate(mark);
        self.barriers_ok = saved_ok;
        self.cur = exit;
        self.avail.push(res);
    }
    fn stmts(&mut self, depth: u32) {
        let n = self.rng.below(4) + 1;
        for _ in 0..n {
            if self.budget == 0 {
                return;
            }
            self.budget -= 1;
            let k = self.rng.below(10);
            match k {
                0..=2 => self.arith(),
                3 => self.load(),
                4 => {
                    let v = self.pick();
                    self.store_out(v)
                }
                5 if depth > 0 && self.rng.below(3) == 0 => self.switch(depth),
                5 | 6 if depth > 0 => self.diamond(depth),
                7 if depth > 0 => self.lp(depth),
                8 if self.barriers_ok => self.shared_exchange(),
                9 if self.rng.below(3) == 0 => self.early_return(),
                _ => self.arith(),
            }
        }
    }
}

pub fn generate(seed: u64) -> Module {
    let mut module = Module::new(format!("random-{seed}"), Flavor::ClangCuda);
    let mut rng = Rng::seeded(seed);
    let with_shared = rng.below(2) == 0;
    let shared = if with_shared {
        module.globals.push(Global {
            name: "tile".into(),
            space: AddrSpace::Shared,
            bytes: u64::from(THREADS) * 4,
            align: 4,
            init: None,
            dynamic_shared: false,
        });
        Some(GlobalId(0))
    } else {
        None
    };
    let mut f = Function::new(format!("k{seed}"), FuncKind::Kernel);
    let out = f.add_param(Type::Ptr(AddrSpace::Generic), Some("out".into()));
    let inp = f.add_param(Type::Ptr(AddrSpace::Generic), Some("in".into()));
    let n = f.add_param(Type::I32, Some("n".into()));
    f.abi = (0..3).map(AbiArg::Param).collect();
    let entry = f.entry;
    let tid = f.push_value(entry, Op::Special(SpecialReg::TidX), Type::I32);
    let ctaid = f.push_value(entry, Op::Special(SpecialReg::CtaidX), Type::I32);
    let ntid = f.push_value(entry, Op::Special(SpecialReg::NtidX), Type::I32);
    let m = f.push_value(entry, Op::Binary(BinaryOp::Mul, ctaid, ntid), Type::I32);
    let gtid = f.push_value(entry, Op::Binary(BinaryOp::Add, m, tid), Type::I32);
    let mut g = Gen {
        f,
        rng,
        cur: entry,
        avail: vec![tid, gtid, n],
        out,
        inp,
        n,
        gtid,
        tid,
        shared,
        stores: 0,
        barriers_ok: true,
        budget: 24,
    };
    if g.shared.is_some() && g.rng.below(2) == 0 {
        g.shared_exchange();
    }
    g.stmts(3);
    if g.shared.is_some() && g.barriers_ok && g.rng.below(2) == 0 {
        g.shared_exchange();
    }
    let v = g.pick();
    g.store_out(v);
    g.f.set_terminator(g.cur, Terminator::Ret(None));
    module.functions.push(g.f);
    module
}
