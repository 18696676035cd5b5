// raise_cuda.h: the minimal CUDA device-side header for raise's example kernels.
//
// It replaces the CUDA toolkit headers so that the examples compile with nothing but
// clang (no CUDA installation, no libdevice):
//
//   clang-19 -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 -nocudainc -nocudalib \
//            -include examples/include/raise_cuda.h -S -emit-llvm -O2 kernel.cu
//
// Intrinsics are thin inline wrappers over clang's NVPTX builtins. Transcendental math
// is declared as calls to libdevice functions (__nv_expf, ...) that are NOT linked: the
// emitted IR keeps the `call @__nv_expf` which raise's frontend maps to a math op.
#ifndef RAISE_CUDA_H
#define RAISE_CUDA_H

#ifndef __CUDA__
#error "raise_cuda.h is for CUDA device compilation (clang -x cuda)"
#endif

#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __host__ __attribute__((host))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))

#include <__clang_cuda_builtin_vars.h>

#define RAISE_DEV static __device__ __forceinline__

// ---- vector types -----------------------------------------------------------------
struct __attribute__((aligned(8))) float2 { float x, y; };
struct __attribute__((aligned(16))) float4 { float x, y, z, w; };
struct __attribute__((aligned(8))) int2 { int x, y; };
struct __attribute__((aligned(16))) int4 { int x, y, z, w; };
RAISE_DEV float4 make_float4(float x, float y, float z, float w) {
  float4 r; r.x = x; r.y = y; r.z = z; r.w = w; return r;
}
RAISE_DEV float2 make_float2(float x, float y) { float2 r; r.x = x; r.y = y; return r; }

// ---- synchronisation ---------------------------------------------------------------
// `__syncthreads` is a clang NVPTX builtin (lowers to llvm.nvvm.barrier0).
RAISE_DEV void __threadfence(void) { __nvvm_membar_gl(); }
RAISE_DEV void __threadfence_block(void) { __nvvm_membar_cta(); }
RAISE_DEV void __syncwarp(unsigned mask = 0xffffffffu) { __nvvm_bar_warp_sync(mask); }

// ---- atomics (generic address space; return the old value) --------------------------
RAISE_DEV int atomicAdd(int *p, int v) { return __nvvm_atom_add_gen_i(p, v); }
RAISE_DEV unsigned atomicAdd(unsigned *p, unsigned v) {
  return (unsigned)__nvvm_atom_add_gen_i((int *)p, (int)v);
}
RAISE_DEV float atomicAdd(float *p, float v) { return __nvvm_atom_add_gen_f(p, v); }
RAISE_DEV double atomicAdd(double *p, double v) { return __nvvm_atom_add_gen_d(p, v); }
RAISE_DEV int atomicSub(int *p, int v) { return __nvvm_atom_add_gen_i(p, -v); }
RAISE_DEV int atomicMax(int *p, int v) { return __nvvm_atom_max_gen_i(p, v); }
RAISE_DEV int atomicMin(int *p, int v) { return __nvvm_atom_min_gen_i(p, v); }
RAISE_DEV int atomicExch(int *p, int v) { return __nvvm_atom_xchg_gen_i(p, v); }
RAISE_DEV int atomicCAS(int *p, int cmp, int v) { return __nvvm_atom_cas_gen_i(p, cmp, v); }

// ---- warp shuffles -----------------------------------------------------------------
// The last builtin operand packs the segment mask and clamp: ((32 - width) << 8) | 0x1f.
RAISE_DEV int __shfl_down_sync(unsigned mask, int v, unsigned delta, int width = 32) {
  return __nvvm_shfl_sync_down_i32(mask, v, delta, ((32 - width) << 8) | 0x1f);
}
RAISE_DEV float __shfl_down_sync(unsigned mask, float v, unsigned delta, int width = 32) {
  return __nvvm_shfl_sync_down_f32(mask, v, delta, ((32 - width) << 8) | 0x1f);
}
RAISE_DEV int __shfl_xor_sync(unsigned mask, int v, int lane, int width = 32) {
  return __nvvm_shfl_sync_bfly_i32(mask, v, lane, ((32 - width) << 8) | 0x1f);
}
RAISE_DEV float __shfl_xor_sync(unsigned mask, float v, int lane, int width = 32) {
  return __nvvm_shfl_sync_bfly_f32(mask, v, lane, ((32 - width) << 8) | 0x1f);
}
RAISE_DEV int __shfl_sync(unsigned mask, int v, int lane, int width = 32) {
  return __nvvm_shfl_sync_idx_i32(mask, v, lane, ((32 - width) << 8) | 0x1f);
}
RAISE_DEV float __shfl_sync(unsigned mask, float v, int lane, int width = 32) {
  return __nvvm_shfl_sync_idx_f32(mask, v, lane, ((32 - width) << 8) | 0x1f);
}

// ---- math ----------------------------------------------------------------------------
// Exact operations lower to LLVM intrinsics / instructions through clang builtins.
RAISE_DEV float sqrtf(float x) { return __builtin_sqrtf(x); }
RAISE_DEV double sqrt(double x) { return __builtin_sqrt(x); }
RAISE_DEV float fabsf(float x) { return __builtin_fabsf(x); }
RAISE_DEV double fabs(double x) { return __builtin_fabs(x); }
RAISE_DEV float fmaxf(float a, float b) { return __builtin_fmaxf(a, b); }
RAISE_DEV float fminf(float a, float b) { return __builtin_fminf(a, b); }
RAISE_DEV double fmax(double a, double b) { return __builtin_fmax(a, b); }
RAISE_DEV double fmin(double a, double b) { return __builtin_fmin(a, b); }
RAISE_DEV float fmaf(float a, float b, float c) { return __builtin_fmaf(a, b, c); }
RAISE_DEV double fma(double a, double b, double c) { return __builtin_fma(a, b, c); }
RAISE_DEV int min(int a, int b) { return a < b ? a : b; }
RAISE_DEV int max(int a, int b) { return a > b ? a : b; }
RAISE_DEV unsigned umin(unsigned a, unsigned b) { return a < b ? a : b; }
RAISE_DEV unsigned umax(unsigned a, unsigned b) { return a > b ? a : b; }

// Transcendentals: calls to (unlinked) libdevice functions.
extern "C" {
__device__ float __nv_expf(float);
__device__ float __nv_logf(float);
__device__ float __nv_tanhf(float);
__device__ float __nv_powf(float, float);
__device__ float __nv_sinf(float);
__device__ float __nv_cosf(float);
__device__ double __nv_exp(double);
__device__ double __nv_log(double);
__device__ double __nv_pow(double, double);
__device__ double __nv_tanh(double);
__device__ double __nv_sin(double);
__device__ double __nv_cos(double);
}
RAISE_DEV float expf(float x) { return __nv_expf(x); }
RAISE_DEV float logf(float x) { return __nv_logf(x); }
RAISE_DEV float tanhf(float x) { return __nv_tanhf(x); }
RAISE_DEV float powf(float x, float y) { return __nv_powf(x, y); }
RAISE_DEV float sinf(float x) { return __nv_sinf(x); }
RAISE_DEV float cosf(float x) { return __nv_cosf(x); }
RAISE_DEV double exp(double x) { return __nv_exp(x); }
RAISE_DEV double log(double x) { return __nv_log(x); }
RAISE_DEV double pow(double x, double y) { return __nv_pow(x, y); }
RAISE_DEV double tanh(double x) { return __nv_tanh(x); }
RAISE_DEV double sin(double x) { return __nv_sin(x); }
RAISE_DEV double cos(double x) { return __nv_cos(x); }

#undef RAISE_DEV
#endif // RAISE_CUDA_H
