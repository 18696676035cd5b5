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
use frontend::interp::semantics::{self, EvalError};
use frontend::interp::{LaunchConfig, Memory, LOCAL_TAG, OFFSET_MASK, SHARED_TAG, TAG_SHIFT};
use frontend::ir::{AddrSpace, Module};

use crate::ir::*;
use crate::print::{op_to_string_with, Namer};

const MAX_BLOCK_THREADS: u64 = 1024;
const MAX_SHARED_BYTES: u64 = 228 * 1024;
const MAX_LOCAL_BYTES: usize = 512 * 1024;

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
    if params.len() != kernel.params.len() {
        return Err(located(
            "bad-launch",
            format!(
                "kernel takes {} parameters, {} given",
                kernel.params.len(),
                params.len()
            ),
        ));
    }
    if config.grid.contains(&0) || config.block.contains(&0) {
        return Err(located(
            "bad-launch",
            format!(
                "grid {:?} and block {:?} must be at least 1 in every dimension",
                config.grid, config.block
            ),
        ));
    }
    let threads: u64 = config.block.iter().map(|&d| u64::from(d)).product();
    if threads > MAX_BLOCK_THREADS || config.block[2] > 64 {
        return Err(located(
            "bad-launch",
            format!(
                "block {:?} has {threads} threads; CUDA allows at most 1024 (and z <= 64)",
                config.block
            ),
        ));
    }
    if config.grid[1] > 65535 || config.grid[2] > 65535 || config.grid[0] > i32::MAX as u32 {
        return Err(located(
            "bad-launch",
            format!("grid {:?} exceeds CUDA's limits", config.grid),
        ));
    }
    let (shared_offsets, dynamic_base) = shared_layout(module, kernel);
    let window = dynamic_base.saturating_add(config.dynamic_shared_bytes);
    if window > MAX_SHARED_BYTES {
        return Err(located(
            "bad-launch",
            format!("the kernel needs {window} bytes of shared memory per block; GPUs have at most {MAX_SHARED_BYTES}"),
        ));
    }
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
    let mut by_name: Vec<(&str, bool, u64)> = Vec::new();
    let mut end = 0u64;
    for g in &module.globals {
        if g.space == AddrSpace::Shared && !g.dynamic_shared {
            let align = g.align.clamp(1, 256);
            let at = end.div_ceil(align) * align;
            by_name.push((g.name.as_str(), false, at));
            end = at + g.bytes;
        }
    }
    let dynamic_base = end.div_ceil(16) * 16;
    for g in &module.globals {
        if g.space == AddrSpace::Shared && g.dynamic_shared {
            by_name.push((g.name.as_str(), true, dynamic_base));
        }
    }
    let matched: Option<Vec<u64>> = kernel
        .shared
        .iter()
        .map(|a| {
            by_name
                .iter()
                .find(|(n, d, _)| *n == a.name && *d == a.dynamic)
                .map(|&(_, _, at)| at)
        })
        .collect();
    if let Some(offsets) = matched {
        return (offsets, dynamic_base);
    }
    // Own layout, by the same rule.
    let mut offsets = vec![0u64; kernel.shared.len()];
    let mut end = 0u64;
    for (i, a) in kernel.shared.iter().enumerate() {
        if !a.dynamic {
            let align = a.align.clamp(1, 256);
            let at = end.div_ceil(align) * align;
            offsets[i] = at;
            end = at + a.bytes;
        }
    }
    let dynamic_base = end.div_ceil(16) * 16;
    for (i, a) in kernel.shared.iter().enumerate() {
        if a.dynamic {
            offsets[i] = dynamic_base;
        }
    }
    (offsets, dynamic_base)
}

/// An error inside one thread, before it is located.
struct Fault {
    code: &'static str,
    message: String,
}

fn fault(code: &'static str, message: impl Into<String>) -> Fault {
    Fault {
        code,
        message: message.into(),
    }
}

impl From<EvalError> for Fault {
    fn from(e: EvalError) -> Fault {
        match e {
            EvalError::DivisionByZero => fault("division-by-zero", "integer division by zero"),
            EvalError::BadType => fault("bad-ir", "operation applied to a type it does not take"),
        }
    }
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

/// Which memory an address resolves to.
#[derive(Clone, Copy)]
enum Mem {
    Alloc(u64),
    Shared,
    Local,
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

fn dims(d: [u32; 3]) -> String {
    format!("({},{},{})", d[0], d[1], d[2])
}

fn set_args(regs: &mut [u64], args: &[Value], vals: &[u64]) {
    for (a, &v) in args.iter().zip(vals) {
        if let Some(slot) = regs.get_mut(a.index()) {
            *slot = v;
        }
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
        Diagnostic::new(
            e.code,
            format!(
                "{} (block {}, thread {})",
                e.message,
                dims(self.ctaid),
                dims(t.tid)
            ),
        )
        .at(location)
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
        loop {
            for t in threads.iter_mut() {
                if t.state == State::Ready {
                    if let Err(e) = self.run_thread(t, true) {
                        return Err(self.locate(t, e));
                    }
                }
            }
            let mut progressed = false;
            for warp in threads.chunks_mut(32) {
                progressed |= self.resolve_warp(warp)?;
            }
            if progressed {
                continue;
            }
            if !self.resolve_barrier(&mut threads)? {
                self.pool = threads;
                return Ok(());
            }
        }
    }

    /// Complete the warp collectives the lanes of `warp` wait at; gives whether any did.
    fn resolve_warp(&mut self, warp: &mut [Thread]) -> Result<bool, Diagnostic> {
        let kernel = self.kernel;
        let mut progressed = false;
        loop {
            let Some(first) = warp.iter().position(|t| t.state == State::AtWarpOp) else {
                return Ok(progressed);
            };
            let Some(site) = warp[first].current() else {
                return Err(self.locate(&warp[first], fault("bad-ir", "lost warp op")));
            };
            let data = kernel.op(site);
            let result = data.results.first().copied();
            let present: u32 = warp
                .iter()
                .enumerate()
                .filter(|(_, t)| t.state == State::AtWarpOp && t.current() == Some(site))
                .fold(0u32, |m, (lane, _)| m | (1 << lane));
            let live: u32 = warp
                .iter()
                .enumerate()
                .filter(|(_, t)| t.state != State::Exited)
                .fold(0u32, |m, (lane, _)| m | (1 << lane));
            let reg = |t: &Thread, v: Value| t.regs.get(v.index()).copied().unwrap_or(0);
            let (mask_value, pred_or_value) = match &data.kind {
                OpKind::Shuffle { mask, value, .. } => (*mask, *value),
                OpKind::Vote { mask, pred, .. } => (*mask, *pred),
                _ => return Err(self.locate(&warp[first], fault("bad-ir", "not a warp op"))),
            };
            for lane in 0..warp.len() {
                if present & (1 << lane) == 0 {
                    continue;
                }
                let wanted = (reg(&warp[lane], mask_value) as u32) & live;
                let missing = wanted & !present;
                if missing != 0 {
                    let other = missing.trailing_zeros() as usize;
                    let e = fault(
                        "warp-divergence",
                        format!(
                            "lane {lane} waits at a warp collective whose mask names lane {other} (thread {}), which is live but elsewhere",
                            dims(warp[other].tid)
                        ),
                    );
                    return Err(self.locate(&warp[lane], e));
                }
            }
            let mut results = [0u64; 32];
            match &data.kind {
                OpKind::Shuffle {
                    mode, lane, clamp, ..
                } => {
                    for me in 0..warp.len() {
                        if present & (1 << me) == 0 {
                            continue;
                        }
                        let j = semantics::shuffle_source_lane(
                            *mode,
                            me as u32,
                            reg(&warp[me], *lane),
                            reg(&warp[me], *clamp),
                        );
                        if !(0..32).contains(&j) || present & (1 << j) == 0 {
                            let e = fault(
                                "warp-divergence",
                                format!("shuffle reads lane {j}, which is not at this shuffle (its value is undefined in CUDA)"),
                            );
                            return Err(self.locate(&warp[me], e));
                        }
                        results[me] = reg(&warp[j as usize], pred_or_value);
                    }
                }
                OpKind::Vote { mode, .. } => {
                    for me in 0..warp.len() {
                        if present & (1 << me) == 0 {
                            continue;
                        }
                        let members = (reg(&warp[me], mask_value) as u32) & present | (1 << me);
                        let mut ballot = 0u32;
                        for (lane, other) in warp.iter().enumerate() {
                            if members & (1 << lane) != 0 && reg(other, pred_or_value) & 1 != 0 {
                                ballot |= 1 << lane;
                            }
                        }
                        results[me] = semantics::vote_result(*mode, members, ballot);
                    }
                }
                _ => {}
            }
            for (lane, t) in warp.iter_mut().enumerate() {
                if present & (1 << lane) == 0 {
                    continue;
                }
                if let Some(r) = result {
                    if let Some(slot) = t.regs.get_mut(r.index()) {
                        *slot = results[lane];
                    }
                }
                t.advance();
                t.state = State::Ready;
            }
            progressed = true;
        }
    }

    /// Complete the barrier all live threads wait at; gives false when all have exited.
    fn resolve_barrier(&mut self, threads: &mut [Thread]) -> Result<bool, Diagnostic> {
        let kernel = self.kernel;
        let mut site: Option<(usize, OpId)> = None;
        for i in 0..threads.len() {
            let t = &threads[i];
            match t.state {
                State::Exited => {}
                State::AtBarrier => match (site, t.current()) {
                    (None, Some(h)) => site = Some((i, h)),
                    (Some((first, s)), Some(h)) if s != h => {
                        let namer = self.namer.get_or_insert_with(|| Namer::new(kernel));
                        let e = fault(
                            "divergent-barrier",
                            format!(
                                "threads wait at different barriers: thread {} at '{}', thread {} here; a barrier must be reached by all live threads of the block",
                                dims(threads[first].tid),
                                op_to_string_with(kernel, namer, s),
                                dims(t.tid)
                            ),
                        );
                        return Err(self.locate(&threads[i], e));
                    }
                    _ => {}
                },
                _ => {
                    return Err(self.locate(&threads[i], fault("bad-ir", "scheduler stalled")));
                }
            }
        }
        let Some((_, op)) = site else {
            return Ok(false);
        };
        let data = kernel.op(op);
        let (kind, pred) = match &data.kind {
            OpKind::Barrier { kind, pred } => (*kind, *pred),
            _ => (BarrierKind::Sync, None),
        };
        let mut count = 0u64;
        let mut waiting = 0u64;
        for t in threads.iter() {
            if t.state == State::AtBarrier {
                waiting += 1;
                if let Some(p) = pred {
                    count += t.regs.get(p.index()).copied().unwrap_or(0) & 1;
                }
            }
        }
        let value = match kind {
            BarrierKind::Sync | BarrierKind::Count => count,
            BarrierKind::And => u64::from(count == waiting),
            BarrierKind::Or => u64::from(count != 0),
        };
        let result = data.results.first().copied();
        for t in threads.iter_mut() {
            if t.state == State::AtBarrier {
                if let Some(r) = result {
                    if let Some(slot) = t.regs.get_mut(r.index()) {
                        *slot = value;
                    }
                }
                t.advance();
                t.state = State::Ready;
            }
        }
        Ok(true)
    }

    fn step(&mut self) -> Result<(), Fault> {
        self.steps += 1;
        if self.steps > self.max_steps {
            return Err(fault(
                "step-limit",
                format!(
                    "the launch ran more than {} instructions (RAISE_INTERP_MAX_STEPS); an endless loop?",
                    self.max_steps
                ),
            ));
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
                OpKind::Trap => return Err(fault("trap", "the kernel trapped (__trap or assert)")),
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
            OpKind::Const { bits } => *bits,
            OpKind::Unary(u, a) => semantics::unary(*u, rty, r(a))?,
            OpKind::Binary(b, x, y) => semantics::binary(*b, rty, r(x), r(y))?,
            OpKind::Fma(a, b, c) => semantics::fma(rty, r(a), r(b), r(c)),
            OpKind::ICmp(p, a, b) => u64::from(semantics::icmp(*p, ty(a), r(a), r(b))),
            OpKind::FCmp(p, a, b) => u64::from(semantics::fcmp(*p, ty(a), r(a), r(b))),
            OpKind::Select {
                cond,
                if_true,
                if_false,
            } => {
                if r(cond) & 1 != 0 {
                    r(if_true)
                } else {
                    r(if_false)
                }
            }
            OpKind::Cast(CastOp::AddrSpaceCast, a) => {
                let (Type::Ptr(from), Type::Ptr(to)) = (ty(a), rty) else {
                    return Err(fault("bad-ir", "addrspacecast of a non-pointer"));
                };
                let generic = to_generic(from, r(a), linear);
                from_generic(to, generic, linear)?
            }
            OpKind::Cast(c, a) => semantics::cast(*c, ty(a), rty, r(a)),
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
            OpKind::PtrAdd { ptr, offset } => r(ptr).wrapping_add(r(offset)),
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
                    if n > 1 << 32 {
                        return Err(fault("out-of-bounds", format!("memset of {n} bytes")));
                    }
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
                let align = a.align.clamp(1, 4096) as usize;
                let at = t.local.len().div_ceil(align) * align;
                let end = at.saturating_add(a.bytes as usize);
                if end > MAX_LOCAL_BYTES {
                    return Err(fault(
                        "local-memory",
                        format!("the thread's local memory would exceed {MAX_LOCAL_BYTES} bytes"),
                    ));
                }
                t.local.resize(end, 0);
                if t.local_offsets.len() <= id.index() {
                    t.local_offsets.resize(id.index() + 1, None);
                }
                t.local_offsets[id.index()] = Some(at as u64);
                match rty {
                    Type::Ptr(AddrSpace::Local) => at as u64,
                    _ => to_generic(AddrSpace::Local, at as u64, linear),
                }
            }
            OpKind::Fence => 0,
            OpKind::Trap => return Err(fault("trap", "the kernel trapped (__trap or assert)")),
            OpKind::Barrier { .. }
            | OpKind::Shuffle { .. }
            | OpKind::Vote { .. }
            | OpKind::Parallel { .. }
            | OpKind::For { .. }
            | OpKind::While { .. }
            | OpKind::If { .. }
            | OpKind::Yield(_)
            | OpKind::Condition { .. } => {
                return Err(fault("bad-ir", "control op in straight-line execution"))
            }
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
            MemRoot::Shared(s) => {
                let at = self.shared_base(s)?;
                match rty {
                    Type::Ptr(AddrSpace::Shared) => at,
                    _ => (SHARED_TAG << TAG_SHIFT) | at,
                }
            }
            MemRoot::Local(l) => {
                let at = local_base(t, l)?;
                match rty {
                    Type::Ptr(AddrSpace::Local) => at,
                    _ => to_generic(AddrSpace::Local, at, t.linear),
                }
            }
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
    fn resolve(&self, addr: &Addr, t: &Thread) -> Result<(Mem, u64), Fault> {
        match *addr {
            Addr::Root { root, offset } => {
                let off = reg(&t.regs, offset);
                match root {
                    MemRoot::Param(i) => {
                        let Some(&p) = self.kernel.params.get(i as usize) else {
                            return Err(fault("bad-ir", "parameter out of range"));
                        };
                        let ptr = reg(&t.regs, p).wrapping_add(off);
                        self.resolve_ptr(self.kernel.value_type(p), ptr, t.linear)
                    }
                    MemRoot::Shared(s) => Ok((Mem::Shared, self.shared_base(s)?.wrapping_add(off))),
                    MemRoot::Local(l) => Ok((Mem::Local, local_base(t, l)?.wrapping_add(off))),
                    MemRoot::Global(g) => {
                        let base = self
                            .memory
                            .global_address(g)
                            .ok_or_else(|| fault("bad-ir", "global without storage"))?;
                        self.resolve_ptr(
                            Type::Ptr(AddrSpace::Generic),
                            base.wrapping_add(off),
                            t.linear,
                        )
                    }
                }
            }
            Addr::Dynamic(p) => {
                self.resolve_ptr(self.kernel.value_type(p), reg(&t.regs, p), t.linear)
            }
        }
    }

    /// The kernel interpreter's pointer decoding.
    fn resolve_ptr(&self, ptr_ty: Type, addr: u64, linear: u32) -> Result<(Mem, u64), Fault> {
        match ptr_ty {
            Type::Ptr(AddrSpace::Shared) => Ok((Mem::Shared, addr)),
            Type::Ptr(AddrSpace::Local) => Ok((Mem::Local, addr)),
            _ => {
                let tag = addr >> TAG_SHIFT;
                let offset = addr & OFFSET_MASK;
                if tag == SHARED_TAG {
                    Ok((Mem::Shared, offset))
                } else if tag >= LOCAL_TAG {
                    if tag - LOCAL_TAG != u64::from(linear) {
                        return Err(fault(
                            "bad-pointer",
                            "access to another thread's local memory",
                        ));
                    }
                    Ok((Mem::Local, offset))
                } else if tag == 0 {
                    Err(fault(
                        "bad-pointer",
                        format!("access through a null or invalid pointer ({addr:#x})"),
                    ))
                } else if self.memory.buffer(addr).is_some() {
                    Ok((Mem::Alloc(addr & !OFFSET_MASK), offset))
                } else {
                    Err(fault(
                        "bad-pointer",
                        format!("access through an invalid pointer ({addr:#x})"),
                    ))
                }
            }
        }
    }

    fn region_name(&self, m: Mem, offset: u64) -> String {
        match m {
            Mem::Alloc(base) => format!("buffer '{}'", self.memory.name_of(base).unwrap_or("?")),
            Mem::Local => "the thread's local memory".to_string(),
            Mem::Shared => {
                let mut best: Option<(&str, u64)> = None;
                for (a, &at) in self.kernel.shared.iter().zip(&self.shared_offsets) {
                    if at <= offset && best.is_none_or(|(_, b)| at >= b) {
                        best = Some((a.name.as_str(), at));
                    }
                }
                match best {
                    Some((name, _)) => format!("shared memory (near '{name}')"),
                    None => "shared memory".to_string(),
                }
            }
        }
    }

    fn bytes_of<'m>(&'m mut self, m: Mem, t: &'m mut Thread) -> &'m mut [u8] {
        match m {
            Mem::Alloc(base) => self.memory.buffer_mut(base).unwrap_or(&mut []),
            Mem::Shared => &mut self.shared,
            Mem::Local => &mut t.local,
        }
    }

    fn check(
        &mut self,
        m: Mem,
        offset: u64,
        size: u64,
        elem: Option<Type>,
        what: &str,
        t: &mut Thread,
    ) -> Result<usize, Fault> {
        let len = self.bytes_of(m, t).len() as u64;
        if offset.checked_add(size).is_some_and(|end| end <= len) {
            return Ok(offset as usize);
        }
        let index = match elem {
            Some(ty) if ty.bytes() > 0 && offset < (1 << 40) => {
                format!(
                    ", element index {} of {ty}",
                    offset as i64 / ty.bytes() as i64
                )
            }
            _ => String::new(),
        };
        let shown = if offset >= 1 << 39 {
            format!("{}", offset as i64)
        } else {
            offset.to_string()
        };
        Err(fault(
            "out-of-bounds",
            format!(
                "{what} of {size} bytes at byte offset {shown}{index} of {} ({len} bytes)",
                self.region_name(m, offset)
            ),
        ))
    }

    fn load(&mut self, m: Mem, offset: u64, ty: Type, t: &mut Thread) -> Result<u64, Fault> {
        let n = ty.bytes();
        let at = self.check(m, offset, n, Some(ty), "load", t)?;
        let bytes = self.bytes_of(m, t);
        let mut buf = [0u8; 8];
        buf[..n as usize].copy_from_slice(&bytes[at..at + n as usize]);
        Ok(semantics::mask(u64::from_le_bytes(buf), ty))
    }

    fn store(
        &mut self,
        m: Mem,
        offset: u64,
        ty: Type,
        value: u64,
        t: &mut Thread,
    ) -> Result<(), Fault> {
        let n = ty.bytes() as usize;
        let at = self.check(m, offset, n as u64, Some(ty), "store", t)?;
        let bytes = self.bytes_of(m, t);
        let value = if ty == Type::I1 { value & 1 } else { value };
        bytes[at..at + n].copy_from_slice(&value.to_le_bytes()[..n]);
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

/// The generic form of a pointer in address space `space`.
fn to_generic(space: AddrSpace, value: u64, linear: u32) -> u64 {
    match space {
        AddrSpace::Shared => (SHARED_TAG << TAG_SHIFT) | (value & OFFSET_MASK),
        AddrSpace::Local => ((LOCAL_TAG + u64::from(linear)) << TAG_SHIFT) | (value & OFFSET_MASK),
        _ => value,
    }
}

/// A generic pointer converted to address space `space`.
fn from_generic(space: AddrSpace, generic: u64, linear: u32) -> Result<u64, Fault> {
    let tag = generic >> TAG_SHIFT;
    match space {
        AddrSpace::Shared => {
            if generic == 0 || tag == SHARED_TAG {
                Ok(generic & OFFSET_MASK)
            } else {
                Err(fault(
                    "bad-pointer",
                    format!("conversion of {generic:#x}, not a shared-memory address, to a shared pointer"),
                ))
            }
        }
        AddrSpace::Local => {
            if generic == 0 || tag == LOCAL_TAG + u64::from(linear) {
                Ok(generic & OFFSET_MASK)
            } else {
                Err(fault(
                    "bad-pointer",
                    format!("conversion of {generic:#x}, not this thread's local memory, to a local pointer"),
                ))
            }
        }
        _ => Ok(generic),
    }
}
