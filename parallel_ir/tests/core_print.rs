//! Golden snapshot of the parallel-IR printer on a hand-built kernel.

use frontend::ir::AddrSpace;
use parallel_ir::builder::Builder;
use parallel_ir::ir::*;
use parallel_ir::print::print_kernel;

/// `reverse<<<g, 64>>>(float *x)`: each block reverses its 64 elements through shared
/// memory, then adds a carried sum.
fn reverse_kernel() -> Kernel {
    let mut b = Builder::new("reverse");
    let _x = b.param(Type::Ptr(AddrSpace::Global), "x");
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

#[test]
fn core_print_snapshot() {
    let k = reverse_kernel();
    let text = print_kernel(&k);
    let expected = r#"kernel @reverse(%0: ptr.global "x") {
  parallel.grid (%1, %2, %3) {
    shared.alloc shared0 "tile", 256 bytes, align 4
    parallel.block (%4, %5, %6) {
      %7 = dim blockDim.x
      %8 = mul %1, %7 : i32
      %9 = add %8, %4 : i32
      %10 = sext %9 : i32 to i64
      %11 = const 4 : i64
      %12 = mul %10, %11 : i64
      %13 = load f32 param0[%12]
      %14 = sext %4 : i32 to i64
      %15 = mul %14, %11 : i64
      store shared0[%15], %13 : f32
      barrier
      %16 = const 0 : i32
      %17 = const 1 : i32
      %18 = const 0.0 : f32
      %19 = for %20 = %16 to %4 step %17 iter(%21 = %18) -> (f32) {
        %22 = const 0.5 : f32
        %23 = fadd %21, %22 : f32
        yield %23
      }
      %24 = icmp slt %4, %7 : i32
      %25 = if %24 -> (f32) {
        %26 = load f32 shared0[%15]
        %27 = fadd %26, %19 : f32
        yield %27
      } else {
        yield %19
      }
      store param0[%12], %25 : f32
      yield
    }
    yield
  }
  yield
}
"#;
    assert_eq!(text, expected, "got:\n{text}");
    // Deterministic: printing twice gives the same text.
    assert_eq!(print_kernel(&k), text);
}
