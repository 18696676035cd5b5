// scan_block: inclusive prefix sum within each block (Hillis-Steele, double-buffered in
// shared memory, a barrier inside the doubling loop). Each block scans its own
// blockDim.x-element segment; elements past n read as zero and are not written.
#include "../include/raise_cuda.h"

#define BLOCK 256

extern "C" __global__ void scan_block(int n, const float *x, float *y) {
  __shared__ float buf[2][BLOCK];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  int out = 0;
  buf[out][t] = (i < n) ? x[i] : 0.0f;
  __syncthreads();
  for (int offset = 1; offset < blockDim.x; offset *= 2) {
    int in = out;
    out = 1 - out;
    float v = buf[in][t];
    if (t >= offset) v += buf[in][t - offset];
    buf[out][t] = v;
    __syncthreads();
  }
  if (i < n) y[i] = buf[out][t];
}
