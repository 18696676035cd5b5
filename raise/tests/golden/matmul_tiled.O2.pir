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
        %94, %95, %96, %97 = while (%98 = %9, %99 = %7) -> (i32, f32, i32, f32) {
          %100 = shl %99, %6 : i32
          %101 = add %100, %15 : i32
          %102 = add %100, %16 : i32
          %103 = icmp slt %101, %2 : i32
          %104 = select %24, %103, %92 : i1
          %105 = if %104 -> (f32) {
            %106 = add %101, %25 : i32
            %107 = zext %106 : i32 to i64
            %108 = mul %107, %30 : i64
            %109 = load f32 param3[%108]
            yield %109
          } else {
            yield %9
          }
          store shared0[%32], %105 : f32
          %110 = icmp slt %102, %2 : i32
          %111 = and %33, %110 : i1
          %112 = if %111 -> (f32) {
            %113 = mul %102, %1 : i32
            %114 = add %113, %19 : i32
            %115 = sext %114 : i32 to i64
            %116 = mul %115, %30 : i64
            %117 = load f32 param4[%116]
            yield %117
          } else {
            yield %9
          }
          store shared1[%32], %112 : f32
          barrier
          %118 = load f32 shared0[%29]
          %119 = load f32 shared1[%31]
          %120 = fma %118, %119, %98 : f32
          %121 = load f32 shared0[%34]
          %122 = load f32 shared1[%35]
          %123 = fma %121, %122, %120 : f32
          %124 = load f32 shared0[%37]
          %125 = load f32 shared1[%39]
          %126 = fma %124, %125, %123 : f32
          %127 = load f32 shared0[%41]
          %128 = load f32 shared1[%43]
          %129 = fma %127, %128, %126 : f32
          %130 = load f32 shared0[%45]
          %131 = load f32 shared1[%47]
          %132 = fma %130, %131, %129 : f32
          %133 = load f32 shared0[%49]
          %134 = load f32 shared1[%51]
          %135 = fma %133, %134, %132 : f32
          %136 = load f32 shared0[%53]
          %137 = load f32 shared1[%55]
          %138 = fma %136, %137, %135 : f32
          %139 = load f32 shared0[%57]
          %140 = load f32 shared1[%59]
          %141 = fma %139, %140, %138 : f32
          %142 = load f32 shared0[%61]
          %143 = load f32 shared1[%63]
          %144 = fma %142, %143, %141 : f32
          %145 = load f32 shared0[%65]
          %146 = load f32 shared1[%67]
          %147 = fma %145, %146, %144 : f32
          %148 = load f32 shared0[%69]
          %149 = load f32 shared1[%71]
          %150 = fma %148, %149, %147 : f32
          %151 = load f32 shared0[%73]
          %152 = load f32 shared1[%75]
          %153 = fma %151, %152, %150 : f32
          %154 = load f32 shared0[%77]
          %155 = load f32 shared1[%79]
          %156 = fma %154, %155, %153 : f32
          %157 = load f32 shared0[%81]
          %158 = load f32 shared1[%83]
          %159 = fma %157, %158, %156 : f32
          %160 = load f32 shared0[%85]
          %161 = load f32 shared1[%87]
          %162 = fma %160, %161, %159 : f32
          %163 = load f32 shared0[%89]
          %164 = load f32 shared1[%91]
          %165 = fma %163, %164, %162 : f32
          barrier
          %166 = add %99, %93 : i32
          %167 = icmp eq %166, %23 : i32
          %168, %169, %170, %171 = if %167 -> (i32, f32, i32, f32) {
            yield %93, %9, %7, %165
          } else {
            yield %7, %165, %166, %9
          }
          %172 = icmp eq %168, %7 : i32
          condition %172 (%168, %169, %170, %171)
        } do (%173, %174, %175, %176) {
          yield %174, %175
        }
        yield %97
      } else {
        yield %9
      }
      %177 = icmp slt %18, %0 : i32
      %178 = icmp slt %19, %1 : i32
      %179 = and %177, %178 : i1
      if %179 {
        %180 = mul %18, %1 : i32
        %181 = add %180, %19 : i32
        %182 = sext %181 : i32 to i64
        %183 = const 4 : i64
        %184 = mul %182, %183 : i64
        store param5[%184], %20 : f32
        yield
      }
      yield
    }
    yield
  }
  yield
}
