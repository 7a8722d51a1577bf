import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LAYOUT,
  layoutKey,
  layoutOf,
  MAX_LAYOUTS,
  parseLayouts,
  withLayout,
  type ChartLayout,
} from '../../../../src/domain/chart-studies/chart-layouts.ts';
import {
  addDrawing,
  MAX_DRAWINGS,
  nextDrawingId,
  parseDrawing,
  pixelPrice,
  removeDrawing,
  type Drawing,
} from '../../../../src/domain/chart-studies/drawings.ts';
import {
  DEFAULT_STUDIES,
  normalizeStudies,
  STUDIES,
  toggleStudy,
} from '../../../../src/domain/chart-studies/studies.ts';

const study = fc.constantFrom(...STUDIES);
const price = fc.double({ min: 1e-6, max: 1e6, noNaN: true, noDefaultInfinity: true });
const point = fc.record({ time: fc.integer({ min: 0, max: 2 ** 45 }), price });
const id = fc.string({ minLength: 1, maxLength: 12 });
const drawing: fc.Arbitrary<Drawing> = fc.oneof(
  fc.record({ kind: fc.constant('level' as const), id, price }),
  fc.record({ kind: fc.constant('trend' as const), id, from: point, to: point }),
);
const layout: fc.Arbitrary<ChartLayout> = fc.record({
  studies: fc.uniqueArray(study).map(normalizeStudies),
  drawings: fc.array(drawing, { maxLength: 5 }),
});

describe('chart studies', () => {
  it("default to the spec's two moving averages and volume", () => {
    expect(DEFAULT_STUDIES).toEqual(['ma', 'volume']);
    expect(layoutOf({}, layoutKey('BTC/USDT', '5min')).studies).toEqual(['ma', 'volume']);
  });

  it('toggle one study on or off and leave the others, each once in the menu order', () => {
    fc.assert(
      fc.property(fc.array(study), study, fc.boolean(), (start, which, on) => {
        const out = toggleStudy(start, which, on);
        expect(out.includes(which)).toBe(on);
        for (const other of STUDIES)
          if (other !== which) expect(out.includes(other)).toBe(start.includes(other));
        expect(new Set(out).size).toBe(out.length);
        expect(out).toEqual(STUDIES.filter((s) => out.includes(s)));
      }),
    );
  });
});

describe('chart drawings', () => {
  it('read back exactly what was written', () => {
    fc.assert(
      fc.property(drawing, (d) => {
        expect(parseDrawing(JSON.parse(JSON.stringify(d)))).toEqual(d);
      }),
    );
  });

  it('refuse what is not a drawing: a bad price, time, kind or id', () => {
    const bad = [
      null,
      1,
      'level',
      { kind: 'level', id: 'a', price: 0 },
      { kind: 'level', id: 'a', price: -1 },
      { kind: 'level', id: 'a', price: '1' },
      { kind: 'level', id: '', price: 1 },
      { kind: 'level', price: 1 },
      { kind: 'circle', id: 'a', price: 1 },
      { kind: 'trend', id: 'a', from: { time: 1, price: 1 } },
      { kind: 'trend', id: 'a', from: { time: 1.5, price: 1 }, to: { time: 2, price: 1 } },
      { kind: 'trend', id: 'a', from: { time: -1, price: 1 }, to: { time: 2, price: 1 } },
      { kind: 'trend', id: 'a', from: { time: 1, price: 1 }, to: { time: 2, price: Number.NaN } },
    ];
    for (const value of bad) expect(parseDrawing(value)).toBeUndefined();
  });

  it('keep at most MAX_DRAWINGS, the newest, and remove by id', () => {
    fc.assert(
      fc.property(fc.array(drawing, { maxLength: 30 }), (all) => {
        let list: Drawing[] = [];
        for (const d of all) list = addDrawing(list, d);
        expect(list.length).toBeLessThanOrEqual(MAX_DRAWINGS);
        const last = all.at(-1);
        if (last) {
          expect(list.at(-1)).toEqual(last);
          expect(removeDrawing(list, last.id).some((d) => d.id === last.id)).toBe(false);
        }
        expect(new Set(list.map((d) => d.id)).size).toBe(list.length);
      }),
    );
  });
});

describe('chart layouts in local prefs', () => {
  it('keep each pair and period apart and survive a write and a read', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom('BTC/USDT', 'ETH/USDT'), fc.constantFrom('1min', '5min'), layout)),
        (writes) => {
          let layouts = {};
          for (const [symbol, period, value] of writes)
            layouts = withLayout(layouts, layoutKey(symbol, period), value);
          const read = parseLayouts(JSON.stringify(layouts));
          for (const symbol of ['BTC/USDT', 'ETH/USDT'])
            for (const period of ['1min', '5min']) {
              const written = writes.filter(([s, p]) => s === symbol && p === period).at(-1);
              expect(layoutOf(read, layoutKey(symbol, period))).toEqual(
                written ? written[2] : DEFAULT_LAYOUT,
              );
            }
        },
      ),
    );
  });

  it('keep at most MAX_LAYOUTS, forgetting the longest untouched', () => {
    let layouts = {};
    for (let i = 0; i < MAX_LAYOUTS + 5; i++) layouts = withLayout(layouts, `P${i}@5min`, DEFAULT_LAYOUT);
    expect(Object.keys(layouts)).toHaveLength(MAX_LAYOUTS);
    expect(Object.keys(layouts)[0]).toBe('P5@5min');
  });

  it('read anything stored that is not a layout as the default, without throwing', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), (text) => {
        const read = parseLayouts(text);
        const value = layoutOf(read, 'BTC/USDT@5min');
        expect(value.studies.every((s) => (STUDIES as readonly string[]).includes(s))).toBe(true);
      }),
    );
    expect(parseLayouts(null)).toEqual({});
    expect(
      parseLayouts('{"BTC/USDT@5min":{"studies":["rsi","nope","rsi"],"drawings":[{"kind":"x"}]}}'),
    ).toEqual({
      'BTC/USDT@5min': { studies: ['rsi'], drawings: [] },
    });
  });
});

describe('a new drawing', () => {
  it('gets an id no other drawing has', () => {
    fc.assert(
      fc.property(fc.array(drawing, { maxLength: 10 }), (list) => {
        const id = nextDrawingId(list);
        expect(list.some((d) => d.id === id)).toBe(false);
        expect(nextDrawingId([])).toBe('d1');
      }),
    );
  });

  it('stands at six significant digits of the pixel it was placed at, and never at a price of 0 or less', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: false }), (value) => {
        const price = pixelPrice(value);
        if (!(value > 0) || !Number.isFinite(value)) expect(price).toBeUndefined();
        else expect(price).toBe(Number(value.toPrecision(6)));
      }),
    );
  });
});
