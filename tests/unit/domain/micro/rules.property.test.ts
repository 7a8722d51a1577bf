import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readMicroStake } from '../../../../src/domain/micro/entry.ts';
import {
  countdownSeconds,
  MICRO_FEE_BPS,
  MICRO_SECONDS,
  microFactProfit,
  microFee,
  microOutcome,
  microPayout,
  microStakeProblem,
  ratioBpsOf,
  ratioText,
  truncatedUnits,
} from '../../../../src/domain/micro/rules.ts';

const stake = fc.bigInt({ min: 1n, max: 10n ** 16n });
const ratio = fc.bigInt({ min: 1n, max: 10_000n });
const price = fc.integer({ min: 1, max: 2 ** 40 });
const direction = fc.constantFrom('up' as const, 'down' as const);

describe('micro rules (issue 14)', () => {
  it('the outcome is the comparison of close with open, and up and down are opposite', () => {
    fc.assert(
      fc.property(price, price, (open, close) => {
        const up = microOutcome('up', open, close);
        expect(up).toBe(Math.sign(close - open));
        expect(microOutcome('down', open, close)).toBe(-up || 0);
      }),
    );
  });

  it('a win pays stake x (1 + ratio) rounded down, a tie refunds the stake, a loss pays nothing', () => {
    fc.assert(
      fc.property(stake, ratio, (s, r) => {
        const win = microPayout(s, r, 1);
        expect(win).toBe(s + (s * r) / 10_000n);
        expect(win).toBeLessThanOrEqual(2n * s);
        expect(win * 10_000n).toBeLessThanOrEqual(s * (10_000n + r));
        expect(win * 10_000n).toBeGreaterThan(s * (10_000n + r) - 10_000n);
        expect(microPayout(s, r, 0)).toBe(s);
        expect(microPayout(s, r, -1)).toBe(0n);
        expect(microFactProfit(s, r, -1)).toBe(-s);
        expect(microFactProfit(s, r, 0)).toBe(0n);
      }),
    );
  });

  it('the fee is 0.1 % of the stake rounded up, never more than one unit above the exact fee', () => {
    fc.assert(
      fc.property(stake, (s) => {
        const fee = microFee(s);
        expect(fee * 10_000n).toBeGreaterThanOrEqual(s * MICRO_FEE_BPS);
        expect(fee * 10_000n - s * MICRO_FEE_BPS).toBeLessThan(10_000n);
      }),
    );
  });

  it('profit text is truncated toward zero to 2 decimals', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 16n), max: 10n ** 16n }), (units) => {
        const abs = units < 0n ? -units : units;
        const cents = abs / 1_000_000n;
        const expected = `${cents === 0n || units >= 0n ? '' : '-'}${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
        expect(truncatedUnits(units, 2)).toBe(expected);
      }),
    );
    expect(truncatedUnits(8_099_999_999n)).toBe('80.99');
    expect(truncatedUnits(-10_000_000_000n)).toBe('-100.00');
    expect(truncatedUnits(-999_999n)).toBe('0.00');
  });

  it('ratios are at most 1 and read back from their text', () => {
    for (const option of MICRO_SECONDS) {
      expect(option.ratioBps <= 10_000n).toBe(true);
      expect(ratioBpsOf(ratioText(option.ratioBps))).toBe(option.ratioBps);
    }
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), (percent) => {
        const bps = BigInt(percent) * 100n;
        expect(ratioBpsOf(ratioText(bps))).toBe(bps);
      }),
    );
    expect(ratioBpsOf('1.5')).toBeNull();
    expect(ratioBpsOf('0')).toBeNull();
  });

  it('a stake is refused below the minimum, above the maximum or above the balance with its fee', () => {
    fc.assert(
      fc.property(stake, stake, stake, (s, min, available) => {
        const max = min * 10n;
        const problem = microStakeProblem(s, { min, max }, available);
        if (s < min) expect(problem).toBe('microAmountTooSmall');
        else if (s > max) expect(problem).toBe('microAmountTooLarge');
        else if (s + microFee(s) > available) expect(problem).toBe('microInsufficient');
        else expect(problem).toBeNull();
      }),
    );
  });

  it('the form reads empty, not a number, zero and limits as problems and sends exactly what it shows', () => {
    const terms = {
      decimals: 2,
      min: 100_000_000n,
      max: 100_000n * 100_000_000n,
      available: 1000n * 100_000_000n,
    };
    expect(readMicroStake('', terms, false)).toEqual({ ok: false, problem: { kind: 'empty' } });
    expect(readMicroStake('-1', terms, false)).toEqual({ ok: false, problem: { kind: 'notNumber' } });
    expect(readMicroStake('0', terms, false)).toEqual({ ok: false, problem: { kind: 'zero' } });
    expect(readMicroStake('1.234', terms, false)).toEqual({
      ok: false,
      problem: { kind: 'tooManyDecimals', max: 2 },
    });
    expect(readMicroStake('0.5', terms, false)).toEqual({
      ok: false,
      problem: { kind: 'microAmountTooSmall' },
    });
    expect(readMicroStake('999.5', terms, false)).toEqual({
      ok: false,
      problem: { kind: 'microInsufficient' },
    });
    expect(readMicroStake('12,5', terms, true)).toEqual({ ok: true, value: '12.5', stake: 1_250_000_000n });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 900 }), fc.integer({ min: 0, max: 99 }), (whole, cents) => {
        const text = `${whole}.${String(cents).padStart(2, '0')}`;
        const read = readMicroStake(text, terms, false);
        expect(read).toEqual({
          ok: true,
          value: text,
          stake: BigInt(whole) * 100_000_000n + BigInt(cents) * 1_000_000n,
        });
      }),
    );
  });

  it('the countdown shows whole seconds, rounding up, and never below zero', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000, max: 10_000_000 }), (ms) => {
        const s = countdownSeconds(ms);
        expect(s).toBeGreaterThanOrEqual(0);
        if (ms > 0) expect(s * 1000 - ms).toBeLessThan(1000);
      }),
    );
  });

  it('direction is fixed by the rules alone, whatever the direction (no rigging)', () => {
    fc.assert(
      fc.property(direction, price, fc.integer({ min: -1000, max: 1000 }), (d, open, move) => {
        const close = Math.max(1, open + move);
        const outcome = microOutcome(d, open, close);
        if (close === open) expect(outcome).toBe(0);
        else expect(outcome === 1).toBe(d === 'up' ? close > open : close < open);
      }),
    );
  });
});
