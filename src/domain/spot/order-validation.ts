import { isSellBlocked, MARKET, type EntryMode, type SpotSide } from './order-kind.ts';
import { toScaled } from '../money.ts';

/**
 * Spec §5 "Spot", §8: the messages an order form can stop on, by their spec names.
 *   remind   selling on currency match 64 is blocked
 *   p_price  a limit order needs a price
 *   p_num    an order needs a quantity
 *   notbest  a market order with no best price on the other side
 */
export type SpotProblemCode = 'remind' | 'p_price' | 'p_num' | 'notbest';

export interface SpotOrderDraft {
  matchId: number;
  side: SpotSide;
  mode: EntryMode;
  price: string;
  quantity: string;
  /** The best opposite price (best ask for a buy, best bid for a sell); null when the book is empty. */
  bestPrice: string | null;
}

/** Whether a field holds a number above zero. */
export function isPositiveDecimal(text: string | null | undefined): boolean {
  const value = toScaled(text ?? '', 12);
  return value !== null && value > 0n;
}

/**
 * The first problem of a draft order, or null when it may be sent. Order: a blocked sell first (no
 * input can fix it), then the price a limit order needs or the best price a market order needs,
 * then the quantity.
 */
export function validateSpotOrder(draft: SpotOrderDraft): SpotProblemCode | null {
  if (isSellBlocked(draft.matchId, draft.side)) return 'remind';
  // A limit order, and a stop-limit order's limit, need a price; a market order a best price.
  if (draft.mode !== MARKET) {
    if (!isPositiveDecimal(draft.price)) return 'p_price';
  } else if (!isPositiveDecimal(draft.bestPrice)) {
    return 'notbest';
  }
  if (!isPositiveDecimal(draft.quantity)) return 'p_num';
  return null;
}
