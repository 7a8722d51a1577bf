import { copyInto } from './typed-arrays';
import { NIL } from './types';

/**
 * Pooled storage for resting orders, one column (typed array) per field, indexed by slot number.
 *
 * Each order is a node of an intrusive doubly linked list (`prev`/`next`) that forms the FIFO queue
 * of its price level, so an order can be unlinked in O(1) wherever it sits in the queue. Free slots
 * are chained through `next` as a LIFO stack, so a freed slot is reused first while it is still in
 * cache. The pool doubles when full; nothing is allocated per order otherwise.
 */
export class OrderSlots {
  ids: Float64Array;
  owners: Float64Array;
  lots: Float64Array;
  /** Price level slot the order is queued on. */
  levels: Int32Array;
  prev: Int32Array;
  next: Int32Array;
  private freeHead: number;
  private inUse = 0;

  constructor(capacity: number) {
    const size = Math.max(16, capacity);
    this.ids = new Float64Array(size);
    this.owners = new Float64Array(size);
    this.lots = new Float64Array(size);
    this.levels = new Int32Array(size);
    this.prev = new Int32Array(size);
    this.next = new Int32Array(size);
    this.freeHead = NIL;
    this.chainFree(0, size);
  }

  get used(): number {
    return this.inUse;
  }

  get capacity(): number {
    return this.ids.length;
  }

  /** Takes a free slot and fills it; the caller links it into a level queue. */
  allocate(id: number, owner: number, lots: number, level: number): number {
    if (this.freeHead === NIL) this.grow();
    const slot = this.freeHead;
    this.freeHead = this.next[slot]!;
    this.ids[slot] = id;
    this.owners[slot] = owner;
    this.lots[slot] = lots;
    this.levels[slot] = level;
    this.inUse++;
    return slot;
  }

  /** Returns an unlinked slot to the pool. */
  release(slot: number): void {
    this.next[slot] = this.freeHead;
    this.freeHead = slot;
    this.inUse--;
  }

  /** Pushes slots [from, to) on the free stack so that `from` comes out first. */
  private chainFree(from: number, to: number): void {
    const next = this.next;
    for (let slot = from; slot < to - 1; slot++) next[slot] = slot + 1;
    next[to - 1] = this.freeHead;
    this.freeHead = from;
  }

  private grow(): void {
    const oldSize = this.ids.length;
    const size = oldSize * 2;
    this.ids = copyInto(new Float64Array(size), this.ids);
    this.owners = copyInto(new Float64Array(size), this.owners);
    this.lots = copyInto(new Float64Array(size), this.lots);
    this.levels = copyInto(new Int32Array(size), this.levels);
    this.prev = copyInto(new Int32Array(size), this.prev);
    this.next = copyInto(new Int32Array(size), this.next);
    this.chainFree(oldSize, size);
  }
}
