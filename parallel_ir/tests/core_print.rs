//! Golden snapshot of the parallel-IR printer on a hand-built kernel.

mod core_util;

use core_util::reverse_kernel;
use parallel_ir::print::print_kernel;

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

#[test]
fn core_print_while_warp_and_misc_ops() {
    use parallel_ir::builder::Builder;
    use parallel_ir::ir::*;
    let mut b = Builder::new("misc");
    let n = b.param(Type::I32, "n");
    b.grid(|b, _| {
        b.block(|b, [tx, _, _]| {
            let l = b.local(8, 4);
            let one = b.i32(1);
            let r = b.while_(
                &[tx, n],
                &[Type::I32],
                |b, a| {
                    let c = b.icmp(IntPredicate::Slt, a[0], a[1]);
                    (c, vec![a[0]])
                },
                |b, a| {
                    let next = b.bin(BinaryOp::Add, a[0], one);
                    vec![next, n]
                },
            );
            let full = b.i32(-1);
            let clamp = b.i32(31);
            let s = b.value(
                OpKind::Shuffle {
                    mode: ShuffleMode::Bfly,
                    mask: full,
                    value: r[0],
                    lane: one,
                    clamp,
                },
                Type::I32,
            );
            let z = b.i64(0);
            b.store(MemRoot::Local(l), z, s);
            let p = b.icmp(IntPredicate::Eq, s, one);
            b.value(
                OpKind::Barrier {
                    kind: BarrierKind::Count,
                    pred: Some(p),
                },
                Type::I32,
            );
        });
    });
    let k = b.finish();
    parallel_ir::verify::verify_kernel(&k).unwrap();
    let expected = r#"kernel @misc(%0: i32 "n") {
  parallel.grid (%1, %2, %3) {
    parallel.block (%4, %5, %6) {
      local.alloc local0, 8 bytes, align 4
      %7 = const 1 : i32
      %8 = while (%9 = %4, %10 = %0) -> (i32) {
        %11 = icmp slt %9, %10 : i32
        condition %11 (%9)
      } do (%12) {
        %13 = add %12, %7 : i32
        yield %13, %0
      }
      %14 = const -1 : i32
      %15 = const 31 : i32
      %16 = shfl.bfly %14, %8, %7, %15 : i32
      %17 = const 0 : i64
      store local0[%17], %16 : i32
      %18 = icmp eq %16, %7 : i32
      %19 = barrier.count %18
      yield
    }
    yield
  }
  yield
}
"#;
    assert_eq!(print_kernel(&k), expected, "got:\n{}", print_kernel(&k));
}
