import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareDecimal } from '../../../src/domain/format.ts';
import {
  ariaSort,
  compareBy,
  filterRows,
  firstDirection,
  matchesSearch,
  quoteVolumeOf,
  SORT_KEYS,
  sortRows,
  toggleSort,
  type SortableRow,
  type SortState,
} from '../../../src/domain/market-sort.ts';

const amount = fc
  .tuple(fc.integer({ min: -99_999, max: 999_999 }), fc.integer({ min: 0, max: 9999 }))
  .map(([int, frac]) => `${int}.${String(frac).padStart(4, '0')}`);
const code = fc.stringMatching(/^[A-Z]{2,5}$/);
const row = fc.record({
  base: code,
  quote: fc.constantFrom('USDT', 'BTC', 'ETH'),
  close: amount,
  change: amount,
  high: amount,
  low: amount,
  volume: amount,
  quoteVolume: amount,
});
const rows = fc
  .array(row, { maxLength: 40 })
  .map((list) => list.map((r, index) => ({ ...r, id: index, symbol: `${r.base}/${r.quote}` })));
const sortKey = fc.constantFrom(...SORT_KEYS);
const sortState = fc.record({ key: sortKey, direction: fc.constantFrom('asc' as const, 'desc' as const) });

const FIELD = { price: 'close', change: 'change', high: 'high', low: 'low', volume: 'quoteVolume' } as const;

describe('24 h volume (issue 11: DOGE ranked above BTC)', () => {
  const quoteRow = (symbol: string, close: string, volume: string, quoteVolume = '') => ({
    symbol,
    close,
    change: '0',
    high: close,
    low: close,
    volume,
    quoteVolume,
  });

  it('ranks by quote volume, not by base units', () => {
    const rows = [
      quoteRow('DOGE/USDT', '0.12', '50000000', '6000000'),
      quoteRow('BTC/USDT', '60000', '1200', '72000000'),
    ];
    expect(sortRows(rows, { key: 'volume', direction: 'desc' }).map((r) => r.symbol)).toEqual([
      'BTC/USDT',
      'DOGE/USDT',
    ]);
  });

  it('without the server figure, estimates it as base volume x last price, exactly', () => {
    expect(quoteVolumeOf(quoteRow('BTC/USDT', '60000.5', '1.25'))).toBe('75000.625');
    expect(quoteVolumeOf(quoteRow('X/USDT', 'n/a', '1'))).toBe('0');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 6 }), fc.integer({ min: 0, max: 10 ** 6 }), (v, p) => {
        const estimate = quoteVolumeOf(quoteRow('X/USDT', (p / 100).toFixed(2), (v / 100).toFixed(2)));
        // Cents times cents: the product has 4 places, exact in the estimate's 8.
        expect(Math.round(Number(estimate) * 10_000)).toBe(v * p);
      }),
    );
  });
});

describe('sortRows', () => {
  it('returns a permutation of the rows', () => {
    fc.assert(
      fc.property(rows, sortState, (list, sort) => {
        const sorted = sortRows(list, sort);
        expect(sorted).toHaveLength(list.length);
        expect([...sorted].sort((a, b) => a.id - b.id)).toEqual(list);
      }),
    );
  });

  it('orders every neighbour by the column, in the chosen direction, ties by symbol', () => {
    fc.assert(
      fc.property(rows, sortState, (list, sort) => {
        const sorted = sortRows(list, sort);
        for (let i = 1; i < sorted.length; i += 1) {
          const a = sorted[i - 1] as SortableRow;
          const b = sorted[i] as SortableRow;
          const order = compareBy(sort.key, a, b);
          if (sort.direction === 'asc') expect(order).toBeLessThanOrEqual(0);
          else expect(order).toBeGreaterThanOrEqual(0);
          if (order === 0) expect(compareBy('pair', a, b)).toBeLessThanOrEqual(0);
        }
      }),
    );
  });

  it('compares numbers as numbers, not as text', () => {
    fc.assert(
      fc.property(rows, sortKey, (list, key) => {
        fc.pre(key !== 'pair');
        const field = FIELD[key as keyof typeof FIELD];
        const sorted = sortRows(list, { key, direction: 'asc' });
        for (let i = 1; i < sorted.length; i += 1) {
          expect(compareDecimal(sorted[i - 1]?.[field], sorted[i]?.[field])).toBeLessThanOrEqual(0);
        }
      }),
    );
    const list = [
      { symbol: 'A/USDT', close: '9.5', change: '0', high: '0', low: '0', volume: '0', quoteVolume: '' },
      { symbol: 'B/USDT', close: '10', change: '0', high: '0', low: '0', volume: '0', quoteVolume: '' },
      { symbol: 'C/USDT', close: '-20', change: '0', high: '0', low: '0', volume: '0', quoteVolume: '' },
    ];
    expect(sortRows(list, { key: 'price', direction: 'asc' }).map((r) => r.symbol)).toEqual([
      'C/USDT',
      'A/USDT',
      'B/USDT',
    ]);
  });

  it('descending is ascending reversed when the column has no ties', () => {
    fc.assert(
      fc.property(rows, sortKey, (list, key) => {
        const distinct = list.filter(
          (r, i) => list.findIndex((other) => compareBy(key, r, other) === 0) === i,
        );
        const asc = sortRows(distinct, { key, direction: 'asc' });
        const desc = sortRows(distinct, { key, direction: 'desc' });
        expect(desc).toEqual([...asc].reverse());
      }),
    );
  });

  it('keeps the server order when nothing is sorted, without touching the input', () => {
    fc.assert(
      fc.property(rows, (list) => {
        const copy = [...list];
        expect(sortRows(list, null)).toEqual(list);
        sortRows(list, { key: 'change', direction: 'desc' });
        expect(list).toEqual(copy);
      }),
    );
  });
});

describe('toggleSort and ariaSort', () => {
  it('a click on a new column starts it in its first direction', () => {
    fc.assert(
      fc.property(fc.option(sortState, { nil: null }), sortKey, (current, key) => {
        fc.pre(current === null || current.key !== key);
        expect(toggleSort(current, key)).toEqual({ key, direction: firstDirection(key) });
      }),
    );
    expect(firstDirection('pair')).toBe('asc');
    expect(firstDirection('change')).toBe('desc');
  });

  it('a second click on the same column flips it, a third flips it back', () => {
    fc.assert(
      fc.property(fc.option(sortState, { nil: null }), sortKey, (current, key) => {
        const once = toggleSort(current, key);
        const twice = toggleSort(once, key);
        const thrice = toggleSort(twice, key);
        expect(twice.key).toBe(key);
        expect(twice.direction).not.toBe(once.direction);
        expect(thrice).toEqual(once);
      }),
    );
  });

  it('aria-sort names the sorted column only', () => {
    fc.assert(
      fc.property(fc.option(sortState, { nil: null }), sortKey, (current: SortState | null, key) => {
        const value = ariaSort(current, key);
        if (current === null || current.key !== key) expect(value).toBe('none');
        else expect(value).toBe(current.direction === 'asc' ? 'ascending' : 'descending');
      }),
    );
  });
});

describe('search', () => {
  it('an empty query matches everything', () => {
    fc.assert(
      fc.property(rows, fc.constantFrom('', ' ', '  /  '), (list, query) => {
        expect(filterRows(list, query)).toEqual(list);
      }),
    );
  });

  it('a pair matches its own symbol, its base and its quote, in any case and spelling', () => {
    fc.assert(
      fc.property(row, (r) => {
        const pair = { symbol: `${r.base}/${r.quote}` };
        for (const query of [
          pair.symbol,
          pair.symbol.toLowerCase(),
          `${r.base}${r.quote}`,
          r.base,
          ` ${r.quote.toLowerCase()} `,
          `${r.base} ${r.quote}`,
        ]) {
          expect(matchesSearch(pair, query)).toBe(true);
        }
      }),
    );
  });

  it('a query that is not in the symbol does not match', () => {
    expect(matchesSearch({ symbol: 'BTC/USDT' }, 'eth')).toBe(false);
    expect(matchesSearch({ symbol: 'BTC/USDT' }, 'btc eth')).toBe(false);
    fc.assert(
      fc.property(row, fc.stringMatching(/^[A-Z]{6}$/), (r, query) => {
        const symbol = `${r.base}/${r.quote}`;
        fc.pre(!symbol.replace('/', '').includes(query));
        expect(matchesSearch({ symbol }, query)).toBe(false);
      }),
    );
  });

  it('filtering keeps the order and only matching rows', () => {
    fc.assert(
      fc.property(rows, fc.stringMatching(/^[A-Za-z]{0,3}$/), (list, query) => {
        const kept = filterRows(list, query);
        expect(kept.every((r) => matchesSearch(r, query))).toBe(true);
        expect(list.filter((r) => matchesSearch(r, query))).toEqual(kept);
      }),
    );
  });
});
