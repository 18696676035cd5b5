// warp_shuffle_reduce: each warp sums its 32 values with __shfl_down_sync (offsets 16, 8,
// 4, 2, 1); lane 0 stores the warp's sum and atomically adds it to a global total.
#include "../include/raise_cuda.h"

extern "C" __global__ void warp_sum(int n, const float *x, float *warp_sums, float *total) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = (i < n) ? x[i] : 0.0f;
  for (int offset = 16; offset > 0; offset >>= 1) {
    v += __shfl_down_sync(0xffffffffu, v, offset);
  }
  if ((threadIdx.x & 31) == 0) {
    warp_sums[i / 32] = v;
    atomicAdd(total, v);
  }
}
