; ModuleID = 'examples/bpnn_layerforward_like/kernel.cu'
source_filename = "examples/bpnn_layerforward_like/kernel.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_ZZ12layerforwardE10input_node = internal unnamed_addr addrspace(3) global [16 x float] undef, align 4
@_ZZ12layerforwardE13weight_matrix = internal unnamed_addr addrspace(3) global [16 x [16 x float]] undef, align 4

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @layerforward(ptr nocapture noundef readonly %0, ptr nocapture noundef %1, ptr nocapture noundef writeonly %2) local_unnamed_addr #0 {
  %4 = tail call noundef range(i32 0, 65535) i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  %5 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %6 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %7 = shl nuw nsw i32 %4, 4
  %8 = add nuw nsw i32 %7, %6
  %9 = icmp eq i32 %5, 0
  %10 = zext nneg i32 %6 to i64
  br i1 %9, label %11, label %16

11:                                               ; preds = %3
  %12 = getelementptr inbounds [16 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ12layerforwardE10input_node to ptr), i64 0, i64 %10
  %13 = zext nneg i32 %8 to i64
  %14 = getelementptr inbounds float, ptr %0, i64 %13
  %15 = load float, ptr %14, align 4, !tbaa !5
  store float %15, ptr %12, align 4, !tbaa !5
  br label %16

16:                                               ; preds = %3, %11
  tail call void @llvm.nvvm.barrier0()
  %17 = shl nuw nsw i32 %8, 4
  %18 = add nuw nsw i32 %17, %5
  %19 = zext nneg i32 %18 to i64
  %20 = getelementptr inbounds float, ptr %1, i64 %19
  %21 = load float, ptr %20, align 4, !tbaa !5
  %22 = zext nneg i32 %5 to i64
  %23 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ12layerforwardE13weight_matrix to ptr), i64 0, i64 %10, i64 %22
  store float %21, ptr %23, align 4, !tbaa !5
  tail call void @llvm.nvvm.barrier0()
  %24 = load float, ptr %23, align 4, !tbaa !5
  %25 = getelementptr inbounds [16 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ12layerforwardE10input_node to ptr), i64 0, i64 %10
  %26 = load float, ptr %25, align 4, !tbaa !5
  %27 = fmul contract float %24, %26
  store float %27, ptr %23, align 4, !tbaa !5
  tail call void @llvm.nvvm.barrier0()
  %28 = and i32 %6, 1
  %29 = icmp eq i32 %28, 0
  br i1 %29, label %30, label %37

30:                                               ; preds = %16
  %31 = or disjoint i32 %6, 1
  %32 = zext nneg i32 %31 to i64
  %33 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ12layerforwardE13weight_matrix to ptr), i64 0, i64 %32, i64 %22
  %34 = load float, ptr %23, align 4, !tbaa !5
  %35 = load float, ptr %33, align 4, !tbaa !5
  %36 = fadd contract float %34, %35
  store float %36, ptr %23, align 4, !tbaa !5
  br label %37

37:                                               ; preds = %30, %16
  tail call void @llvm.nvvm.barrier0()
  %38 = and i32 %6, 3
  %39 = icmp eq i32 %38, 0
  br i1 %39, label %40, label %47

40:                                               ; preds = %37
  %41 = or disjoint i32 %6, 2
  %42 = zext nneg i32 %41 to i64
  %43 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ12layerforwardE13weight_matrix to ptr), i64 0, i64 %42, i64 %22
  %44 = load float, ptr %23, align 4, !tbaa !5
  %45 = load float, ptr %43, align 4, !tbaa !5
  %46 = fadd contract float %44, %45
  store float %46, ptr %23, align 4, !tbaa !5
  br label %47

47:                                               ; preds = %40, %37
  tail call void @llvm.nvvm.barrier0()
  %48 = and i32 %6, 7
  %49 = icmp eq i32 %48, 0
  br i1 %49, label %50, label %57

50:                                               ; preds = %47
  %51 = or disjoint i32 %6, 4
  %52 = zext nneg i32 %51 to i64
  %53 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ12layerforwardE13weight_matrix to ptr), i64 0, i64 %52, i64 %22
  %54 = load float, ptr %23, align 4, !tbaa !5
  %55 = load float, ptr %53, align 4, !tbaa !5
  %56 = fadd contract float %54, %55
  store float %56, ptr %23, align 4, !tbaa !5
  br label %57

57:                                               ; preds = %50, %47
  tail call void @llvm.nvvm.barrier0()
  %58 = and i32 %6, 15
  %59 = icmp eq i32 %58, 0
  br i1 %59, label %60, label %67

60:                                               ; preds = %57
  %61 = or disjoint i32 %6, 8
  %62 = zext nneg i32 %61 to i64
  %63 = getelementptr inbounds [16 x [16 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ12layerforwardE13weight_matrix to ptr), i64 0, i64 %62, i64 %22
  %64 = load float, ptr %23, align 4, !tbaa !5
  %65 = load float, ptr %63, align 4, !tbaa !5
  %66 = fadd contract float %64, %65
  store float %66, ptr %23, align 4, !tbaa !5
  br label %67

67:                                               ; preds = %60, %57
  tail call void @llvm.nvvm.barrier0()
  %68 = load float, ptr %23, align 4, !tbaa !5
  store float %68, ptr %20, align 4, !tbaa !5
  %69 = icmp eq i32 %6, 0
  br i1 %69, label %70, label %76

70:                                               ; preds = %67
  %71 = add nuw nsw i32 %7, %5
  %72 = zext nneg i32 %71 to i64
  %73 = getelementptr inbounds float, ptr %2, i64 %72
  %74 = getelementptr inbounds [16 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ12layerforwardE13weight_matrix to ptr), i64 0, i64 %22
  %75 = load float, ptr %74, align 4, !tbaa !5
  store float %75, ptr %73, align 4, !tbaa !5
  br label %76

76:                                               ; preds = %70, %67
  ret void
}

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier0() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.y() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.y() #2

attributes #0 = { convergent mustprogress norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx78,+sm_80" "uniform-work-group-size"="true" }
attributes #1 = { convergent nocallback nounwind }
attributes #2 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!nvvm.annotations = !{!0}
!llvm.module.flags = !{!1, !2, !3}
!llvm.ident = !{!4}

!0 = !{ptr @layerforward, !"kernel", i32 1}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!3 = !{i32 7, !"frame-pointer", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"float", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C++ TBAA"}
