; ModuleID = 'vec.cu'
source_filename = "vec.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.__cuda_builtin_blockIdx_t = type { i8 }
%struct.__cuda_builtin_blockDim_t = type { i8 }
%struct.__cuda_builtin_threadIdx_t = type { i8 }
%struct.Params = type { i32, float, %struct.float2 }
%struct.float2 = type { float, float }
%struct.float4 = type { float, float, float, float }

@blockIdx = extern_weak dso_local addrspace(1) global %struct.__cuda_builtin_blockIdx_t, align 1
@blockDim = extern_weak dso_local addrspace(1) global %struct.__cuda_builtin_blockDim_t, align 1
@threadIdx = extern_weak dso_local addrspace(1) global %struct.__cuda_builtin_threadIdx_t, align 1

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define dso_local void @_Z5vadd4PK6float4S1_PS_6Params(ptr noundef %0, ptr noundef %1, ptr noundef %2, ptr noundef byval(%struct.Params) align 8 %3) #0 {
  %5 = alloca ptr, align 8
  %6 = alloca ptr, align 8
  %7 = alloca ptr, align 8
  %8 = alloca i32, align 4
  %9 = alloca %struct.float4, align 16
  %10 = alloca %struct.float4, align 16
  %11 = alloca %struct.float4, align 16
  store ptr %0, ptr %5, align 8
  store ptr %1, ptr %6, align 8
  store ptr %2, ptr %7, align 8
  %12 = call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %13 = call noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %14 = mul i32 %12, %13
  %15 = call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %16 = add i32 %14, %15
  store i32 %16, ptr %8, align 4
  %17 = load i32, ptr %8, align 4
  %18 = getelementptr inbounds %struct.Params, ptr %3, i32 0, i32 0
  %19 = load i32, ptr %18, align 8
  %20 = icmp slt i32 %17, %19
  br i1 %20, label %21, label %69

21:                                               ; preds = %4
  %22 = load ptr, ptr %5, align 8
  %23 = load i32, ptr %8, align 4
  %24 = sext i32 %23 to i64
  %25 = getelementptr inbounds %struct.float4, ptr %22, i64 %24
  call void @llvm.memcpy.p0.p0.i64(ptr align 16 %9, ptr align 16 %25, i64 16, i1 false)
  %26 = load ptr, ptr %6, align 8
  %27 = load i32, ptr %8, align 4
  %28 = sext i32 %27 to i64
  %29 = getelementptr inbounds %struct.float4, ptr %26, i64 %28
  call void @llvm.memcpy.p0.p0.i64(ptr align 16 %10, ptr align 16 %29, i64 16, i1 false)
  %30 = getelementptr inbounds %struct.float4, ptr %11, i32 0, i32 0
  %31 = getelementptr inbounds %struct.float4, ptr %9, i32 0, i32 0
  %32 = load float, ptr %31, align 16
  %33 = getelementptr inbounds %struct.float4, ptr %10, i32 0, i32 0
  %34 = load float, ptr %33, align 16
  %35 = getelementptr inbounds %struct.Params, ptr %3, i32 0, i32 1
  %36 = load float, ptr %35, align 4
  %37 = fmul contract float %34, %36
  %38 = fadd contract float %32, %37
  store float %38, ptr %30, align 16
  %39 = getelementptr inbounds %struct.float4, ptr %11, i32 0, i32 1
  %40 = getelementptr inbounds %struct.float4, ptr %9, i32 0, i32 1
  %41 = load float, ptr %40, align 4
  %42 = getelementptr inbounds %struct.float4, ptr %10, i32 0, i32 1
  %43 = load float, ptr %42, align 4
  %44 = fadd contract float %41, %43
  %45 = getelementptr inbounds %struct.Params, ptr %3, i32 0, i32 2
  %46 = getelementptr inbounds %struct.float2, ptr %45, i32 0, i32 0
  %47 = load float, ptr %46, align 8
  %48 = fadd contract float %44, %47
  store float %48, ptr %39, align 4
  %49 = getelementptr inbounds %struct.float4, ptr %11, i32 0, i32 2
  %50 = getelementptr inbounds %struct.float4, ptr %9, i32 0, i32 2
  %51 = load float, ptr %50, align 8
  %52 = getelementptr inbounds %struct.float4, ptr %10, i32 0, i32 2
  %53 = load float, ptr %52, align 8
  %54 = fadd contract float %51, %53
  store float %54, ptr %49, align 8
  %55 = getelementptr inbounds %struct.float4, ptr %11, i32 0, i32 3
  %56 = getelementptr inbounds %struct.float4, ptr %9, i32 0, i32 3
  %57 = load float, ptr %56, align 4
  %58 = getelementptr inbounds %struct.float4, ptr %10, i32 0, i32 3
  %59 = load float, ptr %58, align 4
  %60 = fadd contract float %57, %59
  %61 = getelementptr inbounds %struct.Params, ptr %3, i32 0, i32 2
  %62 = getelementptr inbounds %struct.float2, ptr %61, i32 0, i32 1
  %63 = load float, ptr %62, align 4
  %64 = fadd contract float %60, %63
  store float %64, ptr %55, align 4
  %65 = load ptr, ptr %7, align 8
  %66 = load i32, ptr %8, align 4
  %67 = sext i32 %66 to i64
  %68 = getelementptr inbounds %struct.float4, ptr %65, i64 %67
  call void @llvm.memcpy.p0.p0.i64(ptr align 16 %68, ptr align 16 %11, i64 16, i1 false)
  br label %69

69:                                               ; preds = %21, %4
  ret void
}

; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: readwrite)
declare void @llvm.memcpy.p0.p0.i64(ptr noalias nocapture writeonly, ptr noalias nocapture readonly, i64, i1 immarg) #1

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define dso_local void @_Z6extvecPDv4_fi(ptr noundef %0, i32 noundef %1) #0 {
  %3 = alloca ptr, align 8
  %4 = alloca i32, align 4
  %5 = alloca <4 x float>, align 16
  store ptr %0, ptr %3, align 8
  store i32 %1, ptr %4, align 4
  %6 = load ptr, ptr %3, align 8
  %7 = call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %8 = zext i32 %7 to i64
  %9 = getelementptr inbounds <4 x float>, ptr %6, i64 %8
  %10 = load <4 x float>, ptr %9, align 16
  store <4 x float> %10, ptr %5, align 16
  %11 = load <4 x float>, ptr %5, align 16
  %12 = fmul contract <4 x float> %11, <float 2.000000e+00, float 2.000000e+00, float 2.000000e+00, float 2.000000e+00>
  %13 = load <4 x float>, ptr %5, align 16
  %14 = shufflevector <4 x float> %13, <4 x float> poison, <4 x i32> <i32 3, i32 2, i32 1, i32 0>
  %15 = fadd contract <4 x float> %12, %14
  store <4 x float> %15, ptr %5, align 16
  %16 = load i32, ptr %4, align 4
  %17 = and i32 %16, 3
  %18 = load <4 x float>, ptr %5, align 16
  %19 = insertelement <4 x float> %18, float 1.000000e+00, i32 %17
  store <4 x float> %19, ptr %5, align 16
  %20 = load <4 x float>, ptr %5, align 16
  %21 = load ptr, ptr %3, align 8
  %22 = call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %23 = zext i32 %22 to i64
  %24 = getelementptr inbounds <4 x float>, ptr %21, i64 %23
  store <4 x float> %20, ptr %24, align 16
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define dso_local void @_Z6half_kPDF16_PDF16b(ptr noundef %0, ptr noundef %1) #0 {
  %3 = alloca ptr, align 8
  %4 = alloca ptr, align 8
  store ptr %0, ptr %3, align 8
  store ptr %1, ptr %4, align 8
  %5 = load ptr, ptr %3, align 8
  %6 = call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %7 = zext i32 %6 to i64
  %8 = getelementptr inbounds half, ptr %5, i64 %7
  %9 = load half, ptr %8, align 2
  %10 = fmul contract half %9, 0xH3E00
  %11 = fadd contract half %10, 0xH3400
  %12 = load ptr, ptr %3, align 8
  %13 = call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %14 = zext i32 %13 to i64
  %15 = getelementptr inbounds half, ptr %12, i64 %14
  store half %11, ptr %15, align 2
  %16 = load ptr, ptr %4, align 8
  %17 = call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %18 = zext i32 %17 to i64
  %19 = getelementptr inbounds bfloat, ptr %16, i64 %18
  %20 = load bfloat, ptr %19, align 2
  %21 = fpext bfloat %20 to float
  %22 = fmul contract float %21, 2.000000e+00
  %23 = fptrunc float %22 to bfloat
  %24 = load ptr, ptr %4, align 8
  %25 = call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %26 = zext i32 %25 to i64
  %27 = getelementptr inbounds bfloat, ptr %24, i64 %26
  store bfloat %23, ptr %27, align 2
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #2

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

attributes #0 = { convergent mustprogress noinline norecurse nounwind optnone "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx78,+sm_80" "uniform-work-group-size"="true" }
attributes #1 = { nocallback nofree nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!nvvm.annotations = !{!0, !1, !2}
!llvm.module.flags = !{!3, !4, !5}
!llvm.ident = !{!6}

!0 = !{ptr @_Z5vadd4PK6float4S1_PS_6Params, !"kernel", i32 1}
!1 = !{ptr @_Z6extvecPDv4_fi, !"kernel", i32 1}
!2 = !{ptr @_Z6half_kPDF16_PDF16b, !"kernel", i32 1}
!3 = !{i32 1, !"wchar_size", i32 4}
!4 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!5 = !{i32 7, !"frame-pointer", i32 2}
!6 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
