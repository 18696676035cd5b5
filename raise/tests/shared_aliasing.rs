//! Two `extern __shared__` arrays of one kernel alias (both start at the dynamic shared
//! region): a store through one is read back through the other, on every target.
//! Reference: y[b*128 + t] = 2 * x[b*128 + 127 - t] + 1, computed here.

mod common;

use std::process::Command;

use raise::buffers::{DType, HostBuffer};

#[test]
fn extern_shared_arrays_alias_on_every_target() {
    let data = common::repo_root().join("raise/tests/data/two_extern_shared");
    let tmp = std::env::temp_dir().join(format!("raise-two-extern-{}", std::process::id()));
    let inputs = tmp.join("in");
    std::fs::create_dir_all(&inputs).expect("temp dir");
    let x: Vec<f64> = (0..256).map(|i| i as f64).collect();
    let xb = HostBuffer::from_f64(DType::F32, &[256], &x).expect("buffer");
    raise::npy::write_npy(&inputs.join("x.npy"), &xb).expect("write x");
    let want: Vec<f64> = (0..256)
        .map(|i| {
            let (b, t) = (i / 128, i % 128);
            2.0 * x[b * 128 + 127 - t] + 1.0
        })
        .collect();
    for target in ["interp", "parallel-interp", "cpu", "xla"] {
        for form in ["kernel.O2.ll", "kernel.ptx"] {
            let out = tmp.join(format!("out-{target}-{form}"));
            let run = Command::new(common::raise_bin())
                .arg("run")
                .arg(data.join(form))
                .arg("--spec")
                .arg(data.join("spec.toml"))
                .arg("--inputs")
                .arg(&inputs)
                .arg("--outputs")
                .arg(&out)
                .args(["--target", target])
                .output()
                .expect("run raise");
            assert!(
                run.status.success(),
                "{target} {form}: {}",
                String::from_utf8_lossy(&run.stderr)
            );
            let stderr = String::from_utf8_lossy(&run.stderr);
            assert!(
                !stderr.contains("ran on the kernel-IR interpreter instead"),
                "{target} {form}: unexpected fallback: {stderr}"
            );
            let y = raise::npy::read_npy(&out.join("y.npy")).expect("read y");
            assert_eq!(y.to_f64_vec(), want, "{target} {form}");
        }
    }
    let _ = std::fs::remove_dir_all(&tmp);
}
