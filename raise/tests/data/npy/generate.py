"""Regenerates the NumPy-written .npy fixtures used by raise's npy tests.

Run with a Python that has numpy and ml_dtypes:  python generate.py
Every file is tiny; the expected contents are spelled out in raise/src/npy.rs tests.
"""
import os

import ml_dtypes
import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))


def save(name, arr, version=None):
    path = os.path.join(HERE, name)
    if version is None:
        np.save(path, arr)
    else:
        with open(path, "wb") as f:
            np.lib.format.write_array(f, arr, version=version)


save("f32_c.npy", np.array([1.0, -2.5, 3.25, 1e-3], dtype="<f4"))
save("f64_fortran.npy", np.asfortranarray(np.arange(6, dtype="<f8").reshape(2, 3)))
save("f64_c.npy", np.arange(6, dtype="<f8").reshape(2, 3))
save("i32_big.npy", np.arange(-3, 3, dtype=">i4").reshape(3, 2))
save("i32_c.npy", np.arange(-3, 3, dtype="<i4").reshape(3, 2))
save("f16_scalar.npy", np.array(0.333, dtype="<f2"))
save("bool.npy", np.array([True, False, True]))
save("u8_3d.npy", np.arange(24, dtype="u1").reshape(2, 3, 4))
save("i64_v2.npy", np.array([-(2**40), 7], dtype="<i8"), version=(2, 0))
save("u16_v3.npy", np.array([1, 65535], dtype="<u2"), version=(3, 0))
save("bf16.npy", np.array([1.0, -2.5, 3.0, 0.1], dtype=ml_dtypes.bfloat16))
save("c64.npy", np.array([1 + 2j], dtype="<c8"))

# Rounding vectors: f64 values (ties, near-ties, overflow, subnormals) with NumPy's
# float16 and ml_dtypes' bfloat16 of each.
rng = np.random.default_rng(7)
vals = [0.0, -0.0, 1.0, 65504.0, 65519.99, 65520.0, 1e10, -1e10, 2.0**-24, 2.0**-25,
        1.5 * 2.0**-25, 2.0**-26, 1 + 2.0**-11, 1 + 3 * 2.0**-11, 1 + 2.0**-11 + 2.0**-40,
        1 + 2.0**-8, 1 + 3 * 2.0**-8, 3.0e38, 3.4e38, 2.0**-133, 2.0**-134, 1e-300,
        np.inf, -np.inf, 0.1, -0.2, 1 / 3]
vals += list(rng.standard_normal(200) * 10.0 ** rng.integers(-9, 6, 200))
vals = np.array(vals, dtype="<f8")
save("round_f64.npy", vals)
save("round_f16.npy", vals.astype("<f2"))
save("round_bf16.npy", vals.astype(ml_dtypes.bfloat16))
