import { describe, expect, it } from 'vitest';
import { MAX_ACTIVE_ALERTS } from '../../../src/domain/alerts/price-alert.ts';
import {
  KEEP_FIRED,
  priceAlertAggregate,
  waitingAlertsOf,
} from '../../../src/sim/features/alerts/aggregate.ts';
import type {
  AlertTrade,
  PriceAlertCommand,
  PriceAlertRecord,
  PriceAlertState,
} from '../../../src/sim/features/alerts/state.ts';

/**
 * The price-alert aggregate at its edges, one rule per test: the cases the property test's random
 * tapes do not reach (the mutation run of the "alerts" group found them surviving).
 */
const PAIR = 1;
const LAST: AlertTrade = { id: 5, time: 0, price: 100n };

function run(state: PriceAlertState, command: PriceAlertCommand) {
  const decision = priceAlertAggregate.decide(state, command);
  if (!decision.ok) return { state, decision };
  return { state: decision.events.reduce(priceAlertAggregate.evolve, state), decision };
}

function add(state: PriceAlertState, userId: number, last: AlertTrade | null = LAST) {
  return run(state, {
    kind: 'addAlert',
    at: 0,
    userId,
    pairId: PAIR,
    direction: 'rises',
    target: 101n,
    last,
  });
}

function addMove(state: PriceAlertState, userId: number, last: AlertTrade | null = LAST) {
  return run(state, {
    kind: 'addMoveAlert',
    at: 0,
    userId,
    pairId: PAIR,
    bp: 200n,
    windowMs: 3_600_000,
    last,
  });
}

function fire(state: PriceAlertState, trades: AlertTrade[]) {
  return run(state, { kind: 'fireAlerts', at: 1, trades: new Map([[PAIR, trades]]) });
}

const through = (id: number): AlertTrade => ({ id, time: id, price: 150n });

function record(id: number, userId: number, fired: AlertTrade | null): PriceAlertRecord {
  return {
    id,
    userId,
    pairId: PAIR,
    direction: 'rises',
    target: 101n,
    move: null,
    createdAt: 0,
    afterTradeId: 0,
    fired,
  };
}

describe('the price-alert aggregate at its edges', () => {
  it('refuses an alert on a pair that never traded, and says why', () => {
    const added = add(priceAlertAggregate.initial(), 1, null);
    expect(added.decision).toEqual({ ok: false, error: 'alertNoPrice' });
  });

  it('is not fired by the very trade it was set after, even one through its price', () => {
    let { state } = add(priceAlertAggregate.initial(), 1);
    const same = fire(state, [{ ...through(LAST.id) }]);
    expect(same.decision.ok && same.decision.events).toEqual([]);
    ({ state } = fire(state, [through(LAST.id), through(LAST.id + 1)]));
    expect([...state.alerts.values()][0]!.fired?.id).toBe(LAST.id + 1);
  });

  it('records nothing on a pass whose trades reach no alert', () => {
    const { state } = add(priceAlertAggregate.initial(), 1);
    const pass = fire(state, [{ id: 6, time: 6, price: 100n }]);
    expect(pass.decision.ok && pass.decision.events).toEqual([]);
  });

  it("counts only the user's own waiting alerts toward the limit", () => {
    let state = priceAlertAggregate.initial();
    for (let i = 0; i < MAX_ACTIVE_ALERTS; i++) ({ state } = add(state, 2));
    // Another user's twenty waiting alerts leave user 1 free.
    expect(add(state, 1).decision.ok).toBe(true);
    expect(add(state, 2).decision).toEqual({ ok: false, error: 'alertTooMany' });
    // Fired ones no longer count: user 2 may set another once theirs fired.
    ({ state } = fire(state, [through(6)]));
    expect(add(state, 2).decision.ok).toBe(true);
  });

  it('forgets a removed alert', () => {
    let { state } = add(priceAlertAggregate.initial(), 1);
    const id = state.nextId - 1;
    ({ state } = run(state, { kind: 'removeAlert', at: 2, userId: 1, id }));
    expect(state.alerts.has(id)).toBe(false);
  });

  it('keeps the first firing when a second one is replayed, and ignores an unknown alert', () => {
    let { state } = add(priceAlertAggregate.initial(), 1);
    const id = state.nextId - 1;
    ({ state } = fire(state, [through(6)]));
    const again = priceAlertAggregate.evolve(state, {
      type: 'PriceAlertFired',
      at: 3,
      id,
      trade: through(9),
    });
    expect(again.alerts.get(id)!.fired).toEqual(through(6));
    const unknown = priceAlertAggregate.evolve(state, {
      type: 'PriceAlertFired',
      at: 3,
      id: 999,
      trade: through(9),
    });
    expect(unknown).toBe(state);
  });

  it("drops a user's oldest fired alerts beyond KEEP_FIRED by id, and never another user's", () => {
    // Read back from a snapshot, the map need not be in id order: the oldest go by id all the same.
    const alerts = new Map<number, PriceAlertRecord>();
    for (let id = KEEP_FIRED + 1; id >= 2; id--) alerts.set(id, record(id, 1, through(id)));
    alerts.set(1, record(1, 2, through(1)));
    alerts.set(KEEP_FIRED + 2, record(KEEP_FIRED + 2, 1, null));
    const state: PriceAlertState = { nextId: KEEP_FIRED + 3, alerts };
    const after = priceAlertAggregate.evolve(state, {
      type: 'PriceAlertFired',
      at: 4,
      id: KEEP_FIRED + 2,
      trade: through(99),
    });
    const mine = [...after.alerts.values()].filter((alert) => alert.userId === 1).map((alert) => alert.id);
    expect(mine).toHaveLength(KEEP_FIRED);
    expect(Math.min(...mine)).toBe(3);
    expect(after.alerts.get(1)?.userId).toBe(2);
  });

  it('refuses a move alert on a pair with no trade, or none at a price to measure from', () => {
    for (const last of [null, { ...LAST, price: 0n }, { ...LAST, price: -1n }]) {
      expect(addMove(priceAlertAggregate.initial(), 1, last).decision).toEqual({
        ok: false,
        error: 'alertNoPrice',
      });
    }
    expect(addMove(priceAlertAggregate.initial(), 1, { ...LAST, price: 1n }).decision.ok).toBe(true);
  });

  it('counts move alerts toward the limit of waiting alerts like price alerts', () => {
    let state = priceAlertAggregate.initial();
    for (let i = 0; i < MAX_ACTIVE_ALERTS - 1; i++)
      ({ state } = i % 2 === 0 ? add(state, 1) : addMove(state, 1));
    // The twentieth is still allowed, a twenty-first of either kind is not.
    ({ state } = addMove(state, 1));
    expect(waitingAlertsOf(state, 1)).toHaveLength(MAX_ACTIVE_ALERTS);
    expect(addMove(state, 1).decision).toEqual({ ok: false, error: 'alertTooMany' });
    expect(add(state, 1).decision).toEqual({ ok: false, error: 'alertTooMany' });
  });

  it('never drops a waiting alert to make room for fired history, however old', () => {
    const alerts = new Map<number, PriceAlertRecord>();
    // The oldest alert still waits; KEEP_FIRED fired ones follow, and one more then fires.
    alerts.set(1, record(1, 1, null));
    for (let id = 2; id <= KEEP_FIRED + 1; id++) alerts.set(id, record(id, 1, through(id)));
    alerts.set(KEEP_FIRED + 2, record(KEEP_FIRED + 2, 1, null));
    const state: PriceAlertState = { nextId: KEEP_FIRED + 3, alerts };
    const after = priceAlertAggregate.evolve(state, {
      type: 'PriceAlertFired',
      at: 4,
      id: KEEP_FIRED + 2,
      trade: through(99),
    });
    expect(after.alerts.get(1)?.fired).toBeNull();
    const fired = [...after.alerts.values()].filter((alert) => alert.fired !== null).map((alert) => alert.id);
    expect(fired).toHaveLength(KEEP_FIRED);
    expect(fired).not.toContain(2);
  });

  it('a move alert read back without its rule (a damaged record) waits on, and the pass fires the others', () => {
    const alerts = new Map<number, PriceAlertRecord>([
      [1, { ...record(1, 1, null), direction: 'moves', move: null }],
      [2, record(2, 1, null)],
    ]);
    const state: PriceAlertState = { nextId: 3, alerts };
    const pass = fire(state, [
      { id: 6, time: 6, price: 100n },
      { id: 7, time: 7, price: 150n },
    ]);
    expect(pass.decision.ok && pass.decision.events.map((event) => event.id)).toEqual([2]);
    expect(pass.state.alerts.get(1)?.fired).toBeNull();
  });
});
