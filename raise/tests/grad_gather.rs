//! Owner-computes (gather-form) adjoint accumulation (`parallel_ir::autodiff::gather`)
//! end to end: the stencil adjoints of stencil1d_pingpong and device_call (1-D launches)
//! and of stencil2d (O2 and PTX) and numba_stencil2d (O2) on 2-D launches are rewritten
//! (stencil2d from O0 and numba_stencil2d from PTX are refused and keep their form), and
//! * each rewritten adjoint launch (plus its epilogue) computes what the scatter-form
//!   adjoint computes, on `parallel-interp` and on `cpu`, element by element within f32
//!   reassociation tolerance, including sizes where the launch has more threads than
//!   elements (`n = 1000` on 4 blocks of 256; 300 x 37 on 19 x 5 blocks of 16 x 8);
//! * `raise grad --target cpu` (`CpuGrad`, gather and the removal of the adjoints' unread
//!   primal stores on by default) matches `xla`'s final buffers and gradient, with
//!   either pass on or off;
//! * the gradient programs' MLIR stays below a size bound (compile cost).

mod common;

use common::grad::{device_call, pingpong, random_like};
use common::repo_root as root;
use raise::buffers::HostBuffer;
use raise::driver::{self, RunOptions, Target};
use raise::grad::{AdjointPasses, CpuDerivativeOptions, CpuGrad, RaisedLaunch};

fn stencil2d(kernel: &str, nx: usize, ny: usize, scalars: bool) -> String {
    let args = if scalars {
        format!("{nx}, {ny}, \"a\", \"b\"")
    } else {
        "\"a\", \"b\"".to_string()
    };
    format!(
        "[buffers.a]\ndtype = \"f32\"\nshape = [{ny}, {nx}]\n[buffers.b]\ndtype = \"f32\"\nshape = [{ny}, {nx}]\n\
         [[launch]]\nkernel = \"{kernel}\"\ngrid = [{}, {}]\nblock = [16, 8]\nargs = [{args}]\n",
        nx.div_ceil(16),
        ny.div_ceil(8)
    )
}

/// `(example, module file, spec text, whether the adjoints are gathered)`.
fn cases() -> Vec<(&'static str, &'static str, String, bool)> {
    let o2 = "kernel.O2.ll";
    let mut v = vec![
        ("stencil1d_pingpong", o2, pingpong(4096, 256), true),
        ("stencil1d_pingpong", o2, pingpong(1000, 256), true),
        ("stencil1d_pingpong", o2, pingpong(37, 8), true),
        ("device_call", o2, device_call(4096, 256), true),
        ("device_call", o2, device_call(1000, 256), true),
    ];
    // Two-dimensional launches: whole blocks, a grid wider than the rows (300 columns on
    // 19 blocks of 16: the last 4 threads of a row would wrap into the next row), the
    // example's 90 x 60 (6 x 8 blocks).
    for file in [o2, "kernel.ptx"] {
        for (nx, ny) in [(64, 160), (300, 37), (90, 60)] {
            v.push((
                "stencil2d",
                file,
                stencil2d("stencil2d", nx, ny, true),
                true,
            ));
        }
    }
    for (nx, ny) in [(64, 160), (300, 37), (90, 60)] {
        v.push((
            "numba_stencil2d",
            o2,
            stencil2d("stencil2d", nx, ny, false),
            true,
        ));
    }
    // Refused (the reasons: `gather` unit tests): O0's zeroing of `b_bar` in two
    // places, numba's PTX with its negative-index wrap-around (not affine).
    v.push((
        "stencil2d",
        "kernel.O0.ll",
        stencil2d("stencil2d", 90, 60, true),
        false,
    ));
    v.push((
        "numba_stencil2d",
        "kernel.ptx",
        stencil2d("stencil2d", 90, 60, false),
        false,
    ));
    v
}

fn load(
    example: &str,
    file: &str,
    spec_text: &str,
) -> (frontend::ir::Module, raise::spec::LaunchSpec) {
    let dir = root().join("examples").join(example);
    let spec = raise::spec::parse_spec(spec_text, example).unwrap();
    let module = driver::load_module(&dir.join(file)).unwrap();
    (module, spec)
}

fn inputs(spec: &raise::spec::LaunchSpec, seed: u64) -> Vec<HostBuffer> {
    let zeros: Vec<HostBuffer> = spec
        .buffers
        .iter()
        .map(|b| HostBuffer::zeros(b.dtype, &b.shape).unwrap())
        .collect();
    random_like(&zeros, seed)
}

fn assert_close(what: &str, got: &[HostBuffer], want: &[HostBuffer]) {
    assert_eq!(got.len(), want.len(), "{what}");
    for (k, (g, w)) in got.iter().zip(want).enumerate() {
        assert_eq!(g.data.len(), w.data.len(), "{what}: buffer {k}");
        for i in 0..w.data.len() / 4 {
            let (a, b) = (g.get_f64(i).unwrap(), w.get_f64(i).unwrap());
            assert!(
                (a - b).abs() <= 1e-5 * (1.0 + b.abs()),
                "{what}: buffer {k}[{i}] = {a}, want {b}"
            );
        }
    }
}

#[test]
fn gathered_adjoint_launches_match_scatter_form() {
    for (example, file, text, gathered) in cases() {
        let (module, spec) = load(example, file, &text);
        let example = format!("{example} ({file}, {:?})", spec.launches[0].grid);
        let example = example.as_str();
        let bound = driver::bind_spec(&module, &spec).unwrap();
        let n = spec.buffers.len();
        let mut all = inputs(&spec, 5);
        all.extend(inputs(&spec, 17));
        for l in &bound {
            let raised = parallel_ir::raise_kernel(&module, l.kernel).unwrap();
            let scatter = raise::grad::adjoint_for_launch(&raised, l, n, true).unwrap();
            let passes = AdjointPasses {
                plain_accumulation: true,
                gather: true,
                drop_unread_stores: false,
                dead_memory: false,
            };
            let (main, epilogue) =
                raise::grad::adjoint_kernels_for_launch(&raised, l, n, &passes).unwrap();
            assert_eq!(epilogue.is_some(), gathered, "{example}");
            let launch = |k| RaisedLaunch {
                kernel: k,
                grid: l.config.grid,
                block: l.config.block,
                dynamic_shared_bytes: l.config.dynamic_shared_bytes,
                args: raise::grad::shadow_args(k, &l.params, n),
            };
            let mut launches = vec![launch(&main)];
            if let Some(e) = &epilogue {
                launches.push(launch(e));
            }
            let opts = RunOptions::default();
            for target in [Target::ParallelInterp, Target::Cpu] {
                let run = |ls: &[RaisedLaunch]| {
                    raise::grad::run_raised(&module, target, &opts, all.clone(), ls).unwrap()
                };
                let want = run(&[launch(&scatter)]);
                let got = run(&launches);
                assert_close(&format!("{example} on {}", target.name()), &got, &want);
            }
        }
    }
}

#[test]
fn cpu_gradients_match_xla_with_gather_and_dropped_stores_on_or_off() {
    for (example, file, text, _) in cases() {
        let (module, spec) = load(example, file, &text);
        let example = format!("{example} ({file}, {:?})", spec.launches[0].grid);
        let example = example.as_str();
        let x = inputs(&spec, 5);
        let cot = inputs(&spec, 17);
        let want = raise::grad::grad(
            &module,
            &spec,
            x.clone(),
            cot.clone(),
            Target::Xla,
            &RunOptions::default(),
        )
        .unwrap();
        for (gather, drop_unread_stores) in
            [(true, true), (true, false), (false, true), (false, false)]
        {
            let options = CpuDerivativeOptions {
                gather,
                drop_unread_stores,
                ..CpuDerivativeOptions::default()
            };
            let got = CpuGrad::compile(&module, &spec, &options)
                .unwrap()
                .run(x.clone(), cot.clone())
                .unwrap();
            let what = format!("{example} (gather {gather}, drop {drop_unread_stores})");
            assert_close(&format!("{what} finals"), &got.0, &want.0);
            assert_close(&format!("{what} grads"), &got.1, &want.1);
        }
        // `raise grad --target cpu` runs the gather form.
        let d = CpuDerivativeOptions::default();
        assert!(d.gather && d.drop_unread_stores);
    }
}

/// With the unread primal stores dropped (and the forward code that only fed them), the
/// stencils' adjoints (and epilogues) neither read nor write a primal buffer, so `CpuGrad`
/// copies nothing before their launches.
#[test]
fn stencil_adjoints_leave_primal_buffers_alone() {
    for (example, file, text, gathered) in cases() {
        let (module, spec) = load(example, file, &text);
        let example = format!("{example} ({file}, {:?})", spec.launches[0].grid);
        let example = example.as_str();
        let bound = driver::bind_spec(&module, &spec).unwrap();
        let n = spec.buffers.len();
        for l in &bound {
            let raised = parallel_ir::raise_kernel(&module, l.kernel).unwrap();
            let passes = AdjointPasses {
                plain_accumulation: true,
                gather: true,
                drop_unread_stores: true,
                dead_memory: false,
            };
            let (main, epilogue) =
                raise::grad::adjoint_kernels_for_launch(&raised, l, n, &passes).unwrap();
            assert_eq!(epilogue.is_some(), gathered, "{example}");
            for k in std::iter::once(&main).chain(&epilogue) {
                let args = raise::grad::shadow_args(k, &l.params, n);
                assert_eq!(
                    raise::grad::written_buffers(k, &args, n),
                    vec![false; n],
                    "{example}"
                );
                assert_eq!(
                    raise::grad::read_buffers(k, &args, n),
                    vec![false; n],
                    "{example}"
                );
            }
            // Without the pass the adjoint re-executes the forward store.
            let kept = raise::grad::adjoint_for_launch(&raised, l, n, true).unwrap();
            let args = raise::grad::shadow_args(&kept, &l.params, n);
            assert!(raise::grad::written_buffers(&kept, &args, n).contains(&true));
        }
    }
}

/// Compile cost: the gathered adjoints' edge (general) path is emitted once per split
/// x loop, not once per leaf of the index-set split (`lower/src/cpu/split.rs`, cold
/// branches), so the gradient programs' MLIR stays small (without the cold branches,
/// `RAISE_CPU_COLD=0`: stencil2d 90 x 60 955 KiB, 1024 x 1024 325 KiB, numba_stencil2d
/// 935 KiB, stencil1d_pingpong 317 KiB, device_call 159 KiB; with them about 221, 118,
/// 199, 112 and 55 KiB). The bounds leave room for other growth.
#[test]
fn cpu_gradient_programs_mlir_stays_small() {
    let o2 = "kernel.O2.ll";
    let cases = [
        ("stencil2d", stencil2d("stencil2d", 90, 60, true), 320),
        ("stencil2d", stencil2d("stencil2d", 1024, 1024, true), 192),
        (
            "numba_stencil2d",
            stencil2d("stencil2d", 90, 60, false),
            288,
        ),
        ("stencil1d_pingpong", pingpong(1000, 256), 160),
        ("device_call", device_call(1000, 256), 96),
    ];
    for (example, spec_text, kib) in cases {
        let (module, spec) = load(example, o2, &spec_text);
        lower::cpu::stats::enable();
        CpuGrad::compile(&module, &spec, &CpuDerivativeOptions::default()).unwrap();
        let st = lower::cpu::stats::take();
        assert!(
            st.text_bytes <= kib << 10,
            "{example}: {} KiB of MLIR over {} kernels ({} body copies), bound {kib} KiB",
            st.text_bytes >> 10,
            st.kernels,
            st.body_copies
        );
    }
}
