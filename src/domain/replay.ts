/**
 * Rules of the simulator's time control and feed replay, shared by the simulator, which
 * enforces them, and the developer menu, which offers them.
 */

/** The demo speeds offered: half real time up to sixty times real time. */
export const DEMO_SPEEDS = [0.5, 1, 2, 5, 10, 30, 60] as const;

/**
 * A speed the simulator accepts: x0.5, or a whole number from 1 to 60. Halves are the only
 * fraction, so a speed always reads exactly as it runs ("x0.5", never "x0.4999").
 */
export function isDemoSpeed(value: unknown): value is number {
  return (
    typeof value === 'number' && (value === 0.5 || (Number.isInteger(value) && value >= 1 && value <= 60))
  );
}

/** One press of "step" while paused: one simulated second (a feed's usual tick). */
export const STEP_MS = 1_000;
/** sim/replay_control step: at most an hour at once. */
export const MAX_STEP_MS = 3_600_000;

/**
 * Where a replay is in its feed at simulated time `now`: it was at `position` ms of the feed at
 * simulated time `seekAt` and plays on with the one clock (pausing the clock pauses it). A feed
 * that runs out starts again from its beginning, so the position wraps at `duration`.
 */
export function replayPosition(
  replay: { position: number; seekAt: number; duration: number },
  now: number,
): number {
  const { position, seekAt, duration } = replay;
  if (!(duration > 0)) return 0;
  const elapsed = Math.max(0, position + Math.max(0, now - seekAt));
  return elapsed % duration;
}

/** A seek target the simulator accepts: a whole ms within the feed, end excluded. */
export function isSeekPosition(value: unknown, duration: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < duration;
}

/** The seeds the live generator accepts: what a person can type, a whole number up to 2^31 - 1. */
export function isGeneratorSeed(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 2_147_483_647;
}

/**
 * A position in a feed as a person types it: "h:mm:ss", "m:ss" or seconds, minutes and seconds
 * below 60 after the first part. Answers ms, or null for anything else (never a guess).
 */
export function parseFeedClock(text: string): number | null {
  const match = /^\s*(\d{1,3})(?::([0-5]\d))?(?::([0-5]\d))?\s*$/.exec(text);
  if (!match) return null;
  const parts = [match[1], match[2], match[3]]
    .filter((part): part is string => part !== undefined)
    .map(Number);
  let seconds = 0;
  for (const part of parts) seconds = seconds * 60 + part;
  return seconds * 1000;
}

/** A position in a feed as "h:mm:ss" (whole seconds, rounded down). */
export function feedClockText(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return `${hours}:${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

/** A dropped feed file may be at most this large (the simulator refuses more, too). */
export const MAX_FEED_FILE_BYTES = 3_000_000;
