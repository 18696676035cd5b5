kernel @jacobi_block(%0: i32, %1: i32, %2: ptr.generic) {
  %3 = const 0 : i64
  %4 = const 2 : i32
  %5 = add %0, %4 : i32
  %6 = const 4 : i64
  %7 = const 1 : i32
  %8 = const 0 : i32
  %9 = const 0.25 : f32
  %10 = const 0.5 : f32
  parallel.grid (%11, %12, %13) {
    shared.alloc shared0 "_ZZ12jacobi_blockE3cur", 1032 bytes, align 4
    shared.alloc shared1 "_ZZ12jacobi_blockE4next", 1032 bytes, align 4
    %14 = mul %11, %5 : i32
    %15 = zext %14 : i32 to i64
    %16 = mul %15, %6 : i64
    parallel.block (%17, %18, %19) {
      %20 = add %17, %7 : i32
      %21 = sext %20 : i32 to i64
      %22 = mul %21, %6 : i64
      %23 = add %16, %22 : i64
      %24 = load f32 param2[%23]
      store shared0[%22], %24 : f32
      %25 = icmp eq %17, %8 : i32
      if %25 {
        %26 = load f32 param2[%16]
        store shared0[%3], %26 : f32
        %27 = add %0, %7 : i32
        %28 = sext %27 : i32 to i64
        %29 = mul %28, %6 : i64
        %30 = add %16, %29 : i64
        %31 = load f32 param2[%30]
        store shared0[%29], %31 : f32
        yield
      }
      barrier
      %32 = sext %17 : i32 to i64
      %33 = mul %32, %6 : i64
      %34 = add %17, %4 : i32
      %35 = sext %34 : i32 to i64
      %36 = mul %35, %6 : i64
      for %37 = %8 to %1 step %7 {
        %38 = load f32 shared0[%33]
        %39 = load f32 shared0[%22]
        %40 = fmul %10, %39 : f32
        %41 = fma %9, %38, %40 : f32
        %42 = load f32 shared0[%36]
        %43 = fma %9, %42, %41 : f32
        store shared1[%22], %43 : f32
        barrier
        %44 = load f32 shared1[%22]
        store shared0[%22], %44 : f32
        barrier
        yield
      }
      %45 = load f32 shared0[%22]
      store param2[%23], %45 : f32
      yield
    }
    yield
  }
  yield
}
