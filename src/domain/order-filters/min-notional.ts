import { divideRounded, toScaled } from '../money.ts';

/**
 * The least value an order may have (Binance's MIN_NOTIONAL filter): price x quantity, in the quote
 * currency, at least the pair's minimum. Below it an order costs the book and the ledger more than
 * it is worth, and a value that small next to the market (0.001 BTC at 3 USDT) is a slip, not a trade.
 * A market order has no price of its own: it is measured at the best opposite price it would take.
 */

/** Places every figure is compared at: far finer than any price, quantity or minimum. */
const SCALE = 12;

/**
 * Whether price x quantity reaches `minimum` (decimal texts). A text that is not a plain decimal
 * (or a price or quantity of zero or less) has no value, so it does not reach a positive minimum.
 */
export function meetsMinNotional(price: string, quantity: string, minimum: string): boolean {
  const p = toScaled(price, SCALE);
  const q = toScaled(quantity, SCALE);
  const min = toScaled(minimum, SCALE);
  if (min === null || min <= 0n) return true;
  if (p === null || q === null || p <= 0n || q <= 0n) return false;
  return p * q >= min * 10n ** BigInt(SCALE);
}

/**
 * The least quantity (at `quantityDecimals` places, rounded up) whose value at `price` reaches
 * `minimum`, for a message that says what to type; null when the price is not a positive decimal.
 */
export function minQuantityAt(price: string, minimum: string, quantityDecimals: number): bigint | null {
  const p = toScaled(price, SCALE);
  const min = toScaled(minimum, SCALE);
  if (p === null || min === null || p <= 0n) return null;
  if (min <= 0n) return 0n;
  return divideRounded(min * 10n ** BigInt(quantityDecimals), p, 'ceil');
}
