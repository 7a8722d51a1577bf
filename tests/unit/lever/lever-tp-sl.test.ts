import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { LeverPosition, LeverSetStop } from '../../../src/machines/lever-positions.machine.ts';
import { leverTpSlMachine, tpSlValues, type StopField } from '../../../src/machines/lever-tp-sl.machine.ts';
import { declaredStates, fold, walk } from '../machines/walk-kit.ts';

/** A long of 0.02 BTC at 100.10 (2 price decimals), last trade 100. */
function position(extra: Partial<LeverPosition> = {}): LeverPosition {
  return {
    id: 7,
    currency_match_id: 1,
    type: 1,
    type_name: 'long',
    symbol: 'BTC/USDT',
    base_currency_id: 2,
    quote_currency_id: 1,
    share: '2',
    number: '0.02',
    multiple: 10,
    price: '100.10',
    origin_price: '100',
    update_price: '100',
    target_price: '0',
    target_profit_price: '0',
    stop_loss_price: '0',
    origin_caution_money: '0.2002',
    caution_money: '0.2002',
    trade_fee: '0.002',
    overnight_money: '0',
    profits: '0',
    liquidation_price: '0',
    status: 1,
    close_reason: 0,
    open_trade: null,
    close_trade: null,
    created_at: 0,
    time: '2026-01-01 00:00:00',
    closed_at: 0,
    ...extra,
  };
}

const INPUT = { position: position(), last: '100', priceDecimals: 2, decimalComma: false };

describe('lever take-profit / stop-loss machine', () => {
  it('reaches every state by its shortest paths, and saves only stops on their sides', () => {
    const result = walk(leverTpSlMachine, {
      input: INPUT,
      events: [
        { type: 'EDIT', leg: 'tp', field: 'percent', text: '10' },
        { type: 'EDIT', leg: 'tp', field: 'price', text: '90' },
        { type: 'EDIT', leg: 'sl', field: 'amount', text: 'x' },
        { type: 'LAST', price: '120' },
        { type: 'SAVE' },
        { type: 'DISMISS' },
        { type: 'xstate.done.actor.0.leverTpSl.saving', output: position({ target_profit_price: '110.11' }) },
        { type: 'xstate.error.actor.0.leverTpSl.saving', error: new Error('code 0') },
      ],
    });
    expect([...result.reached].sort()).toEqual(declaredStates(leverTpSlMachine));
    expect(result.unsupplied).toEqual([]);
    for (const path of result.paths) {
      if (!path.state.matches('saving')) continue;
      expect(path.state.context.tp.problem).toBeNull();
      expect(path.state.context.sl.problem).toBeNull();
    }
    expect(result.route((s) => s.matches('saved'))).toEqual([
      'xstate.init',
      'SAVE',
      'xstate.done.actor.0.leverTpSl.saving',
    ]);
  });

  it('a % fills the price and the expected profit; the typed text stays as typed', () => {
    const { steps } = fold(leverTpSlMachine, INPUT, [
      { type: 'EDIT', leg: 'tp', field: 'percent', text: '10' },
    ]);
    const tp = steps[0]!.after.context.tp;
    // 100.10 x 1.10 = 110.11; (110.11 - 100.10) x 0.02 = 0.2002.
    expect(tp.texts).toEqual({ price: '110.11', percent: '10', amount: '0.2002' });
    expect(tp.price).toBe('110.11');
    expect(tp.expected).toBe('0.2002');
    expect(tp.problem).toBeNull();
  });

  it('an expected loss fills the stop-loss price (nearest tick) and the %, with a decimal comma', () => {
    const { steps } = fold(leverTpSlMachine, { ...INPUT, decimalComma: true }, [
      { type: 'EDIT', leg: 'sl', field: 'amount', text: '0,1' },
    ]);
    const sl = steps[0]!.after.context.sl;
    // 100.10 - 0.1 / 0.02 = 95.10; (100.10 - 95.10) / 100.10 x 100 = 4.995004995... -> 4.995 (5 decimals: 4.99500).
    expect(sl.texts.amount).toBe('0,1');
    expect(sl.texts.price).toBe('95,10');
    expect(sl.texts.percent).toBe('4,995');
    expect(sl.price).toBe('95.1');
    expect(sl.expected).toBe('0.1');
  });

  it('refuses a price on the wrong side and a non-number, keeping both texts, and clears on empty', () => {
    const { steps } = fold(leverTpSlMachine, INPUT, [
      { type: 'EDIT', leg: 'tp', field: 'price', text: '99' },
      { type: 'EDIT', leg: 'sl', field: 'percent', text: '5%' },
      { type: 'SAVE' },
      { type: 'EDIT', leg: 'sl', field: 'percent', text: '' },
      { type: 'EDIT', leg: 'tp', field: 'price', text: '0' },
      { type: 'SAVE' },
    ]);
    expect(steps[0]!.after.context.tp.problem).toEqual({ kind: 'tpSide', side: 'long' });
    expect(steps[0]!.after.context.tp.texts.price).toBe('99');
    // The % of a price on the wrong side reads negative: it is below the entry.
    expect(steps[0]!.after.context.tp.texts.percent).toBe('-1.099');
    expect(steps[1]!.after.context.sl.problem).toEqual({ kind: 'notNumber' });
    expect(steps[1]!.after.context.sl.texts).toEqual({ price: '', percent: '5%', amount: '' });
    expect(steps[2]!.after.value).toBe('editing');
    expect(steps[4]!.after.context.tp.price).toBe('');
    expect(steps[5]!.after.value).toBe('saving');
    expect(tpSlValues(steps[5]!.after.context)).toEqual({ id: 7, tp: '0', sl: '0' });
  });

  it('a short takes profit below and stops loss above; the live last price re-checks the sides', () => {
    const short = { ...INPUT, position: position({ type: 2 }) };
    const { steps } = fold(leverTpSlMachine, short, [
      { type: 'EDIT', leg: 'tp', field: 'percent', text: '2' },
      { type: 'EDIT', leg: 'sl', field: 'price', text: '101' },
      { type: 'LAST', price: '101.50' },
    ]);
    expect(steps[0]!.after.context.tp.texts.price).toBe('98.10');
    expect(steps[1]!.after.context.sl.problem).toBeNull();
    // A stop-loss of a short must be above the last price too.
    expect(steps[2]!.after.context.sl.problem).toEqual({ kind: 'slSide', side: 'short' });
  });

  it('random edits: the field typed in keeps its text; a number read from it sends the price the others show', () => {
    const field = fc.constantFrom<StopField>('price', 'percent', 'amount');
    const text = fc.oneof(
      fc.constantFrom('', '0', '5', '10.5', '110', '95.5', '0.0001', 'abc', '1,5', '-3'),
      fc.integer({ min: 0, max: 400 }).map(String),
    );
    const edit = fc.record({
      type: fc.constant('EDIT' as const),
      leg: fc.constantFrom('tp' as const, 'sl' as const),
      field,
      text,
    });
    fc.assert(
      fc.property(fc.array(edit, { maxLength: 20 }), fc.boolean(), (edits, short) => {
        const input = { ...INPUT, position: position({ type: short ? 2 : 1 }) };
        const { steps } = fold(leverTpSlMachine, input, edits);
        for (const step of steps) {
          const event = step.event as (typeof edits)[number];
          const draft = step.after.context[event.leg];
          expect(draft.texts[event.field]).toBe(event.text);
          expect(draft.source).toBe(event.field);
          if (draft.price !== '') {
            // The price field shows the price that is sent (with the pair's 2 decimals).
            expect(Number(draft.texts.price)).toBe(Number(draft.price));
          }
          // The other leg did not move.
          const other = event.leg === 'tp' ? 'sl' : 'tp';
          expect(step.after.context[other]).toEqual(step.before.context[other]);
        }
      }),
    );
  });

  it('sends exactly the prices shown and reports the saved position', async () => {
    const sent: LeverSetStop[] = [];
    const actor = createActor(
      leverTpSlMachine.provide({
        actors: {
          setStop: fromPromise(async ({ input }: { input: LeverSetStop }) => {
            sent.push(input);
            return position({ target_profit_price: input.tp, stop_loss_price: input.sl });
          }),
        },
      }),
      { input: INPUT },
    ).start();
    actor.send({ type: 'EDIT', leg: 'tp', field: 'percent', text: '10' });
    actor.send({ type: 'EDIT', leg: 'sl', field: 'price', text: '90.5' });
    actor.send({ type: 'SAVE' });
    // Typing is refused while saving.
    actor.send({ type: 'EDIT', leg: 'tp', field: 'price', text: '130' });
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(sent).toEqual([{ id: 7, tp: '110.11', sl: '90.5' }]);
    expect(done.output?.saved?.target_profit_price).toBe('110.11');
  });

  it('a line dragged on the chart opens the dialog with its price typed in: a wrong side is refused as typed, never moved', () => {
    const saved = position({ target_profit_price: '105', stop_loss_price: '95' });
    const drag = (leg: 'tp' | 'sl', price: string, decimalComma = false) =>
      createActor(leverTpSlMachine, {
        input: { ...INPUT, decimalComma, position: saved, moved: { leg, price } },
      }).getSnapshot().context;
    const up = drag('tp', '107.25');
    expect(up.moved).toBe('tp');
    expect(up.tp.texts.price).toBe('107.25');
    expect(up.tp.problem).toBeNull();
    // (107.25 - 100.10) x 0.02 = 0.143
    expect(up.tp.expected).toBe('0.143');
    // The other leg keeps its saved price.
    expect(up.sl.texts.price).toBe('95.00');
    // A take-profit of a long dragged below the entry: refused, the price stays where it was let go.
    const wrong = drag('tp', '98.00');
    expect(wrong.tp.texts.price).toBe('98.00');
    expect(wrong.tp.problem).toEqual({ kind: 'tpSide', side: 'long' });
    const stop = drag('sl', '101.00');
    expect(stop.sl.problem).toEqual({ kind: 'slSide', side: 'long' });
    // A decimal-comma language reads it in its own convention.
    expect(drag('sl', '96.50', true).sl.texts.price).toBe('96,50');
    expect(drag('sl', '96.50', true).sl.price).toBe('96.5');
    // Not dragged: the dialog opens on the saved prices.
    const plain = createActor(leverTpSlMachine, { input: { ...INPUT, position: saved } }).getSnapshot()
      .context;
    expect(plain.moved).toBeNull();
    expect(plain.tp.texts.price).toBe('105.00');
  });

  it('a refused dragged leg cannot be saved; back leaves the position as it was', async () => {
    const sent: LeverSetStop[] = [];
    const actor = createActor(
      leverTpSlMachine.provide({
        actors: {
          setStop: fromPromise(async ({ input }: { input: LeverSetStop }) => {
            sent.push(input);
            return position();
          }),
        },
      }),
      { input: { ...INPUT, moved: { leg: 'tp', price: '90.00' } } },
    ).start();
    actor.send({ type: 'SAVE' });
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'DISMISS' });
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(done.output?.saved).toBeNull();
    expect(sent).toEqual([]);
  });
});
