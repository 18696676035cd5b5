#include "cuda.h"
extern "C" __device__ int mystery(int);
__global__ void k(int *p) {
  p[threadIdx.x] = mystery(p[threadIdx.x]);
}
