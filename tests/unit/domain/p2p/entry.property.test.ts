import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  companionText,
  readOrderEntry,
  unitsDisplay,
  type OrderDialogTerms,
} from '../../../../src/domain/p2p/entry.ts';

const UNIT = 100_000_000n;

/** A BTC ad: 6 decimals of quantity, 500 000.00 fiat per coin, orders of 10.00 to 100 000.00. */
const btc: OrderDialogTerms = {
  priceCents: 500_000_00n,
  minCents: 10_00n,
  maxCents: 100_000_00n,
  leftUnits: 10n * UNIT,
  coinDecimals: 6,
};
const by = fc.constantFrom('amount' as const, 'quantity' as const);

describe('order dialog entry: decimals by field', () => {
  it('nothing typed is "empty", in either field and either language', () => {
    fc.assert(
      fc.property(by, fc.boolean(), fc.constantFrom('', ' ', '   '), (field, comma, text) => {
        expect(readOrderEntry(text, field, btc, comma)).toEqual({ ok: false, problem: { kind: 'empty' } });
        expect(companionText(text, field, btc, comma)).toBe('');
      }),
    );
  });

  it('the amount takes at most 2 decimals (fiat cents), whatever the coin', () => {
    expect(readOrderEntry('100.123', 'amount', btc, false)).toEqual({
      ok: false,
      problem: { kind: 'tooManyDecimals', max: 2 },
    });
    expect(companionText('100.123', 'amount', btc, false)).toBe('');
  });

  it("the amount takes its 2 decimals even for a coin with fewer (the fiat's cents, not the coin's steps)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 8 }), fc.integer({ min: 1, max: 99 }), (d, cents) => {
        const terms = {
          ...btc,
          priceCents: 100n,
          minCents: 1n,
          leftUnits: 10n ** 6n * UNIT,
          coinDecimals: d,
        };
        const text = `1000.${String(cents).padStart(2, '0')}`;
        expect(readOrderEntry(text, 'amount', terms, false)).toMatchObject({ ok: true, value: text });
        expect(companionText(text, 'amount', terms, false)).not.toBe('');
      }),
    );
  });

  it("the quantity takes the coin's decimals, no more", () => {
    expect(readOrderEntry('0.123456', 'quantity', btc, false)).toEqual({
      ok: true,
      value: '0.123456',
      figures: { units: 12_345_600n, amountCents: 61_728_00n },
    });
    expect(readOrderEntry('0.1234567', 'quantity', btc, false)).toEqual({
      ok: false,
      problem: { kind: 'tooManyDecimals', max: 6 },
    });
    expect(companionText('0.123456', 'quantity', btc, false)).toBe('61728.00');
    expect(companionText('0,123456', 'quantity', btc, true)).toBe('61728.00');
  });

  it("the companion of an amount is the quantity it buys, in the coin's decimals", () => {
    // 1000.00 / 500 000.00 = 0.002 BTC.
    expect(companionText('1000', 'amount', btc, false)).toBe('0.002000');
    expect(companionText('1000,00', 'amount', btc, true)).toBe('0.002000');
    expect(companionText('1000,00', 'amount', btc, false)).toBe('');
  });

  it('a coin listed with more decimals than the ledger: a quantity finer than 1e-8 is not a number', () => {
    const fine = { ...btc, coinDecimals: 10 };
    expect(readOrderEntry('0.000000001', 'quantity', fine, false)).toEqual({
      ok: false,
      problem: { kind: 'notNumber' },
    });
    expect(companionText('0.000000001', 'quantity', fine, false)).toBe('');
  });
});

describe("units shown with a coin's decimals", () => {
  it('reads back to the same number of steps; no decimal point for a whole-number coin', () => {
    fc.assert(
      fc.property(fc.constantFrom(0, 2, 4, 6, 8), fc.bigInt({ min: 0n, max: 10n ** 12n }), (d, steps) => {
        const step = UNIT / 10n ** BigInt(d);
        const text = unitsDisplay(steps * step, d);
        const [whole = '', fraction] = text.split('.');
        expect(whole).toMatch(/^(0|[1-9]\d*)$/);
        if (d === 0) expect(fraction).toBeUndefined();
        else expect(fraction).toHaveLength(d);
        expect(BigInt(whole + (fraction ?? ''))).toBe(steps);
      }),
    );
    expect(unitsDisplay(123_456_789n, 6)).toBe('1.234567');
    expect(unitsDisplay(5n * UNIT, 0)).toBe('5');
  });
});
