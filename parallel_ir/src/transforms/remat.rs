//! Store-or-recompute choice for values that cross a split point (a minimum s-t cut).
//!
//! When distribution splits a thread loop at a barrier, a value defined before the split
//! and used after it must reach the later thread loop: either each thread *stores* it in a
//! per-thread array (a store where it is defined, a load where it is used) or the later
//! loop *recomputes* it from values it already has (thread ids, block-level values,
//! values it loads back). Recomputing `v` needs each of `v`'s operands in the later loop in
//! turn, so the choice is a closure problem on the data-flow graph, which is solved exactly
//! as a minimum cut (the anchor, Polygeist, chooses the same way):
//!
//! * every candidate value `v` is split into `v_in -> v_out`; `v_out` on the sink side
//!   means "v is available in the later loop", `v_in` on the sink side means "v is
//!   recomputed there";
//! * `v_in -> v_out` has capacity `store_cost(v)` (available but not recomputed: stored);
//! * `source -> v_in` has capacity `recompute_cost(v)` (infinite for a value that cannot be
//!   recomputed: a load from memory another thread may change, an op with effects, a
//!   division that could fault);
//! * `v_out -> v_in` is infinite (a recomputed value is available);
//! * `o_out -> v_in` is infinite for each operand `o` of `v` that is a candidate (to
//!   recompute `v`, `o` must be available); operands that are free (thread ids,
//!   block-level values) are not nodes;
//! * `v_out -> sink` is infinite for each value the later loop needs.
//!
//! A finite cut is an assignment (stored / recomputed / not needed) in which every needed
//! value is available and every recomputed value has its operands available, and its
//! capacity is exactly the assignment's cost; conversely every such assignment gives a
//! cut of that capacity. So a minimum cut (max-flow, `petgraph::algo::dinics`) is an
//! optimal choice. The sink side is read off the residual graph (nodes not reachable from
//! the source). Legality does not depend on the costs: whatever the cut, a recomputed
//! value is recomputed by the same pure ops on the same inputs (hence is bit-for-bit the
//! value it replaces) and a stored value is the value itself.

use petgraph::algo::dinics;
use petgraph::graph::{DiGraph, NodeIndex};
use petgraph::visit::EdgeRef;
use petgraph::Direction;

/// Capacity standing for "never cut".
const INF: u64 = 1 << 40;

/// One candidate value of a [`choose`] problem.
#[derive(Clone, Debug)]
pub struct Candidate {
    /// Cost of storing it in a per-thread array (and loading it back where needed).
    pub store_cost: u64,
    /// Cost of recomputing it where needed from its operands (`None`: cannot be).
    pub recompute_cost: Option<u64>,
    /// Candidate operands (indices into the problem) that recomputing it needs.
    pub operands: Vec<usize>,
    /// Whether the later loop uses it directly.
    pub needed: bool,
}

/// What to do with one candidate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    /// Not needed, neither directly nor to recompute another value.
    Unused,
    /// Stored where defined, loaded where needed.
    Store,
    /// Recomputed where needed (its candidate operands are `Store` or `Recompute`).
    Recompute,
}

/// The cheapest consistent store/recompute assignment (see the module doc); costs must
/// be below 2^32 each and candidates fewer than 2^20 so that sums stay below `INF`.
pub fn choose(cands: &[Candidate]) -> Vec<Choice> {
    let mut g: DiGraph<(), u64> = DiGraph::new();
    let s = g.add_node(());
    let t = g.add_node(());
    let ins: Vec<NodeIndex> = cands.iter().map(|_| g.add_node(())).collect();
    let outs: Vec<NodeIndex> = cands.iter().map(|_| g.add_node(())).collect();
    for (i, c) in cands.iter().enumerate() {
        g.add_edge(ins[i], outs[i], c.store_cost.min(INF));
        g.add_edge(outs[i], ins[i], INF);
        match c.recompute_cost {
            Some(0) => {}
            Some(r) => {
                g.add_edge(s, ins[i], r.min(INF));
            }
            None => {
                g.add_edge(s, ins[i], INF);
            }
        }
        if c.recompute_cost.is_some() {
            for &o in &c.operands {
                if let Some(&oo) = outs.get(o) {
                    g.add_edge(oo, ins[i], INF);
                }
            }
        }
        if c.needed {
            g.add_edge(outs[i], t, INF);
        }
    }
    let (_, flows) = dinics(&g, s, t);
    // Source side: reachable from `s` in the residual graph.
    let n = g.node_count();
    let mut reach = vec![false; n];
    reach[s.index()] = true;
    let mut stack = vec![s];
    while let Some(u) = stack.pop() {
        for e in g.edges_directed(u, Direction::Outgoing) {
            let b = e.target();
            if flows[e.id().index()] < *e.weight() && !reach[b.index()] {
                reach[b.index()] = true;
                stack.push(b);
            }
        }
        for e in g.edges_directed(u, Direction::Incoming) {
            let a = e.source();
            if flows[e.id().index()] > 0 && !reach[a.index()] {
                reach[a.index()] = true;
                stack.push(a);
            }
        }
    }
    (0..cands.len())
        .map(|i| {
            let (vin, vout) = (reach[ins[i].index()], reach[outs[i].index()]);
            match (vin, vout) {
                (_, true) => Choice::Unused,
                (true, false) => Choice::Store,
                (false, false) => Choice::Recompute,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cand(store: u64, rec: Option<u64>, ops: &[usize], needed: bool) -> Candidate {
        Candidate {
            store_cost: store,
            recompute_cost: rec,
            operands: ops.to_vec(),
            needed,
        }
    }

    #[test]
    fn cheap_index_arithmetic_is_recomputed() {
        // a = tid + c; b = a * 4 (both from free values); b needed.
        let c = [cand(16, Some(1), &[], false), cand(16, Some(1), &[0], true)];
        assert_eq!(choose(&c), vec![Choice::Recompute, Choice::Recompute]);
    }

    #[test]
    fn loaded_value_is_stored() {
        // x = load (not recomputable), needed.
        let c = [cand(16, None, &[], true)];
        assert_eq!(choose(&c), vec![Choice::Store]);
    }

    #[test]
    fn one_load_feeding_two_needed_values_stores_the_load() {
        // x = load; y = x + 1; z = x * 2; y and z needed: store x (16) and recompute y, z
        // (1 + 1) beats storing both (32).
        let c = [
            cand(16, None, &[], false),
            cand(16, Some(1), &[0], true),
            cand(16, Some(1), &[0], true),
        ];
        assert_eq!(
            choose(&c),
            vec![Choice::Store, Choice::Recompute, Choice::Recompute]
        );
    }

    #[test]
    fn one_derived_value_is_stored_itself() {
        // x = load; y = x + 1; only y needed: storing y (16) beats x + recompute (17).
        let c = [cand(16, None, &[], false), cand(16, Some(1), &[0], true)];
        assert_eq!(choose(&c), vec![Choice::Unused, Choice::Store]);
    }

    #[test]
    fn long_chain_is_stored_short_chain_recomputed() {
        // A chain of 20 ops of cost 1 from free values, the last one needed, storing
        // costs 16: storing the last value (16) beats recomputing all 20 (20).
        let mut c: Vec<Candidate> = (0..20)
            .map(|i| {
                let ops: Vec<usize> = if i == 0 { vec![] } else { vec![i - 1] };
                cand(16, Some(1), &ops, i == 19)
            })
            .collect();
        let got = choose(&c);
        assert_eq!(got[19], Choice::Store);
        assert!(got[..19].iter().all(|&x| x == Choice::Unused));
        // 10 ops: recomputed.
        c.truncate(10);
        c[9].needed = true;
        assert!(choose(&c).iter().all(|&x| x == Choice::Recompute));
    }

    #[test]
    fn shared_operand_is_counted_once() {
        // a: cost 10 from free values, b = f(a), c = g(a), d = h(a), each cost 1, all
        // needed, store 8 each: recomputing all (13) beats storing all (24) and storing
        // a (8 + 3 = 11) beats both.
        let c = [
            cand(8, Some(10), &[], false),
            cand(8, Some(1), &[0], true),
            cand(8, Some(1), &[0], true),
            cand(8, Some(1), &[0], true),
        ];
        assert_eq!(
            choose(&c),
            vec![
                Choice::Store,
                Choice::Recompute,
                Choice::Recompute,
                Choice::Recompute
            ]
        );
    }

    #[test]
    fn nothing_needed_nothing_done() {
        let c = [cand(16, None, &[], false), cand(16, Some(1), &[0], false)];
        assert_eq!(choose(&c), vec![Choice::Unused, Choice::Unused]);
    }
}
