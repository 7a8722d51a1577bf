import type { Side } from '../engine/index.ts';
import type { ReferenceGenerator } from '../feeds/reference-generator.ts';
import { STREAM, streamRng } from '../feeds/seeds.ts';
import type { PairScale } from './pair-scale.ts';
import type { PairSpec } from './pairs.ts';
import { MINUTE_MS } from './periods.ts';
import type { TradeSink } from './trade.ts';

/** Trades per synthesised minute: few, because history must be cheap, but enough to draw wicks. */
const MIN_TRADES = 3;
const EXTRA_TRADES = 5;
/** Spread of trade sizes (lognormal sigma), as in the live taker flow. */
const SIZE_SIGMA = 1;
/** Within-minute wandering of the traded price around the straight line, relative to a minute's sd. */
const WANDER = 0.7;

/**
 * Synthesises the trades of one past minute, as a compact stand-in for the live market.
 *
 * History is needed at once (30 days of candles at first start) but the live market runs in real
 * time, so the past is not replayed through the order book. Each minute instead gets a handful of
 * trades from its own random stream: their times are uniform order statistics, their prices a
 * Brownian bridge between the reference at the minute's two ends plus half a spread on the
 * taker's side, their sizes lognormal and larger when the minute moves more. The candles are then
 * built from these trades exactly as from live ones. Any minute can be synthesised alone, and the
 * same seed always gives the same trades.
 */
export class HistorySynthesizer {
  private readonly halfSpread: number;
  private readonly meanTradeLots: number;

  constructor(
    private readonly seed: number,
    private readonly generator: ReferenceGenerator,
    private readonly pair: PairSpec,
    private readonly scale: PairScale,
  ) {
    this.halfSpread = Math.max(pair.halfSpreadBps * 1e-4, 0.5 / (scale.ticksPerUnit * this.basePrice()));
    // The live flow's volume per minute, spread over the synthesised trades.
    const takerMeanLots = scale.takerMedianLots * Math.exp((SIZE_SIGMA * SIZE_SIGMA) / 2);
    this.meanTradeLots = (scale.takerRate * 60 * takerMeanLots) / (MIN_TRADES + (EXTRA_TRADES - 1) / 2);
  }

  /** Emits the trades of minute `minuteIndex` (minutes since the Unix epoch) in time order. */
  synthesizeMinute(minuteIndex: number, sink: TradeSink): void {
    const rng = streamRng(this.seed, STREAM.historyMinute, this.pair.id, minuteIndex);
    const start = this.logPrice(minuteIndex);
    const end = this.logPrice(minuteIndex + 1);
    const sd = this.scale.minuteSd;
    const move = (end - start) / sd;
    const count = MIN_TRADES + rng.int(EXTRA_TRADES);
    // Bigger moves come with more volume, as in real markets.
    const activity = 0.5 + 0.5 * Math.min(Math.abs(move), 4);
    const buyProbability = 0.5 + 0.25 * Math.tanh(move);
    const wander = WANDER * sd;

    // Uniform order statistics from normalised exponential spacings: sorted without sorting.
    const gaps = new Float64Array(count + 1);
    let total = 0;
    for (let i = 0; i <= count; i++) total += gaps[i] = rng.exponential(1);

    const minuteStart = minuteIndex * MINUTE_MS;
    let x = start;
    let u = 0;
    let lastTime = minuteStart;
    for (let i = 0; i < count; i++) {
      const next = u + gaps[i]! / total;
      const remaining = 1 - u;
      // Brownian bridge from (u, x) to (1, end), sampled at `next`.
      const mean = x + ((end - x) * (next - u)) / remaining;
      const variance = (wander * wander * (next - u) * (1 - next)) / remaining;
      x = mean + Math.sqrt(variance) * rng.normal();
      u = next;
      const takerSide: Side = rng.chance(buyProbability) ? 0 : 1;
      const quoted = Math.exp(x) * (takerSide === 0 ? 1 + this.halfSpread : 1 - this.halfSpread);
      const price = Math.max(1, Math.round(quoted * this.scale.ticksPerUnit));
      const sizeDraw = rng.lognormal(-(SIZE_SIGMA * SIZE_SIGMA) / 2, SIZE_SIGMA);
      const lots = Math.max(1, Math.round(this.meanTradeLots * activity * sizeDraw));
      lastTime = Math.max(lastTime, minuteStart + Math.floor(u * MINUTE_MS));
      sink(Math.min(lastTime, minuteStart + MINUTE_MS - 1), price, lots, takerSide);
    }
  }

  /** ln(pair price) at the start of a minute, from the generator's minute path. */
  private logPrice(minuteIndex: number): number {
    return (
      this.generator.minuteLogUsd(this.pair.base.asset, minuteIndex) -
      this.generator.minuteLogUsd(this.pair.quote.asset, minuteIndex)
    );
  }

  private basePrice(): number {
    return Math.exp(this.logPrice(this.generator.epoch / MINUTE_MS));
  }
}
