/**
 * `npm run bench:server`: the Node server (`npm run server`, src/sim/node/main.ts) under load over
 * loopback (issue 18 item 7).
 *
 * 1. Starts the real server as a child process on a free port, in memory (`--data :memory:`, or a
 *    fresh SQLite file in a temporary directory with `--data file`), without
 *    the per-address rate limit (`--rate 0`: every request comes from 127.0.0.1), seed 42.
 * 2. Signs up `--users` trading users (e-mail code from the server's log, user/register, user/login).
 * 3. Opens `--sockets` WebSockets on /ws, each logged in as one of the users and subscribed to the
 *    BTC/USDT depth and trades (and its owner's TX_SUBMIT), pinging every 5 s like the browser.
 * 4. For `--duration` seconds every user trades in a closed loop (resting limit orders, cancels,
 *    orders through the spread, quotes, open-order lists; `--think` ms between calls), while every
 *    socket counts and times what it receives. With `--mix realistic` most users read instead
 *    (quotes, depth, candles, their accounts and orders: bench/server-readers.ts) and a fraction
 *    `--traders` trade; its preset is 500 users, 2,000 sockets and 500 ms think time, each of which
 *    an explicit option overrides.
 * 5. Stops the server with SIGTERM while the sockets are still open, and checks it stopped cleanly.
 *
 * Prints throughput, p50/p95/p99/max latency per call kind (the calls that opened their connection
 * apart), errors by kind, socket frames per second, trade push delay and the spread of one frame across sockets, failed and dropped sockets,
 * and the server's RSS and CPU (by thread: its event loop, the thread pool, V8's helpers), its own
 * event-loop delay (bench/server-loop-probe.ts), and how busy each core of the machine was; exits 1 when HTTP errors or socket failures exceed
 * `--max-error-rate` (a fraction, default 0.01) or the server did not stop cleanly.
 *
 * The client runs in one process on the same machine as the server: its own CPU use and event-loop
 * delay are printed too, since a saturated client inflates every delay it measures.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { ApiClient, CallRecorder } from './server-http.ts';
import { clockTicksPerSecond, coreTicks, procReader, threadTicks, type ProcSample } from './server-proc.ts';
import {
  startServerProcess,
  type ServerLoopDelay,
  type ServerProcess,
  type ServerStop,
} from './server-process.ts';
import { runClusterBench } from './server-cluster.ts';
import { browse } from './server-readers.ts';
import { inLanes } from './in-lanes.ts';
import { englishServerMessages, messageKeyMatcher } from './server-refusals.ts';
import { profilesIn, selfTimes } from './server-profile.ts';
import { countRows, latencyCells, megabytes, ms, percent, table } from './server-report.ts';
import { SocketFleet } from './server-sockets.ts';
import { perSecond, summarize } from './server-stats.ts';
import { BENCH_PAIR, seededRandom, signUp, trade, type BenchUser } from './server-users.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
/** The event-loop delay monitor's timer period; its samples include it, so it is taken off. */
const LOOP_DELAY_RESOLUTION_MS = 10;

interface BenchOptions {
  /** ':memory:' (SQLite in memory), or 'file': a SQLite file in a fresh temporary directory. */
  data: ':memory:' | 'file';
  durationS: number;
  users: number;
  sockets: number;
  thinkMs: number;
  seed: number;
  stormMs: number;
  maxErrorRate: number;
  timeoutMs: number;
  connectConcurrency: number;
  /** Runs the server under `--cpu-prof` and prints its top self-time functions after the run. */
  profile: boolean;
  /** closed: every user trades; realistic: a fraction `traders` trades and the others read. */
  mix: 'closed' | 'realistic';
  traders: number;
  /** The server's --socket-gateway: its WebSockets in a process of their own (on) or in its own (off). */
  gateway: 'on' | 'off';
  /** 0: the one server; N: the cluster, N gateways behind HAProxy (bench/server-cluster.ts). */
  gateways: number;
}

/** What `--mix realistic` changes unless the option is given: many more readers than traders. */
const REALISTIC_PRESET: Record<string, number> = { users: 500, sockets: 2000, think: 500 };

const USAGE = `Usage: npm run bench:server -- [options]

  --duration <s>             load time in seconds (default 30)
  --data memory|file         the server's SQLite event log in memory (default), or in a fresh file
  --users <n>                trading users, each one closed loop of calls (default 50)
  --sockets <n>              WebSockets watching BTC/USDT depth and trades (default 500)
  --think <ms>               pause between one user's calls, jittered 0.5x-1.5x, and before its first
                             call 0-1x, so users arrive spread over it (default 0)
  --mix closed|realistic     closed (default): every user trades; realistic: --traders of them trade,
                             the others read (quotes, depth, candles, accounts, orders); its preset is
                             --users 500 --sockets 2000 --think 500 (options given still win)
  --traders <f>              with --mix realistic, the fraction of users who trade (default 0.1)
  --seed <n>                 the server's market seed and the order flow's (default 42)
  --storm <ms>               sim/bench storm: market frames every <ms> instead of 100 ms (default off)
  --max-error-rate <f>       allowed fraction of HTTP errors and of socket failures (default 0.01)
  --timeout <ms>             client timeout per request (default 10000)
  --connect-concurrency <n>  sockets opening at once (default 50)
  --gateway on|off           the server's --socket-gateway: WebSockets in a process of their own
                             (on), or in the exchange's process (off, the default, as the server's)
  --gateways <n>             the cluster instead (bench/server-cluster.ts): HAProxy, n gateways, NATS,
                             one core on PostgreSQL, driven through the balancer (default 0: one server)
  --profile                  CPU-profile the server (node --cpu-prof) and print its top self-time functions`;

function parseOptions(args: readonly string[]): BenchOptions {
  const numbers: Record<string, number> = {
    duration: 30,
    users: 50,
    sockets: 500,
    think: 0,
    seed: 42,
    storm: 0,
    'max-error-rate': 0.01,
    timeout: 10_000,
    'connect-concurrency': 50,
    traders: 0.1,
    gateways: 0,
  };
  const given = new Set<string>();
  let data: BenchOptions['data'] = ':memory:';
  let mix: BenchOptions['mix'] = 'closed';
  let gateway: BenchOptions['gateway'] = 'off';
  let profile = false;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (arg === '--help' || arg === '-h') {
      console.log(USAGE);
      process.exit(0);
    }
    if (arg === '--profile') {
      profile = true;
      continue;
    }
    const [flag, inline] = arg.split('=', 2) as [string, string | undefined];
    const name = flag.replace(/^--/, '');
    if (flag === '--data') {
      const text = inline ?? args[++index];
      if (text !== 'memory' && text !== 'file') throw new Error(`--data needs memory or file\n\n${USAGE}`);
      data = text === 'file' ? 'file' : ':memory:';
      continue;
    }
    if (flag === '--mix') {
      const text = inline ?? args[++index];
      if (text !== 'closed' && text !== 'realistic')
        throw new Error(`--mix needs closed or realistic\n\n${USAGE}`);
      mix = text;
      continue;
    }
    if (flag === '--gateway') {
      const text = inline ?? args[++index];
      if (text !== 'on' && text !== 'off') throw new Error(`--gateway needs on or off\n\n${USAGE}`);
      gateway = text;
      continue;
    }
    if (!flag.startsWith('--') || !(name in numbers)) throw new Error(`unknown option ${arg}\n\n${USAGE}`);
    const text = inline ?? args[++index];
    const value = Number(text);
    if (text === undefined || text === '' || !Number.isFinite(value) || value < 0) {
      throw new Error(`${flag} needs a number >= 0\n\n${USAGE}`);
    }
    numbers[name] = value;
    given.add(name);
  }
  if (mix === 'realistic') {
    for (const [name, value] of Object.entries(REALISTIC_PRESET)) if (!given.has(name)) numbers[name] = value;
  }
  if (numbers.traders! > 1) throw new Error('--traders needs a fraction from 0 to 1');
  const whole = (name: string, min: number) => {
    const value = numbers[name]!;
    if (!Number.isInteger(value) || value < min) throw new Error(`--${name} needs a whole number >= ${min}`);
    return value;
  };
  return {
    data,
    durationS: numbers.duration!,
    users: whole('users', 1),
    sockets: whole('sockets', 0),
    thinkMs: numbers.think!,
    seed: whole('seed', 0),
    stormMs: whole('storm', 0),
    maxErrorRate: numbers['max-error-rate']!,
    timeoutMs: whole('timeout', 100),
    connectConcurrency: whole('connect-concurrency', 1),
    profile,
    mix,
    traders: numbers.traders!,
    gateway,
    gateways: whole('gateways', 0),
  };
}

function callTable(recorder: CallRecorder): string {
  const kinds = [...recorder.latencies.keys()].sort();
  const rows = kinds.map((kind) => [
    kind,
    recorder.latencies.get(kind)!.length,
    recorder.ok.get(kind) ?? 0,
    recorder.countOf(recorder.refusals, kind),
    recorder.countOf(recorder.errors, kind),
    ...latencyCells(recorder.latencies.get(kind)!),
  ]);
  const all = [...recorder.latencies.values()].flat();
  rows.push([
    'all calls',
    all.length,
    [...recorder.ok.values()].reduce((a, b) => a + b, 0),
    [...recorder.refusals.values()].reduce((a, b) => a + b, 0),
    recorder.errorCount,
    ...latencyCells(all),
  ]);
  return table(['call', 'calls', 'ok', 'refused*', 'errors', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms'], rows);
}

interface LoadResult {
  windowMs: number;
  samples: ProcSample[];
  clientCpuMs: number;
  loopDelay: ReturnType<typeof monitorEventLoopDelay>;
  /** The server's own event-loop delay over the load (null: the probe did not answer). */
  serverLoop: ServerLoopDelay | null;
  /** The server's CPU ticks by thread role over the load. */
  threads: Map<string, number>;
  /** Each core's busy and total ticks over the load (every process on the machine). */
  cores: Array<{ busy: number; total: number }>;
}

/** How many of the users trade: all of them in the closed mix, at least one in the realistic one. */
function traderCount(options: BenchOptions): number {
  if (options.mix === 'closed') return options.users;
  return Math.min(options.users, Math.max(1, Math.round(options.users * options.traders)));
}

function difference<K>(after: Map<K, number>, before: Map<K, number>): Map<K, number> {
  return new Map([...after].map(([key, value]) => [key, value - (before.get(key) ?? 0)]));
}

async function runLoad(
  options: BenchOptions,
  api: ApiClient,
  users: readonly BenchUser[],
  fleet: SocketFleet,
  server: ServerProcess,
): Promise<LoadResult> {
  const readProc = procReader(server.pid);
  // This reading ends the set-up's; the one after the load is the load's own.
  await server.loopDelay();
  const threadsBefore = threadTicks(server.pid);
  const coresBefore = coreTicks();
  const samples: ProcSample[] = [];
  const first = readProc();
  if (first) samples.push(first);
  const sampler = setInterval(() => {
    const sample = readProc();
    if (sample) samples.push(sample);
  }, 1000);
  const loopDelay = monitorEventLoopDelay({ resolution: LOOP_DELAY_RESOLUTION_MS });
  loopDelay.enable();
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const deadline = started + options.durationS * 1000;
  fleet.startMeasuring();
  const clients = users.map(() => api.ownConnection());
  const traders = traderCount(options);
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
  const cpu = process.cpuUsage(cpuBefore);
  loopDelay.disable();
  clearInterval(sampler);
  const last = readProc();
  if (last) samples.push(last);
  const threads = difference(threadTicks(server.pid), threadsBefore);
  const coresAfter = coreTicks();
  const cores = coresAfter.map((core, index) => ({
    busy: core.busy - (coresBefore[index]?.busy ?? 0),
    total: core.total - (coresBefore[index]?.total ?? 0),
  }));
  const serverLoop = await server.loopDelay();
  return {
    windowMs,
    samples,
    clientCpuMs: (cpu.user + cpu.system) / 1000,
    loopDelay,
    serverLoop,
    threads,
    cores,
  };
}

/** The server's CPU by thread, its event-loop delay, and each core's use by every process. */
function coresReport(result: LoadResult): string {
  const ticksPerSecond = clockTicksPerSecond();
  const share = (ticks: number) =>
    `${(((ticks * 1000) / ticksPerSecond / result.windowMs) * 100).toFixed(0)} %`;
  const roles = [...result.threads].filter(([, ticks]) => ticks > 0).sort((a, b) => b[1] - a[1]);
  const loop = result.serverLoop;
  const lag = (value: number) => ms(Math.max(0, value - (loop?.resolutionMs ?? 0)));
  return [
    roles.length > 0
      ? `  server CPU by thread (of one core): ${roles.map(([role, ticks]) => `${role} ${share(ticks)}`).join(', ')}`
      : '  server CPU by thread: n/a (no /proc)',
    loop
      ? `  server event-loop delay over the load: p50 ${lag(loop.p50Ms)} ms, p99 ${lag(loop.p99Ms)} ms, max ${lag(loop.maxMs)} ms (${loop.samples} samples)`
      : '  server event-loop delay: n/a (the probe did not answer within 5 s)',
    result.cores.length > 0
      ? `  machine cores busy over the load (every process): ${result.cores.map((core, index) => `cpu${index} ${percent(core.busy, Math.max(1, core.total))}`).join(', ')}`
      : '  machine cores: n/a (no /proc)',
  ].join('\n');
}

/**
 * The server's CPU time per call, frames included (µs): on a shared machine, where the client and
 * other processes take cores, req/s says more about the machine than about the server; this does not.
 */
function cpuPerCallUs(samples: readonly ProcSample[], calls: number): number | null {
  if (samples.length < 2 || calls === 0) return null;
  return ((samples[samples.length - 1]!.cpuMs - samples[0]!.cpuMs) * 1000) / calls;
}

function processReport(samples: readonly ProcSample[], windowMs: number, calls: number): string {
  if (samples.length < 2) return '  server process: n/a (no /proc)';
  const first = samples[0]!;
  const last = samples[samples.length - 1]!;
  let busiest = 0;
  for (let index = 1; index < samples.length; index++) {
    const previous = samples[index - 1]!;
    const sample = samples[index]!;
    if (sample.at > previous.at)
      busiest = Math.max(busiest, (sample.cpuMs - previous.cpuMs) / (sample.at - previous.at));
  }
  const average = (last.cpuMs - first.cpuMs) / Math.max(1, last.at - first.at);
  const perCall = cpuPerCallUs(samples, calls);
  return [
    `  server RSS: ${megabytes(first.rssBytes)} at the start of the load, ${megabytes(last.rssBytes)} at its end, peak ${megabytes(last.peakRssBytes)}`,
    `  server CPU: ${(average * 100).toFixed(0)} % of one core on average over ${(windowMs / 1000).toFixed(1)} s, busiest second ${(busiest * 100).toFixed(0)} %${perCall === null ? '' : `; ${perCall.toFixed(0)} µs of server CPU per call, its frames included`}`,
  ].join('\n');
}

function stopReport(stop: ServerStop, fleet: SocketFleet): string {
  const closes = countRows(fleet.closedAtShutdown)
    .map(([code, count]) => `${count} x ${code}`)
    .join(', ');
  const how =
    stop.exitCode === null && stop.signal === null
      ? 'did not exit in time (killed)'
      : `exit ${stop.exitCode ?? `signal ${stop.signal}`}`;
  return `  SIGTERM -> ${how} in ${ms(stop.ms)} ms, "stopped" logged: ${stop.loggedStopped ? 'yes' : 'no'}; sockets closed by the server: ${closes || 'none'}`;
}

/** The server's top self-time functions, from the profile it wrote when it stopped. */
function profileReport(dir: string, serverPid: number): string {
  const files = profilesIn(dir);
  if (files.length === 0) return `\nProfile: none written in ${dir}`;
  // Node names each file CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile: the server's first.
  const own = (file: string) => file.includes(`.${serverPid}.`);
  return [...files.filter(own), ...files.filter((file) => !own(file))]
    .map((file) => {
      const { busyMs, idleMs, top } = selfTimes(file, ROOT);
      return [
        `\nProfile of the ${own(file) ? 'server' : 'socket gateway'} (${file}): ${ms(busyMs)} ms busy, ${ms(idleMs)} ms idle; top self time:`,
        table(
          ['function', 'where', 'self ms', 'share of busy'],
          top
            .slice(0, own(file) ? 30 : 12)
            .map((entry) => [entry.name, entry.where, ms(entry.ms), percent(entry.share, 1)]),
        ),
      ].join('\n');
    })
    .join('\n');
}

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2));
  if (options.gateways > 0) return runClusterBench(options);
  const runId = Date.now().toString(36);
  const [one, five, fifteen] = loadavg().map((value) => value.toFixed(2));
  console.log('Tessera server benchmark (npm run bench:server)');
  console.log(
    `  ${options.mix === 'closed' ? `${options.users} trading users` : `${options.users} users (${traderCount(options)} trading, the others reading)`}, ${options.sockets} sockets on ${BENCH_PAIR.symbol} depth + trades, ${options.durationS} s, think ${options.thinkMs} ms, seed ${options.seed}, socket gateway ${options.gateway}${options.stormMs > 0 ? `, storm every ${options.stormMs} ms` : ''}`,
  );
  console.log(
    `  machine: ${cpus().length} cores, load average ${one} ${five} ${fifteen} at the start; Node ${process.version}; client and server on the same machine`,
  );

  // A file store lives in a fresh directory, removed at the end: each run starts from an empty log.
  const dataDir = options.data === 'file' ? mkdtempSync(join(tmpdir(), 'tessera-bench-server-')) : ':memory:';
  const removeData = () => {
    if (dataDir !== ':memory:') rmSync(dataDir, { recursive: true, force: true });
  };
  // The profile covers the server's whole life (start-up and sign-up too); the load dominates it.
  const profileDir = options.profile ? mkdtempSync(join(tmpdir(), 'tessera-bench-profile-')) : null;
  // On the server's command line, not in NODE_OPTIONS: Node 20 refuses --cpu-prof there.
  const profileArgs = profileDir === null ? [] : ['--cpu-prof', `--cpu-prof-dir=${profileDir}`];
  const server = await startServerProcess(
    ['--data', dataDir, '--rate', '0', '--seed', String(options.seed), '--socket-gateway', options.gateway],
    profileArgs,
  ).catch((error: unknown) => {
    removeData();
    throw error;
  });
  let stop: ServerStop | null = null;
  const setup = new CallRecorder();
  const load = new CallRecorder();
  let recorder = setup;
  const api = new ApiClient(
    server.base,
    () => recorder,
    messageKeyMatcher(englishServerMessages()),
    options.timeoutMs,
  );
  try {
    console.log(`  server: pid ${server.pid}, ${server.base}, --data ${dataDir} --rate 0\n`);

    // Sign-up, the operator's calls and the sockets: before the timed load.
    const setupStarted = performance.now();
    const indexes = Array.from({ length: options.users }, (_, index) => index);
    const users = await inLanes(indexes, 8, (index) => signUp(api, server, index, runId));
    const operator = { headers: { 'x-operator-token': server.operatorToken } };
    const speed = await api.get('sim/speed', {}, operator);
    if (speed.kind !== 'ok')
      throw new Error(`sim/speed with the operator token failed: ${JSON.stringify(speed)}`);
    const simSpeed = (speed.data as { speed?: unknown }).speed;
    if (options.stormMs > 0) {
      const storm = await api.post('sim/bench', { storm: 1, interval_ms: options.stormMs }, operator);
      if (storm.kind !== 'ok') throw new Error(`sim/bench failed: ${JSON.stringify(storm)}`);
    }
    const fleet = new SocketFleet({
      url: server.socketUrl,
      count: options.sockets,
      tokens: users.map((user) => user.token),
      channels: [`MARKET_DEPTH.${BENCH_PAIR.symbol}`, `GLOBAL_TX.${BENCH_PAIR.symbol}`, 'TX_SUBMIT'],
      connectConcurrency: options.connectConcurrency,
      connectTimeoutMs: 10_000,
      pingMs: 5000,
    });
    const connectStarted = performance.now();
    await fleet.connect();
    const connectMs = performance.now() - connectStarted;
    console.log(
      `Set-up: ${users.length} users signed up and in, ${fleet.connected}/${options.sockets} sockets connected, logged in and subscribed in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s (sockets ${(connectMs / 1000).toFixed(1)} s); simulation speed ${String(simSpeed)}`,
    );
    console.log(callTable(setup));

    recorder = load;
    const result = await runLoad(options, api, users, fleet, server);
    api.close();
    const windowS = result.windowMs / 1000;

    // Stop the server while the sockets are open: they must be closed by it, not dropped before.
    const shutdown = fleet.awaitShutdown(15_000);
    stop = await server.stop();
    await shutdown;

    console.log(`\nLoad: ${windowS.toFixed(1)} s`);
    console.log(
      `  HTTP: ${load.calls} calls, ${perSecond(load.calls, result.windowMs).toFixed(0)} requests/s (server counted ${server.log.requests - setup.calls} in the load), ${load.errorCount} errors (${percent(load.errorCount, load.calls)})`,
    );
    console.log(callTable(load));
    console.log(
      '  * refused: expected business refusals (code 0 with one of the messages below), not errors',
    );
    const refusalRows = countRows(load.refusals);
    if (refusalRows.length > 0) console.log(table(['expected refusal', 'count'], refusalRows));
    const errorRows = countRows(load.errors);
    console.log(errorRows.length > 0 ? table(['error', 'count'], errorRows) : '  errors: none');

    const market = (fleet.framesByType.get('MARKET_DEPTH') ?? 0) + (fleet.framesByType.get('GLOBAL_TX') ?? 0);
    const connected =
      options.sockets - countRows(fleet.failedToConnect).reduce((sum, [, count]) => sum + count, 0);
    const dropped = countRows(fleet.dropped).reduce((sum, [, count]) => sum + count, 0);
    const failedToConnect = options.sockets - connected;
    console.log(
      `\nSockets: ${options.sockets} asked, ${connected} connected, ${failedToConnect} failed to connect, ${dropped} dropped during the load, ${fleet.silent} silent (no depth or trade frame), ${fleet.unacknowledged} unacknowledged, login refused ${fleet.loginRefused}, sub refused ${fleet.subRefused}, session_ended ${fleet.sessionEnded}`,
    );
    for (const [why, count] of countRows(fleet.failedToConnect))
      console.log(`  failed to connect: ${count} x ${why}`);
    for (const [why, count] of countRows(fleet.dropped)) console.log(`  dropped: ${count} x ${why}`);
    console.log(
      `  frames received: ${fleet.framesTotal} in ${windowS.toFixed(1)} s = ${perSecond(fleet.framesTotal, result.windowMs).toFixed(0)} frames/s in total (${megabytes(perSecond(fleet.bytesTotal, result.windowMs))}/s); depth + trades ${perSecond(market, result.windowMs).toFixed(0)}/s, ${perSecond(market, result.windowMs * Math.max(1, connected)).toFixed(1)}/s per socket`,
    );
    console.log(
      table(
        ['frame type', 'frames', 'per second'],
        countRows(fleet.framesByType).map(([type, count]) => [
          type,
          count,
          perSecond(count, result.windowMs).toFixed(0),
        ]),
      ),
    );
    const minReceipts = Math.max(2, Math.floor(connected * 0.9));
    console.log(
      table(
        ['socket timing', 'samples', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms'],
        [
          ...[...fleet.latencies.entries()].map(([kind, samples]) => [
            kind,
            samples.length,
            ...latencyCells(samples),
          ]),
          [
            'trade age at receipt (trade time -> receipt)',
            fleet.tradeAges.length,
            ...latencyCells(fleet.tradeAges),
          ],
          [
            'depth or trade frame: receipt behind the first socket',
            fleet.behindFirst.length,
            ...latencyCells(fleet.behindFirst),
          ],
          ...['MARKET_DEPTH', 'GLOBAL_TX'].map((type) => {
            const spreads = fleet.spreadsOf(type, minReceipts);
            return [
              `spread of one ${type} frame, first -> last socket`,
              spreads.length,
              ...latencyCells(spreads),
            ];
          }),
        ],
      ),
    );
    console.log(
      '  trade age includes up to one 100 ms market tick (trades happen during a tick and go out at its end);',
    );
    console.log(
      '  the server sends one frame to every socket in one loop: "behind the first socket" is each push delay',
    );
    console.log(
      `  past the earliest receipt, the spread the whole fan-out (frames that reached at least ${minReceipts} sockets).`,
    );

    console.log('\nProcesses:');
    console.log(processReport(result.samples, result.windowMs, load.calls));
    console.log(coresReport(result));
    const delay = result.loopDelay;
    const lag = (nanoseconds: number) => ms(Math.max(0, nanoseconds / 1e6 - LOOP_DELAY_RESOLUTION_MS));
    console.log(
      `  client (this process): CPU ${((result.clientCpuMs / result.windowMs) * 100).toFixed(0)} % of one core; event-loop delay p50 ${lag(delay.percentile(50))} ms, p99 ${lag(delay.percentile(99))} ms, max ${lag(delay.max)} ms`,
    );
    const [endOne, endFive] = loadavg().map((value) => value.toFixed(2));
    console.log(`  load average at the end: ${endOne} ${endFive}`);
    const warnings = countRows(server.log.warnings);
    console.log(
      warnings.length > 0
        ? `  server log warnings/errors: ${warnings.map(([event, count]) => `${event} x ${count}`).join(', ')}`
        : '  server log warnings/errors: none',
    );
    console.log(stopReport(stop, fleet));
    if (profileDir !== null) console.log(profileReport(profileDir, server.pid));

    // The verdict.
    const socketFailures =
      failedToConnect + dropped + fleet.silent + fleet.unacknowledged + fleet.loginRefused + fleet.subRefused;
    const httpRate = load.calls > 0 ? load.errorCount / load.calls : 1;
    const socketRate = options.sockets > 0 ? socketFailures / options.sockets : 0;
    const verdicts = [
      [
        `HTTP errors ${percent(load.errorCount, load.calls)}`,
        httpRate <= options.maxErrorRate && load.calls > 0,
      ],
      [`socket failures ${socketFailures}/${options.sockets}`, socketRate <= options.maxErrorRate],
      [`server stopped cleanly`, stop.clean],
    ] as const;
    const passed = verdicts.every(([, ok]) => ok);
    console.log(
      `\n${passed ? 'PASS' : 'FAIL'} (threshold ${(options.maxErrorRate * 100).toFixed(2)} % of calls and of sockets): ${verdicts
        .map(([what, ok]) => `${what} ${ok ? 'ok' : 'FAILED'}`)
        .join('; ')}`,
    );
    const all = summarize([...load.latencies.values()].flat());
    console.log(
      `bench:server ${perSecond(load.calls, result.windowMs).toFixed(0)} req/s p50 ${ms(all.p50)} ms p99 ${ms(all.p99)} ms, ${connected} sockets ${perSecond(fleet.framesTotal, result.windowMs).toFixed(0)} frames/s${result.serverLoop ? `, server loop delay p99 ${ms(Math.max(0, result.serverLoop.p99Ms - result.serverLoop.resolutionMs))} ms` : ''}${cpuPerCallUs(result.samples, load.calls) === null ? '' : `, ${cpuPerCallUs(result.samples, load.calls)!.toFixed(0)} µs CPU per call`}`,
    );
    return passed ? 0 : 1;
  } finally {
    if (stop === null) await server.stop(5000);
    removeData();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  },
);
