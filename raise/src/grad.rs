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

use frontend::interp::{LaunchConfig, Memory};
use frontend::ir::{AddrSpace, Module};
use frontend::Diagnostic;
use lower::cpu::CpuArg;
use lower::stablehlo::{self, Arg, Buffer};
use parallel_ir::ir::Kernel;

use crate::bind::ParamValue;
use crate::buffers::HostBuffer;
use crate::driver::{bind_spec, RunOptions, Target};
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

/// The CPU backend: distribute at barriers, compile, run on the host buffers.
fn run_raised_cpu(
    module: &Module,
    mut buffers: Vec<HostBuffer>,
    launches: &[RaisedLaunch],
) -> Result<Vec<HostBuffer>, Diagnostic> {
    let mut globals: Vec<Vec<u8>> = module
        .globals
        .iter()
        .map(|g| {
            let mut bytes = vec![0u8; (g.bytes as usize).max(1)];
            if g.space != AddrSpace::Shared {
                if let Some(init) = &g.init {
                    let n = init.len().min(bytes.len());
                    bytes[..n].copy_from_slice(&init[..n]);
                }
            }
            bytes
        })
        .collect();
    for l in launches {
        let cfg = config(l);
        let mut k = l.kernel.clone();
        parallel_ir::transforms::distribute::distribute(&mut k, &cfg)?;
        let compiled = lower::cpu::compile(&k, &cfg, globals.len())?;
        let bases: Vec<*mut u8> = buffers.iter_mut().map(|b| b.data.as_mut_ptr()).collect();
        let args: Vec<CpuArg> = l
            .args
            .iter()
            .map(|p| match *p {
                ParamValue::Bits(b) => CpuArg::Bits(b),
                ParamValue::BufferBase(i) => {
                    CpuArg::Ptr(bases.get(i).copied().unwrap_or(std::ptr::null_mut()))
                }
                ParamValue::BufferOffset(i, off) => CpuArg::Ptr(
                    bases
                        .get(i)
                        .map(|b| b.wrapping_add(off as usize))
                        .unwrap_or(std::ptr::null_mut()),
                ),
            })
            .collect();
        let gptrs: Vec<*mut u8> = globals.iter_mut().map(|g| g.as_mut_ptr()).collect();
        // SAFETY: the pointers are our host buffers and the module's globals, alive for the
        // call; the transformed kernel accesses the shadow buffers exactly where the primal
        // kernel accesses the primal ones (same sizes), which is the spec's contract.
        unsafe { compiled.run(&args, &gptrs)? };
    }
    Ok(buffers)
}

/// The StableHLO module of raised launches over `buffers`.
pub fn emit_raised_stablehlo(
    buffers: &[HostBuffer],
    launches: &[RaisedLaunch],
) -> Result<String, Diagnostic> {
    let hlo_buffers = buffers
        .iter()
        .enumerate()
        .map(|(i, b)| {
            Ok(Buffer {
                name: format!("b{i}"),
                element: crate::xla::element_type(b.dtype)?,
                shape: b.shape.iter().map(|&d| d as i64).collect(),
            })
        })
        .collect::<Result<Vec<_>, Diagnostic>>()?;
    let mut hlo_launches = Vec::with_capacity(launches.len());
    for l in launches {
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
        hlo_launches.push(stablehlo::Launch {
            kernel: l.kernel,
            grid: l.grid,
            block: l.block,
            dynamic_shared_bytes: l.dynamic_shared_bytes,
            args,
        });
    }
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
fn shadow_args(kernel: &Kernel, args: &[ParamValue], n: usize) -> Vec<ParamValue> {
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

/// Forward mode: the final buffers and their tangents (spec order), given the initial
/// buffers and their tangents.
pub fn jvp(
    module: &Module,
    spec: &LaunchSpec,
    inputs: Vec<HostBuffer>,
    mut tangents: Vec<HostBuffer>,
    target: Target,
    options: &RunOptions,
) -> Result<(Vec<HostBuffer>, Vec<HostBuffer>), Diagnostic> {
    let bound = bind_spec(module, spec)?;
    let n = inputs.len();
    let mut raised: Vec<(frontend::ir::FuncId, Kernel)> = Vec::new();
    for l in &bound {
        if !raised.iter().any(|(f, _)| *f == l.kernel) {
            raised.push((l.kernel, parallel_ir::raise_kernel(module, l.kernel)?));
        }
    }
    // Tangent kernels specialised to each launch (scalars, dimensions).
    let mut kernels = Vec::with_capacity(bound.len());
    for l in &bound {
        let k = raised
            .iter()
            .find(|(f, _)| *f == l.kernel)
            .map(|(_, k)| k)
            .ok_or_else(|| Diagnostic::new("internal", "kernel not raised"))?;
        kernels.push(parallel_ir::autodiff::jvp_kernel_for_launch(
            k,
            &l.config,
            &launch_scalars(&l.params),
        )?);
    }
    let mut launches = Vec::with_capacity(bound.len());
    for (l, kernel) in bound.iter().zip(&kernels) {
        launches.push(RaisedLaunch {
            kernel,
            grid: l.config.grid,
            block: l.config.block,
            dynamic_shared_bytes: l.config.dynamic_shared_bytes,
            args: shadow_args(kernel, &l.params, n),
        });
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
/// The launches run forward one at a time, keeping a copy of all buffers before each;
/// then, last launch first, the adjoint kernel runs on a scratch copy of the state
/// before its launch plus the current cotangents, which it turns into the cotangents of
/// that state.
pub fn grad(
    module: &Module,
    spec: &LaunchSpec,
    inputs: Vec<HostBuffer>,
    mut cotangents: Vec<HostBuffer>,
    target: Target,
    options: &RunOptions,
) -> Result<(Vec<HostBuffer>, Vec<HostBuffer>), Diagnostic> {
    let bound = bind_spec(module, spec)?;
    let n = inputs.len();
    let mut kernels: Vec<(frontend::ir::FuncId, Kernel)> = Vec::new();
    for l in &bound {
        if !kernels.iter().any(|(f, _)| *f == l.kernel) {
            let raised = parallel_ir::raise_kernel(module, l.kernel)?;
            kernels.push((l.kernel, raised));
        }
    }
    let find = |f| {
        kernels
            .iter()
            .find(|(g, _)| *g == f)
            .ok_or_else(|| Diagnostic::new("internal", "kernel not differentiated"))
    };
    let mut saved = Vec::with_capacity(bound.len());
    let mut state = inputs;
    for l in &bound {
        let (_, raised) = find(l.kernel)?;
        let launch = RaisedLaunch {
            kernel: raised,
            grid: l.config.grid,
            block: l.config.block,
            dynamic_shared_bytes: l.config.dynamic_shared_bytes,
            args: l.params.clone(),
        };
        let next = run_raised(module, target, options, state.clone(), &[launch])?;
        saved.push(std::mem::replace(&mut state, next));
    }
    zero_non_float(&mut cotangents);
    for (l, before) in bound.iter().zip(saved).rev() {
        let (_, raised) = find(l.kernel)?;
        // The adjoint is specialised to the launch (scalars, dimensions), which bounds
        // its loops (see `parallel_ir::autodiff::vjp_kernel_for_launch`).
        let adjoint = parallel_ir::autodiff::vjp_kernel_for_launch(
            raised,
            &l.config,
            &launch_scalars(&l.params),
        )?;
        let launch = RaisedLaunch {
            kernel: &adjoint,
            grid: l.config.grid,
            block: l.config.block,
            dynamic_shared_bytes: l.config.dynamic_shared_bytes,
            args: shadow_args(&adjoint, &l.params, n),
        };
        let mut all = before;
        all.extend(cotangents);
        let mut out = run_raised(module, target, options, all, &[launch])?;
        cotangents = out.split_off(n);
        zero_non_float(&mut cotangents);
    }
    Ok((state, cotangents))
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
