/* Hand-written OpenMP baselines for the raise benchmark table (our own code).
 * Each program: argv[1] = size, argv[2] = repetitions; prints "name size median_ms checksum".
 * With argv[3] = "serve" (raise/examples/bench_cpu.rs interleaves rounds with its own
 * runs): after setting up its buffers the program prints "ready", then for every line
 * "R" read from stdin runs R timed repetitions and prints their times (ms) on one line,
 * until end of input. */
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

/* Time `body` as described at the top; `checksum` sums the output after the last run. */
static int run_bench(const char *name, long size, int argc, char **argv, void (*body)(void),
                     double (*checksum)(void)) {
  int reps = argc > 2 ? atoi(argv[2]) : 5;
  if (argc > 3 && strcmp(argv[3], "serve") == 0) {
    char line[64];
    printf("ready\n");
    fflush(stdout);
    while (fgets(line, sizeof line, stdin)) {
      int r = atoi(line);
      for (int i = 0; i < r; i++) {
        double t0 = now_ms();
        body();
        printf("%s%.4f", i ? " " : "", now_ms() - t0);
      }
      printf("\n");
      fflush(stdout);
    }
    return 0;
  }
  double t[64];
  if (reps < 1) reps = 1;
  if (reps > 64) reps = 64;
  for (int r = 0; r < reps; r++) {
    double t0 = now_ms();
    body();
    t[r] = now_ms() - t0;
  }
  printf("%s %ld %.3f %.6e\n", name, size, median(t, reps), checksum());
  return 0;
}
