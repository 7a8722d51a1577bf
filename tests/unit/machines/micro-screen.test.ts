import { describe, expect, it } from 'vitest';
import { createActor, fromEventObservable, fromPromise, SimulatedClock } from 'xstate';
import { Subject } from 'rxjs';
import { microOrderMachine, type MicroTerms } from '../../../src/machines/micro-order.machine.ts';
import { MICRO_TERMS } from './order-form-terms.ts';
import {
  microScreenMachine,
  remainingSeconds,
  type MicroListInput,
  type MicroListPage,
} from '../../../src/machines/micro-screen.machine.ts';
import type { MicroOrder } from '../../../src/streams/micro-pushes.ts';

function order(id: number, over: Partial<MicroOrder> = {}): MicroOrder {
  return {
    id,
    match_id: 1,
    symbol_name: 'BTC/USDT',
    seconds: 30,
    number: '10.00000000',
    currency_id: 1,
    currency_name: 'USDT',
    type: 1,
    status: 1,
    open_price: '100.00',
    end_price: '',
    profit_ratio: '0.80',
    fact_profits: '0.00',
    profit_result: 0,
    fee: '0.01000000',
    created_at: 1_000_000,
    expires_at: 1_030_000,
    remain_milli_seconds: 30_000,
    server_now: 1_000_000,
    open_trade: { id: 1, time: 1_000_000, price: '100.00' },
    end_trade: null,
    ...over,
  };
}

function harness(running: MicroOrder[] = []) {
  const clock = new SimulatedClock();
  const pushes = new Subject<{ type: 'CLOSED'; order: MicroOrder }>();
  const submitted: unknown[] = [];
  let termsLoads = 0;
  const machine = microScreenMachine.provide({
    actors: {
      form: microOrderMachine.provide({
        actors: {
          loadTerms: fromPromise<MicroTerms>(async () => {
            termsLoads++;
            return MICRO_TERMS;
          }),
          submit: fromPromise(async ({ input }) => {
            submitted.push(input);
            return order(7, { server_now: 2_000_000, expires_at: 2_030_000 });
          }),
        },
      }),
      loadList: fromPromise<MicroListPage, MicroListInput>(async ({ input }) =>
        input.status === 1 ? { rows: running, total: running.length } : { rows: [], total: 0 },
      ),
      closedPushes: fromEventObservable(() => pushes),
    },
  });
  const actor = createActor(machine, { input: { matchId: 1, signedIn: true }, clock }).start();
  return { actor, clock, pushes, submitted, loads: () => termsLoads };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the micro screen machine (issue 14)', () => {
  it('restores countdowns from the server time and counts them down with one timer, at the pushed speed', async () => {
    const rows = Array.from({ length: 200 }, (_, index) =>
      order(index + 1, { expires_at: 1_000_000 + 30_000 + index * 1000 }),
    );
    const h = harness(rows);
    await settle();
    const context = () => h.actor.getSnapshot().context;
    expect(context().running).toHaveLength(200);
    expect(remainingSeconds(context().running[0]!, context().clock)).toBe(30);
    for (let i = 0; i < 10; i++) h.clock.increment(1000);
    expect(remainingSeconds(context().running[0]!, context().clock)).toBe(20);
    // Speeding the market up speeds the countdown: SIM_CLOCK says x60.
    h.actor.send({ type: 'SERVER_NOW', now: 1_010_000, speed: 60 });
    h.clock.increment(1000);
    expect(remainingSeconds(context().running[0]!, context().clock)).toBe(0);
    expect(remainingSeconds(context().running[199]!, context().clock)).toBe(229 - 70);
    // Only one delayed event is scheduled however many contracts run.
    const scheduled = (h.actor.system as unknown as { scheduler: { _scheduledEvents?: object } }).scheduler;
    expect(Object.keys(scheduled._scheduledEvents ?? {}).length).toBeLessThanOrEqual(1);
  });

  it('refuses an empty amount, buys after the confirmation, and folds a close once then drops the row after 0.5 s', async () => {
    const h = harness();
    await settle();
    const form = h.actor.getSnapshot().context.form;
    form.send({ type: 'BUY', direction: 'up' });
    expect(form.getSnapshot().context.problem).toEqual({ kind: 'empty' });
    form.send({ type: 'AMOUNT', text: '0' });
    form.send({ type: 'BUY', direction: 'up' });
    expect(form.getSnapshot().context.problem).toEqual({ kind: 'zero' });
    form.send({ type: 'AMOUNT', text: '2000' });
    expect(form.getSnapshot().context.problem).toEqual({ kind: 'microInsufficient' });
    form.send({ type: 'PRESET', number: '50' });
    form.send({ type: 'SECONDS', seconds: 60 });
    form.send({ type: 'BUY', direction: 'down' });
    expect(form.getSnapshot().value).toBe('confirming');
    form.send({ type: 'CANCEL' });
    expect(h.submitted).toHaveLength(0);
    form.send({ type: 'BUY', direction: 'down' });
    form.send({ type: 'CONFIRM' });
    await settle();
    await settle();
    expect(h.submitted).toEqual([{ match_id: 1, currency_id: 1, type: 2, seconds: 60, number: '50' }]);
    const context = () => h.actor.getSnapshot().context;
    expect(context().running.map((row) => row.id)).toEqual([7]);
    const loadsBefore = h.loads();
    const closed = order(7, {
      status: 3,
      end_price: '99.00',
      profit_result: 1,
      fact_profits: '40.00',
      server_now: 2_031_000,
    });
    h.pushes.next({ type: 'CLOSED', order: closed });
    h.pushes.next({ type: 'CLOSED', order: closed });
    await settle();
    expect(context().running[0]?.status).toBe(3);
    expect(context().closed.map((row) => row.id)).toEqual([7]);
    expect(context().closedTotal).toBe(1);
    expect(h.loads()).toBe(loadsBefore + 1);
    h.clock.increment(500);
    expect(context().running).toHaveLength(0);
    // An answer arriving after its close is not folded back into the running list.
    h.actor.send({ type: 'BOUGHT', order: order(7) });
    expect(context().running).toHaveLength(0);
  });
});
