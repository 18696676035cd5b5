//! The parallel-IR verifier, run after raising and after every pass.
//!
//! It checks the structural invariants every other part of the crate relies on:
//! * every entity reference (op, value, shared/local allocation, parameter) is in range,
//!   every op sits in at most one region (ops never placed are dead arena entries and may
//!   not be used), and the value table agrees with where values are defined;
//! * SSA scoping: a value is used only after its definition, in the same region or one
//!   nested inside it (region arguments are visible in their region; an op's results only
//!   after the op, never inside its own regions);
//! * regions end in the right terminator (`Yield`; `Condition` for a `While`'s before
//!   region) and nowhere else; yielded values match the op's results / carried values in
//!   number and type; `For` has an integer induction variable of the bounds' type;
//! * nesting: the grid `Parallel` only in the top region, thread `Parallel`s inside it
//!   (not inside each other), each with three `i32` arguments; `SharedAlloc` directly in
//!   the grid body; `Barrier`, warp ops, `LaneId` and `LocalAlloc` only inside a thread
//!   `Parallel`; shared/local roots only where their allocation is in scope;
//! * operand and result types fit each op (the kernel IR's rules).
//!
//! The first problem found is reported as an `invalid-parallel-ir` diagnostic naming the
//! kernel and the op (printed).

use frontend::diag::{Diagnostic, Location};
use frontend::ir::verify::{atomic_fits, check_common, result_type};

use crate::ir::*;
use crate::print::{op_to_string_with, Namer};

/// The code of every verifier diagnostic.
pub const CODE: &str = "invalid-parallel-ir";

/// Verify `kernel`; the first problem found is returned.
pub fn verify_kernel(kernel: &Kernel) -> Result<(), Diagnostic> {
    let namer = Namer::new(kernel);
    let mut c = Checker {
        k: kernel,
        namer: &namer,
        visible: vec![false; kernel.values.len()],
        placed: vec![false; kernel.ops.len()],
        shared_in_scope: vec![false; kernel.shared.len()],
        local_in_scope: vec![false; kernel.locals.len()],
    };
    c.run()
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Ctx {
    /// The top region (uniform code before the grid).
    Top,
    /// Inside the grid `Parallel`, outside any thread `Parallel`.
    Grid,
    /// Inside a thread `Parallel`.
    Block,
}

/// What a region must end with.
#[derive(Clone, Debug)]
enum Term {
    /// `Yield` of values of these types.
    Yield(Vec<Type>),
    /// `Condition` whose args have these types.
    Condition(Vec<Type>),
}

struct Checker<'a> {
    k: &'a Kernel,
    namer: &'a Namer,
    visible: Vec<bool>,
    placed: Vec<bool>,
    shared_in_scope: Vec<bool>,
    local_in_scope: Vec<bool>,
}

/// What a region defined, to be taken out of scope when it ends.
#[derive(Default)]
struct Scope {
    values: Vec<Value>,
    shared: Vec<SharedId>,
    locals: Vec<LocalId>,
}

impl Checker<'_> {
    fn err(&self, msg: impl Into<String>) -> Diagnostic {
        Diagnostic::new(CODE, msg).at(Location::in_function(self.k.name.clone()))
    }

    fn err_at(&self, op: OpId, msg: impl Into<String>) -> Diagnostic {
        Diagnostic::new(CODE, msg).at(Location::in_function(self.k.name.clone())
            .with_op(op_to_string_with(self.k, self.namer, op)))
    }

    fn ty(&self, v: Value) -> Type {
        // Only called on values already checked to be in range.
        self.k.values.get(v.index()).map_or(Type::I1, |d| d.ty)
    }

    fn run(&mut self) -> Result<(), Diagnostic> {
        let k = self.k;
        if k.param_names.len() != k.params.len() {
            return Err(self.err("parameter names and parameters differ in number"));
        }
        for (i, &p) in k.params.iter().enumerate() {
            if p.index() >= k.values.len() || k.value_def(p) != ValueDef::Param(i as u32) {
                return Err(self.err(format!("parameter {i} is not defined as a parameter")));
            }
            self.visible[p.index()] = true;
        }
        if !k.body.args.is_empty() {
            return Err(self.err("the top region must not have arguments"));
        }
        for &op in &k.block_local_atomics {
            if !matches!(
                k.ops.get(op.index()).map(|d| &d.kind),
                Some(OpKind::Atomic { .. })
            ) {
                return Err(self.err(format!("op{} is marked block-local but is no atomic", op.0)));
            }
        }
        let mut grids = 0;
        for &op in &k.body.ops {
            if let Some(OpData {
                kind:
                    OpKind::Parallel {
                        level: Level::Grid, ..
                    },
                ..
            }) = k.ops.get(op.index())
            {
                grids += 1;
            }
        }
        if grids != 1 {
            return Err(self.err(format!(
                "the top region must hold exactly one grid parallel, it holds {grids}"
            )));
        }
        let body = &k.body;
        self.region(body, None, Ctx::Top, false, &Term::Yield(Vec::new()))
    }

    /// Check `region` (argument definitions were checked by the caller, or it has none).
    fn region(
        &mut self,
        region: &Region,
        owner: Option<(OpId, u8)>,
        ctx: Ctx,
        grid_body: bool,
        term: &Term,
    ) -> Result<(), Diagnostic> {
        let k = self.k;
        let mut scope = Scope::default();
        for (i, &a) in region.args.iter().enumerate() {
            let ok = a.index() < k.values.len()
                && match owner {
                    Some((op, r)) => {
                        k.value_def(a)
                            == ValueDef::RegionArg {
                                op,
                                region: r,
                                index: i as u32,
                            }
                    }
                    None => false,
                };
            if !ok {
                let msg = format!("region argument {i} is not defined as that argument");
                return Err(match owner {
                    Some((op, _)) => self.err_at(op, msg),
                    None => self.err(msg),
                });
            }
            if self.visible[a.index()] {
                return Err(self.err(format!("value {} is defined twice", self.namer.name(a))));
            }
            self.visible[a.index()] = true;
            scope.values.push(a);
        }
        let Some(&last) = region.ops.last() else {
            let msg = "a region is empty (it must end in a terminator)";
            return Err(match owner {
                Some((op, _)) => self.err_at(op, msg),
                None => self.err(msg),
            });
        };
        for (pos, &op) in region.ops.iter().enumerate() {
            if op.index() >= k.ops.len() {
                return Err(self.err(format!("a region names op {} out of range", op.0)));
            }
            if self.placed[op.index()] {
                return Err(self.err_at(op, "op is placed in more than one region (or twice)"));
            }
            self.placed[op.index()] = true;
            let data = &k.ops[op.index()];
            let is_last = pos + 1 == region.ops.len();
            if data.kind.is_terminator() != is_last {
                return Err(self.err_at(
                    op,
                    if is_last {
                        "a region must end in a terminator (yield or condition)"
                    } else {
                        "terminator in the middle of a region"
                    },
                ));
            }
            // Operands are in scope.
            let mut bad = None;
            data.kind.for_each_operand(|v| {
                if bad.is_none() && (v.index() >= self.visible.len() || !self.visible[v.index()]) {
                    bad = Some(v);
                }
            });
            if let Some(v) = bad {
                return Err(self.err_at(
                    op,
                    format!(
                        "uses {}, which is not defined before it in an enclosing region",
                        self.namer.name(v)
                    ),
                ));
            }
            // Results are defined by this op.
            for (i, &r) in data.results.iter().enumerate() {
                if r.index() >= k.values.len()
                    || k.value_def(r) != ValueDef::Result(op, i as u32)
                    || self.visible[r.index()]
                {
                    return Err(self.err_at(op, format!("result {i} is not defined by this op")));
                }
            }
            self.context(op, ctx, grid_body, &mut scope)?;
            self.types(op)?;
            self.nested(op, ctx)?;
            for &r in &data.results {
                self.visible[r.index()] = true;
                scope.values.push(r);
            }
        }
        self.terminator(last, term)?;
        for v in scope.values {
            self.visible[v.index()] = false;
        }
        for s in scope.shared {
            self.shared_in_scope[s.index()] = false;
        }
        for l in scope.locals {
            self.local_in_scope[l.index()] = false;
        }
        Ok(())
    }

    fn terminator(&self, op: OpId, term: &Term) -> Result<(), Diagnostic> {
        let kind = &self.k.ops[op.index()].kind;
        match (kind, term) {
            (OpKind::Yield(vals), Term::Yield(want)) => {
                let got: Vec<Type> = vals.iter().map(|&v| self.ty(v)).collect();
                if &got != want {
                    return Err(self.err_at(
                        op,
                        format!(
                            "yields ({}) where the enclosing op expects ({})",
                            type_list(&got),
                            type_list(want)
                        ),
                    ));
                }
            }
            (OpKind::Condition { cond, args }, Term::Condition(want)) => {
                if self.ty(*cond) != Type::I1 {
                    return Err(self.err_at(op, "condition on a non-i1 value"));
                }
                let got: Vec<Type> = args.iter().map(|&v| self.ty(v)).collect();
                if &got != want {
                    return Err(self.err_at(
                        op,
                        format!(
                            "condition passes ({}) where the while's after region and results are ({})",
                            type_list(&got),
                            type_list(want)
                        ),
                    ));
                }
            }
            (OpKind::Yield(_), Term::Condition(_)) => {
                return Err(self.err_at(op, "a while's before region must end in condition"))
            }
            _ => return Err(self.err_at(op, "condition outside a while's before region")),
        }
        Ok(())
    }

    /// Where the op may appear; scoping of allocations.
    fn context(
        &mut self,
        op: OpId,
        ctx: Ctx,
        grid_body: bool,
        scope: &mut Scope,
    ) -> Result<(), Diagnostic> {
        let kind = &self.k.ops[op.index()].kind;
        match kind {
            OpKind::Parallel { level, .. } => {
                let ok = match level {
                    Level::Grid => ctx == Ctx::Top,
                    Level::Block => ctx == Ctx::Grid,
                };
                if !ok {
                    return Err(self.err_at(
                        op,
                        match level {
                            Level::Grid => "the grid parallel must be in the top region",
                            Level::Block => {
                                "a thread parallel must be inside the grid parallel and not inside another thread parallel"
                            }
                        },
                    ));
                }
            }
            OpKind::Barrier { .. }
            | OpKind::Shuffle { .. }
            | OpKind::Vote { .. }
            | OpKind::LaneId
                if ctx != Ctx::Block =>
            {
                return Err(self.err_at(op, "only allowed inside a thread parallel"));
            }
            OpKind::SharedAlloc(id) => {
                if !grid_body {
                    return Err(self.err_at(
                        op,
                        "shared.alloc must be directly in the grid parallel's body",
                    ));
                }
                if id.index() >= self.k.shared.len() {
                    return Err(self.err_at(op, "shared allocation out of range"));
                }
                if self.shared_in_scope[id.index()] {
                    return Err(self.err_at(op, "shared allocation introduced twice"));
                }
                self.shared_in_scope[id.index()] = true;
                scope.shared.push(*id);
            }
            OpKind::LocalAlloc(id) => {
                if ctx != Ctx::Block {
                    return Err(self.err_at(op, "local.alloc only inside a thread parallel"));
                }
                if id.index() >= self.k.locals.len() {
                    return Err(self.err_at(op, "local allocation out of range"));
                }
                if self.local_in_scope[id.index()] {
                    return Err(self.err_at(op, "local allocation introduced twice"));
                }
                self.local_in_scope[id.index()] = true;
                scope.locals.push(*id);
            }
            _ => {}
        }
        Ok(())
    }

    /// Recurse into the op's regions with the terminators they need.
    fn nested(&mut self, op: OpId, ctx: Ctx) -> Result<(), Diagnostic> {
        let k = self.k;
        let data = &k.ops[op.index()];
        let result_types: Vec<Type> = data.results.iter().map(|&v| self.ty(v)).collect();
        let arg_types = |r: &Region| -> Option<Vec<Type>> {
            r.args
                .iter()
                .map(|&a| k.values.get(a.index()).map(|d| d.ty))
                .collect()
        };
        match &data.kind {
            OpKind::Parallel { level, body } => {
                if !data.results.is_empty() {
                    return Err(self.err_at(op, "parallel has no results"));
                }
                if arg_types(body) != Some(vec![Type::I32; 3]) {
                    return Err(self.err_at(op, "parallel needs three i32 region arguments"));
                }
                let (inner, grid_body) = match level {
                    Level::Grid => (Ctx::Grid, true),
                    Level::Block => (Ctx::Block, false),
                };
                self.region(body, Some((op, 0)), inner, grid_body, &Term::Yield(vec![]))
            }
            OpKind::For {
                lower,
                upper,
                step,
                inits,
                body,
            } => {
                let ivt = self.ty(*lower);
                if !ivt.is_int()
                    || ivt == Type::I1
                    || self.ty(*upper) != ivt
                    || self.ty(*step) != ivt
                {
                    return Err(
                        self.err_at(op, "for needs lower, upper and step of one integer type")
                    );
                }
                let init_types: Vec<Type> = inits.iter().map(|&v| self.ty(v)).collect();
                if init_types != result_types {
                    return Err(self.err_at(
                        op,
                        format!(
                            "for has results ({}) but carries ({})",
                            type_list(&result_types),
                            type_list(&init_types)
                        ),
                    ));
                }
                let mut want_args = vec![ivt];
                want_args.extend(&init_types);
                if arg_types(body) != Some(want_args) {
                    return Err(self.err_at(
                        op,
                        "for body arguments must be the induction variable then the carried values",
                    ));
                }
                self.region(body, Some((op, 0)), ctx, false, &Term::Yield(init_types))
            }
            OpKind::While {
                inits,
                before,
                after,
            } => {
                let init_types: Vec<Type> = inits.iter().map(|&v| self.ty(v)).collect();
                if arg_types(before) != Some(init_types.clone()) {
                    return Err(self.err_at(
                        op,
                        "while before-region arguments must match the initial values",
                    ));
                }
                if arg_types(after) != Some(result_types.clone()) {
                    return Err(self.err_at(
                        op,
                        "while after-region arguments must match the while's results",
                    ));
                }
                self.region(
                    before,
                    Some((op, 0)),
                    ctx,
                    false,
                    &Term::Condition(result_types),
                )?;
                self.region(after, Some((op, 1)), ctx, false, &Term::Yield(init_types))
            }
            OpKind::If {
                cond,
                then_region,
                else_region,
            } => {
                if self.ty(*cond) != Type::I1 {
                    return Err(self.err_at(op, "if on a non-i1 value"));
                }
                if !then_region.args.is_empty() || !else_region.args.is_empty() {
                    return Err(self.err_at(op, "if regions take no arguments"));
                }
                let want = Term::Yield(result_types);
                self.region(then_region, Some((op, 0)), ctx, false, &want)?;
                self.region(else_region, Some((op, 1)), ctx, false, &want)
            }
            _ => Ok(()),
        }
    }

    fn addr(&self, op: OpId, a: &Addr) -> Result<(), Diagnostic> {
        match *a {
            Addr::Root { root, offset } => {
                if self.ty(offset) != Type::I64 {
                    return Err(self.err_at(op, "address offsets are i64 byte offsets"));
                }
                self.root(op, root)
            }
            Addr::Dynamic(p) => {
                if !self.ty(p).is_ptr() {
                    return Err(self.err_at(op, "access through a non-pointer"));
                }
                Ok(())
            }
        }
    }

    fn root(&self, op: OpId, root: MemRoot) -> Result<(), Diagnostic> {
        match root {
            MemRoot::Param(i) => match self.k.params.get(i as usize) {
                Some(&p) if self.ty(p).is_ptr() => Ok(()),
                Some(_) => Err(self.err_at(op, format!("parameter {i} is not a pointer"))),
                None => Err(self.err_at(op, format!("parameter {i} out of range"))),
            },
            MemRoot::Shared(s) => {
                if self.shared_in_scope.get(s.index()) == Some(&true) {
                    Ok(())
                } else {
                    Err(self.err_at(op, format!("shared{} is not allocated here", s.0)))
                }
            }
            MemRoot::Local(l) => {
                if self.local_in_scope.get(l.index()) == Some(&true) {
                    Ok(())
                } else {
                    Err(self.err_at(op, format!("local{} is not allocated here", l.0)))
                }
            }
            MemRoot::Global(_) => Ok(()),
        }
    }

    /// Operand/result types.
    fn types(&self, op: OpId) -> Result<(), Diagnostic> {
        let data = &self.k.ops[op.index()];
        let ty = |v: Value| self.ty(v);
        let fail = |m: &str| Err(self.err_at(op, m.to_string()));
        let structural = matches!(
            data.kind,
            OpKind::For { .. } | OpKind::While { .. } | OpKind::If { .. }
        );
        let result = match data.results.as_slice() {
            [] => None,
            [r] => Some(ty(*r)),
            _ if structural => None,
            _ => return fail("op has more than one result"),
        };
        let needs = |want: bool| result_type(want, result).map_err(|m| self.err_at(op, m));
        if let Some(c) = data.kind.common() {
            return check_common(c, result, ty).map_err(|m| self.err_at(op, m));
        }
        match &data.kind {
            OpKind::Dim(d) => {
                let want = if *d == Dim::DynamicSharedBytes {
                    Type::I64
                } else {
                    Type::I32
                };
                if needs(true)? != want {
                    return fail("launch dimensions are i32 (dynamic shared bytes i64)");
                }
                if let Dim::BlockDim(i) | Dim::GridDim(i) = d {
                    if *i > 2 {
                        return fail("dimension index beyond z");
                    }
                }
            }
            OpKind::LaneId => {
                let t = needs(true)?;
                if t != Type::I32 {
                    return fail("laneid is i32");
                }
            }
            OpKind::RootAddr(root) => {
                if !needs(true)?.is_ptr() {
                    return fail("addr gives a pointer");
                }
                self.root(op, *root)?;
            }
            OpKind::Load { addr } => {
                needs(true)?;
                self.addr(op, addr)?;
            }
            OpKind::Store { addr, .. } => {
                needs(false)?;
                self.addr(op, addr)?;
            }
            OpKind::Atomic {
                op: aop,
                addr,
                value,
            } => {
                let t = needs(true)?;
                self.addr(op, addr)?;
                if ty(*value) != t {
                    return fail("atomic takes a value of the result type");
                }
                if !atomic_fits(*aop, t) {
                    return fail("atomic op does not fit its value type");
                }
            }
            OpKind::AtomicCas {
                addr,
                expected,
                new,
            } => {
                let t = needs(true)?;
                self.addr(op, addr)?;
                if ty(*expected) != t || ty(*new) != t {
                    return fail("atomic.cas takes two values of the result type");
                }
            }
            OpKind::Memcpy { dst, src, len } => {
                needs(false)?;
                self.addr(op, dst)?;
                self.addr(op, src)?;
                if ty(*len) != Type::I64 {
                    return fail("memcpy length is i64");
                }
            }
            OpKind::Memset { dst, byte, len } => {
                needs(false)?;
                self.addr(op, dst)?;
                if ty(*byte) != Type::I8 || ty(*len) != Type::I64 {
                    return fail("memset takes an i8 byte and an i64 length");
                }
            }
            OpKind::SharedAlloc(_)
            | OpKind::LocalAlloc(_)
            | OpKind::Fence
            | OpKind::Trap
            | OpKind::Parallel { .. }
            | OpKind::Yield(_)
            | OpKind::Condition { .. } => {
                if matches!(data.kind, OpKind::LocalAlloc(_)) {
                    // May give the allocation's address.
                    if let Some(t) = result {
                        if !t.is_ptr() {
                            return fail("local.alloc gives a pointer");
                        }
                    }
                } else {
                    needs(false)?;
                }
            }
            // The common ops, checked above; the structural ones in `region`.
            _ => {}
        }
        Ok(())
    }
}

fn type_list(types: &[Type]) -> String {
    types
        .iter()
        .map(|t| t.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}
