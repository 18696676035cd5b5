#!/usr/bin/env bash
# Set up (scripts/setup.sh), build raise, and run it on an example: print the kernel IR,
# the raised parallel IR and the StableHLO of the 1-D stencil, run its two ping-pong
# launches on every target (exact CUDA interpreter, parallel-IR interpreter, CPU code
# through MLIR/OpenMP, XLA through PJRT), and compare each result with the numpy reference.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
bash scripts/setup.sh
export PATH="$HOME/.cargo/bin:$PATH"
cargo build --release -q -p raise
RAISE="$ROOT/target/release/raise"
EX="${1:-examples/stencil1d_pingpong}"
echo "== kernel IR of $EX/kernel.O2.ll"
"$RAISE" emit "$EX/kernel.O2.ll" --emit kernel-ir
echo "== parallel IR (raised)"
"$RAISE" emit "$EX/kernel.O2.ll" --emit parallel-ir
echo "== StableHLO for the launch spec"
"$RAISE" emit "$EX/kernel.O2.ll" --spec "$EX/spec.toml" --emit stablehlo
for target in ${TARGETS:-interp parallel-interp cpu xla}; do
  OUT="$ROOT/out/demo-$target"
  rm -rf "$OUT"
  echo "== raise run --target $target"
  "$RAISE" run "$EX/kernel.O2.ll" --spec "$EX/spec.toml" --inputs "$EX/inputs" --outputs "$OUT" --target "$target"
  .venv/bin/python - "$EX" "$OUT" <<'PY'
import sys, pathlib, numpy as np
ex, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
for f in sorted(out.glob("*.npy")):
    got = np.load(f); want = np.load(ex / "expected" / f.name)
    ok = np.allclose(got, want, rtol=1e-5, atol=1e-6)
    print(f"{f.stem}: shape {got.shape} {got.dtype} first {got.ravel()[:6]} -> {'matches' if ok else 'DIFFERS FROM'} the numpy reference")
PY
done
