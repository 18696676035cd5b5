//! Control-flow analyses used by structuring: reducibility, the natural-loop forest and
//! post-dominators of one structuring *context* (the whole function, or one loop's body
//! with its back edges and exits redirected to a virtual sink).
//!
//! Structuring is only attempted on reducible graphs (every retreating edge of a depth-first
//! walk targets a block that dominates its source); anything else is reported as
//! `irreducible-control-flow`, never structured approximately.

use frontend::ir::{Block, Function};

/// A natural loop: its header, its body's blocks (header included) and its parent.
#[derive(Clone, Debug)]
pub struct Loop {
    pub header: Block,
    pub blocks: Vec<Block>,
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

impl LoopForest {
    /// Whether loop `l` contains block `b` (walks `b`'s loop nest outwards).
    pub fn contains(&self, l: usize, b: Block) -> bool {
        let mut cur = self.innermost.get(b.index()).copied().flatten();
        while let Some(c) = cur {
            if c == l {
                return true;
            }
            cur = self.loops[c].parent;
        }
        false
    }
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

    /// Natural loops (reducible graphs only), merged per header, with nesting: headers
    /// are processed innermost first (decreasing reverse-post-order index); a walk back
    /// from the latches that meets a block of an already-built loop jumps to that loop's
    /// outermost header, which makes it a child. Linear up to the nesting depth.
    pub fn loops(&self, f: &Function) -> LoopForest {
        let n = f.blocks.len();
        let mut headers: Vec<Block> = f
            .block_ids()
            .filter(|h| {
                self.reachable[h.index()]
                    && self.preds[h.index()].iter().any(|p| {
                        self.reachable[p.index()]
                            && self.rpo_index[p.index()] >= self.rpo_index[h.index()]
                    })
            })
            .collect();
        headers.sort_by_key(|h| std::cmp::Reverse(self.rpo_index[h.index()]));
        let mut loops: Vec<Loop> = Vec::new();
        let mut innermost: Vec<Option<usize>> = vec![None; n];
        let mut header_of: Vec<Option<usize>> = vec![None; n];
        let mut stamp: Vec<usize> = vec![usize::MAX; n];
        for h in headers {
            let li = loops.len();
            loops.push(Loop {
                header: h,
                blocks: Vec::new(),
                parent: None,
            });
            header_of[h.index()] = Some(li);
            innermost[h.index()] = Some(li);
            stamp[h.index()] = li;
            let mut work: Vec<Block> = self.preds[h.index()]
                .iter()
                .copied()
                .filter(|p| {
                    self.reachable[p.index()]
                        && self.rpo_index[p.index()] >= self.rpo_index[h.index()]
                })
                .collect();
            while let Some(mut b) = work.pop() {
                if let Some(l2) = innermost[b.index()] {
                    // Jump to the outermost loop built so far around `b`.
                    let mut top = l2;
                    while let Some(p) = loops[top].parent {
                        top = p;
                    }
                    if top == li {
                        continue;
                    }
                    loops[top].parent = Some(li);
                    b = loops[top].header;
                } else {
                    innermost[b.index()] = Some(li);
                }
                if stamp[b.index()] == li {
                    continue;
                }
                stamp[b.index()] = li;
                for &p in &self.preds[b.index()] {
                    if self.reachable[p.index()] && stamp[p.index()] != li {
                        work.push(p);
                    }
                }
            }
        }
        let mut forest = LoopForest {
            loops,
            innermost,
            header_of,
        };
        for b in f.block_ids() {
            let mut cur = forest.innermost[b.index()];
            while let Some(c) = cur {
                forest.loops[c].blocks.push(b);
                cur = forest.loops[c].parent;
            }
        }
        forest
    }
}

/// Post-dominators of one structuring context. Nodes are the context's blocks plus a
/// virtual sink (index `n`); edges leaving the context, back edges to its header and
/// blocks without successors go to the sink.
pub struct PostDom {
    /// Immediate post-dominator per block index of the context (global numbering; the
    /// sink is the number of blocks; `usize::MAX` when none: no path to the sink).
    ipdom: std::collections::HashMap<usize, usize>,
    pub sink: usize,
}

impl PostDom {
    /// `nodes`: the context's blocks; `member(b)`: whether `b` belongs to the context;
    /// `header`: the context's loop header. Work and memory are linear in the context.
    pub fn new(
        cfg: &Cfg,
        nodes: &[Block],
        member: &dyn Fn(Block) -> bool,
        header: Option<Block>,
    ) -> PostDom {
        let n_all = cfg.succs.len();
        let sink_global = n_all;
        let nodes: Vec<Block> = nodes
            .iter()
            .copied()
            .filter(|b| cfg.reachable[b.index()])
            .collect();
        let m = nodes.len();
        let sink = m;
        let mut local: std::collections::HashMap<usize, usize> =
            std::collections::HashMap::with_capacity(m);
        for (i, b) in nodes.iter().enumerate() {
            local.insert(b.index(), i);
        }
        let mut fsucc: Vec<Vec<usize>> = vec![Vec::new(); m + 1];
        let mut rsucc: Vec<Vec<usize>> = vec![Vec::new(); m + 1];
        for (i, &b) in nodes.iter().enumerate() {
            let s = &cfg.succs[b.index()];
            let targets: Vec<usize> = if s.is_empty() {
                vec![sink]
            } else {
                s.iter()
                    .map(|&t| {
                        if Some(t) == header || !member(t) {
                            sink
                        } else {
                            local.get(&t.index()).copied().unwrap_or(sink)
                        }
                    })
                    .collect()
            };
            for t in targets {
                fsucc[i].push(t);
                rsucc[t].push(i);
            }
        }
        let mut visited = vec![false; m + 1];
        let mut post: Vec<usize> = Vec::with_capacity(m + 1);
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
        let mut order = vec![usize::MAX; m + 1];
        for (i, &b) in post.iter().enumerate() {
            order[b] = i;
        }
        let mut ip = vec![usize::MAX; m + 1];
        ip[sink] = sink;
        let mut changed = true;
        while changed {
            changed = false;
            for &b in post.iter().rev().skip(1) {
                let mut new: Option<usize> = None;
                for &p in &fsucc[b] {
                    if ip[p] == usize::MAX {
                        continue;
                    }
                    new = Some(match new {
                        None => p,
                        Some(cur) => {
                            let (mut x, mut y) = (p, cur);
                            while x != y {
                                while order[x] < order[y] {
                                    x = ip[x];
                                }
                                while order[y] < order[x] {
                                    y = ip[y];
                                }
                            }
                            x
                        }
                    });
                }
                if let Some(nw) = new {
                    if ip[b] != nw {
                        ip[b] = nw;
                        changed = true;
                    }
                }
            }
        }
        // Back to global numbering (sink = number of blocks).
        let to_global = |x: usize| -> usize {
            if x == usize::MAX {
                usize::MAX
            } else if x == sink {
                sink_global
            } else {
                nodes[x].index()
            }
        };
        let mut ipdom = std::collections::HashMap::with_capacity(m + 1);
        for (i, b) in nodes.iter().enumerate() {
            ipdom.insert(b.index(), to_global(ip[i]));
        }
        ipdom.insert(sink_global, sink_global);
        PostDom {
            ipdom,
            sink: sink_global,
        }
    }

    /// The immediate post-dominator of node `b` (`usize::MAX` when it has none).
    pub fn ipdom_of(&self, b: usize) -> usize {
        self.ipdom.get(&b).copied().unwrap_or(usize::MAX)
    }

    /// The nearest common post-dominator of `a` and `b` (node indices, sink = `self.sink`).
    pub fn common(&self, mut a: usize, mut b: usize) -> usize {
        let limit = self.ipdom.len() + 1;
        let depth = |mut x: usize| -> Option<usize> {
            let mut d = 0usize;
            while x != self.sink {
                x = self.ipdom_of(x);
                if x == usize::MAX || d > limit {
                    return None;
                }
                d += 1;
            }
            Some(d)
        };
        let (Some(mut da), Some(mut db)) = (depth(a), depth(b)) else {
            return usize::MAX;
        };
        while da > db {
            a = self.ipdom_of(a);
            da -= 1;
        }
        while db > da {
            b = self.ipdom_of(b);
            db -= 1;
        }
        while a != b {
            a = self.ipdom_of(a);
            b = self.ipdom_of(b);
        }
        a
    }
}
