//! A/B timing of the CPU backend with and without alias scopes on pointer parameters
//! (`lower::cpu::compile_with(.., distinct_buffers)`): the same prepared kernel compiled
//! both ways, then run interleaved (A B, B A, A B, ...) so machine load hits both alike.
//!
//! `cargo run --release -q -p raise --example scopes_ab [size] [reps]` (default 1024, 21)
//! on stencil2d and transpose_shared; prints the median ms of each variant.
//!
//! Measured 2026-11-23 on the shared 2-core machine (load average ~3.7), medians of
//! 21-41 interleaved runs, kernel only: stencil2d 1024^2 0.49-0.95 ms without scopes vs
//! 0.34-0.78 ms with (scopes ~1.2-1.4x faster), 2048^2 4.09 vs 3.40 ms; transpose_shared
//! 1024^2 1.92-5.71 vs 2.00-5.77 ms, 2048^2 24.4 vs 24.5 ms (no difference); at 4096^2
//! (memory-bound) stencil2d 14.1 vs 14.4 ms, transpose_shared 62.4 vs 63.8 ms. So alias
//! scopes do not slow these kernels down. `grad_bench`'s `grad_steady_state_cpu` with and
//! without `RAISE_BENCH_ALIAS_SCOPES`, two runs each, agrees (primal ms, which include
//! cloning the inputs: stencil2d 2.65 / 2.10 without vs 1.98 / 2.38 with, transpose_shared
//! 12.9 / 11.2 vs 11.1 / 10.7); the 3-5x gap seen earlier came from separate,
//! non-interleaved runs on a loaded machine.

use raise::buffers::HostBuffer;
use raise::driver;
use std::path::{Path, PathBuf};
use std::time::Instant;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let s: usize = a.get(1).and_then(|x| x.parse().ok()).unwrap_or(1024);
    let reps: usize = a.get(2).and_then(|x| x.parse().ok()).unwrap_or(21);
    let cases = [
        (
            "stencil2d",
            format!(
                "[buffers.a]\ndtype = \"f32\"\nshape = [{s}, {s}]\n[buffers.b]\ndtype = \"f32\"\nshape = [{s}, {s}]\n\
                 [[launch]]\nkernel = \"stencil2d\"\ngrid = [{}, {}]\nblock = [16, 8]\nargs = [{s}, {s}, \"a\", \"b\"]\n",
                s / 16,
                s / 8
            ),
        ),
        (
            "transpose_shared",
            format!(
                "[buffers.a]\ndtype = \"f32\"\nshape = [{s}, {s}]\n[buffers.at]\ndtype = \"f32\"\nshape = [{s}, {s}]\n\
                 [[launch]]\nkernel = \"transpose\"\ngrid = [{}, {}]\nblock = [32, 8]\nargs = [{s}, {s}, \"a\", \"at\"]\n",
                s / 32,
                s / 32
            ),
        ),
    ];
    for (ex, spec_text) in cases {
        let module = driver::load_module(&root().join("examples").join(ex).join("kernel.O2.ll"))
            .unwrap_or_else(|d| panic!("{d}"));
        let spec = raise::spec::parse_spec(&spec_text, "ab").unwrap_or_else(|e| panic!("{e}"));
        let launch = &driver::bind_spec(&module, &spec).unwrap_or_else(|d| panic!("{d}"))[0];
        let mut cache = std::collections::HashMap::new();
        let k = raise::cpu::prepare(&module, launch, &mut cache).unwrap_or_else(|d| panic!("{d}"));
        let ng = module.globals.len();
        let variants: Vec<_> = [false, true]
            .iter()
            .map(|&d| {
                lower::cpu::compile_with(&k, &launch.config, ng, d)
                    .unwrap_or_else(|e| panic!("{e}"))
            })
            .collect();
        let mut bufs: Vec<HostBuffer> = spec
            .buffers
            .iter()
            .map(|b| {
                let mut h = HostBuffer::zeros(b.dtype, &b.shape).unwrap_or_else(|e| panic!("{e}"));
                for (i, c) in h.data.chunks_exact_mut(4).enumerate() {
                    c.copy_from_slice(&((i % 97) as f32 * 0.01).to_le_bytes());
                }
                h
            })
            .collect();
        let mut globals: Vec<Vec<u8>> = module
            .globals
            .iter()
            .map(|g| vec![0u8; (g.bytes as usize).max(1)])
            .collect();
        let gptrs: Vec<*mut u8> = globals.iter_mut().map(|g| g.as_mut_ptr()).collect();
        let mut times = [Vec::new(), Vec::new()];
        for r in 0..reps + 1 {
            // Odd repetitions run B first, so neither variant always follows the other.
            let order: [usize; 2] = if r % 2 == 0 { [0, 1] } else { [1, 0] };
            for v in order {
                let c = &variants[v];
                let ptrs: Vec<*mut u8> = bufs.iter_mut().map(|b| b.data.as_mut_ptr()).collect();
                let args: Vec<lower::cpu::CpuArg> = launch
                    .params
                    .iter()
                    .map(|p| match *p {
                        raise::bind::ParamValue::Bits(b) => lower::cpu::CpuArg::Bits(b),
                        raise::bind::ParamValue::BufferBase(i) => lower::cpu::CpuArg::Ptr(ptrs[i]),
                        raise::bind::ParamValue::BufferOffset(i, o) => {
                            lower::cpu::CpuArg::Ptr(ptrs[i].wrapping_add(o as usize))
                        }
                    })
                    .collect();
                let t = Instant::now();
                // SAFETY: the spec's buffers, alive for the call.
                unsafe { c.run(&args, &gptrs) }.unwrap_or_else(|d| panic!("{d}"));
                if r > 0 {
                    times[v].push(t.elapsed().as_secs_f64() * 1e3);
                }
            }
        }
        let (m0, m1) = (median(times[0].clone()), median(times[1].clone()));
        println!(
            "{ex} {s}x{s}: no scopes {m0:.2} ms, scopes {m1:.2} ms (median of {reps}, interleaved in alternating order; min {:.2} / {:.2})",
            times[0].iter().cloned().fold(f64::MAX, f64::min),
            times[1].iter().cloned().fold(f64::MAX, f64::min)
        );
    }
}
