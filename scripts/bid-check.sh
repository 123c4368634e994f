#!/usr/bin/env bash
# The bid answer checked against hands played out (docs/bid.md, *How good
# the answer is*): 200 hands drawn by seed 2026 from all hands (a third
# weak, middling and strong), each played out 100 times by pimc:20 in every
# seat as declarer and 20 times at each defender's seat, by the Dask driver
# (resumable: a rerun plays only what is missing), then compared with the
# answer; the calibration picture is written to docs/calibration-RULES.svg.
#
#   bash scripts/bid-check.sh                    # standard
#   RULES=pl HANDS=60 bash scripts/bid-check.sh  # smaller, another rule set
set -euo pipefail
cd "$(dirname "$0")/.."
RULES="${RULES:-standard}"
HANDS="${HANDS:-200}"
DEALS="${DEALS:-100}"
DEFENCE="${DEFENCE:-20}"
SEED="${SEED:-2026}"
WORKERS="${WORKERS:-2}"
WORK="target/bid-check/$RULES"
cargo build --release --quiet
VENV="${TYSIAC_VENV:-target/cluster-venv}"
[ -x "$VENV/bin/python" ] || python3 -m venv "$VENV"
"$VENV/bin/python" -c "import distributed" 2>/dev/null || "$VENV/bin/pip" install --quiet "dask[distributed]"
mkdir -p "$WORK"
target/release/tysiac bid-model hands --count "$HANDS" --seed "$SEED" > "$WORK/hands.txt"
cluster=(--binary "$PWD/target/release/tysiac" --workers "$WORKERS")
[ -n "${SCHEDULER:-}" ] && cluster+=(--scheduler "$SCHEDULER")
(cd cluster && "../$VENV/bin/python" -m tysiac_cluster play "${cluster[@]}" \
    --player pimc:20 --rules "$RULES" --deals "$DEALS" --defence "$DEFENCE" \
    --hands-file "../$WORK/hands.txt" --out-dir "../$WORK/playouts")
target/release/tysiac bid-model check "$WORK"/playouts/hand-*.jsonl --seed "$SEED" \
    --count "$HANDS" --svg "docs/calibration-$(echo "$RULES" | tr ' =' '_-').svg"
