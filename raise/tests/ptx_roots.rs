//! Root recovery (parallel_ir/src/raising/roots.rs) on the examples: every access of the
//! raised parallel IR of each example's `kernel.ptx` and `kernel.O2.ll` names its buffer
//! (no `load f32 [%x]` without a root). PTX walks arrays with strength-reduced integer
//! induction variables (gather_indirect, histogram_atomic); these used to stay dynamic.
//! The values the examples compute are checked by examples_parallel.rs / examples_cpu.rs /
//! examples_xla.rs.
//!
//! One exception: device_call's PTX passes its input as a `.u64` parameter that is used as
//! an address only inside the device function (inlined at raising, after the PTX frontend
//! has typed the parameters), so the kernel parameter stays `i64`; `MemRoot::Param` names
//! pointer parameters only, and its 3 loads through `inttoptr(param + x)` stay dynamic.

mod common;

use std::process::Command;

fn dynamic_accesses(module: &std::path::Path) -> usize {
    let out = Command::new(common::raise_bin())
        .arg("emit")
        .arg(module)
        .arg("--emit")
        .arg("parallel-ir")
        .output()
        .expect("run raise");
    assert!(
        out.status.success(),
        "raise emit {} failed: {}",
        module.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    // A dynamic access prints its pointer alone in brackets (`load f32 [%7]`); a rooted
    // one prints the root's name first (`load f32 param3[%7]`).
    String::from_utf8_lossy(&out.stdout).matches(" [%").count()
}

#[test]
fn ptx_roots_no_dynamic_accesses_in_examples() {
    let mut report = Vec::new();
    let mut checked = 0;
    for dir in common::examples() {
        for form in ["kernel.ptx", "kernel.O2.ll"] {
            let module = dir.join(form);
            if !module.exists() {
                continue;
            }
            checked += 1;
            let n = dynamic_accesses(&module);
            let allowed = if dir.ends_with("device_call") && form == "kernel.ptx" {
                3
            } else {
                0
            };
            if n != allowed {
                report.push(format!("{}: {n} dynamic accesses", module.display()));
            }
        }
    }
    assert!(checked > 20, "only {checked} modules found");
    assert!(report.is_empty(), "{}", report.join("\n"));
}

#[test]
fn ptx_roots_loop_carried_integer_addresses() {
    let root = common::repo_root().join("examples");
    for ex in ["gather_indirect", "histogram_atomic"] {
        let n = dynamic_accesses(&root.join(ex).join("kernel.ptx"));
        assert_eq!(n, 0, "{ex}/kernel.ptx still has {n} dynamic accesses");
    }
}
