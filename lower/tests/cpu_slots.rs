//! Float loop-carried values of a `While` with a libm call kept in a stack slot
//! (lower/src/cpu/slots.rs). The kernel is softmax's exp pass: one block per row, each
//! thread strides over the row (`for (c = t; c < cols; c += blockDim.x)`), stores
//! `expf(x[c])` and carries two float accumulators (a sum, and `p = p * 0.5 + e`, whose
//! value depends on the order of the trips) and the column; the accumulators reach the
//! condition only (passed through), the call is in the after region. Ragged sizes: cols
//! not a multiple of blockDim, cols < blockDim (threads with no trip), one row, odd block
//! sizes; every output is compared bit for bit with a Rust model (glibc `expf`, as the
//! interpreter).

mod common;

use common::*;
use frontend::ir::AddrSpace;
use lower::cpu::{self, CpuArg};
use parallel_ir::ir::*;

/// `y[r, c] = expf(x[r, c])`; `acc[(r * bdx + t) * 2 + {0, 1}] = (sum, p)`.
fn kernel() -> Kernel {
    let mut b = Kb::new("slots");
    let cols = b.param(Type::I32);
    let _x = b.param(Type::Ptr(AddrSpace::Global));
    let _y = b.param(Type::Ptr(AddrSpace::Global));
    let _acc = b.param(Type::Ptr(AddrSpace::Global));
    let mut top = Vec::new();
    b.parallel(&mut top, Level::Grid, |b, ops, [bx, _, _]| {
        b.parallel(ops, Level::Block, |b, ops, [tx, _, _]| {
            let bdx = b.dim(ops, Dim::BlockDim(0));
            let row = b.bin(ops, BinaryOp::Mul, bx, cols);
            let zero = b.cf32(ops, 0.0);
            let one = b.cf32(ops, 1.0);
            let r = b.while_(
                ops,
                vec![tx, zero, one],
                |b, ops, a| {
                    let c = b.icmp(ops, IntPredicate::Slt, a[0], cols);
                    (c, a)
                },
                |b, ops, a| {
                    let i = b.bin(ops, BinaryOp::Add, row, a[0]);
                    let o = b.offset(ops, i, 4);
                    let v = b.load(ops, MemRoot::Param(1), o, Type::F32);
                    let e = b.v(ops, OpKind::Unary(UnaryOp::Exp, v), Type::F32);
                    b.store(ops, MemRoot::Param(2), o, e);
                    let s = b.bin(ops, BinaryOp::FAdd, a[1], e);
                    let half = b.cf32(ops, 0.5);
                    let p = b.bin(ops, BinaryOp::FMul, a[2], half);
                    let p = b.bin(ops, BinaryOp::FAdd, p, e);
                    let c = b.bin(ops, BinaryOp::Add, a[0], bdx);
                    vec![c, s, p]
                },
            );
            let g = b.gid_x(ops, bx, tx);
            let two = b.c32(ops, 2);
            let g2 = b.bin(ops, BinaryOp::Mul, g, two);
            let o = b.offset(ops, g2, 4);
            b.store(ops, MemRoot::Param(3), o, r[1]);
            let one_i = b.c32(ops, 1);
            let g21 = b.bin(ops, BinaryOp::Add, g2, one_i);
            let o = b.offset(ops, g21, 4);
            b.store(ops, MemRoot::Param(3), o, r[2]);
        });
    });
    b.finish(top)
}

fn check(rows: u32, cols: u32, bdx: u32) {
    let k = kernel();
    let c = cfg([rows, 1, 1], [bdx, 1, 1]);
    let text = cpu::emit::emit_module(&k, &c, 0).unwrap_or_else(|d| panic!("{d}"));
    if std::env::var_os("RAISE_CPU_SLOTS").is_none() {
        assert!(
            text.contains("llvm.load volatile") && text.contains("llvm.store volatile"),
            "rows {rows} cols {cols} block {bdx}: accumulators not slotted"
        );
    }
    let compiled = cpu::compile(&k, &c, 0).unwrap_or_else(|d| panic!("{d}"));
    let n = (rows * cols) as usize;
    let x: Vec<f32> = (0..n)
        .map(|i| {
            ((i as u32).wrapping_mul(2654435761) >> 8) as f32 / (1u32 << 24) as f32 * 8.0 - 4.0
        })
        .collect();
    let mut xb = f32_bytes(&x);
    let mut yb = vec![0xffu8; n.max(1) * 4];
    let mut ab = vec![0xffu8; (rows * bdx * 2) as usize * 4];
    let args = [
        CpuArg::Bits(u64::from(cols)),
        CpuArg::Ptr(xb.as_mut_ptr()),
        CpuArg::Ptr(yb.as_mut_ptr()),
        CpuArg::Ptr(ab.as_mut_ptr()),
    ];
    unsafe { compiled.run(&args, &[]) }.unwrap_or_else(|d| panic!("{d}"));
    let y = bytes_f32(&yb);
    let acc = bytes_f32(&ab);
    for r in 0..rows as usize {
        for t in 0..bdx as usize {
            let (mut s, mut p) = (0.0f32, 1.0f32);
            let mut col = t;
            while col < cols as usize {
                let i = r * cols as usize + col;
                let e = x[i].exp();
                assert_eq!(
                    y[i].to_bits(),
                    e.to_bits(),
                    "rows {rows} cols {cols} block {bdx}: y[{r}, {col}]"
                );
                s += e;
                p = p * 0.5 + e;
                col += bdx as usize;
            }
            let g = (r * bdx as usize + t) * 2;
            assert_eq!(
                (acc[g].to_bits(), acc[g + 1].to_bits()),
                (s.to_bits(), p.to_bits()),
                "rows {rows} cols {cols} block {bdx}: accumulators of row {r} thread {t}"
            );
        }
    }
}

#[test]
fn strided_exp_accumulators_match_model_bit_for_bit() {
    for (rows, cols, bdx) in [
        (1, 1000, 128),
        (3, 1000, 128),
        (4, 1024, 128),
        (2, 64, 128),
        (1, 5, 128),
        (3, 300, 96),
        (2, 33, 7),
        (2, 9, 1),
    ] {
        check(rows, cols, bdx);
    }
}
