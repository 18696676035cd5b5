//! Index-set splitting of thread-x loops (lower/src/cpu/split.rs): branch conditions
//! affine in `threadIdx.x` and 32-bit index extensions, including 32-bit wrap-around in
//! the middle of a block, every integer predicate, both operand orders, coefficients
//! +1, -1 and 3. Each compiled kernel runs at several parameter values and is compared
//! with a Rust model of the interpreter's wrapping i32 semantics, element by element.

mod common;

use common::*;
use frontend::ir::AddrSpace;
use lower::cpu::{self, CpuArg};
use parallel_ir::ir::*;

const BLOCK: u32 = 64;
const GRID: u32 = 3;

/// `e = off + coef * tx` (i32, wrapping); `out[gid] = (e pred n) ? (2 + e) : (3 * e)`
/// (or `n pred e` when `swapped`), and `ext[gid] = sext(e) - sext(off)` (i64) and
/// `zext(e)`: the branch, the sign and the zero extension of an affine index.
///
/// With `inner`, the taken branch is itself split on the constant atom `tx < 20`:
/// `(tx < 20) ? (2 + e) : (5 + e)`.
fn kernel(p: IntPredicate, swapped: bool, coef: i32, inner: bool) -> Kernel {
    let mut b = Kb::new("split");
    let off = b.param(Type::I32);
    let n = b.param(Type::I32);
    let _out = b.param(Type::Ptr(AddrSpace::Global));
    let _ext = b.param(Type::Ptr(AddrSpace::Global));
    let mut top = Vec::new();
    b.parallel(&mut top, Level::Grid, |b, ops, [bx, _, _]| {
        b.parallel(ops, Level::Block, |b, ops, [tx, _, _]| {
            let gid = b.gid_x(ops, bx, tx);
            let e = match coef {
                1 => b.bin(ops, BinaryOp::Add, off, tx),
                -1 => b.bin(ops, BinaryOp::Sub, off, tx),
                c => {
                    let cv = b.c32(ops, c);
                    let m = b.bin(ops, BinaryOp::Mul, tx, cv);
                    b.bin(ops, BinaryOp::Add, m, off)
                }
            };
            let cond = if swapped {
                b.icmp(ops, p, n, e)
            } else {
                b.icmp(ops, p, e, n)
            };
            let r = b.if_(
                ops,
                cond,
                &[Type::I32],
                |b, ops| {
                    if !inner {
                        let two = b.c32(ops, 2);
                        return vec![b.bin(ops, BinaryOp::Add, e, two)];
                    }
                    let twenty = b.c32(ops, 20);
                    let low = b.icmp(ops, IntPredicate::Ult, tx, twenty);
                    b.if_(
                        ops,
                        low,
                        &[Type::I32],
                        |b, ops| {
                            let two = b.c32(ops, 2);
                            vec![b.bin(ops, BinaryOp::Add, e, two)]
                        },
                        |b, ops| {
                            let five = b.c32(ops, 5);
                            vec![b.bin(ops, BinaryOp::Add, e, five)]
                        },
                    )
                },
                |b, ops| {
                    let three = b.c32(ops, 3);
                    vec![b.bin(ops, BinaryOp::Mul, e, three)]
                },
            );
            let o = b.offset(ops, gid, 4);
            b.store(ops, MemRoot::Param(2), o, r[0]);
            let se = b.cast(ops, CastOp::SExt, e, Type::I64);
            let so = b.cast(ops, CastOp::SExt, off, Type::I64);
            let d = b.bin(ops, BinaryOp::Sub, se, so);
            let o16 = b.offset(ops, gid, 16);
            b.store(ops, MemRoot::Param(3), o16, d);
            let ze = b.cast(ops, CastOp::ZExt, e, Type::I64);
            let eight = b.ci(ops, 8, Type::I64);
            let o8 = b.bin(ops, BinaryOp::Add, o16, eight);
            b.store(ops, MemRoot::Param(3), o8, ze);
        });
    });
    b.finish(top)
}

fn check(p: IntPredicate, swapped: bool, coef: i32) {
    check_with(p, swapped, coef, false);
}

fn check_with(p: IntPredicate, swapped: bool, coef: i32, inner: bool) {
    let k = kernel(p, swapped, coef, inner);
    let c = cfg([GRID, 1, 1], [BLOCK, 1, 1]);
    if inner {
        // `e pred n` is a run-time atom; with `c = +1` the block gets constant segments
        // (split at tx = 20) under a run-time check, else the run-time split.
        let text = cpu::emit::emit_module(&k, &c, 0).unwrap_or_else(|d| panic!("{d}"));
        assert_eq!(
            text.contains("constant segments under the block's bounds check"),
            coef == 1,
            "{p:?} swapped={swapped} coef={coef}"
        );
    }
    let compiled = cpu::compile(&k, &c, 0).unwrap_or_else(|d| panic!("compile: {d}"));
    let threads = (GRID * BLOCK) as usize;
    let offs = [
        0,
        5,
        -40,
        i32::MAX - 20,
        i32::MIN + 10,
        -1,
        i32::MAX,
        i32::MIN,
        1 << 31 >> 1,
    ];
    for &off in &offs {
        let ns = [
            0,
            off.wrapping_add(17),
            off.wrapping_sub(17),
            off.wrapping_add(coef.wrapping_mul(BLOCK as i32 - 1)),
            off,
            i32::MIN,
            i32::MAX,
            -1,
            i32::MIN + 3,
        ];
        for &n in &ns {
            let mut out = vec![0u8; threads * 4];
            let mut ext = vec![0u8; threads * 16];
            let args = [
                CpuArg::Bits(u64::from(off as u32)),
                CpuArg::Bits(u64::from(n as u32)),
                CpuArg::Ptr(out.as_mut_ptr()),
                CpuArg::Ptr(ext.as_mut_ptr()),
            ];
            unsafe { compiled.run(&args, &[]) }.unwrap_or_else(|d| panic!("run: {d}"));
            for g in 0..threads {
                let tx = (g as u32 % BLOCK) as i32;
                let e = off.wrapping_add(coef.wrapping_mul(tx));
                let cond = if swapped {
                    eval_pred(p, n, e)
                } else {
                    eval_pred(p, e, n)
                };
                let want = if cond {
                    e.wrapping_add(if inner && tx >= 20 { 5 } else { 2 })
                } else {
                    e.wrapping_mul(3)
                };
                let got = i32::from_le_bytes(out[g * 4..g * 4 + 4].try_into().unwrap());
                assert_eq!(
                    got, want,
                    "{p:?} swapped={swapped} coef={coef} off={off} n={n} thread {g}"
                );
                let se = i64::from_le_bytes(ext[g * 16..g * 16 + 8].try_into().unwrap());
                let ze = i64::from_le_bytes(ext[g * 16 + 8..g * 16 + 16].try_into().unwrap());
                assert_eq!(
                    se,
                    i64::from(e) - i64::from(off),
                    "sext off={off} thread {g}"
                );
                assert_eq!(ze, i64::from(e as u32), "zext off={off} thread {g}");
            }
        }
    }
}

#[test]
fn bounds_checked_blocks_with_a_constant_break_point_match_wrapping_semantics() {
    use IntPredicate::*;
    for p in [Eq, Ne, Slt, Sle, Sgt, Sge, Ult, Ule, Ugt, Uge] {
        for swapped in [false, true] {
            for coef in [1, -1, 3] {
                check_with(p, swapped, coef, true);
            }
        }
    }
}

#[test]
fn affine_branches_and_extensions_match_wrapping_semantics() {
    for p in PREDS {
        check(p, false, 1);
        check(p, true, 1);
        check(p, false, -1);
    }
}

#[test]
fn scaled_index_and_swapped_compares_match_wrapping_semantics() {
    // Coefficient 3: the branch stays per thread (atoms need +-1), the extensions are
    // still rewritten and must wrap at the right thread.
    for p in [IntPredicate::Slt, IntPredicate::Ugt, IntPredicate::Eq] {
        check(p, false, 3);
        check(p, true, -1);
    }
}

/// `if (gid < n) { if (tx == 0 || tx == bd - 1) edge else inner }` nested branches with
/// an invariant conjunct (`by < m`) on a 2-D block, as the stencil's boundary test; on a
/// grid with few block rows (block by block) and with many (row-major across blocks).
#[test]
fn nested_boundary_branches_match_reference() {
    nested_boundary(
        [4, 3, 1],
        &[(37, 9), (64, 12), (1, 1), (16, 5), (17, 0), (0, 3)],
    );
    nested_boundary([3, 20, 2], &[(37, 75), (48, 80), (5, 3), (47, 79)]);
}

fn nested_boundary(grid: [u32; 3], sizes: &[(i32, i32)]) {
    let mut b = Kb::new("nested");
    let n = b.param(Type::I32);
    let m = b.param(Type::I32);
    let _out = b.param(Type::Ptr(AddrSpace::Global));
    let mut top = Vec::new();
    b.parallel(&mut top, Level::Grid, |b, ops, [bx, by, _]| {
        b.parallel(ops, Level::Block, |b, ops, [tx, ty, _]| {
            let gid = b.gid_x(ops, bx, tx);
            let bdy = b.dim(ops, Dim::BlockDim(1));
            let yy = b.bin(ops, BinaryOp::Mul, by, bdy);
            let row = b.bin(ops, BinaryOp::Add, yy, ty);
            let c1 = b.icmp(ops, IntPredicate::Slt, gid, n);
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
                    let e1 = b.icmp(ops, IntPredicate::Eq, gid, zero);
                    let e2 = b.icmp(ops, IntPredicate::Eq, gid, nm1);
                    let e3 = b.icmp(ops, IntPredicate::Eq, row, zero);
                    let e12 = b.bin(ops, BinaryOp::Or, e1, e2);
                    let edge = b.bin(ops, BinaryOp::Or, e12, e3);
                    let v = b.if_(
                        ops,
                        edge,
                        &[Type::I32],
                        |b, ops| vec![b.c32(ops, 7)],
                        |b, ops| vec![b.bin(ops, BinaryOp::Add, gid, row)],
                    );
                    let rn = b.bin(ops, BinaryOp::Mul, row, n);
                    let idx = b.bin(ops, BinaryOp::Add, rn, gid);
                    let o = b.offset(ops, idx, 4);
                    b.store(ops, MemRoot::Param(2), o, v[0]);
                    vec![]
                },
                |_, _| vec![],
            );
        });
    });
    let k = b.finish(top);
    let block = [16u32, 4, 1];
    let compiled = cpu::compile(&k, &cfg(grid, block), 0).unwrap_or_else(|d| panic!("{d}"));
    for &(nn, mm) in sizes {
        let mut out = vec![0xffu8; (nn.max(1) * mm.max(1) * 4) as usize];
        let args = [
            CpuArg::Bits(u64::from(nn as u32)),
            CpuArg::Bits(u64::from(mm as u32)),
            CpuArg::Ptr(out.as_mut_ptr()),
        ];
        unsafe { compiled.run(&args, &[]) }.unwrap_or_else(|d| panic!("{d}"));
        for row in 0..mm.max(1) {
            for g in 0..nn.max(1) {
                let i = (row * nn.max(1) + g) as usize;
                let got = i32::from_le_bytes(out[i * 4..i * 4 + 4].try_into().unwrap());
                // Rows past the grid are covered by the z blocks only through `by`; the
                // kernel ignores blockIdx.z, so every z block writes the same values.
                let covered = g < nn
                    && row < mm
                    && (g as u32) < grid[0] * block[0]
                    && (row as u32) < grid[1] * block[1];
                let want = if !covered {
                    -1
                } else if g == 0 || g == nn - 1 || row == 0 {
                    7
                } else {
                    g + row
                };
                assert_eq!(got, want, "n={nn} m={mm} row={row} g={g}");
            }
        }
    }
}

/// `s[t] = in[g]; sync; out[g] = s[t + shift]` with `s` of `slots` floats: the first
/// thread loop overwrites all of `s` exactly when `slots <= blockDim.x`; otherwise the
/// slots past the block must still read as zero (shared memory is zero-filled, as in the
/// interpreter), so the fill must stay.
fn shared_shift(slots: u64, shift: i32) -> Kernel {
    let mut b = Kb::new("shared_shift");
    b.param(Type::Ptr(AddrSpace::Global));
    b.param(Type::Ptr(AddrSpace::Global));
    let mut top = Vec::new();
    b.parallel(&mut top, Level::Grid, |b, ops, [bx, _, _]| {
        let s = b.shared(ops, "s", slots * 4);
        b.parallel(ops, Level::Block, |b, ops, [tx, _, _]| {
            let g = b.gid_x(ops, bx, tx);
            let og = b.offset(ops, g, 4);
            let v = b.load(ops, MemRoot::Param(0), og, Type::F32);
            let tz = b.cast(ops, CastOp::ZExt, tx, Type::I64);
            let four = b.ci(ops, 4, Type::I64);
            let ot = b.bin(ops, BinaryOp::Mul, tz, four);
            b.store(ops, s, ot, v);
            b.barrier(ops);
            let sh = b.c32(ops, shift);
            let r = b.bin(ops, BinaryOp::Add, tx, sh);
            let orr = b.offset(ops, r, 4);
            let w = b.load(ops, s, orr, Type::F32);
            b.store(ops, MemRoot::Param(1), og, w);
        });
    });
    b.finish(top)
}

#[test]
fn shared_zero_fill_is_dropped_only_when_fully_overwritten() {
    let (block, grid) = (32u32, 6u32);
    let n = (block * grid) as usize;
    let inp: Vec<f32> = (0..n).map(|i| i as f32 + 0.5).collect();
    // (slots, shift): all slots written; twice the block with reads of the upper half.
    for (slots, shift) in [(64u64, 32i32), (64, 5), (32, 0)] {
        let mut k = shared_shift(slots, shift);
        let c = cfg([grid, 1, 1], [block, 1, 1]);
        parallel_ir::transforms::distribute::distribute(&mut k, &c)
            .unwrap_or_else(|d| panic!("{d}"));
        let mut bufs = vec![f32_bytes(&inp), f32_bytes(&vec![-1.0; n])];
        // Dirty the stack the allocation will reuse: a previous run with other data.
        for _ in 0..2 {
            run_cpu(&k, &c, &[Arg::Buf(0), Arg::Buf(1)], &mut bufs);
        }
        let got = bytes_f32(&bufs[1]);
        for blk in 0..grid as usize {
            for t in 0..block as usize {
                let j = t + shift as usize;
                let want = if j < block as usize {
                    inp[blk * block as usize + j]
                } else {
                    0.0
                };
                assert_eq!(
                    got[blk * block as usize + t],
                    want,
                    "slots {slots} shift {shift} block {blk} t {t}"
                );
            }
        }
    }
}

/// Alias scopes for distinct buffers (`compile_with(.., true)`) change no value: the
/// affine-branch kernel with and without them, bit for bit.
#[test]
fn distinct_buffer_scopes_change_no_value() {
    let k = kernel(IntPredicate::Slt, false, 1, false);
    let c = cfg([GRID, 1, 1], [BLOCK, 1, 1]);
    let threads = (GRID * BLOCK) as usize;
    let mut outs = Vec::new();
    for distinct in [false, true] {
        let compiled =
            cpu::compile_with(&k, &c, 0, distinct).unwrap_or_else(|d| panic!("compile: {d}"));
        let mut out = vec![0u8; threads * 4];
        let mut ext = vec![0u8; threads * 16];
        let args = [
            CpuArg::Bits(7),
            CpuArg::Bits(40),
            CpuArg::Ptr(out.as_mut_ptr()),
            CpuArg::Ptr(ext.as_mut_ptr()),
        ];
        unsafe { compiled.run(&args, &[]) }.unwrap_or_else(|d| panic!("run: {d}"));
        outs.push((out, ext));
    }
    assert!(outs[0] == outs[1]);
    let text = lower::cpu::emit::emit_module_with(&k, &c, 0, true).unwrap();
    assert!(text.contains("noalias_scopes = [#raise_p2]"), "{text}");
}
