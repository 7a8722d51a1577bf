import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import { errorEnvelope, type Envelope } from '../../api/envelope.ts';
import type { WireRequest } from '../../api/transport.ts';
import type { ClientFacts } from '../client-facts.ts';
import type { StoredImage } from '../features/accounts/uploads.ts';
import type { MessageTable, SimServer } from '../server.ts';
import { isPing, PONG_FRAME, type SocketSession } from '../socket-hub.ts';
import type { StoreHealth } from '../store/store-health.ts';
import {
  COMMAND_SUBJECT,
  CORE_BEAT_SUBJECT,
  CORE_SILENT_MS,
  STANDBY_SILENT_MS,
  framesSubject,
  GATEWAY_BEAT_MS,
  GATEWAY_BEAT_SUBJECT,
  IMAGE_SUBJECT,
  SOCKET_SUBJECT,
  type CommandMessage,
  type CoreBeat,
  type FramesMessage,
  type ImageReply,
  type SocketMessage,
} from './cluster-protocol.ts';
import { errorFields, type JsonLog } from './json-log.ts';
import { jsonOf } from './nats-link.ts';
import type { NatsLinkState } from './nats-link-state.ts';
import { encodeRequest } from './wire-payload.ts';

export interface RemoteExchangeOptions {
  nats: NatsConnection;
  /** Whether `nats` is connected now (nats-link-state.ts). */
  link: NatsLinkState;
  /** This gateway's id (cluster-protocol.ts GATEWAY_ID): the subject its frames come on. */
  gateway: string;
  messages: (lang: string) => Promise<MessageTable>;
  log: JsonLog;
  /** How long a call waits for the core's answer. */
  requestTimeoutMs: number;
  now: () => number;
}

/** How long one try of a call waits for the core before it is sent again (same request id). */
const ATTEMPT_MS = 2_500;
/** The wait before a call that found no leading core is sent again, while a takeover is coming. */
const RETRY_WAIT_MS = 100;
/**
 * How long a call in flight when the NATS link dropped (or whose try went unanswered) is held for
 * the link, or a core, to come back: it is then sent again with its request id. After that its
 * answer is that it may or may not have run.
 */
const IN_FLIGHT_HOLD_MS = 5_000;
/** What a try loses to when the link drops under it. */
const LINK_DROPPED = Symbol('link dropped');

interface RemoteSocket {
  send(text: string): void;
  end(): void;
}

function langOf(request: WireRequest): string {
  return typeof request.headers?.lang === 'string' ? request.headers.lang : 'en';
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name} ${error.message} ${String(error.cause)}` : String(error);
}

/** What a NATS request fails with when no core subscribes (nothing was sent to any core). */
function noCore(error: unknown): boolean {
  return /no ?responders/i.test(describe(error));
}

/** A try the core did not answer in time (it may have run: only a call with an id is sent again). */
function timedOut(error: unknown): boolean {
  return /timeout/i.test(describe(error));
}

/**
 * `--role gateway`'s exchange: the SimServer the HTTP server serves, with nothing of the exchange in
 * it. Each call goes to the core over NATS with its request id (the core answers a repeated id from
 * its request log); each socket's texts go to the core, and the frames the core sends for this
 * gateway's sockets are written to them. When the core that held the sessions is gone (a new core
 * instance beats), every socket is ended: its client reconnects and resyncs.
 */
export class RemoteExchange implements SimServer {
  private readonly sockets = new Map<number, RemoteSocket>();
  /** The tries waiting for the core's answer, each told when the link drops under it. */
  private readonly tries = new Set<() => void>();
  /** Sockets closed while the link was down: the core is told once it is back. */
  private closedWhileDown: number[] = [];
  private nextSocket = 1;
  private readonly subscriptions: Subscription[];
  private readonly beatTimer: NodeJS.Timeout;
  /** The leading core, as last heard. */
  private core: { beat: CoreBeat; heard: number } | null = null;
  /** When each standby core was last heard, by instance. */
  private readonly standbys = new Map<string, number>();

  constructor(private readonly options: RemoteExchangeOptions) {
    const { nats, log } = options;
    this.subscriptions = [
      nats.subscribe(framesSubject(options.gateway), {
        callback: (error, msg) => {
          if (error) return log.error('nats_subscription_failed', errorFields(error));
          try {
            this.onFrames(jsonOf<FramesMessage>(msg.data));
          } catch (failure) {
            log.warn('frames_dropped', errorFields(failure));
          }
        },
      }),
      nats.subscribe(CORE_BEAT_SUBJECT, {
        callback: (error, msg) => {
          if (error) return;
          try {
            this.onCoreBeat(jsonOf<CoreBeat>(msg.data));
          } catch {
            // A garbled beat is not a beat.
          }
        },
      }),
    ];
    options.link.onChange((up) => (up ? this.linkBack() : this.linkDropped()));
    const beat = () => nats.publish(GATEWAY_BEAT_SUBJECT, JSON.stringify({ gateway: options.gateway }));
    beat();
    this.beatTimer = setInterval(beat, GATEWAY_BEAT_MS);
  }

  private async translate(lang: string, key: string): Promise<string> {
    const [own, english] = await Promise.all([this.options.messages(lang), this.options.messages('en')]);
    return own[key] ?? english[key] ?? key;
  }

  /**
   * Sends a call to the leading core. While the NATS link is down a call is refused at once (it was
   * not sent, so nothing was done). A call that finds no core while a standby beats (a takeover) is
   * sent again every 100 ms; a try the core does not answer within 2.5 s (it died with the call in
   * flight) is sent again with the same request id, which the core answers from its request log if
   * the call ran, so nothing runs twice; a call without an id (it may not be repeated) is not. A call
   * in flight when the link drops is held up to 5 s for it to return, then sent again the same way.
   */
  async handle(request: WireRequest, client?: ClientFacts): Promise<Envelope> {
    const { link, nats } = this.options;
    if (!link.isUp()) return errorEnvelope(await this.translate(langOf(request), 'exchangeUnreachable'));
    const message = JSON.stringify({
      ...(await encodeRequest(request)),
      ...(client ? { client } : {}),
    } satisfies CommandMessage);
    const deadline = this.options.now() + this.options.requestTimeoutMs;
    const repeatable = request.method === 'GET' || typeof request.requestId === 'string';
    // Once a try went out unanswered the call may have run: it is never said to be undone after that.
    let mayHaveRun = false;
    // Until when no responders is taken for a core coming back, not for a core that is gone.
    let holdUntil = 0;
    for (;;) {
      if (!link.isUp()) {
        if (!repeatable) return this.failed(request, LINK_DROPPED, true);
        const back = await link.back(Math.max(0, holdUntil - this.options.now()));
        if (!back) return this.failed(request, LINK_DROPPED, true);
      }
      const left = deadline - this.options.now();
      try {
        const reply = await this.unlessDropped(
          nats.request(COMMAND_SUBJECT, message, { timeout: Math.max(1, Math.min(ATTEMPT_MS, left)) }),
        );
        if (reply !== LINK_DROPPED) return jsonOf<Envelope>(reply.data);
        mayHaveRun = true;
        holdUntil = Math.min(deadline, this.options.now() + IN_FLIGHT_HOLD_MS);
      } catch (error) {
        let retryUntil = 0;
        if (noCore(error)) retryUntil = this.takeoverComing() ? deadline : mayHaveRun ? holdUntil : 0;
        else {
          mayHaveRun = true;
          holdUntil = Math.min(deadline, this.options.now() + IN_FLIGHT_HOLD_MS);
          if (repeatable && timedOut(error)) retryUntil = deadline;
        }
        if (retryUntil - this.options.now() > RETRY_WAIT_MS) {
          await new Promise((wait) => setTimeout(wait, RETRY_WAIT_MS));
          continue;
        }
        return this.failed(request, error, mayHaveRun);
      }
    }
  }

  /** The try's answer, or LINK_DROPPED as soon as the link drops under it. */
  private unlessDropped<T>(attempt: Promise<T>): Promise<T | typeof LINK_DROPPED> {
    return new Promise((resolve, reject) => {
      const dropped = () => resolve(LINK_DROPPED);
      this.tries.add(dropped);
      void attempt.then(resolve, reject).finally(() => this.tries.delete(dropped));
    });
  }

  /** Whether a standby core beats now: it takes the lead once the dead leader's lock is gone. */
  private takeoverComing(): boolean {
    const now = this.options.now();
    for (const [instance, heard] of this.standbys) {
      if (now - heard <= STANDBY_SILENT_MS) return true;
      this.standbys.delete(instance);
    }
    return false;
  }

  private async failed(request: WireRequest, error: unknown, mayHaveRun: boolean): Promise<Envelope> {
    const lang = langOf(request);
    // No core took it: nothing was done, and saying so lets the person retry. Any other failure
    // (a timeout, a link that dropped and did not come back in time) may have run, and says so.
    if (!mayHaveRun && noCore(error))
      return errorEnvelope(await this.translate(lang, 'requestLogUnavailable'));
    this.options.log.warn('command_unanswered', {
      path: String(request.path).slice(0, 200),
      ...(error === LINK_DROPPED ? { error: 'the NATS link dropped' } : errorFields(error)),
    });
    return errorEnvelope(await this.translate(lang, 'exchangeOutcomeUnknown'));
  }

  openSocket(send: (text: string) => void, end?: () => void): SocketSession {
    const id = this.nextSocket++;
    const { gateway } = this.options;
    this.sockets.set(id, { send, end: end ?? (() => undefined) });
    this.publish({ op: 'open', gateway, id });
    // While the link is down nothing reaches a core: the socket is closed at once (after its
    // handshake), and its client tries again, through the balancer, on a gateway that is up.
    if (!this.options.link.isUp()) setImmediate(() => this.end(id));
    return {
      receive: (text) => {
        // A ping is answered here, at once, as the single server's socket gateway does
        // (socket-gateway-process.ts); the core still hears it (the session's expiry check) and its
        // pong is not relayed (onFrames).
        if (isPing(text)) send(PONG_FRAME);
        this.publish({ op: 'text', gateway, id, text });
      },
      close: () => {
        if (!this.sockets.delete(id)) return;
        if (this.options.link.isUp()) this.publish({ op: 'close', gateway, id });
        else this.closedWhileDown.push(id);
      },
    };
  }

  private publish(message: SocketMessage): void {
    this.options.nats.publish(SOCKET_SUBJECT, JSON.stringify(message));
  }

  /**
   * NATS delivers at most once: frames sent while the link was down are lost. Every socket is ended
   * so its client reconnects (through the balancer, to a gateway that is up) and resyncs.
   */
  private linkDropped(): void {
    this.options.log.warn('nats_link_down', { sockets: this.sockets.size, calls: this.tries.size });
    for (const dropped of this.tries) dropped();
    // Deleting while a Map is walked is allowed: every socket is still visited once.
    for (const id of this.sockets.keys()) {
      this.closedWhileDown.push(id);
      this.end(id);
    }
  }

  /** The core still holds sessions for the sockets ended while the link was down. */
  private linkBack(): void {
    const { gateway } = this.options;
    for (const id of this.closedWhileDown) this.publish({ op: 'close', gateway, id });
    this.closedWhileDown = [];
  }

  private onFrames(message: FramesMessage): void {
    for (const [text, ids] of message.runs) {
      if (text === PONG_FRAME) continue;
      for (const id of ids) this.sockets.get(id)?.send(text);
    }
    for (const id of message.close ?? []) this.end(id);
  }

  private end(id: number): void {
    const socket = this.sockets.get(id);
    if (!socket) return;
    this.sockets.delete(id);
    socket.end();
  }

  private onCoreBeat(beat: CoreBeat): void {
    if (beat.leaving) {
      this.standbys.delete(beat.instance);
      if (this.core?.beat.instance === beat.instance) this.core = null;
      return;
    }
    if (!beat.leading) {
      this.standbys.set(beat.instance, this.options.now());
      return;
    }
    this.standbys.delete(beat.instance);
    const previous = this.core?.beat.instance;
    this.core = { beat, heard: this.options.now() };
    if (previous === undefined || previous === beat.instance) return;
    // Another core leads now: the sessions of this gateway's sockets died with the old one.
    this.options.log.warn('core_changed', { from: previous, to: beat.instance, sockets: this.sockets.size });
    // Deleting while a Map is walked is allowed: every socket is still visited once.
    for (const id of this.sockets.keys()) this.end(id);
  }

  /**
   * Writable while the NATS link is up and a writable core beats; /healthz answers 503 otherwise
   * (the balancer skips it).
   */
  health(): StoreHealth {
    if (!this.options.link.isUp()) {
      return { writable: false, state: 'reconnecting', reason: 'the NATS link is down' };
    }
    if (!this.core || this.options.now() - this.core.heard > CORE_SILENT_MS) {
      return { writable: false, state: 'reconnecting', reason: 'no exchange core heard' };
    }
    const { beat } = this.core;
    return beat.writable
      ? { writable: true }
      : { writable: false, state: 'reconnecting', reason: beat.reason ?? 'the core cannot write' };
  }

  /** An uploaded image, from the core's store. */
  async image(id: string): Promise<StoredImage | undefined> {
    if (!this.options.link.isUp()) throw new Error('the NATS link is down');
    const reply = await this.options.nats.request(IMAGE_SUBJECT, JSON.stringify({ id }), {
      timeout: this.options.requestTimeoutMs,
    });
    const answer = jsonOf<ImageReply>(reply.data);
    if (!answer.found) return undefined;
    const bytes = Buffer.from(answer.base64, 'base64');
    return {
      id,
      type: answer.type,
      bytes: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
    };
  }

  /** Sockets open on this gateway. */
  size(): number {
    return this.sockets.size;
  }

  async stop(): Promise<void> {
    clearInterval(this.beatTimer);
    for (const subscription of this.subscriptions) subscription.unsubscribe();
    await this.options.nats.flush().catch(() => undefined);
  }
}
