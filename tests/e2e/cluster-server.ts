import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { haproxyConfig } from '../../scripts/haproxy-config.ts';
import type { DemoServer } from './demo-server.ts';

/**
 * The browser suite's cluster run (issue 36's goal, the "cluster" project in playwright.config.ts):
 * the app pointed at HAProxy in front of two `--role gateway` processes, one `--role core` on an
 * in-memory log, and a NATS server of its own, all on loopback. Each test starts on a fresh exchange
 * as on the demo server: `reset` replaces the core (a core on an in-memory log has no
 * /demo/reset) and waits until both gateways hear the new one. Needs nats-server and haproxy
 * (`available`; .ci/run installs both).
 */
const OPERATOR_TOKEN = 'e2e-cluster-operator';
const START_MS = 60_000;

export function clusterAvailable(): boolean {
  const runs = (command: string, flag: string) =>
    spawnSync(command, [flag], { stdio: 'ignore' }).status === 0;
  return runs('nats-server', '--version') && runs('haproxy', '-v');
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

interface Running {
  child: ChildProcess;
  exited: Promise<void>;
}

function run(command: string, args: readonly string[]): Running {
  const { DATABASE_URL: _url, NATS_URL: _nats, ...env } = process.env;
  const child = spawn(command, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...env, TESSERA_OPERATOR_TOKEN: OPERATOR_TOKEN },
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  return { child, exited };
}

/** `npm run server` with `args`, resolved once it logs `ready` (its own errors are printed). */
function startServerRole(args: readonly string[], ready: string): Promise<Running> {
  const started = run(process.execPath, ['--import', 'tsx', 'src/sim/node/start.ts', ...args]);
  let stderr = '';
  started.child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${args[1]} did not start: ${stderr}`)), START_MS);
    createInterface({ input: started.child.stdout! }).on('line', (text) => {
      const line = JSON.parse(text) as { event?: string; level?: string };
      if (line.event === ready) {
        clearTimeout(timer);
        resolve(started);
      }
      if (line.level === 'error') process.stderr.write(`cluster ${args[1]}: ${text}\n`);
    });
    started.child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${args[1]} exited (${code}) before ${ready}: ${stderr}`));
    });
  });
}

async function stopped(process: Running, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (process.child.exitCode !== null || process.child.signalCode !== null) return;
  process.child.kill(signal);
  await process.exited;
}

async function healthy(base: string): Promise<void> {
  const deadline = Date.now() + START_MS;
  for (;;) {
    const response = await fetch(`${base}/healthz`).catch(() => null);
    if (response?.status === 200) return;
    if (Date.now() > deadline) throw new Error(`${base} never became healthy`);
    await new Promise((wait) => setTimeout(wait, 100));
  }
}

export async function startCluster(): Promise<DemoServer> {
  const [natsPort, balancerPort, ...gatewayPorts] = await Promise.all([0, 1, 2, 3].map(() => freePort()));
  const natsUrl = `nats://127.0.0.1:${natsPort!}`;
  const base = `http://127.0.0.1:${balancerPort!}`;
  const nats = run('nats-server', ['--addr', '127.0.0.1', '--port', String(natsPort)]);
  const coreArgs = ['--role', 'core', '--data', ':memory:', '--nats', natsUrl, '--public-url', base];
  const processes: Running[] = [nats];
  const folder = mkdtempSync(join(tmpdir(), 'tessera-e2e-cluster-'));
  try {
    // nats-server listens within milliseconds; the roles' clients retry their first connection.
    await new Promise((wait) => setTimeout(wait, 200));
    const starting = [
      startServerRole(coreArgs, 'core_serving'),
      ...gatewayPorts.map((port, i) =>
        startServerRole(
          [
            '--role',
            'gateway',
            '--port',
            String(port),
            '--gateway-id',
            `e2e-${i + 1}`,
            '--nats',
            natsUrl,
            '--rate',
            '0',
            '--origin',
            '*',
            '--public-url',
            base,
          ],
          'listening',
        ),
      ),
    ];
    const started = await Promise.all(starting);
    processes.push(...started);
    let core = started[0]!;
    const config = join(folder, 'haproxy.cfg');
    writeFileSync(config, haproxyConfig({ port: balancerPort!, gateways: gatewayPorts }));
    processes.push(run('haproxy', ['-f', config, '-db']));
    const gateways = gatewayPorts.map((port) => `http://127.0.0.1:${port}`);
    await Promise.all([...gateways, base].map(healthy));
    return {
      base,
      socket: `${base.replace(/^http/, 'ws')}/ws`,
      operatorToken: OPERATOR_TOKEN,
      async reset() {
        // The old core says it leaves, so the gateways wait for the next (503 meanwhile).
        await stopped(core);
        core = await startServerRole(coreArgs, 'core_serving');
        processes[1] = core;
        await Promise.all([...gateways, base].map(healthy));
      },
      async stop() {
        await Promise.all(processes.slice(1).map((process) => stopped(process)));
        await stopped(nats);
        rmSync(folder, { recursive: true, force: true });
      },
      async kill() {
        await Promise.all(processes.map((process) => stopped(process, 'SIGKILL')));
        rmSync(folder, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await Promise.all(processes.map((process) => stopped(process, 'SIGKILL')));
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
}
