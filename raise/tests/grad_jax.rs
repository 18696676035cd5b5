//! `raise grad` and `raise jvp` against an independent reference: `jax.vjp` / `jax.jvp`
//! of a jax.numpy version of each float example's whole launch program
//! (`examples/<name>/reference_jax.py`, run by `scripts/jax_grad.py`), on `--target cpu`
//! and `--target xla`, from kernel.O2.ll (and a few from kernel.ptx).
//!
//! Per example: cotangents of the final float buffers and tangents of the initial ones,
//! uniform in [-1, 1) from fixed seeds, go to a scratch folder; the `raise` binary runs
//! once per command and target and the jax script once, all reading the example's
//! inputs/ and those folders. Checked:
//!
//! * jax's finals match expected/ (the numpy references) under the example's check.toml
//!   tolerance, so the jax program computes the example's program;
//! * our finals match jax's within twice that tolerance (each is within it of
//!   expected/);
//! * `raise grad` writes `grad_<buffer>.npy` for exactly the float buffers, `raise jvp`
//!   `tangent_<buffer>.npy` (zeros for the others), and each matches jax's: f32
//!   `|ours - jax| <= 1e-4 * max|jax| + 1e-5` over the buffer, f64
//!   `1e-9 * max|jax| + 1e-12`. An entry of a vector-Jacobian (Jacobian-vector) product
//!   is a dot product of cotangents (tangents), |c| < 1, with partial derivatives, summed
//!   in an order jax and we do not share; for these programs at most a few hundred terms
//!   (a 256-wide scan, a 300-wide softmax row, 25 Jacobi sweeps), so the f32 rounding
//!   difference is below `n * 2^-24 * sum|terms|`, about 1e-5 of the largest entry
//!   (measured: at most 2e-7 relative). A missing or misplaced term is of the size of
//!   the entries themselves, far above the bound. f64 rounding is 2^-53 per operation
//!   (measured 2e-16 relative); 1e-9 leaves room for libm/libdevice `pow`/`exp`
//!   differences (a few ulp).
//!
//! Skipped with a note when there is no Python with jax (scripts/test.sh sets
//! RAISE_PYTHON). A few examples are also checked from their `kernel.ptx`.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use raise::buffers::{DType, HostBuffer};

/// A scratch folder removed on drop.
struct Scratch(PathBuf);

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Deterministic pseudo-random numbers in [-1, 1).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> f64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 11) as f64 / (1u64 << 53) as f64) * 2.0 - 1.0
    }
}

/// The Python with jax, or `None` (with a note) to skip.
fn jax_python() -> Option<PathBuf> {
    let Some(python) = runtime::jax::default_python() else {
        eprintln!("note: skipping: no Python (set RAISE_PYTHON)");
        return None;
    };
    if !runtime::jax::has_jax(&python) {
        eprintln!("note: skipping: {} cannot import jax", python.display());
        return None;
    }
    Some(python)
}

fn read(path: &Path) -> HostBuffer {
    raise::npy::read_npy(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// `max |ours - jax|` must be within `rel * max|jax| + abs`; gives the error relative to
/// `max|jax|`.
fn compare_shadow(what: &str, ours: &HostBuffer, jax: &HostBuffer) -> f64 {
    assert_eq!(
        (ours.dtype, &ours.shape),
        (jax.dtype, &jax.shape),
        "{what}: dtype/shape"
    );
    let (rel, abs) = if ours.dtype == DType::F64 {
        (1e-9, 1e-12)
    } else {
        (1e-4, 1e-5)
    };
    let (o, j) = (ours.to_f64_vec(), jax.to_f64_vec());
    let scale = j.iter().fold(0.0f64, |m, v| m.max(v.abs()));
    let bound = rel * scale + abs;
    let mut worst = (0.0f64, 0usize);
    for (i, (a, b)) in o.iter().zip(&j).enumerate() {
        let e = (a - b).abs();
        assert!(
            e <= bound,
            "{what}[{i}]: raise gives {a}, jax gives {b} (|diff| {e} > {bound}, max|jax| {scale})"
        );
        if e > worst.0 {
            worst = (e, i);
        }
    }
    if scale > 0.0 {
        worst.0 / scale
    } else {
        worst.0
    }
}

/// Random values in [-1, 1) for every float buffer, written as `<dir>/<buffer>.npy`.
fn write_random(spec: &raise::spec::LaunchSpec, dir: &Path, seed: u64) {
    std::fs::create_dir_all(dir).expect("scratch folder");
    let mut rng = Lcg(seed);
    for b in &spec.buffers {
        if b.dtype.is_float() {
            let mut c = HostBuffer::zeros(b.dtype, &b.shape).expect("buffer");
            for i in 0..c.len() {
                c.set_f64(i, rng.next()).expect("set");
            }
            raise::npy::write_npy(&dir.join(format!("{}.npy", b.name)), &c).expect("write");
        }
    }
}

fn check(example: &str, form: &str) {
    let Some(python) = jax_python() else {
        return;
    };
    let root = common::repo_root();
    let dir = root.join("examples").join(example);
    let spec = raise::spec::load_spec(&dir.join("spec.toml")).expect("spec loads");
    let scratch = Scratch(std::env::temp_dir().join(format!(
        "raise-grad-jax-{}-{example}-{}",
        std::process::id(),
        form.replace('.', "_")
    )));
    let cot_dir = scratch.0.join("cotangents");
    let tan_dir = scratch.0.join("tangents");
    write_random(&spec, &cot_dir, 0x6a61_785f_6772_6164);
    write_random(&spec, &tan_dir, 0x6a61_785f_6a76_7021);

    // The independent reference: one jax process for the finals, the VJP and the JVP.
    let jax_dir = scratch.0.join("jax");
    let out = Command::new(&python)
        .arg(root.join("scripts/jax_grad.py"))
        .arg(&dir)
        .arg("--inputs")
        .arg(dir.join("inputs"))
        .arg("--cotangents")
        .arg(&cot_dir)
        .arg("--tangents")
        .arg(&tan_dir)
        .arg("--outputs")
        .arg(&jax_dir)
        .output()
        .expect("python starts");
    assert!(
        out.status.success(),
        "{example}: scripts/jax_grad.py failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let tol = common::tolerance(&dir);
    for b in &spec.buffers {
        common::compare(
            &jax_dir.join(format!("final_{}.npy", b.name)),
            &dir.join("expected").join(format!("{}.npy", b.name)),
            &tol,
        )
        .unwrap_or_else(|e| panic!("{example}: jax program vs expected/: {e}"));
    }
    let twice = common::Tolerance {
        rtol: 2.0 * tol.rtol,
        atol: 2.0 * tol.atol,
    };

    let runs = [
        ("grad", "--cotangents", &cot_dir, "grad_", "jax.vjp"),
        ("jvp", "--tangents", &tan_dir, "tangent_", "jax.jvp"),
    ];
    for target in ["cpu", "xla"] {
        for &(command, flag, shadow, prefix, reference) in &runs {
            let ours_dir = scratch.0.join(format!("{command}-{target}"));
            let out = Command::new(common::raise_bin())
                .arg(command)
                .arg(dir.join(form))
                .arg("--spec")
                .arg(dir.join("spec.toml"))
                .arg("--inputs")
                .arg(dir.join("inputs"))
                .arg(flag)
                .arg(shadow)
                .arg("--outputs")
                .arg(&ours_dir)
                .arg("--target")
                .arg(target)
                .output()
                .expect("raise starts");
            assert!(
                out.status.success(),
                "{example} on {target}: raise {command} failed: {}",
                String::from_utf8_lossy(&out.stderr).trim()
            );
            let mut worst = 0.0f64;
            for b in &spec.buffers {
                common::compare(
                    &ours_dir.join(format!("{}.npy", b.name)),
                    &jax_dir.join(format!("final_{}.npy", b.name)),
                    &twice,
                )
                .unwrap_or_else(|e| panic!("{example} on {target}: {command}: final vs jax: {e}"));
                let ours = ours_dir.join(format!("{prefix}{}.npy", b.name));
                if !b.dtype.is_float() {
                    // grad: none written; jvp: written as zeros.
                    if ours.exists() {
                        let t = read(&ours);
                        assert!(
                            command == "jvp" && t.data.iter().all(|&x| x == 0),
                            "{example} on {target}: {prefix}{} of a non-float buffer",
                            b.name
                        );
                    }
                    continue;
                }
                let what = format!("{example} on {target}: {prefix}{}", b.name);
                let rel = compare_shadow(
                    &what,
                    &read(&ours),
                    &read(&jax_dir.join(format!("{prefix}{}.npy", b.name))),
                );
                worst = worst.max(rel);
            }
            eprintln!(
                "{example} on {target}: raise {command} matches {reference} (max error {worst:.2e} of the largest entry)"
            );
        }
    }
}

macro_rules! jax_tests {
    ($form:literal; $($name:ident: $ex:literal,)*) => {$(
        #[test]
        fn $name() {
            check($ex, $form);
        }
    )*};
}

jax_tests! {
    "kernel.O2.ll";
    grad_jax_saxpy: "saxpy",
    grad_jax_stencil1d_pingpong: "stencil1d_pingpong",
    grad_jax_stencil2d: "stencil2d",
    grad_jax_f64_axpy_pow: "f64_axpy_pow",
    grad_jax_transpose_shared: "transpose_shared",
    grad_jax_bpnn_layerforward_like: "bpnn_layerforward_like",
    grad_jax_device_call: "device_call",
    grad_jax_float4_copy: "float4_copy",
    grad_jax_gather_indirect: "gather_indirect",
    grad_jax_reduce_shared: "reduce_shared",
    grad_jax_scan_block: "scan_block",
    grad_jax_barrier_loop: "barrier_loop",
    grad_jax_numba_saxpy: "numba_saxpy",
    grad_jax_numba_stencil2d: "numba_stencil2d",
    grad_jax_numba_reduce_shared: "numba_reduce_shared",
}

// Loops over overwritten memory (unrolled after launch specialisation), float warp
// shuffles, dynamic shared memory.
jax_tests! {
    "kernel.O2.ll";
    grad_jax_softmax_rows: "softmax_rows",
    grad_jax_matmul_tiled: "matmul_tiled",
    grad_jax_warp_shuffle_reduce: "warp_shuffle_reduce",
    grad_jax_dynamic_shared: "dynamic_shared",
}

// The same programs given as PTX (pointer parameters typed by the PTX frontend, loop-carried
// integer addresses rooted by raising).
jax_tests! {
    "kernel.ptx";
    grad_jax_ptx_saxpy: "saxpy",
    grad_jax_ptx_device_call: "device_call",
    grad_jax_ptx_gather_indirect: "gather_indirect",
    grad_jax_ptx_softmax_rows: "softmax_rows",
    grad_jax_ptx_warp_shuffle_reduce: "warp_shuffle_reduce",
}

/// Every float example has a jax.numpy version, and every one is in a list above.
#[test]
fn every_float_example_has_a_jax_program() {
    let tested = include_str!("grad_jax.rs");
    for ex in common::examples() {
        let name = ex
            .file_name()
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_default();
        let spec = raise::spec::load_spec(&ex.join("spec.toml")).expect("spec loads");
        if !spec.buffers.iter().any(|b| b.dtype.is_float()) {
            continue;
        }
        assert!(
            ex.join("reference_jax.py").exists(),
            "{name}: float example without reference_jax.py"
        );
        assert!(
            tested.contains(&format!(": \"{name}\",")),
            "{name}: float example missing from grad_jax.rs"
        );
    }
}
