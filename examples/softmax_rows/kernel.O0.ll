; ModuleID = 'examples/softmax_rows/kernel.cu'
source_filename = "examples/softmax_rows/kernel.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.__cuda_builtin_blockIdx_t = type { i8 }
%struct.__cuda_builtin_threadIdx_t = type { i8 }
%struct.__cuda_builtin_blockDim_t = type { i8 }

@_ZZ12softmax_rowsE3red = internal addrspace(3) global [128 x float] undef, align 4
@blockIdx = extern_weak dso_local addrspace(1) global %struct.__cuda_builtin_blockIdx_t, align 1
@threadIdx = extern_weak dso_local addrspace(1) global %struct.__cuda_builtin_threadIdx_t, align 1
@blockDim = extern_weak dso_local addrspace(1) global %struct.__cuda_builtin_blockDim_t, align 1

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define dso_local void @softmax_rows(i32 noundef %0, i32 noundef %1, ptr noundef %2, ptr noundef %3) #0 {
  %5 = alloca float, align 4
  %6 = alloca float, align 4
  %7 = alloca float, align 4
  %8 = alloca float, align 4
  %9 = alloca float, align 4
  %10 = alloca i32, align 4
  %11 = alloca i32, align 4
  %12 = alloca ptr, align 8
  %13 = alloca ptr, align 8
  %14 = alloca i32, align 4
  %15 = alloca i32, align 4
  %16 = alloca ptr, align 8
  %17 = alloca ptr, align 8
  %18 = alloca float, align 4
  %19 = alloca i32, align 4
  %20 = alloca i32, align 4
  %21 = alloca float, align 4
  %22 = alloca float, align 4
  %23 = alloca i32, align 4
  %24 = alloca float, align 4
  %25 = alloca i32, align 4
  %26 = alloca float, align 4
  %27 = alloca i32, align 4
  store i32 %0, ptr %10, align 4
  store i32 %1, ptr %11, align 4
  store ptr %2, ptr %12, align 8
  store ptr %3, ptr %13, align 8
  %28 = call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  store i32 %28, ptr %14, align 4
  %29 = call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  store i32 %29, ptr %15, align 4
  %30 = load i32, ptr %14, align 4
  %31 = load i32, ptr %10, align 4
  %32 = icmp sge i32 %30, %31
  br i1 %32, label %33, label %34

33:                                               ; preds = %4
  br label %186

34:                                               ; preds = %4
  %35 = load ptr, ptr %12, align 8
  %36 = load i32, ptr %14, align 4
  %37 = sext i32 %36 to i64
  %38 = load i32, ptr %11, align 4
  %39 = sext i32 %38 to i64
  %40 = mul nsw i64 %37, %39
  %41 = getelementptr inbounds float, ptr %35, i64 %40
  store ptr %41, ptr %16, align 8
  %42 = load ptr, ptr %13, align 8
  %43 = load i32, ptr %14, align 4
  %44 = sext i32 %43 to i64
  %45 = load i32, ptr %11, align 4
  %46 = sext i32 %45 to i64
  %47 = mul nsw i64 %44, %46
  %48 = getelementptr inbounds float, ptr %42, i64 %47
  store ptr %48, ptr %17, align 8
  store float 0xC7EFFFFFE0000000, ptr %18, align 4
  %49 = load i32, ptr %15, align 4
  store i32 %49, ptr %19, align 4
  br label %50

50:                                               ; preds = %64, %34
  %51 = load i32, ptr %19, align 4
  %52 = load i32, ptr %11, align 4
  %53 = icmp slt i32 %51, %52
  br i1 %53, label %54, label %68

54:                                               ; preds = %50
  %55 = load float, ptr %18, align 4
  %56 = load ptr, ptr %16, align 8
  %57 = load i32, ptr %19, align 4
  %58 = sext i32 %57 to i64
  %59 = getelementptr inbounds float, ptr %56, i64 %58
  %60 = load float, ptr %59, align 4
  store float %55, ptr %6, align 4
  store float %60, ptr %7, align 4
  %61 = load float, ptr %6, align 4
  %62 = load float, ptr %7, align 4
  %63 = call contract noundef float @llvm.maxnum.f32(float %61, float %62)
  store float %63, ptr %18, align 4
  br label %64

64:                                               ; preds = %54
  %65 = call noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %66 = load i32, ptr %19, align 4
  %67 = add i32 %66, %65
  store i32 %67, ptr %19, align 4
  br label %50, !llvm.loop !5

68:                                               ; preds = %50
  %69 = load float, ptr %18, align 4
  %70 = load i32, ptr %15, align 4
  %71 = sext i32 %70 to i64
  %72 = getelementptr inbounds [128 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ12softmax_rowsE3red to ptr), i64 0, i64 %71
  store float %69, ptr %72, align 4
  call void @llvm.nvvm.barrier0()
  %73 = call noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %74 = udiv i32 %73, 2
  store i32 %74, ptr %20, align 4
  br label %75

75:                                               ; preds = %100, %68
  %76 = load i32, ptr %20, align 4
  %77 = icmp sgt i32 %76, 0
  br i1 %77, label %78, label %103

78:                                               ; preds = %75
  %79 = load i32, ptr %15, align 4
  %80 = load i32, ptr %20, align 4
  %81 = icmp slt i32 %79, %80
  br i1 %81, label %82, label %99

82:                                               ; preds = %78
  %83 = load i32, ptr %15, align 4
  %84 = sext i32 %83 to i64
  %85 = getelementptr inbounds [128 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ12softmax_rowsE3red to ptr), i64 0, i64 %84
  %86 = load float, ptr %85, align 4
  %87 = load i32, ptr %15, align 4
  %88 = load i32, ptr %20, align 4
  %89 = add nsw i32 %87, %88
  %90 = sext i32 %89 to i64
  %91 = getelementptr inbounds [128 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ12softmax_rowsE3red to ptr), i64 0, i64 %90
  %92 = load float, ptr %91, align 4
  store float %86, ptr %8, align 4
  store float %92, ptr %9, align 4
  %93 = load float, ptr %8, align 4
  %94 = load float, ptr %9, align 4
  %95 = call contract noundef float @llvm.maxnum.f32(float %93, float %94)
  %96 = load i32, ptr %15, align 4
  %97 = sext i32 %96 to i64
  %98 = getelementptr inbounds [128 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ12softmax_rowsE3red to ptr), i64 0, i64 %97
  store float %95, ptr %98, align 4
  br label %99

99:                                               ; preds = %82, %78
  call void @llvm.nvvm.barrier0()
  br label %100

100:                                              ; preds = %99
  %101 = load i32, ptr %20, align 4
  %102 = ashr i32 %101, 1
  store i32 %102, ptr %20, align 4
  br label %75, !llvm.loop !7

103:                                              ; preds = %75
  %104 = load float, ptr addrspacecast (ptr addrspace(3) @_ZZ12softmax_rowsE3red to ptr), align 4
  store float %104, ptr %21, align 4
  call void @llvm.nvvm.barrier0()
  store float 0.000000e+00, ptr %22, align 4
  %105 = load i32, ptr %15, align 4
  store i32 %105, ptr %23, align 4
  br label %106

106:                                              ; preds = %128, %103
  %107 = load i32, ptr %23, align 4
  %108 = load i32, ptr %11, align 4
  %109 = icmp slt i32 %107, %108
  br i1 %109, label %110, label %132

110:                                              ; preds = %106
  %111 = load ptr, ptr %16, align 8
  %112 = load i32, ptr %23, align 4
  %113 = sext i32 %112 to i64
  %114 = getelementptr inbounds float, ptr %111, i64 %113
  %115 = load float, ptr %114, align 4
  %116 = load float, ptr %21, align 4
  %117 = fsub contract float %115, %116
  store float %117, ptr %5, align 4
  %118 = load float, ptr %5, align 4
  %119 = call contract noundef float @__nv_expf(float noundef %118) #4
  store float %119, ptr %24, align 4
  %120 = load float, ptr %24, align 4
  %121 = load ptr, ptr %17, align 8
  %122 = load i32, ptr %23, align 4
  %123 = sext i32 %122 to i64
  %124 = getelementptr inbounds float, ptr %121, i64 %123
  store float %120, ptr %124, align 4
  %125 = load float, ptr %24, align 4
  %126 = load float, ptr %22, align 4
  %127 = fadd contract float %126, %125
  store float %127, ptr %22, align 4
  br label %128

128:                                              ; preds = %110
  %129 = call noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %130 = load i32, ptr %23, align 4
  %131 = add i32 %130, %129
  store i32 %131, ptr %23, align 4
  br label %106, !llvm.loop !8

132:                                              ; preds = %106
  %133 = load float, ptr %22, align 4
  %134 = load i32, ptr %15, align 4
  %135 = sext i32 %134 to i64
  %136 = getelementptr inbounds [128 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ12softmax_rowsE3red to ptr), i64 0, i64 %135
  store float %133, ptr %136, align 4
  call void @llvm.nvvm.barrier0()
  %137 = call noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %138 = udiv i32 %137, 2
  store i32 %138, ptr %25, align 4
  br label %139

139:                                              ; preds = %159, %132
  %140 = load i32, ptr %25, align 4
  %141 = icmp sgt i32 %140, 0
  br i1 %141, label %142, label %162

142:                                              ; preds = %139
  %143 = load i32, ptr %15, align 4
  %144 = load i32, ptr %25, align 4
  %145 = icmp slt i32 %143, %144
  br i1 %145, label %146, label %158

146:                                              ; preds = %142
  %147 = load i32, ptr %15, align 4
  %148 = load i32, ptr %25, align 4
  %149 = add nsw i32 %147, %148
  %150 = sext i32 %149 to i64
  %151 = getelementptr inbounds [128 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ12softmax_rowsE3red to ptr), i64 0, i64 %150
  %152 = load float, ptr %151, align 4
  %153 = load i32, ptr %15, align 4
  %154 = sext i32 %153 to i64
  %155 = getelementptr inbounds [128 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ12softmax_rowsE3red to ptr), i64 0, i64 %154
  %156 = load float, ptr %155, align 4
  %157 = fadd contract float %156, %152
  store float %157, ptr %155, align 4
  br label %158

158:                                              ; preds = %146, %142
  call void @llvm.nvvm.barrier0()
  br label %159

159:                                              ; preds = %158
  %160 = load i32, ptr %25, align 4
  %161 = ashr i32 %160, 1
  store i32 %161, ptr %25, align 4
  br label %139, !llvm.loop !9

162:                                              ; preds = %139
  %163 = load float, ptr addrspacecast (ptr addrspace(3) @_ZZ12softmax_rowsE3red to ptr), align 4
  %164 = fdiv contract float 1.000000e+00, %163
  store float %164, ptr %26, align 4
  %165 = load i32, ptr %15, align 4
  store i32 %165, ptr %27, align 4
  br label %166

166:                                              ; preds = %182, %162
  %167 = load i32, ptr %27, align 4
  %168 = load i32, ptr %11, align 4
  %169 = icmp slt i32 %167, %168
  br i1 %169, label %170, label %186

170:                                              ; preds = %166
  %171 = load ptr, ptr %17, align 8
  %172 = load i32, ptr %27, align 4
  %173 = sext i32 %172 to i64
  %174 = getelementptr inbounds float, ptr %171, i64 %173
  %175 = load float, ptr %174, align 4
  %176 = load float, ptr %26, align 4
  %177 = fmul contract float %175, %176
  %178 = load ptr, ptr %17, align 8
  %179 = load i32, ptr %27, align 4
  %180 = sext i32 %179 to i64
  %181 = getelementptr inbounds float, ptr %178, i64 %180
  store float %177, ptr %181, align 4
  br label %182

182:                                              ; preds = %170
  %183 = call noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %184 = load i32, ptr %27, align 4
  %185 = add i32 %184, %183
  store i32 %185, ptr %27, align 4
  br label %166, !llvm.loop !10

186:                                              ; preds = %33, %166
  ret void
}

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier0() #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.maxnum.f32(float, float) #2

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #2

; Function Attrs: convergent nounwind
declare dso_local float @__nv_expf(float noundef) #3

attributes #0 = { convergent mustprogress noinline norecurse nounwind optnone "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx78,+sm_80" "uniform-work-group-size"="true" }
attributes #1 = { convergent nocallback nounwind }
attributes #2 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #3 = { convergent nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx78,+sm_80" }
attributes #4 = { convergent nounwind }

!nvvm.annotations = !{!0}
!llvm.module.flags = !{!1, !2, !3}
!llvm.ident = !{!4}

!0 = !{ptr @softmax_rows, !"kernel", i32 1}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!3 = !{i32 7, !"frame-pointer", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = distinct !{!5, !6}
!6 = !{!"llvm.loop.mustprogress"}
!7 = distinct !{!7, !6}
!8 = distinct !{!8, !6}
!9 = distinct !{!9, !6}
!10 = distinct !{!10, !6}
