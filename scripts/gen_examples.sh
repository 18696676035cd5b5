#!/usr/bin/env bash
# Compiles every CUDA example examples/<name>/kernel.cu with clang-19 (device side only,
# no CUDA toolkit, no libdevice) into
#   kernel.O0.ll   LLVM IR at -O0 (allocas, loads/stores; optnone kept)
#   kernel.O2.ll   LLVM IR at -O2
#   kernel.ptx     PTX at -O2, ISA 7.8, sm_80
# The kernels include examples/include/raise_cuda.h for CUDA keywords and intrinsics.
#
#   scripts/gen_examples.sh            # all CUDA examples
#   scripts/gen_examples.sh saxpy ...  # only these
#
# Needs only clang-19 (CLANG=... to override); with PTXAS=/path/to/ptxas (e.g. from the
# nvidia-cuda-nvcc-cu12 wheel in .venv) each PTX is also assembled for sm_80 as a check.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
CLANG="${CLANG:-clang-19}"
LLVM_AS="${LLVM_AS:-llvm-as-19}"
PTXAS="${PTXAS:-}"
if [ -z "$PTXAS" ] && [ -x .venv/lib/python3.11/site-packages/nvidia/cuda_nvcc/bin/ptxas ]; then
  PTXAS=.venv/lib/python3.11/site-packages/nvidia/cuda_nvcc/bin/ptxas
fi

FLAGS=(-x cuda --cuda-device-only --cuda-gpu-arch=sm_80 --cuda-feature=+ptx78
       -nocudainc -nocudalib)

if [ "$#" -gt 0 ]; then
  names=("$@")
else
  names=()
  for f in examples/*/kernel.cu; do names+=("$(basename "$(dirname "$f")")"); done
fi

for name in "${names[@]}"; do
  dir="examples/$name"
  src="$dir/kernel.cu"
  [ -f "$src" ] || { echo "gen_examples.sh: no $src" >&2; exit 1; }
  "$CLANG" "${FLAGS[@]}" -S -emit-llvm -O0 "$src" -o "$dir/kernel.O0.ll"
  "$CLANG" "${FLAGS[@]}" -S -emit-llvm -O2 "$src" -o "$dir/kernel.O2.ll"
  "$CLANG" "${FLAGS[@]}" -S -O2 "$src" -o "$dir/kernel.ptx"
  for ll in "$dir/kernel.O0.ll" "$dir/kernel.O2.ll"; do
    "$LLVM_AS" < "$ll" > /dev/null
  done
  if [ -n "$PTXAS" ]; then
    # -c (relocatable): libdevice calls such as __nv_expf stay unresolved externs.
    "$PTXAS" -c -arch=sm_80 "$dir/kernel.ptx" -o /dev/null
  fi
  echo "$name: kernel.O0.ll kernel.O2.ll kernel.ptx"
done
