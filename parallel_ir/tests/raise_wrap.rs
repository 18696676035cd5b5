//! Do-while loops whose counter wraps around its integer range: raising must keep the
//! trip count exact (both interpreters give the same result), converting the loop to a
//! `For` only where the counter provably does not wrap, and still converting the usual
//! guarded and constant-start loops.
//!
//! The kernels count the iterations of
//! `i = start; c = 0; do { c += 1; i += step; } while (i < n)` (or `i != n`) with an `i8`
//! counter (so that a wrap-around costs at most 256 iterations) and store `c` to `out[0]`.

use frontend::interp::{LaunchConfig, Memory};
use frontend::ir::{
    AbiArg, AddrSpace, BinaryOp, BlockCall, CastOp, Flavor, FuncId, FuncKind, Function,
    IntPredicate, Module, Op, Terminator, Type,
};

const I8: Type = Type::I8;

/// The loop's start: a kernel parameter, or a constant.
#[derive(Clone, Copy)]
enum Start {
    Param,
    Const(i8),
}

/// The counting kernel `count(out, start, n)`; `guard`: the loop runs behind
/// `if (start < n)` (as clang emits rotated loops).
fn counting_kernel(start: Start, step: i8, pred: IntPredicate, guard: bool) -> Module {
    let mut module = Module::new("wrap", Flavor::ClangCuda);
    let mut f = Function::new("count", FuncKind::Kernel);
    let out = f.add_param(Type::Ptr(AddrSpace::Generic), Some("out".into()));
    let start_p = f.add_param(I8, Some("start".into()));
    let n = f.add_param(I8, Some("n".into()));
    f.abi = (0..3).map(AbiArg::Param).collect();
    let entry = f.entry;
    let c8 = |f: &mut Function, b, v: i8| {
        f.push_value(
            b,
            Op::Const {
                bits: v as u8 as u64,
            },
            I8,
        )
    };
    let lower = match start {
        Start::Param => start_p,
        Start::Const(v) => c8(&mut f, entry, v),
    };
    let zero = c8(&mut f, entry, 0);
    let h = f.create_block(None);
    let iv = f.add_block_param(h, I8);
    let acc = f.add_block_param(h, I8);
    let exit = f.create_block(None);
    let res = f.add_block_param(exit, I8);
    let into_loop = BlockCall::new(h, vec![lower, zero]);
    if guard {
        let g = f.push_value(entry, Op::ICmp(IntPredicate::Slt, lower, n), Type::I1);
        f.set_terminator(
            entry,
            Terminator::CondBr {
                cond: g,
                if_true: into_loop,
                if_false: BlockCall::new(exit, vec![zero]),
            },
        );
    } else {
        f.set_terminator(entry, Terminator::Br(into_loop));
    }
    let one = c8(&mut f, h, 1);
    let nacc = f.push_value(h, Op::Binary(BinaryOp::Add, acc, one), I8);
    let s = c8(&mut f, h, step);
    let next = f.push_value(h, Op::Binary(BinaryOp::Add, iv, s), I8);
    let c = f.push_value(h, Op::ICmp(pred, next, n), Type::I1);
    f.set_terminator(
        h,
        Terminator::CondBr {
            cond: c,
            if_true: BlockCall::new(h, vec![next, nacc]),
            if_false: BlockCall::new(exit, vec![nacc]),
        },
    );
    let wide = f.push_value(exit, Op::Cast(CastOp::ZExt, res), Type::I32);
    f.push(
        exit,
        Op::Store {
            ptr: out,
            value: wide,
        },
        None,
    );
    f.set_terminator(exit, Terminator::Ret(None));
    module.functions.push(f);
    module
}

/// Runs `module` on the kernel interpreter and, raised, on the parallel interpreter;
/// gives both counts and the raised kernel printed.
fn run_both(module: &Module, start: i8, n: i8) -> (u32, u32, String) {
    frontend::ir::verify::verify_module(module).expect("valid kernel IR");
    let kernel = FuncId(0);
    let raised = parallel_ir::raise_kernel(module, kernel).expect("raises");
    let config = LaunchConfig {
        grid: [1, 1, 1],
        block: [1, 1, 1],
        dynamic_shared_bytes: 0,
    };
    let mut counts = [0u32; 2];
    for (which, count) in counts.iter_mut().enumerate() {
        let mut mem = Memory::new(module);
        let o = mem.add_buffer("out", vec![0xAB; 4]);
        let params = [o, u64::from(start as u8), u64::from(n as u8)];
        if which == 0 {
            frontend::interp::launch(module, kernel, &config, &params, &mut mem)
        } else {
            parallel_ir::interp::launch(module, &raised, &config, &params, &mut mem)
        }
        .expect("runs");
        let b = mem.buffer(o).expect("out");
        *count = u32::from_le_bytes([b[0], b[1], b[2], b[3]]);
    }
    let text = parallel_ir::print::print_kernel(&raised);
    (counts[0], counts[1], text)
}

/// The trip count of the do-while loop, computed directly (wrapping `i8`).
fn reference(start: i8, n: i8, step: i8, pred: IntPredicate) -> u32 {
    let (mut i, mut c) = (start, 0u8);
    loop {
        c = c.wrapping_add(1);
        i = i.wrapping_add(step);
        let go = match pred {
            IntPredicate::Slt => i < n,
            _ => i != n,
        };
        if !go {
            return u32::from(c);
        }
    }
}

#[test]
fn wrapping_do_while_counters_keep_their_trip_count() {
    let cases: &[(Start, i8, IntPredicate, i8, i8)] = &[
        // start + step overflows while start >= n: one pass, then the counter wraps to
        // -128 and counts up to n.
        (Start::Param, 1, IntPredicate::Slt, 127, -123),
        (Start::Param, 3, IntPredicate::Slt, 126, -120),
        (Start::Param, 3, IntPredicate::Slt, 120, 100),
        (Start::Const(127), 1, IntPredicate::Slt, 0, -123),
        // `i != n` from at or above n: the counter goes all the way round.
        (Start::Param, 1, IntPredicate::Ne, 5, 5),
        (Start::Param, 1, IntPredicate::Ne, 9, 5),
        (Start::Const(0), 1, IntPredicate::Ne, 0, -3),
        (Start::Const(0), 1, IntPredicate::Ne, 0, 0),
        // Ordinary loops.
        (Start::Param, 1, IntPredicate::Slt, 0, 10),
        (Start::Param, 2, IntPredicate::Slt, -7, 30),
        (Start::Param, 1, IntPredicate::Ne, 2, 10),
    ];
    for &(start_kind, step, pred, start, n) in cases {
        let start = match start_kind {
            Start::Param => start,
            Start::Const(v) => v,
        };
        let want = reference(start, n, step, pred);
        for guard in [false, true] {
            let module = counting_kernel(start_kind, step, pred, guard);
            let (kernel, parallel, text) = run_both(&module, start, n);
            let want = if guard && start >= n { 0 } else { want };
            let case = format!("start {start} n {n} step {step} {pred:?} guard {guard}");
            assert_eq!(kernel, want, "kernel interpreter, {case}");
            assert_eq!(parallel, want, "parallel interpreter, {case}\n{text}");
        }
    }
}

/// The loops whose counter cannot wrap still become `For`s: behind the guard
/// `start < n`, and from a constant start that `+ step` cannot overflow (`<` test).
#[test]
fn provably_non_wrapping_do_while_loops_become_for() {
    for (start, step, pred, guard) in [
        (Start::Param, 1, IntPredicate::Slt, true),
        (Start::Param, 4, IntPredicate::Slt, true),
        (Start::Param, 1, IntPredicate::Ne, true),
        (Start::Const(0), 1, IntPredicate::Slt, false),
        (Start::Const(100), 27, IntPredicate::Slt, false),
    ] {
        let module = counting_kernel(start, step, pred, guard);
        let (_, _, text) = run_both(&module, 0, 10);
        assert!(
            text.contains(" for ") && !text.contains(" while "),
            "step {step} {pred:?} guard {guard}: not a for loop\n{text}"
        );
    }
    // Not provable: the loop stays a `while`.
    for (start, step, pred) in [
        (Start::Param, 1, IntPredicate::Slt),
        (Start::Param, 1, IntPredicate::Ne),
        (Start::Const(0), 1, IntPredicate::Ne),
        (Start::Const(101), 27, IntPredicate::Slt),
    ] {
        let module = counting_kernel(start, step, pred, false);
        let (_, _, text) = run_both(&module, 0, 10);
        assert!(
            text.contains(" while "),
            "step {step} {pred:?}: should stay a while loop\n{text}"
        );
    }
}
