import { Subject, type SchedulerLike } from 'rxjs';
import type { Transport, WebSocketCtor } from '../../../src/api/transport.ts';

/**
 * An in-memory stand-in for the server end of the socket. The client side is a WebSocket
 * look-alike with just what RxJS's webSocket touches (readyState, send, close, on* handlers);
 * the test drives the server side: open, push frames, fail or close cleanly, on virtual time.
 */
export interface SentMessage {
  readonly type: string;
  readonly params?: string;
}

export interface FakeSocket {
  readonly url: string;
  readyState: number;
  /** Every message this socket sent, decoded. */
  readonly sent: SentMessage[];
  /** The client closed it (RxJS does so on unsubscribe). */
  readonly closedByClient: boolean;
  open(): void;
  /** Pushes a frame: an object is JSON-encoded, a string goes as it is (to send garbage). */
  push(frame: object | string): void;
  /** A network drop: `error`, then an unclean `close`, like a browser. */
  fail(): void;
  /** The server closes the socket cleanly (code 1000). */
  end(): void;
}

export interface FakeServer {
  readonly transport: Pick<Transport, 'socketUrl' | 'WebSocketCtor'>;
  /** Every socket the client made, oldest first. */
  readonly sockets: FakeSocket[];
  /** The newest socket. */
  current(): FakeSocket;
  /** Every message any socket sent, in order. */
  readonly sent$: Subject<SentMessage>;
}

const CONNECTING = 0;
const OPEN = 1;
const CLOSED = 3;

/**
 * With `openAfterMs`, each new socket opens by itself that long after it is made (on `scheduler`),
 * which keeps reconnect tests short; without it the test calls open().
 */
export function createFakeServer(
  options: { scheduler?: SchedulerLike; openAfterMs?: number } = {},
): FakeServer {
  const sockets: FakeSocket[] = [];
  const sent$ = new Subject<SentMessage>();

  interface CloseLike {
    wasClean: boolean;
    code: number;
    reason: string;
  }

  class Socket implements FakeSocket {
    readyState = CONNECTING;
    readonly sent: SentMessage[] = [];
    closedByClient = false;
    onopen: ((event: Event) => void) | null = null;
    onmessage: ((event: { data: unknown }) => void) | null = null;
    onerror: ((event: Event) => void) | null = null;
    onclose: ((event: CloseLike) => void) | null = null;

    constructor(readonly url: string) {
      sockets.push(this);
      const { scheduler, openAfterMs } = options;
      if (scheduler !== undefined && openAfterMs !== undefined) {
        scheduler.schedule(() => {
          if (this.readyState === CONNECTING) this.open();
        }, openAfterMs);
      }
    }

    send(text: string): void {
      if (this.readyState !== OPEN) throw new Error('send on a socket that is not open');
      const message = JSON.parse(text) as SentMessage;
      this.sent.push(message);
      sent$.next(message);
    }

    close(): void {
      // A browser would fire `close` later; RxJS has let go of the socket by then, so skip it.
      this.readyState = CLOSED;
      this.closedByClient = true;
    }

    open(): void {
      this.readyState = OPEN;
      this.onopen?.(new Event('open'));
    }

    push(frame: object | string): void {
      if (this.readyState !== OPEN) throw new Error('push on a socket that is not open');
      this.onmessage?.({ data: typeof frame === 'string' ? frame : JSON.stringify(frame) });
    }

    fail(): void {
      this.readyState = CLOSED;
      this.onerror?.(new Event('error'));
      this.onclose?.({ wasClean: false, code: 1006, reason: '' });
    }

    end(): void {
      this.readyState = CLOSED;
      this.onclose?.({ wasClean: true, code: 1000, reason: '' });
    }
  }

  return {
    transport: {
      socketUrl: 'ws://fake/socket',
      // The fake covers only the part of WebSocket that RxJS uses, hence the cast.
      WebSocketCtor: Socket as unknown as WebSocketCtor,
    },
    sockets,
    current() {
      const socket = sockets.at(-1);
      if (socket === undefined) throw new Error('no socket yet');
      return socket;
    },
    sent$,
  };
}
