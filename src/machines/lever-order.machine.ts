import { priceBandMiss, type PriceBandMiss } from '../domain/order-filters/price-band.ts';
import { assign, emit, enqueueActions, fromPromise, setup } from 'xstate';
import { ApiError } from '../api/client.ts';
import {
  LEVER_PRICE_FIXED,
  LEVER_PRICE_MARKET,
  LEVER_TYPE_LONG,
  LEVER_TYPE_SHORT,
} from '../domain/contract-codes.ts';
import { compareDecimal } from '../domain/format.ts';
import { entryProblem, readNumberEntry, type NumberEntryProblem } from '../domain/number-entry.ts';
import { stopLegFigures, type StopLegFigures, type StopWay } from '../domain/lever/stop-entry.ts';
import { unitsPlainText } from '../domain/money.ts';
import {
  leverQuote,
  stopSideProblem,
  units,
  type LeverQuote,
  type LeverSide,
  type LeverTerms,
} from './lever-terms.ts';
import type { LeverPosition } from './lever-positions.machine.ts';

export type LeverMode = 'market' | 'fixed';
export type LeverField = 'price' | 'lots' | 'multiple' | 'tp' | 'sl';
export type { StopWay };
export type OrderStopLeg = 'tp' | 'sl';

/**
 * What is wrong with a field of the lever form: a typed text that is not a number
 * (domain/number-entry.ts), or a rule of spec §5 (required, lot bounds, price on the
 * wrong side of the market, take-profit or stop-loss on the wrong side, more than the balance).
 */
export type LeverProblem =
  | NumberEntryProblem
  | { kind: 'required' }
  | { kind: 'lotsRange'; min: number; max: number }
  | { kind: 'priceSide'; side: LeverSide }
  | { kind: 'tpSide'; side: LeverSide }
  | { kind: 'slSide'; side: LeverSide }
  | { kind: 'balance' }
  | { kind: 'noPrice' };

export type LeverProblems = Partial<Record<LeverField, LeverProblem>>;

/** The order waiting for the user's confirmation, with exactly the numbers shown. */
export interface LeverPendingOrder {
  side: LeverSide;
  mode: LeverMode;
  lots: number;
  multiple: number;
  /** The typed price of a fixed-price order ('' at market). */
  price: string;
  /** The take-profit and stop-loss prices sent ('' = none), however they were typed. */
  tp: string;
  sl: string;
  /** The PnL when each fires at the entry shown ('' = none): a take-profit's profit, a stop-loss's loss. */
  tpExpected: string;
  slExpected: string;
  quote: LeverQuote;
  /** Reduce-only (domain/lever/reduce-only.ts): it closes positions on the other side, opens none. */
  reduceOnly: boolean;
}

export interface LeverSubmit {
  matchId: number;
  order: LeverPendingOrder;
  password: string;
}

export interface LeverOrderContext {
  matchId: number;
  decimalComma: boolean;
  terms: LeverTerms | null;
  mode: LeverMode;
  price: string;
  lots: string;
  multiple: number | null;
  tp: string;
  sl: string;
  /** How the take-profit and the stop-loss are typed: a price, a % move or a PnL amount (issue 32). */
  tpBy: StopWay;
  slBy: StopWay;
  password: string;
  /**
   * Reduce-only: the order only shrinks the positions on the other side (domain/lever/reduce-only.ts),
   * at market and without stops; the stops typed are kept, unsent, for when it is switched off.
   */
  reduceOnly: boolean;
  /** The pair's last trade price, as the screen last heard it. */
  last: string | null;
  problems: LeverProblems;
  pending: LeverPendingOrder | null;
  /**
   * The exchange's own words when it refused the last order (a wrong trade password, a balance
   * spent in another tab): shown on the form until the user changes something or tries again.
   * Failures that are not a refusal (no connection) say nothing here; the page's toast says it.
   */
  refusal: string | null;
  /**
   * Long or short pressed while the balance reloaded: judged as soon as the fresh balance is in,
   * so a press right after an order is neither lost nor judged against the old balance.
   */
  pressed: LeverSide | null;
}

export type LeverOrderEvent =
  | { type: 'PAIR'; matchId: number }
  | { type: 'MODE'; mode: LeverMode }
  | { type: 'PRICE'; text: string }
  | { type: 'LOTS'; text: string }
  | { type: 'MULTIPLE'; multiple: number }
  | { type: 'TP'; text: string }
  | { type: 'SL'; text: string }
  /** The way a leg is typed; its text is emptied (a number of another way would mean something else). */
  | { type: 'STOP_BY'; leg: OrderStopLeg; by: StopWay }
  | { type: 'PASSWORD'; text: string }
  /** Reduce-only on or off; on, the order is at market. */
  | { type: 'REDUCE_ONLY'; on: boolean }
  | { type: 'LAST'; price: string | null }
  | { type: 'SUBMIT'; side: LeverSide }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  /** The lever balance moved (an order, a close, a push): reload the terms, keeping the choices. */
  | { type: 'REFRESH' };

export type LeverOrderEmitted = { type: 'placed'; position: LeverPosition };

const STOP_MAX_DECIMALS = 8;

function priceDecimals(context: LeverOrderContext): number {
  return context.terms?.priceDecimals ?? 4;
}

/** How each numeric field reads (domain/number-entry.ts): the pair's price places, whole lots. */
export function leverEntries(context: LeverOrderContext) {
  const prices = { maxDecimals: priceDecimals(context), decimalComma: context.decimalComma };
  // A % or an amount takes up to 8 decimals (the TP/SL dialog's rule), a price the pair's.
  const stops = (by: StopWay) =>
    by === 'price' ? prices : { maxDecimals: STOP_MAX_DECIMALS, decimalComma: context.decimalComma };
  return {
    price: readNumberEntry(context.price, prices),
    lots: readNumberEntry(context.lots, { maxDecimals: 0, decimalComma: context.decimalComma }),
    tp: readNumberEntry(context.tp, stops(context.tpBy)),
    sl: readNumberEntry(context.sl, stops(context.slBy)),
  };
}

/** The number-entry problems worth showing while typing (not "required": only submitting says that). */
function typingProblems(context: LeverOrderContext): LeverProblems {
  const entries = leverEntries(context);
  const problems: LeverProblems = {};
  const price = context.mode === 'fixed' ? entryProblem(entries.price) : null;
  if (price) problems.price = price;
  const lots = entryProblem(entries.lots);
  if (lots) problems.lots = lots;
  // A reduce-only order sends no stops: the ones typed are not judged until it is switched off.
  if (context.reduceOnly) return problems;
  const tp = entryProblem(entries.tp);
  if (tp) problems.tp = tp;
  const sl = entryProblem(entries.sl);
  if (sl) problems.sl = sl;
  return problems;
}

/**
 * A typed fixed price further from the last trade than the pair's lever band (lever_price_band),
 * which the exchange refuses (domain/lever/fixed-price-band.ts): said beside the field as the user
 * types. The side is not chosen yet, so the band is shown both ways; the side's own rule (below the
 * last price for a long, above for a short) is the submit check's. Null when there is nothing to
 * measure (market mode, no number, no last price, no band stated).
 */
export function leverPriceWarning(context: LeverOrderContext): PriceBandMiss | null {
  const percent = context.terms?.priceBandPercent;
  if (context.mode !== 'fixed' || percent === undefined || context.last === null) return null;
  const entry = leverEntries(context).price;
  if (entry.kind !== 'number') return null;
  const band = { downPercent: percent, upPercent: percent };
  return priceBandMiss(entry.value, context.last, band, priceDecimals(context));
}

/** The entry price the order would open at: the typed price, or the last adjusted by the spread. */
function quoteFor(context: LeverOrderContext, side: LeverSide): LeverQuote | null {
  const terms = context.terms;
  const entries = leverEntries(context);
  if (!terms || entries.lots.kind !== 'number' || context.multiple === null) return null;
  const lots = Number(entries.lots.value);
  if (context.mode === 'fixed') {
    if (entries.price.kind !== 'number') return null;
    return leverQuote(terms, {
      side,
      lots,
      multiple: context.multiple,
      price: entries.price.value,
      fixed: true,
    });
  }
  if (context.last === null) return null;
  return leverQuote(terms, { side, lots, multiple: context.multiple, price: context.last, fixed: false });
}

/** The live bond and fee of what is typed now, for each side (null until it is an order). */
export function leverLiveQuotes(context: LeverOrderContext): Record<LeverSide, LeverQuote | null> {
  return { long: quoteFor(context, 'long'), short: quoteFor(context, 'short') };
}

/**
 * A take-profit or stop-loss leg of an order on `side` as typed (its way and number), said in all
 * three ways against the entry and quantity the order would get now (domain stopLegFigures, as the
 * TP/SL dialog). Null when the leg is empty, not a number, or there is no order to measure yet; a
 * price of 0 is none (lever/setstop's '0' clears).
 */
export function orderStopFigures(
  context: LeverOrderContext,
  leg: OrderStopLeg,
  side: LeverSide,
): StopLegFigures | null {
  const read = leverEntries(context)[leg];
  const quote = quoteFor(context, side);
  if (read.kind !== 'number' || !quote) return null;
  const way = leg === 'tp' ? context.tpBy : context.slBy;
  const typed = units(read.value);
  if (way === 'price' && typed === 0n) return null;
  return stopLegFigures(
    side,
    leg,
    units(quote.price),
    units(quote.quantity),
    way,
    typed,
    priceDecimals(context),
  );
}

/**
 * A leg's figures for an order on `side` and whether its price is on the leg's side of the entry
 * and the last price (leverStopProblem, what lever/submit checks); null as orderStopFigures.
 */
export function orderStopCheck(
  context: LeverOrderContext,
  leg: OrderStopLeg,
  side: LeverSide,
): { figures: StopLegFigures; onSide: boolean } | null {
  const figures = orderStopFigures(context, leg, side);
  const quote = quoteFor(context, side);
  if (!figures || !quote) return null;
  // A % or an amount that overshoots the price to 0 or below is on no side at all.
  const onSide =
    figures.price > 0n &&
    !stopSideProblem(leg, side, unitsPlainText(figures.price), quote.price, context.last ?? quote.price);
  return { figures, onSide };
}

/** Every problem of the form for an order on `side`; empty when it can be confirmed. */
export function submitProblems(context: LeverOrderContext, side: LeverSide): LeverProblems {
  const problems = typingProblems(context);
  const entries = leverEntries(context);
  const terms = context.terms;
  if (!terms) return problems;
  if (!problems.lots) {
    if (entries.lots.kind === 'empty') problems.lots = { kind: 'required' };
    else if (entries.lots.kind === 'number') {
      const lots = Number(entries.lots.value);
      if (lots < terms.minShare || lots > terms.maxShare)
        problems.lots = { kind: 'lotsRange', min: terms.minShare, max: terms.maxShare };
    }
  }
  if (context.multiple === null || !terms.multiples.includes(context.multiple))
    problems.multiple = { kind: 'required' };
  if (context.mode === 'fixed' && !problems.price) {
    if (entries.price.kind === 'empty') problems.price = { kind: 'required' };
    else if (entries.price.kind === 'number' && context.last !== null) {
      // A fixed long waits below the market, a fixed short above it.
      const against = compareDecimal(entries.price.value, context.last);
      if (side === 'long' ? against >= 0 : against <= 0) problems.price = { kind: 'priceSide', side };
    }
  }
  if (context.mode === 'market' && context.last === null) problems.price = { kind: 'noPrice' };
  // Reduce-only closes: it needs no bond and sends no stops (the exchange says if nothing is open).
  if (context.reduceOnly) return problems;
  const quote = quoteFor(context, side);
  for (const field of ['tp', 'sl'] as const) {
    const check = problems[field] ? null : orderStopCheck(context, field, side);
    if (check && !check.onSide) problems[field] = { kind: field === 'tp' ? 'tpSide' : 'slSide', side };
  }
  if (quote && Object.keys(problems).length === 0 && !quote.affordable) problems.lots = { kind: 'balance' };
  return problems;
}

/** The take-profit and stop-loss an order on `side` sends, and the PnL when each fires. */
function pendingStops(
  context: LeverOrderContext,
  side: LeverSide,
): Pick<LeverPendingOrder, 'tp' | 'sl' | 'tpExpected' | 'slExpected'> {
  const tp = orderStopFigures(context, 'tp', side);
  const sl = orderStopFigures(context, 'sl', side);
  return {
    tp: tp ? unitsPlainText(tp.price) : '',
    sl: sl ? unitsPlainText(sl.price) : '',
    tpExpected: tp ? unitsPlainText(tp.expected) : '',
    slExpected: sl ? unitsPlainText(sl.expected) : '',
  };
}

/** The lever/submit payload of a confirmed order (spec §7: share, multiple, type, status, target_price). */
export function submitPayload({ matchId, order, password }: LeverSubmit) {
  return {
    share: order.lots,
    multiple: order.multiple,
    currency_match_id: matchId,
    type: order.side === 'long' ? LEVER_TYPE_LONG : LEVER_TYPE_SHORT,
    status: order.mode === 'fixed' ? LEVER_PRICE_FIXED : LEVER_PRICE_MARKET,
    ...(order.mode === 'fixed' ? { target_price: order.price } : {}),
    ...(order.tp !== '' ? { target_profit_price: order.tp } : {}),
    ...(order.sl !== '' ? { stop_loss_price: order.sl } : {}),
    ...(order.reduceOnly ? { reduce_only: 1 } : {}),
    ...(password !== '' ? { password } : {}),
  } as const;
}

/**
 * The lever order form (spec §2 Lever): market or fixed price, lots within the
 * pair's bounds, a multiple from the pair's list, optional take-profit and stop-loss on their
 * sides, the live bond and fee from the domain formulas, long and short with a confirm step. Every
 * field keeps what was typed; a refusal is a message under it and nothing is sent. It reports
 * `placed` to its screen.
 */
export const leverOrderMachine = setup({
  types: {
    context: {} as LeverOrderContext,
    events: {} as LeverOrderEvent,
    input: {} as { matchId: number; decimalComma: boolean },
    emitted: {} as LeverOrderEmitted,
  },
  actors: {
    loadTerms: fromPromise<LeverTerms, { matchId: number }>(() =>
      Promise.reject(new Error('loadTerms not provided')),
    ),
    submit: fromPromise<LeverPosition, LeverSubmit>(() => Promise.reject(new Error('submit not provided'))),
  },
  actions: {
    withTerms: assign(({ context }, terms: LeverTerms) => ({
      terms,
      multiple:
        context.multiple !== null && terms.multiples.includes(context.multiple)
          ? context.multiple
          : (terms.multiples[0] ?? null),
    })),
    checkTyping: assign(({ context }) => ({ problems: typingProblems(context), refusal: null })),
    stopBy: assign(({ event }) => {
      if (event.type !== 'STOP_BY') return {};
      return event.leg === 'tp' ? { tpBy: event.by, tp: '' } : { slBy: event.by, sl: '' };
    }),
    /** Reduce-only on: the order goes at market (the fixed price tab's price is emptied, as MODE does). */
    reduceOnly: assign(({ context, event }) => {
      if (event.type !== 'REDUCE_ONLY') return {};
      if (!event.on) return { reduceOnly: false };
      return {
        reduceOnly: true,
        mode: 'market' as const,
        price: context.mode === 'market' ? context.price : '',
      };
    }),
    /** Runs on leaving `refreshing` for `editing`: the remembered press is submitted there. */
    judgePressed: enqueueActions(({ context, enqueue }) => {
      if (context.pressed === null) return;
      enqueue.raise({ type: 'SUBMIT', side: context.pressed });
      enqueue.assign({ pressed: null });
    }),
  },
}).createMachine({
  id: 'leverOrder',
  context: ({ input }) => ({
    matchId: input.matchId,
    decimalComma: input.decimalComma,
    terms: null,
    mode: 'market',
    price: '',
    lots: '',
    multiple: null,
    tp: '',
    sl: '',
    tpBy: 'price',
    slBy: 'price',
    password: '',
    reduceOnly: false,
    last: null,
    problems: {},
    pending: null,
    refusal: null,
    pressed: null,
  }),
  initial: 'loading',
  on: {
    PAIR: {
      guard: ({ context, event }) => event.matchId !== context.matchId,
      target: '.loading',
      actions: assign({
        matchId: ({ event }) => event.matchId,
        terms: null,
        price: '',
        lots: '',
        tp: '',
        sl: '',
        last: null,
        problems: {},
        pending: null,
        refusal: null,
        pressed: null,
      }),
    },
    LAST: { actions: assign({ last: ({ event }) => event.price }) },
  },
  states: {
    loading: {
      invoke: {
        src: 'loadTerms',
        input: ({ context }) => ({ matchId: context.matchId }),
        onDone: { target: 'editing', actions: { type: 'withTerms', params: ({ event }) => event.output } },
        onError: 'failed',
      },
    },
    failed: { on: { REFRESH: 'loading' } },
    // The fields take typing while editing (and while the balance reloads), never under the confirm.
    editing: {
      on: {
        MODE: { actions: [assign({ mode: ({ event }) => event.mode, price: '' }), 'checkTyping'] },
        PRICE: { actions: [assign({ price: ({ event }) => event.text }), 'checkTyping'] },
        LOTS: { actions: [assign({ lots: ({ event }) => event.text }), 'checkTyping'] },
        MULTIPLE: { actions: [assign({ multiple: ({ event }) => event.multiple }), 'checkTyping'] },
        TP: { actions: [assign({ tp: ({ event }) => event.text }), 'checkTyping'] },
        SL: { actions: [assign({ sl: ({ event }) => event.text }), 'checkTyping'] },
        STOP_BY: { actions: ['stopBy', 'checkTyping'] },
        REDUCE_ONLY: { actions: ['reduceOnly', 'checkTyping'] },
        REFRESH: 'refreshing',
        SUBMIT: [
          {
            guard: ({ context, event }) => Object.keys(submitProblems(context, event.side)).length === 0,
            target: 'confirming',
            actions: assign(({ context, event }) => {
              const entries = leverEntries(context);
              const quote = quoteFor(context, event.side)!;
              return {
                problems: {},
                refusal: null,
                password: '',
                pending: {
                  side: event.side,
                  mode: context.mode,
                  lots: Number(entries.lots.kind === 'number' ? entries.lots.value : 0),
                  multiple: context.multiple ?? 0,
                  price:
                    context.mode === 'fixed' && entries.price.kind === 'number' ? entries.price.value : '',
                  ...(context.reduceOnly
                    ? { tp: '', sl: '', tpExpected: '', slExpected: '' }
                    : pendingStops(context, event.side)),
                  quote,
                  reduceOnly: context.reduceOnly,
                },
              };
            }),
          },
          {
            actions: assign({
              problems: ({ context, event }) => submitProblems(context, event.side),
              refusal: null,
            }),
          },
        ],
      },
    },
    /** The balance reloads in the background; the form stays usable with its text kept. */
    refreshing: {
      on: {
        MODE: { actions: [assign({ mode: ({ event }) => event.mode, price: '' }), 'checkTyping'] },
        PRICE: { actions: [assign({ price: ({ event }) => event.text }), 'checkTyping'] },
        LOTS: { actions: [assign({ lots: ({ event }) => event.text }), 'checkTyping'] },
        MULTIPLE: { actions: [assign({ multiple: ({ event }) => event.multiple }), 'checkTyping'] },
        TP: { actions: [assign({ tp: ({ event }) => event.text }), 'checkTyping'] },
        SL: { actions: [assign({ sl: ({ event }) => event.text }), 'checkTyping'] },
        STOP_BY: { actions: ['stopBy', 'checkTyping'] },
        REDUCE_ONLY: { actions: ['reduceOnly', 'checkTyping'] },
        SUBMIT: { actions: assign({ pressed: ({ event }) => event.side }) },
      },
      invoke: {
        src: 'loadTerms',
        input: ({ context }) => ({ matchId: context.matchId }),
        onDone: {
          target: 'editing',
          actions: [{ type: 'withTerms', params: ({ event }) => event.output }, 'judgePressed'],
        },
        onError: { target: 'editing', actions: 'judgePressed' },
      },
    },
    confirming: {
      on: {
        PASSWORD: { actions: assign({ password: ({ event }) => event.text }) },
        CONFIRM: 'submitting',
        CANCEL: { target: 'editing', actions: assign({ pending: null, password: '' }) },
      },
    },
    submitting: {
      invoke: {
        src: 'submit',
        input: ({ context }) => ({
          matchId: context.matchId,
          order: context.pending!,
          password: context.password,
        }),
        onDone: {
          target: 'refreshing',
          actions: [
            emit(({ event }) => ({ type: 'placed' as const, position: event.output })),
            assign({ pending: null, password: '', lots: '', price: '', tp: '', sl: '' }),
          ],
        },
        // Nothing changed, the form is as it was; a refusal's words stay on it (the toast goes).
        onError: {
          target: 'editing',
          actions: assign({
            pending: null,
            password: '',
            refusal: ({ event }) =>
              event.error instanceof ApiError && event.error.kind === 'error' ? event.error.message : null,
          }),
        },
      },
    },
  },
});
