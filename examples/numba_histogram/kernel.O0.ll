; ModuleID = "histogram$1"
target triple = "nvptx64-nvidia-cuda"
target datalayout = "e-p:64:64:64-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:64:64-i128:128:128-f32:32:32-f64:64:64-v16:16:16-v32:32:32-v64:64:64-v128:128:128-n16:32:64"

@"_ZN08NumbaEnv6kernel9histogramB2v1B92cw51cXTLSUwv1sDUaKthoaNgoKmjgOR3W3CwAkMXLaJtQYkOIgxJU0gCqOkEJoHkbttqdVhoqlspQGNFHSgJ5BnXagIAE5ArrayIiLi1E1C7mutable7alignedE5ArrayIiLi1E1C7mutable7alignedE" = common global i8* null
define void @"_ZN6kernel9histogramB2v1B92cw51cXTLSUwv1sDUaKthoaNgoKmjgOR3W3CwAkMXLaJtQYkOIgxJU0gCqOkEJoHkbttqdVhoqlspQGNFHSgJ5BnXagIAE5ArrayIiLi1E1C7mutable7alignedE5ArrayIiLi1E1C7mutable7alignedE"(i8* %"data.0", i8* %"data.1", i64 %"data.2", i64 %"data.3", i32* %"data.4", i64 %"data.5.0", i64 %"data.6.0", i8* %"bins.0", i8* %"bins.1", i64 %"bins.2", i64 %"bins.3", i32* %"bins.4", i64 %"bins.5.0", i64 %"bins.6.0")
{
entry:
  %"inserted.meminfo" = insertvalue {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]} undef, i8* %"data.0", 0
  %"inserted.parent" = insertvalue {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]} %"inserted.meminfo", i8* %"data.1", 1
  %"inserted.nitems" = insertvalue {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]} %"inserted.parent", i64 %"data.2", 2
  %"inserted.itemsize" = insertvalue {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]} %"inserted.nitems", i64 %"data.3", 3
  %"inserted.data" = insertvalue {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]} %"inserted.itemsize", i32* %"data.4", 4
  %".17" = insertvalue [1 x i64] undef, i64 %"data.5.0", 0
  %"inserted.shape" = insertvalue {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]} %"inserted.data", [1 x i64] %".17", 5
  %".18" = insertvalue [1 x i64] undef, i64 %"data.6.0", 0
  %"inserted.strides" = insertvalue {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]} %"inserted.shape", [1 x i64] %".18", 6
  %"inserted.meminfo.1" = insertvalue {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]} undef, i8* %"bins.0", 0
  %"inserted.parent.1" = insertvalue {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]} %"inserted.meminfo.1", i8* %"bins.1", 1
  %"inserted.nitems.1" = insertvalue {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]} %"inserted.parent.1", i64 %"bins.2", 2
  %"inserted.itemsize.1" = insertvalue {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]} %"inserted.nitems.1", i64 %"bins.3", 3
  %"inserted.data.1" = insertvalue {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]} %"inserted.itemsize.1", i32* %"bins.4", 4
  %".19" = insertvalue [1 x i64] undef, i64 %"bins.5.0", 0
  %"inserted.shape.1" = insertvalue {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]} %"inserted.data.1", [1 x i64] %".19", 5
  %".20" = insertvalue [1 x i64] undef, i64 %"bins.6.0", 0
  %"inserted.strides.1" = insertvalue {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]} %"inserted.shape.1", [1 x i64] %".20", 6
  %"data" = alloca {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}
  store {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %"data"
  %"bins" = alloca {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}
  store {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %"bins"
  %".25" = alloca {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}
  store {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %".25"
  %"local" = alloca {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}
  store {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %"local"
  %"t" = alloca i32
  store i32 0, i32* %"t"
  %".73" = alloca {i64, i64, i64}
  store {i64, i64, i64} zeroinitializer, {i64, i64, i64}* %".73"
  %".83" = alloca {i64, i64, i64}
  store {i64, i64, i64} zeroinitializer, {i64, i64, i64}* %".83"
  %".87" = alloca {i64*, i64, i64, i64*}
  store {i64*, i64, i64, i64*} zeroinitializer, {i64*, i64, i64, i64*}* %".87"
  %".96" = alloca i64
  store i64 0, i64* %".96"
  %".99" = alloca i64
  store i64 0, i64* %".99"
  %"$phi196.0" = alloca {i64*, i64, i64, i64*}
  store {i64*, i64, i64, i64*} zeroinitializer, {i64*, i64, i64, i64*}* %"$phi196.0"
  %".138" = alloca {i64, i1}
  store {i64, i1} zeroinitializer, {i64, i1}* %".138"
  %".141" = alloca {i64*, i64, i64, i64*}
  store {i64*, i64, i64, i64*} zeroinitializer, {i64*, i64, i64, i64*}* %".141"
  %".167" = alloca {i64, i1}
  store {i64, i1} zeroinitializer, {i64, i1}* %".167"
  %".173" = alloca {i64, i1}
  store {i64, i1} zeroinitializer, {i64, i1}* %".173"
  %"$196for_iter.3" = alloca i1
  store i1 0, i1* %"$196for_iter.3"
  %"$phi198.1" = alloca i64
  store i64 0, i64* %"$phi198.1"
  %".193" = alloca {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}
  store {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %".193"
  %".241" = alloca {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}
  store {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %".241"
  %".256" = alloca {i64, i64, i64}
  store {i64, i64, i64} zeroinitializer, {i64, i64, i64}* %".256"
  %".266" = alloca {i64, i64, i64}
  store {i64, i64, i64} zeroinitializer, {i64, i64, i64}* %".266"
  %".270" = alloca {i64*, i64, i64, i64*}
  store {i64*, i64, i64, i64*} zeroinitializer, {i64*, i64, i64, i64*}* %".270"
  %".279" = alloca i64
  store i64 0, i64* %".279"
  %".282" = alloca i64
  store i64 0, i64* %".282"
  %"$phi378.0" = alloca {i64*, i64, i64, i64*}
  store {i64*, i64, i64, i64*} zeroinitializer, {i64*, i64, i64, i64*}* %"$phi378.0"
  %".321" = alloca {i64, i1}
  store {i64, i1} zeroinitializer, {i64, i1}* %".321"
  %".324" = alloca {i64*, i64, i64, i64*}
  store {i64*, i64, i64, i64*} zeroinitializer, {i64*, i64, i64, i64*}* %".324"
  %".350" = alloca {i64, i1}
  store {i64, i1} zeroinitializer, {i64, i1}* %".350"
  %".356" = alloca {i64, i1}
  store {i64, i1} zeroinitializer, {i64, i1}* %".356"
  %"$378for_iter.3" = alloca i1
  store i1 0, i1* %"$378for_iter.3"
  %"$phi380.1" = alloca i64
  store i64 0, i64* %"$phi380.1"
  %".376" = alloca {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}
  store {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %".376"
  %".408" = alloca {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}
  store {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %".408"
  %".449" = alloca {i64, i64, i64}
  store {i64, i64, i64} zeroinitializer, {i64, i64, i64}* %".449"
  %".461" = alloca {i64, i64, i64}
  store {i64, i64, i64} zeroinitializer, {i64, i64, i64}* %".461"
  %".465" = alloca {i64*, i64, i64, i64*}
  store {i64*, i64, i64, i64*} zeroinitializer, {i64*, i64, i64, i64*}* %".465"
  %".474" = alloca i64
  store i64 0, i64* %".474"
  %".477" = alloca i64
  store i64 0, i64* %".477"
  %"$phi574.0" = alloca {i64*, i64, i64, i64*}
  store {i64*, i64, i64, i64*} zeroinitializer, {i64*, i64, i64, i64*}* %"$phi574.0"
  %".516" = alloca {i64, i1}
  store {i64, i1} zeroinitializer, {i64, i1}* %".516"
  %".519" = alloca {i64*, i64, i64, i64*}
  store {i64*, i64, i64, i64*} zeroinitializer, {i64*, i64, i64, i64*}* %".519"
  %".545" = alloca {i64, i1}
  store {i64, i1} zeroinitializer, {i64, i1}* %".545"
  %".551" = alloca {i64, i1}
  store {i64, i1} zeroinitializer, {i64, i1}* %".551"
  %"$574for_iter.3" = alloca i1
  store i1 0, i1* %"$574for_iter.3"
  %"$phi576.1" = alloca i64
  store i64 0, i64* %"$phi576.1"
  %"b.1" = alloca i64
  store i64 0, i64* %"b.1"
  %".575" = alloca {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}
  store {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %".575"
  %"$600pred" = alloca i1
  store i1 0, i1* %"$600pred"
  %".615" = alloca {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}
  store {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %".615"
  %".646" = alloca {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}
  store {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %".646"
  br label %"B0"
B0:
  store {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]} %"inserted.strides", {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %"data"
  store {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]} %"inserted.strides.1", {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %"bins"
  %"generic" = addrspacecast [64 x i32] addrspace(3)* @"_cudapy_smem_1" to i8*
  store {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %".25"
  %".28" = getelementptr inbounds {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %".25", i32 0, i32 4
  %".29" = load i32*, i32** %".28"
  %".30" = bitcast i8* %"generic" to i32*
  %".31" = insertvalue [1 x i64] undef, i64 64, 0
  %".32" = insertvalue [1 x i64] undef, i64 4, 0
  %".33" = extractvalue [1 x i64] %".31", 0
  %".34" = mul nsw i64 1, %".33"
  %".35" = getelementptr inbounds {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %".25", i32 0, i32 5
  store [1 x i64] %".31", [1 x i64]* %".35"
  %".37" = getelementptr inbounds {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %".25", i32 0, i32 6
  store [1 x i64] %".32", [1 x i64]* %".37"
  %".39" = getelementptr inbounds {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %".25", i32 0, i32 4
  store i32* %".30", i32** %".39"
  %".41" = getelementptr inbounds {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %".25", i32 0, i32 3
  store i64 4, i64* %".41"
  %".43" = getelementptr inbounds {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %".25", i32 0, i32 0
  store i8* null, i8** %".43"
  %".45" = getelementptr inbounds {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %".25", i32 0, i32 1
  store i8* null, i8** %".45"
  %".47" = getelementptr inbounds {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %".25", i32 0, i32 2
  store i64 %".34", i64* %".47"
  %".49" = load {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %".25"
  %".51" = load {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %"local"
  store {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]} %".49", {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %"local"
  %".53" = call i32 @"llvm.nvvm.read.ptx.sreg.tid.x"()
  %".54" = call i32 @"llvm.nvvm.read.ptx.sreg.tid.y"()
  %".55" = call i32 @"llvm.nvvm.read.ptx.sreg.tid.z"()
  %".56" = insertvalue {i32, i32, i32} undef, i32 %".53", 0
  %".57" = insertvalue {i32, i32, i32} %".56", i32 %".54", 1
  %".58" = insertvalue {i32, i32, i32} %".57", i32 %".55", 2
  %".59" = extractvalue {i32, i32, i32} %".58", 0
  %".61" = load i32, i32* %"t"
  store i32 %".59", i32* %"t"
  %".63" = call i32 @"llvm.nvvm.read.ptx.sreg.ntid.x"()
  %".64" = call i32 @"llvm.nvvm.read.ptx.sreg.ntid.y"()
  %".65" = call i32 @"llvm.nvvm.read.ptx.sreg.ntid.z"()
  %".66" = insertvalue {i32, i32, i32} undef, i32 %".63", 0
  %".67" = insertvalue {i32, i32, i32} %".66", i32 %".64", 1
  %".68" = insertvalue {i32, i32, i32} %".67", i32 %".65", 2
  %".69" = extractvalue {i32, i32, i32} %".68", 0
  %".70" = load i32, i32* %"t"
  %".71" = sext i32 %".70" to i64
  %".72" = sext i32 %".69" to i64
  store {i64, i64, i64} zeroinitializer, {i64, i64, i64}* %".73"
  %".76" = getelementptr inbounds {i64, i64, i64}, {i64, i64, i64}* %".73", i32 0, i32 0
  store i64 %".71", i64* %".76"
  %".78" = getelementptr inbounds {i64, i64, i64}, {i64, i64, i64}* %".73", i32 0, i32 1
  store i64 64, i64* %".78"
  %".80" = getelementptr inbounds {i64, i64, i64}, {i64, i64, i64}* %".73", i32 0, i32 2
  store i64 %".72", i64* %".80"
  %".82" = load {i64, i64, i64}, {i64, i64, i64}* %".73"
  store {i64, i64, i64} zeroinitializer, {i64, i64, i64}* %".83"
  store {i64, i64, i64} %".82", {i64, i64, i64}* %".83"
  store {i64*, i64, i64, i64*} zeroinitializer, {i64*, i64, i64, i64*}* %".87"
  %".90" = getelementptr inbounds {i64, i64, i64}, {i64, i64, i64}* %".83", i32 0, i32 0
  %".91" = load i64, i64* %".90"
  %".92" = getelementptr inbounds {i64, i64, i64}, {i64, i64, i64}* %".83", i32 0, i32 1
  %".93" = load i64, i64* %".92"
  %".94" = getelementptr inbounds {i64, i64, i64}, {i64, i64, i64}* %".83", i32 0, i32 2
  %".95" = load i64, i64* %".94"
  store i64 %".91", i64* %".96"
  %".101" = getelementptr inbounds {i64*, i64, i64, i64*}, {i64*, i64, i64, i64*}* %".87", i32 0, i32 0
  store i64* %".96", i64** %".101"
  %".103" = getelementptr inbounds {i64*, i64, i64, i64*}, {i64*, i64, i64, i64*}* %".87", i32 0, i32 1
  store i64 %".93", i64* %".103"
  %".105" = getelementptr inbounds {i64*, i64, i64, i64*}, {i64*, i64, i64, i64*}* %".87", i32 0, i32 2
  store i64 %".95", i64* %".105"
  %".107" = getelementptr inbounds {i64*, i64, i64, i64*}, {i64*, i64, i64, i64*}* %".87", i32 0, i32 3
  store i64* %".99", i64** %".107"
  %".109" = sub i64 %".93", %".91"
  %".110" = icmp sgt i64 %".109", 0
  %".111" = icmp sgt i64 %".95", 0
  %".112" = xor i1 %".110", %".111"
  %".113" = icmp eq i64 %".95", 0
  br i1 %".113", label %"B0.if", label %"B0.endif", !prof !1
B196:
  %".137" = load {i64*, i64, i64, i64*}, {i64*, i64, i64, i64*}* %"$phi196.0"
  store {i64, i1} zeroinitializer, {i64, i1}* %".138"
  store {i64*, i64, i64, i64*} zeroinitializer, {i64*, i64, i64, i64*}* %".141"
  store {i64*, i64, i64, i64*} %".137", {i64*, i64, i64, i64*}* %".141"
  %".145" = getelementptr inbounds {i64*, i64, i64, i64*}, {i64*, i64, i64, i64*}* %".141", i32 0, i32 3
  %".146" = load i64*, i64** %".145"
  %".147" = load i64, i64* %".146"
  %".148" = icmp sgt i64 %".147", 0
  %".149" = getelementptr inbounds {i64, i1}, {i64, i1}* %".138", i32 0, i32 1
  store i1 %".148", i1* %".149"
  br i1 %".148", label %"B196.if", label %"B196.endif"
B198:
  %".187" = load i1, i1* %"$196for_iter.3"
  store i1 0, i1* %"$196for_iter.3"
  %".189" = load i64, i64* %"$phi198.1"
  %".190" = load i64, i64* %"$phi198.1"
  store i64 0, i64* %"$phi198.1"
  %".192" = load {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %"local"
  store {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %".193"
  store {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]} %".192", {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %".193"
  %".197" = getelementptr inbounds {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %".193", i32 0, i32 5
  %".198" = getelementptr inbounds [1 x i64], [1 x i64]* %".197", i32 0, i32 0
  %".199" = load i64, i64* %".198", !range !2
  %".200" = insertvalue [1 x i64] undef, i64 %".199", 0
  %".201" = extractvalue [1 x i64] %".200", 0
  %".202" = getelementptr inbounds {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %".193", i32 0, i32 6
  %".203" = load [1 x i64], [1 x i64]* %".202"
  %".204" = extractvalue [1 x i64] %".203", 0
  %".205" = icmp slt i64 %".189", 0
  %".206" = add i64 %".189", %".201"
  %".207" = select  i1 %".205", i64 %".206", i64 %".189"
  %".208" = getelementptr inbounds {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %".193", i32 0, i32 5
  %".209" = getelementptr inbounds [1 x i64], [1 x i64]* %".208", i32 0, i32 0
  %".210" = load i64, i64* %".209", !range !2
  %".211" = insertvalue [1 x i64] undef, i64 %".210", 0
  %".212" = extractvalue [1 x i64] %".211", 0
  %".213" = getelementptr inbounds {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %".193", i32 0, i32 6
  %".214" = load [1 x i64], [1 x i64]* %".213"
  %".215" = extractvalue [1 x i64] %".214", 0
  %".216" = getelementptr inbounds {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %".193", i32 0, i32 4
  %".217" = load i32*, i32** %".216"
  %".218" = mul i64 %".207", 1
  %".219" = add i64 0, %".218"
  %".220" = getelementptr i32, i32* %".217", i64 %".219"
  %".221" = trunc i64 0 to i32
  store i32 %".221", i32* %".220"
  br label %"B196"
B212:
  %".224" = load i64, i64* %"$phi198.1"
  store i64 0, i64* %"$phi198.1"
  %".226" = load {i64*, i64, i64, i64*}, {i64*, i64, i64, i64*}* %"$phi196.0"
  store {i64*, i64, i64, i64*} zeroinitializer, {i64*, i64, i64, i64*}* %"$phi196.0"
  %".228" = load i1, i1* %"$196for_iter.3"
  store i1 0, i1* %"$196for_iter.3"
  call void @"llvm.nvvm.barrier0"()
  %".231" = trunc i64 1 to i32
  %".232" = call i32 @"llvm.nvvm.read.ptx.sreg.tid.x"()
  %".233" = sext i32 %".232" to i64
  %".234" = call i32 @"llvm.nvvm.read.ptx.sreg.ntid.x"()
  %".235" = sext i32 %".234" to i64
  %".236" = call i32 @"llvm.nvvm.read.ptx.sreg.ctaid.x"()
  %".237" = sext i32 %".236" to i64
  %".238" = mul i64 %".235", %".237"
  %".239" = add i64 %".238", %".233"
  %".240" = load {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %"data"
  store {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %".241"
  store {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]} %".240", {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %".241"
  %".245" = getelementptr inbounds {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %".241", i32 0, i32 5
  %".246" = getelementptr inbounds [1 x i64], [1 x i64]* %".245", i32 0, i32 0
  %".247" = load i64, i64* %".246", !range !2
  %".248" = insertvalue [1 x i64] undef, i64 %".247", 0
  %".249" = extractvalue [1 x i64] %".248", 0
  %".250" = trunc i64 1 to i32
  %".251" = call i32 @"llvm.nvvm.read.ptx.sreg.ntid.x"()
  %".252" = call i32 @"llvm.nvvm.read.ptx.sreg.nctaid.x"()
  %".253" = sext i32 %".251" to i64
  %".254" = sext i32 %".252" to i64
  %".255" = mul i64 %".253", %".254"
  store {i64, i64, i64} zeroinitializer, {i64, i64, i64}* %".256"
  %".259" = getelementptr inbounds {i64, i64, i64}, {i64, i64, i64}* %".256", i32 0, i32 0
  store i64 %".239", i64* %".259"
  %".261" = getelementptr inbounds {i64, i64, i64}, {i64, i64, i64}* %".256", i32 0, i32 1
  store i64 %".249", i64* %".261"
  %".263" = getelementptr inbounds {i64, i64, i64}, {i64, i64, i64}* %".256", i32 0, i32 2
  store i64 %".255", i64* %".263"
  %".265" = load {i64, i64, i64}, {i64, i64, i64}* %".256"
  store {i64, i64, i64} zeroinitializer, {i64, i64, i64}* %".266"
  store {i64, i64, i64} %".265", {i64, i64, i64}* %".266"
  store {i64*, i64, i64, i64*} zeroinitializer, {i64*, i64, i64, i64*}* %".270"
  %".273" = getelementptr inbounds {i64, i64, i64}, {i64, i64, i64}* %".266", i32 0, i32 0
  %".274" = load i64, i64* %".273"
  %".275" = getelementptr inbounds {i64, i64, i64}, {i64, i64, i64}* %".266", i32 0, i32 1
  %".276" = load i64, i64* %".275"
  %".277" = getelementptr inbounds {i64, i64, i64}, {i64, i64, i64}* %".266", i32 0, i32 2
  %".278" = load i64, i64* %".277"
  store i64 %".274", i64* %".279"
  %".284" = getelementptr inbounds {i64*, i64, i64, i64*}, {i64*, i64, i64, i64*}* %".270", i32 0, i32 0
  store i64* %".279", i64** %".284"
  %".286" = getelementptr inbounds {i64*, i64, i64, i64*}, {i64*, i64, i64, i64*}* %".270", i32 0, i32 1
  store i64 %".276", i64* %".286"
  %".288" = getelementptr inbounds {i64*, i64, i64, i64*}, {i64*, i64, i64, i64*}* %".270", i32 0, i32 2
  store i64 %".278", i64* %".288"
  %".290" = getelementptr inbounds {i64*, i64, i64, i64*}, {i64*, i64, i64, i64*}* %".270", i32 0, i32 3
  store i64* %".282", i64** %".290"
  %".292" = sub i64 %".276", %".274"
  %".293" = icmp sgt i64 %".292", 0
  %".294" = icmp sgt i64 %".278", 0
  %".295" = xor i1 %".293", %".294"
  %".296" = icmp eq i64 %".278", 0
  br i1 %".296", label %"B212.if", label %"B212.endif", !prof !1
B378:
  %".320" = load {i64*, i64, i64, i64*}, {i64*, i64, i64, i64*}* %"$phi378.0"
  store {i64, i1} zeroinitializer, {i64, i1}* %".321"
  store {i64*, i64, i64, i64*} zeroinitializer, {i64*, i64, i64, i64*}* %".324"
  store {i64*, i64, i64, i64*} %".320", {i64*, i64, i64, i64*}* %".324"
  %".328" = getelementptr inbounds {i64*, i64, i64, i64*}, {i64*, i64, i64, i64*}* %".324", i32 0, i32 3
  %".329" = load i64*, i64** %".328"
  %".330" = load i64, i64* %".329"
  %".331" = icmp sgt i64 %".330", 0
  %".332" = getelementptr inbounds {i64, i1}, {i64, i1}* %".321", i32 0, i32 1
  store i1 %".331", i1* %".332"
  br i1 %".331", label %"B378.if", label %"B378.endif"
B380:
  %".370" = load i1, i1* %"$378for_iter.3"
  store i1 0, i1* %"$378for_iter.3"
  %".372" = load i64, i64* %"$phi380.1"
  %".373" = load i64, i64* %"$phi380.1"
  store i64 0, i64* %"$phi380.1"
  %".375" = load {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %"data"
  store {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %".376"
  store {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]} %".375", {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %".376"
  %".380" = getelementptr inbounds {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %".376", i32 0, i32 5
  %".381" = getelementptr inbounds [1 x i64], [1 x i64]* %".380", i32 0, i32 0
  %".382" = load i64, i64* %".381", !range !2
  %".383" = insertvalue [1 x i64] undef, i64 %".382", 0
  %".384" = extractvalue [1 x i64] %".383", 0
  %".385" = getelementptr inbounds {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %".376", i32 0, i32 6
  %".386" = load [1 x i64], [1 x i64]* %".385"
  %".387" = extractvalue [1 x i64] %".386", 0
  %".388" = icmp slt i64 %".372", 0
  %".389" = add i64 %".372", %".384"
  %".390" = select  i1 %".388", i64 %".389", i64 %".372"
  %".391" = getelementptr inbounds {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %".376", i32 0, i32 5
  %".392" = getelementptr inbounds [1 x i64], [1 x i64]* %".391", i32 0, i32 0
  %".393" = load i64, i64* %".392", !range !2
  %".394" = insertvalue [1 x i64] undef, i64 %".393", 0
  %".395" = extractvalue [1 x i64] %".394", 0
  %".396" = getelementptr inbounds {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %".376", i32 0, i32 6
  %".397" = load [1 x i64], [1 x i64]* %".396"
  %".398" = extractvalue [1 x i64] %".397", 0
  %".399" = getelementptr inbounds {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %".376", i32 0, i32 4
  %".400" = load i32*, i32** %".399"
  %".401" = mul i64 %".390", 1
  %".402" = add i64 0, %".401"
  %".403" = getelementptr i32, i32* %".400", i64 %".402"
  %".404" = load i32, i32* %".403"
  %".405" = load {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %"local"
  %".406" = sext i32 %".404" to i64
  %".407" = trunc i64 1 to i32
  store {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %".408"
  store {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]} %".405", {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %".408"
  %".412" = getelementptr inbounds {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %".408", i32 0, i32 5
  %".413" = getelementptr inbounds [1 x i64], [1 x i64]* %".412", i32 0, i32 0
  %".414" = load i64, i64* %".413", !range !2
  %".415" = insertvalue [1 x i64] undef, i64 %".414", 0
  %".416" = extractvalue [1 x i64] %".415", 0
  %".417" = getelementptr inbounds {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %".408", i32 0, i32 6
  %".418" = load [1 x i64], [1 x i64]* %".417"
  %".419" = extractvalue [1 x i64] %".418", 0
  %".420" = getelementptr inbounds {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %".408", i32 0, i32 4
  %".421" = load i32*, i32** %".420"
  %".422" = icmp slt i64 %".406", 0
  %".423" = add i64 %".416", %".406"
  %".424" = select  i1 %".422", i64 %".423", i64 %".406"
  %".425" = mul i64 %".424", 1
  %".426" = add i64 0, %".425"
  %".427" = getelementptr i32, i32* %".421", i64 %".426"
  %".428" = atomicrmw add i32* %".427", i32 %".407" monotonic
  br label %"B378"
B462:
  %".430" = load {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %"data"
  store {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %"data"
  %".432" = load i64, i64* %"$phi380.1"
  store i64 0, i64* %"$phi380.1"
  %".434" = load {i64*, i64, i64, i64*}, {i64*, i64, i64, i64*}* %"$phi378.0"
  store {i64*, i64, i64, i64*} zeroinitializer, {i64*, i64, i64, i64*}* %"$phi378.0"
  %".436" = load i1, i1* %"$378for_iter.3"
  store i1 0, i1* %"$378for_iter.3"
  call void @"llvm.nvvm.barrier0"()
  %".439" = call i32 @"llvm.nvvm.read.ptx.sreg.ntid.x"()
  %".440" = call i32 @"llvm.nvvm.read.ptx.sreg.ntid.y"()
  %".441" = call i32 @"llvm.nvvm.read.ptx.sreg.ntid.z"()
  %".442" = insertvalue {i32, i32, i32} undef, i32 %".439", 0
  %".443" = insertvalue {i32, i32, i32} %".442", i32 %".440", 1
  %".444" = insertvalue {i32, i32, i32} %".443", i32 %".441", 2
  %".445" = extractvalue {i32, i32, i32} %".444", 0
  %".446" = load i32, i32* %"t"
  %".447" = sext i32 %".446" to i64
  %".448" = sext i32 %".445" to i64
  store {i64, i64, i64} zeroinitializer, {i64, i64, i64}* %".449"
  %".452" = getelementptr inbounds {i64, i64, i64}, {i64, i64, i64}* %".449", i32 0, i32 0
  store i64 %".447", i64* %".452"
  %".454" = getelementptr inbounds {i64, i64, i64}, {i64, i64, i64}* %".449", i32 0, i32 1
  store i64 64, i64* %".454"
  %".456" = getelementptr inbounds {i64, i64, i64}, {i64, i64, i64}* %".449", i32 0, i32 2
  store i64 %".448", i64* %".456"
  %".458" = load {i64, i64, i64}, {i64, i64, i64}* %".449"
  %".459" = load i32, i32* %"t"
  store i32 0, i32* %"t"
  store {i64, i64, i64} zeroinitializer, {i64, i64, i64}* %".461"
  store {i64, i64, i64} %".458", {i64, i64, i64}* %".461"
  store {i64*, i64, i64, i64*} zeroinitializer, {i64*, i64, i64, i64*}* %".465"
  %".468" = getelementptr inbounds {i64, i64, i64}, {i64, i64, i64}* %".461", i32 0, i32 0
  %".469" = load i64, i64* %".468"
  %".470" = getelementptr inbounds {i64, i64, i64}, {i64, i64, i64}* %".461", i32 0, i32 1
  %".471" = load i64, i64* %".470"
  %".472" = getelementptr inbounds {i64, i64, i64}, {i64, i64, i64}* %".461", i32 0, i32 2
  %".473" = load i64, i64* %".472"
  store i64 %".469", i64* %".474"
  %".479" = getelementptr inbounds {i64*, i64, i64, i64*}, {i64*, i64, i64, i64*}* %".465", i32 0, i32 0
  store i64* %".474", i64** %".479"
  %".481" = getelementptr inbounds {i64*, i64, i64, i64*}, {i64*, i64, i64, i64*}* %".465", i32 0, i32 1
  store i64 %".471", i64* %".481"
  %".483" = getelementptr inbounds {i64*, i64, i64, i64*}, {i64*, i64, i64, i64*}* %".465", i32 0, i32 2
  store i64 %".473", i64* %".483"
  %".485" = getelementptr inbounds {i64*, i64, i64, i64*}, {i64*, i64, i64, i64*}* %".465", i32 0, i32 3
  store i64* %".477", i64** %".485"
  %".487" = sub i64 %".471", %".469"
  %".488" = icmp sgt i64 %".487", 0
  %".489" = icmp sgt i64 %".473", 0
  %".490" = xor i1 %".488", %".489"
  %".491" = icmp eq i64 %".473", 0
  br i1 %".491", label %"B462.if", label %"B462.endif", !prof !1
B574:
  %".515" = load {i64*, i64, i64, i64*}, {i64*, i64, i64, i64*}* %"$phi574.0"
  store {i64, i1} zeroinitializer, {i64, i1}* %".516"
  store {i64*, i64, i64, i64*} zeroinitializer, {i64*, i64, i64, i64*}* %".519"
  store {i64*, i64, i64, i64*} %".515", {i64*, i64, i64, i64*}* %".519"
  %".523" = getelementptr inbounds {i64*, i64, i64, i64*}, {i64*, i64, i64, i64*}* %".519", i32 0, i32 3
  %".524" = load i64*, i64** %".523"
  %".525" = load i64, i64* %".524"
  %".526" = icmp sgt i64 %".525", 0
  %".527" = getelementptr inbounds {i64, i1}, {i64, i1}* %".516", i32 0, i32 1
  store i1 %".526", i1* %".527"
  br i1 %".526", label %"B574.if", label %"B574.endif"
B576:
  %".565" = load i1, i1* %"$574for_iter.3"
  store i1 0, i1* %"$574for_iter.3"
  %".567" = load i64, i64* %"$phi576.1"
  %".569" = load i64, i64* %"b.1"
  store i64 %".567", i64* %"b.1"
  %".571" = load i64, i64* %"$phi576.1"
  store i64 0, i64* %"$phi576.1"
  %".573" = load {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %"local"
  %".574" = load i64, i64* %"b.1"
  store {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %".575"
  store {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]} %".573", {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %".575"
  %".579" = getelementptr inbounds {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %".575", i32 0, i32 5
  %".580" = getelementptr inbounds [1 x i64], [1 x i64]* %".579", i32 0, i32 0
  %".581" = load i64, i64* %".580", !range !2
  %".582" = insertvalue [1 x i64] undef, i64 %".581", 0
  %".583" = extractvalue [1 x i64] %".582", 0
  %".584" = getelementptr inbounds {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %".575", i32 0, i32 6
  %".585" = load [1 x i64], [1 x i64]* %".584"
  %".586" = extractvalue [1 x i64] %".585", 0
  %".587" = icmp slt i64 %".574", 0
  %".588" = add i64 %".574", %".583"
  %".589" = select  i1 %".587", i64 %".588", i64 %".574"
  %".590" = getelementptr inbounds {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %".575", i32 0, i32 5
  %".591" = getelementptr inbounds [1 x i64], [1 x i64]* %".590", i32 0, i32 0
  %".592" = load i64, i64* %".591", !range !2
  %".593" = insertvalue [1 x i64] undef, i64 %".592", 0
  %".594" = extractvalue [1 x i64] %".593", 0
  %".595" = getelementptr inbounds {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %".575", i32 0, i32 6
  %".596" = load [1 x i64], [1 x i64]* %".595"
  %".597" = extractvalue [1 x i64] %".596", 0
  %".598" = getelementptr inbounds {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %".575", i32 0, i32 4
  %".599" = load i32*, i32** %".598"
  %".600" = mul i64 %".589", 1
  %".601" = add i64 0, %".600"
  %".602" = getelementptr i32, i32* %".599", i64 %".601"
  %".603" = load i32, i32* %".602"
  %".604" = sext i32 %".603" to i64
  %".605" = icmp ne i64 %".604", 0
  %".607" = load i1, i1* %"$600pred"
  store i1 %".605", i1* %"$600pred"
  %".609" = load i1, i1* %"$600pred"
  br i1 %".609", label %"B602", label %"B680"
B602:
  %".611" = load i1, i1* %"$600pred"
  store i1 0, i1* %"$600pred"
  %".613" = load {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %"local"
  %".614" = load i64, i64* %"b.1"
  store {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %".615"
  store {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]} %".613", {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %".615"
  %".619" = getelementptr inbounds {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %".615", i32 0, i32 5
  %".620" = getelementptr inbounds [1 x i64], [1 x i64]* %".619", i32 0, i32 0
  %".621" = load i64, i64* %".620", !range !2
  %".622" = insertvalue [1 x i64] undef, i64 %".621", 0
  %".623" = extractvalue [1 x i64] %".622", 0
  %".624" = getelementptr inbounds {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %".615", i32 0, i32 6
  %".625" = load [1 x i64], [1 x i64]* %".624"
  %".626" = extractvalue [1 x i64] %".625", 0
  %".627" = icmp slt i64 %".614", 0
  %".628" = add i64 %".614", %".623"
  %".629" = select  i1 %".627", i64 %".628", i64 %".614"
  %".630" = getelementptr inbounds {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %".615", i32 0, i32 5
  %".631" = getelementptr inbounds [1 x i64], [1 x i64]* %".630", i32 0, i32 0
  %".632" = load i64, i64* %".631", !range !2
  %".633" = insertvalue [1 x i64] undef, i64 %".632", 0
  %".634" = extractvalue [1 x i64] %".633", 0
  %".635" = getelementptr inbounds {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %".615", i32 0, i32 6
  %".636" = load [1 x i64], [1 x i64]* %".635"
  %".637" = extractvalue [1 x i64] %".636", 0
  %".638" = getelementptr inbounds {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %".615", i32 0, i32 4
  %".639" = load i32*, i32** %".638"
  %".640" = mul i64 %".629", 1
  %".641" = add i64 0, %".640"
  %".642" = getelementptr i32, i32* %".639", i64 %".641"
  %".643" = load i32, i32* %".642"
  %".644" = load {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %"bins"
  %".645" = load i64, i64* %"b.1"
  store {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %".646"
  store {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]} %".644", {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %".646"
  %".650" = getelementptr inbounds {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %".646", i32 0, i32 5
  %".651" = getelementptr inbounds [1 x i64], [1 x i64]* %".650", i32 0, i32 0
  %".652" = load i64, i64* %".651", !range !2
  %".653" = insertvalue [1 x i64] undef, i64 %".652", 0
  %".654" = extractvalue [1 x i64] %".653", 0
  %".655" = getelementptr inbounds {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %".646", i32 0, i32 6
  %".656" = load [1 x i64], [1 x i64]* %".655"
  %".657" = extractvalue [1 x i64] %".656", 0
  %".658" = getelementptr inbounds {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %".646", i32 0, i32 4
  %".659" = load i32*, i32** %".658"
  %".660" = icmp slt i64 %".645", 0
  %".661" = add i64 %".654", %".645"
  %".662" = select  i1 %".660", i64 %".661", i64 %".645"
  %".663" = mul i64 %".662", 1
  %".664" = add i64 0, %".663"
  %".665" = getelementptr i32, i32* %".659", i64 %".664"
  %".666" = atomicrmw add i32* %".665", i32 %".643" monotonic
  %".667" = load i64, i64* %"b.1"
  store i64 0, i64* %"b.1"
  br label %"B680"
B680:
  %".670" = load i64, i64* %"b.1"
  store i64 0, i64* %"b.1"
  %".672" = load i1, i1* %"$600pred"
  store i1 0, i1* %"$600pred"
  br label %"B574"
B682:
  %".675" = load {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %"local"
  store {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %"local"
  %".677" = load {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}, {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %"bins"
  store {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]} zeroinitializer, {i8*, i8*, i64, i64, i32*, [1 x i64], [1 x i64]}* %"bins"
  %".679" = load i64, i64* %"$phi576.1"
  store i64 0, i64* %"$phi576.1"
  %".681" = load {i64*, i64, i64, i64*}, {i64*, i64, i64, i64*}* %"$phi574.0"
  store {i64*, i64, i64, i64*} zeroinitializer, {i64*, i64, i64, i64*}* %"$phi574.0"
  %".683" = load i1, i1* %"$574for_iter.3"
  store i1 0, i1* %"$574for_iter.3"
  ret void
B0.if:
  ret void
B0.endif:
  br i1 %".112", label %"B0.endif.if", label %"B0.endif.else"
B0.endif.if:
  %".117" = getelementptr inbounds {i64*, i64, i64, i64*}, {i64*, i64, i64, i64*}* %".87", i32 0, i32 3
  %".118" = load i64*, i64** %".117"
  store i64 0, i64* %".118"
  br label %"B0.endif.endif"
B0.endif.else:
  %".121" = srem i64 %".109", %".95"
  %".122" = sub i64 0, %".121"
  %".123" = select  i1 %".110", i64 %".121", i64 %".122"
  %".124" = icmp sgt i64 %".123", 0
  %".125" = sdiv i64 %".109", %".95"
  %".126" = select  i1 %".124", i64 1, i64 0
  %".127" = add i64 %".125", %".126"
  %".128" = getelementptr inbounds {i64*, i64, i64, i64*}, {i64*, i64, i64, i64*}* %".87", i32 0, i32 3
  %".129" = load i64*, i64** %".128"
  store i64 %".127", i64* %".129"
  br label %"B0.endif.endif"
B0.endif.endif:
  %".132" = load {i64*, i64, i64, i64*}, {i64*, i64, i64, i64*}* %".87"
  %".134" = load {i64*, i64, i64, i64*}, {i64*, i64, i64, i64*}* %"$phi196.0"
  store {i64*, i64, i64, i64*} %".132", {i64*, i64, i64, i64*}* %"$phi196.0"
  br label %"B196"
B196.if:
  %".152" = getelementptr inbounds {i64*, i64, i64, i64*}, {i64*, i64, i64, i64*}* %".141", i32 0, i32 0
  %".153" = load i64*, i64** %".152"
  %".154" = load i64, i64* %".153"
  %".155" = getelementptr inbounds {i64, i1}, {i64, i1}* %".138", i32 0, i32 0
  store i64 %".154", i64* %".155"
  %".157" = sub nsw i64 %".147", 1
  store i64 %".157", i64* %".146"
  %".159" = getelementptr inbounds {i64*, i64, i64, i64*}, {i64*, i64, i64, i64*}* %".141", i32 0, i32 2
  %".160" = load i64, i64* %".159"
  %".161" = add i64 %".154", %".160"
  %".162" = getelementptr inbounds {i64*, i64, i64, i64*}, {i64*, i64, i64, i64*}* %".141", i32 0, i32 0
  %".163" = load i64*, i64** %".162"
  store i64 %".161", i64* %".163"
  br label %"B196.endif"
B196.endif:
  %".166" = load {i64, i1}, {i64, i1}* %".138"
  store {i64, i1} zeroinitializer, {i64, i1}* %".167"
  store {i64, i1} %".166", {i64, i1}* %".167"
  %".171" = getelementptr inbounds {i64, i1}, {i64, i1}* %".167", i32 0, i32 0
  %".172" = load i64, i64* %".171"
  store {i64, i1} zeroinitializer, {i64, i1}* %".173"
  store {i64, i1} %".166", {i64, i1}* %".173"
  %".177" = getelementptr inbounds {i64, i1}, {i64, i1}* %".173", i32 0, i32 1
  %".178" = load i1, i1* %".177"
  %".180" = load i1, i1* %"$196for_iter.3"
  store i1 %".178", i1* %"$196for_iter.3"
  %".183" = load i64, i64* %"$phi198.1"
  store i64 %".172", i64* %"$phi198.1"
  %".185" = load i1, i1* %"$196for_iter.3"
  br i1 %".185", label %"B198", label %"B212"
B212.if:
  ret void
B212.endif:
  br i1 %".295", label %"B212.endif.if", label %"B212.endif.else"
B212.endif.if:
  %".300" = getelementptr inbounds {i64*, i64, i64, i64*}, {i64*, i64, i64, i64*}* %".270", i32 0, i32 3
  %".301" = load i64*, i64** %".300"
  store i64 0, i64* %".301"
  br label %"B212.endif.endif"
B212.endif.else:
  %".304" = srem i64 %".292", %".278"
  %".305" = sub i64 0, %".304"
  %".306" = select  i1 %".293", i64 %".304", i64 %".305"
  %".307" = icmp sgt i64 %".306", 0
  %".308" = sdiv i64 %".292", %".278"
  %".309" = select  i1 %".307", i64 1, i64 0
  %".310" = add i64 %".308", %".309"
  %".311" = getelementptr inbounds {i64*, i64, i64, i64*}, {i64*, i64, i64, i64*}* %".270", i32 0, i32 3
  %".312" = load i64*, i64** %".311"
  store i64 %".310", i64* %".312"
  br label %"B212.endif.endif"
B212.endif.endif:
  %".315" = load {i64*, i64, i64, i64*}, {i64*, i64, i64, i64*}* %".270"
  %".317" = load {i64*, i64, i64, i64*}, {i64*, i64, i64, i64*}* %"$phi378.0"
  store {i64*, i64, i64, i64*} %".315", {i64*, i64, i64, i64*}* %"$phi378.0"
  br label %"B378"
B378.if:
  %".335" = getelementptr inbounds {i64*, i64, i64, i64*}, {i64*, i64, i64, i64*}* %".324", i32 0, i32 0
  %".336" = load i64*, i64** %".335"
  %".337" = load i64, i64* %".336"
  %".338" = getelementptr inbounds {i64, i1}, {i64, i1}* %".321", i32 0, i32 0
  store i64 %".337", i64* %".338"
  %".340" = sub nsw i64 %".330", 1
  store i64 %".340", i64* %".329"
  %".342" = getelementptr inbounds {i64*, i64, i64, i64*}, {i64*, i64, i64, i64*}* %".324", i32 0, i32 2
  %".343" = load i64, i64* %".342"
  %".344" = add i64 %".337", %".343"
  %".345" = getelementptr inbounds {i64*, i64, i64, i64*}, {i64*, i64, i64, i64*}* %".324", i32 0, i32 0
  %".346" = load i64*, i64** %".345"
  store i64 %".344", i64* %".346"
  br label %"B378.endif"
B378.endif:
  %".349" = load {i64, i1}, {i64, i1}* %".321"
  store {i64, i1} zeroinitializer, {i64, i1}* %".350"
  store {i64, i1} %".349", {i64, i1}* %".350"
  %".354" = getelementptr inbounds {i64, i1}, {i64, i1}* %".350", i32 0, i32 0
  %".355" = load i64, i64* %".354"
  store {i64, i1} zeroinitializer, {i64, i1}* %".356"
  store {i64, i1} %".349", {i64, i1}* %".356"
  %".360" = getelementptr inbounds {i64, i1}, {i64, i1}* %".356", i32 0, i32 1
  %".361" = load i1, i1* %".360"
  %".363" = load i1, i1* %"$378for_iter.3"
  store i1 %".361", i1* %"$378for_iter.3"
  %".366" = load i64, i64* %"$phi380.1"
  store i64 %".355", i64* %"$phi380.1"
  %".368" = load i1, i1* %"$378for_iter.3"
  br i1 %".368", label %"B380", label %"B462"
B462.if:
  ret void
B462.endif:
  br i1 %".490", label %"B462.endif.if", label %"B462.endif.else"
B462.endif.if:
  %".495" = getelementptr inbounds {i64*, i64, i64, i64*}, {i64*, i64, i64, i64*}* %".465", i32 0, i32 3
  %".496" = load i64*, i64** %".495"
  store i64 0, i64* %".496"
  br label %"B462.endif.endif"
B462.endif.else:
  %".499" = srem i64 %".487", %".473"
  %".500" = sub i64 0, %".499"
  %".501" = select  i1 %".488", i64 %".499", i64 %".500"
  %".502" = icmp sgt i64 %".501", 0
  %".503" = sdiv i64 %".487", %".473"
  %".504" = select  i1 %".502", i64 1, i64 0
  %".505" = add i64 %".503", %".504"
  %".506" = getelementptr inbounds {i64*, i64, i64, i64*}, {i64*, i64, i64, i64*}* %".465", i32 0, i32 3
  %".507" = load i64*, i64** %".506"
  store i64 %".505", i64* %".507"
  br label %"B462.endif.endif"
B462.endif.endif:
  %".510" = load {i64*, i64, i64, i64*}, {i64*, i64, i64, i64*}* %".465"
  %".512" = load {i64*, i64, i64, i64*}, {i64*, i64, i64, i64*}* %"$phi574.0"
  store {i64*, i64, i64, i64*} %".510", {i64*, i64, i64, i64*}* %"$phi574.0"
  br label %"B574"
B574.if:
  %".530" = getelementptr inbounds {i64*, i64, i64, i64*}, {i64*, i64, i64, i64*}* %".519", i32 0, i32 0
  %".531" = load i64*, i64** %".530"
  %".532" = load i64, i64* %".531"
  %".533" = getelementptr inbounds {i64, i1}, {i64, i1}* %".516", i32 0, i32 0
  store i64 %".532", i64* %".533"
  %".535" = sub nsw i64 %".525", 1
  store i64 %".535", i64* %".524"
  %".537" = getelementptr inbounds {i64*, i64, i64, i64*}, {i64*, i64, i64, i64*}* %".519", i32 0, i32 2
  %".538" = load i64, i64* %".537"
  %".539" = add i64 %".532", %".538"
  %".540" = getelementptr inbounds {i64*, i64, i64, i64*}, {i64*, i64, i64, i64*}* %".519", i32 0, i32 0
  %".541" = load i64*, i64** %".540"
  store i64 %".539", i64* %".541"
  br label %"B574.endif"
B574.endif:
  %".544" = load {i64, i1}, {i64, i1}* %".516"
  store {i64, i1} zeroinitializer, {i64, i1}* %".545"
  store {i64, i1} %".544", {i64, i1}* %".545"
  %".549" = getelementptr inbounds {i64, i1}, {i64, i1}* %".545", i32 0, i32 0
  %".550" = load i64, i64* %".549"
  store {i64, i1} zeroinitializer, {i64, i1}* %".551"
  store {i64, i1} %".544", {i64, i1}* %".551"
  %".555" = getelementptr inbounds {i64, i1}, {i64, i1}* %".551", i32 0, i32 1
  %".556" = load i1, i1* %".555"
  %".558" = load i1, i1* %"$574for_iter.3"
  store i1 %".556", i1* %"$574for_iter.3"
  %".561" = load i64, i64* %"$phi576.1"
  store i64 %".550", i64* %"$phi576.1"
  %".563" = load i1, i1* %"$574for_iter.3"
  br i1 %".563", label %"B576", label %"B682"
}

@"_cudapy_smem_1" = addrspace(3) global [64 x i32] undef, align 4
declare i32 @"llvm.nvvm.read.ptx.sreg.tid.x"()

declare i32 @"llvm.nvvm.read.ptx.sreg.tid.y"()

declare i32 @"llvm.nvvm.read.ptx.sreg.tid.z"()

declare i32 @"llvm.nvvm.read.ptx.sreg.ntid.x"()

declare i32 @"llvm.nvvm.read.ptx.sreg.ntid.y"()

declare i32 @"llvm.nvvm.read.ptx.sreg.ntid.z"()

declare void @"llvm.nvvm.barrier0"()

declare i32 @"llvm.nvvm.read.ptx.sreg.ctaid.x"()

declare i32 @"llvm.nvvm.read.ptx.sreg.nctaid.x"()

@"llvm.used" = appending global [1 x i8*] [i8* bitcast (void (i8*, i8*, i64, i64, i32*, i64, i64, i8*, i8*, i64, i64, i32*, i64, i64)* @"_ZN6kernel9histogramB2v1B92cw51cXTLSUwv1sDUaKthoaNgoKmjgOR3W3CwAkMXLaJtQYkOIgxJU0gCqOkEJoHkbttqdVhoqlspQGNFHSgJ5BnXagIAE5ArrayIiLi1E1C7mutable7alignedE5ArrayIiLi1E1C7mutable7alignedE" to i8*)], section "llvm.metadata"
!nvvmir.version = !{ !0 }
!nvvm.annotations = !{ !3 }
!0 = !{ i32 2, i32 0, i32 3, i32 2 }
!1 = !{ !"branch_weights", i32 1, i32 99 }
!2 = !{ i64 0, i64 9223372036854775807 }
!3 = !{ void (i8*, i8*, i64, i64, i32*, i64, i64, i8*, i8*, i64, i64, i32*, i64, i64)* @"_ZN6kernel9histogramB2v1B92cw51cXTLSUwv1sDUaKthoaNgoKmjgOR3W3CwAkMXLaJtQYkOIgxJU0gCqOkEJoHkbttqdVhoqlspQGNFHSgJ5BnXagIAE5ArrayIiLi1E1C7mutable7alignedE5ArrayIiLi1E1C7mutable7alignedE", !"kernel", i32 1 }
