//! Software prefetch in tile loops (lower/src/cpu/prefetch.rs): a sequential loop around
//! a thread loop whose loads depend on the loop's induction variable and on a carried
//! induction value gets `llvm.prefetch`es a few trips ahead, and the results stay those
//! of a Rust model of the kernel (including trip counts of 0 and 1, where every
//! prefetched address lies past the data).

mod common;

use common::*;
use frontend::ir::AddrSpace;
use lower::cpu::{self, CpuArg};
use parallel_ir::ir::*;

/// `for (t = 0, row = 0; t < trips; t++, row += n) if (g < n) out[g] += in[row + g] * (t + 1)`
/// per thread `g = blockIdx.x * blockDim.x + threadIdx.x`, the loop around the threads.
fn kernel() -> Kernel {
    let mut b = Kb::new("tiles");
    let n = b.param(Type::I32);
    let trips = b.param(Type::I32);
    let _in = b.param(Type::Ptr(AddrSpace::Global));
    let _out = b.param(Type::Ptr(AddrSpace::Global));
    let mut top = Vec::new();
    b.parallel(&mut top, Level::Grid, |b, ops, [bx, _, _]| {
        let zero = b.c32(ops, 0);
        let one = b.c32(ops, 1);
        b.for_(ops, zero, trips, one, vec![zero], |b, ops, t, carried| {
            let row = carried[0];
            b.parallel(ops, Level::Block, |b, ops, [tx, _, _]| {
                let g = b.gid_x(ops, bx, tx);
                let c = b.icmp(ops, IntPredicate::Slt, g, n);
                b.if_(
                    ops,
                    c,
                    &[],
                    |b, ops| {
                        let i = b.bin(ops, BinaryOp::Add, row, g);
                        let oi = b.offset(ops, i, 4);
                        let v = b.load(ops, MemRoot::Param(2), oi, Type::I32);
                        let og = b.offset(ops, g, 4);
                        let o = b.load(ops, MemRoot::Param(3), og, Type::I32);
                        let one = b.c32(ops, 1);
                        let w = b.bin(ops, BinaryOp::Add, t, one);
                        let vw = b.bin(ops, BinaryOp::Mul, v, w);
                        let s = b.bin(ops, BinaryOp::Add, o, vw);
                        b.store(ops, MemRoot::Param(3), og, s);
                        vec![]
                    },
                    |_, _| vec![],
                );
            });
            vec![b.bin(ops, BinaryOp::Add, row, n)]
        });
    });
    b.finish(top)
}

#[test]
fn tile_loop_loads_are_prefetched_and_values_unchanged() {
    let k = kernel();
    let (grid, block) = ([5u32, 1, 1], [16u32, 1, 1]);
    let text = cpu::emit::emit_module(&k, &cfg(grid, block), 0).unwrap_or_else(|d| panic!("{d}"));
    assert!(text.contains("llvm.intr.prefetch"), "no prefetch emitted");
    let compiled = cpu::compile(&k, &cfg(grid, block), 0).unwrap_or_else(|d| panic!("{d}"));
    for (n, trips) in [(70i32, 9i32), (80, 1), (33, 0), (1, 3), (64, 5)] {
        let input: Vec<i32> = (0..n * trips.max(1))
            .map(|i| i.wrapping_mul(2654435761u32 as i32) >> 7)
            .collect();
        let mut inb: Vec<u8> = input.iter().flat_map(|x| x.to_le_bytes()).collect();
        let mut out = vec![0u8; n as usize * 4 + 64];
        let args = [
            CpuArg::Bits(u64::from(n as u32)),
            CpuArg::Bits(u64::from(trips as u32)),
            CpuArg::Ptr(inb.as_mut_ptr()),
            CpuArg::Ptr(out.as_mut_ptr()),
        ];
        unsafe { compiled.run(&args, &[]) }.unwrap_or_else(|d| panic!("{d}"));
        for g in 0..(n as usize + 16) {
            let got = i32::from_le_bytes(out[g * 4..g * 4 + 4].try_into().unwrap());
            let want = if g < n as usize && (g as u32) < grid[0] * block[0] {
                (0..trips).fold(0i32, |acc, t| {
                    acc.wrapping_add(input[(t * n) as usize + g].wrapping_mul(t + 1))
                })
            } else {
                0
            };
            assert_eq!(got, want, "n={n} trips={trips} g={g}");
        }
    }
}
