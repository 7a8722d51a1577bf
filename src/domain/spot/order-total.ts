import { displayDecimals } from '../display-decimals.ts';
import { rescale, scaledToPlainText, scaledToText, toScaled } from '../money.ts';
import type { SpotSide } from './order-kind.ts';

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

/**
 * The total as the form shows it: to the quote currency's display decimals (display-decimals.ts, the
 * one rule of every amount of that currency, so a market buy's estimate reads "8,753.04 USDT", never
 * "8,753.0352725"), rounded against the user where places are dropped, so it never flatters the
 * order: a buy's cost rounds up (never understated), a sell's proceeds round down (never
 * overstated). '' when orderTotal is.
 */
export function shownOrderTotal(price: string, quantity: string, currency: string, side: SpotSide): string {
  const exact = toScaled(orderTotal(price, quantity), 2 * FACTOR_PLACES);
  if (exact === null) return '';
  const decimals = displayDecimals(currency);
  return scaledToText(
    rescale(exact, 2 * FACTOR_PLACES, decimals, side === 'buy' ? 'ceil' : 'floor'),
    decimals,
  );
}
