//! Block-local accumulation (`parallel_ir::autodiff::blocklocal`) end to end: the stencil
//! adjoints' interior atomics are marked block-local, the CPU backend lowers them to plain
//! read-modify-writes, and the gradients stay those of the other targets element by
//! element: `--target cpu` and `parallel-interp` (which runs the split adjoint with every
//! atomic a real one) against `xla` (reverse mode on the tensor program, no atomics at
//! all), on sizes with many blocks, and for stencil2d also on a grid that the CPU backend
//! runs row-major across blocks (`row_major_grid`).

mod common;

use common::grad::random_like;
use common::repo_root as root;
use raise::buffers::HostBuffer;
use raise::driver::{self, RunOptions, Target};

/// `(example, spec text)`: many blocks; stencil2d's 20 block rows of 16 x 8 blocks make the
/// CPU grid row-major.
fn cases() -> Vec<(&'static str, String)> {
    let n = 4096;
    let mut pp = format!(
        "[buffers.x]\ndtype = \"f32\"\nshape = [{n}]\n[buffers.y]\ndtype = \"f32\"\nshape = [{n}]\n"
    );
    for (a, b) in [("x", "y"), ("y", "x")] {
        pp.push_str(&format!(
            "[[launch]]\nkernel = \"stencil1d\"\ngrid = [{}]\nblock = [256]\nargs = [{n}, \"{a}\", \"{b}\"]\n",
            n / 256
        ));
    }
    let (nx, ny) = (64, 160);
    vec![
        ("stencil1d_pingpong", pp),
        (
            "stencil2d",
            format!(
                "[buffers.a]\ndtype = \"f32\"\nshape = [{ny}, {nx}]\n[buffers.b]\ndtype = \"f32\"\nshape = [{ny}, {nx}]\n\
                 [[launch]]\nkernel = \"stencil2d\"\ngrid = [{}, {}]\nblock = [16, 8]\nargs = [{nx}, {ny}, \"a\", \"b\"]\n",
                nx / 16,
                ny / 8
            ),
        ),
        (
            "device_call",
            format!(
                "[buffers.x]\ndtype = \"f32\"\nshape = [{}]\n[buffers.y]\ndtype = \"f32\"\nshape = [{n}]\n\
                 [[launch]]\nkernel = \"smooth\"\ngrid = [{}]\nblock = [256]\nargs = [{n}, 0.5, \"x\", \"y\"]\n",
                n + 2,
                n / 256
            ),
        ),
    ]
}

fn load(example: &str, spec_text: &str) -> (frontend::ir::Module, raise::spec::LaunchSpec) {
    let dir = root().join("examples").join(example);
    let spec = raise::spec::parse_spec(spec_text, example).unwrap();
    let module = driver::load_module(&dir.join("kernel.O2.ll")).unwrap();
    (module, spec)
}

#[test]
fn stencil_gradients_match_xla_elementwise() {
    for (example, text) in cases() {
        let (module, spec) = load(example, &text);
        let zeros: Vec<HostBuffer> = spec
            .buffers
            .iter()
            .map(|b| HostBuffer::zeros(b.dtype, &b.shape).unwrap())
            .collect();
        let inputs = random_like(&zeros, 5);
        let cot = random_like(&zeros, 17);
        let opts = RunOptions::default();
        let grad = |t: Target| {
            raise::grad::grad(&module, &spec, inputs.clone(), cot.clone(), t, &opts)
                .unwrap_or_else(|e| panic!("{example} on {}: {e}", t.name()))
                .1
        };
        let want = grad(Target::Xla);
        for target in [Target::Cpu, Target::ParallelInterp] {
            let got = grad(target);
            for (k, (g, w)) in got.iter().zip(&want).enumerate() {
                for i in 0..w.len() {
                    let (a, b) = (g.get_f64(i).unwrap(), w.get_f64(i).unwrap());
                    assert!(
                        (a - b).abs() <= 1e-5 * (1.0 + b.abs()),
                        "{example} on {}: grad of buffer {k}[{i}] = {a}, xla {b}",
                        target.name()
                    );
                }
            }
        }
    }
}

#[test]
fn stencil_adjoints_have_plain_interiors_on_cpu() {
    for (example, text) in cases() {
        let (module, spec) = load(example, &text);
        let bound = driver::bind_spec(&module, &spec).unwrap();
        let n = spec.buffers.len();
        for l in &bound {
            let raised = parallel_ir::raise_kernel(&module, l.kernel).unwrap();
            let k = raise::grad::adjoint_for_launch(&raised, l, n, true).unwrap();
            let k = raise::grad::prepare_cpu(&k, &l.config).unwrap();
            // Three (device_call, stencil1d) or six (stencil2d: five, and one on the boundary) accumulation sites, each
            // split into a marked interior and an atomic edge.
            let sites = if example == "stencil2d" { 6 } else { 3 };
            assert_eq!(k.block_local_atomics.len(), sites, "{example}");
            let text = parallel_ir::print::print_kernel(&k);
            assert_eq!(text.matches("atomic.fadd block_local").count(), sites);
            assert_eq!(text.matches("atomic.fadd ").count(), 2 * sites);
            let cpu = lower::cpu::emit::emit_module(&k, &l.config, module.globals.len()).unwrap();
            let mut plain = k.clone();
            plain.block_local_atomics.clear();
            let all_atomic =
                lower::cpu::emit::emit_module(&plain, &l.config, module.globals.len()).unwrap();
            let rmw = |t: &str| t.matches("llvm.atomicrmw").count();
            // The marked copies are plain loads and stores; the edges keep their atomics.
            assert!(
                cpu.contains("atomic monotonic {alignment = 4 : i64} : !llvm.ptr -> f32"),
                "{example}"
            );
            assert!(rmw(&cpu) > 0 && rmw(&cpu) < rmw(&all_atomic), "{example}");
        }
    }
}
