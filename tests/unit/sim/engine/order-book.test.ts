import { describe, expect, it } from 'vitest';
import { BUY, OrderBook, SELL, type Side } from '../../../../src/sim/engine/order-book';
import type { Fill } from './reference-book';

function bookWithLog(capacity?: number): { book: OrderBook; fills: Fill[] } {
  const fills: Fill[] = [];
  const book = new OrderBook({ capacity, onFill: (...fill) => void fills.push(fill) });
  return { book, fills };
}

describe('OrderBook', () => {
  it('starts empty: NaN touch, no depth, nothing resting', () => {
    const book = new OrderBook();
    expect(book.bestBid()).toBeNaN();
    expect(book.bestAsk()).toBeNaN();
    expect(book.depth(BUY, 5, [], [])).toBe(0);
    expect(book.restingCount()).toBe(0);
    expect(book.orders(SELL)).toEqual([]);
  });

  it('rests non-crossing limits and reports the touch', () => {
    const book = new OrderBook();
    expect(book.limit(1, 10, BUY, 99, 5)).toBe(5);
    expect(book.limit(2, 11, BUY, 100, 3)).toBe(3);
    expect(book.limit(3, 12, SELL, 102, 4)).toBe(4);
    expect(book.bestBid()).toBe(100);
    expect(book.bestAsk()).toBe(102);
    expect(book.remaining(1)).toBe(5);
    expect(book.has(3)).toBe(true);
    expect(book.restingCount()).toBe(3);
  });

  it('fills a crossing limit at the makers’ prices, oldest first, and rests the remainder', () => {
    const { book, fills } = bookWithLog();
    book.limit(1, 10, SELL, 101, 2);
    book.limit(2, 11, SELL, 100, 3);
    book.limit(3, 12, SELL, 100, 4);
    expect(book.limit(9, 20, BUY, 101, 12)).toBe(3);
    expect(fills).toEqual([
      [2, 9, 100, 3, 11, 20, BUY],
      [3, 9, 100, 4, 12, 20, BUY],
      [1, 9, 101, 2, 10, 20, BUY],
    ]);
    expect(book.orders(BUY)).toEqual([{ id: 9, owner: 20, price: 101, lots: 3 }]);
    expect(book.bestAsk()).toBeNaN();
  });

  it('partially fills the head maker and keeps its queue position', () => {
    const { book, fills } = bookWithLog();
    book.limit(1, 10, BUY, 50, 10);
    book.limit(2, 11, BUY, 50, 10);
    expect(book.limit(3, 12, SELL, 50, 4)).toBe(0);
    expect(fills).toEqual([[1, 3, 50, 4, 10, 12, SELL]]);
    expect(book.orders(BUY).map((o) => [o.id, o.lots])).toEqual([
      [1, 6],
      [2, 10],
    ]);
  });

  it('sweeps levels with a market order, never rests it, and reports what is left', () => {
    const { book, fills } = bookWithLog();
    book.limit(1, 10, SELL, 100, 2);
    book.limit(2, 10, SELL, 105, 2);
    book.limit(3, 10, SELL, 110, 2);
    expect(book.market(4, 20, BUY, 10)).toBe(4);
    expect(fills.map(([maker, , price, lots]) => [maker, price, lots])).toEqual([
      [1, 100, 2],
      [2, 105, 2],
      [3, 110, 2],
    ]);
    expect(book.has(4)).toBe(false);
    expect(book.restingCount()).toBe(0);
    expect(book.market(5, 20, SELL, 3)).toBe(3); // no bids at all
  });

  it('cancels anywhere in a queue in place, and a second cancel is a no-op', () => {
    const book = new OrderBook();
    for (let id = 1; id <= 5; id++) book.limit(id, id, SELL, 200, id);
    expect(book.cancel(3)).toBe(3);
    expect(book.cancel(3)).toBe(0);
    expect(book.cancel(1)).toBe(1);
    expect(book.cancel(5)).toBe(5);
    expect(book.orders(SELL).map((o) => o.id)).toEqual([2, 4]);
    const prices: number[] = [];
    const lots: number[] = [];
    expect(book.depth(SELL, 10, prices, lots)).toBe(1);
    expect([prices, lots]).toEqual([[200], [6]]);
    book.cancel(2);
    book.cancel(4);
    expect(book.bestAsk()).toBeNaN();
  });

  it('reports aggregated depth best first and respects a typed array’s length', () => {
    const book = new OrderBook();
    book.limit(1, 1, BUY, 10, 1);
    book.limit(2, 1, BUY, 12, 2);
    book.limit(3, 1, BUY, 12, 3);
    book.limit(4, 1, BUY, 11, 4);
    const prices = new Float64Array(2);
    const lots = new Float64Array(2);
    expect(book.depth(BUY, 10, prices, lots)).toBe(2);
    expect([...prices, ...lots]).toEqual([12, 11, 5, 4]);
  });

  it('lets the fill listener read the maker’s state after the fill', () => {
    const seen: [number, number, boolean][] = [];
    const book = new OrderBook();
    book.setFillListener((makerId) => seen.push([makerId, book.remaining(makerId), book.has(makerId)]));
    book.limit(1, 1, SELL, 10, 5);
    book.limit(2, 1, SELL, 10, 5);
    book.limit(3, 2, BUY, 10, 7);
    expect(seen).toEqual([
      [1, 0, false],
      [2, 3, true],
    ]);
  });

  it('allows self-trades (owners are not checked when matching)', () => {
    const { book, fills } = bookWithLog();
    book.limit(1, 7, SELL, 10, 1);
    expect(book.limit(2, 7, BUY, 10, 1)).toBe(0);
    expect(fills).toEqual([[1, 2, 10, 1, 7, 7, BUY]]);
  });

  it('rejects bad arguments and duplicate ids with a RangeError, leaving the book unchanged', () => {
    const book = new OrderBook();
    book.limit(1, 1, BUY, 10, 1);
    const bad: [number, number, number, number, number][] = [
      [2, 1, BUY, 10, 0],
      [2, 1, BUY, 10, 1.5],
      [2, 1, BUY, 0, 1],
      [2, 1, BUY, -3, 1],
      [2, 1, BUY, NaN, 1],
      [2, 1, BUY, 2 ** 53, 1],
      [-1, 1, BUY, 10, 1],
      [2.5, 1, BUY, 10, 1],
      [2, -1, BUY, 10, 1],
      [2, 1, 2, 10, 1],
      [1, 1, SELL, 10, 1], // id 1 is resting
    ];
    for (const [id, owner, side, price, lots] of bad) {
      expect(() => book.limit(id, owner, side as Side, price, lots)).toThrow(RangeError);
    }
    expect(() => book.market(2, 1, SELL, 0)).toThrow(RangeError);
    expect(() => book.market(1, 1, SELL, 1)).toThrow(RangeError);
    expect(book.orders(BUY)).toEqual([{ id: 1, owner: 1, price: 10, lots: 1 }]);
    expect(book.orders(SELL)).toEqual([]);
  });

  it('lets an id be used again once its order has left the book', () => {
    const book = new OrderBook();
    book.limit(1, 1, BUY, 10, 1);
    book.cancel(1);
    expect(book.limit(1, 1, SELL, 12, 2)).toBe(2);
    expect(book.remaining(1)).toBe(2);
  });

  it('grows past its capacity and handles ids above 2^32', () => {
    const book = new OrderBook({ capacity: 16 });
    const base = 2 ** 45;
    for (let i = 0; i < 20_000; i++) {
      // Bids and asks alternate, spread over 500 levels per side.
      const offset = (i >> 1) % 500;
      if (i % 2 === 0) book.limit(base + i, i % 7, BUY, 1_000 - offset, 1);
      else book.limit(base + i, i % 7, SELL, 1_001 + offset, 1);
    }
    expect(book.restingCount()).toBe(20_000);
    expect(book.bestBid()).toBe(1_000);
    expect(book.bestAsk()).toBe(1_001);
    for (let i = 0; i < 20_000; i += 2) expect(book.cancel(base + i)).toBe(1);
    expect(book.bestBid()).toBeNaN();
    expect(book.restingCount()).toBe(10_000);
    expect(book.market(1, 1, BUY, 25_000)).toBe(15_000);
    expect(book.restingCount()).toBe(0);
  });
});
