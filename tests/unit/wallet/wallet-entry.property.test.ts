import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { unitsOf } from '../../../src/domain/wallet/amounts.ts';
import {
  quoteSecondsLeft,
  readAmount,
  showsPager,
  totalInBtc,
  visibleRows,
} from '../../../src/domain/wallet/entry.ts';

const units = fc.bigInt({ min: 0n, max: 10n ** 16n });
const text = (value: bigint) => {
  const digits = value.toString().padStart(9, '0');
  return `${digits.slice(0, -8)}.${digits.slice(-8)}`;
};

describe('wallet amount entry', () => {
  it('ledger units: a decimal reads exactly, trailing zeros are fine, any digit finer than 1e-8 is refused however far out', () => {
    fc.assert(
      fc.property(
        units,
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 0, max: 30 }),
        (amount, zeros, digit, gap) => {
          expect(unitsOf(text(amount))).toBe(amount);
          expect(unitsOf(text(amount) + '0'.repeat(zeros))).toBe(amount);
          // One non-zero digit after the eighth decimal, with `gap` zeros before it.
          expect(unitsOf(`${text(amount)}${'0'.repeat(gap)}${digit}`)).toBeNull();
        },
      ),
    );
    expect(unitsOf('1.0000000000000000001')).toBeNull();
    expect(unitsOf('12')).toBe(12n * 10n ** 8n);
    for (const bad of ['', '.5', '5.', '-1', '1e3', ' 1', '1,5']) expect(unitsOf(bad)).toBeNull();
  });

  it('an accepted amount is exactly what was typed, within every bound', () => {
    fc.assert(
      fc.property(units, units, units, units, fc.boolean(), (amount, min, max, balance, comma) => {
        const typed = comma ? text(amount).replace('.', ',') : text(amount);
        const entry = readAmount(typed, {
          decimalComma: comma,
          min: text(min),
          max: text(max),
          balance: text(balance),
        });
        if (entry.ok) {
          expect(entry.units).toBe(amount);
          expect(unitsOf(entry.value)).toBe(amount);
          expect(amount > 0n && amount >= min && (max === 0n || amount <= max) && amount <= balance).toBe(
            true,
          );
        } else {
          const kind = entry.problem.kind;
          if (amount === 0n) expect(kind).toBe('zero');
          else if (amount < min) expect(kind).toBe('belowMin');
          else if (max > 0n && amount > max) expect(kind).toBe('aboveMax');
          else expect(kind).toBe('aboveBalance');
        }
      }),
    );
  });

  it('refuses what is not a plain number, and more than 8 decimals, whatever the bounds', () => {
    for (const bad of ['-1', '1e3', '+5', '0x10', '1.2.3', 'abc', '1 000']) {
      expect(readAmount(bad, { decimalComma: false })).toEqual({ ok: false, problem: { kind: 'notNumber' } });
    }
    expect(readAmount('1.123456789', { decimalComma: false })).toEqual({
      ok: false,
      problem: { kind: 'tooManyDecimals', max: 8 },
    });
    expect(readAmount('  ', { decimalComma: false })).toEqual({ ok: false, problem: { kind: 'empty' } });
    // A comma is a separator only where the language writes one.
    expect(readAmount('0,5', { decimalComma: false }).ok).toBe(false);
    expect(readAmount('0,5', { decimalComma: true })).toMatchObject({ ok: true, value: '0.5' });
  });

  it('the pager shows only above 15 rows', () => {
    fc.assert(
      fc.property(fc.nat(1000), (total) => {
        expect(showsPager(total)).toBe(total > 15);
      }),
    );
  });

  it('hiding small balances keeps every row worth 1 USD or with something locked, and search filters by code', () => {
    const row = fc.record({
      currency_code: fc.constantFrom('USDT', 'BTC', 'ETH', 'DOGE'),
      balance: units.map(text),
      lock_balance: units.map(text),
      convert_usd: units.map(text),
    });
    fc.assert(
      fc.property(
        fc.array(row, { maxLength: 12 }),
        fc.constantFrom('', 'bt', 'USDT', 'x'),
        (rows, search) => {
          const all = visibleRows(rows, { search, hideSmall: false });
          const big = visibleRows(rows, { search, hideSmall: true });
          expect(all.every((r) => r.currency_code.includes(search.toUpperCase()))).toBe(true);
          for (const r of all) {
            const kept = (unitsOf(r.lock_balance) ?? 0n) > 0n || (unitsOf(r.convert_usd) ?? 0n) >= 10n ** 8n;
            expect(big.includes(r)).toBe(kept);
          }
        },
      ),
    );
  });

  it('the BTC total never exceeds the USD total at the BTC price (rounded down)', () => {
    fc.assert(
      fc.property(units, fc.bigInt({ min: 1n, max: 10n ** 15n }), (usd, price) => {
        const btc = unitsOf(totalInBtc(text(usd), text(price))) ?? -1n;
        expect(btc * price).toBeLessThanOrEqual(usd * 10n ** 8n);
        expect((btc + 1n) * price).toBeGreaterThan(usd * 10n ** 8n);
      }),
    );
    expect(totalInBtc('100', '0')).toBe('0.00000000');
  });

  it('a quote counts down on the server clock, at its speed, never below 0', () => {
    fc.assert(
      fc.property(
        fc.nat(10 ** 9),
        fc.integer({ min: -(10 ** 6), max: 10 ** 6 }),
        fc.integer({ min: 1, max: 60 }),
        (now, left, speed) => {
          const seconds = quoteSecondsLeft(now + left, now, speed);
          expect(seconds).toBeGreaterThanOrEqual(0);
          if (left <= 0) expect(seconds).toBe(0);
          else expect(seconds).toBe(Math.ceil(left / speed / 1000));
        },
      ),
    );
  });
});
