import { ScaledClock } from '../clock.ts';
import { resumeClock, SIM_NOW_KEY } from '../replay/resume-time.ts';
import type { CodeCourier } from '../features/accounts/outbox.ts';
import type { MessageTable } from '../server.ts';
import { createSimulator, type Simulator } from '../simulator.ts';
import type { ImageStore } from '../features/accounts/uploads.ts';
import type { SecretBox } from '../features/accounts/secret-box.ts';
import type { EventLog } from '../store/event-log.ts';
import type { StoreHealth } from '../store/store-health.ts';
import { errorFields, type JsonLog } from './json-log.ts';

export interface NodeSimulatorOptions {
  /** The event log (SQLite or PostgreSQL), which also keeps uploaded images. */
  store: ServerStore;
  /** The market's seed; omitted: the simulator's default. */
  seed?: number;
  messages: (lang: string) => Promise<MessageTable>;
  /** Where verification codes go; omitted: the in-app demo outbox, as in the browser (`--demo`). */
  courier?: CodeCourier;
  /** The URL an uploaded image is served at (the HTTP server serves /uploads/<id>). */
  imageUrl: (id: string) => string;
  /** The URL a coin logo is served at, from its path (`/coins/btc.svg`; the HTTP server serves them). */
  assetUrl: (path: string) => string;
  log: JsonLog;
  /** Wall-clock ms: the only wall-clock read, which ScaledClock maps to simulated time (and TOTP reads as it is). */
  realNow: () => number;
  /** Seals the users' TOTP seeds (node/totp-key.ts). */
  secrets: SecretBox;
  /** The clock TOTP codes are checked on; default realNow (tests step it past a code's window). */
  totpClock?: () => number;
}

/**
 * What the server keeps its log and images in; `whenClosed` where closing is not immediate,
 * `health` where the store can lose its database while the server runs (PostgreSQL), `durable`
 * where its disk flush runs behind its commits (the answers wait for it: SQLite on a file).
 */
export type ServerStore = EventLog &
  ImageStore & { whenClosed?(): Promise<void>; health?(): StoreHealth; durable?(): Promise<void> };

export interface NodeSimulator {
  simulator: Simulator;
  store: ServerStore;
  /** Stops the market and the timers, lets their last steps commit, saves the clock, closes the file. */
  stop(): Promise<void>;
}

/** Saved so simulated time never runs backwards across a restart (it may be ahead after x60). */
const SIM_NOW_SAVE_MS = 2000;
const ADVANCE_MS = 1000;

/**
 * The simulator as the Node server runs it: the worker's assembly (worker.ts) on a SQLite or
 * PostgreSQL event log instead of IndexedDB, with the same timers: the live market, and once a second the wallet,
 * earnings, micro and lever steps on the simulated clock.
 */
export async function openNodeSimulator(options: NodeSimulatorOptions): Promise<NodeSimulator> {
  const { log } = options;
  const { store } = options;
  const saved = await store.getSetting(SIM_NOW_KEY);
  // As in the browser (replay/resume-time.ts): never backwards, and a paused, slowed or replaying
  // exchange reopens exactly where it stood.
  const clock = new ScaledClock({
    realNow: options.realNow,
    ...(await resumeClock(store, saved, options.realNow())),
  });
  const simulator = await createSimulator({
    clock,
    messages: options.messages,
    store,
    ...(options.seed === undefined ? {} : { seed: options.seed }),
    images: store,
    mintUrl: (_blob, id) => options.imageUrl(id),
    assetUrl: options.assetUrl,
    ...(options.courier ? { courier: options.courier } : {}),
    secrets: options.secrets,
    wallClock: options.totpClock ?? options.realNow,
  });
  const stopMarket = simulator.market.start();
  // Each step runs at most once at a time; a failing step is logged and tried again next second.
  const steps: Record<string, () => Promise<void>> = {
    wallet: () => simulator.wallet.advance(),
    earnings: () => simulator.earnings.advance(),
    micro: () => simulator.micro.advance(),
    lever: () => simulator.lever.advance(),
  };
  const runningSteps = new Map<string, Promise<void>>();
  const stepTimer = setInterval(() => {
    for (const [name, step] of Object.entries(steps)) {
      if (runningSteps.has(name)) continue;
      const run = step()
        .catch((error: unknown) => log.error('step_failed', { step: name, ...errorFields(error) }))
        .finally(() => runningSteps.delete(name));
      runningSteps.set(name, run);
    }
  }, ADVANCE_MS);
  const saveClock = () => store.setSetting(SIM_NOW_KEY, clock.now());
  const clockTimer = setInterval(() => {
    saveClock().catch((error: unknown) => log.error('clock_not_saved', errorFields(error)));
  }, SIM_NOW_SAVE_MS);

  return {
    simulator,
    store,
    async stop() {
      clearInterval(stepTimer);
      clearInterval(clockTimer);
      stopMarket();
      await Promise.allSettled(runningSteps.values());
      await saveClock().catch(() => undefined);
      store.close();
      await store.whenClosed?.();
    },
  };
}
