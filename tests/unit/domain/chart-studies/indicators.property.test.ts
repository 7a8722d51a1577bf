import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bollingerBands } from '../../../../src/domain/chart-studies/bollinger-bands.ts';
import { exponentialAverage } from '../../../../src/domain/chart-studies/exponential-average.ts';
import { macd } from '../../../../src/domain/chart-studies/macd.ts';
import { relativeStrength } from '../../../../src/domain/chart-studies/relative-strength.ts';
import { movingAverage } from '../../../../src/domain/spot/moving-average.ts';

const price = fc.double({ min: 0.0001, max: 100_000, noNaN: true, noDefaultInfinity: true });
const closes = fc.array(price, { minLength: 0, maxLength: 80 });
const window = fc.integer({ min: 1, max: 30 });
const close = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

describe('exponential moving average', () => {
  it('of a constant series is that constant, from the n-th value on', () => {
    fc.assert(
      fc.property(price, fc.integer({ min: 1, max: 60 }), window, (value, length, n) => {
        const out = exponentialAverage(new Array<number>(length).fill(value), n);
        out.forEach((point, i) => {
          if (i < n - 1) expect(point).toBeNull();
          else expect(close(point!, value)).toBe(true);
        });
      }),
    );
  });

  it('stays between the lowest and the highest value so far, and starts at the simple average', () => {
    fc.assert(
      fc.property(closes, window, (values, n) => {
        const out = exponentialAverage(values, n);
        const simple = movingAverage(values, n);
        expect(out).toHaveLength(values.length);
        out.forEach((point, i) => {
          if (i < n - 1) return expect(point).toBeNull();
          const seen = values.slice(0, i + 1);
          // Rounding error scales with the largest value summed, not the smallest.
          const slack = 1e-12 * Math.max(...seen);
          expect(point!).toBeGreaterThanOrEqual(Math.min(...seen) - slack);
          expect(point!).toBeLessThanOrEqual(Math.max(...seen) + slack);
          if (i === n - 1) expect(close(point!, simple[i]!)).toBe(true);
        });
      }),
    );
  });

  it('moves a new value in with weight 2 / (n + 1)', () => {
    fc.assert(
      fc.property(
        fc.array(price, { minLength: 2, maxLength: 40 }),
        fc.integer({ min: 1, max: 10 }),
        (values, n) => {
          fc.pre(values.length > n);
          const out = exponentialAverage(values, n);
          for (let i = n; i < values.length; i++) {
            const expected = out[i - 1]! + (2 / (n + 1)) * (values[i]! - out[i - 1]!);
            expect(close(out[i]!, expected)).toBe(true);
          }
        },
      ),
    );
  });

  it('has no value for a window that is not a whole number of at least 1', () => {
    fc.assert(
      fc.property(closes, fc.constantFrom(0, -1, 2.5, Number.NaN), (values, n) => {
        expect(exponentialAverage(values, n).every((point) => point === null)).toBe(true);
      }),
    );
  });
});

describe('Bollinger bands', () => {
  it('have the simple moving average as their middle, and lie symmetric around it, upper >= lower', () => {
    fc.assert(
      fc.property(closes, window, fc.integer({ min: 1, max: 3 }), (values, n, k) => {
        const bands = bollingerBands(values, n, k);
        expect(bands.middle).toEqual(movingAverage(values, n));
        values.forEach((_, i) => {
          const middle = bands.middle[i];
          if (middle === null || middle === undefined) {
            expect(bands.upper[i]).toBeNull();
            expect(bands.lower[i]).toBeNull();
            return;
          }
          expect(bands.upper[i]!).toBeGreaterThanOrEqual(bands.lower[i]!);
          expect(close(bands.upper[i]! - middle, middle - bands.lower[i]!)).toBe(true);
        });
      }),
    );
  });

  it('are k population standard deviations wide', () => {
    const out = bollingerBands([2, 4, 4, 4, 5, 5, 7, 9], 8, 2);
    // The textbook series: mean 5, population standard deviation 2.
    expect(out.middle[7]).toBe(5);
    expect(out.upper[7]).toBe(9);
    expect(out.lower[7]).toBe(1);
  });

  it('close on the average when every close of the window is the same', () => {
    fc.assert(
      fc.property(price, window, (value, n) => {
        const bands = bollingerBands(new Array<number>(n + 3).fill(value), n, 2);
        expect(close(bands.upper[n + 2]!, bands.lower[n + 2]!)).toBe(true);
      }),
    );
  });
});

describe('MACD', () => {
  it('is the fast average less the slow one, its signal the average of that line, its bars their gap', () => {
    fc.assert(
      fc.property(fc.array(price, { minLength: 0, maxLength: 80 }), (values) => {
        const out = macd(values, 12, 26, 9);
        const fast = exponentialAverage(values, 12);
        const slow = exponentialAverage(values, 26);
        values.forEach((_, i) => {
          if (slow[i] === null) return expect(out.macd[i]).toBeNull();
          expect(close(out.macd[i]!, fast[i]! - slow[i]!)).toBe(true);
          if (out.signal[i] !== null)
            expect(close(out.histogram[i]!, out.macd[i]! - out.signal[i]!)).toBe(true);
          else expect(out.histogram[i]).toBeNull();
        });
        // The signal needs nine points of the MACD line, which begins at the 26th close.
        values.forEach((_, i) => expect(out.signal[i] === null).toBe(i < 26 + 9 - 2));
      }),
    );
  });

  it('is zero on a constant series', () => {
    fc.assert(
      fc.property(price, (value) => {
        const out = macd(new Array<number>(50).fill(value), 12, 26, 9);
        expect(Math.abs(out.macd[49]!)).toBeLessThanOrEqual(1e-9 * value);
        expect(Math.abs(out.histogram[49]!)).toBeLessThanOrEqual(1e-9 * value);
      }),
    );
  });
});

describe('relative strength index', () => {
  it('lies within [0, 100] and begins after n changes', () => {
    fc.assert(
      fc.property(closes, window, (values, n) => {
        const out = relativeStrength(values, n);
        expect(out).toHaveLength(values.length);
        out.forEach((point, i) => {
          if (i < n) return expect(point).toBeNull();
          expect(point!).toBeGreaterThanOrEqual(0);
          expect(point!).toBeLessThanOrEqual(100);
        });
      }),
    );
  });

  it('is 100 on a series that only rises, 0 on one that only falls, 50 on a flat one', () => {
    fc.assert(
      fc.property(price, fc.integer({ min: 2, max: 40 }), window, (start, length, n) => {
        fc.pre(length > n);
        const rising = Array.from({ length }, (_, i) => start + i);
        const falling = Array.from({ length }, (_, i) => start + length - i);
        expect(relativeStrength(rising, n)[length - 1]).toBe(100);
        expect(relativeStrength(falling, n)[length - 1]).toBe(0);
        expect(relativeStrength(new Array<number>(length).fill(start), n)[length - 1]).toBe(50);
      }),
    );
  });

  it("follows Wilder's smoothing", () => {
    // Gains 1, 0 and losses 0, 1 over n = 2: average gain 0.5, loss 0.5 -> 50; then a gain of 2:
    // gain (0.5 + 2) / 2 = 1.25, loss 0.5 / 2 = 0.25 -> 100 - 100 / 6.
    const out = relativeStrength([10, 11, 10, 12], 2);
    expect(out[2]).toBe(50);
    expect(close(out[3]!, 100 - 100 / 6)).toBe(true);
  });
});
