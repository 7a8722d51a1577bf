import { okEnvelope, errorEnvelope } from '../../api/envelope.ts';
import { MAX_SPEED, MIN_SPEED } from '../clock.ts';
import type { Clock } from '../clock.ts';
import type { Routes } from '../routes.ts';

/** The simulator-only channel of demo time: `{ type: 'SIM_CLOCK', speed, now }`. */
export const SIM_CLOCK_CHANNEL = 'SIM_CLOCK';

/** Where clock frames go: the socket hub (through the market's stamping hub in the worker). */
export interface ClockHub {
  publish(channel: string, frame: object): void;
  hasSubscribers(channel: string): boolean;
}

/**
 * Tells every tab the demo clock: its speed and simulated time, at once when the speed changes
 * (so every tab's speed control follows, whichever tab chose it) and every `everyRounds` market
 * rounds (about once a second at the 100 ms tick), so a tab can show simulated time where it runs
 * ahead of the wall clock. Only while some tab listens.
 */
export class ClockPublisher {
  private round = 0;

  constructor(
    private readonly clock: Clock,
    private readonly control: SpeedControl | undefined,
    private readonly hub: ClockHub,
    private readonly everyRounds = 10,
  ) {}

  /** Called once per market round. */
  tick(): void {
    this.round++;
    if (this.round % this.everyRounds === 0) this.publish();
  }

  publish(): void {
    if (!this.hub.hasSubscribers(SIM_CLOCK_CHANNEL)) return;
    this.hub.publish(SIM_CLOCK_CHANNEL, {
      type: SIM_CLOCK_CHANNEL,
      speed: this.control?.speed ?? MIN_SPEED,
      now: this.clock.now(),
    });
  }
}

/** A clock whose speed can be changed (ScaledClock). */
export interface SpeedControl {
  readonly speed: number;
  setSpeed(speed: number): void;
  /** Jumps simulated time forward (ScaledClock.skip). */
  skip?(ms: number): void;
}

/** sim/skip: at most this many hours at once. */
export const MAX_SKIP_HOURS = 240;
const HOUR_MS = 3_600_000;

/** Where the chosen speed survives a reload: the store's settings (EventStore fits). */
export interface SpeedSettings {
  getSetting(key: string): Promise<unknown>;
  setSetting(key: string, value: number): Promise<void>;
}

export const SPEED_SETTING_KEY = 'sim.speed';

export function isSpeedControl(clock: object): clock is SpeedControl {
  return 'setSpeed' in clock && typeof clock.setSpeed === 'function' && 'speed' in clock;
}

/** Applies the saved speed, if there is a valid one. */
export async function restoreSpeed(control: SpeedControl, settings: SpeedSettings): Promise<void> {
  const saved = await settings.getSetting(SPEED_SETTING_KEY);
  if (isValidSpeed(saved)) control.setSpeed(saved);
}

function isValidSpeed(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= MIN_SPEED && value <= MAX_SPEED;
}

/**
 * Demo time: sim/speed answers how many simulated seconds pass per real second, sim/set_speed
 * changes it (a whole number from 1 to 60). Without a speed control (a fixed test clock) the speed
 * is 1 and cannot be changed.
 */
export function registerSpeedRoutes(
  routes: Routes,
  control: SpeedControl | undefined,
  settings?: SpeedSettings,
  clockPublisher?: ClockPublisher,
): void {
  routes
    .add('sim/speed', () => okEnvelope({ speed: control?.speed ?? MIN_SPEED }))
    .add('sim/set_speed', async (payload, ctx) => {
      const speed = payload.speed;
      if (!control) return errorEnvelope(ctx.t('speedFixed'));
      if (!isValidSpeed(speed))
        return errorEnvelope(ctx.t('speedOutOfRange', { min: MIN_SPEED, max: MAX_SPEED }));
      control.setSpeed(speed);
      await settings?.setSetting(SPEED_SETTING_KEY, speed);
      clockPublisher?.publish();
      return okEnvelope({ speed: control.speed });
    })
    .add('sim/skip', (payload, ctx) => {
      const hours = payload.hours;
      if (!control?.skip) return errorEnvelope(ctx.t('speedFixed'));
      if (typeof hours !== 'number' || !Number.isInteger(hours) || hours < 1 || hours > MAX_SKIP_HOURS)
        return errorEnvelope(ctx.t('skipOutOfRange', { min: 1, max: MAX_SKIP_HOURS }));
      control.skip(hours * HOUR_MS);
      clockPublisher?.publish();
      return okEnvelope({ now: ctx.now + hours * HOUR_MS });
    });
}
