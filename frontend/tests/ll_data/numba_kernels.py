# Source of numba_saxpy.ll / numba_red.ll: the "Post kernel fixup" module that
# `NUMBA_DUMP_LLVM=1 python numba_kernels.py saxpy` prints (numba-cuda 0.68, no GPU needed).
import sys
from numba import cuda, float32


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


f32a = float32[:]
sigs = {"saxpy": (saxpy, (float32, f32a, f32a, f32a)), "red": (red, (f32a, f32a))}
fn, sig = sigs[sys.argv[1]]
cuda.compile_ptx(fn, sig, cc=(8, 0))
