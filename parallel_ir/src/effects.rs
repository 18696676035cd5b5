//! Memory effects of parallel-IR ops and regions, and of barriers.
//!
//! An [`Access`] says that an op reads and/or writes `len` bytes at `root + offset`
//! ([`AccessLoc::Root`]) or through a pointer whose root is unknown
//! ([`AccessLoc::Unknown`]). Atomics read and write. Barriers, warp collectives, fences
//! and traps access no memory themselves; they are reported as synchronisation points.
//!
//! A barrier's own effects are, by definition, the union of the accesses of its thread
//! region between the previous barrier and it ([`BarrierNeighbourhood::before`]) and
//! between it and the next ([`BarrierNeighbourhood::after`]). Walking backward (forward)
//! from the barrier we collect ops until a barrier op in the same region; at the start
//! (end) of a `For` body we also wrap around to the end (start) of the body — the previous
//! (next) iteration — and continue outside the loop (the first iteration is entered from
//! before the loop, the last leaves after it); an `If` is left to its enclosing region; a
//! `While` contributes all its accesses (conservative); the thread `Parallel` itself is
//! the block's start/end, a synchronisation point. Ops met on the way that contain
//! barriers contribute all their accesses (conservative: a loop may run no iteration).
//! Over-approximating is always legal here: it can only keep more barriers.

use crate::ir::*;

/// How many bytes an access covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Extent {
    Bytes(u64),
    /// A run-time length (`i64` value), as of `memcpy`/`memset`.
    Value(Value),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AccessLoc {
    /// `len` bytes at `root + offset` (`offset` an `i64` value).
    Root {
        root: MemRoot,
        offset: Value,
        len: Extent,
    },
    /// Through a pointer value whose root is not known: may touch any memory.
    Unknown { ptr: Value, len: Extent },
}

/// One memory access of one op.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Access {
    pub op: OpId,
    pub read: bool,
    pub write: bool,
    pub loc: AccessLoc,
}

/// Accesses and synchronisation points of an op or region (including nested regions).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Effects {
    pub accesses: Vec<Access>,
    /// Barriers, shuffles, votes, fences and traps met.
    pub syncs: Vec<OpId>,
}

impl Effects {
    pub fn extend(&mut self, other: Effects) {
        self.accesses.extend(other.accesses);
        self.syncs.extend(other.syncs);
    }
    pub fn reads(&self) -> impl Iterator<Item = &Access> {
        self.accesses.iter().filter(|a| a.read)
    }
    pub fn writes(&self) -> impl Iterator<Item = &Access> {
        self.accesses.iter().filter(|a| a.write)
    }
    pub fn is_empty(&self) -> bool {
        self.accesses.is_empty() && self.syncs.is_empty()
    }
}

fn loc(addr: &Addr, len: Extent) -> AccessLoc {
    match *addr {
        Addr::Root { root, offset } => AccessLoc::Root { root, offset, len },
        Addr::Dynamic(ptr) => AccessLoc::Unknown { ptr, len },
    }
}

/// The accesses of `op` itself (not of ops nested in its regions).
pub fn op_accesses(kernel: &Kernel, op: OpId) -> Vec<Access> {
    let Some(data) = kernel.ops.get(op.index()) else {
        return Vec::new();
    };
    let bytes_of = |v: Value| Extent::Bytes(kernel.value_type(v).bytes());
    let access = |read, write, addr: &Addr, len| Access {
        op,
        read,
        write,
        loc: loc(addr, len),
    };
    match &data.kind {
        OpKind::Load { addr } => match data.results.first() {
            Some(&r) => vec![access(true, false, addr, bytes_of(r))],
            None => Vec::new(),
        },
        OpKind::Store { addr, value } => vec![access(false, true, addr, bytes_of(*value))],
        OpKind::Atomic { addr, value, .. } => vec![access(true, true, addr, bytes_of(*value))],
        OpKind::AtomicCas { addr, new, .. } => vec![access(true, true, addr, bytes_of(*new))],
        OpKind::Memcpy { dst, src, len } => vec![
            access(true, false, src, Extent::Value(*len)),
            access(false, true, dst, Extent::Value(*len)),
        ],
        OpKind::Memset { dst, len, .. } => vec![access(false, true, dst, Extent::Value(*len))],
        _ => Vec::new(),
    }
}

fn is_sync(kind: &OpKind) -> bool {
    matches!(
        kind,
        OpKind::Barrier { .. }
            | OpKind::Shuffle { .. }
            | OpKind::Vote { .. }
            | OpKind::Fence
            | OpKind::Trap
    )
}

/// The effects of `op` including everything nested in its regions.
pub fn op_effects(kernel: &Kernel, op: OpId) -> Effects {
    let mut out = Effects::default();
    add_op_effects(kernel, op, &mut out, 0);
    out
}

fn add_op_effects(kernel: &Kernel, op: OpId, out: &mut Effects, depth: usize) {
    let Some(data) = kernel.ops.get(op.index()) else {
        return;
    };
    // Malformed (self-nesting) IR must not recurse forever; the verifier rejects it.
    if depth > 10_000 {
        return;
    }
    out.accesses.extend(op_accesses(kernel, op));
    if is_sync(&data.kind) {
        out.syncs.push(op);
    }
    for r in data.kind.regions() {
        for &o in &r.ops {
            add_op_effects(kernel, o, out, depth + 1);
        }
    }
}

/// The effects of all ops of `region` (recursively).
pub fn region_effects(kernel: &Kernel, region: &Region) -> Effects {
    let mut out = Effects::default();
    for &o in &region.ops {
        add_op_effects(kernel, o, &mut out, 0);
    }
    out
}

/// Whether `op` is or contains a barrier.
pub fn contains_barrier(kernel: &Kernel, op: OpId) -> bool {
    op_effects(kernel, op)
        .syncs
        .iter()
        .any(|&s| matches!(kernel.op(s).kind, OpKind::Barrier { .. }))
}

/// One step of the path from the top region to an op: region `region` of `op`, at
/// position `pos` in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PathStep {
    /// The op owning the region (`None`: the kernel's top region).
    pub owner: Option<OpId>,
    pub region: u8,
    pub pos: usize,
}

/// The region of `owner` (or the top region) numbered `region`.
pub fn region_of(kernel: &Kernel, owner: Option<OpId>, region: u8) -> Option<&Region> {
    match owner {
        None => Some(&kernel.body),
        Some(op) => kernel
            .ops
            .get(op.index())?
            .kind
            .regions()
            .get(region as usize)
            .copied(),
    }
}

/// The path from the top region down to `target`: one step per enclosing region, the
/// last one being the region that holds `target` and its position there.
pub fn path_to(kernel: &Kernel, target: OpId) -> Option<Vec<PathStep>> {
    fn search(
        kernel: &Kernel,
        owner: Option<OpId>,
        index: u8,
        region: &Region,
        target: OpId,
        path: &mut Vec<PathStep>,
    ) -> bool {
        for (pos, &op) in region.ops.iter().enumerate() {
            path.push(PathStep {
                owner,
                region: index,
                pos,
            });
            if op == target {
                return true;
            }
            if path.len() < 10_000 {
                if let Some(data) = kernel.ops.get(op.index()) {
                    for (i, r) in data.kind.regions().into_iter().enumerate() {
                        if search(kernel, Some(op), i as u8, r, target, path) {
                            return true;
                        }
                    }
                }
            }
            path.pop();
        }
        false
    }
    let mut path = Vec::new();
    search(kernel, None, 0, &kernel.body, target, &mut path).then_some(path)
}

/// The accesses on either side of a barrier, within its thread region.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BarrierNeighbourhood {
    /// Accesses that may run after the previous barrier and before this one.
    pub before: Effects,
    /// Accesses that may run after this barrier and before the next one.
    pub after: Effects,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Dir {
    Back,
    Fwd,
}

/// Collect the effects of the ops of `region` from `start` going in `dir` (exclusive of
/// `start` itself when `exclusive`), up to a barrier op directly in the region. Gives
/// whether a barrier stopped the walk.
fn walk(
    kernel: &Kernel,
    region: &Region,
    start: Option<usize>,
    dir: Dir,
    out: &mut Effects,
) -> bool {
    let n = region.ops.len();
    let positions: Vec<usize> = match (dir, start) {
        (Dir::Back, Some(p)) => (0..p.min(n)).rev().collect(),
        (Dir::Back, None) => (0..n).rev().collect(),
        (Dir::Fwd, Some(p)) => (p.saturating_add(1)..n).collect(),
        (Dir::Fwd, None) => (0..n).collect(),
    };
    for pos in positions {
        let op = region.ops[pos];
        if matches!(
            kernel.ops.get(op.index()).map(|d| &d.kind),
            Some(OpKind::Barrier { .. })
        ) {
            return true;
        }
        add_op_effects(kernel, op, out, 0);
    }
    false
}

/// The neighbourhood of `barrier`: see the module documentation. `None` when `barrier` is
/// not placed in the kernel.
pub fn barrier_neighbourhood(kernel: &Kernel, barrier: OpId) -> Option<BarrierNeighbourhood> {
    let path = path_to(kernel, barrier)?;
    let mut result = BarrierNeighbourhood::default();
    for dir in [Dir::Back, Dir::Fwd] {
        let out = match dir {
            Dir::Back => &mut result.before,
            Dir::Fwd => &mut result.after,
        };
        // From the innermost region outward.
        for step in path.iter().rev() {
            let region = region_of(kernel, step.owner, step.region)?;
            if walk(kernel, region, Some(step.pos), dir, out) {
                break;
            }
            let Some(owner) = step.owner else { break };
            let kind = &kernel.op(owner).kind;
            match kind {
                // The thread region's start/end (or the grid's): a synchronisation point.
                OpKind::Parallel { .. } => break,
                OpKind::For { body, .. } => {
                    // The previous / next iteration, up to a barrier (at worst this one).
                    walk(kernel, body, None, dir, out);
                }
                OpKind::While { .. } => {
                    // Conservative: every access of the loop.
                    out.extend(op_effects(kernel, owner));
                }
                _ => {}
            }
        }
    }
    Some(result)
}

/// A barrier's memory effects: the union of its neighbourhood's accesses.
pub fn barrier_effects(kernel: &Kernel, barrier: OpId) -> Effects {
    match barrier_neighbourhood(kernel, barrier) {
        Some(n) => {
            let mut e = n.before;
            e.extend(n.after);
            e
        }
        None => Effects::default(),
    }
}

/// Whether two roots may name overlapping memory. Distinct shared or local allocations
/// are disjoint; shared, local and buffer memory are disjoint from one another; two
/// parameters (or a parameter and a module global) may alias.
pub fn roots_may_alias(a: MemRoot, b: MemRoot) -> bool {
    use MemRoot::*;
    match (a, b) {
        (Shared(x), Shared(y)) => x == y,
        (Local(x), Local(y)) => x == y,
        (Shared(_), _) | (_, Shared(_)) | (Local(_), _) | (_, Local(_)) => false,
        _ => true,
    }
}

/// The kind of memory a location lies in, when known: CUDA's address spaces are disjoint
/// (an access through a `ptr.global` pointer never reaches shared memory).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MemSpace {
    /// Device buffers, `__device__` and `__constant__` data.
    Global,
    Shared,
    Local,
}

/// The memory space of an access location (`None`: a generic pointer, anywhere).
pub fn loc_space(kernel: &Kernel, loc: &AccessLoc) -> Option<MemSpace> {
    use frontend::ir::AddrSpace;
    match *loc {
        AccessLoc::Root { root, .. } => Some(match root {
            MemRoot::Param(_) | MemRoot::Global(_) => MemSpace::Global,
            MemRoot::Shared(_) => MemSpace::Shared,
            MemRoot::Local(_) => MemSpace::Local,
        }),
        AccessLoc::Unknown { ptr, .. } => match kernel.values.get(ptr.index())?.ty {
            Type::Ptr(AddrSpace::Global | AddrSpace::Const | AddrSpace::Param) => {
                Some(MemSpace::Global)
            }
            Type::Ptr(AddrSpace::Shared) => Some(MemSpace::Shared),
            Type::Ptr(AddrSpace::Local) => Some(MemSpace::Local),
            _ => None,
        },
    }
}

/// Whether two locations are in different memory spaces (so never overlap).
pub fn spaces_disjoint(kernel: &Kernel, a: &AccessLoc, b: &AccessLoc) -> bool {
    matches!(
        (loc_space(kernel, a), loc_space(kernel, b)),
        (Some(x), Some(y)) if x != y
    )
}

/// The constant value of `v`, if it is defined by a `Const` (sign-extended).
pub fn const_value(kernel: &Kernel, v: Value) -> Option<i64> {
    match kernel.values.get(v.index())?.def {
        ValueDef::Result(op, 0) => match kernel.ops.get(op.index())?.kind {
            OpKind::Const { bits } => {
                let ty = kernel.value_type(v);
                if !ty.is_int() {
                    return None;
                }
                let shift = 64 - ty.bits();
                Some(((bits << shift) as i64) >> shift)
            }
            _ => None,
        },
        _ => None,
    }
}

/// Whether two accesses may touch overlapping bytes with at least one writing (in one
/// thread, or in any two threads: offsets are compared only when both are constants).
pub fn may_conflict(kernel: &Kernel, a: &Access, b: &Access) -> bool {
    if !a.write && !b.write {
        return false;
    }
    if spaces_disjoint(kernel, &a.loc, &b.loc) {
        return false;
    }
    match (a.loc, b.loc) {
        (
            AccessLoc::Root {
                root: ra,
                offset: oa,
                len: la,
            },
            AccessLoc::Root {
                root: rb,
                offset: ob,
                len: lb,
            },
        ) => {
            if !roots_may_alias(ra, rb) {
                return false;
            }
            if ra != rb {
                return true;
            }
            let len = |l: Extent| match l {
                Extent::Bytes(n) => Some(n as i64),
                Extent::Value(v) => const_value(kernel, v),
            };
            match (
                const_value(kernel, oa),
                const_value(kernel, ob),
                len(la),
                len(lb),
            ) {
                (Some(x), Some(y), Some(nx), Some(ny)) => {
                    // [x, x+nx) and [y, y+ny) overlap.
                    x < y.saturating_add(ny) && y < x.saturating_add(nx)
                }
                _ => true,
            }
        }
        _ => true,
    }
}
