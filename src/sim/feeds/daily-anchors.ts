import { ASSETS, BTC_INDEX, minuteVariance } from './assets.ts';
import { STREAM, streamRng } from './seeds.ts';

/** Where every asset starts one UTC day, and what kind of day it will be. */
export interface DayAnchor {
  /** ln(USD price) of each asset (ASSETS order) at the day's first instant. */
  readonly logUsd: Float64Array;
  /** Multiplier of the day's variance: calm days below 1, hectic ones above. */
  readonly regime: number;
  /** Minute of the day's one price jump, or -1 for a day without one. */
  readonly jumpMinute: number;
  /** BTC's log jump at that minute (altcoins jump beta times as far). */
  readonly jumpSize: number;
}

export const MINUTES_PER_DAY = 1440;
/** Prices revert to their base with this half-life, so they stay in range for years. */
const REVERSION_HALF_LIFE_DAYS = 60;
const REVERSION = Math.LN2 / REVERSION_HALF_LIFE_DAYS;
/**
 * log-regime is AR(1): persistence and shock size (stationary sd about 0.34). Wider regimes (sd
 * 0.46, up to 3x the variance) made whole hectic months of 5-10 % BTC days, which real BTC has
 * had only in its wildest years.
 */
const REGIME_PERSISTENCE = 0.9;
const REGIME_SHOCK = 0.15;
const REGIME_MIN = 0.4;
const REGIME_MAX = 2.2;
/**
 * An asset's own daily move is Student-t (fat tails, variance normalised to the asset's own
 * volatility): most days it stays close to what BTC does, now and then one coin moves on its own
 * news by several times its usual move (the occasional big mover of a real market table).
 */
const OWN_NU = 4;
const OWN_T_SD = Math.sqrt(OWN_NU / (OWN_NU - 2));
/** ...but never beyond this many of its usual moves (a t draw is unbounded: once in years, +40 %). */
const OWN_MAX_SDS = 4;
/** About one 0.4-1.2 % jump a day (STACK.md). */
const JUMP_PROBABILITY = 0.8;
const JUMP_MIN = 0.004;
const JUMP_MAX = 0.012;

/**
 * The chain's state from which day `day`'s anchor is recorded (after day - 1's step): enough to
 * walk the chain on from there exactly as from day 0.
 */
export interface AnchorCheckpoint {
  readonly day: number;
  readonly btcDeviation: number;
  readonly ownDeviation: readonly number[];
  readonly logRegime: number;
}

/**
 * The chain of daily anchors: one small step per day from the generator's epoch (day 0).
 *
 * The chain is the only part of the generator that must be walked in order, and it costs a dozen
 * draws per day, so even years of it take a millisecond once compiled; a worker that has just
 * started runs it cold, in tens of milliseconds (the first quote waits for it). So the
 * chain can resume from checkpoints (anchor-checkpoints.ts: the default seed's state every 128
 * days, checked against the walk from day 0 by a test), and walks only from the nearest one.
 * Everything finer (minutes, seconds) is generated per day or per minute from its own stream and
 * bridged between these anchors, so any moment can be priced without generating what came before it.
 */
export class DailyAnchors {
  private readonly anchors = new Map<number, DayAnchor>();
  /** The day whose anchor the chain state records next. */
  private next = 0;
  /** Chain state: BTC's log deviation, each asset's own, log-regime. */
  private btcDeviation = 0;
  private readonly ownDeviation = new Float64Array(ASSETS.length);
  private logRegime = 0;

  constructor(
    private readonly seed: number,
    /** Known chain states of this seed, by ascending day (none: every walk starts at day 0). */
    private readonly checkpoints: readonly AnchorCheckpoint[] = [],
  ) {}

  /** The anchor of day `day` (>= 0) since the epoch. */
  at(day: number): DayAnchor {
    if (!Number.isInteger(day) || day < 0) throw new RangeError(`day must be an integer >= 0, got ${day}`);
    const known = this.anchors.get(day);
    if (known) return known;
    // Walk from the latest checkpoint at or before `day` when it is nearer than where the chain is.
    let from: AnchorCheckpoint | undefined;
    for (const checkpoint of this.checkpoints) if (checkpoint.day <= day) from = checkpoint;
    if (this.next > day || (from && from.day > this.next)) this.resume(from);
    while (this.next <= day) {
      this.anchors.set(this.next, this.step(this.next));
      this.next++;
    }
    return this.anchors.get(day)!;
  }

  /** The chain state at a checkpoint, or at day 0. */
  private resume(checkpoint: AnchorCheckpoint | undefined): void {
    this.next = checkpoint?.day ?? 0;
    this.btcDeviation = checkpoint?.btcDeviation ?? 0;
    this.ownDeviation.fill(0);
    checkpoint?.ownDeviation.forEach((value, index) => (this.ownDeviation[index] = value));
    this.logRegime = checkpoint?.logRegime ?? 0;
  }

  /** The chain state now, as a checkpoint (for anchor-checkpoints.ts and its test). */
  checkpoint(): AnchorCheckpoint {
    return {
      day: this.next,
      btcDeviation: this.btcDeviation,
      ownDeviation: [...this.ownDeviation],
      logRegime: this.logRegime,
    };
  }

  /** Records day `day`'s anchor from the chain state, then moves the state to the next day. */
  private step(day: number): DayAnchor {
    const rng = streamRng(this.seed, STREAM.dailyAnchors, day);
    const regime = Math.min(REGIME_MAX, Math.max(REGIME_MIN, Math.exp(this.logRegime)));
    const logUsd = new Float64Array(ASSETS.length);
    ASSETS.forEach((asset, index) => {
      const factor = index === BTC_INDEX ? this.btcDeviation : asset.beta * this.btcDeviation;
      logUsd[index] = Math.log(asset.basePrice) + factor + this.ownDeviation[index]!;
    });

    const jumps = rng.chance(JUMP_PROBABILITY);
    const jumpMinute = jumps ? rng.int(MINUTES_PER_DAY) : -1;
    const jumpSize = jumps ? (rng.chance(0.5) ? 1 : -1) * rng.range(JUMP_MIN, JUMP_MAX) : 0;

    const btc = ASSETS[BTC_INDEX]!;
    const btcDaySd = Math.sqrt(MINUTES_PER_DAY * regime * minuteVariance(btc.annualVol));
    this.btcDeviation = this.btcDeviation * (1 - REVERSION) + btcDaySd * rng.normal() + jumpSize;
    ASSETS.forEach((asset, index) => {
      if (index === BTC_INDEX) return;
      const ownDaySd = Math.sqrt(MINUTES_PER_DAY * regime * minuteVariance(asset.annualVol));
      const draw = rng.studentT(OWN_NU) / OWN_T_SD;
      const own = ownDaySd * Math.max(-OWN_MAX_SDS, Math.min(OWN_MAX_SDS, draw));
      this.ownDeviation[index] = this.ownDeviation[index]! * (1 - REVERSION) + own;
    });
    this.logRegime = REGIME_PERSISTENCE * this.logRegime + REGIME_SHOCK * rng.normal();
    return { logUsd, regime, jumpMinute, jumpSize };
  }
}
