; ModuleID = 'ldg.cu'
source_filename = "ldg.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Function Attrs: mustprogress nofree norecurse nounwind memory(argmem: readwrite)
define dso_local void @_Z1kPKfPKDv4_fPf(ptr nocapture noundef readonly %0, ptr nocapture noundef readonly %1, ptr nocapture noundef writeonly %2) local_unnamed_addr #0 {
  %4 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %5 = zext nneg i32 %4 to i64
  %6 = getelementptr inbounds float, ptr %0, i64 %5
  %7 = tail call contract float @llvm.nvvm.ldg.global.f.f32.p0(ptr %6, i32 4)
  %8 = getelementptr inbounds float, ptr %2, i64 %5
  store float %7, ptr %8, align 4, !tbaa !5
  %9 = getelementptr inbounds <4 x float>, ptr %1, i64 %5
  %10 = tail call contract <4 x float> @llvm.nvvm.ldg.global.f.v4f32.p0(ptr %9, i32 16)
  %11 = extractelement <4 x float> %10, i64 0
  %12 = extractelement <4 x float> %10, i64 3
  %13 = fadd contract float %11, %12
  %14 = getelementptr inbounds i8, ptr %8, i64 256
  store float %13, ptr %14, align 4, !tbaa !5
  %15 = tail call contract float @llvm.nvvm.ldu.global.f.f32.p0(ptr %0, i32 4)
  %16 = getelementptr inbounds i8, ptr %8, i64 512
  store float %15, ptr %16, align 4, !tbaa !5
  ret void
}

; Function Attrs: nocallback nofree nounwind memory(argmem: read)
declare float @llvm.nvvm.ldg.global.f.f32.p0(ptr nocapture, i32) #1

; Function Attrs: nocallback nofree nounwind memory(argmem: read)
declare <4 x float> @llvm.nvvm.ldg.global.f.v4f32.p0(ptr nocapture, i32) #1

; Function Attrs: nocallback nofree nounwind memory(argmem: read)
declare float @llvm.nvvm.ldu.global.f.f32.p0(ptr nocapture, i32) #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

attributes #0 = { mustprogress nofree norecurse nounwind memory(argmem: readwrite) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx78,+sm_80" "uniform-work-group-size"="true" }
attributes #1 = { nocallback nofree nounwind memory(argmem: read) }
attributes #2 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!nvvm.annotations = !{!0}
!llvm.module.flags = !{!1, !2, !3}
!llvm.ident = !{!4}

!0 = !{ptr @_Z1kPKfPKDv4_fPf, !"kernel", i32 1}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!3 = !{i32 7, !"frame-pointer", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"float", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C++ TBAA"}
