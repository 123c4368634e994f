#!/usr/bin/env bash
# Checks every expect: in positions/ against the independent reference
# solver, the slow ones too (whole 8-trick hands, musik deals: many minutes
# on two cores). The normal test run checks all the others.
set -euo pipefail
cd "$(dirname "$0")/.."
TYSIAC_REFERENCE_ALL=1 cargo test --release --test positions_reference -- --nocapture --test-threads 1
