//! `--target cpu` against the kernel-IR interpreter, bit for bit, on the barrier-loop
//! examples (tree reductions, a scan, softmax) at many block sizes: powers of two,
//! odd sizes and 1, with ragged sizes. The CPU backend unrolls block-uniform loops whose
//! trip count follows from the launch's block size and splits thread loops at break
//! points known at compile time (lower/src/cpu/unroll.rs, split.rs); each block size is
//! a different unrolling, so each is checked, from kernel.O2.ll, kernel.O0.ll and
//! kernel.ptx.

mod common;

fn check(example: &str, spec_text: &str, what: &str) {
    let files = ["kernel.O2.ll", "kernel.O0.ll", "kernel.ptx"];
    common::cpu_matches_interp(example, &files, spec_text, what, 7);
}

#[test]
fn reduce_shared_at_many_block_sizes_matches_interp() {
    for block in [1u32, 2, 3, 7, 48, 64, 100, 128, 255, 256] {
        let n = (block * 5).saturating_sub(3).max(1);
        let grid = n.div_ceil(block) + 1;
        let spec = format!(
            "[buffers.x]\ndtype = \"f32\"\nshape = [{n}]\n[buffers.partial]\ndtype = \"f32\"\n\
             shape = [{grid}]\n[[launch]]\nkernel = \"reduce_sum\"\ngrid = [{grid}]\n\
             block = [{block}]\nargs = [{n}, \"x\", \"partial\"]\n"
        );
        check(
            "reduce_shared",
            &spec,
            &format!("reduce_shared block {block}"),
        );
    }
}

#[test]
fn scan_block_at_many_block_sizes_matches_interp() {
    for block in [1u32, 2, 5, 64, 96, 256] {
        let n = block * 3 + block / 2;
        let grid = n.div_ceil(block);
        let spec = format!(
            "[buffers.x]\ndtype = \"f32\"\nshape = [{n}]\n[buffers.y]\ndtype = \"f32\"\n\
             shape = [{n}]\n[[launch]]\nkernel = \"scan_block\"\ngrid = [{grid}]\n\
             block = [{block}]\nargs = [{n}, \"x\", \"y\"]\n"
        );
        check("scan_block", &spec, &format!("scan_block block {block}"));
    }
}

#[test]
fn softmax_rows_at_many_block_sizes_matches_interp() {
    for (block, cols) in [
        (1u32, 5u32),
        (2, 33),
        (32, 300),
        (96, 300),
        (128, 64),
        (128, 1000),
    ] {
        let rows = 5;
        let spec = format!(
            "[buffers.x]\ndtype = \"f32\"\nshape = [{rows}, {cols}]\n[buffers.y]\ndtype = \"f32\"\n\
             shape = [{rows}, {cols}]\n[[launch]]\nkernel = \"softmax_rows\"\ngrid = [{rows}]\n\
             block = [{block}]\nargs = [{rows}, {cols}, \"x\", \"y\"]\n"
        );
        check(
            "softmax_rows",
            &spec,
            &format!("softmax_rows block {block} cols {cols}"),
        );
    }
}
