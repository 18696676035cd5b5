//! Reverse mode of loops that replay cannot reverse, through launch specialisation and
//! unrolling (`vjp_kernel_for_launch`), on the parallel-IR interpreter (f64):
//! * loop A, trip count `(t & 3) + 1` (varies per thread: guarded unrolling):
//!   `y[t] = y[t] * x[t] + x[t]` (reads what it overwrites, multiplies it);
//! * loop B, a `while i < n` with `n` a scalar parameter (uniform once specialised) and
//!   two barriers: `sh[t] = y[t]; barrier; y[t] = sh[(t + 1) % N] * sh[t]; barrier`.
//!
//! Checks: without the launch, `vjp_kernel` names the loop `not-differentiable`; the
//! specialised, unrolled kernel computes what the source computes and has no loops; the
//! tangent kernel matches central finite differences and the adjoint passes the
//! dot-product test against it.

use frontend::interp::{LaunchConfig, Memory};
use frontend::ir::{AddrSpace, Flavor, Module};
use parallel_ir::autodiff::{
    jvp_kernel_for_launch, specialize, unroll::unroll_bounded_loops, vjp_kernel,
    vjp_kernel_for_launch,
};
use parallel_ir::builder::Builder;
use parallel_ir::ir::*;

const N: u32 = 8;
const G: Type = Type::Ptr(AddrSpace::Global);
const TRIPS: u64 = 3;

fn kernel() -> Kernel {
    let mut b = Builder::new("tape");
    let _x = b.param(G, "x");
    let _y = b.param(G, "y");
    let n = b.param(Type::I32, "n");
    b.grid(|b, [_, _, _]| {
        let sh = b.shared("sh", u64::from(N) * 8, 8);
        b.block(|b, [t, _, _]| {
            let t64 = b.cast(CastOp::SExt, t, Type::I64);
            let eight = b.i64(8);
            let off = b.bin(BinaryOp::Mul, t64, eight);
            let three = b.i32(3);
            let low = b.bin(BinaryOp::And, t, three);
            let one = b.i32(1);
            let hi = b.bin(BinaryOp::Add, low, one);
            let zero = b.i32(0);
            b.for_(zero, hi, one, &[], |b, _, _| {
                let y = b.load(Type::F64, MemRoot::Param(1), off);
                let x = b.load(Type::F64, MemRoot::Param(0), off);
                let p = b.bin(BinaryOp::FMul, y, x);
                let s = b.bin(BinaryOp::FAdd, p, x);
                b.store(MemRoot::Param(1), off, s);
                vec![]
            });
            b.while_(
                &[zero],
                &[Type::I32],
                |b, a| (b.icmp(IntPredicate::Slt, a[0], n), vec![a[0]]),
                |b, a| {
                    let y = b.load(Type::F64, MemRoot::Param(1), off);
                    b.store(MemRoot::Shared(sh), off, y);
                    b.barrier();
                    let t1 = b.bin(BinaryOp::Add, t, one);
                    let nn = b.i32(N as i32);
                    let r = b.bin(BinaryOp::SRem, t1, nn);
                    let r64 = b.cast(CastOp::SExt, r, Type::I64);
                    let roff = b.bin(BinaryOp::Mul, r64, eight);
                    let u = b.load(Type::F64, MemRoot::Shared(sh), roff);
                    let v = b.load(Type::F64, MemRoot::Shared(sh), off);
                    let w = b.bin(BinaryOp::FMul, u, v);
                    b.barrier();
                    b.store(MemRoot::Param(1), off, w);
                    let i1 = b.bin(BinaryOp::Add, a[0], one);
                    vec![i1]
                },
            );
        });
    });
    b.finish()
}

fn config() -> LaunchConfig {
    LaunchConfig {
        grid: [1, 1, 1],
        block: [N, 1, 1],
        dynamic_shared_bytes: 0,
    }
}

/// Run `k` with f64 buffers bound to its pointer parameters in order and `n = TRIPS`.
fn run(k: &Kernel, bufs: &[Vec<f64>]) -> Vec<Vec<f64>> {
    let module = Module::new("unroll.ll", Flavor::ClangCuda);
    let mut mem = Memory::new(&module);
    let bases: Vec<u64> = bufs
        .iter()
        .enumerate()
        .map(|(i, b)| {
            let bytes: Vec<u8> = b.iter().flat_map(|x| x.to_le_bytes()).collect();
            mem.add_buffer(&format!("b{i}"), bytes)
        })
        .collect();
    let mut params = Vec::new();
    let mut next = bases.iter();
    for &p in &k.params {
        if k.value_type(p).is_ptr() {
            params.push(*next.next().unwrap());
        } else {
            params.push(TRIPS);
        }
    }
    parallel_ir::interp::launch(&module, k, &config(), &params, &mut mem).unwrap();
    bases
        .iter()
        .map(|&b| {
            mem.buffer(b)
                .unwrap()
                .chunks_exact(8)
                .map(|c| f64::from_le_bytes(c.try_into().unwrap()))
                .collect()
        })
        .collect()
}

fn rnd(seed: u64) -> Vec<f64> {
    let mut s = seed;
    (0..N)
        .map(|_| {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((s >> 11) as f64 / (1u64 << 53) as f64) - 0.5
        })
        .collect()
}

fn dot(a: &[Vec<f64>], b: &[Vec<f64>]) -> f64 {
    a.iter()
        .zip(b)
        .flat_map(|(x, y)| x.iter().zip(y).map(|(p, q)| p * q))
        .sum()
}

#[test]
fn autodiff_unrolled_loops_fd_and_dot_product() {
    let k = kernel();
    let scalars = [None, None, Some(TRIPS)];
    let err = vjp_kernel(&k).unwrap_err();
    assert_eq!(err.code, "not-differentiable", "{err}");
    // Unrolling preserves the meaning and removes both loops.
    let s = specialize(&k, &config(), &scalars).unwrap();
    let u = unroll_bounded_loops(&s, &config(), &|_, _| true)
        .unwrap()
        .unwrap();
    assert!(!u
        .ops
        .iter()
        .any(|o| matches!(o.kind, OpKind::For { .. } | OpKind::While { .. })));
    let prim = vec![rnd(1), rnd(2)];
    let want = run(&k, &prim);
    assert_eq!(run(&u, &prim), want);
    // Forward mode against central finite differences.
    let t = vec![rnd(3), rnd(4)];
    let kj = jvp_kernel_for_launch(&k, &config(), &scalars).unwrap();
    let mut all = prim.clone();
    all.extend(t.clone());
    let out = run(&kj, &all);
    let h = 1e-6;
    let shift = |s: f64| -> Vec<Vec<f64>> {
        prim.iter()
            .zip(&t)
            .map(|(p, d)| p.iter().zip(d).map(|(a, b)| a + s * b).collect())
            .collect()
    };
    let (plus, minus) = (run(&k, &shift(h)), run(&k, &shift(-h)));
    for i in 0..N as usize {
        let fd = (plus[1][i] - minus[1][i]) / (2.0 * h);
        assert!(
            (fd - out[3][i]).abs() <= 1e-6 * (1.0 + fd.abs()),
            "y[{i}]: jvp {} vs fd {fd}",
            out[3][i]
        );
    }
    // Reverse mode: <jvp(t), c> == <t, vjp(c)>.
    let c = vec![rnd(5), rnd(6)];
    let kv = vjp_kernel_for_launch(&k, &config(), &scalars).unwrap();
    let mut all = prim.clone();
    all.extend(c.clone());
    let g = run(&kv, &all);
    let lhs = dot(&out[2..], &c);
    let rhs = dot(&t, &g[2..]);
    assert!(
        (lhs - rhs).abs() <= 1e-12 * (1.0 + lhs.abs()),
        "<jvp(t), c> = {lhs} but <t, vjp(c)> = {rhs}"
    );
    assert!(g[2].iter().any(|v| v.abs() > 1e-3));
}
