import { leverCloseLotsAllowed } from './partial-close.ts';
import { tickUnits, type LeverSide } from './rules.ts';

/**
 * Closing part of a lever position at a price (issue 32 item 4): a resting close order. Tessera's
 * choices, where the spec is silent:
 *
 * - A position holds at most one close order: placing another replaces it, price 0 cancels it.
 * - Its lots are 1 to all the position holds (all of them closes it whole), its price a multiple of
 *   the pair's tick on the far side of the last trade: above it for a long (it sells), below it for
 *   a short (it buys back). A price the market has already reached is a close at market instead.
 * - It fires on the first trade of the public tape after it was placed that reaches its price (at
 *   or above it for a long, at or below for a short), in the same pass as the take-profit and
 *   stop-loss, and closes at that trade's price (at the order's price or better), recorded like a
 *   close at market: the part is a closed position of its own, with its line in the records.
 * - It never closes more than the position still holds (a part closed since, by hand or by the
 *   order, leaves fewer lots): it closes what is left.
 */

/** Why a close order is refused, by its message key; null when it may be placed. */
export type LeverCloseOrderProblem = 'closeLots' | 'closeOrderSide';

export function leverCloseOrderProblem(
  side: LeverSide,
  held: bigint,
  lots: bigint,
  price: bigint,
  last: bigint,
  priceDecimals: number,
): LeverCloseOrderProblem | null {
  if (!leverCloseLotsAllowed(held, lots)) return 'closeLots';
  if (price <= 0n || last <= 0n || price % tickUnits(priceDecimals) !== 0n) return 'closeOrderSide';
  return (side === 'long' ? price > last : price < last) ? null : 'closeOrderSide';
}

/** Whether a trade at `trade` reaches a close order at `price`: at or above it (long), at or below (short). */
export function leverCloseOrderTouched(side: LeverSide, price: bigint, trade: bigint): boolean {
  if (price <= 0n) return false;
  return side === 'long' ? trade >= price : trade <= price;
}

/** The lots a close order closes when it fires: its own, or what the position still holds if fewer. */
export function leverCloseOrderLots(orderLots: bigint, held: bigint): bigint {
  return orderLots < held ? orderLots : held;
}
