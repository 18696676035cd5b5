//! Translation of one LLVM function into a kernel-IR function.

use super::llvm::{IntPred, Opcode, RealPred, RmwOp, TypeKind, ValueKind, B, T, V};
use super::types::{self, leaf_range, leaf_types, leaves, memory_splittable, TypeError};
use super::ModCx;
use crate::diag::{Diagnostic, Location};
use crate::ir::*;
use std::collections::{HashMap, HashSet};

pub(crate) type Res<T> = Result<T, Diagnostic>;

/// The kernel-IR signature of a function.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Sig {
    /// Flattened parameter types (with the trailing result slot when `sret`).
    pub params: Vec<Type>,
    pub ret: Option<Type>,
    /// The function returns a vector or aggregate: it takes a trailing `ptr.local` to a
    /// caller-allocated slot and stores the result there (the kernel IR returns at most
    /// one scalar).
    pub sret: bool,
}

/// The kernel-IR signature of a function: flattened parameter types and the return type.
pub(crate) fn signature(cx: &ModCx<'_>, f: V<'_>) -> Result<Sig, TypeError> {
    let mut params = Vec::new();
    for p in f.params() {
        params.extend(leaf_types(cx.llvm, p.ty())?);
    }
    let fty = f
        .function_type()
        .ok_or_else(|| TypeError("function without a function type".into()))?;
    if fty.fn_is_vararg() {
        return Err(TypeError("variadic functions are not supported".into()));
    }
    let (ret, sret) = return_type(cx, fty)?;
    if sret {
        params.push(Type::Ptr(AddrSpace::Local));
    }
    Ok(Sig { params, ret, sret })
}

/// The scalar return type, or whether the result goes through a slot.
fn return_type(cx: &ModCx<'_>, fty: T<'_>) -> Result<(Option<Type>, bool), TypeError> {
    match fty.fn_return() {
        None => Ok((None, false)),
        Some(r) if r.kind() == TypeKind::LLVMVoidTypeKind => Ok((None, false)),
        Some(r) if types::is_scalar(r) => Ok((Some(types::scalar_type(r)?), false)),
        Some(r) => {
            if !memory_splittable(r) {
                return Err(TypeError(format!("functions returning {}", r.print())));
            }
            leaves(cx.llvm, r)?;
            Ok((None, true))
        }
    }
}

/// The bit pattern of a floating-point constant of kernel-IR type `ty`.
pub(crate) fn float_bits(c: V<'_>, ty: Type) -> Option<u64> {
    let d = c.const_real()?;
    match ty {
        Type::F64 => Some(if d.is_nan() {
            hex_of_print(c).unwrap_or(d.to_bits())
        } else {
            d.to_bits()
        }),
        Type::F32 => {
            if d.is_nan() {
                // LLVM prints a float NaN as the double with the same payload.
                let b = hex_of_print(c).unwrap_or(0x7ff8_0000_0000_0000);
                let sign = (b >> 63) << 31;
                Some(sign | (0xff << 23) | ((b >> 29) & 0x7f_ffff))
            } else {
                Some(u64::from((d as f32).to_bits()))
            }
        }
        Type::F16 | Type::BF16 => {
            // Always printed in hex: `half 0xH3C00`, `bfloat 0xR3F80`.
            let text = c.print();
            let marker = if ty == Type::F16 { "0xH" } else { "0xR" };
            let pos = text.find(marker)?;
            let hex: String = text[pos + 3..]
                .chars()
                .take_while(|ch| ch.is_ascii_hexdigit())
                .collect();
            u64::from_str_radix(&hex, 16).ok().filter(|v| *v <= 0xffff)
        }
        _ => None,
    }
}

fn hex_of_print(c: V<'_>) -> Option<u64> {
    let text = c.print();
    let pos = text.find("0x")?;
    let hex: String = text[pos + 2..]
        .chars()
        .take_while(|ch| ch.is_ascii_hexdigit())
        .collect();
    u64::from_str_radix(&hex, 16).ok()
}

fn sext(v: u64, bits: u32) -> i64 {
    if bits >= 64 || bits == 0 {
        v as i64
    } else {
        let shift = 64 - bits;
        ((v << shift) as i64) >> shift
    }
}

/// Translate one function.
pub(crate) fn lower_function<'m>(
    cx: &ModCx<'m>,
    fv: V<'m>,
    kind: FuncKind,
    name: &str,
    display: &str,
) -> Res<Function> {
    let mut f = Function::new(name, kind);
    f.display_name = display.to_string();
    f.loc = fv.debug_loc().map(|(line, col)| SrcLoc { line, col });
    let mut lw = FnLower {
        cx,
        f,
        vals: HashMap::new(),
        blocks: HashMap::new(),
        cur: Block(0),
        consts: HashMap::new(),
        num_consts: HashMap::new(),
        loc: None,
        cur_inst: None,
        sret: None,
    };
    lw.cur = lw.f.entry;
    lw.params(fv)?;
    lw.body(fv)?;
    Ok(lw.f)
}

pub(crate) struct FnLower<'a, 'm> {
    pub cx: &'a ModCx<'m>,
    pub f: Function,
    vals: HashMap<V<'m>, Vec<Value>>,
    blocks: HashMap<B<'m>, Block>,
    pub cur: Block,
    /// Constants materialized in the current block.
    consts: HashMap<V<'m>, Vec<Value>>,
    num_consts: HashMap<(Type, u64), Value>,
    loc: Option<SrcLoc>,
    cur_inst: Option<V<'m>>,
    /// The result slot of a function returning an aggregate.
    sret: Option<Value>,
}

impl<'a, 'm> FnLower<'a, 'm> {
    // ---- diagnostics ----

    pub fn err(&self, code: &'static str, msg: impl Into<String>) -> Diagnostic {
        let mut loc = Location {
            file: Some(self.cx.source.clone()),
            function: Some(self.f.display_name.clone()),
            ..Default::default()
        };
        let mut note = None;
        if let Some(i) = self.cur_inst {
            loc.op = Some(i.print());
            if let Some((line, col)) = i.debug_loc() {
                // The line is in the source the IR was compiled from.
                if let Some(file) = i.debug_file() {
                    note = Some(format!("in {}", self.cx.source));
                    loc.file = Some(file);
                }
                loc.line = Some(line);
                loc.col = (col != 0).then_some(col);
            }
        }
        let d = Diagnostic::new(code, msg).at(loc);
        match note {
            Some(n) => d.with_note(n),
            None => d,
        }
    }

    pub fn ty_err(&self, e: TypeError) -> Diagnostic {
        self.err("unsupported-type", format!("unsupported {}", e.0))
    }

    fn internal(&self, msg: impl Into<String>) -> Diagnostic {
        self.err("bad-llvm-ir", msg)
    }

    // ---- emission ----

    pub fn emit(&mut self, op: Op, ty: Type) -> Value {
        let v = Value::from_index(self.f.values.len());
        let inst = self.f.create_inst(op, Some(ty), self.loc);
        self.f.blocks[self.cur.index()].insts.push(inst);
        v
    }

    pub fn emit_void(&mut self, op: Op) {
        let inst = self.f.create_inst(op, None, self.loc);
        self.f.blocks[self.cur.index()].insts.push(inst);
    }

    /// A constant of type `ty` (bits are masked to the type), shared within a block.
    pub fn konst(&mut self, ty: Type, bits: u64) -> Value {
        let bits = if ty.is_ptr() { bits } else { bits & ty.mask() };
        if let Some(&v) = self.num_consts.get(&(ty, bits)) {
            return v;
        }
        let v = self.emit(Op::Const { bits }, ty);
        self.num_consts.insert((ty, bits), v);
        v
    }

    /// An `alloca` at the start of the entry block (allocated once per call, not once per
    /// execution of the instruction that needs it).
    pub fn entry_alloca(&mut self, bytes: u64, align: u64) -> Value {
        let v = Value::from_index(self.f.values.len());
        let inst = self.f.create_inst(
            Op::Alloca { bytes, align },
            Some(Type::Ptr(AddrSpace::Local)),
            self.loc,
        );
        let entry = self.f.entry;
        self.f.blocks[entry.index()].insts.insert(0, inst);
        v
    }

    pub fn switch_to(&mut self, b: Block) {
        self.cur = b;
        self.consts.clear();
        self.num_consts.clear();
    }

    pub fn ty(&self, v: Value) -> Type {
        self.f.value_type(v)
    }

    pub fn leaf_types(&self, t: T<'m>) -> Res<Vec<Type>> {
        leaf_types(self.cx.llvm, t).map_err(|e| self.ty_err(e))
    }

    pub fn scalar(&self, t: T<'m>) -> Res<Type> {
        types::scalar_type(t).map_err(|e| self.ty_err(e))
    }

    // ---- values ----

    /// The kernel-IR values (leaves) of an LLVM value.
    pub fn get(&mut self, v: V<'m>) -> Res<Vec<Value>> {
        if let Some(x) = self.vals.get(&v) {
            return Ok(x.clone());
        }
        match v.kind() {
            ValueKind::LLVMInstructionValueKind | ValueKind::LLVMArgumentValueKind => Err(self
                .internal(format!(
                    "value {} is used where its definition is not available",
                    v.print()
                ))),
            _ => {
                if let Some(x) = self.consts.get(&v) {
                    return Ok(x.clone());
                }
                let x = self.constant(v)?;
                self.consts.insert(v, x.clone());
                Ok(x)
            }
        }
    }

    /// The single kernel-IR value of a scalar LLVM value.
    pub fn get1(&mut self, v: V<'m>) -> Res<Value> {
        let x = self.get(v)?;
        match x.as_slice() {
            [one] => Ok(*one),
            _ => Err(self.err(
                "unsupported-type",
                format!("expected a scalar operand, got {}", v.ty().print()),
            )),
        }
    }

    fn zeros(&mut self, t: T<'m>) -> Res<Vec<Value>> {
        let tys = self.leaf_types(t)?;
        Ok(tys.into_iter().map(|ty| self.konst(ty, 0)).collect())
    }

    fn constant(&mut self, c: V<'m>) -> Res<Vec<Value>> {
        match c.kind() {
            ValueKind::LLVMConstantIntValueKind => {
                let ty = self.scalar(c.ty())?;
                let bits = c.const_int().ok_or_else(|| {
                    self.err("unsupported-type", format!("constant {}", c.print()))
                })?;
                Ok(vec![self.konst(ty, bits)])
            }
            ValueKind::LLVMConstantFPValueKind => {
                let ty = self.scalar(c.ty())?;
                let bits = float_bits(c, ty).ok_or_else(|| {
                    self.err("unsupported-type", format!("float constant {}", c.print()))
                })?;
                Ok(vec![self.konst(ty, bits)])
            }
            ValueKind::LLVMConstantPointerNullValueKind
            | ValueKind::LLVMUndefValueValueKind
            | ValueKind::LLVMPoisonValueKind
            | ValueKind::LLVMConstantAggregateZeroValueKind => self.zeros(c.ty()),
            ValueKind::LLVMConstantArrayValueKind
            | ValueKind::LLVMConstantStructValueKind
            | ValueKind::LLVMConstantVectorValueKind
            | ValueKind::LLVMConstantDataArrayValueKind
            | ValueKind::LLVMConstantDataVectorValueKind => {
                let n = c.ty().aggregate_len();
                let mut out = Vec::new();
                for i in 0..n {
                    let e = u32::try_from(i)
                        .ok()
                        .and_then(|i| c.aggregate_element(i))
                        .ok_or_else(|| {
                            self.err("unsupported-type", format!("constant {}", c.print()))
                        })?;
                    out.extend(self.get(e)?);
                }
                Ok(out)
            }
            ValueKind::LLVMGlobalVariableValueKind => {
                let id = match self.cx.globals.get(&c) {
                    Some(Ok(id)) => *id,
                    Some(Err(d)) => {
                        let mut d = d.clone();
                        d.location.function = Some(self.f.display_name.clone());
                        return Err(d);
                    }
                    None => {
                        return Err(self.err(
                            "unsupported-global",
                            format!("use of LLVM-internal global @{}", c.name()),
                        ))
                    }
                };
                let ty =
                    super::globals::address_type(c).map_err(|m| self.err("unsupported-type", m))?;
                Ok(vec![self.emit(Op::GlobalAddr(id), ty)])
            }
            ValueKind::LLVMConstantExprValueKind => {
                let op = c
                    .opcode()
                    .ok_or_else(|| self.internal("constant expression without opcode"))?;
                self.user(c, op)
            }
            ValueKind::LLVMFunctionValueKind => Err(self.err(
                "unsupported-instruction",
                format!(
                    "function pointers (@{}) are not supported (only direct calls)",
                    c.name()
                ),
            )),
            ValueKind::LLVMInlineAsmValueKind => Err(self.err(
                "unsupported-instruction",
                "inline assembly is not supported",
            )),
            _ => Err(self.err(
                "unsupported-instruction",
                format!("unsupported constant {}", c.print()),
            )),
        }
    }

    // ---- structure ----

    fn params(&mut self, fv: V<'m>) -> Res<()> {
        for p in fv.params() {
            let tys = self.leaf_types(p.ty())?;
            let name = p.name();
            let n = tys.len();
            let mut vs = Vec::new();
            for (k, ty) in tys.into_iter().enumerate() {
                let pname = match (name.is_empty(), n) {
                    (true, _) => None,
                    (false, 1) => Some(name.clone()),
                    (false, _) => Some(format!("{name}.{k}")),
                };
                vs.push(self.f.add_param(ty, pname));
            }
            self.vals.insert(p, vs);
        }
        let fty = fv
            .function_type()
            .ok_or_else(|| self.internal("function without a function type"))?;
        let (ret, sret) = return_type(self.cx, fty).map_err(|e| self.ty_err(e))?;
        self.f.ret = ret;
        if sret {
            let slot = self
                .f
                .add_param(Type::Ptr(AddrSpace::Local), Some("sret".to_string()));
            self.sret = Some(slot);
        }
        Ok(())
    }

    fn body(&mut self, fv: V<'m>) -> Res<()> {
        let llvm_blocks = fv.blocks();
        let Some(&entry) = llvm_blocks.first() else {
            return Err(self.internal("function without a body"));
        };
        // Reverse post-order over the LLVM CFG.
        let rpo = {
            let mut visited: HashSet<B<'m>> = HashSet::new();
            let mut post = Vec::new();
            let mut stack: Vec<(B<'m>, Vec<B<'m>>, usize)> = Vec::new();
            visited.insert(entry);
            let succ = |b: B<'m>| b.terminator().map(|t| t.successors()).unwrap_or_default();
            stack.push((entry, succ(entry), 0));
            while let Some((b, succs, i)) = stack.last_mut() {
                if *i < succs.len() {
                    let s = succs[*i];
                    *i += 1;
                    if visited.insert(s) {
                        let ss = succ(s);
                        stack.push((s, ss, 0));
                    }
                } else {
                    post.push(*b);
                    stack.pop();
                }
            }
            post.reverse();
            post
        };
        let reachable: HashSet<B<'m>> = rpo.iter().copied().collect();
        for &b in &llvm_blocks {
            if !reachable.contains(&b) {
                continue;
            }
            let name = b.name();
            let name = (!name.is_empty()).then_some(name);
            let kb = if b == entry {
                let e = self.f.entry;
                self.f.blocks[e.index()].name = name;
                e
            } else {
                self.f.create_block(name)
            };
            self.blocks.insert(b, kb);
        }
        // Phis -> block parameters.
        for &b in &rpo {
            let kb = self.blocks[&b];
            for i in b.instructions() {
                if i.opcode() != Some(Opcode::LLVMPHI) {
                    break;
                }
                self.cur_inst = Some(i);
                let tys = self.leaf_types(i.ty())?;
                let ps: Vec<Value> = tys
                    .into_iter()
                    .map(|ty| self.f.add_block_param(kb, ty))
                    .collect();
                self.vals.insert(i, ps);
            }
        }
        for &b in &rpo {
            let kb = self.blocks[&b];
            self.switch_to(kb);
            for i in b.instructions() {
                self.cur_inst = Some(i);
                self.loc = i.debug_loc().map(|(line, col)| SrcLoc { line, col });
                match i.opcode() {
                    Some(Opcode::LLVMPHI) => {}
                    Some(_) if is_terminator(i) => self.terminator(b, i)?,
                    Some(_) => self.inst(i)?,
                    None => return Err(self.internal("instruction without opcode")),
                }
            }
        }
        self.cur_inst = None;
        Ok(())
    }

    /// The block call for the CFG edge `from -> to` (arguments for `to`'s phis).
    fn edge(&mut self, from: B<'m>, to: B<'m>) -> Res<BlockCall> {
        let target = *self
            .blocks
            .get(&to)
            .ok_or_else(|| self.internal("branch to an unknown block"))?;
        let mut args = Vec::new();
        for phi in to.instructions() {
            if phi.opcode() != Some(Opcode::LLVMPHI) {
                break;
            }
            let incoming = phi
                .incoming()
                .into_iter()
                .find(|(_, b)| *b == from)
                .map(|(v, _)| v)
                .ok_or_else(|| self.internal("phi without a value for a predecessor"))?;
            args.extend(self.get(incoming)?);
        }
        Ok(BlockCall::new(target, args))
    }

    fn terminator(&mut self, b: B<'m>, i: V<'m>) -> Res<()> {
        let term = match i.opcode() {
            Some(Opcode::LLVMRet) => match (i.operand(0), self.sret) {
                (Some(v), Some(slot)) => {
                    let vals = self.get(v)?;
                    let ls = leaves(self.cx.llvm, v.ty()).map_err(|e| self.ty_err(e))?;
                    for (leaf, value) in ls.into_iter().zip(vals) {
                        let addr = self.ptr_offset(slot, leaf.offset);
                        self.emit_void(Op::Store { ptr: addr, value });
                    }
                    Terminator::Ret(None)
                }
                (Some(v), None) => Terminator::Ret(Some(self.get1(v)?)),
                (None, _) => Terminator::Ret(None),
            },
            Some(Opcode::LLVMBr) => {
                let succs = i.successors();
                match (i.num_operands(), succs.as_slice()) {
                    (1, [to]) => Terminator::Br(self.edge(b, *to)?),
                    (3, [t, e]) => {
                        let cond_v = i
                            .operand(0)
                            .ok_or_else(|| self.internal("conditional branch without condition"))?;
                        let cond = self.get1(cond_v)?;
                        let if_true = self.edge(b, *t)?;
                        let if_false = self.edge(b, *e)?;
                        if if_true == if_false {
                            Terminator::Br(if_true)
                        } else {
                            Terminator::CondBr {
                                cond,
                                if_true,
                                if_false,
                            }
                        }
                    }
                    _ => return Err(self.internal("malformed branch")),
                }
            }
            Some(Opcode::LLVMSwitch) => {
                let succs = i.successors();
                let value_v = i
                    .operand(0)
                    .ok_or_else(|| self.internal("switch without a value"))?;
                let value = self.get1(value_v)?;
                let mask = self.ty(value).mask();
                let Some((&default_b, case_bs)) = succs.split_first() else {
                    return Err(self.internal("switch without a default"));
                };
                let default = self.edge(b, default_b)?;
                let mut cases = Vec::new();
                for (k, &cb) in case_bs.iter().enumerate() {
                    let cv = i
                        .operand(2 + 2 * k as u32)
                        .and_then(|c| c.const_int())
                        .ok_or_else(|| {
                            self.err("unsupported-type", "switch case value wider than 64 bits")
                        })?;
                    let call = self.edge(b, cb)?;
                    cases.push((cv & mask, call));
                }
                Terminator::Switch {
                    value,
                    cases,
                    default,
                }
            }
            Some(Opcode::LLVMUnreachable) => Terminator::Unreachable,
            other => {
                return Err(self.err(
                    "unsupported-instruction",
                    format!("terminator {other:?} is not supported"),
                ))
            }
        };
        let cur = self.cur;
        self.f.set_terminator(cur, term);
        Ok(())
    }

    /// End the current block with `term` and continue in a fresh block that nothing
    /// branches to (for code after `llvm.trap`).
    pub fn end_block(&mut self, term: Terminator) {
        let cur = self.cur;
        self.f.set_terminator(cur, term);
        let fresh = self.f.create_block(None);
        self.switch_to(fresh);
    }

    // ---- instructions ----

    fn inst(&mut self, i: V<'m>) -> Res<()> {
        let op = i
            .opcode()
            .ok_or_else(|| self.internal("instruction without opcode"))?;
        let result = match op {
            Opcode::LLVMCall => self.call(i)?,
            Opcode::LLVMAlloca => Some(vec![self.alloca(i)?]),
            Opcode::LLVMLoad => Some(self.load(i)?),
            Opcode::LLVMStore => {
                self.store(i)?;
                None
            }
            Opcode::LLVMFence => {
                self.emit_void(Op::Fence);
                None
            }
            Opcode::LLVMAtomicRMW => Some(vec![self.atomic_rmw(i)?]),
            Opcode::LLVMAtomicCmpXchg => Some(self.cmpxchg(i)?),
            Opcode::LLVMExtractValue => {
                let agg_v = self.operand(i, 0)?;
                let agg = self.get(agg_v)?;
                let idx = i.agg_indices().unwrap_or_default();
                let (start, len, _) =
                    leaf_range(self.cx.llvm, agg_v.ty(), &idx).map_err(|e| self.ty_err(e))?;
                let part = agg
                    .get(start..start + len)
                    .ok_or_else(|| self.internal("extractvalue out of range"))?;
                Some(part.to_vec())
            }
            Opcode::LLVMInsertValue => {
                let agg_v = self.operand(i, 0)?;
                let mut agg = self.get(agg_v)?;
                let elem_v = self.operand(i, 1)?;
                let elem = self.get(elem_v)?;
                let idx = i.agg_indices().unwrap_or_default();
                let (start, len, _) =
                    leaf_range(self.cx.llvm, agg_v.ty(), &idx).map_err(|e| self.ty_err(e))?;
                if len != elem.len() || start + len > agg.len() {
                    return Err(self.internal("insertvalue out of range"));
                }
                agg[start..start + len].copy_from_slice(&elem);
                Some(agg)
            }
            Opcode::LLVMFreeze => {
                let v = self.operand(i, 0)?;
                Some(self.get(v)?)
            }
            _ => Some(self.user(i, op)?),
        };
        if let Some(vs) = result {
            self.vals.insert(i, vs);
        }
        Ok(())
    }

    pub fn operand(&self, u: V<'m>, k: u32) -> Res<V<'m>> {
        u.operand(k)
            .ok_or_else(|| self.internal(format!("missing operand {k}")))
    }

    /// Operations shared by instructions and constant expressions.
    fn user(&mut self, u: V<'m>, op: Opcode) -> Res<Vec<Value>> {
        use Opcode::*;
        match op {
            LLVMAdd | LLVMSub | LLVMMul | LLVMUDiv | LLVMSDiv | LLVMURem | LLVMSRem | LLVMShl
            | LLVMLShr | LLVMAShr | LLVMAnd | LLVMOr | LLVMXor | LLVMFAdd | LLVMFSub | LLVMFMul
            | LLVMFDiv | LLVMFRem => {
                let bop = match op {
                    LLVMAdd => BinaryOp::Add,
                    LLVMSub => BinaryOp::Sub,
                    LLVMMul => BinaryOp::Mul,
                    LLVMUDiv => BinaryOp::UDiv,
                    LLVMSDiv => BinaryOp::SDiv,
                    LLVMURem => BinaryOp::URem,
                    LLVMSRem => BinaryOp::SRem,
                    LLVMShl => BinaryOp::Shl,
                    LLVMLShr => BinaryOp::LShr,
                    LLVMAShr => BinaryOp::AShr,
                    LLVMAnd => BinaryOp::And,
                    LLVMOr => BinaryOp::Or,
                    LLVMXor => BinaryOp::Xor,
                    LLVMFAdd => BinaryOp::FAdd,
                    LLVMFSub => BinaryOp::FSub,
                    LLVMFMul => BinaryOp::FMul,
                    LLVMFDiv => BinaryOp::FDiv,
                    _ => BinaryOp::FRem,
                };
                if matches!(op, LLVMFAdd | LLVMFSub)
                    && (self.cx.contract_all || u.allows_contract())
                {
                    if let Some(vs) = self.try_contract(u, op)? {
                        return Ok(vs);
                    }
                }
                let a_v = self.operand(u, 0)?;
                let b_v = self.operand(u, 1)?;
                let a = self.get(a_v)?;
                let b = self.get(b_v)?;
                let tys = self.leaf_types(u.ty())?;
                self.lanes2(&a, &b, &tys, |_, x, y| Op::Binary(bop, x, y))
            }
            LLVMFNeg => {
                let a_v = self.operand(u, 0)?;
                let a = self.get(a_v)?;
                let tys = self.leaf_types(u.ty())?;
                self.lanes1(&a, &tys, |x| Op::Unary(UnaryOp::FNeg, x))
            }
            LLVMICmp => {
                let pred = u
                    .icmp_predicate()
                    .ok_or_else(|| self.internal("icmp without predicate"))?;
                let p = int_pred(pred);
                let a_v = self.operand(u, 0)?;
                let b_v = self.operand(u, 1)?;
                let a = self.get(a_v)?;
                let b = self.get(b_v)?;
                let tys = self.leaf_types(u.ty())?;
                self.lanes2(&a, &b, &tys, |_, x, y| Op::ICmp(p, x, y))
            }
            LLVMFCmp => {
                let pred = u
                    .fcmp_predicate()
                    .ok_or_else(|| self.internal("fcmp without predicate"))?;
                let p = float_pred(pred);
                let a_v = self.operand(u, 0)?;
                let b_v = self.operand(u, 1)?;
                let a = self.get(a_v)?;
                let b = self.get(b_v)?;
                let tys = self.leaf_types(u.ty())?;
                self.lanes2(&a, &b, &tys, |_, x, y| Op::FCmp(p, x, y))
            }
            LLVMSelect => {
                let c_v = self.operand(u, 0)?;
                let t_v = self.operand(u, 1)?;
                let e_v = self.operand(u, 2)?;
                let c = self.get(c_v)?;
                let t = self.get(t_v)?;
                let e = self.get(e_v)?;
                let tys = self.leaf_types(u.ty())?;
                if t.len() != tys.len() || e.len() != tys.len() {
                    return Err(self.internal("select operand shapes differ"));
                }
                let mut out = Vec::new();
                for k in 0..tys.len() {
                    let cond = if c.len() == 1 { c[0] } else { c[k] };
                    out.push(self.emit(
                        Op::Select {
                            cond,
                            if_true: t[k],
                            if_false: e[k],
                        },
                        tys[k],
                    ));
                }
                Ok(out)
            }
            LLVMTrunc | LLVMZExt | LLVMSExt | LLVMFPTrunc | LLVMFPExt | LLVMFPToUI | LLVMFPToSI
            | LLVMUIToFP | LLVMSIToFP | LLVMPtrToInt | LLVMIntToPtr => {
                let cop = match op {
                    LLVMTrunc => CastOp::Trunc,
                    LLVMZExt => CastOp::ZExt,
                    LLVMSExt => CastOp::SExt,
                    LLVMFPTrunc => CastOp::FpTrunc,
                    LLVMFPExt => CastOp::FpExt,
                    LLVMFPToUI => CastOp::FpToUi,
                    LLVMFPToSI => CastOp::FpToSi,
                    LLVMUIToFP => CastOp::UiToFp,
                    LLVMSIToFP => CastOp::SiToFp,
                    LLVMPtrToInt => CastOp::PtrToInt,
                    _ => CastOp::IntToPtr,
                };
                let a_v = self.operand(u, 0)?;
                let a = self.get(a_v)?;
                let tys = self.leaf_types(u.ty())?;
                self.lanes1(&a, &tys, |x| Op::Cast(cop, x))
            }
            LLVMAddrSpaceCast => {
                let a_v = self.operand(u, 0)?;
                let a = self.get(a_v)?;
                let tys = self.leaf_types(u.ty())?;
                if a.len() != tys.len() {
                    return Err(self.internal("addrspacecast shapes differ"));
                }
                Ok(a.iter()
                    .zip(&tys)
                    .map(|(&x, &t)| {
                        if self.ty(x) == t {
                            x
                        } else {
                            self.emit(Op::Cast(CastOp::AddrSpaceCast, x), t)
                        }
                    })
                    .collect())
            }
            LLVMBitCast => {
                let a_v = self.operand(u, 0)?;
                let a = self.get(a_v)?;
                let tys = self.leaf_types(u.ty())?;
                self.bitcast(&a, &tys)
            }
            LLVMGetElementPtr => Ok(vec![self.gep(u)?]),
            LLVMExtractElement => {
                let v_v = self.operand(u, 0)?;
                let i_v = self.operand(u, 1)?;
                let vec = self.get(v_v)?;
                let ety = self.scalar(u.ty())?;
                if let Some(k) = i_v.const_int() {
                    return Ok(vec![match vec.get(k as usize) {
                        Some(&x) => x,
                        None => self.konst(ety, 0),
                    }]);
                }
                let idx = self.get1(i_v)?;
                let ity = self.ty(idx);
                let mut acc = self.konst(ety, 0);
                for (k, &x) in vec.iter().enumerate() {
                    let kc = self.konst(ity, k as u64);
                    let hit = self.emit(Op::ICmp(IntPredicate::Eq, idx, kc), Type::I1);
                    acc = self.emit(
                        Op::Select {
                            cond: hit,
                            if_true: x,
                            if_false: acc,
                        },
                        ety,
                    );
                }
                Ok(vec![acc])
            }
            LLVMInsertElement => {
                let v_v = self.operand(u, 0)?;
                let e_v = self.operand(u, 1)?;
                let i_v = self.operand(u, 2)?;
                let mut vec = self.get(v_v)?;
                let elem = self.get1(e_v)?;
                if let Some(k) = i_v.const_int() {
                    if let Some(slot) = vec.get_mut(k as usize) {
                        *slot = elem;
                    }
                    return Ok(vec);
                }
                let idx = self.get1(i_v)?;
                let ity = self.ty(idx);
                let ety = self.ty(elem);
                for (k, slot) in vec.iter_mut().enumerate() {
                    let kc = self.konst(ity, k as u64);
                    let hit = self.emit(Op::ICmp(IntPredicate::Eq, idx, kc), Type::I1);
                    *slot = self.emit(
                        Op::Select {
                            cond: hit,
                            if_true: elem,
                            if_false: *slot,
                        },
                        ety,
                    );
                }
                Ok(vec)
            }
            LLVMShuffleVector => {
                let a_v = self.operand(u, 0)?;
                let b_v = self.operand(u, 1)?;
                let mut both = self.get(a_v)?;
                both.extend(self.get(b_v)?);
                let mask = u.shuffle_mask().ok_or_else(|| {
                    self.err(
                        "unsupported-instruction",
                        "shufflevector constant expressions are not supported",
                    )
                })?;
                let tys = self.leaf_types(u.ty())?;
                let mut out = Vec::new();
                for (k, m) in mask.into_iter().enumerate() {
                    let ty = tys.get(k).copied().unwrap_or(Type::I32);
                    out.push(match m.and_then(|m| both.get(m as usize)) {
                        Some(&x) => x,
                        None => self.konst(ty, 0),
                    });
                }
                Ok(out)
            }
            other => Err(self.err(
                "unsupported-instruction",
                format!("LLVM instruction {} is not supported", opcode_name(other)),
            )),
        }
    }

    /// Apply a one-operand op lane by lane.
    pub fn lanes1(
        &mut self,
        a: &[Value],
        tys: &[Type],
        mk: impl Fn(Value) -> Op,
    ) -> Res<Vec<Value>> {
        if a.len() != tys.len() {
            return Err(self.internal("operand and result shapes differ"));
        }
        Ok(a.iter()
            .zip(tys)
            .map(|(&x, &t)| self.emit(mk(x), t))
            .collect())
    }

    /// Apply a two-operand op lane by lane (`mk` gets the lane index too).
    pub fn lanes2(
        &mut self,
        a: &[Value],
        b: &[Value],
        tys: &[Type],
        mk: impl Fn(usize, Value, Value) -> Op,
    ) -> Res<Vec<Value>> {
        if a.len() != tys.len() || b.len() != tys.len() {
            return Err(self.internal("operand and result shapes differ"));
        }
        Ok((0..tys.len())
            .map(|k| self.emit(mk(k, a[k], b[k]), tys[k]))
            .collect())
    }

    /// Fuse `fadd`/`fsub` with a contractable `fmul` operand into `fma`, following the
    /// NVPTX backend's DAG combine (aggressive fusion).
    fn try_contract(&mut self, u: V<'m>, op: Opcode) -> Res<Option<Vec<Value>>> {
        let (Some(n0), Some(n1)) = (u.operand(0), u.operand(1)) else {
            return Ok(None);
        };
        let home = u.parent_block();
        let all = self.cx.contract_all;
        let is_cmul = |x: V<'m>| {
            x.is_instruction()
                && x.opcode() == Some(Opcode::LLVMFMul)
                && (all || x.allows_contract())
                && x.parent_block() == home
        };
        // (mul, addend, negate product, negate addend)
        let plan: Option<(V<'m>, V<'m>, bool, bool)> = if op == Opcode::LLVMFAdd {
            let (mut x, mut y) = (n0, n1);
            if is_cmul(x) && is_cmul(y) && x.use_count() > y.use_count() {
                std::mem::swap(&mut x, &mut y);
            }
            if is_cmul(x) {
                Some((x, y, false, false))
            } else if is_cmul(y) {
                Some((y, x, false, false))
            } else {
                None
            }
        } else if is_cmul(n0) && is_cmul(n1) && n0.use_count() > n1.use_count() {
            // fsub (fmul a, b), (fmul c, d) -> fma(-c, d, (fmul a, b))
            Some((n1, n0, true, false))
        } else if is_cmul(n0) {
            // fsub (fmul x, y), z -> fma(x, y, -z)
            Some((n0, n1, false, true))
        } else if is_cmul(n1) {
            // fsub x, (fmul y, z) -> fma(-y, z, x)
            Some((n1, n0, true, false))
        } else {
            None
        };
        let Some((mul, addend, neg_prod, neg_add)) = plan else {
            return Ok(None);
        };
        let x_v = self.operand(mul, 0)?;
        let y_v = self.operand(mul, 1)?;
        let x = self.get(x_v)?;
        let y = self.get(y_v)?;
        let z = self.get(addend)?;
        let tys = self.leaf_types(u.ty())?;
        if x.len() != tys.len() || y.len() != tys.len() || z.len() != tys.len() {
            return Ok(None);
        }
        let mut out = Vec::new();
        for k in 0..tys.len() {
            let t = tys[k];
            let a = if neg_prod {
                self.emit(Op::Unary(UnaryOp::FNeg, x[k]), t)
            } else {
                x[k]
            };
            let c = if neg_add {
                self.emit(Op::Unary(UnaryOp::FNeg, z[k]), t)
            } else {
                z[k]
            };
            out.push(self.emit(Op::Fma(a, y[k], c), t));
        }
        Ok(Some(out))
    }

    /// Reinterpret the bits of `a` (leaves) as the leaves `tys`.
    fn bitcast(&mut self, a: &[Value], tys: &[Type]) -> Res<Vec<Value>> {
        let src: Vec<Type> = a.iter().map(|&x| self.ty(x)).collect();
        if src == tys {
            return Ok(a.to_vec());
        }
        if let ([x], [t]) = (a, tys) {
            let s = self.ty(*x);
            if s.bits() == t.bits() && !s.is_ptr() && !t.is_ptr() {
                return Ok(vec![self.emit(Op::Cast(CastOp::Bitcast, *x), *t)]);
            }
        }
        // Vector <-> scalar: pack into one integer, little-endian lanes, and unpack.
        let total: u32 = src.iter().map(|t| t.bits()).sum();
        let total_dst: u32 = tys.iter().map(|t| t.bits()).sum();
        if total != total_dst || src.iter().chain(tys).any(|t| t.is_ptr()) {
            return Err(self.err(
                "unsupported-instruction",
                "bitcast between these types is not supported",
            ));
        }
        let Some(wide) = Type::int_of_bits(total) else {
            return Err(self.err(
                "unsupported-instruction",
                format!("bitcast through a {total}-bit integer is not supported"),
            ));
        };
        let mut acc = self.konst(wide, 0);
        let mut shift = 0u32;
        for (&x, &t) in a.iter().zip(&src) {
            let as_int = self.int_bits_of(x, t);
            let ext = if t.bits() < wide.bits() {
                self.emit(Op::Cast(CastOp::ZExt, as_int), wide)
            } else {
                as_int
            };
            let shifted = if shift > 0 {
                let s = self.konst(wide, u64::from(shift));
                self.emit(Op::Binary(BinaryOp::Shl, ext, s), wide)
            } else {
                ext
            };
            acc = self.emit(Op::Binary(BinaryOp::Or, acc, shifted), wide);
            shift += t.bits();
        }
        let mut out = Vec::new();
        let mut shift = 0u32;
        for &t in tys {
            let part = if shift > 0 {
                let s = self.konst(wide, u64::from(shift));
                self.emit(Op::Binary(BinaryOp::LShr, acc, s), wide)
            } else {
                acc
            };
            let ity = Type::int_of_bits(t.bits()).unwrap_or(Type::I32);
            let narrowed = if ity.bits() < wide.bits() {
                self.emit(Op::Cast(CastOp::Trunc, part), ity)
            } else {
                part
            };
            out.push(if t.is_float() {
                self.emit(Op::Cast(CastOp::Bitcast, narrowed), t)
            } else {
                narrowed
            });
            shift += t.bits();
        }
        Ok(out)
    }

    fn int_bits_of(&mut self, x: Value, t: Type) -> Value {
        if t.is_float() {
            let ity = Type::int_of_bits(t.bits()).unwrap_or(Type::I32);
            self.emit(Op::Cast(CastOp::Bitcast, x), ity)
        } else {
            x
        }
    }

    /// An `i64` from an integer index (sign-extended or truncated, as GEP indices are).
    pub fn index_i64(&mut self, x: Value, signed: bool) -> Value {
        let t = self.ty(x);
        match t.bits().cmp(&64) {
            std::cmp::Ordering::Equal => x,
            std::cmp::Ordering::Less => {
                let op = if signed { CastOp::SExt } else { CastOp::ZExt };
                self.emit(Op::Cast(op, x), Type::I64)
            }
            std::cmp::Ordering::Greater => self.emit(Op::Cast(CastOp::Trunc, x), Type::I64),
        }
    }

    /// `ptr + offset` (no op for a zero constant offset).
    pub fn ptr_offset(&mut self, ptr: Value, offset: u64) -> Value {
        if offset == 0 {
            return ptr;
        }
        let off = self.konst(Type::I64, offset);
        let t = self.ty(ptr);
        self.emit(Op::PtrAdd { ptr, offset: off }, t)
    }

    fn gep(&mut self, u: V<'m>) -> Res<Value> {
        let base_v = self.operand(u, 0)?;
        if !types::is_scalar(base_v.ty()) {
            return Err(self.err("unsupported-instruction", "vector GEPs are not supported"));
        }
        let base = self.get1(base_v)?;
        let mut cur = u
            .gep_source_type()
            .ok_or_else(|| self.internal("GEP without a source element type"))?;
        let mut const_off: i64 = 0;
        let mut terms: Vec<Value> = Vec::new();
        let n = u.num_operands();
        for k in 1..n {
            let idx_v = self.operand(u, k)?;
            if !types::is_scalar(idx_v.ty()) {
                return Err(self.err(
                    "unsupported-instruction",
                    "GEPs with vector indices are not supported",
                ));
            }
            let stride = if k == 1 {
                self.cx.llvm.alloc_size(cur)
            } else {
                match cur.kind() {
                    TypeKind::LLVMStructTypeKind => {
                        let field = idx_v
                            .const_int()
                            .ok_or_else(|| self.internal("GEP struct index is not a constant"))?;
                        let fi = u32::try_from(field)
                            .map_err(|_| self.internal("GEP struct index out of range"))?;
                        let off = self
                            .cx
                            .llvm
                            .field_offset(cur, fi)
                            .ok_or_else(|| self.internal("GEP struct index out of range"))?;
                        const_off = const_off.wrapping_add(off as i64);
                        cur = cur
                            .struct_field(fi)
                            .ok_or_else(|| self.internal("GEP struct index out of range"))?;
                        continue;
                    }
                    TypeKind::LLVMArrayTypeKind | TypeKind::LLVMVectorTypeKind => {
                        cur = cur
                            .element_type()
                            .ok_or_else(|| self.internal("GEP into a malformed type"))?;
                        self.cx.llvm.alloc_size(cur)
                    }
                    _ => return Err(self.internal("GEP indexes into a scalar type")),
                }
            };
            if let Some(c) = idx_v.const_int() {
                let w = idx_v.ty().int_width().unwrap_or(64);
                const_off = const_off.wrapping_add(sext(c, w).wrapping_mul(stride as i64));
                continue;
            }
            let idx = self.get1(idx_v)?;
            let wide = self.index_i64(idx, true);
            let term = if stride == 1 {
                wide
            } else {
                let s = self.konst(Type::I64, stride);
                self.emit(Op::Binary(BinaryOp::Mul, wide, s), Type::I64)
            };
            terms.push(term);
        }
        let mut total: Option<Value> = None;
        for t in terms {
            total = Some(match total {
                None => t,
                Some(acc) => self.emit(Op::Binary(BinaryOp::Add, acc, t), Type::I64),
            });
        }
        if const_off != 0 {
            let c = self.konst(Type::I64, const_off as u64);
            total = Some(match total {
                None => c,
                Some(acc) => self.emit(Op::Binary(BinaryOp::Add, acc, c), Type::I64),
            });
        }
        Ok(match total {
            None => base,
            Some(offset) => {
                let t = self.ty(base);
                self.emit(Op::PtrAdd { ptr: base, offset }, t)
            }
        })
    }

    fn alloca(&mut self, i: V<'m>) -> Res<Value> {
        let t = i
            .allocated_type()
            .ok_or_else(|| self.internal("alloca without a type"))?;
        if !t.is_sized() {
            return Err(self.err("unsupported-type", "alloca of an unsized type"));
        }
        let count_v = self.operand(i, 0)?;
        let count = count_v.const_int().ok_or_else(|| {
            self.err(
                "unsupported-instruction",
                "allocas with a dynamic element count are not supported",
            )
        })?;
        let bytes = self
            .cx
            .llvm
            .alloc_size(t)
            .checked_mul(count)
            .ok_or_else(|| self.err("unsupported-type", "alloca size overflows"))?;
        let align = match i.alignment() {
            0 => self.cx.llvm.abi_align(t),
            a => u64::from(a),
        };
        let local = Type::Ptr(AddrSpace::Local);
        let p = self.emit(
            Op::Alloca {
                bytes,
                align: align.max(1),
            },
            local,
        );
        let want = self.scalar(i.ty())?;
        Ok(if want == local {
            p
        } else {
            self.emit(Op::Cast(CastOp::AddrSpaceCast, p), want)
        })
    }

    fn load(&mut self, i: V<'m>) -> Res<Vec<Value>> {
        let p_v = self.operand(i, 0)?;
        let ptr = self.get1(p_v)?;
        let t = i.ty();
        if !memory_splittable(t) {
            return Err(self.err(
                "unsupported-type",
                format!("loads of {} are not supported", t.print()),
            ));
        }
        let ls = leaves(self.cx.llvm, t).map_err(|e| self.ty_err(e))?;
        let mut out = Vec::new();
        for leaf in ls {
            let addr = self.ptr_offset(ptr, leaf.offset);
            out.push(self.emit(Op::Load { ptr: addr }, leaf.ty));
        }
        Ok(out)
    }

    fn store(&mut self, i: V<'m>) -> Res<()> {
        let v_v = self.operand(i, 0)?;
        let p_v = self.operand(i, 1)?;
        let vals = self.get(v_v)?;
        let ptr = self.get1(p_v)?;
        let t = v_v.ty();
        if !memory_splittable(t) {
            return Err(self.err(
                "unsupported-type",
                format!("stores of {} are not supported", t.print()),
            ));
        }
        let ls = leaves(self.cx.llvm, t).map_err(|e| self.ty_err(e))?;
        if ls.len() != vals.len() {
            return Err(self.internal("store value shape differs from its type"));
        }
        for (leaf, value) in ls.into_iter().zip(vals) {
            let addr = self.ptr_offset(ptr, leaf.offset);
            self.emit_void(Op::Store { ptr: addr, value });
        }
        Ok(())
    }

    fn atomic_rmw(&mut self, i: V<'m>) -> Res<Value> {
        let p_v = self.operand(i, 0)?;
        let v_v = self.operand(i, 1)?;
        let ptr = self.get1(p_v)?;
        let mut value = self.get1(v_v)?;
        let t = self.scalar(i.ty())?;
        let rmw = i
            .rmw_op()
            .ok_or_else(|| self.internal("atomicrmw without an operation"))?;
        let op = match rmw {
            RmwOp::LLVMAtomicRMWBinOpXchg => AtomicOp::Exch,
            RmwOp::LLVMAtomicRMWBinOpAdd => AtomicOp::Add,
            RmwOp::LLVMAtomicRMWBinOpSub => AtomicOp::Sub,
            RmwOp::LLVMAtomicRMWBinOpAnd => AtomicOp::And,
            RmwOp::LLVMAtomicRMWBinOpOr => AtomicOp::Or,
            RmwOp::LLVMAtomicRMWBinOpXor => AtomicOp::Xor,
            RmwOp::LLVMAtomicRMWBinOpMax => AtomicOp::SMax,
            RmwOp::LLVMAtomicRMWBinOpMin => AtomicOp::SMin,
            RmwOp::LLVMAtomicRMWBinOpUMax => AtomicOp::UMax,
            RmwOp::LLVMAtomicRMWBinOpUMin => AtomicOp::UMin,
            RmwOp::LLVMAtomicRMWBinOpFAdd => AtomicOp::FAdd,
            RmwOp::LLVMAtomicRMWBinOpFSub => {
                // x - v == x + (-v) exactly (IEEE, any rounding of the sum is the same).
                value = self.emit(Op::Unary(UnaryOp::FNeg, value), t);
                AtomicOp::FAdd
            }
            RmwOp::LLVMAtomicRMWBinOpFMax => AtomicOp::FMax,
            RmwOp::LLVMAtomicRMWBinOpFMin => AtomicOp::FMin,
            RmwOp::LLVMAtomicRMWBinOpUIncWrap => AtomicOp::Inc,
            RmwOp::LLVMAtomicRMWBinOpUDecWrap => AtomicOp::Dec,
            RmwOp::LLVMAtomicRMWBinOpNand => {
                return Err(self.err("unsupported-instruction", "atomicrmw nand is not supported"))
            }
        };
        Ok(self.emit(Op::Atomic { op, ptr, value }, t))
    }

    fn cmpxchg(&mut self, i: V<'m>) -> Res<Vec<Value>> {
        let p_v = self.operand(i, 0)?;
        let e_v = self.operand(i, 1)?;
        let n_v = self.operand(i, 2)?;
        let ptr = self.get1(p_v)?;
        let expected = self.get1(e_v)?;
        let new = self.get1(n_v)?;
        let t = self.ty(expected);
        let old = self.emit(Op::AtomicCas { ptr, expected, new }, t);
        let ok = self.emit(Op::ICmp(IntPredicate::Eq, old, expected), Type::I1);
        Ok(vec![old, ok])
    }
}

fn is_terminator(i: V<'_>) -> bool {
    matches!(
        i.opcode(),
        Some(
            Opcode::LLVMRet
                | Opcode::LLVMBr
                | Opcode::LLVMSwitch
                | Opcode::LLVMIndirectBr
                | Opcode::LLVMInvoke
                | Opcode::LLVMUnreachable
                | Opcode::LLVMCallBr
                | Opcode::LLVMResume
                | Opcode::LLVMCleanupRet
                | Opcode::LLVMCatchRet
                | Opcode::LLVMCatchSwitch
        )
    )
}

fn opcode_name(op: Opcode) -> String {
    let s = format!("{op:?}");
    s.strip_prefix("LLVM").unwrap_or(&s).to_lowercase()
}

fn int_pred(p: IntPred) -> IntPredicate {
    match p {
        IntPred::LLVMIntEQ => IntPredicate::Eq,
        IntPred::LLVMIntNE => IntPredicate::Ne,
        IntPred::LLVMIntUGT => IntPredicate::Ugt,
        IntPred::LLVMIntUGE => IntPredicate::Uge,
        IntPred::LLVMIntULT => IntPredicate::Ult,
        IntPred::LLVMIntULE => IntPredicate::Ule,
        IntPred::LLVMIntSGT => IntPredicate::Sgt,
        IntPred::LLVMIntSGE => IntPredicate::Sge,
        IntPred::LLVMIntSLT => IntPredicate::Slt,
        IntPred::LLVMIntSLE => IntPredicate::Sle,
    }
}

fn float_pred(p: RealPred) -> FloatPredicate {
    match p {
        RealPred::LLVMRealPredicateFalse => FloatPredicate::False,
        RealPred::LLVMRealOEQ => FloatPredicate::Oeq,
        RealPred::LLVMRealOGT => FloatPredicate::Ogt,
        RealPred::LLVMRealOGE => FloatPredicate::Oge,
        RealPred::LLVMRealOLT => FloatPredicate::Olt,
        RealPred::LLVMRealOLE => FloatPredicate::Ole,
        RealPred::LLVMRealONE => FloatPredicate::One,
        RealPred::LLVMRealORD => FloatPredicate::Ord,
        RealPred::LLVMRealUNO => FloatPredicate::Uno,
        RealPred::LLVMRealUEQ => FloatPredicate::Ueq,
        RealPred::LLVMRealUGT => FloatPredicate::Ugt,
        RealPred::LLVMRealUGE => FloatPredicate::Uge,
        RealPred::LLVMRealULT => FloatPredicate::Ult,
        RealPred::LLVMRealULE => FloatPredicate::Ule,
        RealPred::LLVMRealUNE => FloatPredicate::Une,
        RealPred::LLVMRealPredicateTrue => FloatPredicate::True,
    }
}
