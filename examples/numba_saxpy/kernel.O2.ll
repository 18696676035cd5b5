; ModuleID = '/work/main/examples/numba_saxpy/kernel.O0.ll'
source_filename = "/work/main/examples/numba_saxpy/kernel.O0.ll"
target datalayout = "e-p:64:64:64-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:64:64-i128:128:128-f32:32:32-f64:64:64-v16:16:16-v32:32:32-v64:64:64-v128:128:128-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_ZN08NumbaEnv6kernel5saxpyB2v1B92cw51cXTLSUwv1sDUaKthoaNgoKmjgOR3W3CwAkMXLaJtQYkOIgxJU0gCqOkEJoHkbttqdVhoqlspQGNFHSgJ5BnXagIAEif5ArrayIfLi1E1C7mutable7alignedE5ArrayIfLi1E1C7mutable7alignedE = common local_unnamed_addr global ptr null
@llvm.used = appending global [1 x ptr] [ptr @_ZN6kernel5saxpyB2v1B92cw51cXTLSUwv1sDUaKthoaNgoKmjgOR3W3CwAkMXLaJtQYkOIgxJU0gCqOkEJoHkbttqdVhoqlspQGNFHSgJ5BnXagIAEif5ArrayIfLi1E1C7mutable7alignedE5ArrayIfLi1E1C7mutable7alignedE], section "llvm.metadata"

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: readwrite)
define void @_ZN6kernel5saxpyB2v1B92cw51cXTLSUwv1sDUaKthoaNgoKmjgOR3W3CwAkMXLaJtQYkOIgxJU0gCqOkEJoHkbttqdVhoqlspQGNFHSgJ5BnXagIAEif5ArrayIfLi1E1C7mutable7alignedE5ArrayIfLi1E1C7mutable7alignedE(i32 %n, float %a, ptr nocapture readnone %x.0, ptr nocapture readnone %x.1, i64 %x.2, i64 %x.3, ptr nocapture readonly %x.4, i64 %x.5.0, i64 %x.6.0, ptr nocapture readnone %y.0, ptr nocapture readnone %y.1, i64 %y.2, i64 %y.3, ptr nocapture %y.4, i64 %y.5.0, i64 %y.6.0) #0 {
entry:
  %.30 = tail call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %.31 = zext nneg i32 %.30 to i64
  %.32 = tail call range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %.33 = zext nneg i32 %.32 to i64
  %.34 = tail call range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %.35 = zext nneg i32 %.34 to i64
  %.36 = mul nuw nsw i64 %.33, %.35
  %.37 = add nuw nsw i64 %.36, %.31
  %.42 = sext i32 %n to i64
  %.43 = icmp slt i64 %.37, %.42
  br i1 %.43, label %B56, label %common.ret

common.ret:                                       ; preds = %entry, %B56
  ret void

B56:                                              ; preds = %entry
  %.80 = getelementptr float, ptr %x.4, i64 %.37
  %.81 = load float, ptr %.80, align 4
  %.85 = fmul float %.81, %a
  %.117 = getelementptr float, ptr %y.4, i64 %.37
  %.118 = load float, ptr %.117, align 4
  %.119 = fadd float %.85, %.118
  store float %.119, ptr %.117, align 4
  br label %common.ret
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #1

attributes #0 = { mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: readwrite) }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!nvvmir.version = !{!0}
!nvvm.annotations = !{!1}

!0 = !{i32 2, i32 0, i32 3, i32 2}
!1 = !{ptr @_ZN6kernel5saxpyB2v1B92cw51cXTLSUwv1sDUaKthoaNgoKmjgOR3W3CwAkMXLaJtQYkOIgxJU0gCqOkEJoHkbttqdVhoqlspQGNFHSgJ5BnXagIAEif5ArrayIfLi1E1C7mutable7alignedE5ArrayIfLi1E1C7mutable7alignedE, !"kernel", i32 1}
