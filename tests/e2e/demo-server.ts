import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/**
 * `npm run server -- --demo --data :memory:` for the browser suite's server run (issue 18 item 6):
 * the app is pointed at it instead of its in-browser simulator, and each test starts on a fresh
 * exchange (POST /demo/reset), as each test's new browser profile starts a fresh simulator.
 */
export interface DemoServer {
  base: string;
  socket: string;
  /** The sim/* controls' operator token, where the server asks for one (the cluster's gateways). */
  operatorToken?: string;
  reset(): Promise<void>;
  stop(): Promise<void>;
  /** SIGKILL: no shutdown at all, as a crash or a pulled plug. */
  kill(): Promise<void>;
}

export interface DemoServerOptions {
  /** Where the event log lives; default ':memory:' (then POST /demo/reset is served). */
  data?: string;
  /** Default 0: a free port. */
  port?: number;
}

export async function startDemoServer(options: DemoServerOptions = {}): Promise<DemoServer> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      // What `npm run server` runs: it builds the SQLite addon first when `npm install` left it unbuilt.
      'src/sim/node/start.ts',
      '--demo',
      '--data',
      options.data ?? ':memory:',
      '--port',
      String(options.port ?? 0),
      '--rate',
      '0',
      '--origin',
      '*',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, DATABASE_URL: '' } },
  );
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the demo server did not start: ${stderr}`)), 60_000);
    createInterface({ input: child.stdout! }).on('line', (text) => {
      const line = JSON.parse(text) as { event?: string; url?: string; level?: string };
      if (line.event === 'listening' && line.url) {
        clearTimeout(timer);
        resolve(line.url);
      }
      // The server's own errors fail the run loudly rather than hiding in its log.
      if (line.level === 'error') process.stderr.write(`demo server: ${text}\n`);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the demo server exited (${code}) before listening: ${stderr}`));
    });
  });
  return {
    base,
    socket: `${base.replace(/^http/, 'ws')}/ws`,
    async reset() {
      const answer = await fetch(`${base}/demo/reset`, { method: 'POST' });
      if (!answer.ok) throw new Error(`demo reset answered ${answer.status}`);
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}
