//! Parallel IR -> StableHLO (MLIR text), for running raised kernels on XLA through PJRT.
//!
//! One `func.func @main` per launch spec: one tensor argument per spec buffer (spec
//! order) and the same tensors returned after every launch ran in sequence
//! ([`emit_module`]).
//!
//! **Programs.** More generally ([`emit_program`], [`Program`]), `@main` takes one
//! tensor per *slot* and runs a sequence of steps over the slots: a launch (its buffer
//! arguments name slots), saving the current values of a range of slots under a name (a
//! *snapshot*), restoring a snapshot into slots, zeroing a slot; it returns a list of
//! slots or snapshot entries. Slots are SSA values, so a snapshot costs nothing: it only
//! keeps a name for tensors that exist anyway, and XLA keeps them alive as long as they
//! are used. This is how a whole gradient program (forward launches keeping the state
//! before each, then the adjoint kernels last to first) becomes one module: the
//! semantics are exactly those of running the launches one by one on host buffers and
//! copying the buffers where the program saves, restores or zeroes them.
//!
//! **General path: lockstep SIMT vectorization.** Every thread-level value of a launch
//! becomes a rank-1 tensor over all `N = blocks * threads` lanes of the launch (by
//! default lane `l = linear_block * threads_per_block + linear_thread`; see *lane order*
//! below); values computed before the grid loop stay rank-0 (uniform). The thread body runs in lockstep under an *active
//! mask*: `If` runs both regions under refined masks and merges with `select`; `For` and
//! `While` become `stablehlo.while` that iterates while any lane is active (a loop with
//! uniform bounds keeps the enclosing mask). This is a legal CUDA schedule of a race-free
//! kernel: every op completes for all threads before the next starts, which also honours
//! `__syncthreads()` (barriers become no-ops), so kernels with barriers need no
//! distribution.
//!
//! Memory: each root is a flat tensor of its element type: a spec buffer (shared by
//! every kernel parameter bound to it), a shared allocation (`[blocks * elems]`, indexed
//! by `block * elems + i`), a local allocation (`[N * elems]`). A byte offset becomes an
//! element index (the access type must be the root's element type and the offset
//! provably a multiple of its size, else `unsupported-tensorization`). Loads are
//! `gather`s (inactive lanes read index 0), stores `scatter`s whose inactive lanes get an
//! out-of-bounds index (XLA drops out-of-bounds scatter updates). Atomics whose old value
//! is unused are `scatter`s with an add/and/or/xor/min/max combiner (or, when the access
//! is one of the dense forms below, where every lane owns its element, the combiner
//! applied elementwise to the old contents: the same single update per element); the others (old
//! value used, compare-and-swap, unsigned/float min/max, inc/dec) run serialized in lane
//! order (a `while` over the lanes: one legal order of the concurrent atomics). Pointers are tracked symbolically
//! (memory + byte offset) through casts, `ptradd`, integer adds (PTX's `u64` params),
//! selects, `if` results and loop-carried values; an integer constant meeting a pointer
//! (a dummy on a path that never dereferences it) becomes an offset far out of bounds.
//! A constant-length `memcpy` is element loads and stores.
//!
//! Warps: lanes `32k..32k+31` of a block. `shfl.sync` is a gather over the lanes with the
//! exact PTX source-lane rule (segment mask, clamp); votes (`all/any/uni/ballot`) reduce
//! the bits of each aligned warp (blocks must be whole warps). Block-reducing barriers
//! (`__syncthreads_count/and/or`) reduce over `[blocks, threads]`.
//!
//! **Rewrite: multi-dimensionalization of affine accesses.** An access whose element
//! index is `s * lane + c` (found by an affine analysis over block/thread ids with the
//! launch's known extents, checked not to wrap) becomes `pad` + (strided) `slice` for
//! loads, and `pad` + `select` for stores with `s = 1`: no gather, no scatter.
//! More generally, an index `c + sum(a_i * id_i)` whose ids nest (sorted by decreasing
//! coefficient, each a multiple of and at least the next one times its extent: a dense,
//! possibly strided and padded box such as `tile[ty][k]` or `tile[tx][ty + j]`), in range
//! for every lane, views the memory as `[blocks, elems]` (shared) or `[len]` (buffer):
//! a load is strided slice + reshape + slice + transpose + broadcast, a store (every
//! varying id in the box, so each element has at most one writer) is the inverse
//! transpose + pads + `select` against the old contents (see `affine::box_view`).
//!
//! **Lane order.** The lanes are the launch's threads in some order; the default
//! (block z, y, x, then thread z, y, x, outermost first) keeps warps and blocks runs of
//! consecutive lanes. A launch with no shared memory and no warp or block collectives
//! (shuffles, votes, block-reducing barriers: the only ops that need those runs) takes
//! instead the order in which its first store to a buffer with an affine, nested index
//! walks the buffer (ids by decreasing coefficient, `affine::order_for`): a 2-D
//! stencil's `out[row * nx + col]` with `row = by * BY + ty`, `col = bx * BX + tx` and
//! `nx = gx * BX` is then `out[lane]`, and its neighbours `in[lane +- 1]`,
//! `in[lane +- nx]` are slices, where the default order needs a transpose for every
//! access. Legal because every other lane-level op is elementwise, or indexes by the
//! ids or the linear block index, or uses the lane only as a distinct per-thread index
//! (local memory; serialized atomics, whose order among concurrent threads is free);
//! see `Emitter::choose_order`. A dense store `mem[lane + c]` whose lanes run past
//! either end of the buffer (`c < 0`: the stencil adjoint's `x_bar[c - nx] += ..`)
//! is a `pad` with negative edges, which drops exactly the updates a scatter drops.
//!
//! What XLA cannot report (documented, as the interpreters do report them): an active
//! out-of-bounds access (gathers clamp, scatters drop) and integer division by zero (XLA
//! gives a defined value). Arithmetic matches [`frontend::interp::semantics`]: integers
//! wrap, unsigned ops go through unsigned types, shifts by >= width give 0 / the sign
//! fill, `fmin`/`fmax` ignore NaN and order -0 < +0, float -> int conversions truncate
//! and saturate with NaN -> 0, f16/bf16 arithmetic is done in f32 and rounded once.
//! Transcendental functions use XLA's implementations (not bit-identical to libm); XLA's
//! CPU runtime flushes subnormal floats to zero (CUDA without `-ftz` keeps them); `fma`
//! is computed in f64 and rounded (exact for f32 except on rare double-rounding ties).

mod affine;
mod emit;

pub use emit::{emit_module, emit_program};

use parallel_ir::ir::Kernel;
use runtime::ElementType;

/// A spec buffer: name, element type, shape.
#[derive(Clone, Debug)]
pub struct Buffer {
    pub name: String,
    pub element: ElementType,
    pub shape: Vec<i64>,
}

/// A bound kernel argument.
#[derive(Clone, Copy, Debug)]
pub enum Arg {
    /// A scalar's bits (zero-extended from the parameter's width; floats as IEEE bits).
    Scalar(u64),
    /// The base pointer of the spec buffer with this index.
    Buffer(usize),
}

/// One launch of a raised kernel.
#[derive(Clone, Debug)]
pub struct Launch<'a> {
    pub kernel: &'a Kernel,
    pub grid: [u32; 3],
    pub block: [u32; 3],
    pub dynamic_shared_bytes: u64,
    pub args: Vec<Arg>,
}

/// One step of a [`Program`].
#[derive(Clone, Debug)]
pub enum Step<'a> {
    /// Run a launch; its [`Arg::Buffer`] indices name slots.
    Launch(Launch<'a>),
    /// Remember the current values of `slots` under `name` (replacing an older snapshot
    /// of that name).
    Save {
        name: String,
        slots: std::ops::Range<usize>,
    },
    /// Set slots `start`, `start + 1`, ... to the entries of snapshot `name` (each must
    /// have the slot's element type and length).
    Restore { name: String, start: usize },
    /// Set a slot to zeros.
    Zero(usize),
}

/// One result of a [`Program`]'s `@main`.
#[derive(Clone, Debug)]
pub enum Output {
    /// The final value of a slot.
    Slot(usize),
    /// Entry `index` of snapshot `name` (its type is that of the slot it was saved from).
    Saved { name: String, index: usize },
}

/// A straight-line program over tensor slots (see the module docs).
#[derive(Clone, Debug)]
pub struct Program<'a> {
    /// The slots: `@main`'s arguments, in order.
    pub slots: Vec<Buffer>,
    pub steps: Vec<Step<'a>>,
    /// `@main`'s results, in order.
    pub outputs: Vec<Output>,
}
