import numpy as np

NROWS, NCOLS, NNZ = 500, 400, 4000


def make_inputs(rng):
    rows = np.sort(rng.integers(0, NROWS, NNZ))
    row_ptr = np.zeros(NROWS + 1, dtype=np.int32)
    row_ptr[1:] = np.cumsum(np.bincount(rows, minlength=NROWS))
    return {
        "row_ptr": row_ptr,
        "col_idx": rng.integers(0, NCOLS, NNZ).astype(np.int32),
        "vals": rng.uniform(-1.0, 1.0, NNZ).astype(np.float32),
        "x": rng.uniform(-1.0, 1.0, NCOLS).astype(np.float32),
    }


def reference(inputs):
    rp, ci, v, x = inputs["row_ptr"], inputs["col_idx"], inputs["vals"], inputs["x"]
    prod = v.astype(np.float64) * x.astype(np.float64)[ci]
    y = np.array([prod[rp[r] : rp[r + 1]].sum() for r in range(NROWS)])
    out = {k: inputs[k].copy() for k in ("row_ptr", "col_idx", "vals", "x")}
    out["y"] = y.astype(np.float32)
    return out
