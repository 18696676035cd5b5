#include "cuda.h"
typedef float f4 __attribute__((ext_vector_type(4)));
__global__ void k(const float *p, const f4 *q, float *o) {
  o[threadIdx.x] = __nvvm_ldg_f(p + threadIdx.x);
  f4 v = __nvvm_ldg_f4(q + threadIdx.x);
  o[threadIdx.x + 64] = v.x + v.w;
  o[threadIdx.x + 128] = __nvvm_ldu_f(p);
}
