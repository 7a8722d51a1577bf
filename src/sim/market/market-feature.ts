import type { Clock } from '../clock.ts';
import type { FeedLibraryOptions } from '../feeds/feed-library.ts';
import { openFeedLibrary } from '../feeds/open-feed-library.ts';
import { FeedReplay } from '../feeds/feed-replay.ts';
import {
  isTimeControl,
  readSavedReplay,
  referenceOf,
  ReplayControl,
  type ReplaySettings,
  type SavedReplay,
} from '../replay/replay-control.ts';
import { registerReplayRoutes } from '../replay/replay-routes.ts';
import type { Routes } from '../routes.ts';
import {
  ClockPublisher,
  isSpeedControl,
  registerSpeedRoutes,
  restoreSpeed,
  type SpeedSettings,
} from './demo-speed.ts';
import { Market, type MarketOptions } from './market.ts';
import { MarketPublisher, type FrameHub } from './market-publisher.ts';
import { registerMarketRoutes } from './market-routes.ts';
import type { AssetUrl } from './market-answers.ts';
import { startMarketTicker } from './market-ticker.ts';

export interface MarketFeatureOptions {
  routes: Routes;
  hub: FrameHub;
  clock: Clock;
  /**
   * Keeps the demo speed, the pause and the market source across reloads (the store's settings);
   * omitted: nothing is kept.
   */
  settings?: (SpeedSettings & ReplaySettings) | null;
  /**
   * The settings are known to hold nothing yet (a fresh profile's new database): nothing is read
   * back, so opening the market does not wait for the database to open.
   */
  settingsEmpty?: boolean;
  /** Seed, history length, pairs, users' fills: see MarketOptions. */
  market?: Omit<MarketOptions, 'clock'>;
  /** Where recorded feeds are kept; default the IndexedDB database "tessera-feeds". */
  feeds?: FeedLibraryOptions;
  /** Where the pairs' logos are reached (market-answers.ts AssetUrl); default their own paths. */
  assetUrl?: AssetUrl;
}

export interface MarketFeature {
  market: Market;
  publisher: MarketPublisher;
  /** Starts the real-time ticker (the worker calls this); returns a function that stops it. */
  start(): () => void;
  /**
   * Plays a recorded feed from the feed library over the generator, from the market's current
   * time on (the shipped sample unless named). Resolves to false if there is no such feed.
   */
  replayFeed(name?: string): Promise<boolean>;
  /** The market source chooser and the replay's time control (sim/replay*); absent on a fixed clock. */
  replay: ReplayControl | undefined;
}

/**
 * The market feature as the simulator assembles it: the live market opened at the clock's time,
 * its routes (market/currency_matches, market/deal, market/kline), the demo-speed routes, and the
 * publishers that push DAY_MARKET, MARKET_DEPTH, GLOBAL_TX and KLINE frames, and SIM_CLOCK.
 */
export async function openMarketFeature(options: MarketFeatureOptions): Promise<MarketFeature> {
  const speed = isSpeedControl(options.clock) ? options.clock : undefined;
  const settings = options.settings ?? undefined;
  const stored = options.settingsEmpty ? undefined : settings;
  if (speed && stored) {
    // A broken settings table must not keep the exchange from opening: run at x1 instead.
    await restoreSpeed(speed, stored).catch((error: unknown) =>
      console.warn('sim: speed not restored', error),
    );
  }
  // A kept replay is read first, so the market opens on its reference: after a reload the books
  // stand where the replay was, not where the generator would be.
  const timeControl = isTimeControl(options.clock) ? options.clock : undefined;
  const saved: SavedReplay | undefined =
    timeControl && stored
      ? await readSavedReplay(stored, options.feeds).catch((error: unknown) => {
          console.warn('sim: replay not restored', error);
          return undefined;
        })
      : undefined;
  const kept = saved?.source;
  const market = new Market({
    ...options.market,
    clock: options.clock,
    ...(kept ? { reference: (generator) => referenceOf(generator, kept, saved.feed) } : {}),
  });
  const publisher = new MarketPublisher(market, options.hub);
  registerMarketRoutes(options.routes, market, options.assetUrl);
  // SIM_CLOCK: every tab's speed control and simulated-time display follow the one clock.
  const clockPublisher = new ClockPublisher(options.clock, speed, options.hub);
  registerSpeedRoutes(options.routes, speed, settings, clockPublisher);
  const replay = timeControl
    ? new ReplayControl(market, timeControl, settings ?? null, options.feeds, () => clockPublisher.publish())
    : undefined;
  if (saved) replay?.adopt(saved);
  registerReplayRoutes(options.routes, replay);
  return {
    market,
    publisher,
    replay,
    start: () =>
      startMarketTicker(market, {
        publish: () => {
          publisher.publish();
          clockPublisher.tick();
        },
      }),
    async replayFeed(name) {
      // The shipped sample (an hour of ticks) loads with the first replay, not with the market.
      const { ensureSampleFeed, SAMPLE_FEED_NAME } = await import('../feeds/sample-feed.ts');
      const library = await openFeedLibrary(options.feeds);
      try {
        await ensureSampleFeed(library);
        const feed = await library.load(name ?? SAMPLE_FEED_NAME);
        if (!feed) return false;
        market.useReference(new FeedReplay(market.generator, feed, { startAt: market.advanceToNow() }));
        return true;
      } finally {
        library.close();
      }
    },
  };
}
