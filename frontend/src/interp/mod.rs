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

pub mod model;
pub mod semantics;

use crate::diag::{Diagnostic, Location};
use crate::ir::{
    print, AddrSpace, Block, BlockCall, CommonOp, FuncId, Function, Inst, Module, Op, SpecialReg,
    Terminator, Type, Value,
};
use model::{fault, Fault, Phase, Place};

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
    state: Phase,
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
    model::check_launch(config, f.params.len(), params.len())
        .map_err(|m| located("bad-launch", m))?;
    // Lay out the shared window: static arrays in module order, then the dynamic region.
    let shared = module
        .globals
        .iter()
        .filter(|g| g.space == AddrSpace::Shared);
    let (offsets, dynamic_base) =
        model::layout_shared(shared.map(|g| (g.align, g.bytes, g.dynamic_shared)));
    let mut offsets = offsets.into_iter();
    let shared_offsets = module
        .globals
        .iter()
        .map(|g| {
            if g.space == AddrSpace::Shared {
                offsets.next()
            } else {
                None
            }
        })
        .collect();
    let window =
        model::check_shared_window(config, dynamic_base).map_err(|m| located("bad-launch", m))?;
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

impl model::BlockThreads for Exec<'_> {
    type Thread = Thread;
    type Site = (FuncId, Inst);
    fn phase(t: &Thread) -> Phase {
        t.state
    }
    fn tid(t: &Thread) -> [u32; 3] {
        t.tid
    }
    fn read(t: &Thread, v: Value) -> u64 {
        t.top().map_or(0, |fr| fr.regs[v.index()])
    }
    fn run(&mut self, t: &mut Thread) -> Result<(), Fault> {
        self.run_thread(t)
    }
    fn site(&self, t: &Thread) -> Option<(FuncId, Inst)> {
        t.current_inst(self.module)
    }
    fn site_op(&self, (func, inst): (FuncId, Inst)) -> Option<CommonOp> {
        self.module.function(func).inst(inst).op.common()
    }
    fn site_text(&mut self, (func, inst): (FuncId, Inst)) -> String {
        print::inst_to_string(self.module, self.module.function(func), inst)
    }
    fn resume(&self, t: &mut Thread, (func, inst): (FuncId, Inst), value: u64) {
        let result = self.module.function(func).inst(inst).result;
        if let Some(frame) = t.frames.last_mut() {
            if let Some(r) = result {
                frame.regs[r.index()] = value;
            }
            frame.pos += 1;
        }
        t.state = Phase::Ready;
    }
    fn locate(&mut self, t: &Thread, e: Fault) -> Diagnostic {
        Exec::locate(self, t, e)
    }
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
                        state: Phase::Ready,
                    });
                }
            }
        }
        model::run_block(self, &mut threads)
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
        e.in_thread(self.ctaid, t.tid, location)
    }

    /// Run `t` until it waits at a barrier or warp op, or exits.
    fn run_thread(&mut self, t: &mut Thread) -> Result<(), Fault> {
        let module = self.module;
        let max_steps = self.memory.max_steps;
        'frames: loop {
            let depth = t.frames.len();
            if depth == 0 {
                t.state = Phase::Exited;
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
                        return Err(model::step_limit(max_steps));
                    }
                    let data = f.inst(inst);
                    match &data.op {
                        Op::Barrier { .. } => {
                            t.state = Phase::AtBarrier;
                            return Ok(());
                        }
                        Op::Shuffle { .. } | Op::Vote { .. } => {
                            t.state = Phase::AtWarpOp;
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
                        return Err(model::step_limit(max_steps));
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
                        Terminator::Trap => return Err(model::trap()),
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
            Op::GlobalAddr(g) => {
                let shared = self.shared_offsets.get(g.index()).copied().flatten();
                match shared {
                    Some(offset) => model::shared_pointer(rty, offset),
                    None => self
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
                let offset = model::alloc_local(local, *bytes, *align)?;
                model::local_pointer(rty, offset, linear)
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
                    model::check_memset_len(n)?;
                    let bytes = vec![r(byte) as u8; n as usize];
                    self.write_bytes(ty(dst), r(dst), &bytes, local, linear)?;
                }
                0
            }
            Op::Barrier { .. } | Op::Shuffle { .. } | Op::Vote { .. } | Op::Call { .. } => {
                return Err(model::control_op())
            }
            Op::Const { .. }
            | Op::Unary(..)
            | Op::Binary(..)
            | Op::Fma(..)
            | Op::ICmp(..)
            | Op::FCmp(..)
            | Op::Select { .. }
            | Op::Cast(..)
            | Op::PtrAdd { .. } => match op.common() {
                Some(c) => {
                    model::eval_value(c, rty, |v| regs[v.index()], |v| f.value_type(v), linear)?
                }
                None => return Err(model::control_op()),
            },
        })
    }

    /// Where `addr` (a pointer of type `ptr_ty`) points, checked for an access of `size`
    /// bytes: the memory and the index of the first byte in it.
    #[allow(clippy::too_many_arguments)]
    fn access(
        &mut self,
        ptr_ty: Type,
        addr: u64,
        size: u64,
        elem: Option<Type>,
        what: &str,
        local: &mut [u8],
        linear: u32,
    ) -> Result<(Place, usize), Fault> {
        let (place, offset) = model::decode_pointer(self.memory, ptr_ty, addr, linear)?;
        let len = self.bytes_of(place, local).len() as u64;
        let names = self.module.globals.iter().zip(&self.shared_offsets);
        let shared = names.filter_map(|(g, at)| Some((g.name.as_str(), (*at)?)));
        let at = model::check_bounds(len, offset, size, elem, what, || {
            model::place_name(self.memory, place, offset, shared)
        })?;
        Ok((place, at))
    }

    fn bytes_of<'m>(&'m mut self, place: Place, local: &'m mut [u8]) -> &'m mut [u8] {
        model::place_bytes(self.memory, &mut self.shared, local, place)
    }

    fn load(
        &mut self,
        ptr_ty: Type,
        addr: u64,
        ty: Type,
        local: &mut [u8],
        linear: u32,
    ) -> Result<u64, Fault> {
        let (place, at) = self.access(ptr_ty, addr, ty.bytes(), Some(ty), "load", local, linear)?;
        Ok(model::read_scalar(self.bytes_of(place, local), at, ty))
    }

    fn store(
        &mut self,
        ptr_ty: Type,
        addr: u64,
        ty: Type,
        value: u64,
        local: &mut [u8],
        linear: u32,
    ) -> Result<(), Fault> {
        let size = ty.bytes();
        let (place, at) = self.access(ptr_ty, addr, size, Some(ty), "store", local, linear)?;
        model::write_scalar(self.bytes_of(place, local), at, ty, value);
        Ok(())
    }

    fn read_bytes(
        &mut self,
        ptr_ty: Type,
        addr: u64,
        n: u64,
        local: &mut [u8],
        linear: u32,
        what: &str,
    ) -> Result<Vec<u8>, Fault> {
        let (place, at) = self.access(ptr_ty, addr, n, None, what, local, linear)?;
        Ok(self.bytes_of(place, local)[at..at + n as usize].to_vec())
    }

    fn write_bytes(
        &mut self,
        ptr_ty: Type,
        addr: u64,
        data: &[u8],
        local: &mut [u8],
        linear: u32,
    ) -> Result<(), Fault> {
        let n = data.len() as u64;
        let (place, at) = self.access(ptr_ty, addr, n, None, "write", local, linear)?;
        self.bytes_of(place, local)[at..at + data.len()].copy_from_slice(data);
        Ok(())
    }
}

#[cfg(test)]
mod tests;
