// Kernels that exercise many PTX instruction forms (compiled at -O0 and -O2).
// The .ll files next to this one (for the ptx_vs_ll cross-check) are built with
// -DSKIP_bits -DSKIP_warp_ops: the .ll frontend lacks llvm.nvvm.prmt and shfl.sync.up.
#include "kern.h"

__constant__ float coeffs[4] = {1.0f, 2.0f, 3.0f, 4.0f};
__device__ int counter = 5;
__device__ short table16[3] = {-1, 2, -3};

#ifndef SKIP_atomics
__global__ void atomics(int *i, unsigned *u, float *f, double *d, long long *ll) {
  int t = threadIdx.x;
  __nvvm_atom_add_gen_i(i, t);
  __nvvm_atom_min_gen_i(i + 1, t - 5);
  __nvvm_atom_max_gen_i(i + 2, t - 40);
  __nvvm_atom_min_gen_ui(u, t);
  __nvvm_atom_max_gen_ui(u + 1, t);
  __nvvm_atom_inc_gen_ui(u + 2, 7);
  __nvvm_atom_dec_gen_ui(u + 3, 7);
  __nvvm_atom_xchg_gen_i(i + 3, t);
  __nvvm_atom_and_gen_i(i + 4, ~(1 << (t & 31)));
  __nvvm_atom_or_gen_i(i + 5, 1 << (t & 31));
  __nvvm_atom_xor_gen_i(i + 6, t);
  __nvvm_atom_add_gen_f(f, 1.5f);
  __nvvm_atom_add_gen_d(d, 0.25);
  __nvvm_atom_add_gen_ll(ll, 3);
  __nvvm_atom_max_gen_ll(ll + 1, (long long)t << 33);
  int old = __nvvm_atom_cas_gen_i(i + 7, t, t + 1);
  long long old2 = __nvvm_atom_cas_gen_ll(ll + 2, t, t + 1);
  i[8 + t] = old + (int)old2 + __nvvm_atom_add_gen_i(&counter, 1);
}
#endif

#ifndef SKIP_shared_atomics
__global__ void shared_atomics(const unsigned char *in, unsigned *out, int n) {
  __shared__ unsigned bins[64];
  int t = threadIdx.x;
  if (t < 64) bins[t] = 0;
  __syncthreads();
  for (int k = blockIdx.x * blockDim.x + t; k < n; k += blockDim.x * gridDim.x)
    __nvvm_atom_add_gen_i((int *)&bins[in[k] & 63], 1);
  __syncthreads();
  if (t < 64) __nvvm_atom_add_gen_i((int *)&out[t], bins[t]);
}
#endif

#ifndef SKIP_warp_ops
__global__ void warp_ops(int *p, float *f) {
  int t = threadIdx.x;
  int v = p[t];
  int up = __nvvm_shfl_sync_up_i32(0xffffffffu, v, 1, 0);
  int idx = __nvvm_shfl_sync_idx_i32(0xffffffffu, v, t ^ 3, 0x1f);
  int seg = __nvvm_shfl_sync_down_i32(0xffffffffu, v, 2, 0x181f);
  float fv = __nvvm_shfl_sync_bfly_f32(0xffffffffu, f[t], 4, 0x1f);
  unsigned b = __nvvm_vote_ballot_sync(0xffffffffu, v > 3);
  int all = __nvvm_vote_all_sync(0xffffffffu, v > 0);
  int any = __nvvm_vote_any_sync(0xffffffffu, v > 10);
  int uni = __nvvm_vote_uni_sync(0xffffffffu, v > 10);
  __nvvm_bar_warp_sync(0xffffffffu);
  int c = __nvvm_bar0_popc(v & 1);
  int a = __nvvm_bar0_and(v > -100);
  int o = __nvvm_bar0_or(v == 7);
  p[t] = up + idx + seg + (int)b + all * 2 + any * 4 + uni * 8 + c + a * 16 + o * 32;
  f[t] = fv;
}
#endif

#ifndef SKIP_bits
__global__ void bits(unsigned *u, unsigned long long *l, int *s) {
  int t = threadIdx.x;
  unsigned x = u[t];
  unsigned long long y = l[t];
  int z = s[t];
  u[t] = __builtin_bitreverse32(x) ^ __builtin_popcount(x) ^ __builtin_clz(x | 1) ^ __nvvm_prmt(x, t, 0x3210 + t) ^
         __nvvm_prmt(x, t, 0x7531) ^ ((x >> 4) & 0xff) ^ __builtin_rotateleft32(x, t) ^
         __builtin_rotateright32(x, 3) ^ __nvvm_mulhi_ui(x, 77777u) ^ __nvvm_mul24_i((int)x, t) ^
         ((x & ~0xff0u) | ((unsigned)t << 4 & 0xff0u));
  l[t] = __builtin_bitreverse64(y) ^ __builtin_popcountll(y) ^ __builtin_clzll(y | 1) ^ __nvvm_mulhi_ull(y, 12345678901ull) ^
         (y >> (t & 63)) ^ (y << 7) ^ __builtin_rotateleft64(y, t);
  s[t] = (z >> 3) ^ __nvvm_mulhi_i(z, -5) ^ __nvvm_mul24_i(z, -t) ^ (z < 0 ? -z : z) ^ (z / 7) ^ (z % 5) ^
         ((int)(x / (unsigned)(t + 1))) ^ ((int)(x % 3u)) ^ ((z << 8) >> 20);
}
#endif

#ifndef SKIP_convs
__global__ void convs(float *f, double *d, int *i, unsigned *u, long long *ll, unsigned long long *ull,
                      short *sh, signed char *sc, unsigned char *uc) {
  int t = threadIdx.x;
  float x = f[t];
  double y = d[t];
  i[t] = (int)x + __nvvm_f2i_rn(x) + __nvvm_f2i_rm(x) + __nvvm_f2i_rp(x) + __nvvm_d2i_rn(y);
  u[t] = (unsigned)x + (unsigned)y + __nvvm_f2ui_rn(x);
  ll[t] = (long long)y + (long long)x;
  ull[t] = (unsigned long long)y + (unsigned long long)x;
  f[t] = (float)i[t] + (float)u[t] + (float)ll[t] + (float)y + __nvvm_saturate_f(x) + __builtin_truncf(x) +
         __builtin_floorf(x) + __builtin_ceilf(x) + __builtin_rintf(x) + __builtin_roundf(x) +
         (float)t + (float)ull[t];
  d[t] = (double)x + (double)ll[t] + (double)ull[t] + __builtin_floor(y) + __builtin_trunc(y) + (double)u[t];
  sh[t] = (short)i[t];
  sc[t] = (signed char)(x * 3);
  uc[t] = (unsigned char)u[t];
  i[t + 64] = sh[t + 1] + sc[t + 1] + uc[t + 1] + table16[t % 3];
}
#endif

#ifndef SKIP_floats
__global__ void floats(float *f, double *d) {
  int t = threadIdx.x;
  float x = f[t], w = f[t + 32];
  double y = d[t];
  f[t] = __nvvm_fmin_f(x, w) + __nvvm_fmax_f(x, 1.0f) + __builtin_fabsf(x) + __builtin_sqrtf(__builtin_fabsf(x)) +
         __nvvm_rsqrt_approx_f(w) + __nvvm_ex2_approx_f(x) + __nvvm_lg2_approx_f(w) + __nvvm_sin_approx_f(x) +
         __nvvm_cos_approx_f(x) + __nvvm_rcp_rn_f(w) + __nvvm_div_rn_f(x, w) + __builtin_copysignf(x, w) +
         __nvvm_fma_rn_f(x, w, 1.0f) + x / w + coeffs[t & 3] + (x < w ? x : -w) + (x != x ? 1.0f : 0.0f);
  d[t] = y * y + y / 3.0 + __builtin_sqrt(y) + __builtin_fma(y, y, 1.0) + __builtin_fmin(y, 2.0) + -y;
}
#endif

typedef _Float16 half2v __attribute__((ext_vector_type(2)));
#ifndef SKIP_halves
__global__ void halves(_Float16 *h, half2v *h2, __bf16 *b) {
  int t = threadIdx.x;
  _Float16 a = h[t], c = h[t + 32];
  h[t] = a * c + (_Float16)0.5f;
  h[t + 64] = a < c ? a : c;
  h2[t] = h2[t] * h2[t + 8] + h2[t + 16];
  b[t] = (__bf16)((float)b[t] + 1.0f);
}
#endif

struct P2 { float a; int b; };
__device__ __noinline__ P2 mk(float x, int y) { return P2{x * 2, y + 1}; }
__device__ __noinline__ float take(P2 p, float4 q) { return p.a + p.b + q.x + q.w; }
__device__ __noinline__ void nothing(int *p) { *p += 1; }
__device__ __noinline__ long long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

#ifndef SKIP_calls
__global__ void calls(float *out, const float4 *q, int *cnt) {
  int t = threadIdx.x;
  P2 p = mk(out[t], t);
  out[t] = take(p, q[t]) + (float)fib(t & 7);
  nothing(cnt);
}
#endif

#ifndef SKIP_locals
__global__ void locals(int *out, int n) {
  int a[16];
  for (int k = 0; k < 16; k++) a[k] = k * n + threadIdx.x;
  int s = 0;
  for (int k = 0; k < n; k++) s += a[(k * 7 + threadIdx.x) & 15];
  out[threadIdx.x] = s;
}
#endif

#ifndef SKIP_switches
__global__ void switches(int *out, int n) {
  int t = threadIdx.x;
  int r;
  switch ((t + n) & 15) {
    case 0: r = 10; break;
    case 1: r = n * 3; break;
    case 2: r = t - 7; break;
    case 3: r = 99; break;
    case 4: r = n ^ t; break;
    case 5: r = 5; break;
    case 6: r = -4; break;
    case 7: r = t * t; break;
    case 9: r = 1234; break;
    default: r = 0;
  }
  out[t] = r;
}
#endif

#ifndef SKIP_dynshared
__global__ void dynshared(float *out, int n) {
  extern __shared__ float dyn[];
  __shared__ float stat[32][33];
  int t = threadIdx.x;
  dyn[t] = (float)t;
  stat[t & 31][t >> 5] = out[t];
  __syncthreads();
  out[t] = dyn[(t + 1) % n] + stat[t >> 5][t & 31];
}
#endif

#ifndef SKIP_small_params
__global__ void small_params(char c, short s, bool b, unsigned char uc, float *out, double dd, long long x) {
  out[threadIdx.x] = c + s + (b ? 1.0f : 2.0f) + uc + (float)dd + (float)x;
}
#endif

#ifndef SKIP_volatiles
__global__ void volatiles(volatile int *flag, int *data) {
  if (threadIdx.x == 0) {
    data[0] = 42;
    __nvvm_membar_gl();
    *flag = 1;
  } else {
    while (*flag == 0) {}
    data[threadIdx.x] = __nvvm_ldg_i(data);
  }
  __nvvm_membar_cta();
  __nvvm_membar_sys();
}
#endif
