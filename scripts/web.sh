#!/usr/bin/env bash
# The static site (docs/web.md): the page and the library as WebAssembly,
# computed in the browser by Web Workers; any static file server serves it
# (`cd target/site && python3 -m http.server`).
#
#   1. the wasm32-unknown-unknown target, through rustup, when missing;
#   2. the browser's shell (web/, package tysiac-web) built for it in the
#      `wasm` profile (release, no debug information, fat LTO);
#   3. wasm-opt -O3 (Debian's binaryen, installed when root on Debian)
#      when there: optional, without it the .wasm ships unoptimised;
#   4. target/site/: the page's files (src/shell/server/static/, as they
#      are: index.html, style.css, app.js, play.js, worker.js, the service
#      worker sw.js, manifest.webmanifest, icon.svg) and tysiac_web.wasm.
#
# Sizes are printed at the end (raw and gzip -9).
set -euo pipefail
cd "$(dirname "$0")/.."

TARGET=wasm32-unknown-unknown
SITE="${TYSIAC_SITE:-target/site}"

if ! rustup target list --installed 2>/dev/null | grep -qx "$TARGET"; then
    echo "web.sh: installing the $TARGET target (rustup)" >&2
    rustup target add "$TARGET" >&2
fi

if ! command -v wasm-opt >/dev/null; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        echo "web.sh: installing binaryen for wasm-opt (apt)" >&2
        apt-get install -y -qq binaryen >/dev/null 2>&1 ||
            { apt-get update -qq >/dev/null 2>&1 && apt-get install -y -qq binaryen >/dev/null 2>&1; } ||
            echo "web.sh: binaryen could not be installed" >&2
    fi
fi

cargo build -p tysiac-web --target "$TARGET" --profile wasm
WASM="target/$TARGET/wasm/tysiac_web.wasm"

rm -rf "$SITE"
mkdir -p "$SITE"
if command -v wasm-opt >/dev/null; then
    # The functions are exported by hand; the bulk-memory and sign-extension
    # instructions rustc emits by default are enabled for wasm-opt too.
    wasm-opt -O3 --enable-bulk-memory --enable-sign-ext --enable-nontrapping-float-to-int \
        --enable-mutable-globals "$WASM" -o "$SITE/tysiac_web.wasm"
else
    echo "web.sh: wasm-opt not found (Debian: apt-get install binaryen): shipping the unoptimised .wasm" >&2
    cp "$WASM" "$SITE/tysiac_web.wasm"
fi

# The page's files as they are: the same ones `tysiac serve` embeds (one
# page; its index.html says to compute in the workers, and the server
# answers it saying to use its API).
cp src/shell/server/static/* "$SITE/"

for f in "$SITE"/*; do
    printf 'web.sh: %-28s %9d bytes, gzip -9 %9d\n' "$(basename "$f")" \
        "$(wc -c <"$f")" "$(gzip -9c "$f" | wc -c)" >&2
done
echo "web.sh: the site is in $SITE (serve it with: cd $SITE && python3 -m http.server)" >&2
