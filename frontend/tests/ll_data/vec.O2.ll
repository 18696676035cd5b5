; ModuleID = 'vec.cu'
source_filename = "vec.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.Params = type { i32, float, %struct.float2 }
%struct.float2 = type { float, float }
%struct.float4 = type { float, float, float, float }

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: readwrite)
define dso_local void @_Z5vadd4PK6float4S1_PS_6Params(ptr nocapture noundef readonly %0, ptr nocapture noundef readonly %1, ptr nocapture noundef writeonly %2, ptr nocapture noundef readonly byval(%struct.Params) align 8 %3) local_unnamed_addr #0 {
  %5 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %6 = tail call noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %7 = mul i32 %5, %6
  %8 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %9 = add i32 %7, %8
  %10 = load i32, ptr %3, align 8, !tbaa !7
  %11 = icmp slt i32 %9, %10
  br i1 %11, label %12, label %47

12:                                               ; preds = %4
  %13 = sext i32 %9 to i64
  %14 = getelementptr inbounds %struct.float4, ptr %0, i64 %13
  %15 = load float, ptr %14, align 16, !tbaa !14
  %16 = getelementptr inbounds i8, ptr %14, i64 4
  %17 = load float, ptr %16, align 4, !tbaa !14
  %18 = getelementptr inbounds i8, ptr %14, i64 8
  %19 = load float, ptr %18, align 8, !tbaa !14
  %20 = getelementptr inbounds i8, ptr %14, i64 12
  %21 = load float, ptr %20, align 4, !tbaa !14
  %22 = getelementptr inbounds %struct.float4, ptr %1, i64 %13
  %23 = load float, ptr %22, align 16, !tbaa !14
  %24 = getelementptr inbounds i8, ptr %22, i64 4
  %25 = load float, ptr %24, align 4, !tbaa !14
  %26 = getelementptr inbounds i8, ptr %22, i64 8
  %27 = load float, ptr %26, align 8, !tbaa !14
  %28 = getelementptr inbounds i8, ptr %22, i64 12
  %29 = load float, ptr %28, align 4, !tbaa !14
  %30 = getelementptr inbounds i8, ptr %3, i64 4
  %31 = load float, ptr %30, align 4, !tbaa !15
  %32 = fmul contract float %23, %31
  %33 = fadd contract float %15, %32
  %34 = fadd contract float %17, %25
  %35 = getelementptr inbounds i8, ptr %3, i64 8
  %36 = load float, ptr %35, align 8, !tbaa !16
  %37 = fadd contract float %34, %36
  %38 = fadd contract float %19, %27
  %39 = fadd contract float %21, %29
  %40 = getelementptr inbounds i8, ptr %3, i64 12
  %41 = load float, ptr %40, align 4, !tbaa !17
  %42 = fadd contract float %39, %41
  %43 = getelementptr inbounds %struct.float4, ptr %2, i64 %13
  store float %33, ptr %43, align 16, !tbaa !14
  %44 = getelementptr inbounds i8, ptr %43, i64 4
  store float %37, ptr %44, align 4, !tbaa !14
  %45 = getelementptr inbounds i8, ptr %43, i64 8
  store float %38, ptr %45, align 8, !tbaa !14
  %46 = getelementptr inbounds i8, ptr %43, i64 12
  store float %42, ptr %46, align 4, !tbaa !14
  br label %47

47:                                               ; preds = %12, %4
  ret void
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: readwrite)
define dso_local void @_Z6extvecPDv4_fi(ptr nocapture noundef %0, i32 noundef %1) local_unnamed_addr #0 {
  %3 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %4 = zext nneg i32 %3 to i64
  %5 = getelementptr inbounds <4 x float>, ptr %0, i64 %4
  %6 = load <4 x float>, ptr %5, align 16, !tbaa !18
  %7 = fmul contract <4 x float> %6, <float 2.000000e+00, float 2.000000e+00, float 2.000000e+00, float 2.000000e+00>
  %8 = shufflevector <4 x float> %6, <4 x float> poison, <4 x i32> <i32 3, i32 2, i32 1, i32 0>
  %9 = fadd contract <4 x float> %7, %8
  %10 = and i32 %1, 3
  %11 = insertelement <4 x float> %9, float 1.000000e+00, i32 %10
  store <4 x float> %11, ptr %5, align 16, !tbaa !18
  ret void
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: readwrite)
define dso_local void @_Z6half_kPDF16_PDF16b(ptr nocapture noundef %0, ptr nocapture noundef %1) local_unnamed_addr #0 {
  %3 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %4 = zext nneg i32 %3 to i64
  %5 = getelementptr inbounds half, ptr %0, i64 %4
  %6 = load half, ptr %5, align 2, !tbaa !19
  %7 = fmul contract half %6, 0xH3E00
  %8 = fadd contract half %7, 0xH3400
  store half %8, ptr %5, align 2, !tbaa !19
  %9 = getelementptr inbounds bfloat, ptr %1, i64 %4
  %10 = load bfloat, ptr %9, align 2, !tbaa !21
  %11 = fmul contract bfloat %10, 0xR4000
  store bfloat %11, ptr %9, align 2, !tbaa !21
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1

attributes #0 = { mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: readwrite) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx78,+sm_80" "uniform-work-group-size"="true" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }

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
!7 = !{!8, !9, i64 0}
!8 = !{!"_ZTS6Params", !9, i64 0, !12, i64 4, !13, i64 8}
!9 = !{!"int", !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C++ TBAA"}
!12 = !{!"float", !10, i64 0}
!13 = !{!"_ZTS6float2", !12, i64 0, !12, i64 4}
!14 = !{!12, !12, i64 0}
!15 = !{!8, !12, i64 4}
!16 = !{!8, !12, i64 8}
!17 = !{!8, !12, i64 12}
!18 = !{!10, !10, i64 0}
!19 = !{!20, !20, i64 0}
!20 = !{!"_Float16", !10, i64 0}
!21 = !{!22, !22, i64 0}
!22 = !{!"__bf16", !10, i64 0}
