#include "cuda.h"
__global__ void hist(const unsigned char *in, int n, int *bins) {
  __shared__ int local[256];
  for (int i = threadIdx.x; i < 256; i += blockDim.x) local[i] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    atomicAdd(&local[in[i]], 1);
  __syncthreads();
  for (int i = threadIdx.x; i < 256; i += blockDim.x) atomicAdd(&bins[i], local[i]);
}
__global__ void amax(const int *in, int n, int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicMax(out, in[i]);
  unsigned b = __ballot_sync(0xffffffffu, i < n);
  if ((threadIdx.x & 31) == 0) atomicAdd(out + 1, __builtin_popcount(b));
  int c = __syncthreads_count(i < n);
  if (threadIdx.x == 0) out[2 + blockIdx.x] = c;
}
