//! `--target xla` and `--emit stablehlo`: raise every launched kernel to the parallel IR,
//! emit one StableHLO module for the whole launch spec ([`lower::stablehlo`]), compile it
//! with a PJRT plugin and run it on the spec's buffers.
//!
//! Plugin discovery ([`runtime::find_plugin`]): `--pjrt-plugin PATH`, then
//! `$RAISE_PJRT_PLUGIN`, then the `xla-cpu-pjrt` wheel in a virtual environment / the
//! Python's site-packages; a clear `no-pjrt-plugin` error lists every place searched.

use std::collections::HashMap;

use frontend::ir::{FuncId, Module};
use frontend::Diagnostic;
use lower::stablehlo::{self, Arg, Buffer};
use parallel_ir::ir::Kernel;
use runtime::{ElementType, HostTensor, Pjrt};

use crate::bind::ParamValue;
use crate::buffers::{DType, HostBuffer};
use crate::driver::{bind_spec, BoundLaunch, RunOptions, RunResult};
use crate::spec::LaunchSpec;

/// Raising kernel IR -> parallel IR.
fn raise_kernel(module: &Module, kernel: FuncId) -> Result<Kernel, Diagnostic> {
    parallel_ir::raise_kernel(module, kernel)
}

pub(crate) fn element_type(d: DType) -> Result<ElementType, Diagnostic> {
    ElementType::from_name(d.name()).ok_or_else(|| {
        Diagnostic::new("internal", format!("no tensor type for dtype {}", d.name()))
    })
}

/// The StableHLO module (MLIR text) of a launch spec: `@main` takes and returns every
/// spec buffer in spec order.
pub fn emit_stablehlo(module: &Module, spec: &LaunchSpec) -> Result<String, Diagnostic> {
    let launches = bind_spec(module, spec)?;
    emit_bound(module, spec, &launches)
}

fn emit_bound(
    module: &Module,
    spec: &LaunchSpec,
    launches: &[BoundLaunch],
) -> Result<String, Diagnostic> {
    let mut kernels: HashMap<FuncId, Kernel> = HashMap::new();
    for l in launches {
        if let std::collections::hash_map::Entry::Vacant(e) = kernels.entry(l.kernel) {
            e.insert(raise_kernel(module, l.kernel)?);
        }
    }
    let buffers = spec
        .buffers
        .iter()
        .map(|b| {
            Ok(Buffer {
                name: b.name.clone(),
                element: element_type(b.dtype)?,
                shape: b.shape.iter().map(|&d| d as i64).collect(),
            })
        })
        .collect::<Result<Vec<_>, Diagnostic>>()?;
    let mut hlo_launches = Vec::with_capacity(launches.len());
    for (i, l) in launches.iter().enumerate() {
        let kernel = kernels
            .get(&l.kernel)
            .ok_or_else(|| Diagnostic::new("internal", "kernel not raised"))?;
        let args = l
            .params
            .iter()
            .map(|p| match *p {
                ParamValue::Bits(b) => Ok(Arg::Scalar(b)),
                ParamValue::BufferBase(j) => Ok(Arg::Buffer(j)),
                ParamValue::BufferOffset(..) => Err(Diagnostic::new(
                    "unsupported-tensorization",
                    format!(
                        "{}: launch {}: interior buffer pointers are not supported on --target xla",
                        spec.path,
                        i + 1
                    ),
                )),
            })
            .collect::<Result<Vec<_>, Diagnostic>>()?;
        hlo_launches.push(stablehlo::Launch {
            kernel,
            grid: l.config.grid,
            block: l.config.block,
            dynamic_shared_bytes: l.config.dynamic_shared_bytes,
            args,
        });
    }
    stablehlo::emit_module(&buffers, &hlo_launches)
}

fn rt_err(code: &'static str, e: runtime::RuntimeError) -> Diagnostic {
    Diagnostic::new(code, e.to_string())
}

/// Run the spec on XLA through a PJRT plugin.
pub fn run_xla(
    module: &Module,
    spec: &LaunchSpec,
    inputs: Vec<HostBuffer>,
    launches: &[BoundLaunch],
    options: &RunOptions,
) -> Result<RunResult, Diagnostic> {
    let text = emit_bound(module, spec, launches)?;
    let (buffers, plugin) = execute_on_pjrt(&text, inputs, options)?;
    Ok(RunResult {
        buffers,
        notes: vec![format!(
            "ran on {} (XLA cannot report out-of-bounds accesses or integer division by zero; the interp targets do)",
            plugin
        )],
    })
}

/// Compile the StableHLO module `text` with the PJRT plugin of `options` (or the one found
/// by [`runtime::find_plugin`]) and run it with one tensor per buffer of `buffers_in`, in
/// order. Gives the results as buffers of the same dtypes and shapes (bool normalised to
/// 0/1), and a description of the plugin and device that ran them.
pub(crate) fn execute_on_pjrt(
    text: &str,
    buffers_in: Vec<HostBuffer>,
    options: &RunOptions,
) -> Result<(Vec<HostBuffer>, String), Diagnostic> {
    let plugin = runtime::find_plugin(options.pjrt_plugin.as_deref())
        .map_err(|e| rt_err("no-pjrt-plugin", e))?;
    let pjrt = Pjrt::load(&plugin).map_err(|e| rt_err("pjrt", e))?;
    let exe = pjrt.compile(text).map_err(|e| rt_err("pjrt-compile", e))?;
    let mut tensors = Vec::with_capacity(buffers_in.len());
    for b in &buffers_in {
        tensors.push(
            HostTensor::new(
                element_type(b.dtype)?,
                b.shape.iter().map(|&d| d as i64).collect(),
                b.data.clone(),
            )
            .map_err(|e| rt_err("internal", e))?,
        );
    }
    let outs = exe
        .execute(&tensors)
        .map_err(|e| rt_err("pjrt-execute", e))?;
    if outs.len() != buffers_in.len() {
        return Err(Diagnostic::new(
            "internal",
            format!(
                "XLA returned {} buffers, expected {}",
                outs.len(),
                buffers_in.len()
            ),
        ));
    }
    let mut out = Vec::with_capacity(outs.len());
    for (t, b) in outs.into_iter().zip(buffers_in) {
        let data = if b.dtype == DType::Bool {
            t.data.iter().map(|&x| u8::from(x != 0)).collect()
        } else {
            t.data
        };
        if data.len() != b.data.len() {
            return Err(Diagnostic::new(
                "internal",
                "XLA returned a buffer of the wrong size",
            ));
        }
        out.push(HostBuffer {
            dtype: b.dtype,
            shape: b.shape,
            data,
        });
    }
    Ok((out, pjrt.describe()))
}
