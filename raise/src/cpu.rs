//! `--target cpu` and `--emit cpu-object`: raise each launched kernel to the parallel IR,
//! distribute it at its barriers for the launch's block size, lower it through MLIR to
//! native code and run it on the host buffers (or write an object file and C header).
//!
//! Launches run in spec order on one set of host buffers (the spec's buffers plus the
//! module's global variables), like the interpreter's device memory. A launch whose kernel
//! the CPU path cannot handle (a raising, distribution or lowering diagnostic) runs on the
//! kernel-IR interpreter over the same buffers instead, with a note in
//! [`RunResult::notes`]; runtime errors of compiled code (division by zero, a trap) are
//! errors as on the interpreter. Accesses whose offsets depend on input data (`x[col[j]]`)
//! are bounds-checked against the bound buffers' sizes (`lower::cpu::bounds`): one outside
//! is an `out-of-bounds` error. Other accesses are not checked: their offsets follow from
//! the program and the spec alone, and a program that indexes outside its buffers that way
//! is as undefined here as on a GPU (`--target interp` reports it).

use std::sync::atomic::{AtomicPtr, AtomicUsize, Ordering};

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use frontend::ir::{AddrSpace, FuncId, GlobalId, Module};
use frontend::Diagnostic;
use lower::cpu::{self, CpuArg};
use parallel_ir::ir::Kernel;

use crate::bind::ParamValue;
use crate::buffers::HostBuffer;
use crate::driver::{BoundLaunch, RunResult};
use crate::spec::LaunchSpec;

/// Whether the launch binds its pointer parameters to pairwise distinct buffers.
pub fn distinct_buffers(launch: &BoundLaunch) -> bool {
    distinct_params(&launch.params)
}

/// Host storage for the module's global variables (initialised unless shared), one
/// allocation each, as the compiled code and the interpreter address them.
pub fn host_globals(module: &Module) -> Vec<Vec<u8>> {
    module
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
        .collect()
}

/// The compiled kernel's arguments: scalar bits, and pointers into `buffers`.
pub(crate) fn cpu_args(params: &[ParamValue], buffers: &mut [HostBuffer]) -> Vec<CpuArg> {
    let bases: Vec<*mut u8> = buffers.iter_mut().map(|b| b.data.as_mut_ptr()).collect();
    params
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
        .collect()
}

/// One launch compiled for the CPU backend, ready to run any number of times on a list
/// of host buffers: the compiled kernel and its arguments (`ParamValue` indices into that
/// list). Built by [`run_cpu`] and by `raise::grad`'s compile-once derivative programs.
pub struct CpuLaunch {
    exe: cpu::CompiledKernel,
    args: Vec<ParamValue>,
}

impl CpuLaunch {
    /// Compile the barrier-free `kernel` for `config`; with `alias_scopes`, tell LLVM that
    /// the pointer arguments are pairwise distinct when `args` binds them to distinct
    /// buffers.
    pub fn compile(
        kernel: &Kernel,
        config: &frontend::interp::LaunchConfig,
        args: Vec<ParamValue>,
        num_globals: usize,
        alias_scopes: bool,
    ) -> Result<Self, Diagnostic> {
        let facts = cpu::PrivatizeFacts::default();
        Self::compile_facts(kernel, config, args, num_globals, alias_scopes, &facts)
    }

    /// [`CpuLaunch::compile`], privatizing global atomic adds as `facts` allow (see
    /// [`privatize_facts`]; the buffers it runs on must have the sizes the facts name).
    pub fn compile_facts(
        kernel: &Kernel,
        config: &frontend::interp::LaunchConfig,
        args: Vec<ParamValue>,
        num_globals: usize,
        alias_scopes: bool,
        facts: &cpu::PrivatizeFacts,
    ) -> Result<Self, Diagnostic> {
        let distinct = alias_scopes && distinct_params(&args);
        Ok(CpuLaunch {
            exe: cpu::compile_facts(kernel, config, num_globals, distinct, facts)?,
            args,
        })
    }

    /// The buffer indices this launch's arguments refer to.
    pub fn args(&self) -> &[ParamValue] {
        &self.args
    }

    /// Run on `buffers` (every index the arguments name must exist, and each buffer must
    /// be as large as the launch's accesses: the caller's contract, checked against the
    /// spec by the callers in this crate) and the module's `globals`.
    pub(crate) fn run(
        &self,
        buffers: &mut [HostBuffer],
        globals: &mut [Vec<u8>],
    ) -> Result<(), Diagnostic> {
        let max = self.args.iter().filter_map(|p| match *p {
            ParamValue::BufferBase(i) | ParamValue::BufferOffset(i, _) => Some(i),
            ParamValue::Bits(_) => None,
        });
        if let Some(i) = max.max().filter(|&i| i >= buffers.len()) {
            return Err(Diagnostic::new(
                "internal",
                format!("launch argument names buffer {i} of {}", buffers.len()),
            ));
        }
        // The bytes each pointer argument may access: to its buffer's end.
        let sizes: Vec<u64> = self
            .args
            .iter()
            .map(|p| match *p {
                ParamValue::BufferBase(i) => buffers.get(i).map_or(0, |b| b.data.len() as u64),
                ParamValue::BufferOffset(i, off) => buffers
                    .get(i)
                    .map_or(0, |b| (b.data.len() as u64).saturating_sub(off)),
                ParamValue::Bits(_) => u64::MAX,
            })
            .collect();
        let args = cpu_args(&self.args, buffers);
        let gptrs: Vec<*mut u8> = globals.iter_mut().map(|g| g.as_mut_ptr()).collect();
        let name = self.exe.kernel_name();
        RUNNING_KERNEL_LEN.store(name.len(), Ordering::SeqCst);
        RUNNING_KERNEL.store(name.as_ptr() as *mut u8, Ordering::SeqCst);
        // SAFETY: the pointers are live host buffers (every named index exists, checked
        // above) and the module's globals, alive for the call; the kernel's accesses within
        // them whose offsets depend on data are bounds-checked against `sizes`, the others
        // are the spec's contract (shadow buffers have their primal's size).
        let names: Vec<String> = BUFFER_NAMES.with(|n| {
            let n = n.borrow();
            self.args
                .iter()
                .map(|p| match *p {
                    ParamValue::BufferBase(i) | ParamValue::BufferOffset(i, _) => {
                        buffer_name(&n, i)
                    }
                    ParamValue::Bits(_) => String::new(),
                })
                .collect()
        });
        let out = unsafe { self.exe.run_sized(&args, Some(&sizes), &names, &gptrs) };
        RUNNING_KERNEL.store(std::ptr::null_mut(), Ordering::SeqCst);
        out
    }
}

thread_local! {
    /// The spec's buffer names while a top-level run ([`with_buffer_names`]) is under way.
    static BUFFER_NAMES: std::cell::RefCell<Vec<String>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Buffer `i`'s name for diagnostics: the spec's, or (index `n + j` of a derivative
/// program, `n` spec buffers) the shadow of buffer `j`.
fn buffer_name(names: &[String], i: usize) -> String {
    match names.get(i) {
        Some(n) => n.clone(),
        None if !names.is_empty() => names
            .get(i % names.len())
            .map_or(String::new(), |n| format!("{n} (shadow)")),
        None => String::new(),
    }
}

/// Run `f` with `spec`'s buffer names available to the out-of-bounds diagnostics of the
/// compiled launches it runs.
pub fn with_buffer_names<T>(spec: &LaunchSpec, f: impl FnOnce() -> T) -> T {
    let names: Vec<String> = spec.buffers.iter().map(|b| b.name.clone()).collect();
    let old = BUFFER_NAMES.with(|n| std::mem::replace(&mut *n.borrow_mut(), names));
    let out = f();
    BUFFER_NAMES.with(|n| *n.borrow_mut() = old);
    out
}

/// The name of the kernel whose compiled code runs now (null when none), for a fault
/// handler (the `raise` CLI's): its bytes, [`RUNNING_KERNEL_LEN`] of them, stay alive
/// while it is set.
pub static RUNNING_KERNEL: AtomicPtr<u8> = AtomicPtr::new(std::ptr::null_mut());
/// The length of [`RUNNING_KERNEL`]'s name.
pub static RUNNING_KERNEL_LEN: AtomicUsize = AtomicUsize::new(0);

/// A launch program compiled once for the CPU backend, as `raise run --target cpu`
/// compiles it (barrier elimination, distribution, alias scopes where the launch binds
/// distinct buffers) but without the interpreter fallback: a kernel the CPU path cannot
/// handle is an error. [`CpuProgram::run`] executes it on new inputs any number of times.
pub struct CpuProgram {
    byte_lens: Vec<usize>,
    launches: Vec<CpuLaunch>,
    globals: Vec<Vec<u8>>,
}

impl CpuProgram {
    /// Raise, prepare and compile every launch of `spec`.
    pub fn compile(module: &Module, spec: &LaunchSpec) -> Result<Self, Diagnostic> {
        let bound = crate::driver::bind_spec(module, spec)?;
        let globals = host_globals(module);
        let mut cache = HashMap::new();
        let mut launches = Vec::with_capacity(bound.len());
        // `run` checks that the buffers have these sizes.
        let byte_lens: Vec<usize> = spec.buffers.iter().map(|b| b.byte_len()).collect();
        for l in &bound {
            let k = prepare(module, l, &mut cache)?;
            // Integer atomic adds only: privatizing float ones reassociates them.
            let facts = privatize_facts(&l.params, &byte_lens, false);
            launches.push(CpuLaunch::compile_facts(
                &k,
                &l.config,
                l.params.clone(),
                globals.len(),
                true,
                &facts,
            )?);
        }
        Ok(CpuProgram {
            byte_lens,
            launches,
            globals,
        })
    }

    /// The final buffers, given the initial ones (spec order, spec sizes).
    pub fn run(&self, inputs: Vec<HostBuffer>) -> Result<Vec<HostBuffer>, Diagnostic> {
        check_byte_lens("input", &self.byte_lens, &inputs)?;
        let mut buffers = inputs;
        let mut globals = self.globals.clone();
        for l in &self.launches {
            l.run(&mut buffers, &mut globals)?;
        }
        Ok(buffers)
    }
}

/// `buffers` has one buffer of each of the spec's byte lengths, in order (the compiled
/// code does not bounds-check, so this is what makes running it sound).
pub(crate) fn check_byte_lens(
    what: &str,
    byte_lens: &[usize],
    buffers: &[HostBuffer],
) -> Result<(), Diagnostic> {
    if buffers.len() != byte_lens.len() {
        return Err(Diagnostic::new(
            "bad-buffers",
            format!(
                "{} {what} buffers given, the spec has {}",
                buffers.len(),
                byte_lens.len()
            ),
        ));
    }
    for (i, (b, &want)) in buffers.iter().zip(byte_lens).enumerate() {
        if b.data.len() != want {
            return Err(Diagnostic::new(
                "bad-buffers",
                format!(
                    "{what} buffer {i} has {} bytes, the spec says {want}",
                    b.data.len()
                ),
            ));
        }
    }
    Ok(())
}

/// What the CPU backend may assume about a launch's buffers for privatizing global
/// atomic adds (`lower::cpu::privatize`): for each parameter bound to a buffer that no
/// other parameter points into, the bytes from its pointer to the buffer's end
/// (`buffer_bytes[j]`: buffer `j`'s size); float adds only with `float_atomics`.
pub fn privatize_facts(
    params: &[ParamValue],
    buffer_bytes: &[usize],
    float_atomics: bool,
) -> cpu::PrivatizeFacts {
    let mut uses: HashMap<usize, usize> = HashMap::new();
    for p in params {
        if let ParamValue::BufferBase(i) | ParamValue::BufferOffset(i, _) = *p {
            *uses.entry(i).or_default() += 1;
        }
    }
    let param_bytes = params
        .iter()
        .map(|p| {
            let (i, off) = match *p {
                ParamValue::BufferBase(i) => (i, 0),
                ParamValue::BufferOffset(i, off) => (i, off),
                ParamValue::Bits(_) => return None,
            };
            if uses.get(&i) != Some(&1) {
                return None;
            }
            (*buffer_bytes.get(i)? as u64).checked_sub(off)
        })
        .collect();
    cpu::PrivatizeFacts {
        param_bytes,
        float_atomics,
        chunks: None,
        stream: None,
    }
}

/// Whether `params` binds its pointer parameters to pairwise distinct buffers.
fn distinct_params(params: &[ParamValue]) -> bool {
    let mut seen = std::collections::HashSet::new();
    params.iter().all(|p| match p {
        ParamValue::BufferBase(i) | ParamValue::BufferOffset(i, _) => seen.insert(*i),
        ParamValue::Bits(_) => true,
    })
}

/// Raise a kernel and make it barrier-free for the launch: barrier elimination (drop the
/// barriers no conflict needs), then distribution at the remaining ones.
pub fn prepare(
    module: &Module,
    launch: &BoundLaunch,
    cache: &mut HashMap<FuncId, Kernel>,
) -> Result<Kernel, Diagnostic> {
    let kernel = launch.kernel;
    let config = &launch.config;
    let raised = match cache.get(&kernel) {
        Some(k) => k.clone(),
        None => {
            let k = parallel_ir::raise_kernel(module, kernel)?;
            cache.insert(kernel, k.clone());
            k
        }
    };
    let mut k = raised;
    let opts = parallel_ir::transforms::barrier_elim::BarrierElimOptions {
        block_dims: Some(config.block),
        noalias_params: distinct_buffers(launch),
    };
    parallel_ir::transforms::barrier_elim::eliminate_barriers(&mut k, &opts);
    parallel_ir::transforms::distribute::distribute(&mut k, config)?;
    // The transformed kernel must still be well-formed parallel IR.
    parallel_ir::verify::verify_kernel(&k)?;
    Ok(k)
}

/// Run every launch on the CPU backend.
pub fn run_cpu(
    module: &Module,
    spec: &LaunchSpec,
    inputs: Vec<HostBuffer>,
    launches: &[BoundLaunch],
) -> Result<RunResult, Diagnostic> {
    let mut buffers = inputs;
    let mut globals = host_globals(module);
    let mut notes = Vec::new();
    let mut cache = HashMap::new();
    for launch in launches {
        // A kernel the CPU path cannot handle (raising, barrier elimination, distribution,
        // lowering) runs this launch on the kernel-IR interpreter instead, with a note.
        let compiled = prepare(module, launch, &mut cache).and_then(|k| {
            // Integer atomic adds only: privatizing float ones reassociates them.
            let sizes: Vec<usize> = buffers.iter().map(|b| b.data.len()).collect();
            let facts = privatize_facts(&launch.params, &sizes, false);
            CpuLaunch::compile_facts(
                &k,
                &launch.config,
                launch.params.clone(),
                globals.len(),
                true,
                &facts,
            )
        });
        let compiled = match compiled {
            Ok(c) => c,
            Err(d) => {
                let note = format!(
                    "kernel '{}' cannot run on the CPU backend ({d}); it ran on the kernel-IR interpreter instead",
                    module.function(launch.kernel).display_name
                );
                if !notes.contains(&note) {
                    notes.push(note);
                }
                run_launch_interp(module, spec, launch, &mut buffers, &mut globals)?;
                continue;
            }
        };
        compiled.run(&mut buffers, &mut globals)?;
    }
    Ok(RunResult { buffers, notes })
}

/// Run one launch on the kernel-IR interpreter over the CPU path's host buffers and
/// globals (copied in, and back out even when the launch fails).
fn run_launch_interp(
    module: &Module,
    spec: &LaunchSpec,
    launch: &BoundLaunch,
    buffers: &mut [HostBuffer],
    globals: &mut [Vec<u8>],
) -> Result<(), Diagnostic> {
    let mut memory = frontend::interp::Memory::new(module);
    let global_addrs: Vec<Option<u64>> = (0..globals.len())
        .map(|i| memory.global_address(GlobalId(i as u32)))
        .collect();
    for (g, addr) in globals.iter().zip(&global_addrs) {
        if let Some(dst) = addr.and_then(|a| memory.buffer_mut(a)) {
            let n = dst.len().min(g.len());
            dst[..n].copy_from_slice(&g[..n]);
        }
    }
    let bases: Vec<u64> = buffers
        .iter_mut()
        .enumerate()
        .map(|(i, b)| {
            let name = spec.buffers.get(i).map_or("buffer", |b| b.name.as_str());
            memory.add_buffer(name, std::mem::take(&mut b.data))
        })
        .collect();
    let params: Vec<u64> = launch.params.iter().map(|p| p.resolve(&bases)).collect();
    let result =
        frontend::interp::launch(module, launch.kernel, &launch.config, &params, &mut memory);
    for (b, &base) in buffers.iter_mut().zip(&bases) {
        b.data = memory.take_buffer(base).unwrap_or_default();
    }
    for (g, addr) in globals.iter_mut().zip(&global_addrs) {
        if let Some(src) = addr.and_then(|a| memory.buffer(a)) {
            let n = src.len().min(g.len());
            g[..n].copy_from_slice(&src[..n]);
        }
    }
    result
}

/// Write `path` (an object file) and `path.h` for every launch of the spec (with more
/// than one launch, `path` gets `.<n>` before its extension). Gives the files written.
pub fn emit_cpu_objects(
    module: &Module,
    launches: &[BoundLaunch],
    path: &Path,
) -> Result<Vec<PathBuf>, Diagnostic> {
    let mut cache = HashMap::new();
    let mut written = Vec::new();
    for (i, launch) in launches.iter().enumerate() {
        let k = prepare(module, launch, &mut cache)?;
        let obj = if launches.len() == 1 {
            path.to_path_buf()
        } else {
            let stem = path
                .file_stem()
                .map(|s| s.to_string_lossy().to_string())
                .unwrap_or_default();
            let ext = path
                .extension()
                .map(|s| s.to_string_lossy().to_string())
                .unwrap_or_else(|| "o".into());
            path.with_file_name(format!("{stem}.{}.{ext}", i + 1))
        };
        cpu::emit_object(&k, &launch.config, module.globals.len(), &obj)?;
        let header = obj.with_extension("h");
        std::fs::write(&header, cpu::c_header(&k, module.globals.len())).map_err(|e| {
            Diagnostic::new("io", format!("{}: cannot write: {e}", header.display()))
        })?;
        written.push(obj);
        written.push(header);
    }
    Ok(written)
}
