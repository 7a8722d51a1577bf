import { copyInto } from './typed-arrays';
import { NIL } from './types';

/**
 * The sorted list of non-empty price levels on one side of the book.
 *
 * Levels are kept in a typed array sorted by ascending `key`, with the BEST level LAST, so the
 * operations a market does all the time are cheap: reading the touch is one load, removing the
 * touch level after a sweep is a pop, and a new level near the touch shifts only the few entries
 * after it. Levels far from the touch cost a binary search plus one `copyWithin` (a memmove).
 *
 * The key is the price for bids (highest = best) and the negated price for asks (lowest = best),
 * so both sides share one code path: "better" always means a larger key.
 */
export class Ladder {
  keys: Float64Array;
  levels: Int32Array;
  count = 0;

  constructor(capacity: number) {
    const size = Math.max(16, capacity);
    this.keys = new Float64Array(size);
    this.levels = new Int32Array(size);
  }

  /** Index of the first entry whose key is >= `key` (== count when none). */
  lowerBound(key: number): number {
    const keys = this.keys;
    let low = 0;
    let high = this.count;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (keys[middle]! < key) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** The level with exactly this key, or NIL. Checks the touch first: most orders join it. */
  find(key: number): number {
    const count = this.count;
    if (count === 0) return NIL;
    if (this.keys[count - 1] === key) return this.levels[count - 1]!;
    const index = this.lowerBound(key);
    return index < count && this.keys[index] === key ? this.levels[index]! : NIL;
  }

  insertAt(index: number, key: number, level: number): void {
    if (this.count === this.keys.length) this.grow();
    const count = this.count;
    if (index < count) {
      this.keys.copyWithin(index + 1, index, count);
      this.levels.copyWithin(index + 1, index, count);
    }
    this.keys[index] = key;
    this.levels[index] = level;
    this.count = count + 1;
  }

  /** Removes the entry with this key (which must be present). */
  remove(key: number): void {
    const count = this.count - 1;
    if (this.keys[count] !== key) {
      const index = this.lowerBound(key);
      this.keys.copyWithin(index, index + 1, count + 1);
      this.levels.copyWithin(index, index + 1, count + 1);
    }
    this.count = count;
  }

  private grow(): void {
    const size = this.keys.length * 2;
    this.keys = copyInto(new Float64Array(size), this.keys);
    this.levels = copyInto(new Int32Array(size), this.levels);
  }
}
