; ModuleID = "warp$1"
target triple = "nvptx64-nvidia-cuda"
target datalayout = "e-p:64:64:64-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:64:64-i128:128:128-f32:32:32-f64:64:64-v16:16:16-v32:32:32-v64:64:64-v128:128:128-n16:32:64"

@"_ZN08NumbaEnv8__main__4warpB2v1B92cw51cXTLSUwv1sDUaKthoaNgoKmjgOR3W3CwAkMXLaJtQYkOIgxJU0gCqOkEJoHkbttqdVhoqlspQGNFHSgJ5BnXagIAE5ArrayIfLi1E1A7mutable7alignedE" = common global i8* null
define void @"_ZN8__main__4warpB2v1B92cw51cXTLSUwv1sDUaKthoaNgoKmjgOR3W3CwAkMXLaJtQYkOIgxJU0gCqOkEJoHkbttqdVhoqlspQGNFHSgJ5BnXagIAE5ArrayIfLi1E1A7mutable7alignedE"(i8* %"a.0", i8* %"a.1", i64 %"a.2", i64 %"a.3", float* %"a.4", i64 %"a.5.0", i64 %"a.6.0")
{
entry:
  %"inserted.meminfo" = insertvalue {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} undef, i8* %"a.0", 0
  %"inserted.parent" = insertvalue {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} %"inserted.meminfo", i8* %"a.1", 1
  %"inserted.nitems" = insertvalue {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} %"inserted.parent", i64 %"a.2", 2
  %"inserted.itemsize" = insertvalue {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} %"inserted.nitems", i64 %"a.3", 3
  %"inserted.data" = insertvalue {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} %"inserted.itemsize", float* %"a.4", 4
  %".10" = insertvalue [1 x i64] undef, i64 %"a.5.0", 0
  %"inserted.shape" = insertvalue {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} %"inserted.data", [1 x i64] %".10", 5
  %".11" = insertvalue [1 x i64] undef, i64 %"a.6.0", 0
  %"inserted.strides" = insertvalue {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} %"inserted.shape", [1 x i64] %".11", 6
  %"a" = alloca {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %"a"
  %"i" = alloca i64
  store i64 0, i64* %"i"
  %".28" = alloca {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".28"
  %"v.1" = alloca float
  store float 0.0, float* %"v.1"
  %"$158pred" = alloca i1
  store i1 0, i1* %"$158pred"
  %".85" = alloca {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".85"
  br label %"B0"
B0:
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} %"inserted.strides", {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %"a"
  %".14" = trunc i64 1 to i32
  %".15" = call i32 @"llvm.nvvm.read.ptx.sreg.tid.x"()
  %".16" = sext i32 %".15" to i64
  %".17" = call i32 @"llvm.nvvm.read.ptx.sreg.ntid.x"()
  %".18" = sext i32 %".17" to i64
  %".19" = call i32 @"llvm.nvvm.read.ptx.sreg.ctaid.x"()
  %".20" = sext i32 %".19" to i64
  %".21" = mul i64 %".18", %".20"
  %".22" = add i64 %".21", %".16"
  %".24" = load i64, i64* %"i"
  store i64 %".22", i64* %"i"
  %".26" = load {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %"a"
  %".27" = load i64, i64* %"i"
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".28"
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} %".26", {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".28"
  %".32" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".28", i32 0, i32 5
  %".33" = getelementptr inbounds [1 x i64], [1 x i64]* %".32", i32 0, i32 0
  %".34" = load i64, i64* %".33", !range !1
  %".35" = insertvalue [1 x i64] undef, i64 %".34", 0
  %".36" = extractvalue [1 x i64] %".35", 0
  %".37" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".28", i32 0, i32 6
  %".38" = load [1 x i64], [1 x i64]* %".37"
  %".39" = extractvalue [1 x i64] %".38", 0
  %".40" = icmp slt i64 %".27", 0
  %".41" = add i64 %".27", %".36"
  %".42" = select  i1 %".40", i64 %".41", i64 %".27"
  %".43" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".28", i32 0, i32 5
  %".44" = getelementptr inbounds [1 x i64], [1 x i64]* %".43", i32 0, i32 0
  %".45" = load i64, i64* %".44", !range !1
  %".46" = insertvalue [1 x i64] undef, i64 %".45", 0
  %".47" = extractvalue [1 x i64] %".46", 0
  %".48" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".28", i32 0, i32 6
  %".49" = load [1 x i64], [1 x i64]* %".48"
  %".50" = extractvalue [1 x i64] %".49", 0
  %".51" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".28", i32 0, i32 4
  %".52" = load float*, float** %".51"
  %".53" = mul i64 %".50", %".42"
  %".54" = ptrtoint float* %".52" to i64
  %".55" = add i64 %".54", %".53"
  %".56" = inttoptr i64 %".55" to float*
  %".57" = load float, float* %".56"
  %".58" = bitcast float %".57" to i32
  %".59" = trunc i64 4294967295 to i32
  %".60" = trunc i64 16 to i32
  %".61" = call {i32, i1} @"llvm.nvvm.shfl.sync.i32"(i32 %".59", i32 2, i32 %".58", i32 %".60", i32 31)
  %".62" = extractvalue {i32, i1} %".61", 0
  %".63" = bitcast i32 %".62" to float
  %".64" = fadd float %".57", %".63"
  %".66" = load float, float* %"v.1"
  store float %".64", float* %"v.1"
  %".68" = load float, float* %"v.1"
  %".69" = fpext float %".68" to double
  %".70" = sitofp i64 0 to double
  %".71" = fcmp ogt double %".69", %".70"
  %".72" = trunc i64 4294967295 to i32
  %".73" = call {i32, i1} @"llvm.nvvm.vote.sync"(i32 %".72", i32 0, i1 %".71")
  %".74" = extractvalue {i32, i1} %".73", 1
  %".76" = load i1, i1* %"$158pred"
  store i1 %".74", i1* %"$158pred"
  %".78" = load i1, i1* %"$158pred"
  br i1 %".78", label %"B160", label %"B170"
B160:
  %".80" = load i1, i1* %"$158pred"
  store i1 0, i1* %"$158pred"
  %".82" = load {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %"a"
  %".83" = load float, float* %"v.1"
  %".84" = load i64, i64* %"i"
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".85"
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} %".82", {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".85"
  %".89" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".85", i32 0, i32 5
  %".90" = getelementptr inbounds [1 x i64], [1 x i64]* %".89", i32 0, i32 0
  %".91" = load i64, i64* %".90", !range !1
  %".92" = insertvalue [1 x i64] undef, i64 %".91", 0
  %".93" = extractvalue [1 x i64] %".92", 0
  %".94" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".85", i32 0, i32 6
  %".95" = load [1 x i64], [1 x i64]* %".94"
  %".96" = extractvalue [1 x i64] %".95", 0
  %".97" = icmp slt i64 %".84", 0
  %".98" = add i64 %".84", %".93"
  %".99" = select  i1 %".97", i64 %".98", i64 %".84"
  %".100" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".85", i32 0, i32 5
  %".101" = getelementptr inbounds [1 x i64], [1 x i64]* %".100", i32 0, i32 0
  %".102" = load i64, i64* %".101", !range !1
  %".103" = insertvalue [1 x i64] undef, i64 %".102", 0
  %".104" = extractvalue [1 x i64] %".103", 0
  %".105" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".85", i32 0, i32 6
  %".106" = load [1 x i64], [1 x i64]* %".105"
  %".107" = extractvalue [1 x i64] %".106", 0
  %".108" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".85", i32 0, i32 4
  %".109" = load float*, float** %".108"
  %".110" = mul i64 %".107", %".99"
  %".111" = ptrtoint float* %".109" to i64
  %".112" = add i64 %".111", %".110"
  %".113" = inttoptr i64 %".112" to float*
  store float %".83", float* %".113"
  %".115" = load float, float* %"v.1"
  store float 0.0, float* %"v.1"
  %".117" = load i64, i64* %"i"
  store i64 0, i64* %"i"
  %".119" = load {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %"a"
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %"a"
  br label %"B170"
B170:
  %".122" = load float, float* %"v.1"
  store float 0.0, float* %"v.1"
  %".124" = load i64, i64* %"i"
  store i64 0, i64* %"i"
  %".126" = load {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %"a"
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %"a"
  %".128" = load i1, i1* %"$158pred"
  store i1 0, i1* %"$158pred"
  call void @"llvm.nvvm.bar.warp.sync"(i32 4294967295)
  ret void
}

declare i32 @"llvm.nvvm.read.ptx.sreg.tid.x"()

declare i32 @"llvm.nvvm.read.ptx.sreg.ntid.x"()

declare i32 @"llvm.nvvm.read.ptx.sreg.ctaid.x"()

declare {i32, i1} @"llvm.nvvm.shfl.sync.i32"(i32 %".1", i32 %".2", i32 %".3", i32 %".4", i32 %".5")

declare {i32, i1} @"llvm.nvvm.vote.sync"(i32 %".1", i32 %".2", i1 %".3")

declare void @"llvm.nvvm.bar.warp.sync"(i32 %".1")

@"llvm.used" = appending global [1 x i8*] [i8* bitcast (void (i8*, i8*, i64, i64, float*, i64, i64)* @"_ZN8__main__4warpB2v1B92cw51cXTLSUwv1sDUaKthoaNgoKmjgOR3W3CwAkMXLaJtQYkOIgxJU0gCqOkEJoHkbttqdVhoqlspQGNFHSgJ5BnXagIAE5ArrayIfLi1E1A7mutable7alignedE" to i8*)], section "llvm.metadata"
!nvvmir.version = !{ !0 }
!nvvm.annotations = !{ !2 }
!0 = !{ i32 2, i32 0, i32 3, i32 2 }
!1 = !{ i64 0, i64 9223372036854775807 }
!2 = !{ void (i8*, i8*, i64, i64, float*, i64, i64)* @"_ZN8__main__4warpB2v1B92cw51cXTLSUwv1sDUaKthoaNgoKmjgOR3W3CwAkMXLaJtQYkOIgxJU0gCqOkEJoHkbttqdVhoqlspQGNFHSgJ5BnXagIAE5ArrayIfLi1E1A7mutable7alignedE", !"kernel", i32 1 }
