//! Hand-built kernels shared by the `core_*` tests.
#![allow(dead_code)]

use frontend::ir::AddrSpace;
use parallel_ir::builder::Builder;
use parallel_ir::ir::*;

pub const GLOBAL: Type = Type::Ptr(AddrSpace::Global);

/// `reverse<<<g, 64>>>(float *x)`: each block reverses its 64 elements through shared
/// memory, then adds a carried sum.
pub fn reverse_kernel() -> Kernel {
    let mut b = Builder::new("reverse");
    let _x = b.param(GLOBAL, "x");
    b.grid(|b, [bx, _, _]| {
        let tile = b.shared("tile", 256, 4);
        b.block(|b, [tx, _, _]| {
            let bd = b.dim(Dim::BlockDim(0));
            let base = b.bin(BinaryOp::Mul, bx, bd);
            let i = b.bin(BinaryOp::Add, base, tx);
            let i64v = b.cast(CastOp::SExt, i, Type::I64);
            let four = b.i64(4);
            let off = b.bin(BinaryOp::Mul, i64v, four);
            let v = b.load(Type::F32, MemRoot::Param(0), off);
            let t64 = b.cast(CastOp::SExt, tx, Type::I64);
            let toff = b.bin(BinaryOp::Mul, t64, four);
            b.store(MemRoot::Shared(tile), toff, v);
            b.barrier();
            let zero = b.i32(0);
            let one = b.i32(1);
            let init = b.f32(0.0);
            let sum = b.for_(zero, tx, one, &[init], |b, _iv, acc| {
                let half = b.f32(0.5);
                vec![b.bin(BinaryOp::FAdd, acc[0], half)]
            });
            let c = b.icmp(IntPredicate::Slt, tx, bd);
            let r = b.if_(
                c,
                &[Type::F32],
                |b| {
                    let l = b.load(Type::F32, MemRoot::Shared(tile), toff);
                    vec![b.bin(BinaryOp::FAdd, l, sum[0])]
                },
                |_| vec![sum[0]],
            );
            b.store(MemRoot::Param(0), off, r[0]);
        });
    });
    b.finish()
}
