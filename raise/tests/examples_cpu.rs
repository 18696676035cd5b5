//! Every example on `--target cpu` (raise -> distribute -> MLIR -> OpenMP/LLVM JIT) from
//! its -O0 and -O2 LLVM IR and its PTX, compared with the numpy references. Kernels the
//! CPU backend cannot lower yet are listed here with the diagnostic they must give (a
//! named error, never a wrong number); everything else must match.

mod common;

use std::path::Path;

/// (example, module file or "*", diagnostic code it gives today).
const KNOWN_UNSUPPORTED: &[(&str, &str, &str)] = &[];

fn known(example: &str, module_file: &str) -> Option<&'static str> {
    KNOWN_UNSUPPORTED
        .iter()
        .find(|(e, m, _)| *e == example && (*m == "*" || *m == module_file))
        .map(|(_, _, code)| *code)
}

fn check(module_file: &str) {
    let scratch = std::env::temp_dir().join(format!(
        "raise-test-cpu-{}-{module_file}",
        std::process::id()
    ));
    let mut failures = Vec::new();
    let mut ran = 0;
    for ex in common::examples() {
        if !ex.join(module_file).exists() {
            continue;
        }
        let name = ex
            .file_name()
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_default();
        ran += 1;
        let result = common::run_and_check(&ex, module_file, "cpu", &scratch.join(&name));
        match (result, known(&name, module_file)) {
            (Ok(()), None) => {}
            (Ok(()), Some(code)) => failures.push(format!(
                "{name}: now passes; remove it from KNOWN_UNSUPPORTED ({code})"
            )),
            (Err(e), Some(code)) if e.contains(&format!("error[{code}]")) => {
                eprintln!("{name} ({module_file}): unsupported as expected: {e}");
            }
            (Err(e), _) => failures.push(format!("{name}: {e}")),
        }
    }
    let _ = std::fs::remove_dir_all(&scratch);
    assert!(ran > 0, "no example has {module_file}");
    assert!(
        failures.is_empty(),
        "{} of {ran} examples failed ({module_file}, --target cpu):\n{}",
        failures.len(),
        failures.join("\n")
    );
    let _ = Path::new(module_file);
}

#[test]
fn examples_from_o0_ll_on_cpu() {
    check("kernel.O0.ll");
}

#[test]
fn examples_from_o2_ll_on_cpu() {
    check("kernel.O2.ll");
}

#[test]
fn examples_from_ptx_on_cpu() {
    check("kernel.ptx");
}
