"""numba_stencil2d: the 5-point stencil of examples/stencil2d as a Numba kernel on 2-D
C-contiguous float32 arrays (each array is 5 + 2*2 = 9 kernel params)."""
from numba import cuda, float32

SIGNATURE = (float32[:, ::1], float32[:, ::1])


def stencil2d(a, b):
    col, row = cuda.grid(2)  # x = column, y = row
    ny, nx = a.shape
    if row < ny and col < nx:
        if row == 0 or col == 0 or row == ny - 1 or col == nx - 1:
            b[row, col] = a[row, col]
        else:
            s = a[row - 1, col] + a[row + 1, col] + a[row, col - 1] + a[row, col + 1]
            b[row, col] = float32(0.5) * a[row, col] + float32(0.125) * s


KERNELS = [(stencil2d, SIGNATURE)]
