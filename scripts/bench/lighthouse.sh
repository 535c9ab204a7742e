#!/usr/bin/env bash
# Lighthouse (pinned) on the signing page, phone and desktop, at each state a signer reaches by its URL
# (scripts/bench/lighthouse.py says which). Installs Lighthouse into .browser-deps/lighthouse/
# (gitignored) on first use; needs Node.js 18+ and Chromium (CHROME_PATH, default /usr/bin/chromium).
#   scripts/bench/lighthouse.sh [--out DIR] [--states consent,document,signed]
# JSON reports go to test-artifacts/lighthouse/ unless --out says otherwise. Results: docs/benchmarks.md.
set -euo pipefail
cd "$(dirname "$0")/../.."
LIGHTHOUSE_VERSION=12.8.2
PREFIX=.browser-deps/lighthouse
if [ ! -x "$PREFIX/node_modules/.bin/lighthouse" ] || \
   ! grep -q "\"version\": \"$LIGHTHOUSE_VERSION\"" "$PREFIX/node_modules/lighthouse/package.json"; then
  npm install --silent --no-audit --no-fund --prefix "$PREFIX" "lighthouse@$LIGHTHOUSE_VERSION" >/dev/null
fi
export CHROME_PATH="${CHROME_PATH:-/usr/bin/chromium}"
exec .venv/bin/python scripts/bench/lighthouse.py --lighthouse "$PREFIX/node_modules/.bin/lighthouse" "$@"
