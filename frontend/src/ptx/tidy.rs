//! Clean-up after lifting:
//! * a kernel's `u64` parameter used as an address (PTX passes pointers as `.param .u64`
//!   and converts them with `cvta.to.global`, possibly after adding offsets) becomes a
//!   generic pointer parameter, the type clang's `.ll` gives it; the bits passed are the
//!   same, so it is legal, and it lets raising see which buffer every access goes to;
//! * `inttoptr` of `ptrtoint(p) + x` (through additions) becomes `ptradd p, x`, so
//!   addresses computed with integer arithmetic on a pointer of the same space stay
//!   pointer arithmetic;
//! * branches to empty forwarding blocks go to their target, and a block whose only
//!   predecessor jumps to it unconditionally is merged into that predecessor;
//! * unreachable blocks, dead pure instructions and dead block parameters are removed;
//! * blocks, values and instructions are renumbered in program order (so printed IR reads
//!   top-down).

use std::collections::HashMap;

use crate::ir::*;

fn resolve(alias: &HashMap<Value, Value>, mut v: Value) -> Value {
    let mut n = 0;
    while let Some(&w) = alias.get(&v) {
        v = w;
        n += 1;
        if n > 1_000_000 {
            break;
        }
    }
    v
}

fn apply_alias(f: &mut Function, alias: &HashMap<Value, Value>) {
    if alias.is_empty() {
        return;
    }
    for d in &mut f.insts {
        d.op.map_operands(|v| resolve(alias, v));
    }
    for block in &mut f.blocks {
        match &mut block.term {
            Terminator::CondBr { cond, .. } => *cond = resolve(alias, *cond),
            Terminator::Switch { value, .. } => *value = resolve(alias, *value),
            Terminator::Ret(Some(v)) => *v = resolve(alias, *v),
            _ => {}
        }
        for call in block.term.successors_mut() {
            for a in &mut call.args {
                *a = resolve(alias, *a);
            }
        }
    }
}

fn def_op(f: &Function, v: Value) -> Option<Op> {
    match f.values.get(v.index())?.def {
        ValueDef::Inst(i) => Some(f.insts.get(i.index())?.op.clone()),
        _ => None,
    }
}

#[allow(clippy::too_many_arguments)]
fn fold_ptr(
    f: &mut Function,
    alias: &HashMap<Value, Value>,
    x: Value,
    want: Type,
    loc: Option<SrcLoc>,
    out: &mut Vec<Inst>,
    depth: u32,
) -> Option<Value> {
    let x = resolve(alias, x);
    if depth > 6 {
        return None;
    }
    match def_op(f, x)? {
        Op::Cast(CastOp::PtrToInt, p) => {
            let p = resolve(alias, p);
            let have = f.value_type(p);
            if have == want {
                return Some(p);
            }
            // A global pointer's generic address is the same bits.
            if have == Type::Ptr(AddrSpace::Global) && want == Type::Ptr(AddrSpace::Generic) {
                let inst = f.create_inst(Op::Cast(CastOp::AddrSpaceCast, p), Some(want), loc);
                out.push(inst);
                return f.insts[inst.index()].result;
            }
            None
        }
        Op::Binary(BinaryOp::Add, a, b) if f.value_type(x) == Type::I64 => {
            let (p, off) = if let Some(p) = fold_ptr(f, alias, a, want, loc, out, depth + 1) {
                (p, b)
            } else {
                (fold_ptr(f, alias, b, want, loc, out, depth + 1)?, a)
            };
            let inst = f.create_inst(
                Op::PtrAdd {
                    ptr: p,
                    offset: off,
                },
                Some(want),
                loc,
            );
            out.push(inst);
            f.insts[inst.index()].result
        }
        _ => None,
    }
}

/// Kernel `u64` parameters used as addresses become `ptr.generic` parameters.
///
/// A parameter qualifies when some `inttoptr` converts it, or a sum of it and integers
/// computed in the kernel, into a pointer. Direct conversions become the parameter itself (or its
/// address-space cast); every other use reads `ptrtoint(addrspacecast(p to global))`,
/// the same bits for the buffer addresses the host passes, so that `fold_pointers` turns
/// `inttoptr(p + x)` into `ptradd` of the parameter.
fn pointer_params(f: &mut Function) {
    if f.kind == FuncKind::Kernel {
        retype_address_params(f, true);
    }
}

/// [`pointer_params`] for any function; gives the indices of the retyped parameters.
/// `host_bound`: the parameters hold global buffer addresses (kernels); otherwise (device
/// functions) any generic address, so no address-space cast is introduced: other uses
/// read `ptrtoint(p)` and conversions to non-generic pointers stay `inttoptr` of it.
fn retype_address_params(f: &mut Function, host_bound: bool) -> Vec<usize> {
    let candidates: Vec<Value> = f
        .params
        .iter()
        .copied()
        .filter(|&p| f.value_type(p) == Type::I64)
        .collect();
    if candidates.is_empty() {
        return Vec::new();
    }
    // The leaves of the addition tree that computes `x`.
    fn leaves(f: &Function, x: Value, depth: u32, out: &mut Vec<Value>) {
        match def_op(f, x) {
            Some(Op::Binary(BinaryOp::Add, a, b)) if depth < 6 => {
                leaves(f, a, depth + 1, out);
                leaves(f, b, depth + 1, out);
            }
            _ => out.push(x),
        }
    }
    // An address `inttoptr(x)` names its base parameter when `x` is that parameter plus
    // values computed in the kernel: no other candidate parameter (which of two added
    // parameters is the pointer is unknowable) and no pointer already (`ptrtoint`).
    let mut qualifying: Vec<Value> = Vec::new();
    for block in &f.blocks {
        for &inst in &block.insts {
            let Op::Cast(CastOp::IntToPtr, x) = f.insts[inst.index()].op else {
                continue;
            };
            let mut l = Vec::new();
            leaves(f, x, 0, &mut l);
            let has_pointer = l
                .iter()
                .any(|&v| matches!(def_op(f, v), Some(Op::Cast(CastOp::PtrToInt, _))));
            let params: Vec<Value> = l
                .iter()
                .copied()
                .filter(|v| candidates.contains(v))
                .collect();
            if let [p] = params.as_slice() {
                if !has_pointer && !qualifying.contains(p) {
                    qualifying.push(*p);
                }
            }
        }
    }
    if qualifying.is_empty() {
        return Vec::new();
    }
    let generic = Type::Ptr(AddrSpace::Generic);
    let global = Type::Ptr(AddrSpace::Global);
    let entry = f.entry;
    let loc = f.loc.or_else(|| {
        f.blocks[entry.index()]
            .insts
            .iter()
            .find_map(|&i| f.insts[i.index()].loc)
    });
    let mut prelude = Vec::new();
    let mut as_int: HashMap<Value, Value> = HashMap::new();
    for &p in &qualifying {
        f.values[p.index()].ty = generic;
        let g = if host_bound {
            let cast = f.create_inst(Op::Cast(CastOp::AddrSpaceCast, p), Some(global), loc);
            prelude.push(cast);
            f.insts[cast.index()].result
        } else {
            Some(p)
        };
        let to_int = g.map(|g| f.create_inst(Op::Cast(CastOp::PtrToInt, g), Some(Type::I64), loc));
        if let Some(i) = to_int {
            prelude.push(i);
            if let Some(v) = f.insts[i.index()].result {
                as_int.insert(p, v);
            }
        }
    }
    let prelude_set: std::collections::HashSet<Inst> = prelude.iter().copied().collect();
    let mut alias: HashMap<Value, Value> = HashMap::new();
    for (index, d) in f.insts.iter_mut().enumerate() {
        if prelude_set.contains(&Inst::from_index(index)) {
            continue;
        }
        if let (Op::Cast(CastOp::IntToPtr, x), Some(r)) = (&d.op, d.result) {
            if as_int.contains_key(x) {
                if f.values[r.index()].ty == generic {
                    alias.insert(r, *x);
                    continue;
                } else if host_bound {
                    d.op = Op::Cast(CastOp::AddrSpaceCast, *x);
                    continue;
                }
            }
        }
        d.op.map_operands(|v| as_int.get(&v).copied().unwrap_or(v));
    }
    for block in &mut f.blocks {
        match &mut block.term {
            Terminator::CondBr { cond: v, .. }
            | Terminator::Switch { value: v, .. }
            | Terminator::Ret(Some(v)) => *v = as_int.get(v).copied().unwrap_or(*v),
            _ => {}
        }
        for call in block.term.successors_mut() {
            for v in &mut call.args {
                *v = as_int.get(v).copied().unwrap_or(*v);
            }
        }
    }
    let insts = &mut f.blocks[entry.index()].insts;
    prelude.append(insts);
    *insts = prelude;
    apply_alias(f, &alias);
    qualifying
        .iter()
        .filter_map(|q| f.params.iter().position(|p| p == q))
        .collect()
}

/// Device functions' `u64` parameters used as addresses become pointer parameters too
/// (see [`retype_address_params`]); every call passes its argument through `inttoptr`
/// (the same bits), and the calling functions are tidied again, so that a kernel
/// parameter that reaches such an argument becomes a pointer parameter as well.
pub(super) fn device_pointer_params(m: &mut Module) {
    let mut retyped: HashMap<FuncId, Vec<usize>> = HashMap::new();
    for (i, f) in m.functions.iter_mut().enumerate() {
        if f.kind != FuncKind::Device {
            continue;
        }
        let indices = retype_address_params(f, false);
        if !indices.is_empty() {
            fold_pointers(f);
            dce(f);
            renumber(f);
            retyped.insert(FuncId::from_index(i), indices);
        }
    }
    if retyped.is_empty() {
        return;
    }
    let generic = Type::Ptr(AddrSpace::Generic);
    for f in &mut m.functions {
        let mut changed = false;
        for b in 0..f.blocks.len() {
            let insts = std::mem::take(&mut f.blocks[b].insts);
            let mut out = Vec::with_capacity(insts.len());
            for inst in insts {
                let data = &f.insts[inst.index()];
                if let Op::Call { callee, args } = &data.op {
                    if let Some(indices) = retyped.get(callee) {
                        let (callee, mut args, loc) = (*callee, args.clone(), data.loc);
                        for &i in indices {
                            let Some(a) = args.get_mut(i) else { continue };
                            if f.value_type(*a) != Type::I64 {
                                continue;
                            }
                            let c =
                                f.create_inst(Op::Cast(CastOp::IntToPtr, *a), Some(generic), loc);
                            out.push(c);
                            if let Some(r) = f.insts[c.index()].result {
                                *a = r;
                            }
                        }
                        f.insts[inst.index()].op = Op::Call { callee, args };
                        changed = true;
                    }
                }
                out.push(inst);
            }
            f.blocks[b].insts = out;
        }
        if changed {
            tidy(f);
        }
    }
}

/// `inttoptr(ptrtoint(p) + a + ...)` -> `ptradd(ptradd(p, a), ...)`.
fn fold_pointers(f: &mut Function) {
    let mut alias: HashMap<Value, Value> = HashMap::new();
    for b in 0..f.blocks.len() {
        let insts = std::mem::take(&mut f.blocks[b].insts);
        let mut out = Vec::with_capacity(insts.len());
        for inst in insts {
            let d = &f.insts[inst.index()];
            if let (Op::Cast(CastOp::IntToPtr, x), Some(r)) = (&d.op, d.result) {
                let (x, loc) = (*x, d.loc);
                let want = f.value_type(r);
                if let Some(p) = fold_ptr(f, &alias, x, want, loc, &mut out, 0) {
                    alias.insert(r, p);
                    continue;
                }
            }
            out.push(inst);
        }
        f.blocks[b].insts = out;
    }
    apply_alias(f, &alias);
}

/// Branches to empty, parameterless blocks that only jump on go straight to the target.
fn thread_jumps(f: &mut Function) {
    let n = f.blocks.len();
    let forward: Vec<Option<BlockCall>> = (0..n)
        .map(|b| {
            let d = &f.blocks[b];
            match &d.term {
                Terminator::Br(c)
                    if d.insts.is_empty()
                        && d.params.is_empty()
                        && c.block.index() != b
                        && Block::from_index(b) != f.entry =>
                {
                    Some(c.clone())
                }
                _ => None,
            }
        })
        .collect();
    // Follow chains of forwarders (bounded, to stop on cycles).
    let target = |c: &BlockCall| -> BlockCall {
        let mut cur = c.clone();
        for _ in 0..n {
            match forward.get(cur.block.index()).cloned().flatten() {
                Some(next) if cur.args.is_empty() => cur = next,
                _ => break,
            }
        }
        cur
    };
    for b in 0..n {
        let term = f.blocks[b].term.clone();
        let new = match term {
            Terminator::Br(c) => Terminator::Br(target(&c)),
            Terminator::CondBr {
                cond,
                if_true,
                if_false,
            } => {
                let (t, e) = (target(&if_true), target(&if_false));
                if t.block == e.block {
                    continue;
                }
                Terminator::CondBr {
                    cond,
                    if_true: t,
                    if_false: e,
                }
            }
            _ => continue,
        };
        f.blocks[b].term = new;
    }
}

/// Merge a block into its only predecessor when that predecessor jumps to it.
fn merge_blocks(f: &mut Function) {
    let mut alias: HashMap<Value, Value> = HashMap::new();
    loop {
        let mut npreds = vec![0usize; f.blocks.len()];
        for b in f.block_ids() {
            for c in f.block(b).term.successors() {
                if let Some(n) = npreds.get_mut(c.block.index()) {
                    *n += 1;
                }
            }
        }
        let mut changed = false;
        for b in 0..f.blocks.len() {
            let Terminator::Br(call) = f.blocks[b].term.clone() else {
                continue;
            };
            let c = call.block.index();
            if c == b || call.block == f.entry || npreds[c] != 1 {
                continue;
            }
            let params = std::mem::take(&mut f.blocks[c].params);
            for (p, a) in params.into_iter().zip(call.args) {
                alias.insert(p, a);
            }
            let insts = std::mem::take(&mut f.blocks[c].insts);
            f.blocks[b].insts.extend(insts);
            let term = std::mem::replace(&mut f.blocks[c].term, Terminator::Unreachable);
            f.blocks[b].term = term;
            // `c` is now unreachable; keep `npreds` consistent for this round.
            npreds[c] = 0;
            changed = true;
        }
        if !changed {
            break;
        }
    }
    apply_alias(f, &alias);
}

/// Drop blocks unreachable from the entry, renumbering the others.
fn remove_unreachable(f: &mut Function) {
    let order = f.reverse_post_order();
    let mut reach = vec![false; f.blocks.len()];
    for b in &order {
        reach[b.index()] = true;
    }
    if reach.iter().all(|&r| r) {
        return;
    }
    let mut map = vec![None; f.blocks.len()];
    let mut next = 0;
    for (i, r) in reach.iter().enumerate() {
        if *r {
            map[i] = Some(Block::from_index(next));
            next += 1;
        }
    }
    let blocks = std::mem::take(&mut f.blocks);
    for (i, mut data) in blocks.into_iter().enumerate() {
        let Some(nb) = map[i] else { continue };
        for (k, &p) in data.params.iter().enumerate() {
            f.values[p.index()].def = ValueDef::BlockParam(nb, k as u32);
        }
        for call in data.term.successors_mut() {
            call.block = map[call.block.index()].unwrap_or(call.block);
        }
        f.blocks.push(data);
    }
    f.entry = map[f.entry.index()].unwrap_or(Block(0));
}

fn removable(op: &Op) -> bool {
    !op.has_side_effects() && !matches!(op, Op::Load { .. })
}

/// All of the clean-ups, in order.
pub(super) fn tidy(f: &mut Function) {
    pointer_params(f);
    fold_pointers(f);
    thread_jumps(f);
    merge_blocks(f);
    remove_unreachable(f);
    dce(f);
    renumber(f);
}

/// Dead-code elimination: liveness from side effects and terminators, through block
/// arguments.
fn dce(f: &mut Function) {
    let nv = f.values.len();
    let mut live = vec![false; nv];
    let mut work: Vec<Value> = Vec::new();
    let mark = |v: Value, live: &mut Vec<bool>, work: &mut Vec<Value>| {
        if let Some(l) = live.get_mut(v.index()) {
            if !*l {
                *l = true;
                work.push(v);
            }
        }
    };
    // Where each block parameter receives its incoming values: (pred block, succ index).
    let mut incoming: Vec<Vec<(Block, usize)>> = vec![Vec::new(); f.blocks.len()];
    for b in f.block_ids() {
        for (k, call) in f.block(b).term.successors().iter().enumerate() {
            if let Some(v) = incoming.get_mut(call.block.index()) {
                v.push((b, k));
            }
        }
    }
    for b in f.block_ids() {
        let data = f.block(b);
        for &i in &data.insts {
            let inst = f.inst(i);
            if !removable(&inst.op) {
                for v in inst.op.operands() {
                    mark(v, &mut live, &mut work);
                }
                if let Some(r) = inst.result {
                    mark(r, &mut live, &mut work);
                }
            }
        }
        for v in data.term.own_operands() {
            mark(v, &mut live, &mut work);
        }
    }
    for &p in &f.params {
        mark(p, &mut live, &mut work);
    }
    while let Some(v) = work.pop() {
        match f.value_def(v) {
            ValueDef::Param(_) => {}
            ValueDef::Inst(i) => {
                for o in f.inst(i).op.operands() {
                    mark(o, &mut live, &mut work);
                }
            }
            ValueDef::BlockParam(b, idx) => {
                for &(pred, k) in &incoming[b.index()] {
                    let succs = f.block(pred).term.successors();
                    if let Some(a) = succs.get(k).and_then(|c| c.args.get(idx as usize)) {
                        mark(*a, &mut live, &mut work);
                    }
                }
            }
        }
    }
    // Drop dead block parameters and their arguments.
    for (b, inc) in incoming.iter().enumerate() {
        let params = f.blocks[b].params.clone();
        let keep: Vec<bool> = params.iter().map(|p| live[p.index()]).collect();
        if keep.iter().all(|&k| k) {
            continue;
        }
        for &(pred, k) in inc {
            if let Some(call) = f.blocks[pred.index()]
                .term
                .successors_mut()
                .into_iter()
                .nth(k)
            {
                let mut j = 0;
                call.args.retain(|_| {
                    let r = keep.get(j).copied().unwrap_or(true);
                    j += 1;
                    r
                });
            }
        }
        let kept: Vec<Value> = params
            .into_iter()
            .zip(&keep)
            .filter(|(_, &k)| k)
            .map(|(p, _)| p)
            .collect();
        f.blocks[b].params = kept;
    }
    // Drop dead instructions.
    for b in 0..f.blocks.len() {
        let insts = std::mem::take(&mut f.blocks[b].insts);
        let kept: Vec<Inst> = insts
            .into_iter()
            .filter(|&i| {
                let d = &f.insts[i.index()];
                !removable(&d.op) || d.result.is_some_and(|r| live[r.index()])
            })
            .collect();
        f.blocks[b].insts = kept;
    }
}

/// Renumber values (parameters, then per block: block parameters and results) and
/// instructions in program order, dropping everything unplaced.
fn renumber(f: &mut Function) {
    let mut vmap: Vec<Option<Value>> = vec![None; f.values.len()];
    let mut values: Vec<ValueData> = Vec::with_capacity(f.values.len());
    let mut insts: Vec<InstData> = Vec::with_capacity(f.insts.len());
    let mut new_value = |old: Value, def: ValueDef, values: &mut Vec<ValueData>| -> Value {
        let v = Value::from_index(values.len());
        let ty = f.values[old.index()].ty;
        values.push(ValueData { ty, def });
        vmap[old.index()] = Some(v);
        v
    };
    let params: Vec<Value> = f
        .params
        .iter()
        .enumerate()
        .map(|(i, &p)| new_value(p, ValueDef::Param(i as u32), &mut values))
        .collect();
    let mut blocks = std::mem::take(&mut f.blocks);
    for (bi, block) in blocks.iter_mut().enumerate() {
        let b = Block::from_index(bi);
        block.params = block
            .params
            .iter()
            .enumerate()
            .map(|(i, &p)| new_value(p, ValueDef::BlockParam(b, i as u32), &mut values))
            .collect();
        let mut new_insts = Vec::with_capacity(block.insts.len());
        for &i in &block.insts {
            let ni = Inst::from_index(insts.len());
            let data = &f.insts[i.index()];
            let result = data
                .result
                .map(|r| new_value(r, ValueDef::Inst(ni), &mut values));
            insts.push(InstData {
                op: data.op.clone(),
                result,
                loc: data.loc,
            });
            new_insts.push(ni);
        }
        block.insts = new_insts;
    }
    let map = |v: Value| -> Value { vmap.get(v.index()).copied().flatten().unwrap_or(v) };
    for d in &mut insts {
        d.op.map_operands(map);
    }
    for block in &mut blocks {
        match &mut block.term {
            Terminator::CondBr { cond, .. } => *cond = map(*cond),
            Terminator::Switch { value, .. } => *value = map(*value),
            Terminator::Ret(Some(v)) => *v = map(*v),
            _ => {}
        }
        for call in block.term.successors_mut() {
            for a in &mut call.args {
                *a = map(*a);
            }
        }
    }
    f.blocks = blocks;
    f.params = params;
    f.values = values;
    f.insts = insts;
}
