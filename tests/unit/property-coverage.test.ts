import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Coverage, coverageFloor } from './property-coverage.ts';

describe('coverage floors of random walks', () => {
  it('scale with the runs made: the default asks what it always did, fewer ask less, more ask more', () => {
    const rate = { atLeast: 11, per: 300 };
    expect(coverageFloor(300, rate)).toBe(11);
    expect(coverageFloor(50, rate)).toBe(1);
    expect(coverageFloor(100, rate)).toBe(3);
    expect(coverageFloor(500, rate)).toBe(18);
    expect(coverageFloor(50, { atLeast: 11, per: 1000 })).toBe(1);
    expect(coverageFloor(1000, { atLeast: 11, per: 1000 })).toBe(11);
  });

  it('never fall below 1, so a case that never happens fails at any number of runs', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20_000 }),
        fc.integer({ min: 1, max: 50 }),
        // At most one per run, so a kind seen in every run always meets its floor.
        fc.integer({ min: 50, max: 10_000 }),
        (runs, atLeast, per) => {
          const rate = { atLeast, per };
          expect(coverageFloor(runs, rate)).toBeGreaterThanOrEqual(1);
          expect(coverageFloor(runs + 1, rate)).toBeGreaterThanOrEqual(coverageFloor(runs, rate));
          const coverage = new Coverage();
          for (let run = 0; run < runs; run++) {
            coverage.run();
            coverage.saw('common');
          }
          expect(() => coverage.expectEach(['common'], rate)).not.toThrow();
          expect(() => coverage.expectEach(['never'], rate)).toThrow(`never: 0 in ${runs} runs`);
        },
      ),
      { numRuns: 50 },
    );
  });
});
