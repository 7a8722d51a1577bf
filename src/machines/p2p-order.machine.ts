import {
  assign,
  enqueueActions,
  fromEventObservable,
  fromPromise,
  setup,
  type NonReducibleUnknown,
} from 'xstate';
import { NEVER } from 'rxjs';
import type { AnswerOf } from '../api/catalogue.ts';
import { isDisputeReasonOf } from '../domain/p2p/actions.ts';
import type { P2pAction, P2pSide } from '../domain/p2p/order-state.ts';
import { OTC_SIDE_BUYER } from '../domain/contract-codes.ts';

export type P2pOrderAnswer = AnswerOf<'otc/order'>;

export interface P2pOrderContext {
  id: number;
  order: P2pOrderAnswer | null;
  /**
   * The server's now, estimated: the answer's server_now (or a SIM_CLOCK push), moved on by one
   * tick a second at the pushed speed. The tab's own clock is never read, so countdowns follow the
   * simulation's speed and survive a reload.
   */
  clock: { now: number; speed: number };
  /** The payment voucher's URL (uploaded by the voucher picker), '' before one. */
  voucher: string;
  reason: string;
  /** The action waiting for confirmation or being sent. */
  pending: P2pAction | null;
  /** Why the last ask was refused here, without sending anything (a server message key). */
  problem: 'p2pVoucherMissing' | 'p2pReasonInvalid' | 'p2pActionNotAllowed' | 'backendUnreachable' | null;
  /** Whether the backend can be reached now; while it cannot, an action is refused, not queued. */
  reachable: boolean;
}

export type P2pOrderEvent =
  | { type: 'PUSH'; id: number }
  | { type: 'SERVER_NOW'; now: number; speed: number }
  | { type: 'RELOAD' }
  /** The socket came back after a drop: a push about this order may have been lost. */
  | { type: 'RESYNC' }
  /** Whether the backend can be reached now (streams/connection-state.ts). */
  | { type: 'REACHABLE'; reachable: boolean }
  /** A countdown just reached zero: what the order allows may have changed (raised by the tick). */
  | { type: 'DUE' }
  | { type: 'ASK'; action: P2pAction }
  | { type: 'SET_VOUCHER'; url: string }
  | { type: 'SET_REASON'; reason: string }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' };

export interface P2pActInput {
  id: number;
  action: P2pAction;
  voucher: string;
  reason: string;
}

export const TICK_MS = 1000;

export function sideOfOrder(order: P2pOrderAnswer): P2pSide {
  return order.side === OTC_SIDE_BUYER ? 'buyer' : 'seller';
}

/** A countdown's remaining simulated ms now: the answer's remaining time less the server time since. */
export function remainingMs(order: P2pOrderAnswer, countdown: number, serverNow: number): number {
  if (!(countdown > 0)) return 0;
  return Math.max(0, countdown - Math.max(0, serverNow - order.server_now));
}

/** Whether one of the order's countdowns reaches zero between two readings of the server clock. */
export function countdownEnds(order: P2pOrderAnswer, before: number, after: number): boolean {
  return [
    order.pay_countdown,
    order.confirm_countdown,
    order.dispute_countdown,
    order.arbitration_countdown,
  ].some(
    (countdown) => remainingMs(order, countdown, before) > 0 && remainingMs(order, countdown, after) === 0,
  );
}

/**
 * One P2P order seen by one party (the order lifecycle per side). Loads the order, reloads
 * it on the party's OTC_ORDER pushes for it, and counts its timers down from the server's remaining
 * times. An action is offered only when the answer's `actions` lists it; ASK checks it once more
 * here (pay needs a voucher, a dispute a reason of this side), asks for confirmation, then sends it.
 * A refusal by the server (toasted by the client) keeps the order and reloads it. While the backend
 * cannot be reached, ASK and CONFIRM are refused with `backendUnreachable` and nothing is sent; after
 * a reconnect the order is loaded again (a push about it may have been lost).
 */
export const p2pOrderMachine = setup({
  types: {
    context: {} as P2pOrderContext,
    events: {} as P2pOrderEvent,
    input: {} as { id: number },
  },
  actors: {
    load: fromPromise<P2pOrderAnswer, { id: number }>(async () => {
      throw new Error('load actor not provided');
    }),
    act: fromPromise<P2pOrderAnswer, P2pActInput>(async () => {
      throw new Error('act actor not provided');
    }),
    pushes: fromEventObservable<{ type: 'PUSH'; id: number }, NonReducibleUnknown>(() => NEVER),
    /** One RESYNC per reconnect of the socket; by default it never drops. */
    reconnects: fromEventObservable<{ type: 'RESYNC' }, NonReducibleUnknown>(() => NEVER),
    /** REACHABLE whenever reachability changes; by default the backend is always reachable. */
    reachability: fromEventObservable<{ type: 'REACHABLE'; reachable: boolean }, NonReducibleUnknown>(
      () => NEVER,
    ),
    serverClock: fromEventObservable<{ type: 'SERVER_NOW'; now: number; speed: number }, NonReducibleUnknown>(
      () => NEVER,
    ),
  },
  guards: {
    ours: ({ context, event }) => event.type === 'PUSH' && event.id === context.id,
    offered: ({ context, event }) =>
      event.type === 'ASK' && context.order !== null && context.order.actions.includes(event.action),
    voucherMissing: ({ context, event }) =>
      event.type === 'ASK' && event.action === 'pay' && context.voucher === '',
    reasonMissing: ({ context, event }) =>
      event.type === 'ASK' &&
      event.action === 'dispute' &&
      (context.order === null || !isDisputeReasonOf(sideOfOrder(context.order), context.reason)),
  },
  actions: {
    keep: assign(({ context }, params: { order: P2pOrderAnswer }) => ({
      order: params.order,
      // The answer's server_now is the freshest reading of the server's clock: countdowns restart
      // from it, so a reload at a countdown's end that the server does not see yet counts down again.
      clock: { ...context.clock, now: params.order.server_now },
    })),
  },
}).createMachine({
  id: 'p2pOrder',
  context: ({ input }) => ({
    id: input.id,
    order: null,
    clock: { now: 0, speed: 1 },
    voucher: '',
    reason: '',
    pending: null,
    problem: null,
    reachable: true,
  }),
  invoke: [
    { src: 'pushes', id: 'pushes' },
    { src: 'reconnects', id: 'reconnects' },
    { src: 'reachability', id: 'reachability' },
    { src: 'serverClock', id: 'serverClock' },
  ],
  on: {
    // A clock push can carry the clock past a countdown's end as well as a tick can.
    SERVER_NOW: {
      actions: enqueueActions(({ context, event, enqueue }) => {
        enqueue.assign({ clock: { now: event.now, speed: event.speed > 0 ? event.speed : 1 } });
        if (context.order && countdownEnds(context.order, context.clock.now, event.now))
          enqueue.raise({ type: 'DUE' });
      }),
    },
    REACHABLE: { actions: assign({ reachable: ({ event }) => event.reachable }) },
    SET_VOUCHER: { actions: assign({ voucher: ({ event }) => event.url, problem: null }) },
    SET_REASON: { actions: assign({ reason: ({ event }) => event.reason, problem: null }) },
  },
  type: 'parallel',
  states: {
    order: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'load',
            input: ({ context }) => ({ id: context.id }),
            onDone: {
              target: 'ready',
              actions: { type: 'keep', params: ({ event }) => ({ order: event.output }) },
            },
            onError: 'failed',
          },
        },
        failed: { on: { RELOAD: 'loading', RESYNC: 'loading' } },
        ready: {
          on: {
            PUSH: { guard: 'ours', target: 'reloading' },
            RELOAD: 'reloading',
            RESYNC: 'reloading',
            // A limit ran out (the server acts on it at the next call) or a dispute may now be opened.
            DUE: 'reloading',
            ASK: [
              {
                guard: ({ context }) => !context.reachable,
                actions: assign({ problem: 'backendUnreachable' as const }),
              },
              { guard: 'voucherMissing', actions: assign({ problem: 'p2pVoucherMissing' as const }) },
              { guard: 'reasonMissing', actions: assign({ problem: 'p2pReasonInvalid' as const }) },
              {
                guard: 'offered',
                target: 'confirming',
                actions: assign({ pending: ({ event }) => event.action, problem: null }),
              },
              { actions: assign({ problem: 'p2pActionNotAllowed' as const }) },
            ],
          },
        },
        reloading: {
          invoke: {
            src: 'load',
            input: ({ context }) => ({ id: context.id }),
            onDone: {
              target: 'ready',
              actions: { type: 'keep', params: ({ event }) => ({ order: event.output }) },
            },
            onError: 'ready',
          },
        },
        confirming: {
          on: {
            CONFIRM: [
              {
                guard: ({ context }) => !context.reachable,
                target: 'ready',
                actions: assign({ pending: null, problem: 'backendUnreachable' as const }),
              },
              { target: 'acting' },
            ],
            CANCEL: { target: 'ready', actions: assign({ pending: null }) },
            // The order changed under the dialog: what is asked may no longer be allowed.
            PUSH: { guard: 'ours', target: 'reloading', actions: assign({ pending: null }) },
            RESYNC: { target: 'reloading', actions: assign({ pending: null }) },
          },
        },
        acting: {
          invoke: {
            src: 'act',
            input: ({ context }) => ({
              id: context.id,
              action: context.pending ?? 'cancel',
              voucher: context.voucher,
              reason: context.reason,
            }),
            onDone: {
              target: 'ready',
              actions: [
                { type: 'keep', params: ({ event }) => ({ order: event.output }) },
                assign({ pending: null }),
              ],
            },
            onError: { target: 'reloading', actions: assign({ pending: null }) },
          },
        },
      },
    },
    /** One tick a second moves the estimated server clock at the pushed speed. */
    clock: {
      initial: 'ticking',
      states: {
        ticking: {
          after: {
            [TICK_MS]: {
              target: 'ticking',
              reenter: true,
              actions: enqueueActions(({ context, enqueue }) => {
                if (context.clock.now === 0) return;
                const now = context.clock.now + TICK_MS * context.clock.speed;
                enqueue.assign({ clock: { ...context.clock, now } });
                if (context.order && countdownEnds(context.order, context.clock.now, now))
                  enqueue.raise({ type: 'DUE' });
              }),
            },
          },
        },
      },
    },
  },
});
