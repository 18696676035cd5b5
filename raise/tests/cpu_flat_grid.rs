//! `--target cpu` against the kernel-IR interpreter, bit for bit, on the 2-D stencils
//! (examples/stencil2d from kernel.O2.ll, kernel.O0.ll and kernel.ptx, and the Numba
//! one) at block shapes and ragged sizes where the row-major grid runs one flat x loop
//! across the blocks of a row (lower/src/cpu/flat.rs), and at shapes where it does not.

mod common;

fn check(example: &str, files: &[&str], spec_text: &str, what: &str) {
    common::cpu_matches_interp(example, files, spec_text, what, 11);
}

/// (block x, block y, nx, ny, extra grid columns)
const SHAPES: &[(u32, u32, u32, u32, u32)] = &[
    (16, 8, 100, 130, 0),
    (16, 8, 128, 128, 0),
    (32, 4, 33, 70, 1),
    (8, 2, 5, 40, 2),
    (1, 4, 9, 64, 0),
    (64, 2, 200, 33, 0),
    (12, 4, 50, 70, 0),
    (16, 1, 40, 40, 0),
];

#[test]
fn stencil2d_flat_rows_match_interp() {
    for &(bx, by, nx, ny, extra) in SHAPES {
        let (gx, gy) = (nx.div_ceil(bx) + extra, ny.div_ceil(by));
        let spec = format!(
            "[buffers.a]\ndtype = \"f32\"\nshape = [{ny}, {nx}]\n[buffers.b]\ndtype = \"f32\"\n\
             shape = [{ny}, {nx}]\n[[launch]]\nkernel = \"stencil2d\"\ngrid = [{gx}, {gy}]\n\
             block = [{bx}, {by}]\nargs = [{nx}, {ny}, \"a\", \"b\"]\n"
        );
        check(
            "stencil2d",
            &["kernel.O2.ll", "kernel.O0.ll", "kernel.ptx"],
            &spec,
            &format!("stencil2d block {bx}x{by} size {nx}x{ny}"),
        );
    }
}

#[test]
fn numba_stencil2d_flat_rows_match_interp() {
    // The example's arrays (60 rows of 90), at block shapes with at least 16 block rows.
    let (nx, ny) = (90u32, 60u32);
    for (bx, by) in [(16u32, 2u32), (32, 2), (4, 2), (16, 8)] {
        let (gx, gy) = (nx.div_ceil(bx), ny.div_ceil(by));
        let spec = format!(
            "[buffers.a]\ndtype = \"f32\"\nshape = [{ny}, {nx}]\n[buffers.b]\ndtype = \"f32\"\n\
             shape = [{ny}, {nx}]\n[[launch]]\nkernel = \"stencil2d\"\ngrid = [{gx}, {gy}]\n\
             block = [{bx}, {by}]\nargs = [\"a\", \"b\"]\n"
        );
        check(
            "numba_stencil2d",
            &["kernel.O2.ll", "kernel.O0.ll", "kernel.ptx"],
            &spec,
            &format!("numba_stencil2d block {bx}x{by}"),
        );
    }
}
