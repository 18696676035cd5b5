"""numba_saxpy: y[i] = a * x[i] + y[i] as a Numba CUDA kernel (1-D float32 arrays)."""
from numba import cuda, float32, int32

SIGNATURE = (int32, float32, float32[::1], float32[::1])


def saxpy(n, a, x, y):
    i = cuda.grid(1)
    if i < n:
        y[i] = a * x[i] + y[i]


KERNELS = [(saxpy, SIGNATURE)]
