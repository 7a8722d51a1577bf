import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SLIDER_MARKS, sliderQuantity, snapPercent } from '../../../src/domain/spot/slider.ts';
import { scaledToPlainText, toScaled } from '../../../src/domain/money.ts';

const decimalText = (maxUnits: bigint, places: number) =>
  fc.bigInt({ min: 0n, max: maxUnits }).map((units) => scaledToPlainText(units, places));
const positivePrice = fc.bigInt({ min: 1n, max: 10n ** 12n }).map((units) => scaledToPlainText(units, 4));
const percent = fc.constantFrom(...SLIDER_MARKS);

describe('slider (spec §5)', () => {
  it('snaps anything to 0, 25, 50, 75 or 100', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: false }), (value) => {
        expect(SLIDER_MARKS).toContain(snapPercent(value));
      }),
    );
    expect(snapPercent(37)).toBe(25);
    expect(snapPercent(38)).toBe(50);
    expect(snapPercent(-5)).toBe(0);
    expect(snapPercent(250)).toBe(100);
  });

  it('buy: balance x percent / price, floored to 6 decimals, never costing more than the share', () => {
    fc.assert(
      fc.property(decimalText(10n ** 16n, 8), positivePrice, percent, (balance, price, pct) => {
        const outcome = sliderQuantity({ side: 'buy', percent: pct, balance, price });
        expect(outcome.kind).toBe('quantity');
        if (outcome.kind !== 'quantity') return;
        if (pct === 0) {
          expect(outcome.quantity).toBe('');
          return;
        }
        const q = toScaled(outcome.quantity, 6)!; // 1e-6 units
        const b = toScaled(balance, 8)!; // 1e-8
        const p = toScaled(price, 4)!; // 1e-4
        // Q x P <= B x pct / 100 with Q = q e-6, P = p e-4, B = b e-8: q x p <= b x pct.
        const share = b * BigInt(pct);
        expect(q * p <= share).toBe(true);
        expect((q + 1n) * p > share).toBe(true);
        expect((outcome.quantity.split('.')[1] ?? '').length).toBeLessThanOrEqual(6);
      }),
    );
  });

  it('sell: base balance x percent, floored to 6 decimals', () => {
    fc.assert(
      fc.property(decimalText(10n ** 16n, 8), percent, (balance, pct) => {
        const outcome = sliderQuantity({ side: 'sell', percent: pct, balance, price: '' });
        if (outcome.kind !== 'quantity') throw new Error('a sell needs no price');
        if (pct === 0) {
          expect(outcome.quantity).toBe('');
          return;
        }
        const q = toScaled(outcome.quantity, 6)!;
        // Q <= B x pct / 100 with Q = q e-6, B = b e-8: q x 10^4 <= b x pct.
        const share = toScaled(balance, 8)! * BigInt(pct);
        expect(q * 10_000n <= share).toBe(true);
        expect((q + 1n) * 10_000n > share).toBe(true);
      }),
    );
  });

  it('a buy with no price says there is no best price', () => {
    for (const price of ['', '0', 'abc', '-1']) {
      expect(sliderQuantity({ side: 'buy', percent: 50, balance: '100', price })).toEqual({
        kind: 'noPrice',
      });
    }
  });

  it('examples', () => {
    expect(sliderQuantity({ side: 'buy', percent: 100, balance: '10000', price: '72000' })).toEqual({
      kind: 'quantity',
      quantity: '0.138888',
    });
    expect(sliderQuantity({ side: 'sell', percent: 25, balance: '0.5', price: '' })).toEqual({
      kind: 'quantity',
      quantity: '0.125',
    });
    expect(sliderQuantity({ side: 'buy', percent: 50, balance: '', price: '2' })).toEqual({
      kind: 'quantity',
      quantity: '0',
    });
  });
});
