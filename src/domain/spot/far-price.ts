import type { SpotSide } from './order-kind.ts';
import { toScaled } from '../money.ts';

/**
 * A limit price this far through the best opposite price (percent) asks for confirmation before
 * the order goes: a buy above the best ask by more than this, or a sell below the best bid by more.
 * Such a price fills at once at the book's prices, so it is usually a slip of the finger (a missing
 * point, a price from another pair), not a wish.
 */
export const FAR_PRICE_PERCENT = 10;

const SCALE = 12;

/**
 * How far, in whole percent rounded down, `price` goes through `bestOpposite` (the best ask for a
 * buy, the best bid for a sell); 0 when it does not go through, or when either price is missing.
 */
export function percentThroughBest(side: SpotSide, price: string, bestOpposite: string | null): number {
  const p = toScaled(price, SCALE);
  const best = toScaled(bestOpposite ?? '', SCALE);
  if (p === null || best === null || p <= 0n || best <= 0n) return 0;
  const through = side === 'buy' ? p - best : best - p;
  if (through <= 0n) return 0;
  return Number((through * 100n) / best);
}

/** Whether a limit price goes through the best opposite price by more than FAR_PRICE_PERCENT. */
export function isFarThroughBest(side: SpotSide, price: string, bestOpposite: string | null): boolean {
  const p = toScaled(price, SCALE);
  const best = toScaled(bestOpposite ?? '', SCALE);
  if (p === null || best === null || p <= 0n || best <= 0n) return false;
  const limit = BigInt(FAR_PRICE_PERCENT);
  return side === 'buy' ? p * 100n > best * (100n + limit) : p * 100n < best * (100n - limit);
}
