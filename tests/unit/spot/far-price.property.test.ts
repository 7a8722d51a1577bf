import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FAR_PRICE_PERCENT,
  isFarThroughBest,
  percentThroughBest,
} from '../../../src/domain/spot/far-price.ts';

const cents = fc.integer({ min: 1, max: 10_000_000 });
const text = (units: number) => (units / 100).toFixed(2);

describe('a price far through the market (issue 11: confirm beyond 10 %)', () => {
  it('a buy asks above the best ask x 1.1, a sell below the best bid x 0.9, exactly at the edge it does not', () => {
    expect(FAR_PRICE_PERCENT).toBe(10);
    expect(isFarThroughBest('buy', '110', '100')).toBe(false);
    expect(isFarThroughBest('buy', '110.01', '100')).toBe(true);
    expect(isFarThroughBest('sell', '90', '100')).toBe(false);
    expect(isFarThroughBest('sell', '89.99', '100')).toBe(true);
    // A buy below the ask and a sell above the bid rest in the book: never far.
    expect(isFarThroughBest('buy', '1', '100')).toBe(false);
    expect(isFarThroughBest('sell', '1000', '100')).toBe(false);
    // Nothing to compare with: nothing to ask.
    expect(isFarThroughBest('buy', '1000', null)).toBe(false);
    expect(isFarThroughBest('buy', 'abc', '100')).toBe(false);
  });

  it('agrees with the percentage shown: far exactly when more than 10 % through, by whole percent rounded down', () => {
    fc.assert(
      fc.property(fc.constantFrom('buy' as const, 'sell' as const), cents, cents, (side, price, best) => {
        const through = side === 'buy' ? price - best : best - price;
        const exact = (through * 100) / best;
        expect(isFarThroughBest(side, text(price), text(best))).toBe(exact > FAR_PRICE_PERCENT);
        expect(percentThroughBest(side, text(price), text(best))).toBe(through > 0 ? Math.floor(exact) : 0);
      }),
    );
  });
});
