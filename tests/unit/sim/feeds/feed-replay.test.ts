import { describe, expect, it } from 'vitest';
import { assetIndex } from '../../../../src/sim/feeds/assets.ts';
import { FeedReplay } from '../../../../src/sim/feeds/feed-replay.ts';
import { FeedPlayback, type RecordedFeed } from '../../../../src/sim/feeds/recorded-feed.ts';
import { ReferenceGenerator } from '../../../../src/sim/feeds/reference-generator.ts';
import { pairPrice } from '../../../../src/sim/feeds/reference-source.ts';
import { ManualClock } from '../../../../src/sim/clock.ts';
import { Market } from '../../../../src/sim/market/market.ts';
import { PAIRS } from '../../../../src/sim/market/pairs.ts';

/** A feed that doubles BTC/USDT over ten seconds, linearly. */
const doubling: RecordedFeed = {
  header: { symbol: 'BTC/USDT', source: 'test', priceDecimals: 2 },
  times: Float64Array.from([5_000, 10_000, 15_000]),
  prices: Float64Array.from([100, 150, 200]),
};

describe('feed playback', () => {
  it('interpolates between ticks and loops without a jump', () => {
    const playback = new FeedPlayback(doubling);
    expect(playback.relativePriceAt(0)).toBe(1);
    expect(playback.relativePriceAt(2_500)).toBe(1.25);
    expect(playback.relativePriceAt(10_000)).toBe(2);
    // The second loop starts where the first ended.
    expect(playback.relativePriceAt(10_000 + 5_000)).toBe(3);
  });
});

describe('replaying a feed over the generator', () => {
  const generator = new ReferenceGenerator();
  const btc = assetIndex('BTC');
  const eth = assetIndex('ETH');
  const startAt = Date.UTC(2026, 6, 1, 9);
  const replay = new FeedReplay(generator, doubling, { startAt });

  it('changes nothing before it starts, and nothing jumps when it does', () => {
    expect(replay.logUsd(btc, startAt - 1)).toBe(generator.logUsd(btc, startAt - 1));
    expect(replay.logUsd(btc, startAt)).toBeCloseTo(generator.logUsd(btc, startAt), 12);
  });

  it('moves BTC as the feed moves, and the altcoins by their beta', () => {
    const t = startAt + 10_000;
    const btcMove = replay.logUsd(btc, t) - replay.logUsd(btc, startAt);
    expect(btcMove).toBeCloseTo(Math.log(2), 10);
    const ethDeviation = replay.logUsd(eth, t) - generator.logUsd(eth, t);
    const btcDeviation = replay.logUsd(btc, t) - generator.logUsd(btc, t);
    expect(ethDeviation / btcDeviation).toBeCloseTo(1.15, 10);
    expect(replay.logUsd(-1, t)).toBe(0);
  });

  it('drives a live market: the traded BTC price follows the feed', () => {
    const clock = new ManualClock(startAt);
    const market = new Market({ clock, pairs: PAIRS.filter((pair) => pair.id === 1), historyDays: 1 });
    market.useReference(new FeedReplay(market.generator, doubling, { startAt }));
    const before = market.pairs[0]!.lastPrice();
    clock.advance(12_000);
    market.advanceTo(clock.now());
    const after = market.pairs[0]!.lastPrice();
    expect(after / before).toBeGreaterThan(1.6);
    expect(pairPrice(market.generator, btc, -1, clock.now()) / (before / 100)).toBeLessThan(1.1);
  });
});
