//! The operations of the kernel IR.
//!
//! Every instruction produces at most one value, whose type is stored with the value
//! (see [`super::ValueData`]). Semantics are CUDA's, made exact:
//! * integer arithmetic wraps at the result width; division by zero is an error in the
//!   interpreter (PTX leaves it unspecified);
//! * shift amounts of at least the width give 0 (logical) or the sign fill (arithmetic), as PTX;
//! * float -> int conversions round toward zero and saturate, NaN gives 0 (PTX `cvt.rzi`);
//! * `FMin`/`FMax` return the non-NaN operand when one is NaN (PTX `min.f32`, libdevice fminf);
//! * `PtrAdd` adds a byte offset (an `i64`) to a pointer, like an untyped GEP.

use super::{Block, FuncId, GlobalId, Value};

macro_rules! named_enum {
    ($(#[$meta:meta])* $name:ident { $($(#[$vmeta:meta])* $variant:ident => $text:literal),* $(,)? }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $name { $($(#[$vmeta])* $variant),* }
        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),*];
            pub fn name(self) -> &'static str {
                match self { $($name::$variant => $text),* }
            }
            pub fn parse(s: &str) -> Option<$name> {
                match s { $($text => Some($name::$variant),)* _ => None }
            }
        }
        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.name())
            }
        }
    };
}

named_enum!(
    /// One-operand operations. Integer ones: `Not`, `Neg`, `Abs`, `Clz`, `Popc`, `Brev`;
    /// the rest take and give floats of one type.
    UnaryOp {
        Not => "not",
        Neg => "neg",
        Abs => "abs",
        Clz => "clz",
        Popc => "popc",
        Brev => "brev",
        FNeg => "fneg",
        FAbs => "fabs",
        Sqrt => "sqrt",
        Rsqrt => "rsqrt",
        Rcp => "rcp",
        Exp => "exp",
        Exp2 => "exp2",
        Exp10 => "exp10",
        Expm1 => "expm1",
        Log => "log",
        Log2 => "log2",
        Log10 => "log10",
        Log1p => "log1p",
        Sin => "sin",
        Cos => "cos",
        Tan => "tan",
        Asin => "asin",
        Acos => "acos",
        Atan => "atan",
        Sinh => "sinh",
        Cosh => "cosh",
        Tanh => "tanh",
        Asinh => "asinh",
        Acosh => "acosh",
        Atanh => "atanh",
        Erf => "erf",
        Erfc => "erfc",
        Cbrt => "cbrt",
        Floor => "floor",
        Ceil => "ceil",
        Trunc => "trunc",
        /// Round half away from zero (C `round`).
        Round => "round",
        /// Round half to even (C `rint`, PTX `cvt.rni`).
        Rint => "rint",
        /// Clamp to [0, 1] (PTX `.sat`).
        Saturate => "saturate",
    }
);

impl UnaryOp {
    /// Operations on integers (the others are on floats).
    pub fn is_int(self) -> bool {
        matches!(
            self,
            UnaryOp::Not
                | UnaryOp::Neg
                | UnaryOp::Abs
                | UnaryOp::Clz
                | UnaryOp::Popc
                | UnaryOp::Brev
        )
    }
}

named_enum!(
    /// Two-operand operations; both operands and the result have one type, except that
    /// shifts take the amount in the same type as the value.
    BinaryOp {
        Add => "add",
        Sub => "sub",
        Mul => "mul",
        /// High half of the full product, signed / unsigned (PTX `mul.hi`).
        MulHiS => "mulhi.s",
        MulHiU => "mulhi.u",
        UDiv => "udiv",
        SDiv => "sdiv",
        URem => "urem",
        SRem => "srem",
        And => "and",
        Or => "or",
        Xor => "xor",
        Shl => "shl",
        LShr => "lshr",
        AShr => "ashr",
        SMin => "smin",
        SMax => "smax",
        UMin => "umin",
        UMax => "umax",
        FAdd => "fadd",
        FSub => "fsub",
        FMul => "fmul",
        FDiv => "fdiv",
        /// C `fmod`: result has the sign of the dividend.
        FRem => "frem",
        /// IEEE minNum / maxNum: a NaN operand is ignored.
        FMin => "fmin",
        FMax => "fmax",
        /// IEEE minimum / maximum: NaN propagates.
        FMinimum => "fminimum",
        FMaximum => "fmaximum",
        Pow => "pow",
        Atan2 => "atan2",
        CopySign => "copysign",
    }
);

impl BinaryOp {
    pub fn is_float(self) -> bool {
        matches!(
            self,
            BinaryOp::FAdd
                | BinaryOp::FSub
                | BinaryOp::FMul
                | BinaryOp::FDiv
                | BinaryOp::FRem
                | BinaryOp::FMin
                | BinaryOp::FMax
                | BinaryOp::FMinimum
                | BinaryOp::FMaximum
                | BinaryOp::Pow
                | BinaryOp::Atan2
                | BinaryOp::CopySign
        )
    }
    pub fn is_commutative(self) -> bool {
        matches!(
            self,
            BinaryOp::Add
                | BinaryOp::Mul
                | BinaryOp::MulHiS
                | BinaryOp::MulHiU
                | BinaryOp::And
                | BinaryOp::Or
                | BinaryOp::Xor
                | BinaryOp::SMin
                | BinaryOp::SMax
                | BinaryOp::UMin
                | BinaryOp::UMax
                | BinaryOp::FAdd
                | BinaryOp::FMul
                | BinaryOp::FMin
                | BinaryOp::FMax
                | BinaryOp::FMinimum
                | BinaryOp::FMaximum
        )
    }
}

named_enum!(
    /// Integer comparisons (also valid on pointers).
    IntPredicate {
        Eq => "eq",
        Ne => "ne",
        Slt => "slt",
        Sle => "sle",
        Sgt => "sgt",
        Sge => "sge",
        Ult => "ult",
        Ule => "ule",
        Ugt => "ugt",
        Uge => "uge",
    }
);

named_enum!(
    /// Float comparisons: `O*` are false when either operand is NaN, `U*` are true.
    FloatPredicate {
        False => "false",
        Oeq => "oeq",
        One => "one",
        Olt => "olt",
        Ole => "ole",
        Ogt => "ogt",
        Oge => "oge",
        Ord => "ord",
        Ueq => "ueq",
        Une => "une",
        Ult => "ult",
        Ule => "ule",
        Ugt => "ugt",
        Uge => "uge",
        Uno => "uno",
        True => "true",
    }
);

named_enum!(
    /// Conversions; the result type is the type of the instruction's value.
    CastOp {
        Trunc => "trunc",
        ZExt => "zext",
        SExt => "sext",
        FpTrunc => "fptrunc",
        FpExt => "fpext",
        /// Round toward zero, saturating; NaN -> 0.
        FpToUi => "fptoui",
        FpToSi => "fptosi",
        UiToFp => "uitofp",
        SiToFp => "sitofp",
        /// Same-width reinterpretation (int <-> float of equal width).
        Bitcast => "bitcast",
        PtrToInt => "ptrtoint",
        IntToPtr => "inttoptr",
        /// Pointer from one address space to another (PTX `cvta`).
        AddrSpaceCast => "addrspacecast",
    }
);

named_enum!(
    /// Read-modify-write atomics; the instruction's value is the old memory contents.
    AtomicOp {
        Add => "add",
        FAdd => "fadd",
        Sub => "sub",
        And => "and",
        Or => "or",
        Xor => "xor",
        Exch => "exch",
        SMin => "smin",
        SMax => "smax",
        UMin => "umin",
        UMax => "umax",
        FMin => "fmin",
        FMax => "fmax",
        /// CUDA `atomicInc`: `old >= v ? 0 : old + 1` (unsigned).
        Inc => "inc",
        /// CUDA `atomicDec`: `(old == 0 || old > v) ? v : old - 1` (unsigned).
        Dec => "dec",
    }
);

named_enum!(
    /// Per-thread special registers; all are `i32`.
    SpecialReg {
        TidX => "tid.x",
        TidY => "tid.y",
        TidZ => "tid.z",
        NtidX => "ntid.x",
        NtidY => "ntid.y",
        NtidZ => "ntid.z",
        CtaidX => "ctaid.x",
        CtaidY => "ctaid.y",
        CtaidZ => "ctaid.z",
        NctaidX => "nctaid.x",
        NctaidY => "nctaid.y",
        NctaidZ => "nctaid.z",
        LaneId => "laneid",
        WarpSize => "warpsize",
    }
);

named_enum!(
    /// Warp shuffle modes (`shfl.sync.{idx,up,down,bfly}`).
    ShuffleMode {
        Idx => "idx",
        Up => "up",
        Down => "down",
        Bfly => "bfly",
    }
);

named_enum!(
    /// Warp votes: `All`/`Any`/`Uni` give `i1`, `Ballot` gives an `i32` mask.
    VoteMode {
        All => "all",
        Any => "any",
        Uni => "uni",
        Ballot => "ballot",
    }
);

named_enum!(
    /// Block-wide barriers: `Sync` is `__syncthreads`; the others also reduce a predicate
    /// over the block (`__syncthreads_count/and/or`) and give an `i32`.
    BarrierKind {
        Sync => "sync",
        Count => "count",
        And => "and",
        Or => "or",
    }
);

/// An operation and its operands. The result type, if any, is on the value.
#[derive(Clone, Debug, PartialEq)]
pub enum Op {
    /// A constant; `bits` holds the value's bit pattern (floats as their IEEE bits,
    /// zero-extended to 64 bits).
    Const {
        bits: u64,
    },
    /// The address of a module global (shared, const or global array).
    GlobalAddr(GlobalId),
    Unary(UnaryOp, Value),
    Binary(BinaryOp, Value, Value),
    /// `a * b + c` with one rounding (floats).
    Fma(Value, Value, Value),
    ICmp(IntPredicate, Value, Value),
    FCmp(FloatPredicate, Value, Value),
    Select {
        cond: Value,
        if_true: Value,
        if_false: Value,
    },
    Cast(CastOp, Value),
    /// Pointer plus a byte offset (`i64`); result has the pointer's type.
    PtrAdd {
        ptr: Value,
        offset: Value,
    },
    /// Load a value of the result's type.
    Load {
        ptr: Value,
    },
    Store {
        ptr: Value,
        value: Value,
    },
    /// Atomic read-modify-write; gives the old value.
    Atomic {
        op: AtomicOp,
        ptr: Value,
        value: Value,
    },
    /// Atomic compare-and-swap; gives the old value.
    AtomicCas {
        ptr: Value,
        expected: Value,
        new: Value,
    },
    /// Block-wide barrier. `pred` is present for the reducing kinds.
    Barrier {
        kind: BarrierKind,
        pred: Option<Value>,
    },
    /// Memory fence (`__threadfence*`, `membar`): orders memory; no effect in a sequential
    /// interpreter.
    Fence,
    Special(SpecialReg),
    /// `__shfl*_sync(mask, value, lane_or_delta, width)`; `clamp` is PTX's c operand.
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
    /// Call a device function of the module.
    Call {
        callee: FuncId,
        args: Vec<Value>,
    },
    /// Per-thread stack memory (`alloca`, PTX `.local`); gives a `ptr.local`.
    Alloca {
        bytes: u64,
        align: u64,
    },
    /// Copy `len` bytes (`i64`) from `src` to `dst` (non-overlapping).
    Memcpy {
        dst: Value,
        src: Value,
        len: Value,
    },
    /// Set `len` bytes at `dst` to the low byte of `byte` (an `i8`).
    Memset {
        dst: Value,
        byte: Value,
        len: Value,
    },
}

/// The ops the kernel IR and the parallel IR have in common, with the same operands:
/// pure value ops and the block/warp collectives. Both IRs view their ops through it
/// ([`Op::common`], `parallel_ir`'s `OpKind::common`) so that the typing rules
/// ([`crate::ir::verify::check_common`]) and the meaning
/// ([`crate::interp::model::eval_value`], [`crate::interp::model::run_block`])
/// of these ops are written once.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum CommonOp {
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
    PtrAdd {
        ptr: Value,
        offset: Value,
    },
    Barrier {
        kind: BarrierKind,
        pred: Option<Value>,
    },
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
}

impl Op {
    /// The op as a [`CommonOp`], if it is one.
    pub fn common(&self) -> Option<CommonOp> {
        Some(match *self {
            Op::Const { bits } => CommonOp::Const { bits },
            Op::Unary(u, a) => CommonOp::Unary(u, a),
            Op::Binary(b, x, y) => CommonOp::Binary(b, x, y),
            Op::Fma(a, b, c) => CommonOp::Fma(a, b, c),
            Op::ICmp(p, a, b) => CommonOp::ICmp(p, a, b),
            Op::FCmp(p, a, b) => CommonOp::FCmp(p, a, b),
            Op::Select {
                cond,
                if_true,
                if_false,
            } => CommonOp::Select {
                cond,
                if_true,
                if_false,
            },
            Op::Cast(c, a) => CommonOp::Cast(c, a),
            Op::PtrAdd { ptr, offset } => CommonOp::PtrAdd { ptr, offset },
            Op::Barrier { kind, pred } => CommonOp::Barrier { kind, pred },
            Op::Shuffle {
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
            Op::Vote { mode, mask, pred } => CommonOp::Vote { mode, mask, pred },
            _ => return None,
        })
    }

    /// Every value operand, in order.
    pub fn operands(&self) -> Vec<Value> {
        match self {
            Op::Const { .. }
            | Op::GlobalAddr(_)
            | Op::Fence
            | Op::Special(_)
            | Op::Alloca { .. } => {
                vec![]
            }
            Op::Unary(_, a) | Op::Cast(_, a) | Op::Load { ptr: a } => vec![*a],
            Op::Binary(_, a, b)
            | Op::ICmp(_, a, b)
            | Op::FCmp(_, a, b)
            | Op::PtrAdd { ptr: a, offset: b }
            | Op::Store { ptr: a, value: b }
            | Op::Atomic {
                ptr: a, value: b, ..
            } => vec![*a, *b],
            Op::Fma(a, b, c)
            | Op::Select {
                cond: a,
                if_true: b,
                if_false: c,
            }
            | Op::AtomicCas {
                ptr: a,
                expected: b,
                new: c,
            }
            | Op::Memcpy {
                dst: a,
                src: b,
                len: c,
            }
            | Op::Memset {
                dst: a,
                byte: b,
                len: c,
            } => vec![*a, *b, *c],
            Op::Barrier { pred, .. } => pred.iter().copied().collect(),
            Op::Shuffle {
                mask,
                value,
                lane,
                clamp,
                ..
            } => vec![*mask, *value, *lane, *clamp],
            Op::Vote { mask, pred, .. } => vec![*mask, *pred],
            Op::Call { args, .. } => args.clone(),
        }
    }

    /// Rewrite every value operand in place.
    pub fn map_operands(&mut self, mut f: impl FnMut(Value) -> Value) {
        match self {
            Op::Const { .. }
            | Op::GlobalAddr(_)
            | Op::Fence
            | Op::Special(_)
            | Op::Alloca { .. } => {}
            Op::Unary(_, a) | Op::Cast(_, a) | Op::Load { ptr: a } => *a = f(*a),
            Op::Binary(_, a, b)
            | Op::ICmp(_, a, b)
            | Op::FCmp(_, a, b)
            | Op::PtrAdd { ptr: a, offset: b }
            | Op::Store { ptr: a, value: b }
            | Op::Atomic {
                ptr: a, value: b, ..
            } => {
                *a = f(*a);
                *b = f(*b);
            }
            Op::Fma(a, b, c)
            | Op::Select {
                cond: a,
                if_true: b,
                if_false: c,
            }
            | Op::AtomicCas {
                ptr: a,
                expected: b,
                new: c,
            }
            | Op::Memcpy {
                dst: a,
                src: b,
                len: c,
            }
            | Op::Memset {
                dst: a,
                byte: b,
                len: c,
            } => {
                *a = f(*a);
                *b = f(*b);
                *c = f(*c);
            }
            Op::Barrier { pred, .. } => {
                if let Some(p) = pred {
                    *p = f(*p);
                }
            }
            Op::Shuffle {
                mask,
                value,
                lane,
                clamp,
                ..
            } => {
                *mask = f(*mask);
                *value = f(*value);
                *lane = f(*lane);
                *clamp = f(*clamp);
            }
            Op::Vote { mask, pred, .. } => {
                *mask = f(*mask);
                *pred = f(*pred);
            }
            Op::Call { args, .. } => {
                for a in args {
                    *a = f(*a);
                }
            }
        }
    }

    /// Whether the op reads or writes memory, synchronizes, or calls (and so must not be
    /// removed, duplicated or reordered freely).
    pub fn has_side_effects(&self) -> bool {
        matches!(
            self,
            Op::Store { .. }
                | Op::Atomic { .. }
                | Op::AtomicCas { .. }
                | Op::Barrier { .. }
                | Op::Fence
                | Op::Shuffle { .. }
                | Op::Vote { .. }
                | Op::Call { .. }
                | Op::Memcpy { .. }
                | Op::Memset { .. }
        )
    }

    /// Whether the op reads memory.
    pub fn reads_memory(&self) -> bool {
        matches!(
            self,
            Op::Load { .. }
                | Op::Atomic { .. }
                | Op::AtomicCas { .. }
                | Op::Memcpy { .. }
                | Op::Call { .. }
        )
    }
}

/// A jump to a block with arguments for its parameters.
#[derive(Clone, Debug, PartialEq)]
pub struct BlockCall {
    pub block: Block,
    pub args: Vec<Value>,
}

impl BlockCall {
    pub fn new(block: Block, args: Vec<Value>) -> Self {
        BlockCall { block, args }
    }
    pub fn plain(block: Block) -> Self {
        BlockCall {
            block,
            args: Vec::new(),
        }
    }
}

/// How a block ends.
#[derive(Clone, Debug, PartialEq)]
pub enum Terminator {
    Br(BlockCall),
    CondBr {
        cond: Value,
        if_true: BlockCall,
        if_false: BlockCall,
    },
    /// Integer switch; `cases` values are compared as bit patterns of `value`'s type.
    Switch {
        value: Value,
        cases: Vec<(u64, BlockCall)>,
        default: BlockCall,
    },
    Ret(Option<Value>),
    /// Reaching it is an error (LLVM `unreachable`).
    Unreachable,
    /// Abort the kernel (`__trap`, PTX `trap`).
    Trap,
}

impl Terminator {
    pub fn successors(&self) -> Vec<&BlockCall> {
        match self {
            Terminator::Br(call) => vec![call],
            Terminator::CondBr {
                if_true, if_false, ..
            } => vec![if_true, if_false],
            Terminator::Switch { cases, default, .. } => {
                let mut out: Vec<&BlockCall> = cases.iter().map(|(_, c)| c).collect();
                out.push(default);
                out
            }
            Terminator::Ret(_) | Terminator::Unreachable | Terminator::Trap => vec![],
        }
    }
    pub fn successors_mut(&mut self) -> Vec<&mut BlockCall> {
        match self {
            Terminator::Br(call) => vec![call],
            Terminator::CondBr {
                if_true, if_false, ..
            } => vec![if_true, if_false],
            Terminator::Switch { cases, default, .. } => {
                let mut out: Vec<&mut BlockCall> = cases.iter_mut().map(|(_, c)| c).collect();
                out.push(default);
                out
            }
            Terminator::Ret(_) | Terminator::Unreachable | Terminator::Trap => vec![],
        }
    }
    /// Values the terminator itself uses (not counting block arguments).
    pub fn own_operands(&self) -> Vec<Value> {
        match self {
            Terminator::CondBr { cond, .. } => vec![*cond],
            Terminator::Switch { value, .. } => vec![*value],
            Terminator::Ret(Some(v)) => vec![*v],
            _ => vec![],
        }
    }
}
