import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, getNextSnapshot, waitFor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { AnswerOf, PayloadOf } from '../../../src/api/catalogue.ts';
import { readNumberEntry } from '../../../src/domain/number-entry.ts';
import { LIMIT } from '../../../src/domain/spot/order-kind.ts';
import { SLIDER_MARKS, sliderQuantity } from '../../../src/domain/spot/slider.ts';
import {
  effectivePrice,
  farPercent,
  fieldEntries,
  fieldProblems,
  problemOf,
  fieldWarnings,
  spotEntryMachine,
  submittedProblem,
  type SpotEntryEvent,
  type SpotEntryProblem,
  type SpotPair,
} from '../../../src/machines/spot-entry.machine.ts';

const BTC: SpotPair = { matchId: 1, baseCurrencyId: 2, quoteCurrencyId: 1, priceDecimals: 2 };
const BIB: SpotPair = { matchId: 64, baseCurrencyId: 6, quoteCurrencyId: 1, priceDecimals: 4 };

/** The real machine with recording actors: what it asked the server and what it reported. */
function start(
  options: {
    pair?: SpotPair;
    signedIn?: boolean;
    comma?: boolean;
    place?: () => Promise<AnswerOf<'tx_in/add'>>;
  } = {},
) {
  const effects = {
    problems: [] as SpotEntryProblem[],
    placed: [] as PayloadOf<'tx_in/add'>[],
    sides: [] as string[],
    balanceLoads: 0,
  };
  let release: (() => void) | null = null;
  const machine = spotEntryMachine.provide({
    actors: {
      loadBalances: fromPromise(async () => {
        effects.balanceLoads++;
        return { quote: '1000', base: '2', quoteLocked: '0', baseLocked: '0' };
      }),
      placeOrder: fromPromise(async ({ input }) => {
        effects.placed.push(input.payload);
        effects.sides.push(input.side);
        if (options.place) return options.place();
        await new Promise<void>((resolve) => (release = resolve));
        return { id: 1 } as AnswerOf<'tx_in/add'>;
      }),
    },
  });
  const actor = createActor(machine, {
    input: {
      pair: options.pair ?? BTC,
      signedIn: options.signedIn ?? true,
      decimalComma: options.comma ?? false,
    },
  });
  const problemDetails: Array<{ code: SpotEntryProblem; max?: number }> = [];
  actor.on('problem', ({ code, max }) => {
    effects.problems.push(code);
    problemDetails.push(max === undefined ? { code } : { code, max });
  });
  actor.start();
  return { actor, effects, problemDetails, release: () => release?.() };
}

const ready = (actor: ReturnType<typeof start>['actor']) =>
  waitFor(actor, (s) => s.matches({ balances: 'idle' }));

describe('spot entry machine', () => {
  it('switching mode clears both quantities and sliders, and keeps typed prices', async () => {
    const { actor } = start();
    await ready(actor);
    actor.send({ type: 'PRICE', side: 'buy', text: '100' });
    actor.send({ type: 'PERCENT', side: 'buy', percent: 50 });
    actor.send({ type: 'QUANTITY', side: 'sell', text: '1.5' });
    expect(actor.getSnapshot().context.buy).toEqual({
      stop: '',
      stopLimit: '',
      price: '100',
      quantity: '5',
      percent: 50,
    });
    actor.send({ type: 'MODE', mode: 1 });
    expect(actor.getSnapshot().context.buy).toEqual({
      stop: '',
      stopLimit: '',
      price: '100',
      quantity: '',
      percent: 0,
    });
    expect(actor.getSnapshot().context.sell).toEqual({
      stop: '',
      stopLimit: '',
      price: '',
      quantity: '',
      percent: 0,
    });
    // Choosing the mode already on is not a switch.
    actor.send({ type: 'QUANTITY', side: 'buy', text: '2' });
    actor.send({ type: 'MODE', mode: 1 });
    expect(actor.getSnapshot().context.buy.quantity).toBe('2');
  });

  it('market mode disables the price: typing is ignored and the best opposite price is used', async () => {
    const { actor, effects } = start();
    await ready(actor);
    actor.send({ type: 'MODE', mode: 1 });
    actor.send({ type: 'PRICE', side: 'buy', text: '5' });
    expect(actor.getSnapshot().context.buy.price).toBe('');
    actor.send({ type: 'BEST', bid: '99', ask: '101' });
    actor.send({ type: 'PERCENT', side: 'buy', percent: 100 });
    // 1000 / 101, floored to 6 decimals
    expect(actor.getSnapshot().context.buy.quantity).toBe('9.90099');
    actor.send({ type: 'PERCENT', side: 'sell', percent: 25 });
    expect(actor.getSnapshot().context.sell.quantity).toBe('0.5');
    actor.send({ type: 'SUBMIT', side: 'buy' });
    expect(effects.placed).toEqual([{ currency_match_id: 1, number: '9.90099', type: 1 }]);
  });

  it('a limit order carries the chosen time in force or post-only; the plain case and market orders carry neither', async () => {
    const { actor, effects } = start({ place: async () => ({ id: 1 }) as AnswerOf<'tx_in/add'> });
    await ready(actor);
    const placeBuy = async () => {
      actor.send({ type: 'PRICE', side: 'buy', text: '100' });
      actor.send({ type: 'QUANTITY', side: 'buy', text: '1' });
      actor.send({ type: 'SUBMIT', side: 'buy' });
      await waitFor(actor, (s) => s.matches({ buy: 'idle' }));
    };
    for (const execution of ['gtc', 'postOnly', 'ioc', 'fok'] as const) {
      actor.send({ type: 'EXECUTION', execution });
      await placeBuy();
    }
    const limit = { currency_match_id: 1, number: '1', price: '100', type: LIMIT };
    expect(effects.placed).toEqual([
      limit,
      { ...limit, post_only: 1 },
      { ...limit, time_in_force: 1 },
      { ...limit, time_in_force: 2 },
    ]);
    // The choice stays while the form is in market mode, and is not sent with a market order.
    actor.send({ type: 'MODE', mode: 1 });
    actor.send({ type: 'BEST', bid: '99', ask: '101' });
    actor.send({ type: 'QUANTITY', side: 'buy', text: '1' });
    actor.send({ type: 'SUBMIT', side: 'buy' });
    expect(effects.placed.at(-1)).toEqual({ currency_match_id: 1, number: '1', type: 1 });
    expect(actor.getSnapshot().context.execution).toBe('fok');
  });

  it('a stop-limit order needs a stop price read as a number, and carries it with its limit price', async () => {
    const { actor, effects } = start({ place: async () => ({ id: 1 }) as AnswerOf<'tx_in/add'> });
    await ready(actor);
    // The stop field takes nothing outside stop-limit mode.
    actor.send({ type: 'STOP', side: 'sell', text: '90' });
    expect(actor.getSnapshot().context.sell.stop).toBe('');
    actor.send({ type: 'MODE', mode: 2 });
    actor.send({ type: 'PRICE', side: 'sell', text: '89.5' });
    actor.send({ type: 'QUANTITY', side: 'sell', text: '1' });
    actor.send({ type: 'SUBMIT', side: 'sell' });
    for (const text of ['9e1', '90.123']) {
      actor.send({ type: 'STOP', side: 'sell', text });
      expect(actor.getSnapshot().context.sell.stop).toBe(text);
      actor.send({ type: 'SUBMIT', side: 'sell' });
    }
    expect(effects.problems).toEqual(['p_stop', 'stopNotNumber', 'stopTooManyDecimals']);
    expect(submittedProblem(actor.getSnapshot().context, 'sell')).toBeNull();
    actor.send({ type: 'STOP', side: 'sell', text: '' });
    expect(submittedProblem(actor.getSnapshot().context, 'sell')).toEqual({
      place: 'stop',
      problem: { code: 'p_stop' },
    });
    actor.send({ type: 'STOP', side: 'sell', text: '90' });
    actor.send({ type: 'SUBMIT', side: 'sell' });
    await waitFor(actor, (s) => s.matches({ sell: 'idle' }) && effects.placed.length === 1);
    expect(effects.placed).toEqual([
      { currency_match_id: 1, number: '1', price: '89.5', stop_price: '90', type: 2 },
    ]);
    // The stop stays after the order, as the price does.
    expect(actor.getSnapshot().context.sell).toMatchObject({ stop: '90', price: '89.5', quantity: '' });
  });

  it('an OCO needs a stop and a stop-limit price, its prices on the right sides of the last price, and carries all three', async () => {
    const { actor, effects } = start({ place: async () => ({ id: 1 }) as AnswerOf<'tx_in/add'> });
    await ready(actor);
    // The stop-limit field takes nothing outside OCO mode.
    actor.send({ type: 'MODE', mode: 2 });
    actor.send({ type: 'STOP_LIMIT_PRICE', side: 'sell', text: '80' });
    expect(actor.getSnapshot().context.sell.stopLimit).toBe('');
    actor.send({ type: 'MODE', mode: 3 });
    actor.send({ type: 'LAST', price: '100' });
    actor.send({ type: 'PRICE', side: 'sell', text: '110' });
    actor.send({ type: 'QUANTITY', side: 'sell', text: '1' });
    actor.send({ type: 'STOP', side: 'sell', text: '90' });
    actor.send({ type: 'SUBMIT', side: 'sell' });
    actor.send({ type: 'STOP_LIMIT_PRICE', side: 'sell', text: '8e1' });
    actor.send({ type: 'SUBMIT', side: 'sell' });
    actor.send({ type: 'STOP_LIMIT_PRICE', side: 'sell', text: '89' });
    // A sell OCO's stop at the last price, then its limit at it: Binance's rule refuses both.
    actor.send({ type: 'STOP', side: 'sell', text: '100' });
    actor.send({ type: 'SUBMIT', side: 'sell' });
    actor.send({ type: 'STOP', side: 'sell', text: '90' });
    actor.send({ type: 'PRICE', side: 'sell', text: '100' });
    actor.send({ type: 'SUBMIT', side: 'sell' });
    expect(submittedProblem(actor.getSnapshot().context, 'sell')).toEqual({
      place: 'price',
      problem: { code: 'ocoSellPrices' },
    });
    // A buy OCO the other way round.
    actor.send({ type: 'PRICE', side: 'buy', text: '95' });
    actor.send({ type: 'STOP', side: 'buy', text: '99' });
    actor.send({ type: 'STOP_LIMIT_PRICE', side: 'buy', text: '101' });
    actor.send({ type: 'QUANTITY', side: 'buy', text: '1' });
    actor.send({ type: 'SUBMIT', side: 'buy' });
    expect(effects.problems).toEqual([
      'p_stopLimit',
      'stopLimitNotNumber',
      'ocoSellPrices',
      'ocoSellPrices',
      'ocoBuyPrices',
    ]);
    expect(effects.placed).toEqual([]);
    actor.send({ type: 'PRICE', side: 'sell', text: '110' });
    actor.send({ type: 'SUBMIT', side: 'sell' });
    await waitFor(actor, (s) => s.matches({ sell: 'idle' }) && effects.placed.length === 1);
    expect(effects.placed).toEqual([
      { currency_match_id: 1, number: '1', price: '110', stop_price: '90', stop_limit_price: '89', type: 3 },
    ]);
  });

  it('refuses e, minus, plus, letters and extra decimals with a message per field, keeping the text', async () => {
    const { actor, effects } = start();
    await ready(actor);
    actor.send({ type: 'QUANTITY', side: 'buy', text: '1' });
    for (const text of ['1e5', '-1', '+1', '12.345', 'abc']) {
      actor.send({ type: 'PRICE', side: 'buy', text });
      expect(actor.getSnapshot().context.buy.price).toBe(text);
      actor.send({ type: 'SUBMIT', side: 'buy' });
    }
    expect(effects.problems).toEqual([
      'priceNotNumber',
      'priceNotNumber',
      'priceNotNumber',
      'priceTooManyDecimals',
      'priceNotNumber',
    ]);
    expect(effects.placed).toEqual([]);
  });

  it('with no price the slider says there is no best price and stays put', async () => {
    const { actor, effects } = start();
    await ready(actor);
    actor.send({ type: 'PERCENT', side: 'buy', percent: 75 });
    expect(effects.problems).toEqual(['noBestPrice']);
    expect(actor.getSnapshot().context.buy).toEqual({
      stop: '',
      stopLimit: '',
      price: '',
      quantity: '',
      percent: 0,
    });
    actor.send({ type: 'MODE', mode: 1 });
    actor.send({ type: 'PERCENT', side: 'buy', percent: 75 });
    expect(effects.problems).toEqual(['noBestPrice', 'noBestPrice']);
  });

  it('typing a quantity puts the slider back to 0', async () => {
    const { actor } = start();
    await ready(actor);
    actor.send({ type: 'PERCENT', side: 'sell', percent: 50 });
    expect(actor.getSnapshot().context.sell).toMatchObject({ quantity: '1', percent: 50 });
    actor.send({ type: 'QUANTITY', side: 'sell', text: '1.2' });
    expect(actor.getSnapshot().context.sell).toMatchObject({ quantity: '1.2', percent: 0 });
  });

  it('reports p_price, p_num, notbest and remind and sends nothing', async () => {
    const { actor, effects } = start();
    await ready(actor);
    actor.send({ type: 'SUBMIT', side: 'buy' });
    actor.send({ type: 'PRICE', side: 'buy', text: '10' });
    actor.send({ type: 'SUBMIT', side: 'buy' });
    actor.send({ type: 'MODE', mode: 1 });
    actor.send({ type: 'QUANTITY', side: 'buy', text: '1' });
    actor.send({ type: 'SUBMIT', side: 'buy' });
    const bib = start({ pair: BIB });
    await ready(bib.actor);
    bib.actor.send({ type: 'PRICE', side: 'sell', text: '1' });
    bib.actor.send({ type: 'QUANTITY', side: 'sell', text: '1' });
    bib.actor.send({ type: 'SUBMIT', side: 'sell' });
    expect(effects.problems).toEqual(['p_price', 'p_num', 'notbest']);
    expect(bib.effects.problems).toEqual(['remind']);
    expect([...effects.placed, ...bib.effects.placed]).toEqual([]);
  });

  it('places a valid limit order and clears its quantity and slider; a reload meanwhile keeps it in flight', async () => {
    const { actor, effects, release } = start();
    await ready(actor);
    expect(effects.balanceLoads).toBe(1);
    actor.send({ type: 'PRICE', side: 'sell', text: '70000.5' });
    actor.send({ type: 'PERCENT', side: 'sell', percent: 50 });
    actor.send({ type: 'SUBMIT', side: 'sell' });
    expect(actor.getSnapshot().matches({ sell: 'submitting' })).toBe(true);
    // A push meanwhile reloads the balances but must not abandon the order in flight.
    actor.send({ type: 'REFRESH_BALANCES' });
    actor.send({ type: 'BEST', bid: '1', ask: '2' });
    expect(actor.getSnapshot().matches({ sell: 'submitting' })).toBe(true);
    release();
    await waitFor(actor, (s) => s.matches({ sell: 'idle', balances: 'idle' }));
    expect(effects.placed).toEqual([{ currency_match_id: 1, number: '1', price: '70000.5', type: 0 }]);
    expect(actor.getSnapshot().context.sell).toEqual({
      stop: '',
      stopLimit: '',
      price: '70000.5',
      quantity: '',
      percent: 0,
    });
    // The first load and the one asked for meanwhile; reloading after placing is the screen's job
    // (trade-screen.machine.test.ts), so the form itself loads no more.
    expect(effects.balanceLoads).toBe(2);
  });

  it('a refused order keeps what was typed', async () => {
    const { actor } = start({ place: async () => Promise.reject(new Error('Insufficient balance')) });
    await ready(actor);
    actor.send({ type: 'PRICE', side: 'buy', text: '1' });
    actor.send({ type: 'QUANTITY', side: 'buy', text: '3' });
    actor.send({ type: 'SUBMIT', side: 'buy' });
    await waitFor(actor, (s) => s.matches({ buy: 'idle' }));
    expect(actor.getSnapshot().context.buy).toEqual({
      stop: '',
      stopLimit: '',
      price: '1',
      quantity: '3',
      percent: 0,
    });
  });

  it('a visitor loads no balances and places nothing', async () => {
    const { actor, effects } = start({ signedIn: false });
    await ready(actor);
    actor.send({ type: 'PRICE', side: 'buy', text: '1' });
    actor.send({ type: 'QUANTITY', side: 'buy', text: '1' });
    actor.send({ type: 'SUBMIT', side: 'buy' });
    expect(effects.balanceLoads).toBe(0);
    expect(effects.placed).toEqual([]);
    expect(actor.getSnapshot().context.balances).toBeNull();
  });

  it('a book price fills both prices, switching a market form to limit', async () => {
    const { actor } = start();
    await ready(actor);
    actor.send({ type: 'MODE', mode: 1 });
    actor.send({ type: 'PICK_PRICE', price: '71234.56' });
    expect(actor.getSnapshot().context).toMatchObject({
      mode: 0,
      buy: { price: '71234.56' },
      sell: { price: '71234.56' },
    });
  });

  it('a new pair starts the forms afresh', async () => {
    const { actor, effects } = start();
    await ready(actor);
    actor.send({ type: 'PRICE', side: 'buy', text: '1' });
    actor.send({ type: 'PAIR', pair: BIB });
    expect(actor.getSnapshot().context).toMatchObject({ pair: BIB, buy: { price: '' }, balances: null });
    await ready(actor);
    expect(effects.balanceLoads).toBe(2);
  });

  const event: fc.Arbitrary<SpotEntryEvent> = fc.oneof(
    fc.record({ type: fc.constant('MODE' as const), mode: fc.constantFrom(0 as const, 1 as const) }),
    fc.record({
      type: fc.constant('PRICE' as const),
      side: fc.constantFrom('buy' as const, 'sell' as const),
      text: fc.string({ unit: fc.constantFrom(...'0123456789.e-+'.split('')), maxLength: 10 }),
    }),
    fc.record({
      type: fc.constant('QUANTITY' as const),
      side: fc.constantFrom('buy' as const, 'sell' as const),
      text: fc.string({ unit: fc.constantFrom(...'0123456789.e-+'.split('')), maxLength: 12 }),
    }),
    fc.record({
      type: fc.constant('PERCENT' as const),
      side: fc.constantFrom('buy' as const, 'sell' as const),
      percent: fc.integer({ min: -50, max: 150 }),
    }),
    fc.record({
      type: fc.constant('BEST' as const),
      bid: fc.option(fc.constantFrom('99.5', '100')),
      ask: fc.option(fc.constantFrom('100.5', '101')),
    }),
    fc.record({ type: fc.constant('PICK_PRICE' as const), price: fc.constantFrom('100.25', '1e3', '') }),
  );

  it('whatever the user does, a field holds exactly what was typed and a slider never says what is untrue', () => {
    const { actor } = start();
    fc.assert(
      fc.property(fc.array(event, { maxLength: 40 }), (events) => {
        let snapshot = actor.getSnapshot();
        for (const e of events) {
          const before = snapshot.context;
          snapshot = getNextSnapshot(actor.logic, snapshot, e);
          const after = snapshot.context;
          if (e.type === 'PRICE' && before.mode === LIMIT) expect(after[e.side].price).toBe(e.text);
          if (e.type === 'QUANTITY') expect(after[e.side].quantity).toBe(e.text);
          for (const side of ['buy', 'sell'] as const) {
            const draft = after[side];
            expect(SLIDER_MARKS).toContain(draft.percent);
            // A slider off 0 stands for exactly the quantity in the field, at the price now.
            if (draft.percent !== 0) {
              const outcome = sliderQuantity({
                side,
                percent: draft.percent,
                balance:
                  after.balances === null ? '0' : side === 'buy' ? after.balances.quote : after.balances.base,
                price: effectivePrice(after, side),
                decimals: 6,
              });
              expect(outcome).toEqual({ kind: 'quantity', quantity: draft.quantity });
            }
          }
          // Changing the mode clears both quantities and sliders (spec §4); choosing it again does not.
          if (e.type === 'MODE' && e.mode !== before.mode)
            for (const side of ['buy', 'sell'] as const)
              expect([after[side].percent, after[side].quantity]).toEqual([0, '']);
        }
      }),
    );
  });

  it("a refused side's problem sits beside its field from the refusal on, follows what is typed, and goes with the mode", () => {
    const { actor } = start();
    const where: Record<string, string> = {
      p_price: 'price',
      p_num: 'quantity',
      notbest: 'form',
      remind: 'form',
    };
    const submit = fc.record({
      type: fc.constant('SUBMIT' as const),
      side: fc.constantFrom('buy' as const, 'sell' as const),
    });
    const typed = (text: string) => fc.constantFrom('', '0', '12', '1.5', 'x', text);
    const step: fc.Arbitrary<SpotEntryEvent> = fc.oneof(
      submit,
      fc.record({ type: fc.constant('MODE' as const), mode: fc.constantFrom(0 as const, 1 as const) }),
      fc.record({
        type: fc.constant('PRICE' as const),
        side: fc.constantFrom('buy' as const, 'sell' as const),
        text: typed('100'),
      }),
      fc.record({
        type: fc.constant('QUANTITY' as const),
        side: fc.constantFrom('buy' as const, 'sell' as const),
        text: typed('2'),
      }),
      fc.record({
        type: fc.constant('BEST' as const),
        bid: fc.option(fc.constant('99.5')),
        ask: fc.option(fc.constant('100.5')),
      }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), (events) => {
        let snapshot = actor.getSnapshot();
        // Sides refused since the last change of mode (the model the machine is checked against).
        const refused = new Set<string>();
        for (const e of events) {
          const before = snapshot;
          snapshot = getNextSnapshot(actor.logic, snapshot, e);
          if (e.type === 'MODE' && e.mode !== before.context.mode) refused.clear();
          // A side checks its order when idle; one in flight (never answered here) or asking about a
          // far price takes no SUBMIT.
          if (e.type === 'SUBMIT' && before.matches({ [e.side]: 'idle' })) {
            const code = problemOfSide(before.context, e.side);
            if (code !== null) refused.add(e.side);
          }
          for (const side of ['buy', 'sell'] as const) {
            const shown = submittedProblem(snapshot.context, side);
            if (!refused.has(side)) {
              expect(shown).toBeNull();
              continue;
            }
            const code = problemOfSide(snapshot.context, side);
            const place = code === null ? undefined : where[code];
            expect(shown).toEqual(place === undefined ? null : { place, problem: { code } });
          }
        }
      }),
    );
  });

  it('an order goes only when both fields read as numbers, and it carries exactly the numbers read', async () => {
    const careless = fc.string({ unit: fc.constantFrom(...'0123456789.,e-+x '.split('')), maxLength: 10 });
    await fc.assert(
      fc.asyncProperty(careless, careless, fc.boolean(), async (price, quantity, comma) => {
        const { actor, effects } = start({ place: async () => ({ id: 1 }) as AnswerOf<'tx_in/add'>, comma });
        await ready(actor);
        actor.send({ type: 'PRICE', side: 'buy', text: price });
        actor.send({ type: 'QUANTITY', side: 'buy', text: quantity });
        actor.send({ type: 'SUBMIT', side: 'buy' });
        await waitFor(actor, (s) => s.matches({ buy: 'idle' }));
        const rules = (max: number) => ({ maxDecimals: max, decimalComma: comma });
        const p = readNumberEntry(price, rules(2));
        const q = readNumberEntry(quantity, rules(6));
        const sendable =
          p.kind === 'number' && q.kind === 'number' && Number(p.value) > 0 && Number(q.value) > 0;
        expect(effects.placed.length).toBe(sendable ? 1 : 0);
        if (sendable)
          expect(effects.placed[0]).toEqual({
            currency_match_id: 1,
            price: p.value,
            number: q.value,
            type: 0,
          });
        else expect(effects.problems.length).toBe(1);
        actor.stop();
      }),
      { numRuns: 200 },
    );
  });

  it('the decimal comma of the user language is read as a point; elsewhere it is refused with a message', async () => {
    const ru = start({ comma: true });
    await ready(ru.actor);
    ru.actor.send({ type: 'PRICE', side: 'sell', text: '70000,5' });
    ru.actor.send({ type: 'QUANTITY', side: 'sell', text: '0,5' });
    ru.actor.send({ type: 'SUBMIT', side: 'sell' });
    const en = start();
    await ready(en.actor);
    en.actor.send({ type: 'PRICE', side: 'sell', text: '70000,5' });
    en.actor.send({ type: 'QUANTITY', side: 'sell', text: '0,5' });
    en.actor.send({ type: 'SUBMIT', side: 'sell' });
    expect(en.actor.getSnapshot().context.sell).toEqual({
      stop: '',
      stopLimit: '',
      price: '70000,5',
      quantity: '0,5',
      percent: 0,
    });
    expect(fieldProblems(en.actor.getSnapshot().context, 'sell').price).toEqual({ kind: 'notNumber' });
    expect(en.effects.problems).toEqual(['priceNotNumber']);
    expect(en.effects.placed).toEqual([]);
    expect(ru.effects.placed).toEqual([{ currency_match_id: 1, number: '0.5', price: '70000.5', type: 0 }]);
  });

  it('reads a draft once while the book moves, and again with other places or another separator', async () => {
    const { actor } = start();
    await ready(actor);
    actor.send({ type: 'PRICE', side: 'buy', text: '100.123' });
    const before = actor.getSnapshot().context;
    actor.send({ type: 'BEST', bid: '99', ask: '101' });
    const after = actor.getSnapshot().context;
    expect(after).not.toBe(before);
    // The same draft, read once: the same reading after the book moved.
    expect(fieldEntries(after, 'buy')).toBe(fieldEntries(before, 'buy'));
    expect(fieldEntries(after, 'buy').price).toEqual(
      readNumberEntry('100.123', { maxDecimals: 2, decimalComma: false }),
    );
    // Other places or the comma: read again, by those.
    const finer = { ...after, pair: { ...after.pair, priceDecimals: 4 } };
    expect(fieldEntries(finer, 'buy').price).toEqual(
      readNumberEntry('100.123', { maxDecimals: 4, decimalComma: false }),
    );
    const comma = { ...after, decimalComma: true };
    expect(fieldEntries(comma, 'buy').price).toEqual(
      readNumberEntry('100.123', { maxDecimals: 2, decimalComma: true }),
    );
    expect(fieldEntries(after, 'buy').price).toEqual(
      readNumberEntry('100.123', { maxDecimals: 2, decimalComma: false }),
    );
  });

  it('too many decimals is a message with the limit, and nothing is cut or placed', async () => {
    const { actor, effects, problemDetails } = start();
    await ready(actor);
    actor.send({ type: 'PRICE', side: 'buy', text: '100' });
    actor.send({ type: 'QUANTITY', side: 'buy', text: '0.1234567' });
    actor.send({ type: 'SUBMIT', side: 'buy' });
    actor.send({ type: 'PRICE', side: 'buy', text: '100.123' });
    actor.send({ type: 'SUBMIT', side: 'buy' });
    expect(problemDetails).toEqual([
      { code: 'quantityTooManyDecimals', max: 6 },
      { code: 'priceTooManyDecimals', max: 2 },
    ]);
    expect(actor.getSnapshot().context.buy.quantity).toBe('0.1234567');
    expect(effects.placed).toEqual([]);
  });

  it("the quantity follows the pair's lot: 0.123456 on a 5-place pair is refused, the slider fills to 5 places", async () => {
    const lot5 = { ...BTC, quantityDecimals: 5 };
    const { actor, effects } = start({ pair: lot5 });
    await ready(actor);
    actor.send({ type: 'PRICE', side: 'sell', text: '70000' });
    actor.send({ type: 'QUANTITY', side: 'sell', text: '0.123456' });
    actor.send({ type: 'SUBMIT', side: 'sell' });
    expect(effects.problems).toEqual(['quantityTooManyDecimals']);
    actor.send({ type: 'PERCENT', side: 'sell', percent: 25 });
    // 25 % of 2 = 0.5 exactly; to 5 places it stays 0.5.
    expect(actor.getSnapshot().context.sell.quantity).toBe('0.5');
  });

  it('a slider that stops telling the truth when the price moves goes back to 0; the quantity stays', async () => {
    const { actor } = start();
    await ready(actor);
    actor.send({ type: 'PRICE', side: 'buy', text: '100' });
    actor.send({ type: 'PERCENT', side: 'buy', percent: 75 });
    expect(actor.getSnapshot().context.buy).toEqual({
      stop: '',
      stopLimit: '',
      price: '100',
      quantity: '7.5',
      percent: 75,
    });
    actor.send({ type: 'PRICE', side: 'buy', text: '200' });
    expect(actor.getSnapshot().context.buy).toEqual({
      stop: '',
      stopLimit: '',
      price: '200',
      quantity: '7.5',
      percent: 0,
    });
    // A sell's slider does not depend on the price: it stays.
    actor.send({ type: 'PERCENT', side: 'sell', percent: 50 });
    actor.send({ type: 'PRICE', side: 'sell', text: '5' });
    expect(actor.getSnapshot().context.sell).toEqual({
      stop: '',
      stopLimit: '',
      price: '5',
      quantity: '1',
      percent: 50,
    });
  });

  it('a price more than 10 % through the best opposite price asks first; back places nothing, confirm places it', async () => {
    const { actor, effects } = start({ place: async () => ({ id: 1 }) as AnswerOf<'tx_in/add'> });
    await ready(actor);
    actor.send({ type: 'BEST', bid: '99', ask: '100' });
    actor.send({ type: 'PRICE', side: 'buy', text: '111' });
    actor.send({ type: 'QUANTITY', side: 'buy', text: '1' });
    actor.send({ type: 'SUBMIT', side: 'buy' });
    expect(actor.getSnapshot().matches({ buy: 'confirming' })).toBe(true);
    expect(farPercent(actor.getSnapshot().context, 'buy')).toBe(11);
    actor.send({ type: 'DISMISS', side: 'buy' });
    expect(actor.getSnapshot().matches({ buy: 'idle' })).toBe(true);
    expect(effects.placed).toEqual([]);
    actor.send({ type: 'SUBMIT', side: 'buy' });
    // The other side's confirm is not this side's.
    actor.send({ type: 'CONFIRM', side: 'sell' });
    expect(actor.getSnapshot().matches({ buy: 'confirming' })).toBe(true);
    actor.send({ type: 'CONFIRM', side: 'buy' });
    await waitFor(actor, (s) => s.matches({ buy: 'idle' }));
    expect(effects.placed).toEqual([{ currency_match_id: 1, number: '1', price: '111', type: 0 }]);
    // At 110 (exactly 10 %) it goes at once.
    actor.send({ type: 'PRICE', side: 'buy', text: '110' });
    actor.send({ type: 'QUANTITY', side: 'buy', text: '1' });
    actor.send({ type: 'SUBMIT', side: 'buy' });
    await waitFor(actor, (s) => s.matches({ buy: 'idle' }));
    expect(effects.placed).toHaveLength(2);
  });

  it('the "pro" setting places a far price without asking; a bad order is still refused', async () => {
    const { actor, effects } = start({ place: async () => ({ id: 1 }) as AnswerOf<'tx_in/add'> });
    await ready(actor);
    actor.send({ type: 'BEST', bid: '99', ask: '100' });
    actor.send({ type: 'PRICE', side: 'buy', text: '111' });
    actor.send({ type: 'SUBMIT', side: 'buy', skipConfirm: true });
    // No quantity: refused by the rules, pro or not.
    expect(actor.getSnapshot().matches({ buy: 'confirming' })).toBe(false);
    expect(effects.placed).toEqual([]);
    actor.send({ type: 'QUANTITY', side: 'buy', text: '1' });
    actor.send({ type: 'SUBMIT', side: 'buy', skipConfirm: true });
    expect(actor.getSnapshot().matches({ buy: 'confirming' })).toBe(false);
    await waitFor(actor, (s) => s.matches({ buy: 'idle' }));
    expect(effects.placed).toEqual([{ currency_match_id: 1, number: '1', price: '111', type: 0 }]);
  });

  it('every submitting state is reachable', () => {
    const paths = getShortestPaths(spotEntryMachine, {
      input: { pair: BTC, signedIn: true },
      events: [
        { type: 'PRICE', side: 'buy', text: '1' },
        { type: 'PRICE', side: 'sell', text: '1' },
        { type: 'QUANTITY', side: 'buy', text: '1' },
        { type: 'QUANTITY', side: 'sell', text: '1' },
        { type: 'SUBMIT', side: 'buy' },
        { type: 'SUBMIT', side: 'sell' },
        {
          type: 'xstate.done.actor.0.spotEntry.balances.loading',
          output: { quote: '1', base: '1', quoteLocked: '0', baseLocked: '0' },
        } as unknown as SpotEntryEvent,
      ],
    });
    const values = paths.map((path) => JSON.stringify(path.state.value));
    expect(values.some((value) => value.includes('"buy":"submitting"'))).toBe(true);
    expect(values.some((value) => value.includes('"sell":"submitting"'))).toBe(true);
  });
});

/** The code of a side's first problem, or null (problemOf without its decimals). */
function problemOfSide(
  context: Parameters<typeof problemOf>[0],
  side: 'buy' | 'sell',
): SpotEntryProblem | null {
  return problemOf(context, side)?.code ?? null;
}

describe('order filter warnings beside the fields (issue 31 item 5)', () => {
  const GUARDED: SpotPair = { ...BTC, priceBand: { downPercent: 50, upPercent: 100 }, minNotional: '5' };

  it('warns of a price outside the band around the last trade and of a value under the minimum, and still sends the order for the server to judge', async () => {
    const { actor, effects } = start({
      pair: GUARDED,
      place: async () => ({ id: 1 }) as AnswerOf<'tx_in/add'>,
    });
    await ready(actor);
    const warnings = () => fieldWarnings(actor.getSnapshot().context, 'buy');
    actor.send({ type: 'PRICE', side: 'buy', text: '3.00' });
    actor.send({ type: 'QUANTITY', side: 'buy', text: '0.001' });
    // No last trade yet: nothing to measure the price from; the value is measured at the typed price.
    expect(warnings()).toEqual({ price: null, total: { min: '5' } });
    actor.send({ type: 'LAST', price: '90000.00' });
    expect(warnings()).toEqual({
      price: { verdict: 'below', low: '45000.00', high: '180000.00' },
      total: { min: '5' },
    });
    actor.send({ type: 'PRICE', side: 'buy', text: '180000.01' });
    expect(warnings().price?.verdict).toBe('above');
    // Inside the band, worth 45 USDT: nothing to say.
    actor.send({ type: 'PRICE', side: 'buy', text: '45000' });
    expect(warnings()).toEqual({ price: null, total: null });
    // The boundary of the value: 0.0001 x 50,000 = 5 reaches it, 49,999.99 does not.
    actor.send({ type: 'QUANTITY', side: 'buy', text: '0.0001' });
    actor.send({ type: 'PRICE', side: 'buy', text: '50000' });
    expect(warnings().total).toBeNull();
    actor.send({ type: 'PRICE', side: 'buy', text: '49999.99' });
    expect(warnings().total).toEqual({ min: '5' });
    // A warning does not stop the order: the server decides (and refuses it).
    actor.send({ type: 'PRICE', side: 'buy', text: '3' });
    actor.send({ type: 'QUANTITY', side: 'buy', text: '0.001' });
    actor.send({ type: 'SUBMIT', side: 'buy' });
    await waitFor(actor, (s) => s.matches({ buy: 'idle' }) && effects.placed.length === 1);
    expect(effects.placed[0]).toMatchObject({ price: '3', number: '0.001' });
  });

  it('a market order is measured at the best opposite price; a field that is not a number, or a pair without filters, warns of nothing', async () => {
    const { actor } = start({ pair: GUARDED });
    await ready(actor);
    actor.send({ type: 'LAST', price: '90000.00' });
    actor.send({ type: 'MODE', mode: 1 });
    actor.send({ type: 'QUANTITY', side: 'sell', text: '0.00005' });
    expect(fieldWarnings(actor.getSnapshot().context, 'sell')).toEqual({ price: null, total: null });
    actor.send({ type: 'BEST', bid: '90000.00', ask: '90001.00' });
    expect(fieldWarnings(actor.getSnapshot().context, 'sell')).toEqual({ price: null, total: { min: '5' } });
    actor.send({ type: 'MODE', mode: 0 });
    actor.send({ type: 'PRICE', side: 'sell', text: '3,5' });
    actor.send({ type: 'QUANTITY', side: 'sell', text: 'x' });
    expect(fieldWarnings(actor.getSnapshot().context, 'sell')).toEqual({ price: null, total: null });

    const plain = start();
    await ready(plain.actor);
    plain.actor.send({ type: 'LAST', price: '90000.00' });
    plain.actor.send({ type: 'PRICE', side: 'buy', text: '3' });
    plain.actor.send({ type: 'QUANTITY', side: 'buy', text: '0.001' });
    expect(fieldWarnings(plain.actor.getSnapshot().context, 'buy')).toEqual({ price: null, total: null });
  });
});
