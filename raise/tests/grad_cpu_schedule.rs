//! The CPU reverse schedule (`raise::grad::CpuGrad`):
//! * the last launch runs only as its adjoint, which keeps the forward body's stores
//!   (`CpuDerivativeOptions::fuse_last`; only where the adjoint rereads the launch's
//!   inputs: gather_indirect, matmul_tiled, softmax_rows, not the linear saxpy,
//!   scan_block, stencil1d_pingpong): the final buffers and gradients are `xla`'s,
//!   with fusion on and off, for single launches (in place: saxpy's `y = a x + y`), two
//!   launches (stencil1d_pingpong: only the second is fused, the first is restored from
//!   a copy), shared memory and barriers (scan_block, reduce_shared, matmul_tiled), data-
//!   dependent loops (gather_indirect), from O2 and (some) O0 and PTX;
//! * cotangents of integer buffers come back zero (given nonzero), whether or not an
//!   adjoint touches them (int_mix's adjoint zeroes its integer outputs' shadows,
//!   gather_indirect's touches none, so they are zeroed once).

mod common;

use common::grad::{assert_close, load_example, random_like, random_like_with_ints};
use common::repo_root as root;
use raise::driver::{self, RunOptions, Target};
use raise::grad::{CpuDerivativeOptions, CpuGrad};

#[test]
fn fused_last_launch_matches_xla() {
    let all = ["kernel.O0.ll", "kernel.O2.ll", "kernel.ptx"];
    for (example, files) in [
        ("saxpy", &all[..]),
        ("gather_indirect", &all[..]),
        ("scan_block", &all[..]),
        ("stencil1d_pingpong", &all[1..2]),
        ("reduce_shared", &all[1..2]),
        ("matmul_tiled", &all[1..2]),
        ("f64_axpy_pow", &all[1..2]),
        ("softmax_rows", &all[1..2]),
    ] {
        for &file in files {
            let (module, spec) = load_example(example, file);
            let dir = root().join("examples").join(example);
            let x = raise::spec::load_inputs(&spec, Some(&dir.join("inputs"))).unwrap();
            let cot = random_like(&x, 41);
            let want = raise::grad::grad(
                &module,
                &spec,
                x.clone(),
                cot.clone(),
                Target::Xla,
                &RunOptions::default(),
            )
            .unwrap();
            for fuse_last in [true, false] {
                let options = CpuDerivativeOptions {
                    fuse_last,
                    ..CpuDerivativeOptions::default()
                };
                let program = CpuGrad::compile(&module, &spec, &options).unwrap();
                // Fused when it pays: the adjoint rereads the launch's inputs (not the
                // linear ones, whose adjoints read no primal buffer).
                let pays = match example {
                    "gather_indirect" | "matmul_tiled" | "softmax_rows" => Some(true),
                    "saxpy" | "scan_block" | "stencil1d_pingpong" => Some(false),
                    _ => None,
                };
                if let Some(pays) = pays {
                    assert_eq!(
                        program.fused_last(),
                        fuse_last && pays,
                        "{example} from {file}"
                    );
                }
                // Twice: a compiled program runs any number of times.
                for _ in 0..2 {
                    let got = program.run(x.clone(), cot.clone()).unwrap();
                    let what = format!("{example} from {file} (fused {fuse_last})");
                    assert_close(&format!("{what} finals"), &got.0, &want.0);
                    assert_close(&format!("{what} grads"), &got.1, &want.1);
                }
            }
        }
    }
    assert!(CpuDerivativeOptions::default().fuse_last);
}

#[test]
fn integer_cotangents_come_back_zero() {
    for example in ["int_mix", "gather_indirect"] {
        let (module, spec) = load_example(example, "kernel.O2.ll");
        let dir = root().join("examples").join(example);
        let x = raise::spec::load_inputs(&spec, Some(&dir.join("inputs"))).unwrap();
        let cot = random_like_with_ints(&x, 43);
        assert!(cot
            .iter()
            .any(|b| !b.dtype.is_float() && b.data.iter().any(|&v| v != 0)));
        let finals = driver::run(
            &module,
            &spec,
            x.clone(),
            Target::Interp,
            &RunOptions::default(),
        )
        .unwrap()
        .buffers;
        let program = CpuGrad::compile(&module, &spec, &CpuDerivativeOptions::default()).unwrap();
        let (got, grads) = program.run(x.clone(), cot.clone()).unwrap();
        assert_close(&format!("{example} finals"), &got, &finals);
        for (b, g) in spec.buffers.iter().zip(&grads) {
            if !b.dtype.is_float() {
                assert!(
                    g.data.iter().all(|&v| v == 0),
                    "{example}: grad of {}",
                    b.name
                );
            }
        }
        // The same on the host schedule (parallel-interp).
        let (_, grads) = raise::grad::grad(
            &module,
            &spec,
            x,
            cot,
            Target::ParallelInterp,
            &RunOptions::default(),
        )
        .unwrap();
        for (b, g) in spec.buffers.iter().zip(&grads) {
            if !b.dtype.is_float() {
                assert!(
                    g.data.iter().all(|&v| v == 0),
                    "{example}: grad of {}",
                    b.name
                );
            }
        }
    }
}
