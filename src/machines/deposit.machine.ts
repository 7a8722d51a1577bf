import { assign, emit, fromPromise, setup } from 'xstate';
import type { PayloadOf } from '../api/catalogue.ts';
import { depositAmountRules } from '../domain/wallet/deposit-amount.ts';
import type { AmountProblem } from '../domain/wallet/entry.ts';
import type { DepositAnswer } from './actors/wallet.ts';
import { amountValue, sendProblem, typingProblem } from './wallet-amount.ts';

export interface DepositInput {
  currencyId: number;
  /** The chains (currency_protocols) the currency travels by; the first is chosen first. */
  chains: readonly { id: number; code: string }[];
  /** Below it a deposit is never credited (wallet/wallet deposit_min); the demo control refuses it. */
  depositMin: string;
  decimalComma: boolean;
}

export interface DepositContext extends DepositInput {
  chainId: number | null;
  /** The demo transfer's amount, exactly as typed. */
  amount: string;
  problem: AmountProblem | null;
}

export type DepositEvent =
  { type: 'CHOOSE_CHAIN'; id: number } | { type: 'SET_AMOUNT'; amount: string } | { type: 'SIMULATE' };

export type DepositEmitted = { type: 'simulated'; deposit: DepositAnswer };

// The server's own bounds of a deposit (domain/wallet/deposit-amount.ts), so the form refuses
// before sending exactly what the server would refuse.
const rulesOf = (context: DepositContext) => depositAmountRules(context.decimalComma, context.depositMin);

/**
 * The deposit panel of one currency (spec §2 Assets, §9): the chain choice (USDT: TRC20 or ERC20)
 * and, in demo mode, a simulated incoming transfer (sim/deposit). The address and the deposit's
 * progress are read from streams; this machine owns what the user chooses and sends.
 * - CHOOSE_CHAIN picks one of the currency's chains (an unknown id changes nothing).
 * - SET_AMOUNT keeps exactly what was typed and says at once what is wrong with the text itself.
 * - SIMULATE refuses an empty, zero, below-minimum or above-cap amount with its problem (nothing is sent),
 *   or sends it; when it is recorded the field clears and `simulated` is emitted.
 */
export const depositMachine = setup({
  types: {
    context: {} as DepositContext,
    events: {} as DepositEvent,
    input: {} as DepositInput,
    emitted: {} as DepositEmitted,
  },
  actors: {
    simulateDeposit: fromPromise<DepositAnswer, PayloadOf<'sim/deposit'>>(async () => {
      throw new Error('simulateDeposit actor not provided');
    }),
  },
  guards: {
    knownChain: ({ context, event }) =>
      event.type === 'CHOOSE_CHAIN' && context.chains.some((chain) => chain.id === event.id),
    sendable: ({ context }) => sendProblem(context.amount, rulesOf(context)) === null,
  },
}).createMachine({
  id: 'deposit',
  context: ({ input }) => ({ ...input, chainId: input.chains[0]?.id ?? null, amount: '', problem: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        CHOOSE_CHAIN: {
          guard: 'knownChain',
          actions: assign({ chainId: ({ event }) => event.id }),
        },
        SET_AMOUNT: {
          actions: assign(({ context, event }) => ({
            amount: event.amount,
            problem: typingProblem(event.amount, rulesOf(context)),
          })),
        },
        SIMULATE: [
          { guard: 'sendable', target: 'sending', actions: assign({ problem: null }) },
          { actions: assign({ problem: ({ context }) => sendProblem(context.amount, rulesOf(context)) }) },
        ],
      },
    },
    sending: {
      invoke: {
        src: 'simulateDeposit',
        input: ({ context }) => ({
          currency_id: context.currencyId,
          number: amountValue(context.amount, rulesOf(context)),
          ...(context.chainId === null ? {} : { currency_protocol_id: context.chainId }),
        }),
        onDone: {
          target: 'editing',
          actions: [
            assign({ amount: '' }),
            emit(({ event }) => ({ type: 'simulated' as const, deposit: event.output })),
          ],
        },
        onError: 'editing',
      },
    },
  },
});
