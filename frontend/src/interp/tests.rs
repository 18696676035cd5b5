//! Unit tests of the interpreter on kernels built with the IR builder: barriers and shared
//! memory, exited threads at barriers, divergence errors, warp collectives, and the
//! diagnostics for out-of-bounds accesses, division by zero and runaway loops.

use super::*;
use crate::ir::{
    BarrierKind, BinaryOp, CastOp, Flavor, FuncKind, Global, GlobalId, IntPredicate, ShuffleMode,
    VoteMode,
};

const I32: Type = Type::I32;
const G: Type = Type::Ptr(AddrSpace::Global);
const S: Type = Type::Ptr(AddrSpace::Shared);

struct K {
    f: Function,
    b: Block,
}

impl K {
    fn new() -> K {
        let f = Function::new("k", FuncKind::Kernel);
        let b = f.entry;
        K { f, b }
    }
    fn v(&mut self, op: Op, ty: Type) -> Value {
        self.f.push_value(self.b, op, ty)
    }
    fn c32(&mut self, x: i64) -> Value {
        self.v(
            Op::Const {
                bits: x as u64 & 0xffff_ffff,
            },
            I32,
        )
    }
    fn c64(&mut self, x: i64) -> Value {
        self.v(Op::Const { bits: x as u64 }, Type::I64)
    }
    fn tid(&mut self) -> Value {
        self.v(Op::Special(SpecialReg::TidX), I32)
    }
    /// `base + 4 * idx` for an i32 index.
    fn elem(&mut self, base: Value, idx: Value) -> Value {
        let wide = self.v(Op::Cast(CastOp::SExt, idx), Type::I64);
        let four = self.c64(4);
        let off = self.v(Op::Binary(BinaryOp::Mul, wide, four), Type::I64);
        let ty = self.f.value_type(base);
        self.v(
            Op::PtrAdd {
                ptr: base,
                offset: off,
            },
            ty,
        )
    }
    fn store(&mut self, ptr: Value, value: Value) {
        self.f.push(self.b, Op::Store { ptr, value }, None);
    }
    fn load(&mut self, ptr: Value) -> Value {
        self.v(Op::Load { ptr }, I32)
    }
    fn barrier(&mut self) {
        self.f.push(
            self.b,
            Op::Barrier {
                kind: BarrierKind::Sync,
                pred: None,
            },
            None,
        );
    }
    fn new_block(&mut self) -> Block {
        self.f.create_block(None)
    }
    fn finish(mut self, globals: Vec<Global>) -> Module {
        self.f.set_terminator(self.b, Terminator::Ret(None));
        let mut m = Module::new("test.ll", Flavor::Unknown);
        m.functions.push(self.f);
        m.globals = globals;
        m
    }
}

fn shared_array(bytes: u64) -> Global {
    Global {
        name: "tile".into(),
        space: AddrSpace::Shared,
        bytes,
        align: 4,
        init: None,
        dynamic_shared: false,
    }
}

fn run(m: &Module, block: u32, input: &[i32]) -> Result<Vec<i32>, Diagnostic> {
    let mut mem = Memory::new(m);
    let bytes: Vec<u8> = input.iter().flat_map(|x| x.to_le_bytes()).collect();
    let ptr = mem.add_buffer("data", bytes);
    let config = LaunchConfig {
        grid: [1, 1, 1],
        block: [block, 1, 1],
        dynamic_shared_bytes: 0,
    };
    launch(m, FuncId(0), &config, &[ptr], &mut mem)?;
    let out = mem.buffer(ptr).unwrap_or(&[]);
    Ok(out
        .chunks(4)
        .map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect())
}

/// `tile[t] = data[t]; barrier; data[t] = tile[n - 1 - t]`.
fn reverse_kernel(n: i64, with_barrier: bool) -> Module {
    let mut k = K::new();
    let data = k.f.add_param(G, Some("data".into()));
    let tile = k.v(Op::GlobalAddr(GlobalId(0)), S);
    let t = k.tid();
    let src = k.elem(data, t);
    let x = k.load(src);
    let dst = k.elem(tile, t);
    k.store(dst, x);
    if with_barrier {
        k.barrier();
    }
    let last = k.c32(n - 1);
    let rt = k.v(Op::Binary(BinaryOp::Sub, last, t), I32);
    let from = k.elem(tile, rt);
    let y = k.load(from);
    k.store(src, y);
    k.finish(vec![shared_array(4 * n as u64)])
}

#[test]
fn barrier_orders_shared_memory_between_threads() {
    let input: Vec<i32> = (0..64).collect();
    let out = run(&reverse_kernel(64, true), 64, &input).expect("runs");
    let want: Vec<i32> = (0..64).rev().collect();
    assert_eq!(out, want);
    // Without the barrier, early threads read tile slots not yet written (zeros): the
    // interpreter runs threads one after another between barriers.
    let out = run(&reverse_kernel(64, false), 64, &input).expect("runs");
    assert_eq!(out[0], 0);
    assert_eq!(out[63], 0);
}

#[test]
fn out_of_bounds_names_kernel_buffer_index_and_thread() {
    // 64 threads read data[t] from a 32-element buffer.
    let mut k = K::new();
    let data = k.f.add_param(G, None);
    let t = k.tid();
    let p = k.elem(data, t);
    let x = k.load(p);
    k.store(p, x);
    let m = k.finish(vec![]);
    let e = run(&m, 64, &[0; 32]).expect_err("out of bounds");
    let text = e.to_string();
    assert_eq!(e.code, "out-of-bounds");
    assert!(text.contains("buffer 'data'"), "{text}");
    assert!(text.contains("element index 32 of i32"), "{text}");
    assert!(text.contains("thread (32,0,0)"), "{text}");
    assert!(text.contains("in 'k'"), "{text}");
}

/// `if (t >= limit) return; barrier; data[t] = t`.
fn early_exit_kernel(limit: i64, barrier_in_branch: bool) -> Module {
    let mut k = K::new();
    let data = k.f.add_param(G, None);
    let t = k.tid();
    let lim = k.c32(limit);
    let c = k.v(Op::ICmp(IntPredicate::Slt, t, lim), Type::I1);
    let body = k.new_block();
    let exit = k.new_block();
    k.f.set_terminator(
        k.b,
        Terminator::CondBr {
            cond: c,
            if_true: BlockCall::plain(body),
            if_false: BlockCall::plain(exit),
        },
    );
    k.f.set_terminator(exit, Terminator::Ret(None));
    k.b = body;
    if barrier_in_branch {
        k.barrier();
    }
    let p = k.elem(data, t);
    k.store(p, t);
    k.finish(vec![])
}

#[test]
fn exited_threads_count_as_arrived() {
    let out = run(&early_exit_kernel(8, true), 16, &[-1; 16]).expect("runs");
    let want: Vec<i32> = (0..8).chain([-1; 8]).collect();
    assert_eq!(out, want);
}

#[test]
fn barrier_in_divergent_code_is_an_error() {
    // Threads 0..8 wait at a barrier inside the branch, threads 8..16 wait at the one
    // after the branch.
    let mut k = K::new();
    let data = k.f.add_param(G, None);
    let t = k.tid();
    let lim = k.c32(8);
    let c = k.v(Op::ICmp(IntPredicate::Slt, t, lim), Type::I1);
    let then = k.new_block();
    let join = k.new_block();
    k.f.set_terminator(
        k.b,
        Terminator::CondBr {
            cond: c,
            if_true: BlockCall::plain(then),
            if_false: BlockCall::plain(join),
        },
    );
    k.b = then;
    k.barrier();
    k.f.set_terminator(then, Terminator::Br(BlockCall::plain(join)));
    k.b = join;
    k.barrier();
    let p = k.elem(data, t);
    k.store(p, t);
    let m = k.finish(vec![]);
    let e = run(&m, 16, &[0; 16]).expect_err("divergent");
    assert_eq!(e.code, "divergent-barrier", "{e}");
}

#[test]
fn shuffle_down_reduction_and_ballot() {
    // v = t; for d in 16,8,4,2,1: v += shfl.down(v, d); data[t] = v; lane 0 gets the sum.
    let mut k = K::new();
    let data = k.f.add_param(G, None);
    let t = k.tid();
    let full = k.c32(-1);
    let c = k.c32(0x1f);
    let mut v = t;
    for d in [16, 8, 4, 2, 1] {
        let dv = k.c32(d);
        let other = k.v(
            Op::Shuffle {
                mode: ShuffleMode::Down,
                mask: full,
                value: v,
                lane: dv,
                clamp: c,
            },
            I32,
        );
        v = k.v(Op::Binary(BinaryOp::Add, v, other), I32);
    }
    let p = k.elem(data, t);
    k.store(p, v);
    let ten = k.c32(10);
    let small = k.v(Op::ICmp(IntPredicate::Slt, t, ten), Type::I1);
    let ballot = k.v(
        Op::Vote {
            mode: VoteMode::Ballot,
            mask: full,
            pred: small,
        },
        I32,
    );
    let t32 = k_plus(&mut k, t, 32);
    let q = k.elem(data, t32);
    k.store(q, ballot);
    let m = k.finish(vec![]);
    let out = run(&m, 32, &[0; 64]).expect("runs");
    assert_eq!(out[0], (0..32).sum::<i32>());
    // Lane 31 only ever adds its own value (out-of-range sources give the own value).
    assert_eq!(out[31], 31 * 32);
    assert!(out[32..].iter().all(|&b| b == 0x3ff));
}

fn k_plus(k: &mut K, v: Value, n: i64) -> Value {
    let c = k.c32(n);
    k.v(Op::Binary(BinaryOp::Add, v, c), I32)
}

#[test]
fn division_by_zero_and_step_limit_are_errors() {
    let mut k = K::new();
    let data = k.f.add_param(G, None);
    let t = k.tid();
    let x = k.v(Op::Binary(BinaryOp::SDiv, t, t), I32);
    let p = k.elem(data, t);
    k.store(p, x);
    let m = k.finish(vec![]);
    let e = run(&m, 4, &[0; 4]).expect_err("t = 0 divides by zero");
    assert_eq!(e.code, "division-by-zero");
    assert!(e.to_string().contains("thread (0,0,0)"), "{e}");

    // An endless loop.
    let mut k = K::new();
    k.f.add_param(G, None);
    let spin = k.new_block();
    k.f.set_terminator(k.b, Terminator::Br(BlockCall::plain(spin)));
    k.f.set_terminator(spin, Terminator::Br(BlockCall::plain(spin)));
    k.b = spin;
    let mut m = k.finish(vec![]);
    // `finish` set the spin block's terminator to `ret`; put the loop back.
    m.functions[0].set_terminator(spin, Terminator::Br(BlockCall::plain(spin)));
    let mut mem = Memory::new(&m);
    mem.set_max_steps(1000);
    let ptr = mem.add_buffer("data", vec![0; 4]);
    let config = LaunchConfig {
        grid: [1, 1, 1],
        block: [1, 1, 1],
        dynamic_shared_bytes: 0,
    };
    let e = launch(&m, FuncId(0), &config, &[ptr], &mut mem).expect_err("spins");
    assert_eq!(e.code, "step-limit");
}

#[test]
fn bad_launch_configurations_are_rejected() {
    let m = reverse_kernel(4, true);
    let mut mem = Memory::new(&m);
    let ptr = mem.add_buffer("data", vec![0; 16]);
    for (grid, block) in [([0, 1, 1], [4, 1, 1]), ([1, 1, 1], [2048, 1, 1])] {
        let config = LaunchConfig {
            grid,
            block,
            dynamic_shared_bytes: 0,
        };
        let e = launch(&m, FuncId(0), &config, &[ptr], &mut mem).expect_err("bad");
        assert_eq!(e.code, "bad-launch");
    }
    let config = LaunchConfig {
        grid: [1, 1, 1],
        block: [4, 1, 1],
        dynamic_shared_bytes: 0,
    };
    let e = launch(&m, FuncId(0), &config, &[], &mut mem).expect_err("no params");
    assert_eq!(e.code, "bad-launch");
}
