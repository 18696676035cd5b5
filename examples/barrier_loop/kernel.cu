// barrier_loop: an iterative Jacobi relaxation of a 1-D segment held in shared memory.
// Each block owns one segment of n + 2 values of u (two fixed end points) and runs
// `iters` sweeps; each sweep has two barriers inside the loop (compute into `next`,
// then copy back into `cur`). blockDim.x must equal n.
#include "../include/raise_cuda.h"

#define MAXN 256

extern "C" __global__ void jacobi_block(int n, int iters, float *u) {
  __shared__ float cur[MAXN + 2];
  __shared__ float next[MAXN + 2];
  float *seg = u + blockIdx.x * (n + 2);
  int t = threadIdx.x;
  cur[t + 1] = seg[t + 1];
  if (t == 0) {
    cur[0] = seg[0];
    cur[n + 1] = seg[n + 1];
  }
  __syncthreads();
  for (int k = 0; k < iters; ++k) {
    next[t + 1] = 0.25f * cur[t] + 0.5f * cur[t + 1] + 0.25f * cur[t + 2];
    __syncthreads();
    cur[t + 1] = next[t + 1];
    __syncthreads();
  }
  seg[t + 1] = cur[t + 1];
}
