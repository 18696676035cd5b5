//! Barrier-free parallel IR -> MLIR text (func, scf, arith, math, llvm dialects).
//!
//! One bound launch becomes one `func.func` with `llvm.emit_c_interface`. The grid
//! `Parallel` becomes an `scf.parallel` over the blocks (later OpenMP); a thread
//! `Parallel` becomes sequential `scf.for` loops z, y, x (x innermost, so LLVM can
//! vectorize it). Running the threads of a block one after the other is legal only when
//! no barrier, warp shuffle or vote remains: those are rejected with a named diagnostic
//! (barriers must be distributed first, see `parallel_ir::transforms::distribute`).
//!
//! Every value op is lowered to match `frontend::interp::semantics` bit for bit: where an
//! MLIR op leaves a case undefined or differs (shifts by >= width, `sdiv` overflow,
//! division by zero, float -> int saturation, `fmin`/`fmax` NaN and signed-zero rules,
//! `expm1`/`log1p`) an explicit sequence is emitted; libm functions are called by their C
//! names (the same glibc functions Rust's `f32::exp` and friends call), and the few
//! functions the interpreter computes in Rust (`exp10`, `erf`, `erfc`, `cbrt`, `asinh`,
//! `acosh`, `atanh`) call back into `frontend::interp::semantics` through registered symbols.
//!
//! Three layout choices keep the results and speed the loops up (each legal for the reason
//! given at its function): a thread-x loop with branches or 32-bit indices affine in
//! `threadIdx.x` is index-set split (`super::split`); a grid whose body is only one thread
//! loop (no shared memory) runs row-major across blocks (`row_major_grid`: without a
//! barrier or shared memory, CUDA fixes no order among the threads); the zero fill of a
//! shared allocation that the first thread loop overwrites entirely is dropped
//! (`first_loop_writes_all`). A `While` whose iterations follow from launch constants
//! alone and that contains a thread loop (a tree reduction's halving loop) is fully
//! unrolled (`super::unroll`), so each step's split is decided when compiling.
//! A row-major grid with power-of-two block width runs one flat x loop across the blocks
//! of a row (`super::flat`); loads in tile loops are prefetched trips ahead
//! (`super::prefetch`), and a grid loop's loads at the block a few KiB ahead
//! (`super::blockahead`); stores into large buffers the kernel only stores to go out as
//! aligned non-temporal vectors, fenced per grid iteration (`super::stream`).
//! With [`emit_module_with`]'s `distinct_params`, accesses
//! through pointer parameters carry alias scopes (the launch binds them to distinct
//! buffers).
//!
//! Memory accesses are byte offsets from a root pointer (`llvm.getelementptr` on `i8`).
//! Launch dimensions are constants of the bound launch. Division by zero and `trap` set
//! an error word (the last function argument) instead of faulting; the caller turns it
//! into a diagnostic.

use std::collections::{BTreeSet, HashMap};
use std::fmt::Write;

use super::privatize::PrivatizeFacts;
use super::split::{SegmentState, SplitPlan};
use frontend::interp::semantics::sext;
use frontend::interp::LaunchConfig;
use frontend::Diagnostic;
use parallel_ir::ir::{
    Addr, AtomicOp, BinaryOp, CastOp, Dim, FloatPredicate, IntPredicate, Kernel, Level, MemRoot,
    OpId, OpKind, Region, Type, UnaryOp, Value,
};

/// Error word values written by the kernel.
pub const ERR_DIV_ZERO: i32 = 1;
pub const ERR_TRAP: i32 = 2;
/// A failed bounds check (`super::bounds`): `ERR_OOB_BASE + site`.
pub const ERR_OOB_BASE: i32 = 1 << 16;

/// Name of the MLIR function for a kernel.
pub fn func_name(kernel: &Kernel) -> String {
    let mut s = String::from("raise_");
    for c in kernel.name.chars() {
        s.push(if c.is_ascii_alphanumeric() { c } else { '_' });
    }
    s
}

/// The MLIR type of a parallel-IR type.
pub(super) fn mty(ty: Type) -> &'static str {
    match ty {
        Type::I1 => "i1",
        Type::I8 => "i8",
        Type::I16 => "i16",
        Type::I32 => "i32",
        Type::I64 => "i64",
        Type::F16 => "f16",
        Type::BF16 => "bf16",
        Type::F32 => "f32",
        Type::F64 => "f64",
        Type::Ptr(_) => "!llvm.ptr",
    }
}

fn unsupported(kernel: &Kernel, code: &'static str, msg: impl Into<String>) -> Diagnostic {
    Diagnostic::new(code, msg.into()).in_function(kernel.display_name.clone())
}

/// The C type of a parameter for the generated header.
pub fn c_type(ty: Type) -> &'static str {
    match ty {
        Type::I1 => "bool",
        Type::I8 => "int8_t",
        Type::I16 => "int16_t",
        Type::I32 => "int32_t",
        Type::I64 => "int64_t",
        Type::F16 | Type::BF16 => "uint16_t",
        Type::F32 => "float",
        Type::F64 => "double",
        Type::Ptr(_) => "void *",
    }
}

pub(super) struct Emitter<'a> {
    pub(super) k: &'a Kernel,
    pub(super) cfg: &'a LaunchConfig,
    pub(super) out: String,
    pub(super) indent: usize,
    names: Vec<Option<String>>,
    counter: usize,
    pub(super) decls: BTreeSet<String>,
    /// Pointer SSA names of the current block's shared allocations.
    shared: Vec<Option<String>>,
    /// Pointer SSA names of the current thread's local allocations.
    locals: Vec<Option<String>>,
    params: Vec<String>,
    globals: Vec<String>,
    pub(super) err: String,
    /// Run-time bounds checks of data-dependent accesses (`super::bounds`).
    pub(super) bounds: Option<super::bounds::State>,
    /// Linear thread index (i32) of the innermost thread loop, for `LaneId`.
    pub(super) linear_tid: Option<String>,
    /// The guard `If` of a thread loop whose x range was cut to the guard's bound
    /// (`guarded_x_bound`): always true there, so its then-region is emitted inline.
    always_true_if: Option<OpId>,
    /// Before-region arguments of the `While` being emitted that live in a stack slot
    /// (`super::slots`) and are not loaded yet: (argument, slot pointer).
    slot_loads: Vec<(Value, String)>,
    /// Inside a segment of an index-set-split x loop (`super::split`): the branches
    /// resolved there and the extensions emitted in affine form.
    pub(super) segment: Option<SegmentState>,
    /// Thread z and y indices (i32) fixed by a row-major grid (`row_major_grid`): the
    /// next thread `Parallel` emits only its x loop.
    fixed_zy: Option<(String, String)>,
    /// Shared allocations whose zeroing is dead (`first_loop_writes_all`).
    no_zero: BTreeSet<u32>,
    /// Pointer parameters whose accesses carry alias scopes (`emit_module_with`).
    scoped_params: Vec<u32>,
    /// Region arguments bound to compile-time constants (bits): the carried values of an
    /// unrolled loop (`super::unroll`), the x index while a split is planned statically.
    pub(super) known: HashMap<Value, u64>,
    /// Allocas of the open stack scopes (pointer, bytes), for their lifetime markers
    /// (`stack_restore`), and the indentation (region level) of each open scope.
    allocas: Vec<(String, u64)>,
    scopes: Vec<usize>,
    /// Privatization of global atomic adds (`super::privatize`).
    pub(super) privatize: super::privatize::State,
    /// The sequential loop around the current thread loops (`super::prefetch`).
    pub(super) tile_loop: Option<super::prefetch::TileLoop>,
    /// Staging thread loops forwarded into a later thread loop (`super::forward`), by
    /// that later loop; the deferred staging loop; set while it is being emitted.
    pub(super) fusions: HashMap<OpId, super::forward::Fusion>,
    pub(super) pending_l1: Option<OpId>,
    /// The fused loop's upper staging stores, emitted under this flag (`super::forward`).
    pub(super) upper_flag: HashMap<OpId, String>,
    /// The later loads of a forwarded `s` checked against the upper stores.
    pub(super) upper_watch: Option<super::forward::UpperWatch>,
    pub(super) flushing: bool,
    /// Emitting a fused body (`super::forward`).
    pub(super) in_fused: bool,
    /// Nesting depth of the regions being emitted, and that of the deferred staging loop.
    pub(super) region_depth: usize,
    pub(super) pending_depth: usize,
    /// Streaming stores into large store-only buffers (`super::stream`).
    pub(super) stream: super::stream::State,
}

/// MLIR text of the kernel bound to `cfg`. The function's arguments are the kernel's
/// parameters, then one `!llvm.ptr` per module global (`num_globals`), then the error word.
pub fn emit_module(
    kernel: &Kernel,
    cfg: &LaunchConfig,
    num_globals: usize,
) -> Result<String, Diagnostic> {
    emit_module_with(kernel, cfg, num_globals, false)
}

/// [`emit_module`]; with `distinct_params`, loads and stores rooted at pointer
/// parameter `i` carry alias scope `i` and no-alias scopes of the other pointer
/// parameters. Legal only when the launch binds every pointer parameter to its own buffer
/// (an in-bounds access through one parameter can then never touch another's buffer, and
/// an out-of-bounds one is undefined on the GPU as here); accesses through computed
/// pointers carry no scope, so LLVM assumes nothing about them.
pub fn emit_module_with(
    kernel: &Kernel,
    cfg: &LaunchConfig,
    num_globals: usize,
    distinct_params: bool,
) -> Result<String, Diagnostic> {
    emit_module_facts(
        kernel,
        cfg,
        num_globals,
        distinct_params,
        &PrivatizeFacts::default(),
    )
}

/// [`emit_module_with`], with the caller's [`PrivatizeFacts`] about the launch's buffers
/// (global atomic adds privatized where `super::privatize` finds it legal and paying).
pub fn emit_module_facts(
    kernel: &Kernel,
    cfg: &LaunchConfig,
    num_globals: usize,
    distinct_params: bool,
    facts: &PrivatizeFacts,
) -> Result<String, Diagnostic> {
    emit_module_checked(kernel, cfg, num_globals, distinct_params, facts, false).map(|(t, _)| t)
}

/// [`emit_module_facts`]; with `checked`, data-dependent accesses through pointer
/// parameters are bounds-checked at run time (`super::bounds`): the function takes one
/// more argument after the error word, a pointer to one `i64` byte size per parameter.
/// Gives the text and the checked accesses' descriptions (error word
/// `ERR_OOB_BASE + i` names the `i`-th).
pub fn emit_module_checked(
    kernel: &Kernel,
    cfg: &LaunchConfig,
    num_globals: usize,
    distinct_params: bool,
    facts: &PrivatizeFacts,
    checked: bool,
) -> Result<(String, Vec<String>), Diagnostic> {
    let t0 = std::time::Instant::now();
    let out = emit_text(kernel, cfg, num_globals, distinct_params, facts, checked)?;
    super::stats::add(|s| {
        s.kernels += 1;
        s.text_bytes += out.0.len();
        s.emit_s += super::stats::since(t0);
    });
    Ok(out)
}

fn emit_text(
    kernel: &Kernel,
    cfg: &LaunchConfig,
    num_globals: usize,
    distinct_params: bool,
    facts: &PrivatizeFacts,
    checked: bool,
) -> Result<(String, Vec<String>), Diagnostic> {
    let ptr_params: Vec<u32> = kernel
        .params
        .iter()
        .enumerate()
        .filter(|&(_, &p)| kernel.value_type(p).is_ptr())
        .map(|(i, _)| i as u32)
        .collect();
    // Staged shared values forwarded into the next thread loop (`super::forward`): the
    // fused bodies live in a copy of the kernel.
    let forwarded = super::forward::plan(kernel, cfg);
    let (kernel, fusions) = match &forwarded {
        Some((k, f)) => (k, f.clone()),
        None => (kernel, HashMap::new()),
    };
    let mut e = Emitter {
        k: kernel,
        cfg,
        out: String::new(),
        indent: 2,
        names: vec![None; kernel.values.len()],
        counter: 0,
        decls: BTreeSet::new(),
        shared: vec![None; kernel.shared.len()],
        locals: vec![None; kernel.locals.len()],
        params: Vec::new(),
        globals: Vec::new(),
        err: "%err".to_string(),
        bounds: checked.then(|| super::bounds::plan(kernel)),
        linear_tid: None,
        always_true_if: None,
        slot_loads: Vec::new(),
        segment: None,
        fixed_zy: None,
        no_zero: BTreeSet::new(),
        scoped_params: if distinct_params && ptr_params.len() > 1 {
            ptr_params.clone()
        } else {
            Vec::new()
        },
        known: HashMap::new(),
        fusions,
        pending_l1: None,
        upper_flag: HashMap::new(),
        upper_watch: None,
        flushing: false,
        in_fused: false,
        region_depth: 0,
        pending_depth: 0,
        allocas: Vec::new(),
        scopes: Vec::new(),
        privatize: super::privatize::State::new(facts.clone()),
        tile_loop: None,
        stream: super::stream::State::new(kernel, facts),
    };
    let mut sig = Vec::new();
    for (i, &p) in kernel.params.iter().enumerate() {
        let ty = kernel.value_type(p);
        if matches!(ty, Type::F16 | Type::BF16) {
            return Err(unsupported(
                kernel,
                "cpu-unsupported-type",
                format!("parameter {i} has type {ty}, which the CPU backend does not support"),
            ));
        }
        let name = format!("%p{i}");
        sig.push(format!("{name}: {}", mty(ty)));
        e.names[p.index()] = Some(name.clone());
        e.params.push(name);
    }
    for g in 0..num_globals {
        let name = format!("%g{g}");
        sig.push(format!("{name}: !llvm.ptr"));
        e.globals.push(name);
    }
    sig.push("%err: !llvm.ptr".to_string());
    if e.bounds.is_some() {
        sig.push("%bounds: !llvm.ptr".to_string());
    }
    let body = kernel.body.clone();
    e.region_ops(&body)?;
    // A watch not closed at its block's end (not expected): keep the upper stores.
    if let Some(w) = e.upper_watch.take() {
        e.out = e.out.replacen(&w.token, "true", 1);
    }
    let mut text = String::new();
    if !e.scoped_params.is_empty() {
        text.push_str(
            "#raise_dom = #llvm.alias_scope_domain<id = distinct[0]<>, description = \"raise params\">\n",
        );
        for (n, &i) in e.scoped_params.iter().enumerate() {
            let _ = writeln!(
                text,
                "#raise_p{i} = #llvm.alias_scope<id = distinct[{}]<>, domain = #raise_dom>",
                n + 1
            );
        }
    }
    text.push_str("module {\n");
    for d in &e.decls {
        text.push_str("  ");
        text.push_str(d);
        text.push('\n');
    }
    let _ = writeln!(
        text,
        "  func.func @{}({}) attributes {{llvm.emit_c_interface}} {{",
        func_name(kernel),
        sig.join(", ")
    );
    text.push_str(&e.bounds_prologue());
    text.push_str(&e.out);
    text.push_str("    return\n  }\n}\n");
    let sites = e
        .bounds
        .map(|b| b.sites.into_iter().map(|s| s.what).collect())
        .unwrap_or_default();
    Ok((text, sites))
}

impl<'a> Emitter<'a> {
    pub(super) fn fresh(&mut self) -> String {
        self.counter += 1;
        format!("%t{}", self.counter)
    }

    pub(super) fn line(&mut self, s: &str) {
        for _ in 0..self.indent {
            self.out.push_str("  ");
        }
        self.out.push_str(s);
        self.out.push('\n');
    }

    /// `%t = <rhs>`; gives `%t`.
    pub(super) fn def(&mut self, rhs: &str) -> String {
        let t = self.fresh();
        self.line(&format!("{t} = {rhs}"));
        t
    }

    pub(super) fn name(&self, v: Value) -> Result<String, Diagnostic> {
        self.names[v.index()].clone().ok_or_else(|| {
            unsupported(
                self.k,
                "cpu-lowering",
                format!("value %{} is used before it is defined", v.index()),
            )
        })
    }

    /// The current SSA name of `v`, if bound.
    pub(super) fn name_of(&self, v: Value) -> Option<String> {
        self.names.get(v.index()).cloned().flatten()
    }

    /// Restore a binding saved with [`Emitter::name_of`].
    pub(super) fn set_name(&mut self, v: Value, name: Option<String>) {
        if let Some(slot) = self.names.get_mut(v.index()) {
            *slot = name;
        }
    }

    fn ty(&self, v: Value) -> Type {
        self.k.value_type(v)
    }

    pub(super) fn bind(&mut self, v: Value, name: String) {
        self.names[v.index()] = Some(name);
    }

    pub(super) fn const_int(&mut self, value: i64, ty: &str) -> String {
        if ty == "i1" {
            return self.def(&format!(
                "arith.constant {}",
                if value != 0 { "true" } else { "false" }
            ));
        }
        self.def(&format!("arith.constant {value} : {ty}"))
    }

    pub(super) fn const_float(&mut self, bits: u64, ty: Type) -> String {
        let lit = match ty {
            Type::F64 => format!("{bits:#018x}"),
            Type::F32 => format!("{:#010x}", bits as u32),
            _ => format!("{:#06x}", bits as u16),
        };
        self.def(&format!("arith.constant {lit} : {}", mty(ty)))
    }

    fn const_f(&mut self, x: f64, ty: Type) -> String {
        let bits = match ty {
            Type::F32 => u64::from((x as f32).to_bits()),
            _ => x.to_bits(),
        };
        self.const_float(bits, ty)
    }

    fn region_ops(&mut self, region: &Region) -> Result<(), Diagnostic> {
        self.region_depth += 1;
        for &op in &region.ops {
            self.op(op)?;
        }
        self.end_region()
    }

    /// Leave a region: a staging loop deferred in it (`super::forward`) is emitted now.
    fn end_region(&mut self) -> Result<(), Diagnostic> {
        let out = if self.pending_l1.is_some() && self.pending_depth == self.region_depth {
            self.flush_forward()
        } else {
            Ok(())
        };
        self.close_upper_watch();
        self.region_depth -= 1;
        out
    }

    /// Emit a region's body ops except its terminator; gives the terminator's operands.
    pub(super) fn region_body(&mut self, region: &Region) -> Result<Option<OpId>, Diagnostic> {
        let mut term = None;
        self.region_depth += 1;
        for &op in &region.ops {
            if self.k.op(op).kind.is_terminator() {
                term = Some(op);
                break;
            }
            self.op(op)?;
        }
        self.end_region()?;
        Ok(term)
    }

    pub(super) fn yield_of(&mut self, term: Option<OpId>) -> Result<Vec<String>, Diagnostic> {
        match term.map(|t| &self.k.op(t).kind) {
            Some(OpKind::Yield(vals)) => vals.iter().map(|&v| self.name(v)).collect(),
            None => Ok(Vec::new()),
            Some(_) => Err(unsupported(
                self.k,
                "cpu-lowering",
                "a region ends in an unexpected terminator",
            )),
        }
    }

    fn types_of(&self, vals: &[Value]) -> String {
        vals.iter()
            .map(|&v| mty(self.ty(v)))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// Bind the results of a multi-result op named `base`.
    fn bind_results(&mut self, results: &[Value], base: &str) {
        if results.len() == 1 {
            self.bind(results[0], base.to_string());
        } else {
            for (i, &r) in results.iter().enumerate() {
                self.bind(r, format!("{base}#{i}"));
            }
        }
    }

    fn result_prefix(&mut self, n: usize) -> (String, String) {
        if n == 0 {
            return (String::new(), String::new());
        }
        let t = self.fresh();
        let p = if n == 1 {
            format!("{t} = ")
        } else {
            format!("{t}:{n} = ")
        };
        (t, p)
    }

    pub(super) fn op(&mut self, id: OpId) -> Result<(), Diagnostic> {
        if !self.slot_loads.is_empty() {
            self.load_slots(Some(id));
        }
        let data = self.k.op(id).clone();
        if self.forward_op(id, &data)? {
            return Ok(());
        }
        if let Some(seg) = &self.segment {
            // A branch resolved for this segment: emit the taken region inline.
            if let (
                Some(&taken),
                OpKind::If {
                    then_region,
                    else_region,
                    ..
                },
            ) = (seg.forced.get(&id), &data.kind)
            {
                let region = if taken { then_region } else { else_region };
                let term = self.region_body(region)?;
                let ys = self.yield_of(term)?;
                for (&r, y) in data.results.iter().zip(ys) {
                    self.bind(r, y);
                }
                return Ok(());
            }
            // The extension of the thread index itself: the i64 loop counter.
            if let (OpKind::Cast(CastOp::ZExt | CastOp::SExt, a), Some(x64), Some(&r)) =
                (&data.kind, &seg.x64, data.results.first())
            {
                if seg.x_arg == Some(*a) && self.k.value_type(r) == Type::I64 {
                    let x64 = x64.clone();
                    self.bind(r, x64);
                    return Ok(());
                }
            }
            // An extension of an affine index: ext(e(lo)) + c * (x - lo), exact here.
            if let Some((base, c, lo)) = seg.exts.get(&id).cloned() {
                let x64 = seg.x64.clone().ok_or_else(|| {
                    unsupported(
                        self.k,
                        "cpu-lowering",
                        "affine extension outside its x loop",
                    )
                })?;
                let d = self.def(&format!("arith.subi {x64}, {lo} : i64"));
                let cc = self.const_int(c, "i64");
                let m = self.def(&format!("arith.muli {d}, {cc} : i64"));
                let v = self.def(&format!("arith.addi {base}, {m} : i64"));
                if let Some(&r) = data.results.first() {
                    self.bind(r, v);
                }
                return Ok(());
            }
        }
        if self.bounds_guarded(id, &data)? {
            return Ok(());
        }
        self.op_main(id, &data)
    }

    /// [`Emitter::op`] past forwarding and split segments (what a bounds check guards).
    pub(super) fn op_main(
        &mut self,
        id: OpId,
        data: &parallel_ir::ir::OpData,
    ) -> Result<(), Diagnostic> {
        if self.privatized_op(id)? {
            return Ok(());
        }
        if self.stream.redirect.is_some() && self.redirected_store(id)? {
            return Ok(());
        }
        let res = data.results.first().copied();
        let rty = res.map(|r| self.ty(r));
        if let Some(t) = rty {
            if matches!(t, Type::F16 | Type::BF16) {
                return Err(unsupported(
                    self.k,
                    "cpu-unsupported-type",
                    format!(
                        "op {} gives {t}, which the CPU backend does not support",
                        id.0
                    ),
                ));
            }
        }
        let name = match &data.kind {
            OpKind::Const { bits } => {
                let ty = rty.unwrap_or(Type::I32);
                Some(match ty {
                    Type::Ptr(_) => {
                        if *bits == 0 {
                            self.def("llvm.mlir.zero : !llvm.ptr")
                        } else {
                            let c = self.const_int(*bits as i64, "i64");
                            self.def(&format!("llvm.inttoptr {c} : i64 to !llvm.ptr"))
                        }
                    }
                    t if t.is_float() => self.const_float(*bits, t),
                    t => self.const_int(sext(*bits, t), mty(t)),
                })
            }
            OpKind::Unary(op, a) => Some(self.unary(*op, *a)?),
            OpKind::Binary(op, a, b) => Some(self.binary(*op, *a, *b)?),
            OpKind::Fma(a, b, c) => {
                let ty = self.ty(*a);
                let (a, b, c) = (self.name(*a)?, self.name(*b)?, self.name(*c)?);
                Some(self.def(&format!("math.fma {a}, {b}, {c} : {}", mty(ty))))
            }
            OpKind::ICmp(p, a, b) => {
                let ty = self.ty(*a);
                let (a, b) = (self.name(*a)?, self.name(*b)?);
                Some(if ty.is_ptr() {
                    self.def(&format!("llvm.icmp \"{}\" {a}, {b} : !llvm.ptr", ipred(*p)))
                } else {
                    self.def(&format!("arith.cmpi {}, {a}, {b} : {}", ipred(*p), mty(ty)))
                })
            }
            OpKind::FCmp(p, a, b) => {
                let ty = self.ty(*a);
                let (a, b) = (self.name(*a)?, self.name(*b)?);
                Some(self.def(&format!("arith.cmpf {}, {a}, {b} : {}", fpred(*p), mty(ty))))
            }
            OpKind::Select {
                cond,
                if_true,
                if_false,
            } => {
                let ty = self.ty(*if_true);
                let (c, t, f) = (
                    self.name(*cond)?,
                    self.name(*if_true)?,
                    self.name(*if_false)?,
                );
                Some(self.def(&format!("arith.select {c}, {t}, {f} : {}", mty(ty))))
            }
            OpKind::Cast(op, a) => Some(self.cast(*op, *a, rty.unwrap_or(Type::I32))?),
            OpKind::Dim(d) => {
                let v = match d {
                    Dim::BlockDim(i) => i64::from(self.cfg.block[usize::from(*i).min(2)]),
                    Dim::GridDim(i) => i64::from(self.cfg.grid[usize::from(*i).min(2)]),
                    Dim::DynamicSharedBytes => self.cfg.dynamic_shared_bytes as i64,
                };
                Some(self.const_int(v, mty(rty.unwrap_or(Type::I32))))
            }
            OpKind::LaneId => {
                let tid = self.linear_tid.clone().ok_or_else(|| {
                    unsupported(self.k, "cpu-lowering", "lane id outside a thread loop")
                })?;
                let c = self.const_int(32, "i32");
                Some(self.def(&format!("arith.remui {tid}, {c} : i32")))
            }
            OpKind::RootAddr(root) => Some(self.root_ptr(*root)?),
            OpKind::PtrAdd { ptr, offset } => {
                let (p, o) = (self.name(*ptr)?, self.name(*offset)?);
                Some(self.gep(&p, &o))
            }
            OpKind::Load { addr } => {
                self.check_upper_read(id, addr);
                let ty = rty.unwrap_or(Type::I32);
                let p = self.addr(addr)?;
                let sc = self.scope_attrs(addr);
                Some(if ty == Type::I1 {
                    let b = self.def(&format!(
                        "llvm.load {p} {{alignment = 1 : i64{sc}}} : !llvm.ptr -> i8"
                    ));
                    let z = self.const_int(0, "i8");
                    self.def(&format!("arith.cmpi ne, {b}, {z} : i8"))
                } else if sc.is_empty() {
                    self.def(&format!("llvm.load {p} : !llvm.ptr -> {}", mty(ty)))
                } else {
                    let sc = sc.trim_start_matches(", ");
                    self.def(&format!("llvm.load {p} {{{sc}}} : !llvm.ptr -> {}", mty(ty)))
                })
            }
            OpKind::Store { addr, value } => {
                // An upper staging store of a fused loop: under its flag, set at the end
                // of the block (`super::forward`).
                let flag = self.upper_flag.get(&id).cloned();
                if let Some(f) = &flag {
                    self.line(&format!("scf.if {f} {{"));
                    self.indent += 1;
                }
                let ty = self.ty(*value);
                let p = self.addr(addr)?;
                let mut v = self.name(*value)?;
                let mut t = mty(ty);
                if ty == Type::I1 {
                    v = self.def(&format!("arith.extui {v} : i1 to i8"));
                    t = "i8";
                }
                let sc = self.scope_attrs(addr);
                if sc.is_empty() {
                    self.line(&format!("llvm.store {v}, {p} : {t}, !llvm.ptr"));
                } else {
                    let sc = sc.trim_start_matches(", ");
                    self.line(&format!("llvm.store {v}, {p} {{{sc}}} : {t}, !llvm.ptr"));
                }
                if flag.is_some() {
                    self.indent -= 1;
                    self.line("}");
                }
                None
            }
            OpKind::Atomic { op, addr, value } => Some(self.atomic(id, *op, addr, *value)?),
            OpKind::AtomicCas {
                addr,
                expected,
                new,
            } => {
                let ty = self.ty(*new);
                if !ty.is_int() || ty == Type::I1 {
                    return Err(unsupported(
                        self.k,
                        "cpu-unsupported-op",
                        format!("atomic compare-and-swap on {ty}"),
                    ));
                }
                let p = self.addr(addr)?;
                let (e, n) = (self.name(*expected)?, self.name(*new)?);
                let pair = self.def(&format!(
                    "llvm.cmpxchg {p}, {e}, {n} monotonic monotonic : !llvm.ptr, {}",
                    mty(ty)
                ));
                Some(self.def(&format!(
                    "llvm.extractvalue {pair}[0] : !llvm.struct<({}, i1)>",
                    mty(ty)
                )))
            }
            OpKind::Memcpy { dst, src, len } => {
                let (d, s, l) = (self.addr(dst)?, self.addr(src)?, self.name(*len)?);
                self.line(&format!(
                    "\"llvm.intr.memcpy\"({d}, {s}, {l}) <{{isVolatile = false}}> : (!llvm.ptr, !llvm.ptr, i64) -> ()"
                ));
                None
            }
            OpKind::Memset { dst, byte, len } => {
                let (d, b, l) = (self.addr(dst)?, self.name(*byte)?, self.name(*len)?);
                self.line(&format!(
                    "\"llvm.intr.memset\"({d}, {b}, {l}) <{{isVolatile = false}}> : (!llvm.ptr, i8, i64) -> ()"
                ));
                None
            }
            OpKind::SharedAlloc(s) => {
                let alloc = &self.k.shared[s.index()];
                let bytes = if alloc.dynamic {
                    self.cfg.dynamic_shared_bytes
                } else {
                    alloc.bytes
                };
                let p = if self.no_zero.contains(&s.0) {
                    self.alloca(bytes.max(1), alloc.align.max(16))
                } else {
                    self.alloca_zeroed(bytes.max(1), alloc.align.max(16))
                };
                self.shared[s.index()] = Some(p);
                None
            }
            OpKind::LocalAlloc(l) => {
                let alloc = &self.k.locals[l.index()];
                let (bytes, align) = (alloc.bytes.max(1), alloc.align.max(8));
                let p = self.alloca_zeroed(bytes, align);
                self.locals[l.index()] = Some(p);
                None
            }
            OpKind::Barrier { .. } => {
                return Err(unsupported(
                    self.k,
                    "cpu-barrier",
                    "a block barrier remains after distribution; the CPU backend runs the threads of a block one after another",
                ))
            }
            OpKind::Shuffle { .. } | OpKind::Vote { .. } => {
                return Err(unsupported(
                    self.k,
                    "cpu-warp-op",
                    "warp shuffles and votes are not supported by the CPU backend",
                ))
            }
            OpKind::Fence => {
                self.line("llvm.fence seq_cst");
                None
            }
            OpKind::Trap => {
                let c = self.const_int(i64::from(ERR_TRAP), "i32");
                let err = self.err.clone();
                self.line(&format!(
                    "llvm.store {c}, {err} atomic monotonic {{alignment = 4 : i64}} : i32, !llvm.ptr"
                ));
                None
            }
            OpKind::Parallel { level, body } => {
                self.parallel(*level, body)?;
                None
            }
            OpKind::For {
                lower,
                upper,
                step,
                inits,
                body,
            } => {
                let ity = self.ty(*lower);
                let (lb, ub, st) = (self.name(*lower)?, self.name(*upper)?, self.name(*step)?);
                let init_names: Vec<String> =
                    inits.iter().map(|&v| self.name(v)).collect::<Result<_, _>>()?;
                let (base, prefix) = self.result_prefix(data.results.len());
                let iv = self.fresh();
                self.bind(body.args[0], iv.clone());
                let mut iter = Vec::new();
                for (i, &a) in body.args[1..].iter().enumerate() {
                    let n = self.fresh();
                    iter.push(format!("{n} = {}", init_names[i]));
                    self.bind(a, n);
                }
                let iter_s = if iter.is_empty() {
                    String::new()
                } else {
                    format!(
                        " iter_args({}) -> ({})",
                        iter.join(", "),
                        self.types_of(&data.results)
                    )
                };
                self.line(&format!(
                    "{prefix}scf.for {iv} = {lb} to {ub} step {st}{iter_s} : {} {{",
                    mty(ity)
                ));
                self.indent += 1;
                // A loop around thread loops: their loads may be prefetched trips ahead.
                let outer_tile = self.tile_loop.take();
                if self.linear_tid.is_none() {
                    self.tile_loop = super::prefetch::TileLoop::of(self.k, body, *step);
                }
                let term = self.region_body(body)?;
                self.tile_loop = outer_tile;
                let ys = self.yield_of(term)?;
                self.emit_yield(&ys, &body_types(self, term));
                self.indent -= 1;
                self.line("}");
                self.bind_results(&data.results, &base);
                None
            }
            OpKind::While {
                inits,
                before,
                after,
            } => {
                if self.unrolled_while(inits, before, after, &data.results)? {
                    return Ok(());
                }
                let slotted = super::slots::plan(self.k, before, after);
                let init_names: Vec<String> =
                    inits.iter().map(|&v| self.name(v)).collect::<Result<_, _>>()?;
                let saved_stack = (!slotted.is_empty())
                    .then(|| self.def("llvm.intr.stacksave : !llvm.ptr"));
                let mut slots = Vec::new();
                for &i in &slotted {
                    let (Some(&a), Some(init)) = (before.args.get(i), init_names.get(i)) else {
                        return Err(unsupported(
                            self.k,
                            "cpu-lowering",
                            "a while loop's carried values do not match its inits",
                        ));
                    };
                    let t = mty(self.ty(a));
                    let one = self.const_int(1, "i64");
                    let p = self.def(&format!("llvm.alloca {one} x {t} : (i64) -> !llvm.ptr"));
                    self.line(&format!("llvm.store volatile {init}, {p} : {t}, !llvm.ptr"));
                    slots.push((a, p));
                }
                let kept = |i: usize| !slotted.contains(&i);
                let kept_inits: Vec<Value> = inits
                    .iter()
                    .enumerate()
                    .filter(|&(i, _)| kept(i))
                    .map(|(_, &v)| v)
                    .collect();
                let (base, prefix) = self.result_prefix(data.results.len());
                let mut bargs = Vec::new();
                for (i, &a) in before.args.iter().enumerate() {
                    if !kept(i) {
                        continue;
                    }
                    let n = self.fresh();
                    bargs.push(format!("{n} = {}", init_names[i]));
                    self.bind(a, n);
                }
                self.line(&format!(
                    "{prefix}scf.while ({}) : ({}) -> ({}) {{",
                    bargs.join(", "),
                    self.types_of(&kept_inits),
                    self.types_of(&data.results)
                ));
                self.indent += 1;
                let outer_loads = std::mem::replace(&mut self.slot_loads, slots.clone());
                let term = self.region_body(before);
                // Arguments only the condition uses (or none) are loaded before it.
                self.load_slots(None);
                self.slot_loads = outer_loads;
                let term = term?;
                match term.map(|t| self.k.op(t).kind.clone()) {
                    Some(OpKind::Condition { cond, args }) => {
                        let c = self.name(cond)?;
                        let names: Vec<String> =
                            args.iter().map(|&v| self.name(v)).collect::<Result<_, _>>()?;
                        if names.is_empty() {
                            self.line(&format!("scf.condition({c})"));
                        } else {
                            self.line(&format!(
                                "scf.condition({c}) {} : {}",
                                names.join(", "),
                                self.types_of(&args)
                            ));
                        }
                    }
                    _ => {
                        return Err(unsupported(
                            self.k,
                            "cpu-lowering",
                            "a while loop's before-region does not end in a condition",
                        ))
                    }
                }
                self.indent -= 1;
                let mut aargs = Vec::new();
                for &a in &after.args {
                    let n = self.fresh();
                    aargs.push(format!("{n}: {}", mty(self.ty(a))));
                    self.bind(a, n);
                }
                self.line(&format!("}} do {{\n^bb0({}):", aargs.join(", ")));
                self.indent += 1;
                let term = self.region_body(after)?;
                let ys = self.yield_of(term)?;
                if slotted.is_empty() {
                    self.emit_yield(&ys, &body_types(self, term));
                } else {
                    let yvals: Vec<Value> = match term.map(|t| &self.k.op(t).kind) {
                        Some(OpKind::Yield(vals)) => vals.clone(),
                        _ => Vec::new(),
                    };
                    let mut kept_ys = Vec::new();
                    let mut kept_vals = Vec::new();
                    for (i, (y, &v)) in ys.iter().zip(&yvals).enumerate() {
                        if kept(i) {
                            kept_ys.push(y.clone());
                            kept_vals.push(v);
                        } else if let Some(pos) = slotted.iter().position(|&s| s == i) {
                            let t = mty(self.ty(v));
                            let p = &slots[pos].1;
                            self.line(&format!("llvm.store volatile {y}, {p} : {t}, !llvm.ptr"));
                        }
                    }
                    let tys = self.types_of(&kept_vals);
                    self.emit_yield(&kept_ys, &tys);
                }
                self.indent -= 1;
                self.line("}");
                if let Some(s) = saved_stack {
                    self.line(&format!("llvm.intr.stackrestore {s} : !llvm.ptr"));
                }
                self.bind_results(&data.results, &base);
                None
            }
            OpKind::If { then_region, .. } if self.always_true_if == Some(id) => {
                self.always_true_if = None;
                self.region_body(then_region)?;
                None
            }
            OpKind::If {
                cond,
                then_region,
                else_region,
            } => {
                let c = self.name(*cond)?;
                let (base, prefix) = self.result_prefix(data.results.len());
                let tys = if data.results.is_empty() {
                    String::new()
                } else {
                    format!(" -> ({})", self.types_of(&data.results))
                };
                self.line(&format!("{prefix}scf.if {c}{tys} {{"));
                self.indent += 1;
                let term = self.region_body(then_region)?;
                let ys = self.yield_of(term)?;
                self.emit_yield(&ys, &body_types(self, term));
                self.indent -= 1;
                self.line("} else {");
                self.indent += 1;
                let term = self.region_body(else_region)?;
                let ys = self.yield_of(term)?;
                self.emit_yield(&ys, &body_types(self, term));
                self.indent -= 1;
                self.line("}");
                self.bind_results(&data.results, &base);
                None
            }
            OpKind::Yield(_) | OpKind::Condition { .. } => None,
        };
        if let (Some(n), Some(r)) = (name, res) {
            self.bind(r, n);
        }
        Ok(())
    }

    fn emit_yield(&mut self, vals: &[String], tys: &str) {
        if vals.is_empty() {
            self.line("scf.yield");
        } else {
            self.line(&format!("scf.yield {} : {tys}", vals.join(", ")));
        }
    }

    /// Load the slotted `While` arguments (`super::slots`) that `before` (an op of the
    /// before region, at any depth) uses, or all that are left when `before` is `None`
    /// (at the condition), and bind them to the loaded values.
    fn load_slots(&mut self, before: Option<OpId>) {
        let pending = std::mem::take(&mut self.slot_loads);
        for (a, p) in pending {
            if before.is_none_or(|o| super::slots::uses_deep(self.k, o, a)) {
                let t = mty(self.ty(a));
                let v = self.def(&format!("llvm.load volatile {p} : !llvm.ptr -> {t}"));
                self.bind(a, v);
            } else {
                self.slot_loads.push((a, p));
            }
        }
    }

    /// Open a stack scope (one block's shared memory, one thread's locals).
    pub(super) fn stack_save(&mut self) -> (String, usize) {
        self.scopes.push(self.indent);
        (
            self.def("llvm.intr.stacksave : !llvm.ptr"),
            self.allocas.len(),
        )
    }

    /// Close a stack scope: the lifetime of each of its allocas ends, then the stack is
    /// restored. The markers tell LLVM that the block's (thread's) storage is dead after
    /// its last use in the iteration, so stores nothing reads later are dropped and
    /// values stay in registers instead of going through memory (a tree reduction's last
    /// steps). Legal because the storage is fresh per block (thread): CUDA scopes shared
    /// memory to the block and locals to the thread, and the stack restore frees it
    /// anyway.
    pub(super) fn stack_restore(&mut self, (saved, mark): (String, usize)) {
        self.scopes.pop();
        for (p, bytes) in self.allocas.split_off(mark.min(self.allocas.len())) {
            self.line(&format!("llvm.intr.lifetime.end {bytes}, {p} : !llvm.ptr"));
        }
        self.line(&format!("llvm.intr.stackrestore {saved} : !llvm.ptr"));
    }

    /// A fresh stack allocation of `bytes`. Directly in a stack scope's region (where its
    /// end can be marked) its lifetime is started here and ended by `stack_restore`; an
    /// alloca in a nested region gets no markers.
    fn alloca(&mut self, bytes: u64, align: u64) -> String {
        let one = self.const_int(1, "i64");
        let p = self.def(&format!(
            "llvm.alloca {one} x !llvm.array<{bytes} x i8> {{alignment = {align} : i64}} : (i64) -> !llvm.ptr"
        ));
        if self.scopes.last() == Some(&self.indent) {
            self.line(&format!(
                "llvm.intr.lifetime.start {bytes}, {p} : !llvm.ptr"
            ));
            self.allocas.push((p.clone(), bytes));
        }
        p
    }

    fn alloca_zeroed(&mut self, bytes: u64, align: u64) -> String {
        let p = self.alloca(bytes, align);
        let z = self.const_int(0, "i8");
        let n = self.const_int(bytes as i64, "i64");
        self.line(&format!(
            "\"llvm.intr.memset\"({p}, {z}, {n}) <{{isVolatile = false}}> : (!llvm.ptr, i8, i64) -> ()"
        ));
        p
    }

    /// A thread `Parallel` with body `body` (a fused body of `super::forward`).
    pub(super) fn parallel_thread(&mut self, body: &Region) -> Result<(), Diagnostic> {
        self.parallel(Level::Block, body)
    }

    fn parallel(&mut self, level: Level, body: &Region) -> Result<(), Diagnostic> {
        let dims = match level {
            Level::Grid => self.cfg.grid,
            Level::Block => self.cfg.block,
        };
        let c0 = self.def("arith.constant 0 : index");
        let c1 = self.def("arith.constant 1 : index");
        let ext: Vec<String> = dims
            .iter()
            .map(|&d| self.def(&format!("arith.constant {d} : index")))
            .collect();
        let has_allocs = body.ops.iter().any(|&o| {
            matches!(
                self.k.op(o).kind,
                OpKind::SharedAlloc(_) | OpKind::LocalAlloc(_)
            )
        });
        if level == Level::Block {
            let k = self.k;
            let plan = SplitPlan::analyse(k, body, dims[0], &mut |c, f| {
                self.hot_branches(c, body, dims[0], f)
            });
            let fixed = self.fixed_zy.take();
            if plan.is_some() || fixed.is_some() {
                return self.split_thread_loop(
                    plan.as_ref(),
                    body,
                    dims,
                    [&c0, &c1],
                    &ext,
                    has_allocs,
                    fixed,
                );
            }
        }
        if level == Level::Grid {
            for (i, &o) in body.ops.iter().enumerate() {
                if let OpKind::SharedAlloc(sid) = self.k.op(o).kind {
                    if self.first_loop_writes_all(&body.ops[i + 1..], sid) {
                        self.no_zero.insert(sid.0);
                    }
                }
            }
        }
        if level == Level::Grid {
            if let Some(plan) = self.privatize_plan(body) {
                return self.privatized_grid(&plan, body, [&c0, &c1], has_allocs);
            }
        }
        if level == Level::Grid && self.row_major_grid_ok(body) {
            return self.row_major_grid(body, [&c0, &c1], &ext);
        }
        let ivs: Vec<String> = match level {
            Level::Grid => {
                // z outermost, x innermost: consecutive iterations are neighbouring blocks
                // in x, as a GPU schedules them (memory locality).
                let (x, y, z) = (self.fresh(), self.fresh(), self.fresh());
                self.line(&format!(
                    "scf.parallel ({z}, {y}, {x}) = ({c0}, {c0}, {c0}) to ({}, {}, {}) step ({c1}, {c1}, {c1}) {{",
                    ext[2], ext[1], ext[0]
                ));
                self.indent += 1;
                vec![x, y, z]
            }
            Level::Block => {
                let mut ext = ext;
                if let Some(ub) = self.guarded_x_bound(body, &ext[0])? {
                    ext[0] = ub;
                    // Every iterated thread has `tid.x < u`: the guard (the last op, no
                    // results, empty else) always holds.
                    self.always_true_if = body
                        .ops
                        .iter()
                        .copied()
                        .rfind(|&o| !self.k.op(o).kind.is_terminator());
                }
                let mut ivs = vec![String::new(); 3];
                for d in [2usize, 1, 0] {
                    let iv = self.fresh();
                    self.line(&format!("scf.for {iv} = {c0} to {} step {c1} {{", ext[d]));
                    self.indent += 1;
                    ivs[d] = iv;
                }
                ivs
            }
        };
        let saved = has_allocs.then(|| self.stack_save());
        let mut idx = Vec::new();
        for (i, iv) in ivs.iter().enumerate() {
            let v = self.def(&format!("arith.index_cast {iv} : index to i32"));
            if let Some(&a) = body.args.get(i) {
                self.bind(a, v.clone());
            }
            idx.push(v);
        }
        let outer_tid = self.linear_tid.clone();
        if level == Level::Block {
            let bx = self.const_int(i64::from(dims[0]), "i32");
            let by = self.const_int(i64::from(dims[1]), "i32");
            let t = self.def(&format!("arith.muli {}, {by} : i32", idx[2]));
            let t = self.def(&format!("arith.addi {t}, {} : i32", idx[1]));
            let t = self.def(&format!("arith.muli {t}, {bx} : i32"));
            let t = self.def(&format!("arith.addi {t}, {} : i32", idx[0]));
            self.linear_tid = Some(t);
            super::stats::add(|s| s.body_copies += 1);
        }
        if level == Level::Grid {
            self.block_prefetch(body)?;
        }
        self.region_body(body)?;
        self.linear_tid = outer_tid;
        if let Some(s) = saved {
            self.stack_restore(s);
        }
        match level {
            Level::Grid => {
                self.line("scf.reduce");
                self.indent -= 1;
                self.line("}");
            }
            Level::Block => {
                for _ in 0..3 {
                    self.indent -= 1;
                    self.line("}");
                }
            }
        }
        Ok(())
    }

    /// A thread `Parallel` whose x loop is index-set split (`super::split`): z and y
    /// loops as usual, then the segmented x loop; each segment leaf is an `scf.for`
    /// over `[lo, hi)` running the body with the segment's branches resolved.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn split_thread_loop(
        &mut self,
        plan: Option<&SplitPlan>,
        body: &Region,
        dims: [u32; 3],
        [c0, c1]: [&str; 2],
        ext: &[String],
        has_allocs: bool,
        fixed: Option<(String, String)>,
    ) -> Result<(), Diagnostic> {
        let mut idx = vec![String::new(); 3];
        let opened = fixed.is_none();
        if let Some((z, y)) = fixed {
            idx[2] = z;
            idx[1] = y;
            for d in [2usize, 1] {
                if let Some(&a) = body.args.get(d) {
                    self.bind(a, idx[d].clone());
                }
            }
        } else {
            for d in [2usize, 1] {
                let iv = self.fresh();
                self.line(&format!("scf.for {iv} = {c0} to {} step {c1} {{", ext[d]));
                self.indent += 1;
                let v = self.def(&format!("arith.index_cast {iv} : index to i32"));
                if let Some(&a) = body.args.get(d) {
                    self.bind(a, v.clone());
                }
                idx[d] = v;
            }
        }
        let outer_tid = self.linear_tid.clone();
        let c1s = c1.to_string();
        // A flat loop (`super::flat`) runs over the blocks of a grid row too.
        let flat = plan.and_then(|p| p.flat.clone());
        let n = match flat {
            Some(_) => self.cfg.grid[0] * dims[0],
            None => dims[0],
        };
        // The x loop over positions `[lo, hi)`, or `base + [lo, hi)` (`super::stream`'s
        // groups, whose loop has constant bounds).
        let mut emit_loop =
            |e: &mut Self, lo: &str, hi: &str, base: Option<&str>| -> Result<(), Diagnostic> {
                let iv = e.fresh();
                e.line(&format!("scf.for {iv} = {lo} to {hi} step {c1s} {{"));
                e.indent += 1;
                let saved = has_allocs.then(|| e.stack_save());
                let iv = match base {
                    Some(b) => e.def(&format!("arith.addi {b}, {iv} : index")),
                    None => iv,
                };
                let x = e.def(&format!("arith.index_cast {iv} : index to i32"));
                let x64 = e.def(&format!("arith.index_cast {iv} : index to i64"));
                let x_arg = body
                    .args
                    .first()
                    .copied()
                    .filter(|_| flat.is_none() && e.in_fused);
                if let Some(seg) = e.segment.as_mut() {
                    seg.x64 = Some(x64);
                    seg.x_arg = x_arg;
                }
                let mut x = x;
                if let Some(&a) = body.args.first() {
                    e.bind_x(flat.as_ref(), a, &x);
                    x = e.name(a)?;
                }
                let bx = e.const_int(i64::from(dims[0]), "i32");
                let by = e.const_int(i64::from(dims[1]), "i32");
                let t = e.def(&format!("arith.muli {}, {by} : i32", idx[2]));
                let t = e.def(&format!("arith.addi {t}, {} : i32", idx[1]));
                let t = e.def(&format!("arith.muli {t}, {bx} : i32"));
                let t = e.def(&format!("arith.addi {t}, {x} : i32"));
                e.linear_tid = Some(t);
                super::stats::add(|s| s.body_copies += 1);
                e.region_body(body)?;
                if let Some(s) = saved {
                    e.stack_restore(s);
                }
                e.line("scf.yield");
                e.indent -= 1;
                e.line("}");
                Ok(())
            };
        let mut leaf = |e: &mut Self, lo: &str, hi: &str| -> Result<(), Diagnostic> {
            if plan.is_some() {
                super::stats::add(|s| s.segments += 1);
            }
            e.prefetch_segment(body, flat.as_ref(), lo, hi)?;
            match e.stream_site(body, flat.as_ref()) {
                Some(site) => {
                    e.streamed_segment(&site, body, flat.as_ref(), lo, hi, &mut emit_loop)
                }
                None => emit_loop(e, lo, hi, None),
            }
        };
        match plan {
            Some(plan) => {
                super::stats::add(|s| s.split_loops += 1);
                self.segmented_x_loop(plan, body, n, &mut leaf)?
            }
            None => leaf(self, c0, &ext[0])?,
        }
        self.linear_tid = outer_tid;
        if opened {
            for _ in 0..2 {
                self.indent -= 1;
                self.line("}");
            }
        }
        Ok(())
    }

    /// Whether the zero fill of shared allocation `sid` is dead: the first op after it
    /// (in `rest`, the rest of the grid body) that is not pure nor another allocation is
    /// a thread loop over a 1-D block in which every thread unconditionally (at the top
    /// level of the body) stores `size` bytes at byte `ext(threadIdx.x) * size` of the
    /// allocation, `blockDim.x * size` covers the allocation, and nothing in the loop reads
    /// it or any address not rooted at a named allocation or parameter. Then every byte
    /// is written before anything can read it, so its initial value never shows.
    fn first_loop_writes_all(&self, rest: &[OpId], sid: parallel_ir::ir::SharedId) -> bool {
        let alloc = &self.k.shared[sid.index()];
        let bytes = if alloc.dynamic {
            self.cfg.dynamic_shared_bytes
        } else {
            alloc.bytes
        };
        let Some(&first) = rest.iter().find(|&&o| {
            let kind = &self.k.op(o).kind;
            !super::split::pure_op(kind)
                && !matches!(kind, OpKind::SharedAlloc(_) | OpKind::LocalAlloc(_))
        }) else {
            return false;
        };
        let OpKind::Parallel {
            level: Level::Block,
            body,
        } = &self.k.op(first).kind
        else {
            return false;
        };
        let [bx, by, bz] = self.cfg.block;
        let Some(&x) = body.args.first() else {
            return false;
        };
        if by != 1 || bz != 1 {
            return false;
        }
        let const_of = |v: Value| match self.k.value_def(v) {
            parallel_ir::ir::ValueDef::Result(op, 0) => match self.k.op(op).kind {
                OpKind::Const { bits } => Some(bits),
                _ => None,
            },
            _ => None,
        };
        let is_ext_x = |v: Value| match self.k.value_def(v) {
            parallel_ir::ir::ValueDef::Result(op, 0) => matches!(
                self.k.op(op).kind,
                OpKind::Cast(CastOp::ZExt | CastOp::SExt, a) if a == x
            ),
            _ => false,
        };
        let covering = body.ops.iter().any(|&o| {
            let OpKind::Store {
                addr: Addr::Root { root, offset },
                value,
            } = self.k.op(o).kind
            else {
                return false;
            };
            if root != MemRoot::Shared(sid) {
                return false;
            }
            let size = u64::from(self.ty(value).bits().div_ceil(8));
            let parallel_ir::ir::ValueDef::Result(op, 0) = self.k.value_def(offset) else {
                return false;
            };
            let OpKind::Binary(BinaryOp::Mul, a, b) = self.k.op(op).kind else {
                return false;
            };
            let scale = if is_ext_x(a) {
                const_of(b)
            } else if is_ext_x(b) {
                const_of(a)
            } else {
                None
            };
            scale == Some(size) && u64::from(bx) * size >= bytes
        });
        covering && !self.reads_shared(&body.ops, sid)
    }

    /// Whether any op (nested ones too) may read shared allocation `sid`: a load, atomic,
    /// copy or fill through it or through a computed pointer, or its address escaping.
    fn reads_shared(&self, ops: &[OpId], sid: parallel_ir::ir::SharedId) -> bool {
        let risky = |a: &Addr| match a {
            Addr::Root { root, .. } => *root == MemRoot::Shared(sid),
            Addr::Dynamic(_) => true,
        };
        ops.iter().any(|&o| {
            let kind = &self.k.op(o).kind;
            let here = match kind {
                OpKind::Load { addr }
                | OpKind::Atomic { addr, .. }
                | OpKind::AtomicCas { addr, .. } => risky(addr),
                OpKind::Memcpy { dst, src, .. } => risky(dst) || risky(src),
                OpKind::Memset { dst, .. } => risky(dst),
                OpKind::RootAddr(r) => *r == MemRoot::Shared(sid),
                _ => false,
            };
            here || kind
                .regions()
                .iter()
                .any(|r| self.reads_shared(&r.ops, sid))
        })
    }

    /// Whether the grid `Parallel` can run its threads row-major across blocks: its body
    /// is pure ops and then one thread `Parallel` (no shared memory, nothing else per
    /// block), blocks have more than one thread row, and the grid has enough block rows
    /// to share among OpenMP threads. Such a kernel is a plain map over (block, thread)
    /// pairs: no barrier is left and nothing is shared within a block, so CUDA allows
    /// its threads to run in any order or interleaving, and any order is as legal as the
    /// block-by-block one.
    fn row_major_grid_ok(&self, body: &Region) -> bool {
        let (g, b) = (self.cfg.grid, self.cfg.block);
        if b[1] * b[2] <= 1 || g[0] <= 1 || u64::from(g[1]) * u64::from(g[2]) < 16 {
            return false;
        }
        let ops: Vec<OpId> = body
            .ops
            .iter()
            .copied()
            .filter(|&o| !self.k.op(o).kind.is_terminator())
            .collect();
        let Some((&last, rest)) = ops.split_last() else {
            return false;
        };
        matches!(
            self.k.op(last).kind,
            OpKind::Parallel {
                level: Level::Block,
                ..
            }
        ) && rest
            .iter()
            .all(|&o| super::split::pure_op(&self.k.op(o).kind))
    }

    /// The grid loop of a kernel that [`Self::row_major_grid_ok`] accepts, emitted as
    /// `parallel (bz, by) { for tz { for ty { for bx { body; for tx {...} } } } }`: each
    /// thread row of a block row walks memory in one sweep across the blocks (as a
    /// row-major CPU loop does) instead of a short run per block.
    fn row_major_grid(
        &mut self,
        body: &Region,
        [c0, c1]: [&str; 2],
        ext: &[String],
    ) -> Result<(), Diagnostic> {
        let (z, y) = (self.fresh(), self.fresh());
        self.line(&format!(
            "scf.parallel ({z}, {y}) = ({c0}, {c0}) to ({}, {}) step ({c1}, {c1}) {{",
            ext[2], ext[1]
        ));
        self.indent += 1;
        self.stream_grid_begin(u64::from(self.cfg.grid[1]) * u64::from(self.cfg.grid[2]));
        for (i, iv) in [(2usize, &z), (1, &y)] {
            let v = self.def(&format!("arith.index_cast {iv} : index to i32"));
            if let Some(&a) = body.args.get(i) {
                self.bind(a, v);
            }
        }
        let block = self.cfg.block;
        let mut tids = Vec::new();
        for d in [2usize, 1] {
            let e = self.def(&format!("arith.constant {} : index", block[d]));
            let iv = self.fresh();
            self.line(&format!("scf.for {iv} = {c0} to {e} step {c1} {{"));
            self.indent += 1;
            tids.push(self.def(&format!("arith.index_cast {iv} : index to i32")));
        }
        if self.flat_grid_row(body, [c0, c1], ext, (&tids[0], &tids[1]))? {
            for _ in 0..2 {
                self.indent -= 1;
                self.line("}");
            }
            self.stream_grid_end();
            self.line("scf.reduce");
            self.indent -= 1;
            self.line("}");
            return Ok(());
        }
        let bx = self.fresh();
        self.line(&format!("scf.for {bx} = {c0} to {} step {c1} {{", ext[0]));
        self.indent += 1;
        let v = self.def(&format!("arith.index_cast {bx} : index to i32"));
        if let Some(&a) = body.args.first() {
            self.bind(a, v);
        }
        for &o in &body.ops {
            if self.k.op(o).kind.is_terminator() {
                break;
            }
            if matches!(self.k.op(o).kind, OpKind::Parallel { .. }) {
                self.fixed_zy = Some((tids[0].clone(), tids[1].clone()));
            }
            self.op(o)?;
            self.fixed_zy = None;
        }
        for _ in 0..3 {
            self.indent -= 1;
            self.line("}");
        }
        self.stream_grid_end();
        self.line("scf.reduce");
        self.indent -= 1;
        self.line("}");
        Ok(())
    }

    /// A thread loop whose body is effect-free code and then `if (tid.x < u) {...}` with
    /// `u` defined outside: threads with `tid.x >= u` do nothing, so the x loop can stop
    /// at `min(blockDim.x, u)` (the `if` stays; it is then always true). Gives that bound.
    fn guarded_x_bound(&mut self, body: &Region, bdx: &str) -> Result<Option<String>, Diagnostic> {
        let ops: Vec<OpId> = body
            .ops
            .iter()
            .copied()
            .filter(|&o| !self.k.op(o).kind.is_terminator())
            .collect();
        let Some((&last, rest)) = ops.split_last() else {
            return Ok(None);
        };
        let OpKind::If {
            cond, else_region, ..
        } = &self.k.op(last).kind
        else {
            return Ok(None);
        };
        if !self.k.op(last).results.is_empty()
            || else_region
                .ops
                .iter()
                .any(|&o| !self.k.op(o).kind.is_terminator())
        {
            return Ok(None);
        }
        let harmless = |kind: &OpKind| match kind {
            OpKind::Binary(op, ..) => !matches!(
                op,
                BinaryOp::UDiv | BinaryOp::SDiv | BinaryOp::URem | BinaryOp::SRem
            ),
            OpKind::Const { .. }
            | OpKind::Unary(..)
            | OpKind::Fma(..)
            | OpKind::ICmp(..)
            | OpKind::FCmp(..)
            | OpKind::Select { .. }
            | OpKind::Cast(..)
            | OpKind::Dim(_)
            | OpKind::LaneId
            | OpKind::PtrAdd { .. } => true,
            _ => false,
        };
        if !rest.iter().all(|&o| harmless(&self.k.op(o).kind)) {
            return Ok(None);
        }
        let Some(&cmp) = rest
            .iter()
            .find(|&&o| self.k.op(o).results.first() == Some(cond))
        else {
            return Ok(None);
        };
        let OpKind::ICmp(pred, a, b) = self.k.op(cmp).kind else {
            return Ok(None);
        };
        let signed = match pred {
            IntPredicate::Slt => true,
            IntPredicate::Ult => false,
            _ => return Ok(None),
        };
        let ty = self.ty(b);
        if body.args.first() != Some(&a) || !matches!(ty, Type::I32 | Type::I64) {
            return Ok(None);
        }
        let Some(u) = self.names[b.index()].clone() else {
            return Ok(None);
        };
        let t = mty(ty);
        let r = if signed {
            let z = self.const_int(0, t);
            let u = self.def(&format!("arith.maxsi {u}, {z} : {t}"));
            let u = self.def(&format!("arith.index_cast {u} : {t} to index"));
            self.def(&format!("arith.minsi {u}, {bdx} : index"))
        } else {
            let u = self.def(&format!("arith.index_castui {u} : {t} to index"));
            self.def(&format!("arith.minui {u}, {bdx} : index"))
        };
        Ok(Some(r))
    }

    pub(super) fn root_ptr(&mut self, root: MemRoot) -> Result<String, Diagnostic> {
        let r = match root {
            MemRoot::Param(i) => {
                let p = self.params.get(i as usize).cloned();
                match p {
                    Some(p)
                        if self.k.params.get(i as usize).map(|&v| self.ty(v).is_ptr())
                            == Some(true) =>
                    {
                        p
                    }
                    Some(p) => self.def(&format!("llvm.inttoptr {p} : i64 to !llvm.ptr")),
                    None => {
                        return Err(unsupported(
                            self.k,
                            "cpu-lowering",
                            format!("access through parameter {i}, which does not exist"),
                        ))
                    }
                }
            }
            MemRoot::Shared(s) => {
                self.shared
                    .get(s.index())
                    .cloned()
                    .flatten()
                    .ok_or_else(|| {
                        unsupported(
                            self.k,
                            "cpu-lowering",
                            "shared allocation used outside its block",
                        )
                    })?
            }
            MemRoot::Local(l) => {
                self.locals
                    .get(l.index())
                    .cloned()
                    .flatten()
                    .ok_or_else(|| {
                        unsupported(
                            self.k,
                            "cpu-lowering",
                            "local allocation used outside its thread",
                        )
                    })?
            }
            MemRoot::Global(g) => self.globals.get(g.index()).cloned().ok_or_else(|| {
                unsupported(self.k, "cpu-lowering", "access to an unknown module global")
            })?,
        };
        Ok(r)
    }

    /// `, alias_scopes = [...], noalias_scopes = [...]` for an access rooted at a scoped
    /// pointer parameter (see [`emit_module_with`]); empty otherwise.
    pub(super) fn scope_attrs(&self, addr: &Addr) -> String {
        let Addr::Root {
            root: MemRoot::Param(i),
            ..
        } = *addr
        else {
            return String::new();
        };
        if !self.scoped_params.contains(&i) {
            return String::new();
        }
        let others: Vec<String> = self
            .scoped_params
            .iter()
            .filter(|&&j| j != i)
            .map(|j| format!("#raise_p{j}"))
            .collect();
        format!(
            ", alias_scopes = [#raise_p{i}], noalias_scopes = [{}]",
            others.join(", ")
        )
    }

    fn gep(&mut self, base: &str, offset: &str) -> String {
        self.def(&format!(
            "llvm.getelementptr {base}[{offset}] : (!llvm.ptr, i64) -> !llvm.ptr, i8"
        ))
    }

    fn addr(&mut self, addr: &Addr) -> Result<String, Diagnostic> {
        match *addr {
            Addr::Root { root, offset } => {
                let base = self.root_ptr(root)?;
                let off = self.name(offset)?;
                Ok(self.gep(&base, &off))
            }
            Addr::Dynamic(p) => self.name(p),
        }
    }

    fn atomic(
        &mut self,
        id: OpId,
        op: AtomicOp,
        addr: &Addr,
        value: Value,
    ) -> Result<String, Diagnostic> {
        let ty = self.ty(value);
        let kind = match op {
            AtomicOp::Add => "add",
            AtomicOp::FAdd => "fadd",
            AtomicOp::Sub => "sub",
            AtomicOp::And => "_and",
            AtomicOp::Or => "_or",
            AtomicOp::Xor => "_xor",
            AtomicOp::Exch => "xchg",
            AtomicOp::SMin => "min",
            AtomicOp::SMax => "max",
            AtomicOp::UMin => "umin",
            AtomicOp::UMax => "umax",
            AtomicOp::Inc => "uinc_wrap",
            AtomicOp::Dec => "udec_wrap",
            AtomicOp::FMin | AtomicOp::FMax => {
                return Err(unsupported(
                    self.k,
                    "cpu-unsupported-op",
                    "atomic float min/max is not supported by the CPU backend yet",
                ))
            }
        };
        if ty == Type::I1 || ty.is_ptr() && kind != "xchg" {
            return Err(unsupported(
                self.k,
                "cpu-unsupported-op",
                format!("atomic {op} on {ty}"),
            ));
        }
        let p = self.addr(addr)?;
        let v = self.name(value)?;
        // Shared and per-thread memory belong to one block, whose threads run one after
        // another on one OS thread (see the module documentation): no other thread can
        // touch the location between the read and the write, so a plain read-modify-write
        // is the atomic's exact semantics, and LLVM may keep it in registers or vectorize
        // around it (its dependence analysis sees the sequential loop). The same holds for
        // a global atomic in `block_local_atomics` (only its own block's threads touch its
        // bytes): both grid schedules, block by block and `row_major_grid`, run a whole
        // block inside one iteration of the parallel loop, hence on one OS thread.
        let block_memory = matches!(
            addr,
            Addr::Root {
                root: MemRoot::Shared(_) | MemRoot::Local(_),
                ..
            }
        );
        let block_local = !block_memory && self.k.block_local_atomics.contains(&id);
        let block_private = block_memory || block_local;
        let plain = match op {
            AtomicOp::FAdd => Some("arith.addf"),
            AtomicOp::Add => Some("arith.addi"),
            AtomicOp::Sub => Some("arith.subi"),
            AtomicOp::And => Some("arith.andi"),
            AtomicOp::Or => Some("arith.ori"),
            AtomicOp::Xor => Some("arith.xori"),
            _ => None,
        };
        if let (true, Some(arith)) = (block_private, plain) {
            let t = mty(ty);
            // A block-local global keeps single-copy atomic accesses (plain moves on x86):
            // LLVM then does not merge a stencil's neighbouring read-modify-writes into
            // overlapping vector accesses, which stall store-to-load forwarding.
            let (la, sa) = if block_local {
                let align = ty.bits().div_ceil(8);
                (
                    format!(" atomic monotonic {{alignment = {align} : i64}}"),
                    format!(" atomic monotonic {{alignment = {align} : i64}}"),
                )
            } else {
                (String::new(), String::new())
            };
            let old = self.def(&format!("llvm.load {p}{la} : !llvm.ptr -> {t}"));
            let new = self.def(&format!("{arith} {old}, {v} : {t}"));
            self.line(&format!("llvm.store {new}, {p}{sa} : {t}, !llvm.ptr"));
            return Ok(old);
        }
        Ok(self.def(&format!(
            "llvm.atomicrmw {kind} {p}, {v} monotonic : !llvm.ptr, {}",
            mty(ty)
        )))
    }

    fn libm1(&mut self, ty: Type, f32name: &str, a: &str) -> String {
        let (name, t) = if ty == Type::F64 {
            (f32name.trim_end_matches('f').to_string(), "f64")
        } else {
            (f32name.to_string(), "f32")
        };
        self.decls
            .insert(format!("func.func private @{name}({t}) -> {t}"));
        self.def(&format!("func.call @{name}({a}) : ({t}) -> {t}"))
    }

    fn libm2(&mut self, ty: Type, f32name: &str, a: &str, b: &str) -> String {
        let (name, t) = if ty == Type::F64 {
            (f32name.trim_end_matches('f').to_string(), "f64")
        } else {
            (f32name.to_string(), "f32")
        };
        self.decls
            .insert(format!("func.func private @{name}({t}, {t}) -> {t}"));
        self.def(&format!("func.call @{name}({a}, {b}) : ({t}, {t}) -> {t}"))
    }

    fn callback1(&mut self, ty: Type, op: UnaryOp, a: &str) -> String {
        let t = mty(ty);
        let name = format!("raise_cpu_unary_{t}");
        self.decls
            .insert(format!("func.func private @{name}(i32, {t}) -> {t}"));
        let code = UnaryOp::ALL.iter().position(|&o| o == op).unwrap_or(0) as i64;
        let c = self.const_int(code, "i32");
        self.def(&format!("func.call @{name}({c}, {a}) : (i32, {t}) -> {t}"))
    }

    fn unary(&mut self, op: UnaryOp, a: Value) -> Result<String, Diagnostic> {
        let ty = self.ty(a);
        let t = mty(ty);
        let x = self.name(a)?;
        Ok(match op {
            UnaryOp::Not => {
                let m = self.const_int(-1, t);
                self.def(&format!("arith.xori {x}, {m} : {t}"))
            }
            UnaryOp::Neg => {
                let z = self.const_int(0, t);
                self.def(&format!("arith.subi {z}, {x} : {t}"))
            }
            UnaryOp::Abs => {
                let z = self.const_int(0, t);
                let n = self.def(&format!("arith.subi {z}, {x} : {t}"));
                let lt = self.def(&format!("arith.cmpi slt, {x}, {z} : {t}"));
                self.def(&format!("arith.select {lt}, {n}, {x} : {t}"))
            }
            UnaryOp::Clz => self.def(&format!("math.ctlz {x} : {t}")),
            UnaryOp::Popc => self.def(&format!("math.ctpop {x} : {t}")),
            UnaryOp::Brev => self.def(&format!("llvm.intr.bitreverse({x}) : ({t}) -> {t}")),
            UnaryOp::FNeg => self.def(&format!("arith.negf {x} : {t}")),
            UnaryOp::FAbs => self.def(&format!("math.absf {x} : {t}")),
            UnaryOp::Sqrt => self.def(&format!("math.sqrt {x} : {t}")),
            UnaryOp::Rsqrt => {
                let s = self.def(&format!("math.sqrt {x} : {t}"));
                let one = self.const_f(1.0, ty);
                self.def(&format!("arith.divf {one}, {s} : {t}"))
            }
            UnaryOp::Rcp => {
                let one = self.const_f(1.0, ty);
                self.def(&format!("arith.divf {one}, {x} : {t}"))
            }
            UnaryOp::Floor => self.def(&format!("math.floor {x} : {t}")),
            UnaryOp::Ceil => self.def(&format!("math.ceil {x} : {t}")),
            UnaryOp::Trunc => self.def(&format!("math.trunc {x} : {t}")),
            UnaryOp::Round => self.def(&format!("math.round {x} : {t}")),
            UnaryOp::Rint => self.def(&format!("math.roundeven {x} : {t}")),
            UnaryOp::Saturate => {
                let z = self.const_f(0.0, ty);
                let one = self.const_f(1.0, ty);
                let lt = self.def(&format!("arith.cmpf olt, {x}, {z} : {t}"));
                let r = self.def(&format!("arith.select {lt}, {z}, {x} : {t}"));
                let gt = self.def(&format!("arith.cmpf ogt, {r}, {one} : {t}"));
                let r = self.def(&format!("arith.select {gt}, {one}, {r} : {t}"));
                let nan = self.def(&format!("arith.cmpf uno, {x}, {x} : {t}"));
                self.def(&format!("arith.select {nan}, {z}, {r} : {t}"))
            }
            UnaryOp::Exp => self.libm1(ty, "expf", &x),
            UnaryOp::Exp2 => self.libm1(ty, "exp2f", &x),
            UnaryOp::Expm1 => self.libm1(ty, "expm1f", &x),
            UnaryOp::Log => self.libm1(ty, "logf", &x),
            UnaryOp::Log2 => self.libm1(ty, "log2f", &x),
            UnaryOp::Log10 => self.libm1(ty, "log10f", &x),
            UnaryOp::Log1p => self.libm1(ty, "log1pf", &x),
            UnaryOp::Sin => self.libm1(ty, "sinf", &x),
            UnaryOp::Cos => self.libm1(ty, "cosf", &x),
            UnaryOp::Tan => self.libm1(ty, "tanf", &x),
            UnaryOp::Asin => self.libm1(ty, "asinf", &x),
            UnaryOp::Acos => self.libm1(ty, "acosf", &x),
            UnaryOp::Atan => self.libm1(ty, "atanf", &x),
            UnaryOp::Sinh => self.libm1(ty, "sinhf", &x),
            UnaryOp::Cosh => self.libm1(ty, "coshf", &x),
            UnaryOp::Tanh => self.libm1(ty, "tanhf", &x),
            UnaryOp::Exp10
            | UnaryOp::Cbrt
            | UnaryOp::Erf
            | UnaryOp::Erfc
            | UnaryOp::Asinh
            | UnaryOp::Acosh
            | UnaryOp::Atanh => self.callback1(ty, op, &x),
        })
    }

    /// `fmin`/`fmax` with the interpreter's rules: a NaN operand is ignored, -0 < +0.
    fn fminmax(&mut self, max: bool, ty: Type, a: &str, b: &str) -> String {
        let t = mty(ty);
        let it = if ty == Type::F64 { "i64" } else { "i32" };
        let (cmp, bitop) = if max { ("ogt", "andi") } else { ("olt", "ori") };
        let c = self.def(&format!("arith.cmpf {cmp}, {a}, {b} : {t}"));
        let r = self.def(&format!("arith.select {c}, {a}, {b} : {t}"));
        let ia = self.def(&format!("arith.bitcast {a} : {t} to {it}"));
        let ib = self.def(&format!("arith.bitcast {b} : {t} to {it}"));
        let m = self.def(&format!("arith.{bitop} {ia}, {ib} : {it}"));
        let m = self.def(&format!("arith.bitcast {m} : {it} to {t}"));
        let eq = self.def(&format!("arith.cmpf oeq, {a}, {b} : {t}"));
        let r = self.def(&format!("arith.select {eq}, {m}, {r} : {t}"));
        let bn = self.def(&format!("arith.cmpf uno, {b}, {b} : {t}"));
        let r = self.def(&format!("arith.select {bn}, {a}, {r} : {t}"));
        let an = self.def(&format!("arith.cmpf uno, {a}, {a} : {t}"));
        self.def(&format!("arith.select {an}, {b}, {r} : {t}"))
    }

    /// Division guard: a zero divisor sets the error word and is replaced by 1.
    fn guard_divisor(&mut self, b: &str, t: &str) -> String {
        let z = self.const_int(0, t);
        let one = self.const_int(1, t);
        let is0 = self.def(&format!("arith.cmpi eq, {b}, {z} : {t}"));
        let err = self.err.clone();
        self.line(&format!("scf.if {is0} {{"));
        self.indent += 1;
        let c = self.const_int(i64::from(ERR_DIV_ZERO), "i32");
        self.line(&format!(
            "llvm.store {c}, {err} atomic monotonic {{alignment = 4 : i64}} : i32, !llvm.ptr"
        ));
        self.indent -= 1;
        self.line("}");
        self.def(&format!("arith.select {is0}, {one}, {b} : {t}"))
    }

    fn binary(&mut self, op: BinaryOp, a: Value, b: Value) -> Result<String, Diagnostic> {
        let ty = self.ty(a);
        let t = mty(ty);
        let (x, y) = (self.name(a)?, self.name(b)?);
        let simple = |s: &str| format!("{s} {x}, {y} : {t}");
        Ok(match op {
            BinaryOp::Add => self.def(&simple("arith.addi")),
            BinaryOp::Sub => self.def(&simple("arith.subi")),
            BinaryOp::Mul => self.def(&simple("arith.muli")),
            BinaryOp::MulHiS | BinaryOp::MulHiU => {
                let n = if op == BinaryOp::MulHiS {
                    "arith.mulsi_extended"
                } else {
                    "arith.mului_extended"
                };
                let r = self.fresh();
                self.line(&format!("{r}:2 = {n} {x}, {y} : {t}"));
                format!("{r}#1")
            }
            BinaryOp::UDiv | BinaryOp::URem => {
                let d = self.guard_divisor(&y, t);
                let n = if op == BinaryOp::UDiv {
                    "arith.divui"
                } else {
                    "arith.remui"
                };
                self.def(&format!("{n} {x}, {d} : {t}"))
            }
            BinaryOp::SDiv | BinaryOp::SRem => {
                let d = self.guard_divisor(&y, t);
                // b == -1: a / -1 = -a (wrapping), a % -1 = 0; avoids the INT_MIN / -1 trap.
                let m1 = self.const_int(-1, t);
                let one = self.const_int(1, t);
                let z = self.const_int(0, t);
                let ism1 = self.def(&format!("arith.cmpi eq, {d}, {m1} : {t}"));
                let d2 = self.def(&format!("arith.select {ism1}, {one}, {d} : {t}"));
                if op == BinaryOp::SDiv {
                    let q = self.def(&format!("arith.divsi {x}, {d2} : {t}"));
                    let neg = self.def(&format!("arith.subi {z}, {x} : {t}"));
                    self.def(&format!("arith.select {ism1}, {neg}, {q} : {t}"))
                } else {
                    let r = self.def(&format!("arith.remsi {x}, {d2} : {t}"));
                    self.def(&format!("arith.select {ism1}, {z}, {r} : {t}"))
                }
            }
            BinaryOp::And => self.def(&simple("arith.andi")),
            BinaryOp::Or => self.def(&simple("arith.ori")),
            BinaryOp::Xor => self.def(&simple("arith.xori")),
            BinaryOp::Shl | BinaryOp::LShr | BinaryOp::AShr => {
                let w = self.const_int(i64::from(ty.bits()), t);
                let big = self.def(&format!("arith.cmpi uge, {y}, {w} : {t}"));
                if op == BinaryOp::AShr {
                    let wm1 = self.const_int(i64::from(ty.bits()) - 1, t);
                    let amt = self.def(&format!("arith.select {big}, {wm1}, {y} : {t}"));
                    self.def(&format!("arith.shrsi {x}, {amt} : {t}"))
                } else {
                    let n = if op == BinaryOp::Shl {
                        "arith.shli"
                    } else {
                        "arith.shrui"
                    };
                    let z = self.const_int(0, t);
                    let amt = self.def(&format!("arith.select {big}, {z}, {y} : {t}"));
                    let s = self.def(&format!("{n} {x}, {amt} : {t}"));
                    self.def(&format!("arith.select {big}, {z}, {s} : {t}"))
                }
            }
            BinaryOp::SMin => self.def(&simple("arith.minsi")),
            BinaryOp::SMax => self.def(&simple("arith.maxsi")),
            BinaryOp::UMin => self.def(&simple("arith.minui")),
            BinaryOp::UMax => self.def(&simple("arith.maxui")),
            BinaryOp::FAdd => self.def(&simple("arith.addf")),
            BinaryOp::FSub => self.def(&simple("arith.subf")),
            BinaryOp::FMul => self.def(&simple("arith.mulf")),
            BinaryOp::FDiv => self.def(&simple("arith.divf")),
            BinaryOp::FRem => self.libm2(ty, "fmodf", &x, &y),
            BinaryOp::FMin => self.fminmax(false, ty, &x, &y),
            BinaryOp::FMax => self.fminmax(true, ty, &x, &y),
            BinaryOp::FMinimum | BinaryOp::FMaximum => {
                let r = self.fminmax(op == BinaryOp::FMaximum, ty, &x, &y);
                let nan = if ty == Type::F64 {
                    self.const_float(f64::NAN.to_bits(), ty)
                } else {
                    self.const_float(u64::from(f32::NAN.to_bits()), ty)
                };
                let uno = self.def(&format!("arith.cmpf uno, {x}, {y} : {t}"));
                self.def(&format!("arith.select {uno}, {nan}, {r} : {t}"))
            }
            BinaryOp::Pow => self.libm2(ty, "powf", &x, &y),
            BinaryOp::Atan2 => self.libm2(ty, "atan2f", &x, &y),
            BinaryOp::CopySign => self.def(&simple("math.copysign")),
        })
    }

    fn cast(&mut self, op: CastOp, a: Value, to: Type) -> Result<String, Diagnostic> {
        let from = self.ty(a);
        let x = self.name(a)?;
        let (f, t) = (mty(from), mty(to));
        Ok(match op {
            CastOp::Trunc | CastOp::ZExt | CastOp::SExt if from == to => x,
            CastOp::Trunc => self.def(&format!("arith.trunci {x} : {f} to {t}")),
            CastOp::ZExt => self.def(&format!("arith.extui {x} : {f} to {t}")),
            CastOp::SExt => self.def(&format!("arith.extsi {x} : {f} to {t}")),
            CastOp::FpTrunc => self.def(&format!("arith.truncf {x} : {f} to {t}")),
            CastOp::FpExt => self.def(&format!("arith.extf {x} : {f} to {t}")),
            CastOp::FpToSi | CastOp::FpToUi => {
                let signed = op == CastOp::FpToSi;
                let w = to.bits();
                let (lo, hi_excl, min, max): (f64, f64, i64, i64) = if signed {
                    let lo = -(2f64.powi(w as i32 - 1));
                    let min = if w == 64 {
                        i64::MIN
                    } else {
                        -(1i64 << (w - 1))
                    };
                    let max = if w == 64 {
                        i64::MAX
                    } else {
                        (1i64 << (w - 1)) - 1
                    };
                    (lo, 2f64.powi(w as i32 - 1), min, max)
                } else {
                    (0.0, 2f64.powi(w as i32), 0, to.mask() as i64)
                };
                let n = if signed {
                    "arith.fptosi"
                } else {
                    "arith.fptoui"
                };
                let r = self.def(&format!("{n} {x} : {f} to {t}"));
                let clo = self.const_f(lo, from);
                let chi = self.const_f(hi_excl, from);
                let cmin = self.const_int(min, t);
                let cmax = self.const_int(max, t);
                let z = self.const_int(0, t);
                let below = self.def(&format!("arith.cmpf olt, {x}, {clo} : {f}"));
                let r = self.def(&format!("arith.select {below}, {cmin}, {r} : {t}"));
                let above = self.def(&format!("arith.cmpf oge, {x}, {chi} : {f}"));
                let r = self.def(&format!("arith.select {above}, {cmax}, {r} : {t}"));
                let nan = self.def(&format!("arith.cmpf uno, {x}, {x} : {f}"));
                self.def(&format!("arith.select {nan}, {z}, {r} : {t}"))
            }
            CastOp::UiToFp => self.def(&format!("arith.uitofp {x} : {f} to {t}")),
            CastOp::SiToFp => self.def(&format!("arith.sitofp {x} : {f} to {t}")),
            CastOp::Bitcast if from == to => x,
            CastOp::Bitcast => self.def(&format!("arith.bitcast {x} : {f} to {t}")),
            CastOp::PtrToInt => self.def(&format!("llvm.ptrtoint {x} : !llvm.ptr to {t}")),
            CastOp::IntToPtr => self.def(&format!("llvm.inttoptr {x} : {f} to !llvm.ptr")),
            CastOp::AddrSpaceCast => x,
        })
    }
}

fn body_types(e: &Emitter<'_>, term: Option<OpId>) -> String {
    match term.map(|t| &e.k.op(t).kind) {
        Some(OpKind::Yield(vals)) => e.types_of(vals),
        _ => String::new(),
    }
}

fn ipred(p: IntPredicate) -> &'static str {
    p.name()
}

fn fpred(p: FloatPredicate) -> &'static str {
    match p {
        FloatPredicate::False => "false",
        FloatPredicate::True => "true",
        other => other.name(),
    }
}
