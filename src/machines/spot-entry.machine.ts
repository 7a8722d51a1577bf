import { assign, emit, fromPromise, setup, type DoneActorEvent } from 'xstate';
import type { AnswerOf, PayloadOf } from '../api/catalogue.ts';
import {
  entryProblem,
  entryValue,
  readNumberEntry,
  type NumberEntryProblem,
} from '../domain/number-entry.ts';
import { priceDecimalsFor, quantityDecimalsFor } from '../domain/spot/decimal-input.ts';
import { bestOppositePrice } from '../domain/spot/best-price.ts';
import { isFarThroughBest, percentThroughBest } from '../domain/spot/far-price.ts';
import {
  isSellBlocked,
  LIMIT,
  MARKET,
  OCO,
  STOP_LIMIT,
  type EntryMode,
  type SpotSide,
} from '../domain/spot/order-kind.ts';
import { sliderQuantity, snapPercent } from '../domain/spot/slider.ts';
import {
  isPositiveDecimal,
  validateSpotOrder,
  type SpotProblemCode,
} from '../domain/spot/order-validation.ts';
import { meetsMinNotional } from '../domain/order-filters/min-notional.ts';
import { priceBandMiss, type PriceBand, type PriceBandMiss } from '../domain/order-filters/price-band.ts';
import { executionFields, type ExecutionChoice } from '../domain/spot/time-in-force.ts';
import { FLAG_ON, TIME_IN_FORCE_GTC } from '../domain/contract-codes.ts';
import { ocoPriceRefusal } from '../domain/spot/oco.ts';
import { toScaled } from '../domain/money.ts';

/** One side's form: exactly what the user typed, and where the slider stands. */
export interface SideDraft {
  /** A stop-limit order's or an OCO's stop price (its field shows in those modes only). */
  stop: string;
  /** An OCO's stop leg's limit price (its field shows in that mode only). */
  stopLimit: string;
  price: string;
  quantity: string;
  percent: number;
}

/** The pair's two currencies in the trade account, available and in orders; null until loaded. */
export interface PairBalances {
  quote: string;
  base: string;
  quoteLocked: string;
  baseLocked: string;
}

export interface SpotPair {
  matchId: number;
  baseCurrencyId: number;
  quoteCurrencyId: number;
  /** The pair's price places, when the server says (else the spec's 4). */
  priceDecimals: number | undefined;
  /** The pair's lot: quantity places, when the server says (else the spec's 6). */
  quantityDecimals?: number | undefined;
  /** The pair's order filters, when the server states them (docs/api.md "Order filters"). */
  priceBand?: PriceBand;
  minNotional?: string;
}

export interface SpotEntryContext {
  pair: SpotPair;
  mode: EntryMode;
  /** How a limit order meets the book (domain/spot/time-in-force.ts); both sides share it, as the mode. */
  execution: ExecutionChoice;
  buy: SideDraft;
  sell: SideDraft;
  best: { bid: string | null; ask: string | null };
  /** The last trade's price, which the price band is measured from; null before the first trade. */
  last: string | null;
  balances: PairBalances | null;
  signedIn: boolean;
  /** Whether the user's language writes a decimal comma (domain/number-entry.ts); fixed for the page's life. */
  decimalComma: boolean;
  /** Whether the backend can be reached now; while it cannot, nothing is sent (and nothing queued). */
  reachable: boolean;
  /**
   * Whether the side was submitted and refused for a rule of its own (submittedProblem): from then
   * on its problem sits beside its field and follows what is typed, until the side is placed, the
   * mode or the pair changes. Before that, an empty field is not yet a mistake.
   */
  refused: Record<SpotSide, boolean>;
}

/** One trade-account balance as a BALANCE push carries it (streams/payloads.ts). */
export interface PushedBalance {
  currencyId: number;
  balance: string;
  locked: string;
}

export type SpotEntryEvent =
  | { type: 'MODE'; mode: EntryMode }
  | { type: 'EXECUTION'; execution: ExecutionChoice }
  | { type: 'PRICE'; side: SpotSide; text: string }
  | { type: 'STOP'; side: SpotSide; text: string }
  | { type: 'STOP_LIMIT_PRICE'; side: SpotSide; text: string }
  | { type: 'QUANTITY'; side: SpotSide; text: string }
  | { type: 'PERCENT'; side: SpotSide; percent: number }
  /** A price clicked in the order book fills both forms' prices (spec §2). */
  | { type: 'PICK_PRICE'; price: string }
  | { type: 'BEST'; bid: string | null; ask: string | null }
  | { type: 'LAST'; price: string | null }
  | { type: 'PAIR'; pair: SpotPair }
  | { type: 'SIGNED_IN'; signedIn: boolean }
  | { type: 'REFRESH_BALANCES' }
  /** A BALANCE push of the trade account: one currency's balance after it moved. */
  | { type: 'BALANCE'; balance: PushedBalance }
  | { type: 'REACHABLE'; reachable: boolean }
  /** `skipConfirm`: the trader's "pro" setting; a far price then goes without asking. */
  | { type: 'SUBMIT'; side: SpotSide; skipConfirm?: boolean }
  /** The user confirmed, or dismissed, a price far through the market. */
  | { type: 'CONFIRM'; side: SpotSide }
  | { type: 'DISMISS'; side: SpotSide };

/**
 * What the form reports to the page as a toast: a rule of spec §5, a typed value that is not a
 * number or has too many decimals (refused, never rewritten), or a slider with no price.
 */
export type SpotEntryProblem =
  | SpotProblemCode
  | 'unreachable'
  | 'noBestPrice'
  | 'priceNotNumber'
  | 'priceTooManyDecimals'
  | 'priceTooLarge'
  | 'p_stop'
  | 'stopNotNumber'
  | 'stopTooManyDecimals'
  | 'stopTooLarge'
  | 'p_stopLimit'
  | 'stopLimitNotNumber'
  | 'stopLimitTooManyDecimals'
  | 'stopLimitTooLarge'
  | 'ocoSellPrices'
  | 'ocoBuyPrices'
  | 'quantityNotNumber'
  | 'quantityTooManyDecimals'
  | 'quantityWholeOnly'
  | 'quantityTooLarge';

/** What the machine tells the page (`actor.on`): a problem to toast, or an order placed. */
export type SpotEntryEmitted =
  | { type: 'problem'; code: SpotEntryProblem; max?: number }
  | { type: 'placed'; side: SpotSide; order: AnswerOf<'tx_in/add'> };

export interface SpotEntryInput {
  pair: SpotPair;
  signedIn: boolean;
  decimalComma?: boolean;
}

const EMPTY_DRAFT: SideDraft = { stop: '', stopLimit: '', price: '', quantity: '', percent: 0 };

/** Whether the mode has a stop price: stop-limit and OCO. */
export function hasStop(mode: EntryMode): boolean {
  return mode === STOP_LIMIT || mode === OCO;
}
const NONE_REFUSED: Record<SpotSide, boolean> = { buy: false, sell: false };

/**
 * The reading of each draft, for the places and separator it was read with. The forms' selectors
 * read a side's fields on every snapshot, and a snapshot comes with every move of the best price
 * (once an animation frame in a busy market) while the drafts stay the same objects: each is read
 * once, not once a frame per selector.
 */
const readings = new WeakMap<
  SideDraft,
  {
    priceDecimals: number | undefined;
    quantityDecimals: number | undefined;
    decimalComma: boolean;
    entries: FieldEntries;
  }
>();

export type FieldEntries = ReturnType<typeof readFieldEntries>;

/** How the side's two fields read (domain/number-entry.ts): the pair's places, the user's separator. */
export function fieldEntries(context: SpotEntryContext, side: SpotSide): FieldEntries {
  const draft = context[side];
  const { priceDecimals, quantityDecimals } = context.pair;
  const known = readings.get(draft);
  if (
    known &&
    known.priceDecimals === priceDecimals &&
    known.quantityDecimals === quantityDecimals &&
    known.decimalComma === context.decimalComma
  )
    return known.entries;
  const entries = readFieldEntries(context, draft);
  readings.set(draft, { priceDecimals, quantityDecimals, decimalComma: context.decimalComma, entries });
  return entries;
}

function readFieldEntries(context: SpotEntryContext, draft: SideDraft) {
  return {
    stop: readNumberEntry(draft.stop, {
      maxDecimals: priceDecimalsFor(context.pair.priceDecimals),
      decimalComma: context.decimalComma,
    }),
    stopLimit: readNumberEntry(draft.stopLimit, {
      maxDecimals: priceDecimalsFor(context.pair.priceDecimals),
      decimalComma: context.decimalComma,
    }),
    price: readNumberEntry(draft.price, {
      maxDecimals: priceDecimalsFor(context.pair.priceDecimals),
      decimalComma: context.decimalComma,
    }),
    quantity: readNumberEntry(draft.quantity, {
      maxDecimals: quantityDecimalsFor(context.pair.quantityDecimals),
      decimalComma: context.decimalComma,
    }),
  };
}

/** What is wrong with each typed field of a side, for the message under it (null: nothing). */
export function fieldProblems(
  context: SpotEntryContext,
  side: SpotSide,
): {
  stop: NumberEntryProblem | null;
  stopLimit: NumberEntryProblem | null;
  price: NumberEntryProblem | null;
  quantity: NumberEntryProblem | null;
} {
  const entries = fieldEntries(context, side);
  return {
    stop: hasStop(context.mode) ? entryProblem(entries.stop) : null,
    stopLimit: context.mode === OCO ? entryProblem(entries.stopLimit) : null,
    price: context.mode === MARKET ? null : entryProblem(entries.price),
    quantity: entryProblem(entries.quantity),
  };
}

/** The price a side trades at: the typed one read as a number in limit mode, the best opposite in market mode. */
export function effectivePrice(context: SpotEntryContext, side: SpotSide): string {
  return context.mode === MARKET
    ? (bestOppositePrice(side, context.best) ?? '')
    : entryValue(fieldEntries(context, side).price);
}

/** The quantity a side's order would carry: the typed one read as a number; '' when it is not one. */
export function quantityOf(context: SpotEntryContext, side: SpotSide): string {
  return entryValue(fieldEntries(context, side).quantity);
}

const FIELD_PROBLEM = {
  stop: { notNumber: 'stopNotNumber', tooManyDecimals: 'stopTooManyDecimals', tooLarge: 'stopTooLarge' },
  stopLimit: {
    notNumber: 'stopLimitNotNumber',
    tooManyDecimals: 'stopLimitTooManyDecimals',
    tooLarge: 'stopLimitTooLarge',
  },
  price: { notNumber: 'priceNotNumber', tooManyDecimals: 'priceTooManyDecimals', tooLarge: 'priceTooLarge' },
  quantity: {
    notNumber: 'quantityNotNumber',
    tooManyDecimals: 'quantityTooManyDecimals',
    tooLarge: 'quantityTooLarge',
  },
} as const;

export interface EntryProblem {
  code: SpotEntryProblem;
  /** The field's decimals, for the too-many-decimals messages. */
  max?: number;
}

/**
 * The first problem of a side's order, or null: a blocked sell first, then a typed value that is
 * not a number (it is never sent in another form), then the rules of spec §5 on what was read.
 */
export function problemOf(context: SpotEntryContext, side: SpotSide): EntryProblem | null {
  if (isSellBlocked(context.pair.matchId, side)) return { code: 'remind' };
  const typed = fieldProblems(context, side);
  for (const field of ['stop', 'stopLimit', 'price', 'quantity'] as const) {
    const problem = typed[field];
    if (problem) {
      if (problem.kind !== 'tooManyDecimals') return { code: FIELD_PROBLEM[field][problem.kind] };
      // A pair traded in whole lots (DOGE) says so rather than "at most 0 decimals".
      if (problem.max === 0 && field === 'quantity') return { code: 'quantityWholeOnly' };
      return { code: FIELD_PROBLEM[field].tooManyDecimals, max: problem.max };
    }
  }
  const entries = fieldEntries(context, side);
  if (hasStop(context.mode) && !isPositiveDecimal(entryValue(entries.stop))) return { code: 'p_stop' };
  if (context.mode === OCO && !isPositiveDecimal(entryValue(entries.stopLimit)))
    return { code: 'p_stopLimit' };
  const code = validateSpotOrder({
    matchId: context.pair.matchId,
    side,
    mode: context.mode,
    price: entryValue(entries.price),
    quantity: entryValue(entries.quantity),
    bestPrice: bestOppositePrice(side, context.best),
  });
  if (code !== null) return { code };
  return context.mode === OCO ? ocoProblem(context, side) : null;
}

/**
 * An OCO's prices against the last trade price (domain/spot/oco.ts), when the form knows it; the
 * server checks again against the market as the order arrives.
 */
function ocoProblem(context: SpotEntryContext, side: SpotSide): EntryProblem | null {
  const entries = fieldEntries(context, side);
  const scaled = (text: string) => toScaled(text, 12);
  const limit = scaled(entryValue(entries.price));
  const stop = scaled(entryValue(entries.stop));
  const last = scaled(context.last ?? '');
  if (limit === null || stop === null || last === null) return null;
  const refusal = ocoPriceRefusal(side, limit, stop, last);
  if (refusal === null) return null;
  return { code: refusal === 'spotOcoSellPrices' ? 'ocoSellPrices' : 'ocoBuyPrices' };
}

/**
 * Where a submitted problem belongs on the form: beside the price or the quantity it is about, or
 * above the side's button when no field can fix it (a blocked sell, no best price). Number-entry
 * problems are left out: the field shows them as they are typed (fieldProblems).
 */
export type ProblemPlace = 'stop' | 'stopLimit' | 'price' | 'quantity' | 'form';

const PROBLEM_PLACE: Partial<Record<SpotEntryProblem, ProblemPlace>> = {
  p_stop: 'stop',
  p_stopLimit: 'stopLimit',
  ocoSellPrices: 'price',
  ocoBuyPrices: 'price',
  p_price: 'price',
  p_num: 'quantity',
  remind: 'form',
  notbest: 'form',
};

/** The problem of a refused side to show beside its field, live; null before a refusal or once fixed. */
export function submittedProblem(
  context: SpotEntryContext,
  side: SpotSide,
): { place: ProblemPlace; problem: EntryProblem } | null {
  if (!context.refused[side]) return null;
  const problem = problemOf(context, side);
  const place = problem ? PROBLEM_PLACE[problem.code] : undefined;
  return problem && place ? { place, problem } : null;
}

/**
 * What the pair's order filters would refuse in a side's order as it stands, shown beside the fields
 * as the user types (domain/order-filters): a limit price outside the band around the last trade,
 * and an order worth less than the minimum (a market order at the best opposite price). A warning,
 * not a block: the order may still be sent, and the server, measuring against the market when it
 * arrives, refuses it or not. Nothing is said about a field that is not a number yet (its own
 * problem speaks), or while the pair states no filter.
 */
export function fieldWarnings(
  context: SpotEntryContext,
  side: SpotSide,
): { price: PriceBandMiss | null; total: { min: string } | null } {
  const { pair } = context;
  const entries = fieldEntries(context, side);
  const band = pair.priceBand;
  const price =
    context.mode !== MARKET && band && context.last !== null && entries.price.kind === 'number'
      ? priceBandMiss(entries.price.value, context.last, band, priceDecimalsFor(pair.priceDecimals))
      : null;
  const at = effectivePrice(context, side);
  const quantity = entries.quantity.kind === 'number' ? entries.quantity.value : '';
  const total =
    pair.minNotional !== undefined &&
    isPositiveDecimal(at) &&
    isPositiveDecimal(quantity) &&
    !meetsMinNotional(at, quantity, pair.minNotional)
      ? { min: pair.minNotional }
      : null;
  return { price, total };
}

/** Whether a side's limit price goes more than 10 % through the best opposite price (domain/spot/far-price.ts). */
export function isFarPrice(context: SpotEntryContext, side: SpotSide): boolean {
  return (
    context.mode === LIMIT &&
    isFarThroughBest(side, effectivePrice(context, side), bestOppositePrice(side, context.best))
  );
}

/** How far through the best opposite price a side's limit price goes, in whole percent. */
export function farPercent(context: SpotEntryContext, side: SpotSide): number {
  return percentThroughBest(side, effectivePrice(context, side), bestOppositePrice(side, context.best));
}

/** The contract payload of a side's order: the numbers as read, exactly what the fields show. */
export function orderPayload(context: SpotEntryContext, side: SpotSide): PayloadOf<'tx_in/add'> {
  const entries = fieldEntries(context, side);
  const number = entryValue(entries.quantity);
  if (context.mode === MARKET) return { currency_match_id: context.pair.matchId, number, type: MARKET };
  if (context.mode === OCO)
    return {
      currency_match_id: context.pair.matchId,
      number,
      price: entryValue(entries.price),
      stop_price: entryValue(entries.stop),
      stop_limit_price: entryValue(entries.stopLimit),
      type: OCO,
    };
  if (context.mode === STOP_LIMIT)
    return {
      currency_match_id: context.pair.matchId,
      number,
      price: entryValue(entries.price),
      stop_price: entryValue(entries.stop),
      type: STOP_LIMIT,
    };
  const { timeInForce, postOnly } = executionFields(context.execution);
  return {
    currency_match_id: context.pair.matchId,
    number,
    price: entryValue(entries.price),
    type: LIMIT,
    // The plain case sends what it always sent, so a server of the family that knows neither field works.
    ...(timeInForce === TIME_IN_FORCE_GTC ? {} : { time_in_force: timeInForce }),
    ...(postOnly ? { post_only: FLAG_ON } : {}),
  };
}

/** The pair's balances with one pushed currency in them; other currencies' pushes change nothing. */
export function withPushedBalance(
  balances: PairBalances | null,
  pair: SpotPair,
  pushed: PushedBalance,
): PairBalances | null {
  if (balances === null) return null;
  if (pushed.currencyId === pair.quoteCurrencyId)
    return { ...balances, quote: pushed.balance, quoteLocked: pushed.locked };
  if (pushed.currencyId === pair.baseCurrencyId)
    return { ...balances, base: pushed.balance, baseLocked: pushed.locked };
  return balances;
}

/** Whether the slider still says what the quantity is, at the side's price now. */
function sliderStillTrue(context: SpotEntryContext, side: SpotSide): boolean {
  const draft = context[side];
  if (draft.percent === 0) return true;
  const outcome = sliderQuantity({
    side,
    percent: draft.percent,
    balance: balanceFor(context, side),
    price: effectivePrice(context, side),
    decimals: quantityDecimalsFor(context.pair.quantityDecimals),
  });
  return outcome.kind === 'quantity' && outcome.quantity === draft.quantity;
}

/** After a price moved: a slider that no longer tells the truth goes back to 0; the quantity stays. */
function withHonestSliders(context: SpotEntryContext): Partial<SpotEntryContext> {
  const change: Partial<SpotEntryContext> = {};
  for (const side of ['buy', 'sell'] as const) {
    if (!sliderStillTrue(context, side)) change[side] = { ...context[side], percent: 0 };
  }
  return change;
}

function withSide(
  context: SpotEntryContext,
  side: SpotSide,
  change: Partial<SideDraft>,
): Partial<SpotEntryContext> {
  return { [side]: { ...context[side], ...change } };
}

/**
 * The spot order forms (spec §2, §4, §5): one entry mode for both sides, limit (0) or market (1).
 *
 * - Market mode shows no typed price: each side's price is the best opposite price, kept live by
 *   BEST events. Switching mode clears both quantities and sliders (spec §4).
 * - Inputs accept only what the rules allow (4 price decimals or the pair's, 6 quantity decimals; no
 *   e, minus or plus). Typing a quantity puts the slider back to 0: it no longer says what it shows.
 * - The slider turns a percentage of the available balance into a quantity (domain/spot/slider.ts);
 *   a buy with no price reports `noBestPrice` and leaves the slider where it was.
 * - SUBMIT checks the side's order and reports its first problem, or places it; a placed order
 *   clears that side's quantity and slider and is reported (`placed`). The screen that owns this
 *   machine (trade-screen.machine.ts) folds it into the orders and forwards the BALANCE pushes
 *   that follow it (REFRESH_BALANCES reloads them, after a reconnect). While the backend cannot be
 *   reached (REACHABLE), SUBMIT and CONFIRM report `unreachable` and send nothing.
 * Each side submits on its own, so a buy in flight does not hold up a sell.
 */
export const spotEntryMachine = setup({
  types: {
    context: {} as SpotEntryContext,
    events: {} as SpotEntryEvent,
    input: {} as SpotEntryInput,
    emitted: {} as SpotEntryEmitted,
  },
  actors: {
    loadBalances: fromPromise<PairBalances, SpotPair>(async () => {
      throw new Error('spot-entry: loadBalances not provided');
    }),
    placeOrder: fromPromise<AnswerOf<'tx_in/add'>, { side: SpotSide; payload: PayloadOf<'tx_in/add'> }>(
      async () => {
        throw new Error('spot-entry: placeOrder not provided');
      },
    ),
  },
  actions: {
    reportProblem: emit((_, params: EntryProblem) => ({ type: 'problem' as const, ...params })),
    clearSide: assign(({ context }, params: { side: SpotSide }) => ({
      ...withSide(context, params.side, { quantity: '', percent: 0 }),
      refused: { ...context.refused, [params.side]: false },
    })),
    markRefused: assign(({ context }, params: { side: SpotSide }) => ({
      refused: { ...context.refused, [params.side]: true },
    })),
    placed: emit((_, params: { side: SpotSide; order: AnswerOf<'tx_in/add'> }) => ({
      type: 'placed' as const,
      side: params.side,
      order: params.order,
    })),
  },
  guards: {
    signedIn: ({ context }) => context.signedIn,
    hasProblem: ({ context }, params: { side: SpotSide }) => problemOf(context, params.side) !== null,
    farPrice: ({ context, event }, params: { side: SpotSide }) =>
      isFarPrice(context, params.side) && !(event.type === 'SUBMIT' && event.skipConfirm === true),
  },
}).createMachine({
  id: 'spotEntry',
  context: ({ input }) => ({
    pair: input.pair,
    mode: LIMIT,
    execution: 'gtc',
    buy: EMPTY_DRAFT,
    sell: EMPTY_DRAFT,
    best: { bid: null, ask: null },
    last: null,
    balances: null,
    signedIn: input.signedIn,
    decimalComma: input.decimalComma ?? false,
    reachable: true,
    refused: NONE_REFUSED,
  }),
  type: 'parallel',
  on: {
    MODE: {
      actions: assign(({ context, event }) =>
        event.mode === context.mode
          ? {}
          : {
              mode: event.mode,
              buy: { ...context.buy, quantity: '', percent: 0 },
              sell: { ...context.sell, quantity: '', percent: 0 },
              refused: NONE_REFUSED,
            },
      ),
    },
    EXECUTION: { actions: assign({ execution: ({ event }) => event.execution }) },
    STOP: {
      actions: assign(({ context, event }) =>
        hasStop(context.mode) ? withSide(context, event.side, { stop: event.text }) : {},
      ),
    },
    STOP_LIMIT_PRICE: {
      actions: assign(({ context, event }) =>
        context.mode === OCO ? withSide(context, event.side, { stopLimit: event.text }) : {},
      ),
    },
    // The fields keep exactly what was typed; reading it is problemOf's and fieldProblems' job.
    PRICE: {
      actions: assign(({ context, event }) => {
        if (context.mode === MARKET) return {};
        const next = { ...context, ...withSide(context, event.side, { price: event.text }) };
        return { [event.side]: next[event.side], ...withHonestSliders(next) };
      }),
    },
    QUANTITY: {
      actions: assign(({ context, event }) =>
        event.text === context[event.side].quantity
          ? {}
          : withSide(context, event.side, { quantity: event.text, percent: 0 }),
      ),
    },
    PERCENT: [
      {
        guard: ({ context, event }) => sliderOutcome(context, event.side, event.percent).kind === 'noPrice',
        actions: { type: 'reportProblem', params: { code: 'noBestPrice' } },
      },
      {
        actions: assign(({ context, event }) => {
          const outcome = sliderOutcome(context, event.side, event.percent);
          return outcome.kind === 'quantity'
            ? withSide(context, event.side, {
                quantity: outcome.quantity,
                percent: snapPercent(event.percent),
              })
            : {};
        }),
      },
    ],
    PICK_PRICE: {
      actions: assign(({ context, event }) => {
        const read = readNumberEntry(event.price, {
          maxDecimals: priceDecimalsFor(context.pair.priceDecimals),
          decimalComma: false,
        });
        if (read.kind !== 'number') return {};
        const price = read.value;
        // A picked price is a limit price: in market mode the form switches, which clears quantities.
        const cleared = context.mode === MARKET;
        const mode = cleared ? LIMIT : context.mode;
        const next: SpotEntryContext = {
          ...context,
          mode,
          buy: { ...context.buy, price, ...(cleared ? { quantity: '', percent: 0 } : {}) },
          sell: { ...context.sell, price, ...(cleared ? { quantity: '', percent: 0 } : {}) },
        };
        return { mode, buy: next.buy, sell: next.sell, ...withHonestSliders(next) };
      }),
    },
    LAST: {
      actions: assign(({ context, event }) => (context.last === event.price ? {} : { last: event.price })),
    },
    BEST: {
      actions: assign(({ context, event }) => {
        if (context.best.bid === event.bid && context.best.ask === event.ask) return {};
        const next = { ...context, best: { bid: event.bid, ask: event.ask } };
        // In market mode the price follows the book, so a slider may stop telling the truth.
        return context.mode === MARKET
          ? { best: next.best, ...withHonestSliders(next) }
          : { best: next.best };
      }),
    },
  },
  states: {
    // PAIR, SIGNED_IN and reloads are this region's own transitions: a root-level transition into
    // one region of a parallel state would exit and re-enter the others, cancelling an order in
    // flight. This region is always active, so it is where their context changes live too.
    balances: {
      initial: 'loading',
      on: {
        PAIR: {
          target: '.loading',
          actions: assign(({ event }) => ({
            pair: event.pair,
            buy: EMPTY_DRAFT,
            sell: EMPTY_DRAFT,
            best: { bid: null, ask: null },
            last: null,
            balances: null,
            refused: NONE_REFUSED,
          })),
        },
        SIGNED_IN: {
          target: '.loading',
          actions: assign(({ event }) => ({ signedIn: event.signedIn, balances: null })),
        },
        REFRESH_BALANCES: { target: '.loading' },
        // Pushed balances replace loaded ones; before the first load there is nothing to update,
        // and that load's answer is at least as new as any push that came before it.
        BALANCE: {
          actions: assign(({ context, event }) => ({
            balances: withPushedBalance(context.balances, context.pair, event.balance),
          })),
        },
        REACHABLE: { actions: assign({ reachable: ({ event }) => event.reachable }) },
      },
      states: {
        idle: {},
        loading: {
          always: { guard: ({ context }) => !context.signedIn, target: 'idle' },
          invoke: {
            src: 'loadBalances',
            input: ({ context }) => context.pair,
            onDone: { target: 'idle', actions: assign({ balances: ({ event }) => event.output }) },
            onError: { target: 'idle' },
          },
        },
      },
    },
    buy: sideRegion('buy'),
    sell: sideRegion('sell'),
  },
});

/**
 * One side's submit flow: idle -> (a price far through the market: confirming ->) submitting.
 * Each side has its own region, so a buy in flight does not hold up a sell.
 */
function sideRegion(side: SpotSide) {
  const mine = ({ event }: { event: SpotEntryEvent }) => 'side' in event && event.side === side;
  return {
    initial: 'idle' as const,
    states: {
      idle: {
        on: {
          SUBMIT: [
            { guard: ({ event }: { event: SpotEntryEvent }) => !mine({ event }) },
            {
              guard: { type: 'hasProblem' as const, params: { side } },
              actions: [
                { type: 'markRefused' as const, params: { side } },
                {
                  type: 'reportProblem' as const,
                  params: ({ context }: { context: SpotEntryContext }) => problemOf(context, side)!,
                },
              ],
            },
            { guard: ({ context }: { context: SpotEntryContext }) => !context.signedIn },
            {
              guard: ({ context }: { context: SpotEntryContext }) => !context.reachable,
              actions: { type: 'reportProblem' as const, params: { code: 'unreachable' as const } },
            },
            { guard: { type: 'farPrice' as const, params: { side } }, target: 'confirming' },
            { target: 'submitting' },
          ],
        },
      },
      /** The price goes far through the best opposite price: the user confirms or goes back. */
      confirming: {
        on: {
          CONFIRM: [
            {
              guard: ({ context, event }: { context: SpotEntryContext; event: SpotEntryEvent }) =>
                mine({ event }) && !context.reachable,
              target: 'idle',
              actions: { type: 'reportProblem' as const, params: { code: 'unreachable' as const } },
            },
            { guard: mine, target: 'submitting' },
          ],
          DISMISS: { guard: mine, target: 'idle' },
          // Whatever changes the order meanwhile sends the user back to look at it again.
          PRICE: { guard: mine, target: 'idle' },
          STOP: { guard: mine, target: 'idle' },
          STOP_LIMIT_PRICE: { guard: mine, target: 'idle' },
          QUANTITY: { guard: mine, target: 'idle' },
          PERCENT: { guard: mine, target: 'idle' },
          MODE: { target: 'idle' },
          EXECUTION: { target: 'idle' },
          PICK_PRICE: { target: 'idle' },
        },
      },
      submitting: {
        invoke: {
          src: 'placeOrder' as const,
          input: ({ context }: { context: SpotEntryContext }) => ({
            side,
            payload: orderPayload(context, side),
          }),
          onDone: {
            target: 'idle',
            actions: [
              { type: 'clearSide' as const, params: { side } },
              {
                type: 'placed' as const,
                params: ({ event }: { event: DoneActorEvent<AnswerOf<'tx_in/add'>> }) => ({
                  side,
                  order: event.output,
                }),
              },
            ],
          },
          onError: { target: 'idle' },
        },
      },
    },
  };
}

function sliderOutcome(context: SpotEntryContext, side: SpotSide, percent: number) {
  return sliderQuantity({
    side,
    percent,
    balance: balanceFor(context, side),
    price: effectivePrice(context, side),
    decimals: quantityDecimalsFor(context.pair.quantityDecimals),
  });
}

function balanceFor(context: SpotEntryContext, side: SpotSide): string {
  if (!context.balances) return '0';
  return side === 'buy' ? context.balances.quote : context.balances.base;
}
