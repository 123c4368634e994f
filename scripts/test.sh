#!/usr/bin/env bash
# The test command of the README: sets up what the tests need, then runs
# every test. On the project's kind of machine (Debian, as root, a Rust
# toolchain, python3, apt reachable) it installs what is missing; anywhere
# else it stops at once, before building, saying what to run. No test is
# skipped.
#
#   1. chromium and chromedriver for tests/browser.rs (scripts/browser-deps.sh);
#   2. a Python venv with dask[distributed] and pytest for the cluster
#      driver's tests (target/cluster-venv, cluster/test.sh);
#   3. the static site (scripts/web.sh: the wasm32 target, binaryen, the
#      library as WebAssembly) for tests/web_site.rs;
#   4. `cargo test --no-fail-fast`: every test binary and the doc tests run
#      even when one fails, and the run fails at the end if any did;
#   5. cluster/test.sh, on the binary step 4 built.
set -euo pipefail
cd "$(dirname "$0")/.."

missing() {
    echo "error: $1" >&2
    echo "       $2" >&2
    exit 1
}

root_with_apt() { [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; }

if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
    if root_with_apt; then
        echo "test.sh: installing chromium and chromedriver (scripts/browser-deps.sh)" >&2
        bash scripts/browser-deps.sh >/dev/null
    else
        missing "the browser tests need chromium and chromedriver, which are not installed" \
            "run: sudo bash scripts/browser-deps.sh   (Debian; elsewhere install both on PATH)"
    fi
fi

VENV="${TYSIAC_VENV:-target/cluster-venv}"
if [ ! -x "$VENV/bin/python" ]; then
    if ! python3 -m venv "$VENV" 2>/dev/null; then
        rm -rf "$VENV"
        if root_with_apt; then
            echo "test.sh: installing python3-venv" >&2
            apt-get install -y -qq python3-venv >/dev/null
            python3 -m venv "$VENV"
        else
            missing "the cluster tests need a Python venv, and python3 -m venv fails" \
                "run: sudo apt-get install python3-venv"
        fi
    fi
fi
if ! "$VENV/bin/python" -c "import distributed, pytest" 2>/dev/null; then
    echo "test.sh: installing dask[distributed] and pytest into $VENV" >&2
    "$VENV/bin/pip" install --quiet "dask[distributed]" pytest ||
        missing "pip could not install dask[distributed] and pytest into $VENV" \
            "run: $VENV/bin/pip install 'dask[distributed]' pytest"
fi

bash scripts/web.sh

status=0
cargo test --no-fail-fast || status=$?
TYSIAC_VENV="$VENV" bash cluster/test.sh || status=$?
exit $status
