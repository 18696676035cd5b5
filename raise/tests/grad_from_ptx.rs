//! Derivatives of kernels given as PTX. PTX passes pointers as `.param .u64`; the PTX
//! frontend types such parameters as pointers when they are only used as addresses, so
//! the raised kernel knows which buffer each access reaches and can be differentiated
//! like the `.ll` form. The `.ptx` results must equal the `.ll` results (same kernel from
//! the same source), and the `.ll` results are checked against finite differences in
//! grad_jvp.rs / grad_vjp.rs.
//!
//! Not covered: gather_indirect's PTX walks its CSR row with strength-reduced `u64`
//! pointer induction variables (loop-carried integers, not pointers); raising keeps
//! those accesses dynamic and differentiation refuses them (`not-differentiable`,
//! "buffer is not known statically") instead of guessing.

use std::path::{Path, PathBuf};

use raise::buffers::HostBuffer;
use raise::driver::{self, RunOptions, Target};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Buffers with a deterministic, position-dependent pattern in the float ones.
fn pattern_like(bufs: &[HostBuffer], salt: f64) -> Vec<HostBuffer> {
    bufs.iter()
        .map(|b| {
            let mut t = HostBuffer::zeros(b.dtype, &b.shape).unwrap();
            if b.dtype.is_float() {
                for i in 0..t.len() {
                    t.set_f64(i, ((i as f64 * 0.37 + salt).sin() * 4.0).round() / 4.0)
                        .unwrap();
                }
            }
            t
        })
        .collect()
}

fn assert_close(what: &str, a: &[HostBuffer], b: &[HostBuffer]) {
    for (k, (x, y)) in a.iter().zip(b).enumerate() {
        assert_eq!(x.len(), y.len(), "{what}: buffer {k} length");
        for i in 0..x.len() {
            let (p, q) = (x.get_f64(i).unwrap(), y.get_f64(i).unwrap());
            assert!(
                (p - q).abs() <= 1e-5 * (1.0 + p.abs().max(q.abs())),
                "{what}: buffer {k}[{i}]: .ll gives {p}, .ptx gives {q}"
            );
        }
    }
}

fn check(example: &str, target: Target) {
    let dir = root().join("examples").join(example);
    let spec = raise::spec::load_spec(&dir.join("spec.toml")).unwrap();
    let inputs = raise::spec::load_inputs(&spec, Some(&dir.join("inputs"))).unwrap();
    let ll = driver::load_module(&dir.join("kernel.O2.ll")).unwrap();
    let ptx = driver::load_module(&dir.join("kernel.ptx")).unwrap();
    let opts = RunOptions::default();
    let name = target.name();
    let t = pattern_like(&inputs, 0.5);
    let c = pattern_like(&inputs, 1.5);
    let run_jvp = |m| raise::grad::jvp(m, &spec, inputs.clone(), t.clone(), target, &opts);
    let (f_ll, t_ll) = run_jvp(&ll).unwrap_or_else(|e| panic!("{example} .ll jvp {name}: {e}"));
    let (f_ptx, t_ptx) = run_jvp(&ptx).unwrap_or_else(|e| panic!("{example} .ptx jvp {name}: {e}"));
    assert_close(&format!("{example} jvp finals on {name}"), &f_ll, &f_ptx);
    assert_close(&format!("{example} tangents on {name}"), &t_ll, &t_ptx);
    let run_grad = |m| raise::grad::grad(m, &spec, inputs.clone(), c.clone(), target, &opts);
    let (_, g_ll) = run_grad(&ll).unwrap_or_else(|e| panic!("{example} .ll grad {name}: {e}"));
    let (_, g_ptx) = run_grad(&ptx).unwrap_or_else(|e| panic!("{example} .ptx grad {name}: {e}"));
    assert_close(&format!("{example} gradients on {name}"), &g_ll, &g_ptx);
}

macro_rules! ptx_grad_tests {
    ($($name:ident: $ex:literal,)*) => {$(
        #[test]
        fn $name() {
            for target in [Target::ParallelInterp, Target::Cpu] {
                check($ex, target);
            }
        }
    )*};
}

ptx_grad_tests! {
    ptx_grad_saxpy: "saxpy",
    ptx_grad_stencil2d: "stencil2d",
    ptx_grad_stencil1d_pingpong: "stencil1d_pingpong",
    ptx_grad_transpose_shared: "transpose_shared",
    ptx_grad_reduce_shared: "reduce_shared",
    ptx_grad_numba_saxpy: "numba_saxpy",
    ptx_grad_numba_stencil2d: "numba_stencil2d",
    ptx_grad_gather_indirect: "gather_indirect",
}
