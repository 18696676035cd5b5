//! StableHLO emission of hand-built parallel-IR kernels, compiled and run by the XLA CPU
//! PJRT plugin (`.venv`, see scripts/setup_python.sh) and compared with Rust references.
//! Without a plugin every test prints a note and only checks that emission succeeds.

use frontend::ir::AddrSpace;
use lower::stablehlo::{emit_module, Arg, Buffer, Launch};
use parallel_ir::ir::{
    Addr, AtomicOp, BarrierKind, BinaryOp, CastOp, IntPredicate, Kernel, Level, MemRoot, OpId,
    OpKind, Region, SharedAlloc, SharedId, Type, Value,
};
use runtime::{ElementType, HostTensor, Pjrt};
use std::sync::OnceLock;

fn pjrt() -> Option<&'static Pjrt> {
    static PJRT: OnceLock<Option<Pjrt>> = OnceLock::new();
    PJRT.get_or_init(|| match runtime::find_plugin(None) {
        Ok(path) => Some(Pjrt::load(&path).expect("plugin loads")),
        Err(e) => {
            eprintln!("note: skipping PJRT execution: {e}");
            None
        }
    })
    .as_ref()
}

/// Emit, compile and run; `None` when no plugin is available.
fn run(buffers: &[Buffer], launches: &[Launch], inputs: &[HostTensor]) -> Option<Vec<HostTensor>> {
    let text = match emit_module(buffers, launches) {
        Ok(t) => t,
        Err(d) => panic!("emission failed: {d}"),
    };
    let p = pjrt()?;
    let exe = match p.compile(&text) {
        Ok(e) => e,
        Err(e) => panic!("compile failed: {e}\n{text}"),
    };
    Some(exe.execute(inputs).expect("execute"))
}

/// [`run`], and the same module through jaxlib (`runtime/tests/jax_exec.py`, an
/// executor we did not write) with bit-identical results.
fn run_and_cross_check(
    buffers: &[Buffer],
    launches: &[Launch],
    inputs: &[HostTensor],
) -> Option<Vec<HostTensor>> {
    let ours = run(buffers, launches, inputs)?;
    let Some(python) = runtime::jax::default_python() else {
        eprintln!("note: skipping jax cross-check: no Python (set RAISE_PYTHON)");
        return Some(ours);
    };
    if !runtime::jax::has_jax(&python) {
        eprintln!(
            "note: skipping jax cross-check: {} cannot import jax",
            python.display()
        );
        return Some(ours);
    }
    let text = emit_module(buffers, launches).expect("emits");
    let theirs = match runtime::jax::run(&python, &text, inputs) {
        Ok(r) => r,
        Err(e) => panic!("jax_exec failed: {e}\n{text}"),
    };
    assert_eq!(ours, theirs, "PJRT and jaxlib disagree on\n{text}");
    eprintln!("jaxlib agrees ({} outputs)", theirs.len());
    Some(ours)
}

/// A tiny builder: ops are appended to the innermost open region.
struct B {
    k: Kernel,
    stack: Vec<Vec<OpId>>,
}

impl B {
    fn new(name: &str) -> B {
        B {
            k: Kernel::new(name, name),
            stack: vec![Vec::new()],
        }
    }
    fn param(&mut self, ty: Type) -> Value {
        self.k.add_param(ty, None)
    }
    fn push(&mut self, kind: OpKind, ty: Option<Type>) -> Option<Value> {
        let tys: Vec<Type> = ty.into_iter().collect();
        let op = self.k.create_op(kind, &tys, None);
        self.stack.last_mut().unwrap().push(op);
        self.k.result(op)
    }
    fn v(&mut self, kind: OpKind, ty: Type) -> Value {
        self.push(kind, Some(ty)).unwrap()
    }
    fn c32(&mut self, x: i32) -> Value {
        self.v(
            OpKind::Const {
                bits: x as u32 as u64,
            },
            Type::I32,
        )
    }
    fn c64(&mut self, x: i64) -> Value {
        self.v(OpKind::Const { bits: x as u64 }, Type::I64)
    }
    fn cf(&mut self, x: f32) -> Value {
        self.v(
            OpKind::Const {
                bits: u64::from(x.to_bits()),
            },
            Type::F32,
        )
    }
    fn bin(&mut self, op: BinaryOp, a: Value, b: Value) -> Value {
        let ty = self.k.value_type(a);
        self.v(OpKind::Binary(op, a, b), ty)
    }
    fn icmp(&mut self, p: IntPredicate, a: Value, b: Value) -> Value {
        self.v(OpKind::ICmp(p, a, b), Type::I1)
    }
    fn sext(&mut self, a: Value) -> Value {
        self.v(OpKind::Cast(CastOp::SExt, a), Type::I64)
    }
    /// Byte offset of element `i` (i32) of size `es`.
    fn off(&mut self, i: Value, es: i64) -> Value {
        let w = self.sext(i);
        let c = self.c64(es);
        self.bin(BinaryOp::Mul, w, c)
    }
    fn load(&mut self, root: MemRoot, off: Value, ty: Type) -> Value {
        self.v(
            OpKind::Load {
                addr: Addr::Root { root, offset: off },
            },
            ty,
        )
    }
    fn store(&mut self, root: MemRoot, off: Value, value: Value) {
        self.push(
            OpKind::Store {
                addr: Addr::Root { root, offset: off },
                value,
            },
            None,
        );
    }
    fn yield_(&mut self, vals: Vec<Value>) {
        self.push(OpKind::Yield(vals), None);
    }
    /// Open a region; `f` builds it (must end with a terminator); returns it.
    fn region(&mut self, args: Vec<Value>, f: impl FnOnce(&mut B)) -> Region {
        self.stack.push(Vec::new());
        f(self);
        let ops = self.stack.pop().unwrap();
        Region { args, ops }
    }
    /// The grid and block parallel loops; `f` gets (block ids, thread ids).
    fn kernel(
        mut self,
        shared: Vec<SharedAlloc>,
        f: impl FnOnce(&mut B, [Value; 3], [Value; 3]),
    ) -> Kernel {
        self.k.shared = shared;
        let grid = self.k.create_op(OpKind::Yield(vec![]), &[], None);
        let bids: Vec<Value> = (0..3)
            .map(|i| self.k.new_region_arg(grid, 0, i, Type::I32))
            .collect();
        let block = self.k.create_op(OpKind::Yield(vec![]), &[], None);
        let tids: Vec<Value> = (0..3)
            .map(|i| self.k.new_region_arg(block, 0, i, Type::I32))
            .collect();
        let nshared = self.k.shared.len();
        let bid3 = [bids[0], bids[1], bids[2]];
        let tid3 = [tids[0], tids[1], tids[2]];
        let grid_body = self.region(bids.clone(), |b| {
            for s in 0..nshared {
                b.push(OpKind::SharedAlloc(SharedId(s as u32)), None);
            }
            let block_body = b.region(tids.clone(), |b| {
                f(b, bid3, tid3);
                b.yield_(vec![]);
            });
            b.k.op_mut(block).kind = OpKind::Parallel {
                level: Level::Block,
                body: block_body,
            };
            b.stack.last_mut().unwrap().push(block);
            b.yield_(vec![]);
        });
        self.k.op_mut(grid).kind = OpKind::Parallel {
            level: Level::Grid,
            body: grid_body,
        };
        self.stack[0].push(grid);
        self.yield_(vec![]);
        self.k.body = Region {
            args: vec![],
            ops: self.stack.pop().unwrap(),
        };
        self.k
    }
    fn if_(&mut self, cond: Value, then: impl FnOnce(&mut B)) {
        let t = self.region(vec![], |b| {
            then(b);
            b.yield_(vec![]);
        });
        let e = self.region(vec![], |b| b.yield_(vec![]));
        self.push(
            OpKind::If {
                cond,
                then_region: t,
                else_region: e,
            },
            None,
        );
    }
    /// Global linear index `blockIdx.x * blockDim.x + threadIdx.x`.
    fn gid(&mut self, bid: Value, tid: Value) -> Value {
        let bd = self.v(OpKind::Dim(parallel_ir::ir::Dim::BlockDim(0)), Type::I32);
        let m = self.bin(BinaryOp::Mul, bid, bd);
        self.bin(BinaryOp::Add, m, tid)
    }
}

fn buf(name: &str, element: ElementType, n: i64) -> Buffer {
    Buffer {
        name: name.into(),
        element,
        shape: vec![n],
    }
}

fn launch(kernel: &Kernel, grid: u32, block: u32, args: Vec<Arg>) -> Launch<'_> {
    Launch {
        kernel,
        grid: [grid, 1, 1],
        block: [block, 1, 1],
        dynamic_shared_bytes: 0,
        args,
    }
}

fn saxpy() -> Kernel {
    let mut b = B::new("saxpy");
    let n = b.param(Type::I32);
    let a = b.param(Type::F32);
    let _x = b.param(Type::Ptr(AddrSpace::Global));
    let _y = b.param(Type::Ptr(AddrSpace::Global));
    b.kernel(vec![], |b, bid, tid| {
        let i = b.gid(bid[0], tid[0]);
        let c = b.icmp(IntPredicate::Slt, i, n);
        b.if_(c, |b| {
            let off = b.off(i, 4);
            let xv = b.load(MemRoot::Param(2), off, Type::F32);
            let yv = b.load(MemRoot::Param(3), off, Type::F32);
            let p = b.bin(BinaryOp::FMul, a, xv);
            let s = b.bin(BinaryOp::FAdd, p, yv);
            b.store(MemRoot::Param(3), off, s);
        });
    })
}

#[test]
fn saxpy_guarded_uses_slices_and_matches() {
    let k = saxpy();
    let n = 1000usize;
    let bufs = [
        buf("x", ElementType::F32, n as i64),
        buf("y", ElementType::F32, n as i64),
    ];
    let l = launch(
        &k,
        4,
        256,
        vec![
            Arg::Scalar(n as u64),
            Arg::Scalar(u64::from(2.5f32.to_bits())),
            Arg::Buffer(0),
            Arg::Buffer(1),
        ],
    );
    let text = emit_module(&bufs, std::slice::from_ref(&l)).unwrap();
    assert!(
        !text.contains("gather") && !text.contains("scatter"),
        "{text}"
    );
    let x: Vec<f32> = (0..n).map(|i| i as f32 * 0.5 - 7.0).collect();
    let y: Vec<f32> = (0..n).map(|i| (i % 13) as f32).collect();
    let Some(out) = run(
        &bufs,
        &[l],
        &[
            HostTensor::from_slice(&[n as i64], &x).unwrap(),
            HostTensor::from_slice(&[n as i64], &y).unwrap(),
        ],
    ) else {
        return;
    };
    let want: Vec<f32> = x.iter().zip(&y).map(|(a, b)| 2.5 * a + b).collect();
    assert_eq!(out[0].to_vec::<f32>().unwrap(), x);
    assert_eq!(out[1].to_vec::<f32>().unwrap(), want);
}

/// Indirect gather and scatter: `y[idx[i]] = x[perm[i]] * 2` for `i < n`.
#[test]
fn indirect_gather_scatter() {
    let mut b = B::new("perm");
    let n = b.param(Type::I32);
    for _ in 0..4 {
        b.param(Type::Ptr(AddrSpace::Global));
    }
    let k = b.kernel(vec![], |b, bid, tid| {
        let i = b.gid(bid[0], tid[0]);
        let c = b.icmp(IntPredicate::Slt, i, n);
        b.if_(c, |b| {
            let off = b.off(i, 4);
            let p = b.load(MemRoot::Param(1), off, Type::I32);
            let q = b.load(MemRoot::Param(2), off, Type::I32);
            let po = b.off(p, 4);
            let xv = b.load(MemRoot::Param(3), po, Type::I32);
            let two = b.c32(2);
            let v = b.bin(BinaryOp::Mul, xv, two);
            let qo = b.off(q, 4);
            b.store(MemRoot::Param(4), qo, v);
        });
    });
    let n = 100usize;
    let bufs = [
        buf("perm", ElementType::S32, n as i64),
        buf("idx", ElementType::S32, n as i64),
        buf("x", ElementType::S32, n as i64),
        buf("y", ElementType::S32, n as i64),
    ];
    let l = launch(
        &k,
        2,
        64,
        vec![
            Arg::Scalar(n as u64),
            Arg::Buffer(0),
            Arg::Buffer(1),
            Arg::Buffer(2),
            Arg::Buffer(3),
        ],
    );
    let perm: Vec<i32> = (0..n as i32).map(|i| (i * 37) % 100).collect();
    let idx: Vec<i32> = (0..n as i32).map(|i| (i * 11 + 3) % 100).collect();
    let x: Vec<i32> = (0..n as i32).map(|i| i * i - 50).collect();
    let y = vec![-1i32; n];
    let ins: Vec<HostTensor> = [&perm, &idx, &x, &y]
        .iter()
        .map(|v| HostTensor::from_slice(&[n as i64], v).unwrap())
        .collect();
    let Some(out) = run(&bufs, &[l], &ins) else {
        return;
    };
    let mut want = y.clone();
    for i in 0..n {
        want[idx[i] as usize] = x[perm[i] as usize].wrapping_mul(2);
    }
    assert_eq!(out[3].to_vec::<i32>().unwrap(), want);
}

/// Block sum in shared memory: a barrier, a uniform-bound `For` tree reduction with
/// barriers in the loop, and a guarded store by thread 0.
#[test]
fn shared_memory_tree_reduction_with_barriers() {
    let mut b = B::new("block_sum");
    b.param(Type::Ptr(AddrSpace::Global));
    b.param(Type::Ptr(AddrSpace::Global));
    let shared = vec![SharedAlloc {
        name: "sh".into(),
        bytes: 256 * 4,
        align: 4,
        dynamic: false,
    }];
    let sh = MemRoot::Shared(SharedId(0));
    let k = b.kernel(shared, |b, bid, tid| {
        let i = b.gid(bid[0], tid[0]);
        let off = b.off(i, 4);
        let xv = b.load(MemRoot::Param(0), off, Type::F32);
        let toff = b.off(tid[0], 4);
        b.store(sh, toff, xv);
        b.push(
            OpKind::Barrier {
                kind: BarrierKind::Sync,
                pred: None,
            },
            None,
        );
        let lo = b.c32(0);
        let hi = b.c32(8);
        let st = b.c32(1);
        let fop = b.k.create_op(OpKind::Yield(vec![]), &[], None);
        let iv = b.k.new_region_arg(fop, 0, 0, Type::I32);
        let body = b.region(vec![iv], |b| {
            let c128 = b.c32(128);
            let s = b.bin(BinaryOp::AShr, c128, iv);
            let c = b.icmp(IntPredicate::Slt, tid[0], s);
            b.if_(c, |b| {
                let o2 = b.bin(BinaryOp::Add, tid[0], s);
                let o2 = b.off(o2, 4);
                let a = b.load(sh, toff, Type::F32);
                let c = b.load(sh, o2, Type::F32);
                let r = b.bin(BinaryOp::FAdd, a, c);
                b.store(sh, toff, r);
            });
            b.push(
                OpKind::Barrier {
                    kind: BarrierKind::Sync,
                    pred: None,
                },
                None,
            );
            b.yield_(vec![]);
        });
        b.k.op_mut(fop).kind = OpKind::For {
            lower: lo,
            upper: hi,
            step: st,
            inits: vec![],
            body,
        };
        b.stack.last_mut().unwrap().push(fop);
        let z = b.c32(0);
        let c = b.icmp(IntPredicate::Eq, tid[0], z);
        b.if_(c, |b| {
            let z64 = b.c64(0);
            let v = b.load(sh, z64, Type::F32);
            let o = b.off(bid[0], 4);
            b.store(MemRoot::Param(1), o, v);
        });
    });
    let nb = 5usize;
    let bufs = [
        buf("x", ElementType::F32, (nb * 256) as i64),
        buf("out", ElementType::F32, nb as i64),
    ];
    let l = launch(&k, nb as u32, 256, vec![Arg::Buffer(0), Arg::Buffer(1)]);
    let x: Vec<f32> = (0..nb * 256).map(|i| ((i * 7) % 17) as f32 - 8.0).collect();
    let Some(out) = run_and_cross_check(
        &bufs,
        &[l],
        &[
            HostTensor::from_slice(&[(nb * 256) as i64], &x).unwrap(),
            HostTensor::from_slice(&[nb as i64], &vec![0f32; nb]).unwrap(),
        ],
    ) else {
        return;
    };
    // Integers: the tree order gives exact sums.
    let want: Vec<f32> = (0..nb)
        .map(|blk| x[blk * 256..(blk + 1) * 256].iter().sum())
        .collect();
    assert_eq!(out[1].to_vec::<f32>().unwrap(), want);
}

/// A data-dependent `While` per thread (Collatz step counts) with a carried value and
/// two results, under a guard.
#[test]
fn data_dependent_while_loop() {
    let mut b = B::new("collatz");
    let n = b.param(Type::I32);
    b.param(Type::Ptr(AddrSpace::Global));
    b.param(Type::Ptr(AddrSpace::Global));
    let k = b.kernel(vec![], |b, bid, tid| {
        let i = b.gid(bid[0], tid[0]);
        let c = b.icmp(IntPredicate::Slt, i, n);
        b.if_(c, |b| {
            let off = b.off(i, 4);
            let v0 = b.load(MemRoot::Param(1), off, Type::I32);
            let z = b.c32(0);
            let w =
                b.k.create_op(OpKind::Yield(vec![]), &[Type::I32, Type::I32], None);
            let bv = b.k.new_region_arg(w, 0, 0, Type::I32);
            let bc = b.k.new_region_arg(w, 0, 1, Type::I32);
            let av = b.k.new_region_arg(w, 1, 0, Type::I32);
            let ac = b.k.new_region_arg(w, 1, 1, Type::I32);
            let before = b.region(vec![bv, bc], |b| {
                let one = b.c32(1);
                let ne = b.icmp(IntPredicate::Ne, bv, one);
                b.push(
                    OpKind::Condition {
                        cond: ne,
                        args: vec![bv, bc],
                    },
                    None,
                );
            });
            let after = b.region(vec![av, ac], |b| {
                let one = b.c32(1);
                let two = b.c32(2);
                let three = b.c32(3);
                let r = b.bin(BinaryOp::SRem, av, two);
                let z = b.c32(0);
                let even = b.icmp(IntPredicate::Eq, r, z);
                let h = b.bin(BinaryOp::SDiv, av, two);
                let t = b.bin(BinaryOp::Mul, av, three);
                let t = b.bin(BinaryOp::Add, t, one);
                let nv = b.v(
                    OpKind::Select {
                        cond: even,
                        if_true: h,
                        if_false: t,
                    },
                    Type::I32,
                );
                let nc = b.bin(BinaryOp::Add, ac, one);
                b.yield_(vec![nv, nc]);
            });
            b.k.op_mut(w).kind = OpKind::While {
                inits: vec![v0, z],
                before,
                after,
            };
            b.stack.last_mut().unwrap().push(w);
            let cnt = b.k.op(w).results[1];
            b.store(MemRoot::Param(2), off, cnt);
        });
    });
    let n = 300usize;
    let bufs = [
        buf("x", ElementType::S32, n as i64),
        buf("steps", ElementType::S32, n as i64),
    ];
    let l = launch(
        &k,
        3,
        128,
        vec![Arg::Scalar(n as u64), Arg::Buffer(0), Arg::Buffer(1)],
    );
    let x: Vec<i32> = (1..=n as i32).collect();
    let Some(out) = run_and_cross_check(
        &bufs,
        &[l],
        &[
            HostTensor::from_slice(&[n as i64], &x).unwrap(),
            HostTensor::from_slice(&[n as i64], &vec![-5i32; n]).unwrap(),
        ],
    ) else {
        return;
    };
    let want: Vec<i32> = x
        .iter()
        .map(|&v| {
            let (mut v, mut c) = (v, 0);
            while v != 1 {
                v = if v % 2 == 0 { v / 2 } else { 3 * v + 1 };
                c += 1;
            }
            c
        })
        .collect();
    assert_eq!(out[1].to_vec::<i32>().unwrap(), want);
}

/// Result-free atomic add (histogram) becomes a scatter-add; an atomic whose old value
/// is used runs serialized lane by lane (a legal order): the old values of each bin's
/// lanes are exactly 0..count.
#[test]
fn atomics() {
    let build = |use_result: bool| {
        let mut b = B::new("hist");
        let n = b.param(Type::I32);
        b.param(Type::Ptr(AddrSpace::Global));
        b.param(Type::Ptr(AddrSpace::Global));
        b.kernel(vec![], |b, bid, tid| {
            let i = b.gid(bid[0], tid[0]);
            let c = b.icmp(IntPredicate::Slt, i, n);
            b.if_(c, |b| {
                let off = b.off(i, 4);
                let v = b.load(MemRoot::Param(1), off, Type::I32);
                let eight = b.c32(8);
                let bin = b.bin(BinaryOp::URem, v, eight);
                let bo = b.off(bin, 4);
                let one = b.c32(1);
                let old = b.v(
                    OpKind::Atomic {
                        op: AtomicOp::Add,
                        addr: Addr::Root {
                            root: MemRoot::Param(2),
                            offset: bo,
                        },
                        value: one,
                    },
                    Type::I32,
                );
                if use_result {
                    b.store(MemRoot::Param(1), off, old);
                }
            });
        })
    };
    let n = 1000usize;
    let bufs = [
        buf("x", ElementType::U32, n as i64),
        buf("bins", ElementType::U32, 8),
    ];
    let x: Vec<u32> = (0..n as u32).map(|i| i.wrapping_mul(2654435761)).collect();
    let mut want = [0u32; 8];
    for v in &x {
        want[(v % 8) as usize] += 1;
    }
    for use_result in [false, true] {
        let k = build(use_result);
        let l = launch(
            &k,
            4,
            256,
            vec![Arg::Scalar(n as u64), Arg::Buffer(0), Arg::Buffer(1)],
        );
        let text = emit_module(&bufs, std::slice::from_ref(&l)).unwrap();
        assert_eq!(text.contains("scatter"), !use_result);
        let Some(out) = run(
            &bufs,
            &[l],
            &[
                HostTensor::from_slice(&[n as i64], &x).unwrap(),
                HostTensor::from_slice(&[8], &[0u32; 8]).unwrap(),
            ],
        ) else {
            return;
        };
        assert_eq!(out[1].to_vec::<u32>().unwrap(), want.to_vec());
        if use_result {
            let olds = out[0].to_vec::<u32>().unwrap();
            for bin in 0..8u32 {
                let mut got: Vec<u32> = (0..n)
                    .filter(|&i| x[i] % 8 == bin)
                    .map(|i| olds[i])
                    .collect();
                got.sort();
                assert_eq!(
                    got,
                    (0..want[bin as usize]).collect::<Vec<_>>(),
                    "bin {bin}"
                );
            }
        }
    }
}

/// Integer and float semantics: wrapping, unsigned division, out-of-range shifts,
/// saturating float -> int, fmin with NaN and signed zeros.
#[test]
fn exact_arithmetic() {
    use frontend::interp::semantics as sem;
    let ops: Vec<(BinaryOp, Type)> = vec![
        (BinaryOp::Add, Type::I32),
        (BinaryOp::Mul, Type::I32),
        (BinaryOp::UDiv, Type::I32),
        (BinaryOp::SDiv, Type::I32),
        (BinaryOp::URem, Type::I32),
        (BinaryOp::SRem, Type::I32),
        (BinaryOp::Shl, Type::I32),
        (BinaryOp::LShr, Type::I32),
        (BinaryOp::AShr, Type::I32),
        (BinaryOp::UMin, Type::I32),
        (BinaryOp::SMax, Type::I32),
        (BinaryOp::MulHiU, Type::I32),
        (BinaryOp::MulHiS, Type::I32),
        (BinaryOp::FMin, Type::F32),
        (BinaryOp::FMax, Type::F32),
        (BinaryOp::FAdd, Type::F32),
        (BinaryOp::FDiv, Type::F32),
    ];
    let ai: Vec<i32> = vec![7, -7, i32::MIN, i32::MAX, 0, 1, -1, 123456, 40, -3, 5, 31];
    let bi: Vec<i32> = vec![3, 2, -1, 2, 5, 32, 33, -5, 7, 40, -1, 31];
    // No subnormals: XLA's CPU runtime flushes them to zero (CUDA without -ftz keeps them).
    let af: Vec<f32> = vec![
        1.0,
        f32::NAN,
        0.0,
        -0.0,
        3.5,
        -1e30,
        f32::INFINITY,
        2.0,
        0.1,
        -2.5,
        7.0,
        1e-30,
    ];
    let bf: Vec<f32> = vec![
        2.0,
        1.0,
        -0.0,
        0.0,
        f32::NAN,
        5.0,
        1.0,
        -2.0,
        0.2,
        -2.5,
        0.0,
        3.0,
    ];
    let m = ai.len();
    for (op, ty) in ops {
        let mut b = B::new("arith");
        for _ in 0..3 {
            b.param(Type::Ptr(AddrSpace::Global));
        }
        let k = b.kernel(vec![], |b, _bid, tid| {
            let off = b.off(tid[0], 4);
            let x = b.load(MemRoot::Param(0), off, ty);
            let y = b.load(MemRoot::Param(1), off, ty);
            let r = b.bin(op, x, y);
            b.store(MemRoot::Param(2), off, r);
        });
        let el = if ty == Type::F32 {
            ElementType::F32
        } else {
            ElementType::S32
        };
        let bufs = [
            buf("a", el, m as i64),
            buf("b", el, m as i64),
            buf("r", el, m as i64),
        ];
        let l = launch(
            &k,
            1,
            m as u32,
            vec![Arg::Buffer(0), Arg::Buffer(1), Arg::Buffer(2)],
        );
        let (ins, abits, bbits): (Vec<HostTensor>, Vec<u64>, Vec<u64>) = if ty == Type::F32 {
            (
                vec![
                    HostTensor::from_slice(&[m as i64], &af).unwrap(),
                    HostTensor::from_slice(&[m as i64], &bf).unwrap(),
                    HostTensor::from_slice(&[m as i64], &vec![0f32; m]).unwrap(),
                ],
                af.iter().map(|x| u64::from(x.to_bits())).collect(),
                bf.iter().map(|x| u64::from(x.to_bits())).collect(),
            )
        } else {
            // Division by zero cannot be reported by XLA: keep divisors nonzero.
            (
                vec![
                    HostTensor::from_slice(&[m as i64], &ai).unwrap(),
                    HostTensor::from_slice(&[m as i64], &bi).unwrap(),
                    HostTensor::from_slice(&[m as i64], &vec![0i32; m]).unwrap(),
                ],
                ai.iter().map(|&x| x as u32 as u64).collect(),
                bi.iter().map(|&x| x as u32 as u64).collect(),
            )
        };
        let Some(out) = run(&bufs, &[l], &ins) else {
            return;
        };
        let want: Vec<u32> = abits
            .iter()
            .zip(&bbits)
            .map(|(&a, &b)| sem::binary(op, ty, a, b).unwrap() as u32)
            .collect();
        let got: Vec<u32> = out[2]
            .data
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        for i in 0..m {
            let same = got[i] == want[i]
                || (ty == Type::F32
                    && f32::from_bits(got[i]).is_nan()
                    && f32::from_bits(want[i]).is_nan());
            assert!(
                same,
                "{op} lane {i}: got {:#x}, want {:#x}",
                got[i], want[i]
            );
        }
    }
    // Casts: f32 -> i32/u8 saturating, NaN -> 0.
    for (op, to, el) in [
        (CastOp::FpToSi, Type::I32, ElementType::S32),
        (CastOp::FpToUi, Type::I32, ElementType::U32),
    ] {
        let mut b = B::new("cvt");
        b.param(Type::Ptr(AddrSpace::Global));
        b.param(Type::Ptr(AddrSpace::Global));
        let k = b.kernel(vec![], |b, _bid, tid| {
            let off = b.off(tid[0], 4);
            let x = b.load(MemRoot::Param(0), off, Type::F32);
            let r = b.v(OpKind::Cast(op, x), to);
            b.store(MemRoot::Param(1), off, r);
        });
        let xs: Vec<f32> = vec![
            3e10,
            -3e10,
            f32::NAN,
            -2.7,
            2.7,
            4294967040.0,
            -0.5,
            2147483520.0,
            f32::INFINITY,
            f32::NEG_INFINITY,
            1e-3,
            65535.9,
        ];
        let m = xs.len();
        let bufs = [buf("x", ElementType::F32, m as i64), buf("r", el, m as i64)];
        let l = launch(&k, 1, m as u32, vec![Arg::Buffer(0), Arg::Buffer(1)]);
        let zeros = HostTensor::new(el, vec![m as i64], vec![0; 4 * m]).unwrap();
        let Some(out) = run(
            &bufs,
            &[l],
            &[HostTensor::from_slice(&[m as i64], &xs).unwrap(), zeros],
        ) else {
            return;
        };
        let got: Vec<u32> = out[1]
            .data
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        let want: Vec<u32> = xs
            .iter()
            .map(|x| sem::cast(op, Type::F32, to, u64::from(x.to_bits())) as u32)
            .collect();
        assert_eq!(got, want, "{op}");
    }
}

/// The seeds' stencil `y[i] = x[i] - 2*x[i+1] + x[i+2]` (i + 2 < n), launched twice
/// (x -> y, y -> x): slices and elementwise ops only.
pub fn stencil() -> Kernel {
    let mut b = B::new("stencil1d");
    let n = b.param(Type::I32);
    b.param(Type::Ptr(AddrSpace::Global));
    b.param(Type::Ptr(AddrSpace::Global));
    b.kernel(vec![], |b, bid, tid| {
        let i = b.gid(bid[0], tid[0]);
        let two = b.c32(2);
        let i2 = b.bin(BinaryOp::Add, i, two);
        let c = b.icmp(IntPredicate::Slt, i2, n);
        b.if_(c, |b| {
            let off = b.off(i, 4);
            let x0 = b.load(MemRoot::Param(1), off, Type::F32);
            let one = b.c32(1);
            let i1 = b.bin(BinaryOp::Add, i, one);
            let o1 = b.off(i1, 4);
            let x1 = b.load(MemRoot::Param(1), o1, Type::F32);
            let o2 = b.off(i2, 4);
            let x2 = b.load(MemRoot::Param(1), o2, Type::F32);
            let m2 = b.cf(2.0);
            let t = b.bin(BinaryOp::FMul, m2, x1);
            let d = b.bin(BinaryOp::FSub, x0, t);
            let r = b.bin(BinaryOp::FAdd, d, x2);
            b.store(MemRoot::Param(2), off, r);
        });
    })
}

#[test]
fn stencil_pingpong_is_slices_only() {
    let k = stencil();
    let n = 1000usize;
    let bufs = [
        buf("x", ElementType::F32, n as i64),
        buf("y", ElementType::F32, n as i64),
    ];
    let ls = [
        launch(
            &k,
            4,
            256,
            vec![Arg::Scalar(n as u64), Arg::Buffer(0), Arg::Buffer(1)],
        ),
        launch(
            &k,
            4,
            256,
            vec![Arg::Scalar(n as u64), Arg::Buffer(1), Arg::Buffer(0)],
        ),
    ];
    let text = emit_module(&bufs, &ls).unwrap();
    for bad in ["gather", "scatter", "while"] {
        assert!(!text.contains(bad), "{bad} in\n{text}");
    }
    assert!(text.contains("stablehlo.slice"));
    eprintln!("{text}");
    let x: Vec<f32> = (0..n).map(|i| ((i * i) % 31) as f32 * 0.25).collect();
    let Some(out) = run_and_cross_check(
        &bufs,
        &ls,
        &[
            HostTensor::from_slice(&[n as i64], &x).unwrap(),
            HostTensor::from_slice(&[n as i64], &vec![0f32; n]).unwrap(),
        ],
    ) else {
        return;
    };
    let step = |src: &[f32], dst: &mut [f32]| {
        for i in 0..n - 2 {
            dst[i] = src[i] - 2.0 * src[i + 1] + src[i + 2];
        }
    };
    let mut y = vec![0f32; n];
    let mut x2 = x.clone();
    step(&x, &mut y);
    step(&y, &mut x2);
    assert_eq!(out[1].to_vec::<f32>().unwrap(), y);
    assert_eq!(out[0].to_vec::<f32>().unwrap(), x2);
}

/// Warp reduction with `shfl.down` (c = 0x1f) and `shfl.bfly`: lane 0 of each warp
/// writes the warp's sum (down) and lane 1 the xor-butterfly sum.
#[test]
fn warp_shuffles() {
    use parallel_ir::ir::ShuffleMode;
    let mut b = B::new("warp_sum");
    for _ in 0..3 {
        b.param(Type::Ptr(AddrSpace::Global));
    }
    let k = b.kernel(vec![], |b, bid, tid| {
        let i = b.gid(bid[0], tid[0]);
        let off = b.off(i, 4);
        let x = b.load(MemRoot::Param(0), off, Type::I32);
        let full = b.c32(-1);
        let clamp = b.c32(0x1f);
        let (mut down, mut bfly) = (x, x);
        for s in [16, 8, 4, 2, 1] {
            let sv = b.c32(s);
            let d = b.v(
                OpKind::Shuffle {
                    mode: ShuffleMode::Down,
                    mask: full,
                    value: down,
                    lane: sv,
                    clamp,
                },
                Type::I32,
            );
            down = b.bin(BinaryOp::Add, down, d);
            let f = b.v(
                OpKind::Shuffle {
                    mode: ShuffleMode::Bfly,
                    mask: full,
                    value: bfly,
                    lane: sv,
                    clamp,
                },
                Type::I32,
            );
            bfly = b.bin(BinaryOp::Add, bfly, f);
        }
        let c32 = b.c32(32);
        let lane = b.bin(BinaryOp::SRem, tid[0], c32);
        let w = b.bin(BinaryOp::SDiv, i, c32);
        let z = b.c32(0);
        let is0 = b.icmp(IntPredicate::Eq, lane, z);
        b.if_(is0, |b| {
            let o = b.off(w, 4);
            b.store(MemRoot::Param(1), o, down);
        });
        let one = b.c32(1);
        let is1 = b.icmp(IntPredicate::Eq, lane, one);
        b.if_(is1, |b| {
            let o = b.off(w, 4);
            b.store(MemRoot::Param(2), o, bfly);
        });
    });
    let n = 256usize;
    let bufs = [
        buf("x", ElementType::S32, n as i64),
        buf("down", ElementType::S32, (n / 32) as i64),
        buf("bfly", ElementType::S32, (n / 32) as i64),
    ];
    let l = launch(
        &k,
        2,
        128,
        vec![Arg::Buffer(0), Arg::Buffer(1), Arg::Buffer(2)],
    );
    let x: Vec<i32> = (0..n as i32).map(|i| (i * 7919) % 1000 - 300).collect();
    let z = vec![0i32; n / 32];
    let Some(out) = run(
        &bufs,
        &[l],
        &[
            HostTensor::from_slice(&[n as i64], &x).unwrap(),
            HostTensor::from_slice(&[(n / 32) as i64], &z).unwrap(),
            HostTensor::from_slice(&[(n / 32) as i64], &z).unwrap(),
        ],
    ) else {
        return;
    };
    let want: Vec<i32> = x.chunks(32).map(|c| c.iter().sum()).collect();
    assert_eq!(out[1].to_vec::<i32>().unwrap(), want);
    assert_eq!(out[2].to_vec::<i32>().unwrap(), want);
}

/// What cannot be tensorized exactly is a named diagnostic, never a module.
#[test]
fn untensorizable_kernels_are_diagnosed() {
    let build = |case: u32| {
        let mut b = B::new("bad");
        b.param(Type::Ptr(AddrSpace::Global));
        b.kernel(vec![], move |b, _bid, tid| match case {
            // Byte offset 2*i into an f32 buffer: not provably aligned.
            0 => {
                let o = b.off(tid[0], 2);
                let v = b.load(MemRoot::Param(0), o, Type::F32);
                b.store(MemRoot::Param(0), o, v);
            }
            // An f64 access to an f32 buffer.
            1 => {
                let o = b.off(tid[0], 8);
                let v = b.load(MemRoot::Param(0), o, Type::F64);
                b.store(MemRoot::Param(0), o, v);
            }
            // A trap.
            _ => {
                b.push(OpKind::Trap, None);
            }
        })
    };
    let bufs = [buf("x", ElementType::F32, 64)];
    for (case, needle) in [
        (0, "multiple of the element size"),
        (1, "reinterpreting"),
        (2, "trap"),
    ] {
        let k = build(case);
        let l = launch(&k, 1, 32, vec![Arg::Buffer(0)]);
        let err = emit_module(&bufs, &[l]).unwrap_err();
        assert_eq!(err.code, "unsupported-tensorization");
        assert!(err.message.contains(needle), "{case}: {}", err.message);
    }
}

/// Warp votes: ballot/any/all over the full warp, and a ballot inside a branch taken by
/// the even lanes (only the lanes present vote).
#[test]
fn warp_votes() {
    use parallel_ir::ir::VoteMode;
    let mut b = B::new("votes");
    for _ in 0..3 {
        b.param(Type::Ptr(AddrSpace::Global));
    }
    let k = b.kernel(vec![], |b, bid, tid| {
        let i = b.gid(bid[0], tid[0]);
        let off = b.off(i, 4);
        let x = b.load(MemRoot::Param(0), off, Type::I32);
        let full = b.c32(-1);
        let z = b.c32(0);
        let pos = b.icmp(IntPredicate::Sgt, x, z);
        let bal = b.v(
            OpKind::Vote {
                mode: VoteMode::Ballot,
                mask: full,
                pred: pos,
            },
            Type::I32,
        );
        let m5 = b.c32(-5);
        let ge = b.icmp(IntPredicate::Sge, x, m5);
        let all = b.v(
            OpKind::Vote {
                mode: VoteMode::All,
                mask: full,
                pred: ge,
            },
            Type::I1,
        );
        let seven = b.c32(7);
        let eq7 = b.icmp(IntPredicate::Eq, x, seven);
        let any = b.v(
            OpKind::Vote {
                mode: VoteMode::Any,
                mask: full,
                pred: eq7,
            },
            Type::I1,
        );
        let all32 = b.v(OpKind::Cast(CastOp::ZExt, all), Type::I32);
        let any32 = b.v(OpKind::Cast(CastOp::ZExt, any), Type::I32);
        let two = b.c32(2);
        let a2 = b.bin(BinaryOp::Mul, all32, two);
        let flags = b.bin(BinaryOp::Add, a2, any32);
        b.store(MemRoot::Param(1), off, bal);
        let one = b.c32(1);
        let odd = b.bin(BinaryOp::And, tid[0], one);
        let even = b.icmp(IntPredicate::Eq, odd, z);
        b.store(MemRoot::Param(2), off, flags);
        b.if_(even, |b| {
            let bal2 = b.v(
                OpKind::Vote {
                    mode: VoteMode::Ballot,
                    mask: full,
                    pred: pos,
                },
                Type::I32,
            );
            let o2 = b.off(i, 4);
            b.store(MemRoot::Param(2), o2, bal2);
        });
    });
    let n = 128usize;
    let bufs = [
        buf("x", ElementType::S32, n as i64),
        buf("ballot", ElementType::S32, n as i64),
        buf("flags", ElementType::S32, n as i64),
    ];
    let l = launch(
        &k,
        2,
        64,
        vec![Arg::Buffer(0), Arg::Buffer(1), Arg::Buffer(2)],
    );
    let mut x: Vec<i32> = (0..n as i32).map(|i| (i * 37) % 23 - 6).collect();
    x[40] = 7;
    for v in x.iter_mut().skip(64).take(32) {
        *v = v.abs();
    }
    let z = vec![0i32; n];
    let Some(out) = run(
        &bufs,
        &[l],
        &[
            HostTensor::from_slice(&[n as i64], &x).unwrap(),
            HostTensor::from_slice(&[n as i64], &z).unwrap(),
            HostTensor::from_slice(&[n as i64], &z).unwrap(),
        ],
    ) else {
        return;
    };
    let mut want_b = vec![0i32; n];
    let mut want_f = vec![0i32; n];
    for w in 0..n / 32 {
        let lanes = &x[w * 32..w * 32 + 32];
        let bal = lanes
            .iter()
            .enumerate()
            .fold(0u32, |a, (j, &v)| a | (u32::from(v > 0) << j));
        let even_bal = bal & 0x5555_5555;
        let all = lanes.iter().all(|&v| v >= -5);
        let any = lanes.contains(&7);
        for j in 0..32 {
            want_b[w * 32 + j] = bal as i32;
            want_f[w * 32 + j] = if j % 2 == 0 {
                even_bal as i32
            } else {
                2 * i32::from(all) + i32::from(any)
            };
        }
    }
    assert_eq!(out[1].to_vec::<i32>().unwrap(), want_b);
    assert_eq!(out[2].to_vec::<i32>().unwrap(), want_f);
}

/// Shared-memory accesses whose index is a nested affine form of the thread id (strided
/// `sh[2t]`, `sh[2t + 1]`, masked by `t < 20`, and the constant `sh[5]`) become slices,
/// pads, `select` and `dynamic_update_slice` (no gather, no scatter), with exact values.
#[test]
fn shared_dense_boxes_are_slices_and_match() {
    let mut b = B::new("boxes");
    b.param(Type::Ptr(AddrSpace::Global));
    b.param(Type::Ptr(AddrSpace::Global));
    let shared = vec![SharedAlloc {
        name: "sh".into(),
        bytes: 80 * 4,
        align: 4,
        dynamic: false,
    }];
    let sh = MemRoot::Shared(SharedId(0));
    let sync = |b: &mut B| {
        b.push(
            OpKind::Barrier {
                kind: BarrierKind::Sync,
                pred: None,
            },
            None,
        );
    };
    let k = b.kernel(shared, |b, bid, tid| {
        let two = b.c32(2);
        let one = b.c32(1);
        let t2 = b.bin(BinaryOp::Mul, tid[0], two);
        let t21 = b.bin(BinaryOp::Add, t2, one);
        let (o_even, o_odd) = (b.off(t2, 4), b.off(t21, 4));
        let m1 = b.cf(-1.0);
        let half = b.cf(0.5);
        b.store(sh, o_even, m1);
        b.store(sh, o_odd, half);
        sync(b);
        let i = b.gid(bid[0], tid[0]);
        let oi = b.off(i, 4);
        let c20 = b.c32(20);
        let c = b.icmp(IntPredicate::Slt, tid[0], c20);
        b.if_(c, |b| {
            let xv = b.load(MemRoot::Param(0), oi, Type::F32);
            b.store(sh, o_odd, xv);
        });
        sync(b);
        let a = b.load(sh, o_odd, Type::F32);
        let c20b = b.c64(20);
        let s5 = b.load(sh, c20b, Type::F32);
        let e = b.load(sh, o_even, Type::F32);
        let r = b.bin(BinaryOp::FAdd, a, s5);
        let r = b.bin(BinaryOp::FAdd, r, e);
        b.store(MemRoot::Param(1), oi, r);
    });
    let (nb, nt) = (3usize, 32usize);
    let n = nb * nt;
    let bufs = [
        buf("x", ElementType::F32, n as i64),
        buf("out", ElementType::F32, n as i64),
    ];
    let l = launch(
        &k,
        nb as u32,
        nt as u32,
        vec![Arg::Buffer(0), Arg::Buffer(1)],
    );
    let text = emit_module(&bufs, std::slice::from_ref(&l)).expect("emits");
    assert!(
        !text.contains("stablehlo.gather") && !text.contains("stablehlo.scatter"),
        "{text}"
    );
    assert!(text.contains("stablehlo.dynamic_update_slice"), "{text}");
    let x: Vec<f32> = (0..n).map(|i| (i as f32) * 0.25 - 3.0).collect();
    let Some(out) = run_and_cross_check(
        &bufs,
        &[l],
        &[
            HostTensor::from_slice(&[n as i64], &x).unwrap(),
            HostTensor::from_slice(&[n as i64], &vec![0f32; n]).unwrap(),
        ],
    ) else {
        return;
    };
    let want: Vec<f32> = (0..n)
        .map(|i| {
            let (blk, t) = (i / nt, i % nt);
            let odd = if t < 20 { x[i] } else { 0.5 };
            odd + x[blk * nt + 2] + -1.0
        })
        .collect();
    assert_eq!(out[1].to_vec::<f32>().unwrap(), want);
}

/// `fma(x, c, y)` with a constant factor `c` in {0, -0, 1, -1} (the reverse sweep's
/// derivative terms of constants) is one multiply and one add in f32 (the product is
/// exact), and equals the fused result bit for bit, infinities, NaN and signed zeros
/// included.
#[test]
fn fma_with_exact_constant_factor() {
    let xs: Vec<f32> = vec![
        1.0,
        f32::NAN,
        f32::INFINITY,
        f32::NEG_INFINITY,
        3.5,
        -1e30,
        0.0,
        -0.0,
        0.1,
        1e30,
    ];
    let ys: Vec<f32> = vec![-0.0, 1.0, 2.0, 0.0, -3.5, 1e30, -0.0, -0.0, 0.2, -1e30];
    let m = xs.len();
    for c in [0.0f32, -0.0, 1.0, -1.0] {
        let mut b = B::new("fma_const");
        for _ in 0..3 {
            b.param(Type::Ptr(AddrSpace::Global));
        }
        let k = b.kernel(vec![], |b, _bid, tid| {
            let off = b.off(tid[0], 4);
            let x = b.load(MemRoot::Param(0), off, Type::F32);
            let y = b.load(MemRoot::Param(1), off, Type::F32);
            let cv = b.cf(c);
            let r = b.v(OpKind::Fma(x, cv, y), Type::F32);
            b.store(MemRoot::Param(2), off, r);
        });
        let bufs = [
            buf("x", ElementType::F32, m as i64),
            buf("y", ElementType::F32, m as i64),
            buf("r", ElementType::F32, m as i64),
        ];
        let l = launch(
            &k,
            1,
            m as u32,
            vec![Arg::Buffer(0), Arg::Buffer(1), Arg::Buffer(2)],
        );
        let text = emit_module(&bufs, std::slice::from_ref(&l)).expect("emits");
        assert!(!text.contains("f64"), "fma by {c}: widened to f64");
        let ins = vec![
            HostTensor::from_slice(&[m as i64], &xs).unwrap(),
            HostTensor::from_slice(&[m as i64], &ys).unwrap(),
            HostTensor::from_slice(&[m as i64], &vec![0f32; m]).unwrap(),
        ];
        let Some(out) = run(&bufs, &[l], &ins) else {
            return;
        };
        for (i, ch) in out[2].data.chunks_exact(4).enumerate() {
            let got = f32::from_le_bytes([ch[0], ch[1], ch[2], ch[3]]);
            let want = xs[i].mul_add(c, ys[i]);
            assert!(
                got.to_bits() == want.to_bits() || got.is_nan() && want.is_nan(),
                "fma({}, {c}, {}) = {got}, want {want}",
                xs[i],
                ys[i]
            );
        }
    }
}
