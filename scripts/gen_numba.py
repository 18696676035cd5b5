#!/usr/bin/env python3
"""Compiles the Numba example kernels (examples/<name>/kernel.py) without a GPU.

kernel.py defines the kernel as a plain Python function and lists it as
`KERNELS = [(function, signature)]` (one kernel per example). For each example:

  kernel.O0.ll  the NVVM IR Numba hands to NVVM: the module text from Numba's code
                library after kernel fix-up, passed through numba-cuda's own
                `nvvm.llvm_replace` (exactly what `nvvm.compile_ir` adds to the NVVM
                compilation unit). Typed pointers, unoptimized (allocas, loads/stores).
                Numba runs no LLVM optimization for CUDA itself (NVVM optimizes).
  kernel.O2.ll  `opt-19 -O2 -S kernel.O0.ll` (LLVM 19's optimizer, opaque pointers);
                Numba has no optimized IR of its own to expose.
  kernel.ptx    `numba.cuda.compile_ptx(fn, sig, cc=(8, 0))` (NVVM from the CUDA 12 wheel).

    .venv/bin/python scripts/gen_numba.py               # all examples with a kernel.py
    .venv/bin/python scripts/gen_numba.py numba_saxpy   # only these

Needs `scripts/setup_python.sh --numba`. Each example is compiled in a fresh process
(module name `kernel`) so that Numba's mangled names are stable.
"""
import os
import pathlib
import shutil
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"


def compile_one(d):
    """Runs in a child process: writes kernel.O0.ll and kernel.ptx for example dir d."""
    import importlib.util

    from numba import cuda
    from numba.cuda import compiler
    from numba.cuda.cudadrv import nvvm

    spec = importlib.util.spec_from_file_location("kernel", d / "kernel.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules["kernel"] = mod
    spec.loader.exec_module(mod)
    if len(mod.KERNELS) != 1:
        sys.exit(f"{d.name}: KERNELS must list exactly one (function, signature)")
    fn, sig = mod.KERNELS[0]

    # The same steps as numba.cuda.compile(..., output="ptx") up to NVVM.
    lib, _ = compiler._compile_pyfunc_with_fixup(
        fn, sig, device=False, cc=(8, 0), abi="numba"
    )
    irs = [nvvm.llvm_replace(s) for s in lib.llvm_strs]
    (d / "kernel.O0.ll").write_text("\n\n".join(irs).rstrip("\n") + "\n")

    ptx, _ = cuda.compile_ptx(fn, sig, cc=(8, 0))
    (d / "kernel.ptx").write_text(ptx.rstrip("\n") + "\n")


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--child":
        compile_one(pathlib.Path(sys.argv[2]))
        return
    names = sys.argv[1:] or sorted(p.parent.name for p in EXAMPLES.glob("*/kernel.py"))
    opt = shutil.which(os.environ.get("OPT", "opt-19"))
    llvm_as = shutil.which(os.environ.get("LLVM_AS", "llvm-as-19"))
    ptxas = os.environ.get("PTXAS")
    if not ptxas:
        try:
            import nvidia.cuda_nvcc as nv

            cand = pathlib.Path(list(nv.__path__)[0]) / "bin" / "ptxas"
            ptxas = str(cand) if cand.exists() else None
        except ImportError:
            ptxas = None
    for name in names:
        d = EXAMPLES / name
        if not (d / "kernel.py").exists():
            sys.exit(f"gen_numba.py: no {d / 'kernel.py'}")
        subprocess.run([sys.executable, __file__, "--child", str(d)], check=True)
        made = ["kernel.O0.ll", "kernel.ptx"]
        if llvm_as:
            subprocess.run([llvm_as, "-o", os.devnull, str(d / "kernel.O0.ll")], check=True)
        if opt:
            subprocess.run(
                [opt, "-O2", "-S", str(d / "kernel.O0.ll"), "-o", str(d / "kernel.O2.ll")],
                check=True,
            )
            made.append("kernel.O2.ll")
        else:
            print(f"{name}: opt-19 not found, kernel.O2.ll not written", file=sys.stderr)
        if ptxas:
            subprocess.run([ptxas, "-c", "-arch=sm_80", str(d / "kernel.ptx"), "-o", os.devnull],
                           check=True)
        print(f"{name}: {' '.join(made)}")


if __name__ == "__main__":
    main()
