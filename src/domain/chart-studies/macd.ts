import { exponentialAverage } from './exponential-average.ts';

export interface Macd {
  /** EMA(fast) - EMA(slow) of the closes. */
  macd: Array<number | null>;
  /** EMA(signal) of the MACD line, from where that line begins. */
  signal: Array<number | null>;
  /** MACD - signal: the bars drawn under the lines. */
  histogram: Array<number | null>;
}

/**
 * MACD(fast, slow, signal), by default (12, 26, 9): the gap between a fast and a slow exponential
 * average of the closes, its own exponential average (the signal line), and the difference of the
 * two. Where an input has no value yet, the output has none (null).
 */
export function macd(closes: readonly number[], fast: number, slow: number, signal: number): Macd {
  const fastLine = exponentialAverage(closes, fast);
  const slowLine = exponentialAverage(closes, slow);
  const line = fastLine.map((fastValue, i) => gap(fastValue, slowLine[i] ?? null));
  // The signal averages the line from where it begins (every point on has a value): none before.
  const start = line.findIndex((value) => value !== null);
  const signalLine: Array<number | null> =
    start < 0
      ? line.map(() => null)
      : [...line.slice(0, start), ...exponentialAverage(line.slice(start) as number[], signal)];
  const histogram = line.map((value, i) => gap(value, signalLine[i] ?? null));
  return { macd: line, signal: signalLine, histogram };
}

/** a - b, or null where either has no value yet. */
function gap(a: number | null, b: number | null): number | null {
  return a === null || b === null ? null : a - b;
}
