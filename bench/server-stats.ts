/**
 * The statistics of the server benchmark (bench/server.ts): percentiles of latency samples and the
 * one-line summary each table row prints. Pure, so tests/unit/bench/server-stats.test.ts checks it.
 */

export interface Summary {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
}

/**
 * The nearest-rank percentile of ascending `sorted` values: the smallest value with at least p % of
 * the values at or below it (so p99 of 100 samples is the 99th, and p100 the largest). NaN when
 * there are no values; `p` outside 0..100 is a programming error.
 */
export function percentile(sorted: readonly number[], p: number): number {
  if (!(p >= 0 && p <= 100)) throw new RangeError(`percentile needs p in 0..100, got ${p}`);
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1]!;
}

/** Count, p50, p95, p99, max and mean of `values` (any order; the input is not changed). */
export function summarize(values: readonly number[]): Summary {
  const sorted = Float64Array.from(values).sort();
  const list = Array.from(sorted);
  let total = 0;
  for (const value of list) total += value;
  return {
    count: list.length,
    p50: percentile(list, 50),
    p95: percentile(list, 95),
    p99: percentile(list, 99),
    max: list.length === 0 ? Number.NaN : list[list.length - 1]!,
    mean: list.length === 0 ? Number.NaN : total / list.length,
  };
}

/** Events per second over `ms` milliseconds (0 when no time passed). */
export function perSecond(count: number, ms: number): number {
  return ms > 0 ? (count * 1000) / ms : 0;
}

/**
 * FNV-1a (32 bit) of bytes: names the same socket frame across sockets (the server sends one text to
 * every subscriber) without keeping the text. Two different frames may share a name once in four
 * billion, which would only merge two rows of the spread statistics.
 */
export function fnv1a(bytes: Uint8Array): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < bytes.length; index++) {
    hash ^= bytes[index]!;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
