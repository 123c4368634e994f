#!/usr/bin/env bash
# Rebuilds data/bid-model.json, the real-play model bids rest on
# (docs/bid.md, *Real play*), from scratch:
#
#   1. the training games: pimc:20 in every seat, random deals, for each
#      rule set the model covers (standard, pl, ru), played by the Dask
#      driver (cluster/) in resumable shards: a local cluster of --workers
#      processes, or a running scheduler (SCHEDULER=tcp://host:8786);
#   2. the fit: `tysiac bid-model fit` on those games (a few seconds).
#
# Deterministic: the same seeds give the same games and the same file, byte
# for byte. A rerun resumes the games already played (target/bid-model/).
#
#   bash scripts/bid-model.sh            # the shipped model's games
#   GAMES=200 bash scripts/bid-model.sh  # a small one, to try it
set -euo pipefail
cd "$(dirname "$0")/.."
GAMES_STANDARD="${GAMES:-${GAMES_STANDARD:-4400}}"
GAMES_PL="${GAMES:-${GAMES_PL:-600}}"
GAMES_RU="${GAMES:-${GAMES_RU:-350}}"
WORKERS="${WORKERS:-2}"
OUT="${OUT:-data/bid-model.json}"
WORK=target/bid-model
cargo build --release --quiet
VENV="${TYSIAC_VENV:-target/cluster-venv}"
[ -x "$VENV/bin/python" ] || python3 -m venv "$VENV"
"$VENV/bin/python" -c "import distributed" 2>/dev/null || "$VENV/bin/pip" install --quiet "dask[distributed]"
cluster=(--binary "$PWD/target/release/tysiac" --workers "$WORKERS")
[ -n "${SCHEDULER:-}" ] && cluster+=(--scheduler "$SCHEDULER")
mkdir -p "$WORK"
files=()
# rule set, games, seed: the shipped model's.
for job in "standard $GAMES_STANDARD 4801" "pl $GAMES_PL 4802" "ru $GAMES_RU 4802"; do
    set -- $job
    (cd cluster && "../$VENV/bin/python" -m tysiac_cluster play "${cluster[@]}" \
        --player pimc:20 --rules "$1" --deals "$2" --seed "$3" --shards 64 \
        --work-dir "../$WORK/work-$1-$2-$3" --out "../$WORK/games-$1.jsonl")
    files+=("$WORK/games-$1.jsonl")
done
target/release/tysiac bid-model fit "${files[@]}" --out "$OUT"
