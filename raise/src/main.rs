//! The `raise` command: a thin layer over the `raise` library.
//!
//! Exit status 0 on success; otherwise one line on stderr
//! (`file:line:col: error[code]: message`) and exit status 1. On error nothing is written
//! to `--outputs`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use frontend::Diagnostic;
use raise::driver::{self, RunOptions, Target};

#[derive(Parser)]
#[command(
    name = "raise",
    version,
    about = "Raise GPU kernels (LLVM IR / PTX) and run them anywhere"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run a launch spec on a target and write every buffer as .npy.
    Run {
        /// Device code: .ll (clang CUDA, Numba NVVM IR) or .ptx.
        module: PathBuf,
        #[arg(long)]
        spec: PathBuf,
        /// Folder of <buffer>.npy inputs (a missing file means zeros).
        #[arg(long)]
        inputs: Option<PathBuf>,
        /// Folder that receives <buffer>.npy for every buffer.
        #[arg(long)]
        outputs: PathBuf,
        /// interp | parallel-interp | cpu | xla
        #[arg(long, default_value = "interp")]
        target: String,
        /// PJRT plugin for --target xla (else $RAISE_PJRT_PLUGIN, else known locations).
        #[arg(long)]
        pjrt_plugin: Option<PathBuf>,
    },
    /// Print or write an intermediate form.
    Emit {
        module: PathBuf,
        #[arg(long)]
        spec: Option<PathBuf>,
        /// kernel-ir | parallel-ir | stablehlo | cpu-object
        #[arg(long, default_value = "kernel-ir")]
        emit: String,
        /// Output file (default: stdout).
        #[arg(short = 'o', long)]
        output: Option<PathBuf>,
        /// With --emit stablehlo --spec: the reverse-mode module. For n spec buffers,
        /// @main takes the n buffers then n cotangents of the final buffers (cotangent i has
        /// buffer i's dtype and shape; ignored for integer buffers) and returns the n final
        /// buffers then the n gradients (zeros for integer buffers), all in spec order.
        #[arg(long, conflicts_with = "jvp")]
        grad: bool,
        /// With --emit stablehlo --spec: the forward-mode module. @main takes the n buffers
        /// then n tangents and returns the n final buffers then their tangents (spec order).
        #[arg(long)]
        jvp: bool,
        /// With --grad: return only these buffers' gradients (comma-separated, spec order
        /// kept).
        #[arg(long, requires = "grad")]
        wrt: Option<String>,
        /// Print per-kernel barrier statistics (found, removed, kept and why) to stderr;
        /// with --spec, for each launch's block size and buffer binding.
        #[arg(long)]
        stats: bool,
    },
    /// Reverse mode: final buffers and grad_<buffer>.npy (vector-Jacobian products).
    Grad {
        module: PathBuf,
        #[arg(long)]
        spec: PathBuf,
        #[arg(long)]
        inputs: Option<PathBuf>,
        /// Folder of <buffer>.npy cotangents of the final buffers (a missing file means zeros).
        #[arg(long)]
        cotangents: Option<PathBuf>,
        #[arg(long)]
        outputs: PathBuf,
        #[arg(long, default_value = "xla")]
        target: String,
        /// Comma-separated buffers to differentiate with respect to (default: every float buffer).
        #[arg(long)]
        wrt: Option<String>,
        #[arg(long)]
        pjrt_plugin: Option<PathBuf>,
    },
    /// Forward mode: final buffers and tangent_<buffer>.npy.
    Jvp {
        module: PathBuf,
        #[arg(long)]
        spec: PathBuf,
        #[arg(long)]
        inputs: Option<PathBuf>,
        /// Folder of <buffer>.npy tangents of the initial buffers (a missing file means zeros).
        #[arg(long)]
        tangents: Option<PathBuf>,
        #[arg(long)]
        outputs: PathBuf,
        #[arg(long, default_value = "xla")]
        target: String,
        #[arg(long)]
        pjrt_plugin: Option<PathBuf>,
    },
}

fn parse_target(name: &str) -> Result<Target, Diagnostic> {
    Target::parse(name).ok_or_else(|| {
        Diagnostic::new(
            "bad-argument",
            format!(
                "unknown target '{name}' (choose one of: {})",
                Target::NAMES.join(", ")
            ),
        )
    })
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let guard = FaultGuard::install();
    let out = execute(cli.command);
    drop(guard);
    match out {
        Ok(()) => ExitCode::SUCCESS,
        Err(diag) => {
            eprintln!("{diag}");
            ExitCode::FAILURE
        }
    }
}

fn execute(command: Command) -> Result<(), Diagnostic> {
    match command {
        Command::Run {
            module,
            spec,
            inputs,
            outputs,
            target,
            pjrt_plugin,
        } => {
            let target = parse_target(&target)?;
            let spec = raise::spec::load_spec(&spec).map_err(spec_diag)?;
            let module = driver::load_module(&module)?;
            let inputs = raise::spec::load_inputs(&spec, inputs.as_deref()).map_err(spec_diag)?;
            let result = driver::run(&module, &spec, inputs, target, &RunOptions { pjrt_plugin })?;
            for note in &result.notes {
                eprintln!("note: {note}");
            }
            raise::spec::write_outputs(&spec, &outputs, &result.buffers).map_err(spec_diag)?;
            Ok(())
        }
        Command::Emit {
            module,
            spec,
            emit,
            output,
            grad,
            jvp,
            wrt,
            stats,
        } => {
            let module = driver::load_module(&module)?;
            if stats {
                let spec = match &spec {
                    Some(path) => Some(raise::spec::load_spec(path).map_err(spec_diag)?),
                    None => None,
                };
                eprint!("{}", driver::barrier_stats(&module, spec.as_ref())?);
            }
            if emit == "cpu-object" && !grad && !jvp {
                return emit_cpu_object(&module, spec.as_deref(), output.as_deref());
            }
            if emit == "stablehlo" && (grad || jvp) {
                let Some(spec) = spec else {
                    return Err(Diagnostic::new("bad-argument", "--emit stablehlo --grad/--jvp needs --spec (the module is one function over the spec's buffers)"));
                };
                let spec = raise::spec::load_spec(&spec).map_err(spec_diag)?;
                let text = if grad {
                    let keep = match wrt.as_deref() {
                        Some(_) => raise::grad::parse_wrt(&spec, wrt.as_deref())?,
                        None => vec![true; spec.buffers.len()],
                    };
                    raise::grad::emit_grad_stablehlo(&module, &spec, &keep)?
                } else {
                    raise::grad::emit_jvp_stablehlo(&module, &spec)?
                };
                return write_text(output.as_deref(), &text);
            }
            let grad = grad || jvp;
            let text = match (emit.as_str(), grad) {
                ("kernel-ir", false) => frontend::ir::print::print_module(&module),
                ("stablehlo", false) => {
                    let Some(spec) = spec else {
                        return Err(Diagnostic::new("bad-argument", "--emit stablehlo needs --spec (the module is one function over the spec's buffers)"));
                    };
                    let spec = raise::spec::load_spec(&spec).map_err(spec_diag)?;
                    raise::xla::emit_stablehlo(&module, &spec)?
                }
                ("parallel-ir", false) => driver::emit_parallel_ir(&module)?,
                ("kernel-ir" | "parallel-ir" | "cpu-object", true) => {
                    return Err(Diagnostic::new("bad-argument", "--grad and --jvp apply to --emit stablehlo"))
                }
                ("stablehlo" | "cpu-object", _) => {
                    return Err(Diagnostic::new(
                        "unsupported-target",
                        format!("--emit {emit} is not available yet in this build"),
                    ))
                }
                _ => {
                    return Err(Diagnostic::new(
                        "bad-argument",
                        format!("unknown --emit '{emit}' (choose one of: kernel-ir, parallel-ir, stablehlo, cpu-object)"),
                    ))
                }
            };
            write_text(output.as_deref(), &text)
        }
        Command::Jvp {
            module,
            spec,
            inputs,
            tangents,
            outputs,
            target,
            pjrt_plugin,
        } => {
            let target = parse_target(&target)?;
            let spec = raise::spec::load_spec(&spec).map_err(spec_diag)?;
            let module = driver::load_module(&module)?;
            let inputs = raise::spec::load_inputs(&spec, inputs.as_deref()).map_err(spec_diag)?;
            let tangents = raise::grad::load_shadow(&spec, tangents.as_deref())?;
            let (finals, tangents) = raise::cpu::with_buffer_names(&spec, || {
                raise::grad::jvp(
                    &module,
                    &spec,
                    inputs,
                    tangents,
                    target,
                    &RunOptions { pjrt_plugin },
                )
            })?;
            raise::spec::write_outputs(&spec, &outputs, &finals).map_err(spec_diag)?;
            raise::grad::write_prefixed(&spec, &outputs, "tangent_", &tangents, |_| true)
        }
        Command::Grad {
            module,
            spec,
            inputs,
            cotangents,
            outputs,
            target,
            wrt,
            pjrt_plugin,
        } => {
            let target = parse_target(&target)?;
            let spec = raise::spec::load_spec(&spec).map_err(spec_diag)?;
            let wrt = raise::grad::parse_wrt(&spec, wrt.as_deref())?;
            let module = driver::load_module(&module)?;
            let inputs = raise::spec::load_inputs(&spec, inputs.as_deref()).map_err(spec_diag)?;
            let cotangents = raise::grad::load_shadow(&spec, cotangents.as_deref())?;
            let (finals, grads) = raise::cpu::with_buffer_names(&spec, || {
                raise::grad::grad(
                    &module,
                    &spec,
                    inputs,
                    cotangents,
                    target,
                    &RunOptions { pjrt_plugin },
                )
            })?;
            raise::spec::write_outputs(&spec, &outputs, &finals).map_err(spec_diag)?;
            raise::grad::write_prefixed(&spec, &outputs, "grad_", &grads, |i| wrt[i])
        }
    }
}

/// `--emit cpu-object`: needs the launch (`--spec`) and an output file (`-o`).
fn emit_cpu_object(
    module: &frontend::ir::Module,
    spec: Option<&Path>,
    output: Option<&Path>,
) -> Result<(), Diagnostic> {
    let (Some(spec), Some(output)) = (spec, output) else {
        return Err(Diagnostic::new(
            "bad-argument",
            "--emit cpu-object needs --spec (the launch to compile) and -o FILE.o",
        ));
    };
    let spec = raise::spec::load_spec(spec).map_err(spec_diag)?;
    let launches = driver::bind_spec(module, &spec)?;
    for path in raise::cpu::emit_cpu_objects(module, &launches, output)? {
        eprintln!("wrote {}", path.display());
    }
    Ok(())
}

fn spec_diag(e: impl std::fmt::Display) -> Diagnostic {
    Diagnostic::new("bad-spec", e.to_string())
}

fn write_text(path: Option<&Path>, text: &str) -> Result<(), Diagnostic> {
    match path {
        None => {
            print!("{text}");
            Ok(())
        }
        Some(p) => std::fs::write(p, text)
            .map_err(|e| Diagnostic::new("io", format!("{}: cannot write: {e}", p.display()))),
    }
}

/// The last line of defence for `--target cpu`: while compiled CPU code runs a launch
/// (`raise::cpu::RUNNING_KERNEL` is set), a SIGSEGV or SIGBUS prints one named diagnostic
/// and exits 1 instead of dying with signal 11/7 (data-dependent accesses are
/// bounds-checked, so this means an unchecked access went outside its buffers). Outside a
/// launch the previous handler is put back and the signal re-raised (the fault repeats
/// when the handler returns). The handler only loads atomics and calls `write(2)`,
/// `sigaction` and `_exit`, which are async-signal-safe. The previous handlers are
/// restored when the guard is dropped.
struct FaultGuard;

/// The handlers `FaultGuard::install` replaced.
static OLD_ACTIONS: std::sync::OnceLock<[libc::sigaction; 2]> = std::sync::OnceLock::new();

const FAULT_SIGNALS: [libc::c_int; 2] = [libc::SIGSEGV, libc::SIGBUS];

extern "C" fn on_fault(sig: libc::c_int) {
    use std::sync::atomic::Ordering;
    let name = raise::cpu::RUNNING_KERNEL.load(Ordering::SeqCst);
    let len = raise::cpu::RUNNING_KERNEL_LEN.load(Ordering::SeqCst);
    // SAFETY: async-signal-safe calls only; `name` points to `len` live bytes while set.
    unsafe {
        if name.is_null() {
            // Not in compiled code: the previous handler (Rust's stack-overflow report)
            // or the default action takes the fault, which repeats on return.
            let i = usize::from(sig != FAULT_SIGNALS[0]);
            let mut dfl: libc::sigaction = std::mem::zeroed();
            dfl.sa_sigaction = libc::SIG_DFL;
            let old = OLD_ACTIONS.get().map_or(&dfl, |o| &o[i]);
            libc::sigaction(sig, old, std::ptr::null_mut());
            return;
        }
        let parts: [&[u8]; 3] = [
            b"error[cpu-fault]: the compiled kernel '",
            std::slice::from_raw_parts(name, len),
            b"' accessed memory outside its buffers; run with --target interp to locate the access\n",
        ];
        for p in parts {
            libc::write(2, p.as_ptr().cast(), p.len());
        }
        libc::_exit(1);
    }
}

impl FaultGuard {
    fn install() -> FaultGuard {
        // SAFETY: plain sigaction calls with zero-initialised structs.
        unsafe {
            let mut old: [libc::sigaction; 2] = std::mem::zeroed();
            for (i, &sig) in FAULT_SIGNALS.iter().enumerate() {
                libc::sigaction(sig, std::ptr::null(), &mut old[i]);
            }
            if OLD_ACTIONS.set(old).is_err() {
                return FaultGuard;
            }
            for &sig in &FAULT_SIGNALS {
                let mut sa: libc::sigaction = std::mem::zeroed();
                sa.sa_sigaction = on_fault as extern "C" fn(libc::c_int) as libc::sighandler_t;
                sa.sa_flags = libc::SA_ONSTACK;
                libc::sigemptyset(&mut sa.sa_mask);
                libc::sigaction(sig, &sa, std::ptr::null_mut());
            }
            FaultGuard
        }
    }
}

impl Drop for FaultGuard {
    fn drop(&mut self) {
        if let Some(old) = OLD_ACTIONS.get() {
            for (sig, old) in FAULT_SIGNALS.iter().zip(old) {
                // SAFETY: restores the handler saved by `install`.
                unsafe {
                    libc::sigaction(*sig, old, std::ptr::null_mut());
                }
            }
        }
    }
}
