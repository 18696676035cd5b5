//! Forward-mode differentiation of a raised kernel (dual numbers): [`jvp_kernel`].
//!
//! The result is an ordinary parallel-IR kernel, so every target that runs raised kernels
//! runs it. For every pointer parameter of the source kernel, the new kernel has one extra
//! *tangent pointer* parameter, appended after all original parameters in the order of the
//! pointer parameters (see [`tangent_params`]). Tangent memory mirrors primal memory
//! element for element ("shadow memory"): shared and per-thread allocations get tangent
//! twins of the same size, and every access of a root also accesses its twin at the same
//! byte offset.
//!
//! Why this is legal: the tangent program is the primal program with each float value `x`
//! paired with `dx`; every op is replaced by itself plus its derivative rule, executed by
//! the same thread at the same point of the same control flow (conditions and trip counts
//! only depend on primal values), so barriers, ordering and memory footprint are those of
//! the primal program with the twin accesses beside the primal ones.
//!
//! Rules:
//! * float values carry tangents; integers and pointers carry none, except that loads of
//!   16/32/64-bit integers also load the twin's bits and bitcasts move the bits across
//!   (so float data copied through integer registers keeps its tangent). Integer
//!   arithmetic drops the bits; a bitcast of such an integer back to a float is reported
//!   `not-differentiable` rather than given a zero tangent;
//! * every store to a root with a twin also stores the tangent (zero when there is none),
//!   so a tangent buffer is always the derivative of its primal buffer;
//! * `atomic fadd` adds the tangent into the twin (its old value must be unused);
//! * `For`/`While`/`If` carry one extra value per float carried value/result;
//! * `fmin`/`fmax` pick the tangent of the operand the primal picked; `floor` and friends
//!   have zero derivative;
//! * an operand without a tangent contributes no term (no `x * 0.0`, `t + 0.0`: not
//!   foldable in floating point, and the skipped term is the exact derivative); the
//!   derivative of `pow(x, c)` for a constant `c` with `c - 1` in {0, 1, 2, -1, 1/2} uses
//!   what equals `pow(x, c - 1)` exactly (`1`, `x`, `x * x`, `1 / x`, a square root with
//!   `pow`'s special cases) instead of a second `pow`;
//! * module globals are constants (zero tangent); storing a non-zero tangent there,
//!   accessing float data through a pointer whose root is unknown, float atomics other
//!   than add/exch with a used result, compare-and-swap of tangent-carrying data and
//!   dynamic shared memory (a twin would alias it) are `not-differentiable`, with the
//!   op's location.

use std::collections::HashSet;

use frontend::diag::Location;
use frontend::interp::semantics::float_bits;
use frontend::Diagnostic;

use crate::ir::{
    Addr, AtomicOp, BinaryOp, CastOp, FloatPredicate, Kernel, LocalId, MemRoot, OpId, OpKind,
    Region, SharedId, SrcLoc, Type, UnaryOp, Value,
};

/// The diagnostic code of everything this module cannot differentiate.
pub const CODE: &str = "not-differentiable";

/// For each parameter of `kernel`, the index of its tangent parameter in the JVP kernel
/// (`None` for non-pointer parameters): pointer parameters in order, after the originals.
pub fn tangent_params(kernel: &Kernel) -> Vec<Option<usize>> {
    let mut next = kernel.params.len();
    kernel
        .params
        .iter()
        .map(|&p| {
            if kernel.value_type(p).is_ptr() {
                next += 1;
                Some(next - 1)
            } else {
                None
            }
        })
        .collect()
}

/// A diagnostic `not-differentiable` at `loc` in kernel `name`.
pub fn not_differentiable(name: &str, loc: Option<SrcLoc>, msg: impl Into<String>) -> Diagnostic {
    let mut location = Location::in_function(name);
    if let Some(l) = loc {
        location.line = Some(l.line);
        location.col = Some(l.col);
    }
    Diagnostic::new(CODE, format!("kernel {name}: {}", msg.into())).at(location)
}

/// Integer types whose bits may be float data moved through integer registers.
fn carries_bits(ty: Type) -> bool {
    ty.is_float() || matches!(ty, Type::I16 | Type::I32 | Type::I64)
}

/// The forward-mode (JVP) kernel of `kernel`; see the module documentation.
pub fn jvp_kernel(kernel: &Kernel) -> Result<Kernel, Diagnostic> {
    let mut j = Jvp::new(kernel, "jvp");
    let body = j.region(&kernel.body, &[])?;
    j.out.body = body;
    crate::verify::verify_kernel(&j.out)?;
    Ok(j.out)
}

impl<'a> Jvp<'a> {
    /// A new kernel `<name>_<suffix>` with the parameters of `kernel` followed by one
    /// shadow pointer per pointer parameter, and the shared/local allocations of `kernel`
    /// followed by their twins; the parameters are mapped.
    pub(crate) fn new(kernel: &'a Kernel, suffix: &str) -> Jvp<'a> {
        let mut out = Kernel::new(
            format!("{}_{suffix}", kernel.name),
            format!("{}_{suffix}", kernel.display_name),
        );
        let mut map = vec![None; kernel.values.len()];
        for (i, &p) in kernel.params.iter().enumerate() {
            let np = out.add_param(kernel.value_type(p), kernel.param_names[i].clone());
            map[p.index()] = Some(np);
        }
        let tparams = tangent_params(kernel);
        for (i, &p) in kernel.params.iter().enumerate() {
            if tparams[i].is_some() {
                let name = kernel.param_names[i]
                    .as_ref()
                    .map(|n| format!("d_{n}"))
                    .or_else(|| Some(format!("d_param{i}")));
                out.add_param(kernel.value_type(p), name);
            }
        }
        out.shared = kernel.shared.clone();
        let shared_twin = kernel
            .shared
            .iter()
            .map(|s| {
                out.shared.push(crate::ir::SharedAlloc {
                    name: format!("d_{}", s.name),
                    ..s.clone()
                });
                SharedId(out.shared.len() as u32 - 1)
            })
            .collect();
        out.locals = kernel.locals.clone();
        let local_twin = kernel
            .locals
            .iter()
            .map(|l| {
                out.locals.push(l.clone());
                LocalId(out.locals.len() as u32 - 1)
            })
            .collect();
        let mut used = HashSet::new();
        for op in &kernel.ops {
            op.kind.for_each_operand(|v| {
                used.insert(v);
            });
        }
        Jvp {
            src: kernel,
            out,
            map,
            tan: vec![None; kernel.values.len()],
            tparams,
            shared_twin,
            local_twin,
            used,
        }
    }
}

pub(crate) struct Jvp<'a> {
    pub(crate) src: &'a Kernel,
    pub(crate) out: Kernel,
    pub(crate) map: Vec<Option<Value>>,
    pub(crate) tan: Vec<Option<Value>>,
    pub(crate) tparams: Vec<Option<usize>>,
    pub(crate) shared_twin: Vec<SharedId>,
    pub(crate) local_twin: Vec<LocalId>,
    pub(crate) used: HashSet<Value>,
}

pub(crate) type R<T> = Result<T, Diagnostic>;

impl Jvp<'_> {
    pub(crate) fn err(&self, loc: Option<SrcLoc>, msg: impl Into<String>) -> Diagnostic {
        not_differentiable(&self.src.name, loc, msg)
    }

    pub(crate) fn v(&self, old: Value) -> R<Value> {
        self.map[old.index()].ok_or_else(|| {
            Diagnostic::new(
                "internal",
                format!("jvp: value %{} used before its definition", old.index()),
            )
        })
    }

    fn t(&self, old: Value) -> Option<Value> {
        self.tan[old.index()]
    }

    pub(crate) fn emit(
        &mut self,
        ops: &mut Vec<OpId>,
        kind: OpKind,
        tys: &[Type],
        loc: Option<SrcLoc>,
    ) -> OpId {
        let id = self.out.create_op(kind, tys, loc);
        ops.push(id);
        id
    }

    pub(crate) fn val(
        &mut self,
        ops: &mut Vec<OpId>,
        kind: OpKind,
        ty: Type,
        loc: Option<SrcLoc>,
    ) -> Value {
        let id = self.emit(ops, kind, &[ty], loc);
        self.out.ops[id.index()].results[0]
    }

    pub(crate) fn fconst(&mut self, ops: &mut Vec<OpId>, ty: Type, x: f64) -> Value {
        let bits = if ty.is_float() { float_bits(x, ty) } else { 0 };
        self.val(ops, OpKind::Const { bits }, ty, None)
    }

    pub(crate) fn bin(&mut self, ops: &mut Vec<OpId>, op: BinaryOp, a: Value, b: Value) -> Value {
        let ty = self.out.value_type(a);
        self.val(ops, OpKind::Binary(op, a, b), ty, None)
    }

    pub(crate) fn un(&mut self, ops: &mut Vec<OpId>, op: UnaryOp, a: Value) -> Value {
        let ty = self.out.value_type(a);
        self.val(ops, OpKind::Unary(op, a), ty, None)
    }

    pub(crate) fn mulc(&mut self, ops: &mut Vec<OpId>, a: Value, c: f64) -> Value {
        let ty = self.out.value_type(a);
        let k = self.fconst(ops, ty, c);
        self.bin(ops, BinaryOp::FMul, a, k)
    }

    /// The tangent of `old` as a value of its type (zero when it has none).
    fn t_or_zero(&mut self, ops: &mut Vec<OpId>, old: Value) -> Value {
        match self.t(old) {
            Some(t) => t,
            None => {
                let ty = self.src.value_type(old);
                self.fconst(ops, ty, 0.0)
            }
        }
    }

    pub(crate) fn twin(&self, root: MemRoot) -> Option<MemRoot> {
        match root {
            MemRoot::Param(i) => self
                .tparams
                .get(i as usize)
                .copied()
                .flatten()
                .map(|t| MemRoot::Param(t as u32)),
            MemRoot::Shared(s) => Some(MemRoot::Shared(self.shared_twin[s.index()])),
            MemRoot::Local(l) => Some(MemRoot::Local(self.local_twin[l.index()])),
            MemRoot::Global(_) => None,
        }
    }

    pub(crate) fn addr(&self, a: &Addr) -> R<Addr> {
        Ok(match *a {
            Addr::Root { root, offset } => Addr::Root {
                root,
                offset: self.v(offset)?,
            },
            Addr::Dynamic(p) => Addr::Dynamic(self.v(p)?),
        })
    }

    /// Translate `region`; `args` are the new region's arguments (already created).
    fn region(&mut self, region: &Region, args: &[Value]) -> R<Region> {
        let mut ops = Vec::new();
        for &op in &region.ops {
            self.op(op, &mut ops)?;
        }
        Ok(Region {
            args: args.to_vec(),
            ops,
        })
    }

    /// Region arguments for `op`'s region `region`: one per old argument, then one
    /// tangent per float old argument in `tangent_of` (indices into `old_args`).
    fn region_args(
        &mut self,
        new_op: OpId,
        region: u8,
        old_args: &[Value],
        tangent_from: usize,
    ) -> Vec<Value> {
        let mut args = Vec::new();
        for &a in old_args {
            let ty = self.src.value_type(a);
            let n = self
                .out
                .new_region_arg(new_op, region, args.len() as u32, ty);
            self.map[a.index()] = Some(n);
            self.tan[a.index()] = None;
            args.push(n);
        }
        for &a in &old_args[tangent_from..] {
            let ty = self.src.value_type(a);
            if ty.is_float() {
                let n = self
                    .out
                    .new_region_arg(new_op, region, args.len() as u32, ty);
                self.tan[a.index()] = Some(n);
                args.push(n);
            }
        }
        args
    }

    /// Primal values then tangents of the float ones (zeros where none).
    fn with_tangents(&mut self, ops: &mut Vec<OpId>, vals: &[Value]) -> R<Vec<Value>> {
        let mut out = Vec::with_capacity(vals.len() * 2);
        for &v in vals {
            out.push(self.v(v)?);
        }
        for &v in vals {
            if self.src.value_type(v).is_float() {
                let t = self.t_or_zero(ops, v);
                out.push(t);
            }
        }
        Ok(out)
    }

    /// Results of a new structured op: primal results, then tangents of float ones.
    fn structured_results(&mut self, old_op: OpId, new_op: OpId) {
        let results = self.src.op(old_op).results.clone();
        for &r in &results {
            let ty = self.src.value_type(r);
            let n = self.out.add_result(new_op, ty);
            self.map[r.index()] = Some(n);
        }
        for &r in &results {
            let ty = self.src.value_type(r);
            if ty.is_float() {
                let n = self.out.add_result(new_op, ty);
                self.tan[r.index()] = Some(n);
            }
        }
    }

    /// Copy `op` with translated operands and regions-free kind; map its results.
    pub(crate) fn copy(&mut self, old: OpId, kind: OpKind, ops: &mut Vec<OpId>) -> R<Vec<Value>> {
        let data = self.src.op(old);
        let tys: Vec<Type> = data
            .results
            .iter()
            .map(|&r| self.src.value_type(r))
            .collect();
        let results = data.results.clone();
        let mut kind = kind;
        let mut bad = None;
        kind.for_each_operand_mut(|v| match self.map[v.index()] {
            Some(n) => *v = n,
            None => bad = Some(*v),
        });
        if let Some(v) = bad {
            return Err(Diagnostic::new(
                "internal",
                format!("jvp: value %{} used before its definition", v.index()),
            ));
        }
        let id = self.emit(ops, kind, &tys, data.loc);
        let new = self.out.op(id).results.clone();
        for (r, n) in results.iter().zip(&new) {
            self.map[r.index()] = Some(*n);
        }
        Ok(new)
    }

    fn op(&mut self, old: OpId, ops: &mut Vec<OpId>) -> R<()> {
        let data = self.src.op(old).clone();
        let loc = data.loc;
        let res = data.results.first().copied();
        match &data.kind {
            OpKind::Const { .. }
            | OpKind::ICmp(..)
            | OpKind::FCmp(..)
            | OpKind::Dim(_)
            | OpKind::LaneId
            | OpKind::RootAddr(_)
            | OpKind::PtrAdd { .. }
            | OpKind::Fence
            | OpKind::Trap
            | OpKind::Vote { .. }
            | OpKind::Barrier { .. } => {
                self.copy(old, data.kind.clone(), ops)?;
            }
            OpKind::Unary(u, a) => {
                let y = self.copy(old, data.kind.clone(), ops)?[0];
                if let (Some(ta), Some(r)) = (self.t(*a), res) {
                    if !u.is_int() {
                        let x = self.v(*a)?;
                        let t = self.unary_rule(ops, *u, x, y, ta, loc)?;
                        self.tan[r.index()] = t;
                    }
                }
            }
            OpKind::Binary(b, a, c) => {
                let y = self.copy(old, data.kind.clone(), ops)?[0];
                let (ta, tc) = (self.t(*a), self.t(*c));
                if let Some(r) = res {
                    if b.is_float() && (ta.is_some() || tc.is_some()) {
                        let (x, z) = (self.v(*a)?, self.v(*c)?);
                        let t = self.binary_rule(ops, *b, x, z, y, ta, tc, loc)?;
                        self.tan[r.index()] = t;
                    }
                }
            }
            OpKind::Fma(a, b, c) => {
                self.copy(old, data.kind.clone(), ops)?;
                let (ta, tb, tc) = (self.t(*a), self.t(*b), self.t(*c));
                if let Some(r) = res {
                    if ta.is_some() || tb.is_some() || tc.is_some() {
                        let (x, y) = (self.v(*a)?, self.v(*b)?);
                        let ty = self.src.value_type(r);
                        // No term for an operand without a tangent (see `binary_rule`).
                        let mut acc = tc;
                        for (a, b) in [(ta, Some(y)), (tb.map(|_| x), tb)] {
                            let (Some(a), Some(b)) = (a, b) else { continue };
                            acc = Some(match acc {
                                Some(c) => self.val(ops, OpKind::Fma(a, b, c), ty, None),
                                None => self.bin(ops, BinaryOp::FMul, a, b),
                            });
                        }
                        self.tan[r.index()] = acc;
                    }
                }
            }
            OpKind::Select {
                cond,
                if_true,
                if_false,
            } => {
                self.copy(old, data.kind.clone(), ops)?;
                if let Some(r) = res {
                    if self.t(*if_true).is_some() || self.t(*if_false).is_some() {
                        let ty = self.src.value_type(r);
                        let a = self.t_or_zero(ops, *if_true);
                        let b = self.t_or_zero(ops, *if_false);
                        let c = self.v(*cond)?;
                        let t = self.val(
                            ops,
                            OpKind::Select {
                                cond: c,
                                if_true: a,
                                if_false: b,
                            },
                            ty,
                            None,
                        );
                        self.tan[r.index()] = Some(t);
                    }
                }
            }
            OpKind::Cast(c, a) => {
                self.copy(old, data.kind.clone(), ops)?;
                let Some(r) = res else { return Ok(()) };
                let to = self.src.value_type(r);
                let from = self.src.value_type(*a);
                match c {
                    CastOp::FpExt | CastOp::FpTrunc => {
                        if let Some(ta) = self.t(*a) {
                            let t = self.val(ops, OpKind::Cast(*c, ta), to, None);
                            self.tan[r.index()] = Some(t);
                        }
                    }
                    CastOp::Bitcast if carries_bits(to) && carries_bits(from) => {
                        if let Some(ta) = self.t(*a) {
                            let t = self.val(ops, OpKind::Cast(*c, ta), to, None);
                            self.tan[r.index()] = Some(t);
                        } else if to.is_float() && !self.is_const(*a) {
                            return Err(self.err(
                                loc,
                                "bitcast of integer arithmetic to a float (its derivative is unknown)",
                            ));
                        }
                    }
                    CastOp::Bitcast if to.is_float() && !self.is_const(*a) => {
                        return Err(self.err(loc, "bitcast to a float from an unsupported type"));
                    }
                    _ => {}
                }
            }
            OpKind::Load { addr } => {
                let new_addr = self.addr(addr)?;
                self.copy(old, data.kind.clone(), ops)?;
                let Some(r) = res else { return Ok(()) };
                let ty = self.src.value_type(r);
                match (addr, new_addr) {
                    (Addr::Root { root, .. }, Addr::Root { offset, .. }) => {
                        if let (Some(tw), true) = (self.twin(*root), carries_bits(ty)) {
                            let t = self.val(
                                ops,
                                OpKind::Load {
                                    addr: Addr::Root { root: tw, offset },
                                },
                                ty,
                                loc,
                            );
                            self.tan[r.index()] = Some(t);
                        }
                    }
                    _ => {
                        if ty.is_float() {
                            return Err(self.err(
                                loc,
                                "load of a float through a pointer whose buffer is not known statically",
                            ));
                        }
                    }
                }
            }
            OpKind::Store { addr, value } => {
                let new_addr = self.addr(addr)?;
                self.copy(old, data.kind.clone(), ops)?;
                let ty = self.src.value_type(*value);
                match (addr, new_addr) {
                    (Addr::Root { root, .. }, Addr::Root { offset, .. }) => {
                        match self.twin(*root) {
                            Some(tw) if !ty.is_ptr() => {
                                let t = self.t_or_zero(ops, *value);
                                self.emit(
                                    ops,
                                    OpKind::Store {
                                        addr: Addr::Root { root: tw, offset },
                                        value: t,
                                    },
                                    &[],
                                    loc,
                                );
                            }
                            None if self.t(*value).is_some() => {
                                return Err(
                                    self.err(loc, "store of a varying float into a module global")
                                )
                            }
                            _ => {}
                        }
                    }
                    _ => {
                        if !ty.is_ptr() && ty.bits() >= 16 {
                            return Err(self.err(
                                loc,
                                "store through a pointer whose buffer is not known statically",
                            ));
                        }
                    }
                }
            }
            OpKind::Atomic { op, addr, value } => {
                let new_addr = self.addr(addr)?;
                self.copy(old, data.kind.clone(), ops)?;
                let ty = self.src.value_type(*value);
                let result_used = res.is_some_and(|r| self.used.contains(&r));
                let tw = match (addr, new_addr) {
                    (Addr::Root { root, .. }, Addr::Root { offset, .. }) => {
                        self.twin(*root).map(|tw| Addr::Root { root: tw, offset })
                    }
                    _ => None,
                };
                if ty.is_float() {
                    let Some(tw) = tw else {
                        return Err(self.err(loc, "float atomic on memory without a tangent"));
                    };
                    match op {
                        AtomicOp::FAdd | AtomicOp::Exch if !result_used || !ty.is_float() => {
                            if self.t(*value).is_some() || *op == AtomicOp::Exch {
                                let t = self.t_or_zero(ops, *value);
                                let ty = self.src.value_type(*value);
                                self.emit(
                                    ops,
                                    OpKind::Atomic {
                                        op: *op,
                                        addr: tw,
                                        value: t,
                                    },
                                    &[ty],
                                    loc,
                                );
                            }
                            if result_used {
                                return Err(self.err(
                                    loc,
                                    "the old value of a float atomic is used (its tangent depends on the order of the threads)",
                                ));
                            }
                        }
                        _ => {
                            return Err(self.err(
                                loc,
                                format!(
                                    "float atomic {} (only add, and exch with an unused result)",
                                    op.name()
                                ),
                            ))
                        }
                    }
                }
            }
            OpKind::AtomicCas { new, .. } => {
                if self.t(*new).is_some() || self.src.value_type(*new).is_float() {
                    return Err(self.err(loc, "compare-and-swap of float data"));
                }
                self.copy(old, data.kind.clone(), ops)?;
            }
            OpKind::Memcpy { dst, src, len } => {
                self.copy(old, data.kind.clone(), ops)?;
                let (nd, ns, nl) = (self.addr(dst)?, self.addr(src)?, self.v(*len)?);
                match (dst, src, nd, ns) {
                    (
                        Addr::Root { root: rd, .. },
                        Addr::Root { root: rs, .. },
                        Addr::Root { offset: od, .. },
                        Addr::Root { offset: os, .. },
                    ) => match (self.twin(*rd), self.twin(*rs)) {
                        (Some(td), Some(ts)) => {
                            self.emit(
                                ops,
                                OpKind::Memcpy {
                                    dst: Addr::Root {
                                        root: td,
                                        offset: od,
                                    },
                                    src: Addr::Root {
                                        root: ts,
                                        offset: os,
                                    },
                                    len: nl,
                                },
                                &[],
                                loc,
                            );
                        }
                        (Some(td), None) => {
                            let z = self.val(ops, OpKind::Const { bits: 0 }, Type::I8, None);
                            self.emit(
                                ops,
                                OpKind::Memset {
                                    dst: Addr::Root {
                                        root: td,
                                        offset: od,
                                    },
                                    byte: z,
                                    len: nl,
                                },
                                &[],
                                loc,
                            );
                        }
                        (None, _) => {
                            return Err(self.err(loc, "memcpy into a module global"));
                        }
                    },
                    _ => {
                        return Err(self.err(
                            loc,
                            "memcpy through a pointer whose buffer is not known statically",
                        ))
                    }
                }
            }
            OpKind::Memset { dst, len, .. } => {
                self.copy(old, data.kind.clone(), ops)?;
                let (nd, nl) = (self.addr(dst)?, self.v(*len)?);
                match (dst, nd) {
                    (Addr::Root { root, .. }, Addr::Root { offset, .. }) => {
                        if let Some(td) = self.twin(*root) {
                            let z = self.val(ops, OpKind::Const { bits: 0 }, Type::I8, None);
                            self.emit(
                                ops,
                                OpKind::Memset {
                                    dst: Addr::Root { root: td, offset },
                                    byte: z,
                                    len: nl,
                                },
                                &[],
                                loc,
                            );
                        }
                    }
                    _ => {
                        return Err(self.err(
                            loc,
                            "memset through a pointer whose buffer is not known statically",
                        ))
                    }
                }
            }
            OpKind::SharedAlloc(s) => {
                if self.src.shared[s.index()].dynamic {
                    return Err(self.err(
                        loc,
                        "dynamic shared memory (a twin would alias it: every extern __shared__ array starts at the same address)",
                    ));
                }
                self.copy(old, data.kind.clone(), ops)?;
                let tw = self.shared_twin[s.index()];
                self.emit(ops, OpKind::SharedAlloc(tw), &[], loc);
            }
            OpKind::LocalAlloc(l) => {
                self.copy(old, data.kind.clone(), ops)?;
                let tw = self.local_twin[l.index()];
                self.emit(ops, OpKind::LocalAlloc(tw), &[], loc);
            }
            OpKind::Shuffle {
                mode,
                mask,
                value,
                lane,
                clamp,
            } => {
                let new = self.copy(old, data.kind.clone(), ops)?;
                if let (Some(tv), Some(r)) = (self.t(*value), res) {
                    let ty = self.src.value_type(*value);
                    let mut tys = vec![ty];
                    tys.extend(new.iter().skip(1).map(|&v| self.out.value_type(v)));
                    let kind = OpKind::Shuffle {
                        mode: *mode,
                        mask: self.v(*mask)?,
                        value: tv,
                        lane: self.v(*lane)?,
                        clamp: self.v(*clamp)?,
                    };
                    let id = self.emit(ops, kind, &tys, loc);
                    self.tan[r.index()] = Some(self.out.op(id).results[0]);
                }
            }
            OpKind::Parallel { level, body } => {
                let id = self.emit(ops, OpKind::Yield(Vec::new()), &[], loc);
                let args = self.region_args(id, 0, &body.args, body.args.len());
                let body = self.region(body, &args)?;
                self.out.op_mut(id).kind = OpKind::Parallel {
                    level: *level,
                    body,
                };
            }
            OpKind::For {
                lower,
                upper,
                step,
                inits,
                body,
            } => {
                let (l, u, s) = (self.v(*lower)?, self.v(*upper)?, self.v(*step)?);
                let new_inits = self.with_tangents(ops, inits)?;
                let id = self.emit(ops, OpKind::Yield(Vec::new()), &[], loc);
                self.structured_results(old, id);
                let args = self.region_args(id, 0, &body.args, 1);
                let body = self.region(body, &args)?;
                self.out.op_mut(id).kind = OpKind::For {
                    lower: l,
                    upper: u,
                    step: s,
                    inits: new_inits,
                    body,
                };
            }
            OpKind::While {
                inits,
                before,
                after,
            } => {
                let new_inits = self.with_tangents(ops, inits)?;
                let id = self.emit(ops, OpKind::Yield(Vec::new()), &[], loc);
                self.structured_results(old, id);
                let bargs = self.region_args(id, 0, &before.args, 0);
                let before = self.region(before, &bargs)?;
                let aargs = self.region_args(id, 1, &after.args, 0);
                let after = self.region(after, &aargs)?;
                self.out.op_mut(id).kind = OpKind::While {
                    inits: new_inits,
                    before,
                    after,
                };
            }
            OpKind::If {
                cond,
                then_region,
                else_region,
            } => {
                let c = self.v(*cond)?;
                let id = self.emit(ops, OpKind::Yield(Vec::new()), &[], loc);
                self.structured_results(old, id);
                let then_region = self.region(then_region, &[])?;
                let else_region = self.region(else_region, &[])?;
                self.out.op_mut(id).kind = OpKind::If {
                    cond: c,
                    then_region,
                    else_region,
                };
            }
            OpKind::Yield(vals) => {
                let vals = self.with_tangents(ops, vals)?;
                self.emit(ops, OpKind::Yield(vals), &[], loc);
            }
            OpKind::Condition { cond, args } => {
                let c = self.v(*cond)?;
                let args = self.with_tangents(ops, args)?;
                self.emit(ops, OpKind::Condition { cond: c, args }, &[], loc);
            }
        }
        Ok(())
    }

    pub(crate) fn is_const(&self, v: Value) -> bool {
        matches!(
            self.src.value_def(v),
            crate::ir::ValueDef::Result(op, _) if matches!(self.src.op(op).kind, OpKind::Const { .. })
        )
    }

    /// Tangent of `y = u(x)` given `tx` (`None`: zero derivative).
    pub(crate) fn unary_rule(
        &mut self,
        ops: &mut Vec<OpId>,
        u: UnaryOp,
        x: Value,
        y: Value,
        tx: Value,
        loc: Option<SrcLoc>,
    ) -> R<Option<Value>> {
        use BinaryOp::{FAdd, FDiv, FMul, FSub};
        let ty = self.out.value_type(x);
        let one = |s: &mut Self, ops: &mut Vec<OpId>| s.fconst(ops, ty, 1.0);
        let d = match u {
            UnaryOp::FNeg => return Ok(Some(self.un(ops, UnaryOp::FNeg, tx))),
            UnaryOp::FAbs => {
                let z = self.fconst(ops, ty, 0.0);
                let neg = self.val(ops, OpKind::FCmp(FloatPredicate::Olt, x, z), Type::I1, None);
                let n = self.un(ops, UnaryOp::FNeg, tx);
                return Ok(Some(self.val(
                    ops,
                    OpKind::Select {
                        cond: neg,
                        if_true: n,
                        if_false: tx,
                    },
                    ty,
                    None,
                )));
            }
            UnaryOp::Floor | UnaryOp::Ceil | UnaryOp::Trunc | UnaryOp::Round | UnaryOp::Rint => {
                return Ok(None)
            }
            UnaryOp::Saturate => {
                let z = self.fconst(ops, ty, 0.0);
                let o = one(self, ops);
                let gt = self.val(ops, OpKind::FCmp(FloatPredicate::Ogt, x, z), Type::I1, None);
                let lt = self.val(ops, OpKind::FCmp(FloatPredicate::Olt, x, o), Type::I1, None);
                let inside = self.val(ops, OpKind::Binary(BinaryOp::And, gt, lt), Type::I1, None);
                return Ok(Some(self.val(
                    ops,
                    OpKind::Select {
                        cond: inside,
                        if_true: tx,
                        if_false: z,
                    },
                    ty,
                    None,
                )));
            }
            // d/dx sqrt = 1 / (2 y)
            UnaryOp::Sqrt => {
                let h = self.mulc(ops, tx, 0.5);
                return Ok(Some(self.bin(ops, FDiv, h, y)));
            }
            // d/dx x^-1/2 = -1/2 y^3
            UnaryOp::Rsqrt => {
                let y2 = self.bin(ops, FMul, y, y);
                let y3 = self.bin(ops, FMul, y2, y);
                self.mulc(ops, y3, -0.5)
            }
            UnaryOp::Rcp => {
                let y2 = self.bin(ops, FMul, y, y);
                self.un(ops, UnaryOp::FNeg, y2)
            }
            UnaryOp::Exp => y,
            UnaryOp::Exp2 => self.mulc(ops, y, std::f64::consts::LN_2),
            UnaryOp::Exp10 => self.mulc(ops, y, std::f64::consts::LN_10),
            UnaryOp::Expm1 => {
                let o = one(self, ops);
                self.bin(ops, FAdd, y, o)
            }
            UnaryOp::Log => return Ok(Some(self.bin(ops, FDiv, tx, x))),
            UnaryOp::Log2 | UnaryOp::Log10 => {
                let k = if u == UnaryOp::Log2 {
                    std::f64::consts::LN_2
                } else {
                    std::f64::consts::LN_10
                };
                let den = self.mulc(ops, x, k);
                return Ok(Some(self.bin(ops, FDiv, tx, den)));
            }
            UnaryOp::Log1p => {
                let o = one(self, ops);
                let den = self.bin(ops, FAdd, x, o);
                return Ok(Some(self.bin(ops, FDiv, tx, den)));
            }
            UnaryOp::Sin => self.un(ops, UnaryOp::Cos, x),
            UnaryOp::Cos => {
                let s = self.un(ops, UnaryOp::Sin, x);
                self.un(ops, UnaryOp::FNeg, s)
            }
            UnaryOp::Tan => {
                let y2 = self.bin(ops, FMul, y, y);
                let o = one(self, ops);
                self.bin(ops, FAdd, y2, o)
            }
            UnaryOp::Asin | UnaryOp::Acos => {
                let x2 = self.bin(ops, FMul, x, x);
                let o = one(self, ops);
                let m = self.bin(ops, FSub, o, x2);
                let r = self.un(ops, UnaryOp::Rsqrt, m);
                if u == UnaryOp::Acos {
                    self.un(ops, UnaryOp::FNeg, r)
                } else {
                    r
                }
            }
            UnaryOp::Atan => {
                let x2 = self.bin(ops, FMul, x, x);
                let o = one(self, ops);
                let den = self.bin(ops, FAdd, o, x2);
                return Ok(Some(self.bin(ops, FDiv, tx, den)));
            }
            UnaryOp::Sinh => self.un(ops, UnaryOp::Cosh, x),
            UnaryOp::Cosh => self.un(ops, UnaryOp::Sinh, x),
            UnaryOp::Tanh => {
                let y2 = self.bin(ops, FMul, y, y);
                let o = one(self, ops);
                self.bin(ops, FSub, o, y2)
            }
            UnaryOp::Asinh | UnaryOp::Acosh => {
                let x2 = self.bin(ops, FMul, x, x);
                let o = one(self, ops);
                let m = if u == UnaryOp::Asinh {
                    self.bin(ops, FAdd, x2, o)
                } else {
                    self.bin(ops, FSub, x2, o)
                };
                self.un(ops, UnaryOp::Rsqrt, m)
            }
            UnaryOp::Atanh => {
                let x2 = self.bin(ops, FMul, x, x);
                let o = one(self, ops);
                let den = self.bin(ops, FSub, o, x2);
                return Ok(Some(self.bin(ops, FDiv, tx, den)));
            }
            UnaryOp::Erf | UnaryOp::Erfc => {
                let x2 = self.bin(ops, FMul, x, x);
                let n = self.un(ops, UnaryOp::FNeg, x2);
                let e = self.un(ops, UnaryOp::Exp, n);
                let k = 2.0 / std::f64::consts::PI.sqrt();
                self.mulc(ops, e, if u == UnaryOp::Erf { k } else { -k })
            }
            UnaryOp::Cbrt => {
                let y2 = self.bin(ops, FMul, y, y);
                let den = self.mulc(ops, y2, 3.0);
                return Ok(Some(self.bin(ops, FDiv, tx, den)));
            }
            UnaryOp::Not
            | UnaryOp::Neg
            | UnaryOp::Abs
            | UnaryOp::Clz
            | UnaryOp::Popc
            | UnaryOp::Brev => {
                return Err(self.err(loc, format!("integer op {} on a float", u.name())))
            }
        };
        Ok(Some(self.bin(ops, FMul, tx, d)))
    }

    /// Tangent of `y = b(x, z)` given the operands' tangents (`None`: zero, and no
    /// term is emitted for it: a derivative term of an operand without a tangent, such
    /// as `x * 0.0` or `t + 0.0`, is not foldable in floating point and is skipped, which
    /// is the exact result); `None` when the tangent is zero.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn binary_rule(
        &mut self,
        ops: &mut Vec<OpId>,
        b: BinaryOp,
        x: Value,
        z: Value,
        y: Value,
        tx: Option<Value>,
        tz: Option<Value>,
        loc: Option<SrcLoc>,
    ) -> R<Option<Value>> {
        use BinaryOp::{FAdd, FDiv, FMul, FSub};
        let ty = self.out.value_type(x);
        if tx.is_none() && tz.is_none() {
            return Ok(None);
        }
        Ok(Some(match b {
            FAdd => match (tx, tz) {
                (Some(a), Some(c)) => self.bin(ops, FAdd, a, c),
                (Some(a), None) | (None, Some(a)) => a,
                (None, None) => return Ok(None),
            },
            FSub => match (tx, tz) {
                (Some(a), Some(c)) => self.bin(ops, FSub, a, c),
                (Some(a), None) => a,
                (None, Some(c)) => self.un(ops, UnaryOp::FNeg, c),
                (None, None) => return Ok(None),
            },
            FMul => match (tx, tz) {
                (Some(a), Some(c)) => {
                    let p = self.bin(ops, FMul, a, z);
                    self.val(ops, OpKind::Fma(x, c, p), ty, None)
                }
                (Some(a), None) => self.bin(ops, FMul, a, z),
                (None, Some(c)) => self.bin(ops, FMul, x, c),
                (None, None) => return Ok(None),
            },
            // (tx - y tz) / z
            FDiv => {
                let n = match (tx, tz) {
                    (Some(a), Some(c)) => {
                        let yt = self.bin(ops, FMul, y, c);
                        self.bin(ops, FSub, a, yt)
                    }
                    (Some(a), None) => a,
                    (None, Some(c)) => {
                        let yt = self.bin(ops, FMul, y, c);
                        self.un(ops, UnaryOp::FNeg, yt)
                    }
                    (None, None) => return Ok(None),
                };
                self.bin(ops, FDiv, n, z)
            }
            // y = x - trunc(x / z) z
            BinaryOp::FRem => {
                let qt = match tz {
                    Some(c) => {
                        let q = self.bin(ops, FDiv, x, z);
                        let q = self.un(ops, UnaryOp::Trunc, q);
                        Some(self.bin(ops, FMul, q, c))
                    }
                    None => None,
                };
                match (tx, qt) {
                    (Some(a), Some(q)) => self.bin(ops, FSub, a, q),
                    (Some(a), None) => a,
                    (None, Some(q)) => self.un(ops, UnaryOp::FNeg, q),
                    (None, None) => return Ok(None),
                }
            }
            BinaryOp::FMin | BinaryOp::FMax | BinaryOp::FMinimum | BinaryOp::FMaximum => {
                let zero = self.fconst(ops, ty, 0.0);
                let (txv, tzv) = (tx.unwrap_or(zero), tz.unwrap_or(zero));
                let c = self.val(ops, OpKind::FCmp(FloatPredicate::Oeq, y, x), Type::I1, None);
                self.val(
                    ops,
                    OpKind::Select {
                        cond: c,
                        if_true: txv,
                        if_false: tzv,
                    },
                    ty,
                    None,
                )
            }
            // d = z x^(z-1) tx + y ln(x) tz
            BinaryOp::Pow => {
                let mut acc = None;
                if let Some(tx) = tx {
                    let d = self.pow_derivative(ops, x, z);
                    acc = Some(self.bin(ops, FMul, d, tx));
                }
                if let Some(tz) = tz {
                    let l = self.un(ops, UnaryOp::Log, x);
                    let yl = self.bin(ops, FMul, y, l);
                    acc = Some(match acc {
                        Some(a) => self.val(ops, OpKind::Fma(yl, tz, a), ty, None),
                        None => self.bin(ops, FMul, yl, tz),
                    });
                }
                match acc {
                    Some(a) => a,
                    None => return Ok(None),
                }
            }
            // (z tx - x tz) / (x^2 + z^2)
            BinaryOp::Atan2 => {
                let n = match (tx, tz) {
                    (Some(a), Some(c)) => {
                        let a = self.bin(ops, FMul, z, a);
                        let bb = self.bin(ops, FMul, x, c);
                        self.bin(ops, FSub, a, bb)
                    }
                    (Some(a), None) => self.bin(ops, FMul, z, a),
                    (None, Some(c)) => {
                        let bb = self.bin(ops, FMul, x, c);
                        self.un(ops, UnaryOp::FNeg, bb)
                    }
                    (None, None) => return Ok(None),
                };
                let x2 = self.bin(ops, FMul, x, x);
                let d = self.val(ops, OpKind::Fma(z, z, x2), ty, None);
                self.bin(ops, FDiv, n, d)
            }
            // y = |x| sign(z): dy = sign(x) sign(z) tx
            BinaryOp::CopySign => {
                let Some(tx) = tx else { return Ok(None) };
                let o = self.fconst(ops, ty, 1.0);
                let sx = self.bin(ops, BinaryOp::CopySign, o, x);
                let s = self.bin(ops, BinaryOp::CopySign, sx, z);
                self.bin(ops, FMul, s, tx)
            }
            other => {
                return Err(self.err(loc, format!("op {} on floats", other.name())));
            }
        }))
    }

    /// `d/dx pow(x, z) = z * pow(x, z - 1)`. For a constant exponent `z` whose `z - 1`
    /// is 0, 1, 2, -1 or 1/2, `pow(x, z - 1)` is replaced by what equals it for every
    /// `x` (IEEE `pow` special cases included): `1`, `x`, `x * x`, `1 / x` (exact in
    /// rounding too, `pow` of these exponents being the correctly rounded product or
    /// quotient), and `sqrt(x)` with `pow`'s `pow(-0, 1/2) = +0` (`|sqrt x|`) and
    /// `pow(-inf, 1/2) = +inf`; a square root costs a fraction of a second `pow`.
    fn pow_derivative(&mut self, ops: &mut Vec<OpId>, x: Value, z: Value) -> Value {
        use BinaryOp::{FDiv, FMul, FSub};
        let ty = self.out.value_type(x);
        let c = crate::raising::util::const_of(&self.out, z)
            .map(|bits| frontend::interp::semantics::float_value(bits, ty));
        // `z - 1` as the kernel computes it (in the type).
        let e = c.map(|c| frontend::interp::semantics::float_value(float_bits(c - 1.0, ty), ty));
        let p = match e {
            Some(0.0) => return z,
            Some(1.0) => x,
            Some(2.0) => self.bin(ops, FMul, x, x),
            Some(-1.0) => {
                let o = self.fconst(ops, ty, 1.0);
                self.bin(ops, FDiv, o, x)
            }
            Some(0.5) => {
                let r = self.un(ops, UnaryOp::Sqrt, x);
                let r = self.un(ops, UnaryOp::FAbs, r);
                let ninf = self.fconst(ops, ty, f64::NEG_INFINITY);
                let inf = self.fconst(ops, ty, f64::INFINITY);
                let is_ninf = self.val(
                    ops,
                    OpKind::FCmp(FloatPredicate::Oeq, x, ninf),
                    Type::I1,
                    None,
                );
                self.val(
                    ops,
                    OpKind::Select {
                        cond: is_ninf,
                        if_true: inf,
                        if_false: r,
                    },
                    ty,
                    None,
                )
            }
            _ => {
                let o = self.fconst(ops, ty, 1.0);
                let zm1 = self.bin(ops, FSub, z, o);
                self.bin(ops, BinaryOp::Pow, x, zm1)
            }
        };
        self.bin(ops, FMul, z, p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::autodiff::test_util::{count, run_f64};
    use crate::builder::Builder;
    use frontend::ir::AddrSpace;

    const G: Type = Type::Ptr(AddrSpace::Global);

    /// `y[t] = pow(x[t], c)` (f64).
    fn pow_kernel(c: f64) -> Kernel {
        let mut b = Builder::new("powc");
        let _x = b.param(G, "x");
        let _y = b.param(G, "y");
        b.grid(|b, _| {
            b.block(|b, [t, _, _]| {
                let t64 = b.cast(CastOp::ZExt, t, Type::I64);
                let eight = b.i64(8);
                let off = b.bin(BinaryOp::Mul, t64, eight);
                let x = b.load(Type::F64, MemRoot::Param(0), off);
                let cv = b.konst(Type::F64, c.to_bits());
                let p = b.bin(BinaryOp::Pow, x, cv);
                b.store(MemRoot::Param(1), off, p);
            });
        });
        b.finish()
    }

    /// The derivative of `pow(x, c)` for constant exponents whose `c - 1` is 0, 1, 2, -1
    /// or 1/2 has no second `pow`, and equals `c * pow(x, c - 1)` bit for bit at the
    /// IEEE special cases (signed zeros, infinities, negatives, NaN) and ordinary
    /// values; other exponents keep the `pow`.
    #[test]
    fn pow_derivative_of_constant_exponents_is_exact() {
        let xs = [
            -0.0,
            0.0,
            f64::NEG_INFINITY,
            f64::INFINITY,
            4.0,
            2.5,
            -1.0,
            f64::NAN,
            1e-300,
            -7.25,
        ];
        let n = xs.len() as u32;
        for (c, pows) in [(1.5, 1), (2.0, 1), (3.0, 1), (0.0, 1), (1.0, 1), (2.5, 2)] {
            let j = jvp_kernel(&pow_kernel(c)).unwrap();
            let np = count(&j, &|o| matches!(o, OpKind::Binary(BinaryOp::Pow, ..)));
            assert_eq!(np, pows, "pow ops for c = {c}");
            let out = run_f64(
                &j,
                n,
                &[
                    xs.to_vec(),
                    vec![0.0; xs.len()],
                    vec![1.0; xs.len()],
                    vec![0.0; xs.len()],
                ],
                0,
            );
            for (i, &x) in xs.iter().enumerate() {
                let want = c * x.powf(c - 1.0);
                let got = out[3][i];
                assert!(
                    got.to_bits() == want.to_bits() || (got.is_nan() && want.is_nan()),
                    "c = {c}, x = {x}: {got} vs {want}"
                );
            }
        }
    }

    /// An operand without a tangent adds no term: `x * k` with a constant `k` has the
    /// tangent `tx * k` (no `fma(x, 0.0, ...)`).
    #[test]
    fn no_terms_for_operands_without_tangents() {
        let mut b = Builder::new("scale");
        let _x = b.param(G, "x");
        b.grid(|b, _| {
            b.block(|b, [t, _, _]| {
                let t64 = b.cast(CastOp::ZExt, t, Type::I64);
                let eight = b.i64(8);
                let off = b.bin(BinaryOp::Mul, t64, eight);
                let x = b.load(Type::F64, MemRoot::Param(0), off);
                let k = b.konst(Type::F64, (-3f64).to_bits());
                let p = b.bin(BinaryOp::FMul, x, k);
                let z = b.konst(Type::F64, 0f64.to_bits());
                let q = b.value(OpKind::Fma(p, k, z), Type::F64);
                b.store(MemRoot::Param(0), off, q);
            });
        });
        let j = jvp_kernel(&b.finish()).unwrap();
        // Forward: x * k and the fma; tangents: tx * k, then that * k.
        assert_eq!(count(&j, &|o| matches!(o, OpKind::Fma(..))), 1);
        assert_eq!(
            count(&j, &|o| matches!(o, OpKind::Binary(BinaryOp::FMul, ..))),
            3
        );
        let out = run_f64(
            &j,
            4,
            &[vec![1.0, 2.0, 3.0, 4.0], vec![-0.0, 1.0, 2.0, 3.0]],
            0,
        );
        // tx * -3 * -3: the tangent -0.0 stays -0.0 * 9 = -0.0 (a `+ 0.0` term would
        // make it +0.0).
        assert_eq!(out[1][0].to_bits(), (-0.0f64).to_bits());
        assert_eq!(out[1][1..], [9.0, 18.0, 27.0]);
    }
}
