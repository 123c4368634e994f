#!/usr/bin/env bash
# The cluster driver's tests on a local Dask cluster (2 worker processes).
# Builds tysiac (the dev profile, shared with `cargo test`: no second
# build), makes a venv (target/cluster-venv) and pip-installs
# dask[distributed] and pytest from PyPI when missing; fails if any is
# missing or cannot be installed. scripts/test.sh (the README's test
# command) runs it.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --quiet
VENV="${TYSIAC_VENV:-target/cluster-venv}"
[ -x "$VENV/bin/python" ] || python3 -m venv "$VENV"
if ! "$VENV/bin/python" -c "import distributed, pytest" 2>/dev/null; then
    "$VENV/bin/pip" install --quiet "dask[distributed]" pytest
fi
TYSIAC_BIN="$PWD/target/debug/tysiac" "$VENV/bin/python" -m pytest -q -p no:cacheprovider cluster/test_cluster.py
