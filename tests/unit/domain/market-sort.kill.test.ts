import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareBy, sortRows, type SortableRow } from '../../../src/domain/market-sort.ts';

const row = (symbol: string, close = '1'): SortableRow => ({
  symbol,
  close,
  change: '0',
  high: '0',
  low: '0',
  volume: '0',
  quoteVolume: '',
});
const symbols = (rows: SortableRow[]) => rows.map((r) => r.symbol);

describe('sorting by pair', () => {
  it('ignores case first, then puts upper case first for names that differ only in case', () => {
    // Case-insensitively ABC < BTC, although "a" sorts after "B" in code units.
    expect(compareBy('pair', row('abc/usdt'), row('BTC/USDT'))).toBe(-1);
    expect(compareBy('pair', row('BTC/USDT'), row('abc/usdt'))).toBe(1);
    expect(compareBy('pair', row('BTC/USDT'), row('btc/usdt'))).toBe(-1);
    expect(compareBy('pair', row('btc/usdt'), row('BTC/USDT'))).toBe(1);
    expect(compareBy('pair', row('BTC/USDT'), row('BTC/USDT'))).toBe(0);
  });

  it('descending is Z-A', () => {
    const rows = [row('ETH/USDT'), row('BTC/USDT'), row('XRP/USDT')];
    expect(symbols(sortRows(rows, { key: 'pair', direction: 'desc' }))).toEqual([
      'XRP/USDT',
      'ETH/USDT',
      'BTC/USDT',
    ]);
    expect(symbols(sortRows(rows, { key: 'pair', direction: 'asc' }))).toEqual([
      'BTC/USDT',
      'ETH/USDT',
      'XRP/USDT',
    ]);
  });
});

describe('equal values keep a fixed order, by symbol A-Z, in both directions', () => {
  it('for any rows with equal prices', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.string({ unit: fc.constantFrom(...'ABCDEFGH'.split('')), minLength: 1, maxLength: 4 }),
          {
            minLength: 2,
            maxLength: 8,
          },
        ),
        fc.constantFrom('asc' as const, 'desc' as const),
        (names, direction) => {
          const rows = names.map((name) => row(`${name}/USDT`, '5'));
          const sorted = symbols(sortRows(rows, { key: 'price', direction }));
          expect(sorted).toEqual([...sorted].sort());
        },
      ),
    );
  });

  it('and a different value still decides first', () => {
    const rows = [row('AAA/USDT', '1'), row('BBB/USDT', '2'), row('CCC/USDT', '1')];
    expect(symbols(sortRows(rows, { key: 'price', direction: 'desc' }))).toEqual([
      'BBB/USDT',
      'AAA/USDT',
      'CCC/USDT',
    ]);
  });
});
