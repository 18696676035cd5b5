//! Hand-built barrier-free kernels run through the CPU JIT, compared with Rust references.

mod common;

use common::*;
use parallel_ir::ir::*;

/// `y[i] = a * x[i] + y[i]` for `i < n` (fma, as CUDA's `a*x+y` contracts).
fn saxpy() -> Kernel {
    let mut b = Kb::new("saxpy");
    let n = b.param(Type::I32);
    let a = b.param(Type::F32);
    let _x = b.param(Type::Ptr(AddrSpace::Global));
    let _y = b.param(Type::Ptr(AddrSpace::Global));
    let mut top = Vec::new();
    b.grid_1d(&mut top, n, |b, ops, i| {
        let off = b.offset(ops, i, 4);
        let xv = b.load(ops, MemRoot::Param(2), off, Type::F32);
        let yv = b.load(ops, MemRoot::Param(3), off, Type::F32);
        let r = b.v(ops, OpKind::Fma(a, xv, yv), Type::F32);
        b.store(ops, MemRoot::Param(3), off, r);
    });
    b.finish(top)
}

use frontend::ir::AddrSpace;

#[test]
fn saxpy_matches_reference() {
    let k = saxpy();
    let n = 1000usize;
    let x: Vec<f32> = (0..n).map(|i| i as f32 * 0.5 - 3.0).collect();
    let y: Vec<f32> = (0..n).map(|i| (i % 7) as f32 + 0.25).collect();
    let a = 1.75f32;
    let mut bufs = vec![f32_bytes(&x), f32_bytes(&y)];
    run_cpu(
        &k,
        &cfg([8, 1, 1], [128, 1, 1]),
        &[i32_arg(n as i32), f32_arg(a), Arg::Buf(0), Arg::Buf(1)],
        &mut bufs,
    );
    let got = bytes_f32(&bufs[1]);
    for i in 0..n {
        assert_eq!(got[i].to_bits(), a.mul_add(x[i], y[i]).to_bits(), "i={i}");
    }
}

/// 5-point stencil on an `h x w` grid (2-D launch), interior only:
/// `out[y][x] = c * in[y][x] + 0.25 * (n + s + e + w)`.
fn stencil2d() -> Kernel {
    let mut b = Kb::new("stencil2d");
    let h = b.param(Type::I32);
    let w = b.param(Type::I32);
    let _inp = b.param(Type::Ptr(AddrSpace::Global));
    let _out = b.param(Type::Ptr(AddrSpace::Global));
    let mut top = Vec::new();
    b.parallel(&mut top, Level::Grid, |b, ops, [bx, by, _]| {
        b.parallel(ops, Level::Block, |b, ops, [tx, ty, _]| {
            let x = b.gid_x(ops, bx, tx);
            let bdy = b.dim(ops, Dim::BlockDim(1));
            let m = b.bin(ops, BinaryOp::Mul, by, bdy);
            let y = b.bin(ops, BinaryOp::Add, m, ty);
            let one = b.c32(ops, 1);
            let wm1 = b.bin(ops, BinaryOp::Sub, w, one);
            let hm1 = b.bin(ops, BinaryOp::Sub, h, one);
            let c1 = b.icmp(ops, IntPredicate::Sge, x, one);
            let c2 = b.icmp(ops, IntPredicate::Slt, x, wm1);
            let c3 = b.icmp(ops, IntPredicate::Sge, y, one);
            let c4 = b.icmp(ops, IntPredicate::Slt, y, hm1);
            let a = b.bin(ops, BinaryOp::And, c1, c2);
            let a2 = b.bin(ops, BinaryOp::And, c3, c4);
            let c = b.bin(ops, BinaryOp::And, a, a2);
            b.if_(
                ops,
                c,
                &[],
                |b, ops| {
                    let yw = b.bin(ops, BinaryOp::Mul, y, w);
                    let idx = b.bin(ops, BinaryOp::Add, yw, x);
                    let ld = |b: &mut Kb, ops: &mut Ops, d: Value| {
                        let j = b.bin(ops, BinaryOp::Add, idx, d);
                        let off = b.offset(ops, j, 4);
                        b.load(ops, MemRoot::Param(2), off, Type::F32)
                    };
                    let zero = b.c32(ops, 0);
                    let m1 = b.c32(ops, -1);
                    let nw = b.bin(ops, BinaryOp::Sub, zero, w);
                    let center = ld(b, ops, zero);
                    let west = ld(b, ops, m1);
                    let east = ld(b, ops, one);
                    let north = ld(b, ops, nw);
                    let south = ld(b, ops, w);
                    let s1 = b.bin(ops, BinaryOp::FAdd, north, south);
                    let s2 = b.bin(ops, BinaryOp::FAdd, s1, east);
                    let s3 = b.bin(ops, BinaryOp::FAdd, s2, west);
                    let q = b.cf32(ops, 0.25);
                    let cc = b.cf32(ops, 0.5);
                    let t1 = b.bin(ops, BinaryOp::FMul, cc, center);
                    let t2 = b.bin(ops, BinaryOp::FMul, q, s3);
                    let r = b.bin(ops, BinaryOp::FAdd, t1, t2);
                    let off = b.offset(ops, idx, 4);
                    b.store(ops, MemRoot::Param(3), off, r);
                    vec![]
                },
                |_, _| vec![],
            );
        });
    });
    b.finish(top)
}

#[test]
fn stencil2d_matches_reference() {
    let k = stencil2d();
    let (h, w) = (37usize, 45usize);
    let inp: Vec<f32> = (0..h * w).map(|i| ((i * 37) % 101) as f32 * 0.1).collect();
    let mut bufs = vec![f32_bytes(&inp), f32_bytes(&vec![-1.0; h * w])];
    run_cpu(
        &k,
        &cfg([3, 5, 1], [16, 8, 1]),
        &[
            i32_arg(h as i32),
            i32_arg(w as i32),
            Arg::Buf(0),
            Arg::Buf(1),
        ],
        &mut bufs,
    );
    let got = bytes_f32(&bufs[1]);
    for y in 0..h {
        for x in 0..w {
            let i = y * w + x;
            let want = if x >= 1 && x + 1 < w && y >= 1 && y + 1 < h {
                0.5 * inp[i] + 0.25 * (inp[i - w] + inp[i + w] + inp[i + 1] + inp[i - 1])
            } else {
                -1.0
            };
            assert_eq!(got[i].to_bits(), want.to_bits(), "y={y} x={x}");
        }
    }
}

/// Naive matmul `c[r][col] = sum_k a[r][k] * b[k][col]` (n x n) with a counted loop
/// carrying the accumulator.
fn matmul() -> Kernel {
    let mut b = Kb::new("matmul");
    let n = b.param(Type::I32);
    for _ in 0..3 {
        b.param(Type::Ptr(AddrSpace::Global));
    }
    let mut top = Vec::new();
    b.parallel(&mut top, Level::Grid, |b, ops, [bx, by, _]| {
        b.parallel(ops, Level::Block, |b, ops, [tx, ty, _]| {
            let col = b.gid_x(ops, bx, tx);
            let bdy = b.dim(ops, Dim::BlockDim(1));
            let m = b.bin(ops, BinaryOp::Mul, by, bdy);
            let row = b.bin(ops, BinaryOp::Add, m, ty);
            let c1 = b.icmp(ops, IntPredicate::Slt, row, n);
            let c2 = b.icmp(ops, IntPredicate::Slt, col, n);
            let c = b.bin(ops, BinaryOp::And, c1, c2);
            b.if_(
                ops,
                c,
                &[],
                |b, ops| {
                    let zero = b.c32(ops, 0);
                    let one = b.c32(ops, 1);
                    let acc0 = b.cf32(ops, 0.0);
                    let rn = b.bin(ops, BinaryOp::Mul, row, n);
                    let acc = b.for_(ops, zero, n, one, vec![acc0], |b, ops, kk, carried| {
                        let ia = b.bin(ops, BinaryOp::Add, rn, kk);
                        let oa = b.offset(ops, ia, 4);
                        let av = b.load(ops, MemRoot::Param(1), oa, Type::F32);
                        let kn = b.bin(ops, BinaryOp::Mul, kk, n);
                        let ib = b.bin(ops, BinaryOp::Add, kn, col);
                        let ob = b.offset(ops, ib, 4);
                        let bv = b.load(ops, MemRoot::Param(2), ob, Type::F32);
                        let p = b.bin(ops, BinaryOp::FMul, av, bv);
                        vec![b.bin(ops, BinaryOp::FAdd, carried[0], p)]
                    });
                    let ic = b.bin(ops, BinaryOp::Add, rn, col);
                    let oc = b.offset(ops, ic, 4);
                    b.store(ops, MemRoot::Param(3), oc, acc[0]);
                    vec![]
                },
                |_, _| vec![],
            );
        });
    });
    b.finish(top)
}

#[test]
fn matmul_matches_reference() {
    let k = matmul();
    let n = 50usize;
    let a: Vec<f32> = (0..n * n)
        .map(|i| ((i * 7) % 13) as f32 * 0.3 - 1.0)
        .collect();
    let bm: Vec<f32> = (0..n * n)
        .map(|i| ((i * 5) % 11) as f32 * 0.2 - 0.7)
        .collect();
    let mut bufs = vec![f32_bytes(&a), f32_bytes(&bm), vec![0u8; n * n * 4]];
    run_cpu(
        &k,
        &cfg([4, 4, 1], [16, 16, 1]),
        &[i32_arg(n as i32), Arg::Buf(0), Arg::Buf(1), Arg::Buf(2)],
        &mut bufs,
    );
    let got = bytes_f32(&bufs[2]);
    for r in 0..n {
        for c in 0..n {
            let mut acc = 0.0f32;
            for kk in 0..n {
                acc += a[r * n + kk] * bm[kk * n + c];
            }
            assert_eq!(got[r * n + c].to_bits(), acc.to_bits(), "r={r} c={c}");
        }
    }
}

/// Histogram with global atomics: `atomicAdd(&hist[data[i] % bins], 1)`; blocks race.
fn histogram() -> Kernel {
    let mut b = Kb::new("histogram");
    let n = b.param(Type::I32);
    let bins = b.param(Type::I32);
    b.param(Type::Ptr(AddrSpace::Global));
    b.param(Type::Ptr(AddrSpace::Global));
    let mut top = Vec::new();
    b.grid_1d(&mut top, n, |b, ops, i| {
        let off = b.offset(ops, i, 4);
        let d = b.load(ops, MemRoot::Param(2), off, Type::I32);
        let bin = b.bin(ops, BinaryOp::URem, d, bins);
        let ob = b.offset(ops, bin, 4);
        let one = b.c32(ops, 1);
        b.v(
            ops,
            OpKind::Atomic {
                op: AtomicOp::Add,
                addr: Addr::Root {
                    root: MemRoot::Param(3),
                    offset: ob,
                },
                value: one,
            },
            Type::I32,
        );
    });
    b.finish(top)
}

#[test]
fn histogram_atomics_match_reference() {
    let k = histogram();
    let n = 200_000usize;
    let bins = 17u32;
    let data: Vec<u32> = (0..n as u32)
        .map(|i| i.wrapping_mul(2654435761) >> 7)
        .collect();
    let bytes: Vec<u8> = data.iter().flat_map(|x| x.to_le_bytes()).collect();
    let mut bufs = vec![bytes, vec![0u8; bins as usize * 4]];
    run_cpu(
        &k,
        &cfg([(n as u32).div_ceil(256), 1, 1], [256, 1, 1]),
        &[
            i32_arg(n as i32),
            i32_arg(bins as i32),
            Arg::Buf(0),
            Arg::Buf(1),
        ],
        &mut bufs,
    );
    let mut want = vec![0u32; bins as usize];
    for d in &data {
        want[(d % bins) as usize] += 1;
    }
    let got: Vec<u32> = bufs[1]
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    assert_eq!(got, want);
}

#[test]
fn object_file_links_and_runs_from_c() {
    let k = saxpy();
    let dir = std::env::temp_dir().join(format!("raise-cpu-obj-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap_or(());
    let obj = dir.join("saxpy.o");
    let c = cfg([4, 1, 1], [32, 1, 1]);
    lower::cpu::emit_object(&k, &c, 0, &obj).unwrap_or_else(|d| panic!("{d}"));
    let header = lower::cpu::c_header(&k, 0);
    assert!(header.contains(
        "void _mlir_ciface_raise_saxpy(int32_t p0, float p1, void * p2, void * p3, int32_t *error"
    ));
    std::fs::write(dir.join("saxpy.h"), &header).unwrap_or(());
    let main = r#"#include "saxpy.h"
#include <stdio.h>
int main(void) { float x[128], y[128]; int32_t err = 0;
  for (int i = 0; i < 128; i++) { x[i] = i; y[i] = 1; }
  _mlir_ciface_raise_saxpy(100, 2.0f, x, y, &err);
  printf("%g %g %g %d\n", y[0], y[99], y[100], err); return 0; }"#;
    std::fs::write(dir.join("main.c"), main).unwrap_or(());
    let Ok(status) = std::process::Command::new("clang-19")
        .current_dir(&dir)
        .args(["main.c", "saxpy.o", "-o", "main", "-fopenmp", "-lm"])
        .status()
    else {
        eprintln!("clang-19 not found; object file written but not linked");
        return;
    };
    assert!(status.success());
    let out = std::process::Command::new(dir.join("main"))
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "1 199 1 0");
}
