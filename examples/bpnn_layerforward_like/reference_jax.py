"""bpnn_layerforward_like in jax.numpy: per block by (8 blocks), the 16 x 16 matrix
m[ty][tx] = weights[by*16 + ty][tx] * input[by*16 + ty] is tree-reduced over ty
(for s = 1, 2, 4, 8: rows ty with ty % 2s == 0 get m[ty] + m[ty + s]); every thread
writes its (partially reduced) m[ty][tx] back to weights, in place, and
partial[by][tx] = m[0][tx]."""


def program(bufs):
    x, w = bufs["input"], bufs["weights"]
    m = (w * x[:, None]).reshape(8, 16, 16)  # [block, ty, tx]
    s = 1
    while s < 16:
        # rows 0, 2s, 4s, ... get themselves plus rows s, 3s, 5s, ...
        m = m.at[:, :: 2 * s, :].set(m[:, :: 2 * s, :] + m[:, s :: 2 * s, :])
        s *= 2
    return {"input": x, "weights": m.reshape(128, 16), "partial": m[:, 0, :]}
