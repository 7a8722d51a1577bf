/**
 * The demo clock (simulator only). After running at x60 simulated time stays ahead of the wall
 * clock, so orders and trades carry times in the future: the header then shows simulated time,
 * labelled, so the stamps make sense. Within a minute of the wall clock it is not worth a word.
 */
export const SIM_TIME_SHOWN_FROM_MS = 60_000;

/** How far simulated time is ahead of the wall clock (negative if behind), ms. */
export function simTimeLead(simNow: number, wallNow: number): number {
  return simNow - wallNow;
}

/** Whether the header shows simulated time: when it differs from the wall clock by a minute or more. */
export function showsSimTime(simNow: number | null, wallNow: number | null): boolean {
  if (simNow === null || wallNow === null) return false;
  return Math.abs(simTimeLead(simNow, wallNow)) >= SIM_TIME_SHOWN_FROM_MS;
}
