//! Clean-up after lifting:
//! * a kernel's `u64` parameter whose only uses are `inttoptr` (PTX passes pointers as
//!   `.param .u64` and converts them with `cvta.to.global`) becomes a generic pointer
//!   parameter, and those conversions become address-space casts of it. This is the type
//!   clang's `.ll` gives the same parameter; the bits passed are the same, so it is
//!   legal, and it lets raising see which buffer every access goes to;
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
            (f.value_type(p) == want).then_some(p)
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

/// Kernel `u64` parameters used only by `inttoptr` become `ptr.generic` parameters.
fn pointer_params(f: &mut Function) {
    if f.kind != FuncKind::Kernel {
        return;
    }
    let mut only_inttoptr: HashMap<Value, bool> = f
        .params
        .iter()
        .filter(|&&p| f.value_type(p) == Type::I64)
        .map(|&p| (p, false))
        .collect();
    if only_inttoptr.is_empty() {
        return;
    }
    let disqualify = |v: Value, map: &mut HashMap<Value, bool>| {
        map.remove(&v);
    };
    for block in &f.blocks {
        for &inst in &block.insts {
            let op = &f.insts[inst.index()].op;
            if let Op::Cast(CastOp::IntToPtr, x) = op {
                if let Some(seen) = only_inttoptr.get_mut(x) {
                    *seen = true;
                }
                continue;
            }
            for v in op.operands() {
                disqualify(v, &mut only_inttoptr);
            }
        }
        match &block.term {
            Terminator::CondBr { cond: v, .. }
            | Terminator::Switch { value: v, .. }
            | Terminator::Ret(Some(v)) => disqualify(*v, &mut only_inttoptr),
            _ => {}
        }
        for call in block.term.successors() {
            for &v in &call.args {
                disqualify(v, &mut only_inttoptr);
            }
        }
    }
    let generic = Type::Ptr(AddrSpace::Generic);
    let mut retyped = false;
    for (&p, &used) in &only_inttoptr {
        if used {
            f.values[p.index()].ty = generic;
            retyped = true;
        }
    }
    if !retyped {
        return;
    }
    let mut alias: HashMap<Value, Value> = HashMap::new();
    for d in &mut f.insts {
        if let (Op::Cast(CastOp::IntToPtr, x), Some(r)) = (&d.op, d.result) {
            if only_inttoptr.get(x) == Some(&true) {
                let want = f.values[r.index()].ty;
                if want == generic {
                    alias.insert(r, *x);
                } else {
                    d.op = Op::Cast(CastOp::AddrSpaceCast, *x);
                }
            }
        }
    }
    apply_alias(f, &alias);
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
