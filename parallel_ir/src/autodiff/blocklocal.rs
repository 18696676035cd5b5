//! Block-local accumulation: [`block_local_accumulation`] marks the atomic adds on global
//! memory whose every possible conflict lies within the executing block
//! ([`Kernel::block_local_atomics`]), splitting a site into an interior part (marked) and
//! its block edges (kept as they are) where only the edge threads meet other blocks.
//!
//! # Why
//! A stencil's adjoint accumulates into `x_bar[i - 1]`, `x_bar[i]`, `x_bar[i + 1]`:
//! neighbouring threads hit one element, so [`super::accumulate::plain_accumulation`]
//! rightly keeps those atomics, and the CPU backend lowers them to `lock cmpxchg` loops.
//! But the CPU backend runs a block's threads one after another on one OS thread; an
//! atomic only has to be atomic against *other blocks*. Threads of neighbouring blocks
//! meet only at the block edges, so the interior of the block can add with a plain
//! read-modify-write, and the backend's index-set split of the thread-x loop makes that
//! interior branch-free.
//!
//! # What it does
//! Run on an adjoint [`super::specialize`]d to its launch, after
//! [`super::accumulate::plain_accumulation`], with the same [`AccumulateOptions`]. For
//! each remaining `Atomic { FAdd | Add }` on a parameter's buffer or a module global
//! (site `A`):
//! * if no two threads of *distinct blocks*, one executing `A`, the other any access site
//!   `B` of the kernel to a location that may alias `A`'s buffer (`A` itself included),
//!   touch a common byte, `A` is marked as it is;
//! * otherwise the *interior box*: every thread `t` of the block (at most
//!   [`MAX_BLOCK_THREADS`]) is tested alone (`A`'s thread indices fixed to `t`, every
//!   block index and every `B` thread free); the bounding box of the good threads, when
//!   all threads inside it are good, becomes the guard: `A` is replaced by
//!   `old = if (tx, ty, tz) in box { atomic (marked) } else { atomic }`; neighbouring
//!   sites of one region whose boxes nearly agree (the intersection keeps 90% of the
//!   threads) share one guard, the intersection, so that the CPU backend's index-set split
//!   of the thread-x loop has one branch-free interior segment instead of one per box
//!   bound (less code, fewer segments); they move down to the last of them, past ops
//!   without memory effects only;
//! * then the proof is run again on the rewritten kernel, where the guard narrows the
//!   marked copy's thread ranges (the same affine machinery as `plain_accumulation`: the
//!   box is never trusted because it was computed, only because it is proven), and a
//!   marked atomic that fails is unmarked (it stays a correct atomic).
//!
//! # Why it is legal
//! The rewrite `atomic` -> `if c { atomic } else { atomic }` computes the same on every
//! target. The mark claims: every byte the marked atomic touches is accessed, by any op of
//! the launch, only by threads of the block that executes it; the disjointness proof of
//! `plain_accumulation` with "distinct blocks" in place of "distinct threads"
//! ([`Apart::Blocks`]) establishes exactly that, for the launch the kernel is specialised
//! to (aliasing by the caller's buffer binding, affine offsets without wrapping, exact
//! branch and bound). Interpreters and the StableHLO backend ignore the mark; the CPU
//! backend, where one block's threads never run concurrently with each other (both of its
//! grid schedules run a whole block inside one iteration of the parallel loop), may then
//! drop the atomicity, as it does for shared memory. Anything not proven stays atomic.

use std::collections::HashMap;

use super::accumulate::{
    candidates, collect_sites, AccumulateOptions, Analysis, Apart, Form, Site,
};
use crate::ir::{BinaryOp, IntPredicate, Kernel, OpId, OpKind, Region, Type, ValueDef};

/// Blocks with more threads are not searched for an interior box (the atomic is only
/// marked when it is block-local for every thread).
pub const MAX_BLOCK_THREADS: i64 = 4096;

/// Inclusive ranges of the thread indices x, y, z.
pub type ThreadBox = [(i64, i64); 3];

/// What happened to the atomics.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BlockLocalReport {
    /// Atomics marked block-local as they were.
    pub marked: Vec<OpId>,
    /// Atomics split into a marked interior copy (the new op) inside the thread box
    /// `[lo, hi]` (x, y, z) and the original op for the other threads.
    pub split: Vec<(OpId, OpId, ThreadBox)>,
    /// Atomic adds left unmarked, and why.
    pub kept: Vec<(OpId, String)>,
}

/// Mark (and split) the block-local atomic adds of `kernel` (see the module
/// documentation).
pub fn block_local_accumulation(kernel: &mut Kernel, opts: &AccumulateOptions) -> BlockLocalReport {
    let mut report = BlockLocalReport::default();
    let cands: Vec<OpId> = candidates(kernel)
        .into_iter()
        .filter(|o| !kernel.block_local_atomics.contains(o))
        .collect();
    if cands.is_empty() {
        return report;
    }
    let mut boxes: HashMap<OpId, ThreadBox> = HashMap::new();
    {
        let Some(an) = Analysis::new(kernel, opts) else {
            report.kept = cands
                .iter()
                .map(|&o| (o, "the kernel is not one grid of blocks of threads".into()))
                .collect();
            return report;
        };
        let sites = match collect_sites(kernel, opts, &an) {
            Ok(s) => s,
            Err(why) => {
                report.kept = cands.iter().map(|&o| (o, why.to_string())).collect();
                return report;
            }
        };
        for &a in &cands {
            let Some(sa) = sites.iter().find(|s| s.op == a) else {
                report
                    .kept
                    .push((a, "not an access of a known buffer".into()));
                continue;
            };
            match block_apart(&an, sa, &sites) {
                Ok(()) => report.marked.push(a),
                // The per-thread search runs the same proof once a thread: not when the
                // whole-block proof already ran out of budget.
                Err(why) if why.starts_with("too many cases") => report.kept.push((a, why)),
                Err(why) => match interior_box(&an, sa, &sites) {
                    Some(b) => {
                        boxes.insert(a, b);
                    }
                    None => report.kept.push((a, why)),
                },
            }
        }
    }
    kernel
        .block_local_atomics
        .extend(report.marked.iter().copied());
    split_and_verify(kernel, opts, &boxes, &mut report);
    report
}

/// Wrap the atomics of `boxes` into `if (in box) { marked copy } else { original }`, then
/// prove each marked copy again on the rewritten kernel (unmarking those that fail).
fn split_and_verify(
    kernel: &mut Kernel,
    opts: &AccumulateOptions,
    boxes: &HashMap<OpId, ThreadBox>,
    report: &mut BlockLocalReport,
) {
    if boxes.is_empty() {
        return;
    }
    let Some((tids, full)) = Analysis::new(kernel, opts).map(|an| {
        (
            [an.vars[3], an.vars[4], an.vars[5]],
            [an.range[3], an.range[4], an.range[5]],
        )
    }) else {
        return;
    };
    let mut copies = Vec::new();
    let mut body = std::mem::take(&mut kernel.body);
    wrap_region(kernel, &mut body, boxes, tids, full, &mut copies, 0);
    kernel.body = body;
    // Prove the marked copies again, under their guards, on the rewritten kernel.
    let verdicts: Vec<Result<(), String>> = match Analysis::new(kernel, opts) {
        None => vec![Err("the rewritten kernel lost its grid".to_string()); copies.len()],
        Some(an) => match collect_sites(kernel, opts, &an) {
            Err(why) => vec![Err(why.to_string()); copies.len()],
            Ok(sites) => copies
                .iter()
                .map(|&(_, copy, _)| match sites.iter().find(|s| s.op == copy) {
                    Some(sa) => block_apart(&an, sa, &sites),
                    None => Err("the interior copy is not an access of a known buffer".into()),
                })
                .collect(),
        },
    };
    for ((orig, copy, b), verdict) in copies.into_iter().zip(verdicts) {
        match verdict {
            Ok(()) => {
                kernel.block_local_atomics.insert(copy);
                report.split.push((orig, copy, b));
            }
            Err(why) => report
                .kept
                .push((orig, format!("the interior box did not verify: {why}"))),
        }
    }
}

/// `Ok(())` when no thread of another block touches a byte `a` touches.
fn block_apart(an: &Analysis, a: &Site, sites: &[Site]) -> Result<(), String> {
    sites
        .iter()
        .filter(|b| a.key.may_alias(b.key))
        .try_for_each(|b| {
            if a.key != b.key {
                return Err("the atomic may alias a pointer of unknown binding".to_string());
            }
            an.disjoint(a, b, Apart::Blocks)
        })
}

/// The box of threads (x, y, z ranges) where `a` is block-local, when the threads for
/// which it is form a nonempty box that is not the whole (guarded) block.
fn interior_box(an: &Analysis, a: &Site, sites: &[Site]) -> Option<ThreadBox> {
    let Ok((l, n, ra)) = &a.form else {
        return None;
    };
    let t = [ra[3], ra[4], ra[5]];
    let count = t
        .iter()
        .try_fold(1i64, |acc, (lo, hi)| acc.checked_mul((hi - lo + 1).max(0)))?;
    if count == 0 || count > MAX_BLOCK_THREADS {
        return None;
    }
    let good_at = |p: [i64; 3]| {
        let mut r = *ra;
        for d in 0..3 {
            r[3 + d] = (p[d], p[d]);
        }
        let form: Form = (*l, *n, r);
        let one = Site {
            op: a.op,
            key: a.key,
            form: Ok(form),
        };
        block_apart(an, &one, sites).is_ok()
    };
    let mut good = Vec::new();
    let (mut lo, mut hi) = ([i64::MAX; 3], [i64::MIN; 3]);
    for z in t[2].0..=t[2].1 {
        for y in t[1].0..=t[1].1 {
            for x in t[0].0..=t[0].1 {
                let p = [x, y, z];
                let ok = good_at(p);
                if ok {
                    for d in 0..3 {
                        lo[d] = lo[d].min(p[d]);
                        hi[d] = hi[d].max(p[d]);
                    }
                }
                good.push((p, ok));
            }
        }
    }
    if lo[0] > hi[0] {
        return None;
    }
    // Every thread inside the bounding box must be good.
    let inside = |p: [i64; 3]| (0..3).all(|d| lo[d] <= p[d] && p[d] <= hi[d]);
    if good.iter().any(|&(p, ok)| inside(p) && !ok) {
        return None;
    }
    Some([(lo[0], hi[0]), (lo[1], hi[1]), (lo[2], hi[2])])
}

/// The number of threads in a box.
fn box_threads(b: &ThreadBox) -> i64 {
    b.iter().map(|(lo, hi)| (hi - lo + 1).max(0)).product()
}

/// Ops that may be moved across an atomic: no memory, no regions, no trap.
fn movable(kind: &OpKind) -> bool {
    match kind {
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
        | OpKind::Cast(..) => true,
        _ => false,
    }
}

/// Replace the atomics of `boxes` in `region` (and nested regions) by a guard and an
/// `If`; record `(original, marked copy, box)` in `copies`. Atomics of one region
/// separated only by [`movable`] ops that do not use their results share one `If` (they
/// move down to the last one: moving an atomic across ops without memory effects changes
/// nothing) when the intersection of their boxes keeps at least 90% of the smallest one's
/// threads: one guard, so the CPU backend's split has one interior segment.
fn wrap_region(
    kernel: &mut Kernel,
    region: &mut Region,
    boxes: &HashMap<OpId, ThreadBox>,
    tids: [crate::ir::Value; 3],
    full: ThreadBox,
    copies: &mut Vec<(OpId, OpId, ThreadBox)>,
    depth: usize,
) {
    let ops = region.ops.clone();
    let mut out = Vec::with_capacity(ops.len());
    let mut i = 0;
    while i < ops.len() {
        let op = ops[i];
        let Some(&first) = boxes.get(&op) else {
            out.push(op);
            if depth < 10_000 {
                let mut kind =
                    std::mem::replace(&mut kernel.op_mut(op).kind, OpKind::Yield(vec![]));
                for r in kind.regions_mut() {
                    wrap_region(kernel, r, boxes, tids, full, copies, depth + 1);
                }
                kernel.op_mut(op).kind = kind;
            }
            i += 1;
            continue;
        };
        // The group: this atomic and the next ones that can join it.
        let mut group = vec![op];
        let mut gbox = first;
        let mut smallest = box_threads(&first);
        let mut results: Vec<crate::ir::Value> = kernel.op(op).results.clone();
        let mut between = Vec::new();
        let mut pending = Vec::new();
        let mut j = i + 1;
        while let Some(&o) = ops.get(j) {
            if let Some(b) = boxes.get(&o) {
                let inter: ThreadBox =
                    std::array::from_fn(|d| (gbox[d].0.max(b[d].0), gbox[d].1.min(b[d].1)));
                let least = smallest.min(box_threads(b));
                if box_threads(&inter) * 10 < least * 9 {
                    break;
                }
                between.append(&mut pending);
                group.push(o);
                gbox = inter;
                smallest = least;
                results.extend(kernel.op(o).results.iter().copied());
                j += 1;
                continue;
            }
            let kind = &kernel.op(o).kind;
            if movable(kind) && !kind.operands().iter().any(|v| results.contains(v)) {
                pending.push(o);
                j += 1;
                continue;
            }
            break;
        }
        // Ops after the group's last atomic are visited again as they are.
        i = j - pending.len();
        out.extend(between);
        wrap_group(kernel, &group, gbox, tids, full, copies, &mut out);
    }
    region.ops = out;
}

/// Emit into `out` the guard of `b` and `if (guard) { marked copies } else { originals }`,
/// the `If` taking over the atomics' results.
fn wrap_group(
    kernel: &mut Kernel,
    group: &[OpId],
    b: ThreadBox,
    tids: [crate::ir::Value; 3],
    full: ThreadBox,
    copies: &mut Vec<(OpId, OpId, ThreadBox)>,
    out: &mut Vec<OpId>,
) {
    let loc = group.first().and_then(|&o| kernel.op(o).loc);
    // The guard: the conjunction of the bounds that cut the block.
    let mut cond = None;
    for d in 0..3 {
        for (pred, bound, cuts) in [
            (IntPredicate::Sge, b[d].0, b[d].0 > full[d].0),
            (IntPredicate::Sle, b[d].1, b[d].1 < full[d].1),
        ] {
            if !cuts {
                continue;
            }
            let c = kernel.create_op(
                OpKind::Const {
                    bits: u64::from(bound as i32 as u32),
                },
                &[Type::I32],
                loc,
            );
            out.push(c);
            let Some(cv) = kernel.result(c) else { continue };
            let cmp = kernel.create_op(OpKind::ICmp(pred, tids[d], cv), &[Type::I1], loc);
            out.push(cmp);
            let Some(x) = kernel.result(cmp) else {
                continue;
            };
            cond = Some(match cond {
                None => x,
                Some(prev) => {
                    let and =
                        kernel.create_op(OpKind::Binary(BinaryOp::And, prev, x), &[Type::I1], loc);
                    out.push(and);
                    kernel.result(and).unwrap_or(prev)
                }
            });
        }
    }
    let Some(cond) = cond else {
        out.extend_from_slice(group);
        return;
    };
    let if_op = kernel.create_op(OpKind::Yield(vec![]), &[], loc);
    let (mut then_ops, mut else_ops) = (Vec::new(), Vec::new());
    let (mut then_vals, mut else_vals, mut if_results) = (Vec::new(), Vec::new(), Vec::new());
    for &op in group {
        let data = kernel.op(op).clone();
        let tys: Vec<Type> = data.results.iter().map(|&r| kernel.value_type(r)).collect();
        let copy = kernel.create_op(data.kind.clone(), &tys, data.loc);
        then_ops.push(copy);
        then_vals.extend(kernel.op(copy).results.iter().copied());
        // The original gets fresh results; its old ones become the `If`'s.
        kernel.op_mut(op).results.clear();
        for &ty in &tys {
            else_vals.push(kernel.add_result(op, ty));
        }
        else_ops.push(op);
        for &r in &data.results {
            kernel.values[r.index()].def = ValueDef::Result(if_op, if_results.len() as u32);
            if_results.push(r);
        }
        copies.push((op, copy, b));
    }
    kernel.op_mut(if_op).results = if_results;
    then_ops.push(kernel.create_op(OpKind::Yield(then_vals), &[], loc));
    else_ops.push(kernel.create_op(OpKind::Yield(else_vals), &[], loc));
    kernel.op_mut(if_op).kind = OpKind::If {
        cond,
        then_region: Region {
            args: vec![],
            ops: then_ops,
        },
        else_region: Region {
            args: vec![],
            ops: else_ops,
        },
    };
    out.push(if_op);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builder::Builder;
    use crate::ir::{Addr, AtomicOp, CastOp, MemRoot, Value};
    use frontend::interp::{LaunchConfig, Memory};
    use frontend::ir::{AddrSpace, Flavor, Module};

    const G: Type = Type::Ptr(AddrSpace::Global);

    /// A kernel over one f32 buffer on a `grid` of `block` threads (x, y); `body` gets
    /// the builder, `(col, row)` (`bx * block.x + tx`, `by * block.y + ty`) and
    /// `(bx, tx)`.
    fn kernel(block: [u32; 2], body: impl FnOnce(&mut Builder, [Value; 2], [Value; 2])) -> Kernel {
        let mut b = Builder::new("bl");
        b.param(G, "x");
        b.grid(|b, [bx, by, _]| {
            b.block(|b, [tx, ty, _]| {
                let bdx = b.i32(block[0] as i32);
                let bdy = b.i32(block[1] as i32);
                let cx = b.bin(BinaryOp::Mul, bx, bdx);
                let col = b.bin(BinaryOp::Add, cx, tx);
                let cy = b.bin(BinaryOp::Mul, by, bdy);
                let row = b.bin(BinaryOp::Add, cy, ty);
                body(b, [col, row], [bx, tx]);
            });
        });
        b.finish()
    }

    /// `atomic fadd x[idx], v` with `idx` an i32.
    fn add_at(b: &mut Builder, idx: Value, v: f32) -> OpId {
        let i64v = b.cast(CastOp::SExt, idx, Type::I64);
        let four = b.i64(4);
        let off = b.bin(BinaryOp::Mul, i64v, four);
        let v = b.f32(v);
        b.op(
            OpKind::Atomic {
                op: AtomicOp::FAdd,
                addr: Addr::Root {
                    root: MemRoot::Param(0),
                    offset: off,
                },
                value: v,
            },
            &[Type::F32],
        )
    }

    fn opts(grid: [u32; 2], block: [u32; 2]) -> AccumulateOptions {
        AccumulateOptions {
            grid: [grid[0], grid[1], 1],
            block: [block[0], block[1], 1],
            param_buffers: vec![Some((0, 0))],
        }
    }

    /// Run `k` on the parallel-IR interpreter over `len` f32 elements (value `j` at `j`),
    /// the parameter bound `pad` elements into the buffer.
    fn run(k: &Kernel, o: &AccumulateOptions, len: usize, pad: u64) -> Vec<f32> {
        let module = Module::new("bl.ll", Flavor::ClangCuda);
        let mut mem = Memory::new(&module);
        let bytes: Vec<u8> = (0..len).flat_map(|j| (j as f32).to_le_bytes()).collect();
        let base = mem.add_buffer("x", bytes);
        let cfg = LaunchConfig {
            grid: o.grid,
            block: o.block,
            dynamic_shared_bytes: 0,
        };
        crate::interp::launch(&module, k, &cfg, &[base + 4 * pad], &mut mem).unwrap();
        mem.buffer(base)
            .unwrap()
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
            .collect()
    }

    /// Mark, check the kernel verifies, computes what it did, and prints the marks.
    fn check(
        k: &Kernel,
        o: &AccumulateOptions,
        len: usize,
        pad: u64,
    ) -> (Kernel, BlockLocalReport) {
        let mut r = k.clone();
        let report = block_local_accumulation(&mut r, o);
        crate::verify::verify_kernel(&r).unwrap();
        assert_eq!(run(k, o, len, pad), run(&r, o, len, pad));
        let marked = report.marked.len() + report.split.len();
        assert_eq!(r.block_local_atomics.len(), marked, "{report:?}");
        let text = crate::print::print_kernel(&r);
        assert_eq!(text.matches("block_local").count(), marked, "{text}");
        (r, report)
    }

    #[test]
    fn stencil_1d_interior_is_marked_edges_stay_atomic() {
        // x[i - 1] += 1; x[i] += 2; x[i + 1] += 3 on 4 blocks of 8 (x bound 1 element in).
        let k = kernel([8, 1], |b, [i, _], _| {
            let one = b.i32(1);
            let m = b.bin(BinaryOp::Sub, i, one);
            let p = b.bin(BinaryOp::Add, i, one);
            add_at(b, m, 1.0);
            add_at(b, i, 2.0);
            add_at(b, p, 3.0);
        });
        let o = opts([4, 1], [8, 1]);
        let (r, report) = check(&k, &o, 34, 1);
        assert!(
            report.marked.is_empty() && report.kept.is_empty(),
            "{report:?}"
        );
        let boxes: Vec<(i64, i64)> = report.split.iter().map(|s| s.2[0]).collect();
        // Block b touches [8b - 1, 8b + 8]; its own elements are those no neighbour touches.
        assert_eq!(boxes, vec![(2, 7), (1, 6), (0, 5)], "{report:?}");
        for &(orig, copy, _) in &report.split {
            assert!(!r.block_local_atomics.contains(&orig));
            assert!(r.block_local_atomics.contains(&copy));
        }
    }

    #[test]
    fn neighbouring_sites_share_one_guard() {
        // Blocks of 64: the three boxes [2, 63], [1, 62], [0, 61] meet in [2, 61] (60 of
        // 62 threads), so the three atomics move into one `If`; a load (of `x[i]`) between
        // two sites ends the group.
        let stencil = |load_between: bool| {
            kernel([64, 1], move |b, [i, _], _| {
                let one = b.i32(1);
                let m = b.bin(BinaryOp::Sub, i, one);
                let p = b.bin(BinaryOp::Add, i, one);
                add_at(b, m, 1.0);
                add_at(b, i, 2.0);
                if load_between {
                    let w = b.cast(CastOp::SExt, i, Type::I64);
                    let four = b.i64(4);
                    let off = b.bin(BinaryOp::Mul, w, four);
                    b.load(Type::F32, MemRoot::Param(0), off);
                }
                add_at(b, p, 3.0);
            })
        };
        let ifs = |k: &Kernel| {
            k.ops
                .iter()
                .filter(|o| matches!(o.kind, OpKind::If { .. }))
                .count()
        };
        let o = opts([4, 1], [64, 1]);
        let (r, report) = check(&stencil(false), &o, 258, 1);
        let boxes: Vec<(i64, i64)> = report.split.iter().map(|s| s.2[0]).collect();
        assert_eq!(boxes, vec![(2, 61); 3], "{report:?}");
        assert_eq!(ifs(&r), 1);
        let (r, report) = check(&stencil(true), &o, 258, 1);
        let boxes: Vec<(i64, i64)> = report.split.iter().map(|s| s.2[0]).collect();
        assert_eq!(boxes, vec![(2, 62), (2, 62), (0, 61)], "{report:?}");
        assert_eq!(ifs(&r), 2);
    }

    #[test]
    fn stencil_2d_interior_is_marked() {
        // 5-point adjoint on a 4 x 3 grid of 8 x 4 blocks, row length W = 32, x bound
        // W + 1 elements in (so that c - W - 1 stays inside).
        let w = 32;
        let k = kernel([8, 4], |b, [col, row], _| {
            let wv = b.i32(w);
            let rw = b.bin(BinaryOp::Mul, row, wv);
            let c = b.bin(BinaryOp::Add, rw, col);
            for (d, v) in [(0, 0.5f32), (-1, 1.0), (1, 2.0), (-w, 3.0), (w, 4.0)] {
                let dv = b.i32(d);
                let e = b.bin(BinaryOp::Add, c, dv);
                add_at(b, e, v);
            }
        });
        let o = opts([4, 3], [8, 4]);
        let len = (w * 12 + 2 * w + 2) as usize;
        let (_, report) = check(&k, &o, len, w as u64 + 1);
        assert_eq!(report.split.len(), 5, "{report:?}");
        let b = |i: usize| report.split[i].2;
        // The centre: a block's own element unless it borders another block.
        assert_eq!(b(0)[..2], [(1, 6), (1, 2)], "{report:?}");
        // West (c - 1) shifts the box right by one; north (c - W) down by one.
        assert_eq!(b(1)[..2], [(2, 7), (1, 2)], "{report:?}");
        assert_eq!(b(3)[..2], [(1, 6), (2, 3)], "{report:?}");
    }

    #[test]
    fn a_block_shared_element_is_marked_whole() {
        // x[bx] += 1 by every thread: not thread-private, but block-local.
        let k = kernel([8, 1], |b, _, [bx, _]| {
            add_at(b, bx, 1.0);
        });
        let o = opts([4, 1], [8, 1]);
        let (_, report) = check(&k, &o, 8, 0);
        assert_eq!(report.marked.len(), 1, "{report:?}");
        assert!(report.split.is_empty());
    }

    #[test]
    fn cross_block_accesses_stay_atomic() {
        let o = opts([4, 1], [8, 1]);
        // x[i + blockDim.x] and x[i]: every thread meets the next block's x[i].
        let k = kernel([8, 1], |b, [i, _], _| {
            let bd = b.i32(8);
            let j = b.bin(BinaryOp::Add, i, bd);
            add_at(b, i, 1.0);
            add_at(b, j, 2.0);
        });
        let (r, report) = check(&k, &o, 48, 0);
        assert!(r.block_local_atomics.is_empty(), "{report:?}");
        assert_eq!(report.kept.len(), 2);
        // x[i / 2]: not affine, kept.
        let k = kernel([8, 1], |b, [i, _], _| {
            let two = b.i32(2);
            let h = b.bin(BinaryOp::SDiv, i, two);
            add_at(b, h, 1.0);
        });
        let (r, report) = check(&k, &o, 32, 0);
        assert!(r.block_local_atomics.is_empty(), "{report:?}");
        assert!(report.kept[0].1.contains("not affine"), "{report:?}");
        // x[i] and a load of x[8 bx + 12] (the next block's thread 4): the good threads'
        // bounding box [0, 7] holds a bad one, so no box.
        let k = kernel([8, 1], |b, [i, _], [bx, _]| {
            let eight = b.i32(8);
            let base = b.bin(BinaryOp::Mul, bx, eight);
            let twelve = b.i32(12);
            let j = b.bin(BinaryOp::Add, base, twelve);
            let j64 = b.cast(CastOp::SExt, j, Type::I64);
            let four = b.i64(4);
            let off = b.bin(BinaryOp::Mul, j64, four);
            b.load(Type::F32, MemRoot::Param(0), off);
            add_at(b, i, 1.0);
        });
        let (r, report) = check(&k, &o, 48, 0);
        assert!(r.block_local_atomics.is_empty(), "{report:?}");
    }

    #[test]
    fn a_wrong_box_does_not_verify() {
        // The 1-D stencil's x[i + 1] with the box of x[i - 1]: thread 7's x[i + 1] is the
        // next block's x[i - 1] at thread 0 ... the verification must refuse it.
        let mut ops = Vec::new();
        let k = kernel([8, 1], |b, [i, _], _| {
            let one = b.i32(1);
            let m = b.bin(BinaryOp::Sub, i, one);
            let p = b.bin(BinaryOp::Add, i, one);
            ops.push(add_at(b, m, 1.0));
            ops.push(add_at(b, p, 3.0));
        });
        let o = opts([4, 1], [8, 1]);
        let mut r = k.clone();
        let mut report = BlockLocalReport::default();
        let boxes: HashMap<OpId, ThreadBox> = [
            (ops[0], [(2, 7), (0, 0), (0, 0)]),
            (ops[1], [(2, 7), (0, 0), (0, 0)]),
        ]
        .into_iter()
        .collect();
        split_and_verify(&mut r, &o, &boxes, &mut report);
        crate::verify::verify_kernel(&r).unwrap();
        assert_eq!(run(&k, &o, 34, 1), run(&r, &o, 34, 1));
        // x[i - 1] in [2, 7] is right; x[i + 1] there is not (thread 7 reaches 8b + 8).
        assert_eq!(report.split.len(), 1, "{report:?}");
        assert_eq!(report.split[0].0, ops[0]);
        assert_eq!(report.kept.len(), 1, "{report:?}");
        assert!(report.kept[0].1.contains("did not verify"), "{report:?}");
        assert_eq!(r.block_local_atomics.len(), 1);
    }
}
