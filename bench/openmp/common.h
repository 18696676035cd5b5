/* Hand-written OpenMP baselines for the raise benchmark table (our own code).
 * Each program: argv[1] = size, argv[2] = repetitions; prints "name size median_ms checksum". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <time.h>
#include <omp.h>

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}
static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}
static double median(double *t, int n) {
  qsort(t, n, sizeof(double), cmp_double);
  return t[n / 2];
}
static float rnd(unsigned *s) { *s = *s * 1664525u + 1013904223u; return (float)((*s >> 8) & 0xffff) / 65536.0f; }
