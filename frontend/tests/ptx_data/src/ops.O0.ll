; ModuleID = 'ops.cu'
source_filename = "ops.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.__cuda_builtin_threadIdx_t = type { i8 }
%struct.__cuda_builtin_blockIdx_t = type { i8 }
%struct.__cuda_builtin_blockDim_t = type { i8 }
%struct.__cuda_builtin_gridDim_t = type { i8 }
%struct.P2 = type { float, i32 }
%struct.float4 = type { float, float, float, float }

@coeffs = dso_local addrspace(4) externally_initialized global [4 x float] [float 1.000000e+00, float 2.000000e+00, float 3.000000e+00, float 4.000000e+00], align 4
@counter = dso_local addrspace(1) externally_initialized global i32 5, align 4
@table16 = dso_local addrspace(1) externally_initialized global [3 x i16] [i16 -1, i16 2, i16 -3], align 2
@threadIdx = extern_weak dso_local addrspace(1) global %struct.__cuda_builtin_threadIdx_t, align 1
@_ZZ14shared_atomicsPKhPjiE4bins = internal addrspace(3) global [64 x i32] undef, align 4
@blockIdx = extern_weak dso_local addrspace(1) global %struct.__cuda_builtin_blockIdx_t, align 1
@blockDim = extern_weak dso_local addrspace(1) global %struct.__cuda_builtin_blockDim_t, align 1
@gridDim = extern_weak dso_local addrspace(1) global %struct.__cuda_builtin_gridDim_t, align 1
@_ZZ9dynsharedPfiE4stat = internal addrspace(3) global [32 x [33 x float]] undef, align 4
@dyn = external dso_local addrspace(3) global [0 x float], align 4
@llvm.compiler.used = appending global [3 x ptr] [ptr addrspacecast (ptr addrspace(4) @coeffs to ptr), ptr addrspacecast (ptr addrspace(1) @counter to ptr), ptr addrspacecast (ptr addrspace(1) @table16 to ptr)], section "llvm.metadata"

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define dso_local void @_Z7atomicsPiPjPfPdPx(ptr noundef %0, ptr noundef %1, ptr noundef %2, ptr noundef %3, ptr noundef %4) #0 {
  %6 = alloca ptr, align 8
  %7 = alloca ptr, align 8
  %8 = alloca ptr, align 8
  %9 = alloca ptr, align 8
  %10 = alloca ptr, align 8
  %11 = alloca i32, align 4
  %12 = alloca i32, align 4
  %13 = alloca i64, align 8
  store ptr %0, ptr %6, align 8
  store ptr %1, ptr %7, align 8
  store ptr %2, ptr %8, align 8
  store ptr %3, ptr %9, align 8
  store ptr %4, ptr %10, align 8
  %14 = call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  store i32 %14, ptr %11, align 4
  %15 = load ptr, ptr %6, align 8
  %16 = load i32, ptr %11, align 4
  %17 = atomicrmw add ptr %15, i32 %16 seq_cst, align 4
  %18 = load ptr, ptr %6, align 8
  %19 = getelementptr inbounds i32, ptr %18, i64 1
  %20 = load i32, ptr %11, align 4
  %21 = sub nsw i32 %20, 5
  %22 = atomicrmw min ptr %19, i32 %21 seq_cst, align 4
  %23 = load ptr, ptr %6, align 8
  %24 = getelementptr inbounds i32, ptr %23, i64 2
  %25 = load i32, ptr %11, align 4
  %26 = sub nsw i32 %25, 40
  %27 = atomicrmw max ptr %24, i32 %26 seq_cst, align 4
  %28 = load ptr, ptr %7, align 8
  %29 = load i32, ptr %11, align 4
  %30 = atomicrmw umin ptr %28, i32 %29 seq_cst, align 4
  %31 = load ptr, ptr %7, align 8
  %32 = getelementptr inbounds i32, ptr %31, i64 1
  %33 = load i32, ptr %11, align 4
  %34 = atomicrmw umax ptr %32, i32 %33 seq_cst, align 4
  %35 = load ptr, ptr %7, align 8
  %36 = getelementptr inbounds i32, ptr %35, i64 2
  %37 = call i32 @llvm.nvvm.atomic.load.inc.32.p0(ptr %36, i32 7)
  %38 = load ptr, ptr %7, align 8
  %39 = getelementptr inbounds i32, ptr %38, i64 3
  %40 = call i32 @llvm.nvvm.atomic.load.dec.32.p0(ptr %39, i32 7)
  %41 = load ptr, ptr %6, align 8
  %42 = getelementptr inbounds i32, ptr %41, i64 3
  %43 = load i32, ptr %11, align 4
  %44 = atomicrmw xchg ptr %42, i32 %43 seq_cst, align 4
  %45 = load ptr, ptr %6, align 8
  %46 = getelementptr inbounds i32, ptr %45, i64 4
  %47 = load i32, ptr %11, align 4
  %48 = and i32 %47, 31
  %49 = shl i32 1, %48
  %50 = xor i32 %49, -1
  %51 = atomicrmw and ptr %46, i32 %50 seq_cst, align 4
  %52 = load ptr, ptr %6, align 8
  %53 = getelementptr inbounds i32, ptr %52, i64 5
  %54 = load i32, ptr %11, align 4
  %55 = and i32 %54, 31
  %56 = shl i32 1, %55
  %57 = atomicrmw or ptr %53, i32 %56 seq_cst, align 4
  %58 = load ptr, ptr %6, align 8
  %59 = getelementptr inbounds i32, ptr %58, i64 6
  %60 = load i32, ptr %11, align 4
  %61 = atomicrmw xor ptr %59, i32 %60 seq_cst, align 4
  %62 = load ptr, ptr %8, align 8
  %63 = atomicrmw fadd ptr %62, float 1.500000e+00 seq_cst, align 4
  %64 = load ptr, ptr %9, align 8
  %65 = atomicrmw fadd ptr %64, double 2.500000e-01 seq_cst, align 8
  %66 = load ptr, ptr %10, align 8
  %67 = atomicrmw add ptr %66, i64 3 seq_cst, align 8
  %68 = load ptr, ptr %10, align 8
  %69 = getelementptr inbounds i64, ptr %68, i64 1
  %70 = load i32, ptr %11, align 4
  %71 = sext i32 %70 to i64
  %72 = shl i64 %71, 33
  %73 = atomicrmw max ptr %69, i64 %72 seq_cst, align 8
  %74 = load ptr, ptr %6, align 8
  %75 = getelementptr inbounds i32, ptr %74, i64 7
  %76 = load i32, ptr %11, align 4
  %77 = load i32, ptr %11, align 4
  %78 = add nsw i32 %77, 1
  %79 = cmpxchg ptr %75, i32 %76, i32 %78 seq_cst seq_cst, align 4
  %80 = extractvalue { i32, i1 } %79, 0
  store i32 %80, ptr %12, align 4
  %81 = load ptr, ptr %10, align 8
  %82 = getelementptr inbounds i64, ptr %81, i64 2
  %83 = load i32, ptr %11, align 4
  %84 = sext i32 %83 to i64
  %85 = load i32, ptr %11, align 4
  %86 = add nsw i32 %85, 1
  %87 = sext i32 %86 to i64
  %88 = cmpxchg ptr %82, i64 %84, i64 %87 seq_cst seq_cst, align 8
  %89 = extractvalue { i64, i1 } %88, 0
  store i64 %89, ptr %13, align 8
  %90 = load i32, ptr %12, align 4
  %91 = load i64, ptr %13, align 8
  %92 = trunc i64 %91 to i32
  %93 = add nsw i32 %90, %92
  %94 = atomicrmw add ptr addrspacecast (ptr addrspace(1) @counter to ptr), i32 1 seq_cst, align 4
  %95 = add nsw i32 %93, %94
  %96 = load ptr, ptr %6, align 8
  %97 = load i32, ptr %11, align 4
  %98 = add nsw i32 8, %97
  %99 = sext i32 %98 to i64
  %100 = getelementptr inbounds i32, ptr %96, i64 %99
  store i32 %95, ptr %100, align 4
  ret void
}

; Function Attrs: nocallback nounwind memory(argmem: readwrite)
declare i32 @llvm.nvvm.atomic.load.inc.32.p0(ptr nocapture, i32) #1

; Function Attrs: nocallback nounwind memory(argmem: readwrite)
declare i32 @llvm.nvvm.atomic.load.dec.32.p0(ptr nocapture, i32) #1

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define dso_local void @_Z14shared_atomicsPKhPji(ptr noundef %0, ptr noundef %1, i32 noundef %2) #0 {
  %4 = alloca ptr, align 8
  %5 = alloca ptr, align 8
  %6 = alloca i32, align 4
  %7 = alloca i32, align 4
  %8 = alloca i32, align 4
  store ptr %0, ptr %4, align 8
  store ptr %1, ptr %5, align 8
  store i32 %2, ptr %6, align 4
  %9 = call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  store i32 %9, ptr %7, align 4
  %10 = load i32, ptr %7, align 4
  %11 = icmp slt i32 %10, 64
  br i1 %11, label %12, label %16

12:                                               ; preds = %3
  %13 = load i32, ptr %7, align 4
  %14 = sext i32 %13 to i64
  %15 = getelementptr inbounds [64 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ14shared_atomicsPKhPjiE4bins to ptr), i64 0, i64 %14
  store i32 0, ptr %15, align 4
  br label %16

16:                                               ; preds = %12, %3
  call void @llvm.nvvm.barrier0()
  %17 = call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %18 = call noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %19 = mul i32 %17, %18
  %20 = load i32, ptr %7, align 4
  %21 = add i32 %19, %20
  store i32 %21, ptr %8, align 4
  br label %22

22:                                               ; preds = %37, %16
  %23 = load i32, ptr %8, align 4
  %24 = load i32, ptr %6, align 4
  %25 = icmp slt i32 %23, %24
  br i1 %25, label %26, label %43

26:                                               ; preds = %22
  %27 = load ptr, ptr %4, align 8
  %28 = load i32, ptr %8, align 4
  %29 = sext i32 %28 to i64
  %30 = getelementptr inbounds i8, ptr %27, i64 %29
  %31 = load i8, ptr %30, align 1
  %32 = zext i8 %31 to i32
  %33 = and i32 %32, 63
  %34 = sext i32 %33 to i64
  %35 = getelementptr inbounds [64 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ14shared_atomicsPKhPjiE4bins to ptr), i64 0, i64 %34
  %36 = atomicrmw add ptr %35, i32 1 seq_cst, align 4
  br label %37

37:                                               ; preds = %26
  %38 = call noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %39 = call noundef range(i32 1, -2147483648) i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %40 = mul i32 %38, %39
  %41 = load i32, ptr %8, align 4
  %42 = add i32 %41, %40
  store i32 %42, ptr %8, align 4
  br label %22, !llvm.loop !15

43:                                               ; preds = %22
  call void @llvm.nvvm.barrier0()
  %44 = load i32, ptr %7, align 4
  %45 = icmp slt i32 %44, 64
  br i1 %45, label %46, label %56

46:                                               ; preds = %43
  %47 = load ptr, ptr %5, align 8
  %48 = load i32, ptr %7, align 4
  %49 = sext i32 %48 to i64
  %50 = getelementptr inbounds i32, ptr %47, i64 %49
  %51 = load i32, ptr %7, align 4
  %52 = sext i32 %51 to i64
  %53 = getelementptr inbounds [64 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ14shared_atomicsPKhPjiE4bins to ptr), i64 0, i64 %52
  %54 = load i32, ptr %53, align 4
  %55 = atomicrmw add ptr %50, i32 %54 seq_cst, align 4
  br label %56

56:                                               ; preds = %46, %43
  ret void
}

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier0() #2

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define dso_local void @_Z5convsPfPdPiPjPxPyPsPaPh(ptr noundef %0, ptr noundef %1, ptr noundef %2, ptr noundef %3, ptr noundef %4, ptr noundef %5, ptr noundef %6, ptr noundef %7, ptr noundef %8) #0 {
  %10 = alloca ptr, align 8
  %11 = alloca ptr, align 8
  %12 = alloca ptr, align 8
  %13 = alloca ptr, align 8
  %14 = alloca ptr, align 8
  %15 = alloca ptr, align 8
  %16 = alloca ptr, align 8
  %17 = alloca ptr, align 8
  %18 = alloca ptr, align 8
  %19 = alloca i32, align 4
  %20 = alloca float, align 4
  %21 = alloca double, align 8
  store ptr %0, ptr %10, align 8
  store ptr %1, ptr %11, align 8
  store ptr %2, ptr %12, align 8
  store ptr %3, ptr %13, align 8
  store ptr %4, ptr %14, align 8
  store ptr %5, ptr %15, align 8
  store ptr %6, ptr %16, align 8
  store ptr %7, ptr %17, align 8
  store ptr %8, ptr %18, align 8
  %22 = call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  store i32 %22, ptr %19, align 4
  %23 = load ptr, ptr %10, align 8
  %24 = load i32, ptr %19, align 4
  %25 = sext i32 %24 to i64
  %26 = getelementptr inbounds float, ptr %23, i64 %25
  %27 = load float, ptr %26, align 4
  store float %27, ptr %20, align 4
  %28 = load ptr, ptr %11, align 8
  %29 = load i32, ptr %19, align 4
  %30 = sext i32 %29 to i64
  %31 = getelementptr inbounds double, ptr %28, i64 %30
  %32 = load double, ptr %31, align 8
  store double %32, ptr %21, align 8
  %33 = load float, ptr %20, align 4
  %34 = fptosi float %33 to i32
  %35 = load float, ptr %20, align 4
  %36 = call i32 @llvm.nvvm.f2i.rn(float %35)
  %37 = add nsw i32 %34, %36
  %38 = load float, ptr %20, align 4
  %39 = call i32 @llvm.nvvm.f2i.rm(float %38)
  %40 = add nsw i32 %37, %39
  %41 = load float, ptr %20, align 4
  %42 = call i32 @llvm.nvvm.f2i.rp(float %41)
  %43 = add nsw i32 %40, %42
  %44 = load double, ptr %21, align 8
  %45 = call i32 @llvm.nvvm.d2i.rn(double %44)
  %46 = add nsw i32 %43, %45
  %47 = load ptr, ptr %12, align 8
  %48 = load i32, ptr %19, align 4
  %49 = sext i32 %48 to i64
  %50 = getelementptr inbounds i32, ptr %47, i64 %49
  store i32 %46, ptr %50, align 4
  %51 = load float, ptr %20, align 4
  %52 = fptoui float %51 to i32
  %53 = load double, ptr %21, align 8
  %54 = fptoui double %53 to i32
  %55 = add i32 %52, %54
  %56 = load float, ptr %20, align 4
  %57 = call i32 @llvm.nvvm.f2ui.rn(float %56)
  %58 = add i32 %55, %57
  %59 = load ptr, ptr %13, align 8
  %60 = load i32, ptr %19, align 4
  %61 = sext i32 %60 to i64
  %62 = getelementptr inbounds i32, ptr %59, i64 %61
  store i32 %58, ptr %62, align 4
  %63 = load double, ptr %21, align 8
  %64 = fptosi double %63 to i64
  %65 = load float, ptr %20, align 4
  %66 = fptosi float %65 to i64
  %67 = add nsw i64 %64, %66
  %68 = load ptr, ptr %14, align 8
  %69 = load i32, ptr %19, align 4
  %70 = sext i32 %69 to i64
  %71 = getelementptr inbounds i64, ptr %68, i64 %70
  store i64 %67, ptr %71, align 8
  %72 = load double, ptr %21, align 8
  %73 = fptoui double %72 to i64
  %74 = load float, ptr %20, align 4
  %75 = fptoui float %74 to i64
  %76 = add i64 %73, %75
  %77 = load ptr, ptr %15, align 8
  %78 = load i32, ptr %19, align 4
  %79 = sext i32 %78 to i64
  %80 = getelementptr inbounds i64, ptr %77, i64 %79
  store i64 %76, ptr %80, align 8
  %81 = load ptr, ptr %12, align 8
  %82 = load i32, ptr %19, align 4
  %83 = sext i32 %82 to i64
  %84 = getelementptr inbounds i32, ptr %81, i64 %83
  %85 = load i32, ptr %84, align 4
  %86 = sitofp i32 %85 to float
  %87 = load ptr, ptr %13, align 8
  %88 = load i32, ptr %19, align 4
  %89 = sext i32 %88 to i64
  %90 = getelementptr inbounds i32, ptr %87, i64 %89
  %91 = load i32, ptr %90, align 4
  %92 = uitofp i32 %91 to float
  %93 = fadd contract float %86, %92
  %94 = load ptr, ptr %14, align 8
  %95 = load i32, ptr %19, align 4
  %96 = sext i32 %95 to i64
  %97 = getelementptr inbounds i64, ptr %94, i64 %96
  %98 = load i64, ptr %97, align 8
  %99 = sitofp i64 %98 to float
  %100 = fadd contract float %93, %99
  %101 = load double, ptr %21, align 8
  %102 = fptrunc double %101 to float
  %103 = fadd contract float %100, %102
  %104 = load float, ptr %20, align 4
  %105 = call contract float @llvm.nvvm.saturate.f(float %104)
  %106 = fadd contract float %103, %105
  %107 = load float, ptr %20, align 4
  %108 = call contract float @llvm.trunc.f32(float %107)
  %109 = fadd contract float %106, %108
  %110 = load float, ptr %20, align 4
  %111 = call contract float @llvm.floor.f32(float %110)
  %112 = fadd contract float %109, %111
  %113 = load float, ptr %20, align 4
  %114 = call contract float @llvm.ceil.f32(float %113)
  %115 = fadd contract float %112, %114
  %116 = load float, ptr %20, align 4
  %117 = call contract float @llvm.rint.f32(float %116)
  %118 = fadd contract float %115, %117
  %119 = load float, ptr %20, align 4
  %120 = call contract float @llvm.round.f32(float %119)
  %121 = fadd contract float %118, %120
  %122 = load i32, ptr %19, align 4
  %123 = sitofp i32 %122 to float
  %124 = fadd contract float %121, %123
  %125 = load ptr, ptr %15, align 8
  %126 = load i32, ptr %19, align 4
  %127 = sext i32 %126 to i64
  %128 = getelementptr inbounds i64, ptr %125, i64 %127
  %129 = load i64, ptr %128, align 8
  %130 = uitofp i64 %129 to float
  %131 = fadd contract float %124, %130
  %132 = load ptr, ptr %10, align 8
  %133 = load i32, ptr %19, align 4
  %134 = sext i32 %133 to i64
  %135 = getelementptr inbounds float, ptr %132, i64 %134
  store float %131, ptr %135, align 4
  %136 = load float, ptr %20, align 4
  %137 = fpext float %136 to double
  %138 = load ptr, ptr %14, align 8
  %139 = load i32, ptr %19, align 4
  %140 = sext i32 %139 to i64
  %141 = getelementptr inbounds i64, ptr %138, i64 %140
  %142 = load i64, ptr %141, align 8
  %143 = sitofp i64 %142 to double
  %144 = fadd contract double %137, %143
  %145 = load ptr, ptr %15, align 8
  %146 = load i32, ptr %19, align 4
  %147 = sext i32 %146 to i64
  %148 = getelementptr inbounds i64, ptr %145, i64 %147
  %149 = load i64, ptr %148, align 8
  %150 = uitofp i64 %149 to double
  %151 = fadd contract double %144, %150
  %152 = load double, ptr %21, align 8
  %153 = call contract double @llvm.floor.f64(double %152)
  %154 = fadd contract double %151, %153
  %155 = load double, ptr %21, align 8
  %156 = call contract double @llvm.trunc.f64(double %155)
  %157 = fadd contract double %154, %156
  %158 = load ptr, ptr %13, align 8
  %159 = load i32, ptr %19, align 4
  %160 = sext i32 %159 to i64
  %161 = getelementptr inbounds i32, ptr %158, i64 %160
  %162 = load i32, ptr %161, align 4
  %163 = uitofp i32 %162 to double
  %164 = fadd contract double %157, %163
  %165 = load ptr, ptr %11, align 8
  %166 = load i32, ptr %19, align 4
  %167 = sext i32 %166 to i64
  %168 = getelementptr inbounds double, ptr %165, i64 %167
  store double %164, ptr %168, align 8
  %169 = load ptr, ptr %12, align 8
  %170 = load i32, ptr %19, align 4
  %171 = sext i32 %170 to i64
  %172 = getelementptr inbounds i32, ptr %169, i64 %171
  %173 = load i32, ptr %172, align 4
  %174 = trunc i32 %173 to i16
  %175 = load ptr, ptr %16, align 8
  %176 = load i32, ptr %19, align 4
  %177 = sext i32 %176 to i64
  %178 = getelementptr inbounds i16, ptr %175, i64 %177
  store i16 %174, ptr %178, align 2
  %179 = load float, ptr %20, align 4
  %180 = fmul contract float %179, 3.000000e+00
  %181 = fptosi float %180 to i8
  %182 = load ptr, ptr %17, align 8
  %183 = load i32, ptr %19, align 4
  %184 = sext i32 %183 to i64
  %185 = getelementptr inbounds i8, ptr %182, i64 %184
  store i8 %181, ptr %185, align 1
  %186 = load ptr, ptr %13, align 8
  %187 = load i32, ptr %19, align 4
  %188 = sext i32 %187 to i64
  %189 = getelementptr inbounds i32, ptr %186, i64 %188
  %190 = load i32, ptr %189, align 4
  %191 = trunc i32 %190 to i8
  %192 = load ptr, ptr %18, align 8
  %193 = load i32, ptr %19, align 4
  %194 = sext i32 %193 to i64
  %195 = getelementptr inbounds i8, ptr %192, i64 %194
  store i8 %191, ptr %195, align 1
  %196 = load ptr, ptr %16, align 8
  %197 = load i32, ptr %19, align 4
  %198 = add nsw i32 %197, 1
  %199 = sext i32 %198 to i64
  %200 = getelementptr inbounds i16, ptr %196, i64 %199
  %201 = load i16, ptr %200, align 2
  %202 = sext i16 %201 to i32
  %203 = load ptr, ptr %17, align 8
  %204 = load i32, ptr %19, align 4
  %205 = add nsw i32 %204, 1
  %206 = sext i32 %205 to i64
  %207 = getelementptr inbounds i8, ptr %203, i64 %206
  %208 = load i8, ptr %207, align 1
  %209 = sext i8 %208 to i32
  %210 = add nsw i32 %202, %209
  %211 = load ptr, ptr %18, align 8
  %212 = load i32, ptr %19, align 4
  %213 = add nsw i32 %212, 1
  %214 = sext i32 %213 to i64
  %215 = getelementptr inbounds i8, ptr %211, i64 %214
  %216 = load i8, ptr %215, align 1
  %217 = zext i8 %216 to i32
  %218 = add nsw i32 %210, %217
  %219 = load i32, ptr %19, align 4
  %220 = srem i32 %219, 3
  %221 = sext i32 %220 to i64
  %222 = getelementptr inbounds [3 x i16], ptr addrspacecast (ptr addrspace(1) @table16 to ptr), i64 0, i64 %221
  %223 = load i16, ptr %222, align 2
  %224 = sext i16 %223 to i32
  %225 = add nsw i32 %218, %224
  %226 = load ptr, ptr %12, align 8
  %227 = load i32, ptr %19, align 4
  %228 = add nsw i32 %227, 64
  %229 = sext i32 %228 to i64
  %230 = getelementptr inbounds i32, ptr %226, i64 %229
  store i32 %225, ptr %230, align 4
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.nvvm.f2i.rn(float) #3

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.nvvm.f2i.rm(float) #3

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.nvvm.f2i.rp(float) #3

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.nvvm.d2i.rn(double) #3

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.nvvm.f2ui.rn(float) #3

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.nvvm.saturate.f(float) #3

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.trunc.f32(float) #3

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.floor.f32(float) #3

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.ceil.f32(float) #3

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.rint.f32(float) #3

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.round.f32(float) #3

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare double @llvm.floor.f64(double) #3

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare double @llvm.trunc.f64(double) #3

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define dso_local void @_Z6floatsPfPd(ptr noundef %0, ptr noundef %1) #0 {
  %3 = alloca ptr, align 8
  %4 = alloca ptr, align 8
  %5 = alloca i32, align 4
  %6 = alloca float, align 4
  %7 = alloca float, align 4
  %8 = alloca double, align 8
  store ptr %0, ptr %3, align 8
  store ptr %1, ptr %4, align 8
  %9 = call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  store i32 %9, ptr %5, align 4
  %10 = load ptr, ptr %3, align 8
  %11 = load i32, ptr %5, align 4
  %12 = sext i32 %11 to i64
  %13 = getelementptr inbounds float, ptr %10, i64 %12
  %14 = load float, ptr %13, align 4
  store float %14, ptr %6, align 4
  %15 = load ptr, ptr %3, align 8
  %16 = load i32, ptr %5, align 4
  %17 = add nsw i32 %16, 32
  %18 = sext i32 %17 to i64
  %19 = getelementptr inbounds float, ptr %15, i64 %18
  %20 = load float, ptr %19, align 4
  store float %20, ptr %7, align 4
  %21 = load ptr, ptr %4, align 8
  %22 = load i32, ptr %5, align 4
  %23 = sext i32 %22 to i64
  %24 = getelementptr inbounds double, ptr %21, i64 %23
  %25 = load double, ptr %24, align 8
  store double %25, ptr %8, align 8
  %26 = load float, ptr %6, align 4
  %27 = load float, ptr %7, align 4
  %28 = call contract float @llvm.nvvm.fmin.f(float %26, float %27)
  %29 = load float, ptr %6, align 4
  %30 = call contract float @llvm.nvvm.fmax.f(float %29, float 1.000000e+00)
  %31 = fadd contract float %28, %30
  %32 = load float, ptr %6, align 4
  %33 = call contract float @llvm.fabs.f32(float %32)
  %34 = fadd contract float %31, %33
  %35 = load float, ptr %6, align 4
  %36 = call contract float @llvm.fabs.f32(float %35)
  %37 = call contract float @llvm.sqrt.f32(float %36)
  %38 = fadd contract float %34, %37
  %39 = load float, ptr %7, align 4
  %40 = call contract float @llvm.nvvm.rsqrt.approx.f(float %39)
  %41 = fadd contract float %38, %40
  %42 = load float, ptr %6, align 4
  %43 = call contract float @llvm.nvvm.ex2.approx.f(float %42)
  %44 = fadd contract float %41, %43
  %45 = load float, ptr %7, align 4
  %46 = call contract float @llvm.nvvm.lg2.approx.f(float %45)
  %47 = fadd contract float %44, %46
  %48 = load float, ptr %6, align 4
  %49 = call contract float @llvm.nvvm.sin.approx.f(float %48)
  %50 = fadd contract float %47, %49
  %51 = load float, ptr %6, align 4
  %52 = call contract float @llvm.nvvm.cos.approx.f(float %51)
  %53 = fadd contract float %50, %52
  %54 = load float, ptr %7, align 4
  %55 = call contract float @llvm.nvvm.rcp.rn.f(float %54)
  %56 = fadd contract float %53, %55
  %57 = load float, ptr %6, align 4
  %58 = load float, ptr %7, align 4
  %59 = call contract float @llvm.nvvm.div.rn.f(float %57, float %58)
  %60 = fadd contract float %56, %59
  %61 = load float, ptr %6, align 4
  %62 = load float, ptr %7, align 4
  %63 = call contract float @llvm.copysign.f32(float %61, float %62)
  %64 = fadd contract float %60, %63
  %65 = load float, ptr %6, align 4
  %66 = load float, ptr %7, align 4
  %67 = call contract float @llvm.nvvm.fma.rn.f(float %65, float %66, float 1.000000e+00)
  %68 = fadd contract float %64, %67
  %69 = load float, ptr %6, align 4
  %70 = load float, ptr %7, align 4
  %71 = fdiv contract float %69, %70
  %72 = fadd contract float %68, %71
  %73 = load i32, ptr %5, align 4
  %74 = and i32 %73, 3
  %75 = sext i32 %74 to i64
  %76 = getelementptr inbounds [4 x float], ptr addrspacecast (ptr addrspace(4) @coeffs to ptr), i64 0, i64 %75
  %77 = load float, ptr %76, align 4
  %78 = fadd contract float %72, %77
  %79 = load float, ptr %6, align 4
  %80 = load float, ptr %7, align 4
  %81 = fcmp contract olt float %79, %80
  br i1 %81, label %82, label %84

82:                                               ; preds = %2
  %83 = load float, ptr %6, align 4
  br label %87

84:                                               ; preds = %2
  %85 = load float, ptr %7, align 4
  %86 = fneg contract float %85
  br label %87

87:                                               ; preds = %84, %82
  %88 = phi contract float [ %83, %82 ], [ %86, %84 ]
  %89 = fadd contract float %78, %88
  %90 = load float, ptr %6, align 4
  %91 = load float, ptr %6, align 4
  %92 = fcmp contract une float %90, %91
  %93 = zext i1 %92 to i64
  %94 = select contract i1 %92, float 1.000000e+00, float 0.000000e+00
  %95 = fadd contract float %89, %94
  %96 = load ptr, ptr %3, align 8
  %97 = load i32, ptr %5, align 4
  %98 = sext i32 %97 to i64
  %99 = getelementptr inbounds float, ptr %96, i64 %98
  store float %95, ptr %99, align 4
  %100 = load double, ptr %8, align 8
  %101 = load double, ptr %8, align 8
  %102 = fmul contract double %100, %101
  %103 = load double, ptr %8, align 8
  %104 = fdiv contract double %103, 3.000000e+00
  %105 = fadd contract double %102, %104
  %106 = load double, ptr %8, align 8
  %107 = call contract double @llvm.sqrt.f64(double %106)
  %108 = fadd contract double %105, %107
  %109 = load double, ptr %8, align 8
  %110 = load double, ptr %8, align 8
  %111 = call contract double @llvm.fma.f64(double %109, double %110, double 1.000000e+00)
  %112 = fadd contract double %108, %111
  %113 = load double, ptr %8, align 8
  %114 = call contract double @llvm.minnum.f64(double %113, double 2.000000e+00)
  %115 = fadd contract double %112, %114
  %116 = load double, ptr %8, align 8
  %117 = fneg contract double %116
  %118 = fadd contract double %115, %117
  %119 = load ptr, ptr %4, align 8
  %120 = load i32, ptr %5, align 4
  %121 = sext i32 %120 to i64
  %122 = getelementptr inbounds double, ptr %119, i64 %121
  store double %118, ptr %122, align 8
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.nvvm.fmin.f(float, float) #3

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.nvvm.fmax.f(float, float) #3

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.fabs.f32(float) #3

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.sqrt.f32(float) #3

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare float @llvm.nvvm.rsqrt.approx.f(float) #4

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare float @llvm.nvvm.ex2.approx.f(float) #4

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare float @llvm.nvvm.lg2.approx.f(float) #4

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare float @llvm.nvvm.sin.approx.f(float) #4

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare float @llvm.nvvm.cos.approx.f(float) #4

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare float @llvm.nvvm.rcp.rn.f(float) #4

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare float @llvm.nvvm.div.rn.f(float, float) #4

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.copysign.f32(float, float) #3

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.nvvm.fma.rn.f(float, float, float) #3

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare double @llvm.sqrt.f64(double) #3

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare double @llvm.fma.f64(double, double, double) #3

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare double @llvm.minnum.f64(double, double) #3

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define dso_local void @_Z6halvesPDF16_PDv2_DF16_PDF16b(ptr noundef %0, ptr noundef %1, ptr noundef %2) #0 {
  %4 = alloca ptr, align 8
  %5 = alloca ptr, align 8
  %6 = alloca ptr, align 8
  %7 = alloca i32, align 4
  %8 = alloca half, align 2
  %9 = alloca half, align 2
  store ptr %0, ptr %4, align 8
  store ptr %1, ptr %5, align 8
  store ptr %2, ptr %6, align 8
  %10 = call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  store i32 %10, ptr %7, align 4
  %11 = load ptr, ptr %4, align 8
  %12 = load i32, ptr %7, align 4
  %13 = sext i32 %12 to i64
  %14 = getelementptr inbounds half, ptr %11, i64 %13
  %15 = load half, ptr %14, align 2
  store half %15, ptr %8, align 2
  %16 = load ptr, ptr %4, align 8
  %17 = load i32, ptr %7, align 4
  %18 = add nsw i32 %17, 32
  %19 = sext i32 %18 to i64
  %20 = getelementptr inbounds half, ptr %16, i64 %19
  %21 = load half, ptr %20, align 2
  store half %21, ptr %9, align 2
  %22 = load half, ptr %8, align 2
  %23 = load half, ptr %9, align 2
  %24 = fmul contract half %22, %23
  %25 = fadd contract half %24, 0xH3800
  %26 = load ptr, ptr %4, align 8
  %27 = load i32, ptr %7, align 4
  %28 = sext i32 %27 to i64
  %29 = getelementptr inbounds half, ptr %26, i64 %28
  store half %25, ptr %29, align 2
  %30 = load half, ptr %8, align 2
  %31 = load half, ptr %9, align 2
  %32 = fcmp contract olt half %30, %31
  br i1 %32, label %33, label %35

33:                                               ; preds = %3
  %34 = load half, ptr %8, align 2
  br label %37

35:                                               ; preds = %3
  %36 = load half, ptr %9, align 2
  br label %37

37:                                               ; preds = %35, %33
  %38 = phi contract half [ %34, %33 ], [ %36, %35 ]
  %39 = load ptr, ptr %4, align 8
  %40 = load i32, ptr %7, align 4
  %41 = add nsw i32 %40, 64
  %42 = sext i32 %41 to i64
  %43 = getelementptr inbounds half, ptr %39, i64 %42
  store half %38, ptr %43, align 2
  %44 = load ptr, ptr %5, align 8
  %45 = load i32, ptr %7, align 4
  %46 = sext i32 %45 to i64
  %47 = getelementptr inbounds <2 x half>, ptr %44, i64 %46
  %48 = load <2 x half>, ptr %47, align 4
  %49 = load ptr, ptr %5, align 8
  %50 = load i32, ptr %7, align 4
  %51 = add nsw i32 %50, 8
  %52 = sext i32 %51 to i64
  %53 = getelementptr inbounds <2 x half>, ptr %49, i64 %52
  %54 = load <2 x half>, ptr %53, align 4
  %55 = fmul contract <2 x half> %48, %54
  %56 = load ptr, ptr %5, align 8
  %57 = load i32, ptr %7, align 4
  %58 = add nsw i32 %57, 16
  %59 = sext i32 %58 to i64
  %60 = getelementptr inbounds <2 x half>, ptr %56, i64 %59
  %61 = load <2 x half>, ptr %60, align 4
  %62 = fadd contract <2 x half> %55, %61
  %63 = load ptr, ptr %5, align 8
  %64 = load i32, ptr %7, align 4
  %65 = sext i32 %64 to i64
  %66 = getelementptr inbounds <2 x half>, ptr %63, i64 %65
  store <2 x half> %62, ptr %66, align 4
  %67 = load ptr, ptr %6, align 8
  %68 = load i32, ptr %7, align 4
  %69 = sext i32 %68 to i64
  %70 = getelementptr inbounds bfloat, ptr %67, i64 %69
  %71 = load bfloat, ptr %70, align 2
  %72 = fpext bfloat %71 to float
  %73 = fadd contract float %72, 1.000000e+00
  %74 = fptrunc float %73 to bfloat
  %75 = load ptr, ptr %6, align 8
  %76 = load i32, ptr %7, align 4
  %77 = sext i32 %76 to i64
  %78 = getelementptr inbounds bfloat, ptr %75, i64 %77
  store bfloat %74, ptr %78, align 2
  ret void
}

; Function Attrs: convergent mustprogress noinline nounwind optnone
define dso_local %struct.P2 @_Z2mkfi(float noundef %0, i32 noundef %1) #5 {
  %3 = alloca %struct.P2, align 4
  %4 = alloca float, align 4
  %5 = alloca i32, align 4
  store float %0, ptr %4, align 4
  store i32 %1, ptr %5, align 4
  %6 = getelementptr inbounds %struct.P2, ptr %3, i32 0, i32 0
  %7 = load float, ptr %4, align 4
  %8 = fmul contract float %7, 2.000000e+00
  store float %8, ptr %6, align 4
  %9 = getelementptr inbounds %struct.P2, ptr %3, i32 0, i32 1
  %10 = load i32, ptr %5, align 4
  %11 = add nsw i32 %10, 1
  store i32 %11, ptr %9, align 4
  %12 = load %struct.P2, ptr %3, align 4
  ret %struct.P2 %12
}

; Function Attrs: convergent mustprogress noinline nounwind optnone
define dso_local noundef float @_Z4take2P26float4(ptr noundef byval(%struct.P2) align 4 %0, ptr noundef byval(%struct.float4) align 16 %1) #5 {
  %3 = getelementptr inbounds %struct.P2, ptr %0, i32 0, i32 0
  %4 = load float, ptr %3, align 4
  %5 = getelementptr inbounds %struct.P2, ptr %0, i32 0, i32 1
  %6 = load i32, ptr %5, align 4
  %7 = sitofp i32 %6 to float
  %8 = fadd contract float %4, %7
  %9 = getelementptr inbounds %struct.float4, ptr %1, i32 0, i32 0
  %10 = load float, ptr %9, align 16
  %11 = fadd contract float %8, %10
  %12 = getelementptr inbounds %struct.float4, ptr %1, i32 0, i32 3
  %13 = load float, ptr %12, align 4
  %14 = fadd contract float %11, %13
  ret float %14
}

; Function Attrs: convergent mustprogress noinline nounwind optnone
define dso_local void @_Z7nothingPi(ptr noundef %0) #5 {
  %2 = alloca ptr, align 8
  store ptr %0, ptr %2, align 8
  %3 = load ptr, ptr %2, align 8
  %4 = load i32, ptr %3, align 4
  %5 = add nsw i32 %4, 1
  store i32 %5, ptr %3, align 4
  ret void
}

; Function Attrs: convergent mustprogress noinline nounwind optnone
define dso_local noundef i64 @_Z3fibi(i32 noundef %0) #5 {
  %2 = alloca i32, align 4
  store i32 %0, ptr %2, align 4
  %3 = load i32, ptr %2, align 4
  %4 = icmp slt i32 %3, 2
  br i1 %4, label %5, label %8

5:                                                ; preds = %1
  %6 = load i32, ptr %2, align 4
  %7 = sext i32 %6 to i64
  br label %16

8:                                                ; preds = %1
  %9 = load i32, ptr %2, align 4
  %10 = sub nsw i32 %9, 1
  %11 = call noundef i64 @_Z3fibi(i32 noundef %10) #9
  %12 = load i32, ptr %2, align 4
  %13 = sub nsw i32 %12, 2
  %14 = call noundef i64 @_Z3fibi(i32 noundef %13) #9
  %15 = add nsw i64 %11, %14
  br label %16

16:                                               ; preds = %8, %5
  %17 = phi i64 [ %7, %5 ], [ %15, %8 ]
  ret i64 %17
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define dso_local void @_Z5callsPfPK6float4Pi(ptr noundef %0, ptr noundef %1, ptr noundef %2) #0 {
  %4 = alloca ptr, align 8
  %5 = alloca ptr, align 8
  %6 = alloca ptr, align 8
  %7 = alloca i32, align 4
  %8 = alloca %struct.P2, align 4
  %9 = alloca %struct.P2, align 4
  %10 = alloca %struct.float4, align 16
  store ptr %0, ptr %4, align 8
  store ptr %1, ptr %5, align 8
  store ptr %2, ptr %6, align 8
  %11 = call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  store i32 %11, ptr %7, align 4
  %12 = load ptr, ptr %4, align 8
  %13 = load i32, ptr %7, align 4
  %14 = sext i32 %13 to i64
  %15 = getelementptr inbounds float, ptr %12, i64 %14
  %16 = load float, ptr %15, align 4
  %17 = load i32, ptr %7, align 4
  %18 = call %struct.P2 @_Z2mkfi(float noundef %16, i32 noundef %17) #9
  %19 = getelementptr inbounds %struct.P2, ptr %8, i32 0, i32 0
  %20 = extractvalue %struct.P2 %18, 0
  store float %20, ptr %19, align 4
  %21 = getelementptr inbounds %struct.P2, ptr %8, i32 0, i32 1
  %22 = extractvalue %struct.P2 %18, 1
  store i32 %22, ptr %21, align 4
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %9, ptr align 4 %8, i64 8, i1 false)
  %23 = load ptr, ptr %5, align 8
  %24 = load i32, ptr %7, align 4
  %25 = sext i32 %24 to i64
  %26 = getelementptr inbounds %struct.float4, ptr %23, i64 %25
  call void @llvm.memcpy.p0.p0.i64(ptr align 16 %10, ptr align 16 %26, i64 16, i1 false)
  %27 = call contract noundef float @_Z4take2P26float4(ptr noundef byval(%struct.P2) align 4 %9, ptr noundef byval(%struct.float4) align 16 %10) #9
  %28 = load i32, ptr %7, align 4
  %29 = and i32 %28, 7
  %30 = call noundef i64 @_Z3fibi(i32 noundef %29) #9
  %31 = sitofp i64 %30 to float
  %32 = fadd contract float %27, %31
  %33 = load ptr, ptr %4, align 8
  %34 = load i32, ptr %7, align 4
  %35 = sext i32 %34 to i64
  %36 = getelementptr inbounds float, ptr %33, i64 %35
  store float %32, ptr %36, align 4
  %37 = load ptr, ptr %6, align 8
  call void @_Z7nothingPi(ptr noundef %37) #9
  ret void
}

; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: readwrite)
declare void @llvm.memcpy.p0.p0.i64(ptr noalias nocapture writeonly, ptr noalias nocapture readonly, i64, i1 immarg) #6

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define dso_local void @_Z6localsPii(ptr noundef %0, i32 noundef %1) #0 {
  %3 = alloca ptr, align 8
  %4 = alloca i32, align 4
  %5 = alloca [16 x i32], align 4
  %6 = alloca i32, align 4
  %7 = alloca i32, align 4
  %8 = alloca i32, align 4
  store ptr %0, ptr %3, align 8
  store i32 %1, ptr %4, align 4
  store i32 0, ptr %6, align 4
  br label %9

9:                                                ; preds = %21, %2
  %10 = load i32, ptr %6, align 4
  %11 = icmp slt i32 %10, 16
  br i1 %11, label %12, label %24

12:                                               ; preds = %9
  %13 = load i32, ptr %6, align 4
  %14 = load i32, ptr %4, align 4
  %15 = mul nsw i32 %13, %14
  %16 = call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %17 = add i32 %15, %16
  %18 = load i32, ptr %6, align 4
  %19 = sext i32 %18 to i64
  %20 = getelementptr inbounds [16 x i32], ptr %5, i64 0, i64 %19
  store i32 %17, ptr %20, align 4
  br label %21

21:                                               ; preds = %12
  %22 = load i32, ptr %6, align 4
  %23 = add nsw i32 %22, 1
  store i32 %23, ptr %6, align 4
  br label %9, !llvm.loop !17

24:                                               ; preds = %9
  store i32 0, ptr %7, align 4
  store i32 0, ptr %8, align 4
  br label %25

25:                                               ; preds = %40, %24
  %26 = load i32, ptr %8, align 4
  %27 = load i32, ptr %4, align 4
  %28 = icmp slt i32 %26, %27
  br i1 %28, label %29, label %43

29:                                               ; preds = %25
  %30 = load i32, ptr %8, align 4
  %31 = mul nsw i32 %30, 7
  %32 = call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %33 = add i32 %31, %32
  %34 = and i32 %33, 15
  %35 = zext i32 %34 to i64
  %36 = getelementptr inbounds [16 x i32], ptr %5, i64 0, i64 %35
  %37 = load i32, ptr %36, align 4
  %38 = load i32, ptr %7, align 4
  %39 = add nsw i32 %38, %37
  store i32 %39, ptr %7, align 4
  br label %40

40:                                               ; preds = %29
  %41 = load i32, ptr %8, align 4
  %42 = add nsw i32 %41, 1
  store i32 %42, ptr %8, align 4
  br label %25, !llvm.loop !18

43:                                               ; preds = %25
  %44 = load i32, ptr %7, align 4
  %45 = load ptr, ptr %3, align 8
  %46 = call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %47 = zext i32 %46 to i64
  %48 = getelementptr inbounds i32, ptr %45, i64 %47
  store i32 %44, ptr %48, align 4
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define dso_local void @_Z8switchesPii(ptr noundef %0, i32 noundef %1) #0 {
  %3 = alloca ptr, align 8
  %4 = alloca i32, align 4
  %5 = alloca i32, align 4
  %6 = alloca i32, align 4
  store ptr %0, ptr %3, align 8
  store i32 %1, ptr %4, align 4
  %7 = call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  store i32 %7, ptr %5, align 4
  %8 = load i32, ptr %5, align 4
  %9 = load i32, ptr %4, align 4
  %10 = add nsw i32 %8, %9
  %11 = and i32 %10, 15
  switch i32 %11, label %31 [
    i32 0, label %12
    i32 1, label %13
    i32 2, label %16
    i32 3, label %19
    i32 4, label %20
    i32 5, label %24
    i32 6, label %25
    i32 7, label %26
    i32 9, label %30
  ]

12:                                               ; preds = %2
  store i32 10, ptr %6, align 4
  br label %32

13:                                               ; preds = %2
  %14 = load i32, ptr %4, align 4
  %15 = mul nsw i32 %14, 3
  store i32 %15, ptr %6, align 4
  br label %32

16:                                               ; preds = %2
  %17 = load i32, ptr %5, align 4
  %18 = sub nsw i32 %17, 7
  store i32 %18, ptr %6, align 4
  br label %32

19:                                               ; preds = %2
  store i32 99, ptr %6, align 4
  br label %32

20:                                               ; preds = %2
  %21 = load i32, ptr %4, align 4
  %22 = load i32, ptr %5, align 4
  %23 = xor i32 %21, %22
  store i32 %23, ptr %6, align 4
  br label %32

24:                                               ; preds = %2
  store i32 5, ptr %6, align 4
  br label %32

25:                                               ; preds = %2
  store i32 -4, ptr %6, align 4
  br label %32

26:                                               ; preds = %2
  %27 = load i32, ptr %5, align 4
  %28 = load i32, ptr %5, align 4
  %29 = mul nsw i32 %27, %28
  store i32 %29, ptr %6, align 4
  br label %32

30:                                               ; preds = %2
  store i32 1234, ptr %6, align 4
  br label %32

31:                                               ; preds = %2
  store i32 0, ptr %6, align 4
  br label %32

32:                                               ; preds = %31, %30, %26, %25, %24, %20, %19, %16, %13, %12
  %33 = load i32, ptr %6, align 4
  %34 = load ptr, ptr %3, align 8
  %35 = load i32, ptr %5, align 4
  %36 = sext i32 %35 to i64
  %37 = getelementptr inbounds i32, ptr %34, i64 %36
  store i32 %33, ptr %37, align 4
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define dso_local void @_Z9dynsharedPfi(ptr noundef %0, i32 noundef %1) #0 {
  %3 = alloca ptr, align 8
  %4 = alloca i32, align 4
  %5 = alloca i32, align 4
  store ptr %0, ptr %3, align 8
  store i32 %1, ptr %4, align 4
  %6 = call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  store i32 %6, ptr %5, align 4
  %7 = load i32, ptr %5, align 4
  %8 = sitofp i32 %7 to float
  %9 = load i32, ptr %5, align 4
  %10 = sext i32 %9 to i64
  %11 = getelementptr inbounds [0 x float], ptr addrspacecast (ptr addrspace(3) @dyn to ptr), i64 0, i64 %10
  store float %8, ptr %11, align 4
  %12 = load ptr, ptr %3, align 8
  %13 = load i32, ptr %5, align 4
  %14 = sext i32 %13 to i64
  %15 = getelementptr inbounds float, ptr %12, i64 %14
  %16 = load float, ptr %15, align 4
  %17 = load i32, ptr %5, align 4
  %18 = and i32 %17, 31
  %19 = sext i32 %18 to i64
  %20 = getelementptr inbounds [32 x [33 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ9dynsharedPfiE4stat to ptr), i64 0, i64 %19
  %21 = load i32, ptr %5, align 4
  %22 = ashr i32 %21, 5
  %23 = sext i32 %22 to i64
  %24 = getelementptr inbounds [33 x float], ptr %20, i64 0, i64 %23
  store float %16, ptr %24, align 4
  call void @llvm.nvvm.barrier0()
  %25 = load i32, ptr %5, align 4
  %26 = add nsw i32 %25, 1
  %27 = load i32, ptr %4, align 4
  %28 = srem i32 %26, %27
  %29 = sext i32 %28 to i64
  %30 = getelementptr inbounds [0 x float], ptr addrspacecast (ptr addrspace(3) @dyn to ptr), i64 0, i64 %29
  %31 = load float, ptr %30, align 4
  %32 = load i32, ptr %5, align 4
  %33 = ashr i32 %32, 5
  %34 = sext i32 %33 to i64
  %35 = getelementptr inbounds [32 x [33 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ9dynsharedPfiE4stat to ptr), i64 0, i64 %34
  %36 = load i32, ptr %5, align 4
  %37 = and i32 %36, 31
  %38 = sext i32 %37 to i64
  %39 = getelementptr inbounds [33 x float], ptr %35, i64 0, i64 %38
  %40 = load float, ptr %39, align 4
  %41 = fadd contract float %31, %40
  %42 = load ptr, ptr %3, align 8
  %43 = load i32, ptr %5, align 4
  %44 = sext i32 %43 to i64
  %45 = getelementptr inbounds float, ptr %42, i64 %44
  store float %41, ptr %45, align 4
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define dso_local void @_Z12small_paramscsbhPfdx(i8 noundef signext %0, i16 noundef signext %1, i1 noundef zeroext %2, i8 noundef zeroext %3, ptr noundef %4, double noundef %5, i64 noundef %6) #0 {
  %8 = alloca i8, align 1
  %9 = alloca i16, align 2
  %10 = alloca i8, align 1
  %11 = alloca i8, align 1
  %12 = alloca ptr, align 8
  %13 = alloca double, align 8
  %14 = alloca i64, align 8
  store i8 %0, ptr %8, align 1
  store i16 %1, ptr %9, align 2
  %15 = zext i1 %2 to i8
  store i8 %15, ptr %10, align 1
  store i8 %3, ptr %11, align 1
  store ptr %4, ptr %12, align 8
  store double %5, ptr %13, align 8
  store i64 %6, ptr %14, align 8
  %16 = load i8, ptr %8, align 1
  %17 = sext i8 %16 to i32
  %18 = load i16, ptr %9, align 2
  %19 = sext i16 %18 to i32
  %20 = add nsw i32 %17, %19
  %21 = sitofp i32 %20 to float
  %22 = load i8, ptr %10, align 1
  %23 = trunc i8 %22 to i1
  %24 = zext i1 %23 to i64
  %25 = select contract i1 %23, float 1.000000e+00, float 2.000000e+00
  %26 = fadd contract float %21, %25
  %27 = load i8, ptr %11, align 1
  %28 = zext i8 %27 to i32
  %29 = sitofp i32 %28 to float
  %30 = fadd contract float %26, %29
  %31 = load double, ptr %13, align 8
  %32 = fptrunc double %31 to float
  %33 = fadd contract float %30, %32
  %34 = load i64, ptr %14, align 8
  %35 = sitofp i64 %34 to float
  %36 = fadd contract float %33, %35
  %37 = load ptr, ptr %12, align 8
  %38 = call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %39 = zext i32 %38 to i64
  %40 = getelementptr inbounds float, ptr %37, i64 %39
  store float %36, ptr %40, align 4
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define dso_local void @_Z9volatilesPViPi(ptr noundef %0, ptr noundef %1) #0 {
  %3 = alloca ptr, align 8
  %4 = alloca ptr, align 8
  store ptr %0, ptr %3, align 8
  store ptr %1, ptr %4, align 8
  %5 = call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %6 = icmp eq i32 %5, 0
  br i1 %6, label %7, label %11

7:                                                ; preds = %2
  %8 = load ptr, ptr %4, align 8
  %9 = getelementptr inbounds i32, ptr %8, i64 0
  store i32 42, ptr %9, align 4
  call void @llvm.nvvm.membar.gl()
  %10 = load ptr, ptr %3, align 8
  store volatile i32 1, ptr %10, align 4
  br label %24

11:                                               ; preds = %2
  br label %12

12:                                               ; preds = %16, %11
  %13 = load ptr, ptr %3, align 8
  %14 = load volatile i32, ptr %13, align 4
  %15 = icmp eq i32 %14, 0
  br i1 %15, label %16, label %17

16:                                               ; preds = %12
  br label %12, !llvm.loop !19

17:                                               ; preds = %12
  %18 = load ptr, ptr %4, align 8
  %19 = call i32 @llvm.nvvm.ldg.global.i.i32.p0(ptr %18, i32 4)
  %20 = load ptr, ptr %4, align 8
  %21 = call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %22 = zext i32 %21 to i64
  %23 = getelementptr inbounds i32, ptr %20, i64 %22
  store i32 %19, ptr %23, align 4
  br label %24

24:                                               ; preds = %17, %7
  call void @llvm.nvvm.membar.cta()
  call void @llvm.nvvm.membar.sys()
  ret void
}

; Function Attrs: nocallback nounwind
declare void @llvm.nvvm.membar.gl() #7

; Function Attrs: nocallback nounwind memory(argmem: read)
declare i32 @llvm.nvvm.ldg.global.i.i32.p0(ptr nocapture, i32) #8

; Function Attrs: nocallback nounwind
declare void @llvm.nvvm.membar.cta() #7

; Function Attrs: nocallback nounwind
declare void @llvm.nvvm.membar.sys() #7

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #3

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #3

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #3

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.nctaid.x() #3

attributes #0 = { convergent mustprogress noinline norecurse nounwind optnone "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx78,+sm_80" "uniform-work-group-size"="true" }
attributes #1 = { nocallback nounwind memory(argmem: readwrite) }
attributes #2 = { convergent nocallback nounwind }
attributes #3 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #4 = { nocallback nofree nosync nounwind willreturn memory(none) }
attributes #5 = { convergent mustprogress noinline nounwind optnone "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx78,+sm_80" }
attributes #6 = { nocallback nofree nounwind willreturn memory(argmem: readwrite) }
attributes #7 = { nocallback nounwind }
attributes #8 = { nocallback nounwind memory(argmem: read) }
attributes #9 = { convergent nounwind }

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
!15 = distinct !{!15, !16}
!16 = !{!"llvm.loop.mustprogress"}
!17 = distinct !{!17, !16}
!18 = distinct !{!18, !16}
!19 = distinct !{!19, !16}
