//! Kernel-IR interpreter throughput: executed instructions per second (all threads
//! together) on example kernels at larger sizes, from `.ll` (-O0, -O2) and `.ptx`.
//!
//! `cargo bench -p frontend --bench interp` (`INTERP_BENCH_ITERS`, default 3; the best
//! run is reported). Results go into BENCHMARKS.md.

use std::path::Path;
use std::time::Instant;

use frontend::interp::{launch, LaunchConfig, Memory};

struct Case {
    example: &'static str,
    kernel: &'static str,
    grid: [u32; 3],
    block: [u32; 3],
    /// Buffer sizes in f32 elements; parameters are scalars (i32) then buffers.
    buffers: &'static [usize],
    scalars: &'static [u64],
    what: &'static str,
}

const CASES: &[Case] = &[
    Case {
        example: "matmul_tiled",
        kernel: "matmul",
        grid: [16, 16, 1],
        block: [16, 16, 1],
        buffers: &[256 * 256, 256 * 256, 256 * 256],
        scalars: &[256, 256, 256],
        what: "256x256x256 tiled matmul",
    },
    Case {
        example: "stencil2d",
        kernel: "stencil2d",
        grid: [32, 64, 1],
        block: [16, 8, 1],
        buffers: &[512 * 512, 512 * 512],
        scalars: &[512, 512],
        what: "512x512 5-point stencil",
    },
    Case {
        example: "reduce_shared",
        kernel: "reduce_sum",
        grid: [256, 1, 1],
        block: [256, 1, 1],
        buffers: &[1 << 20, 256],
        scalars: &[1 << 20],
        what: "2^20-element block reduction",
    },
];

fn main() {
    let iters: usize = std::env::var("INTERP_BENCH_ITERS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3);
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples");
    println!("| kernel | input | threads | instructions | best time | M instr/s |");
    println!("|---|---|---|---|---|---|");
    for case in CASES {
        for form in ["kernel.O0.ll", "kernel.O2.ll", "kernel.ptx"] {
            let path = root.join(case.example).join(form);
            let module = match frontend::load_module(&path) {
                Ok(m) => m,
                Err(e) => {
                    eprintln!("{}: {e}", path.display());
                    std::process::exit(1);
                }
            };
            let kernel = match module.find_kernel(case.kernel) {
                Ok(k) => k,
                Err(e) => {
                    eprintln!("{e}");
                    std::process::exit(1);
                }
            };
            let config = LaunchConfig {
                grid: case.grid,
                block: case.block,
                dynamic_shared_bytes: 0,
            };
            let mut best = f64::INFINITY;
            let mut steps = 0;
            for _ in 0..iters {
                let mut memory = Memory::new(&module);
                let mut params: Vec<u64> = case.scalars.to_vec();
                for (i, &n) in case.buffers.iter().enumerate() {
                    let data: Vec<u8> = (0..n)
                        .flat_map(|j| (((j * 7 + i) % 13) as f32 * 0.25).to_le_bytes())
                        .collect();
                    params.push(memory.add_buffer("b", data));
                }
                let start = Instant::now();
                if let Err(e) = launch(&module, kernel, &config, &params, &mut memory) {
                    eprintln!("{}: {e}", path.display());
                    std::process::exit(1);
                }
                best = best.min(start.elapsed().as_secs_f64());
                steps = memory.executed_steps();
            }
            let threads: u32 = case.grid.iter().chain(&case.block).product();
            println!(
                "| {} | {} ({form}) | {threads} | {:.1} M | {:.3} s | {:.0} |",
                case.example,
                case.what,
                steps as f64 / 1e6,
                best,
                steps as f64 / best / 1e6
            );
        }
    }
}
