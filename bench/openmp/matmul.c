#include "common.h"
/* C = A * B, n x n, f32, row-major: the same computation as examples/matmul_tiled. */
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1024, reps = argc > 2 ? atoi(argv[2]) : 5;
  float *a = malloc(sizeof(float) * n * n), *b = malloc(sizeof(float) * n * n), *c = malloc(sizeof(float) * n * n);
  unsigned s = 1;
  for (long i = 0; i < (long)n * n; i++) { a[i] = rnd(&s); b[i] = rnd(&s); }
  double t[64];
  for (int r = 0; r < reps; r++) {
    double t0 = now_ms();
#pragma omp parallel for
    for (int i = 0; i < n; i++) {
      float *ci = c + (long)i * n;
      for (int j = 0; j < n; j++) ci[j] = 0.0f;
      for (int k = 0; k < n; k++) {
        float aik = a[(long)i * n + k];
        const float *bk = b + (long)k * n;
#pragma omp simd
        for (int j = 0; j < n; j++) ci[j] += aik * bk[j];
      }
    }
    t[r] = now_ms() - t0;
  }
  double sum = 0; for (long i = 0; i < (long)n * n; i++) sum += c[i];
  printf("matmul %d %.3f %.6e\n", n, median(t, reps), sum);
  return 0;
}
