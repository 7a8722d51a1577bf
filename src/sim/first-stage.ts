import { ScaledClock } from './clock.ts';
import { firstStageCalls } from './first-stage-calls.ts';
import { currencyMatchesAnswer } from './market/market-answers.ts';
import { adoptOpeningDayWindows, type OpeningDayWindows } from './market/opening-day-windows.ts';
import { openMarketStage, type MarketStage } from './market-stage.ts';
import { SPEED_SETTING_KEY } from './market/demo-speed.ts';
import { PAUSED_SETTING_KEY, REPLAY_SETTING_KEY } from './replay/replay-control.ts';
import { resumeClock, SIM_NOW_KEY } from './replay/resume-time.ts';
import type { MessageTable } from './server.ts';
import type { EventLog } from './store/event-log.ts';
import { SnapshotSettings, type SettingsSnapshot } from './store/settings-snapshot.ts';

/**
 * Every setting a returning profile's first stage reads before its market opens: the kept time
 * (resume-time.ts), the pause and the speed (the clock, and demo-speed.ts restoreSpeed) and the kept
 * market source (replay-control.ts readSavedReplay). The worker reads them in one transaction.
 */
export const FIRST_STAGE_SETTINGS: readonly string[] = [
  SIM_NOW_KEY,
  PAUSED_SETTING_KEY,
  SPEED_SETTING_KEY,
  REPLAY_SETTING_KEY,
];

export interface FirstStageOptions<Store extends EventLog> {
  /** This profile has no exchange yet (no log to replay, no setting to read back). */
  fresh: boolean;
  /** The durable log (it may load late), or null: in memory. */
  store: Store | null;
  /** The wall clock; the only one the simulator reads. */
  realNow: () => number;
  /**
   * The instant every fresh exchange of this build opens at (the build's prerender ran the market
   * to it and wrote its quotes into the pages' HTML); undefined where nothing was prerendered.
   */
  openingAt: number | undefined;
  messages: (lang: string) => Promise<MessageTable>;
  /**
   * FIRST_STAGE_SETTINGS as one read of the store's settings took them just before (the worker's
   * store/settings-snapshot.ts readSettingsSnapshot), or null: read each from the store. The stage
   * reads the store itself for anything else, and once its market has opened.
   */
  settings?: Promise<SettingsSnapshot | null>;
  /**
   * Every pair's settled 24 h window at `openingAt`, as the build folded them
   * (market/opening-day-windows.ts): a fresh exchange opening there takes them instead of
   * synthesising a day of minutes per pair before its first answer. Undefined: it folds them itself.
   */
  openingDayWindows?: OpeningDayWindows;
}

export interface FirstStage {
  stage: MarketStage;
  clock: ScaledClock;
  /**
   * Moves a fresh exchange that opened at the build's instant on to the wall clock: called once
   * its first answers have gone out; the market, held until the second stage releases it, then
   * skips the time between (its candles synthesised, as after a long sleep).
   */
  catchUpWithWallClock(): void;
}

/**
 * The simulator's first stage as the worker opens it (DESIGN.md "First paint"): the clock, then
 * the market held where it opened. A fresh profile's market opens at the build's opening instant,
 * so its first answers are exactly the quotes the prerendered pages already show; a returning
 * profile's resumes from its own log. The build (scripts/prerender) asks the same function.
 */
export async function openFirstStage<Store extends EventLog>(
  options: FirstStageOptions<Store>,
): Promise<FirstStage> {
  const { fresh, store, realNow, openingAt } = options;
  const wallNow = realNow();
  // A returning profile's settings as they stand, in one read where the worker took one: the
  // clock's and the market's reads below then wait for no other (nothing writes them meanwhile).
  const snapshot = !fresh && store ? await options.settings?.catch(() => null) : null;
  const kept = fresh || !store ? null : snapshot ? new SnapshotSettings(store, snapshot) : store;
  // After running at x60 simulated time is ahead of the wall clock: it resumes from where it was,
  // never going backwards across a reload; a paused or replaying exchange resumes exactly there.
  const saved = await kept?.getSetting(SIM_NOW_KEY).catch(() => undefined);
  const resumed = await resumeClock(kept, saved, wallNow);
  const opensAtBuild = fresh && openingAt !== undefined && openingAt <= wallNow;
  const clock = new ScaledClock({ realNow, ...resumed, ...(opensAtBuild ? { start: openingAt } : {}) });
  const stage = await openMarketStage({
    clock,
    calls: firstStageCalls,
    messages: options.messages,
    store,
    ...(kept ? { settings: kept } : {}),
    freshStore: fresh,
  });
  // From here on the settings are read where they are written: the store.
  if (kept instanceof SnapshotSettings) kept.expire();
  // Users' resting orders come back into the books in the second stage: until then the market
  // stays where it opened, and the first answers read it there.
  stage.market.market.hold();
  if (opensAtBuild && options.openingDayWindows) {
    adoptOpeningDayWindows(stage.market.market, options.openingDayWindows);
  }
  // Every first page asks for each pair's 24 h quote (the app asks as it starts): the day of candles
  // behind it is made now (or taken from the build, above), while the page is still loading, and
  // the answer then only reads it.
  currencyMatchesAnswer(stage.market.market);
  let caughtUp = !opensAtBuild;
  return {
    stage,
    clock,
    catchUpWithWallClock() {
      if (caughtUp) return;
      caughtUp = true;
      clock.skip(Math.max(0, realNow() - clock.now()));
    },
  };
}
