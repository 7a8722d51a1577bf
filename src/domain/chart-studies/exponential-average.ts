/**
 * The exponential moving average of a series (EMA(n)), as exchange charts draw it: the weight of a
 * new value is 2 / (n + 1), and the average starts at the simple average of the first n values, so
 * the first n - 1 points have none (null), like the simple average's. A window below 1 (or not a
 * whole number) has no average at all.
 */
export function exponentialAverage(values: readonly number[], window: number): Array<number | null> {
  const out: Array<number | null> = new Array<number | null>(values.length).fill(null);
  if (!Number.isInteger(window) || window < 1 || values.length < window) return out;
  const weight = 2 / (window + 1);
  let sum = 0;
  for (let i = 0; i < window; i++) sum += values[i]!;
  let average = sum / window;
  out[window - 1] = average;
  for (let i = window; i < values.length; i++) {
    average = average + weight * (values[i]! - average);
    out[i] = average;
  }
  return out;
}
