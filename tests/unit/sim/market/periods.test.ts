import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { barStart, KLINE_PERIODS, nextBarStart } from '../../../../src/sim/market/periods.ts';

describe('kline periods', () => {
  it('start bars in UTC: minutes on their multiples, days at midnight, weeks on Monday, months on the 1st', () => {
    const t = Date.UTC(2026, 10, 21, 13, 47, 31, 500); // Saturday
    expect(barStart('1min', t)).toBe(Date.UTC(2026, 10, 21, 13, 47));
    expect(barStart('15min', t)).toBe(Date.UTC(2026, 10, 21, 13, 45));
    expect(barStart('60min', t)).toBe(Date.UTC(2026, 10, 21, 13));
    expect(barStart('1day', t)).toBe(Date.UTC(2026, 10, 21));
    expect(barStart('1week', t)).toBe(Date.UTC(2026, 10, 16));
    expect(new Date(barStart('1week', t)).getUTCDay()).toBe(1);
    expect(barStart('1mon', t)).toBe(Date.UTC(2026, 10, 1));
    expect(nextBarStart('1mon', Date.UTC(2026, 11, 1))).toBe(Date.UTC(2027, 0, 1));
  });

  it('tile time: every instant lies in exactly one bar of each period', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 0, 1) }),
        fc.constantFrom(...KLINE_PERIODS),
        (t, period) => {
          const start = barStart(period, t);
          const next = nextBarStart(period, start);
          expect(start).toBeLessThanOrEqual(t);
          expect(t).toBeLessThan(next);
          expect(barStart(period, next)).toBe(next);
          expect(barStart(period, next - 1)).toBe(start);
        },
      ),
    );
  });
});
