"""numba_reduce_shared in jax.numpy (kernel.py; x.shape[0] = 4000, 16 blocks of 256):
partial[b] = the sum of x over block b, entries past the end counting as 0."""
import jax.numpy as jnp


def program(bufs):
    x = bufs["x"]
    n, blocks, block = x.shape[0], 16, 256
    padded = jnp.zeros(blocks * block, x.dtype).at[:n].set(x)
    return {"x": x, "partial": padded.reshape(blocks, block).sum(axis=1)}
