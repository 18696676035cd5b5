// transpose_shared: out (cols x rows) = transpose(in (rows x cols)), row-major, through a
// 32x33 shared tile (the padding column avoids bank conflicts). Blocks are 32x8 threads;
// each thread moves TILE/ROWS = 4 elements in each phase. Bounds are guarded: the
// matrix is not a multiple of the tile.
#include "../include/raise_cuda.h"

#define TILE 32
#define ROWS 8

extern "C" __global__ void transpose(int rows, int cols, const float *in, float *out) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;  // column of in
  int y = blockIdx.y * TILE + threadIdx.y;  // row of in
  for (int j = 0; j < TILE; j += ROWS) {
    if (x < cols && y + j < rows) {
      tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * cols + x];
    }
  }
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;  // column of out = row of in
  y = blockIdx.x * TILE + threadIdx.y;  // row of out = column of in
  for (int j = 0; j < TILE; j += ROWS) {
    if (x < rows && y + j < cols) {
      out[(y + j) * rows + x] = tile[threadIdx.x][threadIdx.y + j];
    }
  }
}
