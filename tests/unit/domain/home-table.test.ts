import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareDecimal } from '../../../src/domain/format.ts';
import {
  FOOTER_CATEGORIES,
  footerTitles,
  HOME_BASE_COINS,
  HOME_QUOTE,
  marketBreadth,
  selectGainers,
  selectHomeRows,
  selectLosers,
} from '../../../src/domain/home-table.ts';

const change = fc
  .tuple(fc.integer({ min: -50, max: 50 }), fc.integer({ min: 0, max: 99 }))
  .map(([int, frac]) => `${int}.${String(frac).padStart(2, '0')}`);
const base = fc.constantFrom(...HOME_BASE_COINS, 'SOL', 'XRP', 'btc', 'eth', 'BIBX');
const quote = fc.constantFrom('USDT', 'BTC', 'ETH', 'usdt');
const pairs = fc
  .array(fc.record({ base, quote, change }), { maxLength: 30 })
  .map((list) => list.map((r, id) => ({ ...r, id, symbol: `${r.base}/${r.quote}` })));

const homeCoins: readonly string[] = HOME_BASE_COINS;

describe('selectHomeRows (spec §9)', () => {
  it('keeps exactly the five home coins against USDT', () => {
    fc.assert(
      fc.property(pairs, (list) => {
        const selected = selectHomeRows(list);
        const expected = list.filter(
          (r) => r.quote.toUpperCase() === HOME_QUOTE && homeCoins.includes(r.base.toUpperCase()),
        );
        expect([...selected].sort((a, b) => a.id - b.id)).toEqual(expected);
      }),
    );
  });

  it('sorts by change, largest first, equal changes in the spec coin order', () => {
    fc.assert(
      fc.property(pairs, (list) => {
        const selected = selectHomeRows(list);
        for (let i = 1; i < selected.length; i += 1) {
          const a = selected[i - 1];
          const b = selected[i];
          if (a === undefined || b === undefined) continue;
          const order = compareDecimal(a.change, b.change);
          expect(order).toBeGreaterThanOrEqual(0);
          if (order === 0) {
            expect(homeCoins.indexOf(a.base.toUpperCase())).toBeLessThanOrEqual(
              homeCoins.indexOf(b.base.toUpperCase()),
            );
          }
        }
      }),
    );
  });

  it('ranks a concrete table', () => {
    const table = [
      { base: 'BTC', quote: 'USDT', symbol: 'BTC/USDT', change: '1.5' },
      { base: 'ETH', quote: 'USDT', symbol: 'ETH/USDT', change: '-0.2' },
      { base: 'SOL', quote: 'USDT', symbol: 'SOL/USDT', change: '9' },
      { base: 'DOT', quote: 'USDT', symbol: 'DOT/USDT', change: '12.25' },
      { base: 'BTC', quote: 'ETH', symbol: 'BTC/ETH', change: '30' },
      { base: 'BIB', quote: 'USDT', symbol: 'BIB/USDT', change: '1.50' },
      { base: 'TRX', quote: 'USDT', symbol: 'TRX/USDT', change: '10' },
    ];
    expect(selectHomeRows(table).map((r) => r.symbol)).toEqual([
      'DOT/USDT',
      'TRX/USDT',
      'BTC/USDT',
      'BIB/USDT',
      'ETH/USDT',
    ]);
  });
});

describe('gainers and losers', () => {
  it('take the largest (smallest) changes, at most `limit`, in order', () => {
    fc.assert(
      fc.property(pairs, fc.integer({ min: 0, max: 10 }), (list, limit) => {
        const gainers = selectGainers(list, limit);
        const losers = selectLosers(list, limit);
        const up = list.filter((r) => compareDecimal(r.change, 0) > 0);
        const down = list.filter((r) => compareDecimal(r.change, 0) < 0);
        expect(gainers).toHaveLength(Math.min(limit, up.length));
        expect(losers).toHaveLength(Math.min(limit, down.length));
        // A gainers list holds pairs that are up only, a losers list pairs that are down only.
        for (const r of gainers) expect(compareDecimal(r.change, 0)).toBe(1);
        for (const r of losers) expect(compareDecimal(r.change, 0)).toBe(-1);
        const lastGain = gainers.at(-1);
        const lastLoss = losers.at(-1);
        for (const r of up) {
          if (!gainers.includes(r) && lastGain)
            expect(compareDecimal(r.change, lastGain.change)).toBeLessThanOrEqual(0);
        }
        for (const r of down) {
          if (!losers.includes(r) && lastLoss)
            expect(compareDecimal(r.change, lastLoss.change)).toBeGreaterThanOrEqual(0);
        }
        for (let i = 1; i < gainers.length; i += 1) {
          expect(compareDecimal(gainers[i - 1]?.change, gainers[i]?.change)).toBeGreaterThanOrEqual(0);
        }
        for (let i = 1; i < losers.length; i += 1) {
          expect(compareDecimal(losers[i - 1]?.change, losers[i]?.change)).toBeLessThanOrEqual(0);
        }
      }),
    );
  });
});

describe('gainers and losers when few pairs move', () => {
  const rows = [
    { id: 1, base: 'BTC', quote: 'USDT', symbol: 'BTC/USDT', change: '2.50' },
    { id: 2, base: 'ETH', quote: 'USDT', symbol: 'ETH/USDT', change: '-1.20' },
    { id: 3, base: 'TRX', quote: 'USDT', symbol: 'TRX/USDT', change: '0.00' },
    { id: 4, base: 'DOT', quote: 'USDT', symbol: 'DOT/USDT', change: '0.30' },
  ];

  it('lists only the pair that is down among the losers, never one that is up or flat', () => {
    expect(selectLosers(rows, 3).map((r) => r.symbol)).toEqual(['ETH/USDT']);
  });

  it('lists only pairs that are up among the gainers', () => {
    expect(selectGainers(rows, 3).map((r) => r.symbol)).toEqual(['BTC/USDT', 'DOT/USDT']);
  });

  it('is empty when nothing is down (or up)', () => {
    const allUp = rows.filter((r) => r.change !== '-1.20' && r.change !== '0.00');
    expect(selectLosers(allUp, 3)).toEqual([]);
    expect(selectGainers([rows[1]!, rows[2]!], 3)).toEqual([]);
  });
});

describe('marketBreadth', () => {
  it('counts every market once', () => {
    fc.assert(
      fc.property(pairs, (list) => {
        const { up, down, flat } = marketBreadth(list);
        expect(up + down + flat).toBe(list.length);
        expect(up).toBe(list.filter((r) => compareDecimal(r.change, 0) > 0).length);
        expect(down).toBe(list.filter((r) => compareDecimal(r.change, 0) < 0).length);
      }),
    );
  });
});

describe('footer', () => {
  it('lists categories 5, 4 and 6 and the first 3 titles of each', () => {
    expect(FOOTER_CATEGORIES).toEqual([5, 4, 6]);
    fc.assert(
      fc.property(fc.array(fc.integer()), (items) => {
        expect(footerTitles(items)).toEqual(items.slice(0, 3));
      }),
    );
  });
});
