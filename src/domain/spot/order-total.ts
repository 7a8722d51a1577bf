import { scaledToPlainText, toScaled } from '../money.ts';

/** Places each factor is read with: beyond any price or quantity a field accepts. */
const FACTOR_PLACES = 12;

/**
 * The total of an order line, price x quantity, as the form shows it (spec §2: "and a total"):
 * exact, every place of the product kept and trailing zeros dropped, so it is never understated (a
 * total of 0.002909 never shows as 0.00290). '' when either factor is missing or not above zero.
 */
export function orderTotal(price: string, quantity: string): string {
  const p = toScaled(price, FACTOR_PLACES);
  const q = toScaled(quantity, FACTOR_PLACES);
  if (p === null || q === null || p <= 0n || q <= 0n) return '';
  return scaledToPlainText(p * q, 2 * FACTOR_PLACES);
}
