//! The structured parallel IR: one [`Kernel`] per raised `__global__` function.
//!
//! A kernel body is a tree of [`Region`]s. Its top region holds one
//! [`OpKind::Parallel`] over the grid (`Level::Grid`, region arguments: the block
//! index x, y, z as `i32`); inside it the block's shared allocations
//! ([`OpKind::SharedAlloc`]) and one `Parallel` over the block's threads
//! (`Level::Block`, region arguments: the thread index x, y, z). Control flow is
//! structured: `For` (counted, with loop-carried values), `While` (before/after regions,
//! as `scf.while`), `If` (with results); every region ends in a terminator
//! (`Yield`, or `Condition` for a `While`'s before-region).
//!
//! Values and ops live in per-kernel arenas (Cranelift style). Value-level operations
//! reuse the kernel IR's operator enums so that both interpreters share one definition
//! of what an `fadd` or an `fptosi` means ([`frontend::interp::semantics`]).
//!
//! Memory accesses name their *root* (a kernel pointer parameter, a shared or local
//! allocation, a module global) and a byte offset, recovered from the kernel IR's
//! pointer arithmetic. Pointers whose root cannot be determined statically (a pointer
//! loaded from memory, a select between two buffers) stay as [`Addr::Dynamic`].
//!
//! A `Barrier` is an ordinary op whose memory effects are the union of the accesses of
//! the enclosing thread-parallel region before and after it (see `effects`), so passes
//! that respect memory effects never move a load or store across it.

pub use frontend::ir::{
    AtomicOp, BarrierKind, BinaryOp, CastOp, CommonOp, FloatPredicate, GlobalId, IntPredicate,
    ShuffleMode, SrcLoc, Type, UnaryOp, Value, VoteMode,
};

/// An op of a kernel (index into [`Kernel::ops`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OpId(pub u32);

/// A shared-memory allocation of a kernel (index into [`Kernel::shared`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SharedId(pub u32);

/// A per-thread allocation of a kernel (index into [`Kernel::locals`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LocalId(pub u32);

impl OpId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}
impl SharedId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}
impl LocalId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// The level of a parallel loop: over the blocks of the grid or the threads of a block.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    Grid,
    Block,
}

/// Launch dimensions, known only when a launch is bound (uniform symbols of the kernel).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dim {
    /// `blockDim.{x,y,z}` (0, 1, 2).
    BlockDim(u8),
    /// `gridDim.{x,y,z}`.
    GridDim(u8),
    /// The dynamic shared-memory size in bytes of the launch.
    DynamicSharedBytes,
}

/// Where an access points into.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MemRoot {
    /// The buffer bound to the kernel's n-th parameter (a pointer parameter).
    Param(u32),
    /// A block's shared allocation.
    Shared(SharedId),
    /// A thread's private allocation.
    Local(LocalId),
    /// A module global (`__constant__` or `__device__` data) of the source module.
    Global(GlobalId),
}

/// The address of an access.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Addr {
    /// `root + offset` bytes; `offset` is an `i64` value.
    Root { root: MemRoot, offset: Value },
    /// A pointer value whose root is not known statically.
    Dynamic(Value),
}

/// A shared allocation, scoped to one block (fresh, zero-initialised storage per block).
#[derive(Clone, Debug, PartialEq)]
pub struct SharedAlloc {
    pub name: String,
    /// Static size in bytes; for `dynamic` the size is the launch's `shared_bytes`.
    pub bytes: u64,
    pub align: u64,
    /// `extern __shared__`: sized at launch.
    pub dynamic: bool,
}

/// A per-thread allocation (`alloca`, PTX `.local`).
#[derive(Clone, Debug, PartialEq)]
pub struct LocalAlloc {
    pub bytes: u64,
    pub align: u64,
}

/// A region: block arguments and a list of ops, the last of which is a terminator.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Region {
    pub args: Vec<Value>,
    pub ops: Vec<OpId>,
}

/// An operation. Results are on [`OpData::results`].
#[derive(Clone, Debug, PartialEq)]
pub enum OpKind {
    // ---- values ----
    /// A constant of the result's type; `bits` as in the kernel IR.
    Const {
        bits: u64,
    },
    Unary(UnaryOp, Value),
    Binary(BinaryOp, Value, Value),
    Fma(Value, Value, Value),
    ICmp(IntPredicate, Value, Value),
    FCmp(FloatPredicate, Value, Value),
    Select {
        cond: Value,
        if_true: Value,
        if_false: Value,
    },
    Cast(CastOp, Value),
    /// A launch dimension (`i32`; `DynamicSharedBytes` is `i64`).
    Dim(Dim),
    /// The lane index within the warp (`i32`): linear thread index mod 32.
    LaneId,
    /// The base pointer of a root, for pointers that escape into values (stored, compared,
    /// passed through a select).
    RootAddr(MemRoot),
    /// Pointer plus a byte offset (`i64`), for [`Addr::Dynamic`] pointers.
    PtrAdd {
        ptr: Value,
        offset: Value,
    },

    // ---- memory ----
    /// Load a value of the result's type.
    Load {
        addr: Addr,
    },
    Store {
        addr: Addr,
        value: Value,
    },
    /// Atomic read-modify-write; gives the old value.
    Atomic {
        op: AtomicOp,
        addr: Addr,
        value: Value,
    },
    AtomicCas {
        addr: Addr,
        expected: Value,
        new: Value,
    },
    /// Copy `len` (`i64`) bytes.
    Memcpy {
        dst: Addr,
        src: Addr,
        len: Value,
    },
    /// Set `len` bytes to the low byte of `byte` (`i8`).
    Memset {
        dst: Addr,
        byte: Value,
        len: Value,
    },
    /// Introduce a block's shared allocation (in a grid-parallel region, before the
    /// thread-parallel op).
    SharedAlloc(SharedId),
    /// Introduce a thread's private allocation (in a thread-parallel region).
    LocalAlloc(LocalId),

    // ---- synchronisation and warps ----
    /// Block-wide barrier; `pred` for the reducing kinds (result `i32`).
    Barrier {
        kind: BarrierKind,
        pred: Option<Value>,
    },
    Fence,
    Shuffle {
        mode: ShuffleMode,
        mask: Value,
        value: Value,
        lane: Value,
        clamp: Value,
    },
    Vote {
        mode: VoteMode,
        mask: Value,
        pred: Value,
    },
    /// Abort the kernel.
    Trap,

    // ---- structure ----
    /// A parallel loop over the grid's blocks or a block's threads. The body's three
    /// arguments are the `i32` index x, y, z; the extents are the launch dimensions.
    Parallel {
        level: Level,
        body: Region,
    },
    /// `for iv = lower; iv < upper (signed); iv += step` with carried values: the body's
    /// arguments are `iv` then the carried values; its `Yield` gives the next carried
    /// values; the op's results are the final ones. `step` is positive.
    For {
        lower: Value,
        upper: Value,
        step: Value,
        inits: Vec<Value>,
        body: Region,
    },
    /// `scf.while`: `before` (arguments: the carried values) ends in `Condition`; when true
    /// its args flow to `after` (which ends in `Yield` of the next carried values), when
    /// false they become the op's results.
    While {
        inits: Vec<Value>,
        before: Region,
        after: Region,
    },
    /// Both regions end in `Yield` of the results.
    If {
        cond: Value,
        then_region: Region,
        else_region: Region,
    },
    /// Terminator of `For`, `While.after`, `If` and `Parallel` regions (the latter empty).
    Yield(Vec<Value>),
    /// Terminator of a `While.before` region.
    Condition {
        cond: Value,
        args: Vec<Value>,
    },
}

#[derive(Clone, Debug, PartialEq)]
pub struct OpData {
    pub kind: OpKind,
    pub results: Vec<Value>,
    /// Source position of the kernel-IR instruction it came from, when known.
    pub loc: Option<SrcLoc>,
}

/// What defines a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueDef {
    /// The n-th kernel parameter.
    Param(u32),
    /// The n-th result of an op.
    Result(OpId, u32),
    /// The n-th argument of a region of an op (region 0, 1 in op order: `While` before
    /// and after, `If` then and else).
    RegionArg { op: OpId, region: u8, index: u32 },
}

#[derive(Clone, Debug, PartialEq)]
pub struct ValueData {
    pub ty: Type,
    pub def: ValueDef,
}

/// A raised kernel.
#[derive(Clone, Debug, PartialEq)]
pub struct Kernel {
    /// The symbol name of the source kernel.
    pub name: String,
    pub display_name: String,
    /// The kernel's parameters (as in the kernel IR: same count, order and types).
    pub params: Vec<Value>,
    pub param_names: Vec<Option<String>>,
    pub values: Vec<ValueData>,
    pub ops: Vec<OpData>,
    pub shared: Vec<SharedAlloc>,
    pub locals: Vec<LocalAlloc>,
    /// The top region (no arguments): uniform code, then the grid `Parallel`, then `Yield`.
    pub body: Region,
    /// `Atomic` ops on global memory (a parameter's buffer or a module global) whose
    /// possible conflicts all lie within the executing block: every byte such an atomic
    /// touches is accessed, by any op of the kernel, only by threads of the block that
    /// executes it (proven for one launch by `autodiff::blocklocal`). A backend that runs
    /// each block's threads one after another on one OS thread may lower them as plain
    /// read-modify-writes; every other consumer treats them as ordinary atomics (always
    /// right). A pass that changes which block executes an access must clear the set; ops
    /// copied into new ids are not in it (conservative).
    pub block_local_atomics: std::collections::BTreeSet<OpId>,
}

impl Addr {
    /// The values the address uses.
    pub fn operands(&self) -> [Value; 1] {
        match *self {
            Addr::Root { offset, .. } => [offset],
            Addr::Dynamic(ptr) => [ptr],
        }
    }
    pub fn operand_mut(&mut self) -> &mut Value {
        match self {
            Addr::Root { offset, .. } => offset,
            Addr::Dynamic(ptr) => ptr,
        }
    }
}

impl OpKind {
    /// The op as a [`CommonOp`] (an op the kernel IR has too, with the same operands), if
    /// it is one: both IRs' verifiers and interpreters treat these through one definition.
    pub fn common(&self) -> Option<CommonOp> {
        Some(match *self {
            OpKind::Const { bits } => CommonOp::Const { bits },
            OpKind::Unary(u, a) => CommonOp::Unary(u, a),
            OpKind::Binary(b, x, y) => CommonOp::Binary(b, x, y),
            OpKind::Fma(a, b, c) => CommonOp::Fma(a, b, c),
            OpKind::ICmp(p, a, b) => CommonOp::ICmp(p, a, b),
            OpKind::FCmp(p, a, b) => CommonOp::FCmp(p, a, b),
            OpKind::Select {
                cond,
                if_true,
                if_false,
            } => CommonOp::Select {
                cond,
                if_true,
                if_false,
            },
            OpKind::Cast(c, a) => CommonOp::Cast(c, a),
            OpKind::PtrAdd { ptr, offset } => CommonOp::PtrAdd { ptr, offset },
            OpKind::Barrier { kind, pred } => CommonOp::Barrier { kind, pred },
            OpKind::Shuffle {
                mode,
                mask,
                value,
                lane,
                clamp,
            } => CommonOp::Shuffle {
                mode,
                mask,
                value,
                lane,
                clamp,
            },
            OpKind::Vote { mode, mask, pred } => CommonOp::Vote { mode, mask, pred },
            _ => return None,
        })
    }

    /// Every value operand of the op itself (not of ops nested in its regions), in order.
    pub fn operands(&self) -> Vec<Value> {
        let mut out = Vec::new();
        self.for_each_operand(|v| out.push(v));
        out
    }

    /// Visit every value operand (not those nested in regions).
    pub fn for_each_operand(&self, mut f: impl FnMut(Value)) {
        let mut kind = self.clone();
        kind.for_each_operand_mut(|v| f(*v));
    }

    /// Visit every value operand mutably (not those nested in regions).
    pub fn for_each_operand_mut(&mut self, mut f: impl FnMut(&mut Value)) {
        match self {
            OpKind::Const { .. }
            | OpKind::Dim(_)
            | OpKind::LaneId
            | OpKind::RootAddr(_)
            | OpKind::SharedAlloc(_)
            | OpKind::LocalAlloc(_)
            | OpKind::Fence
            | OpKind::Trap
            | OpKind::Parallel { .. } => {}
            OpKind::Unary(_, a) | OpKind::Cast(_, a) => f(a),
            OpKind::Binary(_, a, b) | OpKind::ICmp(_, a, b) | OpKind::FCmp(_, a, b) => {
                f(a);
                f(b)
            }
            OpKind::Fma(a, b, c) => {
                f(a);
                f(b);
                f(c)
            }
            OpKind::Select {
                cond,
                if_true,
                if_false,
            } => {
                f(cond);
                f(if_true);
                f(if_false)
            }
            OpKind::PtrAdd { ptr, offset } => {
                f(ptr);
                f(offset)
            }
            OpKind::Load { addr } => f(addr.operand_mut()),
            OpKind::Store { addr, value } | OpKind::Atomic { addr, value, .. } => {
                f(addr.operand_mut());
                f(value)
            }
            OpKind::AtomicCas {
                addr,
                expected,
                new,
            } => {
                f(addr.operand_mut());
                f(expected);
                f(new)
            }
            OpKind::Memcpy { dst, src, len } => {
                f(dst.operand_mut());
                f(src.operand_mut());
                f(len)
            }
            OpKind::Memset { dst, byte, len } => {
                f(dst.operand_mut());
                f(byte);
                f(len)
            }
            OpKind::Barrier { pred, .. } => {
                if let Some(p) = pred {
                    f(p)
                }
            }
            OpKind::Shuffle {
                mask,
                value,
                lane,
                clamp,
                ..
            } => {
                f(mask);
                f(value);
                f(lane);
                f(clamp)
            }
            OpKind::Vote { mask, pred, .. } => {
                f(mask);
                f(pred)
            }
            OpKind::For {
                lower,
                upper,
                step,
                inits,
                ..
            } => {
                f(lower);
                f(upper);
                f(step);
                inits.iter_mut().for_each(f)
            }
            OpKind::While { inits, .. } => inits.iter_mut().for_each(f),
            OpKind::If { cond, .. } => f(cond),
            OpKind::Yield(vals) => vals.iter_mut().for_each(f),
            OpKind::Condition { cond, args } => {
                f(cond);
                args.iter_mut().for_each(f)
            }
        }
    }

    /// The op's regions, in order (region 0, 1, ...).
    pub fn regions(&self) -> Vec<&Region> {
        match self {
            OpKind::Parallel { body, .. } | OpKind::For { body, .. } => vec![body],
            OpKind::While { before, after, .. } => vec![before, after],
            OpKind::If {
                then_region,
                else_region,
                ..
            } => vec![then_region, else_region],
            _ => Vec::new(),
        }
    }

    pub fn regions_mut(&mut self) -> Vec<&mut Region> {
        match self {
            OpKind::Parallel { body, .. } | OpKind::For { body, .. } => vec![body],
            OpKind::While { before, after, .. } => vec![before, after],
            OpKind::If {
                then_region,
                else_region,
                ..
            } => vec![then_region, else_region],
            _ => Vec::new(),
        }
    }

    pub fn is_terminator(&self) -> bool {
        matches!(self, OpKind::Yield(_) | OpKind::Condition { .. })
    }

    /// Ops that read or write memory (or synchronise): never reordered across each other
    /// unless an analysis proves it legal.
    pub fn touches_memory(&self) -> bool {
        matches!(
            self,
            OpKind::Load { .. }
                | OpKind::Store { .. }
                | OpKind::Atomic { .. }
                | OpKind::AtomicCas { .. }
                | OpKind::Memcpy { .. }
                | OpKind::Memset { .. }
                | OpKind::Barrier { .. }
                | OpKind::Fence
                | OpKind::Shuffle { .. }
                | OpKind::Vote { .. }
                | OpKind::Trap
        )
    }
}

impl Kernel {
    pub fn new(name: impl Into<String>, display_name: impl Into<String>) -> Self {
        Kernel {
            name: name.into(),
            display_name: display_name.into(),
            params: Vec::new(),
            param_names: Vec::new(),
            values: Vec::new(),
            ops: Vec::new(),
            shared: Vec::new(),
            locals: Vec::new(),
            body: Region::default(),
            block_local_atomics: std::collections::BTreeSet::new(),
        }
    }

    fn new_value(&mut self, ty: Type, def: ValueDef) -> Value {
        let v = Value(self.values.len() as u32);
        self.values.push(ValueData { ty, def });
        v
    }

    pub fn add_param(&mut self, ty: Type, name: Option<String>) -> Value {
        let v = self.new_value(ty, ValueDef::Param(self.params.len() as u32));
        self.params.push(v);
        self.param_names.push(name);
        v
    }

    /// Create an op (not yet placed in any region) with results of the given types.
    pub fn create_op(&mut self, kind: OpKind, result_types: &[Type], loc: Option<SrcLoc>) -> OpId {
        let id = OpId(self.ops.len() as u32);
        self.ops.push(OpData {
            kind,
            results: Vec::new(),
            loc,
        });
        for &ty in result_types {
            self.add_result(id, ty);
        }
        id
    }

    /// Append a result of type `ty` to `op`.
    pub fn add_result(&mut self, op: OpId, ty: Type) -> Value {
        let index = self.ops[op.index()].results.len() as u32;
        let v = self.new_value(ty, ValueDef::Result(op, index));
        self.ops[op.index()].results.push(v);
        v
    }

    /// A new value defined as argument `index` of region `region` of `op`; the caller
    /// puts it into that region's `args` at position `index`. (Regions can be built before
    /// the op's kind is final: create the op with a placeholder kind such as
    /// `OpKind::Yield(vec![])`, make its region arguments, build the regions, then set
    /// `op_mut(op).kind`.)
    pub fn new_region_arg(&mut self, op: OpId, region: u8, index: u32, ty: Type) -> Value {
        self.new_value(ty, ValueDef::RegionArg { op, region, index })
    }

    pub fn op(&self, id: OpId) -> &OpData {
        &self.ops[id.index()]
    }

    pub fn op_mut(&mut self, id: OpId) -> &mut OpData {
        &mut self.ops[id.index()]
    }

    pub fn value_type(&self, v: Value) -> Type {
        self.values[v.index()].ty
    }

    pub fn value_def(&self, v: Value) -> ValueDef {
        self.values[v.index()].def
    }

    /// The single result of `op`, if it has exactly one.
    pub fn result(&self, op: OpId) -> Option<Value> {
        match self.ops[op.index()].results.as_slice() {
            [v] => Some(*v),
            _ => None,
        }
    }
}
