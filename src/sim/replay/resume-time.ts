import { isDemoSpeed } from '../../domain/replay.ts';
import { SPEED_SETTING_KEY } from '../market/demo-speed.ts';
import { PAUSED_SETTING_KEY, REPLAY_SETTING_KEY, type ReplaySettings } from './replay-control.ts';

export { SIM_NOW_KEY } from './replay-control.ts';

/**
 * The simulated time the worker opens at. At x1 and faster the exchange follows the wall clock, or
 * stays ahead of it after a faster speed: max(saved, wall). A paused, slowed or replaying exchange
 * resumes exactly where it was saved, so a reload neither jumps a replay on by the time the tab
 * was closed nor runs a paused market.
 */
export async function resumeTime(
  settings: ReplaySettings | null,
  saved: unknown,
  wallNow: number,
): Promise<number> {
  if (typeof saved !== 'number' || !Number.isFinite(saved)) return wallNow;
  if (saved > wallNow) return saved;
  if (!settings) return wallNow;
  const [paused, speed, replay] = await Promise.all([
    settings.getSetting(PAUSED_SETTING_KEY),
    settings.getSetting(SPEED_SETTING_KEY),
    settings.getSetting(REPLAY_SETTING_KEY),
  ]).catch(() => [undefined, undefined, undefined]);
  const holds =
    paused === true ||
    (typeof speed === 'number' && speed < 1) ||
    (typeof replay === 'object' && replay !== null && !Array.isArray(replay) && replay.kind === 'feed');
  return holds ? saved : wallNow;
}

/**
 * How the clock opens: at resumeTime, and already paused and at the kept speed when the exchange
 * closed that way. The replay control and the speed routes apply the same later, but only after
 * the simulator has loaded (a kept feed among it: a second or more on a busy machine); a clock
 * that ran at x1 meanwhile reopened a paused replay a second or so past where it stood.
 */
export async function resumeClock(
  settings: ReplaySettings | null,
  saved: unknown,
  wallNow: number,
): Promise<{ start: number; paused: boolean; speed?: number }> {
  const start = await resumeTime(settings, saved, wallNow);
  if (!settings) return { start, paused: false };
  const [paused, speed] = await Promise.all([
    settings.getSetting(PAUSED_SETTING_KEY),
    settings.getSetting(SPEED_SETTING_KEY),
  ]).catch(() => [undefined, undefined]);
  return { start, paused: paused === true, ...(isDemoSpeed(speed) ? { speed } : {}) };
}
