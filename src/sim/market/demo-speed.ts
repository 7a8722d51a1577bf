import { okEnvelope, errorEnvelope } from '../../api/envelope.ts';
import { MAX_SPEED, MIN_SPEED } from '../clock.ts';
import type { Routes } from '../routes.ts';

/** A clock whose speed can be changed (ScaledClock). */
export interface SpeedControl {
  readonly speed: number;
  setSpeed(speed: number): void;
}

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
      return okEnvelope({ speed: control.speed });
    });
}
