import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WAY_BUY, WAY_SELL, type Way } from '../../../src/domain/contract-codes.ts';
import { numberTextFor } from '../../../src/domain/number-locale.ts';
import type { OwnOrder } from '../../../src/machines/spot-orders.machine.ts';
import { NO_MARKS } from '../../../src/views/pages/trade/chart-marks.ts';
import { SPOT_MARKED_ORDERS, spotOrderMarks } from '../../../src/views/pages/trade/spot-order-marks.ts';

const WORDS = { buy: 'Buy', sell: 'Sell' };

describe('spot chart lines of the open orders', () => {
  it('draws each open order at its price, named by its side, in the reader’s numbers', () => {
    const own = new Map<number, OwnOrder>([
      [3, { price: '61234.5678', way: WAY_BUY }],
      [9, { price: '62000', way: WAY_SELL }],
    ]);
    expect(spotOrderMarks(own, 2, WORDS, numberTextFor('gm')).prices).toEqual([
      { id: 'spot-9', price: 62000, label: 'Sell 62.000,00', tone: 'loss' },
      { id: 'spot-3', price: 61234.56, label: 'Buy 61.234,56', tone: 'profit' },
    ]);
    expect(spotOrderMarks(new Map(), 2, WORDS, numberTextFor('en'))).toBe(NO_MARKS);
  });

  it('draws the newest SPOT_MARKED_ORDERS orders only', () => {
    const order = fc.record({
      id: fc.integer({ min: 1, max: 10_000 }),
      way: fc.constantFrom<Way>(WAY_BUY, WAY_SELL),
    });
    fc.assert(
      fc.property(fc.uniqueArray(order, { selector: (each) => each.id, maxLength: 30 }), (orders) => {
        const own = new Map(orders.map(({ id, way }) => [id, { price: String(id), way }] as const));
        const ids = spotOrderMarks(own, 2, WORDS, numberTextFor('en')).prices.map((mark) => mark.id);
        const newest = orders
          .map(({ id }) => id)
          .sort((a, b) => b - a)
          .slice(0, SPOT_MARKED_ORDERS);
        expect(ids).toEqual(newest.map((id) => `spot-${id}`));
      }),
    );
  });
});
