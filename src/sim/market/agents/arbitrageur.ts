import { BUY, SELL } from '../../engine/index.ts';
import type { Rng } from '../../rng.ts';
import { OWNER, type Agent, type Venue } from './agent.ts';

const ACT_MIN_MS = 200;
const ACT_MAX_MS = 600;
/** Most an arbitrageur trades in one go, in dollars: a big gap closes over a few rounds. */
const MAX_TRADE_USD = 40_000;

/**
 * An arbitrageur: the link between this book and "the rest of the world" the reference price
 * stands for. When an ask rests below the reference by more than a half spread (or a bid above
 * it), it is a bargain somewhere else would not offer, and the arbitrageur takes it. Without it,
 * stale orders left behind by a moving reference would pin the traded price for minutes.
 */
export class Arbitrageur implements Agent {
  nextAt: number;

  constructor(
    private readonly venue: Venue,
    private readonly rng: Rng,
    start: number,
  ) {
    this.nextAt = start + this.rng.range(ACT_MIN_MS, ACT_MAX_MS);
  }

  act(now: number): void {
    const { book, pair, scale } = this.venue;
    const reference = this.venue.referenceTicks(now);
    const halfSpread = Math.max(1, reference * pair.halfSpreadBps * 1e-4);
    const budget = Math.max(1, Math.round(MAX_TRADE_USD * scale.lotsPerUsd));
    const bestAsk = book.bestAsk();
    const bestBid = book.bestBid();
    if (bestAsk < reference - halfSpread) {
      const id = this.venue.newOrderId();
      if (book.limit(id, OWNER.arbitrageur, BUY, Math.floor(reference - halfSpread), budget) > 0)
        book.cancel(id);
    } else if (bestBid > reference + halfSpread) {
      const id = this.venue.newOrderId();
      if (book.limit(id, OWNER.arbitrageur, SELL, Math.ceil(reference + halfSpread), budget) > 0)
        book.cancel(id);
    }
    this.nextAt = now + this.rng.range(ACT_MIN_MS, ACT_MAX_MS);
  }

  restart(now: number): void {
    this.nextAt = now + this.rng.range(ACT_MIN_MS, ACT_MAX_MS);
  }
}
