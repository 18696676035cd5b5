//! Forward mode (`raise jvp`) on the float examples, against central finite differences
//! of the kernel-IR interpreter (`--target interp`, the semantic reference).
//!
//! For a random tangent direction `t` over the float input buffers,
//! `fd = (F(x + h t) - F(x - h t)) / 2h` is compared with the JVP of the raised kernels
//! run on `--target parallel-interp`, `cpu` and `xla`. Error measure per output buffer:
//! `max|jvp - fd| <= tol * max(1, max|fd|)`. f64 examples: `h = 1e-6`, `tol = 1e-6`.
//! f32 examples: `h = 1e-2`, `tol = 2e-3` — f32 rounding of the perturbed inputs and
//! outputs contributes about `6e-8 / h` relative error, the truncation error of the
//! central difference about `h^2` times the third derivative (1e-4 for these kernels).

mod common;

use common::grad::{axpy, random_like};
use common::repo_root as root;
use raise::driver::{self, RunOptions, Target};

fn check_jvp(example: &str, module_file: &str) {
    let dir = root().join("examples").join(example);
    let spec = raise::spec::load_spec(&dir.join("spec.toml")).unwrap();
    let module = driver::load_module(&dir.join(module_file)).unwrap();
    let inputs = raise::spec::load_inputs(&spec, Some(&dir.join("inputs"))).unwrap();
    let f64_example = inputs.iter().any(|b| b.dtype == raise::buffers::DType::F64);
    let (h, tol) = if f64_example {
        (1e-6, 1e-6)
    } else {
        (1e-2, 2e-3)
    };
    let t = random_like(&inputs, 7);
    let opts = RunOptions::default();
    let plus = driver::run(&module, &spec, axpy(&inputs, &t, h), Target::Interp, &opts)
        .unwrap()
        .buffers;
    let minus = driver::run(&module, &spec, axpy(&inputs, &t, -h), Target::Interp, &opts)
        .unwrap()
        .buffers;
    let primal = driver::run(&module, &spec, inputs.clone(), Target::Interp, &opts)
        .unwrap()
        .buffers;
    for target in TARGETS {
        let (finals, tangents) =
            raise::grad::jvp(&module, &spec, inputs.clone(), t.clone(), target, &opts)
                .unwrap_or_else(|e| panic!("{example} on {}: {e}", target.name()));
        for (k, b) in spec.buffers.iter().enumerate() {
            if !b.dtype.is_float() {
                continue;
            }
            let (p, m, j) = (&plus[k], &minus[k], &tangents[k]);
            let mut scale: f64 = 1.0;
            let mut err: f64 = 0.0;
            let mut perr: f64 = 0.0;
            for i in 0..p.len() {
                let fd = (p.get_f64(i).unwrap() - m.get_f64(i).unwrap()) / (2.0 * h);
                scale = scale.max(fd.abs());
                err = err.max((fd - j.get_f64(i).unwrap()).abs());
                perr =
                    perr.max((finals[k].get_f64(i).unwrap() - primal[k].get_f64(i).unwrap()).abs());
            }
            assert!(
                err <= tol * scale,
                "{example} on {}: tangent of '{}': max error {err:e} vs finite differences (scale {scale:e}, tol {tol:e})",
                target.name(),
                b.name
            );
            assert!(
                perr <= 1e-4 * scale,
                "{example} on {}: primal '{}' differs by {perr:e}",
                target.name(),
                b.name
            );
        }
    }
}

/// The targets that run raised (and differentiated) kernels.
const TARGETS: [Target; 3] = [Target::ParallelInterp, Target::Cpu, Target::Xla];

macro_rules! jvp_tests {
    ($($name:ident: $ex:literal,)*) => {$(
        #[test]
        fn $name() {
            check_jvp($ex, "kernel.O2.ll");
        }
    )*};
}

jvp_tests! {
    jvp_saxpy: "saxpy",
    jvp_stencil1d_pingpong: "stencil1d_pingpong",
    jvp_stencil2d: "stencil2d",
    jvp_softmax_rows: "softmax_rows",
    jvp_matmul_tiled: "matmul_tiled",
    jvp_reduce_shared: "reduce_shared",
    jvp_f64_axpy_pow: "f64_axpy_pow",
    jvp_transpose_shared: "transpose_shared",
    jvp_scan_block: "scan_block",
    jvp_warp_shuffle_reduce: "warp_shuffle_reduce",
    jvp_bpnn_layerforward_like: "bpnn_layerforward_like",
    jvp_barrier_loop: "barrier_loop",
    jvp_device_call: "device_call",
    jvp_float4_copy: "float4_copy",
    jvp_gather_indirect: "gather_indirect",
    jvp_numba_saxpy: "numba_saxpy",
    jvp_numba_stencil2d: "numba_stencil2d",
    jvp_numba_reduce_shared: "numba_reduce_shared",
}

#[test]
fn jvp_saxpy_from_o0() {
    check_jvp("saxpy", "kernel.O0.ll");
}

#[test]
fn jvp_softmax_rows_from_o0() {
    check_jvp("softmax_rows", "kernel.O0.ll");
}
