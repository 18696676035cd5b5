kernel @transpose(%0: i32, %1: i32, %2: ptr.generic, %3: ptr.generic) {
  %4 = const 32 : i32
  %5 = const 0 : i32
  %6 = const 8 : i32
  parallel.grid (%7, %8, %9) {
    shared.alloc shared0 "_ZZ9transposeE4tile", 4224 bytes, align 4
    %10 = mul %7, %4 : i32
    %11 = mul %8, %4 : i32
    parallel.block (%12, %13, %14) {
      %15 = add %10, %12 : i32
      %16 = add %11, %13 : i32
      %17 = icmp slt %15, %1 : i32
      for %18 = %5 to %4 step %6 {
        if %17 {
          %19 = add %16, %18 : i32
          %20 = icmp slt %19, %0 : i32
          if %20 {
            %21 = mul %19, %1 : i32
            %22 = add %21, %15 : i32
            %23 = sext %22 : i32 to i64
            %24 = const 4 : i64
            %25 = mul %23, %24 : i64
            %26 = load f32 param2[%25]
            %27 = add %13, %18 : i32
            %28 = zext %27 : i32 to i64
            %29 = const 132 : i64
            %30 = mul %28, %29 : i64
            %31 = zext %12 : i32 to i64
            %32 = mul %31, %24 : i64
            %33 = add %30, %32 : i64
            store shared0[%33], %26 : f32
            yield
          }
          yield
        }
        yield
      }
      barrier
      %34 = add %11, %12 : i32
      %35 = add %10, %13 : i32
      %36 = icmp slt %34, %0 : i32
      for %37 = %5 to %4 step %6 {
        if %36 {
          %38 = add %35, %37 : i32
          %39 = icmp slt %38, %1 : i32
          if %39 {
            %40 = zext %12 : i32 to i64
            %41 = const 132 : i64
            %42 = mul %40, %41 : i64
            %43 = add %13, %37 : i32
            %44 = zext %43 : i32 to i64
            %45 = const 4 : i64
            %46 = mul %44, %45 : i64
            %47 = add %42, %46 : i64
            %48 = load f32 shared0[%47]
            %49 = mul %38, %0 : i32
            %50 = add %49, %34 : i32
            %51 = sext %50 : i32 to i64
            %52 = mul %51, %45 : i64
            store param3[%52], %48 : f32
            yield
          }
          yield
        }
        yield
      }
      yield
    }
    yield
  }
  yield
}
