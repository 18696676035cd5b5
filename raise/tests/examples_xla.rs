//! Every example on `--target xla` (raised parallel IR -> StableHLO -> XLA CPU via PJRT)
//! from -O0 / -O2 LLVM IR and PTX, compared with the numpy reference's expected outputs.
//!
//! Contract checked here: an example either matches the expected outputs or fails with a
//! named diagnostic (`error[code]` on stderr, exit status 1) — never a wrong number. The
//! examples that do not run yet are printed with their diagnostic (run with
//! `--nocapture` to see the table).

mod common;

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
