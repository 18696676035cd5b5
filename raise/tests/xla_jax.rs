//! The StableHLO modules `raise` emits for real examples, executed by jaxlib
//! (`runtime/tests/jax_exec.py`, an executor we did not write) and by our PJRT runtime
//! (`--target xla`): the results must be bit-identical. Skipped with a note when no
//! plugin or no Python with jax is available (scripts/test.sh sets RAISE_PYTHON).

use std::path::Path;

use raise::driver::{self, RunOptions, Target};
use runtime::{ElementType, HostTensor};

const EXAMPLES: &[(&str, &str)] = &[
    ("stencil1d_pingpong", "kernel.O2.ll"),
    ("reduce_shared", "kernel.O2.ll"),
    ("matmul_tiled", "kernel.O2.ll"),
    ("softmax_rows", "kernel.O2.ll"),
    ("scan_block", "kernel.ptx"),
    ("warp_shuffle_reduce", "kernel.O0.ll"),
    ("histogram_atomic", "kernel.O2.ll"),
    ("int_mix", "kernel.ptx"),
];

#[test]
fn emitted_modules_agree_with_jaxlib() {
    if runtime::find_plugin(None).is_err() {
        eprintln!("note: skipping: no PJRT plugin");
        return;
    }
    let Some(python) = runtime::jax::default_python() else {
        eprintln!("note: skipping: no Python (set RAISE_PYTHON)");
        return;
    };
    if !runtime::jax::has_jax(&python) {
        eprintln!("note: skipping: {} cannot import jax", python.display());
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples");
    for (name, file) in EXAMPLES {
        let dir = root.join(name);
        let module = driver::load_module(&dir.join(file)).expect("module loads");
        let spec = raise::spec::load_spec(&dir.join("spec.toml")).expect("spec loads");
        let inputs = raise::spec::load_inputs(&spec, Some(&dir.join("inputs"))).expect("inputs");
        let text = match raise::xla::emit_stablehlo(&module, &spec) {
            Ok(t) => t,
            Err(d) => panic!("{name}/{file}: emission failed: {d}"),
        };
        let tensors: Vec<HostTensor> = inputs
            .iter()
            .map(|b| {
                let e = ElementType::from_name(b.dtype.name()).expect("dtype");
                HostTensor::new(
                    e,
                    b.shape.iter().map(|&d| d as i64).collect(),
                    b.data.clone(),
                )
                .expect("tensor")
            })
            .collect();
        let ours = driver::run(&module, &spec, inputs, Target::Xla, &RunOptions::default())
            .unwrap_or_else(|d| panic!("{name}/{file}: --target xla failed: {d}"));
        let theirs = runtime::jax::run(&python, &text, &tensors)
            .unwrap_or_else(|e| panic!("{name}/{file}: jax_exec failed: {e}"));
        assert_eq!(ours.buffers.len(), theirs.len(), "{name}");
        for (i, (a, b)) in ours.buffers.iter().zip(&theirs).enumerate() {
            let bdata: Vec<u8> = if b.element == ElementType::Pred {
                b.data.iter().map(|&x| u8::from(x != 0)).collect()
            } else {
                b.data.clone()
            };
            assert_eq!(
                a.data, bdata,
                "{name}/{file}: buffer {i} differs between PJRT and jaxlib"
            );
        }
        eprintln!(
            "{name}/{file}: PJRT and jaxlib agree on {} buffers",
            theirs.len()
        );
    }
}
