//! `raise emit --emit cpu-object`: an object file and a C header for the spec's launch
//! (linking and running such an object from C is tested in lower/tests/cpu_kernels.rs).

mod common;

use std::process::Command;

#[test]
fn emit_cpu_object_writes_object_and_header() {
    let root = common::repo_root();
    let dir = std::env::temp_dir().join(format!("raise-cpu-object-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let obj = dir.join("saxpy.o");
    let out = Command::new(common::raise_bin())
        .arg("emit")
        .arg(root.join("examples/saxpy/kernel.O2.ll"))
        .arg("--spec")
        .arg(root.join("examples/saxpy/spec.toml"))
        .args(["--emit", "cpu-object", "-o"])
        .arg(&obj)
        .output()
        .unwrap_or_else(|e| panic!("cannot start raise: {e}"));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let header = std::fs::read_to_string(dir.join("saxpy.h")).unwrap_or_default();
    assert!(header.contains("_mlir_ciface_raise_saxpy("), "{header}");
    assert!(std::fs::metadata(&obj)
        .map(|m| m.len() > 0)
        .unwrap_or(false));
    // Without --spec: a named error.
    let out = Command::new(common::raise_bin())
        .arg("emit")
        .arg(root.join("examples/saxpy/kernel.O2.ll"))
        .args(["--emit", "cpu-object"])
        .output()
        .unwrap_or_else(|e| panic!("cannot start raise: {e}"));
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("error[bad-argument]"));
    let _ = std::fs::remove_dir_all(&dir);
}
