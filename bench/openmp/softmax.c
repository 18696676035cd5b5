#include "common.h"
/* Row softmax of a rows x cols f32 matrix (as examples/softmax_rows). */
int main(int argc, char **argv) {
  int rows = argc > 1 ? atoi(argv[1]) : 8192, reps = argc > 2 ? atoi(argv[2]) : 5, cols = 1024;
  float *x = malloc(sizeof(float) * rows * cols), *y = malloc(sizeof(float) * rows * cols);
  unsigned s = 1;
  for (long i = 0; i < (long)rows * cols; i++) x[i] = rnd(&s) * 8.0f - 4.0f;
  double t[64];
  for (int r = 0; r < reps; r++) {
    double t0 = now_ms();
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
    t[r] = now_ms() - t0;
  }
  double sum = 0; for (long i = 0; i < (long)rows * cols; i++) sum += y[i];
  printf("softmax %d %.3f %.6e\n", rows, median(t, reps), sum);
  return 0;
}
