import numpy as np


def make_inputs(rng):
    return {"a": rng.uniform(-1.0, 1.0, (70, 100)).astype(np.float32)}


def reference(inputs):
    a = inputs["a"]
    return {"a": a.copy(), "at": np.ascontiguousarray(a.T)}
