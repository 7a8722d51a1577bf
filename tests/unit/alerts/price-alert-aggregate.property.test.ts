import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  alertFires,
  alertTargetProblem,
  type AlertDirection,
} from '../../../src/domain/alerts/price-alert.ts';
import { firstMovingTrade, MAX_MOVE_BP, MIN_MOVE_BP } from '../../../src/domain/alerts/move-alert.ts';
import { KEEP_FIRED, priceAlertAggregate } from '../../../src/sim/features/alerts/aggregate.ts';
import type {
  AlertTrade,
  PriceAlertCommand,
  PriceAlertState,
} from '../../../src/sim/features/alerts/state.ts';

/** Folds a command's events into the state, as the log does after a commit. */
function run(state: PriceAlertState, command: PriceAlertCommand) {
  const decision = priceAlertAggregate.decide(state, command);
  if (!decision.ok) return { state, decision };
  return { state: decision.events.reduce(priceAlertAggregate.evolve, state), decision };
}

const PAIR = 1;
const direction = fc.constantFrom<AlertDirection>('rises', 'falls');
const tradePrices = fc.array(fc.bigInt({ min: 1n, max: 200n }), { minLength: 1, maxLength: 40 });

describe('the price-alert aggregate', () => {
  it('fires an alert on the first trade after it was set that reaches its price, once, and never on an earlier trade', () => {
    fc.assert(
      fc.property(
        direction,
        fc.bigInt({ min: 1n, max: 200n }),
        tradePrices,
        fc.nat(40),
        (side, target, prices, setAt) => {
          const trades: AlertTrade[] = prices.map((price, index) => ({ id: index + 1, time: index, price }));
          // Set when the tape's last trade was trade `setAt` (or before any trade, against a price on
          // the side the alert waits from), with a target the exchange accepts against it.
          const last = trades[setAt - 1] ?? { id: 0, time: 0, price: side === 'rises' ? 1n : 1_000n };
          fc.pre(alertTargetProblem(side, target, last.price) === null);
          const added = run(priceAlertAggregate.initial(), {
            kind: 'addAlert',
            at: 0,
            userId: 7,
            pairId: PAIR,
            direction: side,
            target,
            last,
          });
          expect(added.decision.ok).toBe(true);
          let state = added.state;
          // The pass sees the whole tape, trades before the alert included.
          ({ state } = run(state, { kind: 'fireAlerts', at: 1, trades: new Map([[PAIR, trades]]) }));
          const expected =
            trades.find((trade) => trade.id > last.id && alertFires(side, target, trade.price)) ?? null;
          const alert = [...state.alerts.values()][0]!;
          expect(alert.fired).toEqual(expected);
          // Another pass over any trades changes nothing once it fired.
          const again = run(state, { kind: 'fireAlerts', at: 2, trades: new Map([[PAIR, trades]]) });
          if (expected) expect(again.decision.ok && again.decision.events).toEqual([]);
        },
      ),
    );
  });

  it('fires a move alert once, on the first trade after it was set that moved the percent within the window from it or a later trade', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: MIN_MOVE_BP, max: 3_000n }),
        fc.constantFrom(3, 10, 60),
        fc.array(fc.bigInt({ min: 90n, max: 110n }), { minLength: 2, maxLength: 40 }),
        fc.integer({ min: 1, max: 39 }),
        (bp, windowMs, prices, setAt) => {
          fc.pre(setAt <= prices.length);
          const trades: AlertTrade[] = prices.map((price, index) => ({ id: index + 1, time: index, price }));
          const last = trades[setAt - 1]!;
          const added = run(priceAlertAggregate.initial(), {
            kind: 'addMoveAlert',
            at: 0,
            userId: 7,
            pairId: PAIR,
            bp,
            windowMs,
            last,
          });
          expect(added.decision.ok).toBe(true);
          // The pass sees the whole tape: trades before the alert was set are not measured from.
          const { state } = run(added.state, {
            kind: 'fireAlerts',
            at: 1,
            trades: new Map([[PAIR, trades]]),
          });
          const expected = firstMovingTrade(bp, windowMs, trades.slice(setAt - 1));
          const alert = [...state.alerts.values()][0]!;
          expect(alert.fired).toEqual(expected);
          if (expected) expect(expected.id).toBeGreaterThan(last.id);
          const again = run(state, { kind: 'fireAlerts', at: 2, trades: new Map([[PAIR, trades]]) });
          if (expected) expect(again.decision.ok && again.decision.events).toEqual([]);
        },
      ),
    );
  });

  it('refuses a move alert out of 0.1 % to 50 %, or on a pair with no trade, and changes nothing', () => {
    const last: AlertTrade = { id: 1, time: 0, price: 100n };
    const add = (bp: bigint, from: AlertTrade | null = last) =>
      priceAlertAggregate.decide(priceAlertAggregate.initial(), {
        kind: 'addMoveAlert',
        at: 0,
        userId: 1,
        pairId: PAIR,
        bp,
        windowMs: 60_000,
        last: from,
      });
    expect(add(MIN_MOVE_BP - 1n)).toEqual({ ok: false, error: 'alertMoveTooSmall' });
    expect(add(MAX_MOVE_BP + 1n)).toEqual({ ok: false, error: 'alertMoveTooLarge' });
    expect(add(200n, null)).toEqual({ ok: false, error: 'alertNoPrice' });
    expect(add(MIN_MOVE_BP).ok).toBe(true);
    expect(add(MAX_MOVE_BP).ok).toBe(true);
  });

  it('a removed alert never fires, and a user keeps at most KEEP_FIRED fired alerts', () => {
    let state = priceAlertAggregate.initial();
    const last: AlertTrade = { id: 1, time: 0, price: 100n };
    for (let i = 0; i < KEEP_FIRED + 5; i++) {
      ({ state } = run(state, {
        kind: 'addAlert',
        at: i,
        userId: 1,
        pairId: PAIR,
        direction: 'rises',
        target: 101n,
        last,
      }));
      ({ state } = run(state, {
        kind: 'fireAlerts',
        at: i,
        trades: new Map([[PAIR, [{ id: 2 + i, time: i, price: 150n }]]]),
      }));
    }
    const fired = [...state.alerts.values()].filter((alert) => alert.fired !== null);
    expect(fired).toHaveLength(KEEP_FIRED);
    // The oldest went.
    expect(Math.min(...fired.map((alert) => alert.id))).toBe(6);

    ({ state } = run(state, {
      kind: 'addAlert',
      at: 99,
      userId: 2,
      pairId: PAIR,
      direction: 'falls',
      target: 90n,
      last,
    }));
    const id = state.nextId - 1;
    ({ state } = run(state, { kind: 'removeAlert', at: 100, userId: 2, id }));
    const after = run(state, {
      kind: 'fireAlerts',
      at: 101,
      trades: new Map([[PAIR, [{ id: 500, time: 1, price: 10n }]]]),
    });
    expect(after.decision.ok && after.decision.events).toEqual([]);
  });
});
