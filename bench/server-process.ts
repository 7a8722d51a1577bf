import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const MAIN = join(ROOT, 'src/sim/node/main.ts');
const LOOP_PROBE = join(ROOT, 'bench/server-loop-probe.ts');
const START_TIMEOUT_MS = 60_000;

/** How the server's own log ended up, for the report (a benchmark must notice a sick server). */
export interface ServerLogCounts {
  /** `request` lines: requests the server answered (its own count, next to the client's). */
  requests: number;
  /** Lines by level warn and error, by event (`socket_too_slow`, `request_timeout`, ...). */
  warnings: Map<string, number>;
}

export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  /** http://host:port */
  base: string;
  /** ws://host:port/ws */
  socketUrl: string;
  operatorToken: string;
  log: ServerLogCounts;
  /** The next verification code the server logs for `to` (it prints codes to its log: no SMTP). */
  codeFor(to: string, timeoutMs?: number): Promise<string>;
  /**
   * The server's own event-loop delay since the last call (bench/server-loop-probe.ts, loaded into
   * it): call once when the load starts (that reading is the set-up's) and once when it ends.
   */
  loopDelay(): Promise<ServerLoopDelay | null>;
  /** SIGTERM, then waits (at most `graceMs`) for the exit; resolves with how it ended. */
  stop(graceMs?: number): Promise<ServerStop>;
}

export interface ServerLoopDelay {
  /** The histogram's timer period, included in every sample. */
  resolutionMs: number;
  samples: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface ServerStop {
  /** Exit status, or null when it ended by a signal or did not end within the grace. */
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  /** Whether the log said `stopped` (the graceful path: requests finished, sockets closed, log flushed). */
  loggedStopped: boolean;
  ms: number;
  clean: boolean;
}

/**
 * Starts the real server (src/sim/node/main.ts, what `npm run server` runs) as a child process on a
 * free port: `node --import tsx` on the Node running the benchmark, so the child is the server's own
 * process (its /proc figures are the server's, and SIGTERM reaches it directly, not a wrapper).
 * Its stdout log is read line by line: `listening` gives the address, `operator_token` the token,
 * `verification_code` the sign-up codes. Resolves once both the address and the token are known.
 */
export function startServerProcess(
  args: readonly string[],
  nodeArgs: readonly string[] = [],
): Promise<ServerProcess> {
  const { TESSERA_OPERATOR_TOKEN: _token, DATABASE_URL: _url, ...env } = process.env;
  const loopFile = join(tmpdir(), `tessera-bench-loop-${process.pid}-${Date.now().toString(36)}.json`);
  const child = spawn(
    process.execPath,
    [...nodeArgs, '--import', 'tsx', '--import', LOOP_PROBE, MAIN, '--port', '0', ...args],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...env, TESSERA_BENCH_LOOP_FILE: loopFile } },
  );
  let loopSignals = 0;
  const log: ServerLogCounts = { requests: 0, warnings: new Map() };
  const codes = new Map<string, string[]>();
  const codeWaiters = new Map<string, Array<(code: string) => void>>();
  let loggedStopped = false;
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-4000);
  });
  // 'close', not 'exit': by then stdout is drained, so a `stopped` line has been read.
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('close', (code, signal) => done({ code, signal })),
  );

  return new Promise((resolveStart, reject) => {
    let base = '';
    let socketUrl = '';
    let operatorToken = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not start within ${START_TIMEOUT_MS} ms: ${stderr}`));
    }, START_TIMEOUT_MS);
    const started = () => {
      if (!base || !operatorToken) return;
      clearTimeout(timer);
      resolveStart({
        child,
        pid: child.pid!,
        base,
        socketUrl,
        operatorToken,
        log,
        codeFor(to, timeoutMs = 15_000) {
          const queued = codes.get(to);
          if (queued && queued.length > 0) return Promise.resolve(queued.shift()!);
          return new Promise((resolveCode, rejectCode) => {
            const wait = setTimeout(
              () => rejectCode(new Error(`no verification code for ${to} in the server log`)),
              timeoutMs,
            );
            const waiters = codeWaiters.get(to) ?? [];
            waiters.push((code) => {
              clearTimeout(wait);
              resolveCode(code);
            });
            codeWaiters.set(to, waiters);
          });
        },
        async loopDelay() {
          const signal = ++loopSignals;
          child.kill('SIGUSR2');
          // The probe answers when the server's event loop gets to the signal: a busy loop is late.
          for (let waited = 0; waited < 5000; waited += 20) {
            await new Promise((done) => setTimeout(done, 20));
            try {
              const read = JSON.parse(readFileSync(loopFile, 'utf8')) as ServerLoopDelay & { signal: number };
              if (read.signal === signal) return read;
            } catch {
              // Not written yet, or half written: read again.
            }
          }
          return null;
        },
        async stop(graceMs = 20_000) {
          const begun = performance.now();
          child.kill('SIGTERM');
          let grace: NodeJS.Timeout | undefined;
          const ended = await Promise.race([
            exited,
            new Promise<null>((done) => (grace = setTimeout(() => done(null), graceMs))),
          ]);
          clearTimeout(grace);
          const ms = performance.now() - begun;
          if (ended === null) {
            child.kill('SIGKILL');
            await exited;
            return { exitCode: null, signal: null, loggedStopped, ms, clean: false };
          }
          return {
            exitCode: ended.code,
            signal: ended.signal,
            loggedStopped,
            ms,
            clean: ended.code === 0 && loggedStopped,
          };
        },
      });
    };
    createInterface({ input: child.stdout! }).on('line', (text) => {
      // One line per request: count those without parsing them (parsing thousands a second would
      // take the CPU the benchmark needs to drive the load).
      if (text.includes('"event":"request"')) {
        log.requests++;
        if (!text.includes('"level":"warn"') && !text.includes('"level":"error"')) return;
      }
      let line: Record<string, unknown>;
      try {
        line = JSON.parse(text) as Record<string, unknown>;
      } catch {
        return;
      }
      const { event, level } = line;
      if ((level === 'warn' || level === 'error') && typeof event === 'string') {
        log.warnings.set(event, (log.warnings.get(event) ?? 0) + 1);
      }
      if (event === 'listening' && typeof line.url === 'string' && typeof line.socket === 'string') {
        base = line.url;
        socketUrl = line.socket;
        started();
      } else if (event === 'operator_token' && typeof line.token === 'string') {
        operatorToken = line.token;
        started();
      } else if (
        event === 'verification_code' &&
        typeof line.to === 'string' &&
        typeof line.code === 'string'
      ) {
        const waiter = codeWaiters.get(line.to)?.shift();
        if (waiter) waiter(line.code);
        else codes.set(line.to, [...(codes.get(line.to) ?? []), line.code]);
      } else if (event === 'stopped') {
        loggedStopped = true;
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      rmSync(loopFile, { force: true });
      if (base && operatorToken) return;
      // better-sqlite3 is built for the Node of npm scripts (node_modules/.bin/node), not another one.
      const hint = stderr.includes('NODE_MODULE_VERSION')
        ? '\n(run it as `npm run bench:server`: the server needs the Node that npm scripts use)'
        : '';
      reject(new Error(`the server exited (${code}) before listening: ${stderr}${hint}`));
    });
  });
}
