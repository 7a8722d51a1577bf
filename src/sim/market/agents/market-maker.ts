import { BUY, SELL, type Side } from '../../engine/index.ts';
import type { Rng } from '../../rng.ts';
import type { Agent, Venue } from './agent.ts';

export interface MarketMakerStyle {
  owner: number;
  /** Levels per side (STACK.md: 10-20). */
  levels: number;
  /** Ladder step in multiples of the pair's step, and the first level's distance in steps. */
  stepFactor: number;
  firstLevelOffset: number;
  /**
   * How far the last level stands from the reference, in basis points. The gaps between levels
   * grow geometrically from one step at the touch to reach it, as real ladders thin out with
   * distance: dense near the touch, a few percent away at the far end.
   */
  reachBps: number;
  /** Lots at the first level, as a multiple of the pair's maker level size. */
  sizeFactor: number;
}

/** Each refresh re-checks this many top levels, and each deeper level with this probability. */
const ALWAYS_CHECKED_LEVELS = 3;
const DEEP_CHECK_PROBABILITY = 0.3;
/** Drift (in ladder steps) a resting quote may have from its target before it is replaced. */
const TOP_TOLERANCE = 0.25;
const DEEP_TOLERANCE = 0.5;
/** Size grows by level: level k quotes (1 + growth * k) times the first level. */
const SIZE_GROWTH = 0.3;
/** The ladder's gaps never grow by more than this factor per level. */
const MAX_GAP_GROWTH = 3;
const SIZE_SIGMA = 0.35;
/** Inventory (in dollars) at which the quotes lean the furthest, and how far (in half spreads). */
const INVENTORY_SCALE_USD = 60_000;
const MAX_SKEW_HALF_SPREADS = 2;
const REFRESH_MIN_MS = 250;
const REFRESH_MAX_MS = 1_000;

/**
 * A market maker: quotes a ladder of bids and asks around the reference price, bigger further out,
 * and leans its whole ladder against its inventory (long: quotes lower to sell more). Every 250 to
 * 1000 ms it refreshes part of the ladder: the top levels always, deeper ones at random, replacing
 * those that are gone or have drifted off their target. It never takes liquidity: a quote that
 * would cross is placed one tick behind the best opposite price instead.
 */
export class MarketMaker implements Agent {
  nextAt: number;
  private inventory = 0;
  private readonly orderIds: [number[], number[]];
  private readonly orderPrices: [number[], number[]];
  private readonly targets: [number[], number[]];
  /** Distance of each level from the mid, and the gap to the level before it, in steps. */
  private readonly levelSteps: Float64Array;
  private readonly levelGaps: Float64Array;

  constructor(
    private readonly venue: Venue,
    private readonly style: MarketMakerStyle,
    private readonly rng: Rng,
    start: number,
  ) {
    this.nextAt = start;
    const empty = () => new Array<number>(style.levels).fill(-1);
    this.orderIds = [empty(), empty()];
    this.orderPrices = [empty(), empty()];
    this.targets = [empty(), empty()];
    const stepBps = venue.pair.levelStepBps * style.stepFactor;
    const growth = gapGrowth(style.levels, style.reachBps / stepBps - style.firstLevelOffset);
    this.levelSteps = new Float64Array(style.levels);
    this.levelGaps = new Float64Array(style.levels);
    for (let level = 0, distance = style.firstLevelOffset, gap = 1; level < style.levels; level++) {
      this.levelSteps[level] = distance;
      this.levelGaps[level] = level === 0 ? 1 : gap;
      if (level > 0) gap *= growth;
      distance += gap;
    }
  }

  /** A maker fill on one of this maker's orders: its side bought or sold `lots`. */
  onFill(makerSide: Side, lots: number): void {
    this.inventory += makerSide === BUY ? lots : -lots;
  }

  act(now: number): void {
    const { book, scale } = this.venue;
    const reference = this.venue.referenceTicks(now);
    const halfSpread = Math.max(1, reference * this.venue.pair.halfSpreadBps * 1e-4);
    const nominalStep = reference * this.venue.pair.levelStepBps * 1e-4 * this.style.stepFactor;
    const step = Math.max(this.style.stepFactor, nominalStep);
    const inventoryUsd = this.inventory / scale.lotsPerUsd;
    const lean = Math.max(-1, Math.min(1, inventoryUsd / INVENTORY_SCALE_USD));
    const mid = reference - lean * MAX_SKEW_HALF_SPREADS * halfSpread;

    // Decide first, cancel next, place last: a replaced order must be gone before its successor is
    // priced against the book, or the maker would trade with itself.
    const replace: Array<[Side, number]> = [];
    for (const side of [BUY, SELL] as const) {
      for (let level = 0; level < this.style.levels; level++) {
        // The ladder's shape is in basis points; on a coarse tick each level still moves a tick.
        const distance =
          halfSpread +
          Math.max(
            this.levelSteps[level]! * nominalStep,
            (level + this.style.firstLevelOffset) * this.style.stepFactor,
          );
        const target = side === BUY ? Math.floor(mid - distance) : Math.ceil(mid + distance);
        this.targets[side][level] = Math.max(1, target);
        const id = this.orderIds[side][level]!;
        const resting = id >= 0 && book.has(id);
        const top = level < ALWAYS_CHECKED_LEVELS;
        const checked = top || this.rng.chance(DEEP_CHECK_PROBABILITY);
        // Small drifts are tolerated (a fraction of a step at the top, half the level's gap deeper
        // down): re-quoting for every tick would churn the book and cost the maker its queue place.
        const drift = Math.abs(this.orderPrices[side][level]! - target);
        const tolerance = Math.max(1, (top ? TOP_TOLERANCE : DEEP_TOLERANCE * this.levelGaps[level]!) * step);
        if (!resting || (checked && drift >= tolerance)) replace.push([side, level]);
      }
    }
    for (const [side, level] of replace) {
      const id = this.orderIds[side][level]!;
      if (id >= 0) book.cancel(id);
      this.orderIds[side][level] = -1;
    }
    for (const [side, level] of replace) this.place(side, level);
    this.nextAt = now + this.rng.range(REFRESH_MIN_MS, REFRESH_MAX_MS);
  }

  restart(now: number): void {
    for (const side of [BUY, SELL] as const) {
      for (let level = 0; level < this.style.levels; level++) {
        const id = this.orderIds[side][level]!;
        if (id >= 0) this.venue.book.cancel(id);
        this.orderIds[side][level] = -1;
      }
    }
    this.inventory = 0;
    this.nextAt = now;
  }

  private place(side: Side, level: number): void {
    const { book, scale } = this.venue;
    let price = this.targets[side][level]!;
    // Post only: never cross the opposite best (NaN when that side is empty: no clamp).
    if (side === BUY) {
      const bestAsk = book.bestAsk();
      if (price >= bestAsk) price = bestAsk - 1;
    } else {
      const bestBid = book.bestBid();
      if (price <= bestBid) price = bestBid + 1;
    }
    if (price < 1) return;
    const size = scale.makerLevelLots * this.style.sizeFactor * (1 + SIZE_GROWTH * level);
    const lots = Math.max(1, Math.round(size * this.rng.lognormal(0, SIZE_SIGMA)));
    const id = this.venue.newOrderId();
    book.limit(id, this.style.owner, side, price, lots);
    this.orderIds[side][level] = id;
    this.orderPrices[side][level] = price;
  }
}

/**
 * The factor g by which each gap exceeds the one before, so that `levels` levels whose first gap is
 * one step reach `reachSteps` steps: 1 + g + g^2 + ... + g^(levels - 2) = reachSteps (bisection).
 * A reach the levels cover with plain steps keeps the gaps even (g = 1).
 */
export function gapGrowth(levels: number, reachSteps: number): number {
  const span = (g: number) => {
    let total = 0;
    for (let k = 0, gap = 1; k < levels - 1; k++, gap *= g) total += gap;
    return total;
  };
  if (levels < 2 || span(1) >= reachSteps) return 1;
  let low = 1;
  let high = MAX_GAP_GROWTH;
  if (span(high) <= reachSteps) return high;
  for (let i = 0; i < 50; i++) {
    const mid = (low + high) / 2;
    if (span(mid) < reachSteps) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}
