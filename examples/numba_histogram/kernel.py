"""numba_histogram: a histogram with cuda.atomic.add: per-block bins in a
cuda.shared.array (grid-stride loop, shared atomics), then one global atomic add per
non-empty bin and block."""
from numba import cuda, int32

NBINS = 64
SIGNATURE = (int32[::1], int32[::1])


def histogram(data, bins):
    local = cuda.shared.array(NBINS, int32)
    t = cuda.threadIdx.x
    for b in range(t, NBINS, cuda.blockDim.x):
        local[b] = 0
    cuda.syncthreads()
    for i in range(cuda.grid(1), data.shape[0], cuda.gridsize(1)):
        cuda.atomic.add(local, data[i], 1)
    cuda.syncthreads()
    for b in range(t, NBINS, cuda.blockDim.x):
        if local[b] != 0:
            cuda.atomic.add(bins, b, local[b])


KERNELS = [(histogram, SIGNATURE)]
