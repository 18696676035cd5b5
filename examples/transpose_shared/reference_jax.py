"""transpose_shared in jax.numpy: out (cols x rows) = in (rows x cols) transposed, with
rows = 70, cols = 100; every element of out is written (the shared tile is an
implementation detail)."""


def program(bufs):
    a = bufs["a"]
    return {"a": a, "at": a.T}
