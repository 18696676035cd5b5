#include "cuda.h"
__device__ float warp_sum(float v) {
  for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
  return v;
}
__global__ void reduce(const float *in, float *out, int n) {
  extern __shared__ float sm[];
  float v = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) v += in[i];
  v = warp_sum(v);
  if ((threadIdx.x & 31) == 0) sm[threadIdx.x / 32] = v;
  __syncthreads();
  if (threadIdx.x < 32) {
    v = threadIdx.x < blockDim.x / 32 ? sm[threadIdx.x] : 0;
    v = warp_sum(v);
    if (threadIdx.x == 0) atomicAdd(out, v);
  }
}
__global__ void xorbits(int *p) { p[threadIdx.x] = __shfl_xor_sync(0xffffffffu, p[threadIdx.x], 1); }
