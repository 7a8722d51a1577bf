import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NO_VALUE } from '../../../src/domain/format.ts';
import { feePercentText, formatBalance } from '../../../src/domain/spot/display.ts';
import { FEE_BPS, feeOf } from '../../../src/domain/spot/settlement.ts';
import { scaledToText } from '../../../src/domain/money.ts';

/**
 * formatBalance's rule (its doc): cut down to the ledger's 8 places, trailing zeros dropped but at
 * least two decimals kept, thousands grouped.
 */
describe('formatBalance', () => {
  it('shows the documented examples', () => {
    expect(formatBalance('10000.00000000')).toBe('10,000.00');
    expect(formatBalance('0.51000000')).toBe('0.51');
  });

  it('keeps two decimals at least, and no more than the digits that matter', () => {
    expect(formatBalance('1')).toBe('1.00');
    expect(formatBalance('1.5')).toBe('1.50');
    expect(formatBalance('1.05000000')).toBe('1.05');
    expect(formatBalance('1.50500000')).toBe('1.505');
    expect(formatBalance('0.00000001')).toBe('0.00000001');
    expect(formatBalance('0.10000000')).toBe('0.10');
  });

  it('cuts (never rounds) past 8 places', () => {
    expect(formatBalance('1.123456789')).toBe('1.12345678');
    expect(formatBalance('0.000000019')).toBe('0.00000001');
    expect(formatBalance('0.000000009')).toBe('0.00');
  });

  it('groups thousands in the whole part only', () => {
    expect(formatBalance('1234567.12345')).toBe('1,234,567.12345');
    expect(formatBalance('999.1')).toBe('999.10');
    expect(formatBalance('-1234.5')).toBe('-1,234.50');
  });

  it('shows the no-value mark for what is missing or not a number', () => {
    for (const value of [null, undefined, '', 'abc', '1.2.3']) expect(formatBalance(value)).toBe(NO_VALUE);
  });

  it('for any ledger amount, shows exactly its value in 2 to 8 places, grouped by thousands', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 20n }),
        fc.string({ unit: fc.constantFrom(...'0123456789'.split('')), maxLength: 6 }),
        (units, extra) => {
          // Digits beyond the 8th place are cut, whatever they are.
          const shown = formatBalance(`${scaledToText(units, 8)}${extra}`);
          const [int = '', frac = ''] = shown.split('.');
          expect(int).toMatch(/^\d{1,3}(,\d{3})*$/);
          expect(frac.length >= 2 && frac.length <= 8).toBe(true);
          if (frac.length > 2) expect(frac.endsWith('0')).toBe(false);
          // Read back, it is the same number of ledger units.
          const digits = `${int.replaceAll(',', '')}${frac.padEnd(8, '0')}`;
          expect(BigInt(digits)).toBe(units);
        },
      ),
    );
  });
});

describe('feePercentText', () => {
  it('is the fee in percent: 10 bps read as 0.1 %', () => {
    expect(FEE_BPS).toBe(10n);
    expect(feePercentText()).toBe('0.1');
  });

  it('agrees with the fee actually charged', () => {
    // The percentage shown, applied to a round amount, is the fee feeOf charges on it.
    const percent = Number(feePercentText());
    const amount = 100_000_000n;
    expect(BigInt(Math.round((Number(amount) * percent) / 100))).toBe(feeOf(amount));
  });
});
