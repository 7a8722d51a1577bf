import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  changeDirection,
  compareDecimal,
  formatNewsDate,
  groupThousands,
  NO_VALUE,
  parseDecimal,
  truncateDecimal,
} from '../../../src/domain/format.ts';

/** Decimal strings of up to 12 integer and 8 fractional digits, with their exact value as a BigInt. */
const decimal = fc
  .record({
    negative: fc.boolean(),
    int: fc.bigInt({ min: 0n, max: 10n ** 12n }),
    frac: fc.bigInt({ min: 0n, max: 10n ** 8n - 1n }),
    places: fc.integer({ min: 0, max: 8 }),
  })
  .map(({ negative, int, frac, places }) => {
    const fracText = places === 0 ? '' : frac.toString().padStart(8, '0').slice(0, places);
    const text = `${negative ? '-' : ''}${int}${places === 0 ? '' : `.${fracText}`}`;
    const value = (int * 10n ** 8n + BigInt(fracText.padEnd(8, '0') || '0')) * (negative ? -1n : 1n);
    return { text, value };
  });

describe('compareDecimal is exact and agrees with integer order', () => {
  it('for any two decimals', () => {
    fc.assert(
      fc.property(decimal, decimal, (a, b) => {
        const expected = a.value < b.value ? -1 : a.value > b.value ? 1 : 0;
        expect(compareDecimal(a.text, b.text)).toBe(expected);
      }),
    );
  });

  it('on the boundaries of length, digits and fraction width', () => {
    expect(compareDecimal('9', '10')).toBe(-1);
    expect(compareDecimal('10', '9')).toBe(1);
    expect(compareDecimal('12', '13')).toBe(-1);
    expect(compareDecimal('13', '12')).toBe(1);
    expect(compareDecimal('1.5', '1.45')).toBe(1);
    expect(compareDecimal('1.45', '1.5')).toBe(-1);
    expect(compareDecimal('1.50', '1.5')).toBe(0);
    expect(compareDecimal('0.1', '0.10000')).toBe(0);
    expect(compareDecimal('-0', '0')).toBe(0);
  });
});

describe('parseDecimal', () => {
  it('reads numbers, trims strings, expands exponents, refuses the rest', () => {
    expect(parseDecimal(' 12.50 ')).toEqual({ negative: false, int: '12', frac: '5' });
    expect(parseDecimal(1.5e-7)).toEqual({ negative: false, int: '0', frac: '00000015' });
    expect(parseDecimal('1e-1')).toEqual({ negative: false, int: '0', frac: '1' });
    expect(parseDecimal('1e0')).toEqual({ negative: false, int: '1', frac: '' });
    expect(parseDecimal('1.25e1')).toEqual({ negative: false, int: '12', frac: '5' });
    expect(parseDecimal('12e1')).toEqual({ negative: false, int: '120', frac: '' });
    expect(parseDecimal('1.5e21')).toEqual({ negative: false, int: '1500000000000000000000', frac: '' });
    expect(parseDecimal('-2.5E+2')).toEqual({ negative: true, int: '250', frac: '' });
    for (const bad of [Infinity, -Infinity, Number.NaN, 'x1e5', '1e', 'e5', '.', '-', '1..2', '1e5x']) {
      expect(parseDecimal(bad)).toBeNull();
    }
  });
});

describe('truncateDecimal drops the sign of a value that cuts to zero', () => {
  it('only when every kept digit is zero', () => {
    expect(truncateDecimal('-0.001', 2)).toBe('0.00');
    expect(truncateDecimal('-0.10', 2)).toBe('-0.10');
    expect(truncateDecimal('-0.011', 2)).toBe('-0.01');
  });
});

describe('groupThousands', () => {
  it('groups only whole decimal numbers, and leaves anything else alone', () => {
    expect(groupThousands('1234567.5')).toBe('1,234,567.5');
    expect(groupThousands('-1234')).toBe('-1,234');
    for (const text of [NO_VALUE, 'x1234', '1234x', '1234.5.6', 'abc'])
      expect(groupThousands(text)).toBe(text);
  });
});

describe('changeDirection', () => {
  it('is up for gains, down for losses, flat for zero and for what is missing', () => {
    expect(changeDirection('0.01')).toBe('up');
    expect(changeDirection('-0.01')).toBe('down');
    expect(changeDirection('0')).toBe('flat');
    expect(changeDirection('-0.000')).toBe('flat');
    expect(changeDirection('abc')).toBe('flat');
    expect(changeDirection(null)).toBe('flat');
  });
});

describe('formatNewsDate', () => {
  it('keeps the date of a "YYYY-MM-DD HH:mm:ss" string and shows any other string as it came', () => {
    expect(formatNewsDate('2024-03-05 12:00:00')).toBe('2024-03-05');
    expect(formatNewsDate(' 2024-03-05T12:00:00Z')).toBe('2024-03-05');
    expect(formatNewsDate('2024-03-05')).toBe('2024-03-05');
    expect(formatNewsDate('2024-03-051')).toBe('2024-03-051');
    expect(formatNewsDate('on 2024-03-05')).toBe('on 2024-03-05');
  });

  it('reads ten-digit epochs as seconds and thirteen-digit ones as milliseconds, in UTC', () => {
    expect(formatNewsDate(1_709_640_000)).toBe('2024-03-05');
    expect(formatNewsDate(1_709_640_000_000)).toBe('2024-03-05');
    // 1e11 is the first value read as milliseconds (early 1973), not seconds (year 5138).
    expect(formatNewsDate(1e11)).toBe('1973-03-03');
  });

  it('shows the no-value mark for what is missing, not finite or out of the calendar', () => {
    expect(NO_VALUE).toBe('--');
    for (const value of [null, undefined, '', Number.NaN, Infinity, 1e20]) {
      expect(formatNewsDate(value)).toBe(NO_VALUE);
    }
  });
});
