import { beforeAll, describe, expect, it } from 'vitest';
import { loadFrameSchemas } from '../../../src/streams/lazy-payloads.ts';
import { Subject } from 'rxjs';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { showsSimTime } from '../../../src/domain/sim-time.ts';
import { simActors } from '../../../src/machines/actors/sim.ts';
import type { ApiClient } from '../../../src/api/client.ts';
import { simSpeedMachine, type SimSpeedEvent } from '../../../src/machines/sim-speed.machine.ts';
import type { Frame } from '../../../src/streams/frame.ts';
import { flush } from './machine-kit.ts';

function run(options: { load: () => Promise<number>; set: (speed: number) => Promise<number> }) {
  const asked: number[] = [];
  const machine = simSpeedMachine.provide({
    actors: {
      loadSpeed: fromPromise(options.load),
      setSpeed: fromPromise(({ input }) => {
        asked.push(input.speed);
        return options.set(input.speed);
      }),
    },
  });
  return { actor: createActor(machine).start(), asked };
}

// The frame schemas load lazily (issue 19); in, they decode synchronously as these tests expect.
beforeAll(() => loadFrameSchemas());

describe('sim speed machine', () => {
  it('shows the speed read, a choice at once, then the speed the simulator answers', async () => {
    const { actor, asked } = run({ load: async () => 2, set: async (speed) => Math.min(speed, 30) });
    expect(actor.getSnapshot().value).toBe('loading');
    await flush();
    expect(actor.getSnapshot().context.speed).toBe(2);
    actor.send({ type: 'CHOOSE', speed: 60 });
    expect(actor.getSnapshot().value).toBe('setting');
    expect(actor.getSnapshot().context.speed).toBe(60);
    await flush();
    expect(asked).toEqual([60]);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.speed).toBe(30);
  });

  it('shows the previous speed again when setting fails', async () => {
    const { actor } = run({ load: async () => 5, set: () => Promise.reject(new Error('refused')) });
    await flush();
    actor.send({ type: 'CHOOSE', speed: 10 });
    await flush();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.speed).toBe(5);
  });

  it('has nothing to show without a first answer', async () => {
    const { actor } = run({ load: () => Promise.reject(new Error('down')), set: async (speed) => speed });
    await flush();
    expect(actor.getSnapshot().value).toBe('unavailable');
    actor.send({ type: 'CHOOSE', speed: 10 });
    expect(actor.getSnapshot().value).toBe('unavailable');
    expect(actor.getSnapshot().context.speed).toBeNull();
  });

  it('keeps only the last of quick choices', async () => {
    const { actor, asked } = run({ load: async () => 1, set: async (speed) => speed });
    await flush();
    actor.send({ type: 'CHOOSE', speed: 10 });
    actor.send({ type: 'CHOOSE', speed: 30 });
    await flush();
    expect(asked).toEqual([10, 30]);
    expect(actor.getSnapshot().context.speed).toBe(30);
  });

  describe('following the clock pushes (other tabs)', () => {
    function withPushes(options: { load: () => Promise<number>; set: (speed: number) => Promise<number> }) {
      const pushes = new Subject<SimSpeedEvent>();
      const machine = simSpeedMachine.provide({
        actors: {
          loadSpeed: fromPromise(options.load),
          setSpeed: fromPromise(({ input }) => options.set(input.speed)),
          clockPushes: fromCallback<SimSpeedEvent>(({ sendBack }) => {
            const subscription = pushes.subscribe(sendBack);
            return () => subscription.unsubscribe();
          }),
        },
      });
      const push = (speed: number, simNow: number, wallNow: number) =>
        pushes.next({ type: 'PUSHED', speed, simNow, wallNow });
      return { actor: createActor(machine).start(), push };
    }

    it('shows the speed another tab set, and the simulated time of each push', async () => {
      const { actor, push } = withPushes({ load: async () => 1, set: async (speed) => speed });
      await flush();
      expect(actor.getSnapshot().context.speed).toBe(1);
      push(10, 2_000_000, 1_000_000);
      expect(actor.getSnapshot().value).toBe('ready');
      expect(actor.getSnapshot().context).toMatchObject({ speed: 10, simNow: 2_000_000, wallNow: 1_000_000 });
      push(60, 2_060_000, 1_001_000);
      expect(actor.getSnapshot().context.speed).toBe(60);
      expect(showsSimTime(actor.getSnapshot().context.simNow, actor.getSnapshot().context.wallNow)).toBe(
        true,
      );
    });

    it('keeps its own pending choice over a push, then shows the answer', async () => {
      let answer: (speed: number) => void = () => undefined;
      const { actor, push } = withPushes({
        load: async () => 1,
        set: () => new Promise<number>((resolve) => (answer = resolve)),
      });
      await flush();
      actor.send({ type: 'CHOOSE', speed: 30 });
      push(1, 500, 500);
      expect(actor.getSnapshot().context).toMatchObject({ speed: 30, simNow: 500 });
      answer(30);
      await flush();
      expect(actor.getSnapshot().value).toBe('ready');
      expect(actor.getSnapshot().context.speed).toBe(30);
    });

    it('takes a push before the first answer, and after a failed first read', async () => {
      const early = withPushes({ load: () => new Promise<number>(() => undefined), set: async (s) => s });
      early.push(5, 1, 1);
      expect(early.actor.getSnapshot().value).toBe('ready');
      expect(early.actor.getSnapshot().context.speed).toBe(5);
      const failed = withPushes({ load: () => Promise.reject(new Error('down')), set: async (s) => s });
      await flush();
      expect(failed.actor.getSnapshot().value).toBe('unavailable');
      failed.push(2, 1, 1);
      expect(failed.actor.getSnapshot().value).toBe('ready');
      expect(failed.actor.getSnapshot().context.speed).toBe(2);
    });

    it('stops listening when the control goes away', async () => {
      const { actor, push } = withPushes({ load: async () => 1, set: async (s) => s });
      await flush();
      actor.stop();
      push(60, 1, 1);
      expect(actor.getSnapshot().context.speed).toBe(1);
    });
  });

  it('the sim actors turn SIM_CLOCK frames into PUSHED events stamped with the wall clock', () => {
    const frames = new Subject<Frame>();
    const subscribed: string[] = [];
    const actors = simActors(
      {} as ApiClient,
      {
        channel: (name) => {
          subscribed.push(name);
          return frames;
        },
      },
      () => 777,
    );
    const machine = simSpeedMachine.provide({
      actors: {
        loadSpeed: fromPromise(() => new Promise<number>(() => undefined)),
        clockPushes: actors.speed.clockPushes,
      },
    });
    const actor = createActor(machine).start();
    expect(subscribed).toEqual(['SIM_CLOCK']);
    frames.next({ type: 'SIM_CLOCK', speed: 'fast', now: 1 }); // malformed: dropped
    expect(actor.getSnapshot().value).toBe('loading');
    frames.next({ type: 'SIM_CLOCK', speed: 10, now: 123_456 });
    expect(actor.getSnapshot().context).toMatchObject({ speed: 10, simNow: 123_456, wallNow: 777 });
  });
});
