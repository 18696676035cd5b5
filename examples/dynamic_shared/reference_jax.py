"""dynamic_shared in jax.numpy (n = 1024, 4 blocks of 256): within each block,
out[i] = s[255 - t] + 0.5 s[t] where s is the block's slice of in (0 past n)."""
import jax.numpy as jnp


def program(bufs):
    x, y = bufs["x"], bufs["y"]
    n, blocks, block = 1024, 4, 256
    s = jnp.zeros(blocks * block, x.dtype).at[:n].set(x[:n]).reshape(blocks, block)
    out = (s[:, ::-1] + jnp.float32(0.5) * s).reshape(-1)
    return {"x": x, "y": y.at[:n].set(out[:n])}
