import { assign, emit, enqueueActions, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { AnswerOf, PayloadOf } from '../api/catalogue.ts';
import { ApiError } from '../api/client.ts';
import { MICRO_TYPE_DOWN, MICRO_TYPE_UP } from '../domain/contract-codes.ts';
import { readMicroStake, type MicroEntryProblem } from '../domain/micro/entry.ts';
import {
  expectedWinPayout,
  feeBpsOfPercent,
  MICRO_FEE_BPS,
  microFee,
  ratioBpsOf,
} from '../domain/micro/rules.ts';
import { unitsOf } from '../domain/wallet/amounts.ts';
import type { MicroOrder } from '../streams/micro-pushes.ts';

export interface MicroTerms {
  currencies: AnswerOf<'microtrade/payable_currencies'>;
  seconds: AnswerOf<'microtrade/seconds'>;
}

export type MicroDirection = 'up' | 'down';

export interface MicroOrderContext {
  matchId: number;
  decimalComma: boolean;
  terms: MicroTerms | null;
  currencyId: number | null;
  seconds: number | null;
  amount: string;
  /** Shown under the amount: what the typed text is not (live), or why BUY was refused. */
  problem: MicroEntryProblem | null;
  /** The contract waiting for the user's confirmation, with the fee and win payout it is shown with. */
  pending: {
    direction: MicroDirection;
    payload: PayloadOf<'microtrade/submit'>;
    quote: MicroQuote;
  } | null;
  /**
   * The exchange's own words when it refused the last purchase (its balance moved in another tab,
   * its terms changed): shown on the form until the user changes something. Failures that are not
   * a refusal (no connection) say nothing here; the page's toast says it.
   */
  refusal: string | null;
  /**
   * Up or down pressed while the balances reloaded: judged as soon as the fresh balances are in,
   * so a press right after a purchase is neither lost nor judged against the old balance.
   */
  pressed: MicroDirection | null;
}

export type MicroOrderEvent =
  | { type: 'PAIR'; matchId: number }
  | { type: 'CURRENCY'; currencyId: number }
  | { type: 'SECONDS'; seconds: number }
  | { type: 'AMOUNT'; text: string }
  | { type: 'PRESET'; number: string }
  /** `skipConfirm`: the trader's "pro" setting; the contract then goes without the confirmation. */
  | { type: 'BUY'; direction: MicroDirection; skipConfirm?: boolean }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  /** Balances moved (a purchase, a settlement): reload the terms, keeping the choices. */
  | { type: 'REFRESH' };

export type MicroOrderEmitted = { type: 'bought'; order: MicroOrder };

/** The chosen currency's line of the terms. */
export function chosenCurrency(context: Pick<MicroOrderContext, 'terms' | 'currencyId'>) {
  return context.terms?.currencies.find((currency) => currency.id === context.currencyId) ?? null;
}

export function chosenSeconds(context: Pick<MicroOrderContext, 'terms' | 'seconds'>) {
  return context.terms?.seconds.find((option) => option.seconds === context.seconds) ?? null;
}

/**
 * The fee of the chosen currency in bps, as the server states it (fee_rate, a percent); the
 * exchange's own fee when it states none the client can read.
 */
function feeBpsOf(currency: { fee_rate: string }): bigint {
  return feeBpsOfPercent(currency.fee_rate) ?? MICRO_FEE_BPS;
}

function stakeOf(context: MicroOrderContext) {
  const currency = chosenCurrency(context);
  if (!currency) return null;
  return readMicroStake(
    context.amount,
    {
      decimals: currency.micro_decimals,
      min: unitsOf(currency.micro_min) ?? 0n,
      max: unitsOf(currency.micro_max) ?? 0n,
      available: unitsOf(currency.micro_account.balance) ?? 0n,
      feeBps: feeBpsOf(currency),
    },
    context.decimalComma,
  );
}

/** What a stake costs besides itself and what it brings back if it wins, ledger units. */
export interface MicroQuote {
  fee: bigint;
  payout: bigint;
}

/**
 * The fee and the payout a win would bring for what is typed now (null when it is not a stake):
 * the domain's microFee and microPayout, the rules the exchange charges and settles with.
 */
export function microQuote(context: MicroOrderContext): MicroQuote | null {
  const stake = stakeOf(context);
  const option = chosenSeconds(context);
  const currency = chosenCurrency(context);
  if (!stake || !stake.ok || !option || !currency) return null;
  const ratio = ratioBpsOf(option.profit_ratio) ?? 0n;
  return { fee: microFee(stake.stake, feeBpsOf(currency)), payout: expectedWinPayout(stake.stake, ratio) };
}

/** A typed problem worth showing while typing: not the ones only BUY reveals (empty). */
function liveProblem(context: MicroOrderContext): MicroEntryProblem | null {
  const stake = stakeOf(context);
  if (!stake || stake.ok || stake.problem.kind === 'empty') return null;
  return stake.problem;
}

/**
 * The micro order form (spec §2 Micro): payable currency, quantity presets, amount, duration with
 * its profit rate, up and down with a confirmation. It checks the amount with the domain rules
 * before anything is sent (spec §5: an empty amount asks for a number), sends exactly the number
 * shown, and reports `bought` to its screen.
 */
export const microOrderMachine = setup({
  types: {
    context: {} as MicroOrderContext,
    events: {} as MicroOrderEvent,
    input: {} as { matchId: number; decimalComma: boolean },
    emitted: {} as MicroOrderEmitted,
  },
  actors: {
    loadTerms: fromPromise<MicroTerms>(() => Promise.reject(new Error('loadTerms not provided'))),
    submit: fromPromise<MicroOrder, PayloadOf<'microtrade/submit'>>(() =>
      Promise.reject(new Error('submit not provided')),
    ),
  },
  actions: {
    /** The contract a BUY asks for, with its quote, held until it is confirmed (or goes, for "pro"). */
    holdPending: assign(({ context, event }) => {
      if (event.type !== 'BUY') return {};
      const stake = stakeOf(context);
      return {
        problem: null,
        refusal: null,
        pending: {
          direction: event.direction,
          quote: microQuote(context)!,
          payload: {
            match_id: context.matchId,
            currency_id: context.currencyId ?? 0,
            type: event.direction === 'up' ? MICRO_TYPE_UP : MICRO_TYPE_DOWN,
            seconds: context.seconds ?? 0,
            number: stake && stake.ok ? stake.value : '',
          },
        },
      };
    }),
    withTerms: assign(({ context }, terms: MicroTerms) => {
      const currencyId =
        terms.currencies.find((currency) => currency.id === context.currencyId)?.id ??
        terms.currencies[0]?.id ??
        null;
      const seconds =
        terms.seconds.find((option) => option.seconds === context.seconds)?.seconds ??
        terms.seconds[0]?.seconds ??
        null;
      return { terms, currencyId, seconds };
    }),
    checkLive: assign(({ context }) => ({ problem: liveProblem(context) })),
    /** Runs on leaving `refreshing` for `editing`: the remembered press is a BUY there. */
    judgePressed: enqueueActions(({ context, enqueue }) => {
      if (context.pressed === null) return;
      enqueue.raise({ type: 'BUY', direction: context.pressed });
      enqueue.assign({ pressed: null });
    }),
  },
}).createMachine({
  id: 'microOrder',
  context: ({ input }) => ({
    matchId: input.matchId,
    decimalComma: input.decimalComma,
    terms: null,
    currencyId: null,
    seconds: null,
    amount: '',
    problem: null,
    pending: null,
    refusal: null,
    pressed: null,
  }),
  initial: 'loading',
  on: {
    PAIR: { actions: assign({ matchId: ({ event }) => event.matchId }) },
  },
  states: {
    loading: {
      invoke: {
        src: 'loadTerms',
        onDone: {
          target: 'editing',
          actions: [{ type: 'withTerms', params: ({ event }) => event.output }, 'checkLive'],
        },
        onError: 'failed',
      },
    },
    failed: { on: { REFRESH: 'loading' } },
    editing: {
      on: {
        CURRENCY: {
          actions: [
            assign({ currencyId: ({ event }) => event.currencyId, amount: '', refusal: null }),
            'checkLive',
          ],
        },
        SECONDS: { actions: assign({ seconds: ({ event }) => event.seconds, refusal: null }) },
        AMOUNT: { actions: [assign({ amount: ({ event }) => event.text, refusal: null }), 'checkLive'] },
        PRESET: { actions: [assign({ amount: ({ event }) => event.number, refusal: null }), 'checkLive'] },
        REFRESH: 'refreshing',
        BUY: [
          {
            // The trader's "pro" setting: the contract goes without the confirmation.
            guard: ({ context, event }) => microQuote(context) !== null && event.skipConfirm === true,
            target: 'submitting',
            actions: 'holdPending',
          },
          {
            guard: ({ context }) => microQuote(context) !== null,
            target: 'confirming',
            actions: 'holdPending',
          },
          {
            actions: assign(({ context }) => {
              const stake = stakeOf(context);
              return { problem: stake && !stake.ok ? stake.problem : null, refusal: null };
            }),
          },
        ],
      },
    },
    /** Balances are reloaded in the background; the form stays usable with the choices kept. */
    refreshing: {
      invoke: {
        src: 'loadTerms',
        onDone: {
          target: 'editing',
          actions: [{ type: 'withTerms', params: ({ event }) => event.output }, 'checkLive', 'judgePressed'],
        },
        onError: { target: 'editing', actions: 'judgePressed' },
      },
      on: {
        CURRENCY: {
          actions: [
            assign({ currencyId: ({ event }) => event.currencyId, amount: '', refusal: null }),
            'checkLive',
          ],
        },
        SECONDS: { actions: assign({ seconds: ({ event }) => event.seconds, refusal: null }) },
        AMOUNT: { actions: [assign({ amount: ({ event }) => event.text, refusal: null }), 'checkLive'] },
        PRESET: { actions: [assign({ amount: ({ event }) => event.number, refusal: null }), 'checkLive'] },
        BUY: { actions: assign({ pressed: ({ event }) => event.direction }) },
      },
    },
    confirming: {
      on: {
        CONFIRM: 'submitting',
        CANCEL: { target: 'editing', actions: assign({ pending: null }) },
      },
    },
    submitting: {
      invoke: {
        src: 'submit',
        input: ({ context }) => context.pending!.payload,
        onDone: {
          target: 'refreshing',
          actions: [
            emit(({ event }) => ({ type: 'bought' as const, order: event.output })),
            assign({ pending: null }),
          ],
        },
        // Nothing changed, the form is as it was; a refusal's words stay on it (the toast goes).
        onError: {
          target: 'editing',
          actions: assign({
            pending: null,
            refusal: ({ event }) =>
              event.error instanceof ApiError && event.error.kind === 'error' ? event.error.message : null,
          }),
        },
      },
    },
  },
});

/** The order form the screen spawns, as views hold it. */
export type MicroFormRef = ActorRefFrom<typeof microOrderMachine>;
