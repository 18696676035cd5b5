//! Cold branches of the index-set split (lower/src/cpu/split.rs): a launch-specialised
//! 2-D kernel (its bounds constants, as in the derivative programs) with a hot interior
//! and a cold edge path that branches again, run on ragged sizes (partial last block in
//! x and y). With the cold pruning (default) the edge path is emitted unsplit, with
//! `RAISE_CPU_COLD=0` every leaf is specialised as before; both must give the model's
//! values exactly, and the pruned module must be smaller. A run-time offset makes an
//! extended affine expression wrap inside some blocks (the plain body, shared with the
//! cold segments). (One test in this file: it
//! sets the environment variable.)

mod common;

use common::*;
use frontend::ir::AddrSpace;
use lower::cpu::{self, CpuArg};
use parallel_ir::ir::*;

const BLOCK: [u32; 3] = [16, 4, 1];

/// `col = bx * 16 + tx`, `row = by * 4 + ty`; for `col < nx && row < ny`:
/// interior (`0 < col < nx - 1 && 0 < row < ny - 1`): `out = in[i - 1] + 3 in[i + 1] +
/// 5 in[i - nx] + 7 in[i + nx]` (`i = row * nx + col`, wrapping i32); edges: `100 + row`
/// at `col == 0`, else `200 + row` at `col == nx - 1`, else `300 + col` at `row == 0`,
/// else `400 + col` (three nested `If`s in the cold branch).
fn kernel(nx: i32, ny: i32) -> Kernel {
    let mut b = Kb::new("cold");
    let _inp = b.param(Type::Ptr(AddrSpace::Global));
    let _out = b.param(Type::Ptr(AddrSpace::Global));
    let off = b.param(Type::I32);
    let mut top = Vec::new();
    b.parallel(&mut top, Level::Grid, |b, ops, [bx, by, _]| {
        b.parallel(ops, Level::Block, |b, ops, [tx, ty, _]| {
            let col = b.gid_x(ops, bx, tx);
            let bdy = b.dim(ops, Dim::BlockDim(1));
            let yy = b.bin(ops, BinaryOp::Mul, by, bdy);
            let row = b.bin(ops, BinaryOp::Add, yy, ty);
            let nxv = b.c32(ops, nx);
            let nyv = b.c32(ops, ny);
            let c1 = b.icmp(ops, IntPredicate::Slt, col, nxv);
            let c2 = b.icmp(ops, IntPredicate::Slt, row, nyv);
            let inside = b.bin(ops, BinaryOp::And, c1, c2);
            b.if_(
                ops,
                inside,
                &[],
                |b, ops| {
                    let zero = b.c32(ops, 0);
                    let one = b.c32(ops, 1);
                    let nx1 = b.c32(ops, nx - 1);
                    let ny1 = b.c32(ops, ny - 1);
                    let a = b.icmp(ops, IntPredicate::Sgt, col, zero);
                    let bb = b.icmp(ops, IntPredicate::Slt, col, nx1);
                    let c = b.icmp(ops, IntPredicate::Sgt, row, zero);
                    let d = b.icmp(ops, IntPredicate::Slt, row, ny1);
                    let ab = b.bin(ops, BinaryOp::And, a, bb);
                    let cd = b.bin(ops, BinaryOp::And, c, d);
                    let interior = b.bin(ops, BinaryOp::And, ab, cd);
                    let rn = b.bin(ops, BinaryOp::Mul, row, nxv);
                    let i = b.bin(ops, BinaryOp::Add, rn, col);
                    let v = b.if_(
                        ops,
                        interior,
                        &[Type::I32],
                        |b, ops| {
                            let mut acc = None;
                            for (d, w) in [(-1, 1), (1, 3), (-nx, 5), (nx, 7)] {
                                let dv = b.c32(ops, d);
                                let j = b.bin(ops, BinaryOp::Add, i, dv);
                                let o = b.offset(ops, j, 4);
                                let x = b.load(ops, MemRoot::Param(0), o, Type::I32);
                                let wv = b.c32(ops, w);
                                let t = b.bin(ops, BinaryOp::Mul, x, wv);
                                acc = Some(match acc {
                                    None => t,
                                    Some(s) => b.bin(ops, BinaryOp::Add, s, t),
                                });
                            }
                            // + trunc(sext(col + off) >> 8): an extension of an affine
                            // expression with a run-time base, which wraps inside a
                            // block when `off` is near i32::MAX (then the plain body).
                            let co = b.bin(ops, BinaryOp::Add, col, off);
                            let w = b.cast(ops, CastOp::SExt, co, Type::I64);
                            let eight = b.ci(ops, 8, Type::I64);
                            let sh = b.bin(ops, BinaryOp::AShr, w, eight);
                            let t = b.cast(ops, CastOp::Trunc, sh, Type::I32);
                            vec![b.bin(ops, BinaryOp::Add, acc.unwrap(), t)]
                        },
                        |b, ops| {
                            let e0 = b.icmp(ops, IntPredicate::Eq, col, zero);
                            b.if_(
                                ops,
                                e0,
                                &[Type::I32],
                                |b, ops| {
                                    let k = b.c32(ops, 100);
                                    vec![b.bin(ops, BinaryOp::Add, row, k)]
                                },
                                |b, ops| {
                                    let e1 = b.icmp(ops, IntPredicate::Eq, col, nx1);
                                    b.if_(
                                        ops,
                                        e1,
                                        &[Type::I32],
                                        |b, ops| {
                                            let k = b.c32(ops, 200);
                                            vec![b.bin(ops, BinaryOp::Add, row, k)]
                                        },
                                        |b, ops| {
                                            let e2 = b.icmp(ops, IntPredicate::Eq, row, zero);
                                            let k3 = b.c32(ops, 300);
                                            let k4 = b.c32(ops, 400);
                                            let k = b.v(
                                                ops,
                                                OpKind::Select {
                                                    cond: e2,
                                                    if_true: k3,
                                                    if_false: k4,
                                                },
                                                Type::I32,
                                            );
                                            vec![b.bin(ops, BinaryOp::Add, col, k)]
                                        },
                                    )
                                },
                            )
                        },
                    );
                    let _ = one;
                    let o = b.offset(ops, i, 4);
                    b.store(ops, MemRoot::Param(1), o, v[0]);
                    vec![]
                },
                |_, _| vec![],
            );
        });
    });
    b.finish(top)
}

fn model(inp: &[i32], nx: i32, ny: i32, off: i32) -> Vec<i32> {
    let mut out = vec![-1; inp.len()];
    for row in 0..ny {
        for col in 0..nx {
            let i = (row * nx + col) as usize;
            out[i] = if col > 0 && col < nx - 1 && row > 0 && row < ny - 1 {
                let at = |d: i32| inp[(i as i32 + d) as usize];
                at(-1)
                    .wrapping_add(at(1).wrapping_mul(3))
                    .wrapping_add(at(-nx).wrapping_mul(5))
                    .wrapping_add(at(nx).wrapping_mul(7))
                    .wrapping_add((i64::from(col.wrapping_add(off)) >> 8) as i32)
            } else if col == 0 {
                100 + row
            } else if col == nx - 1 {
                200 + row
            } else if row == 0 {
                300 + col
            } else {
                400 + col
            };
        }
    }
    out
}

/// (MLIR bytes, body copies) of the kernel for `nx x ny`, after checking its values.
fn check(nx: i32, ny: i32, off: i32) -> (usize, usize) {
    let k = kernel(nx, ny);
    let grid = [
        (nx as u32).div_ceil(BLOCK[0]),
        (ny as u32).div_ceil(BLOCK[1]),
        1,
    ];
    let c = cfg(grid, BLOCK);
    cpu::stats::enable();
    let compiled = cpu::compile(&k, &c, 0).unwrap_or_else(|d| panic!("{d}"));
    let st = cpu::stats::take();
    let len = (nx * ny) as usize;
    let mut seed = 12345u32;
    let inp: Vec<i32> = (0..len)
        .map(|_| {
            seed = seed.wrapping_mul(1664525).wrapping_add(1013904223);
            seed as i32
        })
        .collect();
    let mut ib: Vec<u8> = inp.iter().flat_map(|x| x.to_le_bytes()).collect();
    let mut ob = vec![0xffu8; len * 4];
    let args = [
        CpuArg::Ptr(ib.as_mut_ptr()),
        CpuArg::Ptr(ob.as_mut_ptr()),
        CpuArg::Bits(u64::from(off as u32)),
    ];
    unsafe { compiled.run(&args, &[]) }.unwrap_or_else(|d| panic!("{d}"));
    let got: Vec<i32> = ob
        .chunks_exact(4)
        .map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    let want = model(&inp, nx, ny, off);
    for (i, (g, w)) in got.iter().zip(&want).enumerate() {
        assert_eq!(
            g,
            w,
            "{nx} x {ny} (off {off}): element {i} (row {}, col {})",
            i as i32 / nx,
            i as i32 % nx
        );
    }
    (st.text_bytes, st.body_copies)
}

#[test]
fn cold_edge_paths_unsplit_give_the_same_values_as_fully_split() {
    let sizes = [
        (37, 9),
        (90, 60),
        (16, 4),
        (17, 5),
        (3, 3),
        (1, 7),
        (64, 2),
        (33, 61),
    ];
    // `off`: no wrap, and wrapping inside some block (`col + off` crosses i32::MAX at
    // col = 20 or 5: the no-wrap check fails there and the block runs the plain body).
    let offs = [-1000, i32::MAX - 20, i32::MAX - 5];
    let run = || -> Vec<(usize, usize)> {
        let mut v = Vec::new();
        for &(x, y) in &sizes {
            let r: Vec<(usize, usize)> = offs.iter().map(|&o| check(x, y, o)).collect();
            assert!(r.iter().all(|&c| c == r[0]));
            v.push(r[0]);
        }
        v
    };
    let pruned = run();
    std::env::set_var("RAISE_CPU_COLD", "0");
    let full = run();
    std::env::remove_var("RAISE_CPU_COLD");
    // Where the split specialises the edge path's own branches, pruning emits less.
    let (p, f) = (pruned[1], full[1]);
    assert!(p.0 < f.0 && p.1 < f.1, "90 x 60: pruned {p:?}, full {f:?}");
    for (&(x, y), (p, f)) in sizes.iter().zip(pruned.iter().zip(&full)) {
        assert!(p.0 <= f.0, "{x} x {y}: pruned {p:?}, full {f:?}");
    }
}
