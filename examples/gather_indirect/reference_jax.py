"""gather_indirect (CSR spmv) in jax.numpy: for each row r < nrows (500),
y[r] = sum over j in [row_ptr[r], row_ptr[r+1]) of vals[j] * x[col_idx[j]]
(an empty row gives 0). row_ptr and col_idx are integer constants (numpy arrays)."""
import jax.numpy as jnp
import numpy as np


def program(bufs):
    row_ptr, col_idx = bufs["row_ptr"], bufs["col_idx"]
    vals, x, y = bufs["vals"], bufs["x"], bufs["y"]
    nrows = 500
    js, rows = [], []
    for r in range(nrows):
        j = np.arange(int(row_ptr[r]), int(row_ptr[r + 1]))
        js.append(j)
        rows.append(np.full(j.size, r))
    js, rows = np.concatenate(js), np.concatenate(rows)
    prod = vals[js] * x[col_idx[js]]
    sums = jnp.zeros(nrows, vals.dtype).at[rows].add(prod)
    out = dict(bufs)
    out["y"] = y.at[:nrows].set(sums)
    return out
