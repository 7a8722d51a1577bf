/// <reference lib="webworker" />
import { ScaledClock } from './clock.ts';
import { acquireLeadership, type LockManagerLike } from './leader.ts';
import { runTabWorker, type RelayChannel } from './relay.ts';
import { servePort, type SimServerPort } from './serve-port.ts';
import { loadServerMessages } from './server-messages.ts';
import type { SimServer } from './server.ts';
import { resumeClock, SIM_NOW_KEY } from './replay/resume-time.ts';
import { createSimulator } from './simulator.ts';
import { EventStore } from './store/event-store.ts';

/**
 * The simulator's worker entry.
 * - As a SharedWorker, it is the one exchange every tab connects to.
 * - As a dedicated Worker (browsers without SharedWorker), the tab holding the Web Lock runs the
 *   exchange and the other tabs' workers relay to it over a BroadcastChannel.
 */
const SIM_NOW_SAVE_MS = 2000;
const WALLET_ADVANCE_MS = 1000;

async function openSimulator(): Promise<SimServer> {
  const store = typeof indexedDB === 'undefined' ? null : new EventStore({ name: 'tessera-sim' });
  // After running at x60 simulated time is ahead of the wall clock: it resumes from where it was,
  // never going backwards across a reload; a paused or replaying exchange resumes exactly there.
  const saved = await store?.getSetting(SIM_NOW_KEY).catch(() => undefined);
  const resumed = await resumeClock(store ?? null, saved, Date.now());
  // The only wall-clock read in the simulator: ScaledClock maps it to simulated time.
  const clock = new ScaledClock({ realNow: () => Date.now(), ...resumed });
  const simulator = await createSimulator({ clock, messages: loadServerMessages, store });
  if (store)
    setInterval(
      () => void store.setSetting(SIM_NOW_KEY, clock.now()).catch(() => undefined),
      SIM_NOW_SAVE_MS,
    );
  // The live market runs on a timer here; in Node tests nothing ticks and the tests drive it.
  simulator.market.start();
  // Deposits gain confirmations and withdrawals move on with the simulated clock.
  setInterval(() => void simulator.wallet.advance(), WALLET_ADVANCE_MS);
  // Earnings pay each ended day's dividend once and return matured principal on the same clock.
  setInterval(() => void simulator.earnings.advance(), WALLET_ADVANCE_MS);
  // Micro contracts settle at expiry on the public tape, on the same clock.
  setInterval(() => void simulator.micro.advance(), WALLET_ADVANCE_MS);
  // Lever: fixed-price fills, take-profit, stop-loss, liquidation and overnight fees on the tape.
  setInterval(() => void simulator.lever.advance(), WALLET_ADVANCE_MS);
  // P2P: payment and confirmation limits, the simulated merchants and the arbiter on the same clock.
  setInterval(() => void simulator.p2p.advance(), WALLET_ADVANCE_MS);
  return simulator.server;
}

let serverReady: Promise<SimServer> | null = null;
function startSimulator(): Promise<SimServer> {
  serverReady ??= openSimulator();
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
