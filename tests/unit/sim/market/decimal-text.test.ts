import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { percentText } from '../../../../src/sim/market/decimal-text.ts';
import { roundedScaledText, scaledToText } from '../../../../src/domain/money.ts';

describe('decimal text', () => {
  it('writes scaled integers exactly, and they read back to the same integer', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e15, max: 1e15 }),
        fc.integer({ min: 0, max: 10 }),
        (units, decimals) => {
          const text = scaledToText(units, decimals);
          expect(text).toMatch(decimals === 0 ? /^-?\d+$/ : new RegExp(`^-?\\d+\\.\\d{${decimals}}$`));
          expect(BigInt(text.replace('.', ''))).toBe(BigInt(units));
        },
      ),
    );
    expect(scaledToText(5, 3)).toBe('0.005');
    expect(scaledToText(-12345, 2)).toBe('-123.45');
  });

  it('rounds half away from zero when dropping places', () => {
    expect(roundedScaledText(12345n, 3, 2)).toBe('12.35');
    expect(roundedScaledText(-12345n, 3, 2)).toBe('-12.35');
    expect(roundedScaledText(12344n, 3, 2)).toBe('12.34');
    expect(roundedScaledText(7n, 0, 2)).toBe('7.00');
  });

  it('writes percentages with two places, never "-0.00"', () => {
    expect(percentText(0.012345)).toBe('1.23');
    expect(percentText(-0.5)).toBe('-50.00');
    expect(percentText(-0.00001)).toBe('0.00');
  });
});
