import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { levelValue } from '../../../src/domain/spot/level-value.ts';
import { scaledToText, toScaled } from '../../../src/domain/money.ts';

describe('a book level value', () => {
  it('is price x quantity rounded half away from zero to the price places', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 10n }),
        fc.bigInt({ min: 0n, max: 10n ** 10n }),
        fc.integer({ min: 0, max: 8 }),
        (priceUnits, lots, priceDecimals) => {
          const price = scaledToText(priceUnits, priceDecimals);
          const quantity = scaledToText(lots, 5);
          const value = toScaled(levelValue(price, quantity, priceDecimals), priceDecimals)!;
          // value x 10^5 is within half a unit of price x quantity at (price + 5) places.
          const exact = priceUnits * lots;
          const scale = 10n ** 5n;
          expect(2n * (value * scale - exact) <= scale).toBe(true);
          expect(2n * (exact - value * scale) < scale).toBe(true);
        },
      ),
    );
  });

  it('values a level that is not a number at 0', () => {
    expect(levelValue('x', '1', 2)).toBe('0.00');
  });
});
