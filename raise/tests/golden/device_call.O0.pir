kernel @smooth(%0: i32, %1: f32, %2: ptr.generic, %3: ptr.generic) {
  %4 = dim blockDim.x
  parallel.grid (%5, %6, %7) {
    %8 = mul %5, %4 : i32
    parallel.block (%9, %10, %11) {
      %12 = add %8, %9 : i32
      %13 = icmp slt %12, %0 : i32
      if %13 {
        %14 = sext %12 : i32 to i64
        %15 = const 4 : i64
        %16 = mul %14, %15 : i64
        %17 = load f32 param2[%16]
        %18 = const 0.25 : f32
        %19 = add %16, %15 : i64
        %20 = load f32 param2[%19]
        %21 = const 0.5 : f32
        %22 = fmul %21, %20 : f32
        %23 = fma %18, %17, %22 : f32
        %24 = const 8 : i64
        %25 = add %16, %24 : i64
        %26 = load f32 param2[%25]
        %27 = fma %18, %26, %23 : f32
        %28 = fadd %27, %1 : f32
        store param3[%16], %28 : f32
        yield
      }
      yield
    }
    yield
  }
  yield
}
