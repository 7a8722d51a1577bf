import WebSocket, { type RawData } from 'ws';
import { fnv1a } from './server-stats.ts';

/**
 * The benchmark's sockets (bench/server.ts): many WebSockets on `/ws`, each speaking what the
 * browser's socket speaks (src/streams/socket.ts): `login` with a user's token, `sub` to the pair's
 * depth and trade channels and the owner's TX_SUBMIT, a `ping` every 5 s. While measuring, it counts
 * every frame by type and times what can be timed:
 * - the push delay of trades: a GLOBAL_TX frame's newest trade carries its time (the simulated clock,
 *   which at speed 1 on a fresh server is the wall clock), so receipt minus that time is how old the
 *   trade was when it arrived. It includes up to one market tick (100 ms), as trades happen during a
 *   tick and go out at its end.
 * - the spread of one frame across sockets: the server sends the same text to every subscriber in
 *   one loop, so a socket's receipt minus the first socket's receipt is its push delay behind the
 *   first (the server's send loop plus this client's reading of 500 sockets on the same two cores),
 *   and the last socket's minus the first's is the whole fan-out.
 * - handshake, login and sub acknowledgement times, and ping to pong.
 * Frames are recognised from their first bytes (`{"type":"NAME"`) and hashed, not parsed: parsing
 * thousands of depth frames a second would take the CPU the server is being measured with.
 */

export interface FleetOptions {
  url: string;
  count: number;
  /** Socket i logs in with tokens[i % tokens.length]. */
  tokens: readonly string[];
  channels: readonly string[];
  /** Sockets opening at the same time (the rest wait their turn). */
  connectConcurrency: number;
  connectTimeoutMs: number;
  pingMs: number;
}

interface FrameSpread {
  type: string;
  first: number;
  last: number;
  receipts: number;
}

interface SocketState {
  ws: WebSocket;
  index: number;
  opened: boolean;
  loginSentAt: number;
  subsSentAt: number;
  subAcks: number;
  pingSentAt: number | null;
  marketFrames: number;
  closedCode: number | null;
}

const TYPE_PREFIX = Buffer.from('{"type":"');
const QUOTE = 0x22;
const TIME_KEY = Buffer.from('"time":');

export class SocketFleet {
  readonly latencies = new Map<string, number[]>([
    ['ws connect', []],
    ['ws login -> login_result', []],
    ['ws sub -> sub_result', []],
    ['ws ping -> pong', []],
  ]);
  readonly framesByType = new Map<string, number>();
  framesTotal = 0;
  bytesTotal = 0;
  /** Trade age at receipt, ms, one sample per GLOBAL_TX frame per socket. */
  readonly tradeAges: number[] = [];
  readonly spreads = new Map<number, FrameSpread>();
  /** Per depth or trade frame per socket: receipt minus the first socket's receipt of the same frame, ms. */
  readonly behindFirst: number[] = [];
  failedToConnect = new Map<string, number>();
  dropped = new Map<string, number>();
  loginRefused = 0;
  /** Sockets that opened but got no login or sub answer within the connect timeout. */
  unacknowledged = 0;
  sessionEnded = 0;
  subRefused = 0;
  closedAtShutdown = new Map<string, number>();
  private readonly sockets: SocketState[] = [];
  private measuring = false;
  private stopping = false;
  private pinger: NodeJS.Timeout | undefined;

  constructor(private readonly options: FleetOptions) {}

  /** Opens every socket (at most connectConcurrency at once), logs in and subscribes; resolves when all answered or failed. */
  async connect(): Promise<void> {
    let next = 0;
    const lane = async () => {
      while (next < this.options.count) await this.open(next++);
    };
    await Promise.all(
      Array.from({ length: Math.min(this.options.connectConcurrency, this.options.count) }, lane),
    );
    // Pings from now on, spread over the interval so they do not all land in the same millisecond.
    const perTick = Math.max(1, Math.ceil(this.sockets.length / 10));
    let cursor = 0;
    this.pinger = setInterval(() => {
      for (let sent = 0; sent < perTick && this.sockets.length > 0; sent++) {
        const socket = this.sockets[cursor++ % this.sockets.length]!;
        if (socket.ws.readyState !== WebSocket.OPEN || socket.pingSentAt !== null) continue;
        socket.pingSentAt = performance.now();
        socket.ws.send('{"type":"ping"}');
      }
    }, this.options.pingMs / 10);
  }

  get connected(): number {
    return this.sockets.filter((socket) => socket.opened && socket.closedCode === null).length;
  }

  /** Sockets still open that received no depth or trade frame while measuring. */
  get silent(): number {
    return this.sockets.filter((socket) => socket.closedCode === null && socket.marketFrames === 0).length;
  }

  startMeasuring(): void {
    this.measuring = true;
  }

  stopMeasuring(): void {
    this.measuring = false;
  }

  /** From now on a close is the server's shutdown, not a drop; resolves when every socket closed (or after `timeoutMs`). */
  async awaitShutdown(timeoutMs: number): Promise<void> {
    this.stopping = true;
    clearInterval(this.pinger);
    const open = this.sockets.filter((socket) => socket.closedCode === null);
    await Promise.race([
      Promise.all(open.map((socket) => new Promise((resolve) => socket.ws.once('close', resolve)))),
      new Promise((resolve) => setTimeout(resolve, timeoutMs)),
    ]);
    for (const socket of this.sockets) if (socket.closedCode === null) socket.ws.terminate();
  }

  private record(kind: string, ms: number): void {
    this.latencies.get(kind)!.push(ms);
  }

  private open(index: number): Promise<void> {
    const { tokens, channels } = this.options;
    return new Promise((settle) => {
      const started = performance.now();
      const ws = new WebSocket(this.options.url, { handshakeTimeout: this.options.connectTimeoutMs });
      const socket: SocketState = {
        ws,
        index,
        opened: false,
        loginSentAt: 0,
        subsSentAt: 0,
        subAcks: 0,
        pingSentAt: null,
        marketFrames: 0,
        closedCode: null,
      };
      let done = false;
      let failed = false;
      // Answers the connect lane once: opened and subscribed, refused, failed or out of patience.
      const ready = () => {
        if (done) return;
        done = true;
        clearTimeout(patience);
        settle();
      };
      // A socket fails once (an error is followed by its close): the first reason is kept.
      const fail = (why: string) => {
        if (!failed && !socket.opened) bump(this.failedToConnect, why);
        failed = true;
        ready();
      };
      const patience = setTimeout(() => {
        if (!socket.opened) return fail('no handshake in time');
        if (!done) this.unacknowledged++;
        ready();
      }, this.options.connectTimeoutMs * 2);
      ws.on('unexpected-response', (_request, response) => {
        fail(`http ${response.statusCode ?? 0}`);
        ws.terminate();
      });
      ws.on('error', (error: Error) => {
        if (!socket.opened) fail((error as NodeJS.ErrnoException).code ?? error.message);
      });
      ws.on('open', () => {
        socket.opened = true;
        this.sockets.push(socket);
        this.record('ws connect', performance.now() - started);
        socket.loginSentAt = performance.now();
        ws.send(JSON.stringify({ type: 'login', params: tokens[index % tokens.length] }));
      });
      ws.on('message', (data: RawData, isBinary: boolean) => {
        if (isBinary) return;
        const bytes = Array.isArray(data)
          ? Buffer.concat(data)
          : Buffer.isBuffer(data)
            ? data
            : Buffer.from(data);
        const type = frameType(bytes);
        if (type === 'login_result') {
          this.record('ws login -> login_result', performance.now() - socket.loginSentAt);
          if (!bytes.includes('"code":1')) {
            this.loginRefused++;
            ready();
            return;
          }
          socket.subsSentAt = performance.now();
          for (const channel of channels) ws.send(JSON.stringify({ type: 'sub', params: channel }));
          return;
        }
        if (type === 'sub_result') {
          this.record('ws sub -> sub_result', performance.now() - socket.subsSentAt);
          if (!bytes.includes('"msg":"ok"')) this.subRefused++;
          if (++socket.subAcks === channels.length) ready();
          return;
        }
        if (type === 'pong') {
          if (socket.pingSentAt !== null)
            this.record('ws ping -> pong', performance.now() - socket.pingSentAt);
          socket.pingSentAt = null;
          return;
        }
        if (type === 'session_ended') this.sessionEnded++;
        if (!this.measuring) return;
        this.onFrame(socket, type, bytes);
      });
      ws.on('close', (code: number) => {
        socket.closedCode = code;
        if (!socket.opened) return fail(`closed ${code} before open`);
        if (this.stopping) bump(this.closedAtShutdown, String(code));
        else bump(this.dropped, `closed ${code}`);
        ready();
      });
    });
  }

  private onFrame(socket: SocketState, type: string, bytes: Buffer): void {
    const at = performance.now();
    this.framesTotal++;
    this.bytesTotal += bytes.length;
    bump(this.framesByType, type);
    if (type !== 'MARKET_DEPTH' && type !== 'GLOBAL_TX') return;
    socket.marketFrames++;
    const hash = fnv1a(bytes);
    const spread = this.spreads.get(hash);
    if (spread) {
      spread.last = at;
      spread.receipts++;
      this.behindFirst.push(at - spread.first);
    } else this.spreads.set(hash, { type, first: at, last: at, receipts: 1 });
    if (type === 'GLOBAL_TX') {
      // Date.now(), not performance.now(): the server's trade times come from its Date.now().
      const time = newestTradeTime(bytes);
      if (time !== null) this.tradeAges.push(Date.now() - time);
    }
  }

  /** Spread (last receipt - first receipt, ms) of every frame that reached at least `minReceipts` sockets, by type. */
  spreadsOf(type: string, minReceipts: number): number[] {
    const result: number[] = [];
    for (const spread of this.spreads.values()) {
      if (spread.type === type && spread.receipts >= minReceipts) result.push(spread.last - spread.first);
    }
    return result;
  }
}

function bump(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

/** The `type` of a frame that starts `{"type":"NAME"`, else "other". */
export function frameType(bytes: Buffer): string {
  if (
    bytes.length < TYPE_PREFIX.length ||
    bytes.compare(TYPE_PREFIX, 0, TYPE_PREFIX.length, 0, TYPE_PREFIX.length) !== 0
  ) {
    return 'other';
  }
  const end = bytes.indexOf(QUOTE, TYPE_PREFIX.length);
  return end < 0 ? 'other' : bytes.toString('latin1', TYPE_PREFIX.length, end);
}

/**
 * The time of the first trade in a GLOBAL_TX frame (`completes` is newest first, and the frame's
 * first `"time":` is the first complete's), or null.
 */
export function newestTradeTime(bytes: Buffer): number | null {
  const at = bytes.indexOf(TIME_KEY);
  if (at < 0) return null;
  let value = 0;
  let digits = 0;
  for (let index = at + TIME_KEY.length; index < bytes.length; index++) {
    const byte = bytes[index]!;
    if (byte < 0x30 || byte > 0x39) break;
    value = value * 10 + (byte - 0x30);
    digits++;
  }
  return digits > 0 ? value : null;
}
