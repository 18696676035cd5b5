//! Privatized global atomic adds through the driver (lower/src/cpu/privatize.rs,
//! `raise::cpu::privatize_facts`): `raise run --target cpu` privatizes the histograms'
//! integer adds and must give the interpreter's bins exactly; `raise grad --target cpu`
//! privatizes gather_indirect's adjoint accumulations (floats, reassociated) and must
//! agree with the parallel-IR interpreter's gradient to rounding; a launch binding one
//! buffer to two parameters privatizes nothing.

mod common;

use std::collections::HashMap;

use parallel_ir::ir::{Kernel, Level, OpKind, Region};
use raise::bind::ParamValue;
use raise::buffers::HostBuffer;
use raise::driver::{self, RunOptions, Target};

fn grid_body(k: &Kernel) -> &Region {
    k.body
        .ops
        .iter()
        .find_map(|&o| match &k.op(o).kind {
            OpKind::Parallel {
                level: Level::Grid,
                body,
            } => Some(body),
            _ => None,
        })
        .expect("grid loop")
}

fn inputs(
    spec: &raise::spec::LaunchSpec,
    f: impl Fn(&str, usize, usize) -> f64,
) -> Vec<HostBuffer> {
    spec.buffers
        .iter()
        .map(|b| {
            let mut h = HostBuffer::zeros(b.dtype, &b.shape).unwrap();
            let len = h.len();
            for i in 0..len {
                h.set_f64(i, f(&b.name, i, len)).unwrap();
            }
            h
        })
        .collect()
}

#[test]
fn histograms_are_privatized_and_exact() {
    let n = 40_000usize;
    let text = format!(
        "[buffers.data]\ndtype = \"i32\"\nshape = [{n}]\n[buffers.hist_g]\ndtype = \"i32\"\nshape = [64]\n\
         [buffers.hist_s]\ndtype = \"i32\"\nshape = [64]\n\
         [[launch]]\nkernel = \"hist_global\"\ngrid = [{}]\nblock = [256]\nargs = [{n}, \"data\", \"hist_g\"]\n\
         [[launch]]\nkernel = \"hist_shared\"\ngrid = [12]\nblock = [128]\nargs = [{n}, \"data\", \"hist_s\"]\n",
        n.div_ceil(256)
    );
    let spec = raise::spec::parse_spec(&text, "hist.toml").unwrap();
    let module =
        driver::load_module(&common::repo_root().join("examples/histogram_atomic/kernel.O2.ll"))
            .unwrap();
    // Skewed data: bin 3 takes a third of the elements (heavy contention).
    let data = inputs(&spec, |name, i, _| match name {
        "data" if i % 3 == 0 => 3.0,
        "data" => ((i * 7919) % 64) as f64,
        _ => (i * 5) as f64,
    });
    // Both launches are privatized (their only global accesses are unused adds).
    let bound = driver::bind_spec(&module, &spec).unwrap();
    let sizes: Vec<usize> = data.iter().map(|b| b.data.len()).collect();
    let mut cache = HashMap::new();
    for l in &bound {
        let k = raise::cpu::prepare(&module, l, &mut cache).unwrap();
        let facts = raise::cpu::privatize_facts(&l.params, &sizes, false);
        let facts = lower::cpu::PrivatizeFacts {
            chunks: Some(4),
            ..facts
        };
        let plan =
            lower::cpu::privatize::plan(&k, grid_body(&k), l.config.grid, l.config.block, &facts)
                .unwrap_or_else(|| panic!("{} not privatized", k.display_name));
        assert_eq!(plan.buffers.len(), 1);
        assert_eq!((plan.buffers[0].param, plan.buffers[0].bytes), (2, 256));
    }
    let opts = RunOptions::default();
    let cpu = driver::run(&module, &spec, data.clone(), Target::Cpu, &opts).unwrap();
    assert!(cpu.notes.is_empty(), "{:?}", cpu.notes);
    let interp = driver::run(&module, &spec, data, Target::Interp, &opts).unwrap();
    for (got, want) in cpu.buffers.iter().zip(&interp.buffers) {
        assert_eq!(got.data, want.data);
    }
    // The bins really count: bin 3 got a third of the elements on top of its 15.
    let g = cpu.buffers[1].to_f64_vec();
    assert!(g[3] > 15.0 + (n / 3) as f64);
}

#[test]
fn gather_indirect_gradient_is_privatized_and_right() {
    let (rows, per) = (4096usize, 8usize);
    let nnz = rows * per;
    let text = format!(
        "[buffers.row_ptr]\ndtype = \"i32\"\nshape = [{}]\n[buffers.col_idx]\ndtype = \"i32\"\nshape = [{nnz}]\n\
         [buffers.vals]\ndtype = \"f32\"\nshape = [{nnz}]\n[buffers.x]\ndtype = \"f32\"\nshape = [{rows}]\n\
         [buffers.y]\ndtype = \"f32\"\nshape = [{rows}]\n\
         [[launch]]\nkernel = \"spmv_csr\"\ngrid = [{}]\nblock = [128]\nargs = [{rows}, \"row_ptr\", \"col_idx\", \"vals\", \"x\", \"y\"]\n",
        rows + 1,
        rows / 128
    );
    let spec = raise::spec::parse_spec(&text, "spmv.toml").unwrap();
    let module =
        driver::load_module(&common::repo_root().join("examples/gather_indirect/kernel.O2.ll"))
            .unwrap();
    let val = |i: usize| ((i * 37 % 101) as f64) / 50.0 - 1.0;
    let ins = inputs(&spec, |name, i, len| match name {
        "row_ptr" => (i * per) as f64,
        // Column 5 is hit by every fourth entry (contention on x_bar[5]).
        "col_idx" if i % 4 == 0 => 5.0,
        "col_idx" => ((i * 7919) % (len / per)) as f64,
        _ => val(i),
    });
    let cot = inputs(&spec, |_, i, _| val(i + 11));
    // The adjoint as `raise::grad` prepares it privatizes x_bar and vals_bar.
    let bound = driver::bind_spec(&module, &spec).unwrap();
    let l = &bound[0];
    let n = ins.len();
    let raised = parallel_ir::raise_kernel(&module, l.kernel).unwrap();
    let d = raise::grad::adjoint_for_launch(&raised, l, n, true).unwrap();
    let mut args = l.params.clone();
    for (i, t) in parallel_ir::autodiff::tangent_params(&d)
        .into_iter()
        .take(l.params.len())
        .enumerate()
    {
        if t.is_some() {
            args.push(match l.params[i] {
                ParamValue::BufferBase(j) => ParamValue::BufferBase(n + j),
                other => other,
            });
        }
    }
    let d = raise::grad::prepare_cpu(&d, &l.config).unwrap();
    let sizes: Vec<usize> = ins.iter().chain(&ins).map(|b| b.data.len()).collect();
    let facts = raise::cpu::privatize_facts(&args, &sizes, true);
    let facts = lower::cpu::PrivatizeFacts {
        chunks: Some(3),
        ..facts
    };
    let plan =
        lower::cpu::privatize::plan(&d, grid_body(&d), l.config.grid, l.config.block, &facts)
            .expect("adjoint privatized");
    let shadow_of = |p: u32| match args[p as usize] {
        ParamValue::BufferBase(j) => j,
        _ => usize::MAX,
    };
    let mut privatized: Vec<usize> = plan.buffers.iter().map(|b| shadow_of(b.param)).collect();
    privatized.sort_unstable();
    // vals (2) and x (3): their shadows n + 2 and n + 3.
    assert_eq!(privatized, vec![n + 2, n + 3]);
    // Floats are privatized only when the caller allows it.
    let no_float = raise::cpu::privatize_facts(&args, &sizes, false);
    assert!(lower::cpu::privatize::plan(
        &d,
        grid_body(&d),
        l.config.grid,
        l.config.block,
        &no_float
    )
    .is_none());

    let opts = RunOptions::default();
    let (f_cpu, g_cpu) =
        raise::grad::grad(&module, &spec, ins.clone(), cot.clone(), Target::Cpu, &opts).unwrap();
    let (f_ref, g_ref) =
        raise::grad::grad(&module, &spec, ins, cot, Target::ParallelInterp, &opts).unwrap();
    for (i, (got, want)) in f_cpu
        .iter()
        .chain(&g_cpu)
        .zip(f_ref.iter().chain(&g_ref))
        .enumerate()
    {
        let (g, w) = (got.to_f64_vec(), want.to_f64_vec());
        let scale = w.iter().fold(1.0f64, |m, x| m.max(x.abs()));
        for (j, (a, b)) in g.iter().zip(&w).enumerate() {
            assert!(
                (a - b).abs() <= 1e-5 * scale,
                "buffer {i} element {j}: cpu {a} vs parallel-interp {b}"
            );
        }
    }
    // x_bar[5] accumulated a quarter of all entries' contributions.
    assert!(g_ref[3].to_f64_vec()[5].abs() > 1.0);
}

#[test]
fn aliased_buffers_are_not_privatized() {
    use ParamValue::*;
    // Buffer 1 is bound to two parameters: neither may be privatized.
    let f = raise::cpu::privatize_facts(
        &[Bits(7), BufferBase(1), BufferOffset(1, 64), BufferBase(0)],
        &[100, 400],
        true,
    );
    assert_eq!(f.param_bytes, vec![None, None, None, Some(100)]);
    assert!(f.float_atomics);
    let f = raise::cpu::privatize_facts(&[BufferOffset(0, 40), BufferBase(1)], &[100, 400], false);
    assert_eq!(f.param_bytes, vec![Some(60), Some(400)]);
    // An offset past the end of the buffer: unknown.
    let f = raise::cpu::privatize_facts(&[BufferOffset(0, 140)], &[100], false);
    assert_eq!(f.param_bytes, vec![None]);
}
