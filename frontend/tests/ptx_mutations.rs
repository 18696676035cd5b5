//! Robustness: every PTX file of the repository, mutated many times with a fixed-seed
//! PRNG (byte flips, insertions, deletions, line duplication/swaps, token replacement,
//! truncation), must parse and lift without panicking; whatever lifts must verify.
//! `PTX_MUTATIONS=n` sets the mutations per file (default 150). The coverage-guided
//! fuzzer is `fuzz/` (`cargo +nightly fuzz run ptx_parse`); see `src/ptx/FUZZING.md`.

mod ptx_support;

use ptx_support::Rng;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;

const TOKENS: &[&str] = &[
    "%r1",
    "%rd2",
    "%p1",
    "%f3",
    "{",
    "}",
    "[",
    "]",
    "(",
    ")",
    ",",
    ";",
    ":",
    "@",
    "!",
    "|",
    "-",
    "+",
    ".reg",
    ".param",
    ".shared",
    ".global",
    ".local",
    ".b32",
    ".u64",
    ".f32",
    ".pred",
    ".v4",
    "ld.global.f32",
    "st.shared.u32",
    "bra",
    "ret",
    "call.uni",
    "setp.lt.s32",
    "mov.u32",
    "%tid.x",
    "$L__BB0_1",
    "0f3F800000",
    "0xFFFFFFFF",
    "-1",
    "4294967296",
    "%r<99999>",
    "func_retval0",
    "param0",
    "@%p1 bra $L__BB0_1;",
    "{ .reg .b32 %t; }",
    "cvta.to.global.u64",
    "shfl.sync.down.b32",
    "atom.global.cas.b32",
    "bar.sync 0;",
    "exit;",
    "trap;",
    "//",
    "/*",
];

fn mutate(src: &[u8], rng: &mut Rng) -> Vec<u8> {
    let mut b = src.to_vec();
    let n = 1 + rng.below(4);
    for _ in 0..n {
        let len = b.len() as u64;
        match rng.below(8) {
            0 if len > 0 => {
                let i = rng.below(len) as usize;
                b[i] ^= 1 << rng.below(8);
            }
            1 => {
                let i = rng.below(len + 1) as usize;
                b.insert(i, b"{}[](),;:.%@!|-+0123456789 \n"[rng.below(28) as usize]);
            }
            2 if len > 0 => {
                let i = rng.below(len) as usize;
                let k = (rng.below(16) as usize).min(b.len() - i);
                b.drain(i..i + k);
            }
            3 | 4 => {
                // Replace a span with a PTX token.
                let i = rng.below(len + 1) as usize;
                let k = (rng.below(8) as usize).min(b.len() - i);
                let t = TOKENS[rng.below(TOKENS.len() as u64) as usize].as_bytes();
                b.splice(i..i + k, t.iter().copied());
            }
            5 => {
                // Duplicate or swap lines.
                let mut lines: Vec<Vec<u8>> =
                    b.split(|&c| c == b'\n').map(<[u8]>::to_vec).collect();
                let l = lines.len() as u64;
                let (x, y) = (rng.below(l) as usize, rng.below(l) as usize);
                if rng.below(2) == 0 {
                    let dup = lines[x].clone();
                    lines.insert(y, dup);
                } else {
                    lines.swap(x, y);
                }
                b = lines.join(&b'\n');
            }
            6 if len > 0 => {
                let i = rng.below(len) as usize;
                b.truncate(i);
            }
            _ => {
                let i = rng.below(len + 1) as usize;
                let j = rng.below(len + 1) as usize;
                let (i, j) = (i.min(j), i.max(j));
                let chunk = b[i..j.min(i + 64)].to_vec();
                let at = rng.below(b.len() as u64 + 1) as usize;
                b.splice(at..at, chunk);
            }
        }
    }
    b
}

#[test]
fn mutated_ptx_never_panics() {
    let per_file: u64 = std::env::var("PTX_MUTATIONS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(150);
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = ptx_support::ptx_files(&root.join("tests/ptx_data"));
    files.extend(ptx_support::ptx_files(&root.join("../examples")));
    let mut rng = Rng(0x005e_ed0f_ba5e);
    let (mut runs, mut lifted) = (0u64, 0u64);
    for f in &files {
        let src = std::fs::read(f).unwrap_or_default();
        for _ in 0..per_file {
            let m = mutate(&src, &mut rng);
            let Ok(text) = std::str::from_utf8(&m) else {
                continue;
            };
            runs += 1;
            let r = catch_unwind(AssertUnwindSafe(|| {
                frontend::ptx::parse_ptx_str(text, "mutant.ptx")
                    .map(|m| frontend::ir::verify::verify_module(&m))
            }));
            match r {
                Err(_) => {
                    let path = std::env::temp_dir().join("ptx_mutant_panic.ptx");
                    let _ = std::fs::write(&path, text);
                    panic!(
                        "panic on a mutant of {} (saved to {})",
                        f.display(),
                        path.display()
                    );
                }
                Ok(Ok(Err(e))) => {
                    let path = std::env::temp_dir().join("ptx_mutant_unverified.ptx");
                    let _ = std::fs::write(&path, text);
                    panic!(
                        "a mutant of {} lifts but does not verify: {e} (saved to {})",
                        f.display(),
                        path.display()
                    );
                }
                Ok(Ok(Ok(()))) => lifted += 1,
                Ok(Err(_)) => {}
            }
        }
    }
    eprintln!(
        "{runs} mutants of {} files, {lifted} lifted and verified",
        files.len()
    );
    assert!(runs > 0);
}
