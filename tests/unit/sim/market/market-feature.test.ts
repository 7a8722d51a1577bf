import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../../src/sim/clock.ts';
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
