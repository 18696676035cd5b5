//! Full unrolling of block-uniform `While` loops and split decisions known at compile
//! time (lower/src/cpu/unroll.rs, the static path of split.rs): results are compared with
//! Rust models bit for bit, and the emitted MLIR is checked for what was (not) unrolled.

mod common;

use common::*;
use frontend::ir::AddrSpace;
use lower::cpu::{self, CpuArg};
use parallel_ir::ir::*;
use parallel_ir::transforms::distribute::distribute;

#[test]
fn halving_loop_is_unrolled_and_matches_reference_at_every_block_size() {
    for block in [1u32, 2, 3, 5, 32, 64, 100, 128, 256, 1000, 1024] {
        let grid = 7u32;
        let n = (block * grid).saturating_sub(block / 2 + 1).max(1);
        let mut k = tree_reduce(block);
        let c = cfg([grid, 1, 1], [block, 1, 1]);
        distribute(&mut k, &c).unwrap_or_else(|d| panic!("{d}"));
        assert!(!has_barrier(&k));
        let text = cpu::emit::emit_module(&k, &c, 0).unwrap_or_else(|d| panic!("{d}"));
        // The halving loop is gone; the only `scf.while` left would be a run-time segment
        // loop of the guarded load (`g < n` with `n` a parameter).
        let whiles = text.matches("scf.while").count();
        assert!(whiles <= 1, "block {block}: {whiles} scf.while left");
        // The block's shared array is dead after the block (stack_restore's markers).
        assert!(text.contains("llvm.intr.lifetime.end"), "block {block}");
        let len = (block * grid) as usize;
        let inp: Vec<f32> = (0..len)
            .map(|i| ((i * 37) % 23) as f32 * 0.31 - 3.0)
            .collect();
        let mut bufs = vec![f32_bytes(&inp), vec![0u8; grid as usize * 4]];
        run_cpu(
            &k,
            &c,
            &[i32_arg(n as i32), Arg::Buf(0), Arg::Buf(1)],
            &mut bufs,
        );
        let got = bytes_f32(&bufs[1]);
        let want = reference_tree(&inp, n as usize, block as usize, grid as usize);
        for (i, (g, w)) in got.iter().zip(&want).enumerate() {
            assert_eq!(
                g.to_bits(),
                w.to_bits(),
                "block size {block}, block {i}: {g} vs {w}"
            );
        }
    }
}

/// `st = init; while (st < limit) { out[st * bd + t] = st; st += 1 }` over one block:
/// with `limit` a parameter the trip count is not known when compiling.
fn counted_while(limit_is_param: bool, divide: bool) -> Kernel {
    let mut b = Kb::new("counted_while");
    let limit_p = b.param(Type::I32);
    b.param(Type::Ptr(AddrSpace::Global));
    let mut top = Vec::new();
    b.parallel(&mut top, Level::Grid, |b, ops, _| {
        let zero = b.c32(ops, 0);
        let limit = if limit_is_param {
            limit_p
        } else {
            b.c32(ops, 4)
        };
        b.while_(
            ops,
            vec![zero],
            |b, ops, a| {
                let c = b.icmp(ops, IntPredicate::Slt, a[0], limit);
                (c, vec![a[0]])
            },
            |b, ops, a| {
                let st = a[0];
                b.parallel(ops, Level::Block, |b, ops, [tx, _, _]| {
                    let bd = b.dim(ops, Dim::BlockDim(0));
                    let row = b.bin(ops, BinaryOp::Mul, st, bd);
                    let i = b.bin(ops, BinaryOp::Add, row, tx);
                    let o = b.offset(ops, i, 4);
                    b.store(ops, MemRoot::Param(1), o, st);
                });
                let one = b.c32(ops, 1);
                let next = b.bin(ops, BinaryOp::Add, st, one);
                if divide {
                    // 12 / (3 - next): a division by zero in the third iteration.
                    let three = b.c32(ops, 3);
                    let twelve = b.c32(ops, 12);
                    let d = b.bin(ops, BinaryOp::Sub, three, next);
                    let q = b.bin(ops, BinaryOp::SDiv, twelve, d);
                    let z = b.bin(ops, BinaryOp::Mul, q, zero);
                    vec![b.bin(ops, BinaryOp::Add, next, z)]
                } else {
                    vec![next]
                }
            },
        );
    });
    b.finish(top)
}

#[test]
fn uniform_while_with_constant_trip_count_is_unrolled() {
    let k = counted_while(false, false);
    let c = cfg([1, 1, 1], [8, 1, 1]);
    let text = cpu::emit::emit_module(&k, &c, 0).unwrap_or_else(|d| panic!("{d}"));
    assert!(!text.contains("scf.while"), "{text}");
    let mut bufs = vec![vec![0u8; 6 * 8 * 4]];
    run_cpu(&k, &c, &[i32_arg(0), Arg::Buf(0)], &mut bufs);
    let got: Vec<i32> = bufs[0]
        .chunks(4)
        .map(|b| i32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        .collect();
    for (i, &g) in got.iter().enumerate() {
        let row = (i / 8) as i32;
        assert_eq!(g, if row < 4 { row } else { 0 }, "element {i}");
    }
}

#[test]
fn while_with_parameter_trip_count_stays_a_loop() {
    let k = counted_while(true, false);
    let c = cfg([1, 1, 1], [8, 1, 1]);
    let text = cpu::emit::emit_module(&k, &c, 0).unwrap_or_else(|d| panic!("{d}"));
    assert!(text.contains("scf.while"));
    for limit in [0, 1, 5] {
        let mut bufs = vec![vec![0u8; 6 * 8 * 4]];
        run_cpu(&k, &c, &[i32_arg(limit), Arg::Buf(0)], &mut bufs);
        for (i, b) in bufs[0].chunks(4).enumerate() {
            let g = i32::from_le_bytes([b[0], b[1], b[2], b[3]]);
            let row = (i / 8) as i32;
            assert_eq!(
                g,
                if row < limit { row } else { 0 },
                "limit {limit} element {i}"
            );
        }
    }
}

#[test]
fn while_whose_update_divides_by_zero_is_not_unrolled_and_reports_it() {
    let k = counted_while(false, true);
    let c = cfg([1, 1, 1], [8, 1, 1]);
    let text = cpu::emit::emit_module(&k, &c, 0).unwrap_or_else(|d| panic!("{d}"));
    assert!(text.contains("scf.while"));
    let mut out = vec![0u8; 6 * 8 * 4];
    let r = unsafe {
        cpu::run(
            &k,
            &c,
            &[CpuArg::Bits(0), CpuArg::Ptr(out.as_mut_ptr())],
            &[],
        )
    };
    let d = r.expect_err("division by zero must be reported");
    assert_eq!(d.code, "division-by-zero", "{d}");
}

const BLOCK: u32 = 64;
const GRID: u32 = 2;

/// `e = OFF + coef * tx` with `OFF` and `N` constants; for each predicate `j` of `preds`,
/// `out[gid * 4 + j] = (e pred N) ? e + 2 : 3 * e` (`N pred e` when `swapped`), and
/// `ext[gid] = (sext(e), zext(e))`: the split is decided at compile time, including a
/// 32-bit wrap inside the block.
fn const_kernel(preds: &[IntPredicate], swapped: bool, coef: i32, off: i32, n: i32) -> Kernel {
    let mut b = Kb::new("static_split");
    let _out = b.param(Type::Ptr(AddrSpace::Global));
    let _ext = b.param(Type::Ptr(AddrSpace::Global));
    let mut top = Vec::new();
    b.parallel(&mut top, Level::Grid, |b, ops, [bx, _, _]| {
        b.parallel(ops, Level::Block, |b, ops, [tx, _, _]| {
            let gid = b.gid_x(ops, bx, tx);
            let offv = b.c32(ops, off);
            let nv = b.c32(ops, n);
            let e = match coef {
                1 => b.bin(ops, BinaryOp::Add, offv, tx),
                -1 => b.bin(ops, BinaryOp::Sub, offv, tx),
                c => {
                    let cv = b.c32(ops, c);
                    let m = b.bin(ops, BinaryOp::Mul, tx, cv);
                    b.bin(ops, BinaryOp::Add, m, offv)
                }
            };
            let four = b.c32(ops, 4);
            let base = b.bin(ops, BinaryOp::Mul, gid, four);
            for (j, &p) in preds.iter().enumerate() {
                let cond = if swapped {
                    b.icmp(ops, p, nv, e)
                } else {
                    b.icmp(ops, p, e, nv)
                };
                let r = b.if_(
                    ops,
                    cond,
                    &[Type::I32],
                    |b, ops| {
                        let two = b.c32(ops, 2);
                        vec![b.bin(ops, BinaryOp::Add, e, two)]
                    },
                    |b, ops| {
                        let three = b.c32(ops, 3);
                        vec![b.bin(ops, BinaryOp::Mul, e, three)]
                    },
                );
                let jv = b.c32(ops, j as i32);
                let idx = b.bin(ops, BinaryOp::Add, base, jv);
                let o = b.offset(ops, idx, 4);
                b.store(ops, MemRoot::Param(0), o, r[0]);
            }
            let se = b.cast(ops, CastOp::SExt, e, Type::I64);
            let o16 = b.offset(ops, gid, 16);
            b.store(ops, MemRoot::Param(1), o16, se);
            let ze = b.cast(ops, CastOp::ZExt, e, Type::I64);
            let eight = b.ci(ops, 8, Type::I64);
            let o8 = b.bin(ops, BinaryOp::Add, o16, eight);
            b.store(ops, MemRoot::Param(1), o8, ze);
        });
    });
    b.finish(top)
}

fn check_const(preds: &[IntPredicate], swapped: bool, coef: i32, off: i32, n: i32) {
    let k = const_kernel(preds, swapped, coef, off, n);
    let c = cfg([GRID, 1, 1], [BLOCK, 1, 1]);
    // Decided when compiling: no run-time segment loop.
    let text = cpu::emit::emit_module(&k, &c, 0).unwrap_or_else(|d| panic!("{d}"));
    assert!(!text.contains("scf.while"), "coef={coef} off={off} n={n}");
    let compiled = cpu::compile(&k, &c, 0).unwrap_or_else(|d| panic!("compile: {d}"));
    let threads = (GRID * BLOCK) as usize;
    let mut out = vec![0u8; threads * 16];
    let mut ext = vec![0u8; threads * 16];
    let args = [CpuArg::Ptr(out.as_mut_ptr()), CpuArg::Ptr(ext.as_mut_ptr())];
    unsafe { compiled.run(&args, &[]) }.unwrap_or_else(|d| panic!("run: {d}"));
    let word = |b: &[u8], i: usize| i32::from_le_bytes([b[i], b[i + 1], b[i + 2], b[i + 3]]);
    for g in 0..threads {
        let tx = (g as u32 % BLOCK) as i32;
        let e = off.wrapping_add(coef.wrapping_mul(tx));
        for (j, &p) in preds.iter().enumerate() {
            let cond = if swapped {
                eval_pred(p, n, e)
            } else {
                eval_pred(p, e, n)
            };
            let want = if cond {
                e.wrapping_add(2)
            } else {
                e.wrapping_mul(3)
            };
            assert_eq!(
                word(&out, (g * 4 + j) * 4),
                want,
                "{p:?} swapped={swapped} coef={coef} off={off} n={n} thread {g}"
            );
        }
        let se = i64::from_le_bytes(ext[g * 16..g * 16 + 8].try_into().unwrap_or([0; 8]));
        let ze = i64::from_le_bytes(ext[g * 16 + 8..g * 16 + 16].try_into().unwrap_or([0; 8]));
        assert_eq!(se, i64::from(e), "sext coef={coef} off={off} thread {g}");
        assert_eq!(
            ze,
            i64::from(e as u32),
            "zext coef={coef} off={off} thread {g}"
        );
    }
}

#[test]
fn constant_split_points_match_wrapping_semantics() {
    let cases: [(i32, i32); 7] = [
        (0, 17),
        (5, 5),
        (-40, 0),
        (-40, -60),
        (i32::MAX - 20, i32::MAX - 5),
        (i32::MIN + 10, i32::MIN + 3),
        (-1, i32::MIN),
    ];
    for (off, n) in cases {
        for group in PREDS.chunks(4) {
            check_const(group, false, 1, off, n);
            check_const(group, false, -1, off, n);
        }
        check_const(&PREDS[..4], true, 1, off, n);
        check_const(&PREDS[6..], false, 3, off, n);
    }
}
