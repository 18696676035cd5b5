import numpy as np


def make_inputs(rng):
    # y is a pure output of the first launch: omitted (zeros).
    return {"x": rng.uniform(-1.0, 1.0, 1000).astype(np.float32)}


def _step(src, dst):
    dst = dst.copy()
    dst[:-2] = src[:-2] - np.float32(2.0) * src[1:-1] + src[2:]
    return dst


def reference(inputs):
    x, y = inputs["x"], inputs["y"]
    y = _step(x, y)
    x = _step(y, x)
    return {"x": x, "y": y}
