; ModuleID = '/work/main/examples/numba_reduce_shared/kernel.O0.ll'
source_filename = "/work/main/examples/numba_reduce_shared/kernel.O0.ll"
target datalayout = "e-p:64:64:64-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:64:64-i128:128:128-f32:32:32-f64:64:64-v16:16:16-v32:32:32-v64:64:64-v128:128:128-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_ZN08NumbaEnv6kernel10reduce_sumB2v1B92cw51cXTLSUwv1sDUaKthoaNgoKmjgOR3W3CwAkMXLaJtQYkOIgxJU0gCqOkEJoHkbttqdVhoqlspQGNFHSgJ5BnXagIAE5ArrayIfLi1E1C7mutable7alignedE5ArrayIfLi1E1C7mutable7alignedE = common local_unnamed_addr global ptr null
@_cudapy_smem_1 = local_unnamed_addr addrspace(3) global [256 x float] undef, align 4
@llvm.used = appending global [1 x ptr] [ptr @_ZN6kernel10reduce_sumB2v1B92cw51cXTLSUwv1sDUaKthoaNgoKmjgOR3W3CwAkMXLaJtQYkOIgxJU0gCqOkEJoHkbttqdVhoqlspQGNFHSgJ5BnXagIAE5ArrayIfLi1E1C7mutable7alignedE5ArrayIfLi1E1C7mutable7alignedE], section "llvm.metadata"

; Function Attrs: norecurse nounwind
define void @_ZN6kernel10reduce_sumB2v1B92cw51cXTLSUwv1sDUaKthoaNgoKmjgOR3W3CwAkMXLaJtQYkOIgxJU0gCqOkEJoHkbttqdVhoqlspQGNFHSgJ5BnXagIAE5ArrayIfLi1E1C7mutable7alignedE5ArrayIfLi1E1C7mutable7alignedE(ptr nocapture readnone %x.0, ptr nocapture readnone %x.1, i64 %x.2, i64 %x.3, ptr nocapture readonly %x.4, i64 %x.5.0, i64 %x.6.0, ptr nocapture readnone %partial.0, ptr nocapture readnone %partial.1, i64 %partial.2, i64 %partial.3, ptr nocapture writeonly %partial.4, i64 %partial.5.0, i64 %partial.6.0) #0 {
entry:
  %.53 = tail call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %.63 = tail call range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %.70 = tail call range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %.77 = zext nneg i32 %.63 to i64
  %.78 = zext nneg i32 %.70 to i64
  %.79 = mul nuw nsw i64 %.77, %.78
  %.81 = zext nneg i32 %.53 to i64
  %.82 = add nuw nsw i64 %.79, %.81
  %.97 = icmp slt i64 %.82, %x.5.0
  br i1 %.97, label %B232, label %B292

B232:                                             ; preds = %entry
  %.134 = getelementptr float, ptr %x.4, i64 %.82
  %.135 = load float, ptr %.134, align 4
  br label %B292

B292:                                             ; preds = %entry, %B232
  %.sink = phi float [ %.135, %B232 ], [ 0.000000e+00, %entry ]
  %0 = getelementptr float, ptr addrspacecast (ptr addrspace(3) @_cudapy_smem_1 to ptr), i64 %.81
  store float %.sink, ptr %0, align 4
  tail call void @llvm.nvvm.barrier0()
  %.265.not = icmp ult i32 %.70, 2
  br i1 %.265.not, label %B504, label %B382

B382:                                             ; preds = %B292, %B444
  %s.2.0.in = phi i64 [ %s.2.0, %B444 ], [ %.78, %B292 ]
  %s.2.0 = lshr i64 %s.2.0.in, 1
  %.279 = icmp ugt i64 %s.2.0, %.81
  br i1 %.279, label %B394, label %B444

B394:                                             ; preds = %B382
  %gep = getelementptr float, ptr %0, i64 %s.2.0
  %.318 = load float, ptr %0, align 4
  %.352 = load float, ptr %gep, align 4
  %.353 = fadd float %.318, %.352
  store float %.353, ptr %0, align 4
  br label %B444

B444:                                             ; preds = %B394, %B382
  tail call void @llvm.nvvm.barrier0()
  %.433.not = icmp ult i64 %s.2.0.in, 4
  br i1 %.433.not, label %B504, label %B382

B504:                                             ; preds = %B444, %B292
  %.446 = icmp eq i32 %.53, 0
  br i1 %.446, label %B516, label %common.ret

common.ret:                                       ; preds = %B504, %B516
  ret void

B516:                                             ; preds = %B504
  %.524 = getelementptr float, ptr %partial.4, i64 %.77
  %.485 = load float, ptr addrspacecast (ptr addrspace(3) @_cudapy_smem_1 to ptr), align 4
  store float %.485, ptr %.524, align 4
  br label %common.ret
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #1

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier0() #2

attributes #0 = { norecurse nounwind }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { convergent nocallback nounwind }

!nvvmir.version = !{!0}
!nvvm.annotations = !{!1}

!0 = !{i32 2, i32 0, i32 3, i32 2}
!1 = !{ptr @_ZN6kernel10reduce_sumB2v1B92cw51cXTLSUwv1sDUaKthoaNgoKmjgOR3W3CwAkMXLaJtQYkOIgxJU0gCqOkEJoHkbttqdVhoqlspQGNFHSgJ5BnXagIAE5ArrayIfLi1E1C7mutable7alignedE5ArrayIfLi1E1C7mutable7alignedE, !"kernel", i32 1}
