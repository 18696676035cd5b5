//! Promotion of scalar allocas to SSA values (mem2reg) on the kernel IR.
//!
//! An `alloca` is promoted when its address (directly or through `addrspacecast`s) is only
//! used as the pointer of whole-slot `load`s and `store`s of one scalar type: the address
//! never escapes, is never offset, and no access reads part of the slot. Such a slot is
//! per-thread private, so replacing it with SSA values is exact. This is what clang -O0
//! output needs: every local variable and parameter lives in such a slot.
//!
//! Block parameters are placed at the iterated dominance frontier of the stores, pruned
//! to the blocks where the slot is live on entry; values are renamed along the dominator
//! tree. A load before any store reads an undefined value, which becomes a zero constant.

use crate::ir::*;
use std::collections::{HashMap, HashSet};

struct Slot {
    alloca: Inst,
    ty: Type,
    /// The alloca's result and its address-space casts.
    aliases: HashSet<Value>,
}

/// Promote every promotable alloca of `f`.
pub(crate) fn promote(f: &mut Function) {
    let slots = find_slots(f);
    if slots.is_empty() {
        return;
    }
    rewrite(f, &slots);
}

fn find_slots(f: &Function) -> Vec<Slot> {
    // Every use of every value: (user instruction or None for a terminator use).
    let mut uses: HashMap<Value, Vec<Option<Inst>>> = HashMap::new();
    for b in &f.blocks {
        for &i in &b.insts {
            for v in f.insts[i.index()].op.operands() {
                uses.entry(v).or_default().push(Some(i));
            }
        }
        for v in b.term.own_operands() {
            uses.entry(v).or_default().push(None);
        }
        for call in b.term.successors() {
            for &v in &call.args {
                uses.entry(v).or_default().push(None);
            }
        }
    }
    let placed: HashSet<Inst> = f
        .blocks
        .iter()
        .flat_map(|b| b.insts.iter().copied())
        .collect();
    let mut slots = Vec::new();
    for (idx, data) in f.insts.iter().enumerate() {
        let inst = Inst::from_index(idx);
        let (Op::Alloca { bytes, .. }, Some(result)) = (&data.op, data.result) else {
            continue;
        };
        if !placed.contains(&inst) {
            continue;
        }
        let mut aliases: HashSet<Value> = HashSet::new();
        let mut work = vec![result];
        let mut ty: Option<Type> = None;
        let mut ok = true;
        while let Some(p) = work.pop() {
            if !aliases.insert(p) {
                continue;
            }
            for u in uses.get(&p).map(Vec::as_slice).unwrap_or(&[]) {
                let Some(ui) = u else {
                    ok = false;
                    break;
                };
                let ud = &f.insts[ui.index()];
                match &ud.op {
                    Op::Cast(CastOp::AddrSpaceCast, x) if *x == p => {
                        if let Some(r) = ud.result {
                            work.push(r);
                        }
                    }
                    Op::Load { ptr } if *ptr == p => {
                        let t = ud.result.map(|r| f.value_type(r));
                        match (t, ty) {
                            (Some(t), None) => ty = Some(t),
                            (Some(t), Some(s)) if t == s => {}
                            _ => ok = false,
                        }
                    }
                    Op::Store { ptr, value } if *ptr == p && *value != p => {
                        let t = f.value_type(*value);
                        match ty {
                            None => ty = Some(t),
                            Some(s) if s == t => {}
                            _ => ok = false,
                        }
                    }
                    _ => ok = false,
                }
                if !ok {
                    break;
                }
            }
            if !ok {
                break;
            }
        }
        // A stored value may itself be an alias (the slot's address stored in itself).
        let self_stored = f
            .insts
            .iter()
            .any(|d| matches!(&d.op, Op::Store { value, .. } if aliases.contains(value)));
        match ty {
            Some(t) if ok && !self_stored && t.bytes() == *bytes => slots.push(Slot {
                alloca: inst,
                ty: t,
                aliases,
            }),
            // Never accessed (or only stored to): still removable when no other use.
            None if ok && !self_stored => slots.push(Slot {
                alloca: inst,
                ty: Type::I32,
                aliases,
            }),
            _ => {}
        }
    }
    slots
}

fn rewrite(f: &mut Function, slots: &[Slot]) {
    let n = f.blocks.len();
    let slot_of: HashMap<Value, usize> = slots
        .iter()
        .enumerate()
        .flat_map(|(k, s)| s.aliases.iter().map(move |&v| (v, k)))
        .collect();
    let access = |op: &Op| -> Option<(usize, bool)> {
        match op {
            Op::Load { ptr } => slot_of.get(ptr).map(|&k| (k, false)),
            Op::Store { ptr, .. } => slot_of.get(ptr).map(|&k| (k, true)),
            _ => None,
        }
    };

    // Per block and slot: has a store; has a load before any store (upward exposed).
    let mut stores = vec![vec![false; slots.len()]; n];
    let mut exposed = vec![vec![false; slots.len()]; n];
    for b in 0..n {
        for &i in &f.blocks[b].insts {
            if let Some((k, is_store)) = access(&f.insts[i.index()].op) {
                if is_store {
                    stores[b][k] = true;
                } else if !stores[b][k] {
                    exposed[b][k] = true;
                }
            }
        }
    }
    let succs: Vec<Vec<usize>> = f
        .blocks
        .iter()
        .map(|b| {
            b.term
                .successors()
                .iter()
                .map(|c| c.block.index())
                .collect()
        })
        .collect();
    let preds = {
        let mut p = vec![Vec::new(); n];
        for (b, ss) in succs.iter().enumerate() {
            for &s in ss {
                if s < n {
                    p[s].push(b);
                }
            }
        }
        p
    };
    // Live-in: exposed, or live-in at a successor and not killed by a store.
    let mut live_in = exposed.clone();
    let mut changed = true;
    while changed {
        changed = false;
        for b in (0..n).rev() {
            for k in 0..slots.len() {
                if live_in[b][k] || stores[b][k] {
                    continue;
                }
                if succs[b].iter().any(|&s| s < n && live_in[s][k]) {
                    live_in[b][k] = true;
                    changed = true;
                }
            }
        }
    }

    // Dominance frontiers.
    let idom = f.immediate_dominators();
    let mut df: Vec<HashSet<usize>> = vec![HashSet::new(); n];
    for b in 0..n {
        if preds[b].len() < 2 {
            continue;
        }
        let Some(d) = idom[b].map(|d| d.index()) else {
            continue;
        };
        for &p in &preds[b] {
            let mut runner = p;
            let mut steps = 0;
            while runner != d && steps <= n {
                df[runner].insert(b);
                match idom[runner] {
                    Some(x) => runner = x.index(),
                    None => break,
                }
                steps += 1;
            }
        }
    }

    // Place block parameters (pruned by liveness).
    let entry = f.entry.index();
    let mut params: Vec<Vec<(usize, Value)>> = vec![Vec::new(); n];
    for (k, slot) in slots.iter().enumerate() {
        let mut placed: HashSet<usize> = HashSet::new();
        let mut work: Vec<usize> = (0..n).filter(|&b| stores[b][k]).collect();
        while let Some(b) = work.pop() {
            for &d in &df[b] {
                if d == entry || !live_in[d][k] || !placed.insert(d) {
                    continue;
                }
                let v = f.add_block_param(Block::from_index(d), slot.ty);
                params[d].push((k, v));
                work.push(d);
            }
        }
    }

    // Rename along the dominator tree; blocks it does not reach start undefined.
    let mut children: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (b, d) in idom.iter().enumerate() {
        if let Some(d) = d {
            if d.index() != b && d.index() < n {
                children[d.index()].push(b);
            }
        }
    }
    let mut subst: HashMap<Value, Value> = HashMap::new();
    let mut visited = vec![false; n];
    let mut roots = vec![entry];
    roots.extend((0..n).filter(|&b| b != entry && idom[b].is_none()));
    for root in roots {
        if visited[root] {
            continue;
        }
        let mut stack: Vec<(usize, Vec<Option<Value>>)> = vec![(root, vec![None; slots.len()])];
        while let Some((b, mut cur)) = stack.pop() {
            if visited[b] {
                continue;
            }
            visited[b] = true;
            for &(k, v) in &params[b] {
                cur[k] = Some(v);
            }
            let insts = std::mem::take(&mut f.blocks[b].insts);
            let mut kept = Vec::with_capacity(insts.len());
            let mut undef: HashMap<Type, Value> = HashMap::new();
            let mut front: Vec<Inst> = Vec::new();
            for i in insts {
                let op = f.insts[i.index()].op.clone();
                match access(&op) {
                    Some((k, true)) => {
                        if let Op::Store { value, .. } = op {
                            cur[k] = Some(value);
                        }
                    }
                    Some((k, false)) => {
                        let v = match cur[k] {
                            Some(v) => v,
                            None => {
                                let t = slots[k].ty;
                                *undef.entry(t).or_insert_with(|| {
                                    let c = f.create_inst(Op::Const { bits: 0 }, Some(t), None);
                                    front.push(c);
                                    Value::from_index(f.values.len() - 1)
                                })
                            }
                        };
                        if let Some(r) = f.insts[i.index()].result {
                            subst.insert(r, v);
                        }
                    }
                    None => {
                        let is_slot_inst = match &op {
                            Op::Alloca { .. } => slots.iter().any(|s| s.alloca == i),
                            Op::Cast(CastOp::AddrSpaceCast, _) => f.insts[i.index()]
                                .result
                                .is_some_and(|r| slot_of.contains_key(&r)),
                            _ => false,
                        };
                        if !is_slot_inst {
                            kept.push(i);
                        }
                    }
                }
            }
            front.extend(kept);
            f.blocks[b].insts = front;
            // Arguments for the successors' new parameters.
            let mut extra: Vec<(usize, Vec<Value>)> = Vec::new();
            let succ_blocks: Vec<usize> = f.blocks[b]
                .term
                .successors()
                .iter()
                .map(|c| c.block.index())
                .collect();
            for (si, s) in succ_blocks.into_iter().enumerate() {
                if s >= n || params[s].is_empty() {
                    continue;
                }
                let mut args = Vec::new();
                for &(k, _) in &params[s] {
                    let v = match cur[k] {
                        Some(v) => v,
                        None => {
                            let t = slots[k].ty;
                            let c = f.create_inst(Op::Const { bits: 0 }, Some(t), None);
                            f.blocks[b].insts.push(c);
                            let v = Value::from_index(f.values.len() - 1);
                            cur[k] = Some(v);
                            v
                        }
                    };
                    args.push(v);
                }
                extra.push((si, args));
            }
            let mut calls = f.blocks[b].term.successors_mut();
            for (si, args) in extra {
                if let Some(call) = calls.get_mut(si) {
                    call.args.extend(args);
                }
            }
            for &c in children[b].iter().rev() {
                stack.push((c, cur.clone()));
            }
        }
    }

    // Replace the loads' results.
    let resolve = |mut v: Value| {
        let mut steps = 0;
        while let Some(&x) = subst.get(&v) {
            v = x;
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
