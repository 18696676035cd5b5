#include "common.h"
/* Row softmax of a rows x cols f32 matrix (as examples/softmax_rows). */
static int rows, cols = 1024;
static float *x, *y;
static void body(void) {
#pragma omp parallel for
  for (int i = 0; i < rows; i++) {
    const float *xi = x + (long)i * cols; float *yi = y + (long)i * cols;
    float m = -INFINITY;
    for (int j = 0; j < cols; j++) m = fmaxf(m, xi[j]);
    float sum = 0.0f;
    for (int j = 0; j < cols; j++) { yi[j] = expf(xi[j] - m); sum += yi[j]; }
    float inv = 1.0f / sum;
#pragma omp simd
    for (int j = 0; j < cols; j++) yi[j] *= inv;
  }
}
static double checksum(void) { double sum = 0; for (long i = 0; i < (long)rows * cols; i++) sum += y[i]; return sum; }
int main(int argc, char **argv) {
  rows = argc > 1 ? atoi(argv[1]) : 8192;
  x = malloc(sizeof(float) * rows * cols); y = malloc(sizeof(float) * rows * cols);
  unsigned s = 1;
  for (long i = 0; i < (long)rows * cols; i++) x[i] = rnd(&s) * 8.0f - 4.0f;
  return run_bench("softmax", rows, argc, argv, body, checksum);
}
