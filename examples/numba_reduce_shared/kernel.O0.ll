; ModuleID = "reduce_sum$1"
target triple = "nvptx64-nvidia-cuda"
target datalayout = "e-p:64:64:64-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:64:64-i128:128:128-f32:32:32-f64:64:64-v16:16:16-v32:32:32-v64:64:64-v128:128:128-n16:32:64"

@"_ZN08NumbaEnv6kernel10reduce_sumB2v1B92cw51cXTLSUwv1sDUaKthoaNgoKmjgOR3W3CwAkMXLaJtQYkOIgxJU0gCqOkEJoHkbttqdVhoqlspQGNFHSgJ5BnXagIAE5ArrayIfLi1E1C7mutable7alignedE5ArrayIfLi1E1C7mutable7alignedE" = common global i8* null
define void @"_ZN6kernel10reduce_sumB2v1B92cw51cXTLSUwv1sDUaKthoaNgoKmjgOR3W3CwAkMXLaJtQYkOIgxJU0gCqOkEJoHkbttqdVhoqlspQGNFHSgJ5BnXagIAE5ArrayIfLi1E1C7mutable7alignedE5ArrayIfLi1E1C7mutable7alignedE"(i8* %"x.0", i8* %"x.1", i64 %"x.2", i64 %"x.3", float* %"x.4", i64 %"x.5.0", i64 %"x.6.0", i8* %"partial.0", i8* %"partial.1", i64 %"partial.2", i64 %"partial.3", float* %"partial.4", i64 %"partial.5.0", i64 %"partial.6.0")
{
entry:
  %"inserted.meminfo" = insertvalue {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} undef, i8* %"x.0", 0
  %"inserted.parent" = insertvalue {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} %"inserted.meminfo", i8* %"x.1", 1
  %"inserted.nitems" = insertvalue {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} %"inserted.parent", i64 %"x.2", 2
  %"inserted.itemsize" = insertvalue {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} %"inserted.nitems", i64 %"x.3", 3
  %"inserted.data" = insertvalue {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} %"inserted.itemsize", float* %"x.4", 4
  %".17" = insertvalue [1 x i64] undef, i64 %"x.5.0", 0
  %"inserted.shape" = insertvalue {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} %"inserted.data", [1 x i64] %".17", 5
  %".18" = insertvalue [1 x i64] undef, i64 %"x.6.0", 0
  %"inserted.strides" = insertvalue {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} %"inserted.shape", [1 x i64] %".18", 6
  %"inserted.meminfo.1" = insertvalue {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} undef, i8* %"partial.0", 0
  %"inserted.parent.1" = insertvalue {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} %"inserted.meminfo.1", i8* %"partial.1", 1
  %"inserted.nitems.1" = insertvalue {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} %"inserted.parent.1", i64 %"partial.2", 2
  %"inserted.itemsize.1" = insertvalue {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} %"inserted.nitems.1", i64 %"partial.3", 3
  %"inserted.data.1" = insertvalue {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} %"inserted.itemsize.1", float* %"partial.4", 4
  %".19" = insertvalue [1 x i64] undef, i64 %"partial.5.0", 0
  %"inserted.shape.1" = insertvalue {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} %"inserted.data.1", [1 x i64] %".19", 5
  %".20" = insertvalue [1 x i64] undef, i64 %"partial.6.0", 0
  %"inserted.strides.1" = insertvalue {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} %"inserted.shape.1", [1 x i64] %".20", 6
  %"x" = alloca {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %"x"
  %"partial" = alloca {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %"partial"
  %".25" = alloca {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".25"
  %"sdata" = alloca {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %"sdata"
  %"tid" = alloca i32
  store i32 0, i32* %"tid"
  %"i" = alloca i64
  store i64 0, i64* %"i"
  %".87" = alloca {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".87"
  %"$230pred" = alloca i1
  store i1 0, i1* %"$230pred"
  %".107" = alloca {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".107"
  %".143" = alloca {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".143"
  %".183" = alloca {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".183"
  %"quot" = alloca i64
  store i64 0, i64* %"quot"
  %"rem" = alloca i64
  store i64 0, i64* %"rem"
  %".229" = alloca i64
  store i64 0, i64* %".229"
  %".232" = alloca i64
  store i64 0, i64* %".232"
  %"s.2" = alloca i64
  store i64 0, i64* %"s.2"
  %"$380pred" = alloca i1
  store i1 0, i1* %"$380pred"
  %"$502pred" = alloca i1
  store i1 0, i1* %"$502pred"
  %"$392pred" = alloca i1
  store i1 0, i1* %"$392pred"
  %".290" = alloca {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".290"
  %".324" = alloca {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".324"
  %".357" = alloca {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".357"
  %"quot.1" = alloca i64
  store i64 0, i64* %"quot.1"
  %"rem.1" = alloca i64
  store i64 0, i64* %"rem.1"
  %".398" = alloca i64
  store i64 0, i64* %".398"
  %".401" = alloca i64
  store i64 0, i64* %".401"
  %"$514pred" = alloca i1
  store i1 0, i1* %"$514pred"
  %".457" = alloca {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".457"
  %".497" = alloca {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".497"
  br label %"B0"
B0:
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} %"inserted.strides", {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %"x"
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} %"inserted.strides.1", {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %"partial"
  %"generic" = addrspacecast [256 x float] addrspace(3)* @"_cudapy_smem_1" to i8*
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".25"
  %".28" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".25", i32 0, i32 4
  %".29" = load float*, float** %".28"
  %".30" = bitcast i8* %"generic" to float*
  %".31" = insertvalue [1 x i64] undef, i64 256, 0
  %".32" = insertvalue [1 x i64] undef, i64 4, 0
  %".33" = extractvalue [1 x i64] %".31", 0
  %".34" = mul nsw i64 1, %".33"
  %".35" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".25", i32 0, i32 5
  store [1 x i64] %".31", [1 x i64]* %".35"
  %".37" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".25", i32 0, i32 6
  store [1 x i64] %".32", [1 x i64]* %".37"
  %".39" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".25", i32 0, i32 4
  store float* %".30", float** %".39"
  %".41" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".25", i32 0, i32 3
  store i64 4, i64* %".41"
  %".43" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".25", i32 0, i32 0
  store i8* null, i8** %".43"
  %".45" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".25", i32 0, i32 1
  store i8* null, i8** %".45"
  %".47" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".25", i32 0, i32 2
  store i64 %".34", i64* %".47"
  %".49" = load {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".25"
  %".51" = load {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %"sdata"
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} %".49", {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %"sdata"
  %".53" = call i32 @"llvm.nvvm.read.ptx.sreg.tid.x"()
  %".54" = call i32 @"llvm.nvvm.read.ptx.sreg.tid.y"()
  %".55" = call i32 @"llvm.nvvm.read.ptx.sreg.tid.z"()
  %".56" = insertvalue {i32, i32, i32} undef, i32 %".53", 0
  %".57" = insertvalue {i32, i32, i32} %".56", i32 %".54", 1
  %".58" = insertvalue {i32, i32, i32} %".57", i32 %".55", 2
  %".59" = extractvalue {i32, i32, i32} %".58", 0
  %".61" = load i32, i32* %"tid"
  store i32 %".59", i32* %"tid"
  %".63" = call i32 @"llvm.nvvm.read.ptx.sreg.ctaid.x"()
  %".64" = call i32 @"llvm.nvvm.read.ptx.sreg.ctaid.y"()
  %".65" = call i32 @"llvm.nvvm.read.ptx.sreg.ctaid.z"()
  %".66" = insertvalue {i32, i32, i32} undef, i32 %".63", 0
  %".67" = insertvalue {i32, i32, i32} %".66", i32 %".64", 1
  %".68" = insertvalue {i32, i32, i32} %".67", i32 %".65", 2
  %".69" = extractvalue {i32, i32, i32} %".68", 0
  %".70" = call i32 @"llvm.nvvm.read.ptx.sreg.ntid.x"()
  %".71" = call i32 @"llvm.nvvm.read.ptx.sreg.ntid.y"()
  %".72" = call i32 @"llvm.nvvm.read.ptx.sreg.ntid.z"()
  %".73" = insertvalue {i32, i32, i32} undef, i32 %".70", 0
  %".74" = insertvalue {i32, i32, i32} %".73", i32 %".71", 1
  %".75" = insertvalue {i32, i32, i32} %".74", i32 %".72", 2
  %".76" = extractvalue {i32, i32, i32} %".75", 0
  %".77" = sext i32 %".69" to i64
  %".78" = sext i32 %".76" to i64
  %".79" = mul nsw i64 %".77", %".78"
  %".80" = load i32, i32* %"tid"
  %".81" = sext i32 %".80" to i64
  %".82" = add nsw i64 %".79", %".81"
  %".84" = load i64, i64* %"i"
  store i64 %".82", i64* %"i"
  %".86" = load {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %"x"
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".87"
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} %".86", {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".87"
  %".91" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".87", i32 0, i32 5
  %".92" = getelementptr inbounds [1 x i64], [1 x i64]* %".91", i32 0, i32 0
  %".93" = load i64, i64* %".92", !range !1
  %".94" = insertvalue [1 x i64] undef, i64 %".93", 0
  %".95" = extractvalue [1 x i64] %".94", 0
  %".96" = load i64, i64* %"i"
  %".97" = icmp slt i64 %".96", %".95"
  %".99" = load i1, i1* %"$230pred"
  store i1 %".97", i1* %"$230pred"
  %".101" = load i1, i1* %"$230pred"
  br i1 %".101", label %"B232", label %"B256"
B232:
  %".103" = load i1, i1* %"$230pred"
  store i1 0, i1* %"$230pred"
  %".105" = load {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %"x"
  %".106" = load i64, i64* %"i"
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".107"
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} %".105", {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".107"
  %".111" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".107", i32 0, i32 5
  %".112" = getelementptr inbounds [1 x i64], [1 x i64]* %".111", i32 0, i32 0
  %".113" = load i64, i64* %".112", !range !1
  %".114" = insertvalue [1 x i64] undef, i64 %".113", 0
  %".115" = extractvalue [1 x i64] %".114", 0
  %".116" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".107", i32 0, i32 6
  %".117" = load [1 x i64], [1 x i64]* %".116"
  %".118" = extractvalue [1 x i64] %".117", 0
  %".119" = icmp slt i64 %".106", 0
  %".120" = add i64 %".106", %".115"
  %".121" = select  i1 %".119", i64 %".120", i64 %".106"
  %".122" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".107", i32 0, i32 5
  %".123" = getelementptr inbounds [1 x i64], [1 x i64]* %".122", i32 0, i32 0
  %".124" = load i64, i64* %".123", !range !1
  %".125" = insertvalue [1 x i64] undef, i64 %".124", 0
  %".126" = extractvalue [1 x i64] %".125", 0
  %".127" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".107", i32 0, i32 6
  %".128" = load [1 x i64], [1 x i64]* %".127"
  %".129" = extractvalue [1 x i64] %".128", 0
  %".130" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".107", i32 0, i32 4
  %".131" = load float*, float** %".130"
  %".132" = mul i64 %".121", 1
  %".133" = add i64 0, %".132"
  %".134" = getelementptr float, float* %".131", i64 %".133"
  %".135" = load float, float* %".134"
  %".136" = load {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %"x"
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %"x"
  %".138" = load i64, i64* %"i"
  store i64 0, i64* %"i"
  %".140" = load {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %"sdata"
  %".141" = load i32, i32* %"tid"
  %".142" = sext i32 %".141" to i64
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".143"
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} %".140", {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".143"
  %".147" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".143", i32 0, i32 5
  %".148" = getelementptr inbounds [1 x i64], [1 x i64]* %".147", i32 0, i32 0
  %".149" = load i64, i64* %".148", !range !1
  %".150" = insertvalue [1 x i64] undef, i64 %".149", 0
  %".151" = extractvalue [1 x i64] %".150", 0
  %".152" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".143", i32 0, i32 6
  %".153" = load [1 x i64], [1 x i64]* %".152"
  %".154" = extractvalue [1 x i64] %".153", 0
  %".155" = icmp slt i64 %".142", 0
  %".156" = add i64 %".142", %".151"
  %".157" = select  i1 %".155", i64 %".156", i64 %".142"
  %".158" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".143", i32 0, i32 5
  %".159" = getelementptr inbounds [1 x i64], [1 x i64]* %".158", i32 0, i32 0
  %".160" = load i64, i64* %".159", !range !1
  %".161" = insertvalue [1 x i64] undef, i64 %".160", 0
  %".162" = extractvalue [1 x i64] %".161", 0
  %".163" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".143", i32 0, i32 6
  %".164" = load [1 x i64], [1 x i64]* %".163"
  %".165" = extractvalue [1 x i64] %".164", 0
  %".166" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".143", i32 0, i32 4
  %".167" = load float*, float** %".166"
  %".168" = mul i64 %".157", 1
  %".169" = add i64 0, %".168"
  %".170" = getelementptr float, float* %".167", i64 %".169"
  store float %".135", float* %".170"
  br label %"B292"
B256:
  %".173" = load {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %"x"
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %"x"
  %".175" = load i64, i64* %"i"
  store i64 0, i64* %"i"
  %".177" = load i1, i1* %"$230pred"
  store i1 0, i1* %"$230pred"
  %".179" = fptrunc double              0x0 to float
  %".180" = load {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %"sdata"
  %".181" = load i32, i32* %"tid"
  %".182" = sext i32 %".181" to i64
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".183"
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} %".180", {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".183"
  %".187" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".183", i32 0, i32 5
  %".188" = getelementptr inbounds [1 x i64], [1 x i64]* %".187", i32 0, i32 0
  %".189" = load i64, i64* %".188", !range !1
  %".190" = insertvalue [1 x i64] undef, i64 %".189", 0
  %".191" = extractvalue [1 x i64] %".190", 0
  %".192" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".183", i32 0, i32 6
  %".193" = load [1 x i64], [1 x i64]* %".192"
  %".194" = extractvalue [1 x i64] %".193", 0
  %".195" = icmp slt i64 %".182", 0
  %".196" = add i64 %".182", %".191"
  %".197" = select  i1 %".195", i64 %".196", i64 %".182"
  %".198" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".183", i32 0, i32 5
  %".199" = getelementptr inbounds [1 x i64], [1 x i64]* %".198", i32 0, i32 0
  %".200" = load i64, i64* %".199", !range !1
  %".201" = insertvalue [1 x i64] undef, i64 %".200", 0
  %".202" = extractvalue [1 x i64] %".201", 0
  %".203" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".183", i32 0, i32 6
  %".204" = load [1 x i64], [1 x i64]* %".203"
  %".205" = extractvalue [1 x i64] %".204", 0
  %".206" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".183", i32 0, i32 4
  %".207" = load float*, float** %".206"
  %".208" = mul i64 %".197", 1
  %".209" = add i64 0, %".208"
  %".210" = getelementptr float, float* %".207", i64 %".209"
  store float %".179", float* %".210"
  br label %"B292"
B292:
  call void @"llvm.nvvm.barrier0"()
  %".214" = call i32 @"llvm.nvvm.read.ptx.sreg.ntid.x"()
  %".215" = call i32 @"llvm.nvvm.read.ptx.sreg.ntid.y"()
  %".216" = call i32 @"llvm.nvvm.read.ptx.sreg.ntid.z"()
  %".217" = insertvalue {i32, i32, i32} undef, i32 %".214", 0
  %".218" = insertvalue {i32, i32, i32} %".217", i32 %".215", 1
  %".219" = insertvalue {i32, i32, i32} %".218", i32 %".216", 2
  %".220" = extractvalue {i32, i32, i32} %".219", 0
  %".221" = sext i32 %".220" to i64
  %".224" = icmp eq i64 2, 0
  br i1 %".224", label %"B292.if", label %"B292.else", !prof !2
B382:
  %".272" = load i1, i1* %"$502pred"
  store i1 0, i1* %"$502pred"
  %".274" = load i1, i1* %"$380pred"
  store i1 0, i1* %"$380pred"
  %".276" = load i32, i32* %"tid"
  %".277" = load i64, i64* %"s.2"
  %".278" = sext i32 %".276" to i64
  %".279" = icmp slt i64 %".278", %".277"
  %".281" = load i1, i1* %"$392pred"
  store i1 %".279", i1* %"$392pred"
  %".283" = load i1, i1* %"$392pred"
  br i1 %".283", label %"B394", label %"B444"
B394:
  %".285" = load i1, i1* %"$392pred"
  store i1 0, i1* %"$392pred"
  %".287" = load {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %"sdata"
  %".288" = load i32, i32* %"tid"
  %".289" = sext i32 %".288" to i64
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".290"
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} %".287", {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".290"
  %".294" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".290", i32 0, i32 5
  %".295" = getelementptr inbounds [1 x i64], [1 x i64]* %".294", i32 0, i32 0
  %".296" = load i64, i64* %".295", !range !1
  %".297" = insertvalue [1 x i64] undef, i64 %".296", 0
  %".298" = extractvalue [1 x i64] %".297", 0
  %".299" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".290", i32 0, i32 6
  %".300" = load [1 x i64], [1 x i64]* %".299"
  %".301" = extractvalue [1 x i64] %".300", 0
  %".302" = icmp slt i64 %".289", 0
  %".303" = add i64 %".289", %".298"
  %".304" = select  i1 %".302", i64 %".303", i64 %".289"
  %".305" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".290", i32 0, i32 5
  %".306" = getelementptr inbounds [1 x i64], [1 x i64]* %".305", i32 0, i32 0
  %".307" = load i64, i64* %".306", !range !1
  %".308" = insertvalue [1 x i64] undef, i64 %".307", 0
  %".309" = extractvalue [1 x i64] %".308", 0
  %".310" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".290", i32 0, i32 6
  %".311" = load [1 x i64], [1 x i64]* %".310"
  %".312" = extractvalue [1 x i64] %".311", 0
  %".313" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".290", i32 0, i32 4
  %".314" = load float*, float** %".313"
  %".315" = mul i64 %".304", 1
  %".316" = add i64 0, %".315"
  %".317" = getelementptr float, float* %".314", i64 %".316"
  %".318" = load float, float* %".317"
  %".319" = load i32, i32* %"tid"
  %".320" = load i64, i64* %"s.2"
  %".321" = sext i32 %".319" to i64
  %".322" = add nsw i64 %".321", %".320"
  %".323" = load {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %"sdata"
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".324"
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} %".323", {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".324"
  %".328" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".324", i32 0, i32 5
  %".329" = getelementptr inbounds [1 x i64], [1 x i64]* %".328", i32 0, i32 0
  %".330" = load i64, i64* %".329", !range !1
  %".331" = insertvalue [1 x i64] undef, i64 %".330", 0
  %".332" = extractvalue [1 x i64] %".331", 0
  %".333" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".324", i32 0, i32 6
  %".334" = load [1 x i64], [1 x i64]* %".333"
  %".335" = extractvalue [1 x i64] %".334", 0
  %".336" = icmp slt i64 %".322", 0
  %".337" = add i64 %".322", %".332"
  %".338" = select  i1 %".336", i64 %".337", i64 %".322"
  %".339" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".324", i32 0, i32 5
  %".340" = getelementptr inbounds [1 x i64], [1 x i64]* %".339", i32 0, i32 0
  %".341" = load i64, i64* %".340", !range !1
  %".342" = insertvalue [1 x i64] undef, i64 %".341", 0
  %".343" = extractvalue [1 x i64] %".342", 0
  %".344" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".324", i32 0, i32 6
  %".345" = load [1 x i64], [1 x i64]* %".344"
  %".346" = extractvalue [1 x i64] %".345", 0
  %".347" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".324", i32 0, i32 4
  %".348" = load float*, float** %".347"
  %".349" = mul i64 %".338", 1
  %".350" = add i64 0, %".349"
  %".351" = getelementptr float, float* %".348", i64 %".350"
  %".352" = load float, float* %".351"
  %".353" = fadd float %".318", %".352"
  %".354" = load {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %"sdata"
  %".355" = load i32, i32* %"tid"
  %".356" = sext i32 %".355" to i64
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".357"
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} %".354", {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".357"
  %".361" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".357", i32 0, i32 5
  %".362" = getelementptr inbounds [1 x i64], [1 x i64]* %".361", i32 0, i32 0
  %".363" = load i64, i64* %".362", !range !1
  %".364" = insertvalue [1 x i64] undef, i64 %".363", 0
  %".365" = extractvalue [1 x i64] %".364", 0
  %".366" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".357", i32 0, i32 6
  %".367" = load [1 x i64], [1 x i64]* %".366"
  %".368" = extractvalue [1 x i64] %".367", 0
  %".369" = icmp slt i64 %".356", 0
  %".370" = add i64 %".356", %".365"
  %".371" = select  i1 %".369", i64 %".370", i64 %".356"
  %".372" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".357", i32 0, i32 5
  %".373" = getelementptr inbounds [1 x i64], [1 x i64]* %".372", i32 0, i32 0
  %".374" = load i64, i64* %".373", !range !1
  %".375" = insertvalue [1 x i64] undef, i64 %".374", 0
  %".376" = extractvalue [1 x i64] %".375", 0
  %".377" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".357", i32 0, i32 6
  %".378" = load [1 x i64], [1 x i64]* %".377"
  %".379" = extractvalue [1 x i64] %".378", 0
  %".380" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".357", i32 0, i32 4
  %".381" = load float*, float** %".380"
  %".382" = mul i64 %".371", 1
  %".383" = add i64 0, %".382"
  %".384" = getelementptr float, float* %".381", i64 %".383"
  store float %".353", float* %".384"
  br label %"B444"
B444:
  %".387" = load i1, i1* %"$392pred"
  store i1 0, i1* %"$392pred"
  call void @"llvm.nvvm.barrier0"()
  %".390" = load i64, i64* %"s.2"
  %".393" = icmp eq i64 2, 0
  br i1 %".393", label %"B444.if", label %"B444.else", !prof !2
B504:
  %".438" = load i64, i64* %"s.2"
  store i64 0, i64* %"s.2"
  %".440" = load i1, i1* %"$502pred"
  store i1 0, i1* %"$502pred"
  %".442" = load i1, i1* %"$380pred"
  store i1 0, i1* %"$380pred"
  %".444" = load i32, i32* %"tid"
  %".445" = sext i32 %".444" to i64
  %".446" = icmp eq i64 %".445", 0
  %".447" = load i32, i32* %"tid"
  store i32 0, i32* %"tid"
  %".450" = load i1, i1* %"$514pred"
  store i1 %".446", i1* %"$514pred"
  %".452" = load i1, i1* %"$514pred"
  br i1 %".452", label %"B516", label %"B572"
B516:
  %".454" = load i1, i1* %"$514pred"
  store i1 0, i1* %"$514pred"
  %".456" = load {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %"sdata"
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".457"
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} %".456", {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".457"
  %".461" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".457", i32 0, i32 5
  %".462" = getelementptr inbounds [1 x i64], [1 x i64]* %".461", i32 0, i32 0
  %".463" = load i64, i64* %".462", !range !1
  %".464" = insertvalue [1 x i64] undef, i64 %".463", 0
  %".465" = extractvalue [1 x i64] %".464", 0
  %".466" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".457", i32 0, i32 6
  %".467" = load [1 x i64], [1 x i64]* %".466"
  %".468" = extractvalue [1 x i64] %".467", 0
  %".469" = icmp slt i64 0, 0
  %".470" = add i64 0, %".465"
  %".471" = select  i1 %".469", i64 %".470", i64 0
  %".472" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".457", i32 0, i32 5
  %".473" = getelementptr inbounds [1 x i64], [1 x i64]* %".472", i32 0, i32 0
  %".474" = load i64, i64* %".473", !range !1
  %".475" = insertvalue [1 x i64] undef, i64 %".474", 0
  %".476" = extractvalue [1 x i64] %".475", 0
  %".477" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".457", i32 0, i32 6
  %".478" = load [1 x i64], [1 x i64]* %".477"
  %".479" = extractvalue [1 x i64] %".478", 0
  %".480" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".457", i32 0, i32 4
  %".481" = load float*, float** %".480"
  %".482" = mul i64 %".471", 1
  %".483" = add i64 0, %".482"
  %".484" = getelementptr float, float* %".481", i64 %".483"
  %".485" = load float, float* %".484"
  %".486" = load {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %"sdata"
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %"sdata"
  %".488" = call i32 @"llvm.nvvm.read.ptx.sreg.ctaid.x"()
  %".489" = call i32 @"llvm.nvvm.read.ptx.sreg.ctaid.y"()
  %".490" = call i32 @"llvm.nvvm.read.ptx.sreg.ctaid.z"()
  %".491" = insertvalue {i32, i32, i32} undef, i32 %".488", 0
  %".492" = insertvalue {i32, i32, i32} %".491", i32 %".489", 1
  %".493" = insertvalue {i32, i32, i32} %".492", i32 %".490", 2
  %".494" = extractvalue {i32, i32, i32} %".493", 0
  %".495" = load {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %"partial"
  %".496" = sext i32 %".494" to i64
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".497"
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} %".495", {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".497"
  %".501" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".497", i32 0, i32 5
  %".502" = getelementptr inbounds [1 x i64], [1 x i64]* %".501", i32 0, i32 0
  %".503" = load i64, i64* %".502", !range !1
  %".504" = insertvalue [1 x i64] undef, i64 %".503", 0
  %".505" = extractvalue [1 x i64] %".504", 0
  %".506" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".497", i32 0, i32 6
  %".507" = load [1 x i64], [1 x i64]* %".506"
  %".508" = extractvalue [1 x i64] %".507", 0
  %".509" = icmp slt i64 %".496", 0
  %".510" = add i64 %".496", %".505"
  %".511" = select  i1 %".509", i64 %".510", i64 %".496"
  %".512" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".497", i32 0, i32 5
  %".513" = getelementptr inbounds [1 x i64], [1 x i64]* %".512", i32 0, i32 0
  %".514" = load i64, i64* %".513", !range !1
  %".515" = insertvalue [1 x i64] undef, i64 %".514", 0
  %".516" = extractvalue [1 x i64] %".515", 0
  %".517" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".497", i32 0, i32 6
  %".518" = load [1 x i64], [1 x i64]* %".517"
  %".519" = extractvalue [1 x i64] %".518", 0
  %".520" = getelementptr inbounds {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %".497", i32 0, i32 4
  %".521" = load float*, float** %".520"
  %".522" = mul i64 %".511", 1
  %".523" = add i64 0, %".522"
  %".524" = getelementptr float, float* %".521", i64 %".523"
  store float %".485", float* %".524"
  %".526" = load {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %"partial"
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %"partial"
  ret void
B572:
  %".530" = load {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %"sdata"
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %"sdata"
  %".532" = load {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %"partial"
  store {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, float*, [1 x i64], [1 x i64]}* %"partial"
  %".534" = load i1, i1* %"$514pred"
  store i1 0, i1* %"$514pred"
  ret void
B292.if:
  store i64 2, i64* %"quot"
  store i64 2, i64* %"rem"
  br label %"B292.endif"
B292.else:
  store i64 0, i64* %".229"
  store i64 0, i64* %".232"
  %".235" = icmp eq i64 %".221", -9223372036854775808
  %".236" = icmp eq i64 2, -1
  %".237" = and i1 %".235", %".236"
  %".238" = xor i1 %".237", -1
  br i1 %".238", label %"B292.else.if", label %"B292.else.endif", !prof !3
B292.endif:
  %".261" = load i64, i64* %"quot"
  %".263" = load i64, i64* %"s.2"
  store i64 %".261", i64* %"s.2"
  %".265" = icmp sgt i64 %".261", 0
  %".267" = load i1, i1* %"$380pred"
  store i1 %".265", i1* %"$380pred"
  %".269" = load i1, i1* %"$380pred"
  br i1 %".269", label %"B382", label %"B504"
B292.else.if:
  %".240" = sdiv i64 %".221", 2
  %".241" = srem i64 %".221", 2
  %".242" = xor i64 2, %".241"
  %".243" = icmp slt i64 %".242", 0
  %".244" = icmp ne i64 %".241", 0
  %".245" = and i1 %".244", %".243"
  br i1 %".245", label %"B292.else.if.if", label %"B292.else.if.else"
B292.else.endif:
  %".256" = load i64, i64* %".229"
  %".257" = load i64, i64* %".232"
  store i64 %".256", i64* %"quot"
  store i64 %".257", i64* %"rem"
  br label %"B292.endif"
B292.else.if.if:
  %".250" = sub i64 %".240", 1
  store i64 %".250", i64* %".229"
  %".252" = add i64 %".241", 2
  store i64 %".252", i64* %".232"
  br label %"B292.else.if.endif"
B292.else.if.else:
  store i64 %".240", i64* %".229"
  store i64 %".241", i64* %".232"
  br label %"B292.else.if.endif"
B292.else.if.endif:
  br label %"B292.else.endif"
B444.if:
  store i64 2, i64* %"quot.1"
  store i64 2, i64* %"rem.1"
  br label %"B444.endif"
B444.else:
  store i64 0, i64* %".398"
  store i64 0, i64* %".401"
  %".404" = icmp eq i64 %".390", -9223372036854775808
  %".405" = icmp eq i64 2, -1
  %".406" = and i1 %".404", %".405"
  %".407" = xor i1 %".406", -1
  br i1 %".407", label %"B444.else.if", label %"B444.else.endif", !prof !3
B444.endif:
  %".430" = load i64, i64* %"quot.1"
  %".431" = load i64, i64* %"s.2"
  store i64 %".430", i64* %"s.2"
  %".433" = icmp sgt i64 %".430", 0
  %".434" = load i1, i1* %"$502pred"
  store i1 %".433", i1* %"$502pred"
  %".436" = load i1, i1* %"$502pred"
  br i1 %".436", label %"B382", label %"B504"
B444.else.if:
  %".409" = sdiv i64 %".390", 2
  %".410" = srem i64 %".390", 2
  %".411" = xor i64 2, %".410"
  %".412" = icmp slt i64 %".411", 0
  %".413" = icmp ne i64 %".410", 0
  %".414" = and i1 %".413", %".412"
  br i1 %".414", label %"B444.else.if.if", label %"B444.else.if.else"
B444.else.endif:
  %".425" = load i64, i64* %".398"
  %".426" = load i64, i64* %".401"
  store i64 %".425", i64* %"quot.1"
  store i64 %".426", i64* %"rem.1"
  br label %"B444.endif"
B444.else.if.if:
  %".419" = sub i64 %".409", 1
  store i64 %".419", i64* %".398"
  %".421" = add i64 %".410", 2
  store i64 %".421", i64* %".401"
  br label %"B444.else.if.endif"
B444.else.if.else:
  store i64 %".409", i64* %".398"
  store i64 %".410", i64* %".401"
  br label %"B444.else.if.endif"
B444.else.if.endif:
  br label %"B444.else.endif"
}

@"_cudapy_smem_1" = addrspace(3) global [256 x float] undef, align 4
declare i32 @"llvm.nvvm.read.ptx.sreg.tid.x"()

declare i32 @"llvm.nvvm.read.ptx.sreg.tid.y"()

declare i32 @"llvm.nvvm.read.ptx.sreg.tid.z"()

declare i32 @"llvm.nvvm.read.ptx.sreg.ctaid.x"()

declare i32 @"llvm.nvvm.read.ptx.sreg.ctaid.y"()

declare i32 @"llvm.nvvm.read.ptx.sreg.ctaid.z"()

declare i32 @"llvm.nvvm.read.ptx.sreg.ntid.x"()

declare i32 @"llvm.nvvm.read.ptx.sreg.ntid.y"()

declare i32 @"llvm.nvvm.read.ptx.sreg.ntid.z"()

declare void @"llvm.nvvm.barrier0"()

@"llvm.used" = appending global [1 x i8*] [i8* bitcast (void (i8*, i8*, i64, i64, float*, i64, i64, i8*, i8*, i64, i64, float*, i64, i64)* @"_ZN6kernel10reduce_sumB2v1B92cw51cXTLSUwv1sDUaKthoaNgoKmjgOR3W3CwAkMXLaJtQYkOIgxJU0gCqOkEJoHkbttqdVhoqlspQGNFHSgJ5BnXagIAE5ArrayIfLi1E1C7mutable7alignedE5ArrayIfLi1E1C7mutable7alignedE" to i8*)], section "llvm.metadata"
!nvvmir.version = !{ !0 }
!nvvm.annotations = !{ !4 }
!0 = !{ i32 2, i32 0, i32 3, i32 2 }
!1 = !{ i64 0, i64 9223372036854775807 }
!2 = !{ !"branch_weights", i32 1, i32 99 }
!3 = !{ !"branch_weights", i32 99, i32 1 }
!4 = !{ void (i8*, i8*, i64, i64, float*, i64, i64, i8*, i8*, i64, i64, float*, i64, i64)* @"_ZN6kernel10reduce_sumB2v1B92cw51cXTLSUwv1sDUaKthoaNgoKmjgOR3W3CwAkMXLaJtQYkOIgxJU0gCqOkEJoHkbttqdVhoqlspQGNFHSgJ5BnXagIAE5ArrayIfLi1E1C7mutable7alignedE5ArrayIfLi1E1C7mutable7alignedE", !"kernel", i32 1 }
