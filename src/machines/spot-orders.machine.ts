import { assign, emit, fromPromise, setup } from 'xstate';
import type { AnswerOf } from '../api/catalogue.ts';
import {
  foldOrderUpdate,
  hasSideTabs,
  ORDERS_PAGE_SIZE,
  type ListedOrder,
  type OrdersTab,
  type OrdersView,
} from '../domain/spot/order-list.ts';
import type { SpotSide, Way } from '../domain/spot/order-kind.ts';
import { ORDER_STATUS_OPEN, WAY_BUY } from '../domain/contract-codes.ts';

export type SpotOrderAnswer = AnswerOf<'tx_in/add'>;

/** An order as the panel keeps it: the answer plus what the list rules read. */
export type OrderRow = SpotOrderAnswer & ListedOrder;

export function toRow(order: SpotOrderAnswer): OrderRow {
  return { ...order, matchId: order.currency_match.id, open: order.status === ORDER_STATUS_OPEN };
}

/** The user's open orders on the pair on screen, for the order book's marks. */
export interface OwnOrder {
  readonly price: string;
  readonly way: Way;
}

export interface SpotOrdersContext {
  view: OrdersView;
  rows: OrderRow[];
  total: number;
  signedIn: boolean;
  /** Open orders of the pair on screen (both sides), by id. */
  own: ReadonlyMap<number, OwnOrder>;
  /** The order being cancelled, for the button's busy state. */
  cancelling: number | null;
  /** Its side (tx_in/cancel wants it). */
  cancellingWay: Way;
  /** Orders still to cancel after it (CANCEL_ALL), newest first. */
  queue: readonly { id: number; way: Way }[];
  /** Whether the backend can be reached now; while it cannot, a cancel is refused, not queued. */
  reachable: boolean;
}

export type SpotOrdersEvent =
  | { type: 'TAB'; tab: OrdersTab }
  | { type: 'SIDE'; side: SpotSide }
  | { type: 'PAGE'; page: number }
  | { type: 'PAIR'; matchId: number }
  | { type: 'SIGNED_IN'; signedIn: boolean }
  /** A TX_SUBMIT or TX_MATCHED push, or the answer of this tab's own add or cancel. */
  | { type: 'ORDER'; order: SpotOrderAnswer }
  | { type: 'CANCEL'; id: number; way: Way }
  /** Cancels the newest open order of the pair on screen (a keyboard shortcut). */
  | { type: 'CANCEL_NEWEST' }
  /** Cancels every open order of the pair on screen, newest first, one call after another. */
  | { type: 'CANCEL_ALL' }
  | { type: 'RELOAD' }
  | { type: 'REACHABLE'; reachable: boolean };

export interface LoadInput {
  view: OrdersView;
}

export interface LoadedPage {
  rows: SpotOrderAnswer[];
  total: number;
}

function applyOwn(
  own: ReadonlyMap<number, OwnOrder>,
  matchId: number,
  order: SpotOrderAnswer,
): ReadonlyMap<number, OwnOrder> {
  const mine = order.currency_match.id === matchId && order.status === ORDER_STATUS_OPEN;
  if (!mine && !own.has(order.id)) return own;
  const next = new Map(own);
  if (mine) next.set(order.id, { price: order.price, way: order.way });
  else next.delete(order.id);
  return next;
}

/** The user's open orders of the pair, newest (highest id) first, as cancels want them. */
function newestFirst(own: ReadonlyMap<number, OwnOrder>): { id: number; way: Way }[] {
  return [...own].sort((a, b) => b[0] - a[0]).map(([id, order]) => ({ id, way: order.way }));
}

/** The first of `orders` becomes the one being cancelled; the rest wait their turn. */
function nextOf(orders: readonly { id: number; way: Way }[]) {
  const [first, ...rest] = orders;
  return { cancelling: first?.id ?? null, cancellingWay: first?.way ?? WAY_BUY, queue: rest };
}

/**
 * The orders panel (spec §2, §4): tabs current / all / history, buy and sell sub-tabs on the first
 * two, pages of 10, and cancel. Pushed orders are folded in by the list rules of
 * domain/spot/order-list.ts (added at the top on page 1 of a matching tab; gone once filled or
 * cancelled). It also keeps the user's open orders of the pair on screen, for the order book.
 * Anonymous visitors get an empty panel and no calls.
 */
export const spotOrdersMachine = setup({
  types: {
    context: {} as SpotOrdersContext,
    events: {} as SpotOrdersEvent,
    input: {} as { matchId: number; signedIn: boolean },
    /**
     * Told to the page (`actor.on`): an order was cancelled here, so balances moved; or a cancel
     * was refused because the backend cannot be reached (nothing was sent).
     */
    emitted: {} as
      { type: 'cancelled'; order: SpotOrderAnswer } | { type: 'refused' } | { type: 'nothingToCancel' },
  },
  actors: {
    loadPage: fromPromise<LoadedPage, LoadInput>(async () => {
      throw new Error('spot-orders: loadPage not provided');
    }),
    loadOwn: fromPromise<SpotOrderAnswer[], { matchId: number }>(async () => {
      throw new Error('spot-orders: loadOwn not provided');
    }),
    cancelOrder: fromPromise<SpotOrderAnswer, { id: number; way: Way }>(async () => {
      throw new Error('spot-orders: cancelOrder not provided');
    }),
  },
  actions: {
    /** A cancel's answer folded into the list and the book's marks. */
    foldCancelled: assign(({ context }, { order }: { order: SpotOrderAnswer }) => {
      const page = foldOrderUpdate(context.view, { rows: context.rows, total: context.total }, toRow(order));
      return {
        rows: [...page.rows],
        total: page.total,
        own: applyOwn(context.own, context.view.matchId, order),
        cancelling: null,
      };
    }),
    cancelled: emit((_, params: { order: SpotOrderAnswer }) => ({
      type: 'cancelled' as const,
      order: params.order,
    })),
  },
  guards: {
    signedIn: ({ context }) => context.signedIn,
  },
}).createMachine({
  id: 'spotOrders',
  context: ({ input }) => ({
    view: { tab: 'current', side: 'buy', page: 1, matchId: input.matchId },
    rows: [],
    total: 0,
    signedIn: input.signedIn,
    own: new Map(),
    cancelling: null,
    cancellingWay: WAY_BUY,
    queue: [],
    reachable: true,
  }),
  type: 'parallel',
  // Every transition lives in its region: a root-level transition into one region of a parallel
  // state would exit and re-enter the others, cancelling a cancel in flight.
  on: {
    REACHABLE: { actions: assign({ reachable: ({ event }) => event.reachable }) },
    ORDER: {
      actions: assign(({ context, event }) => {
        const page = foldOrderUpdate(
          context.view,
          { rows: context.rows, total: context.total },
          toRow(event.order),
        );
        return {
          rows: [...page.rows],
          total: page.total,
          own: applyOwn(context.own, context.view.matchId, event.order),
        };
      }),
    },
  },
  states: {
    list: {
      initial: 'loading',
      on: {
        TAB: {
          target: '.loading',
          actions: assign(({ context, event }) => ({
            view: { ...context.view, tab: event.tab, page: 1 },
            rows: [],
            total: 0,
          })),
        },
        SIDE: {
          guard: ({ context }) => hasSideTabs(context.view.tab),
          target: '.loading',
          actions: assign(({ context, event }) => ({
            view: { ...context.view, side: event.side, page: 1 },
            rows: [],
            total: 0,
          })),
        },
        PAGE: {
          guard: ({ event }) => Number.isInteger(event.page) && event.page >= 1,
          target: '.loading',
          actions: assign(({ context, event }) => ({ view: { ...context.view, page: event.page } })),
        },
        // PAIR and SIGNED_IN change the context here once; the `own` region only reloads.
        PAIR: {
          target: '.loading',
          actions: assign(({ context, event }) => ({
            view: { ...context.view, matchId: event.matchId, page: 1 },
            rows: [],
            total: 0,
            own: new Map(),
          })),
        },
        SIGNED_IN: {
          target: '.loading',
          actions: assign(({ event }) => ({ signedIn: event.signedIn, rows: [], total: 0, own: new Map() })),
        },
        RELOAD: { target: '.loading' },
      },
      states: {
        idle: {},
        failed: {},
        loading: {
          always: { guard: ({ context }) => !context.signedIn, target: 'idle' },
          invoke: {
            src: 'loadPage',
            input: ({ context }) => ({ view: context.view }),
            onDone: {
              target: 'idle',
              actions: assign(({ event }) => ({
                rows: event.output.rows.slice(0, ORDERS_PAGE_SIZE).map(toRow),
                total: event.output.total,
              })),
            },
            onError: { target: 'failed' },
          },
        },
      },
    },
    own: {
      initial: 'loading',
      on: {
        PAIR: { target: '.loading' },
        SIGNED_IN: { target: '.loading' },
        RELOAD: { target: '.loading' },
      },
      states: {
        idle: {},
        loading: {
          always: { guard: ({ context }) => !context.signedIn, target: 'idle' },
          invoke: {
            src: 'loadOwn',
            input: ({ context }) => ({ matchId: context.view.matchId }),
            onDone: {
              target: 'idle',
              actions: assign(({ event }) => ({
                own: new Map(
                  event.output
                    .filter((order) => order.status === ORDER_STATUS_OPEN)
                    .map((order) => [order.id, { price: order.price, way: order.way }]),
                ),
              })),
            },
            onError: { target: 'idle' },
          },
        },
      },
    },
    cancel: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            CANCEL: [
              { guard: ({ context }) => !context.signedIn },
              { guard: ({ context }) => !context.reachable, actions: emit({ type: 'refused' as const }) },
              {
                target: 'cancelling',
                actions: assign(({ event }) => ({
                  cancelling: event.id,
                  cancellingWay: event.way,
                  queue: [],
                })),
              },
            ],
            CANCEL_NEWEST: [
              { guard: ({ context }) => !context.signedIn },
              { guard: ({ context }) => !context.reachable, actions: emit({ type: 'refused' as const }) },
              {
                guard: ({ context }) => context.own.size === 0,
                actions: emit({ type: 'nothingToCancel' as const }),
              },
              {
                target: 'cancelling',
                actions: assign(({ context }) => ({ ...nextOf(newestFirst(context.own).slice(0, 1)) })),
              },
            ],
            CANCEL_ALL: [
              { guard: ({ context }) => !context.signedIn },
              { guard: ({ context }) => !context.reachable, actions: emit({ type: 'refused' as const }) },
              {
                guard: ({ context }) => context.own.size === 0,
                actions: emit({ type: 'nothingToCancel' as const }),
              },
              { target: 'cancelling', actions: assign(({ context }) => nextOf(newestFirst(context.own))) },
            ],
          },
        },
        cancelling: {
          invoke: {
            src: 'cancelOrder',
            input: ({ context }) => ({ id: context.cancelling ?? 0, way: context.cancellingWay }),
            onDone: [
              {
                // CANCEL_ALL: the next one once this one has answered.
                guard: ({ context }) => context.queue.length > 0,
                target: 'cancelling',
                reenter: true,
                actions: [
                  { type: 'foldCancelled', params: ({ event }) => ({ order: event.output }) },
                  { type: 'cancelled', params: ({ event }) => ({ order: event.output }) },
                  assign(({ context }) => nextOf(context.queue)),
                ],
              },
              {
                target: 'idle',
                actions: [
                  { type: 'foldCancelled', params: ({ event }) => ({ order: event.output }) },
                  { type: 'cancelled', params: ({ event }) => ({ order: event.output }) },
                ],
              },
            ],
            onError: { target: 'idle', actions: assign({ cancelling: null, queue: [] }) },
          },
        },
      },
    },
  },
});
