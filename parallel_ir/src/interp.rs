//! The parallel-IR interpreter (`raise run --target parallel-interp`).
//!
//! Its observable semantics are those of the kernel-IR interpreter
//! ([`frontend::interp`]), which is the reference: every pure op is evaluated by
//! [`frontend::interp::semantics`] (bit-identical arithmetic, compares, casts, atomics),
//! memory is the same [`Memory`] with the same pointer encoding, and the same errors are
//! reported with the same codes (`out-of-bounds`, `bad-pointer`, `division-by-zero`,
//! `divergent-barrier`, `warp-divergence`, `step-limit`, `trap`, `bad-launch`).
//!
//! # Execution
//! Code runs as *cursors*: a register file (one `u64` per value) and a stack of frames,
//! each a position in a region. The top region runs once per launch; at the grid
//! `Parallel` every block (x fastest) runs the grid body with a fresh zeroed shared window;
//! at a thread `Parallel` every thread of the block gets its own cursor (a copy of the
//! block's registers plus its thread index) and the threads advance in lockstep phases
//! exactly like the kernel interpreter: each runnable thread runs until it reaches a
//! barrier, a warp collective (shuffle, vote) or the end of the thread region; warp
//! collectives then complete for the lanes present (same mask and shuffle rules); when
//! every live thread waits at one barrier it completes (exited threads count as arrived),
//! and threads waiting at different barriers are a `divergent-barrier` error.
//!
//! # Shared memory layout
//! Shared allocations are laid out as the kernel interpreter lays out the module's shared
//! globals (static ones in module order, aligned, then the dynamic region at a 16-byte
//! boundary), matched by name, so that shared pointers that escape into values (and even
//! accesses past an array's end, which both interpreters check only against the whole
//! window) behave identically. If some allocation has no same-named shared global, the
//! kernel's own allocations are laid out by the same rule instead.

use frontend::diag::{Diagnostic, Location};
use frontend::interp::model::{self, fault, Fault, Phase, Place};
use frontend::interp::semantics;
use frontend::interp::{LaunchConfig, Memory};
use frontend::ir::{AddrSpace, Module};

use crate::ir::*;
use crate::print::{op_to_string_with, Namer};

/// Run one launch of `kernel` (raised from a kernel of `module`, whose globals live in
/// `memory`) with `params` (one `u64` per parameter: integers zero-extended, floats as
/// IEEE bits, pointers from [`Memory`]). The kernel is verified first
/// ([`crate::verify::verify_kernel`]).
pub fn launch(
    module: &Module,
    kernel: &Kernel,
    config: &LaunchConfig,
    params: &[u64],
    memory: &mut Memory,
) -> Result<(), Diagnostic> {
    let located = |code: &'static str, message: String| {
        Diagnostic::new(code, message).at(Location {
            file: Some(module.source.clone()),
            function: Some(kernel.display_name.clone()),
            ..Default::default()
        })
    };
    // The interpreter relies on the IR's invariants (it never indexes out of range on a
    // verified kernel); checking them costs one walk over the kernel.
    crate::verify::verify_kernel(kernel)?;
    model::check_launch(config, kernel.params.len(), params.len())
        .map_err(|m| located("bad-launch", m))?;
    let (shared_offsets, dynamic_base) = shared_layout(module, kernel);
    let window =
        model::check_shared_window(config, dynamic_base).map_err(|m| located("bad-launch", m))?;
    let mut regs = vec![0u64; kernel.values.len()];
    for (&p, &v) in kernel.params.iter().zip(params) {
        if let Some(slot) = regs.get_mut(p.index()) {
            *slot = semantics::mask(v, kernel.value_type(p));
        }
    }
    let max_steps = memory.max_steps();
    let mut exec = Exec {
        module,
        kernel,
        memory,
        config,
        ctaid: [0; 3],
        shared: vec![0; window as usize],
        shared_offsets,
        steps: 0,
        max_steps,
        namer: None,
        scratch: Vec::new(),
        pool: Vec::new(),
    };
    let mut top = Thread::new(&kernel.body, None, regs, [0; 3], 0);
    exec.run_sequential(&mut top, Level::Grid)
}

/// Offsets of the kernel's shared allocations in the block's window, and where the
/// dynamic region starts.
fn shared_layout(module: &Module, kernel: &Kernel) -> (Vec<u64>, u64) {
    // The kernel interpreter's layout of the module's shared globals.
    let shared: Vec<_> = module
        .globals
        .iter()
        .filter(|g| g.space == AddrSpace::Shared)
        .collect();
    let (offsets, dynamic_base) =
        model::layout_shared(shared.iter().map(|g| (g.align, g.bytes, g.dynamic_shared)));
    let matched: Option<Vec<u64>> = kernel
        .shared
        .iter()
        .map(|a| {
            let mut by_name = shared.iter().zip(&offsets);
            by_name
                .find(|(g, _)| g.name == a.name && g.dynamic_shared == a.dynamic)
                .map(|(_, &at)| at)
        })
        .collect();
    if let Some(offsets) = matched {
        return (offsets, dynamic_base);
    }
    // Own layout, by the same rule.
    model::layout_shared(kernel.shared.iter().map(|a| (a.align, a.bytes, a.dynamic)))
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Ready,
    AtBarrier,
    AtWarpOp,
    /// A sequential cursor reached a `Parallel` op.
    AtParallel,
    Exited,
}

/// A position in a region.
#[derive(Clone, Copy)]
struct Frame<'k> {
    region: &'k Region,
    /// The op owning the region (`None` for the kernel's top region).
    owner: Option<OpId>,
    pos: usize,
}

struct Thread<'k> {
    tid: [u32; 3],
    linear: u32,
    frames: Vec<Frame<'k>>,
    regs: Vec<u64>,
    local: Vec<u8>,
    /// Offset in `local` of each local allocation made so far.
    local_offsets: Vec<Option<u64>>,
    state: State,
}

impl<'k> Thread<'k> {
    fn new(
        region: &'k Region,
        owner: Option<OpId>,
        regs: Vec<u64>,
        tid: [u32; 3],
        linear: u32,
    ) -> Thread<'k> {
        Thread {
            tid,
            linear,
            frames: vec![Frame {
                region,
                owner,
                pos: 0,
            }],
            regs,
            local: Vec::new(),
            local_offsets: Vec::new(),
            state: State::Ready,
        }
    }

    /// The op the thread is at.
    fn current(&self) -> Option<OpId> {
        let f = self.frames.last()?;
        f.region.ops.get(f.pos).copied()
    }

    fn advance(&mut self) {
        if let Some(f) = self.frames.last_mut() {
            f.pos += 1;
        }
    }
}

struct Exec<'a> {
    module: &'a Module,
    kernel: &'a Kernel,
    memory: &'a mut Memory,
    config: &'a LaunchConfig,
    ctaid: [u32; 3],
    shared: Vec<u8>,
    shared_offsets: Vec<u64>,
    steps: u64,
    max_steps: u64,
    namer: Option<Namer>,
    scratch: Vec<u64>,
    /// Thread states of the previous block, for reuse.
    pool: Vec<Thread<'a>>,
}

fn set_args(regs: &mut [u64], args: &[Value], vals: &[u64]) {
    for (a, &v) in args.iter().zip(vals) {
        if let Some(slot) = regs.get_mut(a.index()) {
            *slot = v;
        }
    }
}

impl<'a> model::BlockThreads for Exec<'a> {
    type Thread = Thread<'a>;
    type Site = OpId;
    fn phase(t: &Thread) -> Phase {
        match t.state {
            State::Ready => Phase::Ready,
            State::AtBarrier => Phase::AtBarrier,
            State::AtWarpOp => Phase::AtWarpOp,
            State::Exited => Phase::Exited,
            State::AtParallel => Phase::Other,
        }
    }
    fn tid(t: &Thread) -> [u32; 3] {
        t.tid
    }
    fn read(t: &Thread, v: Value) -> u64 {
        reg(&t.regs, v)
    }
    fn run(&mut self, t: &mut Thread<'a>) -> Result<(), Fault> {
        self.run_thread(t, true)
    }
    fn site(&self, t: &Thread) -> Option<OpId> {
        t.current()
    }
    fn site_op(&self, op: OpId) -> Option<CommonOp> {
        self.kernel.op(op).kind.common()
    }
    fn site_text(&mut self, op: OpId) -> String {
        let kernel = self.kernel;
        let namer = self.namer.get_or_insert_with(|| Namer::new(kernel));
        op_to_string_with(kernel, namer, op)
    }
    fn resume(&self, t: &mut Thread, op: OpId, value: u64) {
        if let Some(&r) = self.kernel.op(op).results.first() {
            if let Some(slot) = t.regs.get_mut(r.index()) {
                *slot = value;
            }
        }
        t.advance();
        t.state = State::Ready;
    }
    fn locate(&mut self, t: &Thread, e: Fault) -> Diagnostic {
        Exec::locate(self, t, e)
    }
}

impl<'a> Exec<'a> {
    fn locate(&mut self, t: &Thread, e: Fault) -> Diagnostic {
        let kernel = self.kernel;
        let mut location = Location {
            file: Some(self.module.source.clone()),
            function: Some(kernel.display_name.clone()),
            ..Default::default()
        };
        if let Some(op) = t.current() {
            let namer = self.namer.get_or_insert_with(|| Namer::new(kernel));
            location.op = Some(op_to_string_with(kernel, namer, op));
            if let Some(loc) = kernel.ops.get(op.index()).and_then(|d| d.loc) {
                location.line = Some(loc.line);
                location.col = Some(loc.col).filter(|&c| c > 0);
            }
        }
        e.in_thread(self.ctaid, t.tid, location)
    }

    /// Run a sequential cursor (top level, or a block's grid body) to its end; the
    /// `Parallel` ops it meets run the next level (`inner`: the level it may meet).
    fn run_sequential(&mut self, t: &mut Thread<'a>, inner: Level) -> Result<(), Diagnostic> {
        loop {
            if let Err(e) = self.run_thread(t, false) {
                return Err(self.locate(t, e));
            }
            match t.state {
                State::Exited => return Ok(()),
                State::AtParallel => {
                    let Some(op) = t.current() else {
                        return Err(self.locate(t, fault("bad-ir", "lost parallel op")));
                    };
                    let kernel = self.kernel;
                    let OpKind::Parallel { level, body } = &kernel.op(op).kind else {
                        return Err(self.locate(t, fault("bad-ir", "not a parallel op")));
                    };
                    if *level != inner {
                        return Err(self
                            .locate(t, fault("bad-ir", "parallel op at the wrong nesting level")));
                    }
                    match level {
                        Level::Grid => self.run_grid(op, body, &t.regs)?,
                        Level::Block => self.run_block_threads(op, body, &t.regs)?,
                    }
                    t.advance();
                    t.state = State::Ready;
                }
                _ => {
                    return Err(self.locate(
                        t,
                        fault("bad-ir", "synchronisation outside a thread parallel"),
                    ))
                }
            }
        }
    }

    fn run_grid(&mut self, op: OpId, body: &'a Region, regs: &[u64]) -> Result<(), Diagnostic> {
        let grid = self.config.grid;
        for z in 0..grid[2] {
            for y in 0..grid[1] {
                for x in 0..grid[0] {
                    self.ctaid = [x, y, z];
                    self.shared.fill(0);
                    let mut regs = regs.to_vec();
                    set_args(&mut regs, &body.args, &[x.into(), y.into(), z.into()]);
                    let mut t = Thread::new(body, Some(op), regs, [0; 3], 0);
                    self.run_sequential(&mut t, Level::Block)?;
                }
            }
        }
        Ok(())
    }

    fn run_block_threads(
        &mut self,
        op: OpId,
        body: &'a Region,
        regs: &[u64],
    ) -> Result<(), Diagnostic> {
        let [bx, by, bz] = self.config.block;
        // Thread states are reused from block to block (no allocation per thread).
        let mut threads = std::mem::take(&mut self.pool);
        let count = (bx * by * bz) as usize;
        threads.truncate(count);
        let mut i = 0usize;
        for z in 0..bz {
            for y in 0..by {
                for x in 0..bx {
                    let linear = x + y * bx + z * bx * by;
                    if i == threads.len() {
                        threads.push(Thread::new(body, Some(op), Vec::new(), [x, y, z], linear));
                    }
                    let t = &mut threads[i];
                    t.tid = [x, y, z];
                    t.linear = linear;
                    t.frames.clear();
                    t.frames.push(Frame {
                        region: body,
                        owner: Some(op),
                        pos: 0,
                    });
                    t.regs.clear();
                    t.regs.extend_from_slice(regs);
                    set_args(&mut t.regs, &body.args, &[x.into(), y.into(), z.into()]);
                    t.local.clear();
                    t.local_offsets.clear();
                    t.state = State::Ready;
                    i += 1;
                }
            }
        }
        model::run_block(self, &mut threads)?;
        self.pool = threads;
        Ok(())
    }

    fn step(&mut self) -> Result<(), Fault> {
        self.steps += 1;
        if self.steps > self.max_steps {
            return Err(model::step_limit(self.max_steps));
        }
        Ok(())
    }

    /// Run `t` until it waits (barrier, warp op, or — sequential cursors — a parallel op)
    /// or exits. `thread_level`: `t` is a thread of a block.
    fn run_thread(&mut self, t: &mut Thread<'a>, thread_level: bool) -> Result<(), Fault> {
        let kernel: &'a Kernel = self.kernel;
        loop {
            let Some(frame) = t.frames.last().copied() else {
                t.state = State::Exited;
                return Ok(());
            };
            let Some(&op) = frame.region.ops.get(frame.pos) else {
                return Err(fault("bad-ir", "region without a terminator"));
            };
            let Some(data) = kernel.ops.get(op.index()) else {
                return Err(fault("bad-ir", "op out of range"));
            };
            self.step()?;
            match &data.kind {
                OpKind::Barrier { .. } | OpKind::Shuffle { .. } | OpKind::Vote { .. } => {
                    if !thread_level {
                        return Err(fault("bad-ir", "synchronisation outside a thread parallel"));
                    }
                    t.state = if matches!(data.kind, OpKind::Barrier { .. }) {
                        State::AtBarrier
                    } else {
                        State::AtWarpOp
                    };
                    return Ok(());
                }
                OpKind::Parallel { .. } => {
                    if thread_level {
                        return Err(fault("bad-ir", "parallel op inside a thread parallel"));
                    }
                    t.state = State::AtParallel;
                    return Ok(());
                }
                OpKind::For {
                    lower,
                    upper,
                    inits,
                    body,
                    ..
                } => {
                    let ty = kernel.value_type(*lower);
                    let lo = reg(&t.regs, *lower);
                    let hi = reg(&t.regs, *upper);
                    self.scratch.clear();
                    self.scratch.extend(inits.iter().map(|&v| reg(&t.regs, v)));
                    if semantics::icmp(IntPredicate::Slt, ty, lo, hi) {
                        if let Some(&iv) = body.args.first() {
                            set_args(&mut t.regs, &[iv], &[lo]);
                        }
                        set_args(
                            &mut t.regs,
                            body.args.get(1..).unwrap_or(&[]),
                            &self.scratch,
                        );
                        t.frames.push(Frame {
                            region: body,
                            owner: Some(op),
                            pos: 0,
                        });
                    } else {
                        set_args(&mut t.regs, &data.results, &self.scratch);
                        t.advance();
                    }
                }
                OpKind::While { inits, before, .. } => {
                    self.scratch.clear();
                    self.scratch.extend(inits.iter().map(|&v| reg(&t.regs, v)));
                    set_args(&mut t.regs, &before.args, &self.scratch);
                    t.frames.push(Frame {
                        region: before,
                        owner: Some(op),
                        pos: 0,
                    });
                }
                OpKind::If {
                    cond,
                    then_region,
                    else_region,
                } => {
                    let region = if reg(&t.regs, *cond) & 1 != 0 {
                        then_region
                    } else {
                        else_region
                    };
                    t.frames.push(Frame {
                        region,
                        owner: Some(op),
                        pos: 0,
                    });
                }
                OpKind::Yield(vals) => {
                    self.scratch.clear();
                    self.scratch.extend(vals.iter().map(|&v| reg(&t.regs, v)));
                    t.frames.pop();
                    let Some(owner) = frame.owner else {
                        t.state = State::Exited;
                        return Ok(());
                    };
                    let odata = kernel.op(owner);
                    match &odata.kind {
                        OpKind::Parallel { .. } => {
                            t.frames.clear();
                            t.state = State::Exited;
                            return Ok(());
                        }
                        OpKind::For {
                            upper, step, body, ..
                        } => {
                            let Some(&iv) = body.args.first() else {
                                return Err(fault("bad-ir", "for without induction variable"));
                            };
                            let ty = kernel.value_type(iv);
                            let next = semantics::mask(
                                reg(&t.regs, iv).wrapping_add(reg(&t.regs, *step)),
                                ty,
                            );
                            if semantics::icmp(IntPredicate::Slt, ty, next, reg(&t.regs, *upper)) {
                                set_args(&mut t.regs, &[iv], &[next]);
                                set_args(&mut t.regs, &body.args[1..], &self.scratch);
                                t.frames.push(Frame { pos: 0, ..frame });
                            } else {
                                set_args(&mut t.regs, &odata.results, &self.scratch);
                                t.advance();
                            }
                        }
                        OpKind::While { before, .. } => {
                            set_args(&mut t.regs, &before.args, &self.scratch);
                            t.frames.push(Frame {
                                region: before,
                                owner: Some(owner),
                                pos: 0,
                            });
                        }
                        OpKind::If { .. } => {
                            set_args(&mut t.regs, &odata.results, &self.scratch);
                            t.advance();
                        }
                        _ => return Err(fault("bad-ir", "yield in an op without regions")),
                    }
                }
                OpKind::Condition { cond, args } => {
                    let c = reg(&t.regs, *cond) & 1 != 0;
                    self.scratch.clear();
                    self.scratch.extend(args.iter().map(|&v| reg(&t.regs, v)));
                    t.frames.pop();
                    let Some(owner) = frame.owner else {
                        return Err(fault("bad-ir", "condition outside a while"));
                    };
                    let odata = kernel.op(owner);
                    let OpKind::While { after, .. } = &odata.kind else {
                        return Err(fault("bad-ir", "condition outside a while"));
                    };
                    if c {
                        set_args(&mut t.regs, &after.args, &self.scratch);
                        t.frames.push(Frame {
                            region: after,
                            owner: Some(owner),
                            pos: 0,
                        });
                    } else {
                        set_args(&mut t.regs, &odata.results, &self.scratch);
                        t.advance();
                    }
                }
                OpKind::Trap => return Err(model::trap()),
                OpKind::LaneId | OpKind::LocalAlloc(_) if !thread_level => {
                    return Err(fault("bad-ir", "thread op outside a thread parallel"));
                }
                kind => {
                    let value = self.exec(kind, data.results.first().copied(), t)?;
                    if let Some(&r) = data.results.first() {
                        if let Some(slot) = t.regs.get_mut(r.index()) {
                            *slot = value;
                        }
                    }
                    t.advance();
                }
            }
        }
    }

    /// Execute one op without control effects; gives its result (0 if none).
    fn exec(&mut self, op: &OpKind, result: Option<Value>, t: &mut Thread) -> Result<u64, Fault> {
        let kernel = self.kernel;
        let regs = &t.regs;
        let r = |v: &Value| reg(regs, *v);
        let ty = |v: &Value| kernel.value_type(*v);
        let rty = result.map(|v| kernel.value_type(v)).unwrap_or(Type::I32);
        let linear = t.linear;
        Ok(match op {
            OpKind::Dim(d) => {
                let c = self.config;
                match d {
                    Dim::BlockDim(i) => u64::from(c.block.get(*i as usize).copied().unwrap_or(1)),
                    Dim::GridDim(i) => u64::from(c.grid.get(*i as usize).copied().unwrap_or(1)),
                    Dim::DynamicSharedBytes => c.dynamic_shared_bytes,
                }
            }
            OpKind::LaneId => u64::from(linear % 32),
            OpKind::RootAddr(root) => self.root_addr(*root, rty, t)?,
            OpKind::Load { addr } => {
                let (m, off) = self.resolve(addr, t)?;
                self.load(m, off, rty, t)?
            }
            OpKind::Store { addr, value } => {
                let (m, off) = self.resolve(addr, t)?;
                let (vt, v) = (ty(value), r(value));
                self.store(m, off, vt, v, t)?;
                0
            }
            OpKind::Atomic {
                op: aop,
                addr,
                value,
            } => {
                let vt = ty(value);
                let v = r(value);
                let (m, off) = self.resolve(addr, t)?;
                let old = self.load(m, off, vt, t)?;
                let new = semantics::atomic(*aop, vt, old, v)?;
                self.store(m, off, vt, semantics::mask(new, vt), t)?;
                old
            }
            OpKind::AtomicCas {
                addr,
                expected,
                new,
            } => {
                let vt = ty(new);
                let (e, n) = (r(expected), r(new));
                let (m, off) = self.resolve(addr, t)?;
                let old = self.load(m, off, vt, t)?;
                if old == semantics::mask(e, vt) {
                    self.store(m, off, vt, n, t)?;
                }
                old
            }
            OpKind::Memcpy { dst, src, len } => {
                let n = r(len);
                if n > 0 {
                    let (ms, os) = self.resolve(src, t)?;
                    let at = self.check(ms, os, n, None, "memcpy source", t)?;
                    let bytes = self.bytes_of(ms, t)[at..at + n as usize].to_vec();
                    let (md, od) = self.resolve(dst, t)?;
                    let at = self.check(md, od, n, None, "write", t)?;
                    self.bytes_of(md, t)[at..at + n as usize].copy_from_slice(&bytes);
                }
                0
            }
            OpKind::Memset { dst, byte, len } => {
                let n = r(len);
                let b = r(byte) as u8;
                if n > 0 {
                    model::check_memset_len(n)?;
                    let (md, od) = self.resolve(dst, t)?;
                    let at = self.check(md, od, n, None, "write", t)?;
                    self.bytes_of(md, t)[at..at + n as usize].fill(b);
                }
                0
            }
            OpKind::SharedAlloc(_) => 0,
            OpKind::LocalAlloc(id) => {
                let Some(a) = kernel.locals.get(id.index()) else {
                    return Err(fault("bad-ir", "local allocation out of range"));
                };
                let at = model::alloc_local(&mut t.local, a.bytes, a.align)?;
                if t.local_offsets.len() <= id.index() {
                    t.local_offsets.resize(id.index() + 1, None);
                }
                t.local_offsets[id.index()] = Some(at);
                model::local_pointer(rty, at, linear)
            }
            OpKind::Fence => 0,
            OpKind::Trap => return Err(model::trap()),
            OpKind::Barrier { .. }
            | OpKind::Shuffle { .. }
            | OpKind::Vote { .. }
            | OpKind::Parallel { .. }
            | OpKind::For { .. }
            | OpKind::While { .. }
            | OpKind::If { .. }
            | OpKind::Yield(_)
            | OpKind::Condition { .. } => return Err(model::control_op()),
            OpKind::Const { .. }
            | OpKind::Unary(..)
            | OpKind::Binary(..)
            | OpKind::Fma(..)
            | OpKind::ICmp(..)
            | OpKind::FCmp(..)
            | OpKind::Select { .. }
            | OpKind::Cast(..)
            | OpKind::PtrAdd { .. } => match op.common() {
                Some(c) => {
                    model::eval_value(c, rty, |v| reg(regs, v), |v| kernel.value_type(v), linear)?
                }
                None => return Err(model::control_op()),
            },
        })
    }

    fn root_addr(&self, root: MemRoot, rty: Type, t: &Thread) -> Result<u64, Fault> {
        Ok(match root {
            MemRoot::Param(i) => {
                let Some(&p) = self.kernel.params.get(i as usize) else {
                    return Err(fault("bad-ir", "parameter out of range"));
                };
                reg(&t.regs, p)
            }
            MemRoot::Shared(s) => model::shared_pointer(rty, self.shared_base(s)?),
            MemRoot::Local(l) => model::local_pointer(rty, local_base(t, l)?, t.linear),
            MemRoot::Global(g) => self
                .memory
                .global_address(g)
                .ok_or_else(|| fault("bad-ir", "global without storage"))?,
        })
    }

    fn shared_base(&self, s: SharedId) -> Result<u64, Fault> {
        self.shared_offsets
            .get(s.index())
            .copied()
            .ok_or_else(|| fault("bad-ir", "shared allocation out of range"))
    }

    /// Where an address points: the memory and the byte offset in it.
    fn resolve(&self, addr: &Addr, t: &Thread) -> Result<(Place, u64), Fault> {
        match *addr {
            Addr::Root { root, offset } => {
                let off = reg(&t.regs, offset);
                match root {
                    MemRoot::Param(i) => {
                        let Some(&p) = self.kernel.params.get(i as usize) else {
                            return Err(fault("bad-ir", "parameter out of range"));
                        };
                        let ptr = reg(&t.regs, p).wrapping_add(off);
                        model::decode_pointer(self.memory, self.kernel.value_type(p), ptr, t.linear)
                    }
                    MemRoot::Shared(s) => {
                        Ok((Place::Shared, self.shared_base(s)?.wrapping_add(off)))
                    }
                    MemRoot::Local(l) => Ok((Place::Local, local_base(t, l)?.wrapping_add(off))),
                    MemRoot::Global(g) => {
                        let base = self
                            .memory
                            .global_address(g)
                            .ok_or_else(|| fault("bad-ir", "global without storage"))?;
                        model::decode_pointer(
                            self.memory,
                            Type::Ptr(AddrSpace::Generic),
                            base.wrapping_add(off),
                            t.linear,
                        )
                    }
                }
            }
            Addr::Dynamic(p) => model::decode_pointer(
                self.memory,
                self.kernel.value_type(p),
                reg(&t.regs, p),
                t.linear,
            ),
        }
    }

    fn bytes_of<'m>(&'m mut self, m: Place, t: &'m mut Thread) -> &'m mut [u8] {
        model::place_bytes(self.memory, &mut self.shared, &mut t.local, m)
    }

    fn check(
        &mut self,
        m: Place,
        offset: u64,
        size: u64,
        elem: Option<Type>,
        what: &str,
        t: &mut Thread,
    ) -> Result<usize, Fault> {
        let len = self.bytes_of(m, t).len() as u64;
        let names = self.kernel.shared.iter().zip(&self.shared_offsets);
        let shared = names.map(|(a, &at)| (a.name.as_str(), at));
        model::check_bounds(len, offset, size, elem, what, || {
            model::place_name(self.memory, m, offset, shared)
        })
    }

    fn load(&mut self, m: Place, offset: u64, ty: Type, t: &mut Thread) -> Result<u64, Fault> {
        let at = self.check(m, offset, ty.bytes(), Some(ty), "load", t)?;
        Ok(model::read_scalar(self.bytes_of(m, t), at, ty))
    }

    fn store(
        &mut self,
        m: Place,
        offset: u64,
        ty: Type,
        value: u64,
        t: &mut Thread,
    ) -> Result<(), Fault> {
        let at = self.check(m, offset, ty.bytes(), Some(ty), "store", t)?;
        model::write_scalar(self.bytes_of(m, t), at, ty, value);
        Ok(())
    }
}

#[inline]
fn reg(regs: &[u64], v: Value) -> u64 {
    regs.get(v.index()).copied().unwrap_or(0)
}

fn local_base(t: &Thread, l: LocalId) -> Result<u64, Fault> {
    t.local_offsets
        .get(l.index())
        .copied()
        .flatten()
        .ok_or_else(|| fault("bad-ir", "local memory used before its allocation"))
}
