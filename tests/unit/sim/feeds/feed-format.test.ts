import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeFeed,
  encodeFeed,
  feedFromBase64,
  feedToBase64,
} from '../../../../src/sim/feeds/feed-format.ts';
import { recordFromGenerator } from '../../../../src/sim/feeds/generator-recorder.ts';
import type { RecordedFeed } from '../../../../src/sim/feeds/recorded-feed.ts';
import { ReferenceGenerator } from '../../../../src/sim/feeds/reference-generator.ts';
import { sampleFeed } from '../../../../src/sim/feeds/sample-feed.ts';
import { FEED_BASE64 } from '../../../../src/sim/feeds/samples/btc-usdt-sample.ts';

const feedArbitrary = fc
  .record({
    start: fc.integer({ min: 0, max: 2 ** 42 }),
    decimals: fc.integer({ min: 0, max: 8 }),
    ticks: fc.array(
      fc.record({ gap: fc.integer({ min: 0, max: 10_000_000 }), units: fc.integer({ min: 1, max: 1e12 }) }),
      {
        minLength: 2,
        maxLength: 200,
      },
    ),
  })
  .filter(({ ticks }) => ticks.slice(1).some((tick) => tick.gap > 0))
  .map(({ start, decimals, ticks }): RecordedFeed => {
    let t = start;
    return {
      header: { symbol: 'BTC/USDT', source: 'test', priceDecimals: decimals },
      times: Float64Array.from(ticks, (tick, i) => (t += i === 0 ? 0 : tick.gap)),
      prices: Float64Array.from(ticks, (tick) => tick.units / 10 ** decimals),
    };
  });

describe('the recorded-feed format', () => {
  it('round-trips any feed exactly, to the same bytes every time', () => {
    fc.assert(
      fc.property(feedArbitrary, (feed) => {
        const file = encodeFeed(feed);
        expect(encodeFeed(feed)).toEqual(file);
        const back = decodeFeed(file);
        expect(back.header).toEqual(feed.header);
        expect([...back.times]).toEqual([...feed.times]);
        back.prices.forEach((price, i) =>
          expect(price).toBeCloseTo(feed.prices[i]!, feed.header.priceDecimals),
        );
        expect(decodeFeed(feedFromBase64(feedToBase64(file))).times).toEqual(back.times);
      }),
      { numRuns: 50 },
    );
  });

  it('is compact: an hour of one-second ticks is a few kilobytes', () => {
    const feed = recordFromGenerator(new ReferenceGenerator(), {
      symbol: 'BTC/USDT',
      start: Date.UTC(2026, 3, 1),
      durationMs: 3_600_000,
      priceDecimals: 2,
    });
    expect(feed.times.length).toBe(3_601);
    expect(encodeFeed(feed).length).toBeLessThan(12_000);
  });

  it('rejects what is not a feed', () => {
    expect(() => decodeFeed(new Uint8Array([1, 2, 3]))).toThrow();
    const file = encodeFeed({
      header: { symbol: 'X/USDT', source: 't', priceDecimals: 0 },
      times: Float64Array.from([0, 1]),
      prices: Float64Array.from([1, 2]),
    });
    expect(() => decodeFeed(file.subarray(0, file.length - 9))).toThrow();
  });

  it('ships a sample made by the project recorder: BTC/USDT, one tick a second for an hour', () => {
    const feed = sampleFeed();
    expect(feed.header.symbol).toBe('BTC/USDT');
    expect(feed.header.source).toMatch(/^generator seed=/);
    expect(feed.times.length).toBe(3_601);
    expect(feed.times[1]! - feed.times[0]!).toBe(1_000);
    expect(FEED_BASE64.length).toBeLessThan(16_000);
  });
});
