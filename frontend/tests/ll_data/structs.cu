#include "cuda.h"
struct Node { int key; float val; Node *next; };
__device__ float walk(Node *n, int depth) {
  float s = 0;
  while (n && depth-- > 0) { s += n->val; n = n->next; }
  return s;
}
__device__ void swap(float &a, float &b) { float t = a; a = b; b = t; }
__global__ void lists(Node *nodes, float *out, int depth) {
  Node local[4];
  for (int i = 0; i < 4; i++) { local[i] = nodes[i]; local[i].next = i < 3 ? &local[i+1] : nullptr; }
  float a = walk(local, depth), b = walk(nodes + threadIdx.x, depth);
  if (a > b) swap(a, b);
  out[threadIdx.x] = a - b;
}
__global__ void bubble(int *data) {
  int v[8];
  for (int i = 0; i < 8; i++) v[i] = data[threadIdx.x * 8 + i];
  for (int i = 0; i < 8; i++) for (int j = 0; j + 1 < 8 - i; j++) if (v[j] > v[j+1]) { int t = v[j]; v[j] = v[j+1]; v[j+1] = t; }
  for (int i = 0; i < 8; i++) data[threadIdx.x * 8 + i] = v[i];
}
__global__ void casloop(unsigned *p) {
  unsigned old = *p, assumed;
  do { assumed = old; old = atomicCAS(p, assumed, assumed * 3 + 1); } while (assumed != old);
}
