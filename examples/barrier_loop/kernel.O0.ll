; ModuleID = 'examples/barrier_loop/kernel.cu'
source_filename = "examples/barrier_loop/kernel.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.__cuda_builtin_blockIdx_t = type { i8 }
%struct.__cuda_builtin_threadIdx_t = type { i8 }

@_ZZ12jacobi_blockE3cur = internal addrspace(3) global [258 x float] undef, align 4
@_ZZ12jacobi_blockE4next = internal addrspace(3) global [258 x float] undef, align 4
@blockIdx = extern_weak dso_local addrspace(1) global %struct.__cuda_builtin_blockIdx_t, align 1
@threadIdx = extern_weak dso_local addrspace(1) global %struct.__cuda_builtin_threadIdx_t, align 1

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define dso_local void @jacobi_block(i32 noundef %0, i32 noundef %1, ptr noundef %2) #0 {
  %4 = alloca i32, align 4
  %5 = alloca i32, align 4
  %6 = alloca ptr, align 8
  %7 = alloca ptr, align 8
  %8 = alloca i32, align 4
  %9 = alloca i32, align 4
  store i32 %0, ptr %4, align 4
  store i32 %1, ptr %5, align 4
  store ptr %2, ptr %6, align 8
  %10 = load ptr, ptr %6, align 8
  %11 = call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %12 = load i32, ptr %4, align 4
  %13 = add nsw i32 %12, 2
  %14 = mul i32 %11, %13
  %15 = zext i32 %14 to i64
  %16 = getelementptr inbounds float, ptr %10, i64 %15
  store ptr %16, ptr %7, align 8
  %17 = call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  store i32 %17, ptr %8, align 4
  %18 = load ptr, ptr %7, align 8
  %19 = load i32, ptr %8, align 4
  %20 = add nsw i32 %19, 1
  %21 = sext i32 %20 to i64
  %22 = getelementptr inbounds float, ptr %18, i64 %21
  %23 = load float, ptr %22, align 4
  %24 = load i32, ptr %8, align 4
  %25 = add nsw i32 %24, 1
  %26 = sext i32 %25 to i64
  %27 = getelementptr inbounds [258 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ12jacobi_blockE3cur to ptr), i64 0, i64 %26
  store float %23, ptr %27, align 4
  %28 = load i32, ptr %8, align 4
  %29 = icmp eq i32 %28, 0
  br i1 %29, label %30, label %44

30:                                               ; preds = %3
  %31 = load ptr, ptr %7, align 8
  %32 = getelementptr inbounds float, ptr %31, i64 0
  %33 = load float, ptr %32, align 4
  store float %33, ptr addrspacecast (ptr addrspace(3) @_ZZ12jacobi_blockE3cur to ptr), align 4
  %34 = load ptr, ptr %7, align 8
  %35 = load i32, ptr %4, align 4
  %36 = add nsw i32 %35, 1
  %37 = sext i32 %36 to i64
  %38 = getelementptr inbounds float, ptr %34, i64 %37
  %39 = load float, ptr %38, align 4
  %40 = load i32, ptr %4, align 4
  %41 = add nsw i32 %40, 1
  %42 = sext i32 %41 to i64
  %43 = getelementptr inbounds [258 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ12jacobi_blockE3cur to ptr), i64 0, i64 %42
  store float %39, ptr %43, align 4
  br label %44

44:                                               ; preds = %30, %3
  call void @llvm.nvvm.barrier0()
  store i32 0, ptr %9, align 4
  br label %45

45:                                               ; preds = %82, %44
  %46 = load i32, ptr %9, align 4
  %47 = load i32, ptr %5, align 4
  %48 = icmp slt i32 %46, %47
  br i1 %48, label %49, label %85

49:                                               ; preds = %45
  %50 = load i32, ptr %8, align 4
  %51 = sext i32 %50 to i64
  %52 = getelementptr inbounds [258 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ12jacobi_blockE3cur to ptr), i64 0, i64 %51
  %53 = load float, ptr %52, align 4
  %54 = fmul contract float 2.500000e-01, %53
  %55 = load i32, ptr %8, align 4
  %56 = add nsw i32 %55, 1
  %57 = sext i32 %56 to i64
  %58 = getelementptr inbounds [258 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ12jacobi_blockE3cur to ptr), i64 0, i64 %57
  %59 = load float, ptr %58, align 4
  %60 = fmul contract float 5.000000e-01, %59
  %61 = fadd contract float %54, %60
  %62 = load i32, ptr %8, align 4
  %63 = add nsw i32 %62, 2
  %64 = sext i32 %63 to i64
  %65 = getelementptr inbounds [258 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ12jacobi_blockE3cur to ptr), i64 0, i64 %64
  %66 = load float, ptr %65, align 4
  %67 = fmul contract float 2.500000e-01, %66
  %68 = fadd contract float %61, %67
  %69 = load i32, ptr %8, align 4
  %70 = add nsw i32 %69, 1
  %71 = sext i32 %70 to i64
  %72 = getelementptr inbounds [258 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ12jacobi_blockE4next to ptr), i64 0, i64 %71
  store float %68, ptr %72, align 4
  call void @llvm.nvvm.barrier0()
  %73 = load i32, ptr %8, align 4
  %74 = add nsw i32 %73, 1
  %75 = sext i32 %74 to i64
  %76 = getelementptr inbounds [258 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ12jacobi_blockE4next to ptr), i64 0, i64 %75
  %77 = load float, ptr %76, align 4
  %78 = load i32, ptr %8, align 4
  %79 = add nsw i32 %78, 1
  %80 = sext i32 %79 to i64
  %81 = getelementptr inbounds [258 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ12jacobi_blockE3cur to ptr), i64 0, i64 %80
  store float %77, ptr %81, align 4
  call void @llvm.nvvm.barrier0()
  br label %82

82:                                               ; preds = %49
  %83 = load i32, ptr %9, align 4
  %84 = add nsw i32 %83, 1
  store i32 %84, ptr %9, align 4
  br label %45, !llvm.loop !5

85:                                               ; preds = %45
  %86 = load i32, ptr %8, align 4
  %87 = add nsw i32 %86, 1
  %88 = sext i32 %87 to i64
  %89 = getelementptr inbounds [258 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ12jacobi_blockE3cur to ptr), i64 0, i64 %88
  %90 = load float, ptr %89, align 4
  %91 = load ptr, ptr %7, align 8
  %92 = load i32, ptr %8, align 4
  %93 = add nsw i32 %92, 1
  %94 = sext i32 %93 to i64
  %95 = getelementptr inbounds float, ptr %91, i64 %94
  store float %90, ptr %95, align 4
  ret void
}

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier0() #1

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

!0 = !{ptr @jacobi_block, !"kernel", i32 1}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!3 = !{i32 7, !"frame-pointer", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = distinct !{!5, !6}
!6 = !{!"llvm.loop.mustprogress"}
