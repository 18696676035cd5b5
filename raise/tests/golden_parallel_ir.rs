//! Snapshots of the raised parallel IR of selected examples (`raise emit --emit
//! parallel-ir`), in `tests/golden/<example>.<form>.pir`. `UPDATE_GOLDEN=1` rewrites them.
//! They pin the structure raising produces: grid / shared / thread nesting, `for` loops with
//! barriers in them, `if`s with results, accesses as root + byte offset.

mod common;

use std::process::Command;

const CASES: &[(&str, &str)] = &[
    ("matmul_tiled", "kernel.O0.ll"),
    ("matmul_tiled", "kernel.O2.ll"),
    ("transpose_shared", "kernel.O0.ll"),
    ("reduce_shared", "kernel.O0.ll"),
    ("stencil2d", "kernel.O0.ll"),
    ("stencil1d_pingpong", "kernel.O2.ll"),
    ("device_call", "kernel.O0.ll"),
    ("barrier_loop", "kernel.O0.ll"),
];

fn emit(module: &std::path::Path) -> String {
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
    String::from_utf8_lossy(&out.stdout).to_string()
}

#[test]
fn parallel_ir_goldens() {
    let root = common::repo_root();
    let golden_dir = root.join("raise/tests/golden");
    let update = std::env::var("UPDATE_GOLDEN").is_ok_and(|v| v == "1");
    let mut failures = Vec::new();
    for (example, form) in CASES {
        let module = root.join("examples").join(example).join(form);
        let text = emit(&module);
        let stem = form.trim_start_matches("kernel.").trim_end_matches(".ll");
        let path = golden_dir.join(format!("{example}.{stem}.pir"));
        if update {
            std::fs::create_dir_all(&golden_dir).expect("golden dir");
            std::fs::write(&path, &text).expect("write golden");
            continue;
        }
        match std::fs::read_to_string(&path) {
            Ok(want) if want == text => {}
            Ok(_) => failures.push(format!(
                "{}: differs (UPDATE_GOLDEN=1 to regenerate)",
                path.display()
            )),
            Err(e) => failures.push(format!("{}: {e}", path.display())),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The tiled matmul keeps its shape: threads inside blocks, shared tiles per block, a
/// loop over tiles with two barriers around an inner counted loop over k.
#[test]
fn tiled_matmul_structure() {
    let root = common::repo_root();
    let text = emit(&root.join("examples/matmul_tiled/kernel.O0.ll"));
    let pos = |needle: &str, from: usize| -> usize {
        text[from..]
            .find(needle)
            .map(|p| p + from)
            .unwrap_or_else(|| panic!("'{needle}' not found after {from} in\n{text}"))
    };
    let grid = pos("parallel.grid", 0);
    let shared = pos("shared.alloc", grid);
    let block = pos("parallel.block", shared);
    let outer = pos("for ", block);
    let store = pos("store shared0", outer);
    let b1 = pos("barrier", store);
    let inner = pos("for ", b1);
    let b2 = pos("barrier", inner);
    let _out = pos("store param5", b2);
}
