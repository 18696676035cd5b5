; ModuleID = 'examples/stencil2d/kernel.cu'
source_filename = "examples/stencil2d/kernel.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: readwrite)
define dso_local void @stencil2d(i32 noundef %0, i32 noundef %1, ptr nocapture noundef readonly %2, ptr nocapture noundef writeonly %3) local_unnamed_addr #0 {
  %5 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %6 = tail call noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %7 = mul i32 %5, %6
  %8 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %9 = add i32 %7, %8
  %10 = tail call noundef range(i32 0, 65535) i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  %11 = tail call noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
  %12 = mul nuw nsw i32 %10, %11
  %13 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %14 = add nuw nsw i32 %12, %13
  %15 = icmp slt i32 %9, %0
  %16 = icmp slt i32 %14, %1
  %17 = and i1 %15, %16
  br i1 %17, label %18, label %60

18:                                               ; preds = %4
  %19 = mul nsw i32 %14, %0
  %20 = add nsw i32 %19, %9
  %21 = icmp eq i32 %9, 0
  %22 = icmp eq i32 %14, 0
  %23 = or i1 %21, %22
  %24 = add nsw i32 %0, -1
  %25 = icmp eq i32 %9, %24
  %26 = select i1 %23, i1 true, i1 %25
  %27 = add nsw i32 %1, -1
  %28 = icmp eq i32 %14, %27
  %29 = select i1 %26, i1 true, i1 %28
  br i1 %29, label %30, label %34

30:                                               ; preds = %18
  %31 = sext i32 %20 to i64
  %32 = getelementptr inbounds float, ptr %2, i64 %31
  %33 = load float, ptr %32, align 4, !tbaa !5
  br label %56

34:                                               ; preds = %18
  %35 = sub nsw i32 %20, %0
  %36 = sext i32 %35 to i64
  %37 = getelementptr inbounds float, ptr %2, i64 %36
  %38 = load float, ptr %37, align 4, !tbaa !5
  %39 = add nsw i32 %20, %0
  %40 = sext i32 %39 to i64
  %41 = getelementptr inbounds float, ptr %2, i64 %40
  %42 = load float, ptr %41, align 4, !tbaa !5
  %43 = sext i32 %20 to i64
  %44 = getelementptr float, ptr %2, i64 %43
  %45 = getelementptr i8, ptr %44, i64 -4
  %46 = load float, ptr %45, align 4, !tbaa !5
  %47 = getelementptr i8, ptr %44, i64 4
  %48 = load float, ptr %47, align 4, !tbaa !5
  %49 = load float, ptr %44, align 4, !tbaa !5
  %50 = fmul contract float %49, 5.000000e-01
  %51 = fadd contract float %38, %42
  %52 = fadd contract float %51, %46
  %53 = fadd contract float %52, %48
  %54 = fmul contract float %53, 1.250000e-01
  %55 = fadd contract float %50, %54
  br label %56

56:                                               ; preds = %34, %30
  %57 = phi i64 [ %31, %30 ], [ %43, %34 ]
  %58 = phi float [ %33, %30 ], [ %55, %34 ]
  %59 = getelementptr inbounds float, ptr %3, i64 %57
  store float %58, ptr %59, align 4, !tbaa !5
  br label %60

60:                                               ; preds = %56, %4
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.y() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.y() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.y() #1

attributes #0 = { mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: readwrite) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx78,+sm_80" "uniform-work-group-size"="true" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!nvvm.annotations = !{!0}
!llvm.module.flags = !{!1, !2, !3}
!llvm.ident = !{!4}

!0 = !{ptr @stencil2d, !"kernel", i32 1}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!3 = !{i32 7, !"frame-pointer", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"float", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C++ TBAA"}
