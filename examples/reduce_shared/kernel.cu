// reduce_shared: block-level tree reduction in shared memory. Each block sums its
// blockDim.x (a power of two, 256) elements of x (zero-padded past n) and writes one
// partial sum per block. The halving loop has a barrier inside it.
#include "../include/raise_cuda.h"

#define BLOCK 256

extern "C" __global__ void reduce_sum(int n, const float *x, float *partial) {
  __shared__ float sdata[BLOCK];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + tid;
  sdata[tid] = (i < (unsigned)n) ? x[i] : 0.0f;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) {
      sdata[tid] += sdata[tid + s];
    }
    __syncthreads();
  }
  if (tid == 0) {
    partial[blockIdx.x] = sdata[0];
  }
}
