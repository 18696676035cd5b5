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
