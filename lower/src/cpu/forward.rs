//! Forwarding a block's staged shared-memory values into the next thread loop (CPU
//! backend).
//!
//! A tree reduction stages one value per thread into shared memory and, after a barrier,
//! its first halving step reads two of them: after distribution the grid body is
//! `L1: for t { s[t] = v(t) }` (`v(t) = i < n ? x[i] : 0`, `i = blockIdx.x * 256 + t`),
//! then (past pure ops, launch-constant `If`s and the unrolled halving `While`)
//! `L2: for t { if (t < 128) s[t] = s[t + 128] + s[t] }`. Emitted as is, LLVM turns `L1`
//! into a 1 KB `memcpy` per block and `L2` reads it back. Here `L2` is emitted instead as
//! the fused loop `for t { s[t] = v(t); if (t < 128) s[t] = v(t + 128) + v(t) }`, where
//! `v(t + 128)` is `L1`'s body recomputed at thread `t + 128` (a clone of its ops with the
//! thread index `add(t, c)`, placed where the load was): no load of `s` is left, the first
//! store of the lower half is dead (LLVM removes it), and the split (`super::split`)
//! vectorizes the fused body as one thread loop.
//!
//! What is matched ([`plan`]), for a 1-D block (`blockDim.y = blockDim.z = 1`):
//! - `L1` is a thread loop directly in a grid body whose ops are pure non-dividing ops
//!   (`split::pure_op`), `If`s of such ops, loads rooted at a kernel parameter, and, at
//!   its top level, exactly one store to a shared allocation `s` at byte `ext(t) * size`
//!   (`size` = the stored type's bytes) with `blockDim.x * size` covering `s`.
//! - `L2` is any later thread loop in the same grid body whose ops are pure ops, `If`s,
//!   loads not through a computed pointer, stores to `s` at its own slot `ext(t) * size`
//!   only (no other store, atomic, copy, call, loop, address of `s`), and whose every load
//!   of `s` has the stored type, lies before every store to `s` in program order, and is
//!   at `ext(t) * size` or `ext(t + c) * size` (`c` defined outside `L2`).
//!
//! When it is used ([`Emitter::forward_op`]): `L1` is deferred; until the next thread
//! loop, only ops that run exactly once at this point and touch no memory may be emitted
//! (pure ops, the taken region of an `If` whose condition is a launch constant, the
//! iterations of an unrolled `While`); anything else, or the end of the region `L1` is in,
//! emits the deferred `L1` first, unchanged. If that next thread loop is a matched `L2` of this `L1`
//! and every `c` is a compile-time constant in `[0, 2^20)`, the fused body is emitted.
//!
//! Why the fused loop computes the same values (legality). The CPU runs a thread loop's
//! threads one after another in increasing `t` (the split keeps that order). In the
//! original, `L2`'s thread `t` loads slot `t + c` (`c >= 0`) before its own store; the
//! threads `t' < t` have stored only their own slots `t' < t <= t + c`, so the load sees
//! what `L1` left there: `v(t + c)` (slot `t + c` is inside `s`, as `L1` covers `s`; a
//! slot past `s` was an out-of-bounds read already). `v` reads only parameter memory, and
//! nothing between `L1` and the end of `L2` writes anything but `s`, so `v(t + c)`
//! recomputed inside `L2` has the same value; its ops cannot trap (no division). The
//! fused loop's memory effects on `s` are, per slot, `L1`'s store then `L2`'s stores of
//! the same thread, as in the original (no `L2` thread writes another thread's slot and
//! no load of `s` is left to observe the new interleaving).
//!
//! Dead upper stores. `L1`'s store, sunk into the else-branch of `L2`'s `if (t < c)`,
//! runs for threads `t >= c` only and writes bytes `>= h * size` of `s`, `h` the least
//! such `c` (a launch constant where the fused loop is emitted). It is emitted under a
//! flag whose value is decided at the end of the block body: `false` (the store is gone)
//! when every load of `s` emitted after the fused loop in that block reads only bytes
//! below `h * size`, checked per emitted copy with the constants known there
//! ([`SlotBound`]: a constant offset, or slot `t` or `t + c'` under an enclosing
//! `if (t < g)`, reading below `(g + c') * size`; a wrapping i32 `t + c'` is only
//! smaller). Legal because `s` is fresh per block and its address is never taken (no
//! `RootAddr` of it in the kernel, so no load through a pointer reaches it), every
//! access of `s` after `L1` is a plain load or store in the grid body after `L1`
//! ([`later_reads`]; anything else keeps the stores), `L1` runs once per block (directly
//! in the grid body) and the fused loop is reached only through once-run code, so the
//! loads emitted after it are exactly the reads that can follow it in the block: none
//! reads a byte the dropped stores would have written, and the block ends before any
//! other code can.
//!
//! With the split's block-level bounds check (`super::split`, `assumed_segments`), a
//! full block runs the fused loop as constant segments `[0, c)` (fused) and `[c,
//! blockDim.x)` (nothing left once its stores are dead); the staging `memcpy` is gone.
//! On by default since it measured faster on `reduce_shared` (BENCHMARKS.md, CPU
//! section); `RAISE_CPU_FORWARD=0` turns it off (same values; before/after runs).

use std::collections::HashMap;

use parallel_ir::ir::{
    Addr, BinaryOp, CastOp, IntPredicate, Kernel, Level, MemRoot, OpId, OpKind, Region, SharedId,
    Type, Value, ValueDef,
};

use frontend::interp::LaunchConfig;

/// A matched `L2`, emitted fused with the deferred `L1`.
#[derive(Clone, Debug)]
pub(super) struct Fusion {
    /// The staging thread loop `L1`.
    pub l1: OpId,
    /// The fused thread-loop body (`L2`'s arguments).
    pub body: Region,
    /// The shifts `c` of the forwarded loads; each must be a constant in `[0, 2^20)`.
    pub shifts: Vec<Value>,
    /// The copies of `L1`'s staging store sunk into the else-branch of an `If` on
    /// `t < c` (so run by threads `t >= c` only), with their `c`.
    pub upper: Vec<(OpId, Value)>,
    /// Every load of `s` that may run after `L2` in the block, with what bounds its
    /// slot; `None` when some later access of `s` is of another form (then the upper
    /// stores are kept).
    pub reads: Option<HashMap<OpId, SlotBound>>,
    /// `s` and the staged type's size in bytes.
    pub sid: SharedId,
    pub size: u64,
}

/// What bounds the bytes a later load of `s` reads (evaluated with the constants known
/// where the load is emitted, [`super::emit::Emitter::check_upper_read`]).
#[derive(Clone, Debug)]
pub(super) enum SlotBound {
    /// At the constant byte offset, this many bytes.
    Const { offset: u64, bytes: u64 },
    /// At slot `t + shift` (`shift` = `None`: slot `t`), `t` the load's thread index,
    /// under an enclosing `If` on `t < guard` (unsigned): slot `< guard + shift`.
    Guarded { shift: Option<Value>, guard: Value },
}

/// The forwarded staging of one fused loop whose upper stores are emitted under a
/// placeholder flag, decided at the end of the block (`Emitter::end_region`).
#[derive(Clone, Debug)]
pub(super) struct UpperWatch {
    pub sid: SharedId,
    /// The upper stores write only bytes `>= h_bytes` of `s`.
    pub h_bytes: u64,
    /// The staged type's size in bytes.
    pub size: u64,
    pub reads: HashMap<OpId, SlotBound>,
    /// Every later load checked so far reads only bytes below `h_bytes`.
    pub dead: bool,
    /// The placeholder in the emitted text and the region depth of the block body.
    pub token: String,
    pub depth: usize,
}

/// `L1`'s store: the allocation, the stored value's type and the store op.
struct Staging {
    sid: SharedId,
    ty: Type,
    store: OpId,
}

fn def_op(k: &Kernel, v: Value) -> Option<OpId> {
    match k.value_def(v) {
        ValueDef::Result(op, 0) => Some(op),
        _ => None,
    }
}

fn const_bits(k: &Kernel, v: Value) -> Option<u64> {
    match k.op(def_op(k, v)?).kind {
        OpKind::Const { bits } => Some(bits),
        _ => None,
    }
}

/// The `a` of an offset `ext(a) * size` (either operand order).
fn slot_index(k: &Kernel, offset: Value, size: u64) -> Option<Value> {
    let OpKind::Binary(BinaryOp::Mul, a, b) = k.op(def_op(k, offset)?).kind else {
        return None;
    };
    let ext_of = |v: Value| match def_op(k, v).map(|o| &k.op(o).kind) {
        Some(OpKind::Cast(CastOp::ZExt | CastOp::SExt, x)) if k.value_type(*x) == Type::I32 => {
            Some(*x)
        }
        _ => None,
    };
    if const_bits(k, b) == Some(size) {
        ext_of(a)
    } else if const_bits(k, a) == Some(size) {
        ext_of(b)
    } else {
        None
    }
}

fn type_bytes(ty: Type) -> u64 {
    u64::from(ty.bits().div_ceil(8))
}

/// `L1`'s staging store when its body has the matched form (module doc).
fn staging(k: &Kernel, cfg: &LaunchConfig, body: &Region) -> Option<Staging> {
    let &x = body.args.first()?;
    let mut found = None;
    for &o in &body.ops {
        match &k.op(o).kind {
            OpKind::Store {
                addr:
                    Addr::Root {
                        root: MemRoot::Shared(sid),
                        offset,
                    },
                value,
            } if found.is_none() => {
                let ty = k.value_type(*value);
                if slot_index(k, *offset, type_bytes(ty)) != Some(x) {
                    return None;
                }
                found = Some(Staging {
                    sid: *sid,
                    ty,
                    store: o,
                });
            }
            kind if kind.is_terminator() => {}
            _ if recomputable(k, o) => {}
            _ => return None,
        }
    }
    let st = found?;
    let alloc = k.shared.get(st.sid.index())?;
    let bytes = if alloc.dynamic {
        cfg.dynamic_shared_bytes
    } else {
        alloc.bytes
    };
    (u64::from(cfg.block[0]) * type_bytes(st.ty) >= bytes).then_some(st)
}

/// Whether op `o` of `L1` may be recomputed anywhere later: pure, parameter loads, `If`s
/// of such ops (no region arguments).
fn recomputable(k: &Kernel, o: OpId) -> bool {
    match &k.op(o).kind {
        kind if super::split::pure_op(kind) => true,
        OpKind::Load {
            addr:
                Addr::Root {
                    root: MemRoot::Param(_),
                    ..
                },
        } => true,
        OpKind::If {
            then_region,
            else_region,
            ..
        } => [then_region, else_region].iter().all(|r| {
            r.args.is_empty()
                && r.ops
                    .iter()
                    .all(|&p| k.op(p).kind.is_terminator() || recomputable(k, p))
        }),
        _ => false,
    }
}

/// The forwarded loads of `L2` (load op, shift `None` for slot `t`, `Some(c)` for slot
/// `t + c`), when its body has the matched form.
fn forwarded_loads(k: &Kernel, st: &Staging, body: &Region) -> Option<Vec<(OpId, Option<Value>)>> {
    let &x = body.args.first()?;
    let size = type_bytes(st.ty);
    let mut inside = std::collections::HashSet::new();
    let mut loads = Vec::new();
    let mut stored = false;
    walk(k, st, body, x, size, &mut inside, &mut loads, &mut stored)?;
    Some(loads)
}

#[allow(clippy::too_many_arguments)]
fn walk(
    k: &Kernel,
    st: &Staging,
    region: &Region,
    x: Value,
    size: u64,
    inside: &mut std::collections::HashSet<Value>,
    loads: &mut Vec<(OpId, Option<Value>)>,
    stored: &mut bool,
) -> Option<()> {
    let s = MemRoot::Shared(st.sid);
    for &o in &region.ops {
        let data = k.op(o);
        match &data.kind {
            kind if kind.is_terminator() => {}
            kind if super::split::pure_op(kind) => {}
            OpKind::Load {
                addr: Addr::Root { root, offset },
            } => {
                if *root == s {
                    let r = k.result(o)?;
                    if *stored || k.value_type(r) != st.ty {
                        return None;
                    }
                    let a = slot_index(k, *offset, size)?;
                    if a == x {
                        loads.push((o, None));
                    } else {
                        let OpKind::Binary(BinaryOp::Add, p, q) = k.op(def_op(k, a)?).kind else {
                            return None;
                        };
                        let c = if p == x {
                            q
                        } else if q == x {
                            p
                        } else {
                            return None;
                        };
                        if inside.contains(&c) {
                            return None;
                        }
                        loads.push((o, Some(c)));
                    }
                }
            }
            OpKind::Store {
                addr: Addr::Root { root, offset },
                value,
            } if *root == s
                && k.value_type(*value) == st.ty
                && slot_index(k, *offset, size) == Some(x) =>
            {
                *stored = true;
            }
            OpKind::If {
                then_region,
                else_region,
                ..
            } if then_region.args.is_empty() && else_region.args.is_empty() => {
                walk(k, st, then_region, x, size, inside, loads, stored)?;
                walk(k, st, else_region, x, size, inside, loads, stored)?;
            }
            _ => return None,
        }
        inside.extend(data.results.iter().copied());
    }
    Some(())
}

/// Deep-copy `ops` into `k`, mapping operands through `map` (extended with the copies'
/// results); region arguments are not supported (the matched forms have none).
fn clone_ops(k: &mut Kernel, ops: &[OpId], map: &mut HashMap<Value, Value>) -> Vec<OpId> {
    let mut out = Vec::new();
    for &o in ops {
        let data = k.op(o).clone();
        let mut kind = data.kind.clone();
        kind.for_each_operand_mut(|v| {
            if let Some(&n) = map.get(v) {
                *v = n;
            }
        });
        if let OpKind::If {
            then_region,
            else_region,
            ..
        } = &mut kind
        {
            then_region.ops = clone_ops(k, &then_region.ops, map);
            else_region.ops = clone_ops(k, &else_region.ops, map);
        }
        let tys: Vec<Type> = data.results.iter().map(|&r| k.value_type(r)).collect();
        let n = k.create_op(kind, &tys, data.loc);
        for (&r, &nr) in data.results.iter().zip(&k.op(n).results.clone()) {
            map.insert(r, nr);
        }
        out.push(n);
    }
    out
}

/// `L2`'s ops with every forwarded load replaced by `L1`'s ops recomputed at the loaded
/// slot (or, for slot `t`, by `v_t`).
#[allow(clippy::too_many_arguments)]
fn rewrite(
    k: &mut Kernel,
    ops: &[OpId],
    l1: &Region,
    l2_args: &[Value],
    st_store: OpId,
    forwarded: &HashMap<OpId, Option<Value>>,
    v_t: Value,
    map: &mut HashMap<Value, Value>,
) -> Vec<OpId> {
    let mut out = Vec::new();
    for &o in ops {
        if let Some(&shift) = forwarded.get(&o) {
            let Some(r) = k.result(o) else { continue };
            let value = match shift {
                None => v_t,
                Some(_) => {
                    // The slot index `add(t, c)` of the load, as already mapped.
                    let OpKind::Load {
                        addr: Addr::Root { offset, .. },
                    } = k.op(o).kind
                    else {
                        continue;
                    };
                    let size = type_bytes(k.value_type(r));
                    let Some(a) = slot_index(k, offset, size) else {
                        continue;
                    };
                    let a = map.get(&a).copied().unwrap_or(a);
                    let mut m1 = map.clone();
                    for (&a1, &a2) in l1.args.iter().zip(l2_args) {
                        m1.insert(a1, a2);
                    }
                    if let Some(&x1) = l1.args.first() {
                        m1.insert(x1, a);
                    }
                    let body: Vec<OpId> = l1
                        .ops
                        .iter()
                        .copied()
                        .filter(|&p| p != st_store && !k.op(p).kind.is_terminator())
                        .collect();
                    out.extend(clone_ops(k, &body, &mut m1));
                    let OpKind::Store { value, .. } = k.op(st_store).kind else {
                        continue;
                    };
                    m1.get(&value).copied().unwrap_or(value)
                }
            };
            map.insert(r, value);
            continue;
        }
        let data = k.op(o).clone();
        let mut kind = data.kind.clone();
        kind.for_each_operand_mut(|v| {
            if let Some(&n) = map.get(v) {
                *v = n;
            }
        });
        if let OpKind::If {
            then_region,
            else_region,
            ..
        } = &mut kind
        {
            then_region.ops = rewrite(
                k,
                &then_region.ops,
                l1,
                l2_args,
                st_store,
                forwarded,
                v_t,
                map,
            );
            else_region.ops = rewrite(
                k,
                &else_region.ops,
                l1,
                l2_args,
                st_store,
                forwarded,
                v_t,
                map,
            );
        }
        let tys: Vec<Type> = data.results.iter().map(|&r| k.value_type(r)).collect();
        let n = k.create_op(kind, &tys, data.loc);
        for (&r, &nr) in data.results.iter().zip(&k.op(n).results.clone()) {
            map.insert(r, nr);
        }
        out.push(n);
    }
    out
}

/// Whether every path through `ops` (a fused region, no load of `s` left) stores to
/// the thread's own slot; branches of the first `If` holding such stores that do not
/// are completed with a copy of `L1`'s staging store `staged` at their end. The slot's
/// final value is then the same as after `L1`'s store followed by `L2`'s: the last store
/// on the path, or `v(t)` where `L2` stores nothing (every store writes the whole slot,
/// and nothing reads it in between).
///
/// `placed` collects the copies placed in the else-branch of an `If` on `t < c`
/// (`icmp ult t, c`, `t` = `x`), with that `c`.
fn sink(
    k: &mut Kernel,
    ops: &mut [OpId],
    staged: OpId,
    x: Value,
    placed: &mut Vec<(OpId, Value)>,
) -> bool {
    for &o in ops.iter() {
        match k.op(o).kind.clone() {
            OpKind::Store { .. } => return true,
            OpKind::If {
                cond,
                mut then_region,
                mut else_region,
            } if stores(k, &then_region.ops) || stores(k, &else_region.ops) => {
                let below = match def_op(k, cond).map(|d| &k.op(d).kind) {
                    Some(&OpKind::ICmp(IntPredicate::Ult, a, c)) if a == x => Some(c),
                    _ => None,
                };
                for (r, is_else) in [(&mut then_region, false), (&mut else_region, true)] {
                    if !sink(k, &mut r.ops, staged, x, placed) {
                        let copy = place(k, &mut r.ops, staged);
                        if let (true, Some(c)) = (is_else, below) {
                            placed.push((copy, c));
                        }
                    }
                }
                k.op_mut(o).kind = OpKind::If {
                    cond,
                    then_region,
                    else_region,
                };
                return true;
            }
            _ => {}
        }
    }
    false
}

/// Whether `ops` (nested ones too) hold a store.
fn stores(k: &Kernel, ops: &[OpId]) -> bool {
    ops.iter().any(|&o| {
        let kind = &k.op(o).kind;
        matches!(kind, OpKind::Store { .. }) || kind.regions().iter().any(|r| stores(k, &r.ops))
    })
}

/// A copy of the staging store before the region's terminator.
fn place(k: &mut Kernel, ops: &mut Vec<OpId>, staged: OpId) -> OpId {
    let data = k.op(staged).clone();
    let copy = k.create_op(data.kind, &[], data.loc);
    let at = ops
        .iter()
        .position(|&o| k.op(o).kind.is_terminator())
        .unwrap_or(ops.len());
    ops.insert(at, copy);
    copy
}

/// Whether some op in `ops` (nested ones too) takes the address of `s` as a value.
fn takes_address(k: &Kernel, ops: &[OpId], s: MemRoot) -> bool {
    ops.iter().any(|&o| {
        let kind = &k.op(o).kind;
        matches!(kind, OpKind::RootAddr(r) if *r == s)
            || kind.regions().iter().any(|r| takes_address(k, &r.ops, s))
    })
}

/// The loads of `s` in `ops` (nested ones too), each with what bounds its slot
/// ([`SlotBound`]); `None` when an op other than a plain load or store accesses `s`, or
/// a load of `s` has no such bound. `tid` is the innermost enclosing thread loop's x
/// index, `guards` the `c` of the enclosing `If`s on `tid < c` whose then-branch holds
/// the op (inside that thread loop).
fn later_reads(
    k: &Kernel,
    ops: &[OpId],
    st: &Staging,
    tid: Option<Value>,
    guards: &mut Vec<Value>,
    out: &mut HashMap<OpId, SlotBound>,
) -> Option<()> {
    let s = MemRoot::Shared(st.sid);
    let size = type_bytes(st.ty);
    for &o in ops {
        let kind = &k.op(o).kind;
        for a in super::mem_addrs(kind) {
            let Addr::Root { root, offset } = a else {
                continue;
            };
            if *root != s {
                continue;
            }
            match kind {
                OpKind::Store { .. } => {}
                OpKind::Load { .. } => {
                    let r = k.result(o)?;
                    let bytes = type_bytes(k.value_type(r));
                    if let Some(off) = const_bits(k, *offset) {
                        out.insert(o, SlotBound::Const { offset: off, bytes });
                        continue;
                    }
                    let t = tid?;
                    if k.value_type(r) != st.ty {
                        return None;
                    }
                    let a = slot_index(k, *offset, size)?;
                    let shift = if a == t {
                        None
                    } else {
                        let OpKind::Binary(BinaryOp::Add, p, q) = k.op(def_op(k, a)?).kind else {
                            return None;
                        };
                        Some(if p == t {
                            q
                        } else if q == t {
                            p
                        } else {
                            return None;
                        })
                    };
                    // The innermost guard will do (any one bounds the slot).
                    let guard = *guards.last()?;
                    out.insert(o, SlotBound::Guarded { shift, guard });
                }
                _ => return None,
            }
        }
        match kind {
            OpKind::Parallel { body, .. } => {
                let mut inner = Vec::new();
                later_reads(
                    k,
                    &body.ops,
                    st,
                    body.args.first().copied(),
                    &mut inner,
                    out,
                )?;
            }
            OpKind::If {
                cond,
                then_region,
                else_region,
            } => {
                let below = match (tid, def_op(k, *cond).map(|d| &k.op(d).kind)) {
                    (Some(t), Some(&OpKind::ICmp(IntPredicate::Ult, a, c))) if a == t => Some(c),
                    _ => None,
                };
                if let Some(c) = below {
                    guards.push(c);
                }
                let r = later_reads(k, &then_region.ops, st, tid, guards, out);
                if below.is_some() {
                    guards.pop();
                }
                r?;
                later_reads(k, &else_region.ops, st, tid, guards, out)?;
            }
            other => {
                for r in other.regions() {
                    later_reads(k, &r.ops, st, tid, guards, out)?;
                }
            }
        }
    }
    Some(())
}

/// Thread loops nested anywhere in `ops`.
fn thread_loops(k: &Kernel, ops: &[OpId], out: &mut Vec<OpId>) {
    for &o in ops {
        let kind = &k.op(o).kind;
        if matches!(
            kind,
            OpKind::Parallel {
                level: Level::Block,
                ..
            }
        ) {
            out.push(o);
        }
        for r in kind.regions() {
            thread_loops(k, &r.ops, out);
        }
    }
}

/// The matched `L1`/`L2` pairs of `kernel` for launch `cfg`: a copy of the kernel holding
/// the fused bodies' ops, and the fusions by `L2`. `None` when nothing matches (or
/// `RAISE_CPU_FORWARD=0`).
pub(super) fn plan(kernel: &Kernel, cfg: &LaunchConfig) -> Option<(Kernel, HashMap<OpId, Fusion>)> {
    if std::env::var_os("RAISE_CPU_FORWARD").is_some_and(|v| v == "0") {
        return None;
    }
    if cfg.block[1] != 1 || cfg.block[2] != 1 {
        return None;
    }
    let mut pairs = Vec::new();
    for &g in &kernel.body.ops {
        let OpKind::Parallel {
            level: Level::Grid,
            body: grid,
        } = &kernel.op(g).kind
        else {
            continue;
        };
        for (i, &l1) in grid.ops.iter().enumerate() {
            let OpKind::Parallel {
                level: Level::Block,
                body,
            } = &kernel.op(l1).kind
            else {
                continue;
            };
            let Some(st) = staging(kernel, cfg, body) else {
                continue;
            };
            let mut later = Vec::new();
            thread_loops(kernel, &grid.ops[i + 1..], &mut later);
            // Every read of `s` after `L1` in this block is in `grid.ops[i + 1..]` (`L1`
            // is directly in the grid body; `s` is fresh per block).
            let mut reads = HashMap::new();
            let reads = (!takes_address(kernel, &kernel.body.ops, MemRoot::Shared(st.sid)))
                .then(|| {
                    later_reads(
                        kernel,
                        &grid.ops[i + 1..],
                        &st,
                        None,
                        &mut Vec::new(),
                        &mut reads,
                    )
                })
                .flatten()
                .map(|()| reads);
            for l2 in later {
                let OpKind::Parallel { body: b2, .. } = &kernel.op(l2).kind else {
                    continue;
                };
                if let Some(loads) = forwarded_loads(kernel, &st, b2) {
                    pairs.push((l1, st.store, l2, loads, reads.clone(), st.sid, st.ty));
                }
            }
        }
    }
    if pairs.is_empty() {
        return None;
    }
    let mut k = kernel.clone();
    let mut fusions = HashMap::new();
    for (l1, store, l2, loads, reads, sid, ty) in pairs {
        let (OpKind::Parallel { body: b1, .. }, OpKind::Parallel { body: b2, .. }) =
            (k.op(l1).kind.clone(), k.op(l2).kind.clone())
        else {
            continue;
        };
        let mut map: HashMap<Value, Value> = b1
            .args
            .iter()
            .copied()
            .zip(b2.args.iter().copied())
            .collect();
        let l1_ops: Vec<OpId> = b1
            .ops
            .iter()
            .copied()
            .filter(|&o| !k.op(o).kind.is_terminator())
            .collect();
        let mut ops = clone_ops(&mut k, &l1_ops, &mut map);
        let OpKind::Store { value, .. } = k.op(store).kind else {
            continue;
        };
        let v_t = map.get(&value).copied().unwrap_or(value);
        // `L1`'s store is sunk below (`sink`), to where `L2` does not store the slot.
        let Some(pos) = b1.ops.iter().position(|&o| o == store) else {
            continue;
        };
        let staged = ops.remove(pos);
        let shifts = loads.iter().filter_map(|&(_, c)| c).collect();
        let forwarded: HashMap<OpId, Option<Value>> = loads.into_iter().collect();
        let mut m2 = HashMap::new();
        ops.extend(rewrite(
            &mut k, &b2.ops, &b1, &b2.args, store, &forwarded, v_t, &mut m2,
        ));
        let mut upper = Vec::new();
        let Some(&x) = b2.args.first() else {
            continue;
        };
        if !sink(&mut k, &mut ops, staged, x, &mut upper) {
            place(&mut k, &mut ops, staged);
        }
        fusions.insert(
            l2,
            Fusion {
                l1,
                body: Region {
                    args: b2.args.clone(),
                    ops,
                },
                shifts,
                upper,
                reads,
                sid,
                size: type_bytes(ty),
            },
        );
    }
    Some((k, fusions))
}

impl super::emit::Emitter<'_> {
    /// The emission side of the forwarding (module doc): defers a staging loop `L1`, lets
    /// only once-run memory-free ops pass while it is deferred, and emits a matched `L2`
    /// fused. Gives `true` when op `id` is handled here; otherwise the deferred loop (if
    /// any) has been emitted and the caller emits `id` as usual.
    pub(super) fn forward_op(
        &mut self,
        id: OpId,
        data: &parallel_ir::ir::OpData,
    ) -> Result<bool, frontend::Diagnostic> {
        if self.flushing {
            return Ok(false);
        }
        let Some(l1) = self.pending_l1 else {
            let stages = self.fusions.values().any(|f| f.l1 == id);
            if stages && self.linear_tid.is_none() && self.segment.is_none() {
                self.pending_l1 = Some(id);
                self.pending_depth = self.region_depth;
                return Ok(true);
            }
            return Ok(false);
        };
        match &data.kind {
            kind if super::split::pure_op(kind) => return Ok(false),
            OpKind::If {
                cond,
                then_region,
                else_region,
            } => {
                if let Some(c) = self.const_of(*cond) {
                    let region = if c & 1 != 0 { then_region } else { else_region };
                    let term = self.region_body(region)?;
                    let ys = self.yield_of(term)?;
                    for (&r, y) in data.results.iter().zip(ys) {
                        self.bind(r, y);
                    }
                    return Ok(true);
                }
            }
            OpKind::While {
                inits,
                before,
                after,
            } if self.unrolled_while(inits, before, after, &data.results)? => {
                return Ok(true);
            }
            OpKind::Parallel {
                level: Level::Block,
                ..
            } => {
                let fused = self.fusions.get(&id).filter(|f| {
                    f.l1 == l1
                        && f.shifts
                            .iter()
                            .all(|&c| self.const_of(c).is_some_and(|c| c < 1 << 20))
                });
                if let Some(f) = fused {
                    let body = f.body.clone();
                    let f = f.clone();
                    self.pending_l1 = None;
                    self.line("// raise: staged shared values forwarded into this thread loop");
                    self.watch_upper(id, &f);
                    self.in_fused = true;
                    let out = self.parallel_thread(&body);
                    self.in_fused = false;
                    self.upper_flag.clear();
                    out?;
                    return Ok(true);
                }
            }
            _ => {}
        }
        self.flush_forward()?;
        Ok(false)
    }

    /// Before a fused loop: put its upper staging stores (threads `t >= h`, writing bytes
    /// `>= h * size` of `s`) under a flag whose value is a placeholder until the end of
    /// the block, and watch the later loads of `s` (module doc, "Dead upper stores").
    fn watch_upper(&mut self, l2: OpId, f: &Fusion) {
        if self.upper_watch.is_some() || f.upper.is_empty() {
            return;
        }
        let Some(reads) = f.reads.clone() else {
            return;
        };
        let h = f
            .upper
            .iter()
            .map(|&(_, c)| self.const_of(c))
            .collect::<Option<Vec<u64>>>()
            .and_then(|v| v.into_iter().min());
        let Some(h_bytes) = h.and_then(|h| h.checked_mul(f.size)) else {
            return;
        };
        let token = format!("__raise_upper_stores_{}__", l2.0);
        let flag = self.def(&format!("arith.constant {token}"));
        for &(o, _) in &f.upper {
            self.upper_flag.insert(o, flag.clone());
        }
        self.upper_watch = Some(UpperWatch {
            sid: f.sid,
            h_bytes,
            size: f.size,
            reads,
            dead: true,
            token,
            depth: self.pending_depth,
        });
    }

    /// A load about to be emitted: if it reads the watched `s`, whether it reads only
    /// bytes below the upper stores', with the constants known here.
    pub(super) fn check_upper_read(&mut self, id: OpId, addr: &Addr) {
        let Some(w) = &self.upper_watch else {
            return;
        };
        let Addr::Root {
            root: MemRoot::Shared(sid),
            ..
        } = addr
        else {
            return;
        };
        if *sid != w.sid {
            return;
        }
        let end = match w.reads.get(&id) {
            None => None,
            Some(&SlotBound::Const { offset, bytes }) => offset.checked_add(bytes),
            Some(&SlotBound::Guarded { shift, guard }) => {
                let c = match shift {
                    None => Some(0),
                    Some(v) => self.const_of(v),
                };
                // Slots `t + c <= g - 1 + c` (an i32 add that wraps only gets smaller),
                // each `size` bytes: bytes below `(g + c) * size`.
                match (self.const_of(guard), c) {
                    (Some(g), Some(c)) => g.checked_add(c).and_then(|e| e.checked_mul(w.size)),
                    _ => None,
                }
            }
        };
        let below = end.is_some_and(|e| e <= w.h_bytes);
        if let Some(w) = self.upper_watch.as_mut() {
            w.dead &= below;
        }
    }

    /// At the end of a region: if it is the block body of the watched fusion, the
    /// placeholder becomes `false` when every later load read below the upper stores
    /// (they are dead), else `true`.
    pub(super) fn close_upper_watch(&mut self) {
        if self
            .upper_watch
            .as_ref()
            .is_some_and(|w| w.depth == self.region_depth)
        {
            if let Some(w) = self.upper_watch.take() {
                let v = if w.dead { "false" } else { "true" };
                self.out = self.out.replacen(&w.token, v, 1);
                if w.dead {
                    self.line("// raise: the fused loop's upper staging stores are dead");
                }
            }
        }
    }

    /// Emit the deferred staging loop, unchanged, if there is one.
    pub(super) fn flush_forward(&mut self) -> Result<(), frontend::Diagnostic> {
        if self.flushing {
            return Ok(());
        }
        if let Some(l1) = self.pending_l1.take() {
            self.flushing = true;
            let out = self.op(l1);
            self.flushing = false;
            out?;
        }
        Ok(())
    }
}
