//! Differential test of raising: a few hundred random small kernels, built directly in the
//! kernel IR (straight-line integer code, loads, diamonds with block parameters, counted and
//! data-dependent loops, do-while loops, early returns, shared memory with barriers in
//! uniform control flow, switches), are raised and run on both interpreters; the output buffers (or
//! the error codes) must be identical. A small deterministic PRNG (xorshift) drives it.
//! The generator lives in `kgen/int.rs` (shared with the float-program generator of
//! `kgen/float.rs`).

mod kgen;

use frontend::interp::{LaunchConfig, Memory};
use frontend::ir::Module;
use kgen::int::{generate, BLOCKS, IN_LEN, SLOTS, THREADS};

/// Runs both interpreters; gives whether the launch succeeded (on both) and whether the
/// raised kernel has a `for`, a `while` and a barrier.
fn run_both(module: &Module, seed: u64) -> Result<Option<(bool, [bool; 3])>, String> {
    let kernel = frontend::ir::FuncId(0);
    frontend::ir::verify::verify_module(module).map_err(|e| format!("generator bug: {e}"))?;
    let raised = match parallel_ir::raise_kernel(module, kernel) {
        Ok(k) => k,
        // A named refusal is allowed (the driver falls back); anything else is a bug.
        Err(e) if e.code == "unsupported-control-flow" => return Ok(None),
        Err(e) => return Err(format!("raise: {e}")),
    };
    let config = LaunchConfig {
        grid: [BLOCKS, 1, 1],
        block: [THREADS, 1, 1],
        dynamic_shared_bytes: 0,
    };
    let input: Vec<u8> = (0..IN_LEN)
        .flat_map(|i| ((i.wrapping_mul(2654435761) ^ seed as u32) as i32).to_le_bytes())
        .collect();
    let out_len = (THREADS * BLOCKS * SLOTS * 4) as usize;
    let n = seed % 7;
    let mut results = Vec::new();
    for which in 0..2 {
        let mut mem = Memory::new(module);
        mem.set_max_steps(10_000_000);
        let o = mem.add_buffer("out", vec![0xAB; out_len]);
        let i = mem.add_buffer("in", input.clone());
        let params = [o, i, n];
        let r = if which == 0 {
            frontend::interp::launch(module, kernel, &config, &params, &mut mem)
        } else {
            parallel_ir::interp::launch(module, &raised, &config, &params, &mut mem)
        };
        results.push(match r {
            Ok(()) => Ok(mem.buffer(o).map(|b| b.to_vec()).unwrap_or_default()),
            Err(e) => Err(e.code),
        });
    }
    let text = parallel_ir::print::print_kernel(&raised);
    let shape = [
        text.contains(" for "),
        text.contains(" while "),
        text.contains("barrier"),
    ];
    if results[0] != results[1] {
        let show = |r: &Result<Vec<u8>, &str>| match r {
            Ok(b) => format!("{:?}", &b[..b.len().min(64)]),
            Err(c) => format!("error {c}"),
        };
        return Err(format!(
            "kernel interp: {}\nparallel interp: {}\n{}",
            show(&results[0]),
            show(&results[1]),
            text
        ));
    }
    Ok(Some((results[0].is_ok(), shape)))
}

#[test]
fn random_kernels_agree_on_both_interpreters() {
    let count: u64 = std::env::var("PIR_DIFF_COUNT")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(400);
    let mut failures = Vec::new();
    let (mut ok, mut fors, mut whiles, mut barriers, mut refused) = (0, 0, 0, 0, 0);
    for seed in 1..=count {
        let module = generate(seed);
        match run_both(&module, seed) {
            Ok(None) => refused += 1,
            Ok(Some((success, shape))) => {
                ok += usize::from(success);
                fors += usize::from(shape[0]);
                whiles += usize::from(shape[1]);
                barriers += usize::from(shape[2]);
            }
            Err(e) => {
                failures.push(format!(
                    "seed {seed}: {e}\n{}",
                    frontend::ir::print::print_module(&module)
                ));
                if failures.len() >= 3 {
                    break;
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    println!("{count} kernels: {refused} refused (unsupported-control-flow), {ok} ran without error, {fors} with for, {whiles} with while, {barriers} with barriers");
    assert!(
        refused * 10 <= count as usize,
        "{refused} of {count} kernels refused"
    );
    // The generator must exercise what it claims to.
    assert!(
        ok * 10 >= count as usize * 9,
        "only {ok} of {count} kernels ran"
    );
    assert!(fors * 5 >= count as usize && whiles * 20 >= count as usize);
    assert!(barriers * 5 >= count as usize);
}

/// Runs a float program (`kgen::float`) on one interpreter: the final buffers, or the
/// error.
fn run_float_program(
    p: &kgen::float::Program,
    parallel: bool,
    raised: &mut std::collections::HashMap<String, parallel_ir::ir::Kernel>,
) -> Result<Vec<Vec<u8>>, String> {
    let mut mem = Memory::new(&p.module);
    mem.set_max_steps(50_000_000);
    let bases: Vec<u64> = p
        .buffers
        .iter()
        .map(|b| mem.add_buffer(&b.name, b.data.clone()))
        .collect();
    for l in &p.launches {
        let kernel = p
            .module
            .function_by_name(&l.kernel)
            .ok_or("generator bug: no kernel")?;
        let config = LaunchConfig {
            grid: l.grid,
            block: l.block,
            dynamic_shared_bytes: 0,
        };
        let params = p.params(l, &bases);
        let r = if parallel {
            let k = match raised.get(&l.kernel) {
                Some(k) => k,
                None => {
                    let k = parallel_ir::raise_kernel(&p.module, kernel)
                        .map_err(|e| format!("raise {}: {e}", l.kernel))?;
                    raised.entry(l.kernel.clone()).or_insert(k)
                }
            };
            parallel_ir::interp::launch(&p.module, k, &config, &params, &mut mem)
        } else {
            frontend::interp::launch(&p.module, kernel, &config, &params, &mut mem)
        };
        r.map_err(|e| format!("launch {}: {e}", l.kernel))?;
    }
    Ok(bases
        .iter()
        .map(|&b| mem.buffer(b).map(<[u8]>::to_vec).unwrap_or_default())
        .collect())
}

/// Whether two float buffers agree: bit for bit, or (buffers that float atomics update,
/// whose rounding depends on the order of the adds) within `1e-4` relative to the
/// buffer's largest magnitude.
fn float_buffers_agree(a: &[u8], b: &[u8], elem: kgen::float::Elem, atomic: bool) -> bool {
    if a == b {
        return true;
    }
    if !atomic || a.len() != b.len() {
        return false;
    }
    let vals = |x: &[u8]| -> Vec<f64> {
        match elem {
            kgen::float::Elem::F64 => x
                .chunks_exact(8)
                .map(|c| f64::from_le_bytes(c.try_into().unwrap_or([0; 8])))
                .collect(),
            _ => x
                .chunks_exact(4)
                .map(|c| f64::from(f32::from_le_bytes(c.try_into().unwrap_or([0; 4]))))
                .collect(),
        }
    };
    let (va, vb) = (vals(a), vals(b));
    let scale = vb.iter().fold(1.0f64, |m, v| m.max(v.abs()));
    va.iter()
        .zip(&vb)
        .all(|(x, y)| (x - y).abs() <= 1e-4 * scale)
}

/// Random float launch programs (`kgen/float.rs`: stencils, boundaries, shared-memory
/// staging, tree reductions, counted and CSR loops, atomics, multi-launch ping-pong and
/// in-place programs) run on both interpreters: the final buffers must be identical (bit
/// for bit; buffers updated by float atomics within rounding). `PIR_FLOAT_COUNT` (or
/// `RAISE_DIFF_CASES`, as in `raise/tests/differential_cpu.rs`) programs, default 500
/// (about 4 s in release on two cores); `PIR_FLOAT_SEED=s` (or `RAISE_DIFF_SEED`) runs
/// only seed `s` and prints its program.
#[test]
fn random_float_programs_agree_on_both_interpreters() {
    let env = |names: &[&str]| -> Option<u64> {
        names
            .iter()
            .find_map(|n| std::env::var(n).ok().and_then(|s| s.parse().ok()))
    };
    let count = env(&["PIR_FLOAT_COUNT", "RAISE_DIFF_CASES"]).unwrap_or(500);
    let seeds: Vec<u64> = match env(&["PIR_FLOAT_SEED", "RAISE_DIFF_SEED"]) {
        Some(s) => vec![s],
        None => (1..=count).collect(),
    };
    let mut failures = Vec::new();
    let mut launches = 0;
    for &seed in &seeds {
        let p = kgen::float::generate(seed);
        if seeds.len() == 1 {
            println!("{}", p.describe());
        }
        if let Err(e) = frontend::ir::verify::verify_module(&p.module) {
            failures.push(format!("generator bug (verifier: {e})\n{}", p.describe()));
            continue;
        }
        let mut raised = std::collections::HashMap::new();
        let want = match run_float_program(&p, false, &mut raised) {
            Ok(w) => w,
            Err(e) => {
                failures.push(format!("generator bug (interp: {e})\n{}", p.describe()));
                continue;
            }
        };
        let got = match run_float_program(&p, true, &mut raised) {
            Ok(g) => g,
            Err(e) => {
                failures.push(format!("parallel interp: {e}\n{}", p.describe()));
                continue;
            }
        };
        launches += p.launches.len();
        for (i, b) in p.buffers.iter().enumerate() {
            if !float_buffers_agree(&got[i], &want[i], b.elem, p.atomic_float[i]) {
                failures.push(format!("buffer {} differs\n{}", b.name, p.describe()));
                break;
            }
        }
        if failures.len() >= 3 {
            break;
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    println!("{} float programs, {launches} launches", seeds.len());
}
