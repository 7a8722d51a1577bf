import { WAY_BUY, type Way } from '../contract-codes.ts';
import { bucketOf } from './price-grouping.ts';

/**
 * Spec §2 asks the order book to mark the user's own orders. The depth carries no owners (it must
 * not: it is public), so a level is marked when one of the user's open orders rests at a price that
 * falls into it at the current grouping step. Buys rest among the bids, sells among the asks.
 */
export function ownLevels(
  orders: ReadonlyArray<{ readonly price: string; readonly way: Way }>,
  step: string,
): { bids: Set<string>; asks: Set<string> } {
  const bids = new Set<string>();
  const asks = new Set<string>();
  for (const order of orders) {
    const side = order.way === WAY_BUY ? 'bid' : 'ask';
    const bucket = bucketOf(order.price, step, side);
    if (bucket !== null) (side === 'bid' ? bids : asks).add(bucket);
  }
  return { bids, asks };
}
