import { assign, emit, fromPromise, setup } from 'xstate';
import { centsOf } from '../domain/p2p/amounts.ts';
import { readOrderEntry, type OrderDialogTerms, type OrderEntryProblem } from '../domain/p2p/entry.ts';
import { unitsOf } from '../domain/wallet/amounts.ts';

/** What the order dialog needs of an ad (otc/ads). */
export interface EntryAd {
  id: number;
  /** The taker's side: buy from a sell ad, sell into a buy ad. */
  takerBuys: boolean;
  coin: string;
  fiat: string;
  price: string;
  min: string;
  max: string;
  left: string;
  coinDecimals: number;
}

export interface OrderEntryContext {
  ad: EntryAd | null;
  by: 'amount' | 'quantity';
  text: string;
  problem: OrderEntryProblem | null;
  decimalComma: boolean;
}

export type OrderEntryEvent =
  | { type: 'OPEN'; ad: EntryAd }
  | { type: 'SET_BY'; by: 'amount' | 'quantity' }
  | { type: 'SET_TEXT'; text: string }
  | { type: 'SUBMIT' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'CLOSE' };

export type OrderEntryEmitted = { type: 'placed'; orderId: number };

export interface OrderCreate {
  ad_id: number;
  amount?: string;
  number?: string;
}

/** The dialog's terms from an ad's decimal texts (a malformed one reads as 0, which refuses every size). */
export function termsOf(ad: EntryAd): OrderDialogTerms {
  return {
    priceCents: centsOf(ad.price) ?? 0n,
    minCents: centsOf(ad.min) ?? 0n,
    maxCents: centsOf(ad.max) ?? 0n,
    leftUnits: unitsOf(ad.left) ?? 0n,
    coinDecimals: ad.coinDecimals,
  };
}

function read(context: OrderEntryContext) {
  if (!context.ad) return null;
  return readOrderEntry(context.text, context.by, termsOf(context.ad), context.decimalComma);
}

/** The problem to show while typing: only what the text itself gets wrong, not "empty". */
function typingProblem(context: OrderEntryContext): OrderEntryProblem | null {
  const entry = read(context);
  if (!entry || entry.ok || entry.problem.kind === 'empty') return null;
  return entry.problem;
}

/**
 * Placing an order on an ad: open the dialog on an ad -> type a fiat amount or a coin
 * quantity (the other follows: domain/p2p/entry.ts) -> confirm -> otc/order_create.
 * - SUBMIT refuses an empty, malformed, out-of-limits or above-what-is-left size and sends nothing.
 * - CONFIRM sends exactly the canonical text of what was typed, under the field it was typed in.
 * - A refusal by the server (toasted by the client) returns to the entry with the text kept.
 */
export const p2pOrderEntryMachine = setup({
  types: {
    context: {} as OrderEntryContext,
    events: {} as OrderEntryEvent,
    input: {} as { decimalComma: boolean },
    emitted: {} as OrderEntryEmitted,
  },
  actors: {
    create: fromPromise<{ id: number }, OrderCreate>(async () => {
      throw new Error('create actor not provided');
    }),
  },
  guards: {
    sendable: ({ context }) => read(context)?.ok === true,
  },
  actions: {
    close: assign({ ad: null, text: '', problem: null }),
  },
}).createMachine({
  id: 'p2pOrderEntry',
  context: ({ input }) => ({
    ad: null,
    by: 'amount',
    text: '',
    problem: null,
    decimalComma: input.decimalComma,
  }),
  initial: 'closed',
  states: {
    closed: {
      on: {
        OPEN: {
          target: 'editing',
          actions: assign({ ad: ({ event }) => event.ad, text: '', problem: null, by: 'amount' }),
        },
      },
    },
    editing: {
      on: {
        SET_BY: { actions: assign({ by: ({ event }) => event.by, text: '', problem: null }) },
        SET_TEXT: {
          actions: assign(({ context, event }) => {
            const next = { ...context, text: event.text };
            return { text: event.text, problem: typingProblem(next) };
          }),
        },
        SUBMIT: [
          { guard: 'sendable', target: 'confirming', actions: assign({ problem: null }) },
          {
            actions: assign(({ context }) => {
              const entry = read(context);
              return { problem: entry && !entry.ok ? entry.problem : null };
            }),
          },
        ],
        CLOSE: { target: 'closed', actions: 'close' },
      },
    },
    confirming: {
      on: {
        CONFIRM: 'placing',
        CANCEL: 'editing',
        CLOSE: { target: 'closed', actions: 'close' },
      },
    },
    placing: {
      invoke: {
        src: 'create',
        input: ({ context }) => {
          const entry = read(context);
          const value = entry?.ok ? entry.value : '';
          const adId = context.ad?.id ?? 0;
          return context.by === 'amount' ? { ad_id: adId, amount: value } : { ad_id: adId, number: value };
        },
        onDone: {
          target: 'closed',
          actions: [emit(({ event }) => ({ type: 'placed' as const, orderId: event.output.id })), 'close'],
        },
        onError: 'editing',
      },
    },
  },
});
