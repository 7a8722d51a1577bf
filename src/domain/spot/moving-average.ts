/**
 * Spec §9: the chart shows two moving-average studies by default. Simple moving averages of the
 * close, like an exchange chart's MA(7) and MA(25); a bar without a full window has none (null),
 * so the line starts where the average means something.
 */
export const MOVING_AVERAGES: readonly number[] = [7, 25];

export function movingAverage(closes: readonly number[], window: number): Array<number | null> {
  const out: Array<number | null> = new Array<number | null>(closes.length).fill(null);
  if (!(window >= 1)) return out;
  let sum = 0;
  for (let i = 0; i < closes.length; i++) {
    sum += closes[i]!;
    if (i >= window) sum -= closes[i - window]!;
    if (i >= window - 1) out[i] = sum / window;
  }
  return out;
}
