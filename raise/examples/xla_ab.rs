//! A/B timing of StableHLO modules on the PJRT CPU plugin, as `grad_bench`'s
//! `grad_steady_state_xla` times them (each module compiled once, then `execute` with
//! host copies in and out), but interleaved over several modules so that machine load
//! hits them alike: `cargo run --release -q -p raise --example xla_ab -- [reps] A.mlir
//! B.mlir ...` (default 31 rounds after 2 warm-ups) prints per module the minimum and
//! median ms. Arguments are filled with values in [0.5, 1.5) (floats) or zeros.
//!
//! Write the modules with `raise emit K.ll --spec S --emit stablehlo [--grad]`, from two
//! builds for an A/B. On the shared 2-core machine (load average 7-9, 2026-11-26, the
//! PJRT CPU plugin), stencil2d at 1024 x 1024 before and after the per-launch lane order
//! and i8 store masks (`lower/src/stablehlo`), 81 interleaved rounds, three runs:
//! grad/primal of the minima 3.12 / 2.80 / 2.55 before, 2.01 / 2.28 / 2.12 after.
//! `execute` includes the host copies in and out, which are most of the time here
//! (perf: an identity module on the primal's 2 buffers takes 4.4 ms, on the gradient's
//! 4 buffers 9.1 ms); CPU time in XLA's kernels alone, perf-sampled: primal 1.78 -> 1.38
//! ms, gradient 8.06 -> 4.01 ms.

use runtime::{ElementType, HostTensor, Pjrt};
use std::time::Instant;

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let reps = match args.first().and_then(|a| a.parse::<usize>().ok()) {
        Some(r) => {
            args.remove(0);
            r
        }
        None => 31,
    };
    let pjrt = Pjrt::load(&runtime::find_plugin(None).expect("plugin")).expect("load");
    let mut exes = Vec::new();
    for path in &args {
        let text = std::fs::read_to_string(path).expect("read module");
        let exe = pjrt.compile(&text).expect("compile");
        let params = exe.parameters().expect("signature").to_vec();
        let inputs: Vec<HostTensor> = params
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let p = p.as_ref().expect("static parameter type");
                let dims: Vec<i64> = p.dims.iter().map(|d| d.expect("static dim")).collect();
                let n: i64 = dims.iter().product();
                let data: Vec<u8> = match p.element {
                    ElementType::F32 => (0..n)
                        .flat_map(|j| (0.5 + ((j * 7 + i as i64) % 97) as f32 / 97.0).to_le_bytes())
                        .collect(),
                    ElementType::F64 => (0..n)
                        .flat_map(|j| (0.5 + ((j * 7 + i as i64) % 97) as f64 / 97.0).to_le_bytes())
                        .collect(),
                    e => vec![0u8; n as usize * e.byte_size()],
                };
                HostTensor::new(p.element, dims, data).expect("tensor")
            })
            .collect();
        exes.push((exe, inputs));
    }
    for (exe, inputs) in &exes {
        for _ in 0..2 {
            exe.execute(inputs).expect("execute");
        }
    }
    let mut times = vec![Vec::new(); exes.len()];
    for r in 0..reps {
        for k in 0..exes.len() {
            // Alternate the order each round.
            let k = if r % 2 == 0 { k } else { exes.len() - 1 - k };
            let (exe, inputs) = &exes[k];
            let t = Instant::now();
            exe.execute(inputs).expect("execute");
            times[k].push(t.elapsed().as_secs_f64() * 1e3);
        }
    }
    for (path, mut t) in args.iter().zip(times) {
        t.sort_by(|a, b| a.total_cmp(b));
        println!(
            "{path}: min {:.2} ms, median {:.2} ms",
            t[0],
            t[t.len() / 2]
        );
    }
}
