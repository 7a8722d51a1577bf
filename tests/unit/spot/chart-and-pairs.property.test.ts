import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  barMs,
  CHART_PERIODS,
  DEFAULT_CHART_PERIOD,
  initialZoomStart,
  klinePeriodOf,
  klineRange,
  MAX_BARS,
  parseChartPeriod,
  visibleBars,
  type KlinePeriod,
} from '../../../src/domain/spot/chart-period.ts';
import { axisLabel, fullLabel } from '../../../src/domain/spot/chart-time.ts';
import { movingAverage } from '../../../src/domain/spot/moving-average.ts';
import { utcOffsetMinutes } from '../../../src/domain/time-zone.ts';
import {
  choosePair,
  FAVOURITES_TAB,
  listedPairs,
  parseFavourites,
  serializeFavourites,
  toggleFavourite,
} from '../../../src/domain/spot/pair-list.ts';

const kline = fc.constantFrom<KlinePeriod>(
  '1min',
  '5min',
  '15min',
  '30min',
  '60min',
  '1day',
  '1week',
  '1mon',
);

describe('chart rules (spec §9)', () => {
  it('5 minutes by default; a stored period is kept only if it is one of the offered ones', () => {
    expect(DEFAULT_CHART_PERIOD).toBe('5min');
    expect(parseChartPeriod(null)).toBe('5min');
    expect(parseChartPeriod('nonsense')).toBe('5min');
    for (const period of CHART_PERIODS) expect(parseChartPeriod(period)).toBe(period);
    expect(klinePeriodOf('line')).toBe('1min');
  });

  it('shows about 7 hours at first, at least 30 bars', () => {
    expect(visibleBars('5min')).toBe(84);
    expect(visibleBars('1min')).toBe(420);
    expect(visibleBars('60min')).toBe(30);
    fc.assert(
      fc.property(kline, (period) => {
        expect(visibleBars(period)).toBeGreaterThanOrEqual(30);
      }),
    );
  });

  it('asks market/kline for a range the server allows, ending after the last trade', () => {
    fc.assert(
      fc.property(kline, fc.integer({ min: 1e12, max: 2e12 }), (period, last) => {
        const { from, to } = klineRange(period, last);
        expect(to * 1000).toBeGreaterThan(last);
        expect(((to - from) * 1000) / barMs(period)).toBeLessThanOrEqual(MAX_BARS);
        expect(from).toBeLessThan(to);
      }),
    );
  });

  it('opens the zoom on the last visible bars', () => {
    expect(initialZoomStart(0, '5min')).toBe(0);
    expect(initialZoomStart(50, '5min')).toBe(0);
    expect(initialZoomStart(252, '5min')).toBeCloseTo(100 * (1 - 84 / 252));
  });

  it('labels times in Asia/Shanghai', () => {
    const t = Date.UTC(2026, 4, 14, 6, 35); // 14:35 in Shanghai
    expect(axisLabel(t, '5min', 'Asia/Shanghai')).toBe('14:35');
    expect(axisLabel(Date.UTC(2026, 4, 13, 16, 0), '5min', 'Asia/Shanghai')).toBe('05/14 00:00');
    expect(axisLabel(t, '1day', 'Asia/Shanghai')).toBe('05/14');
    expect(axisLabel(t, '1mon', 'Asia/Shanghai')).toBe('2026/05');
    expect(fullLabel(t, 'Asia/Shanghai')).toBe('2026-05-14 14:35');
  });

  it('a time asked again, in any zone, gets the same label as the first time (the labels are kept per zone)', () => {
    const zones = ['Asia/Shanghai', 'UTC', 'America/New_York', 'Asia/Kolkata'];
    // The oracle: the zone's offset (time-zone.ts) applied to the UTC clock, nothing kept.
    const oracle = (ms: number, timeZone: string) => {
      const wall = new Date(ms + utcOffsetMinutes(ms, timeZone) * 60_000).toISOString();
      return `${wall.slice(0, 10)} ${wall.slice(11, 16)}`;
    };
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            minute: fc.integer({ min: 29_000_000, max: 30_000_000 }),
            zone: fc.constantFrom(...zones),
          }),
          { minLength: 1, maxLength: 30 },
        ),
        (asks) => {
          // Each time in every zone, twice: the second round reads what the first one kept.
          for (let round = 0; round < 2; round++) {
            for (const { minute, zone } of asks) {
              for (const other of [zone, ...zones]) {
                expect(fullLabel(minute * 60_000, other)).toBe(oracle(minute * 60_000, other));
              }
            }
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('moving averages are the mean of the last n closes, none before n bars', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 1e6 }), { maxLength: 60 }),
        fc.integer({ min: 1, max: 30 }),
        (closes, n) => {
          const ma = movingAverage(closes, n);
          expect(ma).toHaveLength(closes.length);
          ma.forEach((value, i) => {
            if (i < n - 1) expect(value).toBeNull();
            else expect(value).toBeCloseTo(closes.slice(i - n + 1, i + 1).reduce((a, b) => a + b, 0) / n, 6);
          });
        },
      ),
    );
  });
});

describe('pair list (spec §2)', () => {
  const rows = [
    { id: 1, symbol: 'BTC/USDT', quote: 'USDT', openChange: true },
    { id: 2, symbol: 'ETH/USDT', quote: 'USDT', openChange: true },
    { id: 3, symbol: 'OLD/USDT', quote: 'USDT', openChange: false },
    { id: 10, symbol: 'ETH/BTC', quote: 'BTC', openChange: true },
  ];

  it('shows only pairs open for spot, per quote currency or starred, matching the search', () => {
    expect(listedPairs(rows, 'USDT', '', new Set()).map((row) => row.id)).toEqual([1, 2]);
    expect(listedPairs(rows, 'BTC', '', new Set()).map((row) => row.id)).toEqual([10]);
    expect(listedPairs(rows, FAVOURITES_TAB, '', new Set([3, 10])).map((row) => row.id)).toEqual([10]);
    expect(listedPairs(rows, 'USDT', 'eth', new Set()).map((row) => row.id)).toEqual([2]);
  });

  it('picks ?symbol, then ?id, then the remembered pair, then the first', () => {
    expect(choosePair(rows, { symbol: 'eth/btc', id: 1, stored: 'BTC/USDT' })?.id).toBe(10);
    expect(choosePair(rows, { symbol: 'NOPE/USDT', id: 2, stored: 'BTC/USDT' })?.id).toBe(2);
    expect(choosePair(rows, { symbol: null, id: 3, stored: 'ETH/USDT' })?.id).toBe(2);
    expect(choosePair(rows, { symbol: null, id: null, stored: null })?.id).toBe(1);
    expect(choosePair([], { symbol: null, id: null, stored: null })).toBeNull();
  });

  it('favourites survive storage and toggling twice is a no-op', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 1e6 })),
        fc.integer({ min: 1, max: 1e6 }),
        (ids, id) => {
          const set = new Set(ids);
          expect(parseFavourites(serializeFavourites(set))).toEqual(set);
          expect(toggleFavourite(toggleFavourite(set, id), id)).toEqual(set);
        },
      ),
    );
    expect(parseFavourites('1, x, -3, 5')).toEqual(new Set([1, 5]));
  });
});
