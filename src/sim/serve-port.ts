import type { FromSim, ToSim } from '../api/sim-wire.ts';
import type { SimServer } from './server.ts';
import type { SocketSession } from './socket-hub.ts';

/** A SharedWorker port, a dedicated worker's `self`, or a MessageChannel port in tests. */
export interface SimServerPort {
  postMessage(message: FromSim): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<ToSim>) => void): void;
  start?(): void;
}

/** Serves one tab (one port): its requests and its socket sessions. */
export function servePort(port: SimServerPort, serverReady: Promise<SimServer>): void {
  const sockets = new Map<number, SocketSession>();
  port.addEventListener('message', (event) => {
    const message = event.data;
    void serverReady.then((server) => {
      switch (message.kind) {
        case 'request':
          server.handle(message.request).then(
            (envelope) => port.postMessage({ kind: 'response', id: message.id, envelope }),
            (error: unknown) =>
              port.postMessage({ kind: 'response-failed', id: message.id, message: String(error) }),
          );
          break;
        case 'socket-open': {
          const socketId = message.socketId;
          sockets.set(
            socketId,
            server.openSocket((text) => port.postMessage({ kind: 'socket-message', socketId, text })),
          );
          port.postMessage({ kind: 'socket-opened', socketId });
          break;
        }
        case 'socket-send':
          sockets.get(message.socketId)?.receive(message.text);
          break;
        case 'socket-close':
          sockets.get(message.socketId)?.close();
          sockets.delete(message.socketId);
          break;
      }
    });
  });
  port.start?.();
}
