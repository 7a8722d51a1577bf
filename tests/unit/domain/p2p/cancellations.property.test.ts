import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buyingBarredUntil,
  cancelsToday,
  DAY_MS,
  dayStart,
} from '../../../../src/domain/p2p/cancellations.ts';

const instant = fc.integer({ min: 0, max: 4_000_000_000_000 });

describe('UTC days of the cancellation rule', () => {
  it('a day starts at UTC midnight: the same calendar day as the instant, at 00:00:00.000', () => {
    fc.assert(
      fc.property(instant, (at) => {
        const start = new Date(dayStart(at));
        const day = new Date(at);
        expect(start.toISOString().slice(0, 10)).toBe(day.toISOString().slice(0, 10));
        expect(start.toISOString().slice(11)).toBe('00:00:00.000Z');
      }),
    );
  });

  it('a cancellation at midnight counts for the day it opens, not the one before', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40_000 }),
        fc.integer({ min: 0, max: DAY_MS - 1 }),
        (day, into) => {
          const midnight = day * DAY_MS;
          expect(cancelsToday([midnight], midnight + into)).toBe(1);
          expect(cancelsToday([midnight], midnight - 1)).toBe(0);
          expect(buyingBarredUntil([midnight, midnight, midnight], midnight + into)).toBe(midnight + DAY_MS);
          // Stamped at the next midnight, they belong to tomorrow.
          expect(cancelsToday([midnight + DAY_MS], midnight + into)).toBe(0);
          expect(buyingBarredUntil(Array(3).fill(midnight + DAY_MS), midnight + into)).toBeNull();
        },
      ),
    );
  });
});
