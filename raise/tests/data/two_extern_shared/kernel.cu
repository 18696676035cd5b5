// Two `extern __shared__` arrays alias (both start at the dynamic shared region): a
// store through `a` is read back through `b`. Compiled as in scripts/gen_examples.sh.
#include <__clang_cuda_builtin_vars.h>
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
extern "C" __global__ void twoext(const float* x, float* y) {
  extern __shared__ float a[];
  extern __shared__ float b[];
  int t = threadIdx.x;
  a[t] = x[blockIdx.x * blockDim.x + t] * 2.0f;
  __syncthreads();
  y[blockIdx.x * blockDim.x + t] = b[blockDim.x - 1 - t] + 1.0f;
}
