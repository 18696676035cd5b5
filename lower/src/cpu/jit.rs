//! MLIR text -> LLVM through MLIR's pass pipeline -> machine code in MLIR's execution
//! engine (ORC JIT). OpenMP runtime calls resolve against libomp, libm calls against the
//! process, and the interpreter-exact math callbacks against functions registered here.

use std::ffi::c_void;
use std::sync::{Arc, Mutex};

use frontend::interp::semantics;
use frontend::ir::{Type, UnaryOp};
use frontend::Diagnostic;
use melior::dialect::DialectRegistry;
use melior::ir::Module;
use melior::pass::PassManager;
use melior::utility::{
    parse_pass_pipeline, register_all_dialects, register_all_llvm_translations, register_all_passes,
};
use melior::Context;
use parallel_ir::ir::Kernel;

use super::emit::{func_name, ERR_DIV_ZERO, ERR_OOB_BASE, ERR_TRAP};
use super::CpuArg;

const PIPELINE: &str = "builtin.module(convert-scf-to-openmp,convert-math-to-llvm,convert-math-to-libm,finalize-memref-to-llvm,convert-scf-to-cf,convert-openmp-to-llvm,convert-arith-to-llvm,convert-func-to-llvm,convert-cf-to-llvm,reconcile-unrealized-casts)";

const LIBOMP: &[&str] = &[
    "/usr/lib/llvm-19/lib/libomp.so.5",
    "/usr/lib/x86_64-linux-gnu/libomp.so.5",
];

/// What a diagnostic says about the kernel.
pub(super) struct KernelInfo {
    pub(super) kernel_name: String,
    pub(super) param_names: Vec<Option<String>>,
}

/// A compiled launch, ready to run any number of times.
pub struct CompiledKernel {
    engine: mlir_sys::MlirExecutionEngine,
    name: String,
    num_params: usize,
    num_globals: usize,
    kernel_name: String,
    param_names: Vec<Option<String>>,
    /// With run-time bounds checks (`super::bounds`): the checked accesses' descriptions.
    checks: Option<Vec<String>>,
    /// The context must outlive the engine.
    _context: Context,
}

// The engine is used from one thread at a time through `&self` (invocation is
// re-entrant in MLIR's engine); it owns no thread-affine state.
unsafe impl Send for CompiledKernel {}

impl Drop for CompiledKernel {
    fn drop(&mut self) {
        unsafe { mlir_sys::mlirExecutionEngineDestroy(self.engine) }
    }
}

fn sref(s: &str) -> mlir_sys::MlirStringRef {
    mlir_sys::MlirStringRef {
        data: s.as_ptr() as *const _,
        length: s.len(),
    }
}

extern "C" fn unary_f32(op: i32, x: f32) -> f32 {
    let Some(&op) = UnaryOp::ALL.get(op as usize) else {
        return f32::NAN;
    };
    semantics::unary(op, Type::F32, u64::from(x.to_bits()))
        .map(|b| f32::from_bits(b as u32))
        .unwrap_or(f32::NAN)
}

extern "C" fn unary_f64(op: i32, x: f64) -> f64 {
    let Some(&op) = UnaryOp::ALL.get(op as usize) else {
        return f64::NAN;
    };
    semantics::unary(op, Type::F64, x.to_bits())
        .map(f64::from_bits)
        .unwrap_or(f64::NAN)
}

pub(super) fn compile_text(
    text: &str,
    kernel: &Kernel,
    num_globals: usize,
) -> Result<CompiledKernel, Diagnostic> {
    compile_checked(text, kernel, num_globals, None)
}

/// [`compile_text`] for a function emitted with bounds checks when `checks` is given
/// (the checked accesses' descriptions; the function takes the buffer sizes argument).
pub(super) fn compile_checked(
    text: &str,
    kernel: &Kernel,
    num_globals: usize,
    checks: Option<Vec<String>>,
) -> Result<CompiledKernel, Diagnostic> {
    let fail = |what: &str, detail: String| {
        Diagnostic::new("cpu-compile", format!("{what}: {detail}"))
            .in_function(kernel.display_name.clone())
    };
    let registry = DialectRegistry::new();
    register_all_dialects(&registry);
    register_all_passes();
    let context = Context::new();
    context.append_dialect_registry(&registry);
    context.load_all_available_dialects();
    register_all_llvm_translations(&context);
    let messages: Arc<Mutex<Vec<String>>> = Arc::default();
    let sink = messages.clone();
    context.attach_diagnostic_handler(move |d| {
        if let Ok(mut m) = sink.lock() {
            m.push(d.to_string());
        }
        true
    });
    let collected =
        |m: &Arc<Mutex<Vec<String>>>| m.lock().map(|v| v.join("; ")).unwrap_or_default();
    if let Some(dir) = std::env::var_os("RAISE_DUMP_MLIR_DIR") {
        let _ = std::fs::write(
            std::path::Path::new(&dir).join(format!("{}.mlir", func_name(kernel))),
            text,
        );
    }
    let t_all = std::time::Instant::now();
    let t = std::time::Instant::now();
    let parsed = Module::parse(&context, text);
    super::stats::add(|s| s.parse_s += super::stats::since(t));
    let Some(mut module) = parsed else {
        if std::env::var_os("RAISE_DUMP_MLIR").is_some() {
            eprintln!("{text}");
        }
        return Err(fail("MLIR does not parse", collected(&messages)));
    };
    let pm = PassManager::new(&context);
    parse_pass_pipeline(pm.as_operation_pass_manager(), PIPELINE)
        .map_err(|e| fail("pass pipeline", e.to_string()))?;
    let t = std::time::Instant::now();
    pm.run(&mut module)
        .map_err(|_| fail("lowering to LLVM failed", collected(&messages)))?;
    super::stats::add(|s| s.passes_s += super::stats::since(t));
    let libs: Vec<mlir_sys::MlirStringRef> = LIBOMP
        .iter()
        .filter(|p| std::path::Path::new(p).exists())
        .take(1)
        .map(|p| sref(p))
        .collect();
    let t = std::time::Instant::now();
    let engine = unsafe {
        mlir_sys::mlirExecutionEngineCreate(
            module.to_raw(),
            3,
            libs.len() as i32,
            libs.as_ptr(),
            true,
        )
    };
    if engine.ptr.is_null() {
        return Err(fail(
            "execution engine",
            format!("could not be created ({})", collected(&messages)),
        ));
    }
    unsafe {
        mlir_sys::mlirExecutionEngineRegisterSymbol(
            engine,
            sref("raise_cpu_unary_f32"),
            unary_f32 as *mut c_void,
        );
        mlir_sys::mlirExecutionEngineRegisterSymbol(
            engine,
            sref("raise_cpu_unary_f64"),
            unary_f64 as *mut c_void,
        );
    }
    super::stats::add(|s| s.engine_s += super::stats::since(t));
    if super::stats::on() {
        // Materialise now, so that LLVM's optimisation and code generation are timed.
        let t = std::time::Instant::now();
        let name = func_name(kernel);
        unsafe { mlir_sys::mlirExecutionEngineLookupPacked(engine, sref(&name)) };
        super::stats::add(|s| s.codegen_s += super::stats::since(t));
    }
    super::stats::add(|s| {
        let all = super::stats::since(t_all);
        s.per_kernel.push((func_name(kernel), text.len(), all))
    });
    Ok(CompiledKernel {
        engine,
        name: func_name(kernel),
        num_params: kernel.params.len(),
        num_globals,
        kernel_name: kernel.display_name.clone(),
        param_names: kernel.param_names.clone(),
        checks,
        _context: context,
    })
}

impl CompiledKernel {
    /// The JIT did not find the kernel's packed wrapper.
    fn missing_function(&self) -> Diagnostic {
        Diagnostic::new(
            "cpu-compile",
            format!("the JIT has no function {}", self.name),
        )
        .in_function(self.kernel_name.clone())
    }

    /// The kernel's name as diagnostics show it.
    pub fn kernel_name(&self) -> &str {
        &self.kernel_name
    }

    /// Whether the compiled code bounds-checks its data-dependent accesses
    /// (`super::bounds`), against the sizes [`CompiledKernel::run_sized`] passes.
    pub fn is_checked(&self) -> bool {
        self.checks.is_some()
    }

    /// Run the launch (checked accesses, if any, are checked against no bound).
    ///
    /// # Safety
    /// Every pointer must be valid for every access the kernel makes.
    pub unsafe fn run(&self, args: &[CpuArg], globals: &[*mut u8]) -> Result<(), Diagnostic> {
        self.run_sized(args, None, &[], globals)
    }

    /// Run the launch; `sizes` gives, per parameter, the bytes its pointer may access
    /// (ignored for scalars; absent: no bound). A checked access outside them is skipped
    /// and reported as an `out-of-bounds` error naming the buffer as `names` (per
    /// parameter; empty or missing: the kernel's parameter name) does.
    ///
    /// # Safety
    /// Every pointer must be valid for every access the kernel makes that is not
    /// bounds-checked (accesses whose offsets do not depend on memory contents).
    pub unsafe fn run_sized(
        &self,
        args: &[CpuArg],
        sizes: Option<&[u64]>,
        names: &[String],
        globals: &[*mut u8],
    ) -> Result<(), Diagnostic> {
        if args.len() != self.num_params || globals.len() != self.num_globals {
            return Err(Diagnostic::new(
                "internal",
                format!(
                    "kernel '{}' takes {} parameters and {} globals; got {} and {}",
                    self.kernel_name,
                    self.num_params,
                    self.num_globals,
                    args.len(),
                    globals.len()
                ),
            ));
        }
        // One 8-byte slot per argument: scalars live in its low bytes (little endian).
        let mut slots: Vec<u64> = args
            .iter()
            .map(|a| match *a {
                CpuArg::Bits(b) => b,
                CpuArg::Ptr(p) => p as u64,
            })
            .chain(globals.iter().map(|&g| g as u64))
            .collect();
        let mut err: i32 = 0;
        slots.push(&mut err as *mut i32 as u64);
        // One i64 byte bound per parameter; no bound: i64::MAX (every offset passes).
        let mut bounds: Vec<u64> = (0..self.num_params)
            .map(|i| {
                sizes
                    .and_then(|s| s.get(i))
                    .map_or(i64::MAX as u64, |&b| b.min(i64::MAX as u64))
            })
            .collect();
        bounds.push(0);
        if self.checks.is_some() {
            slots.push(bounds.as_mut_ptr() as u64);
        }
        let mut ptrs: Vec<*mut c_void> = slots
            .iter_mut()
            .map(|s| s as *mut u64 as *mut c_void)
            .collect();
        let name = self.name.clone();
        let ok =
            mlir_sys::mlirExecutionEngineInvokePacked(self.engine, sref(&name), ptrs.as_mut_ptr());
        if ok.value == 0 {
            return Err(self.missing_function());
        }
        match err {
            0 => Ok(()),
            ERR_DIV_ZERO => Err(
                Diagnostic::new("division-by-zero", "integer division by zero")
                    .in_function(self.kernel_name.clone()),
            ),
            ERR_TRAP => {
                Err(Diagnostic::new("trap", "the kernel trapped")
                    .in_function(self.kernel_name.clone()))
            }
            e if e >= ERR_OOB_BASE && self.checks.is_some() => Err(super::bounds::diagnostic(
                &KernelInfo {
                    kernel_name: self.kernel_name.clone(),
                    param_names: self.param_names.clone(),
                },
                self.checks.as_deref().unwrap_or_default(),
                &bounds,
                names,
                e,
            )),
            e => Err(Diagnostic::new(
                "internal",
                format!("unknown kernel error word {e}"),
            )),
        }
    }

    /// Write the compiled code as an object file.
    pub fn write_object(&self, path: &std::path::Path) -> Result<(), Diagnostic> {
        let p = path.to_string_lossy().to_string();
        // MLIR compiles lazily and, when its object cache is still empty at dump time,
        // forces compilation by looking up the packed wrapper of *every* function of the
        // module, declarations included (`_mlir_expf` for a libm call), which fails. Looking
        // up the kernel's own wrapper first compiles the module (one object) into the cache.
        let name = self.name.clone();
        let found = unsafe { mlir_sys::mlirExecutionEngineLookupPacked(self.engine, sref(&name)) };
        if found.is_null() {
            return Err(self.missing_function());
        }
        unsafe { mlir_sys::mlirExecutionEngineDumpToObjectFile(self.engine, sref(&p)) };
        if path.exists() {
            Ok(())
        } else {
            Err(Diagnostic::new(
                "io",
                format!("{}: the object file was not written", path.display()),
            ))
        }
    }
}
