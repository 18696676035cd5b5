//! Row-owned accumulation (`parallel_ir::autodiff::rows`, `CpuDerivativeOptions::
//! owned_rows`) end to end on gather_indirect (CSR SpMV, one thread per row), against a
//! hand-written f32 reference of the gradient and against `CpuGrad` with `owned_rows`
//! off:
//! * the adjoint from O0, O2 and PTX gets a row-owned version, and with non-decreasing
//!   `row_ptr` it runs and gives `vals`' cotangent bitwise equal to the reference (one
//!   product per entry, no sum) and bitwise equal to `owned_rows` off everywhere (the
//!   adds into `vals_bar` happen in the same order per location: one thread per row,
//!   program order; `x_bar` keeps its atomics in both);
//! * row counts that are not a multiple of the block size, empty rows (leading, trailing
//!   and runs of them), one long row;
//! * non-monotonic `row_ptr` (overlapping rows, a decrease at the last bound the launch
//!   reads) fails the check and takes the usual adjoint: still the reference's gradient;
//!   a decrease past the bounds the launch reads does not matter (the check covers only
//!   `row_ptr[0..=nrows]`);
//! * a `row_ptr` buffer too short for the launch fails the check.

mod common;

use common::grad::Lcg;
use common::repo_root as root;
use raise::buffers::{DType, HostBuffer};
use raise::driver::{self, RunOptions, Target};
use raise::grad::{CpuDerivativeOptions, CpuGrad};

fn spec_text(nrows: usize, rp_len: usize, nnz: usize, ncols: usize, block: usize) -> String {
    format!(
        "[buffers.row_ptr]\ndtype = \"i32\"\nshape = [{rp_len}]\n\
         [buffers.col_idx]\ndtype = \"i32\"\nshape = [{nnz}]\n\
         [buffers.vals]\ndtype = \"f32\"\nshape = [{nnz}]\n\
         [buffers.x]\ndtype = \"f32\"\nshape = [{ncols}]\n\
         [buffers.y]\ndtype = \"f32\"\nshape = [{nrows}]\n\
         [[launch]]\nkernel = \"spmv_csr\"\ngrid = [{}]\nblock = [{block}]\n\
         args = [{nrows}, \"row_ptr\", \"col_idx\", \"vals\", \"x\", \"y\"]\n",
        nrows.div_ceil(block)
    )
}

fn i32_buf(v: &[i32]) -> HostBuffer {
    HostBuffer {
        dtype: DType::I32,
        shape: vec![v.len()],
        data: v.iter().flat_map(|x| x.to_le_bytes()).collect(),
    }
}

fn f32_buf(v: &[f32]) -> HostBuffer {
    HostBuffer {
        dtype: DType::F32,
        shape: vec![v.len()],
        data: v.iter().flat_map(|x| x.to_le_bytes()).collect(),
    }
}

fn f32s(b: &HostBuffer) -> Vec<f32> {
    b.data
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

/// A CSR problem: `row_ptr` (as given), random columns, values, `x` and `y`'s cotangent.
struct Csr {
    nrows: usize,
    row_ptr: Vec<i32>,
    col: Vec<i32>,
    vals: Vec<f32>,
    x: Vec<f32>,
    y_bar: Vec<f32>,
}

impl Csr {
    fn new(nrows: usize, row_ptr: Vec<i32>, nnz: usize, ncols: usize, seed: u64) -> Csr {
        let mut rng = Lcg(seed);
        let mut f = |n: usize| (0..n).map(|_| rng.next() as f32).collect::<Vec<f32>>();
        let vals = f(nnz);
        let x = f(ncols);
        let y_bar = f(nrows);
        let mut rng = Lcg(seed + 1);
        let col = (0..nnz)
            .map(|_| ((rng.next() + 1.0) * 0.5 * ncols as f64) as i32 % ncols as i32)
            .collect();
        Csr {
            nrows,
            row_ptr,
            col,
            vals,
            x,
            y_bar,
        }
    }

    /// Row lengths from `lens` (cycled), `row_ptr` of `nrows + 1 + extra` entries.
    fn from_lens(nrows: usize, lens: &[i32], extra: usize, ncols: usize, seed: u64) -> Csr {
        let mut rp = vec![0i32];
        for r in 0..nrows + extra {
            let last = *rp.last().unwrap_or(&0);
            rp.push(last + if r < nrows { lens[r % lens.len()] } else { 0 });
        }
        let nnz = rp[nrows] as usize;
        Csr::new(nrows, rp, nnz.max(1), ncols, seed)
    }

    fn spec(&self, block: usize) -> raise::spec::LaunchSpec {
        let text = spec_text(
            self.nrows,
            self.row_ptr.len(),
            self.vals.len(),
            self.x.len(),
            block,
        );
        raise::spec::parse_spec(&text, "grad_rows").unwrap()
    }

    fn inputs(&self) -> Vec<HostBuffer> {
        vec![
            i32_buf(&self.row_ptr),
            i32_buf(&self.col),
            f32_buf(&self.vals),
            f32_buf(&self.x),
            f32_buf(&vec![0.0; self.nrows]),
        ]
    }

    fn cotangents(&self) -> Vec<HostBuffer> {
        vec![
            i32_buf(&vec![0; self.row_ptr.len()]),
            i32_buf(&vec![0; self.col.len()]),
            f32_buf(&vec![0.0; self.vals.len()]),
            f32_buf(&vec![0.0; self.x.len()]),
            f32_buf(&self.y_bar),
        ]
    }

    /// `y`, `vals_bar`, `x_bar` in f32, rows in order, entries in order.
    fn reference(&self) -> (Vec<f32>, Vec<f32>, Vec<f32>) {
        let mut y = vec![0f32; self.nrows];
        let mut vb = vec![0f32; self.vals.len()];
        let mut xb = vec![0f32; self.x.len()];
        for (r, yr) in y.iter_mut().enumerate() {
            let (s, e) = (self.row_ptr[r], self.row_ptr[r + 1]);
            let mut sum = 0f32;
            for j in s..e {
                let (j, c) = (j as usize, self.col[j as usize] as usize);
                sum += self.vals[j] * self.x[c];
                vb[j] += self.y_bar[r] * self.x[c];
                xb[c] += self.y_bar[r] * self.vals[j];
            }
            *yr = sum;
        }
        (y, vb, xb)
    }
}

fn module(file: &str) -> frontend::ir::Module {
    driver::load_module(&root().join("examples/gather_indirect").join(file)).unwrap()
}

fn options(owned_rows: bool) -> CpuDerivativeOptions {
    CpuDerivativeOptions {
        owned_rows,
        ..CpuDerivativeOptions::default()
    }
}

fn close(what: &str, got: &[f32], want: &[f32]) {
    assert_eq!(got.len(), want.len(), "{what}");
    for (i, (a, b)) in got.iter().zip(want).enumerate() {
        assert!(
            (a - b).abs() <= 1e-5 * (1.0 + b.abs()),
            "{what}[{i}] = {a}, want {b}"
        );
    }
}

/// Runs `csr` with `owned_rows` on and off; checks both against the reference (with
/// `vals_bar` bitwise where `exact`), the two bitwise equal, and that the row-owned
/// version exists and runs exactly when `expect_owned`.
fn check(what: &str, file: &str, csr: &Csr, block: usize, expect_owned: bool, exact: bool) {
    let module = module(file);
    let spec = csr.spec(block);
    let on = CpuGrad::compile(&module, &spec, &options(true)).unwrap();
    let off = CpuGrad::compile(&module, &spec, &options(false)).unwrap();
    assert_eq!(on.row_versions(), vec![true], "{what} from {file}");
    assert_eq!(off.row_versions(), vec![false], "{what} from {file}");
    let (x, cot) = (csr.inputs(), csr.cotangents());
    assert_eq!(
        on.row_checks_hold(&x, &cot),
        vec![expect_owned],
        "{what} from {file}"
    );
    let a = on.run(x.clone(), cot.clone()).unwrap();
    let b = off.run(x, cot).unwrap();
    assert_eq!(a, b, "{what} from {file}: owned_rows on vs off");
    let (y, vb, xb) = csr.reference();
    close(&format!("{what} from {file}: y"), &f32s(&a.0[4]), &y);
    if exact {
        assert_eq!(f32s(&a.1[2]), vb, "{what} from {file}: vals_bar");
    } else {
        close(
            &format!("{what} from {file}: vals_bar"),
            &f32s(&a.1[2]),
            &vb,
        );
    }
    close(&format!("{what} from {file}: x_bar"), &f32s(&a.1[3]), &xb);
    for k in [0, 1] {
        assert!(a.1[k].data.iter().all(|&v| v == 0), "{what}: int cotangent");
    }
    assert!(f32s(&a.1[4]).iter().all(|&v| v == 0.0), "{what}: y_bar");
}

const FILES: [&str; 3] = ["kernel.O0.ll", "kernel.O2.ll", "kernel.ptx"];

#[test]
fn example_gradient_runs_row_owned_and_matches() {
    let dir = root().join("examples/gather_indirect");
    let spec = raise::spec::load_spec(&dir.join("spec.toml")).unwrap();
    let x = raise::spec::load_inputs(&spec, Some(&dir.join("inputs"))).unwrap();
    let cot = common::grad::random_like(&x, 77);
    for file in FILES {
        let module = module(file);
        let want = raise::grad::grad(
            &module,
            &spec,
            x.clone(),
            cot.clone(),
            Target::ParallelInterp,
            &RunOptions::default(),
        )
        .unwrap();
        let on = CpuGrad::compile(&module, &spec, &options(true)).unwrap();
        let off = CpuGrad::compile(&module, &spec, &options(false)).unwrap();
        assert_eq!(on.row_versions(), vec![true], "{file}");
        assert_eq!(on.row_checks_hold(&x, &cot), vec![true], "{file}");
        let a = on.run(x.clone(), cot.clone()).unwrap();
        let b = off.run(x.clone(), cot.clone()).unwrap();
        assert_eq!(a, b, "{file}: owned_rows on vs off");
        for (k, (g, w)) in a.1.iter().zip(&want.1).enumerate() {
            for i in 0..w.len() {
                let (p, q) = (g.get_f64(i).unwrap(), w.get_f64(i).unwrap());
                assert!(
                    (p - q).abs() <= 1e-5 * (1.0 + q.abs()),
                    "{file}: grad {k}[{i}] = {p}, want {q}"
                );
            }
        }
        // vals' cotangent: one product per entry, the same on every target.
        assert_eq!(a.1[2], want.1[2], "{file}: vals_bar");
    }
    assert!(CpuDerivativeOptions::default().owned_rows);
}

#[test]
fn edge_sizes_and_empty_rows() {
    for file in FILES {
        // 1000 rows on blocks of 128 (24 idle threads), lengths 0..=7 with runs of empty
        // rows.
        let c = Csr::from_lens(1000, &[3, 0, 0, 7, 1, 0, 2, 5, 4, 0, 6], 0, 97, 1);
        check("1000 rows", file, &c, 128, true, true);
        // Leading and trailing empty rows, one long row, 5 rows on one block of 32.
        let c = Csr::new(5, vec![0, 0, 0, 300, 300, 300], 300, 13, 2);
        check("long row", file, &c, 32, true, true);
        // All rows empty.
        let c = Csr::new(7, vec![4; 8], 5, 3, 3);
        check("empty rows", file, &c, 4, true, true);
        // One row, one thread per block.
        let c = Csr::new(1, vec![0, 9], 9, 4, 4);
        check("one row", file, &c, 1, true, true);
        // `row_ptr` decreasing after the bounds the launch reads.
        let mut c = Csr::from_lens(130, &[2, 1, 0], 0, 50, 5);
        c.row_ptr.extend([0, -5, 1 << 30]);
        check("decrease past the rows", file, &c, 64, true, true);
    }
}

#[test]
fn non_monotonic_row_ptr_takes_the_usual_adjoint() {
    for file in FILES {
        // Row 2 = [5, 12) overlaps row 0 = [0, 10); row 1 = [10, 5) is empty.
        let mut rp = vec![0, 10, 5, 12];
        let last = 12;
        rp.extend((1..=60).map(|i| last + 2 * i));
        let c = Csr::new(rp.len() - 1, rp, 132, 11, 6);
        check("overlapping rows", file, &c, 16, false, false);
        // Only the first bound out of order: row 0 = [8, 0) is empty.
        let rp: Vec<i32> = [8].into_iter().chain((0..40).map(|r| 8 * r)).collect();
        let c = Csr::new(40, rp, 320, 5, 7);
        check("decreasing first bound", file, &c, 16, false, false);
        // Only the very last bound the launch reads decreases.
        let mut c = Csr::from_lens(100, &[3, 1], 0, 20, 8);
        c.row_ptr[100] = c.row_ptr[99] - 1;
        check("last bound", file, &c, 32, false, false);
        // Rows repeating: row_ptr goes up and back down.
        let rp: Vec<i32> = (0..=64)
            .map(|r| if r % 4 == 3 { 2 } else { 3 * (r % 4) })
            .collect();
        let c = Csr::new(64, rp, 9, 6, 9);
        check("repeated rows", file, &c, 32, false, false);
    }
}

#[test]
fn short_row_ptr_fails_the_check() {
    let module = module("kernel.O2.ll");
    // 100 rows but a `row_ptr` of 100 entries (101 needed).
    let c = Csr::from_lens(100, &[2, 3], 0, 10, 10);
    let mut short = c.inputs();
    short[0] = i32_buf(&c.row_ptr[..100]);
    let text = spec_text(100, 100, c.vals.len(), 10, 32);
    let spec = raise::spec::parse_spec(&text, "grad_rows").unwrap();
    let on = CpuGrad::compile(&module, &spec, &options(true)).unwrap();
    let off = CpuGrad::compile(&module, &spec, &options(false)).unwrap();
    let mut cot = c.cotangents();
    cot[0] = i32_buf(&[0; 100]);
    assert_eq!(on.row_checks_hold(&short, &cot), vec![false]);
    // (Running it would read past `row_ptr`, as the primal does: the CPU backend does
    // not bound-check; only the check's refusal is asserted.)
    assert_eq!(on.row_versions(), vec![true]);
    assert_eq!(off.row_versions(), vec![false]);
}
