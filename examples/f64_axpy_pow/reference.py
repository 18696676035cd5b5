import numpy as np


def make_inputs(rng):
    return {
        "x": rng.uniform(-2.0, 2.0, 1000),
        "y": rng.uniform(0.1, 3.0, 1000),
    }


def reference(inputs):
    x, y = inputs["x"], inputs["y"]
    z = -0.75 * x + np.power(y, 1.5) * np.exp(-x * x) + np.sqrt(np.abs(x - y))
    return {"x": x.copy(), "y": y.copy(), "z": z}
