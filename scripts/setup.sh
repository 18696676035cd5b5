#!/usr/bin/env bash
# Installs what a fresh Debian 12 machine lacks to build and test raise:
#   * LLVM/MLIR/clang 19 and friends (apt, as root or through sudo),
#   * a Rust toolchain if cargo is missing (rustup),
#   * the Python virtual environment .venv with the test oracles (numpy; jax for StableHLO).
# Idempotent: installed pieces are detected and skipped.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

APT_PACKAGES="llvm-19-dev libmlir-19-dev mlir-19-tools clang-19 libclang-19-dev libpolly-19-dev \
libz3-dev zlib1g-dev libzstd-dev libxml2-dev libffi-dev libedit-dev libncurses-dev libomp-19-dev \
lld-19 pkg-config python3 python3-venv python3-pip curl ca-certificates build-essential git"

missing=()
for p in $APT_PACKAGES; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""
  if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
  echo "setup: installing ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if ! command -v cargo >/dev/null 2>&1; then
  if [ -x "$HOME/.cargo/bin/cargo" ]; then
    export PATH="$HOME/.cargo/bin:$PATH"
  else
    echo "setup: installing Rust with rustup"
    curl -sSf https://sh.rustup.rs | sh -s -- -y --profile minimal --component rustfmt,clippy >/dev/null
    export PATH="$HOME/.cargo/bin:$PATH"
  fi
fi

"$ROOT/scripts/setup_python.sh" "$@"
