import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { ManualClock, ScaledClock } from '../../../../src/sim/clock.ts';
import { sampleFeed } from '../../../../src/sim/feeds/sample-feed.ts';
import { openMarketFeature } from '../../../../src/sim/market/market-feature.ts';
import { PAIRS } from '../../../../src/sim/market/pairs.ts';
import { Routes } from '../../../../src/sim/routes.ts';
import { RecordingHub, START } from './market-fixture.ts';

describe('the market feature', () => {
  it('replays the shipped feed from the feed library: BTC/USDT then moves as the recording does', async () => {
    const clock = new ManualClock(START);
    const feature = await openMarketFeature({
      routes: new Routes(),
      hub: new RecordingHub(() => false),
      clock,
      market: { pairs: PAIRS.filter((pair) => pair.id === 1), historyDays: 1 },
      feeds: { name: 'feature-test-feeds' },
    });
    expect(await feature.replayFeed('no-such-feed')).toBe(false);
    expect(await feature.replayFeed()).toBe(true);
    const btc = feature.market.pairs[0]!;
    const startReference = btc.referenceTicks(clock.now());
    const feed = sampleFeed();
    const at = 25 * 60_000;
    const recordedMove = feed.prices[at / 1000]! / feed.prices[0]!;
    for (let minute = 0; minute < at / 60_000; minute++) {
      clock.advance(60_000);
      feature.market.advanceTo(clock.now());
    }
    expect(btc.referenceTicks(clock.now()) / startReference).toBeCloseTo(recordedMove, 6);
    // Trades follow the replayed reference within a few basis points.
    expect(Math.abs(btc.lastPrice() / btc.referenceTicks(clock.now()) - 1)).toBeLessThan(0.002);
  });
});

describe('the market feature on a fresh profile', () => {
  it('reads no setting back when they are known to be empty, yet keeps what is set later', async () => {
    const reads: string[] = [];
    const kept = new Map<string, unknown>();
    const settings = {
      getSetting: (key: string) => {
        reads.push(key);
        return Promise.resolve(kept.get(key) as number | undefined);
      },
      setSetting: (key: string, value: unknown) => {
        kept.set(key, value);
        return Promise.resolve();
      },
    };
    const open = (settingsEmpty: boolean) =>
      openMarketFeature({
        routes: new Routes(),
        hub: new RecordingHub(() => false),
        clock: new ScaledClock({ realNow: () => START, start: START }),
        settings,
        settingsEmpty,
        market: { pairs: PAIRS.filter((pair) => pair.id === 1), historyDays: 1 },
      });
    await open(false);
    expect(reads.length).toBeGreaterThan(0);
    reads.length = 0;
    const routes = new Routes();
    const fresh = await openMarketFeature({
      routes,
      hub: new RecordingHub(() => false),
      clock: new ScaledClock({ realNow: () => START, start: START }),
      settings,
      settingsEmpty: true,
      market: { pairs: PAIRS.filter((pair) => pair.id === 1), historyDays: 1 },
    });
    expect(reads).toEqual([]);
    expect(fresh.market.time()).toBe(START);
    // The speed chosen later is kept in the same settings.
    const setSpeed = routes.get('sim/set_speed')!;
    const t = (key: string) => key;
    expect((await setSpeed({ speed: 60 }, { now: START, lang: 'en', token: '', t })).code).toBe(1);
    expect(kept.get('sim.speed')).toBe(60);
  });
});
