//! Every example `.ll` under `examples/` (clang -O0/-O2 and Numba) parses into a kernel-IR
//! module that verifies and has at least one kernel.

use frontend::ir::verify::verify_module;
use std::path::{Path, PathBuf};

fn example_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples");
    let mut out = Vec::new();
    let Ok(dirs) = std::fs::read_dir(&root) else {
        return out;
    };
    for dir in dirs.flatten() {
        let Ok(files) = std::fs::read_dir(dir.path()) else {
            continue;
        };
        for file in files.flatten() {
            let p = file.path();
            if p.extension().is_some_and(|e| e == "ll") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

#[test]
fn all_examples_parse_and_verify() {
    let files = example_files();
    if files.is_empty() {
        eprintln!("note: no examples/*/*.ll found");
        return;
    }
    let mut failures = Vec::new();
    for p in &files {
        match frontend::ll::parse_ll_file(p) {
            Ok(m) => {
                if let Err(e) = verify_module(&m) {
                    failures.push(format!("{}: {e}", p.display()));
                } else if m.kernels().next().is_none() {
                    failures.push(format!("{}: no kernel found", p.display()));
                }
            }
            Err(e) => failures.push(format!("{}: {e}", p.display())),
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} example files failed:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
    eprintln!("{} example .ll files parsed", files.len());
}
