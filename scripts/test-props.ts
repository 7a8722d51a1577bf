/**
 * Runs every property test (the fast-check ones under tests/unit) with a chosen number of runs and
 * seed, and prints each failing property's seed and path so it replays exactly:
 *   npm run test:props -- --runs 10000 --seed 42
 *   npm run test:props -- --seed -1345853445 --path "17:3" tests/unit/devtools/context-diff.test.ts -t "leaf"
 * Options: --runs N (every property, overriding a test's own numRuns), --seed S (default: a fresh
 * one, printed), --path P (replay a failure), --size xsmall|small|medium|large|xlarge (fast-check's
 * baseSize: how big arrays, strings and records get where a test sets no size; its default, small,
 * draws arrays of at most about 10 items whatever their maxLength), then any vitest arguments.
 * A walk's coverage floor (tests/unit/property-coverage.ts) is a rate of the runs it made, so it
 * scales with N; with very few runs a rare case can be missed by chance (the failure names the runs).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const root = join(import.meta.dirname, '..');
const args = process.argv.slice(2);
const options: { runs?: string; seed?: string; path?: string; size?: string } = {};
const rest: string[] = [];
for (let index = 0; index < args.length; index++) {
  const arg = args[index] ?? '';
  const [flag, inline] = arg.split('=', 2);
  if (flag === '--runs' || flag === '--seed' || flag === '--path' || flag === '--size') {
    const value = inline ?? args[++index];
    if (value === undefined) throw new Error(`${flag} needs a value`);
    options[flag.slice(2) as 'runs' | 'seed' | 'path' | 'size'] = value;
  } else rest.push(arg);
}
if (options.runs !== undefined && !/^[1-9]\d*$/.test(options.runs))
  throw new Error('--runs must be a positive integer');
if (options.seed !== undefined && !/^-?\d+$/.test(options.seed)) throw new Error('--seed must be an integer');
if (options.size !== undefined && !['xsmall', 'small', 'medium', 'large', 'xlarge'].includes(options.size))
  throw new Error('--size must be xsmall, small, medium, large or xlarge');
// A fresh seed when none is given, printed, so even a passing run can be repeated.
const seed = options.seed ?? String((Math.random() * 2 ** 31) | 0);

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.test\.tsx?$/.test(name) && /from 'fast-check'/.test(readFileSync(path, 'utf8')) ? [path] : [];
  });
}

// Files named on the command line narrow the run; otherwise every property test runs.
const named = rest.filter((arg) => !arg.startsWith('-') && /\.test\.tsx?$/.test(arg));
const flags = rest.filter((arg) => !named.includes(arg));
const targets =
  named.length > 0 ? named : files(join(root, 'tests/unit')).map((path) => relative(root, path));
console.log(
  `property tests: ${targets.length} files, runs ${options.runs ?? "each test's own"}, seed ${seed}` +
    (options.size ? `, size ${options.size}` : '') +
    (options.path ? `, path ${options.path}` : ''),
);

const report = join(mkdtempSync(join(tmpdir(), 'props-')), 'report.json');
const result = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    '--config',
    'vitest.props.config.ts',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...flags,
    ...targets,
  ],
  {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      FC_SEED: seed,
      ...(options.runs ? { FC_RUNS: options.runs } : {}),
      ...(options.path ? { FC_PATH: options.path } : {}),
      ...(options.size ? { FC_SIZE: options.size } : {}),
    },
  },
);

interface JsonReport {
  testResults: {
    name: string;
    assertionResults: { fullName: string; status: string; failureMessages: string[] }[];
  }[];
}
let failures = 0;
try {
  const parsed = JSON.parse(readFileSync(report, 'utf8')) as JsonReport;
  for (const file of parsed.testResults) {
    for (const test of file.assertionResults) {
      if (test.status !== 'failed') continue;
      failures++;
      const message = test.failureMessages.join('\n');
      const found = /seed:\s*(-?\d+),\s*path:\s*"([^"]*)"/.exec(message);
      const where = relative(root, file.name);
      console.log(`\nFAILED ${where} > ${test.fullName}`);
      if (found) {
        console.log(`  seed ${found[1]}, path ${found[2]}`);
        console.log(
          `  replay: npm run test:props -- --seed ${found[1]} --path "${found[2]}" ${where} -t ${JSON.stringify(test.fullName)}`,
        );
      } else console.log('  (not a property failure: no seed and path in its message)');
    }
  }
} catch {
  // No report (vitest did not start): its own output says why.
}
console.log(failures === 0 ? `\nseed ${seed}: no property failed` : `\nseed ${seed}: ${failures} failed`);
process.exit(result.status ?? 1);
