//! Timing of differentiation (ignored by default; run with
//! `cargo test --release -p raise --test grad_bench -- --ignored --nocapture`):
//! per example and raised target, the median wall time of 3 in-process calls of
//! `driver::run` (primal), `grad::jvp` and `grad::grad`, each end to end (raising,
//! transformation, compilation on cpu/xla, execution, buffer copies), and the ratios.
//!
//! `grad_steady_state_xla` (also ignored) measures execution only on xla: the primal,
//! JVP and gradient modules of scaled copies of the examples, each compiled once
//! (`RAISE_BENCH_ONLY=a,b` restricts the examples). `grad_steady_state_cpu` does the same
//! on cpu: each launch's primal, JVP and adjoint kernels compiled once, then the programs
//! `raise run/jvp/grad --target cpu` execute, timed without compilation.

use std::path::Path;
use std::time::Instant;

use raise::driver::{self, RunOptions, Target};

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

fn time(f: &mut dyn FnMut()) -> f64 {
    median(
        (0..3)
            .map(|_| {
                let t = Instant::now();
                f();
                t.elapsed().as_secs_f64() * 1e3
            })
            .collect(),
    )
}

#[test]
#[ignore]
fn grad_bench_table() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    println!(
        "| example | target | primal (ms) | jvp (ms) | grad (ms) | jvp/primal | grad/primal |"
    );
    println!("|---|---|---|---|---|---|---|");
    for ex in [
        "saxpy",
        "stencil1d_pingpong",
        "stencil2d",
        "f64_axpy_pow",
        "transpose_shared",
        "bpnn_layerforward_like",
        "device_call",
        "float4_copy",
        "gather_indirect",
        "reduce_shared",
        "scan_block",
        "barrier_loop",
    ] {
        let dir = root.join("examples").join(ex);
        let spec = raise::spec::load_spec(&dir.join("spec.toml")).unwrap();
        let module = driver::load_module(&dir.join("kernel.O2.ll")).unwrap();
        let inputs = raise::spec::load_inputs(&spec, Some(&dir.join("inputs"))).unwrap();
        let opts = RunOptions::default();
        for target in [Target::ParallelInterp, Target::Cpu, Target::Xla] {
            let p = time(&mut || {
                driver::run(&module, &spec, inputs.clone(), target, &opts).unwrap();
            });
            let j = time(&mut || {
                raise::grad::jvp(
                    &module,
                    &spec,
                    inputs.clone(),
                    inputs.clone(),
                    target,
                    &opts,
                )
                .unwrap();
            });
            let g = time(&mut || {
                raise::grad::grad(
                    &module,
                    &spec,
                    inputs.clone(),
                    inputs.clone(),
                    target,
                    &opts,
                )
                .unwrap();
            });
            println!(
                "| {ex} | {} | {p:.1} | {j:.1} | {g:.1} | {:.2} | {:.2} |",
                target.name(),
                j / p,
                g / p
            );
        }
    }
}

/// A scaled copy of an example: its size label and spec text.
struct Scaled {
    example: &'static str,
    /// `(label, spec text)`.
    spec: (String, String),
}

fn scaled_cases() -> Vec<Scaled> {
    let n = 1 << 20;
    let f = |example: &'static str, label: String, spec: String| Scaled {
        example,
        spec: (label, spec),
    };
    let mut v = vec![
        f("saxpy", format!("n = {n}"), format!(
            "[buffers.x]\ndtype = \"f32\"\nshape = [{n}]\n[buffers.y]\ndtype = \"f32\"\nshape = [{n}]\n\
             [[launch]]\nkernel = \"saxpy\"\ngrid = [{}]\nblock = [256]\nargs = [{n}, 2.0, \"x\", \"y\"]\n",
            n / 256
        )),
        f("f64_axpy_pow", format!("n = {n}"), format!(
            "[buffers.x]\ndtype = \"f64\"\nshape = [{n}]\n[buffers.y]\ndtype = \"f64\"\nshape = [{n}]\n\
             [buffers.z]\ndtype = \"f64\"\nshape = [{n}]\n\
             [[launch]]\nkernel = \"axpy_pow\"\ngrid = [{}]\nblock = [128]\nargs = [{n}, -0.75, \"x\", \"y\", \"z\"]\n",
            n / 128
        )),
        f("reduce_shared", format!("n = {n}"), format!(
            "[buffers.x]\ndtype = \"f32\"\nshape = [{n}]\n[buffers.partial]\ndtype = \"f32\"\nshape = [{}]\n\
             [[launch]]\nkernel = \"reduce_sum\"\ngrid = [{}]\nblock = [256]\nargs = [{n}, \"x\", \"partial\"]\n",
            n / 256,
            n / 256
        )),
        f("device_call", format!("n = {n}"), format!(
            "[buffers.x]\ndtype = \"f32\"\nshape = [{}]\n[buffers.y]\ndtype = \"f32\"\nshape = [{n}]\n\
             [[launch]]\nkernel = \"smooth\"\ngrid = [{}]\nblock = [256]\nargs = [{n}, 0.5, \"x\", \"y\"]\n",
            n + 2,
            n / 256
        )),
        f("float4_copy", format!("n = {} x 4", n / 4), format!(
            "[buffers.src]\ndtype = \"f32\"\nshape = [{m}, 4]\n[buffers.dst]\ndtype = \"f32\"\nshape = [{m}, 4]\n\
             [[launch]]\nkernel = \"scale_float4\"\ngrid = [{}]\nblock = [256]\nargs = [{m}, 3.0, \"src\", \"dst\"]\n",
            n / 4 / 256,
            m = n / 4
        )),
        f("scan_block", format!("n = {n}"), format!(
            "[buffers.x]\ndtype = \"f32\"\nshape = [{n}]\n[buffers.y]\ndtype = \"f32\"\nshape = [{n}]\n\
             [[launch]]\nkernel = \"scan_block\"\ngrid = [{}]\nblock = [256]\nargs = [{n}, \"x\", \"y\"]\n",
            n / 256
        )),
    ];
    let mut pp = format!(
        "[buffers.x]\ndtype = \"f32\"\nshape = [{n}]\n[buffers.y]\ndtype = \"f32\"\nshape = [{n}]\n"
    );
    for (a, b) in [("x", "y"), ("y", "x")] {
        pp.push_str(&format!(
            "[[launch]]\nkernel = \"stencil1d\"\ngrid = [{}]\nblock = [256]\nargs = [{n}, \"{a}\", \"{b}\"]\n",
            n / 256
        ));
    }
    v.push(f("stencil1d_pingpong", format!("n = {n}, 2 launches"), pp));
    let s = 1024;
    v.push(f("stencil2d", format!("{s} x {s}"), format!(
        "[buffers.a]\ndtype = \"f32\"\nshape = [{s}, {s}]\n[buffers.b]\ndtype = \"f32\"\nshape = [{s}, {s}]\n\
         [[launch]]\nkernel = \"stencil2d\"\ngrid = [{}, {}]\nblock = [16, 8]\nargs = [{s}, {s}, \"a\", \"b\"]\n",
        s / 16,
        s / 8
    )));
    v.push(f("transpose_shared", format!("{s} x {s}"), format!(
        "[buffers.a]\ndtype = \"f32\"\nshape = [{s}, {s}]\n[buffers.at]\ndtype = \"f32\"\nshape = [{s}, {s}]\n\
         [[launch]]\nkernel = \"transpose\"\ngrid = [{}, {}]\nblock = [32, 8]\nargs = [{s}, {s}, \"a\", \"at\"]\n",
        s / 32,
        s / 32
    )));
    let (rows, per) = (1 << 16, 8);
    v.push(f("gather_indirect", format!("{rows} rows x {per} nnz"), format!(
        "[buffers.row_ptr]\ndtype = \"i32\"\nshape = [{}]\n[buffers.col_idx]\ndtype = \"i32\"\nshape = [{nnz}]\n\
         [buffers.vals]\ndtype = \"f32\"\nshape = [{nnz}]\n[buffers.x]\ndtype = \"f32\"\nshape = [{rows}]\n\
         [buffers.y]\ndtype = \"f32\"\nshape = [{rows}]\n\
         [[launch]]\nkernel = \"spmv_csr\"\ngrid = [{}]\nblock = [128]\nargs = [{rows}, \"row_ptr\", \"col_idx\", \"vals\", \"x\", \"y\"]\n",
        rows + 1,
        rows / 128,
        nnz = rows * per
    )));
    v
}

/// Inputs for a scaled spec: floats in [0.5, 1.5) (positive, for f64_axpy_pow's power),
/// CSR structure for gather_indirect (8 entries a row, scattered columns).
fn scaled_inputs(spec: &raise::spec::LaunchSpec) -> Vec<raise::buffers::HostBuffer> {
    let mut seed = 7u64;
    let mut next = || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((seed >> 11) as f64 / (1u64 << 53) as f64) * 2.0 - 1.0
    };
    spec.buffers
        .iter()
        .map(|b| {
            let mut h = raise::buffers::HostBuffer::zeros(b.dtype, &b.shape).unwrap();
            let len = h.len();
            for i in 0..len {
                let v = match b.name.as_str() {
                    "row_ptr" => (i * 8) as f64,
                    "col_idx" => ((i * 7919) % (len / 8)) as f64,
                    _ => next() * 0.5 + 1.0,
                };
                h.set_f64(i, v).unwrap();
            }
            h
        })
        .collect()
}

/// Steady state on xla: compile the primal, JVP and gradient modules once each, then
/// time execution only (the fastest of 15 interleaved `execute` calls after 2 warm-ups,
/// host copies in and out included) at scaled sizes.
#[test]
#[ignore]
fn grad_steady_state_xla() {
    use runtime::{ElementType, HostTensor, Pjrt};
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let pjrt = Pjrt::load(&runtime::find_plugin(None).unwrap()).unwrap();
    let tmp = std::env::temp_dir().join(format!("raise-grad-bench-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    println!("{}", pjrt.describe());
    println!("| example | size | primal (ms) | jvp (ms) | grad (ms) | jvp/primal | grad/primal |");
    println!("|---|---|---|---|---|---|---|");
    let only = std::env::var("RAISE_BENCH_ONLY").ok();
    for case in scaled_cases() {
        if only
            .as_deref()
            .is_some_and(|o| !o.split(',').any(|x| x == case.example))
        {
            continue;
        }
        let dir = root.join("examples").join(case.example);
        let spec_path = tmp.join(format!("{}.toml", case.example));
        std::fs::write(&spec_path, &case.spec.1).unwrap();
        let spec = raise::spec::load_spec(&spec_path).unwrap();
        let module = driver::load_module(&dir.join("kernel.O2.ll")).unwrap();
        let inputs = scaled_inputs(&spec);
        let n = inputs.len();
        let tensors = |bufs: &[raise::buffers::HostBuffer]| -> Vec<HostTensor> {
            bufs.iter()
                .map(|b| {
                    HostTensor::new(
                        ElementType::from_name(b.dtype.name()).unwrap(),
                        b.shape.iter().map(|&d| d as i64).collect(),
                        b.data.clone(),
                    )
                    .unwrap()
                })
                .collect()
        };
        let primal_args = tensors(&inputs);
        let mut shadow_args = primal_args.clone();
        shadow_args.extend(tensors(&inputs));
        let texts = [
            raise::xla::emit_stablehlo(&module, &spec).unwrap(),
            raise::grad::emit_jvp_stablehlo(&module, &spec).unwrap(),
            raise::grad::emit_grad_stablehlo(&module, &spec, &vec![true; n]).unwrap(),
        ];
        let exes: Vec<_> = texts.iter().map(|t| pjrt.compile(t).unwrap()).collect();
        let args = |k: usize| if k == 0 { &primal_args } else { &shadow_args };
        for (k, exe) in exes.iter().enumerate() {
            for _ in 0..2 {
                exe.execute(args(k)).unwrap();
            }
        }
        // Interleaved, so that background load hits the three alike; the minimum is the
        // least disturbed run.
        let mut times = vec![Vec::new(); 3];
        for _ in 0..15 {
            for (k, exe) in exes.iter().enumerate() {
                let t = Instant::now();
                exe.execute(args(k)).unwrap();
                times[k].push(t.elapsed().as_secs_f64() * 1e3);
            }
        }
        let ms: Vec<f64> = times
            .into_iter()
            .map(|v| v.into_iter().fold(f64::INFINITY, f64::min))
            .collect();
        println!(
            "| {} | {} | {:.2} | {:.2} | {:.2} | {:.2} | {:.2} |",
            case.example,
            case.spec.0,
            ms[0],
            ms[1],
            ms[2],
            ms[1] / ms[0],
            ms[2] / ms[0]
        );
    }
    let _ = std::fs::remove_dir_all(&tmp);
}

/// One launch's kernel compiled for the CPU, with its arguments (buffer indices into the
/// program's buffer list, shadows at `n + j`).
struct CpuLaunch {
    exe: lower::cpu::CompiledKernel,
    args: Vec<raise::bind::ParamValue>,
}

impl CpuLaunch {
    fn run(&self, bufs: &mut [raise::buffers::HostBuffer], globals: &mut [Vec<u8>]) {
        use lower::cpu::CpuArg;
        use raise::bind::ParamValue;
        let bases: Vec<*mut u8> = bufs.iter_mut().map(|b| b.data.as_mut_ptr()).collect();
        let args: Vec<CpuArg> = self
            .args
            .iter()
            .map(|p| match *p {
                ParamValue::Bits(b) => CpuArg::Bits(b),
                ParamValue::BufferBase(i) => CpuArg::Ptr(bases[i]),
                ParamValue::BufferOffset(i, off) => {
                    CpuArg::Ptr(bases[i].wrapping_add(off as usize))
                }
            })
            .collect();
        let gptrs: Vec<*mut u8> = globals.iter_mut().map(|g| g.as_mut_ptr()).collect();
        // SAFETY: the spec's buffers (and their shadows, same sizes) and the module's
        // globals, alive for the call; the accesses within them are the spec's contract.
        unsafe { self.exe.run(&args, &gptrs).unwrap() };
    }
}

/// The arguments of a derivative kernel as `raise::grad` binds them: the original ones,
/// then for each pointer parameter the shadow of its buffer (`j` -> `n + j`).
fn cpu_shadow_args(
    kernel: &parallel_ir::ir::Kernel,
    args: &[raise::bind::ParamValue],
    n: usize,
) -> Vec<raise::bind::ParamValue> {
    use raise::bind::ParamValue;
    let mut out = args.to_vec();
    for (i, t) in parallel_ir::autodiff::tangent_params(kernel)
        .into_iter()
        .take(args.len())
        .enumerate()
    {
        if t.is_some() {
            out.push(match args[i] {
                ParamValue::BufferBase(j) => ParamValue::BufferBase(n + j),
                ParamValue::BufferOffset(j, off) => ParamValue::BufferOffset(n + j, off),
                other => other,
            });
        }
    }
    out
}

/// Steady state on cpu: for every launch, the primal kernel as `raise run --target cpu`
/// prepares it (barrier elimination, distribution), and the raised kernel, its JVP and
/// its adjoint (specialised to the launch, race-free atomics made plain) prepared as
/// `raise::grad` runs them (`grad::adjoint_for_launch`, `grad::prepare_cpu`), each
/// compiled once (MLIR JIT, no alias scopes; set
/// `RAISE_BENCH_ATOMIC_ADJOINTS` to keep every adjoint atomic, for an A/B comparison);
/// then the three programs are timed without compilation: primal = copy the inputs and
/// run the launches; JVP = copy inputs and tangents, run the JVP launches; gradient =
/// `raise::grad`'s schedule (before each primal launch copy the buffers that it, a later
/// launch or its adjoint overwrites, and run it; then last launch first run the adjoint on
/// those copies, the other buffers lent from the final state, plus the cotangents,
/// zeroing integer cotangents). Fastest of 15 interleaved calls after 2 warm-ups, at the xla scaled sizes.
/// The gradient is checked against `raise::grad --target cpu` on the same inputs.
#[test]
#[ignore]
fn grad_steady_state_cpu() {
    use raise::buffers::HostBuffer;
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let tmp = std::env::temp_dir().join(format!("raise-grad-bench-cpu-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    println!("| example | size | primal (ms) | jvp (ms) | grad (ms) | jvp/primal | grad/primal |");
    println!("|---|---|---|---|---|---|---|");
    let only = std::env::var("RAISE_BENCH_ONLY").ok();
    for case in scaled_cases() {
        if only
            .as_deref()
            .is_some_and(|o| !o.split(',').any(|x| x == case.example))
        {
            continue;
        }
        let dir = root.join("examples").join(case.example);
        let spec_path = tmp.join(format!("{}.toml", case.example));
        std::fs::write(&spec_path, &case.spec.1).unwrap();
        let spec = raise::spec::load_spec(&spec_path).unwrap();
        let module = driver::load_module(&dir.join("kernel.O2.ll")).unwrap();
        let inputs = scaled_inputs(&spec);
        let n = inputs.len();
        let ng = module.globals.len();
        let bound = driver::bind_spec(&module, &spec).unwrap();
        let mut cache = std::collections::HashMap::new();
        let (mut primal, mut forward, mut jvps, mut adjoints) =
            (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        let (mut primal_writes, mut adjoint_writes) = (Vec::new(), Vec::new());
        for l in &bound {
            let cfg = &l.config;
            // Compiled as `raise::grad` compiles: without alias scopes (`raise run --target
            // cpu` adds them when the launch binds distinct buffers:
            // `RAISE_BENCH_ALIAS_SCOPES=1` does too, for an A/B comparison).
            let scopes = std::env::var("RAISE_BENCH_ALIAS_SCOPES").is_ok();
            // Global atomic adds privatized as `raise run` (integers) and `raise::grad`
            // (floats too) privatize them (`RAISE_BENCH_NO_PRIVATIZE`: never, for an A/B).
            let sizes: Vec<usize> = inputs.iter().chain(&inputs).map(|b| b.data.len()).collect();
            let no_priv = std::env::var("RAISE_BENCH_NO_PRIVATIZE").is_ok();
            let compile =
                |k: &parallel_ir::ir::Kernel, args: Vec<raise::bind::ParamValue>, floats: bool| {
                    let mut seen = std::collections::HashSet::new();
                    let distinct = scopes
                        && args.iter().all(|p| match p {
                            raise::bind::ParamValue::BufferBase(i)
                            | raise::bind::ParamValue::BufferOffset(i, _) => seen.insert(*i),
                            raise::bind::ParamValue::Bits(_) => true,
                        });
                    let facts = if no_priv {
                        lower::cpu::PrivatizeFacts::default()
                    } else {
                        raise::cpu::privatize_facts(&args, &sizes, floats)
                    };
                    CpuLaunch {
                        exe: lower::cpu::compile_facts(k, cfg, ng, distinct, &facts).unwrap(),
                        args,
                    }
                };
            let k = raise::cpu::prepare(&module, l, &mut cache).unwrap();
            primal.push(compile(&k, l.params.clone(), false));
            // The derivative program's kernels, prepared as `raise::grad` prepares them.
            let raised = parallel_ir::raise_kernel(&module, l.kernel).unwrap();
            primal_writes.push(raise::grad::written_buffers(&raised, &l.params, n));
            let f = raise::grad::prepare_cpu(&raised, cfg).unwrap();
            forward.push(compile(&f, l.params.clone(), true));
            let scalars: Vec<Option<u64>> = l
                .params
                .iter()
                .map(|p| match *p {
                    raise::bind::ParamValue::Bits(b) => Some(b),
                    _ => None,
                })
                .collect();
            let plain = std::env::var("RAISE_BENCH_ATOMIC_ADJOINTS").is_err();
            {
                // Which of the adjoint's atomics become plain (printed to stderr).
                let mut k =
                    parallel_ir::autodiff::vjp_kernel_for_launch(&raised, cfg, &scalars).unwrap();
                let args = cpu_shadow_args(&k, &l.params, n);
                let opts = parallel_ir::autodiff::accumulate::AccumulateOptions {
                    grid: cfg.grid,
                    block: cfg.block,
                    param_buffers: args
                        .iter()
                        .map(|a| match *a {
                            raise::bind::ParamValue::BufferBase(j) => Some((j, 0)),
                            raise::bind::ParamValue::BufferOffset(j, o) => Some((j, o)),
                            raise::bind::ParamValue::Bits(_) => None,
                        })
                        .collect(),
                };
                if std::env::var("RAISE_BENCH_DUMP").is_ok() {
                    eprintln!("{}", parallel_ir::print::print_kernel(&k));
                }
                let r = parallel_ir::autodiff::accumulate::plain_accumulation(&mut k, &opts);
                eprintln!(
                    "{}: {} global atomic adds of the adjoint made plain, {} kept{}",
                    case.example,
                    r.rewritten.len(),
                    r.kept.len(),
                    r.kept
                        .iter()
                        .map(|(_, why)| format!("\n  kept: {why}"))
                        .collect::<String>()
                );
            }
            for (reverse, out) in [(false, &mut jvps), (true, &mut adjoints)] {
                let d = if reverse {
                    raise::grad::adjoint_for_launch(&raised, l, n, plain).unwrap()
                } else {
                    parallel_ir::autodiff::jvp_kernel_for_launch(&raised, cfg, &scalars).unwrap()
                };
                let args = cpu_shadow_args(&d, &l.params, n);
                if reverse {
                    adjoint_writes.push(raise::grad::written_buffers(&d, &args, n));
                }
                let d = raise::grad::prepare_cpu(&d, cfg).unwrap();
                out.push(compile(&d, args, true));
            }
        }
        let fresh_globals = || -> Vec<Vec<u8>> {
            module
                .globals
                .iter()
                .map(|g| {
                    let mut bytes = vec![0u8; (g.bytes as usize).max(1)];
                    if g.space != frontend::ir::AddrSpace::Shared {
                        if let Some(init) = &g.init {
                            let m = init.len().min(bytes.len());
                            bytes[..m].copy_from_slice(&init[..m]);
                        }
                    }
                    bytes
                })
                .collect()
        };
        let zero_ints = |bufs: &mut [HostBuffer]| {
            for b in bufs {
                if !b.dtype.is_float() {
                    b.data.iter_mut().for_each(|x| *x = 0);
                }
            }
        };
        let mut globals = fresh_globals();
        let run_primal = |globals: &mut Vec<Vec<u8>>| {
            let mut bufs = inputs.clone();
            for l in &primal {
                l.run(&mut bufs, globals);
            }
            bufs
        };
        let run_jvp = |globals: &mut Vec<Vec<u8>>| {
            let mut bufs = inputs.clone();
            let mut t = inputs.clone();
            zero_ints(&mut t);
            bufs.extend(t);
            for l in &jvps {
                l.run(&mut bufs, globals);
            }
            bufs
        };
        // `raise::grad`'s schedule: copies of the buffers a later launch or the adjoint
        // overwrites, the others lent from the final state.
        let copy = raise::grad::saved_buffers(&primal_writes, &adjoint_writes);
        let run_grad = |globals: &mut Vec<Vec<u8>>| {
            let mut state = inputs.clone();
            let mut saved = Vec::with_capacity(forward.len());
            for (l, c) in forward.iter().zip(&copy) {
                saved.push(
                    state
                        .iter()
                        .zip(c)
                        .map(|(b, &c)| {
                            if c {
                                b.clone()
                            } else {
                                HostBuffer {
                                    dtype: b.dtype,
                                    shape: b.shape.clone(),
                                    data: Vec::new(),
                                }
                            }
                        })
                        .collect::<Vec<_>>(),
                );
                l.run(&mut state, globals);
            }
            let mut cot = inputs.clone();
            zero_ints(&mut cot);
            for ((l, before), c) in adjoints.iter().zip(saved).zip(&copy).rev() {
                let mut all = before;
                for (j, _) in c.iter().enumerate().filter(|(_, &c)| !c) {
                    all[j].data = std::mem::take(&mut state[j].data);
                }
                all.extend(cot);
                l.run(&mut all, globals);
                cot = all.split_off(n);
                for (j, _) in c.iter().enumerate().filter(|(_, &c)| !c) {
                    state[j].data = std::mem::take(&mut all[j].data);
                }
                zero_ints(&mut cot);
            }
            (state, cot)
        };
        // The compiled gradient program agrees with `raise::grad` on cpu.
        let (finals, grads) = run_grad(&mut globals);
        let (want_f, want_g) = raise::grad::grad(
            &module,
            &spec,
            inputs.clone(),
            inputs.clone(),
            Target::Cpu,
            &RunOptions::default(),
        )
        .unwrap();
        // (Within 1e-5 of the buffer's largest magnitude: atomics accumulate in any order.)
        for (got, want) in finals
            .iter()
            .chain(&grads)
            .zip(want_f.iter().chain(&want_g))
        {
            let (g, w) = (got.to_f64_vec(), want.to_f64_vec());
            let scale = w.iter().fold(1.0f64, |m, x| m.max(x.abs()));
            let err = g
                .iter()
                .zip(&w)
                .fold(0.0f64, |m, (a, b)| m.max((a - b).abs()));
            assert!(
                err <= 1e-5 * scale,
                "{}: compiled program vs grad: {err}",
                case.example
            );
        }
        for _ in 0..2 {
            run_primal(&mut globals);
            run_jvp(&mut globals);
            run_grad(&mut globals);
        }
        let mut times = vec![Vec::new(); 3];
        for _ in 0..15 {
            let t = Instant::now();
            std::hint::black_box(run_primal(&mut globals));
            times[0].push(t.elapsed().as_secs_f64() * 1e3);
            let t = Instant::now();
            std::hint::black_box(run_jvp(&mut globals));
            times[1].push(t.elapsed().as_secs_f64() * 1e3);
            let t = Instant::now();
            std::hint::black_box(run_grad(&mut globals));
            times[2].push(t.elapsed().as_secs_f64() * 1e3);
        }
        let ms: Vec<f64> = times
            .into_iter()
            .map(|v| v.into_iter().fold(f64::INFINITY, f64::min))
            .collect();
        println!(
            "| {} | {} | {:.2} | {:.2} | {:.2} | {:.2} | {:.2} |",
            case.example,
            case.spec.0,
            ms[0],
            ms[1],
            ms[2],
            ms[1] / ms[0],
            ms[2] / ms[0]
        );
    }
    let _ = std::fs::remove_dir_all(&tmp);
}
