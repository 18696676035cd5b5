//! Every example on `--target xla` (raised parallel IR -> StableHLO -> XLA CPU via PJRT)
//! from -O0 / -O2 LLVM IR and PTX, compared with the numpy reference's expected outputs.
//!
//! Contract checked here: every example matches the expected outputs, except those listed
//! in [`KNOWN_DIAGNOSED`], which must fail with a named diagnostic (`error[code]` on
//! stderr, exit status 1) — never a wrong number. (Run with `--nocapture` for the table.)

mod common;

/// `(module file, example)` pairs that are expected to stop with a diagnostic on
/// `--target xla`. Empty: every example runs from O0, O2 and PTX.
const KNOWN_DIAGNOSED: &[(&str, &str)] = &[];

fn check(module_file: &str) {
    let scratch =
        std::env::temp_dir().join(format!("raise-xla-{}-{module_file}", std::process::id()));
    let (mut pass, mut diag, mut wrong) = (Vec::new(), Vec::new(), Vec::new());
    for ex in common::examples() {
        if !ex.join(module_file).exists() {
            continue;
        }
        let name = ex
            .file_name()
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_default();
        match common::run_and_check(&ex, module_file, "xla", &scratch.join(&name)) {
            Ok(()) => pass.push(name),
            Err(e) if e.starts_with("raise run") && e.contains("error[") => {
                let line = e.lines().next().unwrap_or_default().to_string();
                let d = line.split("error[").nth(1).unwrap_or(&line).to_string();
                diag.push(format!("{name}: error[{d}"));
            }
            Err(e) => wrong.push(format!("{name}: {e}")),
        }
    }
    let _ = std::fs::remove_dir_all(&scratch);
    eprintln!(
        "--target xla from {module_file}: {} pass, {} diagnosed, {} wrong",
        pass.len(),
        diag.len(),
        wrong.len()
    );
    eprintln!("  pass: {}", pass.join(", "));
    for d in &diag {
        eprintln!("  diagnosed: {d}");
    }
    assert!(
        wrong.is_empty(),
        "wrong results on --target xla:\n{}",
        wrong.join("\n")
    );
    let unexpected: Vec<&String> = diag
        .iter()
        .filter(|d| {
            !KNOWN_DIAGNOSED
                .iter()
                .any(|(f, e)| *f == module_file && d.starts_with(&format!("{e}:")))
        })
        .collect();
    assert!(
        unexpected.is_empty(),
        "examples that stopped with a diagnostic on --target xla ({module_file}):\n{unexpected:#?}"
    );
    assert!(!pass.is_empty(), "no example ran from {module_file}");
}

#[test]
fn examples_from_o0_ll_on_xla() {
    check("kernel.O0.ll");
}

#[test]
fn examples_from_o2_ll_on_xla() {
    check("kernel.O2.ll");
}

#[test]
fn examples_from_ptx_on_xla() {
    check("kernel.ptx");
}

/// The seeds' stencil launched twice becomes slices and elementwise ops: no loop, no
/// gather, no scatter, from every module form (`raise emit --emit stablehlo`).
#[test]
fn stencil_pingpong_is_slices_and_elementwise_ops() {
    let ex = common::repo_root().join("examples/stencil1d_pingpong");
    for file in ["kernel.O0.ll", "kernel.O2.ll", "kernel.ptx"] {
        let out = std::process::Command::new(common::raise_bin())
            .arg("emit")
            .arg(ex.join(file))
            .arg("--spec")
            .arg(ex.join("spec.toml"))
            .args(["--emit", "stablehlo"])
            .output()
            .expect("raise runs");
        assert!(
            out.status.success(),
            "{file}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains("func.func public @main"), "{file}");
        assert_eq!(
            text.matches("stablehlo.slice").count(),
            4,
            "{file}:\n{text}"
        );
        for bad in ["gather", "scatter", "while"] {
            assert!(!text.contains(bad), "{file}: {bad} in\n{text}");
        }
    }
}

/// CLI errors of the xla paths: a missing plugin and `--emit stablehlo` without a spec.
#[test]
fn xla_cli_errors() {
    let ex = common::repo_root().join("examples/saxpy");
    let out_dir = std::env::temp_dir().join(format!("raise-xla-cli-{}", std::process::id()));
    let out = std::process::Command::new(common::raise_bin())
        .arg("run")
        .arg(ex.join("kernel.O2.ll"))
        .arg("--spec")
        .arg(ex.join("spec.toml"))
        .arg("--outputs")
        .arg(&out_dir)
        .args([
            "--target",
            "xla",
            "--pjrt-plugin",
            "/nonexistent/libpjrt.so",
        ])
        .output()
        .expect("raise runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("error[no-pjrt-plugin]") && err.contains("/nonexistent/libpjrt.so"),
        "{err}"
    );
    assert!(!out_dir.exists(), "nothing is written on error");

    let out = std::process::Command::new(common::raise_bin())
        .arg("emit")
        .arg(ex.join("kernel.O2.ll"))
        .args(["--emit", "stablehlo"])
        .output()
        .expect("raise runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("error[bad-argument]") && err.contains("--spec"),
        "{err}"
    );
}
