; ModuleID = 'examples/matmul_tiled/kernel.cu'
source_filename = "examples/matmul_tiled/kernel.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.__cuda_builtin_threadIdx_t = type { i8 }
%struct.__cuda_builtin_blockIdx_t = type { i8 }

@_ZZ6matmulE2As = internal addrspace(3) global [16 x [16 x float]] undef, align 4
@_ZZ6matmulE2Bs = internal addrspace(3) global [16 x [16 x float]] undef, align 4
@threadIdx = extern_weak dso_local addrspace(1) global %struct.__cuda_builtin_threadIdx_t, align 1
@blockIdx = extern_weak dso_local addrspace(1) global %struct.__cuda_builtin_blockIdx_t, align 1

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define dso_local void @matmul(i32 noundef %0, i32 noundef %1, i32 noundef %2, ptr noundef %3, ptr noundef %4, ptr noundef %5) #0 {
  %7 = alloca i32, align 4
  %8 = alloca i32, align 4
  %9 = alloca i32, align 4
  %10 = alloca ptr, align 8
  %11 = alloca ptr, align 8
  %12 = alloca ptr, align 8
  %13 = alloca i32, align 4
  %14 = alloca i32, align 4
  %15 = alloca i32, align 4
  %16 = alloca i32, align 4
  %17 = alloca float, align 4
  %18 = alloca i32, align 4
  %19 = alloca i32, align 4
  %20 = alloca i32, align 4
  %21 = alloca i32, align 4
  store i32 %0, ptr %7, align 4
  store i32 %1, ptr %8, align 4
  store i32 %2, ptr %9, align 4
  store ptr %3, ptr %10, align 8
  store ptr %4, ptr %11, align 8
  store ptr %5, ptr %12, align 8
  %22 = call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  store i32 %22, ptr %13, align 4
  %23 = call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  store i32 %23, ptr %14, align 4
  %24 = call noundef range(i32 0, 65535) i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  %25 = mul i32 %24, 16
  %26 = load i32, ptr %14, align 4
  %27 = add i32 %25, %26
  store i32 %27, ptr %15, align 4
  %28 = call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %29 = mul i32 %28, 16
  %30 = load i32, ptr %13, align 4
  %31 = add i32 %29, %30
  store i32 %31, ptr %16, align 4
  store float 0.000000e+00, ptr %17, align 4
  store i32 0, ptr %18, align 4
  br label %32

32:                                               ; preds = %125, %6
  %33 = load i32, ptr %18, align 4
  %34 = load i32, ptr %9, align 4
  %35 = add nsw i32 %34, 16
  %36 = sub nsw i32 %35, 1
  %37 = sdiv i32 %36, 16
  %38 = icmp slt i32 %33, %37
  br i1 %38, label %39, label %128

39:                                               ; preds = %32
  %40 = load i32, ptr %18, align 4
  %41 = mul nsw i32 %40, 16
  %42 = load i32, ptr %13, align 4
  %43 = add nsw i32 %41, %42
  store i32 %43, ptr %19, align 4
  %44 = load i32, ptr %18, align 4
  %45 = mul nsw i32 %44, 16
  %46 = load i32, ptr %14, align 4
  %47 = add nsw i32 %45, %46
  store i32 %47, ptr %20, align 4
  %48 = load i32, ptr %15, align 4
  %49 = load i32, ptr %7, align 4
  %50 = icmp slt i32 %48, %49
  br i1 %50, label %51, label %65

51:                                               ; preds = %39
  %52 = load i32, ptr %19, align 4
  %53 = load i32, ptr %9, align 4
  %54 = icmp slt i32 %52, %53
  br i1 %54, label %55, label %65

55:                                               ; preds = %51
  %56 = load ptr, ptr %10, align 8
  %57 = load i32, ptr %15, align 4
  %58 = load i32, ptr %9, align 4
  %59 = mul nsw i32 %57, %58
  %60 = load i32, ptr %19, align 4
  %61 = add nsw i32 %59, %60
  %62 = sext i32 %61 to i64
  %63 = getelementptr inbounds float, ptr %56, i64 %62
  %64 = load float, ptr %63, align 4
  br label %66

65:                                               ; preds = %51, %39
  br label %66

66:                                               ; preds = %65, %55
  %67 = phi contract float [ %64, %55 ], [ 0.000000e+00, %65 ]
  %68 = load i32, ptr %14, align 4
  %69 = sext i32 %68 to i64
  %70 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulE2As to ptr), i64 0, i64 %69
  %71 = load i32, ptr %13, align 4
  %72 = sext i32 %71 to i64
  %73 = getelementptr inbounds [16 x float], ptr %70, i64 0, i64 %72
  store float %67, ptr %73, align 4
  %74 = load i32, ptr %20, align 4
  %75 = load i32, ptr %9, align 4
  %76 = icmp slt i32 %74, %75
  br i1 %76, label %77, label %91

77:                                               ; preds = %66
  %78 = load i32, ptr %16, align 4
  %79 = load i32, ptr %8, align 4
  %80 = icmp slt i32 %78, %79
  br i1 %80, label %81, label %91

81:                                               ; preds = %77
  %82 = load ptr, ptr %11, align 8
  %83 = load i32, ptr %20, align 4
  %84 = load i32, ptr %8, align 4
  %85 = mul nsw i32 %83, %84
  %86 = load i32, ptr %16, align 4
  %87 = add nsw i32 %85, %86
  %88 = sext i32 %87 to i64
  %89 = getelementptr inbounds float, ptr %82, i64 %88
  %90 = load float, ptr %89, align 4
  br label %92

91:                                               ; preds = %77, %66
  br label %92

92:                                               ; preds = %91, %81
  %93 = phi contract float [ %90, %81 ], [ 0.000000e+00, %91 ]
  %94 = load i32, ptr %14, align 4
  %95 = sext i32 %94 to i64
  %96 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulE2Bs to ptr), i64 0, i64 %95
  %97 = load i32, ptr %13, align 4
  %98 = sext i32 %97 to i64
  %99 = getelementptr inbounds [16 x float], ptr %96, i64 0, i64 %98
  store float %93, ptr %99, align 4
  call void @llvm.nvvm.barrier0()
  store i32 0, ptr %21, align 4
  br label %100

100:                                              ; preds = %121, %92
  %101 = load i32, ptr %21, align 4
  %102 = icmp slt i32 %101, 16
  br i1 %102, label %103, label %124

103:                                              ; preds = %100
  %104 = load i32, ptr %14, align 4
  %105 = sext i32 %104 to i64
  %106 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulE2As to ptr), i64 0, i64 %105
  %107 = load i32, ptr %21, align 4
  %108 = sext i32 %107 to i64
  %109 = getelementptr inbounds [16 x float], ptr %106, i64 0, i64 %108
  %110 = load float, ptr %109, align 4
  %111 = load i32, ptr %21, align 4
  %112 = sext i32 %111 to i64
  %113 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulE2Bs to ptr), i64 0, i64 %112
  %114 = load i32, ptr %13, align 4
  %115 = sext i32 %114 to i64
  %116 = getelementptr inbounds [16 x float], ptr %113, i64 0, i64 %115
  %117 = load float, ptr %116, align 4
  %118 = fmul contract float %110, %117
  %119 = load float, ptr %17, align 4
  %120 = fadd contract float %119, %118
  store float %120, ptr %17, align 4
  br label %121

121:                                              ; preds = %103
  %122 = load i32, ptr %21, align 4
  %123 = add nsw i32 %122, 1
  store i32 %123, ptr %21, align 4
  br label %100, !llvm.loop !5

124:                                              ; preds = %100
  call void @llvm.nvvm.barrier0()
  br label %125

125:                                              ; preds = %124
  %126 = load i32, ptr %18, align 4
  %127 = add nsw i32 %126, 1
  store i32 %127, ptr %18, align 4
  br label %32, !llvm.loop !7

128:                                              ; preds = %32
  %129 = load i32, ptr %15, align 4
  %130 = load i32, ptr %7, align 4
  %131 = icmp slt i32 %129, %130
  br i1 %131, label %132, label %146

132:                                              ; preds = %128
  %133 = load i32, ptr %16, align 4
  %134 = load i32, ptr %8, align 4
  %135 = icmp slt i32 %133, %134
  br i1 %135, label %136, label %146

136:                                              ; preds = %132
  %137 = load float, ptr %17, align 4
  %138 = load ptr, ptr %12, align 8
  %139 = load i32, ptr %15, align 4
  %140 = load i32, ptr %8, align 4
  %141 = mul nsw i32 %139, %140
  %142 = load i32, ptr %16, align 4
  %143 = add nsw i32 %141, %142
  %144 = sext i32 %143 to i64
  %145 = getelementptr inbounds float, ptr %138, i64 %144
  store float %137, ptr %145, align 4
  br label %146

146:                                              ; preds = %136, %132, %128
  ret void
}

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier0() #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.y() #2

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.y() #2

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2

attributes #0 = { convergent mustprogress noinline norecurse nounwind optnone "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx78,+sm_80" "uniform-work-group-size"="true" }
attributes #1 = { convergent nocallback nounwind }
attributes #2 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!nvvm.annotations = !{!0}
!llvm.module.flags = !{!1, !2, !3}
!llvm.ident = !{!4}

!0 = !{ptr @matmul, !"kernel", i32 1}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!3 = !{i32 7, !"frame-pointer", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = distinct !{!5, !6}
!6 = !{!"llvm.loop.mustprogress"}
!7 = distinct !{!7, !6}
