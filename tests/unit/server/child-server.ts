import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const MAIN = join(ROOT, 'src/sim/node/main.ts');

export interface Running {
  child: ChildProcess;
  base: string;
  /** Every log line so far, parsed. */
  lines: Record<string, unknown>[];
  /** Resolves with the exit code once the process ended. */
  exited: Promise<number | null>;
}

/**
 * Starts `npm run server` (the real entry, src/sim/node/main.ts, through tsx, on the Node running
 * the tests) with `args` and an ephemeral port; resolves once it listens. It runs on SQLite unless
 * `env` names a DATABASE_URL (the test run's own DATABASE_URL is not passed on).
 */
export function startServer(args: readonly string[], env: Record<string, string> = {}): Promise<Running> {
  const { DATABASE_URL: _url, DATABASE_SCHEMA: _schema, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, '--port', '0', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...inherited, TESSERA_OPERATOR_TOKEN: 'child-test', ...env },
  });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const lines: Record<string, unknown>[] = [];
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  return new Promise((resolveStart, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${stderr}`)), 30_000);
    createInterface({ input: child.stdout! }).on('line', (text) => {
      const line = JSON.parse(text) as Record<string, unknown>;
      lines.push(line);
      if (line.event === 'listening' && typeof line.url === 'string') {
        clearTimeout(timer);
        resolveStart({ child, base: line.url, lines, exited });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before listening: ${stderr}`));
    });
  });
}
