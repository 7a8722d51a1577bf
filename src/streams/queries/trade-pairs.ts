import type { AnswerOf } from '../../api/catalogue.ts';
import { isOn } from '../../domain/contract-codes.ts';
import { priceBandOf, type PriceBand } from '../../domain/order-filters/price-band.ts';

/** A pair as the trade screen needs it: the quotes table's fields plus the currencies' ids. */
export interface TradePair {
  readonly id: number;
  readonly symbol: string;
  readonly base: string;
  readonly quote: string;
  readonly baseCurrencyId: number;
  readonly quoteCurrencyId: number;
  readonly logo: string;
  readonly priceDecimals: number | undefined;
  readonly quantityDecimals: number | undefined;
  readonly openChange: boolean;
  /** The spot fee in percent as the server states it ("0.1"), when it does. */
  readonly feePercent?: string;
  /** The pair's order filters (docs/api.md "Order filters"), when the server states them. */
  readonly priceBand?: PriceBand;
  readonly minNotional?: string;
}

type Match = AnswerOf<'market/currency_matches'>[number]['matches'][number];

function filtersOf(match: Match): { priceBand?: PriceBand; minNotional?: string } {
  const priceBand = priceBandOf(match.price_band_down, match.price_band_up);
  return {
    ...(priceBand ? { priceBand } : {}),
    ...(match.min_notional === undefined ? {} : { minNotional: match.min_notional }),
  };
}

/** market/currency_matches' groups, flattened into the trade screen's pairs. */
export function toTradePairs(groups: AnswerOf<'market/currency_matches'>): TradePair[] {
  return groups.flatMap((group) =>
    group.matches.map((match) => ({
      id: match.id,
      symbol: match.symbol,
      base: match.base_currency_code,
      quote: match.quote_currency_code,
      baseCurrencyId: match.base_currency_id,
      quoteCurrencyId: match.quote_currency_id,
      logo: match.base_currency.logo,
      priceDecimals: match.price_decimals,
      quantityDecimals: match.number_decimals,
      openChange: isOn(match.open_change),
      ...(match.change_fee_rate === undefined ? {} : { feePercent: match.change_fee_rate }),
      ...filtersOf(match),
    })),
  );
}
