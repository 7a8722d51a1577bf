import { BUY, SELL, type Side } from '../../engine/index.ts';
import type { Rng } from '../../rng.ts';
import { OWNER, type Agent, type Venue } from './agent.ts';

/** Noise orders per second for a pair of activity 1, and how long they rest on average. */
const ARRIVAL_RATE = 0.5;
const MEAN_LIFETIME_MS = 120_000;
/** At most this many noise orders rest at once; the first to expire goes early to make room. */
const MAX_RESTING = 150;
/** Orders placed when the market opens, so the deep book is not empty at first. */
const INITIAL_ORDERS = 60;
/**
 * Distance behind the best price: Pareto with this tail index from a minimum distance (a ladder
 * step, or this many basis points of the price if that is more), capped at a few percent. With a
 * minimum of one tight step the noise piled up within a few dollars of BTC's touch and the 20
 * published levels spanned 0.04 %.
 */
const DISTANCE_TAIL = 1.3;
const MIN_DISTANCE_BPS = 15;
const MAX_DISTANCE_RATIO = 0.04;
const SIZE_SIGMA = 1;
/** Noise sizes grow with the square root of their distance, up to this factor. */
const MAX_SIZE_FACTOR = 4;

/**
 * Noise orders: limit orders that rest deep in the book for a while and are then withdrawn. Their
 * distance from the best price is power-law distributed (many close, a few far), which is what gives
 * real books their humped average depth profile. They never cross the spread.
 */
export class NoiseFlow implements Agent {
  nextAt: number;
  private nextArrival: number;
  /** Resting orders as a binary min-heap on expiry time: [expiry, id] pairs. */
  private readonly expiries: Array<[number, number]> = [];

  constructor(
    private readonly venue: Venue,
    private readonly rng: Rng,
    start: number,
  ) {
    for (let i = 0; i < INITIAL_ORDERS; i++) this.place(start);
    this.nextArrival = start + this.arrivalWait();
    this.nextAt = this.earliest();
  }

  act(now: number): void {
    const top = this.expiries[0];
    if (top && top[0] <= this.nextArrival) {
      this.pop();
      this.venue.book.cancel(top[1]);
    } else {
      this.place(now);
      this.nextArrival = now + this.arrivalWait();
    }
    this.nextAt = this.earliest();
  }

  restart(now: number): void {
    for (const [, id] of this.expiries) this.venue.book.cancel(id);
    this.expiries.length = 0;
    for (let i = 0; i < INITIAL_ORDERS; i++) this.place(now);
    this.nextArrival = now + this.arrivalWait();
    this.nextAt = this.earliest();
  }

  private place(now: number): void {
    const { book, scale, pair } = this.venue;
    const reference = this.venue.referenceTicks(now);
    const side: Side = this.rng.chance(0.5) ? BUY : SELL;
    const step = Math.max(1, reference * Math.max(pair.levelStepBps, MIN_DISTANCE_BPS) * 1e-4);
    const pareto = Math.pow(1 - this.rng.next(), -1 / DISTANCE_TAIL);
    const distance = Math.round(Math.min(step * pareto, reference * MAX_DISTANCE_RATIO));
    const halfSpread = Math.max(1, reference * pair.halfSpreadBps * 1e-4);
    // Behind the best price of its own side, or behind where a quote would be if that side is empty.
    const best = side === BUY ? book.bestBid() : book.bestAsk();
    const anchor = Number.isNaN(best) ? reference + (side === BUY ? -halfSpread : halfSpread) : best;
    const price = Math.round(side === BUY ? anchor - distance : anchor + distance);
    // Farther orders are bigger (real books thicken away from the touch).
    const sizeFactor = Math.sqrt(Math.min(pareto, MAX_SIZE_FACTOR ** 2));
    const lots = Math.max(
      1,
      Math.round(scale.noiseMedianLots * sizeFactor * this.rng.lognormal(0, SIZE_SIGMA)),
    );
    const expiry = now + this.rng.exponential(1 / MEAN_LIFETIME_MS);
    // Never beyond the cap from the reference: at the open, before the makers quote, an order
    // anchored on a deep noise order went a few percent behind it, and the book reached 8 %.
    if (price < 1 || Math.abs(price - reference) > reference * MAX_DISTANCE_RATIO + halfSpread) return;
    if (this.expiries.length >= MAX_RESTING) {
      const oldest = this.pop();
      if (oldest) book.cancel(oldest[1]);
    }
    const opposite = side === BUY ? book.bestAsk() : book.bestBid();
    // Resting only: an order that would cross (the book moved) is dropped instead.
    if (!Number.isNaN(opposite) && (side === BUY ? price >= opposite : price <= opposite)) return;
    const id = this.venue.newOrderId();
    book.limit(id, OWNER.noise, side, price, lots);
    this.push([expiry, id]);
  }

  private arrivalWait(): number {
    return this.rng.exponential((ARRIVAL_RATE * this.venue.pair.activity) / 1000);
  }

  private earliest(): number {
    const top = this.expiries[0];
    return top ? Math.min(top[0], this.nextArrival) : this.nextArrival;
  }

  private push(entry: [number, number]): void {
    const heap = this.expiries;
    heap.push(entry);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (heap[parent]![0] <= entry[0]) break;
      heap[i] = heap[parent]!;
      i = parent;
    }
    heap[i] = entry;
  }

  private pop(): [number, number] | undefined {
    const heap = this.expiries;
    const top = heap[0];
    const last = heap.pop();
    if (!top || !last || heap.length === 0) return top;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= heap.length) break;
      const right = left + 1;
      const child = right < heap.length && heap[right]![0] < heap[left]![0] ? right : left;
      if (heap[child]![0] >= last[0]) break;
      heap[i] = heap[child]!;
      i = child;
    }
    heap[i] = last;
    return top;
  }
}
