import { clientFacts } from '../client-facts.ts';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { WebSocketServer, WebSocket, type RawData } from 'ws';
import { CODE_ERROR, errorEnvelope, type Envelope } from '../../api/envelope.ts';
import { REQUEST_TIMEOUT_MS, type WireRequest } from '../../api/transport.ts';
import type { StoredImage } from '../features/accounts/uploads.ts';
import type { StoreHealth } from '../store/store-health.ts';
import type { MessageTable, SimServer } from '../server.ts';
import type { CorsPolicy } from './cors.ts';
import { errorFields, type JsonLog } from './json-log.ts';
import type { RateLimiter } from './rate-limit.ts';
import { GUARDED_CALLS, type AddressAttempts } from './address-attempts.ts';
import { isAppPath, type AppFiles } from './app-files.ts';
import { CorkedSockets } from './corked-sockets.ts';
import { FrameWriter } from './frame-writer.ts';
import { readBody } from './request-body.ts';
import type { SocketGateway } from './socket-gateway.ts';
import { MAX_SOCKET_BUFFER, MAX_SOCKET_FRAME, rawText, SOCKET_HEARTBEAT_MS } from './socket-limits.ts';

export interface HttpServerOptions {
  server: SimServer;
  messages: (lang: string) => Promise<MessageTable>;
  log: JsonLog;
  cors: CorsPolicy;
  /** Largest request body, bytes. */
  maxBodyBytes: number;
  /** A request (body and answer) that takes longer is answered 503 with a code-0 envelope. */
  requestTimeoutMs: number;
  /**
   * Server mode's own rules, checked before the simulator sees a call: an envelope refuses it
   * (the demo outbox is not served; operator-only calls need the operator token).
   */
  gate?: (path: string, request: IncomingMessage, t: Translate) => Envelope | null;
  /** Uploaded images, served at /uploads/<id>. */
  images?: { get(id: string): Promise<StoredImage | undefined> };
  /** SVG coin logos by their exact path (coin-logos.ts); any other path under them is unknown (404). */
  logos?: ReadonlyMap<string, Uint8Array>;
  /** Requests per client address; omitted: not limited. Over the limit: 429 and a code-0 envelope. */
  rateLimit?: RateLimiter;
  /** Failed sign-in attempts per client address (GUARDED_CALLS); omitted: not counted. */
  attempts?: AddressAttempts;
  /** Wall-clock ms (durations in the log). */
  now: () => number;
  /** Whether the store can take writes now; /healthz answers 503 while it cannot. Omitted: always. */
  storeHealth?: () => StoreHealth;
  /**
   * Resolves once everything the exchange stored so far is on disk, for a store whose disk flush
   * runs behind its commits: every answer and socket frame waits for it (output commit), so nothing
   * leaves the server that a power cut could take back. Rejects once a flush failed: nothing more
   * is answered (the connection closes; the server stops). Omitted: answers go out at once.
   */
  durable?: () => Promise<void>;
  /**
   * A demo server's fresh start (`--demo --data :memory:`), served at POST /demo/reset: every
   * socket is closed first (its session belongs to the exchange being dropped), then this runs.
   * Omitted: /demo/reset is an unknown address (404), as on every shared server.
   */
  reset?: () => Promise<void>;
  /**
   * The built app (`--app`, app-files.ts): its files and pages on every path that is not the
   * server's own (the API, the socket, uploads, /healthz, /demo/). Omitted: those paths are unknown (404).
   */
  app?: AppFiles;
  /**
   * The process that owns the WebSocket connections (socket-gateway.ts), so frames are written on
   * another core; the exchange still decides everything about them. Omitted: this process serves
   * the sockets itself.
   */
  gateway?: SocketGateway;
}

export interface HttpServer {
  listen(port: number, host: string): Promise<AddressInfo>;
  /** Stops taking requests, lets the running ones finish (at most `graceMs`), closes the sockets. */
  close(graceMs?: number): Promise<void>;
  /** Requests being answered now. */
  inFlight(): number;
}

type Translate = (key: string, vars?: Record<string, string | number>) => string;

const API_PREFIX = '/api/';
/** Where the live socket is served (WebSocket upgrades of any other path are refused). */
export const SOCKET_PATH = '/ws';
const UPLOAD_PREFIX = '/uploads/';
const RESET_PATH = '/demo/reset';
const LOGGED_PATH_MAX = 200;
/** HTTP statuses after which the connection closes: a slow or oversized body is not read on. */
const CLOSE_AFTER: ReadonlySet<number> = new Set([408, 413]);

/**
 * The contract over HTTP and the socket over WebSocket, for the simulator in Node (`npm run
 * server`): `/api/<path>` (GET with a query, POST with a JSON, form or multipart body) answers the
 * simulator's envelopes; `/ws` carries the same frames as the in-browser socket. Every fault answers
 * a clean envelope with code 0: transport faults with a 4xx/5xx status (400 unreadable body,
 * 403 origin not allowed, 404 unknown address, 405 method, 408 slow body, 413 body too large,
 * 415 content type, 429 too many requests from one address, 503 timeout or shutting down), call faults with 200 as the contract says.
 * GET /healthz answers 200 `{ status: 'ok' }` while the store can take writes, and 503 with the
 * store's state and reason while it cannot (a load balancer sends traffic elsewhere meanwhile).
 * With `app` (--app) every other path is the built app's: a file, a route's page, or 404.
 */
export function createHttpServer(options: HttpServerOptions): HttpServer {
  const { log, cors } = options;
  const running = new Set<Promise<unknown>>();
  let closing = false;

  /** One translator per message table (not per request: every request needs one). */
  const translators = new WeakMap<MessageTable, Translate>();

  async function translator(lang: string): Promise<Translate> {
    const own = await options.messages(lang);
    let t = translators.get(own);
    if (!t) {
      const english = await options.messages('en');
      t = (key, vars = {}) =>
        (own[key] ?? english[key] ?? key).replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
          name in vars ? String(vars[name]) : whole,
        );
      translators.set(own, t);
    }
    return t;
  }

  function header(request: IncomingMessage, name: string): string {
    const value = request.headers[name];
    return typeof value === 'string' ? value : '';
  }

  function send(response: ServerResponse, status: number, body: unknown): void {
    if (response.headersSent) return;
    const text = JSON.stringify(body);
    response.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(text),
      'cache-control': 'no-store',
      ...(closing ? { connection: 'close' } : {}),
    });
    response.end(text);
  }

  async function route(request: IncomingMessage, response: ServerResponse): Promise<Envelope['code'] | null> {
    const t = await translator(header(request, 'lang') || 'en');
    const refuse = (status: number, key: string): Envelope['code'] => {
      send(response, status, errorEnvelope(t(key)));
      return 0;
    };
    if (closing) return refuse(503, 'internal');
    if (!cors.allows(request.headers.origin)) return refuse(403, 'unknownCall');
    let url: URL;
    try {
      url = new URL(`http://server${request.url ?? '/'}`);
    } catch {
      return refuse(400, 'badPayload');
    }
    // The built app (--app): its files are answered before the rate limit (a page loads dozens,
    // and the service worker fetches the whole build at once); its pages count, since each asks
    // the exchange for its quotes. A coin logo stays the logos' own, with their stricter headers.
    const { app } = options;
    const appPath = app !== undefined && isAppPath(url.pathname) && !options.logos?.has(url.pathname);
    const fetched = request.method === 'GET' || request.method === 'HEAD';
    const found = app && appPath && fetched ? await app.find(url.pathname) : null;
    if (found?.kind === 'missing') return refuse(404, 'unknownCall');
    if (app && found?.kind === 'file') {
      await app.send(found, request, response);
      return null;
    }
    if (options.rateLimit && !options.rateLimit.take(request.socket.remoteAddress ?? '')) {
      response.setHeader('retry-after', '1');
      return refuse(429, 'internal');
    }
    if (request.method === 'OPTIONS') {
      response.writeHead(204).end();
      return null;
    }
    if (app && found?.kind === 'page') {
      await app.send(found, request, response);
      return null;
    }
    if (appPath && !fetched) {
      response.setHeader('allow', 'GET, HEAD');
      return refuse(405, 'badPayload');
    }
    if (url.pathname === '/healthz' && request.method === 'GET') {
      const health = options.storeHealth?.() ?? { writable: true };
      if (health.writable) send(response, 200, { status: 'ok' });
      else send(response, 503, { status: 'unavailable', store: health.state, reason: health.reason });
      return null;
    }
    if (url.pathname === RESET_PATH && request.method === 'POST' && options.reset) {
      void closeSockets(1012, 'exchange reset');
      await options.reset();
      log.info('demo_reset', {});
      send(response, 200, { status: 'ok' });
      return null;
    }
    if (url.pathname.startsWith(UPLOAD_PREFIX) && request.method === 'GET' && options.images) {
      const image = await options.images.get(url.pathname.slice(UPLOAD_PREFIX.length));
      if (!image) return refuse(404, 'unknownCall');
      response.writeHead(200, {
        'content-type': /^image\/[a-z0-9.+-]+$/.test(image.type) ? image.type : 'application/octet-stream',
        'content-length': image.bytes.byteLength,
        'cache-control': 'private, max-age=86400',
        'x-content-type-options': 'nosniff',
      });
      response.end(Buffer.from(image.bytes));
      return null;
    }
    const logo = request.method === 'GET' ? options.logos?.get(url.pathname) : undefined;
    if (logo) {
      response.writeHead(200, {
        'content-type': 'image/svg+xml',
        'content-length': logo.byteLength,
        'cache-control': 'public, max-age=86400',
        'x-content-type-options': 'nosniff',
        // Shown as an <img>; opened on its own it may run nothing.
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
      });
      response.end(Buffer.from(logo));
      return null;
    }
    if (!url.pathname.startsWith(API_PREFIX)) return refuse(404, 'unknownCall');
    if (request.method !== 'GET' && request.method !== 'POST') {
      response.setHeader('allow', 'GET, POST, OPTIONS');
      return refuse(405, 'badPayload');
    }
    let path: string;
    try {
      path = decodeURIComponent(url.pathname.slice(API_PREFIX.length));
    } catch {
      return refuse(200, 'unknownCall');
    }
    let payload: unknown;
    if (request.method === 'GET') {
      payload = Object.fromEntries(url.searchParams);
    } else {
      const body = await readBody(request, {
        maxBytes: options.maxBodyBytes,
        timeoutMs: options.requestTimeoutMs,
      });
      if (!body.ok) {
        if (CLOSE_AFTER.has(body.status)) response.setHeader('connection', 'close');
        return refuse(body.status, 'badPayload');
      }
      payload = body.payload;
    }
    const gated = options.gate?.(path, request, t);
    if (gated) {
      send(response, 200, gated);
      return Number(gated.code);
    }
    const address = request.socket.remoteAddress ?? '';
    const guarded = options.attempts && GUARDED_CALLS.has(path) ? options.attempts : undefined;
    const blockedMs = guarded?.blockedFor(address) ?? 0;
    if (blockedMs > 0) {
      const refused = errorEnvelope(t('loginLocked', { minutes: Math.ceil(blockedMs / 60_000) }));
      send(response, 200, refused);
      return refused.code;
    }
    const requestId = header(request, 'x-request-id');
    const wire = {
      method: request.method,
      path,
      payload: payload as Record<string, unknown>,
      headers: { lang: header(request, 'lang'), authorization: header(request, 'authorization') },
      timeoutMs: REQUEST_TIMEOUT_MS,
      ...(requestId ? { requestId } : {}),
    } satisfies WireRequest;
    const handled = options.server.handle(wire, clientFacts(header(request, 'user-agent'), address));
    running.add(handled);
    void handled.finally(() => running.delete(handled)).catch(() => undefined);
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), options.requestTimeoutMs);
    });
    const envelope = await Promise.race([handled, timedOut]).finally(() => clearTimeout(timer));
    if (envelope === null) {
      log.warn('request_timeout', { path: path.slice(0, LOGGED_PATH_MAX) });
      return refuse(503, 'internal');
    }
    if (guarded && envelope.code === CODE_ERROR) guarded.recordFailure(address);
    if (options.durable) {
      try {
        await options.durable();
      } catch {
        request.socket.destroy();
        return null;
      }
    }
    send(response, 200, envelope);
    return Number(envelope.code);
  }

  function onRequest(request: IncomingMessage, response: ServerResponse): void {
    const started = options.now();
    cors.apply(request, response);
    const done = route(request, response).then(
      (code) => {
        log.info('request', {
          method: request.method ?? '',
          path: (request.url ?? '').split('?')[0]!.slice(0, LOGGED_PATH_MAX),
          status: response.statusCode,
          code,
          ms: options.now() - started,
          ip: request.socket.remoteAddress ?? '',
        });
      },
      (error: unknown) => {
        // route() answers every fault itself; reaching here is a bug, and still gets an answer.
        log.error('request_failed', errorFields(error));
        send(response, 500, errorEnvelope('internal error'));
      },
    );
    running.add(done);
    void done.finally(() => running.delete(done));
  }

  const http: Server = createServer(onRequest);
  // Slow clients: the headers within 10 s, the whole request within the request timeout (plus a
  // margin so our own 408/503 envelope answers first).
  http.headersTimeout = 10_000;
  http.requestTimeout = options.requestTimeoutMs + 5_000;
  http.keepAliveTimeout = 5_000;

  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_SOCKET_FRAME });
  const alive = new WeakMap<WebSocket, boolean>();
  const frames = new FrameWriter(options.durable);
  const corked = new CorkedSockets();
  const { gateway } = options;
  const socketCount = () => gateway?.size() ?? sockets.clients.size;

  /** Closes every socket with `code`; resolves once the gateway's are closed (this process's at once). */
  function closeSockets(code: number, reason: string): Promise<void> {
    for (const ws of sockets.clients) ws.close(code, reason);
    return gateway?.closeAll(code, reason) ?? Promise.resolve();
  }

  /** The socket's session in the exchange, fed by the gateway process. */
  function adoptBy(gateway: SocketGateway, request: IncomingMessage, socket: Socket, head: Buffer): void {
    const ip = request.socket.remoteAddress ?? '';
    gateway.adopt(request, socket, head, (target) => {
      const session = options.server.openSocket((text) => frames.send(target, text));
      log.info('socket_open', { ip, sockets: gateway.size() + 1 });
      return {
        receive: (text) => session.receive(text),
        closed: (tooSlow) => {
          if (tooSlow) log.warn('socket_too_slow', { ip });
          session.close();
          log.info('socket_close', { sockets: gateway.size() });
        },
      };
    });
  }

  function rejectUpgrade(socket: Socket, status: number, reason: string): void {
    socket.end(`HTTP/1.1 ${status} ${reason}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
  }

  http.on('upgrade', (request: IncomingMessage, socket: Socket, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const pathname = (request.url ?? '').split('?')[0];
    if (closing) return rejectUpgrade(socket, 503, 'Service Unavailable');
    if (pathname !== SOCKET_PATH) return rejectUpgrade(socket, 404, 'Not Found');
    if (!cors.allows(request.headers.origin)) return rejectUpgrade(socket, 403, 'Forbidden');
    if (gateway) return adoptBy(gateway, request, socket, head);
    sockets.handleUpgrade(request, socket, head, (ws) => {
      alive.set(ws, true);
      const target = {
        write(text: string) {
          if (ws.readyState !== WebSocket.OPEN) return;
          if (ws.bufferedAmount > MAX_SOCKET_BUFFER) {
            log.warn('socket_too_slow', { ip: request.socket.remoteAddress ?? '' });
            ws.terminate();
            return;
          }
          corked.cork(socket);
          // The frame goes straight to the TCP socket, built once for every socket it goes to
          // (ws.send would frame it per socket); ws itself writes only pings, pongs and closes,
          // each whole, so frames never interleave.
          socket.write(corked.frameOf(text));
        },
      };
      const session = options.server.openSocket(
        (text) => frames.send(target, text),
        () => ws.close(1012, 'exchange restarted'),
      );
      log.info('socket_open', { ip: request.socket.remoteAddress ?? '', sockets: socketCount() });
      ws.on('message', (data: RawData, isBinary: boolean) => {
        if (isBinary) return;
        session.receive(rawText(data));
      });
      ws.on('pong', () => alive.set(ws, true));
      ws.on('error', () => ws.terminate());
      ws.on('close', () => {
        session.close();
        log.info('socket_close', { sockets: socketCount() });
      });
    });
  });

  const heartbeat = setInterval(() => {
    for (const ws of sockets.clients) {
      if (alive.get(ws) === false) {
        ws.terminate();
        continue;
      }
      alive.set(ws, false);
      ws.ping();
    }
  }, SOCKET_HEARTBEAT_MS);
  heartbeat.unref();

  return {
    listen(port, host) {
      return new Promise((resolve, reject) => {
        http.once('error', reject);
        http.listen(port, host, () => {
          http.off('error', reject);
          resolve(http.address() as AddressInfo);
        });
      });
    },
    async close(graceMs = 10_000) {
      closing = true;
      clearInterval(heartbeat);
      const stopped = new Promise<void>((resolve) => http.close(() => resolve()));
      http.closeIdleConnections();
      // In-flight requests finish (their commands commit and they are answered) before anything closes.
      let grace: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled(running),
        new Promise((resolve) => (grace = setTimeout(resolve, graceMs))),
      ]);
      clearTimeout(grace);
      await closeSockets(1001, 'server shutting down');
      sockets.close();
      http.closeAllConnections();
      await stopped;
    },
    inFlight: () => running.size,
  };
}
