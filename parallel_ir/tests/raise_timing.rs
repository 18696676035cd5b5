//! Raising time (ignored by default; run with `cargo test --release -p parallel_ir --test
//! raise_timing -- --ignored --nocapture`): every example's kernels from -O0 / -O2 LLVM
//! IR, and a generated kernel of `S` segments (a diamond with a block parameter, a counted
//! loop with a carried value, a store) at three sizes, to show that raising is linear.

use std::path::Path;
use std::time::Instant;

use frontend::ir::{
    AbiArg, AddrSpace, BinaryOp, BlockCall, CastOp, Flavor, FuncKind, Function, IntPredicate,
    Module, Op, SpecialReg, Terminator, Type,
};

fn best_of(n: usize, mut f: impl FnMut()) -> f64 {
    let mut best = f64::MAX;
    for _ in 0..n {
        let t = Instant::now();
        f();
        best = best.min(t.elapsed().as_secs_f64());
    }
    best
}

fn large_kernel(segments: usize) -> Module {
    let mut f = Function::new("large", FuncKind::Kernel);
    let out = f.add_param(Type::Ptr(AddrSpace::Generic), Some("out".into()));
    let n = f.add_param(Type::I32, Some("n".into()));
    f.abi = vec![AbiArg::Param(0), AbiArg::Param(1)];
    let mut cur = f.entry;
    let tid = f.push_value(cur, Op::Special(SpecialReg::TidX), Type::I32);
    let mut acc = tid;
    for s in 0..segments {
        // diamond
        let c = f.push_value(cur, Op::ICmp(IntPredicate::Slt, acc, n), Type::I1);
        let t = f.create_block(None);
        let e = f.create_block(None);
        let j = f.create_block(None);
        let jp = f.add_block_param(j, Type::I32);
        f.set_terminator(
            cur,
            Terminator::CondBr {
                cond: c,
                if_true: BlockCall::plain(t),
                if_false: BlockCall::plain(e),
            },
        );
        let three = f.push_value(t, Op::Const { bits: 3 }, Type::I32);
        let tv = f.push_value(t, Op::Binary(BinaryOp::Mul, acc, three), Type::I32);
        f.set_terminator(t, Terminator::Br(BlockCall::new(j, vec![tv])));
        let one = f.push_value(e, Op::Const { bits: 1 }, Type::I32);
        let ev = f.push_value(e, Op::Binary(BinaryOp::Add, acc, one), Type::I32);
        f.set_terminator(e, Terminator::Br(BlockCall::new(j, vec![ev])));
        // counted loop
        let h = f.create_block(None);
        let body = f.create_block(None);
        let exit = f.create_block(None);
        let i = f.add_block_param(h, Type::I32);
        let a = f.add_block_param(h, Type::I32);
        let r = f.add_block_param(exit, Type::I32);
        let zero = f.push_value(j, Op::Const { bits: 0 }, Type::I32);
        f.set_terminator(j, Terminator::Br(BlockCall::new(h, vec![zero, jp])));
        let four = f.push_value(h, Op::Const { bits: 4 }, Type::I32);
        let lc = f.push_value(h, Op::ICmp(IntPredicate::Slt, i, four), Type::I1);
        f.set_terminator(
            h,
            Terminator::CondBr {
                cond: lc,
                if_true: BlockCall::plain(body),
                if_false: BlockCall::new(exit, vec![a]),
            },
        );
        let na = f.push_value(body, Op::Binary(BinaryOp::Xor, a, i), Type::I32);
        let one = f.push_value(body, Op::Const { bits: 1 }, Type::I32);
        let ni = f.push_value(body, Op::Binary(BinaryOp::Add, i, one), Type::I32);
        f.set_terminator(body, Terminator::Br(BlockCall::new(h, vec![ni, na])));
        // store out[s % 16]
        let w = f.push_value(
            exit,
            Op::Const {
                bits: (s % 16) as u64 * 4,
            },
            Type::I64,
        );
        let _ = CastOp::ZExt;
        let p = f.push_value(
            exit,
            Op::PtrAdd {
                ptr: out,
                offset: w,
            },
            Type::Ptr(AddrSpace::Generic),
        );
        f.push(exit, Op::Store { ptr: p, value: r }, None);
        acc = r;
        cur = exit;
    }
    f.set_terminator(cur, Terminator::Ret(None));
    let mut m = Module::new("large", Flavor::ClangCuda);
    m.functions.push(f);
    m
}

#[test]
#[ignore]
fn raising_time() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples");
    let mut dirs: Vec<_> = std::fs::read_dir(&root)
        .map(|rd| rd.filter_map(|e| e.ok()).map(|e| e.path()).collect())
        .unwrap_or_else(|_| Vec::new());
    dirs.sort();
    println!("| example | kernel-IR insts (O0 / O2) | raise O0 (µs) | raise O2 (µs) |");
    println!("|---|---|---|---|");
    for d in dirs {
        let (Ok(m0), Ok(m2)) = (
            frontend::load_module(&d.join("kernel.O0.ll")),
            frontend::load_module(&d.join("kernel.O2.ll")),
        ) else {
            continue;
        };
        let insts = |m: &Module| m.functions.iter().map(|f| f.insts.len()).sum::<usize>();
        let t0 = best_of(5, || {
            for (_, r) in parallel_ir::raise_module(&m0) {
                assert!(r.is_ok());
            }
        });
        let t2 = best_of(5, || {
            for (_, r) in parallel_ir::raise_module(&m2) {
                assert!(r.is_ok());
            }
        });
        println!(
            "| {} | {} / {} | {:.0} | {:.0} |",
            d.file_name()
                .map(|n| n.to_string_lossy().to_string())
                .unwrap_or_default(),
            insts(&m0),
            insts(&m2),
            t0 * 1e6,
            t2 * 1e6
        );
    }
    println!();
    println!("| generated kernel | segments | insts | blocks | raise (ms) | µs / inst | raise, verifier once (ms) | µs / inst |");
    println!("|---|---|---|---|---|---|---|---|");
    for segments in [1_000usize, 4_000, 16_000] {
        let m = large_kernel(segments);
        let f = &m.functions[0];
        let (insts, blocks) = (f.insts.len(), f.blocks.len());
        let t = best_of(3, || {
            let k = parallel_ir::raise_kernel(&m, frontend::ir::FuncId(0));
            assert!(k.is_ok(), "{:?}", k.err());
        });
        let once = parallel_ir::raising::Options {
            verify_each_pass: false,
        };
        let t1 = best_of(3, || {
            let k = parallel_ir::raising::raise_kernel_with(&m, frontend::ir::FuncId(0), &once);
            assert!(k.is_ok(), "{:?}", k.err());
        });
        println!(
            "| large | {segments} | {insts} | {blocks} | {:.1} | {:.2} | {:.1} | {:.2} |",
            t * 1e3,
            t * 1e6 / insts as f64,
            t1 * 1e3,
            t1 * 1e6 / insts as f64
        );
    }
}
