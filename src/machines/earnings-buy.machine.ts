import { NEVER } from 'rxjs';
import { assign, emit, fromEventObservable, fromPromise, setup } from 'xstate';
import { readAmount, type AmountProblem, type AmountRules } from '../domain/wallet/entry.ts';
import { typingProblem } from './wallet-amount.ts';

/** What the buy flow needs to know of a product (from ieo/list). */
export interface BuyProduct {
  id: number;
  name: string;
  code: string;
  currencyId: number;
  days: number;
  rate: string;
  min: string;
  /** The per-user maximum, what the user holds in it now, and the quota left. */
  max: string;
  held: string;
  left: string;
}

export interface EarningsBuyContext {
  product: BuyProduct | null;
  /** The financial account's available balance of the product's currency ("0" when unknown). */
  balance: string;
  amount: string;
  problem: AmountProblem | null;
  decimalComma: boolean;
}

export type EarningsBuyEvent =
  | { type: 'CHOOSE'; product: BuyProduct; balance: string }
  | { type: 'BALANCE'; balance: string }
  | { type: 'SET_AMOUNT'; amount: string }
  | { type: 'MAX' }
  | { type: 'SUBMIT' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'CLOSE' };

export type EarningsBuyEmitted = { type: 'bought' };

const units = (text: string): bigint => {
  const entry = readAmount(text, { decimalComma: false });
  return entry.ok ? entry.units : 0n;
};

const text = (value: bigint): string => {
  const digits = value.toString().padStart(9, '0');
  return `${digits.slice(0, -8)}.${digits.slice(-8)}`.replace(/\.?0+$/, '');
};

/**
 * The most this user may buy of a product now: the per-user maximum less what they hold, and the
 * quota left, whichever is smaller (domain/earnings/rules.ts; the server checks the same).
 */
export function roomOf(product: BuyProduct): string {
  const room = units(product.max) - units(product.held);
  const left = units(product.left);
  const most = room < left ? room : left;
  return text(most > 0n ? most : 0n);
}

/** The amount field's rules: the product's minimum, the room left, the balance. */
export function rulesOf(
  context: Pick<EarningsBuyContext, 'product' | 'balance' | 'decimalComma'>,
): AmountRules {
  return {
    decimalComma: context.decimalComma,
    ...(context.product ? { min: context.product.min, max: roomOf(context.product) } : {}),
    balance: context.balance,
  };
}

/** The max button's amount: the room left or the balance, whichever is smaller. */
function maxAmount(context: EarningsBuyContext): string {
  if (!context.product) return '';
  const room = units(roomOf(context.product));
  const balance = units(context.balance);
  return text(room < balance ? room : balance);
}

/**
 * Buying an earnings product (spec §2 Deposit: a confirm prompt first): choose a product -> type an
 * amount -> confirm -> the purchase -> the result.
 * - SUBMIT refuses an empty, malformed, zero, below-minimum, above-room or above-balance amount with
 *   its problem and sends nothing; a sendable amount asks for confirmation first.
 * - CONFIRM sends ieo/addIeo with exactly the amount shown; a refusal (the server's message is
 *   toasted by the client) returns to the amount with the text kept. Done, `bought` is emitted.
 * - CANCEL steps back from the confirmation; CLOSE leaves the flow from anywhere but the purchase.
 */
export const earningsBuyMachine = setup({
  types: {
    context: {} as EarningsBuyContext,
    events: {} as EarningsBuyEvent,
    input: {} as { decimalComma: boolean },
    emitted: {} as EarningsBuyEmitted,
  },
  actors: {
    buy: fromPromise<unknown, { id: number; number: string }>(async () => {
      throw new Error('buy actor not provided');
    }),
    /** The chosen currency's financial balance, each time it changes; by default it never does. */
    balanceFeed: fromEventObservable<{ type: 'BALANCE'; balance: string }, { currencyId: number }>(
      () => NEVER,
    ),
  },
  guards: {
    sendable: ({ context }) => readAmount(context.amount, rulesOf(context)).ok,
  },
  actions: {
    close: assign({ product: null, amount: '', problem: null }),
  },
}).createMachine({
  id: 'earningsBuy',
  context: ({ input }) => ({
    product: null,
    balance: '0',
    amount: '',
    problem: null,
    decimalComma: input.decimalComma,
  }),
  initial: 'choosing',
  on: { BALANCE: { actions: assign({ balance: ({ event }) => event.balance }) } },
  states: {
    choosing: {
      on: {
        CHOOSE: {
          target: 'amount',
          actions: assign({
            product: ({ event }) => event.product,
            balance: ({ event }) => event.balance,
            amount: '',
            problem: null,
          }),
        },
      },
    },
    // The balance an amount is checked against follows the account while the user types and confirms.
    amount: {
      invoke: {
        src: 'balanceFeed',
        input: ({ context }) => ({ currencyId: context.product?.currencyId ?? 0 }),
      },
      on: {
        SET_AMOUNT: {
          actions: assign(({ context, event }) => ({
            amount: event.amount,
            problem: typingProblem(event.amount, rulesOf(context)),
          })),
        },
        MAX: { actions: assign(({ context }) => ({ amount: maxAmount(context), problem: null })) },
        SUBMIT: [
          { guard: 'sendable', target: 'confirming', actions: assign({ problem: null }) },
          {
            actions: assign(({ context }) => {
              const entry = readAmount(context.amount, rulesOf(context));
              return { problem: entry.ok ? null : entry.problem };
            }),
          },
        ],
        CLOSE: { target: 'choosing', actions: 'close' },
      },
    },
    confirming: {
      invoke: {
        src: 'balanceFeed',
        input: ({ context }) => ({ currencyId: context.product?.currencyId ?? 0 }),
      },
      on: {
        CONFIRM: 'buying',
        CANCEL: 'amount',
        CLOSE: { target: 'choosing', actions: 'close' },
      },
    },
    buying: {
      invoke: {
        src: 'buy',
        input: ({ context }) => {
          const entry = readAmount(context.amount, rulesOf(context));
          return { id: context.product?.id ?? 0, number: entry.ok ? entry.value : '' };
        },
        onDone: { target: 'done', actions: emit({ type: 'bought' as const }) },
        onError: 'amount',
      },
    },
    done: {
      on: { CLOSE: { target: 'choosing', actions: 'close' } },
    },
  },
});
