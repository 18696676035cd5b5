//! Control-flow analyses used by structuring: reducibility, the natural-loop forest and
//! post-dominators of one structuring *context* (the whole function, or one loop's body
//! with its back edges and exits redirected to a virtual sink).
//!
//! Structuring is only attempted on reducible graphs (every retreating edge of a depth-first
//! walk targets a block that dominates its source); anything else is reported as
//! `irreducible-control-flow`, never structured approximately.

use frontend::ir::{Block, Function};

/// A natural loop: its header and every block of its body (header included).
#[derive(Clone, Debug)]
pub struct Loop {
    pub header: Block,
    /// Membership by block index.
    pub blocks: Vec<bool>,
    pub parent: Option<usize>,
}

/// Loops of a function and, per block, the innermost loop containing it.
#[derive(Clone, Debug)]
pub struct LoopForest {
    pub loops: Vec<Loop>,
    pub innermost: Vec<Option<usize>>,
    /// The loop whose header is this block.
    pub header_of: Vec<Option<usize>>,
}

pub struct Cfg {
    pub succs: Vec<Vec<Block>>,
    pub preds: Vec<Vec<Block>>,
    pub idom: Vec<Option<Block>>,
    pub reachable: Vec<bool>,
    pub rpo_index: Vec<usize>,
}

impl Cfg {
    pub fn new(f: &Function) -> Cfg {
        let n = f.blocks.len();
        let succs: Vec<Vec<Block>> = f
            .block_ids()
            .map(|b| {
                f.block(b)
                    .term
                    .successors()
                    .iter()
                    .map(|c| c.block)
                    .collect()
            })
            .collect();
        let preds = f.predecessors();
        let idom = f.immediate_dominators();
        let rpo = f.reverse_post_order();
        let mut reachable = vec![false; n];
        let mut rpo_index = vec![usize::MAX; n];
        for (i, b) in rpo.iter().enumerate() {
            reachable[b.index()] = true;
            rpo_index[b.index()] = i;
        }
        Cfg {
            succs,
            preds,
            idom,
            reachable,
            rpo_index,
        }
    }

    /// Whether `a` dominates `b` (both reachable).
    pub fn dominates(&self, entry: Block, a: Block, mut b: Block) -> bool {
        loop {
            if a == b {
                return true;
            }
            if b == entry {
                return false;
            }
            match self.idom[b.index()] {
                Some(d) => b = d,
                None => return false,
            }
        }
    }

    /// The target of a retreating edge that does not dominate its source, if any.
    pub fn irreducible_target(&self, f: &Function) -> Option<Block> {
        let n = f.blocks.len();
        // 0 = unvisited, 1 = on stack, 2 = done.
        let mut state = vec![0u8; n];
        let mut stack: Vec<(Block, usize)> = vec![(f.entry, 0)];
        state[f.entry.index()] = 1;
        while let Some((b, i)) = stack.last_mut() {
            let b = *b;
            if *i < self.succs[b.index()].len() {
                let s = self.succs[b.index()][*i];
                *i += 1;
                match state[s.index()] {
                    0 => {
                        state[s.index()] = 1;
                        stack.push((s, 0));
                    }
                    1 if !self.dominates(f.entry, s, b) => return Some(s),
                    _ => {}
                }
            } else {
                state[b.index()] = 2;
                stack.pop();
            }
        }
        None
    }

    /// Natural loops (reducible graphs only), merged per header, with nesting.
    pub fn loops(&self, f: &Function) -> LoopForest {
        let n = f.blocks.len();
        let mut loops: Vec<Loop> = Vec::new();
        let mut header_of: Vec<Option<usize>> = vec![None; n];
        for h in f.block_ids() {
            if !self.reachable[h.index()] {
                continue;
            }
            let latches: Vec<Block> = self.preds[h.index()]
                .iter()
                .copied()
                .filter(|&p| self.reachable[p.index()] && self.dominates(f.entry, h, p))
                .collect();
            if latches.is_empty() {
                continue;
            }
            let mut blocks = vec![false; n];
            blocks[h.index()] = true;
            let mut work = latches;
            while let Some(b) = work.pop() {
                if blocks[b.index()] {
                    continue;
                }
                blocks[b.index()] = true;
                for &p in &self.preds[b.index()] {
                    if self.reachable[p.index()] && !blocks[p.index()] {
                        work.push(p);
                    }
                }
            }
            header_of[h.index()] = Some(loops.len());
            loops.push(Loop {
                header: h,
                blocks,
                parent: None,
            });
        }
        // Nesting: the parent is the smallest other loop containing the header.
        let sizes: Vec<usize> = loops
            .iter()
            .map(|l| l.blocks.iter().filter(|&&x| x).count())
            .collect();
        for i in 0..loops.len() {
            let h = loops[i].header;
            let mut best: Option<usize> = None;
            for j in 0..loops.len() {
                if i != j && loops[j].blocks[h.index()] && best.is_none_or(|b| sizes[j] < sizes[b])
                {
                    best = Some(j);
                }
            }
            loops[i].parent = best;
        }
        let mut innermost: Vec<Option<usize>> = vec![None; n];
        for (b, slot) in innermost.iter_mut().enumerate() {
            for (j, l) in loops.iter().enumerate() {
                if l.blocks[b] && slot.is_none_or(|x| sizes[j] < sizes[x]) {
                    *slot = Some(j);
                }
            }
        }
        LoopForest {
            loops,
            innermost,
            header_of,
        }
    }
}

/// Post-dominators of one structuring context. Nodes are the context's blocks plus a
/// virtual sink (index `n`); edges leaving the context, back edges to its header and
/// blocks without successors go to the sink.
pub struct PostDom {
    /// Immediate post-dominator per block index (`SINK` for the sink itself / unknown).
    pub ipdom: Vec<usize>,
    pub sink: usize,
}

impl PostDom {
    /// `member(b)`: whether `b` belongs to the context; `header`: the context's loop header.
    pub fn new(cfg: &Cfg, member: &dyn Fn(Block) -> bool, header: Option<Block>) -> PostDom {
        let n = cfg.succs.len();
        let sink = n;
        // Successors in the context graph.
        let succ_of = |b: usize| -> Vec<usize> {
            let s = &cfg.succs[b];
            if s.is_empty() {
                return vec![sink];
            }
            s.iter()
                .map(|&t| {
                    if Some(t) == header || !member(t) {
                        sink
                    } else {
                        t.index()
                    }
                })
                .collect()
        };
        let nodes: Vec<usize> = (0..n)
            .filter(|&b| cfg.reachable[b] && member(Block::from_index(b)))
            .collect();
        // Reverse graph: preds in reverse = succs in forward.
        let mut rsucc: Vec<Vec<usize>> = vec![Vec::new(); n + 1]; // reverse-graph successors
        let mut fsucc: Vec<Vec<usize>> = vec![Vec::new(); n + 1];
        for &b in &nodes {
            for t in succ_of(b) {
                fsucc[b].push(t);
                rsucc[t].push(b);
            }
        }
        // Post-order of the reverse graph from the sink.
        let mut visited = vec![false; n + 1];
        let mut post: Vec<usize> = Vec::new();
        let mut stack: Vec<(usize, usize)> = vec![(sink, 0)];
        visited[sink] = true;
        while let Some((b, i)) = stack.last_mut() {
            let b = *b;
            if *i < rsucc[b].len() {
                let s = rsucc[b][*i];
                *i += 1;
                if !visited[s] {
                    visited[s] = true;
                    stack.push((s, 0));
                }
            } else {
                post.push(b);
                stack.pop();
            }
        }
        let mut order = vec![usize::MAX; n + 1];
        for (i, &b) in post.iter().enumerate() {
            order[b] = i; // sink has the highest number
        }
        let mut ipdom = vec![usize::MAX; n + 1];
        ipdom[sink] = sink;
        let mut changed = true;
        while changed {
            changed = false;
            for &b in post.iter().rev().skip(1) {
                let mut new: Option<usize> = None;
                for &p in &fsucc[b] {
                    if ipdom[p] == usize::MAX {
                        continue;
                    }
                    new = Some(match new {
                        None => p,
                        Some(cur) => {
                            let (mut x, mut y) = (p, cur);
                            while x != y {
                                while order[x] < order[y] {
                                    x = ipdom[x];
                                }
                                while order[y] < order[x] {
                                    y = ipdom[y];
                                }
                            }
                            x
                        }
                    });
                }
                if let Some(nw) = new {
                    if ipdom[b] != nw {
                        ipdom[b] = nw;
                        changed = true;
                    }
                }
            }
        }
        PostDom { ipdom, sink }
    }

    /// The nearest common post-dominator of `a` and `b` (node indices, sink = `self.sink`).
    pub fn common(&self, mut a: usize, mut b: usize) -> usize {
        // Walk up with depth.
        let depth = |mut x: usize| {
            let mut d = 0usize;
            while x != self.sink && x < self.ipdom.len() && self.ipdom[x] != usize::MAX {
                x = self.ipdom[x];
                d += 1;
                if d > self.ipdom.len() {
                    break;
                }
            }
            d
        };
        let (mut da, mut db) = (depth(a), depth(b));
        while da > db {
            a = self.ipdom[a];
            da -= 1;
        }
        while db > da {
            b = self.ipdom[b];
            db -= 1;
        }
        while a != b {
            if a == self.sink || b == self.sink {
                return self.sink;
            }
            if self.ipdom[a] == usize::MAX || self.ipdom[b] == usize::MAX {
                return usize::MAX;
            }
            a = self.ipdom[a];
            b = self.ipdom[b];
        }
        a
    }
}
