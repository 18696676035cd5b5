"""warp_shuffle_reduce in jax.numpy (n = 4000; 16 blocks of 256 = 128 warps of 32):
warp_sums[w] = the sum of x over warp w (entries past n count as 0), and every warp
atomically adds its sum to total[0] (which keeps its initial value plus all of them)."""
import jax.numpy as jnp


def program(bufs):
    x, total = bufs["x"], bufs["total"]
    n, warps = 4000, 128
    padded = jnp.zeros(warps * 32, x.dtype).at[:n].set(x[:n])
    ws = padded.reshape(warps, 32).sum(axis=1)
    return {"x": x, "warp_sums": ws, "total": total.at[0].add(ws.sum())}
