"""device_call in jax.numpy (n = 1000, bias = 0.5; x has n + 2 entries):
y[i] = window3(x + i, bias) = 0.25 x[i] + 0.5 x[i+1] + 0.25 x[i+2] + bias."""
import jax.numpy as jnp


def program(bufs):
    x, y = bufs["x"], bufs["y"]
    f = jnp.float32
    n, bias = 1000, f(0.5)
    yi = f(0.25) * x[0:n] + f(0.5) * x[1 : n + 1] + f(0.25) * x[2 : n + 2] + bias
    return {"x": x, "y": y.at[:n].set(yi)}
