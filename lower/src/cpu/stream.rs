//! Streaming (non-temporal) stores into large store-only buffers (CPU backend).
//!
//! A kernel like the 2-D stencil writes its output once and never reads it. With ordinary
//! stores each written cache line is first read from memory (read for ownership), then
//! written back when evicted: three bytes of DRAM traffic for every two the kernel
//! needs, and the output evicts cached input on the way. Non-temporal stores
//! (`vmovntps`) write whole lines through write-combining buffers instead: no read, no
//! cache pollution. On x86 they need a line-aligned vector, and LLVM's vectorizer never
//! turns a scalar `!nontemporal` store into one (it would need the scalar store to be
//! aligned to the vector width), so the rewrite builds the vectors itself.
//!
//! # What is rewritten
//! In a row-major grid (`Emitter::row_major_grid`), a segment of an index-set-split x loop
//! (`super::split`) whose body stores, exactly once per thread, to a *streaming* buffer at
//! a byte offset `off(x) = off(lo) + s * (x - lo)` (`s` the stored element's size, 4 or
//! 8) runs as: threads `[lo, mid)` as before, where `mid` is the first thread whose
//! element starts a 64-byte line; then groups of `G = 64 / s` threads, each group running
//! the unchanged body with that one store redirected into a 64-byte stack slot, then
//! storing the slot as one aligned vector with `nontemporal`; then the remaining threads
//! as before. After the grid loop's iteration (one block row) a store fence (`sfence`)
//! is emitted. Everything else is emitted as without the rewrite.
//!
//! # When ([`streaming_params`] and the emitter's checks)
//! A pointer parameter streams when the caller promises (`PrivatizeFacts::param_bytes`)
//! that it points at least [`StreamLimits::min_bytes`] bytes before the end of a buffer
//! no other parameter points into (default: twice the last-level cache, so its lines are
//! long gone from the cache when anything could read them again), the kernel has no
//! access through a computed pointer and never takes the parameter's address as a value
//! (so only accesses rooted at it reach the buffer), and every such access is a plain
//! store (no load, atomic, copy or fill). The grid loop must store at least
//! [`StreamLimits::min_iter_bytes`] per iteration (buffer bytes over block rows), so the
//! fence, which waits for the write-combining buffers to drain, is paid rarely. A segment
//! is rewritten when the store is the only store to the buffer in its body (the
//! specialised branches resolved), is reached by every thread (directly in the body or
//! in taken branches), stores an `f32`/`i32`/`f64`/`i64`, and its offset is affine as
//! above: built from the segment's affine index extensions (`ext(e(lo)) + c * (x - lo)`,
//! exact on a segment), `ext(threadIdx.x)` outside a flat loop, and values fixed over the
//! loop, by 64-bit add, sub and multiplication or shift by constants (ring operations:
//! the coefficient is exact modulo 2^64, as the address arithmetic is). x86-64 only (the
//! fence is `llvm.x86.sse.sfence`). A segment with compile-time bounds shorter than 128
//! threads is left alone (too short to pay for its extra copies of the body).
//! `RAISE_CPU_STREAM=0` turns it off, `=1` on ([`DEFAULT_ON`]: on, as measured: the
//! 16384^2 stencil went from 0.99-1.02x to 0.81-0.86x of the hand-written OpenMP loop,
//! objects of both linked into one C program on the same buffers, 2 threads).
//!
//! # Why it is legal
//! - Same values: each thread of a group runs the same body in the same order; only its
//!   one store to the streaming buffer is delayed to the end of the group and made to
//!   the same bytes (the group's elements are consecutive from a line start, so the
//!   vector covers exactly the group's `G` elements, `G * s = 64` bytes). Nothing can
//!   observe the delay: nothing in the kernel reads the buffer, no other store in the
//!   body writes it, and the group's threads store to distinct elements. Other threads
//!   of the launch never read the buffer either; two threads storing the same element
//!   would race on the GPU too, where any one of the values may win.
//! - Alignment: `mid` is computed at run time from the element's address at `lo`; when
//!   that address is not a multiple of `s`, no thread is grouped (the plain loop runs).
//! - Visibility: non-temporal stores are weakly ordered (they may become visible after
//!   later stores). Every iteration of the grid's parallel loop ends with `sfence`, which
//!   makes all earlier stores globally visible before any later store. A worker thread's
//!   last iteration thus fences its streaming stores before the worker reaches the
//!   implicit barrier at the end of the OpenMP loop (whose arrival is a later store), and
//!   the launch returns to the host only after every worker has arrived: the host, and
//!   every later launch (a new parallel region, started after that barrier), see the
//!   values. Within one thread, a later load or store to the same element sees the
//!   streamed value (x86 keeps a thread's own accesses to one location in order).

use std::collections::HashSet;

use frontend::Diagnostic;
use parallel_ir::ir::{
    Addr, BinaryOp, CastOp, Kernel, MemRoot, OpId, OpKind, Region, Type, Value, ValueDef,
};

use super::emit::{mty, Emitter};
use super::privatize::PrivatizeFacts;
use super::split::FlatX;
use super::{mem_addrs, param_of};

/// Bytes of one vector store (a cache line).
const LINE: u64 = 64;
/// Whether streaming is on without `RAISE_CPU_STREAM`.
pub const DEFAULT_ON: bool = true;

/// The thresholds of [`streaming_params`] and the grid-loop check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StreamLimits {
    /// Least bytes from the parameter to the end of its buffer.
    pub min_bytes: u64,
    /// Least buffer bytes per iteration of the grid's parallel loop.
    pub min_iter_bytes: u64,
}

impl StreamLimits {
    /// Twice the last-level cache (from sysfs; 32 MiB when unknown), 256 KiB per
    /// iteration.
    pub fn host() -> StreamLimits {
        StreamLimits {
            min_bytes: 2 * llc_bytes().unwrap_or(32 << 20),
            min_iter_bytes: 256 << 10,
        }
    }
}

/// The size of the host's last-level cache (the highest-level cache of CPU 0 in sysfs).
fn llc_bytes() -> Option<u64> {
    let dir = std::path::Path::new("/sys/devices/system/cpu/cpu0/cache");
    let mut best: Option<(u32, u64)> = None;
    for e in std::fs::read_dir(dir).ok()? {
        let p = e.ok()?.path();
        let level: u32 = std::fs::read_to_string(p.join("level"))
            .ok()
            .and_then(|s| s.trim().parse().ok())
            .unwrap_or(0);
        let size = std::fs::read_to_string(p.join("size")).ok();
        let Some(size) = size.as_deref().map(str::trim) else {
            continue;
        };
        let bytes = if let Some(k) = size.strip_suffix('K') {
            k.parse::<u64>().ok().map(|k| k << 10)
        } else if let Some(m) = size.strip_suffix('M') {
            m.parse::<u64>().ok().map(|m| m << 20)
        } else {
            size.parse().ok()
        };
        if let Some(b) = bytes {
            if best.is_none_or(|(l, _)| level > l) {
                best = Some((level, b));
            }
        }
    }
    best.map(|(_, b)| b)
}

/// Whether the rewrite may run at all: x86-64, and `RAISE_CPU_STREAM` not `0` (`1` forces
/// it on when [`DEFAULT_ON`] is off).
fn enabled() -> bool {
    if !cfg!(target_arch = "x86_64") {
        return false;
    }
    match std::env::var("RAISE_CPU_STREAM").as_deref() {
        Ok("0") => false,
        Ok("1") => true,
        _ => DEFAULT_ON,
    }
}

fn all_ops(k: &Kernel, region: &Region, out: &mut Vec<OpId>) {
    for &o in &region.ops {
        out.push(o);
        for r in k.op(o).kind.regions() {
            all_ops(k, r, out);
        }
    }
}

/// The pointer parameters of `k` whose stores may stream, with their buffer bytes (see
/// the module doc); `limits` default to [`StreamLimits::host`]. Empty when streaming is
/// off (not x86-64, `RAISE_CPU_STREAM=0`).
pub fn streaming_params(
    k: &Kernel,
    facts: &PrivatizeFacts,
    limits: Option<StreamLimits>,
) -> Vec<(u32, u64)> {
    if !enabled() || !facts.param_bytes.iter().any(Option::is_some) {
        return Vec::new();
    }
    let limits = limits.unwrap_or_else(StreamLimits::host);
    let mut ops = Vec::new();
    all_ops(k, &k.body, &mut ops);
    let mut vetoed: HashSet<u32> = HashSet::new();
    let mut stored: HashSet<u32> = HashSet::new();
    for &o in &ops {
        let kind = &k.op(o).kind;
        if let OpKind::RootAddr(MemRoot::Param(i)) = kind {
            vetoed.insert(*i);
            continue;
        }
        let addrs = mem_addrs(kind);
        if addrs.is_empty() {
            continue;
        }
        if addrs.iter().any(|a| matches!(a, Addr::Dynamic(_))) {
            // A computed pointer may point into any buffer.
            return Vec::new();
        }
        match kind {
            OpKind::Store { addr, .. } => {
                if let Some(i) = param_of(addr) {
                    stored.insert(i);
                }
            }
            _ => {
                for a in addrs {
                    if let Some(i) = param_of(a) {
                        vetoed.insert(i);
                    }
                }
            }
        }
    }
    let mut out: Vec<(u32, u64)> = stored
        .into_iter()
        .filter(|i| !vetoed.contains(i))
        .filter_map(|i| {
            let bytes = (*facts.param_bytes.get(i as usize)?)?;
            let is_ptr = k.params.get(i as usize).map(|&p| k.value_type(p).is_ptr());
            (is_ptr == Some(true) && bytes >= limits.min_bytes).then_some((i, bytes))
        })
        .collect();
    out.sort_unstable();
    out
}

/// Emitter state of the rewrite.
#[derive(Default)]
pub(super) struct State {
    /// [`streaming_params`] of the kernel (parameter, buffer bytes).
    pub(super) params: Vec<(u32, u64)>,
    pub(super) min_iter_bytes: u64,
    /// The parameters streaming in the grid loop being emitted.
    pub(super) active: Vec<u32>,
    /// A streamed group was emitted in the current grid iteration (it needs the fence).
    pub(super) used: bool,
    /// While a group's body is emitted: its redirected store.
    pub(super) redirect: Option<Redirect>,
}

impl State {
    pub(super) fn new(k: &Kernel, facts: &PrivatizeFacts) -> State {
        let limits = facts.stream.unwrap_or_else(StreamLimits::host);
        State {
            params: streaming_params(k, facts, Some(limits)),
            min_iter_bytes: limits.min_iter_bytes,
            ..State::default()
        }
    }
}

/// Emits the x loop over `[lo, hi)`, or `base + [lo, hi)`: `(emitter, lo, hi, base)`.
pub(super) type XLoop<'a, 'k> =
    dyn FnMut(&mut Emitter<'k>, &str, &str, Option<&str>) -> Result<(), Diagnostic> + 'a;

/// A store redirected into a group's stack slot.
#[derive(Clone, Debug)]
pub(super) struct Redirect {
    op: OpId,
    /// The slot, the group's first position (i64), the element size.
    slot: String,
    first: String,
    size: u64,
}

/// A segment's streaming store.
#[derive(Clone, Debug)]
pub(super) struct Site {
    op: OpId,
    param: u32,
    offset: Value,
    ty: Type,
    size: u64,
}

impl<'k> Emitter<'k> {
    /// Start a grid loop that runs `iterations` iterations: the streaming parameters
    /// whose buffer has at least the limit's bytes per iteration become active.
    pub(super) fn stream_grid_begin(&mut self, iterations: u64) {
        let per = self.stream.min_iter_bytes;
        self.stream.active = self
            .stream
            .params
            .iter()
            .filter(|&&(_, bytes)| bytes / iterations.max(1) >= per)
            .map(|&(i, _)| i)
            .collect();
        self.stream.used = false;
    }

    /// End of a grid iteration: the fence, if a group streamed in it.
    pub(super) fn stream_grid_end(&mut self) {
        if self.stream.used {
            self.line("llvm.call_intrinsic \"llvm.x86.sse.sfence\"() : () -> ()");
        }
        self.stream.active.clear();
        self.stream.used = false;
    }

    /// The streaming store of the current segment of the thread-x loop with body `body`,
    /// if the segment qualifies (see the module doc).
    pub(super) fn stream_site(&self, body: &Region, flat: Option<&FlatX>) -> Option<Site> {
        if self.stream.active.is_empty() || self.stream.redirect.is_some() {
            return None;
        }
        let seg = self.segment.as_ref()?;
        if let Some((lo, hi)) = seg.bounds {
            // Too short to pay for the extra copies of the body.
            if hi - lo < 128 {
                return None;
            }
        }
        let x = *body.args.first()?;
        let mut found: Vec<(OpId, bool)> = Vec::new();
        self.stream_stores(&body.ops, true, &mut found);
        let mut inside = HashSet::new();
        super::split::collect_defs(self.k, body, &mut inside);
        for a in &body.args {
            inside.remove(a);
        }
        for &i in &self.stream.active {
            let mine: Vec<(OpId, bool)> = found
                .iter()
                .copied()
                .filter(|&(o, _)| {
                    matches!(self.k.op(o).kind, OpKind::Store { addr: Addr::Root { root: MemRoot::Param(p), .. }, .. } if p == i)
                })
                .collect();
            let [(op, true)] = mine[..] else {
                continue;
            };
            let OpKind::Store {
                addr: Addr::Root { offset, .. },
                value,
            } = self.k.op(op).kind
            else {
                continue;
            };
            let ty = self.k.value_type(value);
            if !matches!(ty, Type::F32 | Type::I32 | Type::F64 | Type::I64) {
                continue;
            }
            let size = u64::from(ty.bits() / 8);
            let an = Lin {
                e: self,
                x,
                flat,
                inside: &inside,
            };
            if an.coef(offset, 0) == Some(size as i64) {
                return Some(Site {
                    op,
                    param: i,
                    offset,
                    ty,
                    size,
                });
            }
        }
        None
    }

    /// The stores to active streaming parameters in `ops` as the segment emits them
    /// (specialised `If`s: the taken branch only), each with whether every thread
    /// reaches it (`must`).
    fn stream_stores(&self, ops: &[OpId], must: bool, out: &mut Vec<(OpId, bool)>) {
        let forced = self.segment.as_ref().map(|s| &s.forced);
        for &o in ops {
            let kind = &self.k.op(o).kind;
            match kind {
                OpKind::Store {
                    addr:
                        Addr::Root {
                            root: MemRoot::Param(i),
                            ..
                        },
                    ..
                } if self.stream.active.contains(i) => out.push((o, must)),
                OpKind::If {
                    then_region,
                    else_region,
                    ..
                } if forced.and_then(|f| f.get(&o)).is_some() => {
                    let taken = forced.and_then(|f| f.get(&o)) == Some(&true);
                    let r = if taken { then_region } else { else_region };
                    self.stream_stores(&r.ops, must, out);
                }
                _ => {
                    for r in kind.regions() {
                        self.stream_stores(&r.ops, false, out);
                    }
                }
            }
        }
    }

    /// Emit the segment `[lo, hi)` with `site` streamed (see the module doc);
    /// `emit_loop(lo, hi)` emits the plain x loop over a range of the segment.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn streamed_segment(
        &mut self,
        site: &Site,
        body: &Region,
        flat: Option<&FlatX>,
        lo: &str,
        hi: &str,
        emit_loop: &mut XLoop<'_, 'k>,
    ) -> Result<(), Diagnostic> {
        let Some(&x) = body.args.first() else {
            return emit_loop(self, lo, hi, None);
        };
        // off(lo): the offset's tree at thread `lo` (its extensions emitted plainly: on the
        // segment they are exact, so equal at `lo`).
        let mut inside = HashSet::new();
        super::split::collect_defs(self.k, body, &mut inside);
        for a in &body.args {
            inside.remove(a);
        }
        // Only the resolved branches stay (`forced_yield`); no affine extension forms.
        let seg = self.segment.take();
        self.segment = seg.as_ref().map(|s| super::split::SegmentState {
            forced: s.forced.clone(),
            ..Default::default()
        });
        let mut saved: Vec<(Value, Option<String>)> = vec![(x, self.name_of(x))];
        if let Some(f) = flat {
            saved.push((f.bid, self.name_of(f.bid)));
        }
        let lo32 = self.def(&format!("arith.index_cast {lo} : index to i32"));
        self.bind_x(flat, x, &lo32);
        let mut redone = Vec::new();
        let emitted = self.reemit_pure(site.offset, &inside, &mut redone);
        let off_lo = self.name(site.offset);
        for (v, n) in redone.into_iter().rev() {
            self.set_name(v, n);
        }
        for (v, n) in saved {
            self.set_name(v, n);
        }
        self.segment = seg;
        emitted?;
        let off_lo = off_lo?;
        let s = site.size;
        let g = LINE / s;
        let base = self.root_ptr(MemRoot::Param(site.param))?;
        let p0 = self.def(&format!(
            "llvm.getelementptr {base}[{off_lo}] : (!llvm.ptr, i64) -> !llvm.ptr, i8"
        ));
        let a0 = self.def(&format!("llvm.ptrtoint {p0} : !llvm.ptr to i64"));
        let lo64 = self.def(&format!("arith.index_cast {lo} : index to i64"));
        let hi64 = self.def(&format!("arith.index_cast {hi} : index to i64"));
        let n = self.def(&format!("arith.subi {hi64}, {lo64} : i64"));
        // Threads before the first line start: ((-a0) mod 64) / s, all of them when
        // the element is not aligned to its size (no thread starts a line then).
        let z = self.const_int(0, "i64");
        let neg = self.def(&format!("arith.subi {z}, {a0} : i64"));
        let m63 = self.const_int(LINE as i64 - 1, "i64");
        let pad = self.def(&format!("arith.andi {neg}, {m63} : i64"));
        let sc = self.const_int(s as i64, "i64");
        let peel = self.def(&format!("arith.divui {pad}, {sc} : i64"));
        let ms = self.const_int(s as i64 - 1, "i64");
        let low = self.def(&format!("arith.andi {a0}, {ms} : i64"));
        let aligned = self.def(&format!("arith.cmpi eq, {low}, {z} : i64"));
        let peel = self.def(&format!("arith.minsi {peel}, {n} : i64"));
        let peel = self.def(&format!("arith.select {aligned}, {peel}, {n} : i64"));
        let mid = self.def(&format!("arith.addi {lo64}, {peel} : i64"));
        let rest = self.def(&format!("arith.subi {hi64}, {mid} : i64"));
        let gc = self.const_int(g as i64, "i64");
        let tail = self.def(&format!("arith.remsi {rest}, {gc} : i64"));
        let end = self.def(&format!("arith.subi {hi64}, {tail} : i64"));
        let mid_i = self.def(&format!("arith.index_cast {mid} : i64 to index"));
        let end_i = self.def(&format!("arith.index_cast {end} : i64 to index"));
        self.line("// raise: streaming stores (lower/src/cpu/stream.rs)");
        emit_loop(self, lo, &mid_i, None)?;
        let saved_sp = self.def("llvm.intr.stacksave : !llvm.ptr");
        let one = self.const_int(1, "i64");
        let slot = self.def(&format!(
            "llvm.alloca {one} x !llvm.array<{LINE} x i8> {{alignment = {LINE} : i64}} : (i64) -> !llvm.ptr"
        ));
        let gi = self.def(&format!("arith.constant {g} : index"));
        let xg = self.fresh();
        self.line(&format!("scf.for {xg} = {mid_i} to {end_i} step {gi} {{"));
        self.indent += 1;
        let first = self.def(&format!("arith.index_cast {xg} : index to i64"));
        let c0 = self.def("arith.constant 0 : index");
        self.stream.redirect = Some(Redirect {
            op: site.op,
            slot: slot.clone(),
            first: first.clone(),
            size: s,
        });
        let r = emit_loop(self, &c0, &gi, Some(&xg));
        self.stream.redirect = None;
        r?;
        let d = self.def(&format!("arith.subi {first}, {lo64} : i64"));
        let db = self.def(&format!("arith.muli {d}, {sc} : i64"));
        let o = self.def(&format!("arith.addi {off_lo}, {db} : i64"));
        let OpKind::Store { addr, .. } = &self.k.op(site.op).kind else {
            return Err(Diagnostic::new(
                "cpu-lowering",
                "streaming: the site is not a store",
            ));
        };
        let sc_attrs = self.scope_attrs(addr);
        // The line as two halves: the vectorized group stores the slot 32 bytes at a
        // time, and a load within one earlier store is forwarded from it (a 64-byte load
        // of two 32-byte stores would wait for both to reach the cache).
        let half = LINE / 2;
        let vty = format!("vector<{}x{}>", g / 2, mty(site.ty));
        for h in 0..2 {
            let ho = self.const_int((h * half) as i64, "i64");
            let sp = self.def(&format!(
                "llvm.getelementptr {slot}[{ho}] : (!llvm.ptr, i64) -> !llvm.ptr, i8"
            ));
            let v = self.def(&format!(
                "llvm.load {sp} {{alignment = {half} : i64}} : !llvm.ptr -> {vty}"
            ));
            let oh = self.def(&format!("arith.addi {o}, {ho} : i64"));
            let p = self.def(&format!(
                "llvm.getelementptr {base}[{oh}] : (!llvm.ptr, i64) -> !llvm.ptr, i8"
            ));
            self.line(&format!(
                "llvm.store {v}, {p} {{alignment = {half} : i64, nontemporal{sc_attrs}}} : {vty}, !llvm.ptr"
            ));
        }
        self.indent -= 1;
        self.line("}");
        self.line(&format!("llvm.intr.stackrestore {saved_sp} : !llvm.ptr"));
        emit_loop(self, &end_i, hi, None)?;
        self.stream.used = true;
        Ok(())
    }

    /// Emit op `id` if it is the redirected store of a group (gives true): the value goes
    /// to the group's slot at the thread's position in the group.
    pub(super) fn redirected_store(&mut self, id: OpId) -> Result<bool, Diagnostic> {
        let Some(r) = self.stream.redirect.clone().filter(|r| r.op == id) else {
            return Ok(false);
        };
        let OpKind::Store { value, .. } = self.k.op(id).kind else {
            return Ok(false);
        };
        let x64 = self
            .segment
            .as_ref()
            .and_then(|s| s.x64.clone())
            .ok_or_else(|| Diagnostic::new("cpu-lowering", "streaming: no x position"))?;
        let v = self.name(value)?;
        let t = mty(self.k.value_type(value));
        let d = self.def(&format!("arith.subi {x64}, {} : i64", r.first));
        let sz = self.const_int(r.size as i64, "i64");
        let o = self.def(&format!("arith.muli {d}, {sz} : i64"));
        let p = self.def(&format!(
            "llvm.getelementptr {}[{o}] : (!llvm.ptr, i64) -> !llvm.ptr, i8",
            r.slot
        ));
        self.line(&format!("llvm.store {v}, {p} : {t}, !llvm.ptr"));
        Ok(true)
    }

    /// For a result of an `If` the current segment resolved (emitted inline), the value
    /// its taken branch yields.
    fn forced_yield(&self, v: Value) -> Option<Value> {
        let ValueDef::Result(op, i) = self.k.value_def(v) else {
            return None;
        };
        let OpKind::If {
            then_region,
            else_region,
            ..
        } = &self.k.op(op).kind
        else {
            return None;
        };
        let taken = *self.segment.as_ref()?.forced.get(&op)?;
        let r = if taken { then_region } else { else_region };
        let term = r.ops.last()?;
        match &self.k.op(*term).kind {
            OpKind::Yield(vals) => vals.get(i as usize).copied(),
            _ => None,
        }
    }

    /// Re-emit the pure ops of `v`'s tree defined in `inside`, operands first; `redone`
    /// records each value's previous name.
    fn reemit_pure(
        &mut self,
        v: Value,
        inside: &HashSet<Value>,
        redone: &mut Vec<(Value, Option<String>)>,
    ) -> Result<(), Diagnostic> {
        if !inside.contains(&v) || redone.iter().any(|(r, _)| *r == v) {
            return Ok(());
        }
        if let Some(y) = self.forced_yield(v) {
            // A result of a branch the segment resolved: the taken branch's value.
            self.reemit_pure(y, inside, redone)?;
            let n = self.name(y)?;
            redone.push((v, self.name_of(v)));
            self.bind(v, n);
            return Ok(());
        }
        let ValueDef::Result(op, 0) = self.k.value_def(v) else {
            return Err(Diagnostic::new(
                "cpu-lowering",
                "streaming: an offset uses a multi-result value",
            ));
        };
        for o in self.k.op(op).kind.operands() {
            self.reemit_pure(o, inside, redone)?;
        }
        redone.push((v, self.name_of(v)));
        self.op(op)
    }
}

/// The affine analysis of offsets in a segment of an x loop (see the module doc).
struct Lin<'a, 'k> {
    e: &'a Emitter<'k>,
    x: Value,
    flat: Option<&'a FlatX>,
    inside: &'a HashSet<Value>,
}

impl Lin<'_, '_> {
    /// `Some(k)` when `v` is `v(lo) + k * (x - lo)` (mod 2^64) on the segment, every op of
    /// its tree pure (0: fixed over the loop); `None` when unknown.
    fn coef(&self, v: Value, depth: usize) -> Option<i64> {
        if depth > 64 {
            return None;
        }
        if v == self.x || self.flat.is_some_and(|f| f.bid == v) {
            // Only through an extension (below); `blockIdx.x` of a flat loop is a shift.
            return None;
        }
        if !self.inside.contains(&v) {
            return Some(0);
        }
        if let Some(y) = self.e.forced_yield(v) {
            return self.coef(y, depth + 1);
        }
        let ValueDef::Result(op, 0) = self.e.k.value_def(v) else {
            return None;
        };
        let kind = &self.e.k.op(op).kind;
        let seg = self.e.segment.as_ref()?;
        if let Some((_, c, _)) = seg.exts.get(&op) {
            return Some(*c);
        }
        let i64v = self.e.k.value_type(v) == Type::I64;
        match *kind {
            OpKind::Cast(CastOp::SExt | CastOp::ZExt, a) if a == self.x && self.flat.is_none() => {
                // x is in [0, blockDim.x), below 2^31: both extensions are x itself.
                i64v.then_some(1)
            }
            OpKind::Binary(BinaryOp::Add, a, b) if i64v => Some(
                self.coef(a, depth + 1)?
                    .wrapping_add(self.coef(b, depth + 1)?),
            ),
            OpKind::Binary(BinaryOp::Sub, a, b) if i64v => Some(
                self.coef(a, depth + 1)?
                    .wrapping_sub(self.coef(b, depth + 1)?),
            ),
            OpKind::Binary(BinaryOp::Mul, a, b) if i64v => {
                let (ca, cb) = (self.coef(a, depth + 1)?, self.coef(b, depth + 1)?);
                if ca == 0 && cb == 0 {
                    return Some(0);
                }
                let m = if cb == 0 {
                    self.e.const_of(b)?
                } else if ca == 0 {
                    self.e.const_of(a)?
                } else {
                    return None;
                };
                Some(if cb == 0 { ca } else { cb }.wrapping_mul(m as i64))
            }
            OpKind::Binary(BinaryOp::Shl, a, b) if i64v => {
                let ca = self.coef(a, depth + 1)?;
                if ca == 0 && self.coef(b, depth + 1)? == 0 {
                    return Some(0);
                }
                let s = self.e.const_of(b)?;
                (s < 64).then(|| ca.wrapping_shl(s as u32))
            }
            ref k if super::split::pure_op(k) => {
                // Fixed over the loop when every operand is.
                for o in k.operands() {
                    if self.coef(o, depth + 1)? != 0 {
                        return None;
                    }
                }
                Some(0)
            }
            _ => None,
        }
    }
}
