import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  barIndexAt,
  LABEL_HEIGHT_SHARE,
  labelInterval,
  focusWindow,
  LAST_PRICE_MARK,
  markLineOption,
  priceLabelPositions,
  type PriceMark,
} from '../../../src/views/pages/trade/chart-marks.ts';
import type { ChartBar, ChartColors } from '../../../src/views/pages/trade/chart-option.ts';
import { parseMomentParam, parsePriceParam } from '../../../src/views/components/links.ts';

const colors: ChartColors = {
  up: 'green',
  down: 'red',
  text: 'text',
  faint: 'faint',
  grid: 'grid',
  panel: 'panel',
  line: 'brand',
  averages: ['a', 'b'],
  study: 'study',
  drawing: 'drawing',
  font: 'sans',
};

const bar = (time: number): ChartBar => ({ time, open: 1, high: 1, low: 1, close: 1, volume: 0 });

/** Sorted, distinct bar times. */
const barTimes = fc
  .uniqueArray(fc.integer({ min: 0, max: 1_000_000 }), { maxLength: 60 })
  .map((times) => times.sort((a, b) => a - b));

describe('chart marks', () => {
  it('a moment falls in the last bar starting at or before it (binary search = linear scan)', () => {
    fc.assert(
      fc.property(barTimes, fc.integer({ min: -10, max: 1_000_010 }), (times, moment) => {
        const bars = times.map(bar);
        let expected: number | undefined;
        times.forEach((time, index) => {
          if (time <= moment) expected = index;
        });
        expect(barIndexAt(bars, moment)).toBe(expected);
      }),
    );
  });

  it('the focus window holds the moment, spans the visible bars and stays inside 0..100', () => {
    fc.assert(
      fc.property(
        barTimes.filter((times) => times.length > 0),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 1, max: 200 }),
        (times, moment, visible) => {
          const bars = times.map(bar);
          const view = focusWindow(bars, moment, visible);
          const index = barIndexAt(bars, moment);
          if (index === undefined) {
            expect(view).toBeUndefined();
            return;
          }
          expect(view).toBeDefined();
          const { start, end } = view!;
          expect(start).toBeGreaterThanOrEqual(0);
          expect(end).toBeLessThanOrEqual(100 + 1e-9);
          const first = Math.round((start / 100) * bars.length);
          const last = Math.round((end / 100) * bars.length);
          expect(last - first).toBe(Math.min(visible, bars.length));
          expect(index).toBeGreaterThanOrEqual(first);
          expect(index).toBeLessThan(last);
        },
      ),
    );
  });

  it('draws prices as horizontal lines, liquidation solid and the rest dashed; skips non-numbers', () => {
    const option = markLineOption(
      [bar(0), bar(60)],
      {
        prices: [
          { id: 'entry', price: 100, label: 'Entry', tone: 'entry' },
          { id: 'liq', price: 80, label: 'Liq.', tone: 'danger' },
          { id: 'bad', price: Number.NaN, label: 'x', tone: 'profit' },
        ],
        moments: [],
      },
      colors,
    );
    const data = option.data as { name: string; yAxis: number; lineStyle: { type: string; color: string } }[];
    expect(data.map((line) => line.name)).toEqual(['entry', 'liq']);
    expect(data[0]!.lineStyle).toMatchObject({ type: 'dashed', color: 'brand' });
    expect(data[1]!.lineStyle).toMatchObject({ type: 'solid', color: 'red' });
  });

  it('draws a moment on its bar, and leaves out moments before the first bar or past the last', () => {
    const bars = [bar(0), bar(60), bar(120)];
    const option = markLineOption(
      bars,
      {
        prices: [],
        moments: [
          { id: 'inside', time: 75, label: 'a', tone: 'neutral' },
          { id: 'last', time: 179, label: 'b', tone: 'neutral' },
          { id: 'future', time: 180, label: 'c', tone: 'neutral' },
          { id: 'before', time: -1, label: 'd', tone: 'neutral' },
        ],
      },
      colors,
    );
    const data = option.data as { name: string; xAxis: string }[];
    expect(data.map((line) => [line.name, line.xAxis])).toEqual([
      ['inside', '60'],
      ['last', '120'],
    ]);
  });

  it('an address moment is digits only, 10 to 15 of them', () => {
    expect(parseMomentParam('1700000000000')).toBe(1_700_000_000_000);
    expect(parseMomentParam(' 1700000000000 ')).toBe(1_700_000_000_000);
    for (const bad of [
      null,
      '',
      '12',
      '1e12',
      '-1700000000000',
      '1700000000000.5',
      '0x1',
      '1234567890123456',
    ]) {
      expect(parseMomentParam(bad)).toBeNull();
    }
  });

  it('an address price is a plain positive decimal of at most 8 places, taken as written', () => {
    expect(parsePriceParam('89168.44')).toBe('89168.44');
    expect(parsePriceParam(' 0.00000001 ')).toBe('0.00000001');
    for (const bad of [null, '', '0', '0.000', '-1', '1e5', '1,5', '1.123456789', 'abc', '1.', '.5']) {
      expect(parsePriceParam(bad)).toBeNull();
    }
  });

  it('price labels: up to four lines never overlap; a line with room keeps its label above its left end', () => {
    const mark = (id: string, price: number): PriceMark => ({ id, price, label: id, tone: 'entry' });
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 10_000 }), { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 1, max: 20_000 }),
        (prices, span) => {
          const marks = prices.map((price, index) => mark(`m${index}`, price));
          const positions = priceLabelPositions(marks, span);
          expect(positions.size).toBe(marks.length);
          const height = span * LABEL_HEIGHT_SHARE;
          const boxes = marks.map((line) => labelInterval(line.price, positions.get(line.id)!, height));
          const overlaps = (a: (typeof boxes)[number], b: (typeof boxes)[number]) =>
            a.end === b.end && a.low < b.high && b.low < a.high;
          if (marks.length <= 4)
            boxes.forEach((box, a) =>
              boxes.slice(a + 1).forEach((other) => expect(overlaps(box, other)).toBe(false)),
            );
          // A line farther than two label heights from every other keeps the first place.
          marks.forEach((line) => {
            if (marks.every((other) => other === line || Math.abs(other.price - line.price) >= 2 * height))
              expect(positions.get(line.id)).toBe('insideStartTop');
          });
        },
      ),
    );
  });

  it('the markLine puts a long and a short entry opened a few dollars apart in different places', () => {
    const bars = [0, 1, 2].map((time) => ({
      time,
      open: 80_000,
      high: 81_900,
      low: 80_100,
      close: 81_000,
      volume: 1,
    }));
    const option = markLineOption(
      bars,
      {
        prices: [
          { id: 'long', price: 81_283.86, label: 'Long', tone: 'entry' },
          { id: 'short', price: 81_263.11, label: 'Short', tone: 'entry' },
          { id: 'tp', price: 81_527.71, label: 'TP', tone: 'profit' },
        ],
        moments: [],
      },
      colors,
    );
    const place = (id: string) =>
      (option.data as { name: string; label: { position: string } }[]).find((line) => line.name === id)?.label
        .position;
    expect(place('tp')).toBe('insideStartTop');
    expect(place('long')).toBe('insideStartTop');
    expect(place('short')).toBe('insideStartBottom');
  });
  it("draws the last price as one line at the last bar's close, tagged by the screen's text, only when asked", () => {
    const closes = fc.array(fc.double({ min: 0.0001, max: 1e6, noNaN: true }), { maxLength: 40 });
    fc.assert(
      fc.property(closes, fc.boolean(), (values, asked) => {
        const bars = values.map((close, index) => ({ ...bar(index * 60_000), close }));
        const marks = {
          prices: [{ id: 'p', price: 5, label: 'entry', tone: 'entry' as const }],
          moments: [],
          ...(asked ? { lastPrice: (price: number) => `last ${price}` } : {}),
        };
        const data = (markLineOption(bars, marks, colors).data ?? []) as Array<{
          name?: string;
          yAxis?: number;
          label?: { formatter?: string; position?: string };
        }>;
        const lines = data.filter((line) => line.name === LAST_PRICE_MARK);
        const last = values[values.length - 1];
        if (!asked || last === undefined) {
          expect(lines).toEqual([]);
          return;
        }
        expect(lines).toHaveLength(1);
        expect(lines[0]!.yAxis).toBe(last);
        expect(lines[0]!.label?.formatter).toBe(`last ${last}`);
        // On the price axis: never in one of the four places the marks' labels take.
        expect(lines[0]!.label?.position).toBe('end');
        // The screen's own marks are all still there.
        expect(data.filter((line) => line.name === 'p')).toHaveLength(1);
      }),
    );
  });
});
