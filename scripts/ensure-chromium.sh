#!/usr/bin/env bash
# Browser tests need Debian's Chromium (Playwright cannot download its own browser here).
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then
  exit 0
fi
if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium is missing: installing Debian's chromium package (and fonts for CJK and Thai)..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-cjk fonts-thai-tlwg >/dev/null
  exit 0
fi
echo "Chromium is not installed at $CHROMIUM and this user cannot install it." >&2
echo "Install it with: sudo apt-get install -y chromium fonts-noto-cjk fonts-thai-tlwg" >&2
echo "or point CHROMIUM_PATH at a Chromium binary." >&2
exit 1
