//! Every kernel of every example (O0 and O2 LLVM IR, PTX) raises without a diagnostic.

use std::path::{Path, PathBuf};

fn examples() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples");
    let mut out: Vec<PathBuf> = std::fs::read_dir(root)
        .map(|rd| {
            rd.filter_map(|e| e.ok())
                .map(|e| e.path())
                .filter(|p| p.join("spec.toml").exists())
                .collect()
        })
        .unwrap_or_default();
    out.sort();
    out
}

#[test]
fn all_example_kernels_raise() {
    let mut failures = Vec::new();
    let mut count = 0;
    for ex in examples() {
        for file in ["kernel.O0.ll", "kernel.O2.ll", "kernel.ll", "kernel.ptx"] {
            let path = ex.join(file);
            if !path.exists() {
                continue;
            }
            let module = match frontend::load_module(&path) {
                Ok(m) => m,
                Err(e) => panic!("{}: {e}", path.display()),
            };
            for (id, r) in parallel_ir::raise_module(&module) {
                count += 1;
                if let Err(e) = r {
                    failures.push(format!(
                        "{} {}: {e}",
                        path.display(),
                        module.function(id).display_name
                    ));
                }
            }
        }
    }
    assert!(count > 40, "only {count} kernels");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
#[ignore]
fn print_example() {
    let path = std::env::var("PIR_EXAMPLE").unwrap_or_default();
    let module = frontend::load_module(Path::new(&path)).expect("load");
    for (_, r) in parallel_ir::raise_module(&module) {
        match r {
            Ok(k) => println!("{}", parallel_ir::print::print_kernel(&k)),
            Err(e) => println!("error: {e}"),
        }
    }
}
