import { groupThousands, NO_VALUE, truncateDecimal } from './format.ts';
import { LEDGER_DECIMALS } from './money.ts';

/**
 * How many decimals a balance or an amount of a currency shows, wherever balances and amounts are
 * shown (assets, personal centre, order lists, form "available" lines), except the order book and
 * the exact entry fields of the trade forms, which follow the pair's own precision. ONE rule per
 * currency, so USDT reads "10,000.00" everywhere, never "10000.0000" in one place and
 * "10,000.00000000" in another.
 *
 * The rule: the last digit shown is worth about one US cent or less, at the currency's usual price.
 * - 2: fiat and fiat-like stablecoins (USDT, USDC, ...): a cent; and coins worth under about $1
 *   (TRX, XRP, DOGE): a hundredth is a fraction of a cent.
 * - 4: coins worth about $1 to $100 (DOT, LINK, BIB).
 * - 6: coins worth about $100 to $10,000 (ETH, LTC, BCH).
 * - 8: BTC (one satoshi) and every currency not listed: the ledger's own unit (1e-8), so nothing
 *   held is ever hidden.
 * Values are cut towards zero (spec §9 "rounds down"), so a balance is never overstated, and always
 * show exactly that many decimals, with thousands grouped.
 */
export const DISPLAY_DECIMALS: Readonly<Record<string, number>> = {
  USD: 2,
  CNY: 2,
  EUR: 2,
  USDT: 2,
  USDC: 2,
  BUSD: 2,
  TUSD: 2,
  FDUSD: 2,
  DAI: 2,
  TRX: 2,
  XRP: 2,
  DOGE: 2,
  DOT: 4,
  LINK: 4,
  BIB: 4,
  ETH: 6,
  LTC: 6,
  BCH: 6,
  BTC: 8,
};

/** The decimals a currency's balances and amounts show (upper- or lower-case code). */
export function displayDecimals(currency: string): number {
  return DISPLAY_DECIMALS[currency.trim().toUpperCase()] ?? LEDGER_DECIMALS;
}

/** A balance or amount of `currency` as shown: its display decimals, cut towards zero, grouped. */
export function formatCurrencyAmount(value: string | number | null | undefined, currency: string): string {
  const text = truncateDecimal(value, displayDecimals(currency));
  return text === NO_VALUE ? text : groupThousands(text);
}
