//! Software prefetch of tile loads a few trips of a sequential tile loop ahead (CPU
//! backend).
//!
//! A tiled kernel (`matmul_tiled`) runs `for (t ...) { threads: load a tile of A and B
//! into shared memory; threads: compute }` per block. The B tile is 16 floats from each
//! of 16 rows, and the next trip's tile is the 16 rows below: with a power-of-two row
//! length every row is a new 4 KiB page, so the hardware prefetchers (which stop at page
//! boundaries) fetch nothing ahead and every row costs a cache miss at L3 latency.
//!
//! Here, for each segment of a split thread-x loop (`super::split`) inside such a loop,
//! every load through a pointer parameter whose byte offset depends on the tile loop's
//! induction variable `t` is prefetched at `t + PREFETCH_TRIPS * step`, for the
//! segment's first and last thread (the row's first and last cache line), before the
//! segment's loop runs. The address is computed by re-emitting the load's offset
//! expression (pure ops only: no loads, no divisions, see `split::pure_op`) with `t` and
//! the thread index bound to those values; the names of the re-emitted values are
//! restored afterwards, so the kernel's own code is unchanged.
//!
//! `RAISE_CPU_PREFETCH=0` turns it off (same values; for before/after runs).
//!
//! Legality: `llvm.prefetch` has no effect on the program's semantics (it never faults,
//! whatever the address; past the end of the loop or of a buffer it just fetches a line
//! nobody reads), and the re-emitted ops are pure, trap-free computations.

use std::collections::{HashMap, HashSet};

use frontend::Diagnostic;
use parallel_ir::ir::{Addr, BinaryOp, Kernel, MemRoot, OpId, OpKind, Region, Value, ValueDef};

use super::emit::Emitter;
use super::split::FlatX;

/// How many trips of the tile loop ahead a load is prefetched.
const PREFETCH_TRIPS: i64 = 4;
/// At most this many loads are prefetched per segment.
const MAX_PREFETCH: usize = 4;

/// The sequential loop around a block's thread loops whose trips' loads are prefetched:
/// its induction variables, each with its increment per trip (the loop's own induction
/// variable and step, and every carried value that the body yields as itself plus a
/// value defined outside the body).
#[derive(Clone, Debug)]
pub(super) struct TileLoop {
    pub(super) ivs: Vec<(Value, Value)>,
}

impl TileLoop {
    /// The induction variables of a `For` with body `body` and step `step`.
    pub(super) fn of(k: &Kernel, body: &Region, step: Value) -> Option<TileLoop> {
        let mut ivs = vec![(*body.args.first()?, step)];
        let mut defs = HashSet::new();
        super::split::collect_defs(k, body, &mut defs);
        let term = body.ops.iter().rfind(|&&o| k.op(o).kind.is_terminator());
        if let Some(OpKind::Yield(vals)) = term.map(|&o| &k.op(o).kind) {
            for (&arg, &y) in body.args.iter().skip(1).zip(vals) {
                let ValueDef::Result(op, 0) = k.value_def(y) else {
                    continue;
                };
                if let OpKind::Binary(BinaryOp::Add, a, b) = k.op(op).kind {
                    if a == arg && !defs.contains(&b) {
                        ivs.push((arg, b));
                    } else if b == arg && !defs.contains(&a) {
                        ivs.push((arg, a));
                    }
                }
            }
        }
        Some(TileLoop { ivs })
    }
}

impl Emitter<'_> {
    /// Prefetch the tile-loop-dependent parameter loads of thread body `body` for the
    /// segment `[lo, hi)` (index values) `PREFETCH_TRIPS` trips ahead; nothing outside a
    /// tile loop.
    pub(super) fn prefetch_segment(
        &mut self,
        body: &Region,
        flat: Option<&FlatX>,
        lo: &str,
        hi: &str,
    ) -> Result<(), Diagnostic> {
        let Some(tile) = self.tile_loop.clone() else {
            return Ok(());
        };
        // `RAISE_CPU_PREFETCH=0` turns prefetching off (before/after measurements).
        if std::env::var_os("RAISE_CPU_PREFETCH").is_some_and(|v| v == "0") {
            return Ok(());
        }
        let Some(&x) = body.args.first() else {
            return Ok(());
        };
        let mut vars: HashSet<Value> = tile.ivs.iter().map(|&(v, _)| v).collect();
        vars.insert(x);
        if let Some(f) = flat {
            vars.insert(f.bid);
        }
        let mut loads = Vec::new();
        self.param_loads(&body.ops, &mut loads);

        let mut inside = HashSet::new();
        super::split::collect_defs(self.k, body, &mut inside);
        // The thread indices are bound (x per position, y and z by the enclosing loops).
        for a in &body.args {
            inside.remove(a);
        }
        let mut memo = HashMap::new();
        let loads: Vec<(MemRoot, Value)> = loads
            .into_iter()
            .filter(|&(_, off)| {
                self.dep(off, &tile, &vars, &inside, &mut memo, 0)
                    .is_some_and(|(_, t)| t)
            })
            .take(MAX_PREFETCH)
            .collect();

        if loads.is_empty() {
            return Ok(());
        }
        let saved_segment = self.segment.take();
        let saved: Vec<(Value, Option<String>)> =
            vars.iter().map(|&v| (v, self.name_of(v))).collect();
        let mut nexts = Vec::new();
        for &(v, inc) in &tile.ivs {
            let ity = super::emit::mty(self.k.value_type(v));
            let (cur, inc) = (self.name(v)?, self.name(inc)?);
            let d = self.const_int(PREFETCH_TRIPS, ity);
            let ahead = self.def(&format!("arith.muli {inc}, {d} : {ity}"));
            nexts.push((v, self.def(&format!("arith.addi {cur}, {ahead} : {ity}"))));
        }
        for (v, n) in nexts {
            self.bind(v, n);
        }
        let one = self.def("arith.constant 1 : index");
        let last = self.def(&format!("arith.subi {hi}, {one} : index"));
        for pos in [lo.to_string(), last] {
            let p32 = self.def(&format!("arith.index_cast {pos} : index to i32"));
            self.bind_x(flat, x, &p32);
            let mut redone: Vec<(Value, Option<String>)> = Vec::new();
            for &(root, off) in &loads {
                self.reemit(off, &vars, &memo, &mut redone)?;
                let base = self.root_ptr(root)?;
                let o = self.name(off)?;
                let p = self.def(&format!(
                    "llvm.getelementptr {base}[{o}] : (!llvm.ptr, i64) -> !llvm.ptr, i8"
                ));
                self.line(&format!(
                    "\"llvm.intr.prefetch\"({p}) <{{cache = 1 : i32, hint = 3 : i32, rw = 0 : i32}}> : (!llvm.ptr) -> ()"
                ));
            }
            for (v, n) in redone.into_iter().rev() {
                self.set_name(v, n);
            }
        }
        for (v, n) in saved {
            self.set_name(v, n);
        }
        self.segment = saved_segment;
        Ok(())
    }

    /// Loads through pointer parameters in `ops` and the regions of nested `If`s (not
    /// loops: their trips are not this segment's threads).
    fn param_loads(&self, ops: &[OpId], out: &mut Vec<(MemRoot, Value)>) {
        for &o in ops {
            match &self.k.op(o).kind {
                OpKind::Load {
                    addr:
                        Addr::Root {
                            root: root @ MemRoot::Param(_),
                            offset,
                        },
                } => out.push((*root, *offset)),
                OpKind::If {
                    then_region,
                    else_region,
                    ..
                } => {
                    self.param_loads(&then_region.ops, out);
                    self.param_loads(&else_region.ops, out);
                }
                _ => {}
            }
        }
    }

    /// `(must be re-emitted, depends on target)` for `v`: a value must be re-emitted when
    /// it depends on one of the loop variables `vars` or is defined in the thread body
    /// (`inside`, not emitted yet where the prefetch goes). `None` when such a value is
    /// not a pure op's result (then the address cannot be recomputed).
    fn dep(
        &self,
        v: Value,
        target: &TileLoop,
        vars: &HashSet<Value>,
        inside: &HashSet<Value>,
        memo: &mut HashMap<Value, Option<(bool, bool)>>,
        depth: usize,
    ) -> Option<(bool, bool)> {
        if vars.contains(&v) {
            return Some((true, target.ivs.iter().any(|&(i, _)| i == v)));
        }
        if let Some(&r) = memo.get(&v) {
            return r;
        }
        if depth > 64 {
            return None;
        }
        let r = match self.k.value_def(v) {
            ValueDef::Result(op, _) => {
                let kind = &self.k.op(op).kind;
                let mut acc = Some((inside.contains(&v), false));
                for o in kind.operands() {
                    match (acc, self.dep(o, target, vars, inside, memo, depth + 1)) {
                        (Some((a, b)), Some((c, d))) => acc = Some((a || c, b || d)),
                        _ => acc = None,
                    }
                }
                match acc {
                    Some((true, t)) if super::split::pure_op(kind) => Some((true, t)),
                    Some((true, _)) => None,
                    other => other,
                }
            }
            // Arguments of other regions (outer loops, the grid) are fixed here; those of
            // the thread body's own nested regions are not available.
            _ if inside.contains(&v) => None,
            _ => Some((false, false)),
        };
        memo.insert(v, r);
        r
    }

    /// Re-emit the ops of `v`'s tree that depend on a loop variable (all pure, checked
    /// by `dep`), operands first; `redone` records each value's previous name.
    fn reemit(
        &mut self,
        v: Value,
        vars: &HashSet<Value>,
        memo: &HashMap<Value, Option<(bool, bool)>>,
        redone: &mut Vec<(Value, Option<String>)>,
    ) -> Result<(), Diagnostic> {
        if vars.contains(&v) || redone.iter().any(|(r, _)| *r == v) {
            return Ok(());
        }
        if !matches!(memo.get(&v), Some(Some((true, _)))) {
            return Ok(());
        }
        let ValueDef::Result(op, 0) = self.k.value_def(v) else {
            return Err(Diagnostic::new(
                "cpu-lowering",
                "prefetch: an address uses a multi-result value",
            ));
        };
        for o in self.k.op(op).kind.operands() {
            self.reemit(o, vars, memo, redone)?;
        }
        redone.push((v, self.name_of(v)));
        self.op(op)
    }
}
