//! `raise jvp` and `raise grad`: derivatives of a whole launch program.
//!
//! A launch program maps the initial buffers to the final buffers. Forward mode
//! ([`jvp`]) raises every launched kernel, differentiates it with
//! [`parallel_ir::autodiff::jvp_kernel`] and runs the JVP kernels on the primal buffers
//! plus one tangent buffer per spec buffer (same dtype and shape; the tangent pointer
//! parameters are bound to the tangent buffer of the buffer their primal pointer is bound
//! to). Because a tangent buffer is always the derivative of its primal buffer after each
//! launch (stores write both), in-place and ping-pong programs need nothing special.
//!
//! Tangents of integer buffers are meaningless; they start at zero and are written out
//! as zeros.
//!
//! Targets: whatever runs raised kernels: `parallel-interp` (the parallel-IR
//! interpreter), `cpu` (distribution at barriers, MLIR JIT) and `xla` (StableHLO through
//! [`lower::stablehlo`] and PJRT). `interp` runs kernel IR and cannot run them.
//!
//! On `xla` each derivative program is ONE StableHLO module ([`stablehlo::Program`]:
//! launches over tensor slots, snapshots of slots, zeroing), compiled once per call; the
//! same modules are what `raise emit --emit stablehlo --grad/--jvp` writes
//! ([`emit_grad_stablehlo`], [`emit_jvp_stablehlo`], whose docs give `@main`'s contract).
//! The other targets run the launches one by one on host buffers, with the same steps;
//! there the adjoints' race-free atomic adds are plain load-add-stores
//! ([`adjoint_for_launch`]), and only the buffers a later launch or an adjoint
//! overwrites are copied ([`saved_buffers`]). On `cpu` ([`CpuGrad`]) the 1-D and 2-D
//! stencil adjoints accumulate in gather form (an epilogue kernel after the adjoint zeroes the
//! output cotangent), the adjoints' stores to primal buffers they never read are dropped
//! ([`AdjointPasses`]), and a buffer is copied before a launch only when that launch's
//! adjoint reads or writes it.

use frontend::interp::{LaunchConfig, Memory};
use frontend::ir::{FuncId, Module};
use frontend::Diagnostic;
use lower::stablehlo::{self, Arg, Buffer, Output, Program, Step};
use parallel_ir::ir::Kernel;

use crate::bind::ParamValue;
use crate::buffers::{DType, HostBuffer};
use crate::cpu::{check_byte_lens, CpuLaunch};
use crate::driver::{bind_spec, BoundLaunch, RunOptions, Target};
use crate::spec::LaunchSpec;

/// One launch of a raised (possibly transformed) kernel over a list of buffers.
pub struct RaisedLaunch<'a> {
    pub kernel: &'a Kernel,
    pub grid: [u32; 3],
    pub block: [u32; 3],
    pub dynamic_shared_bytes: u64,
    pub args: Vec<ParamValue>,
}

/// Run raised kernels on `target`, starting from `buffers`; gives the final buffers.
pub fn run_raised(
    module: &Module,
    target: Target,
    options: &RunOptions,
    buffers: Vec<HostBuffer>,
    launches: &[RaisedLaunch],
) -> Result<Vec<HostBuffer>, Diagnostic> {
    match target {
        Target::Xla => run_raised_xla(options, buffers, launches),
        Target::ParallelInterp => run_raised_pinterp(module, buffers, launches),
        Target::Cpu => run_raised_cpu(module, buffers, launches),
        Target::Interp => Err(Diagnostic::new(
            "unsupported-target",
            "differentiation runs raised kernels: use --target parallel-interp, cpu or xla",
        )),
    }
}

fn config(l: &RaisedLaunch) -> LaunchConfig {
    LaunchConfig {
        grid: l.grid,
        block: l.block,
        dynamic_shared_bytes: l.dynamic_shared_bytes,
    }
}

/// The parallel-IR interpreter on one device memory holding `buffers`.
fn run_raised_pinterp(
    module: &Module,
    buffers: Vec<HostBuffer>,
    launches: &[RaisedLaunch],
) -> Result<Vec<HostBuffer>, Diagnostic> {
    let mut memory = Memory::new(module);
    let mut shapes = Vec::with_capacity(buffers.len());
    let mut bases = Vec::with_capacity(buffers.len());
    for (i, b) in buffers.into_iter().enumerate() {
        shapes.push((b.dtype, b.shape));
        bases.push(memory.add_buffer(&format!("b{i}"), b.data));
    }
    for l in launches {
        let params: Vec<u64> = l.args.iter().map(|p| p.resolve(&bases)).collect();
        parallel_ir::interp::launch(module, l.kernel, &config(l), &params, &mut memory)?;
    }
    let mut out = Vec::with_capacity(bases.len());
    for ((dtype, shape), base) in shapes.into_iter().zip(bases) {
        let data = memory
            .buffer(base)
            .ok_or_else(|| Diagnostic::new("internal", "a buffer disappeared from device memory"))?
            .to_vec();
        out.push(HostBuffer { dtype, shape, data });
    }
    Ok(out)
}

/// The CPU backend: prepare each kernel for its launch ([`prepare_cpu`]), compile, run
/// on the host buffers.
fn run_raised_cpu(
    module: &Module,
    mut buffers: Vec<HostBuffer>,
    launches: &[RaisedLaunch],
) -> Result<Vec<HostBuffer>, Diagnostic> {
    let mut globals = crate::cpu::host_globals(module);
    for l in launches {
        let cfg = config(l);
        let k = prepare_cpu(l.kernel, &cfg)?;
        let sizes: Vec<usize> = buffers.iter().map(|b| b.data.len()).collect();
        let facts = crate::cpu::privatize_facts(&l.args, &sizes, true);
        CpuLaunch::compile_facts(&k, &cfg, l.args.clone(), globals.len(), false, &facts)?
            .run(&mut buffers, &mut globals)?;
    }
    Ok(buffers)
}

/// A raised (primal or derivative) kernel made barrier-free for one launch: distribution
/// at its barriers, verification. Unlike `raise run --target cpu` (`crate::cpu::prepare`)
/// there is no barrier elimination and the kernels are compiled without alias scopes:
/// measured on this branch (BENCHMARKS.md, "Steady state on cpu"), barrier elimination
/// made the adjoints of reduce_shared and scan_block 3-6x slower, and alias scopes made
/// stencil2d's and transpose_shared's kernels 3-5x slower.
pub fn prepare_cpu(kernel: &Kernel, config: &LaunchConfig) -> Result<Kernel, Diagnostic> {
    let mut k = kernel.clone();
    parallel_ir::transforms::distribute::distribute(&mut k, config)?;
    parallel_ir::verify::verify_kernel(&k)?;
    Ok(k)
}

/// The StableHLO tensor of a buffer of this dtype and shape.
fn hlo_buffer(name: String, dtype: DType, shape: &[usize]) -> Result<Buffer, Diagnostic> {
    Ok(Buffer {
        name,
        element: crate::xla::element_type(dtype)?,
        shape: shape.iter().map(|&d| d as i64).collect(),
    })
}

/// A raised launch as a StableHLO launch (buffer `j` is slot `j`).
fn hlo_launch<'k>(l: &RaisedLaunch<'k>) -> Result<stablehlo::Launch<'k>, Diagnostic> {
    let args = l
        .args
        .iter()
        .map(|p| match *p {
            ParamValue::Bits(b) => Ok(Arg::Scalar(b)),
            ParamValue::BufferBase(j) => Ok(Arg::Buffer(j)),
            ParamValue::BufferOffset(..) => Err(Diagnostic::new(
                "unsupported-tensorization",
                "interior buffer pointers are not supported on --target xla",
            )),
        })
        .collect::<Result<Vec<_>, Diagnostic>>()?;
    Ok(stablehlo::Launch {
        kernel: l.kernel,
        grid: l.grid,
        block: l.block,
        dynamic_shared_bytes: l.dynamic_shared_bytes,
        args,
    })
}

/// The StableHLO module of raised launches over `buffers`.
pub fn emit_raised_stablehlo(
    buffers: &[HostBuffer],
    launches: &[RaisedLaunch],
) -> Result<String, Diagnostic> {
    let hlo_buffers = buffers
        .iter()
        .enumerate()
        .map(|(i, b)| hlo_buffer(format!("b{i}"), b.dtype, &b.shape))
        .collect::<Result<Vec<_>, Diagnostic>>()?;
    let hlo_launches = launches
        .iter()
        .map(hlo_launch)
        .collect::<Result<Vec<_>, Diagnostic>>()?;
    stablehlo::emit_module(&hlo_buffers, &hlo_launches)
}

fn run_raised_xla(
    options: &RunOptions,
    buffers: Vec<HostBuffer>,
    launches: &[RaisedLaunch],
) -> Result<Vec<HostBuffer>, Diagnostic> {
    let text = emit_raised_stablehlo(&buffers, launches)?;
    Ok(crate::xla::execute_on_pjrt(&text, buffers, options)?.0)
}

/// Bind the shadow (tangent / cotangent) pointer parameters of a transformed kernel:
/// the original arguments, then for each pointer parameter the shadow of what it points
/// to (buffer `j` -> buffer `n + j`; other pointer bits are passed through).
pub fn shadow_args(kernel: &Kernel, args: &[ParamValue], n: usize) -> Vec<ParamValue> {
    let mut out = args.to_vec();
    for (i, t) in parallel_ir::autodiff::tangent_params(kernel)
        .into_iter()
        .take(args.len())
        .enumerate()
    {
        if t.is_some() {
            out.push(match args.get(i).copied() {
                Some(ParamValue::BufferBase(j)) => ParamValue::BufferBase(n + j),
                Some(ParamValue::BufferOffset(j, off)) => ParamValue::BufferOffset(n + j, off),
                Some(other) => other,
                None => ParamValue::Bits(0),
            });
        }
    }
    out
}

/// The bits of each scalar argument of a launch (`None` for pointers).
fn launch_scalars(params: &[ParamValue]) -> Vec<Option<u64>> {
    params
        .iter()
        .map(|p| match *p {
            ParamValue::Bits(b) => Some(b),
            _ => None,
        })
        .collect()
}

/// Zero every buffer that is not floating point.
fn zero_non_float(bufs: &mut [HostBuffer]) {
    for b in bufs {
        if !b.dtype.is_float() {
            b.data.iter_mut().for_each(|x| *x = 0);
        }
    }
}

/// Every launched kernel raised once, and each launch's derivative kernel: the JVP kernel
/// (`reverse == false`) or the adjoint (VJP) kernel, specialised to that launch (its
/// scalar arguments and dimensions become constants, which bounds its loops so that
/// reverse mode can unroll them: see `parallel_ir::autodiff::vjp_kernel_for_launch`).
/// Everything is derived before anything runs, so a kernel that cannot be differentiated
/// is reported before the primal program spends any time.
struct Derived {
    raised: Vec<(FuncId, Kernel)>,
    per_launch: Vec<Kernel>,
    /// Per launch, the kernel to run right after its adjoint (`gather`'s moved stores).
    epilogues: Vec<Option<Kernel>>,
}

impl Derived {
    fn raised(&self, f: FuncId) -> Result<&Kernel, Diagnostic> {
        self.raised
            .iter()
            .find(|(g, _)| *g == f)
            .map(|(_, k)| k)
            .ok_or_else(|| Diagnostic::new("internal", "kernel not raised"))
    }
}

/// Reverse mode on xla: the StableHLO emitter already turns lane-unique atomic adds into
/// elementwise adds.
const XLA_VJP: Mode = Mode::Vjp {
    plain_accumulation: false,
    gather: false,
    drop_unread_stores: false,
    dead_memory: false,
};

/// How each derivative kernel is derived: forward mode, or reverse mode with or without
/// [`adjoint_for_launch`]'s plain accumulation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Jvp,
    Vjp {
        plain_accumulation: bool,
        gather: bool,
        drop_unread_stores: bool,
        dead_memory: bool,
    },
}

fn derive(
    module: &Module,
    bound: &[BoundLaunch],
    mode: Mode,
    n: usize,
) -> Result<Derived, Diagnostic> {
    let mut d = Derived {
        raised: Vec::new(),
        per_launch: Vec::with_capacity(bound.len()),
        epilogues: Vec::with_capacity(bound.len()),
    };
    for l in bound {
        if !d.raised.iter().any(|(f, _)| *f == l.kernel) {
            d.raised
                .push((l.kernel, parallel_ir::raise_kernel(module, l.kernel)?));
        }
    }
    for l in bound {
        let raised = d.raised(l.kernel)?;
        let (derived, epilogue) = match mode {
            Mode::Vjp {
                plain_accumulation,
                gather,
                drop_unread_stores,
                dead_memory,
            } => {
                let passes = AdjointPasses {
                    plain_accumulation,
                    gather,
                    drop_unread_stores,
                    dead_memory,
                };
                adjoint_kernels_for_launch(raised, l, n, &passes)?
            }
            Mode::Jvp => (
                parallel_ir::autodiff::jvp_kernel_for_launch(
                    raised,
                    &l.config,
                    &launch_scalars(&l.params),
                )?,
                None,
            ),
        };
        d.per_launch.push(derived);
        d.epilogues.push(epilogue);
    }
    Ok(d)
}

/// The adjoint kernel of launch `l` of a program over `n` buffers, specialised to the
/// launch (`parallel_ir::autodiff::vjp_kernel_for_launch`); with `plain_accumulation`,
/// its atomic adds that no other thread's accesses can meet (given which buffer each
/// parameter and shadow parameter is bound to) become plain load-add-stores
/// (`parallel_ir::autodiff::accumulate`): the CPU backend's atomics are `lock cmpxchg`
/// loops and block vectorisation. Of the atomic adds left, those (or their block
/// interiors) that only threads of the executing block can meet are marked block-local
/// (`parallel_ir::autodiff::blocklocal`), which the CPU backend lowers to plain adds.
pub fn adjoint_for_launch(
    raised: &Kernel,
    l: &BoundLaunch,
    n: usize,
    plain_accumulation: bool,
) -> Result<Kernel, Diagnostic> {
    let passes = AdjointPasses {
        plain_accumulation,
        gather: false,
        drop_unread_stores: false,
        dead_memory: false,
    };
    Ok(adjoint_kernels_for_launch(raised, l, n, &passes)?.0)
}

/// Which of [`adjoint_kernels_for_launch`]'s passes run (`gather`,
/// `drop_unread_stores` and `dead_memory` only with `plain_accumulation`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AdjointPasses {
    pub plain_accumulation: bool,
    pub gather: bool,
    /// For the reverse schedule of [`CpuGrad`] (which restores every buffer an adjoint
    /// writes and discards what the adjoint leaves there): the adjoint's stores to the
    /// primal buffers it never reads are removed
    /// (`parallel_ir::autodiff::deadstores`).
    pub drop_unread_stores: bool,
    /// Writes to memory nothing kept reads are removed
    /// (`parallel_ir::autodiff::deadmemory`): to shared and per-thread allocations, and
    /// with `drop_unread_stores` to the launch's buffers (a linear kernel's re-executed
    /// forward body, which its reverse sweep does not need), then the barriers left
    /// with nothing to order.
    pub dead_memory: bool,
}

/// [`adjoint_for_launch`] with the passes of `passes`: with `gather`, first the adjoint's
/// scatter-form accumulations become gather form where proven legal
/// (`parallel_ir::autodiff::gather`: reassociates each element's float sum), which may
/// need a second kernel, returned too, to run right after the adjoint on the same launch.
pub fn adjoint_kernels_for_launch(
    raised: &Kernel,
    l: &BoundLaunch,
    n: usize,
    passes: &AdjointPasses,
) -> Result<(Kernel, Option<Kernel>), Diagnostic> {
    let AdjointPasses {
        plain_accumulation,
        gather,
        drop_unread_stores,
        dead_memory,
    } = *passes;
    use parallel_ir::autodiff::accumulate;
    let mut k = parallel_ir::autodiff::vjp_kernel_for_launch(
        raised,
        &l.config,
        &launch_scalars(&l.params),
    )?;
    let mut epilogue = None;
    if plain_accumulation {
        let opts = accumulate_options(&k, l, n);
        if drop_unread_stores {
            parallel_ir::autodiff::deadstores::drop_unread_stores(&mut k, &opts, &|b| b < n);
            parallel_ir::verify::verify_kernel(&k)?;
        }
        if dead_memory {
            let discardable = |b: usize| drop_unread_stores && b < n;
            parallel_ir::autodiff::deadmemory::drop_dead_memory(&mut k, &opts, &discardable);
            parallel_ir::verify::verify_kernel(&k)?;
        }
        if gather {
            if let (Some(g), _) = parallel_ir::autodiff::gather::gather_accumulation(&k, &opts) {
                k = g.main;
                if let Some(e) = g.epilogue {
                    parallel_ir::verify::verify_kernel(&e)?;
                    epilogue = Some(e);
                }
            }
        }
        accumulate::plain_accumulation(&mut k, &opts);
        parallel_ir::autodiff::blocklocal::block_local_accumulation(&mut k, &opts);
        parallel_ir::verify::verify_kernel(&k)?;
    }
    Ok((k, epilogue))
}

/// What the adjoint passes know about the launch `l` of the adjoint kernel `k` (over
/// `n` buffers and their shadows): its dimensions and the buffer each pointer parameter
/// is bound to.
fn accumulate_options(
    k: &Kernel,
    l: &BoundLaunch,
    n: usize,
) -> parallel_ir::autodiff::accumulate::AccumulateOptions {
    let args = shadow_args(k, &l.params, n);
    parallel_ir::autodiff::accumulate::AccumulateOptions {
        grid: l.config.grid,
        block: l.config.block,
        param_buffers: k
            .params
            .iter()
            .enumerate()
            .map(|(i, &p)| match args.get(i) {
                Some(ParamValue::BufferBase(j)) if k.value_type(p).is_ptr() => Some((*j, 0)),
                Some(ParamValue::BufferOffset(j, off)) if k.value_type(p).is_ptr() => {
                    Some((*j, *off))
                }
                _ => None,
            })
            .collect(),
    }
}

/// The primal launches and the derivative launches (bound to the buffers and their
/// shadows, buffer `j` -> `n + j`) of a bound program, in launch order.
fn derived_launches<'k>(
    bound: &[BoundLaunch],
    kernels: &'k Derived,
    n: usize,
) -> Result<(Vec<RaisedLaunch<'k>>, Vec<RaisedLaunch<'k>>), Diagnostic> {
    let mut primal = Vec::with_capacity(bound.len());
    let mut derived = Vec::with_capacity(bound.len());
    for (l, d) in bound.iter().zip(&kernels.per_launch) {
        let raised = kernels.raised(l.kernel)?;
        let launch = |kernel: &'k Kernel, args: Vec<ParamValue>| RaisedLaunch {
            kernel,
            grid: l.config.grid,
            block: l.config.block,
            dynamic_shared_bytes: l.config.dynamic_shared_bytes,
            args,
        };
        primal.push(launch(raised, l.params.clone()));
        derived.push(launch(d, shadow_args(d, &l.params, n)));
    }
    Ok((primal, derived))
}

/// The slots of a derivative program: the buffers, then one shadow per buffer (same
/// dtype and shape).
fn shadow_slots<'b>(
    buffers: impl Iterator<Item = (String, DType, &'b [usize])> + Clone,
) -> Result<Vec<Buffer>, Diagnostic> {
    let mut slots = Vec::new();
    for (prefix, with_prefix) in [("", false), ("d_", true)] {
        for (name, dtype, shape) in buffers.clone() {
            let name = if with_prefix {
                format!("{prefix}{name}")
            } else {
                name
            };
            slots.push(hlo_buffer(name, dtype, shape)?);
        }
    }
    Ok(slots)
}

/// The forward-mode program over `2n` slots (buffers, tangents): zero the tangents of
/// non-float buffers, run the JVP launches, zero them again; returns every slot.
fn jvp_program<'k>(
    slots: Vec<Buffer>,
    float: &[bool],
    jvps: &[RaisedLaunch<'k>],
) -> Result<Program<'k>, Diagnostic> {
    let n = float.len();
    let zero_ints = || (0..n).filter(|&i| !float[i]).map(|i| Step::Zero(n + i));
    let mut steps: Vec<Step> = zero_ints().collect();
    for l in jvps {
        steps.push(Step::Launch(hlo_launch(l)?));
    }
    steps.extend(zero_ints());
    Ok(Program {
        slots,
        steps,
        outputs: (0..2 * n).map(Output::Slot).collect(),
    })
}

/// The reverse-mode program over `2n` slots (buffers, cotangents): the primal launches,
/// saving the buffers before each (snapshot `before<k>`) and at the end (`final`); then,
/// last launch first, restore the buffers before it and run its adjoint on them and the
/// cotangent slots (cotangents of non-float buffers are zeroed first and after each
/// adjoint). Returns the `final` buffers, then the cotangent slots `i` with `keep[i]`.
fn grad_program<'k>(
    slots: Vec<Buffer>,
    float: &[bool],
    primal: &[RaisedLaunch<'k>],
    adjoint: &[RaisedLaunch<'k>],
    keep: &[bool],
) -> Result<Program<'k>, Diagnostic> {
    let n = float.len();
    let zero_ints = || (0..n).filter(|&i| !float[i]).map(|i| Step::Zero(n + i));
    let mut steps = Vec::new();
    for (k, l) in primal.iter().enumerate() {
        steps.push(Step::Save {
            name: format!("before{k}"),
            slots: 0..n,
        });
        steps.push(Step::Launch(hlo_launch(l)?));
    }
    steps.push(Step::Save {
        name: "final".into(),
        slots: 0..n,
    });
    steps.extend(zero_ints());
    for (k, l) in adjoint.iter().enumerate().rev() {
        steps.push(Step::Restore {
            name: format!("before{k}"),
            start: 0,
        });
        steps.push(Step::Launch(hlo_launch(l)?));
        steps.extend(zero_ints());
    }
    let mut outputs: Vec<Output> = (0..n)
        .map(|index| Output::Saved {
            name: "final".into(),
            index,
        })
        .collect();
    outputs.extend((0..n).filter(|&i| keep[i]).map(|i| Output::Slot(n + i)));
    Ok(Program {
        slots,
        steps,
        outputs,
    })
}

fn spec_slots(spec: &LaunchSpec) -> Result<Vec<Buffer>, Diagnostic> {
    shadow_slots(
        spec.buffers
            .iter()
            .map(|b| (b.name.clone(), b.dtype, b.shape.as_slice())),
    )
}

fn host_slots(bufs: &[HostBuffer]) -> Result<Vec<Buffer>, Diagnostic> {
    shadow_slots(
        bufs.iter()
            .enumerate()
            .map(|(i, b)| (format!("b{i}"), b.dtype, b.shape.as_slice())),
    )
}

/// `raise emit --emit stablehlo --grad`: the reverse-mode module of a launch spec with
/// `n` buffers. `@main` takes the `n` initial buffers then `n` cotangents of the final
/// buffers (cotangent `i` has buffer `i`'s dtype and shape; those of integer buffers are
/// ignored), all in spec order, and returns the `n` final buffers then the gradients
/// (cotangents of the initial buffers) of the buffers `i` with `keep[i]`, in spec order
/// (an integer buffer's gradient is zeros).
pub fn emit_grad_stablehlo(
    module: &Module,
    spec: &LaunchSpec,
    keep: &[bool],
) -> Result<String, Diagnostic> {
    let bound = bind_spec(module, spec)?;
    let n = spec.buffers.len();
    let kernels = derive(module, &bound, XLA_VJP, n)?;
    let (primal, adjoint) = derived_launches(&bound, &kernels, n)?;
    let float: Vec<bool> = spec.buffers.iter().map(|b| b.dtype.is_float()).collect();
    let program = grad_program(spec_slots(spec)?, &float, &primal, &adjoint, keep)?;
    stablehlo::emit_program(&program)
}

/// `raise emit --emit stablehlo --jvp`: the forward-mode module of a launch spec with `n`
/// buffers. `@main` takes the `n` initial buffers then their `n` tangents, and returns
/// the `n` final buffers then their tangents, all in spec order (the tangents of integer
/// buffers are ignored and returned as zeros).
pub fn emit_jvp_stablehlo(module: &Module, spec: &LaunchSpec) -> Result<String, Diagnostic> {
    let bound = bind_spec(module, spec)?;
    let n = spec.buffers.len();
    let kernels = derive(module, &bound, Mode::Jvp, n)?;
    let (_, jvps) = derived_launches(&bound, &kernels, n)?;
    let float: Vec<bool> = spec.buffers.iter().map(|b| b.dtype.is_float()).collect();
    let program = jvp_program(spec_slots(spec)?, &float, &jvps)?;
    stablehlo::emit_program(&program)
}

/// Forward mode: the final buffers and their tangents (spec order), given the initial
/// buffers and their tangents. On `xla` the whole program is one module (one compile).
pub fn jvp(
    module: &Module,
    spec: &LaunchSpec,
    inputs: Vec<HostBuffer>,
    mut tangents: Vec<HostBuffer>,
    target: Target,
    options: &RunOptions,
) -> Result<(Vec<HostBuffer>, Vec<HostBuffer>), Diagnostic> {
    if target == Target::Cpu {
        let program = CpuJvp::compile(module, spec, &CpuDerivativeOptions::default())?;
        return program.run(inputs, tangents);
    }
    let bound = bind_spec(module, spec)?;
    let n = inputs.len();
    let kernels = derive(module, &bound, Mode::Jvp, n)?;
    let (_, launches) = derived_launches(&bound, &kernels, n)?;
    if target == Target::Xla {
        let float: Vec<bool> = inputs.iter().map(|b| b.dtype.is_float()).collect();
        let program = jvp_program(host_slots(&inputs)?, &float, &launches)?;
        let text = stablehlo::emit_program(&program)?;
        let mut all = inputs;
        all.extend(tangents);
        let mut out = crate::xla::execute_on_pjrt(&text, all, options)?.0;
        let tangents_out = out.split_off(n);
        return Ok((out, tangents_out));
    }
    zero_non_float(&mut tangents);
    let mut all = inputs;
    all.extend(tangents);
    let mut out = run_raised(module, target, options, all, &launches)?;
    let mut tangents_out = out.split_off(n);
    zero_non_float(&mut tangents_out);
    Ok((out, tangents_out))
}

/// Read `<dir>/<prefix-free buffer name>.npy` for every spec buffer (zeros when missing).
pub fn load_shadow(
    spec: &LaunchSpec,
    dir: Option<&std::path::Path>,
) -> Result<Vec<HostBuffer>, Diagnostic> {
    crate::spec::load_inputs(spec, dir).map_err(|e| Diagnostic::new("bad-spec", e.to_string()))
}

/// Write `<dir>/<prefix><buffer>.npy` for the buffers of `spec` selected by `keep`.
pub fn write_prefixed(
    spec: &LaunchSpec,
    dir: &std::path::Path,
    prefix: &str,
    buffers: &[HostBuffer],
    keep: impl Fn(usize) -> bool,
) -> Result<(), Diagnostic> {
    std::fs::create_dir_all(dir)
        .map_err(|e| Diagnostic::new("io", format!("{}: cannot create: {e}", dir.display())))?;
    for (i, (b, host)) in spec.buffers.iter().zip(buffers).enumerate() {
        if keep(i) {
            let file = dir.join(format!("{prefix}{}.npy", b.name));
            crate::npy::write_npy(&file, host).map_err(|e| Diagnostic::new("io", e.to_string()))?;
        }
    }
    Ok(())
}

/// Reverse mode: the final buffers (spec order) and the cotangents of the initial buffers
/// (the vector-Jacobian product of the launch program with `cotangents`, the cotangents
/// of the final buffers); entries of non-float buffers are zero.
///
/// The launches run forward one at a time, keeping a copy of the buffers before each
/// that a later launch or the adjoint overwrites ([`saved_buffers`]); then, last launch
/// first, the adjoint kernel runs on the state before its launch (those copies, the
/// other buffers lent from the final state) plus the current cotangents, which it turns
/// into the cotangents of that state ([`reverse_schedule`]). On `xla` this whole program
/// is one module ([`grad_program`]: the copies are SSA values), compiled once; on `cpu`
/// it is [`CpuGrad`] (each kernel compiled once).
pub fn grad(
    module: &Module,
    spec: &LaunchSpec,
    inputs: Vec<HostBuffer>,
    cotangents: Vec<HostBuffer>,
    target: Target,
    options: &RunOptions,
) -> Result<(Vec<HostBuffer>, Vec<HostBuffer>), Diagnostic> {
    if target == Target::Cpu {
        let program = CpuGrad::compile(module, spec, &CpuDerivativeOptions::default())?;
        return program.run(inputs, cotangents);
    }
    let bound = bind_spec(module, spec)?;
    let n = inputs.len();
    let mode = if target == Target::Xla {
        XLA_VJP
    } else {
        Mode::Vjp {
            plain_accumulation: true,
            gather: false,
            drop_unread_stores: false,
            dead_memory: false,
        }
    };
    let kernels = derive(module, &bound, mode, n)?;
    let (primal, adjoint) = derived_launches(&bound, &kernels, n)?;
    if target == Target::Xla {
        let float: Vec<bool> = inputs.iter().map(|b| b.dtype.is_float()).collect();
        let keep = vec![true; n];
        let program = grad_program(host_slots(&inputs)?, &float, &primal, &adjoint, &keep)?;
        let text = stablehlo::emit_program(&program)?;
        let mut all = inputs;
        all.extend(cotangents);
        let mut out = crate::xla::execute_on_pjrt(&text, all, options)?.0;
        let grads = out.split_off(n);
        return Ok((out, grads));
    }
    let writes = |ls: &[RaisedLaunch]| -> Vec<Vec<bool>> {
        ls.iter()
            .map(|l| written_buffers(l.kernel, &l.args, n))
            .collect()
    };
    let copy = saved_buffers(&writes(&primal), &writes(&adjoint));
    let int_shadows: Vec<bool> = adjoint
        .iter()
        .map(|l| touches_int_shadows(l, &inputs))
        .collect();
    let run = |launch: &RaisedLaunch, buffers| {
        run_raised(
            module,
            target,
            options,
            buffers,
            std::slice::from_ref(launch),
        )
    };
    let schedule = Schedule {
        copy: &copy,
        fused_last: false,
        int_shadows: &int_shadows,
    };
    reverse_schedule(
        &schedule,
        inputs,
        cotangents,
        |k, b| run(&primal[k], b),
        |k, b| run(&adjoint[k], b),
    )
}

/// Whether the derivative launch `l` (over buffers then shadows, like `buffers`) may read
/// or write the shadow of a non-float buffer.
fn touches_int_shadows(l: &RaisedLaunch, buffers: &[HostBuffer]) -> bool {
    let n = buffers.len();
    let r = read_buffers(l.kernel, &l.args, 2 * n);
    let w = written_buffers(l.kernel, &l.args, 2 * n);
    buffers
        .iter()
        .enumerate()
        .any(|(j, b)| !b.dtype.is_float() && (r[n + j] || w[n + j]))
}

/// What [`reverse_schedule`] needs to know about the launches besides running them.
struct Schedule<'a> {
    /// Per launch, the buffers to copy before it ([`saved_buffers`]).
    copy: &'a [Vec<bool>],
    /// The last launch's adjoint also performs that launch (it keeps the forward body's
    /// stores): the schedule does not run the last primal launch and lends the adjoint
    /// every buffer of the state before it, which the adjoint leaves as the final state.
    fused_last: bool,
    /// Per launch, whether its adjoint may read or write the cotangent of a non-float
    /// buffer ([`touches_int_shadows`]).
    int_shadows: &'a [bool],
}

/// The reverse-mode schedule on host buffers: run the primal launches forward
/// (`primal(k, state)`), keeping before launch `k` a copy of the buffers `copy[k]`
/// selects ([`saved_buffers`]); then, last launch first, run `adjoint(k, buffers ++
/// cotangents)` on the state before launch `k` (the copies, the other buffers lent from
/// the final state) and the current cotangents, which it turns into the cotangents of that
/// state. Cotangents of non-float buffers are zero whenever an adjoint that may touch
/// them runs, and at the end. With `fused_last` ([`Schedule`]) the last launch runs
/// only as its adjoint, on the state before it, all buffers lent. Gives the final
/// buffers and the cotangents of the initial ones.
fn reverse_schedule(
    schedule: &Schedule,
    inputs: Vec<HostBuffer>,
    mut cotangents: Vec<HostBuffer>,
    mut primal: impl FnMut(usize, Vec<HostBuffer>) -> Result<Vec<HostBuffer>, Diagnostic>,
    mut adjoint: impl FnMut(usize, Vec<HostBuffer>) -> Result<Vec<HostBuffer>, Diagnostic>,
) -> Result<(Vec<HostBuffer>, Vec<HostBuffer>), Diagnostic> {
    let n = inputs.len();
    let launches = schedule.copy.len();
    let fused = |k: usize| schedule.fused_last && k + 1 == launches;
    // The last row lends everything when the last launch is fused.
    let copy: Vec<Vec<bool>> = schedule
        .copy
        .iter()
        .enumerate()
        .map(|(k, c)| {
            if fused(k) {
                vec![false; c.len()]
            } else {
                c.clone()
            }
        })
        .collect();
    let mut saved = Vec::with_capacity(copy.len());
    let mut state = inputs;
    for (k, copy) in copy.iter().enumerate() {
        saved.push(
            state
                .iter()
                .zip(copy)
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
        if !fused(k) {
            state = primal(k, state)?;
        }
    }
    // Whether the non-float cotangents are known to be zero.
    let mut ints_zero = false;
    for (k, (before, copy)) in saved.into_iter().zip(&copy).enumerate().rev() {
        let touches = schedule.int_shadows.get(k).copied().unwrap_or(true);
        if touches && !ints_zero {
            zero_non_float(&mut cotangents);
            ints_zero = true;
        }
        // Buffers not copied are lent from the final state (the adjoint leaves them).
        let mut all = before;
        for (j, _) in copy.iter().enumerate().filter(|(_, &c)| !c) {
            all[j].data = std::mem::take(&mut state[j].data);
        }
        all.extend(cotangents);
        let mut out = adjoint(k, all)?;
        if out.len() != 2 * n {
            return Err(Diagnostic::new("internal", "an adjoint lost buffers"));
        }
        cotangents = out.split_off(n);
        for (j, _) in copy.iter().enumerate().filter(|(_, &c)| !c) {
            state[j].data = std::mem::take(&mut out[j].data);
        }
        ints_zero &= !touches;
    }
    if !ints_zero {
        zero_non_float(&mut cotangents);
    }
    Ok((state, cotangents))
}

/// How the compile-once CPU derivative programs ([`CpuGrad`], [`CpuJvp`]) prepare their
/// kernels. The default is what `raise grad --target cpu` and `raise jvp --target cpu`
/// run; the switches exist for A/B measurements.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CpuDerivativeOptions {
    /// The adjoints' race-free atomic adds become plain ([`adjoint_for_launch`]).
    pub plain_accumulation: bool,
    /// Alias scopes where a launch binds distinct buffers (off: see [`prepare_cpu`]).
    pub alias_scopes: bool,
    /// Global atomic adds privatized where legal and paying, float ones too
    /// (`lower::cpu::privatize`: reassociated; an adjoint's accumulation is a sum in no
    /// particular order, which the xla target's scatter-add reassociates as well).
    pub privatize: bool,
    /// The adjoints' scatter-form accumulations rewritten into gather form where proven
    /// legal (`parallel_ir::autodiff::gather`: reassociated, as `privatize`).
    pub gather: bool,
    /// The adjoints' stores to primal buffers they never read are removed (the schedule
    /// restores those buffers; [`AdjointPasses::drop_unread_stores`]).
    pub drop_unread_stores: bool,
    /// The adjoints' writes to memory nothing kept reads are removed
    /// ([`AdjointPasses::dead_memory`]).
    pub dead_memory: bool,
    /// [`CpuGrad`] runs the last launch only as its adjoint, which keeps the forward
    /// body's stores and so leaves the final buffers (no primal run of that launch and no
    /// copy before it; the adjoint's forward loads then also warm the cache for its
    /// reverse sweep), where that pays ([`fuse_last_launch`]).
    pub fuse_last: bool,
    /// With `plain_accumulation`: an adjoint whose atomic adds into a buffer stay inside
    /// each thread's own row of a row-bounds buffer (CSR's `row_ptr`) also gets a version
    /// with those adds plain, run when the rows are non-decreasing at run time
    /// ([`RowVersion`]).
    pub owned_rows: bool,
}

impl Default for CpuDerivativeOptions {
    fn default() -> Self {
        CpuDerivativeOptions {
            plain_accumulation: true,
            alias_scopes: false,
            privatize: true,
            gather: true,
            drop_unread_stores: true,
            dead_memory: true,
            fuse_last: true,
            owned_rows: true,
        }
    }
}

/// Compile a raised launch list for the CPU ([`prepare_cpu`] then
/// [`CpuLaunch::compile_facts`]); with `options.privatize`, buffer `j` and its shadow
/// `n + j` have `byte_lens[j]` bytes (the programs' `run` checks the sizes).
fn compile_cpu_launches(
    launches: &[RaisedLaunch],
    num_globals: usize,
    options: &CpuDerivativeOptions,
    byte_lens: &[usize],
) -> Result<Vec<CpuLaunch>, Diagnostic> {
    let sizes: Vec<usize> = byte_lens.iter().chain(byte_lens).copied().collect();
    launches
        .iter()
        .map(|l| {
            let cfg = config(l);
            let k = prepare_cpu(l.kernel, &cfg)?;
            let facts = if options.privatize {
                crate::cpu::privatize_facts(&l.args, &sizes, true)
            } else {
                lower::cpu::PrivatizeFacts::default()
            };
            let alias = options.alias_scopes;
            CpuLaunch::compile_facts(&k, &cfg, l.args.clone(), num_globals, alias, &facts)
        })
        .collect()
}

/// Replace the last launch's adjoint in `kernels` by one that keeps the forward body's
/// stores to the launch's buffers (no [`AdjointPasses::drop_unread_stores`]), so that
/// it performs the launch as well; gives whether it did.
///
/// When it pays: only when the adjoint derived as usual still reads a buffer the primal
/// kernel reads (gather_indirect's reverse sweep reloads `vals`, `col_idx` and `x`), so
/// that the forward loads in the fused adjoint serve its reverse sweep too (the data is
/// in cache) and one pass over the inputs is saved. An adjoint that reads none of the
/// launch's buffers (a linear kernel's, once its forward is dead: scan_block, saxpy)
/// would only get the forward moved into it, which measured slower for scan_block (its
/// fused adjoint 1.3x the primal and adjoint launches together).
///
/// Why that adjoint performs the launch: it re-executes the launch's forward body
/// (`parallel_ir::autodiff::reverse`: every thread runs the body, stores and barriers
/// included, on the buffers as they were before the launch), then the reverse sweep,
/// which writes shadow memory only (shadow buffers, shared and per-thread twins); the
/// passes after it keep every store to the launch's buffers (`deadmemory` may remove
/// buffer writes only of buffers the caller discards, none here), and those that rewrite
/// atomics keep their effect. So after it runs on the state before the launch, the
/// launch's buffers hold what the primal launch leaves in them (for a kernel whose
/// atomics make the result order-dependent, the result of one valid order, as any
/// primal run). As a check of that construction the fused adjoint must write exactly the
/// buffers the primal kernel writes; otherwise nothing is fused.
fn fuse_last_launch(
    bound: &[BoundLaunch],
    kernels: &mut Derived,
    mode: Mode,
    n: usize,
) -> Result<bool, Diagnostic> {
    let Mode::Vjp {
        plain_accumulation,
        gather,
        dead_memory,
        ..
    } = mode
    else {
        return Ok(false);
    };
    let Some(l) = bound.last() else {
        return Ok(false);
    };
    let raised = kernels.raised(l.kernel)?;
    let primal_reads = read_buffers(raised, &l.params, n);
    let reuse = match kernels.per_launch.last() {
        Some(a) => {
            let mut reads = read_buffers(a, &shadow_args(a, &l.params, n), n);
            if let Some(Some(e)) = kernels.epilogues.last() {
                let er = read_buffers(e, &shadow_args(e, &l.params, n), n);
                reads.iter_mut().zip(er).for_each(|(r, e)| *r |= e);
            }
            reads.iter().zip(&primal_reads).any(|(&a, &p)| a && p)
        }
        None => false,
    };
    if !reuse {
        return Ok(false);
    }
    let passes = AdjointPasses {
        plain_accumulation,
        gather,
        drop_unread_stores: false,
        dead_memory,
    };
    let (adjoint, epilogue) = adjoint_kernels_for_launch(raised, l, n, &passes)?;
    let primal_writes = written_buffers(raised, &l.params, n);
    let args = shadow_args(&adjoint, &l.params, n);
    let mut writes = written_buffers(&adjoint, &args, 2 * n);
    if let Some(e) = &epilogue {
        let ea = shadow_args(e, &l.params, n);
        for (w, e) in writes.iter_mut().zip(written_buffers(e, &ea, 2 * n)) {
            *w |= e;
        }
    }
    if writes[..n] != primal_writes[..] {
        return Ok(false);
    }
    let (Some(a), Some(e)) = (kernels.per_launch.last_mut(), kernels.epilogues.last_mut()) else {
        return Ok(false);
    };
    *a = adjoint;
    *e = epilogue;
    Ok(true)
}

/// An adjoint's version with row-owned accumulations made plain
/// (`parallel_ir::autodiff::rows`), and the run-time checks that select it: each a run of
/// row bounds that must be non-decreasing. Where a check fails (or the run does not lie
/// inside its buffer) the usual adjoint runs, so the gradient is always the usual one's.
pub struct RowVersion {
    launch: CpuLaunch,
    checks: Vec<RowRun>,
}

/// `count` signed integers of `bytes` bytes each, from byte `start` of buffer `buffer`
/// (of the adjoint's buffers and shadows), that must be non-decreasing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct RowRun {
    buffer: usize,
    start: usize,
    count: usize,
    bytes: usize,
}

impl RowRun {
    fn holds(&self, buffers: &[HostBuffer]) -> bool {
        let Some(data) = buffers.get(self.buffer).map(|b| &b.data) else {
            return false;
        };
        let Some(end) = self
            .count
            .checked_mul(self.bytes)
            .and_then(|n| n.checked_add(self.start))
        else {
            return false;
        };
        let Some(run) = data.get(self.start..end) else {
            return false;
        };
        match self.bytes {
            4 => non_decreasing::<4>(run, |c| i64::from(i32::from_le_bytes(c))),
            8 => non_decreasing::<8>(run, i64::from_le_bytes),
            _ => false,
        }
    }
}

/// Whether the little-endian integers of `run` (`W` bytes each) never decrease. No early
/// exit, so that it vectorises.
fn non_decreasing<const W: usize>(run: &[u8], value: impl Fn([u8; W]) -> i64) -> bool {
    let elems = run.chunks_exact(W).map(|c| {
        let mut a = [0u8; W];
        a.copy_from_slice(c);
        value(a)
    });
    let next = run.get(W..).unwrap_or(&[]).chunks_exact(W).map(|c| {
        let mut a = [0u8; W];
        a.copy_from_slice(c);
        value(a)
    });
    elems.zip(next).fold(true, |ok, (a, b)| ok & (a <= b))
}

/// The row-owned version of the adjoint `kernel` of launch `l` (see [`RowVersion`]),
/// when `parallel_ir::autodiff::rows` finds one.
fn row_version(
    kernel: &Kernel,
    l: &BoundLaunch,
    n: usize,
    globals: usize,
    options: &CpuDerivativeOptions,
    byte_lens: &[usize],
) -> Result<Option<RowVersion>, Diagnostic> {
    let opts = accumulate_options(kernel, l, n);
    let Some(owned) = parallel_ir::autodiff::rows::owned_rows(kernel, &opts) else {
        return Ok(None);
    };
    parallel_ir::verify::verify_kernel(&owned.kernel)?;
    let mut checks = Vec::new();
    for c in &owned.checks {
        let Some(Some((buffer, off))) = opts.param_buffers.get(c.param as usize) else {
            return Ok(None);
        };
        let bytes = c.ty.bytes() as usize;
        let (Ok(first), Ok(last), Ok(off)) = (
            usize::try_from(c.first),
            usize::try_from(c.last),
            usize::try_from(*off),
        ) else {
            return Ok(None);
        };
        let (Some(start), Some(count)) = (
            first.checked_mul(bytes).and_then(|b| b.checked_add(off)),
            last.checked_sub(first).and_then(|d| d.checked_add(1)),
        ) else {
            return Ok(None);
        };
        checks.push(RowRun {
            buffer: *buffer,
            start,
            count,
            bytes,
        });
    }
    let launch = RaisedLaunch {
        kernel: &owned.kernel,
        grid: l.config.grid,
        block: l.config.block,
        dynamic_shared_bytes: l.config.dynamic_shared_bytes,
        args: shadow_args(&owned.kernel, &l.params, n),
    };
    let mut c = compile_cpu_launches(&[launch], globals, options, byte_lens)?;
    Ok(c.pop().map(|launch| RowVersion { launch, checks }))
}

/// Reverse mode compiled once for the CPU backend: the raised primal kernels and their
/// adjoints prepared as [`grad`] runs them on `cpu`, each compiled once; [`CpuGrad::run`]
/// executes [`grad`]'s schedule on new inputs and cotangents any number of times.
pub struct CpuGrad {
    byte_lens: Vec<usize>,
    primal: Vec<CpuLaunch>,
    adjoint: Vec<CpuLaunch>,
    /// Per launch, the kernel run right after its adjoint, if any.
    epilogue: Vec<Option<CpuLaunch>>,
    /// Per launch, the adjoint's row-owned version, if any
    /// ([`CpuDerivativeOptions::owned_rows`]).
    rows: Vec<Option<RowVersion>>,
    copy: Vec<Vec<bool>>,
    /// The last launch runs only as its adjoint, which keeps the forward body's stores
    /// ([`CpuDerivativeOptions::fuse_last`]); `primal` then lacks the last launch.
    fused_last: bool,
    /// Per launch, whether its adjoint or epilogue may touch a non-float buffer's
    /// cotangent.
    int_shadows: Vec<bool>,
    globals: Vec<Vec<u8>>,
}

impl CpuGrad {
    pub fn compile(
        module: &Module,
        spec: &LaunchSpec,
        options: &CpuDerivativeOptions,
    ) -> Result<Self, Diagnostic> {
        let bound = bind_spec(module, spec)?;
        let n = spec.buffers.len();
        let mode = Mode::Vjp {
            plain_accumulation: options.plain_accumulation,
            gather: options.gather,
            drop_unread_stores: options.drop_unread_stores,
            dead_memory: options.dead_memory,
        };
        let mut kernels = derive(module, &bound, mode, n)?;
        let fused_last = options.fuse_last && fuse_last_launch(&bound, &mut kernels, mode, n)?;
        let (primal, adjoint) = derived_launches(&bound, &kernels, n)?;
        let writes = |ls: &[RaisedLaunch]| -> Vec<Vec<bool>> {
            ls.iter()
                .map(|l| written_buffers(l.kernel, &l.args, n))
                .collect()
        };
        let globals = crate::cpu::host_globals(module);
        let host: Vec<HostBuffer> = spec
            .buffers
            .iter()
            .map(|b| HostBuffer {
                dtype: b.dtype,
                shape: b.shape.clone(),
                data: Vec::new(),
            })
            .collect();
        let mut int_shadows: Vec<bool> = adjoint
            .iter()
            .map(|l| touches_int_shadows(l, &host))
            .collect();
        let byte_lens: Vec<usize> = spec.buffers.iter().map(|b| b.byte_len()).collect();
        // The epilogues run on the adjoint's launch and write cotangents only; their
        // writes still count for what the schedule saves.
        let mut adjoint_writes = writes(&adjoint);
        let mut adjoint_reads: Vec<Vec<bool>> = adjoint
            .iter()
            .map(|l| read_buffers(l.kernel, &l.args, n))
            .collect();
        let mut epilogue = Vec::with_capacity(bound.len());
        for ((((l, e), w), r), ints) in bound
            .iter()
            .zip(&kernels.epilogues)
            .zip(&mut adjoint_writes)
            .zip(&mut adjoint_reads)
            .zip(&mut int_shadows)
        {
            epilogue.push(match e {
                None => None,
                Some(e) => {
                    let launch = RaisedLaunch {
                        kernel: e,
                        grid: l.config.grid,
                        block: l.config.block,
                        dynamic_shared_bytes: l.config.dynamic_shared_bytes,
                        args: shadow_args(e, &l.params, n),
                    };
                    for (a, b) in w.iter_mut().zip(written_buffers(e, &launch.args, n)) {
                        *a |= b;
                    }
                    for (a, b) in r.iter_mut().zip(read_buffers(e, &launch.args, n)) {
                        *a |= b;
                    }
                    *ints |= touches_int_shadows(&launch, &host);
                    let c = compile_cpu_launches(&[launch], globals.len(), options, &byte_lens)?;
                    c.into_iter().next()
                }
            });
        }
        // An adjoint that neither reads nor writes a buffer needs no copy of it: the
        // schedule lends it the current state, which it passes through unchanged.
        let mut copy = saved_buffers(&writes(&primal), &adjoint_writes);
        for ((c, r), w) in copy.iter_mut().zip(&adjoint_reads).zip(&adjoint_writes) {
            for ((c, &r), &w) in c.iter_mut().zip(r).zip(w) {
                *c &= r || w;
            }
        }
        let mut rows = Vec::with_capacity(bound.len());
        for (l, k) in bound.iter().zip(&kernels.per_launch) {
            rows.push(if options.owned_rows && options.plain_accumulation {
                row_version(k, l, n, globals.len(), options, &byte_lens)?
            } else {
                None
            });
        }
        // A fused last launch runs as its adjoint only.
        let primal = &primal[..primal.len() - usize::from(fused_last)];
        Ok(CpuGrad {
            rows,
            copy,
            primal: compile_cpu_launches(primal, globals.len(), options, &byte_lens)?,
            adjoint: compile_cpu_launches(&adjoint, globals.len(), options, &byte_lens)?,
            epilogue,
            fused_last,
            int_shadows,
            byte_lens,
            globals,
        })
    }

    /// Whether the last launch runs only as its adjoint
    /// ([`CpuDerivativeOptions::fuse_last`], when the check of [`fuse_last_launch`]
    /// passed).
    pub fn fused_last(&self) -> bool {
        self.fused_last
    }

    /// Per launch, whether its adjoint has a row-owned version
    /// ([`CpuDerivativeOptions::owned_rows`]).
    pub fn row_versions(&self) -> Vec<bool> {
        self.rows.iter().map(Option::is_some).collect()
    }

    /// Per launch, whether the row-owned version of its adjoint would run on these
    /// buffers and cotangents (the buffers as they are before that launch: for the last
    /// launch, `inputs` in a one-launch program).
    pub fn row_checks_hold(&self, inputs: &[HostBuffer], cotangents: &[HostBuffer]) -> Vec<bool> {
        let all: Vec<HostBuffer> = inputs.iter().chain(cotangents).cloned().collect();
        self.rows
            .iter()
            .map(|v| {
                v.as_ref()
                    .is_some_and(|v| v.checks.iter().all(|c| c.holds(&all)))
            })
            .collect()
    }

    /// The final buffers and the cotangents of the initial buffers (as [`grad`]).
    /// Each launch sees the module's globals as initialised (as on `parallel-interp`).
    pub fn run(
        &self,
        inputs: Vec<HostBuffer>,
        cotangents: Vec<HostBuffer>,
    ) -> Result<(Vec<HostBuffer>, Vec<HostBuffer>), Diagnostic> {
        check_byte_lens("input", &self.byte_lens, &inputs)?;
        check_byte_lens("cotangent", &self.byte_lens, &cotangents)?;
        let run = |l: &CpuLaunch, mut buffers: Vec<HostBuffer>| {
            l.run(&mut buffers, &mut self.globals.clone())?;
            Ok(buffers)
        };
        let schedule = Schedule {
            copy: &self.copy,
            fused_last: self.fused_last,
            int_shadows: &self.int_shadows,
        };
        reverse_schedule(
            &schedule,
            inputs,
            cotangents,
            |k, b| match self.primal.get(k) {
                Some(l) => run(l, b),
                None => Err(Diagnostic::new("internal", "no primal launch to run")),
            },
            |k, b| {
                let launch = match self.rows.get(k) {
                    Some(Some(v)) if v.checks.iter().all(|c| c.holds(&b)) => &v.launch,
                    _ => &self.adjoint[k],
                };
                let b = run(launch, b)?;
                match self.epilogue.get(k) {
                    Some(Some(e)) => run(e, b),
                    _ => Ok(b),
                }
            },
        )
    }
}

/// Forward mode compiled once for the CPU backend (the JVP kernels as [`jvp`] runs them
/// on `cpu`); [`CpuJvp::run`] executes them on new inputs and tangents.
pub struct CpuJvp {
    byte_lens: Vec<usize>,
    launches: Vec<CpuLaunch>,
    globals: Vec<Vec<u8>>,
}

impl CpuJvp {
    pub fn compile(
        module: &Module,
        spec: &LaunchSpec,
        options: &CpuDerivativeOptions,
    ) -> Result<Self, Diagnostic> {
        let bound = bind_spec(module, spec)?;
        let n = spec.buffers.len();
        let kernels = derive(module, &bound, Mode::Jvp, n)?;
        let (_, launches) = derived_launches(&bound, &kernels, n)?;
        let globals = crate::cpu::host_globals(module);
        let byte_lens: Vec<usize> = spec.buffers.iter().map(|b| b.byte_len()).collect();
        Ok(CpuJvp {
            launches: compile_cpu_launches(&launches, globals.len(), options, &byte_lens)?,
            byte_lens,
            globals,
        })
    }

    /// The final buffers and their tangents (as [`jvp`]).
    pub fn run(
        &self,
        inputs: Vec<HostBuffer>,
        mut tangents: Vec<HostBuffer>,
    ) -> Result<(Vec<HostBuffer>, Vec<HostBuffer>), Diagnostic> {
        check_byte_lens("input", &self.byte_lens, &inputs)?;
        check_byte_lens("tangent", &self.byte_lens, &tangents)?;
        let n = inputs.len();
        zero_non_float(&mut tangents);
        let mut all = inputs;
        all.extend(tangents);
        let mut globals = self.globals.clone();
        for l in &self.launches {
            l.run(&mut all, &mut globals)?;
        }
        let mut tangents_out = all.split_off(n);
        zero_non_float(&mut tangents_out);
        Ok((all, tangents_out))
    }
}

/// Which of the first `n` buffers `kernel` may read when launched with `args`: the
/// buffers of the parameters it loads, atomically updates or copies from; all of them if
/// it reads through a pointer of unknown root or a pointer parameter not bound to a
/// buffer. (Conservative: every op of the kernel's arena counts.)
pub fn read_buffers(kernel: &Kernel, args: &[ParamValue], n: usize) -> Vec<bool> {
    use parallel_ir::ir::{Addr, MemRoot, OpKind};
    let mut out = vec![false; n];
    for op in &kernel.ops {
        let addr = match &op.kind {
            OpKind::Load { addr }
            | OpKind::Atomic { addr, .. }
            | OpKind::AtomicCas { addr, .. }
            | OpKind::Memcpy { src: addr, .. } => addr,
            _ => continue,
        };
        match addr {
            Addr::Root {
                root: MemRoot::Param(p),
                ..
            } => match args.get(*p as usize) {
                Some(ParamValue::BufferBase(j) | ParamValue::BufferOffset(j, _)) => {
                    if let Some(r) = out.get_mut(*j) {
                        *r = true;
                    }
                }
                _ => out.iter_mut().for_each(|r| *r = true),
            },
            Addr::Root { .. } => {}
            Addr::Dynamic(_) => out.iter_mut().for_each(|r| *r = true),
        }
    }
    out
}

/// Which of the first `n` buffers `kernel` may write when launched with `args`: the
/// buffers of the parameters it stores, atomically updates, copies or sets into; all of
/// them if it writes through a pointer of unknown root or a pointer parameter not bound
/// to a buffer. (Conservative: every op of the kernel's arena counts.)
pub fn written_buffers(kernel: &Kernel, args: &[ParamValue], n: usize) -> Vec<bool> {
    use parallel_ir::ir::{Addr, MemRoot, OpKind};
    let mut out = vec![false; n];
    for op in &kernel.ops {
        let addr = match &op.kind {
            OpKind::Store { addr, .. }
            | OpKind::Atomic { addr, .. }
            | OpKind::AtomicCas { addr, .. }
            | OpKind::Memcpy { dst: addr, .. }
            | OpKind::Memset { dst: addr, .. } => addr,
            _ => continue,
        };
        match addr {
            Addr::Root {
                root: MemRoot::Param(p),
                ..
            } => match args.get(*p as usize) {
                Some(ParamValue::BufferBase(j) | ParamValue::BufferOffset(j, _)) => {
                    if let Some(w) = out.get_mut(*j) {
                        *w = true;
                    }
                }
                _ => out.iter_mut().for_each(|w| *w = true),
            },
            Addr::Root { .. } => {}
            Addr::Dynamic(_) => out.iter_mut().for_each(|w| *w = true),
        }
    }
    out
}

/// The reverse-mode schedule's copies: for each launch `k`, the buffers whose state
/// before launch `k` must be copied (`primal_writes[k'][j]`: launch `k'` may write buffer
/// `j`; `adjoint_writes[k]`: the adjoint of launch `k` may write it). A buffer that no
/// launch from `k` on writes holds its before-`k` value at the end of the primal
/// program, and one that the adjoint of `k` does not write is left as it is, so that
/// adjoint can run on the final buffer itself instead of a copy.
pub fn saved_buffers(primal_writes: &[Vec<bool>], adjoint_writes: &[Vec<bool>]) -> Vec<Vec<bool>> {
    let mut later: Vec<bool> = Vec::new();
    let mut out = vec![Vec::new(); primal_writes.len()];
    for k in (0..primal_writes.len()).rev() {
        let pw = &primal_writes[k];
        if later.len() < pw.len() {
            later.resize(pw.len(), false);
        }
        for (l, &w) in later.iter_mut().zip(pw) {
            *l |= w;
        }
        let aw = adjoint_writes.get(k);
        out[k] = later
            .iter()
            .enumerate()
            .map(|(j, &l)| l || aw.and_then(|a| a.get(j)).copied().unwrap_or(true))
            .collect();
    }
    out
}

/// The buffers to write gradients for: every float buffer, or those named in `wrt`
/// (comma-separated; an unknown or non-float name is an error).
pub fn parse_wrt(spec: &LaunchSpec, wrt: Option<&str>) -> Result<Vec<bool>, Diagnostic> {
    let mut keep: Vec<bool> = spec.buffers.iter().map(|b| b.dtype.is_float()).collect();
    if let Some(list) = wrt {
        keep.iter_mut().for_each(|k| *k = false);
        for name in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let i = spec.buffer_index(name).ok_or_else(|| {
                Diagnostic::new("bad-argument", format!("--wrt: no buffer named '{name}'"))
            })?;
            if !spec.buffers[i].dtype.is_float() {
                return Err(Diagnostic::new(
                    "bad-argument",
                    format!("--wrt: buffer '{name}' is not floating point"),
                ));
            }
            keep[i] = true;
        }
    }
    Ok(keep)
}
