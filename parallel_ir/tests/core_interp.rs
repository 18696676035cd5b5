//! The parallel-IR interpreter on hand-built kernels: values, barriers, loops, warps and
//! the kernel interpreter's error codes.
#![allow(clippy::needless_range_loop)]

mod core_util;

use core_util::*;
use parallel_ir::builder::Builder;
use parallel_ir::ir::*;

/// `saxpy(n, a, x, y)`: `y[i] = a * x[i] + y[i]` for `i < n`.
fn saxpy() -> Kernel {
    let mut b = Builder::new("saxpy");
    let n = b.param(Type::I32, "n");
    let a = b.param(Type::F32, "a");
    let _x = b.param(GLOBAL, "x");
    let _y = b.param(GLOBAL, "y");
    b.grid(|b, [bx, _, _]| {
        b.block(|b, [tx, _, _]| {
            let i = global_index(b, bx, tx);
            let inside = b.icmp(IntPredicate::Slt, i, n);
            b.if_(
                inside,
                &[],
                |b| {
                    let off = elem4(b, i);
                    let xv = b.load(Type::F32, MemRoot::Param(2), off);
                    let yv = b.load(Type::F32, MemRoot::Param(3), off);
                    let ax = b.bin(BinaryOp::FMul, a, xv);
                    let r = b.bin(BinaryOp::FAdd, ax, yv);
                    b.store(MemRoot::Param(3), off, r);
                    vec![]
                },
                |_| vec![],
            );
        });
    });
    b.finish()
}

#[test]
fn core_interp_saxpy() {
    let n = 100usize;
    let x: Vec<f32> = (0..128).map(|i| i as f32 * 0.37 - 3.0).collect();
    let y: Vec<f32> = (0..128).map(|i| 1.0 / (i as f32 + 1.5)).collect();
    let a = 2.7f32;
    let out = run(
        &saxpy(),
        [2, 1, 1],
        [64, 1, 1],
        vec![
            Arg::Scalar(n as u64),
            Arg::Scalar(u64::from(a.to_bits())),
            Arg::Buf(f32s(&x)),
            Arg::Buf(f32s(&y)),
        ],
    )
    .unwrap();
    let got = from_f32s(&out[1]);
    for i in 0..128 {
        let want = if i < n { a * x[i] + y[i] } else { y[i] };
        assert_eq!(got[i].to_bits(), want.to_bits(), "element {i}");
    }
    assert_eq!(from_f32s(&out[0]), x);
}

/// Each block of 64 threads reverses its 64 elements of `x` through shared memory.
fn shared_reverse(with_barrier: bool) -> Kernel {
    let mut b = Builder::new("reverse");
    let _x = b.param(GLOBAL, "x");
    b.grid(|b, [bx, _, _]| {
        let s = b.shared("s", 256, 4);
        b.block(|b, [tx, _, _]| {
            let i = global_index(b, bx, tx);
            let off = elem4(b, i);
            let v = b.load(Type::I32, MemRoot::Param(0), off);
            let toff = elem4(b, tx);
            b.store(MemRoot::Shared(s), toff, v);
            if with_barrier {
                b.barrier();
            }
            let last = b.i32(63);
            let j = b.bin(BinaryOp::Sub, last, tx);
            let joff = elem4(b, j);
            let r = b.load(Type::I32, MemRoot::Shared(s), joff);
            b.store(MemRoot::Param(0), off, r);
        });
    });
    b.finish()
}

#[test]
fn core_interp_shared_reverse_with_barrier() {
    let x: Vec<i32> = (0..128).map(|i| i * 3 + 1).collect();
    let out = run(
        &shared_reverse(true),
        [2, 1, 1],
        [64, 1, 1],
        vec![Arg::Buf(i32s(&x))],
    )
    .unwrap();
    let got = from_i32s(&out[0]);
    for blk in 0..2 {
        for t in 0..64 {
            assert_eq!(got[blk * 64 + t], x[blk * 64 + 63 - t]);
        }
    }
    // Without the barrier, thread 0 runs ahead and reads shared memory nobody wrote yet
    // (the lockstep schedule of the kernel interpreter): the barrier is what orders it.
    let out = run(
        &shared_reverse(false),
        [1, 1, 1],
        [64, 1, 1],
        vec![Arg::Buf(i32s(&x[..64]))],
    )
    .unwrap();
    assert_eq!(from_i32s(&out[0])[0], 0);
}

#[test]
fn core_interp_for_with_carried_sum() {
    // out[t] = sum_{i=0}^{t} i, and out2[t] = number of iterations with step 3.
    let mut b = Builder::new("sums");
    let _o = b.param(GLOBAL, "out");
    let _o2 = b.param(GLOBAL, "out2");
    b.grid(|b, _| {
        b.block(|b, [tx, _, _]| {
            let zero = b.i32(0);
            let one = b.i32(1);
            let three = b.i32(3);
            let hi = b.bin(BinaryOp::Add, tx, one);
            let s = b.for_(zero, hi, one, &[zero], |b, iv, acc| {
                vec![b.bin(BinaryOp::Add, acc[0], iv)]
            });
            let c = b.for_(zero, tx, three, &[zero, one], |b, _, acc| {
                let n = b.bin(BinaryOp::Add, acc[0], one);
                // Swap-free second carried value stays 1.
                vec![n, acc[1]]
            });
            let off = elem4(b, tx);
            b.store(MemRoot::Param(0), off, s[0]);
            let prod = b.bin(BinaryOp::Mul, c[0], c[1]);
            b.store(MemRoot::Param(1), off, prod);
        });
    });
    let k = b.finish();
    let out = run(
        &k,
        [1, 1, 1],
        [40, 1, 1],
        vec![Arg::Buf(vec![0; 160]), Arg::Buf(vec![0; 160])],
    )
    .unwrap();
    let s = from_i32s(&out[0]);
    let c = from_i32s(&out[1]);
    for t in 0..40i32 {
        assert_eq!(s[t as usize], t * (t + 1) / 2);
        assert_eq!(c[t as usize], (t + 2) / 3, "iterations of 0..{t} step 3");
    }
}

#[test]
fn core_interp_while_and_if_with_results() {
    // Collatz steps of n = t + 1: while n != 1 { n = n even ? n / 2 : 3n + 1; steps++ }.
    let mut b = Builder::new("collatz");
    let _o = b.param(GLOBAL, "out");
    b.grid(|b, _| {
        b.block(|b, [tx, _, _]| {
            let one = b.i32(1);
            let zero = b.i32(0);
            let n0 = b.bin(BinaryOp::Add, tx, one);
            let r = b.while_(
                &[n0, zero],
                &[Type::I32, Type::I32],
                |b, a| {
                    let c = b.icmp(IntPredicate::Ne, a[0], one);
                    (c, vec![a[0], a[1]])
                },
                |b, a| {
                    let two = b.i32(2);
                    let rem = b.bin(BinaryOp::SRem, a[0], two);
                    let even = b.icmp(IntPredicate::Eq, rem, zero);
                    let n = b.if_(
                        even,
                        &[Type::I32],
                        |b| vec![b.bin(BinaryOp::SDiv, a[0], two)],
                        |b| {
                            let three = b.i32(3);
                            let m = b.bin(BinaryOp::Mul, a[0], three);
                            vec![b.bin(BinaryOp::Add, m, one)]
                        },
                    );
                    let steps = b.bin(BinaryOp::Add, a[1], one);
                    vec![n[0], steps]
                },
            );
            let off = elem4(b, tx);
            b.store(MemRoot::Param(0), off, r[1]);
        });
    });
    let k = b.finish();
    let out = run(&k, [1, 1, 1], [50, 1, 1], vec![Arg::Buf(vec![0; 200])]).unwrap();
    let got = from_i32s(&out[0]);
    for t in 0..50 {
        let (mut n, mut steps) = (t + 1, 0);
        while n != 1 {
            n = if n % 2 == 0 { n / 2 } else { 3 * n + 1 };
            steps += 1;
        }
        assert_eq!(got[t as usize], steps, "collatz({})", t + 1);
    }
}

#[test]
fn core_interp_out_of_bounds() {
    let mut b = Builder::new("oob");
    let _x = b.param(GLOBAL, "x");
    b.grid(|b, [bx, _, _]| {
        b.block(|b, [tx, _, _]| {
            let i = global_index(b, bx, tx);
            let off = elem4(b, i);
            let v = b.load(Type::F32, MemRoot::Param(0), off);
            b.store(MemRoot::Param(0), off, v);
        });
    });
    let k = b.finish();
    let err = run(&k, [2, 1, 1], [40, 1, 1], vec![Arg::Buf(vec![0; 64 * 4])]).unwrap_err();
    assert_eq!(err.code, "out-of-bounds");
    let text = err.to_string();
    assert!(text.contains("element index 64 of f32"), "{text}");
    assert!(text.contains("buffer 'buf0'"), "{text}");
    assert!(text.contains("block (1,0,0), thread (24,0,0)"), "{text}");
    assert!(text.contains("in 'oob'"), "{text}");
    assert!(text.contains("load f32 param0["), "{text}");
}

#[test]
fn core_interp_division_by_zero() {
    let mut b = Builder::new("div");
    let d = b.param(Type::I32, "d");
    let _o = b.param(GLOBAL, "o");
    b.grid(|b, _| {
        b.block(|b, [tx, _, _]| {
            let q = b.bin(BinaryOp::SDiv, tx, d);
            let off = elem4(b, tx);
            b.store(MemRoot::Param(1), off, q);
        });
    });
    let k = b.finish();
    let err = run(
        &k,
        [1, 1, 1],
        [4, 1, 1],
        vec![Arg::Scalar(0), Arg::Buf(vec![0; 16])],
    )
    .unwrap_err();
    assert_eq!(err.code, "division-by-zero");
    let out = run(
        &k,
        [1, 1, 1],
        [4, 1, 1],
        vec![Arg::Scalar((-2i32) as u32 as u64), Arg::Buf(vec![0; 16])],
    )
    .unwrap();
    assert_eq!(from_i32s(&out[0]), [0, 0, -1, -1]);
}

#[test]
fn core_interp_divergent_barrier() {
    let mut b = Builder::new("div_barrier");
    b.grid(|b, _| {
        b.block(|b, [tx, _, _]| {
            let c16 = b.i32(16);
            let low = b.icmp(IntPredicate::Slt, tx, c16);
            b.if_(
                low,
                &[],
                |b| {
                    b.barrier();
                    vec![]
                },
                |b| {
                    b.barrier();
                    vec![]
                },
            );
        });
    });
    let k = b.finish();
    let err = run(&k, [1, 1, 1], [32, 1, 1], vec![]).unwrap_err();
    assert_eq!(err.code, "divergent-barrier");

    // Threads that exit early count as arrived.
    let mut b = Builder::new("early_exit");
    let _o = b.param(GLOBAL, "o");
    b.grid(|b, _| {
        let s = b.shared("s", 4, 4);
        b.block(|b, [tx, _, _]| {
            let c16 = b.i32(16);
            let low = b.icmp(IntPredicate::Slt, tx, c16);
            b.if_(
                low,
                &[],
                |b| {
                    let z = b.i64(0);
                    let zero = b.i32(0);
                    let is0 = b.icmp(IntPredicate::Eq, tx, zero);
                    b.if_(
                        is0,
                        &[],
                        |b| {
                            let seven = b.i32(7);
                            b.store(MemRoot::Shared(s), z, seven);
                            vec![]
                        },
                        |_| vec![],
                    );
                    b.barrier();
                    let v = b.load(Type::I32, MemRoot::Shared(s), z);
                    let off = elem4(b, tx);
                    b.store(MemRoot::Param(0), off, v);
                    vec![]
                },
                |_| vec![],
            );
        });
    });
    let k = b.finish();
    let out = run(&k, [1, 1, 1], [32, 1, 1], vec![Arg::Buf(vec![0; 128])]).unwrap();
    let got = from_i32s(&out[0]);
    assert_eq!(&got[..16], &[7; 16]);
    assert_eq!(&got[16..], &[0; 16]);
}

#[test]
fn core_interp_warp_shuffle_reduction_and_ballot() {
    let mut b = Builder::new("warp");
    let _o = b.param(GLOBAL, "o");
    let _o2 = b.param(GLOBAL, "o2");
    b.grid(|b, _| {
        b.block(|b, [tx, _, _]| {
            let full = b.i32(-1);
            let clamp = b.i32(0x1f);
            let mut v = tx;
            for delta in [16, 8, 4, 2, 1] {
                let d = b.i32(delta);
                let other = b.value(
                    OpKind::Shuffle {
                        mode: ShuffleMode::Down,
                        mask: full,
                        value: v,
                        lane: d,
                        clamp,
                    },
                    Type::I32,
                );
                v = b.bin(BinaryOp::Add, v, other);
            }
            let one = b.i32(1);
            let bit = b.bin(BinaryOp::And, tx, one);
            let zero = b.i32(0);
            let odd = b.icmp(IntPredicate::Ne, bit, zero);
            let ballot = b.value(
                OpKind::Vote {
                    mode: VoteMode::Ballot,
                    mask: full,
                    pred: odd,
                },
                Type::I32,
            );
            let lane = b.value(OpKind::LaneId, Type::I32);
            let off = elem4(b, tx);
            b.store(MemRoot::Param(0), off, v);
            let mixed = b.bin(BinaryOp::Xor, ballot, lane);
            b.store(MemRoot::Param(1), off, mixed);
        });
    });
    let k = b.finish();
    let out = run(
        &k,
        [1, 1, 1],
        [64, 1, 1],
        vec![Arg::Buf(vec![0; 256]), Arg::Buf(vec![0; 256])],
    )
    .unwrap();
    let sums = from_i32s(&out[0]);
    assert_eq!(sums[0], (0..32).sum::<i32>());
    assert_eq!(sums[32], (32..64).sum::<i32>());
    let ballots = from_i32s(&out[1]);
    for t in 0..64 {
        assert_eq!(ballots[t] as u32, 0xAAAA_AAAA ^ (t as u32 % 32));
    }
}

#[test]
fn core_interp_shared_is_fresh_per_block() {
    // Each block adds its block index into s[0] (thread 0) and reads it back: a value
    // left from the previous block would show.
    let mut b = Builder::new("fresh");
    let _o = b.param(GLOBAL, "o");
    b.grid(|b, [bx, _, _]| {
        let s = b.shared("s", 4, 4);
        b.block(|b, [tx, _, _]| {
            let z = b.i64(0);
            let zero = b.i32(0);
            let is0 = b.icmp(IntPredicate::Eq, tx, zero);
            b.if_(
                is0,
                &[],
                |b| {
                    let v = b.value(
                        OpKind::Atomic {
                            op: AtomicOp::Add,
                            addr: Addr::Root {
                                root: MemRoot::Shared(s),
                                offset: z,
                            },
                            value: bx,
                        },
                        Type::I32,
                    );
                    let _ = v;
                    vec![]
                },
                |_| vec![],
            );
            b.barrier();
            let v = b.load(Type::I32, MemRoot::Shared(s), z);
            let boff = elem4(b, bx);
            b.if_(
                is0,
                &[],
                |b| {
                    b.store(MemRoot::Param(0), boff, v);
                    vec![]
                },
                |_| vec![],
            );
        });
    });
    let k = b.finish();
    let out = run(&k, [4, 1, 1], [8, 1, 1], vec![Arg::Buf(vec![0; 16])]).unwrap();
    assert_eq!(from_i32s(&out[0]), [0, 1, 2, 3]);
}

#[test]
fn core_interp_printer_kernel_values() {
    // The printer's snapshot kernel: out[i] = tile[t] + 0.5 * t (via the loop), t < 64.
    let k = reverse_kernel();
    let x: Vec<f32> = (0..128).map(|i| i as f32).collect();
    let out = run(&k, [2, 1, 1], [64, 1, 1], vec![Arg::Buf(f32s(&x))]).unwrap();
    let got = from_f32s(&out[0]);
    for i in 0..128 {
        let t = i % 64;
        let mut sum = 0.0f32;
        for _ in 0..t {
            sum += 0.5;
        }
        assert_eq!(got[i], x[i] + sum);
    }
}

/// Throughput of the interpreter on a large saxpy (run with `--ignored --nocapture`).
#[test]
#[ignore]
fn core_interp_saxpy_throughput() {
    let n = 1 << 20;
    let x: Vec<f32> = (0..n).map(|i| i as f32).collect();
    let y = vec![1.0f32; n];
    let start = std::time::Instant::now();
    let out = run(
        &saxpy(),
        [(n / 256) as u32, 1, 1],
        [256, 1, 1],
        vec![
            Arg::Scalar(n as u64),
            Arg::Scalar(u64::from(2.0f32.to_bits())),
            Arg::Buf(f32s(&x)),
            Arg::Buf(f32s(&y)),
        ],
    )
    .unwrap();
    let dt = start.elapsed();
    assert_eq!(from_f32s(&out[1])[5], 11.0);
    println!(
        "saxpy n={n}: {:.1} ms ({:.1} ns per thread)",
        dt.as_secs_f64() * 1e3,
        dt.as_secs_f64() * 1e9 / n as f64
    );
}

#[test]
fn core_interp_memory_roots_and_pointers() {
    use frontend::ir::{AddrSpace, Global, GlobalId, Module};
    // Module: a constant table, a shared array declared before ours (layout must match the
    // kernel interpreter's: ours sits at byte 16).
    let mut module = Module::new("m.ll", frontend::ir::Flavor::ClangCuda);
    module.globals.push(Global {
        name: "table".into(),
        space: AddrSpace::Const,
        bytes: 16,
        align: 4,
        init: Some(
            [10i32, 20, 30, 40]
                .iter()
                .flat_map(|v| v.to_le_bytes())
                .collect(),
        ),
        dynamic_shared: false,
    });
    module.globals.push(Global {
        name: "other".into(),
        space: AddrSpace::Shared,
        bytes: 12,
        align: 4,
        init: None,
        dynamic_shared: false,
    });
    module.globals.push(Global {
        name: "buf".into(),
        space: AddrSpace::Shared,
        bytes: 64,
        align: 16,
        init: None,
        dynamic_shared: false,
    });
    let mut b = Builder::new("mem");
    let _o = b.param(GLOBAL, "o");
    b.grid(|b, _| {
        let s = b.shared("buf", 64, 16);
        b.block(|b, [tx, _, _]| {
            let toff = elem4(b, tx);
            // t-th table entry through the Global root.
            let tv = b.load(Type::I32, MemRoot::Global(GlobalId(0)), toff);
            // A private array: local[0] = tv; read back.
            let l = b.local(8, 4);
            let z = b.i64(0);
            b.store(MemRoot::Local(l), z, tv);
            let lv = b.load(Type::I32, MemRoot::Local(l), z);
            // Shared through an escaped pointer: &buf + 4 t, stored then read via root.
            let sp = b.value(
                OpKind::RootAddr(MemRoot::Shared(s)),
                Type::Ptr(AddrSpace::Shared),
            );
            let p = b.value(
                OpKind::PtrAdd {
                    ptr: sp,
                    offset: toff,
                },
                sp_ty(),
            );
            b.op(
                OpKind::Store {
                    addr: Addr::Dynamic(p),
                    value: lv,
                },
                &[],
            );
            let back = b.load(Type::I32, MemRoot::Shared(s), toff);
            // Shared pointer value as an integer: the window offset 16 + 4 t.
            let pi = b.cast(CastOp::PtrToInt, p, Type::I64);
            let pi32 = b.cast(CastOp::Trunc, pi, Type::I32);
            // CAS on shared: succeeds (expected = back).
            let hundred = b.i32(100);
            let old = b.value(
                OpKind::AtomicCas {
                    addr: Addr::Root {
                        root: MemRoot::Shared(s),
                        offset: toff,
                    },
                    expected: back,
                    new: hundred,
                },
                Type::I32,
            );
            let after = b.load(Type::I32, MemRoot::Shared(s), toff);
            // out[4t..4t+4] = [back, pi32, old, after]
            let sixteen = b.i64(16);
            let t64 = b.cast(CastOp::SExt, tx, Type::I64);
            let base = b.bin(BinaryOp::Mul, t64, sixteen);
            let mut off = base;
            for v in [back, pi32, old, after] {
                b.store(MemRoot::Param(0), off, v);
                let four = b.i64(4);
                off = b.bin(BinaryOp::Add, off, four);
            }
        });
    });
    let k = b.finish();
    parallel_ir::verify::verify_kernel(&k).unwrap();
    let mut memory = frontend::interp::Memory::new(&module);
    let o = memory.add_buffer("o", vec![0; 64]);
    let config = frontend::interp::LaunchConfig {
        grid: [1, 1, 1],
        block: [4, 1, 1],
        dynamic_shared_bytes: 0,
    };
    parallel_ir::interp::launch(&module, &k, &config, &[o], &mut memory).unwrap();
    let got = from_i32s(memory.buffer(o).unwrap());
    for t in 0..4 {
        let v = 10 * (t as i32 + 1);
        assert_eq!(&got[4 * t..4 * t + 4], &[v, 16 + 4 * t as i32, v, 100]);
    }
    // A fifth thread reads past the 16-byte table.
    let config = frontend::interp::LaunchConfig {
        block: [5, 1, 1],
        ..config
    };
    let mut memory = frontend::interp::Memory::new(&module);
    let o = memory.add_buffer("o", vec![0; 80]);
    let err = parallel_ir::interp::launch(&module, &k, &config, &[o], &mut memory).unwrap_err();
    assert_eq!(err.code, "out-of-bounds");
    assert!(err.to_string().contains("buffer 'table'"), "{err}");
}

fn sp_ty() -> Type {
    Type::Ptr(frontend::ir::AddrSpace::Shared)
}

#[test]
fn core_interp_memset_memcpy() {
    let mut b = Builder::new("bulk");
    let _a = b.param(GLOBAL, "a");
    let _c = b.param(GLOBAL, "c");
    b.grid(|b, _| {
        b.block(|b, [tx, _, _]| {
            let zero = b.i32(0);
            let is0 = b.icmp(IntPredicate::Eq, tx, zero);
            b.if_(
                is0,
                &[],
                |b| {
                    let z = b.i64(0);
                    let n = b.i64(8);
                    let byte = b.konst(Type::I8, 0xab);
                    b.op(
                        OpKind::Memset {
                            dst: Addr::Root {
                                root: MemRoot::Param(0),
                                offset: z,
                            },
                            byte,
                            len: n,
                        },
                        &[],
                    );
                    let four = b.i64(4);
                    b.op(
                        OpKind::Memcpy {
                            dst: Addr::Root {
                                root: MemRoot::Param(1),
                                offset: four,
                            },
                            src: Addr::Root {
                                root: MemRoot::Param(0),
                                offset: z,
                            },
                            len: n,
                        },
                        &[],
                    );
                    vec![]
                },
                |_| vec![],
            );
        });
    });
    let k = b.finish();
    let out = run(
        &k,
        [1, 1, 1],
        [2, 1, 1],
        vec![Arg::Buf(vec![1; 10]), Arg::Buf(vec![2; 12])],
    )
    .unwrap();
    assert_eq!(
        out[0],
        [0xab, 0xab, 0xab, 0xab, 0xab, 0xab, 0xab, 0xab, 1, 1]
    );
    assert_eq!(
        out[1],
        [2, 2, 2, 2, 0xab, 0xab, 0xab, 0xab, 0xab, 0xab, 0xab, 0xab]
    );
}
