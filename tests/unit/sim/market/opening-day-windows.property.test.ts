import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quotationAnswer } from '../../../../src/sim/market/market-answers.ts';
import type { Market } from '../../../../src/sim/market/market.ts';
import {
  adoptOpeningDayWindows,
  openingDayWindowsOf,
  parseOpeningDayWindows,
  type OpeningDayWindows,
} from '../../../../src/sim/market/opening-day-windows.ts';
import { MINUTE_MS } from '../../../../src/sim/market/periods.ts';
import { openMarket, SAMPLE_PAIRS, START } from './market-fixture.ts';

/** Every pair's 24 h quote and its last minute bars, as the answers and the chart read them. */
function marketView(market: Market) {
  const now = market.time();
  return market.pairs.map((pair) => ({
    quote: quotationAnswer(pair),
    minutes: pair.candles.bars('1min', now - 90 * MINUTE_MS, now, now),
  }));
}

const opening = fc.record({
  seed: fc.integer({ min: 1, max: 2 ** 31 }),
  // Any instant of two days, whole minutes (as a build's) or not.
  offset: fc.integer({ min: 0, max: 2 * 86_400_000 }),
  steps: fc.array(fc.integer({ min: 1, max: 240_000 }), { maxLength: 6 }),
});

describe("a fresh market given the build's settled 24 h windows", () => {
  it('answers and charts exactly as one that folds them itself, at opening and as it runs on', () => {
    fc.assert(
      fc.property(opening, ({ seed, offset, steps }) => {
        const start = START + offset;
        const built = openingDayWindowsOf(openMarket({ seed, start }).market);
        const folding = openMarket({ seed, start });
        const taking = openMarket({ seed, start });
        expect(adoptOpeningDayWindows(taking.market, built)).toBe(SAMPLE_PAIRS.length);
        expect(marketView(taking.market)).toEqual(marketView(folding.market));
        for (const step of steps) {
          for (const { clock, market } of [folding, taking]) {
            clock.advance(step);
            market.advanceTo(clock.now());
          }
          expect(marketView(taking.market)).toEqual(marketView(folding.market));
        }
      }),
      { numRuns: 12 },
    );
  });

  it('shows the windows it took: a window off by one tick is a different 24 h high', () => {
    const { market: source } = openMarket();
    const built = openingDayWindowsOf(source);
    const [pairId, bar] = built.pairs[0]!;
    if (!bar) throw new Error('the first pair had no trade in its day');
    const tampered: OpeningDayWindows = {
      at: built.at,
      pairs: [[pairId, { ...bar, high: bar.high + 1_000_000 }], ...built.pairs.slice(1)],
    };
    const { market: honest } = openMarket();
    const { market: misled } = openMarket();
    adoptOpeningDayWindows(honest, built);
    adoptOpeningDayWindows(misled, tampered);
    expect(quotationAnswer(misled.pair(pairId)!).high).not.toBe(quotationAnswer(honest.pair(pairId)!).high);
  });

  it('takes them in the same minute only, and not once it has folded its own', () => {
    const built = openingDayWindowsOf(openMarket({ start: START - (START % MINUTE_MS) }).market);
    // A worker's clock has run on a little since the build's instant: the same minute's windows.
    const { market: sameMinute } = openMarket({ start: START - (START % MINUTE_MS) + 59_999 });
    expect(adoptOpeningDayWindows(sameMinute, built)).toBe(SAMPLE_PAIRS.length);
    const { market: later } = openMarket({ start: START - (START % MINUTE_MS) + MINUTE_MS });
    expect(adoptOpeningDayWindows(later, built)).toBe(0);
    const { market: folded } = openMarket();
    marketView(folded);
    expect(adoptOpeningDayWindows(folded, built)).toBe(0);
  });
});

describe('the windows as the build compiles them in (JSON text)', () => {
  it('read back exactly, and anything else reads as none, never as wrong windows', () => {
    const built = openingDayWindowsOf(openMarket().market);
    expect(parseOpeningDayWindows(JSON.stringify(built))).toEqual(built);
    for (const text of [undefined, '', 'null', '{}', '[]', '{"at":1,"pairs":{}}', 'not json']) {
      expect(parseOpeningDayWindows(text)).toBeUndefined();
    }
    fc.assert(
      fc.property(
        fc.constantFrom(...built.pairs.keys()),
        fc.constantFrom('time', 'open', 'high', 'low', 'close', 'volume', 'turnover', 'trades'),
        fc.oneof(fc.string(), fc.constant(null), fc.constant(Number.POSITIVE_INFINITY), fc.boolean()),
        (index, field, value) => {
          const pairs = built.pairs.map(([id, bar]) => [id, bar ? { ...bar } : null]);
          const bar = pairs[index]![1] as Record<string, unknown> | null;
          fc.pre(bar !== null);
          bar![field] = value;
          // JSON writes Infinity as null: either way the field is no number.
          expect(parseOpeningDayWindows(JSON.stringify({ at: built.at, pairs }))).toBeUndefined();
        },
      ),
    );
  });
});
