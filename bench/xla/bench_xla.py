#!/usr/bin/env python3
"""XLA-CPU benchmark: each example's raised StableHLO module (`raise emit --emit
stablehlo`) vs the same computation written by hand in jax.numpy (jitted), both compiled
by jaxlib's XLA CPU client in this process, on the example's inputs.

    bench_xla.py RAISE_BIN EXAMPLES_DIR [--module kernel.O2.ll] [--reps 200]

Prints a Markdown table: median wall time per execution (after warm-up, outputs awaited)
and whether the raised module's outputs match the hand version (allclose).
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time
import tomllib

os.environ.setdefault("JAX_PLATFORMS", "cpu")
import numpy as np  # noqa: E402
import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402

jax.config.update("jax_enable_x64", True)
from jax.extend import backend as jex_backend  # noqa: E402


def stencil_step(src, dst):
    return dst.at[:-2].set(src[:-2] - jnp.float32(2.0) * src[1:-1] + src[2:])


def stencil_pingpong(b):
    y = stencil_step(b["x"], b["y"])
    return {"x": stencil_step(y, b["x"]), "y": y}


def reduce_shared(b):
    x = b["x"]
    a = jnp.zeros(16 * 256, jnp.float32).at[: x.size].set(x).reshape(16, 256)
    return {"x": x, "partial": a.sum(axis=1)}


HAND = {
    "saxpy": lambda b: {"x": b["x"], "y": jnp.float32(2.0) * b["x"] + b["y"]},
    "stencil1d_pingpong": stencil_pingpong,
    "reduce_shared": reduce_shared,
    "matmul_tiled": lambda b: {"A": b["A"], "B": b["B"], "C": b["A"] @ b["B"]},
    "softmax_rows": lambda b: {"x": b["x"], "y": jax.nn.softmax(b["x"], axis=1)},
    "transpose_shared": lambda b: {"a": b["a"], "at": b["a"].T},
}

DTYPES = {"bool": np.bool_, "f16": np.float16, "f32": np.float32, "f64": np.float64,
          "i8": np.int8, "i16": np.int16, "i32": np.int32, "i64": np.int64,
          "u8": np.uint8, "u16": np.uint16, "u32": np.uint32, "u64": np.uint64}


def median_time(f, reps):
    for _ in range(5):
        f()
    ts = []
    for _ in range(reps):
        t0 = time.perf_counter()
        f()
        ts.append(time.perf_counter() - t0)
    return float(np.median(ts))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("raise_bin")
    ap.add_argument("examples")
    ap.add_argument("--module", default="kernel.O2.ll")
    ap.add_argument("--reps", type=int, default=200)
    a = ap.parse_args()
    backend = jex_backend.get_backend("cpu")
    dev = backend.local_devices()[0]
    print(f"jax {jax.__version__}, {backend.platform} ({os.cpu_count()} cpus), module {a.module}, "
          f"median of {a.reps}\n")
    print("| example | raised module (us) | hand jax.numpy (us) | ratio | same result |")
    print("|---|---|---|---|---|")
    for name, hand in HAND.items():
        ex = os.path.join(a.examples, name)
        with open(os.path.join(ex, "spec.toml"), "rb") as f:
            spec = tomllib.load(f)
        bufs = {}
        for bname, b in spec["buffers"].items():
            p = os.path.join(ex, "inputs", f"{bname}.npy")
            dt = DTYPES[b["dtype"]]
            bufs[bname] = np.load(p) if os.path.exists(p) else np.zeros(b["shape"], dt)
        with tempfile.TemporaryDirectory() as tmp:
            mod = os.path.join(tmp, "m.mlir")
            r = subprocess.run([a.raise_bin, "emit", os.path.join(ex, a.module), "--spec",
                                os.path.join(ex, "spec.toml"), "--emit", "stablehlo", "-o", mod],
                               capture_output=True, text=True)
            if r.returncode != 0:
                print(f"| {name} | {r.stderr.strip()} | | | |")
                continue
            text = open(mod).read()
        exe = backend.compile_and_load(text, [dev]) if hasattr(backend, "compile_and_load") \
            else backend.compile(text)
        names = list(spec["buffers"])
        dev_args = [jax.device_put(bufs[n], dev) for n in names]

        def run_raised():
            outs = exe.execute(dev_args)
            for o in outs:
                o.block_until_ready()
            return outs

        jf = jax.jit(lambda *xs: [hand(dict(zip(names, xs)))[n] for n in names])

        def run_hand():
            outs = jf(*dev_args)
            for o in outs:
                o.block_until_ready()
            return outs

        same = all(np.allclose(np.asarray(x), np.asarray(y), rtol=1e-4, atol=1e-5)
                   for x, y in zip(run_raised(), run_hand()))
        tr = median_time(run_raised, a.reps) * 1e6
        th = median_time(run_hand, a.reps) * 1e6
        print(f"| {name} | {tr:.1f} | {th:.1f} | {tr / th:.2f} | {'yes' if same else 'NO'} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
