//! The pipeline as a library: load a module, run a launch spec on a target, emit IR.
//!
//! The `raise` binary is a thin layer over these functions; a future build-script crate
//! calls them directly.

use std::path::Path;

use frontend::interp::{LaunchConfig, Memory};
use frontend::ir::{FuncId, Module};
use frontend::Diagnostic;

use crate::bind::{bind_args, ParamValue};
use crate::buffers::HostBuffer;
use crate::spec::LaunchSpec;

/// Where a launch program runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// The kernel-IR interpreter: exact CUDA semantics, every thread.
    Interp,
    /// The structured parallel IR's interpreter (after raising).
    ParallelInterp,
    /// Barrier-free parallel loops compiled for the CPU.
    Cpu,
    /// StableHLO compiled and run by XLA through a PJRT plugin.
    Xla,
}

impl Target {
    pub const NAMES: &'static [&'static str] = &["interp", "parallel-interp", "cpu", "xla"];
    pub fn parse(s: &str) -> Option<Target> {
        Some(match s {
            "interp" => Target::Interp,
            "parallel-interp" => Target::ParallelInterp,
            "cpu" => Target::Cpu,
            "xla" => Target::Xla,
            _ => return None,
        })
    }
    pub fn name(self) -> &'static str {
        match self {
            Target::Interp => "interp",
            Target::ParallelInterp => "parallel-interp",
            Target::Cpu => "cpu",
            Target::Xla => "xla",
        }
    }
}

/// Options of a run beyond the target.
#[derive(Clone, Debug, Default)]
pub struct RunOptions {
    /// A PJRT plugin for `--target xla`.
    pub pjrt_plugin: Option<std::path::PathBuf>,
}

/// The final buffers of a run, in spec order, and notes for the user (fallbacks taken).
#[derive(Debug)]
pub struct RunResult {
    pub buffers: Vec<HostBuffer>,
    pub notes: Vec<String>,
}

/// Read a `.ll` / `.ptx` file into a verified kernel-IR module.
pub fn load_module(path: &Path) -> Result<Module, Diagnostic> {
    if !path.exists() {
        return Err(Diagnostic::new(
            "io",
            format!("{}: no such file", path.display()),
        ));
    }
    frontend::load_module(path)
}

/// Resolve every launch's kernel and bind its arguments (checks the spec against the
/// module before anything runs).
pub fn bind_spec(module: &Module, spec: &LaunchSpec) -> Result<Vec<BoundLaunch>, Diagnostic> {
    let mut out = Vec::with_capacity(spec.launches.len());
    for (i, launch) in spec.launches.iter().enumerate() {
        let kernel = module.find_kernel(&launch.kernel).map_err(|d| {
            Diagnostic::new(
                if d.code == "unknown-kernel" {
                    "bad-spec"
                } else {
                    d.code
                },
                format!("{}: launch {}: {}", spec.path, i + 1, d.message),
            )
        })?;
        let params = bind_args(spec, i, launch, module.function(kernel))
            .map_err(|d| Diagnostic::new(d.code, format!("{}: {}", spec.path, d.message)))?;
        out.push(BoundLaunch {
            kernel,
            config: LaunchConfig {
                grid: launch.grid,
                block: launch.block,
                dynamic_shared_bytes: launch.shared_bytes,
            },
            params,
        });
    }
    Ok(out)
}

/// One launch with its kernel resolved and its parameters bound.
#[derive(Clone, Debug)]
pub struct BoundLaunch {
    pub kernel: FuncId,
    pub config: LaunchConfig,
    pub params: Vec<ParamValue>,
}

/// Run the spec's launches on `target`, starting from `inputs` (one buffer per spec buffer).
pub fn run(
    module: &Module,
    spec: &LaunchSpec,
    inputs: Vec<HostBuffer>,
    target: Target,
    options: &RunOptions,
) -> Result<RunResult, Diagnostic> {
    let launches = bind_spec(module, spec)?;
    match target {
        Target::Interp => run_interp(module, spec, inputs, &launches),
        Target::ParallelInterp => run_parallel_interp(module, spec, inputs, &launches),
        Target::Xla => crate::xla::run_xla(module, spec, inputs, &launches, options),
        Target::Cpu => crate::cpu::with_buffer_names(spec, || {
            crate::cpu::run_cpu(module, spec, inputs, &launches)
        }),
    }
}

fn run_interp(
    module: &Module,
    spec: &LaunchSpec,
    inputs: Vec<HostBuffer>,
    launches: &[BoundLaunch],
) -> Result<RunResult, Diagnostic> {
    run_on_memory(
        module,
        spec,
        inputs,
        launches,
        &mut |launch, params, memory, _notes| {
            frontend::interp::launch(module, launch.kernel, &launch.config, params, memory)
        },
    )
}

/// Raise each launched kernel to the parallel IR and run it on the parallel-IR
/// interpreter; a kernel that cannot be raised runs on the kernel-IR interpreter instead,
/// with a note saying so.
fn run_parallel_interp(
    module: &Module,
    spec: &LaunchSpec,
    inputs: Vec<HostBuffer>,
    launches: &[BoundLaunch],
) -> Result<RunResult, Diagnostic> {
    let mut raised: std::collections::HashMap<FuncId, Result<parallel_ir::ir::Kernel, Diagnostic>> =
        std::collections::HashMap::new();
    run_on_memory(
        module,
        spec,
        inputs,
        launches,
        &mut |launch, params, memory, notes| {
            let kernel = raised.entry(launch.kernel).or_insert_with(|| {
            let r = parallel_ir::raise_kernel(module, launch.kernel);
            if let Err(d) = &r {
                notes.push(format!(
                    "kernel '{}' could not be raised to the parallel IR ({d}); it ran on the kernel-IR interpreter instead",
                    module.function(launch.kernel).display_name
                ));
            }
            r
        });
            match kernel {
                Ok(k) => parallel_ir::interp::launch(module, k, &launch.config, params, memory),
                Err(_) => {
                    frontend::interp::launch(module, launch.kernel, &launch.config, params, memory)
                }
            }
        },
    )
}

type LaunchFn<'a> =
    dyn FnMut(&BoundLaunch, &[u64], &mut Memory, &mut Vec<String>) -> Result<(), Diagnostic> + 'a;

fn run_on_memory(
    module: &Module,
    spec: &LaunchSpec,
    inputs: Vec<HostBuffer>,
    launches: &[BoundLaunch],
    run_launch: &mut LaunchFn<'_>,
) -> Result<RunResult, Diagnostic> {
    let mut notes = Vec::new();
    let mut memory = Memory::new(module);
    let mut shapes = Vec::with_capacity(inputs.len());
    let mut bases = Vec::with_capacity(inputs.len());
    for (buffer, input) in spec.buffers.iter().zip(inputs) {
        shapes.push((input.dtype, input.shape.clone()));
        bases.push(memory.add_buffer(&buffer.name, input.data));
    }
    for launch in launches {
        let params: Vec<u64> = launch.params.iter().map(|p| p.resolve(&bases)).collect();
        run_launch(launch, &params, &mut memory, &mut notes)?;
    }
    let mut buffers = Vec::with_capacity(bases.len());
    for ((dtype, shape), base) in shapes.into_iter().zip(bases) {
        let data = memory
            .buffer(base)
            .ok_or_else(|| Diagnostic::new("internal", "a buffer disappeared from device memory"))?
            .to_vec();
        buffers.push(HostBuffer { dtype, shape, data });
    }
    Ok(RunResult { buffers, notes })
}

/// Raise every kernel of `module` to the parallel IR and print them (the first kernel that
/// cannot be raised gives its diagnostic).
pub fn emit_parallel_ir(module: &Module) -> Result<String, Diagnostic> {
    let mut out = String::new();
    for (_, kernel) in parallel_ir::raise_module(module) {
        let kernel = kernel?;
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(&parallel_ir::print::print_kernel(&kernel));
    }
    Ok(out)
}

/// Barrier statistics (`raise emit --stats`): raise every kernel and run barrier
/// elimination, reporting per kernel the barriers found, removed and kept, with the reason
/// for each. With a spec, each launch is analysed for its block size and with its pointer
/// parameters known to be distinct buffers (when the spec binds each to its own buffer);
/// without one, for any block size and possibly aliasing parameters.
pub fn barrier_stats(module: &Module, spec: Option<&LaunchSpec>) -> Result<String, Diagnostic> {
    use parallel_ir::transforms::barrier_elim::{eliminate_barriers, BarrierElimOptions};
    let mut out = String::new();
    match spec {
        Some(spec) => {
            let launches = bind_spec(module, spec)?;
            for (i, launch) in launches.iter().enumerate() {
                let mut kernel = parallel_ir::raise_kernel(module, launch.kernel)?;
                let mut bases: Vec<usize> = Vec::new();
                let mut distinct = true;
                for p in &launch.params {
                    let base = match p {
                        ParamValue::BufferBase(b) | ParamValue::BufferOffset(b, _) => *b,
                        ParamValue::Bits(_) => continue,
                    };
                    if bases.contains(&base) {
                        distinct = false;
                    }
                    bases.push(base);
                }
                let options = BarrierElimOptions {
                    block_dims: Some(launch.config.block),
                    noalias_params: distinct,
                };
                let stats = eliminate_barriers(&mut kernel, &options);
                out.push_str(&format!(
                    "launch {} (block {:?}, {} parameters):\n{stats}",
                    i + 1,
                    launch.config.block,
                    if distinct {
                        "distinct buffer"
                    } else {
                        "aliasing buffer"
                    }
                ));
            }
        }
        None => {
            for (_, kernel) in parallel_ir::raise_module(module) {
                let mut kernel = kernel?;
                let stats = eliminate_barriers(&mut kernel, &BarrierElimOptions::default());
                out.push_str(&stats.to_string());
            }
        }
    }
    Ok(out)
}
