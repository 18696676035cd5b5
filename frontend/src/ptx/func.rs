//! Lifting one PTX function: control flow, SSA construction, final assembly.
//!
//! 1. The body is cut into pre-blocks at labels and after branches, `ret`, `exit` and
//!    `trap`. A guarded instruction that may fault or synchronize (loads, stores, atomics,
//!    calls, barriers, division, ...) gets a block of its own that the guard branches to;
//!    other guarded instructions are computed unconditionally and their results merged
//!    with `select` (see `insts`).
//! 2. Blocks are translated in source order. PTX registers are mutable, so register reads
//!    and writes go through the on-the-fly SSA construction of Braun et al. ("Simple and
//!    Efficient Construction of Static Single Assignment Form", CC 2013): each block keeps
//!    the current value of every register it wrote; a read that misses walks up single
//!    predecessors or creates a block parameter whose incoming values are read at the end
//!    of each predecessor (deferred while the block still has untranslated predecessors).
//!    The walk is iterative, so long chains of blocks cannot overflow the stack.
//! 3. Trivial block parameters (all incoming values equal, or the parameter itself) are
//!    removed until none is left, which gives minimal SSA on reducible control flow; then
//!    terminators get their block arguments and dead code is removed (`tidy`).

use std::collections::HashMap;

use super::fxhash::FxMap;

use super::ast::*;
use super::lift::{FuncSig, ModCtx, ParamPass, RetPass};
use crate::diag::{Diagnostic, Location};
use crate::ir::*;

type LResult<T> = Result<T, Diagnostic>;

/// Where a function-scoped name's value or memory lives.
#[derive(Clone, Copy, Debug)]
pub(super) enum Storage {
    /// A mutable SSA variable (registers, scalar call slots, a scalar return value).
    Ssa,
    /// An immutable value (a scalar parameter).
    Value(Value),
    /// Memory at a pointer (array parameters and slots, `.local` variables).
    Memory(Value),
    /// A module global (body-level `.shared` variables).
    Global(GlobalId),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Target<'a> {
    Block(usize),
    Label(&'a str, u32, SrcLoc),
}

#[derive(Clone, Debug)]
enum PTerm<'a> {
    Fall(usize),
    Jump(Target<'a>),
    Cond {
        pred: VarId,
        neg: bool,
        then: Target<'a>,
        els: Target<'a>,
    },
    Ret,
    Exit,
    Trap,
}

struct PBlock<'a> {
    label: Option<&'a str>,
    /// Statement indices; `true` when the instruction's guard was turned into control flow.
    stmts: Vec<(usize, bool)>,
    term: PTerm<'a>,
}

/// A terminator being built: the values it needs are read when its block is filled.
#[derive(Clone, Debug)]
enum TermIr {
    Br(Block),
    CondBr(Value, Block, Block),
    Ret(Option<Value>),
    Trap,
}

pub(super) struct FnLifter<'m, 'a> {
    pub cx: &'m ModCtx<'a>,
    pub ast: &'m Func<'a>,
    pub sig: &'m FuncSig,
    pub f: Function,
    /// Canonical IR type of each SSA variable (registers and slots); the carry flag is last.
    pub var_ty: Vec<Type>,
    pub storage: Vec<Storage>,
    pub cc_var: VarId,
    pub cur: Block,
    pub loc: Option<SrcLoc>,
    /// The guard of the instruction being translated when it is merged with `select`.
    pub guard_val: Option<Value>,
    defs: Vec<FxMap<VarId, Value>>,
    sealed: Vec<bool>,
    incomplete: Vec<Vec<Value>>,
    preds: Vec<Vec<Block>>,
    /// For each value that is a block parameter made for a variable: the variable.
    param_var: Vec<Option<VarId>>,
    /// Incoming values of each such parameter, one per predecessor (`preds` order).
    param_ops: Vec<Vec<Value>>,
    all_params: Vec<Value>,
    pending: Vec<Value>,
    undefs: HashMap<Type, Value>,
    /// Scratch list of blocks walked by `read_var_in`.
    chain: Vec<Block>,
    /// Constants already made in the current block.
    pub consts: FxMap<(Type, u64), Value>,
}

pub(super) fn is_guard_selectable(opcode: &str) -> bool {
    matches!(
        opcode,
        "mov"
            | "add"
            | "sub"
            | "addc"
            | "subc"
            | "mul"
            | "mad"
            | "madc"
            | "mul24"
            | "mad24"
            | "fma"
            | "and"
            | "or"
            | "xor"
            | "not"
            | "cnot"
            | "shl"
            | "shr"
            | "selp"
            | "setp"
            | "set"
            | "slct"
            | "cvt"
            | "cvta"
            | "min"
            | "max"
            | "abs"
            | "neg"
            | "popc"
            | "clz"
            | "brev"
            | "bfe"
            | "bfi"
            | "bfind"
            | "prmt"
            | "shf"
            | "copysign"
            | "testp"
            | "sqrt"
            | "rsqrt"
            | "rcp"
            | "ex2"
            | "lg2"
            | "sin"
            | "cos"
            | "tanh"
            | "lop3"
            | "sad"
            | "dp4a"
    )
}

impl<'m, 'a> FnLifter<'m, 'a> {
    pub fn err_at(&self, loc: SrcLoc, code: &'static str, msg: impl Into<String>) -> Diagnostic {
        Diagnostic::new(code, msg).at(Location::file_line_col(self.cx.source, loc.line, loc.col))
    }
    pub fn bad(&self, loc: SrcLoc, msg: impl Into<String>) -> Diagnostic {
        self.err_at(loc, "bad-ptx", msg)
    }
    pub fn unsupported(&self, i: &Instr<'_>) -> Diagnostic {
        self.err_at(
            i.loc,
            "unsupported-ptx",
            format!("unsupported PTX instruction '{}'", i.full),
        )
    }

    /// Lift `ast` (a function with a body) with the signature `sig`.
    pub fn lift(cx: &'m ModCtx<'a>, ast: &'m Func<'a>, sig: &'m FuncSig) -> LResult<Function> {
        let kind = if ast.is_entry {
            FuncKind::Kernel
        } else {
            FuncKind::Device
        };
        let mut f = Function::new(ast.name, kind);
        f.display_name = demangle_qualified(ast.name).unwrap_or_else(|| ast.name.to_string());
        f.loc = Some(ast.loc);
        let nvars = ast.vars.len();
        let mut lifter = FnLifter {
            cx,
            ast,
            sig,
            f,
            var_ty: Vec::with_capacity(nvars + 1),
            storage: Vec::with_capacity(nvars + 1),
            cc_var: nvars as VarId,
            cur: Block(0),
            loc: Some(ast.loc),
            guard_val: None,
            defs: Vec::new(),
            sealed: Vec::new(),
            incomplete: Vec::new(),
            preds: Vec::new(),
            param_var: Vec::new(),
            param_ops: Vec::new(),
            all_params: Vec::new(),
            pending: Vec::new(),
            undefs: HashMap::new(),
            chain: Vec::new(),
            consts: FxMap::default(),
        };
        lifter.setup()?;
        lifter.body()?;
        let mut f = lifter.f;
        super::tidy::tidy(&mut f);
        Ok(f)
    }

    /// Parameters, storage of every name, allocas.
    fn setup(&mut self) -> LResult<()> {
        let ast = self.ast;
        let entry = self.f.entry;
        // IR parameters, in declaration order; memory-passed returns trail.
        let mut param_vals = Vec::new();
        for (i, &v) in ast.params.iter().enumerate() {
            let pass = self.sig.params.get(i).cloned();
            let name = ast.vars.get(v as usize).map(|x| x.name.to_string());
            let ty = match pass {
                Some(ParamPass::Value(t)) => t,
                Some(ParamPass::Memory(t)) => t,
                None => return Err(self.bad(ast.loc, "parameter list mismatch")),
            };
            param_vals.push(self.f.add_param(ty, name));
        }
        let mut ret_ptrs = Vec::new();
        if let RetPass::Memory(n) = self.sig.ret {
            for &v in ast.rets.iter().take(n) {
                let name = ast.vars.get(v as usize).map(|x| x.name.to_string());
                ret_ptrs.push(self.f.add_param(Type::Ptr(AddrSpace::Local), name));
            }
        }
        self.f.ret = match self.sig.ret {
            RetPass::Value(t) => Some(t),
            _ => None,
        };
        let mut reg_params = Vec::new();
        for (id, var) in ast.vars.iter().enumerate() {
            let (ty, st) = match &var.kind {
                VarKind::Reg(p) => (self.reg_type(*p, var.name)?, Storage::Ssa),
                VarKind::Param(i, d) => {
                    let pv = param_vals.get(*i as usize).copied();
                    let Some(pv) = pv else {
                        return Err(self.bad(d.loc, "parameter list mismatch"));
                    };
                    match self.sig.params.get(*i as usize) {
                        Some(ParamPass::Memory(_)) => (Type::I64, Storage::Memory(pv)),
                        _ if d.space == Space::Reg => {
                            reg_params.push((id as VarId, pv));
                            (self.reg_type(d.ty, d.name)?, Storage::Ssa)
                        }
                        _ => (self.f.value_type(pv), Storage::Value(pv)),
                    }
                }
                VarKind::Ret(i, d) => match self.sig.ret {
                    RetPass::Memory(_) => {
                        let p = ret_ptrs.get(*i as usize).copied();
                        let Some(p) = p else {
                            return Err(self.bad(d.loc, "return parameter list mismatch"));
                        };
                        (Type::I64, Storage::Memory(p))
                    }
                    _ => (self.reg_type(d.ty, d.name)?, Storage::Ssa),
                },
                VarKind::Slot(d) => {
                    if d.is_array() {
                        let p = self.alloca(d)?;
                        (Type::I64, Storage::Memory(p))
                    } else {
                        (self.reg_type(d.ty, d.name)?, Storage::Ssa)
                    }
                }
                VarKind::Local(d) => {
                    let p = self.alloca(d)?;
                    (Type::I64, Storage::Memory(p))
                }
                VarKind::Static(_) => {
                    let g = self.cx.static_global(ast.name, id as VarId);
                    let Some(g) = g else {
                        return Err(self.bad(ast.loc, "internal: static variable without a global"));
                    };
                    (Type::I64, Storage::Global(g))
                }
            };
            self.var_ty.push(ty);
            self.storage.push(st);
        }
        // The carry flag of `add.cc` / `addc`.
        self.var_ty.push(Type::I1);
        self.storage.push(Storage::Ssa);
        self.defs.push(FxMap::default());
        self.sealed.push(true);
        self.incomplete.push(Vec::new());
        self.preds.push(Vec::new());
        self.cur = entry;
        for (v, p) in reg_params {
            self.write_var(v, p, false);
        }
        Ok(())
    }

    fn reg_type(&self, p: PTy, name: &str) -> LResult<Type> {
        super::lift::ir_type(p).ok_or_else(|| {
            self.err_at(
                self.ast.loc,
                "unsupported-ptx",
                format!("unsupported PTX register type '.{}' of '{name}'", p.name()),
            )
        })
    }

    fn alloca(&mut self, d: &VarDecl<'_>) -> LResult<Value> {
        let bytes = d
            .bytes()
            .ok_or_else(|| self.bad(d.loc, format!("'{}' needs a size", d.name)))?;
        let entry = self.f.entry;
        let inst = self.f.create_inst(
            Op::Alloca {
                bytes,
                align: d.alignment(),
            },
            Some(Type::Ptr(AddrSpace::Local)),
            Some(d.loc),
        );
        self.f.blocks[entry.index()].insts.push(inst);
        Ok(Value::from_index(self.f.values.len() - 1))
    }

    /// Build pre-blocks, translate them, assemble.
    fn body(&mut self) -> LResult<()> {
        let ast = self.ast;
        let Some(stmts) = ast.body.as_ref() else {
            return Err(self.bad(ast.loc, "function without a body"));
        };
        let mut pbs = self.pre_blocks(stmts)?;
        self.resolve_labels(&mut pbs)?;
        // Successors and reachability.
        let succs: Vec<Vec<usize>> = pbs.iter().map(|b| pterm_succs(&b.term)).collect();
        let mut reach = vec![false; pbs.len()];
        let mut stack = vec![0usize];
        reach[0] = true;
        while let Some(b) = stack.pop() {
            for &s in &succs[b] {
                if !reach[s] {
                    reach[s] = true;
                    stack.push(s);
                }
            }
        }
        let has_pred_0 = succs
            .iter()
            .enumerate()
            .any(|(b, ss)| reach[b] && ss.contains(&0));
        // IR blocks.
        let mut irb: Vec<Option<Block>> = vec![None; pbs.len()];
        let entry = self.f.entry;
        for (i, pb) in pbs.iter().enumerate() {
            if !reach[i] {
                continue;
            }
            let b = if i == 0 && !has_pred_0 {
                self.f.blocks[entry.index()].name = pb.label.map(str::to_string);
                entry
            } else {
                let b = self.f.create_block(pb.label.map(str::to_string));
                self.defs.push(FxMap::default());
                self.sealed.push(false);
                self.incomplete.push(Vec::new());
                self.preds.push(Vec::new());
                b
            };
            irb[i] = Some(b);
        }
        let nb = self.f.blocks.len();
        let mut terms: Vec<Option<TermIr>> = vec![None; nb];
        let ir_of = |i: usize| irb[i].unwrap_or(entry);
        if has_pred_0 {
            terms[entry.index()] = Some(TermIr::Br(ir_of(0)));
            self.preds[ir_of(0).index()].push(entry);
        }
        for (i, ss) in succs.iter().enumerate() {
            if !reach[i] {
                continue;
            }
            for &s in ss {
                let (from, to) = (ir_of(i), ir_of(s));
                if !self.preds[to.index()].contains(&from) {
                    self.preds[to.index()].push(from);
                }
            }
        }
        // Blocks are sealed once all their predecessors are translated.
        let mut succs_ir: Vec<Vec<Block>> = vec![Vec::new(); nb];
        let mut unfilled: Vec<usize> = self.preds.iter().map(Vec::len).collect();
        for (b, ps) in self.preds.iter().enumerate() {
            for p in ps {
                succs_ir[p.index()].push(Block::from_index(b));
            }
        }
        let mut filled = |this: &mut Self, b: Block| {
            for &s in &succs_ir[b.index()] {
                unfilled[s.index()] -= 1;
                if unfilled[s.index()] == 0 && !this.sealed[s.index()] {
                    this.seal(s);
                }
            }
        };
        if has_pred_0 {
            filled(self, entry);
        }
        for (i, pb) in pbs.iter().enumerate() {
            if !reach[i] {
                continue;
            }
            let b = ir_of(i);
            self.cur = b;
            self.consts.clear();
            for &(si, stripped) in &pb.stmts {
                if let Some(Stmt::Instr(inst)) = stmts.get(si) {
                    self.loc = Some(inst.loc);
                    self.guard_val = match inst.guard {
                        Some((g, neg)) if !stripped => {
                            let c = self.read_var(g);
                            let c = self.coerce(c, Type::I1, false);
                            Some(if neg { self.not1(c) } else { c })
                        }
                        _ => None,
                    };
                    self.inst(inst)?;
                    self.guard_val = None;
                }
            }
            let t = match &pb.term {
                PTerm::Fall(s) => TermIr::Br(ir_of(*s)),
                PTerm::Jump(Target::Block(s)) => TermIr::Br(ir_of(*s)),
                PTerm::Cond {
                    pred,
                    neg,
                    then: Target::Block(t),
                    els: Target::Block(e),
                } => {
                    let c = self.read_var(*pred);
                    let c = self.coerce(c, Type::I1, false);
                    let (t, e) = if *neg { (*e, *t) } else { (*t, *e) };
                    TermIr::CondBr(c, ir_of(t), ir_of(e))
                }
                PTerm::Ret => TermIr::Ret(self.return_value()?),
                PTerm::Exit => {
                    if self.f.kind != FuncKind::Kernel {
                        return Err(self.err_at(
                            self.loc.unwrap_or_default(),
                            "unsupported-ptx",
                            "unsupported PTX instruction 'exit' in a .func",
                        ));
                    }
                    TermIr::Ret(None)
                }
                PTerm::Trap => TermIr::Trap,
                _ => return Err(self.bad(ast.loc, "internal: unresolved label")),
            };
            terms[b.index()] = Some(t);
            filled(self, b);
            self.process_pending();
        }
        for b in 0..nb {
            if !self.sealed[b] {
                self.seal(Block::from_index(b));
            }
        }
        self.process_pending();
        self.assemble(terms);
        Ok(())
    }

    fn return_value(&mut self) -> LResult<Option<Value>> {
        match self.sig.ret {
            RetPass::Value(t) => {
                let Some(&rv) = self.ast.rets.first() else {
                    return Err(self.bad(self.ast.loc, "internal: no return parameter"));
                };
                let v = self.read_var(rv);
                Ok(Some(self.coerce(v, t, false)))
            }
            _ => Ok(None),
        }
    }

    fn pre_blocks(&self, stmts: &[Stmt<'a>]) -> LResult<Vec<PBlock<'a>>> {
        let new = || PBlock {
            label: None,
            stmts: Vec::new(),
            term: PTerm::Ret,
        };
        let mut pbs: Vec<PBlock<'a>> = vec![new()];
        // Start a new block; the current one falls through to it unless it has ended.
        fn open<'a>(pbs: &mut Vec<PBlock<'a>>, fall: bool) -> usize {
            let n = pbs.len();
            if fall {
                if let Some(last) = pbs.last_mut() {
                    last.term = PTerm::Fall(n);
                }
            }
            pbs.push(PBlock {
                label: None,
                stmts: Vec::new(),
                term: PTerm::Ret,
            });
            n
        }
        let mut ended = false;
        for (si, s) in stmts.iter().enumerate() {
            match s {
                Stmt::Label { name, .. } => {
                    let reuse = !ended
                        && pbs
                            .last()
                            .is_some_and(|b| b.stmts.is_empty() && b.label.is_none());
                    if !reuse {
                        open(&mut pbs, !ended);
                    }
                    if let Some(b) = pbs.last_mut() {
                        b.label = Some(name);
                    }
                    ended = false;
                }
                Stmt::Instr(i) => {
                    if ended {
                        open(&mut pbs, false);
                        ended = false;
                    }
                    let term_kind = match i.opcode {
                        "bra" => {
                            let target = match i.operands.first() {
                                Some(Operand::Sym(name, 0)) if i.operands.len() == 1 => {
                                    Target::Label(name, i.scope, i.loc)
                                }
                                _ => return Err(self.unsupported(i)),
                            };
                            Some(PTerm::Jump(target))
                        }
                        "ret" => Some(PTerm::Ret),
                        "exit" => Some(PTerm::Exit),
                        "trap" => Some(PTerm::Trap),
                        _ => None,
                    };
                    let cur = pbs.len() - 1;
                    match (term_kind, i.guard) {
                        (Some(t), None) => {
                            pbs[cur].term = t;
                            ended = true;
                        }
                        (Some(PTerm::Jump(target)), Some((pred, neg))) => {
                            let next = open(&mut pbs, false);
                            pbs[cur].term = PTerm::Cond {
                                pred,
                                neg,
                                then: target,
                                els: Target::Block(next),
                            };
                        }
                        (Some(t), Some((pred, neg))) => {
                            let tb = open(&mut pbs, false);
                            pbs[tb].term = t;
                            let next = open(&mut pbs, false);
                            pbs[cur].term = PTerm::Cond {
                                pred,
                                neg,
                                then: Target::Block(tb),
                                els: Target::Block(next),
                            };
                        }
                        (None, Some((pred, neg))) if !is_guard_selectable(i.opcode) => {
                            let tb = open(&mut pbs, false);
                            pbs[tb].stmts.push((si, true));
                            let next = open(&mut pbs, true);
                            pbs[cur].term = PTerm::Cond {
                                pred,
                                neg,
                                then: Target::Block(tb),
                                els: Target::Block(next),
                            };
                        }
                        (None, _) => pbs[cur].stmts.push((si, false)),
                    }
                }
            }
        }
        Ok(pbs)
    }

    fn resolve_labels(&self, pbs: &mut [PBlock<'a>]) -> LResult<()> {
        let ast = self.ast;
        let stmts = ast.body.as_deref().unwrap_or(&[]);
        // (scope, name) -> pre-block of the label.
        let mut labels: HashMap<(u32, &str), usize> = HashMap::new();
        let mut block_of_label = 0usize;
        let mut label_iter = pbs
            .iter()
            .enumerate()
            .filter_map(|(i, b)| b.label.map(|l| (i, l)));
        for s in stmts {
            if let Stmt::Label { name, scope, loc } = s {
                if let Some((i, l)) = label_iter.next() {
                    debug_assert_eq!(l, *name);
                    block_of_label = i;
                }
                if labels.insert((*scope, name), block_of_label).is_some() {
                    return Err(self.bad(*loc, format!("duplicate label '{name}'")));
                }
            }
        }
        let find = |name: &str, scope: u32, loc: SrcLoc| -> LResult<usize> {
            let mut s = scope;
            let mut guard = 0;
            loop {
                if let Some(&b) = labels.get(&(s, name)) {
                    return Ok(b);
                }
                let parent = ast.scope_parent.get(s as usize).copied().unwrap_or(0);
                guard += 1;
                if parent == s || guard > 10_000 {
                    return Err(self.bad(loc, format!("unknown label '{name}'")));
                }
                s = parent;
            }
        };
        for pb in pbs.iter_mut() {
            let fix = |t: &mut Target<'a>| -> LResult<()> {
                if let Target::Label(name, scope, loc) = *t {
                    *t = Target::Block(find(name, scope, loc)?);
                }
                Ok(())
            };
            match &mut pb.term {
                PTerm::Jump(t) => fix(t)?,
                PTerm::Cond { then, els, .. } => {
                    fix(then)?;
                    fix(els)?;
                }
                _ => {}
            }
        }
        Ok(())
    }

    // ---- SSA construction -------------------------------------------------------------

    fn seal(&mut self, b: Block) {
        self.sealed[b.index()] = true;
        let inc = std::mem::take(&mut self.incomplete[b.index()]);
        self.pending.extend(inc);
    }

    fn new_param(&mut self, b: Block, var: VarId) -> Value {
        let ty = self.var_ty[var as usize];
        let p = self.f.add_block_param(b, ty);
        if self.param_var.len() <= p.index() {
            self.param_var.resize(p.index() + 1, None);
        }
        self.param_var[p.index()] = Some(var);
        self.all_params.push(p);
        p
    }

    fn undef(&mut self, ty: Type) -> Value {
        if let Some(&u) = self.undefs.get(&ty) {
            return u;
        }
        let entry = self.f.entry;
        let inst = self
            .f
            .create_inst(Op::Const { bits: 0 }, Some(ty), self.f.loc);
        self.f.blocks[entry.index()].insts.insert(0, inst);
        let v = self.f.insts[inst.index()].result.unwrap_or(Value(0));
        self.undefs.insert(ty, v);
        v
    }

    /// The current value of `var` in the block being translated.
    pub fn read_var(&mut self, var: VarId) -> Value {
        self.read_var_in(var, self.cur)
    }

    fn read_var_in(&mut self, var: VarId, block: Block) -> Value {
        let mut b = block;
        let mut chain = std::mem::take(&mut self.chain);
        chain.clear();
        let v = loop {
            if let Some(&v) = self.defs[b.index()].get(&var) {
                break v;
            }
            if !self.sealed[b.index()] {
                let p = self.new_param(b, var);
                self.incomplete[b.index()].push(p);
                break p;
            }
            match self.preds[b.index()].len() {
                0 => {
                    let ty = self.var_ty[var as usize];
                    break self.undef(ty);
                }
                1 => {
                    chain.push(b);
                    b = self.preds[b.index()][0];
                    if b == block || chain.len() > self.f.blocks.len() {
                        // A cycle of single predecessors (unreachable from the entry).
                        let ty = self.var_ty[var as usize];
                        break self.undef(ty);
                    }
                }
                _ => {
                    let p = self.new_param(b, var);
                    self.pending.push(p);
                    break p;
                }
            }
        };
        self.defs[b.index()].insert(var, v);
        for &c in &chain {
            self.defs[c.index()].insert(var, v);
        }
        self.chain = chain;
        v
    }

    /// Set `var` in the current block (converted to its canonical type); under a guard
    /// the old value is kept where the guard is false.
    pub fn write_var(&mut self, var: VarId, v: Value, signed: bool) {
        let ty = self.var_ty[var as usize];
        let mut v = self.coerce(v, ty, signed);
        if let Some(g) = self.guard_val {
            let old = self.read_var(var);
            v = self.emit(
                Op::Select {
                    cond: g,
                    if_true: v,
                    if_false: old,
                },
                ty,
            );
        }
        self.defs[self.cur.index()].insert(var, v);
    }

    fn process_pending(&mut self) {
        while let Some(p) = self.pending.pop() {
            let Some(var) = self.param_var.get(p.index()).copied().flatten() else {
                continue;
            };
            let ValueDef::BlockParam(b, _) = self.f.value_def(p) else {
                continue;
            };
            let n = self.preds[b.index()].len();
            let mut ops: Vec<Value> = Vec::with_capacity(n);
            for k in 0..n {
                let pr = self.preds[b.index()][k];
                ops.push(self.read_var_in(var, pr));
            }
            if self.param_ops.len() <= p.index() {
                self.param_ops.resize(p.index() + 1, Vec::new());
            }
            self.param_ops[p.index()] = ops;
        }
    }

    // ---- assembly ---------------------------------------------------------------------

    fn assemble(&mut self, terms: Vec<Option<TermIr>>) {
        // Undefined values for every parameter type, made before the tables are sized.
        let types: Vec<Type> = self
            .all_params
            .iter()
            .map(|&p| self.f.value_type(p))
            .collect();
        for t in types {
            self.undef(t);
        }
        let n = self.f.values.len();
        self.param_ops
            .resize(n.max(self.param_ops.len()), Vec::new());
        let mut alias: Vec<Option<Value>> = vec![None; n];
        fn resolve(alias: &[Option<Value>], mut v: Value) -> Value {
            let mut k = 0;
            while let Some(Some(w)) = alias.get(v.index()) {
                v = *w;
                k += 1;
                if k > 1_000_000 {
                    break;
                }
            }
            v
        }
        // Parameters using each value (so a removal re-examines exactly its users).
        let mut users: Vec<Vec<Value>> = vec![Vec::new(); n];
        for &p in &self.all_params {
            for &op in &self.param_ops[p.index()] {
                if op != p && op.index() < n {
                    users[op.index()].push(p);
                }
            }
        }
        let mut removed = vec![false; n];
        let mut work: Vec<Value> = self.all_params.iter().rev().copied().collect();
        while let Some(p) = work.pop() {
            if removed[p.index()] {
                continue;
            }
            let mut same: Option<Value> = None;
            let mut trivial = true;
            for &op in &self.param_ops[p.index()] {
                let r = resolve(&alias, op);
                if r == p || Some(r) == same {
                    continue;
                }
                if same.is_some() {
                    trivial = false;
                    break;
                }
                same = Some(r);
            }
            if !trivial {
                continue;
            }
            let to = match same {
                Some(v) => v,
                None => {
                    let ty = self.f.value_type(p);
                    self.undef(ty)
                }
            };
            alias[p.index()] = Some(to);
            removed[p.index()] = true;
            let us = std::mem::take(&mut users[p.index()]);
            for &u in &us {
                if !removed[u.index()] {
                    work.push(u);
                }
            }
            if let Some(list) = users.get_mut(to.index()) {
                list.extend(us);
            }
        }
        // Rebuild block parameter lists.
        for b in 0..self.f.blocks.len() {
            let params = std::mem::take(&mut self.f.blocks[b].params);
            let kept: Vec<Value> = params
                .into_iter()
                .filter(|p| !removed.get(p.index()).copied().unwrap_or(false))
                .collect();
            for (i, &p) in kept.iter().enumerate() {
                self.f.values[p.index()].def = ValueDef::BlockParam(Block::from_index(b), i as u32);
            }
            self.f.blocks[b].params = kept;
        }
        // Terminators with block arguments.
        for (b, t) in terms.into_iter().enumerate() {
            let Some(t) = t else { continue };
            let from = Block::from_index(b);
            let call = |this: &Self, to: Block| -> BlockCall {
                let idx = this.preds[to.index()].iter().position(|&p| p == from);
                let args = this.f.blocks[to.index()]
                    .params
                    .iter()
                    .map(|p| {
                        let v = idx
                            .and_then(|i| this.param_ops.get(p.index()).and_then(|o| o.get(i)))
                            .copied()
                            .unwrap_or(*p);
                        resolve(&alias, v)
                    })
                    .collect();
                BlockCall::new(to, args)
            };
            let term = match t {
                TermIr::Br(to) => Terminator::Br(call(self, to)),
                TermIr::CondBr(c, t, e) => Terminator::CondBr {
                    cond: resolve(&alias, c),
                    if_true: call(self, t),
                    if_false: call(self, e),
                },
                TermIr::Ret(v) => Terminator::Ret(v.map(|v| resolve(&alias, v))),
                TermIr::Trap => Terminator::Trap,
            };
            self.f.blocks[b].term = term;
        }
        if removed.iter().any(|&r| r) {
            for inst in &mut self.f.insts {
                inst.op.map_operands(|v| resolve(&alias, v));
            }
        }
    }
}

fn pterm_succs(t: &PTerm<'_>) -> Vec<usize> {
    let tb = |t: &Target<'_>| match t {
        Target::Block(b) => Some(*b),
        Target::Label(..) => None,
    };
    match t {
        PTerm::Fall(b) => vec![*b],
        PTerm::Jump(t) => tb(t).into_iter().collect(),
        PTerm::Cond { then, els, .. } => {
            let mut v: Vec<usize> = tb(then).into_iter().collect();
            if let Some(e) = tb(els) {
                if !v.contains(&e) {
                    v.push(e);
                }
            }
            v
        }
        PTerm::Ret | PTerm::Exit | PTerm::Trap => vec![],
    }
}
