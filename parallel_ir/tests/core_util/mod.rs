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

/// A kernel argument for [`run`].
pub enum Arg {
    /// A device buffer (its pointer is passed).
    Buf(Vec<u8>),
    /// A scalar's bits.
    Scalar(u64),
}

/// Run `k` on the parallel-IR interpreter; gives the final contents of the buffers (in
/// argument order).
pub fn run(
    k: &Kernel,
    grid: [u32; 3],
    block: [u32; 3],
    args: Vec<Arg>,
) -> Result<Vec<Vec<u8>>, frontend::Diagnostic> {
    parallel_ir::verify::verify_kernel(k)?;
    let module = frontend::ir::Module::new("test.ll", frontend::ir::Flavor::ClangCuda);
    let mut memory = frontend::interp::Memory::new(&module);
    let mut params = Vec::new();
    let mut bufs = Vec::new();
    for (i, a) in args.into_iter().enumerate() {
        match a {
            Arg::Buf(bytes) => {
                let p = memory.add_buffer(&format!("buf{i}"), bytes);
                bufs.push(p);
                params.push(p);
            }
            Arg::Scalar(v) => params.push(v),
        }
    }
    let config = frontend::interp::LaunchConfig {
        grid,
        block,
        dynamic_shared_bytes: 0,
    };
    parallel_ir::interp::launch(&module, k, &config, &params, &mut memory)?;
    Ok(bufs
        .iter()
        .map(|&p| memory.buffer(p).unwrap_or(&[]).to_vec())
        .collect())
}

pub fn f32s(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}
pub fn from_f32s(b: &[u8]) -> Vec<f32> {
    b.chunks(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}
pub fn i32s(v: &[i32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}
pub fn from_i32s(b: &[u8]) -> Vec<i32> {
    b.chunks(4)
        .map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

/// `i64` byte offset of element `i32 index` of 4-byte elements.
pub fn elem4(b: &mut Builder, index: Value) -> Value {
    let i = b.cast(CastOp::SExt, index, Type::I64);
    let four = b.i64(4);
    b.bin(BinaryOp::Mul, i, four)
}

/// The global linear thread index `blockIdx.x * blockDim.x + threadIdx.x`.
pub fn global_index(b: &mut Builder, bx: Value, tx: Value) -> Value {
    let bd = b.dim(Dim::BlockDim(0));
    let base = b.bin(BinaryOp::Mul, bx, bd);
    b.bin(BinaryOp::Add, base, tx)
}
