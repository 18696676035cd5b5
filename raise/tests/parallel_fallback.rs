//! A kernel with irreducible control flow (a loop entered through two blocks) cannot be
//! structured: `emit --emit parallel-ir` fails with `irreducible-control-flow`, and
//! `run --target parallel-interp` falls back to the kernel-IR interpreter with a note on
//! stderr and still gives the right answer.

mod common;

use std::process::Command;

const IRREDUCIBLE_LL: &str = r#"target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @irreducible(ptr %out, i32 %n) {
entry:
  %c = icmp sgt i32 %n, 0
  br i1 %c, label %a, label %b
a:
  %i = phi i32 [ 0, %entry ], [ %j1, %b ]
  %i1 = add i32 %i, 1
  %ca = icmp slt i32 %i1, 10
  br i1 %ca, label %b, label %exit
b:
  %j = phi i32 [ 0, %entry ], [ %i1, %a ]
  %j1 = add i32 %j, 2
  %cb = icmp slt i32 %j1, 10
  br i1 %cb, label %a, label %exit
exit:
  %r = phi i32 [ %i1, %a ], [ %j1, %b ]
  store i32 %r, ptr %out, align 4
  ret void
}
"#;

const SPEC: &str = r#"[buffers.out]
dtype = "i32"
shape = [1]

[[launch]]
kernel = "irreducible"
grid = [1]
block = [1]
args = ["out", 3]
"#;

fn scratch(test: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("raise-fallback-{}-{test}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch dir");
    std::fs::write(dir.join("irr.ll"), IRREDUCIBLE_LL).expect("write .ll");
    std::fs::write(dir.join("spec.toml"), SPEC).expect("write spec");
    dir
}

#[test]
fn irreducible_kernel_is_a_named_diagnostic_on_emit() {
    let dir = scratch("emit");
    let out = Command::new(common::raise_bin())
        .args(["emit"])
        .arg(dir.join("irr.ll"))
        .args(["--emit", "parallel-ir"])
        .output()
        .expect("run raise");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(stderr.contains("irreducible-control-flow"), "{stderr}");
    assert!(stderr.contains("block a"), "location missing: {stderr}");
    assert!(out.stdout.is_empty());
}

#[test]
fn irreducible_kernel_falls_back_with_a_note() {
    let dir = scratch("run");
    let outputs = dir.join("out");
    let out = Command::new(common::raise_bin())
        .arg("run")
        .arg(dir.join("irr.ll"))
        .arg("--spec")
        .arg(dir.join("spec.toml"))
        .arg("--outputs")
        .arg(&outputs)
        .args(["--target", "parallel-interp"])
        .output()
        .expect("run raise");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("note:"), "{stderr}");
    assert!(stderr.contains("irreducible-control-flow"), "{stderr}");
    assert!(stderr.contains("kernel-IR interpreter"), "{stderr}");
    let got = raise::npy::read_npy(&outputs.join("out.npy")).expect("read output");
    // a: 1, b: 3, a: 4, b: 6, a: 7, b: 9, a: 10 -> exit with 10.
    assert_eq!(got.to_f64_vec(), vec![10.0]);
}
