// Minimal CUDA declarations for clang-19 device-only compiles without a CUDA toolkit.
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#include <__clang_cuda_builtin_vars.h>
struct __attribute__((aligned(16))) float4 { float x, y, z, w; };
struct __attribute__((aligned(8))) float2 { float x, y; };
extern "C" __device__ float __nv_expf(float);
extern "C" __device__ float __nv_logf(float);
extern "C" __device__ float __nv_tanhf(float);
extern "C" __device__ double __nv_exp(double);
extern "C" __device__ float __nv_powf(float, float);
static __device__ inline float atomicAdd(float *p, float v) { return __nvvm_atom_add_gen_f(p, v); }
static __device__ inline int atomicAdd(int *p, int v) { return __nvvm_atom_add_gen_i(p, v); }
static __device__ inline int atomicMax(int *p, int v) { return __nvvm_atom_max_gen_i(p, v); }
static __device__ inline unsigned atomicCAS(unsigned *p, unsigned c, unsigned v) { return __nvvm_atom_cas_gen_i((int*)p, c, v); }
static __device__ inline float __shfl_down_sync(unsigned m, float v, int d) { return __nvvm_shfl_sync_down_f32(m, v, d, 0x1f); }
static __device__ inline int __shfl_xor_sync(unsigned m, int v, int d) { return __nvvm_shfl_sync_bfly_i32(m, v, d, 0x1f); }
static __device__ inline unsigned __ballot_sync(unsigned m, int p) { return __nvvm_vote_ballot_sync(m, p); }
static __device__ inline int __syncthreads_count(int p) { return __nvvm_bar0_popc(p); }
static __device__ inline float fmaxf(float a, float b) { return __builtin_fmaxf(a, b); }
static __device__ inline float sqrtf(float a) { return __builtin_sqrtf(a); }
static __device__ inline void __threadfence() { __nvvm_membar_gl(); }
static __device__ inline float fabsf(float a) { return __builtin_fabsf(a); }
