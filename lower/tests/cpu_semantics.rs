//! Every scalar op the CPU backend lowers, on edge-case operands, compared bit for bit with
//! `frontend::interp::semantics` (the interpreter's definition).

mod common;

use common::*;
use frontend::interp::semantics;
use parallel_ir::ir::*;

fn edge_ints(ty: Type) -> Vec<u64> {
    let m = ty.mask();
    let w = ty.bits();
    let mut v = vec![
        0,
        1,
        2,
        3,
        7,
        w as u64 - 1,
        w as u64,
        w as u64 + 5,
        100,
        m,
        m - 1,
    ];
    v.push(1u64 << (w - 1)); // INT_MIN
    v.push((1u64 << (w - 1)) - 1); // INT_MAX
    v.push(0x1234_5678_9abc_def0 & m);
    v.iter().map(|x| x & m).collect()
}

fn edge_floats(ty: Type) -> Vec<u64> {
    let xs = [
        0.0f64,
        -0.0,
        1.0,
        -1.0,
        0.5,
        -2.5,
        2.5,
        3.7,
        -3.7,
        1e10,
        -1e10,
        3e9,
        -3e9,
        65536.3,
        1e-40,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
        255.9,
        256.0,
        -128.5,
        4.3e19,
        2147483647.0,
        2147483648.0,
        -2147483649.0,
        9.3e18,
    ];
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let more = (0..300).map(move |_| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        // Mostly moderate magnitudes, some huge and tiny ones.
        let m = (seed >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0;
        m * 2f64.powi(((seed & 63) as i32) - 24)
    });
    xs.iter()
        .copied()
        .chain(more)
        .map(|x| match ty {
            Type::F32 => u64::from((x as f32).to_bits()),
            _ => x.to_bits(),
        })
        .collect()
}

/// Build `out[i] = f(a[i], b[i])` and run it over all pairs.
fn run_pairs(
    name: &str,
    ta: Type,
    tr: Type,
    pairs: &[(u64, u64)],
    f: impl Fn(&mut Kb, &mut Ops, Value, Value) -> Value,
) -> Vec<u64> {
    let mut b = Kb::new(name);
    let n = b.param(Type::I32);
    for _ in 0..3 {
        b.param(Type::Ptr(frontend::ir::AddrSpace::Global));
    }
    let mut top = Vec::new();
    b.grid_1d(&mut top, n, |b, ops, i| {
        let o8 = b.offset(ops, i, 8);
        let x = b.load(ops, MemRoot::Param(1), o8, ta);
        let y = b.load(ops, MemRoot::Param(2), o8, ta);
        let r = f(b, ops, x, y);
        b.store(ops, MemRoot::Param(3), o8, r);
    });
    let k = b.finish(top);
    let a: Vec<u8> = pairs.iter().flat_map(|p| p.0.to_le_bytes()).collect();
    let bb: Vec<u8> = pairs.iter().flat_map(|p| p.1.to_le_bytes()).collect();
    let mut bufs = vec![a, bb, vec![0u8; pairs.len() * 8]];
    run_cpu(
        &k,
        &cfg([(pairs.len() as u32).div_ceil(64), 1, 1], [64, 1, 1]),
        &[
            i32_arg(pairs.len() as i32),
            Arg::Buf(0),
            Arg::Buf(1),
            Arg::Buf(2),
        ],
        &mut bufs,
    );
    bufs[2]
        .chunks_exact(8)
        .map(|c| u64::from_le_bytes(c.try_into().unwrap_or([0; 8])) & tr.mask())
        .collect()
}

fn all_pairs(v: &[u64]) -> Vec<(u64, u64)> {
    v.iter()
        .flat_map(|&a| v.iter().map(move |&b| (a, b)))
        .collect()
}

fn same(ty: Type, got: u64, want: u64) -> bool {
    // Any NaN matches any NaN only where the interpreter's NaN payload is the host's too.
    got == want
        || (ty.is_float()
            && semantics::float_value(got, ty).is_nan()
            && semantics::float_value(want, ty).is_nan())
}

#[test]
fn integer_binary_ops_match_interpreter() {
    use BinaryOp::*;
    for ty in [Type::I8, Type::I32, Type::I64] {
        let pairs: Vec<(u64, u64)> = all_pairs(&edge_ints(ty));
        for op in [
            Add, Sub, Mul, MulHiS, MulHiU, UDiv, SDiv, URem, SRem, And, Or, Xor, Shl, LShr, AShr,
            SMin, SMax, UMin, UMax,
        ] {
            let div = matches!(op, UDiv | SDiv | URem | SRem);
            let ps: Vec<(u64, u64)> = pairs.iter().copied().filter(|p| !div || p.1 != 0).collect();
            let got = run_pairs(&format!("{op}"), ty, ty, &ps, |b, ops, x, y| {
                b.bin(ops, op, x, y)
            });
            for (i, &(a, bv)) in ps.iter().enumerate() {
                let want = semantics::binary(op, ty, a, bv).unwrap_or(0);
                assert_eq!(got[i], want, "{op} {ty} {a:#x} {bv:#x}");
            }
        }
    }
}

#[test]
fn float_binary_ops_match_interpreter() {
    use BinaryOp::*;
    for ty in [Type::F32, Type::F64] {
        let pairs = all_pairs(&edge_floats(ty)[..60]);
        for op in [
            FAdd, FSub, FMul, FDiv, FRem, FMin, FMax, FMinimum, FMaximum, Pow, Atan2, CopySign,
        ] {
            let got = run_pairs(&format!("{op}"), ty, ty, &pairs, |b, ops, x, y| {
                b.bin(ops, op, x, y)
            });
            for (i, &(a, bv)) in pairs.iter().enumerate() {
                let want = semantics::binary(op, ty, a, bv).unwrap_or(0);
                assert!(
                    same(ty, got[i], want),
                    "{op} {ty} {a:#x} {bv:#x}: got {:#x} want {want:#x}",
                    got[i]
                );
            }
        }
    }
}

#[test]
fn unary_ops_match_interpreter() {
    for ty in [Type::F32, Type::F64] {
        let pairs: Vec<(u64, u64)> = edge_floats(ty).iter().map(|&a| (a, 0)).collect();
        for &op in UnaryOp::ALL.iter().filter(|o| !o.is_int()) {
            let got = run_pairs(&format!("{op}"), ty, ty, &pairs, |b, ops, x, _| {
                b.v(ops, OpKind::Unary(op, x), ty)
            });
            for (i, &(a, _)) in pairs.iter().enumerate() {
                let want = semantics::unary(op, ty, a).unwrap_or(0);
                assert!(
                    same(ty, got[i], want),
                    "{op} {ty} {a:#x}: got {:#x} want {want:#x}",
                    got[i]
                );
            }
        }
    }
    for ty in [Type::I8, Type::I32, Type::I64] {
        let pairs: Vec<(u64, u64)> = edge_ints(ty).iter().map(|&a| (a, 0)).collect();
        for &op in UnaryOp::ALL.iter().filter(|o| o.is_int()) {
            let got = run_pairs(&format!("{op}"), ty, ty, &pairs, |b, ops, x, _| {
                b.v(ops, OpKind::Unary(op, x), ty)
            });
            for (i, &(a, _)) in pairs.iter().enumerate() {
                let want = semantics::unary(op, ty, a).unwrap_or(0);
                assert_eq!(got[i], want, "{op} {ty} {a:#x}");
            }
        }
    }
}

#[test]
fn casts_match_interpreter() {
    use CastOp::*;
    let floats = [Type::F32, Type::F64];
    let ints = [Type::I8, Type::I16, Type::I32, Type::I64];
    let mut cases: Vec<(CastOp, Type, Type)> = Vec::new();
    for &f in &floats {
        for &i in &ints {
            cases.push((FpToSi, f, i));
            cases.push((FpToUi, f, i));
            cases.push((SiToFp, i, f));
            cases.push((UiToFp, i, f));
        }
    }
    cases.push((FpTrunc, Type::F64, Type::F32));
    cases.push((FpExt, Type::F32, Type::F64));
    for &a in &ints {
        for &b in &ints {
            if a.bits() > b.bits() {
                cases.push((Trunc, a, b));
            } else if a.bits() < b.bits() {
                cases.push((ZExt, a, b));
                cases.push((SExt, a, b));
            }
        }
    }
    for (op, from, to) in cases {
        let vals = if from.is_float() {
            edge_floats(from)
        } else {
            edge_ints(from)
        };
        let pairs: Vec<(u64, u64)> = vals.iter().map(|&a| (a, 0)).collect();
        let got = run_pairs(&format!("{op}"), from, to, &pairs, |b, ops, x, _| {
            b.cast(ops, op, x, to)
        });
        for (i, &(a, _)) in pairs.iter().enumerate() {
            let want = semantics::cast(op, from, to, a);
            assert!(
                same(to, got[i], want),
                "{op} {from}->{to} {a:#x}: got {:#x} want {want:#x}",
                got[i]
            );
        }
    }
}

#[test]
fn fma_and_compares_match_interpreter() {
    for ty in [Type::F32, Type::F64] {
        let pairs = all_pairs(&edge_floats(ty)[..60]);
        let got = run_pairs("fma", ty, ty, &pairs, |b, ops, x, y| {
            b.v(ops, OpKind::Fma(x, y, x), ty)
        });
        for (i, &(a, bv)) in pairs.iter().enumerate() {
            let want = semantics::fma(ty, a, bv, a);
            assert!(same(ty, got[i], want), "fma {a:#x} {bv:#x}");
        }
        for &p in FloatPredicate::ALL {
            let got = run_pairs("fcmp", ty, Type::I8, &pairs, |b, ops, x, y| {
                let c = b.v(ops, OpKind::FCmp(p, x, y), Type::I1);
                b.cast(ops, CastOp::ZExt, c, ty_int(ty))
            });
            for (i, &(a, bv)) in pairs.iter().enumerate() {
                assert_eq!(
                    got[i] != 0,
                    semantics::fcmp(p, ty, a, bv),
                    "{p} {a:#x} {bv:#x}"
                );
            }
        }
    }
}

fn ty_int(ty: Type) -> Type {
    if ty == Type::F64 {
        Type::I64
    } else {
        Type::I32
    }
}

#[test]
fn division_by_zero_is_a_diagnostic() {
    let mut b = Kb::new("divzero");
    let x = b.param(Type::I32);
    let y = b.param(Type::I32);
    let _ = b.param(Type::Ptr(frontend::ir::AddrSpace::Global));
    let mut top = Vec::new();
    b.parallel(&mut top, Level::Grid, |b, ops, _| {
        b.parallel(ops, Level::Block, |b, ops, _| {
            let q = b.bin(ops, BinaryOp::SDiv, x, y);
            let z = b.ci(ops, 0, Type::I64);
            b.store(ops, MemRoot::Param(2), z, q);
        });
    });
    let k = b.finish(top);
    let mut out = [0u8; 4];
    let r = unsafe {
        lower::cpu::run(
            &k,
            &cfg([2, 1, 1], [2, 1, 1]),
            &[
                lower::cpu::CpuArg::Bits(7),
                lower::cpu::CpuArg::Bits(0),
                lower::cpu::CpuArg::Ptr(out.as_mut_ptr()),
            ],
            &[],
        )
    };
    assert_eq!(r.map_err(|d| d.code), Err("division-by-zero"));
}
