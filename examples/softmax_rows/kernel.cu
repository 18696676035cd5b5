// softmax_rows: y[r, :] = softmax(x[r, :]) for a row-major rows x cols matrix.
// One block per row; each thread strides over the row. The row maximum and the sum of
// exponentials are both tree-reduced in shared memory; expf is libdevice's __nv_expf.
#include "../include/raise_cuda.h"

#define BLOCK 128

extern "C" __global__ void softmax_rows(int rows, int cols, const float *x, float *y) {
  __shared__ float red[BLOCK];
  int r = blockIdx.x;
  int t = threadIdx.x;
  if (r >= rows) return;  // uniform per block
  const float *xr = x + (long)r * cols;
  float *yr = y + (long)r * cols;

  float m = -3.402823466e38f;
  for (int c = t; c < cols; c += blockDim.x) m = fmaxf(m, xr[c]);
  red[t] = m;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (t < s) red[t] = fmaxf(red[t], red[t + s]);
    __syncthreads();
  }
  float rowmax = red[0];
  __syncthreads();  // everyone has read red[0] before it is overwritten

  float sum = 0.0f;
  for (int c = t; c < cols; c += blockDim.x) {
    float e = expf(xr[c] - rowmax);
    yr[c] = e;
    sum += e;
  }
  red[t] = sum;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (t < s) red[t] += red[t + s];
    __syncthreads();
  }
  float inv = 1.0f / red[0];
  for (int c = t; c < cols; c += blockDim.x) yr[c] = yr[c] * inv;
}
