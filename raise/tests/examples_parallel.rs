//! Every example runs on the parallel-IR interpreter (`--target parallel-interp`) from its
//! -O0 and -O2 LLVM IR and its PTX, and matches the numpy reference's expected outputs.
//! Every kernel must actually raise (no silent fallback to the kernel-IR interpreter).

mod common;

fn assert_all_raise(module_file: &str) {
    let mut failures = Vec::new();
    for ex in common::examples() {
        let path = ex.join(module_file);
        if !path.exists() {
            continue;
        }
        let module = match frontend::load_module(&path) {
            Ok(m) => m,
            Err(e) => {
                failures.push(format!("{}: {e}", path.display()));
                continue;
            }
        };
        for (id, r) in parallel_ir::raise_module(&module) {
            if let Err(e) = r {
                failures.push(format!(
                    "{} {}: {e}",
                    path.display(),
                    module.function(id).display_name
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn examples_from_o0_ll_on_parallel_interp() {
    assert_all_raise("kernel.O0.ll");
    common::check_all("kernel.O0.ll", "parallel-interp");
}

#[test]
fn examples_from_o2_ll_on_parallel_interp() {
    assert_all_raise("kernel.O2.ll");
    common::check_all("kernel.O2.ll", "parallel-interp");
}

#[test]
fn examples_from_ptx_on_parallel_interp() {
    assert_all_raise("kernel.ptx");
    common::check_all("kernel.ptx", "parallel-interp");
}
