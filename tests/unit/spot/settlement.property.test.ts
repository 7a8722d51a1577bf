import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  affordableLots,
  baseUnits,
  feeOf,
  lotsOf,
  quoteUnits,
  ticksOf,
  type PairGrid,
} from '../../../src/domain/spot/settlement.ts';

const grid = fc.record({
  priceDecimals: fc.integer({ min: 0, max: 8 }),
  lotDecimals: fc.integer({ min: 0, max: 8 }),
});
const ticks = fc.integer({ min: 1, max: 2 ** 40 });
const lots = fc.integer({ min: 1, max: 2 ** 40 });

describe('settlement arithmetic', () => {
  it('a quote amount rounds down and up by at most one ledger unit, exactly when it must', () => {
    fc.assert(
      fc.property(grid, ticks, lots, (g: PairGrid, t, l) => {
        const floor = quoteUnits(t, l, g, 'floor');
        const ceil = quoteUnits(t, l, g, 'ceil');
        expect(ceil - floor === 0n || ceil - floor === 1n).toBe(true);
        if (g.priceDecimals + g.lotDecimals <= 8) expect(floor).toBe(ceil);
      }),
    );
  });

  it('the cost of n lots is additive up to rounding, and a limit never pays more than its price allows', () => {
    fc.assert(
      fc.property(grid, ticks, lots, lots, (g, t, a, b) => {
        const whole = quoteUnits(t, a + b, g, 'floor');
        const parts = quoteUnits(t, a, g, 'floor') + quoteUnits(t, b, g, 'floor');
        expect(whole - parts >= 0n && whole - parts <= 1n).toBe(true);
        expect(quoteUnits(t, a, g, 'floor') <= quoteUnits(t + 1, a, g, 'floor')).toBe(true);
      }),
    );
  });

  it('affordable lots are the most the budget pays for', () => {
    fc.assert(
      fc.property(grid, ticks, fc.bigInt({ min: 0n, max: 10n ** 18n }), (g, t, budget) => {
        const n = affordableLots(budget, t, g);
        expect(n >= 0n).toBe(true);
        if (n > 0n) expect(quoteUnits(t, n, g, 'ceil') <= budget).toBe(true);
        expect(quoteUnits(t, n + 1n, g, 'ceil') > budget).toBe(true);
      }),
    );
  });

  it('base amounts are exact and fees are 0.1 % rounded down', () => {
    expect(baseUnits(1, { priceDecimals: 2, lotDecimals: 5 })).toBe(1000n);
    expect(feeOf(1_000_000n)).toBe(1000n);
    expect(feeOf(999n)).toBe(0n);
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 20n }), (amount) => {
        const fee = feeOf(amount);
        expect(fee * 1000n <= amount && (fee + 1n) * 1000n > amount).toBe(true);
      }),
    );
  });

  it('reads prices on the tick only, and quantities cut down to the lot', () => {
    const btc = { priceDecimals: 2, lotDecimals: 5 };
    expect(ticksOf('72000.5', btc)).toBe(7_200_050n);
    expect(ticksOf('72000.505', btc)).toBeNull();
    expect(ticksOf('72000.500', btc)).toBe(7_200_050n);
    // Finer than the lot is refused, never cut (issue 11: 0.123456 BTC once placed 0.12345).
    expect(lotsOf('0.123456', btc)).toBeNull();
    expect(lotsOf('0.12345', btc)).toBe(12_345n);
    expect(lotsOf('0.123450', btc)).toBe(12_345n);
    expect(lotsOf('x', btc)).toBeNull();
  });
});
