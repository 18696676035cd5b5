// Kernels with warp exchanges and barriers under a thread-dependent early return, for
// the CPU backend's predicated distribution (raise/tests/cpu_divergent.rs). Regenerate:
//   clang-19 -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 --cuda-feature=+ptx78 \
//     -nocudainc -nocudalib -I../../../../examples/include -S -emit-llvm -O2 kernel.cu -o kernel.O2.ll
#include "raise_cuda.h"

static __device__ __forceinline__ unsigned __ballot_sync(unsigned mask, int p) { return __nvvm_vote_ballot_sync(mask, p); }
static __device__ __forceinline__ int __all_sync(unsigned mask, int p) { return __nvvm_vote_all_sync(mask, p); }
static __device__ __forceinline__ int __any_sync(unsigned mask, int p) { return __nvvm_vote_any_sync(mask, p); }

// Early return, then a butterfly warp sum. Legal when whole warps return.
extern "C" __global__ void early_shfl(int n, int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int s = i * 7 + 1;
  for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(0xffffffffu, s, o);
  out[i] = s;
}

// Early return, then a barrier and a read of a neighbour's shared slot (0 when the
// neighbour returned: shared memory starts zeroed).
extern "C" __global__ void early_barrier(int n, int *out) {
  __shared__ int sh[64];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  if (i >= n) return;
  sh[t] = i * 3 + 2;
  __syncthreads();
  out[i] = sh[t ^ 1] + sh[(t + 5) & 63];
}

// Threads that skip the branch reach a barrier afterwards: not distributable as
// predicated segments.
extern "C" __global__ void skip_then_barrier(int n, int *out) {
  __shared__ int sh[64];
  int t = threadIdx.x;
  if (t < n) {
    sh[t] = t + 1;
    __syncthreads();
    out[t] = sh[t ^ 1];
  }
  __syncthreads();
  sh[t] += 10;
  __syncthreads();
  out[t + 64] = sh[t ^ 3];
}

// Early return, then warp votes.
extern "C" __global__ void early_vote(int n, int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int p = (i % 3) == 0;
  unsigned b = __ballot_sync(0xffffffffu, p);
  int a = __all_sync(0xffffffffu, p);
  int y = __any_sync(0xffffffffu, i % 5 == 0);
  out[i] = (int)(b ^ (unsigned)i) + a * 1000 + y * 100;
}
