#!/usr/bin/env bash
# Mutation testing with cargo-mutants (https://mutants.rs): the rules, state,
# deal, score, analyze, puzzle-filter and sampling code, and (issue 24) the
# layers above the solver: a seat's view, PIMC, the players, self-play, the
# view post-mortem, the server, the exchange estimate and batch jobs. Not
# part of CI: every group in full is well over the machine's day; see
# docs/testing.md for the samples run (MUTANTS_EXTRA='--shard 0/K'). Usage:
#
#   cargo install cargo-mutants
#   scripts/mutants.sh            # every group below, in priority order
#   scripts/mutants.sh state      # one group
#   scripts/mutants.sh diff       # the lines this branch changed in src/
#                                 # (against MUTANTS_BASE, default main)
#
# Each group is a separate cargo-mutants run (so the priority order holds)
# with the test binaries for that code,
# writing to mutants.out/<group>/ (outcomes.json, caught.txt, missed.txt,
# timeout.txt, unviable.txt). Only fast test binaries are run for each
# mutant (cargo test --test ..., in the optimised test profile); the slow
# solver cross-check
# (solver_vs_reference) and the lib's unit tests are left out for time.
# docs/testing.md has the figures of the last run and the survivors.
set -euo pipefail
cd "$(dirname "$0")/.."

# Timeouts for this machine: a mutant's build is ~15-40 s, its tests a few
# seconds; a mutant that makes a search loop for ever is cut at 60 s.
COMMON=(--timeout 60 --build-timeout 300 --no-shuffle -E 'fmt::|from_str' --profile mutants)
# --profile mutants (Cargo.toml): the crate at opt-level 1, its dependencies
# at 3. A mutant's build is then 5-30 s instead of about 90 s at opt-level 3,
# and the tests the groups run stay fast.
# Extra arguments for every group, e.g. MUTANTS_EXTRA='--baseline=skip' when
# the test binaries are known to pass, or a sample of every 3rd mutant, the
# files interleaved: MUTANTS_EXTRA='--shard 0/3 --sharding round-robin'.
# shellcheck disable=SC2206
COMMON+=(${MUTANTS_EXTRA:-})
# (-E may be given again in a group: cargo-mutants takes every -E.)
# One target directory for every group: cargo-mutants builds in a fresh copy
# of the tree each run, and with its own target dir would rebuild every
# dependency each time (minutes here).
export CARGO_TARGET_DIR=${MUTANTS_TARGET_DIR:-/tmp/tysiac-mutants-target}
# Mutants are built and tested niced: the machine is shared.
# MUTANTS_NICE=0 when the machine is yours alone.
NICE=(nice -n "${MUTANTS_NICE:-19}")

# group NAME "TEST BINARIES" CARGO-MUTANTS-ARGS...
group() {
    local name=$1 tests=$2; shift 2
    local args=()
    for t in $tests; do args+=(--cargo-arg="--test=$t"); done
    mkdir -p "mutants.out/$name"
    echo "== $name: $* ${args[*]}"
    "${NICE[@]}" cargo mutants "${COMMON[@]}" -o "mutants.out/$name" "${args[@]}" "$@" || true
}

mkdir -p mutants.out
run() {
    case $1 in
    state) group state "reference_rules legal_moves house_rules fields boundaries" -f src/engine/state.rs \
        -F 'legal_cards|State::declaration|legal_moves|State::apply|trick_winner' ;;
    state-rest) group state-rest "reference_rules legal_moves house_rules fields boundaries" -f src/engine/state.rs \
        -E 'legal_cards|State::declaration|legal_moves|State::apply|trick_winner' ;;
    score) group score "score score_rules boundaries" -f src/engine/score/mod.rs \
        -F 'defender_score|contract_made|hand_score|max_contract|check_bid|check_points' ;;
    deal) group deal "reference_rules fields analyze notation" -f src/engine/deal.rs ;;
    analyze) group analyze "fields analyze" -f src/analysis/analyze.rs -F 'analyze_play|analyze_position|optimal_moves' ;;
    # The puzzle filter: examine's min_cost (goal max) and contract (goal
    # contract) arithmetic.
    puzzle) group puzzle "boundaries puzzle" -f src/analysis/puzzle/mod.rs -F 'in examine|replace examine' ;;
    # Bid levels (bid_step, and 5,10@200), which score and the puzzles use.
    # cargo-mutants also lists the presets' field deletions here (they have
    # no function for -F to filter on, and -E does not take them out):
    # tests/docs.rs compares the presets with docs/rules.md.
    levels) group levels "boundaries score_rules score docs" -f src/engine/rules.rs \
        -F 'level_at_most|level_above|step_at|is_bid_level' ;;
    sampling) group sampling "sampling_uniform" -f src/engine/sample.rs -f src/estimate/bid.rs \
        -f src/estimate/exchange.rs \
        -F 'deal_unseen|landing_counts|sample_rng|sample_deal|deal_sample|solve_sample|choice_layouts|sample_layout|screening_layout' ;;
    # Issue 46: the game's rules where a player meets them: bombs, 555 and
    # the sheet's other entries (Game::play), the auction's caps and steps,
    # the judge's per-player values, then a sample of the rest of src/game/
    # and src/engine/score/ (MUTANTS_EXTRA='--shard 0/20 --sharding round-robin').
    bombs) group bombs "game_rules score_rules score game records" -f src/engine/score/game.rs \
        -F 'Game::play' ;;
    auction) group auction "game_rules game records game_words" \
        -f src/game/auction.rs -f src/engine/contract.rs \
        -F 'why_not|lowest_raise|Auction::high|may_bid_blind|legal_calls|bid_cap|replace cap|in cap|levels_from|declarable' ;;
    judge) group judge "analyze_words game_rules game mutants_review" --cargo-arg=--lib \
        -f src/players/bidding.rs \
        -F 'declarer_score|defence_added|value_of|best_value' ;;
    game-rest) group game-rest "game_rules game records score_rules score seen game_words" \
        -f 'src/game/*.rs' -f 'src/engine/score/*.rs' ;;
    # The layers above the solver (issue 24).
    # The server's jobs and page (every mutant), and its API and game routes
    # (a sample on this machine: MUTANTS_EXTRA='--shard 0/4 --sharding round-robin').
    server) group server "serve_api serve_game mutants_server" -f src/shell/server/jobs.rs \
        -f src/shell/server/mod.rs ;;
    server-routes) group server-routes "serve_api serve_game mutants_server" -f src/shell/server/api.rs \
        -f src/shell/server/game.rs ;;
    exchange) group exchange "bid bid_advice sampling_uniform mutants_exchange" --cargo-arg=--lib \
        -f src/estimate/exchange.rs ;;
    batch) group batch "batch mutants_batch" --cargo-arg=--lib -f src/drivers/batch.rs ;;
    # A seat's view, PIMC, the players, self-play and the view post-mortem.
    view) group view "view review mutants_view" -f src/view/mod.rs -f src/view/read.rs \
        -f src/view/knowledge.rs -f src/view/sampler.rs ;;
    play) group play "play mutants_play" -f src/players/pimc.rs -f src/players/player.rs -f src/drivers/selfplay.rs ;;
    review) group review "review mutants_review" -f src/analysis/review.rs ;;
    # Every change: the mutants on the lines it touched (issue 24), against
    # MUTANTS_BASE (default main), with the fast test binaries (all but the
    # reference cross-checks, the browser, the arena and the examples).
    # MUTANTS_TESTS="review mutants_review" narrows the test binaries to
    # those of the code changed (each binary is rebuilt for every mutant).
    diff)
        local base=${MUTANTS_BASE:-main} tests=${MUTANTS_TESTS:-}
        git diff "$(git merge-base "$base" HEAD)" -- src/ > mutants.out/diff.patch
        if [ -z "$tests" ]; then
            for t in tests/*.rs; do
                t=$(basename "$t" .rs)
                case $t in
                positions_reference | solver_vs_reference | properties | browser | arena | examples) ;;
                *) tests="$tests $t" ;;
                esac
            done
        fi
        group diff "$tests" --in-diff mutants.out/diff.patch ;;
    *) echo "unknown group $1" >&2; exit 2 ;;
    esac
}

if [ $# -eq 0 ]; then
    # In the order of the last run (about 2 mutants a minute here).
    set -- score puzzle state analyze sampling deal state-rest levels
fi
for g in "$@"; do run "$g"; done
