; ModuleID = 'kernel.cu'
source_filename = "kernel.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Function Attrs: mustprogress nofree norecurse nounwind willreturn memory(argmem: readwrite)
define dso_local void @mix2d(i32 noundef %0, i32 noundef %1, ptr nocapture noundef readonly %2, ptr nocapture noundef readonly %3, ptr nocapture noundef writeonly %4, ptr nocapture noundef %5) local_unnamed_addr #0 {
  %7 = alloca [4 x float], align 4
  %8 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %9 = tail call noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %10 = mul i32 %8, %9
  %11 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %12 = add i32 %10, %11
  %13 = tail call noundef range(i32 0, 65535) i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  %14 = tail call noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
  %15 = mul nuw nsw i32 %13, %14
  %16 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %17 = add nuw nsw i32 %15, %16
  %18 = icmp slt i32 %12, %0
  %19 = icmp slt i32 %17, %1
  %20 = and i1 %18, %19
  br i1 %20, label %21, label %73

21:                                               ; preds = %6
  %22 = mul nsw i32 %17, %0
  %23 = add nsw i32 %22, %12
  %24 = icmp eq i32 %17, 0
  br i1 %24, label %30, label %25

25:                                               ; preds = %21
  %26 = sub nsw i32 %23, %0
  %27 = sext i32 %26 to i64
  %28 = getelementptr inbounds float, ptr %2, i64 %27
  %29 = load float, ptr %28, align 4, !tbaa !5
  br label %30

30:                                               ; preds = %21, %25
  %31 = phi contract float [ %29, %25 ], [ 0.000000e+00, %21 ]
  %32 = add nuw nsw i32 %17, 1
  %33 = icmp ult i32 %32, %1
  br i1 %33, label %34, label %39

34:                                               ; preds = %30
  %35 = add nsw i32 %23, %0
  %36 = sext i32 %35 to i64
  %37 = getelementptr inbounds float, ptr %2, i64 %36
  %38 = load float, ptr %37, align 4, !tbaa !5
  br label %39

39:                                               ; preds = %30, %34
  %40 = phi contract float [ %38, %34 ], [ 0.000000e+00, %30 ]
  %41 = sext i32 %23 to i64
  %42 = getelementptr inbounds i32, ptr %3, i64 %41
  %43 = load i32, ptr %42, align 4, !tbaa !9
  %44 = sext i32 %43 to i64
  %45 = getelementptr inbounds float, ptr %2, i64 %44
  %46 = load float, ptr %45, align 4, !tbaa !5
  call void @llvm.lifetime.start.p0(i64 16, ptr nonnull %7) #3
  %47 = getelementptr inbounds float, ptr %2, i64 %41
  %48 = load float, ptr %47, align 4, !tbaa !5
  store float %48, ptr %7, align 4, !tbaa !5
  %49 = fmul contract float %48, 2.000000e+00
  %50 = getelementptr inbounds i8, ptr %7, i64 4
  store float %49, ptr %50, align 4, !tbaa !5
  %51 = fmul contract float %48, 3.000000e+00
  %52 = getelementptr inbounds i8, ptr %7, i64 8
  store float %51, ptr %52, align 4, !tbaa !5
  %53 = fmul contract float %48, 4.000000e+00
  %54 = getelementptr inbounds i8, ptr %7, i64 12
  store float %53, ptr %54, align 4, !tbaa !5
  %55 = and i32 %43, 3
  %56 = zext nneg i32 %55 to i64
  %57 = getelementptr inbounds [4 x float], ptr %7, i64 0, i64 %56
  %58 = load float, ptr %57, align 4, !tbaa !5
  %59 = fadd contract float %46, %58
  store float %59, ptr %57, align 4, !tbaa !5
  %60 = fmul contract float %31, %59
  %61 = fsub contract float %60, %40
  %62 = add i32 %43, 1
  %63 = and i32 %62, 3
  %64 = zext nneg i32 %63 to i64
  %65 = getelementptr inbounds [4 x float], ptr %7, i64 0, i64 %64
  %66 = load float, ptr %65, align 4, !tbaa !5
  %67 = fadd contract float %66, %61
  %68 = getelementptr inbounds float, ptr %4, i64 %41
  store float %67, ptr %68, align 4, !tbaa !5
  %69 = and i32 %43, 15
  %70 = zext nneg i32 %69 to i64
  %71 = getelementptr inbounds i32, ptr %5, i64 %70
  %72 = atomicrmw add ptr %71, i32 1 seq_cst, align 4
  call void @llvm.lifetime.end.p0(i64 16, ptr nonnull %7) #3
  br label %73

73:                                               ; preds = %6, %39
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.y() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.y() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.y() #2

attributes #0 = { mustprogress nofree norecurse nounwind willreturn memory(argmem: readwrite) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx42,+sm_80" "uniform-work-group-size"="true" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #3 = { nounwind }

!nvvm.annotations = !{!0}
!llvm.module.flags = !{!1, !2, !3}
!llvm.ident = !{!4}

!0 = !{ptr @mix2d, !"kernel", i32 1}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!3 = !{i32 7, !"frame-pointer", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"float", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C++ TBAA"}
!9 = !{!10, !10, i64 0}
!10 = !{!"int", !7, i64 0}
