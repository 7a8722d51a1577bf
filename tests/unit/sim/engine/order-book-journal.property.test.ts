import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BUY, OrderBook, SELL, type Side } from '../../../../src/sim/engine/index.ts';

type Op =
  | { kind: 'limit'; side: Side; price: number; lots: number }
  | { kind: 'market'; side: Side; lots: number }
  | { kind: 'cancel'; pick: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('limit' as const),
    side: fc.constantFrom(BUY, SELL),
    price: fc.integer({ min: 90, max: 110 }),
    lots: fc.integer({ min: 1, max: 20 }),
  }),
  fc.record({
    kind: fc.constant('market' as const),
    side: fc.constantFrom(BUY, SELL),
    lots: fc.integer({ min: 1, max: 60 }),
  }),
  fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }),
);

function apply(book: OrderBook, ops: readonly Op[], ids: { next: number; live: number[] }): void {
  for (const o of ops) {
    const id = ids.next++;
    if (o.kind === 'limit') {
      if (book.limit(id, 1 + (id % 3), o.side, o.price, o.lots) > 0) ids.live.push(id);
    } else if (o.kind === 'market') {
      book.market(id, 9, o.side, o.lots);
    } else if (ids.live.length > 0) {
      book.cancel(ids.live[o.pick % ids.live.length]!);
    }
  }
}

const picture = (book: OrderBook) => ({
  bids: book.orders(BUY),
  asks: book.orders(SELL),
  bestBid: book.bestBid(),
  bestAsk: book.bestAsk(),
  count: book.restingCount(),
});

describe('OrderBook undo journal', () => {
  it('rollback puts the book back exactly as it was (orders, lots, prices, queue order)', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), fc.array(op, { maxLength: 30 }), (before, during) => {
        const book = new OrderBook({ capacity: 16 });
        const ids = { next: 1, live: [] as number[] };
        apply(book, before, ids);
        const was = picture(book);
        book.beginJournal();
        apply(book, during, ids);
        book.rollback();
        expect(book.isJournaling()).toBe(false);
        expect(picture(book)).toEqual(was);
        // The book still works afterwards: the same further orders give the same fills as a fresh copy.
        const again = new OrderBook({ capacity: 16 });
        apply(again, before, { next: 1, live: [] });
        const after = { next: 10_000, live: [...ids.live] };
        const twin = { next: 10_000, live: [...ids.live] };
        apply(book, during, after);
        apply(again, during, twin);
        expect(picture(book)).toEqual(picture(again));
      }),
      { numRuns: 300 },
    );
  });

  it('endJournal keeps the changes', () => {
    const book = new OrderBook({ capacity: 16 });
    book.limit(1, 1, SELL, 100, 5);
    book.beginJournal();
    book.limit(2, 2, BUY, 100, 3);
    book.endJournal();
    book.rollback();
    expect(book.orders(SELL)).toEqual([{ id: 1, owner: 1, price: 100, lots: 2 }]);
  });
});
