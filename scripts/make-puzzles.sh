#!/bin/sh
# Regenerates positions/puzzles.txt: groups of puzzles chosen to cover tricks
# left, both sides, both goals, every theme and three rule sets. Each group
# starts with the command that made it. Run from the crate root after
# `cargo build --release`; then `tysiac puzzle --verify positions/puzzles.txt`.
set -e
T=${TYSIAC:-./target/release/tysiac}
p() { "$T" puzzle --quiet "$@"; }
{
cat <<'HEAD'
# Puzzles with exactly one winning move, made by `tysiac puzzle`
# (scripts/make-puzzles.sh). Each group starts with the command that
# generated it: run it again for the same puzzles.
# `tysiac puzzle --verify positions/puzzles.txt` re-solves them all
# (tests/puzzle.rs runs it). Difficulty and themes: docs/puzzles.md.

HEAD
p --seed 101 --count 3 --tricks 2
p --seed 102 --count 4 --tricks 3 --side declarer
p --seed 103 --count 4 --tricks 3 --side defender
p --seed 104 --count 3 --tricks 4 --difficulty hard
p --seed 105 --count 3 --tricks 5 --theme marriage-timing
p --seed 106 --count 2 --tricks 4-5 --theme trump-change
p --seed 107 --count 3 --tricks 3-4 --theme endplay
p --seed 108 --count 2 --tricks 3-4 --theme give-up-trick
p --seed 109 --count 1 --tricks 3-5 --rules pl --theme ducking
p --seed 116 --count 1 --tricks 3-5 --rules ru --theme ducking --max-candidates 50000
p --seed 110 --count 4 --tricks 3-5 --goal contract
p --seed 111 --count 2 --tricks 6 --play best
p --seed 112 --count 1 --tricks 7
p --seed 113 --count 1 --tricks 8 --side declarer
p --seed 114 --count 2 --tricks 3-4 --rules ru
p --seed 115 --count 2 --tricks 3-4 --rules pl --theme marriage-timing
} > positions/puzzles.txt
