// histogram_atomic: two histograms of the same data (values already in [0, NBINS)).
//  - hist_global: one atomicAdd on the global bins per element.
//  - hist_shared: per-block privatized bins in shared memory (grid-stride loop over the
//    data, shared atomics), then one global atomicAdd per bin and block.
#include "../include/raise_cuda.h"

#define NBINS 64

extern "C" __global__ void hist_global(int n, const int *data, int *bins) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    atomicAdd(&bins[data[i]], 1);
  }
}

extern "C" __global__ void hist_shared(int n, const int *data, int *bins) {
  __shared__ int local[NBINS];
  for (int b = threadIdx.x; b < NBINS; b += blockDim.x) local[b] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    atomicAdd(&local[data[i]], 1);
  }
  __syncthreads();
  for (int b = threadIdx.x; b < NBINS; b += blockDim.x) {
    if (local[b] != 0) atomicAdd(&bins[b], local[b]);
  }
}
