import { describe, expect, it } from 'vitest';
import { marketBreadth, selectGainers, selectLosers } from '../../../src/domain/home-table.ts';
import { SEARCH_MAX_LENGTH, showsSearchCounter } from '../../../src/domain/market-sort.ts';
import { orderTotal } from '../../../src/domain/spot/order-total.ts';
import {
  choosePair,
  parseFavourites,
  serializeFavourites,
  toggleFavourite,
} from '../../../src/domain/spot/pair-list.ts';
import { lotsOf, ticksOf } from '../../../src/domain/spot/settlement.ts';

const quote = (symbol: string, change: string) => {
  const [base = '', quoteCode = ''] = symbol.split('/');
  return { base, quote: quoteCode, symbol, change };
};

describe('home table', () => {
  it('counts markets up, down, and unchanged or unreadable', () => {
    const rows = ['1.5', '0.01', '-2', '0', '0.00', 'abc', ''].map((change) => ({ change }));
    expect(marketBreadth(rows)).toEqual({ up: 2, down: 1, flat: 4 });
    expect(marketBreadth([])).toEqual({ up: 0, down: 0, flat: 0 });
  });

  it('orders equal gains and losses by symbol', () => {
    const gainers = [quote('C/USDT', '5'), quote('A/USDT', '5'), quote('B/USDT', '5'), quote('A/USDT', '5')];
    expect(selectGainers(gainers).map((row) => row.symbol)).toEqual(['A/USDT', 'A/USDT', 'B/USDT', 'C/USDT']);
    const losers = [quote('B/USDT', '-5'), quote('C/USDT', '-5'), quote('A/USDT', '-5')];
    expect(selectLosers(losers).map((row) => row.symbol)).toEqual(['A/USDT', 'B/USDT', 'C/USDT']);
  });

  it('leaves an unreadable change out of both gainers and losers', () => {
    const rows = [quote('A/USDT', 'abc'), quote('B/USDT', '-x'), quote('C/USDT', '1')];
    expect(selectGainers(rows).map((row) => row.symbol)).toEqual(['C/USDT']);
    expect(selectLosers(rows)).toEqual([]);
  });
});

describe('search counter', () => {
  it('shows from 10 characters short of the cap', () => {
    expect(SEARCH_MAX_LENGTH).toBe(40);
    expect(showsSearchCounter('')).toBe(false);
    expect(showsSearchCounter('a'.repeat(SEARCH_MAX_LENGTH - 11))).toBe(false);
    expect(showsSearchCounter('a'.repeat(SEARCH_MAX_LENGTH - 10))).toBe(true);
    expect(showsSearchCounter('a'.repeat(SEARCH_MAX_LENGTH))).toBe(true);
  });
});

describe('order total', () => {
  it('is empty when a factor is missing or not above zero', () => {
    for (const [price, quantity] of [
      ['', '2'],
      ['2', ''],
      ['x', '2'],
      ['0', '2'],
      ['2', '0'],
      ['-1', '2'],
      ['2', '-1'],
      ['-1', '-1'],
    ] as const) {
      expect(orderTotal(price, quantity), `${price} x ${quantity}`).toBe('');
    }
  });

  it('is the exact product otherwise', () => {
    expect(orderTotal('0.5', '4')).toBe('2');
    expect(orderTotal('0.001', '2.909')).toBe('0.002909');
  });
});

describe('pair list', () => {
  it('stars an unstarred pair and unstars a starred one', () => {
    expect([...toggleFavourite(new Set([1]), 1)]).toEqual([]);
    expect([...toggleFavourite(new Set([1]), 2)].sort((a, b) => a - b)).toEqual([1, 2]);
  });

  it('reads stored favourites with spaces around the ids', () => {
    expect([...parseFavourites(' 3 , 1 ')].sort((a, b) => a - b)).toEqual([1, 3]);
    expect([...parseFavourites(null)]).toEqual([]);
    expect([...parseFavourites(undefined)]).toEqual([]);
  });

  it('stores favourites in numeric order', () => {
    expect(serializeFavourites(new Set([10, 2, 1]))).toBe('1,2,10');
    expect(serializeFavourites(new Set([64, 5, 1]))).toBe('1,5,64');
  });

  it('finds the requested symbol trimmed and in any case', () => {
    const rows = [
      { id: 1, symbol: 'ETH/USDT', quote: 'USDT', openChange: true },
      { id: 2, symbol: 'BTC/USDT', quote: 'USDT', openChange: true },
    ];
    expect(choosePair(rows, { symbol: ' btc/usdt ', id: null, stored: null })?.id).toBe(2);
    expect(choosePair(rows, { symbol: null, id: null, stored: ' btc/usdt' })?.id).toBe(2);
  });
});

describe('settlement parsing', () => {
  const grid = { priceDecimals: 2, lotDecimals: 4 };

  it('reads nothing from a quantity or price that does not parse', () => {
    expect(lotsOf('abc', grid)).toBeNull();
    expect(lotsOf('', grid)).toBeNull();
    expect(ticksOf('abc', grid)).toBeNull();
    expect(ticksOf('', grid)).toBeNull();
  });

  it('reads quantities and prices on the grid, and refuses finer ones', () => {
    expect(lotsOf('1.5', grid)).toBe(15_000n);
    expect(lotsOf('1.00001', grid)).toBeNull();
    expect(ticksOf('12.34', grid)).toBe(1234n);
    expect(ticksOf('12.345', grid)).toBeNull();
  });
});
