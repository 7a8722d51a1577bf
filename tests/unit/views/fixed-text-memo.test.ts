import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '../../../src/domain/languages.ts';
import { numberTextFor, type NumberText } from '../../../src/domain/number-locale.ts';
import { createFixedTextMemo } from '../../../src/views/pages/trade/fixed-text-memo.ts';

/** A NumberText that counts its `fixed` calls (the real formatter underneath). */
function counted(language: (typeof LANGUAGE_CODES)[number]): { numbers: NumberText; calls: () => number } {
  const real = numberTextFor(language);
  let calls = 0;
  return {
    numbers: {
      ...real,
      fixed: (value, decimals) => {
        calls++;
        return real.fixed(value, decimals);
      },
    },
    calls: () => calls,
  };
}

/** Decimal texts as the book's levels carry them, a few distinct values so that they repeat. */
const levelText = fc
  .tuple(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 3 }))
  .map(([units, places]) => (places === 0 ? String(units * 1000) : (units / 10 ** places).toFixed(places)));

describe('the order book remembers its texts (fixed-text-memo.ts)', () => {
  it('answers what numbers.fixed answers, in any order of values and places, in every language', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LANGUAGE_CODES),
        fc.array(fc.tuple(levelText, fc.integer({ min: 0, max: 4 })), { minLength: 1, maxLength: 200 }),
        fc.integer({ min: 1, max: 8 }),
        (language, calls, limit) => {
          const numbers = numberTextFor(language);
          const memo = createFixedTextMemo(numbers, limit);
          for (const [value, decimals] of calls)
            expect(memo.fixed(value, decimals)).toBe(numbers.fixed(value, decimals));
        },
      ),
    );
  });

  it('formats a value once while its places stay, and again after they change', () => {
    const { numbers, calls } = counted('en');
    const memo = createFixedTextMemo(numbers);
    for (let frame = 0; frame < 60; frame++) {
      expect(memo.fixed('90000.5', 2)).toBe('90,000.50');
      expect(memo.fixed('0.0359', 4)).toBe('0.0359');
    }
    // Two values at changing places: each change of places forgets what was known.
    expect(calls()).toBe(120);
    const steady = createFixedTextMemo(numbers);
    for (let frame = 0; frame < 60; frame++) steady.fixed('90000.5', 2);
    expect(calls()).toBe(121);
  });

  it('never holds more than its limit', () => {
    const { numbers, calls } = counted('en');
    const memo = createFixedTextMemo(numbers, 3);
    for (const value of ['1', '2', '3', '1', '2', '3']) memo.fixed(value, 2);
    expect(calls()).toBe(3);
    // A fourth value clears the three: the first is formatted again.
    memo.fixed('4', 2);
    memo.fixed('1', 2);
    expect(calls()).toBe(5);
  });
});
