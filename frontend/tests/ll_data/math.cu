#include "cuda.h"
__constant__ float W[8] = {0.1f, 0.2f, 0.3f, 0.4f, -0.5f, 1e-3f, 3.14159f, 2.71828f};
__constant__ double DW[2] = {1.0/3.0, -2.5};
__global__ void softmax_row(const float *x, float *y, int n) {
  float m = -1e30f;
  for (int i = 0; i < n; i++) m = fmaxf(m, x[i]);
  float s = 0;
  for (int i = 0; i < n; i++) s += __nv_expf(x[i] - m);
  for (int i = threadIdx.x; i < n; i += blockDim.x) y[i] = __nv_expf(x[i] - m) / s;
}
__global__ void misc(float *a, double *d, int *k, unsigned long long *u, int n) {
  int i = threadIdx.x;
  a[i] = __nv_tanhf(a[i]) * W[i & 7] + sqrtf(fabsf(a[i])) + __nv_powf(a[i], 2.5f) + __nv_logf(a[i] + 1);
  d[i] = __nv_exp(d[i]) * DW[i & 1] + (double)a[i];
  k[i] = (int)a[i] + (k[i] >> 3) + (unsigned)k[i] / 7u + k[i] % 5 + __builtin_clz(k[i] | 1) + __builtin_ctz(k[i] | 16);
  u[i] = (u[i] << 7) | (u[i] >> 57);
  u[i] = __builtin_bswap64(u[i]) ^ (unsigned long long)d[i];
  switch (k[i] & 7) { case 0: a[i] += 1; break; case 1: case 2: a[i] *= 2; break; case 5: a[i] = -a[i]; break; default: break; }
  __threadfence();
}
