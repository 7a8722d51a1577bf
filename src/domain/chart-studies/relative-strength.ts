/**
 * The relative strength index RSI(n) of the closes, by Wilder's smoothing (what exchange charts
 * draw): the first average gain and loss are the simple averages of the first n changes, later ones
 * (previous * (n - 1) + change) / n; RSI = 100 - 100 / (1 + gain / loss). Always within [0, 100]:
 * 100 when nothing fell, 0 when nothing rose, 50 when nothing moved. The first n bars have none.
 */
export function relativeStrength(closes: readonly number[], window: number): Array<number | null> {
  const out: Array<number | null> = new Array<number | null>(closes.length).fill(null);
  if (!Number.isInteger(window) || window < 1 || closes.length <= window) return out;
  let gain = 0;
  let loss = 0;
  for (let i = 1; i <= window; i++) {
    const change = closes[i]! - closes[i - 1]!;
    if (change > 0) gain += change;
    else loss -= change;
  }
  gain /= window;
  loss /= window;
  out[window] = strengthOf(gain, loss);
  for (let i = window + 1; i < closes.length; i++) {
    const change = closes[i]! - closes[i - 1]!;
    gain = (gain * (window - 1) + Math.max(change, 0)) / window;
    loss = (loss * (window - 1) + Math.max(-change, 0)) / window;
    out[i] = strengthOf(gain, loss);
  }
  return out;
}

function strengthOf(gain: number, loss: number): number {
  if (loss === 0) return gain === 0 ? 50 : 100;
  const value = 100 - 100 / (1 + gain / loss);
  // Floating-point rounding must not push the index outside its scale.
  return Math.min(100, Math.max(0, value));
}
