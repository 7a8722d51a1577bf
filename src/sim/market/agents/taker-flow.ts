import { BUY, SELL, type Side } from '../../engine/index.ts';
import type { Rng } from '../../rng.ts';
import { HawkesArrivals } from '../hawkes.ts';
import { TAKER_BASE_RATE, TAKER_BRANCHING } from '../pair-scale.ts';
import { OWNER, type Agent, type Venue } from './agent.ts';

/** Decay of the taker excitation per second: clusters last a second or two. */
const EXCITATION_DECAY = 0.9;
const SIZE_SIGMA = 1;
/** A taker sweeps at most this many ladder steps past the best price; the rest is cancelled. */
const MAX_SWEEP_STEPS = 8;
/** How strongly takers lean towards the reference, and towards the recent trend. */
const REFERENCE_PULL = 0.4;
const TREND_PULL = 0.1;
const TREND_LOOKBACK_MS = 20_000;

/**
 * Takers: market participants who cross the spread. They arrive in clusters (a Hawkes process),
 * buy more often when the book's mid is below the reference price (so trades follow the reference
 * without copying it) and when the price has been rising lately, and trade lognormal sizes as
 * immediate-or-cancel orders that sweep a few levels at most.
 */
export class TakerFlow implements Agent {
  nextAt: number;
  private readonly arrivals: HawkesArrivals;

  constructor(
    private readonly venue: Venue,
    private readonly rng: Rng,
    start: number,
  ) {
    const baseline = TAKER_BASE_RATE * venue.pair.activity;
    this.arrivals = new HawkesArrivals(baseline, TAKER_BRANCHING * EXCITATION_DECAY, EXCITATION_DECAY);
    this.nextAt = start + this.arrivals.nextWait(rng) * 1000;
  }

  act(now: number): void {
    const { book, scale, pair } = this.venue;
    const bestBid = book.bestBid();
    const bestAsk = book.bestAsk();
    const reference = this.venue.referenceTicks(now);
    const side = this.chooseSide(now, reference, bestBid, bestAsk);
    const best = side === BUY ? bestAsk : bestBid;
    if (!Number.isNaN(best)) {
      const step = Math.max(1, Math.round(reference * pair.levelStepBps * 1e-4));
      const limit = side === BUY ? best + MAX_SWEEP_STEPS * step : Math.max(1, best - MAX_SWEEP_STEPS * step);
      const lots = Math.max(1, Math.round(scale.takerMedianLots * this.rng.lognormal(0, SIZE_SIGMA)));
      const id = this.venue.newOrderId();
      if (book.limit(id, OWNER.takers, side, limit, lots) > 0) book.cancel(id);
    }
    this.nextAt = now + this.arrivals.nextWait(this.rng) * 1000;
  }

  restart(now: number): void {
    this.arrivals.reset();
    this.nextAt = now + this.arrivals.nextWait(this.rng) * 1000;
  }

  private chooseSide(now: number, reference: number, bestBid: number, bestAsk: number): Side {
    if (Number.isNaN(bestAsk)) return SELL;
    if (Number.isNaN(bestBid)) return BUY;
    const halfSpread = Math.max(1, reference * this.venue.pair.halfSpreadBps * 1e-4);
    const gap = (reference - (bestBid + bestAsk) / 2) / halfSpread;
    const earlier = this.venue.referenceTicks(now - TREND_LOOKBACK_MS);
    const trend = Math.log(reference / earlier) / this.venue.scale.minuteSd;
    const buyProbability = 0.5 + REFERENCE_PULL * Math.tanh(0.7 * gap) + TREND_PULL * Math.tanh(trend);
    return this.rng.chance(buyProbability) ? BUY : SELL;
  }
}
