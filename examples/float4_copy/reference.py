import numpy as np


def make_inputs(rng):
    return {"src": rng.uniform(-1.0, 1.0, (1000, 4)).astype(np.float32)}


def reference(inputs):
    src = inputs["src"]
    return {"src": src.copy(), "dst": (np.float32(3.0) * src).astype(np.float32)}
