kernel @stencil2d(%0: i32, %1: i32, %2: ptr.generic, %3: ptr.generic) {
  %4 = dim blockDim.x
  %5 = dim blockDim.y
  parallel.grid (%6, %7, %8) {
    %9 = mul %6, %4 : i32
    %10 = mul %7, %5 : i32
    parallel.block (%11, %12, %13) {
      %14 = add %9, %11 : i32
      %15 = add %10, %12 : i32
      %16 = icmp sge %14, %0 : i32
      if %16 {
        yield
      } else {
        %17 = icmp sge %15, %1 : i32
        if %17 {
          yield
        } else {
          %18 = mul %15, %0 : i32
          %19 = add %18, %14 : i32
          %20 = const 0 : i32
          %21 = icmp eq %14, %20 : i32
          %22 = if %21 -> (i1) {
            %23 = const true : i1
            yield %23
          } else {
            %24 = icmp eq %15, %20 : i32
            %25 = if %24 -> (i1) {
              %26 = const true : i1
              yield %26
            } else {
              %27 = const 1 : i32
              %28 = sub %0, %27 : i32
              %29 = icmp eq %14, %28 : i32
              %30 = if %29 -> (i1) {
                %31 = const true : i1
                yield %31
              } else {
                %32 = sub %1, %27 : i32
                %33 = icmp eq %15, %32 : i32
                %34 = if %33 -> (i1) {
                  %35 = const true : i1
                  yield %35
                } else {
                  %36 = sub %19, %0 : i32
                  %37 = sext %36 : i32 to i64
                  %38 = const 4 : i64
                  %39 = mul %37, %38 : i64
                  %40 = load f32 param2[%39]
                  %41 = add %19, %0 : i32
                  %42 = sext %41 : i32 to i64
                  %43 = mul %42, %38 : i64
                  %44 = load f32 param2[%43]
                  %45 = sub %19, %27 : i32
                  %46 = sext %45 : i32 to i64
                  %47 = mul %46, %38 : i64
                  %48 = load f32 param2[%47]
                  %49 = add %19, %27 : i32
                  %50 = sext %49 : i32 to i64
                  %51 = mul %50, %38 : i64
                  %52 = load f32 param2[%51]
                  %53 = sext %19 : i32 to i64
                  %54 = mul %53, %38 : i64
                  %55 = load f32 param2[%54]
                  %56 = const 0.5 : f32
                  %57 = fadd %40, %44 : f32
                  %58 = fadd %57, %48 : f32
                  %59 = fadd %58, %52 : f32
                  %60 = const 0.125 : f32
                  %61 = fmul %60, %59 : f32
                  %62 = fma %56, %55, %61 : f32
                  store param3[%54], %62 : f32
                  %63 = const false : i1
                  yield %63
                }
                yield %34
              }
              yield %30
            }
            yield %25
          }
          if %22 {
            %64 = sext %19 : i32 to i64
            %65 = const 4 : i64
            %66 = mul %64, %65 : i64
            %67 = load f32 param2[%66]
            store param3[%66], %67 : f32
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
