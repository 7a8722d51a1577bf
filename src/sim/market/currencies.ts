import { assetIndex } from '../feeds/assets.ts';

/** A currency of the simulated exchange. Ids are stable: accounts and orders refer to them. */
export interface Currency {
  readonly id: number;
  readonly code: string;
  /** Index of the generated asset that prices it (ASSETS), -1 for the dollar (USDT). */
  readonly asset: number;
  /** Local logo, drawn for this project (public/coins). */
  readonly logo: string;
}

function currency(id: number, code: string): Currency {
  return { id, code, asset: assetIndex(code), logo: `/coins/${code.toLowerCase()}.svg` };
}

export const CURRENCIES: readonly Currency[] = [
  currency(1, 'USDT'),
  currency(2, 'BTC'),
  currency(3, 'ETH'),
  currency(4, 'TRX'),
  currency(5, 'DOT'),
  currency(6, 'BIB'),
  currency(7, 'LTC'),
  currency(8, 'XRP'),
  currency(9, 'BCH'),
  currency(10, 'LINK'),
  currency(11, 'DOGE'),
];

const byCode = new Map(CURRENCIES.map((entry) => [entry.code, entry]));

export function currencyByCode(code: string): Currency {
  const found = byCode.get(code);
  if (!found) throw new RangeError(`unknown currency ${code}`);
  return found;
}

/** The quote groups of market/currency_matches, in display order (spec §3: USDT, BTC, ETH). */
export const QUOTE_CODES = ['USDT', 'BTC', 'ETH'] as const;
export type QuoteCode = (typeof QUOTE_CODES)[number];

/**
 * Yuan per US dollar for the groups' cny_price. A fixed demo rate: the simulator prices in dollars
 * and does not model foreign exchange.
 */
export const CNY_PER_USD = 7.1;
