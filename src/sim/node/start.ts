import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CLUSTER_PACKAGES,
  SERVER_PACKAGES,
  serverPackageProblems,
  serverPackagesMessage,
  type PackageProblem,
} from './server-packages.ts';

/**
 * `npm run server`'s entry: checks the server's optional packages (server-packages.ts) before the
 * server's modules load, since a missing package would otherwise stop it at an import with Node's
 * bare "Cannot find package" and no word of what to do. The SQLite addon, which `npm install` does
 * not build, is built here on the first start (scripts/ensure-sqlite.sh, its output on stderr:
 * stdout carries only the server's JSON log lines). Then it starts the server (main.ts).
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const args = process.argv.slice(2);
// The gateway and core roles talk over NATS; one process (`--role all`, the default) never loads its client.
const clustered = args.some(
  (arg, i) => arg === '--role' && (args[i + 1] === 'gateway' || args[i + 1] === 'core'),
);
const check = (): PackageProblem[] =>
  serverPackageProblems(createRequire(import.meta.url), [
    ...SERVER_PACKAGES,
    ...(clustered ? CLUSTER_PACKAGES : []),
  ]);

let problems = check();
if (problems.some((problem) => problem.name === 'better-sqlite3' && problem.kind === 'unbuilt')) {
  spawnSync('bash', ['scripts/ensure-sqlite.sh'], { cwd: ROOT, stdio: ['ignore', 2, 2] });
  problems = check();
}
if (problems.length > 0) {
  process.stderr.write(serverPackagesMessage(problems, process.version));
  process.exit(1);
}
await import('./main.ts');
