//! Distribution's choice between storing and recomputing values that cross a barrier
//! (the minimum cut of `parallel_ir::transforms::remat`) and its placement of a loop's
//! carried per-thread values: the structure it produces, and the values on the CPU
//! backend, bit for bit against Rust references.

mod common;

use common::*;
use frontend::ir::AddrSpace;
use parallel_ir::ir::*;
use parallel_ir::transforms::distribute::distribute;

/// Names of the per-thread arrays distribution made for values crossing thread loops
/// (`dist.v*`; carried values and branch results are `dist.carried.*`).
fn crossing_arrays(k: &Kernel) -> Vec<String> {
    k.shared
        .iter()
        .map(|s| s.name.clone())
        .filter(|n| n.starts_with("dist.v"))
        .collect()
}

/// `x = in[g]; y = x + 1; z = x * 3; s[t] = x; sync; out[g] = s[bd-1-t] + y * z`.
fn load_feeding_two_values() -> Kernel {
    let mut b = Kb::new("load_feeding_two_values");
    b.param(Type::Ptr(AddrSpace::Global));
    b.param(Type::Ptr(AddrSpace::Global));
    let mut top = Vec::new();
    b.parallel(&mut top, Level::Grid, |b, ops, [bx, _, _]| {
        let s = b.shared(ops, "s", 64 * 4);
        b.parallel(ops, Level::Block, |b, ops, [tx, _, _]| {
            let g = b.gid_x(ops, bx, tx);
            let og = b.offset(ops, g, 4);
            let x = b.load(ops, MemRoot::Param(0), og, Type::F32);
            let one = b.cf32(ops, 1.0);
            let three = b.cf32(ops, 3.0);
            let y = b.bin(ops, BinaryOp::FAdd, x, one);
            let z = b.bin(ops, BinaryOp::FMul, x, three);
            let ot = b.offset(ops, tx, 4);
            b.store(ops, s, ot, x);
            b.barrier(ops);
            let bd = b.dim(ops, Dim::BlockDim(0));
            let c1 = b.c32(ops, 1);
            let last = b.bin(ops, BinaryOp::Sub, bd, c1);
            let r = b.bin(ops, BinaryOp::Sub, last, tx);
            let orr = b.offset(ops, r, 4);
            let w = b.load(ops, s, orr, Type::F32);
            let yz = b.bin(ops, BinaryOp::FMul, y, z);
            let o = b.bin(ops, BinaryOp::FAdd, w, yz);
            b.store(ops, MemRoot::Param(1), og, o);
        });
    });
    b.finish(top)
}

#[test]
fn cheap_index_is_recomputed_and_a_shared_load_is_stored_once() {
    let (block, grid) = (64u32, 7u32);
    let mut k = load_feeding_two_values();
    let c = cfg([grid, 1, 1], [block, 1, 1]);
    let stats = distribute(&mut k, &c).unwrap_or_else(|d| panic!("{d}"));
    parallel_ir::verify::verify_kernel(&k).unwrap_or_else(|d| panic!("{d}"));
    // Crossing: the output offset (index arithmetic from the thread id: recomputed), `y`
    // and `z`. Storing the loaded `x` once and recomputing `y` and `z` from it is cheaper
    // than storing both: one array, three values recomputed.
    assert_eq!(stats.spilled, 1, "{stats:?}");
    assert_eq!(stats.recomputed, 3, "{stats:?}");
    assert_eq!(crossing_arrays(&k).len(), 1, "{:?}", crossing_arrays(&k));
    let n = (block * grid) as usize;
    let inp: Vec<f32> = (0..n).map(|i| (i % 13) as f32 * 0.71 - 3.3).collect();
    let mut bufs = vec![f32_bytes(&inp), vec![0u8; n * 4]];
    run_cpu(&k, &c, &[Arg::Buf(0), Arg::Buf(1)], &mut bufs);
    let got = bytes_f32(&bufs[1]);
    let b = block as usize;
    for i in 0..n {
        let (blk, t) = (i / b, i % b);
        let x = inp[i];
        let want = inp[blk * b + (b - 1 - t)] + (x + 1.0) * (x * 3.0);
        assert_eq!(got[i].to_bits(), want.to_bits(), "element {i}");
    }
}

/// `acc = 0; for j < trips { s[t] = in[j*n + g]; sync; acc += s[(t+1) % bd] * s[t]; sync }
/// out[g] = acc` (the tiled matmul's shape: an accumulator carried across two barriers).
fn accumulate_over_tiles(trips: i32, reuse_after_update: bool) -> Kernel {
    let mut b = Kb::new("accumulate_over_tiles");
    b.param(Type::Ptr(AddrSpace::Global));
    b.param(Type::Ptr(AddrSpace::Global));
    let n = b.param(Type::I32);
    let mut top = Vec::new();
    b.parallel(&mut top, Level::Grid, |b, ops, [bx, _, _]| {
        let s = b.shared(ops, "s", 64 * 4);
        b.parallel(ops, Level::Block, |b, ops, [tx, _, _]| {
            let g = b.gid_x(ops, bx, tx);
            let zero = b.c32(ops, 0);
            let one = b.c32(ops, 1);
            let nt = b.c32(ops, trips);
            let f0 = b.cf32(ops, 0.0);
            let res = b.for_(ops, zero, nt, one, vec![f0], |b, ops, j, acc| {
                let acc = acc[0];
                let jn = b.bin(ops, BinaryOp::Mul, j, n);
                let idx = b.bin(ops, BinaryOp::Add, jn, g);
                let oi = b.offset(ops, idx, 4);
                let v = b.load(ops, MemRoot::Param(0), oi, Type::F32);
                let ot = b.offset(ops, tx, 4);
                b.store(ops, s, ot, v);
                b.barrier(ops);
                let bd = b.dim(ops, Dim::BlockDim(0));
                let t1 = b.bin(ops, BinaryOp::Add, tx, one);
                let nb = b.bin(ops, BinaryOp::URem, t1, bd);
                let on = b.offset(ops, nb, 4);
                let a = b.load(ops, s, on, Type::F32);
                let m = b.load(ops, s, ot, Type::F32);
                let p = b.bin(ops, BinaryOp::FMul, a, m);
                let next = b.bin(ops, BinaryOp::FAdd, acc, p);
                b.barrier(ops);
                if reuse_after_update {
                    // The old accumulator is used after the new one is computed (and
                    // after a barrier): its slot must keep the old value until then.
                    let o = b.offset(ops, idx, 4);
                    b.store(ops, MemRoot::Param(1), o, acc);
                }
                vec![next]
            });
            if !reuse_after_update {
                let og = b.offset(ops, g, 4);
                b.store(ops, MemRoot::Param(1), og, res[0]);
            }
        });
    });
    b.finish(top)
}

fn thread_loops_in_for(k: &Kernel) -> Vec<usize> {
    fn walk(k: &Kernel, ops: &[OpId], out: &mut Vec<usize>) {
        for &o in ops {
            if let OpKind::For { body, .. } = &k.op(o).kind {
                let n = body
                    .ops
                    .iter()
                    .filter(|&&x| {
                        matches!(
                            k.op(x).kind,
                            OpKind::Parallel {
                                level: Level::Block,
                                ..
                            }
                        )
                    })
                    .count();
                out.push(n);
            }
            for r in k.op(o).kind.regions() {
                walk(k, &r.ops, out);
            }
        }
    }
    let mut out = Vec::new();
    walk(k, &k.body.ops, &mut out);
    out
}

fn reference_tiles(inp: &[f32], n: usize, b: usize, trips: usize) -> (Vec<f32>, Vec<f32>) {
    let mut acc = vec![0f32; n];
    let mut olds = vec![0f32; n * trips];
    for j in 0..trips {
        let tile = &inp[j * n..(j + 1) * n];
        for g in 0..n {
            let (blk, t) = (g / b, g % b);
            let a = tile[blk * b + (t + 1) % b];
            let m = tile[g];
            olds[j * n + g] = acc[g];
            acc[g] += a * m;
        }
    }
    (acc, olds)
}

#[test]
fn carried_accumulator_is_updated_in_place_without_copy_loops() {
    let (block, grid, trips) = (64u32, 5u32, 9i32);
    let mut k = accumulate_over_tiles(trips, false);
    let c = cfg([grid, 1, 1], [block, 1, 1]);
    distribute(&mut k, &c).unwrap_or_else(|d| panic!("{d}"));
    parallel_ir::verify::verify_kernel(&k).unwrap_or_else(|d| panic!("{d}"));
    // Per trip: the tile load and the update, nothing copying the accumulator around.
    assert_eq!(thread_loops_in_for(&k), vec![2]);
    assert!(crossing_arrays(&k).is_empty(), "{:?}", crossing_arrays(&k));
    let n = (block * grid) as usize;
    let inp: Vec<f32> = (0..n * trips as usize)
        .map(|i| ((i * 7) % 19) as f32 * 0.13 - 1.1)
        .collect();
    let mut bufs = vec![f32_bytes(&inp), vec![0u8; n * 4]];
    run_cpu(
        &k,
        &c,
        &[Arg::Buf(0), Arg::Buf(1), i32_arg(n as i32)],
        &mut bufs,
    );
    let got = bytes_f32(&bufs[1]);
    let (want, _) = reference_tiles(&inp, n, block as usize, trips as usize);
    for i in 0..n {
        assert_eq!(got[i].to_bits(), want[i].to_bits(), "element {i}");
    }
}

#[test]
fn carried_value_used_after_its_update_keeps_its_slot_until_then() {
    let (block, grid, trips) = (64u32, 3u32, 6i32);
    let mut k = accumulate_over_tiles(trips, true);
    let c = cfg([grid, 1, 1], [block, 1, 1]);
    distribute(&mut k, &c).unwrap_or_else(|d| panic!("{d}"));
    parallel_ir::verify::verify_kernel(&k).unwrap_or_else(|d| panic!("{d}"));
    // The old value is loaded again after the last barrier (no copy of it); the new one
    // is stored at the end of the trip, so it crosses the second barrier in an array.
    assert_eq!(crossing_arrays(&k).len(), 1, "{:?}", crossing_arrays(&k));
    let n = (block * grid) as usize;
    let inp: Vec<f32> = (0..n * trips as usize)
        .map(|i| ((i * 5) % 23) as f32 * 0.29 - 2.7)
        .collect();
    let mut bufs = vec![f32_bytes(&inp), vec![0u8; n * trips as usize * 4]];
    run_cpu(
        &k,
        &c,
        &[Arg::Buf(0), Arg::Buf(1), i32_arg(n as i32)],
        &mut bufs,
    );
    let got = bytes_f32(&bufs[1]);
    let (_, olds) = reference_tiles(&inp, n, block as usize, trips as usize);
    for i in 0..olds.len() {
        assert_eq!(got[i].to_bits(), olds[i].to_bits(), "element {i}");
    }
}
