//! The syntax tree of a PTX module, as the parser produces it.
//!
//! Names declared inside a function (registers, `.param`/`.local`/`.shared` variables,
//! the function's own parameters) are resolved by the parser into [`VarId`]s, honouring
//! the nesting of `{ }` scopes; module-level names (globals, functions) and labels stay
//! text and are resolved by the lifter.

use crate::ir::SrcLoc;

/// A PTX data type (instruction suffix or declaration type).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PTy {
    Pred,
    B8,
    B16,
    B32,
    B64,
    B128,
    U8,
    U16,
    U32,
    U64,
    S8,
    S16,
    S32,
    S64,
    F16,
    F16x2,
    BF16,
    BF16x2,
    F32,
    F64,
}

impl PTy {
    pub fn parse(s: &str) -> Option<PTy> {
        Some(match s {
            "pred" => PTy::Pred,
            "b8" => PTy::B8,
            "b16" => PTy::B16,
            "b32" => PTy::B32,
            "b64" => PTy::B64,
            "b128" => PTy::B128,
            "u8" => PTy::U8,
            "u16" => PTy::U16,
            "u32" => PTy::U32,
            "u64" => PTy::U64,
            "s8" => PTy::S8,
            "s16" => PTy::S16,
            "s32" => PTy::S32,
            "s64" => PTy::S64,
            "f16" => PTy::F16,
            "f16x2" => PTy::F16x2,
            "bf16" => PTy::BF16,
            "bf16x2" => PTy::BF16x2,
            "f32" => PTy::F32,
            "f64" => PTy::F64,
            _ => return None,
        })
    }
    pub fn name(self) -> &'static str {
        match self {
            PTy::Pred => "pred",
            PTy::B8 => "b8",
            PTy::B16 => "b16",
            PTy::B32 => "b32",
            PTy::B64 => "b64",
            PTy::B128 => "b128",
            PTy::U8 => "u8",
            PTy::U16 => "u16",
            PTy::U32 => "u32",
            PTy::U64 => "u64",
            PTy::S8 => "s8",
            PTy::S16 => "s16",
            PTy::S32 => "s32",
            PTy::S64 => "s64",
            PTy::F16 => "f16",
            PTy::F16x2 => "f16x2",
            PTy::BF16 => "bf16",
            PTy::BF16x2 => "bf16x2",
            PTy::F32 => "f32",
            PTy::F64 => "f64",
        }
    }
    pub fn bits(self) -> u32 {
        match self {
            PTy::Pred => 1,
            PTy::B8 | PTy::U8 | PTy::S8 => 8,
            PTy::B16 | PTy::U16 | PTy::S16 | PTy::F16 | PTy::BF16 => 16,
            PTy::B32 | PTy::U32 | PTy::S32 | PTy::F32 | PTy::F16x2 | PTy::BF16x2 => 32,
            PTy::B64 | PTy::U64 | PTy::S64 | PTy::F64 => 64,
            PTy::B128 => 128,
        }
    }
    /// Size in memory.
    pub fn bytes(self) -> u64 {
        match self {
            PTy::Pred => 1,
            t => u64::from(t.bits() / 8),
        }
    }
    pub fn is_signed(self) -> bool {
        matches!(self, PTy::S8 | PTy::S16 | PTy::S32 | PTy::S64)
    }
    /// Scalar floating-point types (not the packed `x2` ones).
    pub fn is_float(self) -> bool {
        matches!(self, PTy::F16 | PTy::BF16 | PTy::F32 | PTy::F64)
    }
    pub fn is_packed(self) -> bool {
        matches!(self, PTy::F16x2 | PTy::BF16x2)
    }
}

pub type VarId = u32;

/// A declaration of a `.param`/`.global`/`.const`/`.shared`/`.local` variable.
#[derive(Clone, Debug, PartialEq)]
pub struct VarDecl<'a> {
    pub name: &'a str,
    pub space: Space,
    pub align: Option<u64>,
    pub ty: PTy,
    /// `.v2`/`.v4` element count (1 when scalar).
    pub vec: u32,
    /// Array dimensions; `None` for `[]`.
    pub dims: Vec<Option<u64>>,
    pub init: Option<Vec<InitVal<'a>>>,
    pub linkage: Linkage,
    /// `.ptr` attribute of a kernel parameter (`.ptr .global .align 16`): the space it
    /// points into (`Generic` when none is given).
    pub ptr_space: Option<Space>,
    pub loc: SrcLoc,
}

impl VarDecl<'_> {
    /// Whether it was declared with array dimensions.
    pub fn is_array(&self) -> bool {
        !self.dims.is_empty()
    }
    /// Size in bytes, `None` for unsized arrays or on overflow.
    pub fn bytes(&self) -> Option<u64> {
        let mut n = self.ty.bytes().checked_mul(u64::from(self.vec))?;
        for d in &self.dims {
            n = n.checked_mul((*d)?)?;
        }
        Some(n)
    }
    pub fn alignment(&self) -> u64 {
        self.align
            .unwrap_or_else(|| self.ty.bytes() * u64::from(self.vec))
            .max(1)
    }
}

/// One element of an initializer, flattened in row-major order.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum InitVal<'a> {
    Int(u64),
    F32(u32),
    F64(u64),
    /// The address of a symbol (`generic(sym)` or `sym`), plus an offset.
    Addr(&'a str, i64),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Space {
    Reg,
    Global,
    Shared,
    Local,
    Const,
    Param,
    Generic,
}

impl Space {
    pub fn parse(s: &str) -> Option<Space> {
        Some(match s {
            "reg" => Space::Reg,
            "global" => Space::Global,
            "shared" | "shared::cta" => Space::Shared,
            "local" => Space::Local,
            "const" => Space::Const,
            "param" | "param::entry" | "param::func" => Space::Param,
            _ => return None,
        })
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Linkage {
    None,
    Visible,
    Weak,
    Extern,
    Common,
}

/// What a function-scoped name denotes.
#[derive(Clone, Debug, PartialEq)]
pub enum VarKind<'a> {
    /// A register of the given declared type.
    Reg(PTy),
    /// The n-th parameter of the function.
    Param(u32, VarDecl<'a>),
    /// The n-th return parameter of a `.func`.
    Ret(u32, VarDecl<'a>),
    /// A `.param` declared in the body (argument/return slot of a call sequence).
    Slot(VarDecl<'a>),
    /// A `.local` variable of the function.
    Local(VarDecl<'a>),
    /// A `.shared` (or other static) variable declared in the function body.
    Static(VarDecl<'a>),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Var<'a> {
    pub name: &'a str,
    pub kind: VarKind<'a>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum AddrBase<'a> {
    /// A register holding an address, or a function-scoped variable (by kind).
    Var(VarId),
    /// A module-level name.
    Sym(&'a str),
    /// An absolute address `[1024]`.
    Abs,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Operand<'a> {
    /// A function-scoped name: a register, or a variable / parameter (its address).
    Var(VarId),
    /// `!%p`.
    NotVar(VarId),
    /// `%p|%q` (two destinations).
    Pair(VarId, VarId),
    /// A special register (`%tid.x`, `%laneid`, ...).
    Special(&'a str),
    /// An integer immediate (two's complement for negative values).
    Int(u64),
    /// An `f32` immediate's bits.
    F32(u32),
    /// An `f64` immediate's bits (also decimal floating-point literals).
    F64(u64),
    /// A module-level name or label, with an offset.
    Sym(&'a str, i64),
    /// `[base+offset]`.
    Addr(AddrBase<'a>, i64),
    /// `{a, b, ...}`.
    Vec(Vec<Operand<'a>>),
    /// `(a, b, ...)` (call argument/return lists).
    List(Vec<Operand<'a>>),
    /// A bracketed list that is not a plain address (`[tex, {%r1, %r2}]`).
    Bracket(Vec<Operand<'a>>),
    /// `_`.
    Sink,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Instr<'a> {
    /// `@%p` (false) / `@!%p` (true).
    pub guard: Option<(VarId, bool)>,
    pub opcode: &'a str,
    pub mods: Vec<&'a str>,
    pub operands: Vec<Operand<'a>>,
    pub loc: SrcLoc,
    /// The scope the instruction is in (for label lookup).
    pub scope: u32,
    /// The instruction's full opcode text (`ld.global.v4.f32`).
    pub full: &'a str,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Stmt<'a> {
    Label {
        name: &'a str,
        scope: u32,
        loc: SrcLoc,
    },
    Instr(Instr<'a>),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Func<'a> {
    pub name: &'a str,
    pub is_entry: bool,
    pub linkage: Linkage,
    /// Parameters and return parameters (indices into `vars`).
    pub params: Vec<VarId>,
    pub rets: Vec<VarId>,
    /// `None` for a declaration (prototype or `.extern`).
    pub body: Option<Vec<Stmt<'a>>>,
    pub vars: Vec<Var<'a>>,
    /// Parent of each scope (scope 0, the function's, is its own parent).
    pub scope_parent: Vec<u32>,
    /// `.reqntid`, when given.
    pub reqntid: Option<[u32; 3]>,
    pub maxntid: Option<[u32; 3]>,
    pub loc: SrcLoc,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Item<'a> {
    Var(VarDecl<'a>),
    Func(Func<'a>),
}

#[derive(Clone, Debug, PartialEq)]
pub struct PtxModule<'a> {
    /// `.version` as (major, minor).
    pub version: (u32, u32),
    pub target: Vec<&'a str>,
    pub address_size: u32,
    pub items: Vec<Item<'a>>,
}
