import { ASSETS, assetIndex, BTC_INDEX } from './assets.ts';
import { FeedPlayback, type RecordedFeed } from './recorded-feed.ts';
import type { ReferenceSource } from './reference-source.ts';

export interface FeedReplayOptions {
  /** Simulated time (ms) at which the replay starts: the feed's moves are anchored there. */
  startAt: number;
  /**
   * A seek: at simulated time `seekAt` (default startAt) the feed is at `position` ms after its
   * first tick (default 0), and plays on from there. The price jumps to the feed's level there,
   * relative to its first tick, as a recording does when one seeks in it.
   */
  seekAt?: number;
  position?: number;
}

/**
 * Plays a recorded feed in (simulated) real time over another reference source.
 *
 * The feed prices one pair, say BTC/USDT. From `startAt` on, that base asset follows the feed's
 * moves (relative to its first tick, starting from the base source's price at `startAt`, so nothing
 * jumps), and when the asset is BTC, the market factor, every other asset moves by its beta times
 * the feed's deviation from the base source's BTC: the altcoins keep following BTC. Before
 * `startAt`, and for assets a feed does not touch, the base source answers unchanged.
 */
export class FeedReplay implements ReferenceSource {
  private readonly playback: FeedPlayback;
  private readonly asset: number;
  private readonly quote: number;
  private readonly startAt: number;
  private readonly seekAt: number;
  private readonly position: number;
  /** ln(base source's pair price) at startAt: where the feed's relative moves are anchored. */
  private readonly anchor: number;

  constructor(
    private readonly base: ReferenceSource,
    feed: RecordedFeed,
    options: FeedReplayOptions,
  ) {
    const [baseCode = '', quoteCode = ''] = feed.header.symbol.split('/');
    this.asset = assetIndex(baseCode);
    this.quote = assetIndex(quoteCode);
    if (this.asset < 0) throw new RangeError(`cannot replay ${feed.header.symbol}: unknown base asset`);
    if (this.quote >= 0 && this.quote === this.asset)
      throw new RangeError('a feed cannot price an asset in itself');
    this.playback = new FeedPlayback(feed);
    this.startAt = options.startAt;
    this.seekAt = options.seekAt ?? options.startAt;
    this.position = options.position ?? 0;
    this.anchor = base.logUsd(this.asset, this.startAt) - base.logUsd(this.quote, this.startAt);
  }

  logUsd(asset: number, t: number): number {
    const own = this.base.logUsd(asset, t);
    if (asset < 0 || t < this.startAt) return own;
    if (asset !== this.asset && this.asset !== BTC_INDEX) return own;
    // How far the feed's pair has moved away from where the base source's pair is now.
    const elapsed = this.position + Math.max(0, t - this.seekAt);
    const replayed = this.anchor + Math.log(this.playback.relativePriceAt(elapsed));
    const deviation = replayed - (this.base.logUsd(this.asset, t) - this.base.logUsd(this.quote, t));
    if (asset === this.asset) return own + deviation;
    return own + ASSETS[asset]!.beta * deviation;
  }
}
