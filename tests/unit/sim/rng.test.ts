import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { createRng, type Rng } from '../../../src/sim/rng.ts';

function draws(rng: Rng, count: number): number[] {
  return Array.from({ length: count }, () => rng.next());
}

function mean(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

function variance(values: readonly number[]): number {
  const m = mean(values);
  return values.reduce((sum, value) => sum + (value - m) ** 2, 0) / values.length;
}

describe('createRng', () => {
  it('gives the same sequence for the same seed and different ones for nearby seeds', () => {
    expect(draws(createRng(42), 100)).toEqual(draws(createRng(42), 100));
    expect(draws(createRng(42), 10)).not.toEqual(draws(createRng(43), 10));
    expect(draws(createRng(2 ** 40), 10)).not.toEqual(draws(createRng(0), 10));
  });

  it('matches the xoshiro128** reference outputs', () => {
    // Reference raw outputs from state [1, 2, 3, 4]: 11520, 0, 5927040, 70819200. next() takes the
    // high 27 bits of one output and the high 26 bits of the next.
    const rng = createRng.fromState([1, 2, 3, 4]);
    expect(rng.next()).toBe(((11520 >>> 5) * 2 ** 26 + (0 >>> 6)) / 2 ** 53);
    expect(rng.next()).toBe(((5927040 >>> 5) * 2 ** 26 + (70819200 >>> 6)) / 2 ** 53);
  });

  it('has a fixed output for a fixed seed (guards against accidental algorithm changes)', () => {
    const rng = createRng(1);
    expect(rng.state()).toMatchInlineSnapshot(`
      [
        2527132011,
        314344336,
        2535364964,
        2041432039,
      ]
    `);
    expect(draws(rng, 3)).toMatchInlineSnapshot(`
      [
        0.5686059948349658,
        0.8893939367683266,
        0.4705824180198359,
      ]
    `);
  });

  it('never calls Math.random', () => {
    const spy = vi.spyOn(Math, 'random');
    const rng = createRng(7);
    rng.next();
    rng.int(10);
    rng.normal();
    rng.studentT(4);
    rng.lognormal(0, 1);
    rng.gamma(0.5);
    rng.exponential(2);
    rng.pick([1, 2, 3]);
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });

  it('next() stays in [0, 1) and int/range/pick stay in bounds', () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.integer({ min: 1, max: 2 ** 40 }),
        fc.double({ noNaN: true, min: -1e6, max: 1e6 }),
        (seed, n, a) => {
          const rng = createRng(seed);
          const x = rng.next();
          expect(x).toBeGreaterThanOrEqual(0);
          expect(x).toBeLessThan(1);
          const i = rng.int(n);
          expect(Number.isInteger(i) && i >= 0 && i < n).toBe(true);
          const r = rng.range(a, a + 10);
          expect(r).toBeGreaterThanOrEqual(a);
          expect(r).toBeLessThanOrEqual(a + 10);
          expect(['x', 'y', 'z']).toContain(rng.pick(['x', 'y', 'z']));
        },
      ),
    );
  });

  it('restores from state() and continues the same sequence', () => {
    fc.assert(
      fc.property(fc.integer(), fc.nat({ max: 50 }), (seed, skip) => {
        const original = createRng(seed);
        draws(original, skip);
        const copy = createRng.fromState(original.state());
        expect(draws(copy, 20)).toEqual(draws(original, 20));
        expect(copy.state()).toEqual(original.state());
      }),
    );
  });

  it('state() survives JSON, as a snapshot stores it', () => {
    const rng = createRng(99);
    rng.normal();
    const restored = createRng.fromState(JSON.parse(JSON.stringify(rng.state())) as number[]);
    expect(restored.normal()).toBe(rng.normal());
  });

  it('rejects invalid states and arguments', () => {
    expect(() => createRng.fromState([0, 0, 0, 0])).toThrow(RangeError);
    expect(() => createRng.fromState([1, 2, 3])).toThrow(RangeError);
    expect(() => createRng.fromState([1, 2, 3, 2 ** 32])).toThrow(RangeError);
    expect(() => createRng.fromState([1, 2, 3, 1.5])).toThrow(RangeError);
    expect(() => createRng(Number.NaN)).toThrow(RangeError);
    const rng = createRng(1);
    expect(() => rng.int(0)).toThrow(RangeError);
    expect(() => rng.int(2.5)).toThrow(RangeError);
    expect(() => rng.pick([])).toThrow(RangeError);
    expect(() => rng.studentT(0)).toThrow(RangeError);
    expect(() => rng.gamma(-1)).toThrow(RangeError);
    expect(() => rng.exponential(0)).toThrow(RangeError);
  });

  it('int() is roughly uniform', () => {
    const rng = createRng(5);
    const counts = Array.from({ length: 10 }, () => 0);
    for (let i = 0; i < 100_000; i++) counts[rng.int(10)]! += 1;
    for (const count of counts) expect(Math.abs(count - 10_000)).toBeLessThan(500);
  });

  it('distributions have the expected moments', () => {
    const rng = createRng(2024);
    const n = 100_000;
    const uniform = draws(rng, n);
    expect(mean(uniform)).toBeCloseTo(0.5, 2);
    expect(variance(uniform)).toBeCloseTo(1 / 12, 2);

    const normal = Array.from({ length: n }, () => rng.normal());
    expect(mean(normal)).toBeCloseTo(0, 1);
    expect(variance(normal)).toBeCloseTo(1, 1);

    // Student-t(nu) has variance nu / (nu - 2) = 2 for nu = 4, and fatter tails than the normal.
    const t = Array.from({ length: n }, () => rng.studentT(4));
    expect(mean(t)).toBeCloseTo(0, 1);
    expect(Math.abs(variance(t) - 2)).toBeLessThan(0.3);
    const beyond4 = (values: number[]) => values.filter((value) => Math.abs(value) > 4).length;
    expect(beyond4(t)).toBeGreaterThan(10 * Math.max(1, beyond4(normal)));

    const gamma = Array.from({ length: n }, () => rng.gamma(2.5, 2));
    expect(Math.abs(mean(gamma) - 5)).toBeLessThan(0.1);
    expect(Math.abs(variance(gamma) - 10)).toBeLessThan(0.5);
    const smallShape = Array.from({ length: n }, () => rng.gamma(0.3));
    expect(Math.abs(mean(smallShape) - 0.3)).toBeLessThan(0.02);

    const logn = Array.from({ length: n }, () => rng.lognormal(0, 0.5));
    expect(Math.abs(mean(logn) - Math.exp(0.125))).toBeLessThan(0.02);
    expect(Math.min(...logn)).toBeGreaterThan(0);

    const exp = Array.from({ length: n }, () => rng.exponential(4));
    expect(Math.abs(mean(exp) - 0.25)).toBeLessThan(0.01);

    const hits = Array.from({ length: n }, () => rng.chance(0.3)).filter(Boolean).length;
    expect(Math.abs(hits / n - 0.3)).toBeLessThan(0.01);
  });
});
