import { roundedScaledText, toScaled } from '../money.ts';

/** Places each factor is read at: finer than any pair's prices and quantities. */
const PLACES = 12;

/**
 * A book level's value in the quote currency (price x quantity), rounded half away from zero to the
 * pair's price places: what the book shows when a server sends no `total` (the family's servers
 * send only the quantity). For display, so a factor that is not a number values the level at 0.
 */
export function levelValue(price: string, quantity: string, priceDecimals: number): string {
  const units = (toScaled(price, PLACES) ?? 0n) * (toScaled(quantity, PLACES) ?? 0n);
  return roundedScaledText(units, PLACES * 2, priceDecimals);
}
