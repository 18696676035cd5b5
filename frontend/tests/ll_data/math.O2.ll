; ModuleID = 'math.cu'
source_filename = "math.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@W = dso_local addrspace(4) externally_initialized global [8 x float] [float 0x3FB99999A0000000, float 0x3FC99999A0000000, float 0x3FD3333340000000, float 0x3FD99999A0000000, float -5.000000e-01, float 0x3F50624DE0000000, float 0x400921FA00000000, float 0x4005BF09A0000000], align 4
@DW = dso_local addrspace(4) externally_initialized global [2 x double] [double 0x3FD5555555555555, double -2.500000e+00], align 8
@llvm.compiler.used = appending global [2 x ptr] [ptr addrspacecast (ptr addrspace(4) @DW to ptr), ptr addrspacecast (ptr addrspace(4) @W to ptr)], section "llvm.metadata"

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @_Z11softmax_rowPKfPfi(ptr nocapture noundef readonly %0, ptr nocapture noundef writeonly %1, i32 noundef %2) local_unnamed_addr #0 {
  %4 = icmp sgt i32 %2, 0
  br i1 %4, label %5, label %26

5:                                                ; preds = %3
  %6 = and i32 %2, 3
  %7 = icmp ult i32 %2, 4
  br i1 %7, label %10, label %8

8:                                                ; preds = %5
  %9 = and i32 %2, 2147483644
  br label %28

10:                                               ; preds = %28, %5
  %11 = phi float [ poison, %5 ], [ %50, %28 ]
  %12 = phi i32 [ 0, %5 ], [ %51, %28 ]
  %13 = phi float [ 0xC6293E5940000000, %5 ], [ %50, %28 ]
  %14 = icmp eq i32 %6, 0
  br i1 %14, label %26, label %15

15:                                               ; preds = %10, %15
  %16 = phi i32 [ %23, %15 ], [ %12, %10 ]
  %17 = phi float [ %22, %15 ], [ %13, %10 ]
  %18 = phi i32 [ %24, %15 ], [ 0, %10 ]
  %19 = zext nneg i32 %16 to i64
  %20 = getelementptr inbounds float, ptr %0, i64 %19
  %21 = load float, ptr %20, align 4, !tbaa !6
  %22 = tail call contract noundef float @llvm.maxnum.f32(float %17, float %21)
  %23 = add nuw nsw i32 %16, 1
  %24 = add i32 %18, 1
  %25 = icmp eq i32 %24, %6
  br i1 %25, label %26, label %15, !llvm.loop !10

26:                                               ; preds = %10, %15, %3
  %27 = phi float [ 0xC6293E5940000000, %3 ], [ %11, %10 ], [ %22, %15 ]
  br i1 %4, label %60, label %54

28:                                               ; preds = %28, %8
  %29 = phi i32 [ 0, %8 ], [ %51, %28 ]
  %30 = phi float [ 0xC6293E5940000000, %8 ], [ %50, %28 ]
  %31 = phi i32 [ 0, %8 ], [ %52, %28 ]
  %32 = zext nneg i32 %29 to i64
  %33 = getelementptr inbounds float, ptr %0, i64 %32
  %34 = load float, ptr %33, align 4, !tbaa !6
  %35 = tail call contract noundef float @llvm.maxnum.f32(float %30, float %34)
  %36 = or disjoint i32 %29, 1
  %37 = zext nneg i32 %36 to i64
  %38 = getelementptr inbounds float, ptr %0, i64 %37
  %39 = load float, ptr %38, align 4, !tbaa !6
  %40 = tail call contract noundef float @llvm.maxnum.f32(float %35, float %39)
  %41 = or disjoint i32 %29, 2
  %42 = zext nneg i32 %41 to i64
  %43 = getelementptr inbounds float, ptr %0, i64 %42
  %44 = load float, ptr %43, align 4, !tbaa !6
  %45 = tail call contract noundef float @llvm.maxnum.f32(float %40, float %44)
  %46 = or disjoint i32 %29, 3
  %47 = zext nneg i32 %46 to i64
  %48 = getelementptr inbounds float, ptr %0, i64 %47
  %49 = load float, ptr %48, align 4, !tbaa !6
  %50 = tail call contract noundef float @llvm.maxnum.f32(float %45, float %49)
  %51 = add nuw nsw i32 %29, 4
  %52 = add i32 %31, 4
  %53 = icmp eq i32 %52, %9
  br i1 %53, label %10, label %28, !llvm.loop !12

54:                                               ; preds = %60, %26
  %55 = phi float [ 0.000000e+00, %26 ], [ %68, %60 ]
  %56 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %57 = icmp slt i32 %56, %2
  br i1 %57, label %58, label %71

58:                                               ; preds = %54
  %59 = tail call range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  br label %72

60:                                               ; preds = %26, %60
  %61 = phi i32 [ %69, %60 ], [ 0, %26 ]
  %62 = phi float [ %68, %60 ], [ 0.000000e+00, %26 ]
  %63 = zext nneg i32 %61 to i64
  %64 = getelementptr inbounds float, ptr %0, i64 %63
  %65 = load float, ptr %64, align 4, !tbaa !6
  %66 = fsub contract float %65, %27
  %67 = tail call contract float @__nv_expf(float noundef %66) #5
  %68 = fadd contract float %62, %67
  %69 = add nuw nsw i32 %61, 1
  %70 = icmp eq i32 %69, %2
  br i1 %70, label %54, label %60, !llvm.loop !14

71:                                               ; preds = %72, %54
  ret void

72:                                               ; preds = %58, %72
  %73 = phi i32 [ %56, %58 ], [ %81, %72 ]
  %74 = sext i32 %73 to i64
  %75 = getelementptr inbounds float, ptr %0, i64 %74
  %76 = load float, ptr %75, align 4, !tbaa !6
  %77 = fsub contract float %76, %27
  %78 = tail call contract float @__nv_expf(float noundef %77) #5
  %79 = fdiv contract float %78, %55
  %80 = getelementptr inbounds float, ptr %1, i64 %74
  store float %79, ptr %80, align 4, !tbaa !6
  %81 = add i32 %73, %59
  %82 = icmp slt i32 %81, %2
  br i1 %82, label %72, label %71, !llvm.loop !15
}

; Function Attrs: convergent nounwind
declare dso_local float @__nv_expf(float noundef) local_unnamed_addr #1

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @_Z4miscPfPdPiPyi(ptr nocapture noundef %0, ptr nocapture noundef %1, ptr nocapture noundef %2, ptr nocapture noundef %3, i32 noundef %4) local_unnamed_addr #0 {
  %6 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %7 = zext nneg i32 %6 to i64
  %8 = getelementptr inbounds float, ptr %0, i64 %7
  %9 = load float, ptr %8, align 4, !tbaa !6
  %10 = tail call contract float @__nv_tanhf(float noundef %9) #5
  %11 = and i32 %6, 7
  %12 = zext nneg i32 %11 to i64
  %13 = getelementptr inbounds [8 x float], ptr addrspacecast (ptr addrspace(4) @W to ptr), i64 0, i64 %12
  %14 = load float, ptr %13, align 4, !tbaa !6
  %15 = fmul contract float %10, %14
  %16 = load float, ptr %8, align 4, !tbaa !6
  %17 = tail call contract noundef float @llvm.fabs.f32(float %16)
  %18 = tail call contract noundef float @llvm.sqrt.f32(float %17)
  %19 = fadd contract float %15, %18
  %20 = tail call contract float @__nv_powf(float noundef %16, float noundef 2.500000e+00) #5
  %21 = fadd contract float %20, %19
  %22 = load float, ptr %8, align 4, !tbaa !6
  %23 = fadd contract float %22, 1.000000e+00
  %24 = tail call contract float @__nv_logf(float noundef %23) #5
  %25 = fadd contract float %24, %21
  store float %25, ptr %8, align 4, !tbaa !6
  %26 = getelementptr inbounds double, ptr %1, i64 %7
  %27 = load double, ptr %26, align 8, !tbaa !16
  %28 = tail call contract double @__nv_exp(double noundef %27) #5
  %29 = and i32 %6, 1
  %30 = zext nneg i32 %29 to i64
  %31 = getelementptr inbounds [2 x double], ptr addrspacecast (ptr addrspace(4) @DW to ptr), i64 0, i64 %30
  %32 = load double, ptr %31, align 8, !tbaa !16
  %33 = fmul contract double %28, %32
  %34 = load float, ptr %8, align 4, !tbaa !6
  %35 = fpext float %34 to double
  %36 = fadd contract double %33, %35
  store double %36, ptr %26, align 8, !tbaa !16
  %37 = fptosi float %34 to i32
  %38 = getelementptr inbounds i32, ptr %2, i64 %7
  %39 = load i32, ptr %38, align 4, !tbaa !18
  %40 = ashr i32 %39, 3
  %41 = add nsw i32 %40, %37
  %42 = udiv i32 %39, 7
  %43 = add i32 %41, %42
  %44 = srem i32 %39, 5
  %45 = add i32 %43, %44
  %46 = or i32 %39, 1
  %47 = tail call range(i32 0, 32) i32 @llvm.ctlz.i32(i32 %46, i1 true)
  %48 = add i32 %45, %47
  %49 = or i32 %39, 16
  %50 = tail call range(i32 0, 5) i32 @llvm.cttz.i32(i32 %49, i1 true)
  %51 = add i32 %48, %50
  store i32 %51, ptr %38, align 4, !tbaa !18
  %52 = getelementptr inbounds i64, ptr %3, i64 %7
  %53 = load i64, ptr %52, align 8, !tbaa !20
  %54 = tail call i64 @llvm.fshl.i64(i64 %53, i64 %53, i64 7)
  %55 = tail call i64 @llvm.bswap.i64(i64 %54)
  %56 = fptoui double %36 to i64
  %57 = xor i64 %55, %56
  store i64 %57, ptr %52, align 8, !tbaa !20
  %58 = and i32 %51, 7
  switch i32 %58, label %67 [
    i32 0, label %59
    i32 1, label %61
    i32 2, label %61
    i32 5, label %63
  ]

59:                                               ; preds = %5
  %60 = fadd contract float %34, 1.000000e+00
  br label %65

61:                                               ; preds = %5, %5
  %62 = fmul contract float %34, 2.000000e+00
  br label %65

63:                                               ; preds = %5
  %64 = fneg contract float %34
  br label %65

65:                                               ; preds = %59, %61, %63
  %66 = phi float [ %64, %63 ], [ %62, %61 ], [ %60, %59 ]
  store float %66, ptr %8, align 4, !tbaa !6
  br label %67

67:                                               ; preds = %65, %5
  tail call void @llvm.nvvm.membar.gl()
  ret void
}

; Function Attrs: convergent nounwind
declare dso_local float @__nv_tanhf(float noundef) local_unnamed_addr #1

; Function Attrs: convergent nounwind
declare dso_local float @__nv_powf(float noundef, float noundef) local_unnamed_addr #1

; Function Attrs: convergent nounwind
declare dso_local float @__nv_logf(float noundef) local_unnamed_addr #1

; Function Attrs: convergent nounwind
declare dso_local double @__nv_exp(double noundef) local_unnamed_addr #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.ctlz.i32(i32, i1 immarg) #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.cttz.i32(i32, i1 immarg) #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.bswap.i64(i64) #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.maxnum.f32(float, float) #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.sqrt.f32(float) #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.fabs.f32(float) #2

; Function Attrs: nocallback nounwind
declare void @llvm.nvvm.membar.gl() #3

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.fshl.i64(i64, i64, i64) #4

attributes #0 = { convergent mustprogress norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx78,+sm_80" "uniform-work-group-size"="true" }
attributes #1 = { convergent nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx78,+sm_80" }
attributes #2 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #3 = { nocallback nounwind }
attributes #4 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #5 = { convergent nounwind }

!nvvm.annotations = !{!0, !1}
!llvm.module.flags = !{!2, !3, !4}
!llvm.ident = !{!5}

!0 = !{ptr @_Z11softmax_rowPKfPfi, !"kernel", i32 1}
!1 = !{ptr @_Z4miscPfPdPiPyi, !"kernel", i32 1}
!2 = !{i32 1, !"wchar_size", i32 4}
!3 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!4 = !{i32 7, !"frame-pointer", i32 2}
!5 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!6 = !{!7, !7, i64 0}
!7 = !{!"float", !8, i64 0}
!8 = !{!"omnipotent char", !9, i64 0}
!9 = !{!"Simple C++ TBAA"}
!10 = distinct !{!10, !11}
!11 = !{!"llvm.loop.unroll.disable"}
!12 = distinct !{!12, !13}
!13 = !{!"llvm.loop.mustprogress"}
!14 = distinct !{!14, !13}
!15 = distinct !{!15, !13}
!16 = !{!17, !17, i64 0}
!17 = !{!"double", !8, i64 0}
!18 = !{!19, !19, i64 0}
!19 = !{!"int", !8, i64 0}
!20 = !{!21, !21, i64 0}
!21 = !{!"long long", !8, i64 0}
