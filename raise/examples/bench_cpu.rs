//! Benchmark: `--target cpu` vs hand-written OpenMP C (bench/openmp/*.c, gcc -O3 -fopenmp)
//! vs `--target interp`, on the matmul, 2-D stencil, reduction and softmax examples.
//!
//! `cargo run --release -p raise --example bench_cpu [reps]` prints a Markdown table. CPU
//! times are the median of `reps` runs of the compiled launch (compile time reported
//! apart); the C programs time their own loop the same way. The interpreter is far slower,
//! so it is compared with the CPU backend at a small size of the same kernel.
//!
//! `cargo run --release -p raise --example bench_cpu xla [reps] [module]` instead times the
//! examples of the XLA-CPU table (bench/xla/bench_xla.py) at their own spec and inputs:
//! every launch of the spec is compiled once (compile time reported apart), then all
//! launches are run in spec order on the host buffers, `reps` times after one warm-up run;
//! it prints the median wall time of one such run (no buffer copies, no compilation) and
//! whether the warm-up run's outputs match `--target interp` (allclose, rtol 1e-4, atol 1e-5).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use raise::buffers::HostBuffer;
use raise::driver::{self, RunOptions, Target};

struct Case {
    name: &'static str,
    example: &'static str,
    c_file: &'static str,
    /// (spec text, description) for a size parameter.
    spec: fn(usize) -> String,
    big: usize,
    small: usize,
    c_arg: usize,
}

fn matmul_spec(n: usize) -> String {
    format!(
        "[buffers.A]\ndtype = \"f32\"\nshape = [{n}, {n}]\n[buffers.B]\ndtype = \"f32\"\nshape = [{n}, {n}]\n\
         [buffers.C]\ndtype = \"f32\"\nshape = [{n}, {n}]\n[[launch]]\nkernel = \"matmul\"\n\
         grid = [{g}, {g}]\nblock = [16, 16]\nargs = [{n}, {n}, {n}, \"A\", \"B\", \"C\"]\n",
        g = n.div_ceil(16)
    )
}

fn stencil_spec(n: usize) -> String {
    format!(
        "[buffers.a]\ndtype = \"f32\"\nshape = [{n}, {n}]\n[buffers.b]\ndtype = \"f32\"\nshape = [{n}, {n}]\n\
         [[launch]]\nkernel = \"stencil2d\"\ngrid = [{gx}, {gy}]\nblock = [16, 8]\nargs = [{n}, {n}, \"a\", \"b\"]\n",
        gx = n.div_ceil(16),
        gy = n.div_ceil(8)
    )
}

fn reduce_spec(n: usize) -> String {
    format!(
        "[buffers.x]\ndtype = \"f32\"\nshape = [{n}]\n[buffers.partial]\ndtype = \"f32\"\nshape = [{p}]\n\
         [[launch]]\nkernel = \"reduce_sum\"\ngrid = [{p}]\nblock = [256]\nargs = [{n}, \"x\", \"partial\"]\n",
        p = n.div_ceil(256)
    )
}

fn softmax_spec(rows: usize) -> String {
    format!(
        "[buffers.x]\ndtype = \"f32\"\nshape = [{rows}, 1024]\n[buffers.y]\ndtype = \"f32\"\nshape = [{rows}, 1024]\n\
         [[launch]]\nkernel = \"softmax_rows\"\ngrid = [{rows}]\nblock = [128]\nargs = [{rows}, 1024, \"x\", \"y\"]\n"
    )
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn inputs(spec: &raise::spec::LaunchSpec) -> Vec<HostBuffer> {
    let mut seed = 1u32;
    spec.buffers
        .iter()
        .map(|b| {
            let mut h = HostBuffer::zeros(b.dtype, &b.shape).unwrap_or_else(|e| panic!("{e}"));
            for c in h.data.chunks_exact_mut(4) {
                seed = seed.wrapping_mul(1664525).wrapping_add(1013904223);
                let x = ((seed >> 8) & 0xffff) as f32 / 65536.0;
                c.copy_from_slice(&x.to_le_bytes());
            }
            h
        })
        .collect()
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

/// (compile ms, median run ms) of the CPU backend.
fn time_cpu(case: &Case, size: usize, reps: usize) -> (f64, f64) {
    let module = driver::load_module(
        &root()
            .join("examples")
            .join(case.example)
            .join("kernel.O2.ll"),
    )
    .unwrap_or_else(|d| panic!("{d}"));
    let spec =
        raise::spec::parse_spec(&(case.spec)(size), "bench").unwrap_or_else(|e| panic!("{e}"));
    let launches = driver::bind_spec(&module, &spec).unwrap_or_else(|d| panic!("{d}"));
    let launch = &launches[0];
    let mut bufs = inputs(&spec);
    let t0 = Instant::now();
    let mut cache = std::collections::HashMap::new();
    let k = raise::cpu::prepare(&module, launch, &mut cache).unwrap_or_else(|d| panic!("{d}"));
    // RAISE_BENCH_DUMP=1 prints the distributed parallel IR of each kernel.
    if std::env::var_os("RAISE_BENCH_DUMP").is_some() {
        eprintln!("{}", parallel_ir::print::print_kernel(&k));
    }
    let compiled = lower::cpu::compile_with(
        &k,
        &launch.config,
        module.globals.len(),
        raise::cpu::distinct_buffers(launch),
    )
    .unwrap_or_else(|d| panic!("{d}"));
    let compile_ms = t0.elapsed().as_secs_f64() * 1e3;
    let mut globals: Vec<Vec<u8>> = module
        .globals
        .iter()
        .map(|g| vec![0u8; (g.bytes as usize).max(1)])
        .collect();
    let gptrs: Vec<*mut u8> = globals.iter_mut().map(|g| g.as_mut_ptr()).collect();
    let mut times = Vec::new();
    for _ in 0..reps + 1 {
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
        unsafe { compiled.run(&args, &gptrs) }.unwrap_or_else(|d| panic!("{d}"));
        times.push(t.elapsed().as_secs_f64() * 1e3);
    }
    times.remove(0); // warm-up (first-touch, thread pool start)
    (compile_ms, median(times))
}

fn time_interp(case: &Case, size: usize) -> f64 {
    let module = driver::load_module(
        &root()
            .join("examples")
            .join(case.example)
            .join("kernel.O2.ll"),
    )
    .unwrap_or_else(|d| panic!("{d}"));
    let spec =
        raise::spec::parse_spec(&(case.spec)(size), "bench").unwrap_or_else(|e| panic!("{e}"));
    let bufs = inputs(&spec);
    let t = Instant::now();
    driver::run(&module, &spec, bufs, Target::Interp, &RunOptions::default())
        .unwrap_or_else(|d| panic!("{d}"));
    t.elapsed().as_secs_f64() * 1e3
}

fn time_c(case: &Case, reps: usize) -> Option<f64> {
    let src = root().join("bench/openmp").join(case.c_file);
    let exe = std::env::temp_dir().join(format!("raise-bench-{}", case.name));
    let ok = Command::new("gcc")
        .args(["-O3", "-march=native", "-fopenmp"])
        .arg(&src)
        .arg("-o")
        .arg(&exe)
        .arg("-lm")
        .status()
        .ok()?
        .success();
    if !ok {
        return None;
    }
    let out = Command::new(&exe)
        .arg(case.c_arg.to_string())
        .arg(reps.to_string())
        .output()
        .ok()?;
    let text = String::from_utf8_lossy(&out.stdout);
    text.split_whitespace().nth(2)?.parse().ok()
}

/// The examples of the XLA-CPU table, in its order.
const XLA_EXAMPLES: [&str; 6] = [
    "saxpy",
    "stencil1d_pingpong",
    "reduce_shared",
    "matmul_tiled",
    "softmax_rows",
    "transpose_shared",
];

/// (compile ms of all launches, median run ms of all launches, whether the warm-up run's
/// outputs match the interpreter's) for one example at its own spec and inputs.
fn time_example(name: &str, module_file: &str, reps: usize) -> (f64, f64, bool) {
    let dir = root().join("examples").join(name);
    let module = driver::load_module(&dir.join(module_file)).unwrap_or_else(|d| panic!("{d}"));
    let spec = raise::spec::load_spec(&dir.join("spec.toml")).unwrap_or_else(|e| panic!("{e}"));
    let inputs_dir = dir.join("inputs");
    let inputs = raise::spec::load_inputs(&spec, inputs_dir.is_dir().then_some(&*inputs_dir))
        .unwrap_or_else(|e| panic!("{e}"));
    let launches = driver::bind_spec(&module, &spec).unwrap_or_else(|d| panic!("{d}"));
    let t0 = Instant::now();
    let mut cache = std::collections::HashMap::new();
    let compiled: Vec<_> = launches
        .iter()
        .map(|l| {
            let k = raise::cpu::prepare(&module, l, &mut cache).unwrap_or_else(|d| panic!("{d}"));
            lower::cpu::compile(&k, &l.config, module.globals.len())
                .unwrap_or_else(|d| panic!("{name}: {d}"))
        })
        .collect();
    let compile_ms = t0.elapsed().as_secs_f64() * 1e3;
    let mut globals: Vec<Vec<u8>> = module
        .globals
        .iter()
        .map(|g| {
            let mut bytes = vec![0u8; (g.bytes as usize).max(1)];
            if g.space != frontend::ir::AddrSpace::Shared {
                if let Some(init) = &g.init {
                    let n = init.len().min(bytes.len());
                    bytes[..n].copy_from_slice(&init[..n]);
                }
            }
            bytes
        })
        .collect();
    let gptrs: Vec<*mut u8> = globals.iter_mut().map(|g| g.as_mut_ptr()).collect();
    let mut bufs = inputs.clone();
    let mut times = Vec::new();
    let mut same = false;
    for rep in 0..reps + 1 {
        let ptrs: Vec<*mut u8> = bufs.iter_mut().map(|b| b.data.as_mut_ptr()).collect();
        let args: Vec<Vec<lower::cpu::CpuArg>> = launches
            .iter()
            .map(|l| {
                l.params
                    .iter()
                    .map(|p| match *p {
                        raise::bind::ParamValue::Bits(b) => lower::cpu::CpuArg::Bits(b),
                        raise::bind::ParamValue::BufferBase(i) => lower::cpu::CpuArg::Ptr(ptrs[i]),
                        raise::bind::ParamValue::BufferOffset(i, o) => {
                            lower::cpu::CpuArg::Ptr(ptrs[i].wrapping_add(o as usize))
                        }
                    })
                    .collect()
            })
            .collect();
        let t = Instant::now();
        for (c, a) in compiled.iter().zip(&args) {
            unsafe { c.run(a, &gptrs) }.unwrap_or_else(|d| panic!("{d}"));
        }
        times.push(t.elapsed().as_secs_f64() * 1e3);
        if rep == 0 {
            // The warm-up run started from the example's inputs: check it.
            let want = driver::run(
                &module,
                &spec,
                inputs.clone(),
                Target::Interp,
                &RunOptions::default(),
            )
            .unwrap_or_else(|d| panic!("{d}"));
            same = want.buffers.iter().zip(&bufs).all(|(w, g)| {
                let (w, g) = (w.to_f64_vec(), g.to_f64_vec());
                // allclose(rtol 1e-4, atol 1e-5), as bench_xla.py compares.
                w.len() == g.len()
                    && w.iter()
                        .zip(&g)
                        .all(|(x, y)| (x - y).abs() <= 1e-5 + 1e-4 * x.abs() || x == y)
            });
        }
    }
    times.remove(0);
    (compile_ms, median(times), same)
}

fn main() {
    if std::env::args().nth(1).as_deref() == Some("xla") {
        let reps: usize = std::env::args()
            .nth(2)
            .and_then(|s| s.parse().ok())
            .unwrap_or(200);
        let module_file = std::env::args()
            .nth(3)
            .unwrap_or_else(|| "kernel.O2.ll".into());
        println!("| example (from {module_file}) | cpu compile ms | cpu run us (median of {reps}) | same as interp |");
        println!("|---|---|---|---|");
        for name in XLA_EXAMPLES {
            let (compile, run, same) = time_example(name, &module_file, reps);
            println!(
                "| {name} | {compile:.0} | {:.1} | {} |",
                run * 1e3,
                if same { "yes" } else { "NO" }
            );
        }
        return;
    }
    let reps: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(5);
    let cases = [
        Case {
            name: "matmul",
            example: "matmul_tiled",
            c_file: "matmul.c",
            spec: matmul_spec,
            big: 1024,
            small: 128,
            c_arg: 1024,
        },
        Case {
            name: "stencil2d",
            example: "stencil2d",
            c_file: "stencil2d.c",
            spec: stencil_spec,
            big: 16384,
            small: 256,
            c_arg: 16384,
        },
        Case {
            name: "reduce",
            example: "reduce_shared",
            c_file: "reduce.c",
            spec: reduce_spec,
            big: 1 << 28,
            small: 1 << 16,
            c_arg: 1 << 28,
        },
        Case {
            name: "softmax",
            example: "softmax_rows",
            c_file: "softmax.c",
            spec: softmax_spec,
            big: 8192,
            small: 64,
            c_arg: 8192,
        },
    ];
    println!("| kernel | size | cpu compile ms | cpu run ms (median of {reps}) | OpenMP C ms | cpu / OpenMP | small size | interp ms | cpu ms | interp / cpu |");
    println!("|---|---|---|---|---|---|---|---|---|---|");
    // RAISE_BENCH_ONLY=stencil2d,reduce runs only those cases.
    let only = std::env::var("RAISE_BENCH_ONLY").ok();
    for case in &cases {
        if let Some(only) = &only {
            if !only.split(',').any(|n| n == case.name) {
                continue;
            }
        }
        let (compile, run) = time_cpu(case, case.big, reps);
        let c = time_c(case, reps);
        let (_, small_cpu) = time_cpu(case, case.small, reps);
        let interp = time_interp(case, case.small);
        println!(
            "| {} | {} | {:.0} | {:.2} | {} | {} | {} | {:.1} | {:.3} | {:.0}x |",
            case.name,
            case.big,
            compile,
            run,
            c.map(|x| format!("{x:.2}")).unwrap_or_else(|| "n/a".into()),
            c.map(|x| format!("{:.2}x", run / x))
                .unwrap_or_else(|| "n/a".into()),
            case.small,
            interp,
            small_cpu,
            interp / small_cpu
        );
    }
}
