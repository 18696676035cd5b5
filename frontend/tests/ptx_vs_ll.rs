//! Cross-check of the two frontends: the same CUDA kernels, compiled by clang-19 to LLVM
//! IR (read by the `.ll` frontend) and to PTX (read by the `.ptx` frontend), run on the
//! same inputs in the test evaluator must leave the same bytes in every buffer.
//!
//! Threads run one after another in the evaluator (see `ptx_support`), which is not
//! CUDA's schedule for kernels with barriers or warp operations, but it is the same
//! deterministic schedule for both translations, so any difference is a lifting bug.

mod ptx_support;

use frontend::ir::{verify::verify_module, Module};
use ptx_support::{Eval, Rng};
use std::path::{Path, PathBuf};

#[derive(Clone, Copy, Debug)]
enum Fill {
    Zero,
    /// Small floats (multiples of 1/8 in [-8, 8)).
    F32,
    F64,
    /// Integers in [0, 100).
    I32,
    I64,
    Bytes,
    F16,
    BF16,
}

#[derive(Clone, Debug)]
enum Arg {
    Buf(Fill),
    /// Raw bytes passed by pointer (a struct passed by value).
    Byval(Vec<u8>),
    Int(u64),
    F32(f32),
    F64(f64),
}

const BUF: usize = 8192;

fn fill(kind: Fill, rng: &mut Rng) -> Vec<u8> {
    let mut out = Vec::with_capacity(BUF);
    while out.len() < BUF {
        let r = rng.next();
        match kind {
            Fill::Zero => out.extend_from_slice(&[0; 4]),
            Fill::F32 => {
                out.extend_from_slice(&((r % 128) as f32 / 8.0 - 8.0).to_bits().to_le_bytes())
            }
            Fill::F64 => {
                out.extend_from_slice(&((r % 128) as f64 / 8.0 - 8.0).to_bits().to_le_bytes())
            }
            Fill::I32 => out.extend_from_slice(&((r % 100) as u32).to_le_bytes()),
            Fill::I64 => out.extend_from_slice(&(r % 100).to_le_bytes()),
            Fill::Bytes => out.push(r as u8),
            Fill::F16 => {
                // Halves of the form (k - 64) / 8: exponent and mantissa built directly.
                let v = (r % 128) as f32 / 8.0 - 8.0;
                let b = v.to_bits();
                let h: u16 = if v == 0.0 {
                    0
                } else {
                    let s = ((b >> 16) & 0x8000) as u16;
                    let e = (((b >> 23) & 0xff) as i32 - 127 + 15) as u16;
                    s | (e << 10) | ((b >> 13) & 0x3ff) as u16
                };
                out.extend_from_slice(&h.to_le_bytes());
            }
            Fill::BF16 => {
                let v = (r % 128) as f32 / 8.0 - 8.0;
                out.extend_from_slice(&((v.to_bits() >> 16) as u16).to_le_bytes());
            }
        }
    }
    out.truncate(BUF);
    out
}

struct Case {
    file: &'static str,
    kernel: &'static str,
    grid: [u32; 3],
    block: [u32; 3],
    args: Vec<Arg>,
}

fn case(
    file: &'static str,
    kernel: &'static str,
    grid: [u32; 3],
    block: [u32; 3],
    args: Vec<Arg>,
) -> Case {
    Case {
        file,
        kernel,
        grid,
        block,
        args,
    }
}

fn cases() -> Vec<Case> {
    use Arg::*;
    use Fill as Fi;
    let params = {
        // struct Params { int n; float scale; float2 off; }
        let mut b = Vec::new();
        b.extend_from_slice(&40i32.to_le_bytes());
        b.extend_from_slice(&1.5f32.to_bits().to_le_bytes());
        b.extend_from_slice(&0.25f32.to_bits().to_le_bytes());
        b.extend_from_slice(&(-2.0f32).to_bits().to_le_bytes());
        b
    };
    vec![
        case(
            "saxpy",
            "saxpy",
            [2, 1, 1],
            [64, 1, 1],
            vec![Int(100), F32(1.5), Buf(Fi::F32), Buf(Fi::F32)],
        ),
        case(
            "hist",
            "hist",
            [2, 1, 1],
            [64, 1, 1],
            vec![Buf(Fi::Bytes), Int(1000), Buf(Fi::Zero)],
        ),
        case(
            "hist",
            "amax",
            [2, 1, 1],
            [64, 1, 1],
            vec![Buf(Fi::I32), Int(100), Buf(Fi::Zero)],
        ),
        case(
            "matmul",
            "matmul",
            [2, 2, 1],
            [16, 16, 1],
            vec![Buf(Fi::F32), Buf(Fi::F32), Buf(Fi::Zero), Int(20)],
        ),
        case(
            "structs",
            "lists",
            [1, 1, 1],
            [8, 1, 1],
            vec![Buf(Fi::Zero), Buf(Fi::Zero), Int(3)],
        ),
        case(
            "structs",
            "bubble",
            [1, 1, 1],
            [8, 1, 1],
            vec![Buf(Fi::I32)],
        ),
        case(
            "structs",
            "casloop",
            [1, 1, 1],
            [4, 1, 1],
            vec![Buf(Fi::I32)],
        ),
        case(
            "vec",
            "vadd4",
            [1, 1, 1],
            [64, 1, 1],
            vec![Buf(Fi::F32), Buf(Fi::F32), Buf(Fi::Zero), Byval(params)],
        ),
        case(
            "vec",
            "extvec",
            [1, 1, 1],
            [8, 1, 1],
            vec![Buf(Fi::F32), Int(2)],
        ),
        case(
            "vec",
            "half_k",
            [1, 1, 1],
            [8, 1, 1],
            vec![Buf(Fi::F16), Buf(Fi::BF16)],
        ),
        case(
            "warp",
            "reduce",
            [2, 1, 1],
            [64, 1, 1],
            vec![Buf(Fi::F32), Buf(Fi::Zero), Int(200)],
        ),
        case("warp", "xorbits", [1, 1, 1], [32, 1, 1], vec![Buf(Fi::I32)]),
        case(
            "ldg",
            "k",
            [1, 1, 1],
            [32, 1, 1],
            vec![Buf(Fi::F32), Buf(Fi::F32), Buf(Fi::Zero)],
        ),
        case(
            "ops",
            "atomics",
            [1, 1, 1],
            [32, 1, 1],
            vec![
                Buf(Fi::I32),
                Buf(Fi::I32),
                Buf(Fi::F32),
                Buf(Fi::F64),
                Buf(Fi::I64),
            ],
        ),
        case(
            "ops",
            "shared_atomics",
            [2, 1, 1],
            [64, 1, 1],
            vec![Buf(Fi::Bytes), Buf(Fi::Zero), Int(500)],
        ),
        case(
            "ops",
            "warp_ops",
            [1, 1, 1],
            [32, 1, 1],
            vec![Buf(Fi::I32), Buf(Fi::F32)],
        ),
        case(
            "ops",
            "bits",
            [1, 1, 1],
            [32, 1, 1],
            vec![Buf(Fi::Bytes), Buf(Fi::Bytes), Buf(Fi::Bytes)],
        ),
        case(
            "ops",
            "convs",
            [1, 1, 1],
            [32, 1, 1],
            vec![
                Buf(Fi::F32),
                Buf(Fi::F64),
                Buf(Fi::I32),
                Buf(Fi::I32),
                Buf(Fi::I64),
                Buf(Fi::I64),
                Buf(Fi::Bytes),
                Buf(Fi::Bytes),
                Buf(Fi::Bytes),
            ],
        ),
        case(
            "ops",
            "floats",
            [1, 1, 1],
            [32, 1, 1],
            vec![Buf(Fi::F32), Buf(Fi::F64)],
        ),
        case(
            "ops",
            "halves",
            [1, 1, 1],
            [8, 1, 1],
            vec![Buf(Fi::F16), Buf(Fi::F16), Buf(Fi::BF16)],
        ),
        case(
            "ops",
            "calls",
            [1, 1, 1],
            [8, 1, 1],
            vec![Buf(Fi::F32), Buf(Fi::F32), Buf(Fi::Zero)],
        ),
        case(
            "ops",
            "locals",
            [1, 1, 1],
            [16, 1, 1],
            vec![Buf(Fi::Zero), Int(10)],
        ),
        case(
            "ops",
            "switches",
            [1, 1, 1],
            [32, 1, 1],
            vec![Buf(Fi::Zero), Int(3)],
        ),
        case(
            "ops",
            "dynshared",
            [1, 1, 1],
            [64, 1, 1],
            vec![Buf(Fi::F32), Int(64)],
        ),
        case(
            "ops",
            "small_params",
            [1, 1, 1],
            [4, 1, 1],
            vec![
                Int(5),
                Int((-300i16) as u16 as u64),
                Int(1),
                Int(200),
                Buf(Fi::Zero),
                F64(2.5),
                Int(-7i64 as u64),
            ],
        ),
        case(
            "ops",
            "volatiles",
            [1, 1, 1],
            [4, 1, 1],
            vec![Buf(Fi::Zero), Buf(Fi::I32)],
        ),
    ]
}

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests")
}

fn ll_path(file: &str, opt: &str) -> PathBuf {
    let own = dir().join("ptx_data/src").join(format!("{file}.{opt}.ll"));
    if own.exists() {
        own
    } else {
        dir().join("ll_data").join(format!("{file}.{opt}.ll"))
    }
}

fn load_ptx(path: &Path) -> Module {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let m = frontend::ptx::parse_ptx_str(&text, &path.display().to_string())
        .unwrap_or_else(|e| panic!("{e}"));
    verify_module(&m).unwrap_or_else(|e| panic!("{e}"));
    m
}

/// Run one case on one module; gives the bytes of every buffer argument.
fn run(m: &Module, c: &Case, seed: u64) -> Result<Vec<Vec<u8>>, String> {
    let k = m.find_kernel(c.kernel).map_err(|e| e.to_string())?;
    let f = m.function(k);
    let mut e = Eval::new(m);
    let mut rng = Rng(seed);
    let mut params = Vec::new();
    let mut bufs = Vec::new();
    for (i, a) in c.args.iter().enumerate() {
        let ty = f.params.get(i).map(|&p| f.value_type(p));
        let v = match a {
            Arg::Buf(kind) => {
                let at = e.buffer(&fill(*kind, &mut rng));
                bufs.push(at);
                at
            }
            Arg::Byval(bytes) => e.buffer(bytes),
            Arg::Int(v) => *v,
            Arg::F32(x) => u64::from(x.to_bits()),
            Arg::F64(x) => x.to_bits(),
        };
        let _ = ty;
        params.push(v);
    }
    if params.len() != f.params.len() {
        return Err(format!("{} takes {} parameters", c.kernel, f.params.len()));
    }
    e.launch(k, c.grid, c.block, &params)?;
    Ok(bufs.iter().map(|&b| e.read(b, BUF)).collect())
}

#[test]
fn ptx_and_ll_translations_agree() {
    let mut checked = 0;
    for opt in ["O0", "O2"] {
        for c in cases() {
            let ptx = load_ptx(&dir().join("ptx_data").join(format!("{}.{opt}.ptx", c.file)));
            let llp = ll_path(c.file, opt);
            let ll = match frontend::ll::parse_ll_file(&llp) {
                Ok(m) => m,
                Err(e) => {
                    // A gap of the `.ll` frontend is not this test's business.
                    eprintln!("skipped {} {} ({opt}): {e}", c.file, c.kernel);
                    continue;
                }
            };
            verify_module(&ll).unwrap_or_else(|e| panic!("{e}"));
            if ll.find_kernel(c.kernel).is_err() {
                eprintln!(
                    "skipped {} {} ({opt}): not in the .ll file",
                    c.file, c.kernel
                );
                continue;
            }
            for seed in [1u64, 99] {
                let a = run(&ll, &c, seed);
                let b = run(&ptx, &c, seed);
                let what = format!("{}.{opt} {} (seed {seed})", c.file, c.kernel);
                let (a, b) = match (a, b) {
                    (Ok(a), Ok(b)) => (a, b),
                    (a, b) => panic!("{what}: .ll gave {:?}, .ptx gave {:?}", a.err(), b.err()),
                };
                for (k, (x, y)) in a.iter().zip(&b).enumerate() {
                    if x != y {
                        let pos = x.iter().zip(y).position(|(p, q)| p != q).unwrap_or(0);
                        let w = pos / 4 * 4;
                        panic!(
                            "{what}: buffer {k} differs at byte {pos}: .ll {:02x?} vs .ptx {:02x?}",
                            &x[w..(w + 8).min(x.len())],
                            &y[w..(w + 8).min(y.len())]
                        );
                    }
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 40);
}
