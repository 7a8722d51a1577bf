import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';
import { WebSocket } from 'ws';
import { DEMO_ACCOUNT } from '../../../src/sim/features/accounts/policy.ts';
import { loadCoinLogos } from '../../../src/sim/node/coin-logos.ts';
import { CorsPolicy } from '../../../src/sim/node/cors.ts';
import {
  createHttpServer,
  type HttpServer,
  type HttpServerOptions,
} from '../../../src/sim/node/http-server.ts';
import { JsonLog } from '../../../src/sim/node/json-log.ts';
import { nodeServerMessages } from '../../../src/sim/node/node-messages.ts';
import { openNodeSimulator, type NodeSimulator } from '../../../src/sim/node/node-simulator.ts';
import { logCourier, serverModeGate } from '../../../src/sim/node/server-mode.ts';
import { SocketGateway } from '../../../src/sim/node/socket-gateway.ts';
import type { AppFiles } from '../../../src/sim/node/app-files.ts';
import type { SimServer } from '../../../src/sim/server.ts';
import type { CodeCourier } from '../../../src/sim/features/accounts/outbox.ts';
import { SqliteEventLog } from '../../../src/sim/store/sqlite-event-log.ts';
import { memorySecretBox } from '../../../src/sim/features/accounts/secret-box.ts';

export const LOCALES = resolve(dirname(fileURLToPath(import.meta.url)), '../../../locales');
const COIN_LOGOS = resolve(dirname(fileURLToPath(import.meta.url)), '../../../public/coins');
export const OPERATOR_TOKEN = 'operator-secret-for-tests';
export const ALLOWED_ORIGIN = 'http://127.0.0.1:5173';

/** A log whose JSON lines the test can read. */
export function captureLog(): { log: JsonLog; lines: () => Record<string, unknown>[] } {
  const out = new PassThrough();
  let text = '';
  out.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  return {
    log: new JsonLog(out, () => Date.now()),
    lines: () =>
      text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

export interface ServerFixture {
  base: string;
  socketUrl: string;
  node: NodeSimulator;
  http: HttpServer;
  /** The socket gateway process, when the fixture was asked for one. */
  gateway: SocketGateway | null;
  logLines: () => Record<string, unknown>[];
  close(): Promise<void>;
}

/**
 * The server as `npm run server` assembles it (src/sim/node/main.ts), in this process, on an
 * in-memory SQLite log and an ephemeral port, with a readable log.
 */
export async function startServer(
  overrides: Partial<
    Pick<HttpServerOptions, 'maxBodyBytes' | 'requestTimeoutMs' | 'attempts' | 'rateLimit'>
  > & {
    /** Where codes go; default the operator's log. */
    courier?: (log: JsonLog) => CodeCourier;
    /** Sockets served by a socket gateway process, as `npm run server` serves them; default in-process. */
    gateway?: boolean;
    /** The wall clock TOTP codes are checked on; default Date.now. */
    totpClock?: () => number;
    /** The built app served beside the API (`--app`), over the server's exchange; default none. */
    app?: (server: SimServer) => AppFiles;
  } = {},
): Promise<ServerFixture> {
  const { log, lines } = captureLog();
  const messages = nodeServerMessages(LOCALES);
  let base = '';
  const node = await openNodeSimulator({
    store: new SqliteEventLog({ file: ':memory:' }),
    seed: 7,
    messages,
    courier: overrides.courier ? overrides.courier(log) : logCourier(log),
    imageUrl: (id) => `${base}/uploads/${id}`,
    assetUrl: (path) => `${base}${path}`,
    log,
    realNow: () => Date.now(),
    secrets: memorySecretBox(),
    ...(overrides.totpClock ? { totpClock: overrides.totpClock } : {}),
  });
  const gateway = overrides.gateway ? await SocketGateway.start(log) : null;
  const http = createHttpServer({
    server: node.simulator.server,
    messages,
    log,
    cors: new CorsPolicy([ALLOWED_ORIGIN]),
    maxBodyBytes: overrides.maxBodyBytes ?? 64 * 1024,
    requestTimeoutMs: overrides.requestTimeoutMs ?? 5_000,
    gate: serverModeGate(OPERATOR_TOKEN),
    images: node.store,
    logos: loadCoinLogos(COIN_LOGOS),
    ...(overrides.attempts ? { attempts: overrides.attempts } : {}),
    ...(overrides.rateLimit ? { rateLimit: overrides.rateLimit } : {}),
    now: () => Date.now(),
    ...(gateway ? { gateway } : {}),
    ...(overrides.app ? { app: overrides.app(node.simulator.server) } : {}),
  });
  const address = await http.listen(0, '127.0.0.1');
  base = `http://127.0.0.1:${address.port}`;
  return {
    base,
    socketUrl: `ws://127.0.0.1:${address.port}/ws`,
    node,
    http,
    gateway,
    logLines: lines,
    async close() {
      await http.close(2_000);
      await gateway?.stop();
      await node.stop();
    },
  };
}

export interface Answer {
  status: number;
  body: { code: number; msg: string; data: unknown };
}

/** One HTTP call, answered with its status and its parsed JSON body. */
export async function call(base: string, path: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(`${base}${path}`, init);
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

export function post(base: string, path: string, payload: unknown, headers: Record<string, string> = {}) {
  return call(base, `/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(payload),
  });
}

/**
 * The token in a user/login answer: the string itself, as the family's servers answer it (issue 18
 * item 5), or the earlier `{ token }` object.
 */
export function tokenOf(data: unknown): string | undefined {
  if (typeof data === 'string') return data;
  const token = (data as { token?: unknown } | null)?.token;
  return typeof token === 'string' ? token : undefined;
}

/**
 * A BTC/USDT buy price that rests in the book: 60 % of the last price, far below the market yet
 * inside the pair's price band (half to twice the last price), which refuses anything further.
 */
export async function restingBuyPrice(base: string): Promise<string> {
  const deal = await call(base, '/api/market/deal?currency_match_id=1');
  const close = Number((deal.body.data as { quotation: { close: string } }).quotation.close);
  return (close * 0.6).toFixed(2);
}

export async function loginDemo(base: string): Promise<string> {
  const answer = await post(base, 'user/login', {
    account: DEMO_ACCOUNT.email,
    password: DEMO_ACCOUNT.password,
    login_type: 'email',
  });
  const token = tokenOf(answer.body.data);
  if (answer.body.code !== 1 || !token) throw new Error(`demo login failed: ${JSON.stringify(answer.body)}`);
  return token;
}

/** A WebSocket client that keeps every text frame it received. */
export async function openSocket(url: string, headers: Record<string, string> = {}) {
  const ws = new WebSocket(url, { headers });
  const frames: Record<string, unknown>[] = [];
  ws.on('message', (data: Buffer) =>
    frames.push(JSON.parse(data.toString('utf8')) as Record<string, unknown>),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    ws,
    frames,
    send: (frame: unknown) => ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    /** Resolves with the first frame (already received or coming) that matches, or fails after `ms`. */
    async waitFor(match: (frame: Record<string, unknown>) => boolean, ms = 10_000) {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = frames.find(match);
        if (found) return found;
        if (Date.now() > deadline) throw new Error('no such frame arrived');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => ws.close(),
  };
}
