//! Tests of the PTX frontend: every PTX file of the repository lifts and verifies, the
//! saxpy kernel IR matches its golden text (`UPDATE_GOLDEN=1` rewrites it), malformed and
//! unsupported input gives exact `file:line:col` diagnostics, and the flavor/ABI of
//! clang and Numba modules.

mod ptx_support;

use frontend::ir::{print::print_module, verify::verify_module, AbiArg, Flavor, FuncKind, Type};
use frontend::ptx::parse_ptx_str;
use std::path::{Path, PathBuf};

fn manifest() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn lift_file(p: &Path) -> Result<frontend::ir::Module, String> {
    let text = std::fs::read_to_string(p).map_err(|e| format!("{}: {e}", p.display()))?;
    let m = parse_ptx_str(&text, &p.display().to_string()).map_err(|e| e.to_string())?;
    verify_module(&m).map_err(|e| e.to_string())?;
    Ok(m)
}

#[test]
fn every_ptx_file_lifts_and_verifies() {
    let mut files = ptx_support::ptx_files(&manifest().join("tests/ptx_data"));
    let examples = ptx_support::ptx_files(&manifest().join("../examples"));
    files.extend(examples);
    let mut failures = Vec::new();
    let mut kernels = 0;
    for f in &files {
        match lift_file(f) {
            Ok(m) => {
                kernels += m.kernels().count();
                for func in &m.functions {
                    for inst in &func.insts {
                        assert!(
                            inst.loc.is_some(),
                            "{}: instruction without a location",
                            f.display()
                        );
                    }
                }
            }
            Err(e) => failures.push(e),
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} files failed:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
    assert!(
        files.len() >= 20 && kernels >= 40,
        "{} files, {kernels} kernels",
        files.len()
    );
}

fn golden(name: &str, actual: &str) {
    let path = manifest().join("tests/golden").join(name);
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, actual).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        return;
    }
    let expected = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (run with UPDATE_GOLDEN=1)", path.display()));
    if expected != actual {
        panic!(
            "{} differs from the lifted IR (run with UPDATE_GOLDEN=1 to accept):\n{actual}",
            path.display()
        );
    }
}

#[test]
fn saxpy_golden() {
    let text =
        std::fs::read_to_string(manifest().join("tests/ptx_data/saxpy.O2.ptx")).unwrap_or_default();
    let m = parse_ptx_str(&text, "saxpy.O2.ptx").unwrap_or_else(|e| panic!("{e}"));
    verify_module(&m).unwrap_or_else(|e| panic!("{e}"));
    golden("saxpy.O2.ptx.kir", &print_module(&m));
    let ex = manifest().join("../examples/saxpy/kernel.ptx");
    if let Ok(text) = std::fs::read_to_string(&ex) {
        let m = parse_ptx_str(&text, "examples/saxpy/kernel.ptx").unwrap_or_else(|e| panic!("{e}"));
        verify_module(&m).unwrap_or_else(|e| panic!("{e}"));
        golden("saxpy.example.ptx.kir", &print_module(&m));
    }
}

const HEAD: &str = ".version 7.8\n.target sm_80\n.address_size 64\n";

/// The diagnostic for `src` (which must fail), as one line.
fn error_of(src: &str) -> String {
    match parse_ptx_str(src, "bad.ptx") {
        Ok(m) => panic!("expected an error, got:\n{}", print_module(&m)),
        Err(e) => e.to_string(),
    }
}

fn body(lines: &str) -> String {
    // Line 4 is the `.entry`, line 5 `{`, line 6 the declarations; the body starts on line 7.
    format!("{HEAD}.visible .entry k(.param .u64 k_p)\n{{\n.reg .pred %p<3>; .reg .b32 %r<9>; .reg .b64 %rd<9>;\n{lines}\n}}\n")
}

#[test]
fn malformed_ptx_reports_file_line_col() {
    let cases: Vec<(String, &str)> = vec![
        (body("add.s32 %r1 %r2;"), "bad.ptx:7:13: error[bad-ptx]: expected ',' or ';', found '%r2'"),
        (body("  mov.u32 %r1, 5;\n  bra $L_nope;"), "bad.ptx:8:3: error[bad-ptx]: unknown label '$L_nope'"),
        (body("@%q bra $L;"), "bad.ptx:7:2: error[bad-ptx]: undeclared register '%q'"),
        (body("ld.global.u32 %r1, [%zz+4];"), "bad.ptx:7:21: error[bad-ptx]: undeclared register '%zz'"),
        (body("add.s32 %r1, %r2;"), "bad.ptx:7:1: error[bad-ptx]: expected 3 operands for 'add.s32', found 2"),
        (body("mov.u32 %r1, 5\n}"), "bad.ptx:8:1: error[bad-ptx]: expected ',' or ';', found '}'"),
        (body("add.s32 %r1, %r2, #3;"), "bad.ptx:7:19: error[bad-ptx]: unexpected character '#'"),
        (body("ld.global.u32 %r1, [%rd1;"), "bad.ptx:7:25: error[bad-ptx]: expected ']', found ';'"),
        (body(".reg .q32 %x;"), "bad.ptx:7:6: error[bad-ptx]: expected a type, found '.q32'"),
        (body("st.global.u32 %r1, [%rd1];"), "bad.ptx:7:1: error[bad-ptx]: expected an address in 'st.global.u32'"),
        (body("mov.u32 %r1, 5;\nx: x: ret;"), "bad.ptx:8:4: error[bad-ptx]: duplicate label 'x'"),
        (format!("{HEAD}.foo 1;\n"), "bad.ptx:4:1: error[bad-ptx]: expected '.entry', '.func' or a variable declaration, found '.foo'"),
        (format!("{HEAD}.visible .entry k()\n{{\nret;\n"), "bad.ptx:7:1: error[bad-ptx]: expected '}' at the end of the function, found end of file"),
        (format!("{HEAD}/* open\n"), "bad.ptx:4:1: error[bad-ptx]: unterminated comment"),
        (format!("{HEAD}.global .u32 g[2] = {{1, 2, 3}};\n"), "bad.ptx:4:14: error[bad-ptx]: initializer of 'g' is larger than the variable"),
        (format!("{HEAD}.visible .entry k()\n{{\ncall.uni f, ();\nret;\n}}\n"), "bad.ptx:6:1: error[bad-ptx]: call to undefined function 'f'"),
        (".version 7.8\n.target sm_80\n.address_size 64\n.visible .entry k(.param .u32 a\n{ ret; }".to_string(), "bad.ptx:5:1: error[bad-ptx]: expected ',', found '{'"),
    ];
    for (src, want) in cases {
        assert_eq!(error_of(&src), want, "for:\n{src}");
    }
}

#[test]
fn unsupported_instructions_are_named() {
    let cases: Vec<(String, &str)> = vec![
        (
            body("  tex.2d.v4.f32.s32 {%r1, %r2, %r3, %r4}, [tex0, {%r5, %r6}];"),
            "bad.ptx:7:3: error[unsupported-ptx]: unsupported PTX instruction 'tex.2d.v4.f32.s32'",
        ),
        (body("brx.idx %r1, $L_tab;"), "bad.ptx:7:1: error[unsupported-ptx]: unsupported PTX instruction 'brx.idx'"),
        (body("mov.u32 %r1, %clock;"), "bad.ptx:7:1: error[unsupported-ptx]: unsupported PTX special register '%clock'"),
        (body("ld.global.L1::no_allocate.weird.u32 %r1, [%rd1];"), "bad.ptx:7:1: error[unsupported-ptx]: unsupported PTX instruction 'ld.global.L1::no_allocate.weird.u32'"),
        (body("bar.sync 0, 64;"), "bad.ptx:7:1: error[unsupported-ptx]: unsupported PTX instruction 'bar.sync'"),
        (body("cp.async.ca.shared.global [%rd1], [%rd2], 16;"), "bad.ptx:7:1: error[unsupported-ptx]: unsupported PTX instruction 'cp.async.ca.shared.global'"),
        (
            format!("{HEAD}.extern .func (.param .b32 r) ext(.param .b32 a);\n.visible .entry k()\n{{\n.reg .b32 %r<2>;\n{{ .param .b32 p0; st.param.b32 [p0], 1; .param .b32 r0;\ncall.uni (r0), ext, (p0); ld.param.b32 %r1, [r0]; }}\nret;\n}}\n"),
            "bad.ptx:9:1: error[unsupported-ptx]: unsupported PTX call to external function 'ext'",
        ),
    ];
    for (src, want) in cases {
        assert_eq!(error_of(&src), want, "for:\n{src}");
    }
    assert_eq!(
        error_of(&format!("{HEAD}.global .texref t;\n")),
        "bad.ptx:4:9: error[unsupported-ptx]: unsupported PTX variable type '.texref'"
    );
    let e = error_of(".version 7.8\n.target sm_80\n.address_size 32\n");
    assert_eq!(
        e,
        "error[unsupported-ptx]: bad.ptx: unsupported PTX .address_size 32"
    );
}

#[test]
fn clang_flavor_abi_and_params() {
    let m =
        lift_file(&manifest().join("tests/ptx_data/vec.O2.ptx")).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(m.flavor, Flavor::ClangCuda);
    let k = m.find_kernel("vadd4").unwrap_or_else(|e| panic!("{e}"));
    let f = m.function(k);
    assert_eq!(f.kind, FuncKind::Kernel);
    assert_eq!(f.display_name, "vadd4");
    // Three pointers (`.u64` used only as addresses, so typed as generic pointers) and a
    // struct passed by value (a pointer to its bytes).
    let generic = Type::Ptr(frontend::ir::AddrSpace::Generic);
    assert_eq!(
        f.param_types(),
        vec![
            generic,
            generic,
            generic,
            Type::Ptr(frontend::ir::AddrSpace::Generic)
        ]
    );
    assert_eq!(f.abi, (0..4).map(AbiArg::Param).collect::<Vec<_>>());
    let m =
        lift_file(&manifest().join("tests/ptx_data/warp.O0.ptx")).unwrap_or_else(|e| panic!("{e}"));
    assert!(m.globals.iter().any(|g| g.dynamic_shared && g.bytes == 0));
    assert!(m
        .functions
        .iter()
        .any(|f| f.kind == FuncKind::Device && f.ret == Some(Type::I32)));
}

#[test]
fn numba_flavor_and_array_abi() {
    let m = lift_file(&manifest().join("tests/ptx_data/numba_saxpy.ptx"))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(m.flavor, Flavor::Numba);
    let k = m.find_kernel("saxpy").unwrap_or_else(|e| panic!("{e}"));
    let f = m.function(k);
    assert_eq!(f.display_name, "__main__::saxpy");
    assert_eq!(f.params.len(), 22);
    assert_eq!(
        f.abi,
        vec![
            AbiArg::Param(0),
            AbiArg::NumbaArray { first: 1, ndim: 1 },
            AbiArg::NumbaArray { first: 8, ndim: 1 },
            AbiArg::NumbaArray { first: 15, ndim: 1 },
        ]
    );
    let m = lift_file(&manifest().join("tests/ptx_data/numba_loop2.ptx"))
        .unwrap_or_else(|e| panic!("{e}"));
    let f = m.function(m.find_kernel("loop2").unwrap_or_else(|e| panic!("{e}")));
    assert_eq!(
        f.abi,
        vec![
            AbiArg::NumbaArray { first: 0, ndim: 2 },
            AbiArg::NumbaArray { first: 9, ndim: 2 }
        ]
    );
}

#[test]
fn syntax_corners() {
    // Module-level and body-level declarations, scoped registers, inline-asm style blocks,
    // `.loc`/`.file`/`.pragma`, labels before directives, decimal and hex immediates.
    let src = format!(
        "{HEAD}.file 1 \"k.cu\"\n.global .align 8 .u64 ptrs[2];\n.const .align 4 .f32 cf[2] = {{0f3F800000, 2.5}};\n\
         .shared .align 16 .b8 buf[64];\n.weak .global .align 4 .s32 w = -7;\n\
         .visible .entry k(.param .u64 .ptr .global .align 16 k_p, .param .u32 k_n)\n\
         .reqntid 32, 1, 1\n.minnctapersm 2\n{{\n.reg .pred %p<2>;\n.reg .b32 %r<4>, %q;\n.reg .b64 %rd<4>;\n\
         .shared .align 4 .u32 local_s[8];\n.loc 1 3 5\n.pragma \"nounroll\";\n\
         ld.param.u64 %rd1, [k_p];\nld.param.u32 %r1, [k_n];\n\
         mov.u32 %q, 0x10;\n{{\n.reg .b32 %q;\nmov.u32 %q, -1;\nst.shared.u32 [local_s+4], %q;\n}}\n\
         st.shared.u32 [buf+8], %q;\nld.const.f32 %r2, [cf+4];\nmov.u64 %rd2, ptrs;\n\
         cvta.global.u64 %rd3, %rd2;\nst.u64 [%rd3], %rd1;\nld.global.s32 %r3, [w];\n\
         $L__BB0_1:\nproto: .callprototype (.param .b32 _) _ (.param .b32 _);\nret;\n}}\n"
    );
    let m = parse_ptx_str(&src, "corners.ptx").unwrap_or_else(|e| panic!("{e}"));
    verify_module(&m).unwrap_or_else(|e| panic!("{e}"));
    let names: Vec<&str> = m.globals.iter().map(|g| g.name.as_str()).collect();
    assert_eq!(names, vec!["ptrs", "cf", "buf", "w", "local_s"]);
    assert_eq!(
        m.globals[1].init.as_deref(),
        Some(&[0, 0, 0x80, 0x3f, 0, 0, 0x20, 0x40][..])
    );
    assert_eq!(
        m.globals[3].init.as_deref(),
        Some(&[0xf9, 0xff, 0xff, 0xff][..])
    );
    assert_eq!(m.globals[0].init.as_deref(), Some(&[0u8; 16][..]));
    assert_eq!(m.globals[4].bytes, 32);
    let text = print_module(&m);
    assert!(text.contains("store"), "{text}");
    // `.ptr .global` makes the parameter a global pointer.
    let k = m.function(m.find_kernel("k").unwrap_or_else(|e| panic!("{e}")));
    assert_eq!(
        k.param_types(),
        vec![Type::Ptr(frontend::ir::AddrSpace::Global), Type::I32]
    );
}
