import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Candle } from '../../../../src/sim/market/candle.ts';
import { CandleSeries } from '../../../../src/sim/market/candle-series.ts';
import { HistorySynthesizer } from '../../../../src/sim/market/history-synth.ts';
import { pairScale } from '../../../../src/sim/market/pair-scale.ts';
import { PAIRS } from '../../../../src/sim/market/pairs.ts';
import {
  barStart,
  DAY_MS,
  KLINE_PERIODS,
  MINUTE_MS,
  type KlinePeriod,
} from '../../../../src/sim/market/periods.ts';
import { ReferenceGenerator } from '../../../../src/sim/feeds/reference-generator.ts';

interface Tick {
  time: number;
  price: number;
  lots: number;
}

/** The definition the series must agree with: a bar per period interval holding trades, folded. */
function expectedBars(trades: readonly Tick[], period: KlinePeriod): Candle[] {
  const bars = new Map<number, Candle>();
  for (const trade of trades) {
    const time = barStart(period, trade.time);
    const bar = bars.get(time);
    if (!bar) {
      bars.set(time, {
        time,
        open: trade.price,
        high: trade.price,
        low: trade.price,
        close: trade.price,
        volume: trade.lots,
        turnover: trade.price * trade.lots,
        trades: 1,
      });
      continue;
    }
    bar.high = Math.max(bar.high, trade.price);
    bar.low = Math.min(bar.low, trade.price);
    bar.close = trade.price;
    bar.volume += trade.lots;
    bar.turnover += trade.price * trade.lots;
    bar.trades += 1;
  }
  return [...bars.values()].sort((a, b) => a.time - b.time);
}

const LIVE_START = Date.UTC(2026, 1, 27, 21, 13, 5); // a month end, a Friday evening
const HISTORY_START = Date.UTC(2026, 0, 1);

/** Trades in time order across a few days (crossing a day, a week and a month boundary). */
const liveTrades = fc
  .array(
    fc.record({
      offset: fc.integer({ min: 0, max: 4 * DAY_MS }),
      price: fc.integer({ min: 1, max: 10_000_000 }),
      lots: fc.integer({ min: 1, max: 1_000_000 }),
    }),
    { minLength: 1, maxLength: 300 },
  )
  .map((raw) =>
    raw
      .map(({ offset, price, lots }) => ({ time: LIVE_START + offset, price, lots }))
      .sort((a, b) => a.time - b.time),
  );

describe('candles built from live trades', () => {
  it('agree with their trades in every period: open first, close last, high max, low min, volume sum', () => {
    fc.assert(
      fc.property(liveTrades, (trades) => {
        const series = new CandleSeries({
          historyStart: HISTORY_START,
          liveStart: LIVE_START,
          synthesize: () => {},
        });
        for (const trade of trades) series.addLive(trade.time, trade.price, trade.lots);
        const now = trades[trades.length - 1]!.time;
        for (const period of KLINE_PERIODS) {
          const bars = series.bars(period, LIVE_START - 2 * DAY_MS, now + DAY_MS, now);
          expect(bars).toEqual(expectedBars(trades, period));
          // The bar a KLINE push carries for the latest trade is the last of them.
          expect(series.barAt(period, now, now)).toEqual(bars[bars.length - 1]);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('give the rolling 24 h bar as the fold of its minutes, asked between trades, at any minute, after gaps', () => {
    fc.assert(
      fc.property(
        liveTrades,
        fc.array(fc.nat({ max: 299 }), { maxLength: 20 }),
        fc.option(fc.nat({ max: 299 }), { nil: undefined }),
        (trades, askAfter, gapAfter) => {
          const series = new CandleSeries({
            historyStart: HISTORY_START,
            liveStart: LIVE_START,
            // Gap minutes are synthesised: one trade each, so a gap that is not seen shows.
            synthesize: (minute, sink) => sink(minute * MINUTE_MS, 7 + (minute % 5), 1, 1),
          });
          const asked = new Set(askAfter);
          const expectAgrees = (time: number) => {
            const minute = Math.floor(time / MINUTE_MS);
            expect(series.rollingBar(minute, 1440)).toEqual(series.foldMinutes(minute - 1439, minute + 1));
          };
          trades.forEach((trade, index) => {
            series.addLive(trade.time, trade.price, trade.lots);
            if (index === gapAfter && index + 1 < trades.length) {
              series.markGap(trade.time, trades[index + 1]!.time);
            }
            // Asked twice in a row: the second answer comes from the kept fold.
            if (asked.has(index)) for (let twice = 0; twice < 2; twice++) expectAgrees(trade.time);
          });
          const last = trades[trades.length - 1]!.time;
          for (const later of [
            last,
            last + MINUTE_MS,
            last + DAY_MS - MINUTE_MS,
            last + DAY_MS,
            last + 2 * DAY_MS,
          ])
            expectAgrees(later);
          // Changes to minutes before the one asked for (a late trade, a gap marked afterwards) show
          // at once, though the fold of those minutes was kept.
          const then = last + DAY_MS / 2;
          expectAgrees(then);
          series.addLive(last, 3, 2);
          expectAgrees(then);
          series.markGap(last, then - 10 * MINUTE_MS);
          expectAgrees(then);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('refuse a live trade from before the live start', () => {
    const series = new CandleSeries({
      historyStart: HISTORY_START,
      liveStart: LIVE_START,
      synthesize: () => {},
    });
    expect(() => series.addLive(LIVE_START - MINUTE_MS, 1, 1)).toThrow(RangeError);
  });
});

describe('synthesised history', () => {
  const generator = new ReferenceGenerator();
  // From a month's first day to a Monday morning: the bars cross days and a week boundary.
  const historyStart = Date.UTC(2026, 9, 1);
  const liveStart = Date.UTC(2026, 9, 5, 7, 30, 12);

  it.each(PAIRS.filter((pair) => [1, 9, 11, 64].includes(pair.id)))(
    'agrees with the trades it was synthesised from ($symbol)',
    (pair) => {
      const synthesizer = new HistorySynthesizer(generator.seed, generator, pair, pairScale(pair));
      const trades: Tick[] = [];
      const series = new CandleSeries({
        historyStart,
        liveStart,
        synthesize: (minute, sink) => synthesizer.synthesizeMinute(minute, sink),
      });
      const firstMinute = historyStart / MINUTE_MS;
      const liveMinute = Math.floor(liveStart / MINUTE_MS);
      const misplaced: Tick[] = [];
      for (let minute = firstMinute; minute < liveMinute; minute++) {
        let last = minute * MINUTE_MS;
        synthesizer.synthesizeMinute(minute, (time, price, lots) => {
          // Each minute's trades lie inside it, in time order, on the integer grid.
          const inside = time >= last && time < (minute + 1) * MINUTE_MS;
          if (!inside || !Number.isInteger(price) || price <= 0 || !Number.isInteger(lots) || lots <= 0) {
            misplaced.push({ time, price, lots });
          }
          last = time;
          trades.push({ time, price, lots });
        });
      }
      expect(misplaced).toEqual([]);
      const now = liveStart + 5_000;
      for (const period of KLINE_PERIODS) {
        expect(series.bars(period, historyStart, now, now)).toEqual(expectedBars(trades, period));
      }
    },
  );

  it('is the same for the same seed, whichever minute is asked first, and differs for another seed', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 40 * 1440 }),
        fc.integer({ min: 1, max: 2 ** 31 }),
        (offset, seed) => {
          const pair = PAIRS[0]!;
          const minute = historyStart / MINUTE_MS + offset;
          const run = (s: number) => {
            const own = new ReferenceGenerator({ seed: s });
            const out: number[] = [];
            new HistorySynthesizer(s, own, pair, pairScale(pair)).synthesizeMinute(minute, (...trade) =>
              out.push(...trade),
            );
            return out;
          };
          expect(run(seed)).toEqual(run(seed));
          expect(run(seed)).not.toEqual(run(seed + 1));
        },
      ),
      { numRuns: 20 },
    );
  });

  it('fills a gap the live market skipped, and keeps live trades around it', () => {
    const pair = PAIRS[0]!;
    const synthesizer = new HistorySynthesizer(generator.seed, generator, pair, pairScale(pair));
    const series = new CandleSeries({
      historyStart,
      liveStart,
      synthesize: (minute, sink) => synthesizer.synthesizeMinute(minute, sink),
    });
    series.addLive(liveStart + 1_000, 100, 1);
    const wokeAt = liveStart + 3 * 3_600_000 + 17_000;
    series.markGap(liveStart + 1_000, wokeAt);
    series.addLive(wokeAt + 2_000, 200, 2);
    const bars = series.bars('1min', liveStart, wokeAt + 60_000, wokeAt + 60_000);
    const liveMinute = Math.floor(liveStart / MINUTE_MS) * MINUTE_MS;
    const wokeMinute = Math.floor(wokeAt / MINUTE_MS) * MINUTE_MS;
    expect(bars[0]).toMatchObject({ time: liveMinute, open: 100, volume: 1 });
    expect(bars[bars.length - 1]).toMatchObject({ time: wokeMinute, open: 200, volume: 2 });
    // Every minute in between is a synthesised bar.
    expect(bars).toHaveLength((wokeMinute - liveMinute) / MINUTE_MS + 1);
  });
});
