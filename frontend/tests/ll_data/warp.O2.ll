; ModuleID = 'warp.cu'
source_filename = "warp.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@sm = external dso_local local_unnamed_addr addrspace(3) global [0 x float], align 4

; Function Attrs: convergent mustprogress norecurse nounwind memory(inaccessiblemem: readwrite)
define dso_local noundef float @_Z8warp_sumf(float noundef %0) local_unnamed_addr #0 {
  %2 = tail call contract noundef float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %0, i32 16, i32 31)
  %3 = fadd contract float %2, %0
  %4 = tail call contract noundef float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %3, i32 8, i32 31)
  %5 = fadd contract float %3, %4
  %6 = tail call contract noundef float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %5, i32 4, i32 31)
  %7 = fadd contract float %5, %6
  %8 = tail call contract noundef float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %7, i32 2, i32 31)
  %9 = fadd contract float %7, %8
  %10 = tail call contract noundef float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %9, i32 1, i32 31)
  %11 = fadd contract float %9, %10
  ret float %11
}

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @_Z6reducePKfPfi(ptr nocapture noundef readonly %0, ptr nocapture noundef %1, i32 noundef %2) local_unnamed_addr #1 {
  %4 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %5 = tail call noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %6 = mul i32 %4, %5
  %7 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %8 = add i32 %6, %7
  %9 = icmp slt i32 %8, %2
  br i1 %9, label %10, label %13

10:                                               ; preds = %3
  %11 = tail call noundef range(i32 1, -2147483648) i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %12 = mul i32 %5, %11
  br label %26

13:                                               ; preds = %26, %3
  %14 = phi float [ 0.000000e+00, %3 ], [ %32, %26 ]
  %15 = tail call contract noundef float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %14, i32 16, i32 31)
  %16 = fadd contract float %14, %15
  %17 = tail call contract noundef float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %16, i32 8, i32 31)
  %18 = fadd contract float %16, %17
  %19 = tail call contract noundef float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %18, i32 4, i32 31)
  %20 = fadd contract float %18, %19
  %21 = tail call contract noundef float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %20, i32 2, i32 31)
  %22 = fadd contract float %20, %21
  %23 = tail call contract noundef float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %22, i32 1, i32 31)
  %24 = and i32 %7, 31
  %25 = icmp eq i32 %24, 0
  br i1 %25, label %35, label %40

26:                                               ; preds = %10, %26
  %27 = phi i32 [ %8, %10 ], [ %33, %26 ]
  %28 = phi float [ 0.000000e+00, %10 ], [ %32, %26 ]
  %29 = sext i32 %27 to i64
  %30 = getelementptr inbounds float, ptr %0, i64 %29
  %31 = load float, ptr %30, align 4, !tbaa !6
  %32 = fadd contract float %28, %31
  %33 = add i32 %27, %12
  %34 = icmp slt i32 %33, %2
  br i1 %34, label %26, label %13, !llvm.loop !10

35:                                               ; preds = %13
  %36 = lshr exact i32 %7, 5
  %37 = zext nneg i32 %36 to i64
  %38 = getelementptr inbounds [0 x float], ptr addrspacecast (ptr addrspace(3) @sm to ptr), i64 0, i64 %37
  %39 = fadd contract float %22, %23
  store float %39, ptr %38, align 4, !tbaa !6
  br label %40

40:                                               ; preds = %35, %13
  tail call void @llvm.nvvm.barrier0()
  %41 = icmp ult i32 %7, 32
  br i1 %41, label %42, label %64

42:                                               ; preds = %40
  %43 = lshr i32 %5, 5
  %44 = icmp ult i32 %7, %43
  br i1 %44, label %45, label %49

45:                                               ; preds = %42
  %46 = zext nneg i32 %7 to i64
  %47 = getelementptr inbounds [0 x float], ptr addrspacecast (ptr addrspace(3) @sm to ptr), i64 0, i64 %46
  %48 = load float, ptr %47, align 4, !tbaa !6
  br label %49

49:                                               ; preds = %42, %45
  %50 = phi contract float [ %48, %45 ], [ 0.000000e+00, %42 ]
  %51 = tail call contract noundef float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %50, i32 16, i32 31)
  %52 = fadd contract float %50, %51
  %53 = tail call contract noundef float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %52, i32 8, i32 31)
  %54 = fadd contract float %52, %53
  %55 = tail call contract noundef float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %54, i32 4, i32 31)
  %56 = fadd contract float %54, %55
  %57 = tail call contract noundef float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %56, i32 2, i32 31)
  %58 = fadd contract float %56, %57
  %59 = tail call contract noundef float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %58, i32 1, i32 31)
  %60 = icmp eq i32 %7, 0
  br i1 %60, label %61, label %64

61:                                               ; preds = %49
  %62 = fadd contract float %58, %59
  %63 = atomicrmw fadd ptr %1, float %62 seq_cst, align 4
  br label %64

64:                                               ; preds = %49, %61, %40
  ret void
}

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier0() #2

; Function Attrs: convergent mustprogress norecurse nounwind memory(argmem: readwrite, inaccessiblemem: readwrite)
define dso_local void @_Z7xorbitsPi(ptr nocapture noundef %0) local_unnamed_addr #3 {
  %2 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %3 = zext nneg i32 %2 to i64
  %4 = getelementptr inbounds i32, ptr %0, i64 %3
  %5 = load i32, ptr %4, align 4, !tbaa !12
  %6 = tail call noundef i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %5, i32 1, i32 31)
  store i32 %6, ptr %4, align 4, !tbaa !12
  ret void
}

; Function Attrs: convergent nocallback nounwind memory(inaccessiblemem: readwrite)
declare float @llvm.nvvm.shfl.sync.down.f32(i32, float, i32, i32) #4

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #5

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #5

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #5

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.nctaid.x() #5

; Function Attrs: convergent nocallback nounwind memory(inaccessiblemem: readwrite)
declare i32 @llvm.nvvm.shfl.sync.bfly.i32(i32, i32, i32, i32) #4

attributes #0 = { convergent mustprogress norecurse nounwind memory(inaccessiblemem: readwrite) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx78,+sm_80" }
attributes #1 = { convergent mustprogress norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx78,+sm_80" "uniform-work-group-size"="true" }
attributes #2 = { convergent nocallback nounwind }
attributes #3 = { convergent mustprogress norecurse nounwind memory(argmem: readwrite, inaccessiblemem: readwrite) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx78,+sm_80" "uniform-work-group-size"="true" }
attributes #4 = { convergent nocallback nounwind memory(inaccessiblemem: readwrite) }
attributes #5 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!nvvm.annotations = !{!0, !1}
!llvm.module.flags = !{!2, !3, !4}
!llvm.ident = !{!5}

!0 = !{ptr @_Z6reducePKfPfi, !"kernel", i32 1}
!1 = !{ptr @_Z7xorbitsPi, !"kernel", i32 1}
!2 = !{i32 1, !"wchar_size", i32 4}
!3 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!4 = !{i32 7, !"frame-pointer", i32 2}
!5 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!6 = !{!7, !7, i64 0}
!7 = !{!"float", !8, i64 0}
!8 = !{!"omnipotent char", !9, i64 0}
!9 = !{!"Simple C++ TBAA"}
!10 = distinct !{!10, !11}
!11 = !{!"llvm.loop.mustprogress"}
!12 = !{!13, !13, i64 0}
!13 = !{!"int", !8, i64 0}
