//! Forwarding of a block's staged shared values into the next thread loop
//! (lower/src/cpu/forward.rs, on by default, off with `RAISE_CPU_FORWARD=0`): results are compared with
//! Rust models bit for bit, with forwarding on and off, and the emitted MLIR shows where
//! it fired and where it must not.

mod common;

use common::*;
use frontend::ir::AddrSpace;
use lower::cpu;
use parallel_ir::ir::*;
use parallel_ir::transforms::distribute::distribute;

const MARK: &str = "staged shared values forwarded";

fn forward_on() {
    // Every test of this binary wants it on (the setting is process-wide).
    std::env::set_var("RAISE_CPU_FORWARD", "1");
}

fn run_tree(
    k: &Kernel,
    c: &frontend::interp::LaunchConfig,
    inp: &[f32],
    n: u32,
    grid: u32,
) -> Vec<f32> {
    let mut bufs = vec![f32_bytes(inp), vec![0u8; grid as usize * 4]];
    run_cpu(
        k,
        c,
        &[i32_arg(n as i32), Arg::Buf(0), Arg::Buf(1)],
        &mut bufs,
    );
    bytes_f32(&bufs[1])
}

#[test]
fn tree_reduction_forwards_staged_values_and_matches_reference() {
    forward_on();
    for block in [1u32, 2, 3, 5, 32, 64, 100, 128, 256, 1000, 1024] {
        let grid = 7u32;
        let n = (block * grid).saturating_sub(block / 2 + 1).max(1);
        let mut k = tree_reduce(block);
        let c = cfg([grid, 1, 1], [block, 1, 1]);
        distribute(&mut k, &c).unwrap_or_else(|d| panic!("{d}"));
        let text = cpu::emit::emit_module(&k, &c, 0).unwrap_or_else(|d| panic!("{d}"));
        // A halving loop with at least one step has a first step to fuse with.
        assert_eq!(text.contains(MARK), block >= 2, "block {block}");
        // Later steps read slots below the first step's shift, the result slot 0.
        assert_eq!(text.contains(DEAD), block >= 2, "block {block}");
        let len = (block * grid) as usize;
        let inp: Vec<f32> = (0..len)
            .map(|i| ((i * 37) % 23) as f32 * 0.31 - 3.0 + (i as f32) * 1e-3)
            .collect();
        let got = run_tree(&k, &c, &inp, n, grid);
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

/// `s[t] = x[g]; sync; s[t] += s[t + shift]` for odd `t` with `t + shift < bd`; sync;
/// `out[g] = s[t]`:
/// with `shift = -1` (`t - 1`, an earlier thread's slot) nothing may be forwarded; with a
/// second thread loop reading `s` before the consumer (`mid`), neither.
fn neighbour(shift: i32, mid: bool) -> Kernel {
    let mut b = Kb::new("neighbour");
    b.param(Type::Ptr(AddrSpace::Global));
    b.param(Type::Ptr(AddrSpace::Global));
    let mut top = Vec::new();
    b.parallel(&mut top, Level::Grid, |b, ops, [bx, _, _]| {
        let s = b.shared(ops, "s", 64 * 4);
        b.parallel(ops, Level::Block, |b, ops, [tx, _, _]| {
            let g = b.gid_x(ops, bx, tx);
            let og = b.offset(ops, g, 4);
            let v = b.load(ops, MemRoot::Param(0), og, Type::F32);
            let ot = b.offset(ops, tx, 4);
            b.store(ops, s, ot, v);
            b.barrier(ops);
            if mid {
                // Every thread overwrites its own slot with twice its neighbour's value.
                let d = b.c32(ops, 1);
                let j = b.bin(ops, BinaryOp::Add, tx, d);
                let bd = b.dim(ops, Dim::BlockDim(0));
                let inb = b.icmp(ops, IntPredicate::Ult, j, bd);
                let w = b.if_(
                    ops,
                    inb,
                    &[Type::F32],
                    |b, ops| {
                        let oj = b.offset(ops, j, 4);
                        vec![b.load(ops, s, oj, Type::F32)]
                    },
                    |b, ops| vec![b.cf32(ops, 0.5)],
                );
                b.barrier(ops);
                let w2 = b.bin(ops, BinaryOp::FAdd, w[0], w[0]);
                b.store(ops, s, ot, w2);
                b.barrier(ops);
            }
            let d = b.c32(ops, shift);
            let j = b.bin(ops, BinaryOp::Add, tx, d);
            let bd = b.dim(ops, Dim::BlockDim(0));
            let inb = b.icmp(ops, IntPredicate::Ult, j, bd);
            // Odd threads only: they read even slots, which nobody writes here.
            let one = b.c32(ops, 1);
            let odd = b.bin(ops, BinaryOp::And, tx, one);
            let odd = b.icmp(ops, IntPredicate::Eq, odd, one);
            let go = b.bin(ops, BinaryOp::And, inb, odd);
            b.if_(
                ops,
                go,
                &[],
                |b, ops| {
                    let oj = b.offset(ops, j, 4);
                    let x = b.load(ops, s, ot, Type::F32);
                    let y = b.load(ops, s, oj, Type::F32);
                    let sum = b.bin(ops, BinaryOp::FAdd, x, y);
                    b.store(ops, s, ot, sum);
                    vec![]
                },
                |_, _| vec![],
            );
            b.barrier(ops);
            let r = b.load(ops, s, ot, Type::F32);
            b.store(ops, MemRoot::Param(1), og, r);
        });
    });
    b.finish(top)
}

fn reference_neighbour(inp: &[f32], shift: i64, mid: bool, block: usize, grid: usize) -> Vec<f32> {
    let mut out = vec![0f32; block * grid];
    for bx in 0..grid {
        let mut s: Vec<f32> = inp[bx * block..(bx + 1) * block].to_vec();
        if mid {
            let old = s.clone();
            for t in 0..block {
                let w = if t + 1 < block { old[t + 1] } else { 0.5 };
                s[t] = w + w;
            }
        }
        let old = s.clone();
        for t in 0..block {
            let j = t as i64 + shift;
            if t % 2 == 1 && j >= 0 && (j as usize) < block {
                s[t] = old[t] + old[j as usize];
            }
        }
        out[bx * block..(bx + 1) * block].copy_from_slice(&s);
    }
    out
}

#[test]
fn forwarding_fires_only_when_the_consumer_reads_staged_values() {
    forward_on();
    let (block, grid) = (64u32, 5u32);
    let inp: Vec<f32> = (0..block * grid)
        .map(|i| (i % 13) as f32 * 0.7 - 2.0 + i as f32 * 1e-2)
        .collect();
    for (shift, mid, fires) in [
        (3, false, true),
        (0, false, true),
        (-1, false, false),
        (3, true, false),
    ] {
        let mut k = neighbour(shift, mid);
        let c = cfg([grid, 1, 1], [block, 1, 1]);
        distribute(&mut k, &c).unwrap_or_else(|d| panic!("{d}"));
        let text = cpu::emit::emit_module(&k, &c, 0).unwrap_or_else(|d| panic!("{d}"));
        assert_eq!(text.contains(MARK), fires, "shift {shift}, mid {mid}");
        let mut bufs = vec![f32_bytes(&inp), vec![0u8; inp.len() * 4]];
        run_cpu(&k, &c, &[Arg::Buf(0), Arg::Buf(1)], &mut bufs);
        let got = bytes_f32(&bufs[1]);
        let want = reference_neighbour(&inp, i64::from(shift), mid, block as usize, grid as usize);
        for (i, (g, w)) in got.iter().zip(&want).enumerate() {
            assert_eq!(
                g.to_bits(),
                w.to_bits(),
                "shift {shift}, mid {mid}, element {i}: {g} vs {w}"
            );
        }
    }
}

const DEAD: &str = "upper staging stores are dead";

/// The interpreter's result for [`tree_then`]: each block's `s` after the halving loop.
fn reference_then(inp: &[f32], n: usize, block: usize, grid: usize, tail: Tail) -> Vec<f32> {
    let mut out = Vec::new();
    for bx in 0..grid {
        let mut s: Vec<f32> = (0..block)
            .map(|t| {
                let g = bx * block + t;
                if g < n {
                    inp[g]
                } else {
                    0.0
                }
            })
            .collect();
        let mut st = block / 2;
        while st > 0 {
            for t in 0..st {
                s[t] += s[t + st];
            }
            st /= 2;
        }
        match tail {
            Tail::Slot(k) => out.push(s[k as usize]),
            Tail::All => out.extend_from_slice(&s),
        }
    }
    out
}

#[test]
fn upper_staging_stores_are_dropped_only_when_no_later_load_reads_them() {
    forward_on();
    let (block, grid) = (256u32, 9u32);
    // Full blocks, blocks on the fast path's edge and a partial last block.
    let n = block * grid - 300;
    let inp: Vec<f32> = (0..block * grid)
        .map(|i| ((i * 29) % 31) as f32 * 0.37 - 4.0 + i as f32 * 1e-3)
        .collect();
    // Slots below 128 are read again by the halving steps (or are the result); the
    // upper half's staged values only at a later read of slot >= 128.
    for (tail, dead) in [
        (Tail::Slot(0), true),
        (Tail::Slot(127), true),
        (Tail::Slot(128), false),
        (Tail::Slot(255), false),
        (Tail::All, false),
    ] {
        let mut k = tree_then(block, tail);
        let c = cfg([grid, 1, 1], [block, 1, 1]);
        distribute(&mut k, &c).unwrap_or_else(|d| panic!("{d}"));
        let text = cpu::emit::emit_module(&k, &c, 0).unwrap_or_else(|d| panic!("{d}"));
        assert!(text.contains(MARK), "{tail:?}");
        assert_eq!(text.contains(DEAD), dead, "{tail:?}");
        let outs = match tail {
            Tail::Slot(_) => grid,
            Tail::All => grid * block,
        } as usize;
        let mut bufs = vec![f32_bytes(&inp), vec![0u8; outs * 4]];
        run_cpu(
            &k,
            &c,
            &[i32_arg(n as i32), Arg::Buf(0), Arg::Buf(1)],
            &mut bufs,
        );
        let got = bytes_f32(&bufs[1]);
        let want = reference_then(&inp, n as usize, block as usize, grid as usize, tail);
        assert_eq!(got.len(), want.len());
        for (i, (g, w)) in got.iter().zip(&want).enumerate() {
            assert_eq!(
                g.to_bits(),
                w.to_bits(),
                "{tail:?}, element {i}: {g} vs {w}"
            );
        }
    }
}
