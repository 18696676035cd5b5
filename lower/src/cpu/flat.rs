//! Flat x loops across the blocks of a row-major grid (CPU backend).
//!
//! A row-major grid (`Emitter::row_major_grid`: the grid body is pure ops and one thread
//! loop, no shared memory) runs, per block row and thread row, `for bx { for tx { body } }`.
//! With 16-wide blocks (the stencil's 16 x 8) the vectorized x loop is 16 long and every
//! block re-runs the index-set split's checks and segment search (`super::split`), which
//! costs more than the 16 elements themselves. Here the two loops become one:
//! `for X in [0, gridDim.x * blockDim.x) { bx = X >> s; tx = X & (2^s - 1); body }` with
//! `blockDim.x = 2^s`, and the split runs once per thread row over the whole X range.
//!
//! Legality. The pair `(bx, tx)` takes exactly the values it took before, in the same
//! order (X increasing is bx-major, tx-minor), so the flat loop runs the same threads in
//! the same sequence; the grid's pure ops are evaluated per thread instead of per block,
//! which only repeats pure, non-trapping computations on the same operands. For the split
//! analysis, `blockIdx.x * blockDim.x + threadIdx.x` (a multiplication or shift of
//! `blockIdx.x` by the launch constant, plus `threadIdx.x`) is the affine value `X` with
//! coefficient 1 and no wrap: both terms are non-negative and their sum is below
//! `gridDim.x * blockDim.x`, which is required to be below 2^31. `threadIdx.x` or
//! `blockIdx.x` used on their own are not affine in X; they keep their per-thread values
//! (a shift and a mask of X) and whatever uses them is emitted unspecialised. The rest of
//! the split's argument (segments on which every specialised condition is constant, the
//! run-time no-wrap check of every rewritten extension over the whole range) holds for
//! any loop variable over `[0, n)` with `n * |c| < 2^51`, see `super::split`.
//!
//! `RAISE_CPU_FLAT=0` turns flattening off (same values; for before/after runs).

use std::collections::HashSet;

use frontend::Diagnostic;
use parallel_ir::ir::{BinaryOp, Level, OpId, OpKind, Region, Type, Value};

use super::emit::Emitter;
use super::split::{FlatX, SplitPlan};

impl Emitter<'_> {
    /// Emit the x part of a row-major grid row (the thread z and y indices `tids` fixed,
    /// the grid's y and z arguments bound) as one flat loop, if it applies: `blockDim.x`
    /// is a power of two, `gridDim.x * blockDim.x < 2^31`, the grid computes
    /// `blockIdx.x * blockDim.x` and the thread body has something to split over X.
    /// `false`: nothing was emitted.
    pub(super) fn flat_grid_row(
        &mut self,
        grid: &Region,
        [c0, c1]: [&str; 2],
        ext: &[String],
        (tz, ty): (&str, &str),
    ) -> Result<bool, Diagnostic> {
        if std::env::var_os("RAISE_CPU_FLAT").is_some_and(|v| v == "0") {
            return Ok(false);
        }
        let bdx = self.cfg.block[0];
        let gx = self.cfg.grid[0];
        if !bdx.is_power_of_two() || u64::from(gx) * u64::from(bdx) > i32::MAX as u64 {
            return Ok(false);
        }
        let Some(&bid) = grid.args.first() else {
            return Ok(false);
        };
        let ops: Vec<OpId> = grid
            .ops
            .iter()
            .copied()
            .take_while(|&o| !self.k.op(o).kind.is_terminator())
            .collect();
        let Some((&last, pre)) = ops.split_last() else {
            return Ok(false);
        };
        let OpKind::Parallel {
            level: Level::Block,
            body,
        } = &self.k.op(last).kind
        else {
            return Ok(false);
        };
        if body.args.len() != 3
            || self.k.value_type(bid) != Type::I32
            || self.k.value_type(body.args[0]) != Type::I32
            || !pre
                .iter()
                .all(|&o| super::split::pure_op(&self.k.op(o).kind))
        {
            return Ok(false);
        }
        let region = Region {
            args: vec![body.args[0], body.args[1], body.args[2], bid],
            ops: pre.iter().chain(body.ops.iter()).copied().collect(),
        };
        let shift = bdx.trailing_zeros();
        let is = |e: &Self, v: Value, c: u64| e.const_of(v) == Some(c);
        // In the grid's ops or at the top of the thread body.
        let scaled: HashSet<Value> = region
            .ops
            .iter()
            .filter_map(|&o| {
                let d = self.k.op(o);
                let hit = match d.kind {
                    OpKind::Binary(BinaryOp::Mul, a, b) => {
                        (a == bid && is(self, b, u64::from(bdx)))
                            || (b == bid && is(self, a, u64::from(bdx)))
                    }
                    OpKind::Binary(BinaryOp::Shl, a, b) => {
                        a == bid && is(self, b, u64::from(shift))
                    }
                    _ => false,
                };
                hit.then(|| d.results.first().copied()).flatten()
            })
            .collect();
        if scaled.is_empty() {
            return Ok(false);
        }
        let flat = FlatX { bid, shift, scaled };
        let k = self.k;
        let hot = &mut |c: &[Value], f: Option<&FlatX>| self.hot_branches(c, &region, gx * bdx, f);
        let Some(plan) = SplitPlan::analyse_x(k, &region, gx * bdx, Some(flat), hot) else {
            return Ok(false);
        };
        let has_allocs = body.ops.iter().any(|&o| {
            matches!(
                self.k.op(o).kind,
                OpKind::SharedAlloc(_) | OpKind::LocalAlloc(_)
            )
        });
        self.split_thread_loop(
            Some(&plan),
            &region,
            self.cfg.block,
            [c0, c1],
            ext,
            has_allocs,
            Some((tz.to_string(), ty.to_string())),
        )?;
        Ok(true)
    }
}
