//! Timing of differentiation (ignored by default; run with
//! `cargo test --release -p raise --test grad_bench -- --ignored --nocapture`):
//! per example and raised target, the median wall time of 3 in-process calls of
//! `driver::run` (primal), `grad::jvp` and `grad::grad`, each end to end (raising,
//! transformation, compilation on cpu/xla, execution, buffer copies), and the ratios.
//!
//! `grad_steady_state_xla` (also ignored) measures execution only on xla: the primal,
//! JVP and gradient modules of scaled copies of the examples, each compiled once
//! (`RAISE_BENCH_ONLY=a,b` restricts the examples). `grad_steady_state_cpu` does the same
//! on cpu through the compile-once programs `raise run/jvp/grad --target cpu` execute
//! (`raise::cpu::CpuProgram`, `raise::grad::{CpuJvp, CpuGrad}`), timed without compilation.

use std::path::Path;
use std::time::Instant;

use raise::driver::{self, RunOptions, Target};

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

fn time(f: &mut dyn FnMut()) -> f64 {
    median(
        (0..3)
            .map(|_| {
                let t = Instant::now();
                f();
                t.elapsed().as_secs_f64() * 1e3
            })
            .collect(),
    )
}

#[test]
#[ignore]
fn grad_bench_table() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    println!(
        "| example | target | primal (ms) | jvp (ms) | grad (ms) | jvp/primal | grad/primal |"
    );
    println!("|---|---|---|---|---|---|---|");
    for ex in [
        "saxpy",
        "stencil1d_pingpong",
        "stencil2d",
        "f64_axpy_pow",
        "transpose_shared",
        "bpnn_layerforward_like",
        "device_call",
        "float4_copy",
        "gather_indirect",
        "reduce_shared",
        "scan_block",
        "barrier_loop",
    ] {
        let dir = root.join("examples").join(ex);
        let spec = raise::spec::load_spec(&dir.join("spec.toml")).unwrap();
        let module = driver::load_module(&dir.join("kernel.O2.ll")).unwrap();
        let inputs = raise::spec::load_inputs(&spec, Some(&dir.join("inputs"))).unwrap();
        let opts = RunOptions::default();
        for target in [Target::ParallelInterp, Target::Cpu, Target::Xla] {
            let p = time(&mut || {
                driver::run(&module, &spec, inputs.clone(), target, &opts).unwrap();
            });
            let j = time(&mut || {
                raise::grad::jvp(
                    &module,
                    &spec,
                    inputs.clone(),
                    inputs.clone(),
                    target,
                    &opts,
                )
                .unwrap();
            });
            let g = time(&mut || {
                raise::grad::grad(
                    &module,
                    &spec,
                    inputs.clone(),
                    inputs.clone(),
                    target,
                    &opts,
                )
                .unwrap();
            });
            println!(
                "| {ex} | {} | {p:.1} | {j:.1} | {g:.1} | {:.2} | {:.2} |",
                target.name(),
                j / p,
                g / p
            );
        }
    }
}

/// A scaled copy of an example: its size label and spec text.
struct Scaled {
    example: &'static str,
    /// `(label, spec text)`.
    spec: (String, String),
}

fn scaled_cases() -> Vec<Scaled> {
    let n = 1 << 20;
    let f = |example: &'static str, label: String, spec: String| Scaled {
        example,
        spec: (label, spec),
    };
    let mut v = vec![
        f("saxpy", format!("n = {n}"), format!(
            "[buffers.x]\ndtype = \"f32\"\nshape = [{n}]\n[buffers.y]\ndtype = \"f32\"\nshape = [{n}]\n\
             [[launch]]\nkernel = \"saxpy\"\ngrid = [{}]\nblock = [256]\nargs = [{n}, 2.0, \"x\", \"y\"]\n",
            n / 256
        )),
        f("f64_axpy_pow", format!("n = {n}"), format!(
            "[buffers.x]\ndtype = \"f64\"\nshape = [{n}]\n[buffers.y]\ndtype = \"f64\"\nshape = [{n}]\n\
             [buffers.z]\ndtype = \"f64\"\nshape = [{n}]\n\
             [[launch]]\nkernel = \"axpy_pow\"\ngrid = [{}]\nblock = [128]\nargs = [{n}, -0.75, \"x\", \"y\", \"z\"]\n",
            n / 128
        )),
        f("reduce_shared", format!("n = {n}"), format!(
            "[buffers.x]\ndtype = \"f32\"\nshape = [{n}]\n[buffers.partial]\ndtype = \"f32\"\nshape = [{}]\n\
             [[launch]]\nkernel = \"reduce_sum\"\ngrid = [{}]\nblock = [256]\nargs = [{n}, \"x\", \"partial\"]\n",
            n / 256,
            n / 256
        )),
        f("device_call", format!("n = {n}"), format!(
            "[buffers.x]\ndtype = \"f32\"\nshape = [{}]\n[buffers.y]\ndtype = \"f32\"\nshape = [{n}]\n\
             [[launch]]\nkernel = \"smooth\"\ngrid = [{}]\nblock = [256]\nargs = [{n}, 0.5, \"x\", \"y\"]\n",
            n + 2,
            n / 256
        )),
        f("float4_copy", format!("n = {} x 4", n / 4), format!(
            "[buffers.src]\ndtype = \"f32\"\nshape = [{m}, 4]\n[buffers.dst]\ndtype = \"f32\"\nshape = [{m}, 4]\n\
             [[launch]]\nkernel = \"scale_float4\"\ngrid = [{}]\nblock = [256]\nargs = [{m}, 3.0, \"src\", \"dst\"]\n",
            n / 4 / 256,
            m = n / 4
        )),
        f("scan_block", format!("n = {n}"), format!(
            "[buffers.x]\ndtype = \"f32\"\nshape = [{n}]\n[buffers.y]\ndtype = \"f32\"\nshape = [{n}]\n\
             [[launch]]\nkernel = \"scan_block\"\ngrid = [{}]\nblock = [256]\nargs = [{n}, \"x\", \"y\"]\n",
            n / 256
        )),
    ];
    let mut pp = format!(
        "[buffers.x]\ndtype = \"f32\"\nshape = [{n}]\n[buffers.y]\ndtype = \"f32\"\nshape = [{n}]\n"
    );
    for (a, b) in [("x", "y"), ("y", "x")] {
        pp.push_str(&format!(
            "[[launch]]\nkernel = \"stencil1d\"\ngrid = [{}]\nblock = [256]\nargs = [{n}, \"{a}\", \"{b}\"]\n",
            n / 256
        ));
    }
    v.push(f("stencil1d_pingpong", format!("n = {n}, 2 launches"), pp));
    let s = 1024;
    v.push(f("stencil2d", format!("{s} x {s}"), format!(
        "[buffers.a]\ndtype = \"f32\"\nshape = [{s}, {s}]\n[buffers.b]\ndtype = \"f32\"\nshape = [{s}, {s}]\n\
         [[launch]]\nkernel = \"stencil2d\"\ngrid = [{}, {}]\nblock = [16, 8]\nargs = [{s}, {s}, \"a\", \"b\"]\n",
        s / 16,
        s / 8
    )));
    v.push(f("transpose_shared", format!("{s} x {s}"), format!(
        "[buffers.a]\ndtype = \"f32\"\nshape = [{s}, {s}]\n[buffers.at]\ndtype = \"f32\"\nshape = [{s}, {s}]\n\
         [[launch]]\nkernel = \"transpose\"\ngrid = [{}, {}]\nblock = [32, 8]\nargs = [{s}, {s}, \"a\", \"at\"]\n",
        s / 32,
        s / 32
    )));
    // `RAISE_BENCH_GATHER_NNZ=k`: k entries a row (same total), for long-row loops.
    let per = gather_nnz();
    let rows = (1 << 19) / per;
    v.push(f("gather_indirect", format!("{rows} rows x {per} nnz"), format!(
        "[buffers.row_ptr]\ndtype = \"i32\"\nshape = [{}]\n[buffers.col_idx]\ndtype = \"i32\"\nshape = [{nnz}]\n\
         [buffers.vals]\ndtype = \"f32\"\nshape = [{nnz}]\n[buffers.x]\ndtype = \"f32\"\nshape = [{rows}]\n\
         [buffers.y]\ndtype = \"f32\"\nshape = [{rows}]\n\
         [[launch]]\nkernel = \"spmv_csr\"\ngrid = [{}]\nblock = [128]\nargs = [{rows}, \"row_ptr\", \"col_idx\", \"vals\", \"x\", \"y\"]\n",
        rows + 1,
        rows / 128,
        nnz = rows * per
    )));
    v
}

/// gather_indirect's entries a row in the scaled cases: 8, or `RAISE_BENCH_GATHER_NNZ`.
fn gather_nnz() -> usize {
    std::env::var("RAISE_BENCH_GATHER_NNZ")
        .ok()
        .and_then(|v| v.parse().ok())
        .filter(|&k: &usize| (1..=4096).contains(&k) && (1 << 19) % k == 0)
        .unwrap_or(8)
}

/// Inputs for a scaled spec: floats in [0.5, 1.5) (positive, for f64_axpy_pow's power),
/// CSR structure for gather_indirect ([`gather_nnz`] entries a row, scattered columns).
fn scaled_inputs(spec: &raise::spec::LaunchSpec) -> Vec<raise::buffers::HostBuffer> {
    let mut seed = 7u64;
    let mut next = || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((seed >> 11) as f64 / (1u64 << 53) as f64) * 2.0 - 1.0
    };
    spec.buffers
        .iter()
        .map(|b| {
            let mut h = raise::buffers::HostBuffer::zeros(b.dtype, &b.shape).unwrap();
            let len = h.len();
            for i in 0..len {
                let v = match b.name.as_str() {
                    "row_ptr" => (i * gather_nnz()) as f64,
                    "col_idx" => ((i * 7919) % (len / gather_nnz())) as f64,
                    _ => next() * 0.5 + 1.0,
                };
                h.set_f64(i, v).unwrap();
            }
            h
        })
        .collect()
}

/// Steady state on xla: compile the primal, JVP and gradient modules once each, then
/// time execution only (the fastest of 15 interleaved `execute` calls after 2 warm-ups,
/// host copies in and out included) at scaled sizes.
#[test]
#[ignore]
fn grad_steady_state_xla() {
    use runtime::{ElementType, HostTensor, Pjrt};
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let pjrt = Pjrt::load(&runtime::find_plugin(None).unwrap()).unwrap();
    let tmp = std::env::temp_dir().join(format!("raise-grad-bench-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    println!("{}", pjrt.describe());
    println!("| example | size | primal (ms) | jvp (ms) | grad (ms) | jvp/primal | grad/primal |");
    println!("|---|---|---|---|---|---|---|");
    let only = std::env::var("RAISE_BENCH_ONLY").ok();
    for case in scaled_cases() {
        if only
            .as_deref()
            .is_some_and(|o| !o.split(',').any(|x| x == case.example))
        {
            continue;
        }
        let dir = root.join("examples").join(case.example);
        let spec_path = tmp.join(format!("{}.toml", case.example));
        std::fs::write(&spec_path, &case.spec.1).unwrap();
        let spec = raise::spec::load_spec(&spec_path).unwrap();
        let module = driver::load_module(&dir.join("kernel.O2.ll")).unwrap();
        let inputs = scaled_inputs(&spec);
        let n = inputs.len();
        let tensors = |bufs: &[raise::buffers::HostBuffer]| -> Vec<HostTensor> {
            bufs.iter()
                .map(|b| {
                    HostTensor::new(
                        ElementType::from_name(b.dtype.name()).unwrap(),
                        b.shape.iter().map(|&d| d as i64).collect(),
                        b.data.clone(),
                    )
                    .unwrap()
                })
                .collect()
        };
        let primal_args = tensors(&inputs);
        let mut shadow_args = primal_args.clone();
        shadow_args.extend(tensors(&inputs));
        let texts = [
            raise::xla::emit_stablehlo(&module, &spec).unwrap(),
            raise::grad::emit_jvp_stablehlo(&module, &spec).unwrap(),
            raise::grad::emit_grad_stablehlo(&module, &spec, &vec![true; n]).unwrap(),
        ];
        let exes: Vec<_> = texts.iter().map(|t| pjrt.compile(t).unwrap()).collect();
        let args = |k: usize| if k == 0 { &primal_args } else { &shadow_args };
        for (k, exe) in exes.iter().enumerate() {
            for _ in 0..2 {
                exe.execute(args(k)).unwrap();
            }
        }
        // Interleaved, so that background load hits the three alike; the minimum is the
        // least disturbed run.
        let mut times = vec![Vec::new(); 3];
        for _ in 0..15 {
            for (k, exe) in exes.iter().enumerate() {
                let t = Instant::now();
                exe.execute(args(k)).unwrap();
                times[k].push(t.elapsed().as_secs_f64() * 1e3);
            }
        }
        let ms: Vec<f64> = times
            .into_iter()
            .map(|v| v.into_iter().fold(f64::INFINITY, f64::min))
            .collect();
        println!(
            "| {} | {} | {:.2} | {:.2} | {:.2} | {:.2} | {:.2} |",
            case.example,
            case.spec.0,
            ms[0],
            ms[1],
            ms[2],
            ms[1] / ms[0],
            ms[2] / ms[0]
        );
    }
    let _ = std::fs::remove_dir_all(&tmp);
}

/// Steady state on cpu: the primal program as `raise run --target cpu` compiles it
/// (`raise::cpu::CpuProgram`: barrier elimination, distribution, alias scopes where a
/// launch binds distinct buffers), and the JVP and gradient programs as `raise jvp` /
/// `raise grad --target cpu` run them (`raise::grad::CpuJvp`, `raise::grad::CpuGrad`:
/// distribution only, adjoints specialised to the launch with race-free atomics made
/// plain), each kernel compiled once; then the three programs are timed without
/// compilation (inputs, tangents and cotangents copied in each call). Fastest of 15
/// interleaved calls after 2 warm-ups, at the xla scaled sizes. For A/B comparisons,
/// `RAISE_BENCH_ATOMIC_ADJOINTS` keeps every adjoint atomic and
/// `RAISE_BENCH_ALIAS_SCOPES` compiles the derivative kernels with alias scopes and
/// `RAISE_BENCH_NO_PRIVATIZE` does not privatize their global atomic adds and
/// `RAISE_BENCH_NO_GATHER` keeps the adjoints' scatter-form accumulations and
/// `RAISE_BENCH_KEEP_PRIMAL_STORES` the adjoints' stores to primal buffers and
/// `RAISE_BENCH_KEEP_DEAD_MEMORY` their writes to memory nothing reads and
/// `RAISE_BENCH_NO_FUSE` runs the last launch's primal separately from its adjoint and
/// `RAISE_BENCH_NO_OWNED_ROWS` keeps row-owned accumulations (gather_indirect's
/// `vals_bar`) privatized instead of plain under a run-time check of the row bounds.
/// (`raise grad --target cpu` runs exactly `CpuGrad`, so its values are checked by the
/// grad suites, not here.)
#[test]
#[ignore]
fn grad_steady_state_cpu() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let tmp = std::env::temp_dir().join(format!("raise-grad-bench-cpu-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    println!("| example | size | primal (ms) | jvp (ms) | grad (ms) | jvp/primal | grad/primal |");
    println!("|---|---|---|---|---|---|---|");
    let only = std::env::var("RAISE_BENCH_ONLY").ok();
    let options = raise::grad::CpuDerivativeOptions {
        plain_accumulation: std::env::var("RAISE_BENCH_ATOMIC_ADJOINTS").is_err(),
        alias_scopes: std::env::var("RAISE_BENCH_ALIAS_SCOPES").is_ok(),
        privatize: std::env::var("RAISE_BENCH_NO_PRIVATIZE").is_err(),
        gather: std::env::var("RAISE_BENCH_NO_GATHER").is_err(),
        drop_unread_stores: std::env::var("RAISE_BENCH_KEEP_PRIMAL_STORES").is_err(),
        dead_memory: std::env::var("RAISE_BENCH_KEEP_DEAD_MEMORY").is_err(),
        fuse_last: std::env::var("RAISE_BENCH_NO_FUSE").is_err(),
        owned_rows: std::env::var("RAISE_BENCH_NO_OWNED_ROWS").is_err(),
    };
    for case in scaled_cases() {
        if only
            .as_deref()
            .is_some_and(|o| !o.split(',').any(|x| x == case.example))
        {
            continue;
        }
        let dir = root.join("examples").join(case.example);
        let spec_path = tmp.join(format!("{}.toml", case.example));
        std::fs::write(&spec_path, &case.spec.1).unwrap();
        let spec = raise::spec::load_spec(&spec_path).unwrap();
        let module = driver::load_module(&dir.join("kernel.O2.ll")).unwrap();
        let inputs = scaled_inputs(&spec);
        let primal = raise::cpu::CpuProgram::compile(&module, &spec).unwrap();
        let jvp = raise::grad::CpuJvp::compile(&module, &spec, &options).unwrap();
        let grad = raise::grad::CpuGrad::compile(&module, &spec, &options).unwrap();
        let run_primal = || primal.run(inputs.clone()).unwrap();
        let run_jvp = || jvp.run(inputs.clone(), inputs.clone()).unwrap();
        let run_grad = || grad.run(inputs.clone(), inputs.clone()).unwrap();
        let (finals, grads) = run_grad();
        assert_eq!((finals.len(), grads.len()), (inputs.len(), inputs.len()));
        for _ in 0..2 {
            run_primal();
            run_jvp();
            run_grad();
        }
        let mut times = vec![Vec::new(); 3];
        for _ in 0..15 {
            let t = Instant::now();
            std::hint::black_box(run_primal());
            times[0].push(t.elapsed().as_secs_f64() * 1e3);
            let t = Instant::now();
            std::hint::black_box(run_jvp());
            times[1].push(t.elapsed().as_secs_f64() * 1e3);
            let t = Instant::now();
            std::hint::black_box(run_grad());
            times[2].push(t.elapsed().as_secs_f64() * 1e3);
        }
        let ms: Vec<f64> = times
            .into_iter()
            .map(|v| v.into_iter().fold(f64::INFINITY, f64::min))
            .collect();
        println!(
            "| {} | {} | {:.2} | {:.2} | {:.2} | {:.2} | {:.2} |",
            case.example,
            case.spec.0,
            ms[0],
            ms[1],
            ms[2],
            ms[1] / ms[0],
            ms[2] / ms[0]
        );
    }
    let _ = std::fs::remove_dir_all(&tmp);
}
