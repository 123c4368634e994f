#!/usr/bin/env bash
# What the browser tests (tests/browser.rs) need: Debian's chromium and
# chromium-driver. Installs them when missing (as root, from apt); does
# nothing when both are there.
set -euo pipefail
if command -v chromium >/dev/null && command -v chromedriver >/dev/null; then
    exit 0
fi
if [ "$(id -u)" != 0 ]; then
    echo "browser-deps: chromium and chromedriver are missing; run this script as root" >&2
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium chromium-driver >/dev/null
command -v chromium && command -v chromedriver
