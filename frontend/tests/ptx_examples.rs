//! The examples (`examples/<name>/` with `kernel.ptx`, `kernel.O2.ll`, `spec.toml` and
//! `inputs/*.npy`): every launch of the spec is run on the PTX translation and on the
//! `.ll` translation in the test evaluator (`ptx_support`), and the buffers must agree
//! byte for byte. Threads run one after another there, so this checks that the two
//! frontends agree, not CUDA's results (the `raise` CLI checks those end to end).

mod ptx_support;

use frontend::ir::{verify::verify_module, AbiArg, Module, Type};
use ptx_support::Eval;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn dtype_bytes(d: &str) -> Option<usize> {
    Some(match d {
        "f64" | "i64" | "u64" => 8,
        "f32" | "i32" | "u32" => 4,
        "f16" | "bf16" | "i16" | "u16" => 2,
        "i8" | "u8" | "bool" => 1,
        _ => return None,
    })
}

/// The data bytes of a `.npy` file (little-endian, C order assumed).
fn npy_data(path: &Path) -> Option<Vec<u8>> {
    let b = std::fs::read(path).ok()?;
    if b.len() < 10 || &b[..6] != b"\x93NUMPY" {
        return None;
    }
    let (len, start) = if b[6] == 1 {
        (usize::from(u16::from_le_bytes([b[8], b[9]])), 10)
    } else {
        (u32::from_le_bytes([b[8], b[9], b[10], b[11]]) as usize, 12)
    };
    b.get(start + len..).map(<[u8]>::to_vec)
}

struct Buffer {
    name: String,
    bytes: Vec<u8>,
    elem: usize,
    shape: Vec<u64>,
}

fn buffers(dir: &Path, spec: &toml::Table) -> Vec<Buffer> {
    let mut out = Vec::new();
    let Some(bufs) = spec.get("buffers").and_then(|b| b.as_table()) else {
        return out;
    };
    // Keep the spec's order (toml::Table is sorted; sort by first appearance instead).
    let text = std::fs::read_to_string(dir.join("spec.toml")).unwrap_or_default();
    let mut names: Vec<&String> = bufs.keys().collect();
    names.sort_by_key(|n| text.find(&format!("[buffers.{n}]")).unwrap_or(usize::MAX));
    for name in names {
        let t = &bufs[name];
        let dtype = t.get("dtype").and_then(|d| d.as_str()).unwrap_or("f32");
        let elem = dtype_bytes(dtype).unwrap_or(4);
        let shape: Vec<u64> = t
            .get("shape")
            .and_then(|s| s.as_array())
            .map(|a| {
                a.iter()
                    .filter_map(|x| x.as_integer())
                    .map(|x| x as u64)
                    .collect()
            })
            .unwrap_or_default();
        let n: u64 = shape.iter().product();
        let size = n as usize * elem;
        let mut bytes =
            npy_data(&dir.join("inputs").join(format!("{name}.npy"))).unwrap_or_default();
        bytes.resize(size, 0);
        out.push(Buffer {
            name: name.clone(),
            bytes,
            elem,
            shape,
        });
    }
    out
}

fn dims(v: Option<&toml::Value>) -> [u32; 3] {
    let mut d = [1u32; 3];
    if let Some(a) = v.and_then(|v| v.as_array()) {
        for (k, x) in a.iter().take(3).enumerate() {
            d[k] = x.as_integer().unwrap_or(1) as u32;
        }
    }
    d
}

/// Run every launch of the spec; gives the final bytes of every buffer.
fn run(m: &Module, dir: &Path, spec: &toml::Table) -> Result<Vec<Vec<u8>>, String> {
    let bufs = buffers(dir, spec);
    let mut e = Eval::new(m);
    let addrs: BTreeMap<String, u64> = bufs
        .iter()
        .map(|b| (b.name.clone(), e.buffer(&b.bytes)))
        .collect();
    let launches = spec
        .get("launch")
        .and_then(|l| l.as_array())
        .cloned()
        .unwrap_or_default();
    for l in &launches {
        let name = l.get("kernel").and_then(|k| k.as_str()).unwrap_or("");
        let k = m.find_kernel(name).map_err(|e| e.to_string())?;
        let f = m.function(k);
        let args = l
            .get("args")
            .and_then(|a| a.as_array())
            .cloned()
            .unwrap_or_default();
        if args.len() != f.abi.len() {
            return Err(format!(
                "{name}: {} args for {} ABI arguments",
                args.len(),
                f.abi.len()
            ));
        }
        let mut params = vec![0u64; f.params.len()];
        for (a, abi) in args.iter().zip(&f.abi) {
            match abi {
                AbiArg::Param(p) => {
                    let ty = f.value_type(f.params[*p as usize]);
                    params[*p as usize] = match a {
                        toml::Value::String(s) => *addrs.get(s).ok_or(format!("no buffer {s}"))?,
                        toml::Value::Integer(i) => *i as u64,
                        toml::Value::Float(x) => match ty {
                            Type::F32 => u64::from((*x as f32).to_bits()),
                            _ => x.to_bits(),
                        },
                        toml::Value::Boolean(b) => u64::from(*b),
                        _ => return Err(format!("{name}: unsupported argument {a}")),
                    };
                }
                AbiArg::NumbaArray { first, ndim } => {
                    let s = a.as_str().ok_or("array argument must name a buffer")?;
                    let b = bufs
                        .iter()
                        .find(|b| b.name == s)
                        .ok_or(format!("no buffer {s}"))?;
                    let first = *first as usize;
                    let nd = *ndim as usize;
                    let n: u64 = b.shape.iter().product();
                    params[first + 2] = n;
                    params[first + 3] = b.elem as u64;
                    params[first + 4] = addrs[s];
                    let mut stride = b.elem as u64;
                    for d in (0..nd).rev() {
                        let extent = b.shape.get(d).copied().unwrap_or(1);
                        params[first + 5 + d] = extent;
                        params[first + 5 + nd + d] = stride;
                        stride *= extent;
                    }
                }
            }
        }
        e.launch(k, dims(l.get("grid")), dims(l.get("block")), &params)?;
    }
    Ok(bufs
        .iter()
        .map(|b| e.read(addrs[&b.name], b.bytes.len()))
        .collect())
}

fn example_dirs() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples");
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(&root)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.join("kernel.ptx").exists() && p.join("spec.toml").exists())
        .collect();
    dirs.sort();
    dirs
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
        let spec: toml::Table =
            match std::fs::read_to_string(dir.join("spec.toml")).map(|t| t.parse()) {
                Ok(Ok(t)) => t,
                _ => {
                    problems.push(format!("{name}: unreadable spec.toml"));
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
        let llp = ["kernel.O2.ll", "kernel.ll"]
            .iter()
            .map(|f| dir.join(f))
            .find(|p| p.exists());
        let Some(llp) = llp else { continue };
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
