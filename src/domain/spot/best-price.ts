import { compareDecimal } from '../format.ts';
import type { SpotSide } from './order-kind.ts';

/** A book level as the depth carries it; only the price matters here. */
export interface PricedLevel {
  readonly price: string;
}

export interface BookSides {
  /** Bids. */
  readonly in: readonly PricedLevel[];
  /** Asks. */
  readonly out: readonly PricedLevel[];
}

/** Highest bid and lowest ask, null for an empty side; found by comparing, not by trusting order. */
export function bestPrices(book: BookSides): { bid: string | null; ask: string | null } {
  let bid: string | null = null;
  let ask: string | null = null;
  for (const level of book.in) if (bid === null || compareDecimal(level.price, bid) > 0) bid = level.price;
  for (const level of book.out) if (ask === null || compareDecimal(level.price, ask) < 0) ask = level.price;
  return { bid, ask };
}

/**
 * Spec §4: in market mode the price is the best opposite price: a buy takes the lowest ask, a sell
 * the highest bid.
 */
export function bestOppositePrice(
  side: SpotSide,
  best: { bid: string | null; ask: string | null },
): string | null {
  return side === 'buy' ? best.ask : best.bid;
}
