import { movingAverage } from '../spot/moving-average.ts';

export interface BollingerBands {
  middle: Array<number | null>;
  upper: Array<number | null>;
  lower: Array<number | null>;
}

/**
 * Bollinger bands BOLL(n, k): the middle band is the simple moving average of the last n closes,
 * the others lie k population standard deviations of those n closes above and below it. A bar
 * without a full window has no bands (null), like the average's.
 */
export function bollingerBands(closes: readonly number[], window: number, width: number): BollingerBands {
  const middle = movingAverage(closes, window);
  const upper: Array<number | null> = new Array<number | null>(closes.length).fill(null);
  const lower: Array<number | null> = new Array<number | null>(closes.length).fill(null);
  for (const [i, mean] of middle.entries()) {
    if (mean === null) continue;
    let squares = 0;
    for (let j = i - window + 1; j <= i; j++) squares += (closes[j]! - mean) ** 2;
    // Rounding can leave a tiny negative where every close is equal: the spread is then nothing.
    const spread = width * Math.sqrt(Math.max(0, squares / window));
    upper[i] = mean + spread;
    lower[i] = mean - spread;
  }
  return { middle, upper, lower };
}
