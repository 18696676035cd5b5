// stencil1d_pingpong: a 3-point second-difference stencil
//   out[i] = in[i] - 2 * in[i+1] + in[i+2]   for i + 2 < n
// launched twice, x -> y then y -> x. Elements with i + 2 >= n are left untouched.
#include "../include/raise_cuda.h"

extern "C" __global__ void stencil1d(int n, const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i + 2 < n) {
    out[i] = in[i] - 2.0f * in[i + 1] + in[i + 2];
  }
}
