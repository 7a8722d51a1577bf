import { AREA_CURRENCIES, FIAT_CURRENCIES } from './area-currencies.ts';
import { AREAS, type Area } from './areas.ts';

/**
 * A country as `default/area_list` answers it: its dial code, and its fiat currency as the family's
 * clients read it (`currency` the ISO 4217 code, `currency_symbol`, `code` the country's ISO 3166-1
 * alpha-2 code, `decimal` the currency's minor-unit places).
 */
export interface AreaAnswer extends Area {
  currency: string;
  currency_symbol: string;
  code: string;
  decimal: number;
}

export const AREA_LIST: readonly AreaAnswer[] = AREAS.map((area) => {
  const [code, currency] = AREA_CURRENCIES[area.id] ?? ['', ''];
  const fiat = FIAT_CURRENCIES[currency];
  return { ...area, currency, currency_symbol: fiat?.symbol ?? '', code, decimal: fiat?.decimals ?? 2 };
});
