//! The one-module gradient and JVP programs (`raise emit --emit stablehlo --grad/--jvp`,
//! and `raise grad/jvp --target xla`, which compile that module once).
//!
//! For several examples (including a ping-pong program and one with an integer buffer),
//! the emitted gradient module is executed by jaxlib (`runtime/tests/jax_exec.py`, an
//! executor we did not write) and by our PJRT runtime, and its final buffers and
//! gradients are compared with `raise::grad::grad` on `--target parallel-interp` (which
//! runs the adjoint kernels launch by launch on host buffers): f32 within `1e-5` of the
//! buffer's largest magnitude (XLA may fuse and reorder float arithmetic), f64 within
//! `1e-12`, integers exactly; integer buffers' gradients must be zeros. The same for the
//! JVP module against `raise::grad::jvp`. The jaxlib part is skipped with a note when no
//! Python with jax is available (scripts/test.sh sets RAISE_PYTHON), everything when no
//! PJRT plugin is found.
//!
//! The CLI test checks `@main`'s argument and result lists in the emitted text: `n`
//! buffers then `n` cotangents in, `n` final buffers then the gradients out (spec order;
//! only the `--wrt` buffers' gradients with `--wrt`).

mod common;

use std::path::{Path, PathBuf};

use common::grad::random_like_with_ints as random_like;
use common::repo_root as root;
use raise::buffers::{DType, HostBuffer};
use raise::driver::{self, RunOptions, Target};
use runtime::{ElementType, HostTensor, Pjrt};

fn tensor(b: &HostBuffer) -> HostTensor {
    let e = ElementType::from_name(b.dtype.name()).expect("dtype");
    HostTensor::new(
        e,
        b.shape.iter().map(|&d| d as i64).collect(),
        b.data.clone(),
    )
    .expect("tensor")
}

/// `got` (a tensor returned by an executor) against `want`.
fn assert_close(ctx: &str, got: &HostTensor, want: &HostBuffer) {
    let dims: Vec<i64> = want.shape.iter().map(|&d| d as i64).collect();
    assert_eq!(got.dims, dims, "{ctx}: shape");
    let got = HostBuffer {
        dtype: want.dtype,
        shape: want.shape.clone(),
        data: got.data.clone(),
    };
    assert_eq!(got.data.len(), want.data.len(), "{ctx}: byte size");
    if !want.dtype.is_float() {
        assert_eq!(got.data, want.data, "{ctx}: integer data differs");
        return;
    }
    let (g, w) = (got.to_f64_vec(), want.to_f64_vec());
    let scale = w.iter().fold(1.0f64, |m, x| m.max(x.abs()));
    let tol = if want.dtype == DType::F64 {
        1e-12
    } else {
        1e-5
    } * scale;
    for (i, (a, b)) in g.iter().zip(&w).enumerate() {
        assert!(
            (a - b).abs() <= tol,
            "{ctx}[{i}]: {a} but parallel-interp gives {b} (tolerance {tol})"
        );
    }
}

fn jax_python() -> Option<PathBuf> {
    let Some(python) = runtime::jax::default_python() else {
        eprintln!("note: skipping jaxlib: no Python (set RAISE_PYTHON)");
        return None;
    };
    if !runtime::jax::has_jax(&python) {
        eprintln!(
            "note: skipping jaxlib: {} cannot import jax",
            python.display()
        );
        return None;
    }
    Some(python)
}

struct Example {
    spec: raise::spec::LaunchSpec,
    module: frontend::ir::Module,
    inputs: Vec<HostBuffer>,
}

fn load(name: &'static str) -> Example {
    let dir = root().join("examples").join(name);
    let spec = raise::spec::load_spec(&dir.join("spec.toml")).unwrap();
    let inputs = raise::spec::load_inputs(&spec, Some(&dir.join("inputs"))).unwrap();
    Example {
        module: driver::load_module(&dir.join("kernel.O2.ll")).unwrap(),
        spec,
        inputs,
    }
}

/// Execute `text` on `args` with our PJRT runtime and (if available) jaxlib; check both
/// against `want`.
fn check_module(
    ctx: &str,
    pjrt: &Pjrt,
    python: Option<&Path>,
    text: &str,
    args: &[HostBuffer],
    want: &[HostBuffer],
) {
    let tensors: Vec<HostTensor> = args.iter().map(tensor).collect();
    let exe = pjrt
        .compile(text)
        .unwrap_or_else(|e| panic!("{ctx}: PJRT compile: {e}"));
    let ours = exe
        .execute(&tensors)
        .unwrap_or_else(|e| panic!("{ctx}: PJRT execute: {e}"));
    assert_eq!(ours.len(), want.len(), "{ctx}: PJRT result count");
    for (i, (g, w)) in ours.iter().zip(want).enumerate() {
        assert_close(&format!("{ctx}: PJRT result {i}"), g, w);
    }
    if let Some(python) = python {
        let theirs = runtime::jax::run(python, text, &tensors)
            .unwrap_or_else(|e| panic!("{ctx}: jax_exec: {e}"));
        assert_eq!(theirs.len(), want.len(), "{ctx}: jaxlib result count");
        for (i, (g, w)) in theirs.iter().zip(want).enumerate() {
            assert_close(&format!("{ctx}: jaxlib result {i}"), g, w);
        }
    }
}

const EXAMPLES: &[&str] = &[
    "saxpy",
    "stencil1d_pingpong",
    "stencil2d",
    "transpose_shared",
    "reduce_shared",
    "f64_axpy_pow",
    "gather_indirect",
];

/// `raise::grad::grad` or `raise::grad::jvp`: final buffers and shadows from buffers
/// and shadows.
type Derivative = fn(
    &frontend::ir::Module,
    &raise::spec::LaunchSpec,
    Vec<HostBuffer>,
    Vec<HostBuffer>,
    Target,
    &RunOptions,
) -> Result<(Vec<HostBuffer>, Vec<HostBuffer>), frontend::Diagnostic>;

/// For every example: the derivative program on parallel-interp (random shadows from
/// `seed`) is the reference; the emitted module (`emit`) run through PJRT (and jax when
/// available) and the derivative on `--target xla` must give it. Shadows of integer
/// buffers must come out zero.
fn modules_agree(
    what: &str,
    seed: u64,
    derivative: Derivative,
    emit: fn(&Example) -> Result<String, frontend::Diagnostic>,
) {
    let Ok(plugin) = runtime::find_plugin(None) else {
        eprintln!("note: skipping: no PJRT plugin");
        return;
    };
    let pjrt = Pjrt::load(&plugin).expect("plugin loads");
    let python = jax_python();
    let opts = RunOptions::default();
    for name in EXAMPLES {
        let ex = load(name);
        let shadows = random_like(&ex.inputs, seed);
        let run = |target| {
            derivative(
                &ex.module,
                &ex.spec,
                ex.inputs.clone(),
                shadows.clone(),
                target,
                &opts,
            )
            .unwrap_or_else(|e| panic!("{name}: {what} on {target:?}: {e}"))
        };
        let (finals, derivs) = run(Target::ParallelInterp);
        for (b, g) in ex.inputs.iter().zip(&derivs) {
            if !b.dtype.is_float() {
                assert!(g.data.iter().all(|&x| x == 0), "{name}: integer {what}");
            }
        }
        let mut want = finals;
        want.extend(derivs);
        let mut args = ex.inputs.clone();
        args.extend(shadows.iter().cloned());
        let text = emit(&ex).unwrap_or_else(|e| panic!("{name}: emit {what} module: {e}"));
        check_module(
            &format!("{name} {what}"),
            &pjrt,
            python.as_deref(),
            &text,
            &args,
            &want,
        );
        // `raise grad/jvp --target xla` runs the same module.
        let (f2, d2) = run(Target::Xla);
        for (i, (got, w)) in f2.iter().chain(&d2).zip(&want).enumerate() {
            assert_close(
                &format!("{name}: {what} --target xla output {i}"),
                &tensor(got),
                w,
            );
        }
        eprintln!("{name}: {what} module agrees ({} results)", want.len());
    }
}

#[test]
fn grad_module_agrees_with_parallel_interp() {
    modules_agree("grad", 23, raise::grad::grad, |ex| {
        raise::grad::emit_grad_stablehlo(&ex.module, &ex.spec, &vec![true; ex.inputs.len()])
    });
}

#[test]
fn jvp_module_agrees_with_parallel_interp() {
    modules_agree("jvp", 11, raise::grad::jvp, |ex| {
        raise::grad::emit_jvp_stablehlo(&ex.module, &ex.spec)
    });
}

/// The types listed in `@main(...)` (arguments) and `-> (...)` (results).
fn main_signature(text: &str) -> (Vec<String>, Vec<String>) {
    let line = text
        .lines()
        .find(|l| l.contains("func.func public @main("))
        .expect("@main");
    let (args, rets) = line.split_once(") -> (").expect("-> (");
    let args = args.split_once("@main(").expect("(").1;
    let rets = rets.rsplit_once(") {").expect(") {").0;
    let args = args
        .split(", %")
        .map(|a| a.split_once(": ").expect("arg: type").1.to_string())
        .collect();
    let rets = rets.split(", ").map(str::to_string).collect();
    (args, rets)
}

fn emit_cli(example: &str, extra: &[&str]) -> std::process::Output {
    let dir = root().join("examples").join(example);
    std::process::Command::new(env!("CARGO_BIN_EXE_raise"))
        .args(["emit", dir.join("kernel.O2.ll").to_str().unwrap()])
        .args(["--emit", "stablehlo"])
        .args(["--spec", dir.join("spec.toml").to_str().unwrap()])
        .args(extra)
        .output()
        .unwrap()
}

#[test]
fn emit_grad_cli_signature() {
    // gather_indirect: row_ptr i32[501], col_idx i32[4000], vals f32[4000], x f32[400],
    // y f32[500].
    let types = [
        "tensor<501xi32>",
        "tensor<4000xi32>",
        "tensor<4000xf32>",
        "tensor<400xf32>",
        "tensor<500xf32>",
    ];
    let out = emit_cli("gather_indirect", &["--grad"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let (args, rets) = main_signature(&String::from_utf8(out.stdout).unwrap());
    let twice: Vec<&str> = types.iter().chain(&types).copied().collect();
    assert_eq!(args, twice, "buffers then cotangents");
    assert_eq!(rets, twice, "final buffers then gradients");

    let out = emit_cli("gather_indirect", &["--grad", "--wrt", "x,vals"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let (args, rets) = main_signature(&String::from_utf8(out.stdout).unwrap());
    assert_eq!(args, twice);
    let mut want: Vec<&str> = types.to_vec();
    want.extend(["tensor<4000xf32>", "tensor<400xf32>"]); // spec order: vals, x
    assert_eq!(rets, want, "--wrt keeps spec order");

    let out = emit_cli("gather_indirect", &["--grad", "--wrt", "row_ptr"]);
    assert!(
        !out.status.success(),
        "--wrt of an integer buffer is an error"
    );

    let out = emit_cli("stencil2d", &["--jvp"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let (args, rets) = main_signature(&String::from_utf8(out.stdout).unwrap());
    assert_eq!(args.len(), 4);
    assert_eq!(args, rets, "jvp: buffers then tangents in and out");
}

/// `--wrt` selects gradients in the executed module too: gradients of `x` only.
#[test]
fn emit_grad_wrt_module_runs() {
    let Ok(plugin) = runtime::find_plugin(None) else {
        eprintln!("note: skipping: no PJRT plugin");
        return;
    };
    let pjrt = Pjrt::load(&plugin).expect("plugin loads");
    let ex = load("gather_indirect");
    let keep = raise::grad::parse_wrt(&ex.spec, Some("x")).unwrap();
    let c = random_like(&ex.inputs, 5);
    let (finals, grads) = raise::grad::grad(
        &ex.module,
        &ex.spec,
        ex.inputs.clone(),
        c.clone(),
        Target::ParallelInterp,
        &RunOptions::default(),
    )
    .unwrap();
    let x = ex.spec.buffer_index("x").unwrap();
    let mut want = finals;
    want.push(grads[x].clone());
    let mut args = ex.inputs.clone();
    args.extend(c);
    let text = raise::grad::emit_grad_stablehlo(&ex.module, &ex.spec, &keep).unwrap();
    check_module("gather_indirect --wrt x", &pjrt, None, &text, &args, &want);
}

/// The adjoint of saxpy accumulates with `atomicAdd(&x_bar[i], ..)` at one element per
/// thread: the emitter turns such dense atomics into elementwise adds (no scatter), and
/// the ping-pong stencil's gradient module is slices and elementwise ops only.
#[test]
fn dense_adjoint_atomics_are_elementwise() {
    for name in ["saxpy", "stencil1d_pingpong", "f64_axpy_pow"] {
        let ex = load(name);
        let n = ex.inputs.len();
        let text = raise::grad::emit_grad_stablehlo(&ex.module, &ex.spec, &vec![true; n]).unwrap();
        for op in ["stablehlo.scatter", "stablehlo.gather", "stablehlo.while"] {
            assert!(!text.contains(op), "{name}: gradient module has {op}");
        }
    }
}

/// The 2D stencil at a size its grid fits exactly (64 x 64, blocks 16 x 8): its loads
/// `in[c - nx]`.. reach outside the buffer on masked-off border lanes (a padded box) and
/// its store's index is merged from both branches of an `if` (an affine `if` result),
/// so the primal module has no gather and no scatter; nor has the gradient module (the
/// adjoint's `if`-merged store index is affine under the guard of its use). Primal on
/// xla vs the kernel-IR interpreter, and the gradient module vs parallel-interp.
#[test]
fn stencil2d_exact_fit_is_dense() {
    let tmp = std::env::temp_dir().join(format!("raise-grad-hlo-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    let spec_path = tmp.join("stencil2d.toml");
    std::fs::write(
        &spec_path,
        "[buffers.a]\ndtype = \"f32\"\nshape = [64, 64]\n[buffers.b]\ndtype = \"f32\"\nshape = [64, 64]\n\
         [[launch]]\nkernel = \"stencil2d\"\ngrid = [4, 8]\nblock = [16, 8]\nargs = [64, 64, \"a\", \"b\"]\n",
    )
    .unwrap();
    let spec = raise::spec::load_spec(&spec_path).unwrap();
    let module = driver::load_module(&root().join("examples/stencil2d/kernel.O2.ll")).unwrap();
    let zeros = raise::spec::load_inputs(&spec, None).unwrap();
    let inputs = random_like(&zeros, 3);
    let text = raise::xla::emit_stablehlo(&module, &spec).unwrap();
    for op in ["stablehlo.scatter", "stablehlo.gather", "stablehlo.while"] {
        assert!(!text.contains(op), "stencil2d 64x64 primal has {op}");
    }
    let grad_text = raise::grad::emit_grad_stablehlo(&module, &spec, &[true, true]).unwrap();
    let _ = std::fs::remove_dir_all(&tmp);
    let Ok(plugin) = runtime::find_plugin(None) else {
        eprintln!("note: skipping execution: no PJRT plugin");
        return;
    };
    let pjrt = Pjrt::load(&plugin).expect("plugin loads");
    let opts = RunOptions::default();
    let want = driver::run(&module, &spec, inputs.clone(), Target::Interp, &opts)
        .unwrap()
        .buffers;
    check_module("stencil2d 64x64 primal", &pjrt, None, &text, &inputs, &want);
    let c = random_like(&inputs, 9);
    let (finals, grads) = raise::grad::grad(
        &module,
        &spec,
        inputs.clone(),
        c.clone(),
        Target::ParallelInterp,
        &opts,
    )
    .unwrap();
    let mut want = finals;
    want.extend(grads);
    let mut args = inputs;
    args.extend(c);
    let text = raise::grad::emit_grad_stablehlo(&module, &spec, &[true, true]).unwrap();
    // The adjoint's forward sweep yields the store index from the in-bounds branch and a
    // dummy 0 otherwise; the reverse sweep reads and clears `b_bar` at that index only
    // under the same condition, so the access is a dense box, not a gather/scatter.
    for op in ["stablehlo.scatter", "stablehlo.gather", "stablehlo.while"] {
        assert!(!grad_text.contains(op), "stencil2d 64x64 gradient has {op}");
    }
    check_module("stencil2d 64x64 grad", &pjrt, None, &text, &args, &want);
}
