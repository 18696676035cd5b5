//! Malformed input never panics or aborts the `.ll` frontend: truncations and byte edits
//! of valid files either parse or give a diagnostic (never `internal-error`).

use std::path::Path;

/// A small deterministic pseudo-random generator (xorshift).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

fn check(bytes: &[u8], what: &str) {
    if std::env::var("ROBUST_SAVE").is_ok() {
        let _ = std::fs::write("/tmp/llt/last_mutant.ll", bytes);
    }
    if let Err(e) = frontend::ll::parse_ll_bytes(bytes, "mutant.ll") {
        assert_ne!(e.code, "internal-error", "{what}: {e}");
        assert!(!e.to_string().contains('\n'), "{what}: multi-line: {e}");
    }
}

#[test]
fn truncations_and_mutations() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ll_data");
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "ll"))
        .collect();
    files.sort();
    let pieces: [&[u8]; 12] = [
        b"}",
        b"{",
        b"%",
        b"@",
        b"i128",
        b"<4 x float>",
        b"ptr addrspace(7)",
        b"undef",
        b"0",
        b"label",
        b"\"",
        b"!",
    ];
    for p in files {
        let text = std::fs::read(&p).unwrap();
        for k in 0..12 {
            let cut = text.len() * k / 12;
            check(&text[..cut], &format!("{} cut at {cut}", p.display()));
        }
        for _ in 0..60 {
            let mut t = text.clone();
            for _ in 0..1 + rng.below(3) {
                let at = rng.below(t.len());
                match rng.below(3) {
                    0 => {
                        t.remove(at);
                    }
                    1 => {
                        let piece = pieces[rng.below(pieces.len())];
                        t.splice(at..at, piece.iter().copied());
                    }
                    _ => {
                        let len = rng.below(40).min(t.len() - at);
                        t.drain(at..at + len);
                    }
                }
            }
            check(&t, &format!("{} mutated", p.display()));
        }
    }
}

#[test]
fn broken_module_with_debug_info_is_an_error_not_an_abort() {
    // LLVM's reader verifies modules with debug info and aborts on failure unless told
    // not to; the frontend must report it instead.
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ll_data/bad_mystery.g.ll");
    let text = std::fs::read_to_string(path).unwrap();
    let broken = text.replace("\"frame-pointer\"=\"all\"", "\"frame-pointer\"=\"\"");
    assert_ne!(broken, text);
    let e = frontend::ll::parse_ll_str(&broken, "broken.ll").unwrap_err();
    assert_eq!(e.code, "bad-llvm-ir", "{e}");
    assert!(e.to_string().contains("frame-pointer"), "{e}");
}
