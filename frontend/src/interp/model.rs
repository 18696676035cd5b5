//! The CUDA execution-model rules both interpreters apply, written once: the kernel-IR
//! interpreter ([`crate::interp`]) and the parallel-IR interpreter (`parallel_ir::interp`)
//! differ only in how they walk their IR, never in what an op, a launch, a pointer, a warp
//! collective or a barrier means.
//!
//! * [`eval_value`]: the value of a pure [`CommonOp`] (scalar arithmetic is
//!   [`super::semantics`]; this adds `select`, `ptradd` and address-space casts);
//! * [`run_block`]: the scheduling of a block's threads between barriers and warp
//!   collectives ([`BlockThreads`] is each interpreter's view of its threads), and what
//!   shuffles, votes and reducing barriers give, with the `warp-divergence` and
//!   `divergent-barrier` rules;
//! * [`check_launch`] / [`layout_shared`] / [`check_shared_window`]: launch limits and the
//!   shared window's layout;
//! * [`to_generic`] / [`from_generic`] / [`decode_pointer`]: the pointer encoding (see the
//!   module doc of [`crate::interp`]); [`check_bounds`], [`read_scalar`],
//!   [`write_scalar`], [`alloc_local`]: bounds-checked memory;
//! * [`Fault`]: a thread's error before it is located, and the shared error texts.
//!
//! Legal because it is a move: each function is the code both interpreters held before,
//! unchanged.

use super::semantics::{self, EvalError};
use super::{LaunchConfig, Memory, LOCAL_TAG, OFFSET_MASK, SHARED_TAG, TAG_SHIFT};
use crate::diag::{Diagnostic, Location};
use crate::ir::{AddrSpace, BarrierKind, CastOp, CommonOp, Type, Value};

/// Most threads per block (CUDA).
const MAX_BLOCK_THREADS: u64 = 1024;
/// Most shared memory per block on any current GPU (228 KiB on sm_90).
const MAX_SHARED_BYTES: u64 = 228 * 1024;
/// Most local memory per thread (CUDA's limit is 512 KiB).
const MAX_LOCAL_BYTES: usize = 512 * 1024;

/// An error inside one thread, before it is located.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault {
    pub code: &'static str,
    pub message: String,
}

/// A [`Fault`] with `code` and `message`.
pub fn fault(code: &'static str, message: impl Into<String>) -> Fault {
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

impl Fault {
    /// The diagnostic of this fault in thread `tid` of block `ctaid`, at `location`.
    pub fn in_thread(self, ctaid: [u32; 3], tid: [u32; 3], location: Location) -> Diagnostic {
        Diagnostic::new(
            self.code,
            format!(
                "{} (block {}, thread {})",
                self.message,
                dims(ctaid),
                dims(tid)
            ),
        )
        .at(location)
    }
}

/// `(x,y,z)`.
pub fn dims(d: [u32; 3]) -> String {
    format!("({},{},{})", d[0], d[1], d[2])
}

/// The fault of a launch that ran more than `max_steps` instructions.
pub fn step_limit(max_steps: u64) -> Fault {
    fault(
        "step-limit",
        format!("the launch ran more than {max_steps} instructions (RAISE_INTERP_MAX_STEPS); an endless loop?"),
    )
}

/// The fault of an op the straight-line evaluator does not take.
pub fn control_op() -> Fault {
    fault("bad-ir", "control op in straight-line execution")
}

/// The fault of `trap`.
pub fn trap() -> Fault {
    fault("trap", "the kernel trapped (__trap or assert)")
}

/// The value of a pure common op (`None` for collectives). `r` reads an operand, `ty`
/// gives its type, `rty` is the result type, `linear` the thread's linear index (for
/// address-space casts of local pointers).
#[inline]
pub fn eval_value(
    op: CommonOp,
    rty: Type,
    r: impl Fn(Value) -> u64,
    ty: impl Fn(Value) -> Type,
    linear: u32,
) -> Result<u64, Fault> {
    Ok(match op {
        CommonOp::Const { bits } => bits,
        CommonOp::Unary(u, a) => semantics::unary(u, rty, r(a))?,
        CommonOp::Binary(b, x, y) => semantics::binary(b, rty, r(x), r(y))?,
        CommonOp::Fma(a, b, c) => semantics::fma(rty, r(a), r(b), r(c)),
        CommonOp::ICmp(p, a, b) => u64::from(semantics::icmp(p, ty(a), r(a), r(b))),
        CommonOp::FCmp(p, a, b) => u64::from(semantics::fcmp(p, ty(a), r(a), r(b))),
        CommonOp::Select {
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
        CommonOp::Cast(CastOp::AddrSpaceCast, a) => {
            let (Type::Ptr(from), Type::Ptr(to)) = (ty(a), rty) else {
                return Err(fault("bad-ir", "addrspacecast of a non-pointer"));
            };
            let generic = to_generic(from, r(a), linear);
            from_generic(to, generic, linear)?
        }
        CommonOp::Cast(c, a) => semantics::cast(c, ty(a), rty, r(a)),
        CommonOp::PtrAdd { ptr, offset } => r(ptr).wrapping_add(r(offset)),
        CommonOp::Barrier { .. } | CommonOp::Shuffle { .. } | CommonOp::Vote { .. } => {
            return Err(control_op())
        }
    })
}

/// Check a launch of a kernel with `want_params` parameters against CUDA's limits; the
/// error message of a `bad-launch` diagnostic.
pub fn check_launch(
    config: &LaunchConfig,
    want_params: usize,
    params: usize,
) -> Result<(), String> {
    if params != want_params {
        return Err(format!(
            "kernel takes {want_params} parameters, {params} given"
        ));
    }
    if config.grid.contains(&0) || config.block.contains(&0) {
        return Err(format!(
            "grid {:?} and block {:?} must be at least 1 in every dimension",
            config.grid, config.block
        ));
    }
    let threads: u64 = config.block.iter().map(|&d| u64::from(d)).product();
    if threads > MAX_BLOCK_THREADS || config.block[2] > 64 {
        return Err(format!(
            "block {:?} has {threads} threads; CUDA allows at most 1024 (and z <= 64)",
            config.block
        ));
    }
    if config.grid[1] > 65535 || config.grid[2] > 65535 || config.grid[0] > i32::MAX as u32 {
        return Err(format!("grid {:?} exceeds CUDA's limits", config.grid));
    }
    Ok(())
}

/// Lay out a block's shared window: the static arrays (`(align, bytes, dynamic)`) in
/// order, each at its alignment (clamped to 1..=256), then the dynamic region at a 16-byte
/// boundary. Gives each array's offset (the dynamic ones at the dynamic base) and the
/// dynamic base.
pub fn layout_shared(arrays: impl Iterator<Item = (u64, u64, bool)> + Clone) -> (Vec<u64>, u64) {
    let mut end = 0u64;
    for (align, bytes, dynamic) in arrays.clone() {
        if !dynamic {
            let align = align.clamp(1, 256);
            end = end.div_ceil(align) * align + bytes;
        }
    }
    let dynamic_base = end.div_ceil(16) * 16;
    let mut end = 0u64;
    let offsets = arrays
        .map(|(align, bytes, dynamic)| {
            if dynamic {
                dynamic_base
            } else {
                let align = align.clamp(1, 256);
                let at = end.div_ceil(align) * align;
                end = at + bytes;
                at
            }
        })
        .collect();
    (offsets, dynamic_base)
}

/// The size of the shared window (the dynamic region starting at `dynamic_base`), or the
/// message of a `bad-launch` diagnostic when no GPU has that much.
pub fn check_shared_window(config: &LaunchConfig, dynamic_base: u64) -> Result<u64, String> {
    let window = dynamic_base.saturating_add(config.dynamic_shared_bytes);
    if window > MAX_SHARED_BYTES {
        return Err(format!("the kernel needs {window} bytes of shared memory per block; GPUs have at most {MAX_SHARED_BYTES}"));
    }
    Ok(window)
}

/// The bits of `warp`'s lanes for which `f` holds (lane `i` is bit `i`).
fn lane_bits<T>(warp: &[T], f: impl Fn(&T) -> bool) -> u32 {
    warp.iter()
        .enumerate()
        .filter(|(_, t)| f(t))
        .fold(0u32, |m, (lane, _)| m | (1 << lane))
}

/// One lane of a warp at a collective: its thread index, and (for the lanes at the
/// collective) the operands it passes: the member mask, the value or predicate, and the
/// shuffle's lane and clamp operands.
#[derive(Clone, Copy, Debug, Default)]
struct WarpLane {
    tid: [u32; 3],
    mask: u64,
    value: u64,
    lane: u64,
    clamp: u64,
}

/// The operand values of `op` (a shuffle or vote) as one lane passes them (`r` reads them).
fn warp_operands(op: CommonOp, tid: [u32; 3], r: impl Fn(Value) -> u64) -> WarpLane {
    match op {
        CommonOp::Shuffle {
            mask,
            value,
            lane,
            clamp,
            ..
        } => WarpLane {
            tid,
            mask: r(mask),
            value: r(value),
            lane: r(lane),
            clamp: r(clamp),
        },
        CommonOp::Vote { mask, pred, .. } => WarpLane {
            tid,
            mask: r(mask),
            value: r(pred),
            ..WarpLane::default()
        },
        _ => WarpLane {
            tid,
            ..WarpLane::default()
        },
    }
}

/// Complete the warp collective `op` (shuffle or vote) for the lanes in `present`, of
/// which `live` are the lanes that have not exited: gives each present lane's result.
/// Every live lane a participant names in its mask must be present, and a shuffle may read
/// only a present lane; otherwise a `warp-divergence` fault of the lane to blame.
fn complete_warp_op(
    op: CommonOp,
    lanes: &[WarpLane],
    present: u32,
    live: u32,
) -> Result<[u64; 32], (usize, Fault)> {
    let n = lanes.len().min(32);
    for (lane, l) in lanes.iter().enumerate().take(n) {
        if present & (1 << lane) == 0 {
            continue;
        }
        let wanted = (l.mask as u32) & live;
        let missing = wanted & !present;
        if missing != 0 {
            let other = missing.trailing_zeros() as usize;
            let other_tid = lanes.get(other).map_or([0; 3], |o| o.tid);
            let e = fault(
                "warp-divergence",
                format!(
                    "lane {lane} waits at a warp collective whose mask names lane {other} (thread {}), which is live but elsewhere",
                    dims(other_tid)
                ),
            );
            return Err((lane, e));
        }
    }
    let mut results = [0u64; 32];
    match op {
        CommonOp::Shuffle { mode, .. } => {
            for (me, l) in lanes.iter().enumerate().take(n) {
                if present & (1 << me) == 0 {
                    continue;
                }
                let j = semantics::shuffle_source_lane(mode, me as u32, l.lane, l.clamp);
                if !(0..32).contains(&j) || present & (1 << j) == 0 {
                    let e = fault(
                        "warp-divergence",
                        format!("shuffle reads lane {j}, which is not at this shuffle (its value is undefined in CUDA)"),
                    );
                    return Err((me, e));
                }
                results[me] = lanes.get(j as usize).map_or(0, |s| s.value);
            }
        }
        CommonOp::Vote { mode, .. } => {
            for (me, l) in lanes.iter().enumerate().take(n) {
                if present & (1 << me) == 0 {
                    continue;
                }
                let members = (l.mask as u32) & present | (1 << me);
                let mut ballot = 0u32;
                for (lane, other) in lanes.iter().enumerate().take(n) {
                    if members & (1 << lane) != 0 && other.value & 1 != 0 {
                        ballot |= 1 << lane;
                    }
                }
                results[me] = semantics::vote_result(mode, members, ballot);
            }
        }
        _ => {}
    }
    Ok(results)
}

/// The fault of threads waiting at different barriers (`first` at the barrier printed as
/// `site`, `here` elsewhere).
fn divergent_barrier(first: [u32; 3], site: &str, here: [u32; 3]) -> Fault {
    fault(
        "divergent-barrier",
        format!(
            "threads wait at different barriers: thread {} at '{site}', thread {} here; a barrier must be reached by all live threads of the block",
            dims(first),
            dims(here)
        ),
    )
}

/// The kind and predicate of the barrier `op` (anything else counts as a plain
/// `bar.sync`).
fn barrier_parts(op: Option<CommonOp>) -> (BarrierKind, Option<Value>) {
    match op {
        Some(CommonOp::Barrier { kind, pred }) => (kind, pred),
        _ => (BarrierKind::Sync, None),
    }
}

/// The result of a barrier of `kind` at which `waiting` threads arrived, `count` of them
/// with a true predicate.
fn barrier_value(kind: BarrierKind, count: u64, waiting: u64) -> u64 {
    match kind {
        BarrierKind::Sync | BarrierKind::Count => count,
        BarrierKind::And => u64::from(count == waiting),
        BarrierKind::Or => u64::from(count != 0),
    }
}

/// The generic form of a pointer in address space `space`.
pub fn to_generic(space: AddrSpace, value: u64, linear: u32) -> u64 {
    match space {
        AddrSpace::Shared => (SHARED_TAG << TAG_SHIFT) | (value & OFFSET_MASK),
        AddrSpace::Local => ((LOCAL_TAG + u64::from(linear)) << TAG_SHIFT) | (value & OFFSET_MASK),
        _ => value,
    }
}

/// A generic pointer converted to address space `space`.
pub fn from_generic(space: AddrSpace, generic: u64, linear: u32) -> Result<u64, Fault> {
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

/// The bytes of `place`: an allocation of `memory` (empty if there is none such), the
/// block's `shared` window or the thread's `local` memory.
pub fn place_bytes<'m>(
    memory: &'m mut Memory,
    shared: &'m mut [u8],
    local: &'m mut [u8],
    place: Place,
) -> &'m mut [u8] {
    match place {
        Place::Alloc(i) => memory
            .allocations
            .get_mut(i)
            .map_or(&mut [], |a| a.bytes.as_mut_slice()),
        Place::Shared => shared,
        Place::Local => local,
    }
}

/// Which memory an address resolves to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// Allocation `n` of [`Memory`].
    Alloc(usize),
    /// The block's shared window.
    Shared,
    /// The thread's local memory.
    Local,
}

/// Where `addr` (a pointer of type `ptr_ty`, used by thread `linear`) points: the memory
/// and the byte offset in it.
pub fn decode_pointer(
    memory: &Memory,
    ptr_ty: Type,
    addr: u64,
    linear: u32,
) -> Result<(Place, u64), Fault> {
    match ptr_ty {
        Type::Ptr(AddrSpace::Shared) => Ok((Place::Shared, addr)),
        Type::Ptr(AddrSpace::Local) => Ok((Place::Local, addr)),
        _ => {
            let tag = addr >> TAG_SHIFT;
            let offset = addr & OFFSET_MASK;
            if tag == SHARED_TAG {
                Ok((Place::Shared, offset))
            } else if tag >= LOCAL_TAG {
                if tag - LOCAL_TAG != u64::from(linear) {
                    return Err(fault(
                        "bad-pointer",
                        "access to another thread's local memory",
                    ));
                }
                Ok((Place::Local, offset))
            } else if tag == 0 {
                Err(fault(
                    "bad-pointer",
                    format!("access through a null or invalid pointer ({addr:#x})"),
                ))
            } else if (tag as usize) <= memory.allocations.len() {
                Ok((Place::Alloc(tag as usize - 1), offset))
            } else {
                Err(fault(
                    "bad-pointer",
                    format!("access through an invalid pointer ({addr:#x})"),
                ))
            }
        }
    }
}

/// How a diagnostic names `place` at byte `offset`: a buffer by name, shared memory by the
/// nearest shared array at or below `offset` (`shared`: each array's name and offset).
pub fn place_name<'a>(
    memory: &Memory,
    place: Place,
    offset: u64,
    shared: impl Iterator<Item = (&'a str, u64)>,
) -> String {
    match place {
        Place::Alloc(i) => format!(
            "buffer '{}'",
            memory.allocations.get(i).map_or("?", |a| a.name.as_str())
        ),
        Place::Local => "the thread's local memory".to_string(),
        Place::Shared => {
            let mut best: Option<(&str, u64)> = None;
            for (name, at) in shared {
                if at <= offset && best.is_none_or(|(_, b)| at >= b) {
                    best = Some((name, at));
                }
            }
            match best {
                Some((name, _)) => format!("shared memory (near '{name}')"),
                None => "shared memory".to_string(),
            }
        }
    }
}

/// Check an access of `size` bytes at byte `offset` of a memory of `len` bytes; gives the
/// offset as an index, or an `out-of-bounds` fault (`what`: the access; `elem`: the
/// accessed type, for the element index; `name`: how the memory is named).
pub fn check_bounds(
    len: u64,
    offset: u64,
    size: u64,
    elem: Option<Type>,
    what: &str,
    name: impl FnOnce() -> String,
) -> Result<usize, Fault> {
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
            name()
        ),
    ))
}

/// The value of type `ty` stored at `bytes[at..]` (bounds already checked).
pub fn read_scalar(bytes: &[u8], at: usize, ty: Type) -> u64 {
    let n = ty.bytes() as usize;
    let mut buf = [0u8; 8];
    buf[..n].copy_from_slice(&bytes[at..at + n]);
    semantics::mask(u64::from_le_bytes(buf), ty)
}

/// Store `value` of type `ty` at `bytes[at..]` (bounds already checked).
pub fn write_scalar(bytes: &mut [u8], at: usize, ty: Type, value: u64) {
    let n = ty.bytes() as usize;
    let value = if ty == Type::I1 { value & 1 } else { value };
    bytes[at..at + n].copy_from_slice(&value.to_le_bytes()[..n]);
}

/// The fault of a memset of more bytes than any memory holds, if `len` is one.
pub fn check_memset_len(len: u64) -> Result<(), Fault> {
    if len > 1 << 32 {
        return Err(fault("out-of-bounds", format!("memset of {len} bytes")));
    }
    Ok(())
}

/// Allocate `bytes` at `align` (clamped to 1..=4096) in a thread's local memory; gives
/// the allocation's offset.
pub fn alloc_local(local: &mut Vec<u8>, bytes: u64, align: u64) -> Result<u64, Fault> {
    let align = align.clamp(1, 4096) as usize;
    let at = local.len().div_ceil(align) * align;
    let end = at.saturating_add(bytes as usize);
    if end > MAX_LOCAL_BYTES {
        return Err(fault(
            "local-memory",
            format!("the thread's local memory would exceed {MAX_LOCAL_BYTES} bytes"),
        ));
    }
    local.resize(end, 0);
    Ok(at as u64)
}

/// A local allocation at `offset` as a pointer of type `rty` (a `ptr.local` keeps the
/// offset; others get the generic form).
pub fn local_pointer(rty: Type, offset: u64, linear: u32) -> u64 {
    match rty {
        Type::Ptr(AddrSpace::Local) => offset,
        _ => to_generic(AddrSpace::Local, offset, linear),
    }
}

/// A shared array at `offset` as a pointer of type `rty` (a `ptr.shared` keeps the
/// offset; others get the generic form).
pub fn shared_pointer(rty: Type, offset: u64) -> u64 {
    match rty {
        Type::Ptr(AddrSpace::Shared) => offset,
        _ => (SHARED_TAG << TAG_SHIFT) | offset,
    }
}

/// Where a thread of a block stands between the scheduler's phases.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Runnable.
    Ready,
    /// Waiting at a barrier.
    AtBarrier,
    /// Waiting at a warp collective (shuffle, vote).
    AtWarpOp,
    /// Finished (counts as arrived at barriers).
    Exited,
    /// Stopped elsewhere (the scheduler cannot go on with it).
    Other,
}

/// An interpreter's view of the threads of one block, for [`run_block`]: how to run a
/// thread to its next stop, where it stopped, its operands, and how to resume it.
pub trait BlockThreads {
    type Thread;
    /// Where a thread stopped (an instruction or op); equal sites are one collective.
    type Site: Copy + PartialEq;
    fn phase(t: &Self::Thread) -> Phase;
    fn tid(t: &Self::Thread) -> [u32; 3];
    /// The value of operand `v` in thread `t` (which stopped at a site using it).
    fn read(t: &Self::Thread, v: Value) -> u64;
    /// Run a ready thread until it stops at a barrier or warp op, or exits.
    fn run(&mut self, t: &mut Self::Thread) -> Result<(), Fault>;
    /// The site `t` stopped at.
    fn site(&self, t: &Self::Thread) -> Option<Self::Site>;
    /// The collective at `site`.
    fn site_op(&self, site: Self::Site) -> Option<CommonOp>;
    /// `site` printed, for diagnostics.
    fn site_text(&mut self, site: Self::Site) -> String;
    /// Give `t` the result `value` of the collective at `site`, step past it, make it ready.
    fn resume(&self, t: &mut Self::Thread, site: Self::Site, value: u64);
    /// The diagnostic of fault `e` in thread `t`.
    fn locate(&mut self, t: &Self::Thread, e: Fault) -> Diagnostic;
}

/// Run the threads of a block to the end: each runnable thread runs until it reaches a
/// barrier, a warp collective, or exits; warp collectives then complete for the lanes that
/// reached them; when every live thread waits at one barrier, the barrier completes
/// (exited threads count as arrived); live threads waiting at different barriers are a
/// `divergent-barrier` error.
pub fn run_block<E: BlockThreads>(e: &mut E, threads: &mut [E::Thread]) -> Result<(), Diagnostic> {
    loop {
        for t in threads.iter_mut() {
            if E::phase(t) == Phase::Ready {
                if let Err(f) = e.run(t) {
                    return Err(e.locate(t, f));
                }
            }
        }
        let mut progressed = false;
        for warp in threads.chunks_mut(32) {
            progressed |= resolve_warp(e, warp)?;
        }
        if progressed {
            continue;
        }
        if !resolve_barrier(e, threads)? {
            return Ok(());
        }
    }
}

/// Complete the warp collectives the lanes of `warp` wait at; gives whether any did.
fn resolve_warp<E: BlockThreads>(e: &mut E, warp: &mut [E::Thread]) -> Result<bool, Diagnostic> {
    let mut progressed = false;
    loop {
        let Some(first) = warp.iter().position(|t| E::phase(t) == Phase::AtWarpOp) else {
            return Ok(progressed);
        };
        let Some(site) = e.site(&warp[first]) else {
            return Err(e.locate(&warp[first], fault("bad-ir", "lost warp op")));
        };
        let Some(op @ (CommonOp::Shuffle { .. } | CommonOp::Vote { .. })) = e.site_op(site) else {
            return Err(e.locate(&warp[first], fault("bad-ir", "not a warp op")));
        };
        let present = lane_bits(warp, |t| {
            E::phase(t) == Phase::AtWarpOp && e.site(t) == Some(site)
        });
        let live = lane_bits(warp, |t| E::phase(t) != Phase::Exited);
        let mut lanes = [WarpLane::default(); 32];
        for ((lane, t), l) in warp.iter().enumerate().zip(lanes.iter_mut()) {
            *l = if present & (1 << lane) != 0 {
                warp_operands(op, E::tid(t), |v| E::read(t, v))
            } else {
                WarpLane {
                    tid: E::tid(t),
                    ..WarpLane::default()
                }
            };
        }
        let n = warp.len().min(32);
        let results = match complete_warp_op(op, &lanes[..n], present, live) {
            Ok(results) => results,
            Err((lane, f)) => return Err(e.locate(&warp[lane], f)),
        };
        for (lane, t) in warp.iter_mut().enumerate() {
            if present & (1 << lane) != 0 {
                e.resume(t, site, results[lane]);
            }
        }
        progressed = true;
    }
}

/// Complete the barrier all live threads wait at; gives false when all have exited.
fn resolve_barrier<E: BlockThreads>(
    e: &mut E,
    threads: &mut [E::Thread],
) -> Result<bool, Diagnostic> {
    let mut site: Option<(usize, E::Site)> = None;
    for (i, t) in threads.iter().enumerate() {
        match E::phase(t) {
            Phase::Exited => {}
            Phase::AtBarrier => match (site, e.site(t)) {
                (None, Some(h)) => site = Some((i, h)),
                (Some((first, s)), Some(h)) if s != h => {
                    let text = e.site_text(s);
                    let f = divergent_barrier(E::tid(&threads[first]), &text, E::tid(t));
                    return Err(e.locate(t, f));
                }
                _ => {}
            },
            Phase::Ready | Phase::AtWarpOp | Phase::Other => {
                return Err(e.locate(t, fault("bad-ir", "scheduler stalled")));
            }
        }
    }
    let Some((_, site)) = site else {
        return Ok(false);
    };
    let (kind, pred) = barrier_parts(e.site_op(site));
    let mut count = 0u64;
    let mut waiting = 0u64;
    for t in threads.iter() {
        if E::phase(t) == Phase::AtBarrier {
            waiting += 1;
            if let Some(p) = pred {
                count += E::read(t, p) & 1;
            }
        }
    }
    let value = barrier_value(kind, count, waiting);
    for t in threads.iter_mut() {
        if E::phase(t) == Phase::AtBarrier {
            e.resume(t, site, value);
        }
    }
    Ok(true)
}
