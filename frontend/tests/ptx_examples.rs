//! The examples (`examples/<name>/` with `kernel.ptx`, `kernel.O2.ll`, `spec.toml` and
//! `inputs/*.npy`): every launch of the spec is run on the PTX translation and on the
//! `.ll` translation in the test evaluator (`ptx_support`), and the buffers must agree
//! byte for byte. Threads run one after another there, so this checks that the two
//! frontends agree, not CUDA's results (`ptx_interp` does that with the interpreter, and
//! the `raise` CLI end to end).

mod ptx_support;

use frontend::ir::{verify::verify_module, Module};
use ptx_support::spec::{buffers, example_dirs, launches, ll_of, load_spec};
use ptx_support::Eval;
use std::collections::BTreeMap;
use std::path::Path;

/// Run every launch of the spec; gives the final bytes of every buffer.
fn run(m: &Module, dir: &Path, spec: &toml::Table) -> Result<Vec<Vec<u8>>, String> {
    let bufs = buffers(dir, spec);
    let mut e = Eval::new(m);
    let addrs: BTreeMap<String, u64> = bufs
        .iter()
        .map(|b| (b.name.clone(), e.buffer(&b.bytes)))
        .collect();
    for l in launches(m, spec, &bufs, &addrs)? {
        e.launch(l.kernel, l.grid, l.block, &l.params)?;
    }
    Ok(bufs
        .iter()
        .map(|b| e.read(addrs[&b.name], b.bytes.len()))
        .collect())
}

#[test]
fn examples_ptx_and_ll_agree() {
    let mut compared = 0;
    let mut problems = Vec::new();
    for dir in example_dirs() {
        let name = dir
            .file_name()
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_default();
        let spec = match load_spec(&dir) {
            Ok(t) => t,
            Err(e) => {
                problems.push(format!("{name}: spec.toml: {e}"));
                continue;
            }
        };
        let ptx_text = std::fs::read_to_string(dir.join("kernel.ptx")).unwrap_or_default();
        let ptx = match frontend::ptx::parse_ptx_str(&ptx_text, &format!("{name}/kernel.ptx")) {
            Ok(m) => m,
            Err(e) => {
                problems.push(e.to_string());
                continue;
            }
        };
        if let Err(e) = verify_module(&ptx) {
            problems.push(e.to_string());
            continue;
        }
        let Some(llp) = ll_of(&dir) else { continue };
        let Ok(ll) = frontend::ll::parse_ll_file(&llp) else {
            eprintln!("skipped {name}: the .ll frontend cannot read it");
            continue;
        };
        match (run(&ll, &dir, &spec), run(&ptx, &dir, &spec)) {
            (Ok(a), Ok(b)) => {
                for (k, (x, y)) in a.iter().zip(&b).enumerate() {
                    if x != y {
                        let pos = x.iter().zip(y).position(|(p, q)| p != q).unwrap_or(0);
                        problems.push(format!("{name}: buffer {k} differs first at byte {pos}"));
                    }
                }
                compared += 1;
            }
            (Err(a), Err(b)) if a == b => {
                eprintln!("skipped {name}: both fail in the evaluator: {a}");
            }
            (a, b) => problems.push(format!("{name}: .ll {:?} vs .ptx {:?}", a.err(), b.err())),
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    eprintln!("{compared} examples compared");
}
