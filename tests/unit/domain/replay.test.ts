import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEMO_SPEEDS,
  isDemoSpeed,
  isGeneratorSeed,
  isSeekPosition,
  replayPosition,
} from '../../../src/domain/replay.ts';

describe('replay rules', () => {
  it('offers only speeds it accepts, and accepts x0.5 and whole numbers 1..60 only', () => {
    for (const speed of DEMO_SPEEDS) expect(isDemoSpeed(speed)).toBe(true);
    fc.assert(
      fc.property(fc.oneof(fc.double(), fc.integer({ min: -100, max: 100 })), (value) => {
        const expected = value === 0.5 || (Number.isInteger(value) && value >= 1 && value <= 60);
        expect(isDemoSpeed(value)).toBe(expected);
      }),
    );
    for (const value of ['1', null, undefined, {}, Number.NaN, Infinity])
      expect(isDemoSpeed(value)).toBe(false);
  });

  it('plays a feed on with the clock from where it was sought, wrapping at its end', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.nat({ max: 10_000_000 }),
        fc.integer({ min: 0, max: 2e12 }),
        fc.nat({ max: 100_000_000 }),
        (duration, rawPosition, seekAt, elapsed) => {
          const position = rawPosition % duration;
          const replay = { position, seekAt, duration };
          const at = replayPosition(replay, seekAt + elapsed);
          expect(at).toBeGreaterThanOrEqual(0);
          expect(at).toBeLessThan(duration);
          expect(at).toBe((position + elapsed) % duration);
          // Before the seek it stays where it was sought (time never runs back).
          expect(replayPosition(replay, seekAt - 1 - elapsed)).toBe(position);
          // One more ms moves it one ms on, or back to the start at the end.
          expect(replayPosition(replay, seekAt + elapsed + 1)).toBe((at + 1) % duration);
        },
      ),
    );
    expect(replayPosition({ position: 5, seekAt: 0, duration: 0 }, 10)).toBe(0);
  });

  it('seeks only to whole ms within the feed, and seeds are whole numbers a person can type', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e9 }),
        fc.double({ min: -1e10, max: 1e10 }),
        (duration, value) => {
          expect(isSeekPosition(value, duration)).toBe(
            Number.isInteger(value) && value >= 0 && value < duration,
          );
        },
      ),
    );
    expect(isGeneratorSeed(0)).toBe(true);
    expect(isGeneratorSeed(2_147_483_647)).toBe(true);
    for (const bad of [-1, 2_147_483_648, 1.5, '7', Number.NaN]) expect(isGeneratorSeed(bad)).toBe(false);
  });
});

describe('feed clock text', () => {
  it('reads back what it writes, and reads nothing it does not understand', async () => {
    const { feedClockText, parseFeedClock } = await import('../../../src/domain/replay.ts');
    fc.assert(
      fc.property(fc.nat({ max: 999 * 3_600_000 }), (ms) => {
        const whole = Math.floor(ms / 1000) * 1000;
        expect(parseFeedClock(feedClockText(ms))).toBe(whole);
      }),
    );
    expect(parseFeedClock('1:30:00')).toBe(5_400_000);
    expect(parseFeedClock('90:00')).toBe(5_400_000);
    expect(parseFeedClock(' 45 ')).toBe(45_000);
    for (const bad of ['', '1:60', '1:2', '-5', '1.5', '1:00:00:00', 'abc', '1,5']) {
      expect(parseFeedClock(bad), bad).toBeNull();
    }
  });
});
