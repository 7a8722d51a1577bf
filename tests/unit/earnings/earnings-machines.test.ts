import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, getNextSnapshot, waitFor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { earningsBuyMachine, roomOf, type BuyProduct } from '../../../src/machines/earnings-buy.machine.ts';
import { earningsRedeemMachine } from '../../../src/machines/earnings-redeem.machine.ts';

const PRODUCT: BuyProduct = {
  id: 1,
  name: 'USDT Flexible Savings',
  code: 'USDT',
  currencyId: 1,
  days: 0,
  rate: '3.00',
  min: '10',
  max: '50000',
  held: '49000',
  left: '2000000',
};

describe('the earnings buy machine (issue 15)', () => {
  it('every state is reachable by the shortest walk: choose -> amount -> confirm -> buying -> done', () => {
    const paths = getShortestPaths(earningsBuyMachine, {
      input: { decimalComma: false },
      events: [
        { type: 'CHOOSE', product: PRODUCT, balance: '500' },
        { type: 'SET_AMOUNT', amount: '100' },
        { type: 'SUBMIT' },
        { type: 'CONFIRM' },
        { type: 'CANCEL' },
        { type: 'CLOSE' },
        { type: 'xstate.done.actor.0.earningsBuy.buying' } as never,
      ],
    });
    const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
    for (const state of ['choosing', 'amount', 'confirming', 'buying'])
      expect(reached).toContain(`"${state}"`);
  });

  it('refuses bad amounts with their problem and sends nothing; confirms then sends exactly what was typed', async () => {
    const sent: Array<{ id: number; number: string }> = [];
    const actor = createActor(
      earningsBuyMachine.provide({
        actors: {
          buy: fromPromise<unknown, { id: number; number: string }>(async ({ input }) => {
            sent.push(input);
            return null;
          }),
        },
      }),
      { input: { decimalComma: true } },
    ).start();
    const bought: unknown[] = [];
    actor.on('bought', (event) => bought.push(event));
    actor.send({ type: 'CHOOSE', product: PRODUCT, balance: '500' });
    for (const [amount, kind] of [
      ['', 'empty'],
      ['abc', 'notNumber'],
      ['0', 'zero'],
      ['5', 'belowMin'],
      ['1500', 'aboveMax'],
      ['600', 'aboveBalance'],
    ] as const) {
      actor.send({ type: 'SET_AMOUNT', amount });
      actor.send({ type: 'SUBMIT' });
      expect(actor.getSnapshot().value).toBe('amount');
      expect(actor.getSnapshot().context.problem?.kind).toBe(kind);
      expect(actor.getSnapshot().context.amount).toBe(amount);
    }
    actor.send({ type: 'SET_AMOUNT', amount: '12,5' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('confirming');
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('amount');
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(sent).toEqual([{ id: 1, number: '12.5' }]);
    expect(bought).toHaveLength(1);
    actor.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().context.product).toBeNull();
  });

  it('MAX fills the room left or the balance, whichever is smaller', () => {
    expect(roomOf(PRODUCT)).toBe('1000');
    expect(roomOf({ ...PRODUCT, held: '0', left: '0.5' })).toBe('0.5');
    const actor = createActor(earningsBuyMachine, { input: { decimalComma: false } }).start();
    actor.send({ type: 'CHOOSE', product: PRODUCT, balance: '300.25' });
    actor.send({ type: 'MAX' });
    expect(actor.getSnapshot().context.amount).toBe('300.25');
    actor.send({ type: 'BALANCE', balance: '5000' });
    actor.send({ type: 'MAX' });
    expect(actor.getSnapshot().context.amount).toBe('1000');
  });

  it('a refused purchase returns to the amount with the text kept', async () => {
    const actor = createActor(
      earningsBuyMachine.provide({
        actors: {
          buy: fromPromise<unknown, { id: number; number: string }>(async () => {
            throw new Error('sold out');
          }),
        },
      }),
      { input: { decimalComma: false } },
    ).start();
    actor.send({ type: 'CHOOSE', product: PRODUCT, balance: '500' });
    actor.send({ type: 'SET_AMOUNT', amount: '100' });
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('amount'));
    expect(actor.getSnapshot().context.amount).toBe('100');
  });
});

describe('the earnings redeem machine (issue 15)', () => {
  it('any sequence of events: pending is set only while asking or redeeming', () => {
    const event = fc.oneof(
      fc.record({ type: fc.constant('REDEEM' as const), id: fc.integer({ min: 1, max: 5 }) }),
      fc.constant({ type: 'CONFIRM' as const }),
      fc.constant({ type: 'CANCEL' as const }),
    );
    fc.assert(
      fc.property(fc.array(event, { maxLength: 20 }), (events) => {
        let snapshot = createActor(earningsRedeemMachine).getSnapshot();
        for (const e of events) {
          snapshot = getNextSnapshot(earningsRedeemMachine, snapshot, e);
          if (snapshot.matches('idle')) expect(snapshot.context.pending).toBeNull();
          else expect(snapshot.context.pending).not.toBeNull();
        }
      }),
    );
  });

  it('asks, then redeems the holding asked about and emits redeemed', async () => {
    const sent: number[] = [];
    const actor = createActor(
      earningsRedeemMachine.provide({
        actors: {
          redeem: fromPromise<unknown, { id: number }>(async ({ input }) => {
            sent.push(input.id);
            return null;
          }),
        },
      }),
    ).start();
    const redeemed: unknown[] = [];
    actor.on('redeemed', (e) => redeemed.push(e));
    actor.send({ type: 'REDEEM', id: 4 });
    actor.send({ type: 'CANCEL' });
    actor.send({ type: 'REDEEM', id: 7 });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(sent).toEqual([7]);
    expect(redeemed).toHaveLength(1);
  });
});
