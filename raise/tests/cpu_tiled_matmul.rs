//! `--target cpu` against the kernel-IR interpreter, bit for bit, on the tiled matmul
//! (examples/matmul_tiled from kernel.O2.ll, kernel.O0.ll and kernel.ptx) at ragged
//! sizes: its tile loop's tile loads are prefetched a few trips ahead
//! (lower/src/cpu/prefetch.rs), past the end of the matrices at the last trips.

mod common;

use raise::buffers::HostBuffer;
use raise::driver::{self, RunOptions, Target};

fn inputs(spec: &raise::spec::LaunchSpec) -> Vec<HostBuffer> {
    let mut seed = 11u32;
    spec.buffers
        .iter()
        .map(|b| {
            let mut h = HostBuffer::zeros(b.dtype, &b.shape).unwrap_or_else(|e| panic!("{e}"));
            for c in h.data.chunks_exact_mut(4) {
                seed = seed.wrapping_mul(1664525).wrapping_add(1013904223);
                let x = ((seed >> 8) & 0xffff) as f32 / 4096.0 - 8.0;
                c.copy_from_slice(&x.to_le_bytes());
            }
            h
        })
        .collect()
}

fn check(example: &str, files: &[&str], spec_text: &str, what: &str) {
    let dir = common::repo_root().join("examples").join(example);
    let spec = raise::spec::parse_spec(spec_text, what).unwrap_or_else(|e| panic!("{e}"));
    for file in files {
        let path = dir.join(file);
        if !path.exists() {
            continue;
        }
        let module = driver::load_module(&path).unwrap_or_else(|d| panic!("{d}"));
        let opts = RunOptions::default();
        let want = driver::run(&module, &spec, inputs(&spec), Target::Interp, &opts)
            .unwrap_or_else(|d| panic!("{what} {file} interp: {d}"));
        let got = driver::run(&module, &spec, inputs(&spec), Target::Cpu, &opts)
            .unwrap_or_else(|d| panic!("{what} {file} cpu: {d}"));
        assert!(
            got.notes.is_empty(),
            "{what} {file}: did not run on the CPU backend: {:?}",
            got.notes
        );
        for (i, (g, w)) in got.buffers.iter().zip(&want.buffers).enumerate() {
            if let Some(pos) = g
                .data
                .chunks(4)
                .zip(w.data.chunks(4))
                .position(|(a, b)| a != b)
            {
                panic!("{what} {file}: buffer {i} differs first at element {pos}");
            }
        }
    }
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
