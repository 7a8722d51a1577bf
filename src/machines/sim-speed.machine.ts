import { assign, fromPromise, setup } from 'xstate';

export interface SimSpeedContext {
  /** The speed shown: the simulator's, or the one just chosen while it is being set. */
  speed: number | null;
  /** The speed that applied before the pending choice, shown again if setting fails. */
  previous: number | null;
}

export type SimSpeedEvent = { type: 'CHOOSE'; speed: number };

/**
 * The simulator's speed control (simulator only): reads the speed, then shows a choice at once
 * while it is set, and the speed the simulator answers (or the previous one if it refuses). Without
 * a first answer there is nothing to show.
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
  },
  actions: {
    choose: assign({
      previous: ({ context }) => context.speed,
      speed: (_, params: { speed: number }) => params.speed,
    }),
  },
}).createMachine({
  id: 'simSpeed',
  context: { speed: null, previous: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadSpeed',
        onDone: { target: 'ready', actions: assign({ speed: ({ event }) => event.output }) },
        onError: 'unavailable',
      },
    },
    unavailable: {},
    ready: {
      on: {
        CHOOSE: {
          target: 'setting',
          actions: { type: 'choose', params: ({ event }) => ({ speed: event.speed }) },
        },
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
      },
    },
  },
});
