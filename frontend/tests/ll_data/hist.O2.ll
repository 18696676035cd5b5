; ModuleID = 'hist.cu'
source_filename = "hist.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_ZZ4histPKhiPiE5local = internal addrspace(3) global [256 x i32] undef, align 4

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @_Z4histPKhiPi(ptr nocapture noundef readonly %0, i32 noundef %1, ptr nocapture noundef %2) local_unnamed_addr #0 {
  %4 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %5 = icmp ult i32 %4, 256
  %6 = tail call noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  br i1 %5, label %15, label %7

7:                                                ; preds = %15, %3
  tail call void @llvm.nvvm.barrier0()
  %8 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %9 = mul i32 %8, %6
  %10 = add i32 %9, %4
  %11 = icmp slt i32 %10, %1
  br i1 %11, label %12, label %21

12:                                               ; preds = %7
  %13 = tail call noundef range(i32 1, -2147483648) i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %14 = mul i32 %6, %13
  br label %22

15:                                               ; preds = %3, %15
  %16 = phi i32 [ %19, %15 ], [ %4, %3 ]
  %17 = zext nneg i32 %16 to i64
  %18 = getelementptr inbounds [256 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ4histPKhiPiE5local to ptr), i64 0, i64 %17
  store i32 0, ptr %18, align 4, !tbaa !6
  %19 = add nuw nsw i32 %16, %6
  %20 = icmp ult i32 %19, 256
  br i1 %20, label %15, label %7, !llvm.loop !10

21:                                               ; preds = %22, %7
  tail call void @llvm.nvvm.barrier0()
  br i1 %5, label %33, label %32

22:                                               ; preds = %12, %22
  %23 = phi i32 [ %10, %12 ], [ %30, %22 ]
  %24 = sext i32 %23 to i64
  %25 = getelementptr inbounds i8, ptr %0, i64 %24
  %26 = load i8, ptr %25, align 1, !tbaa !12
  %27 = zext i8 %26 to i64
  %28 = getelementptr inbounds [256 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ4histPKhiPiE5local to ptr), i64 0, i64 %27
  %29 = atomicrmw add ptr %28, i32 1 seq_cst, align 4
  %30 = add i32 %23, %14
  %31 = icmp slt i32 %30, %1
  br i1 %31, label %22, label %21, !llvm.loop !13

32:                                               ; preds = %33, %21
  ret void

33:                                               ; preds = %21, %33
  %34 = phi i32 [ %40, %33 ], [ %4, %21 ]
  %35 = zext nneg i32 %34 to i64
  %36 = getelementptr inbounds i32, ptr %2, i64 %35
  %37 = getelementptr inbounds [256 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ4histPKhiPiE5local to ptr), i64 0, i64 %35
  %38 = load i32, ptr %37, align 4, !tbaa !6
  %39 = atomicrmw add ptr %36, i32 %38 seq_cst, align 4
  %40 = add nuw nsw i32 %34, %6
  %41 = icmp ult i32 %40, 256
  br i1 %41, label %33, label %32, !llvm.loop !14
}

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier0() #1

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @_Z4amaxPKiiPi(ptr nocapture noundef readonly %0, i32 noundef %1, ptr nocapture noundef %2) local_unnamed_addr #0 {
  %4 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %5 = tail call noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %6 = mul i32 %4, %5
  %7 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %8 = add i32 %6, %7
  %9 = icmp slt i32 %8, %1
  br i1 %9, label %10, label %15

10:                                               ; preds = %3
  %11 = sext i32 %8 to i64
  %12 = getelementptr inbounds i32, ptr %0, i64 %11
  %13 = load i32, ptr %12, align 4, !tbaa !6
  %14 = atomicrmw max ptr %2, i32 %13 seq_cst, align 4
  br label %15

15:                                               ; preds = %10, %3
  %16 = zext i1 %9 to i32
  %17 = tail call noundef i32 @llvm.nvvm.vote.ballot.sync(i32 -1, i1 %9)
  %18 = and i32 %7, 31
  %19 = icmp eq i32 %18, 0
  br i1 %19, label %20, label %24

20:                                               ; preds = %15
  %21 = tail call range(i32 0, 33) i32 @llvm.ctpop.i32(i32 %17)
  %22 = getelementptr inbounds i8, ptr %2, i64 4
  %23 = atomicrmw add ptr %22, i32 %21 seq_cst, align 4
  br label %24

24:                                               ; preds = %20, %15
  %25 = tail call noundef i32 @llvm.nvvm.barrier0.popc(i32 %16)
  %26 = icmp eq i32 %7, 0
  br i1 %26, label %27, label %31

27:                                               ; preds = %24
  %28 = add nuw i32 %4, 2
  %29 = zext i32 %28 to i64
  %30 = getelementptr inbounds i32, ptr %2, i64 %29
  store i32 %25, ptr %30, align 4, !tbaa !6
  br label %31

31:                                               ; preds = %27, %24
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.ctpop.i32(i32) #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.nctaid.x() #2

; Function Attrs: convergent nocallback nounwind memory(inaccessiblemem: readwrite)
declare i32 @llvm.nvvm.vote.ballot.sync(i32, i1) #3

; Function Attrs: convergent nocallback nounwind
declare i32 @llvm.nvvm.barrier0.popc(i32) #1

attributes #0 = { convergent mustprogress norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx78,+sm_80" "uniform-work-group-size"="true" }
attributes #1 = { convergent nocallback nounwind }
attributes #2 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #3 = { convergent nocallback nounwind memory(inaccessiblemem: readwrite) }

!nvvm.annotations = !{!0, !1}
!llvm.module.flags = !{!2, !3, !4}
!llvm.ident = !{!5}

!0 = !{ptr @_Z4histPKhiPi, !"kernel", i32 1}
!1 = !{ptr @_Z4amaxPKiiPi, !"kernel", i32 1}
!2 = !{i32 1, !"wchar_size", i32 4}
!3 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!4 = !{i32 7, !"frame-pointer", i32 2}
!5 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!6 = !{!7, !7, i64 0}
!7 = !{!"int", !8, i64 0}
!8 = !{!"omnipotent char", !9, i64 0}
!9 = !{!"Simple C++ TBAA"}
!10 = distinct !{!10, !11}
!11 = !{!"llvm.loop.mustprogress"}
!12 = !{!8, !8, i64 0}
!13 = distinct !{!13, !11}
!14 = distinct !{!14, !11}
