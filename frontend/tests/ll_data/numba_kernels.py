# Source of the numba_*.ll test inputs: the "Post kernel fixup" module that
# `NUMBA_DUMP_LLVM=1 python numba_kernels.py NAME` prints (numba-cuda 0.68, no GPU needed).
import math
import sys

from numba import cuda, float32, float64, int32


def saxpy(a, x, y, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = a * x[i] + y[i]


def red(x, out):
    s = cuda.shared.array(128, float32)
    t = cuda.threadIdx.x
    s[t] = x[cuda.grid(1)] if cuda.grid(1) < x.size else 0.0
    cuda.syncthreads()
    k = 64
    while k > 0:
        if t < k:
            s[t] += s[t + k]
        cuda.syncthreads()
        k //= 2
    if t == 0:
        cuda.atomic.add(out, 0, s[0])


def mathk(a, b):
    i = cuda.grid(1)
    if i < a.size:
        b[i] = (math.exp(a[i]) + math.sqrt(abs(a[i])) + math.sin(a[i]) * math.cos(a[i])
                + math.tanh(a[i]) + math.log(1.0 + abs(a[i])) + math.pow(a[i], 2.0)
                + math.floor(a[i]) + max(a[i], 0.0))


def atom(h, x):
    i = cuda.grid(1)
    if i < x.size:
        cuda.atomic.add(h, x[i] % 16, 1)
        cuda.atomic.max(h, 16, x[i])


def loop2(a, out):
    i, j = cuda.grid(2)
    n, m = a.shape
    if i < n and j < m:
        s = 0.0
        for k in range(m):
            s += a[i, k] * a[k % n, j]
        out[i, j] = s


def warp(a):
    i = cuda.grid(1)
    v = a[i]
    v += cuda.shfl_down_sync(0xffffffff, v, 16)
    if cuda.all_sync(0xffffffff, v > 0):
        a[i] = v
    cuda.syncwarp()


f32a = float32[:]
sigs = {
    "saxpy": (saxpy, (float32, f32a, f32a, f32a)),
    "red": (red, (f32a, f32a)),
    "mathk": (mathk, (f32a, f32a)),
    "atom": (atom, (int32[:], int32[:])),
    "loop2": (loop2, (float64[:, :], float64[:, :])),
    "warp": (warp, (f32a,)),
}
fn, sig = sigs[sys.argv[1]]
cuda.compile_ptx(fn, sig, cc=(8, 0))
