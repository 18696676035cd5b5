//! Tests of the `.ll` frontend on small inputs: clang output, hand-written IR for the
//! constructs clang rarely emits, and malformed input.

use frontend::ir::print::print_module;
use frontend::ir::{AbiArg, AddrSpace, FuncKind, Module, Op, Type};
use frontend::ll::{parse_ll_file, parse_ll_str};
use std::path::{Path, PathBuf};

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/ll_data")
        .join(name)
}

/// Compare `text` with `tests/golden/<name>`; `UPDATE_GOLDEN=1` rewrites the file.
fn check_golden(name: &str, text: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(name);
    if std::env::var("UPDATE_GOLDEN").is_ok_and(|v| v == "1") {
        std::fs::write(&path, text).expect("write golden file");
        return;
    }
    let want = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (run with UPDATE_GOLDEN=1)", path.display()));
    assert_eq!(
        want,
        text,
        "{} differs (run with UPDATE_GOLDEN=1 to accept)",
        path.display()
    );
}

const NVPTX: &str = "target datalayout = \"e-i64:64-i128:128-v16:16-v32:32-n16:32:64\"\ntarget triple = \"nvptx64-nvidia-cuda\"\n";

fn parse(body: &str) -> Module {
    let text = format!("{NVPTX}{body}");
    match parse_ll_str(&text, "test.ll") {
        Ok(m) => m,
        Err(e) => panic!("{e}\n{text}"),
    }
}

fn parse_err(body: &str) -> frontend::Diagnostic {
    let text = format!("{NVPTX}{body}");
    match parse_ll_str(&text, "test.ll") {
        Ok(m) => panic!("expected an error, got\n{}", print_module(&m)),
        Err(e) => e,
    }
}

fn ops(m: &Module, f: usize) -> Vec<Op> {
    let f = &m.functions[f];
    f.blocks
        .iter()
        .flat_map(|b| b.insts.iter().map(|i| f.insts[i.index()].op.clone()))
        .collect()
}

#[test]
fn all_test_kernels_parse() {
    let dir = data("");
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap().flatten() {
        let p = entry.path();
        let bad = p
            .file_name()
            .is_some_and(|n| n.to_string_lossy().starts_with("bad_"));
        if p.extension().is_some_and(|e| e == "ll") && !bad {
            let m = parse_ll_file(&p).unwrap_or_else(|e| panic!("{e}"));
            assert!(m.kernels().next().is_some(), "{}", p.display());
            n += 1;
        }
    }
    assert!(n >= 14, "{n}");
}

#[test]
fn saxpy_o2_ops() {
    let m = parse_ll_file(&data("saxpy.O2.ll")).unwrap();
    assert_eq!(m.flavor, frontend::ir::Flavor::ClangCuda);
    assert_eq!(m.functions.len(), 1);
    let f = &m.functions[0];
    assert_eq!(f.kind, FuncKind::Kernel);
    assert_eq!(f.name, "_Z5saxpyifPKfPf");
    assert_eq!(f.display_name, "saxpy");
    assert_eq!(f.abi, (0..4).map(AbiArg::Param).collect::<Vec<_>>());
    assert_eq!(
        f.param_types(),
        vec![
            Type::I32,
            Type::F32,
            Type::Ptr(AddrSpace::Generic),
            Type::Ptr(AddrSpace::Generic)
        ]
    );
    let text = print_module(&m);
    for want in [
        "special ctaid.x",
        "special ntid.x",
        "special tid.x",
        "icmp slt",
        "ptradd %2",
        "ptradd %3",
        "= load",
        "= fma ",
        "store ",
    ] {
        assert!(text.contains(want), "missing '{want}' in\n{text}");
    }
    assert!(
        !text.contains("fmul"),
        "the multiply must be fused:\n{text}"
    );
}

#[test]
fn saxpy_o2_golden() {
    let m = parse_ll_file(&data("saxpy.O2.ll")).unwrap();
    let text = print_module(&m).replace(&data("saxpy.O2.ll").display().to_string(), "saxpy.O2.ll");
    check_golden("saxpy.O2.kir", &text);
}

#[test]
fn saxpy_o0_parses() {
    let m = parse_ll_file(&data("saxpy.O0.ll")).unwrap();
    let text = print_module(&m);
    assert!(text.contains("= fma "), "{text}");
    assert_eq!(
        m.globals.len(),
        0,
        "builtin variables are not globals:\n{text}"
    );
    // Every local slot is promoted: the O0 kernel is the O2 one.
    assert!(!text.contains("alloca"), "{text}");
    let o2 = parse_ll_file(&data("saxpy.O2.ll")).unwrap();
    let count = |m: &Module| ops(m, 0).len();
    assert!(count(&m) <= count(&o2) + 1, "{text}");
}

#[test]
fn mem2reg_loop_slots() {
    let m = parse(
        r#"
define ptx_kernel void @k(ptr %out, i32 %n) {
entry:
  %i = alloca i32, align 4
  %acc = alloca float, align 4
  %arr = alloca [4 x i32], align 4
  %dyn = alloca [4 x i32], align 4
  %never = alloca i32, align 4
  store i32 0, ptr %i
  store float 0.0, ptr %acc
  br label %cond
cond:
  %iv = load i32, ptr %i
  %c = icmp slt i32 %iv, %n
  br i1 %c, label %body, label %done
body:
  %a = load float, ptr %acc
  %f = sitofp i32 %iv to float
  %a2 = fadd float %a, %f
  store float %a2, ptr %acc
  %p = getelementptr [4 x i32], ptr %arr, i64 0, i64 1
  store i32 %iv, ptr %p
  %pd = getelementptr [4 x i32], ptr %dyn, i64 0, i32 %iv
  store i32 %iv, ptr %pd
  %i2 = add i32 %iv, 1
  store i32 %i2, ptr %i
  br label %cond
done:
  %r = load float, ptr %acc
  store float %r, ptr %out
  %u = load i32, ptr %never
  store i32 %u, ptr %out
  ret void
}
"#,
    );
    let f = &m.functions[0];
    let text = print_module(&m);
    // Only the array indexed by a variable stays in memory.
    assert_eq!(text.matches("alloca").count(), 1, "{text}");
    // The loop header carries i and acc.
    assert_eq!(f.blocks[1].params.len(), 2, "{text}");
}

#[test]
fn missing_file_is_io_error() {
    let e = parse_ll_file(Path::new("/nonexistent/k.ll")).unwrap_err();
    assert_eq!(e.code, "io");
}

#[test]
fn garbage_is_bad_llvm_ir() {
    let e = parse_ll_str("this is not llvm ir {", "junk.ll").unwrap_err();
    assert_eq!(e.code, "bad-llvm-ir");
    let s = e.to_string();
    assert!(s.contains("junk.ll:1:"), "{s}");
    assert_eq!(s.lines().count(), 1, "{s}");
}

#[test]
fn truncated_file_is_bad_llvm_ir() {
    let text = std::fs::read_to_string(data("saxpy.O2.ll")).unwrap();
    for cut in [text.len() / 3, text.len() / 2, text.len() * 2 / 3] {
        let e = parse_ll_str(&text[..cut], "cut.ll").unwrap_err();
        assert_eq!(e.code, "bad-llvm-ir", "{e}");
        assert!(e.to_string().contains("cut.ll"), "{e}");
    }
}

#[test]
fn binary_garbage_is_bad_llvm_ir() {
    let mut bytes = b"BC\xc0\xde".to_vec();
    bytes.extend(std::iter::repeat_n(0x5au8, 64));
    let e = frontend::ll::parse_ll_bytes(&bytes, "junk.bc").unwrap_err();
    assert_eq!(e.code, "bad-llvm-ir", "{e}");
}

#[test]
fn invalid_module_is_bad_llvm_ir() {
    // Parses, but the use does not dominate... (LLVM's verifier rejects it).
    let e = parse_err(
        "define void @k(i32 %n) {\nentry:\n  br label %a\na:\n  %x = add i32 %y, 1\n  %y = add i32 %x, 1\n  ret void\n}\n",
    );
    assert_eq!(e.code, "bad-llvm-ir", "{e}");
}

#[test]
fn unknown_intrinsic_is_reported() {
    let e = parse_err(
        "declare i32 @mystery(i32)\ndefine ptx_kernel void @k(i32 %n) {\n  %r = call i32 @mystery(i32 %n)\n  ret void\n}\n",
    );
    assert_eq!(e.code, "unsupported-intrinsic");
    let s = e.to_string();
    assert!(s.contains("mystery") && s.contains("'k'"), "{s}");
    let e = parse_err(
        "declare i32 @llvm.nvvm.read.ptx.sreg.clock()\ndefine ptx_kernel void @k() {\n  %r = call i32 @llvm.nvvm.read.ptx.sreg.clock()\n  ret void\n}\n",
    );
    assert_eq!(e.code, "unsupported-intrinsic");
    assert!(
        e.to_string().contains("llvm.nvvm.read.ptx.sreg.clock"),
        "{e}"
    );
}

#[test]
fn wide_integers_are_unsupported() {
    let e = parse_err(
        "define ptx_kernel void @k(ptr %p) {\n  %v = load i128, ptr %p\n  store i128 %v, ptr %p\n  ret void\n}\n",
    );
    assert_eq!(e.code, "unsupported-type", "{e}");
    assert!(e.to_string().contains("i128"), "{e}");
}

#[test]
fn kernels_from_annotations_and_calling_convention() {
    let m = parse(
        "define void @a() {\n  ret void\n}\ndefine ptx_kernel void @b() {\n  call void @c()\n  ret void\n}\ndefine void @c() {\n  ret void\n}\ndefine void @unused() {\n  ret void\n}\n!nvvm.annotations = !{!0}\n!0 = !{ptr @a, !\"kernel\", i32 1}\n",
    );
    let kinds: Vec<(&str, FuncKind)> = m
        .functions
        .iter()
        .map(|f| (f.name.as_str(), f.kind))
        .collect();
    assert_eq!(
        kinds,
        vec![
            ("a", FuncKind::Kernel),
            ("b", FuncKind::Kernel),
            ("c", FuncKind::Device)
        ]
    );
}

#[test]
fn phis_become_block_params() {
    let m = parse(
        r#"
define ptx_kernel void @k(i32 %n, ptr %out) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc1, %loop ]
  %f = sitofp i32 %i to float
  %acc1 = fadd float %acc, %f
  %i1 = add i32 %i, 1
  %c = icmp slt i32 %i1, %n
  br i1 %c, label %loop, label %exit
exit:
  switch i32 %n, label %d [ i32 1, label %d
                            i32 2, label %two ]
two:
  br label %d
d:
  %r = phi float [ %acc1, %exit ], [ %acc1, %exit ], [ 1.0, %two ]
  store float %r, ptr %out
  ret void
}
"#,
    );
    let f = &m.functions[0];
    let text = print_module(&m);
    assert_eq!(f.blocks[1].params.len(), 2, "{text}");
    assert!(text.contains("bb1(%"), "{text}");
    assert!(text.contains("switch"), "{text}");
}

#[test]
fn vectors_are_scalarized() {
    let m = parse(
        r#"
define ptx_kernel void @k(ptr addrspace(1) %p, i32 %i) {
  %v = load <4 x float>, ptr addrspace(1) %p, align 16
  %x = extractelement <4 x float> %v, i64 0
  %w = extractelement <4 x float> %v, i64 3
  %s = fadd float %x, %w
  %v2 = insertelement <4 x float> %v, float %s, i64 1
  %sh = shufflevector <4 x float> %v2, <4 x float> poison, <4 x i32> <i32 3, i32 2, i32 1, i32 0>
  %dyn = extractelement <4 x float> %sh, i32 %i
  %v3 = insertelement <4 x float> %sh, float %dyn, i32 2
  store <4 x float> %v3, ptr addrspace(1) %p, align 16
  %h = bitcast <2 x half> <half 0xH3C00, half 0xH4000> to i32
  %q = getelementptr i8, ptr addrspace(1) %p, i64 32
  store i32 %h, ptr addrspace(1) %q
  ret void
}
"#,
    );
    let o = ops(&m, 0);
    let loads = o.iter().filter(|op| matches!(op, Op::Load { .. })).count();
    let stores = o.iter().filter(|op| matches!(op, Op::Store { .. })).count();
    assert_eq!((loads, stores), (4, 5), "{}", print_module(&m));
    // The half constants keep their bits: 0x3c00 and 0x4000.
    assert!(o.contains(&Op::Const { bits: 0x3c00 }));
    assert!(o.contains(&Op::Const { bits: 0x4000 }));
}

#[test]
fn structs_and_cmpxchg_are_scalarized() {
    let m = parse(
        r#"
%pair = type { i32, double }
define ptx_kernel void @k(ptr %p, ptr %q) {
  %s = load %pair, ptr %p
  %a = extractvalue %pair %s, 0
  %b = extractvalue %pair %s, 1
  %s2 = insertvalue %pair %s, i32 7, 0
  store %pair %s2, ptr %q
  %r = cmpxchg ptr %p, i32 %a, i32 5 seq_cst seq_cst
  %old = extractvalue { i32, i1 } %r, 0
  %ok = extractvalue { i32, i1 } %r, 1
  %z = zext i1 %ok to i32
  %sum = add i32 %old, %z
  store i32 %sum, ptr %q
  %bb = fadd double %b, 1.0
  ret void
}
"#,
    );
    let text = print_module(&m);
    assert!(text.contains("atomic_cas"), "{text}");
    assert!(text.contains("icmp eq"), "{text}");
    // The double field is at offset 8.
    assert!(text.contains("const 0x8 ; 8"), "{text}");
}

#[test]
fn globals_and_constant_geps() {
    let m = parse(
        r#"
%struct.S = type { i32, [2 x float] }
@tab = internal addrspace(4) constant [3 x i32] [i32 1, i32 2, i32 -1], align 4
@st = addrspace(1) global %struct.S { i32 9, [2 x float] [float 1.0, float 2.0] }, align 4
@sh = internal addrspace(3) global [256 x float] undef, align 4
@dyn = external addrspace(3) global [0 x float], align 16
define ptx_kernel void @k(ptr %out) {
  %a = load i32, ptr addrspace(4) getelementptr inbounds ([3 x i32], ptr addrspace(4) @tab, i64 0, i64 2)
  %b = load float, ptr getelementptr inbounds (%struct.S, ptr addrspacecast (ptr addrspace(1) @st to ptr), i64 0, i32 1, i64 1)
  store float %b, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @sh, i64 12)
  store i32 %a, ptr addrspacecast (ptr addrspace(3) @dyn to ptr)
  ret void
}
"#,
    );
    let g: Vec<(&str, AddrSpace, u64, bool)> = m
        .globals
        .iter()
        .map(|g| (g.name.as_str(), g.space, g.bytes, g.dynamic_shared))
        .collect();
    assert_eq!(
        g,
        vec![
            ("tab", AddrSpace::Const, 12, false),
            ("st", AddrSpace::Global, 12, false),
            ("sh", AddrSpace::Shared, 1024, false),
            ("dyn", AddrSpace::Shared, 0, true),
        ]
    );
    assert_eq!(
        m.globals[0].init.as_deref(),
        Some(&[1, 0, 0, 0, 2, 0, 0, 0, 0xff, 0xff, 0xff, 0xff][..])
    );
    assert_eq!(
        m.globals[1].init.as_deref(),
        Some(&[9, 0, 0, 0, 0, 0, 0x80, 0x3f, 0, 0, 0, 0x40][..])
    );
    assert_eq!(m.globals[2].init, None);
    let text = print_module(&m);
    // [3 x i32] element 2 -> 8 bytes; S field 1 element 1 -> 4 + 4 = 8; i8 GEP -> 12.
    assert!(text.contains("global_addr @tab"), "{text}");
    assert!(text.contains("const 0xc ; 12"), "{text}");
    assert!(text.contains("addrspacecast"), "{text}");
}

#[test]
fn intrinsics_map_to_ops() {
    let m = parse(
        r#"
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare void @llvm.nvvm.barrier0()
declare i32 @llvm.nvvm.barrier0.popc(i32)
declare i32 @llvm.nvvm.shfl.sync.bfly.i32(i32, i32, i32, i32)
declare i32 @llvm.nvvm.vote.ballot.sync(i32, i1)
declare float @llvm.fma.f32(float, float, float)
declare float @llvm.sqrt.f32(float)
declare i32 @llvm.smax.i32(i32, i32)
declare i32 @llvm.ctlz.i32(i32, i1)
declare i32 @llvm.cttz.i32(i32, i1)
declare i32 @llvm.bswap.i32(i32)
declare i32 @llvm.fshl.i32(i32, i32, i32)
declare { i32, i1 } @llvm.uadd.with.overflow.i32(i32, i32)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.memset.p0.i32(ptr, i8, i32, i1)
declare void @llvm.lifetime.start.p0(i64, ptr)
declare float @__nv_expf(float)
declare double @__nv_pow(double, double)
declare i32 @__nv_float2int_rn(float)
declare float @llvm.nvvm.ex2.approx.f(float)
declare void @llvm.trap()
define ptx_kernel void @k(ptr %p, float %x, double %d, i32 %n) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  call void @llvm.nvvm.barrier0()
  %c = call i32 @llvm.nvvm.barrier0.popc(i32 %t)
  %s = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %c, i32 1, i32 31)
  %cond = icmp eq i32 %s, 0
  %b = call i32 @llvm.nvvm.vote.ballot.sync(i32 -1, i1 %cond)
  %f = call float @llvm.fma.f32(float %x, float %x, float 1.0)
  %q = call float @llvm.sqrt.f32(float %f)
  %m = call i32 @llvm.smax.i32(i32 %b, i32 %n)
  %z = call i32 @llvm.ctlz.i32(i32 %m, i1 false)
  %tz = call i32 @llvm.cttz.i32(i32 %z, i1 true)
  %sw = call i32 @llvm.bswap.i32(i32 %tz)
  %fs = call i32 @llvm.fshl.i32(i32 %sw, i32 %n, i32 3)
  %ov = call { i32, i1 } @llvm.uadd.with.overflow.i32(i32 %fs, i32 %n)
  %ovr = extractvalue { i32, i1 } %ov, 0
  call void @llvm.lifetime.start.p0(i64 4, ptr %p)
  call void @llvm.memcpy.p0.p0.i64(ptr %p, ptr %p, i64 16, i1 false)
  call void @llvm.memset.p0.i32(ptr %p, i8 0, i32 8, i1 false)
  %e = call float @__nv_expf(float %q)
  %pw = call double @__nv_pow(double %d, double 2.0)
  %r = call i32 @__nv_float2int_rn(float %e)
  %e2 = call float @llvm.nvvm.ex2.approx.f(float %e)
  store i32 %ovr, ptr %p
  store double %pw, ptr %p
  store float %e2, ptr %p
  %bad = icmp eq i32 %r, 7
  br i1 %bad, label %trap, label %ok
trap:
  call void @llvm.trap()
  unreachable
ok:
  ret void
}
"#,
    );
    let text = print_module(&m);
    for want in [
        "special tid.y",
        "barrier sync",
        "barrier count",
        "shuffle bfly",
        "vote ballot",
        "= fma ",
        "= sqrt ",
        "= smax ",
        "= clz ",
        "= brev ",
        "= exp ",
        "= pow ",
        "= rint ",
        "= fptosi ",
        "= exp2 ",
        "memcpy ",
        "memset ",
        "trap",
    ] {
        assert!(text.contains(want), "missing '{want}' in\n{text}");
    }
    assert!(!text.contains("lifetime"), "{text}");
}

#[test]
fn atomics() {
    let m = parse(
        r#"
declare i32 @llvm.nvvm.atomic.load.inc.32.p0(ptr, i32)
declare float @llvm.nvvm.atomic.add.gen.f.cta.f32.p0(ptr, float)
define ptx_kernel void @k(ptr %p, ptr %f) {
  %a = atomicrmw add ptr %p, i32 1 seq_cst
  %b = atomicrmw umax ptr %p, i32 %a seq_cst
  %c = atomicrmw fsub ptr %f, float 1.0 seq_cst
  %d = atomicrmw uinc_wrap ptr %p, i32 9 seq_cst
  %e = atomicrmw udec_wrap ptr %p, i32 9 seq_cst
  %x = atomicrmw xchg ptr %f, float %c seq_cst
  %g = call i32 @llvm.nvvm.atomic.load.inc.32.p0(ptr %p, i32 3)
  %h = call float @llvm.nvvm.atomic.add.gen.f.cta.f32.p0(ptr %f, float 2.0)
  fence seq_cst
  ret void
}
"#,
    );
    let text = print_module(&m);
    for want in [
        "atomic add",
        "atomic umax",
        "atomic fadd",
        "atomic inc",
        "atomic dec",
        "atomic exch",
        "fneg",
        "fence",
    ] {
        assert!(text.contains(want), "missing '{want}' in\n{text}");
    }
}

#[test]
fn device_calls_and_allocas() {
    let m = parse(
        r#"
define internal float @sq(float %x) {
  %a = alloca float, align 4
  store float %x, ptr %a
  %v = load float, ptr %a
  %r = fmul float %v, %v
  ret float %r
}
define ptx_kernel void @k(ptr %p) {
  %v = load float, ptr %p
  %s = call float @sq(float %v)
  store float %s, ptr %p
  ret void
}
"#,
    );
    assert_eq!(m.functions.len(), 2);
    let text = print_module(&m);
    assert!(text.contains("call @sq("), "{text}");
}

#[test]
fn fsub_contraction() {
    let m = parse(
        r#"
define ptx_kernel void @k(ptr %p, float %a, float %b, float %c) {
  %m = fmul contract float %a, %b
  %s = fsub contract float %c, %m
  store float %s, ptr %p
  %m2 = fmul float %a, %c
  %s2 = fadd contract float %m2, %b
  store float %s2, ptr %p
  ret void
}
"#,
    );
    let text = print_module(&m);
    // c - a*b = fma(-a, b, c); the second pair lacks `contract` on the multiply.
    assert!(text.contains("fneg %1"), "{text}");
    assert_eq!(text.matches("= fma ").count(), 1, "{text}");
    assert!(text.contains("fmul %1, %3"), "{text}");
}

#[test]
fn unreachable_blocks_are_dropped() {
    let m = parse(
        r#"
define ptx_kernel void @k(ptr %p) {
entry:
  ret void
dead:
  %x = add i32 %x, 1
  br label %dead
}
"#,
    );
    assert_eq!(m.functions[0].blocks.len(), 1);
}

#[test]
fn typed_pointer_ir_parses() {
    // Numba-style NVVM IR with typed pointers and no triple.
    let text = r#"
target datalayout = "e-p:64:64:64-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:64:64-f32:32:32-f64:64:64-v16:16:16-v32:32:32-v64:64:64-v128:128:128-n16:32:64"
define void @kern(float* %p) {
  %v = load float, float* %p
  store float %v, float* %p
  ret void
}
!nvvm.annotations = !{!0}
!0 = !{void (float*)* @kern, !"kernel", i32 1}
"#;
    let m = parse_ll_str(text, "typed.ll").unwrap();
    assert_eq!(m.functions.len(), 1);
    assert_eq!(m.functions[0].kind, FuncKind::Kernel);
    assert_eq!(m.flavor, frontend::ir::Flavor::Numba);
}

#[test]
fn numba_kernels() {
    let m = parse_ll_file(&data("numba_saxpy.ll")).unwrap();
    assert_eq!(m.flavor, frontend::ir::Flavor::Numba);
    assert!(m.globals.is_empty(), "{}", print_module(&m));
    let f = &m.functions[0];
    assert_eq!(f.kind, FuncKind::Kernel);
    assert_eq!(f.display_name, "__main__::saxpy");
    assert_eq!(
        f.abi,
        vec![
            AbiArg::Param(0),
            AbiArg::NumbaArray { first: 1, ndim: 1 },
            AbiArg::NumbaArray { first: 8, ndim: 1 },
            AbiArg::NumbaArray { first: 15, ndim: 1 },
        ]
    );
    let text = print_module(&m);
    // The array structs Numba copies through stack slots are promoted away, and NVVM's
    // default FMA contraction applies.
    assert!(!text.contains("alloca"), "{text}");
    assert!(text.contains("= fma "), "{text}");

    let m = parse_ll_file(&data("numba_red.ll")).unwrap();
    let text = print_module(&m);
    assert_eq!(m.globals.len(), 1, "{text}");
    assert_eq!(m.globals[0].space, AddrSpace::Shared);
    assert_eq!(m.globals[0].bytes, 512);
    assert!(text.contains("barrier sync"), "{text}");
    assert!(text.contains("atomic fadd"), "{text}");
    assert!(!text.contains("alloca"), "{text}");
}

#[test]
fn debug_locations() {
    let m = parse_ll_file(&data("saxpy.g.ll")).unwrap();
    let f = &m.functions[0];
    let lines: Vec<u32> = f
        .insts
        .iter()
        .filter_map(|i| i.loc)
        .map(|l| l.line)
        .collect();
    assert!(lines.contains(&3) && lines.contains(&4), "{lines:?}");
    assert_eq!(f.loc.map(|l| l.line), Some(2));

    let e = parse_ll_file(&data("bad_mystery.g.ll")).unwrap_err();
    assert_eq!(e.code, "unsupported-intrinsic");
    assert_eq!(e.location.file.as_deref(), Some("bad_mystery.cu"));
    assert_eq!((e.location.line, e.location.col), (Some(4), Some(20)));
    assert_eq!(e.location.function.as_deref(), Some("k"));
    let s = e.to_string();
    assert!(s.starts_with("bad_mystery.cu:4:20: in 'k'"), "{s}");
    assert!(s.contains("bad_mystery.g.ll"), "{s}");
}

#[test]
fn aggregate_returns_go_through_a_slot() {
    let m = parse(
        r#"
%pair = type { float, i32 }
define internal %pair @mk(float %x) {
  %a = insertvalue %pair undef, float %x, 0
  %b = insertvalue %pair %a, i32 7, 1
  ret %pair %b
}
declare i32 @__nv_ffs(i32)
declare i32 @llvm.nvvm.d2i.hi(double)
declare double @llvm.nvvm.lohi.i2d(i32, i32)
define ptx_kernel void @k(ptr %p, float %x, double %d) {
  %r = call %pair @mk(float %x)
  %f = extractvalue %pair %r, 0
  %i = extractvalue %pair %r, 1
  %z = call i32 @__nv_ffs(i32 %i)
  %h = call i32 @llvm.nvvm.d2i.hi(double %d)
  %dd = call double @llvm.nvvm.lohi.i2d(i32 %z, i32 %h)
  store float %f, ptr %p
  store double %dd, ptr %p
  ret void
}
"#,
    );
    let text = print_module(&m);
    let mk = m.function(m.function_by_name("mk").unwrap());
    assert_eq!(mk.ret, None);
    assert_eq!(
        mk.param_types(),
        vec![Type::F32, Type::Ptr(AddrSpace::Local)],
        "{text}"
    );
    assert!(text.contains("alloca 8, align 4"), "{text}");
    assert!(text.contains("call @mk("), "{text}");
    let e = parse_err(
        "declare float @llvm.nvvm.fma.rm.f(float, float, float)\ndefine ptx_kernel void @k(ptr %p, float %x) {\n  %r = call float @llvm.nvvm.fma.rm.f(float %x, float %x, float %x)\n  store float %r, ptr %p\n  ret void\n}\n",
    );
    assert_eq!(e.code, "unsupported-intrinsic");
}

#[test]
fn constant_branches_fold_and_blocks_merge() {
    let m = parse(
        r#"
define ptx_kernel void @k(ptr %p, i32 %x) {
entry:
  %c = icmp eq i32 2, 0
  %d = and i1 %c, true
  %n = xor i1 %d, true
  br i1 %n, label %a, label %b
a:
  %y = mul i32 %x, 1
  %z = add i32 %y, 0
  br label %c2
b:
  br label %c2
c2:
  %r = phi i32 [ %z, %a ], [ 5, %b ]
  store i32 %r, ptr %p
  ret void
}
"#,
    );
    let f = &m.functions[0];
    assert_eq!(f.blocks.len(), 1, "{}", print_module(&m));
    assert_eq!(
        ops(&m, 0),
        vec![Op::Store {
            ptr: frontend::ir::Value(0),
            value: frontend::ir::Value(1)
        }]
    );
}

#[test]
fn numba_warp_math_atomics_2d() {
    let text = |name: &str| {
        let m = parse_ll_file(&data(name)).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(m.flavor, frontend::ir::Flavor::Numba);
        assert!(!print_module(&m).contains("alloca"), "{}", print_module(&m));
        (print_module(&m), m)
    };
    let (t, _) = text("numba_warp.ll");
    assert!(t.contains("shuffle down"), "{t}");
    assert!(t.contains("vote all"), "{t}");
    let (t, _) = text("numba_math.ll");
    for op in [
        "= exp ", "= sqrt ", "= sin ", "= cos ", "= tanh ", "= log ", "= pow ", "= floor ",
    ] {
        assert!(t.contains(op), "missing {op} in {t}");
    }
    let (t, _) = text("numba_atom.ll");
    assert!(t.contains("atomic add") && t.contains("atomic smax"), "{t}");
    let (t, m) = text("numba_loop2.ll");
    assert!(t.contains("special ctaid.y"), "{t}");
    assert_eq!(
        m.functions[0].abi,
        vec![
            AbiArg::NumbaArray { first: 0, ndim: 2 },
            AbiArg::NumbaArray { first: 9, ndim: 2 }
        ]
    );
}
