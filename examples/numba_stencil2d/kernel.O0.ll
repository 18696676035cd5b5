; ModuleID = "stencil2d$1"
target triple = "nvptx64-nvidia-cuda"
target datalayout = "e-p:64:64:64-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:64:64-i128:128:128-f32:32:32-f64:64:64-v16:16:16-v32:32:32-v64:64:64-v128:128:128-n16:32:64"

@"_ZN08NumbaEnv6kernel9stencil2dB2v1B92cw51cXTLSUwv1sDUaKthoaNgoKmjgOR3W3CwAkMXLaJtQYkOIgxJU0gCqOkEJoHkbttqdVhoqlspQGNFHSgJ5BnXagIAE5ArrayIfLi2E1C7mutable7alignedE5ArrayIfLi2E1C7mutable7alignedE" = common global i8* null
define void @"_ZN6kernel9stencil2dB2v1B92cw51cXTLSUwv1sDUaKthoaNgoKmjgOR3W3CwAkMXLaJtQYkOIgxJU0gCqOkEJoHkbttqdVhoqlspQGNFHSgJ5BnXagIAE5ArrayIfLi2E1C7mutable7alignedE5ArrayIfLi2E1C7mutable7alignedE"(i8* %"a.0", i8* %"a.1", i64 %"a.2", i64 %"a.3", float* %"a.4", i64 %"a.5.0", i64 %"a.5.1", i64 %"a.6.0", i64 %"a.6.1", i8* %"b.0", i8* %"b.1", i64 %"b.2", i64 %"b.3", float* %"b.4", i64 %"b.5.0", i64 %"b.5.1", i64 %"b.6.0", i64 %"b.6.1")
{
entry:
  %"inserted.meminfo" = insertvalue {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]} undef, i8* %"a.0", 0
  %"inserted.parent" = insertvalue {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]} %"inserted.meminfo", i8* %"a.1", 1
  %"inserted.nitems" = insertvalue {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]} %"inserted.parent", i64 %"a.2", 2
  %"inserted.itemsize" = insertvalue {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]} %"inserted.nitems", i64 %"a.3", 3
  %"inserted.data" = insertvalue {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]} %"inserted.itemsize", float* %"a.4", 4
  %".21" = insertvalue [2 x i64] undef, i64 %"a.5.0", 0
  %".22" = insertvalue [2 x i64] %".21", i64 %"a.5.1", 1
  %"inserted.shape" = insertvalue {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]} %"inserted.data", [2 x i64] %".22", 5
  %".23" = insertvalue [2 x i64] undef, i64 %"a.6.0", 0
  %".24" = insertvalue [2 x i64] %".23", i64 %"a.6.1", 1
  %"inserted.strides" = insertvalue {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]} %"inserted.shape", [2 x i64] %".24", 6
  %"inserted.meminfo.1" = insertvalue {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]} undef, i8* %"b.0", 0
  %"inserted.parent.1" = insertvalue {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]} %"inserted.meminfo.1", i8* %"b.1", 1
  %"inserted.nitems.1" = insertvalue {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]} %"inserted.parent.1", i64 %"b.2", 2
  %"inserted.itemsize.1" = insertvalue {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]} %"inserted.nitems.1", i64 %"b.3", 3
  %"inserted.data.1" = insertvalue {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]} %"inserted.itemsize.1", float* %"b.4", 4
  %".25" = insertvalue [2 x i64] undef, i64 %"b.5.0", 0
  %".26" = insertvalue [2 x i64] %".25", i64 %"b.5.1", 1
  %"inserted.shape.1" = insertvalue {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]} %"inserted.data.1", [2 x i64] %".26", 5
  %".27" = insertvalue [2 x i64] undef, i64 %"b.6.0", 0
  %".28" = insertvalue [2 x i64] %".27", i64 %"b.6.1", 1
  %"inserted.strides.1" = insertvalue {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]} %"inserted.shape.1", [2 x i64] %".28", 6
  %"a" = alloca {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}
  store {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %"a"
  %"b" = alloca {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}
  store {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %"b"
  %"col" = alloca i64
  store i64 0, i64* %"col"
  %"row" = alloca i64
  store i64 0, i64* %"row"
  %".61" = alloca {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}
  store {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %".61"
  %"ny" = alloca i64
  store i64 0, i64* %"ny"
  %"nx" = alloca i64
  store i64 0, i64* %"nx"
  %"$80pred" = alloca i1
  store i1 0, i1* %"$80pred"
  %"$92pred" = alloca i1
  store i1 0, i1* %"$92pred"
  %"$104pred" = alloca i1
  store i1 0, i1* %"$104pred"
  %"$116pred" = alloca i1
  store i1 0, i1* %"$116pred"
  %"$134pred" = alloca i1
  store i1 0, i1* %"$134pred"
  %"$152pred" = alloca i1
  store i1 0, i1* %"$152pred"
  %".159" = alloca {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}
  store {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %".159"
  %".219" = alloca {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}
  store {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %".219"
  %".276" = alloca {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}
  store {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %".276"
  %".329" = alloca {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}
  store {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %".329"
  %".383" = alloca {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}
  store {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %".383"
  %".437" = alloca {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}
  store {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %".437"
  %".491" = alloca {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}
  store {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %".491"
  %".555" = alloca {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}
  store {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %".555"
  br label %"B0"
B0:
  store {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]} %"inserted.strides", {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %"a"
  store {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]} %"inserted.strides.1", {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %"b"
  %".33" = trunc i64 2 to i32
  %".34" = call i32 @"llvm.nvvm.read.ptx.sreg.tid.x"()
  %".35" = sext i32 %".34" to i64
  %".36" = call i32 @"llvm.nvvm.read.ptx.sreg.ntid.x"()
  %".37" = sext i32 %".36" to i64
  %".38" = call i32 @"llvm.nvvm.read.ptx.sreg.ctaid.x"()
  %".39" = sext i32 %".38" to i64
  %".40" = mul i64 %".37", %".39"
  %".41" = add i64 %".40", %".35"
  %".42" = call i32 @"llvm.nvvm.read.ptx.sreg.tid.y"()
  %".43" = sext i32 %".42" to i64
  %".44" = call i32 @"llvm.nvvm.read.ptx.sreg.ntid.y"()
  %".45" = sext i32 %".44" to i64
  %".46" = call i32 @"llvm.nvvm.read.ptx.sreg.ctaid.y"()
  %".47" = sext i32 %".46" to i64
  %".48" = mul i64 %".45", %".47"
  %".49" = add i64 %".48", %".43"
  %".50" = insertvalue [2 x i64] undef, i64 %".41", 0
  %".51" = insertvalue [2 x i64] %".50", i64 %".49", 1
  %".52" = extractvalue [2 x i64] %".51", 0
  %".53" = extractvalue [2 x i64] %".51", 1
  %".55" = load i64, i64* %"col"
  store i64 %".52", i64* %"col"
  %".58" = load i64, i64* %"row"
  store i64 %".53", i64* %"row"
  %".60" = load {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %"a"
  store {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %".61"
  store {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]} %".60", {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %".61"
  %".65" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %".61", i32 0, i32 5
  %".66" = getelementptr inbounds [2 x i64], [2 x i64]* %".65", i32 0, i32 0
  %".67" = load i64, i64* %".66", !range !1
  %".68" = getelementptr inbounds [2 x i64], [2 x i64]* %".65", i32 0, i32 1
  %".69" = load i64, i64* %".68", !range !1
  %".70" = insertvalue [2 x i64] undef, i64 %".67", 0
  %".71" = insertvalue [2 x i64] %".70", i64 %".69", 1
  %".72" = extractvalue [2 x i64] %".71", 0
  %".73" = extractvalue [2 x i64] %".71", 1
  %".75" = load i64, i64* %"ny"
  store i64 %".72", i64* %"ny"
  %".78" = load i64, i64* %"nx"
  store i64 %".73", i64* %"nx"
  %".80" = load i64, i64* %"row"
  %".81" = load i64, i64* %"ny"
  %".82" = icmp slt i64 %".80", %".81"
  %".84" = load i1, i1* %"$80pred"
  store i1 %".82", i1* %"$80pred"
  %".86" = load i1, i1* %"$80pred"
  br i1 %".86", label %"B82", label %"B402"
B82:
  %".88" = load i1, i1* %"$80pred"
  store i1 0, i1* %"$80pred"
  %".90" = load i64, i64* %"col"
  %".91" = load i64, i64* %"nx"
  %".92" = icmp slt i64 %".90", %".91"
  %".94" = load i1, i1* %"$92pred"
  store i1 %".92", i1* %"$92pred"
  %".96" = load i1, i1* %"$92pred"
  br i1 %".96", label %"B94", label %"B406"
B94:
  %".98" = load i1, i1* %"$92pred"
  store i1 0, i1* %"$92pred"
  %".100" = load i64, i64* %"row"
  %".101" = icmp eq i64 %".100", 0
  %".103" = load i1, i1* %"$104pred"
  store i1 %".101", i1* %"$104pred"
  %".105" = load i1, i1* %"$104pred"
  br i1 %".105", label %"B154", label %"B106"
B106:
  %".107" = load i1, i1* %"$104pred"
  store i1 0, i1* %"$104pred"
  %".109" = load i64, i64* %"col"
  %".110" = icmp eq i64 %".109", 0
  %".112" = load i1, i1* %"$116pred"
  store i1 %".110", i1* %"$116pred"
  %".114" = load i1, i1* %"$116pred"
  br i1 %".114", label %"B154", label %"B118"
B118:
  %".116" = load i1, i1* %"$116pred"
  store i1 0, i1* %"$116pred"
  %".118" = load i64, i64* %"ny"
  %".119" = sub nsw i64 %".118", 1
  %".120" = load i64, i64* %"ny"
  store i64 0, i64* %"ny"
  %".122" = load i64, i64* %"row"
  %".123" = icmp eq i64 %".122", %".119"
  %".125" = load i1, i1* %"$134pred"
  store i1 %".123", i1* %"$134pred"
  %".127" = load i1, i1* %"$134pred"
  br i1 %".127", label %"B154", label %"B136"
B136:
  %".129" = load i1, i1* %"$134pred"
  store i1 0, i1* %"$134pred"
  %".131" = load i64, i64* %"nx"
  %".132" = sub nsw i64 %".131", 1
  %".133" = load i64, i64* %"nx"
  store i64 0, i64* %"nx"
  %".135" = load i64, i64* %"col"
  %".136" = icmp eq i64 %".135", %".132"
  %".138" = load i1, i1* %"$152pred"
  store i1 %".136", i1* %"$152pred"
  %".140" = load i1, i1* %"$152pred"
  br i1 %".140", label %"B154", label %"B188"
B154:
  %".142" = load i64, i64* %"ny"
  store i64 0, i64* %"ny"
  %".144" = load i64, i64* %"nx"
  store i64 0, i64* %"nx"
  %".146" = load i1, i1* %"$152pred"
  store i1 0, i1* %"$152pred"
  %".148" = load i1, i1* %"$134pred"
  store i1 0, i1* %"$134pred"
  %".150" = load i1, i1* %"$116pred"
  store i1 0, i1* %"$116pred"
  %".152" = load i1, i1* %"$104pred"
  store i1 0, i1* %"$104pred"
  %".154" = load i64, i64* %"row"
  %".155" = load i64, i64* %"col"
  %".156" = insertvalue [2 x i64] undef, i64 %".154", 0
  %".157" = insertvalue [2 x i64] %".156", i64 %".155", 1
  %".158" = load {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %"a"
  store {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %".159"
  store {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]} %".158", {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %".159"
  %".163" = extractvalue [2 x i64] %".157", 0
  %".164" = extractvalue [2 x i64] %".157", 1
  %".165" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %".159", i32 0, i32 5
  %".166" = getelementptr inbounds [2 x i64], [2 x i64]* %".165", i32 0, i32 0
  %".167" = load i64, i64* %".166", !range !1
  %".168" = getelementptr inbounds [2 x i64], [2 x i64]* %".165", i32 0, i32 1
  %".169" = load i64, i64* %".168", !range !1
  %".170" = insertvalue [2 x i64] undef, i64 %".167", 0
  %".171" = insertvalue [2 x i64] %".170", i64 %".169", 1
  %".172" = extractvalue [2 x i64] %".171", 0
  %".173" = extractvalue [2 x i64] %".171", 1
  %".174" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %".159", i32 0, i32 6
  %".175" = load [2 x i64], [2 x i64]* %".174"
  %".176" = extractvalue [2 x i64] %".175", 0
  %".177" = extractvalue [2 x i64] %".175", 1
  %".178" = icmp slt i64 %".163", 0
  %".179" = add i64 %".163", %".172"
  %".180" = select  i1 %".178", i64 %".179", i64 %".163"
  %".181" = icmp slt i64 %".164", 0
  %".182" = add i64 %".164", %".173"
  %".183" = select  i1 %".181", i64 %".182", i64 %".164"
  %".184" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %".159", i32 0, i32 5
  %".185" = getelementptr inbounds [2 x i64], [2 x i64]* %".184", i32 0, i32 0
  %".186" = load i64, i64* %".185", !range !1
  %".187" = getelementptr inbounds [2 x i64], [2 x i64]* %".184", i32 0, i32 1
  %".188" = load i64, i64* %".187", !range !1
  %".189" = insertvalue [2 x i64] undef, i64 %".186", 0
  %".190" = insertvalue [2 x i64] %".189", i64 %".188", 1
  %".191" = extractvalue [2 x i64] %".190", 0
  %".192" = extractvalue [2 x i64] %".190", 1
  %".193" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %".159", i32 0, i32 6
  %".194" = load [2 x i64], [2 x i64]* %".193"
  %".195" = extractvalue [2 x i64] %".194", 0
  %".196" = extractvalue [2 x i64] %".194", 1
  %".197" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %".159", i32 0, i32 4
  %".198" = load float*, float** %".197"
  %".199" = mul i64 1, %".192"
  %".200" = mul i64 %".180", %".199"
  %".201" = add i64 0, %".200"
  %".202" = mul i64 %".183", 1
  %".203" = add i64 %".201", %".202"
  %".204" = getelementptr float, float* %".198", i64 %".203"
  %".205" = load float, float* %".204"
  %".206" = load {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %"a"
  store {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %"a"
  %".208" = load i64, i64* %"row"
  %".209" = load i64, i64* %"col"
  %".210" = insertvalue [2 x i64] undef, i64 %".208", 0
  %".211" = insertvalue [2 x i64] %".210", i64 %".209", 1
  %".212" = load i64, i64* %"row"
  store i64 0, i64* %"row"
  %".214" = load i64, i64* %"col"
  store i64 0, i64* %"col"
  %".216" = load {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %"b"
  %".217" = extractvalue [2 x i64] %".211", 0
  %".218" = extractvalue [2 x i64] %".211", 1
  store {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %".219"
  store {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]} %".216", {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %".219"
  %".223" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %".219", i32 0, i32 5
  %".224" = getelementptr inbounds [2 x i64], [2 x i64]* %".223", i32 0, i32 0
  %".225" = load i64, i64* %".224", !range !1
  %".226" = getelementptr inbounds [2 x i64], [2 x i64]* %".223", i32 0, i32 1
  %".227" = load i64, i64* %".226", !range !1
  %".228" = insertvalue [2 x i64] undef, i64 %".225", 0
  %".229" = insertvalue [2 x i64] %".228", i64 %".227", 1
  %".230" = extractvalue [2 x i64] %".229", 0
  %".231" = extractvalue [2 x i64] %".229", 1
  %".232" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %".219", i32 0, i32 6
  %".233" = load [2 x i64], [2 x i64]* %".232"
  %".234" = extractvalue [2 x i64] %".233", 0
  %".235" = extractvalue [2 x i64] %".233", 1
  %".236" = icmp slt i64 %".217", 0
  %".237" = add i64 %".217", %".230"
  %".238" = select  i1 %".236", i64 %".237", i64 %".217"
  %".239" = icmp slt i64 %".218", 0
  %".240" = add i64 %".218", %".231"
  %".241" = select  i1 %".239", i64 %".240", i64 %".218"
  %".242" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %".219", i32 0, i32 5
  %".243" = getelementptr inbounds [2 x i64], [2 x i64]* %".242", i32 0, i32 0
  %".244" = load i64, i64* %".243", !range !1
  %".245" = getelementptr inbounds [2 x i64], [2 x i64]* %".242", i32 0, i32 1
  %".246" = load i64, i64* %".245", !range !1
  %".247" = insertvalue [2 x i64] undef, i64 %".244", 0
  %".248" = insertvalue [2 x i64] %".247", i64 %".246", 1
  %".249" = extractvalue [2 x i64] %".248", 0
  %".250" = extractvalue [2 x i64] %".248", 1
  %".251" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %".219", i32 0, i32 6
  %".252" = load [2 x i64], [2 x i64]* %".251"
  %".253" = extractvalue [2 x i64] %".252", 0
  %".254" = extractvalue [2 x i64] %".252", 1
  %".255" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %".219", i32 0, i32 4
  %".256" = load float*, float** %".255"
  %".257" = mul i64 1, %".250"
  %".258" = mul i64 %".238", %".257"
  %".259" = add i64 0, %".258"
  %".260" = mul i64 %".241", 1
  %".261" = add i64 %".259", %".260"
  %".262" = getelementptr float, float* %".256", i64 %".261"
  store float %".205", float* %".262"
  %".264" = load {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %"b"
  store {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %"b"
  ret void
B188:
  %".268" = load i1, i1* %"$152pred"
  store i1 0, i1* %"$152pred"
  %".270" = load i64, i64* %"row"
  %".271" = sub nsw i64 %".270", 1
  %".272" = load i64, i64* %"col"
  %".273" = insertvalue [2 x i64] undef, i64 %".271", 0
  %".274" = insertvalue [2 x i64] %".273", i64 %".272", 1
  %".275" = load {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %"a"
  store {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %".276"
  store {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]} %".275", {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %".276"
  %".280" = extractvalue [2 x i64] %".274", 0
  %".281" = extractvalue [2 x i64] %".274", 1
  %".282" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %".276", i32 0, i32 5
  %".283" = getelementptr inbounds [2 x i64], [2 x i64]* %".282", i32 0, i32 0
  %".284" = load i64, i64* %".283", !range !1
  %".285" = getelementptr inbounds [2 x i64], [2 x i64]* %".282", i32 0, i32 1
  %".286" = load i64, i64* %".285", !range !1
  %".287" = insertvalue [2 x i64] undef, i64 %".284", 0
  %".288" = insertvalue [2 x i64] %".287", i64 %".286", 1
  %".289" = extractvalue [2 x i64] %".288", 0
  %".290" = extractvalue [2 x i64] %".288", 1
  %".291" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %".276", i32 0, i32 6
  %".292" = load [2 x i64], [2 x i64]* %".291"
  %".293" = extractvalue [2 x i64] %".292", 0
  %".294" = extractvalue [2 x i64] %".292", 1
  %".295" = icmp slt i64 %".280", 0
  %".296" = add i64 %".280", %".289"
  %".297" = select  i1 %".295", i64 %".296", i64 %".280"
  %".298" = icmp slt i64 %".281", 0
  %".299" = add i64 %".281", %".290"
  %".300" = select  i1 %".298", i64 %".299", i64 %".281"
  %".301" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %".276", i32 0, i32 5
  %".302" = getelementptr inbounds [2 x i64], [2 x i64]* %".301", i32 0, i32 0
  %".303" = load i64, i64* %".302", !range !1
  %".304" = getelementptr inbounds [2 x i64], [2 x i64]* %".301", i32 0, i32 1
  %".305" = load i64, i64* %".304", !range !1
  %".306" = insertvalue [2 x i64] undef, i64 %".303", 0
  %".307" = insertvalue [2 x i64] %".306", i64 %".305", 1
  %".308" = extractvalue [2 x i64] %".307", 0
  %".309" = extractvalue [2 x i64] %".307", 1
  %".310" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %".276", i32 0, i32 6
  %".311" = load [2 x i64], [2 x i64]* %".310"
  %".312" = extractvalue [2 x i64] %".311", 0
  %".313" = extractvalue [2 x i64] %".311", 1
  %".314" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %".276", i32 0, i32 4
  %".315" = load float*, float** %".314"
  %".316" = mul i64 1, %".309"
  %".317" = mul i64 %".297", %".316"
  %".318" = add i64 0, %".317"
  %".319" = mul i64 %".300", 1
  %".320" = add i64 %".318", %".319"
  %".321" = getelementptr float, float* %".315", i64 %".320"
  %".322" = load float, float* %".321"
  %".323" = load i64, i64* %"row"
  %".324" = add nsw i64 %".323", 1
  %".325" = load i64, i64* %"col"
  %".326" = insertvalue [2 x i64] undef, i64 %".324", 0
  %".327" = insertvalue [2 x i64] %".326", i64 %".325", 1
  %".328" = load {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %"a"
  store {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %".329"
  store {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]} %".328", {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %".329"
  %".333" = extractvalue [2 x i64] %".327", 0
  %".334" = extractvalue [2 x i64] %".327", 1
  %".335" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %".329", i32 0, i32 5
  %".336" = getelementptr inbounds [2 x i64], [2 x i64]* %".335", i32 0, i32 0
  %".337" = load i64, i64* %".336", !range !1
  %".338" = getelementptr inbounds [2 x i64], [2 x i64]* %".335", i32 0, i32 1
  %".339" = load i64, i64* %".338", !range !1
  %".340" = insertvalue [2 x i64] undef, i64 %".337", 0
  %".341" = insertvalue [2 x i64] %".340", i64 %".339", 1
  %".342" = extractvalue [2 x i64] %".341", 0
  %".343" = extractvalue [2 x i64] %".341", 1
  %".344" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %".329", i32 0, i32 6
  %".345" = load [2 x i64], [2 x i64]* %".344"
  %".346" = extractvalue [2 x i64] %".345", 0
  %".347" = extractvalue [2 x i64] %".345", 1
  %".348" = icmp slt i64 %".333", 0
  %".349" = add i64 %".333", %".342"
  %".350" = select  i1 %".348", i64 %".349", i64 %".333"
  %".351" = icmp slt i64 %".334", 0
  %".352" = add i64 %".334", %".343"
  %".353" = select  i1 %".351", i64 %".352", i64 %".334"
  %".354" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %".329", i32 0, i32 5
  %".355" = getelementptr inbounds [2 x i64], [2 x i64]* %".354", i32 0, i32 0
  %".356" = load i64, i64* %".355", !range !1
  %".357" = getelementptr inbounds [2 x i64], [2 x i64]* %".354", i32 0, i32 1
  %".358" = load i64, i64* %".357", !range !1
  %".359" = insertvalue [2 x i64] undef, i64 %".356", 0
  %".360" = insertvalue [2 x i64] %".359", i64 %".358", 1
  %".361" = extractvalue [2 x i64] %".360", 0
  %".362" = extractvalue [2 x i64] %".360", 1
  %".363" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %".329", i32 0, i32 6
  %".364" = load [2 x i64], [2 x i64]* %".363"
  %".365" = extractvalue [2 x i64] %".364", 0
  %".366" = extractvalue [2 x i64] %".364", 1
  %".367" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %".329", i32 0, i32 4
  %".368" = load float*, float** %".367"
  %".369" = mul i64 1, %".362"
  %".370" = mul i64 %".350", %".369"
  %".371" = add i64 0, %".370"
  %".372" = mul i64 %".353", 1
  %".373" = add i64 %".371", %".372"
  %".374" = getelementptr float, float* %".368", i64 %".373"
  %".375" = load float, float* %".374"
  %".376" = fadd float %".322", %".375"
  %".377" = load i64, i64* %"col"
  %".378" = sub nsw i64 %".377", 1
  %".379" = load i64, i64* %"row"
  %".380" = insertvalue [2 x i64] undef, i64 %".379", 0
  %".381" = insertvalue [2 x i64] %".380", i64 %".378", 1
  %".382" = load {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %"a"
  store {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %".383"
  store {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]} %".382", {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %".383"
  %".387" = extractvalue [2 x i64] %".381", 0
  %".388" = extractvalue [2 x i64] %".381", 1
  %".389" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %".383", i32 0, i32 5
  %".390" = getelementptr inbounds [2 x i64], [2 x i64]* %".389", i32 0, i32 0
  %".391" = load i64, i64* %".390", !range !1
  %".392" = getelementptr inbounds [2 x i64], [2 x i64]* %".389", i32 0, i32 1
  %".393" = load i64, i64* %".392", !range !1
  %".394" = insertvalue [2 x i64] undef, i64 %".391", 0
  %".395" = insertvalue [2 x i64] %".394", i64 %".393", 1
  %".396" = extractvalue [2 x i64] %".395", 0
  %".397" = extractvalue [2 x i64] %".395", 1
  %".398" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %".383", i32 0, i32 6
  %".399" = load [2 x i64], [2 x i64]* %".398"
  %".400" = extractvalue [2 x i64] %".399", 0
  %".401" = extractvalue [2 x i64] %".399", 1
  %".402" = icmp slt i64 %".387", 0
  %".403" = add i64 %".387", %".396"
  %".404" = select  i1 %".402", i64 %".403", i64 %".387"
  %".405" = icmp slt i64 %".388", 0
  %".406" = add i64 %".388", %".397"
  %".407" = select  i1 %".405", i64 %".406", i64 %".388"
  %".408" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %".383", i32 0, i32 5
  %".409" = getelementptr inbounds [2 x i64], [2 x i64]* %".408", i32 0, i32 0
  %".410" = load i64, i64* %".409", !range !1
  %".411" = getelementptr inbounds [2 x i64], [2 x i64]* %".408", i32 0, i32 1
  %".412" = load i64, i64* %".411", !range !1
  %".413" = insertvalue [2 x i64] undef, i64 %".410", 0
  %".414" = insertvalue [2 x i64] %".413", i64 %".412", 1
  %".415" = extractvalue [2 x i64] %".414", 0
  %".416" = extractvalue [2 x i64] %".414", 1
  %".417" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %".383", i32 0, i32 6
  %".418" = load [2 x i64], [2 x i64]* %".417"
  %".419" = extractvalue [2 x i64] %".418", 0
  %".420" = extractvalue [2 x i64] %".418", 1
  %".421" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %".383", i32 0, i32 4
  %".422" = load float*, float** %".421"
  %".423" = mul i64 1, %".416"
  %".424" = mul i64 %".404", %".423"
  %".425" = add i64 0, %".424"
  %".426" = mul i64 %".407", 1
  %".427" = add i64 %".425", %".426"
  %".428" = getelementptr float, float* %".422", i64 %".427"
  %".429" = load float, float* %".428"
  %".430" = fadd float %".376", %".429"
  %".431" = load i64, i64* %"col"
  %".432" = add nsw i64 %".431", 1
  %".433" = load i64, i64* %"row"
  %".434" = insertvalue [2 x i64] undef, i64 %".433", 0
  %".435" = insertvalue [2 x i64] %".434", i64 %".432", 1
  %".436" = load {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %"a"
  store {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %".437"
  store {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]} %".436", {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %".437"
  %".441" = extractvalue [2 x i64] %".435", 0
  %".442" = extractvalue [2 x i64] %".435", 1
  %".443" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %".437", i32 0, i32 5
  %".444" = getelementptr inbounds [2 x i64], [2 x i64]* %".443", i32 0, i32 0
  %".445" = load i64, i64* %".444", !range !1
  %".446" = getelementptr inbounds [2 x i64], [2 x i64]* %".443", i32 0, i32 1
  %".447" = load i64, i64* %".446", !range !1
  %".448" = insertvalue [2 x i64] undef, i64 %".445", 0
  %".449" = insertvalue [2 x i64] %".448", i64 %".447", 1
  %".450" = extractvalue [2 x i64] %".449", 0
  %".451" = extractvalue [2 x i64] %".449", 1
  %".452" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %".437", i32 0, i32 6
  %".453" = load [2 x i64], [2 x i64]* %".452"
  %".454" = extractvalue [2 x i64] %".453", 0
  %".455" = extractvalue [2 x i64] %".453", 1
  %".456" = icmp slt i64 %".441", 0
  %".457" = add i64 %".441", %".450"
  %".458" = select  i1 %".456", i64 %".457", i64 %".441"
  %".459" = icmp slt i64 %".442", 0
  %".460" = add i64 %".442", %".451"
  %".461" = select  i1 %".459", i64 %".460", i64 %".442"
  %".462" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %".437", i32 0, i32 5
  %".463" = getelementptr inbounds [2 x i64], [2 x i64]* %".462", i32 0, i32 0
  %".464" = load i64, i64* %".463", !range !1
  %".465" = getelementptr inbounds [2 x i64], [2 x i64]* %".462", i32 0, i32 1
  %".466" = load i64, i64* %".465", !range !1
  %".467" = insertvalue [2 x i64] undef, i64 %".464", 0
  %".468" = insertvalue [2 x i64] %".467", i64 %".466", 1
  %".469" = extractvalue [2 x i64] %".468", 0
  %".470" = extractvalue [2 x i64] %".468", 1
  %".471" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %".437", i32 0, i32 6
  %".472" = load [2 x i64], [2 x i64]* %".471"
  %".473" = extractvalue [2 x i64] %".472", 0
  %".474" = extractvalue [2 x i64] %".472", 1
  %".475" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %".437", i32 0, i32 4
  %".476" = load float*, float** %".475"
  %".477" = mul i64 1, %".470"
  %".478" = mul i64 %".458", %".477"
  %".479" = add i64 0, %".478"
  %".480" = mul i64 %".461", 1
  %".481" = add i64 %".479", %".480"
  %".482" = getelementptr float, float* %".476", i64 %".481"
  %".483" = load float, float* %".482"
  %".484" = fadd float %".430", %".483"
  %".485" = fptrunc double 0x3fe0000000000000 to float
  %".486" = load i64, i64* %"row"
  %".487" = load i64, i64* %"col"
  %".488" = insertvalue [2 x i64] undef, i64 %".486", 0
  %".489" = insertvalue [2 x i64] %".488", i64 %".487", 1
  %".490" = load {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %"a"
  store {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %".491"
  store {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]} %".490", {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %".491"
  %".495" = extractvalue [2 x i64] %".489", 0
  %".496" = extractvalue [2 x i64] %".489", 1
  %".497" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %".491", i32 0, i32 5
  %".498" = getelementptr inbounds [2 x i64], [2 x i64]* %".497", i32 0, i32 0
  %".499" = load i64, i64* %".498", !range !1
  %".500" = getelementptr inbounds [2 x i64], [2 x i64]* %".497", i32 0, i32 1
  %".501" = load i64, i64* %".500", !range !1
  %".502" = insertvalue [2 x i64] undef, i64 %".499", 0
  %".503" = insertvalue [2 x i64] %".502", i64 %".501", 1
  %".504" = extractvalue [2 x i64] %".503", 0
  %".505" = extractvalue [2 x i64] %".503", 1
  %".506" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %".491", i32 0, i32 6
  %".507" = load [2 x i64], [2 x i64]* %".506"
  %".508" = extractvalue [2 x i64] %".507", 0
  %".509" = extractvalue [2 x i64] %".507", 1
  %".510" = icmp slt i64 %".495", 0
  %".511" = add i64 %".495", %".504"
  %".512" = select  i1 %".510", i64 %".511", i64 %".495"
  %".513" = icmp slt i64 %".496", 0
  %".514" = add i64 %".496", %".505"
  %".515" = select  i1 %".513", i64 %".514", i64 %".496"
  %".516" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %".491", i32 0, i32 5
  %".517" = getelementptr inbounds [2 x i64], [2 x i64]* %".516", i32 0, i32 0
  %".518" = load i64, i64* %".517", !range !1
  %".519" = getelementptr inbounds [2 x i64], [2 x i64]* %".516", i32 0, i32 1
  %".520" = load i64, i64* %".519", !range !1
  %".521" = insertvalue [2 x i64] undef, i64 %".518", 0
  %".522" = insertvalue [2 x i64] %".521", i64 %".520", 1
  %".523" = extractvalue [2 x i64] %".522", 0
  %".524" = extractvalue [2 x i64] %".522", 1
  %".525" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %".491", i32 0, i32 6
  %".526" = load [2 x i64], [2 x i64]* %".525"
  %".527" = extractvalue [2 x i64] %".526", 0
  %".528" = extractvalue [2 x i64] %".526", 1
  %".529" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %".491", i32 0, i32 4
  %".530" = load float*, float** %".529"
  %".531" = mul i64 1, %".524"
  %".532" = mul i64 %".512", %".531"
  %".533" = add i64 0, %".532"
  %".534" = mul i64 %".515", 1
  %".535" = add i64 %".533", %".534"
  %".536" = getelementptr float, float* %".530", i64 %".535"
  %".537" = load float, float* %".536"
  %".538" = load {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %"a"
  store {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %"a"
  %".540" = fmul float %".485", %".537"
  %".541" = fptrunc double 0x3fc0000000000000 to float
  %".542" = fmul float %".541", %".484"
  %".543" = fadd float %".540", %".542"
  %".544" = load i64, i64* %"row"
  %".545" = load i64, i64* %"col"
  %".546" = insertvalue [2 x i64] undef, i64 %".544", 0
  %".547" = insertvalue [2 x i64] %".546", i64 %".545", 1
  %".548" = load i64, i64* %"row"
  store i64 0, i64* %"row"
  %".550" = load i64, i64* %"col"
  store i64 0, i64* %"col"
  %".552" = load {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %"b"
  %".553" = extractvalue [2 x i64] %".547", 0
  %".554" = extractvalue [2 x i64] %".547", 1
  store {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %".555"
  store {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]} %".552", {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %".555"
  %".559" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %".555", i32 0, i32 5
  %".560" = getelementptr inbounds [2 x i64], [2 x i64]* %".559", i32 0, i32 0
  %".561" = load i64, i64* %".560", !range !1
  %".562" = getelementptr inbounds [2 x i64], [2 x i64]* %".559", i32 0, i32 1
  %".563" = load i64, i64* %".562", !range !1
  %".564" = insertvalue [2 x i64] undef, i64 %".561", 0
  %".565" = insertvalue [2 x i64] %".564", i64 %".563", 1
  %".566" = extractvalue [2 x i64] %".565", 0
  %".567" = extractvalue [2 x i64] %".565", 1
  %".568" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %".555", i32 0, i32 6
  %".569" = load [2 x i64], [2 x i64]* %".568"
  %".570" = extractvalue [2 x i64] %".569", 0
  %".571" = extractvalue [2 x i64] %".569", 1
  %".572" = icmp slt i64 %".553", 0
  %".573" = add i64 %".553", %".566"
  %".574" = select  i1 %".572", i64 %".573", i64 %".553"
  %".575" = icmp slt i64 %".554", 0
  %".576" = add i64 %".554", %".567"
  %".577" = select  i1 %".575", i64 %".576", i64 %".554"
  %".578" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %".555", i32 0, i32 5
  %".579" = getelementptr inbounds [2 x i64], [2 x i64]* %".578", i32 0, i32 0
  %".580" = load i64, i64* %".579", !range !1
  %".581" = getelementptr inbounds [2 x i64], [2 x i64]* %".578", i32 0, i32 1
  %".582" = load i64, i64* %".581", !range !1
  %".583" = insertvalue [2 x i64] undef, i64 %".580", 0
  %".584" = insertvalue [2 x i64] %".583", i64 %".582", 1
  %".585" = extractvalue [2 x i64] %".584", 0
  %".586" = extractvalue [2 x i64] %".584", 1
  %".587" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %".555", i32 0, i32 6
  %".588" = load [2 x i64], [2 x i64]* %".587"
  %".589" = extractvalue [2 x i64] %".588", 0
  %".590" = extractvalue [2 x i64] %".588", 1
  %".591" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %".555", i32 0, i32 4
  %".592" = load float*, float** %".591"
  %".593" = mul i64 1, %".586"
  %".594" = mul i64 %".574", %".593"
  %".595" = add i64 0, %".594"
  %".596" = mul i64 %".577", 1
  %".597" = add i64 %".595", %".596"
  %".598" = getelementptr float, float* %".592", i64 %".597"
  store float %".543", float* %".598"
  %".600" = load {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %"b"
  store {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %"b"
  ret void
B402:
  %".604" = load i64, i64* %"row"
  store i64 0, i64* %"row"
  %".606" = load i64, i64* %"ny"
  store i64 0, i64* %"ny"
  %".608" = load i64, i64* %"nx"
  store i64 0, i64* %"nx"
  %".610" = load i64, i64* %"col"
  store i64 0, i64* %"col"
  %".612" = load {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %"b"
  store {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %"b"
  %".614" = load {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %"a"
  store {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %"a"
  %".616" = load i1, i1* %"$80pred"
  store i1 0, i1* %"$80pred"
  ret void
B406:
  %".620" = load i64, i64* %"row"
  store i64 0, i64* %"row"
  %".622" = load i64, i64* %"ny"
  store i64 0, i64* %"ny"
  %".624" = load i64, i64* %"nx"
  store i64 0, i64* %"nx"
  %".626" = load i64, i64* %"col"
  store i64 0, i64* %"col"
  %".628" = load {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %"b"
  store {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %"b"
  %".630" = load {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %"a"
  store {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [2 x i64], [2 x i64]}* %"a"
  %".632" = load i1, i1* %"$92pred"
  store i1 0, i1* %"$92pred"
  ret void
}

declare i32 @"llvm.nvvm.read.ptx.sreg.tid.x"()

declare i32 @"llvm.nvvm.read.ptx.sreg.ntid.x"()

declare i32 @"llvm.nvvm.read.ptx.sreg.ctaid.x"()

declare i32 @"llvm.nvvm.read.ptx.sreg.tid.y"()

declare i32 @"llvm.nvvm.read.ptx.sreg.ntid.y"()

declare i32 @"llvm.nvvm.read.ptx.sreg.ctaid.y"()

@"llvm.used" = appending global [1 x i8*] [i8* bitcast (void (i8*, i8*, i64, i64, float*, i64, i64, i64, i64, i8*, i8*, i64, i64, float*, i64, i64, i64, i64)* @"_ZN6kernel9stencil2dB2v1B92cw51cXTLSUwv1sDUaKthoaNgoKmjgOR3W3CwAkMXLaJtQYkOIgxJU0gCqOkEJoHkbttqdVhoqlspQGNFHSgJ5BnXagIAE5ArrayIfLi2E1C7mutable7alignedE5ArrayIfLi2E1C7mutable7alignedE" to i8*)], section "llvm.metadata"
!nvvmir.version = !{ !0 }
!nvvm.annotations = !{ !2 }
!0 = !{ i32 2, i32 0, i32 3, i32 2 }
!1 = !{ i64 0, i64 9223372036854775807 }
!2 = !{ void (i8*, i8*, i64, i64, float*, i64, i64, i64, i64, i8*, i8*, i64, i64, float*, i64, i64, i64, i64)* @"_ZN6kernel9stencil2dB2v1B92cw51cXTLSUwv1sDUaKthoaNgoKmjgOR3W3CwAkMXLaJtQYkOIgxJU0gCqOkEJoHkbttqdVhoqlspQGNFHSgJ5BnXagIAE5ArrayIfLi2E1C7mutable7alignedE5ArrayIfLi2E1C7mutable7alignedE", !"kernel", i32 1 }
