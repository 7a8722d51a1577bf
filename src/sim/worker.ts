/// <reference lib="webworker" />
import type { FromSim, ToSim } from '../api/sim-wire.ts';
import { ScaledClock } from './clock.ts';
import { loadServerMessages } from './server-messages.ts';
import { createSimulator } from './simulator.ts';
import type { SocketSession } from './socket-hub.ts';

/**
 * The simulator's worker entry. As a SharedWorker every tab connects to the one exchange; as a
 * dedicated Worker (browsers without SharedWorker) `self` is the only port.
 */
interface Port {
  postMessage(message: FromSim): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<ToSim>) => void): void;
  start?(): void;
}

// The only wall-clock read in the simulator: ScaledClock maps it to simulated time.
const simulatorReady = createSimulator({
  clock: new ScaledClock({ realNow: () => Date.now() }),
  messages: loadServerMessages,
});

function serve(port: Port): void {
  const sockets = new Map<number, SocketSession>();
  port.addEventListener('message', (event) => {
    const message = event.data;
    void simulatorReady.then(({ server }) => {
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

const scope = self as unknown as {
  onconnect?: unknown;
  addEventListener: (type: string, listener: (event: MessageEvent) => void) => void;
};
if ('onconnect' in scope) {
  scope.addEventListener('connect', (event) => {
    const connect = event as unknown as { ports: Port[] };
    const port = connect.ports[0];
    if (port) serve(port);
  });
} else {
  serve(self as unknown as Port);
}
