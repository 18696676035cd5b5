//! Structuring: the (inlined, reducible) kernel-IR CFG becomes the parallel IR's region tree.
//!
//! Emission walks the CFG from the entry inside a *context* (the whole kernel, or one
//! natural loop's body). A block with several successors becomes nested `If`s whose arms
//! are emitted up to the block's immediate post-dominator in the context graph (the
//! join); the join's block parameters become the `If`'s results. Paths that leave the
//! context (a `ret`, a back edge, a loop exit) end at the context's virtual sink; their
//! `If`s yield the context's *terminal tuple* instead. A loop becomes a do-while `While`
//! whose `before` region runs one iteration and yields the terminal tuple
//! `[kind, header args.., exit args.., live-outs..]` (kind 0 = continue, k + 1 = leave
//! through exit k); after the `While`, nested `If`s on `kind` continue at the exit taken.
//! Every path of the CFG is thus executed by exactly one path of the region tree, with the
//! same instructions in the same order, which is why the result is equivalent.
//!
//! Early returns are folded into conditions: when several arms of a branch reach a common
//! block before their join (the code after an early `return`, or a shared `else` of a
//! short-circuit condition), the arms stop there and yield a flag; the common block and
//! what follows are emitted once, in an `If` on that flag. Barriers and warp collectives
//! are never duplicated (that would make threads meet at different copies); if structuring
//! ever would, raising stops with `unsupported-control-flow`. Other duplication is bounded
//! by an op budget (`raising-too-large`).
//!
//! Launch structure: thread and block indices become the arguments of the block- and
//! grid-level `Parallel`s, launch dimensions become `Dim` ops in the top region, module
//! `__shared__` arrays become `SharedAlloc`s of the grid region and `alloca`s become
//! `LocalAlloc`s of the thread region. Pointers are traced to their root as they are
//! defined (see `addr`), so accesses carry `Addr::Root` whenever the root is known.

use std::collections::HashMap;

use frontend::ir::{
    AddrSpace, Block, BlockCall, Function, GlobalId, Inst, IntPredicate, Module, Op, SpecialReg,
    Terminator, Type, Value, ValueDef,
};
use frontend::{Diagnostic, Location};

use super::cfg::{Cfg, LoopForest, PostDom};
use crate::ir::{
    Addr, BinaryOp, Dim, Kernel, Level, LocalAlloc, LocalId, MemRoot, OpId, OpKind, Region,
    SharedAlloc, SharedId,
};

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
enum Ctx {
    Top,
    Loop(usize),
}

/// Where the emission of a stretch of code stops: a join block, the context's sink, or an
/// *alternative*: a merge block `j` reached by several arms of a branch before their join
/// (typically the code after an early return), whose arms then yield
/// `[reached j, j's args.., what reaching the inner stop yields..]` so that `j` and what
/// follows it are emitted once, guarded by the flag, instead of once per arm.
#[derive(Clone, Debug)]
enum Stop {
    Block(Block),
    Sink,
    Alt { j: Block, inner: Box<Stop> },
}

impl Stop {
    fn contains(&self, b: usize) -> bool {
        match self {
            Stop::Block(e) => e.index() == b,
            Stop::Sink => false,
            Stop::Alt { j, inner } => j.index() == b || inner.contains(b),
        }
    }
}

/// Where a path of a context ends.
enum Terminal {
    Continue,
    Exit(usize),
}

pub struct Emitter<'a> {
    module: &'a Module,
    f: &'a Function,
    cfg: Cfg,
    forest: LoopForest,
    k: Kernel,
    map: Vec<Option<Value>>,
    roots: Vec<Option<(MemRoot, Value)>>,
    inst_block: Vec<Option<Block>>,
    grid_args: [Value; 3],
    thread_args: [Value; 3],
    top_ops: Vec<OpId>,
    dims: HashMap<Dim, Value>,
    grid_ops: Vec<OpId>,
    shared_of: HashMap<GlobalId, SharedId>,
    thread_prelude: Vec<OpId>,
    local_of: HashMap<Inst, LocalId>,
    postdoms: HashMap<Ctx, PostDom>,
    exits: Vec<Vec<Block>>,
    liveouts: Vec<Vec<Value>>,
    budget: usize,
    /// Blocks already emitted that hold a barrier or warp collective (never duplicated).
    sync_emitted: Vec<bool>,
}

fn internal(msg: &str) -> Diagnostic {
    Diagnostic::new("internal", format!("raising: {msg}"))
}

impl<'a> Emitter<'a> {
    /// Location of a block (its first located instruction) for diagnostics.
    fn block_location(module: &Module, f: &Function, b: Block) -> Location {
        let loc = f
            .block(b)
            .insts
            .iter()
            .find_map(|&i| f.inst(i).loc)
            .or(f.loc);
        let mut l = match loc {
            Some(l) => Location::file_line_col(module.source.clone(), l.line, l.col),
            None => Location::in_function(f.display_name.clone()),
        };
        l.function = Some(f.display_name.clone());
        let name = f.block(b).name.clone().unwrap_or_else(|| format!("{b}"));
        l.with_op(format!("block {name}"))
    }

    pub fn new(module: &'a Module, f: &'a Function) -> Result<Emitter<'a>, Diagnostic> {
        let cfg = Cfg::new(f);
        if let Some(b) = cfg.irreducible_target(f) {
            return Err(Diagnostic::new(
                "irreducible-control-flow",
                format!(
                    "kernel '{}' has irreducible control flow (a cycle entered other than through block {}); it cannot be structured",
                    f.display_name,
                    f.block(b).name.clone().unwrap_or_else(|| format!("{b}"))
                ),
            )
            .at(Self::block_location(module, f, b)));
        }
        let forest = cfg.loops(f);
        let mut inst_block = vec![None; f.insts.len()];
        for b in f.block_ids() {
            for &i in &f.block(b).insts {
                inst_block[i.index()] = Some(b);
            }
        }
        let mut k = Kernel::new(f.name.clone(), f.display_name.clone());
        let mut map = vec![None; f.values.len()];
        let mut roots = vec![None; f.values.len()];
        let budget = 64 * (f.insts.len() + f.blocks.len()) + 100_000;
        let mut em_top = Vec::new();
        let zero_op = k.create_op(OpKind::Const { bits: 0 }, &[Type::I64], None);
        em_top.push(zero_op);
        let zero = k.result(zero_op).ok_or_else(|| internal("const"))?;
        for (i, &p) in f.params.iter().enumerate() {
            let ty = f.value_type(p);
            let np = k.add_param(ty, f.param_names.get(i).cloned().flatten());
            map[p.index()] = Some(np);
            if ty.is_ptr() {
                roots[p.index()] = Some((MemRoot::Param(i as u32), zero));
            }
        }
        let placeholder = OpKind::Yield(Vec::new());
        let grid_op = k.create_op(placeholder.clone(), &[], None);
        let block_op = k.create_op(placeholder, &[], None);
        let grid_args = [0u32, 1, 2].map(|i| k.new_region_arg(grid_op, 0, i, Type::I32));
        let thread_args = [0u32, 1, 2].map(|i| k.new_region_arg(block_op, 0, i, Type::I32));
        // Exit targets and live-outs of every loop.
        let n_loops = forest.loops.len();
        let mut exits = vec![Vec::new(); n_loops];
        for (li, l) in forest.loops.iter().enumerate() {
            for &b in &l.blocks {
                for &s in &cfg.succs[b.index()] {
                    if !forest.contains(li, s) && !exits[li].contains(&s) {
                        exits[li].push(s);
                    }
                }
            }
        }
        let mut liveouts: Vec<Vec<Value>> = vec![Vec::new(); n_loops];
        let def_block = |v: Value| -> Option<Block> {
            match f.value_def(v) {
                ValueDef::Param(_) => None,
                ValueDef::Inst(i) => inst_block[i.index()],
                ValueDef::BlockParam(b, _) => Some(b),
            }
        };
        let mut seen: std::collections::HashSet<(usize, Value)> = std::collections::HashSet::new();
        for b in f.block_ids() {
            if !cfg.reachable[b.index()] {
                continue;
            }
            let mut uses: Vec<Value> = Vec::new();
            for &i in &f.block(b).insts {
                uses.extend(f.inst(i).op.operands());
            }
            let term = &f.block(b).term;
            uses.extend(term.own_operands());
            for c in term.successors() {
                uses.extend(c.args.iter().copied());
            }
            for v in uses {
                let Some(db) = def_block(v) else { continue };
                let mut l = forest.innermost[db.index()];
                while let Some(li) = l {
                    if forest.contains(li, b) {
                        break;
                    }
                    if seen.insert((li, v)) {
                        liveouts[li].push(v);
                    }
                    l = forest.loops[li].parent;
                }
            }
        }
        Ok(Emitter {
            module,
            f,
            cfg,
            forest,
            k,
            map,
            roots,
            inst_block,
            grid_args,
            thread_args,
            top_ops: em_top,
            dims: HashMap::new(),
            grid_ops: Vec::new(),
            shared_of: HashMap::new(),
            thread_prelude: Vec::new(),
            local_of: HashMap::new(),
            postdoms: HashMap::new(),
            exits,
            liveouts,
            budget,
            sync_emitted: vec![false; f.blocks.len()],
        })
    }

    /// Build the whole kernel.
    pub fn run(mut self) -> Result<Kernel, Diagnostic> {
        let grid_op = crate::ir::OpId(1);
        let block_op = crate::ir::OpId(2);
        let mut body = Vec::new();
        let entry = self.f.entry;
        let end = self.emit_seq(
            &mut body,
            entry,
            Vec::new(),
            &Stop::Sink,
            Ctx::Top,
            entry,
            true,
        )?;
        if !end.is_empty() {
            return Err(internal("top-level region ended with values"));
        }
        let y = self.push_new(&mut body, OpKind::Yield(Vec::new()), &[]);
        let _ = y;
        let mut thread_ops = std::mem::take(&mut self.thread_prelude);
        thread_ops.extend(body);
        self.k.op_mut(block_op).kind = OpKind::Parallel {
            level: Level::Block,
            body: Region {
                args: self.thread_args.to_vec(),
                ops: thread_ops,
            },
        };
        let mut grid_ops = std::mem::take(&mut self.grid_ops);
        grid_ops.push(block_op);
        let gy = self.k.create_op(OpKind::Yield(Vec::new()), &[], None);
        grid_ops.push(gy);
        self.k.op_mut(grid_op).kind = OpKind::Parallel {
            level: Level::Grid,
            body: Region {
                args: self.grid_args.to_vec(),
                ops: grid_ops,
            },
        };
        let mut top = std::mem::take(&mut self.top_ops);
        top.push(grid_op);
        let ty = self.k.create_op(OpKind::Yield(Vec::new()), &[], None);
        top.push(ty);
        self.k.body = Region {
            args: Vec::new(),
            ops: top,
        };
        Ok(self.k)
    }

    fn spend(&mut self) -> Result<(), Diagnostic> {
        if self.budget == 0 {
            return Err(Diagnostic::new(
                "raising-too-large",
                format!(
                    "structuring kernel '{}' duplicates too much code",
                    self.f.display_name
                ),
            ));
        }
        self.budget -= 1;
        Ok(())
    }

    fn push_op(
        &mut self,
        ops: &mut Vec<OpId>,
        kind: OpKind,
        tys: &[Type],
        loc: Option<frontend::ir::SrcLoc>,
    ) -> Result<OpId, Diagnostic> {
        self.spend()?;
        let id = self.k.create_op(kind, tys, loc);
        ops.push(id);
        Ok(id)
    }

    fn push_new(&mut self, ops: &mut Vec<OpId>, kind: OpKind, tys: &[Type]) -> OpId {
        let id = self.k.create_op(kind, tys, None);
        ops.push(id);
        id
    }

    fn push_val(
        &mut self,
        ops: &mut Vec<OpId>,
        kind: OpKind,
        ty: Type,
    ) -> Result<Value, Diagnostic> {
        let id = self.push_op(ops, kind, &[ty], None)?;
        self.k.result(id).ok_or_else(|| internal("result"))
    }

    fn konst(&mut self, ops: &mut Vec<OpId>, ty: Type, bits: u64) -> Result<Value, Diagnostic> {
        self.push_val(ops, OpKind::Const { bits }, ty)
    }

    fn is_zero_const(&self, v: Value) -> bool {
        match self.k.value_def(v) {
            crate::ir::ValueDef::Result(op, 0) => {
                matches!(self.k.op(op).kind, OpKind::Const { bits: 0 })
            }
            _ => false,
        }
    }

    /// The new value of kernel value `v` (materialising a traced pointer).
    fn val(&mut self, ops: &mut Vec<OpId>, v: Value) -> Result<Value, Diagnostic> {
        if let Some(x) = self.map.get(v.index()).copied().flatten() {
            return Ok(x);
        }
        if let Some((root, off)) = self.roots.get(v.index()).copied().flatten() {
            let ty = self.f.value_type(v);
            let base = self.push_val(ops, OpKind::RootAddr(root), ty)?;
            if self.is_zero_const(off) {
                return Ok(base);
            }
            return self.push_val(
                ops,
                OpKind::PtrAdd {
                    ptr: base,
                    offset: off,
                },
                ty,
            );
        }
        Err(internal(&format!("value {v} used before its definition")))
    }

    fn addr(&mut self, ops: &mut Vec<OpId>, p: Value) -> Result<Addr, Diagnostic> {
        if self.map.get(p.index()).copied().flatten().is_none() || self.roots[p.index()].is_some() {
            if let Some((root, offset)) = self.roots.get(p.index()).copied().flatten() {
                return Ok(Addr::Root { root, offset });
            }
        }
        Ok(Addr::Dynamic(self.val(ops, p)?))
    }

    fn postdom(&mut self, ctx: Ctx) -> &PostDom {
        if !self.postdoms.contains_key(&ctx) {
            let pd = match ctx {
                Ctx::Top => {
                    let all: Vec<Block> = self.f.block_ids().collect();
                    PostDom::new(&self.cfg, &all, &|_| true, None)
                }
                Ctx::Loop(l) => {
                    let lp = &self.forest.loops[l];
                    let forest = &self.forest;
                    PostDom::new(
                        &self.cfg,
                        &lp.blocks,
                        &|b: Block| forest.contains(l, b),
                        Some(lp.header),
                    )
                }
            };
            self.postdoms.insert(ctx, pd);
        }
        &self.postdoms[&ctx]
    }

    /// The node of `b` in `ctx`'s post-dominator graph.
    fn node(&self, ctx: Ctx, b: Block) -> usize {
        let sink = self.f.blocks.len();
        match ctx {
            Ctx::Top => b.index(),
            Ctx::Loop(l) => {
                let lp = &self.forest.loops[l];
                if b == lp.header || !self.forest.contains(l, b) {
                    sink
                } else {
                    b.index()
                }
            }
        }
    }

    fn unstructurable(&self, b: Block) -> Diagnostic {
        Diagnostic::new(
            "unsupported-control-flow",
            format!(
                "kernel '{}': a loop without an exit (or a path that never reaches the end) cannot be structured",
                self.f.display_name
            ),
        )
        .at(Self::block_location(self.module, self.f, b))
    }

    fn dominates(&self, a: Block, b: Block) -> bool {
        self.cfg.dominates(self.f.entry, a, b)
    }

    fn def_block(&self, v: Value) -> Option<Block> {
        match self.f.value_def(v) {
            ValueDef::Param(_) => None,
            ValueDef::Inst(i) => self.inst_block[i.index()],
            ValueDef::BlockParam(b, _) => Some(b),
        }
    }

    /// Types of the terminal tuple of loop `l`.
    fn tuple_types(&self, l: usize) -> Vec<Type> {
        let mut t = vec![Type::I32];
        let h = self.forest.loops[l].header;
        for &p in &self.f.block(h).params {
            t.push(self.f.value_type(p));
        }
        for &e in &self.exits[l] {
            for &p in &self.f.block(e).params {
                t.push(self.f.value_type(p));
            }
        }
        for &v in &self.liveouts[l] {
            t.push(self.f.value_type(v));
        }
        t
    }

    fn terminal(
        &mut self,
        ops: &mut Vec<OpId>,
        l: usize,
        term: Terminal,
        args: Vec<Value>,
        from: Block,
    ) -> Result<Vec<Value>, Diagnostic> {
        let kind = match term {
            Terminal::Continue => 0,
            Terminal::Exit(e) => e as u64 + 1,
        };
        let mut out = vec![self.konst(ops, Type::I32, kind)?];
        let h = self.forest.loops[l].header;
        let hparams = self.f.block(h).params.clone();
        let mut args_iter = args.into_iter();
        let mut take_or_zero = |this: &mut Self, ops: &mut Vec<OpId>, ty: Type, take: bool| {
            if take {
                args_iter
                    .next()
                    .ok_or_else(|| internal("branch argument count"))
            } else {
                this.konst(ops, ty, 0)
            }
        };
        for &p in &hparams {
            let ty = self.f.value_type(p);
            let v = take_or_zero(self, ops, ty, matches!(term, Terminal::Continue))?;
            out.push(v);
        }
        let exits = self.exits[l].clone();
        for (ei, &e) in exits.iter().enumerate() {
            for &p in &self.f.block(e).params.clone() {
                let ty = self.f.value_type(p);
                let take = matches!(term, Terminal::Exit(x) if x == ei);
                let v = take_or_zero(self, ops, ty, take)?;
                out.push(v);
            }
        }
        // A live-out is used after exit `e` only if its definition dominates the exit's
        // target; then it was emitted on every path to this exit (see the module doc).
        let target = match term {
            Terminal::Exit(e) => exits.get(e).copied(),
            Terminal::Continue => None,
        };
        let _ = from;
        for &v in &self.liveouts[l].clone() {
            let avail =
                target.is_some_and(|t| self.def_block(v).is_some_and(|d| self.dominates(d, t)));
            if avail {
                let x = self.val(ops, v)?;
                out.push(x);
            } else {
                let ty = self.f.value_type(v);
                let z = self.konst(ops, ty, 0)?;
                out.push(z);
            }
        }
        Ok(out)
    }

    fn mapped_args(
        &mut self,
        ops: &mut Vec<OpId>,
        call: &BlockCall,
    ) -> Result<Vec<Value>, Diagnostic> {
        call.args.iter().map(|&a| self.val(ops, a)).collect()
    }

    /// Emit from block `b` (entered with `args` from `from`) until `stop` (a block index
    /// or the context's sink); gives the arguments passed to `stop`, or the terminal tuple.
    #[allow(clippy::too_many_arguments)]
    fn emit_seq(
        &mut self,
        ops: &mut Vec<OpId>,
        mut b: Block,
        mut args: Vec<Value>,
        stop: &Stop,
        ctx: Ctx,
        mut from: Block,
        mut first: bool,
    ) -> Result<Vec<Value>, Diagnostic> {
        loop {
            self.spend()?;
            if !first {
                if let Some(v) = self.reach(ops, stop, b, &args, ctx)? {
                    return Ok(v);
                }
                if let Ctx::Loop(l) = ctx {
                    let lp = &self.forest.loops[l];
                    if b == lp.header {
                        let t = self.terminal(ops, l, Terminal::Continue, args, from)?;
                        return self.wrap_terminal(ops, stop, t);
                    }
                    if !self.forest.contains(l, b) {
                        let e = self.exits[l]
                            .iter()
                            .position(|&x| x == b)
                            .ok_or_else(|| internal("unknown loop exit"))?;
                        let t = self.terminal(ops, l, Terminal::Exit(e), args, from)?;
                        return self.wrap_terminal(ops, stop, t);
                    }
                }
                if let Some(l2) = self.forest.header_of[b.index()] {
                    if ctx != Ctx::Loop(l2) {
                        match self.emit_loop(ops, l2, args, ctx, stop)? {
                            Next::Done(v) => return Ok(v),
                            Next::Go(nb, na, nf) => {
                                b = nb;
                                args = na;
                                from = nf;
                                continue;
                            }
                        }
                    }
                }
            }
            first = false;
            self.bind_params(b, &args)?;
            match self.emit_block_and_branch(ops, b, stop, ctx)? {
                Next::Done(v) => return Ok(v),
                Next::Go(nb, na, nf) => {
                    b = nb;
                    args = na;
                    from = nf;
                }
            }
        }
    }

    /// Types of what reaching `stop` yields.
    fn stop_types(&self, stop: &Stop, ctx: Ctx) -> Vec<Type> {
        match stop {
            Stop::Block(e) => self
                .f
                .block(*e)
                .params
                .iter()
                .map(|&p| self.f.value_type(p))
                .collect(),
            Stop::Sink => match ctx {
                Ctx::Top => Vec::new(),
                Ctx::Loop(l) => self.tuple_types(l),
            },
            Stop::Alt { j, inner } => {
                let mut t = vec![Type::I1];
                t.extend(
                    self.f
                        .block(*j)
                        .params
                        .iter()
                        .map(|&p| self.f.value_type(p)),
                );
                t.extend(self.stop_types(inner, ctx));
                t
            }
        }
    }

    fn zeros(&mut self, ops: &mut Vec<OpId>, tys: &[Type]) -> Result<Vec<Value>, Diagnostic> {
        tys.iter().map(|&t| self.konst(ops, t, 0)).collect()
    }

    /// If entering `b` with `args` reaches `stop`, the values that reaching it yields.
    fn reach(
        &mut self,
        ops: &mut Vec<OpId>,
        stop: &Stop,
        b: Block,
        args: &[Value],
        ctx: Ctx,
    ) -> Result<Option<Vec<Value>>, Diagnostic> {
        match stop {
            Stop::Block(e) => Ok((*e == b).then(|| args.to_vec())),
            Stop::Sink => Ok(None),
            Stop::Alt { j, inner } => {
                if *j == b {
                    let mut v = vec![self.konst(ops, Type::I1, 1)?];
                    v.extend_from_slice(args);
                    let tys = self.stop_types(inner, ctx);
                    v.extend(self.zeros(ops, &tys)?);
                    return Ok(Some(v));
                }
                match self.reach(ops, inner, b, args, ctx)? {
                    Some(rest) => {
                        let mut v = vec![self.konst(ops, Type::I1, 0)?];
                        let tys: Vec<Type> = self
                            .f
                            .block(*j)
                            .params
                            .iter()
                            .map(|&p| self.f.value_type(p))
                            .collect();
                        v.extend(self.zeros(ops, &tys)?);
                        v.extend(rest);
                        Ok(Some(v))
                    }
                    None => Ok(None),
                }
            }
        }
    }

    /// A path ends at the context's sink with `tuple`: what it yields under `stop`.
    fn wrap_terminal(
        &mut self,
        ops: &mut Vec<OpId>,
        stop: &Stop,
        tuple: Vec<Value>,
    ) -> Result<Vec<Value>, Diagnostic> {
        match stop {
            Stop::Sink => Ok(tuple),
            Stop::Block(_) => Err(internal("a path leaves the context before its join")),
            Stop::Alt { j, inner } => {
                let rest = self.wrap_terminal(ops, inner, tuple)?;
                let mut v = vec![self.konst(ops, Type::I1, 0)?];
                let tys: Vec<Type> = self
                    .f
                    .block(*j)
                    .params
                    .iter()
                    .map(|&p| self.f.value_type(p))
                    .collect();
                v.extend(self.zeros(ops, &tys)?);
                v.extend(rest);
                Ok(v)
            }
        }
    }

    /// The first block (in reverse post-order) that two or more of `targets` reach
    /// before `stop` or the context's end, if any.
    fn merge_point(&self, ctx: Ctx, targets: &[Block], stop: &Stop) -> Option<Block> {
        let mut distinct: Vec<Block> = Vec::new();
        for &t in targets {
            if !distinct.contains(&t) {
                distinct.push(t);
            }
        }
        if distinct.len() < 2 {
            return None;
        }
        let mut reached: std::collections::HashMap<Block, (usize, u32)> =
            std::collections::HashMap::new();
        for (ai, &t) in distinct.iter().enumerate() {
            let mut work = vec![t];
            while let Some(b) = work.pop() {
                if stop.contains(b.index()) {
                    continue;
                }
                if let Ctx::Loop(l) = ctx {
                    if b == self.forest.loops[l].header || !self.forest.contains(l, b) {
                        continue;
                    }
                }
                let e = reached.entry(b).or_insert((usize::MAX, 0));
                if e.0 == ai {
                    continue;
                }
                e.0 = ai;
                e.1 += 1;
                work.extend(self.cfg.succs[b.index()].iter().copied());
            }
        }
        // A block of constants without parameters that only jumps to the stop costs
        // nothing to duplicate (and, jumping only to the stop, dominates no other merge).
        let trivial = |b: Block| {
            let d = self.f.block(b);
            d.insts
                .iter()
                .all(|&i| matches!(self.f.inst(i).op, Op::Const { .. }))
                && d.params.is_empty()
                && matches!(&d.term, Terminator::Br(c) if stop.contains(c.block.index()))
        };
        reached
            .into_iter()
            .filter(|(b, (_, n))| *n >= 2 && !trivial(*b))
            .map(|(b, _)| b)
            .min_by_key(|b| self.cfg.rpo_index[b.index()])
    }

    /// After arms emitted under `Stop::Alt { j, inner }` gave `packed`: if the flag is set,
    /// go on from `j` up to `inner`; otherwise pass the inner values on.
    fn emit_guard(
        &mut self,
        ops: &mut Vec<OpId>,
        j: Block,
        packed: Vec<Value>,
        inner: &Stop,
        ctx: Ctx,
    ) -> Result<Vec<Value>, Diagnostic> {
        let np = self.f.block(j).params.len();
        if packed.len() < 1 + np {
            return Err(internal("guard tuple"));
        }
        let flag = packed[0];
        let jargs = packed[1..1 + np].to_vec();
        let rest = packed[1 + np..].to_vec();
        let mut then_ops = Vec::new();
        let tv = self.emit_seq(&mut then_ops, j, jargs, inner, ctx, j, false)?;
        self.push_if(ops, flag, (then_ops, tv), (Vec::new(), rest), "guard arms")
    }

    fn bind_params(&mut self, b: Block, args: &[Value]) -> Result<(), Diagnostic> {
        let params = &self.f.block(b).params;
        if params.len() != args.len() {
            return Err(internal("block argument count"));
        }
        for (&p, &a) in params.iter().zip(args) {
            self.map[p.index()] = Some(a);
            self.roots[p.index()] = None;
        }
        Ok(())
    }

    /// Emit `b`'s instructions and its terminator: either a single successor to go on
    /// with, or a branch emitted as `If`s up to the join.
    fn emit_block_and_branch(
        &mut self,
        ops: &mut Vec<OpId>,
        b: Block,
        stop: &Stop,
        ctx: Ctx,
    ) -> Result<Next, Diagnostic> {
        let sink = self.f.blocks.len();
        let has_sync = self.f.block(b).insts.iter().any(|&i| {
            matches!(
                self.f.inst(i).op,
                Op::Barrier { .. } | Op::Shuffle { .. } | Op::Vote { .. }
            )
        });
        if has_sync {
            // Threads of one block must meet at the *same* barrier: a copy per path would
            // make a kernel that synchronises correctly diverge.
            if self.sync_emitted[b.index()] {
                return Err(Diagnostic::new(
                    "unsupported-control-flow",
                    format!(
                        "kernel '{}': structuring would duplicate a barrier or warp collective (reached on paths that merge only after an early return)",
                        self.f.display_name
                    ),
                )
                .at(Self::block_location(self.module, self.f, b)));
            }
            self.sync_emitted[b.index()] = true;
        }
        for &i in &self.f.block(b).insts.clone() {
            self.emit_inst(ops, i)?;
        }
        let term = self.f.block(b).term.clone();
        let arms: Vec<(Option<Value>, BlockCall)> = match term {
            Terminator::Br(call) => {
                let a = self.mapped_args(ops, &call)?;
                return Ok(Next::Go(call.block, a, b));
            }
            Terminator::CondBr {
                cond,
                if_true,
                if_false,
            } => {
                let c = self.val(ops, cond)?;
                vec![(Some(c), if_true), (None, if_false)]
            }
            Terminator::Switch {
                value,
                cases,
                default,
            } => {
                let v = self.val(ops, value)?;
                let ty = self.f.value_type(value);
                let mut arms = Vec::new();
                for (bits, call) in cases {
                    let c = self.konst(ops, ty, bits & ty.mask())?;
                    let cmp = self.push_val(ops, OpKind::ICmp(IntPredicate::Eq, v, c), Type::I1)?;
                    arms.push((Some(cmp), call));
                }
                arms.push((None, default));
                arms
            }
            Terminator::Ret(_) | Terminator::Trap | Terminator::Unreachable => {
                if !matches!(term, Terminator::Ret(_)) {
                    let loc = self
                        .f
                        .block(b)
                        .insts
                        .last()
                        .and_then(|&i| self.f.inst(i).loc);
                    self.push_op(ops, OpKind::Trap, &[], loc)?;
                }
                if ctx != Ctx::Top {
                    return Err(internal("return inside a loop context"));
                }
                return Ok(Next::Done(self.wrap_terminal(ops, stop, Vec::new())?));
            }
        };
        let pd = self.postdom(ctx);
        let join = pd.ipdom_of(b.index());
        if join == usize::MAX {
            return Err(self.unstructurable(b));
        }
        let done = join == sink || stop.contains(join);
        let arms_stop = if done {
            stop.clone()
        } else {
            Stop::Block(Block::from_index(join))
        };
        let targets: Vec<Block> = arms.iter().map(|(_, c)| c.block).collect();
        let vals = match self.merge_point(ctx, &targets, &arms_stop) {
            Some(j) => {
                let alt = Stop::Alt {
                    j,
                    inner: Box::new(arms_stop.clone()),
                };
                let packed = self.emit_arms(ops, &arms, &alt, ctx, b)?;
                self.emit_guard(ops, j, packed, &arms_stop, ctx)?
            }
            None => self.emit_arms(ops, &arms, &arms_stop, ctx, b)?,
        };
        if done {
            return Ok(Next::Done(vals));
        }
        // The join is entered like any block: go on with its parameters.
        Ok(Next::Go(Block::from_index(join), vals, b))
    }

    /// Push `if cond { then_ops; yield tv } else { else_ops; yield ev }` onto `ops`;
    /// gives its results. The arms (`what`, for the diagnostic) must yield as many values.
    fn push_if(
        &mut self,
        ops: &mut Vec<OpId>,
        cond: Value,
        (mut then_ops, tv): (Vec<OpId>, Vec<Value>),
        (mut else_ops, ev): (Vec<OpId>, Vec<Value>),
        what: &str,
    ) -> Result<Vec<Value>, Diagnostic> {
        if tv.len() != ev.len() {
            return Err(internal(&format!("{what} yield different counts")));
        }
        let tys: Vec<Type> = tv.iter().map(|&v| self.k.value_type(v)).collect();
        self.push_new(&mut then_ops, OpKind::Yield(tv), &[]);
        self.push_new(&mut else_ops, OpKind::Yield(ev), &[]);
        let op = self.push_op(
            ops,
            OpKind::If {
                cond,
                then_region: Region {
                    args: Vec::new(),
                    ops: then_ops,
                },
                else_region: Region {
                    args: Vec::new(),
                    ops: else_ops,
                },
            },
            &tys,
            None,
        )?;
        Ok(self.k.op(op).results.clone())
    }

    fn emit_arms(
        &mut self,
        ops: &mut Vec<OpId>,
        arms: &[(Option<Value>, BlockCall)],
        join: &Stop,
        ctx: Ctx,
        from: Block,
    ) -> Result<Vec<Value>, Diagnostic> {
        let Some(((cond, call), rest)) = arms.split_first() else {
            return Err(internal("branch without targets"));
        };
        match cond {
            None => {
                let a = self.mapped_args(ops, call)?;
                self.emit_seq(ops, call.block, a, join, ctx, from, false)
            }
            Some(c) => {
                let mut then_ops = Vec::new();
                let a = self.mapped_args(&mut then_ops, call)?;
                let tv = self.emit_seq(&mut then_ops, call.block, a, join, ctx, from, false)?;
                let mut else_ops = Vec::new();
                let ev = self.emit_arms(&mut else_ops, rest, join, ctx, from)?;
                self.push_if(ops, *c, (then_ops, tv), (else_ops, ev), "If arms")
            }
        }
    }

    /// Emit loop `l` entered with `init` from the context `ctx`; then the dispatch on the
    /// exit taken, up to the exits' common post-dominator. Gives that join (or the sink)
    /// and the values flowing into it.
    fn emit_loop(
        &mut self,
        ops: &mut Vec<OpId>,
        l: usize,
        init: Vec<Value>,
        ctx: Ctx,
        stop: &Stop,
    ) -> Result<Next, Diagnostic> {
        let sink = self.f.blocks.len();
        let h = self.forest.loops[l].header;
        let tys = self.tuple_types(l);
        let hparams = self.f.block(h).params.clone();
        self.spend()?;
        let op = self.k.create_op(
            OpKind::Yield(Vec::new()),
            &tys,
            self.f
                .block(h)
                .insts
                .first()
                .and_then(|&i| self.f.inst(i).loc),
        );
        let mut before_args = Vec::new();
        for (i, &p) in hparams.iter().enumerate() {
            let ty = self.f.value_type(p);
            before_args.push(self.k.new_region_arg(op, 0, i as u32, ty));
        }
        let mut before_ops = Vec::new();
        let tuple = self.emit_seq(
            &mut before_ops,
            h,
            before_args.clone(),
            &Stop::Sink,
            Ctx::Loop(l),
            h,
            true,
        )?;
        if tuple.len() != tys.len() {
            return Err(internal("loop tuple size"));
        }
        let zero = self.konst(&mut before_ops, Type::I32, 0)?;
        let cont = self.push_val(
            &mut before_ops,
            OpKind::ICmp(IntPredicate::Eq, tuple[0], zero),
            Type::I1,
        )?;
        self.push_new(
            &mut before_ops,
            OpKind::Condition {
                cond: cont,
                args: tuple,
            },
            &[],
        );
        let mut after_args = Vec::new();
        for (i, &ty) in tys.iter().enumerate() {
            after_args.push(self.k.new_region_arg(op, 1, i as u32, ty));
        }
        let mut after_ops = Vec::new();
        let next: Vec<Value> = after_args[1..1 + hparams.len()].to_vec();
        self.push_new(&mut after_ops, OpKind::Yield(next), &[]);
        self.k.op_mut(op).kind = OpKind::While {
            inits: init,
            before: Region {
                args: before_args,
                ops: before_ops,
            },
            after: Region {
                args: after_args,
                ops: after_ops,
            },
        };
        ops.push(op);
        let results = self.k.op(op).results.clone();
        // Live-outs now refer to the loop's results.
        let mut pos = 1 + hparams.len();
        let exits = self.exits[l].clone();
        let mut exit_args = Vec::new();
        for &e in &exits {
            let n = self.f.block(e).params.len();
            exit_args.push(results[pos..pos + n].to_vec());
            pos += n;
        }
        for &v in &self.liveouts[l].clone() {
            self.map[v.index()] = Some(results[pos]);
            self.roots[v.index()] = None;
            pos += 1;
        }
        // Dispatch.
        let mut join: Option<usize> = None;
        for &e in &exits {
            let n = self.node(ctx, e);
            join = Some(match join {
                None => n,
                Some(j) => {
                    let pd = self.postdom(ctx);
                    pd.common(j, n)
                }
            });
        }
        let join = join.unwrap_or(sink);
        if join == usize::MAX {
            return Err(self.unstructurable(h));
        }
        if exits.is_empty() {
            return Err(self.unstructurable(h));
        }
        let mut arms = Vec::new();
        for (ei, &e) in exits.iter().enumerate() {
            let cond = if ei + 1 == exits.len() {
                None
            } else {
                let c = self.konst(ops, Type::I32, ei as u64 + 1)?;
                Some(self.push_val(ops, OpKind::ICmp(IntPredicate::Eq, results[0], c), Type::I1)?)
            };
            arms.push((cond, e));
        }
        let done = join == sink || stop.contains(join);
        let arms_stop = if done {
            stop.clone()
        } else {
            Stop::Block(Block::from_index(join))
        };
        let vals = self.emit_exit_arms(ops, &arms, &exit_args, &arms_stop, ctx, h)?;
        if done {
            return Ok(Next::Done(vals));
        }
        Ok(Next::Go(Block::from_index(join), vals, h))
    }

    fn emit_exit_arms(
        &mut self,
        ops: &mut Vec<OpId>,
        arms: &[(Option<Value>, Block)],
        exit_args: &[Vec<Value>],
        join: &Stop,
        ctx: Ctx,
        from: Block,
    ) -> Result<Vec<Value>, Diagnostic> {
        let Some(((cond, target), rest)) = arms.split_first() else {
            return Err(internal("loop without exits"));
        };
        let idx = exit_args.len() - arms.len();
        let args = exit_args[idx].clone();
        match cond {
            None => self.emit_seq(ops, *target, args, join, ctx, from, false),
            Some(c) => {
                let mut then_ops = Vec::new();
                let tv = self.emit_seq(&mut then_ops, *target, args, join, ctx, from, false)?;
                let mut else_ops = Vec::new();
                let ev = self.emit_exit_arms(&mut else_ops, rest, exit_args, join, ctx, from)?;
                self.push_if(ops, *c, (then_ops, tv), (else_ops, ev), "exit arms")
            }
        }
    }

    fn dim(&mut self, d: Dim, ty: Type) -> Value {
        if let Some(&v) = self.dims.get(&d) {
            return v;
        }
        let id = self.k.create_op(OpKind::Dim(d), &[ty], None);
        self.top_ops.push(id);
        let v = self.k.ops[id.index()].results[0];
        self.dims.insert(d, v);
        v
    }

    fn shared(&mut self, g: GlobalId) -> SharedId {
        if let Some(&s) = self.shared_of.get(&g) {
            return s;
        }
        let gl = self.module.global(g);
        // Every `extern __shared__` array of a kernel starts at the same address (the
        // dynamic region), so all of them are one allocation: accesses through one alias
        // accesses through the others, as in CUDA.
        if gl.dynamic_shared {
            if let Some(existing) = self.k.shared.iter().position(|s| s.dynamic) {
                let id = SharedId(existing as u32);
                self.shared_of.insert(g, id);
                return id;
            }
        }
        let id = SharedId(self.k.shared.len() as u32);
        self.k.shared.push(SharedAlloc {
            name: gl.name.clone(),
            bytes: if gl.dynamic_shared { 0 } else { gl.bytes },
            align: gl.align.max(1),
            dynamic: gl.dynamic_shared,
        });
        let op = self.k.create_op(OpKind::SharedAlloc(id), &[], None);
        self.grid_ops.push(op);
        self.shared_of.insert(g, id);
        id
    }

    fn set(&mut self, v: Option<Value>, nv: Value) {
        if let Some(v) = v {
            self.map[v.index()] = Some(nv);
            self.roots[v.index()] = None;
        }
    }

    fn emit_inst(&mut self, ops: &mut Vec<OpId>, i: Inst) -> Result<(), Diagnostic> {
        let data = self.f.inst(i).clone();
        let res = data.result;
        let loc = data.loc;
        let rty = res.map(|r| self.f.value_type(r));
        let ty = || rty.ok_or_else(|| internal("instruction without a result"));
        let simple =
            |this: &mut Self, ops: &mut Vec<OpId>, kind: OpKind| -> Result<(), Diagnostic> {
                let t = ty()?;
                let id = this.push_op(ops, kind, &[t], loc)?;
                let nv = this.k.ops[id.index()].results[0];
                this.set(res, nv);
                Ok(())
            };
        match data.op {
            Op::Const { bits } => simple(self, ops, OpKind::Const { bits }),
            Op::GlobalAddr(g) => {
                let gl = self.module.global(g);
                let root = if gl.space == AddrSpace::Shared {
                    MemRoot::Shared(self.shared(g))
                } else {
                    MemRoot::Global(g)
                };
                let zero = self.konst(ops, Type::I64, 0)?;
                if let Some(r) = res {
                    self.map[r.index()] = None;
                    self.roots[r.index()] = Some((root, zero));
                }
                Ok(())
            }
            Op::Unary(op, a) => {
                let a = self.val(ops, a)?;
                simple(self, ops, OpKind::Unary(op, a))
            }
            Op::Binary(op, a, b) => {
                let a = self.val(ops, a)?;
                let b = self.val(ops, b)?;
                simple(self, ops, OpKind::Binary(op, a, b))
            }
            Op::Fma(a, b, c) => {
                let a = self.val(ops, a)?;
                let b = self.val(ops, b)?;
                let c = self.val(ops, c)?;
                simple(self, ops, OpKind::Fma(a, b, c))
            }
            Op::ICmp(p, a, b) => {
                let a = self.val(ops, a)?;
                let b = self.val(ops, b)?;
                simple(self, ops, OpKind::ICmp(p, a, b))
            }
            Op::FCmp(p, a, b) => {
                let a = self.val(ops, a)?;
                let b = self.val(ops, b)?;
                simple(self, ops, OpKind::FCmp(p, a, b))
            }
            Op::Select {
                cond,
                if_true,
                if_false,
            } => {
                let cond = self.val(ops, cond)?;
                let if_true = self.val(ops, if_true)?;
                let if_false = self.val(ops, if_false)?;
                simple(
                    self,
                    ops,
                    OpKind::Select {
                        cond,
                        if_true,
                        if_false,
                    },
                )
            }
            Op::Cast(op, a) => {
                if op == frontend::ir::CastOp::AddrSpaceCast {
                    if let Some(rt) = self.roots[a.index()] {
                        if let Some(r) = res {
                            self.map[r.index()] = None;
                            self.roots[r.index()] = Some(rt);
                        }
                        return Ok(());
                    }
                }
                let a = self.val(ops, a)?;
                simple(self, ops, OpKind::Cast(op, a))
            }
            Op::PtrAdd { ptr, offset } => {
                let off = self.val(ops, offset)?;
                if let Some((root, base)) = self.roots[ptr.index()] {
                    let sum = if self.is_zero_const(base) {
                        off
                    } else {
                        self.push_val(ops, OpKind::Binary(BinaryOp::Add, base, off), Type::I64)?
                    };
                    if let Some(r) = res {
                        self.map[r.index()] = None;
                        self.roots[r.index()] = Some((root, sum));
                    }
                    return Ok(());
                }
                let p = self.val(ops, ptr)?;
                simple(
                    self,
                    ops,
                    OpKind::PtrAdd {
                        ptr: p,
                        offset: off,
                    },
                )
            }
            Op::Load { ptr } => {
                let addr = self.addr(ops, ptr)?;
                simple(self, ops, OpKind::Load { addr })
            }
            Op::Store { ptr, value } => {
                let addr = self.addr(ops, ptr)?;
                let value = self.val(ops, value)?;
                self.push_op(ops, OpKind::Store { addr, value }, &[], loc)?;
                Ok(())
            }
            Op::Atomic { op, ptr, value } => {
                let addr = self.addr(ops, ptr)?;
                let value = self.val(ops, value)?;
                simple(self, ops, OpKind::Atomic { op, addr, value })
            }
            Op::AtomicCas { ptr, expected, new } => {
                let addr = self.addr(ops, ptr)?;
                let expected = self.val(ops, expected)?;
                let new = self.val(ops, new)?;
                simple(
                    self,
                    ops,
                    OpKind::AtomicCas {
                        addr,
                        expected,
                        new,
                    },
                )
            }
            Op::Memcpy { dst, src, len } => {
                let dst = self.addr(ops, dst)?;
                let src = self.addr(ops, src)?;
                let len = self.val(ops, len)?;
                self.push_op(ops, OpKind::Memcpy { dst, src, len }, &[], loc)?;
                Ok(())
            }
            Op::Memset { dst, byte, len } => {
                let dst = self.addr(ops, dst)?;
                let byte = self.val(ops, byte)?;
                let len = self.val(ops, len)?;
                self.push_op(ops, OpKind::Memset { dst, byte, len }, &[], loc)?;
                Ok(())
            }
            Op::Barrier { kind, pred } => {
                let pred = match pred {
                    Some(p) => Some(self.val(ops, p)?),
                    None => None,
                };
                let tys: Vec<Type> = rty.into_iter().collect();
                let id = self.push_op(ops, OpKind::Barrier { kind, pred }, &tys, loc)?;
                if let Some(nv) = self.k.result(id) {
                    self.set(res, nv);
                }
                Ok(())
            }
            Op::Fence => {
                self.push_op(ops, OpKind::Fence, &[], loc)?;
                Ok(())
            }
            Op::Special(reg) => {
                let nv = match reg {
                    SpecialReg::TidX => self.thread_args[0],
                    SpecialReg::TidY => self.thread_args[1],
                    SpecialReg::TidZ => self.thread_args[2],
                    SpecialReg::CtaidX => self.grid_args[0],
                    SpecialReg::CtaidY => self.grid_args[1],
                    SpecialReg::CtaidZ => self.grid_args[2],
                    SpecialReg::NtidX => self.dim(Dim::BlockDim(0), Type::I32),
                    SpecialReg::NtidY => self.dim(Dim::BlockDim(1), Type::I32),
                    SpecialReg::NtidZ => self.dim(Dim::BlockDim(2), Type::I32),
                    SpecialReg::NctaidX => self.dim(Dim::GridDim(0), Type::I32),
                    SpecialReg::NctaidY => self.dim(Dim::GridDim(1), Type::I32),
                    SpecialReg::NctaidZ => self.dim(Dim::GridDim(2), Type::I32),
                    SpecialReg::LaneId => self.push_val(ops, OpKind::LaneId, Type::I32)?,
                    SpecialReg::WarpSize => self.konst(ops, Type::I32, 32)?,
                };
                let t = ty()?;
                let nv = if t != Type::I32 {
                    self.push_val(
                        ops,
                        OpKind::Cast(
                            if t.bits() > 32 {
                                frontend::ir::CastOp::ZExt
                            } else {
                                frontend::ir::CastOp::Trunc
                            },
                            nv,
                        ),
                        t,
                    )?
                } else {
                    nv
                };
                self.set(res, nv);
                Ok(())
            }
            Op::Shuffle {
                mode,
                mask,
                value,
                lane,
                clamp,
            } => {
                let mask = self.val(ops, mask)?;
                let value = self.val(ops, value)?;
                let lane = self.val(ops, lane)?;
                let clamp = self.val(ops, clamp)?;
                simple(
                    self,
                    ops,
                    OpKind::Shuffle {
                        mode,
                        mask,
                        value,
                        lane,
                        clamp,
                    },
                )
            }
            Op::Vote { mode, mask, pred } => {
                let mask = self.val(ops, mask)?;
                let pred = self.val(ops, pred)?;
                simple(self, ops, OpKind::Vote { mode, mask, pred })
            }
            Op::Call { .. } => Err(internal("call left after inlining")),
            Op::Alloca { bytes, align } => {
                let id = match self.local_of.get(&i) {
                    Some(&id) => id,
                    None => {
                        let id = LocalId(self.k.locals.len() as u32);
                        self.k.locals.push(LocalAlloc {
                            bytes,
                            align: align.max(1),
                        });
                        let op = self.k.create_op(OpKind::LocalAlloc(id), &[], loc);
                        self.thread_prelude.push(op);
                        self.local_of.insert(i, id);
                        id
                    }
                };
                let zero = self.konst(ops, Type::I64, 0)?;
                if let Some(r) = res {
                    self.map[r.index()] = None;
                    self.roots[r.index()] = Some((MemRoot::Local(id), zero));
                }
                Ok(())
            }
        }
    }
}

enum Next {
    Done(Vec<Value>),
    Go(Block, Vec<Value>, Block),
}
