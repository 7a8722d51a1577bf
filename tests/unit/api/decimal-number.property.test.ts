import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { decimal, numberToDecimalText } from '../../../src/api/fields.ts';

/** The field as it was first written: a union of the two forms with a transform (the reference). */
const unionDecimal = z
  .union([z.string().regex(/^-?\d+(\.\d+)?$/), z.number().finite()])
  .transform((value) => (typeof value === 'number' ? numberToDecimalText(value) : value));

/** Anything a payload may carry in a decimal field, right or wrong. */
const anyField = fc.oneof(
  fc.stringMatching(/^-?\d{1,12}(\.\d{1,10})?$/),
  fc.string(),
  fc.constantFrom('', '-', '1.', '.5', '1e5', ' 1', '+1', '0x10', 'NaN', 'Infinity', '-0', '00.10'),
  fc.double(),
  fc.integer(),
  fc.constantFrom(Number.NaN, Infinity, -Infinity, -0, null, undefined, true, false),
  fc.array(fc.integer(), { maxLength: 2 }),
  fc.object({ maxDepth: 1 }),
);

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

  it('property: accepts, reads and refuses (at the field, in a payload) exactly what the union did', () => {
    const payload = z.object({ price: decimal });
    const unionPayload = z.object({ price: unionDecimal });
    fc.assert(
      fc.property(anyField, (value) => {
        const now = payload.safeParse({ price: value });
        const then = unionPayload.safeParse({ price: value });
        expect(now.success).toBe(then.success);
        if (now.success && then.success) expect(now.data).toEqual(then.data);
        if (!now.success) expect(now.error.issues[0]?.path).toEqual(['price']);
      }),
      { numRuns: 2_000 },
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
