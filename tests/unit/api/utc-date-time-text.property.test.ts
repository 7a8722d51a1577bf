import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { utcDateTimeMs, utcDateTimeText } from '../../../src/api/fields.ts';
import { Coverage } from '../property-coverage.ts';

/** The text as it was first written, one Date per call: the reference the kept texts must equal. */
function reference(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

/** The reference's text or its error's name: an instant Date cannot hold throws either way. */
function outcome(format: (ms: number) => string, ms: number): string {
  try {
    return format(ms);
  } catch (error) {
    return `throws ${(error as Error).name}`;
  }
}

const MAX_DATE_MS = 8.64e15;
/** The slots the formatter keeps: seconds this far apart share one. */
const SLOTS = 256;

/** An instant near `base`: the same second, the next, one a slot's turn away, or a ms around an edge. */
function near(base: number): fc.Arbitrary<number> {
  return fc.oneof(
    fc.integer({ min: 0, max: 999 }).map((ms) => Math.floor(base / 1000) * 1000 + ms),
    fc.integer({ min: -3, max: 3 }).map((seconds) => base + seconds * 1000),
    fc.integer({ min: -4, max: 4 }).map((turns) => base + turns * SLOTS * 1000),
    fc.constantFrom(-1, 0, 1, 999, 1000, -999, -1000).map((ms) => Math.floor(base / 1000) * 1000 + ms),
  );
}

/** Any number a caller could pass: whole ms in and past Date's range, fractions, -0, NaN, infinities. */
const anyInstant = fc.oneof(
  fc.integer({ min: -2_000_000_000_000, max: 5_000_000_000_000 }),
  fc.integer({ min: -MAX_DATE_MS, max: MAX_DATE_MS }),
  fc.constantFrom(
    0,
    -0,
    1,
    -1,
    999,
    -999,
    -1000,
    MAX_DATE_MS,
    -MAX_DATE_MS,
    MAX_DATE_MS + 1,
    -MAX_DATE_MS - 1,
    MAX_DATE_MS + 999,
    -MAX_DATE_MS - 999,
    Number.MAX_SAFE_INTEGER,
    Number.NaN,
    Infinity,
    -Infinity,
  ),
  fc.double({ min: -MAX_DATE_MS * 1.01, max: MAX_DATE_MS * 1.01 }),
  fc.integer({ min: -5_000_000, max: 5_000_000 }).map((ms) => ms - 0.5),
);

/** A run of calls as a server makes them: bursts in one second, rows of a list, slot neighbours. */
const calls = anyInstant.chain((first) =>
  fc
    .array(fc.oneof(anyInstant, near(Number.isFinite(first) ? Math.trunc(first) : 0)), {
      minLength: 1,
      maxLength: 60,
    })
    .map((rest) => [first, ...rest]),
);

describe('utcDateTimeText: order rows\' "YYYY-MM-DD HH:mm:ss", kept per second', () => {
  it('property: every call, in any order, answers what a fresh Date would (or throws as it does)', () => {
    const coverage = new Coverage();
    fc.assert(
      fc.property(calls, (instants) => {
        coverage.run();
        const seen = new Map<number, string>();
        for (const ms of instants) {
          const expected = outcome(reference, ms);
          expect(outcome(utcDateTimeText, ms), String(ms)).toBe(expected);
          if (expected.startsWith('throws')) coverage.saw('throws');
          else if (!Number.isInteger(ms)) coverage.saw('fraction');
          else if (ms < 0) coverage.saw('before 1970');
          const second = Math.floor(ms / 1000);
          if (Number.isSafeInteger(ms) && seen.has(second)) coverage.saw('same second again');
          if (Number.isSafeInteger(ms)) {
            const slotMate = [...seen.keys()].some(
              (other) => other !== second && (other & (SLOTS - 1)) === (second & (SLOTS - 1)),
            );
            if (slotMate) coverage.saw('another second in the slot');
            seen.set(second, expected);
          }
        }
      }),
      { numRuns: 300 },
    );
    coverage.expectEach(
      ['throws', 'fraction', 'before 1970', 'same second again', 'another second in the slot'],
      { atLeast: 10, per: 300 },
    );
  });

  it('property: the text reads back as the instant cut to its second', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 253_402_300_799_999 }), (ms) => {
        expect(utcDateTimeMs(utcDateTimeText(ms))).toBe(Math.floor(ms / 1000) * 1000);
      }),
    );
  });

  it('a fraction before 1970 is cut towards zero, as Date cuts it, not floored into the second before', () => {
    expect(utcDateTimeText(-1000)).toBe('1969-12-31 23:59:59');
    expect(utcDateTimeText(-0.5)).toBe('1970-01-01 00:00:00');
    expect(utcDateTimeText(-1000)).toBe('1969-12-31 23:59:59');
    expect(() => utcDateTimeText(MAX_DATE_MS + 1)).toThrow(RangeError);
  });
});
