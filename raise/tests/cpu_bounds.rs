//! Bad input data on `--target cpu`: an index read from input data that points outside
//! its buffer is an `out-of-bounds` error naming the kernel and the buffer, exit status 1,
//! nothing written to `--outputs` (never a crash, never silently wrong values); in-bounds
//! runs give the same bits with the checks on and off (`RAISE_CPU_CHECK_INDIRECT=0`);
//! kernels without data-dependent accesses get no checks (`lower::cpu::bounds`).

mod common;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use raise::buffers::HostBuffer;
use raise::driver;

fn example(name: &str) -> PathBuf {
    common::repo_root().join("examples").join(name)
}

/// A copy of gather_indirect's inputs with `edit` applied to buffer `name` (i32).
fn inputs_with(tag: &str, name: &str, edit: impl FnOnce(&mut Vec<i32>)) -> PathBuf {
    inputs_of("gather_indirect", tag, name, edit)
}

/// A copy of `ex`'s inputs with `edit` applied to buffer `name` (i32).
fn inputs_of(ex: &str, tag: &str, name: &str, edit: impl FnOnce(&mut Vec<i32>)) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("raise-bounds-{}-{tag}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let src = example(ex).join("inputs");
    for e in std::fs::read_dir(&src).expect("inputs") {
        let p = e.expect("entry").path();
        std::fs::copy(&p, dir.join(p.file_name().expect("name"))).expect("copy");
    }
    let path = dir.join(format!("{name}.npy"));
    let mut buf = raise::npy::read_npy(&path).expect("npy");
    let mut v: Vec<i32> = buf
        .data
        .chunks_exact(4)
        .map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    edit(&mut v);
    buf.data = v.iter().flat_map(|x| x.to_le_bytes()).collect();
    raise::npy::write_npy(&path, &buf).expect("write npy");
    dir
}

/// Run `raise <cmd> gather_indirect --target cpu`; gives (exit code, stderr, outputs dir).
fn raise_cpu(cmd: &str, inputs: &Path, checks: bool) -> (Option<i32>, String, PathBuf) {
    raise_cpu_on("gather_indirect", cmd, inputs, checks)
}

fn raise_cpu_on(
    ex: &str,
    cmd: &str,
    inputs: &Path,
    checks: bool,
) -> (Option<i32>, String, PathBuf) {
    let ex = example(ex);
    let out = inputs.with_extension(format!("out-{cmd}-{checks}"));
    let _ = std::fs::remove_dir_all(&out);
    let output = Command::new(common::raise_bin())
        .arg(cmd)
        .arg(ex.join("kernel.O2.ll"))
        .arg("--spec")
        .arg(ex.join("spec.toml"))
        .arg("--inputs")
        .arg(inputs)
        .arg("--outputs")
        .arg(&out)
        .arg("--target")
        .arg("cpu")
        .env("RAISE_CPU_CHECK_INDIRECT", if checks { "1" } else { "0" })
        .output()
        .expect("run raise");
    let stderr = String::from_utf8_lossy(&output.stderr).to_string();
    (output.status.code(), stderr, out)
}

fn expect_oob(cmd: &str, inputs: &Path, buffers: &[&str]) {
    let (code, stderr, out) = raise_cpu(cmd, inputs, true);
    assert_eq!(code, Some(1), "{cmd}: expected exit 1; stderr: {stderr}");
    assert!(
        stderr.contains("error[out-of-bounds]"),
        "{cmd}: stderr should name out-of-bounds: {stderr}"
    );
    assert!(
        stderr.contains("spmv_csr"),
        "{cmd}: stderr should name the kernel: {stderr}"
    );
    assert!(
        buffers
            .iter()
            .any(|b| stderr.contains(&format!("buffer '{b}'"))),
        "{cmd}: stderr should name one of {buffers:?}: {stderr}"
    );
    assert_eq!(stderr.trim().lines().count(), 1, "one line: {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(!out.exists(), "{cmd}: nothing may be written to --outputs");
}

#[test]
fn column_index_far_out_of_range() {
    let dir = inputs_with("far", "col_idx", |c| c[5] = 100_000_000);
    expect_oob("run", &dir, &["x"]);
    expect_oob("grad", &dir, &["x"]);
}

#[test]
fn column_index_just_past_the_end() {
    // x has 400 floats: index 400 reads the 4 bytes after it (no fault, wrong values).
    let dir = inputs_with("just", "col_idx", |c| c[5] = 400);
    expect_oob("run", &dir, &["x"]);
    expect_oob("grad", &dir, &["x"]);
}

#[test]
fn negative_column_index() {
    let dir = inputs_with("neg", "col_idx", |c| c[7] = -1);
    expect_oob("run", &dir, &["x"]);
    expect_oob("grad", &dir, &["x"]);
}

#[test]
fn row_pointers_past_the_nonzeros() {
    // The last row runs to 4100 of 4000 nonzeros: vals[j] and col_idx[j] overrun.
    let dir = inputs_with("rowptr", "row_ptr", |r| {
        if let Some(last) = r.last_mut() {
            *last = 4100;
        }
    });
    expect_oob("run", &dir, &["col_idx", "vals"]);
    expect_oob("grad", &dir, &["col_idx", "vals"]);
}

#[test]
fn in_bounds_values_unchanged_by_the_checks() {
    let dir = inputs_with("ok", "col_idx", |_| {});
    for cmd in ["run", "grad"] {
        let (c1, e1, on) = raise_cpu(cmd, &dir, true);
        let (c0, e0, off) = raise_cpu(cmd, &dir, false);
        assert_eq!((c1, c0), (Some(0), Some(0)), "{cmd}: {e1} / {e0}");
        let mut n = 0;
        for e in std::fs::read_dir(&off).expect("outputs") {
            let p = e.expect("entry").path();
            let name = p.file_name().expect("name");
            let a = std::fs::read(&p).expect("read");
            let b = std::fs::read(on.join(name)).expect("read");
            assert!(a == b, "{cmd}: {name:?} differs with the checks on");
            n += 1;
        }
        assert!(n >= 5, "{cmd}: outputs written");
    }
    // And the checked primal matches the interpreter.
    let ex = example("gather_indirect");
    let module = driver::load_module(&ex.join("kernel.O2.ll")).expect("module");
    let spec = raise::spec::load_spec(&ex.join("spec.toml")).expect("spec");
    let inputs = raise::spec::load_inputs(&spec, Some(&dir)).expect("inputs");
    let opts = driver::RunOptions { pjrt_plugin: None };
    let cpu = driver::run(&module, &spec, inputs.clone(), driver::Target::Cpu, &opts)
        .expect("cpu")
        .buffers;
    let interp = driver::run(&module, &spec, inputs, driver::Target::Interp, &opts)
        .expect("interp")
        .buffers;
    close(&cpu, &interp);
}

fn close(a: &[HostBuffer], b: &[HostBuffer]) {
    assert_eq!(a.len(), b.len());
    for (x, y) in a.iter().zip(b) {
        for (p, q) in x.to_f64_vec().iter().zip(y.to_f64_vec()) {
            assert!((p - q).abs() <= 1e-5 * q.abs().max(1.0), "{p} vs {q}");
        }
    }
}

/// The compile-once program (library path) reports the bad index as an error too.
#[test]
fn cpu_program_reports_out_of_bounds() {
    let ex = example("gather_indirect");
    let module = driver::load_module(&ex.join("kernel.O2.ll")).expect("module");
    let spec = raise::spec::load_spec(&ex.join("spec.toml")).expect("spec");
    let program = raise::cpu::CpuProgram::compile(&module, &spec).expect("compile");
    let dir = inputs_with("lib", "col_idx", |c| c[5] = 100_000_000);
    let inputs = raise::spec::load_inputs(&spec, Some(&dir)).expect("inputs");
    match program.run(inputs) {
        Err(d) => assert_eq!(d.code, "out-of-bounds", "{d}"),
        Ok(_) => panic!("an out-of-range index must be an error"),
    }
    let good = raise::spec::load_inputs(&spec, Some(&ex.join("inputs"))).expect("inputs");
    assert!(program.run(good).is_ok());
}

/// Which launches of an example get run-time checks (the emitted MLIR loads buffer sizes).
fn checked_launches(name: &str) -> Vec<bool> {
    let ex = example(name);
    let module = driver::load_module(&ex.join("kernel.O2.ll")).expect("module");
    let spec = raise::spec::load_spec(&ex.join("spec.toml")).expect("spec");
    let launches = driver::bind_spec(&module, &spec).expect("bind");
    let mut cache = HashMap::new();
    launches
        .iter()
        .map(|l| {
            let k = raise::cpu::prepare(&module, l, &mut cache).expect("prepare");
            let (text, _) = lower::cpu::emit::emit_module_checked(
                &k,
                &l.config,
                module.globals.len(),
                true,
                &lower::cpu::PrivatizeFacts::default(),
                true,
            )
            .expect("emit");
            text.contains("llvm.getelementptr %bounds")
        })
        .collect()
}

#[test]
fn only_data_dependent_kernels_are_checked() {
    assert_eq!(checked_launches("gather_indirect"), vec![true]);
    for name in [
        "matmul_tiled",
        "stencil2d",
        "reduce_shared",
        "softmax_rows",
        "saxpy",
    ] {
        let c = checked_launches(name);
        assert!(
            !c.is_empty() && c.iter().all(|&c| !c),
            "{name}: no data-dependent access, no check expected: {c:?}"
        );
    }
}

/// The CLI's last line: with the checks off, a far index faults in compiled code; the
/// fault is a one-line `cpu-fault` diagnostic and exit 1, not a signal death.
#[test]
fn fault_in_compiled_code_is_a_named_error() {
    let dir = inputs_with("fault", "col_idx", |c| c[5] = 1_000_000_000);
    let (code, stderr, out) = raise_cpu("run", &dir, false);
    assert_eq!(code, Some(1), "expected exit 1; stderr: {stderr}");
    assert!(
        stderr.contains("error[cpu-fault]") && stderr.contains("'spmv_csr'"),
        "{stderr}"
    );
    assert!(!out.exists(), "nothing may be written to --outputs");
}

/// Data-dependent atomics: a global histogram (`hist_g[data[i]]`) and a numba one whose
/// bins live in shared memory (checked against the allocation's constant size).
#[test]
fn histogram_bins_out_of_range() {
    let dir = inputs_of("histogram_atomic", "hist", "data", |d| d[3] = 64);
    let (code, stderr, out) = raise_cpu_on("histogram_atomic", "run", &dir, true);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("error[out-of-bounds]") && stderr.contains("hist_"),
        "{stderr}"
    );
    assert!(!out.exists());
    let dir = inputs_of("numba_histogram", "nhist", "data", |d| d[3] = 100_000);
    let (code, stderr, out) = raise_cpu_on("numba_histogram", "run", &dir, true);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("error[out-of-bounds]") && stderr.contains("shared memory"),
        "{stderr}"
    );
    assert!(!out.exists());
}
