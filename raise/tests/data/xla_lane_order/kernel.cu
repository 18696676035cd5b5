// A 2-D kernel for the StableHLO emitter's lane order (raise/tests/xla_lane_order.rs):
// a row-major ny x nx grid covered exactly by 16 x 8 blocks, so the store out[row * nx +
// col] walks the buffer when the lanes are ordered block y, thread y, block x, thread x.
// Around it: shifted loads (slices in that order), a data-dependent load (gather), a
// thread-local array with a data-dependent index (local memory), and an atomic
// histogram (scatter-add).
#include "../../../../examples/include/raise_cuda.h"

extern "C" __global__ void mix2d(int nx, int ny, const float *in, const int *idx, float *out,
                                 int *hist) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (col >= nx || row >= ny) return;
  int c = row * nx + col;
  float up = row > 0 ? in[c - nx] : 0.0f;
  float down = row + 1 < ny ? in[c + nx] : 0.0f;
  float far = in[idx[c]];
  float t[4];
  for (int k = 0; k < 4; ++k) t[k] = in[c] * (float)(k + 1);
  int j = idx[c] & 3;
  t[j] += far;
  out[c] = t[j] * up - down + t[(j + 1) & 3];
  atomicAdd(&hist[idx[c] & 15], 1);
}
