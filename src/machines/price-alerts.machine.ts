import { assign, fromEventObservable, fromPromise, setup, type NonReducibleUnknown } from 'xstate';
import { EMPTY } from 'rxjs';
import {
  MOVE_PERCENT_DECIMALS,
  MOVE_WINDOWS_MINUTES,
  movePercentProblem,
  type MovePercentProblem,
  type MoveWindowMinutes,
} from '../domain/alerts/move-alert.ts';
import {
  ALERT_DIRECTION_CODE,
  alertTargetProblem,
  type AlertCondition,
  type AlertTargetProblem,
} from '../domain/alerts/price-alert.ts';
import { ALERT_MOVES } from '../domain/contract-codes.ts';
import { exactScaled, LEDGER_DECIMALS } from '../domain/money.ts';
import { entryProblem, readNumberEntry, type NumberEntryProblem } from '../domain/number-entry.ts';
import type { AlertRequest } from './actors/alerts.ts';
import type { PriceAlert } from '../streams/alert-pushes.ts';

export type AlertFormProblem =
  | NumberEntryProblem
  | { kind: 'empty' }
  | { kind: 'emptyPercent' }
  | { kind: AlertTargetProblem }
  | { kind: MovePercentProblem };

export interface PriceAlertsContext {
  pairId: number;
  priceDecimals: number;
  decimalComma: boolean;
  /** The pair's last trade price as the screen shows it ('' before the first). */
  last: string;
  direction: AlertCondition;
  price: string;
  /** A move alert's percent as typed, and its window (minutes). */
  percent: string;
  window: MoveWindowMinutes;
  alerts: PriceAlert[];
  /** What is wrong with the typed price (shown under the field); null when nothing is. */
  problem: AlertFormProblem | null;
  /** The exchange's refusal of the last set, in the user's language. */
  refusal: string | null;
}

export type PriceAlertsEvent =
  | { type: 'DIRECTION'; direction: AlertCondition }
  | { type: 'PRICE'; price: string }
  | { type: 'PERCENT'; percent: string }
  | { type: 'WINDOW'; window: MoveWindowMinutes }
  | { type: 'LAST'; price: string }
  | { type: 'SUBMIT' }
  | { type: 'REMOVE'; id: number }
  | { type: 'FIRED'; alert: PriceAlert }
  | { type: 'RETRY' };

const units = (text: string) => exactScaled(text, LEDGER_DECIMALS);

/** The typed percent's problem (2 places, 0.1 to 50 %), or null; a pair with no trade has nothing to move from. */
function movePercentFormProblem(context: PriceAlertsContext): AlertFormProblem | null {
  const entry = readNumberEntry(context.percent, {
    maxDecimals: MOVE_PERCENT_DECIMALS,
    decimalComma: context.decimalComma,
  });
  const typed = entryProblem(entry);
  if (typed) return typed;
  if (entry.kind !== 'number') return { kind: 'emptyPercent' };
  const bp = exactScaled(entry.value, MOVE_PERCENT_DECIMALS);
  if (bp === null) return { kind: 'emptyPercent' };
  const problem = movePercentProblem(bp);
  if (problem) return { kind: problem };
  const last = units(context.last);
  return last === null || last <= 0n ? { kind: 'alertNoPrice' } : null;
}

/** What the form's entry field holds: the percent of a move alert, the price otherwise. */
export function alertEntry(context: PriceAlertsContext): string {
  return context.direction === 'moves' ? context.percent : context.price;
}

/** The typed price's (or percent's) problem against the pair's places and its last trade, or null. */
export function alertFormProblem(context: PriceAlertsContext): AlertFormProblem | null {
  if (context.direction === 'moves') return movePercentFormProblem(context);
  const entry = readNumberEntry(context.price, {
    maxDecimals: context.priceDecimals,
    decimalComma: context.decimalComma,
  });
  const typed = entryProblem(entry);
  if (typed) return typed;
  if (entry.kind !== 'number') return { kind: 'empty' };
  const target = units(entry.value);
  if (target === null || target <= 0n) return { kind: 'empty' };
  const targetProblem = alertTargetProblem(context.direction, target, units(context.last));
  return targetProblem ? { kind: targetProblem } : null;
}

/** While typing, an empty field is no mistake yet. */
function typingProblem(context: PriceAlertsContext): AlertFormProblem | null {
  const problem = alertFormProblem(context);
  return problem?.kind === 'empty' || problem?.kind === 'emptyPercent' ? null : problem;
}

/** The request a valid form sends. */
function requestOf(context: PriceAlertsContext): AlertRequest {
  if (context.direction === 'moves') {
    const entry = readNumberEntry(context.percent, {
      maxDecimals: MOVE_PERCENT_DECIMALS,
      decimalComma: context.decimalComma,
    });
    return {
      pairId: context.pairId,
      direction: ALERT_MOVES,
      percent: entry.kind === 'number' ? entry.value : '',
      window: context.window,
    };
  }
  const entry = readNumberEntry(context.price, {
    maxDecimals: context.priceDecimals,
    decimalComma: context.decimalComma,
  });
  return {
    pairId: context.pairId,
    direction: ALERT_DIRECTION_CODE[context.direction],
    price: entry.kind === 'number' ? entry.value : '',
  };
}

/**
 * A pair's price alerts (the trade screen's alert panel): the user's alerts, setting one ("rises to"
 * or "falls to" a price, checked against the pair's last trade as the exchange checks it, or "moves
 * by" a percent within a window, checked against the same bounds as the exchange's), removing
 * one, and the exchange's FIRED pushes marking one fired. Nothing is sent while the price is wrong;
 * the exchange's refusal stays beside the form until the user changes something.
 */
export const priceAlertsMachine = setup({
  types: {
    context: {} as PriceAlertsContext,
    events: {} as PriceAlertsEvent,
    input: {} as { pairId: number; priceDecimals: number; decimalComma: boolean; last: string },
  },
  actors: {
    list: fromPromise<PriceAlert[]>(async () => []),
    add: fromPromise<PriceAlert, AlertRequest>(async () => {
      throw new Error('not provided');
    }),
    remove: fromPromise<unknown, { id: number }>(async () => null),
    fired: fromEventObservable<{ type: 'FIRED'; alert: PriceAlert }, NonReducibleUnknown>(() => EMPTY),
  },
  guards: {
    valid: ({ context }) => alertFormProblem(context) === null,
  },
}).createMachine({
  id: 'priceAlerts',
  context: ({ input }) => ({
    ...input,
    direction: 'rises',
    price: '',
    percent: '',
    window: MOVE_WINDOWS_MINUTES[2],
    alerts: [],
    problem: null,
    refusal: null,
  }),
  invoke: { src: 'fired' },
  on: {
    DIRECTION: {
      actions: assign(({ context, event }) => {
        const next = { ...context, direction: event.direction, refusal: null };
        return { ...next, problem: alertEntry(next) === '' ? null : alertFormProblem(next) };
      }),
    },
    PRICE: {
      actions: assign(({ context, event }) => {
        const next = { ...context, price: event.price, refusal: null };
        return { ...next, problem: typingProblem(next) };
      }),
    },
    PERCENT: {
      actions: assign(({ context, event }) => {
        const next = { ...context, percent: event.percent, refusal: null };
        return { ...next, problem: typingProblem(next) };
      }),
    },
    WINDOW: { actions: assign({ window: ({ event }) => event.window, refusal: null }) },
    LAST: { actions: assign({ last: ({ event }) => event.price }) },
    FIRED: {
      actions: assign({
        alerts: ({ context, event }) =>
          context.alerts.map((alert) => (alert.id === event.alert.id ? event.alert : alert)),
      }),
    },
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'list',
        onDone: { target: 'ready', actions: assign({ alerts: ({ event }) => event.output }) },
        onError: { target: 'failed' },
      },
    },
    failed: { on: { RETRY: { target: 'loading' } } },
    ready: {
      on: {
        SUBMIT: [
          { guard: 'valid', target: 'adding' },
          { actions: assign({ problem: ({ context }) => alertFormProblem(context) }) },
        ],
        REMOVE: { target: 'removing' },
      },
    },
    adding: {
      invoke: {
        src: 'add',
        input: ({ context }) => requestOf(context),
        onDone: {
          target: 'ready',
          actions: assign({
            alerts: ({ context, event }) => [event.output, ...context.alerts],
            price: '',
            percent: '',
            problem: null,
          }),
        },
        onError: {
          target: 'ready',
          actions: assign({
            refusal: ({ event }) => (event.error instanceof Error ? event.error.message : null),
          }),
        },
      },
    },
    removing: {
      invoke: {
        src: 'remove',
        input: ({ event }) => ({ id: event.type === 'REMOVE' ? event.id : 0 }),
        onDone: { target: 'loading' },
        onError: { target: 'ready' },
      },
    },
  },
});
