import { compareDecimal } from './format.ts';
import { scaledToPlainText, toScaled } from './money.ts';

/**
 * Sorting and searching the market tables (spec §2 "All markets": sortable by pair, latest price,
 * change, high, low and 24H volume). Numbers are compared exactly, as decimal strings.
 */

export type SortKey = 'pair' | 'price' | 'change' | 'high' | 'low' | 'volume';
export type SortDirection = 'asc' | 'desc';

export interface SortState {
  readonly key: SortKey;
  readonly direction: SortDirection;
}

export const SORT_KEYS: readonly SortKey[] = ['pair', 'price', 'change', 'high', 'low', 'volume'];

/** The fields a sortable row must carry: the symbol and its 24 h quote. */
export interface SortableRow {
  readonly symbol: string;
  readonly close: string;
  readonly change: string;
  readonly high: string;
  readonly low: string;
  /** 24 h volume in the base currency. */
  readonly volume: string;
  /** 24 h volume in the quote currency, when the server says ('' when it does not). */
  readonly quoteVolume: string;
}

/** Places the quote volume estimate keeps: far finer than any volume column shows. */
const ESTIMATE_PLACES = 8;

/**
 * A row's 24 h volume in its quote currency: the server's figure, or, from a server that sends
 * only base volume, base volume x last price. Base volumes cannot be compared across pairs (a
 * million DOGE is not a million BTC); quote volumes can, within one quote currency.
 */
export function quoteVolumeOf(row: SortableRow): string {
  if (row.quoteVolume !== '') return row.quoteVolume;
  const volume = toScaled(row.volume, ESTIMATE_PLACES);
  const price = toScaled(row.close, ESTIMATE_PLACES);
  if (volume === null || price === null) return '0';
  return scaledToPlainText((volume * price) / 10n ** BigInt(ESTIMATE_PLACES), ESTIMATE_PLACES);
}

function compareSymbols(a: string, b: string): number {
  const x = a.toUpperCase();
  const y = b.toUpperCase();
  if (x !== y) return x < y ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Ascending comparison of two rows on one column. */
export function compareBy(key: SortKey, a: SortableRow, b: SortableRow): number {
  switch (key) {
    case 'pair':
      return compareSymbols(a.symbol, b.symbol);
    case 'price':
      return compareDecimal(a.close, b.close);
    case 'change':
      return compareDecimal(a.change, b.change);
    case 'high':
      return compareDecimal(a.high, b.high);
    case 'low':
      return compareDecimal(a.low, b.low);
    case 'volume':
      return compareDecimal(quoteVolumeOf(a), quoteVolumeOf(b));
  }
}

/**
 * The rows in the order of `sort` (a new array). Equal values keep a fixed order, by symbol A-Z,
 * so a live update that makes two rows equal does not make them swap back and forth. With no
 * sort the rows keep the server's order.
 */
export function sortRows<T extends SortableRow>(rows: readonly T[], sort: SortState | null): T[] {
  if (sort === null) return [...rows];
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => sign * compareBy(sort.key, a, b) || compareSymbols(a.symbol, b.symbol));
}

/** The direction a column starts in when first clicked: names A-Z, numbers largest first. */
export function firstDirection(key: SortKey): SortDirection {
  return key === 'pair' ? 'asc' : 'desc';
}

/** A click on a column header: the same column flips its direction, another column starts fresh. */
export function toggleSort(current: SortState | null, key: SortKey): SortState {
  if (current !== null && current.key === key) {
    return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  }
  return { key, direction: firstDirection(key) };
}

/** The WAI-ARIA `aria-sort` value of a column header. */
export function ariaSort(current: SortState | null, key: SortKey): 'ascending' | 'descending' | 'none' {
  if (current === null || current.key !== key) return 'none';
  return current.direction === 'asc' ? 'ascending' : 'descending';
}

/**
 * The longest search the markets search box takes: a pair's symbol is a dozen characters, so
 * anything longer matches nothing; capping it keeps the box and its echo a sensible size.
 */
export const SEARCH_MAX_LENGTH = 40;

/** Whether the search box shows its "n / max" counter: once the query nears the cap. */
export function showsSearchCounter(query: string): boolean {
  return query.length >= SEARCH_MAX_LENGTH - 10;
}

/** Reduces a symbol or a query to letters and digits, upper case: "btc/usdt" and "BTCUSDT" meet. */
function searchable(text: string): string {
  return text.toUpperCase().replace(/[^\p{L}\p{N}]/gu, '');
}

/**
 * Whether a row matches the search box: every word of the query must appear in the symbol,
 * ignoring case, spaces and the slash. An empty query matches everything.
 */
export function matchesSearch(row: Pick<SortableRow, 'symbol'>, query: string): boolean {
  const words = query
    .split(/[\s/]+/)
    .map(searchable)
    .filter((word) => word !== '');
  if (words.length === 0) return true;
  const symbol = searchable(row.symbol);
  return words.every((word) => symbol.includes(word));
}

/** The rows the search box lets through, in their order. */
export function filterRows<T extends SortableRow>(rows: readonly T[], query: string): T[] {
  return rows.filter((row) => matchesSearch(row, query));
}
