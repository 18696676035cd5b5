//! Privatization of global atomic adds (CPU backend).
//!
//! An adjoint like gather_indirect's accumulates `x_bar[col[k]] += val[k] * y_bar[row]`
//! with loaded indices: on the CPU each add is a real atomic (`atomicrmw`; for floats a
//! compare-and-swap loop on x86), which dominates the gradient's time. When a buffer is
//! touched by nothing but such adds, the grid instead runs as `G` chunks of blocks in
//! parallel (`G` about the core count); the blocks of a chunk run one after another and
//! add with plain load-add-stores: chunk 0 into the buffer itself, every other chunk into
//! its own private copy of the buffer; a parallel pass then adds the `G - 1` copies into
//! the buffer.
//!
//! # When (the [`plan`] analysis)
//! A pointer parameter `p` is privatized when all of these hold:
//! - the caller promises ([`PrivatizeFacts::param_bytes`]) that `p` points `bytes` bytes
//!   before the end of a buffer that no other parameter points into (the launch binds
//!   distinct buffers); without that promise nothing is privatized;
//! - the kernel has no access through a computed pointer ([`Addr::Dynamic`]) at all, and
//!   `p`'s address never escapes into a value (`RootAddr`): only the accesses rooted at
//!   `p` can then reach its buffer;
//! - every access rooted at `p`, anywhere in the kernel, is an `atomicAdd` whose old value
//!   is unused: integer `Add`/`Sub` on `i32`/`i64`, or float `FAdd` on `f32`/`f64` when the
//!   caller allows float reassociation ([`PrivatizeFacts::float_atomics`]); all of one
//!   type, and all inside the grid loop being emitted;
//! - it pays off and fits: with `E = bytes / size` elements, `(G - 1) * E <= 4 * threads
//!   * sites` (filling and reducing `G - 1` copies costs about `2 * (G - 1) * E` cheap,
//!   vectorized element operations, against at least one atomic per thread and site, a
//!   locked instruction or compare-and-swap loop several times dearer than a plain add
//!   even uncontended), and all copies together at most [`MAX_COPY_BYTES`].
//!
//! # Why it is legal
//! CUDA gives atomics to one address no order: any interleaving of the grid's adds is a
//! valid execution, and the old values are unused, so nothing in the kernel observes the
//! buffer before the launch ends. The blocks of a chunk run in sequence on one OS thread
//! (the CPU backend already runs a block's threads one after another, and OpenMP runs a
//! contiguous range of blocks per thread), so a plain read-modify-write into the chunk's
//! copy (or, for chunk 0, the buffer), which no other thread touches until the chunks
//! are done, is that chunk's sequence of adds.
//! - Integers: addition modulo `2^n` is associative and commutative, so the buffer after
//!   chunk 0 plus the other chunks' copies (which start at 0, a `Sub` adding the negation)
//!   is exactly what every order of the atomics gives: bit-exact.
//! - Floats: the result is `((x + a_1 + ... + a_m) + S_1) + S_2 + ...`, chunk 0's adds in
//!   sequence from `x` and then `S_c`, chunk `c`'s sequential sum. That *reassociates*
//!   the adds, which no order of single atomic adds need produce:
//!   the result can differ from every valid order by rounding (like a tree reduction), and
//!   in extreme cases by overflow (`S_c` overflowing where every sequential order starting
//!   at `x` does not). That is why float privatization is opt-in: the gradient path turns
//!   it on (an adjoint's accumulation is a sum in arbitrary order, which the xla target's
//!   scatter-add reassociates as well), `raise run` does not. The copies start at `-0.0`,
//!   the exact identity of IEEE addition (`-0.0 + a == a`, so a chunk's first add is
//!   exact), and a copy element still at `-0.0` is not added into the buffer, so an
//!   element no chunk touches keeps its bits exactly.
//!
//! Adds outside `[0, bytes)` or misaligned for their type keep the real atomic on the
//! buffer (as without privatization: out-of-bounds is as undefined as on a GPU, but
//! nothing here writes outside the copies). When `malloc` fails (or `G` is 1) the grid
//! runs as one chunk adding directly into the buffer: one sequential order of the adds,
//! exact for floats too.
//!
//! # A buffer walked per thread stays privatized
//! A buffer whose adds each thread makes along its own interval (gather_indirect's
//! `vals_bar`: one index per entry, rows disjoint, bounds loaded) is as eligible as a
//! scatter target and is privatized too: measured on 2 cores (BENCHMARKS.md, branch
//! csradj), its adds left atomic (a compare-and-swap loop per float add, uncontended)
//! made the gradient slower (grad/primal median 5.0 against 4.2), and even plain adds
//! straight into the buffer with no copy, fill or reduction (the best a proof of
//! exclusivity could give) did not move it beyond the noise: at `G` = 2 one copy's fill
//! and reduction are cheap, vectorized passes.

use std::collections::{HashMap, HashSet};

use frontend::Diagnostic;
use parallel_ir::ir::{Addr, AtomicOp, Kernel, MemRoot, OpId, OpKind, Region, Type, Value};

use super::emit::{mty, Emitter};
use super::{mem_addrs, param_of};

/// Most bytes all private copies of one grid loop may take together.
pub const MAX_COPY_BYTES: u64 = 64 << 20;
/// Most chunks (private copies) per buffer.
pub const MAX_CHUNKS: u32 = 16;
/// Elements per task of the parallel pass that adds the copies into the buffer.
const REDUCE_TASK: u64 = 4096;

/// What the caller knows about one launch's buffers (see the module documentation).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PrivatizeFacts {
    /// Per kernel parameter: `Some(bytes)` when the launch binds it to a pointer `bytes`
    /// bytes before the end of a buffer that no other parameter points into.
    pub param_bytes: Vec<Option<u64>>,
    /// Whether float atomic adds may be privatized (reassociated).
    pub float_atomics: bool,
    /// The number of chunks `G`; default: the available parallelism, at most
    /// [`MAX_CHUNKS`].
    pub chunks: Option<u32>,
    /// The thresholds of streaming stores into buffers the kernel only stores to
    /// (`super::stream`, which also reads `param_bytes`); default:
    /// [`super::StreamLimits::host`].
    pub stream: Option<super::StreamLimits>,
}

/// One buffer to privatize.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The pointer parameter.
    pub param: u32,
    /// The element type of its atomic adds.
    pub ty: Type,
    /// Bytes of each private copy (a whole number of elements).
    pub bytes: u64,
    /// The atomic adds rooted at the parameter.
    pub sites: Vec<OpId>,
}

/// The privatization of one grid loop: the chunk count and the buffers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GridPlan {
    pub chunks: u32,
    pub buffers: Vec<Plan>,
}

/// Emitter state: the caller's facts, and while a privatized grid loop is emitted, the
/// private copy (SSA pointer, element type, bytes) of each privatized parameter.
#[derive(Default)]
pub(super) struct State {
    pub(super) facts: PrivatizeFacts,
    active: HashMap<u32, (String, Type, u64)>,
    sites: HashSet<OpId>,
}

impl State {
    pub(super) fn new(facts: PrivatizeFacts) -> Self {
        State {
            facts,
            ..State::default()
        }
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

/// The bits (as a signed integer of the type's width) of the identity a copy starts at:
/// `-0.0` for floats, 0 for integers.
fn ident_bits(ty: Type) -> i64 {
    match ty {
        Type::F32 => i64::from(i32::MIN),
        Type::F64 => i64::MIN,
        _ => 0,
    }
}

fn elem_size(ty: Type) -> u64 {
    u64::from(ty.bits().div_ceil(8))
}

/// The chunk count: the caller's, else the available parallelism (at most
/// [`MAX_CHUNKS`]), never more than the blocks.
fn chunk_count(facts: &PrivatizeFacts, blocks: u64) -> u32 {
    let g = facts.chunks.unwrap_or_else(|| {
        std::thread::available_parallelism()
            .map(|n| n.get() as u32)
            .unwrap_or(1)
            .min(MAX_CHUNKS)
    });
    (u64::from(g.max(1)).min(blocks.max(1))) as u32
}

/// Which parameters of `kernel` the grid loop with body `grid` (a region of the kernel)
/// privatizes for a launch of `grid_dims` x `block_dims`; `None` when none.
pub fn plan(
    k: &Kernel,
    grid: &Region,
    grid_dims: [u32; 3],
    block_dims: [u32; 3],
    facts: &PrivatizeFacts,
) -> Option<GridPlan> {
    if !facts.param_bytes.iter().any(Option::is_some) {
        return None;
    }
    let mut ops = Vec::new();
    all_ops(k, &k.body, &mut ops);
    let mut inside = Vec::new();
    all_ops(k, grid, &mut inside);
    let inside: HashSet<OpId> = inside.into_iter().collect();
    let mut used: HashSet<Value> = HashSet::new();
    for &o in &ops {
        k.op(o).kind.for_each_operand(|v| {
            used.insert(v);
        });
    }
    // Per parameter: vetoed, or its sites and their type.
    let mut vetoed: HashSet<u32> = HashSet::new();
    let mut sites: HashMap<u32, (Type, Vec<OpId>)> = HashMap::new();
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
            return None;
        }
        let eligible = match kind {
            OpKind::Atomic { op, addr, value } => {
                let ty = k.value_type(*value);
                let kind_ok = match op {
                    AtomicOp::Add | AtomicOp::Sub => matches!(ty, Type::I32 | Type::I64),
                    AtomicOp::FAdd => facts.float_atomics && matches!(ty, Type::F32 | Type::F64),
                    _ => false,
                };
                let unused = k.op(o).results.iter().all(|r| !used.contains(r));
                (kind_ok && unused && inside.contains(&o))
                    .then_some(())
                    .and(param_of(addr).map(|i| (i, ty)))
            }
            _ => None,
        };
        match eligible {
            Some((i, ty)) => {
                let e = sites.entry(i).or_insert((ty, Vec::new()));
                if e.0 != ty {
                    vetoed.insert(i);
                }
                e.1.push(o);
            }
            None => {
                for a in addrs {
                    if let Some(i) = param_of(a) {
                        vetoed.insert(i);
                    }
                }
            }
        }
    }
    let blocks = grid_dims.iter().map(|&d| u64::from(d)).product::<u64>();
    let threads = blocks.saturating_mul(block_dims.iter().map(|&d| u64::from(d)).product());
    let g = chunk_count(facts, blocks);
    let mut buffers = Vec::new();
    let mut total = 0u64;
    let mut ids: Vec<u32> = sites.keys().copied().collect();
    ids.sort_unstable();
    for i in ids {
        if vetoed.contains(&i) {
            continue;
        }
        let (ty, s) = &sites[&i];
        let Some(Some(bytes)) = facts.param_bytes.get(i as usize) else {
            continue;
        };
        let size = elem_size(*ty);
        let elems = bytes / size;
        let copies = u64::from(g - 1).saturating_mul(elems);
        let pays = copies <= threads.saturating_mul(4).saturating_mul(s.len() as u64);
        let copy_bytes = copies.saturating_mul(size);
        if elems == 0 || !pays || total.saturating_add(copy_bytes) > MAX_COPY_BYTES {
            continue;
        }
        total += copy_bytes;
        buffers.push(Plan {
            param: i,
            ty: *ty,
            bytes: elems * size,
            sites: s.clone(),
        });
    }
    (!buffers.is_empty()).then_some(GridPlan { chunks: g, buffers })
}

impl Emitter<'_> {
    /// The privatization of the grid loop `grid` for this launch, if any.
    pub(super) fn privatize_plan(&self, grid: &Region) -> Option<GridPlan> {
        plan(
            self.k,
            grid,
            self.cfg.grid,
            self.cfg.block,
            &self.privatize.facts,
        )
    }

    /// Emit the grid loop `body` privatized by `plan` (see the module documentation):
    /// allocate the copies, run the chunks in parallel (each fills its copies with the
    /// identity, then runs its blocks in sequence), add the copies into the buffers in
    /// parallel, free the copies.
    pub(super) fn privatized_grid(
        &mut self,
        plan: &GridPlan,
        body: &Region,
        [c0, c1]: [&str; 2],
        has_allocs: bool,
    ) -> Result<(), Diagnostic> {
        let g = u64::from(plan.chunks);
        let [gx, gy, gz] = self.cfg.grid.map(u64::from);
        let blocks = gx * gy * gz;
        // Per buffer: the malloc'd copies and whether they are missing (then the chunks
        // run as one, adding into the buffer itself).
        let mut raws = Vec::new();
        for p in &plan.buffers {
            let raw = if g > 1 {
                self.decls
                    .insert("func.func private @malloc(i64) -> !llvm.ptr".to_string());
                let n = self.const_int(((g - 1) * p.bytes) as i64, "i64");
                self.def(&format!("func.call @malloc({n}) : (i64) -> !llvm.ptr"))
            } else {
                self.def("llvm.mlir.zero : !llvm.ptr")
            };
            let z = self.def("llvm.mlir.zero : !llvm.ptr");
            let null = self.def(&format!("llvm.icmp \"eq\" {raw}, {z} : !llvm.ptr"));
            raws.push((raw, null));
        }
        // One chunk when any allocation failed.
        let mut any_null = self.const_int(0, "i1");
        for (_, null) in &raws {
            any_null = self.def(&format!("arith.ori {any_null}, {null} : i1"));
        }
        let gi = self.def(&format!("arith.constant {g} : index"));
        let nch = self.def(&format!("arith.select {any_null}, {c1}, {gi} : index"));
        let c = self.fresh();
        self.line(&format!(
            "scf.parallel ({c}) = ({c0}) to ({nch}) step ({c1}) {{"
        ));
        self.indent += 1;
        let mut active = HashMap::new();
        for (p, (raw, _)) in plan.buffers.iter().zip(&raws) {
            let buf = self.root_ptr(MemRoot::Param(p.param))?;
            // Chunk 0 adds into the buffer itself, chunk c >= 1 into copy c - 1.
            let c64 = self.def(&format!("arith.index_cast {c} : index to i64"));
            let one = self.const_int(1, "i64");
            let cm1 = self.def(&format!("arith.subi {c64}, {one} : i64"));
            let b = self.const_int(p.bytes as i64, "i64");
            let off = self.def(&format!("arith.muli {cm1}, {b} : i64"));
            let own = self.def(&format!(
                "llvm.getelementptr {raw}[{off}] : (!llvm.ptr, i64) -> !llvm.ptr, i8"
            ));
            let first = self.def(&format!("arith.cmpi eq, {c}, {c0} : index"));
            let direct = self.def(&format!("arith.ori {first}, {any_null} : i1"));
            let priv_ptr = self.def(&format!(
                "llvm.select {direct}, {buf}, {own} : i1, !llvm.ptr"
            ));
            // Fill with the identity (skipped when adding into the buffer itself).
            let e = self.def(&format!(
                "arith.constant {} : index",
                p.bytes / elem_size(p.ty)
            ));
            let nfill = self.def(&format!("arith.select {direct}, {c0}, {e} : index"));
            let it = mty(p.ty);
            let bits = if p.ty.is_float() {
                format!("i{}", p.ty.bits())
            } else {
                it.to_string()
            };
            let ident = self.const_int(ident_bits(p.ty), &bits);
            let size = self.const_int(elem_size(p.ty) as i64, "i64");
            let iv = self.fresh();
            self.line(&format!("scf.for {iv} = {c0} to {nfill} step {c1} {{"));
            self.indent += 1;
            let i64v = self.def(&format!("arith.index_cast {iv} : index to i64"));
            let o = self.def(&format!("arith.muli {i64v}, {size} : i64"));
            let q = self.def(&format!(
                "llvm.getelementptr {priv_ptr}[{o}] : (!llvm.ptr, i64) -> !llvm.ptr, i8"
            ));
            self.line(&format!("llvm.store {ident}, {q} : {bits}, !llvm.ptr"));
            self.indent -= 1;
            self.line("}");
            active.insert(p.param, (priv_ptr, p.ty, p.bytes));
        }
        // This chunk's blocks: [c*q + min(c, r), that + q + (c < r)), x fastest.
        let nb = self.def(&format!("arith.constant {blocks} : index"));
        let q = self.def(&format!("arith.divui {nb}, {nch} : index"));
        let r = self.def(&format!("arith.remui {nb}, {nch} : index"));
        let cq = self.def(&format!("arith.muli {c}, {q} : index"));
        let mn = self.def(&format!("arith.minui {c}, {r} : index"));
        let lo = self.def(&format!("arith.addi {cq}, {mn} : index"));
        let lt = self.def(&format!("arith.cmpi ult, {c}, {r} : index"));
        let extra = self.def(&format!("arith.select {lt}, {c1}, {c0} : index"));
        let hi = self.def(&format!("arith.addi {lo}, {q} : index"));
        let hi = self.def(&format!("arith.addi {hi}, {extra} : index"));
        let lin = self.fresh();
        self.line(&format!("scf.for {lin} = {lo} to {hi} step {c1} {{"));
        self.indent += 1;
        let saved = has_allocs.then(|| self.stack_save());
        let gxi = self.def(&format!("arith.constant {gx} : index"));
        let gyi = self.def(&format!("arith.constant {gy} : index"));
        let bx = self.def(&format!("arith.remui {lin}, {gxi} : index"));
        let t = self.def(&format!("arith.divui {lin}, {gxi} : index"));
        let by = self.def(&format!("arith.remui {t}, {gyi} : index"));
        let bz = self.def(&format!("arith.divui {t}, {gyi} : index"));
        for (i, iv) in [bx, by, bz].iter().enumerate() {
            let v = self.def(&format!("arith.index_cast {iv} : index to i32"));
            if let Some(&a) = body.args.get(i) {
                self.bind(a, v);
            }
        }
        self.privatize.active = active;
        self.privatize.sites = plan
            .buffers
            .iter()
            .flat_map(|p| p.sites.iter().copied())
            .collect();
        let emitted = self.region_body(body);
        self.privatize.active.clear();
        self.privatize.sites.clear();
        emitted?;
        if let Some(s) = saved {
            self.stack_restore(s);
        }
        self.indent -= 1;
        self.line("}");
        self.line("scf.reduce");
        self.indent -= 1;
        self.line("}");
        // Add the copies into the buffers, REDUCE_TASK elements a task.
        for (p, (raw, _)) in plan.buffers.iter().zip(&raws) {
            if g <= 1 {
                continue;
            }
            let size = elem_size(p.ty);
            let elems = p.bytes / size;
            let tasks = elems.div_ceil(REDUCE_TASK);
            let ti = self.def(&format!("arith.constant {tasks} : index"));
            let nt = self.def(&format!("arith.select {any_null}, {c0}, {ti} : index"));
            let t = self.fresh();
            self.line(&format!(
                "scf.parallel ({t}) = ({c0}) to ({nt}) step ({c1}) {{"
            ));
            self.indent += 1;
            let buf = self.root_ptr(MemRoot::Param(p.param))?;
            let rt = self.def(&format!("arith.constant {REDUCE_TASK} : index"));
            let e0 = self.def(&format!("arith.muli {t}, {rt} : index"));
            let e1 = self.def(&format!("arith.addi {e0}, {rt} : index"));
            let ne = self.def(&format!("arith.constant {elems} : index"));
            let e1 = self.def(&format!("arith.minui {e1}, {ne} : index"));
            let sz = self.const_int(size as i64, "i64");
            let pb = self.const_int(p.bytes as i64, "i64");
            let ci = self.fresh();
            self.line(&format!("scf.for {ci} = {c1} to {gi} step {c1} {{"));
            self.indent += 1;
            let ci64 = self.def(&format!("arith.index_cast {ci} : index to i64"));
            let one = self.const_int(1, "i64");
            let ci64 = self.def(&format!("arith.subi {ci64}, {one} : i64"));
            let coff = self.def(&format!("arith.muli {ci64}, {pb} : i64"));
            let copy = self.def(&format!(
                "llvm.getelementptr {raw}[{coff}] : (!llvm.ptr, i64) -> !llvm.ptr, i8"
            ));
            let e = self.fresh();
            self.line(&format!("scf.for {e} = {e0} to {e1} step {c1} {{"));
            self.indent += 1;
            let e64 = self.def(&format!("arith.index_cast {e} : index to i64"));
            let o = self.def(&format!("arith.muli {e64}, {sz} : i64"));
            let pa = self.def(&format!(
                "llvm.getelementptr {buf}[{o}] : (!llvm.ptr, i64) -> !llvm.ptr, i8"
            ));
            let pc = self.def(&format!(
                "llvm.getelementptr {copy}[{o}] : (!llvm.ptr, i64) -> !llvm.ptr, i8"
            ));
            let t = mty(p.ty);
            let a = self.def(&format!("llvm.load {pa} : !llvm.ptr -> {t}"));
            let b = self.def(&format!("llvm.load {pc} : !llvm.ptr -> {t}"));
            let s = if p.ty.is_float() {
                // A copy element still holding the identity's bits is not added, so an
                // element no chunk added to keeps its bits (a signalling NaN too).
                let w = p.ty.bits();
                let bits = self.def(&format!("arith.bitcast {b} : {t} to i{w}"));
                let id = self.const_int(ident_bits(p.ty), &format!("i{w}"));
                let untouched = self.def(&format!("arith.cmpi eq, {bits}, {id} : i{w}"));
                let sum = self.def(&format!("arith.addf {a}, {b} : {t}"));
                self.def(&format!("arith.select {untouched}, {a}, {sum} : {t}"))
            } else {
                self.def(&format!("arith.addi {a}, {b} : {t}"))
            };
            self.line(&format!("llvm.store {s}, {pa} : {t}, !llvm.ptr"));
            self.indent -= 1;
            self.line("}");
            self.indent -= 1;
            self.line("}");
            self.line("scf.reduce");
            self.indent -= 1;
            self.line("}");
            self.decls
                .insert("func.func private @free(!llvm.ptr)".to_string());
            self.line(&format!("func.call @free({raw}) : (!llvm.ptr) -> ()"));
        }
        Ok(())
    }

    /// Emit op `id` if it is a privatized atomic add (gives true): a plain add into the
    /// chunk's copy when the offset is in range and aligned, else the real atomic.
    pub(super) fn privatized_op(&mut self, id: OpId) -> Result<bool, Diagnostic> {
        if !self.privatize.sites.contains(&id) {
            return Ok(false);
        }
        let OpKind::Atomic {
            op,
            addr:
                Addr::Root {
                    root: MemRoot::Param(i),
                    offset,
                },
            value,
        } = self.k.op(id).kind
        else {
            return Ok(false);
        };
        let Some((priv_ptr, ty, bytes)) = self.privatize.active.get(&i).cloned() else {
            return Ok(false);
        };
        let size = elem_size(ty);
        let t = mty(ty);
        let off = self.name(offset)?;
        let v = self.name(value)?;
        let lim = self.const_int((bytes - size) as i64, "i64");
        let inr = self.def(&format!("arith.cmpi ule, {off}, {lim} : i64"));
        let m = self.const_int(size as i64 - 1, "i64");
        let low = self.def(&format!("arith.andi {off}, {m} : i64"));
        let z = self.const_int(0, "i64");
        let al = self.def(&format!("arith.cmpi eq, {low}, {z} : i64"));
        let ok = self.def(&format!("arith.andi {inr}, {al} : i1"));
        self.line(&format!("scf.if {ok} {{"));
        self.indent += 1;
        let p = self.def(&format!(
            "llvm.getelementptr {priv_ptr}[{off}] : (!llvm.ptr, i64) -> !llvm.ptr, i8"
        ));
        let old = self.def(&format!("llvm.load {p} : !llvm.ptr -> {t}"));
        let arith = match op {
            AtomicOp::FAdd => "arith.addf",
            AtomicOp::Sub => "arith.subi",
            _ => "arith.addi",
        };
        let new = self.def(&format!("{arith} {old}, {v} : {t}"));
        self.line(&format!("llvm.store {new}, {p} : {t}, !llvm.ptr"));
        self.indent -= 1;
        self.line("} else {");
        self.indent += 1;
        let buf = self.root_ptr(MemRoot::Param(i))?;
        let q = self.def(&format!(
            "llvm.getelementptr {buf}[{off}] : (!llvm.ptr, i64) -> !llvm.ptr, i8"
        ));
        let kind = match op {
            AtomicOp::FAdd => "fadd",
            AtomicOp::Sub => "sub",
            _ => "add",
        };
        self.def(&format!(
            "llvm.atomicrmw {kind} {q}, {v} monotonic : !llvm.ptr, {t}"
        ));
        self.indent -= 1;
        self.line("}");
        Ok(true)
    }
}
