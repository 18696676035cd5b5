//! Throughput of the PTX frontend (parse + lift into verified-ready kernel IR) on
//! generated PTX: `cargo bench -p frontend --bench ptx_parse`.
//!
//! Two shapes of input, each of at least 50k instructions, in the style of clang's
//! output (loads/stores through `cvta` pointers, `fma`, `setp` + guarded branches,
//! loops, shared memory, shuffles, device-function calls):
//! * one kernel with ~2,000 blocks (stresses SSA construction across blocks);
//! * 500 small kernels (the common case: many modest functions).
//!
//! Prints MB/s and instructions/s for parse only, parse + lift, and parse + lift +
//! verify; `PTX_BENCH_ITERS` sets the iterations (default 5; the best is reported).

use std::fmt::Write;
use std::time::{Duration, Instant};

/// One segment of straight-line code plus a guarded skip and a loop back edge.
fn segment(out: &mut String, f: usize, k: usize, insts: &mut usize) {
    let r = |i: usize| (k * 7 + i) % 48 + 1;
    let l = |n: &str| format!("$L__BB{f}_{k}_{n}");
    let _ = writeln!(out, "{}:", l("head"));
    let lines = [
        format!("\tmul.wide.s32 \t%rd{}, %r{}, 4;", r(1), r(2)),
        format!("\tadd.s64 \t%rd{}, %rd50, %rd{};", r(3), r(1)),
        format!("\tld.global.f32 \t%f{}, [%rd{}];", r(4), r(3)),
        format!("\tld.global.f32 \t%f{}, [%rd{}+4];", r(5), r(3)),
        format!(
            "\tfma.rn.f32 \t%f{}, %f{}, %f{}, %f{};",
            r(6),
            r(4),
            r(5),
            r(7)
        ),
        format!("\tadd.s32 \t%r{}, %r{}, {};", r(8), r(2), k % 13 + 1),
        format!("\tsetp.lt.s32 \t%p1, %r{}, %r49;", r(8)),
        format!("\t@%p1 bra \t{};", l("skip")),
        format!("\tshl.b32 \t%r{}, %r{}, 2;", r(9), r(8)),
        format!("\tmov.u32 \t%r{}, %tid.x;", r(10)),
        format!("\tand.b32 \t%r{}, %r{}, 31;", r(11), r(10)),
        format!("\tshfl.sync.down.b32 \t%r{}, %r{}, 1, 31, -1;", r(12), r(9)),
        format!("\tcvt.rn.f32.s32 \t%f{}, %r{};", r(13), r(12)),
        format!("\tmul.rn.f32 \t%f{}, %f{}, 0f3F000000;", r(14), r(13)),
        format!("\tst.shared.f32 \t[sbuf+{}], %f{};", (k % 64) * 4, r(14)),
        format!("\tst.global.f32 \t[%rd{}+8], %f{};", r(3), r(6)),
        format!("{}:", l("skip")),
        format!("\tld.shared.f32 \t%f{}, [sbuf+{}];", r(15), (k % 32) * 4),
        format!("\tselp.f32 \t%f{}, %f{}, %f{}, %p1;", r(16), r(15), r(6)),
        format!("\tsetp.gt.u32 \t%p2, %r{}, %r{};", r(17), r(8)),
        format!("\tadd.s32 \t%r{}, %r{}, -1;", r(17), r(17)),
        format!("\t@%p2 bra \t{};", l("head")),
        format!("\txor.b32 \t%r{}, %r{}, %r{};", r(18), r(17), r(2)),
        format!("\tmax.s32 \t%r{}, %r{}, 0;", r(19), r(18)),
    ];
    for line in lines {
        out.push_str(&line);
        out.push('\n');
        if !line.ends_with(':') {
            *insts += 1;
        }
    }
}

fn kernel(out: &mut String, f: usize, segments: usize, insts: &mut usize) {
    let _ = writeln!(
        out,
        ".visible .entry k{f}(\n\t.param .u64 k{f}_param_0,\n\t.param .u32 k{f}_param_1\n)\n{{"
    );
    out.push_str("\t.reg .pred \t%p<3>;\n\t.reg .b32 \t%r<50>;\n\t.reg .f32 \t%f<50>;\n\t.reg .b64 \t%rd<51>;\n\n");
    let _ = writeln!(out, "\tld.param.u64 \t%rd49, [k{f}_param_0];");
    let _ = writeln!(out, "\tld.param.u32 \t%r49, [k{f}_param_1];");
    let _ = writeln!(out, "\tcvta.to.global.u64 \t%rd50, %rd49;");
    *insts += 3;
    for k in 0..segments {
        segment(out, f, k, insts);
    }
    out.push_str("\t{ // callseq\n\t.param .b32 param0;\n\tst.param.f32 \t[param0+0], %f6;\n\t.param .b32 retval0;\n\tcall.uni (retval0), \n\thelper, \n\t(\n\tparam0\n\t);\n\tld.param.f32 \t%f7, [retval0+0];\n\t}\n");
    out.push_str("\tst.global.f32 \t[%rd50], %f7;\n\tret;\n}\n");
    *insts += 5;
}

fn module(kernels: usize, segments: usize) -> (String, usize) {
    let mut out = String::from("//\n// Generated for the PTX frontend benchmark\n//\n\n.version 7.8\n.target sm_80\n.address_size 64\n\n.shared .align 4 .b8 sbuf[256];\n\n");
    out.push_str(".visible .func  (.param .b32 func_retval0) helper(\n\t.param .b32 helper_param_0\n)\n{\n\t.reg .f32 \t%f<3>;\n\tld.param.f32 \t%f1, [helper_param_0];\n\tmul.rn.f32 \t%f2, %f1, %f1;\n\tst.param.f32 \t[func_retval0+0], %f2;\n\tret;\n}\n");
    let mut insts = 4;
    for f in 0..kernels {
        kernel(&mut out, f, segments, &mut insts);
    }
    (out, insts)
}

fn best(iters: usize, mut f: impl FnMut()) -> Duration {
    let mut best = Duration::MAX;
    for _ in 0..iters {
        let t = Instant::now();
        f();
        best = best.min(t.elapsed());
    }
    best
}

fn main() {
    let iters: usize = std::env::var("PTX_BENCH_ITERS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(5);
    println!("| input | size | instructions | parse | parse+lift | parse+lift+verify |");
    println!("|---|---|---|---|---|---|");
    for (name, kernels, segments) in [
        ("1 kernel, 2,200 segments", 1, 2200),
        ("500 kernels x 5 segments", 500, 5),
    ] {
        let (text, insts) = module(kernels, segments);
        assert!(insts >= 50_000, "{insts} instructions");
        // Sanity: it lifts and verifies.
        let m = frontend::ptx::parse_ptx_str(&text, "bench.ptx").expect("bench PTX lifts");
        frontend::ir::verify::verify_module(&m).expect("bench PTX verifies");
        let mb = text.len() as f64 / 1e6;
        let parse = best(iters, || {
            let ast = frontend::ptx::parser::parse(&text, "bench.ptx").expect("parses");
            std::hint::black_box(ast.items.len());
        });
        let lift = best(iters, || {
            let m = frontend::ptx::parse_ptx_str(&text, "bench.ptx").expect("lifts");
            std::hint::black_box(m.functions.len());
        });
        let verify = best(iters, || {
            let m = frontend::ptx::parse_ptx_str(&text, "bench.ptx").expect("lifts");
            frontend::ir::verify::verify_module(&m).expect("verifies");
        });
        let cell = |d: Duration| {
            let s = d.as_secs_f64();
            format!(
                "{:.1} MB/s ({:.2} M inst/s, {:.1} ms)",
                mb / s,
                insts as f64 / s / 1e6,
                s * 1e3
            )
        };
        println!(
            "| {name} | {:.2} MB | {insts} | {} | {} | {} |",
            mb,
            cell(parse),
            cell(lift),
            cell(verify)
        );
    }
}
