; ModuleID = 'examples/float4_copy/kernel.cu'
source_filename = "examples/float4_copy/kernel.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.__cuda_builtin_blockIdx_t = type { i8 }
%struct.__cuda_builtin_blockDim_t = type { i8 }
%struct.__cuda_builtin_threadIdx_t = type { i8 }
%struct.float4 = type { float, float, float, float }

@blockIdx = extern_weak dso_local addrspace(1) global %struct.__cuda_builtin_blockIdx_t, align 1
@blockDim = extern_weak dso_local addrspace(1) global %struct.__cuda_builtin_blockDim_t, align 1
@threadIdx = extern_weak dso_local addrspace(1) global %struct.__cuda_builtin_threadIdx_t, align 1

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define dso_local void @scale_float4(i32 noundef %0, float noundef %1, ptr noundef %2, ptr noundef %3) #0 {
  %5 = alloca %struct.float4, align 16
  %6 = alloca float, align 4
  %7 = alloca float, align 4
  %8 = alloca float, align 4
  %9 = alloca float, align 4
  %10 = alloca i32, align 4
  %11 = alloca float, align 4
  %12 = alloca ptr, align 8
  %13 = alloca ptr, align 8
  %14 = alloca i32, align 4
  %15 = alloca %struct.float4, align 16
  %16 = alloca %struct.float4, align 16
  store i32 %0, ptr %10, align 4
  store float %1, ptr %11, align 4
  store ptr %2, ptr %12, align 8
  store ptr %3, ptr %13, align 8
  %17 = call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %18 = call noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %19 = mul i32 %17, %18
  %20 = call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %21 = add i32 %19, %20
  store i32 %21, ptr %14, align 4
  %22 = load i32, ptr %14, align 4
  %23 = load i32, ptr %10, align 4
  %24 = icmp slt i32 %22, %23
  br i1 %24, label %25, label %66

25:                                               ; preds = %4
  %26 = load ptr, ptr %12, align 8
  %27 = load i32, ptr %14, align 4
  %28 = sext i32 %27 to i64
  %29 = getelementptr inbounds %struct.float4, ptr %26, i64 %28
  call void @llvm.memcpy.p0.p0.i64(ptr align 16 %15, ptr align 16 %29, i64 16, i1 false)
  %30 = load float, ptr %11, align 4
  %31 = getelementptr inbounds %struct.float4, ptr %15, i32 0, i32 0
  %32 = load float, ptr %31, align 16
  %33 = fmul contract float %30, %32
  %34 = load float, ptr %11, align 4
  %35 = getelementptr inbounds %struct.float4, ptr %15, i32 0, i32 1
  %36 = load float, ptr %35, align 4
  %37 = fmul contract float %34, %36
  %38 = load float, ptr %11, align 4
  %39 = getelementptr inbounds %struct.float4, ptr %15, i32 0, i32 2
  %40 = load float, ptr %39, align 8
  %41 = fmul contract float %38, %40
  %42 = load float, ptr %11, align 4
  %43 = getelementptr inbounds %struct.float4, ptr %15, i32 0, i32 3
  %44 = load float, ptr %43, align 4
  %45 = fmul contract float %42, %44
  store float %33, ptr %6, align 4
  store float %37, ptr %7, align 4
  store float %41, ptr %8, align 4
  store float %45, ptr %9, align 4
  %46 = load float, ptr %6, align 4
  store float %46, ptr %5, align 16
  %47 = load float, ptr %7, align 4
  %48 = getelementptr inbounds %struct.float4, ptr %5, i32 0, i32 1
  store float %47, ptr %48, align 4
  %49 = load float, ptr %8, align 4
  %50 = getelementptr inbounds %struct.float4, ptr %5, i32 0, i32 2
  store float %49, ptr %50, align 8
  %51 = load float, ptr %9, align 4
  %52 = getelementptr inbounds %struct.float4, ptr %5, i32 0, i32 3
  store float %51, ptr %52, align 4
  %53 = load %struct.float4, ptr %5, align 16
  %54 = getelementptr inbounds %struct.float4, ptr %16, i32 0, i32 0
  %55 = extractvalue %struct.float4 %53, 0
  store float %55, ptr %54, align 16
  %56 = getelementptr inbounds %struct.float4, ptr %16, i32 0, i32 1
  %57 = extractvalue %struct.float4 %53, 1
  store float %57, ptr %56, align 4
  %58 = getelementptr inbounds %struct.float4, ptr %16, i32 0, i32 2
  %59 = extractvalue %struct.float4 %53, 2
  store float %59, ptr %58, align 8
  %60 = getelementptr inbounds %struct.float4, ptr %16, i32 0, i32 3
  %61 = extractvalue %struct.float4 %53, 3
  store float %61, ptr %60, align 4
  %62 = load ptr, ptr %13, align 8
  %63 = load i32, ptr %14, align 4
  %64 = sext i32 %63 to i64
  %65 = getelementptr inbounds %struct.float4, ptr %62, i64 %64
  call void @llvm.memcpy.p0.p0.i64(ptr align 16 %65, ptr align 16 %16, i64 16, i1 false)
  br label %66

66:                                               ; preds = %25, %4
  ret void
}

; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: readwrite)
declare void @llvm.memcpy.p0.p0.i64(ptr noalias nocapture writeonly, ptr noalias nocapture readonly, i64, i1 immarg) #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #2

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

attributes #0 = { convergent mustprogress noinline norecurse nounwind optnone "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx78,+sm_80" "uniform-work-group-size"="true" }
attributes #1 = { nocallback nofree nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!nvvm.annotations = !{!0}
!llvm.module.flags = !{!1, !2, !3}
!llvm.ident = !{!4}

!0 = !{ptr @scale_float4, !"kernel", i32 1}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!3 = !{i32 7, !"frame-pointer", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
