//! The StableHLO emitter's lane order (`lower/src/stablehlo/emit.rs`, `choose_order`):
//! a launch without shared memory or warp/block collectives whose first buffer store
//! walks the buffer in another order than the default (block z, y, x, thread z, y, x)
//! runs its lanes in that order, so that its row-major 2-D accesses become slices.
//!
//! Launches that take the other order: stencil2d and numba_stencil2d on 96 x 64 (6 x 8
//! blocks of 16 x 8 cover it exactly; the examples' own 90 x 60 does not, so they keep
//! the default order), and `raise/tests/data/xla_lane_order/kernel.cu` (`mix2d`: slices,
//! a data-dependent gather, a thread-local array with a data-dependent index and an atomic
//! histogram around the same store). For each, the primal on `--target xla` agrees with
//! the kernel-IR interpreter (bit for bit for the stencils, whose arithmetic XLA does not
//! reorder; integers always), and the gradient and JVP modules, run by our PJRT runtime
//! and by jaxlib (when available), agree with `--target parallel-interp` (f32 within
//! `1e-5` of the largest magnitude, integers exactly). The stencils' primal and gradient
//! modules have no transpose, gather, scatter or while at all; the gradient module adds
//! into the cotangent with one `select` per neighbour over the whole buffer.

mod common;

use std::path::{Path, PathBuf};

use common::grad::random_like;
use common::repo_root as root;
use raise::buffers::HostBuffer;
use raise::driver::{self, RunOptions, Target};
use runtime::{ElementType, HostTensor, Pjrt};

fn stencil_spec(args: &str) -> String {
    format!(
        "[buffers.a]\ndtype = \"f32\"\nshape = [64, 96]\n[buffers.b]\ndtype = \"f32\"\nshape = [64, 96]\n\
         [[launch]]\nkernel = \"stencil2d\"\ngrid = [6, 8]\nblock = [16, 8]\nargs = [{args}]\n"
    )
}

struct Case {
    name: &'static str,
    module: PathBuf,
    spec: raise::spec::LaunchSpec,
    inputs: Vec<HostBuffer>,
    /// The modules have no transpose, gather, scatter or while.
    slices_only: bool,
}

fn cases() -> Vec<Case> {
    let ex = |n: &str| root().join("examples").join(n).join("kernel.O2.ll");
    let parse = |text: &str| raise::spec::parse_spec(text, "test spec").expect("spec");
    let mut v = Vec::new();
    for (name, module, args) in [
        ("stencil2d", ex("stencil2d"), "96, 64, \"a\", \"b\""),
        ("numba_stencil2d", ex("numba_stencil2d"), "\"a\", \"b\""),
    ] {
        let spec = parse(&stencil_spec(args));
        let inputs = random_like(&raise::spec::load_inputs(&spec, None).unwrap(), 5);
        v.push(Case {
            name,
            module,
            spec,
            inputs,
            slices_only: true,
        });
    }
    let dir = root().join("raise/tests/data/xla_lane_order");
    let spec = raise::spec::load_spec(&dir.join("spec.toml")).expect("spec");
    let mut inputs = random_like(&raise::spec::load_inputs(&spec, None).unwrap(), 9);
    // idx: in-range, scattered element indices of in.
    let n = inputs[1].len();
    for i in 0..n {
        inputs[1].set_f64(i, ((i * 2654435761) % n) as f64).unwrap();
    }
    v.push(Case {
        name: "mix2d",
        module: dir.join("kernel.O2.ll"),
        spec,
        inputs,
        slices_only: false,
    });
    v
}

fn tensor(b: &HostBuffer) -> HostTensor {
    let e = ElementType::from_name(b.dtype.name()).expect("dtype");
    HostTensor::new(
        e,
        b.shape.iter().map(|&d| d as i64).collect(),
        b.data.clone(),
    )
    .expect("tensor")
}

/// `got` against `want`: integers exactly, floats exactly when `exact`, else within
/// `1e-5` (f32) / `1e-12` (f64) of `want`'s largest magnitude.
fn assert_close(ctx: &str, got: &[u8], want: &HostBuffer, exact: bool) {
    assert_eq!(got.len(), want.data.len(), "{ctx}: byte size");
    if !want.dtype.is_float() || exact {
        if got != want.data.as_slice() {
            let g = HostBuffer {
                data: got.to_vec(),
                ..want.clone()
            };
            let (g, w) = (g.to_f64_vec(), want.to_f64_vec());
            let i = (0..w.len()).find(|&i| g[i].to_bits() != w[i].to_bits());
            panic!(
                "{ctx}: differs first at {i:?}: {:?} vs {:?}",
                i.map(|i| g[i]),
                i.map(|i| w[i])
            );
        }
        return;
    }
    let g = HostBuffer {
        data: got.to_vec(),
        ..want.clone()
    }
    .to_f64_vec();
    let w = want.to_f64_vec();
    let scale = w.iter().fold(1.0f64, |m, x| m.max(x.abs()));
    let tol = if want.dtype == raise::buffers::DType::F64 {
        1e-12
    } else {
        1e-5
    } * scale;
    for (i, (a, b)) in g.iter().zip(&w).enumerate() {
        assert!(
            (a - b).abs() <= tol,
            "{ctx}[{i}]: {a} vs {b} (tolerance {tol})"
        );
    }
}

fn pjrt() -> Option<Pjrt> {
    let Ok(plugin) = runtime::find_plugin(None) else {
        eprintln!("note: skipping: no PJRT plugin");
        return None;
    };
    Some(Pjrt::load(&plugin).expect("plugin loads"))
}

fn jax_python() -> Option<PathBuf> {
    let python = runtime::jax::default_python()?;
    if runtime::jax::has_jax(&python) {
        Some(python)
    } else {
        eprintln!(
            "note: skipping jaxlib: {} cannot import jax",
            python.display()
        );
        None
    }
}

/// Counts of the ops that the lane order is there to avoid.
fn heavy_ops(text: &str) -> Vec<(&'static str, usize)> {
    [
        "stablehlo.transpose",
        "stablehlo.gather",
        "stablehlo.scatter",
        "stablehlo.while",
    ]
    .into_iter()
    .map(|op| (op, text.matches(op).count()))
    .filter(|&(_, k)| k > 0)
    .collect()
}

#[test]
fn primal_on_xla_matches_the_interpreter() {
    if pjrt().is_none() {
        return;
    }
    let opts = RunOptions::default();
    for c in cases() {
        let module = driver::load_module(&c.module).unwrap();
        let text = raise::xla::emit_stablehlo(&module, &c.spec).unwrap();
        if c.slices_only {
            assert_eq!(heavy_ops(&text), vec![], "{}: primal module", c.name);
        }
        let run = |t| {
            driver::run(&module, &c.spec, c.inputs.clone(), t, &opts)
                .unwrap_or_else(|e| panic!("{}: {t:?}: {e}", c.name))
                .buffers
        };
        let (want, got) = (run(Target::Interp), run(Target::Xla));
        for (i, (g, w)) in got.iter().zip(&want).enumerate() {
            let ctx = format!("{}: buffer {i}", c.name);
            assert_close(&ctx, &g.data, w, c.slices_only);
        }
    }
}

type Derivative = fn(
    &frontend::ir::Module,
    &raise::spec::LaunchSpec,
    Vec<HostBuffer>,
    Vec<HostBuffer>,
    Target,
    &RunOptions,
) -> Result<(Vec<HostBuffer>, Vec<HostBuffer>), frontend::Diagnostic>;

/// The derivative module (`emit`) through PJRT and jaxlib, and the derivative on
/// `--target xla`, against the derivative on parallel-interp.
fn derivative_agrees(
    what: &str,
    derivative: Derivative,
    emit: fn(&frontend::ir::Module, &raise::spec::LaunchSpec) -> String,
) {
    let Some(pjrt) = pjrt() else { return };
    let python = jax_python();
    let opts = RunOptions::default();
    for c in cases() {
        let module = driver::load_module(&c.module).unwrap();
        let shadows = random_like(&c.inputs, 17);
        let run = |t| {
            derivative(
                &module,
                &c.spec,
                c.inputs.clone(),
                shadows.clone(),
                t,
                &opts,
            )
            .unwrap_or_else(|e| panic!("{}: {what} on {t:?}: {e}", c.name))
        };
        let (finals, derivs) = run(Target::ParallelInterp);
        let mut want = finals;
        want.extend(derivs);
        let text = emit(&module, &c.spec);
        if c.slices_only {
            assert_eq!(heavy_ops(&text), vec![], "{}: {what} module", c.name);
        }
        let mut args: Vec<HostTensor> = c.inputs.iter().map(tensor).collect();
        args.extend(shadows.iter().map(tensor));
        let exe = pjrt.compile(&text).expect("compile");
        let ours = exe.execute(&args).expect("execute");
        let theirs = python
            .as_deref()
            .map(|p: &Path| runtime::jax::run(p, &text, &args).expect("jax_exec"));
        let (f2, d2) = run(Target::Xla);
        let on_xla: Vec<HostBuffer> = f2.into_iter().chain(d2).collect();
        assert_eq!(ours.len(), want.len(), "{}: {what} result count", c.name);
        for (i, w) in want.iter().enumerate() {
            let ctx = format!("{}: {what} result {i}", c.name);
            assert_close(&format!("{ctx} (PJRT)"), &ours[i].data, w, false);
            assert_close(&format!("{ctx} (--target xla)"), &on_xla[i].data, w, false);
            if let Some(t) = &theirs {
                assert_close(&format!("{ctx} (jaxlib)"), &t[i].data, w, false);
            }
        }
        eprintln!("{}: {what} agrees ({} results)", c.name, want.len());
    }
}

#[test]
fn grad_module_matches_parallel_interp() {
    derivative_agrees("grad", raise::grad::grad, |m, s| {
        raise::grad::emit_grad_stablehlo(m, s, &vec![true; s.buffers.len()]).expect("emit")
    });
}

#[test]
fn jvp_module_matches_parallel_interp() {
    derivative_agrees("jvp", raise::grad::jvp, |m, s| {
        raise::grad::emit_jvp_stablehlo(m, s).expect("emit")
    });
}

/// The gradient of stencil2d adds each neighbour's share into the cotangent of `a` with
/// one elementwise `select` over the whole buffer (`pad` moves values and mask into
/// place): no `dynamic_update_slice`, no padded copy of the cotangent, no padded i1.
#[test]
fn stencil2d_grad_accumulates_with_whole_buffer_selects() {
    let c = cases().into_iter().next().expect("stencil2d");
    let module = driver::load_module(&c.module).unwrap();
    let text = raise::grad::emit_grad_stablehlo(&module, &c.spec, &[true, true]).unwrap();
    let count = |s: &str| text.matches(s).count();
    assert_eq!(count("dynamic_update_slice"), 0);
    // Masks move as i8 (XLA's CPU kernels do not vectorize loops that pad i1 tensors).
    let i1_pads: Vec<&str> = text
        .lines()
        .filter(|l| l.contains("stablehlo.pad") && l.contains("xi1>"))
        .collect();
    assert!(i1_pads.is_empty(), "{i1_pads:?}");
    // The primal's branch merge and store, the zeroing of b's cotangent, a's boundary and
    // interior shares, then one per neighbour.
    let whole = format!("tensor<{}xi1>, tensor<{}xf32>", 64 * 96, 64 * 96);
    assert_eq!(
        text.lines()
            .filter(|l| l.contains("stablehlo.select") && l.contains(&whole))
            .count(),
        9,
        "{text}"
    );
}
