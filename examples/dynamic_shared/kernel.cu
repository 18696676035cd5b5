// dynamic_shared: each block stages its segment in dynamically sized shared memory
// (extern __shared__, size given at launch) and writes it back reversed within the
// block, added to its unreversed self: out[b*B + t] = s[B-1-t] + 0.5 * s[t].
#include "../include/raise_cuda.h"

extern "C" __global__ void reverse_blocks(int n, const float *in, float *out) {
  extern __shared__ float s[];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  s[t] = (i < n) ? in[i] : 0.0f;
  __syncthreads();
  if (i < n) {
    out[i] = s[blockDim.x - 1 - t] + 0.5f * s[t];
  }
}
