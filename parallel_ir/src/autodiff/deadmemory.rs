//! Dead memory of an adjoint: [`drop_dead_memory`] removes the writes to kernel-private
//! memory (shared and per-thread allocations) and to buffers whose final contents the
//! caller discards, when nothing the kernel keeps can read what they wrote; then the
//! barriers left with no memory access to order ([`drop_idle_barriers`]).
//!
//! # Why
//! A reverse-mode adjoint re-executes its launch's forward body before the reverse
//! sweep. When the launch is linear in its float data (scan_block's Hillis-Steele scan:
//! `buf[out][t] = buf[in][t] + buf[in][t - offset]` between barriers, then `y[i] =
//! buf[out][t]`), the sweep needs none of the forward values, only the control and the
//! addresses, which depend on indices alone. Once the store of `y` is dropped
//! ([`super::deadstores`]) the forward scan computes shared-memory contents that only
//! feed further shared-memory stores: half the adjoint's work, and one thread loop per
//! barrier on the CPU, for nothing. [`super::deadstores`] cannot see that (the scan
//! reads its buffer), nor can it drop saxpy's re-executed `y[i] = a x[i] + y[i]` (the
//! kernel reads `y`, but only to compute the dropped store's value), which costs the CPU
//! schedule a copy of `y`.
//!
//! # What it rewrites
//! A *candidate* is a shared allocation, a per-thread allocation, or a launch buffer `b`
//! with `discardable(b)` (the caller's claim, as in [`super::deadstores`]: the kernel's
//! final contents of `b` are not observed, and a kernel that does not write `b` leaves
//! it as the caller expects). It must be accessed only by loads, stores, memsets and
//! atomics whose old value is unused, all at a known root (the kernel has no access
//! through a pointer of unknown root that may reach it, no parameter of unknown binding
//! when it is a buffer, and its address never becomes a value through `RootAddr`).
//! Then, to a fixed point: on a copy of the kernel, every write to a candidate is
//! removed and dead code is removed ([`super::gather::dead_code`]: unused pure ops and
//! loads, empty `If`s, effect-free loops); a candidate that some load left in the copy
//! still reads is not dead and stops being a candidate. When no candidate is read any
//! more, the copy is the result, less the introductions of the dead allocations (nothing
//! refers to them any more; a backend would still allocate and zero them). When nothing
//! is dead, dead code alone is removed (the reverse sweep's recomputed but unused values,
//! which would otherwise cross barriers).
//!
//! # Why it is legal
//! The result is the kernel minus the writes to the final candidates minus ops whose
//! results nothing left uses. Every op left reads no candidate, and every write to a
//! non-candidate is left unchanged, so by induction over any execution each op left sees
//! the same operands, memory contents and control flow as in the original kernel and
//! computes the same values and writes: every non-candidate byte ends the same. A shared
//! or per-thread allocation does not outlive its block or thread, so its contents are
//! never observable after the kernel; a discardable buffer is neither read nor written
//! any more, which the caller's claim covers. (A removed load cannot trap any more,
//! as in [`super::gather::dead_code`]; out-of-bounds accesses are undefined anyway.)
//!
//! Barriers: a `__syncthreads` (no predicate) orders each thread's memory accesses
//! before it against every thread's accesses after it. One that has, in its own region,
//! no memory access, barrier, warp operation, fence or trap (nested ones included)
//! between it and the previous barrier of that region orders nothing that barrier does
//! not already order: every access before it is before the previous one, every access
//! after the previous one is after it. The same holds for one with no such op before it
//! in a thread body (nothing before it in the thread) or after it (nothing after). Such
//! barriers are removed; the accesses that remain keep every ordering they had.

use std::collections::{BTreeSet, HashSet};

use super::accumulate::{walk, AccumulateOptions};
use crate::effects::{loc_space, op_accesses, op_effects, AccessLoc, MemSpace};
use crate::ir::{BarrierKind, Kernel, Level, LocalId, MemRoot, OpId, OpKind, Region, SharedId};

/// A memory object the pass may find dead.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Obj {
    Shared(SharedId),
    Local(LocalId),
    Buffer(usize),
}

/// What [`drop_dead_memory`] removed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DeadMemoryReport {
    /// The writes removed (stores, memsets, atomics), by op id.
    pub writes: Vec<OpId>,
    /// The barriers removed by [`drop_idle_barriers`].
    pub barriers: usize,
}

/// Remove the writes to dead memory and then idle barriers (see the module
/// documentation); `discardable(b)` is the caller's claim about launch buffer `b`.
pub fn drop_dead_memory(
    kernel: &mut Kernel,
    opts: &AccumulateOptions,
    discardable: &dyn Fn(usize) -> bool,
) -> DeadMemoryReport {
    let mut report = DeadMemoryReport::default();
    if let Some((k, writes)) = without_dead_writes(kernel, opts, discardable) {
        *kernel = k;
        report.writes = writes;
    } else {
        // Nothing dead in memory; the dead code the reverse sweep leaves (values it
        // recomputes in an `If` but does not use) still goes, so that no value crosses a
        // barrier for nothing.
        super::gather::dead_code(kernel);
    }
    report.barriers = drop_idle_barriers(kernel);
    report
}

/// The candidates of the module documentation and, per candidate, its write ops.
fn candidates(
    kernel: &Kernel,
    opts: &AccumulateOptions,
    discardable: &dyn Fn(usize) -> bool,
) -> Vec<(Obj, Vec<OpId>)> {
    let mut ops = Vec::new();
    walk(kernel, &kernel.body, &mut ops, 0);
    let mut used = HashSet::new();
    for &o in &ops {
        kernel.op(o).kind.for_each_operand(|v| {
            used.insert(v);
        });
    }
    let (mut no_shared, mut no_local, mut no_buffers) = (false, false, false);
    let mut poisoned: HashSet<Obj> = HashSet::new();
    let mut writes: std::collections::BTreeMap<Obj, Vec<OpId>> = Default::default();
    let obj_of_root = |root: MemRoot| -> Result<Option<Obj>, ()> {
        Ok(match root {
            MemRoot::Shared(s) => Some(Obj::Shared(s)),
            MemRoot::Local(l) => Some(Obj::Local(l)),
            MemRoot::Global(_) => None,
            MemRoot::Param(p) => match opts.param_buffers.get(p as usize) {
                Some(Some((b, _))) => Some(Obj::Buffer(*b)),
                _ => return Err(()),
            },
        })
    };
    for &o in &ops {
        let data = kernel.op(o);
        if let OpKind::RootAddr(root) = data.kind {
            match obj_of_root(root) {
                Ok(Some(obj)) => {
                    poisoned.insert(obj);
                }
                Ok(None) => {}
                Err(()) => no_buffers = true,
            }
        }
        for acc in op_accesses(kernel, o) {
            let obj = match acc.loc {
                AccessLoc::Unknown { .. } => {
                    match loc_space(kernel, &acc.loc) {
                        Some(MemSpace::Shared) => no_shared = true,
                        Some(MemSpace::Local) => no_local = true,
                        Some(MemSpace::Global) => no_buffers = true,
                        None => (no_shared, no_local, no_buffers) = (true, true, true),
                    }
                    continue;
                }
                AccessLoc::Root { root, .. } => match obj_of_root(root) {
                    Ok(Some(obj)) => obj,
                    Ok(None) => continue,
                    Err(()) => {
                        no_buffers = true;
                        continue;
                    }
                },
            };
            match &data.kind {
                OpKind::Load { .. } => {}
                OpKind::Store { .. } | OpKind::Memset { .. } => {
                    writes.entry(obj).or_default().push(o);
                }
                OpKind::Atomic { .. } if data.results.iter().all(|r| !used.contains(r)) => {
                    writes.entry(obj).or_default().push(o);
                }
                _ => {
                    poisoned.insert(obj);
                }
            }
        }
    }
    writes
        .into_iter()
        .filter(|(obj, _)| {
            !poisoned.contains(obj)
                && match *obj {
                    Obj::Shared(_) => !no_shared,
                    Obj::Local(_) => !no_local,
                    Obj::Buffer(b) => !no_buffers && discardable(b),
                }
        })
        .collect()
}

/// The fixed point of the module documentation: the rewritten kernel and the removed
/// writes, or `None` when nothing is dead.
fn without_dead_writes(
    kernel: &Kernel,
    opts: &AccumulateOptions,
    discardable: &dyn Fn(usize) -> bool,
) -> Option<(Kernel, Vec<OpId>)> {
    let mut cands = candidates(kernel, opts, discardable);
    while !cands.is_empty() {
        let writes: HashSet<OpId> = cands.iter().flat_map(|(_, w)| w.iter().copied()).collect();
        let mut k = kernel.clone();
        let mut body = std::mem::take(&mut k.body);
        super::gather::remove_ops(&mut k, &mut body, &writes);
        k.body = body;
        super::gather::dead_code(&mut k);
        // The candidates some load left in `k` still reads.
        let mut ops = Vec::new();
        walk(&k, &k.body, &mut ops, 0);
        let mut read: BTreeSet<Obj> = BTreeSet::new();
        for &o in &ops {
            if !matches!(k.op(o).kind, OpKind::Load { .. }) {
                continue;
            }
            for acc in op_accesses(&k, o) {
                if let AccessLoc::Root { root, .. } = acc.loc {
                    let obj = match root {
                        MemRoot::Shared(s) => Obj::Shared(s),
                        MemRoot::Local(l) => Obj::Local(l),
                        MemRoot::Param(p) => match opts.param_buffers.get(p as usize) {
                            Some(Some((b, _))) => Obj::Buffer(*b),
                            _ => continue,
                        },
                        MemRoot::Global(_) => continue,
                    };
                    read.insert(obj);
                }
            }
        }
        if !cands.iter().any(|(o, _)| read.contains(o)) {
            // The dead allocations are accessed nowhere now: their introductions go too
            // (a backend would still allocate and zero them).
            let allocs: HashSet<OpId> = ops
                .iter()
                .copied()
                .filter(|&o| match k.op(o).kind {
                    OpKind::SharedAlloc(s) => cands.iter().any(|(c, _)| *c == Obj::Shared(s)),
                    OpKind::LocalAlloc(l) => cands.iter().any(|(c, _)| *c == Obj::Local(l)),
                    _ => false,
                })
                .collect();
            let mut body = std::mem::take(&mut k.body);
            super::gather::remove_ops(&mut k, &mut body, &allocs);
            k.body = body;
            let mut removed: Vec<OpId> = writes.into_iter().collect();
            removed.sort_unstable();
            return Some((k, removed));
        }
        cands.retain(|(o, _)| !read.contains(o));
    }
    None
}

/// Remove the barriers that order nothing (module documentation); gives how many.
pub fn drop_idle_barriers(kernel: &mut Kernel) -> usize {
    let mut body = std::mem::take(&mut kernel.body);
    let n = idle_in_region(kernel, &mut body, false, 0);
    kernel.body = body;
    n
}

/// Whether `op` is a plain `__syncthreads` (no predicate, no result).
fn plain_barrier(k: &Kernel, op: OpId) -> bool {
    matches!(
        k.op(op).kind,
        OpKind::Barrier {
            kind: BarrierKind::Sync,
            pred: None
        }
    ) && k.op(op).results.is_empty()
}

/// Whether `op` (nested regions included) accesses memory or synchronises.
fn busy(k: &Kernel, op: OpId) -> bool {
    let e = op_effects(k, op);
    !e.accesses.is_empty() || !e.syncs.is_empty()
}

fn idle_in_region(k: &mut Kernel, r: &mut Region, thread_body: bool, depth: usize) -> usize {
    let mut n = 0;
    if depth < 10_000 {
        for &o in &r.ops.clone() {
            let mut kind = std::mem::replace(&mut k.op_mut(o).kind, OpKind::Yield(vec![]));
            let inner = matches!(
                kind,
                OpKind::Parallel {
                    level: Level::Block,
                    ..
                }
            );
            for sub in kind.regions_mut() {
                n += idle_in_region(k, sub, inner, depth + 1);
            }
            k.op_mut(o).kind = kind;
        }
    }
    // Forward: a barrier with nothing busy since the previous barrier of the region (or,
    // in a thread body, since its start).
    let mut remove = HashSet::new();
    let mut busy_since = !thread_body;
    for &o in &r.ops {
        if plain_barrier(k, o) {
            if !busy_since {
                remove.insert(o);
            }
            busy_since = false;
        } else if busy(k, o) {
            busy_since = true;
        }
    }
    // Backward, in a thread body: a barrier with nothing busy after it.
    if thread_body {
        for &o in r.ops.iter().rev() {
            if remove.contains(&o) {
                continue;
            }
            if plain_barrier(k, o) {
                remove.insert(o);
            } else if busy(k, o) {
                break;
            }
        }
    }
    n += remove.len();
    r.ops.retain(|o| !remove.contains(o));
    n
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builder::Builder;
    use crate::ir::{BinaryOp, CastOp, IntPredicate, Type};
    use frontend::ir::AddrSpace;

    const G: Type = Type::Ptr(AddrSpace::Global);

    fn opts(n: usize) -> AccumulateOptions {
        AccumulateOptions {
            grid: [2, 1, 1],
            block: [8, 1, 1],
            param_buffers: (0..n).map(|i| Some((i, 0))).collect(),
        }
    }

    fn count(text: &str, what: &str) -> usize {
        text.matches(what).count()
    }

    /// A block-level two-step scan in shared memory (`buf[1][t] = buf[0][t] +
    /// buf[0][t-1]` between barriers), then either `y[i] = buf[1][t]` (`keep_y`) or
    /// nothing, and an accumulation `x_bar[i] += 1` that reads no shared memory.
    fn scan_kernel(keep_y: bool) -> Kernel {
        let mut b = Builder::new("scan");
        for name in ["x", "y", "x_bar"] {
            b.param(G, name);
        }
        b.grid(|b, _| {
            let buf = b.shared("buf", 128, 8);
            b.block(|b, [tx, _, _]| {
                let w = b.cast(CastOp::SExt, tx, Type::I64);
                let four = b.i64(8);
                let off = b.bin(BinaryOp::Mul, w, four);
                let v = b.load(Type::F64, MemRoot::Param(0), off);
                b.store(MemRoot::Shared(buf), off, v);
                b.barrier();
                let a = b.load(Type::F64, MemRoot::Shared(buf), off);
                let zero = b.i32(0);
                let pos = b.icmp(IntPredicate::Sgt, tx, zero);
                let s = b.if_(
                    pos,
                    &[Type::F64],
                    |b| {
                        let m4 = b.i64(-8);
                        let o = b.bin(BinaryOp::Add, off, m4);
                        let l = b.load(Type::F64, MemRoot::Shared(buf), o);
                        vec![b.bin(BinaryOp::FAdd, a, l)]
                    },
                    |_| vec![a],
                );
                let k32 = b.i64(64);
                let o2 = b.bin(BinaryOp::Add, off, k32);
                b.store(MemRoot::Shared(buf), o2, s[0]);
                b.barrier();
                if keep_y {
                    let r = b.load(Type::F64, MemRoot::Shared(buf), o2);
                    b.store(MemRoot::Param(1), off, r);
                }
                b.barrier();
                let g = b.load(Type::F64, MemRoot::Param(2), off);
                let one = b.konst(Type::F64, (1.0f64).to_bits());
                let g1 = b.bin(BinaryOp::FAdd, g, one);
                b.store(MemRoot::Param(2), off, g1);
            });
        });
        b.finish()
    }

    #[test]
    fn a_forward_scan_feeding_nothing_goes_with_its_barriers() {
        let mut k = scan_kernel(false);
        let r = drop_dead_memory(&mut k, &opts(3), &|_| false);
        crate::verify::verify_kernel(&k).unwrap();
        let text = crate::print::print_kernel(&k);
        assert_eq!(r.writes.len(), 2, "{text}");
        assert_eq!(r.barriers, 3, "{text}");
        assert!(
            !text.contains("shared") && !text.contains("barrier"),
            "{text}"
        );
        assert!(!text.contains("param0"), "{text}");
        assert!(text.contains("store param2"), "{text}");
    }

    #[test]
    fn a_scan_feeding_a_kept_store_stays() {
        let mut k = scan_kernel(true);
        let before = crate::print::print_kernel(&k);
        let r = drop_dead_memory(&mut k, &opts(3), &|_| false);
        let text = crate::print::print_kernel(&k);
        assert!(r.writes.is_empty(), "{text}");
        // Only the last barrier (between the store of y and x_bar's update, which
        // share no location but are both accesses) is kept as it is; none is idle.
        assert_eq!(r.barriers, 0, "{text}");
        assert_eq!(text, before);
        // Discardable y: then the whole scan is dead too.
        let mut k = scan_kernel(true);
        let r = drop_dead_memory(&mut k, &opts(3), &|b| b == 1);
        let text = crate::print::print_kernel(&k);
        assert_eq!(r.writes.len(), 3, "{text}");
        assert!(
            !text.contains("shared0[") && !text.contains("param1"),
            "{text}"
        );
        assert_eq!(count(&text, "barrier"), 0, "{text}");
    }

    /// saxpy's re-executed forward: `y[i] = 2 x[i] + y[i]`, then `x_bar[i] += y_bar[i]`.
    fn saxpy_kernel(read_y_after: bool) -> Kernel {
        let mut b = Builder::new("saxpy");
        for name in ["x", "y", "x_bar", "y_bar"] {
            b.param(G, name);
        }
        b.grid(|b, _| {
            b.block(|b, [tx, _, _]| {
                let w = b.cast(CastOp::SExt, tx, Type::I64);
                let four = b.i64(8);
                let off = b.bin(BinaryOp::Mul, w, four);
                let x = b.load(Type::F64, MemRoot::Param(0), off);
                let y = b.load(Type::F64, MemRoot::Param(1), off);
                let two = b.konst(Type::F64, (2.0f64).to_bits());
                let ax = b.bin(BinaryOp::FMul, two, x);
                let s = b.bin(BinaryOp::FAdd, ax, y);
                b.store(MemRoot::Param(1), off, s);
                let d = if read_y_after {
                    b.load(Type::F64, MemRoot::Param(1), off)
                } else {
                    b.load(Type::F64, MemRoot::Param(3), off)
                };
                let g = b.load(Type::F64, MemRoot::Param(2), off);
                let g1 = b.bin(BinaryOp::FAdd, g, d);
                b.store(MemRoot::Param(2), off, g1);
            });
        });
        b.finish()
    }

    #[test]
    fn a_discardable_buffer_read_only_for_its_own_store_goes() {
        let mut k = saxpy_kernel(false);
        let r = drop_dead_memory(&mut k, &opts(4), &|b| b < 2);
        crate::verify::verify_kernel(&k).unwrap();
        let text = crate::print::print_kernel(&k);
        assert_eq!(r.writes.len(), 1, "{text}");
        assert!(
            !text.contains("param0") && !text.contains("param1"),
            "{text}"
        );
        // Not discardable: kept.
        let mut k = saxpy_kernel(false);
        assert!(drop_dead_memory(&mut k, &opts(4), &|_| false)
            .writes
            .is_empty());
        // Read after the store into a live value: kept.
        let mut k = saxpy_kernel(true);
        let r = drop_dead_memory(&mut k, &opts(4), &|b| b < 2);
        assert!(r.writes.is_empty());
        assert!(crate::print::print_kernel(&k).contains("store param1"));
    }

    #[test]
    fn with_nothing_dead_in_memory_dead_code_still_goes() {
        // `v = x[i]; w = v * v (unused); y[i] = v`: nothing dead in memory (y kept).
        let mut b = Builder::new("copy");
        for name in ["x", "y"] {
            b.param(G, name);
        }
        b.grid(|b, _| {
            b.block(|b, [tx, _, _]| {
                let w = b.cast(CastOp::SExt, tx, Type::I64);
                let eight = b.i64(8);
                let off = b.bin(BinaryOp::Mul, w, eight);
                let v = b.load(Type::F64, MemRoot::Param(0), off);
                b.bin(BinaryOp::FMul, v, v);
                b.store(MemRoot::Param(1), off, v);
            });
        });
        let mut k = b.finish();
        crate::verify::verify_kernel(&k).unwrap();
        assert_eq!(count(&crate::print::print_kernel(&k), "fmul"), 1);
        let r = drop_dead_memory(&mut k, &opts(2), &|_| false);
        assert!(r.writes.is_empty());
        crate::verify::verify_kernel(&k).unwrap();
        let text = crate::print::print_kernel(&k);
        assert_eq!(count(&text, "fmul"), 0, "{text}");
        assert!(text.contains("store param1"), "{text}");
    }

    #[test]
    fn an_unbound_parameter_keeps_buffer_stores() {
        let mut k = saxpy_kernel(false);
        let mut o = opts(4);
        o.param_buffers[3] = None;
        assert!(drop_dead_memory(&mut k, &o, &|b| b < 2).writes.is_empty());
    }

    #[test]
    fn dead_memory_keeps_values_on_the_interpreter() {
        // The rewritten scan kernel computes the same x_bar (and, discarding y, the
        // same everything else the caller keeps) as the original.
        for keep_y in [false, true] {
            let k0 = scan_kernel(keep_y);
            let mut k1 = k0.clone();
            drop_dead_memory(&mut k1, &opts(3), &|b| b == 1);
            let x: Vec<f64> = (0..8).map(|i| i as f64 * 0.5 + 1.0).collect();
            let bufs = [x.clone(), vec![0.0; 8], vec![3.0; 8]];
            let run = |k: &Kernel| super::super::test_util::run_f64(k, 8, &bufs, 0);
            let (a, b) = (run(&k0), run(&k1));
            assert_eq!(a[0], b[0]);
            assert_eq!(a[2], b[2]);
            assert_eq!(b[2], vec![4.0; 8]);
        }
    }
}
