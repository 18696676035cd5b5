kernel @matmul(%0: i32, %1: i32, %2: i32, %3: ptr.generic, %4: ptr.generic, %5: ptr.generic) {
  %6 = const 16 : i32
  %7 = const 0.0 : f32
  %8 = const 0 : i32
  %9 = add %2, %6 : i32
  %10 = const 1 : i32
  %11 = sub %9, %10 : i32
  %12 = sdiv %11, %6 : i32
  %13 = const 64 : i64
  %14 = const 4 : i64
  parallel.grid (%15, %16, %17) {
    shared.alloc shared0 "_ZZ6matmulE2As", 1024 bytes, align 4
    shared.alloc shared1 "_ZZ6matmulE2Bs", 1024 bytes, align 4
    %18 = mul %16, %6 : i32
    %19 = mul %15, %6 : i32
    parallel.block (%20, %21, %22) {
      %23 = add %18, %21 : i32
      %24 = add %19, %20 : i32
      %25 = icmp slt %23, %0 : i32
      %26 = sext %21 : i32 to i64
      %27 = mul %26, %13 : i64
      %28 = sext %20 : i32 to i64
      %29 = mul %28, %14 : i64
      %30 = add %27, %29 : i64
      %31 = for %32 = %8 to %12 step %10 iter(%33 = %7) -> (f32) {
        %34 = mul %32, %6 : i32
        %35 = add %34, %20 : i32
        %36 = add %34, %21 : i32
        %37 = if %25 -> (f32) {
          %38 = icmp slt %35, %2 : i32
          %39 = if %38 -> (f32) {
            %40 = mul %23, %2 : i32
            %41 = add %40, %35 : i32
            %42 = sext %41 : i32 to i64
            %43 = mul %42, %14 : i64
            %44 = load f32 param3[%43]
            yield %44
          } else {
            yield %7
          }
          yield %39
        } else {
          yield %7
        }
        store shared0[%30], %37 : f32
        %45 = icmp slt %36, %2 : i32
        %46 = if %45 -> (f32) {
          %47 = icmp slt %24, %1 : i32
          %48 = if %47 -> (f32) {
            %49 = mul %36, %1 : i32
            %50 = add %49, %24 : i32
            %51 = sext %50 : i32 to i64
            %52 = mul %51, %14 : i64
            %53 = load f32 param4[%52]
            yield %53
          } else {
            yield %7
          }
          yield %48
        } else {
          yield %7
        }
        store shared1[%30], %46 : f32
        barrier
        %54 = for %55 = %8 to %6 step %10 iter(%56 = %33) -> (f32) {
          %57 = sext %55 : i32 to i64
          %58 = mul %57, %14 : i64
          %59 = add %27, %58 : i64
          %60 = load f32 shared0[%59]
          %61 = mul %57, %13 : i64
          %62 = add %61, %29 : i64
          %63 = load f32 shared1[%62]
          %64 = fma %60, %63, %56 : f32
          yield %64
        }
        barrier
        yield %54
      }
      if %25 {
        %65 = icmp slt %24, %1 : i32
        if %65 {
          %66 = mul %23, %1 : i32
          %67 = add %66, %24 : i32
          %68 = sext %67 : i32 to i64
          %69 = mul %68, %14 : i64
          store param5[%69], %31 : f32
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
