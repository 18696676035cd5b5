// gather_indirect: CSR sparse matrix-vector product y = A x, one thread per row.
// The inner loop's trip count is data-dependent (row_ptr) and x is read indirectly
// through col_idx.
#include "../include/raise_cuda.h"

extern "C" __global__ void spmv_csr(int nrows, const int *row_ptr, const int *col_idx,
                                    const float *vals, const float *x, float *y) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r < nrows) {
    float sum = 0.0f;
    int end = row_ptr[r + 1];
    for (int j = row_ptr[r]; j < end; ++j) {
      sum += vals[j] * x[col_idx[j]];
    }
    y[r] = sum;
  }
}
