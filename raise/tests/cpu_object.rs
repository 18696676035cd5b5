//! `raise emit --emit cpu-object`: an object file and a C header for the spec's launch
//! (linking and running such an object from C is tested in lower/tests/cpu_kernels.rs).

mod common;

use std::path::Path;
use std::process::Command;

/// `raise emit examples/<example>/kernel.O2.ll --spec .. --emit cpu-object -o obj`, which
/// must succeed.
fn emit_object(example: &str, obj: &Path) {
    let dir = common::repo_root().join("examples").join(example);
    let out = Command::new(common::raise_bin())
        .arg("emit")
        .arg(dir.join("kernel.O2.ll"))
        .arg("--spec")
        .arg(dir.join("spec.toml"))
        .args(["--emit", "cpu-object", "-o"])
        .arg(obj)
        .output()
        .unwrap_or_else(|e| panic!("cannot start raise: {e}"));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn emit_cpu_object_writes_object_and_header() {
    let root = common::repo_root();
    let dir = std::env::temp_dir().join(format!("raise-cpu-object-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let obj = dir.join("saxpy.o");
    emit_object("saxpy", &obj);
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

/// A kernel that calls libm (`expf`): the object is written (MLIR's object dump used to
/// fail on the libm declaration), links against libm and OpenMP from C, and computes the
/// row softmax (checked against a double-precision reference in the C program).
#[test]
fn emit_cpu_object_of_a_libm_kernel_links_and_runs() {
    let dir = std::env::temp_dir().join(format!("raise-cpu-object-libm-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let obj = dir.join("softmax.o");
    emit_object("softmax_rows", &obj);
    let header = std::fs::read_to_string(dir.join("softmax.h")).unwrap_or_default();
    assert!(
        header.contains(
            "_mlir_ciface_raise_softmax_rows(int32_t p0, int32_t p1, void * p2, void * p3"
        ),
        "{header}"
    );
    let globals = if header.contains("void *global0") {
        ", scratch"
    } else {
        ""
    };
    let main = format!(
        r#"#include "softmax.h"
#include <math.h>
#include <stdio.h>
static float x[32 * 300], y[32 * 300];
static char scratch[1 << 16];
int main(void) {{
  int32_t err = 0;
  for (int i = 0; i < 32 * 300; i++) x[i] = (float)((i * 37) % 101) * 0.05f - 2.0f;
  _mlir_ciface_raise_softmax_rows(32, 300, x, y{globals}, &err);
  double worst = 0;
  for (int r = 0; r < 32; r++) {{
    double m = -INFINITY, s = 0;
    for (int c = 0; c < 300; c++) m = fmax(m, x[r * 300 + c]);
    for (int c = 0; c < 300; c++) s += exp(x[r * 300 + c] - m);
    for (int c = 0; c < 300; c++) {{
      double want = exp(x[r * 300 + c] - m) / s;
      double e = fabs(y[r * 300 + c] - want) / want;
      if (e > worst) worst = e;
    }}
  }}
  printf("%d %.3e\n", err, worst);
  return 0;
}}"#
    );
    std::fs::write(dir.join("main.c"), main).unwrap_or(());
    let Ok(status) = Command::new("clang-19")
        .current_dir(&dir)
        .args(["main.c", "softmax.o", "-o", "main", "-fopenmp", "-lm"])
        .status()
    else {
        eprintln!("clang-19 not found; object file written but not linked");
        return;
    };
    assert!(status.success(), "linking the object with libm failed");
    let run = Command::new(dir.join("main"))
        .output()
        .unwrap_or_else(|e| panic!("cannot run the linked program: {e}"));
    let text = String::from_utf8_lossy(&run.stdout).to_string();
    let mut words = text.split_whitespace();
    let err: i32 = words.next().and_then(|w| w.parse().ok()).unwrap_or(-1);
    let worst: f64 = words
        .next()
        .and_then(|w| w.parse().ok())
        .unwrap_or(f64::NAN);
    assert_eq!(err, 0, "{text}");
    assert!(
        worst < 1e-5,
        "relative error {worst} against the double reference"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
