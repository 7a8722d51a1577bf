import { assign, fromCallback, fromPromise, setup } from 'xstate';

export interface SimSpeedContext {
  /** The speed shown: the simulator's, or the one just chosen while it is being set. */
  speed: number | null;
  /** The speed that applied before the pending choice, shown again if setting fails. */
  previous: number | null;
  /** Simulated time at the latest clock push (ms), or null before the first one. */
  simNow: number | null;
  /** The wall clock when that push arrived (ms): how far simulated time runs ahead. */
  wallNow: number | null;
}

/** One SIM_CLOCK push as the actor hands it on: the simulator's speed and time, and when it came. */
export interface ClockPush {
  speed: number;
  simNow: number;
  wallNow: number;
}

export type SimSpeedEvent = { type: 'CHOOSE'; speed: number } | ({ type: 'PUSHED' } & ClockPush);

/**
 * The simulator's speed control (simulator only): reads the speed, then shows a choice at once
 * while it is set, and the speed the simulator answers (or the previous one if it refuses). Without
 * a first answer there is nothing to show. The simulator pushes its clock (SIM_CLOCK) to every tab
 * when any tab sets the speed and about once a second: every tab's control follows the push, and
 * the push's simulated time is kept for the header. While this tab's own choice is being set, a
 * push does not overwrite the choice; the answer settles it.
 */
export const simSpeedMachine = setup({
  types: {
    context: {} as SimSpeedContext,
    events: {} as SimSpeedEvent,
  },
  actors: {
    loadSpeed: fromPromise<number>(async () => {
      throw new Error('loadSpeed actor not provided');
    }),
    setSpeed: fromPromise<number, { speed: number }>(async () => {
      throw new Error('setSpeed actor not provided');
    }),
    /** Sends PUSHED for every clock push; the default listens to nothing. */
    clockPushes: fromCallback<SimSpeedEvent>(() => () => undefined),
  },
  actions: {
    choose: assign({
      previous: ({ context }) => context.speed,
      speed: (_, params: { speed: number }) => params.speed,
    }),
    followPush: assign(({ event }) =>
      event.type === 'PUSHED' ? { speed: event.speed, simNow: event.simNow, wallNow: event.wallNow } : {},
    ),
    keepTime: assign(({ event }) =>
      event.type === 'PUSHED' ? { simNow: event.simNow, wallNow: event.wallNow } : {},
    ),
  },
}).createMachine({
  id: 'simSpeed',
  context: { speed: null, previous: null, simNow: null, wallNow: null },
  invoke: { src: 'clockPushes' },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadSpeed',
        onDone: { target: 'ready', actions: assign({ speed: ({ event }) => event.output }) },
        onError: 'unavailable',
      },
      on: { PUSHED: { target: 'ready', actions: 'followPush' } },
    },
    // A push proves the simulator answers after all.
    unavailable: {
      on: { PUSHED: { target: 'ready', actions: 'followPush' } },
    },
    ready: {
      on: {
        CHOOSE: {
          target: 'setting',
          actions: { type: 'choose', params: ({ event }) => ({ speed: event.speed }) },
        },
        PUSHED: { actions: 'followPush' },
      },
    },
    setting: {
      invoke: {
        src: 'setSpeed',
        input: ({ context }) => ({ speed: context.speed ?? 1 }),
        onDone: { target: 'ready', actions: assign({ speed: ({ event }) => event.output }) },
        // The client has toasted the error; show the speed that still applies.
        onError: { target: 'ready', actions: assign({ speed: ({ context }) => context.previous }) },
      },
      on: {
        CHOOSE: {
          target: 'setting',
          reenter: true,
          actions: { type: 'choose', params: ({ event }) => ({ speed: event.speed }) },
        },
        PUSHED: { actions: 'keepTime' },
      },
    },
  },
});
