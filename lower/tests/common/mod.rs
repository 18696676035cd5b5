//! A small builder for hand-written parallel-IR kernels (tests only).
#![allow(dead_code)]

use frontend::interp::LaunchConfig;
use frontend::ir::AddrSpace;
use lower::cpu::{self, CpuArg};
use parallel_ir::ir::*;

pub type Ops = Vec<OpId>;

pub struct Kb {
    pub k: Kernel,
}

impl Kb {
    pub fn new(name: &str) -> Kb {
        Kb {
            k: Kernel::new(name, name),
        }
    }
    pub fn param(&mut self, ty: Type) -> Value {
        self.k.add_param(ty, None)
    }
    pub fn push(&mut self, ops: &mut Ops, kind: OpKind, tys: &[Type]) -> Vec<Value> {
        let id = self.k.create_op(kind, tys, None);
        ops.push(id);
        self.k.op(id).results.clone()
    }
    pub fn v(&mut self, ops: &mut Ops, kind: OpKind, ty: Type) -> Value {
        self.push(ops, kind, &[ty])[0]
    }
    pub fn ci(&mut self, ops: &mut Ops, x: i64, ty: Type) -> Value {
        self.v(
            ops,
            OpKind::Const {
                bits: x as u64 & ty.mask(),
            },
            ty,
        )
    }
    pub fn c32(&mut self, ops: &mut Ops, x: i32) -> Value {
        self.ci(ops, i64::from(x), Type::I32)
    }
    pub fn cf32(&mut self, ops: &mut Ops, x: f32) -> Value {
        self.v(
            ops,
            OpKind::Const {
                bits: u64::from(x.to_bits()),
            },
            Type::F32,
        )
    }
    pub fn bin(&mut self, ops: &mut Ops, op: BinaryOp, a: Value, b: Value) -> Value {
        let ty = self.k.value_type(a);
        self.v(ops, OpKind::Binary(op, a, b), ty)
    }
    pub fn icmp(&mut self, ops: &mut Ops, p: IntPredicate, a: Value, b: Value) -> Value {
        self.v(ops, OpKind::ICmp(p, a, b), Type::I1)
    }
    pub fn cast(&mut self, ops: &mut Ops, op: CastOp, a: Value, to: Type) -> Value {
        self.v(ops, OpKind::Cast(op, a), to)
    }
    /// Byte offset `sext(i) * size` as i64.
    pub fn offset(&mut self, ops: &mut Ops, i: Value, size: i64) -> Value {
        let i = if self.k.value_type(i) == Type::I64 {
            i
        } else {
            self.cast(ops, CastOp::SExt, i, Type::I64)
        };
        let s = self.ci(ops, size, Type::I64);
        self.bin(ops, BinaryOp::Mul, i, s)
    }
    pub fn load(&mut self, ops: &mut Ops, root: MemRoot, offset: Value, ty: Type) -> Value {
        self.v(
            ops,
            OpKind::Load {
                addr: Addr::Root { root, offset },
            },
            ty,
        )
    }
    pub fn store(&mut self, ops: &mut Ops, root: MemRoot, offset: Value, value: Value) {
        self.push(
            ops,
            OpKind::Store {
                addr: Addr::Root { root, offset },
                value,
            },
            &[],
        );
    }
    pub fn yield_(&mut self, ops: &mut Ops, vals: Vec<Value>) {
        self.push(ops, OpKind::Yield(vals), &[]);
    }
    pub fn dim(&mut self, ops: &mut Ops, d: Dim) -> Value {
        self.v(ops, OpKind::Dim(d), Type::I32)
    }
    pub fn parallel(
        &mut self,
        ops: &mut Ops,
        level: Level,
        f: impl FnOnce(&mut Kb, &mut Ops, [Value; 3]),
    ) {
        let id = self.k.create_op(OpKind::Yield(vec![]), &[], None);
        let args = [0u32, 1, 2].map(|i| self.k.new_region_arg(id, 0, i, Type::I32));
        let mut body = Vec::new();
        f(self, &mut body, args);
        self.yield_(&mut body, vec![]);
        self.k.op_mut(id).kind = OpKind::Parallel {
            level,
            body: Region {
                args: args.to_vec(),
                ops: body,
            },
        };
        ops.push(id);
    }
    #[allow(clippy::too_many_arguments)]
    pub fn for_(
        &mut self,
        ops: &mut Ops,
        lower: Value,
        upper: Value,
        step: Value,
        inits: Vec<Value>,
        f: impl FnOnce(&mut Kb, &mut Ops, Value, Vec<Value>) -> Vec<Value>,
    ) -> Vec<Value> {
        let ity = self.k.value_type(lower);
        let tys: Vec<Type> = inits.iter().map(|&v| self.k.value_type(v)).collect();
        let id = self.k.create_op(OpKind::Yield(vec![]), &tys, None);
        let iv = self.k.new_region_arg(id, 0, 0, ity);
        let carried: Vec<Value> = tys
            .iter()
            .enumerate()
            .map(|(i, &t)| self.k.new_region_arg(id, 0, i as u32 + 1, t))
            .collect();
        let mut body = Vec::new();
        let next = f(self, &mut body, iv, carried.clone());
        self.yield_(&mut body, next);
        let mut args = vec![iv];
        args.extend(carried);
        self.k.op_mut(id).kind = OpKind::For {
            lower,
            upper,
            step,
            inits,
            body: Region { args, ops: body },
        };
        ops.push(id);
        self.k.op(id).results.clone()
    }
    pub fn if_(
        &mut self,
        ops: &mut Ops,
        cond: Value,
        tys: &[Type],
        then: impl FnOnce(&mut Kb, &mut Ops) -> Vec<Value>,
        els: impl FnOnce(&mut Kb, &mut Ops) -> Vec<Value>,
    ) -> Vec<Value> {
        let id = self.k.create_op(OpKind::Yield(vec![]), tys, None);
        let mut t = Vec::new();
        let tv = then(self, &mut t);
        self.yield_(&mut t, tv);
        let mut e = Vec::new();
        let ev = els(self, &mut e);
        self.yield_(&mut e, ev);
        self.k.op_mut(id).kind = OpKind::If {
            cond,
            then_region: Region {
                args: vec![],
                ops: t,
            },
            else_region: Region {
                args: vec![],
                ops: e,
            },
        };
        ops.push(id);
        self.k.op(id).results.clone()
    }
    /// The usual 1-D kernel: grid and block parallels in which each thread whose global
    /// index `i` (x) is below `n` runs `body(i)`.
    pub fn grid_1d(
        &mut self,
        top: &mut Ops,
        n: Value,
        body: impl FnOnce(&mut Kb, &mut Ops, Value),
    ) {
        self.parallel(top, Level::Grid, |b, ops, [bx, _, _]| {
            b.parallel(ops, Level::Block, |b, ops, [tx, _, _]| {
                let i = b.gid_x(ops, bx, tx);
                let c = b.icmp(ops, IntPredicate::Slt, i, n);
                b.if_(
                    ops,
                    c,
                    &[],
                    |b, ops| {
                        body(b, ops, i);
                        vec![]
                    },
                    |_, _| vec![],
                );
            });
        });
    }
    /// Global linear index `blockIdx.x * blockDim.x + threadIdx.x`.
    pub fn gid_x(&mut self, ops: &mut Ops, bx: Value, tx: Value) -> Value {
        let bd = self.dim(ops, Dim::BlockDim(0));
        let m = self.bin(ops, BinaryOp::Mul, bx, bd);
        self.bin(ops, BinaryOp::Add, m, tx)
    }
    pub fn finish(mut self, mut top: Ops) -> Kernel {
        self.yield_(&mut top, vec![]);
        self.k.body = Region {
            args: vec![],
            ops: top,
        };
        self.k
    }
}

pub fn cfg(grid: [u32; 3], block: [u32; 3]) -> LaunchConfig {
    LaunchConfig {
        grid,
        block,
        dynamic_shared_bytes: 0,
    }
}

pub fn f32_bytes(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}
pub fn bytes_f32(b: &[u8]) -> Vec<f32> {
    b.chunks_exact(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

/// Run on the CPU backend with buffers given as byte vectors.
pub fn run_cpu(k: &Kernel, c: &LaunchConfig, args: &[Arg], bufs: &mut [Vec<u8>]) {
    let ptrs: Vec<*mut u8> = bufs.iter_mut().map(|b| b.as_mut_ptr()).collect();
    let cargs: Vec<CpuArg> = args
        .iter()
        .map(|a| match *a {
            Arg::Bits(b) => CpuArg::Bits(b),
            Arg::Buf(i) => CpuArg::Ptr(ptrs[i]),
        })
        .collect();
    let r = unsafe { cpu::run(k, c, &cargs, &[]) };
    if let Err(d) = r {
        panic!("cpu run failed: {d}");
    }
}

#[derive(Clone, Copy)]
pub enum Arg {
    Bits(u64),
    Buf(usize),
}

pub fn f32_arg(x: f32) -> Arg {
    Arg::Bits(u64::from(x.to_bits()))
}
pub fn i32_arg(x: i32) -> Arg {
    Arg::Bits(u64::from(x as u32))
}

impl Kb {
    pub fn barrier(&mut self, ops: &mut Ops) {
        self.push(
            ops,
            OpKind::Barrier {
                kind: BarrierKind::Sync,
                pred: None,
            },
            &[],
        );
    }
    pub fn shared(&mut self, ops: &mut Ops, name: &str, bytes: u64) -> MemRoot {
        let id = SharedId(self.k.shared.len() as u32);
        self.k.shared.push(SharedAlloc {
            name: name.into(),
            bytes,
            align: 16,
            dynamic: false,
        });
        self.push(ops, OpKind::SharedAlloc(id), &[]);
        MemRoot::Shared(id)
    }
    pub fn while_(
        &mut self,
        ops: &mut Ops,
        inits: Vec<Value>,
        before: impl FnOnce(&mut Kb, &mut Ops, Vec<Value>) -> (Value, Vec<Value>),
        after: impl FnOnce(&mut Kb, &mut Ops, Vec<Value>) -> Vec<Value>,
    ) -> Vec<Value> {
        let tys: Vec<Type> = inits.iter().map(|&v| self.k.value_type(v)).collect();
        let id = self.k.create_op(OpKind::Yield(vec![]), &tys, None);
        let bargs: Vec<Value> = tys
            .iter()
            .enumerate()
            .map(|(i, &t)| self.k.new_region_arg(id, 0, i as u32, t))
            .collect();
        let mut bops = Vec::new();
        let (cond, args) = before(self, &mut bops, bargs.clone());
        self.push(&mut bops, OpKind::Condition { cond, args }, &[]);
        let aargs: Vec<Value> = tys
            .iter()
            .enumerate()
            .map(|(i, &t)| self.k.new_region_arg(id, 1, i as u32, t))
            .collect();
        let mut aops = Vec::new();
        let next = after(self, &mut aops, aargs.clone());
        self.yield_(&mut aops, next);
        self.k.op_mut(id).kind = OpKind::While {
            inits,
            before: Region {
                args: bargs,
                ops: bops,
            },
            after: Region {
                args: aargs,
                ops: aops,
            },
        };
        ops.push(id);
        self.k.op(id).results.clone()
    }
}

/// True if any op of the kernel is a barrier.
pub fn has_barrier(k: &Kernel) -> bool {
    k.ops.iter().enumerate().any(|(i, o)| {
        matches!(o.kind, OpKind::Barrier { .. }) && reachable(k, &k.body, OpId(i as u32))
    })
}

fn reachable(k: &Kernel, r: &Region, target: OpId) -> bool {
    r.ops.iter().any(|&o| {
        o == target
            || k.op(o)
                .kind
                .regions()
                .iter()
                .any(|rr| reachable(k, rr, target))
    })
}

/// Every integer predicate.
pub const PREDS: [IntPredicate; 10] = [
    IntPredicate::Eq,
    IntPredicate::Ne,
    IntPredicate::Slt,
    IntPredicate::Sle,
    IntPredicate::Sgt,
    IntPredicate::Sge,
    IntPredicate::Ult,
    IntPredicate::Ule,
    IntPredicate::Ugt,
    IntPredicate::Uge,
];

/// `a p b` on 32-bit values (reference for the predicates' semantics).
pub fn eval_pred(p: IntPredicate, a: i32, b: i32) -> bool {
    let (ua, ub) = (a as u32, b as u32);
    match p {
        IntPredicate::Eq => a == b,
        IntPredicate::Ne => a != b,
        IntPredicate::Slt => a < b,
        IntPredicate::Sle => a <= b,
        IntPredicate::Sgt => a > b,
        IntPredicate::Sge => a >= b,
        IntPredicate::Ult => ua < ub,
        IntPredicate::Ule => ua <= ub,
        IntPredicate::Ugt => ua > ub,
        IntPredicate::Uge => ua >= ub,
    }
}

/// Tree reduction of each block's slice into `out[bx]` with a `While` over the stride,
/// `st = bd/2; while (st > 0) { if (t < st) s[t] += s[t+st]; sync; st >>= 1 }`, and a
/// zero-padded load (`g < n`).
pub fn tree_reduce(block: u32) -> Kernel {
    tree_then(block, Tail::Slot(0))
}

/// What a block reads of `s` after the halving loop of [`tree_then`].
#[derive(Clone, Copy, Debug)]
pub enum Tail {
    /// Thread 0 writes `s[k]` (a constant slot) to `out[blockIdx.x]`.
    Slot(u32),
    /// Every thread `t` writes `s[t]` to `out[blockIdx.x * blockDim.x + t]`.
    All,
}

/// The tree reduction of [`tree_reduce`] (staging `s[t] = x[g]` under `g < n`, halving
/// loop) followed by `tail`'s reads of `s`.
pub fn tree_then(block: u32, tail: Tail) -> Kernel {
    let mut b = Kb::new("tree_then");
    let n = b.param(Type::I32);
    b.param(Type::Ptr(AddrSpace::Global));
    b.param(Type::Ptr(AddrSpace::Global));
    let mut top = Vec::new();
    b.parallel(&mut top, Level::Grid, |b, ops, [bx, _, _]| {
        let s = b.shared(ops, "s", u64::from(block) * 4);
        b.parallel(ops, Level::Block, |b, ops, [tx, _, _]| {
            let g = b.gid_x(ops, bx, tx);
            let inb = b.icmp(ops, IntPredicate::Ult, g, n);
            let v = b.if_(
                ops,
                inb,
                &[Type::F32],
                |b, ops| {
                    let og = b.offset(ops, g, 4);
                    vec![b.load(ops, MemRoot::Param(1), og, Type::F32)]
                },
                |b, ops| vec![b.cf32(ops, 0.0)],
            );
            let ot = b.offset(ops, tx, 4);
            b.store(ops, s, ot, v[0]);
            b.barrier(ops);
            let bd = b.dim(ops, Dim::BlockDim(0));
            let one = b.c32(ops, 1);
            let half = b.bin(ops, BinaryOp::LShr, bd, one);
            b.while_(
                ops,
                vec![half],
                |b, ops, a| {
                    let zero = b.c32(ops, 0);
                    let c = b.icmp(ops, IntPredicate::Ugt, a[0], zero);
                    (c, vec![a[0]])
                },
                |b, ops, a| {
                    let st = a[0];
                    let c = b.icmp(ops, IntPredicate::Ult, tx, st);
                    b.if_(
                        ops,
                        c,
                        &[],
                        |b, ops| {
                            let j = b.bin(ops, BinaryOp::Add, tx, st);
                            let oj = b.offset(ops, j, 4);
                            let x = b.load(ops, s, ot, Type::F32);
                            let y = b.load(ops, s, oj, Type::F32);
                            let sum = b.bin(ops, BinaryOp::FAdd, x, y);
                            b.store(ops, s, ot, sum);
                            vec![]
                        },
                        |_, _| vec![],
                    );
                    b.barrier(ops);
                    let one = b.c32(ops, 1);
                    vec![b.bin(ops, BinaryOp::LShr, st, one)]
                },
            );
            match tail {
                Tail::Slot(k) => {
                    let zero = b.c32(ops, 0);
                    let is0 = b.icmp(ops, IntPredicate::Eq, tx, zero);
                    b.if_(
                        ops,
                        is0,
                        &[],
                        |b, ops| {
                            let z = b.ci(ops, i64::from(k) * 4, Type::I64);
                            let r = b.load(ops, s, z, Type::F32);
                            let ob = b.offset(ops, bx, 4);
                            b.store(ops, MemRoot::Param(2), ob, r);
                            vec![]
                        },
                        |_, _| vec![],
                    );
                }
                Tail::All => {
                    let r = b.load(ops, s, ot, Type::F32);
                    let og = b.offset(ops, g, 4);
                    b.store(ops, MemRoot::Param(2), og, r);
                }
            }
        });
    });
    b.finish(top)
}

/// The interpreter's result: per block, the zero-padded slice reduced by halving steps.
pub fn reference_tree(inp: &[f32], n: usize, block: usize, grid: usize) -> Vec<f32> {
    (0..grid)
        .map(|bx| {
            let mut s: Vec<f32> = (0..block)
                .map(|t| {
                    let g = bx * block + t;
                    if g < n {
                        inp[g]
                    } else {
                        0.0
                    }
                })
                .collect();
            let mut st = block / 2;
            while st > 0 {
                for t in 0..st {
                    s[t] += s[t + st];
                }
                st /= 2;
            }
            s[0]
        })
        .collect()
}
