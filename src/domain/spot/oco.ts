import { ORDER_STATUS_OPEN, type OrderStatus } from '../contract-codes.ts';
import type { SpotSide } from './order-kind.ts';
import { baseUnits, quoteUnits, type PairGrid } from './settlement.ts';

/**
 * OCO, one-cancels-the-other (Binance's OCO): a limit order (the limit leg, which takes the profit)
 * and a stop-limit order (the stop leg, which limits the loss) for the same quantity, placed
 * together. The limit leg rests in the book as a post-only order; the stop leg waits for its stop.
 * The moment either leg does anything (the limit leg fills, even in part; the stop leg triggers),
 * the other is cancelled, in the same commit; cancelling one cancels both. The two legs share one
 * lock: what the costlier leg needs, never the sum.
 */

/** The refusals of the OCO price rule, by their server message keys (locales "server" section). */
export type OcoPriceRefusal = 'spotOcoSellPrices' | 'spotOcoBuyPrices';

/**
 * Binance's rule: the limit leg on the far side of the last trade price from the stop. A sell OCO
 * takes profit above the market and stops the loss below it: limit price > last > stop price. A buy
 * OCO buys a dip below the market or a breakout above it: limit price < last < stop price. A last
 * price not known yet (NaN) refuses: the rule cannot be checked. Prices in ticks (the server) or
 * as scaled BigInt (the form, which reads decimal text), all three in the same scale.
 */
export function ocoPriceRefusal<T extends number | bigint>(
  side: SpotSide,
  limitTicks: T,
  stopTicks: T,
  lastTicks: T,
): OcoPriceRefusal | null {
  if (side === 'sell') return limitTicks > lastTicks && lastTicks > stopTicks ? null : 'spotOcoSellPrices';
  return limitTicks < lastTicks && lastTicks < stopTicks ? null : 'spotOcoBuyPrices';
}

/**
 * What an OCO locks, once for both legs: a sell locks its quantity of base (both legs sell it); a
 * buy locks the cost of the costlier leg at its limit price, rounded up (only one leg ever trades).
 */
export function ocoLock(
  side: SpotSide,
  limitTicks: number,
  stopLimitTicks: number,
  lots: number,
  grid: PairGrid,
): bigint {
  if (side === 'sell') return baseUnits(lots, grid);
  const limitCost = quoteUnits(limitTicks, lots, grid, 'ceil');
  const stopCost = quoteUnits(stopLimitTicks, lots, grid, 'ceil');
  return limitCost > stopCost ? limitCost : stopCost;
}

/** An OCO leg as the rule sees it. */
export interface OcoLeg {
  status: OrderStatus;
  filledLots: number;
  /** The stop leg: whether a trade triggered it. Always false for the limit leg. */
  triggered: boolean;
}

/**
 * Whether a leg has acted, so that its partner must not be working any more: it filled (even in
 * part), triggered, or ended (filled or cancelled).
 */
export function ocoLegActed(leg: OcoLeg): boolean {
  return leg.filledLots > 0 || leg.triggered || leg.status !== ORDER_STATUS_OPEN;
}

/**
 * The OCO invariant: never both legs working once one has acted. At most one leg is open after
 * either acted (and if one is still open, it is the one that acted).
 */
export function ocoHolds(limit: OcoLeg, stop: OcoLeg): boolean {
  const bothOpen = limit.status === ORDER_STATUS_OPEN && stop.status === ORDER_STATUS_OPEN;
  return !(bothOpen && (ocoLegActed(limit) || ocoLegActed(stop)));
}

/** A row of an orders list as the grouping sees it: its id and, for an OCO leg, the other leg's id. */
export interface OcoListed {
  id: number;
  oco_id?: number | undefined;
}

/** Where a row stands in its OCO group: the first leg listed, the one right after it, or no group. */
export type OcoPlace = 'lead' | 'follow' | null;

/**
 * An orders list with each OCO shown as one group: the other leg moves up to just after the first
 * leg listed (the list's order otherwise stays). A leg whose partner is not in the list (another
 * page, or finished in a list of open orders) stands alone.
 */
export function groupOcoLegs<T extends OcoListed>(rows: readonly T[]): Array<{ row: T; place: OcoPlace }> {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const placed = new Set<number>();
  const grouped: Array<{ row: T; place: OcoPlace }> = [];
  for (const row of rows) {
    if (placed.has(row.id)) continue;
    placed.add(row.id);
    const partner = row.oco_id === undefined ? undefined : byId.get(row.oco_id);
    if (partner && partner.oco_id === row.id && !placed.has(partner.id)) {
      placed.add(partner.id);
      grouped.push({ row, place: 'lead' }, { row: partner, place: 'follow' });
    } else grouped.push({ row, place: null });
  }
  return grouped;
}
