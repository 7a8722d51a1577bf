import { fromPromise, createActor, fromEventObservable, waitFor } from 'xstate';
import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { Notice } from '../../../src/domain/notices/notice-list.ts';
import type { AlertRequest } from '../../../src/machines/actors/alerts.ts';
import { noticeCentreMachine } from '../../../src/machines/notice-centre.machine.ts';
import { DEFAULT_NOTICE_PREFS } from '../../../src/machines/notice-store.ts';
import { priceAlertsMachine } from '../../../src/machines/price-alerts.machine.ts';
import type { PriceAlert } from '../../../src/streams/alert-pushes.ts';

const alertOf = (id: number, over: Partial<PriceAlert> = {}): PriceAlert => ({
  id,
  currency_match_id: 1,
  symbol: 'BTC/USDT',
  direction: 1,
  price: '101.00',
  percent: null,
  window: null,
  status: 0,
  created_at: 0,
  trade: null,
  ...over,
});

function alertsActor(add: (request: AlertRequest) => Promise<PriceAlert>, decimalComma = false) {
  const sent: AlertRequest[] = [];
  const fired = new Subject<{ type: 'FIRED'; alert: PriceAlert }>();
  const actor = createActor(
    priceAlertsMachine.provide({
      actors: {
        list: fromPromise(async () => [alertOf(1)]),
        add: fromPromise(async ({ input }: { input: AlertRequest }) => {
          sent.push(input);
          return add(input);
        }),
        remove: fromPromise<unknown, { id: number }>(async () => null),
        fired: fromEventObservable(() => fired),
      },
    }),
    { input: { pairId: 1, priceDecimals: 2, decimalComma, last: '100.00' } },
  ).start();
  return { actor, sent, fired };
}

describe('the price-alerts machine', () => {
  it('sends nothing while the price is wrong for the direction or the pair, and says why', async () => {
    const { actor, sent } = alertsActor(async () => alertOf(2));
    await waitFor(actor, (s) => s.matches('ready'));
    const tries: Array<[string, 'rises' | 'falls', string]> = [
      ['', 'rises', 'empty'],
      ['abc', 'rises', 'notNumber'],
      ['100.001', 'rises', 'tooManyDecimals'],
      ['100.00', 'rises', 'alertPriceNotAbove'],
      ['99', 'rises', 'alertPriceNotAbove'],
      ['100', 'falls', 'alertPriceNotBelow'],
      ['0', 'falls', 'empty'],
    ];
    for (const [price, direction, problem] of tries) {
      actor.send({ type: 'DIRECTION', direction });
      actor.send({ type: 'PRICE', price });
      actor.send({ type: 'SUBMIT' });
      expect(actor.getSnapshot().value).toBe('ready');
      expect(actor.getSnapshot().context.problem?.kind).toBe(problem);
    }
    expect(sent).toEqual([]);
  });

  it('sets a valid alert as typed (a comma read as the point where the language writes one) and lists it', async () => {
    const { actor, sent } = alertsActor(
      async (request) => alertOf(2, 'price' in request ? { price: request.price } : {}),
      true,
    );
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'PRICE', price: '100,5' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.alerts.length === 2);
    expect(sent).toEqual([{ pairId: 1, direction: 1, price: '100.5' }]);
    expect(actor.getSnapshot().context.price).toBe('');
  });

  it('a move alert takes a percent of 0.1 to 50 with 2 places and one of the windows, and sends them as typed', async () => {
    const { actor, sent } = alertsActor(
      async (request) => alertOf(3, { direction: 3, percent: 'percent' in request ? request.percent : '' }),
      true,
    );
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'DIRECTION', direction: 'moves' });
    const tries: Array<[string, string]> = [
      ['', 'emptyPercent'],
      ['x', 'notNumber'],
      ['1,234', 'tooManyDecimals'],
      ['0,09', 'alertMoveTooSmall'],
      ['50,01', 'alertMoveTooLarge'],
    ];
    for (const [percent, problem] of tries) {
      actor.send({ type: 'PERCENT', percent });
      actor.send({ type: 'SUBMIT' });
      expect(actor.getSnapshot().context.problem?.kind).toBe(problem);
    }
    expect(sent).toEqual([]);
    actor.send({ type: 'PERCENT', percent: '2,5' });
    actor.send({ type: 'WINDOW', window: 15 });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.alerts.length === 2);
    expect(sent).toEqual([{ pairId: 1, direction: 3, percent: '2.5', window: 15 }]);
    expect(actor.getSnapshot().context.percent).toBe('');
  });

  it("keeps the exchange's refusal beside the form until the user changes something, and marks a fired alert", async () => {
    const { actor, fired } = alertsActor(async () => {
      throw new Error('You can keep at most 20 waiting alerts');
    });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'PRICE', price: '120' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.refusal !== null);
    expect(actor.getSnapshot().context.refusal).toMatch(/at most 20/);
    actor.send({ type: 'PRICE', price: '121' });
    expect(actor.getSnapshot().context.refusal).toBeNull();
    fired.next({
      type: 'FIRED',
      alert: alertOf(1, { status: 1, trade: { id: 9, price: '101.00', time: 5 } }),
    });
    expect(actor.getSnapshot().context.alerts[0]?.status).toBe(1);
  });
});

const notice = (key: string, kind: Notice['kind'] = 'fill', at = 1): Notice => ({
  key,
  kind,
  at,
  text: 'fillBuy',
  vars: {},
  link: '/trade',
  read: false,
});

describe('the notification centre machine', () => {
  it('lists and announces each notice once however often it arrives, keeps what it lists, and leaves out kinds switched off', () => {
    const announced: string[] = [];
    const kept: Notice[][] = [];
    const sources = new Subject<{ type: 'NOTICES'; notices: Notice[] }>();
    const actor = createActor(
      noticeCentreMachine.provide({
        actors: { sources: fromEventObservable(() => sources) },
        actions: {
          announce: (_, { notices }) => announced.push(...notices.map((n) => n.key)),
          persist: (_, { notices }) => kept.push([...notices]),
        },
      }),
      { input: { userId: 1, notices: [notice('old', 'fill', 0)], prefs: DEFAULT_NOTICE_PREFS } },
    ).start();
    sources.next({ type: 'NOTICES', notices: [notice('a'), notice('old', 'fill', 0)] });
    sources.next({ type: 'NOTICES', notices: [notice('a'), notice('b', 'alert', 2)] });
    expect(announced).toEqual(['a', 'b']);
    expect(actor.getSnapshot().context.notices.map((n) => n.key)).toEqual(['b', 'a', 'old']);
    expect(kept.at(-1)?.map((n) => n.key)).toEqual(['b', 'a', 'old']);

    actor.send({ type: 'MARK_ALL_READ' });
    expect(actor.getSnapshot().context.notices.every((n) => n.read)).toBe(true);
    actor.send({ type: 'KIND', kind: 'alert', on: false });
    sources.next({ type: 'NOTICES', notices: [notice('c', 'alert', 3)] });
    expect(announced).toEqual(['a', 'b']);
    expect(actor.getSnapshot().context.notices.map((n) => n.key)).not.toContain('c');
  });
});
