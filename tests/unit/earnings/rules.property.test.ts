import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accruedToday,
  countdownText,
  cumulativeSeries,
  dailyDividend,
  dailyRateText,
  DAY_MS,
  daysDue,
  daysLeft,
  isMature,
  nextPayoutAt,
  purchaseProblem,
  quotaUsedPercent,
  redeemProblem,
} from '../../../src/domain/earnings/rules.ts';

const principal = fc.bigInt({ min: 0n, max: 10n ** 16n });
const rate = fc.integer({ min: 0, max: 5000 });
const term = fc.constantFrom(0, 7, 30, 90, 180);
const START = Date.UTC(2026, 10, 2, 9, 0, 0);

describe('earnings rules (issue 15)', () => {
  it('a daily dividend never pays more than the rate says, and less by under one unit', () => {
    fc.assert(
      fc.property(principal, rate, (p, bp) => {
        const d = dailyDividend(p, bp);
        const exact = p * BigInt(bp);
        const scale = 10_000n * 365n;
        expect(d * scale <= exact).toBe(true);
        expect((d + 1n) * scale > exact).toBe(true);
      }),
    );
  });

  it('days due grow with time, one per whole day, and stop at the term', () => {
    fc.assert(
      fc.property(term, fc.nat(400 * DAY_MS), fc.nat(400 * DAY_MS), (days, a, b) => {
        const [early, late] = a <= b ? [a, b] : [b, a];
        const dueEarly = daysDue(START, START + early, days);
        const dueLate = daysDue(START, START + late, days);
        expect(dueLate).toBeGreaterThanOrEqual(dueEarly);
        expect(dueLate).toBe(
          days > 0 ? Math.min(Math.floor(late / DAY_MS), days) : Math.floor(late / DAY_MS),
        );
        expect(isMature(START, START + late, days)).toBe(days > 0 && late >= days * DAY_MS);
      }),
    );
  });

  it('the next payout is always after now until the term is paid, and the days left shrink to 0', () => {
    fc.assert(
      fc.property(term, fc.nat(200 * DAY_MS), (days, elapsed) => {
        const now = START + elapsed;
        const paid = daysDue(START, now, days);
        const next = nextPayoutAt(START, paid, days);
        if (days > 0 && paid >= days) expect(next).toBeNull();
        else expect(next).toBeGreaterThan(now);
        const left = daysLeft(START, now, days);
        expect(left).toBeGreaterThanOrEqual(0);
        if (days > 0) expect(left).toBe(Math.max(0, Math.ceil((START + days * DAY_MS - now) / DAY_MS)));
        else expect(left).toBe(0);
      }),
    );
  });

  it('what accrues in a day never reaches the day’s dividend before the day ends', () => {
    fc.assert(
      fc.property(principal, rate, term, fc.nat(50 * DAY_MS), (p, bp, days, elapsed) => {
        const now = START + elapsed;
        const paid = daysDue(START, now, days);
        const accrued = accruedToday(p, bp, START, paid, now, days);
        expect(accrued >= 0n).toBe(true);
        expect(accrued <= dailyDividend(p, bp)).toBe(true);
        if (days > 0 && paid >= days) expect(accrued).toBe(0n);
      }),
    );
  });

  it('a purchase that breaks no rule fits the minimum, the per-user room, the quota and the balance', () => {
    const units = fc.bigInt({ min: -10n, max: 10n ** 12n });
    fc.assert(
      fc.property(units, units, units, units, units, units, (u, min, max, held, left, available) => {
        const problem = purchaseProblem({
          units: u,
          minimum: min,
          maxPerUser: max,
          heldByUser: held,
          left,
          available,
        });
        if (problem === null) {
          expect(u > 0n && u >= min && held + u <= max && u <= left && u <= available && left > 0n).toBe(
            true,
          );
        } else if (problem === 'amountInvalid') expect(u <= 0n).toBe(true);
        else if (problem === 'soldOut') expect(left <= 0n).toBe(true);
        else if (problem === 'belowMinimum') expect(u < min).toBe(true);
        else if (problem === 'aboveUserMax') expect(held + u > max).toBe(true);
        else if (problem === 'aboveQuota') expect(u > left).toBe(true);
        else expect(u > available).toBe(true);
      }),
    );
  });

  it('only an active flexible holding may be redeemed', () => {
    fc.assert(
      fc.property(term, fc.boolean(), (days, active) => {
        const problem = redeemProblem(days, active);
        expect(problem === null).toBe(active && days === 0);
      }),
    );
  });

  it('the cumulative series ends at the sum and never goes down', () => {
    const payout = fc.record({ at: fc.nat(10_000), amount: fc.bigInt({ min: 0n, max: 10n ** 10n }) });
    fc.assert(
      fc.property(fc.array(payout), (payouts) => {
        const series = cumulativeSeries(payouts);
        const sum = payouts.reduce((total, p) => total + p.amount, 0n);
        expect(series.at(-1)?.total ?? 0n).toBe(sum);
        for (let i = 1; i < series.length; i++) {
          expect(series[i]!.at).toBeGreaterThan(series[i - 1]!.at);
          expect(series[i]!.total >= series[i - 1]!.total).toBe(true);
        }
      }),
    );
  });

  it('texts: daily rate, countdown, quota bar', () => {
    expect(dailyRateText(300)).toBe('0.0082');
    expect(dailyRateText(1200)).toBe('0.0328');
    expect(countdownText(DAY_MS + 3_723_000)).toBe('1d 01:02:03');
    expect(countdownText(-5)).toBe('00:00:00');
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.bigInt({ min: -5n, max: 10n ** 12n }),
        (quota, left) => {
          const used = quotaUsedPercent(quota, left);
          expect(used).toBeGreaterThanOrEqual(0);
          expect(used).toBeLessThanOrEqual(100);
        },
      ),
    );
  });
});
