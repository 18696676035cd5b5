//! Clean-up of a translated function: block-local CSE, folding of integer constants and
//! constant branches, removal of dead instructions, dead block parameters and unreachable
//! blocks, and renumbering in program order. Every rewrite keeps the kernel IR's
//! semantics exactly (integer folding follows `ir::ops`: wrapping arithmetic, shifts by
//! at least the width give 0 or the sign fill; divisions by zero are left alone).

use crate::ir::*;
use std::collections::{HashMap, HashSet};

/// Tidy a translated function: merge identical side-effect-free instructions within a
/// block (the repeated index arithmetic and constants of unoptimized IR), then remove
/// such instructions whose results are unused (left over from FMA contraction).
pub(crate) fn cleanup(f: &mut Function) {
    local_cse(f);
    for _ in 0..8 {
        if !fold_constants(f) {
            break;
        }
    }
    loop {
        remove_dead_insts(f);
        if !remove_dead_params(f) {
            break;
        }
    }
    merge_blocks(f);
    compact(f);
}

/// Merge each block into its predecessor when that predecessor is its only one and ends
/// in an unconditional branch to it (the block's parameters become the branch arguments).
fn merge_blocks(f: &mut Function) {
    loop {
        let mut reachable = vec![false; f.blocks.len()];
        for b in f.reverse_post_order() {
            reachable[b.index()] = true;
        }
        // Predecessors among reachable blocks only.
        let mut preds = f.predecessors();
        for p in &mut preds {
            p.retain(|x| reachable[x.index()]);
        }
        let mut subst: HashMap<Value, Value> = HashMap::new();
        let mut merged = false;
        let mut gone = vec![false; f.blocks.len()];
        for b in 0..f.blocks.len() {
            if gone[b] || !reachable[b] || Block::from_index(b) == f.entry {
                continue;
            }
            let [p] = preds[b].as_slice() else {
                continue;
            };
            let p = p.index();
            if p == b || gone[p] {
                continue;
            }
            let Terminator::Br(call) = &f.blocks[p].term else {
                continue;
            };
            if call.block.index() != b {
                continue;
            }
            for (&param, &arg) in f.blocks[b].params.iter().zip(&call.args) {
                subst.insert(param, arg);
            }
            let moved = std::mem::take(&mut f.blocks[b].insts);
            let term = std::mem::replace(&mut f.blocks[b].term, Terminator::Unreachable);
            f.blocks[b].params.clear();
            f.blocks[p].insts.extend(moved);
            f.blocks[p].term = term;
            gone[b] = true;
            merged = true;
        }
        if !merged {
            return;
        }
        // Merged blocks are now unreachable (`compact` drops them); predecessor lists
        // changed, so they are recomputed before merging again.
        apply_subst(f, &subst);
    }
}

/// Fold integer operations on constants (in place, into `const`), selects and branches
/// on constant conditions. Gives whether anything changed.
fn fold_constants(f: &mut Function) -> bool {
    let mut changed = false;
    let mut subst: HashMap<Value, Value> = HashMap::new();
    for b in f.reverse_post_order() {
        let insts = f.blocks[b.index()].insts.clone();
        for i in insts {
            let data = &f.insts[i.index()];
            let Some(r) = data.result else {
                continue;
            };
            let ty = f.value_type(r);
            let c = |v: &Value| f.const_bits(*v);
            let folded = match &data.op {
                Op::Binary(op, x, y) if ty.is_int() => match (c(x), c(y)) {
                    (Some(a), Some(b)) => fold_binary(*op, ty, a, b),
                    (a, b) => match identity(*op, ty, a, b) {
                        Some(Ident::Const(k)) => Some(k),
                        Some(Ident::Lhs) => {
                            subst.insert(r, *x);
                            None
                        }
                        Some(Ident::Rhs) => {
                            subst.insert(r, *y);
                            None
                        }
                        None => None,
                    },
                },
                Op::PtrAdd { ptr, offset } if c(offset) == Some(0) => {
                    subst.insert(r, *ptr);
                    None
                }
                Op::ICmp(p, x, y) if f.value_type(*x).is_int() => match (c(x), c(y)) {
                    (Some(a), Some(b)) => Some(u64::from(fold_icmp(*p, f.value_type(*x), a, b))),
                    _ => None,
                },
                // Integer -> float conversions round to nearest, ties to even: as Rust's `as`.
                Op::Cast(op @ (CastOp::SiToFp | CastOp::UiToFp), x)
                    if matches!(ty, Type::F32 | Type::F64) && f.value_type(*x).is_int() =>
                {
                    c(x).map(|a| {
                        let from = f.value_type(*x);
                        let signed = *op == CastOp::SiToFp;
                        match (ty, signed) {
                            (Type::F32, true) => u64::from((sext(a, from) as i64 as f32).to_bits()),
                            (Type::F32, false) => u64::from((a as f32).to_bits()),
                            (_, true) => (sext(a, from) as i64 as f64).to_bits(),
                            (_, false) => (a as f64).to_bits(),
                        }
                    })
                }
                Op::Cast(op, x) if ty.is_int() && f.value_type(*x).is_int() => c(x).and_then(|a| {
                    let from = f.value_type(*x);
                    match op {
                        CastOp::Trunc | CastOp::ZExt => Some(a & ty.mask()),
                        CastOp::SExt => Some(sext(a, from) & ty.mask()),
                        _ => None,
                    }
                }),
                Op::Select {
                    cond,
                    if_true,
                    if_false,
                } => {
                    if let Some(k) = c(cond) {
                        subst.insert(r, if k & 1 == 1 { *if_true } else { *if_false });
                    }
                    None
                }
                _ => None,
            };
            if let Some(bits) = folded {
                f.insts[i.index()].op = Op::Const { bits };
                changed = true;
            }
        }
        let term = f.blocks[b.index()].term.clone();
        let simpler = match &term {
            Terminator::CondBr {
                cond,
                if_true,
                if_false,
            } => f.const_bits(*cond).map(|k| {
                Terminator::Br(if k & 1 == 1 {
                    if_true.clone()
                } else {
                    if_false.clone()
                })
            }),
            Terminator::Switch {
                value,
                cases,
                default,
            } => f.const_bits(*value).map(|k| {
                let call = cases
                    .iter()
                    .find(|(v, _)| *v == k)
                    .map(|(_, call)| call.clone())
                    .unwrap_or_else(|| default.clone());
                Terminator::Br(call)
            }),
            _ => None,
        };
        if let Some(t) = simpler {
            f.blocks[b.index()].term = t;
            changed = true;
        }
    }
    if !subst.is_empty() {
        changed = true;
        apply_subst(f, &subst);
    }
    changed
}

fn sext(v: u64, t: Type) -> u64 {
    let bits = t.bits();
    if bits >= 64 {
        return v;
    }
    let shift = 64 - bits;
    (((v << shift) as i64) >> shift) as u64
}

fn fold_binary(op: BinaryOp, t: Type, a: u64, b: u64) -> Option<u64> {
    let m = t.mask();
    let w = u64::from(t.bits());
    let (sa, sb) = (sext(a, t) as i64, sext(b, t) as i64);
    let r = match op {
        BinaryOp::Add => a.wrapping_add(b),
        BinaryOp::Sub => a.wrapping_sub(b),
        BinaryOp::Mul => a.wrapping_mul(b),
        BinaryOp::And => a & b,
        BinaryOp::Or => a | b,
        BinaryOp::Xor => a ^ b,
        BinaryOp::Shl => {
            if b >= w {
                0
            } else {
                a << b
            }
        }
        BinaryOp::LShr => {
            if b >= w {
                0
            } else {
                a >> b
            }
        }
        BinaryOp::AShr => (sa >> b.min(63)) as u64,
        BinaryOp::UDiv if b != 0 => a / b,
        BinaryOp::URem if b != 0 => a % b,
        BinaryOp::SDiv if b != 0 && !(sb == -1 && sa == sext(1 << (w - 1), t) as i64) => {
            (sa / sb) as u64
        }
        BinaryOp::SRem if b != 0 && !(sb == -1 && sa == sext(1 << (w - 1), t) as i64) => {
            (sa % sb) as u64
        }
        BinaryOp::SMin => sa.min(sb) as u64,
        BinaryOp::SMax => sa.max(sb) as u64,
        BinaryOp::UMin => a.min(b),
        BinaryOp::UMax => a.max(b),
        BinaryOp::MulHiS => ((i128::from(sa) * i128::from(sb)) >> w) as u64,
        BinaryOp::MulHiU => ((u128::from(a) * u128::from(b)) >> w) as u64,
        _ => return None,
    };
    Some(r & m)
}

/// What an integer operation with one constant operand reduces to.
enum Ident {
    Const(u64),
    Lhs,
    Rhs,
}

fn identity(op: BinaryOp, t: Type, a: Option<u64>, b: Option<u64>) -> Option<Ident> {
    let m = t.mask();
    match (op, a, b) {
        (BinaryOp::Add | BinaryOp::Or | BinaryOp::Xor, Some(0), _) => Some(Ident::Rhs),
        (
            BinaryOp::Add
            | BinaryOp::Sub
            | BinaryOp::Or
            | BinaryOp::Xor
            | BinaryOp::Shl
            | BinaryOp::LShr
            | BinaryOp::AShr,
            _,
            Some(0),
        ) => Some(Ident::Lhs),
        (BinaryOp::Mul, Some(1), _) => Some(Ident::Rhs),
        (BinaryOp::Mul, _, Some(1)) => Some(Ident::Lhs),
        (BinaryOp::Mul | BinaryOp::And, Some(0), _)
        | (BinaryOp::Mul | BinaryOp::And, _, Some(0)) => Some(Ident::Const(0)),
        (BinaryOp::And, Some(k), _) if k == m => Some(Ident::Rhs),
        (BinaryOp::And, _, Some(k)) if k == m => Some(Ident::Lhs),
        (BinaryOp::Or, Some(k), _) | (BinaryOp::Or, _, Some(k)) if k == m => Some(Ident::Const(m)),
        _ => None,
    }
}

fn fold_icmp(p: IntPredicate, t: Type, a: u64, b: u64) -> bool {
    let (sa, sb) = (sext(a, t) as i64, sext(b, t) as i64);
    match p {
        IntPredicate::Eq => a == b,
        IntPredicate::Ne => a != b,
        IntPredicate::Slt => sa < sb,
        IntPredicate::Sle => sa <= sb,
        IntPredicate::Sgt => sa > sb,
        IntPredicate::Sge => sa >= sb,
        IntPredicate::Ult => a < b,
        IntPredicate::Ule => a <= b,
        IntPredicate::Ugt => a > b,
        IntPredicate::Uge => a >= b,
    }
}

/// Replace uses of values (chains resolved) in every instruction and terminator.
fn apply_subst(f: &mut Function, subst: &HashMap<Value, Value>) {
    let resolve = |mut v: Value| {
        let mut steps = 0;
        while let Some(&n) = subst.get(&v) {
            v = n;
            steps += 1;
            if steps > subst.len() {
                break;
            }
        }
        v
    };
    for data in &mut f.insts {
        data.op.map_operands(resolve);
    }
    for b in &mut f.blocks {
        match &mut b.term {
            Terminator::CondBr { cond, .. } => *cond = resolve(*cond),
            Terminator::Switch { value, .. } => *value = resolve(*value),
            Terminator::Ret(Some(v)) => *v = resolve(*v),
            _ => {}
        }
        for call in b.term.successors_mut() {
            for a in &mut call.args {
                *a = resolve(*a);
            }
        }
    }
}

/// Renumber blocks, values and instructions in program order (parameters, then each
/// block's parameters and results), dropping unreachable blocks and instructions no block
/// holds.
fn compact(f: &mut Function) {
    let mut reachable = vec![false; f.blocks.len()];
    for b in f.reverse_post_order() {
        reachable[b.index()] = true;
    }
    let kept_blocks: Vec<usize> = (0..f.blocks.len()).filter(|&b| reachable[b]).collect();
    let mut bmap: Vec<Option<Block>> = vec![None; f.blocks.len()];
    for (new, &old) in kept_blocks.iter().enumerate() {
        bmap[old] = Some(Block::from_index(new));
    }

    let mut vmap: Vec<Option<Value>> = vec![None; f.values.len()];
    let mut values: Vec<ValueData> = Vec::with_capacity(f.values.len());
    let mut take = |v: Value, def: ValueDef, values: &mut Vec<ValueData>, f: &Function| {
        let nv = Value::from_index(values.len());
        values.push(ValueData {
            ty: f.values[v.index()].ty,
            def,
        });
        if let Some(slot) = vmap.get_mut(v.index()) {
            *slot = Some(nv);
        }
        nv
    };
    let mut params = Vec::with_capacity(f.params.len());
    for (i, &p) in f.params.iter().enumerate() {
        params.push(take(p, ValueDef::Param(i as u32), &mut values, f));
    }
    let mut insts: Vec<InstData> = Vec::new();
    let mut blocks: Vec<BlockData> = Vec::with_capacity(kept_blocks.len());
    for (nb, &ob) in kept_blocks.iter().enumerate() {
        let data = &f.blocks[ob];
        let bp: Vec<Value> = data
            .params
            .iter()
            .enumerate()
            .map(|(k, &p)| {
                take(
                    p,
                    ValueDef::BlockParam(Block::from_index(nb), k as u32),
                    &mut values,
                    f,
                )
            })
            .collect();
        let mut bi = Vec::with_capacity(data.insts.len());
        for &i in &data.insts {
            let ni = Inst::from_index(insts.len());
            let old = &f.insts[i.index()];
            let result = old
                .result
                .map(|r| take(r, ValueDef::Inst(ni), &mut values, f));
            insts.push(InstData {
                op: old.op.clone(),
                result,
                loc: old.loc,
            });
            bi.push(ni);
        }
        blocks.push(BlockData {
            name: data.name.clone(),
            params: bp,
            insts: bi,
            term: data.term.clone(),
        });
    }
    let map = |v: Value| vmap.get(v.index()).copied().flatten().unwrap_or(v);
    for data in &mut insts {
        data.op.map_operands(map);
    }
    for data in &mut blocks {
        match &mut data.term {
            Terminator::CondBr { cond, .. } => *cond = map(*cond),
            Terminator::Switch { value, .. } => *value = map(*value),
            Terminator::Ret(Some(v)) => *v = map(*v),
            _ => {}
        }
        for call in data.term.successors_mut() {
            if let Some(nb) = bmap.get(call.block.index()).copied().flatten() {
                call.block = nb;
            }
            for a in &mut call.args {
                *a = map(*a);
            }
        }
    }
    if let Some(e) = bmap.get(f.entry.index()).copied().flatten() {
        f.entry = e;
    }
    f.params = params;
    f.values = values;
    f.insts = insts;
    f.blocks = blocks;
}

/// Remove block parameters whose values are never used, except as arguments for other
/// such parameters (left over from phis of promoted slots). Gives whether any went.
fn remove_dead_params(f: &mut Function) -> bool {
    let mut live: HashSet<Value> = HashSet::new();
    let mut work: Vec<Value> = Vec::new();
    for b in &f.blocks {
        let mut uses: Vec<Value> = b.term.own_operands();
        for &i in &b.insts {
            uses.extend(f.insts[i.index()].op.operands());
        }
        for v in uses {
            if matches!(f.value_def(v), ValueDef::BlockParam(..)) && live.insert(v) {
                work.push(v);
            }
        }
    }
    // Arguments flowing into live parameters are live.
    let mut incoming: HashMap<(Block, usize), Vec<Value>> = HashMap::new();
    for b in &f.blocks {
        for call in b.term.successors() {
            for (k, &a) in call.args.iter().enumerate() {
                incoming.entry((call.block, k)).or_default().push(a);
            }
        }
    }
    while let Some(p) = work.pop() {
        if let ValueDef::BlockParam(b, k) = f.value_def(p) {
            for &a in incoming
                .get(&(b, k as usize))
                .map(Vec::as_slice)
                .unwrap_or(&[])
            {
                if matches!(f.value_def(a), ValueDef::BlockParam(..)) && live.insert(a) {
                    work.push(a);
                }
            }
        }
    }
    let keep: Vec<Vec<bool>> = f
        .blocks
        .iter()
        .map(|b| b.params.iter().map(|p| live.contains(p)).collect())
        .collect();
    if keep.iter().all(|k| k.iter().all(|&x| x)) {
        return false;
    }
    for b in 0..f.blocks.len() {
        for call in f.blocks[b].term.successors_mut() {
            let Some(mask) = keep.get(call.block.index()) else {
                continue;
            };
            let args = std::mem::take(&mut call.args);
            call.args = args
                .into_iter()
                .zip(mask.iter().chain(std::iter::repeat(&true)))
                .filter(|(_, &k)| k)
                .map(|(a, _)| a)
                .collect();
        }
    }
    for (b, mask) in keep.iter().enumerate() {
        let params = std::mem::take(&mut f.blocks[b].params);
        let kept: Vec<Value> = params
            .into_iter()
            .zip(mask)
            .filter(|(_, &k)| k)
            .map(|(p, _)| p)
            .collect();
        for (k, &p) in kept.iter().enumerate() {
            f.values[p.index()].def = ValueDef::BlockParam(Block::from_index(b), k as u32);
        }
        f.blocks[b].params = kept;
    }
    true
}

/// Remove side-effect-free instructions whose results are unused.
fn remove_dead_insts(f: &mut Function) {
    loop {
        let mut used = vec![false; f.values.len()];
        for b in &f.blocks {
            for &i in &b.insts {
                for v in f.insts[i.index()].op.operands() {
                    if let Some(u) = used.get_mut(v.index()) {
                        *u = true;
                    }
                }
            }
            for v in b.term.own_operands() {
                if let Some(u) = used.get_mut(v.index()) {
                    *u = true;
                }
            }
            for call in b.term.successors() {
                for v in &call.args {
                    if let Some(u) = used.get_mut(v.index()) {
                        *u = true;
                    }
                }
            }
        }
        let mut changed = false;
        for b in 0..f.blocks.len() {
            let insts = std::mem::take(&mut f.blocks[b].insts);
            let kept: Vec<Inst> = insts
                .into_iter()
                .filter(|&i| {
                    let data = &f.insts[i.index()];
                    let dead = removable(&data.op)
                        && data
                            .result
                            .is_some_and(|r| !used.get(r.index()).copied().unwrap_or(true));
                    if dead {
                        changed = true;
                    }
                    !dead
                })
                .collect();
            f.blocks[b].insts = kept;
        }
        if !changed {
            break;
        }
    }
}

fn removable(op: &Op) -> bool {
    match op {
        Op::Const { .. }
        | Op::GlobalAddr(_)
        | Op::Unary(..)
        | Op::Fma(..)
        | Op::ICmp(..)
        | Op::FCmp(..)
        | Op::Select { .. }
        | Op::Cast(..)
        | Op::PtrAdd { .. }
        | Op::Special(_) => true,
        Op::Binary(b, ..) => !matches!(
            b,
            BinaryOp::UDiv | BinaryOp::SDiv | BinaryOp::URem | BinaryOp::SRem
        ),
        _ => false,
    }
}

/// Block-local common-subexpression elimination of removable (pure) instructions.
fn local_cse(f: &mut Function) {
    let mut subst: HashMap<Value, Value> = HashMap::new();
    let resolve = |subst: &HashMap<Value, Value>, mut v: Value| {
        let mut steps = 0;
        while let Some(&n) = subst.get(&v) {
            v = n;
            steps += 1;
            if steps > 64 {
                break;
            }
        }
        v
    };
    for b in 0..f.blocks.len() {
        let mut seen: HashMap<(String, Type), Value> = HashMap::new();
        let insts = std::mem::take(&mut f.blocks[b].insts);
        let mut kept = Vec::with_capacity(insts.len());
        for inst in insts {
            let data = &mut f.insts[inst.index()];
            data.op.map_operands(|v| resolve(&subst, v));
            if let (true, Some(r)) = (removable(&data.op), data.result) {
                let key = (format!("{:?}", data.op), f.values[r.index()].ty);
                if let Some(&prev) = seen.get(&key) {
                    subst.insert(r, prev);
                    continue;
                }
                seen.insert(key, r);
            }
            kept.push(inst);
        }
        f.blocks[b].insts = kept;
    }
    if subst.is_empty() {
        return;
    }
    for data in &mut f.insts {
        data.op.map_operands(|v| resolve(&subst, v));
    }
    for b in &mut f.blocks {
        match &mut b.term {
            Terminator::CondBr { cond, .. } => *cond = resolve(&subst, *cond),
            Terminator::Switch { value, .. } => *value = resolve(&subst, *value),
            Terminator::Ret(Some(v)) => *v = resolve(&subst, *v),
            _ => {}
        }
        for call in b.term.successors_mut() {
            for a in &mut call.args {
                *a = resolve(&subst, *a);
            }
        }
    }
}
