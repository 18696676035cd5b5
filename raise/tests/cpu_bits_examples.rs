//! Every example on `--target cpu` equals `--target interp` bit for bit, from its -O0 and
//! -O2 LLVM IR and its PTX, at its own spec and inputs: distribution (per-thread arrays,
//! recomputation chosen by the min cut in `parallel_ir::transforms::remat`, carried values
//! loaded and stored where they are used) must not change a single bit.

mod common;

use raise::driver::{self, RunOptions, Target};

#[test]
fn every_example_on_cpu_equals_interp_bit_for_bit() {
    let mut ran = 0;
    let mut on_cpu = 0;
    let mut failures = Vec::new();
    for ex in common::examples() {
        let name = ex
            .file_name()
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_default();
        let spec = raise::spec::load_spec(&ex.join("spec.toml")).unwrap_or_else(|e| panic!("{e}"));
        let inputs_dir = ex.join("inputs");
        let inputs = raise::spec::load_inputs(&spec, inputs_dir.is_dir().then_some(&*inputs_dir))
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        for file in ["kernel.O0.ll", "kernel.O2.ll", "kernel.ptx"] {
            let path = ex.join(file);
            if !path.exists() {
                continue;
            }
            ran += 1;
            let module =
                driver::load_module(&path).unwrap_or_else(|d| panic!("{name} {file}: {d}"));
            let opts = RunOptions::default();
            let want = driver::run(&module, &spec, inputs.clone(), Target::Interp, &opts)
                .unwrap_or_else(|d| panic!("{name} {file} interp: {d}"));
            let got = match driver::run(&module, &spec, inputs.clone(), Target::Cpu, &opts) {
                Ok(g) => g,
                Err(d) => {
                    failures.push(format!("{name} {file}: cpu: {d}"));
                    continue;
                }
            };
            if got.notes.is_empty() {
                on_cpu += 1;
            }
            for (i, (g, w)) in got.buffers.iter().zip(&want.buffers).enumerate() {
                if g.data != w.data {
                    let pos = g
                        .data
                        .iter()
                        .zip(&w.data)
                        .position(|(a, b)| a != b)
                        .unwrap_or(0);
                    failures.push(format!("{name} {file}: buffer {i} differs at byte {pos}"));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(ran >= 40, "only {ran} modules found");
    assert!(
        on_cpu * 10 >= ran * 9,
        "{on_cpu} of {ran} ran on the CPU backend"
    );
}
