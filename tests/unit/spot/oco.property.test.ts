import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  groupOcoLegs,
  ocoHolds,
  ocoLock,
  ocoPriceRefusal,
  type OcoListed,
} from '../../../src/domain/spot/oco.ts';
import { baseUnits, quoteUnits, type PairGrid } from '../../../src/domain/spot/settlement.ts';
import { evolveSpot, spotAggregate } from '../../../src/sim/features/spot/aggregate.ts';
import type { FillFact, SpotCommand } from '../../../src/sim/features/spot/commands.ts';
import type { SpotEvent } from '../../../src/sim/features/spot/events.ts';
import { balanceOf, OPEN, ocoLegOf, type SpotState } from '../../../src/sim/features/spot/state.ts';
import { Coverage } from '../property-coverage.ts';

const GRID: PairGrid = { priceDecimals: 2, lotDecimals: 5 };
const BASE = 2;
const QUOTE = 1;
const USER = 1;
const aggregate = spotAggregate(() => GRID);

describe('OCO rules', () => {
  it("the price rule is Binance's: a sell needs limit > last > stop, a buy limit < last < stop", () => {
    fc.assert(
      fc.property(
        fc.constantFrom('buy' as const, 'sell' as const),
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 1, max: 50 }),
        (side, limit, stop, last) => {
          const refusal = ocoPriceRefusal(side, limit, stop, last);
          const ok = side === 'sell' ? limit > last && last > stop : limit < last && last < stop;
          expect(refusal === null).toBe(ok);
          if (!ok) expect(refusal).toBe(side === 'sell' ? 'spotOcoSellPrices' : 'spotOcoBuyPrices');
          // The same answer on scaled BigInt, as the form reads typed prices.
          expect(ocoPriceRefusal(side, BigInt(limit), BigInt(stop), BigInt(last))).toBe(refusal);
        },
      ),
    );
    expect(ocoPriceRefusal('sell', 10, 5, Number.NaN)).toBe('spotOcoSellPrices');
  });

  it('one lock for both legs: a sell locks its quantity once; a buy what its costlier leg needs', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        (limit, stopLimit, lots) => {
          expect(ocoLock('sell', limit, stopLimit, lots, GRID)).toBe(baseUnits(lots, GRID));
          const a = quoteUnits(limit, lots, GRID, 'ceil');
          const b = quoteUnits(stopLimit, lots, GRID, 'ceil');
          expect(ocoLock('buy', limit, stopLimit, lots, GRID)).toBe(a > b ? a : b);
        },
      ),
    );
  });

  it('a list shows each OCO as one group: partners next to each other, nothing lost, nothing doubled', () => {
    const coverage = new Coverage();
    fc.assert(
      fc.property(fc.array(fc.boolean(), { maxLength: 12 }), fc.infiniteStream(fc.nat()), (isOco, picks) => {
        coverage.run();
        // Rows 2i and 2i+1 form an OCO when isOco[i]; then the list is shuffled and cut.
        const rows: OcoListed[] = isOco.flatMap((oco, i): OcoListed[] =>
          oco
            ? [
                { id: 2 * i, oco_id: 2 * i + 1 },
                { id: 2 * i + 1, oco_id: 2 * i },
              ]
            : [{ id: 2 * i }, { id: 2 * i + 1 }],
        );
        const iterator = picks[Symbol.iterator]();
        const shuffled = rows
          .map((row) => ({ row, key: iterator.next().value as number }))
          .sort((a, b) => a.key - b.key)
          .map(({ row }) => row)
          .filter(() => (iterator.next().value as number) % 5 !== 0);
        const grouped = groupOcoLegs(shuffled);
        expect(grouped.map(({ row }) => row.id).sort((a, b) => a - b)).toEqual(
          shuffled.map((row) => row.id).sort((a, b) => a - b),
        );
        grouped.forEach(({ row, place }, i) => {
          const partnerListed = shuffled.some((other) => other.id === row.oco_id);
          if (place === 'lead')
            expect(grouped[i + 1]).toMatchObject({ row: { id: row.oco_id }, place: 'follow' });
          if (place === 'follow')
            expect(grouped[i - 1]).toMatchObject({ row: { id: row.oco_id }, place: 'lead' });
          expect(place !== null).toBe(partnerListed);
          coverage.saw(place ?? 'alone');
        });
        // Rows that are not OCO legs keep their order.
        const plain = (list: ReadonlyArray<{ oco_id?: number }>) =>
          list.filter((row) => row.oco_id === undefined);
        expect(plain(grouped.map(({ row }) => row))).toEqual(plain(shuffled));
      }),
      { numRuns: 200 },
    );
    coverage.expectEach(['lead', 'follow', 'alone'], { atLeast: 20, per: 200 });
  });
});

/** What may happen to an OCO group once placed. */
type Step =
  | { kind: 'fillLimit'; group: number; lots: number }
  | { kind: 'trigger'; group: number; through: boolean }
  | { kind: 'fillStop'; group: number; lots: number }
  | { kind: 'cancel'; group: number; leg: 'limit' | 'stop' };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('fillLimit' as const),
    group: fc.nat(3),
    lots: fc.integer({ min: 1, max: 120 }),
  }),
  fc.record({ kind: fc.constant('trigger' as const), group: fc.nat(3), through: fc.boolean() }),
  fc.record({
    kind: fc.constant('fillStop' as const),
    group: fc.nat(3),
    lots: fc.integer({ min: 1, max: 120 }),
  }),
  fc.record({
    kind: fc.constant('cancel' as const),
    group: fc.nat(3),
    leg: fc.constantFrom('limit' as const, 'stop' as const),
  }),
);

const group = fc.record({
  side: fc.constantFrom('buy' as const, 'sell' as const),
  lots: fc.integer({ min: 1, max: 100 }),
  // Prices around a last trade at 10,000 ticks, on the sides the rule asks for.
  limitOffset: fc.integer({ min: 1, max: 500 }),
  stopOffset: fc.integer({ min: 1, max: 500 }),
  stopLimitOffset: fc.integer({ min: -300, max: 300 }),
});

describe('the spot ledger keeps an OCO to its rule', () => {
  it('an OCO never leaves both legs working, and its one lock is always exactly what its open leg holds', () => {
    const coverage = new Coverage();
    fc.assert(
      fc.property(
        fc.array(group, { minLength: 1, maxLength: 4 }),
        fc.array(step, { maxLength: 25 }),
        (groups, steps) => {
          coverage.run();
          let state: SpotState = aggregate.initial();
          let tradeId = 100;
          const run = (command: SpotCommand): SpotEvent[] => {
            const decision = aggregate.decide(state, command);
            expect(decision.ok).toBe(true);
            if (!decision.ok) return [];
            state = decision.events.reduce(evolveSpot, state);
            return decision.events;
          };
          run({
            kind: 'credit',
            at: 0,
            grant: 0,
            userId: USER,
            lines: [
              { currencyId: QUOTE, units: 10n ** 15n },
              { currencyId: BASE, units: 10n ** 12n },
            ],
          });
          const legs = groups.map((g) => {
            const last = 10_000;
            const limitTicks = g.side === 'sell' ? last + g.limitOffset : last - g.limitOffset;
            const stopTicks = g.side === 'sell' ? last - g.stopOffset : last + g.stopOffset;
            const stopLimitTicks = Math.max(1, stopTicks + g.stopLimitOffset);
            expect(ocoPriceRefusal(g.side, limitTicks, stopTicks, last)).toBeNull();
            const id = state.nextOrderId;
            const common = {
              userId: USER,
              pairId: 1,
              side: g.side,
              lots: g.lots,
              baseCurrencyId: BASE,
              quoteCurrencyId: QUOTE,
            };
            run({
              kind: 'placeOco',
              at: 1,
              limit: {
                ...common,
                id,
                type: 0,
                priceTicks: limitTicks,
                postOnly: true,
                ocoWith: id + 1,
                lock: ocoLock(g.side, limitTicks, stopLimitTicks, g.lots, GRID),
              },
              stop: {
                ...common,
                id: id + 1,
                type: 2,
                priceTicks: stopLimitTicks,
                stopTicks,
                stopDirection: g.side === 'sell' ? 'fall' : 'rise',
                stopAfterTrade: tradeId,
                ocoWith: id,
                lock: 0n,
              },
            });
            return { limit: id, stop: id + 1, side: g.side, stopTicks };
          });
          const fill = (orderId: number, lots: number, price: number): FillFact => {
            const order = state.orders.get(orderId)!;
            // The order rests; an agent takes it.
            return {
              pairId: 1,
              time: 0,
              makerId: orderId,
              takerId: 10 ** 9,
              makerOwner: 1_000 + USER,
              takerOwner: 7,
              price,
              lots,
              takerSide: order.side === 'buy' ? 1 : 0,
            };
          };
          const check = () => {
            for (const g of legs) {
              const limit = state.orders.get(g.limit)!;
              const stop = state.orders.get(g.stop)!;
              expect(ocoHolds(ocoLegOf(limit), ocoLegOf(stop))).toBe(true);
              // A stop leg holds nothing until it triggers; then its limit leg is over.
              if (!stop.triggeredBy) expect(stop.locked).toBe(0n);
              else expect(limit.status).not.toBe(OPEN);
              for (const leg of [limit, stop]) {
                if (leg.status !== OPEN) expect(leg.locked).toBe(0n);
                expect(leg.locked >= 0n).toBe(true);
              }
            }
            const open = [...state.orders.values()].filter((order) => order.status === OPEN);
            for (const currency of [BASE, QUOTE]) {
              const balance = balanceOf(state, USER, currency);
              expect(balance.available >= 0n).toBe(true);
              const held = open
                .filter((order) => (order.side === 'buy' ? QUOTE : BASE) === currency)
                .reduce((sum, order) => sum + order.locked, 0n);
              expect(balance.locked).toBe(held);
            }
          };
          check();
          for (const s of steps) {
            const g = legs[s.group % legs.length]!;
            if (s.kind === 'fillLimit') {
              const limit = state.orders.get(g.limit)!;
              const events = run({ kind: 'settle', at: 2, fills: [fill(g.limit, s.lots, limit.priceTicks)] });
              if (events.some((e) => e.type === 'OrderFilled')) coverage.saw('limit filled');
            } else if (s.kind === 'trigger') {
              const stop = state.orders.get(g.stop)!;
              tradeId += 1;
              const crossing = g.side === 'sell' ? g.stopTicks - 1 : g.stopTicks + 1;
              const trade = {
                id: tradeId,
                price: s.through ? crossing : g.side === 'sell' ? g.stopTicks + 50 : g.stopTicks - 50,
                time: 3,
              };
              const events = run({
                kind: 'trigger',
                at: 3,
                triggers: [{ orderId: stop.id, trade }],
                fills: [],
              });
              if (events.some((e) => e.type === 'OrderLocked')) coverage.saw('stop triggered, lock moved');
            } else if (s.kind === 'fillStop') {
              const stop = state.orders.get(g.stop)!;
              const events = run({ kind: 'settle', at: 4, fills: [fill(g.stop, s.lots, stop.priceTicks)] });
              if (events.some((e) => e.type === 'OrderFilled')) coverage.saw('stop leg filled');
            } else {
              const id = s.leg === 'limit' ? g.limit : g.stop;
              const decision = aggregate.decide(state, { kind: 'cancel', at: 5, userId: USER, orderId: id });
              if (decision.ok) {
                state = decision.events.reduce(evolveSpot, state);
                if (decision.events.length === 2) coverage.saw('both cancelled');
              }
            }
            check();
          }
        },
      ),
      { numRuns: 300 },
    );
    coverage.expectEach(['limit filled', 'stop triggered, lock moved', 'stop leg filled', 'both cancelled'], {
      atLeast: 5,
      per: 300,
    });
  });
});
