import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountForQuantity, quantityStep } from '../../../../src/domain/p2p/amounts.ts';
import {
  adProblem,
  effectiveMaxCents,
  orderSizeProblem,
  REMARKS_MAX,
  type AdTerms,
} from '../../../../src/domain/p2p/limits.ts';

const UNIT = 100_000_000n;

/**
 * An ad that breaks no rule, built from the rules' edges outward: its total covers at least one
 * minimum order, its maximum is at least its minimum, remarks at most REMARKS_MAX characters.
 */
const validAd = fc
  .record({
    priceCents: fc.bigInt({ min: 1n, max: 10n ** 8n }),
    coinDecimals: fc.constantFrom(2, 4, 6),
    steps: fc.bigInt({ min: 1n, max: 10n ** 8n }),
    minShare: fc.integer({ min: 1, max: 100 }),
    maxExtra: fc.bigInt({ min: 0n, max: 10n ** 8n }),
    payMethods: fc.uniqueArray(fc.constantFrom('alipay', 'wxpay', 'bank'), { minLength: 1 }),
    payLimitMinutes: fc.constantFrom(15, 30),
    remarks: fc
      .string({ maxLength: REMARKS_MAX, unit: 'grapheme' })
      .filter((r) => [...r].length <= REMARKS_MAX),
  })
  .map((r): AdTerms => {
    const totalUnits = r.steps * quantityStep(r.coinDecimals);
    const whole = amountForQuantity(totalUnits, r.priceCents);
    const minCents = (whole * BigInt(r.minShare)) / 100n || 1n;
    return {
      priceCents: r.priceCents,
      totalUnits,
      minCents,
      maxCents: minCents + r.maxExtra,
      payMethods: r.payMethods,
      payLimitMinutes: r.payLimitMinutes,
      remarks: r.remarks,
      coinDecimals: r.coinDecimals,
    };
  })
  .filter((t) => amountForQuantity(t.totalUnits, t.priceCents) >= t.minCents);
const notPositive = fc.oneof(fc.constant(0n), fc.bigInt({ min: -(10n ** 6n), max: -1n }));

describe('ad rules: each broken rule is named', () => {
  it('a valid ad passes, its edges included (max = min, a total of exactly one minimum order)', () => {
    fc.assert(
      fc.property(validAd, fc.boolean(), fc.boolean(), (ad, maxAtMin, minAtTotal) => {
        const whole = amountForQuantity(ad.totalUnits, ad.priceCents);
        const minCents = minAtTotal ? whole : ad.minCents;
        const maxCents = maxAtMin ? minCents : ad.maxCents > minCents ? ad.maxCents : minCents;
        expect(adProblem({ ...ad, minCents, maxCents })).toBeNull();
      }),
    );
  });

  it('no price (zero or less) is an invalid price', () => {
    fc.assert(
      fc.property(validAd, notPositive, (ad, price) => {
        expect(adProblem({ ...ad, priceCents: price })).toBe('p2pPriceInvalid');
      }),
    );
  });

  it("no total, or a total off the coin's step, is an invalid total", () => {
    fc.assert(
      fc.property(validAd, notPositive, (ad, total) => {
        expect(adProblem({ ...ad, totalUnits: total })).toBe('p2pTotalInvalid');
        expect(adProblem({ ...ad, totalUnits: ad.totalUnits + 1n })).toBe('p2pTotalInvalid');
      }),
    );
  });

  it('a minimum or maximum of zero or less is an invalid limit (not "max below min")', () => {
    fc.assert(
      fc.property(validAd, notPositive, (ad, bad) => {
        expect(adProblem({ ...ad, minCents: bad })).toBe('p2pLimitInvalid');
        expect(adProblem({ ...ad, maxCents: bad })).toBe('p2pLimitInvalid');
      }),
    );
  });

  it('a maximum one cent below the minimum is "max below min"', () => {
    fc.assert(
      fc.property(validAd, (ad) => {
        fc.pre(ad.minCents >= 2n);
        expect(adProblem({ ...ad, maxCents: ad.minCents - 1n })).toBe('p2pMaxBelowMin');
      }),
    );
  });

  it('a total one cent short of a minimum order is "total below min"', () => {
    fc.assert(
      fc.property(validAd, (ad) => {
        const whole = amountForQuantity(ad.totalUnits, ad.priceCents);
        expect(adProblem({ ...ad, minCents: whole + 1n, maxCents: whole + 1n })).toBe('p2pTotalBelowMin');
      }),
    );
  });

  it('no pay method, an unknown one or the same one twice is a missing pay method', () => {
    fc.assert(
      fc.property(validAd, (ad) => {
        expect(adProblem({ ...ad, payMethods: [] })).toBe('p2pPayMethodMissing');
        expect(adProblem({ ...ad, payMethods: [...ad.payMethods, 'cash'] })).toBe('p2pPayMethodMissing');
        expect(adProblem({ ...ad, payMethods: [...ad.payMethods, ad.payMethods[0]!] })).toBe(
          'p2pPayMethodMissing',
        );
      }),
    );
  });

  it('a payment limit other than 15 or 30 minutes is invalid', () => {
    fc.assert(
      fc.property(validAd, fc.integer({ min: -60, max: 600 }), (ad, minutes) => {
        fc.pre(minutes !== 15 && minutes !== 30);
        expect(adProblem({ ...ad, payLimitMinutes: minutes })).toBe('p2pPayLimitInvalid');
      }),
    );
  });

  it('remarks are counted in characters: 200 emoji pass, 201 characters are too long', () => {
    fc.assert(
      fc.property(validAd, fc.constantFrom('a', 'é', '中', '😀'), (ad, char) => {
        expect(adProblem({ ...ad, remarks: char.repeat(REMARKS_MAX) })).toBeNull();
        expect(adProblem({ ...ad, remarks: char.repeat(REMARKS_MAX + 1) })).toBe('p2pRemarksLong');
      }),
    );
  });
});

describe('order size against the ad: each broken limit is named', () => {
  /** An order inside its ad's limits, with its edges (amount = min or max, quantity = what is left). */
  const fitting = fc
    .record({
      units: fc.bigInt({ min: 1n, max: 10n ** 12n }),
      amountCents: fc.bigInt({ min: 1n, max: 10n ** 9n }),
      below: fc.bigInt({ min: 0n, max: 10n ** 9n }),
      above: fc.bigInt({ min: 0n, max: 10n ** 9n }),
      spare: fc.bigInt({ min: 0n, max: 10n ** 12n }),
    })
    .map((o) => ({
      units: o.units,
      amountCents: o.amountCents,
      minCents: o.amountCents - (o.below % o.amountCents),
      maxCents: o.amountCents + o.above,
      leftUnits: o.units + o.spare,
    }));

  it('fits at its edges: amount at the minimum, at the maximum, quantity equal to what is left', () => {
    fc.assert(
      fc.property(fitting, (o) => {
        expect(orderSizeProblem(o)).toBeNull();
        expect(orderSizeProblem({ ...o, minCents: o.amountCents })).toBeNull();
        expect(orderSizeProblem({ ...o, maxCents: o.amountCents })).toBeNull();
        expect(orderSizeProblem({ ...o, leftUnits: o.units })).toBeNull();
      }),
    );
  });

  it('no coins or no fiat is an invalid amount, even when the limits would allow it', () => {
    fc.assert(
      fc.property(fitting, notPositive, (o, bad) => {
        expect(orderSizeProblem({ ...o, units: bad })).toBe('p2pAmountInvalid');
        expect(orderSizeProblem({ ...o, amountCents: bad, minCents: bad - 1n })).toBe('p2pAmountInvalid');
      }),
    );
  });

  it('one cent under the minimum, one over the maximum, one unit over what is left: each named', () => {
    fc.assert(
      fc.property(fitting, (o) => {
        expect(orderSizeProblem({ ...o, minCents: o.amountCents + 1n })).toBe('p2pBelowMin');
        expect(orderSizeProblem({ ...o, maxCents: o.amountCents - 1n })).toBe('p2pAboveMax');
        expect(orderSizeProblem({ ...o, leftUnits: o.units - 1n })).toBe('p2pAboveLeft');
      }),
    );
  });
});

describe('effective maximum of one order', () => {
  it('is the largest amount within the ad maximum that what is left can pay for', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 9n }),
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        (max, left, price) => {
          const eff = effectiveMaxCents(max, left, price);
          expect(eff).toBeLessThanOrEqual(max);
          expect(eff * UNIT).toBeLessThanOrEqual(left * price);
          // Largest: either the ad maximum, or one cent more would cost more than is left.
          if (eff !== max) expect((eff + 1n) * UNIT).toBeGreaterThan(left * price);
        },
      ),
    );
    // 3 coins left at 7.20: 21.60 of a 100.00 maximum.
    expect(effectiveMaxCents(100_00n, 3n * UNIT, 720n)).toBe(21_60n);
  });
});
