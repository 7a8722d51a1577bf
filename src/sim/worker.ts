/// <reference lib="webworker" />
// First, so that the profile's databases are listed while the rest of this script evaluates.
import { freshProfile, STORE_NAME } from './fresh-profile.ts';
import { acquireLeadership, type LockManagerLike } from './leader.ts';
import { runTabWorker, type RelayChannel } from './relay.ts';
import { servePort, type SimServerPort, type StagedServer } from './serve-port.ts';
import { loadServerMessages } from './server-messages.ts';
import type { SimServer } from './server.ts';
import { SIM_NOW_KEY } from './replay/resume-time.ts';
import { FIRST_STAGE_SETTINGS, openFirstStage, type FirstStage } from './first-stage.ts';
import type { EventStore } from './store/event-store.ts';
import { LateEventLog } from './store/late-event-log.ts';
import { parseOpeningDayWindows, type OpeningDayWindows } from './market/opening-day-windows.ts';
import { readSettingsSnapshot } from './store/settings-snapshot.ts';

/**
 * The simulator's worker entry.
 * - As a SharedWorker, it is the one exchange every tab connects to.
 * - As a dedicated Worker (browsers without SharedWorker), the tab holding the Web Lock runs the
 *   exchange and the other tabs' workers relay to it over a BroadcastChannel.
 *
 * It opens in two stages: first the market (market-stage.ts), which answers the first
 * page's quotes (serve-port.ts EARLY_CALLS) while the second stage, the users' features, is still
 * loading; everything else waits for the whole exchange.
 */
const SIM_NOW_SAVE_MS = 2000;
/**
 * The clock's pass of every feature, for what time alone brings (confirmations, days, limits). Lever's
 * stops and micro settlements also run from the trade that fires them (TapeRecorder.onTrade); this
 * pass is their fallback when no trade comes.
 */
const CLOCK_PASS_MS = 1000;

/** The IndexedDB event log, whose module (with Dexie) loads apart from the first stage's. */
function openEventStore(): Promise<EventStore> {
  return import('./store/event-store.ts').then(({ EventStore }) => new EventStore({ name: STORE_NAME }));
}

interface OpenedMarket {
  first: FirstStage;
  /** The stage's event log (it loads on first use), or null: in memory. */
  store: LateEventLog<EventStore> | null;
}

/**
 * The build's opening instant (scripts/prerender/plugin.ts defines it): a fresh exchange opens
 * there, where the prerendered pages' quotes were taken. A development server defines none.
 */
function buildOpeningInstant(): number | undefined {
  const defined = Number(import.meta.env.VITE_OPENING_AT);
  return Number.isSafeInteger(defined) && defined > 0 ? defined : undefined;
}

/**
 * Every pair's settled 24 h window at that instant, as the build folded them
 * (scripts/prerender/plugin.ts defines VITE_OPENING_DAY_WINDOWS): a fresh exchange takes them
 * instead of synthesising them before its first answer.
 */
function buildOpeningDayWindows(): OpeningDayWindows | undefined {
  return parseOpeningDayWindows(import.meta.env.VITE_OPENING_DAY_WINDOWS);
}

async function openMarket(): Promise<OpenedMarket> {
  const fresh = await freshProfile();
  // The log's module (Dexie) loads after the market has opened, so the two do not compete for the
  // worker's thread: a fresh profile reads nothing before, and a returning one reads the settings
  // its market opens with in one transaction of the browser's own IndexedDB API.
  const store = typeof indexedDB === 'undefined' ? null : new LateEventLog(openEventStore);
  const first = await openFirstStage({
    fresh,
    store,
    ...(store && !fresh
      ? { settings: readSettingsSnapshot(indexedDB, STORE_NAME, FIRST_STAGE_SETTINGS) }
      : {}),
    // The only wall-clock read in the simulator: ScaledClock maps it to simulated time.
    realNow: () => Date.now(),
    openingAt: buildOpeningInstant(),
    openingDayWindows: buildOpeningDayWindows(),
    messages: loadServerMessages,
  });
  return { first, store };
}

async function openRest({ first, store: lateStore }: OpenedMarket): Promise<SimServer> {
  const { stage } = first;
  const [{ openExchange }, store] = await Promise.all([
    import('./simulator.ts'),
    lateStore?.loaded() ?? null,
  ]);
  const { clock } = stage.market.market;
  // The second stage gets the log itself: the accounts keep vouchers' images beside an IndexedDB log.
  // The first answers have gone (the page asked for them while the second stage loaded): a fresh
  // exchange that opened at the build's instant now runs on the wall clock, before the users'
  // features stamp anything with its time.
  first.catchUpWithWallClock();
  const simulator = await openExchange({ ...stage, store }, { clock, messages: loadServerMessages });
  simulator.market.market.release();
  if (store)
    setInterval(
      () => void store.setSetting(SIM_NOW_KEY, clock.now()).catch(() => undefined),
      SIM_NOW_SAVE_MS,
    );
  // The live market runs on a timer here; in Node tests nothing ticks and the tests drive it.
  simulator.market.start();
  // Deposits gain confirmations and withdrawals move on with the simulated clock.
  setInterval(() => void simulator.wallet.advance(), CLOCK_PASS_MS);
  // Earnings pay each ended day's dividend once and return matured principal on the same clock.
  setInterval(() => void simulator.earnings.advance(), CLOCK_PASS_MS);
  // Micro contracts settle at expiry on the public tape, on the same clock.
  setInterval(() => void simulator.micro.advance(), CLOCK_PASS_MS);
  // Lever: fixed-price fills, take-profit, stop-loss, liquidation and overnight fees on the tape.
  setInterval(() => void simulator.lever.advance(), CLOCK_PASS_MS);
  // P2P: payment and confirmation limits, the simulated merchants and the arbiter on the same clock.
  setInterval(() => void simulator.p2p.advance(), CLOCK_PASS_MS);
  return simulator.server;
}

let staged: StagedServer | null = null;
function startSimulator(): StagedServer {
  if (staged) return staged;
  const market = openMarket();
  staged = {
    early: market.then(({ first }) => first.stage.server),
    full: market.then(openRest),
  };
  return staged;
}

/** A SharedWorker's scope: every tab that connects hands it a port. */
interface ConnectingScope {
  addEventListener(type: 'connect', listener: (event: { ports: readonly MessagePort[] }) => void): void;
}

/** A dedicated worker's scope: its own tab is the port, and Web Locks may be there. */
interface TabScope extends SimServerPort {
  navigator: { locks?: LockManagerLike };
}

function isConnecting(scope: object): scope is ConnectingScope {
  return 'onconnect' in scope;
}

function isTab(scope: object): scope is TabScope {
  return 'postMessage' in scope && 'navigator' in scope;
}

const scope: object = self;
if (isConnecting(scope)) {
  const ready = startSimulator();
  scope.addEventListener('connect', (event) => {
    const port = event.ports[0];
    if (port) servePort(port, ready);
  });
} else if (isTab(scope)) {
  const locks = scope.navigator.locks;
  if (!locks || typeof BroadcastChannel === 'undefined') {
    servePort(scope, startSimulator());
  } else {
    const channel: RelayChannel = new BroadcastChannel('tessera-sim-relay');
    runTabWorker({
      tab: scope,
      channel,
      follower: crypto.randomUUID(),
      leading: acquireLeadership('tessera-sim-leader', locks).leading,
      startServer: () => startSimulator().full,
    });
  }
}
