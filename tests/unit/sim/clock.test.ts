import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ManualClock, MAX_SPEED, MIN_SPEED, ScaledClock } from '../../../src/sim/clock.ts';

/** A real-time source the test moves by hand. */
function fakeRealTime(start = 1_000_000) {
  let now = start;
  return {
    realNow: () => now,
    advance: (ms: number) => {
      now += ms;
    },
    set: (ms: number) => {
      now = ms;
    },
  };
}

describe('ManualClock', () => {
  it('moves only when told to', () => {
    const clock = new ManualClock(1_700_000_000_000);
    expect(clock.now()).toBe(1_700_000_000_000);
    clock.advance(250);
    expect(clock.now()).toBe(1_700_000_000_250);
    clock.set(1_700_000_001_000);
    expect(clock.now()).toBe(1_700_000_001_000);
  });

  it('never runs backwards', () => {
    const clock = new ManualClock(1000);
    expect(() => clock.advance(-1)).toThrow(RangeError);
    expect(() => clock.set(999)).toThrow(RangeError);
    expect(() => clock.advance(Number.NaN)).toThrow(RangeError);
    expect(() => new ManualClock(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(clock.now()).toBe(1000);
  });
});

describe('ScaledClock', () => {
  it('starts at the given simulated time and runs at speed 1 by default', () => {
    const real = fakeRealTime();
    const clock = new ScaledClock({ realNow: real.realNow, start: 5_000 });
    expect(clock.speed).toBe(1);
    expect(clock.now()).toBe(5_000);
    real.advance(1_500);
    expect(clock.now()).toBe(6_500);
  });

  it('defaults the start to the real time', () => {
    const real = fakeRealTime(42_000);
    const clock = new ScaledClock({ realNow: real.realNow });
    expect(clock.now()).toBe(42_000);
  });

  it('runs speed times faster than real time', () => {
    const real = fakeRealTime();
    const clock = new ScaledClock({ realNow: real.realNow, start: 0, speed: 60 });
    real.advance(1_000);
    expect(clock.now()).toBe(60_000);
  });

  it('keeps simulated time continuous when the speed changes', () => {
    const real = fakeRealTime();
    const clock = new ScaledClock({ realNow: real.realNow, start: 0, speed: 10 });
    real.advance(1_000);
    expect(clock.now()).toBe(10_000);
    clock.setSpeed(1);
    expect(clock.now()).toBe(10_000);
    real.advance(1_000);
    expect(clock.now()).toBe(11_000);
    clock.setSpeed(30);
    expect(clock.now()).toBe(11_000);
    real.advance(100);
    expect(clock.now()).toBe(14_000);
  });

  it('is continuous and monotonic under any schedule of speed changes', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.nat({ max: 10_000 }), fc.double({ min: MIN_SPEED, max: MAX_SPEED, noNaN: true })),
        ),
        (steps) => {
          const real = fakeRealTime();
          const clock = new ScaledClock({ realNow: real.realNow, start: 0 });
          let expected = 0;
          let previous = clock.now();
          for (const [elapsed, speed] of steps) {
            expected += elapsed * clock.speed;
            real.advance(elapsed);
            const before = clock.now();
            clock.setSpeed(speed);
            expect(clock.now()).toBe(before);
            expect(before).toBeGreaterThanOrEqual(previous);
            // Flooring at each re-anchor loses less than 1 ms per step.
            expect(Math.abs(before - expected)).toBeLessThanOrEqual(steps.length);
            previous = before;
          }
        },
      ),
    );
  });

  it('does not run backwards when the real clock is set back', () => {
    const real = fakeRealTime();
    const clock = new ScaledClock({ realNow: real.realNow, start: 0, speed: 2 });
    real.advance(1_000);
    expect(clock.now()).toBe(2_000);
    real.advance(-5_000);
    expect(clock.now()).toBe(2_000);
  });

  it('returns whole milliseconds', () => {
    const real = fakeRealTime();
    const clock = new ScaledClock({ realNow: real.realNow, start: 0, speed: 1.5 });
    real.advance(1);
    expect(clock.now()).toBe(1);
  });

  it('rejects speeds outside 0.5..60', () => {
    const real = fakeRealTime();
    const clock = new ScaledClock({ realNow: real.realNow });
    expect(() => clock.setSpeed(0.4)).toThrow(RangeError);
    expect(() => clock.setSpeed(0)).toThrow(RangeError);
    expect(() => clock.setSpeed(61)).toThrow(RangeError);
    expect(() => clock.setSpeed(Number.NaN)).toThrow(RangeError);
    expect(() => new ScaledClock({ realNow: real.realNow, speed: 100 })).toThrow(RangeError);
    expect(clock.speed).toBe(1);
  });

  it('stands still while paused, steps while paused, and runs on from there at the chosen speed', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.record({ kind: fc.constant('wait' as const), ms: fc.nat({ max: 10_000 }) }),
            fc.record({ kind: fc.constant('pause' as const) }),
            fc.record({ kind: fc.constant('resume' as const) }),
            fc.record({ kind: fc.constant('skip' as const), ms: fc.nat({ max: 5_000 }) }),
            fc.record({
              kind: fc.constant('speed' as const),
              speed: fc.constantFrom(0.5, 1, 2, 5, 10, 30, 60),
            }),
          ),
          { maxLength: 40 },
        ),
        (steps) => {
          const real = fakeRealTime();
          const clock = new ScaledClock({ realNow: real.realNow, start: 1_000_000 });
          // A model of what simulated time must be: a sum of waits at the rate then, and skips.
          let expected = 1_000_000;
          let fraction = 0;
          for (const step of steps) {
            const before = clock.now();
            if (step.kind === 'wait') {
              const rate = clock.paused ? 0 : clock.speed;
              real.advance(step.ms);
              fraction += step.ms * rate;
              expect(clock.now()).toBeGreaterThanOrEqual(before);
              if (clock.paused) expect(clock.now()).toBe(before);
            } else if (step.kind === 'pause') clock.pause();
            else if (step.kind === 'resume') clock.resume();
            else if (step.kind === 'skip') {
              clock.skip(step.ms);
              expect(clock.now()).toBe(before + step.ms);
              expected += step.ms;
            } else clock.setSpeed(step.speed);
            // Re-anchoring floors the fraction of a ms at x0.5: never more than one ms per change.
            expect(Math.abs(clock.now() - (expected + fraction))).toBeLessThanOrEqual(steps.length);
          }
        },
      ),
    );
  });

  it('runs exactly half as fast as real time at x0.5', () => {
    const real = fakeRealTime();
    const clock = new ScaledClock({ realNow: real.realNow, start: 0, speed: 0.5 });
    real.advance(10_000);
    expect(clock.now()).toBe(5_000);
    expect(clock.rate).toBe(0.5);
    clock.pause();
    expect(clock.rate).toBe(0);
    real.advance(10_000);
    expect(clock.now()).toBe(5_000);
  });
});
