//! Cold branches of the CPU backend's index-set split (`lower/src/cpu/split.rs`) only
//! choose which `If`s a copy of a loop body resolves, never what a thread computes: the
//! gradient programs (`CpuGrad`, as `raise grad --target cpu`) and the primal programs
//! (`raise run --target cpu`) give bitwise the same final buffers and gradients with the
//! pruning on (default) and off (`RAISE_CPU_COLD=0`, every leaf specialised), on ragged
//! sizes (partial last blocks in x and y), and the primal stays close to the parallel
//! interpreter. (One test in this file: it sets the environment variable.)

mod common;

use common::grad::{device_call, pingpong, random_like};
use common::repo_root as root;
use raise::buffers::HostBuffer;
use raise::driver::{self, RunOptions, Target};
use raise::grad::{CpuDerivativeOptions, CpuGrad};

fn stencil2d(nx: usize, ny: usize, scalars: bool) -> String {
    let args = if scalars {
        format!("{nx}, {ny}, \"a\", \"b\"")
    } else {
        "\"a\", \"b\"".to_string()
    };
    format!(
        "[buffers.a]\ndtype = \"f32\"\nshape = [{ny}, {nx}]\n[buffers.b]\ndtype = \"f32\"\nshape = [{ny}, {nx}]\n\
         [[launch]]\nkernel = \"stencil2d\"\ngrid = [{}, {}]\nblock = [16, 8]\nargs = [{args}]\n",
        nx.div_ceil(16),
        ny.div_ceil(8)
    )
}

/// `(example, module file, spec text or None for the example's own spec and inputs)`.
fn cases() -> Vec<(&'static str, &'static str, Option<String>)> {
    let o2 = "kernel.O2.ll";
    let mut v = vec![
        ("stencil1d_pingpong", o2, Some(pingpong(1000, 256))),
        ("stencil1d_pingpong", o2, Some(pingpong(37, 8))),
        ("device_call", o2, Some(device_call(1000, 256))),
        ("gather_indirect", o2, None),
        ("gather_indirect", "kernel.ptx", None),
        ("transpose_shared", o2, None),
        ("transpose_shared", "kernel.ptx", None),
    ];
    for file in [o2, "kernel.ptx"] {
        for (nx, ny) in [(300, 37), (90, 60), (33, 61), (17, 9)] {
            v.push(("stencil2d", file, Some(stencil2d(nx, ny, true))));
        }
    }
    v.push(("numba_stencil2d", o2, Some(stencil2d(90, 60, false))));
    v.push(("numba_stencil2d", o2, Some(stencil2d(33, 61, false))));
    v
}

fn bits(b: &[HostBuffer]) -> Vec<Vec<u8>> {
    b.iter().map(|b| b.data.clone()).collect()
}

fn assert_close(what: &str, got: &[HostBuffer], want: &[HostBuffer]) {
    assert_eq!(got.len(), want.len(), "{what}");
    for (k, (g, w)) in got.iter().zip(want).enumerate() {
        assert_eq!(g.data.len(), w.data.len(), "{what}: buffer {k}");
        for i in 0..w.len() {
            let (a, b) = (g.get_f64(i).unwrap(), w.get_f64(i).unwrap());
            assert!(
                (a - b).abs() <= 1e-5 * (1.0 + b.abs()),
                "{what}: buffer {k}[{i}] = {a}, want {b}"
            );
        }
    }
}

/// Per case: (primal final buffers, gradient finals, gradients, MLIR bytes of the
/// gradient program).
type Outcome = (Vec<Vec<u8>>, Vec<Vec<u8>>, Vec<Vec<u8>>, usize);

fn run_all() -> Vec<Outcome> {
    let opts = RunOptions::default();
    cases()
        .into_iter()
        .map(|(example, file, text)| {
            let dir = root().join("examples").join(example);
            let module = driver::load_module(&dir.join(file)).unwrap();
            let (spec, x) = match &text {
                Some(t) => {
                    let spec = raise::spec::parse_spec(t, example).unwrap();
                    let zeros: Vec<HostBuffer> = spec
                        .buffers
                        .iter()
                        .map(|b| HostBuffer::zeros(b.dtype, &b.shape).unwrap())
                        .collect();
                    let x = random_like(&zeros, 5);
                    (spec, x)
                }
                None => {
                    let spec = raise::spec::parse_spec(
                        &std::fs::read_to_string(dir.join("spec.toml")).unwrap(),
                        example,
                    )
                    .unwrap();
                    let x = raise::spec::load_inputs(&spec, Some(&dir.join("inputs"))).unwrap();
                    (spec, x)
                }
            };
            let what = format!("{example} ({file}, {:?})", spec.launches[0].grid);
            let primal = driver::run(&module, &spec, x.clone(), Target::Cpu, &opts)
                .unwrap_or_else(|d| panic!("{what}: {d}"))
                .buffers;
            let interp = driver::run(&module, &spec, x.clone(), Target::ParallelInterp, &opts)
                .unwrap_or_else(|d| panic!("{what}: {d}"))
                .buffers;
            assert_close(&format!("{what} primal vs interpreter"), &primal, &interp);
            let cot = random_like(&x, 17);
            lower::cpu::stats::enable();
            let program = CpuGrad::compile(&module, &spec, &CpuDerivativeOptions::default())
                .unwrap_or_else(|d| panic!("{what}: {d}"));
            let bytes = lower::cpu::stats::take().text_bytes;
            let (finals, grads) = program
                .run(x, cot)
                .unwrap_or_else(|d| panic!("{what}: {d}"));
            (bits(&primal), bits(&finals), bits(&grads), bytes)
        })
        .collect()
}

#[test]
fn cold_pruning_gives_bitwise_the_same_primal_and_gradient_values() {
    let pruned = run_all();
    std::env::set_var("RAISE_CPU_COLD", "0");
    let full = run_all();
    std::env::remove_var("RAISE_CPU_COLD");
    let mut smaller = 0;
    for ((example, file, text), (p, f)) in cases().into_iter().zip(pruned.iter().zip(&full)) {
        let what = format!(
            "{example} ({file}, {})",
            text.as_deref().unwrap_or("spec.toml")
        );
        assert!(p.0 == f.0, "{what}: primal differs with cold pruning");
        assert!(p.1 == f.1, "{what}: gradient program's finals differ");
        assert!(p.2 == f.2, "{what}: gradients differ");
        assert!(p.3 <= f.3, "{what}: pruned {} bytes > full {}", p.3, f.3);
        smaller += usize::from(p.3 < f.3);
    }
    // The gathered 2-D stencil adjoints at least get smaller.
    assert!(smaller >= 4, "only {smaller} gradient programs got smaller");
}
