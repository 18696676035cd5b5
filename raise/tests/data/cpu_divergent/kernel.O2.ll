; ModuleID = 'kernel.cu'
source_filename = "kernel.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_ZZ13early_barrierE2sh = internal unnamed_addr addrspace(3) global [64 x i32] undef, align 4
@_ZZ17skip_then_barrierE2sh = internal unnamed_addr addrspace(3) global [64 x i32] undef, align 4

; Function Attrs: convergent mustprogress norecurse nounwind memory(argmem: write, inaccessiblemem: readwrite)
define dso_local void @early_shfl(i32 noundef %0, ptr nocapture noundef writeonly %1) local_unnamed_addr #0 {
  %3 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %4 = tail call noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %5 = mul i32 %3, %4
  %6 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %7 = add i32 %5, %6
  %8 = icmp slt i32 %7, %0
  br i1 %8, label %9, label %24

9:                                                ; preds = %2
  %10 = mul nsw i32 %7, 7
  %11 = add nsw i32 %10, 1
  %12 = tail call noundef i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %11, i32 16, i32 31)
  %13 = add nsw i32 %12, %11
  %14 = tail call noundef i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %13, i32 8, i32 31)
  %15 = add nsw i32 %14, %13
  %16 = tail call noundef i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %15, i32 4, i32 31)
  %17 = add nsw i32 %16, %15
  %18 = tail call noundef i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %17, i32 2, i32 31)
  %19 = add nsw i32 %18, %17
  %20 = tail call noundef i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %19, i32 1, i32 31)
  %21 = add nsw i32 %20, %19
  %22 = sext i32 %7 to i64
  %23 = getelementptr inbounds i32, ptr %1, i64 %22
  store i32 %21, ptr %23, align 4, !tbaa !8
  br label %24

24:                                               ; preds = %2, %9
  ret void
}

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @early_barrier(i32 noundef %0, ptr nocapture noundef writeonly %1) local_unnamed_addr #1 {
  %3 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %4 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %5 = tail call noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %6 = mul i32 %4, %5
  %7 = add i32 %6, %3
  %8 = icmp slt i32 %7, %0
  br i1 %8, label %9, label %26

9:                                                ; preds = %2
  %10 = mul nsw i32 %7, 3
  %11 = add nsw i32 %10, 2
  %12 = zext nneg i32 %3 to i64
  %13 = getelementptr inbounds [64 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ13early_barrierE2sh to ptr), i64 0, i64 %12
  store i32 %11, ptr %13, align 4, !tbaa !8
  tail call void @llvm.nvvm.barrier0()
  %14 = xor i32 %3, 1
  %15 = zext nneg i32 %14 to i64
  %16 = getelementptr inbounds [64 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ13early_barrierE2sh to ptr), i64 0, i64 %15
  %17 = load i32, ptr %16, align 4, !tbaa !8
  %18 = add nuw nsw i32 %3, 5
  %19 = and i32 %18, 63
  %20 = zext nneg i32 %19 to i64
  %21 = getelementptr inbounds [64 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ13early_barrierE2sh to ptr), i64 0, i64 %20
  %22 = load i32, ptr %21, align 4, !tbaa !8
  %23 = add nsw i32 %22, %17
  %24 = sext i32 %7 to i64
  %25 = getelementptr inbounds i32, ptr %1, i64 %24
  store i32 %23, ptr %25, align 4, !tbaa !8
  br label %26

26:                                               ; preds = %2, %9
  ret void
}

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier0() #2

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @skip_then_barrier(i32 noundef %0, ptr nocapture noundef writeonly %1) local_unnamed_addr #1 {
  %3 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %4 = icmp slt i32 %3, %0
  %5 = zext nneg i32 %3 to i64
  br i1 %4, label %6, label %14

6:                                                ; preds = %2
  %7 = getelementptr inbounds i32, ptr %1, i64 %5
  %8 = xor i32 %3, 1
  %9 = zext nneg i32 %8 to i64
  %10 = getelementptr inbounds [64 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ17skip_then_barrierE2sh to ptr), i64 0, i64 %9
  %11 = getelementptr inbounds [64 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ17skip_then_barrierE2sh to ptr), i64 0, i64 %5
  %12 = add nuw nsw i32 %3, 1
  store i32 %12, ptr %11, align 4, !tbaa !8
  tail call void @llvm.nvvm.barrier0()
  %13 = load i32, ptr %10, align 4, !tbaa !8
  store i32 %13, ptr %7, align 4, !tbaa !8
  br label %14

14:                                               ; preds = %2, %6
  tail call void @llvm.nvvm.barrier0()
  %15 = getelementptr inbounds [64 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ17skip_then_barrierE2sh to ptr), i64 0, i64 %5
  %16 = load i32, ptr %15, align 4, !tbaa !8
  %17 = add nsw i32 %16, 10
  store i32 %17, ptr %15, align 4, !tbaa !8
  tail call void @llvm.nvvm.barrier0()
  %18 = xor i32 %3, 3
  %19 = zext nneg i32 %18 to i64
  %20 = getelementptr inbounds [64 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ17skip_then_barrierE2sh to ptr), i64 0, i64 %19
  %21 = load i32, ptr %20, align 4, !tbaa !8
  %22 = getelementptr i32, ptr %1, i64 %5
  %23 = getelementptr i8, ptr %22, i64 256
  store i32 %21, ptr %23, align 4, !tbaa !8
  ret void
}

; Function Attrs: convergent mustprogress norecurse nounwind memory(argmem: write, inaccessiblemem: readwrite)
define dso_local void @early_vote(i32 noundef %0, ptr nocapture noundef writeonly %1) local_unnamed_addr #0 {
  %3 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %4 = tail call noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %5 = mul i32 %3, %4
  %6 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %7 = add i32 %5, %6
  %8 = icmp slt i32 %7, %0
  br i1 %8, label %9, label %24

9:                                                ; preds = %2
  %10 = srem i32 %7, 3
  %11 = icmp eq i32 %10, 0
  %12 = tail call noundef i32 @llvm.nvvm.vote.ballot.sync(i32 -1, i1 %11)
  %13 = tail call i1 @llvm.nvvm.vote.all.sync(i32 -1, i1 %11)
  %14 = srem i32 %7, 5
  %15 = icmp eq i32 %14, 0
  %16 = tail call i1 @llvm.nvvm.vote.any.sync(i32 -1, i1 %15)
  %17 = xor i32 %12, %7
  %18 = select i1 %13, i32 1000, i32 0
  %19 = add nsw i32 %18, %17
  %20 = select i1 %16, i32 100, i32 0
  %21 = add nsw i32 %19, %20
  %22 = sext i32 %7 to i64
  %23 = getelementptr inbounds i32, ptr %1, i64 %22
  store i32 %21, ptr %23, align 4, !tbaa !8
  br label %24

24:                                               ; preds = %2, %9
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #3

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #3

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #3

; Function Attrs: convergent nocallback nounwind memory(inaccessiblemem: readwrite)
declare i32 @llvm.nvvm.shfl.sync.bfly.i32(i32, i32, i32, i32) #4

; Function Attrs: convergent nocallback nounwind memory(inaccessiblemem: readwrite)
declare i32 @llvm.nvvm.vote.ballot.sync(i32, i1) #4

; Function Attrs: convergent nocallback nounwind memory(inaccessiblemem: readwrite)
declare i1 @llvm.nvvm.vote.all.sync(i32, i1) #4

; Function Attrs: convergent nocallback nounwind memory(inaccessiblemem: readwrite)
declare i1 @llvm.nvvm.vote.any.sync(i32, i1) #4

attributes #0 = { convergent mustprogress norecurse nounwind memory(argmem: write, inaccessiblemem: readwrite) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx78,+sm_80" "uniform-work-group-size"="true" }
attributes #1 = { convergent mustprogress norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx78,+sm_80" "uniform-work-group-size"="true" }
attributes #2 = { convergent nocallback nounwind }
attributes #3 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #4 = { convergent nocallback nounwind memory(inaccessiblemem: readwrite) }

!nvvm.annotations = !{!0, !1, !2, !3}
!llvm.module.flags = !{!4, !5, !6}
!llvm.ident = !{!7}

!0 = !{ptr @early_shfl, !"kernel", i32 1}
!1 = !{ptr @early_barrier, !"kernel", i32 1}
!2 = !{ptr @skip_then_barrier, !"kernel", i32 1}
!3 = !{ptr @early_vote, !"kernel", i32 1}
!4 = !{i32 1, !"wchar_size", i32 4}
!5 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!6 = !{i32 7, !"frame-pointer", i32 2}
!7 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!8 = !{!9, !9, i64 0}
!9 = !{!"int", !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C++ TBAA"}
