//! Benchmark: `--target cpu` vs hand-written OpenMP C (bench/openmp/*.c, gcc -O3 -fopenmp)
//! vs `--target interp`, on the matmul, 2-D stencil, reduction and softmax examples.
//!
//! `cargo run --release -p raise --example bench_cpu [reps] [rounds]` prints a Markdown
//! table. Each kernel is compiled once as `raise run --target cpu` compiles it (compile time
//! reported apart) and its C program is started once in serve mode (it sets up its buffers
//! and waits); then `rounds` rounds (default 9) each time `reps` runs (default 5) of the C
//! loop and `reps` runs of the compiled launch, back to back, the order alternating from
//! round to round (C first in even rounds), after one untimed warm-up run of each. A
//! round's ratio is the median of its `reps` cpu times over the median of its `reps` C
//! times; the table gives the median ratio over the rounds, the smallest and largest, and
//! the median over the rounds of each side's round median. Interleaving makes both sides
//! see the same machine state (other jobs on a shared host, frequency, page placement):
//! a verdict comes from the ratio column, not from times taken in separate periods.
//! Between the two sides the bench sleeps [`SETTLE`] so the previous side's OpenMP
//! workers stop spinning (libomp's default block time is 200 ms) and do not steal a core.
//! Per-round ratios and the load average go to stderr; `RAISE_BENCH_OBJ=DIR` writes each
//! compiled kernel's MLIR text and object file to DIR (to read the machine code). The interpreter is far slower,
//! so it is compared with the CPU backend at a small size of the same kernel (one run).
//!
//! `cargo run --release -p raise --example bench_cpu xla [reps] [module]` instead times the
//! examples of the XLA-CPU table (bench/xla/bench_xla.py) at their own spec and inputs:
//! every launch of the spec is compiled once (compile time reported apart), then all
//! launches are run in spec order on the host buffers, `reps` times after one warm-up run;
//! it prints the median wall time of one such run (no buffer copies, no compilation) and
//! whether the warm-up run's outputs match `--target interp` (allclose, rtol 1e-4, atol 1e-5).

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

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

/// Pause between the two sides of a round: longer than libomp's default block time
/// (200 ms), during which the workers of the side that just ran keep spinning.
const SETTLE: Duration = Duration::from_millis(250);

/// One kernel compiled for the CPU backend at one size, with its buffers.
struct CpuBench {
    compiled: lower::cpu::CompiledKernel,
    params: Vec<raise::bind::ParamValue>,
    bufs: Vec<HostBuffer>,
    globals: Vec<Vec<u8>>,
    compile_ms: f64,
}

impl CpuBench {
    fn new(case: &Case, size: usize) -> CpuBench {
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
        let bufs = inputs(&spec);
        let t0 = Instant::now();
        let mut cache = std::collections::HashMap::new();
        let k = raise::cpu::prepare(&module, launch, &mut cache).unwrap_or_else(|d| panic!("{d}"));
        // RAISE_BENCH_DUMP=1 prints the distributed parallel IR of each kernel.
        if std::env::var_os("RAISE_BENCH_DUMP").is_some() {
            eprintln!("{}", parallel_ir::print::print_kernel(&k));
        }
        // As `raise run --target cpu` compiles it (alias scopes, the buffers' sizes).
        let sizes: Vec<usize> = bufs.iter().map(|b| b.data.len()).collect();
        let facts = raise::cpu::privatize_facts(&launch.params, &sizes, false);
        let compiled = lower::cpu::compile_facts(
            &k,
            &launch.config,
            module.globals.len(),
            raise::cpu::distinct_buffers(launch),
            &facts,
        )
        .unwrap_or_else(|d| panic!("{d}"));
        let compile_ms = t0.elapsed().as_secs_f64() * 1e3;
        // RAISE_BENCH_OBJ=DIR writes the MLIR text and the object file of each kernel
        // (DIR/<kernel>-<size>.mlir, .o), to look at the machine code.
        if let Some(dir) = std::env::var_os("RAISE_BENCH_OBJ") {
            let stem = Path::new(&dir).join(format!("{}-{size}", case.name));
            let text = lower::cpu::emit::emit_module_facts(
                &k,
                &launch.config,
                module.globals.len(),
                raise::cpu::distinct_buffers(launch),
                &facts,
            )
            .unwrap_or_else(|d| panic!("{d}"));
            std::fs::write(stem.with_extension("mlir"), text).unwrap_or_else(|e| panic!("{e}"));
            compiled
                .write_object(&stem.with_extension("o"))
                .unwrap_or_else(|d| panic!("{d}"));
        }
        let globals = module
            .globals
            .iter()
            .map(|g| vec![0u8; (g.bytes as usize).max(1)])
            .collect();
        CpuBench {
            compiled,
            params: launch.params.clone(),
            bufs,
            globals,
            compile_ms,
        }
    }

    /// The time (ms) of each of `reps` runs of the compiled launch.
    fn run(&mut self, reps: usize) -> Vec<f64> {
        let gptrs: Vec<*mut u8> = self.globals.iter_mut().map(|g| g.as_mut_ptr()).collect();
        let ptrs: Vec<*mut u8> = self.bufs.iter_mut().map(|b| b.data.as_mut_ptr()).collect();
        let args: Vec<lower::cpu::CpuArg> = self
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
        (0..reps)
            .map(|_| {
                let t = Instant::now();
                unsafe { self.compiled.run(&args, &gptrs) }.unwrap_or_else(|d| panic!("{d}"));
                t.elapsed().as_secs_f64() * 1e3
            })
            .collect()
    }
}

/// (compile ms, median run ms) of the CPU backend: `reps` runs after a warm-up run.
fn time_cpu(case: &Case, size: usize, reps: usize) -> (f64, f64) {
    let mut b = CpuBench::new(case, size);
    b.run(1); // warm-up (first-touch, thread pool start)
    (b.compile_ms, median(b.run(reps)))
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

/// A C program of bench/openmp in serve mode (see its common.h), buffers set up.
struct CBench {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl CBench {
    /// Compile and start the C program of `case`; `None` when gcc or the program fails.
    fn start(case: &Case) -> Option<CBench> {
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
        let mut child = Command::new(&exe)
            .arg(case.c_arg.to_string())
            .arg("0")
            .arg("serve")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .ok()?;
        let stdin = child.stdin.take()?;
        let stdout = BufReader::new(child.stdout.take()?);
        let mut c = CBench {
            child,
            stdin,
            stdout,
        };
        let mut line = String::new();
        c.stdout.read_line(&mut line).ok()?;
        (line.trim() == "ready").then_some(c)
    }

    /// The times (ms) of `reps` runs of the C loop.
    fn run(&mut self, reps: usize) -> Option<Vec<f64>> {
        writeln!(self.stdin, "{reps}").ok()?;
        self.stdin.flush().ok()?;
        let mut line = String::new();
        self.stdout.read_line(&mut line).ok()?;
        let t: Vec<f64> = line
            .split_whitespace()
            .filter_map(|w| w.parse().ok())
            .collect();
        (t.len() == reps).then_some(t)
    }
}

impl Drop for CBench {
    fn drop(&mut self) {
        // End of input ends the program.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The interleaved comparison of one kernel (see the module doc).
struct Rounds {
    compile_ms: f64,
    cpu_ms: f64,
    c_ms: Option<f64>,
    /// cpu / C per round.
    ratios: Vec<f64>,
}

fn interleaved(case: &Case, reps: usize, rounds: usize) -> Rounds {
    let mut c = CBench::start(case);
    let mut cpu = CpuBench::new(case, case.big);
    // Warm-up: first touch of the output buffers, thread pools started.
    cpu.run(1);
    if let Some(cb) = c.as_mut() {
        if cb.run(1).is_none() {
            c = None;
        }
    }
    let (mut cpu_meds, mut c_meds, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
    for r in 0..rounds {
        let mut c_med = None;
        let mut cpu_med = 0.0;
        for side in 0..2 {
            if (side == 0) == (r % 2 == 0) {
                if let Some(cb) = c.as_mut() {
                    std::thread::sleep(SETTLE);
                    c_med = cb.run(reps).map(median);
                }
            } else {
                std::thread::sleep(SETTLE);
                cpu_med = median(cpu.run(reps));
            }
        }
        cpu_meds.push(cpu_med);
        if let Some(m) = c_med {
            c_meds.push(m);
            ratios.push(cpu_med / m);
        }
    }
    Rounds {
        compile_ms: cpu.compile_ms,
        cpu_ms: median(cpu_meds),
        c_ms: (!c_meds.is_empty() && c_meds.len() == rounds).then(|| median(c_meds)),
        ratios,
    }
}

fn loadavg() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "?".into())
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
    let rounds: usize = std::env::args()
        .nth(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(9)
        .max(1);
    println!("| kernel | size | cpu compile ms | cpu run ms (median of {rounds} rounds x {reps}) | OpenMP C ms | cpu / OpenMP (median of rounds) | small size | interp ms | cpu ms | interp / cpu | cpu / OpenMP min-max |");
    println!("|---|---|---|---|---|---|---|---|---|---|---|");
    eprintln!("load average at start: {}", loadavg());
    // RAISE_BENCH_ONLY=stencil2d,reduce runs only those cases.
    let only = std::env::var("RAISE_BENCH_ONLY").ok();
    for case in &cases {
        if let Some(only) = &only {
            if !only.split(',').any(|n| n == case.name) {
                continue;
            }
        }
        let r = interleaved(case, reps, rounds);
        eprintln!(
            "{}: cpu / OpenMP per round: {} (load average {})",
            case.name,
            r.ratios
                .iter()
                .map(|x| format!("{x:.2}"))
                .collect::<Vec<_>>()
                .join(" "),
            loadavg()
        );
        let (_, small_cpu) = time_cpu(case, case.small, reps);
        let interp = time_interp(case, case.small);
        let (ratio, range) = match (r.c_ms, r.ratios.is_empty()) {
            (Some(_), false) => {
                let lo = r.ratios.iter().copied().fold(f64::INFINITY, f64::min);
                let hi = r.ratios.iter().copied().fold(0.0, f64::max);
                (
                    format!("{:.2}x", median(r.ratios.clone())),
                    format!("{lo:.2}-{hi:.2}x"),
                )
            }
            _ => ("n/a".into(), "n/a".into()),
        };
        println!(
            "| {} | {} | {:.0} | {:.2} | {} | {} | {} | {:.1} | {:.3} | {:.0}x | {} |",
            case.name,
            case.big,
            r.compile_ms,
            r.cpu_ms,
            r.c_ms
                .map(|x| format!("{x:.2}"))
                .unwrap_or_else(|| "n/a".into()),
            ratio,
            case.small,
            interp,
            small_cpu,
            interp / small_cpu,
            range
        );
    }
    eprintln!("load average at end: {}", loadavg());
}
