; ModuleID = '/work/main/examples/numba_histogram/kernel.O0.ll'
source_filename = "/work/main/examples/numba_histogram/kernel.O0.ll"
target datalayout = "e-p:64:64:64-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:64:64-i128:128:128-f32:32:32-f64:64:64-v16:16:16-v32:32:32-v64:64:64-v128:128:128-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_ZN08NumbaEnv6kernel9histogramB2v1B92cw51cXTLSUwv1sDUaKthoaNgoKmjgOR3W3CwAkMXLaJtQYkOIgxJU0gCqOkEJoHkbttqdVhoqlspQGNFHSgJ5BnXagIAE5ArrayIiLi1E1C7mutable7alignedE5ArrayIiLi1E1C7mutable7alignedE = common local_unnamed_addr global ptr null
@_cudapy_smem_1 = addrspace(3) global [64 x i32] undef, align 4
@llvm.used = appending global [1 x ptr] [ptr @_ZN6kernel9histogramB2v1B92cw51cXTLSUwv1sDUaKthoaNgoKmjgOR3W3CwAkMXLaJtQYkOIgxJU0gCqOkEJoHkbttqdVhoqlspQGNFHSgJ5BnXagIAE5ArrayIiLi1E1C7mutable7alignedE5ArrayIiLi1E1C7mutable7alignedE], section "llvm.metadata"

; Function Attrs: norecurse nounwind
define void @_ZN6kernel9histogramB2v1B92cw51cXTLSUwv1sDUaKthoaNgoKmjgOR3W3CwAkMXLaJtQYkOIgxJU0gCqOkEJoHkbttqdVhoqlspQGNFHSgJ5BnXagIAE5ArrayIiLi1E1C7mutable7alignedE5ArrayIiLi1E1C7mutable7alignedE(ptr nocapture readnone %data.0, ptr nocapture readnone %data.1, i64 %data.2, i64 %data.3, ptr nocapture readonly %data.4, i64 %data.5.0, i64 %data.6.0, ptr nocapture readnone %bins.0, ptr nocapture readnone %bins.1, i64 %bins.2, i64 %bins.3, ptr nocapture %bins.4, i64 %bins.5.0, i64 %bins.6.0) #0 {
entry:
  %.53 = tail call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %.63 = tail call range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %.71 = zext nneg i32 %.53 to i64
  %.72 = zext nneg i32 %.63 to i64
  %.109 = sub nsw i64 64, %.71
  %.110 = icmp ugt i32 %.53, 63
  br i1 %.110, label %B0.endif.endif, label %B0.endif.else

B198:                                             ; preds = %B198.prol.loopexit, %B198
  %.99.0229 = phi i64 [ %.157.1, %B198 ], [ %.99.0229.unr, %B198.prol.loopexit ]
  %.96.0228 = phi i64 [ %.161.1, %B198 ], [ %.96.0228.unr, %B198.prol.loopexit ]
  %.161 = add i64 %.96.0228, %.72
  %0 = lshr i64 %.96.0228, 57
  %1 = and i64 %0, 64
  %2 = getelementptr i32, ptr addrspacecast (ptr addrspace(3) @_cudapy_smem_1 to ptr), i64 %.96.0228
  %.220 = getelementptr i32, ptr %2, i64 %1
  store i32 0, ptr %.220, align 4
  %.157.1 = add nsw i64 %.99.0229, -2
  %.161.1 = add i64 %.161, %.72
  %3 = lshr i64 %.161, 57
  %4 = and i64 %3, 64
  %5 = getelementptr i32, ptr addrspacecast (ptr addrspace(3) @_cudapy_smem_1 to ptr), i64 %.161
  %.220.1 = getelementptr i32, ptr %5, i64 %4
  store i32 0, ptr %.220.1, align 4
  %6 = add i64 %.99.0229, -3
  %.148.1 = icmp ult i64 %6, -2
  br i1 %.148.1, label %B198, label %B212

B212:                                             ; preds = %B198.prol.loopexit, %B198, %B0.endif.endif
  tail call void @llvm.nvvm.barrier0()
  %.236 = tail call range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %.237 = zext nneg i32 %.236 to i64
  %.238 = mul nuw nsw i64 %.72, %.237
  %.239 = add nuw nsw i64 %.238, %.71
  %.252 = tail call range(i32 1, -2147483648) i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %.254 = zext nneg i32 %.252 to i64
  %.255 = mul nuw nsw i64 %.72, %.254
  %.292 = sub i64 %data.5.0, %.239
  %.293 = icmp slt i64 %.292, 1
  br i1 %.293, label %B212.endif.endif, label %B212.endif.else

B380:                                             ; preds = %B380.prol.loopexit, %B380
  %.282.0232 = phi i64 [ %.340.1, %B380 ], [ %.282.0232.unr, %B380.prol.loopexit ]
  %.279.0231 = phi i64 [ %.344.1, %B380 ], [ %.279.0231.unr, %B380.prol.loopexit ]
  %.344 = add i64 %.279.0231, %.255
  %.388 = icmp slt i64 %.279.0231, 0
  %.389 = select i1 %.388, i64 %data.5.0, i64 0
  %7 = getelementptr i32, ptr %data.4, i64 %.279.0231
  %.403 = getelementptr i32, ptr %7, i64 %.389
  %.404 = load i32, ptr %.403, align 4
  %.406 = sext i32 %.404 to i64
  %.422 = icmp slt i32 %.404, 0
  %.423 = add nsw i64 %.406, 64
  %.424 = select i1 %.422, i64 %.423, i64 %.406
  %.427 = getelementptr i32, ptr addrspacecast (ptr addrspace(3) @_cudapy_smem_1 to ptr), i64 %.424
  %.428 = atomicrmw add ptr %.427, i32 1 monotonic, align 4
  %.340.1 = add nsw i64 %.282.0232, -2
  %.344.1 = add i64 %.344, %.255
  %.388.1 = icmp slt i64 %.344, 0
  %.389.1 = select i1 %.388.1, i64 %data.5.0, i64 0
  %8 = getelementptr i32, ptr %data.4, i64 %.344
  %.403.1 = getelementptr i32, ptr %8, i64 %.389.1
  %.404.1 = load i32, ptr %.403.1, align 4
  %.406.1 = sext i32 %.404.1 to i64
  %.422.1 = icmp slt i32 %.404.1, 0
  %.423.1 = add nsw i64 %.406.1, 64
  %.424.1 = select i1 %.422.1, i64 %.423.1, i64 %.406.1
  %.427.1 = getelementptr i32, ptr addrspacecast (ptr addrspace(3) @_cudapy_smem_1 to ptr), i64 %.424.1
  %.428.1 = atomicrmw add ptr %.427.1, i32 1 monotonic, align 4
  %9 = add i64 %.282.0232, -3
  %.331.1 = icmp ult i64 %9, -2
  br i1 %.331.1, label %B380, label %B462

B462:                                             ; preds = %B380.prol.loopexit, %B380, %B212.endif.endif
  tail call void @llvm.nvvm.barrier0()
  br i1 %.110, label %B462.endif.endif, label %B462.endif.else

B576:                                             ; preds = %B576.preheader, %B680
  %.477.1240 = phi i64 [ %.477.1, %B680 ], [ %.477.1237, %B576.preheader ]
  %.474.1239 = phi i64 [ %.474.1, %B680 ], [ %.474.1235, %B576.preheader ]
  %.474.0238 = phi i64 [ %.474.1239, %B680 ], [ %.71, %B576.preheader ]
  %.587 = icmp slt i64 %.474.0238, 0
  %.588 = add i64 %.474.0238, 64
  %.589 = select i1 %.587, i64 %.588, i64 %.474.0238
  %.602 = getelementptr i32, ptr addrspacecast (ptr addrspace(3) @_cudapy_smem_1 to ptr), i64 %.589
  %.603 = load i32, ptr %.602, align 4
  %.605.not = icmp eq i32 %.603, 0
  br i1 %.605.not, label %B680, label %B602

B602:                                             ; preds = %B576
  %10 = getelementptr i32, ptr %bins.4, i64 %.474.0238
  %.661 = select i1 %.587, i64 %bins.5.0, i64 0
  %.665 = getelementptr i32, ptr %10, i64 %.661
  %.666 = atomicrmw add ptr %.665, i32 %.603 monotonic, align 4
  br label %B680

B680:                                             ; preds = %B602, %B576
  %.526 = icmp sgt i64 %.477.1240, 0
  %.539 = select i1 %.526, i64 %.72, i64 0
  %.474.1 = add i64 %.539, %.474.1239
  %.535 = sext i1 %.526 to i64
  %.477.1 = add nsw i64 %.477.1240, %.535
  br i1 %.526, label %B576, label %B682

B682:                                             ; preds = %B680, %B462.endif.endif
  ret void

B0.endif.else:                                    ; preds = %entry
  %.121 = urem i64 %.109, %.72
  %.124.not = icmp ne i64 %.121, 0
  %.125 = udiv i64 %.109, %.72
  %.126 = zext i1 %.124.not to i64
  %.127 = add nuw nsw i64 %.125, %.126
  br label %B0.endif.endif

B0.endif.endif:                                   ; preds = %entry, %B0.endif.else
  %storemerge = phi i64 [ %.127, %B0.endif.else ], [ 0, %entry ]
  %.148227 = icmp sgt i64 %storemerge, 0
  br i1 %.148227, label %B198.preheader, label %B212

B198.preheader:                                   ; preds = %B0.endif.endif
  %xtraiter = and i64 %storemerge, 1
  %lcmp.mod.not = icmp eq i64 %xtraiter, 0
  br i1 %lcmp.mod.not, label %B198.prol.loopexit, label %B198.prol

B198.prol:                                        ; preds = %B198.preheader
  %.157.prol = add nsw i64 %storemerge, -1
  %.161.prol = add nuw nsw i64 %.71, %.72
  %11 = getelementptr i32, ptr addrspacecast (ptr addrspace(3) @_cudapy_smem_1 to ptr), i64 %.71
  store i32 0, ptr %11, align 4
  br label %B198.prol.loopexit

B198.prol.loopexit:                               ; preds = %B198.prol, %B198.preheader
  %.99.0229.unr = phi i64 [ %storemerge, %B198.preheader ], [ %.157.prol, %B198.prol ]
  %.96.0228.unr = phi i64 [ %.71, %B198.preheader ], [ %.161.prol, %B198.prol ]
  %12 = icmp eq i64 %storemerge, 1
  br i1 %12, label %B212, label %B198

B212.endif.else:                                  ; preds = %B212
  %.292.frozen = freeze i64 %.292
  %.308 = udiv i64 %.292.frozen, %.255
  %13 = mul i64 %.308, %.255
  %.304.decomposed = sub i64 %.292.frozen, %13
  %.307.not = icmp ne i64 %.304.decomposed, 0
  %.309 = zext i1 %.307.not to i64
  %.310 = add nuw i64 %.308, %.309
  br label %B212.endif.endif

B212.endif.endif:                                 ; preds = %B212, %B212.endif.else
  %storemerge225 = phi i64 [ %.310, %B212.endif.else ], [ 0, %B212 ]
  %.331230 = icmp sgt i64 %storemerge225, 0
  br i1 %.331230, label %B380.preheader, label %B462

B380.preheader:                                   ; preds = %B212.endif.endif
  %xtraiter241 = and i64 %storemerge225, 1
  %lcmp.mod242.not = icmp eq i64 %xtraiter241, 0
  br i1 %lcmp.mod242.not, label %B380.prol.loopexit, label %B380.prol

B380.prol:                                        ; preds = %B380.preheader
  %.340.prol = add nsw i64 %storemerge225, -1
  %.344.prol = add nuw nsw i64 %.239, %.255
  %14 = getelementptr i32, ptr %data.4, i64 %.239
  %.404.prol = load i32, ptr %14, align 4
  %.406.prol = sext i32 %.404.prol to i64
  %.422.prol = icmp slt i32 %.404.prol, 0
  %.423.prol = add nsw i64 %.406.prol, 64
  %.424.prol = select i1 %.422.prol, i64 %.423.prol, i64 %.406.prol
  %.427.prol = getelementptr i32, ptr addrspacecast (ptr addrspace(3) @_cudapy_smem_1 to ptr), i64 %.424.prol
  %.428.prol = atomicrmw add ptr %.427.prol, i32 1 monotonic, align 4
  br label %B380.prol.loopexit

B380.prol.loopexit:                               ; preds = %B380.prol, %B380.preheader
  %.282.0232.unr = phi i64 [ %storemerge225, %B380.preheader ], [ %.340.prol, %B380.prol ]
  %.279.0231.unr = phi i64 [ %.239, %B380.preheader ], [ %.344.prol, %B380.prol ]
  %15 = icmp eq i64 %storemerge225, 1
  br i1 %15, label %B462, label %B380

B462.endif.else:                                  ; preds = %B462
  %.503 = udiv i64 %.109, %.72
  %16 = mul i64 %.503, %.72
  %.499.decomposed = sub i64 %.109, %16
  %.502.not = icmp ne i64 %.499.decomposed, 0
  %.504 = zext i1 %.502.not to i64
  %.505 = add nuw nsw i64 %.503, %.504
  br label %B462.endif.endif

B462.endif.endif:                                 ; preds = %B462, %B462.endif.else
  %storemerge226 = phi i64 [ %.505, %B462.endif.else ], [ 0, %B462 ]
  %.526233 = icmp sgt i64 %storemerge226, 0
  br i1 %.526233, label %B576.preheader, label %B682

B576.preheader:                                   ; preds = %B462.endif.endif
  %.535236 = sext i1 %.526233 to i64
  %.477.1237 = add nsw i64 %storemerge226, %.535236
  %.474.1235 = add nuw nsw i64 %.72, %.71
  br label %B576
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #1

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier0() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.nctaid.x() #1

attributes #0 = { norecurse nounwind }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { convergent nocallback nounwind }

!nvvmir.version = !{!0}
!nvvm.annotations = !{!1}

!0 = !{i32 2, i32 0, i32 3, i32 2}
!1 = !{ptr @_ZN6kernel9histogramB2v1B92cw51cXTLSUwv1sDUaKthoaNgoKmjgOR3W3CwAkMXLaJtQYkOIgxJU0gCqOkEJoHkbttqdVhoqlspQGNFHSgJ5BnXagIAE5ArrayIiLi1E1C7mutable7alignedE5ArrayIiLi1E1C7mutable7alignedE, !"kernel", i32 1}
