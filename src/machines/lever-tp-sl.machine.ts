import { assign, fromPromise, setup } from 'xstate';
import { LEVER_TYPE_LONG } from '../domain/contract-codes.ts';
import { leverStopProblem, tickUnits, type LeverSide } from '../domain/lever/rules.ts';
import {
  stopAmountAt,
  stopAmountDecimals,
  stopExpectedAmount,
  stopPercentDecimals,
  stopPercentOf,
  stopPriceAtAmount,
  stopPriceAtPercent,
  type StopLeg,
} from '../domain/lever/stop-entry.ts';
import { entryProblem, readNumberEntry } from '../domain/number-entry.ts';
import type { LeverProblem } from './lever-order.machine.ts';
import type { LeverPosition, LeverSetStop } from './lever-positions.machine.ts';
import { units } from './lever-terms.ts';
import { scaledToPlainText, scaledToText, unitsPlainText } from '../domain/money.ts';

export type { StopLeg };

/** The three ways of giving one leg: its price, its % from the entry, its expected amount. */
export type StopField = 'price' | 'percent' | 'amount';

/** One leg (take-profit or stop-loss) of the dialog. */
export interface StopLegDraft {
  /** What each field shows: the one the user typed last exactly as typed, the others derived from it. */
  texts: Record<StopField, string>;
  /** The field the user typed last: the one the others follow. */
  source: StopField;
  /** The price this leg sends ('' = cleared), read from the source. */
  price: string;
  /** The position's PnL when this leg fires at `price` (profit of a TP, loss of a SL), '' when cleared. */
  expected: string;
  problem: LeverProblem | null;
}

export interface TpSlContext {
  position: LeverPosition;
  side: LeverSide;
  priceDecimals: number;
  decimalComma: boolean;
  /** The pair's last trade price (the side rule's "current price"). */
  last: string;
  tp: StopLegDraft;
  sl: StopLegDraft;
  /** lever/setstop's answer once saved. */
  saved: LeverPosition | null;
  /** The leg whose line was dragged on the chart: the dialog opened to confirm its new price. */
  moved: StopLeg | null;
}

export type TpSlEvent =
  | { type: 'EDIT'; leg: StopLeg; field: StopField; text: string }
  | { type: 'LAST'; price: string | null }
  | { type: 'SAVE' }
  | { type: 'DISMISS' };

export interface TpSlInput {
  position: LeverPosition;
  last: string | null;
  priceDecimals: number;
  decimalComma: boolean;
  /**
   * A leg's line dragged on the chart to `price` (a plain decimal at the pair's decimals): the
   * dialog opens with it typed into that leg's price, checked by the same rules as typing.
   */
  moved?: { leg: StopLeg; price: string } | null;
}

/** The dialog's end: the position with its new stops, or null when the user went back. */
export interface TpSlOutput {
  saved: LeverPosition | null;
}

/** A % and an expected amount take up to 8 decimals (the derived ones use fewer: stop-entry.ts). */
const DERIVED_MAX_DECIMALS = 8;

function localText(plain: string, decimalComma: boolean): string {
  return decimalComma ? plain.replace('.', ',') : plain;
}

/** A price in 1e-8 units with the pair's decimals ("61234.50"), the way the price field shows it. */
function priceText(value: bigint, priceDecimals: number): string {
  return scaledToText(value / tickUnits(priceDecimals), priceDecimals);
}

/** A saved price ('0' or '' = none) as the field shows it at first. */
function shownPrice(price: string, priceDecimals: number): string {
  const value = units(price);
  return value > 0n ? priceText(value, priceDecimals) : '';
}

interface LegFacts {
  side: LeverSide;
  entry: bigint;
  quantity: bigint;
  last: bigint;
  priceDecimals: number;
  decimalComma: boolean;
}

function factsOf(
  context: Pick<TpSlContext, 'position' | 'side' | 'priceDecimals' | 'decimalComma' | 'last'>,
): LegFacts {
  return {
    side: context.side,
    entry: units(context.position.price),
    quantity: units(context.position.number),
    last: units(context.last),
    priceDecimals: context.priceDecimals,
    decimalComma: context.decimalComma,
  };
}

/** The side rule (leverStopProblem) for one leg's price; null when it may be set. */
function sideProblem(leg: StopLeg, facts: LegFacts, price: bigint): LeverProblem | null {
  const problem =
    leg === 'tp'
      ? leverStopProblem(facts.side, facts.entry, facts.last, price, 0n)
      : leverStopProblem(facts.side, facts.entry, facts.last, 0n, price);
  if (problem === null) return null;
  return { kind: leg === 'tp' ? 'tpSide' : 'slSide', side: facts.side };
}

/**
 * One leg after the user typed `text` into `field`: that field keeps exactly what was typed; when it
 * reads as a number the other two are derived from it by the domain's exact arithmetic
 * (stop-entry.ts); when it is empty the leg is cleared; when it is not a number the others are
 * emptied (they followed it) and the refusal is shown.
 */
function editLeg(leg: StopLeg, facts: LegFacts, field: StopField, text: string): StopLegDraft {
  const cleared = { price: '', percent: '', amount: '', [field]: text } as Record<StopField, string>;
  const read = readNumberEntry(text, {
    maxDecimals: field === 'price' ? facts.priceDecimals : DERIVED_MAX_DECIMALS,
    decimalComma: facts.decimalComma,
  });
  const refused = entryProblem(read);
  if (refused) return { texts: cleared, source: field, price: '', expected: '', problem: refused };
  if (read.kind !== 'number')
    return { texts: cleared, source: field, price: '', expected: '', problem: null };
  const typed = units(read.value);
  // 0 clears the leg, as the contract's lever/setstop says.
  if (typed === 0n && field === 'price')
    return { texts: cleared, source: field, price: '', expected: '', problem: null };
  const { side, entry, quantity, priceDecimals } = facts;
  const price =
    field === 'price'
      ? typed
      : field === 'percent'
        ? stopPriceAtPercent(side, leg, entry, typed, priceDecimals)
        : stopPriceAtAmount(side, leg, entry, quantity, typed, priceDecimals);
  const derived: Record<StopField, string> = {
    price: localText(priceText(price, priceDecimals), facts.decimalComma),
    percent: localText(
      scaledToPlainText(stopPercentOf(side, leg, entry, price, stopPercentDecimals(entry, priceDecimals)), 8),
      facts.decimalComma,
    ),
    amount: localText(
      scaledToPlainText(
        stopAmountAt(side, leg, entry, price, quantity, stopAmountDecimals(quantity, priceDecimals)),
        8,
      ),
      facts.decimalComma,
    ),
  };
  return {
    texts: { ...derived, [field]: text },
    source: field,
    price: price > 0n ? unitsPlainText(price) : '',
    expected: price > 0n ? unitsPlainText(stopExpectedAmount(side, leg, entry, price, quantity)) : '',
    problem:
      price <= 0n ? { kind: leg === 'tp' ? 'tpSide' : 'slSide', side } : sideProblem(leg, facts, price),
  };
}

/** A leg's problem again after the last price moved (a refusal of the typing itself stays). */
function recheck(leg: StopLeg, facts: LegFacts, draft: StopLegDraft): StopLegDraft {
  if (draft.problem && draft.problem.kind !== 'tpSide' && draft.problem.kind !== 'slSide') return draft;
  if (draft.price === '') return draft;
  const problem = sideProblem(leg, facts, units(draft.price));
  return problem?.kind === draft.problem?.kind ? draft : { ...draft, problem };
}

function initialLeg(leg: StopLeg, facts: LegFacts, saved: string): StopLegDraft {
  const shown = shownPrice(saved, facts.priceDecimals);
  return editLeg(leg, facts, 'price', localText(shown, facts.decimalComma));
}

/** What the dialog sends: each leg's price, '0' for a cleared one. */
export function tpSlValues(context: Pick<TpSlContext, 'position' | 'tp' | 'sl'>): LeverSetStop {
  return { id: context.position.id, tp: context.tp.price || '0', sl: context.sl.price || '0' };
}

const valid = ({ context }: { context: TpSlContext }) =>
  context.tp.problem === null && context.sl.problem === null;

/**
 * The take-profit / stop-loss dialog of one open position (spec §5): each leg by
 * price, by % from the entry or by expected profit / loss, the three kept in sync both ways; the
 * side rule checked against the entry and the live last price; save sends lever/setstop.
 */
export const leverTpSlMachine = setup({
  types: {
    context: {} as TpSlContext,
    events: {} as TpSlEvent,
    input: {} as TpSlInput,
    output: {} as TpSlOutput,
  },
  actors: {
    setStop: fromPromise<LeverPosition, LeverSetStop>(() =>
      Promise.reject(new Error('setStop not provided')),
    ),
  },
  guards: { valid },
}).createMachine({
  id: 'leverTpSl',
  context: ({ input }) => {
    const side: LeverSide = input.position.type === LEVER_TYPE_LONG ? 'long' : 'short';
    const base = {
      position: input.position,
      side,
      priceDecimals: input.priceDecimals,
      decimalComma: input.decimalComma,
      last: input.last ?? input.position.update_price,
    };
    const facts = factsOf(base);
    const legs = {
      tp: initialLeg('tp', facts, input.position.target_profit_price),
      sl: initialLeg('sl', facts, input.position.stop_loss_price),
    };
    const moved = input.moved ?? null;
    if (moved)
      legs[moved.leg] = editLeg(moved.leg, facts, 'price', localText(moved.price, input.decimalComma));
    return { ...base, ...legs, saved: null, moved: moved?.leg ?? null };
  },
  initial: 'editing',
  states: {
    editing: {
      on: {
        LAST: {
          guard: ({ event }) => event.price !== null,
          actions: assign(({ context, event }) => {
            const facts = factsOf({ ...context, last: event.price! });
            return {
              last: event.price!,
              tp: recheck('tp', facts, context.tp),
              sl: recheck('sl', facts, context.sl),
            };
          }),
        },
        EDIT: {
          actions: assign(({ context, event }) => ({
            [event.leg]: editLeg(event.leg, factsOf(context), event.field, event.text),
          })),
        },
        SAVE: { guard: 'valid', target: 'saving' },
        DISMISS: 'dismissed',
      },
    },
    /** Typing is refused while saving, so what was sent is what the dialog shows. */
    saving: {
      invoke: {
        src: 'setStop',
        input: ({ context }) => tpSlValues(context),
        onDone: { target: 'saved', actions: assign({ saved: ({ event }) => event.output }) },
        // The client showed the server's message; the user may correct and try again.
        onError: 'editing',
      },
    },
    saved: { type: 'final' },
    dismissed: { type: 'final' },
  },
  output: ({ context }) => ({ saved: context.saved }),
});
