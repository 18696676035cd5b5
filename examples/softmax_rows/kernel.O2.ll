; ModuleID = 'examples/softmax_rows/kernel.cu'
source_filename = "examples/softmax_rows/kernel.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_ZZ12softmax_rowsE3red = internal unnamed_addr addrspace(3) global [128 x float] undef, align 4

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @softmax_rows(i32 noundef %0, i32 noundef %1, ptr nocapture noundef readonly %2, ptr nocapture noundef %3) local_unnamed_addr #0 {
  %5 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %6 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %7 = icmp slt i32 %5, %0
  br i1 %7, label %8, label %83

8:                                                ; preds = %4
  %9 = zext nneg i32 %5 to i64
  %10 = sext i32 %1 to i64
  %11 = mul nsw i64 %10, %9
  %12 = getelementptr inbounds float, ptr %2, i64 %11
  %13 = getelementptr inbounds float, ptr %3, i64 %11
  %14 = icmp slt i32 %6, %1
  %15 = tail call noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  br i1 %14, label %21, label %16

16:                                               ; preds = %21, %8
  %17 = phi float [ 0xC7EFFFFFE0000000, %8 ], [ %27, %21 ]
  %18 = zext nneg i32 %6 to i64
  %19 = getelementptr inbounds [128 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ12softmax_rowsE3red to ptr), i64 0, i64 %18
  store float %17, ptr %19, align 4, !tbaa !5
  tail call void @llvm.nvvm.barrier0()
  %20 = icmp ult i32 %15, 2
  br i1 %20, label %30, label %32

21:                                               ; preds = %8, %21
  %22 = phi float [ %27, %21 ], [ 0xC7EFFFFFE0000000, %8 ]
  %23 = phi i32 [ %28, %21 ], [ %6, %8 ]
  %24 = sext i32 %23 to i64
  %25 = getelementptr inbounds float, ptr %12, i64 %24
  %26 = load float, ptr %25, align 4, !tbaa !5
  %27 = tail call contract noundef float @llvm.maxnum.f32(float %22, float %26)
  %28 = add i32 %23, %15
  %29 = icmp slt i32 %28, %1
  br i1 %29, label %21, label %16, !llvm.loop !9

30:                                               ; preds = %43, %16
  %31 = load float, ptr addrspacecast (ptr addrspace(3) @_ZZ12softmax_rowsE3red to ptr), align 4, !tbaa !5
  tail call void @llvm.nvvm.barrier0()
  br i1 %14, label %47, label %45

32:                                               ; preds = %16, %43
  %33 = phi i32 [ %34, %43 ], [ %15, %16 ]
  %34 = lshr i32 %33, 1
  %35 = icmp ult i32 %6, %34
  br i1 %35, label %36, label %43

36:                                               ; preds = %32
  %37 = add nuw nsw i32 %34, %6
  %38 = zext nneg i32 %37 to i64
  %39 = getelementptr inbounds [128 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ12softmax_rowsE3red to ptr), i64 0, i64 %38
  %40 = load float, ptr %19, align 4, !tbaa !5
  %41 = load float, ptr %39, align 4, !tbaa !5
  %42 = tail call contract noundef float @llvm.maxnum.f32(float %40, float %41)
  store float %42, ptr %19, align 4, !tbaa !5
  br label %43

43:                                               ; preds = %36, %32
  tail call void @llvm.nvvm.barrier0()
  %44 = icmp ult i32 %33, 4
  br i1 %44, label %30, label %32, !llvm.loop !11

45:                                               ; preds = %47, %30
  %46 = phi float [ 0.000000e+00, %30 ], [ %56, %47 ]
  store float %46, ptr %19, align 4, !tbaa !5
  tail call void @llvm.nvvm.barrier0()
  br i1 %20, label %59, label %62

47:                                               ; preds = %30, %47
  %48 = phi i32 [ %57, %47 ], [ %6, %30 ]
  %49 = phi float [ %56, %47 ], [ 0.000000e+00, %30 ]
  %50 = sext i32 %48 to i64
  %51 = getelementptr inbounds float, ptr %12, i64 %50
  %52 = load float, ptr %51, align 4, !tbaa !5
  %53 = fsub contract float %52, %31
  %54 = tail call contract noundef float @__nv_expf(float noundef %53) #4
  %55 = getelementptr inbounds float, ptr %13, i64 %50
  store float %54, ptr %55, align 4, !tbaa !5
  %56 = fadd contract float %49, %54
  %57 = add i32 %48, %15
  %58 = icmp slt i32 %57, %1
  br i1 %58, label %47, label %45, !llvm.loop !12

59:                                               ; preds = %73, %45
  %60 = load float, ptr addrspacecast (ptr addrspace(3) @_ZZ12softmax_rowsE3red to ptr), align 4, !tbaa !5
  %61 = fdiv contract float 1.000000e+00, %60
  br i1 %14, label %75, label %83

62:                                               ; preds = %45, %73
  %63 = phi i32 [ %64, %73 ], [ %15, %45 ]
  %64 = lshr i32 %63, 1
  %65 = icmp ult i32 %6, %64
  br i1 %65, label %66, label %73

66:                                               ; preds = %62
  %67 = add nuw nsw i32 %64, %6
  %68 = zext nneg i32 %67 to i64
  %69 = getelementptr inbounds [128 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ12softmax_rowsE3red to ptr), i64 0, i64 %68
  %70 = load float, ptr %69, align 4, !tbaa !5
  %71 = load float, ptr %19, align 4, !tbaa !5
  %72 = fadd contract float %70, %71
  store float %72, ptr %19, align 4, !tbaa !5
  br label %73

73:                                               ; preds = %66, %62
  tail call void @llvm.nvvm.barrier0()
  %74 = icmp ult i32 %63, 4
  br i1 %74, label %59, label %62, !llvm.loop !13

75:                                               ; preds = %59, %75
  %76 = phi i32 [ %81, %75 ], [ %6, %59 ]
  %77 = sext i32 %76 to i64
  %78 = getelementptr inbounds float, ptr %13, i64 %77
  %79 = load float, ptr %78, align 4, !tbaa !5
  %80 = fmul contract float %61, %79
  store float %80, ptr %78, align 4, !tbaa !5
  %81 = add i32 %76, %15
  %82 = icmp slt i32 %81, %1
  br i1 %82, label %75, label %83, !llvm.loop !14

83:                                               ; preds = %75, %59, %4
  ret void
}

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier0() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.maxnum.f32(float, float) #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #2

; Function Attrs: convergent nounwind
declare dso_local float @__nv_expf(float noundef) local_unnamed_addr #3

attributes #0 = { convergent mustprogress norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx78,+sm_80" "uniform-work-group-size"="true" }
attributes #1 = { convergent nocallback nounwind }
attributes #2 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #3 = { convergent nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx78,+sm_80" }
attributes #4 = { convergent nounwind }

!nvvm.annotations = !{!0}
!llvm.module.flags = !{!1, !2, !3}
!llvm.ident = !{!4}

!0 = !{ptr @softmax_rows, !"kernel", i32 1}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!3 = !{i32 7, !"frame-pointer", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"float", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C++ TBAA"}
!9 = distinct !{!9, !10}
!10 = !{!"llvm.loop.mustprogress"}
!11 = distinct !{!11, !10}
!12 = distinct !{!12, !10}
!13 = distinct !{!13, !10}
!14 = distinct !{!14, !10}
