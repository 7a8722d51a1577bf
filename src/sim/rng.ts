/**
 * Deterministic seeded random numbers for the simulator.
 *
 * The engine must produce byte-identical state from the same seed and the same commands, so it never
 * touches Math.random: every random draw comes from an Rng whose whole state is four 32-bit words that
 * a snapshot can save (`state()`) and restore (`createRng.fromState`).
 *
 * Generator: xoshiro128** (Blackman and Vigna), seeded through splitmix32 so that nearby seeds give
 * unrelated streams. Note that the transcendental functions used by the distributions (Math.log, exp,
 * cos, sqrt) are exact per JavaScript engine but not guaranteed identical across engines.
 */

export interface Rng {
  /** A uniform double in [0, 1) with 53 random bits. */
  next(): number;
  /** A uniform integer in [0, n); n must be a positive safe integer. */
  int(n: number): number;
  /** A uniform double in [a, b). */
  range(a: number, b: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  /** A standard normal draw (mean 0, variance 1). */
  normal(): number;
  /** A Student-t draw with nu > 0 degrees of freedom (fat tails for price moves). */
  studentT(nu: number): number;
  /** exp(mu + sigma * normal()): positive, right-skewed sizes. */
  lognormal(mu: number, sigma: number): number;
  /** A gamma draw with the given shape > 0 and scale > 0. */
  gamma(shape: number, scale?: number): number;
  /** An exponential waiting time with the given rate > 0 (mean 1 / rate). */
  exponential(rate: number): number;
  /** A uniformly chosen element; throws on an empty array. */
  pick<T>(items: readonly T[]): T;
  /** A copy of the generator's four 32-bit state words. */
  state(): number[];
}

const TWO_POW_26 = 67_108_864;
const TWO_POW_53 = 9_007_199_254_740_992;
const TWO_POW_32 = 4_294_967_296;

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}

/** splitmix32: expands one seed word into well-mixed words for the generator state. */
function splitmix32(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

class Xoshiro128StarStar implements Rng {
  private s0: number;
  private s1: number;
  private s2: number;
  private s3: number;

  constructor(words: readonly [number, number, number, number]) {
    [this.s0, this.s1, this.s2, this.s3] = words;
  }

  /** One raw 32-bit output, advancing the state. */
  private nextUint32(): number {
    const result = Math.imul(rotl(Math.imul(this.s1, 5), 7), 9) >>> 0;
    const t = this.s1 << 9;
    this.s2 ^= this.s0;
    this.s3 ^= this.s1;
    this.s1 ^= this.s2;
    this.s0 ^= this.s3;
    this.s2 ^= t;
    this.s3 = rotl(this.s3, 11);
    return result;
  }

  next(): number {
    // 27 + 26 high bits of two outputs make a full-precision double, as in java.util.SplittableRandom.
    const high = this.nextUint32() >>> 5;
    const low = this.nextUint32() >>> 6;
    return (high * TWO_POW_26 + low) / TWO_POW_53;
  }

  int(n: number): number {
    if (!Number.isSafeInteger(n) || n <= 0)
      throw new RangeError(`int(n) needs a positive safe integer, got ${n}`);
    return Math.floor(this.next() * n);
  }

  range(a: number, b: number): number {
    return a + (b - a) * this.next();
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  normal(): number {
    // Box-Muller without caching the second value, so the four state words stay the whole state.
    const u = 1 - this.next(); // (0, 1]: log stays finite
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  studentT(nu: number): number {
    if (!(nu > 0)) throw new RangeError(`studentT(nu) needs nu > 0, got ${nu}`);
    // T = Z / sqrt(V / nu) with V ~ chi-squared(nu) = Gamma(nu / 2, scale 2).
    const z = this.normal();
    const chiSquared = this.gamma(nu / 2, 2);
    return z / Math.sqrt(chiSquared / nu);
  }

  lognormal(mu: number, sigma: number): number {
    return Math.exp(mu + sigma * this.normal());
  }

  gamma(shape: number, scale = 1): number {
    if (!(shape > 0) || !(scale > 0)) {
      throw new RangeError(`gamma(shape, scale) needs positive arguments, got ${shape}, ${scale}`);
    }
    if (shape < 1) {
      // Boost: Gamma(k) = Gamma(k + 1) * U^(1/k) (Marsaglia and Tsang, section 8).
      const u = 1 - this.next();
      return this.gamma(shape + 1, scale) * Math.pow(u, 1 / shape);
    }
    // Marsaglia and Tsang (2000), "A simple method for generating gamma variables".
    const d = shape - 1 / 3;
    const c = 1 / Math.sqrt(9 * d);
    for (;;) {
      const x = this.normal();
      const base = 1 + c * x;
      if (base <= 0) continue;
      const v = base * base * base;
      const u = 1 - this.next();
      const x2 = x * x;
      if (u < 1 - 0.0331 * x2 * x2 || Math.log(u) < 0.5 * x2 + d * (1 - v + Math.log(v))) {
        return d * v * scale;
      }
    }
  }

  exponential(rate: number): number {
    if (!(rate > 0)) throw new RangeError(`exponential(rate) needs rate > 0, got ${rate}`);
    return -Math.log(1 - this.next()) / rate;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick() needs a non-empty array');
    return items[this.int(items.length)] as T;
  }

  state(): number[] {
    return [this.s0 >>> 0, this.s1 >>> 0, this.s2 >>> 0, this.s3 >>> 0];
  }
}

/** A generator seeded from any finite number (all 64 bits of an integer seed count). */
export function createRng(seed: number): Rng {
  if (!Number.isFinite(seed)) throw new RangeError(`createRng(seed) needs a finite number, got ${seed}`);
  const whole = Math.trunc(seed);
  const low = whole >>> 0;
  const high = Math.floor(whole / TWO_POW_32) >>> 0;
  const mix = splitmix32(low ^ Math.imul(high, 0x9e3779b1));
  // splitmix32 is a bijection on its counter, so four consecutive outputs are never all zero.
  return new Xoshiro128StarStar([mix(), mix(), mix(), mix()]);
}

/** Restores a generator from `rng.state()`; it continues exactly where the saved one stopped. */
createRng.fromState = function fromState(state: readonly number[]): Rng {
  const words = state.map((word) => {
    if (!Number.isInteger(word) || word < 0 || word >= TWO_POW_32) {
      throw new RangeError(`Rng state words must be 32-bit unsigned integers, got ${word}`);
    }
    return word | 0;
  });
  const [s0, s1, s2, s3] = words;
  if (words.length !== 4 || s0 === undefined || s1 === undefined || s2 === undefined || s3 === undefined) {
    throw new RangeError(`Rng state must have 4 words, got ${state.length}`);
  }
  if ((s0 | s1 | s2 | s3) === 0) throw new RangeError('Rng state must not be all zero');
  return new Xoshiro128StarStar([s0, s1, s2, s3]);
};
