kernel @reduce_sum(%0: i32, %1: ptr.generic, %2: ptr.generic) {
  %3 = const 0 : i64
  %4 = dim blockDim.x
  %5 = const 4 : i64
  %6 = const 2 : i32
  %7 = udiv %4, %6 : i32
  %8 = const 0 : i32
  parallel.grid (%9, %10, %11) {
    shared.alloc shared0 "_ZZ10reduce_sumE5sdata", 1024 bytes, align 4
    %12 = mul %9, %4 : i32
    parallel.block (%13, %14, %15) {
      %16 = add %12, %13 : i32
      %17 = icmp ult %16, %0 : i32
      %18 = if %17 -> (f32) {
        %19 = zext %16 : i32 to i64
        %20 = mul %19, %5 : i64
        %21 = load f32 param1[%20]
        yield %21
      } else {
        %22 = const 0.0 : f32
        yield %22
      }
      %23 = zext %13 : i32 to i64
      %24 = mul %23, %5 : i64
      store shared0[%24], %18 : f32
      barrier
      %25, %26 = while (%27 = %7) -> (i32, i32) {
        %28 = icmp ugt %27, %8 : i32
        %29, %30 = if %28 -> (i32, i32) {
          %31 = icmp ult %13, %27 : i32
          if %31 {
            %32 = add %13, %27 : i32
            %33 = zext %32 : i32 to i64
            %34 = mul %33, %5 : i64
            %35 = load f32 shared0[%34]
            %36 = load f32 shared0[%24]
            %37 = fadd %36, %35 : f32
            store shared0[%24], %37 : f32
            yield
          }
          barrier
          %38 = const 1 : i32
          %39 = lshr %27, %38 : i32
          yield %8, %39
        } else {
          %40 = const 1 : i32
          yield %40, %8
        }
        %41 = icmp eq %29, %8 : i32
        condition %41 (%29, %30)
      } do (%42, %43) {
        yield %43
      }
      %44 = icmp eq %13, %8 : i32
      if %44 {
        %45 = load f32 shared0[%3]
        %46 = zext %9 : i32 to i64
        %47 = mul %46, %5 : i64
        store param2[%47], %45 : f32
        yield
      }
      yield
    }
    yield
  }
  yield
}
