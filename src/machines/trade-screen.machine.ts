import {
  assign,
  fromCallback,
  fromEventObservable,
  sendTo,
  setup,
  type ActorRefFrom,
  type EventObject,
  type NonReducibleUnknown,
} from 'xstate';
import { NEVER } from 'rxjs';
import { isNewerProgress, type OrderProgress } from '../domain/spot/order-progress.ts';
import type { SpotActors } from './actors/spot.ts';
import { spotEntryMachine, type PushedBalance, type SpotPair } from './spot-entry.machine.ts';
import { spotOrdersMachine, type SpotOrderAnswer } from './spot-orders.machine.ts';

type EntryRef = ActorRefFrom<typeof spotEntryMachine>;
type OrdersRef = ActorRefFrom<typeof spotOrdersMachine>;

export interface TradeScreenContext {
  pair: SpotPair;
  signedIn: boolean;
  /** The order forms (spot-entry.machine.ts). */
  entry: EntryRef;
  /** The orders panel and the user's marks in the book (spot-orders.machine.ts). */
  orders: OrdersRef;
  /** How far each order seen on this screen has come, so each of its states is folded once. */
  folded: ReadonlyMap<number, OrderProgress>;
}

export type TradeScreenEvent =
  /** The pair on screen changed (the page's ?symbol=). */
  | { type: 'PAIR'; pair: SpotPair }
  | { type: 'SIGNED_IN'; signedIn: boolean }
  /** The best bid and ask of the book on screen, sampled once per frame. */
  | { type: 'BEST'; bid: string | null; ask: string | null }
  /** The price of the last trade on the tape (null before the first), sampled once per frame. */
  | { type: 'LAST'; price: string | null }
  /** The owner's TX_SUBMIT or TX_MATCHED push. */
  | { type: 'PUSHED'; order: SpotOrderAnswer }
  /** The forms placed an order: the answer of tx_in/add or tx_out/add. */
  | { type: 'PLACED'; order: SpotOrderAnswer }
  /** The panel cancelled an order (it has folded the answer itself). */
  | { type: 'CANCELLED'; order: SpotOrderAnswer }
  /** The owner's BALANCE push of a trade-account currency. */
  | { type: 'BALANCE_PUSHED'; balance: PushedBalance }
  /** The socket came back after a drop: what was pushed meanwhile is lost, so reload. */
  | { type: 'RESYNC' }
  /** Whether the backend can be reached now (streams/connection-state.ts). */
  | { type: 'REACHABLE'; reachable: boolean };

export interface TradeScreenInput {
  pair: SpotPair;
  signedIn: boolean;
  decimalComma?: boolean;
}

/** What the children report, relayed to the screen as its own events. */
const childReports = fromCallback<EventObject, { entry: EntryRef; orders: OrdersRef }>(
  ({ input, sendBack }) => {
    const subscriptions = [
      input.entry.on('placed', ({ order }) => sendBack({ type: 'PLACED', order })),
      input.orders.on('cancelled', ({ order }) => sendBack({ type: 'CANCELLED', order })),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  },
);

function withProgress(
  folded: ReadonlyMap<number, OrderProgress>,
  order: SpotOrderAnswer,
): ReadonlyMap<number, OrderProgress> {
  const next = new Map(folded);
  next.set(order.id, { status: order.status, transacted_amount: order.transacted_amount });
  return next;
}

/**
 * The spot trade screen (DESIGN.md "A trading screen"): it owns the order forms and the orders
 * panel, listens to the owner's private pushes while signed in, folds each state of each order
 * into the panel once (whether the answer or the push carries it first), and keeps the balances
 * from the BALANCE pushes that follow every placement, cancellation and fill. After a reconnect it
 * reloads the orders and the balances; while the backend is unreachable its children refuse to
 * send. The page renders its children's snapshots and sends it events; it forwards nothing
 * between machines.
 *
 * Lever, micro and the P2P order page follow this shape: one screen machine, its form and list
 * children spawned here, the screen's pushes invoked while signed in, one fold per order state.
 */
export const tradeScreenMachine = setup({
  types: {
    context: {} as TradeScreenContext,
    events: {} as TradeScreenEvent,
    input: {} as TradeScreenInput,
  },
  actors: {
    entry: spotEntryMachine,
    orders: spotOrdersMachine,
    childReports,
    /** Provided by the spot actors; by default no pushes arrive. */
    orderPushes: fromEventObservable<{ type: 'PUSHED'; order: SpotOrderAnswer }, NonReducibleUnknown>(
      () => NEVER,
    ),
    /** The trade account's BALANCE pushes; by default none arrive. */
    balancePushes: fromEventObservable<
      { type: 'BALANCE_PUSHED'; balance: PushedBalance },
      NonReducibleUnknown
    >(() => NEVER),
    /** One RESYNC per reconnect of the socket; by default the socket never drops. */
    reconnects: fromEventObservable<{ type: 'RESYNC' }, NonReducibleUnknown>(() => NEVER),
    /** REACHABLE whenever reachability changes; by default the backend is always reachable. */
    reachability: fromEventObservable<{ type: 'REACHABLE'; reachable: boolean }, NonReducibleUnknown>(
      () => NEVER,
    ),
    /**
     * BEST whenever the pair's best bid or ask moves (market orders are priced on it); told of each
     * new pair with a PAIR event. By default the book never moves.
     */
    bestPrices: fromCallback<EventObject, { matchId: number }>(() => undefined),
    /**
     * LAST whenever the pair's last trade price moves (the price band of a limit price is measured
     * from it, as the exchange measures it); told of each new pair with a PAIR event. By default
     * there is no trade.
     */
    lastPrice: fromCallback<EventObject, { matchId: number }>(() => undefined),
    /** SIGNED_IN whenever the app's session signs in or out; by default it never does. */
    session: fromEventObservable<{ type: 'SIGNED_IN'; signedIn: boolean }, NonReducibleUnknown>(() => NEVER),
  },
  guards: {
    signedIn: ({ context }) => context.signedIn,
    newer: ({ context, event }) =>
      (event.type === 'PUSHED' || event.type === 'PLACED') &&
      isNewerProgress(context.folded.get(event.order.id), event.order),
  },
  actions: {
    foldOrder: sendTo(
      ({ context }) => context.orders,
      ({ event }) => ({ type: 'ORDER' as const, order: (event as { order: SpotOrderAnswer }).order }),
    ),
    remember: assign({
      folded: ({ context, event }) =>
        withProgress(context.folded, (event as { order: SpotOrderAnswer }).order),
    }),
    reloadBalances: sendTo(({ context }) => context.entry, { type: 'REFRESH_BALANCES' as const }),
    reloadOrders: sendTo(({ context }) => context.orders, { type: 'RELOAD' as const }),
  },
}).createMachine({
  id: 'tradeScreen',
  context: ({ input, spawn }) => ({
    pair: input.pair,
    signedIn: input.signedIn,
    entry: spawn('entry', {
      id: 'entry',
      input: { pair: input.pair, signedIn: input.signedIn, decimalComma: input.decimalComma ?? false },
    }),
    orders: spawn('orders', {
      id: 'orders',
      input: { matchId: input.pair.matchId, signedIn: input.signedIn },
    }),
    folded: new Map(),
  }),
  invoke: [
    {
      src: 'childReports',
      input: ({ context }) => ({ entry: context.entry, orders: context.orders }),
    },
    { src: 'reconnects' },
    { src: 'reachability' },
    { id: 'bestPrices', src: 'bestPrices', input: ({ context }) => ({ matchId: context.pair.matchId }) },
    { id: 'lastPrice', src: 'lastPrice', input: ({ context }) => ({ matchId: context.pair.matchId }) },
    { src: 'session' },
  ],
  initial: 'choosing',
  on: {
    PAIR: {
      guard: ({ context, event }) => event.pair.matchId !== context.pair.matchId,
      actions: [
        assign({ pair: ({ event }) => event.pair }),
        sendTo(
          ({ context }) => context.entry,
          ({ event }) => ({ type: 'PAIR' as const, pair: event.pair }),
        ),
        sendTo(
          ({ context }) => context.orders,
          ({ event }) => ({ type: 'PAIR' as const, matchId: event.pair.matchId }),
        ),
        sendTo('bestPrices', ({ event }) => ({ type: 'PAIR' as const, matchId: event.pair.matchId })),
        sendTo('lastPrice', ({ event }) => ({ type: 'PAIR' as const, matchId: event.pair.matchId })),
      ],
    },
    SIGNED_IN: {
      guard: ({ context, event }) => event.signedIn !== context.signedIn,
      target: '.choosing',
      actions: [
        assign({ signedIn: ({ event }) => event.signedIn, folded: () => new Map() }),
        sendTo(
          ({ context }) => context.entry,
          ({ event }) => ({ type: 'SIGNED_IN' as const, signedIn: event.signedIn }),
        ),
        sendTo(
          ({ context }) => context.orders,
          ({ event }) => ({ type: 'SIGNED_IN' as const, signedIn: event.signedIn }),
        ),
      ],
    },
    BEST: {
      actions: sendTo(
        ({ context }) => context.entry,
        ({ event }) => ({ type: 'BEST' as const, bid: event.bid, ask: event.ask }),
      ),
    },
    LAST: {
      actions: sendTo(
        ({ context }) => context.entry,
        ({ event }) => ({ type: 'LAST' as const, price: event.price }),
      ),
    },
    // The placement's answer: folded unless its push came first. The balances it moved arrive as
    // BALANCE pushes, as do those of every fill and cancel: nothing is reloaded per order.
    PLACED: { guard: 'newer', actions: ['remember', 'foldOrder'] },
    // The panel folded the cancel's answer; remembering it keeps its push from being folded again.
    CANCELLED: { actions: 'remember' },
    REACHABLE: {
      actions: [
        sendTo(
          ({ context }) => context.entry,
          ({ event }) => ({ type: 'REACHABLE' as const, reachable: event.reachable }),
        ),
        sendTo(
          ({ context }) => context.orders,
          ({ event }) => ({ type: 'REACHABLE' as const, reachable: event.reachable }),
        ),
      ],
    },
  },
  states: {
    choosing: {
      always: [{ guard: 'signedIn', target: 'live' }, { target: 'anonymous' }],
    },
    anonymous: {},
    /**
     * Signed in: the owner's pushes arrive; each new state of an order is folded once, and the
     * balances follow the BALANCE pushes. After a reconnect the lists and balances are loaded
     * again: whatever was pushed while the socket was away never arrives.
     */
    live: {
      invoke: [{ src: 'orderPushes' }, { src: 'balancePushes' }],
      on: {
        PUSHED: { guard: 'newer', actions: ['remember', 'foldOrder'] },
        BALANCE_PUSHED: {
          actions: sendTo(
            ({ context }) => context.entry,
            ({ event }) => ({ type: 'BALANCE' as const, balance: event.balance }),
          ),
        },
        RESYNC: { actions: ['reloadOrders', 'reloadBalances'] },
      },
    },
  },
});

/** The screen with the spot API actors in its children and its pushes (src/machines/actors/spot.ts). */
export function tradeScreenWith(actors: SpotActors) {
  return tradeScreenMachine.provide({
    actors: {
      entry: spotEntryMachine.provide({
        actors: { loadBalances: actors.loadBalances, placeOrder: actors.placeOrder },
      }),
      orders: spotOrdersMachine.provide({
        actors: { loadPage: actors.loadPage, loadOwn: actors.loadOwn, cancelOrder: actors.cancelOrder },
      }),
      orderPushes: actors.orderPushes,
      balancePushes: actors.balancePushes,
      reconnects: actors.reconnects,
      reachability: actors.reachability,
    },
  });
}
