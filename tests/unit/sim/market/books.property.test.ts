import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BUY, SELL } from '../../../../src/sim/engine/index.ts';
import { DEPTH_LEVELS, depthAnswer } from '../../../../src/sim/market/market-answers.ts';
import type { Market } from '../../../../src/sim/market/market.ts';
import { PAIRS } from '../../../../src/sim/market/pairs.ts';
import { openMarket, START } from './market-fixture.ts';

/** Every pair's book holds bids below asks, several levels deep on each side. */
function expectTwoSided(market: Market): void {
  for (const pair of market.pairs) {
    const bid = pair.book.bestBid();
    const ask = pair.book.bestAsk();
    if (!(bid < ask)) throw new Error(`${pair.pair.symbol} at ${market.time()}: bid ${bid}, ask ${ask}`);
    const depth = depthAnswer(pair);
    if (depth.in.length < DEPTH_LEVELS / 2 || depth.out.length < DEPTH_LEVELS / 2) {
      throw new Error(
        `${pair.pair.symbol} at ${market.time()}: ${depth.in.length} bids, ${depth.out.length} asks`,
      );
    }
  }
}

describe('books under the simulated flow', () => {
  it('stay two-sided and deep, for any seed, start time and advance schedule (skips included)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 }),
        fc.integer({ min: 0, max: 180 * 86_400_000 }),
        // Mostly timer-sized steps, sometimes a long sleep that makes the market skip ahead.
        fc.array(
          fc.oneof(
            { arbitrary: fc.integer({ min: 1, max: 15_000 }), weight: 9 },
            { arbitrary: fc.integer({ min: 300_001, max: 6 * 3_600_000 }), weight: 1 },
          ),
          { minLength: 1, maxLength: 40 },
        ),
        (seed, offset, steps) => {
          const { clock, market } = openMarket({ seed, start: START - offset, pairs: PAIRS });
          expectTwoSided(market);
          for (const step of steps) {
            clock.advance(step);
            market.advanceTo(clock.now());
            expectTwoSided(market);
          }
        },
      ),
      { numRuns: 6 },
    );
  });

  it('stay two-sided through half an hour of every pair, checked every second', () => {
    const { clock, market } = openMarket({ seed: 20_250_101, pairs: PAIRS });
    for (let second = 0; second < 1_800; second++) {
      clock.advance(1_000);
      market.advanceTo(clock.now());
      expectTwoSided(market);
    }
  });

  it('recover within a couple of seconds when a user sweeps one side', () => {
    const { clock, market } = openMarket({ seed: 5 });
    const btc = market.pairs[0]!;
    clock.advance(10_000);
    market.advanceTo(clock.now());
    const resting = btc.book.orders(SELL).reduce((sum, order) => sum + order.lots, 0);
    btc.submitUserOrder({ orderId: 1, userId: 1, side: BUY, lots: resting + 1 });
    expect(Number.isNaN(btc.book.bestAsk())).toBe(true);
    clock.advance(2_000);
    market.advanceTo(clock.now());
    expectTwoSided(market);
  });

  it('trade near the reference price (the arbitrageur keeps the book honest)', () => {
    const { clock, market } = openMarket({ seed: 9, pairs: PAIRS });
    let worst = 0;
    for (let second = 0; second < 600; second++) {
      clock.advance(1_000);
      market.advanceTo(clock.now());
      for (const pair of market.pairs) {
        const mid = (pair.book.bestBid() + pair.book.bestAsk()) / 2;
        const reference = pair.referenceTicks(clock.now());
        // Measured in basis points, allowing one tick of rounding on cheap coins.
        const gap = (Math.abs(mid - reference) - 1) / reference;
        worst = Math.max(worst, gap * 1e4);
      }
    }
    expect(worst).toBeLessThan(25);
  });
});
