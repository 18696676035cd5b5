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
          if %21 {
            %22 = sext %19 : i32 to i64
            %23 = const 4 : i64
            %24 = mul %22, %23 : i64
            %25 = load f32 param2[%24]
            store param3[%24], %25 : f32
            yield
          } else {
            %26 = icmp eq %15, %20 : i32
            if %26 {
              %27 = sext %19 : i32 to i64
              %28 = const 4 : i64
              %29 = mul %27, %28 : i64
              %30 = load f32 param2[%29]
              store param3[%29], %30 : f32
              yield
            } else {
              %31 = const 1 : i32
              %32 = sub %0, %31 : i32
              %33 = icmp eq %14, %32 : i32
              if %33 {
                %34 = sext %19 : i32 to i64
                %35 = const 4 : i64
                %36 = mul %34, %35 : i64
                %37 = load f32 param2[%36]
                store param3[%36], %37 : f32
                yield
              } else {
                %38 = sub %1, %31 : i32
                %39 = icmp eq %15, %38 : i32
                if %39 {
                  %40 = sext %19 : i32 to i64
                  %41 = const 4 : i64
                  %42 = mul %40, %41 : i64
                  %43 = load f32 param2[%42]
                  store param3[%42], %43 : f32
                  yield
                } else {
                  %44 = sub %19, %0 : i32
                  %45 = sext %44 : i32 to i64
                  %46 = const 4 : i64
                  %47 = mul %45, %46 : i64
                  %48 = load f32 param2[%47]
                  %49 = add %19, %0 : i32
                  %50 = sext %49 : i32 to i64
                  %51 = mul %50, %46 : i64
                  %52 = load f32 param2[%51]
                  %53 = sub %19, %31 : i32
                  %54 = sext %53 : i32 to i64
                  %55 = mul %54, %46 : i64
                  %56 = load f32 param2[%55]
                  %57 = add %19, %31 : i32
                  %58 = sext %57 : i32 to i64
                  %59 = mul %58, %46 : i64
                  %60 = load f32 param2[%59]
                  %61 = sext %19 : i32 to i64
                  %62 = mul %61, %46 : i64
                  %63 = load f32 param2[%62]
                  %64 = const 0.5 : f32
                  %65 = fadd %48, %52 : f32
                  %66 = fadd %65, %56 : f32
                  %67 = fadd %66, %60 : f32
                  %68 = const 0.125 : f32
                  %69 = fmul %68, %67 : f32
                  %70 = fma %64, %63, %69 : f32
                  store param3[%62], %70 : f32
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
      yield
    }
    yield
  }
  yield
}
