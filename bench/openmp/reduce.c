#include "common.h"
/* Sum of n floats into per-block partial sums of 256 elements (as examples/reduce_shared). */
static long n, nb;
static float *x, *p;
static void body(void) {
#pragma omp parallel for
  for (long b = 0; b < nb; b++) {
    float acc = 0.0f;
    long end = (b + 1) * 256 < n ? (b + 1) * 256 : n;
#pragma omp simd reduction(+:acc)
    for (long i = b * 256; i < end; i++) acc += x[i];
    p[b] = acc;
  }
}
static double checksum(void) { double sum = 0; for (long i = 0; i < nb; i++) sum += p[i]; return sum; }
int main(int argc, char **argv) {
  n = argc > 1 ? atol(argv[1]) : (1L << 28);
  x = malloc(sizeof(float) * n); nb = (n + 255) / 256; p = malloc(sizeof(float) * nb);
  unsigned s = 1;
  for (long i = 0; i < n; i++) x[i] = rnd(&s);
  return run_bench("reduce", n, argc, argv, body, checksum);
}
