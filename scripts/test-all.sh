#!/usr/bin/env bash
# Every test, in the order that fails fastest: typecheck, lint, format, unit and property tests,
# the server killed under load, the contract document, the production build, then Playwright in
# Chromium. Stops at the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n=== %s ===\n' "$1"; }

step "typecheck"
npx tsc --noEmit -p tsconfig.json
step "lint"
npx oxlint -c .oxlintrc.json --deny-warnings src tests scripts bench
step "format"
npx prettier --check . --log-level warn
step "unit and property tests"
npx vitest run
step "the server killed under load (SIGKILL)"
npx vitest run --config vitest.crash.config.ts
step "production build"
npx vite build --logLevel warn
step "browser tests (Chromium)"
bash scripts/ensure-chromium.sh
npx playwright test
echo
echo "All tests passed."
