//! Bad input gets a clear one-line error, exit status 1 (never a panic), and nothing is
//! written to `--outputs`.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

struct Case {
    dir: PathBuf,
}

impl Case {
    fn new(name: &str) -> Case {
        let dir = std::env::temp_dir().join(format!("raise-bad-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("temp dir");
        Case { dir }
    }
    fn file(&self, name: &str, contents: impl AsRef<[u8]>) -> PathBuf {
        let p = self.dir.join(name);
        std::fs::write(&p, contents).expect("write");
        p
    }
    /// Run `raise run` and expect failure whose stderr contains `want`.
    fn expect_run_error(&self, module: &Path, spec: &Path, inputs: Option<&Path>, want: &str) {
        let out = self.dir.join("out");
        let mut cmd = Command::new(common::raise_bin());
        cmd.arg("run")
            .arg(module)
            .arg("--spec")
            .arg(spec)
            .arg("--outputs")
            .arg(&out);
        if let Some(i) = inputs {
            cmd.arg("--inputs").arg(i);
        }
        let output = cmd.output().expect("run raise");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(
            output.status.code(),
            Some(1),
            "expected exit 1, got {:?}; stderr: {stderr}",
            output.status
        );
        assert!(
            stderr.contains(want),
            "stderr should mention {want:?}: {stderr}"
        );
        assert!(
            stderr.contains("error["),
            "stderr should be a diagnostic: {stderr}"
        );
        assert_eq!(
            stderr.trim().lines().count(),
            1,
            "one line expected: {stderr}"
        );
        assert!(!stderr.contains("panicked"), "{stderr}");
        assert!(
            !out.exists(),
            "nothing may be written to --outputs on error"
        );
    }
}

impl Drop for Case {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn saxpy() -> PathBuf {
    common::repo_root().join("examples/saxpy")
}

const SAXPY_SPEC: &str = r#"
[buffers.x]
dtype = "f32"
shape = [1000]
[buffers.y]
dtype = "f32"
shape = [1000]
[[launch]]
kernel = "saxpy"
grid = [4]
block = [256]
args = [1000, 2.0, "x", "y"]
"#;

#[test]
fn truncated_ll() {
    let c = Case::new("truncated");
    let text = std::fs::read_to_string(saxpy().join("kernel.O2.ll")).expect("example");
    let half = &text[..text.len() / 2];
    let m = c.file("k.ll", half);
    let s = c.file("spec.toml", SAXPY_SPEC);
    c.expect_run_error(&m, &s, None, "k.ll");
}

#[test]
fn garbage_ll_and_empty_files() {
    let c = Case::new("garbage");
    let s = c.file("spec.toml", SAXPY_SPEC);
    let m = c.file("k.ll", "this is not LLVM IR { at all");
    c.expect_run_error(&m, &s, None, "k.ll");
    let m = c.file("e.ll", "");
    c.expect_run_error(&m, &s, None, "saxpy");
    let m = c.file("b.ll", [0xffu8, 0xfe, 0x00, 0x12, 0x99]);
    c.expect_run_error(&m, &s, None, "b.ll");
    let m = c.file("g.ptx", "garbage");
    c.expect_run_error(&m, &s, None, "g.ptx");
}

#[test]
fn missing_module_file() {
    let c = Case::new("missing");
    let s = c.file("spec.toml", SAXPY_SPEC);
    c.expect_run_error(&c.dir.join("nope.ll"), &s, None, "nope.ll");
}

#[test]
fn unknown_intrinsic() {
    let c = Case::new("intrinsic");
    let m = c.file(
        "k.ll",
        r#"target triple = "nvptx64-nvidia-cuda"
declare float @llvm.nvvm.mystery.f(float)
define void @saxpy(i32 %n, float %a, ptr %x, ptr %y) {
  %v = call float @llvm.nvvm.mystery.f(float %a)
  store float %v, ptr %y
  ret void
}
!nvvm.annotations = !{!0}
!0 = !{ptr @saxpy, !"kernel", i32 1}
"#,
    );
    let s = c.file("spec.toml", SAXPY_SPEC);
    c.expect_run_error(&m, &s, None, "llvm.nvvm.mystery.f");
}

#[test]
fn wrong_specs() {
    let c = Case::new("specs");
    let m = saxpy().join("kernel.O2.ll");
    let cases = [
        (
            SAXPY_SPEC.replace("kernel = \"saxpy\"", "kernel = \"saxpyy\""),
            "saxpyy",
        ),
        (
            SAXPY_SPEC.replace(
                "args = [1000, 2.0, \"x\", \"y\"]",
                "args = [1000, 2.0, \"x\"]",
            ),
            "argument",
        ),
        (
            SAXPY_SPEC.replace(
                "args = [1000, 2.0, \"x\", \"y\"]",
                "args = [1000, 2.0, \"x\", 3.0]",
            ),
            "pointer",
        ),
        (
            SAXPY_SPEC.replace(
                "args = [1000, 2.0, \"x\", \"y\"]",
                "args = [1.5, 2.0, \"x\", \"y\"]",
            ),
            "1.5",
        ),
        (
            SAXPY_SPEC.replace(
                "args = [1000, 2.0, \"x\", \"y\"]",
                "args = [1000, 2.0, \"x\", \"z\"]",
            ),
            "z",
        ),
        (
            SAXPY_SPEC.replace("dtype = \"f32\"", "dtype = \"f33\""),
            "f33",
        ),
        (
            SAXPY_SPEC.replace("grid = [4]", "grid = [4, 1, 1, 1]"),
            "grid",
        ),
        (
            SAXPY_SPEC.replace("shape = [1000]", "shape = [1099511627776, 1099511627776]"),
            "shape",
        ),
        (SAXPY_SPEC.replace("[[launch]]", "[[launch]\n"), ".toml:8:"),
        ("".to_string(), "launch"),
    ];
    for (i, (spec, want)) in cases.iter().enumerate() {
        let s = c.file(&format!("spec{i}.toml"), spec);
        c.expect_run_error(&m, &s, None, want);
    }
}

#[test]
fn wrong_inputs() {
    let c = Case::new("inputs");
    let m = saxpy().join("kernel.O2.ll");
    let s = c.file("spec.toml", SAXPY_SPEC);
    let inputs = c.dir.join("inputs");
    std::fs::create_dir_all(&inputs).expect("dir");
    // Wrong dtype: i32 data for an f32 buffer.
    let x = raise::buffers::HostBuffer::zeros(raise::buffers::DType::I32, &[1000]).expect("zeros");
    raise::npy::write_npy(&inputs.join("x.npy"), &x).expect("write npy");
    c.expect_run_error(&m, &s, Some(&inputs), "x.npy");
    // Wrong shape.
    let x = raise::buffers::HostBuffer::zeros(raise::buffers::DType::F32, &[999]).expect("zeros");
    raise::npy::write_npy(&inputs.join("x.npy"), &x).expect("write npy");
    c.expect_run_error(&m, &s, Some(&inputs), "x.npy");
    // Not a .npy at all.
    std::fs::write(inputs.join("x.npy"), b"hello").expect("write");
    c.expect_run_error(&m, &s, Some(&inputs), "x.npy");
}
