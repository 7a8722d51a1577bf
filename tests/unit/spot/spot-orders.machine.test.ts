import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { OrdersView } from '../../../src/domain/spot/order-list.ts';
import { spotOrdersMachine, type SpotOrderAnswer } from '../../../src/machines/spot-orders.machine.ts';

function order(id: number, over: Partial<SpotOrderAnswer> = {}): SpotOrderAnswer {
  return {
    id,
    way: 1,
    type: 0,
    status: 1,
    price: '100.00',
    avg_price: '0.00',
    number: '1.00000',
    transacted_amount: '0.00000',
    transacted_volume: '0.00000000',
    fee: '0.00000000',
    fee_currency: 'BTC',
    created_at: 1,
    updated_at: 1,
    currency_match: { id: 1, symbol: 'BTC/USDT' },
    way_name: 'Buy',
    status_name: 'Open',
    ...over,
  };
}

function start(options: { signedIn?: boolean; rows?: SpotOrderAnswer[]; holdCancel?: boolean } = {}) {
  const loads: OrdersView[] = [];
  const cancels: number[] = [];
  const cancelled: number[] = [];
  let release: (() => void) | null = null;
  const machine = spotOrdersMachine.provide({
    actors: {
      loadPage: fromPromise(async ({ input }) => {
        loads.push(input.view);
        return { rows: options.rows ?? [], total: (options.rows ?? []).length };
      }),
      loadOwn: fromPromise(async () => options.rows ?? []),
      cancelOrder: fromPromise(async ({ input }) => {
        cancels.push(input.id);
        if (options.holdCancel) await new Promise<void>((resolve) => (release = resolve));
        return order(input.id, { status: 3 });
      }),
    },
  });
  const actor = createActor(machine, { input: { matchId: 1, signedIn: options.signedIn ?? true } });
  actor.on('cancelled', ({ order: done }) => cancelled.push(done.id));
  actor.start();
  return { actor, loads, cancels, cancelled, release: () => release?.() };
}

const settled = (actor: ReturnType<typeof start>['actor']) =>
  waitFor(
    actor,
    (s) => s.matches({ list: 'idle' }) && s.matches({ own: 'idle' }) && s.matches({ cancel: 'idle' }),
  );

describe('spot orders machine', () => {
  it('loads the current buy orders of the pair, then follows tabs, sides and pages', async () => {
    const { actor, loads } = start();
    await settled(actor);
    actor.send({ type: 'SIDE', side: 'sell' });
    await settled(actor);
    actor.send({ type: 'TAB', tab: 'all' });
    await settled(actor);
    actor.send({ type: 'PAGE', page: 2 });
    await settled(actor);
    actor.send({ type: 'TAB', tab: 'history' });
    await settled(actor);
    // History has no sides: a side click there does nothing.
    actor.send({ type: 'SIDE', side: 'buy' });
    expect(loads.map((view) => `${view.tab}/${view.side}/${view.page}/${view.matchId}`)).toEqual([
      'current/buy/1/1',
      'current/sell/1/1',
      'all/sell/1/1',
      'all/sell/2/1',
      'history/sell/1/1',
    ]);
  });

  it('adds a pushed open order at the top of page 1, and drops it once filled', async () => {
    const { actor } = start({ rows: [order(1)] });
    await settled(actor);
    actor.send({ type: 'ORDER', order: order(2) });
    expect(actor.getSnapshot().context.rows.map((row) => row.id)).toEqual([2, 1]);
    expect(actor.getSnapshot().context.total).toBe(2);
    // A sell does not belong on the buy tab, another pair not on "current".
    actor.send({ type: 'ORDER', order: order(3, { way: 2 }) });
    actor.send({ type: 'ORDER', order: order(4, { currency_match: { id: 2, symbol: 'ETH/USDT' } }) });
    expect(actor.getSnapshot().context.rows.map((row) => row.id)).toEqual([2, 1]);
    actor.send({ type: 'ORDER', order: order(2, { status: 2 }) });
    expect(actor.getSnapshot().context.rows.map((row) => row.id)).toEqual([1]);
    expect([...actor.getSnapshot().context.own.keys()].sort()).toEqual([1, 3]);
  });

  it('leaves page 2 and the history tab alone', async () => {
    const { actor } = start();
    await settled(actor);
    actor.send({ type: 'PAGE', page: 2 });
    await settled(actor);
    actor.send({ type: 'ORDER', order: order(9) });
    expect(actor.getSnapshot().context.rows).toEqual([]);
    actor.send({ type: 'TAB', tab: 'history' });
    await settled(actor);
    actor.send({ type: 'ORDER', order: order(10) });
    expect(actor.getSnapshot().context.rows).toEqual([]);
  });

  it('cancels an order, drops it from the list, and reports it', async () => {
    const { actor, cancels, cancelled } = start({ rows: [order(1), order(2)] });
    await settled(actor);
    actor.send({ type: 'CANCEL', id: 2, way: 1 });
    expect(actor.getSnapshot().context.cancelling).toBe(2);
    await settled(actor);
    expect(cancels).toEqual([2]);
    expect(cancelled).toEqual([2]);
    expect(actor.getSnapshot().context.rows.map((row) => row.id)).toEqual([1]);
    expect(actor.getSnapshot().context.own.has(2)).toBe(false);
  });

  it('a reload or a new tab while cancelling does not abandon the cancel', async () => {
    const { actor, cancelled, release } = start({ rows: [order(1)], holdCancel: true });
    await settled(actor);
    actor.send({ type: 'CANCEL', id: 1, way: 1 });
    actor.send({ type: 'RELOAD' });
    actor.send({ type: 'TAB', tab: 'all' });
    expect(actor.getSnapshot().matches({ cancel: 'cancelling' })).toBe(true);
    release();
    await settled(actor);
    expect(cancelled).toEqual([1]);
  });

  it('CANCEL_NEWEST cancels the highest id; CANCEL_ALL the rest one after another, newest first', async () => {
    const rows = [order(7), order(12, { way: 2 }), order(9)];
    const { actor, cancels, cancelled } = start({ rows });
    await settled(actor);
    expect([...actor.getSnapshot().context.own.keys()].sort((a, b) => a - b)).toEqual([7, 9, 12]);
    actor.send({ type: 'CANCEL_NEWEST' });
    await settled(actor);
    expect(cancels).toEqual([12]);
    actor.send({ type: 'CANCEL_ALL' });
    await settled(actor);
    expect(cancels).toEqual([12, 9, 7]);
    expect(cancelled).toEqual([12, 9, 7]);
    expect(actor.getSnapshot().context.own.size).toBe(0);
    expect(actor.getSnapshot().context.queue).toEqual([]);
  });

  it('with no open order, or no backend, a keyboard cancel says so and calls nothing', async () => {
    const { actor, cancels } = start();
    const told: string[] = [];
    actor.on('nothingToCancel', () => told.push('nothing'));
    actor.on('refused', () => told.push('refused'));
    await settled(actor);
    actor.send({ type: 'CANCEL_NEWEST' });
    actor.send({ type: 'CANCEL_ALL' });
    actor.send({ type: 'REACHABLE', reachable: false });
    actor.send({ type: 'CANCEL_ALL' });
    expect(told).toEqual(['nothing', 'nothing', 'refused']);
    expect(cancels).toEqual([]);
  });

  it('a new pair reloads both the list and the own orders of that pair', async () => {
    const { actor, loads } = start({ rows: [order(1)] });
    await settled(actor);
    actor.send({ type: 'PAIR', matchId: 2 });
    expect(actor.getSnapshot().context.view.matchId).toBe(2);
    expect(actor.getSnapshot().matches({ own: 'loading' })).toBe(true);
    await settled(actor);
    expect(loads.at(-1)?.matchId).toBe(2);
  });

  it('a visitor makes no calls', async () => {
    const { actor, loads } = start({ signedIn: false });
    await settled(actor);
    actor.send({ type: 'CANCEL', id: 1, way: 1 });
    expect(loads).toEqual([]);
    expect(actor.getSnapshot().matches({ cancel: 'idle' })).toBe(true);
  });
});
