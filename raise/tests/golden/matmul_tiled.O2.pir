kernel @matmul(%0: i32, %1: i32, %2: i32, %3: ptr.generic, %4: ptr.generic, %5: ptr.generic) {
  %6 = const 4 : i32
  %7 = const 0 : i32
  %8 = icmp sgt %2, %7 : i32
  %9 = const 0.0 : f32
  parallel.grid (%10, %11, %12) {
    shared.alloc shared0 "_ZZ6matmulE2As", 1024 bytes, align 4
    shared.alloc shared1 "_ZZ6matmulE2Bs", 1024 bytes, align 4
    %13 = shl %11, %6 : i32
    %14 = shl %10, %6 : i32
    parallel.block (%15, %16, %17) {
      %18 = add %13, %16 : i32
      %19 = add %14, %15 : i32
      %20 = if %8 -> (f32) {
        %21 = const 15 : i32
        %22 = add %2, %21 : i32
        %23 = lshr %22, %6 : i32
        %24 = icmp slt %18, %0 : i32
        %25 = mul %18, %2 : i32
        %26 = zext %16 : i32 to i64
        %27 = zext %15 : i32 to i64
        %28 = const 64 : i64
        %29 = mul %26, %28 : i64
        %30 = const 4 : i64
        %31 = mul %27, %30 : i64
        %32 = add %29, %31 : i64
        %33 = icmp slt %19, %1 : i32
        %34 = add %29, %30 : i64
        %35 = add %31, %28 : i64
        %36 = const 8 : i64
        %37 = add %29, %36 : i64
        %38 = const 128 : i64
        %39 = add %31, %38 : i64
        %40 = const 12 : i64
        %41 = add %29, %40 : i64
        %42 = const 192 : i64
        %43 = add %31, %42 : i64
        %44 = const 16 : i64
        %45 = add %29, %44 : i64
        %46 = const 256 : i64
        %47 = add %31, %46 : i64
        %48 = const 20 : i64
        %49 = add %29, %48 : i64
        %50 = const 320 : i64
        %51 = add %31, %50 : i64
        %52 = const 24 : i64
        %53 = add %29, %52 : i64
        %54 = const 384 : i64
        %55 = add %31, %54 : i64
        %56 = const 28 : i64
        %57 = add %29, %56 : i64
        %58 = const 448 : i64
        %59 = add %31, %58 : i64
        %60 = const 32 : i64
        %61 = add %29, %60 : i64
        %62 = const 512 : i64
        %63 = add %31, %62 : i64
        %64 = const 36 : i64
        %65 = add %29, %64 : i64
        %66 = const 576 : i64
        %67 = add %31, %66 : i64
        %68 = const 40 : i64
        %69 = add %29, %68 : i64
        %70 = const 640 : i64
        %71 = add %31, %70 : i64
        %72 = const 44 : i64
        %73 = add %29, %72 : i64
        %74 = const 704 : i64
        %75 = add %31, %74 : i64
        %76 = const 48 : i64
        %77 = add %29, %76 : i64
        %78 = const 768 : i64
        %79 = add %31, %78 : i64
        %80 = const 52 : i64
        %81 = add %29, %80 : i64
        %82 = const 832 : i64
        %83 = add %31, %82 : i64
        %84 = const 56 : i64
        %85 = add %29, %84 : i64
        %86 = const 896 : i64
        %87 = add %31, %86 : i64
        %88 = const 60 : i64
        %89 = add %29, %88 : i64
        %90 = const 960 : i64
        %91 = add %31, %90 : i64
        %92 = const false : i1
        %93 = const 1 : i32
        %94 = smax %23, %93 : i32
        %95 = for %96 = %7 to %94 step %93 iter(%97 = %9) -> (f32) {
          %98 = shl %96, %6 : i32
          %99 = add %98, %15 : i32
          %100 = add %98, %16 : i32
          %101 = icmp slt %99, %2 : i32
          %102 = select %24, %101, %92 : i1
          %103 = if %102 -> (f32) {
            %104 = add %99, %25 : i32
            %105 = zext %104 : i32 to i64
            %106 = mul %105, %30 : i64
            %107 = load f32 param3[%106]
            yield %107
          } else {
            yield %9
          }
          store shared0[%32], %103 : f32
          %108 = icmp slt %100, %2 : i32
          %109 = and %33, %108 : i1
          %110 = if %109 -> (f32) {
            %111 = mul %100, %1 : i32
            %112 = add %111, %19 : i32
            %113 = sext %112 : i32 to i64
            %114 = mul %113, %30 : i64
            %115 = load f32 param4[%114]
            yield %115
          } else {
            yield %9
          }
          store shared1[%32], %110 : f32
          barrier
          %116 = load f32 shared0[%29]
          %117 = load f32 shared1[%31]
          %118 = fma %116, %117, %97 : f32
          %119 = load f32 shared0[%34]
          %120 = load f32 shared1[%35]
          %121 = fma %119, %120, %118 : f32
          %122 = load f32 shared0[%37]
          %123 = load f32 shared1[%39]
          %124 = fma %122, %123, %121 : f32
          %125 = load f32 shared0[%41]
          %126 = load f32 shared1[%43]
          %127 = fma %125, %126, %124 : f32
          %128 = load f32 shared0[%45]
          %129 = load f32 shared1[%47]
          %130 = fma %128, %129, %127 : f32
          %131 = load f32 shared0[%49]
          %132 = load f32 shared1[%51]
          %133 = fma %131, %132, %130 : f32
          %134 = load f32 shared0[%53]
          %135 = load f32 shared1[%55]
          %136 = fma %134, %135, %133 : f32
          %137 = load f32 shared0[%57]
          %138 = load f32 shared1[%59]
          %139 = fma %137, %138, %136 : f32
          %140 = load f32 shared0[%61]
          %141 = load f32 shared1[%63]
          %142 = fma %140, %141, %139 : f32
          %143 = load f32 shared0[%65]
          %144 = load f32 shared1[%67]
          %145 = fma %143, %144, %142 : f32
          %146 = load f32 shared0[%69]
          %147 = load f32 shared1[%71]
          %148 = fma %146, %147, %145 : f32
          %149 = load f32 shared0[%73]
          %150 = load f32 shared1[%75]
          %151 = fma %149, %150, %148 : f32
          %152 = load f32 shared0[%77]
          %153 = load f32 shared1[%79]
          %154 = fma %152, %153, %151 : f32
          %155 = load f32 shared0[%81]
          %156 = load f32 shared1[%83]
          %157 = fma %155, %156, %154 : f32
          %158 = load f32 shared0[%85]
          %159 = load f32 shared1[%87]
          %160 = fma %158, %159, %157 : f32
          %161 = load f32 shared0[%89]
          %162 = load f32 shared1[%91]
          %163 = fma %161, %162, %160 : f32
          barrier
          yield %163
        }
        yield %95
      } else {
        yield %9
      }
      %164 = icmp slt %18, %0 : i32
      %165 = icmp slt %19, %1 : i32
      %166 = and %164, %165 : i1
      if %166 {
        %167 = mul %18, %1 : i32
        %168 = add %167, %19 : i32
        %169 = sext %168 : i32 to i64
        %170 = const 4 : i64
        %171 = mul %169, %170 : i64
        store param5[%171], %20 : f32
        yield
      }
      yield
    }
    yield
  }
  yield
}
