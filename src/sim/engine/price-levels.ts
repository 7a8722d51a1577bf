import { copyInto } from './typed-arrays';
import { NIL, type Side } from './types';

/**
 * Pooled storage for price levels, one column per field, indexed by level slot.
 *
 * A level is the FIFO queue of orders resting at one price on one side: `head` is the oldest order
 * (matched first), `tail` the newest. `lots` and `orderCount` are the aggregates that `depth()`
 * reports without walking the queue. A level is released as soon as its queue empties, so levels
 * that appear and vanish quickly recycle the same few slots.
 */
export class PriceLevels {
  prices: Float64Array;
  sides: Uint8Array;
  head: Int32Array;
  tail: Int32Array;
  lots: Float64Array;
  orderCount: Int32Array;
  private freeHead: number;

  constructor(capacity: number) {
    const size = Math.max(16, capacity);
    this.prices = new Float64Array(size);
    this.sides = new Uint8Array(size);
    this.head = new Int32Array(size);
    this.tail = new Int32Array(size);
    this.lots = new Float64Array(size);
    this.orderCount = new Int32Array(size);
    this.freeHead = NIL;
    this.chainFree(0, size);
  }

  /** An empty level at `price`; free slots are chained through `head`. */
  allocate(side: Side, price: number): number {
    if (this.freeHead === NIL) this.grow();
    const level = this.freeHead;
    this.freeHead = this.head[level]!;
    this.prices[level] = price;
    this.sides[level] = side;
    this.head[level] = NIL;
    this.tail[level] = NIL;
    this.lots[level] = 0;
    this.orderCount[level] = 0;
    return level;
  }

  release(level: number): void {
    this.head[level] = this.freeHead;
    this.freeHead = level;
  }

  private chainFree(from: number, to: number): void {
    const head = this.head;
    for (let level = from; level < to - 1; level++) head[level] = level + 1;
    head[to - 1] = this.freeHead;
    this.freeHead = from;
  }

  private grow(): void {
    const oldSize = this.prices.length;
    const size = oldSize * 2;
    this.prices = copyInto(new Float64Array(size), this.prices);
    this.sides = copyInto(new Uint8Array(size), this.sides);
    this.head = copyInto(new Int32Array(size), this.head);
    this.tail = copyInto(new Int32Array(size), this.tail);
    this.lots = copyInto(new Float64Array(size), this.lots);
    this.orderCount = copyInto(new Int32Array(size), this.orderCount);
    this.chainFree(oldSize, size);
  }
}
