import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { simSpeedMachine } from '../../../src/machines/sim-speed.machine.ts';
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
});
