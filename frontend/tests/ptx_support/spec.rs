//! Example specs (`examples/<name>/spec.toml` + `inputs/*.npy`) for the PTX tests.

#![allow(dead_code)]

use frontend::ir::{AbiArg, FuncId, Function, Module, Type};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

pub fn dtype_bytes(d: &str) -> Option<usize> {
    Some(match d {
        "f64" | "i64" | "u64" => 8,
        "f32" | "i32" | "u32" => 4,
        "f16" | "bf16" | "i16" | "u16" => 2,
        "i8" | "u8" | "bool" => 1,
        _ => return None,
    })
}

/// The data bytes of a `.npy` file (little-endian, C order assumed).
pub fn npy_data(path: &Path) -> Option<Vec<u8>> {
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

pub struct Buffer {
    pub name: String,
    pub bytes: Vec<u8>,
    pub elem: usize,
    pub shape: Vec<u64>,
}

pub fn buffers(dir: &Path, spec: &toml::Table) -> Vec<Buffer> {
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

pub fn dims(v: Option<&toml::Value>) -> [u32; 3] {
    let mut d = [1u32; 3];
    if let Some(a) = v.and_then(|v| v.as_array()) {
        for (k, x) in a.iter().take(3).enumerate() {
            d[k] = x.as_integer().unwrap_or(1) as u32;
        }
    }
    d
}

/// One launch of a spec, bound: the kernel, grid, block, dynamic shared bytes and the
/// kernel parameters.
pub struct Launch {
    pub kernel: FuncId,
    pub grid: [u32; 3],
    pub block: [u32; 3],
    pub shared_bytes: u64,
    pub params: Vec<u64>,
}

/// Every launch of `spec` in order, bound to the buffers `bufs` at `addrs`.
pub fn launches(
    m: &Module,
    spec: &toml::Table,
    bufs: &[Buffer],
    addrs: &BTreeMap<String, u64>,
) -> Result<Vec<Launch>, String> {
    let launches = spec
        .get("launch")
        .and_then(|l| l.as_array())
        .cloned()
        .unwrap_or_default();
    let mut out = Vec::new();
    for l in &launches {
        let name = l.get("kernel").and_then(|k| k.as_str()).unwrap_or("");
        let k = m.find_kernel(name).map_err(|e| e.to_string())?;
        let args = l
            .get("args")
            .and_then(|a| a.as_array())
            .cloned()
            .unwrap_or_default();
        out.push(Launch {
            kernel: k,
            grid: dims(l.get("grid")),
            block: dims(l.get("block")),
            shared_bytes: l
                .get("shared_bytes")
                .and_then(|s| s.as_integer())
                .unwrap_or(0) as u64,
            params: bind(m.function(k), &args, bufs, addrs)?,
        });
    }
    Ok(out)
}

/// The kernel parameters of one launch: buffers by address, scalars by the parameter's
/// type, Numba arrays expanded to their `5 + 2 * ndim` parameters.
pub fn bind(
    f: &Function,
    args: &[toml::Value],
    bufs: &[Buffer],
    addrs: &BTreeMap<String, u64>,
) -> Result<Vec<u64>, String> {
    if args.len() != f.abi.len() {
        return Err(format!(
            "{}: {} args for {} ABI arguments",
            f.name,
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
                    _ => return Err(format!("unsupported argument {a}")),
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
    Ok(params)
}

/// Example directories with a PTX kernel and a spec, sorted.
pub fn example_dirs() -> Vec<PathBuf> {
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

pub fn load_spec(dir: &Path) -> Result<toml::Table, String> {
    let text = std::fs::read_to_string(dir.join("spec.toml")).map_err(|e| e.to_string())?;
    text.parse().map_err(|e: toml::de::Error| e.to_string())
}

/// The `.ll` file next to an example's PTX.
pub fn ll_of(dir: &Path) -> Option<PathBuf> {
    ["kernel.O2.ll", "kernel.ll"]
        .iter()
        .map(|f| dir.join(f))
        .find(|p| p.exists())
}
