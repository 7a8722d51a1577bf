import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  divideRounded,
  exactScaled,
  fitsDecimals,
  rescale,
  roundedScaledText,
  scaledToPlainText,
  scaledToText,
  toScaled,
  unitsPlainText,
  unitsText,
} from '../../../src/domain/money.ts';

/**
 * The money module against decimal.js as the oracle: every parse, print and rescale gives what an
 * arbitrary-precision decimal library gives under the rounding rule the function's comment names.
 */
const D = Decimal.clone({ precision: 200, toExpNeg: -400, toExpPos: 400 });
const decimals = fc.integer({ min: 0, max: 12 });
const units = fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n });
/** A plain decimal text: sign, up to 25 whole digits, up to 16 places (zeros included). */
const decimalText = fc
  .tuple(
    fc.boolean(),
    fc.stringMatching(/^[0-9]{1,25}$/),
    fc.option(fc.stringMatching(/^[0-9]{1,16}$/), { nil: undefined }),
  )
  .map(
    ([negative, whole, fraction]) =>
      `${negative ? '-' : ''}${whole}${fraction === undefined ? '' : `.${fraction}`}`,
  );
const scale = (d: number) => new D(10).pow(d);
const integerOf = (value: Decimal) => BigInt(value.toFixed(0));

describe('the money module agrees with decimal.js', () => {
  it('toScaled cuts towards zero past the scale', () => {
    fc.assert(
      fc.property(decimalText, decimals, (text, d) => {
        expect(toScaled(text, d)).toBe(integerOf(new D(text).mul(scale(d)).toDecimalPlaces(0, D.ROUND_DOWN)));
      }),
    );
  });

  it('exactScaled takes exactly what fits the scale and refuses anything finer', () => {
    fc.assert(
      fc.property(decimalText, decimals, (text, d) => {
        const value = new D(text);
        const fits = value.decimalPlaces() <= d;
        expect(exactScaled(text, d)).toBe(fits ? integerOf(value.mul(scale(d))) : null);
        expect(fitsDecimals(text, d)).toBe(fits);
      }),
    );
  });

  it('scaledToText prints every place exactly, scaledToPlainText without trailing zeros', () => {
    fc.assert(
      fc.property(units, decimals, (value, d) => {
        const exact = new D(value.toString()).div(scale(d));
        expect(scaledToText(value, d)).toBe(exact.toFixed(d));
        expect(scaledToPlainText(value, d)).toBe(exact.toFixed());
        // And back: the text is the value.
        expect(toScaled(scaledToText(value, d), d)).toBe(value);
      }),
    );
  });

  it('the ledger printers are the 8-place ones', () => {
    fc.assert(
      fc.property(units, (value) => {
        const exact = new D(value.toString()).div(scale(8));
        expect(unitsText(value)).toBe(exact.toFixed(8));
        expect(unitsPlainText(value)).toBe(exact.toFixed());
      }),
    );
  });

  it('roundedScaledText rounds half away from zero', () => {
    fc.assert(
      fc.property(units, decimals, decimals, (value, from, to) => {
        const exact = new D(value.toString()).div(scale(from));
        // A value that rounds to zero prints as zero, without decimal.js's minus sign.
        const expected = exact.toFixed(to, D.ROUND_HALF_UP).replace(/^-(0(?:\.0+)?)$/, '$1');
        expect(roundedScaledText(value, from, to)).toBe(expected);
      }),
    );
  });

  it('rescale and divideRounded floor and ceil as asked', () => {
    fc.assert(
      fc.property(
        units,
        decimals,
        decimals,
        fc.constantFrom('floor' as const, 'ceil' as const),
        (value, from, to, rounding) => {
          const mode = rounding === 'floor' ? D.ROUND_FLOOR : D.ROUND_CEIL;
          const exact = new D(value.toString()).mul(scale(to)).div(scale(from));
          expect(rescale(value, from, to, rounding)).toBe(integerOf(exact.toDecimalPlaces(0, mode)));
        },
      ),
    );
    fc.assert(
      fc.property(
        units,
        fc.bigInt({ min: 1n, max: 10n ** 20n }),
        fc.constantFrom('floor' as const, 'ceil' as const),
        (n, divisor, rounding) => {
          const mode = rounding === 'floor' ? D.ROUND_FLOOR : D.ROUND_CEIL;
          const exact = new D(n.toString()).div(divisor.toString());
          expect(divideRounded(n, divisor, rounding)).toBe(integerOf(exact.toDecimalPlaces(0, mode)));
        },
      ),
    );
  });
});
