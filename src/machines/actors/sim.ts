import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client.ts';

/** The simulator's own controls (simulator-only calls sim/speed, sim/set_speed). */
export function simActors(api: ApiClient) {
  return {
    /** The sim-speed machine's calls; both answer the speed that applies. */
    speed: {
      loadSpeed: fromPromise<number>(async () => (await api.call('sim/speed', {}, { quiet: true })).speed),
      setSpeed: fromPromise<number, { speed: number }>(
        async ({ input }) => (await api.call('sim/set_speed', { speed: input.speed })).speed,
      ),
    },
  };
}

export type SimActors = ReturnType<typeof simActors>;
