// f64_axpy_pow: a double-precision kernel with libdevice math calls:
//   z[i] = a * x[i] + pow(y[i], 1.5) * exp(-x[i] * x[i]) + sqrt(fabs(x[i] - y[i]))
#include "../include/raise_cuda.h"

extern "C" __global__ void axpy_pow(int n, double a, const double *x, const double *y,
                                    double *z) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double xi = x[i], yi = y[i];
    z[i] = a * xi + pow(yi, 1.5) * exp(-xi * xi) + sqrt(fabs(xi - yi));
  }
}
