//! Hand-built barrier-free kernels run through the CPU JIT, compared with Rust references.

mod common;

use common::*;
use parallel_ir::ir::*;

/// `y[i] = a * x[i] + y[i]` for `i < n` (fma, as CUDA's `a*x+y` contracts).
fn saxpy() -> Kernel {
    let mut b = Kb::new("saxpy");
    let n = b.param(Type::I32);
    let a = b.param(Type::F32);
    let _x = b.param(Type::Ptr(AddrSpace::Global));
    let _y = b.param(Type::Ptr(AddrSpace::Global));
    let mut top = Vec::new();
    b.parallel(&mut top, Level::Grid, |b, ops, [bx, _, _]| {
        b.parallel(ops, Level::Block, |b, ops, [tx, _, _]| {
            let i = b.gid_x(ops, bx, tx);
            let c = b.icmp(ops, IntPredicate::Slt, i, n);
            b.if_(
                ops,
                c,
                &[],
                |b, ops| {
                    let off = b.offset(ops, i, 4);
                    let xv = b.load(ops, MemRoot::Param(2), off, Type::F32);
                    let yv = b.load(ops, MemRoot::Param(3), off, Type::F32);
                    let r = b.v(ops, OpKind::Fma(a, xv, yv), Type::F32);
                    b.store(ops, MemRoot::Param(3), off, r);
                    vec![]
                },
                |_, _| vec![],
            );
        });
    });
    b.finish(top)
}

use frontend::ir::AddrSpace;

#[test]
fn saxpy_matches_reference() {
    let k = saxpy();
    let n = 1000usize;
    let x: Vec<f32> = (0..n).map(|i| i as f32 * 0.5 - 3.0).collect();
    let y: Vec<f32> = (0..n).map(|i| (i % 7) as f32 + 0.25).collect();
    let a = 1.75f32;
    let mut bufs = vec![f32_bytes(&x), f32_bytes(&y)];
    run_cpu(
        &k,
        &cfg([8, 1, 1], [128, 1, 1]),
        &[i32_arg(n as i32), f32_arg(a), Arg::Buf(0), Arg::Buf(1)],
        &mut bufs,
    );
    let got = bytes_f32(&bufs[1]);
    for i in 0..n {
        assert_eq!(got[i].to_bits(), a.mul_add(x[i], y[i]).to_bits(), "i={i}");
    }
}
