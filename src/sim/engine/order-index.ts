import { NIL } from './types';

/** Key value that marks an unused bucket; order ids are non-negative, so it never collides. */
const EMPTY_KEY = -1;
const TWO_POW_32 = 4294967296;

/**
 * Maps order ids (non-negative safe integers) to pool slots.
 *
 * An open-addressing hash table with linear probing over typed arrays. It replaces a `Map` because it
 * allocates nothing per entry, and because ids above 2^31 would be boxed heap numbers in a `Map`.
 * Deletion shifts the following entries back (no tombstones), so lookups stay short however many
 * orders come and go. The load factor is kept at or below one half.
 */
export class OrderIndex {
  private keys: Float64Array;
  private values: Int32Array;
  private mask: number;
  /** 32 - log2(bucket count): Fibonacci hashing takes the top bits of the product. */
  private shift: number;
  private count = 0;

  constructor(expectedEntries: number) {
    let buckets = 16;
    while (buckets < expectedEntries * 2) buckets *= 2;
    this.keys = new Float64Array(buckets).fill(EMPTY_KEY);
    this.values = new Int32Array(buckets);
    this.mask = buckets - 1;
    this.shift = 32 - Math.log2(buckets);
  }

  get size(): number {
    return this.count;
  }

  /** The slot stored for `id`, or NIL. */
  get(id: number): number {
    if (!(id >= 0)) return NIL; // negative (EMPTY_KEY) or NaN ids are never stored
    const keys = this.keys;
    const mask = this.mask;
    let bucket = this.home(id);
    for (;;) {
      const key = keys[bucket]!;
      if (key === id) return this.values[bucket]!;
      if (key === EMPTY_KEY) return NIL;
      bucket = (bucket + 1) & mask;
    }
  }

  /** Adds `id -> slot`; the caller guarantees `id` is not present. */
  insert(id: number, slot: number): void {
    if ((this.count + 1) * 2 > this.keys.length) this.grow();
    const keys = this.keys;
    const mask = this.mask;
    let bucket = this.home(id);
    while (keys[bucket] !== EMPTY_KEY) bucket = (bucket + 1) & mask;
    keys[bucket] = id;
    this.values[bucket] = slot;
    this.count++;
  }

  /** Removes `id`; returns its slot, or NIL when absent. */
  delete(id: number): number {
    if (!(id >= 0)) return NIL;
    const keys = this.keys;
    const values = this.values;
    const mask = this.mask;
    let hole = this.home(id);
    for (;;) {
      const key = keys[hole]!;
      if (key === id) break;
      if (key === EMPTY_KEY) return NIL;
      hole = (hole + 1) & mask;
    }
    const slot = values[hole]!;
    // Backward-shift deletion: move later members of the probe run into the hole when the hole lies
    // cyclically between their home bucket and their current bucket.
    let probe = hole;
    for (;;) {
      probe = (probe + 1) & mask;
      const key = keys[probe]!;
      if (key === EMPTY_KEY) break;
      const home = this.home(key);
      const distanceFromHome = (probe - home) & mask;
      const distanceToHole = (probe - hole) & mask;
      if (distanceToHole <= distanceFromHome) {
        keys[hole] = key;
        values[hole] = values[probe]!;
        hole = probe;
      }
    }
    keys[hole] = EMPTY_KEY;
    this.count--;
    return slot;
  }

  private home(id: number): number {
    // Mix the high 21 bits in so ids above 2^32 that share their low bits still spread.
    const low = id >>> 0;
    const high = (id / TWO_POW_32) >>> 0;
    return Math.imul(low ^ Math.imul(high, 0x27d4eb2d), 0x9e3779b1) >>> this.shift;
  }

  private grow(): void {
    const oldKeys = this.keys;
    const oldValues = this.values;
    const buckets = oldKeys.length * 2;
    this.keys = new Float64Array(buckets).fill(EMPTY_KEY);
    this.values = new Int32Array(buckets);
    this.mask = buckets - 1;
    this.shift--;
    this.count = 0;
    for (let i = 0; i < oldKeys.length; i++) {
      const key = oldKeys[i]!;
      if (key !== EMPTY_KEY) this.insert(key, oldValues[i]!);
    }
  }
}
