; ModuleID = 'structs.cu'
source_filename = "structs.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.Node = type { i32, float, ptr }

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(read, inaccessiblemem: none)
define dso_local noundef float @_Z4walkP4Nodei(ptr noundef readonly %0, i32 noundef %1) local_unnamed_addr #0 {
  %3 = icmp ne ptr %0, null
  %4 = icmp sgt i32 %1, 0
  %5 = and i1 %3, %4
  br i1 %5, label %6, label %19

6:                                                ; preds = %2, %6
  %7 = phi float [ %13, %6 ], [ 0.000000e+00, %2 ]
  %8 = phi i32 [ %10, %6 ], [ %1, %2 ]
  %9 = phi ptr [ %15, %6 ], [ %0, %2 ]
  %10 = add nsw i32 %8, -1
  %11 = getelementptr inbounds i8, ptr %9, i64 4
  %12 = load float, ptr %11, align 4, !tbaa !7
  %13 = fadd contract float %7, %12
  %14 = getelementptr inbounds i8, ptr %9, i64 8
  %15 = load ptr, ptr %14, align 8, !tbaa !14
  %16 = icmp ne ptr %15, null
  %17 = icmp ugt i32 %8, 1
  %18 = select i1 %16, i1 %17, i1 false
  br i1 %18, label %6, label %19, !llvm.loop !15

19:                                               ; preds = %6, %2
  %20 = phi float [ 0.000000e+00, %2 ], [ %13, %6 ]
  ret float %20
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: readwrite)
define dso_local void @_Z4swapRfS_(ptr nocapture noundef nonnull align 4 dereferenceable(4) %0, ptr nocapture noundef nonnull align 4 dereferenceable(4) %1) local_unnamed_addr #2 {
  %3 = load float, ptr %0, align 4, !tbaa !17
  %4 = load float, ptr %1, align 4, !tbaa !17
  store float %4, ptr %0, align 4, !tbaa !17
  store float %3, ptr %1, align 4, !tbaa !17
  ret void
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind memory(read, argmem: readwrite, inaccessiblemem: none)
define dso_local void @_Z5listsP4NodePfi(ptr nocapture noundef readonly %0, ptr nocapture noundef writeonly %1, i32 noundef %2) local_unnamed_addr #3 {
  %4 = alloca [4 x %struct.Node], align 8
  call void @llvm.lifetime.start.p0(i64 64, ptr nonnull %4) #7
  %5 = load i64, ptr %0, align 8
  store i64 %5, ptr %4, align 8
  %6 = getelementptr inbounds i8, ptr %4, i64 16
  %7 = getelementptr inbounds i8, ptr %4, i64 8
  store ptr %6, ptr %7, align 8, !tbaa !14
  %8 = getelementptr inbounds i8, ptr %0, i64 16
  %9 = load i64, ptr %8, align 8
  store i64 %9, ptr %6, align 8
  %10 = getelementptr inbounds i8, ptr %4, i64 32
  %11 = getelementptr inbounds i8, ptr %4, i64 24
  store ptr %10, ptr %11, align 8, !tbaa !14
  %12 = getelementptr inbounds i8, ptr %0, i64 32
  %13 = load i64, ptr %12, align 8
  store i64 %13, ptr %10, align 8
  %14 = getelementptr inbounds i8, ptr %4, i64 48
  %15 = getelementptr inbounds i8, ptr %4, i64 40
  store ptr %14, ptr %15, align 8, !tbaa !14
  %16 = getelementptr inbounds i8, ptr %0, i64 48
  %17 = load i64, ptr %16, align 8
  store i64 %17, ptr %14, align 8
  %18 = getelementptr inbounds i8, ptr %4, i64 56
  store ptr null, ptr %18, align 8, !tbaa !14
  %19 = icmp sgt i32 %2, 0
  br i1 %19, label %20, label %33

20:                                               ; preds = %3, %20
  %21 = phi float [ %27, %20 ], [ 0.000000e+00, %3 ]
  %22 = phi i32 [ %24, %20 ], [ %2, %3 ]
  %23 = phi ptr [ %29, %20 ], [ %4, %3 ]
  %24 = add nsw i32 %22, -1
  %25 = getelementptr inbounds i8, ptr %23, i64 4
  %26 = load float, ptr %25, align 4, !tbaa !7
  %27 = fadd contract float %21, %26
  %28 = getelementptr inbounds i8, ptr %23, i64 8
  %29 = load ptr, ptr %28, align 8, !tbaa !14
  %30 = icmp ne ptr %29, null
  %31 = icmp ugt i32 %22, 1
  %32 = select i1 %30, i1 %31, i1 false
  br i1 %32, label %20, label %33, !llvm.loop !15

33:                                               ; preds = %20, %3
  %34 = phi float [ 0.000000e+00, %3 ], [ %27, %20 ]
  %35 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %36 = zext nneg i32 %35 to i64
  br i1 %19, label %37, label %52

37:                                               ; preds = %33
  %38 = getelementptr inbounds %struct.Node, ptr %0, i64 %36
  br label %39

39:                                               ; preds = %37, %39
  %40 = phi float [ %46, %39 ], [ 0.000000e+00, %37 ]
  %41 = phi i32 [ %43, %39 ], [ %2, %37 ]
  %42 = phi ptr [ %48, %39 ], [ %38, %37 ]
  %43 = add nsw i32 %41, -1
  %44 = getelementptr inbounds i8, ptr %42, i64 4
  %45 = load float, ptr %44, align 4, !tbaa !7
  %46 = fadd contract float %40, %45
  %47 = getelementptr inbounds i8, ptr %42, i64 8
  %48 = load ptr, ptr %47, align 8, !tbaa !14
  %49 = icmp ne ptr %48, null
  %50 = icmp ugt i32 %41, 1
  %51 = select i1 %49, i1 %50, i1 false
  br i1 %51, label %39, label %52, !llvm.loop !15

52:                                               ; preds = %39, %33
  %53 = phi float [ 0.000000e+00, %33 ], [ %46, %39 ]
  %54 = fcmp contract ogt float %34, %53
  %55 = select i1 %54, float %53, float %34
  %56 = select i1 %54, float %34, float %53
  %57 = fsub contract float %55, %56
  %58 = getelementptr inbounds float, ptr %1, i64 %36
  store float %57, ptr %58, align 4, !tbaa !17
  call void @llvm.lifetime.end.p0(i64 64, ptr nonnull %4) #7
  ret void
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind memory(argmem: readwrite)
define dso_local void @_Z6bubblePi(ptr nocapture noundef %0) local_unnamed_addr #4 {
  %2 = alloca [8 x i32], align 4
  call void @llvm.lifetime.start.p0(i64 32, ptr nonnull %2) #7
  %3 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %4 = shl nuw nsw i32 %3, 3
  %5 = zext nneg i32 %4 to i64
  %6 = getelementptr inbounds i32, ptr %0, i64 %5
  %7 = load i32, ptr %6, align 4, !tbaa !18
  store i32 %7, ptr %2, align 4, !tbaa !18
  %8 = or disjoint i32 %4, 1
  %9 = zext nneg i32 %8 to i64
  %10 = getelementptr inbounds i32, ptr %0, i64 %9
  %11 = load i32, ptr %10, align 4, !tbaa !18
  %12 = getelementptr inbounds i8, ptr %2, i64 4
  store i32 %11, ptr %12, align 4, !tbaa !18
  %13 = or disjoint i32 %4, 2
  %14 = zext nneg i32 %13 to i64
  %15 = getelementptr inbounds i32, ptr %0, i64 %14
  %16 = load i32, ptr %15, align 4, !tbaa !18
  %17 = getelementptr inbounds i8, ptr %2, i64 8
  store i32 %16, ptr %17, align 4, !tbaa !18
  %18 = or disjoint i32 %4, 3
  %19 = zext nneg i32 %18 to i64
  %20 = getelementptr inbounds i32, ptr %0, i64 %19
  %21 = load i32, ptr %20, align 4, !tbaa !18
  %22 = getelementptr inbounds i8, ptr %2, i64 12
  store i32 %21, ptr %22, align 4, !tbaa !18
  %23 = or disjoint i32 %4, 4
  %24 = zext nneg i32 %23 to i64
  %25 = getelementptr inbounds i32, ptr %0, i64 %24
  %26 = load i32, ptr %25, align 4, !tbaa !18
  %27 = getelementptr inbounds i8, ptr %2, i64 16
  store i32 %26, ptr %27, align 4, !tbaa !18
  %28 = or disjoint i32 %4, 5
  %29 = zext nneg i32 %28 to i64
  %30 = getelementptr inbounds i32, ptr %0, i64 %29
  %31 = load i32, ptr %30, align 4, !tbaa !18
  %32 = getelementptr inbounds i8, ptr %2, i64 20
  store i32 %31, ptr %32, align 4, !tbaa !18
  %33 = or disjoint i32 %4, 6
  %34 = zext nneg i32 %33 to i64
  %35 = getelementptr inbounds i32, ptr %0, i64 %34
  %36 = load i32, ptr %35, align 4, !tbaa !18
  %37 = getelementptr inbounds i8, ptr %2, i64 24
  store i32 %36, ptr %37, align 4, !tbaa !18
  %38 = or disjoint i32 %4, 7
  %39 = zext nneg i32 %38 to i64
  %40 = getelementptr inbounds i32, ptr %0, i64 %39
  %41 = load i32, ptr %40, align 4, !tbaa !18
  %42 = getelementptr inbounds i8, ptr %2, i64 28
  store i32 %41, ptr %42, align 4, !tbaa !18
  br label %43

43:                                               ; preds = %1, %75
  %44 = phi i32 [ 0, %1 ], [ %76, %75 ]
  %45 = sub nsw i32 7, %44
  %46 = icmp ult i32 %44, 7
  br i1 %46, label %47, label %75

47:                                               ; preds = %43
  %48 = load i32, ptr %2, align 4, !tbaa !18
  %49 = and i32 %45, 1
  %50 = icmp eq i32 %44, 6
  br i1 %50, label %62, label %51

51:                                               ; preds = %47
  %52 = and i32 %45, 6
  br label %78

53:                                               ; preds = %75
  %54 = load i32, ptr %2, align 4, !tbaa !18
  store i32 %54, ptr %6, align 4, !tbaa !18
  %55 = load i32, ptr %12, align 4, !tbaa !18
  store i32 %55, ptr %10, align 4, !tbaa !18
  %56 = load i32, ptr %17, align 4, !tbaa !18
  store i32 %56, ptr %15, align 4, !tbaa !18
  %57 = load i32, ptr %22, align 4, !tbaa !18
  store i32 %57, ptr %20, align 4, !tbaa !18
  %58 = load i32, ptr %27, align 4, !tbaa !18
  store i32 %58, ptr %25, align 4, !tbaa !18
  %59 = load i32, ptr %32, align 4, !tbaa !18
  store i32 %59, ptr %30, align 4, !tbaa !18
  %60 = load i32, ptr %37, align 4, !tbaa !18
  store i32 %60, ptr %35, align 4, !tbaa !18
  %61 = load i32, ptr %42, align 4, !tbaa !18
  store i32 %61, ptr %40, align 4, !tbaa !18
  call void @llvm.lifetime.end.p0(i64 32, ptr nonnull %2) #7
  ret void

62:                                               ; preds = %100, %47
  %63 = phi i32 [ %48, %47 ], [ %101, %100 ]
  %64 = phi i32 [ 1, %47 ], [ %102, %100 ]
  %65 = phi i32 [ 0, %47 ], [ %92, %100 ]
  %66 = icmp eq i32 %49, 0
  br i1 %66, label %75, label %67

67:                                               ; preds = %62
  %68 = zext nneg i32 %64 to i64
  %69 = getelementptr inbounds [8 x i32], ptr %2, i64 0, i64 %68
  %70 = load i32, ptr %69, align 4, !tbaa !18
  %71 = icmp sgt i32 %63, %70
  br i1 %71, label %72, label %75

72:                                               ; preds = %67
  %73 = zext nneg i32 %65 to i64
  %74 = getelementptr inbounds [8 x i32], ptr %2, i64 0, i64 %73
  store i32 %70, ptr %74, align 4, !tbaa !18
  store i32 %63, ptr %69, align 4, !tbaa !18
  br label %75

75:                                               ; preds = %62, %72, %67, %43
  %76 = add nuw nsw i32 %44, 1
  %77 = icmp eq i32 %76, 8
  br i1 %77, label %53, label %43, !llvm.loop !19

78:                                               ; preds = %100, %51
  %79 = phi i32 [ %48, %51 ], [ %101, %100 ]
  %80 = phi i32 [ 1, %51 ], [ %102, %100 ]
  %81 = phi i32 [ 0, %51 ], [ %92, %100 ]
  %82 = phi i32 [ 0, %51 ], [ %103, %100 ]
  %83 = zext nneg i32 %80 to i64
  %84 = getelementptr inbounds [8 x i32], ptr %2, i64 0, i64 %83
  %85 = load i32, ptr %84, align 4, !tbaa !18
  %86 = icmp sgt i32 %79, %85
  br i1 %86, label %87, label %90

87:                                               ; preds = %78
  %88 = zext nneg i32 %81 to i64
  %89 = getelementptr inbounds [8 x i32], ptr %2, i64 0, i64 %88
  store i32 %85, ptr %89, align 4, !tbaa !18
  store i32 %79, ptr %84, align 4, !tbaa !18
  br label %90

90:                                               ; preds = %78, %87
  %91 = phi i32 [ %85, %78 ], [ %79, %87 ]
  %92 = add nuw nsw i32 %80, 1
  %93 = zext nneg i32 %92 to i64
  %94 = getelementptr inbounds [8 x i32], ptr %2, i64 0, i64 %93
  %95 = load i32, ptr %94, align 4, !tbaa !18
  %96 = icmp sgt i32 %91, %95
  br i1 %96, label %97, label %100

97:                                               ; preds = %90
  %98 = zext nneg i32 %80 to i64
  %99 = getelementptr inbounds [8 x i32], ptr %2, i64 0, i64 %98
  store i32 %95, ptr %99, align 4, !tbaa !18
  store i32 %91, ptr %94, align 4, !tbaa !18
  br label %100

100:                                              ; preds = %97, %90
  %101 = phi i32 [ %95, %90 ], [ %91, %97 ]
  %102 = add nuw nsw i32 %80, 2
  %103 = add i32 %82, 2
  %104 = icmp eq i32 %103, %52
  br i1 %104, label %62, label %78, !llvm.loop !20
}

; Function Attrs: mustprogress nofree norecurse nounwind memory(argmem: readwrite)
define dso_local void @_Z7casloopPj(ptr nocapture noundef %0) local_unnamed_addr #5 {
  %2 = load i32, ptr %0, align 4, !tbaa !18
  br label %3

3:                                                ; preds = %3, %1
  %4 = phi i32 [ %2, %1 ], [ %8, %3 ]
  %5 = mul i32 %4, 3
  %6 = add i32 %5, 1
  %7 = cmpxchg ptr %0, i32 %4, i32 %6 seq_cst seq_cst, align 4
  %8 = extractvalue { i32, i1 } %7, 0
  %9 = icmp eq i32 %4, %8
  br i1 %9, label %10, label %3, !llvm.loop !21

10:                                               ; preds = %3
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #6

attributes #0 = { mustprogress nofree norecurse nosync nounwind willreturn memory(read, inaccessiblemem: none) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx78,+sm_80" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: readwrite) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx78,+sm_80" }
attributes #3 = { mustprogress nofree norecurse nosync nounwind memory(read, argmem: readwrite, inaccessiblemem: none) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx78,+sm_80" "uniform-work-group-size"="true" }
attributes #4 = { mustprogress nofree norecurse nosync nounwind memory(argmem: readwrite) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx78,+sm_80" "uniform-work-group-size"="true" }
attributes #5 = { mustprogress nofree norecurse nounwind memory(argmem: readwrite) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx78,+sm_80" "uniform-work-group-size"="true" }
attributes #6 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #7 = { nounwind }

!nvvm.annotations = !{!0, !1, !2}
!llvm.module.flags = !{!3, !4, !5}
!llvm.ident = !{!6}

!0 = !{ptr @_Z5listsP4NodePfi, !"kernel", i32 1}
!1 = !{ptr @_Z6bubblePi, !"kernel", i32 1}
!2 = !{ptr @_Z7casloopPj, !"kernel", i32 1}
!3 = !{i32 1, !"wchar_size", i32 4}
!4 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!5 = !{i32 7, !"frame-pointer", i32 2}
!6 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!7 = !{!8, !12, i64 4}
!8 = !{!"_ZTS4Node", !9, i64 0, !12, i64 4, !13, i64 8}
!9 = !{!"int", !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C++ TBAA"}
!12 = !{!"float", !10, i64 0}
!13 = !{!"any pointer", !10, i64 0}
!14 = !{!8, !13, i64 8}
!15 = distinct !{!15, !16}
!16 = !{!"llvm.loop.mustprogress"}
!17 = !{!12, !12, i64 0}
!18 = !{!9, !9, i64 0}
!19 = distinct !{!19, !16}
!20 = distinct !{!20, !16}
!21 = distinct !{!21, !16}
