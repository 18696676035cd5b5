//! Launch constants and full unrolling of block-uniform `While` loops (CPU backend).
//!
//! Once a launch is bound, `blockDim`, `gridDim` and the dynamic shared size are
//! constants ([`Emitter::const_of`] evaluates pure integer expressions over them, with
//! the interpreter's own `frontend::interp::semantics`, so a folded value is the value
//! the kernel computes). A tree reduction's halving loop
//! `for (s = blockDim.x / 2; s > 0; s >>= 1) { if (tid < s) sdata[tid] += sdata[tid + s];
//! __syncthreads(); }` is, after distribution, a `While` outside the thread loops whose
//! carried `s` is such a constant expression; so is every loop that only counts over the
//! block shape. Emitted as a loop, each step's thread loop has a run-time bound and a
//! run-time distance between `sdata[tid]` and `sdata[tid + s]`, so LLVM guards its vector
//! loop with a run-time overlap check and runs the short steps (s < 32) scalar, through
//! the index-set split's segment loop (`super::split`), which finds its break point `s`
//! only at run time.
//!
//! [`Emitter::unrolled_while`] instead evaluates the loop's iterations at compile time and
//! emits the before- (and after-) region once per iteration, in order, with the carried
//! values bound to their constants. Legal because the trace is exactly the loop's own: the
//! condition and the carried values are pure functions of launch constants (no memory,
//! no thread or block index, no trap: an op whose evaluation fails, a division by zero
//! say, stops the analysis and the loop is emitted as a loop), so every execution of the
//! kernel runs the same iterations with the same carried values, and the regions' other
//! ops (thread loops, loads, stores) run in the same order as in the loop. In each copy
//! the thread loops' break points and offsets are constants, so the split emits constant
//! segments (`segmented_x_loop`) and LLVM vectorizes without overlap checks.
//!
//! Only loops that contain a thread loop are unrolled (uniform scalar loops gain nothing),
//! at most [`MAX_TRIPS`] iterations and [`MAX_OPS`] emitted ops.

use frontend::interp::semantics;
use frontend::Diagnostic;
use parallel_ir::ir::{Dim, Level, OpKind, Region, Type, Value, ValueDef};

use super::emit::Emitter;

/// At most this many iterations are unrolled (a halving loop over 1024 threads has 10).
const MAX_TRIPS: usize = 32;
/// At most this many ops (nested ones included) are emitted for all copies together.
const MAX_OPS: usize = 20_000;
/// Deepest expression [`Emitter::const_of`] follows.
const MAX_DEPTH: usize = 64;

/// Number of ops in a region, nested regions included.
fn op_count(k: &parallel_ir::ir::Kernel, r: &Region) -> usize {
    r.ops
        .iter()
        .map(|&o| {
            1 + k
                .op(o)
                .kind
                .regions()
                .iter()
                .map(|s| op_count(k, s))
                .sum::<usize>()
        })
        .sum()
}

/// Whether a region holds a thread `Parallel` (at any depth).
fn has_thread_loop(k: &parallel_ir::ir::Kernel, r: &Region) -> bool {
    r.ops.iter().any(|&o| {
        let kind = &k.op(o).kind;
        matches!(
            kind,
            OpKind::Parallel {
                level: Level::Block,
                ..
            }
        ) || kind.regions().iter().any(|s| has_thread_loop(k, s))
    })
}

impl Emitter<'_> {
    /// The value of `v` (its bits, masked to its type) when it is a pure function of
    /// constants, launch dimensions and the values in `self.known` (region arguments bound
    /// to constants); `None` otherwise. Follows constants, dims, integer unary, binary
    /// (a failing one, e.g. a division by zero, gives `None`), compares, selects, casts
    /// between non-pointer types, and `If` results whose condition is known (the taken
    /// region's yield).
    pub(super) fn const_of(&self, v: Value) -> Option<u64> {
        self.const_d(v, 0)
    }

    fn const_d(&self, v: Value, depth: usize) -> Option<u64> {
        if let Some(&c) = self.known.get(&v) {
            return Some(c);
        }
        if depth > MAX_DEPTH {
            return None;
        }
        let ValueDef::Result(op, index) = self.k.value_def(v) else {
            return None;
        };
        let ty = self.k.value_type(v);
        if ty.is_ptr() {
            return None;
        }
        let d = depth + 1;
        let r = match &self.k.op(op).kind {
            OpKind::Const { bits } => *bits,
            OpKind::Dim(dim) => match dim {
                Dim::BlockDim(i) => u64::from(self.cfg.block[usize::from(*i).min(2)]),
                Dim::GridDim(i) => u64::from(self.cfg.grid[usize::from(*i).min(2)]),
                Dim::DynamicSharedBytes => self.cfg.dynamic_shared_bytes,
            },
            OpKind::Unary(op, a) if ty.is_int() => {
                semantics::unary(*op, ty, self.const_d(*a, d)?).ok()?
            }
            OpKind::Binary(op, a, b) if ty.is_int() => {
                semantics::binary(*op, ty, self.const_d(*a, d)?, self.const_d(*b, d)?).ok()?
            }
            OpKind::ICmp(p, a, b) => {
                let aty = self.k.value_type(*a);
                if aty.is_ptr() {
                    return None;
                }
                u64::from(semantics::icmp(
                    *p,
                    aty,
                    self.const_d(*a, d)?,
                    self.const_d(*b, d)?,
                ))
            }
            OpKind::Select {
                cond,
                if_true,
                if_false,
            } => {
                if self.const_d(*cond, d)? & 1 != 0 {
                    self.const_d(*if_true, d)?
                } else {
                    self.const_d(*if_false, d)?
                }
            }
            OpKind::Cast(op, a) => {
                let from = self.k.value_type(*a);
                if from.is_ptr() || !from.is_int() || !ty.is_int() {
                    return None;
                }
                semantics::cast(*op, from, ty, self.const_d(*a, d)?)
            }
            OpKind::If {
                cond,
                then_region,
                else_region,
            } => {
                let region = if self.const_d(*cond, d)? & 1 != 0 {
                    then_region
                } else {
                    else_region
                };
                let term = region.ops.last()?;
                let OpKind::Yield(vals) = &self.k.op(*term).kind else {
                    return None;
                };
                self.const_d(*vals.get(index as usize)?, d)?
            }
            _ => return None,
        };
        Some(semantics::mask(r, ty))
    }

    /// The compile-time trace of a `While` (see the module doc): the carried values at
    /// each entry of `before`, the last entry being the one whose condition is false.
    /// `None` when the loop is not worth unrolling or its trace is not known.
    fn while_trace(
        &mut self,
        inits: &[Value],
        before: &Region,
        after: &Region,
    ) -> Option<Vec<Vec<u64>>> {
        if !(has_thread_loop(self.k, before) || has_thread_loop(self.k, after)) {
            return None;
        }
        let per_trip = op_count(self.k, before) + op_count(self.k, after);
        let mut vals: Vec<u64> = inits
            .iter()
            .map(|&v| self.const_of(v))
            .collect::<Option<_>>()?;
        let mut trace = Vec::new();
        let saved: Vec<(Value, Option<u64>)> = before
            .args
            .iter()
            .chain(&after.args)
            .map(|&a| (a, self.known.get(&a).copied()))
            .collect();
        let result = (|| loop {
            if trace.len() > MAX_TRIPS || per_trip * (trace.len() + 1) > MAX_OPS {
                return None;
            }
            for (&a, &c) in before.args.iter().zip(&vals) {
                self.known.insert(a, c);
            }
            trace.push(vals.clone());
            let term = before.ops.last()?;
            let OpKind::Condition { cond, args } = &self.k.op(*term).kind else {
                return None;
            };
            if self.const_of(*cond)? & 1 == 0 {
                return Some(());
            }
            let cargs: Vec<u64> = args
                .iter()
                .map(|&v| self.const_of(v))
                .collect::<Option<_>>()?;
            for (&a, &c) in after.args.iter().zip(&cargs) {
                self.known.insert(a, c);
            }
            let term = after.ops.last()?;
            let OpKind::Yield(ys) = &self.k.op(*term).kind else {
                return None;
            };
            vals = ys
                .iter()
                .map(|&v| self.const_of(v))
                .collect::<Option<_>>()?;
        })();
        for (a, old) in saved {
            match old {
                Some(c) => self.known.insert(a, c),
                None => self.known.remove(&a),
            };
        }
        result.map(|()| trace)
    }

    /// Emit a `While` fully unrolled when its trace is known at compile time (module
    /// doc); gives `false` (nothing emitted) otherwise. Binds the op's results.
    pub(super) fn unrolled_while(
        &mut self,
        inits: &[Value],
        before: &Region,
        after: &Region,
        results: &[Value],
    ) -> Result<bool, Diagnostic> {
        let Some(trace) = self.while_trace(inits, before, after) else {
            return Ok(false);
        };
        let saved: Vec<(Value, Option<u64>)> = before
            .args
            .iter()
            .chain(&after.args)
            .map(|&a| (a, self.known.get(&a).copied()))
            .collect();
        let out = self.emit_trace(&trace, before, after, results);
        for (a, old) in saved {
            match old {
                Some(c) => self.known.insert(a, c),
                None => self.known.remove(&a),
            };
        }
        out.map(|()| true)
    }

    fn emit_trace(
        &mut self,
        trace: &[Vec<u64>],
        before: &Region,
        after: &Region,
        results: &[Value],
    ) -> Result<(), Diagnostic> {
        let internal = |msg: &str| {
            Diagnostic::new("cpu-lowering", format!("while unrolling: {msg}"))
                .in_function(self.k.display_name.clone())
        };
        for (i, vals) in trace.iter().enumerate() {
            for (&a, &c) in before.args.iter().zip(vals) {
                let ty = self.k.value_type(a);
                let name = self.const_bits(c, ty);
                self.bind(a, name);
                self.known.insert(a, c);
            }
            let term = self.region_body(before)?;
            let Some(OpKind::Condition { args, .. }) = term.map(|t| self.k.op(t).kind.clone())
            else {
                return Err(internal("the before-region does not end in a condition"));
            };
            let names: Vec<String> = args
                .iter()
                .map(|&v| self.name(v))
                .collect::<Result<_, _>>()?;
            if i + 1 == trace.len() {
                for (&r, n) in results.iter().zip(names) {
                    self.bind(r, n);
                }
                return Ok(());
            }
            for ((&a, n), &v) in after.args.iter().zip(names).zip(&args) {
                self.bind(a, n);
                if let Some(c) = self.const_of(v) {
                    self.known.insert(a, c);
                }
            }
            self.region_body(after)?;
        }
        Err(internal("empty trace"))
    }

    /// An MLIR constant of type `ty` with bits `c`.
    fn const_bits(&mut self, c: u64, ty: Type) -> String {
        if ty.is_float() {
            self.const_float(c, ty)
        } else {
            self.const_int(semantics::sext(c, ty), super::emit::mty(ty))
        }
    }
}
