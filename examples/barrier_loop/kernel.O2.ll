; ModuleID = 'examples/barrier_loop/kernel.cu'
source_filename = "examples/barrier_loop/kernel.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_ZZ12jacobi_blockE3cur = internal unnamed_addr addrspace(3) global [258 x float] undef, align 4
@_ZZ12jacobi_blockE4next = internal unnamed_addr addrspace(3) global [258 x float] undef, align 4

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @jacobi_block(i32 noundef %0, i32 noundef %1, ptr nocapture noundef %2) local_unnamed_addr #0 {
  %4 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %5 = add nsw i32 %0, 2
  %6 = mul i32 %5, %4
  %7 = zext i32 %6 to i64
  %8 = getelementptr inbounds float, ptr %2, i64 %7
  %9 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %10 = add nuw nsw i32 %9, 1
  %11 = zext nneg i32 %10 to i64
  %12 = getelementptr inbounds float, ptr %8, i64 %11
  %13 = load float, ptr %12, align 4, !tbaa !5
  %14 = getelementptr inbounds [258 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ12jacobi_blockE3cur to ptr), i64 0, i64 %11
  store float %13, ptr %14, align 4, !tbaa !5
  %15 = icmp eq i32 %9, 0
  br i1 %15, label %16, label %23

16:                                               ; preds = %3
  %17 = add nsw i32 %0, 1
  %18 = sext i32 %17 to i64
  %19 = getelementptr inbounds [258 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ12jacobi_blockE3cur to ptr), i64 0, i64 %18
  %20 = getelementptr inbounds float, ptr %8, i64 %18
  %21 = load float, ptr %8, align 4, !tbaa !5
  store float %21, ptr addrspacecast (ptr addrspace(3) @_ZZ12jacobi_blockE3cur to ptr), align 4, !tbaa !5
  %22 = load float, ptr %20, align 4, !tbaa !5
  store float %22, ptr %19, align 4, !tbaa !5
  br label %23

23:                                               ; preds = %16, %3
  tail call void @llvm.nvvm.barrier0()
  %24 = icmp sgt i32 %1, 0
  br i1 %24, label %25, label %32

25:                                               ; preds = %23
  %26 = zext nneg i32 %9 to i64
  %27 = getelementptr inbounds [258 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ12jacobi_blockE3cur to ptr), i64 0, i64 %26
  %28 = add nuw nsw i32 %9, 2
  %29 = zext nneg i32 %28 to i64
  %30 = getelementptr inbounds [258 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ12jacobi_blockE3cur to ptr), i64 0, i64 %29
  %31 = getelementptr inbounds [258 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ12jacobi_blockE4next to ptr), i64 0, i64 %11
  br label %34

32:                                               ; preds = %34, %23
  %33 = load float, ptr %14, align 4, !tbaa !5
  store float %33, ptr %12, align 4, !tbaa !5
  ret void

34:                                               ; preds = %25, %34
  %35 = phi i32 [ 0, %25 ], [ %45, %34 ]
  %36 = load float, ptr %27, align 4, !tbaa !5
  %37 = fmul contract float %36, 2.500000e-01
  %38 = load float, ptr %14, align 4, !tbaa !5
  %39 = fmul contract float %38, 5.000000e-01
  %40 = fadd contract float %37, %39
  %41 = load float, ptr %30, align 4, !tbaa !5
  %42 = fmul contract float %41, 2.500000e-01
  %43 = fadd contract float %40, %42
  store float %43, ptr %31, align 4, !tbaa !5
  tail call void @llvm.nvvm.barrier0()
  %44 = load float, ptr %31, align 4, !tbaa !5
  store float %44, ptr %14, align 4, !tbaa !5
  tail call void @llvm.nvvm.barrier0()
  %45 = add nuw nsw i32 %35, 1
  %46 = icmp eq i32 %45, %1
  br i1 %46, label %32, label %34, !llvm.loop !9
}

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier0() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

attributes #0 = { convergent mustprogress norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx78,+sm_80" "uniform-work-group-size"="true" }
attributes #1 = { convergent nocallback nounwind }
attributes #2 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!nvvm.annotations = !{!0}
!llvm.module.flags = !{!1, !2, !3}
!llvm.ident = !{!4}

!0 = !{ptr @jacobi_block, !"kernel", i32 1}
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
