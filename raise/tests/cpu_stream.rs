//! Streaming stores (lower/src/cpu/stream.rs) on a real kernel: the stencil2d example
//! (`kernel.O2.ll`, raised and prepared as `raise run --target cpu` does), compiled with
//! thresholds that make its output stream at a small size, gives the interpreter's
//! output bit for bit; its input (loaded) never streams.

use std::collections::HashMap;

use raise::buffers::HostBuffer;
use raise::driver::{self, RunOptions, Target};

#[test]
fn stencil2d_streamed_equals_interp_bit_for_bit() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let module = driver::load_module(&root.join("examples/stencil2d/kernel.O2.ll")).unwrap();
    // 300 x 140: 19 x 18 blocks of 16 x 8 (the last row and column partial), rows not a
    // multiple of a 64-byte line.
    let (nx, ny) = (300usize, 140usize);
    let text = format!(
        "[buffers.a]\ndtype = \"f32\"\nshape = [{ny}, {nx}]\n[buffers.b]\ndtype = \"f32\"\nshape = [{ny}, {nx}]\n\
         [[launch]]\nkernel = \"stencil2d\"\ngrid = [19, 18]\nblock = [16, 8]\nargs = [{nx}, {ny}, \"a\", \"b\"]\n"
    );
    let spec = raise::spec::parse_spec(&text, "stencil.toml").unwrap();
    let mut bufs: Vec<HostBuffer> = spec
        .buffers
        .iter()
        .map(|b| {
            let mut h = HostBuffer::zeros(b.dtype, &b.shape).unwrap();
            for i in 0..h.len() {
                h.set_f64(i, ((i * 7919) % 1013) as f64 / 97.0 - 3.0)
                    .unwrap();
            }
            h
        })
        .collect();
    let want = driver::run(
        &module,
        &spec,
        bufs.clone(),
        Target::Interp,
        &RunOptions::default(),
    )
    .unwrap();
    let bound = driver::bind_spec(&module, &spec).unwrap();
    let l = &bound[0];
    let k = raise::cpu::prepare(&module, l, &mut HashMap::new()).unwrap();
    let sizes: Vec<usize> = bufs.iter().map(|b| b.data.len()).collect();
    let facts = lower::cpu::PrivatizeFacts {
        stream: Some(lower::cpu::StreamLimits {
            min_bytes: 0,
            min_iter_bytes: 0,
        }),
        ..raise::cpu::privatize_facts(&l.params, &sizes, false)
    };
    let distinct = raise::cpu::distinct_buffers(l);
    let on = cfg!(target_arch = "x86_64")
        && std::env::var_os("RAISE_CPU_STREAM").is_none_or(|v| v != "0");
    if on {
        let limits = facts.stream;
        assert_eq!(
            lower::cpu::stream::streaming_params(&k, &facts, limits),
            vec![(3, (nx * ny * 4) as u64)],
            "only the output streams"
        );
    }
    let text = lower::cpu::emit::emit_module_facts(&k, &l.config, 0, distinct, &facts).unwrap();
    assert_eq!(text.contains("nontemporal"), on);
    let compiled = lower::cpu::compile_facts(&k, &l.config, 0, distinct, &facts).unwrap();
    // Garbage in the output first: every element must be written.
    bufs[1].data.fill(0x7f);
    let ptrs: Vec<*mut u8> = bufs.iter_mut().map(|b| b.data.as_mut_ptr()).collect();
    let args: Vec<lower::cpu::CpuArg> = l
        .params
        .iter()
        .map(|p| match *p {
            raise::bind::ParamValue::Bits(b) => lower::cpu::CpuArg::Bits(b),
            raise::bind::ParamValue::BufferBase(i) => lower::cpu::CpuArg::Ptr(ptrs[i]),
            raise::bind::ParamValue::BufferOffset(i, o) => {
                lower::cpu::CpuArg::Ptr(ptrs[i].wrapping_add(o as usize))
            }
        })
        .collect();
    unsafe { compiled.run(&args, &[]) }.unwrap();
    for (w, g) in want.buffers.iter().zip(&bufs) {
        assert!(w.data == g.data, "differs from the interpreter");
    }
}
