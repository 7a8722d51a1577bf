import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  acceptDecimalInput,
  isDecimalEntry,
  PRICE_DECIMALS,
  priceDecimalsFor,
  QUANTITY_DECIMALS,
} from '../../../src/domain/spot/decimal-input.ts';

const keystrokes = fc.string({ unit: fc.constantFrom(...'0123456789.eE+- ,x'.split('')), maxLength: 16 });

describe('price and quantity inputs (spec §5)', () => {
  it('never let e, minus or plus in, and never more places than allowed', () => {
    fc.assert(
      fc.property(keystrokes, keystrokes, fc.integer({ min: 0, max: 8 }), (previous, next, places) => {
        const before = isDecimalEntry(previous, places) ? previous : '';
        const shown = acceptDecimalInput(before, next, places);
        expect(shown).not.toMatch(/[-eE+]/);
        const frac = shown.split('.')[1];
        expect((frac ?? '').length).toBeLessThanOrEqual(places);
        expect(shown === before || shown === next.trim() || shown === `0${next.trim()}`).toBe(true);
      }),
    );
  });

  it('is idempotent: accepting the shown text again changes nothing', () => {
    fc.assert(
      fc.property(keystrokes, (next) => {
        const shown = acceptDecimalInput('', next, PRICE_DECIMALS);
        expect(acceptDecimalInput(shown, shown, PRICE_DECIMALS)).toBe(shown);
      }),
    );
  });

  it('takes 4 price decimals and 6 quantity decimals', () => {
    expect(acceptDecimalInput('1.234', '1.2345', PRICE_DECIMALS)).toBe('1.2345');
    expect(acceptDecimalInput('1.2345', '1.23456', PRICE_DECIMALS)).toBe('1.2345');
    expect(acceptDecimalInput('', '1e5', PRICE_DECIMALS)).toBe('');
    expect(acceptDecimalInput('5', '-5', PRICE_DECIMALS)).toBe('5');
    expect(acceptDecimalInput('5', '+5', PRICE_DECIMALS)).toBe('5');
    expect(acceptDecimalInput('', '.5', PRICE_DECIMALS)).toBe('0.5');
    expect(acceptDecimalInput('', ' 7 ', PRICE_DECIMALS)).toBe('7');
    expect(acceptDecimalInput('0.12345', '0.123456', QUANTITY_DECIMALS)).toBe('0.123456');
    expect(acceptDecimalInput('0.123456', '0.1234567', QUANTITY_DECIMALS)).toBe('0.123456');
    expect(acceptDecimalInput('3', '3.', 0)).toBe('3');
  });

  it('uses the pair grid when it is known, else 4', () => {
    expect(priceDecimalsFor(undefined)).toBe(4);
    expect(priceDecimalsFor(2)).toBe(2);
  });
});
