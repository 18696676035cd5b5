// stencil2d: 5-point Jacobi-style stencil on a row-major ny x nx grid, 2-D grid of
// 2-D blocks (x = column, y = row). Interior points average themselves and their four
// neighbours with weights; boundary points are copied.
#include "../include/raise_cuda.h"

extern "C" __global__ void stencil2d(int nx, int ny, const float *in, float *out) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (col >= nx || row >= ny) return;
  int c = row * nx + col;
  if (col == 0 || row == 0 || col == nx - 1 || row == ny - 1) {
    out[c] = in[c];
  } else {
    float north = in[c - nx];
    float south = in[c + nx];
    float west = in[c - 1];
    float east = in[c + 1];
    out[c] = 0.5f * in[c] + 0.125f * (north + south + west + east);
  }
}
