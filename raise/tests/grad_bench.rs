//! Timing of differentiation (ignored by default; run with
//! `cargo test --release -p raise --test grad_bench -- --ignored --nocapture`):
//! per example and raised target, the median wall time of 3 in-process calls of
//! `driver::run` (primal), `grad::jvp` and `grad::grad`, each end to end (raising,
//! transformation, compilation on cpu/xla, execution, buffer copies), and the ratios.

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
