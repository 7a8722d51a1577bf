import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import {
  OTC_AD_BUY,
  OTC_AD_PAUSED,
  OTC_ORDER_PAID,
  OTC_ORDER_UNPAID,
  OTC_SIDE_BUYER,
  OTC_SIDE_SELLER,
} from '../../../src/domain/contract-codes.ts';
import { readOrderEntry } from '../../../src/domain/p2p/entry.ts';
import {
  adPriceWarning,
  p2pAdEditorMachine,
  type AdSave,
} from '../../../src/machines/p2p-ad-editor.machine.ts';
import { p2pPriceBandBounds, referenceOfText, referenceText } from '../../../src/domain/p2p/price-band.ts';
import { p2pAdStatusMachine } from '../../../src/machines/p2p-ad-status.machine.ts';
import {
  p2pOrderEntryMachine,
  termsOf,
  type EntryAd,
  type OrderCreate,
} from '../../../src/machines/p2p-order-entry.machine.ts';
import {
  p2pOrderMachine,
  remainingMs,
  type P2pActInput,
  type P2pOrderAnswer,
} from '../../../src/machines/p2p-order.machine.ts';
import { declaredStates, fold, walk } from '../machines/walk-kit.ts';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const AD: EntryAd = {
  id: 7,
  takerBuys: true,
  coin: 'USDT',
  fiat: 'CNY',
  price: '7.20',
  min: '100.00',
  max: '5000.00',
  left: '1000.00',
  coinDecimals: 2,
};

function order(over: Partial<P2pOrderAnswer> = {}): P2pOrderAnswer {
  return {
    id: 5,
    order_no: 'P2P000001000005',
    ad_id: 7,
    side: OTC_SIDE_BUYER,
    coin: 'USDT',
    fiat: 'CNY',
    price: '7.20',
    number: '20.00',
    amount: '144.00',
    status: OTC_ORDER_UNPAID,
    pay_methods: ['bank'],
    pay_limit: 15,
    collection: [],
    reference: '123456',
    voucher: '',
    buyer: { id: 1, name: 'a***' },
    seller: { id: 2, name: 'b***' },
    merchant_id: 2,
    delayed: 0,
    dispute_reason: '',
    dispute_by: '',
    created_at: 1_000_000,
    paid_at: 0,
    finished_at: 0,
    pay_countdown: 900_000,
    confirm_countdown: 0,
    dispute_countdown: 0,
    arbitration_countdown: 0,
    server_now: 1_000_000,
    actions: ['pay', 'cancel'],
    events: [],
    ...over,
  };
}

describe('P2P order dialog machine', () => {
  it('walks to every state over the real machine', () => {
    const result = walk(p2pOrderEntryMachine, {
      input: { decimalComma: false },
      events: [
        { type: 'OPEN', ad: AD },
        { type: 'SET_TEXT', text: '144' },
        { type: 'SUBMIT' },
        { type: 'CONFIRM' },
        { type: 'CANCEL' },
        { type: 'CLOSE' },
        { type: 'xstate.done.actor.0.p2pOrderEntry.placing', output: { id: 3 } },
        { type: 'xstate.error.actor.0.p2pOrderEntry.placing', error: new Error('refused') },
      ],
    });
    expect([...result.reached].sort()).toEqual(declaredStates(p2pOrderEntryMachine));
  });

  it('only a size inside the ad reaches placing, and it sends exactly what was typed, under its field', () => {
    const text = fc.oneof(
      fc.constantFrom('', '99.99', '100', '144,5', '5000.01', '1e3', '7200', '-5', ' 200 ', '0.001'),
      fc.integer({ min: 0, max: 800_000 }).map((cents) => (cents / 100).toString()),
    );
    fc.assert(
      fc.property(
        fc.constantFrom('amount' as const, 'quantity' as const),
        text,
        fc.boolean(),
        (by, typed, comma) => {
          const { steps } = fold(p2pOrderEntryMachine, { decimalComma: comma }, [
            { type: 'OPEN', ad: AD },
            { type: 'SET_BY', by },
            { type: 'SET_TEXT', text: typed },
            { type: 'SUBMIT' },
            { type: 'CONFIRM' },
          ]);
          const last = steps.at(-1)!;
          const entry = readOrderEntry(typed, by, termsOf(AD), comma);
          expect(last.after.matches('placing')).toBe(entry.ok);
          if (entry.ok) {
            const invoke = last.effects.find((effect) => effect.type === 'xstate.spawnChild');
            expect(invoke).toBeDefined();
          } else {
            // Refused: the problem is shown, nothing is sent.
            expect(steps[3]!.after.context.problem).not.toBeNull();
          }
        },
      ),
    );
  });

  it('places the order and emits it; a refusal keeps the text', async () => {
    const sent: OrderCreate[] = [];
    let refuse = true;
    const actor = createActor(
      p2pOrderEntryMachine.provide({
        actors: {
          create: fromPromise<{ id: number }, OrderCreate>(async ({ input }) => {
            sent.push(input);
            if (refuse) throw new Error('refused');
            return { id: 9 };
          }),
        },
      }),
      { input: { decimalComma: true } },
    ).start();
    const placed: number[] = [];
    actor.on('placed', (event) => placed.push(event.orderId));
    actor.send({ type: 'OPEN', ad: AD });
    actor.send({ type: 'SET_BY', by: 'quantity' });
    actor.send({ type: 'SET_TEXT', text: '20,5' });
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'CONFIRM' });
    await flush();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.text).toBe('20,5');
    refuse = false;
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'CONFIRM' });
    await flush();
    expect(sent).toEqual([
      { ad_id: 7, number: '20.5' },
      { ad_id: 7, number: '20.5' },
    ]);
    expect(placed).toEqual([9]);
    expect(actor.getSnapshot().value).toBe('closed');
  });
});

describe('P2P order machine (one party)', () => {
  function start(answers: P2pOrderAnswer[], clock?: SimulatedClock) {
    const acts: P2pActInput[] = [];
    let loads = 0;
    const actor = createActor(
      p2pOrderMachine.provide({
        actors: {
          load: fromPromise<P2pOrderAnswer, { id: number }>(
            async () => answers[Math.min(loads++, answers.length - 1)]!,
          ),
          act: fromPromise<P2pOrderAnswer, P2pActInput>(async ({ input }) => {
            acts.push(input);
            return order({
              status: OTC_ORDER_PAID,
              actions: [],
              pay_countdown: 0,
              confirm_countdown: 900_000,
            });
          }),
        },
      }),
      { input: { id: 5 }, ...(clock ? { clock } : {}) },
    ).start();
    return { actor, acts, loads: () => loads };
  }

  it('refuses to pay without a voucher and sends nothing; with one it confirms, then pays with it', async () => {
    const { actor, acts } = start([order()]);
    await flush();
    actor.send({ type: 'ASK', action: 'pay' });
    expect(actor.getSnapshot().context.problem).toBe('p2pVoucherMissing');
    expect(actor.getSnapshot().matches({ order: 'ready' })).toBe(true);
    actor.send({ type: 'SET_VOUCHER', url: 'blob:voucher' });
    actor.send({ type: 'ASK', action: 'pay' });
    expect(actor.getSnapshot().matches({ order: 'confirming' })).toBe(true);
    actor.send({ type: 'CONFIRM' });
    await flush();
    expect(acts).toEqual([{ id: 5, action: 'pay', voucher: 'blob:voucher', reason: '' }]);
    expect(actor.getSnapshot().context.order?.status).toBe(OTC_ORDER_PAID);
  });

  it("offers only the answer's actions, needs a reason of its side to dispute, and reloads on its own pushes only", async () => {
    const seller = order({
      side: OTC_SIDE_SELLER,
      status: OTC_ORDER_PAID,
      actions: ['release', 'delay', 'dispute'],
    });
    const { actor, acts, loads } = start([seller, seller]);
    await flush();
    actor.send({ type: 'ASK', action: 'cancel' });
    expect(actor.getSnapshot().context.problem).toBe('p2pActionNotAllowed');
    actor.send({ type: 'SET_REASON', reason: 'notReleased' });
    actor.send({ type: 'ASK', action: 'dispute' });
    expect(actor.getSnapshot().context.problem).toBe('p2pReasonInvalid');
    actor.send({ type: 'SET_REASON', reason: 'notReceived' });
    actor.send({ type: 'ASK', action: 'dispute' });
    expect(actor.getSnapshot().matches({ order: 'confirming' })).toBe(true);
    actor.send({ type: 'CANCEL' });
    expect(acts).toEqual([]);
    actor.send({ type: 'PUSH', id: 6 });
    await flush();
    expect(loads()).toBe(1);
    actor.send({ type: 'PUSH', id: 5 });
    await flush();
    expect(loads()).toBe(2);
  });

  it("counts the timers down from the server's remaining time at the simulation speed", async () => {
    const clock = new SimulatedClock();
    const { actor } = start([order()], clock);
    await flush();
    actor.send({ type: 'SERVER_NOW', now: 1_000_000, speed: 60 });
    for (let i = 0; i < 10; i++) clock.increment(1000);
    const { context } = actor.getSnapshot();
    // Ten ticks at x60: ten simulated minutes of the fifteen are gone.
    expect(remainingMs(context.order!, context.order!.pay_countdown, context.clock.now)).toBe(300_000);
    for (let i = 0; i < 10; i++) clock.increment(1000);
    expect(
      remainingMs(context.order!, context.order!.pay_countdown, actor.getSnapshot().context.clock.now),
    ).toBe(0);
  });

  it('reloads when a countdown runs out, so a dispute that may now be opened is offered', async () => {
    const clock = new SimulatedClock();
    const paid = order({
      status: OTC_ORDER_PAID,
      actions: [],
      pay_countdown: 0,
      confirm_countdown: 900_000,
      dispute_countdown: 3000,
    });
    const { actor, loads } = start(
      [paid, { ...paid, server_now: 1_003_000, dispute_countdown: 0, actions: ['dispute'] }],
      clock,
    );
    await flush();
    expect(loads()).toBe(1);
    clock.increment(1000);
    clock.increment(1000);
    await flush();
    expect(loads()).toBe(1);
    clock.increment(1000);
    await flush();
    expect(loads()).toBe(2);
    expect(actor.getSnapshot().context.order?.actions).toEqual(['dispute']);
    // A clock push that carries the clock past the end reloads too.
    actor.send({ type: 'SERVER_NOW', now: 1_003_000, speed: 10 });
    await flush();
    expect(loads()).toBe(2);
    // No countdown runs out again: no more reloads.
    for (let i = 0; i < 5; i++) clock.increment(1000);
    await flush();
    expect(loads()).toBe(2);
  });
});

it("a clock push past a countdown's end reloads the order", async () => {
  const paid = order({
    status: OTC_ORDER_PAID,
    actions: [],
    pay_countdown: 0,
    confirm_countdown: 900_000,
    dispute_countdown: 300_000,
  });
  let loads = 0;
  const actor = createActor(
    p2pOrderMachine.provide({
      actors: {
        load: fromPromise<P2pOrderAnswer, { id: number }>(async () => {
          loads += 1;
          return loads === 1
            ? paid
            : { ...paid, server_now: 1_400_000, dispute_countdown: 0, actions: ['dispute'] };
        }),
      },
    }),
    { input: { id: 5 } },
  ).start();
  await flush();
  actor.send({ type: 'SERVER_NOW', now: 1_200_000, speed: 10 });
  await flush();
  expect(loads).toBe(1);
  actor.send({ type: 'SERVER_NOW', now: 1_400_000, speed: 10 });
  await flush();
  expect(loads).toBe(2);
  expect(actor.getSnapshot().context.order?.actions).toEqual(['dispute']);
});

describe('P2P ad editor machine', () => {
  it('names the first wrong field and saves only a valid ad, with the canonical numbers', async () => {
    const saved: AdSave[] = [];
    const actor = createActor(
      p2pAdEditorMachine.provide({
        actors: {
          save: fromPromise<{ id: number }, AdSave>(async ({ input }) => {
            saved.push(input);
            return { id: 12 };
          }),
        },
      }),
      { input: { decimalComma: true } },
    ).start();
    const set = (field: 'price' | 'total' | 'min' | 'max', value: string) =>
      actor.send({ type: 'SET', field, value });
    set('price', '7,1');
    set('total', '500');
    set('min', '1000');
    set('max', '500');
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.problem).toMatchObject({
      field: 'max',
      problem: { kind: 'p2pMaxBelowMin' },
    });
    set('max', '3000');
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.problem).toMatchObject({ field: 'payMethods' });
    actor.send({ type: 'TOGGLE_METHOD', method: 'bank' });
    actor.send({ type: 'SET_TYPE', value: OTC_AD_BUY });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('confirming');
    actor.send({ type: 'CONFIRM' });
    await flush();
    expect(saved).toEqual([
      {
        adId: null,
        type: OTC_AD_BUY,
        coin: 'USDT',
        fiat: 'CNY',
        total: '500',
        price: '7.1',
        float_margin: '',
        min: '1000',
        max: '3000',
        pay_methods: ['bank'],
        pay_limit: 15,
        remarks: '',
      },
    ]);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('warns as one types a fixed price outside the band the server enforces (bounds from p2pPriceBandBounds), and still sends it', async () => {
    const saved: AdSave[] = [];
    const references = { USDT: { CNY: '6.80', USD: '1.00', EUR: '0.92' } };
    const actor = createActor(
      p2pAdEditorMachine.provide({
        actors: {
          save: fromPromise<{ id: number }, AdSave>(async ({ input }) => {
            saved.push(input);
            return { id: 14 };
          }),
        },
      }),
      { input: { decimalComma: true, references } },
    ).start();
    const warning = () => adPriceWarning(actor.getSnapshot().context);
    const set = (field: 'price' | 'total' | 'min' | 'max', value: string) =>
      actor.send({ type: 'SET', field, value });
    // The answer's text is the server's reference exactly: 6.8 (68/10) reads back as the same fraction.
    expect(referenceText({ num: 68n, den: 10n })).toBe('6.80');
    expect(referenceText({ num: 6_543_210n * 92n, den: 100n * 100n })).toBe('60197.532');
    expect(p2pPriceBandBounds(referenceOfText('60197.532') ?? { num: 0n, den: 1n })).toEqual(
      p2pPriceBandBounds({ num: 6_543_210n * 92n, den: 100n * 100n }),
    );
    const { low, high } = p2pPriceBandBounds({ num: 680n, den: 100n });
    expect([low, high]).toEqual([544n, 816n]);
    expect(warning()).toBeNull();
    set('price', '3');
    expect(warning()).toEqual({ verdict: 'below', low, high });
    set('price', '6,80');
    expect(warning()).toBeNull();
    // The bounds themselves are inside; a cent beyond either is not.
    set('price', '5,44');
    expect(warning()).toBeNull();
    set('price', '5,43');
    expect(warning()).toEqual({ verdict: 'below', low, high });
    set('price', '8,16');
    expect(warning()).toBeNull();
    set('price', '8,17');
    expect(warning()).toEqual({ verdict: 'above', low, high });
    // Another fiat, another band; a floating price has no warning; an unknown reference none either.
    actor.send({ type: 'SET', field: 'fiat', value: 'USD' });
    expect(warning()).toEqual({ verdict: 'above', low: 80n, high: 120n });
    actor.send({ type: 'SET_FLOATING', value: true });
    expect(warning()).toBeNull();
    actor.send({ type: 'SET_FLOATING', value: false });
    actor.send({ type: 'REFERENCES', value: { USDT: { USD: '8.00' } } });
    expect(warning()).toBeNull();
    actor.send({ type: 'REFERENCES', value: {} });
    set('price', '3');
    expect(warning()).toBeNull();
    actor.send({ type: 'REFERENCES', value: references });
    expect(warning()).toEqual({ verdict: 'above', low: 80n, high: 120n });
    // A warning, not a refusal: the ad is sent, and the server refuses it.
    set('total', '500');
    set('min', '100');
    set('max', '300');
    actor.send({ type: 'TOGGLE_METHOD', method: 'bank' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('confirming');
    actor.send({ type: 'CONFIRM' });
    await flush();
    expect(saved.map((ad) => ad.price)).toEqual(['3']);
  });

  it('a floating ad: the margin is read instead of the price (a bad one named, kept as typed), and saved as canonical percent', async () => {
    const saved: AdSave[] = [];
    const actor = createActor(
      p2pAdEditorMachine.provide({
        actors: {
          save: fromPromise<{ id: number }, AdSave>(async ({ input }) => {
            saved.push(input);
            return { id: 13 };
          }),
        },
      }),
      { input: { decimalComma: true } },
    ).start();
    const set = (field: 'price' | 'margin' | 'total' | 'min' | 'max', value: string) =>
      actor.send({ type: 'SET', field, value });
    set('price', 'not read');
    actor.send({ type: 'SET_FLOATING', value: true });
    set('total', '500');
    set('min', '100');
    set('max', '3000');
    actor.send({ type: 'TOGGLE_METHOD', method: 'bank' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.problem).toMatchObject({
      field: 'margin',
      problem: { kind: 'empty' },
    });
    set('margin', '-25');
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.problem).toMatchObject({
      field: 'margin',
      problem: { kind: 'p2pMarginInvalid' },
    });
    expect(actor.getSnapshot().context.form.margin).toBe('-25');
    expect(actor.getSnapshot().value).toBe('editing');
    set('margin', '-1,5');
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('confirming');
    actor.send({ type: 'CONFIRM' });
    await flush();
    expect(saved).toEqual([
      expect.objectContaining({ price: '', float_margin: '-1.50', min: '100', max: '3000', total: '500' }),
    ]);
  });

  it('walks to every state', () => {
    const result = walk(p2pAdStatusMachine, {
      events: [
        { type: 'ASK', id: 3, status: OTC_AD_PAUSED },
        { type: 'CONFIRM' },
        { type: 'CANCEL' },
        { type: 'xstate.done.actor.0.p2pAdStatus.saving', output: null },
        { type: 'xstate.error.actor.0.p2pAdStatus.saving', error: new Error('refused') },
      ],
    });
    expect([...result.reached].sort()).toEqual(declaredStates(p2pAdStatusMachine));
    expect(result.unsupplied).toEqual([]);
  });
});
