//! The compile-once CPU programs (`raise::cpu::CpuProgram`, `raise::grad::{CpuGrad,
//! CpuJvp}`): running one compiled program several times on different inputs gives what
//! the end-to-end calls give on each (the parallel-IR interpreter for the derivatives,
//! the kernel-IR interpreter for the primal: independent executors), and buffers of the
//! wrong count or size are a `bad-buffers` error, never an out-of-bounds run.

mod common;

use common::grad::{random_like, random_like_with_ints};
use raise::buffers::HostBuffer;
use raise::driver::{self, RunOptions, Target};
use raise::grad::{CpuDerivativeOptions, CpuGrad, CpuJvp};

fn load(
    example: &str,
) -> (
    frontend::ir::Module,
    raise::spec::LaunchSpec,
    Vec<HostBuffer>,
) {
    let dir = common::repo_root().join("examples").join(example);
    let module = driver::load_module(&dir.join("kernel.O2.ll")).unwrap();
    let spec = raise::spec::load_spec(&dir.join("spec.toml")).unwrap();
    let inputs = raise::spec::load_inputs(&spec, Some(&dir.join("inputs"))).unwrap();
    (module, spec, inputs)
}

fn assert_close(what: &str, got: &[HostBuffer], want: &[HostBuffer]) {
    assert_eq!(got.len(), want.len(), "{what}");
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        let (g, w) = (g.to_f64_vec(), w.to_f64_vec());
        assert_eq!(g.len(), w.len(), "{what}: buffer {i}");
        let scale = w.iter().fold(1.0f64, |m, x| m.max(x.abs()));
        for (j, (a, b)) in g.iter().zip(&w).enumerate() {
            assert!(
                (a - b).abs() <= 1e-5 * scale,
                "{what}: buffer {i}[{j}]: {a} vs {b}"
            );
        }
    }
}

/// A ping-pong program (two launches, each reading the other's output) and a tree
/// reduction, three different inputs each through one compiled program.
#[test]
fn one_compiled_program_runs_many_inputs() {
    let opts = RunOptions::default();
    for example in ["stencil1d_pingpong", "reduce_shared"] {
        let (module, spec, inputs) = load(example);
        let primal = raise::cpu::CpuProgram::compile(&module, &spec).unwrap();
        let grad = CpuGrad::compile(&module, &spec, &CpuDerivativeOptions::default()).unwrap();
        let jvp = CpuJvp::compile(&module, &spec, &CpuDerivativeOptions::default()).unwrap();
        for seed in 1..=3u64 {
            let x = if seed == 1 {
                inputs.clone()
            } else {
                random_like_with_ints(&inputs, seed)
            };
            let c = random_like(&inputs, seed + 10);
            let t = random_like(&inputs, seed + 20);
            let want = driver::run(&module, &spec, x.clone(), Target::Interp, &opts)
                .unwrap()
                .buffers;
            assert_close(
                &format!("{example} primal {seed}"),
                &primal.run(x.clone()).unwrap(),
                &want,
            );
            let (gf, gg) = grad.run(x.clone(), c.clone()).unwrap();
            let (wf, wg) =
                raise::grad::grad(&module, &spec, x.clone(), c, Target::ParallelInterp, &opts)
                    .unwrap();
            assert_close(&format!("{example} grad finals {seed}"), &gf, &wf);
            assert_close(&format!("{example} grad {seed}"), &gg, &wg);
            let (jf, jt) = jvp.run(x.clone(), t.clone()).unwrap();
            let (wf, wt) =
                raise::grad::jvp(&module, &spec, x, t, Target::ParallelInterp, &opts).unwrap();
            assert_close(&format!("{example} jvp finals {seed}"), &jf, &wf);
            assert_close(&format!("{example} jvp {seed}"), &jt, &wt);
        }
    }
}

#[test]
fn wrong_buffers_are_an_error() {
    let (module, spec, inputs) = load("saxpy");
    let primal = raise::cpu::CpuProgram::compile(&module, &spec).unwrap();
    let grad = CpuGrad::compile(&module, &spec, &CpuDerivativeOptions::default()).unwrap();
    let jvp = CpuJvp::compile(&module, &spec, &CpuDerivativeOptions::default()).unwrap();
    let mut short = inputs.clone();
    short[0].data.truncate(4);
    let missing = inputs[1..].to_vec();
    for bad in [short, missing] {
        let code = |r: Result<_, frontend::Diagnostic>| r.err().map(|d| d.code);
        assert_eq!(
            code(primal.run(bad.clone()).map(|_| ())),
            Some("bad-buffers")
        );
        assert_eq!(
            code(grad.run(bad.clone(), inputs.clone()).map(|_| ())),
            Some("bad-buffers")
        );
        assert_eq!(
            code(grad.run(inputs.clone(), bad.clone()).map(|_| ())),
            Some("bad-buffers")
        );
        assert_eq!(
            code(jvp.run(bad, inputs.clone()).map(|_| ())),
            Some("bad-buffers")
        );
    }
}
