//! Promotion of scalar allocas to SSA values (mem2reg) on the kernel IR.
//!
//! An `alloca` is promoted when its address (directly, or through `addrspacecast`s and
//! constant-offset `ptradd`s) is only used as the pointer of `load`s and `store`s, and the
//! byte ranges accessed are equal or disjoint: each accessed range becomes a scalar slot.
//! Such memory is per-thread private and its address never escapes, so replacing it with
//! SSA values is exact. This is what clang -O0 output (every local variable and parameter
//! lives in a slot) and Numba's IR (array structs copied through slots) need.
//!
//! Block parameters are placed at the iterated dominance frontier of the stores, pruned
//! to the blocks where the slot is live on entry; values are renamed along the dominator
//! tree. A load before any store reads an undefined value, which becomes a zero constant.

use crate::ir::*;
use std::collections::{HashMap, HashSet};

/// One promoted scalar: a range of bytes of an alloca, always accessed as `ty`.
struct Slot {
    ty: Type,
}

/// What to promote.
struct Plan {
    slots: Vec<Slot>,
    /// Pointer values through which a slot is loaded or stored.
    access_ptr: HashMap<Value, usize>,
    /// Instructions that only compute slot addresses (allocas, casts, constant offsets).
    removed: HashSet<Inst>,
}

/// Promote every promotable alloca of `f`. A slot whose address is stored in another
/// slot (Numba's range iterators point at their counter) becomes promotable once that
/// other slot is: repeat while anything is promoted.
pub(crate) fn promote(f: &mut Function) {
    for _ in 0..8 {
        let plan = plan(f);
        if plan.slots.is_empty() && plan.removed.is_empty() {
            return;
        }
        rewrite(f, &plan);
    }
}

/// Find allocas whose every use is a load or store at a constant offset (directly, through
/// `addrspacecast`s and constant `ptradd`s), where the accessed ranges are either equal
/// (same offset and type) or disjoint. Each accessed range becomes one scalar slot: this
/// also splits aggregates kept in memory (scalar replacement of aggregates).
fn plan(f: &Function) -> Plan {
    // Every use of every value (`None` for a use by a terminator).
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
    let mut out = Plan {
        slots: Vec::new(),
        access_ptr: HashMap::new(),
        removed: HashSet::new(),
    };
    let placed: Vec<Inst> = f
        .blocks
        .iter()
        .flat_map(|b| b.insts.iter().copied())
        .collect();
    for inst in placed {
        let data = &f.insts[inst.index()];
        let (Op::Alloca { bytes, .. }, Some(result)) = (&data.op, data.result) else {
            continue;
        };
        let size = i64::try_from(*bytes).unwrap_or(i64::MAX);
        let mut ptrs: HashMap<Value, i64> = HashMap::from([(result, 0)]);
        let mut defs = vec![inst];
        let mut accesses: Vec<(Value, i64, Type)> = Vec::new();
        let mut stored: Vec<Value> = Vec::new();
        let mut work = vec![result];
        let mut ok = true;
        'walk: while let Some(p) = work.pop() {
            let off = ptrs.get(&p).copied().unwrap_or(0);
            for u in uses.get(&p).map(Vec::as_slice).unwrap_or(&[]) {
                let Some(ui) = *u else {
                    ok = false;
                    break 'walk;
                };
                let ud = &f.insts[ui.index()];
                let derived = match &ud.op {
                    Op::Cast(CastOp::AddrSpaceCast, x) if *x == p => Some(off),
                    Op::PtrAdd { ptr, offset } if *ptr == p => match f.const_bits(*offset) {
                        Some(c) => Some(off.wrapping_add(c as i64)),
                        None => {
                            ok = false;
                            break 'walk;
                        }
                    },
                    Op::Load { ptr } if *ptr == p => {
                        if let Some(r) = ud.result {
                            accesses.push((p, off, f.value_type(r)));
                        }
                        None
                    }
                    Op::Store { ptr, value } if *ptr == p => {
                        accesses.push((p, off, f.value_type(*value)));
                        stored.push(*value);
                        None
                    }
                    _ => {
                        ok = false;
                        break 'walk;
                    }
                };
                if let (Some(o), Some(r)) = (derived, ud.result) {
                    if let std::collections::hash_map::Entry::Vacant(e) = ptrs.entry(r) {
                        e.insert(o);
                        defs.push(ui);
                        work.push(r);
                    }
                }
            }
        }
        // The slot's own address must not be stored anywhere (it would escape).
        if !ok || stored.iter().any(|v| ptrs.contains_key(v)) {
            continue;
        }
        let mut by_off: std::collections::BTreeMap<i64, Type> = Default::default();
        for &(_, off, ty) in &accesses {
            let end = off.checked_add(ty.bytes() as i64);
            if off < 0 || end.is_none_or(|e| e > size) {
                ok = false;
                break;
            }
            match by_off.get(&off) {
                Some(&t) if t != ty => {
                    ok = false;
                    break;
                }
                _ => {
                    by_off.insert(off, ty);
                }
            }
        }
        let mut prev_end = i64::MIN;
        for (&off, ty) in &by_off {
            if off < prev_end {
                ok = false;
            }
            prev_end = off + ty.bytes() as i64;
        }
        if !ok {
            continue;
        }
        let mut index: HashMap<i64, usize> = HashMap::new();
        for (&off, &ty) in &by_off {
            index.insert(off, out.slots.len());
            out.slots.push(Slot { ty });
        }
        for &(p, off, _) in &accesses {
            if let Some(&k) = index.get(&off) {
                out.access_ptr.insert(p, k);
            }
        }
        out.removed.extend(defs);
    }
    out
}

fn rewrite(f: &mut Function, plan: &Plan) {
    let n = f.blocks.len();
    let slots = &plan.slots;
    let slot_of = &plan.access_ptr;
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
                        if !plan.removed.contains(&i) {
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
