"""float4_copy in jax.numpy (n4 = 1000 float4 values, s = 3): out[i] = s * in[i]
component-wise for i < n4."""
import jax.numpy as jnp


def program(bufs):
    src, dst = bufs["src"], bufs["dst"]
    n4 = 1000
    return {"src": src, "dst": dst.at[:n4].set(jnp.float32(3.0) * src[:n4])}
