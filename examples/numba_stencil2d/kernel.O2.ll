; ModuleID = '/work/main/examples/numba_stencil2d/kernel.O0.ll'
source_filename = "/work/main/examples/numba_stencil2d/kernel.O0.ll"
target datalayout = "e-p:64:64:64-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:64:64-i128:128:128-f32:32:32-f64:64:64-v16:16:16-v32:32:32-v64:64:64-v128:128:128-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_ZN08NumbaEnv6kernel9stencil2dB2v1B92cw51cXTLSUwv1sDUaKthoaNgoKmjgOR3W3CwAkMXLaJtQYkOIgxJU0gCqOkEJoHkbttqdVhoqlspQGNFHSgJ5BnXagIAE5ArrayIfLi2E1C7mutable7alignedE5ArrayIfLi2E1C7mutable7alignedE = common local_unnamed_addr global ptr null
@llvm.used = appending global [1 x ptr] [ptr @_ZN6kernel9stencil2dB2v1B92cw51cXTLSUwv1sDUaKthoaNgoKmjgOR3W3CwAkMXLaJtQYkOIgxJU0gCqOkEJoHkbttqdVhoqlspQGNFHSgJ5BnXagIAE5ArrayIfLi2E1C7mutable7alignedE5ArrayIfLi2E1C7mutable7alignedE], section "llvm.metadata"

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: readwrite)
define void @_ZN6kernel9stencil2dB2v1B92cw51cXTLSUwv1sDUaKthoaNgoKmjgOR3W3CwAkMXLaJtQYkOIgxJU0gCqOkEJoHkbttqdVhoqlspQGNFHSgJ5BnXagIAE5ArrayIfLi2E1C7mutable7alignedE5ArrayIfLi2E1C7mutable7alignedE(ptr nocapture readnone %a.0, ptr nocapture readnone %a.1, i64 %a.2, i64 %a.3, ptr nocapture readonly %a.4, i64 %a.5.0, i64 %a.5.1, i64 %a.6.0, i64 %a.6.1, ptr nocapture readnone %b.0, ptr nocapture readnone %b.1, i64 %b.2, i64 %b.3, ptr nocapture writeonly %b.4, i64 %b.5.0, i64 %b.5.1, i64 %b.6.0, i64 %b.6.1) #0 {
entry:
  %.34 = tail call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %.35 = zext nneg i32 %.34 to i64
  %.36 = tail call range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %.37 = zext nneg i32 %.36 to i64
  %.38 = tail call range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %.39 = zext nneg i32 %.38 to i64
  %.40 = mul nuw nsw i64 %.37, %.39
  %.41 = add nuw nsw i64 %.40, %.35
  %.42 = tail call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %.44 = tail call range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
  %.46 = tail call range(i32 0, 65535) i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  %narrow = mul nuw nsw i32 %.44, %.46
  %narrow318 = add nuw nsw i32 %narrow, %.42
  %.49 = zext nneg i32 %narrow318 to i64
  %.82 = icmp slt i64 %.49, %a.5.0
  %.92 = icmp slt i64 %.41, %a.5.1
  %or.cond321 = select i1 %.82, i1 %.92, i1 false
  br i1 %or.cond321, label %B94, label %common.ret

B94:                                              ; preds = %entry
  %.101 = icmp eq i32 %narrow318, 0
  %.110 = icmp eq i64 %.41, 0
  %or.cond = select i1 %.101, i1 true, i1 %.110
  %.119 = add nsw i64 %a.5.0, -1
  %.123 = icmp eq i64 %.119, %.49
  %or.cond319 = select i1 %or.cond, i1 true, i1 %.123
  %.132 = add nsw i64 %a.5.1, -1
  %.136 = icmp eq i64 %.41, %.132
  %or.cond320 = select i1 %or.cond319, i1 true, i1 %.136
  br i1 %or.cond320, label %B154, label %B188

common.ret.sink.split:                            ; preds = %B154, %B188
  %.543.sink = phi float [ %.543, %B188 ], [ %.205, %B154 ]
  %.594 = mul i64 %.49, %b.5.1
  %0 = getelementptr float, ptr %b.4, i64 %.594
  %.598 = getelementptr float, ptr %0, i64 %.41
  store float %.543.sink, ptr %.598, align 4
  br label %common.ret

common.ret:                                       ; preds = %common.ret.sink.split, %entry
  ret void

B154:                                             ; preds = %B94
  %.200 = mul i64 %.49, %a.5.1
  %1 = getelementptr float, ptr %a.4, i64 %.200
  %.204 = getelementptr float, ptr %1, i64 %.41
  %.205 = load float, ptr %.204, align 4
  br label %common.ret.sink.split

B188:                                             ; preds = %B94
  %.271 = add nsw i64 %.49, -1
  %.317 = mul i64 %.271, %a.5.1
  %2 = getelementptr float, ptr %a.4, i64 %.317
  %.321 = getelementptr float, ptr %2, i64 %.41
  %.322 = load float, ptr %.321, align 4
  %.324 = add nuw nsw i64 %.49, 1
  %.370 = mul i64 %.324, %a.5.1
  %3 = getelementptr float, ptr %a.4, i64 %.370
  %.374 = getelementptr float, ptr %3, i64 %.41
  %.375 = load float, ptr %.374, align 4
  %.376 = fadd float %.322, %.375
  %.424 = mul i64 %.49, %a.5.1
  %4 = getelementptr float, ptr %a.4, i64 %.424
  %5 = getelementptr float, ptr %4, i64 %.41
  %.428 = getelementptr i8, ptr %5, i64 -4
  %.429 = load float, ptr %.428, align 4
  %.430 = fadd float %.376, %.429
  %.482 = getelementptr i8, ptr %5, i64 4
  %.483 = load float, ptr %.482, align 4
  %.484 = fadd float %.430, %.483
  %.537 = load float, ptr %5, align 4
  %.540 = fmul float %.537, 5.000000e-01
  %.542 = fmul float %.484, 1.250000e-01
  %.543 = fadd float %.540, %.542
  br label %common.ret.sink.split
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.y() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.y() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.y() #1

attributes #0 = { mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: readwrite) }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!nvvmir.version = !{!0}
!nvvm.annotations = !{!1}

!0 = !{i32 2, i32 0, i32 3, i32 2}
!1 = !{ptr @_ZN6kernel9stencil2dB2v1B92cw51cXTLSUwv1sDUaKthoaNgoKmjgOR3W3CwAkMXLaJtQYkOIgxJU0gCqOkEJoHkbttqdVhoqlspQGNFHSgJ5BnXagIAE5ArrayIfLi2E1C7mutable7alignedE5ArrayIfLi2E1C7mutable7alignedE, !"kernel", i32 1}
