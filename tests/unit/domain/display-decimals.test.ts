import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DISPLAY_DECIMALS,
  displayDecimals,
  formatCurrencyAmount,
} from '../../../src/domain/display-decimals.ts';
import { compareDecimal } from '../../../src/domain/format.ts';
import { formatBalance } from '../../../src/domain/spot/display.ts';
import { LEDGER_DECIMALS } from '../../../src/domain/money.ts';

/** A ledger amount: up to 12 integer digits and 8 decimals. */
const amount = fc
  .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 20n - 1n }))
  .map(([negative, units]) => {
    const digits = units.toString().padStart(9, '0');
    return `${negative ? '-' : ''}${digits.slice(0, -8)}.${digits.slice(-8)}`;
  });
const currency = fc.constantFrom(...Object.keys(DISPLAY_DECIMALS), 'NEWCOIN', 'usdt', 'btc');

describe('display decimals by currency (one rule per currency)', () => {
  it('stablecoins show cents, BTC satoshis, ETH 6, unknown currencies the ledger unit', () => {
    expect(displayDecimals('USDT')).toBe(2);
    expect(displayDecimals('usdt')).toBe(2);
    expect(displayDecimals('BTC')).toBe(8);
    expect(displayDecimals('ETH')).toBe(6);
    expect(displayDecimals('NEWCOIN')).toBe(LEDGER_DECIMALS);
    expect(formatCurrencyAmount('10000', 'USDT')).toBe('10,000.00');
    expect(formatCurrencyAmount('9710.36458123', 'USDT')).toBe('9,710.36');
    expect(formatCurrencyAmount('0.51', 'BTC')).toBe('0.51000000');
    expect(formatCurrencyAmount('abc', 'BTC')).toBe('--');
    expect(formatBalance('9710.36458123', 'USDT')).toBe('9,710.36');
  });

  it("property: always exactly the currency's decimals, whatever the value", () => {
    fc.assert(
      fc.property(amount, currency, (value, code) => {
        const shown = formatCurrencyAmount(value, code);
        const decimals = displayDecimals(code);
        expect(shown.split('.')[1]?.length ?? 0).toBe(decimals);
        expect(decimals).toBeGreaterThanOrEqual(2);
        expect(decimals).toBeLessThanOrEqual(LEDGER_DECIMALS);
      }),
    );
  });

  it('property: never overstates (cut towards zero), and loses less than one unit of the last digit', () => {
    fc.assert(
      fc.property(amount, currency, (value, code) => {
        const shown = formatCurrencyAmount(value, code).replaceAll(',', '');
        const magnitude = (text: string) => text.replace(/^-/, '');
        expect(compareDecimal(magnitude(shown), magnitude(value))).toBeLessThanOrEqual(0);
        // In ledger units (1e-8), exactly: what is cut off is less than one unit of the last digit.
        const units = (text: string) => {
          const [int = '0', frac = ''] = magnitude(text).split('.');
          return BigInt(int) * 10n ** 8n + BigInt(frac.padEnd(8, '0'));
        };
        const gap = units(value) - units(shown);
        expect(gap >= 0n && gap < 10n ** BigInt(LEDGER_DECIMALS - displayDecimals(code))).toBe(true);
      }),
    );
  });

  it('property: the same currency always reads the same, in any letter case', () => {
    fc.assert(
      fc.property(amount, currency, (value, code) => {
        expect(formatCurrencyAmount(value, code.toLowerCase())).toBe(
          formatCurrencyAmount(value, code.toUpperCase()),
        );
        expect(formatBalance(value, code)).toBe(formatCurrencyAmount(value, code));
      }),
    );
  });
});
