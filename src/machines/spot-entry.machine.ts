import { assign, emit, fromPromise, setup } from 'xstate';
import type { AnswerOf, PayloadOf } from '../api/catalogue.ts';
import { acceptDecimalInput, priceDecimalsFor, QUANTITY_DECIMALS } from '../domain/spot/decimal-input.ts';
import { bestOppositePrice } from '../domain/spot/best-price.ts';
import { LIMIT, MARKET, type EntryMode, type SpotSide } from '../domain/spot/order-kind.ts';
import { sliderQuantity, snapPercent } from '../domain/spot/slider.ts';
import { validateSpotOrder, type SpotProblemCode } from '../domain/spot/order-validation.ts';

/** One side's form: what the user typed and where the slider stands. */
export interface SideDraft {
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
}

export interface SpotEntryContext {
  pair: SpotPair;
  mode: EntryMode;
  buy: SideDraft;
  sell: SideDraft;
  best: { bid: string | null; ask: string | null };
  balances: PairBalances | null;
  signedIn: boolean;
}

export type SpotEntryEvent =
  | { type: 'MODE'; mode: EntryMode }
  | { type: 'PRICE'; side: SpotSide; text: string }
  | { type: 'QUANTITY'; side: SpotSide; text: string }
  | { type: 'PERCENT'; side: SpotSide; percent: number }
  /** A price clicked in the order book fills both forms' prices (spec §2). */
  | { type: 'PICK_PRICE'; price: string }
  | { type: 'BEST'; bid: string | null; ask: string | null }
  | { type: 'PAIR'; pair: SpotPair }
  | { type: 'SIGNED_IN'; signedIn: boolean }
  | { type: 'REFRESH_BALANCES' }
  | { type: 'SUBMIT'; side: SpotSide };

/** What the form reports to the page: a problem (a toast) or a placed order. */
export type SpotEntryProblem = SpotProblemCode | 'noBestPrice';

/** What the machine tells the page (`actor.on`): a problem to toast, or an order placed. */
export type SpotEntryEmitted =
  | { type: 'problem'; code: SpotEntryProblem }
  | { type: 'placed'; side: SpotSide; order: AnswerOf<'tx_in/add'> };

export interface SpotEntryInput {
  pair: SpotPair;
  signedIn: boolean;
}

const EMPTY_DRAFT: SideDraft = { price: '', quantity: '', percent: 0 };

/** The price a side trades at: typed in limit mode, the best opposite price in market mode. */
export function effectivePrice(context: SpotEntryContext, side: SpotSide): string {
  return context.mode === MARKET ? (bestOppositePrice(side, context.best) ?? '') : context[side].price;
}

/** The first problem of a side's order, or null (domain rules, spec §5). */
export function problemOf(context: SpotEntryContext, side: SpotSide): SpotProblemCode | null {
  return validateSpotOrder({
    matchId: context.pair.matchId,
    side,
    mode: context.mode,
    price: context[side].price,
    quantity: context[side].quantity,
    bestPrice: bestOppositePrice(side, context.best),
  });
}

/** The contract payload of a side's order. */
export function orderPayload(context: SpotEntryContext, side: SpotSide): PayloadOf<'tx_in/add'> {
  const draft = context[side];
  return context.mode === LIMIT
    ? { currency_match_id: context.pair.matchId, number: draft.quantity, price: draft.price, type: LIMIT }
    : { currency_match_id: context.pair.matchId, number: draft.quantity, type: MARKET };
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
 *   machine (trade-screen.machine.ts) folds it into the orders and sends REFRESH_BALANCES.
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
    reportProblem: emit((_, params: { code: SpotEntryProblem }) => ({
      type: 'problem' as const,
      code: params.code,
    })),
    placed: emit((_, params: { side: SpotSide; order: AnswerOf<'tx_in/add'> }) => ({
      type: 'placed' as const,
      side: params.side,
      order: params.order,
    })),
  },
  guards: {
    signedIn: ({ context }) => context.signedIn,
    otherSide: ({ event }, params: { side: SpotSide }) =>
      event.type === 'SUBMIT' && event.side !== params.side,
    hasProblem: ({ context }, params: { side: SpotSide }) => problemOf(context, params.side) !== null,
  },
}).createMachine({
  id: 'spotEntry',
  context: ({ input }) => ({
    pair: input.pair,
    mode: LIMIT,
    buy: EMPTY_DRAFT,
    sell: EMPTY_DRAFT,
    best: { bid: null, ask: null },
    balances: null,
    signedIn: input.signedIn,
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
            },
      ),
    },
    PRICE: {
      actions: assign(({ context, event }) =>
        context.mode === MARKET
          ? {}
          : withSide(context, event.side, {
              price: acceptDecimalInput(
                context[event.side].price,
                event.text,
                priceDecimalsFor(context.pair.priceDecimals),
              ),
            }),
      ),
    },
    QUANTITY: {
      actions: assign(({ context, event }) => {
        const quantity = acceptDecimalInput(context[event.side].quantity, event.text, QUANTITY_DECIMALS);
        return quantity === context[event.side].quantity
          ? {}
          : withSide(context, event.side, { quantity, percent: 0 });
      }),
    },
    PERCENT: [
      {
        guard: ({ context, event }) =>
          sliderQuantity({
            side: event.side,
            percent: event.percent,
            balance: balanceFor(context, event.side),
            price: effectivePrice(context, event.side),
          }).kind === 'noPrice',
        actions: { type: 'reportProblem', params: { code: 'noBestPrice' } },
      },
      {
        actions: assign(({ context, event }) => {
          const outcome = sliderQuantity({
            side: event.side,
            percent: event.percent,
            balance: balanceFor(context, event.side),
            price: effectivePrice(context, event.side),
          });
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
        const price = acceptDecimalInput('', event.price, priceDecimalsFor(context.pair.priceDecimals));
        if (price === '') return {};
        // A picked price is a limit price: in market mode the form switches, which clears quantities.
        const cleared = context.mode === MARKET;
        return {
          mode: LIMIT,
          buy: { ...context.buy, price, ...(cleared ? { quantity: '', percent: 0 } : {}) },
          sell: { ...context.sell, price, ...(cleared ? { quantity: '', percent: 0 } : {}) },
        };
      }),
    },
    BEST: {
      actions: assign(({ context, event }) =>
        context.best.bid === event.bid && context.best.ask === event.ask
          ? {}
          : { best: { bid: event.bid, ask: event.ask } },
      ),
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
            balances: null,
          })),
        },
        SIGNED_IN: {
          target: '.loading',
          actions: assign(({ event }) => ({ signedIn: event.signedIn, balances: null })),
        },
        REFRESH_BALANCES: { target: '.loading' },
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
    buy: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            SUBMIT: [
              { guard: { type: 'otherSide', params: { side: 'buy' } } },
              {
                guard: { type: 'hasProblem', params: { side: 'buy' } },
                actions: {
                  type: 'reportProblem',
                  params: ({ context }) => ({ code: problemOf(context, 'buy')! }),
                },
              },
              { guard: 'signedIn', target: 'submitting' },
            ],
          },
        },
        submitting: {
          invoke: {
            src: 'placeOrder',
            input: ({ context }) => ({ side: 'buy' as const, payload: orderPayload(context, 'buy') }),
            onDone: {
              target: 'idle',
              actions: [
                assign(({ context }) => withSide(context, 'buy', { quantity: '', percent: 0 })),
                { type: 'placed', params: ({ event }) => ({ side: 'buy' as const, order: event.output }) },
              ],
            },
            onError: { target: 'idle' },
          },
        },
      },
    },
    sell: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            SUBMIT: [
              { guard: { type: 'otherSide', params: { side: 'sell' } } },
              {
                guard: { type: 'hasProblem', params: { side: 'sell' } },
                actions: {
                  type: 'reportProblem',
                  params: ({ context }) => ({ code: problemOf(context, 'sell')! }),
                },
              },
              { guard: 'signedIn', target: 'submitting' },
            ],
          },
        },
        submitting: {
          invoke: {
            src: 'placeOrder',
            input: ({ context }) => ({ side: 'sell' as const, payload: orderPayload(context, 'sell') }),
            onDone: {
              target: 'idle',
              actions: [
                assign(({ context }) => withSide(context, 'sell', { quantity: '', percent: 0 })),
                { type: 'placed', params: ({ event }) => ({ side: 'sell' as const, order: event.output }) },
              ],
            },
            onError: { target: 'idle' },
          },
        },
      },
    },
  },
});

function balanceFor(context: SpotEntryContext, side: SpotSide): string {
  if (!context.balances) return '0';
  return side === 'buy' ? context.balances.quote : context.balances.base;
}
