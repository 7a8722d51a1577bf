import { NEVER } from 'rxjs';
import { assign, emit, fromEventObservable, fromPromise, setup } from 'xstate';
import type { PayloadOf } from '../api/catalogue.ts';
import type { AmountProblem } from '../domain/wallet/entry.ts';
import type { BoundAddressRow, WithdrawalAnswer } from './actors/wallet.ts';
import { amountValue, sendProblem, typingProblem } from './wallet-amount.ts';
import { asksForSecondFactor } from './second-factor.ts';

export interface WithdrawInput {
  currencyId: number;
  code: string;
  /** The currency's chains: a bound address is usable when its chain is one of them. */
  chains: readonly { id: number; code: string; needMemo: boolean }[];
  drawMin: string;
  drawMax: string;
  /** What may be withdrawn now (withdrawable, else the available balance). */
  balance: string;
  decimalComma: boolean;
}

/** What the withdraw panel refuses, per field (spec §5 withdraw: pbtwaf, p_minnum, payPassword). */
export type WithdrawProblem =
  | { field: 'address'; kind: 'noAddress' }
  | { field: 'amount'; problem: AmountProblem }
  | { field: 'password'; kind: 'empty' };

export interface WithdrawContext extends WithdrawInput {
  /** The bound addresses of this currency's chains. */
  addresses: BoundAddressRow[];
  addressId: number | null;
  amount: string;
  memo: string;
  password: string;
  /** The code from the authenticator app, once the server asked for it (two-factor sign-in on). */
  totpCode: string;
  twoFactor: boolean;
  problem: WithdrawProblem | null;
  /** The withdrawal being cancelled, if any. */
  cancelling: number | null;
}

export type WithdrawEvent =
  | { type: 'CHOOSE_ADDRESS'; id: number }
  | { type: 'SET'; amount?: string; password?: string; memo?: string; totpCode?: string }
  | { type: 'BALANCE'; balance: string }
  | { type: 'SUBMIT' }
  | { type: 'CANCEL_WITHDRAWAL'; id: number }
  | { type: 'RETRY' };

export type WithdrawEmitted =
  { type: 'requested'; withdrawal: WithdrawalAnswer } | { type: 'cancelled'; withdrawal: WithdrawalAnswer };

const rulesOf = (context: WithdrawContext) => ({
  decimalComma: context.decimalComma,
  min: context.drawMin,
  max: context.drawMax,
  balance: context.balance,
});

/** The first problem of the form, in the order the fields stand: address, amount, password. */
export function withdrawProblem(context: WithdrawContext): WithdrawProblem | null {
  if (context.addressId === null) return { field: 'address', kind: 'noAddress' };
  const amount = sendProblem(context.amount, rulesOf(context));
  if (amount) return { field: 'amount', problem: amount };
  if (context.password === '') return { field: 'password', kind: 'empty' };
  return null;
}

function usable(addresses: readonly BoundAddressRow[], context: WithdrawInput): BoundAddressRow[] {
  return addresses.filter(
    (entry) =>
      entry.coin_name.toUpperCase() === context.code.toUpperCase() &&
      context.chains.some((chain) => chain.code === entry.chain),
  );
}

/**
 * The withdraw panel of one currency (spec §5 withdraw). Loads the bound
 * addresses first: with none the page links to bindAddr (pbtwaf). The amount keeps exactly what
 * was typed; min (draw_min), max (draw_max) and the balance are enforced on SUBMIT; the trade
 * password is required. A refused form sends nothing. A request clears the amount and password and
 * emits `requested`; the list of withdrawals is a stream, and CANCEL_WITHDRAWAL cancels one in review.
 */
export const withdrawMachine = setup({
  types: {
    context: {} as WithdrawContext,
    events: {} as WithdrawEvent,
    input: {} as WithdrawInput,
    emitted: {} as WithdrawEmitted,
  },
  actors: {
    boundAddresses: fromPromise<BoundAddressRow[]>(async () => {
      throw new Error('boundAddresses actor not provided');
    }),
    withdraw: fromPromise<WithdrawalAnswer, PayloadOf<'account/draw'>>(async () => {
      throw new Error('withdraw actor not provided');
    }),
    cancelWithdrawal: fromPromise<WithdrawalAnswer, { id: number }>(async () => {
      throw new Error('cancelWithdrawal actor not provided');
    }),
    /** What may be withdrawn of the currency, each time it changes; by default it never does. */
    balanceFeed: fromEventObservable<{ type: 'BALANCE'; balance: string }, { currencyId: number }>(
      () => NEVER,
    ),
  },
  guards: {
    sendable: ({ context }) => withdrawProblem(context) === null,
    knownAddress: ({ context, event }) =>
      event.type === 'CHOOSE_ADDRESS' && context.addresses.some((entry) => entry.id === event.id),
  },
  actions: {
    follow: assign(({ event }) => (event.type === 'BALANCE' ? { balance: event.balance } : {})),
  },
}).createMachine({
  id: 'withdraw',
  context: ({ input }) => ({
    ...input,
    addresses: [],
    addressId: null,
    amount: '',
    memo: '',
    password: '',
    totpCode: '',
    twoFactor: false,
    problem: null,
    cancelling: null,
  }),
  invoke: { src: 'balanceFeed', input: ({ context }) => ({ currencyId: context.currencyId }) },
  initial: 'loading',
  on: { BALANCE: { actions: 'follow' } },
  states: {
    loading: {
      invoke: {
        src: 'boundAddresses',
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => {
            const addresses = usable(event.output, context);
            return { addresses, addressId: addresses[0]?.id ?? null };
          }),
        },
        onError: 'failed',
      },
    },
    failed: { on: { RETRY: 'loading' } },
    ready: {
      on: {
        CHOOSE_ADDRESS: {
          guard: 'knownAddress',
          actions: assign({ addressId: ({ event }) => event.id, problem: null }),
        },
        SET: {
          actions: assign(({ context, event }) => {
            const amount = event.amount ?? context.amount;
            const typing = typingProblem(amount, rulesOf(context));
            return {
              amount,
              password: event.password ?? context.password,
              memo: event.memo ?? context.memo,
              totpCode: event.totpCode ?? context.totpCode,
              problem: typing ? { field: 'amount' as const, problem: typing } : null,
            };
          }),
        },
        SUBMIT: [
          { guard: 'sendable', target: 'submitting', actions: assign({ problem: null }) },
          { actions: assign({ problem: ({ context }) => withdrawProblem(context) }) },
        ],
        CANCEL_WITHDRAWAL: {
          target: 'cancelling',
          actions: assign({ cancelling: ({ event }) => event.id }),
        },
      },
    },
    submitting: {
      invoke: {
        src: 'withdraw',
        input: ({ context }) => {
          const address = context.addresses.find((entry) => entry.id === context.addressId);
          const chain = context.chains.find((option) => option.code === address?.chain);
          return {
            currency_id: context.currencyId,
            number: amountValue(context.amount, rulesOf(context)),
            address: address?.address ?? '',
            pay_password: context.password,
            ...(context.totpCode === '' ? {} : { totp_code: context.totpCode }),
            ...(chain?.needMemo && context.memo.trim() !== '' ? { memo: context.memo.trim() } : {}),
            ...(chain ? { currency_protocol_id: chain.id } : {}),
          };
        },
        onDone: {
          target: 'ready',
          actions: [
            assign({ amount: '', password: '', memo: '', totpCode: '' }),
            emit(({ event }) => ({ type: 'requested' as const, withdrawal: event.output })),
          ],
        },
        // The server said why (toasted); the typed password is wrong or stale either way, and so is
        // a code. A refusal that asks for the second factor shows its field.
        onError: {
          target: 'ready',
          actions: assign({
            password: '',
            totpCode: '',
            twoFactor: ({ context, event }) => context.twoFactor || asksForSecondFactor(event.error),
          }),
        },
      },
    },
    cancelling: {
      invoke: {
        src: 'cancelWithdrawal',
        input: ({ context }) => ({ id: context.cancelling ?? 0 }),
        onDone: {
          target: 'ready',
          actions: [
            assign({ cancelling: null }),
            emit(({ event }) => ({ type: 'cancelled' as const, withdrawal: event.output })),
          ],
        },
        onError: { target: 'ready', actions: assign({ cancelling: null }) },
      },
    },
  },
});
