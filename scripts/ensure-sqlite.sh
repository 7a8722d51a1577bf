#!/usr/bin/env bash
# better-sqlite3 (the server's event log) is a native addon, built here for the Node on PATH when it
# does not load in it. Only the server and its tests need it (issue 27 item 7), so `npm install`
# does not build it (npm 11 runs no dependency's install script unless package.json allows it, and
# a compile from source takes minutes): the first command that needs it does, once, through this
# script: `npm run server` (src/sim/node/start.ts), `npm test` and every vitest run
# (tests/unit/sqlite-addon.global.ts), or `npm run setup:server`.
#   bash scripts/ensure-sqlite.sh            # build when needed; exit 1 when it cannot
#   bash scripts/ensure-sqlite.sh --report   # only say whether it is built (the postinstall); exit 0
# It first asks prebuild-install for better-sqlite3's prebuilt addon for this Node (a download of a
# few seconds where GitHub is reachable; it fails at once where it is not), then builds it with
# node-gyp against the headers of the Node on PATH, which ship with that Node. A lock keeps two runs
# (two test runs in one checkout) from building at once.
set -uo pipefail
cd "$(dirname "$0")/.."
report=false
[ "${1:-}" = "--report" ] && report=true
loads() { node -e "require('better-sqlite3')(':memory:').close()" >/dev/null 2>&1; }

if [ ! -f node_modules/better-sqlite3/package.json ]; then
  echo "better-sqlite3 is not installed (an optional dependency): the browser app works without it;"
  echo "npm run server and the server's tests need it: npm install."
  $report && exit 0
  exit 1
fi
loads && exit 0
if $report; then
  echo "better-sqlite3 (npm run server and the server's tests only) is not built for Node $(node --version) yet:"
  echo "the first npm run server or npm test builds it (a minute or more), or now: npm run setup:server."
  exit 0
fi

mkdir -p node_modules/.cache
exec 9>node_modules/.cache/ensure-sqlite.lock
flock 9
loads && exit 0 # built by the run that held the lock
node_bin="$(readlink -f "$(command -v node)")"
nodedir="$(cd "$(dirname "$node_bin")/.." && pwd)"
gyp="${npm_config_node_gyp:-$(dirname "$(readlink -f "$(command -v npm)")")/../node_modules/node-gyp/bin/node-gyp.js}"
started=$SECONDS
if (cd node_modules/better-sqlite3 && ../.bin/prebuild-install >/dev/null 2>&1) && loads; then
  echo "better-sqlite3: downloaded its prebuilt addon for Node $(node --version)."
  exit 0
fi
echo "better-sqlite3: building the server's SQLite addon for Node $(node --version), once (headers in $nodedir)..."
# npm passes its own nodedir to lifecycle scripts through npm_config_nodedir, which node-gyp prefers.
build_log=node_modules/.cache/ensure-sqlite.log
if (cd node_modules/better-sqlite3 && npm_config_nodedir="$nodedir" node "$gyp" rebuild --release --nodedir="$nodedir") >"$build_log" 2>&1 &&
  loads; then
  echo "better-sqlite3: built in $((SECONDS - started)) s."
  exit 0
fi
tail -n 20 "$build_log"
echo "better-sqlite3: could not be built for Node $(node --version) (the whole log: $build_log): node-gyp needs python3, make and a C++ compiler."
echo "The browser app works without it; npm run server and the server's tests need it."
exit 1
