//! Randomized differential test of the CPU backend and of the derivative programs, on
//! random float launch programs (`parallel_ir/tests/kgen/float.rs`: 1-D and 2-D ragged
//! launches, guards and boundary branches, stencils, shared-memory staging with
//! barriers, tree reductions, counted and CSR loops, atomics, integer index buffers,
//! in-place and ping-pong multi-launch programs). Per program:
//! * primal: `raise::cpu::CpuProgram` equals the kernel-IR interpreter bit for bit;
//!   buffers that float atomics update are compared within `1e-4` of the buffer's
//!   largest magnitude instead (the CPU runs blocks in parallel, so the adds' order, and
//!   with it their rounding, differs from the interpreter's);
//! * the same launches compiled with streaming stores forced on (`StreamLimits` of one
//!   byte through `PrivatizeFacts::stream`) and float atomics privatized: bit for bit
//!   again (atomic buffers within rounding);
//! * reverse mode: `raise::grad::CpuGrad` with the default options (every pass on) and
//!   with every optional pass off, `--target parallel-interp` and (where the program
//!   tensorizes) `--target xla` give the same final buffers (bit for bit on the host
//!   targets but for atomic buffers; xla within rounding) and the same gradients
//!   within `RTOL` of the gradient buffer's largest magnitude (`1e-4` f32, `1e-9` f64:
//!   the passes reassociate sums, xla's `exp` differs from libm by an ulp);
//! * forward mode: `raise::grad::CpuJvp` equals `parallel-interp`'s JVP (same tolerance),
//!   and JVP and VJP are dual: `<jvp(t), c> = <t, grad(c)>` within `RTOL` of
//!   `sum |jvp(t) c| + sum |t grad(c)|`, on both targets.
//!
//! `RAISE_DIFF_CASES=n` runs seeds `1..=n` (default 24: about 40 s in release on two
//! cores, most of it compiling, each case's launches being compiled six times; a few
//! seeds among hundreds take minutes, XLA compiling their gradient module, e.g. 267),
//! `RAISE_DIFF_FIRST=s` starts at seed `s`, `RAISE_DIFF_SEED=s` runs only seed `s` and
//! prints its program (spec and kernel IR); `RAISE_DIFF_XLA=0` skips xla; without a
//! PJRT plugin the xla comparison is skipped with a note. A failure prints the seed and
//! the program; the run stops after three failing seeds unless `RAISE_DIFF_KEEP_GOING`
//! is set.

#[path = "../../parallel_ir/tests/kgen/mod.rs"]
mod kgen;

mod common;

use std::collections::{BTreeMap, HashMap};

use common::grad::{dot, random_like};
use frontend::Diagnostic;
use kgen::float::Program;
use raise::bind::ParamValue;
use raise::buffers::{DType, HostBuffer};
use raise::driver::{self, RunOptions, Target};
use raise::grad::{CpuDerivativeOptions, CpuGrad, CpuJvp};

/// Relative tolerance of reassociated results, by element type.
fn rtol(dtype: DType) -> f64 {
    if dtype == DType::F64 {
        1e-9
    } else {
        1e-4
    }
}

/// What the campaign saw (printed at the end; some counts are asserted).
#[derive(Default)]
struct Stats {
    cases: usize,
    launches: usize,
    shapes: BTreeMap<String, usize>,
    /// Diagnostics of refusals, by stage and code.
    refused: BTreeMap<String, usize>,
    primal_cpu: usize,
    streamed: usize,
    privatized: usize,
    grads: usize,
    xla: usize,
    fused_last: usize,
    /// Launches whose adjoint (all passes) was rewritten into gather form with an
    /// epilogue, got block-local atomics, or fewer atomics than without the passes.
    gathered: usize,
    block_local: usize,
    plain: usize,
    wild: usize,
}

impl Stats {
    /// Count a named refusal; any other diagnostic (an internal error, a transformed
    /// kernel failing the verifier, a compile error) is a failure.
    fn refuse(&mut self, stage: &str, d: &Diagnostic) -> Result<(), String> {
        if !REFUSALS.contains(&d.code) {
            return Err(format!("{stage}: {d}"));
        }
        *self
            .refused
            .entry(format!("{stage}: {}", d.code))
            .or_default() += 1;
        Ok(())
    }
}

/// The diagnostics that name a refusal (a kernel the path does not handle) rather than
/// a bug.
const REFUSALS: &[&str] = &[
    "not-differentiable",
    "unsupported-control-flow",
    "unsupported-tensorization",
    "cpu-lowering",
    "distribute-structure",
    "distribute-local",
    "distribute-barrier-kind",
    "barrier-divergent",
];

struct Case {
    p: Program,
    spec: raise::spec::LaunchSpec,
    inputs: Vec<HostBuffer>,
}

fn case(seed: u64) -> Result<Case, String> {
    let p = kgen::float::generate(seed);
    let spec = raise::spec::parse_spec(&p.spec_toml(), "random.toml")
        .map_err(|e| format!("generator bug (spec): {e}"))?;
    let inputs = p
        .buffers
        .iter()
        .map(|b| HostBuffer {
            dtype: DType::parse(b.elem.name()).unwrap_or(DType::F32),
            shape: vec![b.len],
            data: b.data.clone(),
        })
        .collect();
    Ok(Case { p, spec, inputs })
}

/// Float values of a buffer (integers as well).
fn values(b: &HostBuffer) -> Vec<f64> {
    (0..b.len())
        .map(|i| b.get_f64(i).unwrap_or(f64::NAN))
        .collect()
}

/// `got` equals `want` bit for bit, except where `loose[j]` (within `rtol` of the
/// buffer's largest magnitude).
fn same_buffers(
    what: &str,
    got: &[HostBuffer],
    want: &[HostBuffer],
    loose: &dyn Fn(usize) -> bool,
) -> Result<(), String> {
    if got.len() != want.len() {
        return Err(format!(
            "{what}: {} buffers, want {}",
            got.len(),
            want.len()
        ));
    }
    for (j, (g, w)) in got.iter().zip(want).enumerate() {
        if g.data == w.data {
            continue;
        }
        if !loose(j) || g.data.len() != w.data.len() {
            let (gv, wv) = (values(g), values(w));
            let i = gv
                .iter()
                .zip(&wv)
                .position(|(a, b)| a.to_bits() != b.to_bits())
                .unwrap_or(0);
            return Err(format!(
                "{what}: buffer {j} differs at element {i}: {:?} vs {:?} (want)",
                gv.get(i),
                wv.get(i)
            ));
        }
        close(what, j, g, w)?;
    }
    Ok(())
}

/// `got` within `rtol` of `want`'s largest magnitude, elementwise.
fn close(what: &str, j: usize, got: &HostBuffer, want: &HostBuffer) -> Result<(), String> {
    let (gv, wv) = (values(got), values(want));
    let scale = wv.iter().fold(0.0f64, |m, v| m.max(v.abs()));
    let tol = rtol(want.dtype) * scale.max(1e-30);
    for (i, (a, b)) in gv.iter().zip(&wv).enumerate() {
        let ok = (a - b).abs() <= tol || (a.is_nan() && b.is_nan());
        if !ok {
            return Err(format!(
                "{what}: buffer {j} element {i}: {a:e} vs {b:e} (want; tolerance {tol:e}, scale {scale:e})"
            ));
        }
    }
    Ok(())
}

fn close_all(what: &str, got: &[HostBuffer], want: &[HostBuffer]) -> Result<(), String> {
    for (j, (g, w)) in got.iter().zip(want).enumerate() {
        if w.dtype.is_float() {
            close(what, j, g, w)?;
        }
    }
    Ok(())
}

/// Every float value finite and below `1e6` in magnitude (else the tolerances mean
/// little and the case is counted as wild).
fn tame(bufs: &[HostBuffer]) -> bool {
    bufs.iter()
        .filter(|b| b.dtype.is_float())
        .all(|b| values(b).iter().all(|v| v.is_finite() && v.abs() < 1e6))
}

/// The launches compiled with streaming stores forced on (limits of one byte) and float
/// atomics privatized, run on the inputs; also whether any store streamed and any
/// atomic was privatized.
fn run_streaming(c: &Case) -> Result<(Vec<HostBuffer>, bool, bool), Diagnostic> {
    let module = &c.p.module;
    let bound = driver::bind_spec(module, &c.spec)?;
    let mut cache = HashMap::new();
    let mut buffers = c.inputs.clone();
    let mut globals = raise::cpu::host_globals(module);
    let (mut streamed, mut privatized) = (false, false);
    for l in &bound {
        let k = raise::cpu::prepare(module, l, &mut cache)?;
        let sizes: Vec<usize> = buffers.iter().map(|b| b.data.len()).collect();
        let mut facts = raise::cpu::privatize_facts(&l.params, &sizes, true);
        facts.stream = Some(lower::cpu::StreamLimits {
            min_bytes: 1,
            min_iter_bytes: 1,
        });
        let distinct = raise::cpu::distinct_buffers(l);
        let text =
            lower::cpu::emit::emit_module_facts(&k, &l.config, globals.len(), distinct, &facts)?;
        streamed |= text.contains("nontemporal");
        privatized |= text.contains("@malloc");
        let exe = lower::cpu::compile_facts(&k, &l.config, globals.len(), distinct, &facts)?;
        let bases: Vec<*mut u8> = buffers.iter_mut().map(|b| b.data.as_mut_ptr()).collect();
        let args: Vec<lower::cpu::CpuArg> = l
            .params
            .iter()
            .map(|p| match *p {
                ParamValue::Bits(b) => lower::cpu::CpuArg::Bits(b),
                ParamValue::BufferBase(i) => lower::cpu::CpuArg::Ptr(bases[i]),
                ParamValue::BufferOffset(i, off) => {
                    lower::cpu::CpuArg::Ptr(bases[i].wrapping_add(off as usize))
                }
            })
            .collect();
        let gptrs: Vec<*mut u8> = globals.iter_mut().map(|g| g.as_mut_ptr()).collect();
        // SAFETY: the generated programs access only within their buffers (checked on the
        // bounds-checking interpreter first), which live through the call; the facts'
        // sizes are those buffers'.
        unsafe { exe.run(&args, &gptrs)? };
    }
    Ok((buffers, streamed, privatized))
}

/// All options off: no plain accumulation, gather, dead stores, dead memory, fused last
/// launch, row-owned accumulation, privatization or alias scopes.
fn all_off() -> CpuDerivativeOptions {
    CpuDerivativeOptions {
        plain_accumulation: false,
        alias_scopes: false,
        privatize: false,
        gather: false,
        drop_unread_stores: false,
        dead_memory: false,
        fuse_last: false,
        owned_rows: false,
    }
}

/// The dot-product test `<a, c> = <t, g>`.
fn dual(
    what: &str,
    tan: &[HostBuffer],
    c: &[HostBuffer],
    t: &[HostBuffer],
    g: &[HostBuffer],
    tol: f64,
) -> Result<(), String> {
    let (l, la) = dot(tan, c);
    let (r, ra) = dot(t, g);
    if (l - r).abs() > tol * (la + ra).max(1e-30) {
        return Err(format!(
            "{what}: <jvp(t), c> = {l:e} but <t, grad(c)> = {r:e} (scales {la:e}, {ra:e})"
        ));
    }
    Ok(())
}

/// Run every check on the program of `seed`.
fn check(seed: u64, stats: &mut Stats, xla: bool) -> Result<(), String> {
    let c = case(seed)?;
    if std::env::var("RAISE_DIFF_SEED").is_ok() {
        println!("{}", c.p.describe());
    }
    let module = &c.p.module;
    let spec = &c.spec;
    let opts = RunOptions::default();
    stats.cases += 1;
    stats.launches += c.p.launches.len();
    for s in &c.p.shapes {
        let fam = s.split(' ').next().unwrap_or("").to_string();
        *stats.shapes.entry(fam).or_default() += 1;
    }
    let atomic = |j: usize| c.p.atomic_float.get(j).copied().unwrap_or(true);
    let want = driver::run(module, spec, c.inputs.clone(), Target::Interp, &opts)
        .map_err(|d| format!("generator bug (interp): {d}"))?
        .buffers;

    // Primal on the CPU.
    match raise::cpu::CpuProgram::compile(module, spec) {
        Ok(prog) => {
            let got = prog
                .run(c.inputs.clone())
                .map_err(|d| format!("cpu run: {d}"))?;
            same_buffers("cpu vs interp", &got, &want, &atomic)?;
            stats.primal_cpu += 1;
            match run_streaming(&c) {
                Ok((got, streamed, privatized)) => {
                    same_buffers(
                        "cpu (streaming, privatized) vs interp",
                        &got,
                        &want,
                        &atomic,
                    )?;
                    stats.streamed += usize::from(streamed);
                    stats.privatized += usize::from(privatized);
                }
                Err(d) => return Err(format!("cpu (streaming): {d}")),
            }
        }
        Err(d) => stats.refuse("cpu", &d)?,
    }

    if !tame(&want) {
        stats.wild += 1;
        return Ok(());
    }

    // Reverse mode.
    let cot = random_like(&c.inputs, seed.wrapping_mul(31) + 7);
    let reference = match raise::grad::grad(
        module,
        spec,
        c.inputs.clone(),
        cot.clone(),
        Target::ParallelInterp,
        &opts,
    ) {
        Ok(r) => r,
        Err(d) => {
            stats.refuse("grad", &d)?;
            return Ok(());
        }
    };
    same_buffers(
        "grad finals (parallel-interp) vs interp",
        &reference.0,
        &want,
        &atomic,
    )?;
    for (name, options) in [
        ("default", CpuDerivativeOptions::default()),
        ("all off", all_off()),
    ] {
        let prog = CpuGrad::compile(module, spec, &options)
            .map_err(|d| format!("CpuGrad ({name}) compile: {d}"))?;
        if name == "default" && prog.fused_last() {
            stats.fused_last += 1;
        }
        let got = prog
            .run(c.inputs.clone(), cot.clone())
            .map_err(|d| format!("CpuGrad ({name}) run: {d}"))?;
        same_buffers(
            &format!("CpuGrad ({name}) finals vs interp"),
            &got.0,
            &want,
            &atomic,
        )?;
        close_all(
            &format!("CpuGrad ({name}) gradients vs parallel-interp"),
            &got.1,
            &reference.1,
        )?;
    }
    stats.grads += 1;
    pass_coverage(&c, stats);
    if xla {
        match raise::grad::grad(
            module,
            spec,
            c.inputs.clone(),
            cot.clone(),
            Target::Xla,
            &opts,
        ) {
            Ok(got) => {
                close_all("xla finals vs interp", &got.0, &want)?;
                close_all("xla gradients vs parallel-interp", &got.1, &reference.1)?;
                stats.xla += 1;
            }
            Err(d) if d.code == "unsupported-tensorization" => stats.refuse("xla", &d)?,
            Err(d) if d.code == "no-pjrt-plugin" => {
                // As the other xla tests: no plugin, no comparison (said once per shard).
                if !NO_PLUGIN.swap(true, std::sync::atomic::Ordering::Relaxed) {
                    eprintln!("note: no PJRT plugin, the xla gradients are not compared: {d}");
                }
            }
            Err(d) => return Err(format!("xla grad: {d}")),
        }
    }

    // Forward mode and duality.
    let tan = random_like(&c.inputs, seed.wrapping_mul(31) + 8);
    let (jf, jt) = raise::grad::jvp(
        module,
        spec,
        c.inputs.clone(),
        tan.clone(),
        Target::ParallelInterp,
        &opts,
    )
    .map_err(|d| format!("jvp (parallel-interp): {d}"))?;
    same_buffers(
        "jvp finals (parallel-interp) vs interp",
        &jf,
        &want,
        &atomic,
    )?;
    let dtype = c
        .inputs
        .iter()
        .find(|b| b.dtype.is_float())
        .map_or(DType::F32, |b| b.dtype);
    dual(
        "parallel-interp",
        &jt,
        &cot,
        &tan,
        &reference.1,
        rtol(dtype),
    )?;
    let prog = CpuJvp::compile(module, spec, &CpuDerivativeOptions::default())
        .map_err(|d| format!("CpuJvp compile: {d}"))?;
    let (cf, ct) = prog
        .run(c.inputs.clone(), tan.clone())
        .map_err(|d| format!("CpuJvp run: {d}"))?;
    same_buffers("CpuJvp finals vs interp", &cf, &want, &atomic)?;
    close_all("CpuJvp tangents vs parallel-interp", &ct, &jt)?;
    let cpu_grad = CpuGrad::compile(module, spec, &CpuDerivativeOptions::default())
        .and_then(|p| p.run(c.inputs.clone(), cot.clone()))
        .map_err(|d| format!("CpuGrad: {d}"))?;
    dual("cpu", &ct, &cot, &tan, &cpu_grad.1, rtol(dtype))?;
    Ok(())
}

/// Count what the adjoint passes did to each launch (for the report).
fn pass_coverage(c: &Case, stats: &mut Stats) {
    use raise::grad::{adjoint_kernels_for_launch, AdjointPasses};
    let Ok(bound) = driver::bind_spec(&c.p.module, &c.spec) else {
        return;
    };
    let atomics = |k: &parallel_ir::ir::Kernel| {
        k.ops
            .iter()
            .filter(|o| matches!(o.kind, parallel_ir::ir::OpKind::Atomic { .. }))
            .count()
    };
    let n = c.inputs.len();
    for l in &bound {
        let Ok(raised) = parallel_ir::raise_kernel(&c.p.module, l.kernel) else {
            continue;
        };
        let all = AdjointPasses {
            plain_accumulation: true,
            gather: true,
            drop_unread_stores: true,
            dead_memory: true,
        };
        let (Ok((k, e)), Ok((k0, _))) = (
            adjoint_kernels_for_launch(&raised, l, n, &all),
            adjoint_kernels_for_launch(&raised, l, n, &AdjointPasses::default()),
        ) else {
            continue;
        };
        stats.gathered += usize::from(e.is_some());
        stats.block_local += usize::from(!k.block_local_atomics.is_empty());
        stats.plain += usize::from(atomics(&k) < atomics(&k0));
    }
}

fn env_u64(name: &str) -> Option<u64> {
    std::env::var(name).ok().and_then(|s| s.parse().ok())
}

/// Runs the seeds `seed % shards == shard` of the campaign.
fn campaign(shard: u64, shards: u64) {
    let seeds: Vec<u64> = match env_u64("RAISE_DIFF_SEED") {
        Some(s) => {
            if shard != 0 {
                return;
            }
            vec![s]
        }
        None => {
            let n = env_u64("RAISE_DIFF_CASES").unwrap_or(24);
            let first = env_u64("RAISE_DIFF_FIRST").unwrap_or(1);
            (first..first + n).filter(|s| s % shards == shard).collect()
        }
    };
    let xla = std::env::var("RAISE_DIFF_XLA").as_deref() != Ok("0");
    let mut stats = Stats::default();
    let mut failures = Vec::new();
    let start = std::time::Instant::now();
    for (done, &seed) in seeds.iter().enumerate() {
        if done > 0 && done % 50 == 0 {
            eprintln!(
                "shard {shard}: {done} of {} programs, {} failing, {:.0} s",
                seeds.len(),
                failures.len(),
                start.elapsed().as_secs_f64()
            );
        }
        let t0 = std::time::Instant::now();
        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let mut local = Stats::default();
            let r = check(seed, &mut local, xla);
            (r, local)
        }));
        let secs = t0.elapsed().as_secs_f64();
        if secs > 15.0 {
            eprintln!("shard {shard}: seed {seed} took {secs:.0} s");
        }
        let (r, local) = match r {
            Ok(x) => x,
            Err(e) => {
                let msg = e
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default();
                (Err(format!("panic: {msg}")), Stats::default())
            }
        };
        merge(&mut stats, local);
        if let Err(e) = r {
            let desc = kgen::float::generate(seed).describe();
            let msg = format!(
                "seed {seed}: {e}\n(reproduce: RAISE_DIFF_SEED={seed} cargo test --release -p raise --test differential_cpu -- --nocapture)\n{desc}"
            );
            eprintln!("{msg}");
            failures.push(msg);
            if failures.len() >= 3 && std::env::var_os("RAISE_DIFF_KEEP_GOING").is_none() {
                break;
            }
        }
    }
    let report = format!(
        "shard {shard}/{shards}: {} programs ({} launches) in {:.1} s: {} on cpu, {} streamed, {} privatized, {} with gradients ({} on xla, {} fused last; adjoints: {} gathered, {} with block-local atomics, {} with atomics made plain), {} wild; families {:?}; refused {:?}",
        stats.cases,
        stats.launches,
        start.elapsed().as_secs_f64(),
        stats.primal_cpu,
        stats.streamed,
        stats.privatized,
        stats.grads,
        stats.xla,
        stats.fused_last,
        stats.gathered,
        stats.block_local,
        stats.plain,
        stats.wild,
        stats.shapes,
        stats.refused
    );
    println!("{report}");
    assert!(
        failures.is_empty(),
        "{} failing seeds:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

/// Set once a run found no PJRT plugin.
static NO_PLUGIN: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

fn merge(into: &mut Stats, s: Stats) {
    into.cases += s.cases;
    into.launches += s.launches;
    for (k, v) in s.shapes {
        *into.shapes.entry(k).or_default() += v;
    }
    for (k, v) in s.refused {
        *into.refused.entry(k).or_default() += v;
    }
    into.primal_cpu += s.primal_cpu;
    into.streamed += s.streamed;
    into.privatized += s.privatized;
    into.grads += s.grads;
    into.xla += s.xla;
    into.fused_last += s.fused_last;
    into.gathered += s.gathered;
    into.block_local += s.block_local;
    into.plain += s.plain;
    into.wild += s.wild;
}

// Two shards, so that the default run uses both of CI's cores.
#[test]
fn random_programs_cpu_and_derivatives_agree_shard_0() {
    campaign(0, 2);
}

#[test]
fn random_programs_cpu_and_derivatives_agree_shard_1() {
    campaign(1, 2);
}
