// Just enough CUDA for clang-19 device-only compiles without a toolkit (PTX tests).
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __noinline__ __attribute__((noinline))
#include <__clang_cuda_builtin_vars.h>
struct __attribute__((aligned(16))) float4 { float x, y, z, w; };
