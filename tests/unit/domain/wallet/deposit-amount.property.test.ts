import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { numberToDecimalText } from '../../../../src/api/fields.ts';
import {
  DEPOSIT_MAX,
  depositAmountRules,
  readDepositAmount,
} from '../../../../src/domain/wallet/deposit-amount.ts';
import { readAmount } from '../../../../src/domain/wallet/entry.ts';

const UNIT = 10n ** 8n;
const MAX_UNITS = BigInt(DEPOSIT_MAX) * UNIT;

/** Ledger units as a decimal text with exactly `decimals` decimals (0 to 8), when they fit. */
function textOf(units: bigint, decimals: number): string {
  const whole = units / UNIT;
  const fraction = (units % UNIT).toString().padStart(8, '0');
  return decimals === 0 ? `${whole}` : `${whole}.${fraction.slice(0, decimals)}`;
}

/** Units whose digits past `decimals` are zero, so textOf(units, decimals) writes them exactly. */
const exact = (max: bigint) =>
  fc
    .tuple(fc.bigInt({ min: 1n, max }), fc.integer({ min: 0, max: 8 }))
    .map(([units, decimals]) => {
      const step = 10n ** BigInt(8 - decimals);
      return { units: units - (units % step) || step, decimals };
    })
    .filter(({ units }) => units <= max);

/** Any plain decimal text (leading zeros too), often near the cap's size and within 8 decimals. */
const plainDecimal = fc
  .tuple(
    fc.oneof(fc.stringMatching(/^\d{1,8}$/), fc.stringMatching(/^\d{1,20}$/)),
    fc.option(fc.oneof(fc.stringMatching(/^\d{1,8}$/), fc.stringMatching(/^\d{1,12}$/)), { nil: undefined }),
  )
  .map(([whole, fraction]) => (fraction === undefined ? whole : `${whole}.${fraction}`));

describe('the bounds of a simulated deposit', () => {
  it('reads every amount from 1e-8 to the cap exactly, at any number of decimals up to 8', () => {
    fc.assert(
      fc.property(exact(MAX_UNITS), fc.nat(3), ({ units, decimals }, zeros) => {
        const text = textOf(units, decimals);
        expect(readDepositAmount(text)).toEqual({ ok: true, units });
        expect(readDepositAmount('0'.repeat(zeros) + text)).toEqual({ ok: true, units });
      }),
    );
    expect(readDepositAmount(DEPOSIT_MAX)).toEqual({ ok: true, units: MAX_UNITS });
    expect(readDepositAmount('0.00000001')).toEqual({ ok: true, units: 1n });
  });

  it('refuses anything past the cap, however large, and never rounds it into range', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: MAX_UNITS + 1n, max: 10n ** 330n }),
        fc.integer({ min: 0, max: 8 }),
        (units, decimals) => {
          const step = 10n ** BigInt(8 - decimals);
          const above = units - (units % step) + step;
          expect(readDepositAmount(textOf(above, decimals))).toEqual({ ok: false, problem: 'aboveMax' });
        },
      ),
    );
    expect(readDepositAmount('10000000.00000001')).toEqual({ ok: false, problem: 'aboveMax' });
    // What the contract's decimal field makes of JSON numbers past exact range: refused, not rounded.
    expect(readDepositAmount(numberToDecimalText(1e308))).toEqual({ ok: false, problem: 'aboveMax' });
    expect(readDepositAmount('9007199254740993')).toEqual({ ok: false, problem: 'aboveMax' });
    expect(readDepositAmount(numberToDecimalText(2 ** 53 + 2))).toEqual({ ok: false, problem: 'aboveMax' });
  });

  it('refuses more than 8 decimals, even zeros, and whatever is not a positive plain decimal', () => {
    fc.assert(
      fc.property(plainDecimal, fc.stringMatching(/^\d{9,20}$/), (text, fraction) => {
        const whole = text.split('.')[0] ?? '0';
        expect(readDepositAmount(`${whole}.${fraction}`)).toEqual({ ok: false, problem: 'tooManyDecimals' });
      }),
    );
    for (const bad of [
      '',
      '0',
      '0.0',
      '00.00000000',
      '-1',
      '+1',
      '1e3',
      '1E3',
      ' 1',
      '1 ',
      '1,5',
      '.5',
      '5.',
      '0x10',
      'Infinity',
      'NaN',
    ])
      expect(readDepositAmount(bad), bad).toEqual({ ok: false, problem: 'notAmount' });
  });

  it('whatever it accepts is a safe integer of ledger units and survives a trip through a JSON number', () => {
    fc.assert(
      fc.property(plainDecimal, (text) => {
        const read = readDepositAmount(text);
        if (!read.ok) return;
        expect(read.units).toBeLessThanOrEqual(BigInt(Number.MAX_SAFE_INTEGER));
        // A client that sends the amount as a JSON number gets exactly the same deposit.
        expect(readDepositAmount(numberToDecimalText(Number(text)))).toEqual(read);
      }),
      { numRuns: 2000 },
    );
  });

  it('the deposit form accepts exactly what the server accepts, as the same units', () => {
    const rules = depositAmountRules(false, '0');
    fc.assert(
      fc.property(plainDecimal, (text) => {
        const server = readDepositAmount(text);
        const form = readAmount(text, rules);
        expect(form.ok).toBe(server.ok);
        if (form.ok && server.ok) {
          expect(form.units).toBe(server.units);
          // What the form sends is read by the server as the same amount.
          expect(readDepositAmount(form.value)).toEqual(server);
        }
      }),
      { numRuns: 2000 },
    );
    // Above the cap the form says so with the cap, as the server does.
    expect(readAmount('10000000.00000001', rules)).toEqual({
      ok: false,
      problem: { kind: 'aboveMax', max: DEPOSIT_MAX },
    });
    // With the language's decimal comma too.
    expect(readAmount('10000000,5', depositAmountRules(true, '0')).ok).toBe(false);
    expect(readAmount('9999999,99999999', depositAmountRules(true, '0'))).toMatchObject({
      ok: true,
      units: MAX_UNITS - 1n,
    });
  });
});
