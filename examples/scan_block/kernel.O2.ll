; ModuleID = 'examples/scan_block/kernel.cu'
source_filename = "examples/scan_block/kernel.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_ZZ10scan_blockE3buf = internal unnamed_addr addrspace(3) global [2 x [256 x float]] undef, align 4

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @scan_block(i32 noundef %0, ptr nocapture noundef readonly %1, ptr nocapture noundef writeonly %2) local_unnamed_addr #0 {
  %4 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %5 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %6 = tail call noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %7 = mul i32 %5, %6
  %8 = add i32 %7, %4
  %9 = icmp slt i32 %8, %0
  br i1 %9, label %10, label %14

10:                                               ; preds = %3
  %11 = sext i32 %8 to i64
  %12 = getelementptr inbounds float, ptr %1, i64 %11
  %13 = load float, ptr %12, align 4, !tbaa !5
  br label %14

14:                                               ; preds = %3, %10
  %15 = phi contract float [ %13, %10 ], [ 0.000000e+00, %3 ]
  %16 = zext nneg i32 %4 to i64
  %17 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ10scan_blockE3buf to ptr), i64 0, i64 %16
  store float %15, ptr %17, align 4, !tbaa !5
  tail call void @llvm.nvvm.barrier0()
  %18 = icmp ugt i32 %6, 1
  br i1 %18, label %23, label %21

19:                                               ; preds = %37
  %20 = zext nneg i32 %26 to i64
  br label %21

21:                                               ; preds = %19, %14
  %22 = phi i64 [ 0, %14 ], [ %20, %19 ]
  br i1 %9, label %43, label %48

23:                                               ; preds = %14, %37
  %24 = phi i32 [ %26, %37 ], [ 0, %14 ]
  %25 = phi i32 [ %41, %37 ], [ 1, %14 ]
  %26 = sub nuw nsw i32 1, %24
  %27 = zext nneg i32 %24 to i64
  %28 = getelementptr inbounds [2 x [256 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ10scan_blockE3buf to ptr), i64 0, i64 %27, i64 %16
  %29 = load float, ptr %28, align 4, !tbaa !5
  %30 = icmp slt i32 %4, %25
  br i1 %30, label %37, label %31

31:                                               ; preds = %23
  %32 = sub nsw i32 %4, %25
  %33 = sext i32 %32 to i64
  %34 = getelementptr inbounds [2 x [256 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ10scan_blockE3buf to ptr), i64 0, i64 %27, i64 %33
  %35 = load float, ptr %34, align 4, !tbaa !5
  %36 = fadd contract float %29, %35
  br label %37

37:                                               ; preds = %31, %23
  %38 = phi float [ %36, %31 ], [ %29, %23 ]
  %39 = zext nneg i32 %26 to i64
  %40 = getelementptr inbounds [2 x [256 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ10scan_blockE3buf to ptr), i64 0, i64 %39, i64 %16
  store float %38, ptr %40, align 4, !tbaa !5
  tail call void @llvm.nvvm.barrier0()
  %41 = shl nsw i32 %25, 1
  %42 = icmp ult i32 %41, %6
  br i1 %42, label %23, label %19, !llvm.loop !9

43:                                               ; preds = %21
  %44 = sext i32 %8 to i64
  %45 = getelementptr inbounds float, ptr %2, i64 %44
  %46 = getelementptr inbounds [2 x [256 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ10scan_blockE3buf to ptr), i64 0, i64 %22, i64 %16
  %47 = load float, ptr %46, align 4, !tbaa !5
  store float %47, ptr %45, align 4, !tbaa !5
  br label %48

48:                                               ; preds = %43, %21
  ret void
}

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier0() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #2

attributes #0 = { convergent mustprogress norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx78,+sm_80" "uniform-work-group-size"="true" }
attributes #1 = { convergent nocallback nounwind }
attributes #2 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!nvvm.annotations = !{!0}
!llvm.module.flags = !{!1, !2, !3}
!llvm.ident = !{!4}

!0 = !{ptr @scan_block, !"kernel", i32 1}
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
