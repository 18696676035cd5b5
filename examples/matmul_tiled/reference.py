import numpy as np


def make_inputs(rng):
    return {
        "A": rng.uniform(-1.0, 1.0, (60, 70)).astype(np.float32),
        "B": rng.uniform(-1.0, 1.0, (70, 50)).astype(np.float32),
    }


def reference(inputs):
    A, B = inputs["A"], inputs["B"]
    C = (A.astype(np.float64) @ B.astype(np.float64)).astype(np.float32)
    return {"A": A.copy(), "B": B.copy(), "C": C}
