import { BUY, SELL, type Side } from '../engine/index.ts';
import type { ReferenceGenerator } from '../feeds/reference-generator.ts';
import { ReseedableStream, STREAM } from '../feeds/seeds.ts';
import type { PairScale } from './pair-scale.ts';
import type { PairSpec } from './pairs.ts';
import { MINUTE_MS } from './periods.ts';
import type { TradeSink } from './trade.ts';

const MINUTES_PER_DAY = 1440;

/** Spread of the live takers' sizes (lognormal sigma), to match their mean volume. */
const SIZE_SIGMA = 1;
/** Trades per synthesised minute: the opening, the high, the low and the closing trade. */
const TRADES_PER_MINUTE = 4;
/** How far the price wanders inside a minute (Brownian bridge sigma), relative to a minute's sd. */
const WANDER = 0.8;

/**
 * Synthesises the trades of one past minute, as a compact stand-in for the live market.
 *
 * History is needed at once (30 days of candles at first start) but the live market runs in real
 * time, so the past is not replayed through the order book. Each minute instead gets four trades
 * from its own random stream: one near the reference at the minute's start, one at the maximum and
 * one at the minimum of a Brownian bridge between the reference at the minute's two ends (both
 * drawn exactly from the bridge's extreme-value law, in random order), and one near the reference
 * at its end; each at half a spread on its taker's side, with random sizes that grow when the
 * minute moves more. The candles are then built from these trades exactly as from live ones. Any
 * minute can be synthesised alone, the same seed always gives the same trades, and a month of one
 * pair costs a few tens of milliseconds.
 */
export class HistorySynthesizer {
  private readonly halfSpread: number;
  private readonly meanTradeLots: number;
  private readonly epochMinute: number;
  private cachedDay = -1;
  private cachedPath: Float64Array | undefined;
  private readonly stream = new ReseedableStream();

  constructor(
    private readonly seed: number,
    private readonly generator: ReferenceGenerator,
    private readonly pair: PairSpec,
    private readonly scale: PairScale,
  ) {
    this.epochMinute = generator.epoch / MINUTE_MS;
    this.halfSpread = Math.max(pair.halfSpreadBps * 1e-4, 0.5 / (scale.ticksPerUnit * scale.basePrice));
    // The live flow's volume per minute, spread over the synthesised trades.
    const takerMeanLots = scale.takerMedianLots * Math.exp((SIZE_SIGMA * SIZE_SIGMA) / 2);
    this.meanTradeLots = (scale.takerRate * 60 * takerMeanLots) / TRADES_PER_MINUTE;
  }

  /** Emits the trades of minute `minuteIndex` (minutes since the Unix epoch) in time order. */
  synthesizeMinute(minuteIndex: number, sink: TradeSink): void {
    const rng = this.stream;
    rng.reseed(this.seed, STREAM.historyMinute, this.pair.id, minuteIndex);
    // Both ends from the same day's path (its last point is the next day's first).
    const offset = Math.max(0, minuteIndex - this.epochMinute);
    const day = Math.floor(offset / MINUTES_PER_DAY);
    const path = this.dayLogPath(day);
    const start = path[offset - day * MINUTES_PER_DAY]!;
    const end = path[offset - day * MINUTES_PER_DAY + 1]!;
    const sd = this.scale.minuteSd;
    const wander = WANDER * sd;
    // Bigger moves come with more volume, as in real markets.
    const lotsScale = this.meanTradeLots * (0.5 + 0.5 * Math.min(Math.abs(end - start) / sd, 4));

    // Extremes of a Brownian bridge from start to end with variance wander^2 over the minute:
    // P(max > m) = exp(-2 (m - start)(m - end) / wander^2), inverted.
    const drift = (end - start) * (end - start);
    const high = (start + end + Math.sqrt(drift - 2 * wander * wander * Math.log(1 - rng.next()))) / 2;
    const low = (start + end - Math.sqrt(drift - 2 * wander * wander * Math.log(1 - rng.next()))) / 2;
    const highFirst = rng.next() < 0.5;
    const firstExtremeAt = 0.1 + 0.8 * rng.next();
    const secondExtremeAt = firstExtremeAt + (0.92 - firstExtremeAt) * rng.next();
    const minuteStart = minuteIndex * MINUTE_MS;
    const openAt = minuteStart + Math.floor(0.1 * rng.next() * MINUTE_MS);
    const closeAt = minuteStart + Math.floor((0.92 + 0.08 * rng.next()) * MINUTE_MS);

    const firstAt = minuteStart + Math.floor(firstExtremeAt * MINUTE_MS);
    const secondAt = minuteStart + Math.floor(secondExtremeAt * MINUTE_MS);

    this.emit(sink, openAt, start, rng.next() < 0.5 ? BUY : SELL, lotsScale);
    // The high is reached by a buyer lifting an ask, the low by a seller hitting a bid.
    if (highFirst) {
      this.emit(sink, firstAt, high, BUY, lotsScale);
      this.emit(sink, secondAt, low, SELL, lotsScale);
    } else {
      this.emit(sink, firstAt, low, SELL, lotsScale);
      this.emit(sink, secondAt, high, BUY, lotsScale);
    }
    this.emit(sink, closeAt, end, rng.next() < 0.5 ? BUY : SELL, lotsScale);
  }

  private emit(sink: TradeSink, time: number, logPrice: number, takerSide: Side, lotsScale: number): void {
    const quoted = Math.exp(logPrice) * (takerSide === BUY ? 1 + this.halfSpread : 1 - this.halfSpread);
    const price = Math.max(1, Math.round(quoted * this.scale.ticksPerUnit));
    // Exponential sizes (mean lotsScale): one logarithm, where a lognormal would cost a normal too.
    const lots = Math.max(1, Math.round(lotsScale * -Math.log(1 - this.stream.next())));
    sink(time, price, lots, takerSide);
  }

  /** The pair's log price at each minute boundary of one generator day (the last one is cached). */
  private dayLogPath(day: number): Float64Array {
    if (day === this.cachedDay && this.cachedPath) return this.cachedPath;
    const path = this.generator.dayPath(day).logUsd;
    const base = this.pair.base.asset < 0 ? undefined : path[this.pair.base.asset];
    const quote = this.pair.quote.asset < 0 ? undefined : path[this.pair.quote.asset];
    const out = new Float64Array(MINUTES_PER_DAY + 1);
    for (let m = 0; m <= MINUTES_PER_DAY; m++) out[m] = (base ? base[m]! : 0) - (quote ? quote[m]! : 0);
    this.cachedDay = day;
    this.cachedPath = out;
    return out;
  }
}
