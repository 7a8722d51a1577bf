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
  for (const part of parts) {
    const whole = Math.trunc(part);
    h ^= whole >>> 0;
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h ^= Math.floor(whole / 4_294_967_296) >>> 0;
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    h = (h ^ (h >>> 16)) >>> 0;
  }
  return h;
}

/** The random stream for one purpose and its coordinates. */
export function streamRng(seed: number, tag: StreamTag, ...parts: readonly number[]): Rng {
  return createRng(mixSeed(seed, tag, ...parts));
}
