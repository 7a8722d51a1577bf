import type { FromSim, ToSim } from '../sim-wire.ts';
import { TransportError, type Transport, type WebSocketCtor, type WireRequest } from '../transport.ts';

/** Either a SharedWorker's port or a dedicated Worker: both post and receive messages. */
export interface SimPort {
  postMessage(message: ToSim): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<FromSim>) => void): void;
}

/** Opens the simulator: one SharedWorker for all tabs where the browser has it, else a Worker. */
export function openSimWorker(): SimPort {
  if (typeof SharedWorker !== 'undefined') {
    const shared = new SharedWorker(new URL('../../sim/worker.ts', import.meta.url), {
      type: 'module',
      name: 'tessera-sim',
    });
    shared.port.start();
    return shared.port as unknown as SimPort;
  }
  return new Worker(new URL('../../sim/worker.ts', import.meta.url), {
    type: 'module',
    name: 'tessera-sim',
  }) as unknown as SimPort;
}

const CONNECTING = 0;
const OPEN = 1;
const CLOSED = 3;

/** The simulator's transport, with its fault switch (for tests and demos only; see below). */
export interface SimTransport extends Transport {
  /**
   * Drops every open socket of this tab as a lost network would (error, then an unclean close):
   * the socket connection waits to reconnect as it does after any drop. Requests keep working.
   * Nothing in the app calls it; src/app exposes it to tests (services.ts `exposeSimFaults`).
   */
  dropSockets(): void;
}

/**
 * Speaks the contract to the simulator over postMessage. Requests carry envelopes; the socket is
 * a WebSocket look-alike, so the streams layer uses RxJS's webSocket on both transports alike.
 */
export function createSimTransport(port: SimPort): SimTransport {
  let nextRequestId = 1;
  let nextSocketId = 1;
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const sockets = new Map<number, SimSocket>();

  port.addEventListener('message', (event) => {
    const message = event.data;
    switch (message.kind) {
      case 'response':
        pending.get(message.id)?.resolve(message.envelope);
        pending.delete(message.id);
        break;
      case 'response-failed':
        pending.get(message.id)?.reject(new TransportError(message.message, 'server'));
        pending.delete(message.id);
        break;
      case 'socket-opened':
        sockets.get(message.socketId)?.handleOpen();
        break;
      case 'socket-message':
        sockets.get(message.socketId)?.handleMessage(message.text);
        break;
      case 'socket-closed':
        sockets.get(message.socketId)?.handleClose();
        sockets.delete(message.socketId);
        break;
    }
  });

  // A SharedWorker never learns that a tab went away: close this tab's sockets when it does, so
  // the simulator stops building frames for a dead page.
  globalThis.addEventListener?.('pagehide', () => {
    for (const socket of sockets.values()) socket.close();
  });

  class SimSocket extends EventTarget {
    readonly url: string;
    readonly protocol = '';
    readonly extensions = '';
    binaryType: BinaryType = 'blob';
    readyState = CONNECTING;
    onopen: ((event: Event) => void) | null = null;
    onmessage: ((event: MessageEvent) => void) | null = null;
    onclose: ((event: CloseEvent | Event) => void) | null = null;
    onerror: ((event: Event) => void) | null = null;
    private readonly socketId = nextSocketId++;

    constructor(url: string) {
      super();
      this.url = url;
      sockets.set(this.socketId, this);
      port.postMessage({ kind: 'socket-open', socketId: this.socketId });
    }
    send(text: string): void {
      if (this.readyState !== OPEN) throw new DOMException('socket is not open', 'InvalidStateError');
      port.postMessage({ kind: 'socket-send', socketId: this.socketId, text });
    }
    close(): void {
      if (this.readyState === CLOSED) return;
      port.postMessage({ kind: 'socket-close', socketId: this.socketId });
      this.handleClose();
    }
    handleOpen(): void {
      this.readyState = OPEN;
      const event = new Event('open');
      this.onopen?.(event);
      this.dispatchEvent(event);
    }
    handleMessage(text: string): void {
      const event = new MessageEvent('message', { data: text });
      this.onmessage?.(event);
      this.dispatchEvent(event);
    }
    handleClose(): void {
      if (this.readyState === CLOSED) return;
      this.readyState = CLOSED;
      sockets.delete(this.socketId);
      const event =
        typeof CloseEvent === 'undefined'
          ? new Event('close')
          : new CloseEvent('close', { wasClean: true, code: 1000 });
      this.onclose?.(event);
      this.dispatchEvent(event);
    }
    /** A lost network: the worker forgets the socket, and this end sees an error and a 1006 close. */
    drop(): void {
      if (this.readyState === CLOSED) return;
      port.postMessage({ kind: 'socket-close', socketId: this.socketId });
      this.readyState = CLOSED;
      sockets.delete(this.socketId);
      const error = new Event('error');
      this.onerror?.(error);
      this.dispatchEvent(error);
      const close =
        typeof CloseEvent === 'undefined'
          ? new Event('close')
          : new CloseEvent('close', { wasClean: false, code: 1006 });
      this.onclose?.(close);
      this.dispatchEvent(close);
    }
  }

  return {
    name: 'sim',
    dropSockets() {
      // drop() deletes the socket from the map: Map iteration tolerates deleting as it goes.
      for (const socket of sockets.values()) socket.drop();
    },
    socketUrl: 'sim://socket',
    WebSocketCtor: SimSocket as unknown as WebSocketCtor,
    request(request: WireRequest): Promise<unknown> {
      const id = nextRequestId++;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new TransportError('request timed out', 'timeout'));
        }, request.timeoutMs);
        pending.set(id, {
          resolve: (value) => {
            clearTimeout(timer);
            resolve(value);
          },
          reject: (error) => {
            clearTimeout(timer);
            reject(error);
          },
        });
        port.postMessage({ kind: 'request', id, request });
      });
    },
  };
}
