import { matchesSearch } from '../market-sort.ts';

/**
 * The spot screen's pair list (spec §2): pairs grouped by quote currency, only those open for spot
 * trading (open_change = 1), a search box and a favourites tab; and which pair the screen opens on.
 */
export interface ListedPair {
  readonly id: number;
  readonly symbol: string;
  readonly quote: string;
  readonly openChange: boolean;
}

/** The tab of starred pairs, beside the quote-currency tabs. */
export const FAVOURITES_TAB = '*';

/**
 * The pairs a tab shows: tradable ones of the quote currency (or the starred ones on the favourites
 * tab), that match the search, in the server's order.
 */
export function listedPairs<T extends ListedPair>(
  rows: readonly T[],
  tab: string,
  query: string,
  favourites: ReadonlySet<number>,
): T[] {
  return rows.filter(
    (row) =>
      row.openChange &&
      (tab === FAVOURITES_TAB ? favourites.has(row.id) : row.quote === tab) &&
      matchesSearch(row, query),
  );
}

/** Stars or unstars a pair (a new set). */
export function toggleFavourite(favourites: ReadonlySet<number>, id: number): Set<number> {
  const next = new Set(favourites);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** Favourites as stored ("1,5,64") and back; junk is dropped. */
export function parseFavourites(stored: string | null | undefined): Set<number> {
  const ids = (stored ?? '')
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((id) => Number.isSafeInteger(id) && id > 0);
  return new Set(ids);
}

export function serializeFavourites(favourites: ReadonlySet<number>): string {
  return [...favourites].sort((a, b) => a - b).join(',');
}

export interface PairRequest {
  /** ?symbol=BTC/USDT */
  readonly symbol: string | null;
  /** ?id=<currency_match_id> */
  readonly id: number | null;
  /** The last pair chosen here (localStorage spotPair). */
  readonly stored: string | null;
}

/**
 * The pair the screen shows: the query's symbol, else the query's id, else the remembered pair,
 * else the first tradable one. Only tradable pairs qualify; null while there are none.
 */
export function choosePair<T extends ListedPair>(rows: readonly T[], request: PairRequest): T | null {
  const tradable = rows.filter((row) => row.openChange);
  const bySymbol = (symbol: string | null) =>
    symbol === null
      ? undefined
      : tradable.find((row) => row.symbol.toUpperCase() === symbol.trim().toUpperCase());
  return (
    bySymbol(request.symbol) ??
    (request.id === null ? undefined : tradable.find((row) => row.id === request.id)) ??
    bySymbol(request.stored) ??
    tradable[0] ??
    null
  );
}
