// bpnn_layerforward_like: a layer-forward step in the style of a back-propagation
// network. Block (16 x 16 threads) `by` takes 16 inputs and a 16 x 16 slice of the
// weights: it stages the inputs in one shared array, then (after a barrier) the weights
// in a different shared array, scales every weight by its input, and tree-reduces the
// 16 rows of products (barrier inside the loop). Row 0 writes one partial sum per
// hidden unit; the scaled weights are also written back.
#include "../include/raise_cuda.h"

#define WIDTH 16
#define HIDDEN 16

extern "C" __global__ void layerforward(const float *input, float *weights, float *partial) {
  __shared__ float input_node[WIDTH];
  __shared__ float weight_matrix[WIDTH][HIDDEN];
  int by = blockIdx.y;
  int tx = threadIdx.x;  // hidden unit
  int ty = threadIdx.y;  // input within this block
  int in_index = by * WIDTH + ty;

  if (tx == 0) input_node[ty] = input[in_index];
  __syncthreads();
  weight_matrix[ty][tx] = weights[in_index * HIDDEN + tx];
  __syncthreads();
  weight_matrix[ty][tx] = weight_matrix[ty][tx] * input_node[ty];
  __syncthreads();
  for (int s = 1; s < WIDTH; s *= 2) {
    if (ty % (2 * s) == 0) {
      weight_matrix[ty][tx] = weight_matrix[ty][tx] + weight_matrix[ty + s][tx];
    }
    __syncthreads();
  }
  weights[in_index * HIDDEN + tx] = weight_matrix[ty][tx];
  if (ty == 0) partial[by * HIDDEN + tx] = weight_matrix[0][tx];
}
