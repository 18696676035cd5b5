//! Flat x loops across the blocks of a row-major grid (lower/src/cpu/flat.rs): the
//! thread-x and block-x loops of a 2-D map become one loop over
//! `blockIdx.x * blockDim.x + threadIdx.x`, split once per thread row. The kernels here
//! also use `threadIdx.x` and `blockIdx.x` on their own (not affine in the flat index),
//! compute the scaled block index in the grid or in the thread body, by a multiplication
//! or a shift, and run at sizes smaller and larger than the grid, at power-of-two block
//! widths (flattened) and others (not flattened); every element is compared with a Rust
//! model of the kernel.

mod common;

use common::*;
use frontend::ir::AddrSpace;
use lower::cpu::{self, CpuArg};
use parallel_ir::ir::*;

#[derive(Clone, Copy, Debug)]
enum Scale {
    /// `blockIdx.x * blockDim.x` in the grid body.
    GridMul,
    /// `blockIdx.x << log2(blockDim.x)` in the grid body.
    GridShl,
    /// `blockIdx.x * blockDim.x` in the thread body.
    ThreadMul,
}

/// `if (g < n && row < m) out[row * n + g] = (g == 0 || g == n - 1) ? tx * 1000 + bx :
/// 3 * g - row` with `g = blockIdx.x * blockDim.x + threadIdx.x`.
fn kernel(scale: Scale, bdx: u32) -> Kernel {
    let mut b = Kb::new("flat");
    let n = b.param(Type::I32);
    let m = b.param(Type::I32);
    let _out = b.param(Type::Ptr(AddrSpace::Global));
    let mut top = Vec::new();
    b.parallel(&mut top, Level::Grid, |b, ops, [bx, by, _]| {
        let pre = match scale {
            Scale::GridMul => {
                let bd = b.dim(ops, Dim::BlockDim(0));
                Some(b.bin(ops, BinaryOp::Mul, bx, bd))
            }
            Scale::GridShl => {
                let s = b.c32(ops, bdx.trailing_zeros() as i32);
                Some(b.bin(ops, BinaryOp::Shl, bx, s))
            }
            Scale::ThreadMul => None,
        };
        let bdy = b.dim(ops, Dim::BlockDim(1));
        let yy = b.bin(ops, BinaryOp::Mul, by, bdy);
        b.parallel(ops, Level::Block, |b, ops, [tx, ty, _]| {
            let g = match pre {
                Some(p) => b.bin(ops, BinaryOp::Add, tx, p),
                None => b.gid_x(ops, bx, tx),
            };
            let row = b.bin(ops, BinaryOp::Add, yy, ty);
            let c1 = b.icmp(ops, IntPredicate::Slt, g, n);
            let c2 = b.icmp(ops, IntPredicate::Slt, row, m);
            let c = b.bin(ops, BinaryOp::And, c1, c2);
            b.if_(
                ops,
                c,
                &[],
                |b, ops| {
                    let zero = b.c32(ops, 0);
                    let one = b.c32(ops, 1);
                    let nm1 = b.bin(ops, BinaryOp::Sub, n, one);
                    let e1 = b.icmp(ops, IntPredicate::Eq, g, zero);
                    let e2 = b.icmp(ops, IntPredicate::Eq, g, nm1);
                    let edge = b.bin(ops, BinaryOp::Or, e1, e2);
                    let v = b.if_(
                        ops,
                        edge,
                        &[Type::I32],
                        |b, ops| {
                            let k = b.c32(ops, 1000);
                            let t = b.bin(ops, BinaryOp::Mul, tx, k);
                            vec![b.bin(ops, BinaryOp::Add, t, bx)]
                        },
                        |b, ops| {
                            let three = b.c32(ops, 3);
                            let t = b.bin(ops, BinaryOp::Mul, g, three);
                            vec![b.bin(ops, BinaryOp::Sub, t, row)]
                        },
                    );
                    let rn = b.bin(ops, BinaryOp::Mul, row, n);
                    let idx = b.bin(ops, BinaryOp::Add, rn, g);
                    let o = b.offset(ops, idx, 4);
                    b.store(ops, MemRoot::Param(2), o, v[0]);
                    vec![]
                },
                |_, _| vec![],
            );
        });
    });
    b.finish(top)
}

fn check(scale: Scale, grid: [u32; 3], block: [u32; 3], sizes: &[(i32, i32)]) {
    let k = kernel(scale, block[0]);
    // The flat loop splits `blockIdx.x` off the flat index with a shift (the kernel has
    // no shift of its own); only power-of-two block widths are flattened.
    let text = cpu::emit::emit_module(&k, &cfg(grid, block), 0).unwrap_or_else(|d| panic!("{d}"));
    assert_eq!(
        text.contains("arith.shrui"),
        block[0].is_power_of_two(),
        "{scale:?} grid {grid:?} block {block:?}: flattened?"
    );
    let compiled = cpu::compile(&k, &cfg(grid, block), 0).unwrap_or_else(|d| panic!("{d}"));
    for &(n, m) in sizes {
        let (nn, mm) = (n.max(1), m.max(1));
        let mut out = vec![0xffu8; (nn * mm * 4) as usize];
        let args = [
            CpuArg::Bits(u64::from(n as u32)),
            CpuArg::Bits(u64::from(m as u32)),
            CpuArg::Ptr(out.as_mut_ptr()),
        ];
        unsafe { compiled.run(&args, &[]) }.unwrap_or_else(|d| panic!("{d}"));
        let bdx = block[0] as i32;
        for row in 0..mm {
            for g in 0..nn {
                let i = (row * nn + g) as usize;
                let got = i32::from_le_bytes(out[i * 4..i * 4 + 4].try_into().unwrap());
                let covered = g < n
                    && row < m
                    && (g as u32) < grid[0] * block[0]
                    && (row as u32) < grid[1] * block[1];
                let want = if !covered {
                    -1
                } else if g == 0 || g == n - 1 {
                    (g % bdx) * 1000 + g / bdx
                } else {
                    3 * g - row
                };
                assert_eq!(
                    got, want,
                    "{scale:?} grid {grid:?} block {block:?} n={n} m={m} row={row} g={g}"
                );
            }
        }
    }
}

#[test]
fn flat_rows_match_model_at_many_block_widths() {
    let sizes = [
        (37, 70),
        (64, 64),
        (1, 5),
        (16, 9),
        (0, 3),
        (100, 80),
        (63, 1),
    ];
    for scale in [Scale::GridMul, Scale::GridShl, Scale::ThreadMul] {
        for bdx in [1u32, 2, 8, 16, 32, 12] {
            if matches!(scale, Scale::GridShl) && !bdx.is_power_of_two() {
                continue;
            }
            // Rows of blocks enough for the row-major grid (at least 16 block rows).
            let gx = 64u32.div_ceil(bdx);
            check(scale, [gx, 20, 1], [bdx, 4, 1], &sizes);
        }
    }
    // A grid narrower than the data (columns past it stay unwritten), and 3 z blocks
    // (every z block writes the same values).
    check(
        Scale::GridMul,
        [2, 16, 3],
        [16, 2, 1],
        &[(37, 40), (20, 20)],
    );
}
