#include "common.h"
/* Sum of n floats into per-block partial sums of 256 elements (as examples/reduce_shared). */
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : (1L << 28); int reps = argc > 2 ? atoi(argv[2]) : 5;
  float *x = malloc(sizeof(float) * n); long nb = (n + 255) / 256; float *p = malloc(sizeof(float) * nb);
  unsigned s = 1;
  for (long i = 0; i < n; i++) x[i] = rnd(&s);
  double t[64];
  for (int r = 0; r < reps; r++) {
    double t0 = now_ms();
#pragma omp parallel for
    for (long b = 0; b < nb; b++) {
      float acc = 0.0f;
      long end = (b + 1) * 256 < n ? (b + 1) * 256 : n;
#pragma omp simd reduction(+:acc)
      for (long i = b * 256; i < end; i++) acc += x[i];
      p[b] = acc;
    }
    t[r] = now_ms() - t0;
  }
  double sum = 0; for (long i = 0; i < nb; i++) sum += p[i];
  printf("reduce %ld %.3f %.6e\n", n, median(t, reps), sum);
  return 0;
}
