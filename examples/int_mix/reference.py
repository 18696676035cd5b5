import numpy as np


def make_inputs(rng):
    a = rng.integers(-100000, 100001, 2000).astype(np.int32)
    mag = rng.integers(1, 51, 2000)
    sign = np.where(rng.integers(0, 2, 2000) == 1, 1, -1)
    return {"a": a, "b": (mag * sign).astype(np.int32)}


def reference(inputs):
    x = inputs["a"].astype(np.int64)
    y = inputs["b"].astype(np.int64)
    # C semantics: division truncates toward zero, the remainder has the dividend's sign.
    q = np.sign(x) * np.sign(y) * (np.abs(x) // np.abs(y))
    r = x - y * q
    sh = (x >> 3) ^ (y << 4)  # arithmetic shift (numpy >> on signed ints)
    m = np.minimum(x, y) + np.maximum(q, r)
    sel = np.where((x & 1) != 0, q, r)
    ux = x & 0xFFFFFFFF  # the u32 bit pattern
    uy = y & 0xFFFFFFFF
    case = ux % 7
    res = np.select(
        [case == 0, case == 1, case == 2, case == 3, case == 5, case == 6],
        [q + r, sh, m * 3, sel - y, x ^ y, (x | y) & 0x7FF],
        -x,
    )
    u = ((ux >> 5) + (ux // 10) * (r < 0) + np.minimum(ux, uy)) & 0xFFFFFFFF
    return {
        "a": inputs["a"].copy(),
        "b": inputs["b"].copy(),
        "out": res.astype(np.int32),
        "uout": u.astype(np.uint32),
    }
