import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, setup } from 'xstate';
import { InspectionBus } from '../../../src/machines/devtools/inspection.ts';

/** A screen that makes one call per RELOAD, as /trade does: each call a child that stops when it answers. */
const screen = setup({
  actors: { fetch: fromPromise(async () => 'answer') },
}).createMachine({
  id: 'screen',
  context: { calls: 0 },
  initial: 'idle',
  states: {
    idle: { on: { RELOAD: 'loading' } },
    loading: {
      invoke: {
        src: 'fetch',
        onDone: { target: 'idle', actions: assign({ calls: ({ context }) => context.calls + 1 }) },
      },
    },
  },
});

const idle = { value: 'idle' };
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the inspector lists live actors, and the stopped ones only when asked', () => {
  it('after three answered calls the screen is the only live actor; the three fetches are kept as stopped', async () => {
    const bus = new InspectionBus();
    const actor = createActor(screen, { inspect: bus.inspect }).start();
    for (let call = 0; call < 3; call++) {
      actor.send({ type: 'RELOAD' });
      await tick();
      expect(actor.getSnapshot()).toMatchObject(idle);
    }
    expect(bus.actors({ stopped: false }).map((entry) => entry.name)).toEqual(['screen']);
    expect(bus.actors().map((entry) => `${entry.name}:${entry.alive ? 'live' : 'stopped'}`)).toEqual([
      'screen:live',
      'fetch:stopped',
      'fetch:stopped',
      'fetch:stopped',
    ]);
    expect(bus.stoppedCount()).toBe(3);
    actor.stop();
  });

  it('a fetch still in flight is live and listed under its screen', () => {
    const bus = new InspectionBus();
    const actor = createActor(screen, { inspect: bus.inspect }).start();
    actor.send({ type: 'RELOAD' });
    expect(
      bus.actors({ stopped: false }).map((entry) => `${entry.name}@${bus.depth(entry.sessionId)}`),
    ).toEqual(['screen@0', 'fetch@1']);
    actor.stop();
  });

  it('for any actors started and stopped: the live list is exactly the live ones, in the full list order', () => {
    const machine = setup({}).createMachine({ id: 'page', initial: 'on', states: { on: {} } });
    fc.assert(
      fc.property(fc.array(fc.boolean(), { maxLength: 90 }), (stops) => {
        const bus = new InspectionBus();
        const actors = stops.map(() => createActor(machine, { inspect: bus.inspect }).start());
        stops.forEach((stop, index) => stop && actors[index]!.stop());
        const all = bus.actors();
        const live = bus.actors({ stopped: false });
        expect(live.map((entry) => entry.sessionId)).toEqual(
          all.filter((entry) => entry.alive).map((entry) => entry.sessionId),
        );
        expect(live.map((entry) => entry.sessionId)).toEqual(
          actors.filter((_, index) => !stops[index]).map((actor) => actor.sessionId),
        );
        // The bus keeps at most 60 stopped actors: the oldest fall out.
        expect(bus.stoppedCount()).toBe(Math.min(60, stops.filter(Boolean).length));
        for (const actor of actors) actor.stop();
      }),
      { numRuns: 60 },
    );
  });
});
