import { scaledToText, toScaled } from './scaled.ts';

/**
 * The total of an order line, price x quantity, as the form shows it (spec §2: "and a total"),
 * floored to exactly `decimals` places; '' when either side is missing. Exact, on scaled integers.
 */
export function orderTotal(price: string, quantity: string, decimals: number): string {
  const p = toScaled(price, 12);
  const q = toScaled(quantity, 12);
  if (p === null || q === null || p <= 0n || q <= 0n) return '';
  // p * q carries 24 places; keep `decimals` of them, cut towards zero.
  const product = (p * q) / 10n ** BigInt(24 - decimals);
  return scaledToText(product, decimals);
}
