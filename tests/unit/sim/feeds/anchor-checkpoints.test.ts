import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SEED_CHECKPOINTS } from '../../../../src/sim/feeds/anchor-checkpoints.ts';
import { DailyAnchors } from '../../../../src/sim/feeds/daily-anchors.ts';
import { DEFAULT_SEED, ReferenceGenerator } from '../../../../src/sim/feeds/reference-generator.ts';

const LAST = DEFAULT_SEED_CHECKPOINTS[DEFAULT_SEED_CHECKPOINTS.length - 1]!.day;

/**
 * The daily-anchor chain resumes from shipped checkpoints (issue 19: a cold worker walked two years
 * of it before the first quote). A checkpoint is only a shortcut: every anchor is the one the walk
 * from day 0 gives, bit for bit.
 */
describe('anchor checkpoints', () => {
  it('each is the state the walk from day 0 reaches on its day', () => {
    const walk = new DailyAnchors(DEFAULT_SEED);
    for (const checkpoint of DEFAULT_SEED_CHECKPOINTS) {
      walk.at(checkpoint.day - 1);
      expect(walk.checkpoint()).toEqual(checkpoint);
    }
    expect(DEFAULT_SEED_CHECKPOINTS.map((checkpoint) => checkpoint.day)).toEqual(
      DEFAULT_SEED_CHECKPOINTS.map((_, index) => 128 * (index + 1)),
    );
  });

  it('any days asked in any order give the anchors of the walk from day 0', () => {
    const walk = new DailyAnchors(DEFAULT_SEED);
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: LAST + 300 }), { minLength: 1, maxLength: 6 }),
        (days) => {
          const resumed = new DailyAnchors(DEFAULT_SEED, DEFAULT_SEED_CHECKPOINTS);
          for (const day of days) expect(resumed.at(day)).toEqual(walk.at(day));
        },
      ),
      { numRuns: 40 },
    );
  });

  it('the generator of the default seed uses them, and prices are those of the plain walk', () => {
    const generator = new ReferenceGenerator();
    expect(generator.seed).toBe(DEFAULT_SEED);
    const walk = new DailyAnchors(DEFAULT_SEED);
    const day = 690;
    const anchors = (generator as unknown as { anchors: DailyAnchors }).anchors;
    expect(anchors.at(day)).toEqual(walk.at(day));
    // It started from the checkpoint: the chain has not walked the days before it.
    expect((anchors as unknown as { anchors: Map<number, unknown> }).anchors.has(0)).toBe(false);
  });
});
