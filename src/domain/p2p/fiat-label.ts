/** A country as default/area_list answers it, as far as its currency goes. */
export interface AreaCurrency {
  readonly currency?: string | undefined;
  readonly currency_symbol?: string | undefined;
}

/**
 * How an ad form labels a fiat currency: its code, with the symbol the country list gives it
 * ("CNY (¥)", as the family's merchant form labels its choices); the code alone when no country
 * names one, or the symbol is the code itself.
 */
export function fiatLabel(code: string, areas: readonly AreaCurrency[]): string {
  const symbol = areas.find((area) => area.currency === code && area.currency_symbol)?.currency_symbol;
  return symbol && symbol !== code ? `${code} (${symbol})` : code;
}
