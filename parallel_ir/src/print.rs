//! Text form of the parallel IR (`raise emit FILE --emit parallel-ir`), MLIR-like and
//! deterministic, for golden snapshots and diagnostics.
//!
//! ```text
//! kernel @saxpy(%0: i32 "n", %1: f32 "a", %2: ptr.global "x", %3: ptr.global "y") {
//!   parallel.grid (%4, %5, %6) {
//!     shared.alloc shared0 "tile", 1024 bytes, align 4
//!     parallel.block (%7, %8, %9) {
//!       %10 = load f32 param2[%9]
//!       %11 = for %12 = %a to %b step %c iter(%13 = %init) -> (f32) {
//!         ...
//!         yield %14
//!       }
//!       barrier
//!       store shared0[%off], %10
//!       yield
//!     }
//!     yield
//!   }
//!   yield
//! }
//! ```
//!
//! Values are numbered `%0, %1, ...` in the order the printer meets their definitions
//! (parameters, then region arguments and op results in textual order), so the text does
//! not depend on arena indices. A use of a value that has no number (not placed, or used
//! before its definition in invalid IR) prints as `%?<arena index>`; the printer never
//! panics, whatever the IR, because the verifier uses it for its messages.

use std::fmt::Write;

use crate::ir::*;

/// Names of values: their number in printing order.
pub struct Namer {
    names: Vec<Option<u32>>,
}

impl Namer {
    /// Number every value of `kernel` in printing order.
    pub fn new(kernel: &Kernel) -> Namer {
        let mut n = Namer {
            names: vec![None; kernel.values.len()],
        };
        let mut next = 0u32;
        let mut visiting = vec![false; kernel.ops.len()];
        for &p in &kernel.params {
            n.define(p, &mut next);
        }
        n.number_region(kernel, &kernel.body, &mut next, &mut visiting);
        n
    }

    fn define(&mut self, v: Value, next: &mut u32) {
        if let Some(slot) = self.names.get_mut(v.index()) {
            if slot.is_none() {
                *slot = Some(*next);
                *next += 1;
            }
        }
    }

    fn number_region(
        &mut self,
        kernel: &Kernel,
        region: &Region,
        next: &mut u32,
        visiting: &mut Vec<bool>,
    ) {
        for &a in &region.args {
            self.define(a, next);
        }
        for &op in &region.ops {
            let Some(data) = kernel.ops.get(op.index()) else {
                continue;
            };
            // Guard against an op nested inside itself (invalid IR): no endless recursion.
            if visiting[op.index()] {
                continue;
            }
            visiting[op.index()] = true;
            // Results first: they are printed on the left of the op's header line.
            for &r in &data.results {
                self.define(r, next);
            }
            for r in data.kind.regions() {
                self.number_region(kernel, r, next, visiting);
            }
            visiting[op.index()] = false;
        }
    }

    /// The printed name of `v`.
    pub fn name(&self, v: Value) -> String {
        match self.names.get(v.index()).copied().flatten() {
            Some(n) => format!("%{n}"),
            None => format!("%?{}", v.index()),
        }
    }
}

/// Print a whole kernel.
pub fn print_kernel(kernel: &Kernel) -> String {
    let namer = Namer::new(kernel);
    let mut p = Printer {
        kernel,
        namer: &namer,
        out: String::new(),
        visiting: vec![false; kernel.ops.len()],
    };
    p.kernel_header();
    p.region_body(&kernel.body, 1);
    p.out.push_str("}\n");
    p.out
}

/// One op on one line (structural ops: their header only), for diagnostics.
pub fn op_to_string(kernel: &Kernel, op: OpId) -> String {
    let namer = Namer::new(kernel);
    op_to_string_with(kernel, &namer, op)
}

/// [`op_to_string`] with a precomputed [`Namer`].
pub fn op_to_string_with(kernel: &Kernel, namer: &Namer, op: OpId) -> String {
    let mut p = Printer {
        kernel,
        namer,
        out: String::new(),
        visiting: vec![false; kernel.ops.len()],
    };
    if op.index() >= kernel.ops.len() {
        return format!("<op{} out of range>", op.index());
    }
    p.op_header(op);
    p.out
}

/// The printed name of a memory root: `param2`, `shared0`, `local1`, `global3`.
pub fn root_name(root: MemRoot) -> String {
    match root {
        MemRoot::Param(i) => format!("param{i}"),
        MemRoot::Shared(s) => format!("shared{}", s.0),
        MemRoot::Local(l) => format!("local{}", l.0),
        MemRoot::Global(g) => format!("global{}", g.0),
    }
}

/// The printed name of a launch dimension.
pub fn dim_name(d: Dim) -> &'static str {
    match d {
        Dim::BlockDim(0) => "blockDim.x",
        Dim::BlockDim(1) => "blockDim.y",
        Dim::BlockDim(2) => "blockDim.z",
        Dim::BlockDim(_) => "blockDim.?",
        Dim::GridDim(0) => "gridDim.x",
        Dim::GridDim(1) => "gridDim.y",
        Dim::GridDim(2) => "gridDim.z",
        Dim::GridDim(_) => "gridDim.?",
        Dim::DynamicSharedBytes => "dynamic_shared_bytes",
    }
}

/// A constant's value in readable form.
pub fn const_text(bits: u64, ty: Type) -> String {
    match ty {
        Type::I1 => {
            if bits & 1 != 0 {
                "true".to_string()
            } else {
                "false".to_string()
            }
        }
        Type::I8 | Type::I16 | Type::I32 | Type::I64 => {
            let shift = 64 - ty.bits();
            format!("{}", ((bits << shift) as i64) >> shift)
        }
        Type::F32 => format!("{:?}", f32::from_bits(bits as u32)),
        Type::F64 => format!("{:?}", f64::from_bits(bits)),
        Type::F16 | Type::BF16 => format!("0x{:04x}", bits & 0xffff),
        Type::Ptr(_) => format!("0x{bits:x}"),
    }
}

struct Printer<'a> {
    kernel: &'a Kernel,
    namer: &'a Namer,
    out: String,
    visiting: Vec<bool>,
}

impl Printer<'_> {
    fn v(&self, v: Value) -> String {
        self.namer.name(v)
    }

    fn ty(&self, v: Value) -> String {
        match self.kernel.values.get(v.index()) {
            Some(d) => d.ty.to_string(),
            None => "?".to_string(),
        }
    }

    fn list(&self, vals: &[Value]) -> String {
        vals.iter()
            .map(|&v| self.v(v))
            .collect::<Vec<_>>()
            .join(", ")
    }

    fn types(&self, vals: &[Value]) -> String {
        vals.iter()
            .map(|&v| self.ty(v))
            .collect::<Vec<_>>()
            .join(", ")
    }

    fn addr(&self, a: &Addr) -> String {
        match *a {
            Addr::Root { root, offset } => format!("{}[{}]", root_name(root), self.v(offset)),
            Addr::Dynamic(p) => format!("[{}]", self.v(p)),
        }
    }

    fn indent(&mut self, depth: usize) {
        for _ in 0..depth {
            self.out.push_str("  ");
        }
    }

    fn kernel_header(&mut self) {
        let k = self.kernel;
        let _ = write!(self.out, "kernel @{}(", k.name);
        for (i, &p) in k.params.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            let _ = write!(self.out, "{}: {}", self.v(p), self.ty(p));
            if let Some(Some(name)) = k.param_names.get(i) {
                let _ = write!(self.out, " {name:?}");
            }
        }
        self.out.push_str(") {\n");
    }

    fn region_body(&mut self, region: &Region, depth: usize) {
        for &op in &region.ops {
            if op.index() >= self.kernel.ops.len() {
                self.indent(depth);
                let _ = writeln!(self.out, "<op{} out of range>", op.index());
                continue;
            }
            if self.visiting[op.index()] {
                self.indent(depth);
                let _ = writeln!(self.out, "<op{} nested in itself>", op.index());
                continue;
            }
            self.visiting[op.index()] = true;
            self.op(op, depth);
            self.visiting[op.index()] = false;
        }
    }

    /// Print an op (with its regions) at `depth`, ending with a newline.
    fn op(&mut self, op: OpId, depth: usize) {
        self.indent(depth);
        self.op_header(op);
        let kind = &self.kernel.ops[op.index()].kind;
        match kind {
            OpKind::Parallel { body, .. } | OpKind::For { body, .. } => {
                self.out.push_str(" {\n");
                self.region_body(body, depth + 1);
                self.indent(depth);
                self.out.push_str("}\n");
            }
            OpKind::While { before, after, .. } => {
                self.out.push_str(" {\n");
                self.region_body(before, depth + 1);
                self.indent(depth);
                let _ = writeln!(self.out, "}} do ({}) {{", self.list(&after.args));
                self.region_body(after, depth + 1);
                self.indent(depth);
                self.out.push_str("}\n");
            }
            OpKind::If {
                then_region,
                else_region,
                ..
            } => {
                self.out.push_str(" {\n");
                self.region_body(then_region, depth + 1);
                self.indent(depth);
                let trivial_else = else_region.args.is_empty()
                    && match else_region.ops.as_slice() {
                        [] => true,
                        [only] => matches!(
                            self.kernel.ops.get(only.index()).map(|d| &d.kind),
                            Some(OpKind::Yield(v)) if v.is_empty()
                        ),
                        _ => false,
                    };
                if trivial_else {
                    self.out.push_str("}\n");
                } else {
                    self.out.push_str("} else {\n");
                    self.region_body(else_region, depth + 1);
                    self.indent(depth);
                    self.out.push_str("}\n");
                }
            }
            _ => self.out.push('\n'),
        }
    }

    /// The op's line without regions (and without a newline).
    fn op_header(&mut self, op_id: OpId) {
        let data = &self.kernel.ops[op_id.index()];
        let results = &data.results;
        let rty = results.first().map(|&r| self.ty(r)).unwrap_or_default();
        let mut s = String::new();
        if !results.is_empty() {
            let _ = write!(s, "{} = ", self.list(results));
        }
        match &data.kind {
            OpKind::Const { bits } => {
                let ty = results
                    .first()
                    .and_then(|r| self.kernel.values.get(r.index()))
                    .map(|d| d.ty);
                match ty {
                    Some(t) => {
                        let _ = write!(s, "const {} : {t}", const_text(*bits, t));
                    }
                    None => {
                        let _ = write!(s, "const 0x{bits:x}");
                    }
                }
            }
            OpKind::Unary(u, a) => {
                let _ = write!(s, "{u} {} : {rty}", self.v(*a));
            }
            OpKind::Binary(b, x, y) => {
                let _ = write!(s, "{b} {}, {} : {rty}", self.v(*x), self.v(*y));
            }
            OpKind::Fma(a, b, c) => {
                let _ = write!(
                    s,
                    "fma {}, {}, {} : {rty}",
                    self.v(*a),
                    self.v(*b),
                    self.v(*c)
                );
            }
            OpKind::ICmp(p, a, b) => {
                let _ = write!(
                    s,
                    "icmp {p} {}, {} : {}",
                    self.v(*a),
                    self.v(*b),
                    self.ty(*a)
                );
            }
            OpKind::FCmp(p, a, b) => {
                let _ = write!(
                    s,
                    "fcmp {p} {}, {} : {}",
                    self.v(*a),
                    self.v(*b),
                    self.ty(*a)
                );
            }
            OpKind::Select {
                cond,
                if_true,
                if_false,
            } => {
                let _ = write!(
                    s,
                    "select {}, {}, {} : {rty}",
                    self.v(*cond),
                    self.v(*if_true),
                    self.v(*if_false)
                );
            }
            OpKind::Cast(c, a) => {
                let _ = write!(s, "{c} {} : {} to {rty}", self.v(*a), self.ty(*a));
            }
            OpKind::Dim(d) => {
                let _ = write!(s, "dim {}", dim_name(*d));
            }
            OpKind::LaneId => s.push_str("laneid"),
            OpKind::RootAddr(root) => {
                let _ = write!(s, "addr {} : {rty}", root_name(*root));
            }
            OpKind::PtrAdd { ptr, offset } => {
                let _ = write!(s, "ptradd {}, {} : {rty}", self.v(*ptr), self.v(*offset));
            }
            OpKind::Load { addr } => {
                let _ = write!(s, "load {rty} {}", self.addr(addr));
            }
            OpKind::Store { addr, value } => {
                let _ = write!(
                    s,
                    "store {}, {} : {}",
                    self.addr(addr),
                    self.v(*value),
                    self.ty(*value)
                );
            }
            OpKind::Atomic { op, addr, value } => {
                // `block_local`: only threads of the executing block meet its bytes.
                let scope = if self.kernel.block_local_atomics.contains(&op_id) {
                    " block_local"
                } else {
                    ""
                };
                let _ = write!(
                    s,
                    "atomic.{op}{scope} {}, {} : {}",
                    self.addr(addr),
                    self.v(*value),
                    self.ty(*value)
                );
            }
            OpKind::AtomicCas {
                addr,
                expected,
                new,
            } => {
                let _ = write!(
                    s,
                    "atomic.cas {}, {}, {} : {}",
                    self.addr(addr),
                    self.v(*expected),
                    self.v(*new),
                    self.ty(*new)
                );
            }
            OpKind::Memcpy { dst, src, len } => {
                let _ = write!(
                    s,
                    "memcpy {}, {}, {}",
                    self.addr(dst),
                    self.addr(src),
                    self.v(*len)
                );
            }
            OpKind::Memset { dst, byte, len } => {
                let _ = write!(
                    s,
                    "memset {}, {}, {}",
                    self.addr(dst),
                    self.v(*byte),
                    self.v(*len)
                );
            }
            OpKind::SharedAlloc(id) => {
                let _ = write!(s, "shared.alloc shared{}", id.0);
                match self.kernel.shared.get(id.index()) {
                    Some(a) => {
                        let _ = write!(s, " {:?}, {} bytes, align {}", a.name, a.bytes, a.align);
                        if a.dynamic {
                            s.push_str(", dynamic");
                        }
                    }
                    None => s.push_str(" <out of range>"),
                }
            }
            OpKind::LocalAlloc(id) => {
                let _ = write!(s, "local.alloc local{}", id.0);
                match self.kernel.locals.get(id.index()) {
                    Some(a) => {
                        let _ = write!(s, ", {} bytes, align {}", a.bytes, a.align);
                    }
                    None => s.push_str(" <out of range>"),
                }
            }
            OpKind::Barrier { kind, pred } => {
                s.push_str("barrier");
                if *kind != BarrierKind::Sync {
                    let _ = write!(s, ".{kind}");
                }
                if let Some(p) = pred {
                    let _ = write!(s, " {}", self.v(*p));
                }
            }
            OpKind::Fence => s.push_str("fence"),
            OpKind::Shuffle {
                mode,
                mask,
                value,
                lane,
                clamp,
            } => {
                let _ = write!(
                    s,
                    "shfl.{mode} {}, {}, {}, {} : {rty}",
                    self.v(*mask),
                    self.v(*value),
                    self.v(*lane),
                    self.v(*clamp)
                );
            }
            OpKind::Vote { mode, mask, pred } => {
                let _ = write!(s, "vote.{mode} {}, {}", self.v(*mask), self.v(*pred));
            }
            OpKind::Trap => s.push_str("trap"),
            OpKind::Parallel { level, body } => {
                let name = match level {
                    Level::Grid => "parallel.grid",
                    Level::Block => "parallel.block",
                };
                let _ = write!(s, "{name} ({})", self.list(&body.args));
            }
            OpKind::For {
                lower,
                upper,
                step,
                inits,
                body,
            } => {
                let iv = body.args.first().map(|&v| self.v(v)).unwrap_or_default();
                let _ = write!(
                    s,
                    "for {iv} = {} to {} step {}",
                    self.v(*lower),
                    self.v(*upper),
                    self.v(*step)
                );
                let carried = body.args.get(1..).unwrap_or(&[]);
                if !inits.is_empty() || !carried.is_empty() {
                    s.push_str(" iter(");
                    for i in 0..inits.len().max(carried.len()) {
                        if i > 0 {
                            s.push_str(", ");
                        }
                        let arg = carried
                            .get(i)
                            .map(|&v| self.v(v))
                            .unwrap_or_else(|| "?".into());
                        let init = inits
                            .get(i)
                            .map(|&v| self.v(v))
                            .unwrap_or_else(|| "?".into());
                        let _ = write!(s, "{arg} = {init}");
                    }
                    s.push(')');
                }
                if !results.is_empty() {
                    let _ = write!(s, " -> ({})", self.types(results));
                }
            }
            OpKind::While {
                inits,
                before,
                after: _,
            } => {
                s.push_str("while (");
                for i in 0..inits.len().max(before.args.len()) {
                    if i > 0 {
                        s.push_str(", ");
                    }
                    let arg = before
                        .args
                        .get(i)
                        .map(|&v| self.v(v))
                        .unwrap_or_else(|| "?".into());
                    let init = inits
                        .get(i)
                        .map(|&v| self.v(v))
                        .unwrap_or_else(|| "?".into());
                    let _ = write!(s, "{arg} = {init}");
                }
                s.push(')');
                if !results.is_empty() {
                    let _ = write!(s, " -> ({})", self.types(results));
                }
            }
            OpKind::If { cond, .. } => {
                let _ = write!(s, "if {}", self.v(*cond));
                if !results.is_empty() {
                    let _ = write!(s, " -> ({})", self.types(results));
                }
            }
            OpKind::Yield(vals) => {
                s.push_str("yield");
                if !vals.is_empty() {
                    let _ = write!(s, " {}", self.list(vals));
                }
            }
            OpKind::Condition { cond, args } => {
                let _ = write!(s, "condition {}", self.v(*cond));
                if !args.is_empty() {
                    let _ = write!(s, " ({})", self.list(args));
                }
            }
        }
        self.out.push_str(&s);
    }
}
