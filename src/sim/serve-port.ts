import type { FromSim, ToSim } from '../api/sim-wire.ts';
import type { SimServer } from './server.ts';
import type { SocketSession } from './socket-hub.ts';
import { clientFacts, type ClientFacts } from './client-facts.ts';

/**
 * The simulator runs inside the visitor's own browser: every tab it serves is that browser, with no
 * network between (its address is ''). Node tests have no navigator.
 */
const BROWSER_FACTS: ClientFacts = clientFacts(
  typeof navigator === 'undefined' ? '' : navigator.userAgent,
  '',
);

/** A SharedWorker port, a dedicated worker's `self`, or a MessageChannel port in tests. */
export interface SimServerPort {
  postMessage(message: FromSim): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<ToSim>) => void): void;
  start?(): void;
}

/**
 * A server that opens in two stages (worker.ts): `early` once the market is open, `full` once every
 * feature is. Both resolve to the same server; `early` may only be used for EARLY_CALLS and for
 * sockets that have not logged in.
 */
export interface StagedServer {
  early: Promise<SimServer>;
  full: Promise<SimServer>;
}

/**
 * The calls the market stage answers on its own: the first page's quotes, a pair's deal snapshot
 * and its chart. They read the market and nothing else, so they need not wait for the users'
 * features (the first live quote).
 */
export const EARLY_CALLS: ReadonlySet<string> = new Set([
  'market/currency_matches',
  'market/deal',
  'market/kline',
]);

/**
 * Whether a socket frame must wait for the accounts: a `login` does (who owns the token?). Any text
 * that mentions it waits, to be safe; subscriptions and pings are handled by the market stage.
 */
function needsAccounts(text: string): boolean {
  return text.includes('login');
}

/**
 * Serves one tab (one port): its requests and its socket sessions. Requests are answered as they
 * complete, in any order; each socket's messages are handled in the order they came.
 */
export function servePort(port: SimServerPort, server: Promise<SimServer> | StagedServer): void {
  const { early, full } = server instanceof Promise ? { early: server, full: server } : server;
  const sockets = new Map<number, SocketSession>();
  /** Per socket, the handling of its latest message: the next one waits for it. */
  const socketTurns = new Map<number, Promise<unknown>>();

  function inTurn(socketId: number, ready: Promise<SimServer>, handle: (server: SimServer) => void): void {
    const previous = socketTurns.get(socketId) ?? Promise.resolve();
    const turn = previous.then(() => ready).then(handle);
    socketTurns.set(socketId, turn);
    // A socket that closed forgets its queue once the close is handled.
    void turn.then(() => {
      if (socketTurns.get(socketId) === turn && !sockets.has(socketId)) socketTurns.delete(socketId);
    });
  }

  port.addEventListener('message', (event) => {
    const message = event.data;
    switch (message.kind) {
      case 'request': {
        const ready = EARLY_CALLS.has(message.request.path) ? early : full;
        void ready.then((server) =>
          server.handle(message.request, BROWSER_FACTS).then(
            (envelope) => port.postMessage({ kind: 'response', id: message.id, envelope }),
            (error: unknown) =>
              port.postMessage({ kind: 'response-failed', id: message.id, message: String(error) }),
          ),
        );
        break;
      }
      case 'socket-open': {
        const socketId = message.socketId;
        inTurn(socketId, early, (server) => {
          sockets.set(
            socketId,
            server.openSocket((text) => port.postMessage({ kind: 'socket-message', socketId, text })),
          );
          port.postMessage({ kind: 'socket-opened', socketId });
        });
        break;
      }
      case 'socket-send': {
        const { socketId, text } = message;
        inTurn(socketId, needsAccounts(text) ? full : early, () => sockets.get(socketId)?.receive(text));
        break;
      }
      case 'socket-close': {
        const { socketId } = message;
        inTurn(socketId, early, () => {
          sockets.get(socketId)?.close();
          sockets.delete(socketId);
        });
        break;
      }
    }
  });
  port.start?.();
}
