//! Forward and reverse mode of a kernel with a `For` loop carrying a float, an `If` with a
//! float result inside the loop, and unary/binary math, run on the parallel-IR
//! interpreter (f64, so the checks are tight):
//! `y[i] = acc_K` with `acc_0 = y[i]`, `acc_{k+1} = fma(acc_k, sin(x[i]), w[k])`, then
//! `acc = acc > 0 ? acc * x[i] : exp(acc)` inside the loop body.
//!
//! Checks: JVP against central finite differences (`h = 1e-6`, relative `1e-7`), and
//! the dot-product test `<jvp(t), c> == <t, vjp(c)>` (relative `1e-12`); the reverse
//! loop is reversed by replay (x and w are never written by the kernel).

use frontend::interp::{LaunchConfig, Memory};
use frontend::ir::{AddrSpace, Flavor, Module};
use parallel_ir::autodiff::{jvp_kernel, vjp_kernel};
use parallel_ir::builder::Builder;
use parallel_ir::ir::*;

const N: usize = 8;
const K: i32 = 5;
const G: Type = Type::Ptr(AddrSpace::Global);

fn kernel() -> Kernel {
    let mut b = Builder::new("horner");
    let _x = b.param(G, "x");
    let _w = b.param(G, "w");
    let _y = b.param(G, "y");
    b.grid(|b, [_, _, _]| {
        b.block(|b, [tx, _, _]| {
            let i64v = b.cast(CastOp::SExt, tx, Type::I64);
            let eight = b.i64(8);
            let off = b.bin(BinaryOp::Mul, i64v, eight);
            let xv = b.load(Type::F64, MemRoot::Param(0), off);
            let y0 = b.load(Type::F64, MemRoot::Param(2), off);
            let s = b.value(OpKind::Unary(UnaryOp::Sin, xv), Type::F64);
            let (lo, hi, st) = (b.i32(0), b.i32(K), b.i32(1));
            let r = b.for_(lo, hi, st, &[y0], |b, k, acc| {
                let k64 = b.cast(CastOp::SExt, k, Type::I64);
                let eight = b.i64(8);
                let koff = b.bin(BinaryOp::Mul, k64, eight);
                let wk = b.load(Type::F64, MemRoot::Param(1), koff);
                let a = b.value(OpKind::Fma(acc[0], s, wk), Type::F64);
                let zero = b.konst(Type::F64, 0f64.to_bits());
                let pos = b.value(OpKind::FCmp(FloatPredicate::Ogt, a, zero), Type::I1);
                let r = b.if_(
                    pos,
                    &[Type::F64],
                    |b| vec![b.bin(BinaryOp::FMul, a, xv)],
                    |b| vec![b.value(OpKind::Unary(UnaryOp::Exp, a), Type::F64)],
                );
                vec![r[0]]
            });
            b.store(MemRoot::Param(2), off, r[0]);
        });
    });
    b.finish()
}

fn bytes(v: &[f64]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}
fn floats(b: &[u8]) -> Vec<f64> {
    b.chunks_exact(8)
        .map(|c| f64::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

/// Run `k` on the buffers (all f64); gives the final buffers.
fn run(k: &Kernel, bufs: &[Vec<f64>]) -> Vec<Vec<f64>> {
    let module = Module::new("autodiff.ll", Flavor::ClangCuda);
    let mut mem = Memory::new(&module);
    let bases: Vec<u64> = bufs
        .iter()
        .enumerate()
        .map(|(i, b)| mem.add_buffer(&format!("b{i}"), bytes(b)))
        .collect();
    let config = LaunchConfig {
        grid: [1, 1, 1],
        block: [N as u32, 1, 1],
        dynamic_shared_bytes: 0,
    };
    parallel_ir::interp::launch(&module, k, &config, &bases, &mut mem).unwrap();
    bases
        .iter()
        .map(|&b| floats(mem.buffer(b).unwrap()))
        .collect()
}

fn rnd(seed: u64, n: usize) -> Vec<f64> {
    let mut s = seed;
    (0..n)
        .map(|_| {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((s >> 11) as f64 / (1u64 << 53) as f64) - 0.5
        })
        .collect()
}

fn dot(a: &[Vec<f64>], b: &[Vec<f64>]) -> (f64, f64) {
    let (mut s, mut m) = (0.0, 0.0);
    for (x, y) in a.iter().zip(b) {
        for (p, q) in x.iter().zip(y) {
            s += p * q;
            m += (p * q).abs();
        }
    }
    (s, m)
}

#[test]
fn autodiff_loop_jvp_fd_and_dot_product() {
    let k = kernel();
    let prim = vec![rnd(1, N), rnd(2, K as usize), rnd(3, N)];
    let t = vec![rnd(4, N), rnd(5, K as usize), rnd(6, N)];
    let c = vec![rnd(7, N), rnd(8, K as usize), rnd(9, N)];
    // Forward mode vs finite differences.
    let kj = jvp_kernel(&k).unwrap();
    assert_eq!(kj.params.len(), 6);
    let mut all = prim.clone();
    all.extend(t.clone());
    let out = run(&kj, &all);
    let tangent_y = &out[5];
    let h = 1e-6;
    let shift = |s: f64| -> Vec<Vec<f64>> {
        prim.iter()
            .zip(&t)
            .map(|(p, d)| p.iter().zip(d).map(|(a, b)| a + s * b).collect())
            .collect()
    };
    let (plus, minus) = (run(&k, &shift(h)), run(&k, &shift(-h)));
    for i in 0..N {
        let fd = (plus[2][i] - minus[2][i]) / (2.0 * h);
        assert!(
            (fd - tangent_y[i]).abs() <= 1e-7 * (1.0 + fd.abs()),
            "y[{i}]: jvp {} vs fd {fd}",
            tangent_y[i]
        );
    }
    // Reverse mode: adjoint kernel on the initial state and the cotangents of the final one.
    let kv = vjp_kernel(&k).unwrap();
    let mut all = prim.clone();
    all.extend(c.clone());
    let out = run(&kv, &all);
    let grads = out[3..].to_vec();
    let tangents_out = vec![vec![0.0; N], vec![0.0; K as usize], tangent_y.clone()];
    let c_final = vec![vec![0.0; N], vec![0.0; K as usize], c[2].clone()];
    // y's cotangent input is c[2]; x and w are not outputs that change, but their final
    // values equal the initial ones, so their cotangents pass through unchanged.
    let (lhs, s1) = dot(&tangents_out, &c_final);
    let (lhs2, s2) = dot(&t[..2], &c[..2]);
    let (rhs, s3) = dot(&t, &grads);
    let total = lhs + lhs2;
    assert!(
        (total - rhs).abs() <= 1e-12 * (s1 + s2 + s3).max(1.0),
        "<jvp(t), c> = {total} but <t, vjp(c)> = {rhs}"
    );
    // The gradient is not trivially zero.
    assert!(grads[1].iter().any(|g| g.abs() > 1e-3));
}

#[test]
fn autodiff_not_differentiable_is_named() {
    // A float exchange atomic whose old value is used.
    let mut b = Builder::new("xchg");
    let _p = b.param(G, "p");
    b.grid(|b, [_, _, _]| {
        b.block(|b, [_, _, _]| {
            let z = b.i64(0);
            let one = b.konst(Type::F32, 1f32.to_bits().into());
            let old = b.value(
                OpKind::Atomic {
                    op: AtomicOp::FMax,
                    addr: Addr::Root {
                        root: MemRoot::Param(0),
                        offset: z,
                    },
                    value: one,
                },
                Type::F32,
            );
            b.store(MemRoot::Param(0), z, old);
        });
    });
    let k = b.finish();
    assert_eq!(jvp_kernel(&k).unwrap_err().code, "not-differentiable");
    assert_eq!(vjp_kernel(&k).unwrap_err().code, "not-differentiable");
}
