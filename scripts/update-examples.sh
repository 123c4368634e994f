#!/bin/sh
# Regenerates every example block of README.md and docs/*.md (a fenced block
# after `<!-- example -->` whose first line is `$ tysiac ...`) from the
# program's output. `cargo test` (tests/examples.rs) fails when one is stale.
set -e
cd "$(dirname "$0")/.."
TYSIAC_UPDATE_EXAMPLES=1 cargo test --test examples
git diff --stat -- README.md docs/
