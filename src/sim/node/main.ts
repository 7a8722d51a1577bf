import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CorsPolicy, ownOrigins } from './cors.ts';
import { AppFiles, appRoot } from './app-files.ts';
import { servedPage } from './served-page.ts';
import type { SimServer } from '../server.ts';
import { createHttpServer } from './http-server.ts';
import { errorFields, JsonLog, sendConsoleTo } from './json-log.ts';
import { randomBytes, randomUUID } from 'node:crypto';
import { nodeServerMessages } from './node-messages.ts';
import { openNodeSimulator, type NodeSimulator, type ServerStore } from './node-simulator.ts';
import { PostgresEventLog } from '../store/postgres-event-log.ts';
import { PostgresLogFollower } from '../store/postgres-log-follower.ts';
import { SqliteEventLog } from '../store/sqlite-event-log.ts';
import { parseServerOptions, USAGE, type ServerOptions } from './options.ts';
import { RateLimiter } from './rate-limit.ts';
import { AddressAttempts } from './address-attempts.ts';
import { loadCoinLogos } from './coin-logos.ts';
import { smtpCourier } from './smtp-courier.ts';
import { SocketGateway } from './socket-gateway.ts';
import { beatAsStandby, serveCore, type CoreRole } from './core-role.ts';
import { connectNats } from './nats-link.ts';
import { NatsLinkState } from './nats-link-state.ts';
import { RemoteExchange } from './remote-exchange.ts';
import { onStopSignals } from './stop-signals.ts';
import { loadTotpKey } from './totp-key.ts';
import { lazySecretBox } from '../features/accounts/secret-box.ts';
import { logCourier, newOperatorToken, OPERATOR_HEADER, serverModeGate } from './server-mode.ts';

/**
 * `npm run server`: the simulator as a multi-user server on a SQLite event log. Logs are JSON lines
 * on stdout. SIGTERM or SIGINT stops it gracefully: no new requests, the running ones finish and are
 * answered, sockets close, the market and timers stop, the log file and the log are flushed. A second
 * signal stops it at once.
 */
/** The locale files (their "server" sections are the answers' messages), at the repository's root. */
const LOCALES = resolve(dirname(fileURLToPath(import.meta.url)), '../../../locales');
/** The app's own coin logos (public/coins), which the server serves at the same paths. */
const COIN_LOGOS = resolve(dirname(fileURLToPath(import.meta.url)), '../../../public/coins');
const SHUTDOWN_GRACE_MS = 10_000;
/** How often a standby core reads what the leader stored since its last read. */
const STANDBY_FOLLOW_MS = 250;

/**
 * The built app (--app), its pages carrying `server`'s quotes as of the moment each is sent; the
 * server's own address is then an origin its API and socket allow (the app's pages come from it).
 */
function appFiles(root: string | undefined, server: Pick<SimServer, 'handle'>): AppFiles | undefined {
  return root === undefined
    ? undefined
    : new AppFiles(root, (html) => servedPage(html, server, () => Date.now()));
}

async function main(options: ServerOptions, appDir: string | undefined): Promise<void> {
  // The wall clock: log times, request durations and ScaledClock's real time.
  const wallClock = () => Date.now();
  const log = new JsonLog(process.stdout, wallClock);
  // Every line on stdout is JSON: the simulator's console messages and Node's own warnings too.
  sendConsoleTo(log);
  // Lines still buffered when the process exits (process.exit on a second signal, a failed flush)
  // are written on the way out: stdout on a pipe or file takes them synchronously.
  process.on('exit', () => log.writePending());
  process.removeAllListeners('warning');
  process.on('warning', (warning) => log.warn('node_warning', errorFields(warning)));
  const operatorToken = options.operatorToken ?? newOperatorToken();
  let file = ':memory:';
  const openStore = async (): Promise<ServerStore> => {
    if (options.databaseUrl) {
      file = `postgresql schema ${options.databaseSchema}`;
      // A core waits for the log's writer lock as long as it takes: the hot standby, which follows
      // the leader's log meanwhile (reading only) and leads once the leader's connection is gone.
      const follower =
        options.role === 'core'
          ? await PostgresLogFollower.open({
              url: options.databaseUrl,
              schema: options.databaseSchema,
              everyMs: STANDBY_FOLLOW_MS,
              log,
            })
          : undefined;
      return PostgresEventLog.open({
        url: options.databaseUrl,
        schema: options.databaseSchema,
        log,
        ...(follower ? { lockWaitMs: Number.MAX_SAFE_INTEGER, follower } : {}),
      });
    }
    if (options.data !== ':memory:') {
      mkdirSync(options.data, { recursive: true });
      file = join(options.data, 'tessera.db');
    }
    // In memory a turn's commands still share one SQLite transaction: less work per command. Nothing
    // reads this log after the process (a demo reset opens a fresh one): no snapshots (volatile).
    if (file === ':memory:') return new SqliteEventLog({ file, groupCommits: true, volatile: true });
    return new SqliteEventLog({
      file,
      // A failed flush leaves the disk in an unknown state: the server stops at once, answering
      // nothing more (every answer waits for the flush); a restart folds what the file kept, and
      // clients retry with their request ids.
      deferFlush: {
        onFailure: (error) => {
          log.error('flush_failed', errorFields(error));
          void log.flush().finally(() => process.exit(1));
        },
      },
    });
  };
  let publicUrl = options.publicUrl ?? '';
  const messages = nodeServerMessages(LOCALES);
  // The TOTP seeds' key, read (or made) once, by the process that runs the exchange: a gateway
  // never opens a seed.
  const secrets = lazySecretBox(() =>
    loadTotpKey(
      { envKey: options.totpKey, keyFile: options.totpKeyFile, data: options.data },
      (event, fields) => log.info(event, fields),
    ),
  );
  const openExchange = async () =>
    openNodeSimulator({
      store: await openStore(),
      ...(options.seed === undefined ? {} : { seed: options.seed }),
      messages,
      // A demo keeps the browser's in-app outbox (codes under the asking tab's key); a shared
      // server never shows a code to anyone but its address.
      ...(options.demo
        ? {}
        : {
            courier: options.smtpUrl
              ? smtpCourier({ url: options.smtpUrl, from: options.smtpFrom, log, fallback: logCourier(log) })
              : logCourier(log),
          }),
      imageUrl: (id) => `${publicUrl}/uploads/${id}`,
      assetUrl: (path) => `${publicUrl}${path}`,
      log,
      realNow: wallClock,
      secrets,
    });
  if (options.role === 'core') return runCore(options, log, openExchange, () => file);
  if (options.role === 'gateway') return runGateway(options, log, operatorToken, appDir);
  // With --socket-gateway on the WebSocket connections live in a process of their own: the fan-out
  // of every market frame to every socket runs on the other core while this process runs the
  // exchange. It starts while the exchange folds its log, so a restart is not slower by its start.
  const gatewayStarting = options.socketGateway ? SocketGateway.start(log) : undefined;
  let node = await openExchange();
  // 30 failed sign-ins, registrations or resets from one address in 15 minutes, then a pause.
  const attempts = new AddressAttempts(30, 15 * 60_000, wallClock);
  // A fresh exchange for a demo kept in memory: the old one stops (its last steps commit into the
  // store being dropped), then requests go to the new one. Never offered on a stored log.
  const reset =
    options.demo && options.data === ':memory:' && !options.databaseUrl
      ? async () => {
          const old = node;
          node = await openExchange();
          attempts.clear();
          await old.stop();
        }
      : undefined;
  const gateway = await gatewayStarting;
  // Through `node` on every call, so a demo reset's new exchange answers from then on.
  const exchange: SimServer = {
    handle: (request, client) => node.simulator.server.handle(request, client),
    openSocket: (send) => node.simulator.server.openSocket(send),
  };
  const cors = new CorsPolicy(options.origins);
  const app = appFiles(appDir, exchange);
  const http = createHttpServer({
    server: exchange,
    messages,
    log,
    cors,
    maxBodyBytes: options.maxBodyBytes,
    requestTimeoutMs: options.requestTimeoutMs,
    ...(options.demo ? {} : { gate: serverModeGate(operatorToken) }),
    images: { get: (id) => node.store.get(id) },
    logos: loadCoinLogos(COIN_LOGOS),
    ...(options.rate > 0 ? { rateLimit: new RateLimiter(options.rate, options.rate * 4, wallClock) } : {}),
    attempts,
    now: wallClock,
    storeHealth: () => node.store.health?.() ?? { writable: true },
    // Only a SQLite file flushes behind its commits (in memory nothing is flushed).
    ...(file !== ':memory:' && !options.databaseUrl
      ? { durable: () => node.store.durable?.() ?? Promise.resolve() }
      : {}),
    ...(reset ? { reset } : {}),
    ...(gateway ? { gateway } : {}),
    ...(app ? { app } : {}),
  });
  // Signals are handled from before the server listens, so a stop right after start is graceful too.
  onStopSignals(
    log,
    async () => {
      await http
        .close(SHUTDOWN_GRACE_MS)
        .catch((error: unknown) => log.error('close_failed', errorFields(error)));
      await gateway?.stop().catch((error: unknown) => log.error('close_failed', errorFields(error)));
      await node.stop().catch((error: unknown) => log.error('stop_failed', errorFields(error)));
    },
    () => http.inFlight(),
  );
  const address = await http.listen(options.port, options.host);
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  publicUrl ||= `http://${host}:${address.port}`;
  const own = app ? ownOrigins(publicUrl, address) : [];
  for (const origin of own) cors.allow(origin);
  log.info('listening', {
    url: publicUrl,
    api: `${publicUrl}/api/`,
    socket: `${publicUrl.replace(/^http/, 'ws')}/ws`,
    port: address.port,
    data: file,
    seed: options.seed ?? null,
    origins: [...options.origins, ...own].join(','),
    rate_per_address: options.rate || null,
    codes: options.demo
      ? 'the in-app outbox (demo)'
      : options.smtpUrl
        ? 'e-mail by SMTP, SMS to this log'
        : 'to this log',
    demo: options.demo,
    reset: reset ? 'POST /demo/reset' : null,
    app: appDir ?? null,
  });
  log.info('operator_token', {
    header: OPERATOR_HEADER,
    token: options.operatorToken ? null : operatorToken,
    source: options.operatorToken ? 'TESSERA_OPERATOR_TOKEN' : 'generated',
  });
}

/**
 * `--role core`: the exchange and its log, served to the gateways over NATS (core-role.ts); no HTTP.
 * On PostgreSQL every core waits for the log's writer lock (an advisory lock held by its connection):
 * the first leads, the others are standbys that beat as such and follow the leader's log (reading
 * only, every 250 ms: postgres-log-follower.ts); when the leader dies its connection goes, the lock
 * with it, and one standby takes it, reads the few events since its last read, folds what it
 * followed and serves. A core fenced off its
 * log (another core holds the lock) stops. Image and asset URLs use --public-url, the address
 * clients reach the gateways at.
 */
async function runCore(
  options: ServerOptions,
  log: JsonLog,
  openExchange: () => Promise<NodeSimulator>,
  file: () => string,
): Promise<void> {
  const nats = await connectNats(options.natsUrl, 'tessera core', log);
  const link = new NatsLinkState(nats.status());
  const instance = randomUUID();
  let core: CoreRole | null = null;
  let node: NodeSimulator | null = null;
  onStopSignals(
    log,
    async () => {
      await core?.stop().catch((error: unknown) => log.error('close_failed', errorFields(error)));
      await nats.drain().catch(() => undefined);
      await node?.stop().catch((error: unknown) => log.error('stop_failed', errorFields(error)));
    },
    () => 0,
  );
  const standby = beatAsStandby(nats, instance);
  log.info('core_waiting', { nats: options.natsUrl, instance });
  const started = Date.now();
  try {
    node = await openExchange();
  } finally {
    standby.stop();
  }
  const store = node.store;
  core = serveCore({
    nats,
    link,
    node,
    log,
    instance,
    // Only a SQLite file flushes behind its commits (in memory nothing is flushed).
    ...(file() !== ':memory:' && !options.databaseUrl
      ? { durable: () => store.durable?.() ?? Promise.resolve() }
      : {}),
    now: () => Date.now(),
    fenced: (reason) => {
      log.error('core_fenced', { reason });
      process.kill(process.pid, 'SIGTERM');
    },
  });
  log.info('core_serving', {
    nats: options.natsUrl,
    instance,
    data: file(),
    seed: options.seed ?? null,
    opened_ms: Date.now() - started,
  });
}

/**
 * `--role gateway`: HTTP and WebSockets with no exchange state (remote-exchange.ts); every call
 * and socket text goes to the core over NATS. Input checks, the operator gate, rate limits and
 * sign-in attempts are this gateway's own, as in one process.
 */
async function runGateway(
  options: ServerOptions,
  log: JsonLog,
  operatorToken: string,
  appDir: string | undefined,
): Promise<void> {
  const gatewayId = options.gatewayId ?? `gateway-${randomBytes(4).toString('hex')}`;
  const nats = await connectNats(options.natsUrl, `tessera ${gatewayId}`, log);
  const wallClock = () => Date.now();
  const messages = nodeServerMessages(LOCALES);
  const remote = new RemoteExchange({
    nats,
    link: new NatsLinkState(nats.status()),
    gateway: gatewayId,
    messages,
    log,
    requestTimeoutMs: options.requestTimeoutMs,
    now: wallClock,
  });
  const cors = new CorsPolicy(options.origins);
  const app = appFiles(appDir, remote);
  const http = createHttpServer({
    server: remote,
    messages,
    log,
    cors,
    maxBodyBytes: options.maxBodyBytes,
    requestTimeoutMs: options.requestTimeoutMs,
    gate: serverModeGate(operatorToken),
    // An image the core cannot be asked for now is not found (404), not a failed request.
    images: { get: (id) => remote.image(id).catch(() => undefined) },
    logos: loadCoinLogos(COIN_LOGOS),
    ...(options.rate > 0 ? { rateLimit: new RateLimiter(options.rate, options.rate * 4, wallClock) } : {}),
    attempts: new AddressAttempts(30, 15 * 60_000, wallClock),
    now: wallClock,
    storeHealth: () => remote.health(),
    ...(app ? { app } : {}),
  });
  onStopSignals(
    log,
    async () => {
      await http
        .close(SHUTDOWN_GRACE_MS)
        .catch((error: unknown) => log.error('close_failed', errorFields(error)));
      await remote.stop();
      await nats.drain().catch(() => undefined);
    },
    () => http.inFlight(),
  );
  const address = await http.listen(options.port, options.host);
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = options.publicUrl ?? `http://${host}:${address.port}`;
  const own = app ? ownOrigins(url, address) : [];
  for (const origin of own) cors.allow(origin);
  log.info('listening', {
    url,
    api: `${url}/api/`,
    socket: `${url.replace(/^http/, 'ws')}/ws`,
    port: address.port,
    role: 'gateway',
    gateway: gatewayId,
    nats: options.natsUrl,
    app: appDir ?? null,
  });
  log.info('operator_token', {
    header: OPERATOR_HEADER,
    token: options.operatorToken ? null : operatorToken,
    source: options.operatorToken ? 'TESSERA_OPERATOR_TOKEN' : 'generated',
  });
}

let options: ServerOptions;
try {
  options = parseServerOptions(process.argv.slice(2), process.env);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}\n`);
  process.exit(2);
}
// The app's directory is checked before anything opens: a wrong one stops the start at once.
let appDir: string | undefined;
try {
  appDir = options.app === undefined ? undefined : appRoot(options.app);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(2);
}
main(options, appDir).catch((error: unknown) => {
  process.stderr.write(
    `${JSON.stringify({ level: 'error', event: 'start_failed', ...errorFields(error) })}\n`,
  );
  process.exit(1);
});
