import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Coverage } from '../property-coverage.ts';
import {
  leverOrderCost,
  leverOrderRisk,
  type LeverOrderTerms,
} from '../../../src/domain/lever/order-risk.ts';
import { unitsText } from '../../../src/domain/money.ts';
import { exchangeAggregate, type ExchangeCommand } from '../../../src/sim/exchange/exchange.ts';
import type { ExchangeState } from '../../../src/sim/exchange/state.ts';
import { leverAccountAnswer, leverPositionAnswer } from '../../../src/sim/features/lever/answers.ts';
import type { LeverCommand, LeverEvent } from '../../../src/sim/features/lever/events.ts';
import { accountFigures, leverOf, leverPart } from '../../../src/sim/features/lever/part.ts';
import type { TapeTradeRef } from '../../../src/sim/features/micro/state.ts';
import { spotAggregate } from '../../../src/sim/features/spot/aggregate.ts';
import { walletPart } from '../../../src/sim/features/wallet/part.ts';
import { LEVER_MULTIPLES, priceUnits } from '../../../src/sim/market/lever-terms.ts';
import { pairById, type PairSpec } from '../../../src/sim/market/pairs.ts';

/**
 * Issue 32 item 1: the risk shown before an order (leverOrderRisk) is what the exchange then
 * settles. Random accounts (other positions on both USDT pairs, moved markets, spent balances), then
 * one more order: its entry, quantity, bond and fee are the placed position's; it is refused for the
 * balance exactly when the estimate says it is not affordable; and once it is open, the liquidation
 * price and the account's risk rate the exchange answers are the estimated ones, to the last unit.
 */
const aggregate = exchangeAggregate(spotAggregate(pairById), [walletPart, leverPart]);
const USDT = 1;
const USER = 1;
const START = Date.UTC(2026, 10, 2, 9, 0, 0);

function termsOf(pair: PairSpec): LeverOrderTerms {
  return {
    shareNum: pair.leverShareNum,
    feeRate: pair.leverFeeRate,
    pointRate: pair.leverPointRate,
    priceDecimals: pair.priceDecimals,
  };
}

interface World {
  state: ExchangeState;
  at: number;
  tapeId: number;
  last: Map<number, TapeTradeRef>;
}

function apply(world: World, command: LeverCommand | ExchangeCommand): LeverEvent[] | string {
  const decision = aggregate.decide(world.state, command as ExchangeCommand);
  if (!decision.ok) return decision.error;
  for (const event of decision.events) world.state = aggregate.evolve(world.state, event);
  return decision.events as unknown as LeverEvent[];
}

function moved(ticks: number, bps: number): number {
  return Math.max(1, Math.round((ticks * (10_000 + bps)) / 10_000));
}

function newWorld(lever: bigint): World {
  const world: World = { state: aggregate.initial(), at: START, tapeId: 100, last: new Map() };
  world.last.set(1, { id: 99, time: START, price: 6_500_000 });
  world.last.set(2, { id: 100, time: START, price: 350_000 });
  apply(world, {
    kind: 'credit',
    at: START,
    grant: 0,
    userId: USER,
    lines: [{ currencyId: USDT, units: 10n ** 14n }],
  });
  apply(world, {
    kind: 'transfer',
    at: START,
    userId: USER,
    currencyId: USDT,
    from: 'change',
    to: 'lever',
    units: lever,
  });
  return world;
}

/** A market trade on `pairId` `bps` from its last price, run through the clock's pass. */
function trade(world: World, pairId: number, bps: number): void {
  world.at += 1_000;
  world.tapeId += 1;
  const next = { id: world.tapeId, time: world.at, price: moved(world.last.get(pairId)!.price, bps) };
  world.last.set(pairId, next);
  apply(world, { kind: 'leverAdvance', at: world.at, day: 0, trades: [{ pairId, trades: [next] }] });
}

const side = fc.constantFrom('long' as const, 'short' as const);
const order = fc.record({
  pair: fc.constantFrom(1, 2),
  side,
  lots: fc.integer({ min: 1, max: 500 }),
  multiple: fc.constantFrom(...LEVER_MULTIPLES),
  /** 0: at market; else how far (basis points) on its allowed side a fixed price rests. */
  away: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 1_500 })),
});
const before = fc.array(
  fc.record({ order, moves: fc.array(fc.integer({ min: -300, max: 300 }), { maxLength: 3 }) }),
  { maxLength: 6 },
);

/** Places `o` at the world's last price; the estimate made just before it, and what happened. */
function placeWithEstimate(world: World, o: typeof order extends fc.Arbitrary<infer T> ? T : never) {
  const pair = pairById(o.pair)!;
  const last = world.last.get(o.pair)!;
  const up = o.side === 'long' ? -1 : 1;
  const limit = o.away === 0 ? 0n : priceUnits(pair, moved(last.price, up * o.away));
  const marks = new Map(leverOf(world.state).marks).set(o.pair, last);
  const figures = accountFigures(world.state, USER, USDT, marks);
  const intent = {
    side: o.side,
    lots: BigInt(o.lots),
    multiple: o.multiple,
    limit,
    last: priceUnits(pair, last.price),
  };
  const risk = leverOrderRisk(termsOf(pair), intent, figures);
  world.at += 1;
  const outcome = apply(world, {
    kind: 'leverPlace',
    at: world.at,
    userId: USER,
    pairId: o.pair,
    side: o.side,
    lots: BigInt(o.lots),
    multiple: o.multiple,
    limit,
    last,
  });
  return { risk, outcome, limit, pair, figures, intent };
}

describe('the risk before a lever order is the settlement (issue 32)', () => {
  it('cost, refusal, liquidation price and risk rate as estimated', () => {
    const coverage = new Coverage();
    fc.assert(
      fc.property(fc.bigInt({ min: 10n ** 9n, max: 10n ** 12n }), before, order, (funds, earlier, o) => {
        coverage.run();
        const world = newWorld(funds);
        for (const step of earlier) {
          placeWithEstimate(world, step.order);
          for (const bps of step.moves) trade(world, step.order.pair, bps);
        }
        const { risk, outcome, limit, pair, figures, intent } = placeWithEstimate(world, o);
        if (typeof outcome === 'string') {
          // Every order here keeps the pair's rules: the balance is the only refusal.
          expect(outcome).toBe('leverInsufficient');
          expect(risk.affordable).toBe(false);
          coverage.saw('refused');
          return;
        }
        expect(risk.affordable).toBe(true);
        const placed = outcome.find((event) => event.type === 'LeverPlaced');
        if (placed?.type !== 'LeverPlaced') throw new Error('no position');
        const p = placed.position;
        expect([p.entry, p.quantity, p.bond, p.fee]).toEqual([
          risk.entry,
          risk.quantity,
          risk.bond,
          risk.fee,
        ]);
        let marks = new Map(leverOf(world.state).marks);
        if (limit > 0n) {
          // Filled by a trade at exactly its price; the estimate is for that moment, the other
          // positions valued at the same marks.
          world.tapeId += 1;
          const fill = { id: world.tapeId, time: world.at + 1, price: Number(limit / priceUnits(pair, 1)) };
          const filled = apply(world, {
            kind: 'leverAdvance',
            at: world.at + 1,
            day: 0,
            trades: [{ pairId: o.pair, trades: [fill] }],
          });
          // A trade that also filled another pending order or closed a position changed the rest of
          // the account: another story.
          const alone = (event: LeverEvent) =>
            event.type !== 'LeverClosed' && (event.type !== 'LeverFilled' || event.positionId === p.id);
          if (typeof filled === 'string' || !filled.every(alone)) return;
          marks = new Map(leverOf(world.state).marks);
          const others = accountFigures(world.state, USER, USDT, marks);
          const atFill = leverOrderRisk(termsOf(pair), intent, {
            free: figures.free,
            bonds: figures.bonds,
            pnl: others.pnl,
          });
          expectSettled(world.state, p.id, marks, atFill);
          coverage.saw('fixed');
          return;
        }
        expectSettled(world.state, p.id, marks, risk);
        coverage.saw('market');
      }),
      { numRuns: 300 },
    );
    coverage.expectEach(['market', 'fixed'], { atLeast: 20, per: 300 });
    coverage.expectEach(['refused'], { atLeast: 5, per: 300 });
  });
});

describe('an order that takes the whole free balance', () => {
  it('is affordable to the last unit, and refused one unit short, by the estimate and the exchange alike', () => {
    const o = { pair: 1 as const, side: 'long' as const, lots: 3, multiple: 10, away: 0 };
    const pair = pairById(o.pair)!;
    const last = priceUnits(pair, 6_500_000);
    const cost = leverOrderCost(termsOf(pair), { side: o.side, lots: 3n, multiple: 10, limit: 0n, last });
    const exact = placeWithEstimate(newWorld(cost.bond + cost.fee), o);
    expect(exact.risk.affordable).toBe(true);
    expect(typeof exact.outcome).not.toBe('string');
    const short = placeWithEstimate(newWorld(cost.bond + cost.fee - 1n), o);
    expect(short.risk.affordable).toBe(false);
    expect(short.outcome).toBe('leverInsufficient');
  });
});

/** The position's answered liquidation price and the account's answered risk rate, as estimated. */
function expectSettled(
  state: ExchangeState,
  id: number,
  marks: ReadonlyMap<number, TapeTradeRef>,
  risk: ReturnType<typeof leverOrderRisk>,
): void {
  const position = leverOf(state).positions.get(id)!;
  expect(leverPositionAnswer(state, position, marks).liquidation_price).toBe(unitsText(risk.liquidation));
  expect(leverAccountAnswer(state, USER, USDT, marks).hazard_rate).toBe(risk.hazard);
}
