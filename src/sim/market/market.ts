import type { Clock } from '../clock.ts';
import { DAY_MS, ReferenceGenerator } from '../feeds/reference-generator.ts';
import type { ReferenceSource } from '../feeds/reference-source.ts';
import { PairMarket, type UserFill } from './pair-market.ts';
import { PAIRS, type PairSpec } from './pairs.ts';
import type { Trade } from './trade.ts';

export interface MarketOptions {
  clock: Clock;
  /** Same seed, same start and same commands: the same market, byte for byte. */
  seed?: number;
  /** The generator's first day (a UTC midnight); see ReferenceGenerator. */
  epoch?: number;
  /** Whole days of candle history before the day the market opens (at least 30). */
  historyDays?: number;
  pairs?: readonly PairSpec[];
  /** An agent's action filled users' orders and is held until settled (PairMarketOptions). */
  onUserFills?: (market: PairMarket, fills: readonly UserFill[]) => void;
  /** Every live trade of every pair, as it happens. */
  onTrade?: (pair: PairSpec, trade: Trade) => void;
  /** The reference the live agents follow from the start (a kept replay); default the generator. */
  reference?: (generator: ReferenceGenerator) => ReferenceSource;
}

export const DEFAULT_HISTORY_DAYS = 30;
/**
 * The live market runs every agent action in simulated time, which costs real time; after a longer
 * jump (the machine slept, the tab was frozen) it restarts at the new time and the skipped minutes
 * are synthesised like history instead.
 */
export const MAX_CATCH_UP_MS = 5 * 60_000;

/**
 * The simulated exchange's markets: every pair's live order book and agents, driven by reference
 * prices from a seeded generator (or a recorded feed played over it), opened at the clock's time.
 * The market only moves when told to (`advanceTo`): the worker does that on a timer, and answers
 * catch it up first, so tests on a ManualClock see exactly the same market.
 */
export class Market {
  readonly clock: Clock;
  readonly generator: ReferenceGenerator;
  readonly openedAt: number;
  readonly historyStart: number;
  private reference: ReferenceSource;
  private readonly pairMarkets: PairMarket[];
  private readonly byId = new Map<number, PairMarket>();
  private readonly bySymbol = new Map<string, PairMarket>();
  private advancedTo: number;
  private held = false;

  constructor(options: MarketOptions) {
    this.clock = options.clock;
    this.generator = new ReferenceGenerator({ seed: options.seed, epoch: options.epoch });
    this.reference = options.reference?.(this.generator) ?? this.generator;
    this.openedAt = this.advancedTo = options.clock.now();
    const historyDays = Math.max(1, options.historyDays ?? DEFAULT_HISTORY_DAYS);
    this.historyStart = Math.max(
      this.generator.epoch,
      (Math.floor(this.openedAt / DAY_MS) - historyDays) * DAY_MS,
    );
    this.pairMarkets = (options.pairs ?? PAIRS).map(
      (pair) =>
        new PairMarket({
          pair,
          seed: this.generator.seed,
          generator: this.generator,
          reference: () => this.reference,
          historyStart: this.historyStart,
          start: this.openedAt,
          onUserFills: options.onUserFills,
          onTrade: options.onTrade,
        }),
    );
    for (const market of this.pairMarkets) {
      this.byId.set(market.pair.id, market);
      this.bySymbol.set(market.pair.symbol, market);
    }
  }

  /** Every pair's market, in catalogue order. */
  get pairs(): readonly PairMarket[] {
    return this.pairMarkets;
  }

  pair(id: number): PairMarket | undefined {
    return this.byId.get(id);
  }

  pairBySymbol(symbol: string): PairMarket | undefined {
    return this.bySymbol.get(symbol);
  }

  /**
   * Keeps the market where it stands until `release`: answers read it, nothing moves it. The worker
   * answers the first quotes before users' resting orders are back in the books; had the
   * market run meanwhile, agents would have traded past those orders instead of against them.
   */
  hold(): void {
    this.held = true;
  }

  release(): void {
    this.held = false;
  }

  /** Moves every pair to simulated time `t` (never backwards, never while held); see MAX_CATCH_UP_MS. */
  advanceTo(t: number): void {
    if (this.held || t <= this.advancedTo) return;
    const skip = t - this.advancedTo > MAX_CATCH_UP_MS;
    for (const market of this.pairMarkets) {
      if (skip) market.skipTo(t);
      else market.advanceTo(t);
    }
    this.advancedTo = t;
  }

  /** Catches up with the clock. */
  advanceToNow(): number {
    const now = this.clock.now();
    this.advanceTo(now);
    return this.advancedTo;
  }

  time(): number {
    return this.advancedTo;
  }

  /**
   * Replaces the reference the live agents follow from now on, e.g. a recorded feed played over the
   * generator (feeds/feed-replay.ts). History stays the generator's.
   */
  useReference(source: ReferenceSource): void {
    this.reference = source;
  }
}
