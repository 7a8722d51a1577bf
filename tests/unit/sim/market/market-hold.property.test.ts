import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currencyMatchesAnswer, dealAnswer } from '../../../../src/sim/market/market-answers.ts';
import type { Market } from '../../../../src/sim/market/market.ts';
import { openMarket } from './market-fixture.ts';

/** What the market shows: every pair's deal snapshot and the quotes table. */
function shown(market: Market): string {
  return JSON.stringify({
    time: market.time(),
    deals: market.pairs.map((pair) => dealAnswer(pair)),
    quotes: currencyMatchesAnswer(market),
  });
}

/**
 * The worker holds the market while it answers the first quotes and the users' features open
 * (issue 19): nothing may move it then, and after `release` it goes on exactly as a market that was
 * never held, whatever was read from it meanwhile.
 */
describe('a held market', () => {
  it('stands still while held, and once released is the market that was never held', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.array(fc.integer({ min: 1, max: 3_000 }), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 1, max: 20_000 }),
        (seed, heldSteps, after) => {
          const never = openMarket({ seed });
          const held = openMarket({ seed });
          const opened = shown(held.market);
          held.market.hold();
          for (const step of heldSteps) {
            held.clock.advance(step);
            held.market.advanceToNow();
            held.market.advanceTo(held.clock.now() + step);
            // Answers read it as it opened.
            expect(shown(held.market)).toBe(opened);
          }
          held.market.release();
          never.clock.advance(heldSteps.reduce((sum, step) => sum + step, 0));
          never.clock.advance(after);
          held.clock.advance(after);
          never.market.advanceToNow();
          held.market.advanceToNow();
          expect(shown(held.market)).toBe(shown(never.market));
        },
      ),
      { numRuns: 8 },
    );
  });
});
