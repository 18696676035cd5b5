//! Semantic tests of the PTX lifter: hand-written PTX run by the test evaluator
//! (`ptx_support`) and compared with the PTX ISA's definitions computed here in Rust.

mod ptx_support;

use frontend::ir::{verify::verify_module, FuncId, Module};
use frontend::ptx::parse_ptx_str;
use ptx_support::{Eval, Rng};

const HEADER: &str = ".version 8.0\n.target sm_80\n.address_size 64\n";

/// A kernel `k(out, in)` whose body sees `%rd30` = out and `%rd31` = in.
fn kernel(body: &str) -> String {
    format!(
        "{HEADER}.visible .entry k(.param .u64 k_out, .param .u64 k_in)\n{{\n\
         .reg .pred %p<16>;\n.reg .b16 %rs<16>;\n.reg .b32 %r<64>;\n.reg .f32 %f<32>;\n\
         .reg .b64 %rd<32>;\n.reg .f64 %fd<16>;\n\
         ld.param.u64 %rd30, [k_out];\nld.param.u64 %rd31, [k_in];\n{body}\nret;\n}}\n"
    )
}

fn lift(src: &str) -> Module {
    let m = parse_ptx_str(src, "test.ptx").unwrap_or_else(|e| panic!("{e}\n{src}"));
    verify_module(&m).unwrap_or_else(|e| panic!("{e}\n{}", frontend::ir::print::print_module(&m)));
    m
}

fn words(v: &[u32]) -> Vec<u8> {
    v.iter().flat_map(|w| w.to_le_bytes()).collect()
}

/// Run kernel `k` of `m` with `threads` threads on 32-bit inputs; gives 64 output words.
fn run_words(m: &Module, input: &[u32], threads: u32) -> Vec<u32> {
    let mut e = Eval::new(m);
    let out = e.buffer(&[0u8; 256 * 4]);
    let inp = e.buffer(&words(input));
    let k = m.function_by_name("k").expect("kernel k");
    e.launch(k, [1, 1, 1], [threads, 1, 1], &[out, inp])
        .unwrap_or_else(|err| panic!("{err}"));
    e.read(out, 256 * 4)
        .chunks(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

fn run1(m: &Module, input: &[u32]) -> Vec<u32> {
    run_words(m, input, 1)
}

// ---- PTX reference definitions --------------------------------------------------------

fn ref_bfe(a: u64, pos: u32, len: u32, width: u32, signed: bool) -> u64 {
    let msb = width - 1;
    let pos = pos & 0xff;
    let len = len & 0xff;
    let bit = |i: u32| (a >> i) & 1;
    let sbit = if !signed || len == 0 {
        0
    } else {
        bit((pos + len - 1).min(msb))
    };
    let mut d = 0u64;
    for i in 0..=msb {
        let b = if i < len && pos + i <= msb {
            bit(pos + i)
        } else {
            sbit
        };
        d |= b << i;
    }
    d
}

fn ref_bfi(a: u64, b: u64, pos: u32, len: u32, width: u32) -> u64 {
    let pos = pos & 0xff;
    let len = len & 0xff;
    let mut f = b;
    for i in 0..len {
        if pos + i >= width {
            break;
        }
        let bit = (a >> i) & 1;
        f = (f & !(1 << (pos + i))) | (bit << (pos + i));
    }
    f
}

fn ref_prmt(a: u32, b: u32, c: u32) -> u32 {
    let bytes = (u64::from(b) << 32) | u64::from(a);
    let mut d = 0u32;
    for k in 0..4 {
        let sel = (c >> (4 * k)) & 0xf;
        let byte = ((bytes >> ((sel & 7) * 8)) & 0xff) as u32;
        let byte = if sel & 8 != 0 {
            if byte & 0x80 != 0 {
                0xff
            } else {
                0
            }
        } else {
            byte
        };
        d |= byte << (8 * k);
    }
    d
}

fn ref_shf(a: u32, b: u32, c: u32, left: bool, wrap: bool) -> u32 {
    let n = if wrap { c & 31 } else { c.min(32) };
    let x = (u64::from(b) << 32) | u64::from(a);
    if left {
        ((x << n) >> 32) as u32
    } else {
        (x >> n) as u32
    }
}

// ---- tests ----------------------------------------------------------------------------

#[test]
fn bfe_bfi_match_the_isa() {
    let m = lift(&kernel(
        "ld.global.u32 %r1, [%rd31];\nld.global.u32 %r2, [%rd31+4];\nld.global.u32 %r3, [%rd31+8];\n\
         ld.global.u32 %r4, [%rd31+12];\nld.global.u64 %rd1, [%rd31+16];\n\
         bfe.u32 %r10, %r1, %r2, %r3;\nbfe.s32 %r11, %r1, %r2, %r3;\n\
         bfe.u64 %rd2, %rd1, %r2, %r3;\nbfe.s64 %rd3, %rd1, %r2, %r3;\n\
         bfi.b32 %r12, %r1, %r4, %r2, %r3;\nbfi.b64 %rd4, %rd1, %rd1, %r2, %r3;\n\
         st.global.u32 [%rd30], %r10;\nst.global.u32 [%rd30+4], %r11;\n\
         st.global.u64 [%rd30+8], %rd2;\nst.global.u64 [%rd30+16], %rd3;\n\
         st.global.u32 [%rd30+24], %r12;\nst.global.u64 [%rd30+32], %rd4;",
    ));
    let mut rng = Rng(7);
    let special = [0u32, 1, 7, 31, 32, 33, 63, 64, 65, 200, 255, 256, 300];
    for round in 0..400 {
        let a = rng.next() as u32;
        let b = rng.next() as u32;
        let a64 = rng.next();
        let (pos, len) = if round < 169 {
            (special[round % 13], special[round / 13])
        } else {
            (rng.below(80) as u32, rng.below(80) as u32)
        };
        let out = run1(&m, &[a, pos, len, b, a64 as u32, (a64 >> 32) as u32]);
        let u64at = |k: usize| u64::from(out[k]) | (u64::from(out[k + 1]) << 32);
        let ctx = format!("a={a:#x} a64={a64:#x} pos={pos} len={len}");
        assert_eq!(
            u64::from(out[0]),
            ref_bfe(u64::from(a), pos, len, 32, false),
            "bfe.u32 {ctx}"
        );
        assert_eq!(
            u64::from(out[1]),
            ref_bfe(u64::from(a), pos, len, 32, true) & 0xffff_ffff,
            "bfe.s32 {ctx}"
        );
        assert_eq!(u64at(2), ref_bfe(a64, pos, len, 64, false), "bfe.u64 {ctx}");
        assert_eq!(u64at(4), ref_bfe(a64, pos, len, 64, true), "bfe.s64 {ctx}");
        assert_eq!(
            u64::from(out[6]),
            ref_bfi(u64::from(a), u64::from(b), pos, len, 32),
            "bfi.b32 {ctx}"
        );
        assert_eq!(u64at(8), ref_bfi(a64, a64, pos, len, 64), "bfi.b64 {ctx}");
    }
}

#[test]
fn prmt_shf_lop3_match_the_isa() {
    let m = lift(&kernel(
        "ld.global.u32 %r1, [%rd31];\nld.global.u32 %r2, [%rd31+4];\nld.global.u32 %r3, [%rd31+8];\n\
         prmt.b32 %r10, %r1, %r2, %r3;\nprmt.b32 %r11, %r1, %r2, 0x8a31;\nprmt.b32 %r12, %r1, %r2, 291;\n\
         shf.l.wrap.b32 %r13, %r1, %r2, %r3;\nshf.l.clamp.b32 %r14, %r1, %r2, %r3;\n\
         shf.r.wrap.b32 %r15, %r1, %r2, %r3;\nshf.r.clamp.b32 %r16, %r1, %r2, %r3;\n\
         lop3.b32 %r17, %r1, %r2, %r3, 0x96;\nlop3.b32 %r18, %r1, %r2, %r3, 0xE8;\n\
         st.global.v4.u32 [%rd30], {%r10, %r11, %r12, %r13};\n\
         st.global.v4.u32 [%rd30+16], {%r14, %r15, %r16, %r17};\nst.global.u32 [%rd30+32], %r18;",
    ));
    let mut rng = Rng(11);
    for round in 0..300 {
        let a = rng.next() as u32;
        let b = rng.next() as u32;
        let c = if round < 70 {
            round as u32
        } else {
            rng.next() as u32
        };
        let out = run1(&m, &[a, b, c]);
        let ctx = format!("a={a:#x} b={b:#x} c={c:#x}");
        assert_eq!(out[0], ref_prmt(a, b, c), "prmt {ctx}");
        assert_eq!(out[1], ref_prmt(a, b, 0x8a31), "prmt const {ctx}");
        assert_eq!(out[2], ref_prmt(a, b, 291), "prmt 291 {ctx}");
        assert_eq!(out[3], ref_shf(a, b, c, true, true), "shf.l.wrap {ctx}");
        assert_eq!(out[4], ref_shf(a, b, c, true, false), "shf.l.clamp {ctx}");
        assert_eq!(out[5], ref_shf(a, b, c, false, true), "shf.r.wrap {ctx}");
        assert_eq!(out[6], ref_shf(a, b, c, false, false), "shf.r.clamp {ctx}");
        assert_eq!(out[7], a ^ b ^ c, "lop3 0x96 {ctx}");
        assert_eq!(out[8], (a & b) | (a & c) | (b & c), "lop3 0xE8 {ctx}");
    }
}

#[test]
fn carry_chains_match_wide_arithmetic() {
    // 96-bit add and subtract through .cc/addc/subc, and a 64x32 multiply with madc.
    let m = lift(&kernel(
        "ld.global.v4.u32 {%r1, %r2, %r3, %r4}, [%rd31];\nld.global.v2.u32 {%r5, %r6}, [%rd31+16];\n\
         add.cc.u32 %r10, %r1, %r4;\naddc.cc.u32 %r11, %r2, %r5;\naddc.u32 %r12, %r3, %r6;\n\
         sub.cc.u32 %r13, %r1, %r4;\nsubc.cc.u32 %r14, %r2, %r5;\nsubc.u32 %r15, %r3, %r6;\n\
         mul.lo.u32 %r16, %r1, %r4;\nmul.hi.u32 %r20, %r1, %r4;\n\
         mad.lo.cc.u32 %r17, %r2, %r4, %r20;\nmadc.hi.u32 %r18, %r2, %r4, 0;\n\
         st.global.v4.u32 [%rd30], {%r10, %r11, %r12, %r13};\n\
         st.global.v4.u32 [%rd30+16], {%r14, %r15, %r16, %r17};\nst.global.u32 [%rd30+32], %r18;",
    ));
    let mut rng = Rng(3);
    let edge = [0u32, 1, 0xffff_ffff, 0x8000_0000, 0x7fff_ffff];
    for round in 0..300 {
        let mut w = [0u32; 6];
        for (k, x) in w.iter_mut().enumerate() {
            *x = if round < 100 {
                edge[(round + k * 3) % 5]
            } else {
                rng.next() as u32
            };
        }
        let out = run1(&m, &w);
        let x = u128::from(w[0]) | (u128::from(w[1]) << 32) | (u128::from(w[2]) << 64);
        let y = u128::from(w[3]) | (u128::from(w[4]) << 32) | (u128::from(w[5]) << 64);
        let m96 = (1u128 << 96) - 1;
        let sum = (x + y) & m96;
        let diff = x.wrapping_sub(y) & m96;
        let got_sum = u128::from(out[0]) | (u128::from(out[1]) << 32) | (u128::from(out[2]) << 64);
        let got_diff = u128::from(out[3]) | (u128::from(out[4]) << 32) | (u128::from(out[5]) << 64);
        assert_eq!(got_sum, sum, "add {w:x?}");
        assert_eq!(got_diff, diff, "sub {w:x?}");
        let a = u128::from(w[0]) | (u128::from(w[1]) << 32);
        let prod = a * u128::from(w[3]);
        let got = u128::from(out[6]) | (u128::from(out[7]) << 32) | (u128::from(out[8]) << 64);
        assert_eq!(got, prod, "mul {w:x?}");
    }
}

#[test]
fn conversions_saturate_and_round() {
    let m = lift(&kernel(
        "ld.global.s32 %r1, [%rd31];\nld.global.f32 %f1, [%rd31+4];\nld.global.f64 %fd1, [%rd31+8];\n\
         cvt.sat.u8.s32 %r10, %r1;\ncvt.sat.s8.s32 %r11, %r1;\ncvt.sat.u16.s32 %r12, %r1;\n\
         cvt.s8.s32 %r13, %r1;\ncvt.u8.u32 %r14, %r1;\ncvt.rni.s32.f32 %r15, %f1;\n\
         cvt.rmi.s32.f32 %r16, %f1;\ncvt.rpi.s32.f32 %r17, %f1;\ncvt.rzi.s32.f32 %r18, %f1;\n\
         cvt.rzi.u32.f32 %r19, %f1;\ncvt.sat.f32.f32 %f2, %f1;\ncvt.rni.f32.f32 %f3, %f1;\n\
         cvt.rn.f32.f64 %f4, %fd1;\ncvt.rzi.s16.f32 %rs1, %f1;\ncvt.s32.s16 %r20, %rs1;\n\
         cvt.sat.s32.u32 %r21, %r1;\ncvt.u32.s8 %r22, %r1;\ncvt.s64.s32 %rd1, %r1;\n\
         cvt.u64.u32 %rd2, %r1;\ncvt.rn.f16.f32 %rs2, %f1;\ncvt.f32.f16 %f5, %rs2;\n\
         st.global.v4.u32 [%rd30], {%r10, %r11, %r12, %r13};\n\
         st.global.v4.u32 [%rd30+16], {%r14, %r15, %r16, %r17};\n\
         st.global.v4.u32 [%rd30+32], {%r18, %r19, %r20, %r21};\n\
         st.global.v4.f32 [%rd30+48], {%f2, %f3, %f4, %f5};\n\
         st.global.u32 [%rd30+64], %r22;\nst.global.u64 [%rd30+72], %rd1;\nst.global.u64 [%rd30+80], %rd2;",
    ));
    let ints = [
        0i32,
        1,
        -1,
        127,
        128,
        -128,
        -129,
        255,
        256,
        65535,
        65536,
        i32::MIN,
        i32::MAX,
        300,
        -300,
    ];
    let floats = [
        0.0f32,
        0.5,
        1.5,
        2.5,
        -0.5,
        -1.5,
        -2.7,
        3.99,
        1e10,
        -1e10,
        f32::NAN,
        0.3,
        1.0,
        70000.0,
        -40000.0,
    ];
    for (k, &i) in ints.iter().enumerate() {
        for &x in &floats {
            let d = f64::from(x) * 1.000001 + k as f64;
            let db = d.to_bits();
            let out = run1(&m, &[i as u32, x.to_bits(), db as u32, (db >> 32) as u32]);
            let ctx = format!("i={i} x={x} d={d}");
            assert_eq!(out[0], i.clamp(0, 255) as u32, "sat.u8 {ctx}");
            assert_eq!(out[1] as i32, i.clamp(-128, 127), "sat.s8 {ctx}");
            assert_eq!(out[2], i.clamp(0, 65535) as u32, "sat.u16 {ctx}");
            assert_eq!(out[3] as i32, i as i8 as i32, "s8 {ctx}");
            assert_eq!(out[4], i as u8 as u32, "u8 {ctx}");
            assert_eq!(out[5] as i32, x.round_ties_even() as i32, "rni {ctx}");
            assert_eq!(out[6] as i32, x.floor() as i32, "rmi {ctx}");
            assert_eq!(out[7] as i32, x.ceil() as i32, "rpi {ctx}");
            assert_eq!(out[8] as i32, x as i32, "rzi {ctx}");
            assert_eq!(out[9], x as u32, "rzi.u32 {ctx}");
            assert_eq!(out[10] as i32, i32::from(x as i16), "s16 {ctx}");
            assert_eq!(
                out[11],
                (i as u32).min(i32::MAX as u32),
                "sat.s32.u32 {ctx}"
            );
            let sat = if x.is_nan() { 0.0 } else { x.clamp(0.0, 1.0) };
            assert_eq!(
                f32::from_bits(out[12]).to_bits(),
                sat.to_bits(),
                "sat.f32 {ctx}"
            );
            if !x.is_nan() {
                assert_eq!(
                    f32::from_bits(out[13]),
                    x.round_ties_even(),
                    "rni.f32 {ctx}"
                );
            }
            assert_eq!(out[14], (d as f32).to_bits(), "f64->f32 {ctx}");
            if !x.is_nan() && x.abs() < 60000.0 {
                let h = f32::from_bits(out[15]);
                assert!(
                    (h - x).abs() <= x.abs() / 1024.0 + 1e-7,
                    "f16 round trip {ctx}: {h}"
                );
            }
            assert_eq!(out[16], i as i8 as i32 as u32, "u32.s8 {ctx}");
            let s64 = u64::from(out[18]) | (u64::from(out[19]) << 32);
            let u64v = u64::from(out[20]) | (u64::from(out[21]) << 32);
            assert_eq!(s64, i as i64 as u64, "s64.s32 {ctx}");
            assert_eq!(u64v, u64::from(i as u32), "u64.u32 {ctx}");
        }
    }
}

#[test]
fn setp_combinations_and_guards() {
    // setp.and/or with negated predicates, two-predicate destinations, guarded moves,
    // guarded stores and a guarded load from an invalid address (must not execute).
    let m = lift(&kernel(
        "ld.global.s32 %r1, [%rd31];\nld.global.s32 %r2, [%rd31+4];\nld.global.f32 %f1, [%rd31+8];\n\
         setp.lt.s32 %p1, %r1, %r2;\nsetp.gt.and.s32 %p2|%p3, %r1, 0, %p1;\n\
         setp.ne.or.s32 %p4, %r1, %r2, !%p1;\nsetp.ltu.f32 %p5, %f1, 0f00000000;\nsetp.nan.f32 %p6, %f1, %f1;\n\
         selp.u32 %r10, 1, 0, %p2;\nselp.u32 %r11, 1, 0, %p3;\nselp.u32 %r12, 1, 0, %p4;\n\
         selp.u32 %r13, 1, 0, %p5;\nselp.u32 %r14, 1, 0, %p6;\n\
         mov.u32 %r15, 100;\n@%p1 mov.u32 %r15, 200;\n@!%p1 add.s32 %r15, %r15, 5;\n\
         mov.u64 %rd5, 0;\nsetp.eq.s32 %p7, %r1, 12345;\n@%p7 ld.global.u32 %r16, [%rd5];\n@!%p7 mov.u32 %r16, 77;\n\
         @%p1 st.global.u32 [%rd30+24], %r1;\n\
         st.global.v4.u32 [%rd30], {%r10, %r11, %r12, %r13};\nst.global.u32 [%rd30+16], %r14;\n\
         st.global.u32 [%rd30+20], %r15;\nst.global.u32 [%rd30+28], %r16;",
    ));
    for (a, b) in [(1i32, 2i32), (5, 2), (-3, 4), (0, 0), (7, 7), (-1, -5)] {
        for x in [1.0f32, -1.0, f32::NAN] {
            let out = run1(&m, &[a as u32, b as u32, x.to_bits()]);
            let p1 = a < b;
            let cmp = a > 0;
            assert_eq!(out[0], u32::from(cmp && p1), "and");
            assert_eq!(out[1], u32::from(!cmp && p1), "and, second predicate");
            assert_eq!(out[2], u32::from(a != b || !p1), "or with !p");
            assert_eq!(out[3], u32::from(x.is_nan() || x < 0.0), "ltu");
            assert_eq!(out[4], u32::from(x.is_nan()), "nan");
            assert_eq!(out[5], if p1 { 200 } else { 105 }, "guarded moves");
            assert_eq!(out[6], if p1 { a as u32 } else { 0 }, "guarded store");
            assert_eq!(out[7], 77, "guarded load skipped");
        }
    }
    // With the guard true, the load from address 0 runs (and faults).
    let mut e = Eval::new(&m);
    let out = e.buffer(&[0u8; 64]);
    let inp = e.buffer(&words(&[12345, 0, 0]));
    let k = m.function_by_name("k").unwrap_or(FuncId(0));
    assert!(e.launch(k, [1; 3], [1; 3], &[out, inp]).is_err());
}

#[test]
fn vectors_pack_unpack_and_halves() {
    let m = lift(&kernel(
        "ld.global.v2.u32 {%r1, %r2}, [%rd31];\nmov.b64 %rd1, {%r1, %r2};\nmov.b64 {%r3, %r4}, %rd1;\n\
         mov.b32 {%rs1, %rs2}, %r1;\nmov.b32 %r5, {%rs2, %rs1};\n\
         add.rn.f16x2 %r6, %r1, %r2;\nmul.rn.f16 %rs3, %rs1, %rs2;\nmov.b32 {%rs4, _}, %r2;\n\
         cvt.rn.f16x2.f32 %r7, %f31, %f30;\n\
         st.global.u64 [%rd30], %rd1;\nst.global.v4.u32 [%rd30+8], {%r3, %r4, %r5, %r6};\n\
         st.global.b16 [%rd30+24], %rs3;\nst.global.b16 [%rd30+26], %rs4;\nst.global.u32 [%rd30+28], %r7;",
    ));
    let h = |x: f32| -> u32 {
        // f32 -> f16 bits for exactly representable values.
        let b = x.to_bits();
        let s = (b >> 16) & 0x8000;
        let e = ((b >> 23) & 0xff) as i32 - 127 + 15;
        if x == 0.0 {
            return s;
        }
        s | ((e as u32) << 10) | ((b >> 13) & 0x3ff)
    };
    let a = h(1.5) | (h(-2.0) << 16);
    let b = h(0.25) | (h(3.0) << 16);
    let out = run1(&m, &[a, b]);
    assert_eq!(out[0], a);
    assert_eq!(out[1], b);
    assert_eq!(out[2], a);
    assert_eq!(out[3], b);
    assert_eq!(out[4], a.rotate_left(16));
    assert_eq!(out[5], h(1.75) | (h(1.0) << 16), "f16x2 add");
    assert_eq!(out[6] & 0xffff, h(-3.0), "f16 mul of the two halves of a");
    assert_eq!(out[6] >> 16, b & 0xffff, "unpack with a sink");
}

#[test]
fn bit_counts_and_misc() {
    let m = lift(&kernel(
        "ld.global.u32 %r1, [%rd31];\nld.global.u64 %rd1, [%rd31+8];\nld.global.f32 %f1, [%rd31+16];\n\
         ld.global.f32 %f2, [%rd31+20];\n\
         popc.b32 %r10, %r1;\nclz.b32 %r11, %r1;\nbrev.b32 %r12, %r1;\nbfind.u32 %r13, %r1;\n\
         bfind.s32 %r14, %r1;\npopc.b64 %r15, %rd1;\nclz.b64 %r16, %rd1;\nbfind.shiftamt.u32 %r17, %r1;\n\
         copysign.f32 %f3, %f1, %f2;\ntestp.finite.f32 %p1, %f2;\nselp.u32 %r18, 1, 0, %p1;\n\
         slct.u32.s32 %r19, 10, 20, %r1;\nset.lt.u32.s32 %r20, %r1, 0;\ncnot.b32 %r21, %r1;\n\
         min.s32 %r22, %r1, 5;\nmax.u32 %r23, %r1, 5;\nshr.s32 %r24, %r1, 40;\nshl.b32 %r25, %r1, 33;\n\
         shr.u32 %r26, %r1, 3;\nabs.s32 %r27, %r1;\nnot.b32 %r28, %r1;\nrem.s32 %r29, %r1, 7;\n\
         st.global.v4.u32 [%rd30], {%r10, %r11, %r12, %r13};\n\
         st.global.v4.u32 [%rd30+16], {%r14, %r15, %r16, %r17};\n\
         st.global.f32 [%rd30+32], %f3;\nst.global.v4.u32 [%rd30+36], {%r18, %r19, %r20, %r21};\n\
         st.global.v4.u32 [%rd30+52], {%r22, %r23, %r24, %r25};\n\
         st.global.v4.u32 [%rd30+68], {%r26, %r27, %r28, %r29};",
    ));
    let mut rng = Rng(5);
    for round in 0..200 {
        let x = match round {
            0 => 0,
            1 => 0xffff_ffff,
            2 => 0x8000_0000,
            3 => 1,
            _ => (rng.next() as u32) >> rng.below(32),
        };
        let y = rng.next() >> rng.below(64);
        let (f1, f2) = (1.5f32, if round % 3 == 0 { -f32::INFINITY } else { -2.0 });
        let out = run1(
            &m,
            &[x, 0, y as u32, (y >> 32) as u32, f1.to_bits(), f2.to_bits()],
        );
        let s = x as i32;
        let bfind_u = if x == 0 {
            u32::MAX
        } else {
            31 - x.leading_zeros()
        };
        let sx = if s < 0 { !x } else { x };
        let bfind_s = if sx == 0 {
            u32::MAX
        } else {
            31 - sx.leading_zeros()
        };
        assert_eq!(out[0], x.count_ones());
        assert_eq!(out[1], x.leading_zeros());
        assert_eq!(out[2], x.reverse_bits());
        assert_eq!(out[3], bfind_u, "bfind.u32 {x:#x}");
        assert_eq!(out[4], bfind_s, "bfind.s32 {x:#x}");
        assert_eq!(out[5], y.count_ones());
        assert_eq!(out[6], y.leading_zeros());
        assert_eq!(
            out[7],
            if x == 0 { u32::MAX } else { x.leading_zeros() },
            "shiftamt"
        );
        assert_eq!(
            f32::from_bits(out[8]),
            f2.abs().copysign(f1),
            "copysign: |b| with the sign of a"
        );
        assert_eq!(out[9], u32::from(f2.is_finite()));
        assert_eq!(out[10], if s >= 0 { 10 } else { 20 });
        assert_eq!(out[11], if s < 0 { u32::MAX } else { 0 });
        assert_eq!(out[12], u32::from(x == 0));
        assert_eq!(out[13] as i32, s.min(5));
        assert_eq!(out[14], x.max(5));
        assert_eq!(out[15] as i32, s >> 31);
        assert_eq!(out[16], 0);
        assert_eq!(out[17], x >> 3);
        assert_eq!(out[18], s.unsigned_abs());
        assert_eq!(out[19], !x);
        assert_eq!(out[20] as i32, s % 7);
    }
}

#[test]
fn shuffle_predicates_follow_the_isa() {
    // Each thread computes the in-range predicate of its own lane (the evaluator's warp
    // is one thread wide, so only the predicate is meaningful).
    let m = lift(&kernel(
        "ld.global.u32 %r1, [%rd31];\nld.global.u32 %r2, [%rd31+4];\nmov.u32 %r3, %laneid;\n\
         mul.wide.u32 %rd1, %r3, 16;\nadd.s64 %rd2, %rd30, %rd1;\n\
         shfl.sync.up.b32 %r10|%p1, %r3, %r1, %r2, -1;\nshfl.sync.down.b32 %r11|%p2, %r3, %r1, %r2, -1;\n\
         shfl.sync.bfly.b32 %r12|%p3, %r3, %r1, %r2, -1;\nshfl.sync.idx.b32 %r13|%p4, %r3, %r1, %r2, -1;\n\
         selp.u32 %r20, 1, 0, %p1;\nselp.u32 %r21, 1, 0, %p2;\nselp.u32 %r22, 1, 0, %p3;\nselp.u32 %r23, 1, 0, %p4;\n\
         st.global.v4.u32 [%rd2], {%r20, %r21, %r22, %r23};",
    ));
    for (b, c) in [
        (1u32, 0u32),
        (1, 0x1f),
        (2, 0x181f),
        (5, 0x1f),
        (3, 0x1c1f),
        (17, 0x1f),
        (4, 0),
    ] {
        let out = run_words(&m, &[b, c], 32);
        for lane in 0..32u32 {
            let bval = b & 31;
            let cval = c & 31;
            let seg = (c >> 8) & 31;
            let max_lane = (lane & seg) | (cval & !seg);
            let min_lane = lane & seg;
            let up = (lane as i32 - bval as i32) >= max_lane as i32;
            let down = lane + bval <= max_lane;
            let bfly = (lane ^ bval) <= max_lane;
            let idx = (min_lane | (bval & !seg)) <= max_lane;
            let got = &out[lane as usize * 4..lane as usize * 4 + 4];
            assert_eq!(
                got,
                &[
                    u32::from(up),
                    u32::from(down),
                    u32::from(bfly),
                    u32::from(idx)
                ],
                "lane {lane} b={b} c={c:#x}"
            );
        }
    }
}

#[test]
fn loops_scopes_locals_and_calls() {
    let src = format!(
        "{HEADER}.const .align 4 .u32 tbl[4] = {{10, 20, 30, 40}};\n\
         .func (.param .b32 r) addmul(.param .b32 a, .param .align 4 .b8 s[8])\n{{\n\
         .reg .b32 %r<5>;\nld.param.b32 %r1, [a];\nld.param.b32 %r2, [s];\nld.param.b32 %r3, [s+4];\n\
         mad.lo.s32 %r4, %r1, %r2, %r3;\nst.param.b32 [r], %r4;\nret;\n}}\n\
         .func (.param .align 8 .b8 r[16]) pair(.param .b64 a)\n{{\n\
         .reg .b64 %rd<3>;\nld.param.b64 %rd1, [a];\nadd.s64 %rd2, %rd1, 1;\n\
         st.param.b64 [r], %rd2;\nst.param.b64 [r+8], %rd1;\nret;\n}}\n\
         .visible .entry k(.param .u64 k_out, .param .u64 k_in)\n{{\n\
         .local .align 4 .b8 __local_depot0[16];\n.reg .b64 %SP;\n.reg .b64 %SPL;\n\
         .reg .pred %p<4>;\n.reg .b32 %r<20>;\n.reg .b64 %rd<10>;\n\
         mov.u64 %SPL, __local_depot0;\ncvta.local.u64 %SP, %SPL;\n\
         ld.param.u64 %rd1, [k_out];\nld.param.u64 %rd2, [k_in];\ncvta.to.global.u64 %rd3, %rd1;\n\
         ld.global.u32 %r1, [%rd2];\nmov.u32 %r2, 0;\nmov.u32 %r3, 0;\n\
         $L__loop:\n{{\n.reg .b32 %t;\nadd.s32 %t, %r3, 1;\nadd.s32 %r2, %r2, %t;\nmov.u32 %r3, %t;\n}}\n\
         setp.lt.s32 %p1, %r3, %r1;\n@%p1 bra $L__loop;\n\
         st.global.u32 [%rd3], %r2;\n\
         st.local.u32 [%SPL], %r1;\nst.u32 [%SP+4], 5;\nld.local.u32 %r4, [%SPL+4];\n\
         ld.u32 %r5, [%SP];\nst.global.v2.u32 [%rd3+4], {{%r4, %r5}};\n\
         ld.const.u32 %r6, [tbl+8];\nmov.u64 %rd4, tbl;\nld.const.u32 %r7, [%rd4+12];\n\
         st.global.v2.u32 [%rd3+12], {{%r6, %r7}};\n\
         {{\n.param .b32 param0;\nst.param.b32 [param0], %r1;\n.param .align 4 .b8 param1[8];\n\
         st.param.b32 [param1], 3;\nst.param.b32 [param1+4], %r6;\n.param .b32 retval0;\n\
         call.uni (retval0), addmul, (param0, param1);\nld.param.b32 %r8, [retval0];\n}}\n\
         st.global.u32 [%rd3+20], %r8;\n\
         {{\n.param .b64 param0;\ncvt.u64.u32 %rd5, %r1;\nst.param.b64 [param0], %rd5;\n\
         .param .align 8 .b8 retval0[16];\ncall.uni (retval0), pair, (param0);\n\
         ld.param.b64 %rd6, [retval0];\nld.param.b64 %rd7, [retval0+8];\n}}\n\
         st.global.u64 [%rd3+24], %rd6;\nst.global.u64 [%rd3+32], %rd7;\n\
         ret;\n}}\n"
    );
    let m = lift(&src);
    for n in [1u32, 2, 5, 10] {
        let out = run1(&m, &[n]);
        assert_eq!(out[0], n * (n + 1) / 2, "loop with scoped register");
        assert_eq!(
            &out[1..3],
            &[5, n],
            "local depot through generic and local addresses"
        );
        assert_eq!(&out[3..5], &[30, 40], "const table");
        assert_eq!(out[5], n * 3 + 30, "call with scalar and array parameters");
        assert_eq!(&out[6..10], &[n + 1, 0, n, 0], "aggregate return");
    }
}

#[test]
fn guarded_returns_exits_and_traps() {
    let m = lift(&kernel(
        "ld.global.u32 %r1, [%rd31];\nsetp.eq.s32 %p1, %r1, 1;\nsetp.eq.s32 %p2, %r1, 2;\n\
         st.global.u32 [%rd30], 1;\n@%p1 ret;\nst.global.u32 [%rd30+4], 2;\n@%p2 exit;\n\
         setp.eq.s32 %p3, %r1, 3;\n@%p3 trap;\nst.global.u32 [%rd30+8], 3;",
    ));
    assert_eq!(&run1(&m, &[1])[..3], &[1, 0, 0]);
    assert_eq!(&run1(&m, &[2])[..3], &[1, 2, 0]);
    assert_eq!(&run1(&m, &[0])[..3], &[1, 2, 3]);
    let mut e = Eval::new(&m);
    let out = e.buffer(&[0u8; 64]);
    let inp = e.buffer(&3u32.to_le_bytes());
    let k = m.function_by_name("k").unwrap_or(FuncId(0));
    assert_eq!(
        e.launch(k, [1; 3], [1; 3], &[out, inp]),
        Err("trap".to_string())
    );
}

#[test]
fn loop_back_to_the_first_label() {
    // The first instruction is a branch target: the lifted entry block must stay free of
    // predecessors (a separate entry block jumps to the loop).
    let src = format!(
        "{HEADER}.visible .entry k(.param .u64 k_out, .param .u64 k_in)\n{{\n\
         .reg .pred %p<2>;\n.reg .b32 %r<4>;\n.reg .b64 %rd<3>;\n\
         $L_top:\nadd.s32 %r1, %r1, 3;\nadd.s32 %r2, %r2, 1;\nsetp.lt.u32 %p1, %r2, 5;\n@%p1 bra $L_top;\n\
         ld.param.u64 %rd1, [k_out];\nst.global.v2.u32 [%rd1], {{%r1, %r2}};\nret;\n}}\n"
    );
    let m = lift(&src);
    assert_eq!(&run1(&m, &[])[..2], &[15, 5]);
}

/// An `f32`/`f64` value as an exact integer multiple of 2^-scale.
fn exact_at(x: f64, scale: i32) -> i128 {
    if x == 0.0 {
        return 0;
    }
    let b = x.to_bits();
    let e = ((b >> 52) & 0x7ff) as i32 - 1075;
    let m = i128::from(b & ((1 << 52) - 1) | (1 << 52));
    let sh = e + scale;
    let v = if sh >= 0 {
        assert!(sh < 70, "{x} out of the oracle's range");
        m << sh
    } else {
        assert!(
            m & ((1 << -sh) - 1) == 0,
            "{x} not a multiple of 2^-{scale}"
        );
        m >> -sh
    };
    if x < 0.0 {
        -v
    } else {
        v
    }
}

/// The oracle's scale: inputs are multiples of 2^-62 (f64) or 2^-60 (the tiny f32).
const SCALE: i32 = 96;

fn exact(x: f64) -> i128 {
    exact_at(x, SCALE)
}

fn next32(x: f32, up: bool) -> f32 {
    if x == 0.0 {
        return if up {
            f32::from_bits(1)
        } else {
            -f32::from_bits(1)
        };
    }
    let b = x.to_bits();
    f32::from_bits(if (x > 0.0) == up { b + 1 } else { b - 1 })
}

fn next64(x: f64, up: bool) -> f64 {
    if x == 0.0 {
        return if up {
            f64::from_bits(1)
        } else {
            -f64::from_bits(1)
        };
    }
    let b = x.to_bits();
    f64::from_bits(if (x > 0.0) == up { b + 1 } else { b - 1 })
}

/// Directed rounding of the exact value `x` (scaled) given its round-to-nearest `t`.
fn directed<T: Copy>(x: i128, t: T, tx: i128, next: impl Fn(T, bool) -> T, mode: &str) -> T {
    match mode {
        "rm" if x < tx => next(t, false),
        "rp" if x > tx => next(t, true),
        "rz" if x > 0 && x < tx => next(t, false),
        "rz" if x < 0 && x > tx => next(t, true),
        _ => t,
    }
}

#[test]
fn directed_rounding_is_exact() {
    let mut body = String::from(
        "ld.global.v4.f32 {%f1, %f2, %f3, %f4}, [%rd31];\nld.global.v2.f64 {%fd1, %fd2}, [%rd31+16];\n\
         ld.global.s32 %r1, [%rd31+32];\nld.global.s64 %rd1, [%rd31+40];\n",
    );
    let mut k = 0;
    for m in ["rz", "rm", "rp"] {
        for (op, args) in [
            ("add", "%f1, %f2"),
            ("sub", "%f1, %f2"),
            ("mul", "%f1, %f2"),
            ("fma", "%f1, %f2, %f3"),
        ] {
            body += &format!(
                "{op}.{m}.f32 %f10, {args};\nst.global.f32 [%rd30+{}], %f10;\n",
                k * 4
            );
            k += 1;
        }
        body += &format!(
            "cvt.{m}.f32.f64 %f11, %fd1;\nst.global.f32 [%rd30+{}], %f11;\n",
            k * 4
        );
        k += 1;
        body += &format!(
            "cvt.{m}.f32.s32 %f12, %r1;\nst.global.f32 [%rd30+{}], %f12;\n",
            k * 4
        );
        k += 1;
        body += &format!(
            "cvt.{m}.f32.s64 %f13, %rd1;\nst.global.f32 [%rd30+{}], %f13;\n",
            k * 4
        );
        k += 1;
    }
    let f64_base = (k * 4usize).div_ceil(8) * 8;
    let mut j = 0;
    for m in ["rz", "rm", "rp"] {
        for op in ["add", "sub"] {
            body += &format!(
                "{op}.{m}.f64 %fd10, %fd1, %fd2;\nst.global.f64 [%rd30+{}], %fd10;\n",
                f64_base + j * 8
            );
            j += 1;
        }
    }
    let m = lift(&kernel(&body));
    let mut rng = Rng(17);
    let f32r = |rng: &mut Rng| -> f32 {
        let mant = (rng.next() >> 40) as u32 & 0x7f_ffff;
        let e = 127 + rng.below(21) as u32 - 10;
        let s = (rng.next() & 1) as u32;
        f32::from_bits((s << 31) | (e << 23) | mant)
    };
    let f64r = |rng: &mut Rng| -> f64 {
        let mant = rng.next() & ((1 << 52) - 1);
        let e = 1023 + rng.below(21) - 10;
        f64::from_bits(((rng.next() & 1) << 63) | (e << 52) | mant)
    };
    for round in 0..400 {
        let (mut a, mut b, c) = (f32r(&mut rng), f32r(&mut rng), f32r(&mut rng));
        if round < 4 {
            // A tiny addend far below the last place of the other (and of f64's).
            a = 1.0;
            b = if round % 2 == 0 {
                2f32.powi(-60)
            } else {
                -(2f32.powi(-60))
            };
        }
        let (da, db) = (f64r(&mut rng), f64r(&mut rng));
        let ri = (rng.next() as i32) >> rng.below(31);
        let rl = (rng.next() as i64) >> rng.below(63);
        let mut input = vec![a.to_bits(), b.to_bits(), c.to_bits(), 0];
        for d in [da, db] {
            input.push(d.to_bits() as u32);
            input.push((d.to_bits() >> 32) as u32);
        }
        input.push(ri as u32);
        input.push(0);
        input.push(rl as u32);
        input.push((rl >> 32) as u32);
        let out = run1(&m, &input);
        let ex = |x: f32| exact(f64::from(x));
        let mut k = 0;
        for mode in ["rz", "rm", "rp"] {
            let cases: [(i128, f32); 4] = [
                (ex(a) + ex(b), a + b),
                (ex(a) - ex(b), a - b),
                (
                    exact_at(f64::from(a), 36) * exact_at(f64::from(b), 60),
                    a * b,
                ),
                (
                    exact_at(f64::from(a), 36) * exact_at(f64::from(b), 60) + ex(c),
                    a.mul_add(b, c),
                ),
            ];
            for (n, (x, t)) in cases.into_iter().enumerate() {
                let want = directed(x, t, ex(t), next32, mode);
                let got = f32::from_bits(out[k]);
                assert_eq!(
                    got.to_bits(),
                    want.to_bits(),
                    "op {n} .{mode}: a={a:e} b={b:e} c={c:e} got {got:e} want {want:e}"
                );
                k += 1;
            }
            let t = da as f32;
            let want = directed(exact(da), t, ex(t), next32, mode);
            assert_eq!(out[k], want.to_bits(), "cvt.{mode}.f32.f64 {da:e}");
            k += 1;
            let t = ri as f32;
            let want = directed(i128::from(ri), t, t as i128, next32, mode);
            assert_eq!(out[k], want.to_bits(), "cvt.{mode}.f32.s32 {ri}");
            k += 1;
            let t = rl as f32;
            let want = directed(i128::from(rl), t, t as i128, next32, mode);
            assert_eq!(out[k], want.to_bits(), "cvt.{mode}.f32.s64 {rl}");
            k += 1;
        }
        let mut j = 0;
        for mode in ["rz", "rm", "rp"] {
            for (x, t) in [
                (exact(da) + exact(db), da + db),
                (exact(da) - exact(db), da - db),
            ] {
                let want = directed(x, t, exact(t), next64, mode);
                let at = f64_base / 4 + j * 2;
                let got = f64::from_bits(u64::from(out[at]) | (u64::from(out[at + 1]) << 32));
                assert_eq!(
                    got.to_bits(),
                    want.to_bits(),
                    "f64 op .{mode}: {da:e} {db:e}"
                );
                j += 1;
            }
        }
    }
}

#[test]
fn sad_and_dp4a() {
    let m = lift(&kernel(
        "ld.global.v4.u32 {%r1, %r2, %r3, %r4}, [%rd31];\n\
         sad.u32 %r10, %r1, %r2, %r3;\nsad.s32 %r11, %r1, %r2, %r3;\n\
         dp4a.u32.u32 %r12, %r1, %r2, %r3;\ndp4a.s32.s32 %r13, %r1, %r2, %r3;\ndp4a.s32.u32 %r14, %r1, %r2, %r3;\n\
         griddepcontrol.wait;\nst.global.v4.u32 [%rd30], {%r10, %r11, %r12, %r13};\nst.global.u32 [%rd30+16], %r14;",
    ));
    let mut rng = Rng(23);
    for _ in 0..200 {
        let (a, b, c) = (rng.next() as u32, rng.next() as u32, rng.next() as u32);
        let out = run1(&m, &[a, b, c, 0]);
        assert_eq!(out[0], c.wrapping_add(a.abs_diff(b)));
        assert_eq!(out[1], c.wrapping_add((a as i32).abs_diff(b as i32)));
        let dp = |sa: bool, sb: bool| -> u32 {
            let mut acc = c as i64;
            for k in 0..4 {
                let x = (a >> (8 * k)) as u8;
                let y = (b >> (8 * k)) as u8;
                let x = if sa { i64::from(x as i8) } else { i64::from(x) };
                let y = if sb { i64::from(y as i8) } else { i64::from(y) };
                acc += x * y;
            }
            acc as u32
        };
        assert_eq!(out[2], dp(false, false));
        assert_eq!(out[3], dp(true, true));
        assert_eq!(out[4], dp(true, false));
    }
}
