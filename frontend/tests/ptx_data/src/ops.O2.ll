; ModuleID = 'ops.cu'
source_filename = "ops.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.P2 = type { float, i32 }
%struct.float4 = type { float, float, float, float }

@coeffs = dso_local addrspace(4) externally_initialized global [4 x float] [float 1.000000e+00, float 2.000000e+00, float 3.000000e+00, float 4.000000e+00], align 4
@counter = dso_local addrspace(1) externally_initialized global i32 5, align 4
@table16 = dso_local addrspace(1) externally_initialized global [3 x i16] [i16 -1, i16 2, i16 -3], align 2
@_ZZ14shared_atomicsPKhPjiE4bins = internal addrspace(3) global [64 x i32] undef, align 4
@_ZZ9dynsharedPfiE4stat = internal unnamed_addr addrspace(3) global [32 x [33 x float]] undef, align 4
@dyn = external dso_local local_unnamed_addr addrspace(3) global [0 x float], align 4
@llvm.compiler.used = appending global [3 x ptr] [ptr addrspacecast (ptr addrspace(4) @coeffs to ptr), ptr addrspacecast (ptr addrspace(1) @counter to ptr), ptr addrspacecast (ptr addrspace(1) @table16 to ptr)], section "llvm.metadata"

; Function Attrs: mustprogress norecurse nounwind memory(readwrite, inaccessiblemem: none)
define dso_local void @_Z7atomicsPiPjPfPdPx(ptr nocapture noundef %0, ptr nocapture noundef %1, ptr nocapture noundef %2, ptr nocapture noundef %3, ptr nocapture noundef %4) local_unnamed_addr #0 {
  %6 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %7 = atomicrmw add ptr %0, i32 %6 seq_cst, align 4
  %8 = getelementptr inbounds i8, ptr %0, i64 4
  %9 = add nsw i32 %6, -5
  %10 = atomicrmw min ptr %8, i32 %9 seq_cst, align 4
  %11 = getelementptr inbounds i8, ptr %0, i64 8
  %12 = add nsw i32 %6, -40
  %13 = atomicrmw max ptr %11, i32 %12 seq_cst, align 4
  %14 = atomicrmw umin ptr %1, i32 %6 seq_cst, align 4
  %15 = getelementptr inbounds i8, ptr %1, i64 4
  %16 = atomicrmw umax ptr %15, i32 %6 seq_cst, align 4
  %17 = getelementptr inbounds i8, ptr %1, i64 8
  %18 = tail call i32 @llvm.nvvm.atomic.load.inc.32.p0(ptr nonnull %17, i32 7)
  %19 = getelementptr inbounds i8, ptr %1, i64 12
  %20 = tail call i32 @llvm.nvvm.atomic.load.dec.32.p0(ptr nonnull %19, i32 7)
  %21 = getelementptr inbounds i8, ptr %0, i64 12
  %22 = atomicrmw xchg ptr %21, i32 %6 seq_cst, align 4
  %23 = getelementptr inbounds i8, ptr %0, i64 16
  %24 = and i32 %6, 31
  %25 = shl nuw i32 1, %24
  %26 = xor i32 %25, -1
  %27 = atomicrmw and ptr %23, i32 %26 seq_cst, align 4
  %28 = getelementptr inbounds i8, ptr %0, i64 20
  %29 = atomicrmw or ptr %28, i32 %25 seq_cst, align 4
  %30 = getelementptr inbounds i8, ptr %0, i64 24
  %31 = atomicrmw xor ptr %30, i32 %6 seq_cst, align 4
  %32 = atomicrmw fadd ptr %2, float 1.500000e+00 seq_cst, align 4
  %33 = atomicrmw fadd ptr %3, double 2.500000e-01 seq_cst, align 8
  %34 = atomicrmw add ptr %4, i64 3 seq_cst, align 8
  %35 = getelementptr inbounds i8, ptr %4, i64 8
  %36 = zext nneg i32 %6 to i64
  %37 = shl nuw nsw i64 %36, 33
  %38 = atomicrmw max ptr %35, i64 %37 seq_cst, align 8
  %39 = getelementptr inbounds i8, ptr %0, i64 28
  %40 = add nuw nsw i32 %6, 1
  %41 = cmpxchg ptr %39, i32 %6, i32 %40 seq_cst seq_cst, align 4
  %42 = extractvalue { i32, i1 } %41, 0
  %43 = getelementptr inbounds i8, ptr %4, i64 16
  %44 = zext nneg i32 %40 to i64
  %45 = cmpxchg ptr %43, i64 %36, i64 %44 seq_cst seq_cst, align 8
  %46 = extractvalue { i64, i1 } %45, 0
  %47 = trunc i64 %46 to i32
  %48 = atomicrmw add ptr addrspacecast (ptr addrspace(1) @counter to ptr), i32 1 seq_cst, align 4
  %49 = add i32 %48, %42
  %50 = add i32 %49, %47
  %51 = getelementptr i32, ptr %0, i64 %36
  %52 = getelementptr i8, ptr %51, i64 32
  store i32 %50, ptr %52, align 4, !tbaa !15
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: nocallback nounwind memory(argmem: readwrite)
declare i32 @llvm.nvvm.atomic.load.inc.32.p0(ptr nocapture, i32) #2

; Function Attrs: nocallback nounwind memory(argmem: readwrite)
declare i32 @llvm.nvvm.atomic.load.dec.32.p0(ptr nocapture, i32) #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @_Z14shared_atomicsPKhPji(ptr nocapture noundef readonly %0, ptr nocapture noundef %1, i32 noundef %2) local_unnamed_addr #3 {
  %4 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %5 = icmp ult i32 %4, 64
  br i1 %5, label %6, label %9

6:                                                ; preds = %3
  %7 = zext nneg i32 %4 to i64
  %8 = getelementptr inbounds [64 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ14shared_atomicsPKhPjiE4bins to ptr), i64 0, i64 %7
  store i32 0, ptr %8, align 4, !tbaa !15
  br label %9

9:                                                ; preds = %6, %3
  tail call void @llvm.nvvm.barrier0()
  %10 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %11 = tail call noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %12 = mul i32 %10, %11
  %13 = add i32 %12, %4
  %14 = icmp slt i32 %13, %2
  br i1 %14, label %15, label %18

15:                                               ; preds = %9
  %16 = tail call noundef range(i32 1, -2147483648) i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %17 = mul i32 %11, %16
  br label %19

18:                                               ; preds = %19, %9
  tail call void @llvm.nvvm.barrier0()
  br i1 %5, label %30, label %36

19:                                               ; preds = %15, %19
  %20 = phi i32 [ %13, %15 ], [ %28, %19 ]
  %21 = sext i32 %20 to i64
  %22 = getelementptr inbounds i8, ptr %0, i64 %21
  %23 = load i8, ptr %22, align 1, !tbaa !19
  %24 = and i8 %23, 63
  %25 = zext nneg i8 %24 to i64
  %26 = getelementptr inbounds [64 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ14shared_atomicsPKhPjiE4bins to ptr), i64 0, i64 %25
  %27 = atomicrmw add ptr %26, i32 1 seq_cst, align 4
  %28 = add i32 %20, %17
  %29 = icmp slt i32 %28, %2
  br i1 %29, label %19, label %18, !llvm.loop !20

30:                                               ; preds = %18
  %31 = zext nneg i32 %4 to i64
  %32 = getelementptr inbounds [64 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ14shared_atomicsPKhPjiE4bins to ptr), i64 0, i64 %31
  %33 = getelementptr inbounds i32, ptr %1, i64 %31
  %34 = load i32, ptr %32, align 4, !tbaa !15
  %35 = atomicrmw add ptr %33, i32 %34 seq_cst, align 4
  br label %36

36:                                               ; preds = %30, %18
  ret void
}

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier0() #4

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(read, argmem: readwrite, inaccessiblemem: none)
define dso_local void @_Z5convsPfPdPiPjPxPyPsPaPh(ptr nocapture noundef %0, ptr nocapture noundef %1, ptr nocapture noundef %2, ptr nocapture noundef %3, ptr nocapture noundef %4, ptr nocapture noundef writeonly %5, ptr nocapture noundef %6, ptr nocapture noundef %7, ptr nocapture noundef %8) local_unnamed_addr #5 {
  %10 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %11 = zext nneg i32 %10 to i64
  %12 = getelementptr inbounds float, ptr %0, i64 %11
  %13 = load float, ptr %12, align 4, !tbaa !22
  %14 = getelementptr inbounds double, ptr %1, i64 %11
  %15 = load double, ptr %14, align 8, !tbaa !24
  %16 = fptosi float %13 to i32
  %17 = tail call i32 @llvm.nvvm.f2i.rn(float %13)
  %18 = add nsw i32 %17, %16
  %19 = tail call i32 @llvm.nvvm.f2i.rm(float %13)
  %20 = add nsw i32 %18, %19
  %21 = tail call i32 @llvm.nvvm.f2i.rp(float %13)
  %22 = add nsw i32 %20, %21
  %23 = tail call i32 @llvm.nvvm.d2i.rn(double %15)
  %24 = add nsw i32 %22, %23
  %25 = getelementptr inbounds i32, ptr %2, i64 %11
  store i32 %24, ptr %25, align 4, !tbaa !15
  %26 = fptoui float %13 to i32
  %27 = fptoui double %15 to i32
  %28 = tail call i32 @llvm.nvvm.f2ui.rn(float %13)
  %29 = add i32 %28, %26
  %30 = add i32 %29, %27
  %31 = getelementptr inbounds i32, ptr %3, i64 %11
  store i32 %30, ptr %31, align 4, !tbaa !15
  %32 = fptosi double %15 to i64
  %33 = fptosi float %13 to i64
  %34 = add nsw i64 %32, %33
  %35 = getelementptr inbounds i64, ptr %4, i64 %11
  store i64 %34, ptr %35, align 8, !tbaa !26
  %36 = fptoui double %15 to i64
  %37 = fptoui float %13 to i64
  %38 = add i64 %36, %37
  %39 = getelementptr inbounds i64, ptr %5, i64 %11
  store i64 %38, ptr %39, align 8, !tbaa !26
  %40 = load i32, ptr %25, align 4, !tbaa !15
  %41 = sitofp i32 %40 to float
  %42 = uitofp i32 %30 to float
  %43 = fadd contract float %42, %41
  %44 = load i64, ptr %35, align 8, !tbaa !26
  %45 = sitofp i64 %44 to float
  %46 = fadd contract float %43, %45
  %47 = fptrunc double %15 to float
  %48 = fadd contract float %46, %47
  %49 = tail call contract float @llvm.nvvm.saturate.f(float %13)
  %50 = fadd contract float %49, %48
  %51 = tail call contract float @llvm.trunc.f32(float %13)
  %52 = fadd contract float %51, %50
  %53 = tail call contract float @llvm.floor.f32(float %13)
  %54 = fadd contract float %53, %52
  %55 = tail call contract float @llvm.ceil.f32(float %13)
  %56 = fadd contract float %55, %54
  %57 = tail call contract float @llvm.rint.f32(float %13)
  %58 = fadd contract float %57, %56
  %59 = tail call contract float @llvm.round.f32(float %13)
  %60 = fadd contract float %59, %58
  %61 = uitofp nneg i32 %10 to float
  %62 = fadd contract float %60, %61
  %63 = uitofp i64 %38 to float
  %64 = fadd contract float %62, %63
  store float %64, ptr %12, align 4, !tbaa !22
  %65 = fpext float %13 to double
  %66 = sitofp i64 %44 to double
  %67 = fadd contract double %65, %66
  %68 = uitofp i64 %38 to double
  %69 = fadd contract double %67, %68
  %70 = tail call contract double @llvm.floor.f64(double %15)
  %71 = fadd contract double %70, %69
  %72 = tail call contract double @llvm.trunc.f64(double %15)
  %73 = fadd contract double %72, %71
  %74 = uitofp i32 %30 to double
  %75 = fadd contract double %73, %74
  store double %75, ptr %14, align 8, !tbaa !24
  %76 = trunc i32 %40 to i16
  %77 = getelementptr inbounds i16, ptr %6, i64 %11
  store i16 %76, ptr %77, align 2, !tbaa !28
  %78 = fmul contract float %13, 3.000000e+00
  %79 = fptosi float %78 to i8
  %80 = getelementptr inbounds i8, ptr %7, i64 %11
  store i8 %79, ptr %80, align 1, !tbaa !19
  %81 = load i32, ptr %31, align 4, !tbaa !15
  %82 = trunc i32 %81 to i8
  %83 = getelementptr inbounds i8, ptr %8, i64 %11
  store i8 %82, ptr %83, align 1, !tbaa !19
  %84 = add nuw nsw i32 %10, 1
  %85 = zext nneg i32 %84 to i64
  %86 = getelementptr inbounds i16, ptr %6, i64 %85
  %87 = load i16, ptr %86, align 2, !tbaa !28
  %88 = sext i16 %87 to i32
  %89 = getelementptr inbounds i8, ptr %7, i64 %85
  %90 = load i8, ptr %89, align 1, !tbaa !19
  %91 = sext i8 %90 to i32
  %92 = add nsw i32 %91, %88
  %93 = getelementptr inbounds i8, ptr %8, i64 %85
  %94 = load i8, ptr %93, align 1, !tbaa !19
  %95 = zext i8 %94 to i32
  %96 = add nsw i32 %92, %95
  %97 = trunc nuw nsw i32 %10 to i16
  %98 = urem i16 %97, 3
  %99 = zext nneg i16 %98 to i64
  %100 = getelementptr inbounds [3 x i16], ptr addrspacecast (ptr addrspace(1) @table16 to ptr), i64 0, i64 %99
  %101 = load i16, ptr %100, align 2, !tbaa !28
  %102 = sext i16 %101 to i32
  %103 = add nsw i32 %96, %102
  %104 = getelementptr i8, ptr %25, i64 256
  store i32 %103, ptr %104, align 4, !tbaa !15
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.nvvm.f2i.rn(float) #6

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.nvvm.f2i.rm(float) #6

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.nvvm.f2i.rp(float) #6

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.nvvm.d2i.rn(double) #6

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.nvvm.f2ui.rn(float) #6

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.nvvm.saturate.f(float) #6

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.trunc.f32(float) #6

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.floor.f32(float) #6

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.ceil.f32(float) #6

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.rint.f32(float) #6

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.round.f32(float) #6

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare double @llvm.floor.f64(double) #6

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare double @llvm.trunc.f64(double) #6

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: readwrite)
define dso_local void @_Z6floatsPfPd(ptr nocapture noundef %0, ptr nocapture noundef %1) local_unnamed_addr #7 {
  %3 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %4 = zext nneg i32 %3 to i64
  %5 = getelementptr inbounds float, ptr %0, i64 %4
  %6 = load float, ptr %5, align 4, !tbaa !22
  %7 = getelementptr i8, ptr %5, i64 128
  %8 = load float, ptr %7, align 4, !tbaa !22
  %9 = getelementptr inbounds double, ptr %1, i64 %4
  %10 = load double, ptr %9, align 8, !tbaa !24
  %11 = tail call float @llvm.minnum.f32(float %6, float %8)
  %12 = tail call float @llvm.maxnum.f32(float %6, float 1.000000e+00)
  %13 = fadd contract float %12, %11
  %14 = tail call contract float @llvm.fabs.f32(float %6)
  %15 = fadd contract float %14, %13
  %16 = tail call contract float @llvm.sqrt.f32(float %14)
  %17 = fadd contract float %16, %15
  %18 = tail call contract float @llvm.nvvm.rsqrt.approx.f(float %8)
  %19 = fadd contract float %18, %17
  %20 = tail call contract float @llvm.nvvm.ex2.approx.f(float %6)
  %21 = fadd contract float %20, %19
  %22 = tail call contract float @llvm.nvvm.lg2.approx.f(float %8)
  %23 = fadd contract float %22, %21
  %24 = tail call contract float @llvm.nvvm.sin.approx.f(float %6)
  %25 = fadd contract float %24, %23
  %26 = tail call contract float @llvm.nvvm.cos.approx.f(float %6)
  %27 = fadd contract float %26, %25
  %28 = tail call contract float @llvm.nvvm.rcp.rn.f(float %8)
  %29 = fadd contract float %28, %27
  %30 = tail call contract float @llvm.nvvm.div.rn.f(float %6, float %8)
  %31 = fadd contract float %30, %29
  %32 = tail call contract float @llvm.copysign.f32(float %6, float %8)
  %33 = fadd contract float %32, %31
  %34 = tail call float @llvm.fma.f32(float %6, float %8, float 1.000000e+00)
  %35 = fadd contract float %34, %33
  %36 = fdiv contract float %6, %8
  %37 = fadd contract float %36, %35
  %38 = and i32 %3, 3
  %39 = zext nneg i32 %38 to i64
  %40 = getelementptr inbounds [4 x float], ptr addrspacecast (ptr addrspace(4) @coeffs to ptr), i64 0, i64 %39
  %41 = load float, ptr %40, align 4, !tbaa !22
  %42 = fadd contract float %41, %37
  %43 = fcmp contract olt float %6, %8
  %44 = fneg contract float %8
  %45 = select contract i1 %43, float %6, float %44
  %46 = fadd contract float %45, %42
  %47 = fcmp contract uno float %6, 0.000000e+00
  %48 = select contract i1 %47, float 1.000000e+00, float 0.000000e+00
  %49 = fadd contract float %48, %46
  store float %49, ptr %5, align 4, !tbaa !22
  %50 = fmul contract double %10, %10
  %51 = fdiv contract double %10, 3.000000e+00
  %52 = fadd contract double %50, %51
  %53 = tail call contract double @llvm.sqrt.f64(double %10)
  %54 = fadd contract double %53, %52
  %55 = tail call contract double @llvm.fma.f64(double %10, double %10, double 1.000000e+00)
  %56 = fadd contract double %55, %54
  %57 = tail call contract double @llvm.minnum.f64(double %10, double 2.000000e+00)
  %58 = fadd contract double %57, %56
  %59 = fsub contract double %58, %10
  store double %59, ptr %9, align 8, !tbaa !24
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.fabs.f32(float) #6

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.sqrt.f32(float) #6

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(none)
declare float @llvm.nvvm.rsqrt.approx.f(float) #8

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(none)
declare float @llvm.nvvm.ex2.approx.f(float) #8

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(none)
declare float @llvm.nvvm.lg2.approx.f(float) #8

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(none)
declare float @llvm.nvvm.sin.approx.f(float) #8

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(none)
declare float @llvm.nvvm.cos.approx.f(float) #8

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(none)
declare float @llvm.nvvm.rcp.rn.f(float) #8

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(none)
declare float @llvm.nvvm.div.rn.f(float, float) #8

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.copysign.f32(float, float) #6

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare double @llvm.sqrt.f64(double) #6

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare double @llvm.fma.f64(double, double, double) #6

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare double @llvm.minnum.f64(double, double) #6

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: readwrite)
define dso_local void @_Z6halvesPDF16_PDv2_DF16_PDF16b(ptr nocapture noundef %0, ptr nocapture noundef %1, ptr nocapture noundef %2) local_unnamed_addr #7 {
  %4 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %5 = zext nneg i32 %4 to i64
  %6 = getelementptr inbounds half, ptr %0, i64 %5
  %7 = load half, ptr %6, align 2, !tbaa !30
  %8 = getelementptr i8, ptr %6, i64 64
  %9 = load half, ptr %8, align 2, !tbaa !30
  %10 = fmul contract half %7, %9
  %11 = fadd contract half %10, 0xH3800
  store half %11, ptr %6, align 2, !tbaa !30
  %12 = fcmp contract olt half %7, %9
  %13 = select contract i1 %12, half %7, half %9
  %14 = getelementptr i8, ptr %6, i64 128
  store half %13, ptr %14, align 2, !tbaa !30
  %15 = getelementptr inbounds <2 x half>, ptr %1, i64 %5
  %16 = load <2 x half>, ptr %15, align 4, !tbaa !19
  %17 = getelementptr i8, ptr %15, i64 32
  %18 = load <2 x half>, ptr %17, align 4, !tbaa !19
  %19 = fmul contract <2 x half> %16, %18
  %20 = getelementptr i8, ptr %15, i64 64
  %21 = load <2 x half>, ptr %20, align 4, !tbaa !19
  %22 = fadd contract <2 x half> %19, %21
  store <2 x half> %22, ptr %15, align 4, !tbaa !19
  %23 = getelementptr inbounds bfloat, ptr %2, i64 %5
  %24 = load bfloat, ptr %23, align 2, !tbaa !32
  %25 = fadd contract bfloat %24, 0xR3F80
  store bfloat %25, ptr %23, align 2, !tbaa !32
  ret void
}

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind willreturn memory(none)
define dso_local %struct.P2 @_Z2mkfi(float noundef %0, i32 noundef %1) local_unnamed_addr #9 {
  %3 = fmul contract float %0, 2.000000e+00
  %4 = add nsw i32 %1, 1
  %5 = insertvalue %struct.P2 poison, float %3, 0
  %6 = insertvalue %struct.P2 %5, i32 %4, 1
  ret %struct.P2 %6
}

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind willreturn memory(argmem: read)
define dso_local noundef float @_Z4take2P26float4(ptr nocapture noundef readonly byval(%struct.P2) align 4 %0, ptr nocapture noundef readonly byval(%struct.float4) align 16 %1) local_unnamed_addr #10 {
  %3 = load float, ptr %0, align 4, !tbaa !34
  %4 = getelementptr inbounds i8, ptr %0, i64 4
  %5 = load i32, ptr %4, align 4, !tbaa !36
  %6 = sitofp i32 %5 to float
  %7 = fadd contract float %3, %6
  %8 = load float, ptr %1, align 16, !tbaa !37
  %9 = fadd contract float %8, %7
  %10 = getelementptr inbounds i8, ptr %1, i64 12
  %11 = load float, ptr %10, align 4, !tbaa !39
  %12 = fadd contract float %11, %9
  ret float %12
}

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind willreturn memory(argmem: readwrite)
define dso_local void @_Z7nothingPi(ptr nocapture noundef %0) local_unnamed_addr #11 {
  %2 = load i32, ptr %0, align 4, !tbaa !15
  %3 = add nsw i32 %2, 1
  store i32 %3, ptr %0, align 4, !tbaa !15
  ret void
}

; Function Attrs: mustprogress nofree noinline nosync nounwind willreturn memory(none)
define dso_local noundef i64 @_Z3fibi(i32 noundef %0) local_unnamed_addr #12 {
  %2 = icmp slt i32 %0, 2
  br i1 %2, label %27, label %3

3:                                                ; preds = %1
  %4 = add nsw i32 %0, -2
  %5 = lshr i32 %4, 1
  %6 = add nuw i32 %5, 1
  %7 = and i32 %6, 3
  %8 = icmp ult i32 %4, 6
  br i1 %8, label %11, label %9

9:                                                ; preds = %3
  %10 = and i32 %6, -4
  br label %32

11:                                               ; preds = %32, %3
  %12 = phi i32 [ poison, %3 ], [ %47, %32 ]
  %13 = phi i64 [ poison, %3 ], [ %48, %32 ]
  %14 = phi i32 [ %0, %3 ], [ %47, %32 ]
  %15 = phi i64 [ 0, %3 ], [ %48, %32 ]
  %16 = icmp eq i32 %7, 0
  br i1 %16, label %27, label %17

17:                                               ; preds = %11, %17
  %18 = phi i32 [ %23, %17 ], [ %14, %11 ]
  %19 = phi i64 [ %24, %17 ], [ %15, %11 ]
  %20 = phi i32 [ %25, %17 ], [ 0, %11 ]
  %21 = add nsw i32 %18, -1
  %22 = tail call noundef i64 @_Z3fibi(i32 noundef %21) #19
  %23 = add nsw i32 %18, -2
  %24 = add nsw i64 %22, %19
  %25 = add i32 %20, 1
  %26 = icmp eq i32 %25, %7
  br i1 %26, label %27, label %17, !llvm.loop !40

27:                                               ; preds = %11, %17, %1
  %28 = phi i64 [ 0, %1 ], [ %13, %11 ], [ %24, %17 ]
  %29 = phi i32 [ %0, %1 ], [ %12, %11 ], [ %23, %17 ]
  %30 = sext i32 %29 to i64
  %31 = add nsw i64 %28, %30
  ret i64 %31

32:                                               ; preds = %32, %9
  %33 = phi i32 [ %0, %9 ], [ %47, %32 ]
  %34 = phi i64 [ 0, %9 ], [ %48, %32 ]
  %35 = phi i32 [ 0, %9 ], [ %49, %32 ]
  %36 = add nsw i32 %33, -1
  %37 = tail call noundef i64 @_Z3fibi(i32 noundef %36) #19
  %38 = add nsw i64 %37, %34
  %39 = add nsw i32 %33, -3
  %40 = tail call noundef i64 @_Z3fibi(i32 noundef %39) #19
  %41 = add nsw i64 %40, %38
  %42 = add nsw i32 %33, -5
  %43 = tail call noundef i64 @_Z3fibi(i32 noundef %42) #19
  %44 = add nsw i64 %43, %41
  %45 = add nsw i32 %33, -7
  %46 = tail call noundef i64 @_Z3fibi(i32 noundef %45) #19
  %47 = add nsw i32 %33, -8
  %48 = add nsw i64 %46, %44
  %49 = add i32 %35, 4
  %50 = icmp eq i32 %49, %10
  br i1 %50, label %11, label %32
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: readwrite)
define dso_local void @_Z5callsPfPK6float4Pi(ptr nocapture noundef %0, ptr nocapture noundef readonly %1, ptr nocapture noundef %2) local_unnamed_addr #7 {
  %4 = alloca %struct.P2, align 4
  %5 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %6 = zext nneg i32 %5 to i64
  %7 = getelementptr inbounds float, ptr %0, i64 %6
  %8 = load float, ptr %7, align 4, !tbaa !22
  %9 = tail call %struct.P2 @_Z2mkfi(float noundef %8, i32 noundef %5) #19
  %10 = extractvalue %struct.P2 %9, 0
  %11 = extractvalue %struct.P2 %9, 1
  store float %10, ptr %4, align 4, !tbaa !22
  %12 = getelementptr inbounds i8, ptr %4, i64 4
  store i32 %11, ptr %12, align 4, !tbaa !15
  %13 = getelementptr inbounds %struct.float4, ptr %1, i64 %6
  %14 = tail call contract noundef float @_Z4take2P26float4(ptr noundef nonnull byval(%struct.P2) align 4 %4, ptr noundef nonnull byval(%struct.float4) align 16 %13) #19
  %15 = and i32 %5, 7
  %16 = tail call noundef i64 @_Z3fibi(i32 noundef %15) #19
  %17 = sitofp i64 %16 to float
  %18 = fadd contract float %14, %17
  store float %18, ptr %7, align 4, !tbaa !22
  tail call void @_Z7nothingPi(ptr noundef %2) #19
  ret void
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind memory(argmem: write)
define dso_local void @_Z6localsPii(ptr nocapture noundef writeonly %0, i32 noundef %1) local_unnamed_addr #13 {
  %3 = alloca [16 x i32], align 4
  call void @llvm.lifetime.start.p0(i64 64, ptr nonnull %3) #19
  %4 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  store i32 %4, ptr %3, align 4, !tbaa !15
  %5 = add i32 %4, %1
  %6 = getelementptr inbounds i8, ptr %3, i64 4
  store i32 %5, ptr %6, align 4, !tbaa !15
  %7 = shl nsw i32 %1, 1
  %8 = add i32 %7, %4
  %9 = getelementptr inbounds i8, ptr %3, i64 8
  store i32 %8, ptr %9, align 4, !tbaa !15
  %10 = mul nsw i32 %1, 3
  %11 = add i32 %10, %4
  %12 = getelementptr inbounds i8, ptr %3, i64 12
  store i32 %11, ptr %12, align 4, !tbaa !15
  %13 = shl nsw i32 %1, 2
  %14 = add i32 %13, %4
  %15 = getelementptr inbounds i8, ptr %3, i64 16
  store i32 %14, ptr %15, align 4, !tbaa !15
  %16 = mul nsw i32 %1, 5
  %17 = add i32 %16, %4
  %18 = getelementptr inbounds i8, ptr %3, i64 20
  store i32 %17, ptr %18, align 4, !tbaa !15
  %19 = mul nsw i32 %1, 6
  %20 = add i32 %19, %4
  %21 = getelementptr inbounds i8, ptr %3, i64 24
  store i32 %20, ptr %21, align 4, !tbaa !15
  %22 = mul nsw i32 %1, 7
  %23 = add i32 %22, %4
  %24 = getelementptr inbounds i8, ptr %3, i64 28
  store i32 %23, ptr %24, align 4, !tbaa !15
  %25 = shl nsw i32 %1, 3
  %26 = add i32 %25, %4
  %27 = getelementptr inbounds i8, ptr %3, i64 32
  store i32 %26, ptr %27, align 4, !tbaa !15
  %28 = mul nsw i32 %1, 9
  %29 = add i32 %28, %4
  %30 = getelementptr inbounds i8, ptr %3, i64 36
  store i32 %29, ptr %30, align 4, !tbaa !15
  %31 = mul nsw i32 %1, 10
  %32 = add i32 %31, %4
  %33 = getelementptr inbounds i8, ptr %3, i64 40
  store i32 %32, ptr %33, align 4, !tbaa !15
  %34 = mul nsw i32 %1, 11
  %35 = add i32 %34, %4
  %36 = getelementptr inbounds i8, ptr %3, i64 44
  store i32 %35, ptr %36, align 4, !tbaa !15
  %37 = mul nsw i32 %1, 12
  %38 = add i32 %37, %4
  %39 = getelementptr inbounds i8, ptr %3, i64 48
  store i32 %38, ptr %39, align 4, !tbaa !15
  %40 = mul nsw i32 %1, 13
  %41 = add i32 %40, %4
  %42 = getelementptr inbounds i8, ptr %3, i64 52
  store i32 %41, ptr %42, align 4, !tbaa !15
  %43 = mul nsw i32 %1, 14
  %44 = add i32 %43, %4
  %45 = getelementptr inbounds i8, ptr %3, i64 56
  store i32 %44, ptr %45, align 4, !tbaa !15
  %46 = mul nsw i32 %1, 15
  %47 = add i32 %46, %4
  %48 = getelementptr inbounds i8, ptr %3, i64 60
  store i32 %47, ptr %48, align 4, !tbaa !15
  %49 = icmp sgt i32 %1, 0
  br i1 %49, label %50, label %74

50:                                               ; preds = %2
  %51 = and i32 %1, 3
  %52 = icmp ult i32 %1, 4
  br i1 %52, label %55, label %53

53:                                               ; preds = %50
  %54 = and i32 %1, 2147483644
  br label %78

55:                                               ; preds = %78, %50
  %56 = phi i32 [ poison, %50 ], [ %112, %78 ]
  %57 = phi i32 [ 0, %50 ], [ %113, %78 ]
  %58 = phi i32 [ 0, %50 ], [ %112, %78 ]
  %59 = icmp eq i32 %51, 0
  br i1 %59, label %74, label %60

60:                                               ; preds = %55, %60
  %61 = phi i32 [ %71, %60 ], [ %57, %55 ]
  %62 = phi i32 [ %70, %60 ], [ %58, %55 ]
  %63 = phi i32 [ %72, %60 ], [ 0, %55 ]
  %64 = mul nuw nsw i32 %61, 7
  %65 = add nuw i32 %64, %4
  %66 = and i32 %65, 15
  %67 = zext nneg i32 %66 to i64
  %68 = getelementptr inbounds [16 x i32], ptr %3, i64 0, i64 %67
  %69 = load i32, ptr %68, align 4, !tbaa !15
  %70 = add nsw i32 %69, %62
  %71 = add nuw nsw i32 %61, 1
  %72 = add i32 %63, 1
  %73 = icmp eq i32 %72, %51
  br i1 %73, label %74, label %60, !llvm.loop !42

74:                                               ; preds = %55, %60, %2
  %75 = phi i32 [ 0, %2 ], [ %56, %55 ], [ %70, %60 ]
  %76 = zext nneg i32 %4 to i64
  %77 = getelementptr inbounds i32, ptr %0, i64 %76
  store i32 %75, ptr %77, align 4, !tbaa !15
  call void @llvm.lifetime.end.p0(i64 64, ptr nonnull %3) #19
  ret void

78:                                               ; preds = %78, %53
  %79 = phi i32 [ 0, %53 ], [ %113, %78 ]
  %80 = phi i32 [ 0, %53 ], [ %112, %78 ]
  %81 = phi i32 [ 0, %53 ], [ %114, %78 ]
  %82 = mul nuw nsw i32 %79, 7
  %83 = add nuw i32 %82, %4
  %84 = and i32 %83, 15
  %85 = zext nneg i32 %84 to i64
  %86 = getelementptr inbounds [16 x i32], ptr %3, i64 0, i64 %85
  %87 = load i32, ptr %86, align 4, !tbaa !15
  %88 = add nsw i32 %87, %80
  %89 = mul nuw i32 %79, 7
  %90 = add nuw i32 %89, 7
  %91 = add nuw i32 %90, %4
  %92 = and i32 %91, 15
  %93 = zext nneg i32 %92 to i64
  %94 = getelementptr inbounds [16 x i32], ptr %3, i64 0, i64 %93
  %95 = load i32, ptr %94, align 4, !tbaa !15
  %96 = add nsw i32 %95, %88
  %97 = mul nuw i32 %79, 7
  %98 = add nuw i32 %97, 14
  %99 = add nuw i32 %98, %4
  %100 = and i32 %99, 15
  %101 = zext nneg i32 %100 to i64
  %102 = getelementptr inbounds [16 x i32], ptr %3, i64 0, i64 %101
  %103 = load i32, ptr %102, align 4, !tbaa !15
  %104 = add nsw i32 %103, %96
  %105 = mul nuw i32 %79, 7
  %106 = add i32 %105, 5
  %107 = add i32 %106, %4
  %108 = and i32 %107, 15
  %109 = zext nneg i32 %108 to i64
  %110 = getelementptr inbounds [16 x i32], ptr %3, i64 0, i64 %109
  %111 = load i32, ptr %110, align 4, !tbaa !15
  %112 = add nsw i32 %111, %104
  %113 = add nuw nsw i32 %79, 4
  %114 = add i32 %81, 4
  %115 = icmp eq i32 %114, %54
  br i1 %115, label %55, label %78, !llvm.loop !43
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: write)
define dso_local void @_Z8switchesPii(ptr nocapture noundef writeonly %0, i32 noundef %1) local_unnamed_addr #14 {
  %3 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %4 = add nsw i32 %3, %1
  %5 = and i32 %4, 15
  switch i32 %5, label %18 [
    i32 0, label %19
    i32 1, label %6
    i32 2, label %8
    i32 3, label %10
    i32 4, label %11
    i32 5, label %13
    i32 6, label %14
    i32 7, label %15
    i32 9, label %17
  ]

6:                                                ; preds = %2
  %7 = mul nsw i32 %1, 3
  br label %19

8:                                                ; preds = %2
  %9 = add nsw i32 %3, -7
  br label %19

10:                                               ; preds = %2
  br label %19

11:                                               ; preds = %2
  %12 = xor i32 %3, %1
  br label %19

13:                                               ; preds = %2
  br label %19

14:                                               ; preds = %2
  br label %19

15:                                               ; preds = %2
  %16 = mul nuw nsw i32 %3, %3
  br label %19

17:                                               ; preds = %2
  br label %19

18:                                               ; preds = %2
  br label %19

19:                                               ; preds = %2, %18, %17, %15, %14, %13, %11, %10, %8, %6
  %20 = phi i32 [ 0, %18 ], [ 1234, %17 ], [ %16, %15 ], [ -4, %14 ], [ 5, %13 ], [ %12, %11 ], [ 99, %10 ], [ %9, %8 ], [ %7, %6 ], [ 10, %2 ]
  %21 = zext nneg i32 %3 to i64
  %22 = getelementptr inbounds i32, ptr %0, i64 %21
  store i32 %20, ptr %22, align 4, !tbaa !15
  ret void
}

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @_Z9dynsharedPfi(ptr nocapture noundef %0, i32 noundef %1) local_unnamed_addr #3 {
  %3 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %4 = uitofp nneg i32 %3 to float
  %5 = zext nneg i32 %3 to i64
  %6 = getelementptr inbounds [0 x float], ptr addrspacecast (ptr addrspace(3) @dyn to ptr), i64 0, i64 %5
  store float %4, ptr %6, align 4, !tbaa !22
  %7 = getelementptr inbounds float, ptr %0, i64 %5
  %8 = load float, ptr %7, align 4, !tbaa !22
  %9 = and i32 %3, 31
  %10 = zext nneg i32 %9 to i64
  %11 = lshr i32 %3, 5
  %12 = zext nneg i32 %11 to i64
  %13 = getelementptr inbounds [32 x [33 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ9dynsharedPfiE4stat to ptr), i64 0, i64 %10, i64 %12
  store float %8, ptr %13, align 4, !tbaa !22
  tail call void @llvm.nvvm.barrier0()
  %14 = add nuw nsw i32 %3, 1
  %15 = srem i32 %14, %1
  %16 = zext nneg i32 %15 to i64
  %17 = getelementptr inbounds [0 x float], ptr addrspacecast (ptr addrspace(3) @dyn to ptr), i64 0, i64 %16
  %18 = load float, ptr %17, align 4, !tbaa !22
  %19 = getelementptr inbounds [32 x [33 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ9dynsharedPfiE4stat to ptr), i64 0, i64 %12, i64 %10
  %20 = load float, ptr %19, align 4, !tbaa !22
  %21 = fadd contract float %18, %20
  store float %21, ptr %7, align 4, !tbaa !22
  ret void
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: write)
define dso_local void @_Z12small_paramscsbhPfdx(i8 noundef signext %0, i16 noundef signext %1, i1 noundef zeroext %2, i8 noundef zeroext %3, ptr nocapture noundef writeonly %4, double noundef %5, i64 noundef %6) local_unnamed_addr #14 {
  %8 = sext i8 %0 to i32
  %9 = sext i16 %1 to i32
  %10 = add nsw i32 %9, %8
  %11 = sitofp i32 %10 to float
  %12 = select contract i1 %2, float 1.000000e+00, float 2.000000e+00
  %13 = fadd contract float %12, %11
  %14 = uitofp i8 %3 to float
  %15 = fadd contract float %13, %14
  %16 = fptrunc double %5 to float
  %17 = fadd contract float %15, %16
  %18 = sitofp i64 %6 to float
  %19 = fadd contract float %17, %18
  %20 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %21 = zext nneg i32 %20 to i64
  %22 = getelementptr inbounds float, ptr %4, i64 %21
  store float %19, ptr %22, align 4, !tbaa !22
  ret void
}

; Function Attrs: mustprogress norecurse nounwind
define dso_local void @_Z9volatilesPViPi(ptr noundef %0, ptr nocapture noundef %1) local_unnamed_addr #15 {
  %3 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %4 = icmp eq i32 %3, 0
  br i1 %4, label %5, label %6

5:                                                ; preds = %2
  store i32 42, ptr %1, align 4, !tbaa !15
  tail call void @llvm.nvvm.membar.gl()
  store volatile i32 1, ptr %0, align 4, !tbaa !15
  br label %13

6:                                                ; preds = %2, %6
  %7 = load volatile i32, ptr %0, align 4, !tbaa !15
  %8 = icmp eq i32 %7, 0
  br i1 %8, label %6, label %9, !llvm.loop !44

9:                                                ; preds = %6
  %10 = tail call i32 @llvm.nvvm.ldg.global.i.i32.p0(ptr %1, i32 4)
  %11 = zext nneg i32 %3 to i64
  %12 = getelementptr inbounds i32, ptr %1, i64 %11
  store i32 %10, ptr %12, align 4, !tbaa !15
  br label %13

13:                                               ; preds = %9, %5
  tail call void @llvm.nvvm.membar.cta()
  tail call void @llvm.nvvm.membar.sys()
  ret void
}

; Function Attrs: nocallback nounwind
declare void @llvm.nvvm.membar.gl() #16

; Function Attrs: nocallback nofree nounwind memory(argmem: read)
declare i32 @llvm.nvvm.ldg.global.i.i32.p0(ptr nocapture, i32) #17

; Function Attrs: nocallback nounwind
declare void @llvm.nvvm.membar.cta() #16

; Function Attrs: nocallback nounwind
declare void @llvm.nvvm.membar.sys() #16

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #6

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #6

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #6

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.nctaid.x() #6

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.minnum.f32(float, float) #18

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.maxnum.f32(float, float) #18

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.fma.f32(float, float, float) #18

attributes #0 = { mustprogress norecurse nounwind memory(readwrite, inaccessiblemem: none) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx78,+sm_80" "uniform-work-group-size"="true" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { nocallback nounwind memory(argmem: readwrite) }
attributes #3 = { convergent mustprogress norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx78,+sm_80" "uniform-work-group-size"="true" }
attributes #4 = { convergent nocallback nounwind }
attributes #5 = { mustprogress nofree norecurse nosync nounwind willreturn memory(read, argmem: readwrite, inaccessiblemem: none) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx78,+sm_80" "uniform-work-group-size"="true" }
attributes #6 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #7 = { mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: readwrite) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx78,+sm_80" "uniform-work-group-size"="true" }
attributes #8 = { mustprogress nocallback nofree nosync nounwind willreturn memory(none) }
attributes #9 = { mustprogress nofree noinline norecurse nosync nounwind willreturn memory(none) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx78,+sm_80" }
attributes #10 = { mustprogress nofree noinline norecurse nosync nounwind willreturn memory(argmem: read) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx78,+sm_80" }
attributes #11 = { mustprogress nofree noinline norecurse nosync nounwind willreturn memory(argmem: readwrite) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx78,+sm_80" }
attributes #12 = { mustprogress nofree noinline nosync nounwind willreturn memory(none) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx78,+sm_80" }
attributes #13 = { mustprogress nofree norecurse nosync nounwind memory(argmem: write) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx78,+sm_80" "uniform-work-group-size"="true" }
attributes #14 = { mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: write) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx78,+sm_80" "uniform-work-group-size"="true" }
attributes #15 = { mustprogress norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx78,+sm_80" "uniform-work-group-size"="true" }
attributes #16 = { nocallback nounwind }
attributes #17 = { nocallback nofree nounwind memory(argmem: read) }
attributes #18 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #19 = { nounwind }

!nvvm.annotations = !{!0, !1, !2, !3, !4, !5, !6, !7, !8, !9, !10}
!llvm.module.flags = !{!11, !12, !13}
!llvm.ident = !{!14}

!0 = !{ptr @_Z7atomicsPiPjPfPdPx, !"kernel", i32 1}
!1 = !{ptr @_Z14shared_atomicsPKhPji, !"kernel", i32 1}
!2 = !{ptr @_Z5convsPfPdPiPjPxPyPsPaPh, !"kernel", i32 1}
!3 = !{ptr @_Z6floatsPfPd, !"kernel", i32 1}
!4 = !{ptr @_Z6halvesPDF16_PDv2_DF16_PDF16b, !"kernel", i32 1}
!5 = !{ptr @_Z5callsPfPK6float4Pi, !"kernel", i32 1}
!6 = !{ptr @_Z6localsPii, !"kernel", i32 1}
!7 = !{ptr @_Z8switchesPii, !"kernel", i32 1}
!8 = !{ptr @_Z9dynsharedPfi, !"kernel", i32 1}
!9 = !{ptr @_Z12small_paramscsbhPfdx, !"kernel", i32 1}
!10 = !{ptr @_Z9volatilesPViPi, !"kernel", i32 1}
!11 = !{i32 1, !"wchar_size", i32 4}
!12 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!13 = !{i32 7, !"frame-pointer", i32 2}
!14 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!15 = !{!16, !16, i64 0}
!16 = !{!"int", !17, i64 0}
!17 = !{!"omnipotent char", !18, i64 0}
!18 = !{!"Simple C++ TBAA"}
!19 = !{!17, !17, i64 0}
!20 = distinct !{!20, !21}
!21 = !{!"llvm.loop.mustprogress"}
!22 = !{!23, !23, i64 0}
!23 = !{!"float", !17, i64 0}
!24 = !{!25, !25, i64 0}
!25 = !{!"double", !17, i64 0}
!26 = !{!27, !27, i64 0}
!27 = !{!"long long", !17, i64 0}
!28 = !{!29, !29, i64 0}
!29 = !{!"short", !17, i64 0}
!30 = !{!31, !31, i64 0}
!31 = !{!"_Float16", !17, i64 0}
!32 = !{!33, !33, i64 0}
!33 = !{!"__bf16", !17, i64 0}
!34 = !{!35, !23, i64 0}
!35 = !{!"_ZTS2P2", !23, i64 0, !16, i64 4}
!36 = !{!35, !16, i64 4}
!37 = !{!38, !23, i64 0}
!38 = !{!"_ZTS6float4", !23, i64 0, !23, i64 4, !23, i64 8, !23, i64 12}
!39 = !{!38, !23, i64 12}
!40 = distinct !{!40, !41}
!41 = !{!"llvm.loop.unroll.disable"}
!42 = distinct !{!42, !41}
!43 = distinct !{!43, !21}
!44 = distinct !{!44, !21}
