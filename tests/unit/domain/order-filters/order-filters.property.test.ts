import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { leverFixedPriceBand } from '../../../../src/domain/lever/fixed-price-band.ts';
import { meetsMinNotional, minQuantityAt } from '../../../../src/domain/order-filters/min-notional.ts';
import {
  priceBandBounds,
  priceBandMiss,
  priceBandOf,
  priceBandVerdict,
  type PriceBand,
} from '../../../../src/domain/order-filters/price-band.ts';
import {
  P2P_PRICE_BAND,
  p2pPriceBandBounds,
  p2pPriceBandVerdict,
} from '../../../../src/domain/p2p/price-band.ts';

const band = fc.record({
  downPercent: fc.integer({ min: 0, max: 99 }),
  upPercent: fc.integer({ min: 0, max: 1000 }),
});
const positive = fc.bigInt({ min: 1n, max: 10n ** 14n });
const text = (units: bigint, decimals: number) => {
  const digits = units.toString().padStart(decimals + 1, '0');
  return decimals === 0 ? digits : `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
};

/** The band by exact rational arithmetic on numbers small enough to be exact. */
function expectedVerdict(price: number, reference: number, b: PriceBand): string {
  if (price * 100 < reference * (100 - b.downPercent)) return 'below';
  if (price * 100 > reference * (100 + b.upPercent)) return 'above';
  return 'inside';
}

describe('price band (PERCENT_PRICE)', () => {
  it('refuses exactly the prices more than down % below or up % above the reference', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        band,
        (price, reference, b) => {
          expect(priceBandVerdict(BigInt(price), BigInt(reference), b)).toBe(
            expectedVerdict(price, reference, b),
          );
        },
      ),
    );
  });

  it('its bounds are inside, and one unit past either bound is outside', () => {
    fc.assert(
      fc.property(positive, band, (reference, b) => {
        const { low, high } = priceBandBounds(reference, b);
        expect(low).toBeLessThanOrEqual(reference);
        expect(high).toBeGreaterThanOrEqual(reference);
        expect(priceBandVerdict(low, reference, b)).toBe('inside');
        expect(priceBandVerdict(high, reference, b)).toBe('inside');
        expect(priceBandVerdict(high + 1n, reference, b)).toBe('above');
        if (low > 0n) expect(priceBandVerdict(low - 1n, reference, b)).toBe('below');
      }),
    );
  });

  it('the reference itself is always inside; without a reference nothing is refused', () => {
    fc.assert(
      fc.property(positive, positive, band, (price, reference, b) => {
        expect(priceBandVerdict(reference, reference, b)).toBe('inside');
        expect(priceBandVerdict(price, 0n, b)).toBe('inside');
        expect(priceBandVerdict(price, -reference, b)).toBe('inside');
      }),
    );
  });

  it('a typed price misses the band exactly when its verdict says so, and the miss names the bounds', () => {
    fc.assert(
      fc.property(
        positive,
        positive,
        band,
        fc.integer({ min: 0, max: 8 }),
        (price, reference, b, decimals) => {
          const miss = priceBandMiss(text(price, decimals), text(reference, decimals), b, decimals);
          const verdict = priceBandVerdict(price, reference, b);
          if (verdict === 'inside') {
            expect(miss).toBeNull();
          } else {
            const { low, high } = priceBandBounds(reference, b);
            expect(miss).toEqual({ verdict, low: text(low, decimals), high: text(high, decimals) });
          }
        },
      ),
    );
  });

  it('a typed price or reference that is not a positive decimal of those places gives no warning', () => {
    const b = { downPercent: 50, upPercent: 100 };
    for (const [price, reference] of [
      ['', '100'],
      ['abc', '100'],
      ['0', '100'],
      ['-3', '100'],
      ['3', ''],
      ['3', '0'],
      ['3.001', '100'],
    ]) {
      expect(priceBandMiss(price!, reference!, b, 2), `${price} / ${reference}`).toBeNull();
    }
    // The case: 3 USDT for BTC near 90,000.
    expect(priceBandMiss('3.00', '90000.00', b, 2)).toEqual({
      verdict: 'below',
      low: '45000.00',
      high: '180000.00',
    });
    expect(priceBandMiss('180000.01', '90000.00', b, 2)?.verdict).toBe('above');
    expect(priceBandMiss('45000.00', '90000.00', b, 2)).toBeNull();
    // Both bounds exactly are inside; a cent past either is not.
    expect(priceBandMiss('180000.00', '90000.00', b, 2)).toBeNull();
    expect(priceBandMiss('44999.99', '90000.00', b, 2)?.verdict).toBe('below');
    expect(priceBandVerdict(180_000n, 90_000n, b)).toBe('inside');
    expect(priceBandVerdict(180_001n, 90_000n, b)).toBe('above');
    expect(priceBandVerdict(45_000n, 90_000n, b)).toBe('inside');
    expect(priceBandVerdict(44_999n, 90_000n, b)).toBe('below');
    // A band of 0 both ways takes the reference alone.
    const none = { downPercent: 0, upPercent: 0 };
    expect(priceBandVerdict(100n, 100n, none)).toBe('inside');
    expect(priceBandVerdict(99n, 100n, none)).toBe('below');
    expect(priceBandVerdict(101n, 100n, none)).toBe('above');
    expect(priceBandBounds(101n, { downPercent: 50, upPercent: 100 })).toEqual({ low: 51n, high: 202n });
    expect(priceBandBounds(3n, { downPercent: 50, upPercent: 50 })).toEqual({ low: 2n, high: 4n });
  });
});

describe('minimum order value (MIN_NOTIONAL)', () => {
  it('price x quantity reaches the minimum exactly when it is at least it', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 10n }),
        fc.bigInt({ min: 1n, max: 10n ** 10n }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        (priceCents, lotsMicro, minMicro) => {
          // price at 2 places, quantity at 6, minimum at 8: the value has 8 places too.
          const value = priceCents * lotsMicro;
          const meets = meetsMinNotional(text(priceCents, 2), text(lotsMicro, 6), text(minMicro, 8));
          expect(meets).toBe(value >= minMicro);
        },
      ),
    );
  });

  it('the least quantity at a price reaches the minimum, and one step less does not', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 10n }),
        fc.bigInt({ min: 1n, max: 10n ** 10n }),
        fc.integer({ min: 0, max: 8 }),
        (priceCents, minCents, decimals) => {
          const price = text(priceCents, 2);
          const minimum = text(minCents, 2);
          const least = minQuantityAt(price, minimum, decimals)!;
          expect(meetsMinNotional(price, text(least, decimals), minimum)).toBe(true);
          if (least > 1n) expect(meetsMinNotional(price, text(least - 1n, decimals), minimum)).toBe(false);
        },
      ),
    );
  });

  it('no price, no quantity or a non-positive one never reaches a positive minimum; no minimum is always met', () => {
    for (const [price, quantity] of [
      ['', '1'],
      ['1', ''],
      ['0', '1'],
      ['1', '-1'],
      ['x', '1'],
    ]) {
      expect(meetsMinNotional(price!, quantity!, '5'), `${price} x ${quantity}`).toBe(false);
    }
    expect(meetsMinNotional('', '', '0')).toBe(true);
    expect(meetsMinNotional('3', '0.001', '')).toBe(true);
    // The case: 0.001 BTC at 3 USDT is worth 0.003 USDT.
    expect(meetsMinNotional('3.00', '0.001', '5')).toBe(false);
    expect(meetsMinNotional('5000', '0.001', '5')).toBe(true);
    expect(meetsMinNotional('4999.99', '0.001', '5')).toBe(false);
    expect(minQuantityAt('0', '5', 2)).toBeNull();
    expect(minQuantityAt('3', '0', 2)).toBe(0n);
  });
});

describe('lever fixed-price band', () => {
  it('opens only towards the side the order waits on', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99 }), (percent) => {
        expect(leverFixedPriceBand('long', percent)).toEqual({ downPercent: percent, upPercent: 0 });
        expect(leverFixedPriceBand('short', percent)).toEqual({ downPercent: 0, upPercent: percent });
      }),
    );
  });
});

describe('P2P fixed-price band', () => {
  it('is the floating margin bound, ±20 %, measured against the exact reference fraction', () => {
    expect(P2P_PRICE_BAND).toEqual({ downPercent: 20, upPercent: 20 });
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        fc.bigInt({ min: 1n, max: 10n ** 6n }),
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        (num, den, priceCents) => {
          const reference = { num, den };
          // priceCents / 100 against num / den, within [0.8, 1.2] of it.
          const lhs = priceCents * den * 100n;
          const ref = num * 100n;
          const expected = lhs < ref * 80n ? 'below' : lhs > ref * 120n ? 'above' : 'inside';
          expect(p2pPriceBandVerdict(priceCents, reference)).toBe(expected);
          const { low, high } = p2pPriceBandBounds(reference);
          // A band narrower than a cent (a reference of a fraction of a cent) may hold no whole cent.
          if (high >= low) {
            expect(p2pPriceBandVerdict(high, reference)).toBe('inside');
            expect(p2pPriceBandVerdict(low, reference)).toBe('inside');
          }
          expect(p2pPriceBandVerdict(high + 1n, reference)).toBe('above');
          if (low > 0n) expect(p2pPriceBandVerdict(low - 1n, reference)).toBe('below');
        },
      ),
    );
  });

  it('the issue: 3 CNY for a dollar at 6.8 is below the band; 5.44 to 8.16 is inside; no reference refuses nothing', () => {
    const usdtInCny = { num: 68n, den: 10n };
    expect(p2pPriceBandVerdict(300n, usdtInCny)).toBe('below');
    expect(p2pPriceBandBounds(usdtInCny)).toEqual({ low: 544n, high: 816n });
    expect(p2pPriceBandVerdict(544n, usdtInCny)).toBe('inside');
    expect(p2pPriceBandVerdict(543n, usdtInCny)).toBe('below');
    expect(p2pPriceBandVerdict(817n, usdtInCny)).toBe('above');
    expect(p2pPriceBandVerdict(300n, { num: 0n, den: 1n })).toBe('inside');
    expect(p2pPriceBandVerdict(300n, { num: 68n, den: 0n })).toBe('inside');
  });
});

describe('a price band as the contract states it', () => {
  it('reads whole percents (down under 100) and nothing else', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 9999 }), (down, up) => {
        const band = priceBandOf(String(down), String(up));
        expect(band).toEqual(down < 100 ? { downPercent: down, upPercent: up } : undefined);
      }),
    );
    for (const [down, up] of [
      [undefined, '100'],
      ['50', undefined],
      ['50.5', '100'],
      ['-1', '100'],
      ['50', '1e2'],
      ['', '100'],
      ['50', '10000'],
    ]) {
      expect(priceBandOf(down, up), `${down} / ${up}`).toBeUndefined();
    }
  });
});
