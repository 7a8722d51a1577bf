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
  const line: Array<number | null> = closes.map((_, i) => {
    const f = fastLine[i];
    const s = slowLine[i];
    return f === null || f === undefined || s === null || s === undefined ? null : f - s;
  });
  const start = line.findIndex((value) => value !== null);
  const signalLine: Array<number | null> = new Array<number | null>(closes.length).fill(null);
  if (start >= 0) {
    const tail = exponentialAverage(line.slice(start) as number[], signal);
    tail.forEach((value, i) => {
      signalLine[start + i] = value;
    });
  }
  const histogram = line.map((value, i) => {
    const s = signalLine[i];
    return value === null || s === null || s === undefined ? null : value - s;
  });
  return { macd: line, signal: signalLine, histogram };
}
