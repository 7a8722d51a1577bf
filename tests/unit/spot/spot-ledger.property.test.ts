import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { baseUnits, quoteUnits, type PairGrid } from '../../../src/domain/spot/settlement.ts';
import { spotAggregate, evolveSpot } from '../../../src/sim/features/spot/aggregate.ts';
import type { FillFact, SpotCommand } from '../../../src/sim/features/spot/commands.ts';
import type { SpotEvent } from '../../../src/sim/features/spot/events.ts';
import { balanceOf, lockCurrencyOf, OPEN, type SpotState } from '../../../src/sim/features/spot/state.ts';
import { deserialize, serialize } from '../../../src/sim/store/serialization.ts';
import {
  ORDER_STATUS_FILLED,
  TIME_IN_FORCE_FOK,
  TIME_IN_FORCE_GTC,
  TIME_IN_FORCE_IOC,
  type TimeInForce,
} from '../../../src/domain/contract-codes.ts';

/** Two pairs: one whose amounts are exact in the ledger, one that rounds (9 places). */
const GRIDS: Record<number, PairGrid & { base: number; quote: number }> = {
  1: { priceDecimals: 2, lotDecimals: 5, base: 2, quote: 1 },
  10: { priceDecimals: 5, lotDecimals: 4, base: 3, quote: 2 },
};
const aggregate = spotAggregate((id) => GRIDS[id]);
const USERS = [1, 2, 3];
const AGENT = 1;
const owner = (userId: number) => 1000 + userId;

/** Random intents, turned into valid-looking (and sometimes invalid) commands against the state. */
const intent = fc.record({
  kind: fc.constantFrom('credit', 'limit', 'limit', 'market', 'settle', 'cancel', 'cross'),
  user: fc.constantFrom(...USERS),
  pair: fc.constantFrom(1, 10),
  side: fc.constantFrom('buy' as const, 'sell' as const),
  price: fc.integer({ min: 1, max: 100_000 }),
  lots: fc.integer({ min: 1, max: 20_000 }),
  pick: fc.nat(),
  split: fc.integer({ min: 1, max: 3 }),
  budget: fc.bigInt({ min: 0n, max: 10n ** 13n }),
  // A limit order's time in force (mostly good till cancelled) and post-only flag.
  timeInForce: fc.constantFrom<TimeInForce>(
    TIME_IN_FORCE_GTC,
    TIME_IN_FORCE_GTC,
    TIME_IN_FORCE_IOC,
    TIME_IN_FORCE_FOK,
  ),
  postOnly: fc.boolean(),
});
type Intent = typeof intent extends fc.Arbitrary<infer T> ? T : never;

function commandFor(state: SpotState, i: Intent, at: number): SpotCommand | null {
  const g = GRIDS[i.pair]!;
  const open = [...state.orders.values()].filter((order) => order.status === OPEN);
  switch (i.kind) {
    case 'credit':
      return {
        kind: 'credit',
        at,
        grant: state.grantsCredited,
        userId: i.user,
        lines: [
          { currencyId: 1, units: 10n ** 15n },
          { currencyId: 2, units: 10n ** 11n },
          { currencyId: 3, units: 10n ** 12n },
        ],
      };
    case 'limit':
    case 'market': {
      const market = i.kind === 'market';
      const lock =
        i.side === 'sell' ? baseUnits(i.lots, g) : market ? i.budget : quoteUnits(i.price, i.lots, g, 'ceil');
      const id = state.nextOrderId;
      // Fills against the market's agents at prices the order accepts, spending within its lock.
      const fills: FillFact[] = [];
      let left = i.lots;
      let spent = 0n;
      for (let k = 0; k < i.split && left > 0; k++) {
        const size = Math.max(1, Math.floor(left / (i.split - k)));
        const price = market
          ? Math.max(1, i.price - k)
          : i.side === 'buy'
            ? Math.max(1, i.price - k)
            : i.price + k;
        if (i.side === 'buy' && market) {
          const cost = quoteUnits(price, size, g, 'ceil');
          if (spent + cost > lock) break;
          spent += cost;
        }
        fills.push({
          pairId: i.pair,
          time: at,
          makerId: 1e9 + k,
          takerId: id,
          makerOwner: AGENT,
          takerOwner: owner(i.user),
          price,
          lots: size,
          takerSide: i.side === 'buy' ? 0 : 1,
        });
        left -= size;
        if (i.pick % 2 === 0) break; // often only part of it fills
      }
      return {
        kind: 'place',
        at,
        order: {
          id,
          userId: i.user,
          pairId: i.pair,
          side: i.side,
          type: market ? 1 : 0,
          priceTicks: market ? 0 : i.price,
          lots: i.lots,
          ...(market ? {} : { timeInForce: i.timeInForce, postOnly: i.postOnly && i.timeInForce === 0 }),
          lock,
          baseCurrencyId: g.base,
          quoteCurrencyId: g.quote,
        },
        fills,
      };
    }
    case 'cross': {
      // A new limit order of `user` that takes a resting order of another user at the maker's price.
      const makers = open.filter((order) => order.type === 0 && order.userId !== i.user);
      const maker = makers[i.pick % Math.max(1, makers.length)];
      if (!maker) return null;
      const mg = GRIDS[maker.pairId]!;
      const side = maker.side === 'buy' ? ('sell' as const) : ('buy' as const);
      const lots = Math.min(i.lots, maker.lots - maker.filledLots);
      const id = state.nextOrderId;
      return {
        kind: 'place',
        at,
        order: {
          id,
          userId: i.user,
          pairId: maker.pairId,
          side,
          type: 0,
          priceTicks: maker.priceTicks,
          lots,
          lock: side === 'sell' ? baseUnits(lots, mg) : quoteUnits(maker.priceTicks, lots, mg, 'ceil'),
          baseCurrencyId: mg.base,
          quoteCurrencyId: mg.quote,
        },
        fills: [
          {
            pairId: maker.pairId,
            time: at,
            makerId: maker.id,
            takerId: id,
            makerOwner: owner(maker.userId),
            takerOwner: owner(i.user),
            price: maker.priceTicks,
            lots,
            takerSide: side === 'buy' ? 0 : 1,
          },
        ],
      };
    }
    case 'settle': {
      const order = open[i.pick % Math.max(1, open.length)];
      if (!order) return null;
      const lots = Math.max(1, Math.min(i.lots, order.lots - order.filledLots));
      return {
        kind: 'settle',
        at,
        fills: [
          {
            pairId: order.pairId,
            time: at,
            makerId: order.id,
            takerId: 2 ** 50,
            makerOwner: owner(order.userId),
            takerOwner: AGENT,
            price: order.priceTicks,
            lots,
            takerSide: order.side === 'buy' ? 1 : 0,
          },
        ],
      };
    }
    case 'cancel': {
      // Half the time one of the user's own open orders; else any order (usually someone else's).
      const all =
        i.pick % 2 === 0
          ? open.filter((candidate) => candidate.userId === i.user)
          : [...state.orders.values()];
      const order = all[Math.floor(i.pick / 2) % Math.max(1, all.length)];
      return { kind: 'cancel', at, userId: i.user, orderId: order?.id ?? 999 };
    }
  }
  return null;
}

function checkInvariants(state: SpotState): void {
  const expectedLocks = new Map<string, bigint>();
  for (const order of state.orders.values()) {
    expect(order.filledLots).toBeLessThanOrEqual(order.lots);
    expect(order.locked >= 0n).toBe(true);
    if (order.status !== OPEN) {
      expect(order.locked).toBe(0n);
      continue;
    }
    const key = `${order.userId}:${lockCurrencyOf(order)}`;
    expectedLocks.set(key, (expectedLocks.get(key) ?? 0n) + order.locked);
  }
  for (const [key, balance] of state.balances) {
    expect(balance.available >= 0n, `available ${key}`).toBe(true);
    expect(balance.locked >= 0n, `locked ${key}`).toBe(true);
    expect(balance.locked, `lock of ${key} = open orders' locks`).toBe(expectedLocks.get(key) ?? 0n);
  }
}

describe('spot ledger aggregate', () => {
  it('never lets a balance or a lock go negative; locks are exactly what open orders hold', () => {
    fc.assert(
      fc.property(fc.array(intent, { minLength: 1, maxLength: 80 }), (intents) => {
        let state = aggregate.initial();
        const log: SpotEvent[] = [];
        let at = 1_000;
        const credits = USERS.map((user) => ({ kind: 'credit', user }) as Intent);
        for (const i of [...credits, ...intents]) {
          const command = commandFor(state, i, at++);
          if (!command) continue;
          const decision = aggregate.decide(state, command);
          const placing = command.kind === 'place' ? command : null;
          const took = placing?.fills.some((fill) => fill.takerId === placing.order.id) ?? false;
          if (!decision.ok) {
            expect([
              'spotInsufficient',
              'spotOrderNotFound',
              'spotOrderNotOpen',
              'spotStale',
              'spotPostOnlyWouldTake',
              'spotFillOrKill',
            ]).toContain(decision.error);
            // Post-only is refused only for taking; fill or kill only for not filling all of it.
            if (decision.error === 'spotPostOnlyWouldTake')
              expect(placing?.order.postOnly && took).toBe(true);
            if (decision.error === 'spotFillOrKill')
              expect(placing?.order.timeInForce).toBe(TIME_IN_FORCE_FOK);
            continue;
          }
          for (const event of decision.events) {
            state = evolveSpot(state, event);
            log.push(event);
          }
          checkInvariants(state);
          if (placing && decision.events.length > 0) {
            const placed = state.orders.get(placing.order.id)!;
            // Post-only never takes; FOK ends filled; IOC never stays open.
            if (placing.order.postOnly) expect(took).toBe(false);
            if (placing.order.timeInForce === TIME_IN_FORCE_FOK)
              expect(placed.status).toBe(ORDER_STATUS_FILLED);
            if (placing.order.timeInForce === TIME_IN_FORCE_IOC) expect(placed.status).not.toBe(OPEN);
          }
        }
        // The log alone rebuilds the state, and a snapshot round-trips exactly.
        const replayed = log.reduce(evolveSpot, aggregate.initial());
        expect(serialize(replayed)).toBe(serialize(state));
        expect(serialize(deserialize(serialize(state)))).toBe(serialize(state));
      }),
      { numRuns: 150 },
    );
  });

  it('between users only, no money is made or lost: what one pays the other gets, less the fee', () => {
    fc.assert(
      fc.property(
        fc.array(
          intent.filter((i) => i.kind === 'limit' || i.kind === 'cross' || i.kind === 'cancel'),
          { maxLength: 60 },
        ),
        (intents) => {
          let state = aggregate.initial();
          for (const userId of USERS) {
            const credit = commandFor(state, { kind: 'credit', user: userId } as Intent, 0)!;
            const decision = aggregate.decide(state, credit);
            if (decision.ok) state = decision.events.reduce(evolveSpot, state);
          }
          const total = (s: SpotState, currency: number) =>
            USERS.reduce(
              (sum, user) =>
                sum + balanceOf(s, user, currency).available + balanceOf(s, user, currency).locked,
              0n,
            ) + (s.fees.get(currency) ?? 0n);
          const before = [1, 2, 3].map((currency) => total(state, currency));
          let at = 1;
          for (const i of intents) {
            // Resting orders only (no agent fills): limit orders without fills, crosses and cancels.
            const command = commandFor(state, i.kind === 'limit' ? { ...i, split: 0 } : i, at++);
            if (!command) continue;
            const decision = aggregate.decide(state, command);
            if (decision.ok) state = decision.events.reduce(evolveSpot, state);
          }
          expect([1, 2, 3].map((currency) => total(state, currency))).toEqual(before);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("refuses an order the available balance cannot lock, and a cancel of someone else's order", () => {
    let state = aggregate.initial();
    const place = (userId: number, lock: bigint) =>
      aggregate.decide(state, {
        kind: 'place',
        at: 1,
        order: {
          id: state.nextOrderId,
          userId,
          pairId: 1,
          side: 'buy',
          type: 0,
          priceTicks: 100,
          lots: 1,
          lock,
          baseCurrencyId: 2,
          quoteCurrencyId: 1,
        },
        fills: [],
      });
    expect(place(1, 1n)).toEqual({ ok: false, error: 'spotInsufficient' });
    const credited = aggregate.decide(state, {
      kind: 'credit',
      at: 0,
      grant: 0,
      userId: 1,
      lines: [{ currencyId: 1, units: 500n }],
    });
    if (!credited.ok) throw new Error('credit refused');
    state = credited.events.reduce(evolveSpot, state);
    const placed = place(1, 400n);
    if (!placed.ok) throw new Error('place refused');
    state = placed.events.reduce(evolveSpot, state);
    expect(balanceOf(state, 1, 1)).toEqual({ available: 100n, locked: 400n });
    expect(aggregate.decide(state, { kind: 'cancel', at: 2, userId: 2, orderId: 1 })).toEqual({
      ok: false,
      error: 'spotOrderNotFound',
    });
    const cancelled = aggregate.decide(state, { kind: 'cancel', at: 2, userId: 1, orderId: 1 });
    if (!cancelled.ok) throw new Error('cancel refused');
    state = cancelled.events.reduce(evolveSpot, state);
    expect(balanceOf(state, 1, 1)).toEqual({ available: 500n, locked: 0n });
    expect(aggregate.decide(state, { kind: 'cancel', at: 3, userId: 1, orderId: 1 })).toEqual({
      ok: false,
      error: 'spotOrderNotOpen',
    });
    // A grant is credited once, whatever replays it.
    expect(
      aggregate.decide(state, {
        kind: 'credit',
        at: 0,
        grant: 0,
        userId: 1,
        lines: [{ currencyId: 1, units: 500n }],
      }),
    ).toEqual({ ok: true, events: [] });
  });
});
