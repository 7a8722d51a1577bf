import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, setup, assign } from 'xstate';
import { InspectionBus } from '../../../src/machines/devtools/inspection.ts';
import { Ring, pause, shownSeq, stepBack, stepForward } from '../../../src/machines/devtools/history.ts';

describe('ring buffer', () => {
  it('keeps the last `capacity` records in order, with their sequence numbers', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.array(fc.integer(), { maxLength: 80 }),
        (capacity, items) => {
          const ring = new Ring<number>(capacity);
          for (const item of items) ring.push(item);
          expect(ring.toArray()).toEqual(items.slice(-capacity));
          expect(ring.total).toBe(items.length);
          for (let seq = ring.firstSeq; seq < ring.total; seq++) expect(ring.bySeq(seq)).toBe(items[seq]);
          expect(ring.bySeq(ring.firstSeq - 1)).toBeUndefined();
        },
      ),
    );
  });
});

describe('history stepping', () => {
  it('steps back from live, forward again, and clamps at both ends', () => {
    // Records 5..9 are kept (10 recorded, 5 fell out).
    expect(shownSeq(null, 5, 10)).toBe(9);
    expect(stepBack(null, 5, 10)).toBe(8);
    expect(stepBack(5, 5, 10)).toBe(5);
    expect(stepForward(8, 5, 10)).toBe(9);
    expect(stepForward(9, 5, 10)).toBe(9);
    expect(pause(null, 5, 10)).toBe(9);
    // A cursor whose record fell out of the ring shows the oldest kept.
    expect(shownSeq(2, 5, 10)).toBe(5);
    expect(stepBack(null, 0, 0)).toBeNull();
  });

  it('any walk of steps stays inside what is kept', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 50 }),
        fc.integer({ min: 1, max: 50 }),
        fc.array(fc.boolean(), { maxLength: 100 }),
        (first, kept, steps) => {
          const total = first + kept;
          let cursor: number | null = null;
          for (const back of steps) {
            cursor = back ? stepBack(cursor, first, total) : stepForward(cursor, first, total);
            expect(cursor).toBeGreaterThanOrEqual(first);
            expect(cursor).toBeLessThan(total);
          }
        },
      ),
    );
  });
});

describe('inspection bus', () => {
  const counter = setup({
    types: { context: {} as { count: number }, events: {} as { type: 'INC' } | { type: 'DONE' } },
  }).createMachine({
    id: 'counter',
    context: { count: 0 },
    initial: 'counting',
    states: {
      counting: {
        on: { INC: { actions: assign({ count: ({ context }) => context.count + 1 }) }, DONE: 'over' },
      },
      over: { type: 'final' },
    },
  });

  it('lists actors as they start, records snapshots only while recording, bounded per actor', () => {
    let now = 0;
    const bus = new InspectionBus(() => now++, 3);
    const actor = createActor(counter, { inspect: bus.inspect }).start();
    const [entry] = bus.actors();
    expect(entry).toMatchObject({ id: actor.id, name: 'counter', isMachine: true, alive: true });
    actor.send({ type: 'INC' });
    expect(entry?.history.length).toBe(0);

    bus.setRecording(true);
    expect(entry?.history.at(0)?.event.type).toBe('(current)');
    for (let index = 0; index < 4; index++) actor.send({ type: 'INC' });
    expect(entry?.history.length).toBe(3);
    const last = entry?.history.at(2);
    expect(last?.event.type).toBe('INC');
    const countOf = (snapshot: unknown) =>
      (snapshot as { context: { count: number } } | undefined)?.context.count;
    expect(countOf(last?.before)).toBe(4);
    expect(countOf(last?.after)).toBe(5);

    actor.send({ type: 'DONE' });
    expect(bus.actors()[0]?.alive).toBe(false);
  });

  it('shows children under their parent', () => {
    const parent = setup({ actors: { counter } }).createMachine({
      id: 'parent',
      invoke: { src: 'counter', id: 'kid' },
    });
    const bus = new InspectionBus();
    const actor = createActor(parent, { inspect: bus.inspect }).start();
    const actors = bus.actors();
    expect(actors.map((a) => [a.name, bus.depth(a.sessionId)])).toEqual([
      ['parent', 0],
      ['counter', 1],
    ]);
    actor.stop();
    expect(bus.actors().every((a) => !a.alive)).toBe(true);
  });
});
