import { fromPromise, setup } from 'xstate';

/** Demo time (simulator only): SKIP jumps simulated time a day ahead, once at a time. */
export const demoSkipMachine = setup({
  types: { events: {} as { type: 'SKIP' } },
  actors: {
    skip: fromPromise<unknown>(async () => {
      throw new Error('skip actor not provided');
    }),
  },
}).createMachine({
  id: 'demoSkip',
  initial: 'idle',
  states: {
    idle: { on: { SKIP: 'skipping' } },
    skipping: { invoke: { src: 'skip', onDone: 'idle', onError: 'idle' } },
  },
});
