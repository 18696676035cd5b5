//! Distribution of thread-parallel loops at block barriers (barrier-free output).
//!
//! A block's threads run `A; barrier; B` as: every thread finishes `A`, then any thread
//! starts `B`. Two consecutive thread loops `parallel {A}; parallel {B}` give exactly that
//! order, so a thread-`Parallel` is split at each top-level `Barrier`. A `For`, `While` or
//! `If` that contains a barrier is hoisted out of the thread loop
//! (`parallel { for { A; barrier; B } }` -> `for { parallel {A}; parallel {B} }`): legal
//! because CUDA requires every thread of the block to reach the same barriers, so the
//! trip count / branch must be the same for all threads; the pass *checks* this by
//! requiring the bounds, carried values and conditions to be uniform (computed only from
//! values defined outside the thread loop and from pure ops), and rejects the kernel
//! with `barrier-divergent` otherwise. One exception: an `If` whose condition differs
//! between threads (an early `return` before a barrier or shuffle) becomes *predicated*
//! thread loops, each running its part of the branch under `if cond` per thread, when the
//! threads that skip the branch reach no barrier or warp op before the end of the thread
//! loop (they exit, and exited threads count as arrived); see `predicated_if`.
//!
//! Uniform pure ops at the top level of split code move out to block level (evaluated
//! once per block instead of once per thread: same value, no effects). Values defined in
//! one new thread loop and used in another become per-thread arrays: a fresh block-scoped
//! [`SharedAlloc`] of `threads * size` bytes, written at `linear_tid * size` right after
//! the definition and read back at the start of each using loop — or recomputed in the
//! using loop from values it has (same pure, non-faulting ops on the same inputs: same
//! value), or loaded again from the per-thread slot it was itself loaded from when nothing
//! writes that slot in between. Which, is a minimum cut over the data-flow graph
//! (`super::remat`, costs in `plan_crossing`): index arithmetic from thread ids is
//! recomputed, a loaded value is stored, and one stored load feeding several crossing
//! values is cheaper than storing each of them. Loop-carried values
//! and branch results that differ between threads go through per-thread arrays as well,
//! and so do thread-private allocations (`LocalAlloc` at the top of the thread loop): each
//! becomes a block array of `threads * size` bytes, thread `t` owning bytes
//! `[t * size, (t + 1) * size)` (zeroed like the allocation it replaces); a carried
//! value is loaded where first used and its next value stored right after its definition
//! when nothing later in the trip reads the old one (see `demote_divergent`), so a matmul
//! accumulator is updated in place by one thread loop per trip; one nested in
//! control flow is rejected (`distribute-local`). A reducing barrier
//! (`__syncthreads_count/and/or`) stores each thread's predicate bit, splits, and counts
//! the bits once per block. A warp shuffle is an exchange point too: every thread stores
//! its value, the loop splits, and each thread reads its source lane's value with
//! `shfl.sync`'s segment and clamp rules (a source beyond the block's last thread traps).
//! A warp vote likewise: every thread stores `1 | pred << 1`, and after the split each
//! gathers its warp's 32 words into the present and vote masks (`vote_read`).
//! Barrier-free `If`s whose results are partly uniform (select-like, pure branches) get a
//! block-level copy for the uniform results, so loop conditions built from them stay
//! uniform. Splitting is legal for the whole block at once because every thread of the
//! block reaches the same split points (the uniformity checks above).

use std::collections::{HashMap, HashSet};

use frontend::interp::LaunchConfig;
use frontend::ir::{BarrierKind, BinaryOp, CastOp, UnaryOp};
use frontend::Diagnostic;

use super::remat::{self, Candidate, Choice};
use crate::ir::{
    Addr, Kernel, Level, MemRoot, OpId, OpKind, Region, SharedAlloc, SharedId, Type, Value,
    ValueDef,
};

/// What the pass did to one kernel.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DistributeStats {
    /// Barriers removed by splitting thread loops.
    pub barriers: usize,
    /// Thread loops after distribution (per grid parallel, all together).
    pub thread_loops: usize,
    /// Control ops hoisted out of thread loops.
    pub hoisted: usize,
    /// Values stored to per-thread arrays.
    pub spilled: usize,
    /// Values recomputed in a later thread loop instead of stored.
    pub recomputed: usize,
}

fn diag(k: &Kernel, code: &'static str, msg: impl Into<String>) -> Diagnostic {
    Diagnostic::new(code, msg.into()).in_function(k.display_name.clone())
}

/// Whether `op` is or contains a barrier (or a warp shuffle or vote, which synchronise too).
pub fn contains_barrier(k: &Kernel, op: OpId) -> bool {
    let kind = &k.op(op).kind;
    matches!(
        kind,
        OpKind::Barrier { .. } | OpKind::Shuffle { .. } | OpKind::Vote { .. }
    ) || kind
        .regions()
        .iter()
        .any(|r| r.ops.iter().any(|&o| contains_barrier(k, o)))
}

fn is_pure(kind: &OpKind) -> bool {
    match kind {
        OpKind::Const { .. }
        | OpKind::Unary(..)
        | OpKind::Binary(..)
        | OpKind::Fma(..)
        | OpKind::ICmp(..)
        | OpKind::FCmp(..)
        | OpKind::Select { .. }
        | OpKind::Cast(..)
        | OpKind::Dim(_)
        | OpKind::PtrAdd { .. } => true,
        OpKind::RootAddr(root) => !matches!(root, MemRoot::Local(_)),
        _ => false,
    }
}

/// Every value defined inside `ops` (results and region arguments, recursively).
fn defined_in(k: &Kernel, ops: &[OpId], out: &mut HashSet<Value>) {
    for &op in ops {
        out.extend(k.op(op).results.iter().copied());
        for r in k.op(op).kind.regions() {
            out.extend(r.args.iter().copied());
            defined_in(k, &r.ops, out);
        }
    }
}

/// Every value used inside `ops` (recursively).
fn used_in(k: &Kernel, ops: &[OpId], out: &mut Vec<Value>) {
    for &op in ops {
        k.op(op).kind.for_each_operand(|v| out.push(v));
        for r in k.op(op).kind.regions() {
            used_in(k, &r.ops, out);
        }
    }
}

fn rewrite_in(k: &mut Kernel, ops: &[OpId], map: &HashMap<Value, Value>) {
    for &op in ops {
        k.op_mut(op).kind.for_each_operand_mut(|v| {
            if let Some(&n) = map.get(v) {
                *v = n;
            }
        });
        let nested: Vec<Vec<OpId>> = k
            .op(op)
            .kind
            .regions()
            .iter()
            .map(|r| r.ops.clone())
            .collect();
        for r in nested {
            rewrite_in(k, &r, map);
        }
    }
}

struct Ctx<'a> {
    cfg: &'a LaunchConfig,
    /// Values defined inside the thread loop being distributed.
    inside: HashSet<Value>,
    /// Inside values known to be the same for every thread of the block.
    uniform: HashSet<Value>,
    /// The original thread arguments.
    tids: Vec<Value>,
    /// New thread loops created.
    segments: Vec<OpId>,
    stats: DistributeStats,
    /// Uses to rewrite in ops not yet visited (results demoted to per-thread arrays).
    pending: HashMap<Value, Value>,
    /// `SharedAlloc` ops of per-thread arrays made while splitting.
    allocs: Vec<OpId>,
    /// Conditions of the enclosing predicated `If`s (thread-dependent conditions): the
    /// thread loops made while splitting their branches run their ops under them.
    preds: Vec<Value>,
    /// The predicates of each predicated thread loop (by its op).
    seg_preds: HashMap<OpId, Vec<Value>>,
    /// Whether a barrier or warp op may follow the code being split, before the end of
    /// the thread loop (in the enclosing regions, or a next iteration of an enclosing loop).
    tail_barrier: bool,
    /// Per-thread slot loads that a later thread loop may repeat instead of getting the
    /// value stored again: the slot (written only by its own thread, at its own offset) is
    /// not written between the load and any use of its value (see `demote_divergent`).
    stable: HashMap<Value, (SharedId, Type)>,
}

impl Ctx<'_> {
    fn is_uniform(&self, v: Value) -> bool {
        !self.inside.contains(&v) || self.uniform.contains(&v)
    }
}

/// Distribute every thread loop containing a barrier, for the launch `cfg` (whose block
/// size sizes the per-thread arrays).
pub fn distribute(k: &mut Kernel, cfg: &LaunchConfig) -> Result<DistributeStats, Diagnostic> {
    let mut stats = DistributeStats::default();
    let top = k.body.ops.clone();
    for g in top {
        let OpKind::Parallel {
            level: Level::Grid,
            body,
        } = k.op(g).kind.clone()
        else {
            if contains_barrier(k, g) {
                return Err(diag(
                    k,
                    "distribute-structure",
                    "a barrier outside the grid's parallel loop",
                ));
            }
            continue;
        };
        let mut new_ops = Vec::new();
        let mut allocs = Vec::new();
        for &op in &body.ops {
            let is_thread_loop = matches!(
                k.op(op).kind,
                OpKind::Parallel {
                    level: Level::Block,
                    ..
                }
            );
            if is_thread_loop && contains_barrier(k, op) {
                let (ops, spills) = distribute_thread_loop(k, cfg, op, &mut stats)?;
                new_ops.extend(ops);
                allocs.extend(spills);
            } else {
                if !is_thread_loop && contains_barrier(k, op) {
                    return Err(diag(
                        k,
                        "distribute-structure",
                        "a barrier outside a thread-parallel loop",
                    ));
                }
                if is_thread_loop {
                    stats.thread_loops += 1;
                }
                new_ops.push(op);
            }
        }
        allocs.extend(new_ops);
        if let OpKind::Parallel { body, .. } = &mut k.op_mut(g).kind {
            body.ops = allocs;
        }
    }
    Ok(stats)
}

/// Distribute one thread loop; gives the block-level ops replacing it and the
/// `SharedAlloc` ops of its per-thread arrays.
fn distribute_thread_loop(
    k: &mut Kernel,
    cfg: &LaunchConfig,
    par: OpId,
    stats: &mut DistributeStats,
) -> Result<(Vec<OpId>, Vec<OpId>), Diagnostic> {
    let OpKind::Parallel { body, .. } = k.op(par).kind.clone() else {
        return Err(diag(k, "internal", "not a parallel op"));
    };
    let mut inside = HashSet::new();
    inside.extend(body.args.iter().copied());
    defined_in(k, &body.ops, &mut inside);
    let mut ctx = Ctx {
        cfg,
        inside,
        uniform: HashSet::new(),
        tids: body.args.clone(),
        segments: Vec::new(),
        stats: DistributeStats::default(),
        pending: HashMap::new(),
        allocs: Vec::new(),
        preds: Vec::new(),
        seg_preds: HashMap::new(),
        tail_barrier: false,
        stable: HashMap::new(),
    };
    let ops: Vec<OpId> = body
        .ops
        .iter()
        .copied()
        .filter(|&o| !k.op(o).kind.is_terminator())
        .collect();
    let top_locals: Vec<OpId> = ops
        .iter()
        .copied()
        .filter(|&o| matches!(k.op(o).kind, OpKind::LocalAlloc(_)))
        .collect();
    let nested_local = ops
        .iter()
        .any(|&o| !matches!(k.op(o).kind, OpKind::LocalAlloc(_)) && has_local_alloc(k, o));
    if nested_local {
        return Err(diag(
            k,
            "distribute-local",
            "a thread-private allocation inside control flow of a thread loop with barriers",
        ));
    }
    let ops = if top_locals.is_empty() {
        ops
    } else {
        locals_to_block_arrays(k, &mut ctx, ops, &top_locals)
    };
    let out = split(k, &mut ctx, &ops)?;
    let mut spills = std::mem::take(&mut ctx.allocs);
    spills.extend(fix_segments(k, &mut ctx)?);
    stats.barriers += ctx.stats.barriers;
    stats.hoisted += ctx.stats.hoisted;
    stats.spilled += ctx.stats.spilled;
    stats.recomputed += ctx.stats.recomputed;
    stats.thread_loops += ctx.segments.len();
    Ok((out, spills))
}

fn has_local_alloc(k: &Kernel, op: OpId) -> bool {
    let kind = &k.op(op).kind;
    matches!(kind, OpKind::LocalAlloc(_))
        || kind
            .regions()
            .iter()
            .any(|r| r.ops.iter().any(|&o| has_local_alloc(k, o)))
}

/// A new thread loop over `ops` (its arguments are fresh; uses of the old thread
/// arguments are rewritten in `fix_segments`).
fn new_segment(k: &mut Kernel, ctx: &mut Ctx, ops: Vec<OpId>) -> OpId {
    let id = k.create_op(OpKind::Yield(vec![]), &[], None);
    let args: Vec<Value> = (0..3)
        .map(|i| k.new_region_arg(id, 0, i, Type::I32))
        .collect();
    let term = k.create_op(OpKind::Yield(vec![]), &[], None);
    let mut body_ops = ops;
    body_ops.push(term);
    k.op_mut(id).kind = OpKind::Parallel {
        level: Level::Block,
        body: Region {
            args,
            ops: body_ops,
        },
    };
    ctx.segments.push(id);
    if !ctx.preds.is_empty() {
        ctx.seg_preds.insert(id, ctx.preds.clone());
    }
    id
}

fn flush(k: &mut Kernel, ctx: &mut Ctx, cur: &mut Vec<OpId>, out: &mut Vec<OpId>) {
    if !cur.is_empty() {
        let seg = new_segment(k, ctx, std::mem::take(cur));
        out.push(seg);
    }
}

/// Split thread-level `ops` into block-level ops (thread loops, hoisted control, uniform
/// pure ops).
fn split(k: &mut Kernel, ctx: &mut Ctx, ops: &[OpId]) -> Result<Vec<OpId>, Diagnostic> {
    let mut out = Vec::new();
    let mut cur = Vec::new();
    let outer_tail = ctx.tail_barrier;
    for (idx, &op) in ops.iter().enumerate() {
        if !ctx.pending.is_empty() {
            let pending = ctx.pending.clone();
            rewrite_in(k, &[op], &pending);
        }
        if contains_barrier(k, op)
            && matches!(
                k.op(op).kind,
                OpKind::For { .. } | OpKind::While { .. } | OpKind::If { .. }
            )
        {
            let tail = outer_tail || ops[idx + 1..].iter().any(|&o| contains_barrier(k, o));
            let mut before = Vec::new();
            let mut after = Vec::new();
            demote_divergent(k, ctx, op, &mut before, &mut after)?;
            cur.extend(before);
            if let OpKind::If { cond, .. } = k.op(op).kind {
                if !ctx.is_uniform(cond) {
                    // Thread-dependent branch: predicated segments (see below).
                    predicated_if(k, ctx, op, tail, &mut cur, &mut out)?;
                    cur.extend(after);
                    continue;
                }
            }
            flush(k, ctx, &mut cur, &mut out);
            ctx.tail_barrier = tail;
            let r = split_control(k, ctx, op, &mut out);
            ctx.tail_barrier = outer_tail;
            r?;
            cur.extend(after);
            continue;
        }
        let kind = k.op(op).kind.clone();
        if let OpKind::Barrier { kind: bk, pred } = kind {
            ctx.stats.barriers += 1;
            if bk == BarrierKind::Sync {
                flush(k, ctx, &mut cur, &mut out);
                continue;
            }
            if !ctx.preds.is_empty() {
                return Err(diag(
                    k,
                    "barrier-divergent",
                    format!("a reducing barrier ({bk}) inside a branch whose condition differs between threads (not supported yet)"),
                ));
            }
            let (Some(pred), Some(&res)) = (pred, k.op(op).results.first()) else {
                return Err(diag(
                    k,
                    "distribute-barrier-kind",
                    format!("a reducing barrier ({bk}) without predicate or result"),
                ));
            };
            let v = reduce_barrier(k, ctx, bk, pred, res, &mut cur, &mut out);
            ctx.pending.insert(res, v);
            ctx.uniform.insert(v);
            continue;
        }
        if let OpKind::Shuffle {
            mode,
            value,
            lane,
            clamp,
            ..
        } = kind
        {
            // Every thread stores its value; after the split each reads its source lane's.
            let ty = k.value_type(value);
            let dummy = k.op(op).results[0];
            let slot = new_slot(k, ctx, dummy);
            slot_store(k, ctx, slot, value, &mut cur);
            // Under a thread-dependent branch, only some threads reach the shuffle: each
            // marks its presence (the array starts zeroed and the set of threads under the
            // predicates is fixed for the whole branch), and reading an absent lane traps.
            let present = if ctx.preds.is_empty() {
                None
            } else {
                let one = k.create_op(OpKind::Const { bits: 1 }, &[Type::I32], None);
                cur.push(one);
                let one = k.op(one).results[0];
                ctx.inside.insert(one);
                let ps = new_slot(k, ctx, one);
                slot_store(k, ctx, ps, one, &mut cur);
                Some(ps)
            };
            flush(k, ctx, &mut cur, &mut out);
            let r = shuffle_read(k, ctx, mode, lane, clamp, slot, present, ty, &mut cur);
            ctx.pending.insert(dummy, r);
            ctx.stats.barriers += 1;
            continue;
        }
        if let OpKind::Vote { mode, mask, pred } = kind {
            // Every thread stores `1 | pred << 1` (present, vote); after the split each
            // gathers its warp's bits. Absent lanes (past the block's last thread, or
            // skipping a predicated branch, hence exited) keep 0.
            let i32t = Type::I32;
            let mut emit = |k: &mut Kernel, kind: OpKind, t: Type, cur: &mut Vec<OpId>| {
                let o = k.create_op(kind, &[t], None);
                cur.push(o);
                let v = k.op(o).results[0];
                ctx.inside.insert(v);
                v
            };
            let p32 = if k.value_type(pred) == i32t {
                pred
            } else {
                emit(k, OpKind::Cast(CastOp::ZExt, pred), i32t, &mut cur)
            };
            let one = emit(k, OpKind::Const { bits: 1 }, i32t, &mut cur);
            let pb = emit(k, OpKind::Binary(BinaryOp::And, p32, one), i32t, &mut cur);
            let sh = emit(k, OpKind::Binary(BinaryOp::Shl, pb, one), i32t, &mut cur);
            let word = emit(k, OpKind::Binary(BinaryOp::Or, sh, one), i32t, &mut cur);
            let slot = new_slot(k, ctx, word);
            slot_store(k, ctx, slot, word, &mut cur);
            flush(k, ctx, &mut cur, &mut out);
            let res = k.op(op).results[0];
            let rty = k.value_type(res);
            let r = vote_read(k, ctx, mode, mask, slot, rty, &mut cur);
            ctx.pending.insert(res, r);
            ctx.stats.barriers += 1;
            continue;
        }
        if !contains_barrier(k, op) {
            let results = k.op(op).results.clone();
            // Under a predicate, an op that can fault (integer division) stays in the
            // branch: a thread that skips it must not divide by zero.
            if movable(k, ctx, op) && (ctx.preds.is_empty() || !may_fault(k, op)) {
                ctx.uniform.extend(results);
                out.push(op);
            } else {
                let copy_ok = ctx.preds.is_empty() || !may_fault(k, op);
                if let Some(copy) = copy_ok
                    .then(|| uniform_part_of_select_if(k, ctx, op))
                    .flatten()
                {
                    out.push(copy);
                }
                // Invariant: a uniform value is available at block level.
                for r in results {
                    ctx.uniform.remove(&r);
                }
                cur.push(op);
            }
            continue;
        }
        return Err(diag(
            k,
            "distribute-structure",
            "a barrier nested in an op that cannot be hoisted",
        ));
    }
    flush(k, ctx, &mut cur, &mut out);
    Ok(out)
}

/// Hoist a barrier-containing `For`/`While`/`If` (whose divergent values were demoted)
/// out of the thread loop, splitting its regions.
fn split_control(
    k: &mut Kernel,
    ctx: &mut Ctx,
    op: OpId,
    out: &mut Vec<OpId>,
) -> Result<(), Diagnostic> {
    let kind = k.op(op).kind.clone();
    ctx.stats.hoisted += 1;
    let divergent = |k: &Kernel, what: &str| {
        diag(
            k,
            "barrier-divergent",
            format!("a barrier inside {what} not provably the same for every thread of the block"),
        )
    };
    match kind {
        OpKind::For {
            lower,
            upper,
            step,
            inits,
            body,
        } => {
            if ![lower, upper, step]
                .iter()
                .chain(inits.iter())
                .all(|&v| ctx.is_uniform(v))
            {
                return Err(divergent(k, "a loop whose bounds or carried values are"));
            }
            ctx.uniform.extend(body.args.iter().copied());
            // A next iteration reaches the body's barriers again.
            ctx.tail_barrier = true;
            let new_body = split_region(k, ctx, &body)?;
            check_yield_uniform(k, ctx, &new_body, "a loop's carried values")?;
            let results = k.op(op).results.clone();
            ctx.uniform.extend(results);
            if let OpKind::For { body, .. } = &mut k.op_mut(op).kind {
                *body = new_body;
            }
            out.push(op);
        }
        OpKind::If {
            cond,
            then_region,
            else_region,
        } => {
            if !ctx.is_uniform(cond) {
                return Err(divergent(k, "a branch whose condition is"));
            }
            let t = split_region(k, ctx, &then_region)?;
            let e = split_region(k, ctx, &else_region)?;
            check_yield_uniform(k, ctx, &t, "a branch's results")?;
            check_yield_uniform(k, ctx, &e, "a branch's results")?;
            let results = k.op(op).results.clone();
            ctx.uniform.extend(results);
            if let OpKind::If {
                then_region,
                else_region,
                ..
            } = &mut k.op_mut(op).kind
            {
                *then_region = t;
                *else_region = e;
            }
            out.push(op);
        }
        OpKind::While {
            inits,
            before,
            after,
        } => {
            if !inits.iter().all(|&v| ctx.is_uniform(v)) {
                return Err(divergent(k, "a while loop whose carried values are"));
            }
            ctx.uniform.extend(before.args.iter().copied());
            ctx.tail_barrier = true;
            // The before-region decides the trip count: its condition must be uniform.
            let b = split_region(k, ctx, &before)?;
            if let Some(&t) = b.ops.last() {
                if let OpKind::Condition { cond, args } = &k.op(t).kind {
                    if !ctx.is_uniform(*cond) || !args.iter().all(|&v| ctx.is_uniform(v)) {
                        return Err(divergent(k, "a while loop whose condition is"));
                    }
                }
            }
            ctx.uniform.extend(after.args.iter().copied());
            let a = split_region(k, ctx, &after)?;
            check_yield_uniform(k, ctx, &a, "a while loop's carried values")?;
            let results = k.op(op).results.clone();
            ctx.uniform.extend(results);
            if let OpKind::While { before, after, .. } = &mut k.op_mut(op).kind {
                *before = b;
                *after = a;
            }
            out.push(op);
        }
        _ => {
            return Err(diag(
                k,
                "distribute-structure",
                "a barrier nested in an op that cannot be hoisted",
            ))
        }
    }
    Ok(())
}

/// Split a region's ops (keeping its arguments and terminator).
fn split_region(k: &mut Kernel, ctx: &mut Ctx, r: &Region) -> Result<Region, Diagnostic> {
    let (body, term): (Vec<OpId>, Vec<OpId>) =
        r.ops.iter().partition(|&&o| !k.op(o).kind.is_terminator());
    let mut ops = split(k, ctx, &body)?;
    if !ctx.pending.is_empty() {
        let pending = ctx.pending.clone();
        rewrite_in(k, &term, &pending);
    }
    ops.extend(term);
    Ok(Region {
        args: r.args.clone(),
        ops,
    })
}

fn check_yield_uniform(k: &Kernel, ctx: &Ctx, r: &Region, what: &str) -> Result<(), Diagnostic> {
    if let Some(&t) = r.ops.last() {
        if let OpKind::Yield(vals) = &k.op(t).kind {
            if !vals.iter().all(|&v| ctx.is_uniform(v)) {
                return Err(diag(
                    k,
                    "barrier-divergent",
                    format!("{what} around a barrier differ between threads (not supported yet)"),
                ));
            }
        }
    }
    Ok(())
}

/// After splitting: give each new thread loop its own thread arguments and pass values
/// that cross loops through per-thread arrays. Gives the arrays' `SharedAlloc` ops.
fn fix_segments(k: &mut Kernel, ctx: &mut Ctx) -> Result<Vec<OpId>, Diagnostic> {
    let segs = ctx.segments.clone();
    let mut seg_of: HashMap<Value, usize> = HashMap::new();
    let mut seg_ops: Vec<Vec<OpId>> = Vec::new();
    for (i, &s) in segs.iter().enumerate() {
        let ops = match &k.op(s).kind {
            OpKind::Parallel { body, .. } => body.ops.clone(),
            _ => Vec::new(),
        };
        let mut defs = HashSet::new();
        defined_in(k, &ops, &mut defs);
        for d in defs {
            seg_of.insert(d, i);
        }
        seg_ops.push(ops);
    }
    // Which values each segment needs from other segments, and how each gets them:
    // loaded from a new per-thread array (`needs`, stored where defined), loaded again
    // from the slot it was loaded from (`reload`, `ctx.stable`), or recomputed from its
    // operands (`remat`): a minimum cut per segment decides (`plan_crossing`).
    let mut needs: Vec<Vec<Value>> = vec![Vec::new(); segs.len()];
    let mut remat: Vec<Chain> = vec![Vec::new(); segs.len()];
    let mut reload: Vec<Vec<(Value, (SharedId, Type))>> = vec![Vec::new(); segs.len()];
    let mut spilled: Vec<Value> = Vec::new();
    for (i, ops) in seg_ops.iter().enumerate() {
        let mut uses = Vec::new();
        used_in(k, ops, &mut uses);
        if let Some(ps) = ctx.seg_preds.get(&segs[i]) {
            uses.extend(ps.iter().copied());
        }
        let mut seen = HashSet::new();
        let cross: Vec<Value> = uses
            .into_iter()
            .filter(|u| seg_of.get(u).is_some_and(|&j| j != i) && seen.insert(*u))
            .collect();
        if cross.is_empty() {
            continue;
        }
        let plan = plan_crossing(k, ctx, &cross, i, &seg_of, &spilled);
        ctx.stats.recomputed += plan.recomputed;
        for v in plan.store {
            needs[i].push(v);
            if !spilled.contains(&v) {
                spilled.push(v);
            }
        }
        reload[i] = plan.reload;
        // Snapshot the kinds: segments processed earlier rewrite their ops.
        remat[i] = plan
            .recompute
            .into_iter()
            .map(|o| (o, k.op(o).kind.clone()))
            .collect();
    }
    let threads =
        u64::from(ctx.cfg.block[0]) * u64::from(ctx.cfg.block[1]) * u64::from(ctx.cfg.block[2]);
    let mut slot: HashMap<Value, (SharedId, Type)> = HashMap::new();
    let mut alloc_ops = Vec::new();
    for &v in &spilled {
        let ty = k.value_type(v);
        let id = SharedId(k.shared.len() as u32);
        k.shared.push(SharedAlloc {
            name: format!("dist.v{}", v.index()),
            bytes: threads * ty.bytes(),
            align: 8,
            dynamic: false,
        });
        alloc_ops.push(k.create_op(OpKind::SharedAlloc(id), &[], None));
        slot.insert(v, (id, ty));
    }
    ctx.stats.spilled += spilled.len();
    for (i, &s) in segs.iter().enumerate() {
        let OpKind::Parallel { body, .. } = k.op(s).kind.clone() else {
            continue;
        };
        let args = body.args.clone();
        let mut ops: Vec<OpId> = body.ops.clone();
        let term = ops.pop();
        // Stores after the defining top-level ops.
        let stores_here: Vec<Value> = spilled
            .iter()
            .copied()
            .filter(|v| seg_of.get(v) == Some(&i))
            .collect();
        let mut prologue = Vec::new();
        let lin = if stores_here.is_empty() && needs[i].is_empty() && reload[i].is_empty() {
            None
        } else {
            Some(linear_tid(k, ctx.cfg, &args, &mut prologue))
        };
        let mut new_ops = Vec::new();
        let mut map: HashMap<Value, Value> = HashMap::new();
        for (t, &a) in ctx.tids.iter().zip(&args) {
            map.insert(*t, a);
        }
        // Loads first (stored values, then repeated slot loads): recomputed ops may use
        // them.
        if let Some(lin) = lin {
            let loads = needs[i]
                .iter()
                .map(|v| (*v, slot[v]))
                .chain(reload[i].iter().copied());
            for (v, (sid, ty)) in loads {
                let off = slot_offset(k, lin, ty, &mut prologue);
                let ld = k.create_op(
                    OpKind::Load {
                        addr: Addr::Root {
                            root: MemRoot::Shared(sid),
                            offset: off,
                        },
                    },
                    &[ty],
                    None,
                );
                prologue.push(ld);
                let nv = k.op(ld).results[0];
                map.insert(v, nv);
            }
        }
        // Recompute: clone the chosen ops in dependency order (operands through the
        // thread-id, load and clone maps).
        for (o, kind) in &remat[i] {
            let o = *o;
            let mut kind = kind.clone();
            kind.for_each_operand_mut(|v| {
                if let Some(&n) = map.get(v) {
                    *v = n;
                }
            });
            let tys: Vec<Type> = k.op(o).results.iter().map(|&v| k.value_type(v)).collect();
            let c = k.create_op(kind, &tys, k.op(o).loc);
            for (old, new) in k
                .op(o)
                .results
                .clone()
                .into_iter()
                .zip(k.op(c).results.clone())
            {
                map.insert(old, new);
            }
            prologue.push(c);
        }
        new_ops.extend(prologue.iter().copied());
        for op in ops.drain(..) {
            new_ops.push(op);
            let results = k.op(op).results.clone();
            for r in results {
                if stores_here.contains(&r) {
                    let (Some(lin), Some(&(sid, ty))) = (lin, slot.get(&r)) else {
                        continue;
                    };
                    let mut extra = Vec::new();
                    let off = slot_offset(k, lin, ty, &mut extra);
                    extra.push(k.create_op(
                        OpKind::Store {
                            addr: Addr::Root {
                                root: MemRoot::Shared(sid),
                                offset: off,
                            },
                            value: r,
                        },
                        &[],
                        None,
                    ));
                    new_ops.extend(extra);
                }
            }
        }
        // Every spilled value of this segment must be stored at top level.
        for &v in &stores_here {
            let top = new_ops.iter().any(|&o| k.op(o).results.contains(&v));
            if !top {
                return Err(diag(
                    k,
                    "distribute-structure",
                    format!(
                        "value %{} crosses a barrier from a nested region",
                        v.index()
                    ),
                ));
            }
        }
        // Rewrite uses (not in the prologue, not the stores' own value operands, which
        // refer to the segment's own definitions and are not in `map`).
        let mut body_only: Vec<OpId> = new_ops[prologue.len()..].to_vec();
        if let Some(ps) = ctx.seg_preds.get(&s) {
            // A predicated thread loop runs its ops under its branches' conditions (each
            // read back or recomputed per thread like any other crossing value).
            for &p in ps.iter().rev() {
                body_only.push(k.create_op(OpKind::Yield(vec![]), &[], None));
                let e = k.create_op(OpKind::Yield(vec![]), &[], None);
                let w = k.create_op(
                    OpKind::If {
                        cond: p,
                        then_region: Region {
                            args: vec![],
                            ops: std::mem::take(&mut body_only),
                        },
                        else_region: Region {
                            args: vec![],
                            ops: vec![e],
                        },
                    },
                    &[],
                    None,
                );
                body_only = vec![w];
            }
            new_ops.truncate(prologue.len());
            new_ops.extend(body_only.iter().copied());
        }
        rewrite_in(k, &body_only, &map);
        new_ops.extend(term);
        if let OpKind::Parallel { body, .. } = &mut k.op_mut(s).kind {
            body.ops = new_ops;
        }
    }
    Ok(alloc_ops)
}

/// Ops (with their kinds as they were before any rewriting) recomputing values.
type Chain = Vec<(OpId, OpKind)>;

/// How a thread loop gets the values it uses from other thread loops.
struct CrossPlan {
    /// Stored in a per-thread array where defined, loaded here.
    store: Vec<Value>,
    /// Loaded again from the slot they were loaded from (`Ctx::stable`).
    reload: Vec<(Value, (SharedId, Type))>,
    /// Pure ops cloned here, in dependency order.
    recompute: Vec<OpId>,
    /// How many of the needed values are recomputed or reloaded (not stored).
    recomputed: usize,
}

/// Cost units of the store-or-recompute choice: a per-thread array costs a store where
/// the value is defined and a load where it is used; an integer op costs 1. The ratio
/// keeps index arithmetic (which the CPU backend's affine analyses need to see) recomputed
/// up to chains of ~16 ops, as the fixed chain limit before it did.
const COST_LOAD: u64 = 8;
const COST_STORE: u64 = 8;
/// Candidate values considered per thread loop (beyond that: stored).
const MAX_CANDIDATES: usize = 4096;

/// Cost of recomputing one op (`None`: not recomputed: effects, a load from memory
/// another thread may write, an integer division that could fault under a predicate).
fn recompute_cost(kind: &OpKind) -> Option<u64> {
    if !is_pure(kind) {
        return None;
    }
    Some(match kind {
        OpKind::Const { .. } | OpKind::Dim(_) | OpKind::RootAddr(_) => 0,
        OpKind::Binary(op, ..) => match op {
            BinaryOp::UDiv | BinaryOp::SDiv | BinaryOp::URem | BinaryOp::SRem => return None,
            BinaryOp::FDiv | BinaryOp::FRem | BinaryOp::Pow | BinaryOp::Atan2 => 16,
            o if o.is_float() => 2,
            _ => 1,
        },
        OpKind::Unary(u, _) => match u {
            u if u.is_int() => 1,
            UnaryOp::FNeg | UnaryOp::FAbs | UnaryOp::Saturate => 1,
            UnaryOp::Floor | UnaryOp::Ceil | UnaryOp::Trunc | UnaryOp::Round | UnaryOp::Rint => 2,
            _ => 16,
        },
        OpKind::Fma(..) | OpKind::FCmp(..) => 2,
        _ => 1,
    })
}

/// Decide, by a minimum cut over the data-flow graph (`remat::choose`), which of the
/// values `cross` that thread loop `seg` uses from other thread loops are stored in
/// per-thread arrays, loaded again from their slot, or recomputed from their operands.
/// `spilled` are values already stored for an earlier thread loop (only their load is
/// left to pay). Legal whatever the choice: recomputation repeats pure, non-faulting ops
/// on the same inputs (the same bits), a stable slot holds the loaded value until the
/// uses (see `Ctx::stable`), a stored value is the value.
fn plan_crossing(
    k: &Kernel,
    ctx: &Ctx,
    cross: &[Value],
    seg: usize,
    seg_of: &HashMap<Value, usize>,
    spilled: &[Value],
) -> CrossPlan {
    let mut index: HashMap<Value, usize> = HashMap::new();
    let mut vals: Vec<Value> = Vec::new();
    let mut cands: Vec<Candidate> = Vec::new();
    // Candidates are values of other thread loops (not thread ids, not block-level).
    let is_cand = |v: Value| !ctx.tids.contains(&v) && seg_of.get(&v).is_some_and(|&j| j != seg);
    let mut work: Vec<Value> = Vec::new();
    for &v in cross {
        if is_cand(v) && !index.contains_key(&v) {
            index.insert(v, vals.len());
            vals.push(v);
            work.push(v);
        }
    }
    let mut expanded = 0usize;
    let mut pending: Vec<(usize, Vec<Value>, Option<u64>)> = Vec::new();
    while let Some(v) = work.pop() {
        let i = index[&v];
        let (rc, operands) = if ctx.stable.contains_key(&v) {
            (Some(COST_LOAD), Vec::new())
        } else {
            match k.value_def(v) {
                ValueDef::Result(op, _) if expanded < MAX_CANDIDATES => {
                    let kind = &k.op(op).kind;
                    match recompute_cost(kind) {
                        Some(c) => (Some(c), kind.operands()),
                        None => (None, Vec::new()),
                    }
                }
                _ => (None, Vec::new()),
            }
        };
        expanded += 1;
        let mut ops_c = Vec::new();
        for o in operands {
            if !is_cand(o) {
                continue;
            }
            if let std::collections::hash_map::Entry::Vacant(e) = index.entry(o) {
                e.insert(vals.len());
                vals.push(o);
                work.push(o);
            }
            ops_c.push(o);
        }
        pending.push((i, ops_c, rc));
    }
    cands.resize(
        vals.len(),
        Candidate {
            store_cost: 0,
            recompute_cost: None,
            operands: Vec::new(),
            needed: false,
        },
    );
    for (i, ops_c, rc) in pending {
        let v = vals[i];
        cands[i] = Candidate {
            store_cost: if spilled.contains(&v) {
                COST_LOAD
            } else {
                COST_LOAD + COST_STORE
            },
            recompute_cost: rc,
            operands: ops_c.iter().map(|o| index[o]).collect(),
            needed: cross.contains(&v),
        };
    }
    let choice = remat::choose(&cands);
    let mut plan = CrossPlan {
        store: Vec::new(),
        reload: Vec::new(),
        recompute: Vec::new(),
        recomputed: 0,
    };
    for (i, &v) in vals.iter().enumerate() {
        match choice[i] {
            Choice::Store => plan.store.push(v),
            Choice::Recompute => {
                if cands[i].needed {
                    plan.recomputed += 1;
                }
                if let Some(&slot) = ctx.stable.get(&v) {
                    plan.reload.push((v, slot));
                }
            }
            Choice::Unused => {}
        }
    }
    // Recomputed ops in dependency order (post-order from the needed values).
    fn visit(
        k: &Kernel,
        v: Value,
        ctx: &Ctx,
        index: &HashMap<Value, usize>,
        choice: &[Choice],
        seen: &mut HashSet<Value>,
        out: &mut Vec<OpId>,
    ) {
        let Some(&i) = index.get(&v) else { return };
        if choice[i] != Choice::Recompute || ctx.stable.contains_key(&v) || !seen.insert(v) {
            return;
        }
        let ValueDef::Result(op, _) = k.value_def(v) else {
            return;
        };
        for o in k.op(op).kind.operands() {
            visit(k, o, ctx, index, choice, seen, out);
        }
        if !out.contains(&op) {
            out.push(op);
        }
    }
    let mut seen = HashSet::new();
    for &v in &vals {
        visit(k, v, ctx, &index, &choice, &mut seen, &mut plan.recompute);
    }
    plan
}

/// `tx + bx * (ty + by * tz)` as `i64` from the launch's block size.
fn linear_tid(k: &mut Kernel, cfg: &LaunchConfig, args: &[Value], ops: &mut Vec<OpId>) -> Value {
    let c = |k: &mut Kernel, kind: OpKind, ty: Type, ops: &mut Vec<OpId>| {
        let o = k.create_op(kind, &[ty], None);
        ops.push(o);
        k.op(o).results[0]
    };
    let ext: Vec<Value> = args
        .iter()
        .map(|&a| c(k, OpKind::Cast(CastOp::ZExt, a), Type::I64, ops))
        .collect();
    let bx = c(
        k,
        OpKind::Const {
            bits: u64::from(cfg.block[0]),
        },
        Type::I64,
        ops,
    );
    let by = c(
        k,
        OpKind::Const {
            bits: u64::from(cfg.block[1]),
        },
        Type::I64,
        ops,
    );
    let t = c(k, OpKind::Binary(BinaryOp::Mul, by, ext[2]), Type::I64, ops);
    let t = c(k, OpKind::Binary(BinaryOp::Add, t, ext[1]), Type::I64, ops);
    let t = c(k, OpKind::Binary(BinaryOp::Mul, bx, t), Type::I64, ops);
    c(k, OpKind::Binary(BinaryOp::Add, t, ext[0]), Type::I64, ops)
}

fn slot_offset(k: &mut Kernel, lin: Value, ty: Type, ops: &mut Vec<OpId>) -> Value {
    let size = k.create_op(OpKind::Const { bits: ty.bytes() }, &[Type::I64], None);
    ops.push(size);
    let s = k.op(size).results[0];
    let m = k.create_op(OpKind::Binary(BinaryOp::Mul, lin, s), &[Type::I64], None);
    ops.push(m);
    k.op(m).results[0]
}

/// Whether `v` is an argument of a thread loop (for callers checking structure).
pub fn is_thread_arg(k: &Kernel, v: Value) -> bool {
    match k.value_def(v) {
        ValueDef::RegionArg { op, .. } => matches!(
            k.op(op).kind,
            OpKind::Parallel {
                level: Level::Block,
                ..
            }
        ),
        _ => false,
    }
}

// ---- uniformity of carried values and demotion of divergent ones ----

/// Mark (in `ctx.uniform`) the values of `ops` that are provably the same for every thread:
/// pure ops of uniform operands, and results of structured ops under uniform control whose
/// yields are uniform (loop-carried values by a fixpoint).
fn mark_uniform(k: &Kernel, ctx: &mut Ctx, ops: &[OpId]) {
    for &op in ops {
        let kind = &k.op(op).kind;
        if is_pure(kind) {
            if kind.operands().iter().all(|&v| ctx.is_uniform(v)) {
                ctx.uniform.extend(k.op(op).results.iter().copied());
            }
            continue;
        }
        let flags = control_uniformity(k, ctx, op);
        for (r, u) in k.op(op).results.iter().zip(flags.results) {
            if u {
                ctx.uniform.insert(*r);
            }
        }
    }
}

fn yields_of(k: &Kernel, r: &Region) -> Vec<Value> {
    match r.ops.last().map(|&t| &k.op(t).kind) {
        Some(OpKind::Yield(v)) => v.clone(),
        Some(OpKind::Condition { args, .. }) => args.clone(),
        _ => Vec::new(),
    }
}

#[derive(Default)]
struct ControlFlags {
    /// Carried values (For body args after the iv; While before args).
    carried: Vec<bool>,
    /// While condition args (= after args = results).
    cond_args: Vec<bool>,
    results: Vec<bool>,
}

/// Which carried values and results of a structured op are uniform (leaves the marks of
/// the final, consistent assumption in `ctx.uniform`).
fn control_uniformity(k: &Kernel, ctx: &mut Ctx, op: OpId) -> ControlFlags {
    let kind = k.op(op).kind.clone();
    let n_res = k.op(op).results.len();
    match kind {
        OpKind::If {
            cond,
            then_region,
            else_region,
        } => {
            let control = ctx.is_uniform(cond);
            if !control {
                return ControlFlags {
                    results: vec![false; n_res],
                    ..Default::default()
                };
            }
            mark_uniform(k, ctx, &then_region.ops);
            mark_uniform(k, ctx, &else_region.ops);
            let (t, e) = (yields_of(k, &then_region), yields_of(k, &else_region));
            let results = (0..n_res)
                .map(|i| {
                    t.get(i).is_some_and(|&v| ctx.is_uniform(v))
                        && e.get(i).is_some_and(|&v| ctx.is_uniform(v))
                })
                .collect();
            ControlFlags {
                results,
                ..Default::default()
            }
        }
        OpKind::For {
            lower,
            upper,
            step,
            inits,
            body,
        } => {
            let control = [lower, upper, step].iter().all(|&v| ctx.is_uniform(v));
            let mut cand: Vec<bool> = inits
                .iter()
                .map(|&v| control && ctx.is_uniform(v))
                .collect();
            loop {
                let snapshot = ctx.uniform.clone();
                if control {
                    ctx.uniform.insert(body.args[0]);
                }
                for (i, &a) in body.args[1..].iter().enumerate() {
                    if cand[i] {
                        ctx.uniform.insert(a);
                    }
                }
                mark_uniform(k, ctx, &body.ops);
                let ys = yields_of(k, &body);
                let next: Vec<bool> = cand
                    .iter()
                    .enumerate()
                    .map(|(i, &c)| c && ys.get(i).is_some_and(|&v| ctx.is_uniform(v)))
                    .collect();
                if next == cand {
                    return ControlFlags {
                        results: cand.clone(),
                        carried: cand,
                        ..Default::default()
                    };
                }
                ctx.uniform = snapshot;
                cand = next;
            }
        }
        OpKind::While {
            inits,
            before,
            after,
        } => {
            let mut cand: Vec<bool> = inits.iter().map(|&v| ctx.is_uniform(v)).collect();
            loop {
                let snapshot = ctx.uniform.clone();
                for (i, &a) in before.args.iter().enumerate() {
                    if cand[i] {
                        ctx.uniform.insert(a);
                    }
                }
                mark_uniform(k, ctx, &before.ops);
                let (control, cargs) = match before.ops.last().map(|&t| &k.op(t).kind) {
                    Some(OpKind::Condition { cond, args }) => (
                        ctx.is_uniform(*cond),
                        args.iter().map(|&v| ctx.is_uniform(v)).collect::<Vec<_>>(),
                    ),
                    _ => (false, Vec::new()),
                };
                let cargs: Vec<bool> = cargs.iter().map(|&c| c && control).collect();
                for (i, &a) in after.args.iter().enumerate() {
                    if cargs.get(i).copied().unwrap_or(false) {
                        ctx.uniform.insert(a);
                    }
                }
                mark_uniform(k, ctx, &after.ops);
                let ys = yields_of(k, &after);
                let next: Vec<bool> = cand
                    .iter()
                    .enumerate()
                    .map(|(i, &c)| c && control && ys.get(i).is_some_and(|&v| ctx.is_uniform(v)))
                    .collect();
                if next == cand || !control {
                    return ControlFlags {
                        carried: next,
                        results: cargs.clone(),
                        cond_args: cargs,
                    };
                }
                ctx.uniform = snapshot;
                cand = next;
            }
        }
        _ => ControlFlags {
            results: vec![false; n_res],
            ..Default::default()
        },
    }
}

/// An `If` with a uniform condition whose branches only yield (a select) and some of
/// whose results are uniform: a block-level copy giving just those results, which later
/// uses are redirected to (the thread-level `If` keeps the divergent ones).
fn uniform_part_of_select_if(k: &mut Kernel, ctx: &mut Ctx, op: OpId) -> Option<OpId> {
    let OpKind::If {
        cond,
        then_region,
        else_region,
    } = k.op(op).kind.clone()
    else {
        return None;
    };
    let pure_only = |r: &Region| {
        r.ops
            .iter()
            .all(|&o| k.op(o).kind.is_terminator() || is_pure(&k.op(o).kind))
    };
    if !ctx.is_uniform(cond) || !pure_only(&then_region) || !pure_only(&else_region) {
        return None;
    }
    // Which results are uniform, with the branches' pure ops evaluated uniformly.
    let uniform_in = |k: &Kernel, ctx: &Ctx, r: &Region| -> HashSet<Value> {
        let mut u = HashSet::new();
        for &o in &r.ops {
            let kind = &k.op(o).kind;
            if is_pure(kind)
                && kind
                    .operands()
                    .iter()
                    .all(|v| u.contains(v) || ctx.is_uniform(*v))
            {
                u.extend(k.op(o).results.iter().copied());
            }
        }
        u
    };
    let (ut, ue) = (
        uniform_in(k, ctx, &then_region),
        uniform_in(k, ctx, &else_region),
    );
    let (t, e) = (yields_of(k, &then_region), yields_of(k, &else_region));
    let results = k.op(op).results.clone();
    let keep_idx: Vec<usize> = (0..results.len())
        .filter(|&i| {
            t.get(i)
                .is_some_and(|&v| ut.contains(&v) || ctx.is_uniform(v))
                && e.get(i)
                    .is_some_and(|&v| ue.contains(&v) || ctx.is_uniform(v))
        })
        .collect();
    if keep_idx.is_empty() {
        return None;
    }
    // Clone each branch's pure ops (fresh results) and yield the uniform results.
    let clone_branch = |k: &mut Kernel, r: &Region, ys: &[Value]| -> Region {
        let mut map: HashMap<Value, Value> = HashMap::new();
        let mut ops = Vec::new();
        for &o in &r.ops {
            if k.op(o).kind.is_terminator() {
                continue;
            }
            let mut kind = k.op(o).kind.clone();
            kind.for_each_operand_mut(|v| {
                if let Some(&n) = map.get(v) {
                    *v = n;
                }
            });
            let tys: Vec<Type> = k.op(o).results.iter().map(|&v| k.value_type(v)).collect();
            let c = k.create_op(kind, &tys, k.op(o).loc);
            for (old, new) in k
                .op(o)
                .results
                .clone()
                .into_iter()
                .zip(k.op(c).results.clone())
            {
                map.insert(old, new);
            }
            ops.push(c);
        }
        let vals: Vec<Value> = keep_idx
            .iter()
            .map(|&i| map.get(&ys[i]).copied().unwrap_or(ys[i]))
            .collect();
        ops.push(k.create_op(OpKind::Yield(vals), &[], None));
        Region { args: vec![], ops }
    };
    let then_copy = clone_branch(k, &then_region, &t);
    let else_copy = clone_branch(k, &else_region, &e);
    let tys: Vec<Type> = keep_idx.iter().map(|&i| k.value_type(results[i])).collect();
    let copy = k.create_op(
        OpKind::If {
            cond,
            then_region: then_copy,
            else_region: else_copy,
        },
        &tys,
        None,
    );
    let new_results = k.op(copy).results.clone();
    for (&i, &nv) in keep_idx.iter().zip(&new_results) {
        ctx.pending.insert(results[i], nv);
        ctx.uniform.insert(nv);
    }
    Some(copy)
}

/// Whether `op` has no effects (pure, or structured with only pure ops inside).
fn effect_free(k: &Kernel, op: OpId) -> bool {
    let kind = &k.op(op).kind;
    match kind {
        OpKind::If { .. } | OpKind::For { .. } | OpKind::While { .. } => {
            kind.regions().iter().all(|r| {
                r.ops
                    .iter()
                    .all(|&o| k.op(o).kind.is_terminator() || effect_free(k, o))
            })
        }
        _ => is_pure(kind),
    }
}

/// Whether a barrier-free op can run once per block instead of once per thread: no
/// effects, and every value it uses from outside is uniform.
fn movable(k: &Kernel, ctx: &Ctx, op: OpId) -> bool {
    if !effect_free(k, op) {
        return false;
    }
    let mut uses = Vec::new();
    used_in(k, &[op], &mut uses);
    let mut defs = HashSet::new();
    defined_in(k, &[op], &mut defs);
    uses.iter().all(|v| defs.contains(v) || ctx.is_uniform(*v))
}

/// Thread-level ops computing `slot + linear_tid * size` for a per-thread array of `ty`;
/// gives the offset. Uses the original thread arguments (rewritten per new thread loop).
fn slot_addr(k: &mut Kernel, ctx: &mut Ctx, ty: Type, ops: &mut Vec<OpId>) -> Value {
    let start = ops.len();
    let tids = ctx.tids.clone();
    let lin = linear_tid(k, ctx.cfg, &tids, ops);
    let off = slot_offset(k, lin, ty, ops);
    for &o in &ops[start..] {
        ctx.inside.extend(k.op(o).results.iter().copied());
    }
    off
}

fn new_slot(k: &mut Kernel, ctx: &mut Ctx, v: Value) -> (SharedId, Type) {
    let ty = k.value_type(v);
    let threads =
        u64::from(ctx.cfg.block[0]) * u64::from(ctx.cfg.block[1]) * u64::from(ctx.cfg.block[2]);
    let id = SharedId(k.shared.len() as u32);
    k.shared.push(SharedAlloc {
        name: format!("dist.carried.v{}", v.index()),
        bytes: threads * ty.bytes(),
        align: 8,
        dynamic: false,
    });
    let a = k.create_op(OpKind::SharedAlloc(id), &[], None);
    ctx.allocs.push(a);
    ctx.stats.spilled += 1;
    (id, ty)
}

fn slot_store(
    k: &mut Kernel,
    ctx: &mut Ctx,
    slot: (SharedId, Type),
    v: Value,
    ops: &mut Vec<OpId>,
) {
    let off = slot_addr(k, ctx, slot.1, ops);
    ops.push(k.create_op(
        OpKind::Store {
            addr: Addr::Root {
                root: MemRoot::Shared(slot.0),
                offset: off,
            },
            value: v,
        },
        &[],
        None,
    ));
}

fn slot_load(k: &mut Kernel, ctx: &mut Ctx, slot: (SharedId, Type), ops: &mut Vec<OpId>) -> Value {
    let off = slot_addr(k, ctx, slot.1, ops);
    let ld = k.create_op(
        OpKind::Load {
            addr: Addr::Root {
                root: MemRoot::Shared(slot.0),
                offset: off,
            },
        },
        &[slot.1],
        None,
    );
    ops.push(ld);
    let v = k.op(ld).results[0];
    ctx.inside.insert(v);
    v
}

/// Whether `op` (or an op nested in it) uses one of `vals`.
fn op_uses_any(k: &Kernel, op: OpId, vals: &[Value]) -> bool {
    let mut uses = Vec::new();
    used_in(k, &[op], &mut uses);
    uses.iter().any(|u| vals.contains(u))
}

/// `v` and every value of `ops` computed from it (results of ops using it or a value
/// computed from it, at any depth).
fn forward_slice(k: &Kernel, ops: &[OpId], v: Value) -> Vec<Value> {
    let mut out = vec![v];
    for &op in ops {
        if op_uses_any(k, op, &out) {
            out.extend(k.op(op).results.iter().copied());
        }
    }
    out
}

/// Insert `ops` before the terminator of `r`.
fn insert_before_term(r: &mut Region, ops: Vec<OpId>) {
    let at = r.ops.len().saturating_sub(1);
    r.ops.splice(at..at, ops);
}

/// Keep the entries of `v` whose flag is true.
fn keep<T: Clone>(v: &[T], flags: &[bool]) -> Vec<T> {
    v.iter()
        .zip(flags)
        .filter(|(_, &f)| f)
        .map(|(x, _)| x.clone())
        .collect()
}

/// Renumber the defs of an op's results and region arguments after removals.
fn renumber(k: &mut Kernel, op: OpId) {
    let results = k.op(op).results.clone();
    for (i, r) in results.iter().enumerate() {
        k.values[r.index()].def = ValueDef::Result(op, i as u32);
    }
    let regions: Vec<Vec<Value>> = k
        .op(op)
        .kind
        .regions()
        .iter()
        .map(|r| r.args.clone())
        .collect();
    for (ri, args) in regions.iter().enumerate() {
        for (i, a) in args.iter().enumerate() {
            k.values[a.index()].def = ValueDef::RegionArg {
                op,
                region: ri as u8,
                index: i as u32,
            };
        }
    }
}

/// Turn the divergent carried values and results of a barrier-containing structured op
/// into per-thread arrays: stored before the op / before each yield, loaded at the start
/// of each region / after the op. `before` and `after` receive thread-level ops to place
/// around the op; later uses of removed results are rewritten through `ctx.pending`.
fn demote_divergent(
    k: &mut Kernel,
    ctx: &mut Ctx,
    op: OpId,
    before: &mut Vec<OpId>,
    after: &mut Vec<OpId>,
) -> Result<(), Diagnostic> {
    let flags = control_uniformity(k, ctx, op);
    let results = k.op(op).results.clone();
    let mut kind = k.op(op).kind.clone();
    let mut result_slots: Vec<Option<(SharedId, Type)>> = vec![None; results.len()];
    match &mut kind {
        OpKind::If {
            then_region,
            else_region,
            ..
        } => {
            for (i, &r) in results.iter().enumerate() {
                if flags.results[i] {
                    continue;
                }
                let slot = new_slot(k, ctx, r);
                result_slots[i] = Some(slot);
                for region in [&mut *then_region, &mut *else_region] {
                    let ys = yields_of(k, region);
                    let mut ops = Vec::new();
                    slot_store(k, ctx, slot, ys[i], &mut ops);
                    insert_before_term(region, ops);
                }
            }
            for region in [then_region, else_region] {
                if let Some(&t) = region.ops.last() {
                    if let OpKind::Yield(v) = &mut k.op_mut(t).kind {
                        *v = keep(v, &flags.results);
                    }
                }
            }
        }
        OpKind::For { inits, body, .. } => {
            // Each demoted carried value `a_i`: stored before the loop (its init) and at
            // the end of a trip (the yielded value), loaded in the trip. The load goes
            // just before the first op using it (not at the top of the body, so that a
            // value used only after a barrier is loaded by the thread loop using it
            // instead of being loaded before the barrier and copied across). The store
            // of the yielded value `y_i` goes right after `y_i`'s top-level definition
            // when nothing after that definition uses `a_i` or a value computed from it
            // (else before the terminator): thread `t` alone reads and writes slot `t`,
            // so moving its store is legal when, in thread `t`'s program order, no read
            // of the slot in this trip comes after it: the trip's only read is the load
            // of `a_i`, placed before its first use, which is before `y_i`'s definition
            // or is that definition; the next trip's load and the load of the result
            // after the loop come after the store. Then `y_i` no longer crosses the
            // barriers after its definition (matmul: the accumulator is loaded, updated
            // and stored by the thread loop after the first barrier; the last barrier's
            // thread loop, which only copied it into the slot, disappears).
            let mut map = HashMap::new();
            let ys = yields_of(k, body);
            // (loaded value, its slot, the load's ops)
            let mut loads: Vec<(Value, (SharedId, Type), Vec<OpId>)> = Vec::new();
            // (index into `loads`, stored value before rewriting, the store's ops)
            let mut stores: Vec<(usize, Value, Vec<OpId>)> = Vec::new();
            for i in 0..inits.len() {
                if flags.carried[i] {
                    continue;
                }
                let slot = new_slot(k, ctx, body.args[i + 1]);
                result_slots[i] = Some(slot);
                slot_store(k, ctx, slot, inits[i], before);
                let mut lops = Vec::new();
                let v = slot_load(k, ctx, slot, &mut lops);
                map.insert(body.args[i + 1], v);
                loads.push((v, slot, lops));
                // A value yielded unchanged leaves the slot as it is: no store.
                if ys[i] != body.args[i + 1] {
                    let mut sops = Vec::new();
                    slot_store(k, ctx, slot, ys[i], &mut sops);
                    stores.push((loads.len() - 1, ys[i], sops));
                }
            }
            let mut ops = body.ops.clone();
            let term = ops.pop();
            rewrite_in(k, &ops, &map);
            for (_, _, sops) in &stores {
                rewrite_in(k, sops, &map);
            }
            rewrite_in(k, &term.into_iter().collect::<Vec<_>>(), &map);
            let all_stores: Vec<OpId> = stores.iter().flat_map(|s| s.2.clone()).collect();
            // Loads before their first use; one used only by the stores or the
            // terminator goes at the end, before the stores.
            let late: Vec<OpId> = all_stores.iter().copied().chain(term).collect();
            let mut placed: Vec<(usize, Vec<OpId>)> = Vec::new();
            for (v, _, lops) in &loads {
                match ops.iter().position(|&o| op_uses_any(k, o, &[*v])) {
                    Some(p) => placed.push((p, lops.clone())),
                    None if late.iter().any(|&o| op_uses_any(k, o, &[*v])) => {
                        placed.push((ops.len(), lops.clone()))
                    }
                    None => {}
                }
            }
            // Stores right after the yielded value's definition when nothing after it
            // (later ops, the terminator, the other stores) uses the loaded value or a
            // value computed from it.
            let mut early: Vec<(usize, Vec<OpId>)> = Vec::new();
            let mut tail: Vec<OpId> = Vec::new();
            let mut early_slots = Vec::new();
            for (li, y, sops) in &stores {
                let (v, slot, _) = &loads[*li];
                let y = map.get(y).copied().unwrap_or(*y);
                let def = ops.iter().position(|&o| k.op(o).results.contains(&y));
                let ok = def.is_some_and(|d| {
                    let tainted = forward_slice(k, &ops, *v);
                    let mut later: Vec<OpId> = ops[d + 1..].to_vec();
                    later.extend(all_stores.iter().copied().filter(|o| !sops.contains(o)));
                    // The terminator keeps only the uniform carried values.
                    let kept = keep(&yields_of(k, body), &flags.carried);
                    !later.iter().any(|&o| op_uses_any(k, o, &tainted))
                        && !kept.iter().any(|u| tainted.contains(u))
                });
                match def {
                    Some(d) if ok => {
                        early.push((d + 1, sops.clone()));
                        early_slots.push(slot.0);
                    }
                    _ => tail.extend(sops.iter().copied()),
                }
            }
            let mut new_ops = Vec::new();
            for idx in 0..=ops.len() {
                for (p, lops) in &placed {
                    if *p == idx {
                        new_ops.extend(lops.iter().copied());
                    }
                }
                for (p, sops) in &early {
                    if *p == idx {
                        new_ops.extend(sops.iter().copied());
                    }
                }
                if let Some(&o) = ops.get(idx) {
                    new_ops.push(o);
                }
            }
            new_ops.extend(tail);
            // A load whose slot is written only at the end of the trip may be repeated
            // by any thread loop of the trip that needs its value (they all run before
            // that store).
            for (v, slot, _) in &loads {
                if !early_slots.contains(&slot.0) {
                    ctx.stable.insert(*v, *slot);
                }
            }
            new_ops.extend(term);
            body.ops = new_ops;
            if let Some(&t) = body.ops.last() {
                if let OpKind::Yield(v) = &mut k.op_mut(t).kind {
                    *v = keep(v, &flags.carried);
                }
            }
            let mut carried = vec![true];
            carried.extend(flags.carried.iter().copied());
            body.args = keep(&body.args, &carried);
            *inits = keep(inits, &flags.carried);
        }
        OpKind::While {
            inits,
            before: b,
            after: a,
        } => {
            let mut map = HashMap::new();
            let mut prologue = Vec::new();
            let ys = yields_of(k, a);
            let mut stores = Vec::new();
            for i in 0..inits.len() {
                if flags.carried[i] {
                    continue;
                }
                let slot = new_slot(k, ctx, b.args[i]);
                slot_store(k, ctx, slot, inits[i], before);
                let v = slot_load(k, ctx, slot, &mut prologue);
                map.insert(b.args[i], v);
                // Written again only at the end of the trip (after the after-region).
                ctx.stable.insert(v, slot);
                slot_store(k, ctx, slot, ys[i], &mut stores);
            }
            let mut ops = prologue;
            ops.extend(b.ops.iter().copied());
            rewrite_in(k, &ops[..], &map);
            b.ops = ops;
            insert_before_term(a, stores);
            if let Some(&t) = a.ops.last() {
                if let OpKind::Yield(v) = &mut k.op_mut(t).kind {
                    *v = keep(v, &flags.carried);
                }
            }
            b.args = keep(&b.args, &flags.carried);
            *inits = keep(inits, &flags.carried);
            // Condition args -> after args and results.
            let cargs = yields_of(k, b);
            let mut cond_stores = Vec::new();
            let mut amap = HashMap::new();
            let mut aprologue = Vec::new();
            for (i, &c) in cargs.iter().enumerate() {
                if flags.cond_args.get(i).copied().unwrap_or(false) {
                    continue;
                }
                let slot = new_slot(k, ctx, c);
                result_slots[i] = Some(slot);
                slot_store(k, ctx, slot, c, &mut cond_stores);
                let v = slot_load(k, ctx, slot, &mut aprologue);
                amap.insert(a.args[i], v);
                // Written again only by the next trip's before-region.
                ctx.stable.insert(v, slot);
            }
            insert_before_term(b, cond_stores);
            if let Some(&t) = b.ops.last() {
                if let OpKind::Condition { args, .. } = &mut k.op_mut(t).kind {
                    *args = keep(args, &flags.cond_args);
                }
            }
            let mut ops = aprologue;
            ops.extend(a.ops.iter().copied());
            rewrite_in(k, &ops[..], &amap);
            a.ops = ops;
            a.args = keep(&a.args, &flags.cond_args);
        }
        _ => return Ok(()),
    }
    // Results: reload after the op.
    for (i, &r) in results.iter().enumerate() {
        if let Some(slot) = result_slots[i] {
            let v = slot_load(k, ctx, slot, after);
            ctx.pending.insert(r, v);
            // Nothing writes the slot again before the uses of the result (a next
            // execution of the op comes after them).
            ctx.stable.insert(v, slot);
        }
    }
    let keep_results: Vec<bool> = result_slots.iter().map(|s| s.is_none()).collect();
    k.op_mut(op).kind = kind;
    k.op_mut(op).results = keep(&results, &keep_results);
    renumber(k, op);
    Ok(())
}

/// Thread-level ops reading the shuffled value from `slot` exactly as the interpreter's
/// `shfl.sync` (segment mask and clamp from `clamp`); a source lane beyond the block's
/// last thread (a partial warp) traps.
#[allow(clippy::too_many_arguments)]
fn shuffle_read(
    k: &mut Kernel,
    ctx: &mut Ctx,
    mode: frontend::ir::ShuffleMode,
    lane: Value,
    clamp: Value,
    slot: (SharedId, Type),
    present: Option<(SharedId, Type)>,
    ty: Type,
    ops: &mut Vec<OpId>,
) -> Value {
    use frontend::ir::{IntPredicate as P, ShuffleMode as M};
    let tids = ctx.tids.clone();
    let lin64 = {
        let start = ops.len();
        let l = linear_tid(k, ctx.cfg, &tids, ops);
        for &o in &ops[start..] {
            let rs = k.op(o).results.clone();
            emit_mark(ctx, &rs);
        }
        l
    };
    let threads = ctx.cfg.block[0] * ctx.cfg.block[1] * ctx.cfg.block[2];
    let mut emit = |k: &mut Kernel, kind: OpKind, t: Type, ops: &mut Vec<OpId>| {
        let o = k.create_op(kind, &[t], None);
        ops.push(o);
        let v = k.op(o).results[0];
        ctx.inside.insert(v);
        v
    };
    let c = |k: &mut Kernel, bits: u64, t: Type, ops: &mut Vec<OpId>, emit: &mut Emit| {
        emit(k, OpKind::Const { bits }, t, ops)
    };
    let i32t = Type::I32;
    let lin = emit(k, OpKind::Cast(CastOp::Trunc, lin64), i32t, ops);
    let m31 = c(k, 31, i32t, ops, &mut emit);
    let me = emit(k, OpKind::Binary(BinaryOp::And, lin, m31), i32t, ops);
    let lane32 = if k.value_type(lane) == i32t {
        lane
    } else {
        emit(k, OpKind::Cast(CastOp::Trunc, lane), i32t, ops)
    };
    let clamp32 = if k.value_type(clamp) == i32t {
        clamp
    } else {
        emit(k, OpKind::Cast(CastOp::Trunc, clamp), i32t, ops)
    };
    let b = emit(k, OpKind::Binary(BinaryOp::And, lane32, m31), i32t, ops);
    let eight = c(k, 8, i32t, ops, &mut emit);
    let sh = emit(k, OpKind::Binary(BinaryOp::LShr, clamp32, eight), i32t, ops);
    let segmask = emit(k, OpKind::Binary(BinaryOp::And, sh, m31), i32t, ops);
    let cval = emit(k, OpKind::Binary(BinaryOp::And, clamp32, m31), i32t, ops);
    let minus1 = c(k, u64::from(u32::MAX), i32t, ops, &mut emit);
    let notseg = emit(k, OpKind::Binary(BinaryOp::Xor, segmask, minus1), i32t, ops);
    let min_lane = emit(k, OpKind::Binary(BinaryOp::And, me, segmask), i32t, ops);
    let ch = emit(k, OpKind::Binary(BinaryOp::And, cval, notseg), i32t, ops);
    let max_lane = emit(k, OpKind::Binary(BinaryOp::Or, min_lane, ch), i32t, ops);
    let (j, in_range) = match mode {
        M::Up => {
            let j = emit(k, OpKind::Binary(BinaryOp::Sub, me, b), i32t, ops);
            (j, emit(k, OpKind::ICmp(P::Sge, j, max_lane), Type::I1, ops))
        }
        M::Down => {
            let j = emit(k, OpKind::Binary(BinaryOp::Add, me, b), i32t, ops);
            (j, emit(k, OpKind::ICmp(P::Sle, j, max_lane), Type::I1, ops))
        }
        M::Bfly => {
            let j = emit(k, OpKind::Binary(BinaryOp::Xor, me, b), i32t, ops);
            (j, emit(k, OpKind::ICmp(P::Sle, j, max_lane), Type::I1, ops))
        }
        M::Idx => {
            let bn = emit(k, OpKind::Binary(BinaryOp::And, b, notseg), i32t, ops);
            let j = emit(k, OpKind::Binary(BinaryOp::Or, min_lane, bn), i32t, ops);
            (j, emit(k, OpKind::ICmp(P::Sle, j, max_lane), Type::I1, ops))
        }
    };
    let j = emit(
        k,
        OpKind::Select {
            cond: in_range,
            if_true: j,
            if_false: me,
        },
        i32t,
        ops,
    );
    // Source thread = lin - me + j; it must exist in this block.
    let base = emit(k, OpKind::Binary(BinaryOp::Sub, lin, me), i32t, ops);
    let src = emit(k, OpKind::Binary(BinaryOp::Add, base, j), i32t, ops);
    let nt = c(k, u64::from(threads), i32t, ops, &mut emit);
    let bad = emit(k, OpKind::ICmp(P::Uge, src, nt), Type::I1, ops);
    let trap = k.create_op(OpKind::Trap, &[], None);
    let t_yield = k.create_op(OpKind::Yield(vec![]), &[], None);
    let e_yield = k.create_op(OpKind::Yield(vec![]), &[], None);
    let guard = k.create_op(
        OpKind::If {
            cond: bad,
            then_region: Region {
                args: vec![],
                ops: vec![trap, t_yield],
            },
            else_region: Region {
                args: vec![],
                ops: vec![e_yield],
            },
        },
        &[],
        None,
    );
    ops.push(guard);
    let zero = c(k, 0, i32t, ops, &mut emit);
    let src_ok = emit(
        k,
        OpKind::Select {
            cond: bad,
            if_true: zero,
            if_false: src,
        },
        i32t,
        ops,
    );
    let src64 = emit(k, OpKind::Cast(CastOp::ZExt, src_ok), Type::I64, ops);
    if let Some((ps, pty)) = present {
        // The source lane must be at this shuffle (the interpreter's `warp-divergence`).
        let psize = c(k, pty.bytes(), Type::I64, ops, &mut emit);
        let poff = emit(
            k,
            OpKind::Binary(BinaryOp::Mul, src64, psize),
            Type::I64,
            ops,
        );
        let flag = emit(
            k,
            OpKind::Load {
                addr: Addr::Root {
                    root: MemRoot::Shared(ps),
                    offset: poff,
                },
            },
            pty,
            ops,
        );
        let zero = c(k, 0, pty, ops, &mut emit);
        let absent = emit(k, OpKind::ICmp(P::Eq, flag, zero), Type::I1, ops);
        ops.push(trap_if(k, absent));
    }
    let size = c(k, ty.bytes(), Type::I64, ops, &mut emit);
    let off = emit(
        k,
        OpKind::Binary(BinaryOp::Mul, src64, size),
        Type::I64,
        ops,
    );
    emit(
        k,
        OpKind::Load {
            addr: Addr::Root {
                root: MemRoot::Shared(slot.0),
                offset: off,
            },
        },
        ty,
        ops,
    )
}

/// Thread-level ops computing a warp vote from the per-thread words `1 | pred << 1` in
/// `slot` exactly as the interpreter does: `members = (mask & present) | me`, `ballot` =
/// the members whose predicate is set; `all`: ballot == members, `any`: ballot != 0,
/// `uni`: all or none, `ballot`: the bits. Gives the result (of type `rty`).
#[allow(clippy::too_many_arguments)]
fn vote_read(
    k: &mut Kernel,
    ctx: &mut Ctx,
    mode: frontend::ir::VoteMode,
    mask: Value,
    slot: (SharedId, Type),
    rty: Type,
    ops: &mut Vec<OpId>,
) -> Value {
    use frontend::ir::{IntPredicate as P, VoteMode as V};
    let tids = ctx.tids.clone();
    let start = ops.len();
    let lin64 = linear_tid(k, ctx.cfg, &tids, ops);
    for &o in &ops[start..] {
        let rs = k.op(o).results.clone();
        emit_mark(ctx, &rs);
    }
    let threads = ctx.cfg.block[0] * ctx.cfg.block[1] * ctx.cfg.block[2];
    let mut emit = |k: &mut Kernel, kind: OpKind, t: Type, ops: &mut Vec<OpId>| {
        let o = k.create_op(kind, &[t], None);
        ops.push(o);
        let v = k.op(o).results[0];
        ctx.inside.insert(v);
        v
    };
    let i32t = Type::I32;
    let c = |k: &mut Kernel, bits: u64, t: Type, ops: &mut Vec<OpId>, emit: &mut Emit| {
        emit(k, OpKind::Const { bits }, t, ops)
    };
    let lin = emit(k, OpKind::Cast(CastOp::Trunc, lin64), i32t, ops);
    let m31 = c(k, 31, i32t, ops, &mut emit);
    let one = c(k, 1, i32t, ops, &mut emit);
    let zero = c(k, 0, i32t, ops, &mut emit);
    let me = emit(k, OpKind::Binary(BinaryOp::And, lin, m31), i32t, ops);
    let base = emit(k, OpKind::Binary(BinaryOp::Sub, lin, me), i32t, ops);
    let nt = c(k, u64::from(threads), i32t, ops, &mut emit);
    let size = c(k, slot.1.bytes(), Type::I64, ops, &mut emit);
    let mut present = zero;
    let mut votes = zero;
    for l in 0..32u64 {
        let lc = c(k, l, i32t, ops, &mut emit);
        let src = emit(k, OpKind::Binary(BinaryOp::Add, base, lc), i32t, ops);
        let inb = emit(k, OpKind::ICmp(P::Ult, src, nt), Type::I1, ops);
        let idx = emit(
            k,
            OpKind::Select {
                cond: inb,
                if_true: src,
                if_false: zero,
            },
            i32t,
            ops,
        );
        let idx64 = emit(k, OpKind::Cast(CastOp::ZExt, idx), Type::I64, ops);
        let off = emit(
            k,
            OpKind::Binary(BinaryOp::Mul, idx64, size),
            Type::I64,
            ops,
        );
        let w = emit(
            k,
            OpKind::Load {
                addr: Addr::Root {
                    root: MemRoot::Shared(slot.0),
                    offset: off,
                },
            },
            slot.1,
            ops,
        );
        let w = emit(
            k,
            OpKind::Select {
                cond: inb,
                if_true: w,
                if_false: zero,
            },
            i32t,
            ops,
        );
        let pbit = emit(k, OpKind::Binary(BinaryOp::And, w, one), i32t, ops);
        let vsh = emit(k, OpKind::Binary(BinaryOp::LShr, w, one), i32t, ops);
        let vbit = emit(k, OpKind::Binary(BinaryOp::And, vsh, one), i32t, ops);
        let pl = emit(k, OpKind::Binary(BinaryOp::Shl, pbit, lc), i32t, ops);
        let vl = emit(k, OpKind::Binary(BinaryOp::Shl, vbit, lc), i32t, ops);
        present = emit(k, OpKind::Binary(BinaryOp::Or, present, pl), i32t, ops);
        votes = emit(k, OpKind::Binary(BinaryOp::Or, votes, vl), i32t, ops);
    }
    let mask32 = if k.value_type(mask) == i32t {
        mask
    } else {
        emit(k, OpKind::Cast(CastOp::Trunc, mask), i32t, ops)
    };
    let mebit = emit(k, OpKind::Binary(BinaryOp::Shl, one, me), i32t, ops);
    let mp = emit(k, OpKind::Binary(BinaryOp::And, mask32, present), i32t, ops);
    let members = emit(k, OpKind::Binary(BinaryOp::Or, mp, mebit), i32t, ops);
    let ballot = emit(k, OpKind::Binary(BinaryOp::And, votes, members), i32t, ops);
    let b = match mode {
        V::Ballot => ballot,
        V::All => emit(k, OpKind::ICmp(P::Eq, ballot, members), Type::I1, ops),
        V::Any => emit(k, OpKind::ICmp(P::Ne, ballot, zero), Type::I1, ops),
        V::Uni => {
            let none = emit(k, OpKind::ICmp(P::Eq, ballot, zero), Type::I1, ops);
            let all = emit(k, OpKind::ICmp(P::Eq, ballot, members), Type::I1, ops);
            emit(k, OpKind::Binary(BinaryOp::Or, none, all), Type::I1, ops)
        }
    };
    let bty = if mode == V::Ballot { i32t } else { Type::I1 };
    if bty == rty {
        b
    } else if rty.bytes() > bty.bytes() || bty == Type::I1 {
        emit(k, OpKind::Cast(CastOp::ZExt, b), rty, ops)
    } else {
        emit(k, OpKind::Cast(CastOp::Trunc, b), rty, ops)
    }
}

/// `if cond { trap }`.
fn trap_if(k: &mut Kernel, cond: Value) -> OpId {
    let trap = k.create_op(OpKind::Trap, &[], None);
    let t_yield = k.create_op(OpKind::Yield(vec![]), &[], None);
    let e_yield = k.create_op(OpKind::Yield(vec![]), &[], None);
    k.create_op(
        OpKind::If {
            cond,
            then_region: Region {
                args: vec![],
                ops: vec![trap, t_yield],
            },
            else_region: Region {
                args: vec![],
                ops: vec![e_yield],
            },
        },
        &[],
        None,
    )
}

/// Whether `op` (or an op inside it) is an integer division or remainder.
fn may_fault(k: &Kernel, op: OpId) -> bool {
    let kind = &k.op(op).kind;
    matches!(
        kind,
        OpKind::Binary(
            BinaryOp::UDiv | BinaryOp::SDiv | BinaryOp::URem | BinaryOp::SRem,
            ..
        )
    ) || kind
        .regions()
        .iter()
        .any(|r| r.ops.iter().any(|&o| may_fault(k, o)))
}

/// Distribute a barrier-containing `If` whose condition differs between threads as
/// predicated thread loops: its then-branch is split like straight-line code, and every
/// thread loop made from it runs its ops under `if cond` (`cond` kept per thread like
/// any value crossing loops); the barrier-free else-branch runs as `if cond {} else {..}`
/// in the current thread loop.
///
/// Why this is legal: the threads that take the branch run its ops in the original
/// order, split at the same barriers. The threads that skip it must reach no barrier or
/// warp op before the end of the thread loop (`tail` false; checked here, else
/// `barrier-divergent`): such a thread only finishes barrier-free code and exits, and an
/// exited thread counts as arrived at every later barrier (the interpreter's and sm_70+
/// semantics), so the taking threads' barriers complete among themselves exactly where the
/// split puts them. Nothing of the skipping threads' remaining work is ordered against the
/// taking threads' work by a barrier, so running it in the first loop is one legal
/// interleaving. A warp shuffle inside reads only lanes that reached it: a source lane that
/// skipped the branch is a `warp-divergence` error in the interpreter and a trap here (the
/// shuffle's presence array), never an undefined value. Nested barrier-containing
/// control must still have block-uniform conditions and bounds (so all taking threads meet
/// the same barriers); reducing barriers under a predicate are rejected.
fn predicated_if(
    k: &mut Kernel,
    ctx: &mut Ctx,
    op: OpId,
    tail: bool,
    cur: &mut Vec<OpId>,
    out: &mut Vec<OpId>,
) -> Result<(), Diagnostic> {
    let OpKind::If {
        cond,
        then_region,
        else_region,
    } = k.op(op).kind.clone()
    else {
        return Err(diag(k, "internal", "not an if"));
    };
    if tail {
        return Err(diag(
            k,
            "barrier-divergent",
            "a barrier inside a branch whose condition differs between threads, and the threads that skip the branch reach a barrier or warp operation later (they would wait at a different one)",
        ));
    }
    if else_region.ops.iter().any(|&o| contains_barrier(k, o)) {
        return Err(diag(
            k,
            "barrier-divergent",
            "barriers in both arms of a branch whose condition differs between threads",
        ));
    }
    if !k.op(op).results.is_empty() {
        return Err(diag(
            k,
            "internal",
            "a predicated branch kept results after demotion",
        ));
    }
    ctx.stats.hoisted += 1;
    if else_region
        .ops
        .iter()
        .any(|&o| !k.op(o).kind.is_terminator())
    {
        let t_yield = k.create_op(OpKind::Yield(vec![]), &[], None);
        let e = k.create_op(
            OpKind::If {
                cond,
                then_region: Region {
                    args: vec![],
                    ops: vec![t_yield],
                },
                else_region,
            },
            &[],
            k.op(op).loc,
        );
        cur.push(e);
    }
    flush(k, ctx, cur, out);
    let body: Vec<OpId> = then_region
        .ops
        .iter()
        .copied()
        .filter(|&o| !k.op(o).kind.is_terminator())
        .collect();
    ctx.preds.push(cond);
    let saved = ctx.tail_barrier;
    ctx.tail_barrier = false;
    let r = split(k, ctx, &body);
    ctx.tail_barrier = saved;
    ctx.preds.pop();
    out.extend(r?);
    Ok(())
}

type Emit<'a> = dyn FnMut(&mut Kernel, OpKind, Type, &mut Vec<OpId>) -> Value + 'a;

fn emit_mark(ctx: &mut Ctx, vals: &[Value]) {
    ctx.inside.extend(vals.iter().copied());
}

/// `__syncthreads_count/and/or(pred)`: each thread stores `pred & 1` (as `i32`) to a
/// per-thread array before the split; after it, block-level code counts the bits (the
/// interpreter's definition: count; count == threads; count != 0). Gives the result.
fn reduce_barrier(
    k: &mut Kernel,
    ctx: &mut Ctx,
    kind: BarrierKind,
    pred: Value,
    res: Value,
    cur: &mut Vec<OpId>,
    out: &mut Vec<OpId>,
) -> Value {
    use frontend::ir::IntPredicate as P;
    let pty = k.value_type(pred);
    let mk = |k: &mut Kernel, kind: OpKind, t: Type, ops: &mut Vec<OpId>| {
        let o = k.create_op(kind, &[t], None);
        ops.push(o);
        k.op(o).results[0]
    };
    // Thread side: bit = pred & 1 as i32, stored at lin.
    let one_p = mk(k, OpKind::Const { bits: 1 }, pty, cur);
    let bit = mk(k, OpKind::Binary(BinaryOp::And, pred, one_p), pty, cur);
    let bit32 = match pty.bits().cmp(&32) {
        std::cmp::Ordering::Less => mk(k, OpKind::Cast(CastOp::ZExt, bit), Type::I32, cur),
        std::cmp::Ordering::Greater => mk(k, OpKind::Cast(CastOp::Trunc, bit), Type::I32, cur),
        std::cmp::Ordering::Equal => bit,
    };
    for &o in cur.iter() {
        ctx.inside.extend(k.op(o).results.iter().copied());
    }
    let slot = new_slot(k, ctx, bit32);
    slot_store(k, ctx, slot, bit32, cur);
    flush(k, ctx, cur, out);
    // Block side: for i in 0..threads { acc += slot[i] }.
    let threads = ctx.cfg.block[0] * ctx.cfg.block[1] * ctx.cfg.block[2];
    let zero = mk(k, OpKind::Const { bits: 0 }, Type::I32, out);
    let n = mk(
        k,
        OpKind::Const {
            bits: u64::from(threads),
        },
        Type::I32,
        out,
    );
    let step = mk(k, OpKind::Const { bits: 1 }, Type::I32, out);
    let f = k.create_op(OpKind::Yield(vec![]), &[Type::I32], None);
    let iv = k.new_region_arg(f, 0, 0, Type::I32);
    let acc = k.new_region_arg(f, 0, 1, Type::I32);
    let mut body = Vec::new();
    let iv64 = mk(k, OpKind::Cast(CastOp::ZExt, iv), Type::I64, &mut body);
    let four = mk(k, OpKind::Const { bits: 4 }, Type::I64, &mut body);
    let off = mk(
        k,
        OpKind::Binary(BinaryOp::Mul, iv64, four),
        Type::I64,
        &mut body,
    );
    let v = mk(
        k,
        OpKind::Load {
            addr: Addr::Root {
                root: MemRoot::Shared(slot.0),
                offset: off,
            },
        },
        Type::I32,
        &mut body,
    );
    let next = mk(
        k,
        OpKind::Binary(BinaryOp::Add, acc, v),
        Type::I32,
        &mut body,
    );
    body.push(k.create_op(OpKind::Yield(vec![next]), &[], None));
    k.op_mut(f).kind = OpKind::For {
        lower: zero,
        upper: n,
        step,
        inits: vec![zero],
        body: Region {
            args: vec![iv, acc],
            ops: body,
        },
    };
    out.push(f);
    let count = k.op(f).results[0];
    let r32 = match kind {
        BarrierKind::And => {
            let eq = mk(k, OpKind::ICmp(P::Eq, count, n), Type::I1, out);
            mk(k, OpKind::Cast(CastOp::ZExt, eq), Type::I32, out)
        }
        BarrierKind::Or => {
            let ne = mk(k, OpKind::ICmp(P::Ne, count, zero), Type::I1, out);
            mk(k, OpKind::Cast(CastOp::ZExt, ne), Type::I32, out)
        }
        _ => count,
    };
    let rty = k.value_type(res);
    match rty.bits().cmp(&32) {
        std::cmp::Ordering::Equal => r32,
        std::cmp::Ordering::Greater => mk(k, OpKind::Cast(CastOp::ZExt, r32), rty, out),
        std::cmp::Ordering::Less => mk(k, OpKind::Cast(CastOp::Trunc, r32), rty, out),
    }
}

/// Replace the top-level `LocalAlloc`s of a thread loop by block arrays (`threads * size`
/// bytes, thread slice at `linear_tid * size`); rewrites every access and root address.
fn locals_to_block_arrays(
    k: &mut Kernel,
    ctx: &mut Ctx,
    ops: Vec<OpId>,
    locals: &[OpId],
) -> Vec<OpId> {
    let threads =
        u64::from(ctx.cfg.block[0]) * u64::from(ctx.cfg.block[1]) * u64::from(ctx.cfg.block[2]);
    let mut prologue = Vec::new();
    let tids = ctx.tids.clone();
    let lin = linear_tid(k, ctx.cfg, &tids, &mut prologue);
    let mut map: HashMap<crate::ir::LocalId, (SharedId, Value)> = HashMap::new();
    for &o in locals {
        let OpKind::LocalAlloc(l) = k.op(o).kind else {
            continue;
        };
        let la = k.locals[l.index()].clone();
        let id = SharedId(k.shared.len() as u32);
        k.shared.push(SharedAlloc {
            name: format!("dist.local{}", l.index()),
            bytes: threads * la.bytes.max(1),
            align: la.align.max(8),
            dynamic: false,
        });
        ctx.allocs
            .push(k.create_op(OpKind::SharedAlloc(id), &[], None));
        let base = slot_offset(k, lin, Type::I8, &mut prologue);
        // slot_offset multiplies by the type size (1 for i8); scale by the local's size.
        let size = k.create_op(
            OpKind::Const {
                bits: la.bytes.max(1),
            },
            &[Type::I64],
            None,
        );
        prologue.push(size);
        let sv = k.op(size).results[0];
        let m = k.create_op(OpKind::Binary(BinaryOp::Mul, base, sv), &[Type::I64], None);
        prologue.push(m);
        map.insert(l, (id, k.op(m).results[0]));
    }
    for &o in &prologue {
        ctx.inside.extend(k.op(o).results.iter().copied());
    }
    let body: Vec<OpId> = ops.into_iter().filter(|o| !locals.contains(o)).collect();
    let mut out = prologue;
    out.extend(rewrite_locals(k, ctx, body, &map));
    out
}

fn rewrite_locals(
    k: &mut Kernel,
    ctx: &mut Ctx,
    ops: Vec<OpId>,
    map: &HashMap<crate::ir::LocalId, (SharedId, Value)>,
) -> Vec<OpId> {
    let mut out = Vec::new();
    for o in ops {
        // Nested regions first.
        let mut kind = k.op(o).kind.clone();
        for r in kind.regions_mut() {
            r.ops = rewrite_locals(k, ctx, std::mem::take(&mut r.ops), map);
        }
        let mut fix = |addr: &mut Addr, k: &mut Kernel, out: &mut Vec<OpId>| {
            if let Addr::Root {
                root: MemRoot::Local(l),
                offset,
            } = *addr
            {
                if let Some(&(s, base)) = map.get(&l) {
                    let add = k.create_op(
                        OpKind::Binary(BinaryOp::Add, offset, base),
                        &[Type::I64],
                        None,
                    );
                    out.push(add);
                    let v = k.op(add).results[0];
                    ctx.inside.insert(v);
                    *addr = Addr::Root {
                        root: MemRoot::Shared(s),
                        offset: v,
                    };
                }
            }
        };
        match &mut kind {
            OpKind::Load { addr }
            | OpKind::Store { addr, .. }
            | OpKind::Atomic { addr, .. }
            | OpKind::AtomicCas { addr, .. } => fix(addr, k, &mut out),
            OpKind::Memcpy { dst, src, .. } => {
                fix(dst, k, &mut out);
                fix(src, k, &mut out);
            }
            OpKind::Memset { dst, .. } => fix(dst, k, &mut out),
            OpKind::RootAddr(MemRoot::Local(l)) => {
                if let Some(&(s, base)) = map.get(l) {
                    let ty = k
                        .op(o)
                        .results
                        .first()
                        .map(|&r| k.value_type(r))
                        .unwrap_or(Type::I64);
                    let ra = k.create_op(OpKind::RootAddr(MemRoot::Shared(s)), &[ty], None);
                    out.push(ra);
                    let rv = k.op(ra).results[0];
                    ctx.inside.insert(rv);
                    kind = OpKind::PtrAdd {
                        ptr: rv,
                        offset: base,
                    };
                }
            }
            _ => {}
        }
        k.op_mut(o).kind = kind;
        out.push(o);
    }
    out
}
