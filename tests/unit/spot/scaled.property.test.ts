import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  divideRounded,
  fitsDecimals,
  rescale,
  scaledToPlainText,
  scaledToText,
  toScaled,
} from '../../../src/domain/money.ts';

const units = fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n });
const places = fc.integer({ min: 0, max: 12 });

describe('scaled decimals', () => {
  it('text and back is the identity', () => {
    fc.assert(
      fc.property(units, places, (value, decimals) => {
        expect(toScaled(scaledToText(value, decimals), decimals)).toBe(value);
        expect(toScaled(scaledToPlainText(value, decimals), decimals)).toBe(value);
      }),
    );
  });

  it('cuts extra places towards zero', () => {
    expect(toScaled('12.3456789', 6)).toBe(12345678n);
    expect(toScaled('-0.0000009', 6)).toBe(-0n);
    expect(toScaled('abc', 2)).toBeNull();
    expect(toScaled('1e3', 0)).toBe(1000n);
  });

  it('floor and ceil bracket the exact quotient', () => {
    fc.assert(
      fc.property(units, fc.bigInt({ min: 1n, max: 10n ** 12n }), (numerator, divisor) => {
        const floor = divideRounded(numerator, divisor, 'floor');
        const ceil = divideRounded(numerator, divisor, 'ceil');
        expect(floor * divisor <= numerator).toBe(true);
        expect((floor + 1n) * divisor > numerator).toBe(true);
        expect(ceil * divisor >= numerator).toBe(true);
        expect(ceil - floor === (numerator % divisor === 0n ? 0n : 1n)).toBe(true);
      }),
    );
  });

  it('rescaling up is exact and down rounds as asked', () => {
    fc.assert(
      fc.property(units, places, places, (value, from, to) => {
        const floor = rescale(value, from, to, 'floor');
        const ceil = rescale(value, from, to, 'ceil');
        if (to >= from) expect(floor).toBe(ceil);
        expect(floor <= ceil).toBe(true);
        // Back to the original scale, the floor is at or below and the ceil at or above.
        expect(rescale(floor, to, from, 'floor') <= value).toBe(true);
        expect(rescale(ceil, to, from, 'floor') >= value).toBe(true);
      }),
    );
  });

  it('counts places without trailing zeros', () => {
    expect(fitsDecimals('1.2300', 2)).toBe(true);
    expect(fitsDecimals('1.234', 2)).toBe(false);
    expect(fitsDecimals('x', 2)).toBe(false);
  });
});
