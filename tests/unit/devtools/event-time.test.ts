import { describe, expect, it } from 'vitest';
import { assign, createActor, setup } from 'xstate';
import { InspectionBus } from '../../../src/machines/devtools/inspection.ts';
import { PushedClock } from '../../../src/machines/devtools/pushed-clock.ts';

const counter = setup({
  types: { context: {} as { count: number }, events: {} as { type: 'INC' } },
}).createMachine({
  id: 'counter',
  context: { count: 0 },
  on: { INC: { actions: assign({ count: ({ context }) => context.count + 1 }) } },
});

describe('inspector event times on the simulated clock', () => {
  it('follows the clock pushes at their rate, standing still while paused', () => {
    const clock = new PushedClock();
    expect(clock.at(1_000)).toBeNull();
    clock.follow(5_000_000, 60, 1_000);
    expect(clock.at(2_000)).toBe(5_060_000);
    expect(clock.at(900)).toBe(4_994_000);
    clock.follow(5_100_000, 0, 3_000);
    expect(clock.at(9_000)).toBe(5_100_000);
    clock.follow(5_100_000, 0.5, 9_000);
    expect(clock.at(10_001)).toBe(5_100_500);
  });

  it('stamps events with simulated time, and gives those before the first push theirs once it comes', () => {
    let wall = 10_000;
    const clock = new PushedClock();
    const bus = new InspectionBus(
      () => clock.at(wall),
      undefined,
      () => wall,
    );
    const actor = createActor(counter, { inspect: bus.inspect }).start();
    bus.setRecording(true);
    wall += 200;
    actor.send({ type: 'INC' });
    const history = bus.actors()[0]!.history;
    expect([history.at(0)?.at, history.at(1)?.at]).toEqual([null, null]);
    // The first push: simulated time runs 10x and was 7,000,000 at wall 10,500.
    clock.follow(7_000_000, 10, 10_500);
    bus.resolvePending((at) => clock.at(at));
    expect([history.at(0)?.at, history.at(1)?.at]).toEqual([6_995_000, 6_997_000]);
    wall = 11_000;
    actor.send({ type: 'INC' });
    expect(history.at(2)?.at).toBe(7_005_000);
  });
});
