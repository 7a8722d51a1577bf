import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  centsOf,
  centsText,
  isP2pCoin,
  isP2pFiat,
  onStep,
  quantityForAmount,
  quantityStep,
} from '../../../../src/domain/p2p/amounts.ts';

const digits = (min: number, max: number) =>
  fc.array(fc.constantFrom(...'0123456789'), { minLength: min, maxLength: max }).map((d) => d.join(''));

describe('P2P coins and fiats', () => {
  it('knows the coins and fiats it trades, and nothing else (not even an object property name)', () => {
    for (const coin of ['USDT', 'BTC', 'ETH']) expect(isP2pCoin(coin)).toBe(true);
    for (const other of ['usdt', 'DOGE', '', 'toString', 'constructor', '__proto__', 'hasOwnProperty'])
      expect(isP2pCoin(other)).toBe(false);
    for (const fiat of ['CNY', 'USD', 'EUR']) expect(isP2pFiat(fiat)).toBe(true);
    for (const other of ['cny', 'GBP', '', 'USDT', 'includes']) expect(isP2pFiat(other)).toBe(false);
  });
});

describe('P2P cents', () => {
  it('an amount with a non-zero digit past the cents is refused, however many decimals it has', () => {
    fc.assert(
      fc.property(
        digits(1, 6),
        digits(2, 2),
        digits(0, 20),
        fc.constantFrom(...'123456789'),
        (whole, cents, more, last) => {
          expect(centsOf(`${whole}.${cents}${more}${last}`)).toBeNull();
        },
      ),
    );
    // The simulator reads an order's amount with this: 13 decimals are not 100.00.
    expect(centsOf('100.0000000000001')).toBeNull();
  });

  it('trailing zeros past the cents do not change the amount', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.integer({ min: 1, max: 20 }), (c, zeros) => {
        expect(centsOf(centsText(c) + '0'.repeat(zeros))).toBe(c);
      }),
    );
  });

  it('a negative amount prints with its sign, the same digits as its opposite', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 14n }), (c) => {
        expect(centsText(-c)).toBe(`-${centsText(c)}`);
      }),
    );
    expect(centsText(-5n)).toBe('-0.05');
    expect(centsText(-1230n)).toBe('-12.30');
  });
});

describe('P2P quantities', () => {
  it('an ad without a positive price buys nothing (and never divides by zero)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.bigInt({ min: -(10n ** 6n), max: 0n }),
        fc.constantFrom(2, 4, 6),
        (amount, price, d) => {
          expect(quantityForAmount(amount, price, d)).toBe(0n);
        },
      ),
    );
  });

  it('a quantity is on the step exactly when it is a whole number of steps', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(2, 4, 6),
        fc.bigInt({ min: 0n, max: 10n ** 10n }),
        fc.bigInt({ min: 0n, max: 10n ** 8n }),
        (d, steps, extra) => {
          const step = quantityStep(d);
          const rest = extra % step;
          expect(onStep(steps * step + rest, d)).toBe(rest === 0n);
        },
      ),
    );
    expect(onStep(1_000_000n, 2)).toBe(true);
    expect(onStep(1_000_001n, 2)).toBe(false);
  });
});
