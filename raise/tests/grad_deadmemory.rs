//! Dead memory in the CPU adjoints (`parallel_ir::autodiff::deadmemory`) end to end:
//! * scan_block's adjoint (from O0, O2 and PTX) no longer re-runs its forward scan in
//!   shared memory (the reverse sweep of a linear scan needs no forward value): no
//!   access of the primal shared buffer and fewer barriers are left, and saxpy's adjoint
//!   neither reads nor writes a primal buffer (so `CpuGrad` copies nothing before it);
//! * `raise grad --target cpu` (`CpuGrad`, the pass on by default) gives the final
//!   buffers and gradients of `xla` on the examples with shared memory and barriers
//!   (from O2; scan_block, saxpy and reduce_shared from O0, O2 and PTX), with the pass
//!   on and off.

mod common;

use common::grad::{assert_close, load_example, random_like};
use common::repo_root as root;
use raise::driver::{self, RunOptions, Target};
use raise::grad::{AdjointPasses, CpuDerivativeOptions, CpuGrad};

fn adjoint_text(example: &str, file: &str, dead_memory: bool) -> Vec<(String, Vec<bool>)> {
    let (module, spec) = load_example(example, file);
    let bound = driver::bind_spec(&module, &spec).unwrap();
    let n = spec.buffers.len();
    bound
        .iter()
        .map(|l| {
            let raised = parallel_ir::raise_kernel(&module, l.kernel).unwrap();
            let passes = AdjointPasses {
                plain_accumulation: true,
                gather: true,
                drop_unread_stores: true,
                dead_memory,
            };
            let (k, _) = raise::grad::adjoint_kernels_for_launch(&raised, l, n, &passes).unwrap();
            let args = raise::grad::shadow_args(&k, &l.params, n);
            let mut touched = raise::grad::read_buffers(&k, &args, n);
            for (t, w) in touched
                .iter_mut()
                .zip(raise::grad::written_buffers(&k, &args, n))
            {
                *t |= w;
            }
            (parallel_ir::print::print_kernel(&k), touched[..n].to_vec())
        })
        .collect()
}

#[test]
fn scan_block_adjoint_drops_its_forward_scan() {
    for file in ["kernel.O0.ll", "kernel.O2.ll", "kernel.ptx"] {
        let before = adjoint_text("scan_block", file, false);
        let after = adjoint_text("scan_block", file, true);
        for ((b, _), (a, _)) in before.iter().zip(&after) {
            assert!(b.contains("store shared0["), "{file}: {b}");
            assert!(!a.contains("shared0["), "{file}: {a}");
            assert!(
                a.matches("barrier").count() < b.matches("barrier").count(),
                "{file}: {a}"
            );
        }
    }
}

#[test]
fn saxpy_adjoint_touches_no_primal_buffer() {
    for file in ["kernel.O0.ll", "kernel.O2.ll", "kernel.ptx"] {
        let before = adjoint_text("saxpy", file, false);
        let after = adjoint_text("saxpy", file, true);
        assert!(before.iter().any(|(_, t)| t.contains(&true)), "{file}");
        for (text, touched) in after {
            assert_eq!(touched, vec![false; 2], "{file}: {text}");
        }
    }
}

#[test]
fn cpu_gradients_with_dead_memory_match_xla() {
    let all = ["kernel.O0.ll", "kernel.O2.ll", "kernel.ptx"];
    for (example, files) in [
        ("scan_block", &all[..]),
        ("saxpy", &all[..]),
        ("reduce_shared", &all[..]),
        ("transpose_shared", &all[1..2]),
        ("bpnn_layerforward_like", &all[1..2]),
        ("matmul_tiled", &all[1..2]),
        ("barrier_loop", &all[1..2]),
        ("softmax_rows", &all[1..2]),
        ("dynamic_shared", &all[1..2]),
        ("gather_indirect", &all[1..]),
    ] {
        for &file in files {
            let (module, spec) = load_example(example, file);
            let dir = root().join("examples").join(example);
            let x = raise::spec::load_inputs(&spec, Some(&dir.join("inputs"))).unwrap();
            let cot = random_like(&x, 31);
            let want = raise::grad::grad(
                &module,
                &spec,
                x.clone(),
                cot.clone(),
                Target::Xla,
                &RunOptions::default(),
            )
            .unwrap();
            for dead_memory in [true, false] {
                let options = CpuDerivativeOptions {
                    dead_memory,
                    ..CpuDerivativeOptions::default()
                };
                let got = CpuGrad::compile(&module, &spec, &options)
                    .unwrap()
                    .run(x.clone(), cot.clone())
                    .unwrap();
                let what = format!("{example} from {file} (dead memory {dead_memory})");
                assert_close(&format!("{what} finals"), &got.0, &want.0);
                assert_close(&format!("{what} grads"), &got.1, &want.1);
            }
        }
        assert!(CpuDerivativeOptions::default().dead_memory);
    }
}
