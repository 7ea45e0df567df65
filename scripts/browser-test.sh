#!/usr/bin/env bash
# The web app in a real browser (scripts/browser-test.py): headless Chromium driven by Selenium against a sandbox daemon.
# Needs `make venv` (selenium and requests, pinned, in .build/venv), chromium and chromium-driver (make deps), and a
# debug build (BIN, default `swift build --show-bin-path`). Screenshots land in .build/browser-screenshots/.
# BROWSER_TEST_WAIT: seconds any wait may take (90); BROWSER_TEST_SCENARIOS: say `1,3` to run some of them.
set -euo pipefail
cd "$(dirname "$0")/.."
VENV=${VENV:-.build/venv}
fail() { printf 'browser-test: %s\n' "$1" >&2; exit 2; }
"$VENV/bin/python" -c 'import selenium, requests' 2>/dev/null || fail "$VENV has no selenium; run make venv"
for program in "${CHROMIUM:-/usr/bin/chromium}" "${CHROMEDRIVER:-/usr/bin/chromedriver}"; do
  [ -x "$program" ] || fail "$program is missing; run make deps (or apt-get install chromium chromium-driver)"
done
BIN=${BIN:-$(swift build --show-bin-path)}
export BIN
exec "$VENV/bin/python" scripts/browser-test.py
