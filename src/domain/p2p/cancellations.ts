/**
 * Spec §9: three buyer cancellations in one day bar buying that day. Tessera counts the buyer's own
 * cancellations and the orders cancelled because the buyer did not pay in time, by simulated UTC
 * day; the bar lifts at the next UTC midnight, which the refusal names.
 */
export const BUYER_CANCELS_PER_DAY = 3;
export const DAY_MS = 86_400_000;

export function dayStart(at: number): number {
  return Math.floor(at / DAY_MS) * DAY_MS;
}

export function cancelsToday(cancelledAt: readonly number[], now: number): number {
  const start = dayStart(now);
  return cancelledAt.filter((at) => at >= start && at < start + DAY_MS).length;
}

/** When the buyer may buy again, or null when they may buy now. */
export function buyingBarredUntil(cancelledAt: readonly number[], now: number): number | null {
  return cancelsToday(cancelledAt, now) >= BUYER_CANCELS_PER_DAY ? dayStart(now) + DAY_MS : null;
}
