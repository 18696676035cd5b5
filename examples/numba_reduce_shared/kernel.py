"""numba_reduce_shared: block tree reduction in a cuda.shared.array with
cuda.syncthreads() inside the halving loop; one partial sum per block."""
from numba import cuda, float32

BLOCK = 256
SIGNATURE = (float32[::1], float32[::1])


def reduce_sum(x, partial):
    sdata = cuda.shared.array(BLOCK, float32)
    tid = cuda.threadIdx.x
    i = cuda.blockIdx.x * cuda.blockDim.x + tid
    if i < x.shape[0]:
        sdata[tid] = x[i]
    else:
        sdata[tid] = float32(0.0)
    cuda.syncthreads()
    s = cuda.blockDim.x // 2
    while s > 0:
        if tid < s:
            sdata[tid] += sdata[tid + s]
        cuda.syncthreads()
        s //= 2
    if tid == 0:
        partial[cuda.blockIdx.x] = sdata[0]


KERNELS = [(reduce_sum, SIGNATURE)]
