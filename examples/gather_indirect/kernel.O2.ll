; ModuleID = 'examples/gather_indirect/kernel.cu'
source_filename = "examples/gather_indirect/kernel.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Function Attrs: mustprogress nofree norecurse nosync nounwind memory(argmem: readwrite)
define dso_local void @spmv_csr(i32 noundef %0, ptr nocapture noundef readonly %1, ptr nocapture noundef readonly %2, ptr nocapture noundef readonly %3, ptr nocapture noundef readonly %4, ptr nocapture noundef writeonly %5) local_unnamed_addr #0 {
  %7 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %8 = tail call noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %9 = mul i32 %7, %8
  %10 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %11 = add i32 %9, %10
  %12 = icmp slt i32 %11, %0
  br i1 %12, label %13, label %71

13:                                               ; preds = %6
  %14 = sext i32 %11 to i64
  %15 = getelementptr i32, ptr %1, i64 %14
  %16 = getelementptr i8, ptr %15, i64 4
  %17 = load i32, ptr %16, align 4, !tbaa !5
  %18 = load i32, ptr %15, align 4, !tbaa !5
  %19 = icmp slt i32 %18, %17
  br i1 %19, label %20, label %42

20:                                               ; preds = %13
  %21 = sub i32 %17, %18
  %22 = add i32 %18, 1
  %23 = and i32 %21, 1
  %24 = icmp eq i32 %23, 0
  br i1 %24, label %37, label %25

25:                                               ; preds = %20
  %26 = sext i32 %18 to i64
  %27 = getelementptr inbounds float, ptr %3, i64 %26
  %28 = load float, ptr %27, align 4, !tbaa !9
  %29 = getelementptr inbounds i32, ptr %2, i64 %26
  %30 = load i32, ptr %29, align 4, !tbaa !5
  %31 = sext i32 %30 to i64
  %32 = getelementptr inbounds float, ptr %4, i64 %31
  %33 = load float, ptr %32, align 4, !tbaa !9
  %34 = fmul contract float %28, %33
  %35 = fadd contract float %34, 0.000000e+00
  %36 = add nsw i32 %18, 1
  br label %37

37:                                               ; preds = %25, %20
  %38 = phi float [ poison, %20 ], [ %35, %25 ]
  %39 = phi i32 [ %18, %20 ], [ %36, %25 ]
  %40 = phi float [ 0.000000e+00, %20 ], [ %35, %25 ]
  %41 = icmp eq i32 %17, %22
  br i1 %41, label %42, label %45

42:                                               ; preds = %37, %45, %13
  %43 = phi float [ 0.000000e+00, %13 ], [ %38, %37 ], [ %68, %45 ]
  %44 = getelementptr inbounds float, ptr %5, i64 %14
  store float %43, ptr %44, align 4, !tbaa !9
  br label %71

45:                                               ; preds = %37, %45
  %46 = phi i32 [ %69, %45 ], [ %39, %37 ]
  %47 = phi float [ %68, %45 ], [ %40, %37 ]
  %48 = sext i32 %46 to i64
  %49 = getelementptr inbounds float, ptr %3, i64 %48
  %50 = load float, ptr %49, align 4, !tbaa !9
  %51 = getelementptr inbounds i32, ptr %2, i64 %48
  %52 = load i32, ptr %51, align 4, !tbaa !5
  %53 = sext i32 %52 to i64
  %54 = getelementptr inbounds float, ptr %4, i64 %53
  %55 = load float, ptr %54, align 4, !tbaa !9
  %56 = fmul contract float %50, %55
  %57 = fadd contract float %47, %56
  %58 = add nsw i32 %46, 1
  %59 = sext i32 %58 to i64
  %60 = getelementptr inbounds float, ptr %3, i64 %59
  %61 = load float, ptr %60, align 4, !tbaa !9
  %62 = getelementptr inbounds i32, ptr %2, i64 %59
  %63 = load i32, ptr %62, align 4, !tbaa !5
  %64 = sext i32 %63 to i64
  %65 = getelementptr inbounds float, ptr %4, i64 %64
  %66 = load float, ptr %65, align 4, !tbaa !9
  %67 = fmul contract float %61, %66
  %68 = fadd contract float %57, %67
  %69 = add nsw i32 %46, 2
  %70 = icmp eq i32 %69, %17
  br i1 %70, label %42, label %45, !llvm.loop !11

71:                                               ; preds = %42, %6
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1

attributes #0 = { mustprogress nofree norecurse nosync nounwind memory(argmem: readwrite) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx78,+sm_80" "uniform-work-group-size"="true" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!nvvm.annotations = !{!0}
!llvm.module.flags = !{!1, !2, !3}
!llvm.ident = !{!4}

!0 = !{ptr @spmv_csr, !"kernel", i32 1}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!3 = !{i32 7, !"frame-pointer", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"int", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C++ TBAA"}
!9 = !{!10, !10, i64 0}
!10 = !{!"float", !7, i64 0}
!11 = distinct !{!11, !12}
!12 = !{!"llvm.loop.mustprogress"}
