import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, setup } from 'xstate';
import { InspectionBus } from '../../../src/machines/devtools/inspection.ts';

const form = setup({
  actors: { load: fromPromise(async () => 'loaded') },
}).createMachine({
  id: 'form',
  initial: 'loading',
  states: { loading: { invoke: { src: 'load', onDone: 'ready' } }, ready: {} },
});

const names = (bus: InspectionBus) =>
  bus.actors().map((entry) => `${entry.name}:${entry.alive ? 'live' : 'stopped'}`);

describe('the inspector lists actors that started, not those a thrown-away render created', () => {
  it('an actor created and never started (its render discarded) is not listed, nor its children', () => {
    const bus = new InspectionBus();
    const discarded = createActor(form, { inspect: bus.inspect });
    const mounted = createActor(form, { inspect: bus.inspect }).start();
    // What React does with the discarded render's actor: @xstate/react never starts it; stop is a no-op.
    discarded.stop();
    expect(names(bus)).toEqual(['form:live', 'load:live']);
    expect(bus.actors().every((entry) => entry.sessionId !== discarded.sessionId)).toBe(true);
    mounted.stop();
  });

  it('one started later is listed from its start; stopping still shows it as stopped', async () => {
    const bus = new InspectionBus();
    const later = createActor(form, { inspect: bus.inspect });
    expect(bus.actors()).toEqual([]);
    later.start();
    expect(names(bus)).toEqual(['form:live', 'load:live']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(later.getSnapshot().value).toBe('ready');
    later.stop();
    expect(names(bus)).toEqual(['form:stopped', 'load:stopped']);
  });

  it('keeps at most 200 never-started actors: the oldest fall out, so discarded renders cannot grow it', () => {
    const bus = new InspectionBus();
    const created = Array.from({ length: 250 }, () => createActor(form, { inspect: bus.inspect }));
    expect(bus.actor(created[0]!.sessionId)).toBeUndefined();
    expect(bus.actor(created.at(-1)!.sessionId)).toBeDefined();
    created.at(-1)!.start();
    expect(bus.actors().map((entry) => entry.sessionId)).toContain(created.at(-1)!.sessionId);
    created.at(-1)!.stop();
  });
});
