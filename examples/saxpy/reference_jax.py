"""saxpy in jax.numpy (one launch, n = 1000, a = 2): y[i] = a * x[i] + y[i] for every
i < n; x is only read."""
import jax.numpy as jnp


def program(bufs):
    x, y = bufs["x"], bufs["y"]
    n, a = 1000, jnp.float32(2.0)
    return {"x": x, "y": y.at[:n].set(a * x[:n] + y[:n])}
