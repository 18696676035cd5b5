; ModuleID = 'examples/matmul_tiled/kernel.cu'
source_filename = "examples/matmul_tiled/kernel.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_ZZ6matmulE2As = internal unnamed_addr addrspace(3) global [16 x [16 x float]] undef, align 4
@_ZZ6matmulE2Bs = internal unnamed_addr addrspace(3) global [16 x [16 x float]] undef, align 4

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @matmul(i32 noundef %0, i32 noundef %1, i32 noundef %2, ptr nocapture noundef readonly %3, ptr nocapture noundef readonly %4, ptr nocapture noundef writeonly %5) local_unnamed_addr #0 {
  %7 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %8 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %9 = tail call noundef range(i32 0, 65535) i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  %10 = shl nuw nsw i32 %9, 4
  %11 = add nuw nsw i32 %10, %8
  %12 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %13 = shl i32 %12, 4
  %14 = add i32 %13, %7
  %15 = icmp sgt i32 %2, 0
  br i1 %15, label %16, label %58

16:                                               ; preds = %6
  %17 = add nuw nsw i32 %2, 15
  %18 = lshr i32 %17, 4
  %19 = icmp slt i32 %11, %0
  %20 = mul nuw nsw i32 %11, %2
  %21 = zext nneg i32 %8 to i64
  %22 = zext nneg i32 %7 to i64
  %23 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulE2As to ptr), i64 0, i64 %21, i64 %22
  %24 = icmp slt i32 %14, %1
  %25 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulE2Bs to ptr), i64 0, i64 %21, i64 %22
  %26 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulE2As to ptr), i64 0, i64 %21, i64 0
  %27 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulE2Bs to ptr), i64 0, i64 0, i64 %22
  %28 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulE2As to ptr), i64 0, i64 %21, i64 1
  %29 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulE2Bs to ptr), i64 0, i64 1, i64 %22
  %30 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulE2As to ptr), i64 0, i64 %21, i64 2
  %31 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulE2Bs to ptr), i64 0, i64 2, i64 %22
  %32 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulE2As to ptr), i64 0, i64 %21, i64 3
  %33 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulE2Bs to ptr), i64 0, i64 3, i64 %22
  %34 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulE2As to ptr), i64 0, i64 %21, i64 4
  %35 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulE2Bs to ptr), i64 0, i64 4, i64 %22
  %36 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulE2As to ptr), i64 0, i64 %21, i64 5
  %37 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulE2Bs to ptr), i64 0, i64 5, i64 %22
  %38 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulE2As to ptr), i64 0, i64 %21, i64 6
  %39 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulE2Bs to ptr), i64 0, i64 6, i64 %22
  %40 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulE2As to ptr), i64 0, i64 %21, i64 7
  %41 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulE2Bs to ptr), i64 0, i64 7, i64 %22
  %42 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulE2As to ptr), i64 0, i64 %21, i64 8
  %43 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulE2Bs to ptr), i64 0, i64 8, i64 %22
  %44 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulE2As to ptr), i64 0, i64 %21, i64 9
  %45 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulE2Bs to ptr), i64 0, i64 9, i64 %22
  %46 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulE2As to ptr), i64 0, i64 %21, i64 10
  %47 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulE2Bs to ptr), i64 0, i64 10, i64 %22
  %48 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulE2As to ptr), i64 0, i64 %21, i64 11
  %49 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulE2Bs to ptr), i64 0, i64 11, i64 %22
  %50 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulE2As to ptr), i64 0, i64 %21, i64 12
  %51 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulE2Bs to ptr), i64 0, i64 12, i64 %22
  %52 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulE2As to ptr), i64 0, i64 %21, i64 13
  %53 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulE2Bs to ptr), i64 0, i64 13, i64 %22
  %54 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulE2As to ptr), i64 0, i64 %21, i64 14
  %55 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulE2Bs to ptr), i64 0, i64 14, i64 %22
  %56 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulE2As to ptr), i64 0, i64 %21, i64 15
  %57 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulE2Bs to ptr), i64 0, i64 15, i64 %22
  br label %63

58:                                               ; preds = %86, %6
  %59 = phi float [ 0.000000e+00, %6 ], [ %151, %86 ]
  %60 = icmp slt i32 %11, %0
  %61 = icmp slt i32 %14, %1
  %62 = and i1 %60, %61
  br i1 %62, label %154, label %159

63:                                               ; preds = %16, %86
  %64 = phi float [ 0.000000e+00, %16 ], [ %151, %86 ]
  %65 = phi i32 [ 0, %16 ], [ %152, %86 ]
  %66 = shl nsw i32 %65, 4
  %67 = add nuw nsw i32 %66, %7
  %68 = add nuw nsw i32 %66, %8
  %69 = icmp slt i32 %67, %2
  %70 = select i1 %19, i1 %69, i1 false
  br i1 %70, label %71, label %76

71:                                               ; preds = %63
  %72 = add nuw nsw i32 %67, %20
  %73 = zext nneg i32 %72 to i64
  %74 = getelementptr inbounds float, ptr %3, i64 %73
  %75 = load float, ptr %74, align 4, !tbaa !5
  br label %76

76:                                               ; preds = %63, %71
  %77 = phi contract float [ %75, %71 ], [ 0.000000e+00, %63 ]
  store float %77, ptr %23, align 4, !tbaa !5
  %78 = icmp slt i32 %68, %2
  %79 = and i1 %24, %78
  br i1 %79, label %80, label %86

80:                                               ; preds = %76
  %81 = mul nsw i32 %68, %1
  %82 = add nsw i32 %81, %14
  %83 = sext i32 %82 to i64
  %84 = getelementptr inbounds float, ptr %4, i64 %83
  %85 = load float, ptr %84, align 4, !tbaa !5
  br label %86

86:                                               ; preds = %76, %80
  %87 = phi contract float [ %85, %80 ], [ 0.000000e+00, %76 ]
  store float %87, ptr %25, align 4, !tbaa !5
  tail call void @llvm.nvvm.barrier0()
  %88 = load float, ptr %26, align 4, !tbaa !5
  %89 = load float, ptr %27, align 4, !tbaa !5
  %90 = fmul contract float %88, %89
  %91 = fadd contract float %64, %90
  %92 = load float, ptr %28, align 4, !tbaa !5
  %93 = load float, ptr %29, align 4, !tbaa !5
  %94 = fmul contract float %92, %93
  %95 = fadd contract float %91, %94
  %96 = load float, ptr %30, align 4, !tbaa !5
  %97 = load float, ptr %31, align 4, !tbaa !5
  %98 = fmul contract float %96, %97
  %99 = fadd contract float %95, %98
  %100 = load float, ptr %32, align 4, !tbaa !5
  %101 = load float, ptr %33, align 4, !tbaa !5
  %102 = fmul contract float %100, %101
  %103 = fadd contract float %99, %102
  %104 = load float, ptr %34, align 4, !tbaa !5
  %105 = load float, ptr %35, align 4, !tbaa !5
  %106 = fmul contract float %104, %105
  %107 = fadd contract float %103, %106
  %108 = load float, ptr %36, align 4, !tbaa !5
  %109 = load float, ptr %37, align 4, !tbaa !5
  %110 = fmul contract float %108, %109
  %111 = fadd contract float %107, %110
  %112 = load float, ptr %38, align 4, !tbaa !5
  %113 = load float, ptr %39, align 4, !tbaa !5
  %114 = fmul contract float %112, %113
  %115 = fadd contract float %111, %114
  %116 = load float, ptr %40, align 4, !tbaa !5
  %117 = load float, ptr %41, align 4, !tbaa !5
  %118 = fmul contract float %116, %117
  %119 = fadd contract float %115, %118
  %120 = load float, ptr %42, align 4, !tbaa !5
  %121 = load float, ptr %43, align 4, !tbaa !5
  %122 = fmul contract float %120, %121
  %123 = fadd contract float %119, %122
  %124 = load float, ptr %44, align 4, !tbaa !5
  %125 = load float, ptr %45, align 4, !tbaa !5
  %126 = fmul contract float %124, %125
  %127 = fadd contract float %123, %126
  %128 = load float, ptr %46, align 4, !tbaa !5
  %129 = load float, ptr %47, align 4, !tbaa !5
  %130 = fmul contract float %128, %129
  %131 = fadd contract float %127, %130
  %132 = load float, ptr %48, align 4, !tbaa !5
  %133 = load float, ptr %49, align 4, !tbaa !5
  %134 = fmul contract float %132, %133
  %135 = fadd contract float %131, %134
  %136 = load float, ptr %50, align 4, !tbaa !5
  %137 = load float, ptr %51, align 4, !tbaa !5
  %138 = fmul contract float %136, %137
  %139 = fadd contract float %135, %138
  %140 = load float, ptr %52, align 4, !tbaa !5
  %141 = load float, ptr %53, align 4, !tbaa !5
  %142 = fmul contract float %140, %141
  %143 = fadd contract float %139, %142
  %144 = load float, ptr %54, align 4, !tbaa !5
  %145 = load float, ptr %55, align 4, !tbaa !5
  %146 = fmul contract float %144, %145
  %147 = fadd contract float %143, %146
  %148 = load float, ptr %56, align 4, !tbaa !5
  %149 = load float, ptr %57, align 4, !tbaa !5
  %150 = fmul contract float %148, %149
  %151 = fadd contract float %147, %150
  tail call void @llvm.nvvm.barrier0()
  %152 = add nuw nsw i32 %65, 1
  %153 = icmp eq i32 %152, %18
  br i1 %153, label %58, label %63, !llvm.loop !9

154:                                              ; preds = %58
  %155 = mul nsw i32 %11, %1
  %156 = add nsw i32 %155, %14
  %157 = sext i32 %156 to i64
  %158 = getelementptr inbounds float, ptr %5, i64 %157
  store float %59, ptr %158, align 4, !tbaa !5
  br label %159

159:                                              ; preds = %154, %58
  ret void
}

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier0() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.y() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.y() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2

attributes #0 = { convergent mustprogress norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx78,+sm_80" "uniform-work-group-size"="true" }
attributes #1 = { convergent nocallback nounwind }
attributes #2 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!nvvm.annotations = !{!0}
!llvm.module.flags = !{!1, !2, !3}
!llvm.ident = !{!4}

!0 = !{ptr @matmul, !"kernel", i32 1}
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
