//! Atomics on shared memory run as plain read-modify-writes on the CPU (a block's threads
//! run one after another on one OS thread): contended adds within a block must still sum
//! every thread's value, in thread order, and return the old values.

mod common;

use common::*;
use frontend::ir::AddrSpace;
use parallel_ir::ir::*;
use parallel_ir::transforms::distribute::distribute;

/// `old = atomicAdd(&s[t % 4], in[g]); olds[g] = old; sync; if (t < 4) out[4 bx + t] = s[t]`.
fn shared_bins() -> Kernel {
    let mut b = Kb::new("shared_bins");
    b.param(Type::Ptr(AddrSpace::Global));
    b.param(Type::Ptr(AddrSpace::Global));
    b.param(Type::Ptr(AddrSpace::Global));
    let mut top = Vec::new();
    b.parallel(&mut top, Level::Grid, |b, ops, [bx, _, _]| {
        let s = b.shared(ops, "s", 16);
        b.parallel(ops, Level::Block, |b, ops, [tx, _, _]| {
            let g = b.gid_x(ops, bx, tx);
            let og = b.offset(ops, g, 4);
            let v = b.load(ops, MemRoot::Param(0), og, Type::F32);
            let four = b.c32(ops, 4);
            let bin = b.bin(ops, BinaryOp::URem, tx, four);
            let ob = b.offset(ops, bin, 4);
            let old = b.v(
                ops,
                OpKind::Atomic {
                    op: AtomicOp::FAdd,
                    addr: Addr::Root {
                        root: s,
                        offset: ob,
                    },
                    value: v,
                },
                Type::F32,
            );
            b.store(ops, MemRoot::Param(2), og, old);
            b.barrier(ops);
            let c = b.icmp(ops, IntPredicate::Ult, tx, four);
            b.if_(
                ops,
                c,
                &[],
                |b, ops| {
                    let ot = b.offset(ops, tx, 4);
                    let w = b.load(ops, s, ot, Type::F32);
                    let base = b.bin(ops, BinaryOp::Mul, bx, four);
                    let o = b.bin(ops, BinaryOp::Add, base, tx);
                    let oo = b.offset(ops, o, 4);
                    b.store(ops, MemRoot::Param(1), oo, w);
                    vec![]
                },
                |_, _| vec![],
            );
        });
    });
    b.finish(top)
}

#[test]
fn contended_shared_fadd_sums_in_thread_order() {
    let (block, grid) = (128u32, 6u32);
    let mut k = shared_bins();
    let c = cfg([grid, 1, 1], [block, 1, 1]);
    distribute(&mut k, &c).unwrap_or_else(|d| panic!("{d}"));
    parallel_ir::verify::verify_kernel(&k).unwrap_or_else(|d| panic!("{d}"));
    assert!(!has_barrier(&k));
    let text = lower::cpu::emit::emit_module(&k, &c, 0).unwrap_or_else(|d| panic!("{d}"));
    assert!(
        !text.contains("atomicrmw"),
        "shared atomics stay atomic:\n{text}"
    );
    let n = (block * grid) as usize;
    // Values whose float sum depends on the order, so the check pins thread order.
    let inp: Vec<f32> = (0..n)
        .map(|i| {
            if i % 3 == 0 {
                1.0e7
            } else {
                0.37 + i as f32 * 1.0e-3
            }
        })
        .collect();
    let mut bufs = vec![
        f32_bytes(&inp),
        vec![0u8; grid as usize * 16],
        vec![0u8; n * 4],
    ];
    run_cpu(&k, &c, &[Arg::Buf(0), Arg::Buf(1), Arg::Buf(2)], &mut bufs);
    let sums = bytes_f32(&bufs[1]);
    let olds = bytes_f32(&bufs[2]);
    let b = block as usize;
    for blk in 0..grid as usize {
        let mut acc = [0.0f32; 4];
        for t in 0..b {
            let g = blk * b + t;
            assert_eq!(
                olds[g].to_bits(),
                acc[t % 4].to_bits(),
                "old, block {blk} t {t}"
            );
            acc[t % 4] += inp[g];
        }
        for (j, want) in acc.iter().enumerate() {
            assert_eq!(
                sums[blk * 4 + j].to_bits(),
                want.to_bits(),
                "block {blk} bin {j}"
            );
        }
    }
}
