"""f64_axpy_pow in jax.numpy (float64; n = 1000, a = -0.75):
z[i] = a x[i] + pow(y[i], 1.5) exp(-x[i]^2) + sqrt(|x[i] - y[i]|) for i < n."""
import jax.numpy as jnp


def program(bufs):
    x, y, z = bufs["x"], bufs["y"], bufs["z"]
    n, a = 1000, -0.75
    xi, yi = x[:n], y[:n]
    zi = a * xi + jnp.power(yi, 1.5) * jnp.exp(-xi * xi) + jnp.sqrt(jnp.abs(xi - yi))
    return {"x": x, "y": y, "z": z.at[:n].set(zi)}
