import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bollingerBands } from '../../../../src/domain/chart-studies/bollinger-bands.ts';
import { exponentialAverage } from '../../../../src/domain/chart-studies/exponential-average.ts';
import { macd } from '../../../../src/domain/chart-studies/macd.ts';
import { relativeStrength } from '../../../../src/domain/chart-studies/relative-strength.ts';
import { movingAverage } from '../../../../src/domain/spot/moving-average.ts';

const price = fc.double({ min: 0.0001, max: 100_000, noNaN: true, noDefaultInfinity: true });
// size 'max': fast-check otherwise draws arrays of at most about ten values, whatever maxLength
// says, and a study over a longer window than that would only ever be tested for having no value.
const closes = fc.array(price, { minLength: 0, maxLength: 80, size: 'max' });
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

describe('simple moving average', () => {
  it('has no value for a window below 1', () => {
    fc.assert(
      fc.property(closes, fc.constantFrom(0, -1, -0.5, Number.NaN), (values, n) => {
        expect(movingAverage(values, n)).toEqual(new Array<null>(values.length).fill(null));
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
      fc.property(closes, (values) => {
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

  it('has a value only where both averages have one, whichever is the faster, and its signal begins n - 1 points later', () => {
    const small = fc.integer({ min: 1, max: 12 });
    fc.assert(
      fc.property(closes, small, small, small, (values, fast, slow, n) => {
        const out = macd(values, fast, slow, n);
        const fastLine = exponentialAverage(values, fast);
        const slowLine = exponentialAverage(values, slow);
        const begins = Math.max(fast, slow) - 1;
        values.forEach((_, i) => {
          if (fastLine[i] === null || slowLine[i] === null) expect(out.macd[i]).toBeNull();
          else expect(close(out.macd[i]!, fastLine[i]! - slowLine[i]!)).toBe(true);
          expect(out.signal[i] === null).toBe(i < begins + n - 1);
          if (out.signal[i] === null) expect(out.histogram[i]).toBeNull();
          else expect(close(out.histogram[i]!, out.macd[i]! - out.signal[i]!)).toBe(true);
        });
        // The signal is an exponential average of the MACD line: it starts at the simple average of
        // the line's first n points, then moves each new point in with weight 2 / (n + 1).
        const first = begins + n - 1;
        if (values.length > first) {
          const opening = out.macd.slice(begins, first + 1) as number[];
          const mean = opening.reduce((sum, value) => sum + value, 0) / n;
          const scale = Math.max(1, ...values);
          expect(Math.abs(out.signal[first]! - mean)).toBeLessThanOrEqual(1e-9 * scale);
          for (let i = first + 1; i < values.length; i++) {
            const expected = out.signal[i - 1]! + (2 / (n + 1)) * (out.macd[i]! - out.signal[i - 1]!);
            expect(Math.abs(out.signal[i]! - expected)).toBeLessThanOrEqual(1e-9 * scale);
          }
        }
      }),
    );
  });

  it('with windows of one has a value, and a signal, from the first close on', () => {
    expect(macd([3, 5, 4], 1, 1, 1)).toEqual({ macd: [0, 0, 0], signal: [0, 0, 0], histogram: [0, 0, 0] });
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
    // gain (0.5 + 2) / 2 = 1.25, loss 0.5 / 2 = 0.25 -> 100 - 100 / 6; then a loss of 1:
    // gain 1.25 / 2 = 0.625, loss (0.25 + 1) / 2 = 0.625 -> 50.
    const out = relativeStrength([10, 11, 10, 12, 11], 2);
    expect(out[2]).toBe(50);
    expect(close(out[3]!, 100 - 100 / 6)).toBe(true);
    expect(close(out[4]!, 50)).toBe(true);
  });

  it('has no value for a window that is not a whole number of at least 1', () => {
    fc.assert(
      fc.property(closes, fc.constantFrom(0, -1, 2.5, Number.NaN), (values, n) => {
        expect(relativeStrength(values, n).every((point) => point === null)).toBe(true);
      }),
    );
  });
});
