//! Prefetch of the block ahead in a grid loop (lower/src/cpu/blockahead.rs): a 1-D map
//! over 256-thread blocks prefetches the block 8 KiB ahead (8 blocks of 1 KiB) for its
//! input and its index array, not for a load through a loaded index, and not at all when
//! a block's stride is below a cache line; the values stay those of a Rust model at sizes
//! where the prefetched blocks lie past the data.

mod common;

use common::*;
use frontend::ir::AddrSpace;
use lower::cpu::{self, CpuArg};
use parallel_ir::ir::*;

/// `if (g < n) out[g] = in[idx[g]] + in[g]` with `g = blockIdx.x * blockDim.x +
/// threadIdx.x`.
fn kernel() -> Kernel {
    let mut b = Kb::new("gather");
    let n = b.param(Type::I32);
    let _idx = b.param(Type::Ptr(AddrSpace::Global));
    let _in = b.param(Type::Ptr(AddrSpace::Global));
    let _out = b.param(Type::Ptr(AddrSpace::Global));
    let mut top = Vec::new();
    b.grid_1d(&mut top, n, |b, ops, g| {
        let og = b.offset(ops, g, 4);
        let i = b.load(ops, MemRoot::Param(1), og, Type::I32);
        let oi = b.offset(ops, i, 4);
        let x = b.load(ops, MemRoot::Param(2), oi, Type::I32);
        let y = b.load(ops, MemRoot::Param(2), og, Type::I32);
        let s = b.bin(ops, BinaryOp::Add, x, y);
        b.store(ops, MemRoot::Param(3), og, s);
    });
    b.finish(top)
}

fn prefetches(text: &str) -> usize {
    text.matches("llvm.intr.prefetch").count()
}

#[test]
fn blocks_ahead_are_prefetched_and_values_kept() {
    let k = kernel();
    let off = std::env::var_os("RAISE_CPU_BLOCK_PREFETCH").is_some_and(|v| v == "0");
    for (block, want) in [(256u32, 2usize), (16, 2), (8, 0)] {
        let grid = 4000u32.div_ceil(block);
        let c = cfg([grid, 1, 1], [block, 1, 1]);
        let text = cpu::emit::emit_module(&k, &c, 0).unwrap_or_else(|d| panic!("{d}"));
        // `idx[g]` and `in[g]` (one line each at thread 0 of the block ahead); not
        // `in[idx[g]]`.
        assert_eq!(
            prefetches(&text),
            if off { 0 } else { want },
            "block {block}"
        );
        if want > 0 && !off {
            // 8 KiB ahead: 8 blocks of 256 floats, 128 blocks of 16.
            let d = 8192 / (block * 4);
            assert!(
                text.contains(&format!("arith.constant {d} : i32")),
                "block {block}: distance {d}"
            );
        }
        let compiled = cpu::compile(&k, &c, 0).unwrap_or_else(|d| panic!("{d}"));
        for n in [4000usize, 3000, 300, 1] {
            let idx: Vec<i32> = (0..n).map(|g| ((g * 7919) % n) as i32).collect();
            let inp: Vec<i32> = (0..n).map(|g| (g as i32) * 3 - 1000).collect();
            let mut out = vec![-7i32; n];
            let args = [
                CpuArg::Bits(n as u64),
                CpuArg::Ptr(idx.as_ptr() as *mut u8),
                CpuArg::Ptr(inp.as_ptr() as *mut u8),
                CpuArg::Ptr(out.as_mut_ptr() as *mut u8),
            ];
            unsafe { compiled.run(&args, &[]) }.unwrap_or_else(|d| panic!("{d}"));
            for g in 0..n {
                assert_eq!(
                    out[g],
                    inp[idx[g] as usize].wrapping_add(inp[g]),
                    "block {block} n {n} g {g}"
                );
            }
        }
    }
}
