import {
  assign,
  fromCallback,
  fromEventObservable,
  fromPromise,
  raise,
  sendTo,
  setup,
  type ActorRefFrom,
  type EventObject,
  type NonReducibleUnknown,
} from 'xstate';
import { NEVER } from 'rxjs';
import { MICRO_STATUS_CLOSED, MICRO_STATUS_RUNNING } from '../domain/contract-codes.ts';
import { countdownSeconds } from '../domain/micro/rules.ts';
import type { MicroOrder } from '../streams/micro-pushes.ts';
import type { MicroActors } from './actors/micro.ts';
import { microOrderMachine } from './micro-order.machine.ts';

type FormRef = ActorRefFrom<typeof microOrderMachine>;

/** Spec §9: micro history pages of 10; running contracts are all loaded (one timer counts them all). */
export const MICRO_PAGE_SIZE = 10;
export const RUNNING_LIMIT = 200;
/** Spec §9: a closed row leaves the running list after about 0.5 s. */
export const CLOSED_ROW_MS = 500;
const TICK_MS = 1000;

export interface MicroListInput {
  matchId: number;
  status: typeof MICRO_STATUS_RUNNING | typeof MICRO_STATUS_CLOSED;
  page: number;
  limit: number;
}

export interface MicroListPage {
  rows: MicroOrder[];
  total: number;
}

/**
 * The server's simulated time as this screen knows it: set from answers (server_now) and the
 * simulator's SIM_CLOCK pushes, moved on by the one tick at the pushed speed. The tab's own clock is
 * never read, so a countdown follows the market's speed and survives a reload.
 */
export interface ServerClock {
  now: number | null;
  speed: number;
  /**
   * The latest time the server itself has stated (an answer's server_now, a SIM_CLOCK push). The
   * server's time never runs backwards, so a report older than this is stale (a push queued before
   * a reload's answers, say) and is ignored rather than allowed to wind the countdowns back.
   */
  known?: number | null;
}

export interface MicroScreenContext {
  matchId: number;
  signedIn: boolean;
  form: FormRef;
  tab: 'running' | 'closed';
  running: MicroOrder[];
  closed: MicroOrder[];
  closedPage: number;
  closedTotal: number;
  /** Contracts whose closed state has been folded (each once, whichever of push and list came first). */
  folded: ReadonlySet<number>;
  clock: ServerClock;
}

export type MicroScreenEvent =
  | { type: 'PAIR'; matchId: number }
  | { type: 'SIGNED_IN'; signedIn: boolean }
  | { type: 'TAB'; tab: 'running' | 'closed' }
  | { type: 'PAGE'; page: number }
  /** The form bought a contract (microtrade/submit's answer). */
  | { type: 'BOUGHT'; order: MicroOrder }
  /** The owner's MICRO_CLOSED push. */
  | { type: 'CLOSED'; order: MicroOrder }
  | { type: 'SERVER_NOW'; now: number; speed: number }
  | { type: 'DROP'; id: number };

/**
 * Whole seconds a running contract has left by the screen's server clock. The contract's own
 * opening is a time the server has stated too, so the clock is never read as earlier than it: a
 * reload's first reports, late from a busy worker, cannot show more than the contract's duration.
 */
export function remainingSeconds(order: MicroOrder, clock: ServerClock): number {
  if (order.status !== MICRO_STATUS_RUNNING) return 0;
  const now = Math.max(clock.now ?? order.server_now, order.created_at);
  return countdownSeconds(order.expires_at - now);
}

/** An answer's server_now: the clock never goes back, and the server has said at least this. */
function later(clock: ServerClock, serverNow: number): ServerClock {
  return {
    ...clock,
    now: clock.now === null ? serverNow : Math.max(clock.now, serverNow),
    known: Math.max(clock.known ?? serverNow, serverNow),
  };
}

/**
 * A SIM_CLOCK push: the server's time and speed now. It replaces the screen's estimate, even one
 * the tick has moved past it (a tick at x60 just before the speed came down overshoots), unless
 * it is older than what the server has already said.
 */
export function pushedClock(clock: ServerClock, now: number, speed: number): ServerClock {
  const known = clock.known ?? null;
  if (known !== null && now < known) return clock;
  return { now, speed, known: now };
}

const formReports = fromCallback<EventObject, { form: FormRef }>(({ input, sendBack }) => {
  const subscription = input.form.on('bought', ({ order }) => sendBack({ type: 'BOUGHT', order }));
  return () => subscription.unsubscribe();
});

/**
 * The micro screen (DESIGN.md "A trading screen"): it owns the order form and the contract lists,
 * listens to the owner's MICRO_CLOSED pushes while signed in, folds each contract's close once (the
 * row is replaced by the final order and leaves the running list after CLOSED_ROW_MS), reloads the
 * balances after each purchase and settlement, and counts every running contract down with ONE
 * timer on the server's clock.
 */
export const microScreenMachine = setup({
  types: {
    context: {} as MicroScreenContext,
    events: {} as MicroScreenEvent,
    input: {} as { matchId: number; signedIn: boolean; decimalComma?: boolean },
  },
  actors: {
    form: microOrderMachine,
    formReports,
    loadList: fromPromise<MicroListPage, MicroListInput>(() =>
      Promise.reject(new Error('loadList not provided')),
    ),
    /** SIGNED_IN whenever the app's session signs in or out; by default it never does. */
    session: fromEventObservable<{ type: 'SIGNED_IN'; signedIn: boolean }, NonReducibleUnknown>(() => NEVER),
    closedPushes: fromEventObservable<{ type: 'CLOSED'; order: MicroOrder }, NonReducibleUnknown>(
      () => NEVER,
    ),
    serverClock: fromEventObservable<{ type: 'SERVER_NOW'; now: number; speed: number }, NonReducibleUnknown>(
      () => NEVER,
    ),
  },
  guards: {
    signedIn: ({ context }) => context.signedIn,
    unfolded: ({ context, event }) =>
      (event.type === 'CLOSED' || event.type === 'BOUGHT') && !context.folded.has(event.order.id),
  },
  actions: {
    refreshForm: sendTo(({ context }) => context.form, { type: 'REFRESH' as const }),
  },
}).createMachine({
  id: 'microScreen',
  context: ({ input, spawn }) => ({
    matchId: input.matchId,
    signedIn: input.signedIn,
    form: spawn('form', {
      id: 'form',
      input: { matchId: input.matchId, decimalComma: input.decimalComma ?? false },
    }),
    tab: 'running',
    running: [],
    closed: [],
    closedPage: 1,
    closedTotal: 0,
    folded: new Set(),
    clock: { now: null, speed: 1, known: null },
  }),
  invoke: [{ src: 'formReports', input: ({ context }) => ({ form: context.form }) }, { src: 'session' }],
  initial: 'choosing',
  on: {
    PAIR: {
      guard: ({ context, event }) => event.matchId !== context.matchId,
      target: '.choosing',
      actions: [
        assign({
          matchId: ({ event }) => event.matchId,
          running: [],
          closed: [],
          closedPage: 1,
          closedTotal: 0,
        }),
        sendTo(
          ({ context }) => context.form,
          ({ event }) => ({ type: 'PAIR' as const, matchId: event.matchId }),
        ),
      ],
    },
    SIGNED_IN: {
      guard: ({ context, event }) => event.signedIn !== context.signedIn,
      target: '.choosing',
      actions: assign({ signedIn: ({ event }) => event.signedIn, folded: () => new Set<number>() }),
    },
    TAB: { actions: assign({ tab: ({ event }) => event.tab }) },
  },
  states: {
    choosing: { always: [{ guard: 'signedIn', target: 'live' }, { target: 'anonymous' }] },
    anonymous: {},
    live: {
      type: 'parallel',
      invoke: [{ src: 'closedPushes' }, { src: 'serverClock' }],
      on: {
        SERVER_NOW: {
          actions: assign({
            clock: ({ context, event }) => pushedClock(context.clock, event.now, event.speed),
          }),
        },
        BOUGHT: {
          guard: 'unfolded',
          actions: assign(({ context, event }) => ({
            running: [event.order, ...context.running.filter((row) => row.id !== event.order.id)],
            clock: later(context.clock, event.order.server_now),
            tab: 'running' as const,
          })),
        },
        CLOSED: {
          guard: 'unfolded',
          actions: [
            assign(({ context, event }) => ({
              folded: new Set(context.folded).add(event.order.id),
              running: context.running.map((row) => (row.id === event.order.id ? event.order : row)),
              closed:
                context.closedPage === 1
                  ? [event.order, ...context.closed.filter((row) => row.id !== event.order.id)].slice(
                      0,
                      MICRO_PAGE_SIZE,
                    )
                  : context.closed,
              closedTotal: context.closedTotal + 1,
              clock: later(context.clock, event.order.server_now),
            })),
            raise(({ event }) => ({ type: 'DROP' as const, id: event.order.id }), { delay: CLOSED_ROW_MS }),
            'refreshForm',
          ],
        },
        DROP: {
          actions: assign({
            running: ({ context, event }) => context.running.filter((row) => row.id !== event.id),
          }),
        },
      },
      states: {
        running: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                src: 'loadList',
                input: ({ context }) => ({
                  matchId: context.matchId,
                  status: MICRO_STATUS_RUNNING,
                  page: 1,
                  limit: RUNNING_LIMIT,
                }),
                onDone: {
                  target: 'idle',
                  actions: assign(({ context, event }) => ({
                    running: event.output.rows.filter((row) => !context.folded.has(row.id)),
                    clock: event.output.rows[0]
                      ? later(context.clock, event.output.rows[0].server_now)
                      : context.clock,
                  })),
                },
                onError: 'idle',
              },
            },
            idle: {},
          },
        },
        closed: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                src: 'loadList',
                input: ({ context }) => ({
                  matchId: context.matchId,
                  status: MICRO_STATUS_CLOSED,
                  page: context.closedPage,
                  limit: MICRO_PAGE_SIZE,
                }),
                onDone: {
                  target: 'idle',
                  actions: assign({
                    closed: ({ event }) => event.output.rows,
                    closedTotal: ({ event }) => event.output.total,
                  }),
                },
                onError: 'idle',
              },
            },
            idle: {
              on: {
                PAGE: {
                  target: 'loading',
                  actions: assign({ closedPage: ({ event }) => Math.max(1, event.page) }),
                },
              },
            },
          },
        },
        /** One timer for every running contract: the server clock moves on a second at the pushed speed. */
        clock: {
          initial: 'ticking',
          states: {
            ticking: {
              after: {
                [TICK_MS]: {
                  target: 'ticking',
                  reenter: true,
                  actions: assign({
                    clock: ({ context }) =>
                      context.clock.now === null
                        ? context.clock
                        : { ...context.clock, now: context.clock.now + TICK_MS * context.clock.speed },
                  }),
                },
              },
            },
          },
        },
      },
    },
  },
});

/** The screen with the micro API actors in its children and its pushes (src/machines/actors/micro.ts). */
export function microScreenWith(actors: MicroActors) {
  return microScreenMachine.provide({
    actors: {
      form: microOrderMachine.provide({ actors: { loadTerms: actors.loadTerms, submit: actors.submit } }),
      loadList: actors.loadList,
      closedPushes: actors.closedPushes,
      serverClock: actors.serverClock,
    },
  });
}

/** The running screen as views hold it (useActorRef of microScreenWith). */
export type MicroScreenRef = ActorRefFrom<typeof microScreenMachine>;
