// int_mix: integer arithmetic: signed division and remainder (truncating, negative
// operands), arithmetic and logical shifts, min/max, a select, unsigned ops and a switch
// with several cases.
#include "../include/raise_cuda.h"

extern "C" __global__ void int_mix(int n, const int *a, const int *b, int *out,
                                   unsigned *uout) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int x = a[i];
  int y = b[i];
  int q = x / y;
  int r = x % y;
  int sh = (x >> 3) ^ (int)((unsigned)y << 4);  // no signed left shift (UB when y < 0)
  int m = min(x, y) + max(q, r);
  int sel = (x & 1) ? q : r;
  int res;
  switch ((unsigned)x % 7u) {
    case 0: res = q + r; break;
    case 1: res = sh; break;
    case 2: res = m * 3; break;
    case 3: res = sel - y; break;
    case 5: res = x ^ y; break;
    case 6: res = (x | y) & 0x7ff; break;
    default: res = -x; break;
  }
  out[i] = res;
  unsigned ux = (unsigned)x;
  uout[i] = (ux >> 5) + (ux / 10u) * (unsigned)(r < 0) + umin(ux, (unsigned)y);
}
