import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { leverOrderCost } from '../../../src/domain/lever/order-risk.ts';
import { leverStopProblem, type LeverSide } from '../../../src/domain/lever/rules.ts';
import { stopLegFigures, type StopLeg, type StopWay } from '../../../src/domain/lever/stop-entry.ts';
import { scaledToText, unitsPlainText } from '../../../src/domain/money.ts';
import { leverOrderMachine, submitPayload } from '../../../src/machines/lever-order.machine.ts';
import type { LeverTerms } from '../../../src/machines/lever-terms.ts';
import { exchangeAggregate, type ExchangeCommand } from '../../../src/sim/exchange/exchange.ts';
import type { ExchangeState } from '../../../src/sim/exchange/state.ts';
import type { LeverEvent } from '../../../src/sim/features/lever/events.ts';
import { leverPart } from '../../../src/sim/features/lever/part.ts';
import { spotAggregate } from '../../../src/sim/features/spot/aggregate.ts';
import { walletPart } from '../../../src/sim/features/wallet/part.ts';
import { priceUnits } from '../../../src/sim/market/lever-terms.ts';
import { pairById } from '../../../src/sim/market/pairs.ts';
import { createActor, fromPromise, waitFor } from 'xstate';
import { Coverage } from '../property-coverage.ts';

/**
 * Issue 32 item 2: a take-profit and a stop-loss set with the order, typed as a price, a % move or a
 * PnL amount. The form refuses a leg on the wrong side of the entry exactly when lever/submit does
 * (the same domain rule, at the same entry), it never rewrites what was typed, and the price it
 * sends is the one the other two ways were derived from.
 */
const aggregate = exchangeAggregate(spotAggregate(pairById), [walletPart, leverPart]);
const BTC = pairById(1)!;
const START = Date.UTC(2026, 10, 2, 9, 0, 0);
const LAST = { id: 99, time: START, price: 6_500_000 }; // 65 000.00
const LAST_TEXT = scaledToText(BigInt(LAST.price), BTC.priceDecimals);

function funded(): ExchangeState {
  let state = aggregate.initial();
  for (const command of [
    { kind: 'credit', at: START, grant: 0, userId: 1, lines: [{ currencyId: 1, units: 10n ** 14n }] },
    { kind: 'transfer', at: START, userId: 1, currencyId: 1, from: 'change', to: 'lever', units: 10n ** 13n },
  ]) {
    const decision = aggregate.decide(state, command as unknown as ExchangeCommand);
    if (!decision.ok) throw new Error(decision.error);
    for (const event of decision.events) state = aggregate.evolve(state, event);
  }
  return state;
}
const FUNDED = funded();

const TERMS: LeverTerms = {
  shareNum: BTC.leverShareNum,
  minShare: 1,
  maxShare: 500,
  feeRate: BTC.leverFeeRate,
  pointRate: BTC.leverPointRate,
  multiples: [2, 5, 10, 20, 50, 100],
  balance: '100000',
  quoteCode: 'USDT',
  priceDecimals: BTC.priceDecimals,
  account: null,
};

/** A leg typed one way: a price around the last one, a % up to 30, an amount up to 2 000 USDT. */
const typedLeg = fc.oneof(
  fc.constant({ by: 'price' as StopWay, text: '' }),
  fc
    .integer({ min: 3_250_000, max: 9_750_000 })
    .map((ticks) => ({ by: 'price' as StopWay, text: scaledToText(BigInt(ticks), 2) })),
  fc.integer({ min: 0, max: 3_000 }).map((n) => ({ by: 'percent' as StopWay, text: (n / 100).toFixed(2) })),
  fc.integer({ min: 0, max: 200_000 }).map((n) => ({ by: 'amount' as StopWay, text: (n / 100).toFixed(2) })),
);
const side = fc.constantFrom<LeverSide>('long', 'short');

/** The real form machine, typed into the way a person does, up to the long or short button. */
async function typeOrder(
  s: LeverSide,
  tp: { by: StopWay; text: string },
  sl: { by: StopWay; text: string },
  limit: string,
) {
  const actor = createActor(
    leverOrderMachine.provide({ actors: { loadTerms: fromPromise(async () => TERMS) } }),
    { input: { matchId: 1, decimalComma: false } },
  ).start();
  await waitFor(actor, (snapshot) => snapshot.matches('editing'));
  actor.send({ type: 'LAST', price: LAST_TEXT });
  if (limit !== '') {
    actor.send({ type: 'MODE', mode: 'fixed' });
    actor.send({ type: 'PRICE', text: limit });
  }
  actor.send({ type: 'LOTS', text: '3' });
  actor.send({ type: 'MULTIPLE', multiple: 10 });
  actor.send({ type: 'STOP_BY', leg: 'tp', by: tp.by });
  actor.send({ type: 'TP', text: tp.text });
  actor.send({ type: 'STOP_BY', leg: 'sl', by: sl.by });
  actor.send({ type: 'SL', text: sl.text });
  actor.send({ type: 'SUBMIT', side: s });
  const snapshot = actor.getSnapshot();
  actor.stop();
  return snapshot;
}

describe('take-profit and stop-loss with the order (issue 32)', () => {
  it('the form refuses a leg exactly when lever/submit does, keeps what was typed, and sends the price it derived', async () => {
    const coverage = new Coverage();
    await fc.assert(
      fc.asyncProperty(side, typedLeg, typedLeg, fc.boolean(), async (s, tp, sl, fixed) => {
        coverage.run();
        // A fixed price 1 % on the order's side of the last one, or the market.
        const limitTicks = Math.round(LAST.price * (s === 'long' ? 0.99 : 1.01));
        const limit = fixed ? priceUnits(BTC, limitTicks) : 0n;
        const snapshot = await typeOrder(s, tp, sl, fixed ? scaledToText(BigInt(limitTicks), 2) : '');
        // Never rewritten: each leg's field holds what was typed.
        expect([snapshot.context.tp, snapshot.context.sl]).toEqual([tp.text, sl.text]);
        const problems = snapshot.context.problems;
        expect(Object.keys(problems).filter((key) => key !== 'tp' && key !== 'sl')).toEqual([]);
        const cost = leverOrderCost(
          {
            shareNum: BTC.leverShareNum,
            feeRate: BTC.leverFeeRate,
            pointRate: BTC.leverPointRate,
            priceDecimals: 2,
          },
          { side: s, lots: 3n, multiple: 10, limit, last: priceUnits(BTC, LAST.price) },
        );
        const price = (leg: StopLeg, typed: { by: StopWay; text: string }): bigint => {
          if (typed.text === '') return 0n;
          const value = BigInt(Math.round(Number(typed.text) * 100)) * 1_000_000n;
          if (typed.by === 'price' && value === 0n) return 0n;
          return stopLegFigures(s, leg, cost.entry, cost.quantity, typed.by, value, 2).price;
        };
        const takeProfit = price('tp', tp);
        const stopLoss = price('sl', sl);
        if (takeProfit < 0n || stopLoss < 0n) {
          // Overshot below 0: nothing to send, and the form says so.
          expect(problems.tp ?? problems.sl).toBeDefined();
          coverage.saw('overshot');
          return;
        }
        const decision = aggregate.decide(FUNDED, {
          kind: 'leverPlace',
          at: START + 1,
          userId: 1,
          pairId: 1,
          side: s,
          lots: 3n,
          multiple: 10,
          limit,
          takeProfit,
          stopLoss,
          last: LAST,
        } as unknown as ExchangeCommand);
        const expected =
          problems.tp?.kind === 'tpSide'
            ? 'leverTakeProfitSide'
            : problems.sl?.kind === 'slSide'
              ? 'leverStopLossSide'
              : null;
        expect(decision.ok ? null : decision.error).toBe(expected);
        const rule = leverStopProblem(s, cost.entry, priceUnits(BTC, LAST.price), takeProfit, stopLoss);
        expect(rule === null).toBe(expected === null);
        if (!decision.ok) {
          expect(snapshot.matches('confirming')).toBe(false);
          coverage.saw('refused');
          return;
        }
        coverage.saw(takeProfit > 0n || stopLoss > 0n ? 'placedWithStops' : 'placedBare');
        const placed = (decision.events as unknown as LeverEvent[]).find((e) => e.type === 'LeverPlaced');
        if (placed?.type !== 'LeverPlaced') throw new Error('not placed');
        expect([placed.position.takeProfit, placed.position.stopLoss]).toEqual([takeProfit, stopLoss]);
        // The confirm holds these very prices, and the payload carries them.
        const pending = snapshot.context.pending;
        expect(pending && [pending.tp, pending.sl]).toEqual([
          takeProfit > 0n ? unitsPlainText(takeProfit) : '',
          stopLoss > 0n ? unitsPlainText(stopLoss) : '',
        ]);
        const payload = submitPayload({ matchId: 1, password: '', order: pending! });
        expect(payload).toMatchObject({
          ...(takeProfit > 0n ? { target_profit_price: unitsPlainText(takeProfit) } : {}),
          ...(stopLoss > 0n ? { stop_loss_price: unitsPlainText(stopLoss) } : {}),
        });
        expect('target_profit_price' in payload).toBe(takeProfit > 0n);
      }),
      { numRuns: 300 },
    );
    coverage.expectEach(['refused', 'placedWithStops', 'placedBare'], { atLeast: 10, per: 300 });
  });
});
