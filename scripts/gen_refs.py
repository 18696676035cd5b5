#!/usr/bin/env python3
"""Runs every example's numpy reference and writes its expected outputs.

For each examples/<name>/ with a spec.toml and a reference.py:
  1. inputs/<buffer>.npy that are missing are created by reference.make_inputs(rng)
     (if defined; rng = numpy.random.default_rng(crc32(name))); existing input files
     are kept unless --new-inputs is given. Buffers without an input file are zeros.
  2. reference.reference(inputs) -> {buffer: array} gives the final value of every
     buffer after the whole launch sequence; it is checked against the spec's dtype and
     shape and written to expected/<buffer>.npy (every buffer, spec order).

    scripts/gen_refs.py                  # all examples
    scripts/gen_refs.py saxpy int_mix    # only these
    scripts/gen_refs.py --check          # recompute, compare with expected/, write nothing
    scripts/gen_refs.py --new-inputs     # regenerate inputs from make_inputs too

Needs numpy (ml_dtypes only for bf16 buffers). Python >= 3.11 (tomllib).
"""
import argparse
import importlib.util
import pathlib
import sys
import tomllib
import zlib

import numpy as np

ROOT = pathlib.Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"

DTYPES = {
    "f16": "float16", "f32": "float32", "f64": "float64",
    "i8": "int8", "i16": "int16", "i32": "int32", "i64": "int64",
    "u8": "uint8", "u16": "uint16", "u32": "uint32", "u64": "uint64",
    "bool": "bool",
}


def np_dtype(name):
    if name == "bf16":
        import ml_dtypes
        return np.dtype(ml_dtypes.bfloat16)
    return np.dtype(DTYPES[name])


def load_spec(d):
    with open(d / "spec.toml", "rb") as f:
        spec = tomllib.load(f)
    bufs = {}
    for name, b in spec["buffers"].items():  # tomllib keeps file order
        bufs[name] = (np_dtype(b["dtype"]), tuple(int(s) for s in b["shape"]))
    return bufs


def load_module(path):
    spec = importlib.util.spec_from_file_location(f"ref_{path.parent.name}", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def conform(where, name, arr, dtype, shape):
    arr = np.asarray(arr)
    if arr.dtype != dtype:
        sys.exit(f"{where}: buffer {name}: dtype {arr.dtype}, spec says {dtype}")
    if arr.shape != shape:
        sys.exit(f"{where}: buffer {name}: shape {arr.shape}, spec says {shape}")
    return np.ascontiguousarray(arr)


def process(d, args):
    name = d.name
    bufs = load_spec(d)
    mod = load_module(d / "reference.py")
    in_dir, exp_dir = d / "inputs", d / "expected"

    made = {}
    if hasattr(mod, "make_inputs"):
        have_all = all((in_dir / f"{b}.npy").exists() for b in bufs)
        if args.new_inputs or not have_all:
            rng = np.random.default_rng(zlib.crc32(name.encode()))
            made = mod.make_inputs(rng)
            for b in made:
                if b not in bufs:
                    sys.exit(f"{name}: make_inputs returned unknown buffer {b}")

    inputs = {}
    for b, (dt, shape) in bufs.items():
        f = in_dir / f"{b}.npy"
        if f.exists() and not args.new_inputs:
            inputs[b] = conform(f"{f}", b, np.load(f), dt, shape)
        elif b in made:
            arr = conform(f"{name}/make_inputs", b, made[b], dt, shape)
            inputs[b] = arr
            if not args.check:
                in_dir.mkdir(exist_ok=True)
                np.save(f, arr)
        else:
            inputs[b] = np.zeros(shape, dtype=dt)

    out = mod.reference({b: a.copy() for b, a in inputs.items()})
    missing = [b for b in bufs if b not in out]
    extra = [b for b in out if b not in bufs]
    if missing or extra:
        sys.exit(f"{name}: reference: missing buffers {missing}, unknown buffers {extra}")

    bad = []
    for b, (dt, shape) in bufs.items():
        arr = conform(f"{name}/reference", b, out[b], dt, shape)
        f = exp_dir / f"{b}.npy"
        if args.check:
            if not f.exists():
                bad.append(f"{b} (no expected file)")
            else:
                old = np.load(f)
                if old.dtype != arr.dtype or old.shape != arr.shape or not np.array_equal(
                    old, arr, equal_nan=arr.dtype.kind in "fc"
                ):
                    bad.append(b)
        else:
            exp_dir.mkdir(exist_ok=True)
            np.save(f, arr)
    if bad:
        print(f"{name}: MISMATCH {', '.join(bad)}")
        return False
    print(f"{name}: {'ok' if args.check else 'wrote'} {', '.join(bufs)}")
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("names", nargs="*", help="example directory names (default: all)")
    ap.add_argument("--check", action="store_true", help="compare, write nothing")
    ap.add_argument("--new-inputs", action="store_true", help="regenerate inputs")
    args = ap.parse_args()
    if args.names:
        dirs = [EXAMPLES / n for n in args.names]
    else:
        dirs = sorted(p.parent for p in EXAMPLES.glob("*/reference.py"))
    ok = True
    for d in dirs:
        if not (d / "spec.toml").exists() or not (d / "reference.py").exists():
            sys.exit(f"{d}: needs spec.toml and reference.py")
        ok &= process(d, args)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
