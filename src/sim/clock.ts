/**
 * Simulated time. The engine reads time only through a Clock, never Date.now(), so a run is
 * reproducible (ManualClock) and the market can run faster than real time (ScaledClock).
 */

export interface Clock {
  /** Simulated time in milliseconds since the Unix epoch. */
  now(): number;
}

/** A clock that moves only when told to: for tests and deterministic replays. */
export class ManualClock implements Clock {
  private current: number;

  constructor(start: number) {
    assertFiniteTime(start);
    this.current = start;
  }

  now(): number {
    return this.current;
  }

  /** Moves time forward by ms >= 0 (time never runs backwards). */
  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`advance(ms) needs a finite ms >= 0, got ${ms}`);
    this.current += ms;
  }

  /** Jumps to an absolute time, which must not be earlier than now. */
  set(ms: number): void {
    assertFiniteTime(ms);
    if (ms < this.current) throw new RangeError(`set(${ms}) would move time back from ${this.current}`);
    this.current = ms;
  }
}

/** Slowest demo speed: half real time (a replay watched closely). */
export const MIN_SPEED = 0.5;
export const MAX_SPEED = 60;

export interface ScaledClockOptions {
  /** Real time source in ms; the only place the simulator may read the wall clock. */
  realNow: () => number;
  /** Simulated time at creation; defaults to the real time at creation. */
  start?: number;
  /** Simulated ms per real ms, MIN_SPEED..MAX_SPEED; defaults to 1. */
  speed?: number;
  /** Starts paused: simulated time stands still until resume(). */
  paused?: boolean;
}

/**
 * Simulated time that runs `speed` times faster than real time, or stands still while paused.
 *
 * It keeps an anchor (a real instant and the simulated instant it maps to); changing the speed or
 * pausing re-anchors at the current instant, so simulated time is continuous across those changes.
 * Results are whole milliseconds and never decrease, even if the real clock is set back.
 */
export class ScaledClock implements Clock {
  private readonly realNow: () => number;
  private anchorReal: number;
  private anchorSim: number;
  private currentSpeed: number;
  private isPaused: boolean;
  private latest: number;

  constructor(options: ScaledClockOptions) {
    this.realNow = options.realNow;
    this.anchorReal = this.realNow();
    this.anchorSim = Math.floor(options.start ?? this.anchorReal);
    assertFiniteTime(this.anchorSim);
    this.currentSpeed = checkSpeed(options.speed ?? 1);
    this.isPaused = options.paused ?? false;
    this.latest = this.anchorSim;
  }

  now(): number {
    return this.simulatedAt(this.realNow());
  }

  get speed(): number {
    return this.currentSpeed;
  }

  get paused(): boolean {
    return this.isPaused;
  }

  /** Simulated ms per real ms right now: the speed, or 0 while paused. */
  get rate(): number {
    return this.isPaused ? 0 : this.currentSpeed;
  }

  /** Stops simulated time where it is (a replay's pause); skip() still steps it. */
  pause(): void {
    this.reanchor();
    this.isPaused = true;
  }

  resume(): void {
    this.reanchor();
    this.isPaused = false;
  }

  /**
   * Jumps simulated time forward by `ms` (demo time: see a day's dividend without waiting a day).
   * Time stays continuous otherwise and never runs backwards.
   */
  skip(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`skip(ms) needs a finite ms >= 0, got ${ms}`);
    const real = this.realNow();
    this.anchorSim = this.simulatedAt(real) + Math.floor(ms);
    this.anchorReal = real;
  }

  setSpeed(speed: number): void {
    const checked = checkSpeed(speed);
    this.reanchor();
    this.currentSpeed = checked;
  }

  /** One real reading serves both the old and the new mapping, so no real time falls in between. */
  private reanchor(): void {
    const real = this.realNow();
    this.anchorSim = this.simulatedAt(real);
    this.anchorReal = real;
  }

  private simulatedAt(real: number): number {
    const projected = Math.floor(this.anchorSim + (real - this.anchorReal) * this.rate);
    this.latest = Math.max(this.latest, projected);
    return this.latest;
  }
}

function checkSpeed(speed: number): number {
  if (!Number.isFinite(speed) || speed < MIN_SPEED || speed > MAX_SPEED) {
    throw new RangeError(`speed must be between ${MIN_SPEED} and ${MAX_SPEED}, got ${speed}`);
  }
  return speed;
}

function assertFiniteTime(ms: number): void {
  if (!Number.isFinite(ms)) throw new RangeError(`time must be a finite number of ms, got ${ms}`);
}
