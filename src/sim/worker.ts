/// <reference lib="webworker" />
import { ScaledClock } from './clock.ts';
import { acquireLeadership, type LockManagerLike } from './leader.ts';
import { runTabWorker, type RelayChannel } from './relay.ts';
import { servePort, type SimServerPort } from './serve-port.ts';
import { loadServerMessages } from './server-messages.ts';
import type { SimServer } from './server.ts';
import { createSimulator } from './simulator.ts';

/**
 * The simulator's worker entry.
 * - As a SharedWorker, it is the one exchange every tab connects to.
 * - As a dedicated Worker (browsers without SharedWorker), the tab holding the Web Lock runs the
 *   exchange and the other tabs' workers relay to it over a BroadcastChannel.
 */
let serverReady: Promise<SimServer> | null = null;
function startSimulator(): Promise<SimServer> {
  // The only wall-clock read in the simulator: ScaledClock maps it to simulated time.
  serverReady ??= createSimulator({
    clock: new ScaledClock({ realNow: () => Date.now() }),
    messages: loadServerMessages,
  }).then((simulator) => simulator.server);
  return serverReady;
}

const scope = self as unknown as {
  addEventListener: (type: string, listener: (event: MessageEvent) => void) => void;
  navigator: { locks?: LockManagerLike };
};

if ('onconnect' in self) {
  const ready = startSimulator();
  scope.addEventListener('connect', (event) => {
    const port = (event as unknown as { ports: SimServerPort[] }).ports[0];
    if (port) servePort(port, ready);
  });
} else {
  const tab = self as unknown as SimServerPort;
  const locks = scope.navigator.locks;
  if (!locks || typeof BroadcastChannel === 'undefined') {
    servePort(tab, startSimulator());
  } else {
    runTabWorker({
      tab,
      channel: new BroadcastChannel('tessera-sim-relay') as unknown as RelayChannel,
      follower: crypto.randomUUID(),
      leading: acquireLeadership('tessera-sim-leader', locks).leading,
      startServer: startSimulator,
    });
  }
}
