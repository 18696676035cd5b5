; ModuleID = 'matmul.cu'
source_filename = "matmul.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_ZZ6matmulPKfS0_PfiE2As = internal unnamed_addr addrspace(3) global [16 x [16 x float]] undef, align 4
@_ZZ6matmulPKfS0_PfiE2Bs = internal unnamed_addr addrspace(3) global [16 x [16 x float]] undef, align 4

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @_Z6matmulPKfS0_Pfi(ptr nocapture noundef readonly %0, ptr nocapture noundef readonly %1, ptr nocapture noundef writeonly %2, i32 noundef %3) local_unnamed_addr #0 {
  %5 = tail call noundef range(i32 0, 65535) i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  %6 = shl nuw nsw i32 %5, 4
  %7 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %8 = add nuw nsw i32 %6, %7
  %9 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %10 = shl i32 %9, 4
  %11 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %12 = add i32 %10, %11
  %13 = icmp sgt i32 %3, 0
  br i1 %13, label %14, label %55

14:                                               ; preds = %4
  %15 = icmp ult i32 %8, %3
  %16 = mul nuw nsw i32 %8, %3
  %17 = add nuw i32 %16, %11
  %18 = zext nneg i32 %7 to i64
  %19 = zext nneg i32 %11 to i64
  %20 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulPKfS0_PfiE2As to ptr), i64 0, i64 %18, i64 %19
  %21 = icmp slt i32 %12, %3
  %22 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulPKfS0_PfiE2Bs to ptr), i64 0, i64 %18, i64 %19
  %23 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulPKfS0_PfiE2As to ptr), i64 0, i64 %18, i64 0
  %24 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulPKfS0_PfiE2Bs to ptr), i64 0, i64 0, i64 %19
  %25 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulPKfS0_PfiE2As to ptr), i64 0, i64 %18, i64 1
  %26 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulPKfS0_PfiE2Bs to ptr), i64 0, i64 1, i64 %19
  %27 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulPKfS0_PfiE2As to ptr), i64 0, i64 %18, i64 2
  %28 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulPKfS0_PfiE2Bs to ptr), i64 0, i64 2, i64 %19
  %29 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulPKfS0_PfiE2As to ptr), i64 0, i64 %18, i64 3
  %30 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulPKfS0_PfiE2Bs to ptr), i64 0, i64 3, i64 %19
  %31 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulPKfS0_PfiE2As to ptr), i64 0, i64 %18, i64 4
  %32 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulPKfS0_PfiE2Bs to ptr), i64 0, i64 4, i64 %19
  %33 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulPKfS0_PfiE2As to ptr), i64 0, i64 %18, i64 5
  %34 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulPKfS0_PfiE2Bs to ptr), i64 0, i64 5, i64 %19
  %35 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulPKfS0_PfiE2As to ptr), i64 0, i64 %18, i64 6
  %36 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulPKfS0_PfiE2Bs to ptr), i64 0, i64 6, i64 %19
  %37 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulPKfS0_PfiE2As to ptr), i64 0, i64 %18, i64 7
  %38 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulPKfS0_PfiE2Bs to ptr), i64 0, i64 7, i64 %19
  %39 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulPKfS0_PfiE2As to ptr), i64 0, i64 %18, i64 8
  %40 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulPKfS0_PfiE2Bs to ptr), i64 0, i64 8, i64 %19
  %41 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulPKfS0_PfiE2As to ptr), i64 0, i64 %18, i64 9
  %42 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulPKfS0_PfiE2Bs to ptr), i64 0, i64 9, i64 %19
  %43 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulPKfS0_PfiE2As to ptr), i64 0, i64 %18, i64 10
  %44 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulPKfS0_PfiE2Bs to ptr), i64 0, i64 10, i64 %19
  %45 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulPKfS0_PfiE2As to ptr), i64 0, i64 %18, i64 11
  %46 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulPKfS0_PfiE2Bs to ptr), i64 0, i64 11, i64 %19
  %47 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulPKfS0_PfiE2As to ptr), i64 0, i64 %18, i64 12
  %48 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulPKfS0_PfiE2Bs to ptr), i64 0, i64 12, i64 %19
  %49 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulPKfS0_PfiE2As to ptr), i64 0, i64 %18, i64 13
  %50 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulPKfS0_PfiE2Bs to ptr), i64 0, i64 13, i64 %19
  %51 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulPKfS0_PfiE2As to ptr), i64 0, i64 %18, i64 14
  %52 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulPKfS0_PfiE2Bs to ptr), i64 0, i64 14, i64 %19
  %53 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulPKfS0_PfiE2As to ptr), i64 0, i64 %18, i64 15
  %54 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmulPKfS0_PfiE2Bs to ptr), i64 0, i64 15, i64 %19
  br label %60

55:                                               ; preds = %82, %4
  %56 = phi float [ 0.000000e+00, %4 ], [ %147, %82 ]
  %57 = icmp slt i32 %8, %3
  %58 = icmp slt i32 %12, %3
  %59 = and i1 %57, %58
  br i1 %59, label %150, label %155

60:                                               ; preds = %14, %82
  %61 = phi i32 [ 0, %14 ], [ %148, %82 ]
  %62 = phi float [ 0.000000e+00, %14 ], [ %147, %82 ]
  %63 = add nuw i32 %61, %11
  %64 = icmp ult i32 %63, %3
  %65 = select i1 %15, i1 %64, i1 false
  br i1 %65, label %66, label %71

66:                                               ; preds = %60
  %67 = add i32 %17, %61
  %68 = zext i32 %67 to i64
  %69 = getelementptr inbounds float, ptr %0, i64 %68
  %70 = load float, ptr %69, align 4, !tbaa !5
  br label %71

71:                                               ; preds = %60, %66
  %72 = phi contract float [ %70, %66 ], [ 0.000000e+00, %60 ]
  store float %72, ptr %20, align 4, !tbaa !5
  br i1 %21, label %73, label %82

73:                                               ; preds = %71
  %74 = add nuw i32 %61, %7
  %75 = icmp ult i32 %74, %3
  br i1 %75, label %76, label %82

76:                                               ; preds = %73
  %77 = mul i32 %74, %3
  %78 = add i32 %77, %12
  %79 = zext i32 %78 to i64
  %80 = getelementptr inbounds float, ptr %1, i64 %79
  %81 = load float, ptr %80, align 4, !tbaa !5
  br label %82

82:                                               ; preds = %71, %73, %76
  %83 = phi contract float [ %81, %76 ], [ 0.000000e+00, %73 ], [ 0.000000e+00, %71 ]
  store float %83, ptr %22, align 4, !tbaa !5
  tail call void @llvm.nvvm.barrier0()
  %84 = load float, ptr %23, align 4, !tbaa !5
  %85 = load float, ptr %24, align 4, !tbaa !5
  %86 = fmul contract float %84, %85
  %87 = fadd contract float %62, %86
  %88 = load float, ptr %25, align 4, !tbaa !5
  %89 = load float, ptr %26, align 4, !tbaa !5
  %90 = fmul contract float %88, %89
  %91 = fadd contract float %87, %90
  %92 = load float, ptr %27, align 4, !tbaa !5
  %93 = load float, ptr %28, align 4, !tbaa !5
  %94 = fmul contract float %92, %93
  %95 = fadd contract float %91, %94
  %96 = load float, ptr %29, align 4, !tbaa !5
  %97 = load float, ptr %30, align 4, !tbaa !5
  %98 = fmul contract float %96, %97
  %99 = fadd contract float %95, %98
  %100 = load float, ptr %31, align 4, !tbaa !5
  %101 = load float, ptr %32, align 4, !tbaa !5
  %102 = fmul contract float %100, %101
  %103 = fadd contract float %99, %102
  %104 = load float, ptr %33, align 4, !tbaa !5
  %105 = load float, ptr %34, align 4, !tbaa !5
  %106 = fmul contract float %104, %105
  %107 = fadd contract float %103, %106
  %108 = load float, ptr %35, align 4, !tbaa !5
  %109 = load float, ptr %36, align 4, !tbaa !5
  %110 = fmul contract float %108, %109
  %111 = fadd contract float %107, %110
  %112 = load float, ptr %37, align 4, !tbaa !5
  %113 = load float, ptr %38, align 4, !tbaa !5
  %114 = fmul contract float %112, %113
  %115 = fadd contract float %111, %114
  %116 = load float, ptr %39, align 4, !tbaa !5
  %117 = load float, ptr %40, align 4, !tbaa !5
  %118 = fmul contract float %116, %117
  %119 = fadd contract float %115, %118
  %120 = load float, ptr %41, align 4, !tbaa !5
  %121 = load float, ptr %42, align 4, !tbaa !5
  %122 = fmul contract float %120, %121
  %123 = fadd contract float %119, %122
  %124 = load float, ptr %43, align 4, !tbaa !5
  %125 = load float, ptr %44, align 4, !tbaa !5
  %126 = fmul contract float %124, %125
  %127 = fadd contract float %123, %126
  %128 = load float, ptr %45, align 4, !tbaa !5
  %129 = load float, ptr %46, align 4, !tbaa !5
  %130 = fmul contract float %128, %129
  %131 = fadd contract float %127, %130
  %132 = load float, ptr %47, align 4, !tbaa !5
  %133 = load float, ptr %48, align 4, !tbaa !5
  %134 = fmul contract float %132, %133
  %135 = fadd contract float %131, %134
  %136 = load float, ptr %49, align 4, !tbaa !5
  %137 = load float, ptr %50, align 4, !tbaa !5
  %138 = fmul contract float %136, %137
  %139 = fadd contract float %135, %138
  %140 = load float, ptr %51, align 4, !tbaa !5
  %141 = load float, ptr %52, align 4, !tbaa !5
  %142 = fmul contract float %140, %141
  %143 = fadd contract float %139, %142
  %144 = load float, ptr %53, align 4, !tbaa !5
  %145 = load float, ptr %54, align 4, !tbaa !5
  %146 = fmul contract float %144, %145
  %147 = fadd contract float %143, %146
  tail call void @llvm.nvvm.barrier0()
  %148 = add nuw nsw i32 %61, 16
  %149 = icmp slt i32 %148, %3
  br i1 %149, label %60, label %55, !llvm.loop !9

150:                                              ; preds = %55
  %151 = mul nsw i32 %8, %3
  %152 = add nsw i32 %151, %12
  %153 = sext i32 %152 to i64
  %154 = getelementptr inbounds float, ptr %2, i64 %153
  store float %56, ptr %154, align 4, !tbaa !5
  br label %155

155:                                              ; preds = %150, %55
  ret void
}

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier0() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.y() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.y() #2

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

!0 = !{ptr @_Z6matmulPKfS0_Pfi, !"kernel", i32 1}
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
