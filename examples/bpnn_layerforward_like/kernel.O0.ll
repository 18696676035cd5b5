; ModuleID = 'examples/bpnn_layerforward_like/kernel.cu'
source_filename = "examples/bpnn_layerforward_like/kernel.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.__cuda_builtin_blockIdx_t = type { i8 }
%struct.__cuda_builtin_threadIdx_t = type { i8 }

@_ZZ12layerforwardE10input_node = internal addrspace(3) global [16 x float] undef, align 4
@_ZZ12layerforwardE13weight_matrix = internal addrspace(3) global [16 x [16 x float]] undef, align 4
@blockIdx = extern_weak dso_local addrspace(1) global %struct.__cuda_builtin_blockIdx_t, align 1
@threadIdx = extern_weak dso_local addrspace(1) global %struct.__cuda_builtin_threadIdx_t, align 1

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define dso_local void @layerforward(ptr noundef %0, ptr noundef %1, ptr noundef %2) #0 {
  %4 = alloca ptr, align 8
  %5 = alloca ptr, align 8
  %6 = alloca ptr, align 8
  %7 = alloca i32, align 4
  %8 = alloca i32, align 4
  %9 = alloca i32, align 4
  %10 = alloca i32, align 4
  %11 = alloca i32, align 4
  store ptr %0, ptr %4, align 8
  store ptr %1, ptr %5, align 8
  store ptr %2, ptr %6, align 8
  %12 = call noundef range(i32 0, 65535) i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  store i32 %12, ptr %7, align 4
  %13 = call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  store i32 %13, ptr %8, align 4
  %14 = call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  store i32 %14, ptr %9, align 4
  %15 = load i32, ptr %7, align 4
  %16 = mul nsw i32 %15, 16
  %17 = load i32, ptr %9, align 4
  %18 = add nsw i32 %16, %17
  store i32 %18, ptr %10, align 4
  %19 = load i32, ptr %8, align 4
  %20 = icmp eq i32 %19, 0
  br i1 %20, label %21, label %30

21:                                               ; preds = %3
  %22 = load ptr, ptr %4, align 8
  %23 = load i32, ptr %10, align 4
  %24 = sext i32 %23 to i64
  %25 = getelementptr inbounds float, ptr %22, i64 %24
  %26 = load float, ptr %25, align 4
  %27 = load i32, ptr %9, align 4
  %28 = sext i32 %27 to i64
  %29 = getelementptr inbounds [16 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ12layerforwardE10input_node to ptr), i64 0, i64 %28
  store float %26, ptr %29, align 4
  br label %30

30:                                               ; preds = %21, %3
  call void @llvm.nvvm.barrier0()
  %31 = load ptr, ptr %5, align 8
  %32 = load i32, ptr %10, align 4
  %33 = mul nsw i32 %32, 16
  %34 = load i32, ptr %8, align 4
  %35 = add nsw i32 %33, %34
  %36 = sext i32 %35 to i64
  %37 = getelementptr inbounds float, ptr %31, i64 %36
  %38 = load float, ptr %37, align 4
  %39 = load i32, ptr %9, align 4
  %40 = sext i32 %39 to i64
  %41 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ12layerforwardE13weight_matrix to ptr), i64 0, i64 %40
  %42 = load i32, ptr %8, align 4
  %43 = sext i32 %42 to i64
  %44 = getelementptr inbounds [16 x float], ptr %41, i64 0, i64 %43
  store float %38, ptr %44, align 4
  call void @llvm.nvvm.barrier0()
  %45 = load i32, ptr %9, align 4
  %46 = sext i32 %45 to i64
  %47 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ12layerforwardE13weight_matrix to ptr), i64 0, i64 %46
  %48 = load i32, ptr %8, align 4
  %49 = sext i32 %48 to i64
  %50 = getelementptr inbounds [16 x float], ptr %47, i64 0, i64 %49
  %51 = load float, ptr %50, align 4
  %52 = load i32, ptr %9, align 4
  %53 = sext i32 %52 to i64
  %54 = getelementptr inbounds [16 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ12layerforwardE10input_node to ptr), i64 0, i64 %53
  %55 = load float, ptr %54, align 4
  %56 = fmul contract float %51, %55
  %57 = load i32, ptr %9, align 4
  %58 = sext i32 %57 to i64
  %59 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ12layerforwardE13weight_matrix to ptr), i64 0, i64 %58
  %60 = load i32, ptr %8, align 4
  %61 = sext i32 %60 to i64
  %62 = getelementptr inbounds [16 x float], ptr %59, i64 0, i64 %61
  store float %56, ptr %62, align 4
  call void @llvm.nvvm.barrier0()
  store i32 1, ptr %11, align 4
  br label %63

63:                                               ; preds = %97, %30
  %64 = load i32, ptr %11, align 4
  %65 = icmp slt i32 %64, 16
  br i1 %65, label %66, label %100

66:                                               ; preds = %63
  %67 = load i32, ptr %9, align 4
  %68 = load i32, ptr %11, align 4
  %69 = mul nsw i32 2, %68
  %70 = srem i32 %67, %69
  %71 = icmp eq i32 %70, 0
  br i1 %71, label %72, label %96

72:                                               ; preds = %66
  %73 = load i32, ptr %9, align 4
  %74 = sext i32 %73 to i64
  %75 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ12layerforwardE13weight_matrix to ptr), i64 0, i64 %74
  %76 = load i32, ptr %8, align 4
  %77 = sext i32 %76 to i64
  %78 = getelementptr inbounds [16 x float], ptr %75, i64 0, i64 %77
  %79 = load float, ptr %78, align 4
  %80 = load i32, ptr %9, align 4
  %81 = load i32, ptr %11, align 4
  %82 = add nsw i32 %80, %81
  %83 = sext i32 %82 to i64
  %84 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ12layerforwardE13weight_matrix to ptr), i64 0, i64 %83
  %85 = load i32, ptr %8, align 4
  %86 = sext i32 %85 to i64
  %87 = getelementptr inbounds [16 x float], ptr %84, i64 0, i64 %86
  %88 = load float, ptr %87, align 4
  %89 = fadd contract float %79, %88
  %90 = load i32, ptr %9, align 4
  %91 = sext i32 %90 to i64
  %92 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ12layerforwardE13weight_matrix to ptr), i64 0, i64 %91
  %93 = load i32, ptr %8, align 4
  %94 = sext i32 %93 to i64
  %95 = getelementptr inbounds [16 x float], ptr %92, i64 0, i64 %94
  store float %89, ptr %95, align 4
  br label %96

96:                                               ; preds = %72, %66
  call void @llvm.nvvm.barrier0()
  br label %97

97:                                               ; preds = %96
  %98 = load i32, ptr %11, align 4
  %99 = mul nsw i32 %98, 2
  store i32 %99, ptr %11, align 4
  br label %63, !llvm.loop !5

100:                                              ; preds = %63
  %101 = load i32, ptr %9, align 4
  %102 = sext i32 %101 to i64
  %103 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ12layerforwardE13weight_matrix to ptr), i64 0, i64 %102
  %104 = load i32, ptr %8, align 4
  %105 = sext i32 %104 to i64
  %106 = getelementptr inbounds [16 x float], ptr %103, i64 0, i64 %105
  %107 = load float, ptr %106, align 4
  %108 = load ptr, ptr %5, align 8
  %109 = load i32, ptr %10, align 4
  %110 = mul nsw i32 %109, 16
  %111 = load i32, ptr %8, align 4
  %112 = add nsw i32 %110, %111
  %113 = sext i32 %112 to i64
  %114 = getelementptr inbounds float, ptr %108, i64 %113
  store float %107, ptr %114, align 4
  %115 = load i32, ptr %9, align 4
  %116 = icmp eq i32 %115, 0
  br i1 %116, label %117, label %129

117:                                              ; preds = %100
  %118 = load i32, ptr %8, align 4
  %119 = sext i32 %118 to i64
  %120 = getelementptr inbounds [16 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ12layerforwardE13weight_matrix to ptr), i64 0, i64 %119
  %121 = load float, ptr %120, align 4
  %122 = load ptr, ptr %6, align 8
  %123 = load i32, ptr %7, align 4
  %124 = mul nsw i32 %123, 16
  %125 = load i32, ptr %8, align 4
  %126 = add nsw i32 %124, %125
  %127 = sext i32 %126 to i64
  %128 = getelementptr inbounds float, ptr %122, i64 %127
  store float %121, ptr %128, align 4
  br label %129

129:                                              ; preds = %117, %100
  ret void
}

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier0() #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.y() #2

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.y() #2

attributes #0 = { convergent mustprogress noinline norecurse nounwind optnone "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx78,+sm_80" "uniform-work-group-size"="true" }
attributes #1 = { convergent nocallback nounwind }
attributes #2 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!nvvm.annotations = !{!0}
!llvm.module.flags = !{!1, !2, !3}
!llvm.ident = !{!4}

!0 = !{ptr @layerforward, !"kernel", i32 1}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!3 = !{i32 7, !"frame-pointer", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = distinct !{!5, !6}
!6 = !{!"llvm.loop.mustprogress"}
