; ModuleID = "mathk$1"
target triple = "nvptx64-nvidia-cuda"
target datalayout = "e-p:64:64:64-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:64:64-i128:128:128-f32:32:32-f64:64:64-v16:16:16-v32:32:32-v64:64:64-v128:128:128-n16:32:64"

@"_ZN08NumbaEnv8__main__5mathkB2v1B92cw51cXTLSUwv1sDUaKthoaNgoKmjgOR3W3CwAkMXLaJtQYkOIgxJU0gCqOkEJoHkbttqdVhoqlspQGNFHSgJ5BnXagIAE5ArrayIfLi1E1A7mutable7alignedE5ArrayIfLi1E1A7mutable7alignedE" = common global i8* null
define void @"_ZN8__main__5mathkB2v1B92cw51cXTLSUwv1sDUaKthoaNgoKmjgOR3W3CwAkMXLaJtQYkOIgxJU0gCqOkEJoHkbttqdVhoqlspQGNFHSgJ5BnXagIAE5ArrayIfLi1E1A7mutable7alignedE5ArrayIfLi1E1A7mutable7alignedE"(i8* %"a.0", i8* %"a.1", i64 %"a.2", i64 %"a.3", float* %"a.4", i64 %"a.5.0", i64 %"a.6.0", i8* %"b.0", i8* %"b.1", i64 %"b.2", i64 %"b.3", float* %"b.4", i64 %"b.5.0", i64 %"b.6.0")
{
entry:
  %"inserted.meminfo" = insertvalue {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} undef, i8* %"a.0", 0
  %"inserted.parent" = insertvalue {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} %"inserted.meminfo", i8* %"a.1", 1
  %"inserted.nitems" = insertvalue {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} %"inserted.parent", i64 %"a.2", 2
  %"inserted.itemsize" = insertvalue {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} %"inserted.nitems", i64 %"a.3", 3
  %"inserted.data" = insertvalue {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} %"inserted.itemsize", float* %"a.4", 4
  %".17" = insertvalue [1 x i64] undef, i64 %"a.5.0", 0
  %"inserted.shape" = insertvalue {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} %"inserted.data", [1 x i64] %".17", 5
  %".18" = insertvalue [1 x i64] undef, i64 %"a.6.0", 0
  %"inserted.strides" = insertvalue {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} %"inserted.shape", [1 x i64] %".18", 6
  %"inserted.meminfo.1" = insertvalue {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} undef, i8* %"b.0", 0
  %"inserted.parent.1" = insertvalue {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} %"inserted.meminfo.1", i8* %"b.1", 1
  %"inserted.nitems.1" = insertvalue {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} %"inserted.parent.1", i64 %"b.2", 2
  %"inserted.itemsize.1" = insertvalue {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} %"inserted.nitems.1", i64 %"b.3", 3
  %"inserted.data.1" = insertvalue {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} %"inserted.itemsize.1", float* %"b.4", 4
  %".19" = insertvalue [1 x i64] undef, i64 %"b.5.0", 0
  %"inserted.shape.1" = insertvalue {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} %"inserted.data.1", [1 x i64] %".19", 5
  %".20" = insertvalue [1 x i64] undef, i64 %"b.6.0", 0
  %"inserted.strides.1" = insertvalue {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} %"inserted.shape.1", [1 x i64] %".20", 6
  %"a" = alloca {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %"a"
  %"b" = alloca {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %"b"
  %"i" = alloca i64
  store i64 0, i64* %"i"
  %".38" = alloca {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".38"
  %"$66pred" = alloca i1
  store i1 0, i1* %"$66pred"
  %".55" = alloca {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".55"
  %".88" = alloca {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".88"
  %".123" = alloca {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".123"
  %".156" = alloca {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".156"
  %".191" = alloca {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".191"
  %".225" = alloca {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".225"
  %".263" = alloca {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".263"
  %".298" = alloca {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".298"
  %".333" = alloca {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".333"
  %".370" = alloca {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".370"
  br label %"B0"
B0:
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} %"inserted.strides", {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %"a"
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} %"inserted.strides.1", {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %"b"
  %".25" = trunc i64 1 to i32
  %".26" = call i32 @"llvm.nvvm.read.ptx.sreg.tid.x"()
  %".27" = sext i32 %".26" to i64
  %".28" = call i32 @"llvm.nvvm.read.ptx.sreg.ntid.x"()
  %".29" = sext i32 %".28" to i64
  %".30" = call i32 @"llvm.nvvm.read.ptx.sreg.ctaid.x"()
  %".31" = sext i32 %".30" to i64
  %".32" = mul i64 %".29", %".31"
  %".33" = add i64 %".32", %".27"
  %".35" = load i64, i64* %"i"
  store i64 %".33", i64* %"i"
  %".37" = load {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %"a"
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".38"
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} %".37", {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".38"
  %".42" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".38", i32 0, i32 2
  %".43" = load i64, i64* %".42"
  %".44" = load i64, i64* %"i"
  %".45" = icmp slt i64 %".44", %".43"
  %".47" = load i1, i1* %"$66pred"
  store i1 %".45", i1* %"$66pred"
  %".49" = load i1, i1* %"$66pred"
  br i1 %".49", label %"B68", label %"B614"
B68:
  %".51" = load i1, i1* %"$66pred"
  store i1 0, i1* %"$66pred"
  %".53" = load {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %"a"
  %".54" = load i64, i64* %"i"
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".55"
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} %".53", {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".55"
  %".59" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".55", i32 0, i32 5
  %".60" = getelementptr inbounds [1 x i64], [1 x i64]* %".59", i32 0, i32 0
  %".61" = load i64, i64* %".60", !range !1
  %".62" = insertvalue [1 x i64] undef, i64 %".61", 0
  %".63" = extractvalue [1 x i64] %".62", 0
  %".64" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".55", i32 0, i32 6
  %".65" = load [1 x i64], [1 x i64]* %".64"
  %".66" = extractvalue [1 x i64] %".65", 0
  %".67" = icmp slt i64 %".54", 0
  %".68" = add i64 %".54", %".63"
  %".69" = select  i1 %".67", i64 %".68", i64 %".54"
  %".70" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".55", i32 0, i32 5
  %".71" = getelementptr inbounds [1 x i64], [1 x i64]* %".70", i32 0, i32 0
  %".72" = load i64, i64* %".71", !range !1
  %".73" = insertvalue [1 x i64] undef, i64 %".72", 0
  %".74" = extractvalue [1 x i64] %".73", 0
  %".75" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".55", i32 0, i32 6
  %".76" = load [1 x i64], [1 x i64]* %".75"
  %".77" = extractvalue [1 x i64] %".76", 0
  %".78" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".55", i32 0, i32 4
  %".79" = load float*, float** %".78"
  %".80" = mul i64 %".77", %".69"
  %".81" = ptrtoint float* %".79" to i64
  %".82" = add i64 %".81", %".80"
  %".83" = inttoptr i64 %".82" to float*
  %".84" = load float, float* %".83"
  %".85" = call float @"__nv_expf"(float %".84")
  %".86" = load {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %"a"
  %".87" = load i64, i64* %"i"
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".88"
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} %".86", {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".88"
  %".92" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".88", i32 0, i32 5
  %".93" = getelementptr inbounds [1 x i64], [1 x i64]* %".92", i32 0, i32 0
  %".94" = load i64, i64* %".93", !range !1
  %".95" = insertvalue [1 x i64] undef, i64 %".94", 0
  %".96" = extractvalue [1 x i64] %".95", 0
  %".97" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".88", i32 0, i32 6
  %".98" = load [1 x i64], [1 x i64]* %".97"
  %".99" = extractvalue [1 x i64] %".98", 0
  %".100" = icmp slt i64 %".87", 0
  %".101" = add i64 %".87", %".96"
  %".102" = select  i1 %".100", i64 %".101", i64 %".87"
  %".103" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".88", i32 0, i32 5
  %".104" = getelementptr inbounds [1 x i64], [1 x i64]* %".103", i32 0, i32 0
  %".105" = load i64, i64* %".104", !range !1
  %".106" = insertvalue [1 x i64] undef, i64 %".105", 0
  %".107" = extractvalue [1 x i64] %".106", 0
  %".108" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".88", i32 0, i32 6
  %".109" = load [1 x i64], [1 x i64]* %".108"
  %".110" = extractvalue [1 x i64] %".109", 0
  %".111" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".88", i32 0, i32 4
  %".112" = load float*, float** %".111"
  %".113" = mul i64 %".110", %".102"
  %".114" = ptrtoint float* %".112" to i64
  %".115" = add i64 %".114", %".113"
  %".116" = inttoptr i64 %".115" to float*
  %".117" = load float, float* %".116"
  %".118" = call float @"__nv_fabsf"(float %".117")
  %".119" = call float @"__nv_sqrtf"(float %".118")
  %".120" = fadd float %".85", %".119"
  %".121" = load {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %"a"
  %".122" = load i64, i64* %"i"
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".123"
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} %".121", {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".123"
  %".127" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".123", i32 0, i32 5
  %".128" = getelementptr inbounds [1 x i64], [1 x i64]* %".127", i32 0, i32 0
  %".129" = load i64, i64* %".128", !range !1
  %".130" = insertvalue [1 x i64] undef, i64 %".129", 0
  %".131" = extractvalue [1 x i64] %".130", 0
  %".132" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".123", i32 0, i32 6
  %".133" = load [1 x i64], [1 x i64]* %".132"
  %".134" = extractvalue [1 x i64] %".133", 0
  %".135" = icmp slt i64 %".122", 0
  %".136" = add i64 %".122", %".131"
  %".137" = select  i1 %".135", i64 %".136", i64 %".122"
  %".138" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".123", i32 0, i32 5
  %".139" = getelementptr inbounds [1 x i64], [1 x i64]* %".138", i32 0, i32 0
  %".140" = load i64, i64* %".139", !range !1
  %".141" = insertvalue [1 x i64] undef, i64 %".140", 0
  %".142" = extractvalue [1 x i64] %".141", 0
  %".143" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".123", i32 0, i32 6
  %".144" = load [1 x i64], [1 x i64]* %".143"
  %".145" = extractvalue [1 x i64] %".144", 0
  %".146" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".123", i32 0, i32 4
  %".147" = load float*, float** %".146"
  %".148" = mul i64 %".145", %".137"
  %".149" = ptrtoint float* %".147" to i64
  %".150" = add i64 %".149", %".148"
  %".151" = inttoptr i64 %".150" to float*
  %".152" = load float, float* %".151"
  %".153" = call float @"__nv_sinf"(float %".152")
  %".154" = load {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %"a"
  %".155" = load i64, i64* %"i"
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".156"
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} %".154", {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".156"
  %".160" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".156", i32 0, i32 5
  %".161" = getelementptr inbounds [1 x i64], [1 x i64]* %".160", i32 0, i32 0
  %".162" = load i64, i64* %".161", !range !1
  %".163" = insertvalue [1 x i64] undef, i64 %".162", 0
  %".164" = extractvalue [1 x i64] %".163", 0
  %".165" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".156", i32 0, i32 6
  %".166" = load [1 x i64], [1 x i64]* %".165"
  %".167" = extractvalue [1 x i64] %".166", 0
  %".168" = icmp slt i64 %".155", 0
  %".169" = add i64 %".155", %".164"
  %".170" = select  i1 %".168", i64 %".169", i64 %".155"
  %".171" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".156", i32 0, i32 5
  %".172" = getelementptr inbounds [1 x i64], [1 x i64]* %".171", i32 0, i32 0
  %".173" = load i64, i64* %".172", !range !1
  %".174" = insertvalue [1 x i64] undef, i64 %".173", 0
  %".175" = extractvalue [1 x i64] %".174", 0
  %".176" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".156", i32 0, i32 6
  %".177" = load [1 x i64], [1 x i64]* %".176"
  %".178" = extractvalue [1 x i64] %".177", 0
  %".179" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".156", i32 0, i32 4
  %".180" = load float*, float** %".179"
  %".181" = mul i64 %".178", %".170"
  %".182" = ptrtoint float* %".180" to i64
  %".183" = add i64 %".182", %".181"
  %".184" = inttoptr i64 %".183" to float*
  %".185" = load float, float* %".184"
  %".186" = call float @"__nv_cosf"(float %".185")
  %".187" = fmul float %".153", %".186"
  %".188" = fadd float %".120", %".187"
  %".189" = load {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %"a"
  %".190" = load i64, i64* %"i"
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".191"
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} %".189", {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".191"
  %".195" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".191", i32 0, i32 5
  %".196" = getelementptr inbounds [1 x i64], [1 x i64]* %".195", i32 0, i32 0
  %".197" = load i64, i64* %".196", !range !1
  %".198" = insertvalue [1 x i64] undef, i64 %".197", 0
  %".199" = extractvalue [1 x i64] %".198", 0
  %".200" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".191", i32 0, i32 6
  %".201" = load [1 x i64], [1 x i64]* %".200"
  %".202" = extractvalue [1 x i64] %".201", 0
  %".203" = icmp slt i64 %".190", 0
  %".204" = add i64 %".190", %".199"
  %".205" = select  i1 %".203", i64 %".204", i64 %".190"
  %".206" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".191", i32 0, i32 5
  %".207" = getelementptr inbounds [1 x i64], [1 x i64]* %".206", i32 0, i32 0
  %".208" = load i64, i64* %".207", !range !1
  %".209" = insertvalue [1 x i64] undef, i64 %".208", 0
  %".210" = extractvalue [1 x i64] %".209", 0
  %".211" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".191", i32 0, i32 6
  %".212" = load [1 x i64], [1 x i64]* %".211"
  %".213" = extractvalue [1 x i64] %".212", 0
  %".214" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".191", i32 0, i32 4
  %".215" = load float*, float** %".214"
  %".216" = mul i64 %".213", %".205"
  %".217" = ptrtoint float* %".215" to i64
  %".218" = add i64 %".217", %".216"
  %".219" = inttoptr i64 %".218" to float*
  %".220" = load float, float* %".219"
  %".221" = call float @"__nv_tanhf"(float %".220")
  %".222" = fadd float %".188", %".221"
  %".223" = load {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %"a"
  %".224" = load i64, i64* %"i"
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".225"
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} %".223", {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".225"
  %".229" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".225", i32 0, i32 5
  %".230" = getelementptr inbounds [1 x i64], [1 x i64]* %".229", i32 0, i32 0
  %".231" = load i64, i64* %".230", !range !1
  %".232" = insertvalue [1 x i64] undef, i64 %".231", 0
  %".233" = extractvalue [1 x i64] %".232", 0
  %".234" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".225", i32 0, i32 6
  %".235" = load [1 x i64], [1 x i64]* %".234"
  %".236" = extractvalue [1 x i64] %".235", 0
  %".237" = icmp slt i64 %".224", 0
  %".238" = add i64 %".224", %".233"
  %".239" = select  i1 %".237", i64 %".238", i64 %".224"
  %".240" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".225", i32 0, i32 5
  %".241" = getelementptr inbounds [1 x i64], [1 x i64]* %".240", i32 0, i32 0
  %".242" = load i64, i64* %".241", !range !1
  %".243" = insertvalue [1 x i64] undef, i64 %".242", 0
  %".244" = extractvalue [1 x i64] %".243", 0
  %".245" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".225", i32 0, i32 6
  %".246" = load [1 x i64], [1 x i64]* %".245"
  %".247" = extractvalue [1 x i64] %".246", 0
  %".248" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".225", i32 0, i32 4
  %".249" = load float*, float** %".248"
  %".250" = mul i64 %".247", %".239"
  %".251" = ptrtoint float* %".249" to i64
  %".252" = add i64 %".251", %".250"
  %".253" = inttoptr i64 %".252" to float*
  %".254" = load float, float* %".253"
  %".255" = call float @"__nv_fabsf"(float %".254")
  %".256" = fpext float %".255" to double
  %".257" = fadd double 0x3ff0000000000000, %".256"
  %".258" = call double @"__nv_log"(double %".257")
  %".259" = fpext float %".222" to double
  %".260" = fadd double %".259", %".258"
  %".261" = load {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %"a"
  %".262" = load i64, i64* %"i"
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".263"
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} %".261", {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".263"
  %".267" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".263", i32 0, i32 5
  %".268" = getelementptr inbounds [1 x i64], [1 x i64]* %".267", i32 0, i32 0
  %".269" = load i64, i64* %".268", !range !1
  %".270" = insertvalue [1 x i64] undef, i64 %".269", 0
  %".271" = extractvalue [1 x i64] %".270", 0
  %".272" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".263", i32 0, i32 6
  %".273" = load [1 x i64], [1 x i64]* %".272"
  %".274" = extractvalue [1 x i64] %".273", 0
  %".275" = icmp slt i64 %".262", 0
  %".276" = add i64 %".262", %".271"
  %".277" = select  i1 %".275", i64 %".276", i64 %".262"
  %".278" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".263", i32 0, i32 5
  %".279" = getelementptr inbounds [1 x i64], [1 x i64]* %".278", i32 0, i32 0
  %".280" = load i64, i64* %".279", !range !1
  %".281" = insertvalue [1 x i64] undef, i64 %".280", 0
  %".282" = extractvalue [1 x i64] %".281", 0
  %".283" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".263", i32 0, i32 6
  %".284" = load [1 x i64], [1 x i64]* %".283"
  %".285" = extractvalue [1 x i64] %".284", 0
  %".286" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".263", i32 0, i32 4
  %".287" = load float*, float** %".286"
  %".288" = mul i64 %".285", %".277"
  %".289" = ptrtoint float* %".287" to i64
  %".290" = add i64 %".289", %".288"
  %".291" = inttoptr i64 %".290" to float*
  %".292" = load float, float* %".291"
  %".293" = fpext float %".292" to double
  %".294" = call double @"__nv_pow"(double %".293", double 0x4000000000000000)
  %".295" = fadd double %".260", %".294"
  %".296" = load {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %"a"
  %".297" = load i64, i64* %"i"
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".298"
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} %".296", {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".298"
  %".302" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".298", i32 0, i32 5
  %".303" = getelementptr inbounds [1 x i64], [1 x i64]* %".302", i32 0, i32 0
  %".304" = load i64, i64* %".303", !range !1
  %".305" = insertvalue [1 x i64] undef, i64 %".304", 0
  %".306" = extractvalue [1 x i64] %".305", 0
  %".307" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".298", i32 0, i32 6
  %".308" = load [1 x i64], [1 x i64]* %".307"
  %".309" = extractvalue [1 x i64] %".308", 0
  %".310" = icmp slt i64 %".297", 0
  %".311" = add i64 %".297", %".306"
  %".312" = select  i1 %".310", i64 %".311", i64 %".297"
  %".313" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".298", i32 0, i32 5
  %".314" = getelementptr inbounds [1 x i64], [1 x i64]* %".313", i32 0, i32 0
  %".315" = load i64, i64* %".314", !range !1
  %".316" = insertvalue [1 x i64] undef, i64 %".315", 0
  %".317" = extractvalue [1 x i64] %".316", 0
  %".318" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".298", i32 0, i32 6
  %".319" = load [1 x i64], [1 x i64]* %".318"
  %".320" = extractvalue [1 x i64] %".319", 0
  %".321" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".298", i32 0, i32 4
  %".322" = load float*, float** %".321"
  %".323" = mul i64 %".320", %".312"
  %".324" = ptrtoint float* %".322" to i64
  %".325" = add i64 %".324", %".323"
  %".326" = inttoptr i64 %".325" to float*
  %".327" = load float, float* %".326"
  %".328" = call float @"__nv_floorf"(float %".327")
  %".329" = fpext float %".328" to double
  %".330" = fadd double %".295", %".329"
  %".331" = load {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %"a"
  %".332" = load i64, i64* %"i"
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".333"
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} %".331", {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".333"
  %".337" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".333", i32 0, i32 5
  %".338" = getelementptr inbounds [1 x i64], [1 x i64]* %".337", i32 0, i32 0
  %".339" = load i64, i64* %".338", !range !1
  %".340" = insertvalue [1 x i64] undef, i64 %".339", 0
  %".341" = extractvalue [1 x i64] %".340", 0
  %".342" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".333", i32 0, i32 6
  %".343" = load [1 x i64], [1 x i64]* %".342"
  %".344" = extractvalue [1 x i64] %".343", 0
  %".345" = icmp slt i64 %".332", 0
  %".346" = add i64 %".332", %".341"
  %".347" = select  i1 %".345", i64 %".346", i64 %".332"
  %".348" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".333", i32 0, i32 5
  %".349" = getelementptr inbounds [1 x i64], [1 x i64]* %".348", i32 0, i32 0
  %".350" = load i64, i64* %".349", !range !1
  %".351" = insertvalue [1 x i64] undef, i64 %".350", 0
  %".352" = extractvalue [1 x i64] %".351", 0
  %".353" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".333", i32 0, i32 6
  %".354" = load [1 x i64], [1 x i64]* %".353"
  %".355" = extractvalue [1 x i64] %".354", 0
  %".356" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".333", i32 0, i32 4
  %".357" = load float*, float** %".356"
  %".358" = mul i64 %".355", %".347"
  %".359" = ptrtoint float* %".357" to i64
  %".360" = add i64 %".359", %".358"
  %".361" = inttoptr i64 %".360" to float*
  %".362" = load float, float* %".361"
  %".363" = load {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %"a"
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %"a"
  %".365" = fpext float %".362" to double
  %".366" = call double @"__nv_fmax"(double %".365", double              0x0)
  %".367" = fadd double %".330", %".366"
  %".368" = load {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %"b"
  %".369" = load i64, i64* %"i"
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".370"
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} %".368", {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".370"
  %".374" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".370", i32 0, i32 5
  %".375" = getelementptr inbounds [1 x i64], [1 x i64]* %".374", i32 0, i32 0
  %".376" = load i64, i64* %".375", !range !1
  %".377" = insertvalue [1 x i64] undef, i64 %".376", 0
  %".378" = extractvalue [1 x i64] %".377", 0
  %".379" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".370", i32 0, i32 6
  %".380" = load [1 x i64], [1 x i64]* %".379"
  %".381" = extractvalue [1 x i64] %".380", 0
  %".382" = icmp slt i64 %".369", 0
  %".383" = add i64 %".369", %".378"
  %".384" = select  i1 %".382", i64 %".383", i64 %".369"
  %".385" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".370", i32 0, i32 5
  %".386" = getelementptr inbounds [1 x i64], [1 x i64]* %".385", i32 0, i32 0
  %".387" = load i64, i64* %".386", !range !1
  %".388" = insertvalue [1 x i64] undef, i64 %".387", 0
  %".389" = extractvalue [1 x i64] %".388", 0
  %".390" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".370", i32 0, i32 6
  %".391" = load [1 x i64], [1 x i64]* %".390"
  %".392" = extractvalue [1 x i64] %".391", 0
  %".393" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".370", i32 0, i32 4
  %".394" = load float*, float** %".393"
  %".395" = mul i64 %".392", %".384"
  %".396" = ptrtoint float* %".394" to i64
  %".397" = add i64 %".396", %".395"
  %".398" = inttoptr i64 %".397" to float*
  %".399" = fptrunc double %".367" to float
  store float %".399", float* %".398"
  %".401" = load i64, i64* %"i"
  store i64 0, i64* %"i"
  %".403" = load {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %"b"
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %"b"
  ret void
B614:
  %".407" = load i64, i64* %"i"
  store i64 0, i64* %"i"
  %".409" = load {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %"b"
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %"b"
  %".411" = load {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %"a"
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %"a"
  %".413" = load i1, i1* %"$66pred"
  store i1 0, i1* %"$66pred"
  ret void
}

declare i32 @"llvm.nvvm.read.ptx.sreg.tid.x"()

declare i32 @"llvm.nvvm.read.ptx.sreg.ntid.x"()

declare i32 @"llvm.nvvm.read.ptx.sreg.ctaid.x"()

declare float @"__nv_expf"(float %".1")

declare float @"__nv_fabsf"(float %".1")

declare float @"__nv_sqrtf"(float %".1")

declare float @"__nv_sinf"(float %".1")

declare float @"__nv_cosf"(float %".1")

declare float @"__nv_tanhf"(float %".1")

declare double @"__nv_log"(double %".1")

declare double @"__nv_pow"(double %".1", double %".2")

declare float @"__nv_floorf"(float %".1")

declare double @"__nv_fmax"(double %".1", double %".2")

@"llvm.used" = appending global [1 x i8*] [i8* bitcast (void (i8*, i8*, i64, i64, float*, i64, i64, i8*, i8*, i64, i64, float*, i64, i64)* @"_ZN8__main__5mathkB2v1B92cw51cXTLSUwv1sDUaKthoaNgoKmjgOR3W3CwAkMXLaJtQYkOIgxJU0gCqOkEJoHkbttqdVhoqlspQGNFHSgJ5BnXagIAE5ArrayIfLi1E1A7mutable7alignedE5ArrayIfLi1E1A7mutable7alignedE" to i8*)], section "llvm.metadata"
!nvvmir.version = !{ !0 }
!nvvm.annotations = !{ !2 }
!0 = !{ i32 2, i32 0, i32 3, i32 2 }
!1 = !{ i64 0, i64 9223372036854775807 }
!2 = !{ void (i8*, i8*, i64, i64, float*, i64, i64, i8*, i8*, i64, i64, float*, i64, i64)* @"_ZN8__main__5mathkB2v1B92cw51cXTLSUwv1sDUaKthoaNgoKmjgOR3W3CwAkMXLaJtQYkOIgxJU0gCqOkEJoHkbttqdVhoqlspQGNFHSgJ5BnXagIAE5ArrayIfLi1E1A7mutable7alignedE5ArrayIfLi1E1A7mutable7alignedE", !"kernel", i32 1 }
