import { NEVER } from 'rxjs';
import { assign, emit, fromEventObservable, fromPromise, type NonReducibleUnknown, setup } from 'xstate';
import type { PayloadOf } from '../api/catalogue.ts';
import { isTransferAllowed, type WalletAccount } from '../domain/wallet/accounts.ts';
import type { AmountProblem } from '../domain/wallet/entry.ts';
import { amountValue, sendProblem, typingProblem } from './wallet-amount.ts';

/** What each account holds available of each currency id (from account/list and its pushes). */
export type Holdings = Partial<Record<WalletAccount, Readonly<Record<number, string>>>>;

export interface TransferInput {
  /** The other account of the pair (never the trade account itself). */
  partner: Exclude<WalletAccount, 'change'>;
  currencyId: number;
  decimalComma: boolean;
  holdings?: Holdings;
}

export interface TransferContext {
  from: WalletAccount;
  to: WalletAccount;
  currencyId: number;
  amount: string;
  problem: AmountProblem | null;
  holdings: Holdings;
  decimalComma: boolean;
}

export type TransferEvent =
  | { type: 'CHOOSE_PARTNER'; partner: Exclude<WalletAccount, 'change'> }
  | { type: 'CHOOSE_CURRENCY'; currencyId: number }
  | { type: 'SWAP' }
  | { type: 'SET_AMOUNT'; amount: string }
  | { type: 'MAX' }
  | { type: 'HOLDINGS'; holdings: Holdings }
  | { type: 'SUBMIT' };

export type TransferEmitted = { type: 'transferred' };

/** What the `from` account holds of the chosen currency ("0" when unknown). */
export function availableOf(context: Pick<TransferContext, 'from' | 'currencyId' | 'holdings'>): string {
  return context.holdings[context.from]?.[context.currencyId] ?? '0';
}

const rulesOf = (context: TransferContext) => ({
  decimalComma: context.decimalComma,
  balance: availableOf(context),
});

/** The partner of a pair: whichever side is not the trade account. */
export function partnerOf(context: Pick<TransferContext, 'from' | 'to'>): WalletAccount {
  return context.from === 'change' ? context.to : context.from;
}

/**
 * Transfer between the user's accounts (spec §5: p_transfernum; the partner is always the other
 * account of the pair: trade <-> lever, micro, legal or financial).
 * - The pair always has the trade account on one side (isTransferAllowed holds in every state).
 * - SWAP turns the direction; CHOOSE_PARTNER keeps the direction and changes the other account.
 * - MAX fills what `from` holds; HOLDINGS follows the balance pushes.
 * - SUBMIT refuses an empty, zero, malformed or above-balance amount with its problem (nothing is
 *   sent), or sends account/transfer; done, the field clears and `transferred` is emitted.
 */
export const transferMachine = setup({
  types: {
    context: {} as TransferContext,
    events: {} as TransferEvent,
    input: {} as TransferInput,
    emitted: {} as TransferEmitted,
  },
  actors: {
    transfer: fromPromise<unknown, PayloadOf<'account/transfer'>>(async () => {
      throw new Error('transfer actor not provided');
    }),
    /** Every account's holdings, each time they are read again; by default they never are. */
    holdingsFeed: fromEventObservable<{ type: 'HOLDINGS'; holdings: Holdings }, NonReducibleUnknown>(
      () => NEVER,
    ),
  },
  guards: {
    sendable: ({ context }) =>
      isTransferAllowed(context.from, context.to) && sendProblem(context.amount, rulesOf(context)) === null,
  },
  actions: {
    follow: assign(({ event }) => (event.type === 'HOLDINGS' ? { holdings: event.holdings } : {})),
  },
}).createMachine({
  id: 'transfer',
  context: ({ input }) => ({
    from: 'change',
    to: input.partner,
    currencyId: input.currencyId,
    amount: '',
    problem: null,
    holdings: input.holdings ?? {},
    decimalComma: input.decimalComma,
  }),
  invoke: { src: 'holdingsFeed' },
  initial: 'editing',
  on: { HOLDINGS: { actions: 'follow' } },
  states: {
    editing: {
      on: {
        CHOOSE_PARTNER: {
          actions: assign(({ context, event }) =>
            context.from === 'change'
              ? { to: event.partner, problem: null }
              : { from: event.partner, problem: null },
          ),
        },
        CHOOSE_CURRENCY: {
          actions: assign({ currencyId: ({ event }) => event.currencyId, problem: null }),
        },
        SWAP: {
          actions: assign(({ context }) => ({ from: context.to, to: context.from, problem: null })),
        },
        SET_AMOUNT: {
          actions: assign(({ context, event }) => ({
            amount: event.amount,
            problem: typingProblem(event.amount, rulesOf(context)),
          })),
        },
        MAX: {
          actions: assign(({ context }) => ({ amount: availableOf(context), problem: null })),
        },
        SUBMIT: [
          { guard: 'sendable', target: 'sending', actions: assign({ problem: null }) },
          { actions: assign({ problem: ({ context }) => sendProblem(context.amount, rulesOf(context)) }) },
        ],
      },
    },
    sending: {
      invoke: {
        src: 'transfer',
        input: ({ context }) => ({
          currency_id: context.currencyId,
          balance: amountValue(context.amount, rulesOf(context)),
          from: context.from,
          to: context.to,
        }),
        onDone: {
          target: 'editing',
          actions: [assign({ amount: '' }), emit({ type: 'transferred' as const })],
        },
        onError: 'editing',
      },
    },
  },
});
