#!/usr/bin/env python3
"""Independent gradient references: jax.vjp of the jax.numpy version of an example.

Each floating-point example has `examples/<name>/reference_jax.py` defining
`program(bufs: dict) -> dict`: the whole launch program of its spec.toml (every launch,
in order, with in-place and ping-pong semantics), written from kernel.cu's meaning in
jax.numpy, without anything from `raise`. `bufs` maps every spec buffer name to its
initial contents: float buffers as jax arrays (differentiated), the others as concrete
numpy arrays (indices, counts: constants). It returns the final contents of every
buffer (an entry the program never writes is returned unchanged).

    jax_grad.py EXAMPLE_DIR --outputs DIR [--inputs DIR] [--cotangents DIR] [--tangents DIR]

reads the spec, the initial buffers (`<inputs>/<buffer>.npy`, default
EXAMPLE_DIR/inputs; a missing file = zeros, as `raise` does) and the cotangents of the
final buffers (`<cotangents>/<buffer>.npy`; missing = zeros), and writes
`final_<buffer>.npy` for every buffer and `grad_<buffer>.npy` for every float buffer: the
vector-Jacobian product of (initial buffers -> final buffers) with those cotangents, the
same contract as `raise grad`. With `--tangents DIR` (tangents of the initial buffers,
missing = zeros) it also writes `tangent_<buffer>.npy` for every float buffer: the
Jacobian-vector product (jax.jvp), as `raise jvp` does. It runs in float64 when the
spec has an f64 buffer (jax_enable_x64) and otherwise with x64 disabled, so f32 programs
stay in f32; a final whose dtype or shape differs from the spec is an error.

    jax_grad.py --self-test [EXAMPLE ...]

runs each program (default: every example with a reference_jax.py) forward on the
example's inputs and compares the finals with expected/ (written by the numpy
references, reference.py) under the example's check.toml tolerances, and checks its
jax.vjp against central finite differences of the program (one random direction per
float buffer; see fd_check).
"""

import argparse
import importlib.util
import os
import sys
import tomllib

import numpy as np

os.environ.setdefault("JAX_PLATFORMS", "cpu")

import jax  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FLOATS = {"f16": np.float16, "f32": np.float32, "f64": np.float64}
DTYPES = {
    **FLOATS,
    "i8": np.int8,
    "i16": np.int16,
    "i32": np.int32,
    "i64": np.int64,
    "u8": np.uint8,
    "u16": np.uint16,
    "u32": np.uint32,
    "u64": np.uint64,
    "bool": np.bool_,
}


class Failure(Exception):
    pass


def load_spec(example):
    """[(name, dtype name, shape)] in spec order."""
    with open(os.path.join(example, "spec.toml"), "rb") as f:
        spec = tomllib.load(f)
    out = []
    for name, b in spec.get("buffers", {}).items():
        if b["dtype"] not in DTYPES:
            raise Failure(f"{example}: buffer '{name}': dtype {b['dtype']} not supported here")
        out.append((name, b["dtype"], tuple(int(d) for d in b["shape"])))
    return out


def load_dir(spec, folder):
    """`<folder>/<buffer>.npy` for each buffer (zeros when missing or folder is None)."""
    out = {}
    for name, dtype, shape in spec:
        path = os.path.join(folder, f"{name}.npy") if folder else None
        if path and os.path.exists(path):
            a = np.load(path)
            if a.dtype != np.dtype(DTYPES[dtype]) or a.shape != shape:
                raise Failure(f"{path}: {a.dtype} {a.shape}, spec says {dtype} {shape}")
            out[name] = a
        else:
            out[name] = np.zeros(shape, DTYPES[dtype])
    return out


def load_program(example):
    path = os.path.join(example, "reference_jax.py")
    if not os.path.exists(path):
        raise Failure(f"{example}: no reference_jax.py")
    mod_spec = importlib.util.spec_from_file_location(
        "reference_jax_" + os.path.basename(os.path.abspath(example)), path
    )
    module = importlib.util.module_from_spec(mod_spec)
    mod_spec.loader.exec_module(module)
    return module.program


def check_finals(spec, finals, what):
    names = [n for n, _, _ in spec]
    if sorted(finals) != sorted(names):
        raise Failure(f"{what}: program returned buffers {sorted(finals)}, spec has {sorted(names)}")
    for name, dtype, shape in spec:
        a = finals[name]
        if np.dtype(a.dtype) != np.dtype(DTYPES[dtype]) or tuple(a.shape) != shape:
            raise Failure(f"{what}: final '{name}' is {a.dtype} {a.shape}, spec says {dtype} {shape}")


def run(example, inputs, cots, tans=None):
    """(finals, grads, tangents) as numpy dicts, from dicts of initial buffers and
    cotangents (and tangents) for every buffer; grads and tangents (None without `tans`)
    only for float buffers."""
    spec = load_spec(example)
    program = load_program(example)
    floats = [n for n, d, _ in spec if d in FLOATS]
    x64 = any(d == "f64" for _, d, _ in spec)
    with jax.enable_x64(x64):

        def f(*float_arrays):
            bufs = dict(inputs)
            bufs.update(zip(floats, float_arrays))
            finals = program(bufs)
            check_finals(spec, finals, example)
            rest = {n: np.asarray(v) for n, v in finals.items() if n not in floats}
            return tuple(finals[n] for n in floats), rest

        # One compiled program instead of one per primitive (eager mode): about a third
        # faster here. The non-float buffers are closed over, so they stay concrete.
        f = jax.jit(f)
        primals = tuple(jax.numpy.asarray(inputs[n]) for n in floats)
        out, vjp, rest = jax.vjp(f, *primals, has_aux=True)
        grads = vjp(tuple(jax.numpy.asarray(cots[n]) for n in floats))
        finals = {n: np.asarray(v) for n, v in rest.items()}
        finals.update({n: np.asarray(v) for n, v in zip(floats, out)})
        grads = {n: np.asarray(g) for n, g in zip(floats, grads)}
        tangents = None
        if tans is not None:
            _, tout, _ = jax.jvp(
                f, primals, tuple(jax.numpy.asarray(tans[n]) for n in floats), has_aux=True
            )
            tangents = {n: np.asarray(t) for n, t in zip(floats, tout)}
    for n, d, _ in spec:
        if n in grads and grads[n].dtype != np.dtype(DTYPES[d]):
            raise Failure(f"{example}: grad '{n}' is {grads[n].dtype}, spec says {d}")
    for n, d, _ in spec:
        if tangents and n in tangents and tangents[n].dtype != np.dtype(DTYPES[d]):
            raise Failure(f"{example}: tangent '{n}' is {tangents[n].dtype}, spec says {d}")
    return finals, grads, tangents


def tolerance(example):
    tol = {"rtol": 1e-5, "atol": 1e-6}
    path = os.path.join(example, "check.toml")
    if os.path.exists(path):
        with open(path, "rb") as f:
            t = tomllib.load(f)
        tol.update({k: float(t[k]) for k in ("rtol", "atol") if k in t})
    return tol


def fd_check(example, spec, inputs):
    """For each float buffer k, a random direction t on buffer k alone and random
    cotangents c: <c, (F(x + h t) - F(x - h t)) / 2h> == <vjp(c), t>, so the jax program
    is differentiable where it should be (no stop_gradient, integer casts or rounding
    hiding a dependence on k). f64: h = 1e-6, tolerance 1e-6; f32: h = 1e-2, tolerance
    2e-3 (f32 rounding of the perturbed data ~6e-8 / h, truncation ~h^2), relative to
    sum |c_i fd_i|. One direction per buffer, so a dropped dependence cannot be hidden
    by terms of other buffers; it could only cancel by chance within its own."""
    rng = np.random.default_rng(2026)
    floats = [(n, d, s) for n, d, s in spec if d in FLOATS]
    c = {n: rng.uniform(-1, 1, s).astype(DTYPES[d]) for n, d, s in floats}
    x64 = any(d == "f64" for _, d, _ in spec)
    h, tol = (1e-6, 1e-6) if x64 else (1e-2, 2e-3)
    _, g, _ = run(example, inputs, {**load_dir(spec, None), **c})
    worst = 0.0
    for k, dk, sk in floats:
        t = rng.uniform(-1, 1, sk)

        def shifted(sign):
            out = dict(inputs)
            out[k] = (inputs[k].astype(np.float64) + sign * h * t).astype(DTYPES[dk])
            return out

        plus, _, _ = run(example, shifted(1.0), load_dir(spec, None))
        minus, _, _ = run(example, shifted(-1.0), load_dir(spec, None))
        lhs = scale = 0.0
        for n, _, _ in floats:
            fd = (plus[n].astype(np.float64) - minus[n].astype(np.float64)) / (2 * h)
            lhs += float(np.sum(c[n].astype(np.float64) * fd))
            scale += float(np.sum(np.abs(c[n].astype(np.float64) * fd)))
        rhs = float(np.sum(g[k].astype(np.float64) * t))
        if abs(lhs - rhs) > tol * scale + tol:
            raise Failure(f"direction on '{k}': <c, fd(t)> = {lhs} but <vjp(c), t> = {rhs} (scale {scale})")
        worst = max(worst, abs(lhs - rhs) / max(scale, 1e-300))
    return f"vjp vs central differences: {worst:.1e} relative"


def self_test(names):
    examples_dir = os.path.join(ROOT, "examples")
    if not names:
        names = sorted(
            n
            for n in os.listdir(examples_dir)
            if os.path.exists(os.path.join(examples_dir, n, "reference_jax.py"))
        )
    bad = 0
    for name in names:
        example = os.path.join(examples_dir, name)
        try:
            spec = load_spec(example)
            inputs = load_dir(spec, os.path.join(example, "inputs"))
            zeros = load_dir(spec, None)
            finals, grads, _ = run(example, inputs, zeros)
            tol = tolerance(example)
            worst = 0.0
            for buf, _, _ in spec:
                want = np.load(os.path.join(example, "expected", f"{buf}.npy"))
                got = finals[buf]
                if want.dtype != got.dtype or want.shape != got.shape:
                    raise Failure(f"'{buf}': {got.dtype} {got.shape} vs expected {want.dtype} {want.shape}")
                g, w = got.astype(np.float64), want.astype(np.float64)
                err = np.abs(g - w) - (tol["atol"] + tol["rtol"] * np.abs(w))
                if (err > 0).any():
                    i = np.unravel_index(int(np.argmax(err)), err.shape)
                    raise Failure(f"'{buf}'{list(i)}: jax {g[i]} expected {w[i]} ({tol})")
                worst = max(worst, float(np.max(np.abs(g - w), initial=0.0)))
            for buf, g in grads.items():
                if np.any(g != 0):
                    raise Failure(f"grad '{buf}' with zero cotangents is not zero")
            fd = fd_check(example, spec, inputs)
            print(f"ok   {name}: finals match expected/ (max abs diff {worst:.3g}); {fd}")
        except Failure as e:
            bad += 1
            print(f"FAIL {name}: {e}")
    return 1 if bad else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("example", nargs="*", help="example folder (or names with --self-test)")
    ap.add_argument("--self-test", action="store_true")
    ap.add_argument("--inputs")
    ap.add_argument("--cotangents")
    ap.add_argument("--tangents")
    ap.add_argument("--outputs")
    a = ap.parse_args()
    if a.self_test:
        return self_test(a.example)
    if len(a.example) != 1 or not a.outputs:
        ap.error("give one EXAMPLE_DIR and --outputs DIR (or --self-test)")
    example = a.example[0]
    inputs = a.inputs or os.path.join(example, "inputs")
    if not os.path.isdir(inputs):
        print(f"jax_grad: {inputs}: no such directory (the inputs folder)", file=sys.stderr)
        return 1
    try:
        spec = load_spec(example)
        tans = load_dir(spec, a.tangents) if a.tangents else None
        finals, grads, tangents = run(
            example, load_dir(spec, inputs), load_dir(spec, a.cotangents), tans
        )
    except Failure as e:
        print(f"jax_grad: {e}", file=sys.stderr)
        return 1
    os.makedirs(a.outputs, exist_ok=True)
    for n, v in finals.items():
        np.save(os.path.join(a.outputs, f"final_{n}.npy"), v)
    for n, g in grads.items():
        np.save(os.path.join(a.outputs, f"grad_{n}.npy"), g)
    for n, t in (tangents or {}).items():
        np.save(os.path.join(a.outputs, f"tangent_{n}.npy"), t)
    return 0


if __name__ == "__main__":
    sys.exit(main())
