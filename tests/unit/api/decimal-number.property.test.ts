import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decimal, numberToDecimalText } from '../../../src/api/fields.ts';

/** Issue 18 item 4: servers of this family send money as JSON numbers; the client hands on decimal text. */
describe('money sent as a JSON number', () => {
  it('property: any finite number reads as a plain decimal string of the same value', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
        const text = decimal.parse(value);
        expect(text).toMatch(/^-?\d+(\.\d+)?$/);
        expect(Number(text)).toBe(value === 0 ? 0 : value);
      }),
    );
  });

  it('writes out the exponents JavaScript uses', () => {
    expect(numberToDecimalText(1e-7)).toBe('0.0000001');
    expect(numberToDecimalText(-2.5e-8)).toBe('-0.000000025');
    expect(numberToDecimalText(1.5e21)).toBe('1500000000000000000000');
    expect(numberToDecimalText(64000.5)).toBe('64000.5');
    expect(numberToDecimalText(0.001)).toBe('0.001');
  });
});
