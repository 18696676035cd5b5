//! Streaming (non-temporal) stores (lower/src/cpu/stream.rs): which buffers qualify (only
//! stored to, large enough, no computed pointers), that the emitted code streams exactly
//! then (a `nontemporal` vector store and the store fence), and that the values are
//! bit for bit those of a Rust model and of the same kernel compiled without streaming,
//! at many widths (shorter than a line, not a multiple of one) and with the buffers
//! starting at every offset in a line (4-byte steps; 2 bytes: elements not aligned to
//! their size, so nothing is grouped).

mod common;

use common::*;
use frontend::ir::AddrSpace;
use lower::cpu::{self, CpuArg, PrivatizeFacts, StreamLimits};
use parallel_ir::ir::*;

#[derive(Clone, Copy, Debug, PartialEq)]
enum Variant {
    /// `out` is only stored to.
    StoreOnly,
    /// `out` is also loaded (`out[c] += ...`).
    LoadsOut,
    /// `out` also gets an atomic add.
    AtomicOut,
    /// Two stores to `out` per thread.
    TwoStores,
}

/// `if (g < n && row < m) { c = row * n + g; (o, v) = edge(g) ? (c, in[c]) : (c, in[c-1] +
/// in[c+1]); out[o] = v }` with `g = blockIdx.x * blockDim.x + threadIdx.x`, `row` likewise
/// in y, `edge(g) = g == 0 || g == n - 1`; elements of type `ty`.
fn kernel(ty: Type, variant: Variant) -> Kernel {
    let size = i64::from(ty.bits() / 8);
    let mut b = Kb::new("stream");
    let n = b.param(Type::I32);
    let m = b.param(Type::I32);
    let _inp = b.param(Type::Ptr(AddrSpace::Global));
    let _out = b.param(Type::Ptr(AddrSpace::Global));
    let mut top = Vec::new();
    b.parallel(&mut top, Level::Grid, |b, ops, [bx, by, _]| {
        let bdy = b.dim(ops, Dim::BlockDim(1));
        let yy = b.bin(ops, BinaryOp::Mul, by, bdy);
        b.parallel(ops, Level::Block, |b, ops, [tx, ty_, _]| {
            let g = b.gid_x(ops, bx, tx);
            let row = b.bin(ops, BinaryOp::Add, yy, ty_);
            let c1 = b.icmp(ops, IntPredicate::Slt, g, n);
            let c2 = b.icmp(ops, IntPredicate::Slt, row, m);
            let c = b.bin(ops, BinaryOp::And, c1, c2);
            b.if_(
                ops,
                c,
                &[],
                |b, ops| {
                    let rn = b.bin(ops, BinaryOp::Mul, row, n);
                    let idx = b.bin(ops, BinaryOp::Add, rn, g);
                    let zero = b.c32(ops, 0);
                    let one = b.c32(ops, 1);
                    let nm1 = b.bin(ops, BinaryOp::Sub, n, one);
                    let e1 = b.icmp(ops, IntPredicate::Eq, g, zero);
                    let e2 = b.icmp(ops, IntPredicate::Eq, g, nm1);
                    let edge = b.bin(ops, BinaryOp::Or, e1, e2);
                    let r = b.if_(
                        ops,
                        edge,
                        &[Type::I64, ty],
                        |b, ops| {
                            let i64c = b.cast(ops, CastOp::SExt, idx, Type::I64);
                            let o = b.offset(ops, i64c, size);
                            let v = b.load(ops, MemRoot::Param(2), o, ty);
                            vec![i64c, v]
                        },
                        |b, ops| {
                            let i64c = b.cast(ops, CastOp::SExt, idx, Type::I64);
                            let l = b.bin(ops, BinaryOp::Sub, idx, one);
                            let r = b.bin(ops, BinaryOp::Add, idx, one);
                            let ol = b.offset(ops, l, size);
                            let or = b.offset(ops, r, size);
                            let vl = b.load(ops, MemRoot::Param(2), ol, ty);
                            let vr = b.load(ops, MemRoot::Param(2), or, ty);
                            let op = if ty.is_float() {
                                BinaryOp::FAdd
                            } else {
                                BinaryOp::Add
                            };
                            vec![i64c, b.bin(ops, op, vl, vr)]
                        },
                    );
                    let o = b.offset(ops, r[0], size);
                    let mut v = r[1];
                    match variant {
                        Variant::LoadsOut => {
                            let old = b.load(ops, MemRoot::Param(3), o, ty);
                            v = b.bin(ops, BinaryOp::Add, v, old);
                        }
                        Variant::AtomicOut => {
                            let one = b.ci(ops, 1, ty);
                            b.push(
                                ops,
                                OpKind::Atomic {
                                    op: AtomicOp::Add,
                                    addr: Addr::Root {
                                        root: MemRoot::Param(3),
                                        offset: o,
                                    },
                                    value: one,
                                },
                                &[ty],
                            );
                        }
                        Variant::TwoStores => {
                            b.store(ops, MemRoot::Param(3), o, v);
                        }
                        Variant::StoreOnly => {}
                    }
                    b.store(ops, MemRoot::Param(3), o, v);
                    vec![]
                },
                |_, _| vec![],
            );
        });
    });
    b.finish(top)
}

fn facts(in_bytes: u64, out_bytes: Option<u64>, limits: StreamLimits) -> PrivatizeFacts {
    PrivatizeFacts {
        param_bytes: vec![None, None, Some(in_bytes), out_bytes],
        float_atomics: false,
        chunks: None,
        stream: Some(limits),
    }
}

const ALWAYS: StreamLimits = StreamLimits {
    min_bytes: 0,
    min_iter_bytes: 0,
};
const NEVER: StreamLimits = StreamLimits {
    min_bytes: u64::MAX,
    min_iter_bytes: u64::MAX,
};

#[test]
fn only_large_store_only_buffers_stream() {
    if !cfg!(target_arch = "x86_64") || std::env::var_os("RAISE_CPU_STREAM").is_some() {
        return;
    }
    let lim = StreamLimits {
        min_bytes: 1 << 20,
        min_iter_bytes: 0,
    };
    let big = 4 << 20;
    let k = kernel(Type::F32, Variant::StoreOnly);
    assert_eq!(
        cpu::stream::streaming_params(&k, &facts(big, Some(big), lim), Some(lim)),
        vec![(3, big)],
        "store-only, large"
    );
    // Too small, or no promise about the buffer (shared with another parameter).
    assert!(
        cpu::stream::streaming_params(&k, &facts(big, Some(1 << 19), lim), Some(lim)).is_empty()
    );
    assert!(cpu::stream::streaming_params(&k, &facts(big, None, lim), Some(lim)).is_empty());
    // `in` is loaded: never, however large.
    assert!(
        !cpu::stream::streaming_params(&k, &facts(big, Some(big), lim), Some(lim))
            .iter()
            .any(|&(p, _)| p == 2)
    );
    for v in [Variant::LoadsOut, Variant::AtomicOut] {
        let k = kernel(Type::I32, v);
        assert!(
            cpu::stream::streaming_params(&k, &facts(big, Some(big), lim), Some(lim)).is_empty(),
            "{v:?}"
        );
    }
    // Two stores per thread: the buffer qualifies, but no segment streams (the store is
    // not the only one to the buffer in the body).
    let k = kernel(Type::I32, Variant::TwoStores);
    assert_eq!(
        cpu::stream::streaming_params(&k, &facts(big, Some(big), lim), Some(lim)),
        vec![(3, big)]
    );
    let c = cfg([4, 20, 1], [16, 2, 1]);
    let text = cpu::emit::emit_module_facts(&k, &c, 0, true, &facts(big, Some(big), ALWAYS))
        .unwrap_or_else(|d| panic!("{d}"));
    assert!(!text.contains("nontemporal"));
}

/// The model's element `c` of `out` (`None`: not written).
fn model(ty: Type, inp: &[u8], n: usize, g: usize, row: usize) -> Vec<u8> {
    let s = (ty.bits() / 8) as usize;
    let c = row * n + g;
    let at = |i: usize| &inp[i * s..i * s + s];
    if g == 0 || g == n - 1 {
        return at(c).to_vec();
    }
    let (l, r) = (at(c - 1), at(c + 1));
    match ty {
        Type::F32 => {
            let f = |b: &[u8]| f32::from_le_bytes(b.try_into().unwrap());
            (f(l) + f(r)).to_le_bytes().to_vec()
        }
        Type::F64 => {
            let f = |b: &[u8]| f64::from_le_bytes(b.try_into().unwrap());
            (f(l) + f(r)).to_le_bytes().to_vec()
        }
        Type::I32 => {
            let f = |b: &[u8]| i32::from_le_bytes(b.try_into().unwrap());
            f(l).wrapping_add(f(r)).to_le_bytes().to_vec()
        }
        _ => {
            let f = |b: &[u8]| i64::from_le_bytes(b.try_into().unwrap());
            f(l).wrapping_add(f(r)).to_le_bytes().to_vec()
        }
    }
}

/// The kernel for `ty` on a grid of 256 x 40 threads (blocks of 16 x 2), compiled with
/// `limits`; checks that it streams exactly when `limits` is [`ALWAYS`].
fn compile(ty: Type, limits: StreamLimits) -> cpu::CompiledKernel {
    let s = u64::from(ty.bits() / 8);
    let k = kernel(ty, Variant::StoreOnly);
    let c = cfg([16, 20, 1], [16, 2, 1]);
    let bytes = 256 * 40 * s;
    let f = facts(bytes, Some(bytes), limits);
    let text = cpu::emit::emit_module_facts(&k, &c, 0, true, &f).unwrap_or_else(|d| panic!("{d}"));
    let streams = limits == ALWAYS
        && cfg!(target_arch = "x86_64")
        && std::env::var_os("RAISE_CPU_STREAM").is_none_or(|v| v != "0");
    assert_eq!(text.contains("nontemporal"), streams, "{ty}");
    assert_eq!(text.contains("llvm.x86.sse.sfence"), streams, "{ty}");
    cpu::compile_facts(&k, &c, 0, true, &f).unwrap_or_else(|d| panic!("{d}"))
}

/// Run `compiled` (of [`compile`]) on an `n x m` grid (`n <= 256`, `m <= 40`) of `ty`
/// whose buffers start `shift` bytes into a 64-byte-aligned allocation; checks every
/// element against the model and gives `out`'s bytes.
fn run(compiled: &cpu::CompiledKernel, ty: Type, n: usize, m: usize, shift: usize) -> Vec<u8> {
    let s = (ty.bits() / 8) as usize;
    let bytes = n * m * s;
    // 64-byte-aligned storage (u128 elements are 16-aligned; shift to a line start).
    let mut store_in = vec![0u128; (bytes + 128) / 16 + 1];
    let mut store_out = vec![0u128; (bytes + 128) / 16 + 1];
    let base = |v: &mut Vec<u128>| {
        let p = v.as_mut_ptr() as *mut u8;
        let a = p.align_offset(64);
        unsafe { p.add(a + shift) }
    };
    let (pin, pout) = (base(&mut store_in), base(&mut store_out));
    let inp = unsafe { std::slice::from_raw_parts_mut(pin, bytes) };
    for (i, b) in inp.iter_mut().enumerate() {
        *b = (i.wrapping_mul(2654435761) >> 7) as u8;
    }
    let out = unsafe { std::slice::from_raw_parts_mut(pout, bytes) };
    out.fill(0xa5);
    let args = [
        CpuArg::Bits(n as u64),
        CpuArg::Bits(m as u64),
        CpuArg::Ptr(pin),
        CpuArg::Ptr(pout),
    ];
    unsafe { compiled.run(&args, &[]) }.unwrap_or_else(|d| panic!("{d}"));
    let inp = inp.to_vec();
    let out = out.to_vec();
    for row in 0..m {
        for g in 0..n {
            let cc = row * n + g;
            assert_eq!(
                &out[cc * s..cc * s + s],
                &model(ty, &inp, n, g, row)[..],
                "{ty} n={n} m={m} shift={shift} row={row} g={g}"
            );
        }
    }
    out
}

#[test]
fn streamed_values_match_model_and_unstreamed_code_bit_for_bit() {
    for ty in [Type::F32, Type::I32, Type::F64, Type::I64] {
        let (on, off) = (compile(ty, ALWAYS), compile(ty, NEVER));
        for n in [1usize, 5, 16, 33, 64, 100, 250, 256] {
            for shift in [0usize, 4, 8, 12, 32, 60, 2] {
                let a = run(&on, ty, n, 40, shift);
                let b = run(&off, ty, n, 37, shift);
                assert_eq!(a[..b.len()], b[..], "{ty} n={n} shift={shift}");
            }
        }
    }
}

#[test]
fn few_bytes_per_grid_iteration_do_not_stream() {
    let k = kernel(Type::F32, Variant::StoreOnly);
    let c = cfg([8, 20, 1], [16, 2, 1]);
    let bytes = 128 * 40 * 4;
    // 20 block rows: 1024 bytes each.
    for (per, want) in [(1024, true), (1025, false)] {
        let f = facts(
            bytes,
            Some(bytes),
            StreamLimits {
                min_bytes: 0,
                min_iter_bytes: per,
            },
        );
        let text =
            cpu::emit::emit_module_facts(&k, &c, 0, true, &f).unwrap_or_else(|d| panic!("{d}"));
        assert_eq!(
            text.contains("nontemporal"),
            want && cfg!(target_arch = "x86_64")
                && std::env::var_os("RAISE_CPU_STREAM").is_none_or(|v| v != "0"),
            "{per}"
        );
    }
}
