//! Software prefetch of the blocks ahead in a grid loop (CPU backend).
//!
//! A 1-D reduction (`reduce_shared`: each 256-thread block sums its own 1 KiB of `x`)
//! streams through its input block after block. Host buffers live in 4 KiB pages, and
//! the hardware prefetchers stop at page boundaries, so every fourth block starts in a
//! page nobody has touched: its first lines (and its TLB entry) are fetched at full memory
//! latency while the core waits. Measured on the 2^28-float reduction (2 threads, blocks
//! of the compiled kernel linked into a C loop): prefetching the first line of the block
//! 8 KiB ahead at each block's start took it from 1.03-1.07x to 0.86-0.98x of the
//! hand-written OpenMP loop.
//!
//! # What is emitted
//! At the start of each iteration of the grid's parallel loop (one block; `blockIdx.x` and
//! the other block indices bound), for each load through a pointer parameter in the grid
//! body whose byte offset is a pure function of the block indices, the thread indices and
//! values defined outside the grid loop: `prefetch(param + offset)` with `blockIdx.x`
//! replaced by `blockIdx.x + D` and every thread index by 0, i.e. the first element the
//! block `D` ahead in x reads. Only loads executed once per thread are considered (in the
//! grid body, thread loops and branches, not in sequential loops, whose trips
//! `super::prefetch` handles). The offset's stride per block `S` must be a compile-time
//! constant (the offset evaluated at block 0 and block 1, thread 0, with the launch's
//! constants) with `64 <= |S|`; then `D = ceil(AHEAD_BYTES / |S|)` (at least 1): the
//! prefetch runs about `AHEAD_BYTES` ahead, two pages. At most [`MAX_LOADS`] loads, one
//! per distinct line. `RAISE_CPU_BLOCK_PREFETCH=0` turns it off (same values; for
//! before/after runs).
//!
//! # Why it is legal
//! `llvm.prefetch` has no effect on the program's semantics: it never faults, whatever
//! the address (past the last block it fetches a line nobody reads). The address is
//! computed by re-emitting the offset's ops, which are pure and trap-free
//! (`split::pure_op`: no loads, no divisions), with the block and thread indices bound to
//! the values above; the names of the re-emitted values are restored afterwards, so the
//! block's own code is unchanged.

use std::collections::{HashMap, HashSet};

use frontend::Diagnostic;
use parallel_ir::ir::{Addr, Level, MemRoot, OpKind, Region, Value, ValueDef};

use super::emit::Emitter;

/// About how many bytes ahead of the current block the prefetched line is.
const AHEAD_BYTES: u64 = 8192;
/// At most this many loads are prefetched per block.
const MAX_LOADS: usize = 4;

/// A load the block prefetch covers: its parameter and offset, the thread indices its
/// offset may use, and the distance `D` in blocks.
struct Ahead {
    param: u32,
    offset: Value,
    tids: Vec<Value>,
    blocks: u64,
}

impl Emitter<'_> {
    /// Emit the prefetches for the grid body `grid` (its arguments bound to the current
    /// block's indices), see the module doc.
    pub(super) fn block_prefetch(&mut self, grid: &Region) -> Result<(), Diagnostic> {
        if std::env::var_os("RAISE_CPU_BLOCK_PREFETCH").is_some_and(|v| v == "0") {
            return Ok(());
        }
        let Some(&bx) = grid.args.first() else {
            return Ok(());
        };
        let mut inside = HashSet::new();
        super::split::collect_defs(self.k, grid, &mut inside);
        for a in &grid.args {
            inside.remove(a);
        }
        let mut loads = Vec::new();
        self.once_per_thread_loads(&grid.ops, &[], &mut loads);
        let mut chosen: Vec<Ahead> = Vec::new();
        let mut lines: HashSet<(u32, u64)> = HashSet::new();
        for (param, offset, tids) in loads {
            if chosen.len() >= MAX_LOADS {
                break;
            }
            let mut vars: HashSet<Value> = grid.args.iter().copied().collect();
            vars.extend(tids.iter().copied());
            if !self.pure_tree(offset, &vars, &inside, &mut HashMap::new(), 0) {
                continue;
            }
            // The stride per block, from the offset at blocks 0 and 1 (thread 0).
            let at = |e: &mut Self, b: u64| {
                let saved: Vec<(Value, Option<u64>)> = vars
                    .iter()
                    .map(|&v| (v, e.known.insert(v, if v == bx { b } else { 0 })))
                    .collect();
                let r = e.const_of(offset);
                for (v, o) in saved {
                    match o {
                        Some(c) => e.known.insert(v, c),
                        None => e.known.remove(&v),
                    };
                }
                r
            };
            let (Some(o0), Some(o1)) = (at(self, 0), at(self, 1)) else {
                continue;
            };
            let stride = o1.wrapping_sub(o0) as i64;
            if stride.unsigned_abs() < 64 || !lines.insert((param, o0 / 64)) {
                continue;
            }
            chosen.push(Ahead {
                param,
                offset,
                tids,
                blocks: AHEAD_BYTES.div_ceil(stride.unsigned_abs()).max(1),
            });
        }
        if chosen.is_empty() {
            return Ok(());
        }
        let saved_segment = self.segment.take();
        for a in chosen {
            let mut vars: Vec<Value> = vec![bx];
            vars.extend(a.tids.iter().copied());
            let saved: Vec<(Value, Option<String>)> =
                vars.iter().map(|&v| (v, self.name_of(v))).collect();
            let cur = self.name(bx)?;
            let d = self.const_int(a.blocks as i64, "i32");
            let next = self.def(&format!("arith.addi {cur}, {d} : i32"));
            self.bind(bx, next);
            let zero = self.const_int(0, "i32");
            for &t in &a.tids {
                self.bind(t, zero.clone());
            }
            let mut redone = Vec::new();
            let r = self.reemit_tree(a.offset, &inside, &mut redone);
            let o = self.name(a.offset);
            for (v, n) in redone.into_iter().rev() {
                self.set_name(v, n);
            }
            for (v, n) in saved {
                self.set_name(v, n);
            }
            r?;
            let o = o?;
            let base = self.root_ptr(MemRoot::Param(a.param))?;
            let p = self.def(&format!(
                "llvm.getelementptr {base}[{o}] : (!llvm.ptr, i64) -> !llvm.ptr, i8"
            ));
            self.line(&format!(
                "\"llvm.intr.prefetch\"({p}) <{{cache = 1 : i32, hint = 3 : i32, rw = 0 : i32}}> : (!llvm.ptr) -> ()"
            ));
        }
        self.segment = saved_segment;
        Ok(())
    }

    /// Loads through pointer parameters in `ops` that run once per thread: in the grid
    /// body, thread loops (whose indices `tids` collects) and branches, not in sequential
    /// loops. Each with its parameter, offset and the thread indices in scope.
    fn once_per_thread_loads(
        &self,
        ops: &[parallel_ir::ir::OpId],
        tids: &[Value],
        out: &mut Vec<(u32, Value, Vec<Value>)>,
    ) {
        for &o in ops {
            match &self.k.op(o).kind {
                OpKind::Load {
                    addr:
                        Addr::Root {
                            root: MemRoot::Param(i),
                            offset,
                        },
                } => out.push((*i, *offset, tids.to_vec())),
                OpKind::Parallel {
                    level: Level::Block,
                    body,
                } => {
                    let mut t = tids.to_vec();
                    t.extend(body.args.iter().copied());
                    self.once_per_thread_loads(&body.ops, &t, out);
                }
                OpKind::If {
                    then_region,
                    else_region,
                    ..
                } => {
                    self.once_per_thread_loads(&then_region.ops, tids, out);
                    self.once_per_thread_loads(&else_region.ops, tids, out);
                }
                _ => {}
            }
        }
    }

    /// Whether `v` is built by pure ops (`split::pure_op`) from `vars` and values defined
    /// outside the grid body (`inside` holds the body's values).
    fn pure_tree(
        &self,
        v: Value,
        vars: &HashSet<Value>,
        inside: &HashSet<Value>,
        memo: &mut HashMap<Value, bool>,
        depth: usize,
    ) -> bool {
        if vars.contains(&v) || !inside.contains(&v) {
            return true;
        }
        if let Some(&r) = memo.get(&v) {
            return r;
        }
        let r = depth <= 64
            && match self.k.value_def(v) {
                ValueDef::Result(op, 0) => {
                    let kind = &self.k.op(op).kind;
                    super::split::pure_op(kind)
                        && kind
                            .operands()
                            .iter()
                            .all(|&o| self.pure_tree(o, vars, inside, memo, depth + 1))
                }
                _ => false,
            };
        memo.insert(v, r);
        r
    }

    /// Re-emit the ops of `v`'s tree defined in the grid body (`inside`), operands first;
    /// `redone` records each value's previous name.
    fn reemit_tree(
        &mut self,
        v: Value,
        inside: &HashSet<Value>,
        redone: &mut Vec<(Value, Option<String>)>,
    ) -> Result<(), Diagnostic> {
        if !inside.contains(&v) || redone.iter().any(|(r, _)| *r == v) {
            return Ok(());
        }
        let ValueDef::Result(op, 0) = self.k.value_def(v) else {
            // A thread index (bound by the caller) or a region argument.
            return Ok(());
        };
        for o in self.k.op(op).kind.operands() {
            self.reemit_tree(o, inside, redone)?;
        }
        redone.push((v, self.name_of(v)));
        self.op(op)
    }
}
