//! Reverse mode (`raise grad`) on the float examples it supports: against central finite
//! differences of the kernel-IR interpreter (`--target interp`), and against forward mode
//! (the dot-product test), on `--target parallel-interp`, `cpu` and `xla`.
//!
//! * finite differences: for random `t` (input directions) and `c` (cotangents of the
//!   final buffers), `<grad(c), t>` must equal `<c, (F(x + h t) - F(x - h t)) / 2h>`
//!   within `tol * sum_i |c_i fd_i|` (plus `tol` absolute); f64: `h = 1e-6`,
//!   `tol = 1e-6`; f32: `h = 1e-2`, `tol = 2e-3` (f32 rounding of the perturbed data is
//!   about `6e-8 / h` relative, truncation about `h^2`);
//! * dot-product test: `<jvp(t), c> == <t, grad(c)>` within `1e-4` relative (f32
//!   accumulation order differs between the two programs) or `1e-10` for f64.
//! * kernels the reverse sweep does not handle answer `not-differentiable`.

mod common;

use common::grad::{axpy, dot, random_like};
use common::repo_root as root;
use raise::buffers::HostBuffer;
use raise::driver::{self, RunOptions, Target};

fn check_grad(example: &str, module_file: &str) {
    let dir = root().join("examples").join(example);
    let spec = raise::spec::load_spec(&dir.join("spec.toml")).unwrap();
    let module = driver::load_module(&dir.join(module_file)).unwrap();
    let inputs = raise::spec::load_inputs(&spec, Some(&dir.join("inputs"))).unwrap();
    let f64_example = inputs.iter().any(|b| b.dtype == raise::buffers::DType::F64);
    let (h, tol, dtol) = if f64_example {
        (1e-6, 1e-6, 1e-10)
    } else {
        (1e-2, 2e-3, 1e-4)
    };
    let t = random_like(&inputs, 11);
    let c = random_like(&inputs, 23);
    let opts = RunOptions::default();
    let primal = driver::run(&module, &spec, inputs.clone(), Target::Interp, &opts)
        .unwrap()
        .buffers;
    let plus = driver::run(&module, &spec, axpy(&inputs, &t, h), Target::Interp, &opts)
        .unwrap()
        .buffers;
    let minus = driver::run(&module, &spec, axpy(&inputs, &t, -h), Target::Interp, &opts)
        .unwrap()
        .buffers;
    let fd: Vec<HostBuffer> = plus
        .iter()
        .zip(&minus)
        .map(|(p, m)| {
            let mut d = HostBuffer::zeros(raise::buffers::DType::F64, &p.shape).unwrap();
            for i in 0..p.len() {
                let v = (p.get_f64(i).unwrap() - m.get_f64(i).unwrap()) / (2.0 * h);
                d.set_f64(i, if p.dtype.is_float() { v } else { 0.0 })
                    .unwrap();
            }
            d
        })
        .collect();
    let (lhs, scale) = dot(&c, &fd);
    for target in TARGETS {
        let name = target.name();
        let (finals, g) =
            raise::grad::grad(&module, &spec, inputs.clone(), c.clone(), target, &opts)
                .unwrap_or_else(|e| panic!("{example} on {name}: {e}"));
        for (k, b) in spec.buffers.iter().enumerate() {
            for i in 0..primal[k].len() {
                let (p, f) = (primal[k].get_f64(i).unwrap(), finals[k].get_f64(i).unwrap());
                assert!(
                    (p - f).abs() <= 1e-4 * (1.0 + p.abs()),
                    "{example} on {name}: primal '{}'[{i}]",
                    b.name
                );
            }
        }
        let (rhs, _) = dot(&t, &g);
        assert!(
            (lhs - rhs).abs() <= tol * scale + tol,
            "{example} on {name}: <c, fd(t)> = {lhs} but <grad(c), t> = {rhs} (scale {scale})"
        );
        // Dot-product test against forward mode.
        let (_, tj) =
            raise::grad::jvp(&module, &spec, inputs.clone(), t.clone(), target, &opts).unwrap();
        let (a, sa) = dot(&tj, &c);
        let (b2, sb) = dot(&t, &g);
        assert!(
            (a - b2).abs() <= dtol * sa.max(sb) + dtol,
            "{example} on {name}: <jvp(t), c> = {a} but <t, grad(c)> = {b2}"
        );
    }
}

/// The targets that run raised (and differentiated) kernels.
const TARGETS: [Target; 3] = [Target::ParallelInterp, Target::Cpu, Target::Xla];

macro_rules! grad_tests {
    ($($name:ident: $ex:literal,)*) => {$(
        #[test]
        fn $name() {
            check_grad($ex, "kernel.O2.ll");
        }
    )*};
}

grad_tests! {
    grad_saxpy: "saxpy",
    grad_stencil1d_pingpong: "stencil1d_pingpong",
    grad_stencil2d: "stencil2d",
    grad_f64_axpy_pow: "f64_axpy_pow",
    grad_transpose_shared: "transpose_shared",
    grad_bpnn_layerforward_like: "bpnn_layerforward_like",
    grad_device_call: "device_call",
    grad_float4_copy: "float4_copy",
    grad_gather_indirect: "gather_indirect",
    grad_reduce_shared: "reduce_shared",
    grad_scan_block: "scan_block",
    grad_barrier_loop: "barrier_loop",
    grad_numba_saxpy: "numba_saxpy",
    grad_numba_stencil2d: "numba_stencil2d",
    grad_numba_reduce_shared: "numba_reduce_shared",
    grad_softmax_rows: "softmax_rows",
    grad_matmul_tiled: "matmul_tiled",
    grad_dynamic_shared: "dynamic_shared",
    grad_warp_shuffle_reduce: "warp_shuffle_reduce",
}

macro_rules! grad_tests_from {
    ($file:literal; $($name:ident: $ex:literal,)*) => {$(
        #[test]
        fn $name() {
            check_grad($ex, $file);
        }
    )*};
}

grad_tests_from! { "kernel.O0.ll";
    grad_stencil2d_from_o0: "stencil2d",
    grad_numba_stencil2d_from_o0: "numba_stencil2d",
    grad_float4_copy_from_o0: "float4_copy",
    grad_softmax_rows_from_o0: "softmax_rows",
    grad_matmul_tiled_from_o0: "matmul_tiled",
    grad_warp_shuffle_reduce_from_o0: "warp_shuffle_reduce",
    grad_dynamic_shared_from_o0: "dynamic_shared",
    grad_scan_block_from_o0: "scan_block",
}

grad_tests_from! { "kernel.ptx";
    grad_saxpy_from_ptx: "saxpy",
    grad_stencil2d_from_ptx: "stencil2d",
    grad_numba_stencil2d_from_ptx: "numba_stencil2d",
    grad_reduce_shared_from_ptx: "reduce_shared",
    grad_softmax_rows_from_ptx: "softmax_rows",
    grad_matmul_tiled_from_ptx: "matmul_tiled",
    grad_warp_shuffle_reduce_from_ptx: "warp_shuffle_reduce",
    grad_float4_copy_from_ptx: "float4_copy",
    grad_dynamic_shared_from_ptx: "dynamic_shared",
}

#[test]
fn grad_saxpy_from_o0() {
    check_grad("saxpy", "kernel.O0.ll");
}

#[test]
fn grad_reduce_shared_from_o0() {
    check_grad("reduce_shared", "kernel.O0.ll");
}

/// What remains unsupported answers `not-differentiable`: here a loop whose trip count
/// is read from memory (so it cannot be unrolled for the launch) and whose reverse needs
/// values it overwrites (so it cannot be replayed): `for i < n[0]: x[0] = x[0] * x[0]`.
#[test]
fn grad_unsupported_is_diagnosed() {
    let tmp = std::env::temp_dir().join(format!("raise-grad-unsup-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    let ll = r#"target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @powloop(ptr %x, ptr %n) {
entry:
  %cnt = load i32, ptr %n, align 4
  %pos = icmp sgt i32 %cnt, 0
  br i1 %pos, label %loop, label %exit
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %v = load float, ptr %x, align 4
  %sq = fmul float %v, %v
  store float %sq, ptr %x, align 4
  %i1 = add i32 %i, 1
  %c = icmp slt i32 %i1, %cnt
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{ptr @powloop, !"kernel", i32 1}
"#;
    let spec_text = r#"[buffers.x]
dtype = "f32"
shape = [1]

[buffers.n]
dtype = "i32"
shape = [1]

[[launch]]
kernel = "powloop"
grid = [1]
block = [1]
args = ["x", "n"]
"#;
    std::fs::write(tmp.join("kernel.ll"), ll).unwrap();
    std::fs::write(tmp.join("spec.toml"), spec_text).unwrap();
    let spec = raise::spec::load_spec(&tmp.join("spec.toml")).unwrap();
    let module = driver::load_module(&tmp.join("kernel.ll")).unwrap();
    let inputs = raise::spec::load_inputs(&spec, None).unwrap();
    let c = inputs.clone();
    for target in TARGETS {
        let err = raise::grad::grad(
            &module,
            &spec,
            inputs.clone(),
            c.clone(),
            target,
            &RunOptions::default(),
        )
        .err()
        .unwrap_or_else(|| panic!("powloop: expected a diagnostic"));
        assert_eq!(err.code, "not-differentiable", "{err}");
        assert!(err.to_string().contains("loop"), "{err}");
    }
    let _ = std::fs::remove_dir_all(&tmp);
}

/// The CLI contract: `raise grad` writes the final buffers and `grad_<buffer>.npy` for
/// the `--wrt` buffers (missing cotangent files are zeros); `raise jvp` writes
/// `tangent_<buffer>.npy` for every buffer.
#[test]
fn grad_cli_contract() {
    let dir = root().join("examples").join("saxpy");
    let tmp = std::env::temp_dir().join(format!("raise-grad-cli-{}", std::process::id()));
    let cot = tmp.join("cot");
    std::fs::create_dir_all(&cot).unwrap();
    // Cotangent of y only: ones.
    let ones = HostBuffer::from_f64(raise::buffers::DType::F32, &[1000], &[1.0; 1000]).unwrap();
    raise::npy::write_npy(&cot.join("y.npy"), &ones).unwrap();
    let out = tmp.join("out");
    let status = std::process::Command::new(env!("CARGO_BIN_EXE_raise"))
        .args(["grad", dir.join("kernel.O2.ll").to_str().unwrap()])
        .args(["--spec", dir.join("spec.toml").to_str().unwrap()])
        .args(["--inputs", dir.join("inputs").to_str().unwrap()])
        .args(["--cotangents", cot.to_str().unwrap()])
        .args(["--outputs", out.to_str().unwrap()])
        .args(["--target", "parallel-interp", "--wrt", "x"])
        .status()
        .unwrap();
    assert!(status.success());
    assert!(out.join("y.npy").exists() && out.join("x.npy").exists());
    assert!(!out.join("grad_y.npy").exists());
    let gx = raise::npy::read_npy(&out.join("grad_x.npy")).unwrap();
    // y = a x + y with a = 2 for i < n = 1000.
    assert!(gx.to_f64_vec().iter().all(|&g| g == 2.0));
    let status = std::process::Command::new(env!("CARGO_BIN_EXE_raise"))
        .args(["jvp", dir.join("kernel.O2.ll").to_str().unwrap()])
        .args(["--spec", dir.join("spec.toml").to_str().unwrap()])
        .args(["--inputs", dir.join("inputs").to_str().unwrap()])
        .args(["--tangents", cot.to_str().unwrap()])
        .args(["--outputs", out.to_str().unwrap()])
        .args(["--target", "cpu"])
        .status()
        .unwrap();
    assert!(status.success());
    let ty = raise::npy::read_npy(&out.join("tangent_y.npy")).unwrap();
    assert!(ty.to_f64_vec().iter().all(|&t| t == 1.0));
    let tx = raise::npy::read_npy(&out.join("tangent_x.npy")).unwrap();
    assert!(tx.to_f64_vec().iter().all(|&t| t == 0.0));
    let _ = std::fs::remove_dir_all(&tmp);
}
