import { describe, expect, it } from 'vitest';
import { HawkesArrivals } from '../../../../src/sim/market/hawkes.ts';
import { createRng } from '../../../../src/sim/rng.ts';

describe('Hawkes arrivals', () => {
  const baseline = 0.5;
  const branching = 0.78;
  const decay = 1;

  function arrivalTimes(count: number): number[] {
    const process = new HawkesArrivals(baseline, branching * decay, decay);
    const rng = createRng(42);
    const times: number[] = [];
    let t = 0;
    for (let i = 0; i < count; i++) times.push((t += process.nextWait(rng)));
    return times;
  }

  it('arrive at the stationary rate baseline / (1 - branching ratio)', () => {
    const times = arrivalTimes(200_000);
    const rate = times.length / times[times.length - 1]!;
    expect(rate).toBeGreaterThan(0.9 * (baseline / (1 - branching)));
    expect(rate).toBeLessThan(1.1 * (baseline / (1 - branching)));
  });

  it('cluster: counts per window vary far more than a Poisson process would', () => {
    const times = arrivalTimes(200_000);
    const counts = new Map<number, number>();
    for (const t of times) counts.set(Math.floor(t / 10), (counts.get(Math.floor(t / 10)) ?? 0) + 1);
    const windows = Math.floor(times[times.length - 1]! / 10);
    const values = Array.from({ length: windows }, (_, i) => counts.get(i) ?? 0);
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    const variance = values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / values.length;
    // A Poisson count has variance = mean; a clustered process has a large dispersion index.
    expect(variance / mean).toBeGreaterThan(3);
  });

  it('refuses a supercritical process', () => {
    expect(() => new HawkesArrivals(1, 2, 1)).toThrow(RangeError);
  });
});
