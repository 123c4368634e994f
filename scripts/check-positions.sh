#!/usr/bin/env bash
# Checks every expect: in positions/ against the independent reference
# solver, the slow one too (musik-ru: 90 whole hands under ru, about 8 minutes
# on this machine). The normal test run checks all the others.
set -euo pipefail
cd "$(dirname "$0")/.."
TYSIAC_REFERENCE_ALL=1 cargo test --test positions_reference -- --nocapture
