#!/usr/bin/env bash
# Creates (or reuses) the Python virtual environment at <repo>/.venv used to
# regenerate the example references (numpy), to run StableHLO (xla-cpu-pjrt: the
# PJRT plugin; jax: the cross-check executor) and, with --numba, the Numba
# example kernels (numba + numba-cuda + the CUDA 12 pip wheels; no GPU needed).
#
#   scripts/setup_python.sh            # numpy, jax, xla-cpu-pjrt
#   scripts/setup_python.sh --numba    # numpy + numba toolchain
#
# Idempotent: if the packages are already importable nothing is installed.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$ROOT/.venv"
PY="${PYTHON:-python3}"

want_numba=0
for arg in "$@"; do
  case "$arg" in
    --numba) want_numba=1 ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) echo "setup_python.sh: unknown argument: $arg" >&2; exit 2 ;;
  esac
done

if [ ! -x "$VENV/bin/python" ]; then
  "$PY" -m venv "$VENV"
fi
VPY="$VENV/bin/python"

if ! "$VPY" -c 'import numpy' >/dev/null 2>&1; then
  "$VPY" -m pip install --quiet --disable-pip-version-check numpy
fi

# StableHLO executors: the XLA CPU PJRT plugin that raise's runtime loads
# (xla_plugins/xla_cpu_pjrt/xla_cpu_pjrt.so) and jax/jaxlib, the independent executor
# of runtime/tests/jax_exec.py.
if ! "$VPY" -c 'import importlib.util as u, sys; sys.exit(not all(u.find_spec(m) for m in ("jax", "jaxlib", "ml_dtypes", "xla_plugins.xla_cpu_pjrt")))' >/dev/null 2>&1; then
  "$VPY" -m pip install --quiet --disable-pip-version-check xla-cpu-pjrt jax jaxlib
fi

if [ "$want_numba" = 1 ]; then
  if ! "$VPY" - >/dev/null 2>&1 <<'PYEOF'
import importlib.util, sys
for m in ("numba", "numba_cuda", "nvidia.cuda_nvcc", "nvidia.cuda_runtime", "nvidia.cuda_nvrtc"):
    if importlib.util.find_spec(m) is None:
        sys.exit(1)
PYEOF
  then
    "$VPY" -m pip install --quiet --disable-pip-version-check \
      numba numba-cuda nvidia-cuda-nvcc-cu12 nvidia-cuda-runtime-cu12 nvidia-cuda-nvrtc-cu12
  fi
fi

echo "python environment ready: $VPY"
