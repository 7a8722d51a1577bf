/** Addresses of the pages the market and news blocks link to. */

/** The spot screen on one pair: `/trade?symbol=BTC/USDT` (the slash is legal in a query). */
export function tradeHref(symbol: string): string {
  return `/trade?symbol=${encodeURIComponent(symbol).replace(/%2F/gi, '/')}`;
}

/** An article on the notice page: `/notice?id=66&category_id=26`. */
export function noticeHref(id: number, categoryId: number): string {
  return `/notice?id=${id}&category_id=${categoryId}`;
}

/** The register page with the account typed on the home hero (spec: /register?haccount=...). */
export function registerHref(account: string): string {
  const trimmed = account.trim();
  return trimmed === '' ? '/register' : `/register?haccount=${encodeURIComponent(trimmed)}`;
}

/** A positive integer id from a query parameter, or null ("", "abc", "-1", "1.5" are not ids). */
/**
 * A moment in an address (?at=, milliseconds on the market's clock): digits only, 10 to 15 of them
 * (2001 to 33658 AD), else null. A proof link must point at a real time, not at whatever a stray
 * value parses to.
 */
export function parseMomentParam(value: string | null): number | null {
  if (value === null || !/^\d{10,15}$/.test(value.trim())) return null;
  return Number(value.trim());
}

/**
 * A price in an address (?price=, the trade a proof link marks): a plain positive decimal of at
 * most 8 places, as the contract sends prices, else null (never a guess at what a stray value meant).
 */
export function parsePriceParam(value: string | null): string | null {
  if (value === null) return null;
  const text = value.trim();
  return /^\d{1,12}(\.\d{1,8})?$/.test(text) && /[1-9]/.test(text) ? text : null;
}

export function parseIdParam(value: string | null): number | null {
  if (value === null || !/^\d{1,9}$/.test(value.trim())) return null;
  const id = Number(value.trim());
  return id > 0 ? id : null;
}
