#include "common.h"
/* 5-point stencil on an n x n grid (interior points), f32: as examples/stencil2d. */
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 16384, reps = argc > 2 ? atoi(argv[2]) : 5;
  float *x = malloc(sizeof(float) * n * n), *y = calloc((size_t)n * n, sizeof(float));
  unsigned s = 1;
  for (long i = 0; i < (long)n * n; i++) x[i] = rnd(&s);
  double t[64];
  for (int r = 0; r < reps; r++) {
    double t0 = now_ms();
#pragma omp parallel for
    for (int i = 1; i < n - 1; i++)
#pragma omp simd
      for (int j = 1; j < n - 1; j++)
        y[(long)i * n + j] = 0.2f * (x[(long)i * n + j] + x[(long)(i - 1) * n + j] + x[(long)(i + 1) * n + j] +
                                     x[(long)i * n + j - 1] + x[(long)i * n + j + 1]);
    t[r] = now_ms() - t0;
  }
  double sum = 0; for (long i = 0; i < (long)n * n; i++) sum += y[i];
  printf("stencil2d %d %.3f %.6e\n", n, median(t, reps), sum);
  return 0;
}
