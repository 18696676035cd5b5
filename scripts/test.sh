#!/usr/bin/env bash
# Set up (scripts/setup.sh) and run every test: formatting, clippy, and the whole
# workspace's tests in release mode (the interpreters are the test oracles' partners and
# run thousands of threads per example).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
bash scripts/setup.sh
export PATH="$HOME/.cargo/bin:$PATH"
export RAISE_PYTHON="$ROOT/.venv/bin/python"
cargo fmt --all -- --check
cargo clippy --workspace --all-targets -q -- -D warnings
cargo test --release --workspace
