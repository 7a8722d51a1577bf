import { fromCallback, fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client.ts';
import { decodePayload } from '../../streams/decode.ts';
import type { ChannelSource } from '../../streams/market.ts';
import { simClockFrame } from '../../streams/payloads.ts';
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
          .subscribe((frame) =>
            sendBack({ type: 'PUSHED', speed: frame.speed, simNow: frame.now, wallNow: wallNow() }),
          );
        return () => subscription.unsubscribe();
      }),
    },
  };
}
