//! The kernel-IR verifier: run after every frontend and transformation.
//!
//! Checks that every entity reference is in range, every instruction sits in exactly one
//! block, every use is dominated by its definition (SSA), block arguments match block
//! parameters, and operand/result types agree with each op's rules.

use super::print::inst_to_string;
use super::*;
use crate::diag::{Diagnostic, Location};

/// Verify every function of the module; the first problem found is returned.
pub fn verify_module(module: &Module) -> Result<(), Diagnostic> {
    for (i, g) in module.globals.iter().enumerate() {
        if let Some(init) = &g.init {
            if init.len() as u64 != g.bytes {
                return Err(Diagnostic::new(
                    "invalid-kernel-ir",
                    format!(
                        "global {} '{}' has {} initializer bytes for size {}",
                        GlobalId::from_index(i),
                        g.name,
                        init.len(),
                        g.bytes
                    ),
                ));
            }
        }
    }
    for f in &module.functions {
        verify_function(module, f)?;
    }
    Ok(())
}

struct Checker<'a> {
    module: &'a Module,
    f: &'a Function,
}

impl Checker<'_> {
    fn err(&self, msg: impl Into<String>) -> Diagnostic {
        Diagnostic::new("invalid-kernel-ir", msg).at(Location::in_function(self.f.name.clone()))
    }
    fn err_at(&self, inst: Inst, msg: impl Into<String>) -> Diagnostic {
        self.err(msg).at(
            Location::in_function(self.f.name.clone()).with_op(inst_to_string(
                self.module,
                self.f,
                inst,
            )),
        )
    }
}

/// Verify one function.
pub fn verify_function(module: &Module, f: &Function) -> Result<(), Diagnostic> {
    let c = Checker { module, f };
    let nvalues = f.values.len();
    let nblocks = f.blocks.len();
    if f.entry.index() >= nblocks {
        return Err(c.err("entry block out of range"));
    }
    if !f.blocks[f.entry.index()].params.is_empty() {
        return Err(c.err("the entry block must not have parameters"));
    }
    if f.param_names.len() != f.params.len() {
        return Err(c.err("parameter names and parameters differ in number"));
    }
    // Placement: each instruction in exactly one block; remember (block, position).
    let mut place: Vec<Option<(Block, usize)>> = vec![None; f.insts.len()];
    for b in f.block_ids() {
        for (pos, &inst) in f.block(b).insts.iter().enumerate() {
            if inst.index() >= f.insts.len() {
                return Err(c.err(format!("{b} names instruction {inst} out of range")));
            }
            if place[inst.index()].is_some() {
                return Err(c.err(format!("instruction {inst} is placed twice")));
            }
            place[inst.index()] = Some((b, pos));
        }
    }
    // Definitions are consistent with the value table.
    for (i, &p) in f.params.iter().enumerate() {
        if p.index() >= nvalues || f.value_def(p) != ValueDef::Param(i as u32) {
            return Err(c.err(format!("parameter {i} is not defined as a parameter")));
        }
    }
    for b in f.block_ids() {
        for (i, &p) in f.block(b).params.iter().enumerate() {
            if p.index() >= nvalues || f.value_def(p) != ValueDef::BlockParam(b, i as u32) {
                return Err(c.err(format!(
                    "parameter {i} of {b} is not defined as a block parameter"
                )));
            }
        }
    }
    for (i, data) in f.insts.iter().enumerate() {
        if let Some(r) = data.result {
            if r.index() >= nvalues || f.value_def(r) != ValueDef::Inst(Inst::from_index(i)) {
                return Err(c.err(format!("result of inst{i} is not defined by it")));
            }
        }
    }

    let idom = f.immediate_dominators();
    let reachable: Vec<bool> = {
        let mut r = vec![false; nblocks];
        for b in f.reverse_post_order() {
            r[b.index()] = true;
        }
        r
    };
    let dominates = |a: Block, mut b: Block| -> bool {
        loop {
            if a == b {
                return true;
            }
            match idom[b.index()] {
                Some(d) if d != b => b = d,
                _ => return false,
            }
        }
    };
    // `v` is available at position `pos` of block `b` (a use there).
    let available = |v: Value, b: Block, pos: usize| -> Result<(), String> {
        if v.index() >= nvalues {
            return Err(format!("uses {v}, which does not exist"));
        }
        if !reachable[b.index()] {
            return Ok(());
        }
        match f.value_def(v) {
            ValueDef::Param(_) => Ok(()),
            ValueDef::BlockParam(db, _) => {
                if dominates(db, b) {
                    Ok(())
                } else {
                    Err(format!(
                        "uses {v}, a parameter of {db}, which does not dominate {b}"
                    ))
                }
            }
            ValueDef::Inst(di) => match place.get(di.index()).copied().flatten() {
                None => Err(format!("uses {v}, defined by an unplaced instruction")),
                Some((db, dpos)) => {
                    if db == b {
                        if dpos < pos {
                            Ok(())
                        } else {
                            Err(format!("uses {v} before its definition"))
                        }
                    } else if dominates(db, b) {
                        Ok(())
                    } else {
                        Err(format!(
                            "uses {v}, whose definition in {db} does not dominate {b}"
                        ))
                    }
                }
            },
        }
    };

    for b in f.block_ids() {
        let data = f.block(b);
        for (pos, &inst) in data.insts.iter().enumerate() {
            for v in f.inst(inst).op.operands() {
                available(v, b, pos).map_err(|m| c.err_at(inst, m))?;
            }
            check_types(&c, inst)?;
        }
        let end = data.insts.len();
        let term = &data.term;
        for v in term.own_operands() {
            available(v, b, end).map_err(|m| c.err(format!("terminator of {b} {m}")))?;
        }
        for call in term.successors() {
            if call.block.index() >= nblocks {
                return Err(c.err(format!(
                    "{b} branches to {} which does not exist",
                    call.block
                )));
            }
            if call.block == f.entry {
                return Err(c.err(format!("{b} branches to the entry block")));
            }
            let params = &f.block(call.block).params;
            if params.len() != call.args.len() {
                return Err(c.err(format!(
                    "{b} passes {} arguments to {}, which has {} parameters",
                    call.args.len(),
                    call.block,
                    params.len()
                )));
            }
            for (&a, &p) in call.args.iter().zip(params) {
                available(a, b, end).map_err(|m| c.err(format!("terminator of {b} {m}")))?;
                if f.value_type(a) != f.value_type(p) {
                    return Err(c.err(format!(
                        "{b} passes {a}: {} to {p}: {} of {}",
                        f.value_type(a),
                        f.value_type(p),
                        call.block
                    )));
                }
            }
        }
        match term {
            Terminator::CondBr { cond, .. } if f.value_type(*cond) != Type::I1 => {
                return Err(c.err(format!("condbr in {b} on a non-i1 value {cond}")));
            }
            Terminator::Switch { value, .. } if !f.value_type(*value).is_int() => {
                return Err(c.err(format!("switch in {b} on a non-integer value {value}")));
            }
            Terminator::Ret(v) => {
                let got = v.map(|v| f.value_type(v));
                if got != f.ret {
                    return Err(c.err(format!(
                        "ret in {b} gives {got:?}, function returns {:?}",
                        f.ret
                    )));
                }
            }
            _ => {}
        }
    }
    Ok(())
}

fn check_types(c: &Checker<'_>, inst: Inst) -> Result<(), Diagnostic> {
    let f = c.f;
    let data = f.inst(inst);
    let ty = |v: Value| f.value_type(v);
    let result = data.result.map(ty);
    let fail = |m: &str| Err(c.err_at(inst, m.to_string()));
    let needs = |want: bool| result_type(want, result).map_err(|m| c.err_at(inst, m));
    if let Some(op) = data.op.common() {
        return check_common(op, result, ty).map_err(|m| c.err_at(inst, m));
    }
    match &data.op {
        Op::GlobalAddr(g) => {
            if g.index() >= c.module.globals.len() {
                return fail("global out of range");
            }
            if !needs(true)?.is_ptr() {
                return fail("global_addr must give a pointer");
            }
        }
        Op::Load { ptr } => {
            needs(true)?;
            if !ty(*ptr).is_ptr() {
                return fail("load from a non-pointer");
            }
        }
        Op::Store { ptr, .. } => {
            needs(false)?;
            if !ty(*ptr).is_ptr() {
                return fail("store to a non-pointer");
            }
        }
        Op::Atomic { op, ptr, value } => {
            let t = needs(true)?;
            if !ty(*ptr).is_ptr() || ty(*value) != t {
                return fail("atomic takes a pointer and a value of the result type");
            }
            if !atomic_fits(*op, t) {
                return fail("atomic op does not fit its value type");
            }
        }
        Op::AtomicCas { ptr, expected, new } => {
            let t = needs(true)?;
            if !ty(*ptr).is_ptr() || ty(*expected) != t || ty(*new) != t {
                return fail("atomic_cas takes a pointer and two values of the result type");
            }
        }
        Op::Fence => {
            needs(false)?;
        }
        Op::Special(_) => {
            let t = needs(true)?;
            if t != Type::I32 {
                return fail("special registers are i32");
            }
        }
        Op::Call { callee, args } => {
            let Some(target) = c.module.functions.get(callee.index()) else {
                return fail("call to a function out of range");
            };
            if target.kind != FuncKind::Device {
                return fail("call to a kernel (only device functions can be called)");
            }
            if result != target.ret {
                return fail("call result type differs from the callee's return type");
            }
            let want = target.param_types();
            let got: Vec<Type> = args.iter().map(|&a| ty(a)).collect();
            if want != got {
                return fail("call arguments differ from the callee's parameters");
            }
        }
        Op::Alloca { .. } => {
            let t = needs(true)?;
            if t != Type::Ptr(AddrSpace::Local) {
                return fail("alloca gives a ptr.local");
            }
        }
        Op::Memcpy { dst, src, len } => {
            needs(false)?;
            if !ty(*dst).is_ptr() || !ty(*src).is_ptr() || ty(*len) != Type::I64 {
                return fail("memcpy takes two pointers and an i64 length");
            }
        }
        Op::Memset { dst, byte, len } => {
            needs(false)?;
            if !ty(*dst).is_ptr() || ty(*byte) != Type::I8 || ty(*len) != Type::I64 {
                return fail("memset takes a pointer, an i8 and an i64 length");
            }
        }
        // The common ops, checked above.
        _ => {}
    }
    Ok(())
}

/// Whether an op that must (`want`) or must not produce a value fits its `result`: the
/// result type (`i1` for none), or the rule it breaks.
pub fn result_type(want: bool, result: Option<Type>) -> Result<Type, &'static str> {
    match (want, result) {
        (true, Some(t)) => Ok(t),
        (true, None) => Err("op must produce a value"),
        (false, None) => Ok(Type::I1),
        (false, Some(_)) => Err("op must not produce a value"),
    }
}

/// Whether atomic `op` takes values of type `t` (float ops floats, integer ops integers,
/// exchange both).
pub fn atomic_fits(op: AtomicOp, t: Type) -> bool {
    let float_op = matches!(op, AtomicOp::FAdd | AtomicOp::FMin | AtomicOp::FMax);
    float_op == t.is_float() || op == AtomicOp::Exch
}

/// The typing rules of the ops both IRs share, for both verifiers: `result` is the op's
/// result type, `ty` gives an operand's type; the message of the first rule broken.
pub fn check_common(
    op: CommonOp,
    result: Option<Type>,
    ty: impl Fn(Value) -> Type,
) -> Result<(), &'static str> {
    let needs = |want: bool| result_type(want, result);
    let fail = |m: &'static str| Err(m);
    match op {
        CommonOp::Const { bits } => {
            let t = needs(true)?;
            if t.bits() < 64 && bits & !t.mask() != 0 {
                return fail("constant has bits beyond its type");
            }
        }
        CommonOp::Unary(u, a) => {
            let t = needs(true)?;
            let ok = if u.is_int() { t.is_int() } else { t.is_float() };
            if !ok || ty(a) != t {
                return fail("unary operand/result types do not fit the op");
            }
        }
        CommonOp::Binary(b, x, y) => {
            let t = needs(true)?;
            let ok = if b.is_float() {
                t.is_float()
            } else {
                t.is_int()
            };
            if !ok || ty(x) != t || ty(y) != t {
                return fail("binary operand/result types do not fit the op");
            }
        }
        CommonOp::Fma(a, b, d) => {
            let t = needs(true)?;
            if !t.is_float() || ty(a) != t || ty(b) != t || ty(d) != t {
                return fail("fma needs three floats of the result type");
            }
        }
        CommonOp::ICmp(_, a, b) => {
            if needs(true)? != Type::I1 || ty(a) != ty(b) || !ty(a).is_int_or_ptr() {
                return fail("icmp compares two integers (or pointers) of one type into i1");
            }
        }
        CommonOp::FCmp(_, a, b) => {
            if needs(true)? != Type::I1 || ty(a) != ty(b) || !ty(a).is_float() {
                return fail("fcmp compares two floats of one type into i1");
            }
        }
        CommonOp::Select {
            cond,
            if_true,
            if_false,
        } => {
            let t = needs(true)?;
            if ty(cond) != Type::I1 || ty(if_true) != t || ty(if_false) != t {
                return fail("select needs an i1 condition and two values of the result type");
            }
        }
        CommonOp::Cast(op, a) => {
            let t = needs(true)?;
            let s = ty(a);
            let ok = match op {
                CastOp::Trunc => s.is_int() && t.is_int() && t.bits() < s.bits(),
                CastOp::ZExt | CastOp::SExt => s.is_int() && t.is_int() && t.bits() > s.bits(),
                CastOp::FpTrunc => s.is_float() && t.is_float() && t.bits() < s.bits(),
                CastOp::FpExt => s.is_float() && t.is_float() && t.bits() > s.bits(),
                CastOp::FpToUi | CastOp::FpToSi => s.is_float() && t.is_int(),
                CastOp::UiToFp | CastOp::SiToFp => s.is_int() && t.is_float(),
                CastOp::Bitcast => s.bits() == t.bits() && !s.is_ptr() && !t.is_ptr(),
                CastOp::PtrToInt => s.is_ptr() && t.is_int(),
                CastOp::IntToPtr => s.is_int() && t.is_ptr(),
                CastOp::AddrSpaceCast => s.is_ptr() && t.is_ptr(),
            };
            if !ok {
                return fail("cast between types it does not convert");
            }
        }
        CommonOp::PtrAdd { ptr, offset } => {
            let t = needs(true)?;
            if !t.is_ptr() || ty(ptr) != t || ty(offset) != Type::I64 {
                return fail(
                    "ptradd takes a pointer and an i64 byte offset and gives the pointer type",
                );
            }
        }
        CommonOp::Barrier { kind, pred } => match kind {
            BarrierKind::Sync => {
                needs(false)?;
                if pred.is_some() {
                    return fail("barrier sync takes no predicate");
                }
            }
            _ => {
                if needs(true)? != Type::I32 || pred.map(&ty) != Some(Type::I1) {
                    return fail("reducing barrier takes an i1 predicate and gives i32");
                }
            }
        },
        CommonOp::Shuffle {
            mask,
            value,
            lane,
            clamp,
            ..
        } => {
            let t = needs(true)?;
            if ty(value) != t
                || t.bits() != 32
                || ty(mask) != Type::I32
                || ty(lane) != Type::I32
                || ty(clamp) != Type::I32
            {
                return fail("shuffle moves a 32-bit value with i32 mask, lane and clamp");
            }
        }
        CommonOp::Vote { mode, mask, pred } => {
            let t = needs(true)?;
            let want = if mode == VoteMode::Ballot {
                Type::I32
            } else {
                Type::I1
            };
            if t != want || ty(mask) != Type::I32 || ty(pred) != Type::I1 {
                return fail("vote takes an i32 mask and an i1 predicate");
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn saxpy_like() -> Module {
        let mut m = Module::new("test", Flavor::ClangCuda);
        let mut f = Function::new("k", FuncKind::Kernel);
        let n = f.add_param(Type::I32, Some("n".into()));
        let p = f.add_param(Type::Ptr(AddrSpace::Global), Some("x".into()));
        let e = f.entry;
        let tid = f.push_value(e, Op::Special(SpecialReg::TidX), Type::I32);
        let cond = f.push_value(e, Op::ICmp(IntPredicate::Slt, tid, n), Type::I1);
        let body = f.create_block(None);
        let exit = f.create_block(None);
        f.set_terminator(
            e,
            Terminator::CondBr {
                cond,
                if_true: BlockCall::plain(body),
                if_false: BlockCall::plain(exit),
            },
        );
        let wide = f.push_value(body, Op::Cast(CastOp::SExt, tid), Type::I64);
        let four = f.push_value(body, Op::Const { bits: 4 }, Type::I64);
        let off = f.push_value(body, Op::Binary(BinaryOp::Mul, wide, four), Type::I64);
        let addr = f.push_value(
            body,
            Op::PtrAdd {
                ptr: p,
                offset: off,
            },
            Type::Ptr(AddrSpace::Global),
        );
        let v = f.push_value(body, Op::Load { ptr: addr }, Type::F32);
        let two = f.push_value(
            body,
            Op::Const {
                bits: 2.0f32.to_bits() as u64,
            },
            Type::F32,
        );
        let r = f.push_value(body, Op::Binary(BinaryOp::FMul, v, two), Type::F32);
        f.push(
            body,
            Op::Store {
                ptr: addr,
                value: r,
            },
            None,
        );
        f.set_terminator(body, Terminator::Br(BlockCall::plain(exit)));
        f.set_terminator(exit, Terminator::Ret(None));
        f.abi = vec![AbiArg::Param(0), AbiArg::Param(1)];
        m.functions.push(f);
        m
    }

    #[test]
    fn accepts_valid_and_prints() {
        let m = saxpy_like();
        verify_module(&m).unwrap();
        let text = super::super::print::print_module(&m);
        assert!(text.contains("%2: i32 = special tid.x"), "{text}");
        assert!(text.contains("%9: f32 = const 0x40000000 ; 2.0"), "{text}");
        assert!(text.contains("condbr %3, bb1, bb2"), "{text}");
    }

    #[test]
    fn rejects_use_before_def_across_blocks() {
        let mut m = saxpy_like();
        let f = &mut m.functions[0];
        // Make the exit block return a value defined only in the body.
        f.ret = Some(Type::F32);
        let exit = Block(2);
        f.set_terminator(exit, Terminator::Ret(Some(Value(8))));
        let err = verify_module(&m).unwrap_err();
        assert!(err.to_string().contains("does not dominate"), "{err}");
    }

    #[test]
    fn rejects_type_mismatch() {
        let mut m = saxpy_like();
        let f = &mut m.functions[0];
        f.insts[1].op = Op::ICmp(IntPredicate::Slt, Value(2), Value(1));
        let err = verify_module(&m).unwrap_err();
        assert!(err.to_string().contains("icmp"), "{err}");
    }
}
