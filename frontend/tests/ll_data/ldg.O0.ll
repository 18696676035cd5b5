; ModuleID = 'ldg.cu'
source_filename = "ldg.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.__cuda_builtin_threadIdx_t = type { i8 }

@threadIdx = extern_weak dso_local addrspace(1) global %struct.__cuda_builtin_threadIdx_t, align 1

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define dso_local void @_Z1kPKfPKDv4_fPf(ptr noundef %0, ptr noundef %1, ptr noundef %2) #0 {
  %4 = alloca ptr, align 8
  %5 = alloca ptr, align 8
  %6 = alloca ptr, align 8
  %7 = alloca <4 x float>, align 16
  store ptr %0, ptr %4, align 8
  store ptr %1, ptr %5, align 8
  store ptr %2, ptr %6, align 8
  %8 = load ptr, ptr %4, align 8
  %9 = call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %10 = zext i32 %9 to i64
  %11 = getelementptr inbounds float, ptr %8, i64 %10
  %12 = call contract float @llvm.nvvm.ldg.global.f.f32.p0(ptr %11, i32 4)
  %13 = load ptr, ptr %6, align 8
  %14 = call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %15 = zext i32 %14 to i64
  %16 = getelementptr inbounds float, ptr %13, i64 %15
  store float %12, ptr %16, align 4
  %17 = load ptr, ptr %5, align 8
  %18 = call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %19 = zext i32 %18 to i64
  %20 = getelementptr inbounds <4 x float>, ptr %17, i64 %19
  %21 = call contract <4 x float> @llvm.nvvm.ldg.global.f.v4f32.p0(ptr %20, i32 16)
  store <4 x float> %21, ptr %7, align 16
  %22 = load <4 x float>, ptr %7, align 16
  %23 = extractelement <4 x float> %22, i64 0
  %24 = load <4 x float>, ptr %7, align 16
  %25 = extractelement <4 x float> %24, i64 3
  %26 = fadd contract float %23, %25
  %27 = load ptr, ptr %6, align 8
  %28 = call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %29 = add i32 %28, 64
  %30 = zext i32 %29 to i64
  %31 = getelementptr inbounds float, ptr %27, i64 %30
  store float %26, ptr %31, align 4
  %32 = load ptr, ptr %4, align 8
  %33 = call contract float @llvm.nvvm.ldu.global.f.f32.p0(ptr %32, i32 4)
  %34 = load ptr, ptr %6, align 8
  %35 = call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %36 = add i32 %35, 128
  %37 = zext i32 %36 to i64
  %38 = getelementptr inbounds float, ptr %34, i64 %37
  store float %33, ptr %38, align 4
  ret void
}

; Function Attrs: nocallback nounwind memory(argmem: read)
declare float @llvm.nvvm.ldg.global.f.f32.p0(ptr nocapture, i32) #1

; Function Attrs: nocallback nounwind memory(argmem: read)
declare <4 x float> @llvm.nvvm.ldg.global.f.v4f32.p0(ptr nocapture, i32) #1

; Function Attrs: nocallback nounwind memory(argmem: read)
declare float @llvm.nvvm.ldu.global.f.f32.p0(ptr nocapture, i32) #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

attributes #0 = { convergent mustprogress noinline norecurse nounwind optnone "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx78,+sm_80" "uniform-work-group-size"="true" }
attributes #1 = { nocallback nounwind memory(argmem: read) }
attributes #2 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!nvvm.annotations = !{!0}
!llvm.module.flags = !{!1, !2, !3}
!llvm.ident = !{!4}

!0 = !{ptr @_Z1kPKfPKDv4_fPf, !"kernel", i32 1}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!3 = !{i32 7, !"frame-pointer", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
