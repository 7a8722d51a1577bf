import {
  assign,
  enqueueActions,
  fromCallback,
  fromEventObservable,
  sendTo,
  setup,
  type ActorRefFrom,
  type EventObject,
  type NonReducibleUnknown,
} from 'xstate';
import { NEVER } from 'rxjs';
import { isNewerLeverProgress, leverProgressOf, type LeverProgress } from '../domain/lever-progress.ts';
import type { LeverActors } from './actors/lever.ts';
import { liveAfterEnded, pushedLive, type LeverLive, type LeverLiveAccount } from './lever-live-account.ts';
import { leverOrderMachine } from './lever-order.machine.ts';
import { leverPositionsMachine, type LeverPosition } from './lever-positions.machine.ts';
import { leverTpSlMachine } from './lever-tp-sl.machine.ts';

type FormRef = ActorRefFrom<typeof leverOrderMachine>;
type PositionsRef = ActorRefFrom<typeof leverPositionsMachine>;

/** The pair on screen, as the lever screen needs it. */
export interface LeverPair {
  matchId: number;
  quoteCurrencyId: number;
  priceDecimals: number;
}

export type { LeverLiveAccount };

export interface LeverScreenContext {
  pair: LeverPair;
  signedIn: boolean;
  form: FormRef;
  positions: PositionsRef;
  /** How far each position seen on this screen has come, so each of its states is folded once. */
  folded: ReadonlyMap<number, LeverProgress>;
  /** The pushed account of the pair's quote currency (null until the first push). */
  live: LeverLive | null;
}

export type LeverScreenEvent =
  | { type: 'PAIR'; pair: LeverPair }
  | { type: 'SIGNED_IN'; signedIn: boolean }
  /** The pair's last trade price, sampled once per frame by the page. */
  | { type: 'LAST'; price: string | null }
  /** LEVER_TRADE: one quote currency's account and the owner's positions in it. */
  | { type: 'TRADED'; account: LeverLiveAccount; positions: LeverPosition[] }
  /** LEVER_CLOSED: positions that closed or orders that were cancelled, in their final state. */
  | { type: 'CLOSED'; positions: LeverPosition[] }
  /** The form placed an order (lever/submit's answer). */
  | { type: 'PLACED'; position: LeverPosition }
  /** The positions panel acted (close, cancel, close all, stops) and has reloaded itself. */
  | { type: 'ACTED'; positions: LeverPosition[] };

export interface LeverScreenInput {
  pair: LeverPair;
  signedIn: boolean;
  decimalComma?: boolean;
}

const childReports = fromCallback<EventObject, { form: FormRef; positions: PositionsRef }>(
  ({ input, sendBack }) => {
    const subscriptions = [
      input.form.on('placed', ({ position }) => sendBack({ type: 'PLACED', position })),
      input.positions.on('acted', ({ positions }) => sendBack({ type: 'ACTED', positions })),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  },
);

/** The positions among `positions` that say more than what was folded, and the fold remembering them. */
export function newerPositions(
  folded: ReadonlyMap<number, LeverProgress>,
  positions: LeverPosition[],
): { fresh: LeverPosition[]; folded: ReadonlyMap<number, LeverProgress> } {
  const next = new Map(folded);
  const fresh: LeverPosition[] = [];
  for (const position of positions) {
    if (!isNewerLeverProgress(next.get(position.id), position)) continue;
    next.set(position.id, leverProgressOf(position));
    fresh.push(position);
  }
  return { fresh, folded: fresh.length === 0 ? folded : next };
}

/**
 * The lever screen (DESIGN.md "A trading screen"): it owns the order form and the
 * positions panel, listens to the owner's LEVER_TRADE and LEVER_CLOSED pushes while signed in,
 * folds each state of each position into the panel once (whichever of the answer and the push
 * carries it first), and reloads the lever balance after every order, action and close. The page
 * renders its children's snapshots and sends it events; it forwards nothing between machines.
 */
export const leverScreenMachine = setup({
  types: {
    context: {} as LeverScreenContext,
    events: {} as LeverScreenEvent,
    input: {} as LeverScreenInput,
  },
  actors: {
    form: leverOrderMachine,
    positions: leverPositionsMachine,
    childReports,
    /** Provided by the lever actors; by default no pushes arrive. */
    pushes: fromEventObservable<
      Extract<LeverScreenEvent, { type: 'TRADED' | 'CLOSED' }>,
      NonReducibleUnknown
    >(() => NEVER),
    /**
     * LAST whenever the pair's last trade price moves (the form's and the panel's side rules); told
     * of each new pair with a PAIR event. By default the tape never moves.
     */
    lastPrice: fromCallback<EventObject, { matchId: number }>(() => undefined),
    /** SIGNED_IN whenever the app's session signs in or out; by default it never does. */
    session: fromEventObservable<{ type: 'SIGNED_IN'; signedIn: boolean }, NonReducibleUnknown>(() => NEVER),
  },
  guards: {
    signedIn: ({ context }) => context.signedIn,
  },
  actions: {
    /** Folds the positions that are news into the panel, and reloads the balance if any moved money. */
    fold: enqueueActions(({ context, enqueue }, params: { positions: LeverPosition[]; reload: boolean }) => {
      const { fresh, folded } = newerPositions(context.folded, params.positions);
      if (fresh.length === 0) {
        if (params.reload) enqueue.sendTo(context.form, { type: 'REFRESH' });
        return;
      }
      enqueue.assign({ folded });
      for (const position of fresh) enqueue.sendTo(context.positions, { type: 'POSITION', position });
      enqueue.sendTo(context.form, { type: 'REFRESH' });
    }),
    remember: assign({
      folded: ({ context }, params: { positions: LeverPosition[] }) =>
        newerPositions(context.folded, params.positions).folded,
    }),
    reloadBalance: sendTo(({ context }) => context.form, { type: 'REFRESH' as const }),
    /** Positions that ended leave the pushed account; the last one leaves it empty. */
    forgetEnded: assign({
      live: ({ context }, params: { positions: LeverPosition[] }) =>
        liveAfterEnded(context.live, params.positions),
    }),
  },
}).createMachine({
  id: 'leverScreen',
  context: ({ input, spawn }) => ({
    pair: input.pair,
    signedIn: input.signedIn,
    form: spawn('form', {
      id: 'form',
      input: { matchId: input.pair.matchId, decimalComma: input.decimalComma ?? false },
    }),
    positions: spawn('positions', {
      id: 'positions',
      input: {
        matchId: input.pair.matchId,
        priceDecimals: input.pair.priceDecimals,
        decimalComma: input.decimalComma ?? false,
      },
    }),
    folded: new Map(),
    live: null,
  }),
  invoke: [
    {
      src: 'childReports',
      input: ({ context }) => ({ form: context.form, positions: context.positions }),
    },
    { id: 'lastPrice', src: 'lastPrice', input: ({ context }) => ({ matchId: context.pair.matchId }) },
    { src: 'session' },
  ],
  initial: 'choosing',
  on: {
    PAIR: {
      guard: ({ context, event }) => event.pair.matchId !== context.pair.matchId,
      actions: [
        assign({
          pair: ({ event }) => event.pair,
          live: ({ context, event }) =>
            context.live?.account.currency_id === event.pair.quoteCurrencyId ? context.live : null,
        }),
        sendTo(
          ({ context }) => context.form,
          ({ event }) => ({ type: 'PAIR' as const, matchId: event.pair.matchId }),
        ),
        sendTo(
          ({ context }) => context.positions,
          ({ event }) => ({
            type: 'PAIR' as const,
            matchId: event.pair.matchId,
            priceDecimals: event.pair.priceDecimals,
          }),
        ),
        sendTo('lastPrice', ({ event }) => ({ type: 'PAIR' as const, matchId: event.pair.matchId })),
      ],
    },
    SIGNED_IN: {
      guard: ({ context, event }) => event.signedIn !== context.signedIn,
      target: '.choosing',
      actions: assign({ signedIn: ({ event }) => event.signedIn, folded: () => new Map(), live: null }),
    },
    LAST: {
      actions: [
        sendTo(
          ({ context }) => context.form,
          ({ event }) => ({ type: 'LAST' as const, price: event.price }),
        ),
        sendTo(
          ({ context }) => context.positions,
          ({ event }) => ({ type: 'LAST' as const, price: event.price }),
        ),
      ],
    },
  },
  states: {
    choosing: {
      always: [{ guard: 'signedIn', target: 'live' }, { target: 'anonymous' }],
    },
    anonymous: {},
    /** Signed in: the owner's pushes arrive; each new state of a position is folded once. */
    live: {
      invoke: { src: 'pushes' },
      on: {
        TRADED: {
          actions: [
            assign({
              live: ({ context, event }) =>
                pushedLive(
                  context.live,
                  context.pair.quoteCurrencyId,
                  event.account,
                  event.positions,
                  context.folded,
                ),
            }),
            { type: 'fold', params: ({ event }) => ({ positions: event.positions, reload: false }) },
          ],
        },
        CLOSED: {
          actions: [
            { type: 'forgetEnded', params: ({ event }) => ({ positions: event.positions }) },
            { type: 'fold', params: ({ event }) => ({ positions: event.positions, reload: true }) },
          ],
        },
        // The answer of lever/submit: folded unless its push came first; the balance moved either way.
        PLACED: {
          actions: { type: 'fold', params: ({ event }) => ({ positions: [event.position], reload: true }) },
        },
        // The panel reloaded itself; remembering the answers keeps their pushes from being folded again.
        ACTED: {
          actions: [
            { type: 'forgetEnded', params: ({ event }) => ({ positions: event.positions }) },
            { type: 'remember', params: ({ event }) => ({ positions: event.positions }) },
            'reloadBalance',
          ],
        },
      },
    },
  },
});

/** The screen with the lever API actors in its children and its pushes (src/machines/actors/lever.ts). */
export function leverScreenWith(actors: LeverActors) {
  return leverScreenMachine.provide({
    actors: {
      form: leverOrderMachine.provide({ actors: { loadTerms: actors.loadTerms, submit: actors.submit } }),
      positions: leverPositionsMachine.provide({
        actors: {
          loadLists: actors.loadLists,
          act: actors.act,
          tpSl: leverTpSlMachine.provide({ actors: { setStop: actors.setStop } }),
        },
      }),
      pushes: actors.pushes,
    },
  });
}
