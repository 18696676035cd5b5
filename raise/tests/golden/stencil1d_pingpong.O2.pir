kernel @stencil1d(%0: i32, %1: ptr.generic, %2: ptr.generic) {
  %3 = dim blockDim.x
  %4 = const 2 : i32
  parallel.grid (%5, %6, %7) {
    %8 = mul %5, %3 : i32
    parallel.block (%9, %10, %11) {
      %12 = add %8, %9 : i32
      %13 = add %12, %4 : i32
      %14 = icmp slt %13, %0 : i32
      if %14 {
        %15 = sext %12 : i32 to i64
        %16 = const 4 : i64
        %17 = mul %15, %16 : i64
        %18 = load f32 param1[%17]
        %19 = add %17, %16 : i64
        %20 = load f32 param1[%19]
        %21 = const 2.0 : f32
        %22 = fneg %20 : f32
        %23 = fma %22, %21, %18 : f32
        %24 = sext %13 : i32 to i64
        %25 = mul %24, %16 : i64
        %26 = load f32 param1[%25]
        %27 = fadd %26, %23 : f32
        store param2[%17], %27 : f32
        yield
      }
      yield
    }
    yield
  }
  yield
}
