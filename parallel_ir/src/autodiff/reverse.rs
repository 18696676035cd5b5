//! Reverse-mode differentiation of one launch of a raised kernel: [`vjp_kernel`].
//!
//! The adjoint kernel has the parameters of the source kernel followed by one *shadow*
//! (cotangent) pointer per pointer parameter, in the order of [`super::tangent_params`],
//! and a shadow twin of every shared and per-thread allocation. It is run on a scratch
//! copy of the buffers as they were *before* the launch, plus the cotangents of the
//! buffers *after* it; it leaves in the shadow buffers the cotangents of the buffers
//! before the launch. The driver (`raise/src/grad.rs`) chains launches last to first and
//! differentiates each launch's kernel after [`super::specialize`] (scalar arguments
//! and launch dimensions as constants, dynamic shared memory as one static allocation,
//! PTX integer pointer parameters as pointers) and [`super::unroll`] (loops with known
//! trip counts fully unrolled): see [`super::vjp_kernel_for_launch`].
//!
//! Each thread (inside the block-parallel region) first re-executes the forward body
//! (its stores go to the scratch copy, its values are the primal ones because the
//! scratch copy holds the state the primal launch started from, and the barriers are
//! kept), then runs the reverse sweep of the body, op by op in reverse order. The
//! forward values the sweep reads stay live from the re-execution (in registers, or
//! in the per-thread storage that the backends give values living across barriers):
//! for unrolled loops this is the per-thread tape of every iteration, linear in time
//! and memory, including values loaded from memory that later iterations overwrite
//! (shared tiles, tree reductions).
//! * `y = f(x, ...)`: `dx += f'(x) dy` (the forward-mode rules, which are linear in the
//!   tangent, give these products);
//! * store `B[a] = v`: `dv += dB[a]; dB[a] = 0`; memset zeroes the shadow range;
//! * load `v = B[a]`: `dB[a] += dv` with an atomic add for buffers and shared memory
//!   (correct whatever the sharing between threads), a plain update for per-thread
//!   allocations;
//! * `atomic fadd B[a], v` (old value unused): `dv += dB[a]`;
//! * `memcpy(d, s, n)` (constant `n`, a kernel whose float data has one type):
//!   element by element `ds += dd; dd = 0` (overlap is undefined in the primal);
//! * shuffles: lane `i` read lane `src(i)` (the exact PTX rule: the computed lane when
//!   inside the clamp/segment, else `i` itself), so the cotangent of lane `j` is the sum
//!   of `dy_i` over the lanes with `src(i) = j`: its own `dy_j` when `src(j) = j`, plus,
//!   for up/down/bfly with a constant lane operand, the mirrored shuffle (down <-> up,
//!   bfly is self-inverse) of `dy` and of `src` from the only possible reader; for idx
//!   or per-lane operands, 32 `idx` shuffles gather every lane's `(dy, src)`. Votes
//!   give integers (no adjoint);
//! * `If`: the reverse of both regions under the primal condition; values defined in
//!   an `If`'s regions that the reverse sweep needs are made extra results of the
//!   forward `If` (the other branch yields zero) so that they are in scope;
//! * a barrier is mirrored: the reverse sweep of the code after a barrier runs before
//!   the mirror of that barrier, the reverse of the code before it after, so adjoint
//!   accumulation into shared memory is complete when it is read;
//! * loops left after unrolling (trip count not known for the launch, or too large to
//!   unroll) are reversed by *replay* (recompute, no tape): a `For` iteration by
//!   iteration, last first, re-running the loop (memory writes left out) up to the
//!   iteration to recover its carried values, then its body and the body's reverse; a
//!   `While` likewise after counting its iterations (the exiting `before` region is
//!   reversed first). A `For` whose body's reverse sweep reads no carried value (an
//!   accumulation `sum += f(k, memory)`) needs no replay: its reverse iterations
//!   recompute only the body, linear in the trip count. Neither does a `For` or `While`
//!   whose carried values that the reverse sweep reads are *induction variables*
//!   (integers, addresses or pointers to which every continuing iteration adds one
//!   constant, as extra counters and rotated row loops' address counters: see
//!   [`loop_iv_stride`]): at reverse iteration `m` they are `init + m * stride`, the
//!   others (floats only accumulated) stand in as zeros; a `While`'s iteration count is
//!   computed by a (sliced) replay, once. Otherwise the replays that recover carried
//!   values (and a `While`'s iteration count) are *sliced*: they compute only what the
//!   carried values the reverse sweep reads are computed from (a row loop's counter with
//!   a varying stride, not its loads and products). Replay leaves memory writes out, so a load of memory that the
//!   kernel writes may give a different value than it did forward: such values (and all
//!   computed from them) are *tainted*, and the loop is reversible only when the reverse
//!   sweep never reads a tainted primal value (tainted values may be added, subtracted,
//!   scaled by constants or parameters, selected under untainted conditions, stored,
//!   carried) and no address, condition or bound is tainted. Barriers in loops are
//!   replayed too (the trip counts of loops with barriers are uniform, or the primal
//!   kernel would be undefined) and mirrored in the reverse iterations. Cost quadratic in
//!   the trip count, no memory. Other loops are `not-differentiable`, with the reason;
//!   loops on integers only without memory writes are re-executed and have no adjoint.
//!
//! Only float values and memory get adjoints, and among float values only *active* ones
//! ([`activity`]: those depending on memory with a shadow); integer data gets none (its
//! shadow is zeroed where it is overwritten), and constants, scalar parameters and
//! floats computed from them and from indices get no adjoint terms at all (a skipped
//! term is the exact result: an emitted `x * 0.0` or `y + 0.0` could only turn an
//! infinity into NaN or `-0.0` into `+0.0`). Inside an `If`, the reverse sweep
//! recomputes cheap pure values (index arithmetic, adds, multiplies) and takes math
//! functions and divisions from the forward sweep (extra results of the forward `If`). Float loads outside the thread-parallel
//! region, float data moved through integer registers (other than PTX shuffles, which
//! [`super::specialize`] turns into float shuffles), compare-and-swap of floats, float
//! atomics other than add, memcpy of non-constant length and dynamic shared memory
//! without specialisation are `not-differentiable`.
//!
//! Why it is legal: for one thread the sweep is the textbook adjoint of a straight-line
//! program with structured branches; cotangent contributions of different threads to
//! one location add up through atomics (the adjoint of a read shared by many threads is
//! the sum of their contributions), and a location written in the launch is owned by
//! the writing thread at the point of the write (otherwise the primal launch would have
//! a data race), so reading and zeroing its shadow there is race-free given the mirrored
//! barriers. A shuffle's reverse runs at the mirrored point of the same converged
//! control flow, so the lanes it reads are there.

use std::collections::HashSet;

use crate::autodiff::forward::{Jvp, R};
use crate::ir::{
    Addr, AtomicOp, BarrierKind, CastOp, Kernel, Level, MemRoot, OpId, OpKind, Region, ShuffleMode,
    Type, Value,
};
use frontend::Diagnostic;

/// The adjoint kernel of `kernel` (see the module documentation).
pub fn vjp_kernel(kernel: &Kernel) -> Result<Kernel, Diagnostic> {
    let mut written = HashSet::new();
    for op in &kernel.ops {
        match &op.kind {
            OpKind::Store { addr, .. }
            | OpKind::Atomic { addr, .. }
            | OpKind::AtomicCas { addr, .. }
            | OpKind::Memcpy { dst: addr, .. }
            | OpKind::Memset { dst: addr, .. } => {
                if let Addr::Root { root, .. } = addr {
                    written.insert(*root);
                }
            }
            _ => {}
        }
    }
    let mut r = Rev {
        j: Jvp::new(kernel, "vjp"),
        adj: vec![None; kernel.values.len()],
        active: activity(kernel),
        replay: false,
        written,
        slice: None,
    };
    let body = r.outer_region(&kernel.body, &[])?;
    r.j.out.body = body;
    crate::verify::verify_kernel(&r.j.out)?;
    Ok(r.j.out)
}

struct Rev<'a> {
    j: Jvp<'a>,
    adj: Vec<Option<Value>>,
    /// Per value of the source kernel: whether it may carry a derivative ([`activity`]).
    active: Vec<bool>,
    /// Forward code re-executed inside a reversed loop: memory writes are left out.
    replay: bool,
    /// Roots some op of the kernel writes.
    written: HashSet<MemRoot>,
    /// While replaying a loop only to recover the carried values its reverse sweep
    /// reads: the values that matter ([`reverse_needed_values`]); pure ops and loads
    /// giving none of them are left out (their results stand in as zeros).
    slice: Option<HashSet<Value>>,
}

fn new_args(r: &mut Rev, id: OpId, region: u8, old: &[Value]) -> Vec<Value> {
    let mut args = Vec::new();
    for &a in old {
        let ty = r.j.src.value_type(a);
        let n = r.j.out.new_region_arg(id, region, args.len() as u32, ty);
        r.j.map[a.index()] = Some(n);
        args.push(n);
    }
    args
}

impl Rev<'_> {
    fn ty(&self, v: Value) -> Type {
        self.j.src.value_type(v)
    }

    fn zero(&mut self, ops: &mut Vec<OpId>, ty: Type) -> Value {
        self.j.val(ops, OpKind::Const { bits: 0 }, ty, None)
    }

    /// The adjoint accumulated for `v`, or a zero of its type when there is none.
    fn adj_or_zero(&mut self, ops: &mut Vec<OpId>, v: Value) -> Value {
        match self.adj[v.index()] {
            Some(d) => d,
            None => {
                let t = self.ty(v);
                self.zero(ops, t)
            }
        }
    }

    /// The active values used inside `op`'s regions and defined outside them, in first-use
    /// order: their adjoints flow out of the op's reverse.
    fn outside_active(&self, op: OpId) -> Vec<Value> {
        let mut defined = HashSet::new();
        let mut used = Vec::new();
        collect(self.j.src, op, &mut defined, &mut used);
        let mut seen = HashSet::new();
        used.into_iter()
            .filter(|&v| !defined.contains(&v) && self.is_active(v) && seen.insert(v))
            .collect()
    }

    /// Start a reverse loop: a placeholder op (made a `For` by [`Self::finish_reverse_for`])
    /// and its region arguments: the counter of type `ity`, then one of each type in
    /// `carried` (the adjoints the loop carries).
    fn reverse_for_shell(
        &mut self,
        ops: &mut Vec<OpId>,
        ity: Type,
        carried: impl IntoIterator<Item = Type>,
        loc: Option<frontend::ir::SrcLoc>,
    ) -> (OpId, Vec<Value>) {
        let id = self.j.emit(ops, OpKind::Yield(Vec::new()), &[], loc);
        let mut args = vec![self.j.out.new_region_arg(id, 0, 0, ity)];
        for t in carried {
            args.push(self.j.out.new_region_arg(id, 0, args.len() as u32, t));
        }
        (id, args)
    }

    /// Close the reverse loop `id`: its body `b` yields the current adjoints of `yielded`
    /// (zero where none), and it becomes `For lower..upper step 1` carrying `inits`
    /// with region arguments `args`; gives its results (one per carried adjoint).
    #[allow(clippy::too_many_arguments)]
    fn finish_reverse_for(
        &mut self,
        id: OpId,
        mut b: Vec<OpId>,
        yielded: &[Value],
        loc: Option<frontend::ir::SrcLoc>,
        (lower, upper, step): (Value, Value, Value),
        inits: Vec<Value>,
        args: Vec<Value>,
    ) -> Vec<Value> {
        let y: Vec<Value> = yielded
            .iter()
            .map(|&v| self.adj_or_zero(&mut b, v))
            .collect();
        self.j.emit(&mut b, OpKind::Yield(y), &[], loc);
        let results: Vec<Value> = inits
            .iter()
            .map(|&r| {
                let t = self.j.out.value_type(r);
                self.j.out.add_result(id, t)
            })
            .collect();
        self.j.out.op_mut(id).kind = OpKind::For {
            lower,
            upper,
            step,
            inits,
            body: Region { args, ops: b },
        };
        results
    }

    /// Whether `v` may carry a derivative (see [`activity`]).
    fn is_active(&self, v: Value) -> bool {
        self.active[v.index()]
    }

    /// Accumulate `d` into the adjoint of `v`; nothing for inactive values (constants,
    /// parameters, integer data and what is computed from them only), whose adjoints
    /// nothing reads.
    fn add_adj(&mut self, ops: &mut Vec<OpId>, v: Value, d: Value) {
        if !self.is_active(v) {
            return;
        }
        let n = match self.adj[v.index()] {
            Some(a) => self.j.bin(ops, crate::ir::BinaryOp::FAdd, a, d),
            None => d,
        };
        self.adj[v.index()] = Some(n);
    }

    /// Regions outside the threads: copy, recursing into the parallel ops.
    fn outer_region(&mut self, region: &Region, args: &[Value]) -> R<Region> {
        let mut ops = Vec::new();
        for &op in &region.ops {
            let data = self.j.src.op(op).clone();
            match &data.kind {
                OpKind::Parallel { level, body } => {
                    let id = self
                        .j
                        .emit(&mut ops, OpKind::Yield(Vec::new()), &[], data.loc);
                    let a = new_args(self, id, 0, &body.args);
                    let body = match level {
                        Level::Grid => self.outer_region(body, &a)?,
                        Level::Block => self.thread_body(body, &a)?,
                    };
                    self.j.out.op_mut(id).kind = OpKind::Parallel {
                        level: *level,
                        body,
                    };
                }
                OpKind::Yield(_) => {
                    let k = data.kind.clone();
                    self.j.copy(op, k, &mut ops)?;
                }
                OpKind::Load { .. } if data.results.iter().any(|&r| self.ty(r).is_float()) => {
                    return Err(self.j.err(
                        data.loc,
                        "float load outside the thread-parallel region (reverse mode)",
                    ))
                }
                _ => {
                    if contains_parallel(self.j.src, op) {
                        return Err(self.j.err(
                            data.loc,
                            "control flow around the thread-parallel region (reverse mode)",
                        ));
                    }
                    self.fwd_op(op, &mut ops)?;
                }
            }
        }
        Ok(Region {
            args: args.to_vec(),
            ops,
        })
    }

    /// One thread: forward re-execution, then the reverse sweep.
    fn thread_body(&mut self, body: &Region, args: &[Value]) -> R<Region> {
        let mut ops = Vec::new();
        let (term, rest) = body
            .ops
            .split_last()
            .ok_or_else(|| Diagnostic::new("internal", "vjp: empty thread region"))?;
        for &op in rest {
            self.fwd_op(op, &mut ops)?;
        }
        for &op in rest.iter().rev() {
            self.rev_op(op, &mut ops)?;
        }
        let k = self.j.src.op(*term).kind.clone();
        self.j.copy(*term, k, &mut ops)?;
        Ok(Region {
            args: args.to_vec(),
            ops,
        })
    }

    /// Forward copy of one op; gives the old values it (and lifted nested regions)
    /// defines at this level.
    fn fwd_op(&mut self, old: OpId, ops: &mut Vec<OpId>) -> R<Vec<Value>> {
        let data = self.j.src.op(old).clone();
        let loc = data.loc;
        match &data.kind {
            OpKind::If {
                cond,
                then_region,
                else_region,
            } => {
                let c = self.j.v(*cond)?;
                let id = self.j.emit(ops, OpKind::Yield(Vec::new()), &[], loc);
                let mut then_ops = Vec::new();
                let dt = self.fwd_block(then_region, &mut then_ops)?;
                let mut else_ops = Vec::new();
                let de = self.fwd_block(else_region, &mut else_ops)?;
                for (branch, region, mine) in [
                    (&mut then_ops, then_region, true),
                    (&mut else_ops, else_region, false),
                ] {
                    let term = *region
                        .ops
                        .last()
                        .ok_or_else(|| Diagnostic::new("internal", "vjp: empty region"))?;
                    let OpKind::Yield(vals) = &self.j.src.op(term).kind else {
                        return Err(Diagnostic::new("internal", "vjp: If region without yield"));
                    };
                    let mut y = Vec::new();
                    for &v in vals {
                        y.push(self.j.v(v)?);
                    }
                    for &d in &dt {
                        y.push(if mine {
                            self.j.v(d)?
                        } else {
                            let t = self.ty(d);
                            self.zero(branch, t)
                        });
                    }
                    for &d in &de {
                        y.push(if !mine {
                            self.j.v(d)?
                        } else {
                            let t = self.ty(d);
                            self.zero(branch, t)
                        });
                    }
                    self.j.emit(branch, OpKind::Yield(y), &[], loc);
                }
                let mut defs = Vec::new();
                for &r in &data.results {
                    let n = self.j.out.add_result(id, self.ty(r));
                    self.j.map[r.index()] = Some(n);
                    defs.push(r);
                }
                for &d in dt.iter().chain(&de) {
                    let n = self.j.out.add_result(id, self.ty(d));
                    self.j.map[d.index()] = Some(n);
                    defs.push(d);
                }
                self.j.out.op_mut(id).kind = OpKind::If {
                    cond: c,
                    then_region: Region {
                        args: Vec::new(),
                        ops: then_ops,
                    },
                    else_region: Region {
                        args: Vec::new(),
                        ops: else_ops,
                    },
                };
                Ok(defs.into_iter().filter(|&d| !self.ty(d).is_ptr()).collect())
            }
            OpKind::For { .. } | OpKind::While { .. } => {
                if inactive_loop(self.j.src, old) {
                    self.copy_deep_with(old, ops, self.replay, None)?;
                    return Ok(Vec::new());
                }
                if let Some(why) = self.unreversible_loop(old) {
                    return Err(self.j.err(loc, why));
                }
                self.copy_deep_with(old, ops, self.replay, None)?;
                Ok(data.results.clone())
            }
            OpKind::Parallel { .. } => Err(self.j.err(loc, "nested parallel region")),
            OpKind::SharedAlloc(s) => {
                if self.j.src.shared[s.index()].dynamic {
                    return Err(self.j.err(
                        loc,
                        "dynamic shared memory (a twin would alias it: every extern __shared__ array starts at the same address)",
                    ));
                }
                self.j.copy(old, data.kind.clone(), ops)?;
                let tw = self.j.shared_twin[s.index()];
                self.j.emit(ops, OpKind::SharedAlloc(tw), &[], loc);
                Ok(Vec::new())
            }
            OpKind::LocalAlloc(l) => {
                self.j.copy(old, data.kind.clone(), ops)?;
                let tw = self.j.local_twin[l.index()];
                self.j.emit(ops, OpKind::LocalAlloc(tw), &[], loc);
                Ok(Vec::new())
            }
            OpKind::Load {
                addr: Addr::Dynamic(_),
            } if data.results.iter().any(|&r| self.ty(r).is_float()) => Err(self.j.err(
                loc,
                "load of a float through a pointer whose buffer is not known statically",
            )),
            _ => {
                if self.replay && is_write(&data.kind) {
                    return Ok(Vec::new());
                }
                if self.replay && self.sliced_out(old, ops) {
                    return Ok(data
                        .results
                        .iter()
                        .copied()
                        .filter(|&d| !self.ty(d).is_ptr())
                        .collect());
                }
                self.j.copy(old, data.kind.clone(), ops)?;
                if recomputed(&data.kind) {
                    // Recomputed where the reverse sweep needs it (see `rev_if`).
                    return Ok(Vec::new());
                }
                Ok(data
                    .results
                    .iter()
                    .copied()
                    .filter(|&d| !self.ty(d).is_ptr())
                    .collect())
            }
        }
    }

    /// Forward copy of a region's ops except its terminator; the defined values.
    fn fwd_block(&mut self, region: &Region, ops: &mut Vec<OpId>) -> R<Vec<Value>> {
        let mut defs = Vec::new();
        if let Some((_, rest)) = region.ops.split_last() {
            for &op in rest {
                defs.extend(self.fwd_op(op, ops)?);
            }
        }
        Ok(defs)
    }

    /// A plain deep copy of an op with its regions (for inactive loops).
    /// Deep copy; `skip_writes` leaves out memory writes (replay of a loop whose loads
    /// read memory the kernel never writes), `upper` replaces a `For`'s upper bound.
    fn copy_deep_with(
        &mut self,
        old: OpId,
        ops: &mut Vec<OpId>,
        skip_writes: bool,
        upper: Option<Value>,
    ) -> R<()> {
        let data = self.j.src.op(old).clone();
        if skip_writes && is_write(&data.kind) {
            return Ok(());
        }
        if data.kind.regions().is_empty() {
            if !(skip_writes && self.sliced_out(old, ops)) {
                self.j.copy(old, data.kind.clone(), ops)?;
            }
            return Ok(());
        }
        let id = self.j.emit(ops, OpKind::Yield(Vec::new()), &[], data.loc);
        for &r in &data.results {
            let n = self.j.out.add_result(id, self.ty(r));
            self.j.map[r.index()] = Some(n);
        }
        let mut kind = data.kind.clone();
        let mut bad = None;
        kind.for_each_operand_mut(|v| match self.j.map[v.index()] {
            Some(n) => *v = n,
            None => bad = Some(*v),
        });
        if bad.is_some() {
            return Err(Diagnostic::new(
                "internal",
                "vjp: operand before definition",
            ));
        }
        if let (Some(u), OpKind::For { upper, .. }) = (upper, &mut kind) {
            *upper = u;
        }
        let old_regions: Vec<Region> = data.kind.regions().into_iter().cloned().collect();
        let mut new_regions = Vec::new();
        for (i, reg) in old_regions.iter().enumerate() {
            let args = new_args(self, id, i as u8, &reg.args);
            let mut rops = Vec::new();
            for &op in &reg.ops {
                self.copy_deep_with(op, &mut rops, skip_writes, None)?;
            }
            new_regions.push(Region { args, ops: rops });
        }
        for (slot, reg) in kind.regions_mut().into_iter().zip(new_regions) {
            *slot = reg;
        }
        self.j.out.op_mut(id).kind = kind;
        Ok(())
    }

    /// In a sliced replay ([`Self::slice`]): leave out `old` when it is a pure op or a
    /// load none of whose (non-pointer) results the reverse sweep needs, mapping its
    /// results to zeros; whether it was left out.
    fn sliced_out(&mut self, old: OpId, ops: &mut Vec<OpId>) -> bool {
        let Some(slice) = &self.slice else {
            return false;
        };
        let data = self.j.src.op(old);
        let skip = (is_pure(&data.kind) || matches!(data.kind, OpKind::Load { .. }))
            && !data.results.is_empty()
            && data
                .results
                .iter()
                .all(|r| !slice.contains(r) && !self.j.src.value_type(*r).is_ptr());
        if !skip {
            return false;
        }
        for r in data.results.clone() {
            let t = self.ty(r);
            let z = self.zero(ops, t);
            self.j.map[r.index()] = Some(z);
        }
        true
    }

    /// Run `f` with the replay sliced to the values that `lp`'s carried values that
    /// the reverse sweep reads are computed from ([`state_slice`]).
    fn sliced<T>(&mut self, lp: OpId, f: impl FnOnce(&mut Self) -> R<T>) -> R<T> {
        let set = state_slice(self.j.src, lp);
        let was = self.slice.replace(set);
        let out = f(self);
        self.slice = was;
        out
    }

    fn dy(&self, data: &crate::ir::OpData) -> Option<Value> {
        data.results.first().and_then(|r| self.adj[r.index()])
    }

    /// The reverse sweep of one op.
    fn rev_op(&mut self, old: OpId, ops: &mut Vec<OpId>) -> R<()> {
        let data = self.j.src.op(old).clone();
        let loc = data.loc;
        match &data.kind {
            OpKind::Barrier { .. } => {
                self.j.emit(
                    ops,
                    OpKind::Barrier {
                        kind: BarrierKind::Sync,
                        pred: None,
                    },
                    &[],
                    loc,
                );
            }
            OpKind::Unary(u, a) if !u.is_int() => {
                if let Some(dy) = self.dy(&data) {
                    let x = self.j.v(*a)?;
                    let y = self.j.v(data.results[0])?;
                    if let Some(d) = self.j.unary_rule(ops, *u, x, y, dy, loc)? {
                        self.add_adj(ops, *a, d);
                    }
                }
            }
            OpKind::Binary(b, a, c) if b.is_float() => {
                if let Some(dy) = self.dy(&data) {
                    let (x, z) = (self.j.v(*a)?, self.j.v(*c)?);
                    let y = self.j.v(data.results[0])?;
                    if self.is_active(*a) {
                        let da = self.j.binary_rule(ops, *b, x, z, y, Some(dy), None, loc)?;
                        if let Some(da) = da {
                            self.add_adj(ops, *a, da);
                        }
                    }
                    if self.is_active(*c) {
                        let dc = self.j.binary_rule(ops, *b, x, z, y, None, Some(dy), loc)?;
                        if let Some(dc) = dc {
                            self.add_adj(ops, *c, dc);
                        }
                    }
                }
            }
            OpKind::Fma(a, b, c) => {
                if let Some(dy) = self.dy(&data) {
                    let (x, z) = (self.j.v(*a)?, self.j.v(*b)?);
                    if self.is_active(*a) {
                        let da = self.j.bin(ops, crate::ir::BinaryOp::FMul, dy, z);
                        self.add_adj(ops, *a, da);
                    }
                    if self.is_active(*b) {
                        let db = self.j.bin(ops, crate::ir::BinaryOp::FMul, dy, x);
                        self.add_adj(ops, *b, db);
                    }
                    self.add_adj(ops, *c, dy);
                }
            }
            OpKind::Select {
                cond,
                if_true,
                if_false,
            } => {
                if let Some(dy) = self.dy(&data) {
                    let c = self.j.v(*cond)?;
                    let ty = self.ty(data.results[0]);
                    let z = self.zero(ops, ty);
                    if self.is_active(*if_true) {
                        let dt = self.j.val(
                            ops,
                            OpKind::Select {
                                cond: c,
                                if_true: dy,
                                if_false: z,
                            },
                            ty,
                            None,
                        );
                        self.add_adj(ops, *if_true, dt);
                    }
                    if self.is_active(*if_false) {
                        let df = self.j.val(
                            ops,
                            OpKind::Select {
                                cond: c,
                                if_true: z,
                                if_false: dy,
                            },
                            ty,
                            None,
                        );
                        self.add_adj(ops, *if_false, df);
                    }
                }
            }
            OpKind::Cast(c, a) => {
                let to = self.ty(data.results[0]);
                let from = self.ty(*a);
                match c {
                    CastOp::FpExt | CastOp::FpTrunc => {
                        if let Some(dy) = self.dy(&data) {
                            let back = if *c == CastOp::FpExt {
                                CastOp::FpTrunc
                            } else {
                                CastOp::FpExt
                            };
                            let d = self.j.val(ops, OpKind::Cast(back, dy), from, None);
                            self.add_adj(ops, *a, d);
                        }
                    }
                    CastOp::Bitcast
                        if from.is_float()
                            && !to.is_float()
                            && self.j.used.contains(&data.results[0]) =>
                    {
                        return Err(self.j.err(
                            loc,
                            "float data moved through integer registers (reverse mode)",
                        ));
                    }
                    CastOp::Bitcast
                        if to.is_float() && !self.j.is_const(*a) && self.dy(&data).is_some() =>
                    {
                        return Err(self
                            .j
                            .err(loc, "bitcast of integer data to a float (reverse mode)"));
                    }
                    _ => {}
                }
            }
            OpKind::Load { addr } => {
                let r = data.results[0];
                let Some(dv) = self.adj[r.index()] else {
                    return Ok(());
                };
                let Addr::Root { root, .. } = addr else {
                    return Err(self.j.err(loc, "load through an unknown pointer"));
                };
                let Addr::Root { offset, .. } = self.j.addr(addr)? else {
                    return Err(Diagnostic::new("internal", "vjp: address kind changed"));
                };
                let Some(tw) = self.j.twin(*root) else {
                    return Ok(());
                };
                let ty = self.ty(r);
                let a = Addr::Root { root: tw, offset };
                if matches!(root, MemRoot::Local(_)) {
                    let cur = self.j.val(ops, OpKind::Load { addr: a }, ty, loc);
                    let s = self.j.bin(ops, crate::ir::BinaryOp::FAdd, cur, dv);
                    self.j
                        .emit(ops, OpKind::Store { addr: a, value: s }, &[], loc);
                } else {
                    self.j.emit(
                        ops,
                        OpKind::Atomic {
                            op: AtomicOp::FAdd,
                            addr: a,
                            value: dv,
                        },
                        &[ty],
                        loc,
                    );
                }
            }
            OpKind::Store { addr, value } => {
                let ty = self.ty(*value);
                if ty.is_ptr() {
                    return Ok(());
                }
                let (Addr::Root { root, .. }, Addr::Root { offset, .. }) =
                    (addr, self.j.addr(addr)?)
                else {
                    if ty.bits() >= 16 {
                        return Err(self.j.err(
                            loc,
                            "store through a pointer whose buffer is not known statically",
                        ));
                    }
                    return Ok(());
                };
                let Some(tw) = self.j.twin(*root) else {
                    if ty.is_float() {
                        return Err(self.j.err(loc, "store of a float into a module global"));
                    }
                    return Ok(());
                };
                let a = Addr::Root { root: tw, offset };
                if ty.is_float() && self.is_active(*value) {
                    let g = self.j.val(ops, OpKind::Load { addr: a }, ty, loc);
                    let z = self.zero(ops, ty);
                    self.j
                        .emit(ops, OpKind::Store { addr: a, value: z }, &[], loc);
                    self.add_adj(ops, *value, g);
                } else {
                    let z = self.zero(ops, ty);
                    self.j
                        .emit(ops, OpKind::Store { addr: a, value: z }, &[], loc);
                }
            }
            OpKind::Atomic { op, addr, value } => {
                let ty = self.ty(*value);
                if !ty.is_float() {
                    return Ok(());
                }
                if *op != AtomicOp::FAdd || data.results.iter().any(|r| self.j.used.contains(r)) {
                    return Err(self.j.err(
                        loc,
                        format!(
                            "float atomic {} (reverse mode: only add with an unused result)",
                            op.name()
                        ),
                    ));
                }
                let (Addr::Root { root, .. }, Addr::Root { offset, .. }) =
                    (addr, self.j.addr(addr)?)
                else {
                    return Err(self.j.err(loc, "atomic through an unknown pointer"));
                };
                if let (Some(tw), true) = (self.j.twin(*root), self.is_active(*value)) {
                    let g = self.j.val(
                        ops,
                        OpKind::Load {
                            addr: Addr::Root { root: tw, offset },
                        },
                        ty,
                        loc,
                    );
                    self.add_adj(ops, *value, g);
                }
            }
            OpKind::Shuffle {
                mode,
                mask,
                value,
                lane,
                clamp,
            } if self.ty(*value).is_float() => {
                if let Some(dy) = self.dy(&data) {
                    let (m, b, c) = (self.j.v(*mask)?, self.j.v(*lane)?, self.j.v(*clamp)?);
                    let const_lane = self.j.is_const(*lane);
                    let d = self.shuffle_adjoint(ops, *mode, m, b, c, const_lane, dy, loc);
                    self.add_adj(ops, *value, d);
                }
            }
            OpKind::Memcpy { dst, src, len } => self.rev_memcpy(dst, src, *len, ops, loc)?,
            OpKind::AtomicCas { new, .. } if self.ty(*new).is_float() => {
                return Err(self.j.err(loc, "compare-and-swap of a float"));
            }
            OpKind::Memset { dst, len, .. } => {
                let (nd, nl) = (self.j.addr(dst)?, self.j.v(*len)?);
                match (dst, nd) {
                    (Addr::Root { root, .. }, Addr::Root { offset, .. }) => {
                        if let Some(tw) = self.j.twin(*root) {
                            let z = self.zero(ops, Type::I8);
                            self.j.emit(
                                ops,
                                OpKind::Memset {
                                    dst: Addr::Root { root: tw, offset },
                                    byte: z,
                                    len: nl,
                                },
                                &[],
                                loc,
                            );
                        }
                    }
                    _ => return Err(self.j.err(loc, "memset through an unknown pointer")),
                }
            }
            OpKind::If {
                cond,
                then_region,
                else_region,
            } => self.rev_if(old, *cond, then_region, else_region, ops)?,
            OpKind::For { .. } if !inactive_loop(self.j.src, old) => self.rev_for(old, ops)?,
            OpKind::While { .. } if !inactive_loop(self.j.src, old) => self.rev_while(old, ops)?,
            _ => {}
        }
        Ok(())
    }

    /// The cotangent of a shuffle's `value` operand given `dy`, the cotangent of its
    /// result. Lane `i` read lane `src(i)` (the PTX source-lane rule of
    /// `semantics::shuffle_source_lane`, recomputed here in IR: the computed lane when
    /// inside the clamp, else `i` itself), so lane `j` gets the sum of `dy_i` over the
    /// lanes `i` with `src(i) = j`: its own `dy_j` when `src(j) = j`, plus, for a
    /// constant lane operand `b` of up/down/bfly, `dy` of its only possible reader
    /// (`j - b` for down, `j + b` for up, `j ^ b` for bfly, fetched by the mirrored
    /// shuffle together with that lane's `src`), or in general (idx, or a per-lane
    /// operand) the sum over all 32 lanes `k != j` fetched with `idx` shuffles.
    #[allow(clippy::too_many_arguments)]
    fn shuffle_adjoint(
        &mut self,
        ops: &mut Vec<OpId>,
        mode: ShuffleMode,
        mask: Value,
        lane: Value,
        clamp: Value,
        const_lane: bool,
        dy: Value,
        loc: Option<crate::ir::SrcLoc>,
    ) -> Value {
        use crate::ir::{BinaryOp as B, IntPredicate as P};
        let i32t = Type::I32;
        let fty = self.j.out.value_type(dy);
        let k = |s: &mut Self, ops: &mut Vec<OpId>, x: u64| {
            s.j.val(ops, OpKind::Const { bits: x }, i32t, None)
        };
        let me = self.j.val(ops, OpKind::LaneId, i32t, None);
        let c31 = k(self, ops, 31);
        let c8 = k(self, ops, 8);
        let b = self.j.bin(ops, B::And, lane, c31);
        let sh = self.j.bin(ops, B::LShr, clamp, c8);
        let seg = self.j.bin(ops, B::And, sh, c31);
        let cval = self.j.bin(ops, B::And, clamp, c31);
        let nseg = self.j.bin(ops, B::Xor, seg, c31);
        let lo = self.j.bin(ops, B::And, me, seg);
        let hi_part = self.j.bin(ops, B::And, cval, nseg);
        let max_lane = self.j.bin(ops, B::Or, lo, hi_part);
        let (j, pred) = match mode {
            ShuffleMode::Up => (self.j.bin(ops, B::Sub, me, b), P::Sge),
            ShuffleMode::Down => (self.j.bin(ops, B::Add, me, b), P::Sle),
            ShuffleMode::Bfly => (self.j.bin(ops, B::Xor, me, b), P::Sle),
            ShuffleMode::Idx => {
                let bb = self.j.bin(ops, B::And, b, nseg);
                (self.j.bin(ops, B::Or, lo, bb), P::Sle)
            }
        };
        let valid = self
            .j
            .val(ops, OpKind::ICmp(pred, j, max_lane), Type::I1, None);
        let src = self.j.val(
            ops,
            OpKind::Select {
                cond: valid,
                if_true: j,
                if_false: me,
            },
            i32t,
            None,
        );
        let zero = self.zero(ops, fty);
        let own = self
            .j
            .val(ops, OpKind::ICmp(P::Eq, src, me), Type::I1, None);
        let mut acc = self.j.val(
            ops,
            OpKind::Select {
                cond: own,
                if_true: dy,
                if_false: zero,
            },
            fty,
            None,
        );
        let shfl =
            |s: &mut Self, ops: &mut Vec<OpId>, m: ShuffleMode, v: Value, l: Value, c: Value| {
                let t = s.j.out.value_type(v);
                s.j.val(
                    ops,
                    OpKind::Shuffle {
                        mode: m,
                        mask,
                        value: v,
                        lane: l,
                        clamp: c,
                    },
                    t,
                    loc,
                )
            };
        let mut gather = |s: &mut Self, ops: &mut Vec<OpId>, ok: Value, dq: Value, sq: Value| {
            let hit = s.j.val(ops, OpKind::ICmp(P::Eq, sq, me), Type::I1, None);
            let t = s.j.val(
                ops,
                OpKind::Select {
                    cond: hit,
                    if_true: dq,
                    if_false: zero,
                },
                fty,
                None,
            );
            let t = s.j.val(
                ops,
                OpKind::Select {
                    cond: ok,
                    if_true: t,
                    if_false: zero,
                },
                fty,
                None,
            );
            acc = s.j.bin(ops, B::FAdd, acc, t);
        };
        if const_lane && mode != ShuffleMode::Idx {
            let (rmode, rc) = match mode {
                ShuffleMode::Down => (ShuffleMode::Up, 0),
                ShuffleMode::Up => (ShuffleMode::Down, 31),
                _ => (ShuffleMode::Bfly, 31),
            };
            let rcv = k(self, ops, rc);
            let dq = shfl(self, ops, rmode, dy, b, rcv);
            let sq = shfl(self, ops, rmode, src, b, rcv);
            let zi = k(self, ops, 0);
            let ok = match mode {
                ShuffleMode::Down => self.j.val(ops, OpKind::ICmp(P::Sge, me, b), Type::I1, None),
                ShuffleMode::Up => {
                    let r = self.j.bin(ops, B::Add, me, b);
                    self.j
                        .val(ops, OpKind::ICmp(P::Sle, r, c31), Type::I1, None)
                }
                _ => self.j.val(ops, OpKind::ICmp(P::Ne, b, zi), Type::I1, None),
            };
            gather(self, ops, ok, dq, sq);
        } else {
            for lane_k in 0..32u64 {
                let kv = k(self, ops, lane_k);
                let dq = shfl(self, ops, ShuffleMode::Idx, dy, kv, c31);
                let sq = shfl(self, ops, ShuffleMode::Idx, src, kv, c31);
                let ok = self.j.val(ops, OpKind::ICmp(P::Ne, kv, me), Type::I1, None);
                gather(self, ops, ok, dq, sq);
            }
        }
        acc
    }

    /// The single float element type of the kernel's memory accesses (`None`: no float
    /// data).
    fn float_element(&self, loc: Option<crate::ir::SrcLoc>) -> R<Option<Type>> {
        let mut tys = HashSet::new();
        for op in &self.j.src.ops {
            match &op.kind {
                OpKind::Load { .. } => {
                    if let Some(&r) = op.results.first() {
                        tys.insert(self.ty(r));
                    }
                }
                OpKind::Store { value, .. } | OpKind::Atomic { value, .. } => {
                    tys.insert(self.ty(*value));
                }
                _ => {}
            }
        }
        let floats: Vec<Type> = tys.into_iter().filter(|t| t.is_float()).collect();
        match floats.as_slice() {
            [] => Ok(None),
            [t] => Ok(Some(*t)),
            _ => Err(self.j.err(
                loc,
                "memcpy in a kernel with float data of several types (reverse mode: the element type of the copied bytes is ambiguous)",
            )),
        }
    }

    /// Adjoint of `memcpy(dst, src, len)` (constant `len`): element by element, the
    /// cotangent of the destination is added to the source's and the destination's is
    /// zeroed (overlapping ranges are undefined in the primal already).
    fn rev_memcpy(
        &mut self,
        dst: &Addr,
        src: &Addr,
        len: Value,
        ops: &mut Vec<OpId>,
        loc: Option<crate::ir::SrcLoc>,
    ) -> R<()> {
        let (nd, ns) = (self.j.addr(dst)?, self.j.addr(src)?);
        let (
            Addr::Root { root: rd, .. },
            Addr::Root { root: rs, .. },
            Addr::Root { offset: od, .. },
            Addr::Root { offset: os, .. },
        ) = (dst, src, nd, ns)
        else {
            return Err(self
                .j
                .err(loc, "memcpy through an unknown pointer (reverse mode)"));
        };
        let Some(td) = self.j.twin(*rd) else {
            return Err(self
                .j
                .err(loc, "memcpy into a module global (reverse mode)"));
        };
        let crate::ir::ValueDef::Result(lop, _) = self.j.src.value_def(len) else {
            return Err(self
                .j
                .err(loc, "memcpy of a non-constant length (reverse mode)"));
        };
        let OpKind::Const { bits: nbytes } = self.j.src.op(lop).kind else {
            return Err(self
                .j
                .err(loc, "memcpy of a non-constant length (reverse mode)"));
        };
        let ety = self.float_element(loc)?;
        let ts = self.j.twin(*rs);
        let Some(ety) = ety else {
            let z = self.zero(ops, Type::I8);
            let nl = self.j.v(len)?;
            self.j.emit(
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
            return Ok(());
        };
        let es = u64::from(ety.bits() / 8);
        if nbytes % es != 0 || nbytes / es > 4096 {
            return Err(self.j.err(
                loc,
                format!("memcpy of {nbytes} bytes (reverse mode: a multiple of the float size, at most 4096 elements)"),
            ));
        }
        let zero = self.zero(ops, ety);
        for e in 0..nbytes / es {
            let c = self
                .j
                .val(ops, OpKind::Const { bits: e * es }, Type::I64, None);
            let o1 = self.j.bin(ops, crate::ir::BinaryOp::Add, od, c);
            let ad = Addr::Root {
                root: td,
                offset: o1,
            };
            let g = self.j.val(ops, OpKind::Load { addr: ad }, ety, loc);
            self.j.emit(
                ops,
                OpKind::Store {
                    addr: ad,
                    value: zero,
                },
                &[],
                loc,
            );
            let Some(ts) = ts else { continue };
            let o2 = self.j.bin(ops, crate::ir::BinaryOp::Add, os, c);
            let a = Addr::Root {
                root: ts,
                offset: o2,
            };
            if matches!(rs, MemRoot::Local(_)) {
                let cur = self.j.val(ops, OpKind::Load { addr: a }, ety, loc);
                let sum = self.j.bin(ops, crate::ir::BinaryOp::FAdd, cur, g);
                self.j.emit(
                    ops,
                    OpKind::Store {
                        addr: a,
                        value: sum,
                    },
                    &[],
                    loc,
                );
            } else {
                self.j.emit(
                    ops,
                    OpKind::Atomic {
                        op: AtomicOp::FAdd,
                        addr: a,
                        value: g,
                    },
                    &[ety],
                    loc,
                );
            }
        }
        Ok(())
    }

    /// Why the active `For` `op` cannot be reversed by replay, if it cannot: it must not
    /// synchronise, and every load in it must read memory that no op of the kernel
    /// writes (so replaying it later gives the same values), with no used atomic result.
    fn unreversible_loop(&self, op: OpId) -> Option<String> {
        let k = self.j.src;
        let mut bad = None;
        let mut order = Vec::new();
        walk(k, op, &mut |o| order.push(o));
        for &o in &order {
            match &k.op(o).kind {
                OpKind::Shuffle { .. } | OpKind::Vote { .. } => {
                    bad = Some("loop with a warp operation (reverse mode)".to_string())
                }
                OpKind::Load {
                    addr: Addr::Dynamic(_),
                } => bad = Some("loop reading through an unknown pointer".to_string()),
                OpKind::Atomic { .. } | OpKind::AtomicCas { .. }
                    if k.op(o).results.iter().any(|r| self.j.used.contains(r)) =>
                {
                    bad = Some("loop using the old value of an atomic".to_string())
                }
                OpKind::Memcpy { .. } | OpKind::LocalAlloc(_) | OpKind::SharedAlloc(_) => {
                    bad = Some("memcpy or allocation in a differentiated loop".to_string())
                }
                _ => {}
            }
            if bad.is_some() {
                return bad;
            }
        }
        // Values that a replay (writes left out) may recompute differently: loads of memory
        // the kernel writes, and everything computed from them. The reverse sweep may use
        // them only where it does not read primal values.
        let mut tainted: HashSet<Value> = HashSet::new();
        for _ in 0..order.len().max(1) {
            let before = tainted.len();
            for &o in &order {
                let data = k.op(o);
                let taint_results = match &data.kind {
                    OpKind::Load {
                        addr: Addr::Root { root, .. },
                    } => self.written.contains(root),
                    OpKind::For { .. } | OpKind::While { .. } | OpKind::If { .. } => {
                        let mut t = false;
                        data.kind.for_each_operand(|v| t |= tainted.contains(&v));
                        for r in data.kind.regions() {
                            if let Some(&term) = r.ops.last() {
                                k.op(term)
                                    .kind
                                    .for_each_operand(|v| t |= tainted.contains(&v));
                            }
                        }
                        if t {
                            for r in data.kind.regions() {
                                tainted.extend(r.args.iter().copied());
                            }
                        }
                        t
                    }
                    _ => {
                        let mut t = false;
                        data.kind.for_each_operand(|v| t |= tainted.contains(&v));
                        t
                    }
                };
                if taint_results {
                    tainted.extend(data.results.iter().copied());
                }
            }
            if tainted.len() == before {
                break;
            }
        }
        let const_like = |v: Value| match k.value_def(v) {
            crate::ir::ValueDef::Param(_) => true,
            crate::ir::ValueDef::Result(d, _) => matches!(k.op(d).kind, OpKind::Const { .. }),
            _ => false,
        };
        let t = |v: &Value| tainted.contains(v);
        for &o in &order {
            let kind = &k.op(o).kind;
            let mut any = false;
            kind.for_each_operand(|v| any |= tainted.contains(&v));
            if !any {
                continue;
            }
            let ok = match kind {
                OpKind::Binary(crate::ir::BinaryOp::FAdd | crate::ir::BinaryOp::FSub, ..)
                | OpKind::Unary(crate::ir::UnaryOp::FNeg, _)
                | OpKind::Cast(CastOp::FpExt | CastOp::FpTrunc, _)
                | OpKind::Yield(_) => true,
                OpKind::Binary(crate::ir::BinaryOp::FMul, a, b) => {
                    (!t(a) || const_like(*b)) && (!t(b) || const_like(*a))
                }
                OpKind::Binary(crate::ir::BinaryOp::FDiv, _, b) => !t(b) && const_like(*b),
                OpKind::Fma(a, b, _) => (!t(a) || const_like(*b)) && (!t(b) || const_like(*a)),
                OpKind::Store { addr, .. } | OpKind::Atomic { addr, .. } => !t(&addr.operands()[0]),
                OpKind::Select { cond, .. } => !t(cond),
                OpKind::Condition { cond, .. } => !t(cond),
                OpKind::For {
                    lower, upper, step, ..
                } => !t(lower) && !t(upper) && !t(step),
                OpKind::While { .. } => true,
                _ => false,
            };
            if !ok {
                return Some(format!(
                    "loop whose reverse needs values loaded from memory the kernel overwrites ({} of such a value; reverse mode replays loops, a tape is not implemented yet)",
                    op_name(kind)
                ));
            }
        }
        None
    }

    /// Reverse a `For` by replay: for each iteration, last first, recompute the carried
    /// values at its start by re-running the loop (writes left out) up to it, recompute
    /// its body, and run the body's reverse sweep. Cost: quadratic in the trip count,
    /// no memory (a tape in a per-thread allocation is the later optimisation).
    ///
    /// No replay when the reverse sweep of the body reads the value of no carried
    /// argument ([`reverse_needed_values`]; e.g. `sum += val[k] * x[col[k]]`, whose
    /// carried `sum` only flows through the add): the carried arguments stand in as
    /// zeros, the body is recomputed from the induction variable and memory as before,
    /// and the cost is linear. Legal because every value the sweep reads is computed
    /// from needed values only (the set is closed under "computed from"), and none of
    /// them is a carried argument, so they are the primal values whatever the carried
    /// arguments hold; the values computed from the zeros are floats that only flow
    /// through adds, negations, conversions, selects' data, stores and yields, which
    /// cannot trap, and nothing reads them (the adjoint rules of those ops take `dy`
    /// only). Carried arguments that the sweep reads (and pointer-typed ones) are computed
    /// without replay when they are all induction variables ([`loop_iv_stride`]): at
    /// iteration `i = lo + m * step` an argument of stride `c` holds `init + m * c` (the
    /// forward loop added `c`, wrapping, `m` times); the others are zeros as above.
    fn rev_for(&mut self, old: OpId, ops: &mut Vec<OpId>) -> R<()> {
        use crate::ir::{BinaryOp, IntPredicate};
        let data = self.j.src.op(old).clone();
        let OpKind::For {
            lower,
            upper,
            step,
            inits,
            body,
        } = &data.kind
        else {
            return Err(Diagnostic::new("internal", "vjp: rev_for on a non-For"));
        };
        let saved_map = self.j.map.clone();
        let (lo, hi, st) = (self.j.v(*lower)?, self.j.v(*upper)?, self.j.v(*step)?);
        let ity = self.j.out.value_type(lo);
        // n = hi > lo ? (hi - lo + step - 1) / step : 0
        let one = self.j.val(ops, OpKind::Const { bits: 1 }, ity, None);
        let zero_i = self.zero(ops, ity);
        let span = self.j.bin(ops, BinaryOp::Sub, hi, lo);
        let sm1 = self.j.bin(ops, BinaryOp::Sub, st, one);
        let num = self.j.bin(ops, BinaryOp::Add, span, sm1);
        let q = self.j.bin(ops, BinaryOp::SDiv, num, st);
        let pos = self
            .j
            .val(ops, OpKind::ICmp(IntPredicate::Sgt, hi, lo), Type::I1, None);
        let n = self.j.val(
            ops,
            OpKind::Select {
                cond: pos,
                if_true: q,
                if_false: zero_i,
            },
            ity,
            None,
        );
        // Float values used in the body and defined outside: adjoints carried along.
        let outside = self.outside_active(old);
        let carried: Vec<usize> = (0..inits.len())
            .filter(|&k| self.ty(inits[k]).is_float())
            .collect();
        let mut rinits = Vec::new();
        for &k in &carried {
            let r = data.results[k];
            rinits.push(self.adj_or_zero(ops, r));
        }
        for &v in &outside {
            rinits.push(self.adj_or_zero(ops, v));
        }
        let types: Vec<Type> = rinits.iter().map(|&r| self.j.out.value_type(r)).collect();
        let (id, rargs) = self.reverse_for_shell(ops, ity, types, data.loc);
        let jv = rargs[0];
        let saved_adj = self.adj.clone();
        let mut b = Vec::new();
        // i = lo + (n - 1 - j) * step
        let nm1 = self.j.bin(&mut b, BinaryOp::Sub, n, one);
        let rj = self.j.bin(&mut b, BinaryOp::Sub, nm1, jv);
        let off = self.j.bin(&mut b, BinaryOp::Mul, rj, st);
        let i = self.j.bin(&mut b, BinaryOp::Add, lo, off);
        // Carried values at the start of iteration i: replay up to i, unless the reverse
        // sweep of the body reads none of them (then they stand in as zeros).
        // Induction variables among them are computed directly (`init + rj * stride`).
        let needed = reverse_needed_values(self.j.src, old);
        let strides: Option<Vec<Option<i64>>> = body.args[1..]
            .iter()
            .enumerate()
            .map(|(k, &a)| {
                if needed.contains(&a) || self.ty(a).is_ptr() {
                    loop_iv_stride(self.j.src, old, k).map(Some)
                } else {
                    Some(None)
                }
            })
            .collect();
        let state: Vec<Value> = match strides {
            Some(strides) => self.iv_state(inits, &body.args[1..], &strides, rj, &mut b)?,
            None => {
                self.sliced(old, |s| s.copy_deep_with(old, &mut b, true, Some(i)))?;
                data.results
                    .iter()
                    .map(|r| self.j.map[r.index()])
                    .collect::<Option<Vec<_>>>()
                    .ok_or_else(|| Diagnostic::new("internal", "vjp: replay results"))?
            }
        };
        // Body at iteration i.
        self.j.map[body.args[0].index()] = Some(i);
        for (a, s) in body.args[1..].iter().zip(&state) {
            self.j.map[a.index()] = Some(*s);
        }
        let was_replay = std::mem::replace(&mut self.replay, true);
        let (term, rest) = body
            .ops
            .split_last()
            .ok_or_else(|| Diagnostic::new("internal", "vjp: empty loop body"))?;
        for &op in rest {
            self.fwd_op(op, &mut b)?;
        }
        self.replay = was_replay;
        // Adjoints: results of this iteration, outside values so far.
        for a in &body.args {
            self.adj[a.index()] = None;
        }
        for (idx, &v) in outside.iter().enumerate() {
            self.adj[v.index()] = Some(rargs[1 + carried.len() + idx]);
        }
        if let OpKind::Yield(vals) = &self.j.src.op(*term).kind {
            for (c, &k) in carried.iter().enumerate() {
                let d = rargs[1 + c];
                self.add_adj(&mut b, vals[k], d);
            }
        }
        for &op in rest.iter().rev() {
            self.rev_op(op, &mut b)?;
        }
        let yielded: Vec<Value> = carried
            .iter()
            .map(|&k| body.args[1 + k])
            .chain(outside.iter().copied())
            .collect();
        let results =
            self.finish_reverse_for(id, b, &yielded, data.loc, (zero_i, n, one), rinits, rargs);
        self.adj = saved_adj;
        self.j.map = saved_map;
        for (c, &k) in carried.iter().enumerate() {
            self.add_adj(ops, inits[k], results[c]);
        }
        for (idx, &v) in outside.iter().enumerate() {
            self.adj[v.index()] = Some(results[carried.len() + idx]);
        }
        Ok(())
    }

    /// Forward (replay) copy of a region's ops except the terminator; gives the
    /// terminator's operands, mapped.
    fn replay_block(&mut self, region: &Region, ops: &mut Vec<OpId>) -> R<Vec<Value>> {
        let (term, rest) = region
            .ops
            .split_last()
            .ok_or_else(|| Diagnostic::new("internal", "vjp: empty region"))?;
        let was = std::mem::replace(&mut self.replay, true);
        for &op in rest {
            self.fwd_op(op, ops)?;
        }
        self.replay = was;
        match &self.j.src.op(*term).kind {
            OpKind::Yield(v) => v.iter().map(|&x| self.j.v(x)).collect(),
            OpKind::Condition { cond, args } => {
                let mut out = vec![self.j.v(*cond)?];
                for &a in args {
                    out.push(self.j.v(a)?);
                }
                Ok(out)
            }
            _ => Err(Diagnostic::new(
                "internal",
                "vjp: region without terminator",
            )),
        }
    }

    fn map_args(&mut self, old: &[Value], new: &[Value]) {
        for (o, n) in old.iter().zip(new) {
            self.j.map[o.index()] = Some(*n);
        }
    }

    /// The carried values of a `While` (`old`) after `m` full iterations (the condition
    /// was true for them), by replaying before+after `m` times in a `For`.
    fn while_state(&mut self, old: OpId, m: Value, ops: &mut Vec<OpId>) -> R<Vec<Value>> {
        let OpKind::While {
            inits,
            before,
            after,
        } = self.j.src.op(old).kind.clone()
        else {
            return Err(Diagnostic::new("internal", "vjp: not a While"));
        };
        let ity = self.j.out.value_type(m);
        let zero = self.zero(ops, ity);
        let one = self.j.val(ops, OpKind::Const { bits: 1 }, ity, None);
        let init_vals = inits.iter().map(|&v| self.j.v(v)).collect::<R<Vec<_>>>()?;
        let id = self.j.emit(ops, OpKind::Yield(Vec::new()), &[], None);
        let iv = self.j.out.new_region_arg(id, 0, 0, ity);
        let mut args = vec![iv];
        for &a in &before.args {
            let t = self.ty(a);
            args.push(self.j.out.new_region_arg(id, 0, args.len() as u32, t));
        }
        let mut b = Vec::new();
        self.map_args(&before.args, &args[1..]);
        let next = self.sliced(old, |s| {
            let c = s.replay_block(&before, &mut b)?;
            s.map_args(&after.args, &c[1..]);
            s.replay_block(&after, &mut b)
        })?;
        self.j.emit(&mut b, OpKind::Yield(next), &[], None);
        let mut results = Vec::new();
        for &a in &before.args {
            let t = self.ty(a);
            results.push(self.j.out.add_result(id, t));
        }
        self.j.out.op_mut(id).kind = OpKind::For {
            lower: zero,
            upper: m,
            step: one,
            inits: init_vals,
            body: Region { args, ops: b },
        };
        Ok(results)
    }

    /// The carried values of the `While` `old` after `m` full iterations: replayed
    /// ([`Self::while_state`]) unless `strides` is given, one per carried argument: then
    /// `init + m * c` for an induction variable of stride `c` ([`loop_iv_stride`]) and a
    /// zero for an argument whose value the reverse sweep does not read (`None`).
    fn while_state_at(
        &mut self,
        old: OpId,
        strides: Option<&[Option<i64>]>,
        m: Value,
        ops: &mut Vec<OpId>,
    ) -> R<Vec<Value>> {
        let Some(strides) = strides else {
            return self.while_state(old, m, ops);
        };
        let OpKind::While { inits, before, .. } = self.j.src.op(old).kind.clone() else {
            return Err(Diagnostic::new("internal", "vjp: not a While"));
        };
        self.iv_state(&inits, &before.args, strides, m, ops)
    }

    /// The carried arguments `args` (initial values `inits`) at the start of iteration
    /// `m` (a non-negative count): `init + m * c` for an induction variable of stride `c`
    /// ([`loop_iv_stride`]), a zero of its type where `strides` has `None` (an argument
    /// whose value the reverse sweep does not read).
    fn iv_state(
        &mut self,
        inits: &[Value],
        args: &[Value],
        strides: &[Option<i64>],
        m: Value,
        ops: &mut Vec<OpId>,
    ) -> R<Vec<Value>> {
        use crate::ir::BinaryOp;
        let mt = self.j.out.value_type(m);
        let mut out = Vec::new();
        for (k, &a) in args.iter().enumerate() {
            let ty = self.ty(a);
            let v = match strides.get(k).copied().flatten() {
                None => self.zero(ops, ty),
                Some(0) => self.j.v(inits[k])?,
                Some(c) => {
                    let init = self.j.v(inits[k])?;
                    let oty = if ty.is_ptr() { Type::I64 } else { ty };
                    // `m` is a non-negative iteration count.
                    let mm = if oty.bits() > mt.bits() {
                        self.j.val(ops, OpKind::Cast(CastOp::ZExt, m), oty, None)
                    } else if oty.bits() < mt.bits() {
                        self.j.val(ops, OpKind::Cast(CastOp::Trunc, m), oty, None)
                    } else {
                        m
                    };
                    let bits = (c as u64) & oty.mask();
                    let cv = self.j.val(ops, OpKind::Const { bits }, oty, None);
                    let d = self.j.bin(ops, BinaryOp::Mul, mm, cv);
                    if ty.is_ptr() {
                        self.j.val(
                            ops,
                            OpKind::PtrAdd {
                                ptr: init,
                                offset: d,
                            },
                            ty,
                            None,
                        )
                    } else {
                        self.j.bin(ops, BinaryOp::Add, init, d)
                    }
                }
            };
            out.push(v);
        }
        Ok(out)
    }

    /// Reverse a `While` by replay: count its iterations, reverse the exiting `before`,
    /// then for each full iteration, last first, recompute its state (replay from the
    /// start), recompute it and run its reverse sweep.
    fn rev_while(&mut self, old: OpId, ops: &mut Vec<OpId>) -> R<()> {
        use crate::ir::BinaryOp;
        let data = self.j.src.op(old).clone();
        let OpKind::While {
            inits,
            before,
            after,
        } = &data.kind
        else {
            return Err(Diagnostic::new("internal", "vjp: rev_while on a non-While"));
        };
        let (Some(&cterm), Some(&aterm)) = (before.ops.last(), after.ops.last()) else {
            return Err(Diagnostic::new("internal", "vjp: empty While region"));
        };
        let OpKind::Condition { args: cargs, .. } = self.j.src.op(cterm).kind.clone() else {
            return Err(Diagnostic::new(
                "internal",
                "vjp: While before without condition",
            ));
        };
        let OpKind::Yield(ayield) = self.j.src.op(aterm).kind.clone() else {
            return Err(Diagnostic::new(
                "internal",
                "vjp: While after without yield",
            ));
        };
        let saved_map = self.j.map.clone();
        let outside = self.outside_active(old);
        let ity = Type::I32;
        // 1. The number of full iterations.
        let zero = self.zero(ops, ity);
        let one = self.j.val(ops, OpKind::Const { bits: 1 }, ity, None);
        let mut winits = inits.iter().map(|&v| self.j.v(v)).collect::<R<Vec<_>>>()?;
        winits.push(zero);
        let id = self.j.emit(ops, OpKind::Yield(Vec::new()), &[], data.loc);
        let mut bargs = Vec::new();
        for &a in &before.args {
            let t = self.ty(a);
            bargs.push(self.j.out.new_region_arg(id, 0, bargs.len() as u32, t));
        }
        let bcnt = self.j.out.new_region_arg(id, 0, bargs.len() as u32, ity);
        let mut bops = Vec::new();
        self.map_args(&before.args, &bargs);
        let c = self.sliced(old, |s| s.replay_block(before, &mut bops))?;
        let mut cargs_new = c[1..].to_vec();
        cargs_new.push(bcnt);
        self.j.emit(
            &mut bops,
            OpKind::Condition {
                cond: c[0],
                args: cargs_new,
            },
            &[],
            data.loc,
        );
        let mut aargs = Vec::new();
        for &a in &after.args {
            let t = self.ty(a);
            aargs.push(self.j.out.new_region_arg(id, 1, aargs.len() as u32, t));
        }
        let acnt = self.j.out.new_region_arg(id, 1, aargs.len() as u32, ity);
        let mut aops = Vec::new();
        self.map_args(&after.args, &aargs);
        let mut next = self.sliced(old, |s| s.replay_block(after, &mut aops))?;
        let inc = self.j.bin(&mut aops, BinaryOp::Add, acnt, one);
        next.push(inc);
        self.j.emit(&mut aops, OpKind::Yield(next), &[], data.loc);
        for &a in &after.args {
            let t = self.ty(a);
            self.j.out.add_result(id, t);
        }
        let count = self.j.out.add_result(id, ity);
        let mut all_bargs = bargs;
        all_bargs.push(bcnt);
        let mut all_aargs = aargs;
        all_aargs.push(acnt);
        self.j.out.op_mut(id).kind = OpKind::While {
            inits: winits,
            before: Region {
                args: all_bargs,
                ops: bops,
            },
            after: Region {
                args: all_aargs,
                ops: aops,
            },
        };
        // Values defined inside the loop: their adjoints are per iteration.
        let mut defined = HashSet::new();
        collect(self.j.src, old, &mut defined, &mut Vec::new());
        let reset = |s: &mut Self| {
            for v in &defined {
                s.adj[v.index()] = None;
            }
        };
        let carried: Vec<usize> = (0..before.args.len())
            .filter(|&k| self.ty(before.args[k]).is_float())
            .collect();
        // 2. The exiting `before`: results' adjoints to the condition's arguments.
        let saved_adj_results: Vec<Option<Value>> =
            data.results.iter().map(|r| self.adj[r.index()]).collect();
        reset(self);
        // Carried values the reverse sweep reads that are induction variables are
        // computed directly at each iteration (no replay); the others it does not read
        // stand in as zeros (as in `rev_for`). Otherwise replay.
        let needed = reverse_needed_values(self.j.src, old);
        let strides: Option<Vec<Option<i64>>> = before
            .args
            .iter()
            .enumerate()
            .map(|(k, &a)| {
                if needed.contains(&a) || self.ty(a).is_ptr() {
                    loop_iv_stride(self.j.src, old, k).map(Some)
                } else {
                    Some(None)
                }
            })
            .collect();
        let s = self.while_state_at(old, strides.as_deref(), count, ops)?;
        self.map_args(&before.args, &s);
        let _ = self.replay_block(before, ops)?;
        for (k, d) in saved_adj_results.iter().enumerate() {
            if let (Some(d), Some(&u)) = (d, cargs.get(k)) {
                self.add_adj(ops, u, *d);
            }
        }
        let brest = &before.ops[..before.ops.len() - 1];
        let arest = &after.ops[..after.ops.len() - 1];
        for &op in brest.iter().rev() {
            self.rev_op(op, ops)?;
        }
        let mut ds = Vec::new();
        for &k in &carried {
            let a = before.args[k];
            ds.push(self.adj_or_zero(ops, a));
        }
        // 3. Full iterations, last first.
        let mut rinits = ds;
        for &v in &outside {
            rinits.push(self.adj_or_zero(ops, v));
        }
        let types: Vec<Type> = rinits.iter().map(|&r| self.j.out.value_type(r)).collect();
        let (rid, rargs) = self.reverse_for_shell(ops, ity, types, data.loc);
        let jv = rargs[0];
        let saved_adj = self.adj.clone();
        let mut b = Vec::new();
        let cm1 = self.j.bin(&mut b, BinaryOp::Sub, count, one);
        let m = self.j.bin(&mut b, BinaryOp::Sub, cm1, jv);
        let s = self.while_state_at(old, strides.as_deref(), m, &mut b)?;
        self.map_args(&before.args, &s);
        let c = self.replay_block(before, &mut b)?;
        self.map_args(&after.args, &c[1..]);
        let _ = self.replay_block(after, &mut b)?;
        reset(self);
        for (idx, &v) in outside.iter().enumerate() {
            self.adj[v.index()] = Some(rargs[1 + carried.len() + idx]);
        }
        for (c_i, &k) in carried.iter().enumerate() {
            self.add_adj(&mut b, ayield[k], rargs[1 + c_i]);
        }
        for &op in arest.iter().rev() {
            self.rev_op(op, &mut b)?;
        }
        for (k, &a) in after.args.iter().enumerate() {
            if let (Some(d), Some(&u)) = (self.adj[a.index()], cargs.get(k)) {
                self.add_adj(&mut b, u, d);
            }
        }
        for &op in brest.iter().rev() {
            self.rev_op(op, &mut b)?;
        }
        let yielded: Vec<Value> = carried
            .iter()
            .map(|&k| before.args[k])
            .chain(outside.iter().copied())
            .collect();
        let results = self.finish_reverse_for(
            rid,
            b,
            &yielded,
            data.loc,
            (zero, count, one),
            rinits,
            rargs,
        );
        self.adj = saved_adj;
        self.j.map = saved_map;
        reset(self);
        for (c_i, &k) in carried.iter().enumerate() {
            self.add_adj(ops, inits[k], results[c_i]);
        }
        for (idx, &v) in outside.iter().enumerate() {
            self.adj[v.index()] = Some(results[carried.len() + idx]);
        }
        Ok(())
    }

    fn rev_if(
        &mut self,
        old: OpId,
        cond: Value,
        then_region: &Region,
        else_region: &Region,
        ops: &mut Vec<OpId>,
    ) -> R<()> {
        let data = self.j.src.op(old).clone();
        // Float values used inside and defined outside: their adjoints flow out.
        let outside = self.outside_active(old);
        let c = self.j.v(cond)?;
        let id = self.j.emit(ops, OpKind::Yield(Vec::new()), &[], data.loc);
        let mut regions = Vec::new();
        for region in [then_region, else_region] {
            let saved = self.adj.clone();
            let mut rops = Vec::new();
            if let Some((&term, rest)) = region.ops.split_last() {
                // Cheap pure values of the region are recomputed here (index arithmetic
                // stays visible to the backends); the others (memory reads, and math
                // functions and divisions, which cost more than carrying their value)
                // were lifted out of the forward If.
                for &op in rest {
                    let k = self.j.src.op(op).kind.clone();
                    if recomputed(&k) {
                        self.j.copy(op, k, &mut rops)?;
                    }
                }
                if let OpKind::Yield(vals) = &self.j.src.op(term).kind {
                    for (&u, &r) in vals.iter().zip(&data.results) {
                        if let Some(d) = self.adj[r.index()] {
                            self.add_adj(&mut rops, u, d);
                        }
                    }
                }
                for &op in rest.iter().rev() {
                    self.rev_op(op, &mut rops)?;
                }
            }
            let mut y = Vec::new();
            for &v in &outside {
                y.push(self.adj_or_zero(&mut rops, v));
            }
            self.j.emit(&mut rops, OpKind::Yield(y), &[], data.loc);
            self.adj = saved;
            regions.push(Region {
                args: Vec::new(),
                ops: rops,
            });
        }
        for &v in &outside {
            let n = self.j.out.add_result(id, self.ty(v));
            self.adj[v.index()] = Some(n);
        }
        let else_region = regions.pop().unwrap_or_default();
        let then_region = regions.pop().unwrap_or_default();
        self.j.out.op_mut(id).kind = OpKind::If {
            cond: c,
            then_region,
            else_region,
        };
        Ok(())
    }
}

/// The values defined in `region` (and the regions nested in it) whose *values* the
/// reverse sweep of the region reads, closed under "a needed value needs the values
/// it is computed from". A loop whose carried arguments are all outside this set is
/// reversed without replay (see [`Rev::rev_for`]).
///
/// What each op's reverse reads: nothing for `fadd`, `fsub`, `fneg`, `fpext`,
/// `fptrunc` and yields (their adjoints pass `dy` on, possibly negated or converted);
/// the multiplicands of an `fma` (not its addend); the condition of a `select` or an
/// `If`; the address (not the stored value) of a store or a float atomic add; the
/// address of a load; the bounds and step of a nested `For`, whose carried arguments
/// link to its inits and yields (an argument's value is an init or a yield, a result
/// also). Anything else (other float functions, integer and pointer arithmetic,
/// comparisons, casts, memory ops, warp ops, a nested `While` and everything in it)
/// reads all its operands. Because integer and pointer ops always count as reading
/// their operands, a value left out is only ever a float flowing through adds,
/// subtractions, negations, conversions, selects' data, stores and yields: recomputing
/// it from a wrong input cannot trap or change an address, a condition or a bound.
fn reverse_needed_values(k: &Kernel, lp: OpId) -> HashSet<Value> {
    use crate::ir::{BinaryOp as B, UnaryOp as U};
    let all = ops_in(k, lp);
    let mut needed: HashSet<Value> = HashSet::new();
    // Seeds: what each op's reverse reads.
    for &o in &all {
        let kind = &k.op(o).kind;
        let mut reads: Vec<Value> = Vec::new();
        match kind {
            OpKind::Binary(B::FAdd | B::FSub, ..)
            | OpKind::Unary(U::FNeg, _)
            | OpKind::Cast(CastOp::FpExt | CastOp::FpTrunc, _)
            | OpKind::Yield(_) => {}
            OpKind::Condition { cond, .. } if k.op(lp).kind.regions().len() == 2 => {
                // The analysed `While`'s own condition: its arguments link to the
                // `after` arguments (below). A nested `While` reads everything.
                if k.op(lp).kind.regions()[0].ops.last() == Some(&o) {
                    reads.push(*cond)
                } else {
                    kind.for_each_operand(|v| reads.push(v))
                }
            }
            OpKind::Fma(a, b, _) => reads.extend([*a, *b]),
            OpKind::Select { cond, .. } | OpKind::If { cond, .. } => reads.push(*cond),
            OpKind::Load { addr } => reads.extend(addr.operands()),
            OpKind::Store { addr, value } => {
                reads.extend(addr.operands());
                if !k.value_type(*value).is_float() {
                    reads.push(*value);
                }
            }
            OpKind::Atomic {
                op: AtomicOp::FAdd,
                addr,
                value,
            } if k.value_type(*value).is_float() => reads.extend(addr.operands()),
            OpKind::For {
                lower, upper, step, ..
            } => reads.extend([*lower, *upper, *step]),
            OpKind::While { inits, .. } => {
                reads.extend(inits.iter().copied());
                walk(k, o, &mut |n| {
                    let d = k.op(n);
                    d.kind.for_each_operand(|v| reads.push(v));
                    for r in d.kind.regions() {
                        reads.extend(r.args.iter().copied());
                    }
                });
                for r in kind.regions() {
                    reads.extend(r.args.iter().copied());
                }
            }
            other => other.for_each_operand(|v| reads.push(v)),
        }
        needed.extend(reads);
    }
    computed_from(k, lp, needed)
}

/// What a replay of the loop `lp` that only recovers its carried values must compute
/// (see [`Rev::slice`]): the carried arguments whose values the reverse sweep reads
/// ([`reverse_needed_values`]), and a `While`'s exit condition, with everything they
/// are computed from. Loads and pure ops giving nothing of it can be left out of such
/// a replay: the values that matter do not depend on them.
fn state_slice(k: &Kernel, lp: OpId) -> HashSet<Value> {
    let needed = reverse_needed_values(k, lp);
    let kind = &k.op(lp).kind;
    let mut seeds: HashSet<Value> = kind
        .regions()
        .iter()
        .flat_map(|r| r.args.iter().copied())
        .filter(|a| needed.contains(a))
        .collect();
    if let OpKind::While { before, .. } = kind {
        if let Some(OpKind::Condition { cond, .. }) = before.ops.last().map(|&o| &k.op(o).kind) {
            seeds.insert(*cond);
        }
    }
    computed_from(k, lp, seeds)
}

/// The constant stride `c` of the carried argument `idx` of the loop `lp` (a `While`'s
/// `idx`-th argument, a `For`'s `idx`-th carried value after its counter) when it is an
/// *induction variable*: whenever the loop goes on (a `While`'s condition is true), the
/// value passed back to the argument is the argument plus `c` (wrapping, in its type; a
/// byte offset for a pointer). Then the argument at the start of iteration `m` is
/// `init + m * c` (the same wrapping arithmetic `m` times), with no replay.
///
/// The next value (the `after` region's or the `For` body's yield) is traced back within
/// one iteration:
/// an `after` argument to the condition's argument, `x + const`, `const + x`,
/// `x - const` and `ptradd x, const` add their constant, and an `If` result to the value
/// yielded by the branch that the condition being true implies (the condition is the
/// `If`'s own condition, or compares a result that both branches set to constants with a
/// constant so that only one branch makes it true, as raised rotated loops carry their
/// exit flag; `While` only), or by both branches when they agree. Anything else (another op, a nested
/// loop's result, a value from outside the loop, a float) is no induction variable.
/// Legal because the `after` yield is the only way into the argument after the first
/// iteration (SSA), and every step of the trace is an equality that holds on the
/// continuing path: `If`s at the top of `before` run once per iteration, and the branch
/// that the condition implies is the one taken whenever the loop goes on.
fn loop_iv_stride(k: &Kernel, lp: OpId, idx: usize) -> Option<i64> {
    // The argument, its next value, and for a `While` the condition, its arguments (which
    // the `after` arguments receive) and the ops at the top of `before`.
    let (target, next, cond, cargs, top) = match &k.op(lp).kind {
        OpKind::While { before, after, .. } => {
            let OpKind::Condition { cond, args } = &k.op(*before.ops.last()?).kind else {
                return None;
            };
            (
                *before.args.get(idx)?,
                *term_values(k, after).get(idx)?,
                Some(*cond),
                args.clone(),
                before.ops.iter().copied().collect::<HashSet<OpId>>(),
            )
        }
        OpKind::For { body, .. } => (
            *body.args.get(1 + idx)?,
            *term_values(k, body).get(idx)?,
            None,
            Vec::new(),
            HashSet::new(),
        ),
        _ => return None,
    };
    let ty = k.value_type(target);
    if !(ty.is_ptr() || (ty.is_int() && ty.bits() >= 8)) {
        return None;
    }
    let konst = |v: Value| crate::effects::const_value(k, v);
    // Which branch of the `If` `o` (true: then) runs whenever the loop goes on.
    let taken = |o: OpId| -> Option<bool> {
        let OpKind::If {
            cond: ic,
            then_region,
            else_region,
        } = &k.op(o).kind
        else {
            return None;
        };
        let cond = cond.as_ref()?;
        if !top.contains(&o) {
            return None;
        }
        if ic == cond {
            return Some(true);
        }
        // `cond` is `pred(r, K)` (or `pred(K, r)`, or `r` itself) for a result `r` of `o`.
        let (pred, r, kv, swap) = match k.value_def(*cond) {
            crate::ir::ValueDef::Result(d, 0) => match &k.op(d).kind {
                OpKind::ICmp(p, a, b) => match (konst(*a), konst(*b)) {
                    (None, Some(c)) => (Some(*p), *a, c, false),
                    (Some(c), None) => (Some(*p), *b, c, true),
                    _ => return None,
                },
                _ => (None, *cond, 0, false),
            },
            _ => (None, *cond, 0, false),
        };
        let crate::ir::ValueDef::Result(d, ri) = k.value_def(r) else {
            return None;
        };
        if d != o {
            return None;
        }
        let rt = k.value_type(r);
        let holds = |region: &Region| -> Option<bool> {
            let y = konst(*term_values(k, region).get(ri as usize)?)?;
            Some(match pred {
                None => y & 1 != 0,
                Some(p) => {
                    let (a, b) = if swap { (kv, y) } else { (y, kv) };
                    icmp_consts(p, a, b, rt)
                }
            })
        };
        match (holds(then_region)?, holds(else_region)?) {
            (true, false) => Some(true),
            (false, true) => Some(false),
            _ => None,
        }
    };
    // `v - target` on the continuing path, if a constant.
    #[allow(clippy::too_many_arguments)]
    fn off(
        k: &Kernel,
        lp: OpId,
        v: Value,
        target: Value,
        cargs: &[Value],
        inside: &HashSet<OpId>,
        taken: &dyn Fn(OpId) -> Option<bool>,
        depth: u32,
    ) -> Option<i64> {
        if v == target {
            return Some(0);
        }
        if depth == 0 {
            return None;
        }
        let konst = |v: Value| crate::effects::const_value(k, v);
        let go = |u: Value| off(k, lp, u, target, cargs, inside, taken, depth - 1);
        match k.value_def(v) {
            crate::ir::ValueDef::RegionArg {
                op,
                region: 1,
                index,
            } if op == lp => go(*cargs.get(index as usize)?),
            crate::ir::ValueDef::Result(o, ri) => {
                if !inside.contains(&o) {
                    return None;
                }
                match &k.op(o).kind {
                    OpKind::Binary(crate::ir::BinaryOp::Add, a, b) => {
                        match (konst(*a), konst(*b)) {
                            (_, Some(c)) => Some(go(*a)?.wrapping_add(c)),
                            (Some(c), None) => Some(go(*b)?.wrapping_add(c)),
                            _ => None,
                        }
                    }
                    OpKind::Binary(crate::ir::BinaryOp::Sub, a, b) => {
                        Some(go(*a)?.wrapping_sub(konst(*b)?))
                    }
                    OpKind::PtrAdd { ptr, offset } => Some(go(*ptr)?.wrapping_add(konst(*offset)?)),
                    OpKind::If {
                        then_region,
                        else_region,
                        ..
                    } => {
                        let yielded = |r: &Region| term_values(k, r).get(ri as usize).copied();
                        match taken(o) {
                            Some(true) => go(yielded(then_region)?),
                            Some(false) => go(yielded(else_region)?),
                            None => {
                                let t = go(yielded(then_region)?)?;
                                (go(yielded(else_region)?)? == t).then_some(t)
                            }
                        }
                    }
                    _ => None,
                }
            }
            _ => None,
        }
    }
    let inside: HashSet<OpId> = ops_in(k, lp).into_iter().collect();
    off(k, lp, next, target, &cargs, &inside, &taken, 64)
}

/// `pred(a, b)` on constants of type `ty` (sign-extended, as [`crate::effects::const_value`]
/// gives them).
fn icmp_consts(p: crate::ir::IntPredicate, a: i64, b: i64, ty: Type) -> bool {
    use crate::ir::IntPredicate as P;
    let m = ty.mask();
    let (ua, ub) = (a as u64 & m, b as u64 & m);
    match p {
        P::Eq => ua == ub,
        P::Ne => ua != ub,
        P::Slt => a < b,
        P::Sle => a <= b,
        P::Sgt => a > b,
        P::Sge => a >= b,
        P::Ult => ua < ub,
        P::Ule => ua <= ub,
        P::Ugt => ua > ub,
        P::Uge => ua >= ub,
    }
}

/// The ops nested in `lp`'s regions (recursively).
fn ops_in(k: &Kernel, lp: OpId) -> Vec<OpId> {
    let mut all = Vec::new();
    walk(k, lp, &mut |o| all.push(o));
    all
}

/// A region's terminator operands (a `Condition`'s arguments without its condition).
fn term_values(k: &Kernel, r: &Region) -> Vec<Value> {
    match r.ops.last().map(|&o| &k.op(o).kind) {
        Some(OpKind::Yield(v)) => v.clone(),
        Some(OpKind::Condition { args, .. }) => args.clone(),
        _ => Vec::new(),
    }
}

/// `seeds` closed under "computed from" inside the loop `lp`: a value defined by an op
/// needs its operands; an `If` result its condition and the yielded values; a `For`
/// argument or result its bounds, step, init and yielded value; a `While` argument of
/// `lp` its init and the value passed to it (yield or condition argument); a nested
/// `While`'s argument or result everything in and around it.
fn computed_from(k: &Kernel, lp: OpId, seeds: HashSet<Value>) -> HashSet<Value> {
    let term = term_values;
    let in_region: HashSet<OpId> = ops_in(k, lp).into_iter().collect();
    let mut work: Vec<Value> = seeds.iter().copied().collect();
    let mut needed = seeds;
    let everything = |o: OpId, from: &mut Vec<Value>| {
        k.op(o).kind.for_each_operand(|v| from.push(v));
        walk(k, o, &mut |n| {
            let d = k.op(n);
            d.kind.for_each_operand(|v| from.push(v));
            for r in d.kind.regions() {
                from.extend(r.args.iter().copied());
            }
        });
        for r in k.op(o).kind.regions() {
            from.extend(r.args.iter().copied());
        }
    };
    while let Some(v) = work.pop() {
        let mut from: Vec<Value> = Vec::new();
        match k.value_def(v) {
            crate::ir::ValueDef::Result(o, idx) if in_region.contains(&o) => {
                let idx = idx as usize;
                match &k.op(o).kind {
                    OpKind::If {
                        cond,
                        then_region,
                        else_region,
                    } => {
                        from.push(*cond);
                        for r in [then_region, else_region] {
                            from.extend(term(k, r).get(idx).copied());
                        }
                    }
                    OpKind::For {
                        lower,
                        upper,
                        step,
                        inits,
                        body,
                    } => {
                        from.extend([*lower, *upper, *step]);
                        from.extend(inits.get(idx).copied());
                        from.extend(term(k, body).get(idx).copied());
                    }
                    OpKind::While { .. } => everything(o, &mut from),
                    other => other.for_each_operand(|u| from.push(u)),
                }
            }
            crate::ir::ValueDef::RegionArg {
                op: o,
                region,
                index,
            } if o == lp || in_region.contains(&o) => {
                let idx = index as usize;
                match &k.op(o).kind {
                    OpKind::For {
                        lower,
                        upper,
                        step,
                        inits,
                        body,
                    } => {
                        from.extend([*lower, *upper, *step]);
                        if idx >= 1 {
                            from.extend(inits.get(idx - 1).copied());
                            from.extend(term(k, body).get(idx - 1).copied());
                        }
                    }
                    OpKind::While { .. } if o != lp => everything(o, &mut from),
                    OpKind::While {
                        inits,
                        before,
                        after,
                    } => {
                        if region == 0 {
                            from.extend(inits.get(idx).copied());
                            from.extend(term(k, after).get(idx).copied());
                        } else {
                            from.extend(term(k, before).get(idx).copied());
                        }
                    }
                    _ => {}
                }
            }
            _ => {}
        }
        for u in from {
            if needed.insert(u) {
                work.push(u);
            }
        }
    }
    needed
}

/// Memory writes (left out when a loop is replayed).
fn is_write(kind: &OpKind) -> bool {
    matches!(
        kind,
        OpKind::Store { .. }
            | OpKind::Atomic { .. }
            | OpKind::Memset { .. }
            | OpKind::Memcpy { .. }
    )
}

/// Ops without memory effects or regions: recomputing them gives the same values.
fn is_pure(kind: &OpKind) -> bool {
    matches!(
        kind,
        OpKind::Const { .. }
            | OpKind::Unary(..)
            | OpKind::Binary(..)
            | OpKind::Fma(..)
            | OpKind::ICmp(..)
            | OpKind::FCmp(..)
            | OpKind::Select { .. }
            | OpKind::Cast(..)
            | OpKind::Dim(_)
            | OpKind::LaneId
            | OpKind::RootAddr(_)
            | OpKind::PtrAdd { .. }
    )
}

/// Pure ops that the reverse sweep of an `If` recomputes instead of taking their value
/// out of the forward `If`: all but float math functions and divisions.
fn recomputed(kind: &OpKind) -> bool {
    use crate::ir::{BinaryOp as B, UnaryOp as U};
    let costly = match kind {
        OpKind::Unary(u, _) => !u.is_int() && !matches!(u, U::FNeg | U::FAbs),
        OpKind::Binary(b, ..) => matches!(b, B::FDiv | B::FRem | B::Pow | B::Atan2),
        _ => false,
    };
    is_pure(kind) && !costly
}

/// Activity: for every value of `k`, whether it may carry a derivative, i.e. it is a
/// float that depends on memory the adjoint has shadows of. Sources are float loads of
/// buffers, shared and per-thread memory (not module globals), float atomics, and
/// bitcasts of non-constant integers to floats (which the reverse sweep reports when a
/// derivative reaches them); activity flows through value ops, `If` results and loop-
/// carried values (to a fixed point). Constants, scalar parameters, integer data and
/// floats computed only from them are inactive: their derivative terms are zero, and the
/// reverse sweep emits none (no `x * 0.0` or `y + 0.0`, which are not even foldable).
pub(crate) fn activity(k: &Kernel) -> Vec<bool> {
    fn reach(k: &Kernel, r: &Region, out: &mut Vec<OpId>) {
        for &o in &r.ops {
            out.push(o);
            for sub in k.op(o).kind.regions() {
                reach(k, sub, out);
            }
        }
    }
    let term = |r: &Region| -> Vec<Value> {
        match r.ops.last().map(|&o| &k.op(o).kind) {
            Some(OpKind::Yield(v)) => v.clone(),
            Some(OpKind::Condition { cond, args }) => {
                std::iter::once(*cond).chain(args.iter().copied()).collect()
            }
            _ => Vec::new(),
        }
    };
    let is_const = |v: Value| matches!(k.value_def(v), crate::ir::ValueDef::Result(d, _) if matches!(k.op(d).kind, OpKind::Const { .. }));
    let mut all = Vec::new();
    reach(k, &k.body, &mut all);
    let mut act = vec![false; k.values.len()];
    loop {
        let mut set: Vec<Value> = Vec::new();
        for &o in &all {
            let data = k.op(o);
            let a = |v: Value| act[v.index()];
            match &data.kind {
                OpKind::Const { .. }
                | OpKind::Dim(_)
                | OpKind::LaneId
                | OpKind::ICmp(..)
                | OpKind::FCmp(..)
                | OpKind::RootAddr(_)
                | OpKind::PtrAdd { .. }
                | OpKind::Vote { .. }
                | OpKind::Parallel { .. } => {}
                OpKind::Cast(c, x) => {
                    let on = match c {
                        CastOp::FpExt | CastOp::FpTrunc => a(*x),
                        CastOp::Bitcast => a(*x) || !is_const(*x),
                        // Conversions between integers and floats: no derivative.
                        _ => false,
                    };
                    if on {
                        set.extend(data.results.iter().copied());
                    }
                }
                OpKind::Load {
                    addr:
                        Addr::Root {
                            root: MemRoot::Global(_),
                            ..
                        },
                } => {}
                OpKind::Load { .. } | OpKind::Atomic { .. } | OpKind::AtomicCas { .. } => {
                    set.extend(data.results.iter().copied())
                }
                OpKind::For { inits, body, .. } => {
                    let y = term(body);
                    for (i, &init) in inits.iter().enumerate() {
                        if a(init) || y.get(i).is_some_and(|&v| a(v)) {
                            set.extend(body.args.get(i + 1).copied());
                            set.extend(data.results.get(i).copied());
                        }
                    }
                }
                OpKind::While {
                    inits,
                    before,
                    after,
                } => {
                    let (c, y) = (term(before), term(after));
                    for (i, &init) in inits.iter().enumerate() {
                        if a(init) || y.get(i).is_some_and(|&v| a(v)) {
                            set.extend(before.args.get(i).copied());
                        }
                    }
                    for (i, &v) in c.iter().skip(1).enumerate() {
                        if a(v) {
                            set.extend(after.args.get(i).copied());
                            set.extend(data.results.get(i).copied());
                        }
                    }
                }
                OpKind::If {
                    then_region,
                    else_region,
                    ..
                } => {
                    let (t, e) = (term(then_region), term(else_region));
                    for (i, &r) in data.results.iter().enumerate() {
                        if t.get(i).is_some_and(|&v| a(v)) || e.get(i).is_some_and(|&v| a(v)) {
                            set.push(r);
                        }
                    }
                }
                kind => {
                    // Value ops (unary, binary, fma, select, shuffle) and anything else
                    // with float results: active when an operand is.
                    let mut any = false;
                    kind.for_each_operand(|v| any |= act[v.index()]);
                    let known = matches!(
                        kind,
                        OpKind::Unary(..)
                            | OpKind::Binary(..)
                            | OpKind::Fma(..)
                            | OpKind::Select { .. }
                            | OpKind::Shuffle { .. }
                    );
                    if any || !known {
                        set.extend(data.results.iter().copied());
                    }
                }
            }
        }
        let mut changed = false;
        for v in set {
            if k.value_type(v).is_float() && !act[v.index()] {
                act[v.index()] = true;
                changed = true;
            }
        }
        if !changed {
            return act;
        }
    }
}

/// Values defined in `op`'s regions (recursively) and values used there (operands of
/// nested ops, not of `op` itself).
fn collect(k: &Kernel, op: OpId, defined: &mut HashSet<Value>, used: &mut Vec<Value>) {
    for region in k.op(op).kind.regions() {
        defined.extend(region.args.iter().copied());
        for &o in &region.ops {
            defined.extend(k.op(o).results.iter().copied());
            k.op(o).kind.for_each_operand(|v| used.push(v));
            collect(k, o, defined, used);
        }
    }
}

fn op_name(kind: &OpKind) -> String {
    match kind {
        OpKind::Unary(u, _) => u.name().to_string(),
        OpKind::Binary(b, ..) => b.name().to_string(),
        OpKind::If { .. } => "condition".to_string(),
        OpKind::Load { .. } | OpKind::Store { .. } | OpKind::Atomic { .. } => "address".to_string(),
        other => format!("{other:?}")
            .split([' ', '(', '{'])
            .next()
            .unwrap_or("op")
            .to_lowercase(),
    }
}

/// Visit every op nested in `op`'s regions.
fn walk(k: &Kernel, op: OpId, f: &mut dyn FnMut(OpId)) {
    for region in k.op(op).kind.regions() {
        for &o in &region.ops {
            f(o);
            walk(k, o, f);
        }
    }
}

fn contains_parallel(k: &Kernel, op: OpId) -> bool {
    k.op(op).kind.regions().iter().any(|r| {
        r.ops
            .iter()
            .any(|&o| matches!(k.op(o).kind, OpKind::Parallel { .. }) || contains_parallel(k, o))
    })
}

/// A loop that neither defines floats nor writes memory (its re-execution is all the
/// adjoint needs).
pub(crate) fn inactive_loop(k: &Kernel, op: OpId) -> bool {
    let mut defined = HashSet::new();
    let mut used = Vec::new();
    collect(k, op, &mut defined, &mut used);
    let floats = defined
        .iter()
        .chain(&k.op(op).results)
        .any(|&v| k.value_type(v).is_float());
    !floats && !writes_memory(k, op)
}

fn writes_memory(k: &Kernel, op: OpId) -> bool {
    k.op(op).kind.regions().iter().any(|r| {
        r.ops.iter().any(|&o| {
            matches!(
                k.op(o).kind,
                OpKind::Store { .. }
                    | OpKind::Atomic { .. }
                    | OpKind::AtomicCas { .. }
                    | OpKind::Memcpy { .. }
                    | OpKind::Memset { .. }
            ) || writes_memory(k, o)
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::autodiff::test_util::{count, run_f64};
    use crate::builder::Builder;
    use crate::ir::{BinaryOp, IntPredicate, UnaryOp};
    use frontend::ir::AddrSpace;

    const G: Type = Type::Ptr(AddrSpace::Global);

    /// `y[t] = (x[t] * 2 + 3) * (double)t` (f64): constants and index arithmetic in
    /// the derivative's path.
    fn affine() -> Kernel {
        let mut b = Builder::new("affine");
        let _x = b.param(G, "x");
        let _y = b.param(G, "y");
        b.grid(|b, _| {
            b.block(|b, [t, _, _]| {
                let t64 = b.cast(CastOp::ZExt, t, Type::I64);
                let eight = b.i64(8);
                let off = b.bin(BinaryOp::Mul, t64, eight);
                let x = b.load(Type::F64, MemRoot::Param(0), off);
                let two = b.konst(Type::F64, 2f64.to_bits());
                let three = b.konst(Type::F64, 3f64.to_bits());
                let p = b.bin(BinaryOp::FMul, x, two);
                let s = b.bin(BinaryOp::FAdd, p, three);
                let tf = b.cast(CastOp::UiToFp, t, Type::F64);
                let tf2 = b.bin(BinaryOp::FMul, tf, tf);
                let r = b.bin(BinaryOp::FMul, s, tf2);
                b.store(MemRoot::Param(1), off, r);
            });
        });
        b.finish()
    }

    /// Constants, the index and what is computed from them only are inactive: the
    /// adjoint has no term for them (no `fma(x, 0.0, y)`, no `y + 0.0`, no derivative of
    /// `t * t`), only `dx = dy * t^2 * 2`.
    #[test]
    fn no_adjoint_terms_for_inactive_values() {
        let k = affine();
        let act = activity(&k);
        let active: Vec<Value> = (0..k.values.len() as u32)
            .map(Value)
            .filter(|v| act[v.index()])
            .collect();
        // The load, x * 2, + 3 and the product.
        assert_eq!(active.len(), 4, "{active:?}");
        let adj = vjp_kernel(&k).unwrap();
        let float_ops = |f: &dyn Fn(BinaryOp) -> bool| {
            count(&adj, &|o| matches!(o, OpKind::Binary(b, ..) if f(*b)))
        };
        assert_eq!(count(&adj, &|o| matches!(o, OpKind::Fma(..))), 0);
        assert_eq!(
            float_ops(&|b| matches!(b, BinaryOp::FAdd | BinaryOp::FSub)),
            1,
            "only the forward x * 2 + 3"
        );
        // Forward: x * 2, t * t, s * t^2; reverse: dy * t^2, that * 2.
        assert_eq!(float_ops(&|b| b == BinaryOp::FMul), 5);
        let x: Vec<f64> = (0..8).map(|i| f64::from(i) - 2.5).collect();
        let dy: Vec<f64> = (0..8).map(|i| 0.5 * f64::from(i) + 1.0).collect();
        let out = run_f64(
            &adj,
            8,
            &[x.clone(), vec![0.0; 8], vec![0.0; 8], dy.clone()],
            0,
        );
        for t in 0..8 {
            let tf = t as f64;
            assert_eq!(out[2][t], dy[t] * (tf * tf) * 2.0, "dx[{t}]");
            assert_eq!(out[3][t], 0.0, "dy[{t}] after");
        }
    }

    /// `if (t < 7) y[t] = exp(x[t]) * sqrt(x[t])`: the reverse sweep of the `If` takes
    /// `exp` and `sqrt` from the forward sweep instead of computing them again.
    #[test]
    fn math_functions_are_not_recomputed_in_the_reverse_if() {
        let mut b = Builder::new("expsqrt");
        let _x = b.param(G, "x");
        let _y = b.param(G, "y");
        b.grid(|b, _| {
            b.block(|b, [t, _, _]| {
                let seven = b.i32(7);
                let c = b.icmp(IntPredicate::Ult, t, seven);
                b.if_(
                    c,
                    &[],
                    |b| {
                        let t64 = b.cast(CastOp::ZExt, t, Type::I64);
                        let eight = b.i64(8);
                        let off = b.bin(BinaryOp::Mul, t64, eight);
                        let x = b.load(Type::F64, MemRoot::Param(0), off);
                        let e = b.value(OpKind::Unary(UnaryOp::Exp, x), Type::F64);
                        let s = b.value(OpKind::Unary(UnaryOp::Sqrt, x), Type::F64);
                        let r = b.bin(BinaryOp::FMul, e, s);
                        b.store(MemRoot::Param(1), off, r);
                        vec![]
                    },
                    |_| vec![],
                );
            });
        });
        let k = b.finish();
        let adj = vjp_kernel(&k).unwrap();
        let un = |u: UnaryOp| count(&adj, &|o| matches!(o, OpKind::Unary(v, _) if *v == u));
        assert_eq!(un(UnaryOp::Exp), 1);
        assert_eq!(un(UnaryOp::Sqrt), 1);
        let x: Vec<f64> = (0..8).map(|i| 0.5 + f64::from(i)).collect();
        let out = run_f64(
            &adj,
            8,
            &[x.clone(), vec![0.0; 8], vec![0.0; 8], vec![1.0; 8]],
            0,
        );
        for t in 0..8 {
            let want = if t < 7 {
                let (e, s) = (x[t].exp(), x[t].sqrt());
                // d(e s)/dx = e s + e / (2 s), as the rules compute it.
                let ds = 1.0 * e;
                let de = s * 1.0;
                de * e + 0.5 * ds / s
            } else {
                0.0
            };
            assert!(
                (out[2][t] - want).abs() <= 1e-12 * want.abs(),
                "dx[{t}]: {} vs {want}",
                out[2][t]
            );
        }
    }

    /// One thread: `n = (int)nb[0]; acc = init; for k in 0..n { acc = f(acc, x[k], w[k]) }
    /// y[0] = acc` (f64), the trip count loaded from memory so the loop is not unrolled.
    fn loaded_bound_loop(f: fn(&mut Builder, Value, Value, Value) -> Value, init: f64) -> Kernel {
        let mut b = Builder::new("loaded_bound");
        for name in ["nb", "x", "w", "y"] {
            b.param(G, name);
        }
        b.grid(|b, _| {
            b.block(|b, _| {
                let zero64 = b.i64(0);
                let nf = b.load(Type::F64, MemRoot::Param(0), zero64);
                let n = b.cast(CastOp::FpToSi, nf, Type::I32);
                let lo = b.i32(0);
                let one = b.i32(1);
                let a0 = b.konst(Type::F64, init.to_bits());
                let r = b.for_(lo, n, one, &[a0], |b, k, acc| {
                    let k64 = b.cast(CastOp::SExt, k, Type::I64);
                    let eight = b.i64(8);
                    let off = b.bin(BinaryOp::Mul, k64, eight);
                    let x = b.load(Type::F64, MemRoot::Param(1), off);
                    let w = b.load(Type::F64, MemRoot::Param(2), off);
                    vec![f(b, acc[0], x, w)]
                });
                b.store(MemRoot::Param(3), zero64, r[0]);
            });
        });
        b.finish()
    }

    fn fors(k: &Kernel) -> usize {
        count(k, &|o| matches!(o, OpKind::For { .. }))
    }

    /// `acc += x[k] * w[k]` with a loaded trip count: the carried `acc` only flows through
    /// the add, so the reverse loop does not replay the loop (one forward and one reverse
    /// `For`, none nested), and the gradient is exact.
    #[test]
    fn accumulation_with_loaded_bound_is_reversed_without_replay() {
        let k = loaded_bound_loop(
            |b, acc, x, w| {
                let p = b.bin(BinaryOp::FMul, x, w);
                b.bin(BinaryOp::FAdd, acc, p)
            },
            0.5,
        );
        let adj = vjp_kernel(&k).unwrap();
        assert_eq!(fors(&adj), 2, "forward loop + reverse loop, no replay loop");
        let x: Vec<f64> = (0..6).map(|i| f64::from(i) - 1.5).collect();
        let w: Vec<f64> = (0..6).map(|i| 0.25 * f64::from(i) + 1.0).collect();
        let out = run_f64(
            &adj,
            1,
            &[
                vec![5.0],
                x.clone(),
                w.clone(),
                vec![0.0],
                vec![0.0],
                vec![0.0; 6],
                vec![0.0; 6],
                vec![3.0],
            ],
            0,
        );
        for i in 0..6 {
            let (wx, ww) = if i < 5 {
                (3.0 * w[i], 3.0 * x[i])
            } else {
                (0.0, 0.0)
            };
            assert_eq!(out[5][i], wx, "dx[{i}]");
            assert_eq!(out[6][i], ww, "dw[{i}]");
        }
        assert_eq!(out[7][0], 0.0, "dy consumed");
        assert_eq!(out[4][0], 0.0, "no derivative through the trip count");
    }

    /// `acc *= x[k]` (and `+ w[k]`): the reverse of the product reads the carried value,
    /// so the loop is still replayed (a replay loop nested in the reverse loop), and the
    /// gradient is right.
    #[test]
    fn carried_value_in_a_product_is_replayed() {
        let k = loaded_bound_loop(
            |b, acc, x, w| {
                let p = b.bin(BinaryOp::FMul, acc, x);
                b.bin(BinaryOp::FAdd, p, w)
            },
            1.5,
        );
        let adj = vjp_kernel(&k).unwrap();
        assert_eq!(fors(&adj), 3, "forward loop + reverse loop + nested replay");
        let x: Vec<f64> = vec![2.0, -0.5, 3.0, 1.25, 7.0];
        let w: Vec<f64> = vec![0.5, 1.0, -2.0, 0.75, 9.0];
        let n = 4;
        let out = run_f64(
            &adj,
            1,
            &[
                vec![n as f64],
                x.clone(),
                w.clone(),
                vec![0.0],
                vec![0.0],
                vec![0.0; 5],
                vec![0.0; 5],
                vec![2.0],
            ],
            0,
        );
        // a_0 = 1.5, a_{k+1} = a_k x_k + w_k, y = a_n.
        let mut a = vec![1.5];
        for i in 0..n {
            a.push(a[i] * x[i] + w[i]);
        }
        for i in 0..5 {
            // dy/dw_i = prod_{j>i} x_j, dy/dx_i = a_i prod_{j>i} x_j.
            let (gx, gw) = if i < n {
                let tail: f64 = x[i + 1..n].iter().product();
                (2.0 * a[i] * tail, 2.0 * tail)
            } else {
                (0.0, 0.0)
            };
            assert!(
                (out[5][i] - gx).abs() <= 1e-12 * gx.abs(),
                "dx[{i}]: {} vs {gx}",
                out[5][i]
            );
            assert!(
                (out[6][i] - gw).abs() <= 1e-12 * gw.abs(),
                "dw[{i}]: {} vs {gw}",
                out[6][i]
            );
        }
    }

    /// One thread: `j` carried next to `acc` (`acc += x[j] * w[j]; j = next(j)`) in a `For`
    /// of `nb[0]` iterations.
    fn carried_counter(next: fn(&mut Builder, Value) -> Value) -> Kernel {
        let mut b = Builder::new("counter");
        for name in ["nb", "x", "w", "y"] {
            b.param(G, name);
        }
        b.grid(|b, _| {
            b.block(|b, _| {
                let zero64 = b.i64(0);
                let nf = b.load(Type::F64, MemRoot::Param(0), zero64);
                let n = b.cast(CastOp::FpToSi, nf, Type::I32);
                let (lo, one) = (b.i32(0), b.i32(1));
                let a0 = b.konst(Type::F64, 0);
                let r = b.for_(lo, n, one, &[lo, a0], |b, _, c| {
                    let j64 = b.cast(CastOp::SExt, c[0], Type::I64);
                    let eight = b.i64(8);
                    let off = b.bin(BinaryOp::Mul, j64, eight);
                    let x = b.load(Type::F64, MemRoot::Param(1), off);
                    let w = b.load(Type::F64, MemRoot::Param(2), off);
                    let p = b.bin(BinaryOp::FMul, x, w);
                    let acc = b.bin(BinaryOp::FAdd, c[1], p);
                    vec![next(b, c[0]), acc]
                });
                b.store(MemRoot::Param(3), zero64, r[1]);
            });
        });
        b.finish()
    }

    /// The gradient of `carried_counter` for 3 iterations with `dy = 2`, `j` visiting
    /// `visited`.
    fn check_counter(adj: &Kernel, visited: &[usize]) {
        let x: Vec<f64> = vec![2.0, -0.5, 3.0, 1.25, 6.0];
        let w: Vec<f64> = vec![0.5, 1.0, -2.0, 0.75, -3.0];
        let out = run_f64(
            adj,
            1,
            &[
                vec![3.0],
                x.clone(),
                w.clone(),
                vec![0.0],
                vec![0.0],
                vec![0.0; 5],
                vec![0.0; 5],
                vec![2.0],
            ],
            0,
        );
        for i in 0..5 {
            let (gx, gw) = if visited.contains(&i) {
                (2.0 * w[i], 2.0 * x[i])
            } else {
                (0.0, 0.0)
            };
            assert_eq!(out[5][i], gx, "dx[{i}]");
            assert_eq!(out[6][i], gw, "dw[{i}]");
        }
    }

    /// `j += 1`: `j` is an address, but an induction variable, so the reverse loop
    /// computes it (`j = 0 + i * 1`) instead of replaying the loop: one forward and one
    /// reverse `For`, the loads of the forward loop (1 + 2) and of the reverse iteration
    /// (2) only, and the gradient is exact.
    #[test]
    fn carried_counter_of_a_for_is_computed_not_replayed() {
        let k = carried_counter(|b, j| {
            let one = b.i32(1);
            b.bin(BinaryOp::Add, j, one)
        });
        let adj = vjp_kernel(&k).unwrap();
        assert_eq!(fors(&adj), 2, "forward loop + reverse loop, no replay loop");
        let loads = count(&adj, &|o| matches!(o, OpKind::Load { .. }));
        // Forward: nb, x, w; reverse iteration: x, w; the shadow of y.
        assert_eq!(loads, 6);
        check_counter(&adj, &[0, 1, 2]);
    }

    /// `j += 1 + (j & 1)`: not an induction variable, so the loop is replayed, but the
    /// replay is sliced to `j` (no loads in it), and the gradient is exact.
    #[test]
    fn replay_of_a_carried_counter_leaves_the_loads_out() {
        let k = carried_counter(|b, j| {
            let one = b.i32(1);
            let bit = b.bin(BinaryOp::And, j, one);
            let s = b.bin(BinaryOp::Add, j, one);
            b.bin(BinaryOp::Add, s, bit)
        });
        let adj = vjp_kernel(&k).unwrap();
        assert_eq!(fors(&adj), 3, "forward loop + reverse loop + nested replay");
        let loads = count(&adj, &|o| matches!(o, OpKind::Load { .. }));
        assert_eq!(loads, 6, "no loads in the replay");
        // j = 0, 1, 3.
        check_counter(&adj, &[0, 1, 3]);
    }

    /// One thread: `acc += x[j] * w[j]` over `j` from 0 while a `While` goes on; the loop
    /// is written as clang's rotated loops are raised: the body, then the next carried
    /// values chosen by an `If` on the exit test that also sets an exit flag, and the
    /// condition `flag == 0`. `next(b, p, rem)` gives the next byte address `p` (of `j`)
    /// and the next count `rem` of elements left; `n = nb[0]` elements (at least 1).
    fn rotated_while(next: fn(&mut Builder, Value, Value) -> (Value, Value)) -> Kernel {
        let mut b = Builder::new("rotated");
        for name in ["nb", "x", "w", "y"] {
            b.param(G, name);
        }
        b.grid(|b, _| {
            b.block(|b, _| {
                let zero64 = b.i64(0);
                let nf = b.load(Type::F64, MemRoot::Param(0), zero64);
                let n = b.cast(CastOp::FpToSi, nf, Type::I32);
                let a0 = b.konst(Type::F64, 0.25f64.to_bits());
                let (t, f) = (Type::I32, Type::F64);
                let r = b.while_(
                    &[zero64, n, a0],
                    &[t, Type::I64, t, f],
                    |b, c| {
                        let (p, rem, acc) = (c[0], c[1], c[2]);
                        let x = b.load(Type::F64, MemRoot::Param(1), p);
                        let w = b.load(Type::F64, MemRoot::Param(2), p);
                        let acc = b.value(OpKind::Fma(x, w, acc), Type::F64);
                        let (np, nrem) = next(b, p, rem);
                        let zero = b.i32(0);
                        let done = b.icmp(IntPredicate::Sle, nrem, zero);
                        let r = b.if_(
                            done,
                            &[t, Type::I64, t, f],
                            |b| {
                                let (one, z64, z) = (b.i32(1), b.i64(0), b.i32(0));
                                vec![one, z64, z, acc]
                            },
                            |b| {
                                let z = b.i32(0);
                                vec![z, np, nrem, acc]
                            },
                        );
                        let go = b.icmp(IntPredicate::Eq, r[0], zero);
                        (go, r)
                    },
                    |_, a| vec![a[1], a[2], a[3]],
                );
                b.store(MemRoot::Param(3), zero64, r[3]);
            });
        });
        b.finish()
    }

    fn whiles(k: &Kernel) -> usize {
        count(k, &|o| matches!(o, OpKind::While { .. }))
    }

    /// The gradient of `rotated_while` for `n` elements out of 6, with `dy = 2`, visiting
    /// the elements `visited`.
    fn check_rotated(adj: &Kernel, n: usize, visited: &[usize]) {
        let x: Vec<f64> = vec![2.0, -0.5, 3.0, 1.25, 7.0, -4.0];
        let w: Vec<f64> = vec![0.5, 1.0, -2.0, 0.75, 9.0, 1.5];
        let out = run_f64(
            adj,
            1,
            &[
                vec![n as f64],
                x.clone(),
                w.clone(),
                vec![0.0],
                vec![0.0],
                vec![0.0; 6],
                vec![0.0; 6],
                vec![2.0],
            ],
            0,
        );
        for i in 0..6 {
            let (gx, gw) = if visited.contains(&i) {
                (2.0 * w[i], 2.0 * x[i])
            } else {
                (0.0, 0.0)
            };
            assert_eq!(out[5][i], gx, "dx[{i}]");
            assert_eq!(out[6][i], gw, "dw[{i}]");
        }
        assert_eq!(out[7][0], 0.0, "dy consumed");
    }

    /// The address `p` (+8 bytes) and the count left (-1) are induction variables: the
    /// reverse loop computes them at each iteration (`init + m * stride`) instead of
    /// replaying the loop (no `For` but the reverse loop; the `While`s are the forward loop
    /// and the iteration count), and the gradient is exact.
    #[test]
    fn while_with_an_address_counter_is_reversed_without_replay() {
        let k = rotated_while(|b, p, rem| {
            let eight = b.i64(8);
            let m1 = b.i32(-1);
            (
                b.bin(BinaryOp::Add, p, eight),
                b.bin(BinaryOp::Add, rem, m1),
            )
        });
        let n_iv = |i: usize| loop_iv_stride(&k, find_while(&k), i);
        assert_eq!(n_iv(0), Some(8), "address");
        assert_eq!(n_iv(1), Some(-1), "count left");
        assert_eq!(n_iv(2), None, "float accumulator");
        let adj = vjp_kernel(&k).unwrap();
        assert_eq!(fors(&adj), 1, "the reverse loop only, no replay loop");
        assert_eq!(whiles(&adj), 2, "forward loop + iteration count");
        for n in [1, 2, 5] {
            check_rotated(&adj, n, &(0..n).collect::<Vec<_>>());
        }
    }

    /// The address steps by 8 or 16 bytes depending on its value (`p + 8 + (p & 8)`): not
    /// an induction variable, so the loop is still replayed (a replay `For` for the exiting
    /// iteration and one nested in the reverse loop), and the gradient is exact.
    #[test]
    fn while_with_a_varying_stride_is_replayed() {
        let k = rotated_while(|b, p, rem| {
            let eight = b.i64(8);
            let bit = b.bin(BinaryOp::And, p, eight);
            let s = b.bin(BinaryOp::Add, p, eight);
            let m1 = b.i32(-1);
            (b.bin(BinaryOp::Add, s, bit), b.bin(BinaryOp::Add, rem, m1))
        });
        assert_eq!(loop_iv_stride(&k, find_while(&k), 0), None);
        let adj = vjp_kernel(&k).unwrap();
        assert_eq!(fors(&adj), 3, "reverse loop + two replays");
        // p = 0, 8, 24, 40: elements 0, 1, 3, 5.
        check_rotated(&adj, 1, &[0]);
        check_rotated(&adj, 3, &[0, 1, 3]);
        check_rotated(&adj, 4, &[0, 1, 3, 5]);
    }

    fn find_while(k: &Kernel) -> OpId {
        (0..k.ops.len() as u32)
            .map(OpId)
            .find(|&o| matches!(k.op(o).kind, OpKind::While { .. }))
            .unwrap()
    }
}
