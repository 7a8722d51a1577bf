import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accruedToday,
  annualRateText,
  cumulativeSeries,
  dailyDividend,
  dailyRateText,
  DAY_MS,
  daysDue,
  daysLeft,
  isMature,
  maturesAt,
  purchaseProblem,
  quotaUsedPercent,
  redeemProblem,
} from '../../../../src/domain/earnings/rules.ts';
import { readMicroStake } from '../../../../src/domain/micro/entry.ts';
import {
  countdownSeconds,
  expectedWinPayout,
  microCurrencyTerms,
  microFee,
  microOutcome,
  microStakeProblem,
  microWinProfit,
  ratioBpsOf,
  ratioPercent,
  secondsOption,
  truncatedUnits,
} from '../../../../src/domain/micro/rules.ts';

const UNIT = 100_000_000n;

describe('micro rules', () => {
  it('up wins on a rise, down on a fall, a tie is neither', () => {
    expect(microOutcome('up', 100, 101)).toBe(1);
    expect(microOutcome('up', 100, 99)).toBe(-1);
    expect(microOutcome('down', 100, 99)).toBe(1);
    expect(microOutcome('down', 100, 101)).toBe(-1);
    expect(microOutcome('up', 100, 100)).toBe(0);
  });

  it('charges no fee and pays no profit on a non-positive stake, fee or ratio', () => {
    expect(microFee(-100_000n)).toBe(0n);
    expect(microFee(100_000n, -10n)).toBe(0n);
    expect(microFee(-100_000n, -10n)).toBe(0n);
    expect(microFee(100_000n, 0n)).toBe(0n);
    expect(microWinProfit(-UNIT, 8000n)).toBe(0n);
    expect(microWinProfit(UNIT, -8000n)).toBe(0n);
    expect(microWinProfit(-UNIT, -8000n)).toBe(0n);
  });

  it('rounds the fee up and the profit down', () => {
    expect(microFee(1n)).toBe(1n);
    expect(microFee(10_000n)).toBe(10n);
    expect(microWinProfit(3n, 5000n)).toBe(1n);
    expect(expectedWinPayout(UNIT, 8000n)).toBe(180_000_000n);
  });

  it('truncates to whole units when asked for no decimals', () => {
    expect(truncatedUnits(3n * UNIT + 99_999_999n, 0)).toBe('3');
    expect(truncatedUnits(-3n * UNIT, 0)).toBe('-3');
    expect(truncatedUnits(3n * UNIT + 99_999_999n)).toBe('3.99');
  });

  it('shows a ratio as percent without trailing zeros', () => {
    expect(ratioPercent(8000n)).toBe('80');
    expect(ratioPercent(8050n)).toBe('80.5');
    expect(ratioPercent(8055n)).toBe('80.55');
    expect(ratioPercent(8005n)).toBe('80.05');
    expect(ratioPercent(5n)).toBe('0.05');
  });

  it('reads ratio texts in (0, 1] with at most 4 decimals', () => {
    expect(ratioBpsOf('0.8')).toBe(8000n);
    expect(ratioBpsOf('0.80')).toBe(8000n);
    expect(ratioBpsOf('1')).toBe(10_000n);
    expect(ratioBpsOf('00.5')).toBe(5000n);
    expect(ratioBpsOf('0.0001')).toBe(1n);
    for (const text of ['0', '0.00001', '1.0001', 'x0.8', '0.8x', 'abc', '', '.8', '0.']) {
      expect(ratioBpsOf(text), text).toBeNull();
    }
  });

  it('finds the duration and currency terms offered, and nothing else', () => {
    expect(secondsOption(60)).toEqual({ seconds: 60, ratioBps: 7000n });
    expect(secondsOption(45)).toBeUndefined();
    expect(microCurrencyTerms('BTC')?.min).toBe(10_000n);
    expect(microCurrencyTerms('XRP')).toBeUndefined();
  });

  it('takes stakes within the limits inclusive, with the fee within the balance', () => {
    const terms = { min: 100n, max: 1000n };
    expect(microStakeProblem(100n, terms, 10n ** 9n)).toBeNull();
    expect(microStakeProblem(99n, terms, 10n ** 9n)).toBe('microAmountTooSmall');
    expect(microStakeProblem(1000n, terms, 10n ** 9n)).toBeNull();
    expect(microStakeProblem(1001n, terms, 10n ** 9n)).toBe('microAmountTooLarge');
    // 1000 units and a fee of 1: exactly 1001 available is enough.
    expect(microStakeProblem(1000n, terms, 1001n)).toBeNull();
    expect(microStakeProblem(1000n, terms, 1000n)).toBe('microInsufficient');
  });

  it('counts down whole seconds, rounded up', () => {
    expect(countdownSeconds(0)).toBe(0);
    expect(countdownSeconds(-1500)).toBe(0);
    expect(countdownSeconds(1)).toBe(1);
    expect(countdownSeconds(1000)).toBe(1);
    expect(countdownSeconds(1001)).toBe(2);
  });

  it('reads the stake field', () => {
    const terms = { decimals: 2, min: UNIT, max: 100n * UNIT, available: 1000n * UNIT };
    expect(readMicroStake('', terms, false)).toEqual({ ok: false, problem: { kind: 'empty' } });
    expect(readMicroStake('  ', terms, false)).toEqual({ ok: false, problem: { kind: 'empty' } });
    expect(readMicroStake('0', terms, false)).toEqual({ ok: false, problem: { kind: 'zero' } });
    expect(readMicroStake('abc', terms, false)).toEqual({ ok: false, problem: { kind: 'notNumber' } });
    expect(readMicroStake('1,5', terms, true)).toEqual({ ok: true, value: '1.5', stake: 150_000_000n });
  });
});

describe('earnings rules', () => {
  it('pays no dividend on a non-positive principal or rate', () => {
    expect(dailyDividend(-365n * UNIT, 1000)).toBe(0n);
    expect(dailyDividend(365n * UNIT, -1000)).toBe(0n);
    expect(dailyDividend(-365n * UNIT, -1000)).toBe(0n);
    // 10 % a year of 365 coins is 0.1 coin a day.
    expect(dailyDividend(365n * UNIT, 1000)).toBe(UNIT / 10n);
  });

  it('counts whole days held, none before the start', () => {
    expect(daysDue(1000, 1000, 0)).toBe(0);
    expect(daysDue(1000, 500, 0)).toBe(0);
    expect(daysDue(1000, 1000 + DAY_MS, 0)).toBe(1);
    expect(daysDue(1000, 1000 + 5 * DAY_MS, 3)).toBe(3);
  });

  it('matures a fixed term at the end of its last day exactly; a flexible one never', () => {
    expect(maturesAt(1000, 3)).toBe(1000 + 3 * DAY_MS);
    expect(maturesAt(1000, 0)).toBeNull();
    expect(isMature(1000, 1000 + 3 * DAY_MS, 3)).toBe(true);
    expect(isMature(1000, 1000 + 3 * DAY_MS - 1, 3)).toBe(false);
    expect(isMature(1000, 1000 + 300 * DAY_MS, 0)).toBe(false);
  });

  it('counts days left rounded up, 0 once ended or for a flexible holding', () => {
    expect(daysLeft(0, 0, 3)).toBe(3);
    expect(daysLeft(0, 1, 3)).toBe(3);
    expect(daysLeft(0, DAY_MS, 3)).toBe(2);
    expect(daysLeft(0, 3 * DAY_MS, 3)).toBe(0);
    expect(daysLeft(0, 0, 0)).toBe(0);
    expect(daysLeft(0, 0, -1)).toBe(0);
    expect(daysLeft(0, -10 * DAY_MS, -1)).toBe(0);
    expect(daysLeft(0, -10 * DAY_MS, 0)).toBe(0);
  });

  it('accrues the running day in proportion to the part gone', () => {
    const principal = 365n * UNIT;
    const daily = dailyDividend(principal, 1000);
    expect(accruedToday(principal, 1000, 0, 0, 0, 0)).toBe(0n);
    expect(accruedToday(principal, 1000, 0, 0, DAY_MS / 2, 0)).toBe(daily / 2n);
    expect(accruedToday(principal, 1000, 0, 1, DAY_MS + DAY_MS / 4, 0)).toBe(daily / 4n);
    // Day 2 not started yet when day 1 is still unpaid past its end: nothing of day 2 accrues.
    expect(accruedToday(principal, 1000, 0, 1, DAY_MS / 2, 0)).toBe(0n);
    expect(accruedToday(principal, 1000, 0, 0, 2 * DAY_MS, 0)).toBe(daily);
    // A fixed term fully paid accrues nothing.
    expect(accruedToday(principal, 1000, 0, 3, 3 * DAY_MS + 5, 3)).toBe(0n);
  });

  it('checks a purchase in the documented order, limits inclusive', () => {
    const ok = {
      units: 100n,
      minimum: 100n,
      maxPerUser: 300n,
      heldByUser: 200n,
      left: 100n,
      available: 100n,
    };
    expect(purchaseProblem(ok)).toBeNull();
    expect(purchaseProblem({ ...ok, units: 0n })).toBe('amountInvalid');
    expect(purchaseProblem({ ...ok, left: 0n })).toBe('soldOut');
    expect(purchaseProblem({ ...ok, units: 99n })).toBe('belowMinimum');
    expect(purchaseProblem({ ...ok, heldByUser: 201n })).toBe('aboveUserMax');
    expect(purchaseProblem({ ...ok, left: 99n })).toBe('aboveQuota');
    expect(purchaseProblem({ ...ok, available: 99n })).toBe('insufficient');
  });

  it('refuses redeeming a closed holding, then a running fixed term', () => {
    expect(redeemProblem(0, false)).toBe('closed');
    expect(redeemProblem(30, false)).toBe('closed');
    expect(redeemProblem(30, true)).toBe('fixedTerm');
    expect(redeemProblem(0, true)).toBeNull();
  });

  it('writes rates as text', () => {
    expect(dailyRateText(3650)).toBe('0.1000');
    expect(dailyRateText(36500, 0)).toBe('1');
    expect(annualRateText(1250)).toBe('12.50');
    expect(annualRateText(1205)).toBe('12.05');
    expect(annualRateText(5)).toBe('0.05');
  });

  it('sums payouts of one instant into one point, oldest first', () => {
    expect(
      cumulativeSeries([
        { at: 2, amount: 5n },
        { at: 1, amount: 1n },
        { at: 2, amount: 3n },
      ]),
    ).toEqual([
      { at: 1, total: 1n },
      { at: 2, total: 9n },
    ]);
  });

  it('keeps one point per instant however many instants there are', () => {
    const payouts = [1, 2, 3, 3, 4].map((at) => ({ at, amount: 1n }));
    expect(cumulativeSeries(payouts)).toEqual([
      { at: 1, total: 1n },
      { at: 2, total: 2n },
      { at: 3, total: 4n },
      { at: 4, total: 5n },
    ]);
  });

  it('shows how much of the quota is used, 0..100', () => {
    expect(quotaUsedPercent(0n, 0n)).toBe(100);
    expect(quotaUsedPercent(-5n, 0n)).toBe(100);
    expect(quotaUsedPercent(200n, 50n)).toBe(75);
    expect(quotaUsedPercent(200n, 0n)).toBe(100);
    expect(quotaUsedPercent(200n, -10n)).toBe(100);
    expect(quotaUsedPercent(200n, 250n)).toBe(0);
    expect(quotaUsedPercent(200n, 200n)).toBe(0);
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        (quota, left) => {
          const clamped = left > quota ? quota : left;
          expect(quotaUsedPercent(quota, left)).toBe(Number(((quota - clamped) * 100n) / quota));
        },
      ),
      { numRuns: 50 },
    );
  });
});
