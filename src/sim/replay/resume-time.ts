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
