//! The kernel-IR interpreter: exact CUDA semantics, the semantic reference of the project.
//!
//! It shares nothing with raising beyond the kernel IR itself: every block and every thread
//! of a launch runs, one block after another.
//!
//! # Execution model
//! * The threads of a block advance together between barriers: each runnable thread runs
//!   until it reaches a barrier, a warp-collective op (shuffle, vote), or exits. Warp
//!   collectives then complete for the lanes that reached them; when every live thread
//!   waits at one barrier, the barrier completes. Threads that have exited count as
//!   arrived (as on sm_70+ hardware); live threads waiting at *different* barriers are a
//!   `divergent-barrier` error, and a warp collective whose mask names a live lane that
//!   is not at it is a `warp-divergence` error.
//! * Warps are 32 consecutive linear thread ids (x fastest). Shuffles follow PTX
//!   `shfl.sync` exactly (the `c` operand's segment mask and clamp); reading a lane that
//!   is not at the shuffle is an error rather than an undefined value.
//! * Memory: the spec's buffers and the module's `__device__`/`__constant__` data live in
//!   [`Memory`]; each block gets a fresh zeroed shared window (static `__shared__` arrays,
//!   then the dynamic region); each thread has its own local memory for `alloca`s. Every
//!   access is bounds-checked against its allocation; an out-of-bounds access is an
//!   `out-of-bounds` error naming the kernel, buffer, byte offset, element index, block and
//!   thread. Integer division by zero is `division-by-zero`; a step limit
//!   (`RAISE_INTERP_MAX_STEPS`, default 10^10 instructions) stops runaway loops.
//!
//! # Pointers
//! A generic (or global/const) pointer is a `u64`: `(tag << 40) | byte_offset`, where tag
//! `n + 1` is allocation `n` of [`Memory`], [`SHARED_TAG`] is the block's shared window and
//! `LOCAL_TAG + t` is thread `t`'s local memory. Pointers in the shared and local address
//! spaces (`ptr.shared`, `ptr.local`) are plain byte offsets into their window, as PTX's
//! 32-bit shared addresses are; `addrspacecast` converts between the two forms. Pointer 0
//! is null.

pub mod semantics;

use crate::diag::{Diagnostic, Location};
use crate::ir::{
    print, AddrSpace, BarrierKind, Block, BlockCall, CastOp, FuncId, Function, Inst, Module, Op,
    SpecialReg, Terminator, Type, Value,
};
use semantics::EvalError;

/// Grid and block sizes and dynamic shared memory of one launch.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LaunchConfig {
    pub grid: [u32; 3],
    pub block: [u32; 3],
    pub dynamic_shared_bytes: u64,
}

/// Bits of a generic pointer below its allocation tag.
pub const TAG_SHIFT: u32 = 40;
/// Mask of the byte offset of a generic pointer.
pub const OFFSET_MASK: u64 = (1 << TAG_SHIFT) - 1;
/// Tag of generic pointers into the current block's shared memory.
pub const SHARED_TAG: u64 = 0xFF_FFFF;
/// Tag of generic pointers into thread `t`'s local memory is `LOCAL_TAG + t`.
pub const LOCAL_TAG: u64 = 0xFF_0000;
/// Most threads per block (CUDA).
const MAX_BLOCK_THREADS: u64 = 1024;
/// Most shared memory per block on any current GPU (228 KiB on sm_90).
const MAX_SHARED_BYTES: u64 = 228 * 1024;
/// Most local memory per thread (CUDA's limit is 512 KiB).
const MAX_LOCAL_BYTES: usize = 512 * 1024;
const DEFAULT_MAX_STEPS: u64 = 10_000_000_000;

/// Device memory of one run (a sequence of launches of one module).
#[derive(Debug)]
pub struct Memory {
    allocations: Vec<Allocation>,
    /// Generic address of each module global that is not shared memory.
    globals: Vec<Option<u64>>,
    max_steps: u64,
    /// Instructions (and terminators) executed by all completed launches, all threads.
    executed_steps: u64,
}

#[derive(Debug)]
struct Allocation {
    name: String,
    bytes: Vec<u8>,
}

impl Memory {
    /// Memory holding the module's global and constant variables (with initialisers).
    pub fn new(module: &Module) -> Self {
        let max_steps = std::env::var("RAISE_INTERP_MAX_STEPS")
            .ok()
            .and_then(|s| s.trim().parse().ok())
            .unwrap_or(DEFAULT_MAX_STEPS);
        let mut memory = Memory {
            allocations: Vec::new(),
            globals: Vec::new(),
            max_steps,
            executed_steps: 0,
        };
        for g in &module.globals {
            let address = if g.space == AddrSpace::Shared {
                None
            } else {
                let mut bytes = vec![0u8; g.bytes as usize];
                if let Some(init) = &g.init {
                    let n = init.len().min(bytes.len());
                    bytes[..n].copy_from_slice(&init[..n]);
                }
                Some(memory.add_buffer(&g.name, bytes))
            };
            memory.globals.push(address);
        }
        memory
    }

    /// Stop a launch after this many executed instructions (all threads together).
    pub fn set_max_steps(&mut self, steps: u64) {
        self.max_steps = steps;
    }

    /// Instructions and terminators executed so far by all threads of completed launches
    /// (for throughput measurements).
    pub fn executed_steps(&self) -> u64 {
        self.executed_steps
    }

    /// Add a device buffer; gives the pointer to its first byte.
    pub fn add_buffer(&mut self, name: &str, bytes: Vec<u8>) -> u64 {
        self.allocations.push(Allocation {
            name: name.to_string(),
            bytes,
        });
        (self.allocations.len() as u64) << TAG_SHIFT
    }

    /// The bytes of the allocation `ptr` points into.
    pub fn buffer(&self, ptr: u64) -> Option<&[u8]> {
        let index = (ptr >> TAG_SHIFT).checked_sub(1)? as usize;
        self.allocations.get(index).map(|a| a.bytes.as_slice())
    }

    /// Take the bytes of the allocation `ptr` points into (leaving it empty).
    pub fn take_buffer(&mut self, ptr: u64) -> Option<Vec<u8>> {
        let index = (ptr >> TAG_SHIFT).checked_sub(1)? as usize;
        self.allocations
            .get_mut(index)
            .map(|a| std::mem::take(&mut a.bytes))
    }

    /// The bytes of the allocation `ptr` points into, mutably (the length is fixed).
    pub fn buffer_mut(&mut self, ptr: u64) -> Option<&mut [u8]> {
        let index = (ptr >> TAG_SHIFT).checked_sub(1)? as usize;
        self.allocations
            .get_mut(index)
            .map(|a| a.bytes.as_mut_slice())
    }

    /// The generic address of module global `g`; `None` for shared-memory globals.
    pub fn global_address(&self, g: crate::ir::GlobalId) -> Option<u64> {
        self.globals.get(g.index()).copied().flatten()
    }

    /// The step limit of a launch (see [`Memory::set_max_steps`]).
    pub fn max_steps(&self) -> u64 {
        self.max_steps
    }

    /// The name of the allocation `ptr` points into.
    pub fn name_of(&self, ptr: u64) -> Option<&str> {
        let index = (ptr >> TAG_SHIFT).checked_sub(1)? as usize;
        self.allocations.get(index).map(|a| a.name.as_str())
    }
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
    Exited,
}

struct Frame {
    func: FuncId,
    regs: Vec<u64>,
    block: Block,
    pos: usize,
    /// Where the caller wants the return value.
    ret_to: Option<Value>,
    /// Local memory size when the frame was entered (its allocas are freed on return).
    local_mark: usize,
}

struct Thread {
    tid: [u32; 3],
    linear: u32,
    frames: Vec<Frame>,
    local: Vec<u8>,
    state: State,
}

impl Thread {
    fn top(&self) -> Option<&Frame> {
        self.frames.last()
    }
    /// The instruction the thread is stopped at (barrier or warp op).
    fn current_inst(&self, module: &Module) -> Option<(FuncId, Inst)> {
        let frame = self.top()?;
        let f = module.function(frame.func);
        let inst = *f.block(frame.block).insts.get(frame.pos)?;
        Some((frame.func, inst))
    }
}

/// Which memory an address resolves to.
#[derive(Clone, Copy)]
enum Region {
    Alloc(usize),
    Shared,
    Local,
}

struct Exec<'a> {
    module: &'a Module,
    kernel: FuncId,
    memory: &'a mut Memory,
    config: &'a LaunchConfig,
    ctaid: [u32; 3],
    shared: Vec<u8>,
    /// Offset in the shared window of each shared global.
    shared_offsets: Vec<Option<u64>>,
    steps: u64,
    scratch: Vec<u64>,
}

/// Run one launch of `kernel` with `params` (one `u64` per kernel parameter: integers
/// zero-extended, floats as IEEE bits, pointers from [`Memory`]).
pub fn launch(
    module: &Module,
    kernel: FuncId,
    config: &LaunchConfig,
    params: &[u64],
    memory: &mut Memory,
) -> Result<(), Diagnostic> {
    let Some(f) = module.functions.get(kernel.index()) else {
        return Err(Diagnostic::new("bad-launch", "no such kernel"));
    };
    let located = |code: &'static str, message: String| {
        Diagnostic::new(code, message).at(Location {
            file: Some(module.source.clone()),
            function: Some(f.display_name.clone()),
            ..Default::default()
        })
    };
    if params.len() != f.params.len() {
        return Err(located(
            "bad-launch",
            format!(
                "kernel takes {} parameters, {} given",
                f.params.len(),
                params.len()
            ),
        ));
    }
    let threads: u64 = config.block.iter().map(|&d| u64::from(d)).product();
    if config.grid.contains(&0) || config.block.contains(&0) {
        return Err(located(
            "bad-launch",
            format!(
                "grid {:?} and block {:?} must be at least 1 in every dimension",
                config.grid, config.block
            ),
        ));
    }
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
    // Lay out the shared window: static arrays in module order, then the dynamic region.
    let mut shared_offsets = Vec::with_capacity(module.globals.len());
    let mut end = 0u64;
    for g in &module.globals {
        if g.space == AddrSpace::Shared && !g.dynamic_shared {
            let align = g.align.clamp(1, 256);
            let at = end.div_ceil(align) * align;
            shared_offsets.push(Some(at));
            end = at + g.bytes;
        } else {
            shared_offsets.push(None);
        }
    }
    let dynamic_base = end.div_ceil(16) * 16;
    for (g, slot) in module.globals.iter().zip(shared_offsets.iter_mut()) {
        if g.space == AddrSpace::Shared && g.dynamic_shared {
            *slot = Some(dynamic_base);
        }
    }
    let window = dynamic_base.saturating_add(config.dynamic_shared_bytes);
    if window > MAX_SHARED_BYTES {
        return Err(located(
            "bad-launch",
            format!("the kernel needs {window} bytes of shared memory per block; GPUs have at most {MAX_SHARED_BYTES}"),
        ));
    }
    let mut exec = Exec {
        module,
        kernel,
        memory,
        config,
        ctaid: [0; 3],
        shared: vec![0; window as usize],
        shared_offsets,
        steps: 0,
        scratch: Vec::new(),
    };
    for z in 0..config.grid[2] {
        for y in 0..config.grid[1] {
            for x in 0..config.grid[0] {
                exec.ctaid = [x, y, z];
                exec.run_block(params)?;
            }
        }
    }
    let steps = exec.steps;
    memory.executed_steps += steps;
    Ok(())
}

fn dims(d: [u32; 3]) -> String {
    format!("({},{},{})", d[0], d[1], d[2])
}

impl<'a> Exec<'a> {
    fn run_block(&mut self, params: &[u64]) -> Result<(), Diagnostic> {
        self.shared.fill(0);
        let kernel = self.module.function(self.kernel);
        let [bx, by, bz] = self.config.block;
        let mut threads = Vec::with_capacity((bx * by * bz) as usize);
        for z in 0..bz {
            for y in 0..by {
                for x in 0..bx {
                    let mut regs = vec![0u64; kernel.values.len()];
                    for (&p, &v) in kernel.params.iter().zip(params) {
                        regs[p.index()] = semantics::mask(v, kernel.value_type(p));
                    }
                    threads.push(Thread {
                        tid: [x, y, z],
                        linear: x + y * bx + z * bx * by,
                        frames: vec![Frame {
                            func: self.kernel,
                            regs,
                            block: kernel.entry,
                            pos: 0,
                            ret_to: None,
                            local_mark: 0,
                        }],
                        local: Vec::new(),
                        state: State::Ready,
                    });
                }
            }
        }
        loop {
            for t in threads.iter_mut() {
                if t.state == State::Ready {
                    if let Err(e) = self.run_thread(t) {
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
                return Ok(());
            }
        }
    }

    /// A located diagnostic for a fault of thread `t` at its current instruction.
    fn locate(&self, t: &Thread, e: Fault) -> Diagnostic {
        let mut location = Location {
            file: Some(self.module.source.clone()),
            function: Some(self.module.function(self.kernel).display_name.clone()),
            ..Default::default()
        };
        if let Some(frame) = t.top() {
            let f = self.module.function(frame.func);
            if frame.func != self.kernel {
                location.function = Some(format!(
                    "{}' called from '{}",
                    f.display_name,
                    self.module.function(self.kernel).display_name
                ));
            }
            if let Some(&inst) = f.block(frame.block).insts.get(frame.pos) {
                location.op = Some(print::inst_to_string(self.module, f, inst));
                if let Some(loc) = f.inst(inst).loc {
                    location.line = Some(loc.line);
                    location.col = Some(loc.col).filter(|&c| c > 0);
                }
            } else {
                location.op = Some(format!("terminator of {}", frame.block));
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

    /// Complete the warp collectives the lanes of `warp` wait at; gives whether any did.
    fn resolve_warp(&mut self, warp: &mut [Thread]) -> Result<bool, Diagnostic> {
        let module = self.module;
        let mut progressed = false;
        loop {
            let Some(first) = warp.iter().position(|t| t.state == State::AtWarpOp) else {
                return Ok(progressed);
            };
            let Some(site) = warp[first].current_inst(module) else {
                return Err(self.locate(&warp[first], fault("bad-ir", "lost warp op")));
            };
            let f = module.function(site.0);
            let op = f.inst(site.1).op.clone();
            let result = f.inst(site.1).result;
            let present: u32 = warp
                .iter()
                .enumerate()
                .filter(|(_, t)| t.state == State::AtWarpOp && t.current_inst(module) == Some(site))
                .fold(0u32, |m, (lane, _)| m | (1 << lane));
            let live: u32 = warp
                .iter()
                .enumerate()
                .filter(|(_, t)| t.state != State::Exited)
                .fold(0u32, |m, (lane, _)| m | (1 << lane));
            let reg = |t: &Thread, v: Value| t.top().map_or(0, |fr| fr.regs[v.index()]);
            let (mask_value, pred_or_value) = match &op {
                Op::Shuffle { mask, value, .. } => (*mask, *value),
                Op::Vote { mask, pred, .. } => (*mask, *pred),
                _ => return Err(self.locate(&warp[first], fault("bad-ir", "not a warp op"))),
            };
            // Every live lane a participant names in its mask must be here.
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
            match &op {
                Op::Shuffle {
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
                Op::Vote { mode, .. } => {
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
                if let Some(frame) = t.frames.last_mut() {
                    if let Some(r) = result {
                        frame.regs[r.index()] = results[lane];
                    }
                    frame.pos += 1;
                }
                t.state = State::Ready;
            }
            progressed = true;
        }
    }

    /// Complete the barrier all live threads wait at; gives false when all have exited.
    fn resolve_barrier(&mut self, threads: &mut [Thread]) -> Result<bool, Diagnostic> {
        let module = self.module;
        let mut site: Option<(usize, (FuncId, Inst))> = None;
        for (i, t) in threads.iter().enumerate() {
            match t.state {
                State::Exited => {}
                State::AtBarrier => {
                    let here = t.current_inst(module);
                    match (site, here) {
                        (None, Some(h)) => site = Some((i, h)),
                        (Some((first, s)), Some(h)) if s != h => {
                            let fs = module.function(s.0);
                            let e = fault(
                                "divergent-barrier",
                                format!(
                                    "threads wait at different barriers: thread {} at '{}', thread {} here; a barrier must be reached by all live threads of the block",
                                    dims(threads[first].tid),
                                    print::inst_to_string(module, fs, s.1),
                                    dims(t.tid)
                                ),
                            );
                            return Err(self.locate(t, e));
                        }
                        _ => {}
                    }
                }
                State::Ready | State::AtWarpOp => {
                    return Err(self.locate(t, fault("bad-ir", "scheduler stalled")));
                }
            }
        }
        let Some((_, (func, inst))) = site else {
            return Ok(false);
        };
        let f = module.function(func);
        let data = f.inst(inst);
        let (kind, pred) = match &data.op {
            Op::Barrier { kind, pred } => (*kind, *pred),
            _ => (BarrierKind::Sync, None),
        };
        let mut count = 0u64;
        let mut waiting = 0u64;
        for t in threads.iter() {
            if t.state == State::AtBarrier {
                waiting += 1;
                if let (Some(p), Some(fr)) = (pred, t.top()) {
                    count += fr.regs[p.index()] & 1;
                }
            }
        }
        let value = match kind {
            BarrierKind::Sync | BarrierKind::Count => count,
            BarrierKind::And => u64::from(count == waiting),
            BarrierKind::Or => u64::from(count != 0),
        };
        for t in threads.iter_mut() {
            if t.state == State::AtBarrier {
                if let Some(frame) = t.frames.last_mut() {
                    if let Some(r) = data.result {
                        frame.regs[r.index()] = value;
                    }
                    frame.pos += 1;
                }
                t.state = State::Ready;
            }
        }
        Ok(true)
    }

    /// Run `t` until it waits at a barrier or warp op, or exits.
    fn run_thread(&mut self, t: &mut Thread) -> Result<(), Fault> {
        let module = self.module;
        let max_steps = self.memory.max_steps;
        'frames: loop {
            let depth = t.frames.len();
            if depth == 0 {
                t.state = State::Exited;
                return Ok(());
            }
            let func = t.frames[depth - 1].func;
            let f = module.function(func);
            loop {
                let frame = &mut t.frames[depth - 1];
                let bd = f.block(frame.block);
                if let Some(&inst) = bd.insts.get(frame.pos) {
                    self.steps += 1;
                    if self.steps > max_steps {
                        return Err(fault(
                            "step-limit",
                            format!("the launch ran more than {max_steps} instructions (RAISE_INTERP_MAX_STEPS); an endless loop?"),
                        ));
                    }
                    let data = f.inst(inst);
                    match &data.op {
                        Op::Barrier { .. } => {
                            t.state = State::AtBarrier;
                            return Ok(());
                        }
                        Op::Shuffle { .. } | Op::Vote { .. } => {
                            t.state = State::AtWarpOp;
                            return Ok(());
                        }
                        Op::Call { callee, args } => {
                            let Some(g) = module.functions.get(callee.index()) else {
                                return Err(fault("bad-ir", "call of a missing function"));
                            };
                            if depth >= 512 {
                                return Err(fault(
                                    "stack-overflow",
                                    "device-function calls nested more than 512 deep",
                                ));
                            }
                            let mut regs = vec![0u64; g.values.len()];
                            for (&p, &a) in g.params.iter().zip(args) {
                                regs[p.index()] = frame.regs[a.index()];
                            }
                            frame.pos += 1;
                            let mark = t.local.len();
                            t.frames.push(Frame {
                                func: *callee,
                                regs,
                                block: g.entry,
                                pos: 0,
                                ret_to: data.result,
                                local_mark: mark,
                            });
                            continue 'frames;
                        }
                        op => {
                            let value =
                                self.exec(f, op, data.result, &frame.regs, &mut t.local, t.linear)?;
                            if let Some(r) = data.result {
                                frame.regs[r.index()] = value;
                            }
                            frame.pos += 1;
                        }
                    }
                } else {
                    // Terminators count too: an empty block may branch to itself.
                    self.steps += 1;
                    if self.steps > max_steps {
                        return Err(fault(
                            "step-limit",
                            format!("the launch ran more than {max_steps} instructions (RAISE_INTERP_MAX_STEPS); an endless loop?"),
                        ));
                    }
                    match &bd.term {
                        Terminator::Br(call) => self.jump(f, frame, call),
                        Terminator::CondBr {
                            cond,
                            if_true,
                            if_false,
                        } => {
                            let target = if frame.regs[cond.index()] & 1 != 0 {
                                if_true
                            } else {
                                if_false
                            };
                            self.jump(f, frame, target);
                        }
                        Terminator::Switch {
                            value,
                            cases,
                            default,
                        } => {
                            let ty = f.value_type(*value);
                            let v = semantics::mask(frame.regs[value.index()], ty);
                            let target = cases
                                .iter()
                                .find(|(c, _)| semantics::mask(*c, ty) == v)
                                .map_or(default, |(_, call)| call);
                            self.jump(f, frame, target);
                        }
                        Terminator::Ret(v) => {
                            let value = v.map(|v| frame.regs[v.index()]);
                            let ret_to = frame.ret_to;
                            let mark = frame.local_mark;
                            t.frames.pop();
                            t.local.truncate(mark);
                            if let (Some(caller), Some(dst), Some(v)) =
                                (t.frames.last_mut(), ret_to, value)
                            {
                                caller.regs[dst.index()] = v;
                            }
                            continue 'frames;
                        }
                        Terminator::Unreachable => {
                            return Err(fault(
                                "unreachable",
                                "reached code the compiler marked unreachable (undefined behaviour in the source)",
                            ))
                        }
                        Terminator::Trap => {
                            return Err(fault("trap", "the kernel trapped (__trap or assert)"))
                        }
                    }
                }
            }
        }
    }

    fn jump(&mut self, f: &Function, frame: &mut Frame, call: &BlockCall) {
        frame.block = call.block;
        frame.pos = 0;
        if call.args.is_empty() {
            return;
        }
        let params = &f.block(call.block).params;
        self.scratch.clear();
        self.scratch
            .extend(call.args.iter().map(|a| frame.regs[a.index()]));
        for (p, &v) in params.iter().zip(&self.scratch) {
            frame.regs[p.index()] = v;
        }
    }

    /// Execute one instruction without control effects; gives its result (0 if none).
    fn exec(
        &mut self,
        f: &Function,
        op: &Op,
        result: Option<Value>,
        regs: &[u64],
        local: &mut Vec<u8>,
        linear: u32,
    ) -> Result<u64, Fault> {
        let r = |v: &Value| regs[v.index()];
        let ty = |v: &Value| f.value_type(*v);
        let rty = result.map(|v| f.value_type(v)).unwrap_or(Type::I32);
        Ok(match op {
            Op::Const { bits } => *bits,
            Op::Unary(u, a) => semantics::unary(*u, rty, r(a))?,
            Op::Binary(b, x, y) => semantics::binary(*b, rty, r(x), r(y))?,
            Op::Fma(a, b, c) => semantics::fma(rty, r(a), r(b), r(c)),
            Op::ICmp(p, a, b) => u64::from(semantics::icmp(*p, ty(a), r(a), r(b))),
            Op::FCmp(p, a, b) => u64::from(semantics::fcmp(*p, ty(a), r(a), r(b))),
            Op::Select {
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
            Op::Cast(CastOp::AddrSpaceCast, a) => {
                let (Type::Ptr(from), Type::Ptr(to)) = (ty(a), rty) else {
                    return Err(fault("bad-ir", "addrspacecast of a non-pointer"));
                };
                let generic = to_generic(from, r(a), linear);
                from_generic(to, generic, linear)?
            }
            Op::Cast(c, a) => semantics::cast(*c, ty(a), rty, r(a)),
            Op::PtrAdd { ptr, offset } => r(ptr).wrapping_add(r(offset)),
            Op::GlobalAddr(g) => {
                let shared = self.shared_offsets.get(g.index()).copied().flatten();
                match (shared, rty) {
                    (Some(offset), Type::Ptr(AddrSpace::Shared)) => offset,
                    (Some(offset), _) => (SHARED_TAG << TAG_SHIFT) | offset,
                    (None, _) => self
                        .memory
                        .globals
                        .get(g.index())
                        .copied()
                        .flatten()
                        .ok_or_else(|| fault("bad-ir", "global without storage"))?,
                }
            }
            Op::Load { ptr } => self.load(ty(ptr), r(ptr), rty, local, linear)?,
            Op::Store { ptr, value } => {
                self.store(ty(ptr), r(ptr), ty(value), r(value), local, linear)?;
                0
            }
            Op::Atomic { op, ptr, value } => {
                let vt = ty(value);
                let old = self.load(ty(ptr), r(ptr), vt, local, linear)?;
                let new = semantics::atomic(*op, vt, old, r(value))?;
                self.store(ty(ptr), r(ptr), vt, semantics::mask(new, vt), local, linear)?;
                old
            }
            Op::AtomicCas { ptr, expected, new } => {
                let vt = ty(new);
                let old = self.load(ty(ptr), r(ptr), vt, local, linear)?;
                if old == semantics::mask(r(expected), vt) {
                    self.store(ty(ptr), r(ptr), vt, r(new), local, linear)?;
                }
                old
            }
            Op::Fence => 0,
            Op::Special(s) => {
                let c = self.config;
                let tid = [
                    linear % c.block[0],
                    (linear / c.block[0]) % c.block[1],
                    linear / (c.block[0] * c.block[1]),
                ];
                u64::from(match s {
                    SpecialReg::TidX => tid[0],
                    SpecialReg::TidY => tid[1],
                    SpecialReg::TidZ => tid[2],
                    SpecialReg::NtidX => c.block[0],
                    SpecialReg::NtidY => c.block[1],
                    SpecialReg::NtidZ => c.block[2],
                    SpecialReg::CtaidX => self.ctaid[0],
                    SpecialReg::CtaidY => self.ctaid[1],
                    SpecialReg::CtaidZ => self.ctaid[2],
                    SpecialReg::NctaidX => c.grid[0],
                    SpecialReg::NctaidY => c.grid[1],
                    SpecialReg::NctaidZ => c.grid[2],
                    SpecialReg::LaneId => linear % 32,
                    SpecialReg::WarpSize => 32,
                })
            }
            Op::Alloca { bytes, align } => {
                let align = (*align).clamp(1, 4096) as usize;
                let at = local.len().div_ceil(align) * align;
                let end = at.saturating_add(*bytes as usize);
                if end > MAX_LOCAL_BYTES {
                    return Err(fault(
                        "local-memory",
                        format!("the thread's local memory would exceed {MAX_LOCAL_BYTES} bytes"),
                    ));
                }
                local.resize(end, 0);
                let offset = at as u64;
                match rty {
                    Type::Ptr(AddrSpace::Local) => offset,
                    _ => to_generic(AddrSpace::Local, offset, linear),
                }
            }
            Op::Memcpy { dst, src, len } => {
                let n = r(len);
                if n > 0 {
                    let bytes =
                        self.read_bytes(ty(src), r(src), n, local, linear, "memcpy source")?;
                    self.write_bytes(ty(dst), r(dst), &bytes, local, linear)?;
                }
                0
            }
            Op::Memset { dst, byte, len } => {
                let n = r(len);
                if n > 0 {
                    if n > 1 << 32 {
                        return Err(fault("out-of-bounds", format!("memset of {n} bytes")));
                    }
                    let bytes = vec![r(byte) as u8; n as usize];
                    self.write_bytes(ty(dst), r(dst), &bytes, local, linear)?;
                }
                0
            }
            Op::Barrier { .. } | Op::Shuffle { .. } | Op::Vote { .. } | Op::Call { .. } => {
                return Err(fault("bad-ir", "control op in straight-line execution"))
            }
        })
    }

    /// Where `addr` (a pointer of type `ptr_ty`) points: the region and the byte offset.
    fn resolve(&self, ptr_ty: Type, addr: u64, linear: u32) -> Result<(Region, u64), Fault> {
        match ptr_ty {
            Type::Ptr(AddrSpace::Shared) => Ok((Region::Shared, addr)),
            Type::Ptr(AddrSpace::Local) => Ok((Region::Local, addr)),
            _ => {
                let tag = addr >> TAG_SHIFT;
                let offset = addr & OFFSET_MASK;
                if tag == SHARED_TAG {
                    Ok((Region::Shared, offset))
                } else if tag >= LOCAL_TAG {
                    if tag - LOCAL_TAG != u64::from(linear) {
                        return Err(fault(
                            "bad-pointer",
                            "access to another thread's local memory",
                        ));
                    }
                    Ok((Region::Local, offset))
                } else if tag == 0 {
                    Err(fault(
                        "bad-pointer",
                        format!("access through a null or invalid pointer ({addr:#x})"),
                    ))
                } else if (tag as usize) <= self.memory.allocations.len() {
                    Ok((Region::Alloc(tag as usize - 1), offset))
                } else {
                    Err(fault(
                        "bad-pointer",
                        format!("access through an invalid pointer ({addr:#x})"),
                    ))
                }
            }
        }
    }

    fn region_name(&self, region: Region, offset: u64) -> String {
        match region {
            Region::Alloc(i) => format!("buffer '{}'", self.memory.allocations[i].name),
            Region::Local => "the thread's local memory".to_string(),
            Region::Shared => {
                let mut best: Option<(&str, u64)> = None;
                for (g, at) in self.module.globals.iter().zip(&self.shared_offsets) {
                    if let Some(at) = *at {
                        if at <= offset && best.is_none_or(|(_, b)| at >= b) {
                            best = Some((g.name.as_str(), at));
                        }
                    }
                }
                match best {
                    Some((name, _)) => format!("shared memory (near '{name}')"),
                    None => "shared memory".to_string(),
                }
            }
        }
    }

    fn bytes_of<'m>(&'m mut self, region: Region, local: &'m mut Vec<u8>) -> &'m mut Vec<u8> {
        match region {
            Region::Alloc(i) => &mut self.memory.allocations[i].bytes,
            Region::Shared => &mut self.shared,
            Region::Local => local,
        }
    }

    fn check(
        &mut self,
        region: Region,
        offset: u64,
        size: u64,
        elem: Option<Type>,
        what: &str,
        local: &mut Vec<u8>,
    ) -> Result<usize, Fault> {
        let len = self.bytes_of(region, local).len() as u64;
        if offset.checked_add(size).is_some_and(|end| end <= len) {
            return Ok(offset as usize);
        }
        let index = match elem {
            Some(t) if t.bytes() > 0 && offset < (1 << 40) => {
                format!(
                    ", element index {} of {t}",
                    offset as i64 / t.bytes() as i64
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
                self.region_name(region, offset)
            ),
        ))
    }

    fn load(
        &mut self,
        ptr_ty: Type,
        addr: u64,
        ty: Type,
        local: &mut Vec<u8>,
        linear: u32,
    ) -> Result<u64, Fault> {
        let (region, offset) = self.resolve(ptr_ty, addr, linear)?;
        let n = ty.bytes();
        let at = self.check(region, offset, n, Some(ty), "load", local)?;
        let bytes = self.bytes_of(region, local);
        let mut buf = [0u8; 8];
        buf[..n as usize].copy_from_slice(&bytes[at..at + n as usize]);
        Ok(semantics::mask(u64::from_le_bytes(buf), ty))
    }

    fn store(
        &mut self,
        ptr_ty: Type,
        addr: u64,
        ty: Type,
        value: u64,
        local: &mut Vec<u8>,
        linear: u32,
    ) -> Result<(), Fault> {
        let (region, offset) = self.resolve(ptr_ty, addr, linear)?;
        let n = ty.bytes() as usize;
        let at = self.check(region, offset, n as u64, Some(ty), "store", local)?;
        let bytes = self.bytes_of(region, local);
        let value = if ty == Type::I1 { value & 1 } else { value };
        bytes[at..at + n].copy_from_slice(&value.to_le_bytes()[..n]);
        Ok(())
    }

    fn read_bytes(
        &mut self,
        ptr_ty: Type,
        addr: u64,
        n: u64,
        local: &mut Vec<u8>,
        linear: u32,
        what: &str,
    ) -> Result<Vec<u8>, Fault> {
        let (region, offset) = self.resolve(ptr_ty, addr, linear)?;
        let at = self.check(region, offset, n, None, what, local)?;
        Ok(self.bytes_of(region, local)[at..at + n as usize].to_vec())
    }

    fn write_bytes(
        &mut self,
        ptr_ty: Type,
        addr: u64,
        data: &[u8],
        local: &mut Vec<u8>,
        linear: u32,
    ) -> Result<(), Fault> {
        let (region, offset) = self.resolve(ptr_ty, addr, linear)?;
        let at = self.check(region, offset, data.len() as u64, None, "write", local)?;
        self.bytes_of(region, local)[at..at + data.len()].copy_from_slice(data);
        Ok(())
    }
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

#[cfg(test)]
mod tests;
