#include "cuda.h"
struct Params { int n; float scale; float2 off; };
__global__ void vadd4(const float4 *a, const float4 *b, float4 *c, Params p) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < p.n) {
    float4 x = a[i], y = b[i];
    c[i] = float4{x.x + y.x * p.scale, x.y + y.y + p.off.x, x.z + y.z, x.w + y.w + p.off.y};
  }
}
typedef float v4sf __attribute__((ext_vector_type(4)));
__global__ void extvec(v4sf *p, int k) {
  v4sf v = p[threadIdx.x];
  v = v * 2.0f + v.wzyx;
  v[k & 3] = 1.0f;
  p[threadIdx.x] = v;
}
__global__ void half_k(_Float16 *h, __bf16 *b) {
  h[threadIdx.x] = h[threadIdx.x] * (_Float16)1.5f + (_Float16)0.25f;
  b[threadIdx.x] = (__bf16)((float)b[threadIdx.x] * 2.0f);
}
