"""reduce_shared in jax.numpy (n = 4000, 16 blocks of 256): partial[b] = the sum of
x[256 b : 256 b + 256], entries past n counting as 0; x is only read."""
import jax.numpy as jnp


def program(bufs):
    x = bufs["x"]
    n, blocks, block = 4000, 16, 256
    padded = jnp.zeros(blocks * block, x.dtype).at[:n].set(x[:n])
    return {"x": x, "partial": padded.reshape(blocks, block).sum(axis=1)}
