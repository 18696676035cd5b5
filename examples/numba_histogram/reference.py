import numpy as np


def make_inputs(rng):
    # A skewed distribution (many collisions on the low bins).
    v = np.minimum(rng.exponential(12.0, 4000), 63).astype(np.int32)
    return {"data": v}


def reference(inputs):
    d = inputs["data"]
    h = np.bincount(d, minlength=64).astype(np.int32)
    return {"data": d.copy(), "bins": (inputs["bins"] + h).astype(np.int32)}
