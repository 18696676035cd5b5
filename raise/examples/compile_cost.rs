//! Where the CPU backend's compile time and code size go.
//!
//! `cargo run --release -p raise --example compile_cost [reps] [case,case...]` compiles
//! each case `reps` times (default 3) and prints, for the compilation with the median
//! total time, the stages as `lower::cpu::stats` counts them: MLIR text size, our
//! emission, MLIR parse, MLIR pass pipeline, LLVM translation and JIT set-up ("engine"),
//! LLVM -O3 and machine code ("codegen", forced at compile time here; `raise` otherwise
//! pays it at the first run), and the split x loops, segment leaves and loop-body copies
//! emitted. The cases are the gradient programs (`raise::grad::CpuGrad`, as `raise grad
//! --target cpu` compiles them) of stencil2d, numba_stencil2d, stencil1d_pingpong and
//! device_call at their example specs and at grad_bench's scaled sizes (there also the JVP
//! programs, `raise::grad::CpuJvp`), and the primal
//! kernels of `bench_cpu` at its sizes (`raise::cpu::CpuProgram`, as `raise run --target
//! cpu`). `RAISE_COST_KERNELS` adds a line per kernel (ms from parse to machine code,
//! MLIR KiB). A case filter matches names containing it, or equal to it after a `=`. `RAISE_BENCH_NO_GATHER` compiles the gradients without the gather form.

use std::path::{Path, PathBuf};
use std::time::Instant;

use lower::cpu::stats::{self, CompileStats};
use raise::driver;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

enum Program {
    Grad,
    Jvp,
    Primal,
}

struct Case {
    name: String,
    example: &'static str,
    module: &'static str,
    spec: String,
    program: Program,
}

fn example_spec(example: &str) -> String {
    std::fs::read_to_string(root().join("examples").join(example).join("spec.toml"))
        .unwrap_or_else(|e| panic!("{example}: {e}"))
}

fn cases() -> Vec<Case> {
    let mut v = Vec::new();
    for ex in [
        "stencil2d",
        "numba_stencil2d",
        "stencil1d_pingpong",
        "device_call",
    ] {
        v.push(Case {
            name: format!("grad {ex}"),
            example: ex,
            module: "kernel.O2.ll",
            spec: example_spec(ex),
            program: Program::Grad,
        });
    }
    let n = 1 << 20;
    let s = 1024;
    let mut pp = format!(
        "[buffers.x]\ndtype = \"f32\"\nshape = [{n}]\n[buffers.y]\ndtype = \"f32\"\nshape = [{n}]\n"
    );
    for (a, b) in [("x", "y"), ("y", "x")] {
        pp.push_str(&format!(
            "[[launch]]\nkernel = \"stencil1d\"\ngrid = [{}]\nblock = [256]\nargs = [{n}, \"{a}\", \"{b}\"]\n",
            n / 256
        ));
    }
    let scaled = [
        (
            "stencil2d",
            format!(
                "[buffers.a]\ndtype = \"f32\"\nshape = [{s}, {s}]\n[buffers.b]\ndtype = \"f32\"\nshape = [{s}, {s}]\n\
                 [[launch]]\nkernel = \"stencil2d\"\ngrid = [{}, {}]\nblock = [16, 8]\nargs = [{s}, {s}, \"a\", \"b\"]\n",
                s / 16,
                s / 8
            ),
        ),
        ("stencil1d_pingpong", pp),
        (
            "device_call",
            format!(
                "[buffers.x]\ndtype = \"f32\"\nshape = [{}]\n[buffers.y]\ndtype = \"f32\"\nshape = [{n}]\n\
                 [[launch]]\nkernel = \"smooth\"\ngrid = [{}]\nblock = [256]\nargs = [{n}, 0.5, \"x\", \"y\"]\n",
                n + 2,
                n / 256
            ),
        ),
    ];
    for (ex, spec) in scaled {
        v.push(Case {
            name: format!("grad {ex} (scaled)"),
            example: ex,
            module: "kernel.O2.ll",
            spec: spec.clone(),
            program: Program::Grad,
        });
        v.push(Case {
            name: format!("jvp {ex} (scaled)"),
            example: ex,
            module: "kernel.O2.ll",
            spec,
            program: Program::Jvp,
        });
    }
    // bench_cpu's primal kernels at its sizes.
    let m = 1024;
    let st = 16384;
    let r = 1usize << 28;
    let rows = 8192;
    let primal = [
        (
            "matmul",
            "matmul_tiled",
            format!(
                "[buffers.A]\ndtype = \"f32\"\nshape = [{m}, {m}]\n[buffers.B]\ndtype = \"f32\"\nshape = [{m}, {m}]\n\
                 [buffers.C]\ndtype = \"f32\"\nshape = [{m}, {m}]\n[[launch]]\nkernel = \"matmul\"\n\
                 grid = [{g}, {g}]\nblock = [16, 16]\nargs = [{m}, {m}, {m}, \"A\", \"B\", \"C\"]\n",
                g = m / 16
            ),
        ),
        (
            "stencil2d",
            "stencil2d",
            format!(
                "[buffers.a]\ndtype = \"f32\"\nshape = [{st}, {st}]\n[buffers.b]\ndtype = \"f32\"\nshape = [{st}, {st}]\n\
                 [[launch]]\nkernel = \"stencil2d\"\ngrid = [{}, {}]\nblock = [16, 8]\nargs = [{st}, {st}, \"a\", \"b\"]\n",
                st / 16,
                st / 8
            ),
        ),
        (
            "reduce",
            "reduce_shared",
            format!(
                "[buffers.x]\ndtype = \"f32\"\nshape = [{r}]\n[buffers.partial]\ndtype = \"f32\"\nshape = [{p}]\n\
                 [[launch]]\nkernel = \"reduce_sum\"\ngrid = [{p}]\nblock = [256]\nargs = [{r}, \"x\", \"partial\"]\n",
                p = r / 256
            ),
        ),
        (
            "softmax",
            "softmax_rows",
            format!(
                "[buffers.x]\ndtype = \"f32\"\nshape = [{rows}, 1024]\n[buffers.y]\ndtype = \"f32\"\nshape = [{rows}, 1024]\n\
                 [[launch]]\nkernel = \"softmax_rows\"\ngrid = [{rows}]\nblock = [128]\nargs = [{rows}, 1024, \"x\", \"y\"]\n"
            ),
        ),
    ];
    for (name, ex, spec) in primal {
        v.push(Case {
            name: format!("primal {name} (bench_cpu)"),
            example: ex,
            module: "kernel.O2.ll",
            spec,
            program: Program::Primal,
        });
    }
    v
}

fn compile(case: &Case) -> (f64, CompileStats) {
    let module = driver::load_module(&root().join("examples").join(case.example).join(case.module))
        .unwrap_or_else(|d| panic!("{d}"));
    let spec = raise::spec::parse_spec(&case.spec, "spec").unwrap_or_else(|e| panic!("{e}"));
    let options = raise::grad::CpuDerivativeOptions {
        gather: std::env::var_os("RAISE_BENCH_NO_GATHER").is_none(),
        ..Default::default()
    };
    stats::take();
    let t = Instant::now();
    match case.program {
        Program::Grad => {
            std::hint::black_box(
                raise::grad::CpuGrad::compile(&module, &spec, &options)
                    .unwrap_or_else(|d| panic!("{d}")),
            );
        }
        Program::Jvp => {
            std::hint::black_box(
                raise::grad::CpuJvp::compile(&module, &spec, &options)
                    .unwrap_or_else(|d| panic!("{d}")),
            );
        }
        Program::Primal => {
            std::hint::black_box(
                raise::cpu::CpuProgram::compile(&module, &spec).unwrap_or_else(|d| panic!("{d}")),
            );
        }
    }
    (t.elapsed().as_secs_f64() * 1e3, stats::take())
}

fn main() {
    let reps: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(3)
        .max(1);
    let only = std::env::args().nth(2);
    stats::enable();
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!("load average: {}", load.trim());
    println!("| program | total ms | kernels | MLIR KiB | emit ms | parse ms | passes ms | engine ms | codegen ms | split loops | segments | body copies |");
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|");
    for case in cases() {
        if only.as_deref().is_some_and(|o| {
            !o.split(',').any(|x| match x.strip_prefix('=') {
                Some(exact) => case.name == exact,
                None => case.name.contains(x),
            })
        }) {
            continue;
        }
        let mut runs: Vec<(f64, CompileStats)> = (0..reps).map(|_| compile(&case)).collect();
        runs.sort_by(|a, b| a.0.total_cmp(&b.0));
        let (ms, s) = &runs[runs.len() / 2];
        let m = |x: f64| x * 1e3;
        println!(
            "| {} | {:.0} | {} | {:.0} | {:.0} | {:.0} | {:.0} | {:.0} | {:.0} | {} | {} | {} |",
            case.name,
            ms,
            s.kernels,
            s.text_bytes as f64 / 1024.0,
            m(s.emit_s),
            m(s.parse_s),
            m(s.passes_s),
            m(s.engine_s),
            m(s.codegen_s),
            s.split_loops,
            s.segments,
            s.body_copies
        );
        if std::env::var_os("RAISE_COST_KERNELS").is_some() {
            for (name, bytes, secs) in &s.per_kernel {
                println!(
                    "|   {name} | {:.0} | | {:.0} |",
                    secs * 1e3,
                    *bytes as f64 / 1024.0
                );
            }
        }
    }
}
