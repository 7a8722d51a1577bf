/// <reference lib="webworker" />
import { ScaledClock } from './clock.ts';
import { servePort, type SimServerPort } from './serve-port.ts';
import { loadServerMessages } from './server-messages.ts';
import { createSimulator } from './simulator.ts';

/**
 * The simulator's worker entry. As a SharedWorker every tab connects to the one exchange; as a
 * dedicated Worker (browsers without SharedWorker) `self` is the only port.
 */
// The only wall-clock read in the simulator: ScaledClock maps it to simulated time.
const simulatorReady = createSimulator({
  clock: new ScaledClock({ realNow: () => Date.now() }),
  messages: loadServerMessages,
});
const serverReady = simulatorReady.then((simulator) => simulator.server);

const scope = self as unknown as {
  addEventListener: (type: string, listener: (event: MessageEvent) => void) => void;
};
if ('onconnect' in self) {
  scope.addEventListener('connect', (event) => {
    const port = (event as unknown as { ports: SimServerPort[] }).ports[0];
    if (port) servePort(port, serverReady);
  });
} else {
  servePort(self as unknown as SimServerPort, serverReady);
}
