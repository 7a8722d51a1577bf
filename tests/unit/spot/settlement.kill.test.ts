import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  affordableLots,
  feeOf,
  quoteUnits,
  ticksOf,
  type PairGrid,
} from '../../../src/domain/spot/settlement.ts';

/** Grids on both sides of the ledger's 8 places (price + lot places below, at and above 8). */
const grid = fc.record({
  priceDecimals: fc.integer({ min: 0, max: 8 }),
  lotDecimals: fc.integer({ min: 0, max: 8 }),
});
const ticks = fc.integer({ min: 1, max: 2 ** 40 });

describe('affordableLots at the edge of the budget', () => {
  it('a budget that is exactly the cost of n lots buys at least n; one unit less buys fewer than n', () => {
    fc.assert(
      fc.property(grid, ticks, fc.bigInt({ min: 1n, max: 10n ** 9n }), (g: PairGrid, t, n) => {
        const exact = quoteUnits(t, n, g, 'ceil');
        const most = affordableLots(exact, t, g);
        // Rounding up can make a few more lots cost the same: all of those are affordable too.
        expect(most >= n).toBe(true);
        expect(quoteUnits(t, most, g, 'ceil') <= exact).toBe(true);
        expect(quoteUnits(t, most + 1n, g, 'ceil') > exact).toBe(true);
        expect(affordableLots(exact - 1n, t, g) < n).toBe(true);
      }),
    );
  });

  it('the same, on grids whose products have fewer and more places than the ledger', () => {
    // 2 + 5 = 7 places: 1 lot of 0.00001 at 0.01 costs 1e-7, i.e. 10 ledger units.
    const coarse = { priceDecimals: 2, lotDecimals: 5 };
    expect(quoteUnits(1, 1, coarse, 'ceil')).toBe(10n);
    expect(affordableLots(10n, 1, coarse)).toBe(1n);
    expect(affordableLots(9n, 1, coarse)).toBe(0n);
    expect(affordableLots(30n, 1, coarse)).toBe(3n);
    // 5 + 4 = 9 places: a lot at 3 ticks costs 3e-9, rounded up to 1 unit; 10 units buy 33 lots (99e-9).
    const fine = { priceDecimals: 5, lotDecimals: 4 };
    expect(affordableLots(10n, 3, fine)).toBe(33n);
    expect(affordableLots(1n, 3, fine)).toBe(3n);
  });

  it('buys nothing with no budget, a negative one, or at no price', () => {
    const g = { priceDecimals: 2, lotDecimals: 5 };
    expect(affordableLots(0n, 100, g)).toBe(0n);
    expect(affordableLots(-1_000n, 100, g)).toBe(0n);
    expect(affordableLots(10n ** 12n, 0, g)).toBe(0n);
  });
});

describe('feeOf', () => {
  it('is never negative and never more than 0.1 % of what was received', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 18n), max: 10n ** 18n }), (received) => {
        const fee = feeOf(received);
        expect(fee >= 0n).toBe(true);
        if (received > 0n) expect(fee * 1000n <= received).toBe(true);
        else expect(fee).toBe(0n);
      }),
    );
    expect(feeOf(-1_000_000n)).toBe(0n);
    expect(feeOf(1_000n)).toBe(1n);
  });
});

describe('ticksOf', () => {
  it('reads a price with no more places than the tick, whatever trailing zeros it carries', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 8 }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.nat({ max: 6 }),
        (places, units, zeros) => {
          const digits = units.toString().padStart(places + 1, '0');
          const text = places === 0 ? digits : `${digits.slice(0, -places)}.${digits.slice(-places)}`;
          const g = { priceDecimals: places, lotDecimals: 0 };
          const padded =
            places === 0 && zeros > 0 ? `${text}.${'0'.repeat(zeros)}` : `${text}${'0'.repeat(zeros)}`;
          expect(ticksOf(padded, g)).toBe(units);
          // One more significant place is off the tick.
          const finer = places === 0 ? `${text}.5` : `${text}5`;
          expect(ticksOf(finer, g)).toBeNull();
        },
      ),
    );
    expect(ticksOf('abc', { priceDecimals: 2, lotDecimals: 0 })).toBeNull();
  });
});
