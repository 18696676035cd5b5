; ModuleID = 'examples/int_mix/kernel.cu'
source_filename = "examples/int_mix/kernel.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: readwrite)
define dso_local void @int_mix(i32 noundef %0, ptr nocapture noundef readonly %1, ptr nocapture noundef readonly %2, ptr nocapture noundef writeonly %3, ptr nocapture noundef writeonly %4) local_unnamed_addr #0 {
  %6 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %7 = tail call noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %8 = mul i32 %6, %7
  %9 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %10 = add i32 %8, %9
  %11 = icmp slt i32 %10, %0
  br i1 %11, label %12, label %58

12:                                               ; preds = %5
  %13 = sext i32 %10 to i64
  %14 = getelementptr inbounds i32, ptr %1, i64 %13
  %15 = load i32, ptr %14, align 4, !tbaa !5
  %16 = getelementptr inbounds i32, ptr %2, i64 %13
  %17 = load i32, ptr %16, align 4, !tbaa !5
  %18 = freeze i32 %15
  %19 = freeze i32 %17
  %20 = sdiv i32 %18, %19
  %21 = mul i32 %20, %19
  %22 = sub i32 %18, %21
  %23 = urem i32 %15, 7
  switch i32 %23, label %45 [
    i32 0, label %24
    i32 1, label %26
    i32 2, label %30
    i32 3, label %35
    i32 5, label %40
    i32 6, label %42
  ]

24:                                               ; preds = %12
  %25 = add nsw i32 %22, %20
  br label %47

26:                                               ; preds = %12
  %27 = ashr i32 %15, 3
  %28 = shl i32 %17, 4
  %29 = xor i32 %28, %27
  br label %47

30:                                               ; preds = %12
  %31 = tail call noundef i32 @llvm.smax.i32(i32 %20, i32 %22)
  %32 = tail call noundef i32 @llvm.smin.i32(i32 %15, i32 %17)
  %33 = add nsw i32 %31, %32
  %34 = mul nsw i32 %33, 3
  br label %47

35:                                               ; preds = %12
  %36 = and i32 %15, 1
  %37 = icmp eq i32 %36, 0
  %38 = select i1 %37, i32 %22, i32 %20
  %39 = sub nsw i32 %38, %17
  br label %47

40:                                               ; preds = %12
  %41 = xor i32 %17, %15
  br label %47

42:                                               ; preds = %12
  %43 = or i32 %17, %15
  %44 = and i32 %43, 2047
  br label %47

45:                                               ; preds = %12
  %46 = sub nsw i32 0, %15
  br label %47

47:                                               ; preds = %45, %42, %40, %35, %30, %26, %24
  %48 = phi i32 [ %46, %45 ], [ %44, %42 ], [ %41, %40 ], [ %39, %35 ], [ %34, %30 ], [ %29, %26 ], [ %25, %24 ]
  %49 = getelementptr inbounds i32, ptr %3, i64 %13
  store i32 %48, ptr %49, align 4, !tbaa !5
  %50 = lshr i32 %15, 5
  %51 = udiv i32 %15, 10
  %52 = icmp slt i32 %22, 0
  %53 = select i1 %52, i32 %51, i32 0
  %54 = tail call noundef i32 @llvm.umin.i32(i32 %15, i32 %17)
  %55 = add i32 %54, %50
  %56 = add i32 %55, %53
  %57 = getelementptr inbounds i32, ptr %4, i64 %13
  store i32 %56, ptr %57, align 4, !tbaa !5
  br label %58

58:                                               ; preds = %5, %47
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.smin.i32(i32, i32) #2

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.smax.i32(i32, i32) #2

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.umin.i32(i32, i32) #2

attributes #0 = { mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: readwrite) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx78,+sm_80" "uniform-work-group-size"="true" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!nvvm.annotations = !{!0}
!llvm.module.flags = !{!1, !2, !3}
!llvm.ident = !{!4}

!0 = !{ptr @int_mix, !"kernel", i32 1}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!3 = !{i32 7, !"frame-pointer", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"int", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C++ TBAA"}
