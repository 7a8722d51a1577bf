import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  alertDirectionOf,
  alertFires,
  alertTargetProblem,
  firstFiringTrade,
  type AlertDirection,
} from '../../../../src/domain/alerts/price-alert.ts';

const direction = fc.constantFrom<AlertDirection>('rises', 'falls');
const price = fc.bigInt({ min: 1n, max: 10n ** 14n });

describe('price alerts', () => {
  it('a rising alert fires exactly at or above its price, a falling one exactly at or below', () => {
    fc.assert(
      fc.property(price, price, (target, trade) => {
        expect(alertFires('rises', target, trade)).toBe(trade >= target);
        expect(alertFires('falls', target, trade)).toBe(trade <= target);
      }),
    );
  });

  it('a target may be set only on the side of the last price its direction moves to', () => {
    fc.assert(
      fc.property(direction, price, price, (side, target, last) => {
        const problem = alertTargetProblem(side, target, last);
        // An alert the last trade would already fire is refused; any other is accepted.
        if (alertFires(side, target, last)) {
          expect(problem).toBe(side === 'rises' ? 'alertPriceNotAbove' : 'alertPriceNotBelow');
        } else expect(problem).toBeNull();
      }),
    );
  });

  it('a pair that never traded has no price to set an alert against', () => {
    fc.assert(
      fc.property(direction, price, fc.constantFrom(null, 0n, -5n), (side, target, last) => {
        expect(alertTargetProblem(side, target, last)).toBe('alertNoPrice');
      }),
    );
  });

  it('the firing trade is the first that reaches the price, and none before it does', () => {
    fc.assert(
      fc.property(direction, price, fc.array(price, { maxLength: 30 }), (side, target, prices) => {
        const trades = prices.map((value, id) => ({ id, price: value }));
        const fired = firstFiringTrade(side, target, trades);
        const index = trades.findIndex((trade) => alertFires(side, target, trade.price));
        expect(fired).toBe(index < 0 ? null : trades[index]);
        for (const earlier of trades.slice(0, index < 0 ? trades.length : index)) {
          expect(alertFires(side, target, earlier.price)).toBe(false);
        }
      }),
    );
  });

  it("reads the contract's direction codes and nothing else", () => {
    expect(alertDirectionOf(1)).toBe('rises');
    expect(alertDirectionOf(2)).toBe('falls');
    fc.assert(
      fc.property(
        fc.integer().filter((code) => code !== 1 && code !== 2),
        (code) => {
          expect(alertDirectionOf(code)).toBeNull();
        },
      ),
    );
  });
});
