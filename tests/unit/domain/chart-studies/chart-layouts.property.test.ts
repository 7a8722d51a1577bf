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
  isStudy,
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

  it('are the menu’s studies and nothing else', () => {
    for (const name of STUDIES) expect(isStudy(name)).toBe(true);
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.integer(), fc.constant(null)), (value) => {
        expect(isStudy(value)).toBe((STUDIES as readonly unknown[]).includes(value));
      }),
    );
    for (const value of ['', 'MA', 'ma ', 'bollinger', ['ma'], { ma: true }])
      expect(isStudy(value)).toBe(false);
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
      { kind: 'level', id: 'a', price: Number.POSITIVE_INFINITY },
      { kind: 'level', id: 'x'.repeat(41), price: 1 },
      { kind: 'circle', id: 'a', from: { time: 1, price: 1 }, to: { time: 2, price: 1 } },
      { kind: 'trend', id: 'a', from: null, to: { time: 2, price: 1 } },
      { kind: 'level', id: '', price: 1 },
      { kind: 'level', price: 1 },
      { kind: 'circle', id: 'a', price: 1 },
      { kind: 'trend', id: 'a', from: { time: 1, price: 1 } },
      { kind: 'trend', id: 'a', from: { time: 1.5, price: 1 }, to: { time: 2, price: 1 } },
      { kind: 'trend', id: 'a', from: { time: -1, price: 1 }, to: { time: 2, price: 1 } },
      { kind: 'trend', id: 'a', from: { time: 1, price: 1 }, to: { time: 2, price: Number.NaN } },
    ];
    for (const value of bad) expect(parseDrawing(value)).toBeUndefined();
    // At the edges: an id of 40 characters, a point at time 0.
    expect(parseDrawing({ kind: 'level', id: 'x'.repeat(40), price: 1 })).toBeDefined();
    const fromZero = { kind: 'trend', id: 'a', from: { time: 0, price: 1 }, to: { time: 2, price: 1 } };
    expect(parseDrawing(fromZero)).toEqual(fromZero);
  });

  it('move one drawn again (the same id) to the newest end, as it is now, and remove only the one named', () => {
    const a: Drawing = { kind: 'level', id: 'd1', price: 10 };
    const b: Drawing = { kind: 'level', id: 'd2', price: 20 };
    const moved: Drawing = { kind: 'level', id: 'd1', price: 15 };
    expect(addDrawing(addDrawing(addDrawing([], a), b), moved)).toEqual([b, moved]);
    expect(removeDrawing([a, b], 'd1')).toEqual([b]);
    expect(removeDrawing([a, b], 'd3')).toEqual([a, b]);
  });

  it('keep at most MAX_DRAWINGS, the newest, and remove by id', () => {
    fc.assert(
      // size 'max': past MAX_DRAWINGS (fast-check's arrays are otherwise ten long at most).
      fc.property(fc.array(drawing, { maxLength: 30, size: 'max' }), (all) => {
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
    // Setting one up again forgets none and makes it the newest: the next new one forgets the oldest.
    const rsi: ChartLayout = { studies: ['rsi'], drawings: [] };
    layouts = withLayout(layouts, 'P20@5min', rsi);
    expect(Object.keys(layouts)).toHaveLength(MAX_LAYOUTS);
    expect(Object.keys(layouts).slice(0, 1)).toEqual(['P5@5min']);
    layouts = withLayout(layouts, 'Q@5min', DEFAULT_LAYOUT);
    expect(Object.keys(layouts).slice(0, 1)).toEqual(['P6@5min']);
    expect(Object.keys(layouts).slice(-2)).toEqual(['P20@5min', 'Q@5min']);
    expect(layoutOf(layouts, 'P20@5min')).toEqual(rsi);
  });

  it('read back at most MAX_LAYOUTS, the newest, and at most MAX_DRAWINGS drawings each, the newest', () => {
    const drawings = Array.from({ length: MAX_DRAWINGS + 5 }, (_, i) => ({
      kind: 'level',
      id: `d${i + 1}`,
      price: i + 1,
    }));
    const stored = Object.fromEntries(
      Array.from({ length: MAX_LAYOUTS + 3 }, (_, i) => [`P${i}@5min`, { studies: ['ma'], drawings }]),
    );
    const read = parseLayouts(JSON.stringify(stored));
    expect(Object.keys(read)).toEqual(Object.keys(stored).slice(-MAX_LAYOUTS));
    expect(read['P3@5min']?.drawings.map((d) => d.id)).toEqual(
      drawings.slice(-MAX_DRAWINGS).map((d) => d.id),
    );
  });

  it('drop each stored entry that is not a layout, and keep the others', () => {
    const text = JSON.stringify({
      'A@5min': { drawings: [] },
      'B@5min': { studies: ['rsi'] },
      'C@5min': 'ma',
      'D@5min': { studies: ['ema'], drawings: 'none' },
    });
    const read = parseLayouts(text);
    expect(Object.keys(read)).toEqual(['B@5min', 'D@5min']);
    expect(read['B@5min']).toEqual({ studies: ['rsi'], drawings: [] });
    expect(read['D@5min']).toEqual({ studies: ['ema'], drawings: [] });
    // What is not an object of layouts at all reads as none.
    for (const whole of ['null', '5', '"ma"', '[{"studies":["rsi"],"drawings":[]}]', '{oops'])
      expect(parseLayouts(whole)).toEqual({});
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
    const level = (id: string): Drawing => ({ kind: 'level', id, price: 1 });
    expect(nextDrawingId([level('d1'), level('d2')])).toBe('d3');
    expect(nextDrawingId([level('d2'), level('x')])).toBe('d1');
    expect(nextDrawingId([level('d1'), level('d3')])).toBe('d2');
  });

  it('stands at six significant digits of the pixel it was placed at, and never at a price of 0 or less', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: false }), (value) => {
        const price = pixelPrice(value);
        if (!(value > 0) || !Number.isFinite(value)) expect(price).toBeUndefined();
        else expect(price).toBe(Number(value.toPrecision(6)));
      }),
    );
    for (const value of [0, -0, -1, Number.NaN]) expect(pixelPrice(value)).toBeUndefined();
  });
});
