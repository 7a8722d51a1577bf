#!/usr/bin/env bash
# Browser tests need Debian's Chromium (Playwright cannot download its own browser here). They run
# in Debian's chromium-headless-shell when it is there (playwright.config.ts): the same Blink, in
# Chromium's old headless mode: the whole suite took 15 % fewer test-seconds in it than in the full
# browser's headless mode here. The full browser stays for `npm run bench:*` (Lighthouse drives it).
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
HEADLESS_SHELL=/usr/bin/chromium-headless-shell
missing=()
if [ ! -x "$CHROMIUM" ]; then
  missing+=(chromium fonts-noto-cjk fonts-thai-tlwg)
fi
if [ -z "${CHROMIUM_PATH:-}" ] && [ ! -x "$HEADLESS_SHELL" ]; then
  missing+=(chromium-headless-shell)
fi
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's ${missing[*]}..."
  # Only the headless shell missing: a failed install leaves the tests on the full browser.
  if apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null; then
    exit 0
  fi
  if [ ! -x "$CHROMIUM" ]; then
    echo "Installing Chromium failed." >&2
    exit 1
  fi
fi
if [ -x "$CHROMIUM" ]; then
  echo "chromium-headless-shell is not installed: the browser tests run in $CHROMIUM (slower)." >&2
  exit 0
fi
echo "Chromium is not installed at $CHROMIUM and this user cannot install it." >&2
echo "Install it with: sudo apt-get install -y chromium chromium-headless-shell fonts-noto-cjk fonts-thai-tlwg" >&2
echo "or point CHROMIUM_PATH at a Chromium binary." >&2
exit 1
