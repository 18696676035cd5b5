//! The kernel IR: one SSA control-flow graph per function, with GPU operations
//! (thread/block ids, barriers, atomics, shuffles, math) as first-class ops.
//!
//! Entities are `u32` indices into per-function arenas (as in Cranelift): a [`Value`]
//! is defined by a parameter, an instruction or a block parameter (block parameters
//! replace phis). Both frontends (`.ll`, `.ptx`) produce this IR; the interpreter
//! ([`crate::interp`]) gives it exact CUDA semantics and the raising stages consume it.

pub mod ops;
pub mod print;
pub mod types;
pub mod verify;

pub use ops::*;
pub use types::{AddrSpace, Type};

macro_rules! entity {
    ($(#[$meta:meta])* $name:ident, $prefix:literal) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(pub u32);
        impl $name {
            pub fn index(self) -> usize {
                self.0 as usize
            }
            pub fn from_index(i: usize) -> Self {
                $name(i as u32)
            }
        }
        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(f, concat!($prefix, "{}"), self.0)
            }
        }
    };
}

entity!(
    /// An SSA value of a function.
    Value,
    "%"
);
entity!(
    /// An instruction of a function.
    Inst,
    "inst"
);
entity!(
    /// A basic block of a function.
    Block,
    "bb"
);
entity!(
    /// A function of a module.
    FuncId,
    "fn"
);
entity!(
    /// A global variable of a module.
    GlobalId,
    "g"
);

/// A position in the source text (1-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct SrcLoc {
    pub line: u32,
    pub col: u32,
}

/// What defines a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueDef {
    /// The n-th function parameter.
    Param(u32),
    Inst(Inst),
    /// The n-th parameter of a block.
    BlockParam(Block, u32),
}

#[derive(Clone, Debug, PartialEq)]
pub struct ValueData {
    pub ty: Type,
    pub def: ValueDef,
}

#[derive(Clone, Debug, PartialEq)]
pub struct InstData {
    pub op: Op,
    pub result: Option<Value>,
    /// Where the instruction came from in the source file, when known.
    pub loc: Option<SrcLoc>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct BlockData {
    /// The source label, when the frontend had one.
    pub name: Option<String>,
    pub params: Vec<Value>,
    pub insts: Vec<Inst>,
    pub term: Terminator,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FuncKind {
    /// A `__global__` entry point.
    Kernel,
    /// A `__device__` function, called from kernels.
    Device,
}

/// How the source-level arguments of a kernel map onto its parameters. The launch
/// spec's `args` list source-level arguments; each binds to one or more parameters.
#[derive(Clone, Debug, PartialEq)]
pub enum AbiArg {
    /// One parameter: a scalar or a pointer.
    Param(u32),
    /// A Numba array argument: `5 + 2 * ndim` parameters starting at `first`:
    /// meminfo, parent, nitems, itemsize, data, shape[ndim], strides[ndim] (bytes).
    NumbaArray { first: u32, ndim: u32 },
}

impl AbiArg {
    pub fn param_count(&self) -> u32 {
        match self {
            AbiArg::Param(_) => 1,
            AbiArg::NumbaArray { ndim, .. } => 5 + 2 * ndim,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Function {
    /// The symbol name (possibly mangled).
    pub name: String,
    /// A readable name (demangled, or the symbol itself) used for matching and messages.
    pub display_name: String,
    pub kind: FuncKind,
    pub params: Vec<Value>,
    pub param_names: Vec<Option<String>>,
    pub ret: Option<Type>,
    pub values: Vec<ValueData>,
    pub insts: Vec<InstData>,
    pub blocks: Vec<BlockData>,
    pub entry: Block,
    /// Source-level arguments; for clang kernels one `Param` per parameter.
    pub abi: Vec<AbiArg>,
    /// The source line of the definition, when known.
    pub loc: Option<SrcLoc>,
}

impl Function {
    /// An empty function with an entry block that ends in `unreachable`.
    pub fn new(name: impl Into<String>, kind: FuncKind) -> Self {
        let name = name.into();
        let mut f = Function {
            display_name: name.clone(),
            name,
            kind,
            params: Vec::new(),
            param_names: Vec::new(),
            ret: None,
            values: Vec::new(),
            insts: Vec::new(),
            blocks: Vec::new(),
            entry: Block(0),
            abi: Vec::new(),
            loc: None,
        };
        f.entry = f.create_block(None);
        f
    }

    pub fn add_param(&mut self, ty: Type, name: Option<String>) -> Value {
        let index = self.params.len() as u32;
        let v = self.new_value(ty, ValueDef::Param(index));
        self.params.push(v);
        self.param_names.push(name);
        v
    }

    pub fn param_types(&self) -> Vec<Type> {
        self.params.iter().map(|&p| self.value_type(p)).collect()
    }

    fn new_value(&mut self, ty: Type, def: ValueDef) -> Value {
        let v = Value::from_index(self.values.len());
        self.values.push(ValueData { ty, def });
        v
    }

    pub fn create_block(&mut self, name: Option<String>) -> Block {
        let b = Block::from_index(self.blocks.len());
        self.blocks.push(BlockData {
            name,
            params: Vec::new(),
            insts: Vec::new(),
            term: Terminator::Unreachable,
        });
        b
    }

    pub fn add_block_param(&mut self, block: Block, ty: Type) -> Value {
        let index = self.blocks[block.index()].params.len() as u32;
        let v = self.new_value(ty, ValueDef::BlockParam(block, index));
        self.blocks[block.index()].params.push(v);
        v
    }

    /// Create an instruction (not yet placed in a block).
    pub fn create_inst(&mut self, op: Op, result_ty: Option<Type>, loc: Option<SrcLoc>) -> Inst {
        let inst = Inst::from_index(self.insts.len());
        let result = result_ty.map(|ty| self.new_value(ty, ValueDef::Inst(inst)));
        self.insts.push(InstData { op, result, loc });
        inst
    }

    /// Append an instruction to `block`; gives its result value, if it has one.
    pub fn push(&mut self, block: Block, op: Op, result_ty: Option<Type>) -> Option<Value> {
        self.push_at(block, op, result_ty, None)
    }

    pub fn push_at(
        &mut self,
        block: Block,
        op: Op,
        result_ty: Option<Type>,
        loc: Option<SrcLoc>,
    ) -> Option<Value> {
        let inst = self.create_inst(op, result_ty, loc);
        self.blocks[block.index()].insts.push(inst);
        self.insts[inst.index()].result
    }

    /// Append an instruction that must produce a value.
    pub fn push_value(&mut self, block: Block, op: Op, ty: Type) -> Value {
        let inst = self.create_inst(op, Some(ty), None);
        self.blocks[block.index()].insts.push(inst);
        Value::from_index(self.values.len() - 1)
    }

    pub fn set_terminator(&mut self, block: Block, term: Terminator) {
        self.blocks[block.index()].term = term;
    }

    pub fn value_type(&self, v: Value) -> Type {
        self.values[v.index()].ty
    }

    pub fn value_def(&self, v: Value) -> ValueDef {
        self.values[v.index()].def
    }

    pub fn inst(&self, inst: Inst) -> &InstData {
        &self.insts[inst.index()]
    }

    pub fn block(&self, block: Block) -> &BlockData {
        &self.blocks[block.index()]
    }

    pub fn block_ids(&self) -> impl Iterator<Item = Block> {
        (0..self.blocks.len()).map(Block::from_index)
    }

    /// The constant bits of `v`, if it is defined by `Op::Const`.
    pub fn const_bits(&self, v: Value) -> Option<u64> {
        match self.value_def(v) {
            ValueDef::Inst(i) => match self.insts[i.index()].op {
                Op::Const { bits } => Some(bits),
                _ => None,
            },
            _ => None,
        }
    }

    /// Predecessors of every block (a block appears once per edge).
    pub fn predecessors(&self) -> Vec<Vec<Block>> {
        let mut preds = vec![Vec::new(); self.blocks.len()];
        for b in self.block_ids() {
            for succ in self.blocks[b.index()].term.successors() {
                if succ.block.index() < preds.len() {
                    preds[succ.block.index()].push(b);
                }
            }
        }
        preds
    }

    /// Blocks reachable from the entry, in reverse post-order.
    pub fn reverse_post_order(&self) -> Vec<Block> {
        let n = self.blocks.len();
        let mut visited = vec![false; n];
        let mut post = Vec::with_capacity(n);
        // Iterative DFS: (block, next successor index).
        let mut stack: Vec<(Block, usize)> = Vec::new();
        if self.entry.index() < n {
            visited[self.entry.index()] = true;
            stack.push((self.entry, 0));
        }
        while let Some((b, i)) = stack.last_mut() {
            let succs = self.blocks[b.index()].term.successors();
            if *i < succs.len() {
                let s = succs[*i].block;
                *i += 1;
                if s.index() < n && !visited[s.index()] {
                    visited[s.index()] = true;
                    stack.push((s, 0));
                }
            } else {
                post.push(*b);
                stack.pop();
            }
        }
        post.reverse();
        post
    }

    /// Immediate dominators (`None` for the entry and unreachable blocks), by the
    /// Cooper-Harvey-Kennedy iteration over reverse post-order.
    pub fn immediate_dominators(&self) -> Vec<Option<Block>> {
        let rpo = self.reverse_post_order();
        let mut order = vec![usize::MAX; self.blocks.len()];
        for (i, b) in rpo.iter().enumerate() {
            order[b.index()] = i;
        }
        let preds = self.predecessors();
        let mut idom: Vec<Option<Block>> = vec![None; self.blocks.len()];
        if rpo.is_empty() {
            return idom;
        }
        idom[self.entry.index()] = Some(self.entry);
        let mut changed = true;
        while changed {
            changed = false;
            for &b in rpo.iter().skip(1) {
                let mut new_idom: Option<Block> = None;
                for &p in &preds[b.index()] {
                    if idom[p.index()].is_none() {
                        continue;
                    }
                    new_idom = Some(match new_idom {
                        None => p,
                        Some(cur) => {
                            let (mut x, mut y) = (p, cur);
                            while x != y {
                                while order[x.index()] > order[y.index()] {
                                    x = idom[x.index()].unwrap_or(self.entry);
                                }
                                while order[y.index()] > order[x.index()] {
                                    y = idom[y.index()].unwrap_or(self.entry);
                                }
                            }
                            x
                        }
                    });
                }
                if new_idom.is_some() && idom[b.index()] != new_idom {
                    idom[b.index()] = new_idom;
                    changed = true;
                }
            }
        }
        idom[self.entry.index()] = None;
        idom
    }
}

/// A module-level variable: `__shared__`, `__constant__` or `__device__` arrays.
#[derive(Clone, Debug, PartialEq)]
pub struct Global {
    pub name: String,
    pub space: AddrSpace,
    pub bytes: u64,
    pub align: u64,
    /// Initial contents (`bytes` long) for const/global data; shared memory has none.
    pub init: Option<Vec<u8>>,
    /// `extern __shared__ T s[]`: sized at launch (`shared_bytes` in the spec).
    pub dynamic_shared: bool,
}

/// Which compiler produced the module; decides naming and ABI conventions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flavor {
    ClangCuda,
    Numba,
    Julia,
    Nvcc,
    Unknown,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Module {
    /// The file it was read from (for diagnostics).
    pub source: String,
    pub flavor: Flavor,
    pub functions: Vec<Function>,
    pub globals: Vec<Global>,
}

impl Module {
    pub fn new(source: impl Into<String>, flavor: Flavor) -> Self {
        Module {
            source: source.into(),
            flavor,
            functions: Vec::new(),
            globals: Vec::new(),
        }
    }

    pub fn function(&self, id: FuncId) -> &Function {
        &self.functions[id.index()]
    }

    pub fn global(&self, id: GlobalId) -> &Global {
        &self.globals[id.index()]
    }

    pub fn function_by_name(&self, name: &str) -> Option<FuncId> {
        self.functions
            .iter()
            .position(|f| f.name == name)
            .map(FuncId::from_index)
    }

    pub fn kernels(&self) -> impl Iterator<Item = FuncId> + '_ {
        self.functions
            .iter()
            .enumerate()
            .filter(|(_, f)| f.kind == FuncKind::Kernel)
            .map(|(i, _)| FuncId::from_index(i))
    }

    /// Find a kernel by the spec's rules: exact symbol, then exact readable name, then
    /// the last `::` component of the readable name, then a unique prefix of either.
    pub fn find_kernel(&self, query: &str) -> Result<FuncId, crate::diag::Diagnostic> {
        let kernels: Vec<FuncId> = self.kernels().collect();
        let by = |pred: &dyn Fn(&Function) -> bool| -> Vec<FuncId> {
            kernels
                .iter()
                .copied()
                .filter(|&k| pred(self.function(k)))
                .collect()
        };
        let short = |f: &Function| -> String {
            let base = f.display_name.split('(').next().unwrap_or("");
            base.rsplit("::").next().unwrap_or(base).to_string()
        };
        let tiers: [Vec<FuncId>; 4] = [
            by(&|f| f.name == query),
            by(&|f| f.display_name == query),
            by(&|f| short(f) == query),
            by(&|f| f.name.starts_with(query) || f.display_name.starts_with(query)),
        ];
        for tier in tiers.iter() {
            match tier.len() {
                0 => continue,
                1 => return Ok(tier[0]),
                _ => {
                    let names: Vec<&str> = tier
                        .iter()
                        .map(|&k| self.function(k).name.as_str())
                        .collect();
                    return Err(crate::diag::Diagnostic::new(
                        "ambiguous-kernel",
                        format!(
                            "kernel name '{query}' matches several kernels: {}",
                            names.join(", ")
                        ),
                    ));
                }
            }
        }
        let names: Vec<&str> = kernels
            .iter()
            .map(|&k| self.function(k).display_name.as_str())
            .collect();
        Err(crate::diag::Diagnostic::new(
            "unknown-kernel",
            format!(
                "no kernel named '{query}' in {} (kernels: {})",
                self.source,
                if names.is_empty() {
                    "none".to_string()
                } else {
                    names.join(", ")
                }
            ),
        ))
    }
}

/// Demangle an Itanium C++ name far enough to give its qualified name
/// (`_ZN6cudapy8__main__5saxpyB2v1E...` -> `cudapy::__main__::saxpy`). Returns `None`
/// for names that are not mangled.
pub fn demangle_qualified(name: &str) -> Option<String> {
    let rest = name.strip_prefix("_Z")?;
    let bytes = rest.as_bytes();
    let mut pos = 0;
    let nested = bytes.first() == Some(&b'N');
    if nested {
        pos += 1;
    }
    let mut parts: Vec<String> = Vec::new();
    loop {
        // Skip ABI tags `B<len><tag>`.
        if pos < bytes.len() && bytes[pos] == b'B' && !parts.is_empty() {
            pos += 1;
            let (len, next) = read_len(bytes, pos)?;
            pos = next.checked_add(len)?;
            continue;
        }
        if pos >= bytes.len() || !bytes[pos].is_ascii_digit() {
            break;
        }
        let (len, next) = read_len(bytes, pos)?;
        let end = next.checked_add(len)?;
        let ident = rest.get(next..end)?;
        parts.push(ident.to_string());
        pos = end;
        if !nested {
            break;
        }
    }
    if parts.is_empty() {
        return None;
    }
    Some(parts.join("::"))
}

fn read_len(bytes: &[u8], mut pos: usize) -> Option<(usize, usize)> {
    let start = pos;
    while pos < bytes.len() && bytes[pos].is_ascii_digit() {
        pos += 1;
    }
    if pos == start || pos - start > 6 {
        return None;
    }
    let text = std::str::from_utf8(&bytes[start..pos]).ok()?;
    Some((text.parse().ok()?, pos))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn demangles_numba_names() {
        assert_eq!(
            demangle_qualified("_ZN6cudapy8__main__5saxpyB2v1B94cw51cXTLSUwv1sCUt9Uw1VEw0NRRQPKzLTg4gaGKFsG2oMQGEYakJSQB1PQBk0Bynm21OiwU1a0UoLGhDpQE8oxrNQE_3dE5ArrayIfLi1E1C7mutable7alignedE").as_deref(),
            Some("cudapy::__main__::saxpy")
        );
        assert_eq!(demangle_qualified("_Z6kernelPf").as_deref(), Some("kernel"));
        assert_eq!(demangle_qualified("saxpy"), None);
        assert_eq!(demangle_qualified("_ZN99999999x"), None);
    }

    #[test]
    fn dominators_of_a_diamond() {
        let mut f = Function::new("k", FuncKind::Kernel);
        let c = f.add_param(Type::I1, None);
        let a = f.create_block(None);
        let b = f.create_block(None);
        let join = f.create_block(None);
        let entry = f.entry;
        f.set_terminator(
            entry,
            Terminator::CondBr {
                cond: c,
                if_true: BlockCall::plain(a),
                if_false: BlockCall::plain(b),
            },
        );
        f.set_terminator(a, Terminator::Br(BlockCall::plain(join)));
        f.set_terminator(b, Terminator::Br(BlockCall::plain(join)));
        f.set_terminator(join, Terminator::Ret(None));
        let idom = f.immediate_dominators();
        assert_eq!(idom[join.index()], Some(entry));
        assert_eq!(idom[a.index()], Some(entry));
        assert_eq!(idom[entry.index()], None);
    }
}
