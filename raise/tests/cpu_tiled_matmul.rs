//! `--target cpu` against the kernel-IR interpreter, bit for bit, on the tiled matmul
//! (examples/matmul_tiled from kernel.O2.ll, kernel.O0.ll and kernel.ptx) at ragged
//! sizes: its tile loop's tile loads are prefetched a few trips ahead
//! (lower/src/cpu/prefetch.rs), past the end of the matrices at the last trips.

mod common;

fn check(example: &str, files: &[&str], spec_text: &str, what: &str) {
    common::cpu_matches_interp(example, files, spec_text, what, 11);
}

#[test]
fn matmul_tiled_with_prefetch_matches_interp() {
    for (m, n, k) in [
        (40u32, 33u32, 70u32),
        (16, 16, 16),
        (5, 64, 100),
        (64, 17, 3),
    ] {
        let (gx, gy) = (n.div_ceil(16), m.div_ceil(16));
        let spec = format!(
            "[buffers.A]\ndtype = \"f32\"\nshape = [{m}, {k}]\n[buffers.B]\ndtype = \"f32\"\n\
             shape = [{k}, {n}]\n[buffers.C]\ndtype = \"f32\"\nshape = [{m}, {n}]\n[[launch]]\n\
             kernel = \"matmul\"\ngrid = [{gx}, {gy}]\nblock = [16, 16]\n\
             args = [{m}, {n}, {k}, \"A\", \"B\", \"C\"]\n"
        );
        check(
            "matmul_tiled",
            &["kernel.O2.ll", "kernel.O0.ll", "kernel.ptx"],
            &spec,
            &format!("matmul_tiled {m}x{n}x{k}"),
        );
    }
}
