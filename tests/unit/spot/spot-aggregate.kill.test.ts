import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIMIT, MARKET, type SpotSide } from '../../../src/domain/spot/order-kind.ts';
import { baseUnits, feeOf, quoteUnits, type PairGrid } from '../../../src/domain/spot/settlement.ts';
import { evolveSpot, spotAggregate } from '../../../src/sim/features/spot/aggregate.ts';
import type { FillFact, NewOrder, SpotCommand } from '../../../src/sim/features/spot/commands.ts';
import type { SpotEvent } from '../../../src/sim/features/spot/events.ts';
import { balanceOf, type SpotOrder, type SpotState } from '../../../src/sim/features/spot/state.ts';

/** Order status codes of the contract (spec §3): 1 open, 2 filled, 3 cancelled. */
const OPEN = 1;
const FILLED = 2;
const CANCELLED = 3;

/**
 * The spot ledger's rules, as aggregate.ts documents them:
 * - a market order never rests: whatever it could not fill on arrival is dropped and its lock freed;
 * - a limit buy locks its whole cost rounded up and, after each fill, keeps locked exactly what its
 *   remaining lots need at its limit price; the rest of what the fill released comes back;
 * - a market buy spends, per fill, that fill's own cost out of its lock;
 * - buyers pay and sellers receive price x quantity rounded down; the fee is 0.1 % of what is
 *   received; nothing is ever paid out of more than the order locked.
 */

/** Pair 1 is exact in the ledger (7 places); pair 2 rounds (5 + 4 = 9 places). */
const EXACT: PairGrid = { priceDecimals: 2, lotDecimals: 5 };
const ROUNDING: PairGrid = { priceDecimals: 5, lotDecimals: 4 };
const GRIDS: Record<number, PairGrid> = { 1: EXACT, 2: ROUNDING };
const BASE = 20;
const QUOTE = 10;
const aggregate = spotAggregate((pairId) => GRIDS[pairId]);
const OWNER = (userId: number) => 1_000 + userId;
const AGENT = 7;
const AGENT_ORDER = 10 ** 9;
const FUNDS = 10n ** 14n;

/** The ledger, driven through decide + evolve the way the store does it. */
class Ledger {
  state: SpotState = aggregate.initial();
  events: SpotEvent[] = [];
  at = 1;

  run(command: SpotCommand): { events: SpotEvent[]; reply?: unknown } {
    const decision = aggregate.decide(this.state, command);
    if (!decision.ok) throw new Error(`refused: ${decision.error}`);
    for (const event of decision.events) this.state = evolveSpot(this.state, event);
    this.events.push(...decision.events);
    return { events: decision.events, reply: decision.reply };
  }

  credit(userId: number, currencyId: number, units: bigint): void {
    const grant = this.state.grantsCredited;
    this.run({ kind: 'credit', at: this.at++, grant, userId, lines: [{ currencyId, units }] });
  }

  order(
    userId: number,
    fields: Partial<NewOrder> & { side: SpotSide; lots: number; lock: bigint },
  ): NewOrder {
    return {
      id: this.state.nextOrderId,
      userId,
      pairId: 1,
      type: LIMIT,
      priceTicks: 0,
      baseCurrencyId: BASE,
      quoteCurrencyId: QUOTE,
      ...fields,
    };
  }

  place(order: NewOrder, fills: FillFact[] = []): SpotEvent[] {
    return this.run({ kind: 'place', at: this.at++, order, fills }).events;
  }

  settle(fills: FillFact[]): SpotEvent[] {
    return this.run({ kind: 'settle', at: this.at++, fills }).events;
  }

  get(orderId: number): SpotOrder {
    const order = this.state.orders.get(orderId);
    if (!order) throw new Error(`no order ${orderId}`);
    return order;
  }
}

/** A fill of a user's order (as maker or taker) against one of the market's agents. */
function agentFill(order: NewOrder, price: number, lots: number, role: 'taker' | 'maker'): FillFact {
  const user = { id: order.id, owner: OWNER(order.userId) };
  const agent = { id: AGENT_ORDER, owner: AGENT };
  const [maker, taker] = role === 'maker' ? [user, agent] : [agent, user];
  const takerBuys = role === 'taker' ? order.side === 'buy' : order.side === 'sell';
  return {
    pairId: order.pairId,
    time: 0,
    makerId: maker.id,
    takerId: taker.id,
    makerOwner: maker.owner,
    takerOwner: taker.owner,
    price,
    lots,
    takerSide: takerBuys ? 0 : 1,
  };
}

const ended = (events: SpotEvent[]) => events.filter((event) => event.type === 'OrderEnded');
const filled = (events: SpotEvent[]) =>
  events.filter(
    (event): event is Extract<SpotEvent, { type: 'OrderFilled' }> => event.type === 'OrderFilled',
  );

describe('a market order never rests', () => {
  it('a market buy that fills in part is cancelled at once, and what it did not spend comes back', () => {
    const ledger = new Ledger();
    ledger.credit(1, QUOTE, FUNDS);
    const lock = quoteUnits(5_000, 300, EXACT, 'ceil');
    const order = ledger.order(1, { side: 'buy', type: MARKET, lots: 300, lock });
    const events = ledger.place(order, [agentFill(order, 4_000, 100, 'taker')]);
    const paid = quoteUnits(4_000, 100, EXACT, 'floor');
    expect(ledger.get(order.id)).toMatchObject({ status: CANCELLED, locked: 0n, filledLots: 100 });
    expect(ended(events)).toHaveLength(1);
    expect(balanceOf(ledger.state, 1, QUOTE)).toEqual({ available: FUNDS - paid, locked: 0n });
    const received = baseUnits(100, EXACT);
    expect(balanceOf(ledger.state, 1, BASE)).toEqual({ available: received - feeOf(received), locked: 0n });
  });

  it('a market sell that meets no one is cancelled and keeps nothing locked', () => {
    const ledger = new Ledger();
    ledger.credit(1, BASE, FUNDS);
    const order = ledger.order(1, { side: 'sell', type: MARKET, lots: 500, lock: baseUnits(500, EXACT) });
    const events = ledger.place(order);
    expect(ledger.get(order.id)).toMatchObject({ status: CANCELLED, locked: 0n, filledLots: 0 });
    expect(ended(events)).toEqual([
      expect.objectContaining({ orderId: order.id, status: CANCELLED, release: baseUnits(500, EXACT) }),
    ]);
    expect(balanceOf(ledger.state, 1, BASE)).toEqual({ available: FUNDS, locked: 0n });
  });

  it('a market order that fills completely ends once, as filled', () => {
    const ledger = new Ledger();
    ledger.credit(1, BASE, FUNDS);
    const order = ledger.order(1, { side: 'sell', type: MARKET, lots: 200, lock: baseUnits(200, EXACT) });
    const events = ledger.place(order, [
      agentFill(order, 3_000, 150, 'taker'),
      agentFill(order, 2_900, 50, 'taker'),
    ]);
    expect(ledger.get(order.id)).toMatchObject({ status: FILLED, locked: 0n, filledLots: 200 });
    expect(ended(events)).toEqual([
      expect.objectContaining({ orderId: order.id, status: FILLED, release: 0n }),
    ]);
  });

  it('a limit order that fills in part rests, holding what the rest of it needs', () => {
    const ledger = new Ledger();
    ledger.credit(1, QUOTE, FUNDS);
    const lock = quoteUnits(5_000, 300, EXACT, 'ceil');
    const order = ledger.order(1, { side: 'buy', priceTicks: 5_000, lots: 300, lock });
    const events = ledger.place(order, [agentFill(order, 5_000, 100, 'taker')]);
    expect(ended(events)).toEqual([]);
    expect(ledger.get(order.id)).toMatchObject({
      status: OPEN,
      filledLots: 100,
      locked: quoteUnits(5_000, 200, EXACT, 'ceil'),
    });
  });

  it('a limit sell with no fill rests with its whole lock', () => {
    const ledger = new Ledger();
    ledger.credit(1, BASE, FUNDS);
    const order = ledger.order(1, { side: 'sell', priceTicks: 9_000, lots: 40, lock: baseUnits(40, EXACT) });
    expect(ledger.place(order)).toHaveLength(1);
    expect(ledger.get(order.id)).toMatchObject({ status: OPEN, locked: baseUnits(40, EXACT) });
    expect(balanceOf(ledger.state, 1, BASE)).toEqual({
      available: FUNDS - baseUnits(40, EXACT),
      locked: baseUnits(40, EXACT),
    });
  });
});

/** Fills of a resting order: sizes (of what is left) and price offsets (better or equal to its limit). */
const fillPlan = fc.array(
  fc.record({ share: fc.integer({ min: 1, max: 100 }), better: fc.integer({ min: 0, max: 5_000 }) }),
  { minLength: 1, maxLength: 6 },
);

describe('a limit buy after each fill', () => {
  it('keeps locked exactly its remaining lots at its limit, rounded up; pays each fill rounded down', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(1, 2),
        fc.integer({ min: 5_001, max: 10_000_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        fillPlan,
        fc.boolean(),
        (pairId, limit, lots, plan, asMaker) => {
          const grid = GRIDS[pairId]!;
          const ledger = new Ledger();
          ledger.credit(1, QUOTE, FUNDS);
          const lock = quoteUnits(limit, lots, grid, 'ceil');
          const order = ledger.order(1, { pairId, side: 'buy', priceTicks: limit, lots, lock });
          ledger.place(order);
          let paid = 0n;
          let bought = 0n;
          let fees = 0n;
          for (const step of plan) {
            const now = ledger.get(order.id);
            if (now.status !== OPEN) break;
            const left = now.lots - now.filledLots;
            const size = Math.max(1, Math.floor((left * step.share) / 100));
            const price = limit - step.better;
            const events = ledger.settle([agentFill(order, price, size, asMaker ? 'maker' : 'taker')]);
            const [fill] = filled(events);
            expect(fill).toMatchObject({ lots: size, ticks: price, maker: asMaker });
            expect(fill!.quote).toBe(quoteUnits(price, size, grid, 'floor'));
            paid += fill!.quote;
            bought += baseUnits(size, grid);
            const after = ledger.get(order.id);
            const stillNeeded = quoteUnits(limit, after.lots - after.filledLots, grid, 'ceil');
            expect(after.locked).toBe(stillNeeded);
            expect(after.filledQuote).toBe(paid);
            expect(balanceOf(ledger.state, 1, QUOTE)).toEqual({
              available: FUNDS - paid - stillNeeded,
              locked: stillNeeded,
            });
            // The fee is 0.1 % of the base each fill delivers, kept out of it and booked as income.
            expect(fill!.fee).toBe(feeOf(baseUnits(size, grid)));
            fees += fill!.fee;
            expect(after.fee).toBe(fees);
            expect(balanceOf(ledger.state, 1, BASE)).toEqual({ available: bought - fees, locked: 0n });
            expect(ledger.state.fees.get(BASE) ?? 0n).toBe(fees);
            if (after.filledLots === after.lots) expect(after.status).toBe(FILLED);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('a market buy', () => {
  it('spends each fill out of its lock and gets the rest back when it ends', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(1, 2),
        fc.array(
          fc.record({
            price: fc.integer({ min: 1, max: 5_000_000 }),
            lots: fc.integer({ min: 1, max: 50_000 }),
          }),
          { minLength: 1, maxLength: 5 },
        ),
        fc.bigInt({ min: 0n, max: 10n ** 9n }),
        (pairId, sweeps, slack) => {
          const grid = GRIDS[pairId]!;
          const ledger = new Ledger();
          ledger.credit(1, QUOTE, FUNDS);
          // Locks the cost of the book it sweeps (rounded up), plus some slack.
          const cost = sweeps.reduce((sum, s) => sum + quoteUnits(s.price, s.lots, grid, 'ceil'), 0n);
          const lots = sweeps.reduce((sum, s) => sum + s.lots, 0) + 1; // one lot never fills
          const order = ledger.order(1, { pairId, side: 'buy', type: MARKET, lots, lock: cost + slack });
          const events = ledger.place(
            order,
            sweeps.map((s) => agentFill(order, s.price, s.lots, 'taker')),
          );
          const fills = filled(events);
          expect(fills).toHaveLength(sweeps.length);
          let spent = 0n;
          fills.forEach((fill, k) => {
            const own = quoteUnits(sweeps[k]!.price, sweeps[k]!.lots, grid, 'floor');
            expect(fill.quote).toBe(own);
            expect(fill.release).toBe(own);
            spent += own;
          });
          expect(ended(events)).toEqual([
            expect.objectContaining({ status: CANCELLED, release: cost + slack - spent }),
          ]);
          expect(balanceOf(ledger.state, 1, QUOTE)).toEqual({ available: FUNDS - spent, locked: 0n });
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('a sell', () => {
  it('delivers the base of each fill out of its lock and receives the proceeds rounded down, less 0.1 %', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(1, 2),
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 2, max: 100_000 }),
        fc.integer({ min: 1, max: 99 }),
        (pairId, limit, lots, percent) => {
          const grid = GRIDS[pairId]!;
          const ledger = new Ledger();
          ledger.credit(1, BASE, FUNDS);
          const lock = baseUnits(lots, grid);
          const order = ledger.order(1, { pairId, side: 'sell', priceTicks: limit, lots, lock });
          ledger.place(order);
          const size = Math.max(1, Math.floor((lots * percent) / 100));
          const price = limit + 3; // a buyer paid more than asked
          const [fill] = filled(ledger.settle([agentFill(order, price, size, 'maker')]));
          const proceeds = quoteUnits(price, size, grid, 'floor');
          expect(fill).toMatchObject({
            release: baseUnits(size, grid),
            quote: proceeds,
            fee: feeOf(proceeds),
          });
          expect(ledger.get(order.id).locked).toBe(lock - baseUnits(size, grid));
          expect(balanceOf(ledger.state, 1, BASE)).toEqual({
            available: FUNDS - lock,
            locked: lock - baseUnits(size, grid),
          });
          expect(balanceOf(ledger.state, 1, QUOTE)).toEqual({
            available: proceeds - feeOf(proceeds),
            locked: 0n,
          });
          expect(ledger.state.fees.get(QUOTE) ?? 0n).toBe(feeOf(proceeds));
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('fills that break the rules of the book never overdraw', () => {
  /** Any fills at all, against the user's open orders: prices anywhere, sizes beyond what is left. */
  it('no balance, lock or fee goes negative, and no order fills past its quantity', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(1, 2),
        fc.constantFrom<SpotSide>('buy', 'sell'),
        fc.boolean(),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.array(
          fc.record({
            price: fc.integer({ min: 1, max: 100_000_000 }),
            lots: fc.integer({ min: 1, max: 20_000 }),
          }),
          { minLength: 1, maxLength: 4 },
        ),
        (pairId, side, market, limit, lots, wild) => {
          const grid = GRIDS[pairId]!;
          const ledger = new Ledger();
          ledger.credit(1, QUOTE, 10n ** 6n);
          ledger.credit(1, BASE, baseUnits(lots, grid));
          const lock =
            side === 'sell'
              ? baseUnits(lots, grid)
              : market
                ? 10n ** 6n
                : quoteUnits(limit, lots, grid, 'ceil');
          fc.pre(side === 'sell' || lock <= 10n ** 6n);
          const order = ledger.order(1, {
            pairId,
            side,
            type: market ? MARKET : LIMIT,
            priceTicks: market ? 0 : limit,
            lots,
            lock,
          });
          ledger.place(order, market ? wild.map((w) => agentFill(order, w.price, w.lots, 'taker')) : []);
          if (!market) ledger.settle(wild.map((w) => agentFill(order, w.price, w.lots, 'maker')));
          const after = ledger.get(order.id);
          expect(after.filledLots <= after.lots).toBe(true);
          expect(after.locked >= 0n).toBe(true);
          for (const balance of ledger.state.balances.values()) {
            expect(balance.available >= 0n && balance.locked >= 0n).toBe(true);
          }
          // What it paid never exceeds what it locked.
          const spent = side === 'buy' ? after.filledQuote : baseUnits(after.filledLots, grid);
          expect(spent <= lock).toBe(true);
          for (const fill of filled(ledger.events))
            expect(fill.quote <= fill.release || side === 'sell').toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('whose fill it is', () => {
  function restingBuy(ledger: Ledger, userId: number, lots = 100): NewOrder {
    ledger.credit(userId, QUOTE, FUNDS);
    const order = ledger.order(userId, {
      side: 'buy',
      priceTicks: 5_000,
      lots,
      lock: quoteUnits(5_000, lots, EXACT, 'ceil'),
    });
    ledger.place(order);
    return order;
  }

  it('when two users meet, both orders settle: one as maker, one as taker', () => {
    const ledger = new Ledger();
    const buy = restingBuy(ledger, 1);
    ledger.credit(2, BASE, FUNDS);
    const sell = ledger.order(2, { side: 'sell', priceTicks: 4_000, lots: 60, lock: baseUnits(60, EXACT) });
    const fill: FillFact = {
      pairId: 1,
      time: 0,
      makerId: buy.id,
      takerId: sell.id,
      makerOwner: OWNER(1),
      takerOwner: OWNER(2),
      price: 5_000,
      lots: 60,
      takerSide: 1,
    };
    const fills = filled(ledger.place(sell, [fill]));
    expect(fills.map((f) => [f.orderId, f.maker, f.lots])).toEqual([
      [buy.id, true, 60],
      [sell.id, false, 60],
    ]);
    // What one pays the other receives (fees aside): no money made or lost.
    const quote = quoteUnits(5_000, 60, EXACT, 'floor');
    expect(balanceOf(ledger.state, 2, QUOTE).available).toBe(quote - feeOf(quote));
    expect(ledger.get(buy.id).filledQuote).toBe(quote);
    expect(ledger.get(sell.id).status).toBe(FILLED);
  });

  it("ignores a fill whose owner is not the order's user, an agent's side, an unknown order or pair", () => {
    const ledger = new Ledger();
    const buy = restingBuy(ledger, 1);
    const before = ledger.state;
    const base = agentFill(buy, 5_000, 10, 'maker');
    const ignored: FillFact[] = [
      { ...base, makerOwner: OWNER(2) }, // says it is user 2's order
      { ...base, makerOwner: AGENT }, // an agent's order with the same id
      { ...base, makerOwner: 999 }, // the last owner below the users'
      { ...base, makerId: buy.id + 1 }, // no such order
      { ...base, pairId: 99 }, // no such pair
    ];
    for (const fill of ignored) expect(ledger.settle([fill])).toEqual([]);
    expect(ledger.state).toBe(before);
    // The same fill with the right owner settles.
    expect(ledger.settle([base])).not.toEqual([]);
  });

  it('fills an order no further than its quantity, and ends it filled', () => {
    const ledger = new Ledger();
    const buy = restingBuy(ledger, 1, 50);
    const events = ledger.settle([agentFill(buy, 5_000, 80, 'maker'), agentFill(buy, 5_000, 10, 'maker')]);
    expect(filled(events).map((f) => f.lots)).toEqual([50]);
    expect(ended(events)).toEqual([
      expect.objectContaining({ orderId: buy.id, status: FILLED, release: 0n }),
    ]);
    expect(ledger.get(buy.id)).toMatchObject({ filledLots: 50, locked: 0n, status: FILLED });
    expect(balanceOf(ledger.state, 1, QUOTE).locked).toBe(0n);
  });

  it('a fill of no lots, or fewer than none, is not a fill', () => {
    const ledger = new Ledger();
    const buy = restingBuy(ledger, 1);
    const before = ledger.state;
    expect(ledger.settle([agentFill(buy, 5_000, 0, 'maker'), agentFill(buy, 5_000, -3, 'maker')])).toEqual(
      [],
    );
    expect(ledger.state).toBe(before);
  });

  it('a finished order takes no more fills', () => {
    const ledger = new Ledger();
    const buy = restingBuy(ledger, 1);
    ledger.run({ kind: 'cancel', at: 9, userId: 1, orderId: buy.id });
    expect(ledger.settle([agentFill(buy, 5_000, 10, 'maker')])).toEqual([]);
  });
});

describe('what the ledger refuses or skips', () => {
  it('places only the next order id, and only what the available balance covers (all of it is fine)', () => {
    const ledger = new Ledger();
    ledger.credit(1, QUOTE, 1_000n);
    const order = ledger.order(1, { side: 'buy', priceTicks: 1, lots: 1, lock: 1_000n });
    const decide = (o: NewOrder) =>
      aggregate.decide(ledger.state, { kind: 'place', at: 5, order: o, fills: [] });
    expect(decide({ ...order, id: order.id + 1 })).toEqual({ ok: false, error: 'spotStale' });
    expect(decide({ ...order, id: order.id - 1 })).toEqual({ ok: false, error: 'spotStale' });
    expect(decide({ ...order, lock: 1_001n })).toEqual({ ok: false, error: 'spotInsufficient' });
    expect(decide({ ...order, lock: -1n })).toEqual({ ok: false, error: 'spotInsufficient' });
    const placed = decide(order);
    expect(placed).toMatchObject({ ok: true, reply: order.id });
    const zero = decide({ ...order, lock: 0n });
    expect(zero.ok).toBe(true);
  });

  it('a sell locks base, not quote', () => {
    const ledger = new Ledger();
    ledger.credit(1, QUOTE, FUNDS);
    const sell = ledger.order(1, { side: 'sell', priceTicks: 1, lots: 1, lock: 1n });
    expect(aggregate.decide(ledger.state, { kind: 'place', at: 5, order: sell, fills: [] })).toEqual({
      ok: false,
      error: 'spotInsufficient',
    });
  });

  it('credits a grant only in its turn: an old or a future grant changes nothing', () => {
    const ledger = new Ledger();
    ledger.credit(1, QUOTE, 5n);
    const credit = (grant: number) =>
      aggregate.decide(ledger.state, {
        kind: 'credit',
        at: 3,
        grant,
        userId: 1,
        lines: [{ currencyId: QUOTE, units: 7n }],
      });
    expect(credit(0)).toEqual({ ok: true, events: [] });
    expect(credit(2)).toEqual({ ok: true, events: [] });
    const next = credit(1);
    expect(next).toEqual({
      ok: true,
      events: [{ type: 'FundsCredited', at: 3, grant: 1, userId: 1, currencyId: QUOTE, units: 7n }],
    });
  });
});

describe('folding events', () => {
  it('counts grants and order ids forward only, and lists a user’s orders oldest first', () => {
    let state = aggregate.initial();
    state = evolveSpot(state, {
      type: 'FundsCredited',
      at: 1,
      grant: 4,
      userId: 1,
      currencyId: QUOTE,
      units: 9n,
    });
    expect(state.grantsCredited).toBe(5);
    state = evolveSpot(state, {
      type: 'FundsCredited',
      at: 1,
      grant: 2,
      userId: 1,
      currencyId: QUOTE,
      units: 1n,
    });
    expect(state.grantsCredited).toBe(5);
    expect(balanceOf(state, 1, QUOTE)).toEqual({ available: 10n, locked: 0n });
    const order = (id: number): SpotOrder => ({
      id,
      userId: 1,
      pairId: 1,
      side: 'buy',
      type: LIMIT,
      priceTicks: 1,
      lots: 1,
      filledLots: 0,
      filledQuote: 0n,
      fee: 0n,
      locked: 2n,
      status: OPEN,
      baseCurrencyId: BASE,
      quoteCurrencyId: QUOTE,
      createdAt: 1,
      updatedAt: 1,
    });
    state = evolveSpot(state, { type: 'OrderPlaced', at: 1, order: order(7) });
    state = evolveSpot(state, { type: 'OrderPlaced', at: 1, order: order(3) });
    expect(state.nextOrderId).toBe(8);
    expect([...(state.userOrders.get(1) ?? [])]).toEqual([7, 3]);
    expect(balanceOf(state, 1, QUOTE)).toEqual({ available: 6n, locked: 4n });
  });

  it('a fill or an end of an order it does not know leaves the state as it was', () => {
    const state = aggregate.initial();
    const fill: SpotEvent = {
      type: 'OrderFilled',
      at: 1,
      orderId: 5,
      ticks: 1,
      lots: 1,
      base: 1n,
      quote: 1n,
      fee: 0n,
      release: 1n,
      maker: true,
    };
    expect(evolveSpot(state, fill)).toBe(state);
    expect(evolveSpot(state, { type: 'OrderEnded', at: 1, orderId: 5, status: CANCELLED, release: 1n })).toBe(
      state,
    );
  });

  it('never changes the state it was given (the store keeps it if a write fails)', () => {
    const ledger = new Ledger();
    ledger.credit(1, QUOTE, FUNDS);
    const order = ledger.order(1, {
      side: 'buy',
      priceTicks: 5_000,
      lots: 10,
      lock: quoteUnits(5_000, 10, EXACT, 'ceil'),
    });
    ledger.place(order);
    const before = ledger.state;
    const copy = {
      balances: [...before.balances],
      orders: [...before.orders],
      fees: [...before.fees],
    };
    ledger.settle([agentFill(order, 5_000, 10, 'maker')]);
    expect([...before.balances]).toEqual(copy.balances);
    expect([...before.orders]).toEqual(copy.orders);
    expect([...before.fees]).toEqual(copy.fees);
    expect(ledger.state.fees.get(BASE)).toBe(feeOf(baseUnits(10, EXACT)));
  });
});

describe('a stop-limit trigger', () => {
  /** A sell stop waiting for the price to fall to 4,900, placed when trade 41 was the tape's last. */
  function waitingStop(ledger: Ledger): NewOrder {
    ledger.credit(1, BASE, FUNDS);
    const order = ledger.order(1, {
      side: 'sell',
      type: 2,
      priceTicks: 4_800,
      lots: 10,
      lock: baseUnits(10, EXACT),
      stopTicks: 4_900,
      stopDirection: 'fall',
      stopAfterTrade: 41,
    });
    ledger.place(order);
    return order;
  }
  const trigger = (ledger: Ledger, orderId: number, tradeId: number, price: number) =>
    ledger.run({
      kind: 'trigger',
      at: ledger.at++,
      triggers: [{ orderId, trade: { id: tradeId, price, time: 0 } }],
      fills: [],
    }).events;

  it('is not fired by the very trade it was placed after, even one through its stop', () => {
    const ledger = new Ledger();
    const order = waitingStop(ledger);
    expect(trigger(ledger, order.id, 41, 4_850)).toEqual([]);
    expect(ledger.get(order.id).triggeredBy).toBeUndefined();
    // The next trade through the stop fires it.
    expect(trigger(ledger, order.id, 42, 4_850).map((event) => event.type)).toEqual(['OrderTriggered']);
    expect(ledger.get(order.id).triggeredBy).toEqual({ id: 42, price: 4_850, time: 0 });
  });
});
