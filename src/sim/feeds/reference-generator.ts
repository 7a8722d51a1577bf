import { anchorCheckpointsOf } from './anchor-checkpoints.ts';
import { DailyAnchors, MINUTES_PER_DAY } from './daily-anchors.ts';
import { generateDayPath, type DayPath } from './day-path.ts';
import type { ReferenceSource } from './reference-source.ts';
import { generateSecondPath, SECONDS_PER_MINUTE } from './second-path.ts';

export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;

/** The generator's day 0 unless told otherwise: prices are generated from here on. */
export const DEFAULT_EPOCH = Date.UTC(2025, 0, 1);
export const DEFAULT_SEED = 20_250_101;

export interface ReferenceGeneratorOptions {
  seed?: number;
  /** First instant that has a price (ms, a UTC midnight). Earlier times get the epoch's price. */
  epoch?: number;
}

/**
 * How many generated days and minutes stay cached. A live market touches one or two of each; a
 * month of history is read pair after pair, so the days of a month stay (about 4 MB).
 */
const DAY_CACHE_SIZE = 35;
const MINUTE_CACHE_SIZE = 4;

/**
 * Seeded reference prices for every asset at any instant since the epoch: a pure function of the
 * seed and the time. Days are generated on demand (about a millisecond each) and seconds per
 * minute; both are cached, so the market's steady stream of look-ups costs an interpolation.
 */
export class ReferenceGenerator implements ReferenceSource {
  readonly seed: number;
  readonly epoch: number;
  private readonly anchors: DailyAnchors;
  private readonly days = new Map<number, DayPath>();
  private readonly minutes = new Map<number, Float64Array[]>();

  constructor(options: ReferenceGeneratorOptions = {}) {
    this.seed = options.seed ?? DEFAULT_SEED;
    this.epoch = options.epoch ?? DEFAULT_EPOCH;
    if (this.epoch % DAY_MS !== 0) throw new RangeError('the epoch must be a UTC midnight');
    this.anchors = new DailyAnchors(this.seed, anchorCheckpointsOf(this.seed, DEFAULT_SEED));
  }

  logUsd(asset: number, t: number): number {
    if (asset < 0) return 0;
    const since = Math.max(0, t - this.epoch);
    const minuteOffset = Math.floor(since / MINUTE_MS);
    const seconds = (since - minuteOffset * MINUTE_MS) / 1000;
    const second = Math.floor(seconds);
    const path = this.secondPath(minuteOffset)[asset]!;
    const from = path[second]!;
    // Interpolating inside the second keeps quotes moving smoothly between generated points.
    return second >= SECONDS_PER_MINUTE ? from : from + (path[second + 1]! - from) * (seconds - second);
  }

  /** ln(USD price) of an asset at the start of minute `minuteIndex` (minutes since the Unix epoch). */
  minuteLogUsd(asset: number, minuteIndex: number): number {
    if (asset < 0) return 0;
    const offset = Math.max(0, minuteIndex * MINUTE_MS - this.epoch) / MINUTE_MS;
    const day = Math.floor(offset / MINUTES_PER_DAY);
    return this.dayPath(day).logUsd[asset]![offset - day * MINUTES_PER_DAY]!;
  }

  /** The variance multiplier of the UTC day containing minute `minuteIndex`. */
  regimeAt(minuteIndex: number): number {
    const offset = Math.max(0, minuteIndex * MINUTE_MS - this.epoch) / MINUTE_MS;
    return this.anchors.at(Math.floor(offset / MINUTES_PER_DAY)).regime;
  }

  /** One day's minute path (day = days since the epoch). */
  dayPath(day: number): DayPath {
    let path = this.days.get(day);
    if (!path) {
      path = generateDayPath(this.seed, day, this.anchors.at(day), this.anchors.at(day + 1));
      remember(this.days, day, path, DAY_CACHE_SIZE);
    }
    return path;
  }

  private secondPath(minuteOffset: number): Float64Array[] {
    let path = this.minutes.get(minuteOffset);
    if (!path) {
      const day = Math.floor(minuteOffset / MINUTES_PER_DAY);
      const minuteOfDay = minuteOffset - day * MINUTES_PER_DAY;
      const epochMinute = this.epoch / MINUTE_MS;
      path = generateSecondPath(
        this.seed,
        epochMinute + minuteOffset,
        this.dayPath(day),
        minuteOfDay,
        this.anchors.at(day).regime,
      );
      remember(this.minutes, minuteOffset, path, MINUTE_CACHE_SIZE);
    }
    return path;
  }
}

/** Map as a small cache: insertion order is age, so the first key is the one to drop. */
function remember<K, V>(cache: Map<K, V>, key: K, value: V, capacity: number): void {
  cache.set(key, value);
  if (cache.size > capacity) cache.delete(cache.keys().next().value as K);
}
