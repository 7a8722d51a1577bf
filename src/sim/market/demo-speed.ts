import { okEnvelope, errorEnvelope } from '../../api/envelope.ts';
import { isDemoSpeed } from '../../domain/replay.ts';
import { MAX_SPEED } from '../clock.ts';
import type { Clock } from '../clock.ts';
import type { Routes } from '../routes.ts';

/**
 * The simulator-only channel of demo time: `{ type: 'SIM_CLOCK', speed, now, chosen, paused }`.
 * `speed` is how fast simulated time runs right now (0 while paused), so a countdown that moves
 * `now` on by `speed` between pushes stands still while paused; `chosen` is the speed chosen.
 */
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
  private listened = false;

  constructor(
    private readonly clock: Clock,
    private readonly control: SpeedControl | undefined,
    private readonly hub: ClockHub,
    private readonly everyRounds = 10,
  ) {}

  /**
   * Called once per market round. A tab that just subscribed hears the clock within a round, not
   * only at the next tenth (the inspector stamps its first events with it).
   */
  tick(): void {
    this.round++;
    const listening = this.hub.hasSubscribers(SIM_CLOCK_CHANNEL);
    const newListener = listening && !this.listened;
    this.listened = listening;
    if (newListener || this.round % this.everyRounds === 0) this.publish();
  }

  publish(): void {
    if (!this.hub.hasSubscribers(SIM_CLOCK_CHANNEL)) return;
    const chosen = this.control?.speed ?? 1;
    const paused = this.control?.paused === true;
    this.hub.publish(SIM_CLOCK_CHANNEL, {
      type: SIM_CLOCK_CHANNEL,
      speed: paused ? 0 : chosen,
      now: this.clock.now(),
      chosen,
      paused: paused ? 1 : 0,
    });
  }
}

/** A clock whose speed can be changed (ScaledClock). */
export interface SpeedControl {
  readonly speed: number;
  setSpeed(speed: number): void;
  /** Jumps simulated time forward (ScaledClock.skip). */
  skip?(ms: number): void;
  /** Simulated time now (ScaledClock.now). */
  now?(): number;
  /** Whether simulated time stands still (ScaledClock.pause). */
  readonly paused?: boolean;
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
/**
 * Where simulated time is kept (saved every two seconds, and at once after a jump), so a reloaded
 * exchange never reopens before what it already stamped (replay/resume-time.ts).
 */
export const SIM_NOW_KEY = 'sim_now';

export function isSpeedControl(clock: object): clock is SpeedControl {
  return 'setSpeed' in clock && typeof clock.setSpeed === 'function' && 'speed' in clock;
}

/** Applies the saved speed, if there is a valid one. */
export async function restoreSpeed(control: SpeedControl, settings: SpeedSettings): Promise<void> {
  const saved = await settings.getSetting(SPEED_SETTING_KEY);
  if (isDemoSpeed(saved)) control.setSpeed(saved);
}

/**
 * Demo time: sim/speed answers how many simulated seconds pass per real second, sim/set_speed
 * changes it (x0.5, or a whole number from 1 to 60: domain/replay.ts). Without a speed control (a fixed test clock) the speed
 * is 1 and cannot be changed.
 */
export function registerSpeedRoutes(
  routes: Routes,
  control: SpeedControl | undefined,
  settings?: SpeedSettings,
  clockPublisher?: ClockPublisher,
): void {
  routes
    .add('sim/speed', () => okEnvelope({ speed: control?.speed ?? 1 }))
    .add('sim/set_speed', async (payload, ctx) => {
      const speed = payload.speed;
      if (!control) return errorEnvelope(ctx.t('speedFixed'));
      if (!isDemoSpeed(speed)) return errorEnvelope(ctx.t('speedOutOfRange', { min: 1, max: MAX_SPEED }));
      control.setSpeed(speed);
      await settings?.setSetting(SPEED_SETTING_KEY, speed);
      clockPublisher?.publish();
      return okEnvelope({ speed: control.speed });
    })
    .add('sim/skip', async (payload, ctx) => {
      const hours = payload.hours;
      if (!control?.skip) return errorEnvelope(ctx.t('speedFixed'));
      if (typeof hours !== 'number' || !Number.isInteger(hours) || hours < 1 || hours > MAX_SKIP_HOURS)
        return errorEnvelope(ctx.t('skipOutOfRange', { min: 1, max: MAX_SKIP_HOURS }));
      control.skip(hours * HOUR_MS);
      // Kept at once: a worker that restarts before the next periodic save (a page navigating
      // away and back) would otherwise reopen before the jump, and time would run backwards.
      await settings?.setSetting(SIM_NOW_KEY, control.now?.() ?? ctx.now + hours * HOUR_MS);
      clockPublisher?.publish();
      return okEnvelope({ now: ctx.now + hours * HOUR_MS });
    });
}
