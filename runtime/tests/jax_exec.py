#!/usr/bin/env python3
"""Run a StableHLO module through jaxlib's own XLA CPU client: the independent executor
that raise's emitted modules are checked against.

    jax_exec.py MODULE.mlir IN_DIR OUT_DIR

Inputs: IN_DIR/manifest.json, if present, names the argument files in order, either as
a list ["a.npy", "b.npy"] or as {"args": [...]}; otherwise arg0.npy, arg1.npy, ... are
taken until one is missing. Outputs: OUT_DIR/out0.npy, out1.npy, ... (one per result of
@main) and OUT_DIR/manifest.json ({"outputs": [{"file", "dtype", "shape"}], "jax": ...}).

bf16 has no NumPy dtype: a '<V2' (2-byte void) array, which is what np.save writes for
ml_dtypes.bfloat16, is read as bfloat16, and bfloat16 results are written that way.

64-bit types are enabled (jax_enable_x64). Exits 1 with the compiler's message on stderr
if the module does not compile or run, 2 on bad usage.
"""
import json
import os
import sys


def load_inputs(in_dir, np, bf16):
    manifest = os.path.join(in_dir, "manifest.json")
    if os.path.exists(manifest):
        with open(manifest) as f:
            m = json.load(f)
        names = m["args"] if isinstance(m, dict) else m
        files = [os.path.join(in_dir, n) for n in names]
    else:
        files = []
        while os.path.exists(os.path.join(in_dir, f"arg{len(files)}.npy")):
            files.append(os.path.join(in_dir, f"arg{len(files)}.npy"))
    arrays = []
    for path in files:
        a = np.load(path, allow_pickle=False)
        if a.dtype.kind == "V" and a.dtype.itemsize == 2 and bf16 is not None:
            a = a.view(bf16)
        arrays.append(np.ascontiguousarray(a))
    return arrays


def main(argv):
    if len(argv) != 4:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    module_path, in_dir, out_dir = argv[1:]
    os.environ.setdefault("JAX_PLATFORMS", "cpu")
    import numpy as np
    import jax

    jax.config.update("jax_enable_x64", True)
    from jax.extend import backend as jex_backend

    try:
        import ml_dtypes

        bf16 = np.dtype(ml_dtypes.bfloat16)
    except ImportError:
        bf16 = None

    with open(module_path) as f:
        text = f.read()
    args = load_inputs(in_dir, np, bf16)

    b = jex_backend.get_backend("cpu")
    dev = b.local_devices()[0]
    try:
        if hasattr(b, "compile_and_load"):
            exe = b.compile_and_load(text, [dev])
        else:  # older jaxlib
            exe = b.compile(text)
        bufs = [jax.device_put(a, dev) for a in args]
        outs = exe.execute(bufs)
        results = [np.asarray(o) for o in outs]
    except Exception as e:  # the XLA error text is the useful part
        print(f"jax_exec: {type(e).__name__}: {e}", file=sys.stderr)
        return 1

    os.makedirs(out_dir, exist_ok=True)
    listing = []
    for i, r in enumerate(results):
        r = np.ascontiguousarray(r)
        dtype = "bfloat16" if bf16 is not None and r.dtype == bf16 else str(r.dtype)
        if dtype == "bfloat16":
            r = r.view(np.dtype("V2"))
        name = f"out{i}.npy"
        np.save(os.path.join(out_dir, name), r, allow_pickle=False)
        listing.append({"file": name, "dtype": dtype, "shape": list(r.shape)})
    with open(os.path.join(out_dir, "manifest.json"), "w") as f:
        json.dump({"outputs": listing, "jax": jax.__version__, "platform": b.platform}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
