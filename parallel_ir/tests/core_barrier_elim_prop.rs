//! Property test of barrier elimination: random kernels over two shared arrays (affine
//! indices in the thread index, bounds guards, nested counted loops whose iterations store
//! different values), with barriers between segments, give the same outputs on the
//! interpreter before and after the pass.

mod core_util;

use core_util::*;
use parallel_ir::builder::Builder;
use parallel_ir::ir::*;
use parallel_ir::transforms::barrier_elim::{eliminate_barriers, BarrierElimOptions};
use parallel_ir::verify::verify_kernel;

/// xorshift64*: deterministic, no dependency.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn pick<T: Copy>(&mut self, v: &[T]) -> T {
        v[self.below(v.len() as u64) as usize]
    }
}

const ELEMS: i32 = 64;

type Access = (bool, u32, i32, i32, i32);

/// A piece of the thread body: accesses followed by a barrier, or a loop of pieces.
enum Item {
    Segment(Vec<Access>),
    Loop(u32, Vec<Item>),
}

fn random_items(rng: &mut Rng, depth: u32) -> Vec<Item> {
    let mut items = Vec::new();
    for _ in 0..1 + rng.below(3) {
        if depth < 2 && rng.below(4) == 0 {
            items.push(Item::Loop(
                1 + rng.below(3) as u32,
                random_items(rng, depth + 1),
            ));
            continue;
        }
        let mut accesses = Vec::new();
        for _ in 0..1 + rng.below(3) {
            let write = rng.below(2) == 0;
            let array = rng.below(2) as u32;
            let cx = rng.pick(&[0i32, 1, 1, 1, 2, -1]);
            let cy = rng.pick(&[0i32, 0, 1, 4, 8]);
            let c = rng.below(40) as i32 - 8;
            accesses.push((write, array, cx, cy, c));
        }
        items.push(Item::Segment(accesses));
    }
    items
}

struct Env {
    tx: Value,
    ty: Value,
    linear: Value,
    arrays: [SharedId; 2],
}

/// Emit `items`; `acc` is the thread's running checksum, `salt` is added to stored values.
fn emit(b: &mut Builder, env: &Env, items: &[Item], mut acc: Value, salt: Value) -> Value {
    for (si, item) in items.iter().enumerate() {
        match item {
            Item::Loop(trips, body) => {
                let lo = b.i32(0);
                let hi = b.i32(*trips as i32);
                let one = b.i32(1);
                let r = b.for_(lo, hi, one, &[acc], |b, iv, carried| {
                    let k = b.i32(100_000);
                    let s = b.bin(BinaryOp::Mul, iv, k);
                    let s = b.bin(BinaryOp::Add, s, salt);
                    vec![emit(b, env, body, carried[0], s)]
                });
                acc = r[0];
            }
            Item::Segment(accesses) => {
                for &(write, array, cx, cy, c) in accesses {
                    let kx = b.i32(cx);
                    let ky = b.i32(cy);
                    let kc = b.i32(c);
                    let x = b.bin(BinaryOp::Mul, env.tx, kx);
                    let y = b.bin(BinaryOp::Mul, env.ty, ky);
                    let s = b.bin(BinaryOp::Add, x, y);
                    let idx = b.bin(BinaryOp::Add, s, kc);
                    let n = b.i32(ELEMS);
                    let ok = b.icmp(IntPredicate::Ult, idx, n);
                    let root = MemRoot::Shared(env.arrays[array as usize]);
                    let r = b.if_(
                        ok,
                        &[Type::I32],
                        |b| {
                            let off = elem4(b, idx);
                            if write {
                                let tag = b.i32(1000 * (si as i32 + 1));
                                let v = b.bin(BinaryOp::Add, env.linear, tag);
                                let v = b.bin(BinaryOp::Add, v, salt);
                                b.store(root, off, v);
                                vec![acc]
                            } else {
                                let v = b.load(Type::I32, root, off);
                                let seven = b.i32(7);
                                let m = b.bin(BinaryOp::Mul, acc, seven);
                                vec![b.bin(BinaryOp::Add, m, v)]
                            }
                        },
                        |_| vec![acc],
                    );
                    acc = r[0];
                }
                b.barrier();
            }
        }
    }
    acc
}

fn random_kernel(rng: &mut Rng) -> Kernel {
    let mut b = Builder::new("random");
    let _out = b.param(GLOBAL, "out");
    let _dump = b.param(GLOBAL, "dump");
    let items = random_items(rng, 0);
    b.grid(|b, _| {
        let arrays = [b.shared("a", 256, 4), b.shared("b", 256, 4)];
        b.block(|b, [tx, ty, _]| {
            let bdx = b.dim(Dim::BlockDim(0));
            let row = b.bin(BinaryOp::Mul, ty, bdx);
            let linear = b.bin(BinaryOp::Add, row, tx);
            let acc = b.i32(0);
            let salt = b.i32(0);
            let env = Env {
                tx,
                ty,
                linear,
                arrays,
            };
            let acc = emit(b, &env, &items, acc, salt);
            b.barrier();
            let off = elem4(b, linear);
            b.store(MemRoot::Param(0), off, acc);
            // Thread 0 dumps both arrays (after the last barrier).
            let zero = b.i32(0);
            let is0 = b.icmp(IntPredicate::Eq, linear, zero);
            b.if_(
                is0,
                &[],
                |b| {
                    for (ai, &arr) in arrays.iter().enumerate() {
                        let lo = b.i32(0);
                        let hi = b.i32(ELEMS);
                        let one = b.i32(1);
                        b.for_(lo, hi, one, &[], |b, i, _| {
                            let off = elem4(b, i);
                            let v = b.load(Type::I32, MemRoot::Shared(arr), off);
                            let base = b.i32(ELEMS * ai as i32);
                            let j = b.bin(BinaryOp::Add, i, base);
                            let joff = elem4(b, j);
                            b.store(MemRoot::Param(1), joff, v);
                            vec![]
                        });
                    }
                    vec![]
                },
                |_| vec![],
            );
        });
    });
    b.finish()
}

#[test]
fn core_barrier_elim_prop_random_kernels_keep_their_values() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let shapes = [
        [8, 1, 1],
        [4, 4, 1],
        [16, 2, 1],
        [32, 1, 1],
        [64, 1, 1],
        [2, 8, 1],
    ];
    let (mut removed, mut kept) = (0, 0);
    for case in 0..400 {
        let k = random_kernel(&mut rng);
        verify_kernel(&k).unwrap();
        let dims = rng.pick(&shapes);
        let threads = (dims[0] * dims[1]) as usize;
        let args = || {
            vec![
                Arg::Buf(vec![0; threads * 4]),
                Arg::Buf(vec![0; 2 * ELEMS as usize * 4]),
            ]
        };
        let before = run(&k, [1, 1, 1], dims, args()).unwrap();
        let mut t = k.clone();
        let stats = eliminate_barriers(
            &mut t,
            &BarrierElimOptions {
                block_dims: Some(dims),
                noalias_params: true,
            },
        );
        verify_kernel(&t).unwrap();
        removed += stats.removed();
        kept += stats.kept();
        let after = run(&t, [1, 1, 1], dims, args()).unwrap();
        assert_eq!(
            before,
            after,
            "case {case}, block {dims:?}: values changed\n{stats}\n{}",
            parallel_ir::print::print_kernel(&k)
        );
    }
    // The test is not vacuous: both decisions occur often.
    assert!(
        removed > 100 && kept > 100,
        "removed {removed}, kept {kept}"
    );
}
