; ModuleID = 'matmul.cu'
source_filename = "matmul.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.__cuda_builtin_blockIdx_t = type { i8 }
%struct.__cuda_builtin_threadIdx_t = type { i8 }

@_ZZ6matmulPKfS0_PfiE2As = internal addrspace(3) global [16 x [16 x float]] undef, align 4
@_ZZ6matmulPKfS0_PfiE2Bs = internal addrspace(3) global [16 x [16 x float]] undef, align 4
@blockIdx = extern_weak dso_local addrspace(1) global %struct.__cuda_builtin_blockIdx_t, align 1
@threadIdx = extern_weak dso_local addrspace(1) global %struct.__cuda_builtin_threadIdx_t, align 1

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define dso_local void @_Z6matmulPKfS0_Pfi(ptr noundef %0, ptr noundef %1, ptr noundef %2, i32 noundef %3) #0 {
  %5 = alloca ptr, align 8
  %6 = alloca ptr, align 8
  %7 = alloca ptr, align 8
  %8 = alloca i32, align 4
  %9 = alloca i32, align 4
  %10 = alloca i32, align 4
  %11 = alloca float, align 4
  %12 = alloca i32, align 4
  %13 = alloca i32, align 4
  store ptr %0, ptr %5, align 8
  store ptr %1, ptr %6, align 8
  store ptr %2, ptr %7, align 8
  store i32 %3, ptr %8, align 4
  %14 = call noundef range(i32 0, 65535) i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  %15 = mul i32 %14, 16
  %16 = call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %17 = add i32 %15, %16
  store i32 %17, ptr %9, align 4
  %18 = call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %19 = mul i32 %18, 16
  %20 = call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %21 = add i32 %19, %20
  store i32 %21, ptr %10, align 4
  store float 0.000000e+00, ptr %11, align 4
  store i32 0, ptr %12, align 4
  br label %22

22:                                               ; preds = %112, %4
  %23 = load i32, ptr %12, align 4
  %24 = load i32, ptr %8, align 4
  %25 = icmp slt i32 %23, %24
  br i1 %25, label %26, label %115

26:                                               ; preds = %22
  %27 = load i32, ptr %9, align 4
  %28 = load i32, ptr %8, align 4
  %29 = icmp slt i32 %27, %28
  br i1 %29, label %30, label %48

30:                                               ; preds = %26
  %31 = load i32, ptr %12, align 4
  %32 = call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %33 = add i32 %31, %32
  %34 = load i32, ptr %8, align 4
  %35 = icmp ult i32 %33, %34
  br i1 %35, label %36, label %48

36:                                               ; preds = %30
  %37 = load ptr, ptr %5, align 8
  %38 = load i32, ptr %9, align 4
  %39 = load i32, ptr %8, align 4
  %40 = mul nsw i32 %38, %39
  %41 = load i32, ptr %12, align 4
  %42 = add nsw i32 %40, %41
  %43 = call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %44 = add i32 %42, %43
  %45 = zext i32 %44 to i64
  %46 = getelementptr inbounds float, ptr %37, i64 %45
  %47 = load float, ptr %46, align 4
  br label %49

48:                                               ; preds = %30, %26
  br label %49

49:                                               ; preds = %48, %36
  %50 = phi contract float [ %47, %36 ], [ 0.000000e+00, %48 ]
  %51 = call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %52 = zext i32 %51 to i64
  %53 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulPKfS0_PfiE2As to ptr), i64 0, i64 %52
  %54 = call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %55 = zext i32 %54 to i64
  %56 = getelementptr inbounds [16 x float], ptr %53, i64 0, i64 %55
  store float %50, ptr %56, align 4
  %57 = load i32, ptr %10, align 4
  %58 = load i32, ptr %8, align 4
  %59 = icmp slt i32 %57, %58
  br i1 %59, label %60, label %78

60:                                               ; preds = %49
  %61 = load i32, ptr %12, align 4
  %62 = call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %63 = add i32 %61, %62
  %64 = load i32, ptr %8, align 4
  %65 = icmp ult i32 %63, %64
  br i1 %65, label %66, label %78

66:                                               ; preds = %60
  %67 = load ptr, ptr %6, align 8
  %68 = load i32, ptr %12, align 4
  %69 = call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %70 = add i32 %68, %69
  %71 = load i32, ptr %8, align 4
  %72 = mul i32 %70, %71
  %73 = load i32, ptr %10, align 4
  %74 = add i32 %72, %73
  %75 = zext i32 %74 to i64
  %76 = getelementptr inbounds float, ptr %67, i64 %75
  %77 = load float, ptr %76, align 4
  br label %79

78:                                               ; preds = %60, %49
  br label %79

79:                                               ; preds = %78, %66
  %80 = phi contract float [ %77, %66 ], [ 0.000000e+00, %78 ]
  %81 = call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %82 = zext i32 %81 to i64
  %83 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulPKfS0_PfiE2Bs to ptr), i64 0, i64 %82
  %84 = call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %85 = zext i32 %84 to i64
  %86 = getelementptr inbounds [16 x float], ptr %83, i64 0, i64 %85
  store float %80, ptr %86, align 4
  call void @llvm.nvvm.barrier0()
  store i32 0, ptr %13, align 4
  br label %87

87:                                               ; preds = %108, %79
  %88 = load i32, ptr %13, align 4
  %89 = icmp slt i32 %88, 16
  br i1 %89, label %90, label %111

90:                                               ; preds = %87
  %91 = call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %92 = zext i32 %91 to i64
  %93 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulPKfS0_PfiE2As to ptr), i64 0, i64 %92
  %94 = load i32, ptr %13, align 4
  %95 = sext i32 %94 to i64
  %96 = getelementptr inbounds [16 x float], ptr %93, i64 0, i64 %95
  %97 = load float, ptr %96, align 4
  %98 = load i32, ptr %13, align 4
  %99 = sext i32 %98 to i64
  %100 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulPKfS0_PfiE2Bs to ptr), i64 0, i64 %99
  %101 = call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %102 = zext i32 %101 to i64
  %103 = getelementptr inbounds [16 x float], ptr %100, i64 0, i64 %102
  %104 = load float, ptr %103, align 4
  %105 = fmul contract float %97, %104
  %106 = load float, ptr %11, align 4
  %107 = fadd contract float %106, %105
  store float %107, ptr %11, align 4
  br label %108

108:                                              ; preds = %90
  %109 = load i32, ptr %13, align 4
  %110 = add nsw i32 %109, 1
  store i32 %110, ptr %13, align 4
  br label %87, !llvm.loop !5

111:                                              ; preds = %87
  call void @llvm.nvvm.barrier0()
  br label %112

112:                                              ; preds = %111
  %113 = load i32, ptr %12, align 4
  %114 = add nsw i32 %113, 16
  store i32 %114, ptr %12, align 4
  br label %22, !llvm.loop !7

115:                                              ; preds = %22
  %116 = load i32, ptr %9, align 4
  %117 = load i32, ptr %8, align 4
  %118 = icmp slt i32 %116, %117
  br i1 %118, label %119, label %133

119:                                              ; preds = %115
  %120 = load i32, ptr %10, align 4
  %121 = load i32, ptr %8, align 4
  %122 = icmp slt i32 %120, %121
  br i1 %122, label %123, label %133

123:                                              ; preds = %119
  %124 = load float, ptr %11, align 4
  %125 = load ptr, ptr %7, align 8
  %126 = load i32, ptr %9, align 4
  %127 = load i32, ptr %8, align 4
  %128 = mul nsw i32 %126, %127
  %129 = load i32, ptr %10, align 4
  %130 = add nsw i32 %128, %129
  %131 = sext i32 %130 to i64
  %132 = getelementptr inbounds float, ptr %125, i64 %131
  store float %124, ptr %132, align 4
  br label %133

133:                                              ; preds = %123, %119, %115
  ret void
}

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier0() #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.y() #2

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.y() #2

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

attributes #0 = { convergent mustprogress noinline norecurse nounwind optnone "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx78,+sm_80" "uniform-work-group-size"="true" }
attributes #1 = { convergent nocallback nounwind }
attributes #2 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!nvvm.annotations = !{!0}
!llvm.module.flags = !{!1, !2, !3}
!llvm.ident = !{!4}

!0 = !{ptr @_Z6matmulPKfS0_Pfi, !"kernel", i32 1}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!3 = !{i32 7, !"frame-pointer", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = distinct !{!5, !6}
!6 = !{!"llvm.loop.mustprogress"}
!7 = distinct !{!7, !6}
