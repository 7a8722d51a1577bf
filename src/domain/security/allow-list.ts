/**
 * The withdrawal allow-list (issue 34): withdrawals always go to a bound address (spec: "a
 * withdrawal address must be bound first"); with the allow-list on, a newly bound address is usable
 * only once it has been bound for a waiting period, so someone who took over a session cannot bind
 * their own address and withdraw to it at once. The user is told when an address is added, and has
 * the waiting period to react. Durations are simulated time, like every duration of the exchange.
 */
export const ALLOW_LIST_WAIT_MS = 24 * 60 * 60_000;

/** When an address bound at `boundAt` becomes usable under the allow-list. */
export function usableFrom(boundAt: number, waitMs = ALLOW_LIST_WAIT_MS): number {
  return boundAt + waitMs;
}

/**
 * Whether a withdrawal may go to a bound address at `now`: always with the allow-list off; with it
 * on, only once the waiting period since binding has passed (at its very end, not a moment before).
 */
export function withdrawalAddressUsable(
  input: { allowList: boolean; boundAt: number; now: number },
  waitMs = ALLOW_LIST_WAIT_MS,
): boolean {
  return !input.allowList || input.now >= usableFrom(input.boundAt, waitMs);
}
