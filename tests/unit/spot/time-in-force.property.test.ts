import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ORDER_TYPE_LIMIT,
  ORDER_TYPE_MARKET,
  TIME_IN_FORCE_FOK,
  TIME_IN_FORCE_GTC,
  TIME_IN_FORCE_IOC,
  type OrderType,
  type TimeInForce,
} from '../../../src/domain/contract-codes.ts';
import {
  EXECUTION_CHOICES,
  executionFields,
  executionRefusal,
  restsUnfilled,
  wouldTake,
  type OrderExecution,
} from '../../../src/domain/spot/time-in-force.ts';
import { BUY, OrderBook, SELL, type Side } from '../../../src/sim/engine/order-book.ts';
import { Coverage } from '../property-coverage.ts';

/**
 * The execution rules checked against the engine they govern: a random book, then one user order
 * put through the rule and, if the rule lets it, into the book as the spot service does
 * (limit when it rests the rest, limitNow when it does not).
 */
const restingOrder = fc.record({
  side: fc.constantFrom<Side>(BUY, SELL),
  // Bids below 100, asks from 100 up, so the random book never crosses itself.
  offset: fc.integer({ min: 0, max: 8 }),
  lots: fc.integer({ min: 1, max: 20 }),
});
const userOrder = fc.record({
  side: fc.constantFrom('buy' as const, 'sell' as const),
  priceTicks: fc.integer({ min: 90, max: 110 }),
  lots: fc.integer({ min: 1, max: 80 }),
  timeInForce: fc.constantFrom<TimeInForce>(TIME_IN_FORCE_GTC, TIME_IN_FORCE_IOC, TIME_IN_FORCE_FOK),
  postOnly: fc.boolean(),
});

const USER = 9;
const USER_ORDER_ID = 1_000;

function bookOf(orders: ReadonlyArray<{ side: Side; offset: number; lots: number }>): OrderBook {
  const book = new OrderBook({ capacity: 64 });
  orders.forEach((order, i) => {
    const price = order.side === BUY ? 99 - order.offset : 100 + order.offset;
    book.limit(i + 1, 1, order.side, price, order.lots);
  });
  return book;
}

/** Runs the order as Spot.place does; null when the rule refuses it (the book is not touched). */
function run(book: OrderBook, order: OrderExecution) {
  const side = order.side === 'buy' ? BUY : SELL;
  const best = side === BUY ? book.bestAsk() : book.bestBid();
  const refusal = executionRefusal(order, best, () => book.fillable(side, order.priceTicks, order.lots));
  if (refusal) return { refusal, taken: 0, rests: 0 };
  let taken = 0;
  book.setFillListener((_maker, taker, _price, lots) => {
    if (taker === USER_ORDER_ID) taken += lots;
  });
  const left = restsUnfilled(order.type, order.timeInForce)
    ? book.limit(USER_ORDER_ID, USER, side, order.priceTicks, order.lots)
    : book.limitNow(USER_ORDER_ID, USER, side, order.priceTicks, order.lots);
  expect(taken + left).toBe(order.lots);
  return { refusal: null, taken, rests: book.remaining(USER_ORDER_ID) };
}

const snapshot = (book: OrderBook) => [book.orders(BUY), book.orders(SELL)];

describe('time in force and post-only', () => {
  it('post-only never takes: it rests whole or is refused with the book untouched', () => {
    const coverage = new Coverage();
    fc.assert(
      fc.property(fc.array(restingOrder, { maxLength: 30 }), userOrder, (resting, user) => {
        coverage.run();
        const book = bookOf(resting);
        const before = snapshot(book);
        const order = {
          ...user,
          type: ORDER_TYPE_LIMIT as OrderType,
          postOnly: true,
          timeInForce: TIME_IN_FORCE_GTC as TimeInForce,
        };
        const outcome = run(book, order);
        expect(outcome.taken).toBe(0);
        if (outcome.refusal) {
          coverage.saw('refused');
          expect(outcome.refusal).toBe('spotPostOnlyWouldTake');
          expect(snapshot(book)).toEqual(before);
          // Refused exactly when a plain limit order at that price would have traded.
          expect(bookOf(resting).fillable(order.side === 'buy' ? BUY : SELL, order.priceTicks, 1)).toBe(1);
        } else {
          coverage.saw('rested');
          expect(outcome.rests).toBe(order.lots);
        }
      }),
      { numRuns: 300 },
    );
    coverage.expectEach(['refused', 'rested'], { atLeast: 20, per: 300 });
  });

  it('fill or kill fills entirely or not at all; immediate or cancel never rests', () => {
    const coverage = new Coverage();
    fc.assert(
      fc.property(fc.array(restingOrder, { maxLength: 30 }), userOrder, (resting, user) => {
        coverage.run();
        const book = bookOf(resting);
        const before = snapshot(book);
        const order = { ...user, type: ORDER_TYPE_LIMIT as OrderType, postOnly: false };
        const outcome = run(book, order);
        if (order.timeInForce === TIME_IN_FORCE_FOK) {
          if (outcome.refusal) {
            coverage.saw('fok refused');
            expect(outcome.refusal).toBe('spotFillOrKill');
            expect(snapshot(book)).toEqual(before);
          } else {
            coverage.saw('fok filled');
            expect(outcome.taken).toBe(order.lots);
          }
          expect(outcome.rests).toBe(0);
        } else if (order.timeInForce === TIME_IN_FORCE_IOC) {
          coverage.saw(
            outcome.taken === 0 ? 'ioc none' : outcome.taken < order.lots ? 'ioc part' : 'ioc all',
          );
          expect(outcome.refusal).toBeNull();
          expect(outcome.rests).toBe(0);
          expect(book.has(USER_ORDER_ID)).toBe(false);
        } else {
          expect(outcome.refusal).toBeNull();
          expect(outcome.rests).toBe(order.lots - outcome.taken);
        }
        // The makers lost exactly what the order took; only a GTC order's rest joins the book.
        const lotsOf = (rows: ReturnType<OrderBook['orders']>) =>
          rows.reduce((sum, row) => sum + row.lots, 0);
        const [bids, asks] = snapshot(book);
        const [bidsBefore, asksBefore] = before;
        expect(lotsOf(bids!) + lotsOf(asks!)).toBe(
          lotsOf(bidsBefore!) + lotsOf(asksBefore!) - outcome.taken + outcome.rests,
        );
      }),
      { numRuns: 300 },
    );
    coverage.expectEach(['fok refused', 'fok filled', 'ioc none', 'ioc part', 'ioc all'], {
      atLeast: 3,
      per: 300,
    });
  });

  it('fillable counts what a marketable limit order takes, up to the quantity', () => {
    fc.assert(
      fc.property(fc.array(restingOrder, { maxLength: 30 }), userOrder, (resting, user) => {
        const side = user.side === 'buy' ? BUY : SELL;
        const counted = bookOf(resting).fillable(side, user.priceTicks, user.lots);
        const book = bookOf(resting);
        const left = book.limitNow(USER_ORDER_ID, USER, side, user.priceTicks, user.lots);
        expect(counted).toBe(user.lots - left);
      }),
    );
  });

  it('wouldTake: a buy at or above the best ask, a sell at or below the best bid; never an empty side', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('buy' as const, 'sell' as const),
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 1, max: 1000 }),
        (side, price, best) => {
          expect(wouldTake(side, price, best)).toBe(side === 'buy' ? price >= best : price <= best);
          expect(wouldTake(side, price, NaN)).toBe(false);
          // At the opposite best itself it trades.
          expect(wouldTake(side, best, best)).toBe(true);
        },
      ),
    );
  });

  it('a market order takes no option; post-only goes only with good till cancelled', () => {
    fc.assert(
      fc.property(userOrder, (user) => {
        const plain = user.timeInForce === TIME_IN_FORCE_GTC && !user.postOnly;
        const market = { ...user, type: ORDER_TYPE_MARKET as OrderType };
        expect(executionRefusal(market, NaN, () => 0)).toBe(plain ? null : 'spotExecutionLimitOnly');
        const limit = { ...user, type: ORDER_TYPE_LIMIT as OrderType };
        if (user.postOnly && user.timeInForce !== TIME_IN_FORCE_GTC)
          expect(executionRefusal(limit, NaN, () => 0)).toBe('spotPostOnlyTimeInForce');
        expect(restsUnfilled(ORDER_TYPE_MARKET, user.timeInForce)).toBe(false);
      }),
    );
    expect(EXECUTION_CHOICES.map(executionFields)).toEqual([
      { timeInForce: TIME_IN_FORCE_GTC, postOnly: false },
      { timeInForce: TIME_IN_FORCE_GTC, postOnly: true },
      { timeInForce: TIME_IN_FORCE_IOC, postOnly: false },
      { timeInForce: TIME_IN_FORCE_FOK, postOnly: false },
    ]);
  });
});
