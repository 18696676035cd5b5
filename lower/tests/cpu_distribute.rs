//! Kernels with block barriers: distributed (parallel_ir::transforms::distribute), then
//! run through the CPU JIT and compared with Rust references.

mod common;

use common::*;
use frontend::ir::AddrSpace;
use frontend::ir::ShuffleMode;
use parallel_ir::ir::*;
use parallel_ir::transforms::distribute::distribute;

/// `s[t] = in[g]; __syncthreads(); out[g] = s[bd - 1 - t]` (block-wise reverse).
fn shared_reverse(block: u32) -> Kernel {
    let mut b = Kb::new("shared_reverse");
    b.param(Type::Ptr(AddrSpace::Global));
    b.param(Type::Ptr(AddrSpace::Global));
    let mut top = Vec::new();
    b.parallel(&mut top, Level::Grid, |b, ops, [bx, _, _]| {
        let s = b.shared(ops, "s", u64::from(block) * 4);
        b.parallel(ops, Level::Block, |b, ops, [tx, _, _]| {
            let g = b.gid_x(ops, bx, tx);
            let og = b.offset(ops, g, 4);
            let v = b.load(ops, MemRoot::Param(0), og, Type::F32);
            let ot = b.offset(ops, tx, 4);
            b.store(ops, s, ot, v);
            b.barrier(ops);
            let bd = b.dim(ops, Dim::BlockDim(0));
            let one = b.c32(ops, 1);
            let last = b.bin(ops, BinaryOp::Sub, bd, one);
            let r = b.bin(ops, BinaryOp::Sub, last, tx);
            let orr = b.offset(ops, r, 4);
            let w = b.load(ops, s, orr, Type::F32);
            b.store(ops, MemRoot::Param(1), og, w);
        });
    });
    b.finish(top)
}

#[test]
fn shared_reverse_distributed_matches_reference() {
    let block = 64u32;
    let grid = 10u32;
    let mut k = shared_reverse(block);
    let c = cfg([grid, 1, 1], [block, 1, 1]);
    let stats = distribute(&mut k, &c).unwrap_or_else(|d| panic!("{d}"));
    parallel_ir::verify::verify_kernel(&k).unwrap_or_else(|d| panic!("{d}"));
    parallel_ir::verify::verify_kernel(&k).unwrap_or_else(|d| panic!("{d}"));
    assert_eq!(stats.barriers, 1);
    assert_eq!(stats.thread_loops, 2);
    // The global index crosses the barrier: recomputed from the thread id, not stored.
    assert!(stats.recomputed >= 1 && stats.spilled == 0, "{stats:?}");
    assert!(!has_barrier(&k));
    let n = (block * grid) as usize;
    let inp: Vec<f32> = (0..n).map(|i| i as f32 * 1.5).collect();
    let mut bufs = vec![f32_bytes(&inp), vec![0u8; n * 4]];
    run_cpu(&k, &c, &[Arg::Buf(0), Arg::Buf(1)], &mut bufs);
    let got = bytes_f32(&bufs[1]);
    for blk in 0..grid as usize {
        for t in 0..block as usize {
            let b = block as usize;
            assert_eq!(
                got[blk * b + t],
                inp[blk * b + (b - 1 - t)],
                "block {blk} t {t}"
            );
        }
    }
}

/// Tree reduction of each block's slice into `out[bx]`:
/// `s[t] = in[g]; sync; for (st = bd/2; st > 0; st >>= 1) { if (t < st) s[t] += s[t+st]; sync }`
/// as a `While` with a carried stride; `if (t == 0) out[bx] = s[0]`.
fn tree_reduce(block: u32, use_for: bool) -> Kernel {
    let mut b = Kb::new("tree_reduce");
    b.param(Type::Ptr(AddrSpace::Global));
    b.param(Type::Ptr(AddrSpace::Global));
    let mut top = Vec::new();
    b.parallel(&mut top, Level::Grid, |b, ops, [bx, _, _]| {
        let s = b.shared(ops, "s", u64::from(block) * 4);
        b.parallel(ops, Level::Block, |b, ops, [tx, _, _]| {
            let g = b.gid_x(ops, bx, tx);
            let og = b.offset(ops, g, 4);
            let v = b.load(ops, MemRoot::Param(0), og, Type::F32);
            let ot = b.offset(ops, tx, 4);
            b.store(ops, s, ot, v);
            b.barrier(ops);
            let step = |b: &mut Kb, ops: &mut Ops, st: Value| {
                let c = b.icmp(ops, IntPredicate::Slt, tx, st);
                b.if_(
                    ops,
                    c,
                    &[],
                    |b, ops| {
                        let j = b.bin(ops, BinaryOp::Add, tx, st);
                        let oj = b.offset(ops, j, 4);
                        let a = b.load(ops, s, ot, Type::F32);
                        let c2 = b.load(ops, s, oj, Type::F32);
                        let sum = b.bin(ops, BinaryOp::FAdd, a, c2);
                        b.store(ops, s, ot, sum);
                        vec![]
                    },
                    |_, _| vec![],
                );
                b.barrier(ops);
            };
            let bd = b.dim(ops, Dim::BlockDim(0));
            let one = b.c32(ops, 1);
            if use_for {
                // for (i = 0; i < log2(bd); i++) { st = bd >> (i + 1); ... }
                let zero = b.c32(ops, 0);
                let levels = b.c32(ops, block.trailing_zeros() as i32);
                b.for_(ops, zero, levels, one, vec![], |b, ops, i, _| {
                    let i1 = b.bin(ops, BinaryOp::Add, i, one);
                    let st = b.bin(ops, BinaryOp::LShr, bd, i1);
                    step(b, ops, st);
                    vec![]
                });
            } else {
                let half = b.bin(ops, BinaryOp::LShr, bd, one);
                b.while_(
                    ops,
                    vec![half],
                    |b, ops, a| {
                        let zero = b.c32(ops, 0);
                        let c = b.icmp(ops, IntPredicate::Sgt, a[0], zero);
                        (c, vec![a[0]])
                    },
                    |b, ops, a| {
                        step(b, ops, a[0]);
                        let one = b.c32(ops, 1);
                        vec![b.bin(ops, BinaryOp::LShr, a[0], one)]
                    },
                );
            }
            let zero = b.c32(ops, 0);
            let is0 = b.icmp(ops, IntPredicate::Eq, tx, zero);
            b.if_(
                ops,
                is0,
                &[],
                |b, ops| {
                    let z = b.ci(ops, 0, Type::I64);
                    let r = b.load(ops, s, z, Type::F32);
                    let ob = b.offset(ops, bx, 4);
                    b.store(ops, MemRoot::Param(1), ob, r);
                    vec![]
                },
                |_, _| vec![],
            );
        });
    });
    b.finish(top)
}

fn reference_tree(inp: &[f32], block: usize) -> Vec<f32> {
    inp.chunks(block)
        .map(|c| {
            let mut s = c.to_vec();
            let mut st = block / 2;
            while st > 0 {
                for t in 0..st {
                    s[t] += s[t + st];
                }
                st /= 2;
            }
            s[0]
        })
        .collect()
}

fn check_tree(use_for: bool) {
    let block = 128u32;
    let grid = 33u32;
    let mut k = tree_reduce(block, use_for);
    let c = cfg([grid, 1, 1], [block, 1, 1]);
    let stats = distribute(&mut k, &c).unwrap_or_else(|d| panic!("{d}"));
    parallel_ir::verify::verify_kernel(&k).unwrap_or_else(|d| panic!("{d}"));
    parallel_ir::verify::verify_kernel(&k).unwrap_or_else(|d| panic!("{d}"));
    assert_eq!(stats.barriers, 2, "{stats:?}");
    assert_eq!(stats.hoisted, 1, "{stats:?}");
    assert!(!has_barrier(&k));
    let n = (block * grid) as usize;
    let inp: Vec<f32> = (0..n)
        .map(|i| ((i * 31) % 17) as f32 * 0.37 - 2.0)
        .collect();
    let mut bufs = vec![f32_bytes(&inp), vec![0u8; grid as usize * 4]];
    run_cpu(&k, &c, &[Arg::Buf(0), Arg::Buf(1)], &mut bufs);
    let got = bytes_f32(&bufs[1]);
    let want = reference_tree(&inp, block as usize);
    for (i, (g, w)) in got.iter().zip(&want).enumerate() {
        assert_eq!(g.to_bits(), w.to_bits(), "block {i}: {g} vs {w}");
    }
}

#[test]
fn tree_reduction_while_distributed_matches_reference() {
    check_tree(false);
}

#[test]
fn tree_reduction_for_distributed_matches_reference() {
    check_tree(true);
}

/// `if (tx == 0) { barrier }`, then (with `barrier_after`) another barrier.
fn divergent_barrier_kernel(barrier_after: bool) -> Kernel {
    let mut b = Kb::new("divergent");
    b.param(Type::Ptr(AddrSpace::Global));
    let mut top = Vec::new();
    b.parallel(&mut top, Level::Grid, |b, ops, _| {
        b.parallel(ops, Level::Block, |b, ops, [tx, _, _]| {
            let zero = b.c32(ops, 0);
            let c = b.icmp(ops, IntPredicate::Eq, tx, zero);
            b.if_(
                ops,
                c,
                &[],
                |b, ops| {
                    b.barrier(ops);
                    vec![]
                },
                |_, _| vec![],
            );
            if barrier_after {
                b.barrier(ops);
            }
        });
    });
    b.finish(top)
}

/// Threads that skip the branch reach no later barrier (they exit, and count as arrived):
/// the branch becomes predicated thread loops.
#[test]
fn barrier_under_thread_dependent_branch_is_predicated() {
    let mut k = divergent_barrier_kernel(false);
    let r = distribute(&mut k, &cfg([1, 1, 1], [32, 1, 1]));
    assert!(r.is_ok(), "{r:?}");
}

/// Threads that skip the branch wait at a later barrier: rejected.
#[test]
fn barrier_under_thread_dependent_branch_then_barrier_is_rejected() {
    let mut k = divergent_barrier_kernel(true);
    let r = distribute(&mut k, &cfg([1, 1, 1], [32, 1, 1]));
    assert_eq!(r.map_err(|d| d.code), Err("barrier-divergent"));
}

#[test]
fn barrier_left_in_kernel_is_a_cpu_diagnostic() {
    let k = shared_reverse(32);
    let r = lower::cpu::compile(&k, &cfg([1, 1, 1], [32, 1, 1]), 0);
    assert_eq!(r.err().map(|d| d.code), Some("cpu-barrier"));
}

/// `out[t] = shfl(mode, in[t], lane, clamp)` over a block of 64 threads.
fn shuffle_kernel(mode: ShuffleMode, lane: i32, clamp: i32) -> Kernel {
    let mut b = Kb::new("shfl");
    b.param(Type::Ptr(AddrSpace::Global));
    b.param(Type::Ptr(AddrSpace::Global));
    let mut top = Vec::new();
    b.parallel(&mut top, Level::Grid, |b, ops, _| {
        b.parallel(ops, Level::Block, |b, ops, [tx, _, _]| {
            let o = b.offset(ops, tx, 4);
            let v = b.load(ops, MemRoot::Param(0), o, Type::I32);
            let mask = b.c32(ops, -1);
            let l = b.c32(ops, lane);
            let c = b.c32(ops, clamp);
            let r = b.v(
                ops,
                OpKind::Shuffle {
                    mode,
                    mask,
                    value: v,
                    lane: l,
                    clamp: c,
                },
                Type::I32,
            );
            b.store(ops, MemRoot::Param(1), o, r);
        });
    });
    b.finish(top)
}

#[test]
fn warp_shuffles_distributed_match_ptx_semantics() {
    // (mode, lane, clamp): clamp 0x1f = whole warp for down/bfly/idx, 0 for up;
    // 0x181f = 8-lane segments (width 8: c = ((32 - 8) << 8) | 0x1f).
    let cases = [
        (ShuffleMode::Down, 3, 0x1f),
        (ShuffleMode::Up, 5, 0),
        (ShuffleMode::Bfly, 6, 0x1f),
        (ShuffleMode::Idx, 7, 0x1f),
        (ShuffleMode::Idx, 3, 0x181f),
        (ShuffleMode::Down, 2, 0x181f),
    ];
    for (mode, lane, clamp) in cases {
        let mut k = shuffle_kernel(mode, lane, clamp);
        let c = cfg([1, 1, 1], [64, 1, 1]);
        distribute(&mut k, &c).unwrap_or_else(|d| panic!("{d}"));
        parallel_ir::verify::verify_kernel(&k).unwrap_or_else(|d| panic!("{d}"));
        let inp: Vec<u8> = (0..64i32).flat_map(|i| (i * 10).to_le_bytes()).collect();
        let mut bufs = vec![inp, vec![0u8; 256]];
        run_cpu(&k, &c, &[Arg::Buf(0), Arg::Buf(1)], &mut bufs);
        for t in 0..64i32 {
            let me = t & 31;
            let b = lane & 31;
            let segmask = (clamp >> 8) & 31;
            let cval = clamp & 31;
            let max_lane = (me & segmask) | (cval & !segmask);
            let min_lane = me & segmask;
            let (j, ok) = match mode {
                ShuffleMode::Up => (me - b, me - b >= max_lane),
                ShuffleMode::Down => (me + b, me + b <= max_lane),
                ShuffleMode::Bfly => (me ^ b, (me ^ b) <= max_lane),
                ShuffleMode::Idx => {
                    let j = min_lane | (b & !segmask);
                    (j, j <= max_lane)
                }
            };
            let src = t - me + if ok { j } else { me };
            let got = i32::from_le_bytes(
                bufs[1][t as usize * 4..t as usize * 4 + 4]
                    .try_into()
                    .unwrap_or([0; 4]),
            );
            assert_eq!(got, src * 10, "{mode:?} lane {lane} clamp {clamp:#x} t {t}");
        }
    }
}

/// `out[t] = __syncthreads_{count,and,or}(in[t] % 3 == 0)` for a 2-D block of 8x12 threads.
#[test]
fn reducing_barriers_distributed_match_reference() {
    type Want = fn(&[bool]) -> i32;
    let cases: [(BarrierKind, Want); 3] = [
        (BarrierKind::Count, |bits: &[bool]| {
            bits.iter().filter(|&&b| b).count() as i32
        }),
        (BarrierKind::And, |bits: &[bool]| {
            i32::from(bits.iter().all(|&b| b))
        }),
        (BarrierKind::Or, |bits: &[bool]| {
            i32::from(bits.iter().any(|&b| b))
        }),
    ];
    for (kind, want) in cases {
        let mut b = Kb::new("reducing");
        b.param(Type::Ptr(AddrSpace::Global));
        b.param(Type::Ptr(AddrSpace::Global));
        let mut top = Vec::new();
        b.parallel(&mut top, Level::Grid, |b, ops, [bx, _, _]| {
            b.parallel(ops, Level::Block, |b, ops, [tx, ty, _]| {
                let bdx = b.dim(ops, Dim::BlockDim(0));
                let bdy = b.dim(ops, Dim::BlockDim(1));
                let row = b.bin(ops, BinaryOp::Mul, ty, bdx);
                let t = b.bin(ops, BinaryOp::Add, row, tx);
                let nb = b.bin(ops, BinaryOp::Mul, bdx, bdy);
                let base = b.bin(ops, BinaryOp::Mul, bx, nb);
                let g = b.bin(ops, BinaryOp::Add, base, t);
                let o = b.offset(ops, g, 4);
                let v = b.load(ops, MemRoot::Param(0), o, Type::I32);
                let three = b.c32(ops, 3);
                let m = b.bin(ops, BinaryOp::URem, v, three);
                let zero = b.c32(ops, 0);
                let p = b.icmp(ops, IntPredicate::Eq, m, zero);
                let r = b.v(
                    ops,
                    OpKind::Barrier {
                        kind,
                        pred: Some(p),
                    },
                    Type::I32,
                );
                b.store(ops, MemRoot::Param(1), o, r);
            });
        });
        let mut k = b.finish(top);
        let c = cfg([3, 1, 1], [8, 12, 1]);
        distribute(&mut k, &c).unwrap_or_else(|d| panic!("{d}"));
        parallel_ir::verify::verify_kernel(&k).unwrap_or_else(|d| panic!("{d}"));
        assert!(!has_barrier(&k));
        let n = 3 * 96;
        // Block 1: all multiples of 3 (and = 1); block 2: none (or = 0).
        let inp: Vec<i32> = (0..n as i32)
            .map(|i| match i / 96 {
                0 => i * 7 + 1,
                1 => i * 3,
                _ => i * 3 + 1,
            })
            .collect();
        let mut bufs = vec![
            inp.iter().flat_map(|x| x.to_le_bytes()).collect(),
            vec![0u8; n * 4],
        ];
        run_cpu(&k, &c, &[Arg::Buf(0), Arg::Buf(1)], &mut bufs);
        for blk in 0..3 {
            let bits: Vec<bool> = inp[blk * 96..blk * 96 + 96]
                .iter()
                .map(|x| x % 3 == 0)
                .collect();
            for t in 0..96 {
                let i = blk * 96 + t;
                let got =
                    i32::from_le_bytes(bufs[1][i * 4..i * 4 + 4].try_into().unwrap_or([0; 4]));
                assert_eq!(got, want(&bits), "{kind:?} block {blk} t {t}");
            }
        }
    }
}

/// A thread-private array live across a barrier: `loc[j] = t * 10 + j` (4 x i32);
/// `__syncthreads()`; `out[g] = loc[0] + loc[3] + s[(t + 1) % bd]` with `s[t] = t`.
#[test]
fn local_array_across_barrier_becomes_block_array() {
    let mut b = Kb::new("local_across");
    b.param(Type::Ptr(AddrSpace::Global));
    let block = 32u32;
    let mut top = Vec::new();
    b.parallel(&mut top, Level::Grid, |b, ops, [bx, _, _]| {
        let s = b.shared(ops, "s", u64::from(block) * 4);
        b.parallel(ops, Level::Block, |b, ops, [tx, _, _]| {
            let id = LocalId(b.k.locals.len() as u32);
            b.k.locals.push(LocalAlloc {
                bytes: 16,
                align: 4,
            });
            b.push(ops, OpKind::LocalAlloc(id), &[]);
            let loc = MemRoot::Local(id);
            let ten = b.c32(ops, 10);
            let t10 = b.bin(ops, BinaryOp::Mul, tx, ten);
            for j in 0..4 {
                let cj = b.c32(ops, j);
                let v = b.bin(ops, BinaryOp::Add, t10, cj);
                let o = b.ci(ops, i64::from(j) * 4, Type::I64);
                b.store(ops, loc, o, v);
            }
            let ot = b.offset(ops, tx, 4);
            b.store(ops, s, ot, tx);
            b.barrier(ops);
            let z = b.ci(ops, 0, Type::I64);
            let a0 = b.load(ops, loc, z, Type::I32);
            let o12 = b.ci(ops, 12, Type::I64);
            let a3 = b.load(ops, loc, o12, Type::I32);
            let one = b.c32(ops, 1);
            let t1 = b.bin(ops, BinaryOp::Add, tx, one);
            let bd = b.dim(ops, Dim::BlockDim(0));
            let nb = b.bin(ops, BinaryOp::URem, t1, bd);
            let on = b.offset(ops, nb, 4);
            let sv = b.load(ops, s, on, Type::I32);
            let r = b.bin(ops, BinaryOp::Add, a0, a3);
            let r = b.bin(ops, BinaryOp::Add, r, sv);
            let g = b.gid_x(ops, bx, tx);
            let og = b.offset(ops, g, 4);
            b.store(ops, MemRoot::Param(0), og, r);
        });
    });
    let mut k = b.finish(top);
    let c = cfg([3, 1, 1], [block, 1, 1]);
    distribute(&mut k, &c).unwrap_or_else(|d| panic!("{d}"));
    parallel_ir::verify::verify_kernel(&k).unwrap_or_else(|d| panic!("{d}"));
    let n = 3 * block as usize;
    let mut bufs = vec![vec![0u8; n * 4]];
    run_cpu(&k, &c, &[Arg::Buf(0)], &mut bufs);
    for i in 0..n {
        let t = (i % block as usize) as i32;
        let want = t * 10 + (t * 10 + 3) + (t + 1) % block as i32;
        let got = i32::from_le_bytes(bufs[0][i * 4..i * 4 + 4].try_into().unwrap_or([0; 4]));
        assert_eq!(got, want, "i {i}");
    }
}
