//! Shared helpers of the end-to-end tests: run the `raise` binary on the examples and
//! compare its outputs with the committed `expected/*.npy` (written by the independent
//! numpy references, `examples/*/reference.py`).
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

pub mod grad;

pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

pub fn raise_bin() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_raise"))
}

/// Every example folder that has a spec, sorted.
pub fn examples() -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(repo_root().join("examples"))
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

pub struct Tolerance {
    pub rtol: f64,
    pub atol: f64,
}

pub fn tolerance(example: &Path) -> Tolerance {
    let mut tol = Tolerance {
        rtol: 1e-5,
        atol: 1e-6,
    };
    if let Ok(text) = std::fs::read_to_string(example.join("check.toml")) {
        if let Ok(table) = text.parse::<toml::Table>() {
            let get = |k: &str| {
                table
                    .get(k)
                    .and_then(|v| v.as_float().or_else(|| v.as_integer().map(|i| i as f64)))
            };
            if let Some(r) = get("rtol") {
                tol.rtol = r;
            }
            if let Some(a) = get("atol") {
                tol.atol = a;
            }
        }
    }
    tol
}

/// Compare two npy files; gives a description of the first mismatch.
pub fn compare(got: &Path, want: &Path, tol: &Tolerance) -> Result<(), String> {
    let g = raise::npy::read_npy(got).map_err(|e| format!("{e}"))?;
    let w = raise::npy::read_npy(want).map_err(|e| format!("{e}"))?;
    if g.dtype != w.dtype || g.shape != w.shape {
        return Err(format!(
            "{}: got {:?} {:?}, expected {:?} {:?}",
            got.display(),
            g.dtype,
            g.shape,
            w.dtype,
            w.shape
        ));
    }
    let gv = g.to_f64_vec();
    let wv = w.to_f64_vec();
    let mut bad = 0usize;
    let mut first = String::new();
    for (i, (a, b)) in gv.iter().zip(&wv).enumerate() {
        let ok = if a.is_nan() || b.is_nan() {
            a.is_nan() && b.is_nan()
        } else {
            (a - b).abs() <= tol.atol + tol.rtol * b.abs()
        };
        if !ok {
            if bad == 0 {
                first = format!("element {i}: got {a}, expected {b}");
            }
            bad += 1;
        }
    }
    if bad > 0 {
        return Err(format!(
            "{}: {bad} of {} elements differ; first {first}",
            got.display(),
            gv.len()
        ));
    }
    Ok(())
}

/// Run `raise run` on one example's module file; compare every buffer.
pub fn run_and_check(
    example: &Path,
    module_file: &str,
    target: &str,
    out: &Path,
) -> Result<(), String> {
    let module = example.join(module_file);
    let _ = std::fs::remove_dir_all(out);
    let output = Command::new(raise_bin())
        .arg("run")
        .arg(&module)
        .arg("--spec")
        .arg(example.join("spec.toml"))
        .arg("--inputs")
        .arg(example.join("inputs"))
        .arg("--outputs")
        .arg(out)
        .arg("--target")
        .arg(target)
        .output()
        .map_err(|e| format!("cannot start raise: {e}"))?;
    if !output.status.success() {
        return Err(format!(
            "raise run {} --target {target} failed: {}",
            module.display(),
            String::from_utf8_lossy(&output.stderr).trim()
        ));
    }
    let tol = tolerance(example);
    let expected = example.join("expected");
    let mut entries: Vec<PathBuf> = std::fs::read_dir(&expected)
        .map_err(|e| format!("{}: {e}", expected.display()))?
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "npy"))
        .collect();
    entries.sort();
    if entries.is_empty() {
        return Err(format!("{}: no expected outputs", expected.display()));
    }
    for want in entries {
        let Some(name) = want.file_name() else {
            continue;
        };
        compare(&out.join(name), &want, &tol)?;
    }
    Ok(())
}

/// Run every example that has `module_file` on `target`; panics listing all failures.
pub fn check_all(module_file: &str, target: &str) {
    let examples = examples();
    assert!(!examples.is_empty(), "no examples found");
    let scratch = std::env::temp_dir().join(format!(
        "raise-test-{}-{}-{}",
        std::process::id(),
        module_file,
        target
    ));
    let mut failures = Vec::new();
    let mut ran = 0;
    for ex in &examples {
        if !ex.join(module_file).exists() {
            continue;
        }
        let name = ex
            .file_name()
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_default();
        ran += 1;
        if let Err(e) = run_and_check(ex, module_file, target, &scratch.join(&name)) {
            failures.push(format!("{name}: {e}"));
        }
    }
    let _ = std::fs::remove_dir_all(&scratch);
    assert!(ran > 0, "no example has {module_file}");
    assert!(
        failures.is_empty(),
        "{} of {ran} examples failed ({module_file}, --target {target}):\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// One f32 buffer per spec buffer (all four-byte elements), filled from an LCG seeded
/// with `seed` with values in [-8, 8).
pub fn seeded_f32_inputs(
    spec: &raise::spec::LaunchSpec,
    mut seed: u32,
) -> Vec<raise::buffers::HostBuffer> {
    spec.buffers
        .iter()
        .map(|b| {
            let mut h = raise::buffers::HostBuffer::zeros(b.dtype, &b.shape)
                .unwrap_or_else(|e| panic!("{e}"));
            for c in h.data.chunks_exact_mut(4) {
                seed = seed.wrapping_mul(1664525).wrapping_add(1013904223);
                let x = ((seed >> 8) & 0xffff) as f32 / 4096.0 - 8.0;
                c.copy_from_slice(&x.to_le_bytes());
            }
            h
        })
        .collect()
}

/// `--target cpu` equals `--target interp` bit for bit on `example`'s module `files`
/// (those that exist) under the spec `spec_text`, inputs [`seeded_f32_inputs`] from
/// `seed`, and ran on the CPU backend (no interpreter fallback note).
pub fn cpu_matches_interp(example: &str, files: &[&str], spec_text: &str, what: &str, seed: u32) {
    use raise::driver::{self, RunOptions, Target};
    let dir = repo_root().join("examples").join(example);
    let spec = raise::spec::parse_spec(spec_text, what).unwrap_or_else(|e| panic!("{e}"));
    for file in files {
        let path = dir.join(file);
        if !path.exists() {
            continue;
        }
        let module = driver::load_module(&path).unwrap_or_else(|d| panic!("{d}"));
        let opts = RunOptions::default();
        let inputs = seeded_f32_inputs(&spec, seed);
        let want = driver::run(&module, &spec, inputs.clone(), Target::Interp, &opts)
            .unwrap_or_else(|d| panic!("{what} {file} interp: {d}"));
        let got = driver::run(&module, &spec, inputs, Target::Cpu, &opts)
            .unwrap_or_else(|d| panic!("{what} {file} cpu: {d}"));
        assert!(
            got.notes.is_empty(),
            "{what} {file}: did not run on the CPU backend: {:?}",
            got.notes
        );
        for (i, (g, w)) in got.buffers.iter().zip(&want.buffers).enumerate() {
            if let Some(pos) = g
                .data
                .chunks(4)
                .zip(w.data.chunks(4))
                .position(|(a, b)| a != b)
            {
                panic!("{what} {file}: buffer {i} differs first at element {pos}");
            }
        }
    }
}
