import { assign, emit, enqueueActions, fromPromise, raise, setup } from 'xstate';
import type { AnswerOf } from '../api/catalogue.ts';
import {
  LEVER_STATUS_CLOSED,
  LEVER_STATUS_CLOSING,
  LEVER_STATUS_OPEN,
  LEVER_STATUS_PENDING,
  LEVER_TYPE_LONG,
} from '../domain/contract-codes.ts';
import type { LeverSide } from './lever-terms.ts';
import { leverTpSlMachine } from './lever-tp-sl.machine.ts';

export type LeverPosition = AnswerOf<'lever/my_trade'>['data'][number];
export type LeverTab = 'open' | 'pending' | 'closed';
export type CloseAllChoice = 'all' | 'longs' | 'shorts';

/** Spec §9: history pages of 10. */
export const LEVER_PAGE_SIZE = 10;

export interface LeverLists {
  open: LeverPosition[];
  pending: LeverPosition[];
  closed: LeverPosition[];
  closedTotal: number;
}

/** What the user asked for and has to confirm. */
export type LeverAsk =
  | { kind: 'close'; id: number }
  | { kind: 'cancel'; id: number }
  | { kind: 'closeAll'; which: CloseAllChoice };

export interface LeverPositionsContext {
  matchId: number;
  decimalComma: boolean;
  priceDecimals: number;
  tab: LeverTab;
  open: LeverPosition[];
  pending: LeverPosition[];
  closed: LeverPosition[];
  closedPage: number;
  closedTotal: number;
  last: string | null;
  ask: LeverAsk | null;
  /** The open position whose take-profit / stop-loss dialog (the tpSl child) is open. */
  stopId: number | null;
}

export type LeverPositionsEvent =
  | { type: 'PAIR'; matchId: number; priceDecimals: number }
  | { type: 'TAB'; tab: LeverTab }
  | { type: 'PAGE'; page: number }
  | { type: 'LAST'; price: string | null }
  /** A new state of a position, folded once by the screen. */
  | { type: 'POSITION'; position: LeverPosition }
  /** LEVER_CLOSED: these positions closed (their final rows come with the reload). */
  | { type: 'GONE'; ids: readonly number[] }
  | { type: 'RELOAD' }
  | { type: 'CLOSE'; id: number }
  | { type: 'CANCEL_ORDER'; id: number }
  | { type: 'CLOSE_ALL'; which: CloseAllChoice }
  | { type: 'WHICH'; which: CloseAllChoice }
  | { type: 'STOP'; id: number }
  | { type: 'CONFIRM' }
  | { type: 'DISMISS' };

/** After an action: the positions its answer carried (closed, cancelled, or with new stops). */
export type LeverPositionsEmitted = { type: 'acted'; positions: LeverPosition[] };

export interface LeverAct {
  matchId: number;
  ask: LeverAsk;
}

export interface LeverSetStop {
  id: number;
  tp: string;
  sl: string;
}

export function sideOf(position: Pick<LeverPosition, 'type'>): LeverSide {
  return position.type === LEVER_TYPE_LONG ? 'long' : 'short';
}

/** Which list a position belongs to by its status (a cancelled order leaves every list). */
function listOf(position: LeverPosition): 'open' | 'pending' | 'closed' | null {
  if (position.status === LEVER_STATUS_PENDING) return 'pending';
  if (position.status === LEVER_STATUS_OPEN || position.status === LEVER_STATUS_CLOSING) return 'open';
  if (position.status === LEVER_STATUS_CLOSED) return 'closed';
  return null;
}

/** A position's new state folded into the lists: it moves to the list of its status, at the top. */
export function foldPosition(
  lists: Pick<LeverPositionsContext, 'open' | 'pending' | 'closed' | 'closedPage' | 'closedTotal'>,
  position: LeverPosition,
) {
  const without = (rows: LeverPosition[]) => rows.filter((row) => row.id !== position.id);
  const target = listOf(position);
  const replaceOrAdd = (rows: LeverPosition[]) =>
    rows.some((row) => row.id === position.id)
      ? rows.map((row) => (row.id === position.id ? position : row))
      : [position, ...rows];
  const wasClosed = lists.closed.some((row) => row.id === position.id);
  return {
    open: target === 'open' ? replaceOrAdd(lists.open) : without(lists.open),
    pending: target === 'pending' ? replaceOrAdd(lists.pending) : without(lists.pending),
    closed:
      target === 'closed' && lists.closedPage === 1
        ? replaceOrAdd(lists.closed).slice(0, LEVER_PAGE_SIZE)
        : lists.closed,
    closedTotal: target === 'closed' && !wasClosed ? lists.closedTotal + 1 : lists.closedTotal,
  };
}

/**
 * The lever positions panel (spec §2 Lever history, issue 13 items 5, 6): tabs open / pending /
 * closed, close one, cancel a pending order, close all (all, longs or shorts) each behind a confirm,
 * and the take-profit / stop-loss dialog of an open position. Each new state of a position reaches
 * it once from its screen (POSITION); after every action it reloads and reports `acted`.
 */
export const leverPositionsMachine = setup({
  types: {
    context: {} as LeverPositionsContext,
    events: {} as LeverPositionsEvent,
    input: {} as { matchId: number; priceDecimals: number; decimalComma: boolean },
    emitted: {} as LeverPositionsEmitted,
  },
  actors: {
    loadLists: fromPromise<LeverLists, { matchId: number; closedPage: number }>(() =>
      Promise.reject(new Error('loadLists not provided')),
    ),
    act: fromPromise<LeverPosition[], LeverAct>(() => Promise.reject(new Error('act not provided'))),
    tpSl: leverTpSlMachine,
  },
}).createMachine({
  id: 'leverPositions',
  type: 'parallel',
  context: ({ input }) => ({
    matchId: input.matchId,
    decimalComma: input.decimalComma,
    priceDecimals: input.priceDecimals,
    tab: 'open',
    open: [],
    pending: [],
    closed: [],
    closedPage: 1,
    closedTotal: 0,
    last: null,
    ask: null,
    stopId: null,
  }),
  on: {
    PAIR: {
      actions: assign({
        matchId: ({ event }) => event.matchId,
        priceDecimals: ({ event }) => event.priceDecimals,
        last: null,
      }),
    },
    TAB: { actions: assign({ tab: ({ event }) => event.tab }) },
    LAST: {
      actions: enqueueActions(({ enqueue, event, self }) => {
        enqueue.assign({ last: event.price });
        // The open take-profit / stop-loss dialog checks its sides against the live price too.
        if (self.getSnapshot().children.tpSl) enqueue.sendTo('tpSl', { type: 'LAST', price: event.price });
      }),
    },
    POSITION: { actions: assign(({ context, event }) => foldPosition(context, event.position)) },
    GONE: {
      actions: [
        assign({
          open: ({ context, event }) => context.open.filter((row) => !event.ids.includes(row.id)),
          pending: ({ context, event }) => context.pending.filter((row) => !event.ids.includes(row.id)),
        }),
        raise({ type: 'RELOAD' }),
      ],
    },
  },
  states: {
    lists: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'loadLists',
            input: ({ context }) => ({ matchId: context.matchId, closedPage: context.closedPage }),
            onDone: { target: 'idle', actions: assign(({ event }) => event.output) },
            onError: 'idle',
          },
          on: { RELOAD: { target: 'loading', reenter: true } },
        },
        idle: {
          on: {
            RELOAD: 'loading',
            PAGE: {
              target: 'loading',
              actions: assign({ closedPage: ({ event }) => Math.max(1, event.page) }),
            },
          },
        },
      },
    },
    dialog: {
      initial: 'none',
      states: {
        none: {
          on: {
            CLOSE: {
              target: 'asking',
              actions: assign({ ask: ({ event }) => ({ kind: 'close', id: event.id }) }),
            },
            CANCEL_ORDER: {
              target: 'asking',
              actions: assign({ ask: ({ event }) => ({ kind: 'cancel', id: event.id }) }),
            },
            CLOSE_ALL: {
              target: 'asking',
              actions: assign({ ask: ({ event }) => ({ kind: 'closeAll', which: event.which }) }),
            },
            STOP: {
              guard: ({ context, event }) => context.open.some((row) => row.id === event.id),
              target: 'stop',
              actions: assign({ stopId: ({ event }) => event.id }),
            },
          },
        },
        asking: {
          on: {
            WHICH: {
              guard: ({ context }) => context.ask?.kind === 'closeAll',
              actions: assign({ ask: ({ event }) => ({ kind: 'closeAll', which: event.which }) }),
            },
            CONFIRM: 'acting',
            DISMISS: { target: 'none', actions: assign({ ask: null }) },
          },
        },
        acting: {
          invoke: {
            src: 'act',
            input: ({ context }) => ({ matchId: context.matchId, ask: context.ask! }),
            onDone: {
              target: 'none',
              actions: [
                assign({ ask: null }),
                emit(({ event }) => ({ type: 'acted' as const, positions: event.output })),
                raise({ type: 'RELOAD' }),
              ],
            },
            // The client showed the server's message; the lists are reloaded as they are.
            onError: { target: 'none', actions: [assign({ ask: null }), raise({ type: 'RELOAD' })] },
          },
        },
        /** The take-profit / stop-loss dialog, its own machine (lever-tp-sl.machine.ts). */
        stop: {
          invoke: {
            id: 'tpSl',
            src: 'tpSl',
            input: ({ context }) => ({
              position: context.open.find((row) => row.id === context.stopId)!,
              last: context.last,
              priceDecimals: context.priceDecimals,
              decimalComma: context.decimalComma,
            }),
            onDone: [
              {
                guard: ({ event }) => event.output.saved !== null,
                target: 'none',
                actions: [
                  assign({ stopId: null }),
                  emit(({ event }) => ({ type: 'acted' as const, positions: [event.output.saved!] })),
                  raise({ type: 'RELOAD' }),
                ],
              },
              { target: 'none', actions: assign({ stopId: null }) },
            ],
          },
        },
      },
    },
  },
});
