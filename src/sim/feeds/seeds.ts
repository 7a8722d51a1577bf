import { createRng, type Rng } from '../rng.ts';

/**
 * Independent random streams from one seed.
 *
 * Every piece of the market draws from its own stream, named by a purpose tag and a few integers
 * (an asset, a day, a minute). A stream is created where it is needed, so any day or minute can be
 * generated on its own without replaying everything before it, and adding draws to one stream never
 * shifts another.
 */
export const STREAM = {
  dailyAnchors: 1,
  dayPath: 2,
  secondPath: 3,
  historyMinute: 4,
  marketMaker: 5,
  takers: 6,
  noise: 7,
  arbitrage: 8,
} as const;

export type StreamTag = (typeof STREAM)[keyof typeof STREAM];

/** Mixes a seed and integer parts into one well-spread 32-bit word (murmur3's finaliser per part). */
export function mixSeed(seed: number, ...parts: readonly number[]): number {
  let h = (Math.trunc(seed) ^ Math.floor(seed / 4_294_967_296)) >>> 0;
  for (const part of parts) h = fold(h, part);
  return h;
}

/** The random stream for one purpose and its coordinates. */
export function streamRng(seed: number, tag: StreamTag, ...parts: readonly number[]): Rng {
  return createRng(mixSeed(seed, tag, ...parts));
}

/**
 * A light stream of uniforms for hot loops that need a fresh stream per item (history synthesis
 * draws a dozen numbers for each of thousands of minutes). It is re-seeded in place, so it costs
 * no allocation, and it is splitmix32: 32-bit uniforms, ample for synthetic prices and sizes.
 */
export class ReseedableStream {
  private state = 0;

  /** Starts the stream named by a tag and two integers (as `streamRng` names its streams). */
  reseed(seed: number, tag: StreamTag, a: number, b: number): void {
    let h = (Math.trunc(seed) ^ Math.floor(seed / 4_294_967_296)) >>> 0;
    h = fold(h, tag);
    h = fold(h, a);
    this.state = fold(h, b);
  }

  /** A uniform double in [0, 1). */
  next(): number {
    this.state = (this.state + 0x9e3779b9) | 0;
    let z = this.state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return ((z ^ (z >>> 16)) >>> 0) / 4_294_967_296;
  }
}

/** One step of mixSeed, without the rest-parameter array. */
function fold(h: number, part: number): number {
  const whole = Math.trunc(part);
  let x = h ^ (whole >>> 0);
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x ^= Math.floor(whole / 4_294_967_296) >>> 0;
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}
