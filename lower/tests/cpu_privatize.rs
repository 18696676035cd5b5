//! Privatization of global atomic adds (lower/src/cpu/privatize.rs): which buffers the
//! analysis privatizes (and which it must not: other accesses, used old values, unknown
//! or shared buffers, computed pointers, floats without permission, copies that do not
//! pay), and that privatized kernels give the exact sums (integers; floats with values
//! whose sum is exact in every order), keep untouched elements bit for bit (-0.0, NaN),
//! and send adds outside the promised range to the real atomic.

mod common;

use common::*;
use frontend::ir::AddrSpace;
use lower::cpu::{self, privatize, CpuArg, PrivatizeFacts};
use parallel_ir::ir::*;

/// What the histogram kernel does besides its atomic add.
#[derive(Clone, Copy, PartialEq)]
enum Extra {
    None,
    /// The old value is stored to `data[i]`.
    UseOld,
    /// `bins[0]` is read into `data[i]`.
    LoadBins,
    /// A load through a computed pointer (`RootAddr(data) + 0`).
    Dynamic,
}

/// `if (i < n) atomicAdd(&bins[data[i]], w(i))` with `w = data[i] + 1` (`ty` integer) or
/// `w = float(data[i]) + 0.5` (`ty` float); `data` is `i32`.
fn hist(ty: Type, op: AtomicOp, extra: Extra) -> Kernel {
    let mut b = Kb::new("hist");
    let n = b.param(Type::I32);
    b.param(Type::Ptr(AddrSpace::Global));
    b.param(Type::Ptr(AddrSpace::Global));
    let mut top = Vec::new();
    b.grid_1d(&mut top, n, |b, ops, i| {
        let oi = b.offset(ops, i, 4);
        let d = b.load(ops, MemRoot::Param(1), oi, Type::I32);
        let size = i64::from(ty.bits() / 8);
        let ob = b.offset(ops, d, size);
        let w = match ty {
            Type::F32 | Type::F64 => {
                let f = b.v(ops, OpKind::Cast(CastOp::SiToFp, d), ty);
                let half = b.v(
                    ops,
                    OpKind::Const {
                        bits: if ty == Type::F32 {
                            u64::from(0.5f32.to_bits())
                        } else {
                            0.5f64.to_bits()
                        },
                    },
                    ty,
                );
                b.v(ops, OpKind::Binary(BinaryOp::FAdd, f, half), ty)
            }
            _ => {
                let d = if ty == Type::I64 {
                    b.cast(ops, CastOp::SExt, d, Type::I64)
                } else {
                    d
                };
                let one = b.ci(ops, 1, ty);
                b.bin(ops, BinaryOp::Add, d, one)
            }
        };
        let old = b.v(
            ops,
            OpKind::Atomic {
                op,
                addr: Addr::Root {
                    root: MemRoot::Param(2),
                    offset: ob,
                },
                value: w,
            },
            ty,
        );
        match extra {
            Extra::None => {}
            Extra::UseOld => {
                let oi8 = b.offset(ops, i, size);
                b.store(ops, MemRoot::Param(1), oi8, old);
            }
            Extra::LoadBins => {
                let z = b.ci(ops, 0, Type::I64);
                let v = b.load(ops, MemRoot::Param(2), z, Type::I32);
                b.store(ops, MemRoot::Param(1), oi, v);
            }
            Extra::Dynamic => {
                let p = b.v(
                    ops,
                    OpKind::RootAddr(MemRoot::Param(1)),
                    Type::Ptr(AddrSpace::Global),
                );
                b.v(
                    ops,
                    OpKind::Load {
                        addr: Addr::Dynamic(p),
                    },
                    Type::I32,
                );
            }
        }
    });
    b.finish(top)
}

fn facts(bins_bytes: Option<u64>, floats: bool, chunks: Option<u32>) -> PrivatizeFacts {
    PrivatizeFacts {
        param_bytes: vec![None, Some(1 << 20), bins_bytes],
        float_atomics: floats,
        chunks,
        stream: None,
    }
}

fn grid_body(k: &Kernel) -> &Region {
    k.body
        .ops
        .iter()
        .find_map(|&o| match &k.op(o).kind {
            OpKind::Parallel {
                level: Level::Grid,
                body,
            } => Some(body),
            _ => None,
        })
        .expect("grid loop")
}

fn plan_of(k: &Kernel, grid: u32, block: u32, f: &PrivatizeFacts) -> Option<privatize::GridPlan> {
    privatize::plan(k, grid_body(k), [grid, 1, 1], [block, 1, 1], f)
}

/// Run `k` on `data` and `bins` (n = data.len()) compiled with `f`.
fn run(k: &Kernel, grid: u32, block: u32, f: &PrivatizeFacts, data: &mut [i32], bins: &mut [u8]) {
    let c = cfg([grid, 1, 1], [block, 1, 1]);
    let compiled = cpu::compile_facts(k, &c, 0, true, f).unwrap_or_else(|d| panic!("{d}"));
    let args = [
        CpuArg::Bits(data.len() as u64),
        CpuArg::Ptr(data.as_mut_ptr() as *mut u8),
        CpuArg::Ptr(bins.as_mut_ptr()),
    ];
    unsafe { compiled.run(&args, &[]) }.unwrap_or_else(|d| panic!("{d}"));
}

fn data(n: usize, bins: usize) -> Vec<i32> {
    (0..n).map(|i| ((i * 7919 + i / 3) % bins) as i32).collect()
}

#[test]
fn plain_histogram_is_privatized() {
    let k = hist(Type::I32, AtomicOp::Add, Extra::None);
    let p = plan_of(&k, 16, 256, &facts(Some(256), false, Some(3))).expect("privatized");
    assert_eq!(p.chunks, 3);
    assert_eq!(p.buffers.len(), 1);
    assert_eq!((p.buffers[0].param, p.buffers[0].bytes), (2, 256));
    assert_eq!(p.buffers[0].ty, Type::I32);
    // Never more chunks than blocks.
    let p = plan_of(&k, 2, 256, &facts(Some(256), false, Some(8))).expect("privatized");
    assert_eq!(p.chunks, 2);
    let c = cfg([16, 1, 1], [256, 1, 1]);
    let text = cpu::emit::emit_module_facts(&k, &c, 0, false, &facts(Some(256), false, Some(3)))
        .unwrap_or_else(|d| panic!("{d}"));
    assert!(text.contains("@malloc") && text.contains("@free"), "{text}");
}

#[test]
fn vetoes() {
    let f = facts(Some(256), true, Some(4));
    let none = |k: &Kernel, f: &PrivatizeFacts, why: &str| {
        assert!(plan_of(k, 16, 256, f).is_none(), "privatized despite {why}");
    };
    none(
        &hist(Type::I32, AtomicOp::Add, Extra::UseOld),
        &f,
        "a used old value",
    );
    none(
        &hist(Type::I32, AtomicOp::Add, Extra::LoadBins),
        &f,
        "a load of the buffer",
    );
    none(
        &hist(Type::I32, AtomicOp::Add, Extra::Dynamic),
        &f,
        "a computed pointer",
    );
    let k = hist(Type::I32, AtomicOp::Add, Extra::None);
    // The buffer is unknown or shared with another parameter (the caller says None).
    none(&k, &facts(None, true, Some(4)), "an unknown buffer");
    none(&k, &PrivatizeFacts::default(), "no facts");
    // Copies that do not pay: 4 x 1M elements against 4096 threads.
    none(
        &k,
        &facts(Some(4 << 20), true, Some(4)),
        "copies larger than the work",
    );
    // Other atomics are not adds.
    none(
        &hist(Type::I32, AtomicOp::Exch, Extra::None),
        &f,
        "an exchange",
    );
    none(&hist(Type::I32, AtomicOp::SMax, Extra::None), &f, "a max");
    // Float adds only when the caller allows reassociation.
    let kf = hist(Type::F32, AtomicOp::FAdd, Extra::None);
    none(
        &kf,
        &facts(Some(256), false, Some(4)),
        "float adds without permission",
    );
    assert!(plan_of(&kf, 16, 256, &f).is_some());
}

fn check_int(ty: Type, op: AtomicOp, chunks: Option<u32>, grid: u32, block: u32, nbins: usize) {
    let k = hist(ty, op, Extra::None);
    let size = (ty.bits() / 8) as usize;
    let n = grid as usize * block as usize - 37;
    let mut d = data(n, nbins);
    // Start from non-zero bins, some near the wrap-around.
    let init: Vec<i64> = (0..nbins)
        .map(|j| {
            if j % 5 == 0 {
                i64::MAX - 3
            } else {
                j as i64 * 11 - 40
            }
        })
        .collect();
    let to_bytes = |v: &[i64]| -> Vec<u8> {
        v.iter()
            .flat_map(|&x| {
                if size == 4 {
                    (x as i32).to_le_bytes().to_vec()
                } else {
                    x.to_le_bytes().to_vec()
                }
            })
            .collect()
    };
    let mut want = init.clone();
    for &x in &d {
        let w = i64::from(x) + 1;
        let j = x as usize;
        want[j] = if op == AtomicOp::Sub {
            want[j].wrapping_sub(w)
        } else {
            want[j].wrapping_add(w)
        };
    }
    let mut bins = to_bytes(&init);
    let f = facts(Some((nbins * size) as u64), false, chunks);
    assert!(plan_of(&k, grid, block, &f).is_some());
    run(&k, grid, block, &f, &mut d, &mut bins);
    assert_eq!(bins, to_bytes(&want), "{ty} {op:?} chunks {chunks:?}");
}

#[test]
fn integer_sums_are_exact() {
    for chunks in [Some(1), Some(2), Some(3), Some(7), None] {
        check_int(Type::I32, AtomicOp::Add, chunks, 16, 256, 64);
        check_int(Type::I64, AtomicOp::Add, chunks, 9, 128, 100);
        check_int(Type::I32, AtomicOp::Sub, chunks, 5, 64, 33);
    }
}

/// Float adds of values whose every partial sum is exact (multiples of 0.5 far below
/// 2^24), so every order and association gives the same bits; untouched bins hold
/// -0.0, a quiet and a signalling NaN and must keep them bit for bit.
#[test]
fn float_sums_and_untouched_bins() {
    for ty in [Type::F32, Type::F64] {
        for chunks in [Some(1), Some(2), Some(5), None] {
            let k = hist(ty, AtomicOp::FAdd, Extra::None);
            let (grid, block, nbins) = (12u32, 128u32, 80usize);
            let n = grid as usize * block as usize - 5;
            // Only bins below 60 are hit.
            let mut d = data(n, 60);
            let mut want: Vec<f64> = (0..nbins)
                .map(|j| match j {
                    70 => -0.0,
                    71 => f64::NAN,
                    _ => j as f64 * 0.25,
                })
                .collect();
            let init = want.clone();
            for &x in &d {
                want[x as usize] += f64::from(x) + 0.5;
            }
            let enc = |v: &[f64]| -> Vec<u8> {
                v.iter()
                    .flat_map(|&x| {
                        if ty == Type::F32 {
                            (x as f32).to_le_bytes().to_vec()
                        } else {
                            x.to_le_bytes().to_vec()
                        }
                    })
                    .collect()
            };
            let size = (ty.bits() / 8) as u64;
            // Bin 72: a signalling NaN, which an add would quiet.
            let snan: Vec<u8> = if ty == Type::F32 {
                0x7f80_0001u32.to_le_bytes().to_vec()
            } else {
                0x7ff0_0000_0000_0001u64.to_le_bytes().to_vec()
            };
            let at = 72 * size as usize..73 * size as usize;
            let mut bins = enc(&init);
            bins[at.clone()].copy_from_slice(&snan);
            let mut want = enc(&want);
            want[at].copy_from_slice(&snan);
            let f = facts(Some(nbins as u64 * size), true, chunks);
            assert!(plan_of(&k, grid, block, &f).is_some());
            run(&k, grid, block, &f, &mut d, &mut bins);
            assert_eq!(bins, want, "{ty} chunks {chunks:?}");
        }
    }
}

/// The caller promises fewer bytes than the kernel touches: adds beyond them take the
/// real atomic on the buffer, and the result is still exact.
#[test]
fn adds_outside_the_promised_range_stay_atomic() {
    let k = hist(Type::I32, AtomicOp::Add, Extra::None);
    let (grid, block, nbins) = (8u32, 128u32, 64usize);
    let mut d = data(grid as usize * block as usize, nbins);
    let mut want = vec![0i32; nbins];
    for &x in &d {
        want[x as usize] += x + 1;
    }
    let mut bins = vec![0u8; nbins * 4];
    // Only the first 40 bins (plus 2 bytes, not a whole element) are promised.
    let f = facts(Some(40 * 4 + 2), false, Some(3));
    let p = plan_of(&k, grid, block, &f).expect("privatized");
    assert_eq!(p.buffers[0].bytes, 160);
    run(&k, grid, block, &f, &mut d, &mut bins);
    let got: Vec<i32> = bins
        .chunks_exact(4)
        .map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    assert_eq!(got, want);
}

/// A 3-D grid: every block adds `tx + 1` from each of its threads into its own bin
/// (`bx + gx * (by + gy * bz)`), so a block run twice, skipped or given the wrong
/// indices by the chunking shows in the bins.
#[test]
fn three_d_grid_runs_every_block_once() {
    let (g, block) = ([3u32, 4, 2], 32u32);
    let mut b = Kb::new("blocks3d");
    b.param(Type::Ptr(AddrSpace::Global));
    let mut top = Vec::new();
    b.parallel(&mut top, Level::Grid, |b, ops, [bx, by, bz]| {
        b.parallel(ops, Level::Block, |b, ops, [tx, _, _]| {
            let gx = b.dim(ops, Dim::GridDim(0));
            let gy = b.dim(ops, Dim::GridDim(1));
            let t = b.bin(ops, BinaryOp::Mul, bz, gy);
            let t = b.bin(ops, BinaryOp::Add, t, by);
            let t = b.bin(ops, BinaryOp::Mul, t, gx);
            let lin = b.bin(ops, BinaryOp::Add, t, bx);
            let o = b.offset(ops, lin, 4);
            let one = b.c32(ops, 1);
            let w = b.bin(ops, BinaryOp::Add, tx, one);
            b.v(
                ops,
                OpKind::Atomic {
                    op: AtomicOp::Add,
                    addr: Addr::Root {
                        root: MemRoot::Param(0),
                        offset: o,
                    },
                    value: w,
                },
                Type::I32,
            );
        });
    });
    let k = b.finish(top);
    let nb = (g[0] * g[1] * g[2]) as usize;
    for chunks in [Some(2), Some(5), Some(24)] {
        let f = PrivatizeFacts {
            param_bytes: vec![Some(nb as u64 * 4)],
            float_atomics: false,
            chunks,
            stream: None,
        };
        let p = privatize::plan(&k, grid_body(&k), g, [block, 1, 1], &f).expect("privatized");
        assert_eq!(p.chunks, chunks.unwrap_or(1).min(nb as u32));
        let c = cfg(g, [block, 1, 1]);
        let compiled = cpu::compile_facts(&k, &c, 0, true, &f).unwrap_or_else(|d| panic!("{d}"));
        let mut bins = vec![7i32; nb];
        let args = [CpuArg::Ptr(bins.as_mut_ptr() as *mut u8)];
        unsafe { compiled.run(&args, &[]) }.unwrap_or_else(|d| panic!("{d}"));
        assert_eq!(bins, vec![7 + 528; nb], "chunks {chunks:?}");
    }
}
