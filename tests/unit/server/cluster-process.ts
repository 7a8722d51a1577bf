import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { connect, createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { call, post } from './server-fixture.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const MAIN = join(ROOT, 'src/sim/node/main.ts');

/** Whether Debian's nats-server is on this machine (scripts/ensure-nats.sh installs it). */
export function natsServerInstalled(): boolean {
  return spawnSync('nats-server', ['--version'], { stdio: 'ignore' }).status === 0;
}

export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

function answers(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}

export interface Proc {
  child: ChildProcess;
  /** Every log line so far, parsed. */
  lines: Record<string, unknown>[];
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

function stopper(child: ChildProcess, exited: Promise<unknown>) {
  return async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(killer);
  };
}

/**
 * A NATS server of the test's own on a free loopback port, `port` to restart it on the same one:
 * no other run's cores or gateways share its subjects. Resolves once it takes connections.
 */
export async function startNats(port?: number): Promise<Proc & { url: string; port: number }> {
  const at = port ?? (await freePort());
  const child = spawn('nats-server', ['--addr', '127.0.0.1', '--port', String(at)], { stdio: 'ignore' });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const deadline = Date.now() + 10_000;
  while (!(await answers(at))) {
    if (Date.now() > deadline || child.exitCode !== null)
      throw new Error(`nats-server did not start on ${at}`);
    await new Promise((wait) => setTimeout(wait, 50));
  }
  return { child, lines: [], exited, stop: stopper(child, exited), url: `nats://127.0.0.1:${at}`, port: at };
}

/**
 * Starts `npm run server` (src/sim/node/main.ts through tsx) with `args`; resolves once a log line
 * with event `ready` came (`listening` for a gateway, `core_serving` for a core).
 */
export function startRole(
  args: readonly string[],
  ready: string,
  env: Record<string, string> = {},
): Promise<Proc> {
  const { DATABASE_URL: _url, DATABASE_SCHEMA: _schema, NATS_URL: _nats, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...inherited, TESSERA_OPERATOR_TOKEN: 'cluster-test', ...env },
  });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const lines: Record<string, unknown>[] = [];
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  return new Promise((resolveStart, reject) => {
    const timer = setTimeout(() => reject(new Error(`${args.join(' ')} did not start: ${stderr}`)), 45_000);
    createInterface({ input: child.stdout! }).on('line', (text) => {
      const line = JSON.parse(text) as Record<string, unknown>;
      lines.push(line);
      if (line.event === ready) {
        clearTimeout(timer);
        resolveStart({ child, lines, exited, stop: stopper(child, exited) });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${args.join(' ')} exited (${code}) before ${ready}: ${stderr}`));
    });
  });
}

export interface Gateway extends Proc {
  base: string;
  socketUrl: string;
}

/** A `--role gateway` on a free loopback port, answering once it listens. */
export async function startGateway(natsUrl: string, id: string): Promise<Gateway> {
  const port = await freePort();
  const proc = await startRole(
    ['--role', 'gateway', '--port', String(port), '--gateway-id', id, '--nats', natsUrl, '--rate', '0'],
    'listening',
  );
  return { ...proc, base: `http://127.0.0.1:${port}`, socketUrl: `ws://127.0.0.1:${port}/ws` };
}

/** Resolves once `base` answers /healthz with `status` (a gateway is healthy once it hears a core). */
export async function healthz(base: string, status: number, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    const response = await fetch(`${base}/healthz`).catch(() => null);
    if (response?.status === status) return;
    if (Date.now() > deadline) throw new Error(`${base}/healthz never answered ${status}`);
    await new Promise((wait) => setTimeout(wait, 100));
  }
}

/** A BTC/USDT limit buy of 0.001 at `price`, with its request id. */
export function placeBuy(base: string, token: string, price: string, requestId: string) {
  return post(
    base,
    'tx_in/add',
    { currency_match_id: 1, number: '0.001', price, type: 0 },
    { authorization: token, 'x-request-id': requestId },
  );
}

/** The ids of the user's open BTC/USDT orders at `price`, every page read. */
export async function openOrderIdsAt(base: string, token: string, price: string): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const list = await call(base, `/api/tx_in/list?currency_match_id=1&limit=100&page=${page}`, {
      headers: { authorization: token },
    });
    const data = list.body.data as { data: Array<{ id: number; price: string }>; last_page: number };
    for (const order of data.data) if (Number(order.price) === Number(price)) ids.push(order.id);
    if (page >= data.last_page) return ids;
  }
}
