/**
 * Stepping through an actor's recorded snapshots. The cursor is the index of the record shown, or
 * null to follow the newest one live. Records live in a ring buffer, so the oldest fall out: the
 * cursor is kept by record sequence number, and clamped when its record is gone.
 */
export type Cursor = number | null;

/** A fixed-capacity ring buffer of records, oldest first. */
export class Ring<T> {
  private items: T[] = [];
  private start = 0;
  /** How many records ever went in (the next one's sequence number). */
  total = 0;

  constructor(readonly capacity: number) {
    if (capacity < 1) throw new Error('a ring needs room for one record');
  }

  push(item: T): void {
    if (this.items.length < this.capacity) this.items.push(item);
    else {
      this.items[this.start] = item;
      this.start = (this.start + 1) % this.capacity;
    }
    this.total++;
  }

  get length(): number {
    return this.items.length;
  }

  /** The sequence number of the oldest record still kept. */
  get firstSeq(): number {
    return this.total - this.items.length;
  }

  at(index: number): T | undefined {
    if (index < 0 || index >= this.items.length) return undefined;
    return this.items[(this.start + index) % this.items.length];
  }

  /** The record with sequence number `seq`, if it is still kept. */
  bySeq(seq: number): T | undefined {
    return this.at(seq - this.firstSeq);
  }

  toArray(): T[] {
    return [...this.items.slice(this.start), ...this.items.slice(0, this.start)];
  }

  clear(): void {
    this.items = [];
    this.start = 0;
  }
}

/** The sequence number shown: the cursor clamped to what is kept, or the newest when live. */
export function shownSeq(cursor: Cursor, firstSeq: number, total: number): number | null {
  if (total === firstSeq) return null;
  if (cursor === null) return total - 1;
  return Math.min(Math.max(cursor, firstSeq), total - 1);
}

/** One record back (pausing if live); stays at the oldest kept. */
export function stepBack(cursor: Cursor, firstSeq: number, total: number): Cursor {
  const shown = shownSeq(cursor, firstSeq, total);
  if (shown === null) return null;
  return Math.max(shown - 1, firstSeq);
}

/** One record forward; stepping past the newest stays on the newest (still paused). */
export function stepForward(cursor: Cursor, firstSeq: number, total: number): Cursor {
  const shown = shownSeq(cursor, firstSeq, total);
  if (shown === null) return null;
  return Math.min(shown + 1, total - 1);
}

/** Pause on the record shown now (a live cursor stops following). */
export function pause(cursor: Cursor, firstSeq: number, total: number): Cursor {
  return shownSeq(cursor, firstSeq, total);
}
