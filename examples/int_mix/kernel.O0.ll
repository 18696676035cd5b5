; ModuleID = 'examples/int_mix/kernel.cu'
source_filename = "examples/int_mix/kernel.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.__cuda_builtin_blockIdx_t = type { i8 }
%struct.__cuda_builtin_blockDim_t = type { i8 }
%struct.__cuda_builtin_threadIdx_t = type { i8 }

@blockIdx = extern_weak dso_local addrspace(1) global %struct.__cuda_builtin_blockIdx_t, align 1
@blockDim = extern_weak dso_local addrspace(1) global %struct.__cuda_builtin_blockDim_t, align 1
@threadIdx = extern_weak dso_local addrspace(1) global %struct.__cuda_builtin_threadIdx_t, align 1

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define dso_local void @int_mix(i32 noundef %0, ptr noundef %1, ptr noundef %2, ptr noundef %3, ptr noundef %4) #0 {
  %6 = alloca i32, align 4
  %7 = alloca i32, align 4
  %8 = alloca i32, align 4
  %9 = alloca i32, align 4
  %10 = alloca i32, align 4
  %11 = alloca i32, align 4
  %12 = alloca i32, align 4
  %13 = alloca ptr, align 8
  %14 = alloca ptr, align 8
  %15 = alloca ptr, align 8
  %16 = alloca ptr, align 8
  %17 = alloca i32, align 4
  %18 = alloca i32, align 4
  %19 = alloca i32, align 4
  %20 = alloca i32, align 4
  %21 = alloca i32, align 4
  %22 = alloca i32, align 4
  %23 = alloca i32, align 4
  %24 = alloca i32, align 4
  %25 = alloca i32, align 4
  %26 = alloca i32, align 4
  store i32 %0, ptr %12, align 4
  store ptr %1, ptr %13, align 8
  store ptr %2, ptr %14, align 8
  store ptr %3, ptr %15, align 8
  store ptr %4, ptr %16, align 8
  %27 = call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %28 = call noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %29 = mul i32 %27, %28
  %30 = call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %31 = add i32 %29, %30
  store i32 %31, ptr %17, align 4
  %32 = load i32, ptr %17, align 4
  %33 = load i32, ptr %12, align 4
  %34 = icmp sge i32 %32, %33
  br i1 %34, label %35, label %36

35:                                               ; preds = %5
  br label %149

36:                                               ; preds = %5
  %37 = load ptr, ptr %13, align 8
  %38 = load i32, ptr %17, align 4
  %39 = sext i32 %38 to i64
  %40 = getelementptr inbounds i32, ptr %37, i64 %39
  %41 = load i32, ptr %40, align 4
  store i32 %41, ptr %18, align 4
  %42 = load ptr, ptr %14, align 8
  %43 = load i32, ptr %17, align 4
  %44 = sext i32 %43 to i64
  %45 = getelementptr inbounds i32, ptr %42, i64 %44
  %46 = load i32, ptr %45, align 4
  store i32 %46, ptr %19, align 4
  %47 = load i32, ptr %18, align 4
  %48 = load i32, ptr %19, align 4
  %49 = sdiv i32 %47, %48
  store i32 %49, ptr %20, align 4
  %50 = load i32, ptr %18, align 4
  %51 = load i32, ptr %19, align 4
  %52 = srem i32 %50, %51
  store i32 %52, ptr %21, align 4
  %53 = load i32, ptr %18, align 4
  %54 = ashr i32 %53, 3
  %55 = load i32, ptr %19, align 4
  %56 = shl i32 %55, 4
  %57 = xor i32 %54, %56
  store i32 %57, ptr %22, align 4
  %58 = load i32, ptr %18, align 4
  %59 = load i32, ptr %19, align 4
  store i32 %58, ptr %10, align 4
  store i32 %59, ptr %11, align 4
  %60 = load i32, ptr %10, align 4
  %61 = load i32, ptr %11, align 4
  %62 = icmp slt i32 %60, %61
  br i1 %62, label %63, label %65

63:                                               ; preds = %36
  %64 = load i32, ptr %10, align 4
  br label %67

65:                                               ; preds = %36
  %66 = load i32, ptr %11, align 4
  br label %67

67:                                               ; preds = %63, %65
  %68 = phi i32 [ %64, %63 ], [ %66, %65 ]
  %69 = load i32, ptr %20, align 4
  %70 = load i32, ptr %21, align 4
  store i32 %69, ptr %8, align 4
  store i32 %70, ptr %9, align 4
  %71 = load i32, ptr %8, align 4
  %72 = load i32, ptr %9, align 4
  %73 = icmp sgt i32 %71, %72
  br i1 %73, label %74, label %76

74:                                               ; preds = %67
  %75 = load i32, ptr %8, align 4
  br label %78

76:                                               ; preds = %67
  %77 = load i32, ptr %9, align 4
  br label %78

78:                                               ; preds = %74, %76
  %79 = phi i32 [ %75, %74 ], [ %77, %76 ]
  %80 = add nsw i32 %68, %79
  store i32 %80, ptr %23, align 4
  %81 = load i32, ptr %18, align 4
  %82 = and i32 %81, 1
  %83 = icmp ne i32 %82, 0
  br i1 %83, label %84, label %86

84:                                               ; preds = %78
  %85 = load i32, ptr %20, align 4
  br label %88

86:                                               ; preds = %78
  %87 = load i32, ptr %21, align 4
  br label %88

88:                                               ; preds = %86, %84
  %89 = phi i32 [ %85, %84 ], [ %87, %86 ]
  store i32 %89, ptr %24, align 4
  %90 = load i32, ptr %18, align 4
  %91 = urem i32 %90, 7
  switch i32 %91, label %114 [
    i32 0, label %92
    i32 1, label %96
    i32 2, label %98
    i32 3, label %101
    i32 5, label %105
    i32 6, label %109
  ]

92:                                               ; preds = %88
  %93 = load i32, ptr %20, align 4
  %94 = load i32, ptr %21, align 4
  %95 = add nsw i32 %93, %94
  store i32 %95, ptr %25, align 4
  br label %117

96:                                               ; preds = %88
  %97 = load i32, ptr %22, align 4
  store i32 %97, ptr %25, align 4
  br label %117

98:                                               ; preds = %88
  %99 = load i32, ptr %23, align 4
  %100 = mul nsw i32 %99, 3
  store i32 %100, ptr %25, align 4
  br label %117

101:                                              ; preds = %88
  %102 = load i32, ptr %24, align 4
  %103 = load i32, ptr %19, align 4
  %104 = sub nsw i32 %102, %103
  store i32 %104, ptr %25, align 4
  br label %117

105:                                              ; preds = %88
  %106 = load i32, ptr %18, align 4
  %107 = load i32, ptr %19, align 4
  %108 = xor i32 %106, %107
  store i32 %108, ptr %25, align 4
  br label %117

109:                                              ; preds = %88
  %110 = load i32, ptr %18, align 4
  %111 = load i32, ptr %19, align 4
  %112 = or i32 %110, %111
  %113 = and i32 %112, 2047
  store i32 %113, ptr %25, align 4
  br label %117

114:                                              ; preds = %88
  %115 = load i32, ptr %18, align 4
  %116 = sub nsw i32 0, %115
  store i32 %116, ptr %25, align 4
  br label %117

117:                                              ; preds = %114, %109, %105, %101, %98, %96, %92
  %118 = load i32, ptr %25, align 4
  %119 = load ptr, ptr %15, align 8
  %120 = load i32, ptr %17, align 4
  %121 = sext i32 %120 to i64
  %122 = getelementptr inbounds i32, ptr %119, i64 %121
  store i32 %118, ptr %122, align 4
  %123 = load i32, ptr %18, align 4
  store i32 %123, ptr %26, align 4
  %124 = load i32, ptr %26, align 4
  %125 = lshr i32 %124, 5
  %126 = load i32, ptr %26, align 4
  %127 = udiv i32 %126, 10
  %128 = load i32, ptr %21, align 4
  %129 = icmp slt i32 %128, 0
  %130 = zext i1 %129 to i32
  %131 = mul i32 %127, %130
  %132 = add i32 %125, %131
  %133 = load i32, ptr %26, align 4
  %134 = load i32, ptr %19, align 4
  store i32 %133, ptr %6, align 4
  store i32 %134, ptr %7, align 4
  %135 = load i32, ptr %6, align 4
  %136 = load i32, ptr %7, align 4
  %137 = icmp ult i32 %135, %136
  br i1 %137, label %138, label %140

138:                                              ; preds = %117
  %139 = load i32, ptr %6, align 4
  br label %142

140:                                              ; preds = %117
  %141 = load i32, ptr %7, align 4
  br label %142

142:                                              ; preds = %138, %140
  %143 = phi i32 [ %139, %138 ], [ %141, %140 ]
  %144 = add i32 %132, %143
  %145 = load ptr, ptr %16, align 8
  %146 = load i32, ptr %17, align 4
  %147 = sext i32 %146 to i64
  %148 = getelementptr inbounds i32, ptr %145, i64 %147
  store i32 %144, ptr %148, align 4
  br label %149

149:                                              ; preds = %142, %35
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1

attributes #0 = { convergent mustprogress noinline norecurse nounwind optnone "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx78,+sm_80" "uniform-work-group-size"="true" }
attributes #1 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!nvvm.annotations = !{!0}
!llvm.module.flags = !{!1, !2, !3}
!llvm.ident = !{!4}

!0 = !{ptr @int_mix, !"kernel", i32 1}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!3 = !{i32 7, !"frame-pointer", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
