#include "common.h"
/* C = A * B, n x n, f32, row-major: the same computation as examples/matmul_tiled. */
static int n;
static float *a, *b, *c;
static void body(void) {
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
}
static double checksum(void) { double sum = 0; for (long i = 0; i < (long)n * n; i++) sum += c[i]; return sum; }
int main(int argc, char **argv) {
  n = argc > 1 ? atoi(argv[1]) : 1024;
  a = malloc(sizeof(float) * n * n); b = malloc(sizeof(float) * n * n); c = malloc(sizeof(float) * n * n);
  unsigned s = 1;
  for (long i = 0; i < (long)n * n; i++) { a[i] = rnd(&s); b[i] = rnd(&s); }
  return run_bench("matmul", n, argc, argv, body, checksum);
}
