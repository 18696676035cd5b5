//! Reverse mode of gather_indirect's row loop without replay (issue 7): from O2 the loop is
//! raised as a rotated `While` handling two entries per iteration, from PTX as a `While`
//! whose counters are byte addresses and a count of entries left, from O0 as a `For`. Its
//! carried integers are induction variables (`parallel_ir::autodiff::reverse`,
//! `while_iv_stride`), so the adjoint computes them at each reverse iteration instead of
//! replaying the loop: no `For` nested in another `For` (the replay loop) and no replay for
//! the exiting iteration. The gradients from all three forms, on `cpu` and
//! `parallel-interp`, are those of `xla` and the exact (bilinear) derivative element by
//! element, and agree with central finite differences of the interpreter, on rows of every
//! length from 0 to 13 (both parities, the odd entry peeled before the loop).

mod common;

use common::grad::{axpy, dot, random_like};
use parallel_ir::ir::{Kernel, OpKind, Region};
use raise::buffers::HostBuffer;
use raise::driver::{self, RunOptions, Target};

const ROWS: usize = 300;
const COLS: usize = 64;

fn row_len(r: usize) -> usize {
    r % 14
}

fn spec() -> raise::spec::LaunchSpec {
    let nnz: usize = (0..ROWS).map(row_len).sum();
    let text = format!(
        "[buffers.row_ptr]\ndtype = \"i32\"\nshape = [{}]\n[buffers.col_idx]\ndtype = \"i32\"\nshape = [{nnz}]\n\
         [buffers.vals]\ndtype = \"f32\"\nshape = [{nnz}]\n[buffers.x]\ndtype = \"f32\"\nshape = [{COLS}]\n\
         [buffers.y]\ndtype = \"f32\"\nshape = [{ROWS}]\n\
         [[launch]]\nkernel = \"spmv_csr\"\ngrid = [{}]\nblock = [128]\nargs = [{ROWS}, \"row_ptr\", \"col_idx\", \"vals\", \"x\", \"y\"]\n",
        ROWS + 1,
        ROWS.div_ceil(128)
    );
    raise::spec::parse_spec(&text, "spmv.toml").unwrap()
}

/// row_ptr, col_idx filled in; vals, x (and y) random.
fn inputs(spec: &raise::spec::LaunchSpec) -> Vec<HostBuffer> {
    let zeros: Vec<HostBuffer> = spec
        .buffers
        .iter()
        .map(|b| HostBuffer::zeros(b.dtype, &b.shape).unwrap())
        .collect();
    let mut ins = random_like(&zeros, 3);
    let mut at = 0;
    for r in 0..=ROWS {
        ins[0].set_f64(r, at as f64).unwrap();
        if r < ROWS {
            at += row_len(r);
        }
    }
    for j in 0..ins[1].len() {
        ins[1].set_f64(j, ((j * 7919 + 3) % COLS) as f64).unwrap();
    }
    ins
}

fn ops_where(k: &Kernel, r: &Region, f: &dyn Fn(&OpKind) -> bool, depth: usize) -> Vec<usize> {
    let mut out = Vec::new();
    for &o in &r.ops {
        let kind = &k.op(o).kind;
        let d = depth + usize::from(matches!(kind, OpKind::For { .. }));
        if f(kind) {
            out.push(d);
        }
        for s in kind.regions() {
            out.extend(ops_where(k, s, f, d));
        }
    }
    out
}

/// The adjoint of every form has one reverse `For` per row loop and no `For` inside a `For`
/// (no replay loop in the reverse loop, no replay of the exiting iteration); the O2 and PTX
/// forms' only `While` is the forward loop: the count of its iterations is a closed form
/// (`parallel_ir::autodiff::counts`: the peeled first entry makes the entries left even).
#[test]
fn row_loop_adjoint_has_no_replay() {
    let spec = spec();
    for (file, fors, whiles) in [
        ("kernel.O0.ll", 2, 0),
        ("kernel.O2.ll", 1, 1),
        ("kernel.ptx", 1, 1),
    ] {
        let module = driver::load_module(
            &common::repo_root()
                .join("examples/gather_indirect")
                .join(file),
        )
        .unwrap();
        let bound = driver::bind_spec(&module, &spec).unwrap();
        let l = &bound[0];
        let raised = parallel_ir::raise_kernel(&module, l.kernel).unwrap();
        let k = raise::grad::adjoint_for_launch(&raised, l, spec.buffers.len(), true).unwrap();
        let f = ops_where(&k, &k.body, &|o| matches!(o, OpKind::For { .. }), 0);
        let w = ops_where(&k, &k.body, &|o| matches!(o, OpKind::While { .. }), 0);
        assert_eq!(f.len(), fors, "{file}: For loops");
        assert!(f.iter().all(|&d| d == 1), "{file}: a For nested in a For");
        assert_eq!(w.len(), whiles, "{file}: While loops");
    }
}

#[test]
fn row_loop_gradients_from_o0_o2_ptx_are_exact() {
    let spec = spec();
    let ins = inputs(&spec);
    let cot = random_like(&ins, 17);
    let opts = RunOptions::default();
    // The exact derivative of y = A x (bilinear): vals_bar[j] = y_bar[r] x[col[j]],
    // x_bar[c] = sum over the entries j of column c of y_bar[r] vals[j], on top of the
    // cotangents of vals and x themselves (the launch leaves them as they are).
    let g = |b: usize, i: usize| ins[b].get_f64(i).unwrap();
    let mut dvals: Vec<f64> = (0..ins[2].len())
        .map(|j| cot[2].get_f64(j).unwrap())
        .collect();
    let mut dx: Vec<f64> = (0..COLS).map(|c| cot[3].get_f64(c).unwrap()).collect();
    for r in 0..ROWS {
        let yb = cot[4].get_f64(r).unwrap();
        let (lo, hi) = (g(0, r) as usize, g(0, r + 1) as usize);
        for (j, dv) in dvals.iter_mut().enumerate().take(hi).skip(lo) {
            let c = g(1, j) as usize;
            *dv += yb * g(3, c);
            dx[c] += yb * g(2, j);
        }
    }
    // Central differences of the interpreter in a random direction.
    let t = random_like(&ins, 29);
    let h = 1e-2;
    let fd_module =
        driver::load_module(&common::repo_root().join("examples/gather_indirect/kernel.O2.ll"))
            .unwrap();
    let run = |x: Vec<HostBuffer>| {
        driver::run(&fd_module, &spec, x, Target::Interp, &opts)
            .unwrap()
            .buffers
    };
    let (plus, minus) = (run(axpy(&ins, &t, h)), run(axpy(&ins, &t, -h)));
    let fd: Vec<HostBuffer> = plus
        .iter()
        .zip(&minus)
        .map(|(p, m)| {
            let mut d = HostBuffer::zeros(raise::buffers::DType::F64, &p.shape).unwrap();
            if p.dtype.is_float() {
                for i in 0..p.len() {
                    let v = (p.get_f64(i).unwrap() - m.get_f64(i).unwrap()) / (2.0 * h);
                    d.set_f64(i, v).unwrap();
                }
            }
            d
        })
        .collect();
    let (lhs, scale) = dot(&cot, &fd);
    for file in ["kernel.O0.ll", "kernel.O2.ll", "kernel.ptx"] {
        let module = driver::load_module(
            &common::repo_root()
                .join("examples/gather_indirect")
                .join(file),
        )
        .unwrap();
        let grad = |target: Target| {
            raise::grad::grad(&module, &spec, ins.clone(), cot.clone(), target, &opts)
                .unwrap_or_else(|e| panic!("{file} on {}: {e}", target.name()))
                .1
        };
        let want = grad(Target::Xla);
        for target in [Target::Cpu, Target::ParallelInterp] {
            let got = grad(target);
            let what = format!("{file} on {}", target.name());
            for (b, exact) in [(2, &dvals), (3, &dx)] {
                for (i, &e) in exact.iter().enumerate() {
                    let (a, w) = (got[b].get_f64(i).unwrap(), want[b].get_f64(i).unwrap());
                    assert!(
                        (a - w).abs() <= 1e-5 * (1.0 + w.abs()),
                        "{what}: grad of buffer {b}[{i}] = {a}, xla {w}"
                    );
                    assert!(
                        (a - e).abs() <= 1e-5 * (1.0 + e.abs()),
                        "{what}: grad of buffer {b}[{i}] = {a}, exact {e}"
                    );
                }
            }
            let (rhs, _) = dot(&t, &got);
            assert!(
                (lhs - rhs).abs() <= 2e-3 * scale + 2e-3,
                "{what}: <c, fd(t)> = {lhs} but <grad(c), t> = {rhs} (scale {scale})"
            );
        }
    }
}
