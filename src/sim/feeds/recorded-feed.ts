/**
 * A recorded feed in memory: reference ticks of one pair (times in ms, prices in quote units),
 * from the generator or captured from a real server's socket.
 */
export interface FeedHeader {
  /** The pair the ticks price, e.g. "BTC/USDT". */
  symbol: string;
  /** Where the ticks come from, e.g. "generator seed=20250101" or "socket wss://host/ws". */
  source: string;
  /** Decimals the prices were stored with. */
  priceDecimals: number;
}

export interface RecordedFeed {
  header: FeedHeader;
  /** Tick times, ms, non-decreasing. */
  times: Float64Array;
  /** Tick prices, quote units, positive. */
  prices: Float64Array;
}

/** Checks the invariants every consumer relies on; throws a RangeError naming the first breach. */
export function checkFeed(feed: RecordedFeed): RecordedFeed {
  const { times, prices } = feed;
  if (times.length !== prices.length) throw new RangeError('feed times and prices differ in length');
  if (times.length < 2) throw new RangeError('a feed needs at least two ticks');
  for (let i = 0; i < times.length; i++) {
    if (!Number.isFinite(times[i]!) || (i > 0 && times[i]! < times[i - 1]!)) {
      throw new RangeError(`feed tick ${i} goes back in time`);
    }
    if (!(prices[i]! > 0) || !Number.isFinite(prices[i]!))
      throw new RangeError(`feed tick ${i} has no positive price`);
  }
  if (times[times.length - 1]! <= times[0]!) throw new RangeError('a feed must span some time');
  return feed;
}

/**
 * Plays a feed as a continuous price from its first tick on: linear between ticks, and looped when
 * it runs out, each loop scaled to start where the previous one ended, so the price never jumps.
 */
export class FeedPlayback {
  private readonly duration: number;
  /** Price ratio of the feed's last tick to its first: how much each loop moves the level. */
  private readonly loopRatio: number;

  constructor(readonly feed: RecordedFeed) {
    checkFeed(feed);
    const { times, prices } = feed;
    this.duration = times[times.length - 1]! - times[0]!;
    this.loopRatio = prices[prices.length - 1]! / prices[0]!;
  }

  /** The feed's price `elapsed` ms after its first tick (elapsed >= 0), relative to its first price. */
  relativePriceAt(elapsed: number): number {
    const { times, prices } = this.feed;
    const offset = Math.max(0, elapsed);
    const loops = Math.floor(offset / this.duration);
    const t = times[0]! + (offset - loops * this.duration);
    // Binary search for the last tick at or before t.
    let lo = 0;
    let hi = times.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (times[mid]! <= t) lo = mid;
      else hi = mid - 1;
    }
    const next = Math.min(lo + 1, times.length - 1);
    const span = times[next]! - times[lo]!;
    const price =
      span > 0 ? prices[lo]! + ((prices[next]! - prices[lo]!) * (t - times[lo]!)) / span : prices[lo]!;
    return (price / prices[0]!) * Math.pow(this.loopRatio, loops);
  }
}
