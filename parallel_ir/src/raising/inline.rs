//! Inlining of device functions into a kernel, on the kernel IR.
//!
//! Every `Call` is replaced by a copy of the callee's blocks: the call's block is split
//! after the call, the callee's parameters are bound to the arguments, and each `ret v`
//! becomes a branch to the continuation block, whose parameter is the call's result.
//! This is exactly the call's semantics (device functions have no other state than their
//! arguments and memory). Recursion cannot be inlined and is reported as `recursive-call`
//! with the location of the offending call.

use std::collections::HashMap;

use frontend::ir::{BlockCall, FuncId, Function, Module, Op, Terminator, Value, ValueDef};
use frontend::{Diagnostic, Location};

/// Most instructions a kernel may grow to by inlining.
const MAX_INSTS: usize = 2_000_000;

/// The kernel `kernel` with every call inlined (recursively).
pub fn inline_calls(module: &Module, kernel: FuncId) -> Result<Function, Diagnostic> {
    check_recursion(module, kernel, &mut Vec::new())?;
    let mut f = module.function(kernel).clone();
    // Process calls until none remain (callees are inlined with their own calls, which
    // are found again in the copied blocks).
    loop {
        let mut found = None;
        'outer: for b in f.block_ids() {
            for (pos, &inst) in f.block(b).insts.iter().enumerate() {
                if let Op::Call { .. } = f.inst(inst).op {
                    found = Some((b, pos));
                    break 'outer;
                }
            }
        }
        let Some((block, pos)) = found else { break };
        inline_one(module, &mut f, block, pos)?;
        if f.insts.len() > MAX_INSTS {
            return Err(Diagnostic::new(
                "raising-too-large",
                format!(
                    "kernel '{}' grows past {MAX_INSTS} instructions by inlining",
                    f.display_name
                ),
            ));
        }
    }
    Ok(f)
}

fn check_recursion(
    module: &Module,
    func: FuncId,
    stack: &mut Vec<FuncId>,
) -> Result<(), Diagnostic> {
    stack.push(func);
    let f = module.function(func);
    for b in f.block_ids() {
        for &inst in &f.block(b).insts {
            let data = f.inst(inst);
            if let Op::Call { callee, .. } = data.op {
                if callee.index() >= module.functions.len() {
                    return Err(Diagnostic::new("internal", "call to an unknown function"));
                }
                if stack.contains(&callee) {
                    let mut loc = Location::in_function(f.display_name.clone());
                    if let Some(l) = data.loc {
                        loc = Location::file_line_col(module.source.clone(), l.line, l.col);
                        loc.function = Some(f.display_name.clone());
                    }
                    return Err(Diagnostic::new(
                        "recursive-call",
                        format!(
                            "recursive call of device function '{}' cannot be raised (calls are inlined)",
                            module.function(callee).display_name
                        ),
                    )
                    .at(loc));
                }
                check_recursion(module, callee, stack)?;
            }
        }
    }
    stack.pop();
    Ok(())
}

fn inline_one(
    module: &Module,
    f: &mut Function,
    block: frontend::ir::Block,
    pos: usize,
) -> Result<(), Diagnostic> {
    let call_inst = f.block(block).insts[pos];
    let (callee_id, args) = match &f.inst(call_inst).op {
        Op::Call { callee, args } => (*callee, args.clone()),
        _ => return Err(Diagnostic::new("internal", "inline_one: not a call")),
    };
    let result = f.inst(call_inst).result;
    let callee = module.function(callee_id);
    if callee.params.len() != args.len() {
        return Err(Diagnostic::new(
            "internal",
            format!(
                "call of '{}' with a wrong argument count",
                callee.display_name
            ),
        ));
    }
    // Split: the continuation takes the instructions after the call and the terminator.
    let cont = f.create_block(None);
    let tail: Vec<_> = f.blocks[block.index()].insts.split_off(pos + 1);
    f.blocks[block.index()].insts.pop(); // the call
    f.blocks[cont.index()].insts = tail;
    let term = std::mem::replace(&mut f.blocks[block.index()].term, Terminator::Unreachable);
    f.blocks[cont.index()].term = term;
    // The call's result becomes the continuation's parameter: rewrite its definition.
    if let Some(r) = result {
        f.blocks[cont.index()].params.push(r);
        f.values[r.index()].def = ValueDef::BlockParam(cont, 0);
    }
    // The call instruction is in no block any more; leave an inert op without a result.
    f.insts[call_inst.index()].result = None;
    f.insts[call_inst.index()].op = Op::Fence;
    // Copy the callee.
    let mut vmap: HashMap<Value, Value> = HashMap::new();
    for (&p, &a) in callee.params.iter().zip(&args) {
        vmap.insert(p, a);
    }
    let mut bmap = Vec::with_capacity(callee.blocks.len());
    for cb in callee.block_ids() {
        let nb = f.create_block(None);
        bmap.push(nb);
        for &p in &callee.block(cb).params {
            let np = f.add_block_param(nb, callee.value_type(p));
            vmap.insert(p, np);
        }
    }
    // Instructions (results first, so that forward references in operands resolve).
    let mut new_insts = Vec::new();
    for cb in callee.block_ids() {
        for &ci in &callee.block(cb).insts {
            let d = callee.inst(ci);
            let ty = d.result.map(|r| callee.value_type(r));
            let ni = f.create_inst(d.op.clone(), ty, d.loc);
            if let (Some(r), Some(nr)) = (d.result, f.inst(ni).result) {
                vmap.insert(r, nr);
            }
            f.blocks[bmap[cb.index()].index()].insts.push(ni);
            new_insts.push(ni);
        }
    }
    let map = |v: Value, vmap: &HashMap<Value, Value>| -> Result<Value, Diagnostic> {
        vmap.get(&v)
            .copied()
            .ok_or_else(|| Diagnostic::new("internal", "inlining: unmapped value"))
    };
    for &ni in &new_insts {
        let mut op = f.insts[ni.index()].op.clone();
        let mut err = None;
        op.map_operands(|v| match map(v, &vmap) {
            Ok(x) => x,
            Err(e) => {
                err = Some(e);
                v
            }
        });
        if let Some(e) = err {
            return Err(e);
        }
        f.insts[ni.index()].op = op;
    }
    for cb in callee.block_ids() {
        let nb = bmap[cb.index()];
        let mut term = callee.block(cb).term.clone();
        let new_term = match term {
            Terminator::Ret(v) => {
                let args = match (v, result) {
                    (Some(v), Some(_)) => vec![map(v, &vmap)?],
                    _ => Vec::new(),
                };
                Terminator::Br(BlockCall::new(cont, args))
            }
            _ => {
                match &mut term {
                    Terminator::CondBr { cond, .. } => *cond = map(*cond, &vmap)?,
                    Terminator::Switch { value, .. } => *value = map(*value, &vmap)?,
                    _ => {}
                }
                for call in term.successors_mut() {
                    call.block = bmap[call.block.index()];
                    for a in call.args.iter_mut() {
                        *a = map(*a, &vmap)?;
                    }
                }
                term
            }
        };
        f.blocks[nb.index()].term = new_term;
    }
    f.blocks[block.index()].term = Terminator::Br(BlockCall::plain(bmap[callee.entry.index()]));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use frontend::ir::{Flavor, FuncKind, SrcLoc, Type};

    fn module_with_calls(recursive: bool) -> Module {
        let mut m = Module::new("rec.ll", Flavor::ClangCuda);
        // fn1: device i32 -> i32 (x + 1, or calls itself)
        let mut dev = Function::new("dev", FuncKind::Device);
        let x = dev.add_param(Type::I32, None);
        dev.ret = Some(Type::I32);
        let e = dev.entry;
        let r = if recursive {
            dev.push_at(
                e,
                Op::Call {
                    callee: FuncId(1),
                    args: vec![x],
                },
                Some(Type::I32),
                Some(SrcLoc { line: 7, col: 3 }),
            )
        } else {
            let one = dev.push_value(e, Op::Const { bits: 1 }, Type::I32);
            Some(dev.push_value(
                e,
                Op::Binary(frontend::ir::BinaryOp::Add, x, one),
                Type::I32,
            ))
        };
        dev.set_terminator(e, Terminator::Ret(r));
        let mut k = Function::new("k", FuncKind::Kernel);
        let p = k.add_param(Type::Ptr(frontend::ir::AddrSpace::Generic), None);
        let ke = k.entry;
        let c = k.push_value(ke, Op::Const { bits: 41 }, Type::I32);
        let v = k
            .push(
                ke,
                Op::Call {
                    callee: FuncId(1),
                    args: vec![c],
                },
                Some(Type::I32),
            )
            .unwrap_or(c);
        k.push(ke, Op::Store { ptr: p, value: v }, None);
        k.set_terminator(ke, Terminator::Ret(None));
        m.functions.push(k);
        m.functions.push(dev);
        m
    }

    #[test]
    fn recursion_is_a_located_diagnostic() {
        let m = module_with_calls(true);
        let err = inline_calls(&m, FuncId(0)).err().map(|d| d.to_string());
        let err = err.unwrap_or_default();
        assert!(err.contains("recursive-call"), "{err}");
        assert!(err.contains("rec.ll:7:3"), "{err}");
    }

    #[test]
    fn calls_are_inlined() {
        let m = module_with_calls(false);
        let f = match inline_calls(&m, FuncId(0)) {
            Ok(f) => f,
            Err(e) => panic!("{e}"),
        };
        let calls = f
            .insts
            .iter()
            .filter(|i| matches!(i.op, Op::Call { .. }))
            .count();
        // The original call instruction stays in the arena but in no block.
        let placed = f
            .blocks
            .iter()
            .flat_map(|b| b.insts.iter())
            .filter(|&&i| matches!(f.inst(i).op, Op::Call { .. }))
            .count();
        assert_eq!(calls, 0);
        assert_eq!(placed, 0);
        let mut module = m.clone();
        module.functions[0] = f;
        frontend::ir::verify::verify_module(&module)
            .map_err(|e| e.to_string())
            .unwrap_or_else(|e| panic!("{e}"));
    }
}
