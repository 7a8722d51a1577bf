import { fromCallback, fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client.ts';
import { decodePayload } from '../../streams/decode.ts';
import type { ChannelSource } from '../../streams/market.ts';
import { simClockFrame } from '../../streams/lazy-payloads.ts';
import type { ReplayCommand, ReplayControlEvent, ReplayState } from '../replay-control.machine.ts';
import type { SimSpeedEvent } from '../sim-speed.machine.ts';

/**
 * The simulator's own controls (simulator-only calls sim/speed, sim/set_speed, and its SIM_CLOCK
 * pushes). `wallNow` reads the wall clock when a push arrives, so the machine can tell how far
 * simulated time runs ahead.
 */
export function simActors(api: ApiClient, socket: ChannelSource, wallNow: () => number = () => Date.now()) {
  return {
    /** The sim-speed machine's calls and pushes; both calls answer the speed that applies. */
    speed: {
      loadSpeed: fromPromise<number>(async () => (await api.call('sim/speed', {}, { quiet: true })).speed),
      setSpeed: fromPromise<number, { speed: number }>(
        async ({ input }) => (await api.call('sim/set_speed', { speed: input.speed })).speed,
      ),
      clockPushes: fromCallback<SimSpeedEvent>(({ sendBack }) => {
        const subscription = socket
          .channel('SIM_CLOCK')
          .pipe(decodePayload(simClockFrame))
          // The speed chosen, not how fast time runs now (0 while paused): the control shows the choice.
          .subscribe((frame) =>
            sendBack({
              type: 'PUSHED',
              speed: frame.chosen ?? frame.speed,
              simNow: frame.now,
              wallNow: wallNow(),
            }),
          );
        return () => subscription.unsubscribe();
      }),
    },
    /** The replay control machine's calls (sim/replay*, sim/set_speed) and the clock pushes. */
    replay: {
      loadReplay: fromPromise<ReplayState>(() => api.call('sim/replay', {}, { quiet: true })),
      command: fromPromise<ReplayState, ReplayCommand>(async ({ input }) => {
        switch (input.kind) {
          case 'live':
            return api.call('sim/replay_source', { source: 'live', seed: input.seed });
          case 'feed':
            return api.call('sim/replay_source', { source: 'feed', feed: input.feed });
          case 'file':
            return api.call('sim/replay_file', { name: input.name, data: input.data });
          case 'speed':
            await api.call('sim/set_speed', { speed: input.speed });
            return api.call('sim/replay', {});
          case 'seek':
          case 'step':
            return api.call('sim/replay_control', { action: input.kind, ms: input.ms });
          default:
            return api.call('sim/replay_control', { action: input.kind });
        }
      }),
      clockPushes: fromCallback<ReplayControlEvent>(({ sendBack }) => {
        const subscription = socket
          .channel('SIM_CLOCK')
          .pipe(decodePayload(simClockFrame))
          .subscribe((frame) =>
            sendBack({
              type: 'CLOCK',
              now: frame.now,
              rate: frame.speed,
              speed: frame.chosen ?? frame.speed,
              paused: frame.paused === 1,
            }),
          );
        return () => subscription.unsubscribe();
      }),
    },
  };
}
