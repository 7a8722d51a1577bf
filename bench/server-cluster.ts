/**
 * `npm run bench:server -- --gateways N`: the cluster of DESIGN.md "Past one machine" under the
 * same load as bench:server, driven through its front door. It starts the topology `npm run
 * cluster` starts, on loopback and on ports of its own: a NATS server, one core (no standby: a
 * standby only waits) on PostgreSQL (DATABASE_URL, or scripts/ensure-postgres.sh's; a fresh schema,
 * dropped at the end), N gateways and HAProxy in front of them. The users sign up and trade (or
 * read) through HAProxy and the sockets open through it too.
 *
 * Prints req/s, p50/p95/p99 per call, the sockets and how HAProxy spread them over the gateways,
 * frames/s, and the CPU of each role over the load (from /proc: % of one core and µs per call, its
 * frames included), so what one core and each gateway carry can be worked out on any machine.
 * Needs nats-server and haproxy (scripts/ensure-nats.sh, scripts/ensure-haproxy.sh).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { haproxyConfig } from '../scripts/haproxy-config.ts';
import { ApiClient, CallRecorder } from './server-http.ts';
import { clockTicksPerSecond, coreTicks, procReader } from './server-proc.ts';
import { browse } from './server-readers.ts';
import { inLanes } from './in-lanes.ts';
import { englishServerMessages, messageKeyMatcher } from './server-refusals.ts';
import { countRows, latencyCells, ms, percent, table } from './server-report.ts';
import { SocketFleet } from './server-sockets.ts';
import { perSecond, summarize } from './server-stats.ts';
import { BENCH_PAIR, seededRandom, signUp, trade, type BenchUser } from './server-users.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const MAIN = join(ROOT, 'src/sim/node/main.ts');
const START_TIMEOUT_MS = 60_000;
/** The time with the sockets open and no calls, before the load. */
const IDLE_MS = 5_000;

/** What the cluster run takes of bench:server's options. */
export interface ClusterBenchOptions {
  gateways: number;
  durationS: number;
  users: number;
  sockets: number;
  thinkMs: number;
  seed: number;
  maxErrorRate: number;
  timeoutMs: number;
  connectConcurrency: number;
  mix: 'closed' | 'realistic';
  traders: number;
}

/** One process of the topology: its pid for /proc, its log's counts, and how to stop it. */
interface Role {
  name: string;
  child: ChildProcess;
  /** `request` log lines (gateways), `socket_open` ones, warnings by event. */
  requests: number;
  socketsOpened: number;
  warnings: Map<string, number>;
  exited: Promise<void>;
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

function installed(command: string, flag: string): boolean {
  return spawnSync(command, [flag], { stdio: 'ignore' }).status === 0;
}

/** Spawns `command`; for a server role, resolves once its log says `ready` (else at once). */
function startRole(
  name: string,
  command: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  ready: string | null,
  onLine: (line: Record<string, unknown>) => void = () => undefined,
): Promise<Role> {
  const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const role: Role = { name, child, requests: 0, socketsOpened: 0, warnings: new Map(), exited };
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString('utf8')).slice(-4000)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start: ${stderr}`)), START_TIMEOUT_MS);
    if (ready === null) {
      clearTimeout(timer);
      resolve(role);
    }
    createInterface({ input: child.stdout! }).on('line', (text) => {
      // Thousands of request lines a second: counted without parsing them.
      if (text.includes('"event":"request"') && !text.includes('"level":"warn"')) {
        role.requests++;
        return;
      }
      if (text.includes('"event":"socket_open"')) {
        role.socketsOpened++;
        return;
      }
      let line: Record<string, unknown>;
      try {
        line = JSON.parse(text) as Record<string, unknown>;
      } catch {
        return;
      }
      if ((line.level === 'warn' || line.level === 'error') && typeof line.event === 'string')
        role.warnings.set(line.event, (role.warnings.get(line.event) ?? 0) + 1);
      onLine(line);
      if (line.event === ready) {
        clearTimeout(timer);
        resolve(role);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${code}) before it was ready: ${stderr}`));
    });
  });
}

async function stopRole(role: Role): Promise<void> {
  if (role.child.exitCode !== null || role.child.signalCode !== null) return;
  role.child.kill('SIGTERM');
  const killer = setTimeout(() => role.child.kill('SIGKILL'), 15_000);
  await role.exited;
  clearTimeout(killer);
}

/** The verification codes the core logs (its courier writes them to its log: no SMTP). */
class CodeBook {
  private readonly codes = new Map<string, string[]>();
  private readonly waiters = new Map<string, Array<(code: string) => void>>();

  onLine(line: Record<string, unknown>): void {
    if (line.event !== 'verification_code' || typeof line.to !== 'string' || typeof line.code !== 'string')
      return;
    const waiter = this.waiters.get(line.to)?.shift();
    if (waiter) waiter(line.code);
    else this.codes.set(line.to, [...(this.codes.get(line.to) ?? []), line.code]);
  }

  codeFor(to: string, timeoutMs = 15_000): Promise<string> {
    const queued = this.codes.get(to)?.shift();
    if (queued) return Promise.resolve(queued);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no verification code for ${to}`)), timeoutMs);
      this.waiters.set(to, [
        ...(this.waiters.get(to) ?? []),
        (code) => {
          clearTimeout(timer);
          resolve(code);
        },
      ]);
    });
  }
}

function databaseUrl(): string {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const run = spawnSync('bash', [join(ROOT, 'scripts/ensure-postgres.sh')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (run.status !== 0) throw new Error('scripts/ensure-postgres.sh failed: set DATABASE_URL');
  return run.stdout.toString('utf8').trim();
}

async function waitHealthy(base: string, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    const response = await fetch(`${base}/healthz`).catch(() => null);
    if (response?.ok) return;
    if (Date.now() > deadline) throw new Error(`${base}/healthz did not answer 200 within ${ms} ms`);
    await new Promise((wait) => setTimeout(wait, 200));
  }
}

/** The PostgreSQL server processes of the connections named `appName` (PGAPPNAME), on this machine. */
async function postgresBackends(url: string, appName: string): Promise<Array<{ name: string; pid: number }>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const found = await client.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE application_name = $1 ORDER BY pid',
      [appName],
    );
    return found.rows.map((row, index) => ({
      name: `postgresql backend ${index + 1} (core's)`,
      pid: row.pid,
    }));
  } finally {
    await client.end();
  }
}

/** Runs the cluster benchmark; resolves with the exit code (1 when errors pass the threshold). */
export async function runClusterBench(options: ClusterBenchOptions): Promise<number> {
  if (!installed('nats-server', '--version') || !installed('haproxy', '-v')) {
    console.error(
      'bench:server --gateways needs nats-server and haproxy: bash scripts/ensure-nats.sh && bash scripts/ensure-haproxy.sh',
    );
    return 2;
  }
  const runId = Date.now().toString(36);
  const url = databaseUrl();
  const schema = `bench_cluster_${runId}`;
  const operatorToken = `bench-${runId}`;
  const appName = `tessera-bench-${runId}`;
  const traders =
    options.mix === 'closed'
      ? options.users
      : Math.min(options.users, Math.max(1, Math.round(options.users * options.traders)));
  const [one, five, fifteen] = loadavg().map((value) => value.toFixed(2));
  console.log(`Tessera cluster benchmark (npm run bench:server -- --gateways ${options.gateways})`);
  console.log(
    `  HAProxy -> ${options.gateways} gateway${options.gateways === 1 ? '' : 's'} -> NATS -> 1 core -> PostgreSQL (schema ${schema}); ${options.users} users (${traders} trading), ${options.sockets} sockets on ${BENCH_PAIR.symbol} depth + trades, ${options.durationS} s, think ${options.thinkMs} ms, seed ${options.seed}`,
  );
  console.log(
    `  machine: ${cpus().length} cores, load average ${one} ${five} ${fifteen} at the start; Node ${process.version}; every process and the client on this machine`,
  );

  const { DATABASE_URL: _url, DATABASE_SCHEMA: _schema, NATS_URL: _nats, ...inherited } = process.env;
  const env = { ...inherited, TESSERA_OPERATOR_TOKEN: operatorToken };
  const roles: Role[] = [];
  const folder = mkdtempSync(join(tmpdir(), 'tessera-bench-cluster-'));
  const codes = new CodeBook();
  let exitCode = 1;
  try {
    const natsPort = await freePort();
    const nats = await startRole(
      'nats',
      'nats-server',
      ['--addr', '127.0.0.1', '--port', String(natsPort)],
      env,
      null,
    );
    roles.push(nats);
    const natsUrl = `nats://127.0.0.1:${natsPort}`;
    // The roles do not retry their first connect: NATS must be listening before they start.
    for (let tries = 0; ; tries++) {
      const up = await new Promise<boolean>((done) => {
        const socket = connect(natsPort, '127.0.0.1');
        socket.once('connect', () => {
          socket.destroy();
          done(true);
        });
        socket.once('error', () => done(false));
      });
      if (up) break;
      if (tries > 200) throw new Error(`nats-server did not listen on ${natsPort}`);
      await new Promise((wait) => setTimeout(wait, 50));
    }
    const balancerPort = await freePort();
    const core = await startRole(
      'core',
      process.execPath,
      [
        '--import',
        'tsx',
        MAIN,
        '--role',
        'core',
        '--seed',
        String(options.seed),
        '--nats',
        natsUrl,
        '--public-url',
        `http://127.0.0.1:${balancerPort}`,
      ],
      // Its PostgreSQL backends are found by this name, to count their CPU with the core's.
      { ...env, DATABASE_URL: url, DATABASE_SCHEMA: schema, PGAPPNAME: appName },
      'core_serving',
      (line) => codes.onLine(line),
    );
    roles.push(core);
    const gatewayPorts = await Promise.all(Array.from({ length: options.gateways }, freePort));
    const gateways = await Promise.all(
      gatewayPorts.map((port, index) =>
        startRole(
          `gateway ${index + 1}`,
          process.execPath,
          [
            '--import',
            'tsx',
            MAIN,
            '--role',
            'gateway',
            '--port',
            String(port),
            '--gateway-id',
            `gw-${index + 1}`,
            '--nats',
            natsUrl,
            '--rate',
            '0',
          ],
          env,
          'listening',
        ),
      ),
    );
    roles.push(...gateways);
    const config = join(folder, 'haproxy.cfg');
    writeFileSync(config, haproxyConfig({ port: balancerPort, gateways: gatewayPorts }));
    const haproxy = await startRole('haproxy', 'haproxy', ['-f', config, '-db'], env, null);
    roles.push(haproxy);
    const base = `http://127.0.0.1:${balancerPort}`;
    await waitHealthy(base, 30_000);
    // Every gateway healthy, so HAProxy spreads the sockets over all of them.
    await Promise.all(gatewayPorts.map((port) => waitHealthy(`http://127.0.0.1:${port}`, 30_000)));
    await new Promise((wait) => setTimeout(wait, 2_500));
    console.log(`  balancer ${base}; gateways on ${gatewayPorts.join(', ')}; NATS ${natsUrl}\n`);

    const setup = new CallRecorder();
    const load = new CallRecorder();
    let recorder = setup;
    const api = new ApiClient(
      base,
      () => recorder,
      messageKeyMatcher(englishServerMessages()),
      options.timeoutMs,
    );
    const setupStarted = performance.now();
    const users: BenchUser[] = await inLanes(
      Array.from({ length: options.users }, (_, index) => index),
      8,
      (index) => signUp(api, codes, index, runId),
    );
    const fleet = new SocketFleet({
      url: `ws://127.0.0.1:${balancerPort}/ws`,
      count: options.sockets,
      tokens: users.map((user) => user.token),
      channels: [`MARKET_DEPTH.${BENCH_PAIR.symbol}`, `GLOBAL_TX.${BENCH_PAIR.symbol}`, 'TX_SUBMIT'],
      connectConcurrency: options.connectConcurrency,
      connectTimeoutMs: 10_000,
      pingMs: 5000,
    });
    await fleet.connect();
    console.log(
      `Set-up: ${users.length} users signed up and in, ${fleet.connected}/${options.sockets} sockets in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s; sockets per gateway: ${gateways.map((gateway) => `${gateway.name} ${gateway.socketsOpened}`).join(', ')}`,
    );

    // The load, with each role's CPU read from /proc before and after (the core's PostgreSQL
    // backends too: the log's commits are the core's work done in another process).
    recorder = load;
    const backends = await postgresBackends(url, appName);
    const measured = [...roles.map((role) => ({ name: role.name, pid: role.child.pid! })), ...backends];
    const readers = measured.map((role) => procReader(role.pid));
    const cpuNow = () => readers.map((read) => read()?.cpuMs ?? 0);
    // First a while with the sockets open and no calls: what the market and its frames cost alone,
    // so that what the calls add can be told apart from it.
    const idleStart = cpuNow();
    const idleStarted = performance.now();
    fleet.startMeasuring();
    await new Promise((wait) => setTimeout(wait, IDLE_MS));
    const idleMs = performance.now() - idleStarted;
    const idleFrames = fleet.framesTotal;
    const cpuBefore = cpuNow();
    const idleCpuMs = cpuBefore.map((used, index) => used - idleStart[index]!);
    const coresBefore = coreTicks();
    const requestsBefore = gateways.reduce((sum, gateway) => sum + gateway.requests, 0);
    const clientBefore = process.cpuUsage();
    const started = performance.now();
    const deadline = started + options.durationS * 1000;
    const clients = users.map(() => api.ownConnection());
    await Promise.all(
      users.map((user, index) =>
        (index < traders ? trade : browse)(
          clients[index]!,
          user,
          deadline,
          options.thinkMs,
          seededRandom(options.seed * 1000 + user.index),
        ),
      ),
    );
    for (const client of clients) client.close();
    fleet.stopMeasuring();
    const windowMs = performance.now() - started;
    const cpuMs = cpuNow().map((used, index) => used - cpuBefore[index]!);
    const loadFrames = fleet.framesTotal - idleFrames;
    const client = process.cpuUsage(clientBefore);
    const cores = coreTicks().map((core, index) => ({
      busy: core.busy - (coresBefore[index]?.busy ?? 0),
      total: core.total - (coresBefore[index]?.total ?? 0),
    }));
    const [endOne, endFive] = loadavg().map((value) => value.toFixed(2));
    api.close();

    const all = [...load.latencies.values()].flat();
    const calls = all.length;
    const kinds = [...load.latencies.keys()].sort();
    console.log(`\nLoad: ${(windowMs / 1000).toFixed(1)} s through the balancer`);
    console.log(
      `  HTTP: ${calls} calls, ${perSecond(calls, windowMs).toFixed(0)} requests/s (the gateways logged ${gateways.reduce((sum, gateway) => sum + gateway.requests, 0) - requestsBefore} in the load; each gateway over the whole run: ${gateways.map((gateway) => gateway.requests).join(', ')}), ${load.errorCount} errors (${percent(load.errorCount, calls)})`,
    );
    console.log(
      table(
        ['call', 'calls', 'ok', 'refused*', 'errors', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms'],
        [
          ...kinds.map((kind) => [
            kind,
            load.latencies.get(kind)!.length,
            load.ok.get(kind) ?? 0,
            load.countOf(load.refusals, kind),
            load.countOf(load.errors, kind),
            ...latencyCells(load.latencies.get(kind)!),
          ]),
          [
            'all calls',
            calls,
            [...load.ok.values()].reduce((a, b) => a + b, 0),
            [...load.refusals.values()].reduce((a, b) => a + b, 0),
            load.errorCount,
            ...latencyCells(all),
          ],
        ],
      ),
    );
    const errorRows = countRows(load.errors);
    if (errorRows.length > 0) console.log(table(['error', 'count'], errorRows));
    const dropped = countRows(fleet.dropped).reduce((sum, [, count]) => sum + count, 0);
    console.log(
      `\nSockets: ${fleet.connected} of ${options.sockets} open at the end, ${dropped} dropped, ${fleet.silent} silent; frames ${loadFrames} = ${perSecond(loadFrames, windowMs).toFixed(0)} frames/s under the load, ${perSecond(idleFrames, idleMs).toFixed(0)} frames/s in the ${(idleMs / 1000).toFixed(1)} s without calls before it`,
    );
    const ticks = clockTicksPerSecond();
    /** CPU ms of the processes whose name starts with `prefix`, in the load and in the idle time. */
    const sumOf = (values: readonly number[], prefix: string) =>
      values.filter((_, index) => measured[index]!.name.startsWith(prefix)).reduce((x, y) => x + y, 0);
    const share = (used: number, over: number) => `${((used / over) * 100).toFixed(0)} %`;
    /** µs per call: all the CPU of the load, and what it added to the idle rate. */
    const perCall = (used: number, idle: number) =>
      calls > 0
        ? [
            ((used * 1000) / calls).toFixed(0),
            (((used - (idle / idleMs) * windowMs) * 1000) / calls).toFixed(0),
          ]
        : ['-', '-'];
    const rowOf = (name: string, used: number, idle: number, warnings: ReadonlyMap<string, number>) => [
      name,
      share(idle, idleMs),
      share(used, windowMs),
      ...perCall(used, idle),
      warnings.size > 0 ? [...warnings].map(([event, count]) => `${event} x ${count}`).join(', ') : '',
    ];
    const rows = measured.map((role, index) =>
      rowOf(role.name, cpuMs[index]!, idleCpuMs[index]!, roles[index]?.warnings ?? new Map<string, number>()),
    );
    rows.push(rowOf('gateways together', sumOf(cpuMs, 'gateway'), sumOf(idleCpuMs, 'gateway'), new Map()));
    const added = (prefix: string) => perCall(sumOf(cpuMs, prefix), sumOf(idleCpuMs, prefix))[1];
    console.log(
      "\nCPU (of one core) with the sockets open and no calls, and under the load; µs per call: all of the load's, and beyond the idle rate:",
    );
    console.log(
      table(
        ['process', 'idle CPU', 'load CPU', 'µs per call', 'µs per call added', 'log warnings/errors'],
        rows,
      ),
    );
    console.log(
      `  client (this process): ${(((client.user + client.system) / 1000 / windowMs) * 100).toFixed(0)} % of one core; machine cores busy (every process): ${cores.map((core, index) => `cpu${index} ${percent(core.busy, Math.max(1, core.total))}`).join(', ')} (${ticks} ticks/s)`,
    );
    console.log(`  load average at the end: ${endOne} ${endFive}`);

    const socketFailures = options.sockets - fleet.connected + dropped;
    const shutdown = fleet.awaitShutdown(15_000);
    for (const gateway of gateways) await stopRole(gateway);
    await shutdown;

    const httpRate = calls > 0 ? load.errorCount / calls : 1;
    const passed =
      calls > 0 &&
      httpRate <= options.maxErrorRate &&
      socketFailures / Math.max(1, options.sockets) <= options.maxErrorRate;
    const summary = summarize(all);
    console.log(
      `\n${passed ? 'PASS' : 'FAIL'}: bench:server --gateways ${options.gateways} ${perSecond(calls, windowMs).toFixed(0)} req/s p50 ${ms(summary.p50)} ms p99 ${ms(summary.p99)} ms, ${options.sockets - socketFailures} sockets ${perSecond(loadFrames, windowMs).toFixed(0)} frames/s; CPU µs per call beyond idle: core ${added('core')} + its postgresql ${added('postgresql')}, gateways ${added('gateway')}, nats ${added('nats')}, haproxy ${added('haproxy')}; idle CPU: core ${share(sumOf(idleCpuMs, 'core'), idleMs)}, gateways ${share(sumOf(idleCpuMs, 'gateway'), idleMs)}; load average ${one} -> ${endOne}`,
    );
    exitCode = passed ? 0 : 1;
  } finally {
    for (const role of [...roles].reverse()) await stopRole(role);
    rmSync(folder, { recursive: true, force: true });
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
  }
  return exitCode;
}
