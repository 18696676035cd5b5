//! Barrier elimination: the unneeded barrier of bpnn_layerforward goes, the barriers of a
//! tree reduction stay, guards on the thread index are honoured, and the interpreter gives
//! the same values before and after.

mod core_util;

use core_util::*;
use parallel_ir::builder::Builder;
use parallel_ir::ir::*;
use parallel_ir::transforms::barrier_elim::{eliminate_barriers, BarrierElimOptions};
use parallel_ir::verify::verify_kernel;

fn opts(d: [u32; 3]) -> BarrierElimOptions {
    BarrierElimOptions {
        block_dims: Some(d),
        noalias_params: true,
    }
}

/// The bpnn_layerforward pattern (Rodinia backprop), block 16 x 16:
/// ```text
/// if (tx == 0) s_in[ty] = input[16 * bx + ty];
/// __syncthreads();                       // B0: not needed
/// s_w[ty][tx] = w[256 * bx + 16 * ty + tx];
/// __syncthreads();                       // B1: needed (s_in[ty] read by every tx)
/// s_w[ty][tx] = s_w[ty][tx] * s_in[ty];
/// __syncthreads();                       // B2: needed (row sums read other threads' s_w)
/// if (tx == 0) { float s = 0; for (i = 0; i < 16; i++) s += s_w[ty][i]; out[16 * bx + ty] = s; }
/// ```
fn bpnn() -> Kernel {
    let mut b = Builder::new("bpnn_layerforward");
    let _input = b.param(GLOBAL, "input");
    let _w = b.param(GLOBAL, "w");
    let _out = b.param(GLOBAL, "out");
    b.grid(|b, [bx, _, _]| {
        let s_in = b.shared("input_node", 64, 4);
        let s_w = b.shared("weight_matrix", 1024, 4);
        b.block(|b, [tx, ty, _]| {
            let zero = b.i32(0);
            let sixteen = b.i32(16);
            let is0 = b.icmp(IntPredicate::Eq, tx, zero);
            let row = b.bin(BinaryOp::Mul, bx, sixteen);
            let row = b.bin(BinaryOp::Add, row, ty);
            b.if_(
                is0,
                &[],
                |b| {
                    let off = elem4(b, row);
                    let v = b.load(Type::F32, MemRoot::Param(0), off);
                    let soff = elem4(b, ty);
                    b.store(MemRoot::Shared(s_in), soff, v);
                    vec![]
                },
                |_| vec![],
            );
            b.barrier();
            let c256 = b.i32(256);
            let base = b.bin(BinaryOp::Mul, bx, c256);
            let ty16 = b.bin(BinaryOp::Mul, ty, sixteen);
            let cell = b.bin(BinaryOp::Add, ty16, tx);
            let gi = b.bin(BinaryOp::Add, base, cell);
            let goff = elem4(b, gi);
            let wv = b.load(Type::F32, MemRoot::Param(1), goff);
            let coff = elem4(b, cell);
            b.store(MemRoot::Shared(s_w), coff, wv);
            b.barrier();
            let a = b.load(Type::F32, MemRoot::Shared(s_w), coff);
            let soff = elem4(b, ty);
            let x = b.load(Type::F32, MemRoot::Shared(s_in), soff);
            let p = b.bin(BinaryOp::FMul, a, x);
            b.store(MemRoot::Shared(s_w), coff, p);
            b.barrier();
            b.if_(
                is0,
                &[],
                |b| {
                    let one = b.i32(1);
                    let init = b.f32(0.0);
                    let s = b.for_(zero, sixteen, one, &[init], |b, i, acc| {
                        let c = b.bin(BinaryOp::Add, ty16, i);
                        let off = elem4(b, c);
                        let v = b.load(Type::F32, MemRoot::Shared(s_w), off);
                        vec![b.bin(BinaryOp::FAdd, acc[0], v)]
                    });
                    let off = elem4(b, row);
                    b.store(MemRoot::Param(2), off, s[0]);
                    vec![]
                },
                |_| vec![],
            );
        });
    });
    b.finish()
}

fn run_bpnn(k: &Kernel) -> Vec<f32> {
    let input: Vec<f32> = (0..32).map(|i| 0.25 * i as f32 - 1.0).collect();
    let w: Vec<f32> = (0..512).map(|i| ((i * 7) % 13) as f32 * 0.1).collect();
    let out = run(
        k,
        [2, 1, 1],
        [16, 16, 1],
        vec![
            Arg::Buf(f32s(&input)),
            Arg::Buf(f32s(&w)),
            Arg::Buf(vec![0; 32 * 4]),
        ],
    )
    .unwrap();
    let got = from_f32s(&out[2]);
    // Reference, in the same order of operations.
    for blk in 0..2 {
        for ty in 0..16 {
            let mut s = 0.0f32;
            for i in 0..16 {
                s += w[256 * blk + 16 * ty + i] * input[16 * blk + ty];
            }
            assert_eq!(got[16 * blk + ty], s, "row {ty} of block {blk}");
        }
    }
    got
}

#[test]
fn core_barrier_elim_bpnn_removes_the_unneeded_barrier() {
    let original = bpnn();
    let before = run_bpnn(&original);
    let mut k = original.clone();
    let stats = eliminate_barriers(&mut k, &opts([16, 16, 1]));
    verify_kernel(&k).unwrap();
    let shown = stats.to_string();
    println!("{shown}");
    assert_eq!(stats.found(), 3, "{shown}");
    assert_eq!(stats.removed(), 1, "{shown}");
    assert!(stats.barriers[0].removed, "{shown}");
    assert!(!stats.barriers[1].removed, "{shown}");
    assert!(
        stats.barriers[1]
            .reason
            .contains("touch the same bytes of shared0"),
        "{shown}"
    );
    assert!(!stats.barriers[2].removed, "{shown}");
    assert!(stats.barriers[2].reason.contains("not affine"), "{shown}");
    assert_eq!(run_bpnn(&k), before);
    // B0 separates accesses to different allocations only: removable whatever the block
    // size; B1 needs the block size to compare offsets into one allocation.
    let mut k = original.clone();
    let stats = eliminate_barriers(&mut k, &BarrierElimOptions::default());
    assert_eq!(stats.removed(), 1, "{stats}");
    assert!(stats.barriers[0].removed, "{stats}");
    assert!(
        stats.barriers[1].reason.contains("block size is not known"),
        "{stats}"
    );
}

/// `out[bx] = sum of x[64 bx .. 64 bx + 64]` by a shared-memory tree.
fn tree_reduction() -> Kernel {
    let mut b = Builder::new("reduce");
    let _x = b.param(GLOBAL, "x");
    let _out = b.param(GLOBAL, "out");
    b.grid(|b, [bx, _, _]| {
        let s = b.shared("s", 256, 4);
        b.block(|b, [tx, _, _]| {
            let i = global_index(b, bx, tx);
            let off = elem4(b, i);
            let v = b.load(Type::I32, MemRoot::Param(0), off);
            let toff = elem4(b, tx);
            b.store(MemRoot::Shared(s), toff, v);
            b.barrier();
            let zero = b.i32(0);
            let one = b.i32(1);
            let six = b.i32(6);
            b.for_(zero, six, one, &[], |b, k, _| {
                let c32 = b.i32(32);
                let stride = b.bin(BinaryOp::AShr, c32, k);
                let active = b.icmp(IntPredicate::Slt, tx, stride);
                b.if_(
                    active,
                    &[],
                    |b| {
                        let j = b.bin(BinaryOp::Add, tx, stride);
                        let joff = elem4(b, j);
                        let other = b.load(Type::I32, MemRoot::Shared(s), joff);
                        let mine = b.load(Type::I32, MemRoot::Shared(s), toff);
                        let sum = b.bin(BinaryOp::Add, mine, other);
                        b.store(MemRoot::Shared(s), toff, sum);
                        vec![]
                    },
                    |_| vec![],
                );
                b.barrier();
                vec![]
            });
            let is0 = b.icmp(IntPredicate::Eq, tx, zero);
            b.if_(
                is0,
                &[],
                |b| {
                    let z = b.i64(0);
                    let r = b.load(Type::I32, MemRoot::Shared(s), z);
                    let boff = elem4(b, bx);
                    b.store(MemRoot::Param(1), boff, r);
                    vec![]
                },
                |_| vec![],
            );
        });
    });
    b.finish()
}

#[test]
fn core_barrier_elim_tree_reduction_keeps_barriers() {
    let mut k = tree_reduction();
    let stats = eliminate_barriers(&mut k, &opts([64, 1, 1]));
    let shown = stats.to_string();
    assert_eq!(stats.found(), 2, "{shown}");
    assert_eq!(stats.removed(), 0, "{shown}");
    for b in &stats.barriers {
        assert!(b.reason.contains("not affine"), "{shown}");
    }
    let x: Vec<i32> = (0..128).map(|i| i * i - 50).collect();
    let out = run(
        &k,
        [2, 1, 1],
        [64, 1, 1],
        vec![Arg::Buf(i32s(&x)), Arg::Buf(vec![0; 8])],
    )
    .unwrap();
    assert_eq!(
        from_i32s(&out[1]),
        [x[..64].iter().sum::<i32>(), x[64..].iter().sum::<i32>()]
    );
}

/// `if (t < 32) s[t] = x[t]; barrier; if (t < 32) y[t] = s[read(t)]`.
fn guarded(read_index: impl Fn(&mut Builder, Value) -> Value, write_guard: bool) -> Kernel {
    let mut b = Builder::new("guarded");
    let _x = b.param(GLOBAL, "x");
    let _y = b.param(GLOBAL, "y");
    b.grid(|b, _| {
        let s = b.shared("s", 256, 4);
        b.block(|b, [tx, _, _]| {
            let c32 = b.i32(32);
            let low = b.icmp(IntPredicate::Slt, tx, c32);
            let yes = b.bool(true);
            let wcond = if write_guard { low } else { yes };
            let toff = elem4(b, tx);
            b.if_(
                wcond,
                &[],
                |b| {
                    let v = b.load(Type::I32, MemRoot::Param(0), toff);
                    b.store(MemRoot::Shared(s), toff, v);
                    vec![]
                },
                |_| vec![],
            );
            b.barrier();
            b.if_(
                low,
                &[],
                |b| {
                    let j = read_index(b, tx);
                    let joff = elem4(b, j);
                    let v = b.load(Type::I32, MemRoot::Shared(s), joff);
                    b.store(MemRoot::Param(1), toff, v);
                    vec![]
                },
                |_| vec![],
            );
        });
    });
    b.finish()
}

#[test]
fn core_barrier_elim_honours_thread_guards() {
    let mirror = |b: &mut Builder, t: Value| {
        let c63 = b.i32(63);
        b.bin(BinaryOp::Sub, c63, t)
    };
    // Writers are t < 32 (s[0..32)), readers read s[63 - t] = s[32..64): never written.
    let mut k = guarded(mirror, true);
    let stats = eliminate_barriers(&mut k, &opts([64, 1, 1]));
    assert_eq!(stats.removed(), 1, "{stats}");
    // Without the write guard, thread 63 writes s[63], which thread 0 reads.
    let mut k = guarded(mirror, false);
    let stats = eliminate_barriers(&mut k, &opts([64, 1, 1]));
    assert_eq!(stats.removed(), 0, "{stats}");
    assert!(stats.barriers[0].reason.contains("threads"), "{stats}");
    // Each reader reads only what it wrote itself: removable.
    let mut k = guarded(|_, t| t, false);
    let stats = eliminate_barriers(&mut k, &opts([64, 1, 1]));
    assert_eq!(stats.removed(), 1, "{stats}");
    // The same kernel launched with 2-D blocks: threads (t, 0) and (t, 1) share s[t].
    let mut k = guarded(|_, t| t, false);
    let stats = eliminate_barriers(&mut k, &opts([64, 2, 1]));
    assert_eq!(stats.removed(), 0, "{stats}");
    // Buffers that may alias keep it (x read before, y written after).
    let mut k = guarded(|_, t| t, false);
    let stats = eliminate_barriers(
        &mut k,
        &BarrierElimOptions {
            block_dims: Some([64, 1, 1]),
            noalias_params: false,
        },
    );
    assert_eq!(stats.removed(), 0, "{stats}");
    assert!(stats.barriers[0].reason.contains("may alias"), "{stats}");
}

/// `s[t + 2n] = t; barrier; y[t] = s[t + 2n + shift]` with `2n` computed in the thread
/// region from the parameter `n`: a symbol that cancels.
fn symbolic(shift: i32) -> Kernel {
    let mut b = Builder::new("symbolic");
    let n = b.param(Type::I32, "n");
    let _y = b.param(GLOBAL, "y");
    b.grid(|b, _| {
        let s = b.shared("s", 1024, 4);
        b.block(|b, [tx, _, _]| {
            let two = b.i32(2);
            let k = b.bin(BinaryOp::Mul, n, two);
            let kk = b.bin(BinaryOp::Mul, k, k); // non-affine, but uniform
            let base = b.bin(BinaryOp::Add, tx, kk);
            let off = elem4(b, base);
            b.store(MemRoot::Shared(s), off, tx);
            b.barrier();
            let sh = b.i32(shift);
            let j = b.bin(BinaryOp::Add, base, sh);
            let joff = elem4(b, j);
            let v = b.load(Type::I32, MemRoot::Shared(s), joff);
            let toff = elem4(b, tx);
            b.store(MemRoot::Param(1), toff, v);
        });
    });
    b.finish()
}

#[test]
fn core_barrier_elim_uniform_symbols_cancel() {
    let mut k = symbolic(0);
    let stats = eliminate_barriers(&mut k, &opts([32, 1, 1]));
    assert_eq!(stats.removed(), 1, "{stats}");
    let mut k = symbolic(1);
    let stats = eliminate_barriers(&mut k, &opts([32, 1, 1]));
    assert_eq!(stats.removed(), 0, "{stats}");
    assert!(stats.barriers[0].reason.contains("threads"), "{stats}");
    // And the kept one matters: thread t reads what thread t + 1 wrote.
    let out = run(
        &k,
        [1, 1, 1],
        [32, 1, 1],
        vec![Arg::Scalar(3), Arg::Buf(vec![0; 128])],
    )
    .unwrap();
    let got = from_i32s(&out[0]);
    assert_eq!(got[0], 1);
    assert_eq!(got[30], 31);
    assert_eq!(got[31], 0);
}
