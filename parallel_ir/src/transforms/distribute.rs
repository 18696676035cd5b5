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
//! with `barrier-divergent` otherwise.
//!
//! Uniform pure ops at the top level of split code move out to block level (evaluated
//! once per block instead of once per thread: same value, no effects). Values defined in
//! one new thread loop and used in another become per-thread arrays: a fresh block-scoped
//! [`SharedAlloc`] of `threads * size` bytes, written at `linear_tid * size` right after
//! the definition and read back at the start of each using loop. (Recomputing cheap values
//! instead of storing them is a later optimisation.) Thread-private allocations cannot yet
//! outlive a split (`distribute-local`); reducing barriers (`__syncthreads_count` etc.)
//! are rejected (`distribute-barrier-kind`).

use std::collections::{HashMap, HashSet};

use frontend::interp::LaunchConfig;
use frontend::ir::{BarrierKind, BinaryOp, CastOp};
use frontend::Diagnostic;

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
}

fn diag(k: &Kernel, code: &'static str, msg: impl Into<String>) -> Diagnostic {
    Diagnostic::new(code, msg.into()).in_function(k.display_name.clone())
}

/// Whether `op` is or contains a barrier.
pub fn contains_barrier(k: &Kernel, op: OpId) -> bool {
    let kind = &k.op(op).kind;
    matches!(kind, OpKind::Barrier { .. })
        || kind
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
    };
    let ops: Vec<OpId> = body
        .ops
        .iter()
        .copied()
        .filter(|&o| !k.op(o).kind.is_terminator())
        .collect();
    if ops.iter().any(|&o| has_local_alloc(k, o)) {
        return Err(diag(
            k,
            "distribute-local",
            "a thread-private allocation in a thread loop with barriers (per-thread arrays for locals are not implemented yet)",
        ));
    }
    let out = split(k, &mut ctx, &ops)?;
    let spills = fix_segments(k, &mut ctx)?;
    stats.barriers += ctx.stats.barriers;
    stats.hoisted += ctx.stats.hoisted;
    stats.spilled += ctx.stats.spilled;
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
    for &op in ops {
        let kind = k.op(op).kind.clone();
        if let OpKind::Barrier { kind: bk, .. } = kind {
            if bk != BarrierKind::Sync {
                return Err(diag(
                    k,
                    "distribute-barrier-kind",
                    format!("a reducing barrier ({bk}) cannot be distributed yet"),
                ));
            }
            ctx.stats.barriers += 1;
            flush(k, ctx, &mut cur, &mut out);
            continue;
        }
        if !contains_barrier(k, op) {
            if is_pure(&kind) && kind.operands().iter().all(|&v| ctx.is_uniform(v)) {
                let results = k.op(op).results.clone();
                ctx.uniform.extend(results);
                out.push(op);
            } else {
                cur.push(op);
            }
            continue;
        }
        flush(k, ctx, &mut cur, &mut out);
        ctx.stats.hoisted += 1;
        let divergent = |k: &Kernel, what: &str| {
            diag(
                k,
                "barrier-divergent",
                format!(
                    "a barrier inside {what} that is not provably the same for every thread of the block"
                ),
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
                    return Err(divergent(k, "a loop whose bounds or carried values"));
                }
                ctx.uniform.extend(body.args.iter().copied());
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
                    return Err(divergent(k, "a while loop whose carried values"));
                }
                ctx.uniform.extend(before.args.iter().copied());
                // The before-region must be uniform code (it decides the trip count).
                for &o in &before.ops {
                    let kd = k.op(o).kind.clone();
                    let ok = match &kd {
                        OpKind::Condition { .. } => {
                            kd.operands().iter().all(|&v| ctx.is_uniform(v))
                        }
                        kd => is_pure(kd) && kd.operands().iter().all(|&v| ctx.is_uniform(v)),
                    };
                    if !ok {
                        return Err(divergent(k, "a while loop whose condition"));
                    }
                    let results = k.op(o).results.clone();
                    ctx.uniform.extend(results);
                }
                ctx.uniform.extend(after.args.iter().copied());
                let a = split_region(k, ctx, &after)?;
                check_yield_uniform(k, ctx, &a, "a while loop's carried values")?;
                let results = k.op(op).results.clone();
                ctx.uniform.extend(results);
                if let OpKind::While { after, .. } = &mut k.op_mut(op).kind {
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
    }
    flush(k, ctx, &mut cur, &mut out);
    Ok(out)
}

/// Split a region's ops (keeping its arguments and terminator).
fn split_region(k: &mut Kernel, ctx: &mut Ctx, r: &Region) -> Result<Region, Diagnostic> {
    let (body, term): (Vec<OpId>, Vec<OpId>) =
        r.ops.iter().partition(|&&o| !k.op(o).kind.is_terminator());
    let mut ops = split(k, ctx, &body)?;
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
    // Which values each segment needs from other segments.
    let mut needs: Vec<Vec<Value>> = vec![Vec::new(); segs.len()];
    let mut spilled: Vec<Value> = Vec::new();
    for (i, ops) in seg_ops.iter().enumerate() {
        let mut uses = Vec::new();
        used_in(k, ops, &mut uses);
        let mut seen = HashSet::new();
        for u in uses {
            if let Some(&j) = seg_of.get(&u) {
                if j != i && seen.insert(u) {
                    needs[i].push(u);
                    if !spilled.contains(&u) {
                        spilled.push(u);
                    }
                }
            }
        }
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
        let lin = if stores_here.is_empty() && needs[i].is_empty() {
            None
        } else {
            Some(linear_tid(k, ctx.cfg, &args, &mut prologue))
        };
        let mut new_ops = Vec::new();
        let mut map: HashMap<Value, Value> = HashMap::new();
        for (t, &a) in ctx.tids.iter().zip(&args) {
            map.insert(*t, a);
        }
        if let Some(lin) = lin {
            for &v in &needs[i] {
                let (sid, ty) = slot[&v];
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
        let body_only: Vec<OpId> = new_ops[prologue.len()..].to_vec();
        rewrite_in(k, &body_only, &map);
        new_ops.extend(term);
        if let OpKind::Parallel { body, .. } = &mut k.op_mut(s).kind {
            body.ops = new_ops;
        }
    }
    Ok(alloc_ops)
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
