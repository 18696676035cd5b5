#include "common.h"
/* 5-point stencil on an n x n grid (interior points), f32: as examples/stencil2d. */
static int n;
static float *x, *y;
static void body(void) {
#pragma omp parallel for
  for (int i = 1; i < n - 1; i++)
#pragma omp simd
    for (int j = 1; j < n - 1; j++)
      y[(long)i * n + j] = 0.2f * (x[(long)i * n + j] + x[(long)(i - 1) * n + j] + x[(long)(i + 1) * n + j] +
                                   x[(long)i * n + j - 1] + x[(long)i * n + j + 1]);
}
static double checksum(void) { double sum = 0; for (long i = 0; i < (long)n * n; i++) sum += y[i]; return sum; }
int main(int argc, char **argv) {
  n = argc > 1 ? atoi(argv[1]) : 16384;
  x = malloc(sizeof(float) * n * n); y = calloc((size_t)n * n, sizeof(float));
  unsigned s = 1;
  for (long i = 0; i < (long)n * n; i++) x[i] = rnd(&s);
  return run_bench("stencil2d", n, argc, argv, body, checksum);
}
