import { NEVER } from 'rxjs';
import { assign, emit, fromCallback, fromEventObservable, fromPromise, setup } from 'xstate';
import type { AnswerOf, PayloadOf } from '../api/catalogue.ts';
import type { AmountProblem } from '../domain/wallet/entry.ts';
import { quoteSecondsLeft } from '../domain/wallet/entry.ts';
import type { ConvertQuote, ServerClockEvent } from './actors/wallet.ts';
import { amountValue, sendProblem, typingProblem } from './wallet-amount.ts';

export interface ConvertInput {
  currencyId: number;
  balance: string;
  decimalComma: boolean;
}

export interface ConvertContext extends ConvertInput {
  amount: string;
  problem: AmountProblem | null;
  quote: ConvertQuote | null;
  /** The server's now as last known: the quote's server_now, then clock pushes and ticks. */
  serverNow: number;
  /** How fast the server's clock runs against real time (a demo runs faster; 1 on a real server). */
  speed: number;
}

export type ConvertEvent =
  | { type: 'SET_AMOUNT'; amount: string }
  | { type: 'BALANCE'; balance: string }
  | { type: 'SUBMIT' }
  | { type: 'CONFIRM' }
  | { type: 'REFRESH' }
  | { type: 'CANCEL' }
  | ServerClockEvent;

export type ConvertEmitted = { type: 'converted'; receive: string };

const rulesOf = (context: ConvertContext) => ({
  decimalComma: context.decimalComma,
  balance: context.balance,
});

/** Seconds the quote has left, on the server's clock (never the client's). */
export function secondsLeft(context: Pick<ConvertContext, 'quote' | 'serverNow' | 'speed'>): number {
  return context.quote ? quoteSecondsLeft(context.quote.expires_at, context.serverNow, context.speed) : 0;
}

/** One real second of the countdown. */
export const CONVERT_TICK_MS = 1000;

/**
 * Convert BTC or ETH of the trade account to USDT (spec §5 p_convert).
 * - SUBMIT refuses an empty, zero, malformed or above-balance amount (nothing is sent), or asks for
 *   a quote (account/convert_quote).
 * - quoted: the countdown runs on the server's time: it starts from the quote's server_now, moves
 *   on each second by the server clock's speed, and takes the server's own now from every clock
 *   push. At 0 the quote is expired and only REFRESH (a new quote) or CANCEL remain.
 * - CONFIRM converts at the quote; done, the field clears and `converted` is emitted. A refusal
 *   (say the quote expired on the server first) leaves the quote expired.
 */
export const convertMachine = setup({
  types: {
    context: {} as ConvertContext,
    events: {} as ConvertEvent,
    input: {} as ConvertInput,
    emitted: {} as ConvertEmitted,
  },
  actors: {
    quote: fromPromise<ConvertQuote, PayloadOf<'account/convert_quote'>>(async () => {
      throw new Error('quote actor not provided');
    }),
    convert: fromPromise<AnswerOf<'account/convert'>, PayloadOf<'account/convert'>>(async () => {
      throw new Error('convert actor not provided');
    }),
    /** Sends CLOCK for every server clock push; the default hears none. */
    serverClock: fromCallback<ServerClockEvent>(() => () => undefined),
    /** The currency's available balance, each time it changes; by default it never does. */
    balanceFeed: fromEventObservable<{ type: 'BALANCE'; balance: string }, { currencyId: number }>(
      () => NEVER,
    ),
  },
  guards: {
    sendable: ({ context }) => sendProblem(context.amount, rulesOf(context)) === null,
    expired: ({ context }) => secondsLeft(context) <= 0,
  },
  actions: {
    follow: assign(({ event }) => (event.type === 'BALANCE' ? { balance: event.balance } : {})),
    clock: assign(({ event }) =>
      event.type === 'CLOCK' ? { serverNow: event.now, speed: event.speed } : {},
    ),
  },
}).createMachine({
  id: 'convert',
  context: ({ input }) => ({ ...input, amount: '', problem: null, quote: null, serverNow: 0, speed: 1 }),
  invoke: [
    { src: 'serverClock' },
    { src: 'balanceFeed', input: ({ context }) => ({ currencyId: context.currencyId }) },
  ],
  initial: 'editing',
  on: {
    BALANCE: { actions: 'follow' },
    CLOCK: { actions: 'clock' },
  },
  states: {
    editing: {
      on: {
        SET_AMOUNT: {
          actions: assign(({ context, event }) => ({
            amount: event.amount,
            problem: typingProblem(event.amount, rulesOf(context)),
          })),
        },
        SUBMIT: [
          { guard: 'sendable', target: 'quoting', actions: assign({ problem: null }) },
          { actions: assign({ problem: ({ context }) => sendProblem(context.amount, rulesOf(context)) }) },
        ],
      },
    },
    quoting: {
      invoke: {
        src: 'quote',
        input: ({ context }) => ({
          currency_id: context.currencyId,
          number: amountValue(context.amount, rulesOf(context)),
        }),
        onDone: {
          target: 'quoted',
          actions: assign({
            quote: ({ event }) => event.output,
            serverNow: ({ event }) => event.output.server_now,
          }),
        },
        onError: { target: 'editing', actions: assign({ quote: null }) },
      },
    },
    quoted: {
      always: { guard: 'expired', target: 'expired' },
      after: {
        [CONVERT_TICK_MS]: {
          target: 'quoted',
          reenter: true,
          actions: assign({
            serverNow: ({ context }) => context.serverNow + CONVERT_TICK_MS * context.speed,
          }),
        },
      },
      on: {
        CONFIRM: 'converting',
        CANCEL: { target: 'editing', actions: assign({ quote: null }) },
      },
    },
    expired: {
      on: {
        REFRESH: 'quoting',
        CANCEL: { target: 'editing', actions: assign({ quote: null }) },
      },
    },
    converting: {
      invoke: {
        src: 'convert',
        input: ({ context }) => ({
          currency_id: context.currencyId,
          number: context.quote?.number ?? '',
          quote_id: context.quote?.quote_id ?? '',
        }),
        onDone: {
          target: 'editing',
          actions: [
            assign({ amount: '', quote: null }),
            emit(({ event }) => ({ type: 'converted' as const, receive: event.output.receive })),
          ],
        },
        onError: 'expired',
      },
    },
  },
});
